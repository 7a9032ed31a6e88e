/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclboxblurpassplan.h"
#include "gstclboxblurplan-private.h"
#include "gstclboxblurtuning.h"
#include "gstclfilter.h"

#include <string.h>

const gchar *
gst_cl_box_blur_strategy_name (GstCLBoxBlurStrategy strategy)
{
  static const gchar *const names[] = {
    [GST_CL_BOX_BLUR_STRATEGY_CPU_BANDS] = "CPU bands",
    [GST_CL_BOX_BLUR_STRATEGY_LINES] = "lines",
    [GST_CL_BOX_BLUR_STRATEGY_TILES] = "tiles",
    [GST_CL_BOX_BLUR_STRATEGY_SEGMENTS] = "segments",
    [GST_CL_BOX_BLUR_STRATEGY_SAT] = "sat",
    [GST_CL_BOX_BLUR_STRATEGY_STRIPS] = "strips",
    [GST_CL_BOX_BLUR_STRATEGY_WINDOWS] = "column and row windows",
  };

  return names[strategy];
}

/* Items of a work-group: at most @wanted and the kernel's limit, and few
 * enough that @local_bytes_per_item each fit in the device's local memory. */
static gsize
group_items (const GstCLDeviceInfo * device, gsize limit, gsize wanted,
    gsize local_bytes_per_item)
{
  gsize fit = device->local_mem_size / local_bytes_per_item;

  return MAX (MIN (MIN (wanted, fit), limit), 1);
}

/* Local memory left to a group's arrays. */
static gsize
local_mem_left (const GstCLBoxBlurTarget * target)
{
  const GstCLBoxBlurTuning *t =
      gst_cl_box_blur_tuning_for_device (target->device);
  gsize size = target->device->local_mem_size;

  return size > t->local_mem_reserve ? size - t->local_mem_reserve : 0;
}

/* Bytes of one SAT entry of @plane. */
static gsize
sat_entry_bytes (const GstCLPlane * plane, const GstCLBoxBlurPlanePlan * pp)
{
  return (gsize) plane->channels * (pp->sums_64bit ? 8 : 4);
}

static GstCLBoxBlurLaunch *
add_launch (GstCLBoxBlurPassPlan * pass, GstCLBoxBlurKernel kernel,
    guint dims, gsize size0, gsize size1)
{
  GstCLBoxBlurLaunch *launch = &pass->launches[pass->n_launches++];

  g_assert (pass->n_launches <= GST_CL_BOX_BLUR_MAX_LAUNCHES);
  launch->kernel = kernel;
  launch->dims = dims;
  launch->size[0] = size0;
  launch->size[1] = size1;
  return launch;
}

static void
set_local (GstCLBoxBlurLaunch * launch, gsize local0, gsize local1)
{
  launch->local[0] = local0;
  launch->local[1] = local1;
}

/* Columns first: box_column_parts_vectors and box_column_starts_vectors, then
 * box_rows_vectors, a work-item a group (each is a band). */
static void
plan_cpu_bands (const GstCLBoxBlurTarget * target, const GstCLPlane * plane,
    const GstCLBoxBlurPlanePlan * pp, GstCLBoxBlurPassPlan * pass)
{
  const GstCLBoxBlurTuning *t =
      gst_cl_box_blur_tuning_for_device (target->device);
  gsize bands = gst_cl_box_blur_cpu_bands (t, plane);

  pass->strategy = GST_CL_BOX_BLUR_STRATEGY_CPU_BANDS;
  pass->scratch_bytes = gst_cl_box_blur_scratch_bytes (t, plane, pp,
      GST_CL_BOX_BLUR_METHOD_SEPARABLE);
  pass->band_rows = t->cpu_band_rows;
  pass->n_bands = bands;
  pass->tmp_pitch = gst_cl_box_blur_cpu_tmp_pitch (plane);
  set_local (add_launch (pass, GST_CL_BOX_BLUR_KERNEL_COLUMNS, 1,
          gst_cl_box_blur_cpu_sums_rows (t, plane, pp) - bands, 0), 1, 0);
  add_launch (pass, GST_CL_BOX_BLUR_KERNEL_STARTS, 1,
      ((gsize) plane->width * plane->channels + GST_CL_VECTOR_VALUES - 1) /
      GST_CL_VECTOR_VALUES, 0);
  set_local (add_launch (pass, GST_CL_BOX_BLUR_KERNEL_ROWS, 1, bands, 0), 1,
      0);
}

