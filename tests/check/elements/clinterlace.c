/* gst-opencl: interlaced video through the cl elements.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * clbicubicscale (64x48 up to 64x96 and down to 32x24) and clboxblur
 * (radius 2) must treat each field on its own, as videoscale does: with
 * interlace-mode=interleaved, with mixed (per buffer: fields where the
 * buffer is flagged interlaced, the whole frame where not) and with
 * alternate (format:Interlaced, one field per buffer). GRAY8 and I420,
 * both storages, in system memory and with OpenCL memory on either pad
 * or both (clupload before the element, cldownload after it, the pads'
 * memory set by caps). A frame in OpenCL memory has its fields taken on
 * the device: the element never logs that a buffer "goes through host
 * memory" (the debug line of a frame mapped for the host instead).
 *
 * Every plane of every field of the output (of the whole output for a
 * progressive buffer) is compared with a plain-C reference applied to the
 * same field of the input, extracted on the CPU: reference.c's widened
 * Catmull-Rom within 0.51 of a level (it is not rounded: 0.5 of rounding
 * plus the element's float arithmetic) and the exact box blur exactly.
 * The pictures are constant fields (top 200, bottom 50: the fields must
 * stay exactly 200 and 50, where processing the frame as progressive
 * mixes them) and random values.
 *
 * clrotate cannot rotate a field meaningfully: it refuses interlaced caps
 * in negotiation, with an error that says to deinterlace first.
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>
#include <string.h>

#include "harness-helpers.h"
#include "reference.h"
#include "reliability.h"

#define WIDTH 64
#define HEIGHT 48
#define TOP_VALUE 200
#define BOTTOM_VALUE 50
#define BLUR_RADIUS 2
#define SCALE_TOLERANCE 0.51

typedef enum
{
  MODE_INTERLEAVED,
  MODE_MIXED,
  MODE_ALTERNATE,
  N_MODES
} Mode;

static const gchar *const mode_names[] = {
  [MODE_INTERLEAVED] = "interleaved",
  [MODE_MIXED] = "mixed",
  [MODE_ALTERNATE] = "alternate",
};

/* Output sizes 0: the input's (no sink caps asked for). */
static const struct
{
  const gchar *what;
  const gchar *factory;
  const gchar *property, *value;        /* one it is set up with */
  gint out_width, out_height;
} runs[] = {
  {"upscale", "clbicubicscale", "add-borders", "false", 64, 96},
  {"downscale", "clbicubicscale", "add-borders", "false", 32, 24},
  {"blur", "clboxblur", "radius", G_STRINGIFY (BLUR_RADIUS), 0, 0},
};

static const gchar *const formats[] = { "GRAY8", "I420" };
static const gchar *const storages[] = { "buffer", "image" };

/* The memory of the element's pads: the element alone (system memory),
 * or between clupload and cldownload. */
static const struct
{
  const gchar *what;
  gboolean between;             /* clupload and cldownload */
  gboolean in_cl, out_cl;       /* OpenCL memory on the sink, source pad */
} paths[] = {
  {"system memory", FALSE, FALSE, FALSE},
  {"OpenCL memory", TRUE, TRUE, TRUE},
  {"OpenCL memory in, system memory out", TRUE, TRUE, FALSE},
  {"system memory in, OpenCL memory out", TRUE, FALSE, TRUE},
};

typedef enum
{
  PICTURE_FIELDS,               /* even rows TOP_VALUE, odd BOTTOM_VALUE */
  PICTURE_TOP,                  /* all TOP_VALUE (a top field buffer) */
  PICTURE_BOTTOM,               /* all BOTTOM_VALUE */
  PICTURE_RANDOM,
} Picture;

/* One buffer pushed: its picture, its flags and the fields it holds. */
typedef struct
{
  Picture picture;
  GstVideoBufferFlags flags;
  guint fields;
} Push;

#define N_PUSHES 4

