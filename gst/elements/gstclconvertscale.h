/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gstclbaseconvert.h"

G_BEGIN_DECLS

#define GST_TYPE_CL_CONVERT_SCALE (gst_cl_convert_scale_get_type ())
G_DECLARE_FINAL_TYPE (GstCLConvertScale, gst_cl_convert_scale, GST,
    CL_CONVERT_SCALE, GstCLBaseConvert)

G_END_DECLS
