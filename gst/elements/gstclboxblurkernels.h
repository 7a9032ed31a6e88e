/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * clboxblur's kernels run as a pass plan says (gstclboxblurpassplan.h).
 */
#pragma once

#include "gstclboxblurpassplan.h"

G_BEGIN_DECLS

gboolean gst_cl_box_blur_enqueue_pass (GstCLContext * context,
    const cl_kernel * kernels, const GstCLBoxBlurPassPlan * pass,
    const GstCLBoxBlurPlanePlan * pplan, cl_mem scratch,
    const GstCLPlane * src, const GstCLPlane * dst, GError ** error);

gboolean gst_cl_box_blur_enqueue_copy (GstCLContext * context,
    gboolean images, const GstCLPlane * src, const GstVideoRectangle * from,
    const GstCLPlane * dst, gint to_x, gint to_y, GError ** error);

G_END_DECLS