/* sat_rows: a work-item a row, or with group scans a group a row, its
 * run[] and part[] in local memory. */
static void
plan_sat_rows (const GstCLBoxBlurTarget * target, const GstCLPlane * plane,
    const GstCLBoxBlurPlanePlan * pp, const gsize * group_sizes,
    GstCLBoxBlurPassPlan * pass)
{
  const GstCLBoxBlurTuning *t =
      gst_cl_box_blur_tuning_for_device (target->device);
  gsize entry = sat_entry_bytes (plane, pp), items;
  GstCLBoxBlurLaunch *launch = add_launch (pass,
      GST_CL_BOX_BLUR_KERNEL_ROWS, 1, plane->height, 0);

  if (!gst_cl_box_blur_uses_group_scans (target))
    return;
  items = group_items (target->device,
      group_sizes[GST_CL_BOX_BLUR_KERNEL_ROWS], t->sat_rows_items,
      (t->scan_run + 1) * entry);
  set_local (launch, items, 0);
  launch->local_bytes[0] = items * t->scan_run * entry;
  launch->local_bytes[1] = items * entry;
}

/* sat_columns: a work-item a column, or groups of columns by bands of
 * rows, a band's total per item in local memory. */
static void
plan_sat_columns (const GstCLBoxBlurTarget * target, const GstCLPlane * plane,
    const GstCLBoxBlurPlanePlan * pp, const gsize * group_sizes,
    GstCLBoxBlurPassPlan * pass)
{
  const GstCLBoxBlurTuning *t =
      gst_cl_box_blur_tuning_for_device (target->device);
  gsize columns = t->sat_columns_columns, entry = sat_entry_bytes (plane, pp);
  gsize bands;
  GstCLBoxBlurLaunch *launch;

  if (!gst_cl_box_blur_uses_group_scans (target)) {
    add_launch (pass, GST_CL_BOX_BLUR_KERNEL_COLUMNS, 1, plane->width, 0);
    return;
  }
  bands = group_items (target->device,
      group_sizes[GST_CL_BOX_BLUR_KERNEL_COLUMNS],
      t->sat_columns_bands * columns, entry) / columns;
  launch = add_launch (pass, GST_CL_BOX_BLUR_KERNEL_COLUMNS, 2,
      (plane->width + columns - 1) / columns, 1);
  set_local (launch, columns, MAX (bands, 1));
  launch->local_bytes[0] = launch->local[0] * launch->local[1] * entry;
}

/* box_tiles's local memory for @pp: the source pixels under a tile's
 * windows (pixels), and their row-window sums for the tile's columns
 * (hsums), each row padded to an odd number of elements (so that the
 * items of a warp, on neighbouring rows, meet different banks), for
 * items of @rows rows each in @local_size bytes: the row sums of the
 * whole region, and as many of its source rows at a time as fit beside
 * them. FALSE where fewer than min_chunk_rows would. */
static gboolean
tile_layout (const GstCLBoxBlurTuning * t, const GstCLPlane * plane,
    const GstCLBoxBlurPlanePlan * pp, gint rows, gsize local_size,
    GstCLBoxBlurPassPlan * pass)
{
  gsize region_h = t->tile_items_y * rows + 2 * pp->ry;
  gsize pixel_row, chunk_h, hsums_bytes;

  pass->tile_rows = rows;
  pass->pixels_pitch = (t->tile_w + 2 * pp->rx) | 1;
  pass->hsums_pitch = t->tile_w + 1;
  hsums_bytes = pass->hsums_pitch * region_h * plane->channels *
      (plane->depth == 16 ? 4 : 2);
  if (hsums_bytes >= local_size)
    return FALSE;
  pixel_row = pass->pixels_pitch * plane->channels * (plane->depth / 8);
  chunk_h = MIN (region_h, (local_size - hsums_bytes) / pixel_row);
  pass->chunk_h = chunk_h;
  pass->launches[0].local_bytes[0] = pixel_row * chunk_h;
  pass->launches[0].local_bytes[1] = hsums_bytes;
  return chunk_h >= t->min_chunk_rows;
}

/* box_tiles where it serves @pp: the tall tile where its local memory
 * fits, else the short one, up to tile_radius. */
