/* gst-opencl: turning video from an application with clrotate.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Plays videotestsrc ! clrotate ! videoconvert ! <sink> and turns the
 * picture while it plays, in the two ways an application can:
 *
 * 1. for the first half of the run, a GLib timeout sets "angle" with
 *    g_object_set() (any thread may do this; the next frame shows it);
 * 2. then a GstController ramp takes over: "angle" follows a line through
 *    two control points, evaluated by clrotate for every frame's
 *    timestamp, so the motion is tied to the stream, not to the main loop.
 *
 *   rotate-app                              # autovideosink, until Ctrl-C
 *   rotate-app --frames 300 --fit --method bicubic
 *   rotate-app --sink "fakesink sync=true" --frames 45   # headless
 */
#include <gst/gst.h>
#include <gst/controller/controller.h>
#include <glib-unix.h>

#include <signal.h>
#include <string.h>

#define FPS 30
#define STEP_MS 40              /* timeout period */
#define DEGREES_PER_STEP 2.0
#define RAMP_WITHOUT_END (10 * GST_SECOND)      /* a turn, when unbounded */

typedef struct
{
  GMainLoop *loop;
  GstElement *pipeline;
  GstElement *rotate;
  GstClockTime run_time;        /* planned length, or NONE */
  gdouble seconds;              /* --seconds, or 0 */
  gboolean playing;             /* the pipeline has reached PLAYING */
  gdouble angle;                /* what the timeout set last */
  gint exit_code;
} App;

/* The stream time being played now. */
static GstClockTime
position (App * app)
{
  gint64 now;

  if (!gst_element_query_position (app->pipeline, GST_FORMAT_TIME, &now)
      || now < 0)
    return 0;
  return now;
}

/* 2. The ramp: from the angle shown now to a full turn more, over the rest
 * of the run. Control points are in stream time, so anchor the ramp at
 * the pipeline's position. */
static void
install_ramp (App * app)
{
  GstControlSource *cs = gst_interpolation_control_source_new ();
  GstTimedValueControlSource *tvcs = GST_TIMED_VALUE_CONTROL_SOURCE (cs);
  GstClockTime now = position (app), length;

  length = GST_CLOCK_TIME_IS_VALID (app->run_time) && app->run_time > now ?
      app->run_time - now : RAMP_WITHOUT_END;

  g_object_set (cs, "mode", GST_INTERPOLATION_MODE_LINEAR, NULL);
  gst_timed_value_control_source_set (tvcs, now, app->angle);
  gst_timed_value_control_source_set (tvcs, now + length, app->angle + 360);
  /* Absolute binding: control values are degrees as they are. (The
   * default binding maps 0..1 onto the property's range, and "angle" has
   * no finite range.) */
  gst_object_add_control_binding (GST_OBJECT (app->rotate),
      gst_direct_control_binding_new_absolute (GST_OBJECT (app->rotate),
          "angle", cs));
  gst_object_unref (cs);

  g_print ("at %" GST_TIME_FORMAT ": a controller ramp turns the picture "
      "from %.0f to %.0f degrees over %" GST_TIME_FORMAT "\n",
      GST_TIME_ARGS (now), app->angle, app->angle + 360,
      GST_TIME_ARGS (length));
}

/* 1. The timeout: a few degrees more on every call, until half-time. */
static gboolean
turn_step (gpointer user_data)
{
  App *app = user_data;
  GstClockTime half = GST_CLOCK_TIME_IS_VALID (app->run_time) ?
      app->run_time / 2 : RAMP_WITHOUT_END / 2;

  if (position (app) >= half) {
    install_ramp (app);
    return G_SOURCE_REMOVE;
  }
  app->angle += DEGREES_PER_STEP;
  g_object_set (app->rotate, "angle", app->angle, NULL);
  return G_SOURCE_CONTINUE;
}

static gboolean
stop (gpointer user_data)
{
  App *app = user_data;

  /* EOS lets the sink finish cleanly; the bus watch then quits. Before
   * PLAYING there is nothing to finish, and EOS must not be sent then:
   * gst_element_send_event() holds the pipeline's state lock while the
   * source waits for its streaming thread, which waits in the prerolled
   * sink for the pending change to PLAYING, which needs that lock. */
  if (app->playing)
    gst_element_send_event (app->pipeline, gst_event_new_eos ());
  else
    g_main_loop_quit (app->loop);
  return G_SOURCE_REMOVE;
}

/* --seconds counts from PLAYING, not from start-up: the first frame may
 * wait for the OpenCL kernels to be built. */
static void
on_playing (App * app)
{
  app->playing = TRUE;
  if (app->seconds > 0)
    g_timeout_add ((guint) (app->seconds * 1000), stop, app);
}

