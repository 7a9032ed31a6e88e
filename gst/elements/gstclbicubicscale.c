/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
/**
 * SECTION:element-clbicubicscale
 * @title: clbicubicscale
 *
 * Scales video on an OpenCL device with the two-parameter (B, C) family of
 * cubic filters of Mitchell and Netravali: Catmull-Rom (the default),
 * Mitchell-Netravali, the cubic B-spline, the "sharp" cubic of OpenCV and
 * Photoshop, or any B and C.
 *
 * Output pixel centres map to input pixel centres and edges are
 * replicated. When downscaling with #GstCLBicubicScale:antialias (the
 * default) the filter is widened by the scale factor, so fine detail does
 * not alias. On devices that advertise `cl_qcom_filter_bicubic` the native
 * bicubic sampler runs where it gives the same pixels (Catmull-Rom, no
 * widening); everywhere else an emulated kernel does.
 *
 * As videoscale does, the element keeps the display aspect ratio when it
 * fixes the output size, and letterboxes (#GstCLBicubicScale:add-borders)
 * when the output caps cannot keep it. Interlaced video is scaled field by
 * field.
 *
 * ## Example launch line
 * |[
 * gst-launch-1.0 videotestsrc num-buffers=30 ! \
 *     video/x-raw,width=320,height=240 ! clbicubicscale filter=mitchell ! \
 *     video/x-raw,width=1280,height=960 ! videoconvert ! autovideosink
 * ]|
 */
#include "gstclbicubicscale.h"
#include "gstclbicubicscalekernels.h"
#include "gstclcubicproperties.h"
#include "gstclelements.h"
#include "gstclkernels.h"
#include "gstclscalecaps.h"

GST_DEBUG_CATEGORY_STATIC (gst_cl_bicubic_scale_debug);
#define GST_CAT_DEFAULT gst_cl_bicubic_scale_debug

#define DEFAULT_MODE GST_CL_BICUBIC_SCALE_MODE_AUTO

enum
{
  PROP_0,
  PROP_CUBIC,                   /* b, c, filter, antialias, add-borders */
  PROP_MODE = PROP_CUBIC + GST_CL_CUBIC_N_PROPS,
  PROP_ACTIVE_MODE,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

struct _GstCLBicubicScale
{
  GstCLFilter parent;

  /* properties, under the object lock */
  GstCLCubicProperties cubic;
  GstCLBicubicScaleMode mode;
  GstCLBicubicScaleMode active_mode;

  /* streaming: the snapshot the frames are scaled with */
  GstCLBicubicScaleSettings frame;
  gboolean frame_borders;
  gboolean identity;            /* same caps in and out: passthrough */
  gboolean borders;             /* add-borders of the planes' rects */
  GstCLBicubicScaleSettings applied;    /* what the tables were built for */
  gboolean tables_valid;
  GstCLBicubicScalePlan plan;
  guint n_planes;
  GstCLBicubicScalePlane planes[GST_VIDEO_MAX_PLANES];
  cl_sampler bicubic_sampler;

  /* for navigation events, under the object lock: the picture on whole
   * output frames, and the input frames' size (fields are scaled one by
   * one, planes[].rect is then in a field's rows) */
  GstVideoRectangle shown;
  gint source_width, source_height;
};

#define gst_cl_bicubic_scale_parent_class parent_class
G_DEFINE_TYPE (GstCLBicubicScale, gst_cl_bicubic_scale, GST_TYPE_CL_FILTER);
GST_ELEMENT_REGISTER_DEFINE (clbicubicscale, "clbicubicscale", GST_RANK_NONE,
    GST_TYPE_CL_BICUBIC_SCALE);

#define GST_TYPE_CL_BICUBIC_SCALE_MODE (gst_cl_bicubic_scale_mode_get_type ())
static GType
gst_cl_bicubic_scale_mode_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CL_BICUBIC_SCALE_MODE_AUTO,
        "Native sampler where it gives the same pixels, else emulated", "auto"},
    {GST_CL_BICUBIC_SCALE_MODE_NATIVE,
        "cl_qcom_filter_bicubic sampler (fails where unavailable)", "native"},
    {GST_CL_BICUBIC_SCALE_MODE_EMULATED, "Emulated kernel", "emulated"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type,
        g_enum_register_static ("GstCLBicubicScaleMode", values));
  return type;
}

