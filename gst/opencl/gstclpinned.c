/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclpinned.h"
#include "gstclcontext-private.h"
#include "gstcl-private.h"

#include "gstclmemory.h"

#include <string.h>

#define GST_CAT_DEFAULT gst_cl_pinned_debug

#define GST_CL_PINNED_MEMORY "GstCLPinnedMemory"

struct _GstCLPinnedAllocator
{
  GstAllocator parent;

  GstCLContext *context;
};

/* A shared (sub-)memory has no buffer of its own: its parent keeps it,
 * and the read under way into it. */
typedef struct
{
  GstMemory mem;
  cl_mem buffer;
  guint8 *data;                 /* the mapped buffer, from offset 0 */
  GMutex lock;
  cl_event pending;             /* a read into the memory, under lock */
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

  g_mutex_init (&mem->lock);
  offset = (params->align + 1 - (GPOINTER_TO_SIZE (mem->data) &
          params->align)) & params->align;
  gst_memory_init (GST_MEMORY_CAST (mem), params->flags, allocator, NULL,
      maxsize, params->align, offset + params->prefix, size);
  return GST_MEMORY_CAST (mem);
}

/* Waits for the read under way into @memory's buffer, if any; FALSE if
 * it failed. */
static gboolean
wait_for_pending (GstMemory * memory)
{
  GstCLPinnedMemory *root = (GstCLPinnedMemory *)
      (memory->parent ? memory->parent : memory);
  GstCLContext *context = GST_CL_PINNED_ALLOCATOR (memory->allocator)->context;
  cl_int status = CL_SUCCESS, done = CL_COMPLETE;

  g_mutex_lock (&root->lock);
  if (root->pending) {
    status = clWaitForEvents (1, &root->pending);
    clGetEventInfo (root->pending, CL_EVENT_COMMAND_EXECUTION_STATUS,
        sizeof (done), &done, NULL);
    gst_cl_clear_event (context, &root->pending);
  }
  g_mutex_unlock (&root->lock);
  if (status != CL_SUCCESS || done < 0) {
    GST_ERROR ("reading a frame into pinned memory failed: %s (%d)",
        gst_cl_error_name (status != CL_SUCCESS ? status : done),
        status != CL_SUCCESS ? status : done);
    return FALSE;
  }
  return TRUE;
}

static void
pinned_free (GstAllocator * allocator, GstMemory * memory)
{
  GstCLPinnedAllocator *self = GST_CL_PINNED_ALLOCATOR (allocator);
  GstCLPinnedMemory *mem = (GstCLPinnedMemory *) memory;

  if (mem->buffer) {
    wait_for_pending (memory);
    clEnqueueUnmapMemObject (self->context->queue, mem->buffer, mem->data, 0,
        NULL, NULL);
    gst_cl_clear_mem (self->context, &mem->buffer);
    g_mutex_clear (&mem->lock);
  }
  g_free (mem);
}

