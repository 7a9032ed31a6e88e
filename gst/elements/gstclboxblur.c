/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
/**
 * SECTION:element-clboxblur
 * @title: clboxblur
 *
 * Blurs video on an OpenCL device with a box filter: every output pixel is
 * the average of the (2 * radius-x + 1) x (2 * radius-y + 1) window around
 * it. At the edges the window is clipped to the frame and the sum divided
 * by the number of pixels inside it, so borders neither darken nor smear.
 * Sums are integers and each output is the exact average rounded to
 * nearest, halves up, for 8-bit and 16-bit formats alike.
 *
 * The cost per pixel does not depend on the radius: the separable method
 * keeps running sums along rows, then down columns; the sat method builds a
 * summed-area table and reads four of its entries per pixel. Both give the
 * same bytes; #GstCLBoxBlur:method auto picks the faster for the device.
 *
 * Subsampled chroma planes (I420, NV12) are blurred with the radius scaled
 * by their subsampling, rounded to nearest with halves up ((r + 1) / 2 for
 * 4:2:0), so every plane looks blurred alike. Alpha is blurred like the
 * colour channels. #GstCLBoxBlur:passes repeats the blur (three passes
 * come close to a Gaussian); #GstCLBoxBlur:sigma makes it a Gaussian of
 * that standard deviation by three exact box passes of the widths that
 * come closest. With both radii 0 the element is passthrough. Interlaced
 * video is blurred field by field.
 *
 * With #GstCLBoxBlur:regions only the rectangles of the frame's
 * #GstVideoRegionOfInterestMeta (faces or number plates a detector
 * upstream has marked), widened by #GstCLBoxBlur:region-margin, are
 * blurred, each with the whole frame's blur; every other pixel is left as
 * it is.
 *
 * ## Example launch line
 * |[
 * gst-launch-1.0 videotestsrc num-buffers=30 ! \
 *     video/x-raw,format=NV12,width=1280,height=720 ! clboxblur radius=8 ! \
 *     videoconvert ! autovideosink
 * ]|
 * |[
 * gst-launch-1.0 videotestsrc num-buffers=1 ! clboxblur sigma=3 ! \
 *     videoconvert ! pngenc ! filesink location=g.png
 * ]|
 */
#include "gstclboxblur.h"
#include "gstclboxblurrunner.h"
#include "gstclelements.h"

GST_DEBUG_CATEGORY (gst_cl_box_blur_debug);
#define GST_CAT_DEFAULT gst_cl_box_blur_debug

#define DEFAULT_RADIUS 2
#define MAX_PASSES 8
#define DEFAULT_PASSES 1
#define DEFAULT_METHOD GST_CL_BOX_BLUR_METHOD_AUTO
#define DEFAULT_SIGMA 0.0
#define DEFAULT_REGIONS FALSE
#define DEFAULT_REGION_MARGIN 0

enum
{
  PROP_0,
  PROP_RADIUS,
  PROP_RADIUS_X,
  PROP_RADIUS_Y,
  PROP_PASSES,
  PROP_METHOD,
  PROP_ACTIVE_METHOD,
  PROP_SIGMA,
  PROP_REGIONS,
  PROP_REGION_MARGIN,
};

struct _GstCLBoxBlur
{
  GstCLFilter parent;

  /* properties, under the object lock */
  GstCLBoxBlurSettings params;
  GstCLBoxBlurMethod active_method;

  /* streaming */
  GstCLBoxBlurSettings frame;   /* what the frames are blurred with */
  GstCLBoxBlurRunner runner;    /* kernels and planes on the device */
  /* the regions of interest of the frame being blurred (GstCLBoxBlurRegion) */
  GArray *regions;
};

#define gst_cl_box_blur_parent_class parent_class
G_DEFINE_TYPE (GstCLBoxBlur, gst_cl_box_blur, GST_TYPE_CL_FILTER);
GST_ELEMENT_REGISTER_DEFINE (clboxblur, "clboxblur", GST_RANK_NONE,
    GST_TYPE_CL_BOX_BLUR);

