/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GstCLMemory, GstCLAllocator and GstCLBufferPool on the default device,
 * through their own API (no element): maps for the host and for OpenCL,
 * nested maps, copy, share, each memory's last write, planes for kernels,
 * host memory used in place, the pool's layout and config, allocation
 * failures, and the context's count of memory objects.
 */
#include <gst/check/gstcheck.h>
#include <gst/video/video.h>

#include <string.h>

#include <gst/opencl/gstclbufferpool.h>
#include <gst/opencl/gstclmemory.h>
#include <gst/opencl/gstcltransfer.h>
#include "harness-helpers.h"

static GstCLContext *
new_context (void)
{
  GError *error = NULL;
  const GstCLDeviceInfo *info = gst_cl_device_select (NULL, &error);
  GstCLContext *context;

  fail_unless (info != NULL, "no device: %s", error ? error->message : "");
  context = gst_cl_context_new (info, &error);
  fail_unless (context != NULL, "no context: %s", error ? error->message : "");
  return context;
}

static gint
live_mems (GstCLContext * context)
{
  return gst_cl_context_count_live (context, GST_CL_OBJECT_MEM);
}

static void
fill_pattern (guint8 * data, gsize size, guint seed)
{
  for (gsize i = 0; i < size; i++)
    data[i] = (guint8) (i * 7 + seed);
}

/* @size bytes of @mem at @offset, read with clEnqueueReadBuffer from the
 * cl_mem that GST_MAP_CL gives. */
static guint8 *
read_through_cl (GstCLContext * context, GstMemory * mem, gsize offset,
    gsize size)
{
  GstMapInfo map;
  guint8 *bytes = g_malloc (size);

  fail_unless (gst_memory_map (mem, &map, GST_MAP_READ | GST_MAP_CL));
  fail_unless (map.data == (gpointer) gst_cl_memory_get_mem (mem));
  fail_unless_equals_int (clEnqueueReadBuffer (gst_cl_context_get_queue
          (context), (cl_mem) map.data, CL_TRUE, mem->offset + offset, size,
          bytes, 0, NULL, NULL), CL_SUCCESS);
  gst_memory_unmap (mem, &map);
  return bytes;
}

GST_START_TEST (test_map_host_and_cl)
{
  GstCLContext *context = new_context ();
  GstAllocator *allocator = gst_cl_allocator_new (context);
  GstMemory *mem = gst_allocator_alloc (allocator, 1000, NULL);
  GstMapInfo write, nested, read;
  guint8 expected[1000], *bytes;

  fail_unless (gst_is_cl_memory (mem));
  fail_unless (gst_memory_is_type (mem, GST_CL_MEMORY_TYPE));
  fail_unless (gst_cl_memory_get_context (mem) == context);
  fail_unless_equals_int (live_mems (context), 1);

  /* A nested map gives the same mapping; the outer unmap publishes. */
  fill_pattern (expected, sizeof (expected), 3);
  fail_unless (gst_memory_map (mem, &write, GST_MAP_READWRITE));
  fail_unless (gst_memory_map (mem, &nested, GST_MAP_READ));
  fail_unless (nested.data == write.data);
  memcpy (write.data, expected, sizeof (expected));
  gst_memory_unmap (mem, &nested);
  gst_memory_unmap (mem, &write);

  bytes = read_through_cl (context, mem, 0, sizeof (expected));
  fail_unless (memcmp (bytes, expected, sizeof (expected)) == 0);
  g_free (bytes);

  fail_unless (gst_memory_map (mem, &read, GST_MAP_READ));
  fail_unless (memcmp (read.data, expected, sizeof (expected)) == 0);
  gst_memory_unmap (mem, &read);

  gst_memory_unref (mem);
  fail_unless_equals_int (live_mems (context), 0);
  gst_object_unref (allocator);
  gst_object_unref (context);
}

GST_END_TEST;

