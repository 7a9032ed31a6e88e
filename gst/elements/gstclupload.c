/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
/**
 * SECTION:element-clupload
 *
 * Copies video frames from system memory into OpenCL memory
 * (`video/x-raw(memory:OpenCLMemory)`), one clEnqueueWriteBufferRect per
 * plane, so that the cl elements after it work on the device without
 * copies. Frames already in OpenCL memory pass through.
 *
 * ## Example launch line
 * |[
 * gst-launch-1.0 videotestsrc num-buffers=10 ! video/x-raw,format=NV12 ! \
 *   clupload ! cldownload ! fakesink
 * ]|
 */
#include "gstclupload.h"

#include "gstclelements.h"

struct _GstCLUpload
{
  GstCLMemoryCopy parent;
};

G_DEFINE_TYPE (GstCLUpload, gst_cl_upload, GST_TYPE_CL_MEMORY_COPY);
GST_ELEMENT_REGISTER_DEFINE (clupload, "clupload", GST_RANK_NONE,
    GST_TYPE_CL_UPLOAD);

static void
gst_cl_upload_init (GstCLUpload * self)
{
}

static void
gst_cl_upload_class_init (GstCLUploadClass * klass)
{
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);

  gst_cl_memory_copy_class_set_direction (GST_CL_MEMORY_COPY_CLASS (klass),
      TRUE);
  gst_element_class_set_static_metadata (element_class,
      "OpenCL upload", "Filter/Video/Hardware",
      "Copies video frames from system memory into OpenCL memory",
      "gst-opencl developers");
}
