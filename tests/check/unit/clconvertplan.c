/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The conversion planner (gst/elements/gstclconvertplan.c, compiled into
 * this test) against the definitions written out here: Y' = Kr R' + Kg G'
 * + Kb B', Cb' = (B' - Y') / (2 (1 - Kb)), Cr' = (R' - Y') / (2 (1 - Kr)),
 * with (Kr, Kb) from BT.601, BT.709, BT.2020 and SMPTE 240M, and the range
 * offsets and spans of limited (16 + 219, 128 +- 112) and full range.
 */
#include <gst/check/gstcheck.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gstclconvertplan.h"

/* The cubic of the plans that scale. */
static const GstCLConvertScaleSettings catmull_rom = { 0.0, 0.5, TRUE };

#define EPS 1e-9

static const struct
{
  GstVideoColorMatrix matrix;
  gdouble kr, kb;
} definitions[] = {
  {GST_VIDEO_COLOR_MATRIX_BT601, 0.299, 0.114},
  {GST_VIDEO_COLOR_MATRIX_BT709, 0.2126, 0.0722},
  {GST_VIDEO_COLOR_MATRIX_BT2020, 0.2627, 0.0593},
  {GST_VIDEO_COLOR_MATRIX_SMPTE240M, 0.212, 0.087},
};

static void
yuv_info (GstVideoInfo * info, GstVideoFormat format,
    GstVideoColorMatrix matrix, GstVideoColorRange range)
{
  gst_video_info_set_format (info, format, 33, 17);
  info->colorimetry.matrix = matrix;
  info->colorimetry.range = range;
}

static void
assert_close (gdouble actual, gdouble expected, const gchar * what)
{
  fail_unless (fabs (actual - expected) < EPS, "%s: %.12f, expected %.12f",
      what, actual, expected);
}

/* RGBA (full range) -> I420: each row is the definition scaled to the
 * output range, plus its offset. */
GST_START_TEST (test_rgb_to_yuv_coefficients)
{
  for (guint d = 0; d < G_N_ELEMENTS (definitions); d++) {
    for (guint limited = 0; limited < 2; limited++) {
      gdouble kr = definitions[d].kr, kb = definitions[d].kb;
      gdouble kg = 1 - kr - kb;
      gdouble y_span = limited ? 219 : 255, c_span = limited ? 224 : 255;
      gdouble expected[3][3] = {
        {kr, kg, kb},
        {-kr / (2 * (1 - kb)), -kg / (2 * (1 - kb)), 0.5},
        {0.5, -kg / (2 * (1 - kr)), -kb / (2 * (1 - kr))},
      };
      gdouble spans[3] = { y_span, c_span, c_span };
      gdouble offsets[3] = { limited ? 16 : 0, 128, 128 };
      GstVideoInfo in, out;
      GstCLConvertPlan plan;

      gst_video_info_set_format (&in, GST_VIDEO_FORMAT_RGBA, 33, 17);
      yuv_info (&out, GST_VIDEO_FORMAT_I420, definitions[d].matrix,
          limited ? GST_VIDEO_COLOR_RANGE_16_235 : GST_VIDEO_COLOR_RANGE_0_255);
      fail_unless (gst_cl_convert_plan_make (&plan, &in, &out, NULL,
              &catmull_rom, NULL));
      for (guint i = 0; i < 3; i++) {
        for (guint j = 0; j < 3; j++)
          assert_close (plan.matrix[i][j], expected[i][j] * spans[i] / 255,
              "matrix");
        assert_close (plan.offset[i], offsets[i], "offset");
      }
      fail_if (plan.identity);
      gst_cl_convert_plan_clear (&plan);
    }
  }
}

GST_END_TEST;

/* NV12 (limited range) -> RGBx: R = Y' + 2 (1 - Kr) Cr', B = Y' + 2 (1 -
 * Kb) Cb', G from Y' = Kr R + Kg G + Kb B. */
