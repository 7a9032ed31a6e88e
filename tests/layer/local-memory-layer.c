/* gst-opencl: an OpenCL layer that gives any device less local memory
 * (48 KiB, as NVIDIA's GPUs, or the bytes GST_CL_TEST_LOCAL_MEM_SIZE
 * says), so that the tests run the kernel choices made for such devices
 * on CPU devices, whose local memory is larger (PoCL: 512 KiB).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Loaded by the ICD loader from OPENCL_LAYERS (the cl_loader_layers
 * interface of CL/cl_layer.h), it sits on the loader's dispatch table and
 * reports CL_DEVICE_LOCAL_MEM_SIZE as at most that; the rest goes to the
 * driver unchanged. Kernels could still use more: the elements, believing
 * the device, must not ask for it.
 *
 * Built for the tests only, never installed.
 */

#include "layer-info.h"

#include <CL/cl_layer.h>
#include <stdlib.h>

LAYER_TARGET;
static cl_ulong local_mem_size = 48 * 1024;

static cl_int CL_API_CALL
layer_get_device_info (cl_device_id device, cl_device_info param,
    size_t value_size, void *value, size_t *value_size_ret)
{
  cl_int status = target->clGetDeviceInfo (device, param, value_size, value,
      value_size_ret);

  if (status == CL_SUCCESS && param == CL_DEVICE_LOCAL_MEM_SIZE && value
      && *(cl_ulong *) value > local_mem_size)
    *(cl_ulong *) value = local_mem_size;
  return status;
}

LAYER_DEFINE_DEVICE_INFO ("gst-opencl test layer: less local memory",
    layer_get_device_info)
