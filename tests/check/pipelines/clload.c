/* gst-opencl: four pipelines at once on one OpenCL context, with their
 * properties changing under them.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Each pipeline runs every cl element on its own format, size and frame
 * storage, in its own streaming thread, and all share the one GstCLContext
 * (so one command queue and program cache) that the application sets on
 * them. Meanwhile another thread keeps changing the elements' changing
 * properties (clrotate's angle, clboxblur's radius).
 *
 * Determinism: a change may land anywhere, so the test records what each
 * frame was processed with. A lock of each pipeline is held from the
 * moment a frame enters its first cl element (a probe, which also records
 * the current property values) until it leaves the last one (another
 * probe); the changing thread takes the same lock. Changes so fall between
 * frames, at moments no one chose, and every frame has known values. Each
 * pipeline is then run again alone, on its own context, with a probe that
 * sets each frame's recorded values before it enters: every output must
 * be the same bytes.
 *
 * 500 frames a pipeline, small ones: about two seconds.
 */
#include <gst/app/app.h>

#include "reliability.h"

#define N_PIPELINES 4
#define MAX_CHANGING 4
#define CHANGE_EVERY 10

typedef struct
{
  const gchar *format;
  gint width, height;
  gint out_width, out_height;   /* what the scaler makes */
  const gchar *storage;
} LoadConfig;

static const LoadConfig configs[N_PIPELINES] = {
  {"RGBA", 40, 24, 56, 30, "buffer"},
  {"I420", 34, 18, 26, 14, "image"},
  {"GRAY16_LE", 31, 17, 45, 23, "buffer"},
  {"NV12", 36, 20, 28, 16, "buffer"},
};

typedef struct
{
  guint index;                  /* of configs */
  guint n_frames;
  gboolean replay;              /* set the recorded values, don't record */
  GstVideoInfo info;
  GstElement *pipeline;

  /* the elements whose property changes, and their table entries */
  guint n_changing;
  GstElement *changing[MAX_CHANGING];
  const RelElement *specs[MAX_CHANGING];

  guint next_frame;             /* the source's, in its streaming thread */
  GMutex frame_lock;            /* held while a frame crosses the chain */
  gint change_waiting;          /* atomic: the changer waits for the lock */
  gint changes;                 /* atomic: how many the changer made */
  gint frames_done;             /* atomic */
  gchar ***values;              /* [frame][changing]: serialized values */
  gchar **digests;              /* [frame]: of the output */
} Run;

/* The source: frame n is noise from a seed of the pipeline and n. */
static void
need_data (GstAppSrc * src, guint length, gpointer user_data)
{
  Run *run = user_data;
  guint n = run->next_frame++;
  GstBuffer *buffer;

  if (n == run->n_frames) {
    gst_app_src_end_of_stream (src);
    return;
  }
  buffer = rel_noise_buffer (&run->info, run->index * 100000 + n);
  GST_BUFFER_PTS (buffer) = n * GST_SECOND / 30;
  GST_BUFFER_DURATION (buffer) = GST_SECOND / 30;
  GST_BUFFER_OFFSET (buffer) = n;
  gst_app_src_push_buffer (src, buffer);
}

static GstFlowReturn
new_sample (GstAppSink * sink, gpointer user_data)
{
  Run *run = user_data;
  GstSample *sample = gst_app_sink_pull_sample (sink);
  guint64 frame = GST_BUFFER_OFFSET (gst_sample_get_buffer (sample));

  fail_unless (frame < run->n_frames && run->digests[frame] == NULL,
      "pipeline %u: unexpected frame %" G_GUINT64_FORMAT, run->index, frame);
  run->digests[frame] = rel_sample_digest (sample);
  gst_sample_unref (sample);
  return GST_FLOW_OK;
}

static gchar *
property_string (GstElement * element, const gchar * name)
{
  GValue value = G_VALUE_INIT;
  gchar *s;

  g_object_get_property (G_OBJECT (element), name, &value);
  s = gst_value_serialize (&value);
  g_value_unset (&value);
  return s;
}

/* A frame enters the chain: record (taking the frame lock) or replay its
 * property values. */
static GstPadProbeReturn
frame_enters (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  Run *run = user_data;
  guint64 frame = GST_BUFFER_OFFSET (GST_PAD_PROBE_INFO_BUFFER (info));

  fail_unless (frame < run->n_frames);
  if (!run->replay) {
    /* Let a waiting change in first: a mutex is not fair, and this thread
     * would take it again at once. And wait for one change every
     * CHANGE_EVERY frames at least, however the threads are scheduled. */
    while (g_atomic_int_get (&run->change_waiting)
        || g_atomic_int_get (&run->changes) < (gint) (frame / CHANGE_EVERY))
      g_thread_yield ();
    g_mutex_lock (&run->frame_lock);
    run->values[frame] = g_new0 (gchar *, run->n_changing + 1);
  }
  for (guint c = 0; c < run->n_changing; c++) {
    const gchar *name = run->specs[c]->changing;

    if (run->replay)
      gst_util_set_object_arg (G_OBJECT (run->changing[c]), name,
          run->values[frame][c]);
    else
      run->values[frame][c] = property_string (run->changing[c], name);
  }
  return GST_PAD_PROBE_OK;
}

