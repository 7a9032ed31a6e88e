/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * clboxblur's planner: from the frame's planes, the blur's settings and
 * the device, what runs (the method, each plane's kernels and their build
 * options, the spare planes). A pass's work sizes, local memory and
 * scratch memory are planned in gstclboxblurpassplan.h, the blur of
 * regions of interest in gstclboxblurregionsplan.h. Pure functions: no
 * element, no OpenCL call; speed choices come from the tuning table
 * (gstclboxblurtuning.h).
 */
#pragma once

#include <gst/opencl/gstclframe.h>

G_BEGIN_DECLS

/* The largest radius-x and radius-y. */
#define GST_CL_BOX_BLUR_MAX_RADIUS 8192

/* sigma's Gaussian: box passes (gst_cl_box_blur_gaussian_widths()), up to
 * the sigma whose widest box has the largest radius. */
#define GST_CL_BOX_BLUR_GAUSSIAN_PASSES 3
#define GST_CL_BOX_BLUR_MAX_SIGMA 8192.0

/* The boxes of a plan: one for every pass, or one a pass of the
 * Gaussian. */
#define GST_CL_BOX_BLUR_MAX_BOXES GST_CL_BOX_BLUR_GAUSSIAN_PASSES

typedef enum
{
  GST_CL_BOX_BLUR_METHOD_AUTO,
  GST_CL_BOX_BLUR_METHOD_SEPARABLE,
  GST_CL_BOX_BLUR_METHOD_SAT,
} GstCLBoxBlurMethod;

/* The properties a frame is blurred with. */
typedef struct
{
  guint radius_x;
  guint radius_y;
  guint passes;
  GstCLBoxBlurMethod method;
  /* > 0: a Gaussian of this sigma (in the frame's pixels) by three box
   * passes, in place of the radii and passes */
  gdouble sigma;
  /* only inside the frame's regions of interest, each widened by
   * region_margin pixels */
  gboolean regions;
  guint region_margin;
} GstCLBoxBlurSettings;

/* What the planner needs beyond the device's probe. */
typedef struct
{
  const GstCLDeviceInfo *device;
  GstCLStorage storage;
  /* the filter's vector kernels (gst_cl_filter_wants_vectors()): buffers on
   * CPU devices, which run one work-item per line where GPUs share scans
   * across work-groups */
  gboolean vectors;
  /* gst_cl_device_builds_ptx_warps() */
  gboolean warps_build;
} GstCLBoxBlurTarget;

/* Slots of a plane's kernels; the CPU kernels and separable's group
 * kernels put their third in GST_CL_BOX_BLUR_KERNEL_AVERAGE. */
typedef enum
{
  GST_CL_BOX_BLUR_KERNEL_ROWS,
  GST_CL_BOX_BLUR_KERNEL_COLUMNS,
  GST_CL_BOX_BLUR_KERNEL_AVERAGE,
  GST_CL_BOX_BLUR_KERNEL_COLUMN_WINDOWS,
  GST_CL_BOX_BLUR_KERNEL_ROW_WINDOWS,
  GST_CL_BOX_BLUR_KERNEL_STRIPS,
  GST_CL_BOX_BLUR_N_KERNELS
} GstCLBoxBlurKernel;

#define GST_CL_BOX_BLUR_KERNEL_STARTS GST_CL_BOX_BLUR_KERNEL_AVERAGE
#define GST_CL_BOX_BLUR_KERNEL_TILES GST_CL_BOX_BLUR_KERNEL_AVERAGE

/* Kernels are built per variant: (method, sums_64bit), the CPU kernels by
 * short_columns, and sat's short and anchored columns. */
#define GST_CL_BOX_BLUR_N_VARIANTS 8

/* How one plane is blurred for the frame's radii. */
typedef struct
{
  gint rx;                      /* in the plane's samples, below its width */
  gint ry;                      /* below its height */
  gboolean sums_64bit;            /* window sums (and SAT entries) need 64 */
  gboolean cpu;                 /* separable by the kernels for CPU devices */
  gboolean short_columns;       /* whose column sums are 16-bit */
  gboolean anchored_columns;    /* those of sat on GPUs, low bits and anchors */
  gboolean warps;               /* group scans by warp shuffles */
  guint variant;                /* below GST_CL_BOX_BLUR_N_VARIANTS */
  const gchar *const *kernel_names;     /* by slot, NULL-terminated */
  gchar options[320];           /* build options */
  gchar portable_options[320];  /* without the warps, should they fail */
} GstCLBoxBlurPlanePlan;

typedef struct
{
  GstCLBoxBlurMethod method;    /* separable or sat */
  guint passes;
  guint n_planes;
  /* pass i runs box gst_cl_box_blur_plan_box (plan, i) */
  guint n_boxes;
  GstCLBoxBlurPlanePlan boxes[GST_CL_BOX_BLUR_MAX_BOXES][GST_VIDEO_MAX_PLANES];
  /* planes the passes alternate with: one beside the output (passes > 1),
   * or two where only regions are blurred (the parts' passes go between
   * them) */
  guint n_spares;
  gsize spare_bytes;            /* each, in buffers (regions: per frame) */
  gboolean spare_images;        /* or an image a plane, each */
} GstCLBoxBlurPlan;

guint gst_cl_box_blur_plane_radius (guint radius, guint sub);

void gst_cl_box_blur_gaussian_widths (gdouble sigma,
    guint widths[GST_CL_BOX_BLUR_GAUSSIAN_PASSES]);

guint gst_cl_box_blur_passes (const GstCLBoxBlurSettings * settings);

void gst_cl_box_blur_pass_radii (const GstCLBoxBlurSettings * settings,
    guint pass, guint w_sub, guint h_sub, guint * rx, guint * ry);

void gst_cl_box_blur_largest_radii (const GstCLBoxBlurSettings * settings,
    guint * rx, guint * ry);

gboolean gst_cl_box_blur_is_identity (const GstCLBoxBlurSettings * settings);

gboolean gst_cl_box_blur_needs_64bit_sums (const GstCLPlane * plane, guint rx,
    guint ry);

gboolean gst_cl_box_blur_choose_method (const GstCLDeviceInfo * device,
    GstCLStorage storage, GstCLBoxBlurMethod requested,
    const GstCLPlane * plane, guint rx, guint ry, GstCLBoxBlurMethod * chosen,
    GError ** error);

gboolean gst_cl_box_blur_prefers_buffers (const GstCLDeviceInfo * device,
    const GstCLPlane * plane, guint rx, guint ry);

gboolean gst_cl_box_blur_plan (const GstCLBoxBlurTarget * target,
    const GstCLFrame * frame, const GstCLBoxBlurSettings * settings,
    GstCLBoxBlurPlan * plan, GError ** error);

guint gst_cl_box_blur_plan_box (const GstCLBoxBlurPlan * plan, guint pass);

void gst_cl_box_blur_plan_part (const GstCLBoxBlurTarget * target,
    const GstCLBoxBlurPlan * plan, guint box, guint p,
    const GstCLPlane * part, GstCLBoxBlurPlanePlan * pp);

const gchar *gst_cl_box_blur_method_name (GstCLBoxBlurMethod method);

G_END_DECLS
