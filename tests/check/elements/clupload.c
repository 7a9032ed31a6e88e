/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * clupload and cldownload: round trips exact to the byte for every format,
 * odd sizes and padded strides; caps negotiation and passthrough; OpenCL
 * memory read by code that knows nothing of OpenCL, and written by an
 * application; frames of another context; renegotiation; errors; and the
 * context's count of memory objects. Every pixel check compares with the
 * input's bytes.
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include <string.h>

#include <gst/opencl/gstclframe.h>
#include <gst/opencl/gstclmemory.h>
#include "reliability.h"

#define CL_CAPS "video/x-raw(" GST_CAPS_FEATURE_MEMORY_CL_MEMORY ")"

/* A frame of random bytes in system memory; with @padding, rows longer
 * than the pixels by @padding bytes (more for later planes), planes apart,
 * and a video meta that says so. */
static GstBuffer *
make_input (const GstVideoInfo * info, guint32 seed, gint padding)
{
  gsize offsets[GST_VIDEO_MAX_PLANES] = { 0, };
  gint strides[GST_VIDEO_MAX_PLANES] = { 0, };
  gsize size = GST_VIDEO_INFO_SIZE (info);
  GRand *rand = g_rand_new_with_seed (seed);
  GstBuffer *buffer;
  GstMapInfo map;

  if (padding) {
    size = 0;
    for (guint p = 0; p < GST_VIDEO_INFO_N_PLANES (info); p++) {
      gint comp[GST_VIDEO_MAX_COMPONENTS];

      gst_video_format_info_component (info->finfo, p, comp);
      offsets[p] = size + 3;
      strides[p] = GST_VIDEO_INFO_PLANE_STRIDE (info, p) + padding * (p + 1);
      size = offsets[p] + (gsize) strides[p] *
          GST_VIDEO_INFO_COMP_HEIGHT (info, comp[0]);
    }
  }
  buffer = gst_buffer_new_allocate (NULL, size, NULL);
  fail_unless (gst_buffer_map (buffer, &map, GST_MAP_WRITE));
  for (gsize i = 0; i < map.size; i++)
    map.data[i] = g_rand_int (rand);
  gst_buffer_unmap (buffer, &map);
  g_rand_free (rand);
  if (padding)
    gst_buffer_add_video_meta_full (buffer, GST_VIDEO_FRAME_FLAG_NONE,
        GST_VIDEO_INFO_FORMAT (info), info->width, info->height,
        GST_VIDEO_INFO_N_PLANES (info), offsets, strides);
  return buffer;
}

/* Every visible byte of @actual is @expected's (row padding is not part
 * of the picture). */
static void
assert_same_pixels (const GstVideoInfo * info, GstBuffer * expected,
    GstBuffer * actual)
{
  GstVideoFrame e, a;

  fail_unless (gst_video_frame_map (&e, info, expected, GST_MAP_READ));
  fail_unless (gst_video_frame_map (&a, info, actual, GST_MAP_READ));
  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (&e); p++) {
    gint comp[GST_VIDEO_MAX_COMPONENTS];
    gsize row_bytes;

    gst_video_format_info_component (info->finfo, p, comp);
    row_bytes = (gsize) GST_VIDEO_FRAME_COMP_WIDTH (&e, comp[0]) *
        GST_VIDEO_FRAME_COMP_PSTRIDE (&e, comp[0]);
    for (gint y = 0; y < GST_VIDEO_FRAME_COMP_HEIGHT (&e, comp[0]); y++)
      fail_unless (memcmp ((guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&e, p) +
              (gsize) y * GST_VIDEO_FRAME_PLANE_STRIDE (&e, p),
              (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&a, p) +
              (gsize) y * GST_VIDEO_FRAME_PLANE_STRIDE (&a, p),
              row_bytes) == 0, "%dx%d %s: plane %u row %d differs",
          info->width, info->height, GST_VIDEO_INFO_NAME (info), p, y);
  }
  gst_video_frame_unmap (&a);
  gst_video_frame_unmap (&e);
}

static void
set_video_info (GstVideoInfo * info, const gchar * format, gint width,
    gint height)
{
  fail_unless (gst_video_info_set_format (info,
          gst_video_format_from_string (format), width, height));
}

static GstCaps *
caps_with_feature (const GstVideoInfo * info, const gchar * feature)
{
  GstCaps *caps = gst_video_info_to_caps (info);

  if (feature)
    gst_caps_set_features (caps, 0, gst_caps_features_new (feature, NULL));
  return caps;
}

