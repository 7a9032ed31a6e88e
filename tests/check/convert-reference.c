/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What the tests of clconvert and clconvertscale compare with:
 * GstVideoConverter (videoconvert's and videoconvertscale's engine) on
 * the same caps, noise and smooth frames of any format the elements take,
 * and the closeness of two frames over every component value.
 */
#include "convert-reference.h"

#include <gst/check/gstcheck.h>
#include <math.h>
#include <string.h>

#include "reliability.h"

static gboolean
copy_field (GQuark field, const GValue * value, gpointer config)
{
  gst_structure_id_set_value (config, field, value);
  return TRUE;
}

static GstBuffer *yuv_noise_frame (const GstVideoInfo * info, guint32 seed);
static GstBuffer *component_noise_frame (const GstVideoInfo * info,
    guint32 seed);

/* Frames of @format at @width x @height; where the format is YUV, with
 * @matrix, @range and @site (the rest of the colorimetry: GStreamer's
 * defaults for the size). */
void
cref_make_info (GstVideoInfo * info, GstVideoFormat format, gint width,
    gint height, GstVideoColorMatrix matrix, GstVideoColorRange range,
    GstVideoChromaSite site)
{
  gst_video_info_set_format (info, format, width, height);
  if (!GST_VIDEO_FORMAT_INFO_IS_YUV (gst_video_format_get_info (format)))
    return;
  info->colorimetry.matrix = matrix;
  info->colorimetry.range = range;
  info->chroma_site = site;
}

/**
 * cref_convert_with:
 * @options: (transfer full) (nullable): further options of the converter
 *     (its resampler, say)
 *
 * @input converted (and scaled, where the sizes differ) by
 * GstVideoConverter's generic path into frames of @out.
 */
GstBuffer *
cref_convert_with (const GstVideoInfo * in, const GstVideoInfo * out,
    GstBuffer * input, GstStructure * options)
{
  GstBuffer *output = gst_buffer_new_allocate (NULL, out->size, NULL);
  GstStructure *config = gst_structure_new ("config",
      GST_VIDEO_CONVERTER_OPT_DITHER_METHOD, GST_TYPE_VIDEO_DITHER_METHOD,
      GST_VIDEO_DITHER_NONE, GST_VIDEO_CONVERTER_OPT_DITHER_QUANTIZATION,
      G_TYPE_UINT, 0, NULL);
  GstVideoConverter *convert;
  GstVideoFrame in_frame, out_frame;

  if (options) {
    gst_structure_foreach (options, copy_field, config);
    gst_structure_free (options);
  }
  convert = gst_video_converter_new ((GstVideoInfo *) in, (GstVideoInfo *)
      out, config);
  fail_unless (convert != NULL);
  fail_unless (gst_video_frame_map (&in_frame, (GstVideoInfo *) in, input,
          GST_MAP_READ));
  fail_unless (gst_video_frame_map (&out_frame, (GstVideoInfo *) out,
          output, GST_MAP_WRITE));
  gst_video_converter_frame (convert, &in_frame, &out_frame);
  gst_video_frame_unmap (&out_frame);
  gst_video_frame_unmap (&in_frame);
  gst_video_converter_free (convert);
  return output;
}

/* @input converted by GstVideoConverter's generic path into frames of
 * @out, the same size. */
GstBuffer *
cref_convert (const GstVideoInfo * in, const GstVideoInfo * out,
    GstBuffer * input)
{
  return cref_convert_with (in, out, input, NULL);
}


/* Noise frames of @info, a YUV format: RGBA noise converted by
 * GstVideoConverter, so that every pixel is in the RGB gamut (YUV noise
 * is mostly not, and there GstVideoConverter's 8-bit fixed-point
 * arithmetic saturates in between). */
static GstBuffer *
yuv_noise_frame (const GstVideoInfo * info, guint32 seed)
{
  GstVideoInfo rgba;
  GstBuffer *rgb, *yuv;

  gst_video_info_set_format (&rgba, GST_VIDEO_FORMAT_RGBA, info->width,
      info->height);
  rgb = cref_noise_frame (&rgba, seed);
  yuv = cref_convert (&rgba, info, rgb);
  gst_buffer_unref (rgb);
  return yuv;
}

