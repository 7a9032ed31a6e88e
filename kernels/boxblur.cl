/* gst-opencl: clboxblur's kernels.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A box blur over the window [x - rx, x + rx] x [y - ry, y + ry] clipped to
 * the plane: the integer sum of the pixels inside, divided by their count
 * and rounded to nearest (halves up). Sums are integers, so the result is
 * exact and the same for both methods:
 *
 *   separable: box_rows keeps a running sum along each row and writes every
 *     pixel's row-window sum to tmp; box_columns keeps a running sum of
 *     those down each column and writes the average. O(1) per pixel.
 *   sat: sat_rows and sat_columns turn the plane into its summed-area table
 *     (prefix sums along rows, then down columns), with a zero first row
 *     and column; sat_average reads the four corners of each window.
 *   separable on CPU devices (-DGST_CL_WIDE, below): columns first, in
 *     bands of rows whose column sums stay in cache, 16 channel values per
 *     step in vector code: box_column_parts_wide, box_column_starts_wide,
 *     box_rows_wide. The average is box_quotient's float estimate.
 *
 * Build options, on top of common.cl's:
 *   -DSUM_WIDE   window sums and SAT entries are 64-bit. Without it they are
 *                32-bit and the SAT's entries wrap around; its four-corner
 *                differences are still exact, modulo 2^32, while the host
 *                guarantees that every window's sum fits in 32 bits.
 *   -DGST_CL_WIDE   also builds the CPU kernels (buffers only).
 *   -DCOLUMN_SHORT  their column sums are 16-bit: the host sets it where
 *                (2 * ry + 1) * ELEM_MAX fits.
 *   -DCOLUMN_ANCHORS -DANCHOR_ROWS=n -DANCHOR_SHIFT=s  (with
 *                -DCOLUMN_SHORT, 8-bit planes) sat's column-window sums are
 *                their low 16 bits, with anchors every n rows (below).
 *   -DGST_CL_GROUP_SCANS -DSCAN_RUN=n   (GPUs) sat_rows and sat_columns
 *                scan by work-groups, and the separable method is sat_rows
 *                then box_segments, whose work-items slide windows down
 *                short runs of a column (below).
 *   -DGST_CL_PTX_WARPS  (NVIDIA) the group scans shuffle within warps.
 * The separable row sums in tmp are always 32-bit: a row window is at most
 * 2 * 8192 + 1 pixels (the largest radius), 16385 * 65535 < 2^32.
 *
 * Otherwise the row and column kernels are 1-D: one work-item walks a
 * whole row (or column). Column work-items are neighbours in memory at
 * every step (the CPU kernels' work-items take a band of rows, or a part,
 * instead).
 */

#if CHANNELS == 1
#define VEC(t) t
#elif CHANNELS == 2
#define VEC(t) t##2
#else
#define VEC(t) t##4
#endif

#ifdef SUM_WIDE
#define SUM_T VEC (ulong)
#else
#define SUM_T VEC (uint)
#endif

#define ROW_T VEC (uint)

#define CONVERT(t, v) CONVERT_ (t, v)
#define CONVERT_(t, v) convert_##t (v)
#define AS(t, v) AS_ (t, v)
#define AS_(t, v) as_##t (v)
#define CONVERT_RTE(t, v) CONVERT_RTE_ (t, v)
#define CONVERT_RTE_(t, v) convert_##t##_rte (v)

#if DEPTH == 16
#define TEXEL_T VEC (ushort)
#else
#define TEXEL_T VEC (uchar)
#endif

typedef SUM_T sum_t;
typedef ROW_T row_t;
typedef TEXEL_T texel_t;

/* Pixels in integers: a buffer's as stored, with no float between
 * (conversions between floats and integers run at a quarter of the rate
 * of integer arithmetic on NVIDIA's GPUs, and took most of the blur's
 * time); an image's from LOAD, which gives whole numbers as floats
 * (exactly). H100, buffers, kernel ms per frame, against floats as LOAD
 * gives them and the float estimate of the average: RGBA 4K radius 3
 * 0.080 (0.091), 15 0.104 (0.119), 100 and 400 the same (0.142, 0.186);
 * RGBA 1080p radius 15 0.034 (0.038); NV12 4K radius 15 0.078 (0.087).
 * Images keep the floats: in integers they took 0.089 against 0.085 at
 * radius 3 and 0.145 against 0.141 at 100. */
#ifdef GST_CL_IMAGES
#define LOAD_TEXEL(name, x, y) CONVERT_RTE (TEXEL_T, LOAD (name, x, y))
#define LOAD_SUM(name, x, y) CONVERT_RTE (SUM_T, LOAD (name, x, y))
#define LOAD_ROW(name, x, y) CONVERT_RTE (ROW_T, LOAD (name, x, y))
#else
#define BUF_TEXEL(name, x, y) BUF_PIXEL (name, PIXEL_INDEX (name, x, y))
#define LOAD_TEXEL(name, x, y) BUF_TEXEL (name, x, y)
#define LOAD_SUM(name, x, y) CONVERT (SUM_T, LOAD_TEXEL (name, x, y))
#define LOAD_ROW(name, x, y) CONVERT (ROW_T, LOAD_TEXEL (name, x, y))
#endif

/* (2 * sum + count) / (2 * count), i.e. sum / count rounded to nearest with
 * halves up, equals (sum + count / 2) / count in integer arithmetic (for odd
 * counts the lost half never changes the quotient): no doubling that could
 * overflow. The host leaves room for count / 2 in sum_t. */
#if CHANNELS == 1
#define ONES(cond) ((sum_t) (cond))     /* a true comparison is 1 */
#else
#define ONES(cond) (-CONVERT (SUM_T, cond))     /* and -1 per lane */
#endif

/* Integer division is scalar and slow on CPUs: the average is a float
 * estimate of n / count, then corrected exactly. The estimate truncates
 * n * (QUOTIENT_LOW / count): float rounding (of n, of the reciprocal and
 * of the product, each well below 2^-21 relative) cannot make up for the
 * 2^-19 taken off, so it is never above the quotient, and it is less than
 * one below (the quotient is at most 65535.5, 65536 * 2^-18 < 1). One
 * step then adds the missing one: q * count <= n stays in the sums' range.
 * ONE_IF turns a comparison into 1 per true lane. */
#define QUOTIENT_LOW (1.0f - 0x1p-19f)
#define CORRECT_QUOTIENT(q, n, count, ONE_IF) \
    q += ONE_IF ((n) - q * (count) >= (count))

/* The average, sum / count rounded to nearest (halves up). With 32-bit
 * sums in buffers the estimate is integer arithmetic, mul_hi (n, m) for m
 * the truncated 2^32 * QUOTIENT_LOW / count: two conversions a pixel
 * (count to a float, m to an integer) where the float estimate and the
 * store take four a channel. m is below 2^32 / count, so the estimate is
 * never above the quotient, and at most two below (m's float rounding
 * costs under 0.2, its truncation n / 2^32 < 1, and the estimate is
 * truncated): two steps correct it. */
static sum_t
box_quotient (sum_t sum, uint count)
{
  sum_t n = sum + count / 2;
#if defined (SUM_WIDE) || defined (GST_CL_IMAGES)
  sum_t q = CONVERT (SUM_T, CONVERT (VEC (float), n) * (QUOTIENT_LOW /
          count));
#else
  sum_t q = mul_hi (n, (sum_t) convert_uint_rtz (0x1p32f * QUOTIENT_LOW /
          count));

  CORRECT_QUOTIENT (q, n, count, ONES);
#endif
  CORRECT_QUOTIENT (q, n, count, ONES);
  return q;
}

