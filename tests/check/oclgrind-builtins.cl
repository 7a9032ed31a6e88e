/* gst-opencl: built into every program when the kernels run on Oclgrind
 * (scripts/check-slow.sh passes it with OCLGRIND_BUILD_OPTIONS=-include).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Oclgrind 21.10 computes min, max and clamp of an integer vector with
 * scalar bounds (the sgentype overloads of OpenCL C 1.1 and later) wrongly:
 * lanes other than the first get garbage, so clamped indices read out of
 * bounds and values come out random (clamp (int4, int, int) on
 * (0, 7, 14, 21) gives (0, 55, 192, 21)). The vector-bound overloads are
 * right: these definitions, which Oclgrind runs instead of its own,
 * widen the scalars first. Float vectors are not affected.
 */
#define GST_CL_SCALAR_BOUNDS(V, S) \
  __attribute__ ((overloadable)) V min (V a, S b) \
  { return min (a, (V) (b)); } \
  __attribute__ ((overloadable)) V max (V a, S b) \
  { return max (a, (V) (b)); } \
  __attribute__ ((overloadable)) V clamp (V x, S lo, S hi) \
  { return clamp (x, (V) (lo), (V) (hi)); }

#define GST_CL_SCALAR_BOUNDS_ALL_SIZES(S) \
  GST_CL_SCALAR_BOUNDS (S##2, S) GST_CL_SCALAR_BOUNDS (S##3, S) \
  GST_CL_SCALAR_BOUNDS (S##4, S) GST_CL_SCALAR_BOUNDS (S##8, S) \
  GST_CL_SCALAR_BOUNDS (S##16, S)

GST_CL_SCALAR_BOUNDS_ALL_SIZES (char)
GST_CL_SCALAR_BOUNDS_ALL_SIZES (uchar)
GST_CL_SCALAR_BOUNDS_ALL_SIZES (short)
GST_CL_SCALAR_BOUNDS_ALL_SIZES (ushort)
GST_CL_SCALAR_BOUNDS_ALL_SIZES (int)
GST_CL_SCALAR_BOUNDS_ALL_SIZES (uint)
GST_CL_SCALAR_BOUNDS_ALL_SIZES (long)
GST_CL_SCALAR_BOUNDS_ALL_SIZES (ulong)
