/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclbicubicscaleplan.h"
#include "gstclcubic.h"
#include "gstclfilter.h"

#include <math.h>

/* The (B, C) weights that the native sampler's hardware has. */
static gboolean
is_catmull_rom (gdouble b, gdouble c)
{
  return fabs (b) < 1e-9 && fabs (c - 0.5) < 1e-9;
}

static gboolean
native_not_possible (const GstCLDeviceInfo * device, GstCLStorage storage,
    gdouble b, gdouble c, gboolean antialias, gint in_width, gint in_height,
    gint out_width, gint out_height, const gchar ** why)
{
  if (!device->has_qcom_bicubic)
    *why = "the device does not advertise cl_qcom_filter_bicubic";
  else if (storage != GST_CL_STORAGE_IMAGE)
    *why = "the native sampler needs storage=image";
  else if (!is_catmull_rom (b, c))
    *why = "the native sampler's weights are Catmull-Rom (b=0, c=0.5)";
  else if (antialias && (out_width < in_width || out_height < in_height))
    *why = "an antialiased downscale needs more than the sampler's 4x4 taps";
  else
    return FALSE;
  return TRUE;
}

/**
 * gst_cl_bicubic_scale_choose_mode:
 * @device: what the device can do
 * @storage: the resolved frame storage (image or buffer)
 * @chosen: (out): native or emulated
 *
 * Decides which path scales @in_width x @in_height to @out_width x
 * @out_height: auto takes the native sampler where the device has it and
 * it gives the emulated path's pixels; native fails, naming the reason,
 * where it cannot.
 */
gboolean
gst_cl_bicubic_scale_choose_mode (const GstCLDeviceInfo * device,
    GstCLStorage storage, GstCLBicubicScaleMode requested, gdouble b,
    gdouble c, gboolean antialias, gint in_width, gint in_height,
    gint out_width, gint out_height, GstCLBicubicScaleMode * chosen,
    GError ** error)
{
  const gchar *why = NULL;
  gboolean no_native = native_not_possible (device, storage, b, c, antialias,
      in_width, in_height, out_width, out_height, &why);

  if (requested == GST_CL_BICUBIC_SCALE_MODE_NATIVE && no_native) {
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_UNSUPPORTED,
        "mode=native is not possible on %s: %s", device->device_name, why);
    return FALSE;
  }
  if (requested == GST_CL_BICUBIC_SCALE_MODE_EMULATED || no_native)
    *chosen = GST_CL_BICUBIC_SCALE_MODE_EMULATED;
  else
    *chosen = GST_CL_BICUBIC_SCALE_MODE_NATIVE;
  return TRUE;
}

/**
 * gst_cl_bicubic_scale_prefers_buffers:
 *
 * Whether storage=auto keeps frames of @format scaled from @in_width x
 * @in_height to @out_width x @out_height in buffers on @device where it
 * would take images (GPUs): unless the device has the native sampler,
 * which reads images, the formats whose planes have one or two channels
 * (GRAY8, GRAY16_LE, I420, NV12) always, and the RGB formats except where
 * they shrink by more than the tuning's buffers_max_shrink on either axis.
 *
 * A buffer's pixel is one load or store (common.cl), and a warp's stores
 * meet in whole lines where images store texel by texel; but the vector
 * gathers of steep antialiased downscales are served faster by the
 * texture cache.
 */
gboolean
gst_cl_bicubic_scale_prefers_buffers (const GstCLDeviceInfo * device,
    GstVideoFormat format, gint in_width, gint in_height, gint out_width,
    gint out_height)
{
  gint shrink =
      gst_cl_bicubic_scale_tuning (device->device_class)->buffers_max_shrink;

  if (device->has_qcom_bicubic)
    return FALSE;
  if (gst_cl_format_max_channels (format) < 4)
    return TRUE;
  return in_width <= shrink * out_width && in_height <= shrink * out_height;
}

/* Whether @plane is better scaled into its picture columns first: where
 * the tuning says so (CPU devices), on a downscale along y at least as
 * steep as along x. The passes then multiply as many taps as rows first,
 * or fewer (the taps on an axis grow with its factor), and the vector
 * kernels' columns pass on the source loads each tap of a run whole,
 * where their rows pass would gather and regroup. Images there take the
 * same order, in one-pixel kernels, so that both storages give the same
 * bytes. */
