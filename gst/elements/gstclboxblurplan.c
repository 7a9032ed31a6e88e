/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclboxblurplan.h"
#include "gstclboxblurtuning.h"
#include "gstclfilter.h"

#include <math.h>
#include <string.h>

/* Rows from one anchor of sat's column-window sums to the next, and the
 * bits of a sum an anchor drops (-DCOLUMN_ANCHORS): a sum of 8-bit values
 * then lies within 63 * 255 + 2^13 < 2^15 of the middle of its anchor's
 * range (boxblur.cl), and an anchor's byte holds the largest window's. */
#define ANCHOR_ROWS 64
#define ANCHOR_SHIFT 14
G_STATIC_ASSERT ((ANCHOR_ROWS - 1) * 255 + (1 << (ANCHOR_SHIFT - 1)) <
    1 << 15);
G_STATIC_ASSERT ((2 * GST_CL_BOX_BLUR_MAX_RADIUS + 1) * 255 >> ANCHOR_SHIFT
    <= G_MAXUINT8);

/* The separable row sums stay 32-bit (boxblur.cl). */
G_STATIC_ASSERT ((2 * GST_CL_BOX_BLUR_MAX_RADIUS + 1) *
    G_GUINT64_CONSTANT (65535) <= G_MAXUINT32);

const gchar *
gst_cl_box_blur_method_name (GstCLBoxBlurMethod method)
{
  return method == GST_CL_BOX_BLUR_METHOD_SAT ? "sat" : "separable";
}

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

static gsize
cpu_bands (const GstCLBoxBlurTuning * t, const GstCLPlane * plane)
{
  return (plane->height + t->cpu_band_rows - 1) / t->cpu_band_rows;
}

/* Rows of sums of the CPU kernels: one per band, and the parts the bands'
 * first rows are added up from (FIRST_PARTS in boxblur.cl, then one per
 * band but the last). */
static gsize
cpu_sums_rows (const GstCLBoxBlurTuning * t, const GstCLPlane * plane,
    const GstCLBoxBlurPlanePlan * pp)
{
  return cpu_bands (t, plane) + (pp->ry + t->cpu_band_rows) /
      t->cpu_band_rows + cpu_bands (t, plane) - 1;
}

/* Values per row of the CPU kernels' column sums: the row's, rounded up to
 * whole vectors, with a vector of zeros on either side (boxblur.cl). */
static gsize
cpu_tmp_pitch (const GstCLPlane * plane)
{
  gsize values = (gsize) plane->width * plane->channels;

  return GST_ROUND_UP_N (values,
      GST_CL_VECTOR_VALUES) + 2 * GST_CL_VECTOR_VALUES;
}

/* Device memory for one plane's row sums or SAT. */
static gsize
scratch_bytes (const GstCLBoxBlurTuning * t, const GstCLPlane * plane,
    const GstCLBoxBlurPlanePlan * pp, GstCLBoxBlurMethod method)
{
  if (method == GST_CL_BOX_BLUR_METHOD_SAT)
    return (gsize) (plane->width + 1) * (plane->height + 1) *
        plane->channels * (pp->sums_64bit ? 8 : 4);
  if (pp->cpu)
    return cpu_tmp_pitch (plane) * cpu_sums_rows (t, plane, pp) *
        (pp->short_columns ? 2 : 4);
  return (gsize) plane->width * plane->height * plane->channels * 4;
}

static gboolean
method_fits (const GstCLDeviceInfo * device, const GstCLPlane * plane,
    const GstCLBoxBlurPlanePlan * pp, GstCLBoxBlurMethod method)
{
  return scratch_bytes (gst_cl_box_blur_tuning_for_device (device), plane,
      pp, method) <= device->max_mem_alloc_size;
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
        scratch_bytes (gst_cl_box_blur_tuning_for_device (device), plane,
            &pp, method) >> 20, (guint64) device->max_mem_alloc_size >> 20);
    g_free (which);
    return FALSE;
  }
  *chosen = method;
  return TRUE;
}

