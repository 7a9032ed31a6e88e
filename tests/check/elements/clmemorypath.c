/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * clbicubicscale, clrotate and clboxblur with OpenCL memory
 * (video/x-raw(memory:OpenCLMemory)) on either pad:
 *
 * - negotiation: each element takes and gives system and OpenCL memory in
 *   every pairing, and two cl elements side by side settle on OpenCL
 *   memory by themselves;
 * - the same bytes: each element, and a chain of the three, gives with
 *   OpenCL memory on either side or both the bytes it gives in system
 *   memory (run one by one, for the chain), also from OpenCL memory of
 *   another context;
 * - code that knows nothing of OpenCL maps an element's OpenCL output and
 *   sees those pixels, also once the pipeline is gone, and writes the
 *   frames of the pool an element proposes for its OpenCL input;
 * - frames in OpenCL memory laid out by the application (planes at any
 *   offset) are taken where they lie, or through the host where a plane
 *   does not start on a whole channel value, with the same bytes;
 * - the output switches between OpenCL and system memory mid-stream with
 *   the same bytes frame by frame, with buffer and with image storage;
 * - on devices that do not share host memory, output frames whose copy
 *   into pinned memory was left running hold their own pixels when
 *   mapped late.
 *
 * clupload and cldownload, exact to the byte (elements/clupload), move
 * frames into and out of OpenCL memory around the element under test.
 * Every pipeline of a test shares one OpenCL context: once each is gone
 * the context holds no kernel, memory object or sampler, and once the
 * test is done nothing holds the context (the leaks tracer checks the
 * GStreamer objects).
 */
#include <gst/app/gstappsink.h>

#include <gst/opencl/gstclmemory.h>
#include "harness-helpers.h"
#include "reliability.h"

#define CL_FEATURE GST_CAPS_FEATURE_MEMORY_CL_MEMORY
#define SYSTEM_FEATURE GST_CAPS_FEATURE_MEMORY_SYSTEM_MEMORY

#define IN_WIDTH 33
#define IN_HEIGHT 17
/* The scaler's output, larger in both directions and odd. */
#define OUT_WIDTH 47
#define OUT_HEIGHT 29
#define N_FRAMES 3

/* videotestsrc's ball is the same frame by frame from run to run. */
#define TEST_SOURCE "videotestsrc pattern=ball num-buffers=" \
    G_STRINGIFY (N_FRAMES) " ! video/x-raw, format=%s, width=" \
    G_STRINGIFY (IN_WIDTH) ", height=" G_STRINGIFY (IN_HEIGHT) " ! "

/* The memory on the element's sink and source pads. */
static const struct
{
  const gchar *in, *out;
} paths[] = {
  {SYSTEM_FEATURE, SYSTEM_FEATURE},
  {SYSTEM_FEATURE, CL_FEATURE},
  {CL_FEATURE, CL_FEATURE},
  {CL_FEATURE, SYSTEM_FEATURE},
};

static GstContext *shared_context;
static GstCLContext *shared_cl_context;

static void
make_shared_context (void)
{
  shared_context = rel_new_shared_context ();
  shared_cl_context = rel_dup_cl_context (shared_context);
}

/* Nothing but the test holds the context any more: it is finalized. */
static void
release_shared_context (void)
{
  gst_context_unref (shared_context);
  fail_unless (rel_unref_and_wait (shared_cl_context),
      "the OpenCL context outlives the pipelines");
}

static const gchar *
memory_name (const gchar * feature)
{
  return g_str_equal (feature, CL_FEATURE) ? "OpenCL memory" : "system memory";
}

static const RelElement *
rel_element_named (const gchar * factory)
{
  for (guint i = 0; i < rel_n_elements; i++)
    if (g_str_equal (rel_elements[i].factory, factory))
      return &rel_elements[i];
  fail ("no %s in the table of elements", factory);
  return NULL;
}

/* Caps of @feature for the output of @e: the scaler's include its size. */
static gchar *
output_caps (const RelElement * e, const gchar * feature)
{
  if (e->resizes)
    return g_strdup_printf ("video/x-raw(%s), width=%d, height=%d", feature,
        OUT_WIDTH, OUT_HEIGHT);
  return g_strdup_printf ("video/x-raw(%s)", feature);
}

/**
 * element_description:
 * @storage: (nullable): the element's storage property, or NULL for its
 *   default
 *
 * "[clupload !] FACTORY name=under ... ! capsfilter name=out": @e fed
 * system memory, or OpenCL memory where @in is the feature (clupload),
 * giving @out (the capsfilter).
 */
static gchar *
element_description (const RelElement * e, const gchar * storage,
    const gchar * in, const gchar * out)
{
  gchar *caps = output_caps (e, out);
  gchar *description = g_strdup_printf ("%s%s name=under %s%s%s ! "
      "capsfilter name=out caps=\"%s\"",
      g_str_equal (in, CL_FEATURE) ? "clupload ! " : "", e->factory,
      e->properties, storage ? " storage=" : "", storage ? storage : "", caps);

  g_free (caps);
  return description;
}

/* element_description() followed by cldownload where the element gives
 * OpenCL memory: the output is always in system memory. */