/* The host sees the memory once the read into it is done. */
static gpointer
pinned_map (GstMemory * memory, gsize maxsize, GstMapFlags flags)
{
  if (!wait_for_pending (memory))
    return NULL;
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

/* Whether @mem comes from a GstCLPinnedAllocator of @context. */
static gboolean
is_pinned_memory_of (GstMemory * mem, GstCLContext * context)
{
  return mem != NULL && GST_IS_CL_PINNED_ALLOCATOR (mem->allocator)
      && GST_CL_PINNED_ALLOCATOR (mem->allocator)->context == context;
}

/**
 * gst_cl_pinned_memory_of_frame:
 *
 * Returns: (transfer none) (nullable): the pinned memory of @context that
 * @frame (mapped for the host) is all in, where @context's device has a
 * queue for reads left running (%GstCLContext.download_queue); else %NULL.
 */
GstMemory *
gst_cl_pinned_memory_of_frame (GstCLContext * context,
    const GstVideoFrame * frame)
{
  GstMemory *mem;

  if (context->download_queue == NULL || frame->buffer == NULL
      || gst_buffer_n_memory (frame->buffer) != 1)
    return NULL;
  mem = gst_buffer_peek_memory (frame->buffer, 0);
  return is_pinned_memory_of (mem, context) ? mem : NULL;
}

/**
 * gst_cl_pinned_memory_leave_read:
 * @mem: pinned memory (gst_cl_pinned_memory_of_frame())
 * @read: (transfer full): the last read into @mem, just enqueued on the
 *   download queue (not counted yet)
 *
 * Leaves @read running: mapping @mem, or freeing it, waits for it first.
 * An earlier read still pending comes before @read on the same in-order
 * queue.
 *
 * Returns: (transfer full): another reference to @read (for the commands
 * that must wait for it: those writing what it reads), to release with
 * gst_cl_clear_event().
 */
cl_event
gst_cl_pinned_memory_leave_read (GstMemory * mem, cl_event read)
{
  GstCLPinnedMemory *root = (GstCLPinnedMemory *)
      (mem->parent ? mem->parent : mem);
  GstCLContext *context = GST_CL_PINNED_ALLOCATOR (mem->allocator)->context;

  clFlush (context->download_queue);
  read = gst_cl_event_take (context, read);
  g_mutex_lock (&root->lock);
  gst_cl_clear_event (context, &root->pending);
  root->pending = read;
  g_mutex_unlock (&root->lock);
  return gst_cl_event_ref (context, read);
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

/* ---- staging ---- */

/* Frames of at least this many bytes go through staging: below it, a
 * copy into pinned memory gains nothing over the driver's own (measured:
 * tests/benchmarks/performance-notes.md, "OpenCL memory"). */
#define STAGING_MIN_BYTES (16 * 1024 * 1024)
#define STAGING_THREADS 4
#define STAGING_PLANE_ALIGN 64

struct _GstCLStaging
{
  GstCLContext *context;
  cl_mem buffer;                /* CL_MEM_ALLOC_HOST_PTR, mapped at data */
  guint8 *data;
  gsize size;
  cl_event written;             /* the device's last reads of data */
};

typedef struct
{
  GMutex lock;
  GCond done;
  guint left;
} Countdown;

typedef struct
{
  Countdown *countdown;
  guint8 *dst;
  const guint8 *src;
  gsize size;
} CopyTask;

static void
run_copy_task (gpointer data, gpointer unused)
{
  CopyTask *task = data;
  Countdown *countdown = task->countdown;

  memcpy (task->dst, task->src, task->size);
  g_mutex_lock (&countdown->lock);
  if (--countdown->left == 0)
    g_cond_signal (&countdown->done);
  g_mutex_unlock (&countdown->lock);
}

static gpointer
make_copy_threads (gpointer unused)
{
  return g_thread_pool_new (run_copy_task, NULL, STAGING_THREADS - 1, FALSE,
      NULL);
}

/* Runs @tasks, @n_tasks - 1 of them on the shared threads and the last
 * on the caller's, and returns when all are done. */
static void
run_copy_tasks (CopyTask * tasks, guint n_tasks)
{
  static GOnce once = G_ONCE_INIT;
  GThreadPool *threads = g_once (&once, make_copy_threads, NULL);
  Countdown countdown = { 0, };

  g_mutex_init (&countdown.lock);
  g_cond_init (&countdown.done);
  countdown.left = n_tasks;
  for (guint i = 0; i < n_tasks; i++) {
    tasks[i].countdown = &countdown;
    if (i + 1 < n_tasks)
      g_thread_pool_push (threads, &tasks[i], NULL);
  }
  run_copy_task (&tasks[n_tasks - 1], NULL);
  g_mutex_lock (&countdown.lock);
  while (countdown.left > 0)
    g_cond_wait (&countdown.done, &countdown.lock);
  g_mutex_unlock (&countdown.lock);
  g_mutex_clear (&countdown.lock);
  g_cond_clear (&countdown.done);
}

/* The bytes of plane @p of @frame, from its first to the end of its last
 * row's pixels; 0 where the format does not say. */
static gsize
plane_extent (const GstVideoFrame * frame, guint p)
{
  gint comps[GST_VIDEO_MAX_COMPONENTS];
  gsize row_bytes;

  gst_video_format_info_component (frame->info.finfo, p, comps);
  if (comps[0] < 0 || GST_VIDEO_FRAME_COMP_PSTRIDE (frame, comps[0]) <= 0)
    return 0;
  row_bytes = (gsize) GST_VIDEO_FRAME_COMP_WIDTH (frame, comps[0]) *
      GST_VIDEO_FRAME_COMP_PSTRIDE (frame, comps[0]);
  return (gsize) GST_VIDEO_FRAME_PLANE_STRIDE (frame, p) *
      (GST_VIDEO_FRAME_COMP_HEIGHT (frame, comps[0]) - 1) + row_bytes;
}

/* Whether a frame of @bytes in pageable memory is better uploaded from
 * staging memory: a large one, for a device that does not share host
 * memory. */
static gboolean
worth_staging (const GstCLDeviceInfo * device, gsize bytes)
{
  return !device->host_unified && bytes >= STAGING_MIN_BYTES;
}

/* Whether @frame's memory is already in the device's reach. */
static gboolean
in_device_reach (const GstVideoFrame * frame)
{
  GstMemory *mem = gst_buffer_peek_memory (frame->buffer, 0);

  return GST_IS_CL_PINNED_ALLOCATOR (mem->allocator) || gst_is_cl_memory (mem);
}

static void
wait_for_reads (GstCLStaging * staging)
{
  if (staging->written) {
    clWaitForEvents (1, &staging->written);
    clReleaseEvent (staging->written);
    staging->written = NULL;
  }
}

static void
release_buffer (GstCLStaging * staging)
{
  wait_for_reads (staging);
  if (staging->buffer) {
    clEnqueueUnmapMemObject (staging->context->queue, staging->buffer,
        staging->data, 0, NULL, NULL);
    gst_cl_clear_mem (staging->context, &staging->buffer);
  }
  staging->data = NULL;
  staging->size = 0;
}

static gboolean
ensure_capacity (GstCLStaging * staging, gsize size)
{
  GstCLContext *context = staging->context;
  GError *error = NULL;
  cl_int status;

  if (staging->size >= size)
    return TRUE;
  release_buffer (staging);
  staging->buffer = gst_cl_context_create_buffer (context,
      CL_MEM_READ_ONLY | CL_MEM_ALLOC_HOST_PTR, size, NULL, &error);
  if (staging->buffer) {
    staging->data = clEnqueueMapBuffer (context->queue, staging->buffer,
        CL_TRUE, CL_MAP_WRITE, 0, size, 0, NULL, NULL, &status);
    if (gst_cl_check (status, &error, "Mapping staging memory")) {
      staging->size = size;
      return TRUE;
    }
  }
  GST_DEBUG ("no staging memory of %" G_GSIZE_FORMAT " bytes: %s", size,
      error->message);
  g_error_free (error);
  gst_cl_clear_mem (context, &staging->buffer);
  return FALSE;
}

static GstCLStaging *
staging_new (GstCLContext * context)
{
  GstCLStaging *staging = g_new0 (GstCLStaging, 1);

  staging->context = gst_object_ref (context);
  return staging;
}

/**
 * gst_cl_staging_free:
 *
 * Frees @staging once the device has read what was staged there.
 */
void
gst_cl_staging_free (GstCLStaging * staging)
{
  if (staging == NULL)
    return;
  release_buffer (staging);
  gst_object_unref (staging->context);
  g_free (staging);
}

/* Where @frame is better uploaded from pinned memory (its memory is
 * pageable, worth_staging()), copies its planes into @staging with a few
 * threads, once the device has read the previous frame staged there, and
 * sets @staged to @frame with its planes there (same strides). Returns
 * whether it did. */
static gboolean
stage (GstCLStaging * staging, const GstVideoFrame * frame,
    GstVideoFrame * staged)
{
  guint n_planes = GST_VIDEO_FRAME_N_PLANES (frame);
  CopyTask tasks[GST_VIDEO_MAX_PLANES * STAGING_THREADS];
  gsize extents[GST_VIDEO_MAX_PLANES], offsets[GST_VIDEO_MAX_PLANES];
  gsize total = 0;
  guint n_tasks = 0;

  if (in_device_reach (frame))
    return FALSE;
  for (guint p = 0; p < n_planes; p++) {
    extents[p] = plane_extent (frame, p);
    if (extents[p] == 0)
      return FALSE;
    offsets[p] = total;
    total += GST_ROUND_UP_N (extents[p], STAGING_PLANE_ALIGN);
  }
  if (!worth_staging (staging->context->info, total))
    return FALSE;
  if (!ensure_capacity (staging, total))
    return FALSE;
  wait_for_reads (staging);

  *staged = *frame;
  for (guint p = 0; p < n_planes; p++) {
    const guint8 *src = GST_VIDEO_FRAME_PLANE_DATA (frame, p);

    staged->data[p] = staging->data + offsets[p];
    for (guint t = 0; t < STAGING_THREADS; t++) {
      gsize start = extents[p] * t / STAGING_THREADS;
      gsize end = extents[p] * (t + 1) / STAGING_THREADS;

      tasks[n_tasks++] = (CopyTask) {
      NULL, (guint8 *) staged->data[p] + start, src + start, end - start};
    }
  }
  run_copy_tasks (tasks, n_tasks);
  GST_LOG ("staged a frame of %" G_GSIZE_FORMAT " bytes in %u parts", total,
      n_tasks);
  return TRUE;
}

/* The uploads from the frame last staged are enqueued: the next frame is
 * staged once the device has run them. */
static void
mark_enqueued (GstCLStaging * staging)
{
  cl_int status = clEnqueueMarkerWithWaitList (staging->context->queue, 0,
      NULL, &staging->written);

  /* Without the marker, wait for the queue: the memory must not be
   * written while the device may still read it. */
  if (status != CL_SUCCESS) {
    staging->written = NULL;
    clFinish (staging->context->queue);
  }
}

/**
 * gst_cl_staging_upload:
 * @staging: (inout) (nullable): the caller's staging memory, made on
 *   first use; free it with gst_cl_staging_free() before @context goes
 * @upload: enqueues the upload of the frame it is given
 *
 * Uploads @frame with @upload: from @frame itself, or, where that is
 * faster (frames in pageable memory for a device that does not share host
 * memory: large ones, or any for an accelerator), from a copy of it in
 * pinned staging memory made by a few threads at once.
 */
gboolean
gst_cl_staging_upload (GstCLStaging ** staging, GstCLContext * context,
    const GstVideoFrame * frame, GstCLUploadFunc upload, gpointer user_data,
    GError ** error)
{
  GstVideoFrame staged;
  gboolean ok;

  if (*staging == NULL)
    *staging = staging_new (context);
  if (!stage (*staging, frame, &staged))
    return upload (frame, user_data, error);
  ok = upload (&staged, user_data, error);
  mark_enqueued (*staging);
  return ok;
}
