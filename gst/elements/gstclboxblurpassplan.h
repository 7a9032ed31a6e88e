/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * clboxblur's pass planner: how a pass over a plane runs once the plane's
 * kernels (gstclboxblurplan.h) are built: the strategy, each kernel's
 * work sizes and local memory, the scratch memory. Pure functions, as the
 * planner's.
 */
#pragma once

#include "gstclboxblurplan.h"

G_BEGIN_DECLS

/* What one pass over a plane runs. */
typedef enum
{
  GST_CL_BOX_BLUR_STRATEGY_CPU_BANDS,   /* column parts, starts, rows */
  GST_CL_BOX_BLUR_STRATEGY_LINES,       /* box_rows, box_columns */
  GST_CL_BOX_BLUR_STRATEGY_TILES,       /* box_tiles */
  GST_CL_BOX_BLUR_STRATEGY_SEGMENTS,    /* sat_rows, box_segments */
  GST_CL_BOX_BLUR_STRATEGY_SAT,         /* sat_rows, sat_columns, average */
  GST_CL_BOX_BLUR_STRATEGY_STRIPS,      /* box_strips */
  GST_CL_BOX_BLUR_STRATEGY_WINDOWS,     /* column_windows, sat_row_windows */
} GstCLBoxBlurStrategy;

/* One kernel's launch: @size work-items where local[0] is 0 (the
 * implementation picks the groups), else @size groups of @local items;
 * with local-memory arguments of @local_bytes. */
typedef struct
{
  GstCLBoxBlurKernel kernel;
  guint dims;
  gsize size[2];
  gsize local[2];
  gsize local_bytes[2];
} GstCLBoxBlurLaunch;

#define GST_CL_BOX_BLUR_MAX_LAUNCHES 3

typedef struct
{
  GstCLBoxBlurStrategy strategy;
  gsize scratch_bytes;          /* 0: none */
  guint n_launches;
  GstCLBoxBlurLaunch launches[GST_CL_BOX_BLUR_MAX_LAUNCHES];
  /* the kernels' other arguments, by strategy */
  gint band_rows, n_bands, tmp_pitch;   /* CPU bands */
  gint segment_rows;            /* segments */
  gint tile_rows, chunk_h, pixels_pitch, hsums_pitch;   /* tiles */
  gint strip_rows;              /* strips */
  gint anchors_at, segment;     /* windows */
  gsize column_parts;
} GstCLBoxBlurPassPlan;

void gst_cl_box_blur_plan_pass (const GstCLBoxBlurTarget * target,
    const GstCLPlane * plane, GstCLBoxBlurMethod method,
    const GstCLBoxBlurPlanePlan * pplan,
    const gsize group_sizes[GST_CL_BOX_BLUR_N_KERNELS],
    GstCLBoxBlurPassPlan * pass);

const gchar *gst_cl_box_blur_strategy_name (GstCLBoxBlurStrategy strategy);

G_END_DECLS
