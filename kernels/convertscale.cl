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

#ifdef GST_CL_VECTORS
/* CPU devices (-DGST_CL_VECTORS): PoCL does not vectorise across
 * work-items, so the resampling runs in two passes that make RUN values a
 * work-item, in vectors, through a float intermediate. The rows pass
 * (convert_scale_rows, once for each output grid and input grid)
 * resamples along x, at the output grid's columns of the picture, every
 * row of each input component that grid reads, into a plane of the
 * intermediate of `pitch` floats a row (a multiple of RUN: the host's
 * GstCLConvertIntermediate); the columns pass (convert_scale_columns_<g>
 * for output grid g) resamples those planes down, converts and stores,
 * the border included. Each lane sums the taps convert_scale_frame sums
 * for its sample, in the same order (along x, then down), so that the two
 * paths give the same bits. */

#define RUN 16                  /* GST_CL_CONVERT_RUN */
typedef float16 lanes_t;
/* PoCL compiles vstore16 of bytes to one store per byte; a store through
 * a vector type of alignment 1 is one vector store (as in convert.cl). */
typedef uchar16 __attribute__ ((aligned (1))) unaligned_uchar16;

/* The components on the input's pixels, and on its chroma samples. */
#define ON_PIXELS (NEEDS_LUMA | NEEDS_ALPHA \
    | (IN_SUBSAMPLED ? 0 : NEEDS_CHROMA))
#define ON_CHROMA (IN_SUBSAMPLED ? NEEDS_CHROMA : 0)

/* The lanes of the first (LO) or second (HI) half of a and b, in turn:
 * a0 b0 a1 b1 ... (swizzles, which compile to shuffles where PoCL's
 * shuffle2 () is a call). */
#define INTERLEAVE_LO(a, b) (uchar16) ((a).s0, (b).s0, (a).s1, (b).s1, \
    (a).s2, (b).s2, (a).s3, (b).s3, (a).s4, (b).s4, (a).s5, (b).s5, \
    (a).s6, (b).s6, (a).s7, (b).s7)
#define INTERLEAVE_HI(a, b) (uchar16) ((a).s8, (b).s8, (a).s9, (b).s9, \
    (a).sa, (b).sa, (a).sb, (b).sb, (a).sc, (b).sc, (a).sd, (b).sd, \
    (a).se, (b).se, (a).sf, (b).sf)

/* r[l] holds RUN bytes of lane l; afterwards r[b] holds byte b of every
 * lane: four rounds of interleaving halves. */
static void
transpose_bytes (uchar16 r[RUN])
{
  _Pragma ("unroll")
  for (int round = 0; round < 4; round++) {
    uchar16 o[RUN];

    _Pragma ("unroll")
    for (int i = 0; i < RUN / 2; i++) {
      o[2 * i] = INTERLEAVE_LO (r[i], r[i + RUN / 2]);
      o[2 * i + 1] = INTERLEAVE_HI (r[i], r[i + RUN / 2]);
    }
    _Pragma ("unroll")
    for (int i = 0; i < RUN; i++)
      r[i] = o[i];
  }
}

/* The weights of tap k of the lanes from output sample x0 of table tx,
 * those past its end repeating its last. */
static inline __attribute__ ((always_inline)) lanes_t
tap_weights (Table tx, int k, int x0)
{
  __global const float *w = tx.weights + k * tx.size;
  float v[RUN];

  if (x0 + RUN <= tx.size)
    return vload16 (0, w + x0);
  _Pragma ("unroll")
  for (int l = 0; l < RUN; l++)
    v[l] = w[min (x0 + l, tx.size - 1)];
  return vload16 (0, v);
}

/* The rows pass's functions take a plane's layout as arguments, so that
 * their code is compiled once (PoCL does not inline them), not once a
 * component. A work-item makes two rows, the second dy rows below the
 * first (dy 0 where the plane has one row left: the same sums, stored
 * twice), whose independent sums keep the SIMD units busy where one
 * would wait for its own previous tap.
 *
 * The sums of the lanes (output samples x0 .. of table tx, whose taps
 * start at input pixels s[l]) of n components at byte offsets off[] of
 * the 8-bit pixels of step bytes of row (and row + dy * pitch), into
 * out[] (and out[] + dy * out_pitch): RUN bytes a lane from each group of
 * RUN / step taps, one load each, transposed, where a gather takes one
 * load a tap. All of them lie in the row. */
