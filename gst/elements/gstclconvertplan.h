/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The plan of a colour conversion between two frames of the same size:
 * from the caps' formats and colorimetry, the affine map from input code
 * values to output code values, the chroma siting on each side and the
 * build options of the conversion kernel (kernels/convert.cl). Pure host
 * code, with no device: clconvert and its tests share it.
 */
#pragma once

#include <gst/video/video.h>
#include <gst/opencl/gstclframe.h>

G_BEGIN_DECLS

/* The formats the conversion kernel reads and writes: every format the
 * library lays out. */
#define GST_CL_CONVERT_FORMATS GST_CL_ALL_FORMATS

typedef struct
{
  /* out[i] = sum_j matrix[i][j] * in[j] + offset[i], in code values of
   * each side's components: R, G, B for RGB formats, Y, Cb, Cr for YUV
   * and gray formats (a gray input's chroma is folded into offset). */
  gdouble matrix[3][3];
  gdouble offset[3];
  /* Output alpha = input alpha * alpha_scale where both have alpha. */
  gdouble alpha_scale;
  /* The frames are the same bytes: same format, and the map is the
   * identity wherever it matters. */
  gboolean identity;
  /* Build options for kernels/convert.cl. */
  gchar *options;
} GstCLConvertPlan;

gboolean gst_cl_convert_format_supported (GstVideoFormat format);

void gst_cl_convert_range (const GstVideoFormatInfo * finfo,
    GstVideoColorRange range, gdouble offset[3], gdouble scale[3]);

gboolean gst_cl_convert_plan_make (GstCLConvertPlan * plan,
    const GstVideoInfo * in, const GstVideoInfo * out, GError ** error);

void gst_cl_convert_plan_clear (GstCLConvertPlan * plan);

G_END_DECLS