GST_START_TEST (test_yuv_to_rgb_coefficients)
{
  for (guint d = 0; d < G_N_ELEMENTS (definitions); d++) {
    gdouble kr = definitions[d].kr, kb = definitions[d].kb;
    gdouble kg = 1 - kr - kb;
    gdouble y = 255.0 / 219, c = 255.0 / 224;
    gdouble expected[3][3] = {
      {y, 0, c * 2 * (1 - kr)},
      {y, -c * 2 * (1 - kb) * kb / kg, -c * 2 * (1 - kr) * kr / kg},
      {y, c * 2 * (1 - kb), 0},
    };
    GstVideoInfo in, out;
    GstCLConvertPlan plan;

    yuv_info (&in, GST_VIDEO_FORMAT_NV12, definitions[d].matrix,
        GST_VIDEO_COLOR_RANGE_16_235);
    gst_video_info_set_format (&out, GST_VIDEO_FORMAT_RGBx, 33, 17);
    fail_unless (gst_cl_convert_plan_make (&plan, &in, &out, NULL, &catmull_rom,
            NULL));
    for (guint i = 0; i < 3; i++) {
      gdouble offset = 0;

      for (guint j = 0; j < 3; j++) {
        assert_close (plan.matrix[i][j], expected[i][j], "matrix");
        offset -= expected[i][j] * (j == 0 ? 16 : 128);
      }
      assert_close (plan.offset[i], offset, "offset");
    }
    gst_cl_convert_plan_clear (&plan);
  }
}

GST_END_TEST;

GST_START_TEST (test_range_offsets)
{
  static const struct
  {
    GstVideoFormat format;
    GstVideoColorRange range;
    gdouble offset[3], scale[3];
  } cases[] = {
    {GST_VIDEO_FORMAT_I420, GST_VIDEO_COLOR_RANGE_16_235, {16, 128, 128},
        {219, 224, 224}},
    {GST_VIDEO_FORMAT_NV12, GST_VIDEO_COLOR_RANGE_0_255, {0, 128, 128},
        {255, 255, 255}},
    {GST_VIDEO_FORMAT_RGBA, GST_VIDEO_COLOR_RANGE_0_255, {0, 0, 0},
        {255, 255, 255}},
    {GST_VIDEO_FORMAT_RGBA, GST_VIDEO_COLOR_RANGE_16_235, {16, 16, 16},
        {219, 219, 219}},
    {GST_VIDEO_FORMAT_GRAY16_LE, GST_VIDEO_COLOR_RANGE_16_235,
        {4096, 32768, 32768}, {56064, 57344, 57344}},
    {GST_VIDEO_FORMAT_GRAY16_LE, GST_VIDEO_COLOR_RANGE_0_255,
        {0, 32768, 32768}, {65535, 65535, 65535}},
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    gdouble offset[3], scale[3];

    gst_cl_convert_range (gst_video_format_get_info (cases[i].format),
        cases[i].range, offset, scale);
    for (guint c = 0; c < 3; c++) {
      fail_unless_equals_float (offset[c], cases[i].offset[c]);
      fail_unless_equals_float (scale[c], cases[i].scale[c]);
    }
  }
}

GST_END_TEST;

/* Identity where nothing changes; gray and YUV exchange luma unchanged
 * (as videoconvert does); a range change is no identity. */