static gboolean
on_bus_message (GstBus * bus, GstMessage * message, gpointer user_data)
{
  App *app = user_data;

  switch (GST_MESSAGE_TYPE (message)) {
    case GST_MESSAGE_ERROR:{
      GError *error = NULL;
      gchar *debug = NULL;

      gst_message_parse_error (message, &error, &debug);
      g_printerr ("error from %s: %s\n%s\n", GST_OBJECT_NAME (message->src),
          error->message, debug ? debug : "");
      g_clear_error (&error);
      g_free (debug);
      app->exit_code = 1;
      g_main_loop_quit (app->loop);
      break;
    }
    case GST_MESSAGE_STATE_CHANGED:{
      GstState new_state;

      gst_message_parse_state_changed (message, NULL, &new_state, NULL);
      if (GST_MESSAGE_SRC (message) == GST_OBJECT (app->pipeline)
          && new_state == GST_STATE_PLAYING && !app->playing)
        on_playing (app);
      break;
    }
    case GST_MESSAGE_EOS:{
      gdouble angle;

      g_object_get (app->rotate, "angle", &angle, NULL);
      g_print ("end of stream, angle %.1f degrees\n", angle);
      g_main_loop_quit (app->loop);
      break;
    }
    default:
      break;
  }
  return G_SOURCE_CONTINUE;
}

int
main (int argc, char **argv)
{
  gchar *sink = NULL, *method = NULL;
  gint frames = 0;
  gdouble seconds = 0;
  gboolean fit = FALSE;
  GOptionEntry entries[] = {
    {"sink", 's', 0, G_OPTION_ARG_STRING, &sink,
        "Video sink description (default: autovideosink)", "DESC"},
    {"frames", 'n', 0, G_OPTION_ARG_INT, &frames,
        "Stop after N frames (default: no limit)", "N"},
    {"seconds", 't', 0, G_OPTION_ARG_DOUBLE, &seconds,
        "Stop after S seconds of playing (default: no limit)", "S"},
    {"method", 'm', 0, G_OPTION_ARG_STRING, &method,
        "nearest, bilinear (default) or bicubic", "METHOD"},
    {"fit", 'f', 0, G_OPTION_ARG_NONE, &fit,
        "Output the rotated frame's bounding box (no corners cut)", NULL},
    {NULL},
  };
  GOptionContext *options = g_option_context_new ("- turn video with clrotate");
  GError *error = NULL;
  App app = { 0, };
  gchar *description;
  GstBus *bus;

  g_option_context_add_main_entries (options, entries, NULL);
  g_option_context_add_group (options, gst_init_get_option_group ());
  if (!g_option_context_parse (options, &argc, &argv, &error)) {
    g_printerr ("%s\n", error->message);
    g_clear_error (&error);
    g_option_context_free (options);
    return 2;
  }
  g_option_context_free (options);

  description = g_strdup_printf ("videotestsrc num-buffers=%d "
      "! video/x-raw, width=320, height=240, framerate=%d/1 "
      "! clrotate name=rotate method=%s output-size=%s "
      "! videoconvert ! %s", frames > 0 ? frames : -1, FPS,
      method ? method : "bilinear", fit ? "fit" : "same",
      sink ? sink : "autovideosink");
  app.pipeline = gst_parse_launch (description, &error);
  if (app.pipeline == NULL || error) {
    g_printerr ("cannot make '%s': %s\n", description,
        error ? error->message : "unknown error");
    if (g_error_matches (error, GST_PARSE_ERROR,
            GST_PARSE_ERROR_NO_SUCH_ELEMENT)
        && strstr (error->message, "clrotate"))
      g_printerr ("(for clrotate, set GST_PLUGIN_PATH to the folder of the "
          "opencl plugin)\n");
    g_clear_error (&error);
    gst_clear_object (&app.pipeline);
    g_free (description);
    return 2;
  }
  g_free (description);

  app.rotate = gst_bin_get_by_name (GST_BIN (app.pipeline), "rotate");
  app.loop = g_main_loop_new (NULL, FALSE);
  app.run_time = GST_CLOCK_TIME_NONE;
  if (frames > 0)
    app.run_time = gst_util_uint64_scale (frames, GST_SECOND, FPS);
  if (seconds > 0)
    app.run_time = MIN (app.run_time, (GstClockTime) (seconds * GST_SECOND));
  app.seconds = seconds;

  bus = gst_element_get_bus (app.pipeline);
  gst_bus_add_watch (bus, on_bus_message, &app);
  g_unix_signal_add (SIGINT, stop, &app);
  g_timeout_add (STEP_MS, turn_step, &app);

  if (gst_element_set_state (app.pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE) {
    /* the error message is on the bus */
    app.exit_code = 1;
    while (TRUE) {
      GstMessage *message = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);

      if (message == NULL)
        break;
      on_bus_message (bus, message, &app);
      gst_message_unref (message);
    }
  } else {
    g_main_loop_run (app.loop);
  }

  gst_element_set_state (app.pipeline, GST_STATE_NULL);
  gst_bus_remove_watch (bus);
  gst_object_unref (bus);
  gst_object_unref (app.rotate);
  gst_object_unref (app.pipeline);
  g_main_loop_unref (app.loop);
  g_free (sink);
  g_free (method);
  return app.exit_code;
}