__attribute__ ((noinline))
static void
sum_rows_bytes (__global const uchar * row, int pitch, int dy, int step,
    int n, const int off[4], const int s[RUN], Table tx, int x0,
    __global float *const out[4], int out_pitch)
{
  const int group = RUN / step;

  for (int k = 0; k < tx.taps; k += group) {
    uchar16 t0[RUN], t1[RUN];

    _Pragma ("unroll")
    for (int l = 0; l < RUN; l++) {
      t0[l] = vload16 (0, row + (s[l] + k) * step);
      t1[l] = vload16 (0, row + dy * pitch + (s[l] + k) * step);
    }
    transpose_bytes (t0);
    transpose_bytes (t1);
    for (int i = 0; i < n; i++) {
      __global lanes_t *p0 = (__global lanes_t *) out[i];
      __global lanes_t *p1 = (__global lanes_t *) (out[i] + dy * out_pitch);
      /* a later group goes on from the sums so far, in the same order */
      lanes_t sum0 = k == 0 ? (lanes_t) (0.0f) : *p0;
      lanes_t sum1 = k == 0 ? (lanes_t) (0.0f) : *p1;

      for (int j = 0; j < min (group, tx.taps - k); j++) {
        const lanes_t w = tap_weights (tx, k + j, x0);

        sum0 += w * convert_float16 (t0[j * step + off[i]]);
        sum1 += w * convert_float16 (t1[j * step + off[i]]);
      }
      *p0 = sum0;
      *p1 = sum1;
    }
  }
}

/* Tap k of the lanes of component off of the pixels of step values of
 * row, each lane's clamped to the row's w pixels. */
static lanes_t
gather_tap (__global const in_t * row, int step, int off, int w,
    const int s[RUN], int k)
{
  float v[RUN];

  _Pragma ("unroll")
  for (int l = 0; l < RUN; l++)
    v[l] = convert_float (row[clamp (s[l] + k, 0, w - 1) * step + off]
        >> IN_SHIFT);
  return vload16 (0, v);
}

/* The sums of the lanes of one component at offset off of the pixels of
 * step values of row (and row + dy * pitch), of w pixels, into out (and
 * out + dy * out_pitch): tap by tap. */
__attribute__ ((noinline))
static void
sum_rows_values (__global const in_t * row, int pitch, int dy, int step,
    int off, int w, const int s[RUN], Table tx, int x0, __global float *out,
    int out_pitch)
{
  lanes_t sum0 = (lanes_t) (0.0f), sum1 = (lanes_t) (0.0f);

  for (int k = 0; k < tx.taps; k++) {
    const lanes_t weight = tap_weights (tx, k, x0);

    sum0 += weight * gather_tap (row, step, off, w, s, k);
    sum1 += weight * gather_tap (row + dy * pitch, step, off, w, s, k);
  }
  *(__global lanes_t *) out = sum0;
  *(__global lanes_t *) (out + dy * out_pitch) = sum1;
}

/* The components of the rows pass: the first row of each one's plane,
 * its pitch, step and offset there, and where its sums go. */
typedef struct
{
  int n;
  __global const in_t *row[4];
  int pitch[4];
  int step[4];
  int off[4];
  __global float *out[4];
} RowComponents;

#define ADD_COMPONENT(r, c, y, dst) \
  do { \
    (r)->row[(r)->n] = IN_PLANE_##c + (y) * IN_PITCH_##c; \
    (r)->pitch[(r)->n] = IN_PITCH_##c; \
    (r)->step[(r)->n] = IN_STEP_##c; \
    (r)->off[(r)->n] = IN_OFF_##c; \
    (r)->out[(r)->n++] = (dst); \
  } while (0)

/* The rows pass's sums of lanes x0 .. of table tx, of the input grid's w
 * pixels, for components r, of their rows and the rows dy below: the
 * components of one plane at once, with vector loads where the plane is
 * 8-bit and each lane's group of taps lies in the row; else one by one,
 * tap by tap. */
