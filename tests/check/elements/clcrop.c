/* gst-opencl: crop metas (GstVideoCropMeta) applied by every cl element
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * videocrop, where downstream takes crop metas, marks its region on the
 * whole frame instead of copying it. Each element is fed such frames of
 * 64x48, in system memory and in OpenCL memory (clupload before
 * videocrop): RGBA with odd origins and sizes, NV12 and I420 with even
 * ones and odd ones (chroma from the sample that covers the origin,
 * rounded down, as videocrop copies), each with a region that reaches the
 * right and bottom edges. The reference is the same element with the same
 * settings fed the region that videocrop copied, where downstream took no
 * crop metas: the outputs must be equal byte for byte. A probe checks
 * that the crop meta reached the element (the test cannot pass by
 * videocrop copying), and no frame with a crop meta reaches a sink that
 * did not take them. Then: frames passed on with their crop meta to a
 * sink that takes them, and crop metas that mark no region of the frame.
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include <string.h>

#include "harness-helpers.h"
#include "reliability.h"

#define FULL_WIDTH 64
#define FULL_HEIGHT 48

/* A capsfilter for system memory (its caps to be closed with a quote),
 * and one for OpenCL memory. */
#define SYSTEM "capsfilter caps=\"video/x-raw"
#define OPENCL "capsfilter caps=\"video/x-raw(memory:OpenCLMemory)\""

/* What follows videocrop: a chain whose output is the one compared. "%s"
 * is the output format where the chain converts. */
typedef struct
{
  const gchar *chain;
  gboolean converts;
  gboolean no_nv12;             /* PoCL has no CL_RG images */
} CropChain;

static const CropChain chains[] = {
  {"clbicubicscale ! " SYSTEM ", width=40, height=30\"", FALSE},
  {"clrotate angle=30 ! " SYSTEM "\"", FALSE},
  /* the region copied into images, from the host or on the device */
  {"clrotate angle=30 storage=image ! " SYSTEM "\"", FALSE, TRUE},
  /* passthrough, but for the crop meta */
  {"clrotate angle=0 ! " SYSTEM "\"", FALSE},
  {"clrotate angle=0 ! " OPENCL, FALSE},
  {"clboxblur radius=3 ! " SYSTEM "\"", FALSE},
  {"clconvert ! " SYSTEM ", format=%s\"", TRUE},
  {"clconvert ! " SYSTEM "\"", FALSE},
  {"clconvertscale ! " SYSTEM ", format=%s, width=40, height=30\"", TRUE},
  {"clupload ! cldownload", FALSE},
  {"clupload ! " OPENCL, FALSE},
};

/* Where frames come from: system memory, or OpenCL memory. */
static const gchar *const sources[] = { "", "clupload ! " };

typedef struct
{
  GstVideoFormat format;
  GstVideoRectangle crop;
} CropCase;

static const CropCase crop_cases[] = {
  {GST_VIDEO_FORMAT_RGBA, {3, 5, 37, 21}},
  {GST_VIDEO_FORMAT_RGBA, {9, 7, 55, 41}},      /* to the right and bottom */
  {GST_VIDEO_FORMAT_NV12, {4, 6, 36, 22}},
  {GST_VIDEO_FORMAT_NV12, {10, 8, 54, 40}},
  {GST_VIDEO_FORMAT_NV12, {3, 5, 37, 21}},
  {GST_VIDEO_FORMAT_I420, {4, 6, 36, 22}},
  {GST_VIDEO_FORMAT_I420, {10, 8, 54, 40}},
  {GST_VIDEO_FORMAT_I420, {3, 5, 37, 21}},
};

static gchar *
caps_string (GstVideoFormat format, gint width, gint height)
{
  return g_strdup_printf ("video/x-raw, format=%s, width=%d, height=%d, "
      "framerate=30/1, pixel-aspect-ratio=1/1",
      gst_video_format_to_string (format), width, height);
}

