/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * clrotate's device side: the kernels of a plan, built on first use for
 * each plane, and a plane's kernel enqueued with its arguments.
 */
#pragma once

#include "gstclfilter.h"
#include "gstclrotateplan.h"

G_BEGIN_DECLS

/* The kernels per plane and method, the fixed directions' per plane,
 * and the native bicubic sampler, made on first use. */
typedef struct
{
  cl_kernel rotate[GST_VIDEO_MAX_PLANES][GST_CL_ROTATE_N_METHODS];
  cl_kernel direction[GST_VIDEO_MAX_PLANES];
  cl_sampler bicubic_sampler;
} GstCLRotateKernels;

void gst_cl_rotate_kernels_clear (GstCLContext * context,
    GstCLRotateKernels * kernels);

gboolean gst_cl_rotate_kernels_run_plane (GstCLFilter * filter,
    GstCLRotateKernels * kernels, const GstCLRotatePlanePlan * plan,
    guint plane, const GstCLFrame * in, GstCLFrame * out,
    guint32 background, GError ** error);

G_END_DECLS
