/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclbicubicscaletuning.h"

/* Measured on an H100 (NVIDIA_GPU) and with PoCL (CPU, CPU_AVX512); other
 * GPUs take NVIDIA's values. CPU devices run scale_tiles only with images,
 * with the GPU values. The rows differ in the order of the passes, the
 * window taps, which only AVX-512's permutes make faster, and the vector
 * kernels' prefetches, rows pass runs, plain stores, shared source rows
 * and bands, measured on an AVX2 CPU only (GPUs run no vector kernels). */
#define ROW(columns_first_, window_taps_, column_prefetch_bytes_, \
    rows_pass_runs_, rows_pass_streaming_, rows_pass_prefetch_bytes_, \
    shared_source_rows_, band_rows_) \
  .buffers_max_shrink = 5, \
  .columns_first = columns_first_, \
  .column_prefetch_bytes = column_prefetch_bytes_, \
  .shared_source_rows = shared_source_rows_, \
  .constant_tap_values = 32, \
  .vector_columns_pass_rows = 4, \
  .vector_rows_pass_runs = rows_pass_runs_, \
  .rows_pass_streaming = rows_pass_streaming_, \
  .rows_pass_prefetch_bytes = rows_pass_prefetch_bytes_, \
  .window_taps = window_taps_, \
  .band_rows = band_rows_, \
  .band_strips = 32, \
  .band_prefetch_rows = 4, \
  .tile_columns = 16, \
  .tile_shapes = {{8, 8}, {16, 2}, {16, 1}}, \
  .tall_tile_source_share = 2, \
  .tile_values = 4, \
  .tile_min_pixels = 2, \
  .tile_single_pixel_shrink = 2, \
  .tile_gray8_max_taps = 6, \
  .tile_gray8_pixels = 2

static const GstCLBicubicScaleTuning tuning[GST_CL_DEVICE_N_CLASSES] = {
  [GST_CL_DEVICE_CLASS_CPU] = {ROW (TRUE, FALSE, 512, 8, FALSE, 512, 2, 64)},
  [GST_CL_DEVICE_CLASS_CPU_AVX512] = {ROW (TRUE, TRUE, 0, 1, TRUE, 0, 0, 0)},
  [GST_CL_DEVICE_CLASS_NVIDIA_GPU] = {ROW (FALSE, FALSE, 0, 1, TRUE, 0, 0, 0)},
  [GST_CL_DEVICE_CLASS_GPU] = {ROW (FALSE, FALSE, 0, 1, TRUE, 0, 0, 0)},
};

const GstCLBicubicScaleTuning *
gst_cl_bicubic_scale_tuning (GstCLDeviceClass device_class)
{
  g_return_val_if_fail (device_class < GST_CL_DEVICE_N_CLASSES, &tuning[0]);
  return &tuning[device_class];
}
