/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclboxblurplan.h"
#include "gstclboxblurplan-private.h"
#include "gstclboxblurtuning.h"
#include "gstclfilter.h"

#include <math.h>
#include <string.h>

/* The separable row sums stay 32-bit (boxblur.cl). */
G_STATIC_ASSERT ((2 * GST_CL_BOX_BLUR_MAX_RADIUS + 1) *
    G_GUINT64_CONSTANT (65535) <= G_MAXUINT32);

const gchar *
gst_cl_box_blur_method_name (GstCLBoxBlurMethod method)
{
  return method == GST_CL_BOX_BLUR_METHOD_SAT ? "sat" : "separable";
}

/**
 * gst_cl_box_blur_plane_radius:
 * @sub: log2 of the plane's subsampling along the axis
 *
 * Returns: @radius in the plane's samples: radius / 2^sub rounded to
 * nearest, halves up ((radius + 1) >> 1 for 4:2:0 chroma), so that a
 * chroma plane is blurred over about the same area of the picture.
 */
guint
gst_cl_box_blur_plane_radius (guint radius, guint sub)
{
  return sub == 0 ? radius : (radius + (1u << (sub - 1))) >> sub;
}

/**
 * gst_cl_box_blur_gaussian_widths:
 * @sigma: the Gaussian's standard deviation, in samples
 * @widths: (out): the boxes' widths (odd), in the order their passes run
 *
 * The boxes whose passes come closest to a Gaussian of @sigma, as in
 * Kovesi's "Fast almost-Gaussian filtering" (2010): n = 3 boxes of the
 * ideal width w = sqrt (12 sigma^2 / n + 1) would have the Gaussian's
 * variance, n (w^2 - 1) / 12; with wl the largest odd integer up to w and
 * wu = wl + 2, m passes of wl and n - m of wu, where
 * m = round ((12 sigma^2 - n wl^2 - 4 n wl - 3 n) / (-4 wl - 4)), the
 * integer nearest to the m that matches the variance. The variance,
 * sum (w_i^2 - 1) / 12, is then within (wl + 1) / 6 of sigma^2 (half a
 * step of m). The narrower boxes run first. A @sigma of 0 or less (or not
 * a number) gives boxes of width 1, which change nothing.
 */
void
gst_cl_box_blur_gaussian_widths (gdouble sigma,
    guint widths[GST_CL_BOX_BLUR_GAUSSIAN_PASSES])
{
  const gdouble n = GST_CL_BOX_BLUR_GAUSSIAN_PASSES;
  gdouble variance12, ideal, wl;
  gint m;

  if (!(sigma > 0)) {
    for (guint i = 0; i < GST_CL_BOX_BLUR_GAUSSIAN_PASSES; i++)
      widths[i] = 1;
    return;
  }
  sigma = MIN (sigma, GST_CL_BOX_BLUR_MAX_SIGMA);
  variance12 = 12 * sigma * sigma;
  ideal = sqrt (variance12 / n + 1);
  wl = floor (ideal);
  if (fmod (wl, 2) == 0)
    wl -= 1;
  m = (gint) round ((variance12 - n * wl * wl - 4 * n * wl - 3 * n) /
      (-4 * wl - 4));
  m = CLAMP (m, 0, GST_CL_BOX_BLUR_GAUSSIAN_PASSES);
  for (gint i = 0; i < GST_CL_BOX_BLUR_GAUSSIAN_PASSES; i++)
    widths[i] = (guint) wl + (i < m ? 0 : 2);
}

/**
 * gst_cl_box_blur_passes:
 *
 * Returns: how many box passes @settings make: the Gaussian's where sigma
 * is set, else passes.
 */
guint
gst_cl_box_blur_passes (const GstCLBoxBlurSettings * settings)
{
  return settings->sigma > 0 ? GST_CL_BOX_BLUR_GAUSSIAN_PASSES :
      settings->passes;
}

/**
 * gst_cl_box_blur_pass_radii:
 * @pass: below gst_cl_box_blur_passes (@settings)
 * @w_sub: log2 of the plane's subsampling along rows
 * @rx: (out): the radius of @pass along rows, in the plane's samples
 *
 * With sigma, the radii of the Gaussian's boxes for sigma / 2^sub, the
 * same Gaussian in the plane's samples; else radius-x and radius-y scaled
 * by the plane's subsampling (gst_cl_box_blur_plane_radius()), at every
 * pass. Not yet clipped to the plane's size.
 */
