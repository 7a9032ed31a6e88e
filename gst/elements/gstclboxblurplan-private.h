/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What clboxblur's planner (gstclboxblurplan.c) shares with its pass
 * planner (gstclboxblurpassplan.c): the kernels' anchors, the scratch
 * memory and the kinds of kernels. Not for the element.
 */
#pragma once

#include "gstclboxblurplan.h"
#include "gstclboxblurtuning.h"

G_BEGIN_DECLS

/* Rows from one anchor of sat's column-window sums to the next, and the
 * bits of a sum an anchor drops (-DCOLUMN_ANCHORS): a sum of 8-bit values
 * then lies within 63 * 255 + 2^13 < 2^15 of the middle of its anchor's
 * range (boxblur.cl), and an anchor's byte holds the largest window's. */
#define ANCHOR_ROWS 64
#define ANCHOR_SHIFT 14
G_STATIC_ASSERT ((ANCHOR_ROWS - 1) * 255 + (1 << (ANCHOR_SHIFT - 1)) <
    1 << 15);
G_STATIC_ASSERT ((2 * GST_CL_BOX_BLUR_MAX_RADIUS + 1) * 255 >> ANCHOR_SHIFT
    <= G_MAXUINT8);

gsize gst_cl_box_blur_cpu_bands (const GstCLBoxBlurTuning * t,
    const GstCLPlane * plane);

gsize gst_cl_box_blur_cpu_sums_rows (const GstCLBoxBlurTuning * t,
    const GstCLPlane * plane, const GstCLBoxBlurPlanePlan * pp);

gsize gst_cl_box_blur_cpu_tmp_pitch (const GstCLPlane * plane);

gsize gst_cl_box_blur_scratch_bytes (const GstCLBoxBlurTuning * t,
    const GstCLPlane * plane, const GstCLBoxBlurPlanePlan * pp,
    GstCLBoxBlurMethod method);

gboolean gst_cl_box_blur_copies_columns (const GstCLPlane * plane);

gboolean gst_cl_box_blur_uses_group_scans (const GstCLBoxBlurTarget * target);

G_END_DECLS
