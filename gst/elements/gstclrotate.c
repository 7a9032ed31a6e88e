/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
/**
 * SECTION:element-clrotate
 * @title: clrotate
 *
 * Rotates video by any angle on an OpenCL device, with nearest, bilinear or
 * bicubic (Catmull-Rom) sampling. A positive #GstCLRotate:angle turns the
 * picture counter-clockwise on screen. Pixels that come from outside the
 * source get #GstCLRotate:background, converted for each format (opaque
 * black by default; 0x00000000 gives transparency in formats with alpha).
 *
 * With #GstCLRotate:output-size=same the output has the input's size and
 * the corners are cut; with fit it is the bounding box of the rotated
 * frame, renegotiated when the angle changes. Exact quarter turns are
 * pixel-exact permutations whatever the method.
 *
 * The angle and the pivot are controllable and may change while playing.
 * Interlaced video is refused in negotiation: deinterlace it first.
 *
 * It implements #GstVideoDirection: #GstCLRotate:video-direction takes
 * the fixed directions of videoflip (identity, 90r, 180, 90l, horiz, vert,
 * ul-lr, ur-ll), which move pixels exactly as videoflip does, byte for
 * byte, swapping the width and the height where they turn by a quarter;
 * auto, which takes the direction from the stream's image-orientation tag;
 * and custom (the default), the turn by #GstCLRotate:angle. A fixed
 * direction ignores angle, center-x, center-y, method, output-size and
 * background.
 *
 * ## Example launch lines
 * |[
 * gst-launch-1.0 videotestsrc num-buffers=60 ! \
 *     clrotate angle=30 method=bicubic output-size=fit ! videoconvert ! \
 *     autovideosink
 * ]|
 * |[
 * gst-launch-1.0 videotestsrc num-buffers=1 ! clrotate video-direction=90r ! \
 *     videoconvert ! pngenc ! filesink location=r.png
 * ]|
 */
#include "gstclrotate.h"
#include "gstclelements.h"
#include "gstclorientation.h"
#include "gstclrotatekernels.h"

GST_DEBUG_CATEGORY_STATIC (gst_cl_rotate_debug);
#define GST_CAT_DEFAULT gst_cl_rotate_debug

#define DEFAULT_ANGLE 0.0
#define DEFAULT_CENTER 0.5
#define DEFAULT_METHOD GST_CL_ROTATE_METHOD_BILINEAR
#define DEFAULT_OUTPUT_SIZE GST_CL_ROTATE_OUTPUT_SAME
#define DEFAULT_BACKGROUND 0xff000000
#define DEFAULT_DIRECTION GST_VIDEO_ORIENTATION_CUSTOM

enum
{
  PROP_0,
  PROP_ANGLE,
  PROP_CENTER_X,
  PROP_CENTER_Y,
  PROP_METHOD,
  PROP_OUTPUT_SIZE,
  PROP_BACKGROUND,
  PROP_VIDEO_DIRECTION,
};

struct _GstCLRotate
{
  GstCLFilter parent;

  /* properties and the negotiated geometry, under the object lock;
   * params.direction is the direction resolved (auto: the tags') */
  GstCLRotateSettings params;
  GstCLRotateGeometry geometry;
  GstVideoOrientationMethod direction;  /* the video-direction property */

  /* the direction of the image-orientation tags, under the object lock */
  GstCLOrientationTags tags;

  /* streaming: the properties the frames are rotated with (the
   * snapshot), the planes, and their kernels, made on first use */
  GstCLRotateSettings frame;
  GstCLRotateFrames frames;
  GstCLRotateKernels kernels;
};

/* video-direction is the element's own property (its default is custom,
 * the interface's identity): the interface needs nothing more. */
static void
gst_cl_rotate_video_direction_init (GstVideoDirectionInterface * iface)
{
}

#define gst_cl_rotate_parent_class parent_class
G_DEFINE_TYPE_WITH_CODE (GstCLRotate, gst_cl_rotate, GST_TYPE_CL_FILTER,
    G_IMPLEMENT_INTERFACE (GST_TYPE_VIDEO_DIRECTION,
        gst_cl_rotate_video_direction_init));
GST_ELEMENT_REGISTER_DEFINE (clrotate, "clrotate", GST_RANK_NONE,
    GST_TYPE_CL_ROTATE);