GST_START_TEST (test_identity_and_gray)
{
  GstVideoInfo a, b;
  GstCLConvertPlan plan;

  yuv_info (&a, GST_VIDEO_FORMAT_NV12, GST_VIDEO_COLOR_MATRIX_BT709,
      GST_VIDEO_COLOR_RANGE_16_235);
  b = a;
  fail_unless (gst_cl_convert_plan_make (&plan, &a, &b, NULL, &catmull_rom,
          NULL));
  fail_unless (plan.identity);
  gst_cl_convert_plan_clear (&plan);

  b.colorimetry.range = GST_VIDEO_COLOR_RANGE_0_255;
  fail_unless (gst_cl_convert_plan_make (&plan, &a, &b, NULL, &catmull_rom,
          NULL));
  fail_if (plan.identity);
  assert_close (plan.matrix[0][0], 255.0 / 219, "luma span");
  assert_close (plan.offset[0], -16 * 255.0 / 219, "luma offset");
  gst_cl_convert_plan_clear (&plan);

  gst_video_info_set_format (&b, GST_VIDEO_FORMAT_GRAY8, 33, 17);
  fail_unless (gst_cl_convert_plan_make (&plan, &b, &b, NULL, &catmull_rom,
          NULL));
  fail_unless (plan.identity);
  gst_cl_convert_plan_clear (&plan);

  fail_unless (gst_cl_convert_plan_make (&plan, &b, &a, NULL, &catmull_rom,
          NULL));
  assert_close (plan.matrix[0][0], 1, "gray -> Y");
  assert_close (plan.offset[0], 0, "gray -> Y offset");
  assert_close (plan.offset[1], 128, "gray -> neutral Cb");
  assert_close (plan.matrix[1][0], 0, "gray -> Cb");
  gst_cl_convert_plan_clear (&plan);
}

GST_END_TEST;

/* The kernel's layout options, from GstVideoFormatInfo. */
GST_START_TEST (test_options)
{
  GstVideoInfo in, out;
  GstCLConvertPlan plan;
  GError *error = NULL;

  yuv_info (&in, GST_VIDEO_FORMAT_NV12, GST_VIDEO_COLOR_MATRIX_BT709,
      GST_VIDEO_COLOR_RANGE_16_235);
  in.chroma_site = GST_VIDEO_CHROMA_SITE_MPEG2;
  gst_video_info_set_format (&out, GST_VIDEO_FORMAT_xRGB, 33, 17);
  fail_unless (gst_cl_convert_plan_make (&plan, &in, &out, NULL, &catmull_rom,
          NULL));
  fail_unless (strstr (plan.options,
          "-DIN_PLANE_2=in1 -DIN_PITCH_2=in1_pitch"
          " -DIN_STEP_2=2 -DIN_OFF_2=1") != NULL, "%s", plan.options);
  fail_unless (strstr (plan.options, "-DIN_SUB_X=1 -DIN_SUB_Y=1 "
          "-DIN_CENTER_X=0 -DIN_CENTER_Y=1") != NULL, "%s", plan.options);
  fail_unless (strstr (plan.options, "-DOUT_PAD -DOUT_PLANE_A=out0 "
          "-DOUT_PITCH_A=out0_pitch -DOUT_STEP_A=4 -DOUT_OFF_A=0") != NULL,
      "%s", plan.options);
  gst_cl_convert_plan_clear (&plan);

  gst_video_info_set_format (&out, GST_VIDEO_FORMAT_YUY2, 33, 17);
  fail_if (gst_cl_convert_plan_make (&plan, &in, &out, NULL, &catmull_rom,
          &error));
  fail_unless (strstr (error->message, "YUY2") != NULL, "%s", error->message);
  g_error_free (error);
}

GST_END_TEST;

/* Each format's layout in the kernel's options: where each component is
 * (plane argument, values a pixel, offset in the pixel), its chroma
 * subsampling and alpha, as RGBA -> format and format -> RGBA. */
