/* gst-opencl: clboxblur's integer reference, and frames of test values
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <gst/check/gstcheck.h>

#include <string.h>

#include "boxblur-reference.h"

guint16 *
plane_at (const Plane * plane, gint x, gint y)
{
  return plane->v + ((gsize) y * plane->width + x) * plane->channels;
}

void
plane_alloc (Plane * plane, gint width, gint height, gint channels)
{
  plane->width = width;
  plane->height = height;
  plane->channels = channels;
  plane->v = g_new0 (guint16, (gsize) width * height * channels);
}

/* The plain definition, O(window) per pixel: the check on the reference. */
void
brute_force_blur (const Plane * src, gint rx, gint ry, Plane * dst)
{
  plane_alloc (dst, src->width, src->height, src->channels);
  for (gint y = 0; y < src->height; y++)
    for (gint x = 0; x < src->width; x++)
      for (gint c = 0; c < src->channels; c++) {
        guint64 sum = 0, count = 0;

        for (gint j = MAX (y - ry, 0); j <= MIN (y + ry, src->height - 1); j++)
          for (gint i = MAX (x - rx, 0); i <= MIN (x + rx, src->width - 1); i++) {
            sum += plane_at (src, i, j)[c];
            count++;
          }
        plane_at (dst, x, y)[c] = (2 * sum + count) / (2 * count);
      }
}

/* The reference: the same sums from a 64-bit summed-area table, so that
 * 8192x8192 frames take seconds. */
void
reference_blur (const Plane * src, gint rx, gint ry, Plane * dst)
{
  gint w = src->width, h = src->height;
  gsize sw = w + 1;
  guint64 *sat = g_new0 (guint64, sw * (h + 1));

  plane_alloc (dst, w, h, src->channels);
  for (gint c = 0; c < src->channels; c++) {
    for (gint y = 0; y < h; y++)
      for (gint x = 0; x < w; x++)
        sat[(y + 1) * sw + x + 1] = plane_at (src, x, y)[c]
            + sat[y * sw + x + 1] + sat[(y + 1) * sw + x] - sat[y * sw + x];
    for (gint y = 0; y < h; y++)
      for (gint x = 0; x < w; x++) {
        gint x0 = MAX (x - rx, 0), x1 = MIN (x + rx, w - 1) + 1;
        gint y0 = MAX (y - ry, 0), y1 = MIN (y + ry, h - 1) + 1;
        guint64 sum = sat[y1 * sw + x1] - sat[y0 * sw + x1]
            - sat[y1 * sw + x0] + sat[y0 * sw + x0];
        guint64 count = (guint64) (x1 - x0) * (y1 - y0);

        plane_at (dst, x, y)[c] = (2 * sum + count) / (2 * count);
      }
  }
  g_free (sat);
}

void
frame_clear (Frame * frame)
{
  for (guint p = 0; p < frame->n_planes; p++)
    g_free (frame->planes[p].v);
  frame->n_planes = 0;
}

/* The first component stored in plane @p. */
static guint
plane_comp (const GstVideoInfo * info, guint p)
{
  for (guint c = 0; c < GST_VIDEO_INFO_N_COMPONENTS (info); c++)
    if (GST_VIDEO_INFO_COMP_PLANE (info, c) == p)
      return c;
  return 0;
}

void
frame_layout (Frame * frame, GstVideoFormat format, gint width, gint height)
{
  GstVideoInfo *info = &frame->info;

  gst_video_info_set_format (info, format, width, height);
  frame->n_planes = GST_VIDEO_INFO_N_PLANES (info);
  frame->max_value = GST_VIDEO_INFO_COMP_DEPTH (info, 0) > 8 ? 65535 : 255;
  for (guint p = 0; p < frame->n_planes; p++) {
    guint comp = plane_comp (info, p);
    gint bytes = frame->max_value > 255 ? 2 : 1;

    plane_alloc (&frame->planes[p], GST_VIDEO_INFO_COMP_WIDTH (info, comp),
        GST_VIDEO_INFO_COMP_HEIGHT (info, comp),
        GST_VIDEO_INFO_COMP_PSTRIDE (info, comp) / bytes);
    frame->w_sub[p] = GST_VIDEO_FORMAT_INFO_W_SUB (info->finfo, comp);
    frame->h_sub[p] = GST_VIDEO_FORMAT_INFO_H_SUB (info->finfo, comp);
  }
}

void
frame_fill (Frame * frame, Fill fill, guint32 seed)
{
  GRand *rand = g_rand_new_with_seed (seed);

  for (guint p = 0; p < frame->n_planes; p++) {
    Plane *plane = &frame->planes[p];
    gsize n = (gsize) plane->width * plane->height * plane->channels;

    for (gsize i = 0; i < n; i++)
      plane->v[i] = fill == FILL_HIGH ?
          frame->max_value - g_rand_int_range (rand, 0, 4) :
          (guint) g_rand_int_range (rand, 0, frame->max_value + 1);
  }
  g_rand_free (rand);
}

