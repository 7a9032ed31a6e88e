/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclconvertplan.h"

#include <gst/opencl/gstcldevice.h>
#include <math.h>
#include <string.h>

/* An affine map of three components: y = m x + v. */
typedef struct
{
  gdouble m[3][3];
  gdouble v[3];
} Affine;

static const GstVideoFormat supported_formats[] = {
  GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_BGRA, GST_VIDEO_FORMAT_ARGB,
  GST_VIDEO_FORMAT_ABGR, GST_VIDEO_FORMAT_RGBx, GST_VIDEO_FORMAT_BGRx,
  GST_VIDEO_FORMAT_xRGB, GST_VIDEO_FORMAT_xBGR, GST_VIDEO_FORMAT_GRAY8,
  GST_VIDEO_FORMAT_GRAY16_LE, GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_NV12,
  GST_VIDEO_FORMAT_NV21, GST_VIDEO_FORMAT_YV12, GST_VIDEO_FORMAT_Y42B,
  GST_VIDEO_FORMAT_Y444, GST_VIDEO_FORMAT_AYUV, GST_VIDEO_FORMAT_VUYA,
  GST_VIDEO_FORMAT_RGBP, GST_VIDEO_FORMAT_BGRP, GST_VIDEO_FORMAT_RGB,
  GST_VIDEO_FORMAT_BGR, GST_VIDEO_FORMAT_P010_10LE,
};

gboolean
gst_cl_convert_format_supported (GstVideoFormat format)
{
  for (guint i = 0; i < G_N_ELEMENTS (supported_formats); i++)
    if (supported_formats[i] == format)
      return TRUE;
  return FALSE;
}

/**
 * gst_cl_convert_range:
 *
 * The code value of 0 (black, neutral chroma) and the code span of a unit
 * signal for each colour component of @finfo in @range, as GStreamer
 * defines them: full range spans every code (chroma centred on half the
 * codes), limited range 219 (luma, R, G, B) or 224 (chroma) steps of
 * 2^(depth - 8) above 16 (luma, R, G, B) or around 128 of those steps.
 */
void
gst_cl_convert_range (const GstVideoFormatInfo * finfo,
    GstVideoColorRange range, gdouble offset[3], gdouble scale[3])
{
  gboolean yuv = !GST_VIDEO_FORMAT_INFO_IS_RGB (finfo);
  gdouble step = ldexp (1.0, GST_VIDEO_FORMAT_INFO_DEPTH (finfo, 0) - 8);

  for (guint c = 0; c < 3; c++) {
    gboolean chroma = yuv && c > 0;

    if (range == GST_VIDEO_COLOR_RANGE_16_235) {
      offset[c] = (chroma ? 128 : 16) * step;
      scale[c] = (chroma ? 224 : 219) * step;
    } else {
      offset[c] = chroma ? 128 * step : 0;
      scale[c] = 256 * step - 1;
    }
  }
}

static void
affine_identity (Affine * a)
{
  memset (a, 0, sizeof (*a));
  for (guint i = 0; i < 3; i++)
    a->m[i][i] = 1.0;
}

/* a, then b. */
static void
affine_then (const Affine * a, const Affine * b, Affine * result)
{
  Affine r;

  for (guint i = 0; i < 3; i++) {
    r.v[i] = b->v[i];
    for (guint j = 0; j < 3; j++) {
      r.m[i][j] = 0;
      for (guint k = 0; k < 3; k++)
        r.m[i][j] += b->m[i][k] * a->m[k][j];
      r.v[i] += b->m[i][j] * a->v[j];
    }
  }
  *result = r;
}

/* R'G'B' -> Y'Cb'Cr' (luma 0..1, chroma -0.5..0.5) for (Kr, Kb). */
static void
rgb_to_yuv (gdouble kr, gdouble kb, Affine * a)
{
  gdouble kg = 1.0 - kr - kb;

  memset (a, 0, sizeof (*a));
  a->m[0][0] = kr;
  a->m[0][1] = kg;
  a->m[0][2] = kb;
  a->m[1][0] = -kr / (2 * (1 - kb));
  a->m[1][1] = -kg / (2 * (1 - kb));
  a->m[1][2] = 0.5;
  a->m[2][0] = 0.5;
  a->m[2][1] = -kg / (2 * (1 - kr));
  a->m[2][2] = -kb / (2 * (1 - kr));
}

