/* gst-opencl: the native cl_qcom_filter_bicubic path of clbicubicscale and
 * clrotate, run through the test layer (tests/layer).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The layer makes the device advertise cl_qcom_filter_bicubic and creates
 * a CL_FILTER_LINEAR sampler wherever the elements ask for a
 * CL_FILTER_BICUBIC_QCOM one: the drivers the suite runs on cannot filter
 * bicubically. So here the native kernels' output is the device's
 * bilinear filter at the native kernels' sample points, and the tests
 * compare it with a bilinear reference written from the OpenCL spec's
 * linear-filter rule; the emulated (Catmull-Rom) kernels would give other
 * pixels, which the tests check too. The layer counts the bicubic
 * samplers made and released and the kernels run with one; the tests read
 * those counts.
 *
 * The selection rules (docs/clbicubicscale.md): auto takes the native
 * sampler only with images, Catmull-Rom weights and no widening.
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>
#include <gmodule.h>

#include <math.h>

#include <gst/opencl/gstclframe.h>
#include "harness-helpers.h"
#include "qcom-bicubic-layer.h"
#include "reliability.h"
#include "reference.h"
#include "rotate-reference.h"

/* GstCLBicubicScaleMode */
enum
{
  MODE_AUTO,
  MODE_NATIVE,
  MODE_EMULATED,
};

static const gchar *const all_formats[] = {
  "RGBA", "BGRA", "ARGB", "ABGR", "RGBx", "BGRx", "xRGB", "xBGR",
  "GRAY8", "GRAY16_LE", "I420", "NV12",
};

/* Helpers */

static const GstCLDeviceInfo *
device (void)
{
  const GstCLDeviceInfo *info = gst_cl_device_select (NULL, NULL);

  fail_unless (info != NULL, "no OpenCL device");
  return info;
}

/* The layer's function @name. The loader loads the layer on the first
 * OpenCL call (the device enumeration here): the handle opened here is
 * then the loader's, and the function stays valid after it is closed. */
static gpointer
layer_function (const gchar * name)
{
  const gchar *path = g_getenv ("OPENCL_LAYERS");
  gpointer function = NULL;
  GModule *layer;

  fail_unless (path != NULL, "OPENCL_LAYERS is not set");
  device ();
  layer = g_module_open (path, G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);
  fail_unless (layer != NULL, "cannot open the layer: %s", g_module_error ());
  fail_unless (g_module_symbol (layer, name, &function), "%s: %s", name,
      g_module_error ());
  g_module_close (layer);
  return function;
}

static GstCLQcomLayerCounts
layer_counts (void)
{
  GstCLQcomLayerGetCounts get_counts =
      layer_function (GST_CL_QCOM_LAYER_COUNTS_SYMBOL);
  GstCLQcomLayerCounts counts;

  get_counts (&counts);
  return counts;
}

static void
layer_refuse_samplers (gboolean refuse)
{
  GstCLQcomLayerRefuseSamplers refuse_samplers =
      layer_function (GST_CL_QCOM_LAYER_REFUSE_SYMBOL);

  refuse_samplers (refuse);
}

static gboolean
images_hold (const gchar * format)
{
  return gst_cl_format_supported (gst_video_format_from_string (format),
      GST_CL_STORAGE_IMAGE, device ());
}

/* The bus of a harnessed element holds messages that hold the element. */
static void
teardown_with_bus (GstHarness * h, GstBus * bus)
{
  gst_bus_set_flushing (bus, TRUE);
  gst_harness_teardown (h);
  gst_object_unref (bus);
}

static GstBuffer *
random_buffer (const GstVideoInfo * info, guint32 seed)
{
  GstBuffer *buffer = gst_buffer_new_allocate (NULL, info->size, NULL);
  GstVideoFrame frame;

  fail_unless (gst_video_frame_map (&frame, info, buffer, GST_MAP_WRITE));
  ref_fill_random (&frame, seed);
  gst_video_frame_unmap (&frame);
  return buffer;
}

/* Pushes a random frame of @in_info, sets *@in_frame and *@out_frame to
 * it and the output, mapped. */
