/* gst-opencl: an OpenCL layer that makes any device say it is a GPU
 * (CL_DEVICE_TYPE_GPU and no other type), so that the tests run on CPU
 * devices what the elements choose for GPUs: with frames in buffers the
 * one-pixel kernels, not the wide ones of CPU devices, and the GPUs'
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

static const cl_icd_dispatch *target;
static cl_icd_dispatch dispatch;

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

CL_API_ENTRY cl_int CL_API_CALL
clGetLayerInfo (cl_layer_info param, size_t value_size, void *value,
    size_t *value_size_ret)
{
  return layer_info ("gst-opencl test layer: a GPU", param, value_size,
      value, value_size_ret);
}

CL_API_ENTRY cl_int CL_API_CALL
clInitLayer (cl_uint num_entries, const cl_icd_dispatch * target_dispatch,
    cl_uint * num_entries_ret, const cl_icd_dispatch ** layer_dispatch_ret)
{
  cl_int status = layer_init_dispatch (num_entries, target_dispatch,
      num_entries_ret, layer_dispatch_ret, &dispatch);

  if (status != CL_SUCCESS)
    return status;
  target = target_dispatch;
  dispatch.clGetDeviceInfo = layer_get_device_info;
  return CL_SUCCESS;
}
