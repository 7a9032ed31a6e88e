/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GstCLMemoryCopy: the base of clupload and cldownload, which copy video
 * frames between system memory and OpenCL memory (GstCLMemory). Both
 * sides have the same format and size; only the caps feature changes, and
 * where it does not the element passes buffers through.
 */
#pragma once

#include "gstclbasetransform.h"

G_BEGIN_DECLS

#define GST_TYPE_CL_MEMORY_COPY (gst_cl_memory_copy_get_type ())
G_DECLARE_DERIVABLE_TYPE (GstCLMemoryCopy, gst_cl_memory_copy, GST,
    CL_MEMORY_COPY, GstCLBaseTransform)

struct _GstCLMemoryCopyClass
{
  GstCLBaseTransformClass parent_class;

  /* TRUE: system memory to OpenCL memory (clupload); FALSE: the reverse */
  gboolean to_device;
};

void gst_cl_memory_copy_class_set_direction (GstCLMemoryCopyClass * klass,
    gboolean to_device);

G_END_DECLS