static const Push pushes[N_MODES][N_PUSHES] = {
  [MODE_INTERLEAVED] = {
        {PICTURE_FIELDS, 0, 2}, {PICTURE_RANDOM, 0, 2},
        {PICTURE_FIELDS, 0, 2}, {PICTURE_RANDOM, 0, 2},
      },
  [MODE_MIXED] = {
        {PICTURE_FIELDS, GST_VIDEO_BUFFER_FLAG_INTERLACED, 2},
        {PICTURE_FIELDS, 0, 1},
        {PICTURE_RANDOM, GST_VIDEO_BUFFER_FLAG_INTERLACED, 2},
        {PICTURE_RANDOM, 0, 1},
      },
  [MODE_ALTERNATE] = {
        {PICTURE_TOP, GST_VIDEO_BUFFER_FLAG_TOP_FIELD, 1},
        {PICTURE_BOTTOM, GST_VIDEO_BUFFER_FLAG_BOTTOM_FIELD, 1},
        {PICTURE_RANDOM, GST_VIDEO_BUFFER_FLAG_TOP_FIELD, 1},
        {PICTURE_RANDOM, GST_VIDEO_BUFFER_FLAG_BOTTOM_FIELD, 1},
      },
};

static GstCaps *
interlaced_caps (const gchar * format, gint width, gint height, Mode mode)
{
  GstCaps *caps = gst_caps_new_simple ("video/x-raw",
      "format", G_TYPE_STRING, format, "width", G_TYPE_INT, width,
      "height", G_TYPE_INT, height, "interlace-mode", G_TYPE_STRING,
      mode_names[mode], "pixel-aspect-ratio", GST_TYPE_FRACTION, 1, 1,
      "framerate", GST_TYPE_FRACTION, 25, 1, NULL);

  if (mode == MODE_ALTERNATE)
    gst_caps_set_features (caps, 0,
        gst_caps_features_new (GST_CAPS_FEATURE_FORMAT_INTERLACED, NULL));
  return caps;
}

/* The element of @run in a harness fed WIDTH x @height, its messages on
 * @bus if not NULL, its pads' memory as @path says, and then in @element
 * if not NULL (a reference). */
static GstHarness *
harness_new (guint run, const gchar * format, const gchar * storage,
    Mode mode, gint height, GstBus * bus, guint path, GstElement ** element)
{
  GstElement *e;
  GstHarness *h;

  if (paths[path].between) {
    /* clupload gives only OpenCL memory; a capsfilter sets the output's
     * (system memory: no memory feature, or format:Interlaced alone). */
    GstCaps *out = gst_caps_new_empty_simple ("video/x-raw");
    gchar *out_caps, *launch;

    gst_caps_set_features (out, 0, gst_caps_features_new_empty ());
    if (paths[path].out_cl)
      gst_caps_features_add (gst_caps_get_features (out, 0),
          "memory:OpenCLMemory");
    if (mode == MODE_ALTERNATE)
      gst_caps_features_add (gst_caps_get_features (out, 0),
          GST_CAPS_FEATURE_FORMAT_INTERLACED);
    out_caps = gst_caps_to_string (out);
    launch = g_strdup_printf ("%s%s name=element storage=%s %s=%s ! "
        "capsfilter caps=\"%s\" ! cldownload",
        paths[path].in_cl ? "clupload ! " : "", runs[run].factory, storage,
        runs[run].property, runs[run].value, out_caps);
    g_free (out_caps);
    gst_caps_unref (out);

    h = gst_harness_new_parse (launch);
    g_free (launch);
    e = gst_bin_get_by_name (GST_BIN (h->element), "element");
    fail_unless (e != NULL);
  } else {
    e = gst_element_factory_make (runs[run].factory, NULL);
    fail_unless (e != NULL, "no %s", runs[run].factory);
    gst_util_set_object_arg (G_OBJECT (e), "storage", storage);
    gst_util_set_object_arg (G_OBJECT (e), runs[run].property, runs[run].value);
    if (bus)
      gst_element_set_bus (e, bus);
    h = gst_harness_new_with_element (e, "sink", "src");
  }
  if (element)
    *element = gst_object_ref (e);
  gst_object_unref (e);
  if (runs[run].out_width > 0)
    gst_harness_set_sink_caps (h, interlaced_caps (format,
            runs[run].out_width, runs[run].out_height, mode));
  gst_harness_set_src_caps (h, interlaced_caps (format, WIDTH, height, mode));
  return h;
}