static gboolean
gst_cl_bicubic_scale_filter_prefers_buffers (GstCLFilter * filter,
    const GstVideoInfo * in, const GstVideoInfo * out)
{
  GstCLContext *context = gst_cl_filter_get_context (filter);

  return
      gst_cl_bicubic_scale_prefers_buffers (gst_cl_context_get_device (context),
      GST_VIDEO_INFO_FORMAT (in), GST_VIDEO_INFO_WIDTH (in),
      GST_VIDEO_INFO_HEIGHT (in), GST_VIDEO_INFO_WIDTH (out),
      GST_VIDEO_INFO_HEIGHT (out));
}

static void
clear_tables (GstCLBicubicScale * self)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));

  for (guint p = 0; p < self->n_planes; p++)
    gst_cl_bicubic_scale_plane_clear_tables (context, &self->planes[p]);
  self->tables_valid = FALSE;
}

static void
clear_planes (GstCLBicubicScale * self)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));

  self->tables_valid = FALSE;
  for (guint p = 0; p < self->n_planes; p++)
    gst_cl_bicubic_scale_plane_clear (context, &self->planes[p]);
  GST_OBJECT_LOCK (self);
  self->n_planes = 0;
  GST_OBJECT_UNLOCK (self);
}

static const gchar *const scale_sources[] = {
  gst_cl_kernel_common, gst_cl_kernel_bicubicscale, NULL
};

static gboolean
gst_cl_bicubic_scale_open (GstCLFilter * filter, GError ** error)
{
  GstCLBicubicScale *self = GST_CL_BICUBIC_SCALE (filter);
  const GstCLDeviceInfo *device = gst_cl_filter_get_device (filter);
  GstCLBicubicScaleMode mode;

  GST_OBJECT_LOCK (self);
  mode = self->mode;
  GST_OBJECT_UNLOCK (self);

  if (mode == GST_CL_BICUBIC_SCALE_MODE_NATIVE && !device->has_qcom_bicubic) {
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_UNSUPPORTED,
        "mode=native needs the cl_qcom_filter_bicubic extension, which %s "
        "does not advertise; use mode=auto or mode=emulated",
        device->device_name);
    return FALSE;
  }
  return TRUE;
}

static void
gst_cl_bicubic_scale_close (GstCLFilter * filter)
{
  GstCLBicubicScale *self = GST_CL_BICUBIC_SCALE (filter);

  clear_planes (self);
  gst_cl_clear_sampler (gst_cl_filter_get_context (filter),
      &self->bicubic_sampler);
}

/* Each plane's picture rectangle for @add_borders. Navigation events read
 * them from another thread. */
static void
place_picture (GstCLBicubicScale * self, const GstCLFrame * in,
    const GstCLFrame * out, gboolean add_borders)
{
  GstVideoRectangle rect;
  /* rows of a whole frame per row of @in and @out */
  gint rows = gst_cl_filter_processes_fields (GST_CL_FILTER (self)) ? 2 : 1;

  gst_cl_scale_picture_rectangle (&in->info, &out->info, add_borders, &rect);
  GST_DEBUG_OBJECT (self, "%dx%d -> %dx%d, picture at %d,%d %dx%d",
      in->info.width, in->info.height, out->info.width, out->info.height,
      rect.x, rect.y, rect.w, rect.h);

  GST_OBJECT_LOCK (self);
  self->shown = rect;
  self->shown.y *= rows;
  self->shown.h *= rows;
  self->source_width = in->info.width;
  self->source_height = in->info.height * rows;
  self->n_planes = out->n_planes;
  for (guint p = 0; p < out->n_planes; p++) {
    const GstCLPlane *op = &out->planes[p];
    GstVideoRectangle *r = &self->planes[p].rect;

    r->x = GST_VIDEO_SUB_SCALE (op->w_sub, rect.x);
    r->y = GST_VIDEO_SUB_SCALE (op->h_sub, rect.y);
    r->w = GST_VIDEO_SUB_SCALE (op->w_sub, rect.x + rect.w) - r->x;
    r->h = GST_VIDEO_SUB_SCALE (op->h_sub, rect.y + rect.h) - r->y;
  }
  GST_OBJECT_UNLOCK (self);
  self->borders = add_borders;
}

/* The planner's view of @in's planes scaled into @out's, into the planes'
 * picture rectangles, with frames in @storage. */
