/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Times clboxblur's methods per frame: separable against sat, over frame
 * sizes and radii. Not run by meson test.
 *
 *   boxblur-methods [-f FORMAT] [-n FRAMES] [-r R1,R2,...] [-m buffer|image]
 *       [WIDTHxHEIGHT ...]
 *
 * For each size, one element per (radius, method) blurs the same noise
 * frame in turn, round after round, so that every configuration sees the
 * same load on a shared machine. Prints one tab-separated line per (size,
 * radius, method): the median milliseconds per frame through the element
 * (upload, blur, download), and the median over rounds of this frame's
 * time divided by the separable method's at the same radius in the same
 * round.
 */
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const gchar *const methods[] = { "separable", "sat" };

static GstBuffer *noise_buffer (const GstVideoInfo * info);

typedef struct
{
  guint radius;
  guint method;
  GstHarness *h;
  gdouble *ms;
} Config;

static gint
compare_doubles (gconstpointer a, gconstpointer b)
{
  gdouble x = *(const gdouble *) a, y = *(const gdouble *) b;

  return x < y ? -1 : x > y;
}

static gdouble
median (const gdouble * values, guint n)
{
  gdouble *sorted = g_memdup2 (values, n * sizeof (gdouble)), m;

  qsort (sorted, n, sizeof (gdouble), compare_doubles);
  m = sorted[n / 2];
  g_free (sorted);
  return m;
}

static GstHarness *
new_blur (const gchar * caps, const gchar * storage, const gchar * method,
    guint radius)
{
  GstElement *blur = gst_element_factory_make ("clboxblur", NULL);
  GstHarness *h;

  if (blur == NULL)
    g_error ("no clboxblur: set GST_PLUGIN_PATH to the build's gst folder");
  gst_util_set_object_arg (G_OBJECT (blur), "storage", storage);
  gst_util_set_object_arg (G_OBJECT (blur), "method", method);
  g_object_set (blur, "radius", radius, NULL);
  h = gst_harness_new_with_element (blur, "sink", "src");
  gst_harness_set_caps_str (h, caps, caps);
  gst_object_unref (blur);
  return h;
}

static gdouble
time_frame (Config * c, GstBuffer * in)
{
  gint64 start = g_get_monotonic_time ();

  if (gst_harness_push (c->h, gst_buffer_ref (in)) != GST_FLOW_OK)
    g_error ("%s radius %u: push failed", methods[c->method], c->radius);
  gst_buffer_unref (gst_harness_pull (c->h));
  return (g_get_monotonic_time () - start) / 1000.0;
}

/* Rounds over every configuration; the first two are not measured (the
 * first builds the kernels). */
static void
measure_size (const gchar * format, gint width, gint height,
    const gchar * storage, gchar ** radii, guint frames)
{
  guint n_radii = g_strv_length (radii), n = n_radii * 2;
  Config *configs = g_new0 (Config, n);
  gdouble *ratio = g_new (gdouble, frames);
  GstVideoInfo info;
  GstBuffer *in;
  gchar *caps;

  gst_video_info_set_format (&info, gst_video_format_from_string (format),
      width, height);
  in = noise_buffer (&info);
  caps = g_strdup_printf ("video/x-raw,format=%s,width=%d,height=%d,"
      "framerate=30/1", format, width, height);
  for (guint i = 0; i < n; i++) {
    configs[i].radius = atoi (radii[i / 2]);
    configs[i].method = i % 2;
    configs[i].h = new_blur (caps, storage, methods[i % 2], configs[i].radius);
    configs[i].ms = g_new (gdouble, frames);
  }

  for (guint round = 0; round < frames + 2; round++)
    for (guint i = 0; i < n; i++) {
      gdouble ms = time_frame (&configs[i], in);

      if (round >= 2)
        configs[i].ms[round - 2] = ms;
    }

  for (guint i = 0; i < n; i++) {
    Config *c = &configs[i];

    for (guint f = 0; f < frames; f++)
      ratio[f] = c->ms[f] / configs[i & ~1u].ms[f];
    g_print ("%s\t%d\t%d\t%u\t%s\t%.2f\t%.3f\n", format, width, height,
        c->radius, methods[c->method], median (c->ms, frames),
        median (ratio, frames));
  }

  for (guint i = 0; i < n; i++) {
    gst_harness_teardown (configs[i].h);
    g_free (configs[i].ms);
  }
  g_free (configs);
  g_free (ratio);
  g_free (caps);
  gst_buffer_unref (in);
}

static GstBuffer *
noise_buffer (const GstVideoInfo * info)
{
  GstBuffer *buffer = gst_buffer_new_allocate (NULL, info->size, NULL);
  GstMapInfo map;
  GRand *rand = g_rand_new_with_seed (1);

  gst_buffer_map (buffer, &map, GST_MAP_WRITE);
  for (gsize i = 0; i < map.size; i++)
    map.data[i] = g_rand_int (rand);
  gst_buffer_unmap (buffer, &map);
  g_rand_free (rand);
  return buffer;
}

int
main (int argc, char **argv)
{
  gchar *format = g_strdup ("RGBA"), *radii_arg = g_strdup ("1,8,32,128,400");
  gchar *storage = g_strdup ("buffer");
  gint frames = 15;
  GOptionEntry entries[] = {
    {"format", 'f', 0, G_OPTION_ARG_STRING, &format, "Video format", "F"},
    {"frames", 'n', 0, G_OPTION_ARG_INT, &frames, "Timed rounds", "N"},
    {"radii", 'r', 0, G_OPTION_ARG_STRING, &radii_arg, "Radii", "R1,R2"},
    {"storage", 's', 0, G_OPTION_ARG_STRING, &storage, "buffer or image", "M"},
    {NULL}
  };
  GOptionContext *options = g_option_context_new ("[WIDTHxHEIGHT ...]");
  const gchar *default_sizes[] = { "640x360", "1920x1080", "3840x2160" };
  GError *error = NULL;
  gchar **radii;

  gst_init (&argc, &argv);
  g_option_context_add_main_entries (options, entries, NULL);
  if (!g_option_context_parse (options, &argc, &argv, &error))
    g_error ("%s", error->message);
  g_option_context_free (options);
  if (frames < 1)
    g_error ("--frames must be at least 1");
  radii = g_strsplit (radii_arg, ",", -1);

  g_print ("format\twidth\theight\tradius\tmethod\tms\tvs_separable\n");
  for (gint s = 0; s < (argc > 1 ? argc - 1 : 3); s++) {
    const gchar *size = argc > 1 ? argv[s + 1] : default_sizes[s];
    gint width, height;

    if (sscanf (size, "%dx%d", &width, &height) != 2)
      g_error ("size %s is not WIDTHxHEIGHT", size);
    measure_size (format, width, height, storage, radii, frames);
  }

  g_strfreev (radii);
  g_free (format);
  g_free (radii_arg);
  g_free (storage);
  return 0;
}
