/* gst-opencl: plain-C references and test images for the pixel tests.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Everything here works on RefPlane, one plane of a frame with its channel
 * values as doubles, so that a reference never shares code (or float
 * rounding) with the element it checks.
 */
#pragma once

#include <gst/video/video.h>

G_BEGIN_DECLS

/* One plane: width x height pixels of `channels` interleaved values in the
 * plane's own units (0..255 or 0..65535), rows packed. */
typedef struct
{
  gint width;
  gint height;
  gint channels;
  gdouble *data;
} RefPlane;

/* Where two planes differ most. */
typedef struct
{
  gdouble max;                  /* largest absolute difference */
  gint x, y, channel;           /* where it is */
  gdouble expected, got;        /* the values there */
} RefDiff;

RefPlane *ref_plane_new (gint width, gint height, gint channels);
void ref_plane_free (RefPlane * plane);
/* The value at (x, y), coordinates clamped to the plane (edge replication). */
gdouble ref_plane_at (const RefPlane * plane, gint x, gint y, gint channel);

/* Plane @plane of a mapped frame of any GST_CL_FORMATS format: packed RGB
 * has 4 channels (padding bytes too), NV12's UV 2, the others 1. */
RefPlane *ref_plane_from_frame (const GstVideoFrame * frame, guint plane);
/* 255 or 65535. */
gdouble ref_frame_max_value (const GstVideoFrame * frame);

/* Scalers of one plane, unrounded and unclamped; output centres map to
 * input centres and edges replicate. */

/* cl_qcom_filter_bicubic's 4x4 taps and Catmull-Rom weights (seed 000). */
RefPlane *ref_scale_seed000 (const RefPlane * in, gint out_width,
    gint out_height);
/* Seed 003's kernel k(x) of the (B, C) family. */
gdouble ref_kernel_bc (gdouble x, gdouble b, gdouble c);

/* The (B, C) cubic's 4-tap P(d) (seed 003), rows then columns. */
RefPlane *ref_scale_bc (const RefPlane * in, gint out_width, gint out_height,
    gdouble b, gdouble c);
/* The (B, C) kernel k(x), widened by the scale factor where it downscales
 * (per axis) and normalised, rows then columns. */
RefPlane *ref_scale_widened (const RefPlane * in, gint out_width,
    gint out_height, gdouble b, gdouble c);

/* The box blur: the exact average of the (2 @rx + 1) x (2 @ry + 1) window
 * clipped to the plane, rounded to nearest with halves up. */
RefPlane *ref_box_blur (const RefPlane * in, gint rx, gint ry);

/* @got against @expected saturated to 0..@max_value (not rounded). */
RefDiff ref_compare (const RefPlane * expected, const RefPlane * got,
    gdouble max_value);
gdouble ref_psnr (const RefPlane * a, const RefPlane * b, gdouble max_value);

/* Test pictures, written into every channel value of every plane of a
 * mapped frame, deterministic. */

/* Gradients, soft-edged discs and low noise, at any size. */
void ref_fill_natural (GstVideoFrame * frame, guint seed);
/* Uniform random values. */
void ref_fill_random (GstVideoFrame * frame, guint seed);
/* One-pixel squares of 0 and full scale. */
void ref_fill_checkerboard (GstVideoFrame * frame);

G_END_DECLS