static void
sum_rows (const RowComponents * r, int dy, Table tx, int w, int x0,
    int out_pitch)
{
  int s[RUN];

  _Pragma ("unroll")
  for (int l = 0; l < RUN; l++)
    s[l] = tx.starts[min (x0 + l, tx.size - 1)];

  for (int i = 0, j; i < r->n; i = j) {
    const int step = r->step[i], group = RUN / step;

    /* the components of the same plane: packed and semi-planar formats */
    for (j = i + 1; j < r->n && r->row[j] == r->row[i]
        && r->step[j] == step; j++);
    if (IN_BYTES == 1 && IN_SHIFT == 0 && x0 + RUN <= tx.size && s[0] >= 0
        && (s[RUN - 1] + (tx.taps - 1) / group * group) * step + RUN
        <= w * step) {
      sum_rows_bytes ((__global const uchar *) r->row[i], r->pitch[i], dy,
          step, j - i, r->off + i, s, tx, x0, r->out + i, out_pitch);
      continue;
    }
    for (int c = i; c < j; c++)
      sum_rows_values (r->row[c], r->pitch[c], dy, step, r->off[c], w, s,
          tx, x0, r->out[c], out_pitch);
  }
}

/* The rows pass of output grid g from input grid ig (0: pixels, 1:
 * chroma samples): RUN samples of two input rows a work-item, stored
 * whole (the planes' rows are padded to a multiple of RUN). planes: the
 * plane of each component (0, 1, 2, alpha), in floats from tmp. */
__kernel void
convert_scale_rows (__global const in_t * in0, int in0_pitch,
    int in0_offset, __global const in_t * in1, int in1_pitch,
    int in1_offset, __global const in_t * in2, int in2_pitch,
    int in2_offset, __global float *tmp, int4 planes, int pitch,
    int4 in_size, __global const int *tables, __global const float *weights,
    int g, int ig)
{
  const int needs = (g ? CHROMA_NEEDS : PIXEL_NEEDS)
      & (ig ? ON_CHROMA : ON_PIXELS);
  const Table tx = table_at (tables, weights, (g * 2 + ig) * 2);
  const int w = ig ? in_size.z : in_size.x, h = ig ? in_size.w : in_size.y;
  const int x0 = get_global_id (0) * RUN, y = get_global_id (1) * 2;
  __global float *out = tmp + y * pitch + x0;
  RowComponents r;

  if (x0 >= tx.size || y >= h)
    return;
  in0 += in0_offset;
  in1 += in1_offset;
  in2 += in2_offset;

  r.n = 0;
  if (needs & NEEDS_LUMA)
    ADD_COMPONENT (&r, 0, y, out + planes.x);
#ifdef IN_CHROMA
  if (needs & NEEDS_CHROMA) {
    ADD_COMPONENT (&r, 1, y, out + planes.y);
    ADD_COMPONENT (&r, 2, y, out + planes.z);
  }
#endif
#ifdef IN_ALPHA
  if (needs & NEEDS_ALPHA)
    ADD_COMPONENT (&r, A, y, out + planes.w);
#endif
  sum_rows (&r, y + 1 < h, tx, w, x0, pitch);
}

/* The columns pass's sum for lanes rx0 .. rx0 + RUN - 1 of the picture's
 * row ry on a plane of h rows from p, table ty: where the run lies in
 * the plane's rows (0 .. pitch - 1), vector loads; else each lane's
 * column clamped to the picture's rect_w. */
static lanes_t
sum_column (__global const float *p, int pitch, int h, Table ty, int ry,
    int rx0, int rect_w)
{
  const int first = ty.starts[ry];
  __global const float *w = ty.weights + ry;
  lanes_t sum = (lanes_t) (0.0f);

  if (rx0 >= 0 && rx0 + RUN <= pitch) {
    p += rx0;
    if (first >= 0 && first + ty.taps <= h) {
      p += first * pitch;
      for (int k = 0; k < ty.taps; k++, p += pitch)
        sum += w[k * ty.size] * vload16 (0, p);
    } else {
      for (int k = 0; k < ty.taps; k++)
        sum += w[k * ty.size] * vload16 (0, p + clamp (first + k, 0,
                h - 1) * pitch);
    }
    return sum;
  }
  for (int k = 0; k < ty.taps; k++) {
    __global const float *row = p + clamp (first + k, 0, h - 1) * pitch;
    float v[RUN];

    _Pragma ("unroll")
    for (int l = 0; l < RUN; l++)
      v[l] = row[clamp (rx0 + l, 0, rect_w - 1)];
    sum += w[k * ty.size] * vload16 (0, v);
  }
  return sum;
}

/* Output components 0, 1, 2 and alpha of a run. */
typedef struct
{
  lanes_t c[4];
} RunValues;