/* Stores the average of @sum over @count pixels, at most the largest
 * value: into a buffer as an integer, into an image through STORE. */
#ifdef GST_CL_IMAGES
#define STORE_AVERAGE(name, x, y, sum, count) \
    STORE (name, x, y, CONVERT (VEC (float), box_quotient (sum, count)))
#else
#define STORE_AVERAGE(name, x, y, sum, count) \
    (BUF_TEXEL (name, x, y) = CONVERT (TEXEL_T, box_quotient (sum, count)))
#endif

/* Pixels of [i - r, i + r] inside [0, n). */
static uint
window_count (int i, int r, int n)
{
  return min (i + r, n - 1) - max (i - r, 0) + 1;
}

/* tmp[y * w + x] = sum of src[y][x - rx .. x + rx], clipped; rx < w. */
__kernel void
box_rows (KERNEL_PLANE_IN (src), int w, int h, int rx, __global row_t * tmp)
{
  PLANE_START (src);
  int y = get_global_id (0);

  if (y >= h)
    return;

  __global row_t *out = tmp + y * w;
  row_t sum = 0;

  for (int x = 0; x <= rx; x++)
    sum += LOAD_ROW (src, x, y);
  for (int x = 0; x < w; x++) {
    out[x] = sum;
    if (x + rx + 1 < w)
      sum += LOAD_ROW (src, x + rx + 1, y);
    if (x - rx >= 0)
      sum -= LOAD_ROW (src, x - rx, y);
  }
}

/* The column sums of tmp over [y - ry, y + ry], averaged; ry < h. */
__kernel void
box_columns (__global const row_t * tmp, int w, int h, int rx, int ry,
    KERNEL_PLANE_OUT (dst))
{
  PLANE_START (dst);
  int x = get_global_id (0);

  if (x >= w)
    return;

  uint count_x = window_count (x, rx, w);
  sum_t sum = 0;

  for (int y = 0; y <= ry; y++)
    sum += CONVERT (SUM_T, tmp[y * w + x]);
  for (int y = 0; y < h; y++) {
    STORE_AVERAGE (dst, x, y, sum, count_x * window_count (y, ry, h));
    if (y + ry + 1 < h)
      sum += CONVERT (SUM_T, tmp[(y + ry + 1) * w + x]);
    if (y - ry >= 0)
      sum -= CONVERT (SUM_T, tmp[(y - ry) * w + x]);
  }
}

/* sat is (w + 1) x (h + 1): sat[j][i] = sum of src[0 .. j - 1][0 .. i - 1].
 * sat_rows leaves the prefix sums of each row in sat[y + 1]; sat_columns
 * then adds the rows up, in place. */

#ifndef GST_CL_GROUP_SCANS

/* One work-item per row. */
__kernel void
sat_rows (KERNEL_PLANE_IN (src), int w, int h, __global sum_t * sat)
{
  PLANE_START (src);
  int y = get_global_id (0);

  if (y >= h)
    return;

  __global sum_t *row = sat + (y + 1) * (w + 1);
  sum_t sum = 0;

  row[0] = 0;
  for (int x = 0; x < w; x++) {
    sum += LOAD_SUM (src, x, y);
    row[x + 1] = sum;
  }
  if (y == 0)
    for (int x = 0; x <= w; x++)
      sat[x] = 0;
}

/* One work-item per column 1 .. w.
 *
 * The barrier is not needed for correctness (columns are independent): it
 * makes PoCL's work-group compiler finish one row for the whole work-group
 * before the next, so that its loop over work-items sits inside the loop
 * over rows and streams along each row. That halved this kernel's time on
 * 3840x2160 and 1920x1080 planes (PoCL 3.1, 2 cores); the same change made
 * box_columns, which keeps more state per work-item, slower. On GPUs it is
 * one work-group sync per row. */
__kernel void
sat_columns (int w, int h, __global sum_t * sat)
{
  int x = get_global_id (0) + 1;
  bool active = x <= w;
  sum_t sum = 0;

  for (int y = 1; y <= h; y++) {
    if (active) {
      sum += sat[y * (w + 1) + x];
      sat[y * (w + 1) + x] = sum;
    }
    barrier (CLK_GLOBAL_MEM_FENCE);
  }
}

#else

/* -DGST_CL_GROUP_SCANS (GPUs): the scans are shared by work-groups, so a
 * frame gives hundreds of thousands of work-items rather than one per row
 * or column; -DSCAN_RUN=n: neighbours one work-item scans alone. The
 * host launches exactly the groups below and sizes the __local
 * arguments; every work-item of a group reaches every barrier. */

/* Inclusive prefix sum of v over the items of a one-dimensional
 * work-group, and in *total the sum of all, with part[] (one entry per
 * item) in local memory. The caller passes a barrier before part[] is used
 * again.
 *
 * With -DGST_CL_PTX_WARPS (NVIDIA's devices, whose compiler takes inline
 * PTX) and 32-bit sums, in groups of whole warps: each warp scans its 32
 * values by shuffles, then the first warp scans the warps' totals, two
 * barriers where the steps below take 2 log2 (n) + 1. H100, kernel ms, the
 * steps against the shuffles: sat_row_windows RGBA 4K radius 100 0.071
 * against 0.061, radius 400 0.105 against 0.088, RGBA 1080p radius 400
 * 0.024 against 0.021. */
#if defined (GST_CL_PTX_WARPS) && !defined (SUM_WIDE)
#define WARP_ITEMS 32

/* v of the lane `delta` below in the warp (lanes below `delta` get their
 * own). */
static uint
warp_shuffle_up (uint v, uint delta)
{
  uint r;

  asm volatile ("shfl.sync.up.b32 %0, %1, %2, 0, -1;" : "=r" (r)
      : "r" (v), "r" (delta));
  return r;
}

#if CHANNELS == 1
#define SHUFFLE_UP(v, d) warp_shuffle_up (v, d)
#elif CHANNELS == 2
#define SHUFFLE_UP(v, d) ((sum_t) (warp_shuffle_up ((v).x, d), \
        warp_shuffle_up ((v).y, d)))
#else
#define SHUFFLE_UP(v, d) ((sum_t) (warp_shuffle_up ((v).x, d), \
        warp_shuffle_up ((v).y, d), warp_shuffle_up ((v).z, d), \
        warp_shuffle_up ((v).w, d)))
#endif

/* Inclusive prefix sum of v over the warp's lanes; every lane calls it. */
static sum_t
warp_inclusive_scan (sum_t v, uint lane)
{
  for (uint d = 1; d < WARP_ITEMS; d <<= 1) {
    sum_t below = SHUFFLE_UP (v, d);

    if (lane >= d)
      v += below;
  }
  return v;
}

static sum_t
scan_by_warps (sum_t v, __local sum_t * part, sum_t * total)
{
  int lid = get_local_id (0);
  int warps = get_local_size (0) / WARP_ITEMS;
  uint lane = lid % WARP_ITEMS;
  int warp = lid / WARP_ITEMS;

  v = warp_inclusive_scan (v, lane);
  if (lane == WARP_ITEMS - 1)
    part[warp] = v;
  barrier (CLK_LOCAL_MEM_FENCE);
  if (warp == 0) {
    sum_t warp_total = warp_inclusive_scan (lane < warps ? part[lane] :
        (sum_t) 0, lane);

    if (lane < warps)
      part[lane] = warp_total;
  }
  barrier (CLK_LOCAL_MEM_FENCE);
  *total = part[warps - 1];
  return warp > 0 ? v + part[warp - 1] : v;
}
#endif