/* A whole frame of random bytes in system memory, default layout. */
static GstBuffer *
random_frame (GstVideoFormat format, guint32 seed)
{
  GstVideoInfo info;

  gst_video_info_set_format (&info, format, FULL_WIDTH, FULL_HEIGHT);
  return hh_random_bytes (&info, seed);
}

static gchar *
videocrop_description (const GstVideoRectangle * r)
{
  return g_strdup_printf ("videocrop name=crop left=%d top=%d right=%d "
      "bottom=%d", r->x, r->y, FULL_WIDTH - r->x - r->w,
      FULL_HEIGHT - r->y - r->h);
}

/* The elements of a test share one OpenCL context, as those of one
 * pipeline do: a context for each harness adds a quarter to the time. */
static GstContext *shared_context;

/* A harness around @description, on the shared context, whose sink takes
 * video metas, and crop metas where @takes_crop; its messages go to @bus
 * where given. */
static GstHarness *
chain_harness_full (const gchar * description, const gchar * in_caps,
    gboolean takes_crop, GstBus * bus)
{
  GError *error = NULL;
  GstElement *bin = gst_parse_bin_from_description (description, TRUE,
      &error);
  GstHarness *h;

  fail_unless (bin != NULL, "%s: %s", description, error ? error->message : "");
  if (shared_context == NULL)
    shared_context = rel_new_shared_context ();
  gst_element_set_context (bin, shared_context);
  if (bus)
    gst_element_set_bus (bin, bus);
  h = gst_harness_new_with_element (bin, "sink", "src");
  gst_object_unref (bin);
  gst_harness_add_propose_allocation_meta (h, GST_VIDEO_META_API_TYPE, NULL);
  if (takes_crop)
    gst_harness_add_propose_allocation_meta (h, GST_VIDEO_CROP_META_API_TYPE,
        NULL);
  gst_harness_set_src_caps_str (h, in_caps);
  return h;
}

static GstHarness *
chain_harness (const gchar * description, const gchar * in_caps,
    gboolean takes_crop)
{
  return chain_harness_full (description, in_caps, takes_crop, NULL);
}

static GstBuffer *
push_pull (GstHarness * h, GstBuffer * in, const gchar * what)
{
  GstBuffer *out;

  fail_unless_equals_int (gst_harness_push (h, in), GST_FLOW_OK);
  out = gst_harness_pull (h);
  fail_unless (out != NULL, "%s: no output", what);
  return out;
}

/* What left videocrop, and what reached the sink. */
typedef struct
{
  guint cropped;                /* buffers with a crop meta out of videocrop */
  GstMemory *memory;            /* the first such buffer's memory */
  GstVideoRectangle crop;       /* its crop meta */
  guint sink_cropped;           /* buffers with a crop meta at the sink */
} CropProbe;

static GstPadProbeReturn
count_crop_metas (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  guint *count = user_data;

  if (gst_buffer_get_video_crop_meta (GST_PAD_PROBE_INFO_BUFFER (info)))
    (*count)++;
  return GST_PAD_PROBE_OK;
}

static GstPadProbeReturn
record_crop (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  CropProbe *probe = user_data;
  GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER (info);
  GstVideoCropMeta *meta = gst_buffer_get_video_crop_meta (buffer);

  if (meta && probe->cropped++ == 0) {
    probe->memory = gst_buffer_peek_memory (buffer, 0);
    probe->crop.x = meta->x;
    probe->crop.y = meta->y;
    probe->crop.w = meta->width;
    probe->crop.h = meta->height;
  }
  return GST_PAD_PROBE_OK;
}

/* Probes on videocrop's source pad (the element's input) and on the
 * harness's sink pad. */
static void
watch (GstHarness * h, CropProbe * probe)
{
  GstElement *crop = gst_bin_get_by_name (GST_BIN (h->element), "crop");
  GstPad *pad = gst_element_get_static_pad (crop, "src");

  memset (probe, 0, sizeof (*probe));
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, record_crop, probe, NULL);
  gst_pad_add_probe (h->sinkpad, GST_PAD_PROBE_TYPE_BUFFER, count_crop_metas,
      &probe->sink_cropped, NULL);
  gst_object_unref (pad);
  gst_object_unref (crop);
}

