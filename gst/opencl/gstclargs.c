/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclargs.h"
#include "gstcl-private.h"

#define GST_CAT_DEFAULT gst_cl_context_debug

void
gst_cl_args_init (GstCLArgs * args, cl_kernel kernel)
{
  args->kernel = kernel;
  args->index = 0;
  args->status = CL_SUCCESS;
}

void
gst_cl_args_add (GstCLArgs * args, gsize size, const void *value)
{
  cl_int status = clSetKernelArg (args->kernel, args->index, size, value);

  if (args->status == CL_SUCCESS && status != CL_SUCCESS) {
    args->status = status;
    GST_WARNING ("argument %u: %s", args->index, gst_cl_error_name (status));
  }
  args->index++;
}

void
gst_cl_args_add_int (GstCLArgs * args, gint value)
{
  cl_int v = value;

  gst_cl_args_add (args, sizeof (v), &v);
}

void
gst_cl_args_add_mem (GstCLArgs * args, cl_mem mem)
{
  gst_cl_args_add (args, sizeof (mem), &mem);
}

void
gst_cl_args_add_float4 (GstCLArgs * args, gdouble x, gdouble y, gdouble z,
    gdouble w)
{
  cl_float4 v = { {x, y, z, w} };

  gst_cl_args_add (args, sizeof (v), &v);
}

gboolean
gst_cl_args_check (GstCLArgs * args, GError ** error)
{
  return gst_cl_check (args->status, error, "Setting OpenCL kernel arguments");
}
