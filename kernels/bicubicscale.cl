/* gst-opencl: clbicubicscale's kernels.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Emulated path: two separable passes over per-axis tables computed on the
 * host: for output position i, the first tap index starts[i] and, tap
 * major, the weights weights[k * size + i] of its `taps` taps. With
 * taps = 4 and the (B, C) weights these are the 4x4 taps and weights of
 * cl_qcom_filter_bicubic; for an antialiased downscale the host widens the
 * kernel by the scale factor. Tap indices are clamped to the plane, which
 * replicates the edges.
 *
 * The rows pass writes a float intermediate, rect width x source height;
 * the columns pass writes the output, where only the rectangle (rect_x,
 * rect_y, tmp_w x rect_h) receives the picture and the rest the border
 * colour (letterboxing). On CPU devices the host runs a downscale that
 * shrinks the height at least as much as the width columns first:
 * scale_source_columns writes the intermediate, source width x rect
 * height, and scale_picture_rows the output, borders included.
 *
 * With -DGST_CL_VECTORS (buffers on CPU devices) each work-item makes VECTOR_VALUES
 * channel values; otherwise one pixel. With -DGST_CL_COMPENSATED_ROWS or
 * _COLUMNS, set by the host for an axis with more than 32 taps, that
 * axis's taps are summed with compensation. Every variant of an order
 * (the two passes, scale_tiles on GPUs, the vector kernels on CPUs; the
 * columns-first kernels, one-pixel and vector) sums a pixel's taps in the
 * same order, so that images and buffers give the same bits on a device.
 * The two orders sum them differently (each column, then the row), which
 * rounds a value the other way now and then: one level.
 */

/* Adds a weighted tap to sum. With -DGST_CL_COMPENSATED_ROWS (_COLUMNS),
 * which the host sets where that axis has more than 32 taps, the sum is
 * compensated (Kahan), carry holding what sum's rounding lost: an extreme
 * downscale sums hundreds of thousands of taps into one pixel (262140 for
 * 65535 rows into 1), where the rounding errors of a plain float sum add up
 * to several levels of a 16-bit format; compensated, the sum stays within a
 * few float steps. It costs four operations a tap instead of one, which a
 * few dozen taps do not need. */
#define KAHAN_ADD(type, sum, carry, term) \
  do { \
    type addend_ = (term) - carry; \
    type total_ = sum + addend_; \
    carry = (total_ - sum) - addend_; \
    sum = total_; \
  } while (0)
#define PLAIN_ADD(type, sum, carry, term) ((void) carry, sum += (term))

#ifdef GST_CL_COMPENSATED_ROWS
#define ADD_ROW_TAP KAHAN_ADD
#else
#define ADD_ROW_TAP PLAIN_ADD
#endif
#ifdef GST_CL_COMPENSATED_COLUMNS
#define ADD_COLUMN_TAP KAHAN_ADD
#else
#define ADD_COLUMN_TAP PLAIN_ADD
#endif

/* One output pixel of the rows pass. */
static pix_t
row_pixel (PLANE_IN (src), int src_w, int y, int x, int tmp_w,
    __global const int *starts, __global const float *weights, int taps)
{
  int first = starts[x];
  pix_t acc = 0.0f, carry = 0.0f;

  for (int k = 0; k < taps; k++)
    ADD_ROW_TAP (pix_t, acc, carry, weights[k * tmp_w + x] *
        LOAD (src, clamp (first + k, 0, src_w - 1), y));
  return acc;
}

/* One output pixel of the columns pass, border included. */
static pix_t
column_pixel (__global const float *tmp, int tmp_w, int tmp_h, int x, int y,
    int rect_x, int rect_y, int rect_h, __global const int *starts,
    __global const float *weights, int taps, float4 border)
{
  int rx = x - rect_x;
  int ry = y - rect_y;

  if (rx < 0 || rx >= tmp_w || ry < 0 || ry >= rect_h)
    return PIX_FROM_F4 (border);

  int first = starts[ry];
  pix_t acc = 0.0f, carry = 0.0f;

  for (int k = 0; k < taps; k++)
    ADD_COLUMN_TAP (pix_t, acc, carry, weights[k * rect_h + ry] *
        VLOAD_F (tmp, clamp (first + k, 0, tmp_h - 1) * tmp_w + rx));
  return acc;
}

/* Columns first (downscales along y on CPU devices, below): one value of
 * the intermediate, source width x rect height, from the source. */
static pix_t
source_column_pixel (PLANE_IN (src), int src_h, int x, int ry,
    __global const int *starts, __global const float *weights, int rect_h,
    int taps)
{
  int first = starts[ry];
  pix_t acc = 0.0f, carry = 0.0f;

  for (int k = 0; k < taps; k++)
    ADD_COLUMN_TAP (pix_t, acc, carry, weights[k * rect_h + ry] *
        LOAD (src, x, clamp (first + k, 0, src_h - 1)));
  return acc;
}

/* One output pixel of the rows pass on the intermediate, border
 * included. */
static pix_t
picture_row_pixel (__global const float *tmp, int tmp_w, int x, int y,
    int rect_x, int rect_y, int rect_w, int rect_h,
    __global const int *starts, __global const float *weights, int taps,
    float4 border)
{
  int rx = x - rect_x;
  int ry = y - rect_y;

  if (rx < 0 || rx >= rect_w || ry < 0 || ry >= rect_h)
    return PIX_FROM_F4 (border);

  __global const float *row = tmp + ry * tmp_w * CHANNELS;
  int first = starts[rx];
  pix_t acc = 0.0f, carry = 0.0f;

  for (int k = 0; k < taps; k++)
    ADD_ROW_TAP (pix_t, acc, carry, weights[k * rect_w + rx] *
        VLOAD_F (row, clamp (first + k, 0, tmp_w - 1)));
  return acc;
}

#ifndef GST_CL_VECTORS

__kernel void
scale_rows (KERNEL_PLANE_IN (src), int src_w, int src_h,
    __global float *tmp, int tmp_w,
    __global const int *starts, __global const float *weights, int taps)
{
  PLANE_START (src);
  int x = get_global_id (0);
  int y = get_global_id (1);

  if (x < tmp_w && y < src_h)
    VSTORE_F (row_pixel (src, src_pitch, src_w, y, x, tmp_w, starts,
            weights, taps), tmp, y * tmp_w + x);
}

__kernel void
scale_columns (__global const float *tmp, int tmp_w, int tmp_h,
    KERNEL_PLANE_OUT (dst), int dst_w, int dst_h, int rect_x, int rect_y,
    int rect_h, __global const int *starts, __global const float *weights,
    int taps, float4 border)
{
  PLANE_START (dst);
  int x = get_global_id (0);
  int y = get_global_id (1);

  if (x < dst_w && y < dst_h)
    STORE (dst, x, y, column_pixel (tmp, tmp_w, tmp_h, x, y, rect_x, rect_y,
            rect_h, starts, weights, taps, border));
}

/* Columns first: the columns pass on the source, then the rows pass on
 * the intermediate into the output, one pixel a work-item, summing as the
 * vector kernels do (so that images and buffers give the same bytes). */
__kernel void
scale_source_columns (KERNEL_PLANE_IN (src), int src_w, int src_h,
    __global float *tmp, int rect_h,
    __global const int *starts, __global const float *weights, int taps)
{
  PLANE_START (src);
  int x = get_global_id (0);
  int ry = get_global_id (1);

  if (x < src_w && ry < rect_h)
    VSTORE_F (source_column_pixel (src, src_pitch, src_h, x, ry, starts,
            weights, rect_h, taps), tmp, ry * src_w + x);
}

__kernel void
scale_picture_rows (__global const float *tmp, int tmp_w,
    KERNEL_PLANE_OUT (dst), int dst_w, int dst_h,
    int rect_x, int rect_y, int rect_w, int rect_h,
    __global const int *starts, __global const float *weights, int taps,
    float4 border)
{
  PLANE_START (dst);
  int x = get_global_id (0);
  int y = get_global_id (1);

  if (x < dst_w && y < dst_h)
    STORE (dst, x, y, picture_row_pixel (tmp, tmp_w, x, y, rect_x, rect_y,
            rect_w, rect_h, starts, weights, taps, border));
}

