/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GstCLBufferPool: video frames in GstCLMemory of one GstCLContext. With
 * the GST_BUFFER_POOL_OPTION_VIDEO_META option each carries a GstVideoMeta
 * whose plane offsets are multiples of the device's
 * CL_DEVICE_MEM_BASE_ADDR_ALIGN, so that kernels find every plane as
 * aligned as the start of a buffer (gst_cl_buffer_get_plane()); without
 * it frames have the default layout of their caps.
 */
#pragma once

#include "gstcl-prelude.h"

#include "gstclmemory.h"

G_BEGIN_DECLS

#define GST_TYPE_CL_BUFFER_POOL (gst_cl_buffer_pool_get_type ())
GST_CL_API
G_DECLARE_FINAL_TYPE (GstCLBufferPool, gst_cl_buffer_pool, GST,
    CL_BUFFER_POOL, GstBufferPool)

GST_CL_API
GstBufferPool *gst_cl_buffer_pool_new (GstCLContext * context);

GST_CL_API
GstCLContext *gst_cl_buffer_pool_get_context (GstBufferPool * pool);

GST_CL_API
GstAllocator *gst_cl_buffer_pool_get_allocator (GstBufferPool * pool);

GST_CL_API
gboolean gst_cl_buffer_pool_is_on_context (GstBufferPool * pool,
    GstCLContext * context);

GST_CL_API
void gst_cl_video_info_align_planes (GstCLContext * context,
    GstVideoInfo * info);

GST_CL_API
gboolean gst_cl_decide_allocation (GstElement * element, GstQuery * query,
    GstCLContext * context, GstAllocator * pinned);

GST_CL_API
gboolean gst_cl_propose_allocation (GstQuery * query, GstCLContext * context,
    GstAllocator * pinned);

G_END_DECLS
