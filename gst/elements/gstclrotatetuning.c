/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclrotatetuning.h"

/* Measured on an H100 (NVIDIA_GPU) and with PoCL (CPU, CPU_AVX512); other
 * GPUs take NVIDIA's values. Every class takes the same values so far. */
#define ROW \
  .prefers_buffers = FALSE, \
  .vectors = TRUE, \
  .native_bicubic = TRUE

static const GstCLRotateTuning tuning[GST_CL_DEVICE_N_CLASSES] = {
  [GST_CL_DEVICE_CLASS_CPU] = {ROW},
  [GST_CL_DEVICE_CLASS_CPU_AVX512] = {ROW},
  [GST_CL_DEVICE_CLASS_NVIDIA_GPU] = {ROW},
  [GST_CL_DEVICE_CLASS_GPU] = {ROW},
};

const GstCLRotateTuning *
gst_cl_rotate_tuning (GstCLDeviceClass device_class)
{
  g_return_val_if_fail (device_class < GST_CL_DEVICE_N_CLASSES, &tuning[0]);
  return &tuning[device_class];
}
