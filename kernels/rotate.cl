/* gst-opencl: clrotate's kernel.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Inverse mapping, per output pixel: src = M (dst - dst_pivot) + src_pivot,
 * in continuous coordinates where pixel i covers [i, i + 1) and has its
 * centre at i + 0.5. M is the rotation [cos -sin; sin cos] done in display
 * units (the host folds in the pixel aspect ratios and the plane's
 * subsampling). A positive angle turns the picture counter-clockwise on
 * screen (y points down).
 *
 * -DMETHOD selects the sampling: 0 nearest, 1 bilinear, 2 bicubic (the
 * (B, C) cubic, taps placed as cl_qcom_filter_bicubic places them).
 * Interpolating methods sample with clamp-to-edge taps and fade to the
 * background over the half pixel either side of the source's edge, so the
 * edges are smooth and the background is written by the kernel, never by a
 * sampler's border colour. Nearest has hard edges.
 */

#define METHOD_NEAREST 0
#define METHOD_BILINEAR 1
#define METHOD_BICUBIC 2

#define FETCH(x, y) \
    LOAD (src, clamp (x, 0, src_w - 1), clamp (y, 0, src_h - 1))

#if METHOD == METHOD_BICUBIC && !defined(GST_CL_NATIVE_BICUBIC)
/* k(x) of the (B, C) family, for |x| < 2. */
static float
cubic_k (float x, float b, float c)
{
  x = fabs (x);
  if (x < 1.0f)
    return ((12.0f - 9.0f * b - 6.0f * c) * x * x * x
        + (-18.0f + 12.0f * b + 6.0f * c) * x * x + (6.0f - 2.0f * b)) / 6.0f;
  return ((-b - 6.0f * c) * x * x * x + (6.0f * b + 30.0f * c) * x * x
      + (-12.0f * b - 48.0f * c) * x + (8.0f * b + 24.0f * c)) / 6.0f;
}

/* The weights of taps floor - 1 .. floor + 2 at fraction a. */
static float4
cubic_weights (float a, float2 bc)
{
  return (float4) (cubic_k (1.0f + a, bc.x, bc.y), cubic_k (a, bc.x, bc.y),
      cubic_k (1.0f - a, bc.x, bc.y), cubic_k (2.0f - a, bc.x, bc.y));
}
#endif

__kernel void
rotate_frame (PLANE_IN (src), int src_w, int src_h,
    PLANE_OUT (dst), int dst_w, int dst_h,
    float4 matrix, float4 pivots, float2 bc, float4 background
#ifdef GST_CL_NATIVE_BICUBIC
    , sampler_t bicubic
#endif
    )
{
  int x = get_global_id (0);
  int y = get_global_id (1);

  if (x >= dst_w || y >= dst_h)
    return;

  float dx = x + 0.5f - pivots.x;
  float dy = y + 0.5f - pivots.y;
  float sx = matrix.x * dx + matrix.y * dy + pivots.z;
  float sy = matrix.z * dx + matrix.w * dy + pivots.w;
  pix_t bg = PIX_FROM_F4 (background);

#if METHOD == METHOD_NEAREST
  int ix = (int) floor (sx);
  int iy = (int) floor (sy);

  if (ix < 0 || iy < 0 || ix >= src_w || iy >= src_h)
    STORE (dst, x, y, bg);
  else
    STORE (dst, x, y, LOAD (src, ix, iy));
#else
  float coverage = clamp (min (sx, src_w - sx) + 0.5f, 0.0f, 1.0f) *
      clamp (min (sy, src_h - sy) + 0.5f, 0.0f, 1.0f);

  if (coverage <= 0.0f) {
    STORE (dst, x, y, bg);
    return;
  }

  pix_t v;
#if METHOD == METHOD_BILINEAR
  float fx = sx - 0.5f;
  float fy = sy - 0.5f;
  int x0 = (int) floor (fx);
  int y0 = (int) floor (fy);
  float a = fx - x0;
  float b = fy - y0;
  pix_t top = FETCH (x0, y0) + (FETCH (x0 + 1, y0) - FETCH (x0, y0)) * a;
  pix_t bottom = FETCH (x0, y0 + 1) +
      (FETCH (x0 + 1, y0 + 1) - FETCH (x0, y0 + 1)) * a;
  v = top + (bottom - top) * b;
#elif defined(GST_CL_NATIVE_BICUBIC)
  v = PIX_FROM_F4 (read_imagef (src, bicubic, (float2) (sx, sy))) * ELEM_MAX;
#else
  int x0 = (int) floor (sx - 1.5f);
  int y0 = (int) floor (sy - 1.5f);
  float4 wx = cubic_weights ((sx - 0.5f) - floor (sx - 0.5f), bc);
  float4 wy = cubic_weights ((sy - 0.5f) - floor (sy - 0.5f), bc);
  float wxs[4] = { wx.x, wx.y, wx.z, wx.w };
  float wys[4] = { wy.x, wy.y, wy.z, wy.w };

  v = 0.0f;
  for (int j = 0; j < 4; j++) {
    pix_t row = 0.0f;
    for (int i = 0; i < 4; i++)
      row += wxs[i] * FETCH (x0 + i, y0 + j);
    v += wys[j] * row;
  }
#endif
  STORE (dst, x, y, bg + (v - bg) * coverage);
#endif
}