/* Hillis and Steele, in part[]. */
static sum_t
scan_by_steps (sum_t v, __local sum_t * part, sum_t * total)
{
  int lid = get_local_id (0);
  int n = get_local_size (0);

  part[lid] = v;
  barrier (CLK_LOCAL_MEM_FENCE);
  for (int d = 1; d < n; d <<= 1) {
    sum_t add = lid >= d ? part[lid - d] : (sum_t) 0;

    barrier (CLK_LOCAL_MEM_FENCE);
    part[lid] += add;
    barrier (CLK_LOCAL_MEM_FENCE);
  }
  *total = part[n - 1];
  return part[lid];
}

static sum_t
group_inclusive_scan (sum_t v, __local sum_t * part, sum_t * total)
{
#ifdef WARP_ITEMS
  if (get_local_size (0) % WARP_ITEMS == 0)
    return scan_by_warps (v, part, total);
#endif
  return scan_by_steps (v, part, total);
}

/* One work-group per row, in chunks of n * SCAN_RUN pixels: loaded and
 * stored with neighbouring items at neighbouring pixels, scanned in local
 * memory (run[], n * SCAN_RUN entries; part[], n). */
__kernel void
sat_rows (KERNEL_PLANE_IN (src), int w, int h, __global sum_t * sat,
    __local sum_t * run, __local sum_t * part)
{
  PLANE_START (src);
  int y = get_group_id (0);
  int lid = get_local_id (0);
  int n = get_local_size (0);
  int chunk = n * SCAN_RUN;
  __global sum_t *row = sat + (y + 1) * (w + 1);
  sum_t carry = 0;

  if (lid == 0)
    row[0] = 0;
  if (y == 0)
    for (int x = lid; x <= w; x += n)
      sat[x] = 0;

  for (int x0 = 0; x0 < w; x0 += chunk) {
    for (int k = 0; k < SCAN_RUN; k++) {
      int i = k * n + lid;

      run[i] = x0 + i < w ? LOAD_SUM (src, x0 + i, y) : (sum_t) 0;
    }
    barrier (CLK_LOCAL_MEM_FENCE);

    sum_t total = 0;

    for (int k = 0; k < SCAN_RUN; k++) {
      total += run[lid * SCAN_RUN + k];
      run[lid * SCAN_RUN + k] = total;
    }

    sum_t all;
    sum_t before = group_inclusive_scan (total, part, &all) - total + carry;

    for (int k = 0; k < SCAN_RUN; k++)
      run[lid * SCAN_RUN + k] += before;
    carry += all;
    barrier (CLK_LOCAL_MEM_FENCE);

    for (int k = 0; k < SCAN_RUN; k++) {
      int i = k * n + lid;

      if (x0 + i < w)
        row[x0 + i + 1] = run[i];
    }
    barrier (CLK_LOCAL_MEM_FENCE);
  }
}

/* Work-groups of (columns, bands): each item adds up its band of rows of
 * one column, the bands' totals meet in totals[] (one per item), and each
 * item then writes its band's sums carried from the bands above. Columns
 * are neighbours in memory at every step. */
__kernel void
sat_columns (int w, int h, __global sum_t * sat, __local sum_t * totals)
{
  int x = get_global_id (0) + 1;
  int lx = get_local_id (0);
  int band = get_local_id (1);
  int columns = get_local_size (0);
  int rows = (h + get_local_size (1) - 1) / get_local_size (1);
  int y0 = 1 + band * rows;
  int y1 = min (y0 + rows, h + 1);
  __global sum_t *column = sat + x;
  sum_t sum = 0;

  if (x <= w)
    for (int y = y0; y < y1; y++)
      sum += column[y * (w + 1)];
  totals[band * columns + lx] = sum;
  barrier (CLK_LOCAL_MEM_FENCE);

  sum = 0;
  for (int b = 0; b < band; b++)
    sum += totals[b * columns + lx];
  if (x <= w)
    for (int y = y0; y < y1; y++) {
      sum += column[y * (w + 1)];
      column[y * (w + 1)] = sum;
    }
}

/* The sat method on GPUs, where a row fits in local memory, in two
 * kernels that leave the summed-area table unwritten:
 *
 * column_windows: v[y * w + x] = the sum of src[y - ry .. y + ry][x],
 *   clipped (column_window_t: ushort with -DCOLUMN_SHORT, where (2 * ry +
 *   1) * ELEM_MAX fits, else uint). Work-groups of (columns, bands) items,
 *   a group per part of its columns' rows (the host makes one part, or
 *   more where the copy below would not fit well), each item a band of
 *   the rows the part's windows reach, [first, last): the bands' totals,
 *   added up in local memory (starts[], one per item), are the prefix
 *   sums from `first` at the bands' first rows; an item's first window in
 *   the part is the difference of two prefix sums, each such a sum plus
 *   the rows from there (fewer than a band), and its window then slides
 *   down the band's rows in the part. With -DCOPY_COLUMNS a group first
 *   copies rows [first, last) of its columns into local memory (pixels[],
 *   a row of `columns` pixels after another) and reads them there. Prefix
 *   sums are 32-bit and may wrap: a window's sum, their difference, is at
 *   most (2 * 8192 + 1) * 65535 < 2^32.
 * sat_row_windows: a work-group per segment of a row (the host makes one
 *   per row where it fits) loads the column-window sums of its source
 *   columns [a, b), the segment widened by rx on either side (a rounded
 *   down to a multiple of WINDOW_RUN, for the loads below); their
 *   prefix sums along the row, in local memory (sums[], b - a + 1 entries
 *   and pads, and part[], one per item), are the table's row for its
 *   window, and each output one difference.
 * Between them the window sums cross memory once (v); the table of sat's
 * three kernels, at least as wide, is written once and read three times.
 * With -DCOLUMN_ANCHORS, where a sum would need more than 16 bits,
 * column_windows writes its low 16 bits to v, and the sums of every
 * ANCHOR_ROWS-th row divided by 2^ANCHOR_SHIFT to anchors[] (after v, at
 * byte anchors_at; a byte a channel, which the host keeps large enough
 * for the largest window). A window's sum changes by at most ELEM_MAX from
 * one row to the next, so a sum lies within (ANCHOR_ROWS - 1) * ELEM_MAX
 * + 2^(ANCHOR_SHIFT - 1) < 2^15 (the host asserts both) of the middle of its
 * column's anchor above, and its low bits give the difference
 * (anchored()). */

#ifdef COLUMN_SHORT
#define COLUMN_WINDOW_T VEC (ushort)
#else
#define COLUMN_WINDOW_T VEC (uint)
#endif
typedef COLUMN_WINDOW_T column_window_t;

#ifdef COLUMN_ANCHORS
#define ANCHOR_T VEC (uchar)
typedef ANCHOR_T anchor_t;

/* The column-window sum whose low 16 bits are @low, from @anchor, its
 * column's at most ANCHOR_ROWS - 1 rows above: its difference from the
 * middle of the anchor's range is that of the low bits, modulo 2^16,
 * taken as signed: 16-bit arithmetic, sign-extended (H100,
 * sat_row_windows's kernel ms, RGBA 4K radius 400 in buffers 0.084
 * against 0.087 with the bits masked and the sign moved in 32). */
