/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * clboxblur's device side for whole frames: each plane's kernels, built
 * on first use, the scratch buffer and the spare planes the passes go
 * through, and a plan run over the frame or over its regions of
 * interest. It logs in clboxblur's category.
 */
#pragma once

#include "gstclboxblurregionsplan.h"
#include "gstclfilter.h"

G_BEGIN_DECLS

GST_DEBUG_CATEGORY_EXTERN (gst_cl_box_blur_debug);      /* clboxblur */

/* Spare planes: one beside the output for passes, two for the parts of
 * regions of interest (gst_cl_box_blur_plan ()). */
#define GST_CL_BOX_BLUR_MAX_SPARES 2

/* A plane's kernels, built on first use per variant, and the most items
 * a group of each may have. */
typedef struct
{
  cl_kernel kernels[GST_CL_BOX_BLUR_N_VARIANTS][GST_CL_BOX_BLUR_N_KERNELS];
  gsize group_sizes[GST_CL_BOX_BLUR_N_VARIANTS][GST_CL_BOX_BLUR_N_KERNELS];
} GstCLBoxBlurPlaneKernels;

typedef struct
{
  GstCLBoxBlurPlaneKernels planes[GST_VIDEO_MAX_PLANES];
  cl_mem scratch;               /* row sums, SAT or column windows, reused
                                 * by every plane */
  gsize scratch_size;
  /* planes between passes, in buffers */
  cl_mem spares[GST_CL_BOX_BLUR_MAX_SPARES];
  gsize spare_sizes[GST_CL_BOX_BLUR_MAX_SPARES];
  /* or in images, by plane */
  cl_mem spare_images[GST_CL_BOX_BLUR_MAX_SPARES][GST_VIDEO_MAX_PLANES];
} GstCLBoxBlurRunner;

void gst_cl_box_blur_runner_clear (GstCLFilter * filter,
    GstCLBoxBlurRunner * runner);

gboolean gst_cl_box_blur_runner_prepare (GstCLFilter * filter,
    GstCLBoxBlurRunner * runner, const GstCLFrame * frame,
    const GstCLBoxBlurSettings * settings, GstCLBoxBlurPlan * plan,
    GError ** error);

gboolean gst_cl_box_blur_runner_blur (GstCLFilter * filter,
    GstCLBoxBlurRunner * runner, const GstCLBoxBlurPlan * plan,
    const GstCLFrame * in, const GstCLFrame * out, GError ** error);

gboolean gst_cl_box_blur_runner_blur_regions (GstCLFilter * filter,
    GstCLBoxBlurRunner * runner, const GstCLBoxBlurPlan * plan,
    const GstCLFrame * in, const GstCLFrame * out,
    const GstCLBoxBlurRegion * regions, guint n_regions, guint margin,
    GError ** error);

G_END_DECLS
