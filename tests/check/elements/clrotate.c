/* gst-opencl: clrotate tests
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Output pixels are checked against rotate-reference.c, a plain-C model of
 * the documented mapping; quarter turns against index arithmetic alone;
 * backgrounds against colour values worked out by hand.
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/controller/controller.h>
#include <gst/video/video.h>

#include <math.h>

#include <gst/opencl/gstcldevice.h>
#include "harness-helpers.h"
#include "reliability.h"
#include "rotate-reference.h"

#define CAPS(format, w, h) "video/x-raw, format=" format ", width=" #w \
    ", height=" #h ", framerate=30/1"

/* Helpers */

/* A harness around a clrotate set up from @props, fed @caps (NULL: none
 * yet). h->element is the clrotate. */
static GstHarness *
rotate_harness (const gchar * props, const gchar * caps)
{
  /* Set before the harness takes it to PLAYING: memory is MUTABLE_READY. */
  GstHarness *h = rel_harness_new ("clrotate", props, NULL);

  /* frames in system memory on both sides (elements/clmemorypath tests
   * OpenCL memory) */
  gst_harness_set_sink_caps_str (h, "video/x-raw");
  if (caps)
    gst_harness_set_src_caps_str (h, caps);
  return h;
}

/* A frame of @info filled with noise from @seed. With @row_padding, every
 * row of every plane is that many bytes longer than needed (garbage
 * there), which a GstVideoMeta describes. */
static GstBuffer *
noise_buffer (const GstVideoInfo * info, guint row_padding, guint32 seed)
{
  GstBuffer *buffer;
  GstVideoFrame frame;

  if (row_padding == 0)
    return rel_noise_buffer (info, seed);
  buffer = hh_padded_buffer (info, row_padding, 0, 0, 0xab);
  fail_unless (gst_video_frame_map (&frame, info, buffer, GST_MAP_WRITE));
  rotref_fill_random (&frame, seed);
  gst_video_frame_unmap (&frame);
  return buffer;
}

/* The model's view of the element's current settings. */
static RotRefParams
element_params (GstElement * rotate)
{
  RotRefParams p;
  gint method, output_size;

  g_object_get (rotate, "angle", &p.angle, "center-x", &p.center_x,
      "center-y", &p.center_y, "method", &method, "output-size",
      &output_size, "background", &p.background, NULL);
  /* GstCLRotateMethod and RotRefMethod list nearest, bilinear, bicubic. */
  p.method = (RotRefMethod) method;
  p.fit = output_size == 1;
  return p;
}

/* Fails unless @diff is within the documented accuracy: nearest and the
 * background exact; interpolation within one step of the model on 8 bits,
 * 16 steps (1/16 of an 8-bit step) on 16 bits, where float coordinates
 * move steep noise by a few steps. */
static void
assert_diff_ok (const RotRefDiff * diff, RotRefMethod method,
    gdouble max_value, const gchar * what)
{
  gchar *text = rotref_diff_to_string (diff);
  gdouble step = max_value > 255 ? 16 : 1;

  GST_INFO ("%s: %s", what, text);
  fail_unless (diff->n_wrong == 0, "%s: %s", what, text);
  if (method != ROTREF_NEAREST) {
    fail_unless (diff->max_interior <= step, "%s: %s", what, text);
    fail_unless (diff->max_edge <= step, "%s: %s", what, text);
  }
  g_free (text);
}

/* Pushes a noise frame of the harness's caps, pulls the output and checks
 * it against the model of the element's settings. */
static void
push_and_check (GstHarness * h, guint row_padding, guint32 seed,
    GstClockTime pts, const gchar * what)
{
  GstVideoInfo in_info = hh_src_info (h);
  GstBuffer *in = noise_buffer (&in_info, row_padding, seed), *out;
  GstVideoFrame in_frame, out_frame;
  RotRefParams params;
  RotRefDiff diff;

  GST_BUFFER_PTS (in) = pts;
  GST_BUFFER_DURATION (in) = GST_SECOND / 30;
  fail_unless (gst_video_frame_map (&in_frame, &in_info, in, GST_MAP_READ));
  out = gst_harness_push_and_pull (h, gst_buffer_ref (in));
  fail_unless (out != NULL);
  /* The settings the frame was made with (a controller may have moved
   * them before it). */
  params = element_params (h->element);
  hh_map_sink_frame (h, out, &out_frame);

  diff = rotref_compare (&in_frame, &out_frame, &params);
  assert_diff_ok (&diff, params.method,
      GST_VIDEO_INFO_FORMAT (&in_info) == GST_VIDEO_FORMAT_GRAY16_LE ?
      65535 : 255, what);

  gst_video_frame_unmap (&out_frame);
  gst_video_frame_unmap (&in_frame);
  gst_buffer_unref (out);
  gst_buffer_unref (in);
}

/* Whether the default device holds @format in images (PoCL has no CL_RG
 * images: no NV12 there). */
static gboolean
image_memory_serves (GstVideoFormat format)
{
  const GstCLDeviceInfo *device = gst_cl_device_select (NULL, NULL);

  fail_unless (device != NULL);
  return format != GST_VIDEO_FORMAT_NV12
      || (gst_cl_device_get_image_formats (device) & GST_CL_IMAGE_RG8);
}

/* Drops the events the harness's sink has received; returns how many were
 * caps. */
static guint
drain_caps_events (GstHarness * h)
{
  GstEvent *event;
  guint n = 0;

  while ((event = gst_harness_try_pull_event (h))) {
    n += GST_EVENT_TYPE (event) == GST_EVENT_CAPS;
    gst_event_unref (event);
  }
  return n;
}

/* Against the model: every method, format, output size and storage, odd
 * sizes and padded rows. */

typedef struct
{
  const gchar *caps;
  const gchar *props;
  guint row_padding;            /* extra bytes per input row */
} ModelCase;