/* Every visible byte of @actual is @expected's, both frames of @info (in
 * either memory; row padding is not part of the picture). */
static void
assert_same_pixels (const GstVideoInfo * info, GstBuffer * expected,
    GstBuffer * actual, const gchar * what)
{
  GstVideoFrame e, a;
  guint p = 0;
  gint y = 0;

  fail_unless (gst_video_frame_map (&e, info, expected, GST_MAP_READ));
  fail_unless (gst_video_frame_map (&a, info, actual, GST_MAP_READ));
  fail_unless (hh_frames_equal (&e, &a, &p, &y, NULL),
      "%s: plane %u row %d differs", what, p, y);
  gst_video_frame_unmap (&a);
  gst_video_frame_unmap (&e);
}

/* The region of @frame that videocrop copies, into a downstream that
 * takes no crop metas. */
static GstBuffer *
videocrop_copy (GstBuffer * frame, const CropCase * c)
{
  gchar *description = videocrop_description (&c->crop);
  gchar *in_caps = caps_string (c->format, FULL_WIDTH, FULL_HEIGHT);
  GstHarness *h = gst_harness_new_parse (description);
  GstBuffer *region;
  GstVideoInfo info;

  gst_harness_set_src_caps_str (h, in_caps);
  region = push_pull (h, gst_buffer_ref (frame), description);
  fail_if (gst_buffer_get_video_crop_meta (region) != NULL,
      "videocrop did not copy");
  info = hh_sink_info (h);
  fail_unless_equals_int (info.width, c->crop.w);
  fail_unless_equals_int (info.height, c->crop.h);
  gst_harness_teardown (h);
  g_free (in_caps);
  g_free (description);
  return region;
}

static gchar *
chain_for (const CropChain * chain, GstVideoFormat format)
{
  const gchar *to = format == GST_VIDEO_FORMAT_RGBA ? "I420" : "RGBA";

  return chain->converts ? g_strdup_printf (chain->chain, to) :
      g_strdup (chain->chain);
}

/* 1. Each chain on frames with a crop meta, against the same chain on
 * the region videocrop copied. */
static void
check_crop_case (const CropChain * chain, const gchar * source,
    const CropCase * c, guint32 seed)
{
  gchar *tail = chain_for (chain, c->format);
  gchar *crop = videocrop_description (&c->crop);
  gchar *full_caps = caps_string (c->format, FULL_WIDTH, FULL_HEIGHT);
  gchar *cropped_caps = caps_string (c->format, c->crop.w, c->crop.h);
  gchar *tested = g_strdup_printf ("%s%s ! %s", source, crop, tail);
  gchar *reference = g_strdup_printf ("%s%s", source, tail);
  gchar *what = g_strdup_printf ("%s, %s %dx%d at %d,%d", tested,
      gst_video_format_to_string (c->format), c->crop.w, c->crop.h,
      c->crop.x, c->crop.y);
  GstBuffer *frame = random_frame (c->format, seed);
  GstBuffer *region = videocrop_copy (frame, c);
  GstHarness *h = chain_harness (tested, full_caps, FALSE);
  GstHarness *ref = chain_harness (reference, cropped_caps, FALSE);
  GstBuffer *out, *expected;
  GstVideoInfo info, ref_info;
  CropProbe probe;

  GST_INFO ("%s", what);
  watch (h, &probe);
  out = push_pull (h, frame, what);
  expected = push_pull (ref, region, reference);

  fail_unless_equals_int (probe.cropped, 1);
  fail_unless (probe.crop.x == c->crop.x && probe.crop.y == c->crop.y
      && probe.crop.w == c->crop.w && probe.crop.h == c->crop.h,
      "%s: videocrop marked %d,%d %dx%d", what, probe.crop.x, probe.crop.y,
      probe.crop.w, probe.crop.h);
  fail_unless_equals_int (probe.sink_cropped, 0);
  info = hh_sink_info (h);
  ref_info = hh_sink_info (ref);
  fail_unless (gst_video_info_is_equal (&info, &ref_info),
      "%s: other caps than the reference's", what);
  assert_same_pixels (&info, expected, out, what);

  gst_buffer_unref (out);
  gst_buffer_unref (expected);
  gst_harness_teardown (ref);
  gst_harness_teardown (h);
  g_free (what);
  g_free (reference);
  g_free (tested);
  g_free (cropped_caps);
  g_free (full_caps);
  g_free (crop);
  g_free (tail);
}

