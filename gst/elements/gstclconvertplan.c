/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclconvertplan.h"
#include "gstclcubic.h"

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

/* The black, opaque code values of @info (the range and matrix of
 * @encode, its map from R'G'B'). */
static void
border_values (const GstVideoInfo * info, const Affine * encode,
    gdouble border[4])
{
  for (guint c = 0; c < 3; c++)
    border[c] = encode->v[c];
  border[3] = ldexp (1.0, GST_VIDEO_FORMAT_INFO_DEPTH (info->finfo, 0)) - 1;
}

/* Whether @info subsamples its chroma (gray formats have none). */
static gboolean
subsamples_chroma (const GstVideoInfo * info)
{
  return !GST_VIDEO_INFO_IS_GRAY (info)
      && (GST_VIDEO_FORMAT_INFO_W_SUB (info->finfo, 1)
      || GST_VIDEO_FORMAT_INFO_H_SUB (info->finfo, 1));
}

/* Whether a coefficient of the map is one: the product of the decoding
 * and encoding maps leaves rounding residue (5e-17 where both sides have
 * one colorimetry) where the product is zero, which would have the
 * kernels resample a component for nothing. */
static gboolean
coefficient_used (gdouble m)
{
  return fabs (m) > 1e-9;
}

/* The input components that output components @first .. @last read
 * through the map (GST_CL_CONVERT_NEEDS_*). */
static guint
components_needed (const GstCLConvertPlan * plan, guint first, guint last)
{
  guint needs = 0;

  for (guint c = first; c <= last; c++) {
    if (coefficient_used (plan->matrix[c][0]))
      needs |= GST_CL_CONVERT_NEEDS_LUMA;
    if (coefficient_used (plan->matrix[c][1])
        || coefficient_used (plan->matrix[c][2]))
      needs |= GST_CL_CONVERT_NEEDS_CHROMA;
  }
  return needs;
}

/* The axis of table (@out_grid, @in_grid, @axis) (GST_CL_CONVERT_TABLES):
 * positions in pixels of each side, the picture at @rect on the output,
 * subsampled grids with their chroma siting. */
static void
table_axis (const GstVideoInfo * in, const GstVideoInfo * out,
    const GstVideoRectangle * rect, guint out_grid, guint in_grid, guint axis,
    GstCLCubicAxis * a)
{
  gboolean along_x = axis == 0;
  GstVideoChromaSite cosited = along_x ? GST_VIDEO_CHROMA_SITE_H_COSITED :
      GST_VIDEO_CHROMA_SITE_V_COSITED;
  guint in_sub = in_grid ? (along_x ? GST_VIDEO_FORMAT_INFO_W_SUB (in->finfo,
          1) : GST_VIDEO_FORMAT_INFO_H_SUB (in->finfo, 1)) : 0;
  guint out_sub = out_grid ? (along_x ?
      GST_VIDEO_FORMAT_INFO_W_SUB (out->finfo, 1) :
      GST_VIDEO_FORMAT_INFO_H_SUB (out->finfo, 1)) : 0;
  gint origin = along_x ? rect->x : rect->y;
  gint length = along_x ? rect->w : rect->h;

  a->in_size = along_x ? GST_VIDEO_INFO_COMP_WIDTH (in, in_grid) :
      GST_VIDEO_INFO_COMP_HEIGHT (in, in_grid);
  a->out_first = GST_VIDEO_SUB_SCALE (out_sub, origin);
  a->out_size = GST_VIDEO_SUB_SCALE (out_sub, origin + length) - a->out_first;
  a->out_step = 1 << out_sub;
  a->out_site = (out_sub && (out->chroma_site & cosited)) ?
      0.5 / a->out_step : 0.5;
  a->origin = origin;
  a->scale = (gdouble) (along_x ? in->width : in->height) / length;
  a->in_step = 1 << in_sub;
  a->in_site = (in_sub && (in->chroma_site & cosited)) ? 0.5 / a->in_step : 0.5;
}

/* The taps of every table in use, where all have as many; else 0. */
static gint
uniform_taps (const GstCLConvertTable tables[GST_CL_CONVERT_TABLES])
{
  gint taps = 0;

  for (guint t = 0; t < GST_CL_CONVERT_TABLES; t++) {
    if (tables[t].size == 0)
      continue;
    if (taps != 0 && tables[t].taps != taps)
      return 0;
    taps = tables[t].taps;
  }
  return taps;
}