static gboolean
wants_columns_first (const GstCLBicubicScaleTuning * tuning,
    const GstCLBicubicScalePlaneGeometry * plane)
{
  const GstVideoRectangle *rect = &plane->rect;

  if (!tuning->columns_first || rect->h >= plane->height)
    return FALSE;
  return (gint64) plane->height * rect->w >= (gint64) plane->width * rect->h;
}

/**
 * gst_cl_bicubic_scale_plan_passes:
 *
 * The order of the two passes for each plane of @geometry, the
 * negotiated picture, and the size of the intermediate between them,
 * large enough for any picture on the output planes (add-borders may
 * change while playing; the order stays).
 */
void
gst_cl_bicubic_scale_plan_passes (const GstCLDeviceInfo * device,
    const GstCLBicubicScaleGeometry * geometry, GstCLBicubicScalePlan * plan)
{
  const GstCLBicubicScaleTuning *tuning =
      gst_cl_bicubic_scale_tuning (device->device_class);

  plan->n_planes = geometry->n_planes;
  for (guint p = 0; p < geometry->n_planes; p++) {
    const GstCLBicubicScalePlaneGeometry *g = &geometry->planes[p];
    GstCLBicubicScalePlanePlan *pp = &plan->planes[p];
    gsize pixel = sizeof (gfloat) * g->channels;

    pp->columns_first = wants_columns_first (tuning, g);
    if (pp->columns_first)
      pp->intermediate_size = pixel * g->width * g->out_height;
    else
      pp->intermediate_size = pixel * g->out_width * g->height;
  }
}

/* The taps of an axis: 4, or all those under a stretched kernel. */
gint
gst_cl_bicubic_scale_axis_taps (gint in_size, gint out_size, gboolean antialias)
{
  GstCLCubicAxis axis;

  gst_cl_cubic_axis_init (&axis, in_size, out_size);
  return gst_cl_cubic_axis_taps (&axis, antialias);
}

/* Output columns an item of scale_tiles makes for @plane: tile_values /
 * channels and at least tile_min_pixels, so that an item shares its
 * indices and column weights between several channel values, except in
 * steep downscales along y, which make few outputs from many source rows,
 * and 8-bit planes of one channel with many taps a row. */
static gint
tile_pixels (const GstCLBicubicScaleTuning * tuning,
    const GstCLBicubicScalePlaneGeometry * plane, gint x_taps)
{
  if (tuning->tile_single_pixel_shrink * plane->rect.h < plane->height)
    return 1;
  if (plane->channels == 1 && plane->depth == 8
      && x_taps > tuning->tile_gray8_max_taps)
    return tuning->tile_gray8_pixels;
  return MAX (tuning->tile_values / (gint) plane->channels,
      tuning->tile_min_pixels);
}

/* The build options of the emulated kernels of a plane: they share them,
 * one program. The one-pixel kernels' program holds scale_tiles, with
 * TILE_PIXELS and the taps it takes as constants; the vector kernels leave
 * the taps to their arguments, so that a change of taps builds nothing
 * new on CPU devices. */
static void
emulated_options (const GstCLBicubicScaleTuning * tuning,
    const GstCLBicubicScaleGeometry * geometry,
    const GstCLBicubicScalePlaneGeometry * plane,
    GstCLBicubicScalePlanePlan * pp)
{
  GString *options = g_string_new (NULL);

  if (geometry->vectors) {
    g_string_append_printf (options, "-DGST_CL_VECTORS -DCOLUMN_PASS_ROWS=%d"
        " -DROWS_PASS_RUNS=%d", tuning->vector_columns_pass_rows,
        tuning->vector_rows_pass_runs);
    if (!tuning->rows_pass_streaming)
      g_string_append (options, " -DGST_CL_CACHED_ROWS_PASS");
    if (tuning->rows_pass_prefetch_bytes > 0)
      g_string_append_printf (options, " -DGST_CL_ROWS_PASS_PREFETCH_BYTES=%d",
          tuning->rows_pass_prefetch_bytes);
    if (tuning->window_taps)
      g_string_append (options, " -DGST_CL_WINDOW_TAPS");
    if (tuning->column_prefetch_bytes > 0)
      g_string_append_printf (options, " -DGST_CL_PREFETCH_BYTES=%d",
          tuning->column_prefetch_bytes);
    if (tuning->shared_source_rows > 0)
      g_string_append_printf (options, " -DGST_CL_SHARED_SOURCE_ROWS=%d",
          tuning->shared_source_rows);
    if (!pp->columns_first && tuning->band_rows > 0)
      g_string_append_printf (options, " -DGST_CL_BAND_STRIPS=%d"
          " -DGST_CL_BAND_RING=%d -DGST_CL_BAND_PREFETCH_ROWS=%d",
          tuning->band_strips, GST_CL_BICUBIC_SCALE_BAND_RING,
          tuning->band_prefetch_rows);
  } else {
    g_string_append_printf (options, "-DTILE_PIXELS=%d", pp->tile_pixels);
    if (pp->x_taps * (gint) plane->channels <= tuning->constant_tap_values)
      g_string_append_printf (options, " -DX_TAPS=%d", pp->x_taps);
    if (pp->y_taps <= GST_CL_BICUBIC_SCALE_COMPENSATED_TAPS)
      g_string_append_printf (options, " -DY_TAPS=%d", pp->y_taps);
  }
  if (pp->x_taps > GST_CL_BICUBIC_SCALE_COMPENSATED_TAPS)
    g_string_append (options, " -DGST_CL_COMPENSATED_ROWS");
  if (pp->y_taps > GST_CL_BICUBIC_SCALE_COMPENSATED_TAPS)
    g_string_append (options, " -DGST_CL_COMPENSATED_COLUMNS");
  g_strlcpy (pp->options, options->str, sizeof (pp->options));
  g_string_free (options, TRUE);
}