/* One pass, for GPUs: a work-group makes a tile of the output, `rows`
 * rows of it an item (the group's rows of items, then again below), and
 * TILE_PIXELS columns, a group's width apart, so that neighbouring items
 * read and write neighbouring pixels. It runs the rows pass for the
 * source rows under the tile into local memory (tile_rows[], the host
 * sizes it to span rows of the tile's width) and the columns pass from
 * there: no intermediate frame in global memory. The arithmetic is the
 * two passes', so the bytes are the same.
 *
 * TILE_PIXELS (-DTILE_PIXELS, which the host sets for the one-pixel
 * emulated kernels) is the planner's choice (tile_pixels () in
 * gstclbicubicscaleplan.c, from the tuning table): 4 / CHANNELS and at
 * least 2 for most scales, so that an item makes four channel values or
 * more. An item's rows-pass columns side by side instead, each source
 * pixel loaded once for all their taps, made the upscales 3-4% faster,
 * and the antialiased downscales 6-9% and the RGBA upscale 4% slower.
 *
 * With -DX_TAPS=n or -DY_TAPS=n (the host's choice: where an axis's taps
 * are few, the tuning's constant_tap_values) that axis's taps are a
 * constant, n, and its loop is unrolled: up to a quarter faster on an
 * H100. The x_taps and y_taps arguments then go unread. */
#ifdef TILE_PIXELS

#ifdef X_TAPS
#define TILE_X_TAPS X_TAPS
#else
#define TILE_X_TAPS x_taps
#endif
#ifdef Y_TAPS
#define TILE_Y_TAPS Y_TAPS
#else
#define TILE_Y_TAPS y_taps
#endif

__kernel void
scale_tiles (KERNEL_PLANE_IN (src), int src_w, int src_h,
    KERNEL_PLANE_OUT (dst), int dst_w, int dst_h,
    int rect_x, int rect_y, int rect_w, int rect_h,
    __global const int *x_starts, __global const float *x_weights,
    int x_taps, __global const int *y_starts,
    __global const float *y_weights, int y_taps, float4 border,
    __local pix_t * tile_rows, int rows)
{
  PLANE_START (src);
  PLANE_START (dst);
  int lx = get_local_id (0), ly = get_local_id (1);
  int items_x = get_local_size (0);
  int tile_w = items_x * TILE_PIXELS;
  int items_y = get_local_size (1);
  int tile_h = items_y * rows;
  int x0 = get_group_id (0) * tile_w + lx;
  int y0 = get_group_id (1) * tile_h;
  /* the picture rows of the tile, clamped into the picture */
  int ry0 = y0 - rect_y;
  int first = y_starts[clamp (ry0, 0, rect_h - 1)];
  int span = y_starts[clamp (ry0 + tile_h - 1, 0, rect_h - 1)] +
      TILE_Y_TAPS - first;

  /* columns outside the picture are left unwritten, and take the border
   * (writing zeros there made the RGBA scales up to 20% slower) */
  for (int j = 0; j < TILE_PIXELS; j++) {
    int rx = x0 + j * items_x - rect_x;

    if (rx >= 0 && rx < rect_w)
      for (int r = ly; r < span; r += items_y)
        tile_rows[r * tile_w + j * items_x + lx] = row_pixel (src, src_pitch,
            src_w, clamp (first + r, 0, src_h - 1), rx, rect_w, x_starts,
            x_weights, TILE_X_TAPS);
  }
  barrier (CLK_LOCAL_MEM_FENCE);

  for (int i = 0; i < rows; i++) {
    int y = y0 + i * items_y + ly;
    int ry = y - rect_y;

    if (y >= dst_h)
      return;

    bool in_picture_y = ry >= 0 && ry < rect_h;
    __local const pix_t *column = tile_rows + lx +
        (in_picture_y ? y_starts[ry] - first : 0) * tile_w;
    pix_t acc[TILE_PIXELS], carry[TILE_PIXELS];

    for (int j = 0; j < TILE_PIXELS; j++)
      acc[j] = carry[j] = 0.0f;
    for (int k = 0; in_picture_y && k < TILE_Y_TAPS; k++) {
      float weight = y_weights[k * rect_h + ry];

      for (int j = 0; j < TILE_PIXELS; j++)
        ADD_COLUMN_TAP (pix_t, acc[j], carry[j], weight *
            column[k * tile_w + j * items_x]);
    }

    for (int j = 0; j < TILE_PIXELS; j++) {
      int x = x0 + j * items_x;
      int rx = x - rect_x;

      if (x < dst_w)
        STORE (dst, x, y, in_picture_y && rx >= 0 && rx < rect_w ? acc[j] :
            PIX_FROM_F4 (border));
    }
  }
}

#endif /* TILE_PIXELS */

#else

/* The vector kernels: a work-item makes VECTOR_VALUES channel values, PIXELS
 * neighbouring pixels of a row.
 *
 * A work-item of the rows pass makes two rows, one of the columns pass
 * COLUMN_PASS_ROWS (set by the host), and each sums the taps of all its
 * pixels side by side, tap k of the PIXELS pixels of a row as one float16:
 * one pixel's taps, summed in order, would each wait for the one before.
 * In the rows pass, four neighbouring source pixels are one contiguous
 * load of 4 * CHANNELS values for each pixel, regrouped into four taps of
 * all (ADD_FOUR_TAPS). With one channel, a remainder of fewer than four
 * taps, 16-bit values and pixels whose taps leave the row are gathered
 * tap by tap (clamped); with several, such pixels take row_pixel. 8-bit
 * upscales take a faster way, row_run_window. Each lane sums its pixel's
 * taps one by one in order, as row_pixel sums them, so that all give the
 * same bits. */
#define PIXELS (VECTOR_VALUES / CHANNELS)

#if CHANNELS == 1

/* The weights of PIXELS neighbouring pixels, one per channel value. */
#define WEIGHTS_LOAD(p) vload16 (0, p)
#define TAP(row, s, k) convert_float (row[clamp ((s) + (k), 0, src_w - 1)])
#define GATHER(row, s, k) \
    (float16) (TAP (row, s.s0, k), TAP (row, s.s1, k), TAP (row, s.s2, k), \
        TAP (row, s.s3, k), TAP (row, s.s4, k), TAP (row, s.s5, k), \
        TAP (row, s.s6, k), TAP (row, s.s7, k), TAP (row, s.s8, k), \
        TAP (row, s.s9, k), TAP (row, s.sa, k), TAP (row, s.sb, k), \
        TAP (row, s.sc, k), TAP (row, s.sd, k), TAP (row, s.se, k), \
        TAP (row, s.sf, k))

#if DEPTH == 8
/* The four taps k .. k + 3 of pixels s0 .. s3 as the bytes of a uint4,
 * regrouped tap by tap (tap k of the four, then tap k + 1, ...). */
#define FOUR_TAPS(row, s, k) as_uint (vload4 (0, row + (s) + (k)))
#define QUAD(row, a, b, c, d, k) as_uint4 (as_uchar16 ((uint4) ( \
        FOUR_TAPS (row, a, k), FOUR_TAPS (row, b, k), \
        FOUR_TAPS (row, c, k), FOUR_TAPS (row, d, k))).s048c159d26ae37bf)
#define TAP_OF_QUADS(q, j) convert_float16 (as_uchar16 ((uint4) ( \
        q[0].s##j, q[1].s##j, q[2].s##j, q[3].s##j)))

/* Taps k .. k + 3 of the 16 pixels whose taps start at s, all inside the
 * row, with the weights w[], into acc: four taps of each pixel are one
 * load, where a gather takes one a tap. */
