/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What clbicubicscale runs for a frame: pure functions from the frame
 * geometry, the settings and the device to the mode, kernels, build
 * options and work sizes of each plane. No OpenCL calls: the element
 * makes and enqueues what the plan names. The speed choices come from the
 * tuning table (gstclbicubicscaletuning.h).
 */
#pragma once

#include <gst/video/video.h>
#include <gst/opencl/gstcldevice.h>
#include <gst/opencl/gstclframe.h>

#include "gstclbicubicscaletuning.h"

G_BEGIN_DECLS

typedef enum
{
  GST_CL_BICUBIC_SCALE_MODE_AUTO,
  GST_CL_BICUBIC_SCALE_MODE_NATIVE,
  GST_CL_BICUBIC_SCALE_MODE_EMULATED,
} GstCLBicubicScaleMode;

/* Output rows an item of the vector rows pass makes: the kernel is written
 * for two. */
#define GST_CL_BICUBIC_SCALE_VECTOR_ROWS_PASS_ROWS 2

/* Runs of GST_CL_VECTOR_VALUES values an item of the vector columns pass
 * on the source makes where the tuning shares its source rows
 * (shared_source_rows): the kernel is written for two. */
#define GST_CL_BICUBIC_SCALE_SHARED_SOURCE_RUNS 2

/* Intermediate rows a work-item of scale_bands keeps
 * (-DGST_CL_BAND_RING): the kernel makes them in pairs, so bands run
 * where the output rows of an item's group read at most one less
 * (gst_cl_bicubic_scale_plan_bands ()). */
#define GST_CL_BICUBIC_SCALE_BAND_RING 8

/* Compensated summation costs four operations a tap instead of one; the
 * kernels use it only where an axis sums more taps than this, where a
 * plain float sum would lose levels at 16 bits. It changes the bytes, so
 * it is the same on every device, storage and order of the passes. */
#define GST_CL_BICUBIC_SCALE_COMPENSATED_TAPS 32

/* Room for all the build options a plane's kernels can take at once. */
#define GST_CL_BICUBIC_SCALE_OPTIONS_LEN 384

/* The settings a frame is scaled with. */
typedef struct
{
  gdouble b;
  gdouble c;
  gboolean antialias;
  GstCLBicubicScaleMode mode;
} GstCLBicubicScaleSettings;

/* One plane: the input plane, the output plane, and where the picture
 * goes in it (letterboxed or all of it), in the plane's pixels. */
typedef struct
{
  gint width;
  gint height;
  guint channels;
  guint depth;
  gint out_width;
  gint out_height;
  GstVideoRectangle rect;
} GstCLBicubicScalePlaneGeometry;

typedef struct
{
  GstCLStorage storage;         /* image or buffer */
  gboolean vectors;                /* buffers run -DGST_CL_VECTORS kernels
                                 * (gst_cl_filter_wants_vectors ()) */
  guint n_planes;
  GstCLBicubicScalePlaneGeometry planes[GST_VIDEO_MAX_PLANES];
} GstCLBicubicScaleGeometry;

/* The source rows the output rows of a one-pass work-item read at most
 * (gst_cl_bicubic_scale_spans ()). */
typedef struct
{
  /* a scale_tiles tile of each shape */
  gint tiles[GST_CL_BICUBIC_SCALE_N_TILE_SHAPES];
  /* a group of scale_bands rows (COLUMN_PASS_ROWS) */
  gint band_group;
} GstCLBicubicScaleSpans;

/* scale_tiles's work-groups for a plane. */
typedef struct
{
  gint shape;                   /* index into the tuning's tile_shapes */
  gint rows;                    /* output rows an item makes */
  gsize local[2];
  gsize groups[2];
  gsize local_bytes;            /* of the source rows under a tile */
} GstCLBicubicScaleTiles;

typedef struct
{
  /* Chosen for the negotiated caps (gst_cl_bicubic_scale_plan_passes ()),
   * kept while a change of add-borders moves the picture. */
  gboolean columns_first;
  gsize intermediate_size;      /* bytes, for the largest picture */

  /* For the settings and the picture (gst_cl_bicubic_scale_plan ()). */
  gint x_taps;
  gint y_taps;
  gint tile_pixels;             /* -DTILE_PIXELS of the one-pixel kernels */
  gchar options[GST_CL_BICUBIC_SCALE_OPTIONS_LEN];
  const gchar *rows_kernel;     /* the two passes */
  const gchar *columns_kernel;
  /* the one pass, or NULL: scale_tiles (one-pixel kernels) or
   * scale_bands (vector kernels) */
  const gchar *one_pass_kernel;
  gint band_rows;               /* output rows of a scale_bands item */
  /* work-items, along a row and down */
  gsize rows_items[2];
  gsize columns_items[2];
  gsize band_items[2];
  gsize native_items[2];
} GstCLBicubicScalePlanePlan;

typedef struct
{
  GstCLBicubicScaleMode mode;   /* native or emulated */
  guint n_planes;
  GstCLBicubicScalePlanePlan planes[GST_VIDEO_MAX_PLANES];
} GstCLBicubicScalePlan;

#define GST_CL_BICUBIC_SCALE_NATIVE_OPTIONS "-DGST_CL_NATIVE_BICUBIC"
#define GST_CL_BICUBIC_SCALE_NATIVE_KERNEL "scale_native"

gboolean gst_cl_bicubic_scale_choose_mode (const GstCLDeviceInfo * device,
    GstCLStorage storage, GstCLBicubicScaleMode requested, gdouble b,
    gdouble c, gboolean antialias, gint in_width, gint in_height,
    gint out_width, gint out_height, GstCLBicubicScaleMode * chosen,
    GError ** error);

gboolean gst_cl_bicubic_scale_prefers_buffers (const GstCLDeviceInfo * device,
    GstVideoFormat format, gint in_width, gint in_height, gint out_width,
    gint out_height);

void gst_cl_bicubic_scale_plan_passes (const GstCLDeviceInfo * device,
    const GstCLBicubicScaleGeometry * geometry, GstCLBicubicScalePlan * plan);

gboolean gst_cl_bicubic_scale_plan (const GstCLDeviceInfo * device,
    const GstCLBicubicScaleGeometry * geometry,
    const GstCLBicubicScaleSettings * settings, GstCLBicubicScalePlan * plan,
    GError ** error);

gint gst_cl_bicubic_scale_axis_taps (gint in_size, gint out_size,
    gboolean antialias);

void gst_cl_bicubic_scale_axis_weights (gint in_size, gint out_size,
    const GstCLBicubicScaleSettings * settings, gint * starts,
    gfloat * weights);

void gst_cl_bicubic_scale_spans (const GstCLDeviceInfo * device,
    const gint * starts, gint size, gint taps, GstCLBicubicScaleSpans * spans);

gboolean gst_cl_bicubic_scale_plan_tiles (const GstCLDeviceInfo * device,
    const GstCLBicubicScalePlaneGeometry * plane,
    const GstCLBicubicScalePlanePlan * plane_plan,
    const GstCLBicubicScaleSpans * spans, gsize group_size,
    GstCLBicubicScaleTiles * tiles);

gboolean gst_cl_bicubic_scale_plan_bands (const GstCLBicubicScalePlanePlan *
    plane_plan, const GstCLBicubicScaleSpans * spans);

G_END_DECLS
