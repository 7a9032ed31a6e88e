/* gst-opencl: a plain-C model of clrotate for its tests.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The mapping (seed 004, with pixel centres at i + 0.5): output pixel
 * (x, y) shows the source point
 *
 *   sx = cos a (x + 0.5 - qx) - sin a (y + 0.5 - qy) + px
 *   sy = sin a (x + 0.5 - qx) + cos a (y + 0.5 - qy) + py
 *
 * where p is the source's pivot and q the output point that shows it:
 * both (center-x * W, center-y * H) for output-size=same, the centres of
 * the two frames for fit. Subsampled planes use the same pivots divided by
 * their subsampling. Samplers:
 *
 * - nearest: pixel (floor (sx), floor (sy)), background outside the source;
 * - bilinear: taps floor (sx - 0.5) + {0, 1}, weights from frac (sx - 0.5);
 * - bicubic: taps floor (sx - 1.5) + {0..3} with the Catmull-Rom weights
 *   of cl_qcom_filter_bicubic (seed 000), a = frac (sx - 0.5);
 *
 * both interpolating ones with taps clamped to the edge, then faded to the
 * background over the half pixel either side of the source's edge:
 * out = bg + (v - bg) * coverage, coverage = c (sx, W) * c (sy, H),
 * c (s, n) = clamp (min (s, n - s) + 0.5, 0, 1); the result saturates.
 */
#include "rotate-reference.h"

#include <math.h>
#include <string.h>

/* One plane as doubles, rows packed. */
typedef struct
{
  gint width;
  gint height;
  gint channels;
  gdouble *data;
} Plane;

/* The mapping of one plane: output point (x, y) -> source point. The turn
 * happens in display units: a source pixel is in_par wide and 1 high, an
 * output pixel out_par * k wide and k high, k keeping the pixel area. */
typedef struct
{
  gdouble c, s;
  gdouble qx, qy;               /* output pivot */
  gdouble px, py;               /* source pivot */
  gdouble in_par, out_par;
} Mapping;

/**
 * rotref_rotation:
 *
 * cos and sin of @angle degrees, exact (0, +-1) at quarter turns.
 */
void
rotref_rotation (gdouble angle, gdouble * c, gdouble * s)
{
  if (fabs (remainder (angle, 90.0)) < 1e-9) {
    gint q = (gint) (((llround (angle / 90.0) % 4) + 4) % 4);

    *c = q == 0 ? 1 : q == 2 ? -1 : 0;
    *s = q == 1 ? 1 : q == 3 ? -1 : 0;
    return;
  }
  *c = cos (angle * G_PI / 180.0);
  *s = sin (angle * G_PI / 180.0);
}

/**
 * rotref_fit_size:
 *
 * The documented output-size=fit size: the bounding box
 * |w cos| + |h sin| by |w sin| + |h cos| (in display units, for pixels of
 * aspect @par, which other angles than quarter turns keep), grown or shrunk
 * by whole pixels
 * on both sides (so by an even number) to the smallest size that holds it;
 * quarter turns keep or swap the size exactly.
 */
void
rotref_fit_size (gdouble angle, gint width, gint height, gdouble par,
    gint * out_width, gint * out_height)
{
  gdouble c, s, box_w, box_h;

  rotref_rotation (angle, &c, &s);
  if (c == 0 || s == 0) {
    *out_width = s == 0 ? width : height;
    *out_height = s == 0 ? height : width;
    return;
  }
  /* The box in display units, then its width in (unchanged) pixels. */
  box_w = (fabs (width * par * c) + fabs (height * s)) / par;
  box_h = fabs (width * par * s) + fabs (height * c);
  /* The smallest width + 2k >= box (with a hair of slack for rounding). */
  *out_width = width + 2 * (gint) ceil ((box_w - width) / 2 - 1e-6);
  *out_height = height + 2 * (gint) ceil ((box_h - height) / 2 - 1e-6);
  *out_width = MAX (*out_width, 1);
  *out_height = MAX (*out_height, 1);
}

static void
pivots (const RotRefParams * p, gint in_w, gint in_h, gint out_w, gint out_h,
    gdouble sub_x, gdouble sub_y, Mapping * m)
{
  rotref_rotation (p->angle, &m->c, &m->s);
  m->in_par = m->out_par = 1.0;
  if (p->fit) {
    m->qx = out_w / 2.0;
    m->qy = out_h / 2.0;
    m->px = in_w / 2.0;
    m->py = in_h / 2.0;
  } else {
    m->qx = m->px = p->center_x * in_w;
    m->qy = m->py = p->center_y * in_h;
  }
  m->qx /= sub_x;
  m->px /= sub_x;
  m->qy /= sub_y;
  m->py /= sub_y;
}