static gchar *
downloaded_description (const RelElement * e, const gchar * storage,
    const gchar * in, const gchar * out)
{
  gchar *element = element_description (e, storage, in, out);
  gchar *description = g_strdup_printf ("%s%s", element,
      g_str_equal (out, CL_FEATURE) ? " ! cldownload" : "");

  g_free (element);
  return description;
}

static gchar *
run_name (const RelElement * e, const gchar * storage, const gchar * format,
    const gchar * in, const gchar * out)
{
  return g_strdup_printf ("%s storage=%s, %s, %s -> %s", e->factory,
      storage ? storage : "(default)", format, memory_name (in),
      memory_name (out));
}

/* @pad_name of the element @name in @bin has caps with @feature. */
static void
assert_pad_feature (GstElement * bin, const gchar * name,
    const gchar * pad_name, const gchar * feature, const gchar * what)
{
  GstElement *element = gst_bin_get_by_name (GST_BIN (bin), name);
  GstPad *pad = gst_element_get_static_pad (element, pad_name);
  GstCaps *caps = gst_pad_get_current_caps (pad);

  fail_unless (caps != NULL, "%s: %s:%s is not negotiated", what, name,
      pad_name);
  fail_unless (gst_caps_features_contains (gst_caps_get_features (caps, 0),
          feature), "%s: %s:%s has %" GST_PTR_FORMAT ", not %s", what, name,
      pad_name, caps, feature);
  gst_caps_unref (caps);
  gst_object_unref (pad);
  gst_object_unref (element);
}

/* Parsing gave @element and no error: a link that the elements' pad
 * templates refuse is an error of its own. */
static void
assert_parsed (GstElement * element, GError * error, const gchar * what)
{
  fail_unless (element != NULL && error == NULL, "%s: %s", what,
      error ? error->message : "cannot parse it");
}

/* Parses and plays @description on the test's context to EOS. */
static GstElement *
play_pipeline (const gchar * description, const gchar * what)
{
  GError *error = NULL;
  GstElement *pipeline = gst_parse_launch (description, &error);
  GstMessage *msg;
  gchar *debug = NULL;

  assert_parsed (pipeline, error, what);
  gst_element_set_context (pipeline, shared_context);
  msg = rel_run_to_eos (pipeline);
  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
    gst_message_parse_error (msg, &error, &debug);
    fail ("%s: %s (%s)", what, error->message, debug);
  }
  gst_message_unref (msg);
  return pipeline;
}

static void
stop_pipeline (GstElement * pipeline, const gchar * what)
{
  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  rel_release_pipeline (pipeline, what);
  rel_assert_device_idle (shared_cl_context, what);
}

/**
 * start_harness:
 * @caps: (transfer full): of the frames the bin is fed
 * @up_context: (nullable): the context of the element named "up"
 *
 * A harness around the bin @description, on the test's context (but for
 * "up", where @up_context is given).
 */
static GstHarness *
start_harness (const gchar * description, GstCaps * caps,
    GstContext * up_context)
{
  GError *error = NULL;
  GstElement *bin = gst_parse_bin_from_description (description, TRUE,
      &error);
  GstHarness *h;

  assert_parsed (bin, error, description);
  /* An element keeps the first context it is given. */
  if (up_context) {
    GstElement *up = gst_bin_get_by_name (GST_BIN (bin), "up");

    gst_element_set_context (up, up_context);
    gst_object_unref (up);
  }
  gst_element_set_context (bin, shared_context);
  h = gst_harness_new_with_element (bin, "sink", "src");
  gst_object_unref (bin);
  gst_harness_set_src_caps (h, caps);
  return h;
}

static void
stop_harness (GstHarness * h, const gchar * what)
{
  gst_harness_teardown (h);
  rel_assert_device_idle (shared_cl_context, what);
}

/* A copy of @buffer, a frame of @info, in plain system memory: the test
 * holds no device memory (pinned host memory included) once a pipeline is
 * gone. */
static GstBuffer *
host_copy (GstBuffer * buffer, const GstVideoInfo * info)
{
  GstBuffer *copy = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (info),
      NULL);

  hh_copy_pixels (info, buffer, copy);
  return copy;
}

/* Pushes @in through @h; returns a host copy of what comes out, with its
 * caps. */
static GstSample *
push_frame (GstHarness * h, GstBuffer * in, const gchar * what)
{
  GstFlowReturn flow = gst_harness_push (h, in);
  GstBuffer *out, *copy;
  GstCaps *caps;
  GstVideoInfo info;
  GstSample *sample;

  fail_unless (flow == GST_FLOW_OK, "%s: pushing a frame gave %s", what,
      gst_flow_get_name (flow));
  out = gst_harness_pull (h);
  fail_unless (out != NULL, "%s: no output frame", what);
  caps = gst_pad_get_current_caps (h->sinkpad);
  fail_unless (gst_video_info_from_caps (&info, caps));
  copy = host_copy (out, &info);
  sample = gst_sample_new (copy, caps, NULL, NULL);
  gst_buffer_unref (copy);
  gst_caps_unref (caps);
  gst_buffer_unref (out);
  return sample;
}

static void
set_input_info (GstVideoInfo * info, const gchar * format)
{
  fail_unless (gst_video_info_set_format (info,
          gst_video_format_from_string (format), IN_WIDTH, IN_HEIGHT));
}