static const struct
{
  GstVideoFormat format;
  const gchar *components[4];   /* "plane step offset" of 0, 1, 2, A */
  const gchar *chroma;          /* "SUB_X SUB_Y" of components 1 and 2
                                 * (RGB: G and B), NULL for gray */
  gboolean alpha;
} layouts[] = {
  {GST_VIDEO_FORMAT_NV12, {"0 1 0", "1 2 0", "1 2 1"}, "1 1"},
  {GST_VIDEO_FORMAT_NV21, {"0 1 0", "1 2 1", "1 2 0"}, "1 1"},
  {GST_VIDEO_FORMAT_I420, {"0 1 0", "1 1 0", "2 1 0"}, "1 1"},
  {GST_VIDEO_FORMAT_YV12, {"0 1 0", "2 1 0", "1 1 0"}, "1 1"},
  {GST_VIDEO_FORMAT_Y42B, {"0 1 0", "1 1 0", "2 1 0"}, "1 0"},
  {GST_VIDEO_FORMAT_Y444, {"0 1 0", "1 1 0", "2 1 0"}, "0 0"},
  {GST_VIDEO_FORMAT_AYUV, {"0 4 1", "0 4 2", "0 4 3", "0 4 0"}, "0 0", TRUE},
  {GST_VIDEO_FORMAT_VUYA, {"0 4 2", "0 4 1", "0 4 0", "0 4 3"}, "0 0", TRUE},
  {GST_VIDEO_FORMAT_RGBP, {"0 1 0", "1 1 0", "2 1 0"}, "0 0"},
  {GST_VIDEO_FORMAT_BGRP, {"2 1 0", "1 1 0", "0 1 0"}, "0 0"},
  {GST_VIDEO_FORMAT_ABGR, {"0 4 3", "0 4 2", "0 4 1", "0 4 0"}, "0 0", TRUE},
  {GST_VIDEO_FORMAT_RGB, {"0 3 0", "0 3 1", "0 3 2"}, "0 0"},
  {GST_VIDEO_FORMAT_BGR, {"0 3 2", "0 3 1", "0 3 0"}, "0 0"},
  {GST_VIDEO_FORMAT_GRAY8, {"0 1 0"}},
  {GST_VIDEO_FORMAT_P010_10LE, {"0 1 0", "1 2 0", "1 2 1"}, "1 1"},
};

static void
assert_option (const gchar * options, const gchar * option,
    GstVideoFormat format)
{
  fail_unless (strstr (options, option) != NULL, "%s: no \"%s\" in \"%s\"",
      gst_video_format_to_string (format), option, options);
}

GST_START_TEST (test_format_layouts)
{
  static const gchar *const names[] = { "0", "1", "2", "A" };
  static const gchar *const sides[] = { "OUT", "IN" };

  for (guint i = 0; i < G_N_ELEMENTS (layouts); i++) {
    GstVideoFormat format = layouts[i].format;

    for (guint d = 0; d < 2; d++) {
      GstVideoInfo rgba, info;
      GstCLConvertPlan plan;
      const gchar *side = sides[d];
      gchar *arg = g_ascii_strdown (side, -1);
      gchar *option;

      gst_video_info_set_format (&rgba, GST_VIDEO_FORMAT_RGBA, 33, 17);
      gst_video_info_set_format (&info, format, 33, 17);
      /* Cosited both ways: centred where not subsampled. */
      info.chroma_site = GST_VIDEO_CHROMA_SITE_COSITED;
      fail_unless (gst_cl_convert_plan_make (&plan, d ? &info : &rgba,
              d ? &rgba : &info, NULL, &catmull_rom, NULL));
      for (guint c = 0; c < 4 && layouts[i].components[c]; c++) {
        guint plane, step, offset;

        fail_unless (sscanf (layouts[i].components[c], "%u %u %u", &plane,
                &step, &offset) == 3);
        option = g_strdup_printf ("-D%s_PLANE_%s=%s%u -D%s_PITCH_%s=%s%u_pitch"
            " -D%s_STEP_%s=%u -D%s_OFF_%s=%u", side, names[c], arg, plane,
            side, names[c], arg, plane, side, names[c], step, side,
            names[c], offset);
        assert_option (plan.options, option, format);
        g_free (option);
      }
      if (layouts[i].chroma) {
        guint sub_x, sub_y;

        fail_unless (sscanf (layouts[i].chroma, "%u %u", &sub_x, &sub_y) == 2);
        option = g_strdup_printf ("-D%s_CHROMA -D%s_SUB_X=%u -D%s_SUB_Y=%u "
            "-D%s_CENTER_X=%d -D%s_CENTER_Y=%d", side, side, sub_x, side,
            sub_y, side, !sub_x, side, !sub_y);
        assert_option (plan.options, option, format);
        g_free (option);
      } else {
        option = g_strdup_printf ("-D%s_CHROMA", side);
        fail_if (strstr (plan.options, option) != NULL, "%s", plan.options);
        g_free (option);
      }
      option = g_strdup_printf ("-D%s_ALPHA", side);
      fail_unless_equals_int (strstr (plan.options, option) != NULL,
          layouts[i].alpha);
      g_free (option);
      g_free (arg);
      gst_cl_convert_plan_clear (&plan);
    }
  }
}

