/* gst-opencl: colour conversion and scaling in one pass.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * After convertlayout.cl. Each output sample resamples, at its own place,
 * the input components that its output components read through the map
 * (-DPIXEL_NEEDS for the output's pixels, -DCHROMA_NEEDS for its
 * subsampled chroma samples: 1 component 0, 2 components 1 and 2, 4
 * alpha), with the host's tables of the (B, C) cubic
 * (gst/elements/gstclconvertplan.h: GstCLConvertTable), in input code
 * values, then converts them. The map is affine, so resampling before it
 * is resampling after it. A work-item makes a block of pixels, as many as
 * share one chroma sample of the output, and that sample.
 *
 * tables holds, for table t, its first entry in tables (its starts), its
 * first weight, its taps and its size, then the starts: output sample i
 * of table t reads input taps starts[i] .. starts[i] + taps - 1, clamped
 * to the input, with weights[k * size + i], summed along x, then down.
 */

#define NEEDS_LUMA 1
#define NEEDS_CHROMA 2
#define NEEDS_ALPHA 4

#if defined(IN_CHROMA) && (IN_SUB_X || IN_SUB_Y)
#define IN_SUBSAMPLED 1
#else
#define IN_SUBSAMPLED 0
#endif
#if defined(OUT_CHROMA) && (OUT_SUB_X || OUT_SUB_Y)
#define OUT_SUBSAMPLED 1
#define BLOCK_W (1 << OUT_SUB_X)
#define BLOCK_H (1 << OUT_SUB_Y)
#else
#define OUT_SUBSAMPLED 0
#define BLOCK_W 1
#define BLOCK_H 1
#endif

#define IN_PARAMS __global const in_t * in0, int in0_pitch, \
    __global const in_t * in1, int in1_pitch, \
    __global const in_t * in2, int in2_pitch
#define IN_ARGS in0, in0_pitch, in1, in1_pitch, in2, in2_pitch

typedef struct
{
  __global const int *starts;
  __global const float *weights;
  int taps;
  int size;
} Table;

static Table
table_at (__global const int *tables, __global const float *weights, int t)
{
  Table r;

  r.starts = tables + tables[4 * t];
  r.weights = weights + tables[4 * t + 1];
  r.taps = tables[4 * t + 2];
  r.size = tables[4 * t + 3];
  return r;
}

/* The input components @needs asks for that lie on the input's pixels
 * (luma, alpha, and chroma where the input does not subsample it), about
 * output sample (i, j) of tables tx and ty, on the input's w x h pixels. */
static float4
resample_pixels (IN_PARAMS, int needs, Table tx, Table ty, int i, int j,
    int w, int h)
{
  const int x0 = tx.starts[i], y0 = ty.starts[j];
  float4 sum = (float4) (0.0f);

  for (int ky = 0; ky < ty.taps; ky++) {
    const int y = clamp (y0 + ky, 0, h - 1);
    float4 row = (float4) (0.0f);

    for (int kx = 0; kx < tx.taps; kx++) {
      const int x = clamp (x0 + kx, 0, w - 1);
      float4 v = (float4) (0.0f);

      if (needs & NEEDS_LUMA)
        v.x = IN_VALUE (0, x, y);
#if defined(IN_CHROMA) && !IN_SUBSAMPLED
      if (needs & NEEDS_CHROMA) {
        v.y = IN_VALUE (1, x, y);
        v.z = IN_VALUE (2, x, y);
      }
#endif
#ifdef IN_ALPHA
      if (needs & NEEDS_ALPHA)
        v.w = IN_VALUE (A, x, y);
#endif
      row += tx.weights[kx * tx.size + i] * v;
    }
    sum += ty.weights[ky * ty.size + j] * row;
  }
  return sum;
}

#if IN_SUBSAMPLED
/* The input's subsampled chroma about output sample (i, j) of tables tx
 * and ty, on its w x h chroma samples. */
static float2
resample_chroma (IN_PARAMS, Table tx, Table ty, int i, int j, int w, int h)
{
  const int x0 = tx.starts[i], y0 = ty.starts[j];
  float2 sum = (float2) (0.0f);

  for (int ky = 0; ky < ty.taps; ky++) {
    const int y = clamp (y0 + ky, 0, h - 1);
    float2 row = (float2) (0.0f);

    for (int kx = 0; kx < tx.taps; kx++) {
      const int x = clamp (x0 + kx, 0, w - 1);

      row += tx.weights[kx * tx.size + i] *
          (float2) (IN_VALUE (1, x, y), IN_VALUE (2, x, y));
    }
    sum += ty.weights[ky * ty.size + j] * row;
  }
  return sum;
}
#endif