void
gst_cl_box_blur_pass_radii (const GstCLBoxBlurSettings * settings,
    guint pass, guint w_sub, guint h_sub, guint * rx, guint * ry)
{
  guint widths[GST_CL_BOX_BLUR_GAUSSIAN_PASSES];

  if (!(settings->sigma > 0)) {
    *rx = gst_cl_box_blur_plane_radius (settings->radius_x, w_sub);
    *ry = gst_cl_box_blur_plane_radius (settings->radius_y, h_sub);
    return;
  }
  pass = MIN (pass, GST_CL_BOX_BLUR_GAUSSIAN_PASSES - 1);
  gst_cl_box_blur_gaussian_widths (ldexp (settings->sigma, -(gint) w_sub),
      widths);
  *rx = widths[pass] / 2;
  gst_cl_box_blur_gaussian_widths (ldexp (settings->sigma, -(gint) h_sub),
      widths);
  *ry = widths[pass] / 2;
}

/**
 * gst_cl_box_blur_largest_radii:
 *
 * The largest radii of any pass of @settings over a frame's first plane
 * (never subsampled): what the method and the storage are chosen for.
 */
void
gst_cl_box_blur_largest_radii (const GstCLBoxBlurSettings * settings,
    guint * rx, guint * ry)
{
  *rx = *ry = 0;
  for (guint i = 0; i < gst_cl_box_blur_passes (settings); i++) {
    guint x, y;

    gst_cl_box_blur_pass_radii (settings, i, 0, 0, &x, &y);
    *rx = MAX (*rx, x);
    *ry = MAX (*ry, y);
  }
}

/**
 * gst_cl_box_blur_is_identity:
 *
 * Returns: whether @settings leave every frame as it is: every pass's
 * radii 0 (both radii 0, or a sigma too small for any box wider than
 * one pixel). Subsampled planes then have radius 0 too.
 */
gboolean
gst_cl_box_blur_is_identity (const GstCLBoxBlurSettings * settings)
{
  guint rx, ry;

  gst_cl_box_blur_largest_radii (settings, &rx, &ry);
  return rx == 0 && ry == 0;
}

static guint64
max_window (gint size, guint r)
{
  return MIN (2 * (guint64) r + 1, (guint64) size);
}

/* The largest window's sum, plus half its count (for the rounding): the
 * window clipped to @plane, full of the largest value. */
static guint64
largest_sum (const GstCLPlane * plane, guint rx, guint ry)
{
  guint64 max_value = (1u << plane->depth) - 1;
  guint64 count = max_window (plane->width, rx) *
      max_window (plane->height, ry);

  return count * max_value + count / 2;
}

/**
 * gst_cl_box_blur_needs_64bit_sums:
 * @rx: (in the plane's samples)
 *
 * Returns: whether a window's sum (plus half its count, for the rounding)
 * may exceed 32 bits: the largest window, clipped to @plane, full of the
 * largest value. 32-bit SAT entries wrap, but differences of them are
 * exact while this holds.
 */
gboolean
gst_cl_box_blur_needs_64bit_sums (const GstCLPlane * plane, guint rx, guint ry)
{
  return largest_sum (plane, rx, ry) > G_MAXUINT32;
}

/* The CPU kernels keep sums and quotients in int (boxblur.cl). */
static gboolean
fits_cpu_kernels (const GstCLPlane * plane, const GstCLBoxBlurPlanePlan * pp)
{
  return largest_sum (plane, pp->rx, pp->ry) <= G_MAXINT32;
}

/* Radii @rx, @ry (in @plane's samples) clipped to @plane, and the width
 * of its sums. */
static void
plan_plane_radii (const GstCLPlane * plane, guint rx, guint ry,
    GstCLBoxBlurPlanePlan * pp)
{
  memset (pp, 0, sizeof (*pp));
  /* Any radius from the plane's size on covers the plane. */
  pp->rx = MIN (rx, (guint) plane->width - 1);
  pp->ry = MIN (ry, (guint) plane->height - 1);
  pp->sums_64bit = gst_cl_box_blur_needs_64bit_sums (plane, pp->rx, pp->ry);
}

/* The element's radii in @plane's samples, as plan_plane_radii(). */
static void
plan_radii (const GstCLPlane * plane, guint radius_x, guint radius_y,
    GstCLBoxBlurPlanePlan * pp)
{
  plan_plane_radii (plane, gst_cl_box_blur_plane_radius (radius_x,
          plane->w_sub), gst_cl_box_blur_plane_radius (radius_y,
          plane->h_sub), pp);
}