/* Frames of random bytes in system memory, each of its own seed. */
static GPtrArray *
noise_frames (const GstVideoInfo * info, guint n)
{
  GPtrArray *frames = g_ptr_array_new_with_free_func ((GDestroyNotify)
      gst_buffer_unref);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (frames, rel_noise_buffer (info, i * 7919 + info->width));
  return frames;
}

/* Pushes @frames (of @info) through the bin @description (see
 * start_harness()); returns the output frames as samples. */
static GPtrArray *
run_frames (const gchar * description, const GstVideoInfo * info,
    GPtrArray * frames, GstContext * up_context, const gchar * what)
{
  GstHarness *h = start_harness (description, gst_video_info_to_caps (info),
      up_context);
  GPtrArray *samples = g_ptr_array_new_with_free_func ((GDestroyNotify)
      gst_sample_unref);

  for (guint i = 0; i < frames->len; i++)
    g_ptr_array_add (samples, push_frame (h,
            gst_buffer_ref (g_ptr_array_index (frames, i)), what));
  stop_harness (h, what);
  return samples;
}

static gchar **
sample_digests (GPtrArray * samples)
{
  gchar **digests = g_new0 (gchar *, samples->len + 1);

  for (guint i = 0; i < samples->len; i++)
    digests[i] = rel_sample_digest (g_ptr_array_index (samples, i));
  return digests;
}

/* The digests of the output frames of @description fed @frames. */
static gchar **
run_digests (const gchar * description, const GstVideoInfo * info,
    GPtrArray * frames, GstContext * up_context, const gchar * what)
{
  GPtrArray *samples = run_frames (description, info, frames, up_context,
      what);
  gchar **digests = sample_digests (samples);

  g_ptr_array_unref (samples);
  return digests;
}

static void
assert_same_digests (gchar ** expected, gchar ** actual, const gchar * what)
{
  fail_unless_equals_int (g_strv_length (actual), g_strv_length (expected));
  for (guint i = 0; expected[i]; i++)
    fail_unless (g_str_equal (expected[i], actual[i]),
        "%s: frame %u differs from the frame in system memory", what, i);
}

/* Each element takes and gives system and OpenCL memory in every
 * pairing, in a pipeline of a few frames, with its default memory
 * setting. */
GST_START_TEST (test_negotiation)
{
  for (guint i = 0; i < rel_n_elements; i++) {
    const RelElement *e = &rel_elements[i];

    if (!rel_element_available (e))
      continue;
    for (guint p = 0; p < G_N_ELEMENTS (paths); p++) {
      gchar *what = run_name (e, NULL, "RGBA", paths[p].in, paths[p].out);
      gchar *element = downloaded_description (e, NULL, paths[p].in,
          paths[p].out);
      gchar *description = g_strdup_printf (TEST_SOURCE "%s ! fakesink",
          "RGBA", element);
      GstElement *pipeline = play_pipeline (description, what);

      assert_pad_feature (pipeline, "under", "sink", paths[p].in, what);
      assert_pad_feature (pipeline, "under", "src", paths[p].out, what);
      stop_pipeline (pipeline, what);
      g_free (description);
      g_free (element);
      g_free (what);
    }
  }
}

GST_END_TEST;

/* Two cl elements linked with no caps between them settle on OpenCL
 * memory, between OpenCL memory ends and between system memory ends (the
 * scaler after the blur outputs another size, so that it works), and so
 * do clupload and cldownload with the element next to them. */
GST_START_TEST (test_neighbours_settle_on_cl_memory)
{
  const RelElement *scale = rel_element_named ("clbicubicscale");
  const RelElement *rotate = rel_element_named ("clrotate");
  const RelElement *blur = rel_element_named ("clboxblur");
  gchar *size = output_caps (scale, SYSTEM_FEATURE);
  gchar *descriptions[] = {
    g_strdup_printf (TEST_SOURCE "clupload ! clrotate name=a %s ! "
        "clboxblur name=b %s ! cldownload ! fakesink", "RGBA",
        rotate->properties, blur->properties),
    g_strdup_printf (TEST_SOURCE "clboxblur name=a %s ! clbicubicscale "
        "name=b %s ! capsfilter caps=\"%s\" ! fakesink", "I420",
        blur->properties, scale->properties, size),
    g_strdup_printf (TEST_SOURCE "clupload name=a ! clrotate name=b %s ! "
        "clboxblur %s ! cldownload ! fakesink", "NV12", rotate->properties,
        blur->properties),
    g_strdup_printf (TEST_SOURCE "clupload ! clrotate %s ! clboxblur name=a "
        "%s ! cldownload name=b ! fakesink", "NV12", rotate->properties,
        blur->properties),
  };

  for (guint i = 0; i < G_N_ELEMENTS (descriptions); i++) {
    GstElement *pipeline = play_pipeline (descriptions[i], descriptions[i]);

    assert_pad_feature (pipeline, "a", "src", CL_FEATURE, descriptions[i]);
    assert_pad_feature (pipeline, "b", "sink", CL_FEATURE, descriptions[i]);
    stop_pipeline (pipeline, descriptions[i]);
    g_free (descriptions[i]);
  }
  g_free (size);
}

GST_END_TEST;

/* The formats and memory settings of the byte comparisons: storage=auto
 * takes images where the device has them. */
