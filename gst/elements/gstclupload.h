/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gstclmemorycopy.h"

G_BEGIN_DECLS

#define GST_TYPE_CL_UPLOAD (gst_cl_upload_get_type ())
G_DECLARE_FINAL_TYPE (GstCLUpload, gst_cl_upload, GST, CL_UPLOAD,
    GstCLMemoryCopy)

G_END_DECLS