static void
describe_geometry (GstCLBicubicScale * self, const GstCLFrame * in,
    const GstCLFrame * out, GstCLStorage storage,
    GstCLBicubicScaleGeometry * geometry)
{
  geometry->storage = storage;
  geometry->vectors = gst_cl_filter_wants_vectors (GST_CL_FILTER (self));
  geometry->n_planes = self->n_planes;
  for (guint p = 0; p < self->n_planes; p++) {
    GstCLBicubicScalePlaneGeometry *g = &geometry->planes[p];

    g->width = in->planes[p].width;
    g->height = in->planes[p].height;
    g->channels = in->planes[p].channels;
    g->depth = in->planes[p].depth;
    g->out_width = out->planes[p].width;
    g->out_height = out->planes[p].height;
    g->rect = self->planes[p].rect;
  }
}

/* The emulated kernels of @plan for @layout's plane: the two passes, and
 * the one pass where the plan has it; built again where their options
 * changed (an antialias change while playing, say). */
static gboolean
ensure_emulated_kernels (GstCLBicubicScale * self,
    GstCLBicubicScalePlane * plane, const GstCLPlane * layout,
    const GstCLBicubicScalePlanePlan * plan, GError ** error)
{
  GstCLFilter *filter = GST_CL_FILTER (self);
  GstCLContext *context = gst_cl_filter_get_context (filter);

  if (plane->options && g_str_equal (plane->options, plan->options))
    return TRUE;
  gst_cl_clear_kernel (context, &plane->rows);
  gst_cl_clear_kernel (context, &plane->columns);
  gst_cl_clear_kernel (context, &plane->one_pass_kernel);
  g_clear_pointer (&plane->options, g_free);
  plane->rows = gst_cl_filter_create_kernel (filter, "bicubicscale",
      scale_sources, layout, plan->options, plan->rows_kernel, error);
  plane->columns = plane->rows ? gst_cl_filter_create_kernel (filter,
      "bicubicscale", scale_sources, layout, plan->options,
      plan->columns_kernel, error) : NULL;
  if (plane->columns == NULL)
    return FALSE;
  if (plan->one_pass_kernel) {
    plane->one_pass_kernel = gst_cl_filter_create_kernel (filter,
        "bicubicscale", scale_sources, layout, plan->options,
        plan->one_pass_kernel, error);
    if (plane->one_pass_kernel == NULL)
      return FALSE;
  }
  plane->options = g_strdup (plan->options);
  return TRUE;
}

/* The native kernel and sampler, made only when the native path is first
 * chosen (never on devices without the extension). */
static gboolean
ensure_native (GstCLBicubicScale * self, GstCLFrame * in, GError ** error)
{
  GstCLFilter *filter = GST_CL_FILTER (self);

  if (self->bicubic_sampler == NULL) {
    self->bicubic_sampler = gst_cl_context_create_bicubic_sampler
        (gst_cl_filter_get_context (filter), error);
    if (self->bicubic_sampler == NULL)
      return FALSE;
  }
  for (guint p = 0; p < self->n_planes; p++) {
    GstCLBicubicScalePlane *plane = &self->planes[p];

    if (plane->native == NULL)
      plane->native = gst_cl_filter_create_kernel (filter, "bicubicscale",
          scale_sources, &in->planes[p], GST_CL_BICUBIC_SCALE_NATIVE_OPTIONS,
          GST_CL_BICUBIC_SCALE_NATIVE_KERNEL, error);
    if (plane->native == NULL)
      return FALSE;
  }
  return TRUE;
}

/* The settings the properties give now, and add-borders. */
static void
read_settings (GstCLBicubicScale * self, GstCLBicubicScaleSettings * settings,
    gboolean * add_borders)
{
  GST_OBJECT_LOCK (self);
  gst_cl_cubic_properties_get_cubic (&self->cubic, &settings->b, &settings->c,
      &settings->antialias);
  settings->mode = self->mode;
  *add_borders = self->cubic.add_borders;
  GST_OBJECT_UNLOCK (self);
}