static const struct
{
  const gchar *storage;
  const gchar *format;
} variants[] = {
  {"buffer", "RGBA"}, {"buffer", "I420"}, {"buffer", "NV12"},
  {"auto", "RGBA"}, {"auto", "NV12"},
};

/* Each element gives, with OpenCL memory on either side or both, the
 * bytes it gives in system memory (frames of noise, read back through
 * cldownload). */
GST_START_TEST (test_same_bytes)
{
  for (guint i = 0; i < rel_n_elements; i++) {
    const RelElement *e = &rel_elements[i];

    if (!rel_element_available (e))
      continue;
    for (guint v = 0; v < G_N_ELEMENTS (variants); v++) {
      const gchar *storage = variants[v].storage;
      GstVideoInfo info;
      GPtrArray *frames;
      gchar **reference = NULL;

      set_input_info (&info, variants[v].format);
      frames = noise_frames (&info, N_FRAMES);
      for (guint p = 0; p < G_N_ELEMENTS (paths); p++) {
        gchar *what = run_name (e, storage, variants[v].format, paths[p].in,
            paths[p].out);
        gchar *description = downloaded_description (e, storage, paths[p].in,
            paths[p].out);
        gchar **digests = run_digests (description, &info, frames, NULL,
            what);

        /* paths[0] is system memory on both sides: the reference. */
        if (reference == NULL)
          reference = digests;
        else {
          assert_same_digests (reference, digests, what);
          g_strfreev (digests);
        }
        g_free (description);
        g_free (what);
      }
      g_strfreev (reference);
      g_ptr_array_unref (frames);
    }
  }
}

GST_END_TEST;

/* The frames of @samples, and their video info. */
static GPtrArray *
sample_frames (GPtrArray * samples, GstVideoInfo * info)
{
  GPtrArray *frames = g_ptr_array_new_with_free_func ((GDestroyNotify)
      gst_buffer_unref);

  for (guint i = 0; i < samples->len; i++)
    g_ptr_array_add (frames, gst_buffer_ref (gst_sample_get_buffer
            (g_ptr_array_index (samples, i))));
  fail_unless (gst_video_info_from_caps (info, gst_sample_get_caps
          (g_ptr_array_index (samples, 0))));
  return frames;
}

/* The three elements one after the other, each alone in system memory:
 * the digests of what the last one gives. */
static gchar **
one_by_one_digests (const GstVideoInfo * in, GPtrArray * frames)
{
  GstVideoInfo info = *in;
  GPtrArray *samples = NULL;
  gchar **digests;

  for (guint i = 0; i < rel_n_elements; i++) {
    const RelElement *e = &rel_elements[i];
    gchar *description;
    GPtrArray *input;

    if (!rel_element_available (e))
      continue;
    description = element_description (e, "buffer", SYSTEM_FEATURE,
        SYSTEM_FEATURE);
    input = samples ? sample_frames (samples, &info) : g_ptr_array_ref (frames);
    g_clear_pointer (&samples, g_ptr_array_unref);
    samples = run_frames (description, &info, input, NULL, description);
    g_ptr_array_unref (input);
    g_free (description);
  }
  digests = sample_digests (samples);
  g_ptr_array_unref (samples);
  return digests;
}

/* The chain of every element with OpenCL memory between them: "clupload !
 * chain ! cldownload", or system memory in and out of the chain. */
static gchar *
chain_description (gboolean cl_ends)
{
  GString *s = g_string_new (cl_ends ? "clupload" : "");

  for (guint i = 0; i < rel_n_elements; i++) {
    const RelElement *e = &rel_elements[i];
    gboolean last = i + 1 == rel_n_elements;
    gchar *caps;

    if (!rel_element_available (e))
      continue;
    caps = output_caps (e, last && !cl_ends ? SYSTEM_FEATURE : CL_FEATURE);
    g_string_append_printf (s, "%s%s storage=buffer %s ! capsfilter "
        "caps=\"%s\"", s->len ? " ! " : "", e->factory, e->properties, caps);
    g_free (caps);
  }
  if (cl_ends)
    g_string_append (s, " ! cldownload");
  return g_string_free (s, FALSE);
}

/* A chain of the three elements with OpenCL memory between them gives the
 * bytes of the three run one by one in system memory. */
GST_START_TEST (test_chain_same_bytes)
{
  static const gchar *const formats[] = { "RGBA", "I420" };

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
    GstVideoInfo info;
    GPtrArray *frames;
    gchar **reference;

    set_input_info (&info, formats[f]);
    frames = noise_frames (&info, N_FRAMES);
    reference = one_by_one_digests (&info, frames);
    for (gint cl_ends = 0; cl_ends <= 1; cl_ends++) {
      gchar *description = chain_description (cl_ends);
      gchar *what = g_strdup_printf ("%s: %s", formats[f], description);
      gchar **digests = run_digests (description, &info, frames, NULL,
          what);

      assert_same_digests (reference, digests, what);
      g_strfreev (digests);
      g_free (what);
      g_free (description);
    }
    g_strfreev (reference);
    g_ptr_array_unref (frames);
  }
}

GST_END_TEST;

/* Frames in OpenCL memory of another context (clupload's own) reach each
 * element through the host: the same bytes as in system memory, whichever
 * memory the element gives. */
