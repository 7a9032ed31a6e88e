/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * How fast clrotate runs on each kind of device: the choices its planner
 * (gstclrotateplan.h) reads, one row a GstCLDeviceClass. None of them
 * changes a pixel. The measurements behind them are in
 * tests/benchmarks/performance-notes.md, under the field names.
 */
#pragma once

#include <gst/opencl/gstcldevice.h>

G_BEGIN_DECLS

typedef struct
{
  /* storage=auto takes buffers where it would take images (GPUs) */
  gboolean prefers_buffers;
  /* frames in buffers run the vector kernel where the filter offers it */
  gboolean vectors;
  /* method=bicubic on images reads through cl_qcom_filter_bicubic where
   * the device has it */
  gboolean native_bicubic;
} GstCLRotateTuning;

const GstCLRotateTuning *gst_cl_rotate_tuning (GstCLDeviceClass device_class);

G_END_DECLS
