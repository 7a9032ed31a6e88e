/* gst-opencl benchmark
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Times a gst-launch-1.0 pipeline the way its user lives it, in two parts:
 *
 *   launch-timer PIPELINE-DESCRIPTION...
 *
 * builds the pipeline from the description as gst-launch-1.0 does (its
 * one sink must be the last element, e.g. `... ! fakesink sync=false`),
 * plays it to EOS and prints one line,
 *
 *   START_UP_MS MS_PER_FRAME FRAMES
 *
 * START_UP_MS: from the request for PAUSED (gst-launch-1.0 prerolls, then
 * plays) to the first buffer at the sink (devices opened, kernels built, the first frame made);
 * MS_PER_FRAME: the steady state, the time between the first and the last
 * buffer at the sink over the frames between them; FRAMES: the buffers
 * the sink got. An error prints the message on stderr and exits 1.
 */
#include <gst/gst.h>
#include <stdio.h>

typedef struct
{
  guint frames;
  gint64 first;
  gint64 last;
} Arrivals;

static GstPadProbeReturn
note_arrival (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  Arrivals *arrivals = user_data;
  gint64 now = g_get_monotonic_time ();

  if (arrivals->frames++ == 0)
    arrivals->first = now;
  arrivals->last = now;
  return GST_PAD_PROBE_OK;
}

static GstElement *
the_sink (GstElement * pipeline)
{
  GstIterator *sinks = gst_bin_iterate_sinks (GST_BIN (pipeline));
  GValue item = G_VALUE_INIT;
  GstElement *sink = NULL;

  if (gst_iterator_next (sinks, &item) == GST_ITERATOR_OK) {
    sink = g_value_dup_object (&item);
    g_value_unset (&item);
  }
  gst_iterator_free (sinks);
  return sink;
}

/* Plays @pipeline to its end; FALSE with the error printed if it fails. */
static gboolean
play_to_eos (GstElement * pipeline)
{
  GstBus *bus = gst_element_get_bus (pipeline);
  GstMessage *msg;
  gboolean ok;

  /* as gst-launch-1.0: preroll, then play */
  if (gst_element_set_state (pipeline, GST_STATE_PAUSED) !=
      GST_STATE_CHANGE_FAILURE
      && gst_element_get_state (pipeline, NULL, NULL, GST_CLOCK_TIME_NONE) !=
      GST_STATE_CHANGE_FAILURE)
    gst_element_set_state (pipeline, GST_STATE_PLAYING);
  msg = gst_bus_timed_pop_filtered (bus, GST_CLOCK_TIME_NONE,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  ok = GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS;
  if (!ok) {
    GError *error = NULL;
    gchar *debug = NULL;

    gst_message_parse_error (msg, &error, &debug);
    fprintf (stderr, "launch-timer: %s\n%s\n", error->message,
        debug ? debug : "");
    g_clear_error (&error);
    g_free (debug);
  }
  gst_message_unref (msg);
  gst_object_unref (bus);
  return ok;
}

int
main (int argc, char **argv)
{
  GError *error = NULL;
  GstElement *pipeline, *sink;
  GstPad *pad;
  Arrivals arrivals = { 0, };
  gint64 start;
  gboolean ok;

  gst_init (&argc, &argv);
  if (argc < 2) {
    fprintf (stderr, "usage: launch-timer PIPELINE-DESCRIPTION...\n");
    return 2;
  }
  pipeline = gst_parse_launchv ((const gchar **) argv + 1, &error);
  if (pipeline == NULL || error != NULL) {
    fprintf (stderr, "launch-timer: %s\n", error ? error->message : "?");
    return 1;
  }
  sink = the_sink (pipeline);
  if (sink == NULL) {
    fprintf (stderr, "launch-timer: the pipeline has no sink\n");
    return 1;
  }
  pad = gst_element_get_static_pad (sink, "sink");
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, note_arrival, &arrivals,
      NULL);

  start = g_get_monotonic_time ();
  ok = play_to_eos (pipeline);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  if (ok && arrivals.frames > 0)
    printf ("%.3f %.4f %u\n", (arrivals.first - start) / 1000.0,
        arrivals.frames > 1 ? (arrivals.last - arrivals.first) / 1000.0 /
        (arrivals.frames - 1) : 0.0, arrivals.frames);
  else if (ok)
    fprintf (stderr, "launch-timer: no buffer reached the sink\n");

  gst_object_unref (pad);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  return ok && arrivals.frames > 0 ? 0 : 1;
}
