/* gst-opencl: plain-C references and test images for the pixel tests.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The scalers here are written from the specification texts, in double,
 * one output value at a time, for clarity rather than speed:
 *
 * - ref_scale_seed000(): the cl_qcom_filter_bicubic formula (seed 000):
 *   16 taps around the texel coordinate, Catmull-Rom weights.
 * - ref_scale_bc(): the one-dimensional P(d) polynomial of the (B, C)
 *   cubic family (seed 003), rows then columns.
 * - ref_scale_widened(): the (B, C) kernel k(x) of seed 003, stretched by
 *   the scale factor when downscaling and normalised, rows then columns.
 *
 * All of them map output pixel centres to input pixel centres,
 * x_in = (x_out + 0.5) * in / out - 0.5, and replicate the edges.
 */
#include "reference.h"

#include <math.h>

RefPlane *
ref_plane_new (gint width, gint height, gint channels)
{
  RefPlane *plane = g_new (RefPlane, 1);

  plane->width = width;
  plane->height = height;
  plane->channels = channels;
  plane->data = g_new0 (gdouble, (gsize) width * height * channels);
  return plane;
}

void
ref_plane_free (RefPlane * plane)
{
  g_free (plane->data);
  g_free (plane);
}

static gdouble *
plane_pixel (const RefPlane * plane, gint x, gint y)
{
  return plane->data + ((gsize) y * plane->width + x) * plane->channels;
}

/* The value at (x, y), with coordinates outside the plane clamped to its
 * edge: edge replication. */
gdouble
ref_plane_at (const RefPlane * plane, gint x, gint y, gint channel)
{
  x = CLAMP (x, 0, plane->width - 1);
  y = CLAMP (y, 0, plane->height - 1);
  return plane_pixel (plane, x, y)[channel];
}

/* The first component stored in @plane describes its pixels. */
static gint
plane_component (const GstVideoFormatInfo * finfo, guint plane)
{
  gint comp[GST_VIDEO_MAX_COMPONENTS];

  gst_video_format_info_component (finfo, plane, comp);
  return comp[0];
}

static gboolean
is_16bit (const GstVideoFormatInfo * finfo)
{
  return GST_VIDEO_FORMAT_INFO_DEPTH (finfo, 0) > 8;
}

gdouble
ref_frame_max_value (const GstVideoFrame * frame)
{
  return is_16bit (frame->info.finfo) ? 65535.0 : 255.0;
}

/* Channel values per pixel of @plane: 4 for packed RGB (padding bytes
 * included), 2 for NV12's UV, else 1. */
static gint
plane_channels (const GstVideoFrame * frame, guint plane)
{
  gint comp = plane_component (frame->info.finfo, plane);

  return GST_VIDEO_FRAME_COMP_PSTRIDE (frame, comp)
      / (is_16bit (frame->info.finfo) ? 2 : 1);
}

RefPlane *
ref_plane_from_frame (const GstVideoFrame * frame, guint plane)
{
  gint comp = plane_component (frame->info.finfo, plane);
  gboolean sixteen_bit = is_16bit (frame->info.finfo);
  RefPlane *out = ref_plane_new (GST_VIDEO_FRAME_COMP_WIDTH (frame, comp),
      GST_VIDEO_FRAME_COMP_HEIGHT (frame, comp),
      plane_channels (frame, plane));
  gint values = out->width * out->channels;

  for (gint y = 0; y < out->height; y++) {
    const guint8 *row = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (frame,
        plane) + (gsize) y * GST_VIDEO_FRAME_PLANE_STRIDE (frame, plane);
    gdouble *dst = plane_pixel (out, 0, y);

    for (gint i = 0; i < values; i++)
      dst[i] = sixteen_bit ? GST_READ_UINT16_LE (row + 2 * i) : row[i];
  }
  return out;
}

/* Input position of output pixel centre @o: x_in = (x_out + 0.5) * in /
 * out - 0.5. */
static gdouble
input_position (gint o, gint in_size, gint out_size)
{
  return (o + 0.5) * in_size / out_size - 0.5;
}

/* cl_qcom_filter_bicubic's weights, exactly as the extension's text has
 * them, for the texel coordinate @t (pixel centres at i + 0.5): the taps
 * are floor(t - 1.5) + 0 .. 3. */