#define ADD_FOUR_TAPS(acc, carry, row, s, k, w) \
  do { \
    uint4 q_[4] = { QUAD (row, s.s0, s.s1, s.s2, s.s3, k), \
      QUAD (row, s.s4, s.s5, s.s6, s.s7, k), \
      QUAD (row, s.s8, s.s9, s.sa, s.sb, k), \
      QUAD (row, s.sc, s.sd, s.se, s.sf, k) \
    }; \
    ADD_ROW_TAP (float16, acc, carry, w[0] * TAP_OF_QUADS (q_, 0)); \
    ADD_ROW_TAP (float16, acc, carry, w[1] * TAP_OF_QUADS (q_, 1)); \
    ADD_ROW_TAP (float16, acc, carry, w[2] * TAP_OF_QUADS (q_, 2)); \
    ADD_ROW_TAP (float16, acc, carry, w[3] * TAP_OF_QUADS (q_, 3)); \
  } while (0)
#endif

/* The rows pass's pixels x0 .. x0 + 15 of rows y0 (returned) and y1 (in
 * second), all in the picture. */
static float16
row_run_inside (PLANE_IN (src), int src_w, int y0, int y1, int x0,
    int tmp_w, __global const int *starts, __global const float *weights,
    int taps, float16 * second)
{
  __global const elem_t *row0 = src + y0 * src_pitch;
  __global const elem_t *row1 = src + y1 * src_pitch;
  int16 first = vload16 (0, starts + x0);
  float16 acc0 = 0.0f, carry0 = 0.0f, acc1 = 0.0f, carry1 = 0.0f;
  int k = 0;

#if DEPTH == 8
  if (first.s0 >= 0 && first.sf + taps <= src_w)
    for (; k + 4 <= taps; k += 4) {
      __global const float *wk = weights + k * tmp_w + x0;
      float16 w[4] = { vload16 (0, wk), vload16 (0, wk + tmp_w),
        vload16 (0, wk + 2 * tmp_w), vload16 (0, wk + 3 * tmp_w)
      };

      ADD_FOUR_TAPS (acc0, carry0, row0, first, k, w);
      ADD_FOUR_TAPS (acc1, carry1, row1, first, k, w);
    }
#endif
  for (; k < taps; k++) {
    float16 w = vload16 (0, weights + k * tmp_w + x0);

    ADD_ROW_TAP (float16, acc0, carry0, w * GATHER (row0, first, k));
    ADD_ROW_TAP (float16, acc1, carry1, w * GATHER (row1, first, k));
  }
  *second = acc1;
  return acc0;
}

#else

/* A pixel's channels as one integer (pixel_t), for loading one tap of
 * each pixel. */
#if CHANNELS == 4
typedef uint pixel_t;
#define PIXEL_LOAD(p) as_uint (vload4 (0, p))
/* Each pixel's weight for its four channels: one permute, where PoCL
 * made a dozen inserts of the lane-by-lane spelling (.s0000, ...). */
#define WEIGHTS_LOAD(p) shuffle (vload4 (0, p), \
    (uint16) (0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3))

/* Taps k .. k + 3 of the pixels whose taps start at run[], with the
 * weights w[], into acc: each pixel's four taps converted to float in two
 * float8 (two taps each), then regrouped by tap, a move of whole float4s. */
#define ADD_FOUR_TAPS(acc, carry, run, k, w) \
  do { \
    float8 a_[PIXELS], b_[PIXELS]; \
    _Pragma ("unroll") \
    for (int i_ = 0; i_ < PIXELS; i_++) { \
      a_[i_] = convert_float8 (vload8 (0, run[i_] + (k) * CHANNELS)); \
      b_[i_] = convert_float8 (vload8 (1, run[i_] + (k) * CHANNELS)); \
    } \
    ADD_ROW_TAP (float16, acc, carry, w[0] * \
        (float16) (a_[0].lo, a_[1].lo, a_[2].lo, a_[3].lo)); \
    ADD_ROW_TAP (float16, acc, carry, w[1] * \
        (float16) (a_[0].hi, a_[1].hi, a_[2].hi, a_[3].hi)); \
    ADD_ROW_TAP (float16, acc, carry, w[2] * \
        (float16) (b_[0].lo, b_[1].lo, b_[2].lo, b_[3].lo)); \
    ADD_ROW_TAP (float16, acc, carry, w[3] * \
        (float16) (b_[0].hi, b_[1].hi, b_[2].hi, b_[3].hi)); \
  } while (0)
#else
typedef ushort pixel_t;
#define PIXEL_LOAD(p) as_ushort (vload2 (0, p))
#define WEIGHTS_LOAD(p) shuffle (vload8 (0, p), \
    (uint16) (0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7))
#define ACROSS(r, k) (ushort8) (r[0].s##k, r[1].s##k, r[2].s##k, r[3].s##k, \
        r[4].s##k, r[5].s##k, r[6].s##k, r[7].s##k)
#define TAP_VALUES(across) convert_float16 (as_uchar16 (across))

/* Taps k .. k + 3 of the pixels whose taps start at run[], with the
 * weights w[], into acc: each pixel's four taps are one load, transposed
 * (whole pixels, as 16-bit integers) into four taps of all, then
 * converted. */
#define ADD_FOUR_TAPS(acc, carry, run, k, w) \
  do { \
    ushort4 r_[PIXELS]; \
    _Pragma ("unroll") \
    for (int i_ = 0; i_ < PIXELS; i_++) \
      r_[i_] = as_ushort4 (vload8 (0, run[i_] + (k) * CHANNELS)); \
    ADD_ROW_TAP (float16, acc, carry, w[0] * TAP_VALUES (ACROSS (r_, 0))); \
    ADD_ROW_TAP (float16, acc, carry, w[1] * TAP_VALUES (ACROSS (r_, 1))); \
    ADD_ROW_TAP (float16, acc, carry, w[2] * TAP_VALUES (ACROSS (r_, 2))); \
    ADD_ROW_TAP (float16, acc, carry, w[3] * TAP_VALUES (ACROSS (r_, 3))); \
  } while (0)
#endif

/* Tap k of the pixels whose taps start at run[], with the weights w, into
 * acc. */
#define ADD_ONE_TAP(acc, carry, run, k, w) \
  do { \
    pixel_t p_[PIXELS]; \
    _Pragma ("unroll") \
    for (int i_ = 0; i_ < PIXELS; i_++) \
      p_[i_] = PIXEL_LOAD (run[i_] + (k) * CHANNELS); \
    ADD_ROW_TAP (float16, acc, carry, \
        (w) * convert_float16 (vload16 (0, (const uchar *) p_))); \
  } while (0)

/* The rows pass's pixels x0 .. x0 + PIXELS - 1 of rows y0 (returned) and
 * y1 (in second), all in the picture with all their taps inside the row.
 * The two rows share the loads of starts and weights. */
static float16
row_run_inside (PLANE_IN (src), int src_w, int y0, int y1, int x0,
    int tmp_w, __global const int *starts, __global const float *weights,
    int taps, float16 * second)
{
  __global const elem_t *run0[PIXELS], *run1[PIXELS];
  float16 acc0 = 0.0f, carry0 = 0.0f, acc1 = 0.0f, carry1 = 0.0f;
  int k = 0;

#pragma unroll
  for (int i = 0; i < PIXELS; i++) {
    run0[i] = src + y0 * src_pitch + starts[x0 + i] * CHANNELS;
    run1[i] = src + y1 * src_pitch + starts[x0 + i] * CHANNELS;
  }
  for (; k + 4 <= taps; k += 4) {
    __global const float *wk = weights + k * tmp_w + x0;
    float16 w[4] = { WEIGHTS_LOAD (wk), WEIGHTS_LOAD (wk + tmp_w),
      WEIGHTS_LOAD (wk + 2 * tmp_w), WEIGHTS_LOAD (wk + 3 * tmp_w)
    };

    ADD_FOUR_TAPS (acc0, carry0, run0, k, w);
    ADD_FOUR_TAPS (acc1, carry1, run1, k, w);
  }
  for (; k < taps; k++) {
    float16 w = WEIGHTS_LOAD (weights + k * tmp_w + x0);

    ADD_ONE_TAP (acc0, carry0, run0, k, w);
    ADD_ONE_TAP (acc1, carry1, run1, k, w);
  }
  *second = acc1;
  return acc0;
}

