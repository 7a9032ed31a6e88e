/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * clbicubicscale as an element: caps negotiation, letterboxing,
 * passthrough, renegotiation, device selection, context sharing and what
 * gst-inspect shows.
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>
#include <string.h>

#include <gst/opencl/gstclcontext.h>
#include "harness-helpers.h"

/* One pixel of each plane, as bytes in memory order. */
typedef struct
{
  guint8 plane[GST_VIDEO_MAX_PLANES][4];
} Pixel;

typedef struct
{
  const gchar *format;
  Pixel colour;                 /* a solid test colour */
  Pixel black;                  /* the border colour */
} SolidFormat;

static const SolidFormat rgba = {
  "RGBA", {{{200, 100, 50, 255}}}, {{{0, 0, 0, 255}}}
};

static const SolidFormat i420 = {
  "I420", {{{150}, {60}, {200}}}, {{{16}, {128}, {128}}}
};

static void
fill_plane (GstVideoFrame * frame, guint plane, const guint8 * pixel)
{
  gint comp = hh_plane_component (frame->info.finfo, plane);
  gint pstride = GST_VIDEO_FRAME_COMP_PSTRIDE (frame, comp);
  guint8 *data = GST_VIDEO_FRAME_PLANE_DATA (frame, plane);

  for (gint y = 0; y < GST_VIDEO_FRAME_COMP_HEIGHT (frame, comp); y++) {
    guint8 *row = data + y * GST_VIDEO_FRAME_PLANE_STRIDE (frame, plane);

    for (gint x = 0; x < GST_VIDEO_FRAME_COMP_WIDTH (frame, comp); x++)
      memcpy (row + x * pstride, pixel, pstride);
  }
}

static GstBuffer *
solid_buffer (const gchar * caps_str, const Pixel * colour)
{
  GstVideoInfo info = hh_info_from_caps_string (caps_str);
  GstVideoFrame frame;
  GstBuffer *buffer;

  buffer = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (&info), NULL);
  fail_unless (gst_video_frame_map (&frame, &info, buffer, GST_MAP_WRITE));
  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (&frame); p++)
    fill_plane (&frame, p, colour->plane[p]);
  gst_video_frame_unmap (&frame);
  return buffer;
}

/* Asserts that rows [first, last) of @plane hold @pixel everywhere. */
static void
assert_rows (GstVideoFrame * frame, guint plane, gint first, gint last,
    const guint8 * pixel, const gchar * what)
{
  gint comp = hh_plane_component (frame->info.finfo, plane);
  gint pstride = GST_VIDEO_FRAME_COMP_PSTRIDE (frame, comp);
  const guint8 *data = GST_VIDEO_FRAME_PLANE_DATA (frame, plane);

  for (gint y = first; y < last; y++) {
    const guint8 *row = data + y * GST_VIDEO_FRAME_PLANE_STRIDE (frame, plane);

    /* Not fail_unless per byte: every passing check is reported to the
     * parent process, which would be slow here. */
    for (gint x = 0; x < GST_VIDEO_FRAME_COMP_WIDTH (frame, comp); x++)
      for (gint b = 0; b < pstride; b++)
        if (row[x * pstride + b] != pixel[b])
          ck_abort_msg ("%s: plane %u pixel (%d, %d) byte %d is %u, "
              "expected %u", what, plane, x, y, b, row[x * pstride + b],
              pixel[b]);
  }
}

/* The nick of the scaler's enum @property, as gst-inspect shows it. */
static const gchar *
get_enum_nick (GstHarness * h, const gchar * property)
{
  GstElement *scale = gst_harness_find_element (h, "clbicubicscale");
  GParamSpec *pspec =
      g_object_class_find_property (G_OBJECT_GET_CLASS (scale), property);
  gint value;

  g_object_get (scale, property, &value, NULL);
  gst_object_unref (scale);
  return g_enum_get_value (G_PARAM_SPEC_ENUM (pspec)->enum_class,
      value)->value_nick;
}

/* 1. Negotiation follows videoscale: every row runs videoscale and
 * clbicubicscale on the same input caps, into a peer that accepts the same
 * caps, with the same add-borders, and both must fixate the same output
 * caps. videoscale keeps the display aspect ratio (DAR) the way its
 * fixation does: a free output PAR absorbs what the sizes cannot keep, a
 * fixed one lets the free dimension follow, and with nothing fixed the
 * input height (for interlacing), else the width, is kept where the caps
 * allow. */
