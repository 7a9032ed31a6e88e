/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * clboxblur's regions planner: a frame's regions of interest as each
 * plane's rectangles to blur, and the parts of the plane whose blur (as
 * planes of their own, by a plan of gstclboxblurplan.h) gives them. Pure
 * functions, as the planner's.
 */
#pragma once

#include "gstclboxblurplan.h"

G_BEGIN_DECLS

/* A region of interest as a GstVideoRegionOfInterestMeta gives it, in the
 * frame's pixels: any values, the planner clips them. */
typedef struct
{
  guint x, y, w, h;
} GstCLBoxBlurRegion;

/* A part of a plane that the passes blur as a plane of its own, and the
 * rectangles of it that then go into the output. */
typedef struct
{
  GstVideoRectangle part;
  guint first_rect;             /* in its plane's rects */
  guint n_rects;
} GstCLBoxBlurJob;

typedef struct
{
  GArray *rects;                /* GstVideoRectangle, job after job */
  GArray *jobs;                 /* GstCLBoxBlurJob */
} GstCLBoxBlurPlaneRegions;

/* What the blur of a frame's regions of interest runs, plane by plane. */
typedef struct
{
  guint n_planes;
  GstCLBoxBlurPlaneRegions planes[GST_VIDEO_MAX_PLANES];
  gsize spare_bytes;            /* the largest part, for buffer spares */
} GstCLBoxBlurRegionPlan;

gboolean gst_cl_box_blur_region_rect (const GstCLBoxBlurRegion * region,
    guint margin, gint width, gint height, guint field, guint fields,
    GstVideoRectangle * rect);

gboolean gst_cl_box_blur_plane_rect (const GstVideoRectangle * rect,
    const GstCLPlane * plane, GstVideoRectangle * plane_rect);

void gst_cl_box_blur_plane_reach (const GstCLBoxBlurPlan * plan, guint p,
    gint * reach_x, gint * reach_y);

void gst_cl_box_blur_plan_regions (const GstCLBoxBlurTarget * target,
    const GstCLFrame * frame, const GstCLBoxBlurPlan * plan,
    const GstCLBoxBlurRegion * regions, guint n_regions, guint margin,
    guint field, guint fields, GstCLBoxBlurRegionPlan * rplan);

void gst_cl_box_blur_region_plan_clear (GstCLBoxBlurRegionPlan * rplan);

G_END_DECLS
