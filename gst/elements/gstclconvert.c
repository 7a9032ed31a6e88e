/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
/**
 * SECTION:element-clconvert
 * @title: clconvert
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
 * does not unless asked).
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
#include "gstclconvertplan.h"
#include "gstclelements.h"
#include "gstclkernels.h"

GST_DEBUG_CATEGORY_STATIC (gst_cl_convert_debug);
#define GST_CAT_DEFAULT gst_cl_convert_debug

struct _GstCLConvert
{
  GstCLFilter parent;

  /* streaming: the plan of the negotiated caps and its kernel */
  GstCLConvertPlan plan;
  cl_kernel kernel;

  /* under the object lock: whether frames pass unchanged (TRUE before
   * caps, so that caps as they are come first) */
  gboolean identity;
};

#define gst_cl_convert_parent_class parent_class
G_DEFINE_TYPE (GstCLConvert, gst_cl_convert, GST_TYPE_CL_FILTER);
GST_ELEMENT_REGISTER_DEFINE (clconvert, "clconvert", GST_RANK_NONE,
    GST_TYPE_CL_CONVERT);

/* The kernel reads every value once whatever the storage, and samples
 * nothing: it works on buffers only. */
static gboolean
gst_cl_convert_open (GstCLFilter * filter, GError ** error)
{
  GstCLStorage storage;

  g_object_get (filter, "storage", &storage, NULL);
  if (storage == GST_CL_STORAGE_IMAGE) {
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_UNSUPPORTED,
        "clconvert keeps frames in buffers: storage=image is not supported; "
        "use storage=auto or storage=buffer");
    return FALSE;
  }
  return TRUE;
}

static gboolean
gst_cl_convert_prefers_buffers (GstCLFilter * filter,
    const GstVideoInfo * in, const GstVideoInfo * out)
{
  return TRUE;
}

static void
clear_plan (GstCLConvert * self)
{
  gst_cl_clear_kernel (gst_cl_filter_get_context (GST_CL_FILTER (self)),
      &self->kernel);
  gst_cl_convert_plan_clear (&self->plan);
}

static void
gst_cl_convert_close (GstCLFilter * filter)
{
  GstCLConvert *self = GST_CL_CONVERT (filter);

  clear_plan (self);
  GST_OBJECT_LOCK (self);
  self->identity = TRUE;
  GST_OBJECT_UNLOCK (self);
}

static gboolean
gst_cl_convert_set_info (GstCLFilter * filter, const GstCLFrame * in,
    const GstCLFrame * out, GError ** error)
{
  GstCLConvert *self = GST_CL_CONVERT (filter);
  GstCLContext *context = gst_cl_filter_get_context (filter);
  const gchar *const sources[] = { gst_cl_kernel_convert, NULL };
  cl_program program;

  clear_plan (self);
  if (!gst_cl_convert_plan_make (&self->plan, &in->info, &out->info, error))
    return FALSE;
  GST_INFO_OBJECT (self, "%s -> %s%s, options %s",
      GST_VIDEO_INFO_NAME (&in->info), GST_VIDEO_INFO_NAME (&out->info),
      self->plan.identity ? " (identity)" : "", self->plan.options);

  program = gst_cl_context_get_program (context, "convert", sources,
      self->plan.options, error);
  if (program == NULL)
    return FALSE;
  self->kernel = gst_cl_context_create_kernel (context, program,
      "convert_frame", error);
  if (self->kernel == NULL)
    return FALSE;

  GST_OBJECT_LOCK (self);
  self->identity = self->plan.identity;
  GST_OBJECT_UNLOCK (self);
  return TRUE;
}

static gboolean
gst_cl_convert_snapshot (GstCLFilter * filter)
{
  gboolean identity;

  GST_OBJECT_LOCK (filter);
  identity = GST_CL_CONVERT (filter)->identity;
  GST_OBJECT_UNLOCK (filter);
  return identity;
}

/* The kernel takes three planes a side: a frame with fewer repeats its
 * first (the kernel does not touch it). */
static void
add_planes (GstCLArgs * args, const GstCLFrame * frame)
{
  for (guint p = 0; p < 3; p++)
    gst_cl_args_add_plane (args, &frame->planes[p < frame->n_planes ? p : 0]);
}