#define GST_TYPE_CL_ROTATE_METHOD (gst_cl_rotate_method_get_type ())
static GType
gst_cl_rotate_method_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CL_ROTATE_METHOD_NEAREST, "Nearest neighbour", "nearest"},
    {GST_CL_ROTATE_METHOD_BILINEAR, "Bilinear", "bilinear"},
    {GST_CL_ROTATE_METHOD_BICUBIC, "Bicubic (Catmull-Rom)", "bicubic"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type,
        g_enum_register_static ("GstCLRotateMethod", values));
  return type;
}

#define GST_TYPE_CL_ROTATE_OUTPUT_SIZE (gst_cl_rotate_output_size_get_type ())
static GType
gst_cl_rotate_output_size_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CL_ROTATE_OUTPUT_SAME, "The input's size (corners cut)", "same"},
    {GST_CL_ROTATE_OUTPUT_FIT, "The rotated frame's bounding box", "fit"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type,
        g_enum_register_static ("GstCLRotateOutputSize", values));
  return type;
}

static void
clear_kernels (GstCLRotate * self)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));

  gst_cl_rotate_kernels_clear (context, &self->kernels);
  self->frames.n_planes = 0;
}

static void
gst_cl_rotate_close (GstCLFilter * filter)
{
  GstCLRotate *self = GST_CL_ROTATE (filter);

  clear_kernels (self);
  gst_cl_clear_sampler (gst_cl_filter_get_context (filter),
      &self->kernels.bicubic_sampler);
}

static gboolean
gst_cl_rotate_filter_prefers_buffers (GstCLFilter * filter,
    const GstVideoInfo * in, const GstVideoInfo * out)
{
  return gst_cl_rotate_prefers_buffers (gst_cl_filter_get_device (filter));
}

static gboolean
gst_cl_rotate_set_info (GstCLFilter * filter, const GstCLFrame * in,
    const GstCLFrame * out, GError ** error)
{
  GstCLRotate *self = GST_CL_ROTATE (filter);

  clear_kernels (self);
  self->frames.storage = gst_cl_filter_get_storage (filter);
  self->frames.vectors = gst_cl_filter_wants_vectors (filter);
  self->frames.n_planes = out->n_planes;
  for (guint p = 0; p < out->n_planes; p++) {
    GstCLRotatePlaneGeometry *plane = &self->frames.planes[p];

    plane->width = out->planes[p].width;
    plane->height = out->planes[p].height;
    plane->channels = out->planes[p].channels;
    plane->w_sub = in->planes[p].w_sub;
    plane->h_sub = in->planes[p].h_sub;
    plane->in_width = in->planes[p].width;
    plane->in_height = in->planes[p].height;
  }

  GST_OBJECT_LOCK (self);
  self->geometry.in_width = in->info.width;
  self->geometry.in_height = in->info.height;
  self->geometry.in_par_n = in->info.par_n;
  self->geometry.in_par_d = in->info.par_d;
  self->geometry.out_width = out->info.width;
  self->geometry.out_height = out->info.height;
  self->geometry.out_par_n = out->info.par_n;
  self->geometry.out_par_d = out->info.par_d;
  GST_OBJECT_UNLOCK (self);
  return TRUE;
}

/* Whether the direction, output-size and the angle of @p give another
 * output size than the negotiated one. */
static gboolean
output_size_changes (const GstCLRotateSettings * p,
    const GstCLRotateGeometry * g)
{
  gint w, h, par_n, par_d;

  if (g->in_width == 0)
    return FALSE;
  gst_cl_rotate_output_size (p, g->in_width, g->in_height, g->in_par_n,
      g->in_par_d, &w, &h, &par_n, &par_d);
  return w != g->out_width || h != g->out_height
      || gst_util_fraction_compare (par_n, par_d, g->out_par_n,
      g->out_par_d) != 0;
}

/* When the direction, the angle or output-size moved the output size,
 * this frame renegotiates first (GstBaseTransform checks for it after
 * before_transform). */