/* Whether any GST_CL_CONVERT_TILE_H consecutive output samples of table
 * @t start at most GST_CL_CONVERT_TILE_H input samples apart: a tile's
 * rows then read at most GST_CL_CONVERT_TILE_H + taps input rows. */
static gboolean
fits_tiles (const GstCLConvertPlan * plan, guint t)
{
  const GstCLConvertTable *table = &plan->tables[t];
  const gint *starts = plan->starts + table->start;

  for (gint j = 0; j < table->size; j++) {
    gint last = MIN (j + GST_CL_CONVERT_TILE_H - 1, table->size - 1);

    if (starts[last] - starts[j] > GST_CL_CONVERT_TILE_H)
      return FALSE;
  }
  return TRUE;
}

/* The tables of the grids the frames have, packed for the kernel. */
static void
make_tables (GstCLConvertPlan * plan, const GstVideoInfo * in,
    const GstVideoInfo * out, const GstCLConvertScaleSettings * settings)
{
  GstCLCubicAxis axes[GST_CL_CONVERT_TABLES];
  guint grids_in = subsamples_chroma (in) ? 2 : 1;
  guint grids_out = subsamples_chroma (out) ? 2 : 1;
  gsize n_starts = 4 * GST_CL_CONVERT_TABLES, n_weights = 0;

  for (guint t = 0; t < GST_CL_CONVERT_TABLES; t++) {
    GstCLConvertTable *table = &plan->tables[t];
    guint out_grid = t / 4, in_grid = t / 2 % 2;

    if (out_grid >= grids_out || in_grid >= grids_in)
      continue;
    table_axis (in, out, &plan->rect, out_grid, in_grid, t % 2, &axes[t]);
    table->start = n_starts;
    table->weight = n_weights;
    table->taps = gst_cl_cubic_axis_taps (&axes[t], settings->antialias);
    table->size = axes[t].out_size;
    n_starts += table->size;
    n_weights += (gsize) table->size * table->taps;
  }

  plan->uniform_taps = uniform_taps (plan->tables);
  plan->n_starts = n_starts;
  plan->n_weights = MAX (n_weights, 1);
  plan->starts = g_new0 (gint, plan->n_starts);
  plan->weights = g_new0 (gfloat, plan->n_weights);
  for (guint t = 0; t < GST_CL_CONVERT_TABLES; t++) {
    const GstCLConvertTable *table = &plan->tables[t];

    memcpy (plan->starts + 4 * t, table, sizeof (*table));
    if (table->size > 0)
      gst_cl_cubic_axis_table (&axes[t], settings->b, settings->c,
          settings->antialias, plan->starts + table->start,
          plan->weights + table->weight);
  }
}

/* The picture's place on the output's chroma samples. */
static void
chroma_rect (const GstVideoInfo * out, const GstVideoRectangle * rect,
    GstVideoRectangle * crect)
{
  guint ws = GST_VIDEO_FORMAT_INFO_W_SUB (out->finfo, 1);
  guint hs = GST_VIDEO_FORMAT_INFO_H_SUB (out->finfo, 1);

  crect->x = GST_VIDEO_SUB_SCALE (ws, rect->x);
  crect->y = GST_VIDEO_SUB_SCALE (hs, rect->y);
  crect->w = GST_VIDEO_SUB_SCALE (ws, rect->x + rect->w) - crect->x;
  crect->h = GST_VIDEO_SUB_SCALE (hs, rect->y + rect->h) - crect->y;
}

/* The input grid of the components of @need: 1 for chroma where @in
 * subsamples it, else 0. */
static guint
input_grid (const GstVideoInfo * in, guint need)
{
  return need == GST_CL_CONVERT_NEEDS_CHROMA && subsamples_chroma (in);
}

/* The planes of the two passes' intermediate, one for each component an
 * output grid reads (@needs[grid]), of the rows of its input grid, one
 * after the other. */
static void
plan_intermediate (GstCLConvertPlan * plan, const GstVideoInfo * in,
    const guint needs[2])
{
  static const guint components[4] = { GST_CL_CONVERT_NEEDS_LUMA,
    GST_CL_CONVERT_NEEDS_CHROMA, GST_CL_CONVERT_NEEDS_CHROMA,
    GST_CL_CONVERT_NEEDS_ALPHA
  };
  gsize floats = 0;

  for (guint g = 0; g < 2; g++) {
    GstCLConvertIntermediate *im = &plan->intermediate[g];

    im->needs[0] = im->needs[1] = 0;
    im->pitch = GST_ROUND_UP_N (plan->tables[4 * g].size, GST_CL_CONVERT_RUN);
    for (guint c = 0; c < 4; c++) {
      guint grid = input_grid (in, components[c]);

      im->planes[c] = -1;
      if (!(needs[g] & components[c]))
        continue;
      im->needs[grid] |= components[c];
      im->planes[c] = floats;
      floats += (gsize) im->pitch * GST_VIDEO_INFO_COMP_HEIGHT (in, grid);
    }
  }
  plan->intermediate_floats = floats;
}

