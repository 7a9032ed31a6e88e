/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Times clboxblur regions=true per frame against the blur of the whole
 * frame: the evidence for the tuning table's region_max_parts and
 * region_whole_percent. Not run by meson test.
 *
 *   boxblur-regions [-f FORMAT] [-n FRAMES] [-r RADIUS] [-s SIGMA]
 *       [-m buffer|image] [-c P1,P2,...] [-k N1,N2,...] [WIDTHxHEIGHT]
 *
 * For each count of regions N (-k) and share of the frame P (percent,
 * -c), N equal squares apart from each other, together covering P % of
 * the frame, are attached to every frame. Prints one tab-separated line
 * per (N, P): the median milliseconds per frame through the element
 * (upload, blur, download) with regions=true, and with regions=false (the
 * whole frame blurred), measured round after round in turn so that both
 * see the same load on a shared machine.
 */
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static gint
compare_doubles (gconstpointer a, gconstpointer b)
{
  gdouble x = *(const gdouble *) a, y = *(const gdouble *) b;

  return x < y ? -1 : x > y;
}

static gdouble
median (gdouble * values, guint n)
{
  qsort (values, n, sizeof (gdouble), compare_doubles);
  return values[n / 2];
}

static GstHarness *
new_blur (const gchar * caps, const gchar * memory, guint radius,
    gdouble sigma, gboolean regions)
{
  GstHarness *h = gst_harness_new ("clboxblur");

  gst_util_set_object_arg (G_OBJECT (h->element), "storage", memory);
  g_object_set (h->element, "radius", radius, "sigma", sigma, "regions",
      regions, NULL);
  gst_harness_set_caps_str (h, caps, caps);
  return h;
}

/* A frame of noise with @n squares covering @percent of it, in a grid. */
static GstBuffer *
frame_with_regions (const GstVideoInfo * info, guint n, gdouble percent)
{
  GstBuffer *buffer = gst_buffer_new_allocate (NULL, info->size, NULL);
  GstMapInfo map;
  guint columns = (guint) ceil (sqrt (n)), rows = (n + columns - 1) / columns;
  guint side = (guint) sqrt (percent / 100 * info->width * info->height / n);
  guint cell_w = info->width / columns, cell_h = info->height / rows;

  gst_buffer_map (buffer, &map, GST_MAP_WRITE);
  for (gsize i = 0; i < map.size; i++)
    map.data[i] = g_random_int_range (0, 256);
  gst_buffer_unmap (buffer, &map);
  side = MIN (side, MIN (cell_w, cell_h));
  for (guint i = 0; i < n; i++)
    gst_buffer_add_video_region_of_interest_meta (buffer, "face",
        (i % columns) * cell_w + (cell_w - side) / 2,
        (i / columns) * cell_h + (cell_h - side) / 2, side, side);
  return buffer;
}

static gdouble
push_ms (GstHarness * h, GstBuffer * in)
{
  gint64 start = g_get_monotonic_time ();
  GstBuffer *out;

  gst_harness_push (h, gst_buffer_ref (in));
  out = gst_harness_pull (h);
  /* the output mapped, as a sink would: the device's work done */
  {
    GstMapInfo map;

    gst_buffer_map (out, &map, GST_MAP_READ);
    gst_buffer_unmap (out, &map);
  }
  gst_buffer_unref (out);
  return (g_get_monotonic_time () - start) / 1000.0;
}

static GArray *
parse_list (const gchar * text, gboolean doubles)
{
  gchar **parts = g_strsplit (text, ",", -1);
  GArray *values = g_array_new (FALSE, FALSE, sizeof (gdouble));

  for (guint i = 0; parts[i]; i++) {
    gdouble v = doubles ? g_ascii_strtod (parts[i], NULL) :
        (gdouble) g_ascii_strtoull (parts[i], NULL, 10);

    g_array_append_val (values, v);
  }
  g_strfreev (parts);
  return values;
}

int
main (int argc, char **argv)
{
  const gchar *format = "RGBA", *memory = "buffer";
  const gchar *coverage = "1,5,10,25,50,75", *counts = "1,8,32";
  guint frames = 20, radius = 8, width = 1920, height = 1080;
  gdouble sigma = 0;
  GArray *percents, *ns;
  GstVideoInfo info;
  gchar *caps;

  gst_init (&argc, &argv);
  for (gint i = 1; i < argc; i++) {
    if (i + 1 < argc && g_str_equal (argv[i], "-f"))
      format = argv[++i];
    else if (i + 1 < argc && g_str_equal (argv[i], "-n"))
      frames = atoi (argv[++i]);
    else if (i + 1 < argc && g_str_equal (argv[i], "-r"))
      radius = atoi (argv[++i]);
    else if (i + 1 < argc && g_str_equal (argv[i], "-s"))
      sigma = g_ascii_strtod (argv[++i], NULL);
    else if (i + 1 < argc && g_str_equal (argv[i], "-m"))
      memory = argv[++i];
    else if (i + 1 < argc && g_str_equal (argv[i], "-c"))
      coverage = argv[++i];
    else if (i + 1 < argc && g_str_equal (argv[i], "-k"))
      counts = argv[++i];
    else if (sscanf (argv[i], "%ux%u", &width, &height) != 2) {
      g_printerr ("usage: %s [-f FORMAT] [-n FRAMES] [-r RADIUS] [-s SIGMA] "
          "[-m buffer|image] [-c P1,P2,...] [-k N1,N2,...] [WxH]\n", argv[0]);
      return 2;
    }
  }
  caps = g_strdup_printf ("video/x-raw, format=%s, width=%u, height=%u, "
      "framerate=30/1", format, width, height);
  gst_video_info_set_format (&info, gst_video_format_from_string (format),
      width, height);
  percents = parse_list (coverage, TRUE);
  ns = parse_list (counts, FALSE);
  printf ("# %s %ux%u %s, radius %u, sigma %g, %u frames\n", format, width,
      height, memory, radius, sigma, frames);
  printf ("regions\tpercent\tregions_ms\twhole_frame_ms\n");
  for (guint k = 0; k < ns->len; k++)
    for (guint c = 0; c < percents->len; c++) {
      guint n = (guint) g_array_index (ns, gdouble, k);
      gdouble percent = g_array_index (percents, gdouble, c);
      GstHarness *regions = new_blur (caps, memory, radius, sigma, TRUE);
      GstHarness *whole = new_blur (caps, memory, radius, sigma, FALSE);
      GstBuffer *in = frame_with_regions (&info, n, percent);
      gdouble *a = g_new (gdouble, frames), *b = g_new (gdouble, frames);

      /* warm-up: kernels built, buffers allocated */
      push_ms (regions, in);
      push_ms (whole, in);
      for (guint i = 0; i < frames; i++) {
        a[i] = push_ms (regions, in);
        b[i] = push_ms (whole, in);
      }
      printf ("%u\t%g\t%.2f\t%.2f\n", n, percent, median (a, frames),
          median (b, frames));
      fflush (stdout);
      g_free (a);
      g_free (b);
      gst_buffer_unref (in);
      gst_harness_teardown (regions);
      gst_harness_teardown (whole);
    }
  g_array_unref (percents);
  g_array_unref (ns);
  g_free (caps);
  return 0;
}