static sum_t
anchored (column_window_t low, anchor_t anchor)
{
  row_t middle = (CONVERT (ROW_T, anchor) << ANCHOR_SHIFT) +
      (1 << (ANCHOR_SHIFT - 1));
  VEC (short) d = AS (VEC (short),
      low - CONVERT (COLUMN_WINDOW_T, middle));

  return CONVERT (SUM_T, middle + AS (ROW_T, CONVERT (VEC (int), d)));
}
#endif

/* Source pixel y of column x: copied to column[(y - first) * columns]
 * with -DCOPY_COLUMNS, `first` the first row the group copied. */
#ifdef COPY_COLUMNS
#define COLUMN_PIXEL(y) CONVERT (ROW_T, column[((y) - first) * columns])
#else
#define COLUMN_PIXEL(y) LOAD_ROW (src, x, y)
#endif

#ifdef COPY_COLUMNS
#if !defined (GST_CL_IMAGES) && CHANNELS == 4 && DEPTH == 8
/* Whether columns x0 .. x0 + columns - 1 of RGBA are 16-byte runs on
 * 16-byte boundaries in every row, each of 4 pixels one uint4 load
 * reads. */
static bool
rows_of_fours_aligned (PLANE_IN (src), int x0, int w, int columns)
{
  return columns % 4 == 0 && x0 + columns <= w && src_pitch % 16 == 0
      && (uintptr_t) (src + PIXEL_INDEX (src, x0, 0)) % 16 == 0;
}
#endif

/* Item i of n copies pixels[i], pixels[i + n] ...: columns x0 .. x0 +
 * columns - 1 of rows y0 .. y1 - 1, zeros past the plane's right edge.
 * Buffers of RGBA load 4 columns of a row at once: H100, RGBA 4K radius
 * 100, sat's kernels 0.122 ms a frame against 0.142 a pixel at a time
 * (radius 400 0.167 against 0.186). */
static void
copy_columns (PLANE_IN (src), int w, int x0, int columns, int y0, int y1,
    int i, int n, __local texel_t * pixels)
{
#if !defined (GST_CL_IMAGES) && CHANNELS == 4 && DEPTH == 8
  if (rows_of_fours_aligned (src, src_pitch, x0, w, columns)) {
    int fours = columns / 4;

    for (; i < fours * (y1 - y0); i += n) {
      int y = y0 + i / fours, x = x0 + 4 * (i % fours);
      uint4 row = *(__global const uint4 *) (src + PIXEL_INDEX (src, x, y));

      pixels[4 * i] = as_uchar4 (row.x);
      pixels[4 * i + 1] = as_uchar4 (row.y);
      pixels[4 * i + 2] = as_uchar4 (row.z);
      pixels[4 * i + 3] = as_uchar4 (row.w);
    }
    return;
  }
#endif
  for (; i < columns * (y1 - y0); i += n) {
    int x = x0 + i % columns;

    pixels[i] = x < w ? LOAD_TEXEL (src, x, y0 + i / columns) : (texel_t) 0;
  }
}
#endif

/* Sum of the pixels of rows y0 .. y1 - 1 of column x. */
static row_t
column_sum (PLANE_IN (src), int x, __local const texel_t * column,
    int columns, int first, int y0, int y1)
{
  row_t sum = 0;

  for (int y = y0; y < y1; y++)
    sum += COLUMN_PIXEL (y);
  return sum;
}

__kernel void
column_windows (KERNEL_PLANE_IN (src), int w, int h, int ry,
    __global column_window_t * v, int anchors_at, __local row_t * starts,
    __local texel_t * pixels)
{
  PLANE_START (src);
  int lx = get_local_id (0), band = get_local_id (1);
  int columns = get_local_size (0), bands = get_local_size (1);
  int x = get_group_id (0) * columns + lx;
  int item = band * columns + lx;
  /* the group's output rows [p0, p1), its part of the column, and the
   * rows their windows cover, [first, last); read in place, columns come
   * whole (constants the compiler folds: the arithmetic of parts took
   * NV12 4K radius 100 in buffers from 0.068 ms to 0.070 on an H100) */
#ifdef COPY_COLUMNS
  int part_rows = (h + get_num_groups (1) - 1) / get_num_groups (1);
  int p0 = get_group_id (1) * part_rows, p1 = min (p0 + part_rows, h);
  int first = max (p0 - ry, 0), last = min (p1 + ry, h);
#else
  int p0 = 0, p1 = h, first = 0, last = h;
#endif
  int rows = (last - first + bands - 1) / bands;
  int y0 = first + band * rows, y1 = min (y0 + rows, last);
  __local const texel_t *column = pixels + lx;
#ifdef COLUMN_ANCHORS
  __global anchor_t *anchors = (__global anchor_t *) ((__global uchar *) v +
      anchors_at);
#endif

#ifdef COPY_COLUMNS
  copy_columns (src, src_pitch, w, get_group_id (0) * columns, columns,
      first, last, item, columns * bands, pixels);
  barrier (CLK_LOCAL_MEM_FENCE);
#endif

  /* starts[] holds the bands' totals, then their exclusive prefix sums */
  starts[item] = x < w ? column_sum (src, src_pitch, x, column, columns,
      first, y0, y1) : 0;
  barrier (CLK_LOCAL_MEM_FENCE);
  if (band == 0) {
    row_t sum = 0;

    for (int b = 0; b < bands; b++) {
      row_t total = starts[b * columns + lx];

      starts[b * columns + lx] = sum;
      sum += total;
    }
  }
  barrier (CLK_LOCAL_MEM_FENCE);

  /* the band's output rows */
  y0 = max (y0, p0);
  y1 = min (y1, p1);
  if (x >= w || y0 >= y1)
    return;

  /* the prefix sums (from `first`) at the window's ends (y = last may lie
   * past the last band) */
  int top = max (y0 - ry, 0), bottom = min (y0 + ry + 1, h);
  int top_band = (top - first) / rows;
  int bottom_band = min ((bottom - first) / rows, bands - 1);

  row_t sum = starts[bottom_band * columns + lx] +
      column_sum (src, src_pitch, x, column, columns, first,
      first + bottom_band * rows, bottom) - starts[top_band * columns + lx] -
      column_sum (src, src_pitch, x, column, columns, first,
      first + top_band * rows, top);

  /* the window slides past `last` (rows not copied) only after the
   * part's last output, where it need not */
  for (int y = y0; y < y1; y++) {
    v[y * w + x] = CONVERT (COLUMN_WINDOW_T, sum);       /* modulo 2^16 */
#ifdef COLUMN_ANCHORS
    if (y % ANCHOR_ROWS == 0)
      anchors[y / ANCHOR_ROWS * w + x] =
          CONVERT (ANCHOR_T, sum >> ANCHOR_SHIFT);
#endif
    if (y + ry + 1 < last)
      sum += COLUMN_PIXEL (y + ry + 1);
    if (y - ry >= 0)
      sum -= COLUMN_PIXEL (y - ry);
  }
}

/* sums[] holds a pad entry after every WINDOW_RUN: an item's run of
 * WINDOW_RUN entries then starts WINDOW_RUN + 1 entries from its
 * neighbour's, an odd stride that spreads the items over the banks. */
#define PADDED(i) ((i) + (i) / WINDOW_RUN)

