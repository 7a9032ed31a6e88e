/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Quality of service in the three filters: GstBaseTransform drops a frame
 * that a QoS event from downstream says is late before it reaches the
 * element's transform, so no kernel runs for it. With the clprofile debug
 * category at DEBUG when their context is made, the filters post one
 * "gst-cl-profile" message for each frame their kernels processed: the
 * count of kernel runs these tests compare.
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include "reliability.h"

#define ELEMENT_OR_SKIP(i) \
  const RelElement *element = &rel_elements[i]; \
  if (!rel_element_available (element)) \
    return

#define FPS 30
#define FRAME_DURATION (GST_SECOND / FPS)

typedef struct
{
  guint kernel_runs;            /* gst-cl-profile messages */
  guint qos_messages;           /* from the filter */
  guint64 dropped;              /* the last QoS message's count */
} FilterReport;

static void
count_message (GstMessage * msg, GstObject * filter, FilterReport * report)
{
  if (GST_MESSAGE_SRC (msg) != filter)
    return;
  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_QOS) {
    report->qos_messages++;
    gst_message_parse_qos_stats (msg, NULL, NULL, &report->dropped);
  } else if (gst_message_has_name (msg, "gst-cl-profile")) {
    report->kernel_runs++;
  }
}

static void
count_pending_messages (GstBus * bus, GstObject * filter,
    FilterReport * report)
{
  GstMessage *msg;

  while ((msg = gst_bus_pop (bus))) {
    count_message (msg, filter, report);
    gst_message_unref (msg);
  }
}

/* A table of frames, with a QoS event sent after one of them: those whose
 * running time is at or before the event's timestamp + diff are late
 * (GstBaseTransform's rule), the others are processed. */
static const struct
{
  guint n_frames;
  guint qos_after;              /* the frame after which the event comes */
  gint64 diff_frames;           /* the event's diff, in frames */
  guint first_late, last_late;
} qos_cases[] = {
  {10, 2, 4, 3, 6},
  {8, 0, 7, 1, 7},              /* every later frame late */
  {6, 3, 1, 4, 4},
  {6, 3, -1, 0, 0},             /* early: nothing dropped (none late) */
};

static gboolean
expected_late (guint c, guint frame)
{
  return qos_cases[c].first_late != 0 && frame >= qos_cases[c].first_late
      && frame <= qos_cases[c].last_late;
}

static void
check_qos_case (const RelElement * element, guint c)
{
  GstBus *bus = gst_bus_new ();
  GstVideoInfo info;
  GstHarness *h;
  FilterReport report = { 0, };
  guint expected_out = 0, expected_dropped = 0;

  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_RGBA, 64, 48);
  GST_VIDEO_INFO_FPS_N (&info) = FPS;
  h = rel_element_harness (element, NULL, &info, bus);

  for (guint f = 0; f < qos_cases[c].n_frames; f++) {
    GstBuffer *buffer = rel_noise_buffer (&info, f);

    GST_BUFFER_PTS (buffer) = f * FRAME_DURATION;
    GST_BUFFER_DURATION (buffer) = FRAME_DURATION;
    fail_unless_equals_int (gst_harness_push (h, buffer), GST_FLOW_OK);
    if (f == qos_cases[c].qos_after)
      fail_unless (gst_harness_push_upstream_event (h,
              gst_event_new_qos (GST_QOS_TYPE_UNDERFLOW, 1.5,
                  qos_cases[c].diff_frames * (gint64) FRAME_DURATION,
                  f * FRAME_DURATION)));
  }

  for (guint f = 0; f < qos_cases[c].n_frames; f++) {
    GstBuffer *out;

    if (expected_late (c, f)) {
      expected_dropped++;
      continue;
    }
    expected_out++;
    out = gst_harness_try_pull (h);
    fail_unless (out != NULL, "%s, case %u: frame %u did not come out",
        element->factory, c, f);
    fail_unless_equals_uint64 (GST_BUFFER_PTS (out), f * FRAME_DURATION);
    gst_buffer_unref (out);
  }
  fail_unless_equals_int (gst_harness_buffers_in_queue (h), 0);

  count_pending_messages (bus, GST_OBJECT (h->element), &report);
  fail_unless_equals_int (report.kernel_runs, expected_out);
  fail_unless_equals_int (report.qos_messages, expected_dropped);
  fail_unless_equals_uint64 (report.dropped, expected_dropped);

  gst_harness_teardown (h);
  gst_bus_set_flushing (bus, TRUE);
  gst_object_unref (bus);
}

GST_START_TEST (test_late_frames_dropped)
{
  ELEMENT_OR_SKIP (__i__);

  gst_debug_set_threshold_for_name ("clprofile", GST_LEVEL_DEBUG);
  for (guint c = 0; c < G_N_ELEMENTS (qos_cases); c++)
    check_qos_case (element, c);
}

GST_END_TEST;

