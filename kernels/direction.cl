/* gst-opencl: clrotate's fixed directions (video-direction).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The identity, the turns by quarters and the flips move pixels and make
 * none: output pixel (x, y) of a plane is its input pixel
 *
 *   (origin_x + xx * x + xy * y, origin_y + yx * x + yy * y)
 *
 * with each of xx, xy, yx, yy 0 or +-1, set per plane by the planner
 * (gstclrotateplan.c) from the input plane's own size. A buffer's pixel is
 * copied as it is, all its channels at once; an image's goes through LOAD
 * and STORE, which carry integer values unchanged. Work-items outside the
 * output plane do nothing. A source outside the input plane, which the
 * planner never asks for (it could only come of frames whose size does not
 * fit the direction, for a frame while a change renegotiates), is clamped
 * to its edge: every output pixel is written, and nothing outside the
 * input read.
 */

__kernel void
direction_frame (KERNEL_PLANE_IN (src), int src_w, int src_h,
    KERNEL_PLANE_OUT (dst), int dst_w, int dst_h, int origin_x,
    int origin_y, int xx, int xy, int yx, int yy)
{
  PLANE_START (src);
  PLANE_START (dst);
  int x = get_global_id (0);
  int y = get_global_id (1);

  if (x >= dst_w || y >= dst_h)
    return;

  int sx = clamp (origin_x + xx * x + xy * y, 0, src_w - 1);
  int sy = clamp (origin_y + yx * x + yy * y, 0, src_h - 1);

#ifdef GST_CL_IMAGES
  STORE (dst, x, y, LOAD (src, sx, sy));
#else
  BUF_PIXEL (dst, PIXEL_INDEX (dst, x, y)) =
      BUF_PIXEL (src, PIXEL_INDEX (src, sx, sy));
#endif
}
