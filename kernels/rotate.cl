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
 *
 * With -DGST_CL_VECTORS (buffers on CPU devices) a work-item makes the
 * VECTOR_VALUES / CHANNELS pixels that fill VECTOR_VALUES channel values, in vector code;
 * otherwise one pixel.
 */

#define METHOD_NEAREST 0
#define METHOD_BILINEAR 1
#define METHOD_BICUBIC 2

/* The two pieces of k(x) of the (B, C) family, for 0 <= x < 1 and
 * 1 <= x < 2, on scalars or vectors. */
#define CUBIC_NEAR(x, b, c) ((((12.0f - 9.0f * (b) - 6.0f * (c)) * (x) \
        + (-18.0f + 12.0f * (b) + 6.0f * (c))) * (x) * (x) \
        + (6.0f - 2.0f * (b))) / 6.0f)
#define CUBIC_FAR(x, b, c) (((((-(b) - 6.0f * (c)) * (x) \
        + (6.0f * (b) + 30.0f * (c))) * (x) \
        + (-12.0f * (b) - 48.0f * (c))) * (x) + (8.0f * (b) + 24.0f * (c))) \
        / 6.0f)

#define FETCH(x, y) \
    LOAD (src, clamp (x, 0, src_w - 1), clamp (y, 0, src_h - 1))

#if METHOD == METHOD_BICUBIC && !defined(GST_CL_NATIVE_BICUBIC)
static float
cubic_k (float x, float2 bc)
{
  x = fabs (x);
  return x < 1.0f ? CUBIC_NEAR (x, bc.x, bc.y) : CUBIC_FAR (x, bc.x, bc.y);
}
#endif

/* How much of the output pixel at source point (sx, sy) the source
 * covers: 1 inside, 0 half a pixel outside its edge and beyond. */
#define COVERAGE(sx, sy) \
    (clamp (min (sx, src_w - (sx)) + 0.5f, 0.0f, 1.0f) * \
        clamp (min (sy, src_h - (sy)) + 0.5f, 0.0f, 1.0f))

/* The output value at source point (sx, sy). */
static pix_t
rotate_pixel (PLANE_IN (src), int src_w, int src_h, float sx, float sy,
    float2 bc, pix_t bg
#ifdef GST_CL_NATIVE_BICUBIC
    , sampler_t bicubic
#endif
    )
{
#if METHOD == METHOD_NEAREST
  int ix = (int) floor (sx);
  int iy = (int) floor (sy);

  if (ix < 0 || iy < 0 || ix >= src_w || iy >= src_h)
    return bg;
  return LOAD (src, ix, iy);
#else
  float coverage = COVERAGE (sx, sy);
  pix_t v;

  if (coverage <= 0.0f)
    return bg;
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
  float a = (sx - 0.5f) - floor (sx - 0.5f);
  float b = (sy - 0.5f) - floor (sy - 0.5f);

  v = 0.0f;
  for (int j = 0; j < 4; j++) {
    pix_t row = 0.0f;
    for (int i = 0; i < 4; i++)
      row += cubic_k (i - 1 - a, bc) * FETCH (x0 + i, y0 + j);
    v += cubic_k (j - 1 - b, bc) * row;
  }
#endif
  return bg + (v - bg) * coverage;
#endif
}

#ifdef GST_CL_NATIVE_BICUBIC
#define ROTATE_PIXEL(sx, sy) \
    rotate_pixel (src, src_pitch, src_w, src_h, sx, sy, bc, bg, bicubic)
#else
#define ROTATE_PIXEL(sx, sy) \
    rotate_pixel (src, src_pitch, src_w, src_h, sx, sy, bc, bg)
#endif

#ifndef GST_CL_VECTORS

