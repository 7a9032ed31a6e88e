/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What clrotate computes and runs: the geometry of a turn (output size,
 * the mapping between output and source points), and pure functions from
 * the negotiated frames, the settings and the device to the kernel, build
 * options, arguments and work size of each plane. A turn is either one of
 * the fixed directions of GstVideoOrientationMethod (video-direction),
 * moved pixel for pixel as videoflip moves them, or any angle (custom).
 * No OpenCL calls; the speed choices come from the tuning table
 * (gstclrotatetuning.h).
 */
#pragma once

#include <gst/video/video.h>
#include <gst/opencl/gstcldevice.h>
#include <gst/opencl/gstclframe.h>

#include "gstclrotatetuning.h"

G_BEGIN_DECLS

typedef enum
{
  GST_CL_ROTATE_METHOD_NEAREST,
  GST_CL_ROTATE_METHOD_BILINEAR,
  GST_CL_ROTATE_METHOD_BICUBIC,
} GstCLRotateMethod;

#define GST_CL_ROTATE_N_METHODS 3

typedef enum
{
  GST_CL_ROTATE_OUTPUT_SAME,
  GST_CL_ROTATE_OUTPUT_FIT,
} GstCLRotateOutputSize;

/* Catmull-Rom, the weights of the native bicubic sampler. */
#define GST_CL_ROTATE_CUBIC_B 0.0f
#define GST_CL_ROTATE_CUBIC_C 0.5f

#define GST_CL_ROTATE_OPTIONS_LEN 64

/* What a frame is rotated with. */
typedef struct
{
  gdouble angle;
  gdouble center_x;
  gdouble center_y;
  GstCLRotateMethod method;
  GstCLRotateOutputSize output_size;
  guint32 background;
  /* A fixed direction (GST_VIDEO_ORIENTATION_IDENTITY to _UR_LL), which
   * moves pixels as videoflip does and ignores the fields above; or
   * GST_VIDEO_ORIENTATION_CUSTOM, the turn the fields above describe.
   * Never _AUTO: the element resolves it from the stream's tags. */
  GstVideoOrientationMethod direction;
} GstCLRotateSettings;

/* The negotiated frames, in luma pixels; width 0 before caps. */
typedef struct
{
  gint in_width;
  gint in_height;
  gint in_par_n;
  gint in_par_d;
  gint out_width;
  gint out_height;
  gint out_par_n;
  gint out_par_d;
} GstCLRotateGeometry;

/* One output plane: its size, the size of the input plane it comes from,
 * and its subsampling against luma (log2). */
typedef struct
{
  gint width;
  gint height;
  guint channels;
  guint w_sub;
  guint h_sub;
  gint in_width;
  gint in_height;
} GstCLRotatePlaneGeometry;

typedef struct
{
  GstCLStorage storage;         /* image or buffer */
  gboolean vectors;                /* buffers may run -DGST_CL_VECTORS kernels
                                 * (gst_cl_filter_wants_vectors ()) */
  guint n_planes;
  GstCLRotatePlaneGeometry planes[GST_VIDEO_MAX_PLANES];
} GstCLRotateFrames;

typedef struct
{
  /* a fixed direction: kernels/direction.cl's direction_frame, with
   * origin and moves; otherwise rotate.cl's rotate_frame, with the
   * fields from method to pivots */
  gboolean fixed;
  GstCLRotateMethod method;     /* nearest where the turn only permutes */
  gboolean native;              /* bicubic through the device's sampler */
  gchar options[GST_CL_ROTATE_OPTIONS_LEN];
  const gchar *kernel;
  /* the output-to-source matrix and the pivots (output, source) in the
   * plane's own pixels */
  gdouble matrix[4];
  gdouble pivots[4];
  /* a fixed direction: output pixel (x, y) of the plane is its input
   * pixel (origin[0] + moves[0] x + moves[1] y, origin[1] + moves[2] x +
   * moves[3] y), moves all 0 or +-1 */
  gint origin[2];
  gint moves[4];
  gsize items[2];               /* work-items along a row and down */
} GstCLRotatePlanePlan;

typedef struct
{
  guint n_planes;
  GstCLRotatePlanePlan planes[GST_VIDEO_MAX_PLANES];
} GstCLRotatePlan;

gboolean gst_cl_rotate_direction_is_fixed (GstVideoOrientationMethod direction);

gboolean gst_cl_rotate_direction_transposes (GstVideoOrientationMethod
    direction);

void gst_cl_rotate_output_size (const GstCLRotateSettings * settings,
    gint width, gint height, gint par_n, gint par_d, gint * out_width,
    gint * out_height, gint * out_par_n, gint * out_par_d);

void gst_cl_rotate_fit_size (gdouble angle, gint width, gint height,
    gint par_n, gint par_d, gint * out_width, gint * out_height,
    gint * out_par_n, gint * out_par_d);

gboolean gst_cl_rotate_is_identity (const GstCLRotateSettings * settings,
    const GstCLRotateGeometry * geometry);

void gst_cl_rotate_map_to_source (const GstCLRotateSettings * settings,
    const GstCLRotateGeometry * geometry, gdouble x, gdouble y,
    gdouble * sx, gdouble * sy);

gboolean gst_cl_rotate_turned_box (const GstCLRotateSettings * settings,
    const GstCLRotateGeometry * geometry, const GstVideoRectangle * in,
    GstVideoRectangle * out);

gboolean gst_cl_rotate_prefers_buffers (const GstCLDeviceInfo * device);

void gst_cl_rotate_plan (const GstCLDeviceInfo * device,
    const GstCLRotateGeometry * geometry, const GstCLRotateFrames * frames,
    const GstCLRotateSettings * settings, GstCLRotatePlan * plan);

G_END_DECLS