static void
push_and_map (GstHarness * h, const GstVideoInfo * in_info, guint32 seed,
    GstVideoFrame * in_frame, GstVideoFrame * out_frame)
{
  GstBuffer *in = random_buffer (in_info, seed), *out;

  out = gst_harness_push_and_pull (h, gst_buffer_ref (in));
  fail_unless (out != NULL, "no output");
  fail_unless (gst_video_frame_map (in_frame, in_info, in, GST_MAP_READ));
  hh_map_sink_frame (h, out, out_frame);
  gst_buffer_unref (in);
  gst_buffer_unref (out);
}

static void
unmap_frames (GstVideoFrame * in_frame, GstVideoFrame * out_frame)
{
  gst_video_frame_unmap (out_frame);
  gst_video_frame_unmap (in_frame);
}

static gint
active_mode (GstHarness * h)
{
  gint mode;

  g_object_get (h->element, "active-mode", &mode, NULL);
  return mode;
}

/* The first error on @bus, whose detail (the debug string) must name
 * @cause. */
static void
assert_error (GstBus * bus, const gchar * cause)
{
  GstMessage *msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  GError *error = NULL;
  gchar *debug = NULL;

  fail_unless (msg != NULL, "no error posted");
  gst_message_parse_error (msg, &error, &debug);
  fail_unless (debug != NULL && strstr (debug, cause) != NULL,
      "error '%s' (%s) does not name '%s'", error->message, debug, cause);
  g_clear_error (&error);
  g_free (debug);
  gst_message_unref (msg);
}

/* The bilinear reference */

/* What a linear sampler of the OpenCL spec gives for the texel coordinate
 * (u, v) of @in (pixel centres at i + 0.5, clamp to edge): taps
 * i0 = floor (u - 0.5) and i0 + 1 with the weight a = frac (u - 0.5) on the
 * second, likewise along v. *@spread is the largest minus the smallest
 * tap. */
static gdouble
linear_sample (const RefPlane * in, gdouble u, gdouble v, gint c,
    gdouble * spread)
{
  gint i0 = (gint) floor (u - 0.5), j0 = (gint) floor (v - 0.5);
  gdouble a = (u - 0.5) - i0, b = (v - 0.5) - j0;
  gdouble t00 = ref_plane_at (in, i0, j0, c);
  gdouble t10 = ref_plane_at (in, i0 + 1, j0, c);
  gdouble t01 = ref_plane_at (in, i0, j0 + 1, c);
  gdouble t11 = ref_plane_at (in, i0 + 1, j0 + 1, c);

  *spread = MAX (MAX (t00, t10), MAX (t01, t11)) -
      MIN (MIN (t00, t10), MIN (t01, t11));
  return (1 - a) * (1 - b) * t00 + a * (1 - b) * t10 + (1 - a) * b * t01 +
      a * b * t11;
}

/* Allowed |output - reference|: 0.5 is the element's rounding to nearest;
 * a float margin; and the driver's filter precision, which the spec leaves
 * to the implementation: PoCL weights in float; NVIDIA's texture units
 * keep weights with 8-bit fractions, an error up to 1/256 of the taps'
 * difference per axis, so 2 / 256 of their spread over the two axes.
 * Measured: PoCL 3.1 at most 0.5 + 4e-13 at 8 bits, 0.5 + 0.017 at 16
 * bits; the H100 (driver 580) up to 0.5 + spread / 222. */
#define FLOAT_MARGIN_8BIT 0.01
#define FLOAT_MARGIN_16BIT 0.05
#define WEIGHT_ERROR (2.0 / 256)

/* Fails unless every value of @out inside @picture (a rectangle in luma
 * pixels on whole chroma samples; NULL: all of it) is the linear filter of
 * @in at the native scaling kernel's sample point, and every value outside
 * it is @border (per plane). In a plane whose picture is pw x ph at
 * (px, py), output pixel (x, y) samples u = (x - px + 0.5) * in_width / pw,
 * likewise v. */
