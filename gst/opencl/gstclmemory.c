/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclmemory-private.h"
#include "gstclcontext-private.h"

GST_DEBUG_CATEGORY_STATIC (gst_cl_memory_debug);
#define GST_CAT_DEFAULT gst_cl_memory_debug

struct _GstCLAllocator
{
  GstAllocator parent;

  GstCLContext *context;
};


G_DEFINE_TYPE_WITH_CODE (GstCLAllocator, gst_cl_allocator,
    GST_TYPE_ALLOCATOR, GST_DEBUG_CATEGORY_INIT (gst_cl_memory_debug,
        "clmemory", 0, "OpenCL memory"));

GstCLMemory *
gst_cl_memory_root (GstMemory * mem)
{
  return (GstCLMemory *) (mem->parent ? mem->parent : mem);
}

/* Makes the commands enqueued on the context's queue from now on wait for
 * the read of @root left running, if any: before anything may write the
 * memory, which may be back in its pool while the read runs. */
void
gst_cl_memory_wait_for_read (GstCLMemory * root)
{
  g_mutex_lock (&root->lock);
  gst_cl_context_wait_for (root->context, &root->read);
  g_mutex_unlock (&root->lock);
}

/* Keeps @read (transfer full), a read of @root left running on another
 * queue, for gst_cl_memory_wait_for_read(). */
void
gst_cl_memory_leave_read (GstCLMemory * root, cl_event read)
{
  g_mutex_lock (&root->lock);
  gst_cl_clear_event (root->context, &root->read);
  root->read = read;
  g_mutex_unlock (&root->lock);
}

static GstCLMemory *
new_memory (GstAllocator * allocator, GstMemory * parent, cl_mem buffer,
    GstMemoryFlags flags, gsize maxsize, gsize offset, gsize size)
{
  GstCLMemory *mem = g_new0 (GstCLMemory, 1);

  mem->context = gst_object_ref (GST_CL_ALLOCATOR (allocator)->context);
  mem->buffer = buffer;
  g_mutex_init (&mem->lock);
  gst_memory_init (GST_MEMORY_CAST (mem), flags, allocator, parent, maxsize,
      gst_cl_context_get_base_align (mem->context) - 1, offset, size);
  return mem;
}

static void
set_video_info (GstCLMemory * mem, const GstVideoInfo * info)
{
  mem->info = *info;
  mem->has_info = TRUE;
}

/* A copy or share of @size bytes from @offset of @root's cl_mem keeps
 * @root's frame where it holds all of it. */
static void
inherit_video_info (GstCLMemory * mem, GstCLMemory * root, gsize offset,
    gsize size)
{
  if (root->has_info && offset == GST_MEMORY_CAST (root)->offset
      && size == GST_MEMORY_CAST (root)->size)
    set_video_info (mem, &root->info);
}

/* Zeroes a new memory (the fill is its first recorded write): kernels and
 * copies write pixels only, and row padding and the gaps between planes
 * would otherwise leave an element holding what the device held before. */
static gboolean
clear_memory (GstCLMemory * mem, GError ** error)
{
  const cl_uchar zero = 0;
  cl_int status = clEnqueueFillBuffer (mem->context->queue, mem->buffer,
      &zero, sizeof (zero), 0, GST_MEMORY_CAST (mem)->maxsize, 0, NULL,
      &mem->written);

  if (status == CL_SUCCESS)
    gst_cl_event_take (mem->context, mem->written);
  return gst_cl_check (status, error, "Zeroing new OpenCL memory");
}

/**
 * gst_cl_allocator_alloc:
 *
 * Returns: (transfer full): a #GstCLMemory of @size bytes on the
 * allocator's context, or %NULL with @error set.
 */