/* The converted samples x0 .. x0 + RUN - 1 of row y of output grid g
 * (whose picture is rect), the border outside the picture. */
static inline __attribute__ ((always_inline)) RunValues
convert_run (__global const float *tmp, int4 planes, int pitch,
    int4 in_size, const int g, int x0, int y, int4 rect,
    __global const int *tables, __global const float *weights, float4 m0,
    float4 m1, float4 m2, float alpha_scale, float4 border)
{
  const int needs = g ? CHROMA_NEEDS : PIXEL_NEEDS;
  const int ry = y - rect.y, rx0 = x0 - rect.x;
  const int16 x = x0 + (int16) (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
      13, 14, 15);
  const int16 outside = x < rect.x || x >= rect.x + rect.z;
  RunValues r;
  lanes_t v[4];

  r.c[0] = (lanes_t) (border.x);
  r.c[1] = (lanes_t) (border.y);
  r.c[2] = (lanes_t) (border.z);
  r.c[3] = (lanes_t) (border.w);
  if (ry < 0 || ry >= rect.w || x0 + RUN <= rect.x
      || x0 >= rect.x + rect.z)
    return r;

  for (int i = 0; i < 4; i++) {
    const int component = i == 0 ? NEEDS_LUMA : i == 3 ? NEEDS_ALPHA :
        NEEDS_CHROMA;
    const int ig = component == NEEDS_CHROMA && IN_SUBSAMPLED;
    const int offsets[4] = { planes.x, planes.y, planes.z, planes.w };

    v[i] = (lanes_t) (0.0f);
    if (needs & component)
      v[i] = sum_column (tmp + offsets[i], pitch, ig ? in_size.w :
          in_size.y, table_at (tables, weights, (g * 2 + ig) * 2 + 1), ry,
          rx0, rect.z);
  }
  r.c[0] = select (MAP (m0, v[0], v[1], v[2]), r.c[0], outside);
  r.c[1] = select (MAP (m1, v[0], v[1], v[2]), r.c[1], outside);
  r.c[2] = select (MAP (m2, v[0], v[1], v[2]), r.c[2], outside);
  r.c[3] = select (v[3] * alpha_scale, r.c[3], outside);
  return r;
}

/* Code values, rounded and saturated as OUT_STORE does. */
#define QUANTIZE(lanes) \
  (clamp (convert_int16 ((lanes) + 0.5f), 0, OUT_MAX) << OUT_SHIFT)

/* Stores component c of samples x0 .. of row y, those below width: a
 * whole run of 8-bit values, one a sample, as a vector. */
