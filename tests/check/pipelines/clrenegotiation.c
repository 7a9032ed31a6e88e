/* gst-opencl: every cl element through a stream whose format and size
 * change every 20 frames.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * One chain of every element (the scaler's output size changes too) takes
 * ten segments of 20 frames, each with other caps. Every output frame must
 * be the bytes a fresh chain gives for the same frame and caps, the first
 * after each change included, and after each segment the chain must hold
 * as many OpenCL memory objects, kernels and samplers as the fresh one:
 * what the old caps needed is released, not kept. The runtime counts the
 * objects it makes (gst_cl_context_count_live); the drivers' reference
 * counts cannot serve, as PoCL drops a released memory object's reference
 * to its context only once the commands that used it are done, in a
 * thread of its own, so a chain read just after its last frame may show
 * one more. (The leaks tracer checks the rest.)
 */
#include <gst/opencl/gstclframe.h>
#include "harness-helpers.h"
#include "reliability.h"

#define FRAMES_PER_SEGMENT 20

typedef struct
{
  GstVideoFormat format;
  gint width, height;
  gint out_width, out_height;   /* of the scaler */
} Segment;

static const Segment segments[] = {
  {GST_VIDEO_FORMAT_RGBA, 32, 18, 40, 22},
  {GST_VIDEO_FORMAT_I420, 33, 17, 21, 11},
  {GST_VIDEO_FORMAT_GRAY8, 17, 9, 35, 19},
  {GST_VIDEO_FORMAT_NV12, 36, 20, 36, 20},      /* the scaler passes */
  {GST_VIDEO_FORMAT_BGRx, 40, 30, 24, 18},
  {GST_VIDEO_FORMAT_GRAY16_LE, 31, 17, 45, 23},
  {GST_VIDEO_FORMAT_I420, 34, 18, 34, 18},      /* the scaler passes */
  {GST_VIDEO_FORMAT_RGBA, 15, 33, 30, 20},
  {GST_VIDEO_FORMAT_NV12, 22, 14, 44, 28},
  {GST_VIDEO_FORMAT_ABGR, 33, 17, 40, 22},
};

static const gchar *const storages[] = { "buffer", "image" };

static GstHarness *
chain_harness (const gchar * storage)
{
  gchar *chain = rel_chain_description (storage, 1, 1);
  GstHarness *h = gst_harness_new_parse (chain);

  g_free (chain);
  return h;
}

/* Sets the scaler's output size, then the input caps. */
static void
apply_segment (GstHarness * h, const Segment * seg, GstVideoInfo * info)
{
  GstElement *size = gst_bin_get_by_name (GST_BIN (h->element), "size");
  GstCaps *caps;

  if (size) {
    caps = gst_caps_new_simple ("video/x-raw", "width", G_TYPE_INT,
        seg->out_width, "height", G_TYPE_INT, seg->out_height, NULL);
    g_object_set (size, "caps", caps, NULL);
    gst_caps_unref (caps);
    gst_object_unref (size);
  }
  gst_video_info_set_format (info, seg->format, seg->width, seg->height);
  gst_harness_set_src_caps (h, gst_video_info_to_caps (info));
}

/* Pushes the segment's frames; returns the digests of the outputs. */
static gchar **
run_segment (GstHarness * h, guint s, const GstVideoInfo * info)
{
  gchar **digests = g_new0 (gchar *, FRAMES_PER_SEGMENT + 1);

  for (guint f = 0; f < FRAMES_PER_SEGMENT; f++) {
    GstBuffer *out;
    GstVideoInfo out_info;

    fail_unless_equals_int (gst_harness_push (h, rel_noise_buffer (info,
                s * 1000 + f)), GST_FLOW_OK);
    out = gst_harness_pull (h);
    out_info = hh_sink_info (h);
    digests[f] = rel_frame_digest (&out_info, out);
    gst_buffer_unref (out);
  }
  return digests;
}

/* The OpenCL objects the chain's elements hold; the programs, which a
 * context keeps for its life, left out. */
static RelCLObjects
held_objects (GstHarness * h)
{
  GstElement *rotate = gst_bin_get_by_name (GST_BIN (h->element), "clrotate");
  GstCLContext *context = rel_query_cl_context (rotate);
  RelCLObjects objects = rel_count_cl_objects (context);

  objects.programs = 0;
  gst_object_unref (context);
  gst_object_unref (rotate);
  return objects;
}

GST_START_TEST (test_renegotiation)
{
  const gchar *storage = storages[__i__];
  const GstCLDeviceInfo *device = gst_cl_device_select (NULL, NULL);
  GstHarness *h = chain_harness (storage);
  guint done = 0;

  fail_unless (device != NULL);
  for (guint s = 0; s < G_N_ELEMENTS (segments); s++) {
    const Segment *seg = &segments[s];
    const gchar *format = gst_video_format_to_string (seg->format);
    GstHarness *fresh;
    GstVideoInfo info;
    RelCLObjects held, fresh_held;
    gchar **got, **want, *got_s, *want_s;

    if (g_str_equal (storage, "image")
        && !gst_cl_format_supported (seg->format, GST_CL_STORAGE_IMAGE,
            device)) {
      GST_INFO ("segment %u: no %s images here", s, format);
      continue;
    }
    apply_segment (h, seg, &info);
    got = run_segment (h, s, &info);

    fresh = chain_harness (storage);
    apply_segment (fresh, seg, &info);
    want = run_segment (fresh, s, &info);

    for (guint f = 0; f < FRAMES_PER_SEGMENT; f++)
      fail_unless (g_str_equal (got[f], want[f]), "storage=%s, segment %u "
          "(%s %dx%d), frame %u after the change: %s, a fresh chain %s",
          storage, s, format, seg->width, seg->height, f, got[f], want[f]);

    held = held_objects (h);
    fresh_held = held_objects (fresh);
    got_s = rel_cl_objects_to_string (&held);
    want_s = rel_cl_objects_to_string (&fresh_held);
    fail_unless (rel_cl_objects_equal (&held, &fresh_held), "storage=%s, "
        "segment %u: the chain holds %s, a fresh one %s", storage, s, got_s,
        want_s);

    g_free (got_s);
    g_free (want_s);
    g_strfreev (got);
    g_strfreev (want);
    gst_harness_teardown (fresh);
    done++;
  }
  fail_unless (done >= G_N_ELEMENTS (segments) - 2);
  gst_harness_teardown (h);
}

GST_END_TEST;

static Suite *
clrenegotiation_suite (void)
{
  Suite *s = suite_create ("clrenegotiation");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_renegotiation, 0, G_N_ELEMENTS (storages));
  return s;
}

GST_CHECK_MAIN (clrenegotiation);