#endif

#if DEPTH == 8 && defined(GST_CL_WINDOW_TAPS)
/* Where the taps of a work-item's pixels all lie within WINDOW source
 * pixels from its first pixel's first tap (upscales, of at least 1.25x
 * with one channel; mild downscales too with two or four), the rows pass
 * loads those pixels once a row and makes each tap of all the pixels with
 * one permute of them by the pixels' offsets (WINDOW_TAP, a vector
 * indexed by variables, which Clang allows and turns into vpermd, vpermw
 * or vpermps on AVX-512; AVX2 has no 16-bit permute, and there the
 * permutes cost more than they save: GST_CL_WINDOW_TAPS is set for
 * AVX-512 CPUs only), where row_run_inside loads each
 * pixel's taps and regroups them. Same taps, weights and order: the same
 * bits. One channel: the window as floats; two and four: as whole pixels,
 * their bytes converted after the permute. */
#if CHANNELS == 1
#define WINDOW 16
typedef float16 window_t;
typedef int16 offsets_t;
#define WINDOW_LOAD(p) convert_float16 (vload16 (0, p))
#define OFFSETS_LOAD(p) vload16 (0, p)
#define LAST_OFFSET(d) (d).sf
#define WINDOW_TAP(win, i) (float16) (win[i.s0], win[i.s1], win[i.s2], \
        win[i.s3], win[i.s4], win[i.s5], win[i.s6], win[i.s7], win[i.s8], \
        win[i.s9], win[i.sa], win[i.sb], win[i.sc], win[i.sd], win[i.se], \
        win[i.sf])
#elif CHANNELS == 2
#define WINDOW 16
typedef ushort16 window_t;
typedef int8 offsets_t;
#define WINDOW_LOAD(p) (ushort16) (as_ushort8 (vload16 (0, p)), \
        as_ushort8 (vload16 (1, p)))
#define OFFSETS_LOAD(p) vload8 (0, p)
#define LAST_OFFSET(d) (d).s7
#define WINDOW_TAP(win, i) convert_float16 (as_uchar16 ((ushort8) ( \
        win[i.s0], win[i.s1], win[i.s2], win[i.s3], win[i.s4], win[i.s5], \
        win[i.s6], win[i.s7])))
#else
#define WINDOW 8
typedef uint8 window_t;
typedef int4 offsets_t;
#define WINDOW_LOAD(p) (uint8) (as_uint4 (vload16 (0, p)), \
        as_uint4 (vload16 (1, p)))
#define OFFSETS_LOAD(p) vload4 (0, p)
#define LAST_OFFSET(d) (d).s3
#define WINDOW_TAP(win, i) convert_float16 (as_uchar16 ((uint4) ( \
        win[i.s0], win[i.s1], win[i.s2], win[i.s3])))
#endif

/* row_run_inside's pixels through the window, into *first and *second;
 * false where their taps do not fit in it. */
static bool
row_run_window (PLANE_IN (src), int src_w, int y0, int y1, int x0,
    int tmp_w, __global const int *starts, __global const float *weights,
    int taps, float16 * first, float16 * second)
{
  int s0 = starts[x0];
  offsets_t d = OFFSETS_LOAD (starts + x0) - s0;

  if (s0 < 0 || s0 + WINDOW > src_w || LAST_OFFSET (d) + taps > WINDOW)
    return false;

  window_t win0 = WINDOW_LOAD (src + y0 * src_pitch + s0 * CHANNELS);
  window_t win1 = WINDOW_LOAD (src + y1 * src_pitch + s0 * CHANNELS);
  float16 acc0 = 0.0f, carry0 = 0.0f, acc1 = 0.0f, carry1 = 0.0f;

  for (int k = 0; k < taps; k++) {
    float16 w = WEIGHTS_LOAD (weights + k * tmp_w + x0);
    offsets_t i = d + k;

    ADD_ROW_TAP (float16, acc0, carry0, w * WINDOW_TAP (win0, i));
    ADD_ROW_TAP (float16, acc1, carry1, w * WINDOW_TAP (win1, i));
  }
  *first = acc0;
  *second = acc1;
  return true;
}
#endif

/* The rows pass's pixels x0 .. x0 + PIXELS - 1 of rows y0 (returned) and
 * y1 (in second); those outside the picture (0 .. tmp_w - 1) are 0. Two
 * rows at a time: two independent sums keep the SIMD units busy where one
 * would wait for its own previous tap. */
static float16
row_run (PLANE_IN (src), int src_w, int y0, int y1, int x0, int tmp_w,
    __global const int *starts, __global const float *weights, int taps,
    float16 * second)
{
  float values0[VECTOR_VALUES], values1[VECTOR_VALUES];

  if (x0 >= 0 && x0 + PIXELS <= tmp_w) {
#if DEPTH == 8 && defined(GST_CL_WINDOW_TAPS)
    float16 first;

    if (row_run_window (src, src_pitch, src_w, y0, y1, x0, tmp_w, starts,
            weights, taps, &first, second))
      return first;
#endif
#if CHANNELS != 1
    if (starts[x0] >= 0 && starts[x0 + PIXELS - 1] + taps <= src_w)
#endif
      return row_run_inside (src, src_pitch, src_w, y0, y1, x0, tmp_w,
          starts, weights, taps, second);
  }
  for (int i = 0; i < PIXELS; i++) {
    int x = x0 + i;
    pix_t v0 = 0.0f, v1 = 0.0f;

    if (x >= 0 && x < tmp_w) {
      v0 = row_pixel (src, src_pitch, src_w, y0, x, tmp_w, starts, weights,
          taps);
      v1 = row_pixel (src, src_pitch, src_w, y1, x, tmp_w, starts, weights,
          taps);
    }
    VSTORE_F (v0, values0, i);
    VSTORE_F (v1, values1, i);
  }
  *second = vload16 (0, values1);
  return vload16 (0, values0);
}

/* Stores v at out, in the intermediate between the passes: with a
 * non-temporal store where out is 64-byte aligned (in rows of a multiple
 * of 16 values, 1920 or 3840 pixels for instance), which writes the line
 * without reading it first. The intermediate is written whole before the
 * second pass reads any of it, and from 1080p up it is larger than the
 * caches, so the read bought nothing: on 2 cores the RGBA 1080p -> 4K
 * upscale took 8-16% less time, 4K -> 1080p 9%, 4K -> 360p 5%; NV12
 * 720p -> 1080p, whose intermediate fits in the caches, the same. */
static void
store_intermediate (float16 v, __global float *out)
{
  if (((size_t) out & 63) == 0)
    __builtin_nontemporal_store (v, (__global float16 *) out);
  else
    vstore16 (v, 0, out);
}

/* Stores the first n (1 to VECTOR_VALUES) values of v at out, all of them
 * through store_intermediate where streaming, else with plain stores. */
static void
store_values (float16 v, int n, __global float *out, bool streaming)
{
  float values[VECTOR_VALUES];

  if (n == VECTOR_VALUES) {
    if (streaming)
      store_intermediate (v, out);
    else
      vstore16 (v, 0, out);
    return;
  }
  vstore16 (v, 0, values);
  for (int i = 0; i < n; i++)
    out[i] = values[i];
}

/* With -DGST_CL_CACHED_ROWS_PASS (the tuning's rows_pass_streaming off,
 * on AVX2 CPUs, where it measured faster), the rows pass writes the
 * intermediate with plain stores. */
#ifdef GST_CL_CACHED_ROWS_PASS
#define ROWS_PASS_STREAMING false
#else
#define ROWS_PASS_STREAMING true
#endif

/* With -DGST_CL_ROWS_PASS_PREFETCH_BYTES=n (the tuning's
 * rows_pass_prefetch_bytes), the rows pass prefetches for writing the
 * intermediate n bytes ahead of its stores: a plain store reads its line
 * first, and the prefetch starts that read before the store waits on
 * it. */
