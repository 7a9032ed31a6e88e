/* gst-opencl: copies between a plane of a frame in OpenCL memory (a
 * buffer) and an element's image of that plane.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Built with -DGST_CL_IMAGES for the plane's layout. The buffer side is
 * a plane as buffer kernels take it (pointer, pitch, offset), so any
 * layout is copied, fields of interlaced frames included, where
 * clEnqueueCopyBufferToImage takes rows only packed. Both directions are
 * exact: STORE and LOAD carry integer values unchanged.
 */

__kernel void
plane_from_buffer (__global const elem_t * src, int src_pitch,
    int src_offset, KERNEL_PLANE_OUT (dst), int w, int h)
{
  int x = get_global_id (0);
  int y = get_global_id (1);

  PLANE_START (dst);
  if (x >= w || y >= h)
    return;
  STORE (dst, x, y, BUF_LOAD (src + src_offset, y * src_pitch + x *
          CHANNELS));
}

__kernel void
plane_to_buffer (KERNEL_PLANE_IN (src), __global elem_t * dst,
    int dst_pitch, int dst_offset, int w, int h)
{
  int x = get_global_id (0);
  int y = get_global_id (1);

  PLANE_START (src);
  if (x >= w || y >= h)
    return;
  BUF_STORE (LOAD (src, x, y), dst + dst_offset, y * dst_pitch + x *
      CHANNELS);
}
