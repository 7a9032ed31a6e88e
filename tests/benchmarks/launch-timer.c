/* gst-opencl benchmark
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Times a gst-launch-1.0 pipeline the way its user lives it, in two parts:
 *
 *   launch-timer [--element FACTORY] PIPELINE-DESCRIPTION...
 *
 * builds the pipeline from the description as gst-launch-1.0 does (its
 * one sink must be the last element, e.g. `... ! fakesink sync=false`),
 * plays it to EOS and prints one line,
 *
 *   START_UP_MS MS_PER_FRAME FRAMES [ELEMENT_MS]
 *
 * START_UP_MS: from the request for PAUSED (gst-launch-1.0 prerolls, then
 * plays) to the first buffer at the sink (devices opened, kernels built,
 * the first frame made); MS_PER_FRAME: the steady state, the time between
 * the first and the last buffer at the sink over the frames between them;
 * FRAMES: the buffers the sink got. With --element, ELEMENT_MS: the
 * median time the pipeline's element of FACTORY held a frame, from its
 * arrival on the element's sink pad to its push from the source pad, the
 * first frame left out. It is the element's own share of MS_PER_FRAME,
 * whatever the source and the sink cost around it; work the element
 * leaves running after the push (a download still under way) counts
 * where a later frame waits for it. An error prints the message on
 * stderr and exits 1.
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

/* The times one element held its frames. */
typedef struct
{
  gint64 arrived;
  GArray *held;                 /* gint64, µs */
} Holding;

static GstPadProbeReturn
note_entry (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  Holding *holding = user_data;

  holding->arrived = g_get_monotonic_time ();
  return GST_PAD_PROBE_OK;
}

static GstPadProbeReturn
note_exit (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  Holding *holding = user_data;
  gint64 held = g_get_monotonic_time () - holding->arrived;

  g_array_append_val (holding->held, held);
  return GST_PAD_PROBE_OK;
}

static gint
compare_times (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

/* The median of the times held, the first frame's (start-up) left out. */
static gdouble
median_held_ms (Holding * holding)
{
  GArray *held = holding->held;
  guint n;

  if (held->len < 2)
    return 0.0;
  g_array_remove_index (held, 0);
  g_array_sort (held, compare_times);
  n = held->len;
  return (g_array_index (held, gint64, (n - 1) / 2) +
      g_array_index (held, gint64, n / 2)) / 2000.0;
}

/* 0 where @item is an element of @factory (a GCompareFunc). */
static gint
compare_factory (const GValue * item, const gchar * factory)
{
  GstElement *element = g_value_get_object (item);
  GstElementFactory *of = gst_element_get_factory (element);

  return !(of && g_strcmp0 (GST_OBJECT_NAME (of), factory) == 0);
}

/* Probes on the pads of @pipeline's element of @factory, which must have
 * one sink and one source pad, or FALSE. */
static gboolean
watch_element (GstElement * pipeline, const gchar * factory, Holding * holding)
{
  GstIterator *all = gst_bin_iterate_recurse (GST_BIN (pipeline));
  GValue item = G_VALUE_INIT;
  GstPad *in = NULL, *out = NULL;
  gboolean found, watched;

  found = gst_iterator_find_custom (all, (GCompareFunc) compare_factory, &item,
      (gpointer) factory);
  gst_iterator_free (all);
  if (found) {
    GstElement *element = g_value_get_object (&item);

    in = gst_element_get_static_pad (element, "sink");
    out = gst_element_get_static_pad (element, "src");
    g_value_unset (&item);
  }
  watched = in != NULL && out != NULL;
  if (watched) {
    gst_pad_add_probe (in, GST_PAD_PROBE_TYPE_BUFFER, note_entry, holding,
        NULL);
    gst_pad_add_probe (out, GST_PAD_PROBE_TYPE_BUFFER, note_exit, holding,
        NULL);
  }
  g_clear_object (&in);
  g_clear_object (&out);
  return watched;
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
  Holding holding = { 0, NULL };
  const gchar *factory = NULL;
  gint first = 1;
  gint64 start;
  gboolean ok;

  gst_init (&argc, &argv);
  if (argc > 2 && g_strcmp0 (argv[1], "--element") == 0) {
    factory = argv[2];
    first = 3;
  }
  if (argc <= first) {
    fprintf (stderr, "usage: launch-timer [--element FACTORY] "
        "PIPELINE-DESCRIPTION...\n");
    return 2;
  }
  pipeline = gst_parse_launchv ((const gchar **) argv + first, &error);
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
  if (factory) {
    holding.held = g_array_new (FALSE, FALSE, sizeof (gint64));
    if (!watch_element (pipeline, factory, &holding)) {
      fprintf (stderr, "launch-timer: no element of %s with a sink and a "
          "source pad\n", factory);
      g_array_free (holding.held, TRUE);
      gst_object_unref (pad);
      gst_object_unref (sink);
      gst_object_unref (pipeline);
      return 1;
    }
  }

  start = g_get_monotonic_time ();
  ok = play_to_eos (pipeline);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  if (ok && arrivals.frames > 0) {
    printf ("%.3f %.4f %u", (arrivals.first - start) / 1000.0,
        arrivals.frames > 1 ? (arrivals.last - arrivals.first) / 1000.0 /
        (arrivals.frames - 1) : 0.0, arrivals.frames);
    if (factory)
      printf (" %.4f", median_held_ms (&holding));
    printf ("\n");
  } else if (ok)
    fprintf (stderr, "launch-timer: no buffer reached the sink\n");

  gst_object_unref (pad);
  gst_object_unref (sink);
  gst_object_unref (pipeline);
  if (holding.held)
    g_array_free (holding.held, TRUE);
  return ok && arrivals.frames > 0 ? 0 : 1;
}
