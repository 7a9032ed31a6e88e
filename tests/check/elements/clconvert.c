/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * clconvert against GstVideoConverter (videoconvert's engine) on the same
 * caps, over pairs of formats, each YCbCr matrix, both ranges and both
 * common chroma sitings, at an odd size (33x17, where I420 and NV12 have a
 * partial chroma sample at the right and bottom edges) and at 1x1: in
 * `meson test` (tcase general) two pairs from each of GST_CL_FORMATS,
 * each an output twice, each format only clconvert takes into and from
 * RGBA and NV12 and into itself, and the pairs that must be exact; every
 * pair in tcase all-pairs, which scripts/check-slow.sh runs
 * (CK_RUN_CASE=all-pairs): each pair and siting is a program to build,
 * about 2 s each on PoCL the first time. RGB and gray inputs are uniform
 * noise.
 *
 * The reference runs GstVideoConverter's generic path (dither-quantization
 * 0 turns its fast paths off): the fast paths replicate chroma and ignore
 * the chroma siting, which clconvert honours. YUV inputs are RGB noise
 * converted by GstVideoConverter, so that they are in the RGB gamut.
 *
 * For 8-bit formats the generic path works in 8-bit fixed point and
 * rounds after every step where clconvert rounds once, from floats; the
 * tolerances (tolerance ()) are what that costs, measured on PoCL. Gray
 * next to YUV of another matrix than BT.601 is left out: there
 * GstVideoConverter range-converts the luma, which it copies next to
 * BT.601 and which clconvert always copies (docs/clconvert.md).
 *
 * NV12 -> RGBA -> NV12 through clconvert twice: within 4 of the same
 * round trip through GstVideoConverter (test_round_trip), and as faithful
 * to the input as videoconvert's round trip within 1, smooth pictures
 * within 1 of the input (test_round_trip_faithful).
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include <math.h>
#include <string.h>

#include "convert-reference.h"
#include "harness-helpers.h"
#include "reliability.h"


/* The formats every cl element takes (GST_CL_FORMATS), then the ones only
 * clconvert takes: the general tcase picks its pairs by index. */
static const GstVideoFormat formats[] = {
  GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_BGRA, GST_VIDEO_FORMAT_ARGB,
  GST_VIDEO_FORMAT_ABGR, GST_VIDEO_FORMAT_RGBx, GST_VIDEO_FORMAT_BGRx,
  GST_VIDEO_FORMAT_xRGB, GST_VIDEO_FORMAT_xBGR, GST_VIDEO_FORMAT_GRAY8,
  GST_VIDEO_FORMAT_GRAY16_LE, GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_NV12,
  GST_VIDEO_FORMAT_NV21, GST_VIDEO_FORMAT_YV12, GST_VIDEO_FORMAT_Y42B,
  GST_VIDEO_FORMAT_Y444, GST_VIDEO_FORMAT_AYUV, GST_VIDEO_FORMAT_VUYA,
  GST_VIDEO_FORMAT_RGBP, GST_VIDEO_FORMAT_BGRP, GST_VIDEO_FORMAT_RGB,
  GST_VIDEO_FORMAT_BGR, GST_VIDEO_FORMAT_P010_10LE,
};

/* How many of formats[] are GST_CL_FORMATS. */
#define N_COMMON_FORMATS 12

static const GstVideoColorMatrix matrices[] = {
  GST_VIDEO_COLOR_MATRIX_BT601, GST_VIDEO_COLOR_MATRIX_BT709,
  GST_VIDEO_COLOR_MATRIX_BT2020, GST_VIDEO_COLOR_MATRIX_SMPTE240M,
};

static const GstVideoColorRange ranges[] = {
  GST_VIDEO_COLOR_RANGE_0_255, GST_VIDEO_COLOR_RANGE_16_235,
};

static const GstVideoChromaSite sites[] = {
  GST_VIDEO_CHROMA_SITE_JPEG, GST_VIDEO_CHROMA_SITE_MPEG2,
};

/* The four ways frames can come in and go out: system memory or
 * memory:OpenCLMemory on each side. */
static const gchar *const chains[] = {
  "clconvert",
  "clupload ! clconvert",
  "clconvert ! capsfilter caps=video/x-raw(memory:OpenCLMemory) ! "
      "cldownload",
  "clupload ! capsfilter caps=video/x-raw(memory:OpenCLMemory) ! "
      "clconvert ! capsfilter caps=video/x-raw(memory:OpenCLMemory) ! "
      "cldownload",
};

static gboolean
is_yuv (GstVideoFormat format)
{
  return GST_VIDEO_FORMAT_INFO_IS_YUV (gst_video_format_get_info (format));
}

/* @input through @chain (clconvert, maybe with uploads and downloads
 * about it) from @in caps to @out caps. */