#ifdef GST_CL_ROWS_PASS_PREFETCH_BYTES
#define PREFETCH_STORE_AHEAD(p) __builtin_prefetch ( \
    (__global const char *) (p) + GST_CL_ROWS_PASS_PREFETCH_BYTES, 1)
#else
#define PREFETCH_STORE_AHEAD(p) ((void) 0)
#endif

/* ROWS_PASS_RUNS (set by the host) runs of PIXELS pixels a work-item, side
 * by side along the rows, so that fewer work-items share the set-up. */
__kernel void
scale_rows (KERNEL_PLANE_IN (src), int src_w, int src_h,
    __global float *tmp, int tmp_w,
    __global const int *starts, __global const float *weights, int taps)
{
  PLANE_START (src);
  int x0 = get_global_id (0) * PIXELS * ROWS_PASS_RUNS;
  int y = get_global_id (1) * 2;

  if (x0 >= tmp_w || y >= src_h)
    return;

  for (int j = 0; j < ROWS_PASS_RUNS && x0 < tmp_w; j++, x0 += PIXELS) {
    float16 second;
    float16 first = row_run (src, src_pitch, src_w, y, min (y + 1, src_h - 1),
        x0, tmp_w, starts, weights, taps, &second);
    int n = min (PIXELS, tmp_w - x0) * CHANNELS;
    __global float *out = tmp + (y * tmp_w + x0) * CHANNELS;

    PREFETCH_STORE_AHEAD (out);
    PREFETCH_STORE_AHEAD (out + tmp_w * CHANNELS);
    store_values (first, n, out, ROWS_PASS_STREAMING);
    if (y + 1 < src_h)
      store_values (second, n, out + tmp_w * CHANNELS, ROWS_PASS_STREAMING);
  }
}

/* Output row y of the columns pass, the work-item's VECTOR_VALUES values from v0,
 * pixel by pixel: the border, the picture's edges, the row's end. */
static void
column_row_pixels (__global const float *tmp, int tmp_w, int tmp_h,
    PLANE_OUT (dst), int dst_w, int v0, int y, int rect_x, int rect_y,
    int rect_h, __global const int *starts, __global const float *weights,
    int taps, float4 border)
{
  for (int x = v0 / CHANNELS; x < min ((v0 + VECTOR_VALUES) / CHANNELS, dst_w); x++)
    STORE (dst, x, y, column_pixel (tmp, tmp_w, tmp_h, x, y, rect_x, rect_y,
            rect_h, starts, weights, taps, border));
}

/* With -DGST_CL_PREFETCH_BYTES=n (the tuning's column_prefetch_bytes), the
 * columns passes prefetch n bytes ahead along the row of each tap of
 * their last row: the work-items to the right read those lines next. A
 * work-item walks down a column of rows, each row a page of its own; on
 * a steep downscale (42 rows for four rows of 4K -> 360p) the loads of
 * new lines stalled, apparently too many streams at once for the
 * hardware's prefetchers. The rows above the last one are mostly those
 * the last row read at earlier taps. The shared walk
 * (-DGST_CL_SHARED_SOURCE_ROWS) prefetches along each row it reads. */
#ifdef GST_CL_PREFETCH_BYTES
#define PREFETCH_AHEAD(p) \
    __builtin_prefetch ((__global const char *) (p) + GST_CL_PREFETCH_BYTES)
#else
#define PREFETCH_AHEAD(p) ((void) 0)
#endif

/* Defines name (), which sums the column taps of COLUMN_PASS_ROWS
 * neighbouring output rows, each of VECTOR_VALUES values, into acc[]: column is the
 * rows' first value in a plane of `height` rows of `pitch` values of
 * `type`, read VECTOR_VALUES at a time with load16; starts and w are the axis table
 * at the first row, w_pitch its weights' row length. Both orders of the
 * passes take it: the columns pass on the float intermediate, and on the
 * source values where the columns go first. */
#define DEFINE_COLUMN_SUMS(name, type, load16) \
static void \
name (__global const type *column, int pitch, int height, \
    __global const int *starts, __global const float *w, int w_pitch, \
    int taps, float16 *acc) \
{ \
  float16 carry[COLUMN_PASS_ROWS]; \
 \
  _Pragma ("unroll") \
  for (int i = 0; i < COLUMN_PASS_ROWS; i++) \
    acc[i] = carry[i] = 0.0f; \
  if (starts[0] >= 0 && starts[COLUMN_PASS_ROWS - 1] + taps <= height) { \
    /* all taps in the plane: no clamps, which cost more than the sums */ \
    __global const type *rows[COLUMN_PASS_ROWS]; \
 \
    _Pragma ("unroll") \
    for (int i = 0; i < COLUMN_PASS_ROWS; i++) \
      rows[i] = column + starts[i] * pitch; \
    for (int k = 0; k < taps; k++, w += w_pitch) { \
      PREFETCH_AHEAD (rows[COLUMN_PASS_ROWS - 1]); \
      _Pragma ("unroll") \
      for (int i = 0; i < COLUMN_PASS_ROWS; i++) { \
        ADD_COLUMN_TAP (float16, acc[i], carry[i], w[i] * load16 (rows[i])); \
        rows[i] += pitch; \
      } \
    } \
  } else { \
    for (int k = 0; k < taps; k++, w += w_pitch) { \
      _Pragma ("unroll") \
      for (int i = 0; i < COLUMN_PASS_ROWS; i++) \
        ADD_COLUMN_TAP (float16, acc[i], carry[i], w[i] * load16 (column + \
                clamp (starts[i] + k, 0, height - 1) * pitch)); \
    } \
  } \
}

#define FLOAT_LOAD16(p) vload16 (0, p)
#define ELEM_LOAD16(p) VECTOR_LOAD (p, 0)
DEFINE_COLUMN_SUMS (column_sums_of_floats, float, FLOAT_LOAD16)
DEFINE_COLUMN_SUMS (column_sums_of_elems, elem_t, ELEM_LOAD16)

/* COLUMN_PASS_ROWS output rows a work-item; where any of them is not all
 * picture, all pixel by pixel. */
__kernel void
scale_columns (__global const float *tmp, int tmp_w, int tmp_h,
    KERNEL_PLANE_OUT (dst), int dst_w, int dst_h, int rect_x, int rect_y,
    int rect_h, __global const int *starts, __global const float *weights,
    int taps, float4 border)
{
  PLANE_START (dst);
  int v0 = get_global_id (0) * VECTOR_VALUES;    /* first channel value of the row */
  int y = get_global_id (1) * COLUMN_PASS_ROWS;
  int row_values = dst_w * CHANNELS;

  if (v0 >= row_values || y >= dst_h)
    return;

  int ry = y - rect_y;
  int picture0 = rect_x * CHANNELS;

  if (ry < 0 || ry + COLUMN_PASS_ROWS > rect_h
      || y + COLUMN_PASS_ROWS > dst_h || v0 < picture0
      || v0 + VECTOR_VALUES > picture0 + tmp_w * CHANNELS) {
    for (int row = y; row < min (y + COLUMN_PASS_ROWS, dst_h); row++)
      column_row_pixels (tmp, tmp_w, tmp_h, dst, dst_pitch, dst_w, v0, row,
          rect_x, rect_y, rect_h, starts, weights, taps, border);
    return;
  }

  float16 acc[COLUMN_PASS_ROWS];

  column_sums_of_floats (tmp + v0 - picture0, tmp_w * CHANNELS, tmp_h,
      starts + ry, weights + ry, rect_h, taps, acc);
#pragma unroll
  for (int i = 0; i < COLUMN_PASS_ROWS; i++)
    VECTOR_STORE (acc[i], dst, (y + i) * dst_pitch + v0);
}