__kernel void
rotate_frame (KERNEL_PLANE_IN (src), int src_w, int src_h,
    KERNEL_PLANE_OUT (dst), int dst_w, int dst_h,
    float4 matrix, float4 pivots, float2 bc, float4 background
#ifdef GST_CL_NATIVE_BICUBIC
    , sampler_t bicubic
#endif
    )
{
  PLANE_START (src);
  PLANE_START (dst);
  int x = get_global_id (0);
  int y = get_global_id (1);

  if (x >= dst_w || y >= dst_h)
    return;

  float dx = x + 0.5f - pivots.x;
  float dy = y + 0.5f - pivots.y;
  pix_t bg = PIX_FROM_F4 (background);

  STORE (dst, x, y, ROTATE_PIXEL (matrix.x * dx + matrix.y * dy + pivots.z,
          matrix.z * dx + matrix.w * dy + pivots.w));
}

#else

/* PIXELS pixels a work-item, with vectors of one lane a pixel (vec_t,
 * ivec_t) and of one lane a channel value (float16): SPREAD copies each
 * pixel's lane over its channels, GATHER loads the pixels at (xs, ys). */
#if CHANNELS == 4
#define PIXELS 4
typedef float4 vec_t;
typedef int4 ivec_t;
#define IOTA ((float4) (0, 1, 2, 3))
#define TO_FLOAT convert_float4
#define TO_INT convert_int4
#define SPREAD(v) ((v).s0000111122223333)
#define BROADCAST(c) ((float16) ((c), (c), (c), (c)))
#define PX(x, y) convert_float4 (vload4 (0, src + (y) * src_pitch + (x) * 4))
#define GATHER(xs, ys) (float16) (PX (xs.s0, ys.s0), PX (xs.s1, ys.s1), \
        PX (xs.s2, ys.s2), PX (xs.s3, ys.s3))
#elif CHANNELS == 2
#define PIXELS 8
typedef float8 vec_t;
typedef int8 ivec_t;
#define IOTA ((float8) (0, 1, 2, 3, 4, 5, 6, 7))
#define TO_FLOAT convert_float8
#define TO_INT convert_int8
#define SPREAD(v) ((v).s0011223344556677)
#define BROADCAST(c) ((float16) ((c).xy, (c).xy, (c).xy, (c).xy, (c).xy, \
        (c).xy, (c).xy, (c).xy))
#define PX(x, y) convert_float2 (vload2 (0, src + (y) * src_pitch + (x) * 2))
#define GATHER(xs, ys) (float16) (PX (xs.s0, ys.s0), PX (xs.s1, ys.s1), \
        PX (xs.s2, ys.s2), PX (xs.s3, ys.s3), PX (xs.s4, ys.s4), \
        PX (xs.s5, ys.s5), PX (xs.s6, ys.s6), PX (xs.s7, ys.s7))
#else
#define PIXELS 16
typedef float16 vec_t;
typedef int16 ivec_t;
#define IOTA ((float16) (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
#define TO_FLOAT convert_float16
#define TO_INT convert_int16
#define SPREAD(v) (v)
#define BROADCAST(c) ((float16) ((c).x))
#define PX(x, y) convert_float (src[(y) * src_pitch + (x)])
#define GATHER(xs, ys) (float16) (PX (xs.s0, ys.s0), PX (xs.s1, ys.s1), \
        PX (xs.s2, ys.s2), PX (xs.s3, ys.s3), PX (xs.s4, ys.s4), \
        PX (xs.s5, ys.s5), PX (xs.s6, ys.s6), PX (xs.s7, ys.s7), \
        PX (xs.s8, ys.s8), PX (xs.s9, ys.s9), PX (xs.sa, ys.sa), \
        PX (xs.sb, ys.sb), PX (xs.sc, ys.sc), PX (xs.sd, ys.sd), \
        PX (xs.se, ys.se), PX (xs.sf, ys.sf))
#endif

/* floor as integers (the lanes of a true comparison are -1). */
#define FLOOR_INT(v) (TO_INT (v) + (TO_FLOAT (TO_INT (v)) > (v)))
#define CLAMP_X(xs) clamp (xs, 0, src_w - 1)
#define CLAMP_Y(ys) clamp (ys, 0, src_h - 1)
#define FETCH_VECTOR(xs, ys) GATHER (CLAMP_X (xs), CLAMP_Y (ys))

