/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclboxblurrunner.h"
#include "gstclboxblurkernels.h"
#include "gstclkernels.h"

#define GST_CAT_DEFAULT gst_cl_box_blur_debug

/**
 * gst_cl_box_blur_runner_clear:
 *
 * Releases @runner's kernels, scratch buffer and spare planes.
 */
void
gst_cl_box_blur_runner_clear (GstCLFilter * filter, GstCLBoxBlurRunner * runner)
{
  GstCLContext *context = gst_cl_filter_get_context (filter);

  for (guint p = 0; p < GST_VIDEO_MAX_PLANES; p++)
    for (guint v = 0; v < GST_CL_BOX_BLUR_N_VARIANTS; v++)
      for (guint k = 0; k < GST_CL_BOX_BLUR_N_KERNELS; k++)
        gst_cl_clear_kernel (context, &runner->planes[p].kernels[v][k]);
  gst_cl_clear_mem (context, &runner->scratch);
  runner->scratch_size = 0;
  for (guint s = 0; s < GST_CL_BOX_BLUR_MAX_SPARES; s++) {
    gst_cl_clear_mem (context, &runner->spares[s]);
    runner->spare_sizes[s] = 0;
    for (guint p = 0; p < GST_VIDEO_MAX_PLANES; p++)
      gst_cl_clear_mem (context, &runner->spare_images[s][p]);
  }
}

static const gchar *const blur_sources[] = {
  gst_cl_kernel_common, gst_cl_kernel_boxblur, NULL
};

/* What the planner needs of the element's device and storage now. */
static void
get_target (GstCLFilter * filter, GstCLBoxBlurTarget * target)
{
  target->device = gst_cl_filter_get_device (filter);
  target->storage = gst_cl_filter_get_storage (filter);
  target->vectors = gst_cl_filter_wants_vectors (filter);
  target->warps_build = gst_cl_device_builds_ptx_warps (target->device);
}

/* @pplan's kernels for @plane, built with @options, and their group
 * limits; FALSE, and none of them, where one fails. */
