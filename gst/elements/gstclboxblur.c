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
#include "gstclboxblurkernels.h"
#include "gstclboxblurpassplan.h"
#include "gstclboxblurregionsplan.h"
#include "gstclelements.h"
#include "gstclkernels.h"

GST_DEBUG_CATEGORY_STATIC (gst_cl_box_blur_debug);
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

/* Spare planes: one beside the output for passes, two for the parts of
 * regions of interest (gst_cl_box_blur_plan ()). */
#define MAX_SPARES 2

/* A plane's kernels, built on first use per variant, and the most items
 * a group of each may have. */
typedef struct
{
  cl_kernel kernels[GST_CL_BOX_BLUR_N_VARIANTS][GST_CL_BOX_BLUR_N_KERNELS];
  gsize group_sizes[GST_CL_BOX_BLUR_N_VARIANTS][GST_CL_BOX_BLUR_N_KERNELS];
} PlaneKernels;

struct _GstCLBoxBlur
{
  GstCLFilter parent;

  /* properties, under the object lock */
  GstCLBoxBlurSettings params;
  GstCLBoxBlurMethod active_method;

  /* streaming */
  GstCLBoxBlurSettings frame;   /* what the frames are blurred with */
  guint n_planes;
  PlaneKernels planes[GST_VIDEO_MAX_PLANES];
  cl_mem scratch;               /* row sums, SAT or column windows, reused
                                 * by every plane */
  gsize scratch_size;
  cl_mem spares[MAX_SPARES];    /* planes between passes, in buffers */
  gsize spare_sizes[MAX_SPARES];
  /* or in images, by plane */
  cl_mem spare_images[MAX_SPARES][GST_VIDEO_MAX_PLANES];
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


static void
clear_planes (GstCLBoxBlur * self)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));

  for (guint p = 0; p < self->n_planes; p++)
    for (guint v = 0; v < GST_CL_BOX_BLUR_N_VARIANTS; v++)
      for (guint k = 0; k < GST_CL_BOX_BLUR_N_KERNELS; k++)
        gst_cl_clear_kernel (context, &self->planes[p].kernels[v][k]);
  self->n_planes = 0;
  gst_cl_clear_mem (context, &self->scratch);
  self->scratch_size = 0;
  for (guint s = 0; s < MAX_SPARES; s++) {
    gst_cl_clear_mem (context, &self->spares[s]);
    self->spare_sizes[s] = 0;
    for (guint p = 0; p < GST_VIDEO_MAX_PLANES; p++)
      gst_cl_clear_mem (context, &self->spare_images[s][p]);
  }
}

static const gchar *const blur_sources[] = {
  gst_cl_kernel_common, gst_cl_kernel_boxblur, NULL
};

/* What the planner needs of the element's device and storage now. */
static void
get_target (GstCLBoxBlur * self, GstCLBoxBlurTarget * target)
{
  GstCLFilter *filter = GST_CL_FILTER (self);

  target->device = gst_cl_filter_get_device (filter);
  target->storage = gst_cl_filter_get_storage (filter);
  target->vectors = gst_cl_filter_wants_vectors (filter);
  target->warps_build = gst_cl_device_builds_ptx_warps (target->device);
}

/* @pplan's kernels for @plane, built with @options, and their group
 * limits; FALSE, and none of them, where one fails. */
static gboolean
create_kernels (GstCLBoxBlur * self, guint p, const GstCLPlane * plane,
    GstCLBoxBlurMethod method, const GstCLBoxBlurPlanePlan * pplan,
    const gchar * options, GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));
  cl_kernel *kernels = self->planes[p].kernels[pplan->variant];
  gsize *group_sizes = self->planes[p].group_sizes[pplan->variant];
  const gchar *const *names = pplan->kernel_names;
  gboolean created = TRUE;

  GST_DEBUG_OBJECT (self, "plane %u: %s kernels, options %s", p,
      gst_cl_box_blur_method_name (method), options);
  for (guint k = 0; created && names[k]; k++) {
    kernels[k] = gst_cl_filter_create_kernel (GST_CL_FILTER (self), "boxblur",
        blur_sources, plane, options[0] ? options : NULL, names[k], error);
    created = kernels[k] != NULL;
    if (created)
      group_sizes[k] = gst_cl_context_kernel_group_size (context, kernels[k]);
  }
  if (!created)
    for (guint k = 0; k < GST_CL_BOX_BLUR_N_KERNELS; k++)
      gst_cl_clear_kernel (context, &kernels[k]);
  return created;
}