typedef struct
{
  const gchar *in;
  const gchar *out;
  gboolean add_borders;
} NegotiationRow;

#define IN(format, w, h, par) "video/x-raw, format=" format ", width=" #w \
    ", height=" #h ", framerate=30/1, pixel-aspect-ratio=" par

static const NegotiationRow negotiation_rows[] = {
  /* One side fixed, PAR free or fixed. */
  {IN ("RGBA", 320, 240, "1/1"), "video/x-raw, width=640", TRUE},
  {IN ("RGBA", 320, 240, "1/1"), "video/x-raw, height=120", TRUE},
  {IN ("RGBA", 320, 240, "4/3"), "video/x-raw, width=640", FALSE},
  {IN ("RGBA", 320, 240, "4/3"),
      "video/x-raw, width=640, pixel-aspect-ratio=1/1", TRUE},
  {IN ("I420", 720, 480, "10/11"),
      "video/x-raw, height=240, pixel-aspect-ratio=1/1", TRUE},
  {IN ("RGBA", 160, 90, "1/1"),
      "video/x-raw, width=1280, pixel-aspect-ratio=1/1", TRUE},
  {IN ("RGBA", 640, 480, "1/2"), "video/x-raw, height=240", TRUE},
  {IN ("RGBA", 640, 480, "1/2"),
      "video/x-raw, width=320, pixel-aspect-ratio=1/2", FALSE},
  /* One side fixed, the other a range with a step. */
  {IN ("RGBA", 320, 240, "1/1"),
      "video/x-raw, width=500, height=[4, 1000, 4]", TRUE},
  /* Both fixed: the free PAR keeps the DAR; a fixed one stands and
   * add-borders letterboxes (or not). */
  {IN ("RGBA", 320, 240, "1/1"), "video/x-raw, width=640, height=320", TRUE},
  {IN ("RGBA", 320, 240, "1/1"),
      "video/x-raw, width=640, height=320, pixel-aspect-ratio=1/1", TRUE},
  {IN ("RGBA", 320, 240, "1/1"),
      "video/x-raw, width=640, height=320, pixel-aspect-ratio=1/1", FALSE},
  {IN ("RGBA", 320, 240, "1/1"),
      "video/x-raw, width=200, height=200, pixel-aspect-ratio=1/2", TRUE},
  {IN ("RGBA", 720, 576, "16/15"), "video/x-raw, width=768, height=576",
      TRUE},
  {IN ("RGBA", 640, 480, "1/1"), "video/x-raw, width=64, height=48", TRUE},
  /* Only the PAR fixed, or nothing. */
  {IN ("RGBA", 720, 576, "16/15"), "video/x-raw, pixel-aspect-ratio=1/1",
      TRUE},
  {IN ("RGBA", 320, 240, "1/1"), "video/x-raw, pixel-aspect-ratio=4/3",
      FALSE},
  {IN ("RGBA", 720, 576, "16/15"), "video/x-raw", TRUE},
  {IN ("RGBA", 640, 480, "1/2"), "video/x-raw", FALSE},
  /* No PAR on the input: 1/1, and the output caps have no PAR field. */
  {"video/x-raw, format=RGBA, width=320, height=240, framerate=30/1",
      "video/x-raw, width=100", TRUE},
  {"video/x-raw, format=RGBA, width=320, height=240, framerate=30/1",
      "video/x-raw, width=[1, 1000], height=480", TRUE},
  /* A PAR range. */
  {IN ("RGBA", 640, 480, "1/1"),
      "video/x-raw, pixel-aspect-ratio=[1/2, 2/1]", TRUE},
  {IN ("RGBA", 640, 480, "1/1"),
      "video/x-raw, width=1000, pixel-aspect-ratio=[1/2, 2/1]", TRUE},
  {IN ("RGBA", 720, 576, "16/15"),
      "video/x-raw, width=[100, 400], height=[100, 400], "
        "pixel-aspect-ratio=[1/1, 3/2]", FALSE},
  /* Ranges, with and without steps, PAR free or fixed. */
  {IN ("RGBA", 320, 240, "1/1"),
      "video/x-raw, width=[100, 200], height=[1, 100]", TRUE},
  {IN ("RGBA", 320, 240, "1/1"),
      "video/x-raw, width=[100, 200], pixel-aspect-ratio=1/1", TRUE},
  {IN ("RGBA", 720, 576, "16/15"), "video/x-raw, width=[100, 400]", TRUE},
  {IN ("RGBA", 854, 480, "1/1"),
        "video/x-raw, width=[2, 512, 2], height=[2, 512, 2], "
        "pixel-aspect-ratio=1/1", TRUE},
  {IN ("RGBA", 854, 480, "1/1"),
      "video/x-raw, width=[16, 512, 16], height=[16, 512, 16]", TRUE},
  {IN ("RGBA", 720, 576, "16/15"),
        "video/x-raw, width=[320, 640, 8], height=[240, 480, 8], "
        "pixel-aspect-ratio=1/1", FALSE},
  /* Huge frames into small ranges. */
  {IN ("RGBA", 1920, 2560, "1/1"),
      "video/x-raw, width=[1, 2048], height=[1, 2048]", TRUE},
  {IN ("RGBA", 1920, 2560, "1/1"),
        "video/x-raw, width=[1, 2048], height=[1, 2048], "
        "pixel-aspect-ratio=1/1", TRUE},
  {IN ("GRAY8", 7680, 4320, "1/1"),
      "video/x-raw, width=[1, 320], height=[1, 240]", TRUE},
  {IN ("GRAY8", 4096, 4096, "1/1"),
        "video/x-raw, width=[4, 64, 4], height=[4, 32, 4], "
        "pixel-aspect-ratio=1/1", FALSE},
};

