/* gst-opencl: properties set by the application while frames flow, and
 * where in the element's life they take effect.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * - Passthrough switched, or kernels rebuilt, from another thread: a
 *   thread toggles a property as fast as it can while frames are pushed,
 *   upstream keeping a reference to each input (so it is not writable).
 *   Every output must be the element's output for that very frame under
 *   one of the two values, as an instance that never changes computes it
 *   beforehand (for a value that passes frames through, the input
 *   itself); no critical may be logged (gst-check fails on one).
 * - A GstCLContext given to an element in NULL is released with it.
 * - add-borders changed while playing letterboxes (or not) the next frame.
 * - Passthrough ended: output buffers come from a pool again.
 * - device and memory changed in READY apply at READY->PAUSED.
 */
#include <string.h>

#include "reference.h"
#include "reliability.h"

#define TOGGLE_FRAMES 1500
/* The toggled run's inputs go round this many frames of noise, whose
 * outputs with either value are computed first. */
#define TOGGLE_INPUTS 16
#define SIZE 64
/* The references compute in double without rounding: 0.5 is the rounding
 * to nearest, the rest the element's float arithmetic (see
 * elements/clbicubicscale.c). */
#define TOLERANCE_8BIT 0.51

static GstVideoInfo
rgba_info (gint width, gint height)
{
  GstVideoInfo info;

  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_RGBA, width, height);
  return info;
}

/* @factory with @properties, in a harness from SIZE x SIZE RGBA to
 * @out_width x @out_height RGBA (square pixels on both sides). */
static GstHarness *
toggle_harness (const gchar * factory, const gchar * properties,
    gint out_width, gint out_height)
{
  GstElement *element = gst_element_factory_make (factory, NULL);
  GstVideoInfo in = rgba_info (SIZE, SIZE), out =
      rgba_info (out_width, out_height);
  GstHarness *h;

  fail_unless (element != NULL, "no %s", factory);
  rel_set_properties (G_OBJECT (element), properties);
  h = gst_harness_new_with_element (element, "sink", "src");
  gst_object_unref (element);
  gst_harness_set_sink_caps (h, gst_video_info_to_caps (&out));
  gst_harness_set_src_caps (h, gst_video_info_to_caps (&in));
  return h;
}

/* One element and the property toggled on it. */
typedef struct
{
  const gchar *factory;
  const gchar *fixed;           /* other properties, or "" */
  const gchar *property;
  const gchar *values[2];
  gint out_width, out_height;
} Toggle;

static const Toggle toggles[] = {
  {"clrotate", "", "angle", {"0", "45"}, SIZE, SIZE},
  {"clrotate", "", "angle", {"0", "90"}, SIZE, SIZE},
  {"clboxblur", "", "radius", {"0", "3"}, SIZE, SIZE},
  /* Its passthrough follows the caps only (equal caps); add-borders is
   * what changes its frames while playing. */
  {"clbicubicscale", "", "add-borders", {"true", "false"}, 3 * SIZE / 2,
      SIZE},
  /* antialias changes the taps of a downscale, and with them the kernels'
   * build options (in images, the one-pass kernel takes its taps as
   * constants); steeper along x, so that CPU devices run it rows first,
   * as GPUs do. */
  {"clbicubicscale", "storage=image add-borders=false", "antialias",
      {"false", "true"}, SIZE / 3, 3 * SIZE / 4},
};

/* A harness around @t's element with its property at @value. */
static GstHarness *
toggle_harness_at (const Toggle * t, const gchar * value)
{
  gchar *properties = g_strdup_printf ("%s %s=%s", t->fixed, t->property,
      value);
  GstHarness *h = toggle_harness (t->factory, properties, t->out_width,
      t->out_height);

  g_free (properties);
  return h;
}

/* The digests of the outputs of @t with its property at @value, one for
 * each of the TOGGLE_INPUTS inputs. */