/* Y'Cb'Cr' -> R'G'B', the inverse of rgb_to_yuv (). */
static void
yuv_to_rgb (gdouble kr, gdouble kb, Affine * a)
{
  gdouble kg = 1.0 - kr - kb;

  memset (a, 0, sizeof (*a));
  a->m[0][0] = a->m[1][0] = a->m[2][0] = 1.0;
  a->m[0][2] = 2 * (1 - kr);
  a->m[1][1] = -2 * (1 - kb) * kb / kg;
  a->m[1][2] = -2 * (1 - kr) * kr / kg;
  a->m[2][1] = 2 * (1 - kb);
}

/* A YUV or gray side's (Kr, Kb); FALSE where its caps name no YUV matrix. */
static gboolean
side_kr_kb (const GstVideoInfo * info, gdouble * kr, gdouble * kb,
    GError ** error)
{
  if (gst_video_color_matrix_get_Kr_Kb (info->colorimetry.matrix, kr, kb))
    return TRUE;
  g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_UNSUPPORTED,
      "%s caps with colorimetry matrix %d: a YUV or gray format needs a "
      "YCbCr matrix (bt601, bt709, bt2020, smpte240m or fcc)",
      GST_VIDEO_INFO_NAME (info), info->colorimetry.matrix);
  return FALSE;
}

/* @info's code values -> R'G'B' (0..1). A gray side's chroma is 0. */
static gboolean
decode_affine (const GstVideoInfo * info, Affine * a, GError ** error)
{
  gdouble offset[3], scale[3], kr, kb;
  Affine normalize, to_rgb;

  gst_cl_convert_range (info->finfo, info->colorimetry.range, offset, scale);
  memset (&normalize, 0, sizeof (normalize));
  for (guint c = 0; c < 3; c++) {
    if (GST_VIDEO_INFO_IS_GRAY (info) && c > 0)
      continue;
    normalize.m[c][c] = 1.0 / scale[c];
    normalize.v[c] = -offset[c] / scale[c];
  }
  if (GST_VIDEO_INFO_IS_RGB (info)) {
    *a = normalize;
    return TRUE;
  }
  if (!side_kr_kb (info, &kr, &kb, error))
    return FALSE;
  yuv_to_rgb (kr, kb, &to_rgb);
  affine_then (&normalize, &to_rgb, a);
  return TRUE;
}

/* R'G'B' (0..1) -> @info's code values (before rounding). */
static gboolean
encode_affine (const GstVideoInfo * info, Affine * a, GError ** error)
{
  gdouble offset[3], scale[3], kr, kb;
  Affine quantize, to_yuv;

  gst_cl_convert_range (info->finfo, info->colorimetry.range, offset, scale);
  memset (&quantize, 0, sizeof (quantize));
  for (guint c = 0; c < 3; c++) {
    quantize.m[c][c] = scale[c];
    quantize.v[c] = offset[c];
  }
  if (GST_VIDEO_INFO_IS_RGB (info)) {
    *a = quantize;
    return TRUE;
  }
  if (!side_kr_kb (info, &kr, &kb, error))
    return FALSE;
  rgb_to_yuv (kr, kb, &to_yuv);
  affine_then (&to_yuv, &quantize, a);
  return TRUE;
}

/* Whether @a leaves the first @n components as they are. */
static gboolean
affine_is_identity (const Affine * a, guint n)
{
  Affine id;

  affine_identity (&id);
  for (guint i = 0; i < n; i++) {
    if (fabs (a->v[i]) > 1e-9)
      return FALSE;
    for (guint j = 0; j < 3; j++)
      if (fabs (a->m[i][j] - id.m[i][j]) > 1e-9)
        return FALSE;
  }
  return TRUE;
}

/* Whether @a and @b, frames of one format, site subsampled chroma alike
 * on the axes where it is subsampled (UNKNOWN counts as centred, as
 * GstVideoConverter takes it). */
static gboolean
same_siting (const GstVideoInfo * a, const GstVideoInfo * b)
{
  GstVideoChromaSite cosited = 0;

  if (GST_VIDEO_FORMAT_INFO_W_SUB (a->finfo, 1))
    cosited |= GST_VIDEO_CHROMA_SITE_H_COSITED;
  if (GST_VIDEO_FORMAT_INFO_H_SUB (a->finfo, 1))
    cosited |= GST_VIDEO_CHROMA_SITE_V_COSITED;
  return (a->chroma_site & cosited) == (b->chroma_site & cosited);
}