/* Whether column_windows copies @plane's columns into local memory
 * (-DCOPY_COLUMNS). */
static gboolean
copies_columns (const GstCLPlane * plane)
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
  if (copies_columns (plane))
    return TRUE;
  plan_radii (plane, rx, ry, &pp);
  return (guint) pp.rx <= t->strip_radius && (guint) pp.ry <= t->strip_radius;
}

/* Whether the SAT's scans are shared by work-groups: one work-item per
 * line leaves most of a GPU idle. */
static gboolean
uses_group_scans (const GstCLBoxBlurTarget * target)
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
      && uses_group_scans (target);
  gboolean fit = max_window (plane->height, pp->ry) * max_value <=
      G_MAXUINT16;

  pp->cpu = method == GST_CL_BOX_BLUR_METHOD_SEPARABLE && target->vectors
      && fits_cpu_kernels (plane, pp);
  pp->anchored_columns = group_sat && !fit && plane->depth == 8
      && plane->channels == 4 && !pp->sums_64bit;
  pp->short_columns = ((pp->cpu || group_sat) && fit)
      || pp->anchored_columns;
  pp->warps = !pp->cpu && uses_group_scans (target) && target->warps_build;
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
  gboolean groups = uses_group_scans (target);

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
  if (!uses_group_scans (target)) {
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
      sat && copies_columns (plane) ? " -DCOPY_COLUMNS" : "");
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

/* The rectangle [x0, x1) x [y0, y1), empty where x1 <= x0 or y1 <= y0. */
static gboolean
set_rect (GstVideoRectangle * rect, gint64 x0, gint64 y0, gint64 x1, gint64 y1)
{
  if (x1 <= x0 || y1 <= y0) {
    memset (rect, 0, sizeof (*rect));
    return FALSE;
  }
  rect->x = x0;
  rect->y = y0;
  rect->w = x1 - x0;
  rect->h = y1 - y0;
  return TRUE;
}

/* Rows [y0, y1) of a frame in the rows of one of its @fields fields,
 * @field (rows field, field + fields, ...): the field's rows inside. */
static gint64
field_row (gint64 y, guint field, guint fields)
{
  return (y - field + fields - 1) / fields;
}

/**
 * gst_cl_box_blur_region_rect:
 * @region: in the frame's pixels
 * @margin: pixels added on every side
 * @width: the frame's width and @height, its height (both fields')
 * @field: the field of @fields the rectangle is wanted in: 0 of 1 for the
 *   frame itself
 * @rect: (out): @region widened by @margin and clipped to the frame, in
 *   the rows of the field
 *
 * Returns: FALSE where nothing of it is left (outside the frame, empty,
 * or no row of the field).
 */
gboolean
gst_cl_box_blur_region_rect (const GstCLBoxBlurRegion * region, guint margin,
    gint width, gint height, guint field, guint fields,
    GstVideoRectangle * rect)
{
  gint64 x0, y0, x1, y1;

  if (region->w == 0 || region->h == 0)
    return set_rect (rect, 0, 0, 0, 0);
  x0 = MAX ((gint64) region->x - margin, 0);
  y0 = MAX ((gint64) region->y - margin, 0);
  x1 = MIN ((gint64) region->x + region->w + margin, width);
  y1 = MIN ((gint64) region->y + region->h + margin, height);
  if (fields > 1 && y1 > y0) {
    y0 = field_row (y0, field, fields);
    y1 = field_row (y1, field, fields);
  }
  return set_rect (rect, x0, y0, x1, y1);
}

/**
 * gst_cl_box_blur_plane_rect:
 * @rect: a rectangle of the frame's first plane (not subsampled)
 * @plane_rect: (out): it in @plane's samples, rounded outward (every
 *   sample that covers a pixel of @rect), clipped to @plane
 *
 * Returns: FALSE where it is empty.
 */
