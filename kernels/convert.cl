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

#ifdef GST_CL_VECTORS
/* CPU devices (-DGST_CL_VECTORS): PoCL does not vectorise across
 * work-items, so a work-item converts a run of RUN pixels of two rows at
 * once, in vectors of RUN lanes, and the chroma samples of the output
 * under them; each lane computes what convert_frame computes for its
 * pixel, with the same operations in the same order (the chroma
 * upsampling's sums are exact: 8- and 10-bit values times sums of
 * quarters), so that the two kernels give the same bits. */

#define RUN 16
typedef float16 lanes_t;
/* PoCL compiles vstore16 of bytes to one store per byte; a store through
 * a vector type of alignment 1 is one vector store (as in common.cl). */
typedef uchar16 __attribute__ ((aligned (1))) unaligned_uchar16;
typedef uchar8 __attribute__ ((aligned (1))) unaligned_uchar8;
typedef float8 halves_t;        /* the output chroma samples of a run */

/* The bytes of RUN packed 4-byte pixels from p, by their offset in the
 * pixel: b[k] holds byte k of each pixel. */
static void
load_packed4 (__global const uchar * p, uchar16 b[4])
{
  uchar16 a0 = vload16 (0, p), a1 = vload16 (1, p);
  uchar16 a2 = vload16 (2, p), a3 = vload16 (3, p);
  uchar16 e01 = (uchar16) (a0.even, a1.even), o01 = (uchar16) (a0.odd,
      a1.odd);
  uchar16 e23 = (uchar16) (a2.even, a3.even), o23 = (uchar16) (a2.odd,
      a3.odd);

  b[0] = (uchar16) (e01.even, e23.even);
  b[1] = (uchar16) (o01.even, o23.even);
  b[2] = (uchar16) (e01.odd, e23.odd);
  b[3] = (uchar16) (o01.odd, o23.odd);
}

/* Component c of pixels x0 .. x0 + RUN - 1 of row y, the columns clamped
 * to the frame: a whole run in it is loaded as vectors where the
 * component's values are 8-bit and packed (1 a pixel) or a byte of 4. */
