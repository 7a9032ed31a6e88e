/* gst-opencl: an OpenCL layer that makes any device say it is a GPU
 * (CL_DEVICE_TYPE_GPU and no other type), so that the tests run on CPU
 * devices what the elements choose for GPUs: with frames in buffers the
 * one-pixel kernels, not the vector ones of CPU devices, and the GPUs'
 * work-groups and kernel choices.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Loaded by the ICD loader from OPENCL_LAYERS (the cl_loader_layers
 * interface of CL/cl_layer.h), it sits on the loader's dispatch table;
 * the rest goes to the driver unchanged.
 *
 * Built for the tests only, never installed.
 */

#include "layer-info.h"

#include <CL/cl_layer.h>

LAYER_TARGET;

static cl_int CL_API_CALL
layer_get_device_info (cl_device_id device, cl_device_info param,
    size_t value_size, void *value, size_t *value_size_ret)
{
  static const cl_device_type type = CL_DEVICE_TYPE_GPU;

  if (param == CL_DEVICE_TYPE)
    return layer_return_info (&type, sizeof (type), value_size, value,
        value_size_ret);
  return target->clGetDeviceInfo (device, param, value_size, value,
      value_size_ret);
}

LAYER_DEFINE_DEVICE_INFO ("gst-opencl test layer: a GPU",
    layer_get_device_info)
