/* gst-opencl: metas through the elements
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every input buffer carries a GstVideoRegionOfInterestMeta (tags video,
 * orientation, size), a meta with no tags (GstReferenceTimestampMeta) and
 * one tagged colorspace, which none of the elements can keep. Scaled ROI
 * rectangles are checked against videoscale run on the same caps in the
 * same test, turned ones against the rotation worked out in plain C.
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include <math.h>

#include "harness-helpers.h"
#include "rotate-reference.h"

#define ROI_TYPE "face"

/* The region every input buffer marks, in a 64x48 frame. */
static const GstVideoRectangle roi_in = { 10, 6, 20, 12 };

/* A meta tagged colorspace (and video): only a transform that keeps the
 * colours could keep it. */
typedef struct
{
  GstMeta meta;
} ColorspaceMeta;

static GType
colorspace_meta_api_get_type (void)
{
  static GType type;
  static const gchar *tags[] = { GST_META_TAG_VIDEO_STR,
    GST_META_TAG_VIDEO_COLORSPACE_STR, NULL
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type,
        gst_meta_api_type_register ("TestColorspaceMetaAPI", tags));
  return type;
}

static gboolean
colorspace_meta_init (GstMeta * meta, gpointer params, GstBuffer * buffer)
{
  return TRUE;
}

static gboolean
colorspace_meta_transform (GstBuffer * dest, GstMeta * meta,
    GstBuffer * buffer, GQuark type, gpointer data)
{
  if (!GST_META_TRANSFORM_IS_COPY (type))
    return FALSE;
  return gst_buffer_add_meta (dest, meta->info, NULL) != NULL;
}

static const GstMetaInfo *
colorspace_meta_get_info (void)
{
  static gsize info;

  if (g_once_init_enter (&info))
    g_once_init_leave (&info, (gsize) gst_meta_register
        (colorspace_meta_api_get_type (), "TestColorspaceMeta",
            sizeof (ColorspaceMeta), colorspace_meta_init, NULL,
            colorspace_meta_transform));
  return (const GstMetaInfo *) info;
}

static GstCaps *
timestamp_caps (void)
{
  return gst_caps_new_empty_simple ("timestamp/x-test");
}

/* A black 64x48 RGBA frame with the three metas. */
static GstBuffer *
buffer_with_metas (const GstVideoInfo * info)
{
  GstBuffer *buffer = gst_buffer_new_allocate (NULL,
      GST_VIDEO_INFO_SIZE (info), NULL);
  GstVideoRegionOfInterestMeta *roi;
  GstCaps *caps = timestamp_caps ();

  gst_buffer_memset (buffer, 0, 0, GST_VIDEO_INFO_SIZE (info));
  roi = gst_buffer_add_video_region_of_interest_meta (buffer, ROI_TYPE,
      roi_in.x, roi_in.y, roi_in.w, roi_in.h);
  roi->id = 7;
  roi->parent_id = 3;
  gst_video_region_of_interest_meta_add_param (roi,
      gst_structure_new ("detection", "confidence", G_TYPE_DOUBLE, 0.9,
          NULL));
  gst_buffer_add_reference_timestamp_meta (buffer, caps, 42 * GST_SECOND,
      GST_CLOCK_TIME_NONE);
  gst_buffer_add_meta (buffer, colorspace_meta_get_info (), NULL);
  gst_caps_unref (caps);
  return buffer;
}

#define IN_CAPS "video/x-raw, format=RGBA, width=64, height=48, " \
    "pixel-aspect-ratio=1/1, framerate=30/1"

/* Pushes one buffer with the metas through @launch into @out_caps and
 * returns what comes out. */
static GstBuffer *
run (GstHarness ** h, const gchar * launch, const gchar * out_caps)
{
  GstVideoInfo info;
  GstBuffer *out;

  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_RGBA, 64, 48);
  *h = gst_harness_new_parse (launch);
  gst_harness_set_sink_caps_str (*h, out_caps);
  gst_harness_set_src_caps_str (*h, IN_CAPS);
  out = gst_harness_push_and_pull (*h, buffer_with_metas (&info));
  fail_unless (out != NULL, "%s: no output", launch);
  return out;
}

