/* gst-opencl: every cl element against buffers whose GstVideoMeta
 * disagrees with the caps.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Under 64x48 RGBA caps, a buffer (large enough for the caps' frame) whose
 * meta says a smaller width, a smaller height, another format or another
 * number of planes is refused
 * with an element error that names both sides, with no GLib critical
 * (gst-check fails the test on one), no warning and nothing pushed. A meta
 * that agrees with the caps but has longer rows (padding) works, on both
 * storages, and the pixels are checked against plain-C references:
 * clbicubicscale (Catmull-Rom upscale) against reference.c's cubic within
 * 0.51 of a level (its doubles are not rounded: 0.5 of rounding plus the
 * element's float arithmetic), clrotate at 180 degrees (an exact
 * permutation) and clboxblur (the exact rounded average of the clipped
 * window) exactly.
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>
#include <string.h>

#include "reference.h"

#define WIDTH 64
#define HEIGHT 48
#define PADDING 20              /* bytes after each row of the padded meta */
#define PADDING_BYTE 0xab
#define BLUR_RADIUS 2

typedef enum
{
  ELEMENT_SCALE,
  ELEMENT_ROTATE,
  ELEMENT_BLUR,
} ElementKind;

static const struct
{
  const gchar *factory;
  const gchar *property, *value;        /* one it is set up with, or NULL */
  gint out_width, out_height;
} elements[] = {
  [ELEMENT_SCALE] = {"clbicubicscale", NULL, NULL, 96, 72},
  [ELEMENT_ROTATE] = {"clrotate", "angle", "180", WIDTH, HEIGHT},
  [ELEMENT_BLUR] = {"clboxblur", "radius", G_STRINGIFY (BLUR_RADIUS), WIDTH,
      HEIGHT},
};

/* What the meta says, against the caps' 64x48 RGBA. */
static const struct
{
  const gchar *what;
  GstVideoFormat format;
  guint width, height;
  guint n_planes;
  const gchar *named[3];        /* what the error must name */
} disagreements[] = {
  {"narrower", GST_VIDEO_FORMAT_RGBA, 32, HEIGHT, 1, {"32x48", "64x48",
          NULL}},
  {"shorter", GST_VIDEO_FORMAT_RGBA, WIDTH, 24, 1, {"64x24", "64x48", NULL}},
  {"smaller", GST_VIDEO_FORMAT_RGBA, 32, 24, 1, {"32x24", "64x48", NULL}},
  {"another format", GST_VIDEO_FORMAT_BGRA, WIDTH, HEIGHT, 1,
      {"BGRA", "RGBA", NULL}},
  {"two planes", GST_VIDEO_FORMAT_RGBA, WIDTH, HEIGHT, 2,
      {"2 planes", "1 in RGBA", NULL}},
};

static const gchar *const storages[] = { "buffer", "image" };

static void
caps_info (GstVideoInfo * info)
{
  gst_video_info_set_format (info, GST_VIDEO_FORMAT_RGBA, WIDTH, HEIGHT);
}

/* The element in a harness fed 64x48 RGBA, its messages on @bus. */
static GstHarness *
harness_new (guint element, const gchar * storage, GstBus * bus)
{
  GstElement *e = gst_element_factory_make (elements[element].factory, NULL);
  GstVideoInfo info;
  GstHarness *h;

  fail_unless (e != NULL, "no %s", elements[element].factory);
  gst_util_set_object_arg (G_OBJECT (e), "storage", storage);
  if (elements[element].property)
    gst_util_set_object_arg (G_OBJECT (e), elements[element].property,
        elements[element].value);

  gst_element_set_bus (e, bus);
  h = gst_harness_new_with_element (e, "sink", "src");
  gst_object_unref (e);
  caps_info (&info);
  gst_harness_set_sink_caps (h, gst_caps_new_simple ("video/x-raw",
          "format", G_TYPE_STRING, "RGBA", "width", G_TYPE_INT,
          elements[element].out_width, "height", G_TYPE_INT,
          elements[element].out_height, "pixel-aspect-ratio",
          GST_TYPE_FRACTION, 1, 1, NULL));
  gst_harness_set_src_caps (h, gst_video_info_to_caps (&info));
  return h;
}

/* A buffer that holds the caps' frame with rows @padding bytes longer,
 * under a meta of @format, @width x @height, @n_planes planes (all of the
 * buffer) with those rows. */
static GstBuffer *
meta_buffer (GstVideoFormat format, guint width, guint height,
    guint n_planes, guint padding)
{
  GstVideoInfo info;
  gsize offset[GST_VIDEO_MAX_PLANES] = { 0 };
  gint stride[GST_VIDEO_MAX_PLANES] = { 0 };
  gsize size;
  GstBuffer *buffer;

  caps_info (&info);
  stride[0] = stride[1] = GST_VIDEO_INFO_PLANE_STRIDE (&info, 0) + padding;
  size = (gsize) stride[0] * HEIGHT;
  buffer = gst_buffer_new_allocate (NULL, size, NULL);
  gst_buffer_memset (buffer, 0, PADDING_BYTE, size);
  gst_buffer_add_video_meta_full (buffer, GST_VIDEO_FRAME_FLAG_NONE, format,
      width, height, n_planes, offset, stride);
  return buffer;
}

/* The text and debug string of the first @type message from @source on
 * @bus, or NULL; every message is dropped. */