static void
fill_rows (GstVideoFrame * frame, guint8 even, guint8 odd)
{
  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (frame); p++) {
    gint comp[GST_VIDEO_MAX_COMPONENTS];

    gst_video_format_info_component (frame->info.finfo, p, comp);
    for (gint y = 0; y < GST_VIDEO_FRAME_COMP_HEIGHT (frame, comp[0]); y++)
      memset ((guint8 *) GST_VIDEO_FRAME_PLANE_DATA (frame, p) +
          (gsize) y * GST_VIDEO_FRAME_PLANE_STRIDE (frame, p), y % 2 ? odd :
          even, GST_VIDEO_FRAME_COMP_WIDTH (frame, comp[0]) *
          GST_VIDEO_FRAME_COMP_PSTRIDE (frame, comp[0]));
  }
}

/* A mapped input frame of @info for @push. */
static void
make_input (const GstVideoInfo * info, const Push * push, guint seed,
    GstVideoFrame * frame)
{
  GstBuffer *buffer = gst_buffer_new_allocate (NULL, info->size, NULL);

  GST_BUFFER_FLAG_SET (buffer, push->flags);
  fail_unless (gst_video_frame_map (frame, info, buffer, GST_MAP_READWRITE));
  gst_buffer_unref (buffer);
  switch (push->picture) {
    case PICTURE_FIELDS:
      fill_rows (frame, TOP_VALUE, BOTTOM_VALUE);
      break;
    case PICTURE_TOP:
      fill_rows (frame, TOP_VALUE, TOP_VALUE);
      break;
    case PICTURE_BOTTOM:
      fill_rows (frame, BOTTOM_VALUE, BOTTOM_VALUE);
      break;
    case PICTURE_RANDOM:
      ref_fill_random (frame, seed);
      break;
  }
}

/* Rows @first, @first + @step, ... of plane @p of @frame. */
static RefPlane *
plane_rows (const GstVideoFrame * frame, guint p, gint first, gint step)
{
  RefPlane *whole = ref_plane_from_frame (frame, p);
  RefPlane *rows = ref_plane_new (whole->width,
      (whole->height - first + step - 1) / step, whole->channels);
  gsize row_values = (gsize) whole->width * whole->channels;

  for (gint y = 0; y < rows->height; y++)
    memcpy (rows->data + y * row_values,
        whole->data + (first + (gsize) y * step) * row_values,
        row_values * sizeof (gdouble));
  ref_plane_free (whole);
  return rows;
}

static RefPlane *
reference (guint run, const RefPlane * in, gint width, gint height,
    gboolean subsampled)
{
  gint r = subsampled ? (BLUR_RADIUS + 1) / 2 : BLUR_RADIUS;

  if (g_str_equal (runs[run].factory, "clboxblur"))
    return ref_box_blur (in, r, r);
  return ref_scale_widened (in, width, height, 0.0, 0.5);
}

/* Each of the @fields fields of every plane of @out against the reference
 * applied to the same field of @in. */
static void
check_fields (guint run, const gchar * what, const GstVideoFrame * in,
    const GstVideoFrame * out, guint fields)
{
  gdouble tolerance = g_str_equal (runs[run].factory, "clboxblur") ? 0.0 :
      SCALE_TOLERANCE;

  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (out); p++) {
    for (guint f = 0; f < fields; f++) {
      RefPlane *src = plane_rows (in, p, f, fields);
      RefPlane *got = plane_rows (out, p, f, fields);
      RefPlane *expected = reference (run, src, got->width, got->height,
          p > 0);
      RefDiff diff = ref_compare (expected, got, 255.0);

      fail_unless (diff.max <= tolerance, "%s: plane %u field %u of %u "
          "differs by %g > %g at (%d, %d): expected %g, got %g", what, p, f,
          fields, diff.max, tolerance, diff.x, diff.y, diff.expected,
          diff.got);
      ref_plane_free (expected);
      ref_plane_free (got);
      ref_plane_free (src);
    }
  }
}