static gint
seed000_weights (gdouble t, gdouble w[4])
{
  gdouble a = (t - 0.5) - floor (t - 0.5);

  w[0] = -0.5 * a + 1.0 * (a * a) - 0.5 * (a * a * a);
  w[1] = 1.0 - 2.5 * (a * a) + 1.5 * (a * a * a);
  w[2] = 0.5 * a + 2.0 * (a * a) - 1.5 * (a * a * a);
  w[3] = -0.5 * (a * a) + 0.5 * (a * a * a);
  return (gint) floor (t - 1.5);
}

RefPlane *
ref_scale_seed000 (const RefPlane * in, gint out_width, gint out_height)
{
  RefPlane *out = ref_plane_new (out_width, out_height, in->channels);

  for (gint oy = 0; oy < out_height; oy++) {
    gdouble w_v[4];
    gint y0 = seed000_weights (input_position (oy, in->height,
            out_height) + 0.5, w_v);

    for (gint ox = 0; ox < out_width; ox++) {
      gdouble w_u[4];
      gint x0 = seed000_weights (input_position (ox, in->width,
              out_width) + 0.5, w_u);

      for (gint ch = 0; ch < in->channels; ch++) {
        gdouble ref_out = 0.0;

        /* refOut = sum over i of (sum over j of t_ij * w_vj) * w_ui, t_ij
         * the element at (x0 + i, y0 + j), clamped to the edge. */
        for (gint i = 0; i < 4; i++) {
          gdouble column = 0.0;

          for (gint j = 0; j < 4; j++)
            column += ref_plane_at (in, x0 + i, y0 + j, ch) * w_v[j];
          ref_out += column * w_u[i];
        }
        plane_pixel (out, ox, oy)[ch] = ref_out;
      }
    }
  }
  return out;
}

/* A one-dimensional resampler: the value at position @pos of @line, a row
 * or column of @size values whose ends are replicated. */
typedef gdouble (*Interpolate) (const gdouble * line, gint size, gdouble pos,
    gdouble scale, gdouble b, gdouble c);

static gdouble
line_at (const gdouble * line, gint size, gint i)
{
  return line[CLAMP (i, 0, size - 1)];
}

/* Seed 003's P(d): the value at distance d past P1 from the four
 * neighbours P0..P3. */
static gdouble
interpolate_p_of_d (const gdouble * line, gint size, gdouble pos,
    gdouble scale, gdouble b, gdouble c)
{
  gint i1 = (gint) floor (pos);
  gdouble d = pos - i1;
  gdouble p0 = line_at (line, size, i1 - 1);
  gdouble p1 = line_at (line, size, i1);
  gdouble p2 = line_at (line, size, i1 + 1);
  gdouble p3 = line_at (line, size, i1 + 2);

  return ((-b / 6 - c) * p0 + (-1.5 * b - c + 2) * p1
      + (1.5 * b + c - 2) * p2 + (b / 6 + c) * p3) * d * d * d
      + ((0.5 * b + 2 * c) * p0 + (2 * b + c - 3) * p1
      + (-2.5 * b - 2 * c + 3) * p2 - c * p3) * d * d
      + ((-0.5 * b - c) * p0 + (0.5 * b + c) * p2) * d
      + b / 6 * p0 + (-b / 3 + 1) * p1 + b / 6 * p2;
}

/* Seed 003's kernel k(x) of the (B, C) family. */
gdouble
ref_kernel_bc (gdouble x, gdouble b, gdouble c)
{
  x = fabs (x);
  if (x < 1)
    return ((12 - 9 * b - 6 * c) * x * x * x + (-18 + 12 * b + 6 * c) * x * x
        + (6 - 2 * b)) / 6;
  if (x < 2)
    return ((-b - 6 * c) * x * x * x + (6 * b + 30 * c) * x * x
        + (-12 * b - 48 * c) * x + (8 * b + 24 * c)) / 6;
  return 0;
}

/* k((i - pos) / s) over every tap under the kernel stretched by s, the
 * scale factor when downscaling (else 1), normalised to sum to 1. */
static gdouble
interpolate_widened (const gdouble * line, gint size, gdouble pos,
    gdouble scale, gdouble b, gdouble c)
{
  gdouble s = MAX (scale, 1.0);
  gint first = (gint) floor (pos - 2 * s), last = (gint) ceil (pos + 2 * s);
  gdouble sum = 0.0, weights = 0.0;

  for (gint i = first; i <= last; i++) {
    gdouble w = ref_kernel_bc ((i - pos) / s, b, c);

    sum += w * line_at (line, size, i);
    weights += w;
  }
  return sum / weights;
}