static gboolean
gst_cl_bicubic_scale_set_info (GstCLFilter * filter, const GstCLFrame * in,
    const GstCLFrame * out, GError ** error)
{
  GstCLBicubicScale *self = GST_CL_BICUBIC_SCALE (filter);
  const GstCLDeviceInfo *device = gst_cl_filter_get_device (filter);
  GstCLBicubicScaleGeometry geometry;
  GstCLBicubicScaleSettings params;
  gboolean add_borders;

  clear_planes (self);
  self->identity = gst_video_info_is_equal (&in->info, &out->info);
  if (self->identity) {
    GST_DEBUG_OBJECT (self, "same caps in and out: passthrough");
    return TRUE;
  }

  read_settings (self, &params, &add_borders);
  place_picture (self, in, out, add_borders);
  describe_geometry (self, in, out, gst_cl_filter_get_storage (filter),
      &geometry);
  gst_cl_bicubic_scale_plan_passes (device, &geometry, &self->plan);

  /* Refuse an impossible mode=native now, in negotiation. */
  if (!gst_cl_bicubic_scale_plan (device, &geometry, &params, &self->plan,
          error))
    return FALSE;

  for (guint p = 0; p < out->n_planes; p++) {
    GST_DEBUG_OBJECT (self, "%dx%d -> %dx%d: %s first", in->planes[p].width,
        in->planes[p].height, out->planes[p].width, out->planes[p].height,
        self->plan.planes[p].columns_first ? "columns" : "rows");
    gst_cl_frame_plane_color (&out->info, p, 0xff000000,
        self->planes[p].border);
    if (!ensure_emulated_kernels (self, &self->planes[p], &in->planes[p],
            &self->plan.planes[p], error))
      return FALSE;
  }
  return TRUE;
}

static gboolean
gst_cl_bicubic_scale_snapshot (GstCLFilter * filter)
{
  GstCLBicubicScale *self = GST_CL_BICUBIC_SCALE (filter);

  read_settings (self, &self->frame, &self->frame_borders);
  return self->identity;
}

/* The emulated path's tables and kernels for @params, and whether each
 * plane runs in one pass. */
static gboolean
build_tables (GstCLBicubicScale * self, const GstCLFrame * in,
    const GstCLBicubicScaleGeometry * geometry,
    const GstCLBicubicScaleSettings * params, GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));

  clear_tables (self);
  for (guint p = 0; p < self->n_planes; p++) {
    GstCLBicubicScalePlane *plane = &self->planes[p];
    const GstCLBicubicScalePlanePlan *plan = &self->plan.planes[p];

    if (!gst_cl_bicubic_scale_plane_build_tables (context, plane,
            &geometry->planes[p], params, error)
        || !ensure_emulated_kernels (self, plane, &in->planes[p], plan, error))
      return FALSE;
    plane->one_pass = plane->one_pass_kernel
        && (gst_cl_bicubic_scale_plan_bands (plan, &plane->spans)
        || gst_cl_bicubic_scale_plan_tiles (gst_cl_context_get_device
            (context), &geometry->planes[p], plan, &plane->spans,
            gst_cl_context_kernel_group_size (context,
                plane->one_pass_kernel), &plane->tile_groups));
  }
  self->applied = *params;
  self->tables_valid = TRUE;
  return TRUE;
}

static gboolean
params_equal (const GstCLBicubicScaleSettings * a,
    const GstCLBicubicScaleSettings * b)
{
  return a->b == b->b && a->c == b->c && a->antialias == b->antialias
      && a->mode == b->mode;
}

/* Sets active-mode to @chosen, notifying a change. */
static void
set_active_mode (GstCLBicubicScale * self, GstCLBicubicScaleMode chosen)
{
  gboolean changed;

  GST_OBJECT_LOCK (self);
  changed = self->active_mode != chosen;
  self->active_mode = chosen;
  GST_OBJECT_UNLOCK (self);
  if (changed) {
    GST_INFO_OBJECT (self, "scaling with the %s path",
        chosen == GST_CL_BICUBIC_SCALE_MODE_NATIVE ? "native" : "emulated");
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE_MODE]);
  }
}

static gboolean
run_planes (GstCLBicubicScale * self, GstCLFrame * in, GstCLFrame * out,
    GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));

  for (guint p = 0; p < self->n_planes; p++) {
    GstCLBicubicScalePlane *plane = &self->planes[p];
    const GstCLBicubicScalePlanePlan *plan = &self->plan.planes[p];
    gboolean ok = self->plan.mode == GST_CL_BICUBIC_SCALE_MODE_NATIVE ?
        gst_cl_bicubic_scale_plane_run_native (context, plane, plan,
        &in->planes[p], &out->planes[p], self->bicubic_sampler, error) :
        gst_cl_bicubic_scale_plane_run_emulated (context, plane, plan,
        &in->planes[p], &out->planes[p], error);

    if (!ok)
      return FALSE;
  }
  return TRUE;
}

