/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * clconvertscale: colour conversion and (B, C) cubic scaling in one pass.
 *
 * test_against_formula walks pairs of formats (every layout the element
 * reads and writes: packed, planar and semi-planar, 4:2:0, 4:2:2, 4:4:4,
 * gray, 8, 10 and 16 bits, alpha), times upscales, downscales, mixed
 * scales and a letterboxed picture, times both chroma sitings, against
 * the formula written plainly here in doubles: each output sample takes
 * each input component at its own place (the centre of the sample,
 * chroma siting included, mapped onto the input's samples of that
 * component), weighted by the seed's k(x) of (B, C) over the taps under
 * it (stretched by the ratio of sample spacings where it shrinks and
 * antialias is on), clamped at the edges, normalised; then the affine map
 * of the colorimetries, which the planner gives (unit/clconvertplan
 * checks it against the matrices, elements/clconvert against
 * GstVideoConverter); outside the picture, black. Every value within 1
 * code value: the element sums in floats. Inputs are noise.
 *
 * test_against_videoconvertscale compares with GstVideoConverter's cubic
 * resampler on smooth pictures (noise would measure the two filters'
 * different footprints, not the element), the others check that the
 * memories agree, that the same size converts as clconvert does, and
 * settings changed while playing.
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include <math.h>
#include <string.h>

#include "convert-reference.h"
#include "gstclconvertplan.h"
#include "reference.h"
#include "reliability.h"

typedef struct
{
  GstVideoFormat in;
  GstVideoFormat out;
} FormatPair;

/* Each layout read and written at least once; each pair is a program to
 * build (per siting where a side subsamples chroma). */
static const FormatPair pairs[] = {
  {GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_RGBA},
  {GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_NV12},
  {GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_NV12},
  {GST_VIDEO_FORMAT_BGRA, GST_VIDEO_FORMAT_I420},
  {GST_VIDEO_FORMAT_P010_10LE, GST_VIDEO_FORMAT_NV21},
  {GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_P010_10LE},
  {GST_VIDEO_FORMAT_Y42B, GST_VIDEO_FORMAT_RGBx},
  {GST_VIDEO_FORMAT_AYUV, GST_VIDEO_FORMAT_VUYA},
  {GST_VIDEO_FORMAT_ARGB, GST_VIDEO_FORMAT_ABGR},
  {GST_VIDEO_FORMAT_GRAY8, GST_VIDEO_FORMAT_YV12},
  {GST_VIDEO_FORMAT_NV21, GST_VIDEO_FORMAT_GRAY8},
  {GST_VIDEO_FORMAT_RGB, GST_VIDEO_FORMAT_RGBP},
  {GST_VIDEO_FORMAT_BGRP, GST_VIDEO_FORMAT_Y444},
  {GST_VIDEO_FORMAT_GRAY16_LE, GST_VIDEO_FORMAT_BGR},
  {GST_VIDEO_FORMAT_Y444, GST_VIDEO_FORMAT_Y42B},
  {GST_VIDEO_FORMAT_YV12, GST_VIDEO_FORMAT_xBGR},
};

/* Sizes, and where the picture lands on the output: letterboxed
 * (add-borders) where it is not all of it, else stretched (square pixels
 * both sides). */
typedef struct
{
  gint in_width, in_height, out_width, out_height;
  GstVideoRectangle picture;
} Geometry;

static const Geometry geometries[] = {
  {33, 17, 66, 34, {0, 0, 66, 34}},     /* up, odd input */
  {64, 40, 24, 15, {0, 0, 24, 15}},     /* down, odd output */
  {40, 20, 39, 10, {0, 0, 39, 10}},     /* down one way, stretched */
  {24, 16, 30, 28, {0, 4, 30, 20}},     /* letterboxed */
};

static const GstVideoChromaSite sites[] = {
  GST_VIDEO_CHROMA_SITE_MPEG2, GST_VIDEO_CHROMA_SITE_JPEG,
};

typedef struct
{
  gdouble b, c;
  gboolean antialias;
} Cubic;

static const Cubic catmull_rom = { 0.0, 0.5, TRUE };

