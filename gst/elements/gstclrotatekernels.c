/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclrotatekernels.h"
#include "gstclkernels.h"

/**
 * gst_cl_rotate_kernels_clear:
 *
 * Releases the kernels; the sampler stays, for the context's life.
 */
void
gst_cl_rotate_kernels_clear (GstCLContext * context,
    GstCLRotateKernels * kernels)
{
  for (guint p = 0; p < GST_VIDEO_MAX_PLANES; p++) {
    for (guint m = 0; m < GST_CL_ROTATE_N_METHODS; m++)
      gst_cl_clear_kernel (context, &kernels->rotate[p][m]);
    gst_cl_clear_kernel (context, &kernels->direction[p]);
  }
}

/* The kernel of @plan for @plane (and the native sampler it reads
 * through), built on first use. */
static cl_kernel
ensure_kernel (GstCLFilter * filter, GstCLRotateKernels * kernels,
    guint plane, const GstCLPlane * layout, const GstCLRotatePlanePlan * plan,
    GError ** error)
{
  static const gchar *const sources[] = {
    gst_cl_kernel_common, gst_cl_kernel_rotate, NULL
  };
  static const gchar *const direction_sources[] = {
    gst_cl_kernel_common, gst_cl_kernel_direction, NULL
  };

  if (plan->fixed) {
    if (kernels->direction[plane] == NULL)
      kernels->direction[plane] = gst_cl_filter_create_kernel (filter,
          "direction", direction_sources, layout, NULL, plan->kernel, error);
    return kernels->direction[plane];
  }
  if (kernels->rotate[plane][plan->method])
    return kernels->rotate[plane][plan->method];

  if (plan->native && kernels->bicubic_sampler == NULL) {
    kernels->bicubic_sampler = gst_cl_context_create_bicubic_sampler
        (gst_cl_filter_get_context (filter), error);
    if (kernels->bicubic_sampler == NULL)
      return NULL;
  }
  kernels->rotate[plane][plan->method] = gst_cl_filter_create_kernel (filter,
      "rotate", sources, layout, plan->options, plan->kernel, error);
  return kernels->rotate[plane][plan->method];
}

/* @kernel's arguments begin with the planes it reads and writes and
 * their sizes. */
static void
add_planes (GstCLArgs * args, cl_kernel kernel, const GstCLPlane * src,
    const GstCLPlane * dst)
{
  gst_cl_args_init (args, kernel);
  gst_cl_args_add_sized_plane (args, src);
  gst_cl_args_add_sized_plane (args, dst);
}

/* A fixed direction on @plane: pixels moved as @plan says. */
static gboolean
move_plane (GstCLFilter * filter, GstCLRotateKernels * kernels,
    const GstCLRotatePlanePlan * plan, guint plane, const GstCLFrame * in,
    GstCLFrame * out, GError ** error)
{
  const GstCLPlane *src = &in->planes[plane];
  const GstCLPlane *dst = &out->planes[plane];
  GstCLContext *context = gst_cl_filter_get_context (filter);
  cl_kernel kernel = ensure_kernel (filter, kernels, plane, src, plan, error);
  GstCLArgs args;

  if (kernel == NULL)
    return FALSE;
  add_planes (&args, kernel, src, dst);
  gst_cl_args_add_int (&args, plan->origin[0]);
  gst_cl_args_add_int (&args, plan->origin[1]);
  for (guint i = 0; i < 4; i++)
    gst_cl_args_add_int (&args, plan->moves[i]);

  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_2d (context, kernel, plan->items[0],
      plan->items[1], error);
}

/**
 * gst_cl_rotate_kernels_run_plane:
 * @background: 0xAARRGGBB of the output pixels from outside the source
 *
 * Enqueues @plan's kernel for @plane of @in into @out, built first where
 * it is not yet.
 */
gboolean
gst_cl_rotate_kernels_run_plane (GstCLFilter * filter,
    GstCLRotateKernels * kernels, const GstCLRotatePlanePlan * plan,
    guint plane, const GstCLFrame * in, GstCLFrame * out,
    guint32 background, GError ** error)
{
  const GstCLPlane *src = &in->planes[plane];
  const GstCLPlane *dst = &out->planes[plane];
  GstCLContext *context = gst_cl_filter_get_context (filter);
  cl_float2 bc = { {GST_CL_ROTATE_CUBIC_B, GST_CL_ROTATE_CUBIC_C} };
  cl_kernel kernel;
  const gdouble *m = plan->matrix, *pv = plan->pivots;
  GstCLArgs args;
  gfloat bg[4];

  if (plan->fixed)
    return move_plane (filter, kernels, plan, plane, in, out, error);
  kernel = ensure_kernel (filter, kernels, plane, src, plan, error);
  if (kernel == NULL)
    return FALSE;
  gst_cl_frame_plane_color (&out->info, plane, background, bg);

  add_planes (&args, kernel, src, dst);
  gst_cl_args_add_float4 (&args, m[0], m[1], m[2], m[3]);
  gst_cl_args_add_float4 (&args, pv[0], pv[1], pv[2], pv[3]);
  gst_cl_args_add (&args, sizeof (bc), &bc);
  gst_cl_args_add_float4 (&args, bg[0], bg[1], bg[2], bg[3]);
  if (plan->native)
    gst_cl_args_add (&args, sizeof (cl_sampler), &kernels->bicubic_sampler);

  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_2d (context, kernel, plan->items[0],
      plan->items[1], error);
}