gboolean
gst_cl_box_blur_plane_rect (const GstVideoRectangle * rect,
    const GstCLPlane * plane, GstVideoRectangle * plane_rect)
{
  gint64 x1 = (gint64) rect->x + rect->w, y1 = (gint64) rect->y + rect->h;

  return set_rect (plane_rect, MAX (rect->x, 0) >> plane->w_sub,
      MAX (rect->y, 0) >> plane->h_sub,
      MIN ((x1 + (1 << plane->w_sub) - 1) >> plane->w_sub, plane->width),
      MIN ((y1 + (1 << plane->h_sub) - 1) >> plane->h_sub, plane->height));
}

/**
 * gst_cl_box_blur_plane_reach:
 * @reach_x: (out): how far plane @p's passes reach along rows, in its
 *   samples: the sum of their radii
 *
 * A pass's output depends on its input within its radii, so the last
 * pass's output on a rectangle depends on the source within the sum of
 * the passes' radii around it: blurring that part of the plane, as a
 * plane of its own, gives the whole plane's blur inside the rectangle.
 */
void
gst_cl_box_blur_plane_reach (const GstCLBoxBlurPlan * plan, guint p,
    gint * reach_x, gint * reach_y)
{
  *reach_x = *reach_y = 0;
  for (guint i = 0; i < plan->passes; i++) {
    const GstCLBoxBlurPlanePlan *pp =
        &plan->boxes[gst_cl_box_blur_plan_box (plan, i)][p];

    *reach_x += pp->rx;
    *reach_y += pp->ry;
  }
}

static gint64
rect_area (const GstVideoRectangle * rect)
{
  return (gint64) rect->w * rect->h;
}

static void
bounding_box (const GstVideoRectangle * a, const GstVideoRectangle * b,
    GstVideoRectangle * box)
{
  set_rect (box, MIN (a->x, b->x), MIN (a->y, b->y),
      MAX (a->x + a->w, b->x + b->w), MAX (a->y + a->h, b->y + b->h));
}

/* A job on the part of @plane that @rect's blur needs, with @reach. */
static GstCLBoxBlurJob
job_for (const GstCLPlane * plane, const GstVideoRectangle * rect,
    gint reach_x, gint reach_y)
{
  GstCLBoxBlurJob job = { {0,}, 0, 1 };

  set_rect (&job.part, MAX ((gint64) rect->x - reach_x, 0),
      MAX ((gint64) rect->y - reach_y, 0),
      MIN ((gint64) rect->x + rect->w + reach_x, plane->width),
      MIN ((gint64) rect->y + rect->h + reach_y, plane->height));
  return job;
}

/* Merges the jobs of @rects (one each) whose parts' bounding box is no
 * larger than the two parts: one blur of it costs no more. Each job's
 * rectangles end up in its own run of @rects, first_rect on. */
static void
merge_jobs (GArray * jobs, GArray * rects, guint * owner)
{
  gboolean merged = TRUE;
  GArray *sorted;

  while (merged) {
    merged = FALSE;
    for (guint i = 0; i < jobs->len && !merged; i++)
      for (guint j = i + 1; j < jobs->len && !merged; j++) {
        GstCLBoxBlurJob *a = &g_array_index (jobs, GstCLBoxBlurJob, i);
        GstCLBoxBlurJob *b = &g_array_index (jobs, GstCLBoxBlurJob, j);
        GstVideoRectangle box;

        bounding_box (&a->part, &b->part, &box);
        if (rect_area (&box) > rect_area (&a->part) + rect_area (&b->part))
          continue;
        a->part = box;
        a->n_rects += b->n_rects;
        for (guint r = 0; r < rects->len; r++)
          if (owner[r] == j)
            owner[r] = i;
          else if (owner[r] > j)
            owner[r]--;
        g_array_remove_index (jobs, j);
        merged = TRUE;
      }
  }
  /* the rectangles job by job */
  sorted = g_array_sized_new (FALSE, FALSE, sizeof (GstVideoRectangle),
      rects->len);
  for (guint i = 0; i < jobs->len; i++) {
    GstCLBoxBlurJob *job = &g_array_index (jobs, GstCLBoxBlurJob, i);

    job->first_rect = sorted->len;
    for (guint r = 0; r < rects->len; r++)
      if (owner[r] == i)
        g_array_append_val (sorted, g_array_index (rects, GstVideoRectangle,
                r));
  }
  g_array_set_size (rects, 0);
  g_array_append_vals (rects, sorted->data, sorted->len);
  g_array_unref (sorted);
}

