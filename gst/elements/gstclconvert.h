/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gstclbaseconvert.h"

G_BEGIN_DECLS

#define GST_TYPE_CL_CONVERT (gst_cl_convert_get_type ())
G_DECLARE_FINAL_TYPE (GstCLConvert, gst_cl_convert, GST, CL_CONVERT,
    GstCLBaseConvert)

G_END_DECLS