static GstBuffer *
element_convert (const gchar * chain, const GstVideoInfo * in,
    const GstVideoInfo * out, GstBuffer * input)
{
  GstHarness *h = gst_harness_new_parse (chain);
  GstCaps *in_caps = gst_video_info_to_caps ((GstVideoInfo *) in);
  GstCaps *out_caps = gst_video_info_to_caps ((GstVideoInfo *) out);
  GstBuffer *output;

  gst_harness_set_caps (h, in_caps, out_caps);
  output = gst_harness_push_and_pull (h, gst_buffer_ref (input));
  fail_unless (output != NULL, "%s gave no frame", chain);
  gst_harness_teardown (h);
  return output;
}

static CRefCloseness
compare_frames (const GstVideoInfo * info, GstBuffer * actual,
    GstBuffer * expected)
{
  return cref_compare (info, actual, expected, TRUE);
}

static gchar *
case_name (const GstVideoInfo * in, const GstVideoInfo * out)
{
  gchar *in_c = gst_video_colorimetry_to_string (&in->colorimetry);
  gchar *out_c = gst_video_colorimetry_to_string (&out->colorimetry);
  gchar *name = g_strdup_printf ("%s (%s, site %d) -> %s (%s, site %d) "
      "%dx%d", GST_VIDEO_INFO_NAME (in), in_c, in->chroma_site,
      GST_VIDEO_INFO_NAME (out), out_c, out->chroma_site, in->width,
      in->height);

  g_free (in_c);
  g_free (out_c);
  return name;
}

typedef enum
{
  MODEL_RGB,
  MODEL_GRAY,
  MODEL_YUV,
} Model;

static Model
model (const GstVideoInfo * info)
{
  if (GST_VIDEO_INFO_IS_YUV (info))
    return MODEL_YUV;
  return GST_VIDEO_INFO_IS_GRAY (info) ? MODEL_GRAY : MODEL_RGB;
}

/* Whether @in -> @out only moves values, with nothing to compute: RGB
 * into RGB (reordered, alpha copied or opaque, planes packed or not), or
 * YUV into YUV of the same subsampling and colorimetry (planes and
 * orders of chroma: I420, YV12, NV12, NV21; Y444, AYUV, VUYA), the
 * chroma samples carried, not resampled. */
static gboolean
exact_pair (const GstVideoInfo * in, const GstVideoInfo * out)
{
  const GstVideoFormatInfo *a = in->finfo, *b = out->finfo;
  gboolean same_sub = GST_VIDEO_FORMAT_INFO_W_SUB (a, 1) ==
      GST_VIDEO_FORMAT_INFO_W_SUB (b, 1) && GST_VIDEO_FORMAT_INFO_H_SUB (a,
      1) == GST_VIDEO_FORMAT_INFO_H_SUB (b, 1);

  if (GST_VIDEO_FORMAT_INFO_DEPTH (a, 0) != GST_VIDEO_FORMAT_INFO_DEPTH (b, 0)
      || !gst_video_colorimetry_is_equal (&in->colorimetry, &out->colorimetry))
    return FALSE;
  if (model (in) == MODEL_RGB && model (out) == MODEL_RGB)
    return TRUE;
  return model (in) == MODEL_YUV && model (out) == MODEL_YUV && same_sub
      && in->chroma_site == out->chroma_site;
}

/* The PSNR and the largest difference (in 8-bit code values) allowed
 * from GstVideoConverter for @in -> @out, as measured; FALSE where the two
 * differ by design. Pairs that only move values (exact_pair ()) are
 * exact. */
static gboolean
tolerance (const GstVideoInfo * in, const GstVideoInfo * out,
    gdouble * min_psnr, gint * max_diff)
{
  Model a = model (in), b = model (out);

  if (exact_pair (in, out)) {
    *min_psnr = INFINITY;
    *max_diff = 0;
    return TRUE;
  }
  if ((a == MODEL_GRAY && b == MODEL_YUV
          && out->colorimetry.matrix != GST_VIDEO_COLOR_MATRIX_BT601)
      || (a == MODEL_YUV && b == MODEL_GRAY
          && in->colorimetry.matrix != GST_VIDEO_COLOR_MATRIX_BT601))
    return FALSE;
  if (a == MODEL_YUV && b == MODEL_YUV) {
    /* A matrix or range change: GstVideoConverter upsamples chroma,
     * converts and downsamples it again, which blurs noise chroma by up
     * to 18; clconvert converts each chroma sample in place. Identical
     * where only the layout changes (I420 <-> NV12). */
    *min_psnr = 30.0;
    *max_diff = 20;
  } else if (a == MODEL_YUV) {
    /* Chroma rounded to 8 bits after each of two upsampling passes, times
     * a Cb -> B coefficient up to 2.1, and a fixed-point matrix 2 off on
     * its own (1x1, where nothing is resampled). */
    *min_psnr = 38.0;
    *max_diff = 7;
  } else {
    /* The fixed-point matrix only. */
    *min_psnr = 48.0;
    *max_diff = 2;
  }
  return TRUE;
}

