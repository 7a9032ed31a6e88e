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
 *
 * Build options, on top of common.cl's:
 *   -DSUM_WIDE   window sums and SAT entries are 64-bit. Without it they are
 *                32-bit and the SAT's entries wrap around; its four-corner
 *                differences are still exact, modulo 2^32, while the host
 *                guarantees that every window's sum fits in 32 bits.
 *   -DGST_CL_GROUP_SCANS -DSCAN_RUN=n   (GPUs) sat_rows and sat_columns
 *                scan by work-groups, and the separable method is sat_rows
 *                then box_segments, whose work-items slide windows down
 *                short runs of a column (below).
 * The separable row sums in tmp are always 32-bit: a row window is at most
 * 2 * 8192 + 1 pixels (the largest radius), 16385 * 65535 < 2^32.
 *
 * Otherwise the row and column kernels are 1-D: one work-item walks a
 * whole row (or column). Column work-items are neighbours in memory at
 * every step.
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
#define CONVERT_RTE(t, v) CONVERT_RTE_ (t, v)
#define CONVERT_RTE_(t, v) convert_##t##_rte (v)

typedef SUM_T sum_t;
typedef ROW_T row_t;

/* LOAD gives whole numbers as floats (exactly, from images too). */
#define LOAD_SUM(name, x, y) CONVERT_RTE (SUM_T, LOAD (name, x, y))
#define LOAD_ROW(name, x, y) CONVERT_RTE (ROW_T, LOAD (name, x, y))

/* (2 * sum + count) / (2 * count), i.e. sum / count rounded to nearest with
 * halves up, equals (sum + count / 2) / count in integer arithmetic (for odd
 * counts the lost half never changes the quotient): no doubling that could
 * overflow. The host leaves room for count / 2 in sum_t. */
#if CHANNELS == 1
#define ONES(cond) ((sum_t) (cond))     /* a true comparison is 1 */
#else
#define ONES(cond) (-CONVERT (SUM_T, cond))     /* and -1 per lane */
#endif

static pix_t
box_average (sum_t sum, uint count)
{
  sum_t n = sum + count / 2;
  /* Integer division is scalar and slow on CPUs: a float estimate, within
   * one of the quotient, then corrected exactly. Clamped to the largest
   * average, q * count never exceeds the sums' range (the host keeps
   * count * ELEM_MAX + count / 2 in it). */
  sum_t q = min (CONVERT (SUM_T, CONVERT (VEC (float), n) * (1.0f / count)),
      (sum_t) ELEM_MAX);

  q -= ONES (q * count > n);
  q += ONES (n - q * count >= count);
  return CONVERT (VEC (float), q);
}

/* Pixels of [i - r, i + r] inside [0, n). */
static uint
window_count (int i, int r, int n)
{
  return min (i + r, n - 1) - max (i - r, 0) + 1;
}

/* tmp[y * w + x] = sum of src[y][x - rx .. x + rx], clipped; rx < w. */
__kernel void
box_rows (PLANE_IN (src), int w, int h, int rx, __global row_t * tmp)
{
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
    PLANE_OUT (dst))
{
  int x = get_global_id (0);

  if (x >= w)
    return;

  uint count_x = window_count (x, rx, w);
  sum_t sum = 0;

  for (int y = 0; y <= ry; y++)
    sum += CONVERT (SUM_T, tmp[y * w + x]);
  for (int y = 0; y < h; y++) {
    STORE (dst, x, y, box_average (sum, count_x * window_count (y, ry, h)));
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
sat_rows (PLANE_IN (src), int w, int h, __global sum_t * sat)
{
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
 * or column; -DSCAN_RUN=n: neighbours one work-item scans alone. The host launches exactly the groups below and sizes the
 * __local arguments; every work-item of a group reaches every barrier. */

/* Inclusive prefix sum of v over the work-group's items (Hillis and
 * Steele, in part[], one entry per item); part[n - 1] ends as the total. */
static sum_t
group_inclusive_scan (sum_t v, __local sum_t * part)
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
  return part[lid];
}

/* One work-group per row, in chunks of n * SCAN_RUN pixels: loaded and
 * stored with neighbouring items at neighbouring pixels, scanned in local
 * memory (run[], n * SCAN_RUN entries; part[], n). */
__kernel void
sat_rows (PLANE_IN (src), int w, int h, __global sum_t * sat,
    __local sum_t * run, __local sum_t * part)
{
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

    sum_t before = group_inclusive_scan (total, part) - total + carry;

    for (int k = 0; k < SCAN_RUN; k++)
      run[lid * SCAN_RUN + k] += before;
    carry += part[n - 1];
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

/* The separable method on GPUs, after sat_rows: row y's prefix sums give
 * its window sums by differences, and each work-item owns `segment` output
 * rows of one column, keeping the sum of the window's row sums as it slides
 * down. Its first window costs 2 * ry + 1 rows, so the host takes this
 * where ry is small against the segment. */
__kernel void
box_segments (__global const sum_t * sat, int w, int h, int rx, int ry,
    int segment, PLANE_OUT (dst))
{
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
    STORE (dst, x, y, box_average (sum, count_x * window_count (y, ry, h)));
    if (y + ry + 1 < h)
      sum += ROW_SUM (y + ry + 1);
    if (y - ry >= 0)
      sum -= ROW_SUM (y - ry);
  }
#undef ROW_SUM
}

#endif

__kernel void
sat_average (__global const sum_t * sat, int w, int h, int rx, int ry,
    PLANE_OUT (dst))
{
  int x = get_global_id (0);
  int y = get_global_id (1);

  if (x >= w || y >= h)
    return;

  int x0 = max (x - rx, 0), x1 = min (x + rx + 1, w);
  int y0 = max (y - ry, 0), y1 = min (y + ry + 1, h);
  __global const sum_t *top = sat + y0 * (w + 1);
  __global const sum_t *bottom = sat + y1 * (w + 1);
  sum_t sum = bottom[x1] - bottom[x0] - top[x1] + top[x0];

  STORE (dst, x, y, box_average (sum, (x1 - x0) * (y1 - y0)));
}
