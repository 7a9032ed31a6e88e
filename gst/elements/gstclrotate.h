/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gstclfilter.h"

G_BEGIN_DECLS

#define GST_TYPE_CL_ROTATE (gst_cl_rotate_get_type ())
G_DECLARE_FINAL_TYPE (GstCLRotate, gst_cl_rotate, GST, CL_ROTATE, GstCLFilter)

typedef enum
{
  GST_CL_ROTATE_METHOD_NEAREST,
  GST_CL_ROTATE_METHOD_BILINEAR,
  GST_CL_ROTATE_METHOD_BICUBIC,
} GstCLRotateMethod;

typedef enum
{
  GST_CL_ROTATE_OUTPUT_SAME,
  GST_CL_ROTATE_OUTPUT_FIT,
} GstCLRotateOutputSize;

void gst_cl_rotate_fit_size (gdouble angle, gint width, gint height,
    gint par_n, gint par_d, gint * out_width, gint * out_height,
    gint * out_par_n, gint * out_par_d);

G_END_DECLS