static gboolean
gst_cl_bicubic_scale_process (GstCLFilter * filter, GstCLFrame * in,
    GstCLFrame * out, GError ** error)
{
  GstCLBicubicScale *self = GST_CL_BICUBIC_SCALE (filter);
  const GstCLBicubicScaleSettings *params = &self->frame;
  GstCLBicubicScaleGeometry geometry;

  /* add-borders may change while playing, the caps staying the same. */
  if (self->frame_borders != self->borders) {
    place_picture (self, in, out, self->frame_borders);
    clear_tables (self);
  }

  /* b, c, antialias and mode may change while playing. */
  describe_geometry (self, in, out, in->storage, &geometry);
  if (!gst_cl_bicubic_scale_plan (gst_cl_filter_get_device (filter),
          &geometry, params, &self->plan, error))
    return FALSE;
  set_active_mode (self, self->plan.mode);

  if (self->plan.mode == GST_CL_BICUBIC_SCALE_MODE_NATIVE) {
    if (!ensure_native (self, in, error))
      return FALSE;
  } else if (!self->tables_valid || !params_equal (params, &self->applied)) {
    if (!build_tables (self, in, &geometry, params, error))
      return FALSE;
  }
  return run_planes (self, in, out, error);
}

/* Output size is free; pixel-aspect-ratio too where the caps have one. */
static GstCaps *
gst_cl_bicubic_scale_transform_caps (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps, GstCaps * filter)
{
  return gst_cl_filter_restrict_caps (GST_CL_FILTER (trans), caps,
      gst_cl_scale_caps_any_size (caps), filter);
}

/* Fixation keeps the input's display aspect ratio the way videoscale
 * does, so that the two scalers give the same caps. */
static GstCaps *
gst_cl_bicubic_scale_fixate_caps (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps, GstCaps * othercaps)
{
  return gst_cl_scale_fixate_caps (GST_ELEMENT (trans), direction, caps,
      othercaps);
}

/* Metas follow videoscale's rules (gst_cl_scale_transform_meta ()); the
 * others go GstCLBaseTransform's way. */
static gboolean
gst_cl_bicubic_scale_transform_meta (GstBaseTransform * trans,
    GstBuffer * outbuf, GstMeta * meta, GstBuffer * inbuf)
{
  GstCLBaseTransform *base = GST_CL_BASE_TRANSFORM (trans);

  if (!gst_cl_meta_is_geometry (meta))
    return GST_BASE_TRANSFORM_CLASS (parent_class)->transform_meta (trans,
        outbuf, meta, inbuf);
  return gst_cl_scale_transform_meta (outbuf, meta, inbuf,
      gst_cl_base_transform_get_in_info (base),
      gst_cl_base_transform_get_out_info (base),
      GST_CL_BICUBIC_SCALE (trans)->frame_borders);
}

/* Navigation pointers land on output pixels: report them in input pixels,
 * through the picture's rectangle when the output is letterboxed. */
static gboolean
gst_cl_bicubic_scale_src_event (GstBaseTransform * trans, GstEvent * event)
{
  GstCLBicubicScale *self = GST_CL_BICUBIC_SCALE (trans);
  GstVideoRectangle rect;
  gint width, height;
  gboolean scaling;

  /* The streaming thread may lay the picture out again meanwhile. */
  GST_OBJECT_LOCK (self);
  scaling = self->n_planes > 0;
  rect = self->shown;
  width = self->source_width;
  height = self->source_height;
  GST_OBJECT_UNLOCK (self);

  if (scaling)
    event = gst_cl_scale_navigation_event (event, &rect, width, height);
  return GST_BASE_TRANSFORM_CLASS (parent_class)->src_event (trans, event);
}

static void
gst_cl_bicubic_scale_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstCLBicubicScale *self = GST_CL_BICUBIC_SCALE (object);

  /* Recorded only: the streaming thread takes them for the next frame
   * (snapshot). add-borders does not change the output caps. */
  GST_OBJECT_LOCK (self);
  if (prop_id == PROP_MODE)
    self->mode = g_value_get_enum (value);
  else if (!gst_cl_cubic_properties_set (&self->cubic, prop_id - PROP_CUBIC,
          value))
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  GST_OBJECT_UNLOCK (self);
}

static void
gst_cl_bicubic_scale_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec)
{
  GstCLBicubicScale *self = GST_CL_BICUBIC_SCALE (object);

  GST_OBJECT_LOCK (self);
  if (prop_id == PROP_MODE)
    g_value_set_enum (value, self->mode);
  else if (prop_id == PROP_ACTIVE_MODE)
    g_value_set_enum (value, self->active_mode);
  else if (!gst_cl_cubic_properties_get (&self->cubic, prop_id - PROP_CUBIC,
          value))
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  GST_OBJECT_UNLOCK (self);
}