static gboolean
plan_tiles (const GstCLBoxBlurTarget * target, const GstCLPlane * plane,
    const GstCLBoxBlurPlanePlan * pp, const gsize * group_sizes,
    GstCLBoxBlurPassPlan * pass)
{
  const GstCLBoxBlurTuning *t =
      gst_cl_box_blur_tuning_for_device (target->device);
  gsize local_size = local_mem_left (target);
  gsize rows;

  if ((guint) pp->rx > t->tile_radius || (guint) pp->ry > t->tile_radius
      || local_size == 0
      || group_sizes[GST_CL_BOX_BLUR_KERNEL_TILES] <
      t->tile_w * t->tile_items_y)
    return FALSE;
  pass->n_launches = 0;
  add_launch (pass, GST_CL_BOX_BLUR_KERNEL_TILES, 2, 0, 0);
  if (!tile_layout (t, plane, pp, t->tall_tile_rows, local_size, pass)
      && !tile_layout (t, plane, pp, t->short_tile_rows, local_size, pass)) {
    memset (pass, 0, sizeof (*pass));
    return FALSE;
  }
  pass->strategy = GST_CL_BOX_BLUR_STRATEGY_TILES;
  rows = t->tile_items_y * pass->tile_rows;
  pass->launches[0].size[0] = (plane->width + t->tile_w - 1) / t->tile_w;
  pass->launches[0].size[1] = (plane->height + rows - 1) / rows;
  set_local (&pass->launches[0], t->tile_w, t->tile_items_y);
  return TRUE;
}

static void
plan_separable (const GstCLBoxBlurTarget * target, const GstCLPlane * plane,
    const GstCLBoxBlurPlanePlan * pp, const gsize * group_sizes,
    GstCLBoxBlurPassPlan * pass)
{
  const GstCLBoxBlurTuning *t =
      gst_cl_box_blur_tuning_for_device (target->device);

  if (gst_cl_box_blur_uses_group_scans (target)
      && plan_tiles (target, plane, pp, group_sizes, pass))
    return;
  if (!gst_cl_box_blur_uses_group_scans (target)) {
    pass->strategy = GST_CL_BOX_BLUR_STRATEGY_LINES;
    pass->scratch_bytes = gst_cl_box_blur_scratch_bytes (t, plane, pp,
        GST_CL_BOX_BLUR_METHOD_SEPARABLE);
    add_launch (pass, GST_CL_BOX_BLUR_KERNEL_ROWS, 1, plane->height, 0);
    add_launch (pass, GST_CL_BOX_BLUR_KERNEL_COLUMNS, 1, plane->width, 0);
    return;
  }
  /* the rows' prefix sums (sat_rows's table), then windows sliding down
   * segments of the columns */
  pass->strategy = GST_CL_BOX_BLUR_STRATEGY_SEGMENTS;
  pass->scratch_bytes = gst_cl_box_blur_scratch_bytes (t, plane, pp,
      GST_CL_BOX_BLUR_METHOD_SAT);
  pass->segment_rows = t->segment_rows;
  plan_sat_rows (target, plane, pp, group_sizes, pass);
  add_launch (pass, GST_CL_BOX_BLUR_KERNEL_COLUMNS, 2, plane->width,
      (plane->height + t->segment_rows - 1) / t->segment_rows);
}

/* Entries of sat_row_windows's sums[] for @n columns: n + 1 and a pad
 * entry after every row_windows_run (PADDED in boxblur.cl). */
static gsize
row_window_entries (const GstCLBoxBlurTuning * t, gsize n)
{
  return n + n / t->row_windows_run + 1;
}

/* Outputs of each of @segments equal segments of @plane's rows. */
static gint
equal_segment (const GstCLPlane * plane, gint segments)
{
  return (plane->width + segments - 1) / segments;
}

/* Columns of sums a group of sat_row_windows loads for a segment of
 * @segment outputs: those, the 2 * rx around them and up to
 * row_windows_run - 1 before, where the group starts them at a multiple
 * of row_windows_run (boxblur.cl). */
static gsize
segment_columns (const GstCLBoxBlurTuning * t, const GstCLPlane * plane,
    const GstCLBoxBlurPlanePlan * pp, gint segment)
{
  return MIN (segment + 2 * pp->rx + (gint) t->row_windows_run - 1,
      plane->width);
}

/* Output rows of a group of column_windows where @plane's columns come in
 * @parts parts (boxblur.cl). */
static gsize
part_rows (const GstCLPlane * plane, gsize parts)
{
  return (plane->height + parts - 1) / parts;
}

/* Rows such a group copies: its part's and the ry on either side that
 * their windows reach. */
