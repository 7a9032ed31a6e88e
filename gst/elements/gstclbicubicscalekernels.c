/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclbicubicscalekernels.h"

/* Uploads the table of an axis from @in_size to @out_size; with @spans
 * (the y axis, down which the one-pass kernels run), also their spans. */
static gboolean
build_axis_table (GstCLContext * context, GstCLBicubicScaleAxisTable * table,
    gint in_size, gint out_size, const GstCLBicubicScaleSettings * settings,
    GstCLBicubicScaleSpans * spans, GError ** error)
{
  gint taps = gst_cl_bicubic_scale_axis_taps (in_size, out_size,
      settings->antialias);
  gint *starts = g_new (gint, out_size);
  gfloat *weights = g_new (gfloat, (gsize) out_size * taps);

  gst_cl_bicubic_scale_axis_weights (in_size, out_size, settings, starts,
      weights);
  table->taps = taps;
  if (spans)
    gst_cl_bicubic_scale_spans (gst_cl_context_get_device (context), starts,
        out_size, taps, spans);
  table->starts =
      gst_cl_context_create_buffer (context,
      CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof (gint) * out_size, starts,
      error);
  if (table->starts)
    table->weights = gst_cl_context_create_buffer (context,
        CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
        sizeof (gfloat) * out_size * taps, weights, error);
  g_free (starts);
  g_free (weights);
  return table->weights != NULL;
}

/**
 * gst_cl_bicubic_scale_plane_build_tables:
 *
 * The axis tables of @plane's picture for @settings, and the spans of the
 * one-pass kernels down it.
 */
gboolean
gst_cl_bicubic_scale_plane_build_tables (GstCLContext * context,
    GstCLBicubicScalePlane * plane,
    const GstCLBicubicScalePlaneGeometry * geometry,
    const GstCLBicubicScaleSettings * settings, GError ** error)
{
  gst_cl_bicubic_scale_plane_clear_tables (context, plane);
  return build_axis_table (context, &plane->x, geometry->width,
      plane->rect.w, settings, NULL, error)
      && build_axis_table (context, &plane->y, geometry->height,
      plane->rect.h, settings, &plane->spans, error);
}

void
gst_cl_bicubic_scale_plane_clear_tables (GstCLContext * context,
    GstCLBicubicScalePlane * plane)
{
  gst_cl_clear_mem (context, &plane->x.starts);
  gst_cl_clear_mem (context, &plane->x.weights);
  gst_cl_clear_mem (context, &plane->y.starts);
  gst_cl_clear_mem (context, &plane->y.weights);
}

void
gst_cl_bicubic_scale_plane_clear (GstCLContext * context,
    GstCLBicubicScalePlane * plane)
{
  gst_cl_bicubic_scale_plane_clear_tables (context, plane);
  gst_cl_clear_kernel (context, &plane->rows);
  gst_cl_clear_kernel (context, &plane->columns);
  gst_cl_clear_kernel (context, &plane->native);
  gst_cl_clear_kernel (context, &plane->one_pass_kernel);
  g_clear_pointer (&plane->options, g_free);
  gst_cl_clear_mem (context, &plane->tmp);
}

/* The arguments scale_tiles, scale_bands and scale_native start with: both planes with
 * their sizes, and the picture's rectangle in the output. */
static void
add_frames_args (GstCLArgs * args, const GstCLPlane * src,
    const GstCLPlane * dst, const GstCLBicubicScalePlane * plane)
{
  gst_cl_args_add_sized_plane (args, src);
  gst_cl_args_add_sized_plane (args, dst);
  gst_cl_args_add_int (args, plane->rect.x);
  gst_cl_args_add_int (args, plane->rect.y);
  gst_cl_args_add_int (args, plane->rect.w);
  gst_cl_args_add_int (args, plane->rect.h);
}

/* An axis table's kernel arguments: starts, weights and taps. */
static void
add_axis_table_args (GstCLArgs * args, const GstCLBicubicScaleAxisTable * t)
{
  gst_cl_args_add_mem (args, t->starts);
  gst_cl_args_add_mem (args, t->weights);
  gst_cl_args_add_int (args, t->taps);
}

static void
add_border_arg (GstCLArgs * args, const GstCLBicubicScalePlane * plane)
{
  gst_cl_args_add_float4 (args, plane->border[0], plane->border[1],
      plane->border[2], plane->border[3]);
}

/* The arguments both one-pass kernels start with: the frames, both axis
 * tables and the border. */
static void
add_one_pass_args (GstCLArgs * args, const GstCLPlane * src,
    const GstCLPlane * dst, const GstCLBicubicScalePlane * plane)
{
  gst_cl_args_init (args, plane->one_pass_kernel);
  add_frames_args (args, src, dst, plane);
  add_axis_table_args (args, &plane->x);
  add_axis_table_args (args, &plane->y);
  add_border_arg (args, plane);
}

static gboolean
run_tiles (GstCLContext * context, GstCLBicubicScalePlane * plane,
    const GstCLPlane * src, const GstCLPlane * dst, GError ** error)
{
  const GstCLBicubicScaleTiles *tiles = &plane->tile_groups;
  GstCLArgs args;

  add_one_pass_args (&args, src, dst, plane);
  gst_cl_args_add (&args, tiles->local_bytes, NULL);
  gst_cl_args_add_int (&args, tiles->rows);
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_groups (context, plane->one_pass_kernel, 2,
      tiles->groups, tiles->local, error);
}

/* A scale_bands item makes a large piece of the frame, and a 4K row has
 * a few dozen: groups of one item, which the device's threads take one by
 * one, rather than the context's groups of 64 along a row, which made a
 * frame's 30 items along it one group. */
