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

#if OUT_BYTES == 1 && defined(OUT_CHROMA) && !OUT_SUBSAMPLED \
    && (defined(OUT_ALPHA) || defined(OUT_PAD)) && OUT_STEP_0 == 4
/* 4-byte pixels, every component in one plane (RGBA, AYUV and their
 * orders). */
#define OUT_PACKED4
#endif

typedef struct
{
  __global const int *starts;
  __global const float *weights;
  int taps;
  int size;
} Table;

/* The table of header entries h (start, weight, taps, size). */
static Table
table_from (__global const int *tables, __global const float *weights,
    int4 h)
{
  Table r;

  r.starts = tables + h.s0;
  r.weights = weights + h.s1;
  r.taps = h.s2;
  r.size = h.s3;
  return r;
}

static Table
table_at (__global const int *tables, __global const float *weights, int t)
{
  return table_from (tables, weights, vload4 (t, tables));
}

/* Table k (0 to 3) of an output grid, whose 4 tables' header entries
 * the one-pass kernels take as an argument (heads), so that their first
 * loads do not wait on the header's. */
static Table
grid_table (__global const int *tables, __global const float *weights,
    int16 heads, int k)
{
  return table_from (tables, weights, k == 0 ? heads.s0123 : k == 1 ?
      heads.s4567 : k == 2 ? heads.s89ab : heads.scdef);
}

#ifdef GST_CL_VECTORS
/* CPU devices (-DGST_CL_VECTORS): PoCL does not vectorise across
 * work-items, so the resampling runs in two passes whose work-items make
 * runs of RUN values in vectors, through a float intermediate. The rows
 * pass (convert_scale_rows, once for each output grid and input grid)
 * resamples along x, at the output grid's columns of the picture, every
 * row of each input component that grid reads, into a plane of the
 * intermediate of `pitch` floats a row (a multiple of RUN: the host's
 * GstCLConvertIntermediate); the columns pass (convert_scale_columns_<g>
 * for output grid g) resamples those planes down, converts and stores,
 * the border included. Each value is the sum of the taps
 * convert_scale_frame sums for its sample, in the same order (along x,
 * then down), so that the two paths give the same bits. */

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
 * lane: four rounds of interleaving the bytes of r[i] and r[i + 8] into
 * r[2 i] (first halves) and r[2 i + 1] (second halves). */
static inline __attribute__ ((always_inline)) void
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

/* r[i] holds 8 values of lane i; afterwards r[j] holds value j of every
 * lane: in-lane unpacking and shuffles, then swaps of 128-bit halves. */
static inline __attribute__ ((always_inline)) void
transpose_floats (float8 r[8])
{
  float8 t[8], u[8];

  _Pragma ("unroll")
  for (int i = 0; i < 8; i += 2) {
    t[i] = (float8) (r[i].s0, r[i + 1].s0, r[i].s1, r[i + 1].s1, r[i].s4,
        r[i + 1].s4, r[i].s5, r[i + 1].s5);
    t[i + 1] = (float8) (r[i].s2, r[i + 1].s2, r[i].s3, r[i + 1].s3,
        r[i].s6, r[i + 1].s6, r[i].s7, r[i + 1].s7);
  }
  _Pragma ("unroll")
  for (int i = 0; i < 8; i += 4) {
    u[i] = (float8) (t[i].s01, t[i + 2].s01, t[i].s45, t[i + 2].s45);
    u[i + 1] = (float8) (t[i].s23, t[i + 2].s23, t[i].s67, t[i + 2].s67);
    u[i + 2] = (float8) (t[i + 1].s01, t[i + 3].s01, t[i + 1].s45,
        t[i + 3].s45);
    u[i + 3] = (float8) (t[i + 1].s23, t[i + 3].s23, t[i + 1].s67,
        t[i + 3].s67);
  }
  _Pragma ("unroll")
  for (int i = 0; i < 4; i++) {
    r[i] = (float8) (u[i].lo, u[i + 4].lo);
    r[i + 4] = (float8) (u[i].hi, u[i + 4].hi);
  }
}

/* The rows pass. A work-item makes RUN output samples of RUN input rows,
 * its lanes the rows: each input column it reads is a vector of its rows,
 * converted once for all the samples that read it (where lanes along a
 * row would load and convert each tap of each sample), and the sums, a
 * vector a sample, are transposed into rows to be stored. A column past
 * a row's ends is its end column, as convert_scale_frame clamps its
 * taps. The functions take a plane's layout as arguments, so that their
 * code is compiled once (PoCL does not inline them), not once a
 * component. */

/* The converted input columns a work-item keeps, for each component. */
#define COLUMNS 64

