/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gstclfilter.h"

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

typedef enum
{
  GST_CL_BICUBIC_SCALE_MODE_AUTO,
  GST_CL_BICUBIC_SCALE_MODE_NATIVE,
  GST_CL_BICUBIC_SCALE_MODE_EMULATED,
} GstCLBicubicScaleMode;

gboolean gst_cl_bicubic_scale_choose_mode (const GstCLDeviceInfo * device,
    GstCLStorage memory, GstCLBicubicScaleMode requested, gdouble b,
    gdouble c, gboolean antialias, gint in_width, gint in_height,
    gint out_width, gint out_height, GstCLBicubicScaleMode * chosen,
    GError ** error);

gboolean gst_cl_bicubic_scale_prefers_buffers (const GstCLDeviceInfo * device,
    GstVideoFormat format, gint in_width, gint in_height, gint out_width,
    gint out_height);

G_END_DECLS