GstMemory *
gst_cl_allocator_alloc (GstAllocator * allocator, gsize size, GError ** error)
{
  GstCLContext *context = GST_CL_ALLOCATOR (allocator)->context;
  cl_ulong max = context->info->max_mem_alloc_size;
  GstCLMemory *mem;
  cl_mem buffer;

  if (size > max) {
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_UNSUPPORTED,
        "A buffer of %" G_GSIZE_FORMAT " bytes is larger than %s allows "
        "(CL_DEVICE_MAX_MEM_ALLOC_SIZE is %" G_GUINT64_FORMAT ")", size,
        context->info->device_name, (guint64) max);
    return NULL;
  }
  buffer = gst_cl_context_create_buffer (context, CL_MEM_READ_WRITE, size,
      NULL, error);
  if (buffer == NULL)
    return NULL;
  mem = new_memory (allocator, NULL, buffer, 0, size, 0, size);
  if (size > 0 && !clear_memory (mem, error)) {
    gst_memory_unref (GST_MEMORY_CAST (mem));
    return NULL;
  }
  return GST_MEMORY_CAST (mem);
}

/**
 * gst_cl_allocator_alloc_video:
 * @info: the frame's format, size and layout on the device (plane offsets
 *   and strides), as a #GstCLBufferPool lays it out
 *
 * Returns: (transfer full): a #GstCLMemory of @info's size that records
 * @info (gst_cl_memory_get_video_info()), or %NULL with @error set.
 */
GstMemory *
gst_cl_allocator_alloc_video (GstAllocator * allocator,
    const GstVideoInfo * info, GError ** error)
{
  GstMemory *mem = gst_cl_allocator_alloc (allocator,
      GST_VIDEO_INFO_SIZE (info), error);

  if (mem)
    set_video_info ((GstCLMemory *) mem, info);
  return mem;
}

/* The layout of @buffer's frame of @info: its video meta's, else the
 * default. */
static void
meta_layout (GstBuffer * buffer, const GstVideoInfo * info,
    GstVideoInfo * layout)
{
  GstVideoMeta *meta = gst_buffer_get_video_meta (buffer);

  gst_video_info_set_interlaced_format (layout, GST_VIDEO_INFO_FORMAT (info),
      GST_VIDEO_INFO_INTERLACE_MODE (info), GST_VIDEO_INFO_WIDTH (info),
      GST_VIDEO_INFO_HEIGHT (info));
  for (guint p = 0; meta && p < meta->n_planes; p++) {
    layout->offset[p] = meta->offset[p];
    layout->stride[p] = meta->stride[p];
  }
}

/* The host addresses at which buffers are used in place: kernels of CPU
 * devices load whole vectors of up to 16 bytes. */
#define HOST_ALIGN 16

/**
 * gst_cl_allocator_wrap_host:
 * @allocator: a #GstCLAllocator
 * @host: one memory in host memory, holding a frame of @info laid out as
 *   its video meta says (else as the default layout of @info)
 *
 * Where the device of @allocator's context shares host memory, @host's
 * bytes made OpenCL memory of that context, used in place
 * (CL_MEM_USE_HOST_PTR), read-only: the returned buffer holds @host
 * mapped for reading until it goes, and has @host's metadata (its crop
 * meta among them). Its memory records the frame as @host lays it out
 * (gst_cl_memory_get_video_info()). When the memory goes, it waits for
 * the context's queue: the device may be reading it.
 *
 * Returns: (transfer full) (nullable): the buffer, or %NULL where the
 * device has memory of its own, @host is not one memory at an address of
 * whole vectors, or the device refuses it (then copy the frame, for
 * instance with gst_cl_copy_frame()).
 */