/* @pplan's kernels, created on first use (the program is built once per
 * context). Where the device's compiler refuses the warp scans, their
 * portable form, from then on for every instance
 * (gst_cl_device_refuse_ptx_warps()). */
static gboolean
ensure_kernels (GstCLBoxBlur * self, guint p, const GstCLPlane * plane,
    GstCLBoxBlurMethod method, const GstCLBoxBlurPlanePlan * pplan,
    GError ** error)
{
  const GstCLDeviceInfo *device =
      gst_cl_filter_get_device (GST_CL_FILTER (self));
  GError *warps_error = NULL;

  if (self->planes[p].kernels[pplan->variant][GST_CL_BOX_BLUR_KERNEL_ROWS])
    return TRUE;

  if (pplan->warps && gst_cl_device_builds_ptx_warps (device)) {
    if (create_kernels (self, p, plane, method, pplan, pplan->options,
            &warps_error))
      return TRUE;
    if (!g_error_matches (warps_error, GST_CL_ERROR, GST_CL_ERROR_BUILD)) {
      g_propagate_error (error, warps_error);
      return FALSE;
    }
    GST_WARNING_OBJECT (self, "no warp shuffles, portable scans: %s",
        warps_error->message);
    g_clear_error (&warps_error);
    gst_cl_device_refuse_ptx_warps (device);
  }
  return create_kernels (self, p, plane, method, pplan,
      pplan->portable_options, error);
}

/* One scratch buffer (and one spare plane) serves every plane in turn (the
 * queue is in order); it only grows, so radius changes do not reallocate it
 * on every frame. */
static gboolean
ensure_buffer (GstCLBoxBlur * self, cl_mem * mem, gsize * mem_size,
    gsize size, GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));

  if (size <= *mem_size)
    return TRUE;
  gst_cl_clear_mem (context, mem);
  *mem_size = 0;
  GST_DEBUG_OBJECT (self, "scratch buffer of %" G_GSIZE_FORMAT " bytes", size);
  *mem = gst_cl_context_create_buffer (context, CL_MEM_READ_WRITE, size, NULL,
      error);
  if (*mem == NULL)
    return FALSE;
  *mem_size = size;
  return TRUE;
}

/* Plane @p's spare @s where frames are images: an image of the plane's
 * own size and format (one a plane), made on first use. */
static gboolean
ensure_spare_image (GstCLBoxBlur * self, guint s, guint p,
    const GstCLPlane * plane, GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));
  cl_mem *image = &self->spare_images[s][p];

  if (!*image)
    *image = gst_cl_plane_create_image (context, plane, error);
  return *image != NULL;
}

/* The plan of a frame of @frame's layout for @settings, with its kernels
 * and spare planes. The scratch buffer is made when a pass needs it, at
 * its size: box_tiles and box_strips need none. */
static gboolean
prepare (GstCLBoxBlur * self, const GstCLFrame * frame,
    const GstCLBoxBlurSettings * settings, GstCLBoxBlurPlan * plan,
    GError ** error)
{
  GstCLBoxBlurTarget target;

  get_target (self, &target);
  if (!gst_cl_box_blur_plan (&target, frame, settings, plan, error))
    return FALSE;
  for (guint p = 0; p < plan->n_planes; p++) {
    for (guint s = 0; plan->spare_images && s < plan->n_spares; s++)
      if (!ensure_spare_image (self, s, p, &frame->planes[p], error))
        return FALSE;
    for (guint b = 0; b < plan->n_boxes; b++)
      if (!ensure_kernels (self, p, &frame->planes[p], plan->method,
              &plan->boxes[b][p], error))
        return FALSE;
  }
  return ensure_buffer (self, &self->spares[0], &self->spare_sizes[0],
      plan->spare_bytes, error);
}

/* One pass of @pplan, a plan of plane @p's, from @src to @dst, which
 * differ and have the geometry @pplan was planned for. */
