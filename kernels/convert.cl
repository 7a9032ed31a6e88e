/* gst-opencl: colour conversion between two formats of one frame size.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * After convertlayout.cl. One work-item converts a 2x2 block of pixels:
 * every input value of the block is read once, and a 4:2:0 output's
 * chroma sample is made once, from the block's converted pixels.
 */

/* Weight of chroma sample k (0, 1, 2: the block's sample - 1, + 0, + 1)
 * in the pixel at offset d (-1, 0, 1) from the block's first pixel, on
 * an axis where the chroma is subsampled by 2 and sited between two luma
 * samples (centre) or on the first: linear interpolation, as
 * GstVideoConverter upsamples. Not subsampled: the pixel's own sample. */
static float
up_weight (int d, int k, int sub, int center)
{
  float u, u0;
  int k0;

  if (!sub)
    return k == d + 1 ? 1.0f : 0.0f;
  u = d * 0.5f - (center ? 0.25f : 0.0f);
  u0 = floor (u);
  k0 = (int) u0 + 1;
  if (k == k0)
    return 1.0f - (u - u0);
  return k == k0 + 1 ? u - u0 : 0.0f;
}

/* Weight of the pixel at offset d (-1, 0, 1) in the block's chroma sample
 * on a subsampled axis: the average of the block's two pixels (centre),
 * or [1 2 1] / 4 about the first (cosited), as GstVideoConverter
 * downsamples. */
static float
down_weight (int d, int center)
{
  if (center)
    return d < 0 ? 0.0f : 0.5f;
  return d == 0 ? 0.5f : 0.25f;
}

/* Both sides subsample and site chroma alike: each output chroma sample
 * comes from the input sample in its place (and the block's luma), not
 * from upsampled chroma downsampled again, which would blur it. */
#if defined(IN_CHROMA) && defined(OUT_CHROMA) && (IN_SUB_X || IN_SUB_Y) \
    && IN_SUB_X == OUT_SUB_X && IN_SUB_Y == OUT_SUB_Y \
    && IN_CENTER_X == OUT_CENTER_X && IN_CENTER_Y == OUT_CENTER_Y
#define CHROMA_IN_PLACE
#endif

#if defined(OUT_CHROMA) && OUT_SUB_X
#define OUT_NEEDS_LEFT (!OUT_CENTER_X)
#else
#define OUT_NEEDS_LEFT 0
#endif
#if defined(OUT_CHROMA) && OUT_SUB_Y
#define OUT_NEEDS_TOP (!OUT_CENTER_Y)
#else
#define OUT_NEEDS_TOP 0
#endif