/* Resamples every row (or, @vertical, every column) of @in to @out_size. */
static RefPlane *
scale_axis (const RefPlane * in, gint out_size, gboolean vertical,
    Interpolate interpolate, gdouble b, gdouble c)
{
  gint in_size = vertical ? in->height : in->width;
  gint lines = vertical ? in->width : in->height;
  gdouble scale = (gdouble) in_size / out_size;
  RefPlane *out = vertical ? ref_plane_new (in->width, out_size,
      in->channels) : ref_plane_new (out_size, in->height, in->channels);
  gdouble *line = g_new (gdouble, in_size);

  for (gint l = 0; l < lines; l++) {
    for (gint ch = 0; ch < in->channels; ch++) {
      for (gint i = 0; i < in_size; i++)
        line[i] = vertical ? ref_plane_at (in, l, i, ch) :
            ref_plane_at (in, i, l, ch);
      for (gint o = 0; o < out_size; o++) {
        gdouble v = interpolate (line, in_size,
            input_position (o, in_size, out_size), scale, b, c);

        if (vertical)
          plane_pixel (out, l, o)[ch] = v;
        else
          plane_pixel (out, o, l)[ch] = v;
      }
    }
  }
  g_free (line);
  return out;
}

static RefPlane *
scale_separable (const RefPlane * in, gint out_width, gint out_height,
    Interpolate interpolate, gdouble b, gdouble c)
{
  RefPlane *rows = scale_axis (in, out_width, FALSE, interpolate, b, c);
  RefPlane *out = scale_axis (rows, out_height, TRUE, interpolate, b, c);

  ref_plane_free (rows);
  return out;
}

RefPlane *
ref_scale_bc (const RefPlane * in, gint out_width, gint out_height,
    gdouble b, gdouble c)
{
  return scale_separable (in, out_width, out_height, interpolate_p_of_d, b, c);
}

RefPlane *
ref_scale_widened (const RefPlane * in, gint out_width, gint out_height,
    gdouble b, gdouble c)
{
  return scale_separable (in, out_width, out_height, interpolate_widened, b, c);
}

RefPlane *
ref_box_blur (const RefPlane * in, gint rx, gint ry)
{
  RefPlane *out = ref_plane_new (in->width, in->height, in->channels);

  for (gint y = 0; y < in->height; y++)
    for (gint x = 0; x < in->width; x++)
      for (gint c = 0; c < in->channels; c++) {
        guint64 sum = 0, count = 0;

        for (gint j = MAX (y - ry, 0); j <= MIN (y + ry, in->height - 1); j++)
          for (gint i = MAX (x - rx, 0); i <= MIN (x + rx, in->width - 1);
              i++) {
            sum += (guint64) plane_pixel (in, i, j)[c];
            count++;
          }
        plane_pixel (out, x, y)[c] = (sum + count / 2) / count;
      }
  return out;
}

/* Compares @got with @expected saturated to 0..@max_value, as the element
 * stores it, but not rounded: an element that rounds to nearest is within
 * 0.5 (plus its own arithmetic's error) of it everywhere. */
RefDiff
ref_compare (const RefPlane * expected, const RefPlane * got, gdouble max_value)
{
  RefDiff diff = { 0, };
  gsize n = (gsize) got->width * got->height * got->channels;

  g_assert (expected->width == got->width && expected->height == got->height
      && expected->channels == got->channels);
  for (gsize i = 0; i < n; i++) {
    gdouble e = CLAMP (expected->data[i], 0, max_value);
    gdouble d = fabs (got->data[i] - e);

    if (d > diff.max) {
      diff.max = d;
      diff.channel = i % got->channels;
      diff.x = (i / got->channels) % got->width;
      diff.y = i / got->channels / got->width;
      diff.expected = expected->data[i];
      diff.got = got->data[i];
    }
  }
  return diff;
}

gdouble
ref_psnr (const RefPlane * a, const RefPlane * b, gdouble max_value)
{
  gsize n = (gsize) a->width * a->height * a->channels;
  gdouble sum = 0.0;

  g_assert (a->width == b->width && a->height == b->height
      && a->channels == b->channels);
  for (gsize i = 0; i < n; i++)
    sum += (a->data[i] - b->data[i]) * (a->data[i] - b->data[i]);
  if (sum == 0.0)
    return INFINITY;
  return 10.0 * log10 (max_value * max_value / (sum / n));
}

/* A picture: channel @ch of pixel (x, y) of a w x h plane, 0..1. */
typedef gdouble (*Picture) (guint plane, gint ch, gint x, gint y, gint w,
    gint h, guint seed);