GST_START_TEST (test_copy_and_share)
{
  GstCLContext *context = new_context ();
  GstAllocator *allocator = gst_cl_allocator_new (context);
  GstMemory *mem = gst_allocator_alloc (allocator, 512, NULL);
  GstMemory *copy, *share;
  GstMapInfo map;
  guint8 expected[512], *bytes;

  fill_pattern (expected, sizeof (expected), 11);
  fail_unless (gst_memory_map (mem, &map, GST_MAP_WRITE));
  memcpy (map.data, expected, sizeof (expected));
  gst_memory_unmap (mem, &map);

  /* Copied on the device: a memory of its own. */
  copy = gst_memory_copy (mem, 100, 200);
  fail_unless (copy != NULL && gst_is_cl_memory (copy));
  fail_unless (gst_cl_memory_get_mem (copy) != gst_cl_memory_get_mem (mem));
  fail_unless_equals_int (copy->size, 200);
  fail_unless_equals_int (live_mems (context), 2);
  fail_unless (gst_memory_map (copy, &map, GST_MAP_READ));
  fail_unless (memcmp (map.data, expected + 100, 200) == 0);
  gst_memory_unmap (copy, &map);

  /* Shared: the parent's cl_mem, from the offset on, read-only. */
  share = gst_memory_share (mem, 30, 50);
  fail_unless (gst_is_cl_memory (share));
  fail_unless (gst_cl_memory_get_mem (share) == gst_cl_memory_get_mem (mem));
  fail_unless_equals_int (share->offset, 30);
  fail_unless_equals_int (live_mems (context), 2);
  fail_unless (gst_memory_map (share, &map, GST_MAP_READ));
  fail_unless_equals_int (map.size, 50);
  fail_unless (memcmp (map.data, expected + 30, 50) == 0);
  gst_memory_unmap (share, &map);
  fail_if (gst_memory_map (share, &map, GST_MAP_WRITE));
  bytes = read_through_cl (context, share, 0, 50);
  fail_unless (memcmp (bytes, expected + 30, 50) == 0);
  g_free (bytes);

  gst_memory_unref (mem);
  /* The share keeps its parent. */
  fail_unless (gst_memory_map (share, &map, GST_MAP_READ));
  fail_unless (memcmp (map.data, expected + 30, 50) == 0);
  gst_memory_unmap (share, &map);
  gst_memory_unref (share);
  gst_memory_unref (copy);
  fail_unless_equals_int (live_mems (context), 0);
  gst_object_unref (allocator);
  gst_object_unref (context);
}

GST_END_TEST;

static GstBufferPool *
configured_pool (GstCLContext * context, const gchar * caps_string)
{
  GstBufferPool *pool = gst_cl_buffer_pool_new (context);
  GstStructure *config = gst_buffer_pool_get_config (pool);
  GstCaps *caps = gst_caps_from_string (caps_string);

  gst_buffer_pool_config_set_params (config, caps, 0, 0, 0);
  gst_buffer_pool_config_add_option (config,
      GST_BUFFER_POOL_OPTION_VIDEO_META);
  gst_caps_unref (caps);
  fail_unless (gst_buffer_pool_set_config (pool, config));
  return pool;
}

static gint
created_mems (GstCLContext * context)
{
  return gst_cl_context_count_created (context, GST_CL_OBJECT_MEM);
}

/* Every plane at an aligned offset, which the video meta gives: the
 * memory's cl_mem holds the plane's bytes there, and kernels take it
 * with no memory object made for the plane. A plane past the memory's
 * end is an error. */