/* One pass for rows first on CPU devices, where the host sets
 * -DGST_CL_BAND_STRIPS (the tuning's band_strips): a work-item of
 * scale_bands makes GST_CL_BAND_STRIPS runs of VECTOR_VALUES values side
 * by side, down a band of band_rows output rows. Walking down the band,
 * it makes each intermediate row its rows take once, with row_run, into
 * a ring of GST_CL_BAND_RING rows a run in private memory, and sums the
 * columns from there, COLUMN_PASS_ROWS rows at a time: the intermediate
 * never leaves the caches, where the two passes write it whole and read
 * it back. The same taps, weights and order as the two passes: the same
 * bits. The host runs it where COLUMN_PASS_ROWS output rows read at most
 * GST_CL_BAND_RING - 1 intermediate rows (the rows are made in pairs, one
 * past the last maybe). Each row is in the ring twice, at r %
 * GST_CL_BAND_RING and GST_CL_BAND_RING after, so that the taps of an
 * output row are consecutive. Runs and rows outside the picture are made
 * pixel by pixel. */
#ifdef GST_CL_BAND_STRIPS

#define RING_SLOTS (2 * GST_CL_BAND_RING)

/* Prefetches the source span a band's runs read of row r: the walk reads
 * a short span of one row after the other, a page apart, and without the
 * prefetch its loads of the source stalled (performance-notes.md). */
static void
band_prefetch_row (PLANE_IN (src), int src_h, int r, int first, int bytes)
{
  __global const char *p = (__global const char *) (src +
      min (r, src_h - 1) * src_pitch + first);

  for (int b = 0; b < bytes; b += 64)
    __builtin_prefetch (p + b);
}

/* Makes the intermediate rows of the band's runs (strips of them, from
 * picture column rx0) up to source row hi that are not yet in the ring,
 * two at a time, from row lo (those below are no longer read); *next is
 * the first row not made. */
static void
band_make_rows (PLANE_IN (src), int src_w, int src_h, int rx0, int strips,
    int rect_w, __global const int *x_starts, __global const float *x_weights,
    int x_taps, int lo, int hi, int first, int bytes, int *next,
    float16 ring[][RING_SLOTS])
{
  int r = max (*next, lo);

  for (; r <= hi; r += 2) {
    int a = r % GST_CL_BAND_RING, b = (r + 1) % GST_CL_BAND_RING;

    band_prefetch_row (src, src_pitch, src_h, r + GST_CL_BAND_PREFETCH_ROWS,
        first, bytes);
    band_prefetch_row (src, src_pitch, src_h,
        r + 1 + GST_CL_BAND_PREFETCH_ROWS, first, bytes);
    for (int j = 0; j < strips; j++) {
      float16 second;
      float16 row = row_run (src, src_pitch, src_w, r, min (r + 1, src_h - 1),
          rx0 + j * PIXELS, rect_w, x_starts, x_weights, x_taps, &second);

      ring[j][a] = ring[j][a + GST_CL_BAND_RING] = row;
      ring[j][b] = ring[j][b + GST_CL_BAND_RING] = second;
    }
  }
  *next = max (*next, r);
}

/* Picture row ry of run j from the ring, its taps clamped to the
 * source. */
static float16
band_column_sum (float16 ring[][RING_SLOTS], int j, int src_h, int ry,
    __global const int *y_starts, __global const float *y_weights,
    int y_taps, int rect_h)
{
  float16 acc = 0.0f, carry = 0.0f;

  for (int k = 0; k < y_taps; k++)
    ADD_COLUMN_TAP (float16, acc, carry, y_weights[k * rect_h + ry] *
        ring[j][clamp (y_starts[ry] + k, 0, src_h - 1) % GST_CL_BAND_RING]);
  return acc;
}

/* Picture rows ry .. ry + COLUMN_PASS_ROWS - 1 of run j from the ring,
 * all their taps in the source. */
static void
band_column_sums (float16 ring[][RING_SLOTS], int j, int ry,
    __global const int *y_starts, __global const float *y_weights,
    int y_taps, int rect_h, float16 * acc)
{
  const float16 *rows[COLUMN_PASS_ROWS];
  float16 carry[COLUMN_PASS_ROWS];
  __global const float *w = y_weights + ry;

#pragma unroll
  for (int i = 0; i < COLUMN_PASS_ROWS; i++) {
    rows[i] = ring[j] + y_starts[ry + i] % GST_CL_BAND_RING;
    acc[i] = carry[i] = 0.0f;
  }
  for (int k = 0; k < y_taps; k++, w += rect_h) {
#pragma unroll
    for (int i = 0; i < COLUMN_PASS_ROWS; i++)
      ADD_COLUMN_TAP (float16, acc[i], carry[i], w[i] * rows[i][k]);
  }
}

/* Output row y of the values v0 .. v0 + VECTOR_VALUES - 1, pixel by
 * pixel: the border outside the picture, and in it each pixel's column
 * of row_pixel values, as the two passes sum them. */
static void
band_row_pixels (PLANE_IN (src), int src_w, int src_h, PLANE_OUT (dst),
    int dst_w, int v0, int y, int rect_x, int rect_y, int rect_w,
    int rect_h, __global const int *x_starts, __global const float *x_weights,
    int x_taps, __global const int *y_starts, __global const float *y_weights,
    int y_taps, float4 border)
{
  int ry = y - rect_y;

  for (int x = v0 / CHANNELS;
      x < min ((v0 + VECTOR_VALUES) / CHANNELS, dst_w); x++) {
    int rx = x - rect_x;
    pix_t acc = 0.0f, carry = 0.0f;

    if (rx < 0 || rx >= rect_w || ry < 0 || ry >= rect_h) {
      STORE (dst, x, y, PIX_FROM_F4 (border));
      continue;
    }
    for (int k = 0; k < y_taps; k++)
      ADD_COLUMN_TAP (pix_t, acc, carry, y_weights[k * rect_h + ry] *
          row_pixel (src, src_pitch, src_w, clamp (y_starts[ry] + k, 0,
                  src_h - 1), rx, rect_w, x_starts, x_weights, x_taps));
    STORE (dst, x, y, acc);
  }
}

/* The band's rows y0 .. y_end - 1 of the strips runs from v0, all in the
 * picture's columns. Not inlined: PoCL would give the kernel body's ring
 * a copy for each work-item of the group. */
__attribute__ ((noinline))
static void
band_walk (PLANE_IN (src), int src_w, int src_h, PLANE_OUT (dst),
    int dst_w, int v0, int strips, int y0, int y_end, int rect_x, int rect_y, int rect_w,
    int rect_h, __global const int *x_starts, __global const float *x_weights,
    int x_taps, __global const int *y_starts, __global const float *y_weights,
    int y_taps, float4 border)
{
  float16 ring[GST_CL_BAND_STRIPS][RING_SLOTS];
  int rx0 = v0 / CHANNELS - rect_x;
  int first = max (x_starts[rx0], 0) * CHANNELS;
  int bytes = (min (x_starts[rx0 + strips * PIXELS - 1] + x_taps, src_w) *
      CHANNELS - first) * (int) sizeof (elem_t);
  int next = 0;

  for (int y = y0; y < y_end;) {
    int ry = y - rect_y;
    int rows = ry >= 0 && ry + COLUMN_PASS_ROWS <= rect_h
        && y + COLUMN_PASS_ROWS <= y_end ? COLUMN_PASS_ROWS : 1;

    if (ry < 0 || ry >= rect_h) {
      for (int j = 0; j < strips; j++)
        band_row_pixels (src, src_pitch, src_w, src_h, dst, dst_pitch,
            dst_w, v0 + j * VECTOR_VALUES, y, rect_x, rect_y, rect_w, rect_h,
            x_starts, x_weights, x_taps, y_starts, y_weights, y_taps, border);
      y++;
      continue;
    }
    band_make_rows (src, src_pitch, src_w, src_h, rx0, strips, rect_w,
        x_starts, x_weights, x_taps, clamp (y_starts[ry], 0, src_h - 1),
        clamp (y_starts[ry + rows - 1] + y_taps - 1, 0, src_h - 1), first,
        bytes, &next, ring);
    for (int j = 0; j < strips; j++) {
      __global elem_t *out = dst + y * dst_pitch + v0 + j * VECTOR_VALUES;

      if (rows == COLUMN_PASS_ROWS && y_starts[ry] >= 0
          && y_starts[ry + rows - 1] + y_taps <= src_h) {
        float16 acc[COLUMN_PASS_ROWS];

        band_column_sums (ring, j, ry, y_starts, y_weights, y_taps, rect_h,
            acc);
#pragma unroll
        for (int i = 0; i < COLUMN_PASS_ROWS; i++)
          VECTOR_STORE (acc[i], out, i * dst_pitch);
      } else {
        for (int i = 0; i < rows; i++)
          VECTOR_STORE (band_column_sum (ring, j, src_h, ry + i, y_starts,
                  y_weights, y_taps, rect_h), out, i * dst_pitch);
      }
    }
    y += rows;
  }
}

