/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * How fast clbicubicscale runs on each kind of device: the thresholds and
 * shapes its planner (gstclbicubicscaleplan.h) reads, one row a
 * GstCLDeviceClass. Their choices run the same arithmetic, except
 * columns_first, whose order of the passes rounds the intermediate
 * differently: a device takes the same order with either storage. The
 * measurements behind them are in tests/benchmarks/performance-notes.md,
 * under the field names.
 */
#pragma once

#include <gst/opencl/gstcldevice.h>

G_BEGIN_DECLS

#define GST_CL_BICUBIC_SCALE_N_TILE_SHAPES 3

/* A work-group shape of scale_tiles: rows of items, and the output rows
 * each item makes. */
typedef struct
{
  gint items_y;
  gint rows;
} GstCLBicubicScaleTileShape;

typedef struct
{
  /* storage=auto keeps RGB frames in buffers, not images, unless they
   * shrink by more than this on an axis */
  gint buffers_max_shrink;
  /* the two passes run columns first on downscales along y at least as
   * steep as along x (else rows first, or one pass in tiles) */
  gboolean columns_first;
  /* -DX_TAPS: rows taps times channels up to this are build constants */
  gint constant_tap_values;
  /* output rows an item of the vector columns pass makes
   * (-DCOLUMN_PASS_ROWS) */
  gint vector_columns_pass_rows;
  /* runs of GST_CL_VECTOR_VALUES channel values along the row an item of
   * the vector rows pass (rows first) makes (-DROWS_PASS_RUNS) */
  gint vector_rows_pass_runs;
  /* the vector rows pass (rows first) writes the intermediate with
   * non-temporal stores (else plain ones, -DGST_CL_CACHED_ROWS_PASS) */
  gboolean rows_pass_streaming;
  /* the vector rows pass (rows first) prefetches for writing this many
   * bytes ahead of its stores (-DGST_CL_ROWS_PASS_PREFETCH_BYTES; 0:
   * none) */
  gint rows_pass_prefetch_bytes;
  /* the vector columns passes prefetch this many bytes ahead along the
   * rows they read (-DGST_CL_PREFETCH_BYTES; 0: none) */
  gint column_prefetch_bytes;
  /* where not 0, an item of the vector columns pass on the source
   * (columns first) makes this many rows of two runs of
   * GST_CL_VECTOR_VALUES values, and loads and converts each source row
   * it reads once for all of them (-DGST_CL_SHARED_SOURCE_ROWS=n) */
  gint shared_source_rows;
  /* where not 0, rows first in vector kernels runs in one pass,
   * scale_bands, where the ring of intermediate rows takes the taps
   * (gst_cl_bicubic_scale_plan_bands ()): an item makes band_strips runs
   * of GST_CL_VECTOR_VALUES values side by side (-DGST_CL_BAND_STRIPS)
   * down band_rows output rows */
  gint band_rows;
  gint band_strips;
  /* and prefetches the source rows it reads this many rows ahead
   * (-DGST_CL_BAND_PREFETCH_ROWS) */
  gint band_prefetch_rows;
  /* the vector rows pass of 8-bit upscales takes each tap of its pixels from
   * a window of the row by one permute (-DGST_CL_WINDOW_TAPS) */
  gboolean window_taps;
  /* columns of items in a scale_tiles work-group */
  gint tile_columns;
  /* scale_tiles's work-group shapes, the first that fits taken */
  GstCLBicubicScaleTileShape tile_shapes[GST_CL_BICUBIC_SCALE_N_TILE_SHAPES];
  /* the first (tallest) shape only where its tiles read at most 1 / this
   * of their rows in source rows, taps aside */
  gint tall_tile_source_share;
  /* channel values a scale_tiles item makes: -DTILE_PIXELS is this over
   * the channels */
  gint tile_values;
  /* but at least this many pixels an item */
  gint tile_min_pixels;
  /* downscales along y by more than this make one pixel an item */
  gint tile_single_pixel_shrink;
  /* 8-bit planes of one channel whose rows take more taps than this ... */
  gint tile_gray8_max_taps;
  /* ... make this many pixels an item */
  gint tile_gray8_pixels;
} GstCLBicubicScaleTuning;

const GstCLBicubicScaleTuning *gst_cl_bicubic_scale_tuning (GstCLDeviceClass
    device_class);

G_END_DECLS
