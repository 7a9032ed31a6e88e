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
 * GstVideoConverter upsamples. Not subsampled: the pixel's own sample.
 * In quarters, so that convert_runs can upsample in integers. */
static int
up_quarters (int d, int k, int sub, int center)
{
  int u, f;

  if (!sub)
    return k == d + 1 ? 4 : 0;
  /* the pixel's place in quarters of a chroma sample from the block's */
  u = 2 * d - center;
  f = (u + 4) / 4 - 1;          /* floor (u / 4), u >= -4 */
  if (k == f + 1)
    return 4 - (u - 4 * f);
  return k == f + 2 ? u - 4 * f : 0;
}

static float
up_weight (int d, int k, int sub, int center)
{
  return up_quarters (d, k, sub, center) * 0.25f;
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
 * pixel, with the same operations in the same order, so that the two
 * kernels give the same bits. The chroma upsampling is the exception:
 * its sums are exact (8- and 10-bit values times sums of quarters), so
 * it runs in 16-bit integers, in sixteenths. */

typedef float8 halves_t;        /* the output chroma samples of a run */

/* Byte k of RUN 4-byte pixels from p: one load, then shifts. */
static int16
packed4_byte (__global const uchar * p, int k)
{
  return (*(__global const unaligned_int16 *) p >> (8 * k)) & 0xff;
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
      dst = convert_float16 (packed4_byte ((__global const uchar *) row_ \
              + 4 * (x0), IN_OFF_##c)); \
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
 * orders): a whole run is stored as RUN 32-bit words. */
#define OUT_PACKED4

/* Lanes of 8-bit code values as byte k of 32-bit words. */
#define AS_BYTE(lanes, k) (as_uint16 (QUANTIZE (lanes, 16)) << (8 * (k)))
#endif

/* The converted pixels of a run of one row: components 0, 1, 2 (and the
 * input's luma and alpha where the output needs them). */
typedef struct
{
  lanes_t c0, c1, c2;
  lanes_t luma;
  lanes_t alpha;
} RunPixels;

/* The input chroma of a run of one row, as convert_frame's v.yz, and of
 * the pixel left of it (left) where OUT_NEEDS_LEFT. */
typedef struct
{
  lanes_t u, v;
  float2 left;
} RunChroma;

#if defined(IN_CHROMA) && (IN_SUB_X || IN_SUB_Y)
#if !IN_SUB_X
#error "no format subsamples chroma only vertically"
#endif
#define IN_UPSAMPLES

/* The input's chroma samples about a run, of the rows that the block's
 * convert_frame reads (chroma[j]): lanes 0 .. RUN / 2 + 1 hold samples
 * x0 / 2 - 1 .. x0 / 2 + RUN / 2, clamped. */
typedef struct
{
  ushort16 u[3], v[3];
} ChromaWindows;

/* Row cy's samples x0 / 2 - 1 .. x0 / 2 + RUN - 2, clamped: within the
 * row, 8-bit samples, one a value (I420) or pairs (NV12), are loaded as
 * vectors. */
static void
load_chroma_window (IN_PARAMS, int x0, int cy, int cw, ushort16 * u,
    ushort16 * v)
{
  const int first = x0 / 2 - 1;
  ushort su[RUN], sv[RUN];

  if (first >= 0 && first + RUN <= cw && IN_BYTES == 1 && IN_STEP_1 == 1) {
    *u = convert_ushort16 (vload16 (0, IN_PLANE_1 + cy * IN_PITCH_1 +
            first + IN_OFF_1));
    *v = convert_ushort16 (vload16 (0, IN_PLANE_2 + cy * IN_PITCH_2 +
            first + IN_OFF_2));
    return;
  }
  if (first >= 0 && first + RUN <= cw && IN_BYTES == 1 && IN_STEP_1 == 2) {
    ushort16 pairs = *(__global const unaligned_ushort16 *) (IN_PLANE_1 +
        cy * IN_PITCH_1 + 2 * first);
    ushort16 lo = pairs & (ushort) 0xff, hi = pairs >> (ushort) 8;

    *u = IN_OFF_1 == 0 ? lo : hi;
    *v = IN_OFF_2 == 0 ? lo : hi;
    return;
  }
  _Pragma ("unroll")
  for (int k = 0; k < RUN; k++) {
    int cx = clamp (first + k, 0, cw - 1);

    su[k] = IN_CODE (1, cx, cy);
    sv[k] = IN_CODE (2, cx, cy);
  }
  *u = vload16 (0, su);
  *v = vload16 (0, sv);
}

/* Whether row dy (-1, 0, 1) weighs window j, for some row converted. */
static bool
window_used (int j)
{
  for (int dy = -OUT_NEEDS_TOP; dy <= 1; dy++)
    if (up_quarters (dy, j, IN_SUB_Y, IN_CENTER_Y) != 0)
      return true;
  return false;
}

static void
load_chroma_windows (IN_PARAMS, int x0, int y0, int width, int height,
    ChromaWindows * w)
{
  const int cw = (width + 1) >> 1;
  const int ch = (height + (1 << IN_SUB_Y) - 1) >> IN_SUB_Y;

  #pragma unroll
  for (int j = 0; j < 3; j++) {
    if (window_used (j))
      load_chroma_window (IN_ARGS, x0, clamp ((IN_SUB_Y ? y0 / 2 : y0) + j
              - 1, 0, ch - 1), cw, &w->u[j], &w->v[j]);
  }
}

/* Quarters of the weight of window lane i + k in pixel d's chroma, about
 * the block of lanes i and i + 1 of the run. */
#define X_QUARTERS(d, k) ((ushort) up_quarters (d, k, 1, IN_CENTER_X))

/* Window samples in quarters (lanes 0 .. RUN / 2 + 1 of s) upsampled
 * along x to the run's pixels, as convert_frame weighs them. */
static lanes_t
upsample_x (ushort16 s)
{
  ushort8 c0 = s.s01234567, c1 = s.s12345678, c2 = s.s23456789;
  ushort8 even = X_QUARTERS (0, 0) * c0 + X_QUARTERS (0, 1) * c1 +
      X_QUARTERS (0, 2) * c2;
  ushort8 odd = X_QUARTERS (1, 0) * c0 + X_QUARTERS (1, 1) * c1 +
      X_QUARTERS (1, 2) * c2;
  ushort16 p = (ushort16) (even.s0, odd.s0, even.s1, odd.s1, even.s2,
      odd.s2, even.s3, odd.s3, even.s4, odd.s4, even.s5, odd.s5, even.s6,
      odd.s6, even.s7, odd.s7);

  return convert_float16 (convert_int16 (p)) * (1.0f / 16);
}

/* Lanes right of the frame take the chroma of its last pixel, whose luma
 * LOAD_RUN repeats there: a pixel outside the frame is the one at its
 * edge. */
static void
extend_run_chroma (RunChroma * c, int x0, int width)
{
  const int last = width - 1 - x0;
  float u[RUN], v[RUN];

  if (last >= RUN - 1)
    return;
  vstore16 (c->u, 0, u);
  vstore16 (c->v, 0, v);
  for (int l = last + 1; l < RUN; l++) {
    u[l] = u[last];
    v[l] = v[last];
  }
  c->u = vload16 (0, u);
  c->v = vload16 (0, v);
}

/* ... and to the pixel left of the run. */
static float
upsample_left (ushort16 s)
{
  return (X_QUARTERS (-1, 0) * s.s0 + X_QUARTERS (-1, 1) * s.s1 +
      X_QUARTERS (-1, 2) * s.s2) * (1.0f / 16);
}

/* Row y0 + dy's chroma (dy -1, 0 or 1): the windows weighed along y, in
 * quarters, then along x. */
static RunChroma
upsample_run (const ChromaWindows * w, int dy)
{
  ushort16 su = (ushort16) (0), sv = (ushort16) (0);
  RunChroma c;

  #pragma unroll
  for (int j = 0; j < 3; j++) {
    ushort wy = up_quarters (dy, j, IN_SUB_Y, IN_CENTER_Y);

    if (wy == 0)
      continue;
    su += wy * w->u[j];
    sv += wy * w->v[j];
  }
  c.u = upsample_x (su);
  c.v = upsample_x (sv);
  c.left = (float2) (upsample_left (su), upsample_left (sv));
  return c;
}
#else

/* Row y's chroma, read in place. */
static RunChroma
load_run_chroma (IN_PARAMS, int x0, int y, int width)
{
  RunChroma c;
#ifdef IN_CHROMA
  const int lx = max (x0 - 1, 0);

  LOAD_RUN (c.u, 1, x0, y, width);
  LOAD_RUN (c.v, 2, x0, y, width);
  c.left = (float2) (IN_VALUE (1, lx, y), IN_VALUE (2, lx, y));
#else
  c.u = c.v = (lanes_t) (0.0f);
  c.left = (float2) (0.0f);
#endif
  return c;
}
#endif

/* Row y of the run, converted, with chroma c; *left: the pixel left of
 * it (components 0, 1, 2 and the input's luma) where OUT_NEEDS_LEFT. */
static RunPixels
convert_run (IN_PARAMS, const RunChroma * c, int x0, int y, int width,
    float4 m0, float4 m1, float4 m2, float alpha_scale, float4 * left)
{
  RunPixels r;

  LOAD_RUN (r.luma, 0, x0, y, width);
  r.c0 = MAP (m0, r.luma, c->u, c->v);
  r.c1 = MAP (m1, r.luma, c->u, c->v);
  r.c2 = MAP (m2, r.luma, c->u, c->v);
#ifdef IN_ALPHA
  LOAD_RUN (r.alpha, A, x0, y, width);
  r.alpha *= alpha_scale;
#endif
  if (OUT_NEEDS_LEFT) {
    float l0 = IN_VALUE (0, max (x0 - 1, 0), y);
    float2 uv = c->left;

    *left = (float4) (MAP (m0, l0, uv.x, uv.y), MAP (m1, l0, uv.x, uv.y),
        MAP (m2, l0, uv.x, uv.y), l0);
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

/* Stores the chroma samples x0 .. x0 + RUN / 2 - 1 of row y: where the
 * output pairs 8-bit samples (NV12, NV21), a whole run's pairs as one
 * vector. */
static void
store_run_chroma (__global out_t * out1, int out1_pitch,
    __global out_t * out2, int out2_pitch, halves_t cu, halves_t cv,
    int x0, int y, int cw)
{
  if (x0 + RUN / 2 <= cw && OUT_BYTES == 1 && OUT_STEP_1 == 2) {
    int8 pairs = QUANTIZE (cu, 8) << (8 * OUT_OFF_1) |
        QUANTIZE (cv, 8) << (8 * OUT_OFF_2);

    *(__global unaligned_ushort8 *) ((__global uchar *) OUT_PLANE_1 +
        y * OUT_PITCH_1 + 2 * x0) = convert_ushort8 (pairs);
    return;
  }
  STORE_LANES (1, x0, y, cw, cu, 8);
  STORE_LANES (2, x0, y, cw, cv, 8);
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
    *(__global unaligned_uint16 *) ((__global uchar *) OUT_PLANE_0 +
        y * OUT_PITCH_0 + 4 * x0) = AS_BYTE (r->c0, OUT_OFF_0) |
        AS_BYTE (r->c1, OUT_OFF_1) | AS_BYTE (r->c2, OUT_OFF_2) |
        AS_BYTE (alpha, OUT_OFF_A);
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
  /* Rows y0 - 1 .. y0 + 1: [dy + 1], which the chroma samples weigh. */
  RunPixels rows[3];
#ifdef IN_UPSAMPLES
  ChromaWindows windows;
#endif

  if (x0 >= width || y0 >= height)
    return;
  START_PLANES ();

#ifdef IN_UPSAMPLES
  load_chroma_windows (IN_ARGS, x0, y0, width, height, &windows);
#endif
  /* Each row of the block stored as it is converted; every dy a
   * constant, which the weights fold into. */
  #pragma unroll
  for (int dy = -OUT_NEEDS_TOP; dy <= 1; dy++) {
    const int y = clamp (y0 + dy, 0, height - 1);

    if (y0 + dy >= height) {
      /* Below the frame: its last row, chroma included. */
      rows[dy + 1] = rows[dy];
      left[dy + 1] = left[dy];
      continue;
    }
#ifdef IN_UPSAMPLES
    RunChroma c = upsample_run (&windows, dy);

    extend_run_chroma (&c, x0, width);
#else
    RunChroma c = load_run_chroma (IN_ARGS, x0, y, width);
#endif

    rows[dy + 1] = convert_run (IN_ARGS, &c, x0, y, width, m0, m1, m2,
        alpha_scale, &left[dy + 1]);
    if (dy >= 0 && y0 + dy < height)
      store_run_row (OUT_ARGS, &rows[dy + 1], x0, y0 + dy, width);
  }

#if defined(OUT_CHROMA) && (OUT_SUB_X || OUT_SUB_Y)
  /* The chroma samples of the run's blocks: one a block on a subsampled
   * axis (OUT_SUB_X is 1 in every such format), each row on another. */
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
      /* The input's chroma at each output sample: the same sampling,
       * window lanes 1 .. RUN / 2. */
      const int j = OUT_SUB_Y ? 1 : sy + 1;
      halves_t iu = convert_float8 (convert_int8 (windows.u[j].s12345678));
      halves_t iv = convert_float8 (convert_int8 (windows.v[j].s12345678));

      cu = MAP (m1, l, iu, iv);
      cv = MAP (m2, l, iu, iv);
    }
#endif
    store_run_chroma (out1, out1_pitch, out2, out2_pitch, cu, cv, x0 / 2, y,
        (width + 1) >> 1);
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

  /* A pixel outside the frame is the pixel at its edge, chroma
   * included. */
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
          v.yz += up_weight (y - y0, j, IN_SUB_Y, IN_CENTER_Y) *
              up_weight (x - x0, i, IN_SUB_X, IN_CENTER_X) * chroma[j][i];
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
