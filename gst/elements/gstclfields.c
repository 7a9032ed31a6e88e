/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclfields.h"

/* @info's geometry for one field, as a progressive frame: half the height
 * of a frame that holds two, or the field height of alternate caps. */
void
gst_cl_field_info (const GstVideoInfo * info, GstVideoInfo * field)
{
  GstVideoAlignment no_padding;

  *field = *info;
  field->interlace_mode = GST_VIDEO_INTERLACE_MODE_PROGRESSIVE;
  field->height = GST_VIDEO_INFO_INTERLACE_MODE (info) ==
      GST_VIDEO_INTERLACE_MODE_ALTERNATE ? GST_VIDEO_INFO_FIELD_HEIGHT (info) :
      info->height / 2;
  gst_video_alignment_reset (&no_padding);
  gst_video_info_align (field, &no_padding);
}

/* Whether frames of @info may hold two fields (interleaved lines). */
gboolean
gst_cl_holds_field_pairs (const GstVideoInfo * info)
{
  return GST_VIDEO_INFO_INTERLACE_MODE (info) ==
      GST_VIDEO_INTERLACE_MODE_INTERLEAVED
      || GST_VIDEO_INFO_INTERLACE_MODE (info) == GST_VIDEO_INTERLACE_MODE_MIXED;
}

/* Whether each field of a frame of @info is the same whole rows of every
 * plane: every plane's height must be even (for 4:2:0, the frame's height
 * a multiple of 4). */
gboolean
gst_cl_splits_into_fields (const GstVideoInfo * info)
{
  GstVideoInfo field;

  gst_cl_field_info (info, &field);
  for (guint c = 0; c < GST_VIDEO_INFO_N_COMPONENTS (info); c++)
    if (GST_VIDEO_INFO_COMP_HEIGHT (info, c) !=
        2 * GST_VIDEO_INFO_COMP_HEIGHT (&field, c))
      return FALSE;
  return TRUE;
}

/* Whether a buffer of @info's caps holding @fields fields (2 where they
 * are processed one by one) is processed with the geometry of a field:
 * those, and the single fields of alternate caps. */
gboolean
gst_cl_uses_field_frames (const GstVideoInfo * info, guint fields)
{
  return fields == 2 || GST_VIDEO_INFO_INTERLACE_MODE (info) ==
      GST_VIDEO_INTERLACE_MODE_ALTERNATE;
}

/* Field @field of the @fields in @frame as a frame of its own: every
 * plane from the field's first row on (field 0, the top field, has the
 * even rows), at @fields times the stride, and half the rows (fields are
 * split only where every plane's height is even). One field is the whole
 * frame. */
void
gst_cl_field_view (const GstVideoFrame * frame, guint field, guint fields,
    GstVideoFrame * view)
{
  *view = *frame;
  if (fields == 2) {
    view->info.height = frame->info.height / 2;
    view->info.interlace_mode = GST_VIDEO_INTERLACE_MODE_PROGRESSIVE;
  }
  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (frame); p++) {
    view->data[p] = (guint8 *) frame->data[p] +
        field * GST_VIDEO_FRAME_PLANE_STRIDE (frame, p);
    view->info.stride[p] = fields * GST_VIDEO_FRAME_PLANE_STRIDE (frame, p);
  }
}

/* Fields in @buffer, a frame of @info, to process one by one: two in an
 * interlaced frame (interleaved caps, or mixed caps and a buffer flagged
 * interlaced); one in a progressive frame, or in a buffer of alternate
 * caps, which holds a single field. */
guint
gst_cl_buffer_fields (const GstVideoInfo * info, GstBuffer * buffer)
{
  switch (GST_VIDEO_INFO_INTERLACE_MODE (info)) {
    case GST_VIDEO_INTERLACE_MODE_INTERLEAVED:
      return 2;
    case GST_VIDEO_INTERLACE_MODE_MIXED:
      return GST_BUFFER_FLAG_IS_SET (buffer,
          GST_VIDEO_BUFFER_FLAG_INTERLACED) ? 2 : 1;
    default:
      return 1;
  }
}