static void
gst_cl_bicubic_scale_init (GstCLBicubicScale * self)
{
  gst_cl_cubic_properties_init (&self->cubic);
  self->mode = DEFAULT_MODE;
  self->active_mode = GST_CL_BICUBIC_SCALE_MODE_AUTO;
}

static void
gst_cl_bicubic_scale_class_init (GstCLBicubicScaleClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);
  GstCLFilterClass *cl_class = GST_CL_FILTER_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | GST_PARAM_MUTABLE_PLAYING |
      G_PARAM_STATIC_STRINGS;

  GST_DEBUG_CATEGORY_INIT (gst_cl_bicubic_scale_debug, "clbicubicscale", 0,
      "OpenCL (B, C) bicubic scaler");

  gobject_class->set_property = gst_cl_bicubic_scale_set_property;
  gobject_class->get_property = gst_cl_bicubic_scale_get_property;

  /**
   * GstCLBicubicScale:b:
   *
   * B of the (B, C) cubic; setting it makes #GstCLBicubicScale:filter custom.
   */
  /**
   * GstCLBicubicScale:c:
   *
   * C of the (B, C) cubic; setting it makes #GstCLBicubicScale:filter custom.
   */
  /**
   * GstCLBicubicScale:filter:
   *
   * A named cubic: sets #GstCLBicubicScale:b and #GstCLBicubicScale:c.
   */
  /**
   * GstCLBicubicScale:antialias:
   *
   * When downscaling, widen the filter by the scale factor of each axis
   * that shrinks, so that fine detail does not alias; off, the plain 4x4.
   */
  /**
   * GstCLBicubicScale:add-borders:
   *
   * Letterbox the picture where the output caps cannot keep the input's
   * display aspect ratio; off, it is stretched over the whole output.
   */
  /* installed as clconvertscale's are (gstclcubicproperties.c) */
  gst_cl_cubic_properties_install (gobject_class, PROP_CUBIC);
  /**
   * GstCLBicubicScale:mode:
   *
   * auto takes the cl_qcom_filter_bicubic sampler where it gives the
   * emulated kernel's pixels, native fails where it cannot, emulated
   * never takes it.
   */
  g_object_class_install_property (gobject_class, PROP_MODE,
      g_param_spec_enum ("mode", "Mode",
          "Native cl_qcom_filter_bicubic sampler or emulated kernel",
          GST_TYPE_CL_BICUBIC_SCALE_MODE, DEFAULT_MODE, flags));
  /**
   * GstCLBicubicScale:active-mode:
   *
   * The path that scaled the last frame (auto before the first); notified.
   */
  properties[PROP_ACTIVE_MODE] =
      g_param_spec_enum ("active-mode", "Active mode",
      "The path that scaled the last frame (auto: none yet)",
      GST_TYPE_CL_BICUBIC_SCALE_MODE, GST_CL_BICUBIC_SCALE_MODE_AUTO,
      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_property (gobject_class, PROP_ACTIVE_MODE,
      properties[PROP_ACTIVE_MODE]);

  gst_element_class_set_static_metadata (element_class,
      "OpenCL bicubic scaler", "Filter/Converter/Video/Scaler/Hardware",
      "Scales video with the (B, C) cubic family on an OpenCL device",
      "gst-opencl developers");

  trans_class->transform_caps = gst_cl_bicubic_scale_transform_caps;
  trans_class->fixate_caps = gst_cl_bicubic_scale_fixate_caps;
  trans_class->src_event = gst_cl_bicubic_scale_src_event;
  trans_class->transform_meta = gst_cl_bicubic_scale_transform_meta;

  cl_class->open = gst_cl_bicubic_scale_open;
  cl_class->close = gst_cl_bicubic_scale_close;
  cl_class->set_info = gst_cl_bicubic_scale_set_info;
  cl_class->snapshot = gst_cl_bicubic_scale_snapshot;
  cl_class->process = gst_cl_bicubic_scale_process;
  cl_class->prefers_buffers = gst_cl_bicubic_scale_filter_prefers_buffers;

  gst_type_mark_as_plugin_api (GST_TYPE_CL_BICUBIC_FILTER, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_CL_BICUBIC_SCALE_MODE, 0);
}