GST_START_TEST (test_pool_layout_and_planes)
{
  GstCLContext *context = new_context ();
  GstBufferPool *pool = configured_pool (context,
      "video/x-raw(memory:OpenCLMemory), format=I420, width=33, height=17");
  gsize align = gst_cl_context_get_base_align (context);
  GstBuffer *buffer = NULL;
  GstVideoMeta *meta;
  GstMemory *mem;
  GstMapInfo map;
  GError *error = NULL;
  guint8 *expected;
  GstVideoInfo info;
  gsize offset, stride;
  gint created;

  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_I420, 33, 17);

  fail_unless (gst_cl_buffer_pool_get_context (pool) == context);
  fail_unless (gst_cl_buffer_pool_is_on_context (pool, context));
  fail_unless (gst_buffer_pool_has_option (pool,
          GST_BUFFER_POOL_OPTION_VIDEO_META));
  fail_unless (gst_buffer_pool_set_active (pool, TRUE));
  fail_unless_equals_int (gst_buffer_pool_acquire_buffer (pool, &buffer,
          NULL), GST_FLOW_OK);
  meta = gst_buffer_get_video_meta (buffer);
  fail_unless (meta != NULL);
  fail_unless_equals_int (meta->n_planes, 3);
  mem = gst_buffer_peek_memory (buffer, 0);
  fail_unless (gst_is_cl_memory (mem));

  expected = g_malloc (mem->size);
  fill_pattern (expected, mem->size, 5);
  fail_unless (gst_memory_map (mem, &map, GST_MAP_WRITE));
  memcpy (map.data, expected, mem->size);
  gst_memory_unmap (mem, &map);

  created = created_mems (context);
  for (guint p = 0; p < meta->n_planes; p++) {
    gint width = p ? 17 : 33, rows = p ? 9 : 17;
    gsize size = (gsize) meta->stride[p] * (rows - 1) + width;
    guint8 *bytes = g_malloc (size);
    cl_mem plane;

    fail_unless (meta->offset[p] % align == 0, "plane %u at %" G_GSIZE_FORMAT,
        p, meta->offset[p]);
    plane = gst_cl_buffer_get_plane (buffer, &info, p, &offset, &stride,
        &error);
    fail_unless (plane == gst_cl_memory_get_mem (mem), "%s",
        error ? error->message : "");
    fail_unless_equals_uint64 (offset, mem->offset + meta->offset[p]);
    fail_unless_equals_int (stride, meta->stride[p]);
    fail_unless_equals_int (clEnqueueReadBuffer (gst_cl_context_get_queue
            (context), plane, CL_TRUE, offset, size, bytes, 0, NULL, NULL),
        CL_SUCCESS);
    fail_unless (memcmp (bytes, expected + meta->offset[p], size) == 0);
    g_free (bytes);
  }
  g_free (expected);
  fail_unless_equals_int (created_mems (context), created);

  /* A plane that would end past the memory is an error. */
  meta->offset[2] = mem->size - 8;
  fail_unless (gst_cl_buffer_get_plane (buffer, &info, 2, &offset,
          &stride, &error) == NULL);
  fail_unless (error != NULL);
  g_clear_error (&error);

  gst_buffer_unref (buffer);
  fail_unless (gst_buffer_pool_set_active (pool, FALSE));
  gst_object_unref (pool);
  fail_unless_equals_int (live_mems (context), 0);
  gst_object_unref (context);
}

GST_END_TEST;

/* A pool's memory records its frame, laid out as the video meta says:
 * a buffer that lost its video meta (an element that copies buffers
 * without their metas) still finds its planes at their aligned offsets,
 * which the default layout of the format would miss. A copy or share of
 * the whole memory keeps the frame; a part of it, or a memory of a plain
 * size, has none. */
GST_START_TEST (test_memory_video_info)
{
  GstCLContext *context = new_context ();
  GstBufferPool *pool = configured_pool (context,
      "video/x-raw(memory:OpenCLMemory), format=NV12, width=37, height=23");
  GstAllocator *allocator = gst_cl_allocator_new (context);
  GstBuffer *buffer = NULL, *bare;
  const GstVideoInfo *recorded;
  GstVideoInfo info, plain;
  GstVideoMeta *meta;
  GstMemory *mem, *copy, *share, *sized;
  gsize offset, stride;
  GError *error = NULL;

  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_NV12, 37, 23);
  gst_video_info_set_format (&plain, GST_VIDEO_FORMAT_NV12, 37, 23);
  fail_unless (gst_buffer_pool_set_active (pool, TRUE));
  fail_unless_equals_int (gst_buffer_pool_acquire_buffer (pool, &buffer,
          NULL), GST_FLOW_OK);
  meta = gst_buffer_get_video_meta (buffer);
  mem = gst_buffer_peek_memory (buffer, 0);
  recorded = gst_cl_memory_get_video_info (mem);
  fail_unless (recorded != NULL);
  fail_unless_equals_int (GST_VIDEO_INFO_FORMAT (recorded),
      GST_VIDEO_FORMAT_NV12);
  fail_unless_equals_int (GST_VIDEO_INFO_WIDTH (recorded), 37);
  fail_unless_equals_int (GST_VIDEO_INFO_HEIGHT (recorded), 23);
  for (guint p = 0; p < 2; p++) {
    fail_unless_equals_uint64 (recorded->offset[p], meta->offset[p]);
    fail_unless_equals_int (recorded->stride[p], meta->stride[p]);
  }
  /* The test means something only where alignment moves the chroma. */
  fail_unless (meta->offset[1] != plain.offset[1]);

  bare = gst_buffer_new ();
  gst_buffer_append_memory (bare, gst_memory_ref (mem));
  fail_unless (gst_cl_buffer_get_plane (bare, &info, 1, &offset, &stride,
          &error) != NULL);
  fail_unless_equals_uint64 (offset, mem->offset + meta->offset[1]);
  fail_unless_equals_int (stride, meta->stride[1]);
  gst_buffer_unref (bare);

  copy = gst_memory_copy (mem, 0, -1);
  share = gst_memory_share (mem, 0, -1);
  fail_unless (gst_cl_memory_get_video_info (copy) != NULL);
  fail_unless_equals_uint64 (gst_cl_memory_get_video_info (copy)->offset[1],
      meta->offset[1]);
  fail_unless (gst_cl_memory_get_video_info (share) != NULL);
  gst_memory_unref (copy);
  gst_memory_unref (share);
  share = gst_memory_share (mem, 16, -1);
  fail_unless (gst_cl_memory_get_video_info (share) == NULL);
  gst_memory_unref (share);
  sized = gst_cl_allocator_alloc (allocator, 4096, &error);
  fail_unless (sized != NULL);
  fail_unless (gst_cl_memory_get_video_info (sized) == NULL);
  gst_memory_unref (sized);

  gst_buffer_unref (buffer);
  fail_unless (gst_buffer_pool_set_active (pool, FALSE));
  gst_object_unref (pool);
  gst_object_unref (allocator);
  fail_unless_equals_int (live_mems (context), 0);
  gst_object_unref (context);
}