/* log2 of component @c's subsampling along x (@along_x) or y. */
static guint
sub_of (const GstVideoInfo * info, guint c, gboolean along_x)
{
  return along_x ? GST_VIDEO_FORMAT_INFO_W_SUB (info->finfo, c) :
      GST_VIDEO_FORMAT_INFO_H_SUB (info->finfo, c);
}

/* Whether subsampled chroma of @info sits on its first luma sample along
 * an axis rather than between two. */
static gboolean
cosited (const GstVideoInfo * info, gboolean along_x)
{
  return info->chroma_site & (along_x ? GST_VIDEO_CHROMA_SITE_H_COSITED :
      GST_VIDEO_CHROMA_SITE_V_COSITED);
}

/* The centre of sample @i of a grid subsampled by 2^@sub, in pixels. */
static gdouble
sample_centre (gint i, guint sub, gboolean on_first)
{
  if (!sub)
    return i + 0.5;
  return on_first ? 2.0 * i + 0.5 : 2.0 * i + 1.0;
}

/* Pixel position @u on the input's pixels as a position on the samples
 * of a grid subsampled by 2^@sub, in units of samples from sample 0's
 * centre. */
static gdouble
sample_position (gdouble u, guint sub, gboolean on_first)
{
  if (!sub)
    return u - 0.5;
  return on_first ? (u - 0.5) / 2.0 : u / 2.0 - 0.5;
}

/* Input component @c resampled at sample position (@px, @py) with the
 * kernel stretched by (@sx, @sy). */
static gdouble
resample (const GstVideoFrame * in, guint c, gdouble px, gdouble py,
    gdouble sx, gdouble sy, const Cubic * cubic)
{
  gint w = GST_VIDEO_FRAME_COMP_WIDTH (in, c);
  gint h = GST_VIDEO_FRAME_COMP_HEIGHT (in, c);
  gdouble sum = 0, weights = 0;

  for (gint ky = (gint) floor (py - 2 * sy) + 1; ky <= py + 2 * sy; ky++) {
    gdouble wy = ref_kernel_bc ((ky - py) / sy, cubic->b, cubic->c);

    for (gint kx = (gint) floor (px - 2 * sx) + 1; kx <= px + 2 * sx; kx++) {
      gdouble wx = ref_kernel_bc ((kx - px) / sx, cubic->b, cubic->c);

      sum += wx * wy * cref_component_value (in, c, CLAMP (kx, 0, w - 1),
          CLAMP (ky, 0, h - 1));
      weights += wx * wy;
    }
  }
  return sum / weights;
}

/* Output component @oc's sample (@x, @y) from the input, in input code
 * values of components 0, 1, 2 and alpha (those the input has). */
static void
input_at (const GstVideoFrame * in, const GstVideoInfo * out, guint oc,
    gint x, gint y, const GstVideoRectangle * picture, const Cubic * cubic,
    gdouble v[4])
{
  const GstVideoInfo *ii = &in->info;
  gdouble scale_x = (gdouble) ii->width / picture->w;
  gdouble scale_y = (gdouble) ii->height / picture->h;
  gdouble ux = (sample_centre (x, sub_of (out, oc, TRUE), cosited (out,
              TRUE)) - picture->x) * scale_x;
  gdouble uy = (sample_centre (y, sub_of (out, oc, FALSE), cosited (out,
              FALSE)) - picture->y) * scale_y;

  memset (v, 0, 4 * sizeof (gdouble));
  for (guint c = 0; c < GST_VIDEO_INFO_N_COMPONENTS (ii); c++) {
    guint in_sx = sub_of (ii, c, TRUE), in_sy = sub_of (ii, c, FALSE);
    gdouble ratio_x = scale_x * (1 << sub_of (out, oc, TRUE)) / (1 << in_sx);
    gdouble ratio_y = scale_y * (1 << sub_of (out, oc, FALSE)) / (1 << in_sy);
    gdouble sx = cubic->antialias ? MAX (ratio_x, 1.0) : 1.0;
    gdouble sy = cubic->antialias ? MAX (ratio_y, 1.0) : 1.0;

    v[c] = resample (in, c, sample_position (ux, in_sx, cosited (ii, TRUE)),
        sample_position (uy, in_sy, cosited (ii, FALSE)), sx, sy, cubic);
  }
}