/* Bytes of a plane of @plane's size, rows unpadded. */
static gsize
plane_bytes (const GstCLPlane * plane)
{
  return (gsize) plane->width * plane->height * plane->channels *
      (plane->depth / 8);
}

gsize
gst_cl_box_blur_cpu_bands (const GstCLBoxBlurTuning * t,
    const GstCLPlane * plane)
{
  return (plane->height + t->cpu_band_rows - 1) / t->cpu_band_rows;
}

/* Rows of sums of the CPU kernels: one per band, and the parts the bands'
 * first rows are added up from (FIRST_PARTS in boxblur.cl, then one per
 * band but the last). */
gsize
gst_cl_box_blur_cpu_sums_rows (const GstCLBoxBlurTuning * t,
    const GstCLPlane * plane, const GstCLBoxBlurPlanePlan * pp)
{
  return gst_cl_box_blur_cpu_bands (t, plane) + (pp->ry + t->cpu_band_rows) /
      t->cpu_band_rows + gst_cl_box_blur_cpu_bands (t, plane) - 1;
}

/* Values per row of the CPU kernels' column sums: the row's, rounded up to
 * whole vectors, with a vector of zeros on either side (boxblur.cl). */
gsize
gst_cl_box_blur_cpu_tmp_pitch (const GstCLPlane * plane)
{
  gsize values = (gsize) plane->width * plane->channels;

  return GST_ROUND_UP_N (values,
      GST_CL_VECTOR_VALUES) + 2 * GST_CL_VECTOR_VALUES;
}

/* Device memory for one plane's row sums or SAT. */
gsize
gst_cl_box_blur_scratch_bytes (const GstCLBoxBlurTuning * t,
    const GstCLPlane * plane, const GstCLBoxBlurPlanePlan * pp,
    GstCLBoxBlurMethod method)
{
  if (method == GST_CL_BOX_BLUR_METHOD_SAT)
    return (gsize) (plane->width + 1) * (plane->height + 1) *
        plane->channels * (pp->sums_64bit ? 8 : 4);
  if (pp->cpu)
    return gst_cl_box_blur_cpu_tmp_pitch (plane) *
        gst_cl_box_blur_cpu_sums_rows (t, plane, pp) *
        (pp->short_columns ? 2 : 4);
  return (gsize) plane->width * plane->height * plane->channels * 4;
}

static gboolean
method_fits (const GstCLDeviceInfo * device, const GstCLPlane * plane,
    const GstCLBoxBlurPlanePlan * pp, GstCLBoxBlurMethod method)
{
  return gst_cl_box_blur_scratch_bytes (gst_cl_box_blur_tuning_for_device
      (device), plane, pp, method) <= device->max_mem_alloc_size;
}

/* auto's radius on GPUs: separable up to it, sat above. */
static guint
gpu_separable_radius (const GstCLBoxBlurTuning * t, GstCLStorage storage,
    const GstCLPlane * plane)
{
  gboolean large = plane_bytes (plane) >= t->large_plane_bytes;

  if (storage == GST_CL_STORAGE_BUFFER)
    return large ? t->large_buffer_separable_radius :
        t->buffer_separable_radius;
  return large ? t->large_image_separable_radius : t->separable_radius;
}

/* Measured on GPUs; other accelerators keep sat. */
static gboolean
separable_faster_on_gpu (const GstCLDeviceInfo * device, GstCLStorage storage,
    const GstCLPlane * plane, const GstCLBoxBlurPlanePlan * pp)
{
  const GstCLBoxBlurTuning *t = gst_cl_box_blur_tuning_for_device (device);

  return (device->type & CL_DEVICE_TYPE_GPU)
      && (guint) MAX (pp->rx, pp->ry) <= gpu_separable_radius (t, storage,
      plane);
}

/* On CPU devices separable's own kernels are the faster, where their int
 * sums hold the plane's windows. */
static gboolean
prefers_cpu_kernels (const GstCLDeviceInfo * device, const GstCLPlane * plane,
    const GstCLBoxBlurPlanePlan * pp)
{
  return gst_cl_device_class_is_cpu (device->device_class)
      && fits_cpu_kernels (plane, pp)
      && method_fits (device, plane, pp, GST_CL_BOX_BLUR_METHOD_SEPARABLE);
}