static gboolean
create_kernels (GstCLFilter * filter, GstCLBoxBlurRunner * runner, guint p,
    const GstCLPlane * plane, GstCLBoxBlurMethod method,
    const GstCLBoxBlurPlanePlan * pplan, const gchar * options, GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (filter);
  cl_kernel *kernels = runner->planes[p].kernels[pplan->variant];
  gsize *group_sizes = runner->planes[p].group_sizes[pplan->variant];
  const gchar *const *names = pplan->kernel_names;
  gboolean created = TRUE;

  GST_DEBUG_OBJECT (filter, "plane %u: %s kernels, options %s", p,
      gst_cl_box_blur_method_name (method), options);
  for (guint k = 0; created && names[k]; k++) {
    kernels[k] = gst_cl_filter_create_kernel (filter, "boxblur",
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
ensure_kernels (GstCLFilter * filter, GstCLBoxBlurRunner * runner, guint p,
    const GstCLPlane * plane, GstCLBoxBlurMethod method,
    const GstCLBoxBlurPlanePlan * pplan, GError ** error)
{
  const GstCLDeviceInfo *device = gst_cl_filter_get_device (filter);
  GError *warps_error = NULL;

  if (runner->planes[p].kernels[pplan->variant][GST_CL_BOX_BLUR_KERNEL_ROWS])
    return TRUE;

  if (pplan->warps && gst_cl_device_builds_ptx_warps (device)) {
    if (create_kernels (filter, runner, p, plane, method, pplan, pplan->options,
            &warps_error))
      return TRUE;
    if (!g_error_matches (warps_error, GST_CL_ERROR, GST_CL_ERROR_BUILD)) {
      g_propagate_error (error, warps_error);
      return FALSE;
    }
    GST_WARNING_OBJECT (filter, "no warp shuffles, portable scans: %s",
        warps_error->message);
    g_clear_error (&warps_error);
    gst_cl_device_refuse_ptx_warps (device);
  }
  return create_kernels (filter, runner, p, plane, method, pplan,
      pplan->portable_options, error);
}

/* One scratch buffer (and one spare plane) serves every plane in turn (the
 * queue is in order); it only grows, so radius changes do not reallocate it
 * on every frame. */
static gboolean
ensure_buffer (GstCLFilter * filter, cl_mem * mem, gsize * mem_size,
    gsize size, GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (filter);

  if (size <= *mem_size)
    return TRUE;
  gst_cl_clear_mem (context, mem);
  *mem_size = 0;
  GST_DEBUG_OBJECT (filter, "scratch buffer of %" G_GSIZE_FORMAT " bytes",
      size);
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
ensure_spare_image (GstCLFilter * filter, GstCLBoxBlurRunner * runner, guint s,
    guint p, const GstCLPlane * plane, GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (filter);
  cl_mem *image = &runner->spare_images[s][p];

  if (!*image)
    *image = gst_cl_plane_create_image (context, plane, error);
  return *image != NULL;
}

/**
 * gst_cl_box_blur_runner_prepare:
 *
 * The plan of a frame of @frame's layout for @settings, with its kernels
 * and spare planes. The scratch buffer is made when a pass needs it, at
 * its size: box_tiles and box_strips need none.
 */
gboolean
gst_cl_box_blur_runner_prepare (GstCLFilter * filter,
    GstCLBoxBlurRunner * runner, const GstCLFrame * frame,
    const GstCLBoxBlurSettings * settings, GstCLBoxBlurPlan * plan,
    GError ** error)
{
  GstCLBoxBlurTarget target;

  get_target (filter, &target);
  if (!gst_cl_box_blur_plan (&target, frame, settings, plan, error))
    return FALSE;
  for (guint p = 0; p < plan->n_planes; p++) {
    for (guint s = 0; plan->spare_images && s < plan->n_spares; s++)
      if (!ensure_spare_image (filter, runner, s, p, &frame->planes[p], error))
        return FALSE;
    for (guint b = 0; b < plan->n_boxes; b++)
      if (!ensure_kernels (filter, runner, p, &frame->planes[p], plan->method,
              &plan->boxes[b][p], error))
        return FALSE;
  }
  return ensure_buffer (filter, &runner->spares[0], &runner->spare_sizes[0],
      plan->spare_bytes, error);
}

/* One pass of @pplan, a plan of plane @p's, from @src to @dst, which
 * differ and have the geometry @pplan was planned for. */
static gboolean
run_pass (GstCLFilter * filter, GstCLBoxBlurRunner * runner, guint p,
    GstCLBoxBlurMethod method, const GstCLBoxBlurPlanePlan * pplan,
    const GstCLPlane * src, const GstCLPlane * dst, GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (filter);
  const cl_kernel *kernels = runner->planes[p].kernels[pplan->variant];
  GstCLBoxBlurTarget target;
  GstCLBoxBlurPassPlan pass;

  get_target (filter, &target);
  gst_cl_box_blur_plan_pass (&target, src, method, pplan,
      runner->planes[p].group_sizes[pplan->variant], &pass);
  GST_LOG_OBJECT (filter, "plane %u, %dx%d, radii %d x %d: %s, %"
      G_GSIZE_FORMAT " scratch bytes", p, src->width, src->height, pplan->rx,
      pplan->ry, gst_cl_box_blur_strategy_name (pass.strategy),
      pass.scratch_bytes);
  return ensure_buffer (filter, &runner->scratch, &runner->scratch_size,
      pass.scratch_bytes, error)
      && gst_cl_box_blur_enqueue_pass (context, kernels, &pass, pplan,
      runner->scratch, src, dst, error);
}

/* Spare @s of plane @p (of @like's layout) as a plane of @width x
 * @height: built from the geometry alone, nothing of @like's memory (its
 * offset, wrapper or linked buffer) may carry over. */
static GstCLPlane
spare_plane (GstCLBoxBlurRunner * runner, const GstCLBoxBlurPlan * plan,
    guint s, guint p, const GstCLPlane * like, gint width, gint height)
{
  GstCLPlane spare = {
    .mem = plan->spare_images ? runner->spare_images[s][p] : runner->spares[s],
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
run_passes (GstCLFilter * filter, GstCLBoxBlurRunner * runner,
    const GstCLBoxBlurPlan * plan, guint p, const GstCLPlane * in,
    const GstCLPlane * out, GError ** error)
{
  const GstCLPlane spare = spare_plane (runner, plan, 0, p, out, out->width,
      out->height);
  const GstCLPlane *src = in;

  for (guint i = 0; i < plan->passes; i++) {
    const GstCLPlane *dst = (plan->passes - 1 - i) % 2 ? &spare : out;
    guint box = gst_cl_box_blur_plan_box (plan, i);

    if (!run_pass (filter, runner, p, plan->method, &plan->boxes[box][p], src,
            dst, error))
      return FALSE;
    src = dst;
  }
  return TRUE;
}

static gboolean
frames_in_images (GstCLFilter * filter)
{
  return gst_cl_filter_get_storage (filter) == GST_CL_STORAGE_IMAGE;
}

/* Blurs @job's part of plane @p of @in, as a plane of its own, between
 * the two spares, and copies its rectangles into @out: the whole plane's
 * blur there (gst_cl_box_blur_plan_regions ()). */
static gboolean
blur_part (GstCLFilter * filter, GstCLBoxBlurRunner * runner,
    const GstCLBoxBlurPlan * plan, guint p, const GstCLBoxBlurJob * job,
    const GstVideoRectangle * rects, const GstCLPlane * in,
    const GstCLPlane * out, GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (filter);
  gboolean images = frames_in_images (filter);
  const GstVideoRectangle *part = &job->part;
  GstCLPlane spares[GST_CL_BOX_BLUR_MAX_SPARES], view = *in;
  const GstCLPlane *src = in;
  GstCLBoxBlurTarget target;

  get_target (filter, &target);
  for (guint s = 0; s < GST_CL_BOX_BLUR_MAX_SPARES; s++)
    spares[s] = spare_plane (runner, plan, s, p, in, part->w, part->h);
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
    if (!ensure_kernels (filter, runner, p, in, plan->method, &pp, error)
        || !run_pass (filter, runner, p, plan->method, &pp, src, dst, error))
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

/**
 * gst_cl_box_blur_runner_blur:
 *
 * Every plane of @in blurred into @out as @plan says (prepared by
 * gst_cl_box_blur_runner_prepare ()).
 */
gboolean
gst_cl_box_blur_runner_blur (GstCLFilter * filter, GstCLBoxBlurRunner * runner,
    const GstCLBoxBlurPlan * plan, const GstCLFrame * in,
    const GstCLFrame * out, GError ** error)
{
  for (guint p = 0; p < in->n_planes; p++)
    if (!run_passes (filter, runner, plan, p, &in->planes[p], &out->planes[p],
            error))
      return FALSE;
  return TRUE;
}

/**
 * gst_cl_box_blur_runner_blur_regions:
 * @margin: pixels added on every side of each region
 *
 * Only the regions of interest blurred: the source copied into @out (by
 * OpenCL's copy commands), then each part blurred and its rectangles
 * copied over it. Without regions, the copy alone: no kernel.
 */
gboolean
gst_cl_box_blur_runner_blur_regions (GstCLFilter * filter,
    GstCLBoxBlurRunner * runner, const GstCLBoxBlurPlan * plan,
    const GstCLFrame * in, const GstCLFrame * out,
    const GstCLBoxBlurRegion * regions, guint n_regions, guint margin,
    GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (filter);
  GstCLBoxBlurTarget target;
  GstCLBoxBlurRegionPlan rplan;
  guint field, fields;
  gboolean ok = TRUE;

  get_target (filter, &target);
  gst_cl_filter_get_field (filter, &field, &fields);
  gst_cl_box_blur_plan_regions (&target, in, plan, regions, n_regions,
      margin, field, fields, &rplan);
  for (guint s = 0; ok && !plan->spare_images && s < GST_CL_BOX_BLUR_MAX_SPARES;
      s++)
    ok = ensure_buffer (filter, &runner->spares[s], &runner->spare_sizes[s],
        rplan.spare_bytes, error);
  for (guint p = 0; ok && p < in->n_planes; p++) {
    const GstCLPlane *src = &in->planes[p], *dst = &out->planes[p];
    const GstCLBoxBlurPlaneRegions *pr = &rplan.planes[p];
    GstVideoRectangle whole = { 0, 0, src->width, src->height };

    GST_LOG_OBJECT (filter, "plane %u: %u rectangles of %u regions in %u "
        "parts", p, pr->rects->len, n_regions, pr->jobs->len);
    ok = gst_cl_box_blur_enqueue_copy (context, frames_in_images (filter), src,
        &whole, dst, 0, 0, error);
    for (guint j = 0; ok && j < pr->jobs->len; j++)
      ok = blur_part (filter, runner, plan, p, &g_array_index (pr->jobs,
              GstCLBoxBlurJob, j), (const GstVideoRectangle *) pr->rects->data,
          src, dst, error);
  }
  gst_cl_box_blur_region_plan_clear (&rplan);
  return ok;
}
