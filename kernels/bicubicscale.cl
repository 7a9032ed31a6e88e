/* gst-opencl: clbicubicscale's kernels.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Emulated path: two separable passes over per-axis tables computed on the
 * host, one row of `taps` weights and a first tap index per output column
 * (or row). With taps = 4 and the (B, C) weights these are the 4x4 taps and
 * weights of cl_qcom_filter_bicubic; for an antialiased downscale the host
 * widens the kernel by the scale factor. Tap indices are clamped to the
 * plane, which replicates the edges.
 *
 * The output may be letterboxed: only the rectangle (rect_x, rect_y,
 * tmp_w x rect_h) receives the picture, the rest the border colour.
 */

__kernel void
scale_rows (PLANE_IN (src), int src_w, int src_h,
    __global float *tmp, int tmp_w,
    __global const int *starts, __global const float *weights, int taps)
{
  int x = get_global_id (0);
  int y = get_global_id (1);

  if (x >= tmp_w || y >= src_h)
    return;

  int first = starts[x];
  __global const float *w = weights + x * taps;
  pix_t acc = 0.0f;

  for (int k = 0; k < taps; k++)
    acc += w[k] * LOAD (src, clamp (first + k, 0, src_w - 1), y);
  VSTORE_F (acc, tmp, y * tmp_w + x);
}

__kernel void
scale_columns (__global const float *tmp, int tmp_w, int tmp_h,
    PLANE_OUT (dst), int dst_w, int dst_h, int rect_x, int rect_y, int rect_h,
    __global const int *starts, __global const float *weights, int taps,
    float4 border)
{
  int x = get_global_id (0);
  int y = get_global_id (1);

  if (x >= dst_w || y >= dst_h)
    return;

  int rx = x - rect_x;
  int ry = y - rect_y;

  if (rx < 0 || rx >= tmp_w || ry < 0 || ry >= rect_h) {
    STORE (dst, x, y, PIX_FROM_F4 (border));
    return;
  }

  int first = starts[ry];
  __global const float *w = weights + ry * taps;
  pix_t acc = 0.0f;

  for (int k = 0; k < taps; k++)
    acc += w[k] * VLOAD_F (tmp, clamp (first + k, 0, tmp_h - 1) * tmp_w + rx);
  STORE (dst, x, y, acc);
}

#ifdef GST_CL_NATIVE_BICUBIC
#pragma OPENCL EXTENSION cl_qcom_filter_bicubic : enable

/* Native path: one read through a CL_FILTER_BICUBIC_QCOM sampler
 * (unnormalised coordinates, clamp to edge), pixel centres at +0.5. */
__kernel void
scale_native (PLANE_IN (src), int src_w, int src_h,
    PLANE_OUT (dst), int dst_w, int dst_h,
    int rect_x, int rect_y, int rect_w, int rect_h, float4 border,
    sampler_t bicubic)
{
  int x = get_global_id (0);
  int y = get_global_id (1);

  if (x >= dst_w || y >= dst_h)
    return;

  int rx = x - rect_x;
  int ry = y - rect_y;

  if (rx < 0 || rx >= rect_w || ry < 0 || ry >= rect_h) {
    STORE (dst, x, y, PIX_FROM_F4 (border));
    return;
  }

  float2 pos = (float2) ((rx + 0.5f) * src_w / rect_w,
      (ry + 0.5f) * src_h / rect_h);
  STORE (dst, x, y, PIX_FROM_F4 (read_imagef (src, bicubic, pos)) * ELEM_MAX);
}
#endif