/**
 * gst_cl_box_blur_choose_method:
 * @storage: the storage of the frames, images or buffers
 * @plane: the largest plane (the first)
 * @rx: the element's radius-x (scaled by @plane's subsampling here)
 * @chosen: (out): separable or sat
 *
 * auto takes separable where the tuning table has it faster (the CPU
 * kernels, or the GPU radii), else sat where the device can allocate its
 * table; an explicit method fails where its buffer is too large.
 */
gboolean
gst_cl_box_blur_choose_method (const GstCLDeviceInfo * device,
    GstCLStorage storage, GstCLBoxBlurMethod requested,
    const GstCLPlane * plane, guint rx, guint ry, GstCLBoxBlurMethod * chosen,
    GError ** error)
{
  GstCLBoxBlurPlanePlan pp;
  GstCLBoxBlurMethod method = requested;

  plan_radii (plane, rx, ry, &pp);
  if (method == GST_CL_BOX_BLUR_METHOD_AUTO)
    method = prefers_cpu_kernels (device, plane, &pp)
        || separable_faster_on_gpu (device, storage, plane, &pp)
        || !method_fits (device, plane, &pp, GST_CL_BOX_BLUR_METHOD_SAT) ?
        GST_CL_BOX_BLUR_METHOD_SEPARABLE : GST_CL_BOX_BLUR_METHOD_SAT;
  if (!method_fits (device, plane, &pp, method)) {
    /* Name the method the user set, not one auto fell back to. */
    gchar *which = requested == GST_CL_BOX_BLUR_METHOD_AUTO ?
        g_strdup ("even the method that needs less (separable)") :
        g_strdup_printf ("method=%s", gst_cl_box_blur_method_name (method));

    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_UNSUPPORTED,
        "a %dx%d plane is too large to blur on %s: %s needs a %"
        G_GSIZE_FORMAT " MiB buffer, more than the device can allocate at "
        "once (%" G_GUINT64_FORMAT " MiB)", plane->width, plane->height,
        device->device_name, which,
        gst_cl_box_blur_scratch_bytes (gst_cl_box_blur_tuning_for_device
            (device), plane, &pp, method) >> 20,
        (guint64) device->max_mem_alloc_size >> 20);
    g_free (which);
    return FALSE;
  }
  *chosen = method;
  return TRUE;
}

/* Whether column_windows copies @plane's columns into local memory
 * (-DCOPY_COLUMNS). */
gboolean
gst_cl_box_blur_copies_columns (const GstCLPlane * plane)
{
  return plane->channels == 4;
}

/**
 * gst_cl_box_blur_prefers_buffers:
 * @plane: the largest plane (the first)
 * @rx: the element's radius-x (scaled by @plane's subsampling here)
 *
 * Whether storage=auto keeps frames in buffers on @device where it would
 * take images (GPUs), as the tuning table says: for radii up to
 * strip_radius, where the tiles and sat's one-pass strips read buffers'
 * pixels as integers, and for 4-channel planes at every radius, whose
 * columns column_windows copies from buffers a row of 4 pixels at a time.
 * The radii are those at negotiation: a change while frames flow keeps
 * the storage.
 */
gboolean
gst_cl_box_blur_prefers_buffers (const GstCLDeviceInfo * device,
    const GstCLPlane * plane, guint rx, guint ry)
{
  const GstCLBoxBlurTuning *t = gst_cl_box_blur_tuning_for_device (device);
  GstCLBoxBlurPlanePlan pp;

  if (!t->prefers_buffers)
    return FALSE;
  if (gst_cl_box_blur_copies_columns (plane))
    return TRUE;
  plan_radii (plane, rx, ry, &pp);
  return (guint) pp.rx <= t->strip_radius && (guint) pp.ry <= t->strip_radius;
}

/* Whether the SAT's scans are shared by work-groups: one work-item per
 * line leaves most of a GPU idle. */
gboolean
gst_cl_box_blur_uses_group_scans (const GstCLBoxBlurTarget * target)
{
  return !target->vectors;
}

/* The kinds of sums of @pp's kernels for @plane: 16-bit column sums where
 * they fit (the CPU kernels and sat's group kernels), and for sat's group
 * kernels on 8-bit RGBA planes where they do not, as their low bits and
 * anchors, but where its sums are 64-bit. */
