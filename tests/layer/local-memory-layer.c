/* gst-opencl: an OpenCL layer that gives any device the 48 KiB of local
 * memory of NVIDIA's GPUs, so that the tests run the kernel choices made
 * for such devices on CPU devices, whose local memory is larger (PoCL:
 * 512 KiB).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Loaded by the ICD loader from OPENCL_LAYERS (the cl_loader_layers
 * interface of CL/cl_layer.h), it sits on the loader's dispatch table and
 * reports CL_DEVICE_LOCAL_MEM_SIZE as at most LOCAL_MEM_SIZE; the rest
 * goes to the driver unchanged. Kernels may still use more: the tests
 * check that the elements, believing the device, never ask for it.
 *
 * Built for the tests only, never installed.
 */

#include <CL/cl_layer.h>
#include <string.h>

#define LOCAL_MEM_SIZE ((cl_ulong) 48 * 1024)

static const cl_icd_dispatch *target;
static cl_icd_dispatch dispatch;

static cl_int CL_API_CALL
layer_get_device_info (cl_device_id device, cl_device_info param,
    size_t value_size, void *value, size_t *value_size_ret)
{
  cl_int status = target->clGetDeviceInfo (device, param, value_size, value,
      value_size_ret);

  if (status == CL_SUCCESS && param == CL_DEVICE_LOCAL_MEM_SIZE && value
      && *(cl_ulong *) value > LOCAL_MEM_SIZE)
    *(cl_ulong *) value = LOCAL_MEM_SIZE;
  return status;
}

CL_API_ENTRY cl_int CL_API_CALL
clGetLayerInfo (cl_layer_info param, size_t value_size, void *value,
    size_t *value_size_ret)
{
  static const cl_layer_api_version version = CL_LAYER_API_VERSION_100;
  static const char name[] = "gst-opencl test layer: 48 KiB local memory";
  const void *data;
  size_t size;

  switch (param) {
    case CL_LAYER_API_VERSION:
      data = &version;
      size = sizeof (version);
      break;
    case CL_LAYER_NAME:
      data = name;
      size = sizeof (name);
      break;
    default:
      return CL_INVALID_VALUE;
  }
  if (value && value_size < size)
    return CL_INVALID_VALUE;
  if (value)
    memcpy (value, data, size);
  if (value_size_ret)
    *value_size_ret = size;
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL
clInitLayer (cl_uint num_entries, const cl_icd_dispatch * target_dispatch,
    cl_uint * num_entries_ret, const cl_icd_dispatch ** layer_dispatch_ret)
{
  const cl_uint entries = sizeof (dispatch) / sizeof (void *);

  if (target_dispatch == NULL || num_entries_ret == NULL
      || layer_dispatch_ret == NULL)
    return CL_INVALID_VALUE;

  /* What the layer does not wrap goes straight to the target. */
  target = target_dispatch;
  memcpy (&dispatch, target_dispatch,
      (num_entries < entries ? num_entries : entries) * sizeof (void *));
  dispatch.clGetDeviceInfo = layer_get_device_info;

  *num_entries_ret = entries;
  *layer_dispatch_ret = &dispatch;
  return CL_SUCCESS;
}
