/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The plan of a colour conversion between two frames, scaled or not:
 * from the caps' formats and colorimetry, the affine map from input code
 * values to output code values, the chroma siting on each side, the
 * build options of the conversion kernels (kernels/convert.cl) and, where
 * the picture changes size, the (B, C) cubic's tables. Pure host code,
 * with no device: clconvert, clconvertscale and their tests share it.
 */
#pragma once

#include <gst/video/video.h>
#include <gst/opencl/gstclframe.h>

G_BEGIN_DECLS

/* The formats the conversion kernel reads and writes: every format the
 * library lays out. */
#define GST_CL_CONVERT_FORMATS GST_CL_ALL_FORMATS

/* How a scaled conversion resamples. */
typedef struct
{
  gdouble b;
  gdouble c;
  gboolean antialias;
} GstCLConvertScaleSettings;

/* Where the picture is resampled from, for convert_scale_frame: for the
 * output's pixels (grid 0) and its chroma samples (grid 1, where the
 * output subsamples chroma), from the input's pixels (0) and its chroma
 * samples (1, where the input subsamples chroma), an x and a y table:
 * table t = (out_grid * 2 + in_grid) * 2 + axis. Output sample i of a
 * table takes input taps starts[i] .. starts[i] + taps - 1 (clamped),
 * with weights[k * size + i]. */
#define GST_CL_CONVERT_TABLES 8

typedef struct
{
  gint start;                   /* its first entry in the plan's starts */
  gint weight;                  /* in the plan's weights */
  gint taps;
  gint size;                    /* output samples */
} GstCLConvertTable;

/* The kernel's needs: which input components an output sample reads
 * (-DPIXEL_NEEDS, -DCHROMA_NEEDS of kernels/convert.cl). */
#define GST_CL_CONVERT_NEEDS_LUMA 1     /* component 0: Y, R or gray */
#define GST_CL_CONVERT_NEEDS_CHROMA 2   /* components 1 and 2 */
#define GST_CL_CONVERT_NEEDS_ALPHA 4

/* CPU devices resample in two passes (kernels/convertscale.cl under
 * -DGST_CL_VECTORS) through a float intermediate: for each output grid,
 * the rows pass resamples along x, at the grid's columns of the picture,
 * every input row of each component the grid reads (those of @needs)
 * into a plane of its own, which the columns pass resamples down. */
#define GST_CL_CONVERT_RUN 16   /* samples of a run the passes make */

/* The output pixels of a work-group of convert_scale_tiles (GPUs), and
 * the rows of a tile's column a work-item makes. */
#define GST_CL_CONVERT_TILE_W 32
#define GST_CL_CONVERT_TILE_H 32
#define GST_CL_CONVERT_TILE_ITEM_ROWS 8

typedef struct
{
  /* The components the grid reads (GST_CL_CONVERT_NEEDS_*), by the input
   * grid they lie on (0: its pixels, 1: its chroma samples where it
   * subsamples chroma), for the rows pass from each. */
  guint needs[2];
  /* Where the planes of components 0, 1, 2 and alpha start, in floats
   * from the intermediate's start; -1: not read. A plane has as many
   * rows as the input grid the component lies on. */
  gint planes[4];
  gint pitch;                   /* floats a row: the picture's width on
                                 * the grid, rounded up to a run; 0: the
                                 * output has no such grid */
} GstCLConvertIntermediate;

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

  /* The picture changes size (or is letterboxed): convert_scale_frame,
   * with the rest below; else convert_frame. */
  gboolean scales;
  GstVideoRectangle rect;       /* the picture on the output, in pixels */
  GstVideoRectangle chroma_rect;        /* on its chroma samples */
  gdouble border[4];            /* output code values around the picture:
                                 * black, opaque */
  GstCLConvertTable tables[GST_CL_CONVERT_TABLES];
  /* The taps of every table, where all have as many (the one-pass
   * kernels' -DCUBIC_TAPS); 0 where they differ. */
  gint uniform_taps;
  /* The one-pass kernel can work in tiles (convert_scale_tiles): every
   * table has 4 taps (the cubic's support, where nothing is
   * antialiased), the output does not subsample chroma, and any
   * GST_CL_CONVERT_TILE_H consecutive output rows read at most
   * GST_CL_CONVERT_TILE_H + taps input rows (the picture does not shrink
   * along y). */
  gboolean tiles;
  /* The tables of the kernel's argument: for each table, its entries of
   * GstCLConvertTable, then all the starts. */
  gint *starts;
  gsize n_starts;
  gfloat *weights;
  gsize n_weights;
  /* The two passes' intermediate: for each output grid (0: pixels, 1:
   * chroma samples where the output subsamples chroma), and its size. */
  GstCLConvertIntermediate intermediate[2];
  gsize intermediate_floats;
} GstCLConvertPlan;

gboolean gst_cl_convert_format_supported (GstVideoFormat format);

void gst_cl_convert_range (const GstVideoFormatInfo * finfo,
    GstVideoColorRange range, gdouble offset[3], gdouble scale[3]);

gboolean gst_cl_convert_plan_make (GstCLConvertPlan * plan,
    const GstVideoInfo * in, const GstVideoInfo * out,
    const GstVideoRectangle * picture,
    const GstCLConvertScaleSettings * settings, GError ** error);

void gst_cl_convert_plan_clear (GstCLConvertPlan * plan);

G_END_DECLS