__kernel void
convert_frame (__global const in_t * in0, int in0_pitch, int in0_offset,
    __global const in_t * in1, int in1_pitch, int in1_offset,
    __global const in_t * in2, int in2_pitch, int in2_offset,
    __global out_t * out0, int out0_pitch, int out0_offset,
    __global out_t * out1, int out1_pitch, int out1_offset,
    __global out_t * out2, int out2_pitch, int out2_offset,
    int width, int height, float4 m0, float4 m1, float4 m2,
    float alpha_scale)
{
  const int bx = get_global_id (0), by = get_global_id (1);
  const int x0 = 2 * bx, y0 = 2 * by;
  /* Converted pixels at offsets -1..1 from (x0, y0), clamped to the
   * frame: [dy + 1][dx + 1]. */
  float3 px[3][3];
#ifdef CHROMA_IN_PLACE
  float luma[3][3];             /* the input's */
#endif
#ifdef IN_ALPHA
  float alpha[3][3];
#endif

  if (x0 >= width || y0 >= height)
    return;
  in0 += in0_offset;
  in1 += in1_offset;
  in2 += in2_offset;
  out0 += out0_offset;
  out1 += out1_offset;
  out2 += out2_offset;

#if defined(IN_CHROMA) && (IN_SUB_X || IN_SUB_Y)
  /* The input chroma about the block, read once: samples bx - 1 .. bx + 1
   * on a subsampled axis, pixels x0 - 1 .. x0 + 1 on another. */
  float2 chroma[3][3];
  const int cw = (width + (1 << IN_SUB_X) - 1) >> IN_SUB_X;
  const int ch = (height + (1 << IN_SUB_Y) - 1) >> IN_SUB_Y;

  for (int j = 0; j < 3; j++) {
    int cy = clamp ((IN_SUB_Y ? by : y0) + j - 1, 0, ch - 1);

    for (int i = 0; i < 3; i++) {
      int cx = clamp ((IN_SUB_X ? bx : x0) + i - 1, 0, cw - 1);

      chroma[j][i] = (float2) (IN_VALUE (1, cx, cy), IN_VALUE (2, cx, cy));
    }
  }
#endif

  for (int dy = -OUT_NEEDS_TOP; dy <= 1; dy++) {
    int y = max (min (y0 + dy, height - 1), 0);

    for (int dx = -OUT_NEEDS_LEFT; dx <= 1; dx++) {
      int x = max (min (x0 + dx, width - 1), 0);
      float3 v;

      v.x = IN_VALUE (0, x, y);
#if defined(IN_CHROMA) && (IN_SUB_X || IN_SUB_Y)
      v.yz = (float2) (0.0f);
      for (int j = 0; j < 3; j++)
        for (int i = 0; i < 3; i++)
          v.yz += up_weight (dy, j, IN_SUB_Y, IN_CENTER_Y) *
              up_weight (dx, i, IN_SUB_X, IN_CENTER_X) * chroma[j][i];
#elif defined(IN_CHROMA)
      v.y = IN_VALUE (1, x, y);
      v.z = IN_VALUE (2, x, y);
#else
      v.yz = (float2) (0.0f);
#endif
#ifdef CHROMA_IN_PLACE
      luma[dy + 1][dx + 1] = v.x;
#endif
      px[dy + 1][dx + 1] = (float3) (dot (m0.xyz, v) + m0.w,
          dot (m1.xyz, v) + m1.w, dot (m2.xyz, v) + m2.w);
#ifdef IN_ALPHA
      alpha[dy + 1][dx + 1] = IN_VALUE (A, x, y) * alpha_scale;
#endif
    }
  }

  /* The block's own pixels. */
  for (int dy = 0; dy < 2; dy++) {
    for (int dx = 0; dx < 2; dx++) {
      int x = x0 + dx, y = y0 + dy;
      float3 v = px[dy + 1][dx + 1];

      if (x >= width || y >= height)
        continue;
      OUT_STORE (0, x, y, v.x);
#if defined(OUT_CHROMA) && !OUT_SUB_X && !OUT_SUB_Y
      OUT_STORE (1, x, y, v.y);
      OUT_STORE (2, x, y, v.z);
#endif
#if defined(OUT_ALPHA) && defined(IN_ALPHA)
      OUT_STORE (A, x, y, alpha[dy + 1][dx + 1]);
#elif defined(OUT_ALPHA) || defined(OUT_PAD)
      OUT_STORE (A, x, y, OUT_MAX);
#endif
    }
  }

#if defined(OUT_CHROMA) && (OUT_SUB_X || OUT_SUB_Y)
  /* The block's chroma: one sample a subsampled axis, one a row or
   * column on another. */
  for (int sy = 0; sy < (OUT_SUB_Y ? 1 : 2); sy++) {
    int y = OUT_SUB_Y ? by : y0 + sy;

    if (!OUT_SUB_Y && y >= height)
      continue;
    for (int sx = 0; sx < (OUT_SUB_X ? 1 : 2); sx++) {
      int x = OUT_SUB_X ? bx : x0 + sx;
      float2 c = (float2) (0.0f);
      float l = 0.0f;

      if (!OUT_SUB_X && x >= width)
        continue;
      for (int dy = -1; dy <= 1; dy++) {
        float wy = OUT_SUB_Y ? down_weight (dy, OUT_CENTER_Y) :
            (dy == sy ? 1.0f : 0.0f);

        for (int dx = -1; dx <= 1; dx++) {
          float wx = OUT_SUB_X ? down_weight (dx, OUT_CENTER_X) :
              (dx == sx ? 1.0f : 0.0f);

          if (wx * wy == 0.0f)
            continue;
#ifdef CHROMA_IN_PLACE
          l += wx * wy * luma[dy + 1][dx + 1];
#else
          c += wx * wy * px[dy + 1][dx + 1].yz;
#endif
        }
      }
#ifdef CHROMA_IN_PLACE
      {
        float3 v = (float3) (l, chroma[OUT_SUB_Y ? 1 : sy + 1]
            [OUT_SUB_X ? 1 : sx + 1]);

        c = (float2) (dot (m1.xyz, v) + m1.w, dot (m2.xyz, v) + m2.w);
      }
#endif
      OUT_STORE (1, x, y, c.x);
      OUT_STORE (2, x, y, c.y);
    }
  }
#endif
}
