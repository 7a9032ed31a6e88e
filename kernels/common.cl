/* gst-opencl: the fetch/store abstraction every kernel is written over.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Build options (set by the host per plane layout):
 *   -DCHANNELS=1|2|4   channels per pixel of the plane
 *   -DDEPTH=8|16       bits per channel
 *   -DGST_CL_IMAGES    planes are image2d_t; otherwise global buffers
 *
 * A plane is three kernel arguments (KERNEL_PLANE_IN, KERNEL_PLANE_OUT):
 * the memory object, its pitch in channel values per row and, in a
 * buffer, the offset of the plane's first channel value (a plane after
 * the first, or a field, of a frame held in one buffer). A kernel starts
 * with PLANE_START for each, which moves a buffer's pointer to that
 * value; the helpers it calls take the plane as its pointer and pitch
 * (PLANE_IN, PLANE_OUT). Images ignore pitch and offset. Kernels work
 * on pix_t values in the plane's own units (0..255 or 0..65535) with one
 * float per channel (PIX_FROM_F4 takes a colour passed as a float4
 * argument). STORE rounds to nearest (halves up) and saturates,
 * identically on both storages, so both give the same bytes.
 *
 * A buffer plane's offset and pitch are whole pixels (the host attaches
 * or wraps no other), so LOAD and STORE move a pixel as one aligned
 * access: through vload4 and vstore4, which may assume only a channel's
 * alignment, NVIDIA's compiler moved RGBA pixels a byte at a time. H100,
 * RGBA from and into buffers, kernel ms per frame (a byte at a time):
 * clbicubicscale 1080p -> 4K 0.049 (0.066), 4K -> 1080p 0.047 (0.069);
 * clrotate 4K bilinear 0.054 (0.089), bicubic 0.155 (0.236).
 */

#if DEPTH == 16 && CHANNELS != 1
#error "16-bit planes have one channel"
#endif

#if DEPTH == 16
typedef ushort elem_t;
#define ELEM_MAX 65535.0f
#else
typedef uchar elem_t;
#define ELEM_MAX 255.0f
#endif

/* Rounding to nearest (halves up) and saturating to elem_t: through int
 * and integer clamps, identically on both storages. PoCL runs the
 * convert_*_sat_rte built-ins many times slower. */
#if CHANNELS == 1
typedef float pix_t;
#define PIX_FROM_F4(v) ((v).x)
#define PIX_TO_F4(v) ((float4) ((v), 0.0f, 0.0f, 0.0f))
#define VLOAD_F(p, i) ((p)[i])
#define VSTORE_F(v, p, i) ((p)[i] = (v))
#define BUF_PIXEL(p, i) ((p)[i])
#define BUF_LOAD(p, i) convert_float (BUF_PIXEL (p, i))
#define BUF_STORE(v, p, i) (BUF_PIXEL (p, i) = \
    (elem_t) clamp ((int) ((v) + 0.5f), 0, (int) ELEM_MAX))
#elif CHANNELS == 2
typedef float2 pix_t;
#define PIX_FROM_F4(v) ((v).xy)
#define PIX_TO_F4(v) ((float4) ((v), 0.0f, 0.0f))
#define VLOAD_F(p, i) vload2 (i, p)
#define VSTORE_F(v, p, i) vstore2 (v, i, p)
#define BUF_PIXEL(p, i) (*(__global uchar2 *) ((p) + (i)))
#define BUF_LOAD(p, i) convert_float2 (BUF_PIXEL (p, i))
#define BUF_STORE(v, p, i) (BUF_PIXEL (p, i) = convert_uchar2 (clamp ( \
        convert_int2 ((v) + 0.5f), 0, 255)))