/* The caps of @element's pad @name are in OpenCL memory where @cl, else
 * in system memory. */
static void
assert_pad_memory (GstElement * element, const gchar * name, gboolean cl,
    const gchar * what)
{
  GstPad *pad = gst_element_get_static_pad (element, name);
  GstCaps *caps = gst_pad_get_current_caps (pad);

  fail_unless (caps != NULL);
  fail_unless_equals_int (gst_caps_features_contains (gst_caps_get_features
          (caps, 0), "memory:OpenCLMemory"), cl);
  GST_INFO ("%s: %s caps %" GST_PTR_FORMAT, what, name, caps);
  gst_caps_unref (caps);
  gst_object_unref (pad);
}

GST_START_TEST (test_fields)
{
  guint n = __i__;
  guint run = n % G_N_ELEMENTS (runs);
  Mode mode = (n /= G_N_ELEMENTS (runs)) % N_MODES;
  const gchar *format = formats[(n /= N_MODES) % G_N_ELEMENTS (formats)];
  const gchar *storage = storages[(n /= G_N_ELEMENTS (formats)) %
      G_N_ELEMENTS (storages)];
  guint path = n / G_N_ELEMENTS (storages);
  RelFramesWatch watch;
  GstElement *element;
  GstHarness *h = harness_new (run, format, storage, mode, HEIGHT, NULL,
      path, &element);
  GstCaps *caps = interlaced_caps (format, WIDTH, HEIGHT, mode);
  GstVideoInfo in_info, out_info;

  fail_unless (gst_video_info_from_caps (&in_info, caps));
  gst_caps_unref (caps);
  rel_frames_watch_start (&watch, element);
  for (guint i = 0; i < N_PUSHES; i++) {
    const Push *push = &pushes[mode][i];
    gchar *what = g_strdup_printf ("%s %s, %s, storage=%s, %s, buffer %u",
        runs[run].what, format, mode_names[mode], storage, paths[path].what,
        i);
    GstVideoFrame in, out;
    GstBuffer *result;

    make_input (&in_info, push, i + 1, &in);
    fail_unless_equals_int (gst_harness_push (h, gst_buffer_ref (in.buffer)),
        GST_FLOW_OK);
    result = gst_harness_pull (h);
    fail_unless_equals_int (GST_BUFFER_FLAGS (result) & push->flags,
        push->flags);
    out_info = hh_sink_info (h);
    fail_unless_equals_int (out_info.interlace_mode, in_info.interlace_mode);
    fail_unless (gst_video_frame_map (&out, &out_info, result, GST_MAP_READ));
    check_fields (run, what, &in, &out, push->fields);
    GST_INFO ("%s: fields kept apart", what);
    if (paths[path].between) {
      assert_pad_memory (element, "sink", paths[path].in_cl, what);
      assert_pad_memory (element, "src", paths[path].out_cl, what);
    }
    fail_unless_equals_int (g_atomic_int_get (&watch.host_frames), 0);

    gst_video_frame_unmap (&out);
    gst_buffer_unref (result);
    gst_video_frame_unmap (&in);
    g_free (what);
  }
  rel_frames_watch_stop (&watch);
  gst_object_unref (element);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* The first @type (warning or error) message from @source on @bus, as
 * "text (debug)", or NULL; every message up to the first error or EOS
 * (waiting @timeout for each), or all there are, is dropped. */
static gchar *
pop_text (GstBus * bus, GstMessageType type, GstElement * source,
    GstClockTime timeout)
{
  gchar *text = NULL;
  GstMessage *msg;

  while ((msg = gst_bus_timed_pop (bus, timeout))) {
    gboolean end = GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR
        || GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS;

    if (text == NULL && GST_MESSAGE_TYPE (msg) == type
        && GST_MESSAGE_SRC (msg) == GST_OBJECT (source)) {
      GError *gerror = NULL;
      gchar *debug = NULL;

      if (type == GST_MESSAGE_ERROR)
        gst_message_parse_error (msg, &gerror, &debug);
      else
        gst_message_parse_warning (msg, &gerror, &debug);
      text = g_strdup_printf ("%s (%s)", gerror->message, debug);
      g_error_free (gerror);
      g_free (debug);
    }
    gst_message_unref (msg);
    if (end)
      break;
  }
  return text;
}

static void
assert_says_deinterlace (const gchar * text, const gchar * what)
{
  fail_unless (text != NULL, "%s: no message", what);
  fail_unless (strstr (text, "interlaced") && strstr (text, "deinterlace"),
      "%s: \"%s\" does not say to deinterlace", what, text);
}

/* Caps pushed to clrotate (its accept-caps): refused, with an error that
 * says to deinterlace. */
GST_START_TEST (test_rotate_refuses_caps)
{
  Mode mode = __i__;
  GstElement *e = gst_element_factory_make ("clrotate", NULL);
  GstBus *bus = gst_bus_new ();
  GstVideoInfo info;
  GstCaps *caps = interlaced_caps ("GRAY8", WIDTH, HEIGHT, mode);
  GstHarness *h;
  gchar *text;

  fail_unless (e != NULL);
  g_object_set (e, "angle", 30.0, NULL);
  gst_element_set_bus (e, bus);
  h = gst_harness_new_with_element (e, "sink", "src");
  gst_object_unref (e);
  fail_unless (gst_video_info_from_caps (&info, caps));
  gst_harness_set_src_caps (h, caps);
  fail_unless_equals_int (gst_harness_push (h,
          gst_buffer_new_allocate (NULL, info.size, NULL)),
      GST_FLOW_NOT_NEGOTIATED);
  fail_unless_equals_int (gst_harness_buffers_received (h), 0);
  text = pop_text (bus, GST_MESSAGE_ERROR, h->element, 0);
  GST_INFO ("%s: %s", mode_names[mode], text);
  assert_says_deinterlace (text, mode_names[mode]);
  g_free (text);

  gst_bus_set_flushing (bus, TRUE);
  gst_harness_teardown (h);
  gst_object_unref (bus);
}

GST_END_TEST;

/* In a pipeline whose source offers only interlaced caps: it fails to
 * start, and clrotate says why. */
GST_START_TEST (test_rotate_refuses_pipeline)
{
  GstElement *pipeline = gst_parse_launch ("videotestsrc num-buffers=1 ! "
      "video/x-raw, format=GRAY8, width=64, height=48, "
      "interlace-mode=interleaved ! clrotate name=rotate angle=30 ! fakesink",
      NULL);
  GstElement *rotate = gst_bin_get_by_name (GST_BIN (pipeline), "rotate");
  GstBus *bus = gst_element_get_bus (pipeline);
  gchar *text;

  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_PLAYING),
      GST_STATE_CHANGE_FAILURE);
  text = pop_text (bus, GST_MESSAGE_ERROR, rotate, 0);
  assert_says_deinterlace (text, "pipeline");
  gst_element_set_state (pipeline, GST_STATE_NULL);
  g_free (text);

  gst_object_unref (bus);
  gst_object_unref (rotate);
  gst_object_unref (pipeline);
}

