/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gstclfilter.h"
#include "gstclboxblurplan.h"

G_BEGIN_DECLS

#define GST_TYPE_CL_BOX_BLUR (gst_cl_box_blur_get_type ())
G_DECLARE_FINAL_TYPE (GstCLBoxBlur, gst_cl_box_blur, GST, CL_BOX_BLUR,
    GstCLFilter)

G_END_DECLS
