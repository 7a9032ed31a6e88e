/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gstclfilter.h"
#include "gstclbicubicscaleplan.h"

G_BEGIN_DECLS

#define GST_TYPE_CL_BICUBIC_SCALE (gst_cl_bicubic_scale_get_type ())
G_DECLARE_FINAL_TYPE (GstCLBicubicScale, gst_cl_bicubic_scale, GST,
    CL_BICUBIC_SCALE, GstCLFilter)

typedef enum
{
  GST_CL_BICUBIC_FILTER_CATMULL_ROM,
  GST_CL_BICUBIC_FILTER_MITCHELL,
  GST_CL_BICUBIC_FILTER_B_SPLINE,
  GST_CL_BICUBIC_FILTER_SHARP,
  GST_CL_BICUBIC_FILTER_CUSTOM,
} GstCLBicubicFilter;

G_END_DECLS
