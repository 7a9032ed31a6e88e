/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclboxblurkernels.h"

/* What a pass's kernels take their arguments (kernels/boxblur.cl) from. */
typedef struct
{
  const GstCLBoxBlurPassPlan *pass;
  const GstCLBoxBlurPlanePlan *pplan;
  cl_mem scratch;
  const GstCLPlane *src;
  const GstCLPlane *dst;
} PassRun;

/* The source plane, its size and the radii. */
static void
add_source_args (GstCLArgs * args, const PassRun * run)
{
  gst_cl_args_add_sized_plane (args, run->src);
  gst_cl_args_add_int (args, run->pplan->rx);
  gst_cl_args_add_int (args, run->pplan->ry);
}

/* The scratch buffer, the plane's size and the radii: the first
 * arguments of the kernels that take windows from the scratch buffer. */
static void
add_window_args (GstCLArgs * args, const PassRun * run)
{
  gst_cl_args_add_mem (args, run->scratch);
  gst_cl_args_add_int (args, run->src->width);
  gst_cl_args_add_int (args, run->src->height);
  gst_cl_args_add_int (args, run->pplan->rx);
  gst_cl_args_add_int (args, run->pplan->ry);
}

/* ry, the band height, the bands, the column sums and their pitch: what
 * the CPU column kernels share. */
static void
add_band_args (GstCLArgs * args, const PassRun * run)
{
  gst_cl_args_add_int (args, run->pplan->ry);
  gst_cl_args_add_int (args, run->pass->band_rows);
  gst_cl_args_add_int (args, run->pass->n_bands);
  gst_cl_args_add_mem (args, run->scratch);
  gst_cl_args_add_int (args, run->pass->tmp_pitch);
}

static void
add_local_args (GstCLArgs * args, const GstCLBoxBlurLaunch * launch)
{
  for (guint i = 0; i < G_N_ELEMENTS (launch->local_bytes); i++)
    if (launch->local_bytes[i])
      gst_cl_args_add (args, launch->local_bytes[i], NULL);
}

static void
add_cpu_bands_args (GstCLArgs * args, const PassRun * run,
    const GstCLBoxBlurLaunch * launch)
{
  switch (launch->kernel) {
    case GST_CL_BOX_BLUR_KERNEL_COLUMNS:
      gst_cl_args_add_sized_plane (args, run->src);
      add_band_args (args, run);
      break;
    case GST_CL_BOX_BLUR_KERNEL_STARTS:
      gst_cl_args_add_int (args, run->src->width);
      add_band_args (args, run);
      break;
    default:
      add_source_args (args, run);
      gst_cl_args_add_int (args, run->pass->band_rows);
      gst_cl_args_add_mem (args, run->scratch);
      gst_cl_args_add_int (args, run->pass->tmp_pitch);
      gst_cl_args_add_plane (args, run->dst);
      break;
  }
}

static void
add_lines_args (GstCLArgs * args, const PassRun * run,
    const GstCLBoxBlurLaunch * launch)
{
  if (launch->kernel == GST_CL_BOX_BLUR_KERNEL_ROWS) {
    gst_cl_args_add_sized_plane (args, run->src);
    gst_cl_args_add_int (args, run->pplan->rx);
    gst_cl_args_add_mem (args, run->scratch);
  } else {
    add_window_args (args, run);
    gst_cl_args_add_plane (args, run->dst);
  }
}

static void
add_tiles_args (GstCLArgs * args, const PassRun * run,
    const GstCLBoxBlurLaunch * launch)
{
  add_source_args (args, run);
  gst_cl_args_add_plane (args, run->dst);
  gst_cl_args_add (args, launch->local_bytes[0], NULL);
  gst_cl_args_add_int (args, run->pass->pixels_pitch);
  gst_cl_args_add (args, launch->local_bytes[1], NULL);
  gst_cl_args_add_int (args, run->pass->hsums_pitch);
  gst_cl_args_add_int (args, run->pass->tile_rows);
  gst_cl_args_add_int (args, run->pass->chunk_h);
}