#define LOAD_RUN(dst, c, x0, y, width) \
  do { \
    __global const in_t *row_ = IN_PLANE_##c + (y) * IN_PITCH_##c; \
    float v_[RUN]; \
    if ((x0) + RUN <= (width) && IN_BYTES == 1 && IN_SHIFT == 0 \
        && IN_STEP_##c == 1) { \
      dst = convert_float16 (vload16 (0, row_ + (x0) + IN_OFF_##c)); \
    } else if ((x0) + RUN <= (width) && IN_BYTES == 1 \
        && IN_STEP_##c == 4) { \
      uchar16 b_[4]; \
      load_packed4 ((__global const uchar *) row_ + 4 * (x0), b_); \
      dst = convert_float16 (b_[IN_OFF_##c]); \
    } else { \
      _Pragma ("unroll") \
      for (int l_ = 0; l_ < RUN; l_++) \
        v_[l_] = IN_VALUE (c, min ((x0) + l_, (width) - 1), y); \
      dst = vload16 (0, v_); \
    } \
  } while (0)

/* n lanes of code values, rounded and saturated as OUT_STORE does. */
#define QUANTIZE(lanes, n) \
  (clamp (convert_int##n ((lanes) + 0.5f), 0, OUT_MAX) << OUT_SHIFT)

/* Stores n lanes of component c into pixels x0 .. of row y, those in the
 * frame: a whole run of 8-bit values packed 1 a pixel as a vector. */
#define STORE_LANES(c, x0, y, width, lanes, n) \
  do { \
    __global out_t *row_ = OUT_PLANE_##c + (y) * OUT_PITCH_##c; \
    int v_[RUN]; \
    if ((x0) + n <= (width) && OUT_BYTES == 1 && OUT_STEP_##c == 1) { \
      *(__global unaligned_uchar##n *) ((__global uchar *) row_ + (x0) \
          + OUT_OFF_##c) = convert_uchar##n (QUANTIZE (lanes, n)); \
    } else { \
      vstore##n (QUANTIZE (lanes, n), 0, v_); \
      for (int l_ = 0; l_ < n && (x0) + l_ < (width); l_++) \
        row_[((x0) + l_) * OUT_STEP_##c + OUT_OFF_##c] = (out_t) v_[l_]; \
    } \
  } while (0)

#if OUT_BYTES == 1 && defined(OUT_CHROMA) && !OUT_SUB_X && !OUT_SUB_Y \
    && (defined(OUT_ALPHA) || defined(OUT_PAD)) && OUT_STEP_0 == 4
/* 4-byte pixels, every component in one plane (RGBA, AYUV and their
 * orders): a whole run is stored as four vectors. */
#define OUT_PACKED4

/* The lanes of the first (LO) or second (HI) half of a and b, in turn:
 * a0 b0 a1 b1 ... (swizzles, which compile to shuffles where PoCL's
 * shuffle2 () is a call). */
#define INTERLEAVE_LO(a, b) (uchar16) ((a).s0, (b).s0, (a).s1, (b).s1, \
    (a).s2, (b).s2, (a).s3, (b).s3, (a).s4, (b).s4, (a).s5, (b).s5, \
    (a).s6, (b).s6, (a).s7, (b).s7)
#define INTERLEAVE_HI(a, b) (uchar16) ((a).s8, (b).s8, (a).s9, (b).s9, \
    (a).sa, (b).sa, (a).sb, (b).sb, (a).sc, (b).sc, (a).sd, (b).sd, \
    (a).se, (b).se, (a).sf, (b).sf)

/* Interleaves the bytes of offsets 0 .. 3 of RUN pixels, b[k] holding
 * byte k of each, into p. */
static void
store_packed4 (__global uchar * p, const uchar16 b[4])
{
  uchar16 e = INTERLEAVE_LO (b[0], b[2]), o = INTERLEAVE_LO (b[1], b[3]);

  __global unaligned_uchar16 *q = (__global unaligned_uchar16 *) p;

  q[0] = INTERLEAVE_LO (e, o);
  q[1] = INTERLEAVE_HI (e, o);
  e = INTERLEAVE_HI (b[0], b[2]);
  o = INTERLEAVE_HI (b[1], b[3]);
  q[2] = INTERLEAVE_LO (e, o);
  q[3] = INTERLEAVE_HI (e, o);
}
#endif

/* The converted pixels of a run of one row: components 0, 1, 2 (and the
 * input's luma and alpha where the output needs them). */
typedef struct
{
  lanes_t c0, c1, c2;
  lanes_t luma;
  lanes_t alpha;
} RunPixels;

#if defined(IN_CHROMA) && IN_SUB_X
/* The input chroma samples about a run: x0 / 2 - 1 .. x0 / 2 + RUN / 2,
 * clamped, of chroma row cy. */
#define WINDOW (RUN / 2 + 2)
static void
load_chroma_window (IN_PARAMS, int x0, int cy, int cw, float u[RUN],
    float v[RUN])
{
  const int first = x0 / 2 - 1;

  /* Within the row: 8-bit samples, one a value (I420) or pairs (NV12),
   * loaded as vectors (their lanes past WINDOW unused). */
  if (first >= 0 && first + RUN <= cw && IN_BYTES == 1 && IN_STEP_1 == 1) {
    vstore16 (convert_float16 (vload16 (0, IN_PLANE_1 + cy * IN_PITCH_1 +
                first + IN_OFF_1)), 0, u);
    vstore16 (convert_float16 (vload16 (0, IN_PLANE_2 + cy * IN_PITCH_2 +
                first + IN_OFF_2)), 0, v);
    return;
  }
  if (first >= 0 && first + RUN <= cw && IN_BYTES == 1 && IN_STEP_1 == 2) {
    __global const uchar *p = (__global const uchar *) IN_PLANE_1 +
        cy * IN_PITCH_1 + 2 * first;
    uchar16 a0 = vload16 (0, p), a1 = vload16 (1, p);
    float16 even = convert_float16 ((uchar16) (a0.even, a1.even));
    float16 odd = convert_float16 ((uchar16) (a0.odd, a1.odd));

    vstore16 (IN_OFF_1 == 0 ? even : odd, 0, u);
    vstore16 (IN_OFF_2 == 0 ? even : odd, 0, v);
    return;
  }
  _Pragma ("unroll")
  for (int k = 0; k < RUN; k++) {
    int cx = clamp (first + k, 0, cw - 1);

    u[k] = IN_VALUE (1, cx, cy);
    v[k] = IN_VALUE (2, cx, cy);
  }
}

/* Window samples (lanes 0 .. WINDOW - 1 of w) upsampled along x to the
 * run's pixels, as convert_frame weighs them (every sum exact: 8- and
 * 10-bit values times quarters), and to the pixel left of the run. */
static lanes_t
upsample_x (lanes_t w)
{
  halves_t c0 = w.s01234567, c1 = w.s12345678, c2 = w.s23456789;
  halves_t even = up_weight (0, 0, 1, IN_CENTER_X) * c0 +
      up_weight (0, 1, 1, IN_CENTER_X) * c1 +
      up_weight (0, 2, 1, IN_CENTER_X) * c2;
  halves_t odd = up_weight (1, 0, 1, IN_CENTER_X) * c0 +
      up_weight (1, 1, 1, IN_CENTER_X) * c1 +
      up_weight (1, 2, 1, IN_CENTER_X) * c2;

  return (lanes_t) (even.s0, odd.s0, even.s1, odd.s1, even.s2, odd.s2,
      even.s3, odd.s3, even.s4, odd.s4, even.s5, odd.s5, even.s6, odd.s6,
      even.s7, odd.s7);
}

static float
upsample_left (lanes_t w)
{
  return up_weight (-1, 0, 1, IN_CENTER_X) * w.s0 +
      up_weight (-1, 1, 1, IN_CENTER_X) * w.s1 +
      up_weight (-1, 2, 1, IN_CENTER_X) * w.s2;
}
#endif

#if defined(IN_CHROMA) && (IN_SUB_X || IN_SUB_Y)
/* The upsampled chroma of row y0 + dy's run (dy -1, 0 or 1), as
 * convert_frame's v.yz, and, where OUT_NEEDS_LEFT, of the pixel left of
 * the run (*left). */
static void
upsample_run (IN_PARAMS, int x0, int y0, int dy, int width, int height,
    lanes_t * u, lanes_t * v, float2 * left)
{
  const int cw = (width + (1 << IN_SUB_X) - 1) >> IN_SUB_X;
  const int ch = (height + (1 << IN_SUB_Y) - 1) >> IN_SUB_Y;

  lanes_t wu = (lanes_t) (0.0f), wv = (lanes_t) (0.0f);

  *u = *v = (lanes_t) (0.0f);
  *left = (float2) (0.0f);
  #pragma unroll
  for (int j = 0; j < 3; j++) {
    float wy = up_weight (dy, j, IN_SUB_Y, IN_CENTER_Y);
    int cy = clamp ((IN_SUB_Y ? y0 / 2 : y0) + j - 1, 0, ch - 1);

    if (wy == 0.0f)
      continue;
#if IN_SUB_X
    {
      /* down first, then along x: the same exact sums */
      float su[RUN], sv[RUN];

      load_chroma_window (IN_ARGS, x0, cy, cw, su, sv);
      wu += wy * vload16 (0, su);
      wv += wy * vload16 (0, sv);
    }
#else
    {
      lanes_t su, sv;
      int lx = max (x0 - 1, 0);

      LOAD_RUN (su, 1, x0, cy, width);
      LOAD_RUN (sv, 2, x0, cy, width);
      *u += wy * su;
      *v += wy * sv;
      *left += wy * (float2) (IN_VALUE (1, lx, cy), IN_VALUE (2, lx, cy));
    }
#endif
  }
#if IN_SUB_X
  *u = upsample_x (wu);
  *v = upsample_x (wv);
  *left = (float2) (upsample_left (wu), upsample_left (wv));
#endif
}
#endif

/* Row y0 + dy of the run, converted; *left: the pixel left of it
 * (components 0, 1, 2 and the input's luma) where OUT_NEEDS_LEFT. */
static RunPixels
convert_run (IN_PARAMS, int x0, int y0, int dy, int width, int height,
    float4 m0, float4 m1, float4 m2, float alpha_scale, float4 * left)
{
  const int y = clamp (y0 + dy, 0, height - 1);
  const int lx = max (x0 - 1, 0);
  RunPixels r;
  lanes_t u, v;
  float2 left_uv;

  LOAD_RUN (r.luma, 0, x0, y, width);
#if defined(IN_CHROMA) && (IN_SUB_X || IN_SUB_Y)
  upsample_run (IN_ARGS, x0, y0, dy, width, height, &u, &v, &left_uv);
#elif defined(IN_CHROMA)
  LOAD_RUN (u, 1, x0, y, width);
  LOAD_RUN (v, 2, x0, y, width);
  left_uv = (float2) (IN_VALUE (1, lx, y), IN_VALUE (2, lx, y));
#else
  u = v = (lanes_t) (0.0f);
  left_uv = (float2) (0.0f);
#endif
  r.c0 = MAP (m0, r.luma, u, v);
  r.c1 = MAP (m1, r.luma, u, v);
  r.c2 = MAP (m2, r.luma, u, v);
#ifdef IN_ALPHA
  LOAD_RUN (r.alpha, A, x0, y, width);
  r.alpha *= alpha_scale;
#endif
  if (OUT_NEEDS_LEFT) {
    float l0 = IN_VALUE (0, lx, y);

    *left = (float4) (MAP (m0, l0, left_uv.x, left_uv.y),
        MAP (m1, l0, left_uv.x, left_uv.y), MAP (m2, l0, left_uv.x,
            left_uv.y), l0);
  }
  return r;
}

#if defined(OUT_CHROMA) && (OUT_SUB_X || OUT_SUB_Y)
/* Even and odd lanes, and the odd lanes one to the right with left in
 * the first: the pixels at offsets 0, 1 and -1 from the first pixel of
 * each output chroma sample's block. */
static halves_t
even_lanes (lanes_t p)
{
  return p.even;
}

static halves_t
odd_lanes (lanes_t p)
{
  return p.odd;
}

static halves_t
left_lanes (lanes_t p, float left)
{
  halves_t o = p.odd;

  return (halves_t) (left, o.s0, o.s1, o.s2, o.s3, o.s4, o.s5, o.s6);
}

/* The pixels at offset dx (-1, 0, 1) from each block's first pixel. */
static halves_t
block_lanes (lanes_t p, float left, int dx)
{
  if (dx < 0)
    return left_lanes (p, left);
  return dx == 0 ? even_lanes (p) : odd_lanes (p);
}
#endif

/* Stores row y of the run's pixels: all their components but subsampled
 * chroma. */
static void
store_run_row (__global out_t * out0, int out0_pitch,
    __global out_t * out1, int out1_pitch, __global out_t * out2,
    int out2_pitch, const RunPixels * r, int x0, int y, int width)
{
#if defined(OUT_ALPHA) && defined(IN_ALPHA)
  const lanes_t alpha = r->alpha;
#elif defined(OUT_ALPHA) || defined(OUT_PAD)
  const lanes_t alpha = (lanes_t) (OUT_MAX);
#endif

#ifdef OUT_PACKED4
  if (x0 + RUN <= width) {
    uchar16 b[4];

    b[OUT_OFF_0] = convert_uchar16 (QUANTIZE (r->c0, 16));
    b[OUT_OFF_1] = convert_uchar16 (QUANTIZE (r->c1, 16));
    b[OUT_OFF_2] = convert_uchar16 (QUANTIZE (r->c2, 16));
    b[OUT_OFF_A] = convert_uchar16 (QUANTIZE (alpha, 16));
    store_packed4 ((__global uchar *) OUT_PLANE_0 + y * OUT_PITCH_0 + 4 * x0,
        b);
    return;
  }
#endif
  STORE_LANES (0, x0, y, width, r->c0, 16);
#if defined(OUT_CHROMA) && !OUT_SUB_X && !OUT_SUB_Y
  STORE_LANES (1, x0, y, width, r->c1, 16);
  STORE_LANES (2, x0, y, width, r->c2, 16);
#endif
#if defined(OUT_ALPHA) || defined(OUT_PAD)
  STORE_LANES (A, x0, y, width, alpha, 16);
#endif
}

#define OUT_ARGS out0, out0_pitch, out1, out1_pitch, out2, out2_pitch

__kernel void
convert_runs (__global const in_t * in0, int in0_pitch, int in0_offset,
    __global const in_t * in1, int in1_pitch, int in1_offset,
    __global const in_t * in2, int in2_pitch, int in2_offset,
    __global out_t * out0, int out0_pitch, int out0_offset,
    __global out_t * out1, int out1_pitch, int out1_offset,
    __global out_t * out2, int out2_pitch, int out2_offset,
    int width, int height, float4 m0, float4 m1, float4 m2,
    float alpha_scale)
{
  const int x0 = get_global_id (0) * RUN, y0 = get_global_id (1) * 2;
  float4 left[3] = { (float4) (0.0f), (float4) (0.0f), (float4) (0.0f) };

  if (x0 >= width || y0 >= height)
    return;
  START_PLANES ();

#if !defined(OUT_CHROMA) || (!OUT_SUB_X && !OUT_SUB_Y)
  /* Each row stored as it is converted. */
  for (int dy = 0; dy < 2 && y0 + dy < height; dy++) {
    RunPixels r = convert_run (IN_ARGS, x0, y0, dy, width, height, m0, m1,
        m2, alpha_scale, &left[dy + 1]);

    store_run_row (OUT_ARGS, &r, x0, y0 + dy, width);
  }
#else
  /* Rows y0 - 1 .. y0 + 1: [dy + 1], which the chroma samples weigh. */
  RunPixels rows[3];

  #pragma unroll
  for (int dy = -OUT_NEEDS_TOP; dy <= 1; dy++)
    rows[dy + 1] = convert_run (IN_ARGS, x0, y0, dy, width, height, m0, m1,
        m2, alpha_scale, &left[dy + 1]);
  for (int dy = 0; dy < 2 && y0 + dy < height; dy++)
    store_run_row (OUT_ARGS, &rows[dy + 1], x0, y0 + dy, width);

  /* The chroma samples of the run's blocks: one a block on a subsampled
   * axis (OUT_SUB_X is 1 in every such format), each row on another. */
  {
    const int cw = (width + 1) >> 1;

    for (int sy = 0; sy < (OUT_SUB_Y ? 1 : 2); sy++) {
      int y = OUT_SUB_Y ? y0 / 2 : y0 + sy;
      halves_t cu = (halves_t) (0.0f), cv = (halves_t) (0.0f);
#ifdef CHROMA_IN_PLACE
      halves_t l = (halves_t) (0.0f);
#endif

      if (!OUT_SUB_Y && y >= height)
        continue;
      #pragma unroll
      for (int dy = -1; dy <= 1; dy++) {
        float wy = OUT_SUB_Y ? down_weight (dy, OUT_CENTER_Y) :
            (dy == sy ? 1.0f : 0.0f);

        #pragma unroll
        for (int dx = -1; dx <= 1; dx++) {
          float wx = down_weight (dx, OUT_CENTER_X);
          const RunPixels *r = &rows[dy + 1];
          float4 lp;

          if (wx * wy == 0.0f)
            continue;
          lp = left[dy + 1];
#ifdef CHROMA_IN_PLACE
          l += wx * wy * block_lanes (r->luma, lp.w, dx);
#else
          cu += wx * wy * block_lanes (r->c1, lp.y, dx);
          cv += wx * wy * block_lanes (r->c2, lp.z, dx);
#endif
        }
      }
#ifdef CHROMA_IN_PLACE
      {
        /* The input's chroma at each output sample: the same sampling. */
        const int ch = (height + (1 << IN_SUB_Y) - 1) >> IN_SUB_Y;
        float su[RUN], sv[RUN];
        halves_t iu, iv;

        load_chroma_window (IN_ARGS, x0, clamp (IN_SUB_Y ? y0 / 2 : y0 + sy,
                0, ch - 1), (width + 1) >> 1, su, sv);
        iu = vload8 (0, su + 1);
        iv = vload8 (0, sv + 1);
        cu = MAP (m1, l, iu, iv);
        cv = MAP (m2, l, iu, iv);
      }
#endif
      STORE_LANES (1, x0 / 2, y, cw, cu, 8);
      STORE_LANES (2, x0 / 2, y, cw, cv, 8);
    }
  }
#endif
}

#else

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
  START_PLANES ();

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
      px[dy + 1][dx + 1] = (float3) (MAP (m0, v.x, v.y, v.z),
          MAP (m1, v.x, v.y, v.z), MAP (m2, v.x, v.y, v.z));
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

        c = (float2) (MAP (m1, v.x, v.y, v.z), MAP (m2, v.x, v.y, v.z));
      }
#endif
      OUT_STORE (1, x, y, c.x);
      OUT_STORE (2, x, y, c.y);
    }
  }
#endif
}
#endif
