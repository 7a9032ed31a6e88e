/* gst-opencl: helpers of the element tests around GstHarness and
 * GstVideoFrame: the caps a harness negotiated as a GstVideoInfo, frames
 * laid out with padded rows, and frames compared byte for byte.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

G_BEGIN_DECLS

/* The caps on @h's sink pad (what the element gives) and on its source pad
 * (what it is fed), as video info; fails where they are not negotiated. */
GstVideoInfo hh_sink_info (GstHarness * h);
GstVideoInfo hh_src_info (GstHarness * h);

/* The video info of the caps @caps describes. */
GstVideoInfo hh_info_from_caps_string (const gchar * caps);

/* Maps @buffer for reading into @frame, with the caps on @h's sink pad. */
void hh_map_sink_frame (GstHarness * h, GstBuffer * buffer,
    GstVideoFrame * frame);

/* The first component stored in @plane, which describes its pixels. */
gint hh_plane_component (const GstVideoFormatInfo * finfo, guint plane);

/* Frames of @info laid out with rows @row_padding + p x @padding_step bytes
 * longer than @info's in plane p, each plane @skew bytes after the end of
 * the one before (the first @skew bytes into the buffer): each plane's
 * offset and stride in @offset and @stride; returns the size. */
gsize hh_padded_layout (const GstVideoInfo * info, guint row_padding,
    guint padding_step, gsize skew, gsize offset[GST_VIDEO_MAX_PLANES],
    gint stride[GST_VIDEO_MAX_PLANES]);

/* A frame of @info in system memory laid out as hh_padded_layout() says,
 * as its video meta says; every byte is @fill. */
GstBuffer *hh_padded_buffer (const GstVideoInfo * info, guint row_padding,
    guint padding_step, gsize skew, guint8 fill);

/* Copies the pixels of @from into @to, frames of @info (each laid out as
 * its video meta says). */
void hh_copy_pixels (const GstVideoInfo * info, GstBuffer * from,
    GstBuffer * to);

/* A frame of @info of random bytes from @seed, every byte of the buffer
 * (padding included). */
GstBuffer *hh_random_bytes (const GstVideoInfo * info, guint32 seed);

/* Whether every visible byte of @a is @b's, plane by plane and row by row
 * (row padding is no part of the picture), frames of one format and size;
 * where not, the first that differs: its plane, row and byte in the row
 * (each out argument may be NULL). */
gboolean hh_frames_equal (const GstVideoFrame * a, const GstVideoFrame * b,
    guint * plane, gint * row, gint * byte);

G_END_DECLS