static const ModelCase model_cases[] = {
  /* nearest: exact */
  {CAPS ("RGBA", 80, 60), "method=nearest angle=20"},
  {CAPS ("RGBA", 80, 60), "method=nearest angle=-33.3"},
  {CAPS ("RGBA", 80, 60), "method=nearest angle=145 center-x=0.3 "
        "center-y=0.7"},
  {CAPS ("BGRx", 80, 60), "method=nearest angle=20 output-size=fit"},
  {CAPS ("GRAY8", 80, 60), "method=nearest angle=-33.3 output-size=fit"},
  {CAPS ("GRAY16_LE", 80, 60), "method=nearest angle=145"},
  {CAPS ("I420", 80, 60), "method=nearest angle=20 center-x=0.3 "
        "center-y=0.7"},
  {CAPS ("NV12", 80, 60), "method=nearest angle=-33.3 output-size=fit"},
  /* bilinear */
  {CAPS ("RGBA", 80, 60), "method=bilinear angle=20"},
  {CAPS ("ABGR", 80, 60), "method=bilinear angle=-33.3 output-size=fit"},
  {CAPS ("xRGB", 80, 60), "method=bilinear angle=145 center-x=0.25 "
        "center-y=0.6"},
  {CAPS ("GRAY8", 80, 60), "method=bilinear angle=20 output-size=fit"},
  {CAPS ("GRAY16_LE", 80, 60), "method=bilinear angle=-33.3"},
  {CAPS ("I420", 80, 60), "method=bilinear angle=145 center-x=0.3 "
        "center-y=0.7"},
  {CAPS ("I420", 80, 60), "method=bilinear angle=20 output-size=fit"},
  {CAPS ("NV12", 80, 60), "method=bilinear angle=-33.3 center-x=0.7 "
        "center-y=0.2"},
  {CAPS ("NV12", 80, 60), "method=bilinear angle=145 output-size=fit"},
  /* bicubic */
  {CAPS ("RGBA", 80, 60), "method=bicubic angle=20"},
  {CAPS ("BGRA", 80, 60), "method=bicubic angle=-33.3 output-size=fit"},
  {CAPS ("RGBx", 80, 60), "method=bicubic angle=145 center-x=0.25"},
  {CAPS ("GRAY8", 80, 60), "method=bicubic angle=-33.3"},
  {CAPS ("GRAY16_LE", 80, 60), "method=bicubic angle=20 output-size=fit"},
  {CAPS ("I420", 80, 60), "method=bicubic angle=-33.3 center-x=0.3 "
        "center-y=0.7"},
  {CAPS ("NV12", 80, 60), "method=bicubic angle=20 output-size=fit"},
  /* a coloured, translucent background */
  {CAPS ("ARGB", 80, 60), "method=bicubic angle=30 background=0x80ff8000"},
  {CAPS ("I420", 80, 60), "method=bilinear angle=30 background=0xff0000ff"},
  /* images */
  {CAPS ("RGBA", 80, 60), "storage=image method=nearest angle=-33.3"},
  {CAPS ("RGBA", 80, 60), "storage=image method=bilinear angle=20 "
        "output-size=fit"},
  {CAPS ("RGBA", 80, 60), "storage=image method=bicubic angle=145"},
  {CAPS ("GRAY16_LE", 80, 60), "storage=image method=bicubic angle=20"},
  {CAPS ("I420", 80, 60), "storage=image method=bilinear angle=-33.3 "
        "center-x=0.3 center-y=0.7"},
  {CAPS ("NV12", 80, 60), "storage=image method=bilinear angle=20"},
  /* padded input rows */
  {CAPS ("RGBA", 80, 60), "storage=buffer method=bilinear angle=20", 12},
  {CAPS ("RGBA", 80, 60), "storage=image method=bicubic angle=20", 12},
  {CAPS ("GRAY16_LE", 80, 60), "storage=buffer method=nearest angle=20", 6},
  {CAPS ("I420", 80, 60), "storage=buffer method=bicubic angle=-33.3", 5},
  {CAPS ("I420", 80, 60), "storage=image method=nearest angle=-33.3", 5},
  {CAPS ("NV12", 80, 60), "storage=buffer method=bilinear angle=145 "
        "output-size=fit", 6},
  /* odd sizes */
  {CAPS ("RGBA", 1, 1), "method=nearest angle=20"},
  {CAPS ("RGBA", 1, 1), "method=bilinear angle=20 output-size=fit"},
  {CAPS ("GRAY8", 1, 1), "method=bicubic angle=20"},
  {CAPS ("I420", 1, 1), "method=bilinear angle=45 output-size=fit"},
  {CAPS ("NV12", 1, 1), "method=nearest angle=45"},
  {CAPS ("RGBA", 2, 3), "method=bicubic angle=30 output-size=fit"},
  {CAPS ("I420", 2, 3), "method=nearest angle=-33.3 output-size=fit"},
  {CAPS ("NV12", 2, 3), "method=bilinear angle=30"},
  {CAPS ("I420", 1921, 1081), "method=bicubic angle=20 output-size=fit"},
};

GST_START_TEST (test_against_model)
{
  const ModelCase *c = &model_cases[__i__];
  GstVideoInfo info = hh_info_from_caps_string (c->caps);
  GstHarness *h;
  gchar *what = g_strdup_printf ("%s, %s, padding %u", c->caps, c->props,
      c->row_padding);

  if (strstr (c->props, "storage=image")
      && !image_memory_serves (GST_VIDEO_INFO_FORMAT (&info))) {
    /* test_nv12_image_refused covers it */
    GST_INFO ("skipping %s: no images for it on this device", what);
    g_free (what);
    return;
  }

  h = rotate_harness (c->props, c->caps);
  push_and_check (h, c->row_padding, 1000 + __i__, 0, what);
  gst_harness_teardown (h);
  g_free (what);
}

GST_END_TEST;

/* Quarter turns: exact permutations, checked by index arithmetic alone. */

static const gchar *const all_formats[] = {
  "RGBA", "BGRA", "ARGB", "ABGR", "RGBx", "BGRx", "xRGB", "xBGR", "GRAY8",
  "GRAY16_LE", "I420", "NV12",
};

/* The source pixel that output pixel (x, y) shows after @quarters quarter
 * turns counter-clockwise, from the doubled pivots p2 (source) and q2
 * (output) of the plane: what src = R (dst - q) + p gives at pixel
 * centres with cos and sin in {-1, 0, 1}. */