static GstPadProbeReturn
frame_leaves (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  Run *run = user_data;

  g_atomic_int_inc (&run->frames_done);
  if (!run->replay)
    g_mutex_unlock (&run->frame_lock);
  return GST_PAD_PROBE_OK;
}

static void
add_probe (GstElement * element, const gchar * pad_name,
    GstPadProbeCallback callback, Run * run)
{
  GstPad *pad = gst_element_get_static_pad (element, pad_name);

  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, callback, run, NULL);
  gst_object_unref (pad);
}

/* appsrc ! <every cl element> ! appsink, probes at both ends of the chain,
 * and the elements that change. */
static void
run_build (Run * run)
{
  const LoadConfig *c = &configs[run->index];
  gchar *chain = rel_chain_description (c->storage, c->out_width,
      c->out_height);
  gchar *description = g_strdup_printf ("appsrc name=src format=time ! %s "
      "! appsink name=sink sync=false", chain);
  GstAppSrcCallbacks src_callbacks = { need_data };
  GstAppSinkCallbacks sink_callbacks = { NULL, NULL, new_sample };
  GstElement *src, *sink, *first = NULL, *last = NULL;
  GstCaps *caps;

  gst_video_info_set_format (&run->info,
      gst_video_format_from_string (c->format), c->width, c->height);
  run->pipeline = gst_parse_launch (description, NULL);
  fail_unless (run->pipeline != NULL, "%s", description);

  src = gst_bin_get_by_name (GST_BIN (run->pipeline), "src");
  caps = gst_video_info_to_caps (&run->info);
  g_object_set (src, "caps", caps, NULL);
  gst_caps_unref (caps);
  gst_app_src_set_callbacks (GST_APP_SRC (src), &src_callbacks, run, NULL);
  sink = gst_bin_get_by_name (GST_BIN (run->pipeline), "sink");
  gst_app_sink_set_callbacks (GST_APP_SINK (sink), &sink_callbacks, run,
      NULL);

  for (guint i = 0; i < rel_n_elements; i++) {
    const RelElement *e = &rel_elements[i];
    GstElement *element;

    if (!rel_element_available (e))
      continue;
    element = gst_bin_get_by_name (GST_BIN (run->pipeline), e->factory);
    if (first == NULL)
      first = gst_object_ref (element);
    gst_object_replace ((GstObject **) & last, GST_OBJECT (element));
    if (e->changing) {
      fail_unless (run->n_changing < MAX_CHANGING);
      run->specs[run->n_changing] = e;
      run->changing[run->n_changing++] = gst_object_ref (element);
    }
    gst_object_unref (element);
  }
  add_probe (first, "sink", frame_enters, run);
  add_probe (last, "src", frame_leaves, run);

  gst_object_unref (first);
  gst_object_unref (last);
  gst_object_unref (src);
  gst_object_unref (sink);
  g_free (description);
  g_free (chain);
}

static Run *
run_new (guint index, guint n_frames)
{
  Run *run = g_new0 (Run, 1);

  run->index = index;
  run->n_frames = n_frames;
  g_mutex_init (&run->frame_lock);
  run->values = g_new0 (gchar **, n_frames);
  run->digests = g_new0 (gchar *, n_frames);
  run_build (run);
  return run;
}

/* The same frames, alone and on a context of their own, each with the
 * property values the first run recorded for it. */
static Run *
run_new_replay (const Run * recorded)
{
  Run *run = g_new0 (Run, 1);

  run->index = recorded->index;
  run->n_frames = recorded->n_frames;
  run->replay = TRUE;
  run->values = recorded->values;
  run->digests = g_new0 (gchar *, run->n_frames);
  run_build (run);
  return run;
}

static void
run_free (Run * run)
{
  gst_element_set_state (run->pipeline, GST_STATE_NULL);
  gst_object_unref (run->pipeline);
  for (guint c = 0; c < run->n_changing; c++)
    gst_object_unref (run->changing[c]);
  if (!run->replay) {
    for (guint f = 0; f < run->n_frames; f++)
      g_strfreev (run->values[f]);
    g_free (run->values);
    g_mutex_clear (&run->frame_lock);
  }
  for (guint f = 0; f < run->n_frames; f++)
    g_free (run->digests[f]);
  g_free (run->digests);
  g_free (run);
}