__kernel void
scale_bands (KERNEL_PLANE_IN (src), int src_w, int src_h,
    KERNEL_PLANE_OUT (dst), int dst_w, int dst_h,
    int rect_x, int rect_y, int rect_w, int rect_h,
    __global const int *x_starts, __global const float *x_weights,
    int x_taps, __global const int *y_starts,
    __global const float *y_weights, int y_taps, float4 border,
    int band_rows)
{
  PLANE_START (src);
  PLANE_START (dst);
  int v0 = get_global_id (0) * VECTOR_VALUES * GST_CL_BAND_STRIPS;
  int y0 = get_global_id (1) * band_rows;
  int row_values = dst_w * CHANNELS;

  if (v0 >= row_values || y0 >= dst_h)
    return;

  int y_end = min (y0 + band_rows, dst_h);
  int picture0 = rect_x * CHANNELS;
  int picture_end = (rect_x + rect_w) * CHANNELS;
  /* the runs all in the picture's columns are consecutive */
  int inside0 = 0, inside_end = 0;

  for (int v = v0; v < min (v0 + VECTOR_VALUES * GST_CL_BAND_STRIPS,
          row_values); v += VECTOR_VALUES) {
    if (v >= picture0 && v + VECTOR_VALUES <= picture_end) {
      if (inside_end == inside0)
        inside0 = v;
      inside_end = v + VECTOR_VALUES;
      continue;
    }
    for (int y = y0; y < y_end; y++)
      band_row_pixels (src, src_pitch, src_w, src_h, dst, dst_pitch, dst_w, v,
          y, rect_x, rect_y, rect_w, rect_h, x_starts, x_weights, x_taps,
          y_starts, y_weights, y_taps, border);
  }
  if (inside_end > inside0)
    band_walk (src, src_pitch, src_w, src_h, dst, dst_pitch, dst_w, inside0,
        (inside_end - inside0) / VECTOR_VALUES, y0, y_end, rect_x, rect_y,
        rect_w, rect_h, x_starts, x_weights, x_taps, y_starts, y_weights,
        y_taps, border);
}

#endif /* GST_CL_BAND_STRIPS */

/* Columns first, for downscales along y on CPU devices: the columns pass
 * reads the source's rows whole (one load of VECTOR_VALUES values a tap), where
 * the rows pass would gather and regroup each output pixel's taps, and
 * the rows pass that follows has only the output's rows to filter. The
 * intermediate is the source's width x the picture's height. */

/* The columns pass's values v0 .. v0 + n - 1 of one intermediate row,
 * whose taps start at source row first. */
static float16
source_column_run (PLANE_IN (src), int src_h, int v0, int n, int first,
    __global const float *w, int w_pitch, int taps)
{
  float16 acc = 0.0f, carry = 0.0f;

  for (int k = 0; k < taps; k++, w += w_pitch) {
    __global const elem_t *p =
        src + clamp (first + k, 0, src_h - 1) * src_pitch + v0;

    ADD_COLUMN_TAP (float16, acc, carry,
        *w * convert_float16 (load_row_end (p, n)));
  }
  return acc;
}

#ifndef GST_CL_SHARED_SOURCE_ROWS

/* A work-item of the columns pass on the source makes SOURCE_ITEM_ROWS
 * rows of the intermediate, SOURCE_ITEM_VALUES values each, through
 * source_columns_inside, which takes taps outside the plane where
 * SOURCE_INSIDE_CLAMPS. */
#define SOURCE_ITEM_ROWS COLUMN_PASS_ROWS
#define SOURCE_ITEM_VALUES VECTOR_VALUES
#define SOURCE_INSIDE_CLAMPS 1

/* The work-item's rows from the source column at src_column, into out
 * (column_sums_of_elems, which clamps taps to the plane). */
static void
source_columns_inside (__global const elem_t * src_column, int src_pitch,
    int src_h, __global float *out, int row_values,
    __global const int *starts, __global const float *weights, int rect_h,
    int taps)
{
  float16 acc[COLUMN_PASS_ROWS];

  column_sums_of_elems (src_column, src_pitch, src_h, starts, weights,
      rect_h, taps, acc);
#pragma unroll
  for (int i = 0; i < COLUMN_PASS_ROWS; i++)
    store_intermediate (acc[i], out + i * row_values);
}

#else

/* With -DGST_CL_SHARED_SOURCE_ROWS=n (the tuning's shared_source_rows), a
 * work-item of the columns pass on the source makes n rows of the
 * intermediate, each of SHARED_VALUES values (two runs of VECTOR_VALUES),
 * and walks down the source rows its rows' taps span once: each source
 * row is loaded and converted once, then added to the sums of each of
 * its rows it is a tap of, where the walks of column_sums_of_elems, one
 * a row, convert it once for each. The two runs double each row's
 * independent sums, so that the stretches where only one row takes a
 * source row do not wait on each sum's previous tap as much. Each row
 * sums its taps in order with the same weights: the same bits. */
#define SHARED_ROWS GST_CL_SHARED_SOURCE_ROWS
#define SHARED_VALUES (2 * VECTOR_VALUES)

/* Source rows from j up to j_end, taken by the work-item's rows lo to
 * hi - 1, whose weights wr[] walk down their taps. */
#define SHARED_STRETCH(j_end, lo, hi) \
  for (; j < (j_end); j++, row += pitch) { \
    float16 x0 = ELEM_LOAD16 (row); \
    float16 x1 = ELEM_LOAD16 (row + VECTOR_VALUES); \
 \
    PREFETCH_AHEAD (row); \
    _Pragma ("unroll") \
    for (int i = (lo); i < (hi); i++) { \
      ADD_COLUMN_TAP (float16, acc[2 * i], carry[2 * i], *wr[i] * x0); \
      ADD_COLUMN_TAP (float16, acc[2 * i + 1], carry[2 * i + 1], \
          *wr[i] * x1); \
      wr[i] += w_pitch; \
    } \
  }

/* The sums of the work-item's rows, acc[2 * i] and acc[2 * i + 1] for row
 * i, from column (its first value in the source) where all their taps lie
 * in the plane: where the rows' taps overlap (the last row's first tap
 * before the first row's last), in stretches of a fixed set of rows,
 * which join one by one (at off[i]) and then leave one by one (at off[i]
 * + taps); else (steep downscales without antialiasing) row by row. */
static void
shared_column_sums (__global const elem_t * column, int pitch,
    __global const int *starts, __global const float *w, int w_pitch,
    int taps, float16 * acc)
{
  float16 carry[2 * SHARED_ROWS];
  __global const float *wr[SHARED_ROWS];
  int off[SHARED_ROWS];
  __global const elem_t *row = column + starts[0] * pitch;
  int j = 0;

#pragma unroll
  for (int i = 0; i < SHARED_ROWS; i++) {
    acc[2 * i] = acc[2 * i + 1] = carry[2 * i] = carry[2 * i + 1] = 0.0f;
    off[i] = starts[i] - starts[0];
    wr[i] = w + i;
  }
  if (off[SHARED_ROWS - 1] >= taps) {
#pragma unroll
    for (int i = 0; i < SHARED_ROWS; i++) {
      __global const elem_t *p = column + starts[i] * pitch;

      for (int k = 0; k < taps; k++, p += pitch, wr[i] += w_pitch) {
        ADD_COLUMN_TAP (float16, acc[2 * i], carry[2 * i],
            *wr[i] * ELEM_LOAD16 (p));
        ADD_COLUMN_TAP (float16, acc[2 * i + 1], carry[2 * i + 1],
            *wr[i] * ELEM_LOAD16 (p + VECTOR_VALUES));
      }
    }
    return;
  }
#pragma unroll
  for (int n = 1; n < SHARED_ROWS; n++)
    SHARED_STRETCH (off[n], 0, n);
  SHARED_STRETCH (taps, 0, SHARED_ROWS);
#pragma unroll
  for (int n = 1; n < SHARED_ROWS; n++)
    SHARED_STRETCH (off[n] + taps, n, SHARED_ROWS);
}