GstBuffer *
gst_cl_allocator_wrap_host (GstAllocator * allocator,
    const GstVideoInfo * info, GstBuffer * host)
{
  GstCLContext *context = GST_CL_ALLOCATOR (allocator)->context;
  GstCLMemory *mem;
  GstMapInfo map;
  GstBuffer *buffer;
  GstVideoInfo layout;
  GError *error = NULL;
  cl_mem wrapped;

  if (!context->info->host_unified || gst_buffer_n_memory (host) != 1
      || gst_is_cl_memory (gst_buffer_peek_memory (host, 0))
      || !gst_buffer_map (host, &map, GST_MAP_READ))
    return NULL;
  if (GPOINTER_TO_SIZE (map.data) % HOST_ALIGN != 0 || map.size == 0) {
    gst_buffer_unmap (host, &map);
    return NULL;
  }
  wrapped = gst_cl_context_create_buffer (context,
      CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR, map.size, map.data, &error);
  if (wrapped == NULL) {
    GST_DEBUG ("not using the frame's memory in place: %s", error->message);
    g_error_free (error);
    gst_buffer_unmap (host, &map);
    return NULL;
  }
  mem = new_memory (allocator, NULL, wrapped, GST_MEMORY_FLAG_READONLY,
      map.size, 0, map.size);
  mem->host_buffer = gst_buffer_ref (host);
  mem->host_map = map;
  /* The video meta goes with the memory (buffer copies leave it): the
   * memory records the layout instead. */
  meta_layout (host, info, &layout);
  set_video_info (mem, &layout);
  buffer = gst_buffer_new ();
  gst_buffer_append_memory (buffer, GST_MEMORY_CAST (mem));
  gst_buffer_copy_into (buffer, host, GST_BUFFER_COPY_METADATA, 0, -1);
  return buffer;
}

static GstMemory *
cl_alloc (GstAllocator * allocator, gsize size, GstAllocationParams * params)
{
  gsize maxsize = size + params->prefix + params->padding;
  GError *error = NULL;
  GstMemory *mem = gst_cl_allocator_alloc (allocator, maxsize, &error);

  if (mem == NULL) {
    GST_ERROR_OBJECT (allocator, "%s", error->message);
    g_error_free (error);
    return NULL;
  }
  GST_MINI_OBJECT_FLAG_SET (mem, params->flags);
  gst_memory_resize (mem, params->prefix, size);
  return mem;
}

static void
cl_free (GstAllocator * allocator, GstMemory * memory)
{
  GstCLMemory *mem = (GstCLMemory *) memory;

  if (memory->parent == NULL) {
    /* The host's bytes must outlive the device's last read of them. */
    if (mem->host_buffer)
      clFinish (mem->context->queue);
    if (mem->host_maps > 0) {
      GST_WARNING_OBJECT (allocator, "freeing memory still mapped");
      clEnqueueUnmapMemObject (mem->context->queue, mem->buffer, mem->host,
          0, NULL, NULL);
    }
    gst_cl_clear_mem (mem->context, &mem->buffer);
    gst_cl_clear_event (mem->context, &mem->read);
    gst_cl_clear_event (mem->context, &mem->written);
    if (mem->host_buffer) {
      gst_buffer_unmap (mem->host_buffer, &mem->host_map);
      gst_buffer_unref (mem->host_buffer);
    }
  }
  g_mutex_clear (&mem->lock);
  gst_object_unref (mem->context);
  g_free (mem);
}

static cl_map_flags
host_map_flags (GstMapFlags flags)
{
  cl_map_flags cl_flags = 0;

  if (flags & GST_MAP_READ)
    cl_flags |= CL_MAP_READ;
  if (flags & GST_MAP_WRITE)
    cl_flags |= CL_MAP_WRITE;
  return cl_flags;
}

static gpointer
map_host (GstCLMemory * root, GstMapFlags flags)
{
  GstMemory *mem = GST_MEMORY_CAST (root);
  cl_int status = CL_SUCCESS;

  if (flags & GST_MAP_WRITE)
    gst_cl_memory_wait_for_read (root);
  g_mutex_lock (&root->lock);
  if (flags & GST_MAP_WRITE)
    root->host_writes = TRUE;
  if (root->host_maps == 0)
    root->host = clEnqueueMapBuffer (root->context->queue, root->buffer,
        CL_TRUE, host_map_flags (flags), 0, mem->maxsize, 0, NULL, NULL,
        &status);
  if (status == CL_SUCCESS)
    root->host_maps++;
  g_mutex_unlock (&root->lock);

  if (status != CL_SUCCESS) {
    GST_ERROR ("mapping %" G_GSIZE_FORMAT " bytes of OpenCL memory for the "
        "host failed: %s (%d)", mem->maxsize, gst_cl_error_name (status),
        status);
    return NULL;
  }
  return root->host;
}