#if METHOD == METHOD_BICUBIC
static vec_t
cubic_k_wide (vec_t x, float2 bc)
{
  x = fabs (x);
  return select (CUBIC_FAR (x, bc.x, bc.y), CUBIC_NEAR (x, bc.x, bc.y),
      x < 1.0f);
}
#endif

__kernel void
rotate_frame (KERNEL_PLANE_IN (src), int src_w, int src_h,
    KERNEL_PLANE_OUT (dst), int dst_w, int dst_h,
    float4 matrix, float4 pivots, float2 bc, float4 background)
{
  PLANE_START (src);
  PLANE_START (dst);
  int x0 = get_global_id (0) * PIXELS;
  int y = get_global_id (1);

  if (x0 >= dst_w || y >= dst_h)
    return;

  float dy = y + 0.5f - pivots.y;
  pix_t bg = PIX_FROM_F4 (background);

  if (x0 + PIXELS > dst_w) {
    /* the row's last, partial group */
    for (int x = x0; x < dst_w; x++) {
      float dx = x + 0.5f - pivots.x;
      STORE (dst, x, y, ROTATE_PIXEL (matrix.x * dx + matrix.y * dy +
              pivots.z, matrix.z * dx + matrix.w * dy + pivots.w));
    }
    return;
  }

  vec_t dx = (vec_t) (x0 + 0.5f - pivots.x) + IOTA;
  vec_t sx = matrix.x * dx + matrix.y * dy + pivots.z;
  vec_t sy = matrix.z * dx + matrix.w * dy + pivots.w;
  float16 bg16 = BROADCAST (background);
  float16 v;

#if METHOD == METHOD_NEAREST
  ivec_t ix = FLOOR_INT (sx);
  ivec_t iy = FLOOR_INT (sy);
  ivec_t inside = (ix >= 0) & (iy >= 0) & (ix < src_w) & (iy < src_h);

  v = select (bg16, FETCH_VECTOR (ix, iy), SPREAD (inside));
#else
#if METHOD == METHOD_BILINEAR
  vec_t fx = sx - 0.5f;
  vec_t fy = sy - 0.5f;
  ivec_t xa = FLOOR_INT (fx);
  ivec_t ya = FLOOR_INT (fy);
  float16 a = SPREAD (fx - TO_FLOAT (xa));
  float16 b = SPREAD (fy - TO_FLOAT (ya));
  float16 p00 = FETCH_VECTOR (xa, ya), p01 = FETCH_VECTOR (xa + 1, ya);
  float16 p10 = FETCH_VECTOR (xa, ya + 1), p11 = FETCH_VECTOR (xa + 1, ya + 1);
  float16 top = p00 + (p01 - p00) * a;
  float16 bottom = p10 + (p11 - p10) * a;

  v = top + (bottom - top) * b;
#else
  ivec_t xa = FLOOR_INT (sx - 1.5f);
  ivec_t ya = FLOOR_INT (sy - 1.5f);
  vec_t a = (sx - 0.5f) - TO_FLOAT (FLOOR_INT (sx - 0.5f));
  vec_t b = (sy - 0.5f) - TO_FLOAT (FLOOR_INT (sy - 0.5f));

  v = 0.0f;
  for (int j = 0; j < 4; j++) {
    float16 row = 0.0f;
    for (int i = 0; i < 4; i++)
      row += SPREAD (cubic_k_wide ((vec_t) ((float) (i - 1)) - a, bc)) *
          FETCH_VECTOR (xa + i, ya + j);
    v += SPREAD (cubic_k_wide ((vec_t) ((float) (j - 1)) - b, bc)) * row;
  }
#endif
  v = bg16 + (v - bg16) * SPREAD (COVERAGE (sx, sy));
#endif
  VECTOR_STORE (v, dst, y * dst_pitch + x0 * CHANNELS);
}

#endif