/* The caps @launch (a scaler and its properties) puts on its output for
 * input caps @in into a peer that accepts @out. */
static GstCaps *
negotiated_caps (const gchar * launch, const gchar * in, const gchar * out)
{
  GstHarness *h = gst_harness_new_parse (launch);
  GstCaps *caps;

  gst_harness_set_sink_caps_str (h, out);
  gst_harness_set_src_caps_str (h, in);
  caps = gst_pad_get_current_caps (h->sinkpad);
  fail_unless (caps != NULL, "%s: nothing negotiated for %s -> %s", launch,
      in, out);
  gst_harness_teardown (h);
  return caps;
}

/* Asserts that clbicubicscale gives for @in what videoscale gives for
 * @reference_in (the same caps, or what they mean), into @out. */
static void
assert_fixates_as_videoscale (const gchar * in, const gchar * reference_in,
    const gchar * out, gboolean add_borders)
{
  const gchar *borders = add_borders ? "true" : "false";
  gchar *vs_launch = g_strdup_printf ("videoscale add-borders=%s", borders);
  gchar *cl_launch = g_strdup_printf ("clbicubicscale add-borders=%s",
      borders);
  GstCaps *expected = negotiated_caps (vs_launch, reference_in, out);
  GstCaps *got = negotiated_caps (cl_launch, in, out);
  gchar *expected_str = gst_caps_to_string (expected);
  gchar *got_str = gst_caps_to_string (got);

  GST_INFO ("%s -> %s: %s", in, out, got_str);
  fail_unless (gst_caps_is_equal (got, expected),
      "%s -> %s (add-borders=%s): clbicubicscale fixated %s, videoscale %s",
      in, out, borders, got_str, expected_str);

  g_free (got_str);
  g_free (expected_str);
  gst_caps_unref (got);
  gst_caps_unref (expected);
  g_free (cl_launch);
  g_free (vs_launch);
}

GST_START_TEST (test_negotiation)
{
  const NegotiationRow *row = &negotiation_rows[__i__];

  assert_fixates_as_videoscale (row->in, row->in, row->out,
      row->add_borders);
}

GST_END_TEST;

/* 1b. An input PAR of 0/1 ("unknown") counts as 1/1 in every fixation
 * case: the output caps are what videoscale gives for PAR 1/1, and a
 * solid frame's picture keeps the 4:3 display aspect ratio, which none of
 * these outputs is wider than: its middle row is all picture (with a DAR
 * of 0 it was one pixel wide). */