GST_START_TEST (test_other_context)
{
  static const gchar *const formats[] = { "RGBA", "NV12" };
  static const gchar *const outs[] = { SYSTEM_FEATURE, CL_FEATURE };
  GstContext *other = rel_new_shared_context ();

  for (guint i = 0; i < rel_n_elements; i++) {
    const RelElement *e = &rel_elements[i];
    gchar *reference_description;

    if (!rel_element_available (e))
      continue;
    reference_description = element_description (e, "buffer",
        SYSTEM_FEATURE, SYSTEM_FEATURE);
    for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
      GstVideoInfo info;
      GPtrArray *frames;
      gchar **reference;

      set_input_info (&info, formats[f]);
      frames = noise_frames (&info, N_FRAMES);
      reference = run_digests (reference_description, &info, frames, NULL,
          reference_description);
      for (guint o = 0; o < G_N_ELEMENTS (outs); o++) {
        gchar *element = downloaded_description (e, "buffer", SYSTEM_FEATURE,
            outs[o]);
        gchar *description = g_strdup_printf ("clupload name=up ! %s",
            element);
        gchar *name = run_name (e, "buffer", formats[f], CL_FEATURE, outs[o]);
        gchar *what = g_strdup_printf ("%s, from another context", name);
        gchar **digests = run_digests (description, &info, frames, other,
            what);

        assert_same_digests (reference, digests, what);
        g_strfreev (digests);
        g_free (what);
        g_free (name);
        g_free (description);
        g_free (element);
      }
      g_strfreev (reference);
      g_ptr_array_unref (frames);
    }
    g_free (reference_description);
  }
  gst_context_unref (other);
}

GST_END_TEST;

/* The pool @h's element proposes upstream for @caps. */
static GstBufferPool *
proposed_pool (GstHarness * h, GstCaps * caps, const gchar * what)
{
  GstQuery *query = gst_query_new_allocation (caps, TRUE);
  GstBufferPool *pool = NULL;

  fail_unless (gst_pad_peer_query (h->srcpad, query), "%s: no allocation "
      "answer", what);
  fail_unless (gst_query_get_n_allocation_pools (query) > 0,
      "%s: no pool proposed", what);
  gst_query_parse_nth_allocation_pool (query, 0, &pool, NULL, NULL, NULL);
  fail_unless (pool != NULL, "%s: no pool proposed", what);
  gst_query_unref (query);
  return pool;
}

/* A frame of the pool @h's element proposes for @caps: OpenCL memory. */
static GstBuffer *
acquire_proposed_frame (GstHarness * h, GstCaps * caps, GstBufferPool ** pool,
    const gchar * what)
{
  GstBuffer *frame = NULL;

  *pool = proposed_pool (h, caps, what);
  fail_unless (gst_buffer_pool_set_active (*pool, TRUE));
  fail_unless_equals_int (gst_buffer_pool_acquire_buffer (*pool, &frame,
          NULL), GST_FLOW_OK);
  fail_unless (gst_memory_is_type (gst_buffer_peek_memory (frame, 0),
          GST_CL_MEMORY_TYPE), "%s: the proposed pool is not of OpenCL "
      "memory", what);
  return frame;
}

/* An application fills a frame of the pool each element proposes for
 * OpenCL memory, mapped for writing with plain host code, and pushes it:
 * the element gives the bytes it gives for the same pixels in system
 * memory. */
GST_START_TEST (test_application_writes_cl_memory)
{
  for (guint i = 0; i < rel_n_elements; i++) {
    const RelElement *e = &rel_elements[i];
    gchar *description, *what, *digest;
    GstVideoInfo info;
    GPtrArray *frames;
    gchar **reference;
    GstCaps *caps;
    GstHarness *h;
    GstBufferPool *pool = NULL;
    GstBuffer *written;
    GstSample *sample;

    if (!rel_element_available (e))
      continue;
    description = element_description (e, "buffer", SYSTEM_FEATURE,
        SYSTEM_FEATURE);
    what = run_name (e, "buffer", "NV12", CL_FEATURE, SYSTEM_FEATURE);
    set_input_info (&info, "NV12");
    frames = noise_frames (&info, 1);
    reference = run_digests (description, &info, frames, NULL, description);

    caps = gst_video_info_to_caps (&info);
    gst_caps_set_features (caps, 0, gst_caps_features_new (CL_FEATURE, NULL));
    h = start_harness (description, gst_caps_ref (caps), NULL);
    assert_pad_feature (h->element, "under", "sink", CL_FEATURE, what);
    written = acquire_proposed_frame (h, caps, &pool, what);
    hh_copy_pixels (&info, g_ptr_array_index (frames, 0), written);
    sample = push_frame (h, written, what);
    digest = rel_sample_digest (sample);
    fail_unless (g_str_equal (digest, reference[0]), "%s: the bytes differ "
        "from the frame in system memory", what);

    gst_sample_unref (sample);
    fail_unless (gst_buffer_pool_set_active (pool, FALSE));
    gst_object_unref (pool);
    stop_harness (h, what);
    g_free (digest);
    gst_caps_unref (caps);
    g_strfreev (reference);
    g_ptr_array_unref (frames);
    g_free (what);
    g_free (description);
  }
}

GST_END_TEST;

/* Plays videotestsrc ! @e ! @out caps ! appsink; returns the samples the
 * appsink got, asserting their memory is GstCLMemory where @out says so. */