/* An item reads its run of WINDOW_RUN sums straight from v where they
 * take at most 8 bytes each; 16-byte ones (RGBA with 32-bit column sums)
 * go through sums[] first, loaded by neighbouring items at neighbouring
 * sums. H100, sat_row_windows's kernel ms, straight from v against
 * through sums[]: RGBA 4K radius 100 0.054 (0.060), 1080p 0.018 (0.019),
 * in images 0.059 (0.064); NV12 4K radius 100 0.043 (0.051); GRAY8 4K
 * radius 400 0.032 (0.036); but RGBA 4K radius 400 0.093 (0.086), and
 * 0.086 with runs of 4. With anchors an entry reads its 8 bytes and its
 * anchor's 4 straight: RGBA 4K radius 400 0.092 against 0.104 through
 * sums[] (0.142 with anchors of 16 bytes, the whole sums). */
#if CHANNELS == 4 && !defined (COLUMN_SHORT)
#define RUNS_THROUGH_LOCAL
#else
/* Straight from v, an item's run comes in 16-byte vectors (of sums, and of
 * anchors) where the row's runs lie on 16-byte boundaries: where w is a
 * multiple of WINDOW_RUN (the host starts a segment's columns at a multiple
 * of it, and v and the anchors on such boundaries). H100, sat_row_windows's
 * kernel ms against a sum (and an anchor) at a time: RGBA 4K in buffers
 * radius 400 0.087 (0.090), 100 0.053 (0.056), in images radius 400 0.090
 * (0.096); RGBA 1080p radius 400 0.020 (0.021); in images NV12 4K radius 400
 * 0.043 (0.047), GRAY8 0.029 (0.032). */
typedef union
{
  uint4 vectors[WINDOW_RUN * sizeof (column_window_t) / 16];
  column_window_t entries[WINDOW_RUN];
} run_sums_t;

#ifdef COLUMN_ANCHORS
typedef union
{
  uint4 vectors[WINDOW_RUN * sizeof (anchor_t) / 16];   /* RGBA's: 2 */
  anchor_t entries[WINDOW_RUN];
} run_anchors_t;
#endif

/* name (): entries first .. first + WINDOW_RUN - 1 of a row into a run,
 * zeros from n. */
#define DEFINE_LOAD_RUN(name, run_t, entry_t) \
static void \
name (__global const entry_t * row, int first, int n, bool vectors, \
    run_t * run) \
{ \
  if (vectors && first + WINDOW_RUN <= n) { \
    __global const uint4 *p = (__global const uint4 *) (row + first); \
    \
    for (int i = 0; i < (int) (sizeof (run->vectors) / 16); i++) \
      run->vectors[i] = p[i]; \
    return; \
  } \
  for (int k = 0; k < WINDOW_RUN; k++) \
    run->entries[k] = first + k < n ? row[first + k] : (entry_t) 0; \
}

DEFINE_LOAD_RUN (load_run, run_sums_t, column_window_t)
#ifdef COLUMN_ANCHORS
DEFINE_LOAD_RUN (load_run_anchors, run_anchors_t, anchor_t)
#endif
#endif

__kernel void
sat_row_windows (__global const column_window_t * v, int w, int h, int rx,
    int ry, int segment, int anchors_at, KERNEL_PLANE_OUT (dst),
    __local sum_t * sums, __local sum_t * part)
{
  PLANE_START (dst);
  int y = get_group_id (1);
  int c0 = get_group_id (0) * segment;
  int c1 = min (c0 + segment, w);
  int a = max (c0 - rx, 0) / WINDOW_RUN * WINDOW_RUN;
  int n = min (c1 + rx, w) - a;
  int lid = get_local_id (0);
  int items = get_local_size (0);
  int chunk = items * WINDOW_RUN;
  __global const column_window_t *row = v + y * w + a;
#ifdef COLUMN_ANCHORS
  __global const anchor_t *anchor_row = (__global const anchor_t *)
      ((__global const uchar *) v + anchors_at) + y / ANCHOR_ROWS * w + a;
#endif
  sum_t carry = 0;
#ifndef RUNS_THROUGH_LOCAL
  bool vectors = w % WINDOW_RUN == 0;
#endif

  /* sums[PADDED (i)] = the column-window sums of columns a .. a + i - 1 */
  if (lid == 0)
    sums[0] = 0;
  for (int s = 0; s < n; s += chunk) {
    /* the item's run, scanned in registers, then offset by the runs
     * before it (against the run scanned in place in sums[]: RGBA 4K
     * radius 100 0.071 ms against 0.077 on an H100) */
    int first = s + lid * WINDOW_RUN;
    sum_t run[WINDOW_RUN], total = 0, all;

#ifdef RUNS_THROUGH_LOCAL
    for (int k = 0; k < WINDOW_RUN; k++) {
      int i = s + k * items + lid;

      if (i < n)
        sums[PADDED (i + 1)] = CONVERT (SUM_T, row[i]);
    }
    barrier (CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < WINDOW_RUN; k++) {
      if (first + k < n)
        total += sums[PADDED (first + k + 1)];
      run[k] = total;
    }
#else
    run_sums_t loaded;

    load_run (row, first, n, vectors, &loaded);
#ifdef COLUMN_ANCHORS
    run_anchors_t anchors;

    load_run_anchors (anchor_row, first, n, vectors, &anchors);
#define RUN_ENTRY(k) anchored (loaded.entries[k], anchors.entries[k])
#else
#define RUN_ENTRY(k) CONVERT (SUM_T, loaded.entries[k])
#endif
    for (int k = 0; k < WINDOW_RUN; k++) {
      total += RUN_ENTRY (k);
      run[k] = total;
    }
#undef RUN_ENTRY
#endif

    sum_t before = group_inclusive_scan (total, part, &all) - total + carry;

    for (int k = 0; k < WINDOW_RUN && first + k < n; k++)
      sums[PADDED (first + k + 1)] = run[k] + before;
    carry += all;
    barrier (CLK_LOCAL_MEM_FENCE);
  }

  int y0 = max (y - ry, 0), y1 = min (y + ry + 1, h);
  uint count_y = y1 - y0;

  for (int x = c0 + lid; x < c1; x += items) {
    int x0 = max (x - rx, 0), x1 = min (x + rx + 1, w);

    STORE_AVERAGE (dst, x, y, sums[PADDED (x1 - a)] - sums[PADDED (x0 -
                a)], (x1 - x0) * count_y);
  }
}

/* The separable method on GPUs, after sat_rows: row y's prefix sums give
 * its window sums by differences, and each work-item owns `segment` output
 * rows of one column, keeping the sum of the window's row sums as it slides
 * down. Its first window costs 2 * ry + 1 rows, so the host takes this
 * where ry is small against the segment. */
__kernel void
box_segments (__global const sum_t * sat, int w, int h, int rx, int ry,
    int segment, KERNEL_PLANE_OUT (dst))
{
  PLANE_START (dst);
  int x = get_global_id (0);
  int y0 = get_global_id (1) * segment;

  if (x >= w || y0 >= h)
    return;

  int x0 = max (x - rx, 0), x1 = min (x + rx + 1, w);
  uint count_x = x1 - x0;
  int y1 = min (y0 + segment, h);
  __global const sum_t *rows = sat + w + 1;     /* row y at y * (w + 1) */
  sum_t sum = 0;

#define ROW_SUM(y) (rows[(y) * (w + 1) + x1] - rows[(y) * (w + 1) + x0])
  for (int y = max (y0 - ry, 0); y <= min (y0 + ry, h - 1); y++)
    sum += ROW_SUM (y);
  for (int y = y0; y < y1; y++) {
    STORE_AVERAGE (dst, x, y, sum, count_x * window_count (y, ry, h));
    if (y + ry + 1 < h)
      sum += ROW_SUM (y + ry + 1);
    if (y - ry >= 0)
      sum -= ROW_SUM (y - ry);
  }
#undef ROW_SUM
}

