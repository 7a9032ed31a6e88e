/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Whole video frames copied between two buffers, in system memory or in
 * OpenCL memory, and the check that every path mapping a frame for a copy
 * makes first: that the buffer holds the frame its caps and video meta
 * describe (gst_video_frame_map() checks neither). A buffer with a
 * GstVideoCropMeta holds the frame of its caps in the region the meta
 * marks (gst_cl_buffer_get_crop()).
 */
#pragma once

#include "gstcl-prelude.h"

#include <gst/video/video.h>

#include "gstclcontext.h"
#include "gstclpinned.h"

G_BEGIN_DECLS

GST_CL_API
gboolean gst_cl_buffer_check_frame (GstBuffer * buffer,
    const GstVideoInfo * info, const gchar * what, GError ** error);

GST_CL_API
gboolean gst_cl_buffer_get_crop (GstBuffer * buffer,
    const GstVideoInfo * info, const gchar * what, GstVideoRectangle * crop,
    GError ** error);

GST_CL_API
gsize gst_cl_crop_plane_offset (const GstVideoInfo * info,
    const GstVideoRectangle * crop, guint plane, gsize stride);

GST_CL_API
void gst_cl_video_frame_crop (const GstVideoFrame * frame,
    const GstVideoRectangle * crop, GstVideoFrame * view);

GST_CL_API
gboolean gst_cl_video_frame_map (GstVideoFrame * frame,
    const GstVideoInfo * info, GstBuffer * buffer, GstMapFlags flags,
    const gchar * what, GError ** error);

GST_CL_API
void gst_cl_video_frame_clear_padding (GstVideoFrame * frame);

GST_CL_API
gboolean gst_cl_copy_frame (GstCLContext * context, GstCLStaging ** staging,
    const GstVideoInfo * info, GstBuffer * inbuf, GstBuffer * outbuf,
    GError ** error);

GST_CL_API
gboolean gst_cl_buffer_write_frame (GstBuffer * buffer,
    const GstVideoFrame * frame, GError ** error);

GST_CL_API
gboolean gst_cl_buffer_read_frame (GstBuffer * buffer, GstVideoFrame * frame,
    GError ** error);

G_END_DECLS
