/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The fields of interlaced video as GstCLFilter processes them: one by
 * one, each as a progressive frame of its own.
 */
#pragma once

#include <gst/video/video.h>

G_BEGIN_DECLS

void gst_cl_field_info (const GstVideoInfo * info, GstVideoInfo * field);

gboolean gst_cl_holds_field_pairs (const GstVideoInfo * info);

gboolean gst_cl_splits_into_fields (const GstVideoInfo * info);

gboolean gst_cl_uses_field_frames (const GstVideoInfo * info, guint fields);

void gst_cl_field_view (const GstVideoFrame * frame, guint field,
    guint fields, GstVideoFrame * view);

guint gst_cl_buffer_fields (const GstVideoInfo * info, GstBuffer * buffer);

G_END_DECLS