#define GST_TYPE_CL_BOX_BLUR_METHOD (gst_cl_box_blur_method_get_type ())
static GType
gst_cl_box_blur_method_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CL_BOX_BLUR_METHOD_AUTO,
        "The faster method for the device, frame size and radius", "auto"},
    {GST_CL_BOX_BLUR_METHOD_SEPARABLE,
        "Running sums along rows, then down columns", "separable"},
    {GST_CL_BOX_BLUR_METHOD_SAT,
        "Summed-area table, four reads per pixel", "sat"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type,
        g_enum_register_static ("GstCLBoxBlurMethod", values));
  return type;
}

static gboolean
params_passthrough (const GstCLBoxBlurSettings * params)
{
  return gst_cl_box_blur_is_identity (params);
}

static void
gst_cl_box_blur_close (GstCLFilter * filter)
{
  gst_cl_box_blur_runner_clear (filter, &GST_CL_BOX_BLUR (filter)->runner);
}

static gboolean
gst_cl_box_blur_set_info (GstCLFilter * filter, const GstCLFrame * in,
    const GstCLFrame * out, GError ** error)
{
  GstCLBoxBlur *self = GST_CL_BOX_BLUR (filter);
  GstCLBoxBlurSettings params;
  GstCLBoxBlurPlan plan;

  gst_cl_box_blur_runner_clear (filter, &self->runner);

  GST_OBJECT_LOCK (self);
  params = self->params;
  GST_OBJECT_UNLOCK (self);

  /* Build the kernels now, so that a device failure shows in negotiation. */
  return gst_cl_box_blur_runner_prepare (filter, &self->runner, in, &params,
      &plan, error);
}

static gboolean
gst_cl_box_blur_filter_prefers_buffers (GstCLFilter * filter,
    const GstVideoInfo * in, const GstVideoInfo * out)
{
  GstCLBoxBlur *self = GST_CL_BOX_BLUR (filter);
  GstCLFrame layout;
  GstCLBoxBlurSettings params;
  guint rx, ry;

  GST_OBJECT_LOCK (self);
  params = self->params;
  GST_OBJECT_UNLOCK (self);
  gst_cl_box_blur_largest_radii (&params, &rx, &ry);
  return gst_cl_frame_layout (&layout, in, GST_CL_STORAGE_BUFFER)
      && gst_cl_box_blur_prefers_buffers (gst_cl_filter_get_device (filter),
      &layout.planes[0], rx, ry);
}

static gboolean
gst_cl_box_blur_snapshot (GstCLFilter * filter)
{
  GstCLBoxBlur *self = GST_CL_BOX_BLUR (filter);

  GST_OBJECT_LOCK (self);
  self->frame = self->params;
  GST_OBJECT_UNLOCK (self);
  return params_passthrough (&self->frame);
}

static gboolean
gst_cl_box_blur_process (GstCLFilter * filter, GstCLFrame * in,
    GstCLFrame * out, GError ** error)
{
  GstCLBoxBlur *self = GST_CL_BOX_BLUR (filter);
  GstCLBoxBlurPlan plan;

  if (!gst_cl_box_blur_runner_prepare (filter, &self->runner, in,
          &self->frame, &plan, error))
    return FALSE;

  GST_OBJECT_LOCK (self);
  if (self->active_method != plan.method)
    GST_INFO_OBJECT (self, "blurring with the %s method",
        gst_cl_box_blur_method_name (plan.method));
  self->active_method = plan.method;
  GST_OBJECT_UNLOCK (self);

  if (self->frame.regions)
    return gst_cl_box_blur_runner_blur_regions (filter, &self->runner, &plan,
        in, out, (const GstCLBoxBlurRegion *) self->regions->data,
        self->regions->len, self->frame.region_margin, error);
  return gst_cl_box_blur_runner_blur (filter, &self->runner, &plan, in, out,
      error);
}

