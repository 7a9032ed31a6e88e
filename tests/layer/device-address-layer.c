/* gst-opencl: an OpenCL layer that gives every device cl_khr_device_uuid
 * and cl_khr_pci_bus_info, with the fixed UUID and PCI address of
 * device-address-layer.h, so that the tests can select a device by them
 * on devices without the extensions (PoCL).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Loaded by the ICD loader from OPENCL_LAYERS (the cl_loader_layers
 * interface of CL/cl_layer.h), it sits on the loader's dispatch table;
 * the rest goes to the driver unchanged.
 *
 * Built for the tests only, never installed.
 */

#include "device-address-layer.h"
#include "layer-info.h"

#include <CL/cl_ext.h>
#include <CL/cl_layer.h>

#ifndef CL_DEVICE_UUID_KHR
#define CL_DEVICE_UUID_KHR 0x106A
#endif
#ifndef CL_DEVICE_PCI_BUS_INFO_KHR
#define CL_DEVICE_PCI_BUS_INFO_KHR 0x410F
#endif

#define EXTENSIONS "cl_khr_device_uuid cl_khr_pci_bus_info"

LAYER_TARGET;

static cl_int CL_API_CALL
layer_get_device_info (cl_device_id device, cl_device_info param,
    size_t value_size, void *value, size_t *value_size_ret)
{
  static const cl_uchar uuid[] = GST_CL_LAYER_UUID;
  /* the layout of cl_device_pci_bus_info_khr */
  static const cl_uint pci_bus_info[] = GST_CL_LAYER_PCI_BUS_INFO;

  if (param == CL_DEVICE_EXTENSIONS)
    return layer_extensions_info (target, device, EXTENSIONS, value_size,
        value, value_size_ret);
  if (param == CL_DEVICE_EXTENSIONS_WITH_VERSION)
    return layer_extensions_with_version_info (target, device, EXTENSIONS,
        value_size, value, value_size_ret);
  if (param == CL_DEVICE_UUID_KHR)
    return layer_return_info (uuid, sizeof (uuid), value_size, value,
        value_size_ret);
  if (param == CL_DEVICE_PCI_BUS_INFO_KHR)
    return layer_return_info (pci_bus_info, sizeof (pci_bus_info),
        value_size, value, value_size_ret);
  return target->clGetDeviceInfo (device, param, value_size, value,
      value_size_ret);
}

LAYER_DEFINE_DEVICE_INFO ("gst-opencl test layer: device UUID and PCI bus",
    layer_get_device_info)