static void
plan_sums (const GstCLBoxBlurTarget * target, const GstCLPlane * plane,
    GstCLBoxBlurMethod method, GstCLBoxBlurPlanePlan * pp)
{
  guint max_value = (1u << plane->depth) - 1;
  gboolean group_sat = method == GST_CL_BOX_BLUR_METHOD_SAT
      && gst_cl_box_blur_uses_group_scans (target);
  gboolean fit = max_window (plane->height, pp->ry) * max_value <=
      G_MAXUINT16;

  pp->cpu = method == GST_CL_BOX_BLUR_METHOD_SEPARABLE && target->vectors
      && fits_cpu_kernels (plane, pp);
  pp->anchored_columns = group_sat && !fit && plane->depth == 8
      && plane->channels == 4 && !pp->sums_64bit;
  pp->short_columns = ((pp->cpu || group_sat) && fit)
      || pp->anchored_columns;
  pp->warps = !pp->cpu && gst_cl_box_blur_uses_group_scans (target)
      && target->warps_build;
}

/* 0-3: (method, sums_64bit); 4, 5: the CPU kernels by short_columns; 6: sat
 * with short columns (never with sums_64bit: a column window of 16-bit
 * sums is at most 257 rows of 8-bit values, and no row fits the rest); 7:
 * sat with anchored columns (never with sums_64bit either). */
static guint
variant_index (GstCLBoxBlurMethod method, const GstCLBoxBlurPlanePlan * pp)
{
  if (pp->cpu)
    return 4 | pp->short_columns;
  if (pp->anchored_columns)
    return 7;
  if (pp->short_columns)
    return 6;
  return (method == GST_CL_BOX_BLUR_METHOD_SAT) << 1 | pp->sums_64bit;
}

static const gchar *const *
kernel_names (const GstCLBoxBlurTarget * target, GstCLBoxBlurMethod method,
    const GstCLBoxBlurPlanePlan * pp)
{
  static const gchar *const separable[] = { "box_rows", "box_columns", NULL };
  static const gchar *const separable_groups[] = { "sat_rows",
    "box_segments", "box_tiles", NULL
  };
  static const gchar *const cpu[] = { "box_rows_vectors",
    "box_column_parts_vectors", "box_column_starts_vectors", NULL
  };
  static const gchar *const sat[] = { "sat_rows", "sat_columns",
    "sat_average", NULL
  };
  static const gchar *const sat_groups[] = { "sat_rows", "sat_columns",
    "sat_average", "column_windows", "sat_row_windows", "box_strips", NULL
  };
  gboolean groups = gst_cl_box_blur_uses_group_scans (target);

  if (pp->cpu)
    return cpu;
  if (method == GST_CL_BOX_BLUR_METHOD_SAT)
    return groups ? sat_groups : sat;
  return groups ? separable_groups : separable;
}

/* The build options of @pp's kernels for @plane into @options, with the
 * warp shuffles where @warps. */
static void
kernel_options (const GstCLBoxBlurTarget * target, const GstCLPlane * plane,
    GstCLBoxBlurMethod method, const GstCLBoxBlurPlanePlan * pp,
    gboolean warps, gchar * options, gsize size)
{
  const GstCLBoxBlurTuning *t =
      gst_cl_box_blur_tuning_for_device (target->device);
  gboolean sat = method == GST_CL_BOX_BLUR_METHOD_SAT;

  if (pp->cpu) {
    g_strlcpy (options, pp->short_columns ? "-DGST_CL_VECTORS -DCOLUMN_SHORT" :
        "-DGST_CL_VECTORS", size);
    return;
  }
  if (!gst_cl_box_blur_uses_group_scans (target)) {
    g_strlcpy (options, pp->sums_64bit ? "-DSUM_64BIT" : "", size);
    return;
  }
  g_snprintf (options, size, "-DGST_CL_GROUP_SCANS -DSCAN_RUN=%u "
      "-DHSUM_RUN=%u -DANCHOR_ROWS=%u -DANCHOR_SHIFT=%u -DWINDOW_RUN=%u "
      "-DSTRIP_STEP_ROWS=%u%s%s%s%s%s", t->scan_run, t->tile_hsum_run,
      ANCHOR_ROWS, ANCHOR_SHIFT, t->row_windows_run, t->strip_step_rows,
      pp->sums_64bit ? " -DSUM_64BIT" : "", warps ? " -DGST_CL_PTX_WARPS" : "",
      sat && pp->short_columns ? " -DCOLUMN_SHORT" : "",
      pp->anchored_columns ? " -DCOLUMN_ANCHORS" : "",
      sat && gst_cl_box_blur_copies_columns (plane) ? " -DCOPY_COLUMNS" : "");
}