/* The pixel of byte b of pixels of step bytes, dividing by constants. */
static int
pixel_of (int b, int step)
{
  return step == 1 ? b : step == 2 ? b / 2 : step == 3 ? b / 3 : b / 4;
}

/* The column vectors of columns first .. last (in the row's w pixels) of
 * count components at offsets off[] of the pixels of step values of the
 * rows row + r * pitch (r below rows; the lanes past them repeat the last
 * row), into cols[i * COLUMNS + c - base]. Rows of at least RUN 8-bit
 * values load RUN bytes a row at a time, transposed into lanes; others
 * value by value. */
__attribute__ ((noinline))
static void
load_real_columns (__global const in_t * row, int pitch, int rows,
    int step, int count, const int off[4], int w, int first, int last,
    int base, lanes_t * cols)
{
  if (IN_BYTES == 1 && IN_SHIFT == 0 && w * step >= RUN) {
    for (int b = first * step; b < (last + 1) * step; b += RUN) {
      /* a chunk past the row's end starts earlier */
      const int start = min (b, w * step - RUN);
      uchar16 t[RUN];

      _Pragma ("unroll")
      for (int r = 0; r < RUN; r++)
        t[r] = *(__global const unaligned_uchar16 *) ((__global const uchar *)
            row + min (r, rows - 1) * pitch + start);
      transpose_bytes (t);
      /* each component's bytes of the chunk's pixels from first */
      for (int i = 0; i < count; i++) {
        int c = max (first, pixel_of (start, step));
        int j = c * step + off[i] - start;

        if (j < 0) {
          c++;
          j += step;
        }
        for (; c <= last && j < RUN; c++, j += step)
          cols[i * COLUMNS + c - base] = convert_float16 (t[j]);
      }
    }
    return;
  }
  for (int c = first; c <= last; c++) {
    for (int i = 0; i < count; i++) {
      in_t v[RUN];

      _Pragma ("unroll")
      for (int r = 0; r < RUN; r++)
        v[r] = row[min (r, rows - 1) * pitch + c * step + off[i]];
      cols[i * COLUMNS + c - base] = convert_float16 (vload16 (0, v)
          >> IN_SHIFT);
    }
  }
}

/* load_real_columns () for columns c0 .. c0 + n - 1 (n at most COLUMNS),
 * each clamped to the row, into cols[i * COLUMNS + c - c0]: those past
 * the row's ends repeat its end columns. */
static void
load_columns (__global const in_t * row, int pitch, int rows, int step,
    int count, const int off[4], int w, int c0, int n, lanes_t * cols)
{
  const int first = max (c0, 0), last = min (c0 + n - 1, w - 1);

  if (first > last) {
    /* all past one end: that end's column, n times */
    const int edge = c0 < 0 ? 0 : w - 1;

    load_real_columns (row, pitch, rows, step, count, off, w, edge, edge,
        edge, cols);
    for (int i = 0; i < count; i++)
      for (int c = 1; c < n; c++)
        cols[i * COLUMNS + c] = cols[i * COLUMNS];
    return;
  }
  load_real_columns (row, pitch, rows, step, count, off, w, first, last, c0,
      cols);
  for (int i = 0; i < count; i++) {
    lanes_t *col = cols + i * COLUMNS;

    for (int c = c0; c < first; c++)
      col[c - c0] = col[first - c0];
    for (int c = last + 1; c < c0 + n; c++)
      col[c - c0] = col[last - c0];
  }
}

/* The sums of output samples x0 + x .. x0 + end - 1 of table tx from the
 * column vectors cols (of columns c0 ..), into acc[x ..]: four samples at
 * a time, whose independent sums keep the SIMD units busy where one would
 * wait for its own previous tap. */
static void
sum_taps (const lanes_t * cols, int c0, Table tx, int x0, int x, int end,
    lanes_t acc[RUN])
{
  for (int j = x; j < end; j += 4) {
    int o[4];
    __global const float *w[4];
    lanes_t a[4];

    _Pragma ("unroll")
    for (int i = 0; i < 4; i++) {
      const int sample = x0 + min (j + i, end - 1);

      o[i] = tx.starts[sample] - c0;
      w[i] = tx.weights + sample;
      a[i] = (lanes_t) (0.0f);
    }
    for (int k = 0; k < tx.taps; k++) {
      _Pragma ("unroll")
      for (int i = 0; i < 4; i++)
        a[i] += w[i][k * tx.size] * cols[o[i] + k];
    }
    _Pragma ("unroll")
    for (int i = 0; i < 4; i++)
      if (j + i < end)
        acc[j + i] = a[i];
  }
}