/* Whether GstVideoConverter differs from clconvert by design for @in ->
 * @out, at any precision: a YUV -> YUV matrix change with subsampled
 * input chroma, which it upsamples, converts and downsamples again
 * (blurring noise chroma by up to 19 codes, 31 dB) where clconvert
 * converts each sample in place; or a change of range only, where it
 * keeps the values. */
static gboolean
videoconvert_differs_by_design (const GstVideoInfo * in,
    const GstVideoInfo * out)
{
  const GstVideoFormatInfo *a = in->finfo;

  if (model (in) != MODEL_YUV || model (out) != MODEL_YUV
      || gst_video_colorimetry_is_equal (&in->colorimetry, &out->colorimetry))
    return FALSE;
  return GST_VIDEO_FORMAT_INFO_W_SUB (a, 1) || GST_VIDEO_FORMAT_INFO_H_SUB (a,
      1) || in->colorimetry.matrix == out->colorimetry.matrix;
}

/* Output code values per 8-bit code value. */
static gdouble
codes_per_8bit_code (const GstVideoInfo * out)
{
  return ((1 << GST_VIDEO_INFO_COMP_DEPTH (out, 0)) - 1) / 255.0;
}

/* clconvert's output @actual of @input against the formula in doubles
 * (cref_formula_convert ()) and against GstVideoConverter at its best
 * precision: from the input's 16-bit copy into 16 bits (P016, AYUV64,
 * ARGB64, GRAY16; 12 for 4:2:2), compared unrounded in the output's code
 * values. clconvert rounds once: within 0.5 of the formula, plus half a
 * step of the 16-bit (12-bit) frame the formula is written in, plus 0.01
 * for its float arithmetic. GstVideoConverter in 16 bits is exact but for
 * its matrix, whose coefficients have 8 fractional bits (up to 1/512 of
 * full scale off each, 3 terms: 1.5 codes): within 2 8-bit codes, and
 * the 50 dB (measured 53.5 to 60 dB, 0.9 to 1.4 codes). */
static gboolean
check_against_exact (const GstVideoInfo * in, const GstVideoInfo * out,
    GstBuffer * input, GstBuffer * actual, gboolean alpha, const gchar * name)
{
  GstVideoInfo wide;
  GstBuffer *formula, *gvc16;
  CRefCloseness f, g;
  gdouble per_code = codes_per_8bit_code (out), f_allowed;
  gboolean ok = TRUE;

  cref_make_wide_info (&wide, out);
  f_allowed = 0.5 + 0.5 * ((1 << GST_VIDEO_INFO_COMP_DEPTH (out, 0)) - 1) /
      ((1 << GST_VIDEO_INFO_COMP_DEPTH (&wide, 0)) - 1) + 0.01;
  formula = cref_formula_convert (in, input, out, &wide);
  f = cref_compare_recoded (out, actual, &wide, formula, alpha);
  gvc16 = cref_convert_wide (in, input, &wide, TRUE);
  g = cref_compare_recoded (out, actual, &wide, gvc16, alpha);
  GST_INFO ("%s: against the formula PSNR %.1f dB, max difference %.3f; "
      "against GstVideoConverter in 16 bits %.1f dB, %.3f (8-bit codes)",
      name, f.psnr, f.max_error / per_code, g.psnr, g.max_error / per_code);
  if (f.max_error > f_allowed) {
    g_printerr ("%s: %.3f from the formula (at most %.3f)\n", name,
        f.max_error, f_allowed);
    ok = FALSE;
  }
  if (!videoconvert_differs_by_design (in, out)
      && (g.psnr < 50.0 || g.max_error > 2.0 * per_code)) {
    g_printerr ("%s: PSNR %.1f dB (at least 50), max difference %.3f (at "
        "most 2 8-bit codes) from GstVideoConverter in 16 bits\n", name,
        g.psnr, g.max_error / per_code);
    ok = FALSE;
  }
  gst_buffer_unref (gvc16);
  gst_buffer_unref (formula);
  return ok;
}

/* clconvert in system memory against the reference in 8 bits, and
 * against the formula and the 16-bit reference (check_against_exact ()),
 * for one case: whether it is close enough (else it says how far), over
 * every component (but alpha, where not @alpha). */
