/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The (B, C) cubic family of Mitchell and Netravali that the scalers
 * resample with: its named members and the tables of an axis (for each
 * output sample, its first input tap and the weights of its taps). Pure
 * host code: clbicubicscale, clconvertscale and their tests share it.
 */
#pragma once

#include <gst/gst.h>

G_BEGIN_DECLS

typedef enum
{
  GST_CL_BICUBIC_FILTER_CATMULL_ROM,
  GST_CL_BICUBIC_FILTER_MITCHELL,
  GST_CL_BICUBIC_FILTER_B_SPLINE,
  GST_CL_BICUBIC_FILTER_SHARP,
  GST_CL_BICUBIC_FILTER_CUSTOM,
} GstCLBicubicFilter;

#define GST_TYPE_CL_BICUBIC_FILTER (gst_cl_bicubic_filter_get_type ())
GType gst_cl_bicubic_filter_get_type (void);

void gst_cl_bicubic_filter_get_bc (GstCLBicubicFilter filter, gdouble * b,
    gdouble * c);

/* Where the samples of an axis lie. Positions are in pixels of each
 * side's full-resolution grid, pixel k covering [k, k + 1). Output sample
 * I (from out_first) is centred at (I + out_site) * out_step; the
 * picture starts at output pixel origin and an output pixel is scale
 * input pixels; input sample k is centred at (k + in_site) * in_step. A
 * plane at full resolution has step 1 and site 0.5; a plane subsampled
 * by 2 has step 2 and site 0.5 (chroma between two luma samples) or 0.25
 * (on the first). */
typedef struct
{
  gint in_size;                 /* input samples */
  gint out_size;                /* output samples */
  gint out_first;
  gdouble out_site;
  gdouble out_step;
  gdouble origin;
  gdouble scale;
  gdouble in_step;
  gdouble in_site;
} GstCLCubicAxis;

void gst_cl_cubic_axis_init (GstCLCubicAxis * axis, gint in_size,
    gint out_size);

gint gst_cl_cubic_axis_taps (const GstCLCubicAxis * axis, gboolean antialias);

void gst_cl_cubic_axis_table (const GstCLCubicAxis * axis, gdouble b,
    gdouble c, gboolean antialias, gint * starts, gfloat * weights);

G_END_DECLS
