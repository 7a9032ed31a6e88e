/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclelements.h"

static gboolean
plugin_init (GstPlugin * plugin)
{
  gboolean ret = FALSE;

  /* Rescan the registry when OpenCL drivers come or go. */
  gst_plugin_add_dependency_simple (plugin, "OCL_ICD_VENDORS",
      "/etc/OpenCL/vendors", ".icd",
      GST_PLUGIN_DEPENDENCY_FLAG_FILE_NAME_IS_SUFFIX);

  ret |= GST_ELEMENT_REGISTER (clbicubicscale, plugin);
  ret |= GST_ELEMENT_REGISTER (clrotate, plugin);
  ret |= GST_ELEMENT_REGISTER (clboxblur, plugin);
  ret |= GST_ELEMENT_REGISTER (clconvert, plugin);
  ret |= GST_ELEMENT_REGISTER (clconvertscale, plugin);
  ret |= GST_ELEMENT_REGISTER (clupload, plugin);
  ret |= GST_ELEMENT_REGISTER (cldownload, plugin);
  return ret;
}

GST_PLUGIN_DEFINE (GST_VERSION_MAJOR, GST_VERSION_MINOR, opencl,
    "OpenCL-accelerated video scaling, rotation and blur",
    plugin_init, VERSION, GST_LICENSE, GST_PACKAGE_NAME, GST_PACKAGE_ORIGIN)
