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
static void set_component_value (GstVideoFrame * frame, guint c, gint x,
    gint y, guint v);

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

    for (gint y = 0; y < GST_VIDEO_INFO_COMP_HEIGHT (info, c); y++)
      for (gint x = 0; x < GST_VIDEO_INFO_COMP_WIDTH (info, c); x++)
        set_component_value (&frame, c, x, y, g_rand_int_range (rand, 0,
                1 << depth));
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

/* Where component @c of pixel (@x, @y) is: its plane's data, at its
 * offset in the pixel (GStreamer 1.22 gives P010's V the offset of 1
 * byte, not 2: 16-bit values' offsets are rounded up to whole values). */
static guint8 *
component_data (const GstVideoFrame * frame, guint c, gint x, gint y)
{
  const GstVideoFormatInfo *finfo = frame->info.finfo;
  guint bytes = GST_VIDEO_FORMAT_INFO_DEPTH (finfo, c) > 8 ? 2 : 1;

  return (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (frame,
      GST_VIDEO_FORMAT_INFO_PLANE (finfo, c)) +
      (GST_VIDEO_FORMAT_INFO_POFFSET (finfo, c) + bytes - 1) / bytes * bytes +
      y * GST_VIDEO_FRAME_COMP_STRIDE (frame, c) +
      x * GST_VIDEO_FRAME_COMP_PSTRIDE (frame, c);
}

/* Component @c of pixel (@x, @y). */
guint
cref_component_value (const GstVideoFrame * frame, guint c, gint x, gint y)
{
  const GstVideoFormatInfo *finfo = frame->info.finfo;
  const guint8 *p = component_data (frame, c, x, y);

  /* Values of fewer than 16 bits are in the high bits of their word. */
  return GST_VIDEO_FORMAT_INFO_DEPTH (finfo, c) > 8 ?
      GST_READ_UINT16_LE (p) >> GST_VIDEO_FORMAT_INFO_SHIFT (finfo, c) : *p;
}

static void
set_component_value (GstVideoFrame * frame, guint c, gint x, gint y, guint v)
{
  const GstVideoFormatInfo *finfo = frame->info.finfo;
  guint8 *p = component_data (frame, c, x, y);

  if (GST_VIDEO_FORMAT_INFO_DEPTH (finfo, c) > 8)
    GST_WRITE_UINT16_LE (p, v << GST_VIDEO_FORMAT_INFO_SHIFT (finfo, c));
  else
    *p = v;
}

/* How code values of frames of @info stand for component values: value
 * v of component c is (v - offset[c]) / scale[c] of full scale (alpha:
 * offset 0, the largest code full). */
typedef struct
{
  gint offset[GST_VIDEO_MAX_COMPONENTS];
  gint scale[GST_VIDEO_MAX_COMPONENTS];
} CodeRange;

static CodeRange
code_range (const GstVideoInfo * info)
{
  CodeRange r;

  gst_video_color_range_offsets (info->colorimetry.range, info->finfo,
      r.offset, r.scale);
  return r;
}

/* Code value @v of component @c in @from's code range, in @to's: not
 * rounded. */
static gdouble
recode (const CodeRange * from, const CodeRange * to, guint c, gdouble v)
{
  return to->offset[c] + (v - from->offset[c]) * to->scale[c] / from->scale[c];
}

/* The 16-bit format of the model (RGB, gray, YUV) and chroma subsampling
 * of @finfo, where GstVideoConverter keeps the most precision: for 4:2:2,
 * which GStreamer has in 16 bits only packed, 12 bits. */
static GstVideoFormat
wide_format (const GstVideoFormatInfo * finfo)
{
  if (GST_VIDEO_FORMAT_INFO_IS_GRAY (finfo))
    return GST_VIDEO_FORMAT_GRAY16_LE;
  if (!GST_VIDEO_FORMAT_INFO_IS_YUV (finfo))
    return GST_VIDEO_FORMAT_ARGB64;
  if (GST_VIDEO_FORMAT_INFO_H_SUB (finfo, 1))
    return GST_VIDEO_FORMAT_P016_LE;
  if (GST_VIDEO_FORMAT_INFO_W_SUB (finfo, 1))
    return GST_VIDEO_FORMAT_I422_12LE;
  return GST_VIDEO_FORMAT_AYUV64;
}

/* Frames like those of @info (size, colorimetry, chroma siting) in the
 * wide format of its model and subsampling. */
void
cref_make_wide_info (GstVideoInfo * wide, const GstVideoInfo * info)
{
  gst_video_info_set_format (wide, wide_format (info->finfo), info->width,
      info->height);
  wide->colorimetry = info->colorimetry;
  wide->chroma_site = info->chroma_site;
}

/* Component @c (0 .. 2) of sample (@x, @y) of a wide frame, in its code
 * values (@to), from @in (its code values in @from). */
typedef gdouble (*WideValue) (const GstVideoFrame * in,
    const CodeRange * from, const CodeRange * to, guint c, gint x, gint y,
    const GstVideoInfo * out);

/* A frame of @wide, its samples from @value, rounded; alpha copied from
 * @input (of @in), or opaque where @in has none. */
static GstBuffer *
fill_wide_frame (const GstVideoInfo * in, GstBuffer * input,
    const CodeRange * from, const GstVideoInfo * wide, const CodeRange * to,
    WideValue value, const GstVideoInfo * out)
{
  GstBuffer *buffer = gst_buffer_new_allocate (NULL, wide->size, NULL);
  GstVideoFrame fi, fo;

  fail_unless (gst_video_frame_map (&fi, (GstVideoInfo *) in, input,
          GST_MAP_READ));
  fail_unless (gst_video_frame_map (&fo, (GstVideoInfo *) wide, buffer,
          GST_MAP_WRITE));
  for (guint c = 0; c < GST_VIDEO_INFO_N_COMPONENTS (wide); c++) {
    guint top = (1 << GST_VIDEO_INFO_COMP_DEPTH (wide, c)) - 1;

    for (gint y = 0; y < GST_VIDEO_INFO_COMP_HEIGHT (wide, c); y++) {
      for (gint x = 0; x < GST_VIDEO_INFO_COMP_WIDTH (wide, c); x++) {
        gdouble v = top;

        if (c != GST_VIDEO_COMP_A)
          v = value (&fi, from, to, c, x, y, out);
        else if (GST_VIDEO_INFO_HAS_ALPHA (in))
          v = recode (from, to, c, cref_component_value (&fi, c, x, y));
        set_component_value (&fo, c, x, y, CLAMP (lround (v), 0, top));
      }
    }
  }
  gst_video_frame_unmap (&fo);
  gst_video_frame_unmap (&fi);
  return buffer;
}

static gdouble
widened_value (const GstVideoFrame * in, const CodeRange * from,
    const CodeRange * to, guint c, gint x, gint y, const GstVideoInfo * out)
{
  return recode (from, to, c, cref_component_value (in, c, x, y));
}

/* @frame, of @info, in frames of @wide (cref_make_wide_info ()): each
 * code value taken to @wide's code range, rounded (exact but for
 * full-range chroma into 16 bits, and full range into 12 bits); alpha
 * opaque where @info has none. */
GstBuffer *
cref_widen_frame (const GstVideoInfo * info, GstBuffer * frame,
    const GstVideoInfo * wide)
{
  CodeRange from = code_range (info), to = code_range (wide);

  return fill_wide_frame (info, frame, &from, wide, &to, widened_value, NULL);
}

/* @input (frames of @in) converted by GstVideoConverter's generic path
 * into frames of @wide (cref_make_wide_info () of the output): from
 * @input as it is, or where @widen_input from its copy in the wide format
 * of @in (cref_widen_frame ()), so that GstVideoConverter also resamples
 * chroma in 16 bits. */
GstBuffer *
cref_convert_wide (const GstVideoInfo * in, GstBuffer * input,
    const GstVideoInfo * wide, gboolean widen_input)
{
  GstVideoInfo wide_in;
  GstBuffer *wide_input, *output;

  if (!widen_input)
    return cref_convert (in, wide, input);
  cref_make_wide_info (&wide_in, in);
  wide_input = cref_widen_frame (in, input, &wide_in);
  output = cref_convert (&wide_in, wide, wide_input);
  gst_buffer_unref (wide_input);
  return output;
}

/* The two taps (places, weights) of a linear interpolation of chroma
 * samples, along an axis with @n of them, at pixel @p: not subsampled,
 * the pixel's own sample; subsampled by 2, between the neighbouring
 * samples, sited at even pixels or between two (@center), the places
 * clamped to the frame. */
static void
up_taps (gint p, gboolean sub, gboolean center, gint n, gint place[2],
    gdouble weight[2])
{
  gdouble at = sub ? (p - (center ? 0.5 : 0.0)) / 2 : p;
  gint first = floor (at);

  place[0] = CLAMP (first, 0, n - 1);
  place[1] = CLAMP (first + 1, 0, n - 1);
  weight[1] = at - first;
  weight[0] = 1 - weight[1];
}

/* Component @c of pixel (@x, @y) of @frame in full scale (chroma: -0.5
 * to 0.5), subsampled chroma interpolated linearly at the pixel. */
static gdouble
full_scale_value (const GstVideoFrame * frame, const CodeRange * r, guint c,
    gint x, gint y)
{
  const GstVideoInfo *info = &frame->info;
  gboolean sub_x = GST_VIDEO_FORMAT_INFO_W_SUB (info->finfo, c) != 0;
  gboolean sub_y = GST_VIDEO_FORMAT_INFO_H_SUB (info->finfo, c) != 0;
  gint px[2], py[2];
  gdouble wx[2], wy[2], v = 0;

  up_taps (x, sub_x, !(info->chroma_site & GST_VIDEO_CHROMA_SITE_H_COSITED),
      GST_VIDEO_INFO_COMP_WIDTH (info, c), px, wx);
  up_taps (y, sub_y, !(info->chroma_site & GST_VIDEO_CHROMA_SITE_V_COSITED),
      GST_VIDEO_INFO_COMP_HEIGHT (info, c), py, wy);
  for (guint j = 0; j < 2; j++)
    for (guint i = 0; i < 2; i++)
      v += wx[i] * wy[j] * cref_component_value (frame, c, px[i], py[j]);
  return (v - r->offset[c]) / r->scale[c];
}

/* Y'CbCr of @matrix into R'G'B', in place (all in full scale). */
static void
yuv_to_rgb (GstVideoColorMatrix matrix, gdouble v[3])
{
  gdouble kr, kb, y = v[0], r, b;

  gst_video_color_matrix_get_Kr_Kb (matrix, &kr, &kb);
  r = y + 2 * (1 - kr) * v[2];
  b = y + 2 * (1 - kb) * v[1];
  v[0] = r;
  v[1] = (y - kr * r - kb * b) / (1 - kr - kb);
  v[2] = b;
}

static void
rgb_to_yuv (GstVideoColorMatrix matrix, gdouble v[3])
{
  gdouble kr, kb, r = v[0], b = v[2], y;

  gst_video_color_matrix_get_Kr_Kb (matrix, &kr, &kb);
  y = kr * r + (1 - kr - kb) * v[1] + kb * b;
  v[0] = y;
  v[1] = (b - y) / (2 * (1 - kb));
  v[2] = (r - y) / (2 * (1 - kr));
}

/* Pixel (@x, @y) of @frame as the output's components 0 .. 2 in full
 * scale, where the output is @out: through R'G'B' (gray next to RGB is
 * BT.601 luma), but for gray next to YUV, which takes the luma as it is,
 * the chroma neutral. */
static void
formula_pixel (const GstVideoFrame * frame, const CodeRange * r,
    const GstVideoInfo * out, gint x, gint y, gdouble v[3])
{
  const GstVideoInfo *in = &frame->info;
  gboolean gray_in = GST_VIDEO_INFO_IS_GRAY (in);

  for (guint c = 0; c < 3; c++)
    v[c] = full_scale_value (frame, r, gray_in ? 0 : c, x, y);
  if (GST_VIDEO_INFO_IS_YUV (in) && GST_VIDEO_INFO_IS_GRAY (out))
    return;
  if (gray_in && GST_VIDEO_INFO_IS_YUV (out)) {
    v[1] = v[2] = 0;
    return;
  }
  if (GST_VIDEO_INFO_IS_YUV (in))
    yuv_to_rgb (in->colorimetry.matrix, v);
  if (GST_VIDEO_INFO_IS_YUV (out))
    rgb_to_yuv (out->colorimetry.matrix, v);
  else if (GST_VIDEO_INFO_IS_GRAY (out))
    rgb_to_yuv (GST_VIDEO_COLOR_MATRIX_BT601, v);
}

/* Where gray meets YUV, the luma is copied: gray's code values are luma
 * in the YUV side's range (16-bit limited range: 8-bit codes times 256,
 * as GStreamer's ranges have it). */
static CodeRange
gray_code_range (const GstVideoInfo * gray, const GstVideoInfo * yuv)
{
  CodeRange r;

  gst_video_color_range_offsets (yuv->colorimetry.range, gray->finfo,
      r.offset, r.scale);
  return r;
}

/* @gray's code values in the YUV side's range (gray_code_range ()),
 * written in the codes of @wide, the wider frame of the same scale that
 * cref_compare_recoded () reads them back from: 8-bit codes times 257 in
 * 16 bits, not 256, so that they recode to @gray's codes exactly. */
static CodeRange
gray_code_range_in (const GstVideoInfo * gray, const GstVideoInfo * yuv,
    const GstVideoInfo * wide)
{
  CodeRange r = gray_code_range (gray, yuv);
  gint wide_peak = (1 << GST_VIDEO_INFO_COMP_DEPTH (wide, 0)) - 1;
  gint peak = (1 << GST_VIDEO_INFO_COMP_DEPTH (gray, 0)) - 1;
  gint codes = wide_peak / peak;

  fail_unless (codes * peak == wide_peak);
  for (guint c = 0; c < G_N_ELEMENTS (r.offset); c++) {
    r.offset[c] *= codes;
    r.scale[c] *= codes;
  }
  return r;
}

/* The down taps of output chroma sample @k along an axis of @n pixels:
 * the average of its two pixels (centred) or [1 2 1] / 4 about its first
 * (cosited), the places clamped; not subsampled, the pixel itself. */
static guint
down_taps (gint k, gboolean sub, gboolean center, gint n, gint place[3],
    gdouble weight[3])
{
  static const gdouble centred[] = { 0.5, 0.5 }, cosited[] = { 0.25, 0.5,
    0.25
  };
  gint first = !sub ? k : center ? 2 * k : 2 * k - 1;
  guint taps = !sub ? 1 : center ? 2 : 3;

  for (guint i = 0; i < taps; i++) {
    place[i] = CLAMP (first + (gint) i, 0, n - 1);
    weight[i] = !sub ? 1.0 : center ? centred[i] : cosited[i];
  }
  return taps;
}

/* Whether @in and @out subsample and site chroma alike, both YUV and
 * subsampled: then each output chroma sample is converted from the input
 * sample in its place (and what the matrix takes from luma, nothing). */
static gboolean
chroma_in_place (const GstVideoInfo * in, const GstVideoInfo * out)
{
  return GST_VIDEO_INFO_IS_YUV (in) && GST_VIDEO_INFO_IS_YUV (out)
      && GST_VIDEO_FORMAT_INFO_W_SUB (in->finfo,
      1) == GST_VIDEO_FORMAT_INFO_W_SUB (out->finfo, 1)
      && GST_VIDEO_FORMAT_INFO_H_SUB (in->finfo,
      1) == GST_VIDEO_FORMAT_INFO_H_SUB (out->finfo, 1)
      && (GST_VIDEO_FORMAT_INFO_W_SUB (in->finfo, 1)
      || GST_VIDEO_FORMAT_INFO_H_SUB (in->finfo, 1))
      && in->chroma_site == out->chroma_site;
}

/* Component @c of output sample (@x, @y) in full scale: the pixel there,
 * or for subsampled chroma the down taps' pixels weighed. */
static gdouble
formula_sample (const GstVideoFrame * frame, const CodeRange * r,
    const GstVideoInfo * out, guint c, gint x, gint y)
{
  gboolean sub_x = GST_VIDEO_FORMAT_INFO_W_SUB (out->finfo, c) != 0;
  gboolean sub_y = GST_VIDEO_FORMAT_INFO_H_SUB (out->finfo, c) != 0;
  gint px[3], py[3];
  gdouble wx[3], wy[3], v[3], sum = 0;
  guint nx, ny;

  if (chroma_in_place (&frame->info, out) && c > 0) {
    for (guint k = 0; k < 3; k++)
      v[k] = k == 0 ? 0.5 : ((gdouble) cref_component_value (frame, k, x,
              y) - r->offset[k]) / r->scale[k];
    yuv_to_rgb (frame->info.colorimetry.matrix, v);
    rgb_to_yuv (out->colorimetry.matrix, v);
    return v[c];
  }
  nx = down_taps (x, sub_x, !(out->chroma_site &
          GST_VIDEO_CHROMA_SITE_H_COSITED), out->width, px, wx);
  ny = down_taps (y, sub_y, !(out->chroma_site &
          GST_VIDEO_CHROMA_SITE_V_COSITED), out->height, py, wy);
  for (guint j = 0; j < ny; j++) {
    for (guint i = 0; i < nx; i++) {
      formula_pixel (frame, r, out, px[i], py[j], v);
      sum += wx[i] * wy[j] * v[c];
    }
  }
  return sum;
}

static gdouble
formula_value (const GstVideoFrame * in, const CodeRange * from,
    const CodeRange * to, guint c, gint x, gint y, const GstVideoInfo * out)
{
  return to->offset[c] + to->scale[c] * formula_sample (in, from, out, c, x, y);
}

/**
 * cref_formula_convert:
 * @wide: cref_make_wide_info () of the output, @out
 *
 * @input, frames of @in, converted by the formula that clconvert
 * computes, in doubles: code values to full scale by each side's range,
 * through R'G'B' by each side's matrix, chroma upsampled and downsampled
 * linearly as GstVideoConverter's filters weigh (docs/clconvert.md),
 * alpha copied; written in the 16 bits of @wide (1/256 of an 8-bit code)
 * for cref_compare_recoded ().
 */
GstBuffer *
cref_formula_convert (const GstVideoInfo * in, GstBuffer * input,
    const GstVideoInfo * out, const GstVideoInfo * wide)
{
  CodeRange from = code_range (in), to = code_range (wide);

  if (GST_VIDEO_INFO_IS_GRAY (in) && GST_VIDEO_INFO_IS_YUV (out))
    from = gray_code_range (in, out);
  if (GST_VIDEO_INFO_IS_GRAY (out) && GST_VIDEO_INFO_IS_YUV (in))
    to = gray_code_range_in (out, in, wide);
  return fill_wide_frame (in, input, &from, wide, &to, formula_value, out);
}

/* @actual, frames of @info, against @expected, frames of @ref (of the
 * same subsampling) in @info's code values, not rounded but saturated to
 * them (as a frame of @info must be), over every component value of the
 * picture (but alpha, where not @alpha). */
CRefCloseness
cref_compare_recoded (const GstVideoInfo * info, GstBuffer * actual,
    const GstVideoInfo * ref, GstBuffer * expected, gboolean alpha)
{
  GstVideoFrame fa, fe;
  gdouble sum = 0, peak = (1 << GST_VIDEO_INFO_COMP_DEPTH (info, 0)) - 1;
  CodeRange to = code_range (info), from = code_range (ref);
  gsize n = 0;
  CRefCloseness result = { INFINITY, 0, 0 };

  fail_unless (gst_video_frame_map (&fa, (GstVideoInfo *) info, actual,
          GST_MAP_READ));
  fail_unless (gst_video_frame_map (&fe, (GstVideoInfo *) ref, expected,
          GST_MAP_READ));
  for (guint c = 0; c < GST_VIDEO_INFO_N_COMPONENTS (info); c++) {
    if (c == GST_VIDEO_COMP_A && !alpha)
      continue;
    for (gint y = 0; y < GST_VIDEO_INFO_COMP_HEIGHT (info, c); y++) {
      for (gint x = 0; x < GST_VIDEO_INFO_COMP_WIDTH (info, c); x++) {
        gdouble e = recode (&from, &to, c, cref_component_value (&fe, c, x,
                y));
        gdouble d = cref_component_value (&fa, c, x, y) - CLAMP (e, 0, peak);

        sum += d * d;
        result.max_error = MAX (result.max_error, fabs (d));
        n++;
      }
    }
  }
  gst_video_frame_unmap (&fa);
  gst_video_frame_unmap (&fe);
  /* Whole code values where @ref is @info. */
  result.max_diff = ceil (result.max_error);
  if (sum > 0)
    result.psnr = 10 * log10 (peak * peak / (sum / n));
  return result;
}

/* @actual against @expected, frames of @info, over every component
 * value of the picture (but alpha, where not @alpha). */
CRefCloseness
cref_compare (const GstVideoInfo * info, GstBuffer * actual,
    GstBuffer * expected, gboolean alpha)
{
  return cref_compare_recoded (info, actual, info, expected, alpha);
}

/* The same caps on both sides of @factory: the input buffer itself comes
 * out. */
void
cref_assert_passthrough (const gchar * factory)
{
  GstHarness *h = gst_harness_new (factory);
  GstVideoInfo info;
  GstBuffer *input, *output;

  cref_make_info (&info, GST_VIDEO_FORMAT_NV12, 32, 16,
      GST_VIDEO_COLOR_MATRIX_BT709, GST_VIDEO_COLOR_RANGE_16_235,
      GST_VIDEO_CHROMA_SITE_MPEG2);
  gst_harness_set_caps (h, gst_video_info_to_caps (&info),
      gst_video_info_to_caps (&info));
  input = rel_noise_buffer (&info, 3);
  output = gst_harness_push_and_pull (h, gst_buffer_ref (input));
  fail_unless (output == input);
  gst_buffer_unref (output);
  gst_buffer_unref (input);
  gst_harness_teardown (h);
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