static void
quarter_turn_source (gint quarters, const gint p2[2], const gint q2[2],
    gint x, gint y, gint * sx, gint * sy)
{
  switch (quarters) {
    case 0:
      *sx = x + (p2[0] - q2[0]) / 2;
      *sy = y + (p2[1] - q2[1]) / 2;
      break;
    case 1:
      *sx = (p2[0] + q2[1]) / 2 - 1 - y;
      *sy = x + (p2[1] - q2[0]) / 2;
      break;
    case 2:
      *sx = (p2[0] + q2[0]) / 2 - 1 - x;
      *sy = (p2[1] + q2[1]) / 2 - 1 - y;
      break;
    default:
      *sx = y + (p2[0] - q2[1]) / 2;
      *sy = (p2[1] + q2[0]) / 2 - 1 - x;
      break;
  }
}

/* Reads pixel (x, y) of @plane as integers. */
static void
read_pixel (const GstVideoFrame * frame, guint plane, gint x, gint y,
    guint values[4])
{
  guint n = rotref_plane_channels (&frame->info, plane);
  const guint8 *row = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (frame,
      plane) + (gsize) y * GST_VIDEO_FRAME_PLANE_STRIDE (frame, plane);

  for (guint c = 0; c < n; c++)
    values[c] = GST_VIDEO_FRAME_FORMAT (frame) == GST_VIDEO_FORMAT_GRAY16_LE
        ? GST_READ_UINT16_LE (row + 2 * (x * n + c)) : row[x * n + c];
}

static void
assert_quarter_turn (const GstVideoFrame * in, const GstVideoFrame * out,
    gint quarters, gboolean fit, const gchar * what)
{
  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (in); p++) {
    gint comp[GST_VIDEO_MAX_COMPONENTS];
    gint sub_x, sub_y, in_w, in_h, p2[2], q2[2];
    gdouble bg[4];

    gst_video_format_info_component (in->info.finfo, p, comp);
    sub_x = 1 << GST_VIDEO_FORMAT_INFO_W_SUB (in->info.finfo, comp[0]);
    sub_y = 1 << GST_VIDEO_FORMAT_INFO_H_SUB (in->info.finfo, comp[0]);
    in_w = GST_VIDEO_FRAME_COMP_WIDTH (in, comp[0]);
    in_h = GST_VIDEO_FRAME_COMP_HEIGHT (in, comp[0]);
    /* Doubled pivots: the frames' centres (center-x = center-y = 0.5). */
    p2[0] = GST_VIDEO_FRAME_WIDTH (in) / sub_x;
    p2[1] = GST_VIDEO_FRAME_HEIGHT (in) / sub_y;
    q2[0] = fit ? GST_VIDEO_FRAME_WIDTH (out) / sub_x : p2[0];
    q2[1] = fit ? GST_VIDEO_FRAME_HEIGHT (out) / sub_y : p2[1];
    /* Only then do pixel centres land on pixel centres. */
    fail_unless ((p2[0] + q2[1]) % 2 == 0 && (p2[1] + q2[0]) % 2 == 0
        && (p2[0] + q2[0]) % 2 == 0, "%s: sizes not fit for the test", what);
    rotref_background (&out->info, p, 0xff000000, bg);

    for (gint y = 0; y < GST_VIDEO_FRAME_COMP_HEIGHT (out, comp[0]); y++) {
      for (gint x = 0; x < GST_VIDEO_FRAME_COMP_WIDTH (out, comp[0]); x++) {
        guint want[4], got[4];
        gint sx, sy;

        quarter_turn_source (quarters, p2, q2, x, y, &sx, &sy);
        if (sx >= 0 && sy >= 0 && sx < in_w && sy < in_h)
          read_pixel (in, p, sx, sy, want);
        else
          for (guint c = 0; c < 4; c++)
            want[c] = bg[c];
        read_pixel (out, p, x, y, got);
        for (guint c = 0; c < rotref_plane_channels (&in->info, p); c++)
          fail_unless (got[c] == want[c],
              "%s: plane %u (%d, %d) channel %u: want %u from (%d, %d), "
              "got %u", what, p, x, y, c, want[c], sx, sy, got[c]);
      }
    }
  }
}

static void
check_quarter_turns (const gchar * format, gint width, gint height,
    const gchar * output_size, const gchar * storage)
{
  static const gdouble angles[] = { 90, 180, 270, -90, 450 };
  static const gchar *const methods[] = { "nearest", "bilinear", "bicubic" };
  gchar *caps = g_strdup_printf ("video/x-raw, format=%s, width=%d, "
      "height=%d, framerate=30/1", format, width, height);
  gchar *props = g_strdup_printf ("output-size=%s storage=%s", output_size,
      storage);
  GstHarness *h = rotate_harness (props, caps);
  GstVideoInfo in_info = hh_src_info (h);
  GstBuffer *in = noise_buffer (&in_info, 0, width * height);
  GstVideoFrame in_frame;
  gboolean fit = g_str_equal (output_size, "fit");

  fail_unless (gst_video_frame_map (&in_frame, &in_info, in, GST_MAP_READ));
  for (guint a = 0; a < G_N_ELEMENTS (angles); a++) {
    for (guint m = 0; m < G_N_ELEMENTS (methods); m++) {
      gint quarters = (((gint) angles[a] / 90) % 4 + 4) % 4;
      gchar *what = g_strdup_printf ("%s %dx%d %s %s %s angle %g", format,
          width, height, output_size, storage, methods[m], angles[a]);
      GstBuffer *out;
      GstVideoInfo out_info;
      GstVideoFrame out_frame;

      /* While playing: fit renegotiates where the size changes. */
      g_object_set (h->element, "angle", angles[a], NULL);
      gst_util_set_object_arg (G_OBJECT (h->element), "method", methods[m]);
      out = gst_harness_push_and_pull (h, gst_buffer_ref (in));
      out_info = hh_sink_info (h);
      fail_unless_equals_int (GST_VIDEO_INFO_WIDTH (&out_info),
          fit && quarters % 2 ? height : width);
      fail_unless_equals_int (GST_VIDEO_INFO_HEIGHT (&out_info),
          fit && quarters % 2 ? width : height);
      fail_unless (gst_video_frame_map (&out_frame, &out_info, out,
              GST_MAP_READ));
      assert_quarter_turn (&in_frame, &out_frame, quarters, fit, what);
      gst_video_frame_unmap (&out_frame);
      gst_buffer_unref (out);
      g_free (what);
    }
  }
  gst_video_frame_unmap (&in_frame);
  gst_buffer_unref (in);
  gst_harness_teardown (h);
  g_free (props);
  g_free (caps);
}

