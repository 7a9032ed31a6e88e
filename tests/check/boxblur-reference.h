/* gst-opencl: clboxblur's integer reference, and frames of test values
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The exact box blur written with plain loops: for every output the sum
 * of the window clipped to the plane, and (2 * sum + count) / (2 * count)
 * in 64-bit integers; frames of random values, in and out of buffers.
 * Shared by clboxblur's tests.
 */
#pragma once

#include <gst/video/video.h>

G_BEGIN_DECLS

/* One plane's values, channels interleaved. */
typedef struct
{
  gint width;
  gint height;
  gint channels;
  guint16 *v;
} Plane;

typedef struct
{
  GstVideoInfo info;
  guint n_planes;
  Plane planes[GST_VIDEO_MAX_PLANES];
  guint w_sub[GST_VIDEO_MAX_PLANES];
  guint h_sub[GST_VIDEO_MAX_PLANES];
  guint max_value;
} Frame;

typedef enum
{
  FILL_RANDOM,                  /* uniform over 0 .. max */
  FILL_HIGH,                    /* max - (0 .. 3): window sums near the limit */
} Fill;

guint16 *plane_at (const Plane * plane, gint x, gint y);

void plane_alloc (Plane * plane, gint width, gint height, gint channels);

void brute_force_blur (const Plane * src, gint rx, gint ry, Plane * dst);

void reference_blur (const Plane * src, gint rx, gint ry, Plane * dst);

void frame_clear (Frame * frame);

void frame_layout (Frame * frame, GstVideoFormat format, gint width,
    gint height);

void frame_fill (Frame * frame, Fill fill, guint32 seed);

void frame_new (Frame * frame, GstVideoFormat format, gint width, gint height,
    Fill fill, guint32 seed);

gint plane_radius (gint radius, guint sub);

void frame_reference (const Frame * src, gint rx, gint ry, guint passes,
    Frame * dst);

gsize sample_bytes (const Frame * frame);

GstBuffer *frame_to_buffer (const Frame * frame, guint padding);

void buffer_to_frame (GstBuffer * buffer, const Frame * like, Frame * frame);

void assert_frames_equal (const Frame * got, const Frame * want,
    const gchar * what);

G_END_DECLS