static void
run_wait (Run * run)
{
  GstBus *bus = gst_element_get_bus (run->pipeline);
  GstMessage *msg = gst_bus_timed_pop_filtered (bus, GST_CLOCK_TIME_NONE,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);

  fail_unless (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS,
      "pipeline %u: %" GST_PTR_FORMAT, run->index, msg);
  gst_message_unref (msg);
  gst_object_unref (bus);
}

/* The changing thread: after each frame a pipeline finishes, the next
 * value of each of its changing properties, between two frames (whichever
 * two those are by the time it has the lock). */
typedef struct
{
  Run **runs;
  gint stop;                    /* atomic */
} Changer;

static gpointer
change_properties (gpointer user_data)
{
  Changer *changer = user_data;
  gint seen[N_PIPELINES] = { 0, };
  guint turn[N_PIPELINES] = { 0, };

  while (!g_atomic_int_get (&changer->stop)) {
    for (guint p = 0; p < N_PIPELINES; p++) {
      Run *run = changer->runs[p];
      gint done = g_atomic_int_get (&run->frames_done);

      if (done == seen[p] || done == (gint) run->n_frames)
        continue;
      g_atomic_int_set (&run->change_waiting, 1);
      g_mutex_lock (&run->frame_lock);
      g_atomic_int_set (&run->change_waiting, 0);
      for (guint c = 0; c < run->n_changing; c++) {
        const gchar *const *values = run->specs[c]->values;

        gst_util_set_object_arg (G_OBJECT (run->changing[c]),
            run->specs[c]->changing,
            values[turn[p] % g_strv_length ((gchar **) values)]);
      }
      turn[p]++;
      g_atomic_int_inc (&run->changes);
      g_mutex_unlock (&run->frame_lock);
      seen[p] = done;
    }
    g_usleep (300);
  }
  return NULL;
}

static void
assert_same_context (Run ** runs, GstCLContext * shared)
{
  for (guint p = 0; p < N_PIPELINES; p++) {
    GstElement *last = runs[p]->changing[runs[p]->n_changing - 1];
    GstCLContext *context = rel_query_cl_context (last);

    fail_unless (context == shared, "pipeline %u made its own context", p);
    gst_object_unref (context);
  }
}

/* How many different values of changing property @c pipeline frames saw. */
static guint
distinct_values (const Run * run, guint c)
{
  GHashTable *seen = g_hash_table_new (g_str_hash, g_str_equal);
  guint n;

  for (guint f = 0; f < run->n_frames; f++)
    g_hash_table_add (seen, run->values[f][c]);
  n = g_hash_table_size (seen);
  g_hash_table_unref (seen);
  return n;
}

static void
assert_replay_equal (const Run * run)
{
  Run *alone = run_new_replay (run);

  gst_element_set_state (alone->pipeline, GST_STATE_PLAYING);
  run_wait (alone);
  for (guint f = 0; f < run->n_frames; f++) {
    gchar *values = g_strjoinv (", ", run->values[f]);

    fail_unless (g_strcmp0 (run->digests[f], alone->digests[f]) == 0,
        "pipeline %u (%s), frame %u (%s): %s under load, %s alone",
        run->index, configs[run->index].format, f, values, run->digests[f],
        alone->digests[f]);
    g_free (values);
  }
  run_free (alone);
}

GST_START_TEST (test_parallel_pipelines)
{
  guint n_frames = 500;
  GstContext *context = rel_new_shared_context ();
  GstCLContext *cl_context = rel_dup_cl_context (context);
  Run *runs[N_PIPELINES];
  Changer changer = { runs, 0 };
  GThread *thread;

  for (guint p = 0; p < N_PIPELINES; p++) {
    runs[p] = run_new (p, n_frames);
    fail_unless (runs[p]->n_changing > 0);
    gst_element_set_context (runs[p]->pipeline, context);
  }
  thread = g_thread_new ("changer", change_properties, &changer);
  for (guint p = 0; p < N_PIPELINES; p++)
    gst_element_set_state (runs[p]->pipeline, GST_STATE_PLAYING);
  for (guint p = 0; p < N_PIPELINES; p++)
    run_wait (runs[p]);
  g_atomic_int_set (&changer.stop, 1);
  g_thread_join (thread);

  assert_same_context (runs, cl_context);
  for (guint p = 0; p < N_PIPELINES; p++) {
    for (guint c = 0; c < runs[p]->n_changing; c++)
      fail_unless (distinct_values (runs[p], c) >= 2,
          "pipeline %u: %s never changed", p, runs[p]->specs[c]->changing);
    assert_replay_equal (runs[p]);
    run_free (runs[p]);
  }
  gst_object_unref (cl_context);
  gst_context_unref (context);
}

GST_END_TEST;

static Suite *
clload_suite (void)
{
  Suite *s = suite_create ("clload");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_parallel_pipelines);
  return s;
}

GST_CHECK_MAIN (clload);