GST_END_TEST;

GST_START_TEST (test_pool_config)
{
  GstCLContext *context = new_context ();
  GstBufferPool *pool = gst_cl_buffer_pool_new (context);
  GstStructure *config;
  GstCaps *caps;
  GstAllocator *allocator = NULL;
  GstBuffer *buffer;
  GstVideoInfo info;
  guint size;

  /* No caps, and caps that are not video. */
  config = gst_buffer_pool_get_config (pool);
  gst_buffer_pool_config_set_params (config, NULL, 100, 0, 0);
  fail_if (gst_buffer_pool_set_config (pool, config));
  config = gst_buffer_pool_get_config (pool);
  caps = gst_caps_from_string ("audio/x-raw");
  gst_buffer_pool_config_set_params (config, caps, 100, 0, 0);
  gst_caps_unref (caps);
  fail_if (gst_buffer_pool_set_config (pool, config));

  /* Any allocator is replaced by the pool's; the size is the laid-out
   * frame's. */
  config = gst_buffer_pool_get_config (pool);
  caps = gst_caps_from_string ("video/x-raw, format=NV12, width=4, height=2");
  gst_buffer_pool_config_set_params (config, caps, 1, 0, 0);
  gst_buffer_pool_config_add_option (config,
      GST_BUFFER_POOL_OPTION_VIDEO_META);
  allocator = gst_allocator_find (NULL);
  gst_buffer_pool_config_set_allocator (config, allocator, NULL);
  gst_object_unref (allocator);
  allocator = NULL;
  fail_unless (gst_buffer_pool_set_config (pool, config));
  config = gst_buffer_pool_get_config (pool);
  fail_unless (gst_buffer_pool_config_get_params (config, NULL, &size, NULL,
          NULL));
  fail_unless (gst_buffer_pool_config_get_allocator (config, &allocator, NULL));
  fail_unless (allocator != NULL && GST_IS_CL_ALLOCATOR (allocator));
  gst_structure_free (config);
  fail_unless (gst_video_info_from_caps (&info, caps));
  gst_cl_video_info_align_planes (context, &info);
  fail_unless_equals_int (size, info.size);
  fail_unless (size >= 4 * 2 + 4 * 1);

  /* Without video metas, whose users find the layout in them, frames have
   * the caps' default layout. */
  gst_object_unref (pool);
  pool = gst_cl_buffer_pool_new (context);
  config = gst_buffer_pool_get_config (pool);
  gst_buffer_pool_config_set_params (config, caps, 0, 0, 0);
  fail_unless (gst_buffer_pool_set_config (pool, config));
  config = gst_buffer_pool_get_config (pool);
  fail_unless (gst_buffer_pool_config_get_params (config, NULL, &size, NULL,
          NULL));
  gst_structure_free (config);
  fail_unless (gst_video_info_from_caps (&info, caps));
  fail_unless_equals_int (size, info.size);
  fail_unless (gst_buffer_pool_set_active (pool, TRUE));
  fail_unless_equals_int (gst_buffer_pool_acquire_buffer (pool, &buffer,
          NULL), GST_FLOW_OK);
  fail_unless (gst_buffer_get_video_meta (buffer) == NULL);
  gst_buffer_unref (buffer);
  fail_unless (gst_buffer_pool_set_active (pool, FALSE));
  gst_caps_unref (caps);

  gst_object_unref (pool);
  gst_object_unref (context);
}