/* One iteration per format: both output sizes, both storages, an even
 * size and a second one (odd where the format is not subsampled). */
GST_START_TEST (test_quarter_turns)
{
  const gchar *format = all_formats[__i__];
  gboolean subsampled = g_str_equal (format, "I420")
      || g_str_equal (format, "NV12");
  static const gchar *const output_sizes[] = { "same", "fit" };
  static const gchar *const storages[] = { "buffer", "image" };
  /* same needs W + H even (W + H divisible by 4 with 4:2:0 chroma) for
   * pixel centres to land on pixel centres */
  const gint sizes[2][2] = { {20, 12}, {subsampled ? 22 : 7,
          subsampled ? 10 : 5}
  };

  for (guint m = 0; m < G_N_ELEMENTS (storages); m++) {
    if (g_str_equal (storages[m], "image")
        && !image_memory_serves (gst_video_format_from_string (format)))
      continue;
    for (guint o = 0; o < G_N_ELEMENTS (output_sizes); o++)
      for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
        check_quarter_turns (format, sizes[s][0], sizes[s][1],
            output_sizes[o], storages[m]);
  }
}

GST_END_TEST;

/* The background, per format family, against values worked out by hand. */

typedef struct
{
  const gchar *caps;
  const gchar *props;
  guint values[3][4];           /* per plane, per channel */
} BackgroundCase;

static const BackgroundCase background_cases[] = {
  /* default: opaque black */
  {CAPS ("RGBA", 64, 48), "", {{0, 0, 0, 255}}},
  {CAPS ("RGBA", 64, 48), "background=0x00000000", {{0, 0, 0, 0}}},
  /* A=0x80 R=0xff G=0x80 B=0x00 in each byte order */
  {CAPS ("BGRA", 64, 48), "background=0x80ff8000", {{0, 128, 255, 128}}},
  {CAPS ("ARGB", 64, 48), "background=0x80ff8000", {{128, 255, 128, 0}}},
  {CAPS ("ABGR", 64, 48), "background=0x80ff8000", {{128, 0, 128, 255}}},
  /* padding bytes are 0xff whatever the alpha */
  {CAPS ("xRGB", 64, 48), "background=0x00102030", {{255, 16, 32, 48}}},
  {CAPS ("RGBx", 64, 48), "background=0x00102030", {{16, 32, 48, 255}}},
  {CAPS ("BGRx", 64, 48), "background=0x00102030", {{48, 32, 16, 255}}},
  {CAPS ("xBGR", 64, 48), "background=0x00102030", {{255, 48, 32, 16}}},
  /* gray: full-range luma, 0.114 * 255 = 29.07, 0.114 * 65535 = 7471.0 */
  {CAPS ("GRAY8", 64, 48), "", {{0}}},
  {CAPS ("GRAY8", 64, 48), "background=0xffffffff", {{255}}},
  {CAPS ("GRAY8", 64, 48), "background=0xff0000ff", {{29}}},
  {CAPS ("GRAY16_LE", 64, 48), "background=0xff0000ff", {{7471}}},
  /* limited-range black */
  {CAPS ("I420", 64, 48), "", {{16}, {128}, {128}}},
  {CAPS ("NV12", 64, 48), "", {{16}, {128, 128}}},
  /* blue, BT.601 (the default below 720p): Y = 16 + 219 * 0.114 = 40.97,
   * Cb = 128 + 224 * 0.5, Cr = 128 - 224 * 0.114 / 1.402 = 109.79 */
  {CAPS ("I420", 64, 48), "background=0xff0000ff", {{41}, {240}, {110}}},
  {CAPS ("NV12", 64, 48), "background=0xff0000ff", {{41}, {240, 110}}},
  /* blue, BT.709: Y = 16 + 219 * 0.0722 = 31.81,
   * Cr = 128 - 224 * 0.0722 / 1.5748 = 117.73 */
  {CAPS ("I420", 64, 48) ", colorimetry=bt709", "background=0xff0000ff",
      {{32}, {240}, {118}}},
  /* blue, BT.601 full range: Y = 255 * 0.114 = 29.07, Cb = 128 + 127.5
   * saturates, Cr = 128 - 255 * 0.114 / 1.402 = 107.27 */
  {CAPS ("I420", 64, 48) ", colorimetry=(string)1:4:0:0",
      "background=0xff0000ff", {{29}, {255}, {107}}},
};

GST_START_TEST (test_background)
{
  const BackgroundCase *c = &background_cases[__i__];
  static const gchar *const methods[] = { "nearest", "bilinear", "bicubic" };
  gchar *props = g_strdup_printf ("angle=45 %s", c->props);
  GstHarness *h = rotate_harness (props, c->caps);
  GstVideoInfo in_info = hh_src_info (h);
  GstBuffer *in = noise_buffer (&in_info, 0, 7);

  for (guint m = 0; m < G_N_ELEMENTS (methods); m++) {
    GstBuffer *out;
    GstVideoFrame frame;
    GstVideoInfo out_info;

    gst_util_set_object_arg (G_OBJECT (h->element), "method", methods[m]);
    out = gst_harness_push_and_pull (h, gst_buffer_ref (in));
    out_info = hh_sink_info (h);
    fail_unless (gst_video_frame_map (&frame, &out_info, out, GST_MAP_READ));

    for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (&frame); p++) {
      gint comp[GST_VIDEO_MAX_COMPONENTS];
      gint w, hh;
      gdouble model[4];

      gst_video_format_info_component (frame.info.finfo, p, comp);
      w = GST_VIDEO_FRAME_COMP_WIDTH (&frame, comp[0]);
      hh = GST_VIDEO_FRAME_COMP_HEIGHT (&frame, comp[0]);
      /* The reference's own background formula agrees with the table. */
      rotref_background (&out_info, p, element_params (h->element).background,
          model);
      /* At 45 degrees the four corners lie outside the source. */
      for (guint k = 0; k < 4; k++) {
        gint x = k & 1 ? w - 1 : 0, y = k & 2 ? hh - 1 : 0;
        guint got[4];

        read_pixel (&frame, p, x, y, got);
        for (guint ch = 0; ch < rotref_plane_channels (&out_info, p); ch++) {
          fail_unless (got[ch] == c->values[p][ch],
              "%s %s %s: plane %u corner (%d, %d) channel %u: got %u, "
              "want %u", c->caps, props, methods[m], p, x, y, ch, got[ch],
              c->values[p][ch]);
          fail_unless_equals_int (model[ch], c->values[p][ch]);
        }
      }
    }
    gst_video_frame_unmap (&frame);
    gst_buffer_unref (out);
  }
  gst_buffer_unref (in);
  gst_harness_teardown (h);
  g_free (props);
}

