/* gst-opencl: every cl element against input it cannot or must not take.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Each test runs on every element of rel_elements: caps beyond the device
 * are refused in negotiation (caps queries quietly, a failed negotiation
 * with an error that names the limit), short
 * buffers give an error without reading past their end, property specs
 * reject out-of-range values, and a device selector that matches nothing
 * or a kernel that does not build gives an error that names the cause,
 * and so does a frame larger than the device allocates at once.
 * (No OpenCL platform at all: clnoplatform.c, a process of its own.)
 */
#include <sys/mman.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include <gst/opencl/gstcldevice.h>
#include "reliability.h"

/* Loop tests run once per element; unavailable ones pass as skipped. */
#define ELEMENT_OR_SKIP(i) \
  const RelElement *element = &rel_elements[i]; \
  if (!rel_element_available (element)) \
    return

/* The messages of @types on @bus now, oldest first. */
static GList *
pending_messages (GstBus * bus, GstMessageType types)
{
  GList *messages = NULL;
  GstMessage *msg;

  while ((msg = gst_bus_pop_filtered (bus, types)))
    messages = g_list_append (messages, msg);
  return messages;
}

/* The text and debug string of the first @type message from @source,
 * or NULL. */
static gchar *
find_message (GList * messages, GstMessageType type, GstElement * source)
{
  for (GList * l = messages; l; l = l->next) {
    GstMessage *msg = l->data;
    GError *error = NULL;
    gchar *debug = NULL, *text;

    if (GST_MESSAGE_TYPE (msg) != type
        || GST_MESSAGE_SRC (msg) != GST_OBJECT (source))
      continue;
    if (type == GST_MESSAGE_ERROR)
      gst_message_parse_error (msg, &error, &debug);
    else
      gst_message_parse_warning (msg, &error, &debug);
    text = g_strdup_printf ("%s (%s)", error->message, debug);
    g_error_free (error);
    g_free (debug);
    return text;
  }
  return NULL;
}

static void
assert_names (const gchar * text, const gchar * const *words,
    const gchar * what)
{
  fail_unless (text != NULL, "%s: no message", what);
  for (guint i = 0; words[i]; i++)
    fail_unless (strstr (text, words[i]) != NULL,
        "%s: \"%s\" does not name %s", what, text, words[i]);
}

/* The bus of a harnessed element holds messages that hold the element:
 * drop them, or both leak. */
static void
teardown_with_bus (GstHarness * h, GstBus * bus)
{
  gst_bus_set_flushing (bus, TRUE);
  gst_harness_teardown (h);
  gst_object_unref (bus);
}

/* 1. Caps the device cannot serve with storage=image. */
typedef struct
{
  const gchar *what;
  GstVideoFormat format;
  gboolean too_wide;            /* one pixel beyond the maximum image width */
} LimitCase;

static const LimitCase limit_cases[] = {
  {"too wide", GST_VIDEO_FORMAT_RGBA, TRUE},
  {"NV12 without CL_RG images", GST_VIDEO_FORMAT_NV12, FALSE},
};

/* Fills @info for @lc; FALSE where this device serves it after all. */
static gboolean
limit_case_info (const LimitCase * lc, GstVideoInfo * info)
{
  const GstCLDeviceInfo *device = gst_cl_device_select (NULL, NULL);

  fail_unless (device != NULL);
  if (!lc->too_wide
      && (gst_cl_device_get_image_formats (device) & GST_CL_IMAGE_RG8)) {
    GST_INFO ("%s has CL_RG images: serves NV12", device->device_name);
    return FALSE;
  }
  gst_video_info_set_format (info, lc->format,
      lc->too_wide ? device->image2d_max_width + 1 : 32, 2);
  return TRUE;
}

/* What the refusal must name: the device's maximum image size, and the
 * refused format. */
static void
assert_names_limit (const gchar * text, const GstVideoInfo * info,
    const gchar * what)
{
  const GstCLDeviceInfo *device = gst_cl_device_select (NULL, NULL);
  gchar *size = g_strdup_printf ("%" G_GSIZE_FORMAT "x%" G_GSIZE_FORMAT,
      device->image2d_max_width, device->image2d_max_height);
  const gchar *words[] = { "storage=image", size,
    gst_video_format_to_string (GST_VIDEO_INFO_FORMAT (info)), NULL
  };

  assert_names (text, words, what);
  g_free (size);
}