static void
unmap_host (GstCLMemory * root)
{
  cl_int status = CL_SUCCESS;

  cl_event unmapped = NULL;

  g_mutex_lock (&root->lock);
  /* Not blocking: later commands on the in-order queue wait for it, and
   * where the host wrote, so does anything waiting for the memory's last
   * write. */
  if (--root->host_maps == 0) {
    status = clEnqueueUnmapMemObject (root->context->queue, root->buffer,
        root->host, 0, NULL, root->host_writes ? &unmapped : NULL);
    root->host = NULL;
    root->host_writes = FALSE;
  }
  if (unmapped) {
    gst_cl_clear_event (root->context, &root->written);
    root->written = gst_cl_event_take (root->context, unmapped);
  }
  g_mutex_unlock (&root->lock);
  if (status != CL_SUCCESS)
    GST_ERROR ("unmapping OpenCL memory failed: %s (%d)",
        gst_cl_error_name (status), status);
}

static gpointer
cl_map (GstMemory * mem, GstMapInfo * info, gsize maxsize)
{
  GstCLMemory *root = gst_cl_memory_root (mem);

  if (info->flags & GST_MAP_CL) {
    if (info->flags & GST_MAP_WRITE)
      gst_cl_memory_wait_for_read (root);
    clRetainMemObject (root->buffer);
    /* gst_memory_map() adds the memory's offset to what this returns:
     * take it off, so that info->data is the cl_mem itself. */
    return (gpointer) ((guintptr) root->buffer - mem->offset);
  }
  return map_host (root, info->flags);
}

static void
cl_unmap (GstMemory * mem, GstMapInfo * info)
{
  if (info->flags & GST_MAP_CL)
    clReleaseMemObject ((cl_mem) info->data);
  else
    unmap_host (gst_cl_memory_root (mem));
}

/* A new memory with a copy, made on the device, of @size bytes from
 * @offset of @mem. */
static GstMemory *
cl_copy (GstMemory * mem, gssize offset, gssize size)
{
  GstCLMemory *root = gst_cl_memory_root (mem);
  GError *error = NULL;
  GstMemory *copy;
  cl_event copied = NULL;
  cl_int status = CL_SUCCESS;

  if (size == -1)
    size = mem->size > (gsize) offset ? mem->size - offset : 0;
  copy = gst_cl_allocator_alloc (mem->allocator, size, &error);
  if (copy == NULL) {
    GST_ERROR_OBJECT (mem->allocator, "no copy: %s", error->message);
    g_error_free (error);
    return NULL;
  }
  if (size > 0)
    status = clEnqueueCopyBuffer (root->context->queue, root->buffer,
        ((GstCLMemory *) copy)->buffer, mem->offset + offset, 0, size, 0,
        NULL, &copied);
  /* The copy, after the allocation's fill on the same queue, is the last
   * write. */
  if (status == CL_SUCCESS && copied) {
    gst_cl_clear_event (root->context, &((GstCLMemory *) copy)->written);
    ((GstCLMemory *) copy)->written = gst_cl_event_take (root->context, copied);
  }
  if (status != CL_SUCCESS) {
    GST_ERROR_OBJECT (mem->allocator, "copying %" G_GSSIZE_FORMAT " bytes on "
        "the device failed: %s (%d)", size, gst_cl_error_name (status), status);
    gst_memory_unref (copy);
    return NULL;
  }
  inherit_video_info ((GstCLMemory *) copy, root, mem->offset + offset, size);
  return copy;
}