/* The black, opaque code value of output component @c, from @in. Gray
 * next to YUV is that side's luma, in its range. */
static gdouble
black (const GstVideoInfo * in, const GstVideoInfo * out, guint c)
{
  gdouble step = 1 << (GST_VIDEO_INFO_COMP_DEPTH (out, 0) - 8);
  const GstVideoInfo *ranged = GST_VIDEO_INFO_IS_GRAY (out)
      && GST_VIDEO_INFO_IS_YUV (in) ? in : out;
  gboolean limited = ranged->colorimetry.range == GST_VIDEO_COLOR_RANGE_16_235;

  if (c == GST_VIDEO_COMP_A)
    return (1 << GST_VIDEO_INFO_COMP_DEPTH (out, 0)) - 1;
  if (!GST_VIDEO_INFO_IS_YUV (out))
    return GST_VIDEO_INFO_IS_GRAY (out) && limited ? 16 * step : 0;
  return (c == 0 ? (limited ? 16 : 0) : 128) * step;
}

/* The expected code value of output component @c at its sample (@x,
 * @y), before rounding. */
static gdouble
expected_value (const GstVideoFrame * in, const GstVideoInfo * out,
    const GstCLConvertPlan * plan, guint c, gint x, gint y,
    const GstVideoRectangle * picture, const Cubic * cubic)
{
  guint ws = sub_of (out, c, TRUE), hs = sub_of (out, c, FALSE);
  gint x0 = GST_VIDEO_SUB_SCALE (ws, picture->x);
  gint y0 = GST_VIDEO_SUB_SCALE (hs, picture->y);
  gint x1 = GST_VIDEO_SUB_SCALE (ws, picture->x + picture->w);
  gint y1 = GST_VIDEO_SUB_SCALE (hs, picture->y + picture->h);
  gdouble v[4];

  if (x < x0 || x >= x1 || y < y0 || y >= y1)
    return black (&in->info, out, c);
  if (c == GST_VIDEO_COMP_A && !GST_VIDEO_INFO_HAS_ALPHA (&in->info))
    return black (&in->info, out, c);
  input_at (in, out, c, x, y, picture, cubic, v);
  if (c == GST_VIDEO_COMP_A)
    return v[3] * plan->alpha_scale;
  return plan->matrix[c][0] * v[0] + plan->matrix[c][1] * v[1] +
      plan->matrix[c][2] * v[2] + plan->offset[c];
}

static gchar *
case_name (const GstVideoInfo * in, const GstVideoInfo * out,
    const Cubic * cubic)
{
  return g_strdup_printf ("%s %dx%d (site %d) -> %s %dx%d (site %d), "
      "b %.3f c %.3f%s", GST_VIDEO_INFO_NAME (in), in->width, in->height,
      in->chroma_site, GST_VIDEO_INFO_NAME (out), out->width, out->height,
      out->chroma_site, cubic->b, cubic->c,
      cubic->antialias ? "" : ", no antialias");
}

/* @input through @chain from @in caps to @out caps. */
static GstBuffer *
run_chain (const gchar * chain, const GstVideoInfo * in,
    const GstVideoInfo * out, GstBuffer * input)
{
  GstHarness *h = gst_harness_new_parse (chain);
  GstBuffer *output;

  gst_harness_set_caps (h, gst_video_info_to_caps ((GstVideoInfo *) in),
      gst_video_info_to_caps ((GstVideoInfo *) out));
  output = gst_harness_push_and_pull (h, gst_buffer_ref (input));
  fail_unless (output != NULL, "%s gave no frame", chain);
  gst_harness_teardown (h);
  return output;
}

static gchar *
element_description (const Cubic * cubic, const GstVideoInfo * out,
    const GstVideoRectangle * picture)
{
  gboolean letterboxed = picture->w != out->width || picture->h != out->height;

  return g_strdup_printf ("clconvertscale b=%f c=%f antialias=%d "
      "add-borders=%d", cubic->b, cubic->c, cubic->antialias, letterboxed);
}

/* The element's frame against the formula, every component value of it:
 * the largest difference. */