GST_END_TEST;

/* Frames of one format differing in chroma siting only on an axis that
 * is not subsampled are the same frames. */
GST_START_TEST (test_siting_without_subsampling)
{
  static const struct
  {
    GstVideoFormat format;
    gboolean identity;
  } cases[] = {
    {GST_VIDEO_FORMAT_Y444, TRUE},
    {GST_VIDEO_FORMAT_AYUV, TRUE},
    {GST_VIDEO_FORMAT_Y42B, TRUE},
    {GST_VIDEO_FORMAT_NV21, FALSE},
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    GstVideoInfo a, b;
    GstCLConvertPlan plan;

    yuv_info (&a, cases[i].format, GST_VIDEO_COLOR_MATRIX_BT709,
        GST_VIDEO_COLOR_RANGE_16_235);
    b = a;
    /* Horizontally cosited both; vertically cosited one. */
    a.chroma_site = GST_VIDEO_CHROMA_SITE_H_COSITED;
    b.chroma_site = GST_VIDEO_CHROMA_SITE_COSITED;
    fail_unless (gst_cl_convert_plan_make (&plan, &a, &b, NULL, &catmull_rom,
            NULL));
    fail_unless_equals_int (plan.identity, cases[i].identity);
    gst_cl_convert_plan_clear (&plan);
  }
}

GST_END_TEST;

/* P010: 16-bit words whose high 10 bits are the code (-D*_SHIFT=6),
 * ranges of 10-bit codes (64 + 876, 512 +- 448): I420 -> P010 with one
 * range is 4 times the codes, a range change is the 10-bit one. */
GST_START_TEST (test_p010)
{
  GstVideoInfo i420, p010, full;
  GstCLConvertPlan plan;
  gdouble offset[3], scale[3];

  gst_cl_convert_range (gst_video_format_get_info
      (GST_VIDEO_FORMAT_P010_10LE), GST_VIDEO_COLOR_RANGE_16_235, offset,
      scale);
  fail_unless_equals_float (offset[0], 64);
  fail_unless_equals_float (scale[0], 876);
  fail_unless_equals_float (offset[1], 512);
  fail_unless_equals_float (scale[1], 896);

  yuv_info (&i420, GST_VIDEO_FORMAT_I420, GST_VIDEO_COLOR_MATRIX_BT709,
      GST_VIDEO_COLOR_RANGE_16_235);
  yuv_info (&p010, GST_VIDEO_FORMAT_P010_10LE, GST_VIDEO_COLOR_MATRIX_BT709,
      GST_VIDEO_COLOR_RANGE_16_235);
  fail_unless (gst_cl_convert_plan_make (&plan, &i420, &p010, NULL,
          &catmull_rom, NULL));
  fail_unless (strstr (plan.options, "-DOUT_BYTES=2 -DOUT_SHIFT=6 ") != NULL,
      "%s", plan.options);
  fail_if (strstr (plan.options, "-DIN_SHIFT") != NULL, "%s", plan.options);
  for (guint i = 0; i < 3; i++) {
    for (guint j = 0; j < 3; j++)
      assert_close (plan.matrix[i][j], i == j ? 4 : 0, "I420 -> P010");
    assert_close (plan.offset[i], 0, "I420 -> P010 offset");
  }
  gst_cl_convert_plan_clear (&plan);

  full = p010;
  full.colorimetry.range = GST_VIDEO_COLOR_RANGE_0_255;
  fail_unless (gst_cl_convert_plan_make (&plan, &p010, &full, NULL,
          &catmull_rom, NULL));
  fail_unless (strstr (plan.options, "-DIN_BYTES=2 -DIN_SHIFT=6 ") != NULL,
      "%s", plan.options);
  assert_close (plan.matrix[0][0], 1023.0 / 876, "luma span");
  assert_close (plan.offset[0], -64 * 1023.0 / 876, "luma offset");
  fail_if (plan.identity);
  gst_cl_convert_plan_clear (&plan);
}