static gchar **
expected_digests (const Toggle * t, const gchar * value)
{
  GstHarness *h = toggle_harness_at (t, value);
  GstVideoInfo in = rgba_info (SIZE, SIZE), out =
      rgba_info (t->out_width, t->out_height);
  gchar **digests = g_new0 (gchar *, TOGGLE_INPUTS + 1);

  for (guint i = 0; i < TOGGLE_INPUTS; i++) {
    GstBuffer *buffer = gst_harness_push_and_pull (h,
        rel_noise_buffer (&in, i));

    fail_unless (buffer != NULL);
    digests[i] = rel_frame_digest (&out, buffer);
    gst_buffer_unref (buffer);
  }
  gst_harness_teardown (h);
  return digests;
}

typedef struct
{
  GstElement *element;
  const Toggle *toggle;
  gint stop;                    /* atomic */
  guint changes;
} Toggler;

static gpointer
toggle_loop (gpointer user_data)
{
  Toggler *toggler = user_data;
  const Toggle *t = toggler->toggle;

  while (!g_atomic_int_get (&toggler->stop))
    gst_util_set_object_arg (G_OBJECT (toggler->element), t->property,
        t->values[toggler->changes++ % 2]);
  return NULL;
}

GST_START_TEST (test_toggle_from_thread)
{
  const Toggle *t = &toggles[__i__];
  gchar **expected[2] = {
    expected_digests (t, t->values[0]), expected_digests (t, t->values[1])
  };
  GstHarness *h = toggle_harness_at (t, t->values[0]);
  GstVideoInfo in = rgba_info (SIZE, SIZE), out =
      rgba_info (t->out_width, t->out_height);
  Toggler toggler = { h->element, t, 0, 0 };
  guint seen[2] = { 0, 0 }, wrong = 0, first_wrong = 0;
  GThread *thread;

  thread = g_thread_new ("toggler", toggle_loop, &toggler);
  for (guint i = 0; i < TOGGLE_FRAMES; i++) {
    GstBuffer *input = rel_noise_buffer (&in, i % TOGGLE_INPUTS), *output;
    gchar *digest;

    /* Upstream keeps its reference: the input is not writable. */
    output = gst_harness_push_and_pull (h, gst_buffer_ref (input));
    fail_unless (output != NULL);
    digest = rel_frame_digest (&out, output);
    if (g_str_equal (digest, expected[0][i % TOGGLE_INPUTS]))
      seen[0]++;
    else if (g_str_equal (digest, expected[1][i % TOGGLE_INPUTS]))
      seen[1]++;
    else if (wrong++ == 0)
      first_wrong = i;
    g_free (digest);
    gst_buffer_unref (output);
    gst_buffer_unref (input);
  }
  g_atomic_int_set (&toggler.stop, 1);
  g_thread_join (thread);

  GST_INFO ("%s %s: %u frames with %s, %u with %s, %u changes", t->factory,
      t->property, seen[0], t->values[0], seen[1], t->values[1],
      toggler.changes);
  fail_unless (wrong == 0, "%s, %s toggled %s <-> %s: %u of %d frames are "
      "neither output (the first: frame %u)", t->factory, t->property,
      t->values[0], t->values[1], wrong, TOGGLE_FRAMES, first_wrong);
  /* Otherwise the toggling did not overlap the frames: nothing was shown. */
  fail_unless (seen[0] > 0 && seen[1] > 0, "%s: only one value was seen",
      t->factory);

  gst_harness_teardown (h);
  g_strfreev (expected[0]);
  g_strfreev (expected[1]);
}

GST_END_TEST;

/* A weak pointer at the GstCLContext that @context holds, which holds the
 * only reference. */
static void
watch_cl_context (GstContext * context, gpointer * cl_context)
{
  *cl_context = rel_dup_cl_context (context);
  g_object_add_weak_pointer (*cl_context, cl_context);
  g_object_unref (*cl_context);
}

/* A context set on an element in NULL, which is then disposed in NULL:
 * the element must let go of the GstCLContext. */