static GstMemory *
cl_share (GstMemory * mem, gssize offset, gssize size)
{
  GstCLMemory *root = gst_cl_memory_root (mem);
  GstCLMemory *share;

  if (size == -1)
    size = mem->size - offset;
  share = new_memory (mem->allocator, GST_MEMORY_CAST (root), root->buffer,
      GST_MINI_OBJECT_FLAGS (root) | GST_MINI_OBJECT_FLAG_LOCK_READONLY,
      mem->maxsize, mem->offset + offset, size);
  inherit_video_info (share, root, mem->offset + offset, size);
  return GST_MEMORY_CAST (share);
}

static void
gst_cl_allocator_init (GstCLAllocator * self)
{
  GstAllocator *allocator = GST_ALLOCATOR_CAST (self);

  allocator->mem_type = GST_CL_MEMORY_TYPE;
  allocator->mem_map_full = cl_map;
  allocator->mem_unmap_full = cl_unmap;
  allocator->mem_copy = cl_copy;
  allocator->mem_share = cl_share;
  GST_OBJECT_FLAG_SET (self, GST_ALLOCATOR_FLAG_CUSTOM_ALLOC);
}

static void
gst_cl_allocator_finalize (GObject * object)
{
  gst_clear_object (&GST_CL_ALLOCATOR (object)->context);
  G_OBJECT_CLASS (gst_cl_allocator_parent_class)->finalize (object);
}

static void
gst_cl_allocator_class_init (GstCLAllocatorClass * klass)
{
  GstAllocatorClass *allocator_class = GST_ALLOCATOR_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = gst_cl_allocator_finalize;
  allocator_class->alloc = cl_alloc;
  allocator_class->free = cl_free;
}

/**
 * gst_cl_allocator_new:
 *
 * Returns: (transfer full): an allocator of #GstCLMemory on @context; each
 * of its memories keeps @context alive.
 */
GstAllocator *
gst_cl_allocator_new (GstCLContext * context)
{
  GstCLAllocator *self = g_object_new (GST_TYPE_CL_ALLOCATOR, NULL);

  gst_object_ref_sink (self);
  self->context = gst_object_ref (context);
  return GST_ALLOCATOR_CAST (self);
}

/* Whether (the first structure of) @caps is in OpenCL memory. */
gboolean
gst_cl_caps_are_cl_memory (GstCaps * caps)
{
  GstCapsFeatures *features = gst_caps_get_features (caps, 0);

  return features && gst_caps_features_contains (features,
      GST_CAPS_FEATURE_MEMORY_CL_MEMORY);
}

/**
 * gst_cl_caps_with_memory:
 * @cl_memory: OpenCL memory, else system memory
 *
 * Returns: (transfer full): @caps with each structure in that memory, its
 * other features (format:Interlaced) kept.
 */
GstCaps *
gst_cl_caps_with_memory (GstCaps * caps, gboolean cl_memory)
{
  GstCaps *result = gst_caps_new_empty ();

  for (guint i = 0; i < gst_caps_get_size (caps); i++) {
    GstCapsFeatures *f = gst_caps_get_features (caps, i);
    GstCapsFeatures *features = f && !gst_caps_features_is_any (f) ?
        gst_caps_features_copy (f) : gst_caps_features_new_empty ();

    gst_caps_features_remove (features, GST_CAPS_FEATURE_MEMORY_SYSTEM_MEMORY);
    gst_caps_features_remove (features, GST_CAPS_FEATURE_MEMORY_CL_MEMORY);
    if (cl_memory)
      gst_caps_features_add (features, GST_CAPS_FEATURE_MEMORY_CL_MEMORY);
    else if (gst_caps_features_get_size (features) == 0)
      g_clear_pointer (&features, gst_caps_features_free);      /* system */
    result = gst_caps_merge_structure_full (result,
        gst_structure_copy (gst_caps_get_structure (caps, i)), features);
  }
  return result;
}