static gint
check_against_formula (const GstVideoInfo * in, const GstVideoInfo * out,
    const GstVideoRectangle * picture, const Cubic * cubic, guint32 seed)
{
  GstCLConvertScaleSettings settings = { cubic->b, cubic->c,
    cubic->antialias
  };
  gchar *chain = element_description (cubic, out, picture);
  GstBuffer *input = cref_noise_frame (in, seed);
  GstBuffer *output = run_chain (chain, in, out, input);
  GstVideoFrame fi, fo;
  GstCLConvertPlan plan;
  GError *error = NULL;
  gint worst = 0;

  fail_unless (gst_cl_convert_plan_make (&plan, in, out, picture, &settings,
          &error), "%s", error ? error->message : "");
  fail_unless (gst_video_frame_map (&fi, (GstVideoInfo *) in, input,
          GST_MAP_READ));
  fail_unless (gst_video_frame_map (&fo, (GstVideoInfo *) out, output,
          GST_MAP_READ));
  for (guint c = 0; c < GST_VIDEO_INFO_N_COMPONENTS (out); c++) {
    gint max = (1 << GST_VIDEO_INFO_COMP_DEPTH (out, c)) - 1;

    for (gint y = 0; y < GST_VIDEO_INFO_COMP_HEIGHT (out, c); y++) {
      for (gint x = 0; x < GST_VIDEO_INFO_COMP_WIDTH (out, c); x++) {
        gdouble e = expected_value (&fi, out, &plan, c, x, y, picture, cubic);
        gint expected = CLAMP ((gint) floor (e + 0.5), 0, max);
        gint got = cref_component_value (&fo, c, x, y);

        if (ABS (got - expected) > worst) {
          worst = ABS (got - expected);
          GST_DEBUG ("component %u at %d,%d: %d, expected %d (%f)", c, x, y,
              got, expected, e);
        }
      }
    }
  }
  gst_video_frame_unmap (&fo);
  gst_video_frame_unmap (&fi);
  gst_cl_convert_plan_clear (&plan);
  gst_buffer_unref (output);
  gst_buffer_unref (input);
  g_free (chain);
  return worst;
}

static void
make_case (GstVideoInfo * in, GstVideoInfo * out, const FormatPair * pair,
    const Geometry * g, GstVideoChromaSite site)
{
  cref_make_info (in, pair->in, g->in_width, g->in_height,
      GST_VIDEO_COLOR_MATRIX_BT709, GST_VIDEO_COLOR_RANGE_16_235, site);
  cref_make_info (out, pair->out, g->out_width, g->out_height,
      GST_VIDEO_COLOR_MATRIX_BT601, GST_VIDEO_COLOR_RANGE_0_255, site);
}

/* Pair @__i__ at every geometry and siting, the second siting only where
 * a side subsamples chroma. */
GST_START_TEST (test_against_formula)
{
  const FormatPair *pair = &pairs[__i__];
  gboolean subsampled = FALSE;
  guint failed = 0, n = 0;

  for (guint s = 0; s < G_N_ELEMENTS (sites); s++) {
    for (guint g = 0; g < G_N_ELEMENTS (geometries); g++) {
      GstVideoInfo in, out;
      gint worst;

      make_case (&in, &out, pair, &geometries[g], sites[s]);
      subsampled = GST_VIDEO_INFO_COMP_WIDTH (&in, 1) != in.width
          || GST_VIDEO_INFO_COMP_HEIGHT (&in, 1) != in.height
          || GST_VIDEO_INFO_COMP_WIDTH (&out, 1) != out.width
          || GST_VIDEO_INFO_COMP_HEIGHT (&out, 1) != out.height;
      if (s > 0 && !subsampled)
        continue;
      worst = check_against_formula (&in, &out, &geometries[g].picture,
          &catmull_rom, 100 * __i__ + 10 * s + g);
      n++;
      if (worst > 1) {
        gchar *name = case_name (&in, &out, &catmull_rom);

        g_printerr ("%s: differs from the formula by %d\n", name, worst);
        g_free (name);
        failed++;
      }
    }
  }
  fail_unless (failed == 0, "%u of %u cases differ from the formula by more "
      "than 1 (listed above)", failed, n);
}

GST_END_TEST;