GST_START_TEST (test_context_set_in_null)
{
  const RelElement *e = &rel_elements[__i__];
  GstContext *context;
  GstElement *element;
  gpointer cl_context;

  if (!rel_element_available (e))
    return;
  context = rel_new_shared_context ();
  watch_cl_context (context, &cl_context);

  element = gst_element_factory_make (e->factory, NULL);
  fail_unless (element != NULL);
  gst_element_set_context (element, context);
  gst_context_unref (context);
  gst_object_unref (element);
  fail_unless (cl_context == NULL, "%s kept the OpenCL context it was given "
      "in NULL", e->factory);
}

GST_END_TEST;

/* The same through a bin that holds a context: it gives it to an element
 * added to it, which is removed again without leaving NULL. */
GST_START_TEST (test_context_from_bin)
{
  const RelElement *e = &rel_elements[__i__];
  GstElement *pipeline, *element;
  GstContext *context;
  gpointer cl_context;

  if (!rel_element_available (e))
    return;
  context = rel_new_shared_context ();
  watch_cl_context (context, &cl_context);
  pipeline = gst_pipeline_new (NULL);
  gst_element_set_context (pipeline, context);
  gst_context_unref (context);

  element = gst_element_factory_make (e->factory, NULL);
  fail_unless (element != NULL);
  fail_unless (gst_bin_add (GST_BIN (pipeline), element));
  fail_unless (gst_bin_remove (GST_BIN (pipeline), element));
  gst_object_unref (pipeline);
  fail_unless (cl_context == NULL, "%s kept the OpenCL context its bin "
      "gave it", e->factory);
}

GST_END_TEST;

/* @got's plane, columns @x .. @x + @width - 1, as a plane of its own. */
static RefPlane *
crop_columns (const RefPlane * got, gint x, gint width)
{
  RefPlane *crop = ref_plane_new (width, got->height, got->channels);

  for (gint y = 0; y < got->height; y++)
    memcpy (crop->data + (gsize) y * width * got->channels,
        got->data + ((gsize) y * got->width + x) * got->channels,
        sizeof (gdouble) * width * got->channels);
  return crop;
}

static void
assert_close (const RefPlane * expected, const RefPlane * got,
    const gchar * what)
{
  RefDiff diff = ref_compare (expected, got, 255);

  fail_unless (diff.max <= TOLERANCE_8BIT, "%s: off by %g at %d,%d channel "
      "%d (expected %g, got %g)", what, diff.max, diff.x, diff.y,
      diff.channel, diff.expected, diff.got);
}

/* Columns @x .. @x + @width - 1 of @got are opaque black (exact). */
static void
assert_black_columns (const RefPlane * got, gint x, gint width)
{
  for (gint y = 0; y < got->height; y++)
    for (gint i = x; i < x + width; i++)
      for (gint c = 0; c < 4; c++)
        fail_unless_equals_float (ref_plane_at (got, i, y, c), c == 3 ?
            255.0 : 0.0);
}

/* One frame from @h: with borders, the picture (scaled 1:1, so equal to
 * the input) between SIZE / 4 wide black bars; without, the input
 * stretched over the whole width. */