GST_END_TEST;

/* An allocation the device refuses is a GError, not a crash. */
GST_START_TEST (test_allocation_failure)
{
  GstCLContext *context = new_context ();
  GstAllocator *allocator = gst_cl_allocator_new (context);
  GError *error = NULL;

  fail_unless (gst_cl_allocator_alloc (allocator,
          gst_cl_context_get_device (context)->max_mem_alloc_size + 1,
          &error) == NULL);
  fail_unless (g_error_matches (error, GST_CL_ERROR, GST_CL_ERROR_UNSUPPORTED));
  fail_unless (strstr (error->message, "CL_DEVICE_MAX_MEM_ALLOC_SIZE"));
  g_clear_error (&error);
  fail_unless (gst_allocator_alloc (allocator,
          gst_cl_context_get_device (context)->max_mem_alloc_size + 1,
          NULL) == NULL);
  fail_unless_equals_int (live_mems (context), 0);
  gst_object_unref (allocator);
  gst_object_unref (context);
}

GST_END_TEST;

/* gst_cl_buffer_write_frame and _read_frame between host frames with
 * padded rows and a pool's frame. */
GST_START_TEST (test_write_and_read_frame)
{
  GstCLContext *context = new_context ();
  GstBufferPool *pool = configured_pool (context,
      "video/x-raw(memory:OpenCLMemory), format=NV12, width=7, height=5");
  GstVideoInfo info;
  gint strides[GST_VIDEO_MAX_PLANES] = { 7 + 9, 8 + 3 };
  gsize offsets[GST_VIDEO_MAX_PLANES] = { 0, 16 * 5 + 5 };
  GstBuffer *host, *back, *buffer = NULL;
  GstVideoFrame in, out;
  GError *error = NULL;
  GstMapInfo map;
  guint p = 0;
  gint y = 0;

  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_NV12, 7, 5);
  host = gst_buffer_new_allocate (NULL, offsets[1] + strides[1] * 3, NULL);
  fail_unless (gst_buffer_map (host, &map, GST_MAP_WRITE));
  fill_pattern (map.data, map.size, 1);
  gst_buffer_unmap (host, &map);
  gst_buffer_add_video_meta_full (host, 0, GST_VIDEO_FORMAT_NV12, 7, 5, 2,
      offsets, strides);
  back = gst_buffer_new_allocate (NULL, info.size, NULL);

  fail_unless (gst_buffer_pool_set_active (pool, TRUE));
  fail_unless_equals_int (gst_buffer_pool_acquire_buffer (pool, &buffer,
          NULL), GST_FLOW_OK);
  fail_unless (gst_cl_buffer_is_on_context (buffer, context));
  fail_unless (gst_video_frame_map (&in, &info, host, GST_MAP_READ));
  fail_unless (gst_cl_buffer_write_frame (buffer, &in, &error), "%s",
      error ? error->message : "");
  fail_unless (gst_video_frame_map (&out, &info, back, GST_MAP_WRITE));
  fail_unless (gst_cl_buffer_read_frame (buffer, &out, &error), "%s",
      error ? error->message : "");
  fail_unless (hh_frames_equal (&in, &out, &p, &y, NULL), "plane %u row %d",
      p, y);
  gst_video_frame_unmap (&out);

  /* A buffer too small for the frame: an error naming the sizes. */
  gst_buffer_resize (buffer, 0, 20);
  fail_if (gst_cl_buffer_write_frame (buffer, &in, &error));
  fail_unless (error && strstr (error->message, "cannot hold plane"));
  g_clear_error (&error);
  gst_video_frame_unmap (&in);

  gst_buffer_unref (buffer);
  gst_buffer_unref (host);
  gst_buffer_unref (back);
  fail_unless (gst_buffer_pool_set_active (pool, FALSE));
  gst_object_unref (pool);
  fail_unless_equals_int (live_mems (context), 0);
  gst_object_unref (context);
}

GST_END_TEST;

