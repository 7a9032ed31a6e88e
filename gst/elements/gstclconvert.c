/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
/**
 * SECTION:element-clconvert
 * @title: clconvert
 * @see_also: clconvertscale
 *
 * Converts video between raw formats on an OpenCL device, keeping its
 * size: RGB with or without alpha (packed in 4 or 3 bytes, or planar:
 * RGBP, BGRP), gray, YUV 4:2:0 (I420, YV12, NV12, NV21; P010_10LE of 10
 * bits), 4:2:2 (Y42B) and 4:4:4 (Y444, and AYUV and VUYA with alpha),
 * with the YCbCr matrix and range of each side's colorimetry (BT.601,
 * BT.709, BT.2020, SMPTE 240M; full or limited range) and the chroma
 * siting of each side's caps in up- and downsampling. Caps that leave
 * colorimetry out get GStreamer's defaults, as with videoconvert. The
 * transfer function and primaries are not converted (as videoconvert
 * does not unless asked). clconvertscale also scales.
 *
 * Where nothing changes (same format and colorimetry) frames pass through.
 * Frames stay on the device between cl elements
 * (video/x-raw(memory:OpenCLMemory)).
 *
 * ## Example launch line
 * |[
 * gst-launch-1.0 videotestsrc num-buffers=60 ! \
 *     video/x-raw,format=NV12,width=1920,height=1080 ! clupload ! \
 *     clconvert ! 'video/x-raw(memory:OpenCLMemory),format=RGBA' ! \
 *     cldownload ! fakesink
 * ]|
 */
#include "gstclconvert.h"
#include "gstclelements.h"

struct _GstCLConvert
{
  GstCLBaseConvert parent;
};

#define gst_cl_convert_parent_class parent_class
G_DEFINE_TYPE (GstCLConvert, gst_cl_convert, GST_TYPE_CL_BASE_CONVERT);
GST_ELEMENT_REGISTER_DEFINE (clconvert, "clconvert", GST_RANK_NONE,
    GST_TYPE_CL_CONVERT);

static GstCaps *
gst_cl_convert_transform_caps (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps, GstCaps * filter)
{
  return gst_cl_filter_restrict_caps (GST_CL_FILTER (trans), caps,
      gst_cl_base_convert_caps_any_format (caps), filter);
}

static void
gst_cl_convert_init (GstCLConvert * self)
{
}

static void
gst_cl_convert_class_init (GstCLConvertClass * klass)
{
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);

  gst_element_class_set_static_metadata (element_class,
      "OpenCL colour conversion", "Filter/Converter/Video/Hardware",
      "Converts video between raw formats on an OpenCL device",
      "gst-opencl developers");

  trans_class->transform_caps = gst_cl_convert_transform_caps;
}
