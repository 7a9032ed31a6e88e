/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GstCLMemory's insides, for the library's frame transfers
 * (gstcltransfer.c); not installed.
 */
#pragma once

#include "gstclmemory.h"

G_BEGIN_DECLS

/* A shared (sub-)memory has no cl_mem of its own: it uses its parent's,
 * and maps through it. Only a memory without a parent maps; only its
 * events count. */
typedef struct
{
  GstMemory mem;

  GstCLContext *context;        /* a reference */
  cl_mem buffer;
  /* The frame the memory was made for (gst_cl_allocator_alloc_video()),
   * set once; has_info FALSE for memories of a plain size. */
  GstVideoInfo info;
  gboolean has_info;
  /* A buffer in host memory whose bytes @buffer uses in place
   * (gst_cl_allocator_wrap_host()), mapped for reading until the memory
   * goes; NULL for device memory. */
  GstBuffer *host_buffer;
  GstMapInfo host_map;

  /* Under the lock: */
  /* The host mapping, shared by nested maps: OpenCL forbids mapping a
   * region for writing twice. GstMemory's lock makes every nested map ask
   * for no more than the first did, and shared memories are read-only. */
  GMutex lock;
  guint host_maps;
  gpointer host;
  gboolean host_writes;         /* a nested map is for writing */
  /* A read of the frame into pinned memory left running on the download
   * queue (gst_cl_buffer_read_frame()): the next use of the memory on the
   * context's queue waits for it (gst_cl_memory_wait_for_read()). */
  cl_event read;
  /* The last command recorded as writing the memory
   * (gst_cl_memory_set_write_event()), which gst_cl_memory_sync() and
   * gst_cl_memory_enqueue_wait() wait for. */
  cl_event written;
} GstCLMemory;

/* Where plane @plane of a frame of @info lies in a buffer laid out as
 * @layout: its first byte, row pitch, rows of pixels, and its size up to
 * the end of the last row's pixels. */
typedef struct
{
  gsize offset;
  gsize stride;
  gsize row_bytes;
  gsize rows;
  gsize size;
} GstCLPlaneRegion;

G_GNUC_INTERNAL
GstCLMemory *gst_cl_memory_root (GstMemory * mem);

G_GNUC_INTERNAL
void gst_cl_memory_wait_for_read (GstCLMemory * root);

G_GNUC_INTERNAL
void gst_cl_memory_leave_read (GstCLMemory * root, cl_event read);

G_GNUC_INTERNAL
void gst_cl_plane_region (const GstVideoInfo * info,
    const GstVideoInfo * layout, guint plane, GstCLPlaneRegion * region);

G_GNUC_INTERNAL
void gst_cl_buffer_device_layout (GstBuffer * buffer,
    const GstVideoInfo * info, GstVideoInfo * layout);

G_END_DECLS