GST_END_TEST;

/* Frames whose fields are not whole rows of every plane: an odd height,
 * or 4:2:0 chroma of an odd number of rows. Columns: run, format, input
 * height, mode. */
static const struct
{
  guint run;
  const gchar *format;
  gint height;
  Mode mode;
} unsplittable[] = {
  {2, "GRAY8", 47, MODE_INTERLEAVED},
  {0, "GRAY8", 47, MODE_MIXED},
  {1, "I420", 50, MODE_INTERLEAVED},
};

GST_START_TEST (test_unsplittable_height)
{
  GstBus *bus = gst_bus_new ();
  GstHarness *h = harness_new (unsplittable[__i__].run,
      unsplittable[__i__].format, "buffer", unsplittable[__i__].mode,
      unsplittable[__i__].height, bus, 0, NULL);
  GstVideoInfo info;
  GstCaps *caps = interlaced_caps (unsplittable[__i__].format, WIDTH,
      unsplittable[__i__].height, unsplittable[__i__].mode);
  gchar *text;

  fail_unless (gst_video_info_from_caps (&info, caps));
  gst_caps_unref (caps);
  fail_if (gst_harness_push (h, gst_buffer_new_allocate (NULL, info.size,
              NULL)) == GST_FLOW_OK);
  fail_unless_equals_int (gst_harness_buffers_received (h), 0);
  text = pop_text (bus, GST_MESSAGE_ERROR, h->element, 0);
  GST_INFO ("%s: %s", unsplittable[__i__].format, text);
  fail_unless (text && strstr (text, "fields") && strstr (text, "height"),
      "\"%s\" does not say why", text);
  g_free (text);

  gst_bus_set_flushing (bus, TRUE);
  gst_harness_teardown (h);
  gst_object_unref (bus);
}