/* Other cubics, and antialias off, on one pair each way. */
GST_START_TEST (test_cubics)
{
  static const Cubic cubics[] = {
    {1.0 / 3.0, 1.0 / 3.0, TRUE},
    {1.0, 0.0, TRUE},
    {0.0, 0.75, FALSE},
    {0.0, 0.5, FALSE},
  };

  for (guint k = 0; k < G_N_ELEMENTS (cubics); k++) {
    for (guint g = 0; g < 2; g++) {
      GstVideoInfo in, out;
      gint worst;
      gchar *name;

      make_case (&in, &out, &pairs[g], &geometries[g],
          GST_VIDEO_CHROMA_SITE_MPEG2);
      worst = check_against_formula (&in, &out, &geometries[g].picture,
          &cubics[k], 7 + k);
      name = case_name (&in, &out, &cubics[k]);
      fail_unless (worst <= 1, "%s: differs from the formula by %d", name,
          worst);
      g_free (name);
    }
  }
}

GST_END_TEST;

/* Against videoconvertscale's engine with the same cubic (its resampler
 * also widens the cubic where it shrinks), on smooth pictures: PSNR and
 * the largest difference over every component value, as measured on
 * PoCL (40.8, 52.1, 51.4 and 55.2 dB). YUV 4:2:0 into RGB is the
 * farthest: GstVideoConverter upsamples the chroma linearly, in 8 bits,
 * before its cubic, where clconvertscale resamples the chroma plane
 * itself with the cubic. */
GST_START_TEST (test_against_videoconvertscale)
{
  static const struct
  {
    GstVideoFormat in, out;
    gint in_width, in_height, out_width, out_height;
    gdouble min_psnr;
    gint max_diff;
  } cases[] = {
    {GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_RGBA, 320, 180, 640, 360, 39, 8},
    {GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_NV12, 640, 360, 320, 180, 50, 4},
    {GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_NV12, 320, 180, 480, 270, 50, 3},
    {GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_BGRx, 321, 181, 160, 90, 53, 2},
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    GstVideoInfo in, out;
    GstBuffer *input, *expected, *actual;
    CRefCloseness c;

    cref_make_info (&in, cases[i].in, cases[i].in_width, cases[i].in_height,
        GST_VIDEO_COLOR_MATRIX_BT709, GST_VIDEO_COLOR_RANGE_16_235,
        GST_VIDEO_CHROMA_SITE_MPEG2);
    cref_make_info (&out, cases[i].out, cases[i].out_width,
        cases[i].out_height, GST_VIDEO_COLOR_MATRIX_BT709,
        GST_VIDEO_COLOR_RANGE_16_235, GST_VIDEO_CHROMA_SITE_MPEG2);
    input = cref_smooth_frame (&in);
    expected = cref_convert_with (&in, &out, input,
        gst_structure_new ("options",
            GST_VIDEO_CONVERTER_OPT_RESAMPLER_METHOD,
            GST_TYPE_VIDEO_RESAMPLER_METHOD, GST_VIDEO_RESAMPLER_METHOD_CUBIC,
            GST_VIDEO_RESAMPLER_OPT_CUBIC_B, G_TYPE_DOUBLE, 0.0,
            GST_VIDEO_RESAMPLER_OPT_CUBIC_C, G_TYPE_DOUBLE, 0.5, NULL));
    actual = run_chain ("clconvertscale", &in, &out, input);
    c = cref_compare (&out, actual, expected, TRUE);
    g_printerr ("%s %dx%d -> %s %dx%d: PSNR %.1f dB, max difference %d\n",
        GST_VIDEO_INFO_NAME (&in), in.width, in.height,
        GST_VIDEO_INFO_NAME (&out), out.width, out.height, c.psnr, c.max_diff);
    fail_unless (c.psnr >= cases[i].min_psnr && c.max_diff <= cases[i].max_diff,
        "PSNR %.1f dB (at least %.0f), max difference %d (at most %d)",
        c.psnr, cases[i].min_psnr, c.max_diff, cases[i].max_diff);
    gst_buffer_unref (actual);
    gst_buffer_unref (expected);
    gst_buffer_unref (input);
  }
}

GST_END_TEST;