/* The scaled conversion's part of @plan: tables, border and options. */
static void
plan_scaling (GstCLConvertPlan * plan, const GstVideoInfo * in,
    const GstVideoInfo * out, const Affine * encode,
    const GstCLConvertScaleSettings * settings)
{
  gboolean out_subsampled = subsamples_chroma (out);
  /* of the output's pixels and chroma samples */
  guint needs[2] = { 0, 0 };
  gchar *options;

  chroma_rect (out, &plan->rect, &plan->chroma_rect);
  border_values (out, encode, plan->border);
  make_tables (plan, in, out, settings);
  /* y tables of the output's pixels: from the input's pixels (1) and
   * from its chroma samples (3) */
  plan->tiles = plan->uniform_taps == 4 && !out_subsampled
      && fits_tiles (plan, 1) && (!subsamples_chroma (in)
      || fits_tiles (plan, 3));

  needs[0] = components_needed (plan, 0, GST_VIDEO_INFO_IS_GRAY (out)
      || out_subsampled ? 0 : 2);
  if (GST_VIDEO_INFO_HAS_ALPHA (in) && GST_VIDEO_INFO_HAS_ALPHA (out))
    needs[0] |= GST_CL_CONVERT_NEEDS_ALPHA;
  if (out_subsampled)
    needs[1] = components_needed (plan, 1, 2);
  plan_intermediate (plan, in, needs);
  options = g_strdup_printf ("%s -DGST_CL_SCALE -DPIXEL_NEEDS=%u "
      "-DCHROMA_NEEDS=%u", plan->options, needs[0], needs[1]);
  g_free (plan->options);
  plan->options = options;
}

/**
 * gst_cl_convert_plan_make:
 * @picture: (nullable): where the picture goes on the output (letterboxed),
 *     aligned to the output's chroma subsampling; NULL: all of it
 * @settings: the cubic that a change of size resamples with
 *
 * Plans the conversion of frames of @in into frames of @out. The
 * matrices come from each side's colorimetry (GstVideoInfo has already
 * filled what the caps left out, as for videoconvert); the transfer
 * function and primaries are not converted, as videoconvert does not by
 * default. Where the picture changes size, each output sample resamples
 * the input components it needs at its own place (the chroma siting of
 * both sides included) with the (B, C) cubic of @settings, in input code
 * values, and converts them: one pass. Fails, with @error set, for
 * formats outside GST_CL_CONVERT_FORMATS or a YUV side without a YCbCr
 * matrix.
 */
gboolean
gst_cl_convert_plan_make (GstCLConvertPlan * plan, const GstVideoInfo * in,
    const GstVideoInfo * out, const GstVideoRectangle * picture,
    const GstCLConvertScaleSettings * settings, GError ** error)
{
  Affine decode, encode, map;
  const GstVideoInfo *sides[] = { in, out };
  GstVideoInfo in_gray, out_gray;
  GstVideoRectangle whole = { 0, 0, out->width, out->height };

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
  plan->rect = picture ? *picture : whole;
  plan->scales = in->width != out->width || in->height != out->height
      || plan->rect.x != 0 || plan->rect.y != 0
      || plan->rect.w != out->width || plan->rect.h != out->height;
  plan->identity = !plan->scales
      && GST_VIDEO_INFO_FORMAT (in) == GST_VIDEO_INFO_FORMAT (out)
      && affine_is_identity (&map, GST_VIDEO_INFO_IS_GRAY (out) ? 1 : 3)
      && same_siting (in, out);
  plan->options = build_options (in, out);
  if (plan->scales)
    plan_scaling (plan, in, out, &encode, settings);
  return TRUE;
}

void
gst_cl_convert_plan_clear (GstCLConvertPlan * plan)
{
  g_clear_pointer (&plan->options, g_free);
  g_clear_pointer (&plan->starts, g_free);
  g_clear_pointer (&plan->weights, g_free);
}