static gboolean
gst_cl_rotate_snapshot (GstCLFilter * filter)
{
  GstCLRotate *self = GST_CL_ROTATE (filter);
  gboolean moved, identity, resize;

  GST_OBJECT_LOCK (self);
  moved = self->frame.angle != self->params.angle
      || self->frame.output_size != self->params.output_size
      || self->frame.direction != self->params.direction;
  self->frame = self->params;
  identity = gst_cl_rotate_is_identity (&self->frame, &self->geometry);
  resize = moved && output_size_changes (&self->frame, &self->geometry);
  GST_OBJECT_UNLOCK (self);

  if (resize) {
    GST_DEBUG_OBJECT (self, "output size changes: renegotiating");
    gst_base_transform_reconfigure_src (GST_BASE_TRANSFORM (self));
  }
  return identity;
}

static gboolean
gst_cl_rotate_process (GstCLFilter * filter, GstCLFrame * in,
    GstCLFrame * out, GError ** error)
{
  GstCLRotate *self = GST_CL_ROTATE (filter);
  GstCLRotatePlan plan;

  /* The geometry changes only in this thread. */
  gst_cl_rotate_plan (gst_cl_filter_get_device (filter),
      &self->geometry, &self->frames, &self->frame, &plan);
  for (guint p = 0; p < plan.n_planes; p++)
    if (!gst_cl_rotate_kernels_run_plane (filter, &self->kernels,
            &plan.planes[p], p, in, out, self->frame.background, error))
      return FALSE;
  return TRUE;
}

static GstCaps *
gst_cl_rotate_transform_caps (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps, GstCaps * filter)
{
  GstCLRotate *self = GST_CL_ROTATE (trans);
  GstCLRotateSettings params;
  GstCaps *ret;

  GST_OBJECT_LOCK (self);
  params = self->params;
  GST_OBJECT_UNLOCK (self);

  /* A fixed direction keeps the size, or swaps it both ways. */
  if (gst_cl_rotate_direction_is_fixed (params.direction)
      && gst_cl_rotate_direction_transposes (params.direction))
    return gst_cl_filter_restrict_caps (GST_CL_FILTER (self), caps,
        gst_cl_orientation_transposed_caps (caps), filter);
  if (gst_cl_rotate_direction_is_fixed (params.direction)
      || params.output_size == GST_CL_ROTATE_OUTPUT_SAME)
    return GST_BASE_TRANSFORM_CLASS (parent_class)->transform_caps (trans,
        direction, caps, filter);

  /* fit: a fixed input size gives one output size; any other way round,
   * any size. Odd quarter turns swap the pixel aspect ratio. */
  ret = gst_caps_new_empty ();
  for (guint i = 0; i < gst_caps_get_size (caps); i++) {
    GstStructure *s = gst_structure_copy (gst_caps_get_structure (caps, i));
    gint w, h, par_n, par_d;
    gboolean has_par = gst_cl_structure_get_par (s, &par_n, &par_d);

    if (direction == GST_PAD_SINK && gst_structure_get_int (s, "width", &w)
        && gst_structure_get_int (s, "height", &h)) {
      gst_cl_rotate_fit_size (params.angle, w, h, par_n, par_d, &w, &h,
          &par_n, &par_d);
      gst_structure_set (s, "width", G_TYPE_INT, w, "height", G_TYPE_INT, h,
          NULL);
    } else {
      gst_cl_rotate_fit_size (params.angle, 1, 1, par_n, par_d, &w, &h,
          &par_n, &par_d);
      gst_structure_set (s, "width", GST_TYPE_INT_RANGE, 1, G_MAXINT,
          "height", GST_TYPE_INT_RANGE, 1, G_MAXINT, NULL);
    }
    if (has_par)
      gst_structure_set (s, "pixel-aspect-ratio", GST_TYPE_FRACTION, par_n,
          par_d, NULL);
    gst_caps_append_structure_full (ret, s,
        gst_caps_features_copy (gst_caps_get_features (caps, i)));
  }
  return gst_cl_filter_restrict_caps (GST_CL_FILTER (self), caps, ret, filter);
}

/* A region of interest moves to the box around it turned (exact at
 * quarter turns), or goes where none of it stays in the frame. Other metas
 * about geometry (tags size, orientation) have no transform for a turn and
 * are dropped: their rectangles would be wrong on the turned frame. The
 * rest go GstCLBaseTransform's way. */
