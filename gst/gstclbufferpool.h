/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GstCLBufferPool: video frames in GstCLMemory of one GstCLContext, each
 * with a GstVideoMeta whose plane offsets are multiples of the device's
 * CL_DEVICE_MEM_BASE_ADDR_ALIGN, so that every plane can be handed to a
 * kernel as a sub-buffer (gst_cl_memory_create_sub_buffer()).
 */
#pragma once

#include "gstclmemory.h"

G_BEGIN_DECLS

#define GST_TYPE_CL_BUFFER_POOL (gst_cl_buffer_pool_get_type ())
G_DECLARE_FINAL_TYPE (GstCLBufferPool, gst_cl_buffer_pool, GST,
    CL_BUFFER_POOL, GstBufferPool)

GstBufferPool *gst_cl_buffer_pool_new (GstCLContext * context);

GstCLContext *gst_cl_buffer_pool_get_context (GstBufferPool * pool);

gboolean gst_cl_buffer_pool_is_on_context (GstBufferPool * pool,
    GstCLContext * context);

void gst_cl_video_info_align_planes (GstCLContext * context,
    GstVideoInfo * info);

G_END_DECLS