/* Work-items along a row of @width pixels: one a pixel, or for the vector
 * kernels one per GST_CL_VECTOR_VALUES channel values. */
static gsize
items_per_row (const GstCLBicubicScaleGeometry * geometry, gint width,
    guint channels)
{
  if (!geometry->vectors)
    return width;
  return ((gsize) width * channels + GST_CL_VECTOR_VALUES - 1) /
      GST_CL_VECTOR_VALUES;
}

/* Work-items along a row of @width pixels of the rows pass (rows first),
 * whose vector items make the tuning's vector_rows_pass_runs runs each. */
static gsize
rows_pass_items_per_row (const GstCLBicubicScaleTuning * tuning,
    const GstCLBicubicScaleGeometry * geometry, gint width, guint channels)
{
  gsize items = items_per_row (geometry, width, channels);
  gsize runs = tuning->vector_rows_pass_runs;

  if (!geometry->vectors)
    return items;
  return (items + runs - 1) / runs;
}

/* Rows of work-items for @rows rows, where the vector kernels make
 * @per_item rows each. */
static gsize
item_rows (const GstCLBicubicScaleGeometry * geometry, gint rows, gint per_item)
{
  if (!geometry->vectors)
    return rows;
  return (rows + per_item - 1) / per_item;
}

/* Work-items of the columns pass on the source (columns first): one per
 * GST_CL_VECTOR_VALUES values of a row and vector_columns_pass_rows rows,
 * or where the tuning shares source rows, SHARED_SOURCE_RUNS times the
 * values and shared_source_rows rows. */
static void
source_columns_items (const GstCLBicubicScaleTuning * tuning,
    const GstCLBicubicScaleGeometry * geometry,
    const GstCLBicubicScalePlaneGeometry * plane, gsize * items)
{
  gsize runs = GST_CL_BICUBIC_SCALE_SHARED_SOURCE_RUNS;
  gint rows = tuning->vector_columns_pass_rows;

  items[0] = items_per_row (geometry, plane->width, plane->channels);
  if (geometry->vectors && tuning->shared_source_rows > 0) {
    items[0] = (items[0] + runs - 1) / runs;
    rows = tuning->shared_source_rows;
  }
  items[1] = item_rows (geometry, plane->rect.h, rows);
}