/* One chain a test (a process of its own), every source and case in it:
 * a process costs more than a case. */
GST_START_TEST (test_crop_meta_applied)
{
  for (guint from = 0; from < G_N_ELEMENTS (sources); from++)
    for (guint c = 0; c < G_N_ELEMENTS (crop_cases); c++)
      if (!chains[__i__].no_nv12
          || crop_cases[c].format != GST_VIDEO_FORMAT_NV12)
        check_crop_case (&chains[__i__], sources[from], &crop_cases[c],
            __i__ * 100 + from * 10 + c);
}

GST_END_TEST;

/* 2. Chains that leave frames as they are pass a frame with its crop meta
 * on, in the same memory, to a sink that takes crop metas; to one that
 * does not, the region alone (a probe on its pad sees no crop meta).
 * Frames that change memory get the region alone either way. */
typedef struct
{
  const gchar *chain;
  gboolean passes_on[2];        /* from each of sources[] */
} IdentityChain;

static const IdentityChain identities[] = {
  {"clrotate angle=0", {TRUE, TRUE}},
  {"clboxblur radius=0", {TRUE, TRUE}},
  {"clbicubicscale", {TRUE, TRUE}},
  {"clconvert", {TRUE, TRUE}},
  {"clconvertscale", {TRUE, TRUE}},
  {"cldownload", {TRUE, FALSE}},
  {"clupload ! cldownload", {FALSE, FALSE}},
  {"clupload ! " OPENCL, {FALSE, TRUE}},
};

static const CropCase identity_case =
    { GST_VIDEO_FORMAT_I420, {11, 7, 53, 41} };

/* @full's frame (the whole frame, any memory) holds @region's pixels at
 * @c's crop, chroma from the sample that covers the crop's origin. */
static void
assert_region_of (GstBuffer * full, const CropCase * c, GstBuffer * region,
    const gchar * what)
{
  GstVideoInfo full_info, info;
  GstVideoFrame f, r;

  gst_video_info_set_format (&full_info, c->format, FULL_WIDTH, FULL_HEIGHT);
  gst_video_info_set_format (&info, c->format, c->crop.w, c->crop.h);
  fail_unless (gst_video_frame_map (&f, &full_info, full, GST_MAP_READ));
  fail_unless (gst_video_frame_map (&r, &info, region, GST_MAP_READ));
  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (&r); p++) {
    guint sub = p > 0 ? 1 : 0;  /* 4:2:0 */
    gint pstride = GST_VIDEO_FRAME_COMP_PSTRIDE (&r, p);
    const guint8 *from = (guint8 *) f.data[p] +
        (c->crop.y >> sub) * GST_VIDEO_FRAME_PLANE_STRIDE (&f, p) +
        (c->crop.x >> sub) * pstride;

    for (gint y = 0; y < GST_VIDEO_FRAME_COMP_HEIGHT (&r, p); y++)
      fail_unless (memcmp (from + y * GST_VIDEO_FRAME_PLANE_STRIDE (&f, p),
              (guint8 *) r.data[p] + y * GST_VIDEO_FRAME_PLANE_STRIDE (&r, p),
              GST_VIDEO_FRAME_COMP_WIDTH (&r, p) * pstride) == 0,
          "%s: plane %u row %d differs", what, p, y);
  }
  gst_video_frame_unmap (&r);
  gst_video_frame_unmap (&f);
}