static void
check_borders (GstHarness * h, gboolean add_borders, guint seed)
{
  GstVideoInfo in_info = rgba_info (SIZE, SIZE);
  GstVideoInfo out_info = rgba_info (3 * SIZE / 2, SIZE);
  GstBuffer *in = gst_buffer_new_allocate (NULL, in_info.size, NULL), *out;
  GstVideoFrame in_frame, out_frame;
  RefPlane *src, *got, *expected;

  fail_unless (gst_video_frame_map (&in_frame, &in_info, in, GST_MAP_WRITE));
  ref_fill_natural (&in_frame, seed);
  src = ref_plane_from_frame (&in_frame, 0);
  gst_video_frame_unmap (&in_frame);

  g_object_set (h->element, "add-borders", add_borders, NULL);
  out = gst_harness_push_and_pull (h, in);
  fail_unless (out != NULL);
  fail_unless (gst_video_frame_map (&out_frame, &out_info, out, GST_MAP_READ));
  got = ref_plane_from_frame (&out_frame, 0);
  gst_video_frame_unmap (&out_frame);
  gst_buffer_unref (out);

  if (add_borders) {
    RefPlane *picture = crop_columns (got, SIZE / 4, SIZE);

    expected = ref_scale_widened (src, SIZE, SIZE, 0.0, 0.5);
    assert_close (expected, picture, "the letterboxed picture");
    assert_black_columns (got, 0, SIZE / 4);
    assert_black_columns (got, SIZE / 4 + SIZE, SIZE / 4);
    ref_plane_free (picture);
  } else {
    expected = ref_scale_widened (src, 3 * SIZE / 2, SIZE, 0.0, 0.5);
    assert_close (expected, got, "the stretched picture");
  }
  ref_plane_free (expected);
  ref_plane_free (got);
  ref_plane_free (src);
}

/* 64x64 into 96x64 with square pixels: add-borders changed while playing
 * letterboxes the next frame, or stretches it, the caps staying the
 * same. */
GST_START_TEST (test_add_borders_while_playing)
{
  static const gboolean settings[] = { TRUE, FALSE, TRUE, FALSE };
  GstHarness *h = toggle_harness ("clbicubicscale", NULL, 3 * SIZE / 2,
      SIZE);

  for (guint i = 0; i < G_N_ELEMENTS (settings); i++)
    check_borders (h, settings[i], i);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Negotiated in passthrough (angle 0, radius 0), an element has no output
 * pool; once passthrough ends, it decides its allocation again: its
 * output buffers come from a pool from the next frame on. */
GST_START_TEST (test_pool_after_passthrough)
{
  static const struct
  {
    const gchar *factory, *property, *from, *to;
  } cases[] = {
    {"clrotate", "angle", "0", "45"},
    {"clboxblur", "radius", "0", "3"},
  };
  GstVideoInfo in = rgba_info (SIZE, SIZE);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    gchar *from = g_strdup_printf ("%s=%s", cases[i].property, cases[i].from);
    GstHarness *h = toggle_harness (cases[i].factory, from, SIZE, SIZE);
    GstBuffer *out = NULL;

    gst_buffer_unref (gst_harness_push_and_pull (h,
            rel_noise_buffer (&in, 0)));
    gst_util_set_object_arg (G_OBJECT (h->element), cases[i].property,
        cases[i].to);
    for (guint f = 1; f <= 2; f++) {
      gst_clear_buffer (&out);
      out = gst_harness_push_and_pull (h, rel_noise_buffer (&in, f));
    }
    fail_unless (out->pool != NULL, "%s: %s=%s, yet no output pool",
        cases[i].factory, cases[i].property, cases[i].to);
    gst_buffer_unref (out);
    gst_harness_teardown (h);
    g_free (from);
  }
}

GST_END_TEST;

/* The error @bus holds: its code and message. */
static void
pop_error (GstBus * bus, GError ** error, gchar ** debug)
{
  GstMessage *message = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);

  fail_unless (message != NULL, "no error posted");
  gst_message_parse_error (message, error, debug);
  gst_message_unref (message);
}