/* The output's size, from the caps it was negotiated with. */
static void
output_size (GstHarness * h, gint * width, gint * height)
{
  GstVideoInfo info = hh_sink_info (h);

  *width = GST_VIDEO_INFO_WIDTH (&info);
  *height = GST_VIDEO_INFO_HEIGHT (&info);
}

/* The metas that are not about geometry: the untagged one is kept, the
 * colorspace one dropped. */
static void
assert_other_metas (GstBuffer * out, const gchar * what)
{
  GstCaps *caps = timestamp_caps ();
  GstReferenceTimestampMeta *ts =
      gst_buffer_get_reference_timestamp_meta (out, caps);

  fail_unless (ts != NULL, "%s: the untagged meta was dropped", what);
  fail_unless_equals_uint64 (ts->timestamp, 42 * GST_SECOND);
  fail_unless (gst_buffer_get_meta (out, colorspace_meta_api_get_type ())
      == NULL, "%s: the colorspace meta was kept", what);
  gst_caps_unref (caps);
}

/* Asserts that @out has one ROI meta, the input's, at @rect. */
static void
assert_roi (GstBuffer * out, const GstVideoRectangle * rect,
    gboolean with_params, const gchar * what)
{
  GstVideoRegionOfInterestMeta *roi =
      gst_buffer_get_video_region_of_interest_meta (out);
  gpointer state = NULL;
  guint n = 0;

  while (gst_buffer_iterate_meta_filtered (out, &state,
          GST_VIDEO_REGION_OF_INTEREST_META_API_TYPE))
    n++;
  fail_unless_equals_int (n, 1);
  fail_unless_equals_string (g_quark_to_string (roi->roi_type), ROI_TYPE);
  fail_unless_equals_int (roi->id, 7);
  fail_unless_equals_int (roi->parent_id, 3);
  fail_unless ((gint) roi->x == rect->x && (gint) roi->y == rect->y
      && (gint) roi->w == rect->w && (gint) roi->h == rect->h,
      "%s: ROI at %u,%u %ux%u, expected %d,%d %dx%d",
      what, roi->x, roi->y, roi->w, roi->h, rect->x, rect->y, rect->w,
      rect->h);
  if (with_params)
    fail_unless (gst_video_region_of_interest_meta_get_param (roi,
            "detection") != NULL, "%s: ROI parameters lost", what);
}

static GstVideoRectangle
roi_rectangle (GstBuffer * out)
{
  GstVideoRegionOfInterestMeta *roi =
      gst_buffer_get_video_region_of_interest_meta (out);
  GstVideoRectangle rect;

  fail_unless (roi != NULL, "no ROI meta");
  rect.x = roi->x;
  rect.y = roi->y;
  rect.w = roi->w;
  rect.h = roi->h;
  return rect;
}

/* 1. clbicubicscale scales the ROI as videoscale does for the same caps
 * (their output caps are the same: see clbicubicscale-caps). */
static const gchar *const scale_outputs[] = {
  "video/x-raw, width=96, height=72",
  "video/x-raw, width=40, height=30",
  "video/x-raw, width=100, height=30",
  "video/x-raw, width=17, height=45",
  "video/x-raw, width=640",
};

GST_START_TEST (test_scale_roi)
{
  const gchar *out_caps = scale_outputs[__i__];
  GstHarness *vs, *cl;
  GstBuffer *expected = run (&vs, "videoscale", out_caps);
  GstBuffer *got = run (&cl, "clbicubicscale", out_caps);
  GstVideoRectangle rect = roi_rectangle (expected);

  assert_roi (got, &rect, FALSE, out_caps);
  assert_other_metas (got, out_caps);

  gst_buffer_unref (got);
  gst_buffer_unref (expected);
  gst_harness_teardown (cl);
  gst_harness_teardown (vs);
}

GST_END_TEST;

/* Letterboxed (64x48 into 64x64 square pixels): the ROI moves with the
 * picture, which is 64x48 at row 8; without borders it is stretched with
 * the picture, x * 64 / 64 and y * 64 / 48 rounded down. */