static GPtrArray *
appsink_samples (const RelElement * e, const gchar * format, const gchar * out)
{
  gchar *what = run_name (e, "buffer", format, SYSTEM_FEATURE, out);
  gchar *element = element_description (e, "buffer", SYSTEM_FEATURE, out);
  gchar *description = g_strdup_printf (TEST_SOURCE "%s ! appsink "
      "name=sink sync=false wait-on-eos=false", format, element);
  GstElement *pipeline = play_pipeline (description, what);
  GstElement *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  GPtrArray *samples = g_ptr_array_new_with_free_func ((GDestroyNotify)
      gst_sample_unref);
  GstSample *sample;

  while ((sample = gst_app_sink_try_pull_sample (GST_APP_SINK (sink), 0))) {
    GstBuffer *buffer = gst_sample_get_buffer (sample);

    fail_unless (gst_memory_is_type (gst_buffer_peek_memory (buffer, 0),
            GST_CL_MEMORY_TYPE) == g_str_equal (out, CL_FEATURE),
        "%s: a frame is not in the memory its caps say", what);
    g_ptr_array_add (samples, sample);
  }
  fail_unless_equals_int (samples->len, N_FRAMES);
  gst_object_unref (sink);
  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  rel_release_pipeline (pipeline, what);
  g_free (description);
  g_free (element);
  g_free (what);
  return samples;
}

/* An appsink, knowing nothing of OpenCL, maps each element's OpenCL
 * output with gst_video_frame_map and sees the pixels of its system
 * memory output, also once the pipeline is gone; dropping those frames
 * releases the last of the device memory. */
GST_START_TEST (test_host_reads_cl_memory)
{
  static const gchar *const formats[] = { "RGBA", "NV12" };

  for (guint i = 0; i < rel_n_elements; i++) {
    const RelElement *e = &rel_elements[i];

    if (!rel_element_available (e))
      continue;
    for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
      gchar *what = run_name (e, "buffer", formats[f], SYSTEM_FEATURE,
          CL_FEATURE);
      GPtrArray *system = appsink_samples (e, formats[f], SYSTEM_FEATURE);
      GPtrArray *cl = appsink_samples (e, formats[f], CL_FEATURE);
      gchar **reference = sample_digests (system);
      gchar **digests = sample_digests (cl);

      assert_same_digests (reference, digests, what);
      fail_unless (rel_count_cl_objects (shared_cl_context).mems > 0,
          "%s: frames in OpenCL memory hold no memory object", what);
      g_ptr_array_unref (cl);
      g_ptr_array_unref (system);
      rel_assert_device_idle (shared_cl_context, what);
      g_strfreev (digests);
      g_strfreev (reference);
      g_free (what);
    }
  }
}

GST_END_TEST;

/* The element's output memory, frame by frame; the first is in the
 * capsfilter from the start. */
static const gchar *const switches[] = {
  CL_FEATURE, SYSTEM_FEATURE, SYSTEM_FEATURE, CL_FEATURE, SYSTEM_FEATURE,
  CL_FEATURE,
};

static void
set_output_memory (GstHarness * h, const RelElement * e, const gchar * feature)
{
  GstElement *out = gst_bin_get_by_name (GST_BIN (h->element), "out");
  gchar *s = output_caps (e, feature);
  GstCaps *caps = gst_caps_from_string (s);

  g_object_set (out, "caps", caps, NULL);
  gst_caps_unref (caps);
  g_free (s);
  gst_object_unref (out);
}

/* A frame of @info in OpenCL memory from the allocator of the pool @h's
 * element proposes for @caps, laid out by the application: each plane
 * @skew bytes after the end of the one before it, rows 8 bytes longer
 * than the pixels; the pixels of @frame. */
static GstBuffer *
application_frame (GstHarness * h, GstCaps * caps, const GstVideoInfo * info,
    GstBuffer * frame, gsize skew, const gchar * what)
{
  GstBufferPool *pool = proposed_pool (h, caps, what);
  GstStructure *config = gst_buffer_pool_get_config (pool);
  GstAllocator *allocator = NULL;
  gsize offset[GST_VIDEO_MAX_PLANES];
  gint stride[GST_VIDEO_MAX_PLANES];
  gsize end = hh_padded_layout (info, 8, 0, skew, offset, stride);
  GstBuffer *buffer = gst_buffer_new ();
  GstMemory *mem;

  fail_unless (gst_buffer_pool_config_get_allocator (config, &allocator,
          NULL) && allocator != NULL, "%s: the pool has no allocator", what);
  gst_object_ref (allocator);
  gst_structure_free (config);
  gst_object_unref (pool);

  mem = gst_allocator_alloc (allocator, end, NULL);
  fail_unless (mem != NULL && gst_memory_is_type (mem, GST_CL_MEMORY_TYPE),
      "%s: no OpenCL memory", what);
  gst_object_unref (allocator);
  gst_buffer_append_memory (buffer, mem);
  gst_buffer_add_video_meta_full (buffer, GST_VIDEO_FRAME_FLAG_NONE,
      GST_VIDEO_INFO_FORMAT (info), info->width, info->height,
      GST_VIDEO_INFO_N_PLANES (info), offset, stride);
  hh_copy_pixels (info, frame, buffer);
  return buffer;
}