/* The sat method on NVIDIA's GPUs for radii up to the tuning table's
 * strip_radius, in one pass: box_strips. A group of n items makes a strip
 * of the output, n - 2 * rx columns by `rows` rows. Item i keeps the column
 * window sum of column x0 - rx + i (zero outside the plane) and slides it
 * down, STRIP_STEP_ROWS rows at a time; the group scans each row of
 * those sums (scan_rows ()) into sums[] (n + 1 entries a row), where each
 * output's window is one difference. The source crosses memory once, and
 * nothing else does; the column sums are 32-bit, which the host checks.
 * H100, buffers, kernel ms per frame against column_windows and
 * sat_row_windows: RGBA 4K radius 10 0.109 (0.147), 15 0.118 (0.147), 24
 * 0.125 (0.147); RGBA 1080p radius 15 0.037 (0.044); NV12 4K radius 15
 * 0.086 (0.116), all with pixels as floats (the integers of LOAD_TEXEL
 * took radius 15 to 0.104, 0.034 and 0.078). */

/* The inclusive prefix sums across the group of each of an item's
 * STRIP_STEP_ROWS values (v[b] for row b), in place. part[] holds
 * STRIP_STEP_ROWS entries a warp, or a work-item without warp shuffles.
 * The caller separates two calls by a barrier. */
static void
scan_rows (sum_t * v, __local sum_t * part)
{
  int lid = get_local_id (0), n = get_local_size (0);

#ifdef WARP_ITEMS
  if (n % WARP_ITEMS == 0) {
    int warps = n / WARP_ITEMS, warp = lid / WARP_ITEMS;
    uint lane = lid % WARP_ITEMS;

    for (int b = 0; b < STRIP_STEP_ROWS; b++) {
      v[b] = warp_inclusive_scan (v[b], lane);
      if (lane == WARP_ITEMS - 1)
        part[b * warps + warp] = v[b];
    }
    barrier (CLK_LOCAL_MEM_FENCE);
    /* warp b scans row b's warp totals */
    for (int b = warp; b < STRIP_STEP_ROWS; b += warps) {
      sum_t total = warp_inclusive_scan (lane < warps ?
          part[b * warps + lane] : (sum_t) 0, lane);

      if (lane < warps)
        part[b * warps + lane] = total;
    }
    barrier (CLK_LOCAL_MEM_FENCE);
    for (int b = 0; b < STRIP_STEP_ROWS && warp > 0; b++)
      v[b] += part[b * warps + warp - 1];
    return;
  }
#endif
  for (int b = 0; b < STRIP_STEP_ROWS; b++)
    part[b * n + lid] = v[b];
  barrier (CLK_LOCAL_MEM_FENCE);
  for (int d = 1; d < n; d <<= 1) {
    sum_t add[STRIP_STEP_ROWS];

    for (int b = 0; b < STRIP_STEP_ROWS; b++)
      add[b] = lid >= d ? part[b * n + lid - d] : (sum_t) 0;
    barrier (CLK_LOCAL_MEM_FENCE);
    for (int b = 0; b < STRIP_STEP_ROWS; b++)
      part[b * n + lid] += add[b];
    barrier (CLK_LOCAL_MEM_FENCE);
  }
  for (int b = 0; b < STRIP_STEP_ROWS; b++)
    v[b] = part[b * n + lid];
}

/* Pixel (x, y) of the plane, zero outside it. */
static row_t
pixel_or_zero (PLANE_IN (src), int x, int y, int w, int h)
{
  return x >= 0 && x < w && y >= 0 && y < h ? LOAD_ROW (src, x, y) :
      (row_t) 0;
}

__kernel void
box_strips (KERNEL_PLANE_IN (src), int w, int h, int rx, int ry,
    KERNEL_PLANE_OUT (dst), int rows, __local sum_t * sums,
    __local sum_t * part)
{
  PLANE_START (src);
  PLANE_START (dst);
  int i = get_local_id (0), n = get_local_size (0);
  int strip_w = n - 2 * rx;
  int x = get_group_id (0) * strip_w + i;       /* i's output column */
  int c = x - rx;               /* i's column of sums */
  int y0 = get_group_id (1) * rows, y1 = min (y0 + rows, h);
  uint count_x = window_count (x, rx, w);
  row_t column = 0;

  for (int y = y0 - ry; y < y0 + ry; y++)
    column += pixel_or_zero (src, src_pitch, c, y, w, h);
  if (i < STRIP_STEP_ROWS)
    sums[i * (n + 1)] = 0;
  for (int y = y0; y < y1; y += STRIP_STEP_ROWS) {
    sum_t v[STRIP_STEP_ROWS];

    for (int b = 0; b < STRIP_STEP_ROWS; b++) {
      column += pixel_or_zero (src, src_pitch, c, y + b + ry, w, h);
      v[b] = CONVERT (SUM_T, column);
      column -= pixel_or_zero (src, src_pitch, c, y + b - ry, w, h);
    }
    scan_rows (v, part);
    for (int b = 0; b < STRIP_STEP_ROWS; b++)
      sums[b * (n + 1) + i + 1] = v[b];
    barrier (CLK_LOCAL_MEM_FENCE);
    for (int b = 0; b < STRIP_STEP_ROWS && y + b < y1; b++) {
      __local const sum_t *row = sums + b * (n + 1);

      if (i < strip_w && x < w)
        STORE_AVERAGE (dst, x, y + b, row[i + 2 * rx + 1] - row[i],
            count_x * window_count (y + b, ry, h));
    }
  }
}

/* The separable method on GPUs for small radii (the tuning table's
 * tile_radius), in one pass: a work-group makes a tile of the output, (group
 * width) x (group height * rows), from the source pixels under its windows
 * (the region: the tile widened by rx on either side and by ry above and
 * below; pixels outside the plane are zeros, as the windows are clipped to
 * it), brought into local memory chunk_h rows at a time (pixels[]). Their
 * row-window sums for the tile's columns go to hsums[], which holds the
 * whole region, each item sliding a window along a run of HSUM_RUN columns
 * of one row, and each item then slides a column window down its `rows`
 * output rows. The region's halo, which grows with the radius, is what
 * bounds it. The arrays' row pitches (in elements) are the host's (odd, so
 * that the items of a warp, on neighbouring rows, meet different local
 * memory banks). */

#if DEPTH == 16
#define HSUM_T VEC (uint)
#else
#define HSUM_T VEC (ushort)     /* (2 * rx + 1) * 255 fits for rx < 128 */
#endif
typedef HSUM_T hsum_t;