/* qos=false: the same late frames are all processed. */
GST_START_TEST (test_qos_disabled)
{
  ELEMENT_OR_SKIP (__i__);
  GstBus *bus = gst_bus_new ();
  GstVideoInfo info;
  GstHarness *h;
  FilterReport report = { 0, };

  gst_debug_set_threshold_for_name ("clprofile", GST_LEVEL_DEBUG);
  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_RGBA, 64, 48);
  h = rel_element_harness (element, NULL, &info, bus);
  g_object_set (h->element, "qos", FALSE, NULL);
  gst_harness_push_upstream_event (h, gst_event_new_qos (GST_QOS_TYPE_UNDERFLOW,
          1.5, 10 * FRAME_DURATION, 0));
  for (guint f = 0; f < 4; f++) {
    GstBuffer *buffer = rel_noise_buffer (&info, f);

    GST_BUFFER_PTS (buffer) = f * FRAME_DURATION;
    fail_unless_equals_int (gst_harness_push (h, buffer), GST_FLOW_OK);
  }
  fail_unless_equals_int (gst_harness_buffers_received (h), 4);
  count_pending_messages (bus, GST_OBJECT (h->element), &report);
  fail_unless_equals_int (report.kernel_runs, 4);
  fail_unless_equals_int (report.qos_messages, 0);

  gst_harness_teardown (h);
  gst_bus_set_flushing (bus, TRUE);
  gst_object_unref (bus);
}

GST_END_TEST;

static GstPadProbeReturn
count_buffer (GstPad * pad, GstPadProbeInfo * info, gpointer counter)
{
  g_atomic_int_inc ((gint *) counter);
  return GST_PAD_PROBE_OK;
}

static void
count_buffers_into (GstElement * pipeline, const gchar * name, gint * counter)
{
  GstElement *element = gst_bin_get_by_name (GST_BIN (pipeline), name);
  GstPad *pad = gst_element_get_static_pad (element, "sink");

  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, count_buffer, counter,
      NULL);
  gst_object_unref (pad);
  gst_object_unref (element);
}

/* A live source at 30 frames a second, a sink that takes 100 ms a frame:
 * the sink's QoS events make the filter drop frames, and only the frames
 * it passes on ran its kernels. */
#define LIVE_FRAMES 30

GST_START_TEST (test_slow_sink)
{
  ELEMENT_OR_SKIP (__i__);
  gchar *description = g_strdup_printf ("videotestsrc is-live=true "
      "num-buffers=%d ! video/x-raw,format=RGBA,width=64,height=48,"
      "framerate=%d/1 ! %s name=filter %s %s ! identity name=slow "
      "sleep-time=100000 ! fakesink sync=true qos=true", LIVE_FRAMES, FPS,
      element->factory, element->properties,
      element->resizes ? "! video/x-raw,width=80,height=60" : "");
  GstElement *pipeline = gst_parse_launch (description, NULL);
  GstElement *filter = gst_bin_get_by_name (GST_BIN (pipeline), "filter");
  GstBus *bus = gst_element_get_bus (pipeline);
  FilterReport report = { 0, };
  gint entered = 0, passed = 0;
  GstMessage *msg;

  gst_debug_set_threshold_for_name ("clprofile", GST_LEVEL_DEBUG);
  fail_unless (pipeline != NULL, "%s", description);
  count_buffers_into (pipeline, "filter", &entered);
  count_buffers_into (pipeline, "slow", &passed);
  fail_if (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE);
  while ((msg = gst_bus_timed_pop (bus, 60 * GST_SECOND))) {
    GstMessageType type = GST_MESSAGE_TYPE (msg);

    fail_if (type == GST_MESSAGE_ERROR, "%s: error", element->factory);
    count_message (msg, GST_OBJECT (filter), &report);
    gst_message_unref (msg);
    if (type == GST_MESSAGE_EOS)
      break;
  }
  gst_element_set_state (pipeline, GST_STATE_NULL);

  GST_INFO ("%s: %d frames in, %d out, %u dropped", element->factory, entered,
      passed, (guint) report.dropped);
  fail_unless_equals_int (entered, LIVE_FRAMES);
  fail_unless (report.qos_messages > 0, "%s dropped no frame",
      element->factory);
  fail_unless (passed < LIVE_FRAMES);
  fail_unless_equals_int (passed + report.dropped, LIVE_FRAMES);
  fail_unless_equals_int (report.kernel_runs, passed);

  gst_object_unref (bus);
  gst_object_unref (filter);
  gst_object_unref (pipeline);
  g_free (description);
}

GST_END_TEST;

static Suite *
clqos_suite (void)
{
  Suite *s = suite_create ("clqos");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_late_frames_dropped, 0, rel_n_elements);
  tcase_add_loop_test (tc, test_qos_disabled, 0, rel_n_elements);
  tcase_add_loop_test (tc, test_slow_sink, 0, rel_n_elements);
  return s;
}

GST_CHECK_MAIN (clqos);
