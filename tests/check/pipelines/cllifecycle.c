/* gst-opencl: what the elements hold on the device and in memory over
 * many state changes and many frames.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Three ways to see a leak, each explained where it is used:
 *
 * - the leaks tracer (GST_TRACERS=leaks in the test environment) fails a
 *   test that leaves a GstObject or GstMiniObject alive, GstCLContext
 *   included;
 * - the runtime counts the OpenCL objects it makes (see RelCLObjects):
 *   after each PLAYING -> NULL the elements hold no kernel, memory object
 *   or sampler and the context no more programs than after the first, and
 *   once the pipeline is gone the context itself is finalized (which
 *   releases its queue and programs, and fails on any object left);
 * - resident memory must stay flat after a warm-up, which catches what
 *   neither sees (host memory of the plugin or of the driver).
 *
 * GST_CL_TEST_SLOW=1 runs the full counts (scripts/check-slow.sh).
 */
#include "reliability.h"

#include <malloc.h>

/* Growth of resident memory allowed over the second half of a run (the
 * first half warms up pools, caches and the allocator), with one malloc
 * arena. Measured over state cycles and frames: PoCL 3.1 (AMD EPYC) 0 to
 * 50 KiB over 15 to 250 cycles or 800 to 10,000 frames; NVIDIA's driver
 * 580 (H100) 0 KiB over 15 cycles and 800 frames. A leak of one 2 KiB
 * frame per cycle would be 500 KiB over 250 cycles. */
#define RSS_SLACK_KIB 256
/* New pipelines each make an OpenCL context. PoCL 3.1 (AMD EPYC): 0 KiB
 * over pipelines 9 to 16 in three runs of four (+184 in the other), 0
 * over 51 to 100. NVIDIA's driver grows while its first contexts come
 * and go, by less each time: in one run (H100, driver 580) +2944, +1376,
 * +640, +320 and +292 KiB for pipelines 2 to 5, +44 to +116 for 6 to 10,
 * then 0 to 8 KiB a pipeline; over pipelines 5 to 8 that warm-up alone
 * reached +1440 KiB in one run of five, so the default run measures
 * pipelines 9 to 16 (+148 KiB in that run) and GST_CL_TEST_SLOW=1 51 to
 * 100 (+36 KiB). A leaked context costs about 3.4 MB each. */
#define NEW_PIPELINES_RSS_SLACK_KIB 1024

#define SOURCE "videotestsrc num-buffers=3 pattern=ball ! " \
    "video/x-raw, format=RGBA, width=33, height=17 ! "

static const gchar *const storages[] = { "buffer", "image" };

static GstElement *
new_pipeline (const gchar * storage)
{
  gchar *chain = rel_chain_description (storage, 47, 29);
  gchar *description = g_strdup_printf (SOURCE "%s ! fakesink", chain);
  GstElement *pipeline = gst_parse_launch (description, NULL);

  fail_unless (pipeline != NULL, "cannot build %s", description);
  g_free (description);
  g_free (chain);
  return pipeline;
}

static void
play_to_eos (GstElement * pipeline)
{
  GstMessage *msg = rel_run_to_eos (pipeline);

  fail_unless (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS,
      "%" GST_PTR_FORMAT, msg);
  gst_message_unref (msg);
}

static GstCLContext *
pipeline_cl_context (GstElement * pipeline)
{
  GstElement *rotate = gst_bin_get_by_name (GST_BIN (pipeline), "clrotate");
  GstCLContext *context = rel_query_cl_context (rotate);

  gst_object_unref (rotate);
  return context;
}

static void
assert_counts (const RelCLObjects * got, const RelCLObjects * want,
    const gchar * when)
{
  gchar *got_s = rel_cl_objects_to_string (got);
  gchar *want_s = rel_cl_objects_to_string (want);

  fail_unless (rel_cl_objects_equal (got, want), "%s: %s, expected %s", when,
      got_s, want_s);
  g_free (got_s);
  g_free (want_s);
}

/* Releases the pipeline, which holds the shared GstCLContext (as @context
 * does), and checks that the elements left nothing in it and that nothing
 * else keeps it: it is finalized when @context goes. */
static void
assert_all_released (GstElement * pipeline, GstCLContext * context)
{
  RelCLObjects left;

  fail_unless (rel_unref_and_wait (pipeline), "the pipeline is still alive "
      "%d ms after its last reference", REL_RELEASE_WAIT_MS);
  left = rel_count_cl_objects (context);
  fail_unless (left.kernels == 0 && left.mems == 0 && left.samplers == 0
      && left.events == 0, "the pipeline is gone, but %d kernels, %d memory "
      "objects, %d samplers and %d events are not released", left.kernels,
      left.mems, left.samplers, left.events);
  /* The context's own: its queue, and its download queue where the device
   * does not share host memory. */
  fail_unless_equals_int (left.queues,
      gst_cl_context_get_device (context)->host_unified ? 1 : 2);

  fail_unless (rel_unref_and_wait (context), "the OpenCL context outlives "
      "its pipeline by more than %d ms", REL_RELEASE_WAIT_MS);
}

