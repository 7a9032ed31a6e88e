/* gst-opencl: what the cl_qcom_filter_bicubic test layer saw.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The layer (qcom-bicubic-layer.c, loaded through OPENCL_LAYERS) exports
 * the functions named below; a test finds them by opening the layer's path
 * again with g_module_open(), which returns the loader's instance.
 */
#pragma once

#include <CL/cl.h>
#include <glib.h>

/* Counts since the process loaded the layer. */
typedef struct
{
  /* samplers asked for with CL_FILTER_BICUBIC_QCOM, through
   * clCreateSampler and clCreateSamplerWithProperties */
  int samplers_created;
  /* of those, released by their last clReleaseSampler */
  int samplers_released;
  /* kernels enqueued while a bicubic sampler was one of their arguments */
  int kernel_runs;
  /* the addressing mode and coordinates of the last bicubic sampler */
  cl_addressing_mode last_addressing;
  cl_bool last_normalized;
} GstCLQcomLayerCounts;

#define GST_CL_QCOM_LAYER_COUNTS_SYMBOL "gst_cl_qcom_layer_get_counts"

typedef void (*GstCLQcomLayerGetCounts) (GstCLQcomLayerCounts * counts);

/* With @refuse, bicubic samplers fail with CL_INVALID_VALUE, as on a
 * driver that does not support the filter mode. */
#define GST_CL_QCOM_LAYER_REFUSE_SYMBOL "gst_cl_qcom_layer_refuse_samplers"

typedef void (*GstCLQcomLayerRefuseSamplers) (gboolean refuse);