/* The frame's regions of interest, for process, once the properties are
 * taken (snapshot). */
static void
gst_cl_box_blur_before_transform (GstBaseTransform * trans, GstBuffer * buffer)
{
  GstCLBoxBlur *self = GST_CL_BOX_BLUR (trans);
  gpointer state = NULL;
  GstMeta *meta;

  GST_BASE_TRANSFORM_CLASS (parent_class)->before_transform (trans, buffer);
  g_array_set_size (self->regions, 0);
  if (!self->frame.regions)
    return;
  while ((meta = gst_buffer_iterate_meta_filtered (buffer, &state,
              GST_VIDEO_REGION_OF_INTEREST_META_API_TYPE))) {
    const GstVideoRegionOfInterestMeta *roi =
        (const GstVideoRegionOfInterestMeta *) meta;
    GstCLBoxBlurRegion region = { roi->x, roi->y, roi->w, roi->h };

    g_array_append_val (self->regions, region);
  }
  GST_LOG_OBJECT (self, "%u regions of interest", self->regions->len);
}

/* A blur moves no pixel: metas about the frame's geometry (a region of
 * interest, say) stay true as they are. */
static gboolean
gst_cl_box_blur_transform_meta (GstBaseTransform * trans, GstBuffer * outbuf,
    GstMeta * meta, GstBuffer * inbuf)
{
  if (gst_cl_meta_is_geometry (meta))
    return TRUE;
  return GST_BASE_TRANSFORM_CLASS (parent_class)->transform_meta (trans,
      outbuf, meta, inbuf);
}

static void
gst_cl_box_blur_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstCLBoxBlur *self = GST_CL_BOX_BLUR (object);

  /* Recorded only: the streaming thread takes them (snapshot), and
   * passthrough with them. */
  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_RADIUS:
      self->params.radius_x = self->params.radius_y = g_value_get_uint (value);
      break;
    case PROP_RADIUS_X:
      self->params.radius_x = g_value_get_uint (value);
      break;
    case PROP_RADIUS_Y:
      self->params.radius_y = g_value_get_uint (value);
      break;
    case PROP_PASSES:
      self->params.passes = g_value_get_uint (value);
      break;
    case PROP_METHOD:
      self->params.method = g_value_get_enum (value);
      break;
    case PROP_SIGMA:
      self->params.sigma = g_value_get_double (value);
      break;
    case PROP_REGIONS:
      self->params.regions = g_value_get_boolean (value);
      break;
    case PROP_REGION_MARGIN:
      self->params.region_margin = g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (self);
}

static void
gst_cl_box_blur_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec)
{
  GstCLBoxBlur *self = GST_CL_BOX_BLUR (object);

  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_RADIUS:
    case PROP_RADIUS_X:
      g_value_set_uint (value, self->params.radius_x);
      break;
    case PROP_RADIUS_Y:
      g_value_set_uint (value, self->params.radius_y);
      break;
    case PROP_PASSES:
      g_value_set_uint (value, self->params.passes);
      break;
    case PROP_METHOD:
      g_value_set_enum (value, self->params.method);
      break;
    case PROP_ACTIVE_METHOD:
      g_value_set_enum (value, self->active_method);
      break;
    case PROP_SIGMA:
      g_value_set_double (value, self->params.sigma);
      break;
    case PROP_REGIONS:
      g_value_set_boolean (value, self->params.regions);
      break;
    case PROP_REGION_MARGIN:
      g_value_set_uint (value, self->params.region_margin);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (self);
}