static gboolean
check_case_alpha (const GstVideoInfo * in, const GstVideoInfo * out,
    guint32 seed, gboolean alpha)
{
  GstBuffer *input, *expected, *actual;
  CRefCloseness c;
  gint max_diff, allowed_diff;
  gdouble min_psnr;
  gchar *name;
  gboolean ok;

  if (!tolerance (in, out, &min_psnr, &allowed_diff))
    return TRUE;
  input = cref_noise_frame (in, seed);
  expected = cref_convert (in, out, input);
  actual = element_convert (chains[0], in, out, input);
  c = cref_compare (out, actual, expected, alpha);
  /* In 8-bit code values. */
  max_diff = c.max_diff >> (GST_VIDEO_INFO_COMP_DEPTH (out, 0) - 8);
  name = case_name (in, out);
  ok = c.psnr >= min_psnr && max_diff <= allowed_diff;
  GST_INFO ("%s: PSNR %.1f dB, max difference %d", name, c.psnr, max_diff);
  if (!ok)
    g_printerr ("%s: PSNR %.1f dB (at least %.0f), max difference %d "
        "(at most %d)\n", name, c.psnr, min_psnr, max_diff, allowed_diff);
  ok &= check_against_exact (in, out, input, actual, alpha, name);
  g_free (name);
  gst_buffer_unref (actual);
  gst_buffer_unref (expected);
  gst_buffer_unref (input);
  return ok;
}

static gboolean
check_case (const GstVideoInfo * in, const GstVideoInfo * out, guint32 seed)
{
  return check_case_alpha (in, out, seed, TRUE);
}

/* formats[@i] into formats[@o] at @width x @height: where a side is YUV
 * and @all_colours, with each matrix, range and the chroma sitings from
 * sites[@first_site] on, @n_sites of them (both sides alike where both
 * are). Counts the conversions in *@n and returns how many were too far
 * from GstVideoConverter. */
static guint
check_pair_sites (guint i, guint o, gint width, gint height,
    gboolean all_colours, guint first_site, guint n_sites, guint * n)
{
  GstVideoFormat in_format = formats[i], out_format = formats[o];
  gboolean colours = all_colours && (is_yuv (in_format)
      || is_yuv (out_format));
  guint n_matrices = colours ? G_N_ELEMENTS (matrices) : 1;
  guint n_ranges = colours ? G_N_ELEMENTS (ranges) : 1;
  guint last_site = colours ? first_site + n_sites : 1;
  guint failed = 0;

  for (guint m = 0; m < n_matrices; m++) {
    for (guint r = 0; r < n_ranges; r++) {
      for (guint s = colours ? first_site : 0; s < last_site; s++) {
        GstVideoInfo in, out;

        cref_make_info (&in, in_format, width, height, matrices[m], ranges[r],
            sites[s]);
        cref_make_info (&out, out_format, width, height, matrices[m], ranges[r],
            sites[s]);
        failed += !check_case (&in, &out, i * 1000 + o * 10 + m + r + s);
        (*n)++;
      }
    }
  }
  return failed;
}

/* check_pair_sites () with every chroma siting. */
static guint
check_pair (guint i, guint o, gint width, gint height, gboolean all_colours,
    guint * n)
{
  return check_pair_sites (i, o, width, height, all_colours, 0,
      G_N_ELEMENTS (sites), n);
}

/* Every output format from formats[@i]. */
static void
check_from_format (guint i, gint width, gint height, gboolean all_colours)
{
  guint failed = 0, n = 0;

  for (guint o = 0; o < G_N_ELEMENTS (formats); o++)
    failed += check_pair (i, o, width, height, all_colours, &n);
  fail_unless (failed == 0, "%u of %u conversions from %s too far from "
      "GstVideoConverter (listed above)", failed, n,
      gst_video_format_to_string (formats[i]));
}

/* Two output formats for each input format, chosen so that every format
 * is an output twice too, and so that each kind of pair (RGB orders,
 * RGB and gray, RGB and YUV, YUV and YUV) comes up: the pairs `meson test`
 * runs, each a program of its own to build. The tcase all-pairs
 * (scripts/check-slow.sh) runs every pair. */
static const guint representative_steps[] = { 1, 6 };

GST_START_TEST (test_representative_pairs)
{
  guint n_formats = N_COMMON_FORMATS;
  guint failed = 0, n = 0;

  for (guint k = 0; k < G_N_ELEMENTS (representative_steps); k++) {
    guint o = (__i__ + representative_steps[k]) % n_formats;

    failed += check_pair (__i__, o, 33, 17, TRUE, &n);
    failed += check_pair (__i__, o, 1, 1, FALSE, &n);
  }
  fail_unless (failed == 0, "%u of %u conversions from %s too far from "
      "GstVideoConverter (listed above)", failed, n,
      gst_video_format_to_string (formats[__i__]));
}

GST_END_TEST;

/* The formats only clconvert takes, in the general tcase: each into and
 * from RGBA and NV12 (each matrix and range; one chroma siting a pair),
 * and into itself: YUV with a matrix change (the
 * same caps pass through; GstVideoConverter leaves the values as they
 * are where only the range changes, between YUV frames of one matrix as
 * between RGB frames), RGB as it is (passthrough). Alpha (AYUV, VUYA) is
 * checked in the conversions with RGBA and in test_exact_pairs. */