/* The sums of output sample x0 + x, whose taps take more than COLUMNS
 * columns, into acc[x]: COLUMNS taps at a time, in order. */
static void
sum_wide_sample (__global const in_t * row, int pitch, int rows, int step,
    int count, const int off[4], int w, Table tx, int x0, int x,
    lanes_t * cols, lanes_t acc[4][RUN])
{
  const int s = tx.starts[x0 + x];
  __global const float *weights = tx.weights + x0 + x;

  for (int i = 0; i < count; i++)
    acc[i][x] = (lanes_t) (0.0f);
  for (int k0 = 0; k0 < tx.taps; k0 += COLUMNS) {
    const int n = min (COLUMNS, tx.taps - k0);

    load_columns (row, pitch, rows, step, count, off, w, s + k0, n, cols);
    for (int i = 0; i < count; i++)
      for (int k = 0; k < n; k++)
        acc[i][x] += weights[(k0 + k) * tx.size] * cols[i * COLUMNS + k];
  }
}

/* Stores the sums acc[] (a vector of the rows a sample) as rows of RUN
 * samples, rows of them, out_pitch floats apart from out: 8 x 8 blocks
 * transposed, with non-temporal stores (the intermediate is written whole
 * before the columns pass reads it, and from HD frames up it is larger
 * than the caches, so reading its lines first would buy nothing). */
static void
store_rows (const lanes_t acc[RUN], int rows, __global float *out,
    int out_pitch)
{
  _Pragma ("unroll")
  for (int upper = 0; upper < 2; upper++) {
    float8 a[8], b[8];

    _Pragma ("unroll")
    for (int j = 0; j < 8; j++) {
      a[j] = upper ? acc[j].hi : acc[j].lo;
      b[j] = upper ? acc[j + 8].hi : acc[j + 8].lo;
    }
    transpose_floats (a);
    transpose_floats (b);
    _Pragma ("unroll")
    for (int r = 0; r < 8; r++)
      if (upper * 8 + r < rows)
        __builtin_nontemporal_store ((lanes_t) (a[r], b[r]),
            (__global lanes_t *) (out + (upper * 8 + r) * out_pitch));
  }
}

/* The rows pass's samples x0 .. of table tx for count components of one
 * plane (the rest as load_columns () has them), stored from out[] (their
 * first row's), the samples whose taps fit together in COLUMNS columns
 * at once. Samples past the table's end (at most RUN a row, the plane's
 * rows padded to a multiple of RUN) repeat its last. */
__attribute__ ((noinline))
static void
resample_rows (__global const in_t * row, int pitch, int rows, int step,
    int count, const int off[4], int w, Table tx, int x0,
    __global float *const out[4], int out_pitch)
{
  const int samples = min (RUN, tx.size - x0);
  lanes_t cols[4 * COLUMNS];
  lanes_t acc[4][RUN];

  for (int x = 0, end; x < samples; x = end) {
    const int c0 = tx.starts[x0 + x];

    end = samples;
    if (tx.starts[x0 + samples - 1] + tx.taps - c0 > COLUMNS)
      for (end = x; end < samples && tx.starts[x0 + end] + tx.taps - c0 <=
          COLUMNS; end++);
    if (end == x) {
      sum_wide_sample (row, pitch, rows, step, count, off, w, tx, x0, x,
          cols, acc);
      end = x + 1;
      continue;
    }
    load_columns (row, pitch, rows, step, count, off, w, c0,
        tx.starts[x0 + end - 1] + tx.taps - c0, cols);
    for (int i = 0; i < count; i++)
      sum_taps (cols + i * COLUMNS, c0, tx, x0, x, end, acc[i]);
  }
  for (int i = 0; i < count; i++) {
    for (int x = samples; x < RUN; x++)
      acc[i][x] = acc[i][samples - 1];
    store_rows (acc[i], rows, out[i], out_pitch);
  }
}

/* The components of the rows pass: the work-item's first row of each
 * one's plane, its pitch, step and offset there, and where its sums go. */
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

/* A work-item of the rows pass: the components of needs, of rows input
 * rows from y, of the input grid's w pixels, into out (the samples'
 * place in the intermediate's rows) plus each one's plane, the
 * components of one plane (packed and semi-planar formats) at once. Not
 * inlined: PoCL keeps the arrays of a kernel's body for every work-item
 * of the group (to vectorise across them). */
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
  for (int i = 0, j; i < r.n; i = j) {
    for (j = i + 1; j < r.n && r.row[j] == r.row[i]
        && r.step[j] == r.step[i]; j++);
    resample_rows (r.row[i], r.pitch[i], rows, r.step[i], j - i, r.off + i,
        w, tx, x0, r.out + i, pitch);
  }
}