static void
assert_bilinear_picture (const GstVideoFrame * in, const GstVideoFrame * out,
    const GstVideoRectangle * picture, const gdouble border[][4],
    const gchar * what)
{
  gdouble max_value = ref_frame_max_value (out);
  gdouble margin = max_value > 255 ? FLOAT_MARGIN_16BIT : FLOAT_MARGIN_8BIT;

  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (out); p++) {
    RefPlane *src = ref_plane_from_frame (in, p);
    RefPlane *got = ref_plane_from_frame (out, p);
    GstVideoRectangle r = { 0, 0, got->width, got->height };
    gdouble worst = 0;

    if (picture) {
      gint comp[GST_VIDEO_MAX_COMPONENTS];
      guint w_sub, h_sub;

      gst_video_format_info_component (out->info.finfo, p, comp);
      w_sub = GST_VIDEO_FORMAT_INFO_W_SUB (out->info.finfo, comp[0]);
      h_sub = GST_VIDEO_FORMAT_INFO_H_SUB (out->info.finfo, comp[0]);
      r.x = picture->x >> w_sub;
      r.y = picture->y >> h_sub;
      r.w = picture->w >> w_sub;
      r.h = picture->h >> h_sub;
    }
    for (gint y = 0; y < got->height; y++) {
      for (gint x = 0; x < got->width; x++) {
        gboolean inside = x >= r.x && x < r.x + r.w && y >= r.y
            && y < r.y + r.h;
        gdouble u = (x - r.x + 0.5) * src->width / r.w;
        gdouble v = (y - r.y + 0.5) * src->height / r.h;

        for (gint c = 0; c < got->channels; c++) {
          gdouble value = got->data[((gsize) y * got->width + x) *
              got->channels + c];
          gdouble spread, want, allowed;

          if (!inside) {
            fail_unless (value == border[p][c], "%s: plane %u (%d, %d) "
                "channel %d: %g in the border, not %g", what, p, x, y, c,
                value, border[p][c]);
            continue;
          }
          want = CLAMP (linear_sample (src, u, v, c, &spread), 0, max_value);
          allowed = 0.5 + margin + spread * WEIGHT_ERROR;
          worst = MAX (worst, fabs (value - want) - 0.5);
          fail_unless (fabs (value - want) <= allowed,
              "%s: plane %u (%d, %d) channel %d: expected %.3f (linear "
              "filter at %.3f, %.3f), got %g, allowed %.3f", what, p, x, y,
              c, want, u, v, value, allowed);
        }
      }
    }
    GST_INFO ("%s: plane %u within 0.5 + %g of the bilinear reference",
        what, p, worst);
    ref_plane_free (got);
    ref_plane_free (src);
  }
}

static void
assert_bilinear_scaling (const GstVideoFrame * in, const GstVideoFrame * out,
    const gchar * what)
{
  assert_bilinear_picture (in, out, NULL, NULL, what);
}

/* Fails unless @out is far (more than @levels) from the Catmull-Rom
 * scaling of @in: the emulated kernel's output. */
static void
assert_not_catmull_rom (const GstVideoFrame * in, const GstVideoFrame * out,
    gdouble levels, const gchar * what)
{
  RefPlane *src = ref_plane_from_frame (in, 0);
  RefPlane *got = ref_plane_from_frame (out, 0);
  RefPlane *cubic = ref_scale_seed000 (src, got->width, got->height);
  RefDiff diff = ref_compare (cubic, got, ref_frame_max_value (out));

  fail_unless (diff.max > levels, "%s: the output is the Catmull-Rom "
      "scaling (max diff %g): the emulated kernel ran", what, diff.max);
  ref_plane_free (cubic);
  ref_plane_free (got);
  ref_plane_free (src);
}

/* The layer */

GST_START_TEST (test_layer_gives_the_extension)
{
  const GstCLDeviceInfo *info = device ();
  cl_name_version *list;
  gboolean listed = FALSE;
  size_t size = 0;

  fail_unless (info->has_qcom_bicubic, "%s does not advertise "
      "cl_qcom_filter_bicubic: the layer in OPENCL_LAYERS was not loaded "
      "(an ICD loader without layer support?)", info->device_name);

  /* OpenCL 3.0 devices also list it with a version. */
  if (clGetDeviceInfo (info->device, CL_DEVICE_EXTENSIONS_WITH_VERSION, 0,
          NULL, &size) != CL_SUCCESS)
    return;
  list = g_malloc (size);
  fail_unless_equals_int (clGetDeviceInfo (info->device,
          CL_DEVICE_EXTENSIONS_WITH_VERSION, size, list, NULL), CL_SUCCESS);
  for (gsize i = 0; i < size / sizeof (cl_name_version); i++)
    listed |= g_str_equal (list[i].name, "cl_qcom_filter_bicubic");
  fail_unless (listed);
  g_free (list);
}