static gsize
copied_rows (const GstCLPlane * plane, const GstCLBoxBlurPlanePlan * pp,
    gsize parts)
{
  return MIN (part_rows (plane, parts) + 2 * pp->ry, (gsize) plane->height);
}

/* Sets @launch's column_windows groups to @columns columns in @parts
 * parts where their copy (@column_bytes a column) takes at most
 * @copy_room bytes and fits in local memory beside one start per item. */
static gboolean
try_column_layout (const GstCLBoxBlurTarget * target,
    const GstCLPlane * plane, gsize items, gsize start, gsize columns,
    gsize parts, gsize column_bytes, gsize copy_room,
    GstCLBoxBlurLaunch * launch)
{
  gsize column_items = items / columns * columns;
  gsize copy = columns * column_bytes;

  if (columns > items || copy > copy_room
      || column_items * start + copy > local_mem_left (target))
    return FALSE;
  launch->size[0] = (plane->width + columns - 1) / columns;
  launch->size[1] = parts;
  set_local (launch, columns, column_items / columns);
  launch->local_bytes[0] = column_items * start;
  launch->local_bytes[1] = MAX (copy, 1);
  return TRUE;
}

/* column_windows: window_columns columns a group, read in place, or
 * copied: copied_columns whole columns where they take at most half the
 * local memory, else part_columns columns in the fewest parts that do,
 * while a part has at least the 2 * ry rows it copies beside its own,
 * else the most columns up to copied_columns that fit whole. FALSE where
 * not even one column fits. */
static gboolean
layout_column_windows (const GstCLBoxBlurTarget * target,
    const GstCLPlane * plane, const GstCLBoxBlurPlanePlan * pp,
    const gsize * group_sizes, GstCLBoxBlurLaunch * launch)
{
  const GstCLBoxBlurTuning *t =
      gst_cl_box_blur_tuning_for_device (target->device);
  gsize start = (gsize) plane->channels * 4;
  gsize items = group_items (target->device,
      group_sizes[GST_CL_BOX_BLUR_KERNEL_COLUMN_WINDOWS],
      t->column_windows_items, start);
  gsize left = local_mem_left (target);
  gsize pixel = gst_cl_box_blur_copies_columns (plane) ?
      (gsize) plane->channels * (plane->depth / 8) : 0;
  gsize column = pixel * plane->height;

  launch->kernel = GST_CL_BOX_BLUR_KERNEL_COLUMN_WINDOWS;
  launch->dims = 2;
  if (pixel) {
    if (try_column_layout (target, plane, items, start, t->copied_columns, 1,
            column, left / 2, launch))
      return TRUE;
    for (gsize parts = 2; parts <= (gsize) plane->height
        && part_rows (plane, parts) >= 2 * (gsize) pp->ry; parts++)
      if (try_column_layout (target, plane, items, start, t->part_columns,
              parts, pixel * copied_rows (plane, pp, parts), left / 2,
              launch))
        return TRUE;
  }
  for (gsize columns = pixel ? t->copied_columns : t->window_columns;
      columns >= 1; columns /= 2)
    if (try_column_layout (target, plane, items, start, columns, 1, column,
            left, launch))
      return TRUE;
  return FALSE;
}

/* sat_row_windows: the whole row in a segment where its sums fit in local
 * memory beside the scan's, else the fewest segments of equal width whose
 * outputs fit with the 2 * rx columns that widen them; anchored sums take
 * one segment more where that brings a segment's columns into one chunk
 * of its scan. FALSE where too few do. */
