/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gst/gst.h>

G_BEGIN_DECLS

GST_ELEMENT_REGISTER_DECLARE (clbicubicscale);
GST_ELEMENT_REGISTER_DECLARE (clrotate);
GST_ELEMENT_REGISTER_DECLARE (clboxblur);
GST_ELEMENT_REGISTER_DECLARE (clconvert);
GST_ELEMENT_REGISTER_DECLARE (clconvertscale);
GST_ELEMENT_REGISTER_DECLARE (clupload);
GST_ELEMENT_REGISTER_DECLARE (cldownload);

G_END_DECLS