/* The four ways frames come in and go out give the same bytes. */
GST_START_TEST (test_memories_agree)
{
  static const gchar *const chains[] = {
    "clconvertscale",
    "clupload ! clconvertscale",
    "clconvertscale ! capsfilter caps=video/x-raw(memory:OpenCLMemory) ! "
        "cldownload",
    "clupload ! capsfilter caps=video/x-raw(memory:OpenCLMemory) ! "
        "clconvertscale ! capsfilter caps=video/x-raw(memory:OpenCLMemory) ! "
        "cldownload",
  };

  for (guint i = 0; i < 4; i++) {
    const Geometry *g = &geometries[i % G_N_ELEMENTS (geometries)];
    GstVideoInfo in, out;
    GstBuffer *input, *first;
    gchar *a;

    make_case (&in, &out, &pairs[i], g, GST_VIDEO_CHROMA_SITE_MPEG2);
    input = cref_noise_frame (&in, 40 + i);
    first = run_chain (chains[0], &in, &out, input);
    a = rel_frame_digest (&out, first);
    for (guint c = 1; c < G_N_ELEMENTS (chains); c++) {
      GstBuffer *other = run_chain (chains[c], &in, &out, input);
      gchar *b = rel_frame_digest (&out, other);

      fail_unless (g_str_equal (a, b), "%s -> %s: \"%s\" differs from "
          "\"%s\"", GST_VIDEO_INFO_NAME (&in), GST_VIDEO_INFO_NAME (&out),
          chains[c], chains[0]);
      g_free (b);
      gst_buffer_unref (other);
    }
    g_free (a);
    gst_buffer_unref (first);
    gst_buffer_unref (input);
  }
}

GST_END_TEST;

/* At the same size, clconvertscale converts as clconvert does. */
GST_START_TEST (test_same_size_is_clconvert)
{
  for (guint i = 0; i < 4; i++) {
    GstVideoInfo in, out;
    GstBuffer *input, *scaled, *converted;
    gchar *a, *b;

    cref_make_info (&in, pairs[i].in, 33, 17, GST_VIDEO_COLOR_MATRIX_BT709,
        GST_VIDEO_COLOR_RANGE_16_235, GST_VIDEO_CHROMA_SITE_MPEG2);
    cref_make_info (&out, pairs[i].out, 33, 17, GST_VIDEO_COLOR_MATRIX_BT709,
        GST_VIDEO_COLOR_RANGE_16_235, GST_VIDEO_CHROMA_SITE_MPEG2);
    input = cref_noise_frame (&in, 60 + i);
    scaled = run_chain ("clconvertscale", &in, &out, input);
    converted = run_chain ("clconvert", &in, &out, input);
    a = rel_frame_digest (&out, scaled);
    b = rel_frame_digest (&out, converted);
    fail_unless (g_str_equal (a, b), "%s -> %s differs from clconvert",
        GST_VIDEO_INFO_NAME (&in), GST_VIDEO_INFO_NAME (&out));
    g_free (a);
    g_free (b);
    gst_buffer_unref (converted);
    gst_buffer_unref (scaled);
    gst_buffer_unref (input);
  }
}

GST_END_TEST;

/* The same caps on both sides: the input buffer itself comes out. */
GST_START_TEST (test_passthrough)
{
  cref_assert_passthrough ("clconvertscale");
}

GST_END_TEST;

/* Settings changed between frames apply from the next frame: each frame
 * equals a new element's with the settings it was made with. */