/* Frames in OpenCL memory that an application laid out itself, planes at
 * offsets no pool would choose: where each starts on a whole pixel the
 * kernels take it where it lies; a 16-bit plane at an odd byte, or an
 * RGBA plane at a byte that is not a multiple of 4, goes through host
 * memory (the element's debug line says which). Either way the element
 * gives the bytes of the same frame in system memory. */
GST_START_TEST (test_application_layout)
{
  static const struct
  {
    const gchar *format;
    gsize skew;
    gboolean on_device;
  } layouts[] = {
    {"NV12", 1, TRUE}, {"RGBA", 4, TRUE}, {"GRAY16_LE", 2, TRUE},
    {"GRAY16_LE", 1, FALSE}, {"RGBA", 2, FALSE},
  };

  for (guint i = 0; i < rel_n_elements; i++) {
    const RelElement *e = &rel_elements[i];
    gchar *description;

    if (!rel_element_available (e))
      continue;
    description = element_description (e, "buffer", SYSTEM_FEATURE,
        SYSTEM_FEATURE);
    for (guint l = 0; l < G_N_ELEMENTS (layouts); l++) {
      gchar *what = g_strdup_printf ("%s, %s planes %" G_GSIZE_FORMAT
          " bytes apart", e->factory, layouts[l].format, layouts[l].skew);
      GstVideoInfo info;
      GPtrArray *frames;
      gchar **reference;
      GstCaps *caps;
      GstHarness *h;
      GstElement *under;
      RelFramesWatch watch;
      GstSample *sample;
      gchar *digest;

      set_input_info (&info, layouts[l].format);
      frames = noise_frames (&info, 1);
      reference = run_digests (description, &info, frames, NULL, what);
      caps = gst_video_info_to_caps (&info);
      gst_caps_set_features (caps, 0, gst_caps_features_new (CL_FEATURE, NULL));
      h = start_harness (description, gst_caps_ref (caps), NULL);
      under = gst_bin_get_by_name (GST_BIN (h->element), "under");
      rel_frames_watch_start (&watch, under);
      sample = push_frame (h, application_frame (h, caps, &info,
              g_ptr_array_index (frames, 0), layouts[l].skew, what), what);
      assert_pad_feature (h->element, "under", "sink", CL_FEATURE, what);
      fail_unless ((g_atomic_int_get (&watch.host_frames) == 0) ==
          layouts[l].on_device, "%s: %s", what, layouts[l].on_device ?
          "went through host memory" : "was not mapped for the host");
      rel_frames_watch_stop (&watch);
      digest = rel_sample_digest (sample);
      fail_unless (g_str_equal (digest, reference[0]), "%s: the bytes "
          "differ from the frame in system memory", what);

      g_free (digest);
      gst_sample_unref (sample);
      gst_object_unref (under);
      gst_caps_unref (caps);
      stop_harness (h, what);
      g_strfreev (reference);
      g_ptr_array_unref (frames);
      g_free (what);
    }
    g_free (description);
  }
}

GST_END_TEST;

/* The capsfilter after each element switches between OpenCL and system
 * memory while frames flow: the element renegotiates its output (the
 * capsfilter asks upstream to reconfigure) and gives the same bytes as in
 * system memory, frame by frame; with either storage (images are copied
 * into the output on the device, buffers are written in place). */
GST_START_TEST (test_renegotiation)
{
  const gchar *storage = __i__ ? "image" : "buffer";

  for (guint i = 0; i < rel_n_elements; i++) {
    const RelElement *e = &rel_elements[i];
    gchar *reference_description, *description;
    GstVideoInfo info;
    GPtrArray *frames;
    gchar **reference;
    GstHarness *h;

    if (!rel_element_available (e))
      continue;
    reference_description = element_description (e, "buffer", SYSTEM_FEATURE,
        SYSTEM_FEATURE);
    description = downloaded_description (e, storage, SYSTEM_FEATURE,
        switches[0]);
    set_input_info (&info, "I420");
    frames = noise_frames (&info, G_N_ELEMENTS (switches));
    reference = run_digests (reference_description, &info, frames, NULL,
        reference_description);
    h = start_harness (description, gst_video_info_to_caps (&info), NULL);
    for (guint f = 0; f < G_N_ELEMENTS (switches); f++) {
      gchar *what = g_strdup_printf ("%s storage=%s, frame %u in %s",
          e->factory, storage, f, memory_name (switches[f]));
      GstSample *sample;
      gchar *digest;

      set_output_memory (h, e, switches[f]);
      sample = push_frame (h, gst_buffer_ref (g_ptr_array_index (frames, f)),
          what);
      assert_pad_feature (h->element, "under", "src", switches[f], what);
      digest = rel_sample_digest (sample);
      fail_unless (g_str_equal (digest, reference[f]), "%s: the bytes "
          "differ from the frame in system memory", what);
      g_free (digest);
      gst_sample_unref (sample);
      g_free (what);
    }
    stop_harness (h, description);
    g_strfreev (reference);
    g_ptr_array_unref (frames);
    g_free (description);
    g_free (reference_description);
  }
}

GST_END_TEST;

#define LATE_FRAMES 8
#define LATE_WIDTH 640
#define LATE_HEIGHT 360