GST_START_TEST (test_further_formats)
{
  static const GstVideoFormat partners[] = {
    GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_NV12,
  };
  guint i = N_COMMON_FORMATS + __i__, failed = 0, n = 0;

  for (guint k = 0; k < G_N_ELEMENTS (partners); k++) {
    guint o = 0;

    while (formats[o] != partners[k])
      o++;
    /* One siting a pair (each is a program to build, per pair and
     * siting): each direction has both. */
    failed += check_pair_sites (i, o, 33, 17, TRUE, k, 1, &n);
    failed += check_pair_sites (o, i, 33, 17, TRUE, 1 - k, 1, &n);
    failed += check_pair (i, o, 1, 1, FALSE, &n);
    failed += check_pair (o, i, 1, 1, FALSE, &n);
  }
  for (guint m = 0; m < G_N_ELEMENTS (matrices) && is_yuv (formats[i]); m++) {
    GstVideoInfo in, out;

    cref_make_info (&in, formats[i], 33, 17, matrices[m],
        ranges[m % 2], GST_VIDEO_CHROMA_SITE_MPEG2);
    cref_make_info (&out, formats[i], 33, 17,
        matrices[(m + 1) % G_N_ELEMENTS (matrices)], ranges[m % 2],
        GST_VIDEO_CHROMA_SITE_MPEG2);
    /* Alpha is copied, as in every other conversion; GstVideoConverter
     * writes it opaque where it converts between AYUV frames (or VUYA
     * frames) of two matrices. */
    failed += !check_case_alpha (&in, &out, 300 + i * 10 + m, FALSE);
    n++;
  }
  if (!is_yuv (formats[i]))
    failed += check_pair (i, i, 33, 17, FALSE, &n);
  fail_unless (failed == 0, "%u of %u conversions of %s too far from "
      "GstVideoConverter (listed above)", failed, n,
      gst_video_format_to_string (formats[i]));
}

GST_END_TEST;

/* Pairs that only move values (exact_pair ()), with each matrix and
 * range, and one chroma siting a pair (the two in turn): identical to
 * GstVideoConverter's output. */
GST_START_TEST (test_exact_pairs)
{
  static const GstVideoFormat pairs[][2] = {
    {GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_NV21},
    {GST_VIDEO_FORMAT_NV21, GST_VIDEO_FORMAT_I420},
    {GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_YV12},
    {GST_VIDEO_FORMAT_YV12, GST_VIDEO_FORMAT_NV12},
    {GST_VIDEO_FORMAT_Y444, GST_VIDEO_FORMAT_AYUV},
    {GST_VIDEO_FORMAT_AYUV, GST_VIDEO_FORMAT_VUYA},
    {GST_VIDEO_FORMAT_VUYA, GST_VIDEO_FORMAT_Y444},
    {GST_VIDEO_FORMAT_RGBP, GST_VIDEO_FORMAT_BGRP},
    {GST_VIDEO_FORMAT_BGRP, GST_VIDEO_FORMAT_xRGB},
    {GST_VIDEO_FORMAT_ABGR, GST_VIDEO_FORMAT_RGBP},
    {GST_VIDEO_FORMAT_RGB, GST_VIDEO_FORMAT_BGR},
    {GST_VIDEO_FORMAT_BGR, GST_VIDEO_FORMAT_RGBP},
    {GST_VIDEO_FORMAT_BGRP, GST_VIDEO_FORMAT_RGB},
    {GST_VIDEO_FORMAT_ARGB, GST_VIDEO_FORMAT_BGR},
    {GST_VIDEO_FORMAT_RGB, GST_VIDEO_FORMAT_xBGR},
  };
  guint failed = 0, n = 0;

  for (guint k = 0; k < G_N_ELEMENTS (pairs); k++) {
    guint i = 0, o = 0;
    GstVideoInfo in, out;

    while (formats[i] != pairs[k][0])
      i++;
    while (formats[o] != pairs[k][1])
      o++;
    cref_make_info (&in, formats[i], 33, 17, GST_VIDEO_COLOR_MATRIX_BT709,
        GST_VIDEO_COLOR_RANGE_16_235, GST_VIDEO_CHROMA_SITE_MPEG2);
    cref_make_info (&out, formats[o], 33, 17, GST_VIDEO_COLOR_MATRIX_BT709,
        GST_VIDEO_COLOR_RANGE_16_235, GST_VIDEO_CHROMA_SITE_MPEG2);
    fail_unless (exact_pair (&in, &out));
    failed += check_pair_sites (i, o, 33, 17, TRUE, k % 2, 1, &n);
  }
  fail_unless (failed == 0, "%u of %u conversions not exact (listed above)",
      failed, n);
}