static void
check_identity (const IdentityChain * chain, guint from, gboolean takes_crop,
    guint32 seed)
{
  gboolean passes_on = takes_crop && chain->passes_on[from];
  const CropCase *c = &identity_case;
  gchar *crop = videocrop_description (&c->crop);
  gchar *full_caps = caps_string (c->format, FULL_WIDTH, FULL_HEIGHT);
  gchar *tested = g_strdup_printf ("%s%s ! %s", sources[from], crop,
      chain->chain);
  gchar *what = g_strdup_printf ("%s into a sink that takes %s", tested,
      takes_crop ? "crop metas" : "no crop metas");
  GstBuffer *frame = random_frame (c->format, seed);
  GstBuffer *region = videocrop_copy (frame, c);
  GstHarness *h = chain_harness (tested, full_caps, takes_crop);
  GstVideoCropMeta *meta;
  GstVideoInfo info;
  GstBuffer *out;
  CropProbe probe;

  GST_INFO ("%s", what);
  watch (h, &probe);
  out = push_pull (h, frame, what);
  fail_unless_equals_int (probe.cropped, 1);
  info = hh_sink_info (h);
  fail_unless_equals_int (info.width, c->crop.w);
  fail_unless_equals_int (info.height, c->crop.h);
  fail_unless_equals_int (probe.sink_cropped, passes_on);
  meta = gst_buffer_get_video_crop_meta (out);

  if (passes_on) {
    /* the frame that left videocrop, untouched */
    fail_unless (gst_buffer_peek_memory (out, 0) == probe.memory,
        "%s: copied, with the crop meta", what);
    fail_unless (meta != NULL);
    fail_unless (meta->x == (guint) c->crop.x && meta->y == (guint) c->crop.y
        && meta->width == (guint) c->crop.w
        && meta->height == (guint) c->crop.h);
    assert_region_of (out, c, region, what);
  } else {
    fail_if (meta != NULL, "%s: a crop meta reached the sink", what);
    assert_same_pixels (&info, region, out, what);
  }

  gst_buffer_unref (out);
  gst_buffer_unref (region);
  gst_harness_teardown (h);
  g_free (what);
  g_free (tested);
  g_free (full_caps);
  g_free (crop);
}

GST_START_TEST (test_identity_chains)
{
  for (guint from = 0; from < G_N_ELEMENTS (sources); from++) {
    check_identity (&identities[__i__], from, FALSE, __i__ * 10 + from);
    check_identity (&identities[__i__], from, TRUE, __i__ * 10 + from);
  }
}

GST_END_TEST;

/* 3. Crop metas that mark no region of the frame: an error that names
 * the cause, and nothing read outside the buffer. The caps give 32x24,
 * videocrop marks the top-left quarter of the 64x48 frame, and a probe
 * after it changes the meta (and shortens the buffer). */
typedef struct
{
  const gchar *what;
  GstVideoRectangle crop;
  gsize size;                   /* the buffer cut to this size, or 0 */
  const gchar *names;           /* what the error's detail says */
} BadCrop;

static const BadCrop bad_crops[] = {
  {"empty", {0, 0, 0, 0}, 0, "empty"},
  {"no rows", {4, 4, 32, 0}, 0, "empty"},
  {"another size than the caps", {0, 0, 16, 24}, 0, "caps give 32x24"},
  {"past the right edge", {40, 0, 32, 24}, 0, "outside the 64x48 frame"},
  {"past the bottom edge", {0, 30, 32, 24}, 0, "outside the 64x48 frame"},
  /* in the frame, but past the end of a buffer that holds the caps' size
   * from the top-left corner (system memory only) */
  {"past the buffer's end", {32, 24, 32, 24}, 64 * 4 * 30, "bytes"},
};

static const gchar *const bad_crop_chains[] = {
  "clbicubicscale ! " SYSTEM ", width=16, height=12\"",
  "clrotate angle=30",
  "clrotate angle=0",
  "clboxblur radius=3",
  "clconvert ! " SYSTEM ", format=I420\"",
  "clupload",
  "cldownload",
};