static void
map (const Mapping * m, gdouble x, gdouble y, gdouble * sx, gdouble * sy)
{
  gdouble k = sqrt (m->in_par / m->out_par);
  /* the output point in display units about the pivot, turned */
  gdouble dx = (x - m->qx) * m->out_par * k, dy = (y - m->qy) * k;
  gdouble tx = m->c * dx - m->s * dy, ty = m->s * dx + m->c * dy;

  *sx = tx / m->in_par + m->px;
  *sy = ty + m->py;
}

/**
 * rotref_map_point:
 *
 * The source point, in luma pixels of the input, that the point (@x, @y)
 * of the output shows (continuous coordinates: add 0.5 for pixel centres).
 */
void
rotref_map_point (const RotRefParams * p, gint in_w, gint in_h, gint out_w,
    gint out_h, gdouble x, gdouble y, gdouble * sx, gdouble * sy)
{
  Mapping m;

  pivots (p, in_w, in_h, out_w, out_h, 1, 1, &m);
  map (&m, x, y, sx, sy);
}

/**
 * rotref_plane_channels:
 *
 * Values per pixel in @plane as the tests see them: packed RGB formats are
 * four bytes (padding included), NV12's chroma two.
 */
guint
rotref_plane_channels (const GstVideoInfo * info, guint plane)
{
  switch (GST_VIDEO_INFO_FORMAT (info)) {
    case GST_VIDEO_FORMAT_GRAY8:
    case GST_VIDEO_FORMAT_GRAY16_LE:
    case GST_VIDEO_FORMAT_I420:
      return 1;
    case GST_VIDEO_FORMAT_NV12:
      return plane == 0 ? 1 : 2;
    default:
      g_assert (GST_VIDEO_INFO_IS_RGB (info));
      return 4;
  }
}

/* Y'CbCr weights of the matrices the tests use. */
static void
matrix_weights (GstVideoColorMatrix matrix, gdouble * kr, gdouble * kb)
{
  switch (matrix) {
    case GST_VIDEO_COLOR_MATRIX_BT709:
      *kr = 0.2126;
      *kb = 0.0722;
      break;
    case GST_VIDEO_COLOR_MATRIX_BT2020:
      *kr = 0.2627;
      *kb = 0.0593;
      break;
    default:                   /* BT.601, and gray's default */
      *kr = 0.299;
      *kb = 0.114;
      break;
  }
}

/**
 * rotref_background:
 * @value: (out): the background's value per channel of @plane
 *
 * Packed RGB: the format name spells the byte order, padding bytes are
 * 0xff. Gray: full-range luma (BT.601 weights). I420/NV12: Y'CbCr of the
 * caps' matrix, scaled to the caps' range (limited: Y 16..235, C 16..240).
 */
void
rotref_background (const GstVideoInfo * info, guint plane, guint32 argb,
    gdouble value[4])
{
  GstVideoFormat format = GST_VIDEO_INFO_FORMAT (info);
  gdouble max = format == GST_VIDEO_FORMAT_GRAY16_LE ? 65535 : 255;
  gdouble a = ((argb >> 24) & 0xff) / 255.0;
  gdouble r = ((argb >> 16) & 0xff) / 255.0;
  gdouble g = ((argb >> 8) & 0xff) / 255.0;
  gdouble b = (argb & 0xff) / 255.0;
  gdouble kr, kb, y, cb, cr;

  value[0] = value[1] = value[2] = value[3] = 0;
  matrix_weights (info->colorimetry.matrix, &kr, &kb);
  y = kr * r + (1 - kr - kb) * g + kb * b;
  cb = (b - y) / (2 * (1 - kb));
  cr = (r - y) / (2 * (1 - kr));

  switch (format) {
    case GST_VIDEO_FORMAT_GRAY8:
    case GST_VIDEO_FORMAT_GRAY16_LE:
      matrix_weights (GST_VIDEO_COLOR_MATRIX_BT601, &kr, &kb);
      value[0] = round ((kr * r + (1 - kr - kb) * g + kb * b) * max);
      return;
    case GST_VIDEO_FORMAT_I420:
    case GST_VIDEO_FORMAT_NV12:{
      gboolean full = info->colorimetry.range == GST_VIDEO_COLOR_RANGE_0_255;
      gdouble yv = full ? round (255 * y) : round (16 + 219 * y);
      gdouble uv = CLAMP (round (128 + (full ? 255 : 224) * cb), 0, 255);
      gdouble vv = CLAMP (round (128 + (full ? 255 : 224) * cr), 0, 255);

      if (plane == 0) {
        value[0] = yv;
      } else if (format == GST_VIDEO_FORMAT_NV12) {
        value[0] = uv;
        value[1] = vv;
      } else {
        value[0] = plane == 1 ? uv : vv;
      }
      return;
    }
    default:{
      const gchar *name = gst_video_format_to_string (format);

      g_assert (strlen (name) == 4);
      for (guint i = 0; i < 4; i++) {
        switch (name[i]) {
          case 'R':
            value[i] = round (r * 255);
            break;
          case 'G':
            value[i] = round (g * 255);
            break;
          case 'B':
            value[i] = round (b * 255);
            break;
          case 'A':
            value[i] = round (a * 255);
            break;
          default:             /* 'x' */
            value[i] = 255;
            break;
        }
      }
      return;
    }
  }
}