/* Writes every channel value of every plane, padding bytes of packed RGB
 * included (the element scales them as any channel). */
static void
fill_frame (GstVideoFrame * frame, Picture picture, guint seed)
{
  gboolean sixteen_bit = is_16bit (frame->info.finfo);
  gdouble max_value = ref_frame_max_value (frame);

  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (frame); p++) {
    gint comp = plane_component (frame->info.finfo, p);
    gint w = GST_VIDEO_FRAME_COMP_WIDTH (frame, comp);
    gint h = GST_VIDEO_FRAME_COMP_HEIGHT (frame, comp);
    gint channels = plane_channels (frame, p);

    for (gint y = 0; y < h; y++) {
      guint8 *row = (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (frame, p)
          + (gsize) y * GST_VIDEO_FRAME_PLANE_STRIDE (frame, p);

      for (gint x = 0; x < w; x++) {
        for (gint ch = 0; ch < channels; ch++) {
          gdouble v = CLAMP (picture (p, ch, x, y, w, h, seed), 0.0, 1.0);
          guint value = (guint) round (v * max_value);
          gint i = x * channels + ch;

          if (sixteen_bit)
            GST_WRITE_UINT16_LE (row + 2 * i, value);
          else
            row[i] = value;
        }
      }
    }
  }
}

/* A well-mixed hash of its arguments, uniform in 0..1. */
static gdouble
hash_uniform (guint a, guint b, guint c, guint seed)
{
  guint32 h = seed * 0x9e3779b9u;

  h ^= a + 0x7f4a7c15u + (h << 6) + (h >> 2);
  h ^= b + 0x94d049bbu + (h << 6) + (h >> 2);
  h ^= c + 0x2545f491u + (h << 6) + (h >> 2);
  /* murmur3's finaliser */
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h / 4294967295.0;
}

static gdouble
random_picture (guint plane, gint ch, gint x, gint y, gint w, gint h,
    guint seed)
{
  return hash_uniform (x, y, plane * 4 + ch, seed);
}

static gdouble
smoothstep (gdouble t)
{
  t = CLAMP (t, 0.0, 1.0);
  return t * t * (3 - 2 * t);
}

/* Smooth gradients and a gentle wave, four discs with soft edges, and
 * noise of about +-1.5 levels of 8 bits. Positions are fractions of the
 * plane (the same picture at any size), distances in picture heights, and
 * each channel of each plane draws a different variation. */
static gdouble
natural_picture (guint plane, gint ch, gint x, gint y, gint w, gint h,
    guint seed)
{
  static const struct
  {
    gdouble x, y, radius, amount;
  } discs[] = {
    {0.30, 0.35, 0.18, 0.30},
    {0.70, 0.60, 0.25, -0.25},
    {0.55, 0.25, 0.08, 0.35},
    {0.20, 0.75, 0.12, -0.30},
  };
  const gdouble soft = 0.012;
  guint k = plane * 4 + ch + seed;
  gdouble u = (x + 0.5) / w, v = (y + 0.5) / h;
  gdouble aspect = (gdouble) w / h;
  gdouble value = 0.3 + 0.25 * u * (1 + k % 3) / 3.0 + 0.2 * v
      + 0.08 * sin (2 * G_PI * (1.3 * u + 0.8 * v) + k);

  for (guint i = 0; i < G_N_ELEMENTS (discs); i++) {
    gdouble dx = (u - discs[i].x) * aspect, dy = v - discs[i].y;
    gdouble inside = (discs[i].radius - sqrt (dx * dx + dy * dy)) / soft;

    value += discs[i].amount * ((i + k) % 2 ? 1 : 0.6)
        * smoothstep (inside + 0.5);
  }
  return value + (hash_uniform (x, y, k, seed) - 0.5) * 3 / 255;
}

static gdouble
checkerboard_picture (guint plane, gint ch, gint x, gint y, gint w, gint h,
    guint seed)
{
  return (x + y) % 2;
}

void
ref_fill_natural (GstVideoFrame * frame, guint seed)
{
  fill_frame (frame, natural_picture, seed);
}

/* Independent uniform values: every tap and weight shows. */
void
ref_fill_random (GstVideoFrame * frame, guint seed)
{
  fill_frame (frame, random_picture, seed);
}

/* One-pixel black and white squares in every channel: all detail sits at
 * the highest frequency, where a downscale aliases. */
void
ref_fill_checkerboard (GstVideoFrame * frame)
{
  fill_frame (frame, checkerboard_picture, 0);
}