GST_END_TEST;

/* output-size=fit: the bounding box, through negotiation. */

GST_START_TEST (test_fit_sizes)
{
  static const gdouble angles[] = { 0, 30, 45, 90, 135, -17.5, 180, 270, 89,
    -405,
  };
  static const gint sizes[][2] = { {320, 240}, {33, 17}, {1, 1}, {2, 3} };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++) {
    for (guint a = 0; a < G_N_ELEMENTS (angles); a++) {
      gint w = sizes[s][0], hgt = sizes[s][1];
      gchar *caps = g_strdup_printf ("video/x-raw, format=RGBA, width=%d, "
          "height=%d, framerate=30/1", w, hgt);
      gchar *props = g_strdup_printf ("output-size=fit angle=%g", angles[a]);
      GstHarness *h = rotate_harness (props, caps);
      GstVideoInfo in_info = hh_src_info (h), out_info;
      gdouble c = fabs (cos (angles[a] * G_PI / 180));
      gdouble sn = fabs (sin (angles[a] * G_PI / 180));
      gint want_w, want_h;

      gst_buffer_unref (gst_harness_push_and_pull (h,
              noise_buffer (&in_info, 0, 1)));
      out_info = hh_sink_info (h);
      rotref_fit_size (angles[a], w, hgt, 1.0, &want_w, &want_h);
      GST_INFO ("%dx%d at %g: %dx%d", w, hgt, angles[a],
          GST_VIDEO_INFO_WIDTH (&out_info), GST_VIDEO_INFO_HEIGHT (&out_info));
      fail_unless_equals_int (GST_VIDEO_INFO_WIDTH (&out_info), want_w);
      fail_unless_equals_int (GST_VIDEO_INFO_HEIGHT (&out_info), want_h);
      if (fmod (angles[a], 90) != 0) {
        /* whole pixels on both sides; the box fits, with less than a
         * pixel to spare on each side */
        fail_unless_equals_int ((want_w - w) % 2, 0);
        fail_unless_equals_int ((want_h - hgt) % 2, 0);
        fail_unless (want_w >= w * c + hgt * sn - 1e-6);
        fail_unless (want_h >= w * sn + hgt * c - 1e-6);
        fail_unless (want_w < w * c + hgt * sn + 2 || want_w <= 2);
        fail_unless (want_h < w * sn + hgt * c + 2 || want_h <= 2);
      }
      gst_harness_teardown (h);
      g_free (props);
      g_free (caps);
    }
  }
}

GST_END_TEST;

/* Spot values of the fit size, worked out by hand for 320x240. */
GST_START_TEST (test_fit_size_values)
{
  static const struct
  {
    gdouble angle;
    gint w, h;
  } cases[] = {
    {0, 320, 240},
    /* 320 cos 30 + 240 sin 30 = 397.1 -> 320 + 2 * 39; 160 + 207.8 -> 368 */
    {30, 398, 368},
    /* 560 / sqrt 2 = 395.98 -> 396 both ways */
    {45, 396, 396},
    {90, 240, 320},
    {135, 396, 396},
    /* 305.2 + 72.2 = 377.4 -> 378; 96.2 + 228.9 = 325.1 -> 326 */
    {-17.5, 378, 326},
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    gint w, h;

    rotref_fit_size (cases[i].angle, 320, 240, 1.0, &w, &h);
    fail_unless_equals_int (w, cases[i].w);
    fail_unless_equals_int (h, cases[i].h);
  }
}

GST_END_TEST;

/* Changes while playing. */

GST_START_TEST (test_angle_change_same)
{
  GstHarness *h = rotate_harness ("method=bilinear angle=20",
      CAPS ("I420", 80, 60));

  push_and_check (h, 0, 1, 0, "angle 20");
  fail_unless_equals_int (drain_caps_events (h), 1);

  g_object_set (h->element, "angle", 60.0, NULL);
  push_and_check (h, 0, 2, GST_SECOND / 30, "angle 60");
  g_object_set (h->element, "angle", -10.0, "center-x", 0.2, NULL);
  push_and_check (h, 0, 3, 2 * GST_SECOND / 30, "angle -10, center-x 0.2");
  /* No new caps: the size stays. */
  fail_unless_equals_int (drain_caps_events (h), 0);

  gst_harness_teardown (h);
}

GST_END_TEST;

GST_START_TEST (test_angle_change_fit)
{
  GstHarness *h = rotate_harness ("method=bicubic output-size=fit angle=30",
      CAPS ("NV12", 80, 60));
  GstVideoInfo out_info;
  gint w, hgt;

  push_and_check (h, 0, 1, 0, "fit 30");
  out_info = hh_sink_info (h);
  rotref_fit_size (30, 80, 60, 1.0, &w, &hgt);
  fail_unless_equals_int (GST_VIDEO_INFO_WIDTH (&out_info), w);
  fail_unless_equals_int (GST_VIDEO_INFO_HEIGHT (&out_info), hgt);
  drain_caps_events (h);

  g_object_set (h->element, "angle", 70.0, NULL);
  push_and_check (h, 0, 2, GST_SECOND / 30, "fit 70");
  fail_unless_equals_int (drain_caps_events (h), 1);
  out_info = hh_sink_info (h);
  rotref_fit_size (70, 80, 60, 1.0, &w, &hgt);
  fail_unless_equals_int (GST_VIDEO_INFO_WIDTH (&out_info), w);
  fail_unless_equals_int (GST_VIDEO_INFO_HEIGHT (&out_info), hgt);

  /* An angle with the same box: no new caps. */
  g_object_set (h->element, "angle", -70.0, NULL);
  push_and_check (h, 0, 3, 2 * GST_SECOND / 30, "fit -70");
  fail_unless_equals_int (drain_caps_events (h), 0);

  gst_harness_teardown (h);
}