GST_END_TEST;

/* An interleaved frame of 16 MiB (GRAY8 4096x4096) through clboxblur in
 * system memory: on a device that does not share host memory (the
 * copied run) each field is staged through pinned memory, which reads
 * the field's rows of the frame and no further (a field taken as all
 * the frame's rows at twice the stride read as far again past its end).
 * Each field is of one value, which the blur keeps exactly. */
GST_START_TEST (test_large_fields)
{
  GstElement *blur = gst_element_factory_make ("clboxblur", NULL);
  GstHarness *h;
  GstVideoInfo info;
  GstVideoFrame in, out;
  GstBuffer *result;
  enum
  { size = 4096 };
  guint8 top[size], bottom[size];
  const Push fields = { PICTURE_FIELDS, 0, 2 };
  GstCaps *caps = interlaced_caps ("GRAY8", size, size, MODE_INTERLEAVED);

  fail_unless (blur != NULL);
  gst_util_set_object_arg (G_OBJECT (blur), "storage", "buffer");
  gst_util_set_object_arg (G_OBJECT (blur), "radius", "2");
  h = gst_harness_new_with_element (blur, "sink", "src");
  gst_object_unref (blur);
  fail_unless (gst_video_info_from_caps (&info, caps));
  gst_harness_set_src_caps (h, caps);
  make_input (&info, &fields, 0, &in);
  result = gst_harness_push_and_pull (h, gst_buffer_ref (in.buffer));
  fail_unless (result != NULL);
  fail_unless (gst_video_frame_map (&out, &info, result, GST_MAP_READ));
  memset (top, TOP_VALUE, size);
  memset (bottom, BOTTOM_VALUE, size);
  for (gint y = 0; y < size; y++) {
    const guint8 *row = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&out,
        0) + (gsize) y * GST_VIDEO_FRAME_PLANE_STRIDE (&out, 0);

    fail_unless (memcmp (row, y % 2 ? bottom : top, size) == 0,
        "row %d is not all %u", y, y % 2 ? BOTTOM_VALUE : TOP_VALUE);
  }
  gst_video_frame_unmap (&out);
  gst_video_frame_unmap (&in);
  gst_buffer_unref (result);
  gst_harness_teardown (h);
}

GST_END_TEST;

static Suite *
clinterlace_suite (void)
{
  Suite *s = suite_create ("clinterlace");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_fields, 0, G_N_ELEMENTS (runs) * N_MODES *
      G_N_ELEMENTS (formats) * G_N_ELEMENTS (storages) * G_N_ELEMENTS (paths));
  tcase_add_loop_test (tc, test_rotate_refuses_caps, 0, N_MODES);
  tcase_add_test (tc, test_rotate_refuses_pipeline);
  tcase_add_test (tc, test_large_fields);
  tcase_add_loop_test (tc, test_unsplittable_height, 0,
      G_N_ELEMENTS (unsplittable));
  return s;
}

GST_CHECK_MAIN (clinterlace);