static gboolean
run_pass (GstCLBoxBlur * self, guint p, GstCLBoxBlurMethod method,
    const GstCLBoxBlurPlanePlan * pplan, const GstCLPlane * src,
    const GstCLPlane * dst, GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));
  const cl_kernel *kernels = self->planes[p].kernels[pplan->variant];
  GstCLBoxBlurTarget target;
  GstCLBoxBlurPassPlan pass;

  get_target (self, &target);
  gst_cl_box_blur_plan_pass (&target, src, method, pplan,
      self->planes[p].group_sizes[pplan->variant], &pass);
  GST_LOG_OBJECT (self, "plane %u, %dx%d, radii %d x %d: %s, %"
      G_GSIZE_FORMAT " scratch bytes", p, src->width, src->height, pplan->rx,
      pplan->ry, gst_cl_box_blur_strategy_name (pass.strategy),
      pass.scratch_bytes);
  return ensure_buffer (self, &self->scratch, &self->scratch_size,
      pass.scratch_bytes, error)
      && gst_cl_box_blur_enqueue_pass (context, kernels, &pass, pplan,
      self->scratch, src, dst, error);
}

/* Spare @s of plane @p (of @like's layout) as a plane of @width x
 * @height: built from the geometry alone, nothing of @like's memory (its
 * offset, wrapper or linked buffer) may carry over. */
static GstCLPlane
spare_plane (GstCLBoxBlur * self, const GstCLBoxBlurPlan * plan, guint s,
    guint p, const GstCLPlane * like, gint width, gint height)
{
  GstCLPlane spare = {
    .mem = plan->spare_images ? self->spare_images[s][p] : self->spares[s],
    .width = width,
    .height = height,
    .channels = like->channels,
    .depth = like->depth,
    .pitch = width * like->channels,
    .w_sub = like->w_sub,
    .h_sub = like->h_sub,
  };

  return spare;
}

/* Passes alternate between @out and plane @p's spare, so that the last
 * writes @out: no pass runs in place. */
static gboolean
run_passes (GstCLBoxBlur * self, const GstCLBoxBlurPlan * plan, guint p,
    const GstCLPlane * in, const GstCLPlane * out, GError ** error)
{
  const GstCLPlane spare = spare_plane (self, plan, 0, p, out, out->width,
      out->height);
  const GstCLPlane *src = in;

  for (guint i = 0; i < plan->passes; i++) {
    const GstCLPlane *dst = (plan->passes - 1 - i) % 2 ? &spare : out;
    guint box = gst_cl_box_blur_plan_box (plan, i);

    if (!run_pass (self, p, plan->method, &plan->boxes[box][p], src, dst,
            error))
      return FALSE;
    src = dst;
  }
  return TRUE;
}

static gboolean
frames_in_images (GstCLBoxBlur * self)
{
  return gst_cl_filter_get_storage (GST_CL_FILTER (self)) ==
      GST_CL_STORAGE_IMAGE;
}

/* Blurs @job's part of plane @p of @in, as a plane of its own, between
 * the two spares, and copies its rectangles into @out: the whole plane's
 * blur there (gst_cl_box_blur_plan_regions ()). */
static gboolean
blur_part (GstCLBoxBlur * self, const GstCLBoxBlurPlan * plan, guint p,
    const GstCLBoxBlurJob * job, const GstVideoRectangle * rects,
    const GstCLPlane * in, const GstCLPlane * out, GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));
  gboolean images = frames_in_images (self);
  const GstVideoRectangle *part = &job->part;
  GstCLPlane spares[MAX_SPARES], view = *in;
  const GstCLPlane *src = in;
  GstCLBoxBlurTarget target;

  get_target (self, &target);
  for (guint s = 0; s < MAX_SPARES; s++)
    spares[s] = spare_plane (self, plan, s, p, in, part->w, part->h);
  /* The part's source: the plane itself where it is the whole plane, else
   * the part where it lies in a buffer, or a copy of it out of an image
   * into the second spare (which the first pass reads). */
  if (part->w < in->width || part->h < in->height) {
    if (images) {
      if (!gst_cl_box_blur_enqueue_copy (context, images, in, part,
              &spares[1], 0, 0, error))
        return FALSE;
      src = &spares[1];
    } else {
      view.width = part->w;
      view.height = part->h;
      view.offset += part->y * in->pitch + part->x * (gint) in->channels;
      src = &view;
    }
  }
  for (guint i = 0; i < plan->passes; i++) {
    const GstCLPlane *dst = &spares[i % 2];
    GstCLBoxBlurPlanePlan pp;

    gst_cl_box_blur_plan_part (&target, plan, gst_cl_box_blur_plan_box (plan,
            i), p, dst, &pp);
    if (!ensure_kernels (self, p, in, plan->method, &pp, error)
        || !run_pass (self, p, plan->method, &pp, src, dst, error))
      return FALSE;
    src = dst;
  }
  for (guint r = 0; r < job->n_rects; r++) {
    const GstVideoRectangle *rect = &rects[job->first_rect + r];
    GstVideoRectangle from = { rect->x - part->x, rect->y - part->y,
      rect->w, rect->h
    };

    if (!gst_cl_box_blur_enqueue_copy (context, images, src, &from, out,
            rect->x, rect->y, error))
      return FALSE;
  }
  return TRUE;
}