static gchar *
pop_message (GstBus * bus, GstMessageType type, GstElement * source)
{
  gchar *text = NULL;
  GstMessage *msg;

  while ((msg = gst_bus_pop (bus))) {
    GError *error = NULL;
    gchar *debug = NULL;

    if (text == NULL && GST_MESSAGE_TYPE (msg) == type
        && GST_MESSAGE_SRC (msg) == GST_OBJECT (source)) {
      if (type == GST_MESSAGE_ERROR)
        gst_message_parse_error (msg, &error, &debug);
      else
        gst_message_parse_warning (msg, &error, &debug);
      text = g_strdup_printf ("%s (%s)", error->message, debug);
      g_error_free (error);
      g_free (debug);
    }
    gst_message_unref (msg);
  }
  return text;
}

static void
teardown (GstHarness * h, GstBus * bus)
{
  gst_bus_set_flushing (bus, TRUE);
  gst_harness_teardown (h);
  gst_object_unref (bus);
}

GST_START_TEST (test_meta_disagrees)
{
  guint element = __i__ / G_N_ELEMENTS (disagreements);
  guint d = __i__ % G_N_ELEMENTS (disagreements);
  GstBus *bus = gst_bus_new ();
  GstHarness *h = harness_new (element, "buffer", bus);
  gchar *what = g_strdup_printf ("%s, meta %s", elements[element].factory,
      disagreements[d].what);
  gchar *text;

  fail_unless_equals_int (gst_harness_push (h,
          meta_buffer (disagreements[d].format, disagreements[d].width,
              disagreements[d].height, disagreements[d].n_planes, 0)),
      GST_FLOW_ERROR);
  fail_unless_equals_int (gst_harness_buffers_received (h), 0);

  text = pop_message (bus, GST_MESSAGE_ERROR, h->element);
  GST_INFO ("%s: %s", what, text);
  fail_unless (text != NULL, "%s: no error", what);
  fail_unless (strstr (text, "video meta") != NULL, "%s: \"%s\"", what, text);
  for (guint i = 0; disagreements[d].named[i]; i++)
    fail_unless (strstr (text, disagreements[d].named[i]) != NULL,
        "%s: \"%s\" does not name %s", what, text, disagreements[d].named[i]);
  g_free (text);

  g_free (what);
  teardown (h, bus);
}

GST_END_TEST;

/* A half turn about the centre: (x, y) shows (w - 1 - x, h - 1 - y). */
static RefPlane *
reference_half_turn (const RefPlane * in)
{
  RefPlane *out = ref_plane_new (in->width, in->height, in->channels);

  for (gint y = 0; y < in->height; y++)
    for (gint x = 0; x < in->width; x++)
      for (gint c = 0; c < in->channels; c++)
        out->data[((gsize) y * in->width + x) * in->channels + c] =
            ref_plane_at (in, in->width - 1 - x, in->height - 1 - y, c);
  return out;
}

static RefPlane *
reference (guint element, const RefPlane * in)
{
  switch (element) {
    case ELEMENT_SCALE:
      return ref_scale_seed000 (in, elements[element].out_width,
          elements[element].out_height);
    case ELEMENT_ROTATE:
      return reference_half_turn (in);
    default:
      return ref_box_blur (in, BLUR_RADIUS, BLUR_RADIUS);
  }
}

GST_START_TEST (test_meta_padded)
{
  guint element = __i__ / G_N_ELEMENTS (storages);
  const gchar *storage = storages[__i__ % G_N_ELEMENTS (storages)];
  GstBus *bus = gst_bus_new ();
  GstHarness *h = harness_new (element, storage, bus);
  GstBuffer *buffer = meta_buffer (GST_VIDEO_FORMAT_RGBA, WIDTH, HEIGHT, 1,
      PADDING);
  gdouble tolerance = element == ELEMENT_SCALE ? 0.51 : 0.0;
  GstVideoInfo info, out_info;
  GstVideoFrame in, out;
  RefPlane *src, *got, *expected;
  RefDiff diff;
  GstBuffer *result;
  gchar *text;

  caps_info (&info);
  fail_unless (gst_video_frame_map (&in, &info, buffer, GST_MAP_READWRITE));
  ref_fill_random (&in, 7);
  src = ref_plane_from_frame (&in, 0);
  gst_video_frame_unmap (&in);

  fail_unless_equals_int (gst_harness_push (h, buffer), GST_FLOW_OK);
  result = gst_harness_pull (h);
  gst_video_info_set_format (&out_info, GST_VIDEO_FORMAT_RGBA,
      elements[element].out_width, elements[element].out_height);
  fail_unless (gst_video_frame_map (&out, &out_info, result, GST_MAP_READ));
  got = ref_plane_from_frame (&out, 0);
  expected = reference (element, src);
  diff = ref_compare (expected, got, 255.0);
  fail_unless (diff.max <= tolerance, "%s storage=%s: differs by %g > %g at "
      "(%d, %d) channel %d: expected %g, got %g", elements[element].factory,
      storage, diff.max, tolerance, diff.x, diff.y, diff.channel,
      diff.expected, diff.got);
  text = pop_message (bus, GST_MESSAGE_WARNING, h->element);
  fail_unless (text == NULL, "warning: %s", text);

  ref_plane_free (expected);
  ref_plane_free (got);
  ref_plane_free (src);
  gst_video_frame_unmap (&out);
  gst_buffer_unref (result);
  teardown (h, bus);
}

GST_END_TEST;

static Suite *
clvideometa_suite (void)
{
  Suite *s = suite_create ("clvideometa");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_meta_disagrees, 0,
      G_N_ELEMENTS (elements) * G_N_ELEMENTS (disagreements));
  tcase_add_loop_test (tc, test_meta_padded, 0,
      G_N_ELEMENTS (elements) * G_N_ELEMENTS (storages));
  return s;
}

GST_CHECK_MAIN (clvideometa);