#else
typedef float4 pix_t;
#define PIX_FROM_F4(v) (v)
#define PIX_TO_F4(v) (v)
#define VLOAD_F(p, i) vload4 (i, p)
#define VSTORE_F(v, p, i) vstore4 (v, i, p)
#define BUF_PIXEL(p, i) (*(__global uchar4 *) ((p) + (i)))
#define BUF_LOAD(p, i) convert_float4 (BUF_PIXEL (p, i))
#define BUF_STORE(v, p, i) (BUF_PIXEL (p, i) = convert_uchar4 (clamp ( \
        convert_int4 ((v) + 0.5f), 0, 255)))
#endif

/* Vector access, for buffer kernels on CPU devices (-DGST_CL_VECTORS): PoCL runs
 * one work-item's vector code on SIMD lanes but does not vectorise across
 * work-items, so such kernels take VECTOR_VALUES channel values per work-item. */
#define VECTOR_VALUES 16
#define VECTOR_LOAD(p, i) convert_float16 (vload16 (0, (p) + (i)))
#ifdef GST_CL_VECTORS
/* PoCL compiles vstore16 of 8 and 16-bit values to one store per value;
 * a store through a vector type of alignment 1 is one vector store. */
typedef uchar16 __attribute__ ((aligned (1))) unaligned_uchar16;
typedef ushort16 __attribute__ ((aligned (1))) unaligned_ushort16;
#endif
#if DEPTH == 16
#define VECTOR_STORE(v, p, i) (*(__global unaligned_ushort16 *) ((p) + (i)) = \
    convert_ushort16 (clamp (convert_int16 ((v) + 0.5f), 0, 65535)))
typedef ushort16 elem16_t;
#else
#define VECTOR_STORE(v, p, i) (*(__global unaligned_uchar16 *) ((p) + (i)) = \
    convert_uchar16 (clamp (convert_int16 ((v) + 0.5f), 0, 255)))
typedef uchar16 elem16_t;
#endif

#ifdef GST_CL_VECTORS
/* VECTOR_VALUES values from p, of which the first n (1 to VECTOR_VALUES) are in the row:
 * zeros for the others (elem16_t: VECTOR_VALUES values of elem_t). */
static elem16_t
load_row_end (__global const elem_t * p, int n)
{
  elem_t v[VECTOR_VALUES];

  if (n >= VECTOR_VALUES)
    return vload16 (0, p);
  for (int i = 0; i < VECTOR_VALUES; i++)
    v[i] = i < n ? p[i] : 0;
  return vload16 (0, v);
}
#endif

#define KERNEL_PLANE_IN(name) PLANE_IN (name), int name##_offset
#define KERNEL_PLANE_OUT(name) PLANE_OUT (name), int name##_offset

#ifdef GST_CL_IMAGES

__constant sampler_t gst_cl_nearest = CLK_NORMALIZED_COORDS_FALSE |
    CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

#define PLANE_IN(name) __read_only image2d_t name, int name##_pitch
#define PLANE_OUT(name) __write_only image2d_t name, int name##_pitch
#define PLANE_START(name) ((void) name##_offset)
/* Image reads return value / ELEM_MAX in float; rint restores the exact
 * integer, so both storages compute from the same values. */
#define LOAD(name, x, y) \
    rint (PIX_FROM_F4 (read_imagef (name, gst_cl_nearest, (int2) (x, y))) \
        * ELEM_MAX)
#define STORE(name, x, y, v) \
    write_imagef (name, (int2) (x, y), \
        PIX_TO_F4 (clamp (floor ((v) + 0.5f), 0.0f, ELEM_MAX) / ELEM_MAX))

#else

#define PLANE_IN(name) __global const elem_t *name, int name##_pitch
#define PLANE_OUT(name) __global elem_t *name, int name##_pitch
#define PLANE_START(name) (name += name##_offset)
/* The index of pixel (x, y)'s first channel value in a buffer plane. */
#define PIXEL_INDEX(name, x, y) ((y) * name##_pitch + (x) * CHANNELS)
#define LOAD(name, x, y) BUF_LOAD (name, PIXEL_INDEX (name, x, y))
#define STORE(name, x, y, v) BUF_STORE (v, name, PIXEL_INDEX (name, x, y))

#endif