/* Noise in every component value of frames of @info, any format: each
 * value at its place from GstVideoFormatInfo (16-bit values in the high
 * bits of their word). */
static GstBuffer *
component_noise_frame (const GstVideoInfo * info, guint32 seed)
{
  GstBuffer *buffer = gst_buffer_new_allocate (NULL, info->size, NULL);
  GRand *rand = g_rand_new_with_seed (seed);
  GstVideoFrame frame;

  fail_unless (gst_video_frame_map (&frame, (GstVideoInfo *) info, buffer,
          GST_MAP_WRITE));
  for (guint c = 0; c < GST_VIDEO_INFO_N_COMPONENTS (info); c++) {
    guint depth = GST_VIDEO_INFO_COMP_DEPTH (info, c);
    guint shift = GST_VIDEO_FORMAT_INFO_SHIFT (info->finfo, c);

    for (gint y = 0; y < GST_VIDEO_INFO_COMP_HEIGHT (info, c); y++) {
      for (gint x = 0; x < GST_VIDEO_INFO_COMP_WIDTH (info, c); x++) {
        guint8 *p = (guint8 *) GST_VIDEO_FRAME_COMP_DATA (&frame, c) +
            y * GST_VIDEO_FRAME_COMP_STRIDE (&frame, c) +
            x * GST_VIDEO_FRAME_COMP_PSTRIDE (&frame, c);
        guint v = g_rand_int_range (rand, 0, 1 << depth);

        if (depth > 8)
          GST_WRITE_UINT16_LE (p, v << shift);
        else
          *p = v;
      }
    }
  }
  gst_video_frame_unmap (&frame);
  g_rand_free (rand);
  return buffer;
}

/* Noise frames of @info. The padding byte of RGBx-like formats is 0xff,
 * as producers write it: GstVideoConverter takes it for alpha, where
 * clconvert writes opaque alpha. */
GstBuffer *
cref_noise_frame (const GstVideoInfo * info, guint32 seed)
{
  GstBuffer *buffer;
  const GstVideoFormatInfo *finfo = info->finfo;
  GstVideoFrame frame;
  guint used = 0;

  if (GST_VIDEO_INFO_IS_YUV (info))
    return yuv_noise_frame (info, seed);
  /* The reliability helpers lay out GST_CL_FORMATS only. */
  if (GST_VIDEO_INFO_N_PLANES (info) > 1
      || GST_VIDEO_FORMAT_INFO_PSTRIDE (finfo, 0) == 3)
    return component_noise_frame (info, seed);
  buffer = rel_noise_buffer (info, seed);
  if (GST_VIDEO_FORMAT_INFO_HAS_ALPHA (finfo)
      || GST_VIDEO_FORMAT_INFO_PSTRIDE (finfo, 0) != 4)
    return buffer;
  for (guint c = 0; c < 3; c++)
    used |= 1 << GST_VIDEO_FORMAT_INFO_POFFSET (finfo, c);
  fail_unless (gst_video_frame_map (&frame, (GstVideoInfo *) info, buffer,
          GST_MAP_WRITE));
  for (gint y = 0; y < info->height; y++) {
    guint8 *row = (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame, 0) +
        y * GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0);

    for (gint x = 0; x < info->width; x++)
      for (guint b = 0; b < 4; b++)
        if (!(used & (1 << b)))
          row[4 * x + b] = 0xff;
  }
  gst_video_frame_unmap (&frame);
  return buffer;
}

/* A smooth picture of @info, any format: slow waves in each RGB
 * component (periods of about 100 pixels), converted by
 * GstVideoConverter. */
GstBuffer *
cref_smooth_frame (const GstVideoInfo * info)
{
  GstVideoInfo rgba;
  GstBuffer *rgb, *frame;
  GstMapInfo map;

  gst_video_info_set_format (&rgba, GST_VIDEO_FORMAT_RGBA, info->width,
      info->height);
  rgb = gst_buffer_new_allocate (NULL, rgba.size, NULL);
  fail_unless (gst_buffer_map (rgb, &map, GST_MAP_WRITE));
  for (gint y = 0; y < rgba.height; y++) {
    for (gint x = 0; x < rgba.width; x++) {
      guint8 *p = map.data + y * rgba.stride[0] + 4 * x;

      for (guint c = 0; c < 3; c++)
        p[c] = 128 + 100 * sin ((x * (c + 1) + y * (3 - c)) * 0.02 + c);
      p[3] = 255;
    }
  }
  gst_buffer_unmap (rgb, &map);
  frame = cref_convert (&rgba, info, rgb);
  gst_buffer_unref (rgb);
  return frame;
}

