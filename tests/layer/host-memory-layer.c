/* gst-opencl: an OpenCL layer that makes any device say that it does not
 * share host memory (CL_DEVICE_HOST_UNIFIED_MEMORY CL_FALSE), as a
 * discrete GPU does, so that the tests run such a device's frame paths on
 * CPU devices: frames copied in and out rather than used in place, output
 * frames in pinned memory with their reads left running. With
 * GST_CL_TEST_HOST_UNIFIED=1 it says the opposite, for devices that do
 * not share host memory themselves (Oclgrind's simulator).
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
#include <stdlib.h>

static const cl_icd_dispatch *target;
static cl_icd_dispatch dispatch;
static cl_bool host_unified = CL_FALSE;

static cl_int CL_API_CALL
layer_get_device_info (cl_device_id device, cl_device_info param,
    size_t value_size, void *value, size_t *value_size_ret)
{
  if (param == CL_DEVICE_HOST_UNIFIED_MEMORY)
    return layer_return_info (&host_unified, sizeof (host_unified),
        value_size, value, value_size_ret);
  return target->clGetDeviceInfo (device, param, value_size, value,
      value_size_ret);
}

CL_API_ENTRY cl_int CL_API_CALL
clGetLayerInfo (cl_layer_info param, size_t value_size, void *value,
    size_t *value_size_ret)
{
  return layer_info ("gst-opencl test layer: host memory shared or not",
      param, value_size, value, value_size_ret);
}

CL_API_ENTRY cl_int CL_API_CALL
clInitLayer (cl_uint num_entries, const cl_icd_dispatch * target_dispatch,
    cl_uint * num_entries_ret, const cl_icd_dispatch ** layer_dispatch_ret)
{
  const char *unified = getenv ("GST_CL_TEST_HOST_UNIFIED");
  cl_int status = layer_init_dispatch (num_entries, target_dispatch,
      num_entries_ret, layer_dispatch_ret, &dispatch);

  if (status != CL_SUCCESS)
    return status;
  target = target_dispatch;
  dispatch.clGetDeviceInfo = layer_get_device_info;
  if (unified && strcmp (unified, "1") == 0)
    host_unified = CL_TRUE;
  return CL_SUCCESS;
}