static void
assert_rss_flat (gsize before, gsize after, gsize slack, const gchar * what)
{
  g_print ("%s: resident memory %+" G_GSSIZE_FORMAT " KiB (%" G_GSIZE_FORMAT
      " -> %" G_GSIZE_FORMAT " KiB)\n", what, (gssize) (after - before),
      before, after);
  fail_unless (after <= before + slack, "%s: resident memory grew "
      "from %" G_GSIZE_FORMAT " to %" G_GSIZE_FORMAT " KiB", what, before,
      after);
}

/* 1. One pipeline with every element, PLAYING -> NULL again and again. It
 * keeps the GstCLContext (a bin keeps the contexts its children post), so
 * after each cycle the device holds what it held after the first: the
 * queue and the programs, which the context caches for its lifetime. */
GST_START_TEST (test_state_cycles)
{
  const gchar *storage = storages[__i__];
  guint cycles = rel_count (30, 500);
  GstElement *pipeline = new_pipeline (storage);
  GstCLContext *context = NULL;
  RelCLObjects idle, playing, after_first = { 0, };
  gsize rss_warm = 0;
  gchar *what;

  for (guint i = 0; i < cycles; i++) {
    gchar *when = g_strdup_printf ("storage=%s, cycle %u", storage, i);

    play_to_eos (pipeline);
    if (context == NULL)
      context = pipeline_cl_context (pipeline);
    playing = rel_count_cl_objects (context);
    fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
        GST_STATE_CHANGE_SUCCESS);
    idle = rel_count_cl_objects (context);

    if (i == 0) {
      /* Playing, every element holds kernels and device memory. */
      fail_unless (playing.kernels >= (gint) rel_n_elements
          && playing.mems > 0, "%s: playing, only %d kernels and %d memory "
          "objects", when, playing.kernels, playing.mems);
      fail_unless (idle.kernels == 0 && idle.mems == 0 && idle.samplers == 0
          && idle.events == 0, "%s: in NULL, %d kernels, %d memory objects, "
          "%d samplers and %d events are still held", when, idle.kernels,
          idle.mems, idle.samplers, idle.events);
      after_first = idle;
    }
    assert_counts (&idle, &after_first, when);
    if (i == cycles / 2)
      rss_warm = rel_rss_kib ();
    g_free (when);
  }

  what = g_strdup_printf ("%u cycles, storage=%s", cycles - cycles / 2,
      storage);
  assert_rss_flat (rss_warm, rel_rss_kib (), RSS_SLACK_KIB, what);
  g_free (what);
  assert_all_released (pipeline, context);
}

GST_END_TEST;

/* 2. A new pipeline each time: each makes its own OpenCL context, queue
 * and programs, and must release them all. */
GST_START_TEST (test_new_pipelines)
{
  guint cycles = rel_count (16, 100);
  gsize rss_warm = 0;
  gchar *what;

  for (guint i = 0; i < cycles; i++) {
    GstElement *pipeline = new_pipeline ("buffer");

    GstCLContext *context;

    play_to_eos (pipeline);
    context = pipeline_cl_context (pipeline);
    fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
        GST_STATE_CHANGE_SUCCESS);
    assert_all_released (pipeline, context);
    if (i == cycles / 2)
      rss_warm = rel_rss_kib ();
  }
  what = g_strdup_printf ("%u new pipelines", cycles - cycles / 2);
  assert_rss_flat (rss_warm, rel_rss_kib (), NEW_PIPELINES_RSS_SLACK_KIB,
      what);
  g_free (what);
}

GST_END_TEST;

/* 3. Many frames through every element; resident memory read every
 * tenth of the run by a probe on the sink. */
#define SOAK_STEPS 10

typedef struct
{
  guint step;
  GArray *rss;
} SoakRecord;

static GstPadProbeReturn
record_rss (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  SoakRecord *record = user_data;
  guint64 frame = GST_BUFFER_OFFSET (GST_PAD_PROBE_INFO_BUFFER (info));

  if (frame % record->step == 0) {
    gsize now = rel_rss_kib ();

    g_array_append_val (record->rss, now);
  }
  return GST_PAD_PROBE_OK;
}

