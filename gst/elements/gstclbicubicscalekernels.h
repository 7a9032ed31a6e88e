/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * clbicubicscale's device side for one plane: the axis tables, and the
 * kernels of a plan enqueued with their arguments.
 */
#pragma once

#include <gst/opencl/gstclframe.h>

#include "gstclbicubicscaleplan.h"

G_BEGIN_DECLS

/* An axis's table on the device (gst_cl_bicubic_scale_axis_weights ()). */
typedef struct
{
  gint taps;
  cl_mem starts;
  cl_mem weights;
} GstCLBicubicScaleAxisTable;

typedef struct
{
  cl_kernel rows;
  cl_kernel columns;
  cl_kernel one_pass_kernel;
  cl_kernel native;
  gchar *options;               /* those rows, columns and one_pass_kernel
                                 * were built with */
  cl_mem tmp;                   /* the first pass's output, made on first
                                 * use */
  GstCLBicubicScaleAxisTable x;
  GstCLBicubicScaleAxisTable y;
  /* source rows the output rows of a one-pass work-item read, at most */
  GstCLBicubicScaleSpans spans;
  gboolean one_pass;            /* scale_bands, or scale_tiles in
                                 * @tile_groups */
  GstCLBicubicScaleTiles tile_groups;
  GstVideoRectangle rect;       /* where the picture goes, plane pixels;
                                 * written under the object lock */
  gfloat border[4];
} GstCLBicubicScalePlane;

gboolean gst_cl_bicubic_scale_plane_build_tables (GstCLContext * context,
    GstCLBicubicScalePlane * plane,
    const GstCLBicubicScalePlaneGeometry * geometry,
    const GstCLBicubicScaleSettings * settings, GError ** error);

void gst_cl_bicubic_scale_plane_clear_tables (GstCLContext * context,
    GstCLBicubicScalePlane * plane);

void gst_cl_bicubic_scale_plane_clear (GstCLContext * context,
    GstCLBicubicScalePlane * plane);

gboolean gst_cl_bicubic_scale_plane_run_emulated (GstCLContext * context,
    GstCLBicubicScalePlane * plane, const GstCLBicubicScalePlanePlan * plan,
    const GstCLPlane * src, const GstCLPlane * dst, GError ** error);

gboolean gst_cl_bicubic_scale_plane_run_native (GstCLContext * context,
    GstCLBicubicScalePlane * plane, const GstCLBicubicScalePlanePlan * plan,
    const GstCLPlane * src, const GstCLPlane * dst, cl_sampler sampler,
    GError ** error);

G_END_DECLS