static const gchar *const unknown_par_outputs[] = {
  "video/x-raw, width=32, height=24",
  "video/x-raw, width=32, height=32",
  "video/x-raw, width=32, height=32, pixel-aspect-ratio=1/1",
  "video/x-raw, height=24",
  "video/x-raw, height=24, pixel-aspect-ratio=1/1",
  "video/x-raw, width=32",
  "video/x-raw, width=32, pixel-aspect-ratio=1/1",
  "video/x-raw, pixel-aspect-ratio=1/1",
  "video/x-raw, width=[1, 40], height=[1, 40]",
};

#define IN_64X48 "video/x-raw, format=RGBA, width=64, height=48, " \
    "framerate=30/1, pixel-aspect-ratio="

GST_START_TEST (test_unknown_par)
{
  const gchar *out_caps = unknown_par_outputs[__i__];
  GstHarness *h;
  GstBuffer *out;
  GstVideoFrame frame;

  assert_fixates_as_videoscale (IN_64X48 "0/1", IN_64X48 "1/1", out_caps,
      TRUE);

  h = gst_harness_new ("clbicubicscale");
  gst_harness_set_sink_caps_str (h, out_caps);
  gst_harness_set_src_caps_str (h, IN_64X48 "0/1");
  out = gst_harness_push_and_pull (h, solid_buffer (IN_64X48 "1/1",
          &rgba.colour));
  fail_unless (out != NULL);
  hh_map_sink_frame (h, out, &frame);
  assert_rows (&frame, 0, GST_VIDEO_FRAME_HEIGHT (&frame) / 2,
      GST_VIDEO_FRAME_HEIGHT (&frame) / 2 + 1, rgba.colour.plane[0],
      out_caps);
  gst_video_frame_unmap (&frame);
  gst_buffer_unref (out);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* 2. add-borders: 320x180 (16:9) into 320x240 PAR 1/1 (4:3). The picture
 * stays 320x180, centred: 30 black rows above and below; without borders
 * it is stretched over all 240 rows. */
typedef struct
{
  const SolidFormat *format;
  const gchar *storage;
  gboolean add_borders;
} LetterboxCase;

static const LetterboxCase letterbox_cases[] = {
  {&rgba, "buffer", TRUE},
  {&rgba, "buffer", FALSE},
  {&rgba, "image", TRUE},
  {&rgba, "image", FALSE},
  {&i420, "buffer", TRUE},
  {&i420, "buffer", FALSE},
  {&i420, "image", TRUE},
  {&i420, "image", FALSE},
};

GST_START_TEST (test_add_borders)
{
  const LetterboxCase *lc = &letterbox_cases[__i__];
  const SolidFormat *sf = lc->format;
  gchar *launch, *in_caps;
  GstHarness *h;
  GstBuffer *out;
  GstVideoFrame frame;
  gint top = lc->add_borders ? 30 : 0;

  launch = g_strdup_printf ("clbicubicscale storage=%s add-borders=%s",
      lc->storage, lc->add_borders ? "true" : "false");
  h = gst_harness_new_parse (launch);
  in_caps = g_strdup_printf ("video/x-raw, format=%s, width=320, height=180, "
      "pixel-aspect-ratio=1/1, framerate=30/1", sf->format);
  gst_harness_set_src_caps_str (h, in_caps);
  gst_harness_set_sink_caps_str (h, "video/x-raw, width=320, height=240, "
      "pixel-aspect-ratio=1/1");

  out = gst_harness_push_and_pull (h, solid_buffer (in_caps, &sf->colour));
  fail_unless (out != NULL);
  hh_map_sink_frame (h, out, &frame);
  fail_unless_equals_int (GST_VIDEO_FRAME_HEIGHT (&frame), 240);
  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (&frame); p++) {
    gint h_sub = GST_VIDEO_FORMAT_INFO_H_SUB (frame.info.finfo,
        hh_plane_component (frame.info.finfo, p));
    gint rows = GST_VIDEO_SUB_SCALE (h_sub, 240);
    gint border = GST_VIDEO_SUB_SCALE (h_sub, top);

    assert_rows (&frame, p, 0, border, sf->black.plane[p], launch);
    assert_rows (&frame, p, border, rows - border, sf->colour.plane[p],
        launch);
    assert_rows (&frame, p, rows - border, rows, sf->black.plane[p], launch);
  }
  gst_video_frame_unmap (&frame);

  gst_buffer_unref (out);
  gst_harness_teardown (h);
  g_free (in_caps);
  g_free (launch);
}