GST_END_TEST;

GST_START_TEST (test_odd_size_against_videoconvert)
{
  check_from_format (__i__, 33, 17, TRUE);
}

GST_END_TEST;

GST_START_TEST (test_one_pixel_against_videoconvert)
{
  check_from_format (__i__, 1, 1, FALSE);
}

GST_END_TEST;

/* Different matrices and ranges on the two sides of a YUV -> YUV
 * conversion (through R'G'B' in one affine map). */
GST_START_TEST (test_matrix_change)
{
  static const struct
  {
    GstVideoFormat in;
    GstVideoColorMatrix in_matrix;
    GstVideoColorRange in_range;
    GstVideoFormat out;
    GstVideoColorMatrix out_matrix;
    GstVideoColorRange out_range;
  } cases[] = {
    {GST_VIDEO_FORMAT_NV12, GST_VIDEO_COLOR_MATRIX_BT601,
          GST_VIDEO_COLOR_RANGE_16_235, GST_VIDEO_FORMAT_I420,
        GST_VIDEO_COLOR_MATRIX_BT709, GST_VIDEO_COLOR_RANGE_16_235},
    {GST_VIDEO_FORMAT_I420, GST_VIDEO_COLOR_MATRIX_BT2020,
          GST_VIDEO_COLOR_RANGE_0_255, GST_VIDEO_FORMAT_NV12,
        GST_VIDEO_COLOR_MATRIX_BT601, GST_VIDEO_COLOR_RANGE_16_235},
    {GST_VIDEO_FORMAT_NV12, GST_VIDEO_COLOR_MATRIX_BT709,
          GST_VIDEO_COLOR_RANGE_16_235, GST_VIDEO_FORMAT_NV12,
        GST_VIDEO_COLOR_MATRIX_BT709, GST_VIDEO_COLOR_RANGE_0_255},
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    GstVideoInfo in, out;

    cref_make_info (&in, cases[i].in, 33, 17, cases[i].in_matrix,
        cases[i].in_range, GST_VIDEO_CHROMA_SITE_MPEG2);
    cref_make_info (&out, cases[i].out, 33, 17, cases[i].out_matrix,
        cases[i].out_range, GST_VIDEO_CHROMA_SITE_MPEG2);
    fail_unless (check_case (&in, &out, 77 + i));
  }
}

GST_END_TEST;

/* Each combination of system and OpenCL memory in and out gives the same
 * bytes, through clupload and cldownload for the formats only clconvert
 * of the filters takes too. */
GST_START_TEST (test_memories_agree)
{
  static const GstVideoFormat pairs[][2] = {
    {GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_RGBA},
    {GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_NV12},
    {GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_BGRx},
    {GST_VIDEO_FORMAT_xRGB, GST_VIDEO_FORMAT_GRAY16_LE},
    {GST_VIDEO_FORMAT_P010_10LE, GST_VIDEO_FORMAT_NV12},
    {GST_VIDEO_FORMAT_NV21, GST_VIDEO_FORMAT_RGB},
    {GST_VIDEO_FORMAT_BGR, GST_VIDEO_FORMAT_Y444},
    {GST_VIDEO_FORMAT_AYUV, GST_VIDEO_FORMAT_RGBP},
    {GST_VIDEO_FORMAT_Y42B, GST_VIDEO_FORMAT_VUYA},
    {GST_VIDEO_FORMAT_BGRP, GST_VIDEO_FORMAT_YV12},
  };

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++) {
    GstVideoInfo in, out;
    GstBuffer *input, *first;

    cref_make_info (&in, pairs[i][0], 33, 17, GST_VIDEO_COLOR_MATRIX_BT709,
        GST_VIDEO_COLOR_RANGE_16_235, GST_VIDEO_CHROMA_SITE_MPEG2);
    cref_make_info (&out, pairs[i][1], 33, 17, GST_VIDEO_COLOR_MATRIX_BT709,
        GST_VIDEO_COLOR_RANGE_16_235, GST_VIDEO_CHROMA_SITE_MPEG2);
    input = cref_noise_frame (&in, 500 + i);
    first = element_convert (chains[0], &in, &out, input);
    for (guint c = 1; c < G_N_ELEMENTS (chains); c++) {
      GstBuffer *other = element_convert (chains[c], &in, &out, input);
      gchar *a = rel_frame_digest (&out, first);
      gchar *b = rel_frame_digest (&out, other);

      fail_unless (g_str_equal (a, b), "%s -> %s: \"%s\" differs from "
          "\"%s\"", GST_VIDEO_INFO_NAME (&in), GST_VIDEO_INFO_NAME (&out),
          chains[c], chains[0]);
      g_free (a);
      g_free (b);
      gst_buffer_unref (other);
    }
    gst_buffer_unref (first);
    gst_buffer_unref (input);
  }
}

