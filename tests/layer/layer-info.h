/* gst-opencl: what the test layers share.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifndef __GST_CL_LAYER_INFO_H__
#define __GST_CL_LAYER_INFO_H__

#include <CL/cl_layer.h>
#include <string.h>

/* Copies @size bytes of @data to the caller of a clGet*Info. */
static inline cl_int
layer_return_info (const void *data, size_t size, size_t value_size,
    void *value, size_t *value_size_ret)
{
  if (value && value_size < size)
    return CL_INVALID_VALUE;
  if (value)
    memcpy (value, data, size);
  if (value_size_ret)
    *value_size_ret = size;
  return CL_SUCCESS;
}

/* clGetLayerInfo of a layer called @name. */
static inline cl_int
layer_info (const char *name, cl_layer_info param, size_t value_size,
    void *value, size_t *value_size_ret)
{
  static const cl_layer_api_version version = CL_LAYER_API_VERSION_100;

  switch (param) {
    case CL_LAYER_API_VERSION:
      return layer_return_info (&version, sizeof (version), value_size, value,
          value_size_ret);
    case CL_LAYER_NAME:
      return layer_return_info (name, strlen (name) + 1, value_size, value,
          value_size_ret);
    default:
      return CL_INVALID_VALUE;
  }
}

#endif /* __GST_CL_LAYER_INFO_H__ */