static gboolean
run_bands (GstCLContext * context, GstCLBicubicScalePlane * plane,
    const GstCLBicubicScalePlanePlan * plan, const GstCLPlane * src,
    const GstCLPlane * dst, GError ** error)
{
  static const gsize single[2] = { 1, 1 };
  GstCLArgs args;

  add_one_pass_args (&args, src, dst, plane);
  gst_cl_args_add_int (&args, plan->band_rows);
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_groups (context, plane->one_pass_kernel, 2,
      plan->band_items, single, error);
}

/* The first pass of either order, @kernel from @src into the
 * intermediate (made on first use): @extent output values along the axis
 * of @table, in @items work-items. */
static gboolean
run_first_pass (GstCLContext * context, cl_kernel kernel,
    GstCLBicubicScalePlane * plane, const GstCLBicubicScalePlanePlan * plan,
    const GstCLPlane * src, gint extent,
    const GstCLBicubicScaleAxisTable * table, const gsize * items,
    GError ** error)
{
  GstCLArgs args;

  if (plane->tmp == NULL)
    plane->tmp = gst_cl_context_create_buffer (context, CL_MEM_READ_WRITE,
        plan->intermediate_size, NULL, error);
  if (plane->tmp == NULL)
    return FALSE;
  gst_cl_args_init (&args, kernel);
  gst_cl_args_add_plane (&args, src);
  gst_cl_args_add_int (&args, src->width);
  gst_cl_args_add_int (&args, src->height);
  gst_cl_args_add_mem (&args, plane->tmp);
  gst_cl_args_add_int (&args, extent);
  add_axis_table_args (&args, table);
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_2d (context, kernel, items[0], items[1], error);
}

static gboolean
run_two_passes (GstCLContext * context, GstCLBicubicScalePlane * plane,
    const GstCLBicubicScalePlanePlan * plan, const GstCLPlane * src,
    const GstCLPlane * dst, GError ** error)
{
  GstCLArgs args;

  if (!run_first_pass (context, plane->rows, plane, plan, src,
          plane->rect.w, &plane->x, plan->rows_items, error))
    return FALSE;

  gst_cl_args_init (&args, plane->columns);
  gst_cl_args_add_mem (&args, plane->tmp);
  gst_cl_args_add_int (&args, plane->rect.w);
  gst_cl_args_add_int (&args, src->height);
  gst_cl_args_add_plane (&args, dst);
  gst_cl_args_add_int (&args, dst->width);
  gst_cl_args_add_int (&args, dst->height);
  gst_cl_args_add_int (&args, plane->rect.x);
  gst_cl_args_add_int (&args, plane->rect.y);
  gst_cl_args_add_int (&args, plane->rect.h);
  add_axis_table_args (&args, &plane->y);
  add_border_arg (&args, plane);
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_2d (context, plane->columns,
      plan->columns_items[0], plan->columns_items[1], error);
}

/* The other order: the columns pass on the source into an intermediate
 * of the source's width and the picture's height, then the rows pass from
 * it into the output, borders included. */
static gboolean
run_two_passes_columns_first (GstCLContext * context,
    GstCLBicubicScalePlane * plane, const GstCLBicubicScalePlanePlan * plan,
    const GstCLPlane * src, const GstCLPlane * dst, GError ** error)
{
  GstCLArgs args;

  if (!run_first_pass (context, plane->columns, plane, plan, src,
          plane->rect.h, &plane->y, plan->columns_items, error))
    return FALSE;

  gst_cl_args_init (&args, plane->rows);
  gst_cl_args_add_mem (&args, plane->tmp);
  gst_cl_args_add_int (&args, src->width);
  gst_cl_args_add_plane (&args, dst);
  gst_cl_args_add_int (&args, dst->width);
  gst_cl_args_add_int (&args, dst->height);
  gst_cl_args_add_int (&args, plane->rect.x);
  gst_cl_args_add_int (&args, plane->rect.y);
  gst_cl_args_add_int (&args, plane->rect.w);
  gst_cl_args_add_int (&args, plane->rect.h);
  add_axis_table_args (&args, &plane->x);
  add_border_arg (&args, plane);
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_2d (context, plane->rows,
      plan->rows_items[0], plan->rows_items[1], error);
}

/**
 * gst_cl_bicubic_scale_plane_run_emulated:
 *
 * Enqueues the emulated kernels of @plan: the one pass where it runs
 * (scale_bands, or scale_tiles where its tiles fit), else the two passes
 * in the plan's order.
 */
gboolean
gst_cl_bicubic_scale_plane_run_emulated (GstCLContext * context,
    GstCLBicubicScalePlane * plane, const GstCLBicubicScalePlanePlan * plan,
    const GstCLPlane * src, const GstCLPlane * dst, GError ** error)
{
  if (plane->one_pass && plan->band_rows > 0)
    return run_bands (context, plane, plan, src, dst, error);
  if (plane->one_pass)
    return run_tiles (context, plane, src, dst, error);
  if (plan->columns_first)
    return run_two_passes_columns_first (context, plane, plan, src, dst, error);
  return run_two_passes (context, plane, plan, src, dst, error);
}

gboolean
gst_cl_bicubic_scale_plane_run_native (GstCLContext * context,
    GstCLBicubicScalePlane * plane, const GstCLBicubicScalePlanePlan * plan,
    const GstCLPlane * src, const GstCLPlane * dst, cl_sampler sampler,
    GError ** error)
{
  GstCLArgs args;

  gst_cl_args_init (&args, plane->native);
  add_frames_args (&args, src, dst, plane);
  add_border_arg (&args, plane);
  gst_cl_args_add (&args, sizeof (cl_sampler), &sampler);
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_2d (context, plane->native,
      plan->native_items[0], plan->native_items[1], error);
}