GST_END_TEST;

/* Back to a whole turn with fit: the input's size again, and passthrough;
 * and output-size switched while playing. */
GST_START_TEST (test_fit_changes)
{
  GstHarness *h = rotate_harness ("output-size=fit angle=30",
      CAPS ("RGBA", 80, 60));
  GstVideoInfo info = hh_src_info (h), out_info;
  GstBuffer *in = noise_buffer (&info, 0, 1), *out;

  push_and_check (h, 0, 1, 0, "fit 30");
  g_object_set (h->element, "angle", 360.0, NULL);
  out = gst_harness_push_and_pull (h, gst_buffer_ref (in));
  out_info = hh_sink_info (h);
  fail_unless_equals_int (GST_VIDEO_INFO_WIDTH (&out_info), 80);
  fail_unless_equals_int (GST_VIDEO_INFO_HEIGHT (&out_info), 60);
  fail_unless (out == in, "no passthrough at 360 with fit");
  gst_buffer_unref (out);

  g_object_set (h->element, "angle", 45.0, NULL);
  push_and_check (h, 0, 2, 0, "fit 45");
  out_info = hh_sink_info (h);
  fail_unless_equals_int (GST_VIDEO_INFO_WIDTH (&out_info), 100);
  fail_unless_equals_int (GST_VIDEO_INFO_HEIGHT (&out_info), 100);

  gst_util_set_object_arg (G_OBJECT (h->element), "output-size", "same");
  push_and_check (h, 0, 3, 0, "same 45");
  out_info = hh_sink_info (h);
  fail_unless_equals_int (GST_VIDEO_INFO_WIDTH (&out_info), 80);
  fail_unless_equals_int (GST_VIDEO_INFO_HEIGHT (&out_info), 60);

  gst_buffer_unref (in);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Quarter turns with fit turn the pixels too: the pixel aspect ratio is
 * inverted where width and height swap, as videoflip does, so that the
 * displayed picture keeps its shape. */
GST_START_TEST (test_pixel_aspect_ratio)
{
  static const struct
  {
    gdouble angle;
    gint par_n, par_d;
  } cases[] = {
    {0, 4, 3}, {90, 3, 4}, {180, 4, 3}, {270, 3, 4}, {-90, 3, 4},
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    gchar *props = g_strdup_printf ("output-size=fit angle=%g",
        cases[i].angle);
    GstHarness *h = rotate_harness (props, CAPS ("RGBA", 64, 48)
        ", pixel-aspect-ratio=4/3");
    GstVideoInfo info = hh_src_info (h), out_info;

    gst_buffer_unref (gst_harness_push_and_pull (h, noise_buffer (&info, 0,
                1)));
    out_info = hh_sink_info (h);
    fail_unless (GST_VIDEO_INFO_PAR_N (&out_info) == cases[i].par_n
        && GST_VIDEO_INFO_PAR_D (&out_info) == cases[i].par_d,
        "angle %g: pixel-aspect-ratio %d/%d, want %d/%d", cases[i].angle,
        GST_VIDEO_INFO_PAR_N (&out_info), GST_VIDEO_INFO_PAR_D (&out_info),
        cases[i].par_n, cases[i].par_d);
    gst_harness_teardown (h);
    g_free (props);
  }
}

GST_END_TEST;

/* Non-square pixels turn in display space: the picture keeps its shape,
 * and with fit the box is measured in display units. */
GST_START_TEST (test_non_square_pixels)
{
  static const struct
  {
    const gchar *format;
    const gchar *par;
    gdouble par_value;
    const gchar *props;
  } cases[] = {
    {"RGBA", "2/1", 2.0, "angle=30 method=nearest"},
    {"RGBA", "2/1", 2.0, "angle=30 method=bilinear output-size=fit"},
    {"I420", "16/11", 16.0 / 11, "angle=-100 method=bilinear"},
    {"GRAY8", "3/4", 0.75, "angle=200 method=bicubic output-size=fit"},
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    gchar *caps = g_strdup_printf ("video/x-raw, format=%s, width=64, "
        "height=48, framerate=30/1, pixel-aspect-ratio=%s", cases[i].format,
        cases[i].par);
    GstHarness *h = rotate_harness (cases[i].props, caps);
    GstVideoInfo out_info;
    gint want_w = 64, want_h = 48;

    push_and_check (h, 0, i + 1, 0, cases[i].props);
    out_info = hh_sink_info (h);
    if (strstr (cases[i].props, "fit"))
      rotref_fit_size (element_params (h->element).angle, 64, 48,
          cases[i].par_value, &want_w, &want_h);
    fail_unless_equals_int (GST_VIDEO_INFO_WIDTH (&out_info), want_w);
    fail_unless_equals_int (GST_VIDEO_INFO_HEIGHT (&out_info), want_h);
    gst_harness_teardown (h);
    g_free (caps);
  }
}

GST_END_TEST;

/* An unknown pixel aspect ratio, 0/1, counts as 1/1: with fit the box is
 * that of square pixels and the output says 1/1; the pixels are the
 * model's for square pixels. */
GST_START_TEST (test_unknown_par)
{
  static const gdouble angles[] = { 30, 90, -135 };

  for (guint i = 0; i < G_N_ELEMENTS (angles); i++) {
    gchar *props = g_strdup_printf ("output-size=fit angle=%g", angles[i]);
    GstHarness *h = rotate_harness (props, CAPS ("RGBA", 64, 48)
        ", pixel-aspect-ratio=0/1");
    GstVideoInfo in_info, out_info;
    GstVideoFrame in_frame, out_frame;
    GstBuffer *in, *out;
    RotRefParams params;
    RotRefDiff diff;
    gint want_w, want_h;

    gst_video_info_set_format (&in_info, GST_VIDEO_FORMAT_RGBA, 64, 48);
    in = noise_buffer (&in_info, 0, i + 1);
    out = gst_harness_push_and_pull (h, gst_buffer_ref (in));
    fail_unless (out != NULL, "%s: no output", props);
    out_info = hh_sink_info (h);
    rotref_fit_size (angles[i], 64, 48, 1.0, &want_w, &want_h);
    fail_unless_equals_int (GST_VIDEO_INFO_WIDTH (&out_info), want_w);
    fail_unless_equals_int (GST_VIDEO_INFO_HEIGHT (&out_info), want_h);
    fail_unless (GST_VIDEO_INFO_PAR_N (&out_info) == 1
        && GST_VIDEO_INFO_PAR_D (&out_info) == 1,
        "%s: output pixel-aspect-ratio %d/%d", props,
        GST_VIDEO_INFO_PAR_N (&out_info), GST_VIDEO_INFO_PAR_D (&out_info));

    fail_unless (gst_video_frame_map (&in_frame, &in_info, in, GST_MAP_READ));
    fail_unless (gst_video_frame_map (&out_frame, &out_info, out,
            GST_MAP_READ));
    params = element_params (h->element);
    diff = rotref_compare (&in_frame, &out_frame, &params);
    assert_diff_ok (&diff, params.method, 255, props);
    gst_video_frame_unmap (&out_frame);
    gst_video_frame_unmap (&in_frame);

    gst_buffer_unref (out);
    gst_buffer_unref (in);
    gst_harness_teardown (h);
    g_free (props);
  }
}

GST_END_TEST;

/* A GstController ramp on "angle": each frame shows the ramp's value at
 * its timestamp. */

static GstControlSource *
angle_ramp (GstHarness * h, gdouble from, gdouble to, GstClockTime duration)
{
  GstControlSource *cs = gst_interpolation_control_source_new ();
  GstTimedValueControlSource *tvcs = GST_TIMED_VALUE_CONTROL_SOURCE (cs);

  g_object_set (cs, "mode", GST_INTERPOLATION_MODE_LINEAR, NULL);
  fail_unless (gst_timed_value_control_source_set (tvcs, 0, from));
  fail_unless (gst_timed_value_control_source_set (tvcs, duration, to));
  /* Absolute: "angle" has no finite range to map 0..1 onto. */
  fail_unless (gst_object_add_control_binding (GST_OBJECT (h->element),
          gst_direct_control_binding_new_absolute (GST_OBJECT (h->element),
              "angle", cs)));
  return cs;
}

static void
check_ramp (const gchar * props, const gchar * caps)
{
  static const GstClockTime times[] = { 0, 250 * GST_MSECOND,
    500 * GST_MSECOND, 900 * GST_MSECOND, GST_SECOND, 1500 * GST_MSECOND,
  };
  GstHarness *h = rotate_harness (props, caps);
  GstControlSource *cs = angle_ramp (h, 10.0, 50.0, GST_SECOND);

  for (guint i = 0; i < G_N_ELEMENTS (times); i++) {
    /* 10 -> 50 degrees over the first second, then held */
    gdouble want = 10.0 + 40.0 * MIN (times[i], GST_SECOND) / GST_SECOND;
    gchar *what = g_strdup_printf ("%s, %s, at %" GST_TIME_FORMAT, caps,
        props, GST_TIME_ARGS (times[i]));
    gdouble angle;

    push_and_check (h, 0, i, times[i], what);
    g_object_get (h->element, "angle", &angle, NULL);
    fail_unless (fabs (angle - want) < 1e-9, "%s: angle %g, want %g", what,
        angle, want);
    if (strstr (props, "fit")) {
      GstVideoInfo in_info = hh_src_info (h), out_info = hh_sink_info (h);
      gint w, hgt;

      rotref_fit_size (want, GST_VIDEO_INFO_WIDTH (&in_info),
          GST_VIDEO_INFO_HEIGHT (&in_info), 1.0, &w, &hgt);
      fail_unless_equals_int (GST_VIDEO_INFO_WIDTH (&out_info), w);
      fail_unless_equals_int (GST_VIDEO_INFO_HEIGHT (&out_info), hgt);
    }
    g_free (what);
  }
  gst_object_unref (cs);
  gst_harness_teardown (h);
}

GST_START_TEST (test_controlled_angle)
{
  check_ramp ("method=nearest", CAPS ("RGBA", 80, 60));
  check_ramp ("method=bilinear", CAPS ("I420", 80, 60));
}

GST_END_TEST;

/* With fit, each frame's size must follow the angle it is drawn at. */
GST_START_TEST (test_controlled_angle_fit)
{
  check_ramp ("method=nearest output-size=fit", CAPS ("RGBA", 80, 60));
}

GST_END_TEST;

/* Passthrough: the input buffer itself comes out. */

GST_START_TEST (test_passthrough)
{
  static const struct
  {
    const gchar *props;
    gboolean passthrough;
  } cases[] = {
    {"angle=0", TRUE},
    {"angle=360", TRUE},
    {"angle=-720 method=bicubic", TRUE},
    {"angle=360 output-size=fit", TRUE},
    {"angle=0 center-x=0.1", TRUE},
    {"angle=180", FALSE},
    {"angle=0.5", FALSE},
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    GstHarness *h = rotate_harness (cases[i].props, CAPS ("RGBA", 64, 48));
    GstVideoInfo info = hh_src_info (h);
    GstBuffer *in = noise_buffer (&info, 0, i);
    GstBuffer *out = gst_harness_push_and_pull (h, gst_buffer_ref (in));

    fail_unless ((out == in) == cases[i].passthrough, "%s: passthrough %d",
        cases[i].props, out == in);
    gst_buffer_unref (out);
    gst_buffer_unref (in);
    gst_harness_teardown (h);
  }
}

GST_END_TEST;

/* Passthrough follows the angle while playing. */
GST_START_TEST (test_passthrough_toggle)
{
  static const gdouble angles[] = { 0, 30, 360, -90, 0 };
  GstHarness *h = rotate_harness ("method=nearest", CAPS ("GRAY8", 64, 48));
  GstVideoInfo info = hh_src_info (h);

  for (guint i = 0; i < G_N_ELEMENTS (angles); i++) {
    GstBuffer *in = noise_buffer (&info, 0, i), *out;
    gboolean identity = fmod (angles[i], 360) == 0;

    g_object_set (h->element, "angle", angles[i], NULL);
    out = gst_harness_push_and_pull (h, gst_buffer_ref (in));
    fail_unless ((out == in) == identity, "angle %g: passthrough %d",
        angles[i], out == in);
    gst_buffer_unref (out);
    gst_buffer_unref (in);
    if (!identity)
      push_and_check (h, 0, i, GST_CLOCK_TIME_NONE, "after toggling");
  }
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Navigation: pointer positions on the output are mapped to the input. */

GST_START_TEST (test_navigation)
{
  static const struct
  {
    const gchar *props;
    gdouble x, y;
  } cases[] = {
    {"angle=90 output-size=fit", 10, 20},
    {"angle=90 output-size=fit", 239.5, 0},
    {"angle=30 center-x=0.25 center-y=0.75", 100, 50},
    {"angle=-135 output-size=fit", 5, 300},
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    GstHarness *h = rotate_harness (cases[i].props, CAPS ("RGBA", 320, 240));
    GstVideoInfo in_info = hh_src_info (h), out_info;
    RotRefParams params = element_params (h->element);
    GstEvent *event;
    gdouble x = -1, y = -1, want_x, want_y;

    gst_buffer_unref (gst_harness_push_and_pull (h,
            noise_buffer (&in_info, 0, 1)));
    out_info = hh_sink_info (h);
    rotref_map_point (&params, 320, 240, GST_VIDEO_INFO_WIDTH (&out_info),
        GST_VIDEO_INFO_HEIGHT (&out_info), cases[i].x, cases[i].y, &want_x,
        &want_y);

    fail_unless (gst_harness_push_upstream_event (h,
            gst_navigation_event_new_mouse_move (cases[i].x, cases[i].y,
                GST_NAVIGATION_MODIFIER_NONE)));
    while ((event = gst_harness_try_pull_upstream_event (h))) {
      if (GST_EVENT_TYPE (event) == GST_EVENT_NAVIGATION)
        fail_unless (gst_navigation_event_get_coordinates (event, &x, &y));
      gst_event_unref (event);
    }
    GST_INFO ("%s: (%g, %g) -> (%g, %g)", cases[i].props, cases[i].x,
        cases[i].y, x, y);
    fail_unless (fabs (x - want_x) < 1e-6 && fabs (y - want_y) < 1e-6,
        "%s: (%g, %g) -> (%g, %g), want (%g, %g)", cases[i].props,
        cases[i].x, cases[i].y, x, y, want_x, want_y);
    gst_harness_teardown (h);
  }
}

GST_END_TEST;

/* 90 degrees counter-clockwise into a 240x320 box: output (x, y) shows
 * input (320 - y, x), written out by hand. */
GST_START_TEST (test_navigation_quarter_turn)
{
  GstHarness *h = rotate_harness ("angle=90 output-size=fit",
      CAPS ("RGBA", 320, 240));
  GstVideoInfo info = hh_src_info (h);
  GstEvent *event;
  gdouble x = -1, y = -1;

  gst_buffer_unref (gst_harness_push_and_pull (h, noise_buffer (&info, 0,
              1)));
  fail_unless (gst_harness_push_upstream_event (h,
          gst_navigation_event_new_mouse_move (10, 20,
              GST_NAVIGATION_MODIFIER_NONE)));
  while ((event = gst_harness_try_pull_upstream_event (h))) {
    if (GST_EVENT_TYPE (event) == GST_EVENT_NAVIGATION)
      gst_navigation_event_get_coordinates (event, &x, &y);
    gst_event_unref (event);
  }
  fail_unless_equals_float (x, 300);
  fail_unless_equals_float (y, 10);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* NV12 in images needs CL_RG images: refused where there are none. */
GST_START_TEST (test_nv12_image_refused)
{
  GstHarness *h;
  GstVideoInfo info;
  GstFlowReturn ret;

  if (image_memory_serves (GST_VIDEO_FORMAT_NV12)) {
    GST_INFO ("this device has CL_RG images: nothing to refuse");
    return;
  }
  h = rotate_harness ("storage=image angle=30", CAPS ("NV12", 64, 48));
  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_NV12, 64, 48);
  ret = gst_harness_push (h, noise_buffer (&info, 0, 1));
  fail_unless_equals_int (ret, GST_FLOW_NOT_NEGOTIATED);
  gst_harness_teardown (h);

  /* The same caps are fine in buffers. */
  h = rotate_harness ("storage=buffer angle=30", CAPS ("NV12", 64, 48));
  push_and_check (h, 0, 1, 0, "NV12 in buffers");
  gst_harness_teardown (h);
}

GST_END_TEST;

static Suite *
clrotate_suite (void)
{
  Suite *s = suite_create ("clrotate");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_against_model, 0,
      G_N_ELEMENTS (model_cases));
  tcase_add_loop_test (tc, test_quarter_turns, 0, G_N_ELEMENTS (all_formats));
  tcase_add_loop_test (tc, test_background, 0,
      G_N_ELEMENTS (background_cases));
  tcase_add_test (tc, test_fit_sizes);
  tcase_add_test (tc, test_fit_size_values);
  tcase_add_test (tc, test_angle_change_same);
  tcase_add_test (tc, test_angle_change_fit);
  tcase_add_test (tc, test_fit_changes);
  tcase_add_test (tc, test_pixel_aspect_ratio);
  tcase_add_test (tc, test_non_square_pixels);
  tcase_add_test (tc, test_unknown_par);
  tcase_add_test (tc, test_controlled_angle);
  tcase_add_test (tc, test_controlled_angle_fit);
  tcase_add_test (tc, test_passthrough);
  tcase_add_test (tc, test_passthrough_toggle);
  tcase_add_test (tc, test_navigation);
  tcase_add_test (tc, test_navigation_quarter_turn);
  tcase_add_test (tc, test_nv12_image_refused);
  return s;
}

GST_CHECK_MAIN (clrotate);