GST_START_TEST (test_soak)
{
  guint frames = rel_count (2000, 20000);
  gchar *chain = rel_chain_description ("buffer", 24, 14);
  gchar *description = g_strdup_printf ("videotestsrc num-buffers=%u "
      "pattern=ball ! video/x-raw, format=I420, width=32, height=18 ! %s ! "
      "fakesink name=sink", frames, chain);
  GstElement *pipeline = gst_parse_launch (description, NULL);
  GstElement *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  GstPad *pad = gst_element_get_static_pad (sink, "sink");
  SoakRecord record = { frames / SOAK_STEPS,
    g_array_new (FALSE, FALSE, sizeof (gsize))
  };
  GArray *rss = record.rss;
  gchar *what;

  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, record_rss, &record,
      NULL);
  play_to_eos (pipeline);
  gst_element_set_state (pipeline, GST_STATE_NULL);

  fail_unless_equals_int (rss->len, SOAK_STEPS);
  what = g_strdup_printf ("frames %u to %u", SOAK_STEPS / 2 * record.step,
      (SOAK_STEPS - 1) * record.step);
  assert_rss_flat (g_array_index (rss, gsize, SOAK_STEPS / 2),
      g_array_index (rss, gsize, SOAK_STEPS - 1), RSS_SLACK_KIB, what);

  g_free (what);
  g_array_unref (rss);
  gst_object_unref (pad);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  g_free (description);
  g_free (chain);
}

GST_END_TEST;

/* 4. Frames in OpenCL memory, two planes after the first each (NV12
 * between clupload, the elements and cldownload): once the first frame
 * has been through, the elements use the planes of their pools' frames
 * as the frames' memories keep them, and make no more memory objects. */
#define WARM_FRAMES 20
#define CL_CAPS "video/x-raw(memory:OpenCLMemory)"

static GstPadProbeReturn
record_created_mems (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  GstCLContext *context = g_object_get_data (G_OBJECT (pad), "cl-context");
  gint created = gst_cl_context_count_created (context, GST_CL_OBJECT_MEM);

  g_array_append_val ((GArray *) user_data, created);
  return GST_PAD_PROBE_OK;
}

GST_START_TEST (test_planes_made_once)
{
  GstElement *pipeline = gst_parse_launch ("videotestsrc num-buffers="
      G_STRINGIFY (WARM_FRAMES) " pattern=ball ! video/x-raw, format=NV12, "
      "width=64, height=48 ! clupload ! clrotate name=clrotate angle=10 ! "
      CL_CAPS " ! clboxblur radius=2 ! " CL_CAPS " ! cldownload ! "
      "fakesink name=sink", NULL);
  GstElement *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  GstPad *pad = gst_element_get_static_pad (sink, "sink");
  GArray *created = g_array_new (FALSE, FALSE, sizeof (gint));
  GstCLContext *context;

  /* The first frame prerolls: the probe sees the frames after it. */
  fail_unless (gst_element_set_state (pipeline, GST_STATE_PAUSED) !=
      GST_STATE_CHANGE_FAILURE);
  fail_unless_equals_int (gst_element_get_state (pipeline, NULL, NULL,
          GST_CLOCK_TIME_NONE), GST_STATE_CHANGE_SUCCESS);
  context = pipeline_cl_context (pipeline);
  g_object_set_data (G_OBJECT (pad), "cl-context", context);
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, record_created_mems,
      created, NULL);
  play_to_eos (pipeline);
  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);

  fail_unless_equals_int (created->len, WARM_FRAMES - 1);
  for (guint i = 1; i < created->len; i++)
    fail_unless (g_array_index (created, gint, i) ==
        g_array_index (created, gint, 0), "frame %u made %d memory objects",
        i + 2, g_array_index (created, gint, i) -
        g_array_index (created, gint, i - 1));

  g_array_unref (created);
  gst_object_unref (pad);
  gst_object_unref (sink);
  assert_all_released (pipeline, context);
}

GST_END_TEST;

static Suite *
cllifecycle_suite (void)
{
  Suite *s = suite_create ("cllifecycle");
  TCase *tc = tcase_create ("general");

  /* One malloc arena: glibc gives threads (PoCL's, the streaming threads)
   * arenas of their own as they contend, and each new one adds megabytes
   * of resident memory at a random cycle. A leak grows the one arena
   * just the same. */
  mallopt (M_ARENA_MAX, 1);

  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_state_cycles, 0, G_N_ELEMENTS (storages));
  tcase_add_test (tc, test_new_pipelines);
  tcase_add_test (tc, test_soak);
  tcase_add_test (tc, test_planes_made_once);
  return s;
}

GST_CHECK_MAIN (cllifecycle);
