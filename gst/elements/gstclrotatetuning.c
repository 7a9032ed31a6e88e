/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclrotatetuning.h"

/* Measured on an H100 (NVIDIA_GPU) and with PoCL (CPU); other GPUs take
 * NVIDIA's values. */
/* Both kinds of CPU: measured alike. */
#define CPU_ROW \
  .prefers_buffers = FALSE, \
  .wide = TRUE, \
  .native_bicubic = TRUE

static const GstCLRotateTuning tuning[GST_CL_DEVICE_N_CLASSES] = {
  [GST_CL_DEVICE_CLASS_CPU] = {CPU_ROW},
  [GST_CL_DEVICE_CLASS_CPU_AVX512] = {CPU_ROW},
  [GST_CL_DEVICE_CLASS_NVIDIA_GPU] = {
        .prefers_buffers = FALSE,
        .wide = TRUE,
        .native_bicubic = TRUE,
      },
  [GST_CL_DEVICE_CLASS_GPU] = {
        .prefers_buffers = FALSE,
        .wide = TRUE,
        .native_bicubic = TRUE,
      },
};

const GstCLRotateTuning *
gst_cl_rotate_tuning (GstCLDeviceClass device_class)
{
  g_return_val_if_fail (device_class < GST_CL_DEVICE_N_CLASSES, &tuning[0]);
  return &tuning[device_class];
}