GST_END_TEST;

/* 3. Same caps in and out: the input buffer itself comes out, and no
 * kernel ran (active-mode stays auto until a frame is scaled). */
static const gchar *const passthrough_formats[] = {
  "RGBA", "I420", "NV12", "GRAY16_LE",
};

GST_START_TEST (test_passthrough)
{
  GstHarness *h = gst_harness_new ("clbicubicscale");
  gchar *caps = g_strdup_printf ("video/x-raw, format=%s, width=64, "
      "height=48, pixel-aspect-ratio=1/1, framerate=30/1",
      passthrough_formats[__i__]);
  const Pixel zero = { 0 };
  GstBuffer *in, *out;
  GstMapInfo in_map, out_map;

  gst_harness_set_src_caps_str (h, caps);
  gst_harness_set_sink_caps_str (h, caps);
  in = solid_buffer (caps, &zero);
  out = gst_harness_push_and_pull (h, gst_buffer_ref (in));

  fail_unless (out == in, "%s: passthrough gave another buffer", caps);
  fail_unless (gst_buffer_map (in, &in_map, GST_MAP_READ));
  fail_unless (gst_buffer_map (out, &out_map, GST_MAP_READ));
  fail_unless (in_map.data == out_map.data);
  gst_buffer_unmap (out, &out_map);
  gst_buffer_unmap (in, &in_map);
  fail_unless_equals_string (get_enum_nick (h, "active-mode"), "auto");

  gst_buffer_unref (out);
  gst_buffer_unref (in);
  gst_harness_teardown (h);
  g_free (caps);
}

GST_END_TEST;

/* 4. Caps change mid-stream: size and format. Downstream fixes only the
 * width, so the output height follows each input's DAR. A solid colour
 * comes out as the same colour exactly: the weights sum to 1. */
typedef struct
{
  const SolidFormat *format;
  gint in_width, in_height;
  gint out_height;              /* for an output width of 96 */
} RenegotiationStep;

static const RenegotiationStep renegotiation_steps[] = {
  {&rgba, 64, 48, 72},          /* 4:3 upscale */
  {&i420, 160, 90, 54},         /* 16:9 downscale, antialiased */
  {&rgba, 128, 128, 96},        /* 1:1 */
};

GST_START_TEST (test_renegotiation)
{
  GstHarness *h = gst_harness_new ("clbicubicscale");

  gst_harness_set_sink_caps_str (h, "video/x-raw, width=96, "
      "pixel-aspect-ratio=1/1");
  for (guint i = 0; i < G_N_ELEMENTS (renegotiation_steps); i++) {
    const RenegotiationStep *step = &renegotiation_steps[i];
    gchar *caps = g_strdup_printf ("video/x-raw, format=%s, width=%d, "
        "height=%d, pixel-aspect-ratio=1/1, framerate=30/1",
        step->format->format, step->in_width, step->in_height);

    gst_harness_set_src_caps_str (h, caps);
    for (guint n = 0; n < 2; n++) {
      GstBuffer *out = gst_harness_push_and_pull (h, solid_buffer (caps,
              &step->format->colour));
      GstVideoFrame frame;

      fail_unless (out != NULL);
      hh_map_sink_frame (h, out, &frame);
      fail_unless_equals_string (gst_video_format_to_string
          (GST_VIDEO_FRAME_FORMAT (&frame)), step->format->format);
      fail_unless_equals_int (GST_VIDEO_FRAME_WIDTH (&frame), 96);
      fail_unless_equals_int (GST_VIDEO_FRAME_HEIGHT (&frame),
          step->out_height);
      for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (&frame); p++)
        assert_rows (&frame, p, 0, GST_VIDEO_FRAME_COMP_HEIGHT (&frame,
                hh_plane_component (frame.info.finfo, p)),
            step->format->colour.plane[p], caps);
      gst_video_frame_unmap (&frame);
      gst_buffer_unref (out);
    }
    g_free (caps);
  }
  fail_unless_equals_string (get_enum_nick (h, "active-mode"), "emulated");
  gst_harness_teardown (h);
}

GST_END_TEST;