#define SOURCE_ITEM_ROWS SHARED_ROWS
#define SOURCE_ITEM_VALUES SHARED_VALUES
#define SOURCE_INSIDE_CLAMPS 0

/* The work-item's rows from the source column at src_column, into out,
 * all their taps in the plane (shared_column_sums). */
static void
source_columns_inside (__global const elem_t * src_column, int src_pitch,
    int src_h, __global float *out, int row_values,
    __global const int *starts, __global const float *weights, int rect_h,
    int taps)
{
  float16 acc[2 * SHARED_ROWS];

  shared_column_sums (src_column, src_pitch, starts, weights, rect_h, taps,
      acc);
#pragma unroll
  for (int i = 0; i < SHARED_ROWS; i++) {
    store_intermediate (acc[2 * i], out + i * row_values);
    store_intermediate (acc[2 * i + 1], out + i * row_values + VECTOR_VALUES);
  }
}

#endif

/* The columns pass on the source: SOURCE_ITEM_ROWS rows of the
 * intermediate (src_w x rect_h) a work-item, SOURCE_ITEM_VALUES values
 * each; at the last rows and the end of the row, and where any of their
 * taps leaves the plane and source_columns_inside does not clamp, row by
 * row, VECTOR_VALUES values at a time. */
__kernel void
scale_source_columns (KERNEL_PLANE_IN (src), int src_w, int src_h,
    __global float *tmp, int rect_h,
    __global const int *starts, __global const float *weights, int taps)
{
  PLANE_START (src);
  int v0 = get_global_id (0) * SOURCE_ITEM_VALUES;
  int ry = get_global_id (1) * SOURCE_ITEM_ROWS;
  int row_values = src_w * CHANNELS;

  if (v0 >= row_values || ry >= rect_h)
    return;

  __global float *out = tmp + ry * row_values + v0;

  if (v0 + SOURCE_ITEM_VALUES > row_values || ry + SOURCE_ITEM_ROWS > rect_h
      || (!SOURCE_INSIDE_CLAMPS && (starts[ry] < 0
              || starts[ry + SOURCE_ITEM_ROWS - 1] + taps > src_h))) {
    for (int i = 0; i < min (SOURCE_ITEM_ROWS, rect_h - ry); i++)
      for (int v = v0; v < min (v0 + SOURCE_ITEM_VALUES, row_values);
          v += VECTOR_VALUES) {
        int n = min (VECTOR_VALUES, row_values - v);

        store_values (source_column_run (src, src_pitch, src_h, v, n,
                starts[ry + i], weights + ry + i, rect_h, taps), n,
            out + i * row_values + v - v0, true);
      }
    return;
  }
  source_columns_inside (src + v0, src_pitch, src_h, out, row_values,
      starts + ry, weights + ry, rect_h, taps);
}

/* Tap k of the PIXELS pixels whose taps start at run[], side by side. */
static float16
picture_taps (__global const float *const *run, int k)
{
  float values[VECTOR_VALUES];

#pragma unroll
  for (int i = 0; i < PIXELS; i++)
    VSTORE_F (VLOAD_F (run[i], k), values, i);
  return vload16 (0, values);
}

/* The rows pass's pixels rx0 .. rx0 + PIXELS - 1 of picture rows ry
 * (returned) and ry + 1 (in second) from the intermediate, all their taps
 * inside the row. */
static float16
picture_row_run (__global const float *tmp, int tmp_w, int ry, int rx0,
    int rect_w, __global const int *starts, __global const float *weights,
    int taps, float16 * second)
{
  __global const float *run0[PIXELS], *run1[PIXELS];
  float16 acc0 = 0.0f, carry0 = 0.0f, acc1 = 0.0f, carry1 = 0.0f;

#pragma unroll
  for (int i = 0; i < PIXELS; i++) {
    run0[i] = tmp + (ry * tmp_w + starts[rx0 + i]) * CHANNELS;
    run1[i] = run0[i] + tmp_w * CHANNELS;
  }
  for (int k = 0; k < taps; k++) {
    float16 w = WEIGHTS_LOAD (weights + k * rect_w + rx0);

    ADD_ROW_TAP (float16, acc0, carry0, w * picture_taps (run0, k));
    ADD_ROW_TAP (float16, acc1, carry1, w * picture_taps (run1, k));
  }
  *second = acc1;
  return acc0;
}

/* The rows pass on the intermediate, writing the output: two output rows
 * a work-item (as scale_rows makes), where any of them is not all
 * picture, or any pixel's taps leave the row, all pixel by pixel. */
__kernel void
scale_picture_rows (__global const float *tmp, int tmp_w,
    KERNEL_PLANE_OUT (dst), int dst_w, int dst_h,
    int rect_x, int rect_y, int rect_w, int rect_h,
    __global const int *starts, __global const float *weights, int taps,
    float4 border)
{
  PLANE_START (dst);
  int v0 = get_global_id (0) * VECTOR_VALUES;    /* first channel value of the row */
  int y = get_global_id (1) * 2;

  if (v0 >= dst_w * CHANNELS || y >= dst_h)
    return;

  int rx0 = v0 / CHANNELS - rect_x;
  int ry = y - rect_y;

  if (ry < 0 || ry + 2 > rect_h || y + 2 > dst_h || rx0 < 0
      || rx0 + PIXELS > rect_w || starts[rx0] < 0
      || starts[rx0 + PIXELS - 1] + taps > tmp_w) {
    for (int row = y; row < min (y + 2, dst_h); row++)
      for (int x = v0 / CHANNELS; x < min ((v0 + VECTOR_VALUES) / CHANNELS, dst_w);
          x++)
        STORE (dst, x, row, picture_row_pixel (tmp, tmp_w, x, row, rect_x,
                rect_y, rect_w, rect_h, starts, weights, taps, border));
    return;
  }

  float16 second;
  float16 first = picture_row_run (tmp, tmp_w, ry, rx0, rect_w, starts,
      weights, taps, &second);

  VECTOR_STORE (first, dst, y * dst_pitch + v0);
  VECTOR_STORE (second, dst, (y + 1) * dst_pitch + v0);
}

#endif

#ifdef GST_CL_NATIVE_BICUBIC
#pragma OPENCL EXTENSION cl_qcom_filter_bicubic : enable

/* Native path: one read through a CL_FILTER_BICUBIC_QCOM sampler
 * (unnormalised coordinates, clamp to edge), pixel centres at +0.5. */
__kernel void
scale_native (KERNEL_PLANE_IN (src), int src_w, int src_h,
    KERNEL_PLANE_OUT (dst), int dst_w, int dst_h,
    int rect_x, int rect_y, int rect_w, int rect_h, float4 border,
    sampler_t bicubic)
{
  PLANE_START (src);
  PLANE_START (dst);
  int x = get_global_id (0);
  int y = get_global_id (1);

  if (x >= dst_w || y >= dst_h)
    return;

  int rx = x - rect_x;
  int ry = y - rect_y;

  if (rx < 0 || rx >= rect_w || ry < 0 || ry >= rect_h) {
    STORE (dst, x, y, PIX_FROM_F4 (border));
    return;
  }

  float2 pos = (float2) ((rx + 0.5f) * src_w / rect_w,
      (ry + 0.5f) * src_h / rect_h);
  STORE (dst, x, y, PIX_FROM_F4 (read_imagef (src, bicubic, pos)) * ELEM_MAX);
}
#endif
