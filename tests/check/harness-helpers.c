/* gst-opencl: helpers of the element tests around GstHarness and
 * GstVideoFrame.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "harness-helpers.h"

#include <string.h>

/* The video info of @caps (transfer full); @what names them where it
 * fails. */
static GstVideoInfo
info_from_caps (GstCaps * caps, const gchar * what)
{
  GstVideoInfo info;

  fail_unless (caps != NULL, "%s: no caps", what);
  fail_unless (gst_video_info_from_caps (&info, caps),
      "%s: caps of no raw video", what);
  gst_caps_unref (caps);
  return info;
}

GstVideoInfo
hh_sink_info (GstHarness * h)
{
  return info_from_caps (gst_pad_get_current_caps (h->sinkpad), "output");
}

GstVideoInfo
hh_src_info (GstHarness * h)
{
  return info_from_caps (gst_pad_get_current_caps (h->srcpad), "input");
}

GstVideoInfo
hh_info_from_caps_string (const gchar * caps)
{
  return info_from_caps (gst_caps_from_string (caps), caps);
}

void
hh_map_sink_frame (GstHarness * h, GstBuffer * buffer, GstVideoFrame * frame)
{
  GstVideoInfo info = hh_sink_info (h);

  fail_unless (gst_video_frame_map (frame, &info, buffer, GST_MAP_READ));
}

gint
hh_plane_component (const GstVideoFormatInfo * finfo, guint plane)
{
  gint comp[GST_VIDEO_MAX_COMPONENTS];

  gst_video_format_info_component (finfo, plane, comp);
  return comp[0];
}

gsize
hh_padded_layout (const GstVideoInfo * info, guint row_padding,
    guint padding_step, gsize skew, gsize offset[GST_VIDEO_MAX_PLANES],
    gint stride[GST_VIDEO_MAX_PLANES])
{
  gsize end = 0;

  for (guint p = 0; p < GST_VIDEO_INFO_N_PLANES (info); p++) {
    gint comp = hh_plane_component (info->finfo, p);

    stride[p] = GST_VIDEO_INFO_PLANE_STRIDE (info, p) + row_padding +
        p * padding_step;
    offset[p] = end + skew;
    end = offset[p] + (gsize) stride[p] * GST_VIDEO_INFO_COMP_HEIGHT (info,
        comp);
  }
  return end;
}

GstBuffer *
hh_padded_buffer (const GstVideoInfo * info, guint row_padding,
    guint padding_step, gsize skew, guint8 fill)
{
  gsize offset[GST_VIDEO_MAX_PLANES];
  gint stride[GST_VIDEO_MAX_PLANES];
  gsize size = hh_padded_layout (info, row_padding, padding_step, skew,
      offset, stride);
  GstBuffer *buffer = gst_buffer_new_allocate (NULL, size, NULL);

  fail_unless_equals_uint64 (gst_buffer_memset (buffer, 0, fill, size), size);
  gst_buffer_add_video_meta_full (buffer, GST_VIDEO_FRAME_FLAG_NONE,
      GST_VIDEO_INFO_FORMAT (info), GST_VIDEO_INFO_WIDTH (info),
      GST_VIDEO_INFO_HEIGHT (info), GST_VIDEO_INFO_N_PLANES (info), offset,
      stride);
  return buffer;
}

void
hh_copy_pixels (const GstVideoInfo * info, GstBuffer * from, GstBuffer * to)
{
  GstVideoFrame src, dst;

  fail_unless (gst_video_frame_map (&src, info, from, GST_MAP_READ));
  fail_unless (gst_video_frame_map (&dst, info, to, GST_MAP_WRITE));
  fail_unless (gst_video_frame_copy (&dst, &src));
  gst_video_frame_unmap (&dst);
  gst_video_frame_unmap (&src);
}

GstBuffer *
hh_random_bytes (const GstVideoInfo * info, guint32 seed)
{
  GstBuffer *buffer = gst_buffer_new_allocate (NULL,
      GST_VIDEO_INFO_SIZE (info), NULL);
  GRand *rand = g_rand_new_with_seed (seed);
  GstMapInfo map;

  fail_unless (gst_buffer_map (buffer, &map, GST_MAP_WRITE));
  for (gsize i = 0; i < map.size; i++)
    map.data[i] = g_rand_int (rand) & 0xff;
  gst_buffer_unmap (buffer, &map);
  g_rand_free (rand);
  return buffer;
}

gboolean
hh_frames_equal (const GstVideoFrame * a, const GstVideoFrame * b,
    guint * plane, gint * row, gint * byte)
{
  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (a); p++) {
    gint comp = hh_plane_component (a->info.finfo, p);
    gsize row_bytes = (gsize) GST_VIDEO_FRAME_COMP_WIDTH (a, comp) *
        GST_VIDEO_FRAME_COMP_PSTRIDE (a, comp);

    for (gint y = 0; y < GST_VIDEO_FRAME_COMP_HEIGHT (a, comp); y++) {
      const guint8 *ra = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (a, p) +
          (gsize) y * GST_VIDEO_FRAME_PLANE_STRIDE (a, p);
      const guint8 *rb = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (b, p) +
          (gsize) y * GST_VIDEO_FRAME_PLANE_STRIDE (b, p);

      if (memcmp (ra, rb, row_bytes) == 0)
        continue;
      for (gsize i = 0; i < row_bytes; i++)
        if (ra[i] != rb[i]) {
          if (plane)
            *plane = p;
          if (row)
            *row = y;
          if (byte)
            *byte = i;
          return FALSE;
        }
    }
  }
  return TRUE;
}