/* A harness around the bin @description (its unlinked pads ghosted). */
static GstHarness *
bin_harness (const gchar * description, GstElement ** bin)
{
  GError *error = NULL;
  GstElement *e = gst_parse_bin_from_description (description, TRUE, &error);
  GstHarness *h;

  fail_unless (e != NULL, "%s", error ? error->message : "");
  h = gst_harness_new_with_element (e, "sink", "src");
  if (bin)
    *bin = e;
  else
    gst_object_unref (e);
  return h;
}

/* Pushes a frame of @info (padded rows where @padding) through @h and
 * checks the output has its bytes. */
static void
assert_round_trip (GstHarness * h, const GstVideoInfo * info, gint padding)
{
  GstBuffer *in = make_input (info, info->width * 31 + padding, padding);
  GstBuffer *out;

  fail_unless_equals_int (gst_harness_push (h, gst_buffer_ref (in)),
      GST_FLOW_OK);
  out = gst_harness_pull (h);
  fail_unless (out != NULL);
  fail_if (out == in, "the frame was not copied");
  assert_same_pixels (info, in, out);
  gst_buffer_unref (out);
  gst_buffer_unref (in);
}

static GstPadProbeReturn
count_cl_memory (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER (info);

  if (gst_buffer_n_memory (buffer) == 1
      && gst_memory_is_type (gst_buffer_peek_memory (buffer, 0),
          GST_CL_MEMORY_TYPE))
    (*(guint *) user_data)++;
  return GST_PAD_PROBE_OK;
}

static const struct
{
  gint width, height;
} sizes[] = {
  {33, 17}, {1, 1}, {2, 3}, {64, 48},
};

/* clupload ! cldownload gives the input's bytes, for every format the
 * library lays out (clconvert's as well as the filters'), odd sizes and
 * padded input rows; between the two, frames are GstCLMemory. */
GST_START_TEST (test_round_trip)
{
  GstCaps *all = gst_caps_from_string ("video/x-raw, format="
      GST_CL_ALL_FORMATS);
  const GValue *formats = gst_structure_get_value (gst_caps_get_structure
      (all, 0), "format");

  for (guint f = 0; f < gst_value_list_get_size (formats); f++) {
    const gchar *format = g_value_get_string (gst_value_list_get_value
        (formats, f));
    GstElement *bin, *up;
    GstHarness *h = bin_harness ("clupload name=up ! cldownload", &bin);
    guint cl_frames = 0, frames = 0;
    GstPad *pad;

    up = gst_bin_get_by_name (GST_BIN (bin), "up");
    pad = gst_element_get_static_pad (up, "src");
    gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, count_cl_memory,
        &cl_frames, NULL);
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++) {
      GstVideoInfo info;

      set_video_info (&info, format, sizes[s].width, sizes[s].height);
      gst_harness_set_src_caps (h, gst_video_info_to_caps (&info));
      for (gint padding = 0; padding <= 24; padding += 24, frames++)
        assert_round_trip (h, &info, padding);
    }
    fail_unless_equals_int (cl_frames, frames);
    gst_object_unref (pad);
    gst_object_unref (up);
    gst_object_unref (bin);
    gst_harness_teardown (h);
  }
  gst_caps_unref (all);
}

GST_END_TEST;

/* Frames on either side of 16 MiB, the size from which a device that does
 * not share host memory uploads frames through pinned staging memory,
 * copied there by several threads plane part by plane part: in the copied
 * run (a layer makes the device one that does not share host memory) the
 * first of each pair is written as it is, the second staged (its planes'
 * extents, strides included, reach 16 MiB). Odd sizes and padded rows give
 * the parts uneven lengths. */
static const struct
{
  const gchar *format;
  gint width, height;
  gint padding;
} large_frames[] = {
  {"RGBA", 2048, 2047, 0},      /* 16 MiB less a row */
  {"RGBA", 2048, 2048, 0},      /* 16 MiB */
  {"NV12", 4096, 2730, 0},
  {"NV12", 4096, 2731, 24},
  {"I420", 4097, 2720, 0},
  {"I420", 4097, 2731, 0},
};