/* The component stored first in @plane: it gives the plane's geometry. */
static gint
plane_component (const GstVideoInfo * info, guint plane)
{
  for (guint c = 0; c < GST_VIDEO_INFO_N_COMPONENTS (info); c++)
    if (GST_VIDEO_INFO_COMP_PLANE (info, c) == plane)
      return c;
  g_assert_not_reached ();
  return 0;
}

static gboolean
is_16bit (const GstVideoFrame * frame)
{
  return GST_VIDEO_FRAME_FORMAT (frame) == GST_VIDEO_FORMAT_GRAY16_LE;
}

/* Address of value @c of pixel (x, y) of @plane, following the frame's
 * stride (which GstVideoMeta may set). */
static guint8 *
value_address (const GstVideoFrame * frame, guint plane, gint x, gint y,
    gint c)
{
  guint channels = rotref_plane_channels (&frame->info, plane);
  guint bytes = is_16bit (frame) ? 2 : 1;

  return (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (frame, plane)
      + (gsize) y * GST_VIDEO_FRAME_PLANE_STRIDE (frame, plane)
      + ((gsize) x * channels + c) * bytes;
}

static gdouble
read_value (const GstVideoFrame * frame, guint plane, gint x, gint y, gint c)
{
  const guint8 *p = value_address (frame, plane, x, y, c);

  return is_16bit (frame) ? GST_READ_UINT16_LE (p) : *p;
}

static Plane
plane_from_frame (const GstVideoFrame * frame, guint plane)
{
  gint comp = plane_component (&frame->info, plane);
  Plane p = {
    GST_VIDEO_FRAME_COMP_WIDTH (frame, comp),
    GST_VIDEO_FRAME_COMP_HEIGHT (frame, comp),
    rotref_plane_channels (&frame->info, plane),
    NULL,
  };

  p.data = g_new (gdouble, (gsize) p.width * p.height * p.channels);
  for (gint y = 0; y < p.height; y++)
    for (gint x = 0; x < p.width; x++)
      for (gint c = 0; c < p.channels; c++)
        p.data[((gsize) y * p.width + x) * p.channels + c] =
            read_value (frame, plane, x, y, c);
  return p;
}

/* Clamp-to-edge fetch. */
static gdouble
fetch (const Plane * p, gint x, gint y, gint c)
{
  x = CLAMP (x, 0, p->width - 1);
  y = CLAMP (y, 0, p->height - 1);
  return p->data[((gsize) y * p->width + x) * p->channels + c];
}

/* The Catmull-Rom weights of cl_qcom_filter_bicubic, as seed 000 writes
 * them, for the taps floor (s - 1.5) + 0..3 at a = frac (s - 0.5). */
static void
catmull_rom_weights (gdouble a, gdouble w[4])
{
  w[0] = -0.5 * a + 1.0 * (a * a) - 0.5 * (a * a * a);
  w[1] = 1.0 - 2.5 * (a * a) + 1.5 * (a * a * a);
  w[2] = 0.5 * a + 2.0 * (a * a) - 1.5 * (a * a * a);
  w[3] = -0.5 * (a * a) + 0.5 * (a * a * a);
}

static gdouble
interpolate (const Plane * p, RotRefMethod method, gdouble sx, gdouble sy,
    gint c)
{
  if (method == ROTREF_BILINEAR) {
    gint x0 = (gint) floor (sx - 0.5), y0 = (gint) floor (sy - 0.5);
    gdouble a = (sx - 0.5) - x0, b = (sy - 0.5) - y0;
    gdouble top = (1 - a) * fetch (p, x0, y0, c) + a * fetch (p, x0 + 1, y0,
        c);
    gdouble bottom = (1 - a) * fetch (p, x0, y0 + 1, c) +
        a * fetch (p, x0 + 1, y0 + 1, c);

    return (1 - b) * top + b * bottom;
  } else {
    gint x0 = (gint) floor (sx - 1.5), y0 = (gint) floor (sy - 1.5);
    gdouble wu[4], wv[4], v = 0;

    catmull_rom_weights ((sx - 0.5) - floor (sx - 0.5), wu);
    catmull_rom_weights ((sy - 0.5) - floor (sy - 0.5), wv);
    for (gint i = 0; i < 4; i++)
      for (gint j = 0; j < 4; j++)
        v += wu[i] * wv[j] * fetch (p, x0 + i, y0 + j, c);
    return v;
  }
}

static gdouble
coverage_1d (gdouble s, gint n)
{
  return CLAMP (MIN (s, n - s) + 0.5, 0.0, 1.0);
}

/* Counts a sample and keeps the worst one: the first wrong exact sample
 * (@max NULL), else the largest difference. */
static void
note_sample (RotRefDiff * d, gdouble * max, guint plane, gint x, gint y,
    gint c, gdouble expected, gdouble got)
{
  gdouble diff = fabs (got - expected);
  gboolean worst;

  if (max == NULL) {
    if (diff == 0)
      return;
    worst = d->n_wrong++ == 0;
  } else {
    *max = MAX (*max, diff);
    worst = d->n_wrong == 0 && diff > fabs (d->got - d->expected);
  }
  if (!worst)
    return;
  d->plane = plane;
  d->x = x;
  d->y = y;
  d->channel = c;
  d->expected = expected;
  d->got = got;
}

/* Pixel (ix, iy) of @p or the background, for nearest. */
static const gdouble *
nearest_pixel (const Plane * p, gint ix, gint iy, const gdouble * bg)
{
  if (ix < 0 || iy < 0 || ix >= p->width || iy >= p->height)
    return bg;
  return p->data + ((gsize) iy * p->width + ix) * p->channels;
}

/* Nearest: exact, with either neighbour accepted across an ambiguous
 * boundary. */
static void
compare_nearest (RotRefDiff * d, guint plane, const Plane * src,
    const GstVideoFrame * out, gint x, gint y, gdouble sx, gdouble sy,
    const gdouble * bg)
{
  gint xs[2] = { (gint) floor (sx - ROTREF_AMBIGUOUS),
    (gint) floor (sx + ROTREF_AMBIGUOUS)
  };
  gint ys[2] = { (gint) floor (sy - ROTREF_AMBIGUOUS),
    (gint) floor (sy + ROTREF_AMBIGUOUS)
  };
  gdouble got[4];
  const gdouble *first = NULL;

  for (gint c = 0; c < src->channels; c++)
    got[c] = read_value (out, plane, x, y, c);

  if (xs[0] != xs[1] || ys[0] != ys[1])
    d->n_ambiguous++;
  for (gint j = 0; j < 2; j++) {
    for (gint i = 0; i < 2; i++) {
      const gdouble *want = nearest_pixel (src, xs[i], ys[j], bg);
      gboolean same = TRUE;

      for (gint c = 0; c < src->channels; c++)
        same &= want[c] == got[c];
      if (same) {
        d->n_interior++;
        return;
      }
      if (first == NULL)
        first = want;
    }
  }
  for (gint c = 0; c < src->channels; c++)
    note_sample (d, NULL, plane, x, y, c, first[c], got[c]);
}

static void
compare_interpolated (RotRefDiff * d, const RotRefParams * params,
    guint plane, const Plane * src, const GstVideoFrame * out, gint x, gint y,
    gdouble sx, gdouble sy, const gdouble * bg, gdouble max_value)
{
  const gdouble e = ROTREF_AMBIGUOUS;
  gboolean outside = sx < -0.5 - e || sy < -0.5 - e
      || sx > src->width + 0.5 + e || sy > src->height + 0.5 + e;
  gboolean interior = sx >= 1.5 && sy >= 1.5 && sx <= src->width - 1.5
      && sy <= src->height - 1.5;
  gdouble coverage = coverage_1d (sx, src->width) *
      coverage_1d (sy, src->height);

  if (outside)
    d->n_outside++;
  else if (interior)
    d->n_interior++;
  else
    d->n_edge++;

  for (gint c = 0; c < src->channels; c++) {
    gdouble got = read_value (out, plane, x, y, c);
    gdouble want;

    if (outside) {
      note_sample (d, NULL, plane, x, y, c, bg[c], got);
      continue;
    }
    want = interpolate (src, params->method, sx, sy, c);
    want = CLAMP (bg[c] + (want - bg[c]) * coverage, 0, max_value);
    note_sample (d, interior ? &d->max_interior : &d->max_edge, plane,
        x, y, c, want, got);
  }
}

/**
 * rotref_compare:
 *
 * Compares every value of @out with the model of @params applied to @in.
 */
RotRefDiff
rotref_compare (const GstVideoFrame * in, const GstVideoFrame * out,
    const RotRefParams * params)
{
  RotRefDiff d = { 0, };
  gdouble max_value = is_16bit (in) ? 65535 : 255;

  g_assert_cmpint (GST_VIDEO_FRAME_FORMAT (in), ==,
      GST_VIDEO_FRAME_FORMAT (out));

  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (in); p++) {
    gint comp = plane_component (&in->info, p);
    Plane src = plane_from_frame (in, p);
    gdouble bg[4];
    Mapping m;

    rotref_background (&out->info, p, params->background, bg);
    pivots (params, GST_VIDEO_FRAME_WIDTH (in), GST_VIDEO_FRAME_HEIGHT (in),
        GST_VIDEO_FRAME_WIDTH (out), GST_VIDEO_FRAME_HEIGHT (out),
        1 << GST_VIDEO_FORMAT_INFO_W_SUB (in->info.finfo, comp),
        1 << GST_VIDEO_FORMAT_INFO_H_SUB (in->info.finfo, comp), &m);
    m.in_par = (gdouble) GST_VIDEO_INFO_PAR_N (&in->info) /
        GST_VIDEO_INFO_PAR_D (&in->info);
    m.out_par = (gdouble) GST_VIDEO_INFO_PAR_N (&out->info) /
        GST_VIDEO_INFO_PAR_D (&out->info);

    for (gint y = 0; y < GST_VIDEO_FRAME_COMP_HEIGHT (out, comp); y++) {
      for (gint x = 0; x < GST_VIDEO_FRAME_COMP_WIDTH (out, comp); x++) {
        gdouble sx, sy;

        map (&m, x + 0.5, y + 0.5, &sx, &sy);
        if (params->method == ROTREF_NEAREST)
          compare_nearest (&d, p, &src, out, x, y, sx, sy, bg);
        else
          compare_interpolated (&d, params, p, &src, out, x, y, sx, sy, bg,
              max_value);
      }
    }
    g_free (src.data);
  }
  return d;
}