/* Component @c of pixel (@x, @y): its plane's data, at its offset in
 * the pixel (GStreamer 1.22 gives P010's V the offset of 1 byte, not 2:
 * 16-bit values' offsets are rounded up to whole values). */
guint
cref_component_value (const GstVideoFrame * frame, guint c, gint x, gint y)
{
  const GstVideoFormatInfo *finfo = frame->info.finfo;
  guint bytes = GST_VIDEO_FORMAT_INFO_DEPTH (finfo, c) > 8 ? 2 : 1;
  const guint8 *p = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (frame,
      GST_VIDEO_FORMAT_INFO_PLANE (finfo, c)) +
      (GST_VIDEO_FORMAT_INFO_POFFSET (finfo, c) + bytes - 1) / bytes * bytes +
      y * GST_VIDEO_FRAME_COMP_STRIDE (frame, c) +
      x * GST_VIDEO_FRAME_COMP_PSTRIDE (frame, c);

  /* Values of fewer than 16 bits are in the high bits of their word. */
  return GST_VIDEO_FORMAT_INFO_DEPTH (finfo, c) > 8 ?
      GST_READ_UINT16_LE (p) >> GST_VIDEO_FORMAT_INFO_SHIFT (finfo, c) : *p;
}

/* @actual against @expected, frames of @info, over every component
 * value of the picture (but alpha, where not @alpha). */
CRefCloseness
cref_compare (const GstVideoInfo * info, GstBuffer * actual,
    GstBuffer * expected, gboolean alpha)
{
  GstVideoFrame fa, fe;
  gdouble sum = 0, peak = (1 << GST_VIDEO_INFO_COMP_DEPTH (info, 0)) - 1;
  gsize n = 0;
  CRefCloseness result = { INFINITY, 0 };

  fail_unless (gst_video_frame_map (&fa, (GstVideoInfo *) info, actual,
          GST_MAP_READ));
  fail_unless (gst_video_frame_map (&fe, (GstVideoInfo *) info, expected,
          GST_MAP_READ));
  for (guint c = 0; c < GST_VIDEO_INFO_N_COMPONENTS (info); c++) {
    if (c == GST_VIDEO_COMP_A && !alpha)
      continue;
    for (gint y = 0; y < GST_VIDEO_INFO_COMP_HEIGHT (info, c); y++) {
      for (gint x = 0; x < GST_VIDEO_INFO_COMP_WIDTH (info, c); x++) {
        gint d = (gint) cref_component_value (&fa, c, x, y) -
            (gint) cref_component_value (&fe, c, x, y);

        sum += (gdouble) d *d;
        result.max_diff = MAX (result.max_diff, ABS (d));
        n++;
      }
    }
  }
  gst_video_frame_unmap (&fa);
  gst_video_frame_unmap (&fe);
  if (sum > 0)
    result.psnr = 10 * log10 (peak * peak / (sum / n));
  return result;
}

/* storage=image is refused with a message that names it, not a crash:
 * the conversion kernels work on buffers only. */
void
cref_assert_image_storage_refused (const gchar * factory)
{
  GstElement *element = gst_element_factory_make (factory, NULL);
  GstBus *bus = gst_bus_new ();
  GstMessage *msg;
  GError *error = NULL;
  gchar *debug = NULL;

  gst_element_set_bus (element, bus);
  g_object_set (element, "storage", 1, NULL);
  fail_unless_equals_int (gst_element_set_state (element, GST_STATE_READY),
      GST_STATE_CHANGE_FAILURE);
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  fail_unless (msg != NULL);
  gst_message_parse_error (msg, &error, &debug);
  fail_unless (debug && strstr (debug, "storage=image") != NULL, "%s: %s",
      error->message, debug);
  g_error_free (error);
  g_free (debug);
  gst_message_unref (msg);
  gst_element_set_state (element, GST_STATE_NULL);
  gst_element_set_bus (element, NULL);
  gst_object_unref (bus);
  gst_object_unref (element);
}
