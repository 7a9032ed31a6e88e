/* gst-opencl: the frame layouts of the colour conversion kernels
 * (convert.cl, convertscale.cl).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The planes of one side have different layouts (NV12: 1 and 2 values
 * per pixel), which the per-plane macros of common.cl do not describe:
 * the conversions take their own layout from the host's planner
 * (gst/elements/gstclconvertplan.c), always from buffers. Its options,
 * for each side S of IN and OUT:
 *   -DS_BYTES=1|2         bytes per value
 *   -DS_PLANE_c=s<p>      the plane argument holding component c (0, 1,
 *   -DS_PITCH_c=s<p>_pitch  2: R G B or Y Cb Cr; A: alpha or padding),
 *   -DS_STEP_c, S_OFF_c   its values per pixel and offset in the pixel
 *   -DS_CHROMA            components 1 and 2 exist (not gray)
 *   -DS_SUB_X, S_SUB_Y    log2 of their subsampling (0 or 1)
 *   -DS_CENTER_X, _Y      1: chroma sited between luma samples, 0: on
 *   -DS_ALPHA             component A is alpha; -DOUT_PAD: a padding byte
 *   -DS_SHIFT=n           values are in the high bits of their word, the
 *                         n low bits zero (P010: 10 bits, n = 6)
 *
 * Values are converted through the host's affine map (m0..m2: rows, with
 * the offset in .w) from input to output code values. Stores round to
 * nearest (halves up) and saturate, as common.cl's do.
 */

/* Every product and sum is rounded as written, with no fused
 * multiply-add, so that kernels computing one pixel and kernels computing
 * vectors of pixels give the same bits. */
#pragma OPENCL FP_CONTRACT OFF

/* Output component value of the affine map's row m (its offset in .w)
 * for input values a, b, c: floats, or vectors of them. */
#define MAP(m, a, b, c) ((m).x * (a) + (m).y * (b) + (m).z * (c) + (m).w)

#ifndef IN_SHIFT
#define IN_SHIFT 0
#endif
#ifndef OUT_SHIFT
#define OUT_SHIFT 0
#endif

#if IN_BYTES == 2
typedef ushort in_t;
#else
typedef uchar in_t;
#endif

/* The largest code value of the output (1023 for P010's 10 bits). */
#if OUT_BYTES == 2
typedef ushort out_t;
#define OUT_MAX (65535 >> OUT_SHIFT)
#else
typedef uchar out_t;
#define OUT_MAX 255
#endif

/* Code values: a word's high bits where it has a shift (its low bits,
 * zero in valid frames, are not read). */
#define IN_CODE(c, x, y) (IN_PLANE_##c[(y) * IN_PITCH_##c \
      + (x) * IN_STEP_##c + IN_OFF_##c] >> IN_SHIFT)
#define IN_VALUE(c, x, y) convert_float (IN_CODE (c, x, y))
#define OUT_STORE(c, x, y, v) (OUT_PLANE_##c[(y) * OUT_PITCH_##c \
      + (x) * OUT_STEP_##c + OUT_OFF_##c] = \
    (out_t) (clamp ((int) ((v) + 0.5f), 0, OUT_MAX) << OUT_SHIFT))

/* The kernels take three planes a side (a frame with fewer repeats its
 * first), each a buffer, its pitch and the offset of its first value;
 * helpers take the input's planes as IN_PARAMS, given IN_ARGS. */
#define IN_PARAMS __global const in_t * in0, int in0_pitch, \
    __global const in_t * in1, int in1_pitch, \
    __global const in_t * in2, int in2_pitch
#define IN_ARGS in0, in0_pitch, in1, in1_pitch, in2, in2_pitch

/* Moves each plane argument to its first value. */
#define START_PLANES() \
  do { \
    in0 += in0_offset; \
    in1 += in1_offset; \
    in2 += in2_offset; \
    out0 += out0_offset; \
    out1 += out1_offset; \
    out2 += out2_offset; \
  } while (0)

#ifdef GST_CL_VECTORS
/* CPU devices: a work-item makes a run of RUN samples in vectors of RUN
 * lanes (GST_CL_CONVERT_RUN). PoCL compiles vstore16 of bytes to one
 * store per byte, and swizzles of loaded bytes to loads of single bytes;
 * an access through a vector type of alignment 1 is one vector access
 * (as in common.cl). */
#define RUN 16
typedef float16 lanes_t;
typedef uchar16 __attribute__ ((aligned (1))) unaligned_uchar16;
typedef uchar8 __attribute__ ((aligned (1))) unaligned_uchar8;
typedef ushort8 __attribute__ ((aligned (1))) unaligned_ushort8;
typedef ushort16 __attribute__ ((aligned (1))) unaligned_ushort16;
typedef int16 __attribute__ ((aligned (1))) unaligned_int16;
typedef uint16 __attribute__ ((aligned (1))) unaligned_uint16;
#endif
