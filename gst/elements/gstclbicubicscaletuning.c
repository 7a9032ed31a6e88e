/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclbicubicscaletuning.h"

/* Measured on an H100 (NVIDIA_GPU) and with PoCL (CPU, CPU_AVX512); other
 * GPUs take NVIDIA's values. CPU devices run scale_tiles only with images, with
 * the GPU values. */
/* The two kinds of CPU differ in the window taps alone, which only
 * AVX-512's permutes make faster. */
#define CPU_ROW(window) \
  .buffers_max_shrink = 5, \
  .columns_first = TRUE, \
  .constant_tap_values = 32, \
  .wide_columns_pass_rows = 4, \
  .window_taps = window, \
  .tile_columns = 16, \
  .tile_shapes = {{8, 8}, {16, 2}, {16, 1}}, \
  .tall_tile_source_share = 2, \
  .tile_values = 4, \
  .tile_min_pixels = 2, \
  .tile_single_pixel_shrink = 2, \
  .tile_gray8_max_taps = 6, \
  .tile_gray8_pixels = 2

static const GstCLBicubicScaleTuning tuning[GST_CL_DEVICE_N_CLASSES] = {
  [GST_CL_DEVICE_CLASS_CPU] = {CPU_ROW (FALSE)},
  [GST_CL_DEVICE_CLASS_CPU_AVX512] = {CPU_ROW (TRUE)},
  [GST_CL_DEVICE_CLASS_NVIDIA_GPU] = {
        .buffers_max_shrink = 5,
        .columns_first = FALSE,
        .constant_tap_values = 32,
        .wide_columns_pass_rows = 4,
        .tile_columns = 16,
        .tile_shapes = {{8, 8}, {16, 2}, {16, 1}},
        .tall_tile_source_share = 2,
        .tile_values = 4,
        .tile_min_pixels = 2,
        .tile_single_pixel_shrink = 2,
        .tile_gray8_max_taps = 6,
        .tile_gray8_pixels = 2,
      },
  [GST_CL_DEVICE_CLASS_GPU] = {
        .buffers_max_shrink = 5,
        .columns_first = FALSE,
        .constant_tap_values = 32,
        .wide_columns_pass_rows = 4,
        .tile_columns = 16,
        .tile_shapes = {{8, 8}, {16, 2}, {16, 1}},
        .tall_tile_source_share = 2,
        .tile_values = 4,
        .tile_min_pixels = 2,
        .tile_single_pixel_shrink = 2,
        .tile_gray8_max_taps = 6,
        .tile_gray8_pixels = 2,
      },
};

const GstCLBicubicScaleTuning *
gst_cl_bicubic_scale_tuning (GstCLDeviceClass device_class)
{
  g_return_val_if_fail (device_class < GST_CL_DEVICE_N_CLASSES, &tuning[0]);
  return &tuning[device_class];
}