/* A frame in host memory made OpenCL memory in place where the device
 * shares host memory (gst_cl_allocator_wrap_host ()): the same bytes
 * through its cl_mem, the layout of the frame's video meta recorded,
 * read-only, the host buffer held (and mapped, so not writable) until the
 * wrapper goes. Devices with memory of their own, and OpenCL memory,
 * give NULL. */
GST_START_TEST (test_wrap_host)
{
  GstCLContext *context = new_context ();
  GstVideoInfo info;
  gint strides[GST_VIDEO_MAX_PLANES] = { 32, 16 };
  gsize offsets[GST_VIDEO_MAX_PLANES] = { 0, 32 * 5 + 32 };
  gsize size = offsets[1] + strides[1] * 3;
  GstAllocator *allocator = gst_cl_allocator_new (context);
  GstBuffer *host, *wrapped, *device;
  const GstVideoInfo *recorded;
  GstMemory *mem;
  GstMapInfo map;
  guint8 *bytes;

  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_NV12, 7, 5);
  host = gst_buffer_new_allocate (NULL, size, NULL);
  fail_unless (gst_buffer_map (host, &map, GST_MAP_WRITE));
  fill_pattern (map.data, map.size, 3);
  gst_buffer_unmap (host, &map);
  gst_buffer_add_video_meta_full (host, 0, GST_VIDEO_FORMAT_NV12, 7, 5, 2,
      offsets, strides);

  wrapped = gst_cl_allocator_wrap_host (allocator, &info, host);
  if (!gst_cl_context_get_device (context)->host_unified) {
    fail_unless (wrapped == NULL);
    goto done;
  }
  fail_unless (wrapped != NULL);
  fail_unless (gst_cl_buffer_is_on_context (wrapped, context));
  mem = gst_buffer_peek_memory (wrapped, 0);
  fail_unless (GST_MEMORY_IS_READONLY (mem));
  recorded = gst_cl_memory_get_video_info (mem);
  fail_unless (recorded != NULL);
  for (guint p = 0; p < 2; p++) {
    fail_unless_equals_int (recorded->offset[p], offsets[p]);
    fail_unless_equals_int (recorded->stride[p], strides[p]);
  }
  bytes = read_through_cl (context, mem, 0, size);
  fail_unless (gst_buffer_map (host, &map, GST_MAP_READ));
  fail_unless (memcmp (bytes, map.data, size) == 0);
  gst_buffer_unmap (host, &map);
  g_free (bytes);
  fail_if (gst_buffer_is_writable (host));
  fail_if (gst_memory_is_writable (gst_buffer_peek_memory (host, 0)));
  gst_buffer_unref (wrapped);
  fail_unless (gst_buffer_is_writable (host));
  fail_unless (gst_buffer_map (host, &map, GST_MAP_WRITE));
  gst_buffer_unmap (host, &map);

done:
  device = gst_buffer_new ();
  gst_buffer_append_memory (device, gst_cl_allocator_alloc_video (allocator,
          &info, NULL));
  fail_unless (gst_cl_allocator_wrap_host (allocator, &info, device) == NULL);
  gst_buffer_unref (device);
  gst_object_unref (allocator);
  gst_buffer_unref (host);
  fail_unless_equals_int (live_mems (context), 0);
  gst_object_unref (context);
}

GST_END_TEST;

/* A second in-order queue of @context's device, as another part of an
 * application would use. */
static cl_command_queue
other_queue (GstCLContext * context)
{
  cl_int status;
  cl_command_queue queue =
      clCreateCommandQueue (gst_cl_context_get_cl_context (context),
      gst_cl_context_get_device (context)->device, 0, &status);

  fail_unless_equals_int (status, CL_SUCCESS);
  return queue;
}

/* Reads @mem's first @size bytes on @queue, after its last write. */
static guint8 *
read_after_write (GstMemory * mem, cl_command_queue queue, gsize size)
{
  GError *error = NULL;
  guint8 *bytes = g_malloc0 (size);

  fail_unless (gst_cl_memory_enqueue_wait (mem, queue, &error), "%s",
      error ? error->message : "");
  fail_unless_equals_int (clEnqueueReadBuffer (queue,
          gst_cl_memory_get_mem (mem), CL_TRUE, mem->offset, size, bytes, 0,
          NULL, NULL), CL_SUCCESS);
  return bytes;
}