/**
 * gst_cl_caps_in_both_memories:
 *
 * Returns: (transfer full): @caps in OpenCL memory, then in system memory
 * (the order is the preference); ANY stays ANY.
 */
GstCaps *
gst_cl_caps_in_both_memories (GstCaps * caps)
{
  if (gst_caps_is_any (caps))
    return gst_caps_ref (caps);
  return gst_caps_merge (gst_cl_caps_with_memory (caps, TRUE),
      gst_cl_caps_with_memory (caps, FALSE));
}

gboolean
gst_is_cl_memory (GstMemory * mem)
{
  return mem != NULL && mem->allocator != NULL
      && GST_IS_CL_ALLOCATOR (mem->allocator);
}

/**
 * gst_cl_memory_get_context:
 *
 * Returns: (transfer none): the context of the #GstCLMemory @mem.
 */
GstCLContext *
gst_cl_memory_get_context (GstMemory * mem)
{
  g_return_val_if_fail (gst_is_cl_memory (mem), NULL);
  return ((GstCLMemory *) mem)->context;
}

/**
 * gst_cl_memory_get_mem:
 *
 * Returns: (transfer none): the cl_mem of the #GstCLMemory @mem, valid
 * while @mem is; @mem's bytes start at its GstMemory.offset in it.
 */
cl_mem
gst_cl_memory_get_mem (GstMemory * mem)
{
  g_return_val_if_fail (gst_is_cl_memory (mem), NULL);
  return gst_cl_memory_root (mem)->buffer;
}

/**
 * gst_cl_memory_get_video_info:
 *
 * Returns: (transfer none) (nullable): the frame the #GstCLMemory @mem
 * was made for (gst_cl_allocator_alloc_video(), as #GstCLBufferPool
 * makes its memories), with its layout on the device; also for a copy or
 * share of all of such a memory; %NULL for other memories.
 */
const GstVideoInfo *
gst_cl_memory_get_video_info (GstMemory * mem)
{
  GstCLMemory *self = (GstCLMemory *) mem;

  g_return_val_if_fail (gst_is_cl_memory (mem), NULL);
  return self->has_info ? &self->info : NULL;
}

/**
 * gst_cl_memory_set_write_event:
 * @mem: a #GstCLMemory
 * @event: (transfer none): a command, enqueued on a queue of @mem's
 *   context, that writes @mem
 *
 * Records @event as the last write of @mem (it takes a reference), which
 * gst_cl_memory_sync() and gst_cl_memory_enqueue_wait() wait for. Whoever
 * writes a #GstCLMemory and hands it on records its write: the elements
 * do, and so does a host mapping for writing when it is unmapped.
 */
void
gst_cl_memory_set_write_event (GstMemory * mem, cl_event event)
{
  GstCLMemory *root;

  g_return_if_fail (gst_is_cl_memory (mem) && event != NULL);
  root = gst_cl_memory_root (mem);
  g_mutex_lock (&root->lock);
  gst_cl_clear_event (root->context, &root->written);
  root->written = gst_cl_event_ref (root->context, event);
  g_mutex_unlock (&root->lock);
}

/**
 * gst_cl_memory_record_write:
 * @mem: a #GstCLMemory
 *
 * Records the commands enqueued so far on the queue of @mem's context as
 * @mem's last write: what an element calls once its kernels writing @mem
 * are enqueued.
 *
 * Returns: %TRUE, or %FALSE with @error set.
 */
gboolean
gst_cl_memory_record_write (GstMemory * mem, GError ** error)
{
  GstCLContext *context;
  cl_event marker;

  g_return_val_if_fail (gst_is_cl_memory (mem), FALSE);
  context = gst_cl_memory_root (mem)->context;
  if ((marker = gst_cl_context_mark_queue (context, error)) == NULL)
    return FALSE;
  gst_cl_memory_set_write_event (mem, marker);
  gst_cl_clear_event (context, &marker);
  return TRUE;
}

