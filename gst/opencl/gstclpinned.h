/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GstCLPinnedAllocator: host memory the device can reach by DMA (a mapped
 * CL_MEM_ALLOC_HOST_PTR buffer, which drivers such as NVIDIA's pin), so
 * that frames move between host and device at the bus's speed rather than
 * through the driver's staging copies. A read into it may be left
 * running (gst_cl_pinned_memory_leave_read()): a map waits for it.
 *
 * GstCLStaging: for frames that come in ordinary (pageable) memory, a
 * pinned copy made by a few threads at once, which large frames reach the
 * device faster through than written from pageable memory.
 */
#pragma once

#include "gstcl-prelude.h"

#include <gst/gst.h>
#include <gst/video/video.h>

#include "gstclcontext.h"

G_BEGIN_DECLS

#define GST_TYPE_CL_PINNED_ALLOCATOR (gst_cl_pinned_allocator_get_type ())
GST_CL_API
G_DECLARE_FINAL_TYPE (GstCLPinnedAllocator, gst_cl_pinned_allocator, GST,
    CL_PINNED_ALLOCATOR, GstAllocator)

GST_CL_API
GstAllocator *gst_cl_pinned_allocator_new (GstCLContext * context);

GST_CL_API
GstMemory *gst_cl_pinned_memory_of_frame (GstCLContext * context,
    const GstVideoFrame * frame);

GST_CL_API
cl_event gst_cl_pinned_memory_leave_read (GstMemory * mem, cl_event read);

GST_CL_API
GstBufferPool *gst_cl_pinned_pool_new (GstAllocator * allocator,
    GstCaps * caps, guint min_buffers);

typedef struct _GstCLStaging GstCLStaging;

/* Enqueues the upload of @frame's planes (mapped for reading); frames in
 * staging memory must not be unmapped. */
typedef gboolean (*GstCLUploadFunc) (const GstVideoFrame * frame,
    gpointer user_data, GError ** error);

GST_CL_API
gboolean gst_cl_staging_upload (GstCLStaging ** staging,
    GstCLContext * context, const GstVideoFrame * frame,
    GstCLUploadFunc upload, gpointer user_data, GError ** error);

GST_CL_API
void gst_cl_staging_free (GstCLStaging * staging);

G_END_DECLS