/* Only the regions of interest blurred: the source copied into @out (by
 * OpenCL's copy commands), then each part blurred and its rectangles
 * copied over it. Without regions, the copy alone: no kernel. */
static gboolean
process_regions (GstCLBoxBlur * self, const GstCLBoxBlurPlan * plan,
    const GstCLFrame * in, const GstCLFrame * out, GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));
  GstCLBoxBlurTarget target;
  GstCLBoxBlurRegionPlan rplan;
  guint field, fields;
  gboolean ok = TRUE;

  get_target (self, &target);
  gst_cl_filter_get_field (GST_CL_FILTER (self), &field, &fields);
  gst_cl_box_blur_plan_regions (&target, in, plan,
      (const GstCLBoxBlurRegion *) self->regions->data, self->regions->len,
      self->frame.region_margin, field, fields, &rplan);
  for (guint s = 0; ok && !plan->spare_images && s < MAX_SPARES; s++)
    ok = ensure_buffer (self, &self->spares[s], &self->spare_sizes[s],
        rplan.spare_bytes, error);
  for (guint p = 0; ok && p < in->n_planes; p++) {
    const GstCLPlane *src = &in->planes[p], *dst = &out->planes[p];
    const GstCLBoxBlurPlaneRegions *pr = &rplan.planes[p];
    GstVideoRectangle whole = { 0, 0, src->width, src->height };

    GST_LOG_OBJECT (self, "plane %u: %u rectangles of %u regions in %u "
        "parts", p, pr->rects->len, self->regions->len, pr->jobs->len);
    ok = gst_cl_box_blur_enqueue_copy (context, frames_in_images (self), src,
        &whole, dst, 0, 0, error);
    for (guint j = 0; ok && j < pr->jobs->len; j++)
      ok = blur_part (self, plan, p, &g_array_index (pr->jobs,
              GstCLBoxBlurJob, j), (const GstVideoRectangle *) pr->rects->data,
          src, dst, error);
  }
  gst_cl_box_blur_region_plan_clear (&rplan);
  return ok;
}

static gboolean
params_passthrough (const GstCLBoxBlurSettings * params)
{
  return gst_cl_box_blur_is_identity (params);
}

static void
gst_cl_box_blur_close (GstCLFilter * filter)
{
  GstCLBoxBlur *self = GST_CL_BOX_BLUR (filter);

  clear_planes (self);
}

static gboolean
gst_cl_box_blur_set_info (GstCLFilter * filter, const GstCLFrame * in,
    const GstCLFrame * out, GError ** error)
{
  GstCLBoxBlur *self = GST_CL_BOX_BLUR (filter);
  GstCLBoxBlurSettings params;
  GstCLBoxBlurPlan plan;

  clear_planes (self);
  self->n_planes = in->n_planes;

  GST_OBJECT_LOCK (self);
  params = self->params;
  GST_OBJECT_UNLOCK (self);

  /* Build the kernels now, so that a device failure shows in negotiation. */
  return prepare (self, in, &params, &plan, error);
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

  if (!prepare (self, in, &self->frame, &plan, error))
    return FALSE;

  GST_OBJECT_LOCK (self);
  if (self->active_method != plan.method)
    GST_INFO_OBJECT (self, "blurring with the %s method",
        gst_cl_box_blur_method_name (plan.method));
  self->active_method = plan.method;
  GST_OBJECT_UNLOCK (self);

  if (self->frame.regions)
    return process_regions (self, &plan, in, out, error);
  for (guint p = 0; p < in->n_planes; p++)
    if (!run_passes (self, &plan, p, &in->planes[p], &out->planes[p], error))
      return FALSE;
  return TRUE;
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
}

static void
gst_cl_box_blur_finalize (GObject * object)
{
  GstCLBoxBlur *self = GST_CL_BOX_BLUR (object);

  g_array_unref (self->regions);
  G_OBJECT_CLASS (parent_class)->finalize (object);
  self->active_method = GST_CL_BOX_BLUR_METHOD_AUTO;
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