static gboolean
gst_cl_rotate_transform_meta (GstBaseTransform * trans, GstBuffer * outbuf,
    GstMeta * meta, GstBuffer * inbuf)
{
  GstCLRotate *self = GST_CL_ROTATE (trans);
  GType api = meta->info->api;
  GstVideoRegionOfInterestMeta *roi;
  GstVideoRectangle in, out;
  gboolean inside;

  if (!gst_cl_meta_is_geometry (meta))
    return GST_BASE_TRANSFORM_CLASS (parent_class)->transform_meta (trans,
        outbuf, meta, inbuf);
  if (!gst_meta_api_type_has_tag (api,
          g_quark_from_static_string (GST_META_TAG_VIDEO_SIZE_STR))
      && !gst_meta_api_type_has_tag (api,
          g_quark_from_static_string (GST_META_TAG_VIDEO_ORIENTATION_STR)))
    return TRUE;
  if (api != GST_VIDEO_REGION_OF_INTEREST_META_API_TYPE) {
    GST_DEBUG_OBJECT (self, "dropping %s: it cannot be turned",
        g_type_name (api));
    return FALSE;
  }

  roi = (GstVideoRegionOfInterestMeta *) meta;
  in.x = roi->x;
  in.y = roi->y;
  in.w = roi->w;
  in.h = roi->h;
  GST_OBJECT_LOCK (self);
  inside = gst_cl_rotate_turned_box (&self->params, &self->geometry, &in, &out);
  GST_OBJECT_UNLOCK (self);
  if (inside)
    gst_cl_buffer_add_roi_meta (outbuf, roi, &out);
  else
    GST_DEBUG_OBJECT (self, "region of interest %d turned out of the frame",
        roi->id);
  return FALSE;
}

/* @caps less its interlaced structures (interlace-mode other than
 * progressive, or the format:Interlaced feature). */
static GstCaps *
progressive_caps (GstCaps * caps)
{
  GstCaps *ret = gst_caps_new_empty ();
  GValue progressive = G_VALUE_INIT;

  g_value_init (&progressive, G_TYPE_STRING);
  g_value_set_static_string (&progressive, "progressive");
  for (guint i = 0; i < gst_caps_get_size (caps); i++) {
    GstStructure *s = gst_caps_get_structure (caps, i);
    GstCapsFeatures *f = gst_caps_get_features (caps, i);
    const GValue *mode = gst_structure_get_value (s, "interlace-mode");

    if ((f && gst_caps_features_contains (f,
                GST_CAPS_FEATURE_FORMAT_INTERLACED))
        || (mode && !gst_value_intersect (NULL, mode, &progressive)))
      continue;
    s = gst_structure_copy (s);
    if (mode)
      gst_structure_set_value (s, "interlace-mode", &progressive);
    gst_caps_append_structure_full (ret, s,
        f ? gst_caps_features_copy (f) : NULL);
  }
  g_value_unset (&progressive);
  return ret;
}

/* Interlaced caps only: a field turned on its own is not a picture, and a
 * whole frame would mix its fields. */
static gchar *
gst_cl_rotate_refuse_caps (GstCLFilter * filter, GstCaps * caps)
{
  GstCaps *progressive = progressive_caps (caps);
  gboolean interlaced = gst_caps_is_empty (progressive);

  gst_caps_unref (progressive);
  if (!interlaced)
    return NULL;
  return g_strdup ("Cannot rotate interlaced video: deinterlace it first "
      "(e.g. deinterlace ! clrotate)");
}

/* Only progressive video is rotated: interlaced caps transform to
 * nothing (and gst_cl_rotate_refuse_caps says why where negotiation fails
 * for them). */
static GstCaps *
gst_cl_rotate_transform_progressive_caps (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps, GstCaps * filter)
{
  GstCaps *progressive, *ret;

  if (gst_caps_is_any (caps))
    return gst_cl_rotate_transform_caps (trans, direction, caps, filter);
  progressive = progressive_caps (caps);
  if (gst_caps_is_empty (progressive) && !gst_caps_is_empty (caps))
    GST_INFO_OBJECT (trans, "cannot rotate interlaced %" GST_PTR_FORMAT, caps);
  ret = gst_cl_rotate_transform_caps (trans, direction, progressive, filter);
  gst_caps_unref (progressive);
  return ret;
}

/* Pointer positions on the output are reported in the input's pixels, as
 * videoflip does for its turns (for a fixed direction, the very point
 * videoflip gives). */
