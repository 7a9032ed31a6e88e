/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclpinned.h"

#include <gst/video/video.h>

GST_DEBUG_CATEGORY_EXTERN (gst_cl_context_debug);
#define GST_CAT_DEFAULT gst_cl_context_debug

#define GST_CL_PINNED_MEMORY "GstCLPinnedMemory"

struct _GstCLPinnedAllocator
{
  GstAllocator parent;

  GstCLContext *context;
};

/* A shared (sub-)memory has no buffer of its own: its parent keeps it. */
typedef struct
{
  GstMemory mem;
  cl_mem buffer;
  guint8 *data;                 /* the mapped buffer, from offset 0 */
} GstCLPinnedMemory;

G_DEFINE_TYPE (GstCLPinnedAllocator, gst_cl_pinned_allocator,
    GST_TYPE_ALLOCATOR);

static GstMemory *
pinned_alloc (GstAllocator * allocator, gsize size,
    GstAllocationParams * params)
{
  GstCLPinnedAllocator *self = GST_CL_PINNED_ALLOCATOR (allocator);
  GstCLContext *context = self->context;
  gsize maxsize = size + params->prefix + params->padding + params->align;
  GstCLPinnedMemory *mem;
  gsize offset;
  GError *error = NULL;
  cl_int status;

  mem = g_new0 (GstCLPinnedMemory, 1);
  mem->buffer = gst_cl_context_create_buffer (context,
      CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, maxsize, NULL, &error);
  if (mem->buffer) {
    mem->data = clEnqueueMapBuffer (context->queue, mem->buffer, CL_TRUE,
        CL_MAP_READ | CL_MAP_WRITE, 0, maxsize, 0, NULL, NULL, &status);
    gst_cl_check (status, &error, "Mapping pinned memory");
  }
  if (error) {
    GST_WARNING ("no pinned memory of %" G_GSIZE_FORMAT " bytes: %s",
        maxsize, error->message);
    g_error_free (error);
    gst_cl_clear_mem (context, &mem->buffer);
    g_free (mem);
    return NULL;
  }

  offset = (params->align + 1 - (GPOINTER_TO_SIZE (mem->data) &
          params->align)) & params->align;
  gst_memory_init (GST_MEMORY_CAST (mem), params->flags, allocator, NULL,
      maxsize, params->align, offset + params->prefix, size);
  return GST_MEMORY_CAST (mem);
}

static void
pinned_free (GstAllocator * allocator, GstMemory * memory)
{
  GstCLPinnedAllocator *self = GST_CL_PINNED_ALLOCATOR (allocator);
  GstCLPinnedMemory *mem = (GstCLPinnedMemory *) memory;

  if (mem->buffer) {
    clEnqueueUnmapMemObject (self->context->queue, mem->buffer, mem->data, 0,
        NULL, NULL);
    gst_cl_clear_mem (self->context, &mem->buffer);
  }
  g_free (mem);
}

static gpointer
pinned_map (GstMemory * memory, gsize maxsize, GstMapFlags flags)
{
  return ((GstCLPinnedMemory *) memory)->data;
}

static void
pinned_unmap (GstMemory * memory)
{
}

static GstMemory *
pinned_share (GstMemory * memory, gssize offset, gssize size)
{
  GstCLPinnedMemory *mem = (GstCLPinnedMemory *) memory;
  GstMemory *parent = memory->parent ? memory->parent : memory;
  GstCLPinnedMemory *sub = g_new0 (GstCLPinnedMemory, 1);

  if (size == -1)
    size = memory->size - offset;
  sub->data = mem->data;
  gst_memory_init (GST_MEMORY_CAST (sub),
      GST_MINI_OBJECT_FLAGS (parent) | GST_MINI_OBJECT_FLAG_LOCK_READONLY,
      memory->allocator, parent, memory->maxsize, memory->align,
      memory->offset + offset, size);
  return GST_MEMORY_CAST (sub);
}

static void
gst_cl_pinned_allocator_init (GstCLPinnedAllocator * self)
{
  GstAllocator *allocator = GST_ALLOCATOR_CAST (self);

  allocator->mem_type = GST_CL_PINNED_MEMORY;
  allocator->mem_map = pinned_map;
  allocator->mem_unmap = pinned_unmap;
  allocator->mem_share = pinned_share;
}

static void
gst_cl_pinned_allocator_finalize (GObject * object)
{
  gst_clear_object (&GST_CL_PINNED_ALLOCATOR (object)->context);
  G_OBJECT_CLASS (gst_cl_pinned_allocator_parent_class)->finalize (object);
}

static void
gst_cl_pinned_allocator_class_init (GstCLPinnedAllocatorClass * klass)
{
  GstAllocatorClass *allocator_class = GST_ALLOCATOR_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = gst_cl_pinned_allocator_finalize;
  allocator_class->alloc = pinned_alloc;
  allocator_class->free = pinned_free;
}

/**
 * gst_cl_pinned_allocator_new:
 *
 * Returns: (transfer full): an allocator of host memory pinned for
 * @context's device; it keeps @context alive while any of its memory is.
 */
GstAllocator *
gst_cl_pinned_allocator_new (GstCLContext * context)
{
  GstCLPinnedAllocator *self = g_object_new (GST_TYPE_CL_PINNED_ALLOCATOR,
      NULL);

  gst_object_ref_sink (self);
  self->context = gst_object_ref (context);
  return GST_ALLOCATOR_CAST (self);
}

/**
 * gst_cl_pinned_pool_new:
 *
 * Returns: (transfer full): a video buffer pool for @caps whose memory
 * comes from @allocator, with video meta, or %NULL.
 */
GstBufferPool *
gst_cl_pinned_pool_new (GstAllocator * allocator, GstCaps * caps,
    guint min_buffers)
{
  GstBufferPool *pool = gst_video_buffer_pool_new ();
  GstStructure *config = gst_buffer_pool_get_config (pool);
  GstVideoInfo info;

  if (!gst_video_info_from_caps (&info, caps)) {
    gst_structure_free (config);
    gst_object_unref (pool);
    return NULL;
  }
  gst_buffer_pool_config_set_params (config, caps, GST_VIDEO_INFO_SIZE (&info),
      min_buffers, 0);
  gst_buffer_pool_config_set_allocator (config, allocator, NULL);
  gst_buffer_pool_config_add_option (config, GST_BUFFER_POOL_OPTION_VIDEO_META);
  if (!gst_buffer_pool_set_config (pool, config)) {
    gst_object_unref (pool);
    return NULL;
  }
  return pool;
}