GST_START_TEST (test_scale_roi_letterbox)
{
  static const GstVideoRectangle boxed = { 10, 6 + 8, 20, 12 };
  static const GstVideoRectangle stretched = { 10, 6 * 64 / 48, 20,
    12 * 64 / 48
  };
  const gchar *out_caps =
      "video/x-raw, width=64, height=64, pixel-aspect-ratio=1/1";
  GstHarness *h;
  GstBuffer *out;

  out = run (&h, "clbicubicscale add-borders=true", out_caps);
  assert_roi (out, &boxed, TRUE, "add-borders=true");
  assert_other_metas (out, "add-borders=true");
  gst_buffer_unref (out);
  gst_harness_teardown (h);

  out = run (&h, "clbicubicscale add-borders=false", out_caps);
  assert_roi (out, &stretched, FALSE, "add-borders=false");
  gst_buffer_unref (out);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* add-borders set between two frames: the second frame's ROI follows the
 * second frame's picture. */
GST_START_TEST (test_scale_roi_borders_toggled)
{
  static const GstVideoRectangle boxed = { 10, 6 + 8, 20, 12 };
  static const GstVideoRectangle stretched = { 10, 6 * 64 / 48, 20,
    12 * 64 / 48
  };
  GstHarness *h;
  GstVideoInfo info;
  GstElement *scale;
  GstBuffer *out;

  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_RGBA, 64, 48);
  out = run (&h, "clbicubicscale name=scale add-borders=false",
      "video/x-raw, width=64, height=64, pixel-aspect-ratio=1/1");
  assert_roi (out, &stretched, FALSE, "add-borders=false");
  gst_buffer_unref (out);

  /* gst_harness_new_parse() puts the element in a bin */
  scale = gst_bin_get_by_name (GST_BIN (h->element), "scale");
  g_object_set (scale, "add-borders", TRUE, NULL);
  gst_object_unref (scale);
  out = gst_harness_push_and_pull (h, buffer_with_metas (&info));
  assert_roi (out, &boxed, TRUE, "add-borders set to true");
  gst_buffer_unref (out);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* 2. clboxblur changes no geometry: the ROI comes out as it went in. */
GST_START_TEST (test_blur_roi)
{
  GstHarness *h;
  GstBuffer *out = run (&h, "clboxblur radius=3", "video/x-raw");

  assert_roi (out, &roi_in, TRUE, "clboxblur");
  assert_other_metas (out, "clboxblur");
  gst_buffer_unref (out);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* 3. clrotate. Quarter turns map the ROI exactly, worked out by hand for
 * the 64x48 frame and the ROI 10,6 20x12; counter-clockwise by 90 takes
 * (x, y) to (y, W - x) with fit, and about the centre (32, 24) to
 * (y + 8, 56 - x) with same. */
typedef struct
{
  const gchar *props;
  GstVideoRectangle rect;
} QuarterCase;

static const QuarterCase quarter_cases[] = {
  {"angle=90 output-size=fit", {6, 64 - 30, 12, 20}},
  {"angle=180 output-size=fit", {64 - 30, 48 - 18, 20, 12}},
  {"angle=270 output-size=fit", {48 - 18, 10, 12, 20}},
  {"angle=-90 output-size=fit", {48 - 18, 10, 12, 20}},
  {"angle=90", {6 + 8, 56 - 30, 12, 20}},
  {"angle=180", {64 - 30, 48 - 18, 20, 12}},
};

static gchar *
rotate_launch (const gchar * props)
{
  return g_strdup_printf ("clrotate %s", props);
}

GST_START_TEST (test_rotate_roi_quarter_turns)
{
  const QuarterCase *qc = &quarter_cases[__i__];
  gchar *launch = rotate_launch (qc->props);
  GstHarness *h;
  GstBuffer *out = run (&h, launch, "video/x-raw");

  assert_roi (out, &qc->rect, TRUE, launch);
  assert_other_metas (out, launch);
  gst_buffer_unref (out);
  gst_harness_teardown (h);
  g_free (launch);
}

GST_END_TEST;

/* Other angles: the box around the four turned corners, rounded outwards
 * to whole pixels and clipped to the frame. The corners turn in plain C:
 * counter-clockwise on screen with y down, x' = c dx + s dy and
 * y' = c dy - s dx about the input's centre (fit) or the pivot (same),
 * onto the output's centre or the same pivot. */
static void
turned_box (gdouble angle, gboolean fit, gint out_w, gint out_h,
    GstVideoRectangle * box)
{
  gdouble c, s, x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE,
      y1 = -G_MAXDOUBLE;
  gdouble px = 32, py = 24, qx = fit ? out_w / 2.0 : 32, qy =
      fit ? out_h / 2.0 : 24;

  rotref_rotation (angle, &c, &s);
  for (gint corner = 0; corner < 4; corner++) {
    gdouble dx = roi_in.x + (corner & 1 ? roi_in.w : 0) - px;
    gdouble dy = roi_in.y + (corner & 2 ? roi_in.h : 0) - py;
    gdouble x = qx + c * dx + s * dy, y = qy + c * dy - s * dx;

    x0 = MIN (x0, x);
    y0 = MIN (y0, y);
    x1 = MAX (x1, x);
    y1 = MAX (y1, y);
  }
  box->x = MAX ((gint) floor (x0), 0);
  box->y = MAX ((gint) floor (y0), 0);
  box->w = MIN ((gint) ceil (x1), out_w) - box->x;
  box->h = MIN ((gint) ceil (y1), out_h) - box->y;
}

static const struct
{
  gdouble angle;
  gboolean fit;
} box_cases[] = {
  {30, TRUE}, {-20, TRUE}, {135, TRUE}, {30, FALSE}, {-100, FALSE},
};

GST_START_TEST (test_rotate_roi_box)
{
  gchar *props = g_strdup_printf ("angle=%g output-size=%s",
      box_cases[__i__].angle, box_cases[__i__].fit ? "fit" : "same");
  gchar *launch = rotate_launch (props);
  GstVideoRectangle box;
  GstHarness *h;
  GstBuffer *out = run (&h, launch, "video/x-raw");
  gint w, hgt;

  output_size (h, &w, &hgt);
  turned_box (box_cases[__i__].angle, box_cases[__i__].fit, w, hgt, &box);
  assert_roi (out, &box, TRUE, launch);
  assert_other_metas (out, launch);
  gst_buffer_unref (out);
  gst_harness_teardown (h);
  g_free (launch);
  g_free (props);
}

GST_END_TEST;

/* An ROI that the turn takes out of the frame (output-size=same) is
 * dropped: 0,0 8x8 turned by 90 about 32,24 lands on rows 48..56. */
GST_START_TEST (test_rotate_roi_outside)
{
  GstVideoInfo info;
  GstHarness *h = gst_harness_new_parse ("clrotate angle=90");
  GstBuffer *in, *out;

  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_RGBA, 64, 48);
  in = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (&info), NULL);
  gst_buffer_memset (in, 0, 0, GST_VIDEO_INFO_SIZE (&info));
  gst_buffer_add_video_region_of_interest_meta (in, ROI_TYPE, 0, 0, 8, 8);
  gst_harness_set_src_caps_str (h, IN_CAPS);
  out = gst_harness_push_and_pull (h, in);
  fail_unless (out != NULL);
  fail_unless (gst_buffer_get_video_region_of_interest_meta (out) == NULL,
      "an ROI outside the turned frame was kept");
  gst_buffer_unref (out);
  gst_harness_teardown (h);
}

GST_END_TEST;

static Suite *
clmeta_suite (void)
{
  Suite *s = suite_create ("clmeta");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_scale_roi, 0, G_N_ELEMENTS (scale_outputs));
  tcase_add_test (tc, test_scale_roi_letterbox);
  tcase_add_test (tc, test_scale_roi_borders_toggled);
  tcase_add_test (tc, test_blur_roi);
  tcase_add_loop_test (tc, test_rotate_roi_quarter_turns, 0,
      G_N_ELEMENTS (quarter_cases));
  tcase_add_loop_test (tc, test_rotate_roi_box, 0,
      G_N_ELEMENTS (box_cases));
  tcase_add_test (tc, test_rotate_roi_outside);
  return s;
}

GST_CHECK_MAIN (clmeta);