GST_END_TEST;

/* The two passes' intermediate (CPU devices): for each output grid, a
 * plane for each component it reads, of the rows of the input grid that
 * component lies on and the picture's width on the output grid, rounded up
 * to a run, one after the other. */
GST_START_TEST (test_intermediate)
{
  static const GstVideoRectangle letterboxed = { 0, 4, 30, 20 };
  GstVideoInfo in, out;
  GstCLConvertPlan plan;
  const GstCLConvertIntermediate *im;

  /* I420 64x32 -> NV12 40x16, one colorimetry: the output's pixels read
   * luma (40 of 48 floats a row, 32 rows), its chroma samples chroma (20
   * of 32, 16 rows of the input's chroma). */
  gst_video_info_set_format (&in, GST_VIDEO_FORMAT_I420, 64, 32);
  gst_video_info_set_format (&out, GST_VIDEO_FORMAT_NV12, 40, 16);
  out.colorimetry = in.colorimetry;
  fail_unless (gst_cl_convert_plan_make (&plan, &in, &out, NULL, &catmull_rom,
          NULL));
  im = plan.intermediate;
  fail_unless_equals_int (im[0].needs[0], GST_CL_CONVERT_NEEDS_LUMA);
  fail_unless_equals_int (im[0].needs[1], 0);
  fail_unless_equals_int (im[0].pitch, 48);
  fail_unless_equals_int (im[0].planes[0], 0);
  fail_unless_equals_int (im[0].planes[1], -1);
  fail_unless_equals_int (im[0].planes[3], -1);
  fail_unless_equals_int (im[1].needs[0], 0);
  fail_unless_equals_int (im[1].needs[1], GST_CL_CONVERT_NEEDS_CHROMA);
  fail_unless_equals_int (im[1].pitch, 32);
  fail_unless_equals_int (im[1].planes[0], -1);
  fail_unless_equals_int (im[1].planes[1], 48 * 32);
  fail_unless_equals_int (im[1].planes[2], 48 * 32 + 32 * 16);
  fail_unless_equals_int (plan.intermediate_floats, 48 * 32 + 2 * 32 * 16);
  gst_cl_convert_plan_clear (&plan);

  /* RGBA 33x17 -> ARGB 30x28, letterboxed: one grid, every component on
   * the input's pixels, 30 wide. */
  gst_video_info_set_format (&in, GST_VIDEO_FORMAT_RGBA, 33, 17);
  gst_video_info_set_format (&out, GST_VIDEO_FORMAT_ARGB, 30, 28);
  fail_unless (gst_cl_convert_plan_make (&plan, &in, &out, &letterboxed,
          &catmull_rom, NULL));
  im = plan.intermediate;
  fail_unless_equals_int (im[0].needs[0], GST_CL_CONVERT_NEEDS_LUMA
      | GST_CL_CONVERT_NEEDS_CHROMA | GST_CL_CONVERT_NEEDS_ALPHA);
  fail_unless_equals_int (im[0].pitch, 32);
  for (guint c = 0; c < 4; c++)
    fail_unless_equals_int (im[0].planes[c], c * 32 * 17);
  fail_unless_equals_int (im[1].pitch, 0);
  fail_unless_equals_int (im[1].needs[0] | im[1].needs[1], 0);
  fail_unless_equals_int (plan.intermediate_floats, 4 * 32 * 17);
  gst_cl_convert_plan_clear (&plan);
}

