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

LAYER_TARGET;
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

LAYER_DEFINE_DEVICE_INFO ("gst-opencl test layer: host memory shared or not",
    layer_get_device_info)
