/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gstclfilter.h"

G_BEGIN_DECLS

#define GST_TYPE_CL_BOX_BLUR (gst_cl_box_blur_get_type ())
G_DECLARE_FINAL_TYPE (GstCLBoxBlur, gst_cl_box_blur, GST, CL_BOX_BLUR,
    GstCLFilter)

typedef enum
{
  GST_CL_BOX_BLUR_METHOD_AUTO,
  GST_CL_BOX_BLUR_METHOD_SEPARABLE,
  GST_CL_BOX_BLUR_METHOD_SAT,
} GstCLBoxBlurMethod;

guint gst_cl_box_blur_plane_radius (guint radius, guint sub);

gboolean gst_cl_box_blur_needs_wide_sums (const GstCLPlane * plane, guint rx,
    guint ry);

gboolean gst_cl_box_blur_choose_method (const GstCLDeviceInfo * device,
    GstCLStorage memory, GstCLBoxBlurMethod requested,
    const GstCLPlane * plane, guint rx, guint ry, GstCLBoxBlurMethod * chosen,
    GError ** error);

gboolean gst_cl_box_blur_prefers_buffers (const GstCLDeviceInfo * device,
    const GstCLPlane * plane, guint rx, guint ry);

G_END_DECLS