/* The rows pass of output grid g from input grid ig (0: pixels, 1:
 * chroma samples): RUN samples of RUN input rows a work-item. planes:
 * the plane of each component (0, 1, 2, alpha), in floats from tmp. */
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
  const int x0 = get_global_id (0) * RUN, y = get_global_id (1) * RUN;

  if (x0 >= tx.size || y >= h)
    return;
  rows_run (in0 + in0_offset, in0_pitch, in1 + in1_offset, in1_pitch,
      in2 + in2_offset, in2_pitch, needs, y, min (RUN, h - y),
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
 * whose picture is rect, as convert_runs () makes them, where the run
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

#ifdef OUT_PACKED4
/* A whole run is stored as one vector of 32-bit pixels, each component
 * shifted to its byte (where interleaving bytes takes dozens of
 * shuffles). */
#define PACKED_BYTE(lanes, off) (as_uint16 (QUANTIZE (lanes)) << (8 * (off)))
#endif

#if OUT_BYTES == 1 && OUT_SUBSAMPLED && OUT_STEP_1 == 2
/* Chroma pairs (NV12, NV21): a whole run is stored as one vector of
 * 16-bit pairs. */
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

/* The taps of table t: -DCUBIC_TAPS where every table of the plan has
 * that many, else the table's own. With CUBIC_TAPS the loops unroll, and
 * the weights and clamped columns of output sample i's taps along x
 * (table tx, on w columns from x0) are read once, not once a row. */
#ifdef CUBIC_TAPS
#define TAPS(t) CUBIC_TAPS
#define X_TAPS() \
  float wx[CUBIC_TAPS]; \
  int xs[CUBIC_TAPS]; \
  const int row_inside = x0 >= 0 && x0 + CUBIC_TAPS <= w; \
  _Pragma ("unroll") \
  for (int k_ = 0; k_ < CUBIC_TAPS; k_++) { \
    wx[k_] = tx.weights[k_ * tx.size + i]; \
    xs[k_] = clamp (x0 + k_, 0, w - 1); \
  }
#define TAP_WEIGHT(kx) wx[kx]
#define TAP_X(kx) xs[kx]
#else
#define TAPS(t) ((t).taps)
#define X_TAPS()
#define TAP_WEIGHT(kx) tx.weights[(kx) * tx.size + i]
#define TAP_X(kx) clamp (x0 + (kx), 0, w - 1)
#endif

#if defined(CUBIC_TAPS) && CUBIC_TAPS == 4
/* Four taps: where they lie in the row (row_inside), the values of a
 * component of one value a pixel are one vector load, and the pairs of
 * semi-planar chroma (NV12, NV21, P010) another; the same values as
 * IN_VALUE's. ROW_VALUES (c, y) declares component c's values at the
 * taps of row y, values_c[k], which TAP_VALUE (c, k, y) reads. */
#define ROW_VALUES(c, y) \
  float values_##c[4]; \
  if (IN_STEP_##c == 1 && row_inside) \
    vstore4 (convert_float4 (vload4 (0, IN_PLANE_##c + (y) * IN_PITCH_##c \
                + x0 + IN_OFF_##c) >> IN_SHIFT), 0, values_##c); \
  else \
    vstore4 ((float4) (IN_VALUE (c, xs[0], y), IN_VALUE (c, xs[1], y), \
            IN_VALUE (c, xs[2], y), IN_VALUE (c, xs[3], y)), 0, values_##c)
#define TAP_VALUE(c, kx, y) values_##c[kx]
#if IN_STEP_1 == 2 && IN_STEP_2 == 2 && IN_OFF_1 + IN_OFF_2 == 1
#define CHROMA_PAIRS
#endif
#else
#define ROW_VALUES(c, y)
#define TAP_VALUE(c, kx, y) IN_VALUE (c, TAP_X (kx), y)
#endif

/* The input components @needs asks for that lie on the input's pixels
 * (luma, alpha, and chroma where the input does not subsample it), about
 * output sample (i, j) of tables tx and ty, on the input's w x h pixels.
 * Each component sums its own lanes: a component not asked for stays 0
 * (float arithmetic cannot drop a product by a value known to be 0). */
static float4
resample_pixels (IN_PARAMS, int needs, Table tx, Table ty, int i, int j,
    int w, int h)
{
  const int x0 = tx.starts[i], y0 = ty.starts[j];
  float4 sum = (float4) (0.0f);
  X_TAPS ();

#pragma unroll
  for (int ky = 0; ky < TAPS (ty); ky++) {
    const int y = clamp (y0 + ky, 0, h - 1);
    const float wy = ty.weights[ky * ty.size + j];
    float4 row = (float4) (0.0f);

    if (needs & NEEDS_LUMA) {
      ROW_VALUES (0, y);
#pragma unroll
      for (int kx = 0; kx < TAPS (tx); kx++)
        row.x += TAP_WEIGHT (kx) * TAP_VALUE (0, kx, y);
      sum.x += wy * row.x;
    }
#if defined(IN_CHROMA) && !IN_SUBSAMPLED
    if (needs & NEEDS_CHROMA) {
      ROW_VALUES (1, y);
      ROW_VALUES (2, y);
#pragma unroll
      for (int kx = 0; kx < TAPS (tx); kx++) {
        row.y += TAP_WEIGHT (kx) * TAP_VALUE (1, kx, y);
        row.z += TAP_WEIGHT (kx) * TAP_VALUE (2, kx, y);
      }
      sum.y += wy * row.y;
      sum.z += wy * row.z;
    }
#endif
#ifdef IN_ALPHA
    if (needs & NEEDS_ALPHA) {
      ROW_VALUES (A, y);
#pragma unroll
      for (int kx = 0; kx < TAPS (tx); kx++)
        row.w += TAP_WEIGHT (kx) * TAP_VALUE (A, kx, y);
      sum.w += wy * row.w;
    }
#endif
  }
  return sum;
}

#if IN_SUBSAMPLED
/* Both chroma components' values at the taps of row y: values_1[k] and
 * values_2[k], from their pairs where they are interleaved. */
#ifdef CHROMA_PAIRS
#define CHROMA_ROW_VALUES(y) \
  float values_1[4], values_2[4]; \
  if (row_inside) { \
    const int first_ = min (IN_OFF_1, IN_OFF_2); \
    const float8 p_ = convert_float8 (vload8 (0, IN_PLANE_1 \
            + (y) * IN_PITCH_1 + 2 * x0 + first_) >> IN_SHIFT); \
    vstore4 (IN_OFF_1 == first_ ? p_.even : p_.odd, 0, values_1); \
    vstore4 (IN_OFF_2 == first_ ? p_.even : p_.odd, 0, values_2); \
  } else { \
    vstore4 ((float4) (IN_VALUE (1, xs[0], y), IN_VALUE (1, xs[1], y), \
            IN_VALUE (1, xs[2], y), IN_VALUE (1, xs[3], y)), 0, values_1); \
    vstore4 ((float4) (IN_VALUE (2, xs[0], y), IN_VALUE (2, xs[1], y), \
            IN_VALUE (2, xs[2], y), IN_VALUE (2, xs[3], y)), 0, values_2); \
  }
#else
#define CHROMA_ROW_VALUES(y) \
  ROW_VALUES (1, y); \
  ROW_VALUES (2, y)
#endif

/* The input's subsampled chroma about output sample (i, j) of tables tx
 * and ty, on its w x h chroma samples. */
static float2
resample_chroma (IN_PARAMS, Table tx, Table ty, int i, int j, int w, int h)
{
  const int x0 = tx.starts[i], y0 = ty.starts[j];
  float2 sum = (float2) (0.0f);
  X_TAPS ();

#pragma unroll
  for (int ky = 0; ky < TAPS (ty); ky++) {
    const int y = clamp (y0 + ky, 0, h - 1);
    float2 row = (float2) (0.0f);

    CHROMA_ROW_VALUES (y);
#pragma unroll
    for (int kx = 0; kx < TAPS (tx); kx++)
      row += TAP_WEIGHT (kx) * (float2) (TAP_VALUE (1, kx, y),
          TAP_VALUE (2, kx, y));
    sum += ty.weights[ky * ty.size + j] * row;
  }
  return sum;
}
#endif

/* Output sample (i, j) of output grid g (0: pixels, 1: chroma samples)
 * from the picture's corner, converted: components 0, 1, 2, alpha. */
static float4
convert_sample (IN_PARAMS, int needs, __global const int *tables,
    __global const float *weights, int16 heads, int i, int j,
    int4 in_size, float4 m0, float4 m1, float4 m2, float alpha_scale)
{
  const int on_pixels = needs & (NEEDS_LUMA | NEEDS_ALPHA
      | (IN_SUBSAMPLED ? 0 : NEEDS_CHROMA));
  float4 v = (float4) (0.0f);

  if (on_pixels)
    v = resample_pixels (IN_ARGS, on_pixels, grid_table (tables, weights,
            heads, 0), grid_table (tables, weights, heads, 1), i, j,
        in_size.x, in_size.y);
#if IN_SUBSAMPLED
  if (needs & NEEDS_CHROMA)
    v.yz = resample_chroma (IN_ARGS, grid_table (tables, weights, heads, 2),
        grid_table (tables, weights, heads, 3), i, j, in_size.z, in_size.w);
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

#ifdef OUT_PACKED4
/* Stores pixel (x, y) of 4-byte pixels, components 0, 1, 2 and alpha (or
 * the padding byte) of v, as one 32-bit word where the plane allows
 * (word-aligned); FALSE where it does not. */
static int
store_packed_pixel (__global uchar * out0, int out0_pitch, int x, int y,
    float4 v)
{
  const int4 q = clamp (convert_int4 (v + 0.5f), 0, OUT_MAX);
  __global uchar *p = OUT_PLANE_0 + y * OUT_PITCH_0 + 4 * x;

  if ((size_t) p % 4 != 0)
    return 0;
  *(__global uint *) p = (uint) q.x << (8 * OUT_OFF_0)
      | (uint) q.y << (8 * OUT_OFF_1) | (uint) q.z << (8 * OUT_OFF_2)
      | (uint) q.w << (8 * OUT_OFF_A);
  return 1;
}
#endif

#define OUT_PARAMS __global out_t * out0, int out0_pitch, \
    __global out_t * out1, int out1_pitch, \
    __global out_t * out2, int out2_pitch
#define OUT_ARGS out0, out0_pitch, out1, out1_pitch, out2, out2_pitch

/* Stores output pixel (x, y): components 0, 1, 2 where the output has
 * them on its pixels and alpha of v (opaque where the input has none). */
static void
store_pixel (OUT_PARAMS, int x, int y, float4 v)
{
#if !(defined(OUT_ALPHA) && defined(IN_ALPHA))
  v.w = OUT_MAX;
#endif
#ifdef OUT_PACKED4
  if (store_packed_pixel (out0, out0_pitch, x, y, v))
    return;
#endif
  OUT_STORE (0, x, y, v.x);
#if defined(OUT_CHROMA) && !OUT_SUBSAMPLED
  OUT_STORE (1, x, y, v.y);
  OUT_STORE (2, x, y, v.z);
#endif
#if defined(OUT_ALPHA) || defined(OUT_PAD)
  OUT_STORE (A, x, y, v.w);
#endif
}

/* The one-pass kernels' parameters. in_size: the input's pixels (x, y)
 * and chroma samples (z, w); rect and chroma_rect: the picture (x, y,
 * width, height) on the output's pixels and chroma samples; border: the
 * code values around it; heads0 and heads1: the header entries of the
 * tables of the output's pixels and of its chroma samples. */
#define SCALE_KERNEL_PARAMS \
    __global const in_t * in0, int in0_pitch, int in0_offset, \
    __global const in_t * in1, int in1_pitch, int in1_offset, \
    __global const in_t * in2, int in2_pitch, int in2_offset, \
    __global out_t * out0, int out0_pitch, int out0_offset, \
    __global out_t * out1, int out1_pitch, int out1_offset, \
    __global out_t * out2, int out2_pitch, int out2_offset, \
    int width, int height, int4 in_size, int4 rect, int4 chroma_rect, \
    float4 m0, float4 m1, float4 m2, float alpha_scale, float4 border, \
    __global const int *tables, __global const float *weights, \
    int16 heads0, int16 heads1

__kernel void
convert_scale_frame (SCALE_KERNEL_PARAMS)
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
        v = convert_sample (IN_ARGS, PIXEL_NEEDS, tables, weights, heads0,
            x - rect.x, y - rect.y, in_size, m0, m1, m2, alpha_scale);
      store_pixel (OUT_ARGS, x, y, v);
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
      v = convert_sample (IN_ARGS, CHROMA_NEEDS, tables, weights, heads1,
          bx - chroma_rect.x, by - chroma_rect.y, in_size, m0, m1, m2,
          alpha_scale);
    OUT_STORE (1, bx, by, v.y);
    OUT_STORE (2, bx, by, v.z);
  }
#endif
}


#if CUBIC_TAPS == 4 && defined(TILE_W) && !OUT_SUBSAMPLED
/* Where every table has 4 taps (the cubic's support: nothing is
 * antialiased), the output has no subsampled chroma and TILE_H output
 * rows read at most TILE_H + 4 input rows (the planner's tiles), a
 * work-group makes TILE_W x TILE_H output pixels: the sums along x of
 * the input rows they read, at their columns, are made once into local
 * memory and shared by the tile's rows, then each pixel sums them down.
 * Each sum is convert_scale_frame's for its pixel, in the same order:
 * the same bits. The taps are read from the tables once for the tile: a
 * column's along x by the work-items of that column, a row's down into
 * local memory. A work-item makes TILE_ITEM_ROWS pixels of a column of
 * the tile, so that the loads each waits on are paid for fewer
 * work-items. */
#define TILE_ITEMS_Y (TILE_H / TILE_ITEM_ROWS)
#define TILE_ITEMS (TILE_W * TILE_ITEMS_Y)
#define TILE_ROWS (TILE_H + CUBIC_TAPS)

/* The clamped input rows of table ty's output rows j0 .. j1, on h rows:
 * the first (into *first) and their count. */
static int
tile_rows (Table ty, int j0, int j1, int h, int *first)
{
  *first = clamp (ty.starts[j0], 0, h - 1);
  return clamp (ty.starts[j1] + CUBIC_TAPS - 1, 0, h - 1) - *first + 1;
}

/* A work-item's column of the tile, i of table tx (on w input samples):
 * its clamped input columns and their weights; none outside the
 * picture. Every row of the tile's sums in that column takes them. */
typedef struct
{
  int x[CUBIC_TAPS];
  float w[CUBIC_TAPS];
  bool inside;
} TileTaps;

static TileTaps
tile_taps (Table tx, int i, int w)
{
  TileTaps t;

  t.inside = i >= 0 && i < tx.size;
  if (t.inside) {
    const int x0 = tx.starts[i];

#pragma unroll
    for (int k = 0; k < CUBIC_TAPS; k++) {
      t.x[k] = clamp (x0 + k, 0, w - 1);
      t.w[k] = tx.weights[k * tx.size + i];
    }
  }
  return t;
}

/* The sum along x of component c at taps t of input row y (0 outside
 * the picture). */
#define TILE_SUM(c, t, y, s) \
  do { \
    (s) = 0.0f; \
    if ((t).inside) { \
      _Pragma ("unroll") \
      for (int k_ = 0; k_ < CUBIC_TAPS; k_++) \
        (s) += (t).w[k_] * IN_VALUE (c, (t).x[k_], y); \
    } \
  } while (0)

/* The sums along x (taps t) of component c of input rows first .. first
 * + rows - 1 at the work-item's column of the tile (li), into sums: the
 * items of a column share out its rows. */
#define SUM_TILE_ROWS(c, t, first, rows, sums) \
  for (int r_ = get_local_id (1); r_ < (rows); r_ += TILE_ITEMS_Y) { \
    float s_; \
    TILE_SUM (c, t, (first) + r_, s_); \
    (sums)[r_ * TILE_W + li] = s_; \
  }

/* The same for the two chroma components, in one loop over the rows. */
#define SUM_TILE_CHROMA_ROWS(t, first, rows, sums1, sums2) \
  for (int r_ = get_local_id (1); r_ < (rows); r_ += TILE_ITEMS_Y) { \
    float s1_, s2_; \
    TILE_SUM (1, t, (first) + r_, s1_); \
    TILE_SUM (2, t, (first) + r_, s2_); \
    (sums1)[r_ * TILE_W + li] = s1_; \
    (sums2)[r_ * TILE_W + li] = s2_; \
  }

/* The taps down of the tile's rows in table ty, whose input rows (on h
 * rows) start at first in sums: of tile row r, at[r] holds the offsets
 * in sums of the 4 rows its taps read and w[r] their weights. Made once,
 * for every column of the tile. */
#define TILE_ROW_TAPS(ty, first, h, at, w) \
  for (int r_ = lid; r_ < TILE_H; r_ += TILE_ITEMS) { \
    const int j_ = (int) get_group_id (1) * TILE_H + r_ - rect.y; \
    if (j_ >= 0 && j_ < (ty).size) { \
      const int y_ = (ty).starts[j_]; \
      const int4 rows_ = clamp (y_ + (int4) (0, 1, 2, 3), 0, (h) - 1); \
      (at)[r_] = (rows_ - (first)) * TILE_W; \
      (w)[r_] = (float4) ((ty).weights[j_], \
          (ty).weights[(ty).size + j_], (ty).weights[2 * (ty).size + j_], \
          (ty).weights[3 * (ty).size + j_]); \
    } \
  }

/* Tile row r's sum down of the tile's column li of sums, with the taps
 * of TILE_ROW_TAPS (). */
static float
sum_tile_column (__local const float *sums, __local const int4 * at,
    __local const float4 * w, int r, int li)
{
  const int4 a = at[r];
  const float4 k = w[r];
  float s = 0.0f;

  s += k.s0 * sums[a.s0 + li];
  s += k.s1 * sums[a.s1 + li];
  s += k.s2 * sums[a.s2 + li];
  s += k.s3 * sums[a.s3 + li];
  return s;
}

__kernel __attribute__ ((reqd_work_group_size (TILE_W, TILE_ITEMS_Y, 1)))
void
convert_scale_tiles (SCALE_KERNEL_PARAMS)
{
  /* components 0, 1, 2 and alpha */
  __local float sums[4][TILE_ROWS * TILE_W];
  /* the taps down of the picture's pixels and of its chroma samples */
  __local int4 row_at[2][TILE_H];
  __local float4 row_w[2][TILE_H];
  const int on_pixels = PIXEL_NEEDS & (NEEDS_LUMA | NEEDS_ALPHA
      | (IN_SUBSAMPLED ? 0 : NEEDS_CHROMA));
  const int li = get_local_id (0), lid = get_local_id (1) * TILE_W + li;
  const int x = get_global_id (0);
  /* The tile's columns and rows of the picture. */
  const int i0 = get_group_id (0) * TILE_W - rect.x;
  const int ja = max ((int) get_group_id (1) * TILE_H - rect.y, 0);
  const int jb = min ((int) get_group_id (1) * TILE_H + TILE_H - 1 - rect.y,
      rect.w - 1);
  const Table px = grid_table (tables, weights, heads0, 0);
  const Table py = grid_table (tables, weights, heads0, 1);
  int first = 0, first_chroma = 0;

  START_PLANES ();
  if (ja <= jb && on_pixels) {
    const int rows = tile_rows (py, ja, jb, in_size.y, &first);
    const TileTaps t = tile_taps (px, i0 + li, in_size.x);

    TILE_ROW_TAPS (py, first, in_size.y, row_at[0], row_w[0]);
    if (on_pixels & NEEDS_LUMA)
      SUM_TILE_ROWS (0, t, first, rows, sums[0]);
#if defined(IN_CHROMA) && !IN_SUBSAMPLED
    if (on_pixels & NEEDS_CHROMA)
      SUM_TILE_CHROMA_ROWS (t, first, rows, sums[1], sums[2]);
#endif
#ifdef IN_ALPHA
    if (on_pixels & NEEDS_ALPHA)
      SUM_TILE_ROWS (A, t, first, rows, sums[3]);
#endif
  }
#if IN_SUBSAMPLED
  const Table cx = grid_table (tables, weights, heads0, 2);
  const Table cy = grid_table (tables, weights, heads0, 3);

  if (ja <= jb && (PIXEL_NEEDS & NEEDS_CHROMA)) {
    const int rows = tile_rows (cy, ja, jb, in_size.w, &first_chroma);
    const TileTaps t = tile_taps (cx, i0 + li, in_size.z);

    TILE_ROW_TAPS (cy, first_chroma, in_size.w, row_at[1], row_w[1]);
    SUM_TILE_CHROMA_ROWS (t, first_chroma, rows, sums[1], sums[2]);
  }
#endif
  barrier (CLK_LOCAL_MEM_FENCE);

  if (x >= width)
    return;
#pragma unroll
  for (int k = 0; k < TILE_ITEM_ROWS; k++) {
    const int r = get_local_id (1) + k * TILE_ITEMS_Y;
    const int y = get_group_id (1) * TILE_H + r;
    float4 v = border;
    float4 s = (float4) (0.0f);

    if (y >= height)
      break;
    if (!inside (x, y, rect)) {
      store_pixel (OUT_ARGS, x, y, v);
      continue;
    }

    if (on_pixels & NEEDS_LUMA)
      s.x = sum_tile_column (sums[0], row_at[0], row_w[0], r, li);
#if defined(IN_CHROMA) && !IN_SUBSAMPLED
    if (on_pixels & NEEDS_CHROMA) {
      s.y = sum_tile_column (sums[1], row_at[0], row_w[0], r, li);
      s.z = sum_tile_column (sums[2], row_at[0], row_w[0], r, li);
    }
#endif
#ifdef IN_ALPHA
    if (on_pixels & NEEDS_ALPHA)
      s.w = sum_tile_column (sums[3], row_at[0], row_w[0], r, li);
#endif
#if IN_SUBSAMPLED
    if (PIXEL_NEEDS & NEEDS_CHROMA) {
      s.y = sum_tile_column (sums[1], row_at[1], row_w[1], r, li);
      s.z = sum_tile_column (sums[2], row_at[1], row_w[1], r, li);
    }
#endif
    v = (float4) (MAP (m0, s.x, s.y, s.z), MAP (m1, s.x, s.y, s.z),
        MAP (m2, s.x, s.y, s.z), s.w * alpha_scale);
    store_pixel (OUT_ARGS, x, y, v);
  }
}
#endif

#endif