/* A reference to @root's last recorded write, or NULL. */
static cl_event
ref_write_event (GstCLMemory * root)
{
  cl_event event = NULL;

  g_mutex_lock (&root->lock);
  if (root->written)
    event = gst_cl_event_ref (root->context, root->written);
  g_mutex_unlock (&root->lock);
  return event;
}

/**
 * gst_cl_memory_enqueue_wait:
 * @mem: a #GstCLMemory
 * @queue: a command queue of @mem's context
 *
 * Makes the commands enqueued on @queue from now on wait for @mem's last
 * recorded write (gst_cl_memory_set_write_event()): what a queue other
 * than the context's own does before it reads @mem. On the context's own
 * queue, which is in order, the write has come first already.
 *
 * Returns: %TRUE, or %FALSE with @error set.
 */
gboolean
gst_cl_memory_enqueue_wait (GstMemory * mem, cl_command_queue queue,
    GError ** error)
{
  GstCLMemory *root;
  cl_event written;
  gboolean ok;

  g_return_val_if_fail (gst_is_cl_memory (mem) && queue != NULL, FALSE);
  root = gst_cl_memory_root (mem);
  if ((written = ref_write_event (root)) == NULL)
    return TRUE;
  ok = gst_cl_check (clEnqueueBarrierWithWaitList (queue, 1, &written, NULL),
      error, "Making a queue wait for OpenCL memory's last write");
  gst_cl_clear_event (root->context, &written);
  return ok;
}

/**
 * gst_cl_memory_sync:
 * @mem: a #GstCLMemory
 *
 * Waits on the host until @mem's last recorded write is done, and any
 * read of it left running: after this, another OpenCL context, another
 * API sharing the memory, or the host may use it.
 *
 * Returns: %TRUE, or %FALSE with @error set where the write failed.
 */
gboolean
gst_cl_memory_sync (GstMemory * mem, GError ** error)
{
  GstCLMemory *root;
  cl_event events[2];
  cl_uint n = 0;
  gboolean ok = TRUE;

  g_return_val_if_fail (gst_is_cl_memory (mem), FALSE);
  root = gst_cl_memory_root (mem);
  g_mutex_lock (&root->lock);
  if (root->written)
    events[n++] = gst_cl_event_ref (root->context, root->written);
  if (root->read)
    events[n++] = gst_cl_event_ref (root->context, root->read);
  g_mutex_unlock (&root->lock);
  if (n > 0)
    ok = gst_cl_check (clWaitForEvents (n, events), error,
        "Waiting for OpenCL memory's last write");
  while (n > 0)
    gst_cl_clear_event (root->context, &events[--n]);
  return ok;
}

/**
 * gst_cl_buffer_is_on_context:
 *
 * Returns: whether @buffer is one #GstCLMemory of @context, as the
 * frames of a #GstCLBufferPool are.
 */
gboolean
gst_cl_buffer_is_on_context (GstBuffer * buffer, GstCLContext * context)
{
  GstMemory *mem;

  if (gst_buffer_n_memory (buffer) != 1)
    return FALSE;
  mem = gst_buffer_peek_memory (buffer, 0);
  return gst_is_cl_memory (mem) && gst_cl_memory_get_context (mem) == context;
}

/* Where plane @plane of a frame of @info lies in a buffer laid out as
 * @layout (see GstCLPlaneRegion). */
void
gst_cl_plane_region (const GstVideoInfo * info, const GstVideoInfo * layout,
    guint plane, GstCLPlaneRegion * region)
{
  gint comp[GST_VIDEO_MAX_COMPONENTS];

  gst_video_format_info_component (info->finfo, plane, comp);
  region->offset = GST_VIDEO_INFO_PLANE_OFFSET (layout, plane);
  region->stride = GST_VIDEO_INFO_PLANE_STRIDE (layout, plane);
  region->row_bytes = (gsize) GST_VIDEO_INFO_COMP_WIDTH (info, comp[0]) *
      GST_VIDEO_INFO_COMP_PSTRIDE (info, comp[0]);
  region->rows = GST_VIDEO_INFO_COMP_HEIGHT (info, comp[0]);
  region->size = region->stride * (region->rows - 1) + region->row_bytes;
}