#define STORE_RUN(c, x0, y, width, lanes) \
  do { \
    __global out_t *row_ = OUT_PLANE_##c + (y) * OUT_PITCH_##c; \
    int v_[RUN]; \
    if ((x0) + RUN <= (width) && OUT_BYTES == 1 && OUT_STEP_##c == 1) { \
      *(__global unaligned_uchar16 *) ((__global uchar *) row_ + (x0) \
          + OUT_OFF_##c) = convert_uchar16 (QUANTIZE (lanes)); \
    } else { \
      vstore16 (QUANTIZE (lanes), 0, v_); \
      for (int l_ = 0; l_ < RUN && (x0) + l_ < (width); l_++) \
        row_[((x0) + l_) * OUT_STEP_##c + OUT_OFF_##c] = (out_t) v_[l_]; \
    } \
  } while (0)

#if OUT_BYTES == 1 && defined(OUT_CHROMA) && !OUT_SUBSAMPLED \
    && (defined(OUT_ALPHA) || defined(OUT_PAD)) && OUT_STEP_0 == 4
/* 4-byte pixels, every component in one plane (RGBA, AYUV and their
 * orders): a whole run is stored as four vectors. */
#define OUT_PACKED4

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

#if OUT_BYTES == 1 && OUT_SUBSAMPLED && OUT_STEP_1 == 2
/* Chroma pairs (NV12, NV21): a whole run is stored as two vectors. */
#define OUT_PAIRS
#endif

/* Row y of the output's pixels from x0: components 0, 1, 2 where the
 * output has them on its pixels, and alpha (or the padding byte). */
static void
store_pixels (__global out_t * out0, int out0_pitch, __global out_t * out1,
    int out1_pitch, __global out_t * out2, int out2_pitch, int x0, int y,
    int width, const RunValues * r)
{
#if defined(OUT_ALPHA) && defined(IN_ALPHA)
  const lanes_t alpha = r->c[3];
#elif defined(OUT_ALPHA) || defined(OUT_PAD)
  const lanes_t alpha = (lanes_t) (OUT_MAX);
#endif

#ifdef OUT_PACKED4
  if (x0 + RUN <= width) {
    uchar16 b[4];

    b[OUT_OFF_0] = convert_uchar16 (QUANTIZE (r->c[0]));
    b[OUT_OFF_1] = convert_uchar16 (QUANTIZE (r->c[1]));
    b[OUT_OFF_2] = convert_uchar16 (QUANTIZE (r->c[2]));
    b[OUT_OFF_A] = convert_uchar16 (QUANTIZE (alpha));
    store_packed4 ((__global uchar *) OUT_PLANE_0 + y * OUT_PITCH_0 + 4 * x0,
        b);
    return;
  }
#endif
  STORE_RUN (0, x0, y, width, r->c[0]);
#if defined(OUT_CHROMA) && !OUT_SUBSAMPLED
  STORE_RUN (1, x0, y, width, r->c[1]);
  STORE_RUN (2, x0, y, width, r->c[2]);
#endif
#if defined(OUT_ALPHA) || defined(OUT_PAD)
  STORE_RUN (A, x0, y, width, alpha);
#endif
}

/* Row y of the output's chroma samples from x0, of a chroma row of
 * width samples. */
static void
store_chroma (__global out_t * out0, int out0_pitch, __global out_t * out1,
    int out1_pitch, __global out_t * out2, int out2_pitch, int x0, int y,
    int width, const RunValues * r)
{
#if OUT_SUBSAMPLED
#ifdef OUT_PAIRS
  if (x0 + RUN <= width) {
    uchar16 u = convert_uchar16 (QUANTIZE (r->c[1]));
    uchar16 v = convert_uchar16 (QUANTIZE (r->c[2]));
    uchar16 first = OUT_OFF_1 == 0 ? u : v, second = OUT_OFF_1 == 0 ? v : u;
    __global unaligned_uchar16 *q = (__global unaligned_uchar16 *)
        ((__global uchar *) OUT_PLANE_1 + y * OUT_PITCH_1 + 2 * x0);

    q[0] = INTERLEAVE_LO (first, second);
    q[1] = INTERLEAVE_HI (first, second);
    return;
  }
#endif
  STORE_RUN (1, x0, y, width, r->c[1]);
  STORE_RUN (2, x0, y, width, r->c[2]);
#endif
}

/* The columns pass of output grid g: RUN samples of a row a work-item.
 * width and height: the output's pixels; rect and chroma_rect: the
 * picture on the output's pixels and chroma samples. */
#define COLUMNS_KERNEL(g) \
__kernel void \
convert_scale_columns_##g (__global const float *tmp, int4 planes, \
    int pitch, int4 in_size, __global out_t * out0, int out0_pitch, \
    int out0_offset, __global out_t * out1, int out1_pitch, \
    int out1_offset, __global out_t * out2, int out2_pitch, \
    int out2_offset, int width, int height, int4 rect, int4 chroma_rect, \
    float4 m0, float4 m1, float4 m2, float alpha_scale, float4 border, \
    __global const int *tables, __global const float *weights) \
{ \
  const int x0 = get_global_id (0) * RUN, y = get_global_id (1); \
  const int w = (g) ? (width + BLOCK_W - 1) / BLOCK_W : width; \
  const int h = (g) ? (height + BLOCK_H - 1) / BLOCK_H : height; \
  RunValues r; \
 \
  if (x0 >= w || y >= h) \
    return; \
  out0 += out0_offset; \
  out1 += out1_offset; \
  out2 += out2_offset; \
  r = convert_run (tmp, planes, pitch, in_size, (g), x0, y, \
      (g) ? chroma_rect : rect, tables, weights, m0, m1, m2, alpha_scale, \
      border); \
  if (g) \
    store_chroma (out0, out0_pitch, out1, out1_pitch, out2, out2_pitch, \
        x0, y, w, &r); \
  else \
    store_pixels (out0, out0_pitch, out1, out1_pitch, out2, out2_pitch, \
        x0, y, w, &r); \
}

COLUMNS_KERNEL (0)
#if OUT_SUBSAMPLED
COLUMNS_KERNEL (1)
#endif

#else

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

#endif