/* sat_rows and sat_columns: the SAT of the source into the scratch
 * buffer, with group scans their local arrays. */
static void
add_scan_args (GstCLArgs * args, const PassRun * run,
    const GstCLBoxBlurLaunch * launch)
{
  if (launch->kernel == GST_CL_BOX_BLUR_KERNEL_ROWS)
    gst_cl_args_add_plane (args, run->src);
  gst_cl_args_add_int (args, run->src->width);
  gst_cl_args_add_int (args, run->src->height);
  gst_cl_args_add_mem (args, run->scratch);
  add_local_args (args, launch);
}

static void
add_segments_args (GstCLArgs * args, const PassRun * run,
    const GstCLBoxBlurLaunch * launch)
{
  if (launch->kernel == GST_CL_BOX_BLUR_KERNEL_ROWS) {
    add_scan_args (args, run, launch);
    return;
  }
  add_window_args (args, run);
  gst_cl_args_add_int (args, run->pass->segment_rows);
  gst_cl_args_add_plane (args, run->dst);
}

static void
add_sat_args (GstCLArgs * args, const PassRun * run,
    const GstCLBoxBlurLaunch * launch)
{
  if (launch->kernel != GST_CL_BOX_BLUR_KERNEL_AVERAGE) {
    add_scan_args (args, run, launch);
    return;
  }
  add_window_args (args, run);
  gst_cl_args_add_plane (args, run->dst);
}

static void
add_strips_args (GstCLArgs * args, const PassRun * run,
    const GstCLBoxBlurLaunch * launch)
{
  add_source_args (args, run);
  gst_cl_args_add_plane (args, run->dst);
  gst_cl_args_add_int (args, run->pass->strip_rows);
  add_local_args (args, launch);
}

static void
add_windows_args (GstCLArgs * args, const PassRun * run,
    const GstCLBoxBlurLaunch * launch)
{
  if (launch->kernel == GST_CL_BOX_BLUR_KERNEL_COLUMN_WINDOWS) {
    gst_cl_args_add_sized_plane (args, run->src);
    gst_cl_args_add_int (args, run->pplan->ry);
    gst_cl_args_add_mem (args, run->scratch);
    gst_cl_args_add_int (args, run->pass->anchors_at);
  } else {
    add_window_args (args, run);
    gst_cl_args_add_int (args, run->pass->segment);
    gst_cl_args_add_int (args, run->pass->anchors_at);
    gst_cl_args_add_plane (args, run->dst);
  }
  add_local_args (args, launch);
}

static void
add_args (GstCLArgs * args, const PassRun * run,
    const GstCLBoxBlurLaunch * launch)
{
  switch (run->pass->strategy) {
    case GST_CL_BOX_BLUR_STRATEGY_CPU_BANDS:
      add_cpu_bands_args (args, run, launch);
      break;
    case GST_CL_BOX_BLUR_STRATEGY_LINES:
      add_lines_args (args, run, launch);
      break;
    case GST_CL_BOX_BLUR_STRATEGY_TILES:
      add_tiles_args (args, run, launch);
      break;
    case GST_CL_BOX_BLUR_STRATEGY_SEGMENTS:
      add_segments_args (args, run, launch);
      break;
    case GST_CL_BOX_BLUR_STRATEGY_SAT:
      add_sat_args (args, run, launch);
      break;
    case GST_CL_BOX_BLUR_STRATEGY_STRIPS:
      add_strips_args (args, run, launch);
      break;
    case GST_CL_BOX_BLUR_STRATEGY_WINDOWS:
      add_windows_args (args, run, launch);
      break;
  }
}

static gboolean
enqueue_launch (GstCLContext * context, cl_kernel kernel,
    const GstCLBoxBlurLaunch * launch, GError ** error)
{
  if (launch->local[0])
    return gst_cl_context_enqueue_groups (context, kernel, launch->dims,
        launch->size, launch->local, error);
  if (launch->dims == 1)
    return gst_cl_context_enqueue_1d (context, kernel, launch->size[0],
        error);
  return gst_cl_context_enqueue_2d (context, kernel, launch->size[0],
      launch->size[1], error);
}