GST_END_TEST;

/* clbicubicscale */

typedef struct
{
  const gchar *props;
  gint in_width, in_height, out_width, out_height;
  gint mode;                    /* the path auto (or the mode) must take */
} Selection;

/* Per rule of the selection, a case on each side of it. */
static const Selection selections[] = {
  {"storage=image", 23, 17, 50, 37, MODE_NATIVE},
  {"storage=image", 50, 37, 50, 37 * 2, MODE_NATIVE},
  {"storage=image antialias=false", 50, 37, 23, 17, MODE_NATIVE},
  {"storage=image", 50, 37, 23, 17, MODE_EMULATED},
  {"storage=image", 50, 37, 49, 60, MODE_EMULATED},
  {"storage=buffer", 23, 17, 50, 37, MODE_EMULATED},
  {"storage=image filter=mitchell", 23, 17, 50, 37, MODE_EMULATED},
  {"storage=image b=0.0 c=0.5", 23, 17, 50, 37, MODE_NATIVE},
  {"storage=image b=0.0 c=0.6", 23, 17, 50, 37, MODE_EMULATED},
  {"storage=image mode=emulated", 23, 17, 50, 37, MODE_EMULATED},
  {"storage=image mode=native", 23, 17, 50, 37, MODE_NATIVE},
};

static GstHarness *
scale_harness (const gchar * props, const GstVideoInfo * in_info,
    gint out_width, gint out_height, GstBus * bus)
{
  gchar *all = g_strdup_printf ("add-borders=false %s", props);
  GstHarness *h = rel_harness_new ("clbicubicscale", all, bus);
  gchar *sink_caps = g_strdup_printf ("video/x-raw, width=%d, height=%d",
      out_width, out_height);

  gst_harness_set_src_caps (h, gst_video_info_to_caps (in_info));
  gst_harness_set_sink_caps_str (h, sink_caps);
  g_free (sink_caps);
  g_free (all);
  return h;
}

/* auto picks the native path exactly where the rules allow it, says so
 * in active-mode, and only then creates a bicubic sampler and runs a
 * kernel with it. */
GST_START_TEST (test_scale_selection)
{
  const Selection *s = &selections[__i__];
  GstCLQcomLayerCounts before = layer_counts (), after;
  GstBus *bus = gst_bus_new ();
  GstVideoFrame in, out;
  GstVideoInfo info;
  GstHarness *h;

  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_RGBA, s->in_width,
      s->in_height);
  h = scale_harness (s->props, &info, s->out_width, s->out_height, bus);
  push_and_map (h, &info, __i__, &in, &out);
  fail_unless_equals_int (active_mode (h), s->mode);
  after = layer_counts ();
  if (s->mode == MODE_NATIVE) {
    fail_unless_equals_int (after.samplers_created - before.samplers_created,
        1);
    fail_unless_equals_int (after.kernel_runs - before.kernel_runs, 1);
    assert_bilinear_scaling (&in, &out, s->props);
  } else {
    fail_unless_equals_int (after.samplers_created, before.samplers_created);
    fail_unless_equals_int (after.kernel_runs, before.kernel_runs);
  }
  unmap_frames (&in, &out);
  teardown_with_bus (h, bus);

  after = layer_counts ();
  fail_unless_equals_int (after.samplers_released - before.samplers_released,
      after.samplers_created - before.samplers_created);
}

GST_END_TEST;

/* The native kernel for every format that images hold on the device, up
 * and (without antialias) down: one kernel run per plane through the
 * bicubic sampler, which is clamped to the edge with unnormalised
 * coordinates, and the device's filter at the kernel's sample points. */
