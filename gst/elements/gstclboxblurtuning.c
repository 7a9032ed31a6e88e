/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclboxblurtuning.h"

/* The sizes of the kernels that share scans across work-groups, measured
 * on NVIDIA's H100, for every device that runs them (GPUs, and CPU
 * devices with frames in images). */
#define GROUP_KERNELS \
  .segment_rows = 32, \
  .scan_run = 2, \
  .sat_rows_items = 512, \
  .sat_columns_columns = 8, \
  .sat_columns_bands = 64, \
  .tile_w = 32, \
  .tile_items_y = 8, \
  .tall_tile_rows = 8, \
  .short_tile_rows = 4, \
  .tile_radius = 28, \
  .min_chunk_rows = 16, \
  .tile_hsum_run = 16, \
  .local_mem_reserve = 1024, \
  .strip_items = 256, \
  .strip_step_rows = 2, \
  .tall_strip_ry = 16, \
  .short_strip_rows = 16, \
  .tall_strip_rows = 32, \
  .column_windows_items = 512, \
  .window_columns = 8, \
  .copied_columns = 4, \
  .part_columns = 8, \
  .row_windows_items = 256, \
  .row_windows_run = 8, \
  .min_segment_rx = 2

/* Both kinds of CPU: measured alike (the regions' limits on PoCL only). */
#define CPU_ROW \
  .large_plane_bytes = 24 << 20, \
  .cpu_band_rows = 32, \
  .region_max_parts = 32, \
  .region_whole_percent = 100, \
  GROUP_KERNELS

static const GstCLBoxBlurTuning tuning[GST_CL_DEVICE_N_CLASSES] = {
  /* auto takes separable's CPU kernels; the GPU radii do not apply */
  [GST_CL_DEVICE_CLASS_CPU] = {CPU_ROW},
  [GST_CL_DEVICE_CLASS_CPU_AVX512] = {CPU_ROW},
  [GST_CL_DEVICE_CLASS_NVIDIA_GPU] = {
        .separable_radius = 14,
        .buffer_separable_radius = 8,
        .large_buffer_separable_radius = 5,
        .large_image_separable_radius = 9,
        .large_plane_bytes = 24 << 20,
        .prefers_buffers = TRUE,
        .cpu_band_rows = 32,
        .strips = TRUE,
        .strip_radius = 24,
        .strip_image_radius = 15,
        .strip_parts_radius = 12,
        .strip_parts_image_radius = 8,
        /* not measured: a part's launches about as long as the blur of a
         * 1080p frame */
        .region_max_parts = 8,
        .region_whole_percent = 25,
      GROUP_KERNELS},
  /* measured on NVIDIA's GPUs only: their radius for every plane */
  [GST_CL_DEVICE_CLASS_GPU] = {
        .separable_radius = 14,
        .buffer_separable_radius = 14,
        .large_buffer_separable_radius = 14,
        .large_image_separable_radius = 14,
        .large_plane_bytes = 24 << 20,
        .cpu_band_rows = 32,
        .region_max_parts = 8,
        .region_whole_percent = 25,
      GROUP_KERNELS},
};

const GstCLBoxBlurTuning *
gst_cl_box_blur_tuning (GstCLDeviceClass device_class)
{
  g_return_val_if_fail (device_class < GST_CL_DEVICE_N_CLASSES, NULL);
  return &tuning[device_class];
}

/**
 * gst_cl_box_blur_tuning_for_device:
 *
 * Returns: the row of @device's class; NVIDIA_GPU's for any device with
 * NVIDIA's warps, the same devices but for a CPU device given them by the
 * tests' warps layer, which is there to run the kernels NVIDIA's GPUs run.
 */
const GstCLBoxBlurTuning *
gst_cl_box_blur_tuning_for_device (const GstCLDeviceInfo * device)
{
  return gst_cl_box_blur_tuning (device->ptx_warps ?
      GST_CL_DEVICE_CLASS_NVIDIA_GPU : device->device_class);
}