/* Each memory keeps its last write: another queue waits for it through
 * gst_cl_memory_enqueue_wait(), the host through gst_cl_memory_sync().
 * The writes are held back by a user event, so that a reader that did
 * not wait would read the bytes from before them. */
GST_START_TEST (test_write_events)
{
  GstCLContext *context = new_context ();
  GstAllocator *allocator = gst_cl_allocator_new (context);
  gint events_before = gst_cl_context_count_live (context,
      GST_CL_OBJECT_EVENT);
  GstMemory *mem = gst_allocator_alloc (allocator, 1000, NULL);
  cl_command_queue queue = other_queue (context);
  guint8 expected[1000], zeros[1000] = { 0, }, *bytes;
  GError *error = NULL;
  GstMapInfo map;
  cl_event gate, read;
  cl_int status;

  /* The first write recorded is the allocation's zeroing. */
  fail_unless (gst_cl_memory_sync (mem, &error));
  fail_unless_equals_int (clEnqueueWriteBuffer (gst_cl_context_get_queue
          (context), gst_cl_memory_get_mem (mem), CL_TRUE, 0, sizeof (zeros),
          zeros, 0, NULL, NULL), CL_SUCCESS);

  /* Kernels' way: commands on the context's queue, then a record. */
  fill_pattern (expected, sizeof (expected), 5);
  gate = clCreateUserEvent (gst_cl_context_get_cl_context (context), &status);
  fail_unless_equals_int (status, CL_SUCCESS);
  fail_unless_equals_int (clEnqueueWriteBuffer (gst_cl_context_get_queue
          (context), gst_cl_memory_get_mem (mem), CL_FALSE, 0,
          sizeof (expected), expected, 1, &gate, NULL), CL_SUCCESS);
  fail_unless (gst_cl_memory_record_write (mem, &error), "%s",
      error ? error->message : "");
  fail_unless (gst_cl_memory_enqueue_wait (mem, queue, &error));
  bytes = g_malloc0 (sizeof (expected));
  fail_unless_equals_int (clEnqueueReadBuffer (queue,
          gst_cl_memory_get_mem (mem), CL_FALSE, 0, sizeof (expected), bytes,
          0, NULL, &read), CL_SUCCESS);
  clFlush (queue);
  fail_unless_equals_int (clSetUserEventStatus (gate, CL_COMPLETE),
      CL_SUCCESS);
  fail_unless_equals_int (clWaitForEvents (1, &read), CL_SUCCESS);
  fail_unless (memcmp (bytes, expected, sizeof (expected)) == 0);
  fail_unless (gst_cl_memory_sync (mem, &error));
  g_free (bytes);
  clReleaseEvent (read);
  clReleaseEvent (gate);

  /* A host mapping for writing records its unmap. */
  fill_pattern (expected, sizeof (expected), 9);
  fail_unless (gst_memory_map (mem, &map, GST_MAP_WRITE));
  memcpy (map.data, expected, sizeof (expected));
  gst_memory_unmap (mem, &map);
  bytes = read_after_write (mem, queue, sizeof (expected));
  fail_unless (memcmp (bytes, expected, sizeof (expected)) == 0);
  g_free (bytes);

  /* A copy's write is the copy. */
  {
    GstMemory *copy = gst_memory_copy (mem, 0, -1);

    bytes = read_after_write (copy, queue, sizeof (expected));
    fail_unless (memcmp (bytes, expected, sizeof (expected)) == 0);
    g_free (bytes);
    fail_unless (gst_cl_memory_sync (copy, &error));
    gst_memory_unref (copy);
  }

  clReleaseCommandQueue (queue);
  gst_memory_unref (mem);
  fail_unless_equals_int (gst_cl_context_count_live (context,
          GST_CL_OBJECT_EVENT), events_before);
  gst_object_unref (allocator);
  gst_object_unref (context);
}

GST_END_TEST;

static Suite *
clmemory_suite (void)
{
  Suite *s = suite_create ("clmemory");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_map_host_and_cl);
  tcase_add_test (tc, test_copy_and_share);
  tcase_add_test (tc, test_pool_layout_and_planes);
  tcase_add_test (tc, test_memory_video_info);
  tcase_add_test (tc, test_pool_config);
  tcase_add_test (tc, test_allocation_failure);
  tcase_add_test (tc, test_write_and_read_frame);
  tcase_add_test (tc, test_wrap_host);
  tcase_add_test (tc, test_write_events);
  return s;
}

GST_CHECK_MAIN (clmemory);