static GstPadProbeReturn
spoil_crop (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  const BadCrop *bad = user_data;
  GstBuffer *buffer = gst_buffer_make_writable (GST_PAD_PROBE_INFO_BUFFER
      (info));
  GstVideoCropMeta *meta = gst_buffer_get_video_crop_meta (buffer);

  fail_unless (meta != NULL);
  meta->x = bad->crop.x;
  meta->y = bad->crop.y;
  meta->width = bad->crop.w;
  meta->height = bad->crop.h;
  if (bad->size)
    gst_buffer_resize (buffer, 0, bad->size);
  GST_PAD_PROBE_INFO_DATA (info) = buffer;
  return GST_PAD_PROBE_OK;
}

static void
check_bad_crop (const gchar * chain, const gchar * source, const BadCrop * bad)
{
  static const GstVideoRectangle quarter = { 0, 0, 32, 24 };
  gchar *crop = videocrop_description (&quarter);
  gchar *full_caps = caps_string (GST_VIDEO_FORMAT_RGBA, FULL_WIDTH,
      FULL_HEIGHT);
  gchar *tested = g_strdup_printf ("%s%s ! %s", source, crop, chain);
  gchar *what = g_strdup_printf ("%s, crop meta %s", tested, bad->what);
  GstBus *bus = gst_bus_new ();
  GstHarness *h = chain_harness_full (tested, full_caps, FALSE, bus);
  GstElement *videocrop = gst_bin_get_by_name (GST_BIN (h->element), "crop");
  GstPad *pad = gst_element_get_static_pad (videocrop, "src");
  GstMessage *msg;
  GError *error = NULL;
  gchar *debug = NULL;

  GST_INFO ("%s", what);
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, spoil_crop,
      (gpointer) bad, NULL);
  fail_unless_equals_int (gst_harness_push (h,
          random_frame (GST_VIDEO_FORMAT_RGBA, 7)), GST_FLOW_ERROR);
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "%s: no error", what);
  gst_message_parse_error (msg, &error, &debug);
  GST_INFO ("%s: %s (%s)", what, error->message, debug);
  fail_unless (strstr (error->message, "crop meta") != NULL,
      "%s: \"%s\" does not say crop meta", what, error->message);
  fail_unless (debug && strstr (debug, bad->names) != NULL,
      "%s: \"%s\" does not say %s", what, debug, bad->names);

  g_error_free (error);
  g_free (debug);
  gst_message_unref (msg);
  gst_object_unref (pad);
  gst_object_unref (videocrop);
  /* The messages on the bus hold the elements. */
  gst_bus_set_flushing (bus, TRUE);
  gst_harness_teardown (h);
  gst_object_unref (bus);
  g_free (what);
  g_free (tested);
  g_free (full_caps);
  g_free (crop);
}

/* Every case through the kernels (clrotate angle=30) and through a copy
 * (clrotate angle=0, passing through but for the crop meta); one through
 * each of the other chains. */
GST_START_TEST (test_bad_crop_meta)
{
  const gchar *source = sources[__i__];

  for (guint c = 0; c < G_N_ELEMENTS (bad_crop_chains); c++)
    for (guint b = 0; b < G_N_ELEMENTS (bad_crops); b++)
      if ((bad_crops[b].size == 0 || source[0] == '\0')
          && (g_str_has_prefix (bad_crop_chains[c], "clrotate")
              || b == (c + __i__) % (G_N_ELEMENTS (bad_crops) - 1)))
        check_bad_crop (bad_crop_chains[c], source, &bad_crops[b]);
}

GST_END_TEST;

static void
teardown (void)
{
  g_clear_pointer (&shared_context, gst_context_unref);
}

static Suite *
clcrop_suite (void)
{
  Suite *s = suite_create ("clcrop");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_checked_fixture (tc, NULL, teardown);
  tcase_add_loop_test (tc, test_crop_meta_applied, 0, G_N_ELEMENTS (chains));
  tcase_add_loop_test (tc, test_identity_chains, 0, G_N_ELEMENTS (identities));
  tcase_add_loop_test (tc, test_bad_crop_meta, 0, G_N_ELEMENTS (sources));
  return s;
}

GST_CHECK_MAIN (clcrop);