gchar *
rotref_diff_to_string (const RotRefDiff * d)
{
  return g_strdup_printf ("%u wrong exact values, max diff %g interior "
      "(%u px), %g edge (%u px), %u outside, %u ambiguous; worst: plane %u "
      "(%d, %d) channel %d: expected %g, got %g", d->n_wrong, d->max_interior,
      d->n_interior, d->max_edge, d->n_edge, d->n_outside, d->n_ambiguous,
      d->plane, d->x, d->y, d->channel, d->expected, d->got);
}

/**
 * rotref_fill_random:
 *
 * Fills the visible values of every plane with noise from @seed (padding
 * between rows is left alone).
 */
void
rotref_fill_random (GstVideoFrame * frame, guint32 seed)
{
  GRand *rand = g_rand_new_with_seed (seed);

  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (frame); p++) {
    gint comp = plane_component (&frame->info, p);
    guint channels = rotref_plane_channels (&frame->info, p);

    for (gint y = 0; y < GST_VIDEO_FRAME_COMP_HEIGHT (frame, comp); y++)
      for (gint x = 0; x < GST_VIDEO_FRAME_COMP_WIDTH (frame, comp); x++)
        for (guint c = 0; c < channels; c++) {
          guint8 *v = value_address (frame, p, x, y, c);

          if (is_16bit (frame))
            GST_WRITE_UINT16_LE (v, g_rand_int_range (rand, 0, 65536));
          else
            *v = g_rand_int_range (rand, 0, 256);
        }
  }
  g_rand_free (rand);
}