/* Values of @finfo's components, in units of the type the kernel reads
 * them as (8 or 16 bits). */
static guint
value_bytes (const GstVideoFormatInfo * finfo)
{
  return GST_VIDEO_FORMAT_INFO_DEPTH (finfo, 0) > 8 ? 2 : 1;
}

/* The offset of component @c of @finfo in its pixel, in values of @bytes.
 * GStreamer 1.22 gives P010_10LE's V (and P012's, P016's) the offset of 1
 * byte, not 2: rounding up serves either. */
static gint
value_offset (const GstVideoFormatInfo * finfo, guint c, guint bytes)
{
  return (GST_VIDEO_FORMAT_INFO_POFFSET (finfo, c) + bytes - 1) / bytes;
}

/* "-D<SIDE>_PLANE_<name>=<side><plane> ..." for component @comp of @finfo:
 * the kernel argument of its plane, and its step and offset in values. */
static void
append_component (GString * s, const gchar * side, const gchar * name,
    const GstVideoFormatInfo * finfo, guint plane, gint step, gint offset)
{
  gchar *arg = g_ascii_strdown (side, -1);

  g_string_append_printf (s, " -D%s_PLANE_%s=%s%u -D%s_PITCH_%s=%s%u_pitch"
      " -D%s_STEP_%s=%d -D%s_OFF_%s=%d", side, name, arg, plane, side, name,
      arg, plane, side, name, step, side, name, offset);
  g_free (arg);
}

/* The unused byte of a 4-byte RGB pixel (RGBx, xRGB, ...), which is
 * written as opaque alpha; -1 where there is none. */
static gint
padding_byte (const GstVideoFormatInfo * finfo)
{
  guint used = 0;

  if (GST_VIDEO_FORMAT_INFO_N_COMPONENTS (finfo) != 3
      || GST_VIDEO_FORMAT_INFO_PSTRIDE (finfo, 0) != 4)
    return -1;
  for (guint c = 0; c < 3; c++)
    used |= 1 << GST_VIDEO_FORMAT_INFO_POFFSET (finfo, c);
  for (gint b = 0; b < 4; b++)
    if (!(used & (1 << b)))
      return b;
  return -1;
}

/* Build options describing one side: value size (and the bits a value
 * is shifted by in its word: P010's 10 bits are the high bits of 16),
 * where each component is, chroma subsampling and siting, alpha (and, on
 * the output, the padding byte). Values are code values of the format's
 * depth (GST_VIDEO_FORMAT_INFO_DEPTH: 10 for P010), as
 * gst_cl_convert_range () gives their range. */
static void
append_side (GString * s, const gchar * side, const GstVideoInfo * info,
    gboolean output)
{
  const GstVideoFormatInfo *finfo = info->finfo;
  static const gchar *names[] = { "0", "1", "2", "A" };
  guint bytes = value_bytes (finfo);
  gint pad = padding_byte (finfo);

  g_string_append_printf (s, " -D%s_BYTES=%u", side, bytes);
  if (GST_VIDEO_FORMAT_INFO_SHIFT (finfo, 0))
    g_string_append_printf (s, " -D%s_SHIFT=%u", side,
        GST_VIDEO_FORMAT_INFO_SHIFT (finfo, 0));
  for (guint c = 0; c < GST_VIDEO_FORMAT_INFO_N_COMPONENTS (finfo); c++)
    append_component (s, side, names[c], finfo,
        GST_VIDEO_FORMAT_INFO_PLANE (finfo, c),
        GST_VIDEO_FORMAT_INFO_PSTRIDE (finfo, c) / bytes,
        value_offset (finfo, c, bytes));
  /* Siting on an axis without subsampling changes nothing: centred
   * there, whatever the caps, so that the program does not change. */
  if (!GST_VIDEO_FORMAT_INFO_IS_GRAY (finfo))
    g_string_append_printf (s, " -D%s_CHROMA -D%s_SUB_X=%u -D%s_SUB_Y=%u"
        " -D%s_CENTER_X=%d -D%s_CENTER_Y=%d", side, side,
        GST_VIDEO_FORMAT_INFO_W_SUB (finfo, 1), side,
        GST_VIDEO_FORMAT_INFO_H_SUB (finfo, 1), side,
        !(GST_VIDEO_FORMAT_INFO_W_SUB (finfo, 1)
            && (info->chroma_site & GST_VIDEO_CHROMA_SITE_H_COSITED)), side,
        !(GST_VIDEO_FORMAT_INFO_H_SUB (finfo, 1)
            && (info->chroma_site & GST_VIDEO_CHROMA_SITE_V_COSITED)));
  if (GST_VIDEO_FORMAT_INFO_HAS_ALPHA (finfo)) {
    g_string_append_printf (s, " -D%s_ALPHA", side);
  } else if (output && pad >= 0) {
    g_string_append_printf (s, " -D%s_PAD", side);
    append_component (s, side, "A", finfo, 0, 4, pad);
  }
}