/**
 * gst_cl_box_blur_enqueue_pass:
 * @kernels: @pplan's kernels, by slot
 * @scratch: at least @pass's scratch_bytes (or NULL where it needs none)
 *
 * Enqueues @pass's kernels from @src to @dst, which differ: the kernels
 * that make a pass in one go read around their pixels while other
 * work-items write theirs.
 */
gboolean
gst_cl_box_blur_enqueue_pass (GstCLContext * context,
    const cl_kernel * kernels, const GstCLBoxBlurPassPlan * pass,
    const GstCLBoxBlurPlanePlan * pplan, cl_mem scratch,
    const GstCLPlane * src, const GstCLPlane * dst, GError ** error)
{
  const PassRun run = { pass, pplan, scratch, src, dst };

  for (guint i = 0; i < pass->n_launches; i++) {
    const GstCLBoxBlurLaunch *launch = &pass->launches[i];
    cl_kernel kernel = kernels[launch->kernel];
    GstCLArgs args;

    gst_cl_args_init (&args, kernel);
    add_args (&args, &run, launch);
    if (!gst_cl_args_check (&args, error)
        || !enqueue_launch (context, kernel, launch, error))
      return FALSE;
  }
  return TRUE;
}

/**
 * gst_cl_box_blur_enqueue_copy:
 * @images: whether @src and @dst are images (of the same format), else
 *   buffer planes
 * @from: the rectangle of @src to copy, within it
 * @to_x: where in @dst it goes, the rectangle within @dst
 *
 * Enqueues the copy of @from's pixels of @src into @dst at (@to_x,
 * @to_y), the same bytes, with OpenCL's copy commands (no kernel): the
 * blur of regions of interest copies the frame, a part of it to blur out
 * of an image, and the parts blurred back. @src and @dst are different
 * memory objects.
 */
gboolean
gst_cl_box_blur_enqueue_copy (GstCLContext * context, gboolean images,
    const GstCLPlane * src, const GstVideoRectangle * from,
    const GstCLPlane * dst, gint to_x, gint to_y, GError ** error)
{
  cl_command_queue queue = gst_cl_context_get_queue (context);
  gsize value = src->depth / 8, pixel = value * src->channels;
  gsize region[3] = { from->w, from->h, 1 };
  cl_int status;

  if (from->w <= 0 || from->h <= 0)
    return TRUE;
  /* The planner keeps every rectangle within its planes. */
  if (from->x < 0 || from->y < 0 || from->w > src->width - from->x
      || from->h > src->height - from->y || to_x < 0 || to_y < 0
      || from->w > dst->width - to_x || from->h > dst->height - to_y) {
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_FAILED,
        "a copy of %dx%d pixels from (%d, %d) of a %dx%d plane to (%d, %d) "
        "of a %dx%d plane leaves them", from->w, from->h, from->x, from->y,
        src->width, src->height, to_x, to_y, dst->width, dst->height);
    return FALSE;
  }
  if (images) {
    gsize src_origin[3] = { from->x, from->y, 0 };
    gsize dst_origin[3] = { to_x, to_y, 0 };

    status = clEnqueueCopyImage (queue, src->mem, dst->mem, src_origin,
        dst_origin, region, 0, NULL, NULL);
  } else {
    /* byte offsets; the plane's own offset (in values) before its rows */
    gsize src_origin[3] = { src->offset * value + from->x * pixel, from->y,
      0
    };
    gsize dst_origin[3] = { dst->offset * value + to_x * pixel, to_y, 0 };

    region[0] = from->w * pixel;
    status = clEnqueueCopyBufferRect (queue,
        src->wrapper ? src->wrapper : src->mem,
        dst->wrapper ? dst->wrapper : dst->mem, src_origin, dst_origin,
        region, src->pitch * value, 0, dst->pitch * value, 0, 0, NULL, NULL);
  }
  return gst_cl_check (status, error, images ? "clEnqueueCopyImage" :
      "clEnqueueCopyBufferRect");
}