static void
gst_cl_box_blur_init (GstCLBoxBlur * self)
{
  self->params.radius_x = DEFAULT_RADIUS;
  self->params.radius_y = DEFAULT_RADIUS;
  self->params.passes = DEFAULT_PASSES;
  self->params.method = DEFAULT_METHOD;
  self->params.sigma = DEFAULT_SIGMA;
  self->params.regions = DEFAULT_REGIONS;
  self->params.region_margin = DEFAULT_REGION_MARGIN;
  self->regions = g_array_new (FALSE, FALSE, sizeof (GstCLBoxBlurRegion));
  self->active_method = GST_CL_BOX_BLUR_METHOD_AUTO;
}

static void
gst_cl_box_blur_finalize (GObject * object)
{
  GstCLBoxBlur *self = GST_CL_BOX_BLUR (object);

  g_array_unref (self->regions);
  G_OBJECT_CLASS (parent_class)->finalize (object);
}

static void
gst_cl_box_blur_class_init (GstCLBoxBlurClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);
  GstCLFilterClass *cl_class = GST_CL_FILTER_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | GST_PARAM_MUTABLE_PLAYING |
      G_PARAM_STATIC_STRINGS;

  GST_DEBUG_CATEGORY_INIT (gst_cl_box_blur_debug, "clboxblur", 0,
      "OpenCL box blur");

  gobject_class->set_property = gst_cl_box_blur_set_property;
  gobject_class->get_property = gst_cl_box_blur_get_property;
  gobject_class->finalize = gst_cl_box_blur_finalize;

  /**
   * GstCLBoxBlur:radius:
   *
   * Sets both #GstCLBoxBlur:radius-x and #GstCLBoxBlur:radius-y; reads
   * back radius-x. Controllable.
   */
  g_object_class_install_property (gobject_class, PROP_RADIUS,
      g_param_spec_uint ("radius", "Radius",
          "Sets radius-x and radius-y (reads back radius-x)", 0,
          GST_CL_BOX_BLUR_MAX_RADIUS, DEFAULT_RADIUS,
          flags | GST_PARAM_CONTROLLABLE));
  /**
   * GstCLBoxBlur:radius-x:
   *
   * The window is 2 * radius-x + 1 pixels wide; 0 blurs nothing along
   * rows. Chroma planes take it scaled by their subsampling. Controllable.
   */
  g_object_class_install_property (gobject_class, PROP_RADIUS_X,
      g_param_spec_uint ("radius-x", "Horizontal radius",
          "The window is 2 * radius-x + 1 pixels wide (0: no horizontal "
          "blur)", 0, GST_CL_BOX_BLUR_MAX_RADIUS, DEFAULT_RADIUS,
          flags | GST_PARAM_CONTROLLABLE));
  /**
   * GstCLBoxBlur:radius-y:
   *
   * The window is 2 * radius-y + 1 pixels high; 0 blurs nothing down
   * columns. With both radii 0 the element is passthrough. Controllable.
   */
  g_object_class_install_property (gobject_class, PROP_RADIUS_Y,
      g_param_spec_uint ("radius-y", "Vertical radius",
          "The window is 2 * radius-y + 1 pixels high (0: no vertical blur)",
          0, GST_CL_BOX_BLUR_MAX_RADIUS, DEFAULT_RADIUS,
          flags | GST_PARAM_CONTROLLABLE));
  /**
   * GstCLBoxBlur:passes:
   *
   * How many times the blur is applied: three passes come close to a
   * Gaussian blur.
   */
  g_object_class_install_property (gobject_class, PROP_PASSES,
      g_param_spec_uint ("passes", "Passes",
          "How many times the blur is applied (3 come close to a Gaussian)",
          1, MAX_PASSES, DEFAULT_PASSES, flags));
  /**
   * GstCLBoxBlur:method:
   *
   * Running sums along rows then down columns (separable), or a
   * summed-area table (sat). Both give the same bytes; auto takes the
   * faster for the device, the frame size and the radius.
   */
  g_object_class_install_property (gobject_class, PROP_METHOD,
      g_param_spec_enum ("method", "Method",
          "Separable running sums or a summed-area table (same output)",
          GST_TYPE_CL_BOX_BLUR_METHOD, DEFAULT_METHOD, flags));
  /**
   * GstCLBoxBlur:sigma:
   *
   * A Gaussian blur of this standard deviation, in pixels, by three box
   * passes whose widths give about its variance (Kovesi's construction),
   * each the exact box blur. Above 0 it takes the place of
   * #GstCLBoxBlur:radius-x, #GstCLBoxBlur:radius-y and
   * #GstCLBoxBlur:passes, which are kept for when it is set back to 0
   * (the box blur). Subsampled chroma planes take the Gaussian of sigma
   * scaled by their subsampling (sigma / 2 for 4:2:0). Controllable.
   */
  g_object_class_install_property (gobject_class, PROP_SIGMA,
      g_param_spec_double ("sigma", "Sigma",
          "A Gaussian of this standard deviation in pixels, by three box "
          "passes, in place of the radii and passes (0: the box blur)", 0,
          GST_CL_BOX_BLUR_MAX_SIGMA, DEFAULT_SIGMA,
          flags | GST_PARAM_CONTROLLABLE));
  /**
   * GstCLBoxBlur:regions:
   *
   * Blurs only inside the rectangles of the frame's regions of interest
   * (#GstVideoRegionOfInterestMeta, which upstream elements such as face
   * or plate detectors attach), each widened by
   * #GstCLBoxBlur:region-margin and clipped to the frame: there every
   * pixel is the whole frame's blur, elsewhere the source's byte for
   * byte. A frame without regions of interest goes on unchanged. The
   * metas go on with the frame.
   */
  g_object_class_install_property (gobject_class, PROP_REGIONS,
      g_param_spec_boolean ("regions", "Regions of interest only",
          "Blur only inside the frame's regions of interest "
          "(GstVideoRegionOfInterestMeta), leaving the rest as it is",
          DEFAULT_REGIONS, flags));
  /**
   * GstCLBoxBlur:region-margin:
   *
   * Pixels added on every side of each region of interest before it is
   * blurred (with #GstCLBoxBlur:regions), clipped to the frame. Subsampled
   * chroma planes take the rectangles scaled to their samples, rounded
   * outward.
   */
  g_object_class_install_property (gobject_class, PROP_REGION_MARGIN,
      g_param_spec_uint ("region-margin", "Region margin",
          "Pixels added on every side of each region of interest (with "
          "regions)", 0, G_MAXINT, DEFAULT_REGION_MARGIN, flags));
  /**
   * GstCLBoxBlur:active-method:
   *
   * The method that blurred the last frame: what auto chose. auto until
   * a frame has been blurred.
   */
  g_object_class_install_property (gobject_class, PROP_ACTIVE_METHOD,
      g_param_spec_enum ("active-method", "Active method",
          "The method that blurred the last frame (auto: none yet)",
          GST_TYPE_CL_BOX_BLUR_METHOD, GST_CL_BOX_BLUR_METHOD_AUTO,
          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  gst_element_class_set_static_metadata (element_class,
      "OpenCL box blur", "Filter/Effect/Video/Hardware",
      "Exact box blur whose cost does not grow with the radius, on an "
      "OpenCL device", "gst-opencl developers");

  trans_class->transform_meta = gst_cl_box_blur_transform_meta;
  trans_class->before_transform = gst_cl_box_blur_before_transform;

  cl_class->close = gst_cl_box_blur_close;
  cl_class->set_info = gst_cl_box_blur_set_info;
  cl_class->snapshot = gst_cl_box_blur_snapshot;
  cl_class->prefers_buffers = gst_cl_box_blur_filter_prefers_buffers;
  cl_class->process = gst_cl_box_blur_process;

  gst_type_mark_as_plugin_api (GST_TYPE_CL_BOX_BLUR_METHOD, 0);
}
