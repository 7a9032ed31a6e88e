/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What an element with a video-direction needs of GStreamer's
 * orientation conventions: the direction the image-orientation tags give
 * a stream, as videoflip (GStreamer 1.24) reads them, and the caps of a
 * direction that swaps the width and the height.
 */
#pragma once

#include <gst/video/video.h>

G_BEGIN_DECLS

/* The direction of a stream's image-orientation tags. Not locked: its
 * element holds its object lock around each call. */
typedef struct
{
  /* the tags' direction (identity where they give none) */
  GstVideoOrientationMethod direction;
  /* the global tags', and whether a stream tag gave one (it outranks the
   * global tags) */
  GstVideoOrientationMethod global_direction;
  gboolean from_stream;
  gchar *stream_id;             /* the stream they came in */
} GstCLOrientationTags;

void gst_cl_orientation_tags_init (GstCLOrientationTags * tags);

void gst_cl_orientation_tags_clear (GstCLOrientationTags * tags);

gboolean gst_cl_orientation_tags_take (GstCLOrientationTags * tags,
    const GstTagList * list);

gboolean gst_cl_orientation_tags_start_stream (GstCLOrientationTags * tags,
    const gchar * stream_id);

void gst_cl_orientation_tags_forget_stream (GstCLOrientationTags * tags);

GstEvent *gst_cl_orientation_upright_tag (GstEvent * event);

GstCaps *gst_cl_orientation_transposed_caps (GstCaps * caps);

G_END_DECLS
