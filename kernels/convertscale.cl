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
/* PoCL compiles vstore16 of bytes to one store per byte, and vload8 to
 * several loads; an access through a vector type of alignment 1 is one
 * vector access (as in convert.cl). */
typedef uchar16 __attribute__ ((aligned (1))) unaligned_uchar16;
typedef uchar8 __attribute__ ((aligned (1))) unaligned_uchar8;

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

/* Rounds of interleaving the bytes of r[i] and r[i + N / 2], i below
 * N / 2, into r[2 i] (first halves) and r[2 i + 1] (second halves): with
 * N = RUN, four rounds take r[l] holding RUN bytes of lane l to r[b]
 * holding byte b of every lane; with N = RUN / 2, three rounds take r[i]
 * holding 8 bytes of lane i then 8 of lane i + 8 to r[j] (and r[j + 4])
 * holding bytes 2 j and 2 j + 1 of lanes 0 .. 7 (and 8 .. 15). A macro:
 * the loops unroll where their counts are literals. */
#define INTERLEAVE_ROUNDS(r, N, ROUNDS) \
  do { \
    _Pragma ("unroll") \
    for (int round_ = 0; round_ < (ROUNDS); round_++) { \
      uchar16 o_[N]; \
      _Pragma ("unroll") \
      for (int i_ = 0; i_ < (N) / 2; i_++) { \
        o_[2 * i_] = INTERLEAVE_LO ((r)[i_], (r)[i_ + (N) / 2]); \
        o_[2 * i_ + 1] = INTERLEAVE_HI ((r)[i_], (r)[i_ + (N) / 2]); \
      } \
      _Pragma ("unroll") \
      for (int i_ = 0; i_ < (N); i_++) \
        (r)[i_] = o_[i_]; \
    } \
  } while (0)

/* The bytes of the lanes from row + o[l], transposed: t[b] holds byte b
 * from each lane's first, for b below n, RUN or RUN / 2 (half as many
 * loads and shuffles, where the taps need no more). Each lane's n bytes
 * lie in the row. */
