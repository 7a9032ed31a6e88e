/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
/**
 * SECTION:element-cldownload
 *
 * Copies video frames from OpenCL memory
 * (`video/x-raw(memory:OpenCLMemory)`) into system memory, one blocking
 * clEnqueueReadBufferRect per plane: where the work of the cl elements
 * before it is waited for. Frames already in system memory pass through.
 *
 * ## Example launch line
 * |[
 * gst-launch-1.0 videotestsrc num-buffers=10 ! clupload ! cldownload ! \
 *   videoconvert ! fakesink
 * ]|
 */
#include "gstcldownload.h"

#include "gstclelements.h"

struct _GstCLDownload
{
  GstCLMemoryCopy parent;
};

G_DEFINE_TYPE (GstCLDownload, gst_cl_download, GST_TYPE_CL_MEMORY_COPY);
GST_ELEMENT_REGISTER_DEFINE (cldownload, "cldownload", GST_RANK_NONE,
    GST_TYPE_CL_DOWNLOAD);

static void
gst_cl_download_init (GstCLDownload * self)
{
  /* GstBaseTransform would put downstream's system memory caps first on
   * the sink pad (they would let it pass through), and an OpenCL neighbour
   * upstream would then download by itself: OpenCL memory is the point. */
  gst_base_transform_set_prefer_passthrough (GST_BASE_TRANSFORM (self),
      FALSE);
}

static void
gst_cl_download_class_init (GstCLDownloadClass * klass)
{
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);

  gst_cl_memory_copy_class_set_direction (GST_CL_MEMORY_COPY_CLASS (klass),
      FALSE);
  gst_element_class_set_static_metadata (element_class,
      "OpenCL download", "Filter/Video/Hardware",
      "Copies video frames from OpenCL memory into system memory",
      "gst-opencl developers");
}