/* An RGBA frame of one colour, its own for each @i. */
static GstBuffer *
plain_frame (const GstVideoInfo * info, guint i, guint8 rgba[4])
{
  GstBuffer *buffer = gst_buffer_new_allocate (NULL,
      GST_VIDEO_INFO_SIZE (info), NULL);
  GstMapInfo map;

  rgba[0] = 5 + 31 * i;
  rgba[1] = 250 - 17 * i;
  rgba[2] = 3 * i * i;
  rgba[3] = 255;
  fail_unless (gst_buffer_map (buffer, &map, GST_MAP_WRITE));
  for (gsize o = 0; o < map.size; o += 4)
    memcpy (map.data + o, rgba, 4);
  gst_buffer_unmap (buffer, &map);
  return buffer;
}

/* Every pixel of @buffer (a frame of @info) is @rgba. */
static void
assert_plain (GstBuffer * buffer, const GstVideoInfo * info,
    const guint8 rgba[4], guint i, const gchar * what)
{
  GstVideoFrame frame;

  fail_unless (gst_video_frame_map (&frame, info, buffer, GST_MAP_READ));
  for (gint y = 0; y < LATE_HEIGHT; y++) {
    const guint8 *row = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame,
        0) + y * GST_VIDEO_FRAME_PLANE_STRIDE (&frame, 0);

    for (gint x = 0; x < LATE_WIDTH; x++)
      fail_unless (memcmp (row + 4 * x, rgba, 4) == 0, "%s: frame %u, "
          "pixel (%d, %d): %u %u %u %u, not %u %u %u %u", what, i, x, y,
          row[4 * x],
          row[4 * x + 1], row[4 * x + 2], row[4 * x + 3], rgba[0], rgba[1],
          rgba[2], rgba[3]);
  }
  gst_video_frame_unmap (&frame);
}

/* Where the copy out to the host is made: the element's own output in
 * system memory, or cldownload after it. */
static const gchar *const late_readers[] = {
  "clboxblur radius=2 storage=buffer ! capsfilter caps=\"video/x-raw("
      SYSTEM_FEATURE ")\"",
  "clupload ! clboxblur radius=2 storage=buffer ! cldownload",
};

/* On a device that does not share host memory (a CPU device under the
 * host-memory test layer: elements/clmemorypath-copied), the output in
 * system memory is pinned memory of a pool of ours, and the copy into it
 * is left running (by the element, gst_cl_frame_download(), or by
 * cldownload, gst_cl_buffer_read_frame()) while the next frame is
 * uploaded: frames pushed one after the other and only then mapped, the
 * last first, each hold their own pixels. A box blur of a frame of one
 * colour is that colour exactly (integer sums), so a frame read before its copy ended,
 * or after the next frame's kernels overwrote what it was copied from,
 * shows. */
GST_START_TEST (test_download_left_running)
{
  const gchar *description = late_readers[__i__];
  GstVideoInfo info;
  GstBuffer *out[LATE_FRAMES];
  guint8 colours[LATE_FRAMES][4];
  GstHarness *h;
  gint events;

  if (gst_cl_context_get_device (shared_cl_context)->host_unified) {
    GST_INFO ("%s shares host memory: its downloads are not left running",
        gst_cl_context_get_device (shared_cl_context)->device_name);
    return;
  }
  fail_unless (gst_video_info_set_format (&info, GST_VIDEO_FORMAT_RGBA,
          LATE_WIDTH, LATE_HEIGHT));
  h = start_harness (description, gst_video_info_to_caps (&info), NULL);
  events = gst_cl_context_count_created (shared_cl_context,
      GST_CL_OBJECT_EVENT);
  for (guint i = 0; i < LATE_FRAMES; i++) {
    fail_unless_equals_int (gst_harness_push (h, plain_frame (&info, i,
                colours[i])), GST_FLOW_OK);
  }
  for (guint i = 0; i < LATE_FRAMES; i++) {
    out[i] = gst_harness_pull (h);
    fail_unless (out[i] != NULL);
    fail_unless (gst_memory_is_type (gst_buffer_peek_memory (out[i], 0),
            "GstCLPinnedMemory"), "%s: frame %u is not in pinned memory",
        description, i);
  }
  fail_unless (gst_cl_context_count_created (shared_cl_context,
          GST_CL_OBJECT_EVENT) > events, "%s: no read was left running",
      description);
  for (gint i = LATE_FRAMES - 1; i >= 0; i--) {
    assert_plain (out[i], &info, colours[i], i, description);
    gst_buffer_unref (out[i]);
  }
  stop_harness (h, description);
}

GST_END_TEST;

static Suite *
clmemorypath_suite (void)
{
  Suite *s = suite_create ("clmemorypath");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_checked_fixture (tc, make_shared_context, release_shared_context);
  tcase_add_test (tc, test_negotiation);
  tcase_add_test (tc, test_neighbours_settle_on_cl_memory);
  tcase_add_test (tc, test_same_bytes);
  tcase_add_test (tc, test_chain_same_bytes);
  tcase_add_test (tc, test_other_context);
  tcase_add_test (tc, test_host_reads_cl_memory);
  tcase_add_test (tc, test_application_writes_cl_memory);
  tcase_add_test (tc, test_application_layout);
  tcase_add_loop_test (tc, test_renegotiation, 0, 2);
  tcase_add_loop_test (tc, test_download_left_running, 0,
      G_N_ELEMENTS (late_readers));
  return s;
}

GST_CHECK_MAIN (clmemorypath);