static gchar *
build_options (const GstVideoInfo * in, const GstVideoInfo * out)
{
  GString *s = g_string_new (NULL);

  append_side (s, "IN", in, FALSE);
  append_side (s, "OUT", out, TRUE);
  return g_string_free (s, FALSE);
}

/* A gray side next to a YUV side is that side's luma, in its range and
 * matrix (@copy holds it): gray and YUV exchange luma unchanged, as
 * videoconvert does. Other sides are returned as they are. */
static const GstVideoInfo *
as_luma_of (const GstVideoInfo * info, const GstVideoInfo * other,
    GstVideoInfo * copy)
{
  if (!GST_VIDEO_INFO_IS_GRAY (info) || !GST_VIDEO_INFO_IS_YUV (other))
    return info;
  *copy = *info;
  copy->colorimetry.range = other->colorimetry.range;
  copy->colorimetry.matrix = other->colorimetry.matrix;
  return copy;
}

/**
 * gst_cl_convert_plan_make:
 *
 * Plans the conversion of frames of @in into frames of @out (the same
 * size). The matrices come from each side's colorimetry (GstVideoInfo
 * has already filled what the caps left out, as for videoconvert); the
 * transfer function and primaries are not converted, as videoconvert
 * does not by default. Fails, with @error set, for formats outside
 * GST_CL_CONVERT_FORMATS or a YUV side without a YCbCr matrix.
 */
gboolean
gst_cl_convert_plan_make (GstCLConvertPlan * plan, const GstVideoInfo * in,
    const GstVideoInfo * out, GError ** error)
{
  Affine decode, encode, map;
  const GstVideoInfo *sides[] = { in, out };
  GstVideoInfo in_gray, out_gray;

  memset (plan, 0, sizeof (*plan));
  for (guint i = 0; i < G_N_ELEMENTS (sides); i++) {
    if (!gst_cl_convert_format_supported (GST_VIDEO_INFO_FORMAT (sides[i]))) {
      g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_UNSUPPORTED,
          "Cannot convert %s frames (formats: %s)",
          GST_VIDEO_INFO_NAME (sides[i]), GST_CL_CONVERT_FORMATS);
      return FALSE;
    }
  }
  in = as_luma_of (in, out, &in_gray);
  out = as_luma_of (out, in, &out_gray);
  if (!decode_affine (in, &decode, error)
      || !encode_affine (out, &encode, error))
    return FALSE;
  affine_then (&decode, &encode, &map);

  memcpy (plan->matrix, map.m, sizeof (map.m));
  memcpy (plan->offset, map.v, sizeof (map.v));
  plan->alpha_scale =
      (ldexp (1.0, GST_VIDEO_FORMAT_INFO_DEPTH (out->finfo, 0)) - 1) /
      (ldexp (1.0, GST_VIDEO_FORMAT_INFO_DEPTH (in->finfo, 0)) - 1);
  plan->identity = GST_VIDEO_INFO_FORMAT (in) == GST_VIDEO_INFO_FORMAT (out)
      && affine_is_identity (&map, GST_VIDEO_INFO_IS_GRAY (out) ? 1 : 3)
      && same_siting (in, out);
  plan->options = build_options (in, out);
  return TRUE;
}

void
gst_cl_convert_plan_clear (GstCLConvertPlan * plan)
{
  g_clear_pointer (&plan->options, g_free);
}