/* The passes' kernels and work sizes, in the order of @pp. */
static void
plan_passes_work (const GstCLBicubicScaleTuning * tuning,
    const GstCLBicubicScaleGeometry * geometry,
    const GstCLBicubicScalePlaneGeometry * plane,
    GstCLBicubicScalePlanePlan * pp)
{
  gint rows_pass_rows = GST_CL_BICUBIC_SCALE_VECTOR_ROWS_PASS_ROWS;
  gint columns_pass_rows = tuning->vector_columns_pass_rows;
  guint channels = plane->channels;

  pp->one_pass_kernel = NULL;
  pp->band_rows = 0;
  if (pp->columns_first) {
    pp->rows_kernel = "scale_picture_rows";
    pp->columns_kernel = "scale_source_columns";
    source_columns_items (tuning, geometry, plane, pp->columns_items);
    pp->rows_items[0] = items_per_row (geometry, plane->out_width, channels);
    pp->rows_items[1] = item_rows (geometry, plane->out_height, rows_pass_rows);
  } else {
    pp->rows_kernel = "scale_rows";
    pp->columns_kernel = "scale_columns";
    pp->rows_items[0] = rows_pass_items_per_row (tuning, geometry,
        plane->rect.w, channels);
    pp->rows_items[1] = item_rows (geometry, plane->height, rows_pass_rows);
    pp->columns_items[0] = items_per_row (geometry, plane->out_width, channels);
    pp->columns_items[1] = item_rows (geometry, plane->out_height,
        columns_pass_rows);
    if (!geometry->vectors) {
      pp->one_pass_kernel = "scale_tiles";
    } else if (tuning->band_rows > 0) {
      pp->one_pass_kernel = "scale_bands";
      pp->band_rows = tuning->band_rows;
      pp->band_items[0] = (pp->columns_items[0] + tuning->band_strips - 1) /
          tuning->band_strips;
      pp->band_items[1] = (plane->out_height + pp->band_rows - 1) /
          pp->band_rows;
    }
  }
  pp->native_items[0] = plane->out_width;
  pp->native_items[1] = plane->out_height;
}

/**
 * gst_cl_bicubic_scale_plan:
 * @plan: with the order of the passes from
 *   gst_cl_bicubic_scale_plan_passes (); the rest is filled in
 *
 * What scales a frame of @geometry with @settings on @device: the mode
 * (native or emulated, gst_cl_bicubic_scale_choose_mode ()), and for each
 * plane the taps, the emulated kernels' build options and names and the
 * passes' work sizes. FALSE where mode=native is not possible.
 */
gboolean
gst_cl_bicubic_scale_plan (const GstCLDeviceInfo * device,
    const GstCLBicubicScaleGeometry * geometry,
    const GstCLBicubicScaleSettings * settings, GstCLBicubicScalePlan * plan,
    GError ** error)
{
  const GstCLBicubicScaleTuning *tuning =
      gst_cl_bicubic_scale_tuning (device->device_class);
  const GstCLBicubicScalePlaneGeometry *luma = &geometry->planes[0];

  if (!gst_cl_bicubic_scale_choose_mode (device, geometry->storage,
          settings->mode, settings->b, settings->c, settings->antialias,
          luma->width, luma->height, luma->rect.w, luma->rect.h, &plan->mode,
          error))
    return FALSE;

  plan->n_planes = geometry->n_planes;
  for (guint p = 0; p < geometry->n_planes; p++) {
    const GstCLBicubicScalePlaneGeometry *g = &geometry->planes[p];
    GstCLBicubicScalePlanePlan *pp = &plan->planes[p];

    pp->x_taps = gst_cl_bicubic_scale_axis_taps (g->width, g->rect.w,
        settings->antialias);
    pp->y_taps = gst_cl_bicubic_scale_axis_taps (g->height, g->rect.h,
        settings->antialias);
    pp->tile_pixels = tile_pixels (tuning, g, pp->x_taps);
    emulated_options (tuning, geometry, g, pp);
    plan_passes_work (tuning, geometry, g, pp);
  }
  return TRUE;
}

/**
 * gst_cl_bicubic_scale_axis_weights:
 * @starts: (out): @out_size first taps
 * @weights: (out): @out_size times the axis's taps, tap major
 *
 * The table of an axis of a plane scaled from @in_size to @out_size
 * samples (gst_cl_cubic_axis_table ()).
 */
void
gst_cl_bicubic_scale_axis_weights (gint in_size, gint out_size,
    const GstCLBicubicScaleSettings * settings, gint * starts, gfloat * weights)
{
  GstCLCubicAxis axis;

  gst_cl_cubic_axis_init (&axis, in_size, out_size);
  gst_cl_cubic_axis_table (&axis, settings->b, settings->c,
      settings->antialias, starts, weights);
}

static gint
tile_height (const GstCLBicubicScaleTileShape * shape)
{
  return shape->items_y * shape->rows;
}

/* The source rows @rows neighbouring outputs of @taps taps read, at most,
 * of @size outputs whose taps start at @starts. */
static gint
rows_span (const gint * starts, gint size, gint taps, gint rows)
{
  gint span = 0;

  for (gint i = 0; i < size; i++)
    span = MAX (span, starts[MIN (i + rows - 1, size - 1)] - starts[i] + taps);
  return span;
}