GST_END_TEST;

/* The tables' taps agree where nothing is antialiased (4, the cubic's
 * support, whether up or down), and differ for an antialiased downscale,
 * whose tables from the input's pixels to the output's chroma samples
 * reach twice as far as those from the input's chroma samples. Tiles
 * where the taps agree, the output's chroma is not subsampled and the
 * picture does not shrink along y. */
GST_START_TEST (test_uniform_taps_and_tiles)
{
  static const GstCLConvertScaleSettings plain = { 0.0, 0.5, FALSE };
  static const struct
  {
    GstVideoFormat out_format;
    gint in_width, in_height, out_width, out_height;
    const GstCLConvertScaleSettings *settings;
    gint uniform_taps;
    gboolean tiles;
  } cases[] = {
    {GST_VIDEO_FORMAT_I420, 1920, 1080, 3840, 2160, &catmull_rom, 4, FALSE},
    {GST_VIDEO_FORMAT_I420, 3840, 2160, 1920, 1080, &plain, 4, FALSE},
    {GST_VIDEO_FORMAT_I420, 3840, 2160, 1920, 1080, &catmull_rom, 0, FALSE},
    {GST_VIDEO_FORMAT_RGBA, 1920, 1080, 3840, 2160, &catmull_rom, 4, TRUE},
    {GST_VIDEO_FORMAT_RGBA, 1920, 1080, 1280, 1080, &catmull_rom, 0, FALSE},
    {GST_VIDEO_FORMAT_RGBA, 1920, 1080, 1280, 1080, &plain, 4, TRUE},
    /* output rows step 2 input rows each: a tile's first and last rows
     * start 2 (GST_CL_CONVERT_TILE_H - 1) input rows apart */
    {GST_VIDEO_FORMAT_RGBA, 1920, 1080, 1920, 540, &plain, 4, FALSE},
    /* 63 input rows (32 chroma rows) for 72: both fit */
    {GST_VIDEO_FORMAT_RGBA, 64, 63, 64, 72, &plain, 4, TRUE},
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    GstVideoInfo in, out;
    GstCLConvertPlan plan;

    gst_video_info_set_format (&in, GST_VIDEO_FORMAT_NV12, cases[i].in_width,
        cases[i].in_height);
    gst_video_info_set_format (&out, cases[i].out_format,
        cases[i].out_width, cases[i].out_height);
    fail_unless (gst_cl_convert_plan_make (&plan, &in, &out, NULL,
            cases[i].settings, NULL));
    fail_unless_equals_int (plan.uniform_taps, cases[i].uniform_taps);
    fail_unless_equals_int (plan.tiles, cases[i].tiles);
    for (guint t = 0; t < GST_CL_CONVERT_TABLES; t++) {
      if (plan.tables[t].size > 0 && plan.uniform_taps > 0)
        fail_unless_equals_int (plan.tables[t].taps, plan.uniform_taps);
    }
    gst_cl_convert_plan_clear (&plan);
  }
}

GST_END_TEST;

static Suite *
clconvertplan_suite (void)
{
  Suite *s = suite_create ("clconvertplan");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_rgb_to_yuv_coefficients);
  tcase_add_test (tc, test_yuv_to_rgb_coefficients);
  tcase_add_test (tc, test_range_offsets);
  tcase_add_test (tc, test_identity_and_gray);
  tcase_add_test (tc, test_options);
  tcase_add_test (tc, test_format_layouts);
  tcase_add_test (tc, test_siting_without_subsampling);
  tcase_add_test (tc, test_p010);
  tcase_add_test (tc, test_intermediate);
  tcase_add_test (tc, test_uniform_taps_and_tiles);
  return s;
}

GST_CHECK_MAIN (clconvertplan);