/* One job for every rectangle: over @part. */
static void
single_job (GArray * jobs, const GArray * rects, const GstVideoRectangle * part)
{
  GstCLBoxBlurJob job = { *part, 0, rects->len };

  g_array_set_size (jobs, 0);
  g_array_append_val (jobs, job);
}

/* The jobs of plane @p: a part for each rectangle, merged where that costs
 * nothing; more than the tuning's parts become their bounding box, and
 * parts that cover enough of the plane the plane. */
static void
plan_plane_jobs (const GstCLBoxBlurTuning * t, const GstCLBoxBlurPlan * plan,
    guint p, const GstCLPlane * plane, GstCLBoxBlurPlaneRegions * regions)
{
  GArray *rects = regions->rects, *jobs = regions->jobs;
  gint reach_x, reach_y;
  gint64 area = 0;

  gst_cl_box_blur_plane_reach (plan, p, &reach_x, &reach_y);
  for (guint r = 0; r < rects->len; r++) {
    GstCLBoxBlurJob job = job_for (plane,
        &g_array_index (rects, GstVideoRectangle, r), reach_x, reach_y);

    job.first_rect = r;
    g_array_append_val (jobs, job);
  }
  if (jobs->len > t->region_max_parts) {
    GstVideoRectangle box = g_array_index (jobs, GstCLBoxBlurJob, 0).part;

    for (guint i = 1; i < jobs->len; i++)
      bounding_box (&box, &g_array_index (jobs, GstCLBoxBlurJob, i).part, &box);
    single_job (jobs, rects, &box);
  } else {
    guint *owner = g_new (guint, MAX (rects->len, 1));

    for (guint r = 0; r < rects->len; r++)
      owner[r] = r;
    merge_jobs (jobs, rects, owner);
    g_free (owner);
  }
  for (guint i = 0; i < jobs->len; i++)
    area += rect_area (&g_array_index (jobs, GstCLBoxBlurJob, i).part);
  if (jobs->len > 0 && area * 100 >= (gint64) t->region_whole_percent *
      plane->width * plane->height) {
    GstVideoRectangle whole = { 0, 0, plane->width, plane->height };

    single_job (jobs, rects, &whole);
  }
}

/**
 * gst_cl_box_blur_plan_regions:
 * @frame: the layout of the frames @plan is for: a whole frame, or one of
 *   its @fields fields
 * @regions: the frame's regions of interest, in its pixels
 * @margin: pixels each region is widened by, on every side
 * @field: which field of @fields @frame is (0 of 1: the whole frame)
 * @rplan: (out): each plane's rectangles to blur, and the parts whose
 *   blur gives them; gst_cl_box_blur_region_plan_clear() it
 *
 * Plans the blur of @frame inside @regions only: each widened by @margin
 * and clipped to the frame, taken into @frame's field, then into each
 * plane's samples (rounding outward). A rectangle's part is the rectangle
 * widened by the passes' reach (gst_cl_box_blur_plane_reach()), within the
 * plane, whose blur as a plane of its own is the whole plane's blur inside
 * the rectangle. Overlapping rectangles need nothing more: each gives the
 * whole plane's blur where it lies.
 */
