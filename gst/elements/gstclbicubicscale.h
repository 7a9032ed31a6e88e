/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gstclfilter.h"
#include "gstclbicubicscaleplan.h"
#include "gstclcubic.h"

G_BEGIN_DECLS

#define GST_TYPE_CL_BICUBIC_SCALE (gst_cl_bicubic_scale_get_type ())
G_DECLARE_FINAL_TYPE (GstCLBicubicScale, gst_cl_bicubic_scale, GST,
    CL_BICUBIC_SCALE, GstCLFilter)

G_END_DECLS