/* How many messages of @type in @messages came from @source. */
static guint
count_messages (GList * messages, GstMessageType type, GstElement * source)
{
  guint n = 0;

  for (GList * l = messages; l; l = l->next)
    if (GST_MESSAGE_TYPE (l->data) == type
        && GST_MESSAGE_SRC (l->data) == GST_OBJECT (source))
      n++;
  return n;
}

/* Asserts that the element posted exactly one message, an error that
 * names the limit. */
static void
assert_one_refusal (GList * messages, GstElement * cl,
    const GstVideoInfo * info, const gchar * what)
{
  gchar *error = find_message (messages, GST_MESSAGE_ERROR, cl);

  assert_names_limit (error, info, what);
  fail_unless_equals_int (count_messages (messages, GST_MESSAGE_ERROR, cl), 1);
  fail_unless_equals_int (count_messages (messages, GST_MESSAGE_WARNING, cl),
      0);
  g_free (error);
}

/* In a pipeline: the source can offer only caps beyond the device, so no
 * negotiation can succeed; the element says why while the pipeline
 * starts, and the pipeline fails to start (no streaming thread runs into
 * not-negotiated, which gst-launch-1.0 could miss: launch-refusal.sh). */
GST_START_TEST (test_device_limits_pipeline)
{
  ELEMENT_OR_SKIP (__i__ / G_N_ELEMENTS (limit_cases));
  const LimitCase *lc = &limit_cases[__i__ % G_N_ELEMENTS (limit_cases)];
  GstElement *pipeline, *cl;
  GstVideoInfo info;
  GstCaps *caps;
  GstBus *bus;
  GList *messages;
  gchar *caps_str, *description, *what;

  if (!limit_case_info (lc, &info))
    return;
  caps = gst_video_info_to_caps (&info);
  caps_str = gst_caps_to_string (caps);
  description = g_strdup_printf ("videotestsrc num-buffers=1 ! %s ! "
      "%s name=cl storage=image %s ! fakesink", caps_str, element->factory,
      element->properties);
  pipeline = gst_parse_launch (description, NULL);
  fail_unless (pipeline != NULL, "%s", description);
  cl = gst_bin_get_by_name (GST_BIN (pipeline), "cl");
  bus = gst_element_get_bus (pipeline);
  what = g_strdup_printf ("%s, %s", element->factory, lc->what);

  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_PLAYING),
      GST_STATE_CHANGE_FAILURE);
  messages = pending_messages (bus, GST_MESSAGE_WARNING | GST_MESSAGE_ERROR);
  gst_element_set_state (pipeline, GST_STATE_NULL);
  assert_one_refusal (messages, cl, &info, what);

  g_free (what);
  g_list_free_full (messages, (GDestroyNotify) gst_message_unref);
  gst_object_unref (bus);
  gst_object_unref (cl);
  gst_object_unref (pipeline);
  g_free (description);
  g_free (caps_str);
  gst_caps_unref (caps);
}

GST_END_TEST;

/* Caps pushed without a query (the element's accept-caps): refused, the
 * buffer after them is not-negotiated, and the element says why once. */
GST_START_TEST (test_device_limits_caps_event)
{
  ELEMENT_OR_SKIP (__i__ / G_N_ELEMENTS (limit_cases));
  const LimitCase *lc = &limit_cases[__i__ % G_N_ELEMENTS (limit_cases)];
  GstBus *bus = gst_bus_new ();
  GstHarness *h;
  GstVideoInfo info;
  GList *messages;
  gchar *what;

  if (!limit_case_info (lc, &info)) {
    gst_object_unref (bus);
    return;
  }
  what = g_strdup_printf ("%s, %s", element->factory, lc->what);
  h = rel_element_harness (element, "image", &info, bus);
  fail_unless_equals_int (gst_harness_push (h, rel_noise_buffer (&info, 1)),
      GST_FLOW_NOT_NEGOTIATED);

  messages = pending_messages (bus, GST_MESSAGE_WARNING | GST_MESSAGE_ERROR);
  assert_one_refusal (messages, h->element, &info, what);

  g_free (what);
  g_list_free_full (messages, (GDestroyNotify) gst_message_unref);
  teardown_with_bus (h, bus);
}