static inline __attribute__ ((always_inline)) void
load_lanes (__global const uchar * row, const int o[RUN], int n,
    uchar16 t[RUN])
{
  uchar16 r[RUN / 2];

  if (n == RUN) {
    _Pragma ("unroll")
    for (int l = 0; l < RUN; l++)
      t[l] = *(__global const unaligned_uchar16 *) (row + o[l]);
    INTERLEAVE_ROUNDS (t, 16, 4);
    return;
  }
  _Pragma ("unroll")
  for (int i = 0; i < RUN / 2; i++)
    r[i] = (uchar16) (*(__global const unaligned_uchar8 *) (row + o[i]),
        *(__global const unaligned_uchar8 *) (row + o[i + RUN / 2]));
  INTERLEAVE_ROUNDS (r, 8, 3);
  _Pragma ("unroll")
  for (int b = 0; b < RUN / 2; b++)
    t[b] = (b & 1) ? (uchar16) (r[b / 2].hi, r[b / 2 + 4].hi) :
        (uchar16) (r[b / 2].lo, r[b / 2 + 4].lo);
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

/* Stores the rows pass's sums v at p, a final sum (last) with a
 * non-temporal store: the intermediate is written whole before the
 * columns pass reads it, and from HD frames up it is larger than the
 * caches, so reading the line first would buy nothing. */
static void
store_sums (__global lanes_t * p, lanes_t v, int last)
{
  if (last)
    __builtin_nontemporal_store (v, p);
  else
    *p = v;
}

/* The rows pass's functions take a plane's layout as arguments, so that
 * their code is compiled once (PoCL does not inline them), not once a
 * component. A work-item makes ROWS_PASS_ROWS rows (those past the
 * plane's last row repeat it: the same sums, stored again), which share
 * the work-item's set-up and the weights' loads, and whose independent
 * sums keep the SIMD units busy where one would wait for its own previous
 * tap. */
#define ROWS_PASS_ROWS 4

/* The taps n bytes of pixels of step bytes hold: n / step, each division
 * by a constant. */
static int
group_taps (int n, int step)
{
  return step == 1 ? n : step == 2 ? n / 2 : step == 3 ? n / 3 : n / 4;
}

/* The sums of the lanes (output samples x0 .. of table tx, whose taps
 * start at input pixels s[l]) of count components at byte offsets off[]
 * of the 8-bit pixels of step bytes of the rows from row, pitch bytes
 * apart (rows of them), into the rows from out[], out_pitch floats apart:
 * n bytes a lane (RUN, or RUN / 2 where they hold every tap) from each
 * group of n / step taps, one load each, transposed, where a gather takes
 * one load a tap. All of them lie in the row, and every lane in the
 * table. */
__attribute__ ((noinline))
static void
sum_rows_bytes (__global const uchar * row, int pitch, int rows, int step,
    int n, int count, const int off[4], const int s[RUN], Table tx, int x0,
    __global float *const out[4], int out_pitch)
{
  const int group = group_taps (n, step);

  for (int k = 0; k < tx.taps; k += group) {
    const int last = k + group >= tx.taps;
    uchar16 t[ROWS_PASS_ROWS][RUN];
    int o[RUN];                 /* the lanes' bytes in a row */

    vstore16 ((vload16 (0, s) + k) * step, 0, o);
    for (int r = 0; r < ROWS_PASS_ROWS; r++)
      load_lanes (row + min (r, rows - 1) * pitch, o, n, t[r]);
    for (int i = 0; i < count; i++) {
      lanes_t sum[ROWS_PASS_ROWS];

      /* a later group goes on from the sums so far, in the same order */
      _Pragma ("unroll")
      for (int r = 0; r < ROWS_PASS_ROWS; r++)
        sum[r] = k == 0 ? (lanes_t) (0.0f) :
            *(__global lanes_t *) (out[i] + min (r, rows - 1) * out_pitch);
      for (int j = 0; j < min (group, tx.taps - k); j++) {
        const lanes_t w = vload16 (0, tx.weights + (k + j) * tx.size + x0);

        _Pragma ("unroll")
        for (int r = 0; r < ROWS_PASS_ROWS; r++)
          sum[r] += w * convert_float16 (t[r][j * step + off[i]]);
      }
      _Pragma ("unroll")
      for (int r = 0; r < ROWS_PASS_ROWS; r++)
        store_sums ((__global lanes_t *) (out[i] + min (r, rows - 1) *
                out_pitch), sum[r], last);
    }
  }
}

/* The values of row at idx[l], lane by lane. */
static lanes_t
gather_values (__global const in_t * row, const int idx[RUN])
{
  in_t v[RUN];

  _Pragma ("unroll")
  for (int l = 0; l < RUN; l++)
    v[l] = row[idx[l]];
  return convert_float16 (vload16 (0, v) >> IN_SHIFT);
}

/* The sums of the lanes of one component at offset off of the pixels of
 * step values of the rows from row (as sum_rows_bytes () has them), of w
 * pixels, into the rows from out: tap by tap, each lane's clamped to the
 * row. */
__attribute__ ((noinline))
static void
sum_rows_values (__global const in_t * row, int pitch, int rows, int step,
    int off, int w, const int s[RUN], Table tx, int x0, __global float *out,
    int out_pitch)
{
  const int16 first = vload16 (0, s);
  lanes_t sum[ROWS_PASS_ROWS];

  _Pragma ("unroll")
  for (int r = 0; r < ROWS_PASS_ROWS; r++)
    sum[r] = (lanes_t) (0.0f);
  for (int k = 0; k < tx.taps; k++) {
    const lanes_t weight = tap_weights (tx, k, x0);
    int idx[RUN];

    vstore16 (clamp (first + k, 0, w - 1) * step + off, 0, idx);
    _Pragma ("unroll")
    for (int r = 0; r < ROWS_PASS_ROWS; r++)
      sum[r] += weight * gather_values (row + min (r, rows - 1) * pitch,
          idx);
  }
  _Pragma ("unroll")
  for (int r = 0; r < ROWS_PASS_ROWS; r++)
    store_sums ((__global lanes_t *) (out + min (r, rows - 1) * out_pitch),
        sum[r], 1);
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
 * pixels, for components r, of rows of their rows: the components of one
 * plane at once, with vector loads where the plane is 8-bit and each
 * lane's group of taps lies in the row; else one by one, tap by tap. */
static void
sum_rows (const RowComponents * r, int rows, Table tx, int w, int x0,
    int out_pitch)
{
  const int whole = x0 + RUN <= tx.size;
  int s[RUN];

  if (whole) {
    vstore16 (vload16 (0, tx.starts + x0), 0, s);
  } else {
    _Pragma ("unroll")
    for (int l = 0; l < RUN; l++)
      s[l] = tx.starts[min (x0 + l, tx.size - 1)];
  }

  for (int i = 0, j; i < r->n; i = j) {
    const int step = r->step[i];
    const int n = tx.taps * step <= RUN / 2 ? RUN / 2 : RUN;
    const int group = group_taps (n, step);
    int last = 0;               /* the last group's first tap */

    while (last + group < tx.taps)
      last += group;
    /* the components of the same plane: packed and semi-planar formats */
    for (j = i + 1; j < r->n && r->row[j] == r->row[i]
        && r->step[j] == step; j++);
    if (IN_BYTES == 1 && IN_SHIFT == 0 && whole && s[0] >= 0
        && (s[RUN - 1] + last) * step + n <= w * step) {
      sum_rows_bytes ((__global const uchar *) r->row[i], r->pitch[i], rows,
          step, n, j - i, r->off + i, s, tx, x0, r->out + i, out_pitch);
      continue;
    }
    for (int c = i; c < j; c++)
      sum_rows_values (r->row[c], r->pitch[c], rows, step, r->off[c], w, s,
          tx, x0, r->out[c], out_pitch);
  }
}

/* A work-item of the rows pass: the components of needs, of rows input
 * rows from y, into out (the lanes' place in the intermediate's rows)
 * plus each one's plane. Not inlined: PoCL keeps the arrays of a kernel's
 * body for every work-item of the group (to vectorise across them). */
__attribute__ ((noinline))
static void
rows_run (IN_PARAMS, int needs, int y, int rows, __global float *out,
    int4 planes, int pitch, Table tx, int w, int x0)
{
  RowComponents r;

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
  sum_rows (&r, rows, tx, w, x0, pitch);
}

/* The rows pass of output grid g from input grid ig (0: pixels, 1:
 * chroma samples): RUN samples of ROWS_PASS_ROWS input rows a work-item,
 * stored
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
  const int x0 = get_global_id (0) * RUN;
  const int y = get_global_id (1) * ROWS_PASS_ROWS;

  if (x0 >= tx.size || y >= h)
    return;
  rows_run (in0 + in0_offset, in0_pitch, in1 + in1_offset, in1_pitch,
      in2 + in2_offset, in2_pitch, needs, y, min (ROWS_PASS_ROWS, h - y),
      tmp + y * pitch + x0, planes, pitch, tx, w, x0);
}

/* The columns pass's sums for lanes rx0 .. rx0 + RUN - 1 of the
 * picture's row ry on the planes p0 and, where two, p1, whose rows follow
 * one table, ty, over h rows: each lane's column clamped to the picture's
 * rect_w (those of a run in the planes' rows, 0 .. pitch - 1, read as
 * they are), each tap's row to the planes. */
static void
sum_columns_clamped (__global const float *p0, __global const float *p1,
    int two, int pitch, int h, Table ty, int ry, int rx0, int rect_w,
    lanes_t * sum0, lanes_t * sum1)
{
  const int first = ty.starts[ry];
  __global const float *w = ty.weights + ry;
  lanes_t s0 = (lanes_t) (0.0f), s1 = (lanes_t) (0.0f);

  for (int k = 0; k < ty.taps; k++) {
    const int row = clamp (first + k, 0, h - 1) * pitch;
    float v0[RUN], v1[RUN];

    if (rx0 >= 0 && rx0 + RUN <= pitch) {
      vstore16 (vload16 (0, p0 + row + rx0), 0, v0);
      vstore16 (vload16 (0, p1 + row + rx0), 0, v1);
    } else {
      _Pragma ("unroll")
      for (int l = 0; l < RUN; l++) {
        v0[l] = p0[row + clamp (rx0 + l, 0, rect_w - 1)];
        v1[l] = p1[row + clamp (rx0 + l, 0, rect_w - 1)];
      }
    }
    s0 += w[k * ty.size] * vload16 (0, v0);
    if (two)
      s1 += w[k * ty.size] * vload16 (0, v1);
  }
  *sum0 = s0;
  *sum1 = s1;
}

/* sum_columns_clamped () for the two runs from rx0, in the planes' rows,
 * whose taps lie in the planes: vector loads, no clamps, into sum0[] and
 * sum1[]. The four sums are independent: the SIMD units take one while
 * another waits for its previous tap. */
static inline __attribute__ ((always_inline)) void
sum_columns (__global const float *p0, __global const float *p1, int two,
    int pitch, Table ty, int ry, int rx0, lanes_t sum0[2], lanes_t sum1[2])
{
  const int offset = ty.starts[ry] * pitch + rx0;
  __global const float *w = ty.weights + ry;
  lanes_t s0 = (lanes_t) (0.0f), s0b = s0, s1 = s0, s1b = s0;

  p0 += offset;
  p1 += offset;
  for (int k = 0; k < ty.taps; k++, p0 += pitch, p1 += pitch) {
    const float weight = w[k * ty.size];

    s0 += weight * vload16 (0, p0);
    s0b += weight * vload16 (0, p0 + RUN);
    if (two) {
      s1 += weight * vload16 (0, p1);
      s1b += weight * vload16 (0, p1 + RUN);
    }
  }
  sum0[0] = s0;
  sum0[1] = s0b;
  sum1[0] = s1;
  sum1[1] = s1b;
}

/* Whether table ty's taps of output sample i lie in h input samples. */
static int
taps_inside (Table ty, int i, int h)
{
  return ty.starts[i] >= 0 && ty.starts[i] + ty.taps <= h;
}

/* Output components 0, 1, 2 and alpha of a run. */
typedef struct
{
  lanes_t c[4];
} RunValues;

/* The intermediate's planes and tables that the columns pass of one
 * output grid reads: luma and alpha on the input's pixels (rows h), chroma
 * on its own grid (rows chroma_h). */
typedef struct
{
  __global const float *luma, *u, *v, *alpha;
  int pitch;
  Table pixels, chroma;
  int h, chroma_h;
} ColumnPlanes;

/* The map of the sums of a run's components. */
static inline __attribute__ ((always_inline)) RunValues
map_run (lanes_t luma, lanes_t u, lanes_t v, lanes_t alpha, float4 m0,
    float4 m1, float4 m2, float alpha_scale)
{
  RunValues r;

  r.c[0] = MAP (m0, luma, u, v);
  r.c[1] = MAP (m1, luma, u, v);
  r.c[2] = MAP (m2, luma, u, v);
  r.c[3] = alpha * alpha_scale;
  return r;
}

/* The converted samples x0 .. x0 + RUN - 1 of row y of output grid g,
 * whose picture is rect, as convert_run () makes them, where the run
 * meets the picture's edges or its taps the input's: the border outside
 * the picture, the rest clamped. Apart, so that the common case does not
 * pay for its set-up. */
__attribute__ ((noinline))
static RunValues
convert_run_edge (const ColumnPlanes * cp, int g, int x0, int y, int4 rect,
    float4 m0, float4 m1, float4 m2, float alpha_scale, float4 border)
{
  const int needs = g ? CHROMA_NEEDS : PIXEL_NEEDS;
  const int ry = y - rect.y, rx0 = x0 - rect.x;
  const int16 x = x0 + (int16) (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
      13, 14, 15);
  const int16 outside = x < rect.x || x >= rect.x + rect.z;
  lanes_t luma = (lanes_t) (0.0f), u = luma, v = luma, alpha = luma, unused;
  RunValues r;

  if (ry < 0 || ry >= rect.w || x0 + RUN <= rect.x
      || x0 >= rect.x + rect.z) {
    r.c[0] = (lanes_t) (border.x);
    r.c[1] = (lanes_t) (border.y);
    r.c[2] = (lanes_t) (border.z);
    r.c[3] = (lanes_t) (border.w);
    return r;
  }
  if (needs & (NEEDS_LUMA | NEEDS_ALPHA))
    sum_columns_clamped ((needs & NEEDS_LUMA) ? cp->luma : cp->alpha,
        cp->alpha, (needs & NEEDS_LUMA) && (needs & NEEDS_ALPHA), cp->pitch,
        cp->h, cp->pixels, ry, rx0, rect.z, (needs & NEEDS_LUMA) ? &luma :
        &alpha, (needs & NEEDS_LUMA) ? &alpha : &unused);
  if (needs & NEEDS_CHROMA)
    sum_columns_clamped (cp->u, cp->v, 1, cp->pitch, cp->chroma_h,
        cp->chroma, ry, rx0, rect.z, &u, &v);
  r = map_run (luma, u, v, alpha, m0, m1, m2, alpha_scale);
  r.c[0] = select (r.c[0], (lanes_t) (border.x), outside);
  r.c[1] = select (r.c[1], (lanes_t) (border.y), outside);
  r.c[2] = select (r.c[2], (lanes_t) (border.z), outside);
  r.c[3] = select (r.c[3], (lanes_t) (border.w), outside);
  return r;
}

/* The converted samples of the two runs from x0 of row y of output grid
 * g, whose picture is rect, into r[]; inside: whether both lie in the
 * picture's columns and the planes' rows. The runs share their weights'
 * loads and their checks. */
static inline __attribute__ ((always_inline)) void
convert_runs (const ColumnPlanes * cp, int g, int x0, int y, int4 rect,
    int inside, float4 m0, float4 m1, float4 m2, float alpha_scale,
    float4 border, RunValues r[2])
{
  const int needs = g ? CHROMA_NEEDS : PIXEL_NEEDS;
  const int ry = y - rect.y, rx0 = x0 - rect.x;
  lanes_t luma[2], u[2], v[2], alpha[2], unused[2];

  if (!inside || ry < 0 || ry >= rect.w
      || ((needs & (NEEDS_LUMA | NEEDS_ALPHA))
          && !taps_inside (cp->pixels, ry, cp->h))
      || ((needs & NEEDS_CHROMA)
          && !taps_inside (cp->chroma, ry, cp->chroma_h))) {
    r[0] = convert_run_edge (cp, g, x0, y, rect, m0, m1, m2, alpha_scale,
        border);
    r[1] = convert_run_edge (cp, g, x0 + RUN, y, rect, m0, m1, m2,
        alpha_scale, border);
    return;
  }
  _Pragma ("unroll")
  for (int j = 0; j < 2; j++)
    luma[j] = u[j] = v[j] = alpha[j] = (lanes_t) (0.0f);
  if (needs & (NEEDS_LUMA | NEEDS_ALPHA))
    sum_columns ((needs & NEEDS_LUMA) ? cp->luma : cp->alpha, cp->alpha,
        (needs & NEEDS_LUMA) && (needs & NEEDS_ALPHA), cp->pitch, cp->pixels,
        ry, rx0, (needs & NEEDS_LUMA) ? luma : alpha,
        (needs & NEEDS_LUMA) ? alpha : unused);
  if (needs & NEEDS_CHROMA)
    sum_columns (cp->u, cp->v, 1, cp->pitch, cp->chroma, ry, rx0, u, v);
  _Pragma ("unroll")
  for (int j = 0; j < 2; j++)
    r[j] = map_run (luma[j], u[j], v[j], alpha[j], m0, m1, m2, alpha_scale);
}

/* Code values, rounded and saturated as OUT_STORE does. */
#define QUANTIZE(lanes) \
  (clamp (convert_int16 ((lanes) + 0.5f), 0, OUT_MAX) << OUT_SHIFT)

/* Stores code values q of a component at offset off of the samples of
 * step values of row, samples x0 .. those below width, one by one. Apart,
 * so that whole runs do not pay for its set-up. */
__attribute__ ((noinline))
static void
store_values (__global out_t * row, int step, int off, int x0, int width,
    int16 q)
{
  int v[RUN];

  vstore16 (q, 0, v);
  for (int l = 0; l < RUN && x0 + l < width; l++)
    row[(x0 + l) * step + off] = (out_t) v[l];
}

/* Stores component c of samples x0 .. of row y, those below width: a
 * whole run of 8-bit values, one a sample, as a vector. */
#define STORE_RUN(c, x0, y, width, lanes) \
  do { \
    __global out_t *row_ = OUT_PLANE_##c + (y) * OUT_PITCH_##c; \
    if ((x0) + RUN <= (width) && OUT_BYTES == 1 && OUT_STEP_##c == 1) \
      *(__global unaligned_uchar16 *) ((__global uchar *) row_ + (x0) \
          + OUT_OFF_##c) = convert_uchar16 (QUANTIZE (lanes)); \
    else \
      store_values (row_, OUT_STEP_##c, OUT_OFF_##c, x0, width, \
          QUANTIZE (lanes)); \
  } while (0)

#if OUT_BYTES == 1 && defined(OUT_CHROMA) && !OUT_SUBSAMPLED \
    && (defined(OUT_ALPHA) || defined(OUT_PAD)) && OUT_STEP_0 == 4
/* 4-byte pixels, every component in one plane (RGBA, AYUV and their
 * orders): a whole run is stored as one vector of 32-bit pixels, each
 * component shifted to its byte (where interleaving bytes takes dozens
 * of shuffles). */
#define OUT_PACKED4
typedef uint16 __attribute__ ((aligned (4))) unaligned_uint16;
#define PACKED_BYTE(lanes, off) (as_uint16 (QUANTIZE (lanes)) << (8 * (off)))
#endif

#if OUT_BYTES == 1 && OUT_SUBSAMPLED && OUT_STEP_1 == 2
/* Chroma pairs (NV12, NV21): a whole run is stored as one vector of
 * 16-bit pairs. */
#define OUT_PAIRS
typedef ushort16 __attribute__ ((aligned (2))) unaligned_ushort16;
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
    *(__global unaligned_uint16 *) (OUT_PLANE_0 + y * OUT_PITCH_0 + 4 * x0) =
        PACKED_BYTE (r->c[0], OUT_OFF_0) | PACKED_BYTE (r->c[1], OUT_OFF_1)
        | PACKED_BYTE (r->c[2], OUT_OFF_2) | PACKED_BYTE (alpha, OUT_OFF_A);
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
    *(__global unaligned_ushort16 *) (OUT_PLANE_1 + y * OUT_PITCH_1 + 2 * x0)
        = convert_ushort16 (QUANTIZE (r->c[1]) << (8 * OUT_OFF_1)
        | QUANTIZE (r->c[2]) << (8 * OUT_OFF_2));
    return;
  }
#endif
  STORE_RUN (1, x0, y, width, r->c[1]);
  STORE_RUN (2, x0, y, width, r->c[2]);
#endif
}

/* A work-item of the columns pass: two runs of samples from x0 of rows y
 * .. y + rows - 1 of output grid g, of w samples a row. The rows share
 * the work-item's set-up, and read mostly the same rows of the
 * intermediate, the second time from the cache. Not inlined, as
 * rows_run (). */
__attribute__ ((noinline))
static void
columns_run (__global const float *tmp, int4 planes, int pitch,
    int4 in_size, __global out_t * out0, int out0_pitch,
    __global out_t * out1, int out1_pitch, __global out_t * out2,
    int out2_pitch, int g, int x0, int y, int rows, int w, int4 rect,
    float4 m0, float4 m1, float4 m2, float alpha_scale, float4 border,
    __global const int *tables, __global const float *weights)
{
  const int rx0 = x0 - rect.x;
  const int inside = rx0 >= 0 && rx0 + 2 * RUN <= rect.z
      && rx0 + 2 * RUN <= pitch;
  ColumnPlanes cp;

  cp.luma = tmp + planes.x;
  cp.u = tmp + planes.y;
  cp.v = tmp + planes.z;
  cp.alpha = tmp + planes.w;
  cp.pitch = pitch;
  cp.pixels = table_at (tables, weights, g * 4 + 1);
  cp.chroma = table_at (tables, weights, g * 4 + IN_SUBSAMPLED * 2 + 1);
  cp.h = in_size.y;
  cp.chroma_h = IN_SUBSAMPLED ? in_size.w : in_size.y;

  for (int i = 0; i < rows; i++) {
    RunValues r[2];

    convert_runs (&cp, g, x0, y + i, rect, inside, m0, m1, m2, alpha_scale,
        border, r);
    _Pragma ("unroll")
    for (int j = 0; j < 2 && x0 + j * RUN < w; j++) {
      if (g)
        store_chroma (out0, out0_pitch, out1, out1_pitch, out2, out2_pitch,
            x0 + j * RUN, y + i, w, &r[j]);
      else
        store_pixels (out0, out0_pitch, out1, out1_pitch, out2, out2_pitch,
            x0 + j * RUN, y + i, w, &r[j]);
    }
  }
}

/* The columns pass of output grid g: two runs of samples of COLUMN_ROWS
 * rows a work-item. width and height: the output's pixels; rect and
 * chroma_rect: the picture on the output's pixels and chroma samples. */
#define COLUMN_ROWS 4
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
  const int x0 = get_global_id (0) * 2 * RUN; \
  const int y = get_global_id (1) * COLUMN_ROWS; \
  const int w = (g) ? (width + BLOCK_W - 1) / BLOCK_W : width; \
  const int h = (g) ? (height + BLOCK_H - 1) / BLOCK_H : height; \
 \
  if (x0 >= w || y >= h) \
    return; \
  columns_run (tmp, planes, pitch, in_size, out0 + out0_offset, \
      out0_pitch, out1 + out1_offset, out1_pitch, out2 + out2_offset, \
      out2_pitch, (g), x0, y, min (COLUMN_ROWS, h - y), w, \
      (g) ? chroma_rect : rect, m0, m1, m2, alpha_scale, border, tables, \
      weights); \
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
  START_PLANES ();

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