static gboolean
gst_cl_rotate_src_event (GstBaseTransform * trans, GstEvent * event)
{
  GstCLRotate *self = GST_CL_ROTATE (trans);
  gdouble x, y, sx, sy;

  if (GST_EVENT_TYPE (event) == GST_EVENT_NAVIGATION
      && gst_navigation_event_get_coordinates (event, &x, &y)) {
    GST_OBJECT_LOCK (self);
    gst_cl_rotate_map_to_source (&self->params, &self->geometry, x, y, &sx,
        &sy);
    GST_OBJECT_UNLOCK (self);
    event = gst_event_make_writable (event);
    gst_navigation_event_set_coordinates (event, sx, sy);
  }
  return GST_BASE_TRANSFORM_CLASS (parent_class)->src_event (trans, event);
}

/* Under the object lock: the direction frames take, from the property
 * and, for auto, the tags. */
static void
resolve_direction (GstCLRotate * self)
{
  self->params.direction = self->direction == GST_VIDEO_ORIENTATION_AUTO ?
      self->tags.direction : self->direction;
}

/* The stream's orientation from @event's tags (see
 * gst_cl_orientation_tags_take()). With video-direction=auto the tag goes
 * on as rotate-0, the frames being turned upright. Returns the event to
 * pass on. */
static GstEvent *
take_tags (GstCLRotate * self, GstEvent * event)
{
  GstTagList *list;
  gboolean found, rewrite;

  gst_event_parse_tag (event, &list);
  GST_OBJECT_LOCK (self);
  found = gst_cl_orientation_tags_take (&self->tags, list);
  resolve_direction (self);
  rewrite = found && self->direction == GST_VIDEO_ORIENTATION_AUTO;
  GST_DEBUG_OBJECT (self, "%s tags, orientation %s: direction %d",
      gst_tag_list_get_scope (list) == GST_TAG_SCOPE_STREAM ? "stream" :
      "global", found ? "found" : "absent", self->params.direction);
  GST_OBJECT_UNLOCK (self);
  return rewrite ? gst_cl_orientation_upright_tag (event) : event;
}

/* A new stream (another stream id) starts with no orientation from tags. */
static void
take_stream_start (GstCLRotate * self, GstEvent * event)
{
  const gchar *stream_id;

  gst_event_parse_stream_start (event, &stream_id);
  GST_OBJECT_LOCK (self);
  if (gst_cl_orientation_tags_start_stream (&self->tags, stream_id)) {
    GST_DEBUG_OBJECT (self, "new stream: no orientation from tags");
    resolve_direction (self);
  }
  GST_OBJECT_UNLOCK (self);
}

/* The frames take a direction from the tags at the next frame
 * (snapshot), which renegotiates where the size changes. */
static gboolean
gst_cl_rotate_sink_event (GstBaseTransform * trans, GstEvent * event)
{
  GstCLRotate *self = GST_CL_ROTATE (trans);

  switch (GST_EVENT_TYPE (event)) {
    case GST_EVENT_TAG:
      event = take_tags (self, event);
      break;
    case GST_EVENT_STREAM_START:
      take_stream_start (self, event);
      break;
    default:
      break;
  }
  return GST_BASE_TRANSFORM_CLASS (parent_class)->sink_event (trans, event);
}

static GstStateChangeReturn
gst_cl_rotate_change_state (GstElement * element, GstStateChange transition)
{
  GstCLRotate *self = GST_CL_ROTATE (element);
  GstStateChangeReturn ret =
      GST_ELEMENT_CLASS (parent_class)->change_state (element, transition);

  if (transition == GST_STATE_CHANGE_PAUSED_TO_READY) {
    GST_OBJECT_LOCK (self);
    gst_cl_orientation_tags_forget_stream (&self->tags);
    GST_OBJECT_UNLOCK (self);
  }
  return ret;
}

static void
gst_cl_rotate_finalize (GObject * object)
{
  gst_cl_orientation_tags_clear (&GST_CL_ROTATE (object)->tags);
  G_OBJECT_CLASS (parent_class)->finalize (object);
}

