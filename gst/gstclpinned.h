/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GstCLPinnedAllocator: host memory the device can reach by DMA (a mapped
 * CL_MEM_ALLOC_HOST_PTR buffer, which drivers such as NVIDIA's pin), so
 * that frames move between host and device at the bus's speed rather than
 * through the driver's staging copies.
 */
#pragma once

#include <gst/gst.h>

#include "gstclcontext.h"

G_BEGIN_DECLS

#define GST_TYPE_CL_PINNED_ALLOCATOR (gst_cl_pinned_allocator_get_type ())
G_DECLARE_FINAL_TYPE (GstCLPinnedAllocator, gst_cl_pinned_allocator, GST,
    CL_PINNED_ALLOCATOR, GstAllocator)

GstAllocator *gst_cl_pinned_allocator_new (GstCLContext * context);

GstBufferPool *gst_cl_pinned_pool_new (GstAllocator * allocator,
    GstCaps * caps, guint min_buffers);

G_END_DECLS