GST_END_TEST;

/* NV12 -> RGBA -> NV12 with clconvert twice against the same round trip
 * through GstVideoConverter in 8 bits: within 4 (its 8-bit rounding of
 * upsampled chroma, see tolerance ()). */
GST_START_TEST (test_round_trip)
{
  GstVideoInfo nv12, rgba;
  GstBuffer *input, *ref_rgba, *ref_back, *rgba_out, *back;
  CRefCloseness c;

  cref_make_info (&nv12, GST_VIDEO_FORMAT_NV12, 64, 36,
      GST_VIDEO_COLOR_MATRIX_BT709, GST_VIDEO_COLOR_RANGE_16_235,
      GST_VIDEO_CHROMA_SITE_MPEG2);
  cref_make_info (&rgba, GST_VIDEO_FORMAT_RGBA, 64, 36, 0, 0, 0);
  input = cref_noise_frame (&nv12, 9);
  ref_rgba = cref_convert (&nv12, &rgba, input);
  ref_back = cref_convert (&rgba, &nv12, ref_rgba);
  rgba_out = element_convert (chains[0], &nv12, &rgba, input);
  back = element_convert (chains[0], &rgba, &nv12, rgba_out);

  c = compare_frames (&nv12, back, ref_back);
  GST_INFO ("round trip: PSNR %.1f dB, max difference %d", c.psnr, c.max_diff);
  fail_unless (c.max_diff <= 4, "round trip differs by %d", c.max_diff);
  gst_buffer_unref (back);
  gst_buffer_unref (rgba_out);
  gst_buffer_unref (ref_back);
  gst_buffer_unref (ref_rgba);
  gst_buffer_unref (input);
}

GST_END_TEST;

/* NV12 -> RGBA -> NV12 with clconvert twice is as faithful to the input
 * as the same round trip through videoconvert, within 1: against the
 * input, its largest difference at most videoconvert's + 1 and its PSNR
 * at least videoconvert's; on smooth pictures (cref_smooth_frame ()),
 * every value within 1 of the input. Measured on PoCL against the input,
 * clconvert's round trip, then videoconvert's: smooth, max 1 (luma exact)
 * and 65.7 to 71.7 dB, against 3 to 5 and 39.6 to 46.7 dB (in BT.709
 * limited range videoconvert's luma comes back 2 codes off or more at
 * every pixel); noise (RGB noise converted, cref_noise_frame ()), whose
 * 4:2:0 chroma cannot come back, max 25 and 48, 34.8 and 32.7 dB, against
 * 27 and 50, 33.4 and 31.8 dB. clconvert's round trip itself is up to 5
 * codes from videoconvert's (4 in test_round_trip), mostly in the luma
 * that videoconvert does not bring back. */
GST_START_TEST (test_round_trip_faithful)
{
  static const struct
  {
    gint width, height;
    gboolean noise;
    GstVideoColorMatrix matrix;
    GstVideoColorRange range;
    GstVideoChromaSite site;
  } cases[] = {
    {64, 36, FALSE, GST_VIDEO_COLOR_MATRIX_BT709,
        GST_VIDEO_COLOR_RANGE_16_235, GST_VIDEO_CHROMA_SITE_MPEG2},
    {320, 180, FALSE, GST_VIDEO_COLOR_MATRIX_BT709,
        GST_VIDEO_COLOR_RANGE_16_235, GST_VIDEO_CHROMA_SITE_JPEG},
    {320, 180, FALSE, GST_VIDEO_COLOR_MATRIX_BT601,
        GST_VIDEO_COLOR_RANGE_0_255, GST_VIDEO_CHROMA_SITE_MPEG2},
    {64, 36, TRUE, GST_VIDEO_COLOR_MATRIX_BT709,
        GST_VIDEO_COLOR_RANGE_16_235, GST_VIDEO_CHROMA_SITE_MPEG2},
    {320, 180, TRUE, GST_VIDEO_COLOR_MATRIX_BT709,
        GST_VIDEO_COLOR_RANGE_16_235, GST_VIDEO_CHROMA_SITE_JPEG},
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    GstVideoInfo nv12, rgba;
    GstBuffer *input, *rgba_out, *back, *ref_rgba, *ref_back;
    CRefCloseness ours, theirs;
    gchar *name;

    cref_make_info (&nv12, GST_VIDEO_FORMAT_NV12, cases[i].width,
        cases[i].height, cases[i].matrix, cases[i].range, cases[i].site);
    cref_make_info (&rgba, GST_VIDEO_FORMAT_RGBA, cases[i].width,
        cases[i].height, 0, 0, 0);
    input = cases[i].noise ? cref_noise_frame (&nv12, 9 + i) :
        cref_smooth_frame (&nv12);
    rgba_out = element_convert (chains[0], &nv12, &rgba, input);
    back = element_convert (chains[0], &rgba, &nv12, rgba_out);
    ref_rgba = element_convert ("videoconvert", &nv12, &rgba, input);
    ref_back = element_convert ("videoconvert", &rgba, &nv12, ref_rgba);

    ours = compare_frames (&nv12, back, input);
    theirs = compare_frames (&nv12, ref_back, input);
    name = case_name (&nv12, &rgba);
    GST_INFO ("%s, %s: round trip against the input: PSNR %.1f dB, max "
        "difference %d; videoconvert's %.1f dB, %d", name,
        cases[i].noise ? "noise" : "smooth", ours.psnr, ours.max_diff,
        theirs.psnr, theirs.max_diff);
    fail_unless (ours.max_diff <= theirs.max_diff + 1 && ours.psnr >=
        theirs.psnr, "%s, %s: round trip against the input: PSNR %.1f dB "
        "(videoconvert's %.1f), max difference %d (videoconvert's %d)", name,
        cases[i].noise ? "noise" : "smooth", ours.psnr, theirs.psnr,
        ours.max_diff, theirs.max_diff);
    fail_unless (cases[i].noise || ours.max_diff <= 1, "%s, smooth: round "
        "trip differs from the input by %d", name, ours.max_diff);

    g_free (name);
    gst_buffer_unref (ref_back);
    gst_buffer_unref (ref_rgba);
    gst_buffer_unref (back);
    gst_buffer_unref (rgba_out);
    gst_buffer_unref (input);
  }
}