GST_START_TEST (test_scale_native_formats)
{
  const gchar *format = all_formats[__i__ / 2];
  gboolean up = __i__ % 2;
  GstCLQcomLayerCounts before = layer_counts (), after;
  GstVideoFrame in, out;
  GstVideoInfo info;
  GstHarness *h;
  GstBus *bus;
  gchar *what;

  if (!images_hold (format))
    return;
  bus = gst_bus_new ();
  gst_video_info_set_format (&info, gst_video_format_from_string (format),
      up ? 22 : 50, up ? 16 : 38);
  h = scale_harness ("storage=image antialias=false", &info, up ? 50 : 22,
      up ? 38 : 16, bus);
  what = g_strdup_printf ("%s %dx%d -> %dx%d", format, info.width,
      info.height, up ? 50 : 22, up ? 38 : 16);
  push_and_map (h, &info, __i__, &in, &out);

  fail_unless_equals_int (active_mode (h), MODE_NATIVE);
  after = layer_counts ();
  fail_unless_equals_int (after.samplers_created - before.samplers_created, 1);
  fail_unless_equals_int (after.last_addressing, CL_ADDRESS_CLAMP_TO_EDGE);
  fail_unless_equals_int (after.last_normalized, CL_FALSE);
  fail_unless_equals_int (after.kernel_runs - before.kernel_runs,
      GST_VIDEO_INFO_N_PLANES (&info));
  assert_bilinear_scaling (&in, &out, what);
  assert_not_catmull_rom (&in, &out, ref_frame_max_value (&out) / 32, what);

  unmap_frames (&in, &out);
  teardown_with_bus (h, bus);
  after = layer_counts ();
  fail_unless_equals_int (after.samplers_released - before.samplers_released,
      1);
  g_free (what);
}

GST_END_TEST;

/* New caps (size and format) mid-stream and mode changes while playing:
 * the native kernels are rebuilt for each caps, the one sampler serves
 * them all, and it is released when the element stops. */
GST_START_TEST (test_scale_renegotiation)
{
  static const struct
  {
    GstVideoFormat format;
    gint width, height;
  } inputs[] = {
    {GST_VIDEO_FORMAT_RGBA, 24, 18},
    {GST_VIDEO_FORMAT_GRAY8, 30, 20},
    {GST_VIDEO_FORMAT_I420, 16, 12},
  };
  GstCLQcomLayerCounts before = layer_counts (), after;
  GstBus *bus = gst_bus_new ();
  GstVideoFrame in, out;
  GstVideoInfo info;
  GstHarness *h;
  gint runs = 0;

  gst_video_info_set_format (&info, inputs[0].format, inputs[0].width,
      inputs[0].height);
  h = scale_harness ("storage=image", &info, 48, 36, bus);
  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++) {
    gst_video_info_set_format (&info, inputs[i].format, inputs[i].width,
        inputs[i].height);
    gst_harness_set_src_caps (h, gst_video_info_to_caps (&info));
    push_and_map (h, &info, i, &in, &out);
    fail_unless_equals_int (active_mode (h), MODE_NATIVE);
    assert_bilinear_scaling (&in, &out, gst_video_format_to_string
        (inputs[i].format));
    unmap_frames (&in, &out);
    runs += GST_VIDEO_INFO_N_PLANES (&info);

    /* Emulated for a frame, then native again. */
    g_object_set (h->element, "mode", MODE_EMULATED, NULL);
    push_and_map (h, &info, i, &in, &out);
    fail_unless_equals_int (active_mode (h), MODE_EMULATED);
    unmap_frames (&in, &out);
    g_object_set (h->element, "mode", MODE_AUTO, NULL);
  }
  after = layer_counts ();
  fail_unless_equals_int (after.kernel_runs - before.kernel_runs, runs);
  fail_unless_equals_int (after.samplers_created - before.samplers_created, 1);
  fail_unless_equals_int (after.samplers_released, before.samplers_released);

  teardown_with_bus (h, bus);
  after = layer_counts ();
  fail_unless_equals_int (after.samplers_released - before.samplers_released,
      1);
}

GST_END_TEST;

/* A pipeline run to the end three times: each run opens the device,
 * makes one bicubic sampler, and releases it when it stops. */