/* @plane's plan for radii @rx, @ry in its samples. */
static void
plan_plane (const GstCLBoxBlurTarget * target, const GstCLPlane * plane,
    guint rx, guint ry, GstCLBoxBlurMethod method, GstCLBoxBlurPlanePlan * pp)
{
  plan_plane_radii (plane, rx, ry, pp);
  plan_sums (target, plane, method, pp);
  pp->variant = variant_index (method, pp);
  pp->kernel_names = kernel_names (target, method, pp);
  kernel_options (target, plane, method, pp, pp->warps, pp->options,
      sizeof (pp->options));
  kernel_options (target, plane, method, pp, FALSE, pp->portable_options,
      sizeof (pp->portable_options));
}

/**
 * gst_cl_box_blur_plan:
 * @frame: the layout of the frames (only the planes' geometry is read)
 *
 * Plans the blur of @frame's planes with @settings on @target: the method
 * (on the first plane, for the largest radii of any pass), the boxes the
 * passes run (one, or the Gaussian's three) and for each its radii, sums
 * and kernels on every plane; the spare planes that passes alternate
 * with. FALSE where the method's scratch memory is too large for the
 * device.
 */
gboolean
gst_cl_box_blur_plan (const GstCLBoxBlurTarget * target,
    const GstCLFrame * frame, const GstCLBoxBlurSettings * settings,
    GstCLBoxBlurPlan * plan, GError ** error)
{
  gboolean images = target->storage == GST_CL_STORAGE_IMAGE;
  guint rx, ry;

  memset (plan, 0, sizeof (*plan));
  gst_cl_box_blur_largest_radii (settings, &rx, &ry);
  if (!gst_cl_box_blur_choose_method (target->device, target->storage,
          settings->method, &frame->planes[0], rx, ry, &plan->method, error))
    return FALSE;
  plan->passes = gst_cl_box_blur_passes (settings);
  plan->n_planes = frame->n_planes;
  plan->n_boxes = settings->sigma > 0 ? GST_CL_BOX_BLUR_GAUSSIAN_PASSES : 1;
  /* Regions: a part's passes go between two spares (the output keeps the
   * source around the regions). */
  plan->n_spares = settings->regions ? 2 : plan->passes > 1 ? 1 : 0;
  plan->spare_images = plan->n_spares > 0 && images;
  for (guint b = 0; b < plan->n_boxes; b++)
    for (guint p = 0; p < frame->n_planes; p++) {
      const GstCLPlane *plane = &frame->planes[p];

      gst_cl_box_blur_pass_radii (settings, b, plane->w_sub, plane->h_sub,
          &rx, &ry);
      plan_plane (target, plane, rx, ry, plan->method, &plan->boxes[b][p]);
    }
  if (plan->n_spares == 1 && !images)
    for (guint p = 0; p < frame->n_planes; p++)
      plan->spare_bytes = MAX (plan->spare_bytes,
          plane_bytes (&frame->planes[p]));
  return TRUE;
}

/**
 * gst_cl_box_blur_plan_box:
 *
 * Returns: the box of @plan that pass @pass runs.
 */
guint
gst_cl_box_blur_plan_box (const GstCLBoxBlurPlan * plan, guint pass)
{
  return MIN (pass, plan->n_boxes - 1);
}

/**
 * gst_cl_box_blur_plan_part:
 * @box: below @plan's n_boxes
 * @p: the plane of @plan that @part is a part of
 * @part: a rectangle of plane @p as a plane of its own (its geometry)
 * @pp: (out): its plan
 *
 * Plans box @box over @part, as over a whole plane: the radii of plane
 * @p, clipped to @part, and the sums and kernels for @part's size.
 */
void
gst_cl_box_blur_plan_part (const GstCLBoxBlurTarget * target,
    const GstCLBoxBlurPlan * plan, guint box, guint p,
    const GstCLPlane * part, GstCLBoxBlurPlanePlan * pp)
{
  const GstCLBoxBlurPlanePlan *whole = &plan->boxes[box][p];

  plan_plane (target, part, whole->rx, whole->ry, plan->method, pp);
}