/* 5. Device choice, at NULL->READY. */
static GstElement *
scale_with (const gchar * property, const gchar * value)
{
  GstElement *scale = gst_element_factory_make ("clbicubicscale", NULL);

  fail_unless (scale != NULL);
  if (property)
    gst_util_set_object_arg (G_OBJECT (scale), property, value);
  return scale;
}

static void
assert_reaches_ready (GstElement * scale)
{
  fail_unless_equals_int (gst_element_set_state (scale, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  gst_element_set_state (scale, GST_STATE_NULL);
  gst_object_unref (scale);
}

/* The state change must fail with an error that names @cause. */
static void
assert_ready_fails (GstElement * scale, const gchar * cause)
{
  GstBus *bus = gst_bus_new ();
  GstMessage *msg;
  GError *error = NULL;
  gchar *debug = NULL;

  gst_element_set_bus (scale, bus);
  fail_unless_equals_int (gst_element_set_state (scale, GST_STATE_READY),
      GST_STATE_CHANGE_FAILURE);
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "no error message on the bus");
  gst_message_parse_error (msg, &error, &debug);
  fail_unless (strstr (error->message, cause)
      || (debug && strstr (debug, cause)),
      "the error \"%s\" (%s) does not name %s", error->message, debug, cause);

  g_clear_error (&error);
  g_free (debug);
  gst_message_unref (msg);
  gst_element_set_state (scale, GST_STATE_NULL);
  gst_element_set_bus (scale, NULL);
  gst_object_unref (bus);
  gst_object_unref (scale);
}

GST_START_TEST (test_device_not_found)
{
  assert_ready_fails (scale_with ("device", "no-such-device-xyz"),
      "no-such-device-xyz");

  g_setenv ("GST_CL_DEVICE", "no-such-device-xyz", TRUE);
  assert_ready_fails (scale_with (NULL, NULL), "no-such-device-xyz");
  g_unsetenv ("GST_CL_DEVICE");
}

GST_END_TEST;

GST_START_TEST (test_device_selectors)
{
  const GstCLDeviceInfo *info = gst_cl_device_select (NULL, NULL);
  gchar *part;

  fail_unless (info != NULL);
  assert_reaches_ready (scale_with ("device", "0:0"));

  /* Part of the name, in upper case: matching ignores case. */
  part = g_ascii_strup (info->device_name, MIN (strlen (info->device_name),
          6));
  assert_reaches_ready (scale_with ("device", part));
  g_free (part);
}

GST_END_TEST;

/* Also: storage=image on a device without image support fails at READY,
 * but PoCL has images, so that path cannot be reached here. */
GST_START_TEST (test_native_mode_unavailable)
{
  const GstCLDeviceInfo *info = gst_cl_device_select (NULL, NULL);

  fail_unless (info != NULL);
  /* Only devices without the extension refuse mode=native at READY. */
  if (info->has_qcom_bicubic)
    return;
  assert_ready_fails (scale_with ("mode", "native"), "cl_qcom_filter_bicubic");
}

GST_END_TEST;

/* 6. Two elements share one GstCLContext, and the pipeline holds it. */
/* The GstCLContext @context holds, which keeps it alive. */
static GObject *
context_object (GstContext * context)
{
  GstCLContext *cl_context;

  fail_unless (context != NULL);
  fail_unless (gst_context_get_cl_context (context, &cl_context));
  gst_object_unref (cl_context);
  return G_OBJECT (cl_context);
}

static GObject *
query_context (GstElement * pipeline, const gchar * name)
{
  GstElement *element = gst_bin_get_by_name (GST_BIN (pipeline), name);
  GstPad *pad = gst_element_get_static_pad (element, "src");
  GstQuery *query = gst_query_new_context (GST_CL_CONTEXT_TYPE);
  GstContext *context = NULL;
  GObject *object;

  fail_unless (gst_pad_query (pad, query), "%s did not answer", name);
  gst_query_parse_context (query, &context);
  object = context_object (context);

  gst_query_unref (query);
  gst_object_unref (pad);
  gst_object_unref (element);
  return object;
}

GST_START_TEST (test_shared_context)
{
  GstElement *pipeline;
  GstContext *context;
  GstMessage *msg;
  GstBus *bus;
  GObject *first, *second;

  pipeline = gst_parse_launch ("videotestsrc num-buffers=3 ! clbicubicscale "
      "name=first ! video/x-raw, width=100, height=80 ! clbicubicscale "
      "name=second ! fakesink", NULL);
  fail_unless (pipeline != NULL);
  bus = gst_element_get_bus (pipeline);
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  msg = gst_bus_timed_pop_filtered (bus, GST_CLOCK_TIME_NONE,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  fail_unless_equals_int (GST_MESSAGE_TYPE (msg), GST_MESSAGE_EOS);
  gst_message_unref (msg);

  first = query_context (pipeline, "first");
  second = query_context (pipeline, "second");
  fail_unless (first == second, "two OpenCL contexts: %p and %p", first,
      second);
  context = gst_element_get_context (pipeline, GST_CL_CONTEXT_TYPE);
  fail_unless (context_object (context) == first);
  gst_context_unref (context);

  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_object_unref (bus);
  gst_object_unref (pipeline);
}

GST_END_TEST;

/* 7. What gst-inspect shows: metadata, and a nick and blurb for every
 * property and every enum value. */
static const gchar *const own_properties[] = {
  "b", "c", "filter", "antialias", "add-borders", "mode", "active-mode",
  "storage", "device",
};

static void
assert_not_empty (const gchar * text, const gchar * what)
{
  fail_unless (text != NULL && *text != '\0', "%s is empty", what);
}

GST_START_TEST (test_self_description)
{
  GstElementFactory *factory = gst_element_factory_find ("clbicubicscale");
  GstElement *scale;
  GParamSpec **pspecs;
  guint n;

  fail_unless (factory != NULL);
  assert_not_empty (gst_element_factory_get_metadata (factory,
          GST_ELEMENT_METADATA_LONGNAME), "long name");
  assert_not_empty (gst_element_factory_get_metadata (factory,
          GST_ELEMENT_METADATA_KLASS), "klass");
  assert_not_empty (gst_element_factory_get_metadata (factory,
          GST_ELEMENT_METADATA_DESCRIPTION), "description");
  assert_not_empty (gst_element_factory_get_metadata (factory,
          GST_ELEMENT_METADATA_AUTHOR), "author");

  scale = gst_element_factory_create (factory, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (own_properties); i++)
    fail_unless (g_object_class_find_property (G_OBJECT_GET_CLASS (scale),
            own_properties[i]) != NULL, "no property %s", own_properties[i]);

  pspecs = g_object_class_list_properties (G_OBJECT_GET_CLASS (scale), &n);
  for (guint i = 0; i < n; i++) {
    GParamSpec *pspec = pspecs[i];

    assert_not_empty (g_param_spec_get_nick (pspec), pspec->name);
    assert_not_empty (g_param_spec_get_blurb (pspec), pspec->name);
    if (G_IS_PARAM_SPEC_ENUM (pspec)) {
      GEnumClass *enums = G_PARAM_SPEC_ENUM (pspec)->enum_class;

      for (guint v = 0; v < enums->n_values; v++) {
        assert_not_empty (enums->values[v].value_nick, pspec->name);
        assert_not_empty (enums->values[v].value_name, pspec->name);
      }
    }
  }
  g_free (pspecs);

  gst_object_unref (scale);
  gst_object_unref (factory);
}

GST_END_TEST;

static Suite *
clbicubicscale_caps_suite (void)
{
  Suite *s = suite_create ("clbicubicscale-caps");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_negotiation, 0,
      G_N_ELEMENTS (negotiation_rows));
  tcase_add_loop_test (tc, test_unknown_par, 0,
      G_N_ELEMENTS (unknown_par_outputs));
  tcase_add_loop_test (tc, test_add_borders, 0,
      G_N_ELEMENTS (letterbox_cases));
  tcase_add_loop_test (tc, test_passthrough, 0,
      G_N_ELEMENTS (passthrough_formats));
  tcase_add_test (tc, test_renegotiation);
  tcase_add_test (tc, test_device_not_found);
  tcase_add_test (tc, test_device_selectors);
  tcase_add_test (tc, test_native_mode_unavailable);
  tcase_add_test (tc, test_shared_context);
  tcase_add_test (tc, test_self_description);
  return s;
}

GST_CHECK_MAIN (clbicubicscale_caps);