void
gst_cl_box_blur_plan_regions (const GstCLBoxBlurTarget * target,
    const GstCLFrame * frame, const GstCLBoxBlurPlan * plan,
    const GstCLBoxBlurRegion * regions, guint n_regions, guint margin,
    guint field, guint fields, GstCLBoxBlurRegionPlan * rplan)
{
  const GstCLBoxBlurTuning *t =
      gst_cl_box_blur_tuning_for_device (target->device);
  const GstCLPlane *luma = &frame->planes[0];

  memset (rplan, 0, sizeof (*rplan));
  rplan->n_planes = frame->n_planes;
  for (guint p = 0; p < frame->n_planes; p++) {
    const GstCLPlane *plane = &frame->planes[p];
    GstCLBoxBlurPlaneRegions *pr = &rplan->planes[p];
    gsize sample = (gsize) plane->channels * (plane->depth / 8);

    pr->rects = g_array_new (FALSE, FALSE, sizeof (GstVideoRectangle));
    pr->jobs = g_array_new (FALSE, FALSE, sizeof (GstCLBoxBlurJob));
    for (guint i = 0; i < n_regions; i++) {
      GstVideoRectangle rect, plane_rect;

      if (gst_cl_box_blur_region_rect (&regions[i], margin, luma->width,
              luma->height * fields, field, fields, &rect)
          && gst_cl_box_blur_plane_rect (&rect, plane, &plane_rect))
        g_array_append_val (pr->rects, plane_rect);
    }
    plan_plane_jobs (t, plan, p, plane, pr);
    for (guint i = 0; i < pr->jobs->len; i++)
      rplan->spare_bytes = MAX (rplan->spare_bytes,
          rect_area (&g_array_index (pr->jobs, GstCLBoxBlurJob, i).part) *
          sample);
  }
}

void
gst_cl_box_blur_region_plan_clear (GstCLBoxBlurRegionPlan * rplan)
{
  for (guint p = 0; p < rplan->n_planes; p++) {
    g_clear_pointer (&rplan->planes[p].rects, g_array_unref);
    g_clear_pointer (&rplan->planes[p].jobs, g_array_unref);
  }
  rplan->n_planes = 0;
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
  gsize bands = cpu_bands (t, plane);

  pass->strategy = GST_CL_BOX_BLUR_STRATEGY_CPU_BANDS;
  pass->scratch_bytes = scratch_bytes (t, plane, pp,
      GST_CL_BOX_BLUR_METHOD_SEPARABLE);
  pass->band_rows = t->cpu_band_rows;
  pass->n_bands = bands;
  pass->tmp_pitch = cpu_tmp_pitch (plane);
  set_local (add_launch (pass, GST_CL_BOX_BLUR_KERNEL_COLUMNS, 1,
          cpu_sums_rows (t, plane, pp) - bands, 0), 1, 0);
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

  if (!uses_group_scans (target))
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

  if (!uses_group_scans (target)) {
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

  if (uses_group_scans (target)
      && plan_tiles (target, plane, pp, group_sizes, pass))
    return;
  if (!uses_group_scans (target)) {
    pass->strategy = GST_CL_BOX_BLUR_STRATEGY_LINES;
    pass->scratch_bytes = scratch_bytes (t, plane, pp,
        GST_CL_BOX_BLUR_METHOD_SEPARABLE);
    add_launch (pass, GST_CL_BOX_BLUR_KERNEL_ROWS, 1, plane->height, 0);
    add_launch (pass, GST_CL_BOX_BLUR_KERNEL_COLUMNS, 1, plane->width, 0);
    return;
  }
  /* the rows' prefix sums (sat_rows's table), then windows sliding down
   * segments of the columns */
  pass->strategy = GST_CL_BOX_BLUR_STRATEGY_SEGMENTS;
  pass->scratch_bytes = scratch_bytes (t, plane, pp,
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
  gsize pixel = copies_columns (plane) ? (gsize) plane->channels *
      (plane->depth / 8) : 0;
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

  return uses_group_scans (target) && t->strips
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
  if (!uses_group_scans (target)
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
  pass->scratch_bytes = scratch_bytes (t, plane, pp,
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