void
frame_new (Frame * frame, GstVideoFormat format, gint width, gint height,
    Fill fill, guint32 seed)
{
  frame_layout (frame, format, width, height);
  frame_fill (frame, fill, seed);
}

/* The chroma radius the element documents: r / 2^sub rounded, halves up. */
gint
plane_radius (gint radius, guint sub)
{
  return sub == 0 ? radius : (radius + 1) / 2;
}

/* @passes times the reference, on every plane. */
void
frame_reference (const Frame * src, gint rx, gint ry, guint passes, Frame * dst)
{
  *dst = *src;
  for (guint p = 0; p < src->n_planes; p++) {
    const Plane *from = &src->planes[p];

    for (guint pass = 0; pass < passes; pass++) {
      Plane out;

      reference_blur (from, plane_radius (rx, src->w_sub[p]),
          plane_radius (ry, src->h_sub[p]), &out);
      if (pass > 0)
        g_free (from->v);
      dst->planes[p] = out;
      from = &dst->planes[p];
    }
  }
}

gsize
sample_bytes (const Frame * frame)
{
  return frame->max_value > 255 ? 2 : 1;
}

/* A buffer holding @frame; @padding extra bytes at the end of each row,
 * described by a GstVideoMeta. */
GstBuffer *
frame_to_buffer (const Frame * frame, guint padding)
{
  GstVideoInfo info = frame->info;
  GstBuffer *buffer;
  GstVideoFrame vframe;

  if (padding) {
    gsize offset = 0;

    for (guint p = 0; p < frame->n_planes; p++) {
      const Plane *plane = &frame->planes[p];

      info.stride[p] = GST_ROUND_UP_4 (plane->width * plane->channels *
          sample_bytes (frame) + padding);
      info.offset[p] = offset;
      offset += (gsize) info.stride[p] * plane->height;
    }
    info.size = offset;
  }
  buffer = gst_buffer_new_allocate (NULL, info.size, NULL);
  if (padding)
    gst_buffer_add_video_meta_full (buffer, GST_VIDEO_FRAME_FLAG_NONE,
        GST_VIDEO_INFO_FORMAT (&info), info.width, info.height,
        info.finfo->n_planes, info.offset, info.stride);

  fail_unless (gst_video_frame_map (&vframe, &info, buffer, GST_MAP_WRITE));
  for (guint p = 0; p < frame->n_planes; p++) {
    const Plane *plane = &frame->planes[p];
    guint8 *data = GST_VIDEO_FRAME_PLANE_DATA (&vframe, p);
    gint stride = GST_VIDEO_FRAME_PLANE_STRIDE (&vframe, p);
    gsize n = (gsize) plane->width * plane->channels;

    memset (data, 0xa5, (gsize) stride * plane->height);
    for (gint y = 0; y < plane->height; y++)
      for (gsize i = 0; i < n; i++) {
        guint16 v = plane->v[y * n + i];

        if (sample_bytes (frame) == 2)
          GST_WRITE_UINT16_LE (data + y * stride + 2 * i, v);
        else
          data[y * stride + i] = v;
      }
  }
  gst_video_frame_unmap (&vframe);
  return buffer;
}

void
buffer_to_frame (GstBuffer * buffer, const Frame * like, Frame * frame)
{
  GstVideoFrame vframe;

  frame_layout (frame, GST_VIDEO_INFO_FORMAT (&like->info),
      like->info.width, like->info.height);
  fail_unless (gst_video_frame_map (&vframe, &frame->info, buffer,
          GST_MAP_READ));
  for (guint p = 0; p < frame->n_planes; p++) {
    Plane *plane = &frame->planes[p];
    const guint8 *data = GST_VIDEO_FRAME_PLANE_DATA (&vframe, p);
    gint stride = GST_VIDEO_FRAME_PLANE_STRIDE (&vframe, p);
    gsize n = (gsize) plane->width * plane->channels;

    for (gint y = 0; y < plane->height; y++)
      for (gsize i = 0; i < n; i++)
        plane->v[y * n + i] = sample_bytes (frame) == 2 ?
            GST_READ_UINT16_LE (data + y * stride + 2 * i) :
            data[y * stride + i];
  }
  gst_video_frame_unmap (&vframe);
}

/* Fails at the first differing sample, naming where. */
void
assert_frames_equal (const Frame * got, const Frame * want, const gchar * what)
{
  for (guint p = 0; p < want->n_planes; p++) {
    const Plane *g = &got->planes[p], *w = &want->planes[p];

    for (gint y = 0; y < w->height; y++)
      for (gint x = 0; x < w->width; x++)
        for (gint c = 0; c < w->channels; c++)
          if (G_UNLIKELY (plane_at (g, x, y)[c] != plane_at (w, x, y)[c]))
            fail ("%s: plane %u, x %d, y %d, channel %d: got %u, want %u",
                what, p, x, y, c, plane_at (g, x, y)[c], plane_at (w, x, y)[c]);
  }
}
