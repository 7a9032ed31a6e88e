/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "gstclfilter.h"
#include "gstclrotateplan.h"

G_BEGIN_DECLS

#define GST_TYPE_CL_ROTATE (gst_cl_rotate_get_type ())
G_DECLARE_FINAL_TYPE (GstCLRotate, gst_cl_rotate, GST, CL_ROTATE, GstCLFilter)

G_END_DECLS
