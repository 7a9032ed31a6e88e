/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GstCLArgs: a kernel's arguments set in order, the first failure kept
 * for one check at the end. A frame's plane is three arguments
 * (gst_cl_args_add_plane(), gstclframe.h).
 */
#pragma once

#include "gstcl-prelude.h"

#include "gstcldevice.h"

G_BEGIN_DECLS

/* Sets a kernel's arguments in order; the first failure is kept. */
typedef struct
{
  cl_kernel kernel;
  cl_uint index;
  cl_int status;
} GstCLArgs;

GST_CL_API
void gst_cl_args_init (GstCLArgs * args, cl_kernel kernel);
GST_CL_API
void gst_cl_args_add (GstCLArgs * args, gsize size, const void *value);
GST_CL_API
void gst_cl_args_add_int (GstCLArgs * args, gint value);
GST_CL_API
void gst_cl_args_add_mem (GstCLArgs * args, cl_mem mem);
GST_CL_API
void gst_cl_args_add_float4 (GstCLArgs * args, gdouble x, gdouble y,
    gdouble z, gdouble w);
GST_CL_API
gboolean gst_cl_args_check (GstCLArgs * args, GError ** error);

G_END_DECLS