GST_START_TEST (test_scale_lifecycle)
{
  GstElement *pipeline = gst_parse_launch ("videotestsrc num-buffers=2 ! "
      "video/x-raw, format=I420, width=32, height=24 ! "
      "clbicubicscale storage=image ! video/x-raw, width=64, height=48 ! "
      "fakesink", NULL);
  GstBus *bus = gst_element_get_bus (pipeline);

  for (guint run = 0; run < 3; run++) {
    GstCLQcomLayerCounts before = layer_counts (), after;
    GstMessage *msg;

    fail_unless (gst_element_set_state (pipeline, GST_STATE_PLAYING) !=
        GST_STATE_CHANGE_FAILURE);
    msg = gst_bus_timed_pop_filtered (bus, 60 * GST_SECOND,
        GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
    fail_unless (msg != NULL && GST_MESSAGE_TYPE (msg) == GST_MESSAGE_EOS,
        "run %u did not reach EOS", run);
    gst_message_unref (msg);
    after = layer_counts ();
    fail_unless_equals_int (after.samplers_created - before.samplers_created,
        1);
    /* two frames of three planes */
    fail_unless_equals_int (after.kernel_runs - before.kernel_runs, 6);

    fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
        GST_STATE_CHANGE_SUCCESS);
    after = layer_counts ();
    fail_unless_equals_int (after.samplers_released -
        before.samplers_released, 1);
  }
  gst_object_unref (bus);
  gst_object_unref (pipeline);
}

GST_END_TEST;

/* add-borders letterboxes: the native kernel scales into the picture's
 * rectangle and writes the border colour around it. 32x18 (16:9) into
 * 64x48 with square pixels puts the picture at (0, 6), 64x36; black is
 * (0, 0, 0, 255) in RGBA, Y 16 and U, V 128 in (limited range) I420. */
GST_START_TEST (test_scale_native_letterbox)
{
  static const struct
  {
    GstVideoFormat format;
    gdouble border[3][4];
  } cases[] = {
    {GST_VIDEO_FORMAT_RGBA, {{0, 0, 0, 255}}},
    {GST_VIDEO_FORMAT_I420, {{16}, {128}, {128}}},
  };
  const GstVideoRectangle picture = { 0, 6, 64, 36 };
  GstBus *bus = gst_bus_new ();
  GstVideoFrame in, out;
  GstVideoInfo info;
  GstHarness *h;

  gst_video_info_set_format (&info, cases[__i__].format, 32, 18);
  h = rel_harness_new ("clbicubicscale", "storage=image", bus);
  gst_harness_set_src_caps (h, gst_video_info_to_caps (&info));
  gst_harness_set_sink_caps_str (h, "video/x-raw, width=64, height=48, "
      "pixel-aspect-ratio=1/1");
  push_and_map (h, &info, __i__, &in, &out);
  fail_unless_equals_int (active_mode (h), MODE_NATIVE);
  assert_bilinear_picture (&in, &out, &picture, cases[__i__].border,
      gst_video_format_to_string (cases[__i__].format));
  unmap_frames (&in, &out);
  teardown_with_bus (h, bus);
}

GST_END_TEST;

/* mode=native where the rules forbid the sampler: negotiation fails and
 * the error names the rule. */
GST_START_TEST (test_scale_native_refused)
{
  static const struct
  {
    const gchar *props;
    const gchar *cause;
  } cases[] = {
    {"mode=native storage=buffer", "needs storage=image"},
    {"mode=native storage=image filter=mitchell", "Catmull-Rom"},
    {"mode=native storage=image antialias=true", "antialiased downscale"},
  };
  GstBus *bus = gst_bus_new ();
  GstVideoInfo info;
  GstHarness *h;

  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_RGBA, 40, 30);
  h = scale_harness (cases[__i__].props, &info, __i__ == 2 ? 20 : 80,
      __i__ == 2 ? 15 : 60, bus);
  fail_unless_equals_int (gst_harness_push (h, random_buffer (&info, 1)),
      GST_FLOW_NOT_NEGOTIATED);
  assert_error (bus, cases[__i__].cause);
  teardown_with_bus (h, bus);
}

GST_END_TEST;

/* A property that rules the sampler out while playing: mode=native fails
 * on the next frame, naming the rule. */
GST_START_TEST (test_scale_native_refused_while_playing)
{
  GstBus *bus = gst_bus_new ();
  GstVideoFrame in, out;
  GstVideoInfo info;
  GstHarness *h;

  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_RGBA, 24, 18);
  h = scale_harness ("storage=image mode=native", &info, 48, 36, bus);
  push_and_map (h, &info, 1, &in, &out);
  fail_unless_equals_int (active_mode (h), MODE_NATIVE);
  unmap_frames (&in, &out);

  g_object_set (h->element, "c", 0.6, NULL);
  fail_unless_equals_int (gst_harness_push (h, random_buffer (&info, 2)),
      GST_FLOW_ERROR);
  assert_error (bus, "Catmull-Rom");
  teardown_with_bus (h, bus);
}

