/* gst-opencl: an OpenCL layer that makes any device look like one of
 * NVIDIA's to the warp query: cl_nv_device_attribute_query in its
 * extensions and warps of 32 items (CL_DEVICE_WARP_SIZE_NV), so that
 * clboxblur asks for its inline-PTX warp scans. A device that is not
 * NVIDIA's cannot build them, which is what the tests need: the element
 * falls back to its portable scans.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Loaded by the ICD loader from OPENCL_LAYERS (the cl_loader_layers
 * interface of CL/cl_layer.h), it sits on the loader's dispatch table;
 * the rest goes to the driver unchanged.
 *
 * Built for the tests only, never installed.
 */

#include "layer-info.h"

#include <CL/cl_ext.h>
#include <CL/cl_layer.h>

#define EXTENSION "cl_nv_device_attribute_query"

LAYER_TARGET;

static cl_int CL_API_CALL
layer_get_device_info (cl_device_id device, cl_device_info param,
    size_t value_size, void *value, size_t *value_size_ret)
{
  static const cl_uint warp_size = 32;

  if (param == CL_DEVICE_EXTENSIONS)
    return layer_extensions_info (target, device, EXTENSION, value_size,
        value, value_size_ret);
  if (param == CL_DEVICE_EXTENSIONS_WITH_VERSION)
    return layer_extensions_with_version_info (target, device, EXTENSION,
        value_size, value, value_size_ret);
  if (param == CL_DEVICE_WARP_SIZE_NV)
    return layer_return_info (&warp_size, sizeof (warp_size), value_size,
        value, value_size_ret);
  return target->clGetDeviceInfo (device, param, value_size, value,
      value_size_ret);
}

LAYER_DEFINE_DEVICE_INFO ("gst-opencl test layer: NVIDIA's warps",
    layer_get_device_info)