GST_END_TEST;

/* Caps queries are questions: one that asks only for caps beyond the
 * device gets nothing back and posts no message, however often asked. */
GST_START_TEST (test_device_limits_caps_query)
{
  ELEMENT_OR_SKIP (__i__ / G_N_ELEMENTS (limit_cases));
  const LimitCase *lc = &limit_cases[__i__ % G_N_ELEMENTS (limit_cases)];
  GstElement *e = rel_make_element (element, "image");
  GstBus *bus = gst_bus_new ();
  GstVideoInfo info;
  GstCaps *caps;
  GList *messages;

  if (!limit_case_info (lc, &info)) {
    gst_object_unref (bus);
    gst_object_unref (e);
    return;
  }
  caps = gst_video_info_to_caps (&info);
  gst_element_set_bus (e, bus);
  fail_unless_equals_int (gst_element_set_state (e, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  for (guint i = 0; i < 5; i++) {
    const gchar *pads[] = { "sink", "src" };
    GstPad *pad = gst_element_get_static_pad (e, pads[i % 2]);
    GstCaps *answer = gst_pad_query_caps (pad, caps);

    fail_unless (gst_caps_is_empty (answer), "%s, %s: %s answered %"
        GST_PTR_FORMAT, element->factory, lc->what, pads[i % 2], answer);
    gst_caps_unref (answer);
    gst_object_unref (pad);
  }
  messages = pending_messages (bus, GST_MESSAGE_ERROR | GST_MESSAGE_WARNING
      | GST_MESSAGE_INFO);
  fail_unless (messages == NULL, "%s, %s: a caps query posted %s",
      element->factory, lc->what, messages ?
      GST_MESSAGE_TYPE_NAME (messages->data) : "");

  gst_element_set_state (e, GST_STATE_NULL);
  gst_element_set_bus (e, NULL);
  gst_caps_unref (caps);
  gst_object_unref (bus);
  gst_object_unref (e);
}

GST_END_TEST;

/* 2. Buffers shorter than their caps say. Every buffer here ends where an
 * inaccessible page begins, so a read past its end crashes the test
 * instead of passing unseen. */
typedef struct
{
  guint8 *base;
  gsize length;
} Guarded;

static void
guarded_free (gpointer data)
{
  Guarded *g = data;

  munmap (g->base, g->length);
  g_free (g);
}

static GstBuffer *
guarded_buffer (gsize size)
{
  gsize page = sysconf (_SC_PAGESIZE);
  gsize span = (size + page - 1) / page * page;
  Guarded *g = g_new (Guarded, 1);
  guint8 *data;

  g->length = span + page;
  g->base = mmap (NULL, g->length, PROT_READ | PROT_WRITE,
      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  fail_unless (g->base != MAP_FAILED);
  fail_unless (mprotect (g->base + span, page, PROT_NONE) == 0);
  data = g->base + span - size;
  memset (data, 0x5a, size);
  return gst_buffer_new_wrapped_full (0, data, size, 0, size, g,
      guarded_free);
}

typedef enum
{
  SHORT_NONE,                   /* as long as the caps say: must work */
  SHORT_PLAIN,                  /* without the last pixel's last byte */
  SHORT_META,                   /* the same, with a video meta that lays
                                 * the frame out as the caps do */
} Shortness;

static const struct
{
  const gchar *what;
  Shortness shortness;
} short_cases[] = {
  {"whole", SHORT_NONE},
  {"last byte missing", SHORT_PLAIN},
  {"last byte missing, video meta", SHORT_META},
};

static const GstVideoFormat short_formats[] = {
  GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_I420,
};

static const gchar *const storages[] = { "buffer", "image" };

#define N_SHORT_RUNS (G_N_ELEMENTS (short_cases) * \
    G_N_ELEMENTS (short_formats) * G_N_ELEMENTS (storages))

/* Where the last row of the last plane ends: the caps' size less the
 * padding after it. */
static gsize
frame_extent (const GstVideoInfo * info)
{
  guint p = GST_VIDEO_INFO_N_PLANES (info) - 1;
  gint comp[GST_VIDEO_MAX_COMPONENTS];

  gst_video_format_info_component (info->finfo, p, comp);
  return GST_VIDEO_INFO_PLANE_OFFSET (info, p) +
      (gsize) GST_VIDEO_INFO_PLANE_STRIDE (info, p) *
      (GST_VIDEO_INFO_COMP_HEIGHT (info, comp[0]) - 1) +
      GST_VIDEO_INFO_COMP_WIDTH (info, comp[0]) *
      GST_VIDEO_INFO_COMP_PSTRIDE (info, comp[0]);
}

static GstBuffer *
short_buffer (const GstVideoInfo * info, Shortness shortness)
{
  gsize size = shortness == SHORT_NONE ? GST_VIDEO_INFO_SIZE (info) :
      frame_extent (info) - 1;
  GstBuffer *buffer = guarded_buffer (size);

  if (shortness == SHORT_META)
    gst_buffer_add_video_meta_full (buffer, GST_VIDEO_FRAME_FLAG_NONE,
        GST_VIDEO_INFO_FORMAT (info), info->width, info->height,
        GST_VIDEO_INFO_N_PLANES (info), (gsize *) info->offset,
        (gint *) info->stride);
  return buffer;
}

GST_START_TEST (test_short_buffer)
{
  ELEMENT_OR_SKIP (__i__ / N_SHORT_RUNS);
  guint run = __i__ % N_SHORT_RUNS;
  guint c = run % G_N_ELEMENTS (short_cases);
  GstVideoFormat format = short_formats[run / G_N_ELEMENTS (short_cases) %
      G_N_ELEMENTS (short_formats)];
  const gchar *storage = storages[run / G_N_ELEMENTS (short_cases) /
      G_N_ELEMENTS (short_formats)];
  GstBus *bus = gst_bus_new ();
  GstHarness *h;
  GstVideoInfo info;
  GstFlowReturn ret;
  GList *messages;
  gchar *what, *error;

  what = g_strdup_printf ("%s, %s, %s, storage=%s", element->factory,
      gst_video_format_to_string (format), short_cases[c].what, storage);
  gst_video_info_set_format (&info, format, 33, 17);
  h = rel_element_harness (element, storage, &info, bus);
  ret = gst_harness_push (h, short_buffer (&info, short_cases[c].shortness));

  if (short_cases[c].shortness == SHORT_NONE) {
    fail_unless_equals_int (ret, GST_FLOW_OK);
    gst_buffer_unref (gst_harness_pull (h));
  } else {
    const gchar *words[] = { "does not hold a whole frame", "bytes", NULL };

    fail_unless (ret == GST_FLOW_ERROR, "%s: %s", what,
        gst_flow_get_name (ret));
    messages = pending_messages (bus, GST_MESSAGE_ERROR);
    error = find_message (messages, GST_MESSAGE_ERROR, h->element);
    GST_INFO ("%s: %s", what, error);
    assert_names (error, words, what);
    g_free (error);
    g_list_free_full (messages, (GDestroyNotify) gst_message_unref);
  }

  g_free (what);
  teardown_with_bus (h, bus);
}

GST_END_TEST;

/* 3. Property specs: every writable numeric or enum property refuses a
 * value just outside its range (GLib warns and keeps the old value) and
 * takes its limits. */
typedef struct
{
  GValue below, above, min, max, nan;
  gboolean has_below, has_above, has_nan;
} Range;

static void
range_clear (Range * r)
{
  g_value_unset (&r->below);
  g_value_unset (&r->above);
  g_value_unset (&r->min);
  g_value_unset (&r->max);
  g_value_unset (&r->nan);
}

/* The limits of @pspec and the values just outside them, where the
 * property's type can hold them (and NaN for doubles). FALSE for other
 * kinds of property. */
static gboolean
pspec_range (GParamSpec * pspec, Range * r)
{
  GType type = G_PARAM_SPEC_VALUE_TYPE (pspec);

  memset (r, 0, sizeof (*r));
  g_value_init (&r->below, type);
  g_value_init (&r->above, type);
  g_value_init (&r->min, type);
  g_value_init (&r->max, type);
  g_value_init (&r->nan, type);

#define INTEGER_RANGE(ps_type, ctype, set, type_min, type_max) \
  if (G_IS_PARAM_SPEC_##ps_type (pspec)) { \
    ctype lo = G_PARAM_SPEC_##ps_type (pspec)->minimum; \
    ctype hi = G_PARAM_SPEC_##ps_type (pspec)->maximum; \
    set (&r->min, lo); \
    set (&r->max, hi); \
    if ((r->has_below = lo > type_min)) \
      set (&r->below, lo - 1); \
    if ((r->has_above = hi < type_max)) \
      set (&r->above, hi + 1); \
    return TRUE; \
  }
  INTEGER_RANGE (INT, gint, g_value_set_int, G_MININT, G_MAXINT);
  INTEGER_RANGE (UINT, guint, g_value_set_uint, 0, G_MAXUINT);
  INTEGER_RANGE (INT64, gint64, g_value_set_int64, G_MININT64, G_MAXINT64);
  INTEGER_RANGE (UINT64, guint64, g_value_set_uint64, 0, G_MAXUINT64);
#undef INTEGER_RANGE

  if (G_IS_PARAM_SPEC_DOUBLE (pspec)) {
    GParamSpecDouble *d = G_PARAM_SPEC_DOUBLE (pspec);
    /* A millionth of the range outside it; infinity lies outside every
     * range, -MAX..MAX too. */
    gdouble step = isfinite (d->maximum - d->minimum) ?
        (d->maximum - d->minimum) * 1e-6 : INFINITY;

    g_value_set_double (&r->min, d->minimum);
    g_value_set_double (&r->max, d->maximum);
    g_value_set_double (&r->below, d->minimum - step);
    g_value_set_double (&r->above, d->maximum + step);
    g_value_set_double (&r->nan, NAN);
    r->has_below = r->has_above = r->has_nan = TRUE;
    return TRUE;
  }
  if (G_IS_PARAM_SPEC_ENUM (pspec)) {
    GEnumClass *klass = G_PARAM_SPEC_ENUM (pspec)->enum_class;

    g_value_set_enum (&r->min, klass->minimum);
    g_value_set_enum (&r->max, klass->maximum);
    g_value_set_enum (&r->above, klass->maximum + 1);
    r->has_above = TRUE;
    return TRUE;
  }
  range_clear (r);
  return FALSE;
}

static void
assert_refused (GObject * object, GParamSpec * pspec, const GValue * value)
{
  GValue before = G_VALUE_INIT, after = G_VALUE_INIT;
  gchar *text = g_strdup_value_contents (value);

  g_value_init (&before, pspec->value_type);
  g_value_init (&after, pspec->value_type);
  g_object_get_property (object, pspec->name, &before);
  ASSERT_WARNING (g_object_set_property (object, pspec->name, value));
  g_object_get_property (object, pspec->name, &after);
  fail_unless (gst_value_compare (&before, &after) == GST_VALUE_EQUAL,
      "%s::%s took %s", G_OBJECT_TYPE_NAME (object), pspec->name, text);
  g_value_unset (&before);
  g_value_unset (&after);
  g_free (text);
}

static void
assert_taken (GObject * object, GParamSpec * pspec, const GValue * value)
{
  GValue after = G_VALUE_INIT;
  gchar *text = g_strdup_value_contents (value);

  g_value_init (&after, pspec->value_type);
  g_object_set_property (object, pspec->name, value);
  g_object_get_property (object, pspec->name, &after);
  fail_unless (gst_value_compare (value, &after) == GST_VALUE_EQUAL,
      "%s::%s did not take %s", G_OBJECT_TYPE_NAME (object), pspec->name,
      text);
  g_value_unset (&after);
  g_free (text);
}

GST_START_TEST (test_property_ranges)
{
  ELEMENT_OR_SKIP (__i__);
  GstElement *e = gst_element_factory_make (element->factory, NULL);
  GObject *object = G_OBJECT (e);
  guint n, checked = 0;
  GParamSpec **pspecs =
      g_object_class_list_properties (G_OBJECT_GET_CLASS (object), &n);

  for (guint i = 0; i < n; i++) {
    GParamSpec *pspec = pspecs[i];
    Range r;

    if (pspec->owner_type == GST_TYPE_OBJECT
        || pspec->owner_type == GST_TYPE_BASE_TRANSFORM
        || !(pspec->flags & G_PARAM_WRITABLE)
        || (pspec->flags & G_PARAM_CONSTRUCT_ONLY)
        || !pspec_range (pspec, &r))
      continue;
    if (r.has_below)
      assert_refused (object, pspec, &r.below);
    if (r.has_above)
      assert_refused (object, pspec, &r.above);
    if (r.has_nan)
      assert_refused (object, pspec, &r.nan);
    assert_taken (object, pspec, &r.min);
    assert_taken (object, pspec, &r.max);
    checked += r.has_below + r.has_above + r.has_nan;
    range_clear (&r);
  }
  GST_INFO ("%s: %u out-of-range values refused", element->factory, checked);
  fail_unless (checked > 0, "%s has no bounded property", element->factory);

  g_free (pspecs);
  gst_object_unref (e);
}

GST_END_TEST;

/* 4. Failures at NULL -> READY or on the first frame, each with an error
 * from the element: a short text a user reads, which says what failed in
 * which element, and the detail that names the cause in the debug string,
 * with the location of the code that found it. */
static void
assert_error (GstBus * bus, GstElement * element, const gchar * text,
    const gchar * const *detail, const gchar * what)
{
  GList *messages = pending_messages (bus, GST_MESSAGE_ERROR);
  GstMessage *msg = messages ? messages->data : NULL;
  GError *error = NULL;
  gchar *debug = NULL;

  fail_unless (msg != NULL && GST_MESSAGE_SRC (msg) == GST_OBJECT (element),
      "%s: no error from the element", what);
  gst_message_parse_error (msg, &error, &debug);
  GST_INFO ("%s: %s (%s)", what, error->message, debug);
  fail_unless_equals_string (error->message, text);
  assert_names (debug, detail, what);
  fail_unless (strstr (debug, "post_error") == NULL,
      "%s: the location is the helper's: %s", what, debug);
  g_error_free (error);
  g_free (debug);
  g_list_free_full (messages, (GDestroyNotify) gst_message_unref);
}

GST_START_TEST (test_no_matching_device)
{
  ELEMENT_OR_SKIP (__i__);
  const gchar *detail[] = { "no-such-device-xyz", NULL };
  GstElement *e = rel_make_element (element, NULL);
  GstBus *bus = gst_bus_new ();
  gchar *text = g_strdup_printf ("No OpenCL device matches the device "
      "property of %s", element->factory);

  g_object_set (e, "device", "no-such-device-xyz", NULL);
  gst_element_set_bus (e, bus);
  fail_unless_equals_int (gst_element_set_state (e, GST_STATE_READY),
      GST_STATE_CHANGE_FAILURE);
  assert_error (bus, e, text, detail, element->factory);

  gst_element_set_state (e, GST_STATE_NULL);
  gst_element_set_bus (e, NULL);
  gst_object_unref (bus);
  gst_object_unref (e);
  g_free (text);
}

GST_END_TEST;

/* GST_CL_TEST_BROKEN_BUILD=* has the broken-build layer (tests/meson.build
 * loads it) fail every program the runtime builds: the build log reaches
 * the debug string. */
GST_START_TEST (test_broken_build)
{
  ELEMENT_OR_SKIP (__i__);
  const gchar *detail[] = { "CL_BUILD_PROGRAM_FAILURE",
    "GST_CL_TEST_BROKEN_BUILD", NULL
  };
  GstBus *bus = gst_bus_new ();
  GstVideoInfo info;
  GstHarness *h;
  gchar *text = g_strdup_printf ("Could not build the OpenCL program for %s",
      element->factory);

  g_setenv ("GST_CL_TEST_BROKEN_BUILD", "*", TRUE);
  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_RGBA, 33, 17);
  h = rel_element_harness (element, NULL, &info, bus);
  fail_if (gst_harness_push (h, rel_noise_buffer (&info, 1)) == GST_FLOW_OK,
      "%s: the frame went through", element->factory);
  assert_error (bus, h->element, text, detail, element->factory);
  teardown_with_bus (h, bus);
  g_unsetenv ("GST_CL_TEST_BROKEN_BUILD");
  g_free (text);
}

GST_END_TEST;

/* 5. Frames larger than the device allocates at once: the filters,
 * clupload and cldownload refuse them in negotiation, each with the same
 * error naming the limit. */
static const struct
{
  const gchar *factory;
  gboolean cl_input;            /* takes OpenCL memory (cldownload) */
} large_frame_elements[] = {
  {"clbicubicscale", FALSE},
  {"clrotate", FALSE},
  {"clboxblur", FALSE},
  {"clupload", FALSE},
  {"cldownload", TRUE},
};

GST_START_TEST (test_frame_too_large)
{
  const gchar *factory = large_frame_elements[__i__].factory;
  const GstCLDeviceInfo *device = gst_cl_device_select (NULL, NULL);
  const gchar *words[] = { "cannot hold these video frames",
    "CL_DEVICE_MAX_MEM_ALLOC_SIZE", NULL, NULL
  };
  GstBus *bus;
  GstHarness *h;
  GstVideoInfo info;
  GstCaps *caps;
  GList *messages;
  gchar *error;
  gint height;

  fail_unless (device != NULL);
  /* GstVideoInfo describes frames of up to G_MAXUINT bytes: on a device
   * that allocates about as much at once (NVIDIA's GPUs), every frame
   * fits. */
  if (device->max_mem_alloc_size >= (cl_ulong) G_MAXUINT - 4 * 32768) {
    GST_INFO ("%s allocates %" G_GUINT64_FORMAT " bytes at once: every "
        "frame fits", device->device_name,
        (guint64) device->max_mem_alloc_size);
    return;
  }
  height = device->max_mem_alloc_size / (4 * 32768) + 1;
  fail_unless (gst_video_info_set_format (&info, GST_VIDEO_FORMAT_RGBA,
          32768, height));
  words[2] = g_strdup_printf ("32768x%d RGBA", height);
  caps = gst_video_info_to_caps (&info);
  if (large_frame_elements[__i__].cl_input)
    gst_caps_set_features (caps, 0,
        gst_caps_features_new ("memory:OpenCLMemory", NULL));

  bus = gst_bus_new ();
  h = gst_harness_new (factory);
  gst_element_set_bus (h->element, bus);
  gst_harness_set_src_caps (h, caps);
  fail_unless_equals_int (gst_harness_push (h, gst_buffer_new ()),
      GST_FLOW_NOT_NEGOTIATED);
  messages = pending_messages (bus, GST_MESSAGE_ERROR);
  error = find_message (messages, GST_MESSAGE_ERROR, h->element);
  GST_INFO ("%s: %s", factory, error);
  assert_names (error, words, factory);

  g_free (error);
  g_free ((gchar *) words[2]);
  g_list_free_full (messages, (GDestroyNotify) gst_message_unref);
  teardown_with_bus (h, bus);
}

GST_END_TEST;

static Suite *
clbadinput_suite (void)
{
  Suite *s = suite_create ("clbadinput");
  TCase *tc = tcase_create ("general");
  guint n = rel_n_elements;

  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_device_limits_pipeline, 0,
      n * G_N_ELEMENTS (limit_cases));
  tcase_add_loop_test (tc, test_device_limits_caps_event, 0,
      n * G_N_ELEMENTS (limit_cases));
  tcase_add_loop_test (tc, test_device_limits_caps_query, 0,
      n * G_N_ELEMENTS (limit_cases));
  tcase_add_loop_test (tc, test_short_buffer, 0, n * N_SHORT_RUNS);
  tcase_add_loop_test (tc, test_property_ranges, 0, n);
  tcase_add_loop_test (tc, test_no_matching_device, 0, n);
  tcase_add_loop_test (tc, test_broken_build, 0, n);
  tcase_add_loop_test (tc, test_frame_too_large, 0,
      G_N_ELEMENTS (large_frame_elements));
  return s;
}

GST_CHECK_MAIN (clbadinput);