__kernel void
box_tiles (KERNEL_PLANE_IN (src), int w, int h, int rx, int ry,
    KERNEL_PLANE_OUT (dst), __local texel_t * pixels, int pitch,
    __local hsum_t * hsums, int hsums_pitch, int rows, int chunk_h)
{
  PLANE_START (src);
  PLANE_START (dst);
  int lx = get_local_id (0), ly = get_local_id (1);
  int tile_w = get_local_size (0), items_y = get_local_size (1);
  int x0 = get_group_id (0) * tile_w;
  int y0 = get_group_id (1) * items_y * rows;
  int region_w = tile_w + 2 * rx;
  int region_h = items_y * rows + 2 * ry;
  int item = ly * tile_w + lx, items = tile_w * items_y;

  /* the region's rows, chunk_h at a time through pixels[] */
  for (int c = 0; c < region_h; c += chunk_h) {
    int n = min (chunk_h, region_h - c);

    for (int i = item; i < region_w * n; i += items) {
      int x = i % region_w, y = i / region_w;
      int sx = x0 - rx + x, sy = y0 - ry + c + y;

      pixels[y * pitch + x] = sx >= 0 && sx < w && sy >= 0 && sy < h ?
          LOAD_TEXEL (src, sx, sy) : (texel_t) 0;
    }
    barrier (CLK_LOCAL_MEM_FENCE);

    /* items on neighbouring rows, then the next run of columns */
    for (int i = item; i < n * (tile_w / HSUM_RUN); i += items) {
      int r = i % n, c0 = i / n * HSUM_RUN;
      __local const texel_t *row = pixels + r * pitch + c0;
      __local hsum_t *out = hsums + (c + r) * hsums_pitch + c0;
      row_t sum = 0;

      for (int k = 0; k <= 2 * rx; k++)
        sum += CONVERT (ROW_T, row[k]);
      out[0] = CONVERT (HSUM_T, sum);
      for (int j = 1; j < HSUM_RUN; j++) {
        sum += CONVERT (ROW_T, row[j + 2 * rx]);
        sum -= CONVERT (ROW_T, row[j - 1]);
        out[j] = CONVERT (HSUM_T, sum);
      }
    }
    barrier (CLK_LOCAL_MEM_FENCE);
  }

  int x = x0 + lx;
  int y = y0 + ly * rows;

  if (x >= w || y >= h)
    return;

  /* hsums row i + k holds source row y + i - ry + k */
  __local const hsum_t *column = hsums + ly * rows * hsums_pitch + lx;
  uint count_x = window_count (x, rx, w);
  sum_t sum = 0;

  for (int k = 0; k <= 2 * ry; k++)
    sum += CONVERT (SUM_T, column[k * hsums_pitch]);
  for (int i = 0; i < rows && y + i < h; i++) {
    STORE_AVERAGE (dst, x, y + i, sum, count_x * window_count (y + i, ry,
            h));
    if (i + 1 < rows) {
      sum += CONVERT (SUM_T, column[(i + 2 * ry + 1) * hsums_pitch]);
      sum -= CONVERT (SUM_T, column[i * hsums_pitch]);
    }
  }
}

#endif

__kernel void
sat_average (__global const sum_t * sat, int w, int h, int rx, int ry,
    KERNEL_PLANE_OUT (dst))
{
  PLANE_START (dst);
  int x = get_global_id (0);
  int y = get_global_id (1);

  if (x >= w || y >= h)
    return;

  int x0 = max (x - rx, 0), x1 = min (x + rx + 1, w);
  int y0 = max (y - ry, 0), y1 = min (y + ry + 1, h);
  __global const sum_t *top = sat + y0 * (w + 1);
  __global const sum_t *bottom = sat + y1 * (w + 1);
  sum_t sum = bottom[x1] - bottom[x0] - top[x1] + top[x0];

  STORE_AVERAGE (dst, x, y, sum, (x1 - x0) * (y1 - y0));
}

#ifdef GST_CL_WIDE

/* CPU devices (buffers only): the separable method, columns first, WIDE
 * channel values per step of a work-item, in vector code (PoCL does not
 * vectorise across work-items). The plane is cut into bands of `band`
 * rows, and each band keeps one row of column-window sums ("sums", as
 * column_t: ushort with -DCOLUMN_SHORT, where (2 * ry + 1) * ELEM_MAX
 * fits, else uint), small enough to stay in the core's cache:
 *
 * box_column_parts_wide and box_column_starts_wide: the column sums of
 *   each band's first row, from sums over bands of source rows, parallel
 *   over bands, then added up in order (below).
 * box_rows_wide: one work-item per band, row after row, turns the column
 *   sums into window sums along the row, WIDE values a step (the sums
 *   entering minus those leaving the window, added up within the vector
 *   per channel by lane shifts, onto the previous step's last pixel),
 *   writes the averages as box_quotient does, then moves the column sums
 *   down a row (adds the row entering the window, subtracts the one
 *   leaving it). It reads its source while other bands write theirs:
 *   the host never runs it in place.
 *
 * Each row of sums has TMP_PAD zero values before them and, after them,
 * zeros up to a multiple of WIDE plus TMP_PAD more: vector loads that
 * straddle an end of the row then read zeros, the sums of pixels outside
 * the plane. The host keeps count * ELEM_MAX + count / 2 below 2^31, so
 * sums and quotients are exact in int and convert to float as int. */

#ifdef COLUMN_SHORT
typedef ushort column_t;
typedef ushort16 column16_t;
#define COLUMN16(v) convert_ushort16 (v)
#else
typedef uint column_t;
typedef uint16 column16_t;
#define COLUMN16(v) convert_uint16 (v)
#endif

#if DEPTH == 16
#define ELEM16(v) convert_ushort16 (v)
#else
#define ELEM16(v) convert_uchar16 (v)
#endif

/* PoCL's vstore16 to global memory writes one value at a time; through a
 * packed struct the same store is one unaligned vector store. */
typedef struct __attribute__ ((packed))
{
  column16_t value;
} packed_column16_t;

typedef struct __attribute__ ((packed))
{
  elem16_t value;
} packed_elem16_t;

#define STORE_SUMS(v, p) (((__global packed_column16_t *) (p))->value = (v))
#define STORE_ELEMS(v, p) (((__global packed_elem16_t *) (p))->value = (v))

#define TMP_PAD WIDE

/* The lanes' values shifted up by N lanes, zeros shifted in. */
#define SHIFT1(v) ((uint16) (0, (v).s012, (v).s3456, (v).s789a, (v).sbcde))
#define SHIFT2(v) ((uint16) (0, 0, (v).s01, (v).s2345, (v).s6789, (v).sabcd))
#define SHIFT4(v) ((uint16) ((uint4) 0, (v).s0123, (v).s4567, (v).s89ab))
#define SHIFT8(v) ((uint16) ((uint8) 0, (v).s01234567))

/* PREFIX: per channel, each lane plus the lanes of the same channel below
 * it. LAST: the last pixel's channels over all lanes. LANE_X: each lane's
 * pixel in the vector. */
#if CHANNELS == 1
#define PREFIX_STEPS(v) v = v + SHIFT1 (v); v = v + SHIFT2 (v)
#define LAST(v) ((uint16) ((v).sf))
#define LANE_X (int16) (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
#elif CHANNELS == 2
#define PREFIX_STEPS(v) v = v + SHIFT2 (v)
#define LAST(v) ((uint16) ((v).sefefefef, (v).sefefefef))
#define LANE_X (int16) (0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7)
#else
#define PREFIX_STEPS(v)
#define LAST(v) ((uint16) ((v).scdefcdef, (v).scdefcdef))
#define LANE_X (int16) (0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3)
#endif

static uint16
prefix_sums (uint16 v)
{
  PREFIX_STEPS (v);
  v = v + SHIFT4 (v);
  return v + SHIFT8 (v);
}

/* The WIDE column sums at sums + i, in rows of n values, plus the source
 * values at enter + i, minus those at leave + i (each where set). The
 * zeros past the row stay zeros. */
static void
move_sums (__global column_t * sums, int n, __global const elem_t * enter,
    __global const elem_t * leave, int i)
{
  column16_t sum = vload16 (0, sums + i);

  if (enter)
    sum += COLUMN16 (load_row_end (enter + i, n - i));
  if (leave)
    sum -= COLUMN16 (load_row_end (leave + i, n - i));
  STORE_SUMS (sum, sums + i);
}