GST_END_TEST;

/* The same caps on both sides: the input buffer itself comes out. */
GST_START_TEST (test_passthrough)
{
  cref_assert_passthrough ("clconvert");
}

GST_END_TEST;

/* Caps that leave the output format open keep the input's; colorimetry
 * the output leaves open is the input's where both are YUV. */
GST_START_TEST (test_negotiation_keeps_input)
{
  GstHarness *h = gst_harness_new ("clconvert");
  GstVideoInfo info;

  gst_harness_set_src_caps_str (h, "video/x-raw, format=NV12, width=32, "
      "height=16, framerate=30/1, colorimetry=bt2020, chroma-site=jpeg");
  gst_harness_set_sink_caps_str (h, "video/x-raw, format={ I420, NV12 }");
  gst_harness_push (h, gst_buffer_new_allocate (NULL, 32 * 16 * 3 / 2, NULL));
  gst_buffer_unref (gst_harness_pull (h));
  info = hh_sink_info (h);
  fail_unless_equals_int (GST_VIDEO_INFO_FORMAT (&info), GST_VIDEO_FORMAT_NV12);
  gst_harness_teardown (h);

  h = gst_harness_new ("clconvert");
  gst_harness_set_src_caps_str (h, "video/x-raw, format=NV12, width=32, "
      "height=16, framerate=30/1, colorimetry=bt2020, chroma-site=jpeg");
  gst_harness_set_sink_caps_str (h, "video/x-raw, format=I420");
  gst_harness_push (h, gst_buffer_new_allocate (NULL, 32 * 16 * 3 / 2, NULL));
  gst_buffer_unref (gst_harness_pull (h));
  info = hh_sink_info (h);
  fail_unless_equals_int (info.colorimetry.matrix,
      GST_VIDEO_COLOR_MATRIX_BT2020);
  fail_unless_equals_int (info.chroma_site, GST_VIDEO_CHROMA_SITE_JPEG);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* storage=image is refused with a message, not a crash. */
GST_START_TEST (test_image_memory_refused)
{
  cref_assert_image_storage_refused ("clconvert");
}

GST_END_TEST;

static Suite *
clconvert_suite (void)
{
  Suite *s = suite_create ("clconvert");
  TCase *tc = tcase_create ("general");
  TCase *all = tcase_create ("all-pairs");

  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_representative_pairs, 0, N_COMMON_FORMATS);
  tcase_add_loop_test (tc, test_further_formats, 0,
      G_N_ELEMENTS (formats) - N_COMMON_FORMATS);
  tcase_add_test (tc, test_exact_pairs);
  tcase_add_test (tc, test_matrix_change);
  tcase_add_test (tc, test_memories_agree);
  tcase_add_test (tc, test_round_trip);
  tcase_add_test (tc, test_round_trip_faithful);
  tcase_add_test (tc, test_passthrough);
  tcase_add_test (tc, test_negotiation_keeps_input);
  tcase_add_test (tc, test_image_memory_refused);
  suite_add_tcase (s, all);
  tcase_add_loop_test (all, test_odd_size_against_videoconvert, 0,
      G_N_ELEMENTS (formats));
  tcase_add_loop_test (all, test_one_pixel_against_videoconvert, 0,
      G_N_ELEMENTS (formats));
  return s;
}

GST_CHECK_MAIN (clconvert);