static void
gst_cl_rotate_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstCLRotate *self = GST_CL_ROTATE (object);

  /* Recorded only: the streaming thread takes them (snapshot). */
  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_ANGLE:
      self->params.angle = g_value_get_double (value);
      break;
    case PROP_CENTER_X:
      self->params.center_x = g_value_get_double (value);
      break;
    case PROP_CENTER_Y:
      self->params.center_y = g_value_get_double (value);
      break;
    case PROP_METHOD:
      self->params.method = g_value_get_enum (value);
      break;
    case PROP_OUTPUT_SIZE:
      self->params.output_size = g_value_get_enum (value);
      break;
    case PROP_BACKGROUND:
      self->params.background = g_value_get_uint (value);
      break;
    case PROP_VIDEO_DIRECTION:
      self->direction = g_value_get_enum (value);
      resolve_direction (self);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (self);
}

static void
gst_cl_rotate_get_property (GObject * object, guint prop_id, GValue * value,
    GParamSpec * pspec)
{
  GstCLRotate *self = GST_CL_ROTATE (object);

  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_ANGLE:
      g_value_set_double (value, self->params.angle);
      break;
    case PROP_CENTER_X:
      g_value_set_double (value, self->params.center_x);
      break;
    case PROP_CENTER_Y:
      g_value_set_double (value, self->params.center_y);
      break;
    case PROP_METHOD:
      g_value_set_enum (value, self->params.method);
      break;
    case PROP_OUTPUT_SIZE:
      g_value_set_enum (value, self->params.output_size);
      break;
    case PROP_BACKGROUND:
      g_value_set_uint (value, self->params.background);
      break;
    case PROP_VIDEO_DIRECTION:
      g_value_set_enum (value, self->direction);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (self);
}

static void
gst_cl_rotate_init (GstCLRotate * self)
{
  self->params.angle = DEFAULT_ANGLE;
  self->params.center_x = DEFAULT_CENTER;
  self->params.center_y = DEFAULT_CENTER;
  self->params.method = DEFAULT_METHOD;
  self->params.output_size = DEFAULT_OUTPUT_SIZE;
  self->params.background = DEFAULT_BACKGROUND;
  self->direction = DEFAULT_DIRECTION;
  gst_cl_orientation_tags_init (&self->tags);
  resolve_direction (self);
  self->frame = self->params;
}