/* A row of column sums, out, plus (minus, where sub) the source rows
 * [y0, y1). */
static void
add_rows (__global column_t * out, PLANE_IN (src), int n, int y0, int y1,
    int sub)
{
  for (int y = y0; y < y1; y++) {
    __global const elem_t *row = src + y * src_pitch;

    for (int i = 0; i < n; i += WIDE)
      move_sums (out, n, sub ? NULL : row, sub ? row : NULL, i);
  }
}

/* Column sums of the first row of every band, in two steps that both
 * stream along rows, through parts: rows of sums after the bands' in
 * memory. FIRST_PARTS of them add up the source rows 0 .. ry, band rows at
 * a time (the first band's window); the next n_bands - 1 the change of the
 * column sums from band k's first row to band k + 1's (rows entering the
 * window minus rows leaving it). Parts may wrap around in column_t; the
 * bands' sums, their totals, fit and are exact. The host sizes sums alike. */
#define FIRST_PARTS(ry, band) (((ry) + (band)) / (band))

/* box_column_parts_wide: one work-item per part. */
__kernel void
box_column_parts_wide (KERNEL_PLANE_IN (src), int w, int h, int ry, int band,
    int n_bands, __global column_t * sums, int sums_pitch)
{
  PLANE_START (src);
  int p = get_global_id (0);
  int first = FIRST_PARTS (ry, band);

  if (p >= first + n_bands - 1)
    return;

  int n = w * CHANNELS;
  __global column_t *out = sums + (n_bands + p) * sums_pitch;

  for (int i = 0; i < n; i += WIDE)
    STORE_SUMS ((column16_t) 0, out + i);
  if (p < first) {
    add_rows (out, src, src_pitch, n, p * band, min ((p + 1) * band, ry + 1),
        0);
  } else {
    int y0 = (p - first) * band, y1 = y0 + band;

    add_rows (out, src, src_pitch, n, min (y0 + ry + 1, h),
        min (y1 + ry + 1, h), 0);
    add_rows (out, src, src_pitch, n, max (y0 - ry, 0), max (y1 - ry, 0), 1);
  }
}

/* box_column_starts_wide: one work-item per WIDE values of a row adds the
 * parts up, in order, and writes each band's column sums, with the zeros
 * around them. The barrier, as in sat_columns, makes PoCL run each row for
 * the whole work-group before the next, streaming along rows. */
__kernel void
box_column_starts_wide (int w, int ry, int band, int n_bands,
    __global column_t * sums, int sums_pitch)
{
  int i = get_global_id (0) * WIDE;
  int n = w * CHANNELS;
  bool active = i < n;
  int first = FIRST_PARTS (ry, band);
  __global const column_t *parts = sums + n_bands * sums_pitch;
  column16_t sum = 0;

  for (int p = 0; p < first + n_bands - 1; p++) {
    if (active) {
      sum += vload16 (0, parts + p * sums_pitch + i);
      if (p >= first - 1) {
        __global column_t *row = sums + (p - first + 1) * sums_pitch;

        STORE_SUMS (sum, row + TMP_PAD + i);
        if (i == 0)
          STORE_SUMS ((column16_t) 0, row);
        if (i + WIDE >= n)
          STORE_SUMS ((column16_t) 0, row + TMP_PAD + i + WIDE);
      }
    }
    barrier (CLK_GLOBAL_MEM_FENCE);
  }
}

static uint16
load_sums (__global const column_t * p)
{
  return convert_uint16 (vload16 (0, p));
}

#define LANE (int16) (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)

/* The window sums of pixel -1 (tmp's sums over pixels 0 .. rx - 1), on
 * every lane of their channel. */
static uint16
first_window (__global const column_t * row, int rx)
{
  int n = rx * CHANNELS;
  uint16 sum = 0;

  for (int i = 0; i < n; i += WIDE)
    sum += select (load_sums (row + i), (uint16) 0, LANE >= n - i);
  return LAST (prefix_sums (sum));
}

/* The rounded averages of the window sums of pixels x .. x + WIDE /
 * CHANNELS - 1, as box_quotient's. */
static int16
wide_average (uint16 sum, int x, int w, int rx, uint count_y, uint count,
    float inv)
{
  int16 c = (int16) count, n;
  float16 f = inv;

  if (x - rx < 0 || x + WIDE / CHANNELS - 1 + rx >= w) {
    /* At the ends of the row the window is clipped per pixel. */
    int16 xs = x + LANE_X;

    c = (min (xs + rx, w - 1) - max (xs - rx, 0) + 1) * (int) count_y;
    f = QUOTIENT_LOW / convert_float16 (c);
  }
  n = as_int16 (sum) + c / 2;
  int16 q = convert_int16 (convert_float16 (n) * f);

  /* -convert_int16 (cmp), not -(cmp): the same value, but Oclgrind 21.10
   * gives 255 for -(cmp) of a true lane. */
  CORRECT_QUOTIENT (q, n, c, -convert_int16);
  return q;
}

/* WIDE values to p, of which the first n (1 to WIDE) are in the row. */
static void
store_values (int16 v, __global elem_t * p, int n)
{
  elem_t e[WIDE];

  if (n >= WIDE) {
    STORE_ELEMS (ELEM16 (v), p);
    return;
  }
  vstore16 (ELEM16 (v), 0, e);
  for (int i = 0; i < n; i++)
    p[i] = e[i];
}

static void
blur_row (__global const column_t * row, int w, int h, int rx, int ry, int y,
    __global elem_t * out)
{
  int n = w * CHANNELS, enter = rx * CHANNELS, leave = -(rx + 1) * CHANNELS;
  uint count_y = window_count (y, ry, h);
  uint count = (2 * rx + 1) * count_y;
  float inv = QUOTIENT_LOW / count;
  uint16 sum = first_window (row, rx);

  for (int i = 0; i < n; i += WIDE) {
    /* Loads wholly outside the row would read zeros: skipped. */
    uint16 d = (i + enter < n ? load_sums (row + i + enter) : 0)
        - (i + leave > -WIDE ? load_sums (row + i + leave) : 0);

    sum = LAST (sum) + prefix_sums (d);
    store_values (wide_average (sum, i / CHANNELS, w, rx, count_y, count,
            inv), out + i, n - i);
  }
}

/* From row y's column sums to row y + 1's. */
static void
next_column_sums (__global column_t * row, PLANE_IN (src), int w, int h,
    int ry, int y)
{
  int n = w * CHANNELS;
  __global const elem_t *enter = y + ry + 1 < h ?
      src + (y + ry + 1) * src_pitch : NULL;
  __global const elem_t *leave = y - ry >= 0 ? src + (y - ry) * src_pitch :
      NULL;

  for (int i = 0; i < n; i += WIDE)
    move_sums (row, n, enter, leave, i);
}

__kernel void
box_rows_wide (KERNEL_PLANE_IN (src), int w, int h, int rx, int ry, int band,
    __global column_t * sums, int sums_pitch, KERNEL_PLANE_OUT (dst))
{
  PLANE_START (src);
  PLANE_START (dst);
  int y0 = get_global_id (0) * band;

  if (y0 >= h)
    return;

  __global column_t *row = sums + get_global_id (0) * sums_pitch + TMP_PAD;
  int y1 = min (y0 + band, h);

  for (int y = y0; y < y1; y++) {
    blur_row (row, w, h, rx, ry, y, dst + y * dst_pitch);
    if (y + 1 < y1)
      next_column_sums (row, src, src_pitch, w, h, ry, y);
  }
}

#endif