GST_START_TEST (test_settings_while_playing)
{
  static const gchar *const settings[] = {
    "filter=catmull-rom add-borders=true",
    "filter=mitchell add-borders=true",
    "filter=b-spline antialias=false add-borders=false",
    "filter=catmull-rom antialias=true add-borders=true",
  };
  GstHarness *h = gst_harness_new ("clconvertscale");
  GstVideoInfo in, out;

  make_case (&in, &out, &pairs[2], &geometries[3], GST_VIDEO_CHROMA_SITE_MPEG2);
  gst_harness_set_caps (h, gst_video_info_to_caps (&in),
      gst_video_info_to_caps (&out));
  for (guint i = 0; i < G_N_ELEMENTS (settings); i++) {
    GstBuffer *input = cref_noise_frame (&in, 80 + i);
    gchar *fresh = g_strdup_printf ("clconvertscale %s", settings[i]);
    GstBuffer *got, *expected;
    gchar *a, *b;

    rel_set_properties (G_OBJECT (h->element), settings[i]);
    got = gst_harness_push_and_pull (h, gst_buffer_ref (input));
    expected = run_chain (fresh, &in, &out, input);
    a = rel_frame_digest (&out, got);
    b = rel_frame_digest (&out, expected);
    fail_unless (g_str_equal (a, b), "frame %u (%s) differs from a new "
        "element's", i, settings[i]);
    g_free (a);
    g_free (b);
    g_free (fresh);
    gst_buffer_unref (expected);
    gst_buffer_unref (got);
    gst_buffer_unref (input);
  }
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Sizes fixed as videoscale fixes them: an output that leaves the size
 * open keeps the display aspect ratio; the format as clconvert fixes it. */
GST_START_TEST (test_negotiation)
{
  GstHarness *h = gst_harness_new ("clconvertscale");
  GstCaps *out;
  GstVideoInfo info;

  gst_harness_set_src_caps_str (h, "video/x-raw, format=NV12, width=64, "
      "height=36, framerate=30/1, pixel-aspect-ratio=1/1");
  gst_harness_set_sink_caps_str (h, "video/x-raw, format=RGBA, width=32, "
      "pixel-aspect-ratio=1/1");
  gst_harness_push (h, gst_buffer_new_allocate (NULL, 64 * 36 * 3 / 2, NULL));
  gst_buffer_unref (gst_harness_pull (h));
  out = gst_pad_get_current_caps (h->sinkpad);
  fail_unless (gst_video_info_from_caps (&info, out));
  fail_unless_equals_int (GST_VIDEO_INFO_FORMAT (&info), GST_VIDEO_FORMAT_RGBA);
  fail_unless_equals_int (info.width, 32);
  fail_unless_equals_int (info.height, 18);
  gst_caps_unref (out);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Navigation pointers on the letterboxed output land on input pixels. */
GST_START_TEST (test_navigation)
{
  GstHarness *h = gst_harness_new ("clconvertscale");
  GstVideoInfo in, out;
  GstEvent *event;
  gdouble x, y;

  make_case (&in, &out, &pairs[0], &geometries[3], GST_VIDEO_CHROMA_SITE_MPEG2);
  gst_harness_set_caps (h, gst_video_info_to_caps (&in),
      gst_video_info_to_caps (&out));
  gst_buffer_unref (gst_harness_push_and_pull (h, cref_noise_frame (&in, 1)));
  while ((event = gst_harness_try_pull_upstream_event (h)))
    gst_event_unref (event);
  /* The picture is 30x20 at 0,4 of 30x28, from 24x16. */
  fail_unless (gst_harness_push_upstream_event (h,
          gst_navigation_event_new_mouse_move (15.0, 14.0, 0)));
  while ((event = gst_harness_pull_upstream_event (h))
      && GST_EVENT_TYPE (event) != GST_EVENT_NAVIGATION)
    gst_event_unref (event);
  fail_unless (event != NULL);
  fail_unless (gst_navigation_event_get_coordinates (event, &x, &y));
  fail_unless (fabs (x - 12.0) < 1e-9 && fabs (y - 8.0) < 1e-9, "%f,%f", x, y);
  gst_event_unref (event);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* storage=image is refused with a message, not a crash. */
GST_START_TEST (test_image_storage_refused)
{
  cref_assert_image_storage_refused ("clconvertscale");
}

GST_END_TEST;

static Suite *
clconvertscale_suite (void)
{
  Suite *s = suite_create ("clconvertscale");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_against_formula, 0, G_N_ELEMENTS (pairs));
  tcase_add_test (tc, test_cubics);
  tcase_add_test (tc, test_against_videoconvertscale);
  tcase_add_test (tc, test_memories_agree);
  tcase_add_test (tc, test_same_size_is_clconvert);
  tcase_add_test (tc, test_passthrough);
  tcase_add_test (tc, test_settings_while_playing);
  tcase_add_test (tc, test_negotiation);
  tcase_add_test (tc, test_navigation);
  tcase_add_test (tc, test_image_storage_refused);
  return s;
}

GST_CHECK_MAIN (clconvertscale);