static gboolean
gst_cl_convert_process (GstCLFilter * filter, GstCLFrame * in,
    GstCLFrame * out, GError ** error)
{
  GstCLConvert *self = GST_CL_CONVERT (filter);
  const GstCLConvertPlan *plan = &self->plan;
  gint width = in->planes[0].width, height = in->planes[0].height;
  GstCLArgs args;
  cl_float alpha_scale = plan->alpha_scale;

  gst_cl_args_init (&args, self->kernel);
  add_planes (&args, in);
  add_planes (&args, out);
  gst_cl_args_add_int (&args, width);
  gst_cl_args_add_int (&args, height);
  for (guint i = 0; i < 3; i++)
    gst_cl_args_add_float4 (&args, plan->matrix[i][0], plan->matrix[i][1],
        plan->matrix[i][2], plan->offset[i]);
  gst_cl_args_add (&args, sizeof (alpha_scale), &alpha_scale);

  /* One work-item a 2x2 block. */
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_2d (gst_cl_filter_get_context (filter),
      self->kernel, (width + 1) / 2, (height + 1) / 2, error);
}

/* @caps with any format and colorimetry (after @caps as they are, so
 * that the input's format comes first). */
static GstCaps *
any_format (GstCaps * caps)
{
  GstCaps *ret = gst_caps_copy (caps);

  for (guint i = 0; i < gst_caps_get_size (ret); i++)
    gst_structure_remove_fields (gst_caps_get_structure (ret, i), "format",
        "colorimetry", "chroma-site", NULL);
  return gst_caps_merge (gst_caps_ref (caps), ret);
}

static GstCaps *
gst_cl_convert_transform_caps (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps, GstCaps * filter)
{
  return gst_cl_filter_restrict_caps (GST_CL_FILTER (trans), caps,
      any_format (caps), filter);
}

/* Whether formats @a and @b have the same colour model (RGB, YUV, gray). */
static gboolean
same_model (const GstVideoFormatInfo * a, const GstVideoFormatInfo * b)
{
  return GST_VIDEO_FORMAT_INFO_IS_RGB (a) == GST_VIDEO_FORMAT_INFO_IS_RGB (b)
      && GST_VIDEO_FORMAT_INFO_IS_YUV (a) == GST_VIDEO_FORMAT_INFO_IS_YUV (b);
}

/* The input's format where the other side allows it; colorimetry and
 * chroma siting the other side leaves open are the input's where the
 * colour model is the same (as videoconvert keeps them), else
 * GStreamer's defaults for the output format. */
static GstCaps *
gst_cl_convert_fixate_caps (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps, GstCaps * othercaps)
{
  GstStructure *in = gst_caps_get_structure (caps, 0);
  const gchar *in_format = gst_structure_get_string (in, "format");
  GstStructure *out;
  const gchar *out_format;

  othercaps = gst_caps_truncate (othercaps);
  othercaps = gst_caps_make_writable (othercaps);
  out = gst_caps_get_structure (othercaps, 0);
  if (in_format)
    gst_structure_fixate_field_string (out, "format", in_format);
  out_format = gst_structure_get_string (out, "format");
  if (in_format && out_format
      && same_model (gst_video_format_get_info (gst_video_format_from_string
              (in_format)),
          gst_video_format_get_info (gst_video_format_from_string
              (out_format)))) {
    const gchar *fields[] = { "colorimetry", "chroma-site" };

    for (guint i = 0; i < G_N_ELEMENTS (fields); i++) {
      const GValue *v = gst_structure_get_value (in, fields[i]);

      if (v && !gst_structure_has_field (out, fields[i]))
        gst_structure_set_value (out, fields[i], v);
    }
  }
  return gst_caps_fixate (othercaps);
}

static void
gst_cl_convert_init (GstCLConvert * self)
{
  self->identity = TRUE;
}

static void
gst_cl_convert_class_init (GstCLConvertClass * klass)
{
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);
  GstCLFilterClass *cl_class = GST_CL_FILTER_CLASS (klass);

  GST_DEBUG_CATEGORY_INIT (gst_cl_convert_debug, "clconvert", 0,
      "OpenCL colour conversion");

  gst_element_class_set_static_metadata (element_class,
      "OpenCL colour conversion", "Filter/Converter/Video/Hardware",
      "Converts video between raw formats on an OpenCL device",
      "gst-opencl developers");

  trans_class->transform_caps = gst_cl_convert_transform_caps;
  trans_class->fixate_caps = gst_cl_convert_fixate_caps;

  cl_class->open = gst_cl_convert_open;
  cl_class->close = gst_cl_convert_close;
  cl_class->set_info = gst_cl_convert_set_info;
  cl_class->snapshot = gst_cl_convert_snapshot;
  cl_class->process = gst_cl_convert_process;
  cl_class->prefers_buffers = gst_cl_convert_prefers_buffers;
  gst_cl_filter_class_set_formats (cl_class, GST_CL_CONVERT_FORMATS);
}
