/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GstCLMemory: a GstMemory holding one OpenCL buffer (cl_mem) of one
 * GstCLContext, with a whole video frame whose planes are at the offsets
 * of the GstBuffer's GstVideoMeta. GstCLAllocator makes it.
 *
 * - gst_memory_map() for GST_MAP_READ / GST_MAP_WRITE gives host pixels
 *   (clEnqueueMapBuffer, blocking, on the context's in-order queue: the
 *   mapping waits for every command enqueued before it, and commands
 *   enqueued after the unmap see what the host wrote).
 * - gst_memory_map() with GST_MAP_CL added gives the cl_mem itself in
 *   GstMapInfo.data, retained until the unmap, with no transfer. The
 *   memory's bytes start at GstMemory.offset in that cl_mem. Do not enqueue
 *   commands on it while it is mapped for the host.
 * - Each memory keeps the event of its last write: an element's kernels
 *   (gst_cl_memory_record_write()), a host mapping for writing, a copy.
 *   gst_cl_memory_enqueue_wait() makes another queue of the context wait
 *   for it, gst_cl_memory_sync() the host (before another context or API
 *   uses the memory).
 */
#pragma once

#include "gstcl-prelude.h"

#include <gst/video/video.h>

#include "gstclcontext.h"

G_BEGIN_DECLS

/* The caps feature of buffers whose memory is GstCLMemory. */
#define GST_CAPS_FEATURE_MEMORY_CL_MEMORY "memory:OpenCLMemory"

#define GST_CL_MEMORY_TYPE "GstCLMemory"

/* Map flag: GstMapInfo.data is the cl_mem (see above). */
#define GST_MAP_CL (GST_MAP_FLAG_LAST << 1)

#define GST_TYPE_CL_ALLOCATOR (gst_cl_allocator_get_type ())
GST_CL_API
G_DECLARE_FINAL_TYPE (GstCLAllocator, gst_cl_allocator, GST, CL_ALLOCATOR,
    GstAllocator)

GST_CL_API
GstAllocator *gst_cl_allocator_new (GstCLContext * context);

GST_CL_API
GstMemory *gst_cl_allocator_alloc (GstAllocator * allocator, gsize size,
    GError ** error);

GST_CL_API
GstMemory *gst_cl_allocator_alloc_video (GstAllocator * allocator,
    const GstVideoInfo * info, GError ** error);

GST_CL_API
GstBuffer *gst_cl_allocator_wrap_host (GstAllocator * allocator,
    const GstVideoInfo * info, GstBuffer * host);

GST_CL_API
gboolean gst_cl_caps_are_cl_memory (GstCaps * caps);

GST_CL_API
GstCaps *gst_cl_caps_with_memory (GstCaps * caps, gboolean cl_memory);

GST_CL_API
GstCaps *gst_cl_caps_in_both_memories (GstCaps * caps);

GST_CL_API
gboolean gst_is_cl_memory (GstMemory * mem);

GST_CL_API
GstCLContext *gst_cl_memory_get_context (GstMemory * mem);

GST_CL_API
cl_mem gst_cl_memory_get_mem (GstMemory * mem);

GST_CL_API
const GstVideoInfo *gst_cl_memory_get_video_info (GstMemory * mem);

GST_CL_API
void gst_cl_memory_set_write_event (GstMemory * mem, cl_event event);

GST_CL_API
gboolean gst_cl_memory_record_write (GstMemory * mem, GError ** error);

GST_CL_API
gboolean gst_cl_memory_enqueue_wait (GstMemory * mem, cl_command_queue queue,
    GError ** error);

GST_CL_API
gboolean gst_cl_memory_sync (GstMemory * mem, GError ** error);

GST_CL_API
gboolean gst_cl_buffer_is_on_context (GstBuffer * buffer,
    GstCLContext * context);

GST_CL_API
cl_mem gst_cl_buffer_get_plane (GstBuffer * buffer,
    const GstVideoInfo * info, guint plane, gsize * offset, gsize * stride,
    GError ** error);

G_END_DECLS