/* device=nosuchdevice set in READY: READY->PAUSED fails, naming it. */
GST_START_TEST (test_device_set_in_ready)
{
  const RelElement *e = &rel_elements[__i__];
  GstBus *bus = gst_bus_new ();
  GstElement *element;
  GError *error = NULL;
  gchar *debug = NULL;

  if (!rel_element_available (e)) {
    gst_object_unref (bus);
    return;
  }
  element = rel_make_element (e, NULL);
  gst_element_set_bus (element, bus);
  fail_unless_equals_int (gst_element_set_state (element, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  g_object_set (element, "device", "nosuchdevice", NULL);
  fail_unless_equals_int (gst_element_set_state (element, GST_STATE_PAUSED),
      GST_STATE_CHANGE_FAILURE);
  pop_error (bus, &error, &debug);
  fail_unless (g_error_matches (error, GST_RESOURCE_ERROR,
          GST_RESOURCE_ERROR_NOT_FOUND), "%s", error->message);
  fail_unless (strstr (debug, "nosuchdevice") != NULL, "%s", debug);
  g_clear_error (&error);
  g_free (debug);

  /* The device property set right again, the element starts. */
  g_object_set (element, "device", NULL, NULL);
  fail_unless (gst_element_set_state (element, GST_STATE_PAUSED) !=
      GST_STATE_CHANGE_FAILURE);
  gst_element_set_state (element, GST_STATE_NULL);
  gst_element_set_bus (element, NULL);
  gst_object_unref (element);
  gst_object_unref (bus);
}

GST_END_TEST;

/* The largest width the element's sink pad accepts. */
static gint
max_sink_width (GstElement * element)
{
  GstPad *pad = gst_element_get_static_pad (element, "sink");
  GstCaps *caps = gst_pad_query_caps (pad, NULL);
  const GValue *width;
  gint max;

  fail_unless (!gst_caps_is_empty (caps));
  width = gst_structure_get_value (gst_caps_get_structure (caps, 0), "width");
  fail_unless (GST_VALUE_HOLDS_INT_RANGE (width), "%" GST_PTR_FORMAT, caps);
  max = gst_value_get_int_range_max (width);
  gst_caps_unref (caps);
  gst_object_unref (pad);
  return max;
}

/* storage=image set in READY on an element opened with buffers: from
 * READY->PAUSED it offers only the sizes the device's images hold. */
GST_START_TEST (test_memory_set_in_ready)
{
  const RelElement *e = &rel_elements[__i__];
  const GstCLDeviceInfo *device = gst_cl_device_select (NULL, NULL);
  GstElement *element;

  fail_unless (device != NULL, "no OpenCL device");
  if (!rel_element_available (e) || !device->image_support)
    return;
  element = rel_make_element (e, "buffer");
  fail_unless_equals_int (gst_element_set_state (element, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  fail_unless_equals_int (max_sink_width (element), G_MAXINT);

  gst_util_set_object_arg (G_OBJECT (element), "storage", "image");
  fail_unless (gst_element_set_state (element, GST_STATE_PAUSED) !=
      GST_STATE_CHANGE_FAILURE);
  fail_unless_equals_int (max_sink_width (element),
      MIN (device->image2d_max_width, G_MAXINT));

  /* And back to buffers by READY. */
  fail_unless_equals_int (gst_element_set_state (element, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  gst_util_set_object_arg (G_OBJECT (element), "storage", "buffer");
  fail_unless (gst_element_set_state (element, GST_STATE_PAUSED) !=
      GST_STATE_CHANGE_FAILURE);
  fail_unless_equals_int (max_sink_width (element), G_MAXINT);

  gst_element_set_state (element, GST_STATE_NULL);
  gst_object_unref (element);
}

GST_END_TEST;

static Suite *
clproperties_suite (void)
{
  Suite *s = suite_create ("clproperties");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_toggle_from_thread, 0, G_N_ELEMENTS (toggles));
  tcase_add_loop_test (tc, test_context_set_in_null, 0, rel_n_elements);
  tcase_add_loop_test (tc, test_context_from_bin, 0, rel_n_elements);
  tcase_add_test (tc, test_add_borders_while_playing);
  tcase_add_test (tc, test_pool_after_passthrough);
  tcase_add_loop_test (tc, test_device_set_in_ready, 0, rel_n_elements);
  tcase_add_loop_test (tc, test_memory_set_in_ready, 0, rel_n_elements);
  return s;
}

GST_CHECK_MAIN (clproperties);