static gboolean
layout_row_windows (const GstCLBoxBlurTarget * target,
    const GstCLPlane * plane, const GstCLBoxBlurPlanePlan * pp,
    const gsize * group_sizes, GstCLBoxBlurPassPlan * pass,
    GstCLBoxBlurLaunch * launch)
{
  const GstCLBoxBlurTuning *t =
      gst_cl_box_blur_tuning_for_device (target->device);
  gsize entry = sat_entry_bytes (plane, pp);
  gsize items = group_items (target->device,
      group_sizes[GST_CL_BOX_BLUR_KERNEL_ROW_WINDOWS], t->row_windows_items,
      entry);
  gsize entries = local_mem_left (target) / entry, n;
  gsize chunk = items * t->row_windows_run;
  gint widest, segments;

  if (entries < items + 2)
    return FALSE;
  /* the most columns n with row_window_entries (n) <= entries - items */
  n = (entries - items - 1) * t->row_windows_run / (t->row_windows_run + 1);
  widest = n >= (gsize) plane->width ? plane->width :
      (gint) n - 2 * pp->rx - (gint) (t->row_windows_run - 1);
  if (widest <= 0 || widest < (gint) t->min_segment_rx * pp->rx)
    return FALSE;
  segments = (plane->width + widest - 1) / widest;
  if (pp->anchored_columns && segment_columns (t, plane, pp,
          equal_segment (plane, segments)) > chunk
      && segment_columns (t, plane, pp,
          equal_segment (plane, segments + 1)) <= chunk)
    segments++;
  pass->segment = equal_segment (plane, segments);
  launch->kernel = GST_CL_BOX_BLUR_KERNEL_ROW_WINDOWS;
  launch->dims = 2;
  launch->size[0] = (plane->width + pass->segment - 1) / pass->segment;
  launch->size[1] = plane->height;
  set_local (launch, items, 1);
  launch->local_bytes[0] = row_window_entries (t, segment_columns (t, plane,
          pp, pass->segment)) * entry;
  launch->local_bytes[1] = items * entry;
  return TRUE;
}

/* Bytes of column_windows's sums of @plane (column_window_t in
 * boxblur.cl), a quarter or half of the table the fallback writes. */
static gsize
column_sums_bytes (const GstCLPlane * plane, const GstCLBoxBlurPlanePlan * pp)
{
  return (gsize) plane->width * plane->height * plane->channels *
      (pp->short_columns ? 2 : 4);
}

/* Where its anchors start in the scratch buffer, after the sums: 0 where
 * it has none. */
static gint
column_anchors_at (const GstCLPlane * plane, const GstCLBoxBlurPlanePlan * pp)
{
  return pp->anchored_columns ?
      (gint) GST_ROUND_UP_16 (column_sums_bytes (plane, pp)) : 0;
}

/* Bytes of its sums and anchors, a row of a byte a channel every
 * ANCHOR_ROWS. */
static gsize
column_windows_bytes (const GstCLPlane * plane,
    const GstCLBoxBlurPlanePlan * pp)
{
  gsize anchor_rows = (plane->height + ANCHOR_ROWS - 1) / ANCHOR_ROWS;

  if (!pp->anchored_columns)
    return column_sums_bytes (plane, pp);
  return column_anchors_at (plane, pp) +
      anchor_rows * plane->width * plane->channels;
}

/* box_strips's local arrays: strip_step_rows rows of sums[], and of
 * part[] (one entry an item: the portable scan's). */
static gsize
strip_sums_bytes (const GstCLBoxBlurTuning * t, const GstCLPlane * plane,
    const GstCLBoxBlurPlanePlan * pp)
{
  return t->strip_step_rows * (t->strip_items + 1) *
      sat_entry_bytes (plane, pp);
}

static gsize
strip_part_bytes (const GstCLBoxBlurTuning * t, const GstCLPlane * plane,
    const GstCLBoxBlurPlanePlan * pp)
{
  return t->strip_step_rows * t->strip_items * sat_entry_bytes (plane, pp);
}

/* Whether box_strips runs @pp on @plane: where the tuning has them, with
 * group scans, 32-bit sums and radii up to its strip radius (that from
 * images, and less where @parts, column_windows copying its columns in
 * parts, would run instead). */
static gboolean
uses_strips (const GstCLBoxBlurTarget * target, const GstCLPlane * plane,
    const GstCLBoxBlurPlanePlan * pp, const gsize * group_sizes,
    gboolean parts)
{
  const GstCLBoxBlurTuning *t =
      gst_cl_box_blur_tuning_for_device (target->device);
  gboolean images = target->storage == GST_CL_STORAGE_IMAGE;
  guint radius = images ?
      (parts ? t->strip_parts_image_radius : t->strip_image_radius) :
      (parts ? t->strip_parts_radius : t->strip_radius);

  return gst_cl_box_blur_uses_group_scans (target) && t->strips
      && !pp->sums_64bit && (guint) pp->rx <= radius && (guint) pp->ry <= radius
      && group_sizes[GST_CL_BOX_BLUR_KERNEL_STRIPS] >= t->strip_items
      && strip_sums_bytes (t, plane, pp) + strip_part_bytes (t, plane, pp) <=
      local_mem_left (target);
}