/**
 * gst_cl_bicubic_scale_spans:
 * @starts: the first taps of @size outputs of @taps taps down the picture
 * @spans: (out): the spans of the one-pass kernels' tiles and groups
 *
 * The source rows the output rows of a tile of each of the tuning's
 * shapes, and of a group of scale_bands rows, read at most.
 */
void
gst_cl_bicubic_scale_spans (const GstCLDeviceInfo * device,
    const gint * starts, gint size, gint taps, GstCLBicubicScaleSpans * spans)
{
  const GstCLBicubicScaleTuning *tuning =
      gst_cl_bicubic_scale_tuning (device->device_class);

  for (guint t = 0; t < GST_CL_BICUBIC_SCALE_N_TILE_SHAPES; t++)
    spans->tiles[t] = rows_span (starts, size, taps,
        tile_height (&tuning->tile_shapes[t]));
  spans->band_group = rows_span (starts, size, taps,
      tuning->vector_columns_pass_rows);
}

/* Bytes of local memory the source rows of a tile of @shape take. */
static gsize
tile_local_bytes (const GstCLBicubicScaleTuning * tuning,
    const GstCLBicubicScalePlaneGeometry * plane,
    const GstCLBicubicScalePlanePlan * pp, gint span)
{
  return (gsize) span *tuning->tile_columns * pp->tile_pixels *
      plane->channels * sizeof (gfloat);
}

/**
 * gst_cl_bicubic_scale_plan_tiles:
 * @spans: from gst_cl_bicubic_scale_spans ()
 * @group_size: the largest work-group of the plan's scale_tiles
 * @tiles: (out): its work-groups
 *
 * Whether one pass of scale_tiles scales @plane, in the first of the
 * tuning's tile shapes whose group the kernel takes and whose source rows
 * (a few for an upscale, some hundreds for a steep antialiased downscale)
 * fit in local memory; else the two passes run. Taller tiles filter fewer
 * source rows twice, for their neighbours, but make fewer groups of more
 * work each: the tallest only where its tiles read few source rows
 * (tall_tile_source_share).
 */
gboolean
gst_cl_bicubic_scale_plan_tiles (const GstCLDeviceInfo * device,
    const GstCLBicubicScalePlaneGeometry * plane,
    const GstCLBicubicScalePlanePlan * pp,
    const GstCLBicubicScaleSpans * spans, gsize group_size,
    GstCLBicubicScaleTiles * tiles)
{
  const GstCLBicubicScaleTuning *tuning =
      gst_cl_bicubic_scale_tuning (device->device_class);
  const GstCLBicubicScaleTileShape *shapes = tuning->tile_shapes;
  gint tallest = tile_height (&shapes[0]);

  if (pp->one_pass_kernel == NULL || pp->band_rows > 0)
    return FALSE;
  for (guint t = 0; t < GST_CL_BICUBIC_SCALE_N_TILE_SHAPES; t++) {
    gsize tile_w = (gsize) tuning->tile_columns * pp->tile_pixels;
    gint tile_h = tile_height (&shapes[t]);
    gint span = spans->tiles[t];

    if ((t == 0 && tuning->tall_tile_source_share * (span - pp->y_taps) >
            tallest)
        || group_size < (gsize) tuning->tile_columns * shapes[t].items_y
        || tile_local_bytes (tuning, plane, pp, span) > device->local_mem_size)
      continue;
    tiles->shape = t;
    tiles->rows = shapes[t].rows;
    tiles->local[0] = tuning->tile_columns;
    tiles->local[1] = shapes[t].items_y;
    tiles->groups[0] = (plane->out_width + tile_w - 1) / tile_w;
    tiles->groups[1] = (plane->out_height + tile_h - 1) / tile_h;
    tiles->local_bytes = tile_local_bytes (tuning, plane, pp, span);
    return TRUE;
  }
  return FALSE;
}

/**
 * gst_cl_bicubic_scale_plan_bands:
 * @spans: from gst_cl_bicubic_scale_spans ()
 *
 * Whether one pass of scale_bands scales the plane of @plane_plan: where
 * the plan has it and the intermediate rows a group of its output rows
 * reads, with the one it may make past them, fit in its ring; else the
 * two passes run.
 */
gboolean
gst_cl_bicubic_scale_plan_bands (const GstCLBicubicScalePlanePlan *
    plane_plan, const GstCLBicubicScaleSpans * spans)
{
  return plane_plan->band_rows > 0
      && spans->band_group + 1 <= GST_CL_BICUBIC_SCALE_BAND_RING;
}