GST_END_TEST;

/* A device that fails to make the bicubic sampler: the frame fails with
 * an error that says so, and nothing is left behind (the leaks tracer and
 * the context's object counts check that at the end). */
GST_START_TEST (test_sampler_creation_fails)
{
  const gchar *factory = __i__ ? "clrotate" : "clbicubicscale";
  GstCLQcomLayerCounts before = layer_counts (), after;
  GstBus *bus = gst_bus_new ();
  GstVideoInfo info;
  GstHarness *h;

  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_RGBA, 24, 18);
  if (__i__) {
    h = rel_harness_new (factory, "storage=image method=bicubic angle=20", bus);
    gst_harness_set_src_caps (h, gst_video_info_to_caps (&info));
  } else {
    h = scale_harness ("storage=image", &info, 48, 36, bus);
  }
  layer_refuse_samplers (TRUE);
  fail_unless_equals_int (gst_harness_push (h, random_buffer (&info, 1)),
      GST_FLOW_ERROR);
  layer_refuse_samplers (FALSE);
  assert_error (bus, "Creating the bicubic sampler failed: "
      "CL_INVALID_VALUE");
  teardown_with_bus (h, bus);

  after = layer_counts ();
  fail_unless_equals_int (after.samplers_created, before.samplers_created);
  fail_unless_equals_int (after.kernel_runs, before.kernel_runs);
}

GST_END_TEST;

/* The native kernel that does not build (the broken-build layer fails the
 * builds with the native option only): the frame fails with the build
 * error, and the sampler made for it is released with the element. */
GST_START_TEST (test_native_build_fails)
{
  const gchar *factory = __i__ ? "clrotate" : "clbicubicscale";
  GstCLQcomLayerCounts before = layer_counts (), after;
  GstBus *bus = gst_bus_new ();
  GstVideoInfo info;
  GstHarness *h;

  g_setenv ("GST_CL_TEST_BROKEN_BUILD", "-DGST_CL_NATIVE_BICUBIC", TRUE);
  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_RGBA, 24, 18);
  if (__i__) {
    h = rel_harness_new (factory, "storage=image method=bicubic angle=20", bus);
    gst_harness_set_src_caps (h, gst_video_info_to_caps (&info));
  } else {
    h = scale_harness ("storage=image mode=native", &info, 48, 36, bus);
  }
  fail_unless_equals_int (gst_harness_push (h, random_buffer (&info, 1)),
      GST_FLOW_ERROR);
  g_unsetenv ("GST_CL_TEST_BROKEN_BUILD");
  assert_error (bus, "GST_CL_TEST_BROKEN_BUILD");
  teardown_with_bus (h, bus);

  after = layer_counts ();
  fail_unless_equals_int (after.kernel_runs, before.kernel_runs);
  fail_unless_equals_int (after.samplers_created - before.samplers_created,
      after.samplers_released - before.samplers_released);
}

GST_END_TEST;

/* clrotate */

/* Allowed |output - model| of the rotation: one step of the format as for
 * the emulated methods (tests/check/elements/clrotate.c), plus the
 * driver's filter precision at the worst spread of the taps (the full
 * range: the model reports only the largest difference). Measured on PoCL
 * 3.1: at most 0.5 at 8 bits, 0.6 at 16 bits. */
static gdouble
rotate_tolerance (gdouble max_value)
{
  return (max_value > 255 ? 16 : 1) + max_value * WEIGHT_ERROR;
}

/* method=bicubic with images runs the native kernel: its output is the
 * device's linear filter at the rotation's source points, faded into the
 * background at the edges as the bilinear method is. One sampler per
 * element, kept across the renegotiations that output-size=fit makes when
 * the angle changes. */