/* Whether @recorded, a memory's frame, is a frame of @info's format and
 * size (its layout may differ). */
static gboolean
same_frame (const GstVideoInfo * recorded, const GstVideoInfo * info)
{
  return recorded && GST_VIDEO_INFO_FORMAT (recorded) ==
      GST_VIDEO_INFO_FORMAT (info)
      && GST_VIDEO_INFO_WIDTH (recorded) == GST_VIDEO_INFO_WIDTH (info)
      && GST_VIDEO_INFO_HEIGHT (recorded) == GST_VIDEO_INFO_HEIGHT (info)
      && GST_VIDEO_INFO_INTERLACE_MODE (recorded) ==
      GST_VIDEO_INFO_INTERLACE_MODE (info);
}

/* The layout of @buffer's frame of @info: its video meta, else the frame
 * its memory records where that is a frame of @info, else the default
 * layout of @info's format and size. */
void
gst_cl_buffer_device_layout (GstBuffer * buffer, const GstVideoInfo * info,
    GstVideoInfo * layout)
{
  const GstVideoInfo *recorded =
      gst_cl_memory_get_video_info (gst_buffer_peek_memory (buffer, 0));

  if (gst_buffer_get_video_meta (buffer) == NULL && same_frame (recorded, info))
    *layout = *recorded;
  else
    meta_layout (buffer, info, layout);
}

/**
 * gst_cl_buffer_get_plane:
 * @buffer: one #GstCLMemory with a frame of @info, laid out as its video
 *   meta says (else as the default layout of @info)
 * @offset: (out): where plane @plane starts in the returned cl_mem, in
 *   bytes
 * @stride: (out): the plane's row pitch, in bytes
 *
 * The kernels' way to a plane of @buffer: the whole memory's cl_mem, and
 * where the plane lies in it. Kernels take it with its offset
 * (gst_cl_args_add_plane()) rather than as a sub-buffer, which would
 * have to start at a multiple of CL_DEVICE_MEM_BASE_ADDR_ALIGN, and
 * which NVIDIA's driver makes slow to write. Commands enqueued from now
 * on wait for a read of the memory left running, since kernels may
 * write what they take.
 *
 * Returns: (transfer none): the cl_mem, valid while @buffer's memory is;
 * %NULL with @error set where the plane does not fit in the memory.
 */
cl_mem
gst_cl_buffer_get_plane (GstBuffer * buffer, const GstVideoInfo * info,
    guint plane, gsize * offset, gsize * stride, GError ** error)
{
  GstMemory *mem = gst_buffer_peek_memory (buffer, 0);
  GstVideoInfo layout;
  GstCLPlaneRegion r;

  g_return_val_if_fail (gst_buffer_n_memory (buffer) == 1
      && gst_is_cl_memory (mem), NULL);
  g_return_val_if_fail (plane < GST_VIDEO_INFO_N_PLANES (info), NULL);
  gst_cl_buffer_device_layout (buffer, info, &layout);
  gst_cl_plane_region (info, &layout, plane, &r);
  if (r.offset + r.size > mem->size) {
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_FAILED,
        "Plane %u (%" G_GSIZE_FORMAT " bytes at %" G_GSIZE_FORMAT ") does "
        "not fit in OpenCL memory of %" G_GSIZE_FORMAT " bytes", plane,
        r.size, r.offset, mem->size);
    return NULL;
  }
  *offset = mem->offset + r.offset;
  *stride = r.stride;
  gst_cl_memory_wait_for_read (gst_cl_memory_root (mem));
  return gst_cl_memory_root (mem)->buffer;
}