static void
gst_cl_rotate_class_init (GstCLRotateClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);
  GstCLFilterClass *cl_class = GST_CL_FILTER_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | GST_PARAM_MUTABLE_PLAYING |
      G_PARAM_STATIC_STRINGS;

  GST_DEBUG_CATEGORY_INIT (gst_cl_rotate_debug, "clrotate", 0,
      "OpenCL rotation");

  gobject_class->set_property = gst_cl_rotate_set_property;
  gobject_class->get_property = gst_cl_rotate_get_property;
  gobject_class->finalize = gst_cl_rotate_finalize;

  /**
   * GstCLRotate:angle:
   *
   * The rotation in degrees; positive turns the picture counter-clockwise
   * on screen. Controllable; with output-size=fit a change renegotiates.
   * Used with video-direction=custom only (the default); setting it leaves
   * video-direction as it is.
   */
  g_object_class_install_property (gobject_class, PROP_ANGLE,
      g_param_spec_double ("angle", "Angle",
          "Rotation in degrees; positive turns the picture counter-clockwise",
          -G_MAXDOUBLE, G_MAXDOUBLE, DEFAULT_ANGLE,
          flags | GST_PARAM_CONTROLLABLE));
  /**
   * GstCLRotate:center-x:
   *
   * The pivot's x, as a fraction of the width (output-size=same only: fit
   * turns about the centre). Controllable. Used with
   * video-direction=custom only.
   */
  g_object_class_install_property (gobject_class, PROP_CENTER_X,
      g_param_spec_double ("center-x", "Center X",
          "Pivot, as a fraction of the width (output-size=same)", 0.0, 1.0,
          DEFAULT_CENTER, flags | GST_PARAM_CONTROLLABLE));
  /**
   * GstCLRotate:center-y:
   *
   * The pivot's y, as a fraction of the height (output-size=same only).
   * Controllable. Used with video-direction=custom only.
   */
  g_object_class_install_property (gobject_class, PROP_CENTER_Y,
      g_param_spec_double ("center-y", "Center Y",
          "Pivot, as a fraction of the height (output-size=same)", 0.0, 1.0,
          DEFAULT_CENTER, flags | GST_PARAM_CONTROLLABLE));
  /**
   * GstCLRotate:method:
   *
   * How source pixels are sampled: nearest, bilinear or bicubic
   * (Catmull-Rom). Exact quarter turns are permutations whatever it is.
   * Used with video-direction=custom only: the fixed directions never
   * sample.
   */
  g_object_class_install_property (gobject_class, PROP_METHOD,
      g_param_spec_enum ("method", "Method", "Sampling method",
          GST_TYPE_CL_ROTATE_METHOD, DEFAULT_METHOD, flags));
  /**
   * GstCLRotate:output-size:
   *
   * same: the input's size, the corners cut; fit: the bounding box of the
   * rotated frame, renegotiated when the angle changes. Used with
   * video-direction=custom only: a fixed direction gives the input's size,
   * or its width and height swapped.
   */
  g_object_class_install_property (gobject_class, PROP_OUTPUT_SIZE,
      g_param_spec_enum ("output-size", "Output size",
          "The input's size (corners cut) or the rotated frame's bounding "
          "box (renegotiates when the angle changes)",
          GST_TYPE_CL_ROTATE_OUTPUT_SIZE, DEFAULT_OUTPUT_SIZE, flags));
  /**
   * GstCLRotate:background:
   *
   * The colour, 0xAARRGGBB, of output pixels that come from outside the
   * source, converted for each format. Controllable. Used with
   * video-direction=custom only: a fixed direction leaves no pixel
   * without a source.
   */
  g_object_class_install_property (gobject_class, PROP_BACKGROUND,
      g_param_spec_uint ("background", "Background",
          "Colour (0xAARRGGBB) of pixels from outside the source", 0,
          G_MAXUINT32, DEFAULT_BACKGROUND, flags | GST_PARAM_CONTROLLABLE));
  /**
   * GstCLRotate:video-direction:
   *
   * The #GstVideoDirection property. identity, 90r (clockwise), 180, 90l
   * (counter-clockwise), horiz, vert, ul-lr (across the upper-left to
   * lower-right diagonal) and ur-ll (across the other) move pixels as
   * videoflip's video-direction does, byte for byte in every format
   * (4:2:0 chroma planes move on their own grid, as videoflip's do), with
   * the width and the height swapped (and the pixel aspect ratio
   * inverted) for 90r, 90l, ul-lr and ur-ll; they ignore angle, center-x,
   * center-y, method, output-size and background. auto takes one of them
   * from the stream's image-orientation tag (identity where there is
   * none; a stream tag outranks global ones; a new stream starts again
   * from none) and passes the tag on as rotate-0. custom (the default)
   * rotates by angle with the other properties, as before the property
   * existed; setting angle does not change video-direction. May change
   * while playing: a change of the output size renegotiates.
   */
  g_object_class_install_property (gobject_class, PROP_VIDEO_DIRECTION,
      g_param_spec_enum ("video-direction", "Video direction",
          "Fixed turn or flip, exact as videoflip's (ignores angle, method, "
          "output-size, background and the pivot); auto from the "
          "image-orientation tag; custom: rotate by angle",
          GST_TYPE_VIDEO_ORIENTATION_METHOD, DEFAULT_DIRECTION,
          flags | GST_PARAM_CONTROLLABLE));

  gst_element_class_set_static_metadata (element_class,
      "OpenCL rotation", "Filter/Effect/Video/Hardware",
      "Rotates video by any angle on an OpenCL device",
      "gst-opencl developers");

  element_class->change_state = gst_cl_rotate_change_state;

  trans_class->transform_caps = gst_cl_rotate_transform_progressive_caps;
  trans_class->src_event = gst_cl_rotate_src_event;
  trans_class->sink_event = gst_cl_rotate_sink_event;
  trans_class->transform_meta = gst_cl_rotate_transform_meta;

  cl_class->close = gst_cl_rotate_close;
  cl_class->set_info = gst_cl_rotate_set_info;
  cl_class->snapshot = gst_cl_rotate_snapshot;
  cl_class->process = gst_cl_rotate_process;
  cl_class->refuse_caps = gst_cl_rotate_refuse_caps;
  cl_class->prefers_buffers = gst_cl_rotate_filter_prefers_buffers;

  gst_type_mark_as_plugin_api (GST_TYPE_CL_ROTATE_METHOD, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_CL_ROTATE_OUTPUT_SIZE, 0);
}