/* clupload ! cldownload gives the input's bytes for large frames too. */
GST_START_TEST (test_round_trip_large)
{
  GstHarness *h = bin_harness ("clupload ! cldownload", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (large_frames); i++) {
    GstVideoInfo info;

    set_video_info (&info, large_frames[i].format, large_frames[i].width,
        large_frames[i].height);
    gst_harness_set_src_caps (h, gst_video_info_to_caps (&info));
    assert_round_trip (h, &info, large_frames[i].padding);
  }
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Which caps each element takes on each side, and whether it copies or
 * passes through; refused pairs fail to negotiate. */
static const struct
{
  const gchar *factory;
  const gchar *in_feature;      /* NULL: system memory */
  const gchar *out_feature;
  enum
  { COPY, PASSTHROUGH, REFUSED } outcome;
} negotiation[] = {
  {"clupload", NULL, GST_CAPS_FEATURE_MEMORY_CL_MEMORY, COPY},
  {"clupload", GST_CAPS_FEATURE_MEMORY_CL_MEMORY,
      GST_CAPS_FEATURE_MEMORY_CL_MEMORY, PASSTHROUGH},
  {"clupload", NULL, NULL, REFUSED},
  {"cldownload", GST_CAPS_FEATURE_MEMORY_CL_MEMORY, NULL, COPY},
  {"cldownload", NULL, NULL, PASSTHROUGH},
  {"cldownload", GST_CAPS_FEATURE_MEMORY_CL_MEMORY,
      GST_CAPS_FEATURE_MEMORY_CL_MEMORY, REFUSED},
};

GST_START_TEST (test_negotiation)
{
  GstVideoInfo info;

  set_video_info (&info, "NV12", 18, 10);
  for (guint i = 0; i < G_N_ELEMENTS (negotiation); i++) {
    GstHarness *h = gst_harness_new (negotiation[i].factory);
    GstBuffer *in = make_input (&info, i, 0), *out;
    GstCaps *current;
    GstFlowReturn flow;

    gst_harness_set_src_caps (h, caps_with_feature (&info,
            negotiation[i].in_feature));
    gst_harness_set_sink_caps (h, caps_with_feature (&info,
            negotiation[i].out_feature));
    flow = gst_harness_push (h, gst_buffer_ref (in));
    if (negotiation[i].outcome == REFUSED) {
      fail_unless_equals_int (flow, GST_FLOW_NOT_NEGOTIATED);
    } else {
      fail_unless_equals_int (flow, GST_FLOW_OK);
      out = gst_harness_pull (h);
      current = gst_pad_get_current_caps (h->sinkpad);
      fail_unless (gst_caps_features_contains (gst_caps_get_features (current,
                  0), negotiation[i].out_feature ?
              negotiation[i].out_feature :
              GST_CAPS_FEATURE_MEMORY_SYSTEM_MEMORY), "%s: %" GST_PTR_FORMAT,
          negotiation[i].factory, current);
      if (negotiation[i].outcome == PASSTHROUGH)
        fail_unless (out == in, "%s did not pass through",
            negotiation[i].factory);
      else
        fail_if (out == in);
      assert_same_pixels (&info, in, out);
      gst_caps_unref (current);
      gst_buffer_unref (out);
    }
    gst_buffer_unref (in);
    gst_harness_teardown (h);
  }
}

GST_END_TEST;

/* What the pool cldownload proposes gives: a frame in OpenCL memory. */
static GstBuffer *
acquire_proposed_buffer (GstHarness * h, GstCaps * caps, GstBufferPool ** pool)
{
  GstQuery *query = gst_query_new_allocation (caps, TRUE);
  GstBuffer *buffer = NULL;

  fail_unless (gst_pad_peer_query (h->srcpad, query));
  fail_unless (gst_query_get_n_allocation_pools (query) > 0);
  gst_query_parse_nth_allocation_pool (query, 0, pool, NULL, NULL, NULL);
  fail_unless (*pool != NULL);
  fail_unless (gst_query_find_allocation_meta (query, GST_VIDEO_META_API_TYPE,
          NULL));
  gst_query_unref (query);
  fail_unless (gst_buffer_pool_set_active (*pool, TRUE));
  fail_unless_equals_int (gst_buffer_pool_acquire_buffer (*pool, &buffer,
          NULL), GST_FLOW_OK);
  fail_unless (gst_memory_is_type (gst_buffer_peek_memory (buffer, 0),
          GST_CL_MEMORY_TYPE));
  fail_unless (gst_buffer_get_video_meta (buffer) != NULL);
  return buffer;
}

/* Upstream of clupload gets a pool of host frames with video meta,
 * pinned where the device does not share host memory. */
GST_START_TEST (test_upload_proposes_host_pool)
{
  GstHarness *h = gst_harness_new ("clupload");
  GstCLContext *context = rel_query_cl_context (h->element);
  GstVideoInfo info;
  GstCaps *caps;
  GstQuery *query;
  GstBufferPool *pool = NULL;
  GstBuffer *buffer = NULL;
  GstMemory *mem;

  set_video_info (&info, "I420", 35, 19);
  caps = gst_video_info_to_caps (&info);
  gst_harness_set_src_caps (h, gst_caps_ref (caps));
  query = gst_query_new_allocation (caps, TRUE);
  fail_unless (gst_pad_peer_query (h->srcpad, query));
  fail_unless (gst_query_find_allocation_meta (query, GST_VIDEO_META_API_TYPE,
          NULL));
  fail_unless (gst_query_get_n_allocation_pools (query) > 0);
  gst_query_parse_nth_allocation_pool (query, 0, &pool, NULL, NULL, NULL);
  fail_unless (gst_buffer_pool_set_active (pool, TRUE));
  fail_unless_equals_int (gst_buffer_pool_acquire_buffer (pool, &buffer,
          NULL), GST_FLOW_OK);
  mem = gst_buffer_peek_memory (buffer, 0);
  fail_if (gst_memory_is_type (mem, GST_CL_MEMORY_TYPE));
  fail_unless_equals_int (gst_memory_is_type (mem, "GstCLPinnedMemory"),
      !gst_cl_context_get_device (context)->host_unified);

  gst_buffer_unref (buffer);
  fail_unless (gst_buffer_pool_set_active (pool, FALSE));
  gst_object_unref (pool);
  gst_query_unref (query);
  gst_caps_unref (caps);
  gst_object_unref (context);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* An application maps a frame of cldownload's pool, writes it with plain
 * host code, and pushes it: cldownload gives its pixels back. */
GST_START_TEST (test_application_writes_cl_memory)
{
  GstHarness *h = gst_harness_new ("cldownload");
  GstVideoInfo info;
  GstCaps *caps;
  GstBufferPool *pool = NULL;
  GstBuffer *in, *written, *out;
  GstVideoFrame src, dst;

  set_video_info (&info, "I420", 35, 19);
  caps = caps_with_feature (&info, GST_CAPS_FEATURE_MEMORY_CL_MEMORY);
  gst_harness_set_src_caps (h, gst_caps_ref (caps));
  written = acquire_proposed_buffer (h, caps, &pool);

  in = make_input (&info, 77, 8);
  fail_unless (gst_video_frame_map (&src, &info, in, GST_MAP_READ));
  fail_unless (gst_video_frame_map (&dst, &info, written, GST_MAP_WRITE));
  fail_unless (gst_video_frame_copy (&dst, &src));
  gst_video_frame_unmap (&dst);
  gst_video_frame_unmap (&src);

  fail_unless_equals_int (gst_harness_push (h, written), GST_FLOW_OK);
  out = gst_harness_pull (h);
  fail_if (gst_memory_is_type (gst_buffer_peek_memory (out, 0),
          GST_CL_MEMORY_TYPE));
  assert_same_pixels (&info, in, out);

  gst_buffer_unref (out);
  gst_buffer_unref (in);
  gst_caps_unref (caps);
  gst_harness_teardown (h);
  fail_unless (gst_buffer_pool_set_active (pool, FALSE));
  gst_object_unref (pool);
}

GST_END_TEST;

/* Code that knows nothing of OpenCL maps clupload's output for the host
 * and sees the input's pixels; GST_MAP_CL gives a cl_mem whose bytes,
 * read with clEnqueueReadBuffer, are the frame's. */
GST_START_TEST (test_consumer_reads_cl_memory)
{
  GstHarness *h = gst_harness_new ("clupload");
  GstCLContext *context;
  GstVideoInfo info;
  GstBuffer *in, *out;
  GstVideoMeta *meta;
  GstVideoFrame frame;
  GstMemory *mem;
  GstMapInfo map;
  guint8 *bytes;

  set_video_info (&info, "NV12", 21, 13);
  /* a consumer that reads video metas: planes at the device's alignment */
  gst_harness_add_propose_allocation_meta (h, GST_VIDEO_META_API_TYPE, NULL);
  gst_harness_set_src_caps (h, caps_with_feature (&info, NULL));
  gst_harness_set_sink_caps (h, caps_with_feature (&info,
          GST_CAPS_FEATURE_MEMORY_CL_MEMORY));
  in = make_input (&info, 5, 12);
  fail_unless_equals_int (gst_harness_push (h, gst_buffer_ref (in)),
      GST_FLOW_OK);
  out = gst_harness_pull (h);
  fail_unless_equals_int (gst_buffer_n_memory (out), 1);
  mem = gst_buffer_peek_memory (out, 0);
  fail_unless (gst_memory_is_type (mem, GST_CL_MEMORY_TYPE));
  meta = gst_buffer_get_video_meta (out);
  fail_unless (meta != NULL);
  assert_same_pixels (&info, in, out);

  context = rel_query_cl_context (h->element);
  bytes = g_malloc (mem->size);
  fail_unless (gst_memory_map (mem, &map, GST_MAP_READ | GST_MAP_CL));
  fail_unless_equals_int (clEnqueueReadBuffer (gst_cl_context_get_queue
          (context), (cl_mem) map.data, CL_TRUE, mem->offset, mem->size, bytes,
          0, NULL, NULL), CL_SUCCESS);
  gst_memory_unmap (mem, &map);
  fail_unless (gst_video_frame_map (&frame, &info, in, GST_MAP_READ));
  for (guint p = 0; p < 2; p++) {
    gsize row_bytes = p ? 22 : 21;

    for (gint y = 0; y < (p ? 7 : 13); y++)
      fail_unless (memcmp (bytes + meta->offset[p] + (gsize) y *
              meta->stride[p], (guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&frame,
                  p) + (gsize) y * GST_VIDEO_FRAME_PLANE_STRIDE (&frame, p),
              row_bytes) == 0, "plane %u row %d", p, y);
  }
  gst_video_frame_unmap (&frame);

  g_free (bytes);
  gst_object_unref (context);
  gst_buffer_unref (out);
  gst_buffer_unref (in);
  gst_harness_teardown (h);
}

GST_END_TEST;

static void
set_element_context (GstElement * bin, const gchar * name, GstContext * context)
{
  GstElement *e = gst_bin_get_by_name (GST_BIN (bin), name);

  gst_element_set_context (e, context);
  gst_object_unref (e);
}

/* Frames in OpenCL memory of another context reach cldownload through a
 * host mapping, with the same bytes. */
GST_START_TEST (test_other_context)
{
  GstContext *a = rel_new_shared_context (), *b = rel_new_shared_context ();
  GstElement *bin;
  GstCLContext *cl_a = rel_dup_cl_context (a), *cl_b = rel_dup_cl_context (b);
  GstHarness *h;
  GstVideoInfo info;

  fail_if (cl_a == cl_b);
  gst_object_unref (cl_a);
  gst_object_unref (cl_b);
  bin = gst_parse_bin_from_description ("clupload name=up ! "
      "cldownload name=down", TRUE, NULL);
  set_element_context (bin, "up", a);
  set_element_context (bin, "down", b);
  h = gst_harness_new_with_element (bin, "sink", "src");
  set_video_info (&info, "RGBA", 9, 7);
  gst_harness_set_src_caps (h, gst_video_info_to_caps (&info));
  assert_round_trip (h, &info, 4);

  gst_harness_teardown (h);
  gst_object_unref (bin);
  gst_context_unref (a);
  gst_context_unref (b);
}

GST_END_TEST;

/* Size and format change mid-stream through clupload ! cldownload. */
GST_START_TEST (test_renegotiation)
{
  static const struct
  {
    const gchar *format;
    gint width, height;
  } steps[] = {
    {"RGBA", 33, 17}, {"I420", 16, 8}, {"NV12", 1, 1}, {"GRAY16_LE", 40, 3},
    {"RGBA", 64, 48},
  };
  GstHarness *h = bin_harness ("clupload ! cldownload", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++) {
    GstVideoInfo info;

    set_video_info (&info, steps[i].format, steps[i].width, steps[i].height);
    gst_harness_set_src_caps (h, gst_video_info_to_caps (&info));
    assert_round_trip (h, &info, 0);
    assert_round_trip (h, &info, 8);
  }
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Once the elements, their pools and every buffer are gone, the shared
 * context has as many memory objects as before. */
GST_START_TEST (test_memory_objects_released)
{
  GstContext *context = rel_new_shared_context ();
  GstCLContext *cl_context = rel_dup_cl_context (context);
  RelCLObjects before = rel_count_cl_objects (cl_context), after;
  GstElement *bin, *element;
  GstHarness *h, *down;
  GstVideoInfo info;
  GstBufferPool *pool = NULL;
  GstCaps *caps;
  GstBuffer *kept;
  gchar *b, *a;

  bin = gst_parse_bin_from_description ("clupload ! cldownload", TRUE, NULL);
  gst_element_set_context (bin, context);
  h = gst_harness_new_with_element (bin, "sink", "src");
  set_video_info (&info, "I420", 33, 17);
  gst_harness_set_src_caps (h, gst_video_info_to_caps (&info));
  for (guint i = 0; i < 3; i++)
    assert_round_trip (h, &info, 0);

  /* A frame of a pool an application took, outliving its element. */
  element = gst_element_factory_make ("cldownload", NULL);
  gst_element_set_context (element, context);
  down = gst_harness_new_with_element (element, "sink", "src");
  gst_object_unref (element);
  caps = caps_with_feature (&info, GST_CAPS_FEATURE_MEMORY_CL_MEMORY);
  gst_harness_set_src_caps (down, gst_caps_ref (caps));
  kept = acquire_proposed_buffer (down, caps, &pool);
  fail_unless (gst_buffer_pool_set_active (pool, FALSE));
  gst_object_unref (pool);
  gst_harness_teardown (down);
  gst_harness_teardown (h);
  gst_object_unref (bin);
  /* The pool, inactive, waits for its last frame to free them all. */
  after = rel_count_cl_objects (cl_context);
  fail_unless (after.mems > before.mems);
  gst_buffer_unref (kept);
  gst_caps_unref (caps);

  after = rel_count_cl_objects (cl_context);
  b = rel_cl_objects_to_string (&before);
  a = rel_cl_objects_to_string (&after);
  fail_unless (rel_cl_objects_equal (&before, &after), "before: %s; after: %s",
      b, a);
  g_free (b);
  g_free (a);
  gst_object_unref (cl_context);
  gst_context_unref (context);
}

GST_END_TEST;

/* clupload and cldownload join their neighbours' context, a cl
 * element's included. */
GST_START_TEST (test_shared_context)
{
  const gchar *names[] = { "rotate", "up", "down" };
  GstElement *bin = gst_parse_bin_from_description ("clrotate name=rotate ! "
      "clupload name=up ! cldownload name=down", TRUE, NULL);
  GstCLContext *first = NULL;

  fail_unless_equals_int (gst_element_set_state (bin, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++) {
    GstElement *e = gst_bin_get_by_name (GST_BIN (bin), names[i]);
    GstCLContext *context = rel_query_cl_context (e);

    if (first == NULL)
      first = gst_object_ref (context);
    fail_unless (context == first, "%s has a context of its own", names[i]);
    gst_object_unref (context);
    gst_object_unref (e);
  }
  gst_object_unref (first);
  gst_element_set_state (bin, GST_STATE_NULL);
  gst_object_unref (bin);
}

GST_END_TEST;

/* A buffer too small for its caps: an error, not a crash. */
GST_START_TEST (test_short_buffer)
{
  GstHarness *h = gst_harness_new ("clupload");
  GstBus *bus = gst_bus_new ();
  GstVideoInfo info;
  GstMessage *msg;
  GError *error = NULL;
  gchar *debug = NULL;

  gst_element_set_bus (h->element, bus);
  set_video_info (&info, "RGBA", 16, 16);
  gst_harness_set_src_caps (h, gst_video_info_to_caps (&info));
  fail_unless_equals_int (gst_harness_push (h, gst_buffer_new_allocate (NULL,
              100, NULL)), GST_FLOW_ERROR);
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  fail_unless (msg != NULL);
  gst_message_parse_error (msg, &error, &debug);
  fail_unless (g_error_matches (error, GST_STREAM_ERROR,
          GST_STREAM_ERROR_FORMAT), "%s", error->message);
  fail_unless (strstr (debug, "16x16 RGBA") != NULL, "%s", debug);
  g_error_free (error);
  g_free (debug);
  gst_message_unref (msg);
  gst_element_set_bus (h->element, NULL);
  gst_object_unref (bus);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Video metas that lay out more than their buffer holds. */
typedef enum
{
  ROWS_TOO_LONG,                /* plane 0's stride 256 bytes beyond its rows */
  PLANE_AT_END,                 /* plane 0 starts 16 bytes before the end */
  LAST_PLANE_OFF_END,           /* the last plane's rows run off the end */
} MetaOverrun;

static const struct
{
  const gchar *what;
  const gchar *format;
  MetaOverrun overrun;
} overruns[] = {
  {"rows longer than the buffer holds", "RGBA", ROWS_TOO_LONG},
  {"a plane starting 16 bytes before the end", "RGBA", PLANE_AT_END},
  {"the V plane running off the end", "I420", LAST_PLANE_OFF_END},
};

/* Gives @buffer, exactly as large as a frame of @info, a video meta of
 * @info's size and format that runs past its end as @overrun says. */
static void
add_overrunning_meta (GstBuffer * buffer, const GstVideoInfo * info,
    MetaOverrun overrun)
{
  gsize offsets[GST_VIDEO_MAX_PLANES];
  gint strides[GST_VIDEO_MAX_PLANES];
  guint last = GST_VIDEO_INFO_N_PLANES (info) - 1;
  GstVideoMeta *meta;

  while ((meta = gst_buffer_get_video_meta (buffer)))
    gst_buffer_remove_meta (buffer, GST_META_CAST (meta));
  memcpy (offsets, info->offset, sizeof (offsets));
  memcpy (strides, info->stride, sizeof (strides));
  if (overrun == ROWS_TOO_LONG)
    strides[0] += 256;
  else if (overrun == PLANE_AT_END)
    offsets[0] = gst_buffer_get_size (buffer) - 16;
  else
    offsets[last] = gst_buffer_get_size (buffer) - strides[last];
  gst_buffer_add_video_meta_full (buffer, GST_VIDEO_FRAME_FLAG_NONE,
      GST_VIDEO_INFO_FORMAT (info), info->width, info->height,
      GST_VIDEO_INFO_N_PLANES (info), offsets, strides);
}

/* @h refuses @buffer with a stream format error naming the sizes. */
static void
assert_refused (GstHarness * h, GstBuffer * buffer, const gchar * what)
{
  GstBus *bus = gst_bus_new ();
  GstMessage *msg;
  GError *error = NULL;
  gchar *debug = NULL;

  gst_element_set_bus (h->element, bus);
  fail_unless_equals_int (gst_harness_push (h, buffer), GST_FLOW_ERROR);
  fail_unless_equals_int (gst_harness_buffers_received (h), 0);
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "%s: no error", what);
  gst_message_parse_error (msg, &error, &debug);
  fail_unless (g_error_matches (error, GST_STREAM_ERROR,
          GST_STREAM_ERROR_FORMAT), "%s: %s", what, error->message);
  fail_unless (strstr (debug, "bytes") != NULL, "%s: %s", what, debug);
  GST_INFO ("%s: %s (%s)", what, error->message, debug);
  g_error_free (error);
  g_free (debug);
  gst_message_unref (msg);
  gst_element_set_bus (h->element, NULL);
  gst_object_unref (bus);
}

/* A frame whose video meta lays out more than its buffer holds: clupload
 * (system memory in) and cldownload (OpenCL memory in) give an error
 * naming the sizes, and read nothing past the buffer's end (memcheck:
 * scripts/check-slow.sh). */
GST_START_TEST (test_meta_beyond_buffer)
{
  guint c = __i__ % G_N_ELEMENTS (overruns);
  gboolean download = __i__ >= (gint) G_N_ELEMENTS (overruns);
  gchar *what = g_strdup_printf ("%s, %s %s", download ? "cldownload" :
      "clupload", overruns[c].format, overruns[c].what);
  GstHarness *up = gst_harness_new ("clupload");
  GstVideoInfo info;
  GstBuffer *frame;

  set_video_info (&info, overruns[c].format, 64, 48);
  gst_harness_set_src_caps (up, gst_video_info_to_caps (&info));
  frame = make_input (&info, 7, 0);
  if (download) {
    GstHarness *down = gst_harness_new ("cldownload");

    gst_harness_set_src_caps (down, caps_with_feature (&info,
            GST_CAPS_FEATURE_MEMORY_CL_MEMORY));
    fail_unless_equals_int (gst_harness_push (up, frame), GST_FLOW_OK);
    frame = gst_buffer_make_writable (gst_harness_pull (up));
    add_overrunning_meta (frame, &info, overruns[c].overrun);
    assert_refused (down, frame, what);
    gst_harness_teardown (down);
  } else {
    add_overrunning_meta (frame, &info, overruns[c].overrun);
    assert_refused (up, frame, what);
  }
  gst_harness_teardown (up);
  g_free (what);
}

GST_END_TEST;

/* A device selector that matches nothing: the state change fails with an
 * error that says so. */
GST_START_TEST (test_no_such_device)
{
  const gchar *factories[] = { "clupload", "cldownload" };

  for (guint i = 0; i < G_N_ELEMENTS (factories); i++) {
    GstElement *e = gst_element_factory_make (factories[i], NULL);
    GstBus *bus = gst_bus_new ();
    GstMessage *msg;
    GError *error = NULL;

    gst_element_set_bus (e, bus);
    g_object_set (e, "device", "no-such-opencl-device", NULL);
    fail_unless_equals_int (gst_element_set_state (e, GST_STATE_READY),
        GST_STATE_CHANGE_FAILURE);
    msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
    fail_unless (msg != NULL);
    gst_message_parse_error (msg, &error, NULL);
    fail_unless (g_error_matches (error, GST_RESOURCE_ERROR,
            GST_RESOURCE_ERROR_NOT_FOUND), "%s", error->message);
    g_error_free (error);
    gst_message_unref (msg);
    gst_element_set_state (e, GST_STATE_NULL);
    gst_element_set_bus (e, NULL);
    gst_object_unref (bus);
    gst_object_unref (e);
  }
}

GST_END_TEST;

/* A device selector set in READY is the one used from READY->PAUSED on,
 * as for the cl elements: one that matches nothing makes the start fail
 * with an error naming it; the default device's name starts it again, on
 * that device. */
GST_START_TEST (test_device_set_in_ready)
{
  const gchar *factories[] = { "clupload", "cldownload" };
  const GstCLDeviceInfo *device = gst_cl_device_select (NULL, NULL);

  fail_unless (device != NULL, "no OpenCL device");
  for (guint i = 0; i < G_N_ELEMENTS (factories); i++) {
    GstElement *e = gst_element_factory_make (factories[i], NULL);
    GstBus *bus = gst_bus_new ();
    GstCLContext *context;
    GstMessage *msg;
    GError *error = NULL;
    gchar *debug = NULL;

    gst_element_set_bus (e, bus);
    fail_unless_equals_int (gst_element_set_state (e, GST_STATE_READY),
        GST_STATE_CHANGE_SUCCESS);
    g_object_set (e, "device", "no-such-opencl-device", NULL);
    fail_unless_equals_int (gst_element_set_state (e, GST_STATE_PAUSED),
        GST_STATE_CHANGE_FAILURE);
    msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
    fail_unless (msg != NULL, "%s: no error posted", factories[i]);
    gst_message_parse_error (msg, &error, &debug);
    fail_unless (g_error_matches (error, GST_RESOURCE_ERROR,
            GST_RESOURCE_ERROR_NOT_FOUND), "%s", error->message);
    fail_unless (strstr (debug, "no-such-opencl-device") != NULL, "%s", debug);
    g_clear_error (&error);
    g_free (debug);
    gst_message_unref (msg);

    g_object_set (e, "device", device->device_name, NULL);
    fail_unless (gst_element_set_state (e, GST_STATE_PAUSED) !=
        GST_STATE_CHANGE_FAILURE);
    context = rel_query_cl_context (e);
    fail_unless (context != NULL);
    fail_unless_equals_string (gst_cl_context_get_device (context)->device_name,
        device->device_name);
    gst_object_unref (context);
    gst_element_set_state (e, GST_STATE_NULL);
    gst_element_set_bus (e, NULL);
    gst_object_unref (bus);
    gst_object_unref (e);
  }
}

GST_END_TEST;

static Suite *
clupload_suite (void)
{
  Suite *s = suite_create ("clupload");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_round_trip);
  tcase_add_test (tc, test_round_trip_large);
  tcase_add_test (tc, test_negotiation);
  tcase_add_test (tc, test_upload_proposes_host_pool);
  tcase_add_test (tc, test_application_writes_cl_memory);
  tcase_add_test (tc, test_consumer_reads_cl_memory);
  tcase_add_test (tc, test_other_context);
  tcase_add_test (tc, test_renegotiation);
  tcase_add_test (tc, test_memory_objects_released);
  tcase_add_test (tc, test_shared_context);
  tcase_add_test (tc, test_short_buffer);
  tcase_add_loop_test (tc, test_meta_beyond_buffer, 0,
      2 * G_N_ELEMENTS (overruns));
  tcase_add_test (tc, test_no_such_device);
  tcase_add_test (tc, test_device_set_in_ready);
  return s;
}

GST_CHECK_MAIN (clupload);