GST_START_TEST (test_rotate_native)
{
  const gchar *format = all_formats[__i__];
  /* the last twice: the same caps, the same kernel */
  static const gdouble angles[] = { 20, -33.3, -33.3 };
  GstCLQcomLayerCounts before = layer_counts (), after;
  GstVideoInfo info;
  GstHarness *h;
  GstBus *bus;
  gint runs = 0;

  if (!images_hold (format))
    return;
  bus = gst_bus_new ();
  gst_video_info_set_format (&info, gst_video_format_from_string (format),
      40, 30);
  h = rel_harness_new ("clrotate", "storage=image method=bicubic "
      "output-size=fit background=0xff204060", bus);
  gst_harness_set_src_caps (h, gst_video_info_to_caps (&info));

  for (guint a = 0; a < G_N_ELEMENTS (angles); a++) {
    RotRefParams params = { angles[a], 0.5, 0.5, TRUE, ROTREF_BILINEAR,
      0xff204060
    };
    RotRefParams cubic = params;
    GstVideoFrame in, out;
    gdouble max_value;
    RotRefDiff diff;
    gchar *text;

    g_object_set (h->element, "angle", angles[a], NULL);
    push_and_map (h, &info, a, &in, &out);
    max_value = ref_frame_max_value (&in);
    diff = rotref_compare (&in, &out, &params);
    text = rotref_diff_to_string (&diff);
    GST_INFO ("%s angle %g: %s", format, angles[a], text);
    fail_unless (diff.n_wrong == 0, "%s: %s", format, text);
    fail_unless (diff.max_interior <= rotate_tolerance (max_value), "%s: %s",
        format, text);
    fail_unless (diff.max_edge <= rotate_tolerance (max_value), "%s: %s",
        format, text);
    g_free (text);

    cubic.method = ROTREF_BICUBIC;
    diff = rotref_compare (&in, &out, &cubic);
    fail_unless (diff.max_interior > max_value / 32, "%s: the output is the "
        "emulated bicubic rotation", format);
    unmap_frames (&in, &out);
    runs += GST_VIDEO_INFO_N_PLANES (&info);
  }
  after = layer_counts ();
  fail_unless_equals_int (after.kernel_runs - before.kernel_runs, runs);
  fail_unless_equals_int (after.samplers_created - before.samplers_created, 1);
  fail_unless_equals_int (after.last_addressing, CL_ADDRESS_CLAMP_TO_EDGE);
  fail_unless_equals_int (after.last_normalized, CL_FALSE);

  teardown_with_bus (h, bus);
  after = layer_counts ();
  fail_unless_equals_int (after.samplers_released - before.samplers_released,
      1);
}

GST_END_TEST;

/* The other methods, and bicubic with buffers, make no bicubic sampler. */
GST_START_TEST (test_rotate_without_sampler)
{
  static const gchar *const props[] = {
    "storage=image method=bilinear angle=20",
    "storage=image method=nearest angle=20",
    "storage=buffer method=bicubic angle=20",
  };
  GstCLQcomLayerCounts before = layer_counts (), after;
  GstBus *bus = gst_bus_new ();
  GstVideoFrame in, out;
  GstVideoInfo info;
  GstHarness *h;

  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_RGBA, 40, 30);
  h = rel_harness_new ("clrotate", props[__i__], bus);
  gst_harness_set_src_caps (h, gst_video_info_to_caps (&info));
  push_and_map (h, &info, 1, &in, &out);
  unmap_frames (&in, &out);
  teardown_with_bus (h, bus);
  after = layer_counts ();
  fail_unless_equals_int (after.samplers_created, before.samplers_created);
  fail_unless_equals_int (after.kernel_runs, before.kernel_runs);
}

GST_END_TEST;

static Suite *
clnative_suite (void)
{
  Suite *s = suite_create ("clnative");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_layer_gives_the_extension);
  tcase_add_loop_test (tc, test_scale_selection, 0, G_N_ELEMENTS (selections));
  tcase_add_loop_test (tc, test_scale_native_formats, 0,
      2 * G_N_ELEMENTS (all_formats));
  tcase_add_loop_test (tc, test_scale_native_letterbox, 0, 2);
  tcase_add_test (tc, test_scale_renegotiation);
  tcase_add_test (tc, test_scale_lifecycle);
  tcase_add_loop_test (tc, test_scale_native_refused, 0, 3);
  tcase_add_test (tc, test_scale_native_refused_while_playing);
  tcase_add_loop_test (tc, test_sampler_creation_fails, 0, 2);
  tcase_add_loop_test (tc, test_native_build_fails, 0, 2);
  tcase_add_loop_test (tc, test_rotate_native, 0, G_N_ELEMENTS (all_formats));
  tcase_add_loop_test (tc, test_rotate_without_sampler, 0, 3);
  return s;
}

GST_CHECK_MAIN (clnative);