/* Strips of strip_items - 2 rx columns, taller where ry is large. */
static void
plan_strips (const GstCLBoxBlurTarget * target, const GstCLPlane * plane,
    const GstCLBoxBlurPlanePlan * pp, GstCLBoxBlurPassPlan * pass)
{
  const GstCLBoxBlurTuning *t =
      gst_cl_box_blur_tuning_for_device (target->device);
  gint strip_w = t->strip_items - 2 * pp->rx;
  gint rows = (guint) pp->ry < t->tall_strip_ry ? t->short_strip_rows :
      t->tall_strip_rows;
  GstCLBoxBlurLaunch *launch;

  memset (pass, 0, sizeof (*pass));
  pass->strategy = GST_CL_BOX_BLUR_STRATEGY_STRIPS;
  pass->strip_rows = rows;
  launch = add_launch (pass, GST_CL_BOX_BLUR_KERNEL_STRIPS, 2,
      (plane->width + strip_w - 1) / strip_w,
      (plane->height + rows - 1) / rows);
  set_local (launch, t->strip_items, 1);
  launch->local_bytes[0] = strip_sums_bytes (t, plane, pp);
  launch->local_bytes[1] = strip_part_bytes (t, plane, pp);
}

/* sat with group scans: column_windows and sat_row_windows where their
 * layouts fit. */
static gboolean
plan_windows (const GstCLBoxBlurTarget * target, const GstCLPlane * plane,
    const GstCLBoxBlurPlanePlan * pp, const gsize * group_sizes,
    GstCLBoxBlurPassPlan * pass)
{
  pass->strategy = GST_CL_BOX_BLUR_STRATEGY_WINDOWS;
  pass->n_launches = 2;
  if (!gst_cl_box_blur_uses_group_scans (target)
      || !layout_column_windows (target, plane, pp, group_sizes,
          &pass->launches[0])
      || !layout_row_windows (target, plane, pp, group_sizes, pass,
          &pass->launches[1]))
    return FALSE;
  pass->column_parts = pass->launches[0].size[1];
  pass->anchors_at = column_anchors_at (plane, pp);
  pass->scratch_bytes = column_windows_bytes (plane, pp);
  return TRUE;
}

static void
plan_sat (const GstCLBoxBlurTarget * target, const GstCLPlane * plane,
    const GstCLBoxBlurPlanePlan * pp, const gsize * group_sizes,
    GstCLBoxBlurPassPlan * pass)
{
  const GstCLBoxBlurTuning *t =
      gst_cl_box_blur_tuning_for_device (target->device);
  gboolean windows = plan_windows (target, plane, pp, group_sizes, pass);

  if (uses_strips (target, plane, pp, group_sizes, windows
          && pass->column_parts > 1)) {
    plan_strips (target, plane, pp, pass);
    return;
  }
  if (windows)
    return;
  memset (pass, 0, sizeof (*pass));
  pass->strategy = GST_CL_BOX_BLUR_STRATEGY_SAT;
  pass->scratch_bytes = gst_cl_box_blur_scratch_bytes (t, plane, pp,
      GST_CL_BOX_BLUR_METHOD_SAT);
  plan_sat_rows (target, plane, pp, group_sizes, pass);
  plan_sat_columns (target, plane, pp, group_sizes, pass);
  add_launch (pass, GST_CL_BOX_BLUR_KERNEL_AVERAGE, 2, plane->width,
      plane->height);
}

/**
 * gst_cl_box_blur_plan_pass:
 * @pplan: @plane's plan (gst_cl_box_blur_plan())
 * @group_sizes: the most items a group of each of @pplan's kernels may
 *     have on the device (CL_KERNEL_WORK_GROUP_SIZE), by slot
 *
 * Plans a pass of @method over @plane once its kernels are built: the
 * strategy, its launches and scratch memory. Every pass over the plane
 * runs the same.
 */
void
gst_cl_box_blur_plan_pass (const GstCLBoxBlurTarget * target,
    const GstCLPlane * plane, GstCLBoxBlurMethod method,
    const GstCLBoxBlurPlanePlan * pplan,
    const gsize group_sizes[GST_CL_BOX_BLUR_N_KERNELS],
    GstCLBoxBlurPassPlan * pass)
{
  memset (pass, 0, sizeof (*pass));
  if (pplan->cpu)
    plan_cpu_bands (target, plane, pplan, pass);
  else if (method == GST_CL_BOX_BLUR_METHOD_SAT)
    plan_sat (target, plane, pplan, group_sizes, pass);
  else
    plan_separable (target, plane, pplan, group_sizes, pass);
}
