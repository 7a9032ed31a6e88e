/* gst-opencl: what the test layers share.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#ifndef __GST_CL_LAYER_INFO_H__
#define __GST_CL_LAYER_INFO_H__

#include <CL/cl_layer.h>
#include <stdio.h>
#include <stdlib.h>
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

/* The start of a layer's clInitLayer: checks the loader's arguments and
 * copies @target_dispatch into @dispatch, so that what the layer does not
 * wrap goes straight to the target; the layer then sets its own entries. */
static inline cl_int
layer_init_dispatch (cl_uint num_entries,
    const cl_icd_dispatch * target_dispatch, cl_uint * num_entries_ret,
    const cl_icd_dispatch ** layer_dispatch_ret, cl_icd_dispatch * dispatch)
{
  const cl_uint entries = sizeof (*dispatch) / sizeof (void *);

  if (target_dispatch == NULL || num_entries_ret == NULL
      || layer_dispatch_ret == NULL)
    return CL_INVALID_VALUE;
  memcpy (dispatch, target_dispatch,
      (num_entries < entries ? num_entries : entries) * sizeof (void *));
  *num_entries_ret = entries;
  *layer_dispatch_ret = dispatch;
  return CL_SUCCESS;
}

/* The entry points of a layer called @name that wraps clGetDeviceInfo
 * alone, with @get_device_info: that function reaches the driver through
 * `target`, which LAYER_TARGET declares before it. */
#define LAYER_TARGET static const cl_icd_dispatch *target

#define LAYER_DEFINE_DEVICE_INFO(name, get_device_info)                       \
  static cl_icd_dispatch layer_dispatch;                                      \
                                                                              \
  CL_API_ENTRY cl_int CL_API_CALL                                             \
  clGetLayerInfo (cl_layer_info param, size_t value_size, void *value,        \
      size_t *value_size_ret)                                                 \
  {                                                                           \
    return layer_info (name, param, value_size, value, value_size_ret);       \
  }                                                                           \
                                                                              \
  CL_API_ENTRY cl_int CL_API_CALL                                             \
  clInitLayer (cl_uint num_entries, const cl_icd_dispatch * target_dispatch,  \
      cl_uint * num_entries_ret, const cl_icd_dispatch ** layer_dispatch_ret) \
  {                                                                           \
    cl_int status = layer_init_dispatch (num_entries, target_dispatch,        \
        num_entries_ret, layer_dispatch_ret, &layer_dispatch);                \
                                                                              \
    if (status != CL_SUCCESS)                                                 \
      return status;                                                          \
    target = target_dispatch;                                                 \
    layer_dispatch.clGetDeviceInfo = get_device_info;                         \
    return CL_SUCCESS;                                                        \
  }

/* The driver's answer to @param of @device, in a new allocation of *@size
 * bytes (and a zero byte after them). */
static inline cl_int
layer_driver_device_info (const cl_icd_dispatch * target, cl_device_id device,
    cl_device_info param, void **data, size_t *size)
{
  cl_int status = target->clGetDeviceInfo (device, param, 0, NULL, size);

  if (status != CL_SUCCESS)
    return status;
  *data = calloc (1, *size + 1);
  if (*data == NULL)
    return CL_OUT_OF_HOST_MEMORY;
  status = target->clGetDeviceInfo (device, param, *size, *data, NULL);
  if (status != CL_SUCCESS) {
    free (*data);
    *data = NULL;
  }
  return status;
}

/* CL_DEVICE_EXTENSIONS with @extension (one, or several separated by
 * spaces) added. */
static inline cl_int
layer_extensions_info (const cl_icd_dispatch * target, cl_device_id device,
    const char *extension, size_t value_size, void *value,
    size_t *value_size_ret)
{
  void *driver;
  size_t size, n;
  char *list;
  cl_int status = layer_driver_device_info (target, device,
      CL_DEVICE_EXTENSIONS, &driver, &size);

  if (status != CL_SUCCESS)
    return status;
  n = strlen (driver);
  while (n > 0 && ((char *) driver)[n - 1] == ' ')
    n--;
  list = malloc (n + strlen (extension) + 2);
  if (list == NULL) {
    free (driver);
    return CL_OUT_OF_HOST_MEMORY;
  }
  sprintf (list, "%.*s %s", (int) n, (char *) driver, extension);
  status = layer_return_info (list, strlen (list) + 1, value_size, value,
      value_size_ret);
  free (list);
  free (driver);
  return status;
}

/* CL_DEVICE_EXTENSIONS_WITH_VERSION with each of the space-separated
 * @extensions 1.0.0 added. */
static inline cl_int
layer_extensions_with_version_info (const cl_icd_dispatch * target,
    cl_device_id device, const char *extensions, size_t value_size,
    void *value, size_t *value_size_ret)
{
  void *driver;
  size_t size, n, added = 0;
  const char *name;
  cl_name_version *list;
  cl_int status = layer_driver_device_info (target, device,
      CL_DEVICE_EXTENSIONS_WITH_VERSION, &driver, &size);

  if (status != CL_SUCCESS)
    return status;
  n = size / sizeof (cl_name_version);
  list = calloc (n + strlen (extensions) / 2 + 1, sizeof (cl_name_version));
  if (list == NULL) {
    free (driver);
    return CL_OUT_OF_HOST_MEMORY;
  }
  memcpy (list, driver, n * sizeof (cl_name_version));
  for (name = extensions; *name; name += strspn (name, " ")) {
    size_t length = strcspn (name, " ");

    if (length == 0)
      continue;
    list[n + added].version = CL_MAKE_VERSION (1, 0, 0);
    snprintf (list[n + added].name, sizeof (list[n + added].name), "%.*s",
        (int) length, name);
    added++;
    name += length;
  }
  status = layer_return_info (list, (n + added) * sizeof (cl_name_version),
      value_size, value, value_size_ret);
  free (list);
  free (driver);
  return status;
}

#endif /* __GST_CL_LAYER_INFO_H__ */