/* Output sample (i, j) of output grid g (0: pixels, 1: chroma samples)
 * from the picture's corner, converted: components 0, 1, 2, alpha. */
static float4
convert_sample (IN_PARAMS, int needs, __global const int *tables,
    __global const float *weights, int g, int i, int j, int4 in_size,
    float4 m0, float4 m1, float4 m2, float alpha_scale)
{
  const int on_pixels = needs & (NEEDS_LUMA | NEEDS_ALPHA
      | (IN_SUBSAMPLED ? 0 : NEEDS_CHROMA));
  float4 v = (float4) (0.0f);

  if (on_pixels)
    v = resample_pixels (IN_ARGS, on_pixels, table_at (tables, weights,
            4 * g), table_at (tables, weights, 4 * g + 1), i, j, in_size.x,
        in_size.y);
#if IN_SUBSAMPLED
  if (needs & NEEDS_CHROMA)
    v.yz = resample_chroma (IN_ARGS, table_at (tables, weights, 4 * g + 2),
        table_at (tables, weights, 4 * g + 3), i, j, in_size.z, in_size.w);
#endif
  return (float4) (MAP (m0, v.x, v.y, v.z), MAP (m1, v.x, v.y, v.z),
      MAP (m2, v.x, v.y, v.z), v.w * alpha_scale);
}

static int
inside (int x, int y, int4 rect)
{
  return x >= rect.x && y >= rect.y && x < rect.x + rect.z
      && y < rect.y + rect.w;
}

/* in_size: the input's pixels (x, y) and chroma samples (z, w); rect and
 * chroma_rect: the picture (x, y, width, height) on the output's pixels
 * and chroma samples; border: the code values around it. */
__kernel void
convert_scale_frame (__global const in_t * in0, int in0_pitch,
    int in0_offset, __global const in_t * in1, int in1_pitch, int in1_offset,
    __global const in_t * in2, int in2_pitch, int in2_offset,
    __global out_t * out0, int out0_pitch, int out0_offset,
    __global out_t * out1, int out1_pitch, int out1_offset,
    __global out_t * out2, int out2_pitch, int out2_offset,
    int width, int height, int4 in_size, int4 rect, int4 chroma_rect,
    float4 m0, float4 m1, float4 m2, float alpha_scale, float4 border,
    __global const int *tables, __global const float *weights)
{
  const int bx = get_global_id (0), by = get_global_id (1);
  const int x0 = bx * BLOCK_W, y0 = by * BLOCK_H;

  if (x0 >= width || y0 >= height)
    return;
  in0 += in0_offset;
  in1 += in1_offset;
  in2 += in2_offset;
  out0 += out0_offset;
  out1 += out1_offset;
  out2 += out2_offset;

  for (int dy = 0; dy < BLOCK_H; dy++) {
    for (int dx = 0; dx < BLOCK_W; dx++) {
      const int x = x0 + dx, y = y0 + dy;
      float4 v = border;

      if (x >= width || y >= height)
        continue;
      if (inside (x, y, rect))
        v = convert_sample (IN_ARGS, PIXEL_NEEDS, tables, weights, 0,
            x - rect.x, y - rect.y, in_size, m0, m1, m2, alpha_scale);
      OUT_STORE (0, x, y, v.x);
#if defined(OUT_CHROMA) && !OUT_SUBSAMPLED
      OUT_STORE (1, x, y, v.y);
      OUT_STORE (2, x, y, v.z);
#endif
#if defined(OUT_ALPHA) && defined(IN_ALPHA)
      OUT_STORE (A, x, y, v.w);
#elif defined(OUT_ALPHA) || defined(OUT_PAD)
      OUT_STORE (A, x, y, OUT_MAX);
#endif
    }
  }

#if OUT_SUBSAMPLED
  {
    const int cw = (width + BLOCK_W - 1) >> OUT_SUB_X;
    const int ch = (height + BLOCK_H - 1) >> OUT_SUB_Y;
    float4 v = border;

    if (bx >= cw || by >= ch)
      return;
    if (inside (bx, by, chroma_rect))
      v = convert_sample (IN_ARGS, CHROMA_NEEDS, tables, weights, 1,
          bx - chroma_rect.x, by - chroma_rect.y, in_size, m0, m1, m2,
          alpha_scale);
    OUT_STORE (1, bx, by, v.y);
    OUT_STORE (2, bx, by, v.z);
  }
#endif
}
