/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * clboxblur's planner and tuning table, compiled here as they are, with
 * no device and no pipeline: every kind of device the table has a row
 * for, over frame sizes, formats, radii (those the table's thresholds
 * switch at, and either side), passes, methods and storage, against
 * invariants the table and the kernels set.
 */
#include <gst/check/gstcheck.h>
#include <gst/video/video.h>

#include <math.h>
#include <string.h>

#include "gstclboxblurpassplan.h"
#include "gstclboxblurplan.h"
#include "gstclboxblurregionsplan.h"
#include "gstclboxblurtuning.h"
#include "gstclfilter.h"
#include "clboxblur-storage-cases.h"

/* A device of each class, as the probe would describe it. */
static GstCLDeviceInfo
fake_device (GstCLDeviceClass device_class)
{
  GstCLDeviceInfo device = {.device_name = (gchar *) "test device",
    .device_class = device_class,
    .image_support = TRUE,
    .max_mem_alloc_size = G_GUINT64_CONSTANT (1) << 40,
  };

  switch (device_class) {
    case GST_CL_DEVICE_CLASS_CPU:
    case GST_CL_DEVICE_CLASS_CPU_AVX512:
      device.type = CL_DEVICE_TYPE_CPU;
      device.local_mem_size = 512 * 1024;
      device.max_work_group_size = 4096;
      break;
    case GST_CL_DEVICE_CLASS_NVIDIA_GPU:
      device.type = CL_DEVICE_TYPE_GPU;
      device.ptx_warps = TRUE;
      device.local_mem_size = 48 * 1024;
      device.max_work_group_size = 1024;
      break;
    default:
      device.type = CL_DEVICE_TYPE_GPU;
      device.local_mem_size = 64 * 1024;
      device.max_work_group_size = 256;
      break;
  }
  return device;
}

/* The target the element would give the planner for @device. */
static GstCLBoxBlurTarget
make_target (const GstCLDeviceInfo * device, GstCLStorage storage,
    gboolean warps_build)
{
  GstCLBoxBlurTarget target = {.device = device,.storage = storage,
    .vectors = storage == GST_CL_STORAGE_BUFFER
        && (device->type & CL_DEVICE_TYPE_CPU),
    .warps_build = device->ptx_warps && warps_build,
  };

  return target;
}

static void
frame_of (GstVideoFormat format, gint width, gint height,
    GstCLStorage storage, GstCLFrame * frame)
{
  GstVideoInfo info;

  fail_unless (gst_video_info_set_format (&info, format, width, height));
  fail_unless (gst_cl_frame_layout (frame, &info, storage));
}

static gsize
plane_bytes (const GstCLPlane * plane)
{
  return (gsize) plane->width * plane->height * plane->channels *
      (plane->depth / 8);
}

/* Every group limit @limit (CL_KERNEL_WORK_GROUP_SIZE). */
static void
group_sizes_of (gsize limit, gsize * sizes)
{
  for (guint k = 0; k < GST_CL_BOX_BLUR_N_KERNELS; k++)
    sizes[k] = limit;
}

static guint
n_names (const GstCLBoxBlurPlanePlan * pp)
{
  guint n = 0;

  while (pp->kernel_names[n])
    n++;
  return n;
}

/* What the separable radius of auto on GPUs is for @plane. */
static guint
gpu_radius (const GstCLBoxBlurTuning * t, GstCLStorage storage,
    const GstCLPlane * plane)
{
  gboolean large = plane_bytes (plane) >= t->large_plane_bytes;

  if (storage == GST_CL_STORAGE_BUFFER)
    return large ? t->large_buffer_separable_radius :
        t->buffer_separable_radius;
  return large ? t->large_image_separable_radius : t->separable_radius;
}

/* The launches of @pass cover @plane and fit the device and kernels. */
static void
check_launches (const GstCLBoxBlurTarget * target, const GstCLPlane * plane,
    const GstCLBoxBlurPlanePlan * pp, const GstCLBoxBlurPassPlan * pass,
    const gsize * group_sizes, const gchar * what)
{
  const GstCLBoxBlurTuning *t =
      gst_cl_box_blur_tuning_for_device (target->device);
  const GstCLBoxBlurLaunch *l = pass->launches;
  gsize w = plane->width, h = plane->height;

  fail_unless (pass->n_launches >= 1
      && pass->n_launches <= GST_CL_BOX_BLUR_MAX_LAUNCHES, "%s", what);
  for (guint i = 0; i < pass->n_launches; i++) {
    fail_unless (l[i].kernel < n_names (pp), "%s: launch %u of kernel %u",
        what, i, l[i].kernel);
    fail_unless (l[i].dims == 1 || l[i].dims == 2, "%s", what);
    fail_unless (l[i].size[0] >= 1, "%s: launch %u is empty", what, i);
    fail_unless (l[i].dims == 1 || l[i].size[1] >= 1, "%s", what);
    fail_unless (l[i].local_bytes[0] + l[i].local_bytes[1] <=
        target->device->local_mem_size, "%s: launch %u needs %" G_GSIZE_FORMAT
        " bytes of local memory", what, i,
        l[i].local_bytes[0] + l[i].local_bytes[1]);
    if (l[i].local[0])
      fail_unless (l[i].local[0] * (l[i].dims == 2 ? l[i].local[1] : 1) <=
          group_sizes[l[i].kernel], "%s: launch %u's groups too large", what,
          i);
  }

  switch (pass->strategy) {
    case GST_CL_BOX_BLUR_STRATEGY_CPU_BANDS:
      fail_unless (pp->cpu && target->vectors, "%s", what);
      fail_unless ((gsize) pass->n_bands * pass->band_rows >= h, "%s", what);
      fail_unless_equals_int (pass->band_rows, t->cpu_band_rows);
      fail_unless (l[1].size[0] * GST_CL_VECTOR_VALUES >= w * plane->channels,
          "%s", what);
      break;
    case GST_CL_BOX_BLUR_STRATEGY_LINES:
      fail_unless (target->vectors, "%s", what);
      fail_unless (l[0].size[0] == h && l[1].size[0] == w, "%s", what);
      break;
    case GST_CL_BOX_BLUR_STRATEGY_TILES:
      fail_if (target->vectors, "%s", what);
      fail_unless ((guint) pp->rx <= t->tile_radius
          && (guint) pp->ry <= t->tile_radius, "%s", what);
      fail_unless (l[0].size[0] * t->tile_w >= w, "%s", what);
      fail_unless (l[0].size[1] * t->tile_items_y * pass->tile_rows >= h,
          "%s", what);
      fail_unless (pass->chunk_h >= (gint) t->min_chunk_rows, "%s", what);
      fail_unless (l[0].local_bytes[0] + l[0].local_bytes[1] +
          t->local_mem_reserve <= target->device->local_mem_size, "%s", what);
      break;
    case GST_CL_BOX_BLUR_STRATEGY_SEGMENTS:
      fail_if (target->vectors, "%s", what);
      fail_unless (l[1].size[0] == w
          && l[1].size[1] * pass->segment_rows >= h, "%s", what);
      break;
    case GST_CL_BOX_BLUR_STRATEGY_SAT:
      fail_unless (l[2].size[0] == w && l[2].size[1] == h, "%s", what);
      break;
    case GST_CL_BOX_BLUR_STRATEGY_STRIPS:
      fail_unless (t->strips && !target->vectors
          && !pp->sums_64bit, "%s", what);
      fail_unless ((guint) MAX (pp->rx, pp->ry) <= t->strip_radius, "%s", what);
      fail_unless (l[0].size[0] * (t->strip_items - 2 * pp->rx) >= w, "%s",
          what);
      fail_unless (l[0].size[1] * pass->strip_rows >= h, "%s", what);
      fail_unless_equals_int (pass->strip_rows,
          (guint) pp->ry < t->tall_strip_ry ? t->short_strip_rows :
          t->tall_strip_rows);
      break;
    case GST_CL_BOX_BLUR_STRATEGY_WINDOWS:
      fail_if (target->vectors, "%s", what);
      fail_unless (l[0].size[0] * l[0].local[0] >= w, "%s", what);
      fail_unless (l[1].size[0] * pass->segment >= w && l[1].size[1] == h,
          "%s", what);
      fail_unless (l[0].local_bytes[0] + l[0].local_bytes[1] +
          t->local_mem_reserve <= target->device->local_mem_size, "%s", what);
      fail_unless (l[1].local_bytes[0] + l[1].local_bytes[1] +
          t->local_mem_reserve <= target->device->local_mem_size, "%s", what);
      break;
  }
  fail_unless (pass->scratch_bytes <= target->device->max_mem_alloc_size,
      "%s", what);
}

/* Whether the largest window's sum, plus half its count, fits in an int. */
static gboolean
int_sums_fit (const GstCLPlane * plane, gint rx, gint ry)
{
  guint64 count = MIN (2 * rx + 1, plane->width) *
      (guint64) MIN (2 * ry + 1, plane->height);

  return count * ((1u << plane->depth) - 1) + count / 2 <= G_MAXINT32;
}

/* One plane's plan against the table and the kernels' rules. */
static void
check_plane (const GstCLBoxBlurTarget * target, const GstCLPlane * plane,
    const GstCLBoxBlurSettings * settings, GstCLBoxBlurMethod method,
    const GstCLBoxBlurPlanePlan * pp, const gchar * what)
{
  gboolean groups = !target->vectors;

  fail_unless_equals_int (pp->rx, MIN (gst_cl_box_blur_plane_radius
          (settings->radius_x, plane->w_sub), (guint) plane->width - 1));
  fail_unless_equals_int (pp->ry, MIN (gst_cl_box_blur_plane_radius
          (settings->radius_y, plane->h_sub), (guint) plane->height - 1));
  fail_unless_equals_int (pp->sums_64bit,
      gst_cl_box_blur_needs_64bit_sums (plane, pp->rx, pp->ry));
  fail_unless (pp->variant < GST_CL_BOX_BLUR_N_VARIANTS, "%s", what);
  fail_unless (n_names (pp) >= 2 && n_names (pp) <= GST_CL_BOX_BLUR_N_KERNELS,
      "%s", what);

  /* CPU devices with buffers run the vector kernels, separable its own
   * where their int sums hold the windows */
  fail_unless_equals_int (pp->cpu, method == GST_CL_BOX_BLUR_METHOD_SEPARABLE
      && target->vectors && int_sums_fit (plane, pp->rx, pp->ry));
  if (pp->cpu) {
    fail_unless_equals_string (pp->kernel_names[0], "box_rows_vectors");
    fail_unless (g_str_has_prefix (pp->options, "-DGST_CL_VECTORS"), "%s: %s",
        what, pp->options);
  } else {
    fail_if (strstr (pp->options, "-DGST_CL_VECTORS") != NULL, "%s", what);
  }
  fail_unless_equals_int (strstr (pp->options, "-DGST_CL_GROUP_SCANS") !=
      NULL, groups && !pp->cpu);
  fail_unless_equals_int (strstr (pp->options, "-DSUM_64BIT") != NULL,
      pp->sums_64bit);

  /* NVIDIA's warp scans only where they build, and never in the options
   * the element falls back to */
  fail_unless_equals_int (pp->warps, target->warps_build && groups
      && !pp->cpu);
  fail_unless_equals_int (strstr (pp->options, "-DGST_CL_PTX_WARPS") != NULL,
      pp->warps);
  fail_if (strstr (pp->portable_options, "-DGST_CL_PTX_WARPS") != NULL);
  if (!pp->warps)
    fail_unless_equals_string (pp->options, pp->portable_options);

  /* 16-bit column sums never with 64-bit sums; anchors only for sat's
   * group kernels on 8-bit RGBA */
  fail_if (pp->short_columns && pp->sums_64bit, "%s", what);
  if (pp->anchored_columns)
    fail_unless (method == GST_CL_BOX_BLUR_METHOD_SAT && groups
        && plane->channels == 4 && plane->depth == 8, "%s", what);
}

static const GstVideoFormat formats[] = {
  GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_GRAY8, GST_VIDEO_FORMAT_GRAY16_LE,
  GST_VIDEO_FORMAT_NV12, GST_VIDEO_FORMAT_I420,
};

static const gint sizes[][2] = { {1, 1}, {333, 197}, {1920, 1080},
{7680, 4320}
};

static const GstCLBoxBlurMethod all_methods[] = {
  GST_CL_BOX_BLUR_METHOD_AUTO, GST_CL_BOX_BLUR_METHOD_SEPARABLE,
  GST_CL_BOX_BLUR_METHOD_SAT,
};

/* 0, 1, the largest, and every radius the table switches at, and either
 * side of it. */
static GArray *
radii_of (const GstCLBoxBlurTuning * t)
{
  const guint thresholds[] = { t->separable_radius,
    t->buffer_separable_radius, t->large_buffer_separable_radius,
    t->large_image_separable_radius, t->tile_radius, t->strip_radius,
    t->strip_image_radius, t->strip_parts_radius,
    t->strip_parts_image_radius, t->tall_strip_ry,
  };
  GArray *radii = g_array_new (FALSE, FALSE, sizeof (guint));
  guint fixed[] = { 0, 1, 300, GST_CL_BOX_BLUR_MAX_RADIUS };

  g_array_append_vals (radii, fixed, G_N_ELEMENTS (fixed));
  for (guint i = 0; i < G_N_ELEMENTS (thresholds); i++)
    for (gint d = -1; d <= 1; d++)
      if ((gint) thresholds[i] + d >= 0) {
        guint r = thresholds[i] + d;

        g_array_append_val (radii, r);
      }
  return radii;
}

/* Every class x size x format x radius x passes x method x storage: the
 * frame's plan and each plane's pass plan, with the kernels' group limit
 * the device's and 256 (NVIDIA's driver reports that for every kernel). */
GST_START_TEST (test_plans)
{
  GstCLDeviceInfo device = fake_device (__i__);
  const GstCLBoxBlurTuning *t = gst_cl_box_blur_tuning_for_device (&device);
  GArray *radii = radii_of (t);
  guint n_plans = 0;

  for (GstCLStorage storage = GST_CL_STORAGE_IMAGE;
      storage <= GST_CL_STORAGE_BUFFER; storage++)
    for (guint warps = 0; warps < 2; warps++)
      for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
        for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
          for (guint r = 0; r < radii->len; r++)
            for (guint m = 0; m < G_N_ELEMENTS (all_methods); m++) {
              GstCLBoxBlurTarget target = make_target (&device, storage,
                  warps);
              GstCLBoxBlurSettings settings = {
                .radius_x = g_array_index (radii, guint, r),
                .radius_y = g_array_index (radii, guint, (r + s) % radii->len),
                .passes = 1 + 2 * (r % 2),
                .method = all_methods[m],
              };
              GstCLBoxBlurPlan plan;
              GstCLFrame frame;
              GError *error = NULL;
              gchar *what;

              frame_of (formats[f], sizes[s][0], sizes[s][1], storage,
                  &frame);
              what = g_strdup_printf ("%s, %s %dx%d %s, radius %u x %u, "
                  "method %d, %s, warps %u", gst_cl_device_class_name
                  (device.device_class), gst_video_format_to_string
                  (formats[f]), sizes[s][0], sizes[s][1],
                  storage == GST_CL_STORAGE_IMAGE ? "images" : "buffers",
                  settings.radius_x, settings.radius_y, settings.method,
                  target.vectors ? "vectors" : "group scans", warps);
              fail_unless (gst_cl_box_blur_plan (&target, &frame, &settings,
                      &plan, &error), "%s: %s", what,
                  error ? error->message : "");
              fail_unless (plan.method != GST_CL_BOX_BLUR_METHOD_AUTO, "%s",
                  what);
              if (settings.method != GST_CL_BOX_BLUR_METHOD_AUTO)
                fail_unless_equals_int (plan.method, settings.method);
              fail_unless_equals_int (plan.n_planes, frame.n_planes);
              fail_unless_equals_int (plan.spare_images,
                  settings.passes > 1 && storage == GST_CL_STORAGE_IMAGE);
              for (guint p = 0; p < plan.n_planes; p++) {
                const GstCLPlane *plane = &frame.planes[p];
                gsize limits[2] = { device.max_work_group_size, 256 };

                fail_unless (plan.spare_bytes >= (settings.passes > 1
                        && storage == GST_CL_STORAGE_BUFFER ?
                        plane_bytes (plane) : 0), "%s", what);
                check_plane (&target, plane, &settings, plan.method,
                    &plan.boxes[0][p], what);
                for (guint g = 0; g < G_N_ELEMENTS (limits); g++) {
                  gsize group_sizes[GST_CL_BOX_BLUR_N_KERNELS];
                  GstCLBoxBlurPassPlan pass;

                  group_sizes_of (limits[g], group_sizes);
                  gst_cl_box_blur_plan_pass (&target, plane, plan.method,
                      &plan.boxes[0][p], group_sizes, &pass);
                  fail_unless_equals_int (pass.strategy ==
                      GST_CL_BOX_BLUR_STRATEGY_CPU_BANDS, plan.boxes[0][p].cpu);
                  check_launches (&target, plane, &plan.boxes[0][p], &pass,
                      group_sizes, what);
                }
              }
              g_free (what);
              n_plans++;
            }
  GST_INFO ("%s: %u plans", gst_cl_device_class_name (device.device_class),
      n_plans);
  g_array_unref (radii);
}

GST_END_TEST;

/* The strategy of a pass of @method over the first plane of an RGBA
 * frame of @width x @height at radii @rx, @ry. */
static GstCLBoxBlurStrategy
strategy_at (const GstCLDeviceInfo * device, GstCLStorage storage,
    GstCLBoxBlurMethod method, gint width, gint height, guint rx, guint ry)
{
  GstCLBoxBlurTarget target = make_target (device, storage, TRUE);
  GstCLBoxBlurSettings settings = {.radius_x = rx,.radius_y = ry,
    .passes = 1,.method = method
  };
  gsize group_sizes[GST_CL_BOX_BLUR_N_KERNELS];
  GstCLBoxBlurPassPlan pass;
  GstCLBoxBlurPlan plan;
  GstCLFrame frame;

  frame_of (GST_VIDEO_FORMAT_RGBA, width, height, storage, &frame);
  fail_unless (gst_cl_box_blur_plan (&target, &frame, &settings, &plan,
          NULL));
  group_sizes_of (device->max_work_group_size, group_sizes);
  gst_cl_box_blur_plan_pass (&target, &frame.planes[0], plan.method,
      &plan.boxes[0][0], group_sizes, &pass);
  return pass.strategy;
}

/* The table's radii switch the kernels exactly at their values. */
GST_START_TEST (test_thresholds_switch)
{
  GstCLDeviceInfo nvidia = fake_device (GST_CL_DEVICE_CLASS_NVIDIA_GPU);
  const GstCLBoxBlurTuning *t = gst_cl_box_blur_tuning_for_device (&nvidia);
  const guint tile = t->tile_radius;

  for (GstCLDeviceClass c = GST_CL_DEVICE_CLASS_NVIDIA_GPU;
      c <= GST_CL_DEVICE_CLASS_GPU; c++) {
    GstCLDeviceInfo device = fake_device (c);
    const GstCLBoxBlurTuning *tc = gst_cl_box_blur_tuning (c);

    /* separable's tiles up to tile_radius, then the segments */
    fail_unless_equals_int (strategy_at (&device, GST_CL_STORAGE_IMAGE,
            GST_CL_BOX_BLUR_METHOD_SEPARABLE, 640, 480, tc->tile_radius, 1),
        GST_CL_BOX_BLUR_STRATEGY_TILES);
    fail_unless_equals_int (strategy_at (&device, GST_CL_STORAGE_IMAGE,
            GST_CL_BOX_BLUR_METHOD_SEPARABLE, 640, 480, 1,
            tc->tile_radius + 1), GST_CL_BOX_BLUR_STRATEGY_SEGMENTS);
    /* sat's strips only where the table has them */
    fail_unless_equals_int (strategy_at (&device, GST_CL_STORAGE_BUFFER,
            GST_CL_BOX_BLUR_METHOD_SAT, 640, 480, 1, 1) ==
        GST_CL_BOX_BLUR_STRATEGY_STRIPS, tc->strips);
  }
  fail_unless (tile > 0);

  /* sat's strips up to strip_radius in buffers, strip_image_radius in
   * images, the two window kernels above (RGBA 1080p: whole columns) */
  fail_unless_equals_int (strategy_at (&nvidia, GST_CL_STORAGE_BUFFER,
          GST_CL_BOX_BLUR_METHOD_SAT, 1920, 1080, t->strip_radius,
          t->strip_radius), GST_CL_BOX_BLUR_STRATEGY_STRIPS);
  fail_unless_equals_int (strategy_at (&nvidia, GST_CL_STORAGE_BUFFER,
          GST_CL_BOX_BLUR_METHOD_SAT, 1920, 1080, t->strip_radius + 1, 1),
      GST_CL_BOX_BLUR_STRATEGY_WINDOWS);
  fail_unless_equals_int (strategy_at (&nvidia, GST_CL_STORAGE_IMAGE,
          GST_CL_BOX_BLUR_METHOD_SAT, 1920, 1080, t->strip_image_radius, 1),
      GST_CL_BOX_BLUR_STRATEGY_STRIPS);
  fail_unless_equals_int (strategy_at (&nvidia, GST_CL_STORAGE_IMAGE,
          GST_CL_BOX_BLUR_METHOD_SAT, 1920, 1080, 1,
          t->strip_image_radius + 1), GST_CL_BOX_BLUR_STRATEGY_WINDOWS);
  /* where column_windows copies its columns in parts (RGBA 20x1700 with
   * 48 KiB), strip_parts_radius */
  fail_unless_equals_int (strategy_at (&nvidia, GST_CL_STORAGE_BUFFER,
          GST_CL_BOX_BLUR_METHOD_SAT, 20, 1700, t->strip_parts_radius,
          t->strip_parts_radius), GST_CL_BOX_BLUR_STRATEGY_STRIPS);
  fail_unless_equals_int (strategy_at (&nvidia, GST_CL_STORAGE_BUFFER,
          GST_CL_BOX_BLUR_METHOD_SAT, 20, 1700, 1,
          t->strip_parts_radius + 1), GST_CL_BOX_BLUR_STRATEGY_WINDOWS);
  fail_unless_equals_int (strategy_at (&nvidia, GST_CL_STORAGE_IMAGE,
          GST_CL_BOX_BLUR_METHOD_SAT, 20, 1700, t->strip_parts_image_radius,
          1), GST_CL_BOX_BLUR_STRATEGY_STRIPS);
  fail_unless_equals_int (strategy_at (&nvidia, GST_CL_STORAGE_IMAGE,
          GST_CL_BOX_BLUR_METHOD_SAT, 20, 1700,
          t->strip_parts_image_radius + 1, 1),
      GST_CL_BOX_BLUR_STRATEGY_WINDOWS);
}

GST_END_TEST;

/* auto's method on GPUs switches at the table's radius for the plane's
 * size and storage, along either axis; CPU devices take separable. */
GST_START_TEST (test_auto_switch)
{
  for (GstCLDeviceClass c = 0; c < GST_CL_DEVICE_N_CLASSES; c++) {
    GstCLDeviceInfo device = fake_device (c);
    const GstCLBoxBlurTuning *t = gst_cl_box_blur_tuning_for_device (&device);

    for (GstCLStorage storage = GST_CL_STORAGE_IMAGE;
        storage <= GST_CL_STORAGE_BUFFER; storage++)
      for (guint s = 1; s < G_N_ELEMENTS (sizes); s++)
        for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
          GstCLFrame frame;
          const GstCLPlane *luma = &frame.planes[0];
          guint radius;
          GstCLBoxBlurMethod at, above_x, above_y;

          frame_of (formats[f], sizes[s][0], sizes[s][1], storage, &frame);
          radius = gpu_radius (t, storage, luma);
          fail_unless (gst_cl_box_blur_choose_method (&device, storage,
                  GST_CL_BOX_BLUR_METHOD_AUTO, luma, radius, radius, &at,
                  NULL));
          fail_unless (gst_cl_box_blur_choose_method (&device, storage,
                  GST_CL_BOX_BLUR_METHOD_AUTO, luma, radius + 1, radius,
                  &above_x, NULL));
          fail_unless (gst_cl_box_blur_choose_method (&device, storage,
                  GST_CL_BOX_BLUR_METHOD_AUTO, luma, radius, radius + 1,
                  &above_y, NULL));
          if (gst_cl_device_class_is_cpu (c)) {
            fail_unless_equals_int (at, GST_CL_BOX_BLUR_METHOD_SEPARABLE);
            fail_unless_equals_int (above_x,
                GST_CL_BOX_BLUR_METHOD_SEPARABLE);
            continue;
          }
          fail_unless_equals_int (at, GST_CL_BOX_BLUR_METHOD_SEPARABLE);
          fail_unless_equals_int (above_x, GST_CL_BOX_BLUR_METHOD_SAT);
          fail_unless_equals_int (above_y, GST_CL_BOX_BLUR_METHOD_SAT);
        }
  }
}

GST_END_TEST;

/* What the table itself must hold. */
GST_START_TEST (test_table)
{
  for (GstCLDeviceClass c = 0; c < GST_CL_DEVICE_N_CLASSES; c++) {
    const GstCLBoxBlurTuning *t = gst_cl_box_blur_tuning (c);
    GstCLDeviceInfo device = fake_device (c);

    /* rows are keyed by class: NVIDIA's for any device with its warps */
    fail_unless (gst_cl_box_blur_tuning_for_device (&device) == t);
    device.ptx_warps = TRUE;
    fail_unless (gst_cl_box_blur_tuning_for_device (&device) ==
        gst_cl_box_blur_tuning (GST_CL_DEVICE_CLASS_NVIDIA_GPU));

    /* box_tiles's 16-bit row-window sums of 8-bit planes hold its radius */
    fail_unless ((2 * t->tile_radius + 1) * 255 <= G_MAXUINT16);
    fail_unless (t->tile_w % t->tile_hsum_run == 0);
    fail_unless (t->tall_tile_rows >= t->short_tile_rows);
    /* a strip keeps columns of its own beyond its windows' reach */
    fail_unless (t->strip_items > 2 * t->strip_radius);
    fail_unless (t->strip_radius >= t->strip_image_radius
        && t->strip_radius >= t->strip_parts_radius
        && t->strip_image_radius >= t->strip_parts_image_radius);
    fail_unless (t->cpu_band_rows > 0 && t->segment_rows > 0
        && t->scan_run > 0 && t->row_windows_run > 0);
    /* buffers preferred up to the strips' radius, only where they run */
    fail_unless (!t->prefers_buffers || t->strips);
    fail_unless_equals_int (t->strips, c == GST_CL_DEVICE_CLASS_NVIDIA_GPU);
  }
}

GST_END_TEST;

GST_START_TEST (test_plane_radius)
{
  static const guint halves[][2] = { {0, 0}, {1, 1}, {2, 1}, {3, 2},
  {4, 2}, {63, 32}, {8192, 4096}
  };

  for (guint i = 0; i < G_N_ELEMENTS (halves); i++) {
    fail_unless_equals_int (gst_cl_box_blur_plane_radius (halves[i][0], 0),
        halves[i][0]);
    fail_unless_equals_int (gst_cl_box_blur_plane_radius (halves[i][0], 1),
        halves[i][1]);
  }
}

GST_END_TEST;

/* Where window sums (plus half the count) need 64 bits: 16-bit windows of
 * 255 x 255 still fit, 257 x 257 do not; 8-bit ones of 4099 x 4099 fit,
 * 4101 x 4101 do not; RGBA windows of 4200 x 4200 need them. */
GST_START_TEST (test_64bit_sums)
{
  GstCLPlane gray16 = {.width = 300,.height = 280,.channels = 1,.depth = 16 };
  GstCLPlane gray8 = {.width = 8192,.height = 8192,.channels = 1,.depth = 8 };
  GstCLPlane rgba = {.width = 4200,.height = 4200,.channels = 4,.depth = 8 };

  fail_if (gst_cl_box_blur_needs_64bit_sums (&gray16, 127, 127));
  fail_unless (gst_cl_box_blur_needs_64bit_sums (&gray16, 128, 128));
  fail_if (gst_cl_box_blur_needs_64bit_sums (&gray8, 2049, 2049));
  fail_unless (gst_cl_box_blur_needs_64bit_sums (&gray8, 2050, 2050));
  fail_unless (gst_cl_box_blur_needs_64bit_sums (&rgba, 2100, 2100));
}

GST_END_TEST;

/* gst_cl_box_blur_choose_method () succeeds for @requested over @plane
 * at radii @rx, @ry and chooses @expected. */
static void
assert_chosen (const GstCLDeviceInfo * device, GstCLStorage storage,
    GstCLBoxBlurMethod requested, const GstCLPlane * plane, guint rx,
    guint ry, GstCLBoxBlurMethod expected)
{
  GstCLBoxBlurMethod chosen = GST_CL_BOX_BLUR_METHOD_AUTO;
  GError *error = NULL;

  fail_unless (gst_cl_box_blur_choose_method (device, storage, requested,
          plane, rx, ry, &chosen, &error), "%dx%d, %u channels, radius %u x "
      "%u: %s", plane->width, plane->height, plane->channels, rx, ry,
      error ? error->message : "");
  fail_unless (chosen == expected, "%dx%d, %u channels, %s, radius %u x %u: "
      "method %d, expected %d", plane->width, plane->height, plane->channels,
      storage == GST_CL_STORAGE_IMAGE ? "images" : "buffers", rx, ry, chosen,
      expected);
}

/* auto's choice and the device's allocation limit. */
GST_START_TEST (test_choose_method)
{
  GstCLDeviceInfo device = {.device_name = (gchar *) "test device",
    .type = CL_DEVICE_TYPE_CPU,.device_class = GST_CL_DEVICE_CLASS_CPU,
    .max_mem_alloc_size = G_GUINT64_CONSTANT (1) << 31
  };
  GstCLPlane plane = {.width = 1920,.height = 1080,.channels = 4,.depth = 8 };
  GstCLBoxBlurMethod chosen = GST_CL_BOX_BLUR_METHOD_AUTO;
  GError *error = NULL;

  assert_chosen (&device, GST_CL_STORAGE_BUFFER, GST_CL_BOX_BLUR_METHOD_SAT,
      &plane, 8, 8, GST_CL_BOX_BLUR_METHOD_SAT);
  assert_chosen (&device, GST_CL_STORAGE_BUFFER,
      GST_CL_BOX_BLUR_METHOD_SEPARABLE, &plane, 8, 8,
      GST_CL_BOX_BLUR_METHOD_SEPARABLE);
  /* On CPU devices separable runs kernels of its own, the faster there;
   * on GPUs separable up to radius 14 along both axes, sat above. */
  assert_chosen (&device, GST_CL_STORAGE_BUFFER, GST_CL_BOX_BLUR_METHOD_AUTO,
      &plane, 8, 8, GST_CL_BOX_BLUR_METHOD_SEPARABLE);
  device.type = CL_DEVICE_TYPE_GPU;
  device.device_class = GST_CL_DEVICE_CLASS_GPU;
  assert_chosen (&device, GST_CL_STORAGE_BUFFER, GST_CL_BOX_BLUR_METHOD_AUTO,
      &plane, 8, 14, GST_CL_BOX_BLUR_METHOD_SEPARABLE);
  assert_chosen (&device, GST_CL_STORAGE_BUFFER, GST_CL_BOX_BLUR_METHOD_AUTO,
      &plane, 8, 15, GST_CL_BOX_BLUR_METHOD_SAT);
  assert_chosen (&device, GST_CL_STORAGE_BUFFER, GST_CL_BOX_BLUR_METHOD_AUTO,
      &plane, 15, 8, GST_CL_BOX_BLUR_METHOD_SAT);
  /* On NVIDIA's GPUs with frames in buffers, separable up to radius 8
   * (sat's one-pass strips above), in images still up to 14. */
  device.ptx_warps = TRUE;
  device.device_class = GST_CL_DEVICE_CLASS_NVIDIA_GPU;
  assert_chosen (&device, GST_CL_STORAGE_BUFFER, GST_CL_BOX_BLUR_METHOD_AUTO,
      &plane, 8, 8, GST_CL_BOX_BLUR_METHOD_SEPARABLE);
  assert_chosen (&device, GST_CL_STORAGE_BUFFER, GST_CL_BOX_BLUR_METHOD_AUTO,
      &plane, 8, 9, GST_CL_BOX_BLUR_METHOD_SAT);
  assert_chosen (&device, GST_CL_STORAGE_IMAGE, GST_CL_BOX_BLUR_METHOD_AUTO,
      &plane, 9, 14, GST_CL_BOX_BLUR_METHOD_SEPARABLE);
  /* ... but only up to 9 in images of planes of 24 MiB or more (RGBA 4K,
   * 31.6 MiB), and up to 5 in buffers; GRAY8 4K (7.9 MiB) keeps 14 and 8. */
  plane.width = 3840;
  plane.height = 2160;
  assert_chosen (&device, GST_CL_STORAGE_IMAGE, GST_CL_BOX_BLUR_METHOD_AUTO,
      &plane, 9, 9, GST_CL_BOX_BLUR_METHOD_SEPARABLE);
  assert_chosen (&device, GST_CL_STORAGE_IMAGE, GST_CL_BOX_BLUR_METHOD_AUTO,
      &plane, 10, 9, GST_CL_BOX_BLUR_METHOD_SAT);
  /* and in buffers the strips from radius 6 there */
  assert_chosen (&device, GST_CL_STORAGE_BUFFER, GST_CL_BOX_BLUR_METHOD_AUTO,
      &plane, 5, 5, GST_CL_BOX_BLUR_METHOD_SEPARABLE);
  assert_chosen (&device, GST_CL_STORAGE_BUFFER, GST_CL_BOX_BLUR_METHOD_AUTO,
      &plane, 5, 6, GST_CL_BOX_BLUR_METHOD_SAT);
  plane.channels = 1;
  assert_chosen (&device, GST_CL_STORAGE_IMAGE, GST_CL_BOX_BLUR_METHOD_AUTO,
      &plane, 14, 14, GST_CL_BOX_BLUR_METHOD_SEPARABLE);
  assert_chosen (&device, GST_CL_STORAGE_BUFFER, GST_CL_BOX_BLUR_METHOD_AUTO,
      &plane, 8, 8, GST_CL_BOX_BLUR_METHOD_SEPARABLE);
  /* another GPU: 14 at any size */
  device.ptx_warps = FALSE;
  device.device_class = GST_CL_DEVICE_CLASS_GPU;
  plane.channels = 4;
  assert_chosen (&device, GST_CL_STORAGE_IMAGE, GST_CL_BOX_BLUR_METHOD_AUTO,
      &plane, 14, 14, GST_CL_BOX_BLUR_METHOD_SEPARABLE);
  plane.width = 1920;
  plane.height = 1080;
  device.type = CL_DEVICE_TYPE_CPU;
  device.device_class = GST_CL_DEVICE_CLASS_CPU;

  /* A 1920x1080 RGBA SAT of 32-bit entries is 1921 * 1081 * 16 bytes. */
  device.max_mem_alloc_size = 1920 * 1080 * 16;
  fail_if (gst_cl_box_blur_choose_method (&device, GST_CL_STORAGE_BUFFER,
          GST_CL_BOX_BLUR_METHOD_SAT, &plane, 8, 8, &chosen, &error));
  fail_unless (g_error_matches (error, GST_CL_ERROR,
          GST_CL_ERROR_UNSUPPORTED));
  fail_unless (strstr (error->message, "method=sat") != NULL, "%s",
      error->message);
  g_clear_error (&error);
  assert_chosen (&device, GST_CL_STORAGE_BUFFER, GST_CL_BOX_BLUR_METHOD_AUTO,
      &plane, 8, 8, GST_CL_BOX_BLUR_METHOD_SEPARABLE);

  /* Where neither fits, auto's error names no method the user did not
   * set. */
  device.max_mem_alloc_size = 1 << 20;
  fail_if (gst_cl_box_blur_choose_method (&device, GST_CL_STORAGE_BUFFER,
          GST_CL_BOX_BLUR_METHOD_AUTO, &plane, 8, 8, &chosen, &error));
  fail_unless (strstr (error->message, "1920x1080") != NULL
      && strstr (error->message, "method=") == NULL, "%s", error->message);
  g_clear_error (&error);
}

GST_END_TEST;

GST_START_TEST (test_storage_rule)
{
  GstCLDeviceInfo device = {.device_name = (gchar *) "test device",
    .type = CL_DEVICE_TYPE_GPU
  };

  for (guint i = 0; i < G_N_ELEMENTS (storage_rule_cases); i++) {
    GstVideoFormat format = storage_rule_cases[i].format;
    gint rx = storage_rule_cases[i].rx, ry = storage_rule_cases[i].ry;
    GstVideoInfo info;
    GstCLFrame layout;
    const GstCLPlane *plane = &layout.planes[0];

    gst_video_info_set_format (&info, format, 1920, 1080);
    fail_unless (gst_cl_frame_layout (&layout, &info, GST_CL_STORAGE_BUFFER));
    device.ptx_warps = TRUE;
    device.device_class = GST_CL_DEVICE_CLASS_NVIDIA_GPU;
    fail_unless_equals_int (gst_cl_box_blur_prefers_buffers (&device, plane,
            rx, ry), storage_rule_cases[i].buffers);
    device.ptx_warps = FALSE;
    device.device_class = GST_CL_DEVICE_CLASS_GPU;
    fail_if (gst_cl_box_blur_prefers_buffers (&device, plane, rx, ry),
        "%s radius %d x %d: buffers on a GPU that is not NVIDIA's",
        gst_video_format_to_string (format), rx, ry);
  }
}

GST_END_TEST;

/* sigma's boxes, worked out by hand from Kovesi's construction: wl the
 * largest odd integer up to sqrt (4 sigma^2 + 1), m rounded (halves away
 * from 0) from (12 sigma^2 - 3 wl^2 - 12 wl - 9) / (-4 wl - 4); at whole
 * sigmas that quotient is 1.5 exactly, so two boxes of 2 sigma - 1 and
 * one of 2 sigma + 1. */
static const struct
{
  gdouble sigma;
  guint widths[GST_CL_BOX_BLUR_GAUSSIAN_PASSES];
} gaussian_cases[] = {
  {0, {1, 1, 1}},
  {0.5, {1, 1, 1}},             /* m = round (2.625) = 3 */
  {0.6, {1, 1, 3}},             /* m = round (2.46) = 2 */
  {1, {1, 1, 3}},
  {1.5, {3, 3, 3}},             /* w = sqrt (10), m = round (2.81) */
  {2, {3, 3, 5}},
  {2.5, {5, 5, 5}},
  {3, {5, 5, 7}},
  {7.5, {15, 15, 15}},
  {10, {19, 19, 21}},
  {30, {59, 59, 61}},
  {100, {199, 199, 201}},
  {GST_CL_BOX_BLUR_MAX_SIGMA, {16383, 16383, 16385}},
};

GST_START_TEST (test_gaussian_widths)
{
  for (guint i = 0; i < G_N_ELEMENTS (gaussian_cases); i++) {
    guint widths[GST_CL_BOX_BLUR_GAUSSIAN_PASSES];

    gst_cl_box_blur_gaussian_widths (gaussian_cases[i].sigma, widths);
    for (guint k = 0; k < GST_CL_BOX_BLUR_GAUSSIAN_PASSES; k++)
      fail_unless_equals_int (widths[k], gaussian_cases[i].widths[k]);
  }
}

GST_END_TEST;

/* Over sigmas from 0.01 to the largest: odd widths, the narrower first,
 * at most 2 apart, radii up to the largest radius, and the variance of
 * the three boxes, sum (w^2 - 1) / 12, within the construction's bound
 * of sigma^2: half a step of m, (wl + 1) / 6. */
GST_START_TEST (test_gaussian_variance)
{
  guint n = 0;

  for (gdouble sigma = 0.01; sigma <= GST_CL_BOX_BLUR_MAX_SIGMA;
      sigma = sigma < 64 ? sigma + 0.01 : sigma * 1.01, n++) {
    guint w[GST_CL_BOX_BLUR_GAUSSIAN_PASSES];
    gdouble variance = 0;

    gst_cl_box_blur_gaussian_widths (sigma, w);
    for (guint k = 0; k < GST_CL_BOX_BLUR_GAUSSIAN_PASSES; k++) {
      fail_unless (w[k] % 2 == 1, "sigma %g: width %u", sigma, w[k]);
      fail_unless (w[k] / 2 <= GST_CL_BOX_BLUR_MAX_RADIUS, "sigma %g", sigma);
      fail_unless (w[k] >= w[0] && w[k] <= w[0] + 2, "sigma %g", sigma);
      fail_unless (k == 0 || w[k] >= w[k - 1], "sigma %g", sigma);
      variance += (w[k] * (gdouble) w[k] - 1) / 12;
    }
    fail_unless (fabs (variance - sigma * sigma) <= (w[0] + 1) / 6.0 + 1e-9,
        "sigma %g: variance %g", sigma, variance);
  }
  GST_INFO ("%u sigmas", n);
}

GST_END_TEST;

/* sigma's passes: three, each with its box's radii on every plane, the
 * chroma planes' those of sigma / 2; the method for the widest box; the
 * frame unchanged only where every box is 1 wide. Radii and passes do
 * not count while sigma is set. */
GST_START_TEST (test_sigma_plans)
{
  GstCLDeviceInfo device = fake_device (GST_CL_DEVICE_CLASS_GPU);
  GstCLBoxBlurTarget target = make_target (&device, GST_CL_STORAGE_BUFFER,
      FALSE);
  const GstCLBoxBlurTuning *t = gst_cl_box_blur_tuning_for_device (&device);

  for (guint i = 0; i < G_N_ELEMENTS (gaussian_cases); i++) {
    GstCLBoxBlurSettings settings = {.radius_x = 7,.radius_y = 300,
      .passes = 5,.method = GST_CL_BOX_BLUR_METHOD_AUTO,
      .sigma = gaussian_cases[i].sigma,
    };
    const guint *w = gaussian_cases[i].widths;
    guint chroma[GST_CL_BOX_BLUR_GAUSSIAN_PASSES], rx, ry;
    GstCLBoxBlurPlan plan;
    GstCLFrame frame;

    if (settings.sigma == 0)
      continue;
    frame_of (GST_VIDEO_FORMAT_I420, 16384, 16384, GST_CL_STORAGE_BUFFER,
        &frame);
    fail_unless (gst_cl_box_blur_plan (&target, &frame, &settings, &plan,
            NULL));
    gst_cl_box_blur_gaussian_widths (settings.sigma / 2, chroma);
    fail_unless_equals_int (gst_cl_box_blur_passes (&settings),
        GST_CL_BOX_BLUR_GAUSSIAN_PASSES);
    fail_unless_equals_int (plan.passes, GST_CL_BOX_BLUR_GAUSSIAN_PASSES);
    fail_unless_equals_int (plan.n_boxes, GST_CL_BOX_BLUR_GAUSSIAN_PASSES);
    fail_unless_equals_int (plan.n_spares, 1);
    fail_unless (plan.spare_bytes >= 16384 * 16384);
    for (guint k = 0; k < GST_CL_BOX_BLUR_GAUSSIAN_PASSES; k++) {
      fail_unless_equals_int (gst_cl_box_blur_plan_box (&plan, k), k);
      for (guint p = 0; p < plan.n_planes; p++) {
        guint want = p == 0 ? w[k] / 2 : chroma[k] / 2;

        fail_unless_equals_int (plan.boxes[k][p].rx, want);
        fail_unless_equals_int (plan.boxes[k][p].ry, want);
      }
    }
    gst_cl_box_blur_largest_radii (&settings, &rx, &ry);
    fail_unless_equals_int (rx, w[2] / 2);
    fail_unless_equals_int (ry, w[2] / 2);
    fail_unless_equals_int (plan.method, w[2] / 2 <= t->buffer_separable_radius
        ? GST_CL_BOX_BLUR_METHOD_SEPARABLE : GST_CL_BOX_BLUR_METHOD_SAT);
    fail_unless_equals_int (gst_cl_box_blur_is_identity (&settings), w[2] == 1);
  }
}

GST_END_TEST;

/* Regions widened by the margin and clipped to a 100x60 frame, in the
 * frame or one of its two fields. */
static const struct
{
  GstCLBoxBlurRegion region;
  guint margin;
  guint field, fields;
  gboolean inside;
  GstVideoRectangle rect;
} region_cases[] = {
  {{10, 20, 30, 5}, 0, 0, 1, TRUE, {10, 20, 30, 5}},
  {{10, 20, 30, 5}, 3, 0, 1, TRUE, {7, 17, 36, 11}},
  {{0, 0, 100, 60}, 0, 0, 1, TRUE, {0, 0, 100, 60}},
  {{95, 55, 50, 50}, 0, 0, 1, TRUE, {95, 55, 5, 5}},
  {{2, 1, 3, 3}, 5, 0, 1, TRUE, {0, 0, 10, 9}},
  {{100, 10, 5, 5}, 0, 0, 1, FALSE},    /* right of the frame */
  {{100, 10, 5, 5}, 1, 0, 1, TRUE, {99, 9, 1, 7}},      /* the margin in */
  {{10, 60, 5, 5}, 0, 0, 1, FALSE},     /* below */
  {{10, 10, 0, 5}, 4, 0, 1, FALSE},     /* empty, margin or not */
  {{10, 10, 5, 0}, 4, 0, 1, FALSE},
  {{G_MAXUINT, G_MAXUINT, G_MAXUINT, G_MAXUINT}, G_MAXINT, 0, 1, FALSE},
  {{G_MAXUINT - 5, 3, 10, 10}, 0, 0, 1, FALSE},
  {{3, 3, G_MAXUINT, G_MAXUINT}, 0, 0, 1, TRUE, {3, 3, 97, 57}},
  {{50, 30, 1, 1}, G_MAXINT, 0, 1, TRUE, {0, 0, 100, 60}},
  /* frame rows 3 .. 11: the top field's 4, 6, 8, 10 (its rows 2 .. 5),
   * the bottom field's 3, 5, 7, 9, 11 (1 .. 5) */
  {{0, 3, 10, 9}, 0, 0, 2, TRUE, {0, 2, 10, 4}},
  {{0, 3, 10, 9}, 0, 1, 2, TRUE, {0, 1, 10, 5}},
  /* one frame row: in one field only */
  {{0, 7, 10, 1}, 0, 0, 2, FALSE},
  {{0, 7, 10, 1}, 0, 1, 2, TRUE, {0, 3, 10, 1}},
  {{0, 58, 10, 10}, 0, 1, 2, TRUE, {0, 29, 10, 1}},
};

GST_START_TEST (test_region_rect)
{
  for (guint i = 0; i < G_N_ELEMENTS (region_cases); i++) {
    GstVideoRectangle rect;
    gboolean inside = gst_cl_box_blur_region_rect (&region_cases[i].region,
        region_cases[i].margin, 100, 60, region_cases[i].field,
        region_cases[i].fields, &rect);

    fail_unless_equals_int (inside, region_cases[i].inside);
    if (!inside)
      continue;
    fail_unless (rect.x == region_cases[i].rect.x
        && rect.y == region_cases[i].rect.y
        && rect.w == region_cases[i].rect.w
        && rect.h == region_cases[i].rect.h,
        "case %u: %d,%d %dx%d", i, rect.x, rect.y, rect.w, rect.h);
  }
}

GST_END_TEST;

/* A rectangle of the frame on I420's chroma planes (of 50x30 for 99x59),
 * rounded outward. */
GST_START_TEST (test_plane_rect)
{
  static const struct
  {
    GstVideoRectangle luma, chroma;
  } cases[] = {
    {{0, 0, 2, 2}, {0, 0, 1, 1}},
    {{1, 1, 1, 1}, {0, 0, 1, 1}},
    {{1, 1, 2, 2}, {0, 0, 2, 2}},
    {{3, 4, 4, 1}, {1, 2, 3, 1}},
    {{97, 57, 2, 2}, {48, 28, 2, 2}},
    {{98, 58, 1, 1}, {49, 29, 1, 1}},
  };
  GstCLFrame frame;

  frame_of (GST_VIDEO_FORMAT_I420, 99, 59, GST_CL_STORAGE_BUFFER, &frame);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    GstVideoRectangle luma, chroma;

    fail_unless (gst_cl_box_blur_plane_rect (&cases[i].luma, &frame.planes[0],
            &luma));
    fail_unless (memcmp (&luma, &cases[i].luma, sizeof (luma)) == 0);
    fail_unless (gst_cl_box_blur_plane_rect (&cases[i].luma, &frame.planes[1],
            &chroma));
    fail_unless (chroma.x == cases[i].chroma.x
        && chroma.y == cases[i].chroma.y && chroma.w == cases[i].chroma.w
        && chroma.h == cases[i].chroma.h, "case %u: %d,%d %dx%d", i,
        chroma.x, chroma.y, chroma.w, chroma.h);
  }
}

GST_END_TEST;

static gboolean
rect_within (const GstVideoRectangle * inner, const GstVideoRectangle * outer)
{
  return inner->x >= outer->x && inner->y >= outer->y
      && inner->x + inner->w <= outer->x + outer->w
      && inner->y + inner->h <= outer->y + outer->h;
}

/* The region plan of @regions against what makes it exact and what the
 * tuning asks: every plane's rectangles (each region's, where it is not
 * empty) in a job whose part holds the rectangle widened by the passes'
 * reach, within the plane; at most region_max_parts parts, and a single
 * part, the whole plane, where they cover region_whole_percent of it. */
static GstCLBoxBlurRegionPlan
check_regions (const GstCLBoxBlurTarget * target, const GstCLFrame * frame,
    const GstCLBoxBlurPlan * plan, const GstCLBoxBlurRegion * regions,
    guint n_regions, guint margin, const gchar * what)
{
  const GstCLBoxBlurTuning *t =
      gst_cl_box_blur_tuning_for_device (target->device);
  GstCLBoxBlurRegionPlan rplan;

  gst_cl_box_blur_plan_regions (target, frame, plan, regions, n_regions,
      margin, 0, 1, &rplan);
  fail_unless_equals_int (rplan.n_planes, frame->n_planes);
  for (guint p = 0; p < frame->n_planes; p++) {
    const GstCLPlane *plane = &frame->planes[p];
    const GstCLBoxBlurPlaneRegions *pr = &rplan.planes[p];
    GstVideoRectangle whole = { 0, 0, plane->width, plane->height };
    gint reach_x, reach_y;
    guint n_rects = 0, covered = 0;
    gint64 area = 0;

    gst_cl_box_blur_plane_reach (plan, p, &reach_x, &reach_y);
    for (guint i = 0; i < n_regions; i++) {
      GstVideoRectangle rect, plane_rect;

      if (gst_cl_box_blur_region_rect (&regions[i], margin,
              frame->planes[0].width, frame->planes[0].height, 0, 1, &rect)
          && gst_cl_box_blur_plane_rect (&rect, plane, &plane_rect))
        n_rects++;
    }
    fail_unless_equals_int (pr->rects->len, n_rects);
    fail_unless (pr->jobs->len <= MAX (t->region_max_parts, 1), "%s", what);
    fail_unless_equals_int (pr->jobs->len > 0, n_rects > 0);
    for (guint j = 0; j < pr->jobs->len; j++) {
      const GstCLBoxBlurJob *job = &g_array_index (pr->jobs, GstCLBoxBlurJob,
          j);

      fail_unless (job->part.w > 0 && job->part.h > 0, "%s", what);
      fail_unless (rect_within (&job->part, &whole), "%s", what);
      fail_unless (rplan.spare_bytes >= (gsize) job->part.w * job->part.h *
          plane->channels * (plane->depth / 8), "%s", what);
      fail_unless (job->first_rect == covered, "%s", what);
      area += (gint64) job->part.w * job->part.h;
      for (guint r = 0; r < job->n_rects; r++) {
        const GstVideoRectangle *rect = &g_array_index (pr->rects,
            GstVideoRectangle, job->first_rect + r);
        GstVideoRectangle need;

        need.x = MAX (rect->x - reach_x, 0);
        need.y = MAX (rect->y - reach_y, 0);
        need.w = MIN (rect->x + rect->w + reach_x, plane->width) - need.x;
        need.h = MIN (rect->y + rect->h + reach_y, plane->height) - need.y;
        fail_unless (rect->w > 0 && rect->h > 0, "%s", what);
        fail_unless (rect_within (&need, &job->part), "%s: plane %u, "
            "rectangle %d,%d %dx%d, reach %d x %d, part %d,%d %dx%d", what,
            p, rect->x, rect->y, rect->w, rect->h, reach_x, reach_y,
            job->part.x, job->part.y, job->part.w, job->part.h);
      }
      covered += job->n_rects;
    }
    fail_unless_equals_int (covered, n_rects);
    if (area * 100 >= (gint64) t->region_whole_percent * plane->width *
        plane->height && pr->jobs->len > 0) {
      fail_unless_equals_int (pr->jobs->len, 1);
      fail_unless (memcmp (&g_array_index (pr->jobs, GstCLBoxBlurJob,
                  0).part, &whole, sizeof (whole)) == 0, "%s", what);
    }
  }
  return rplan;
}

/* Random regions (in and out of the frame, of any size) on every device
 * class, format, storage and blur: check_regions(). */
GST_START_TEST (test_region_plans)
{
  GstCLDeviceInfo device = fake_device (__i__);
  GRand *rand = g_rand_new_with_seed (__i__);
  guint n_plans = 0;

  for (GstCLStorage storage = GST_CL_STORAGE_IMAGE;
      storage <= GST_CL_STORAGE_BUFFER; storage++)
    for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
      for (guint k = 0; k < 40; k++) {
        GstCLBoxBlurTarget target = make_target (&device, storage, FALSE);
        GstCLBoxBlurSettings settings = {.radius_x = k % 7,
          .radius_y = (k / 7) % 5,.passes = 1 + k % 3,
          .method = GST_CL_BOX_BLUR_METHOD_AUTO,
          .sigma = k % 4 == 3 ? 0.3 * k : 0,.regions = TRUE,
        };
        GstCLBoxBlurRegion regions[60];
        guint n = k < 20 ? k / 2 : (guint) g_rand_int_range (rand, 0, 60);
        guint margin = k % 5 == 4 ? (guint) G_MAXINT : k % 3;
        GstCLBoxBlurPlan plan;
        GstCLBoxBlurRegionPlan rplan;
        GstCLFrame frame;
        gchar *what;

        frame_of (formats[f], 333, 197, storage, &frame);
        for (guint i = 0; i < n; i++) {
          regions[i].x = g_rand_int_range (rand, 0, 400);
          regions[i].y = g_rand_int_range (rand, 0, 240);
          regions[i].w = g_rand_int_range (rand, 0, 60);
          regions[i].h = g_rand_int_range (rand, 0, 60);
        }
        fail_unless (gst_cl_box_blur_plan (&target, &frame, &settings, &plan,
                NULL));
        fail_unless_equals_int (plan.n_spares, 2);
        fail_unless_equals_int (plan.spare_images,
            storage == GST_CL_STORAGE_IMAGE);
        what = g_strdup_printf ("%s, %s, %u regions, case %u",
            gst_cl_device_class_name (device.device_class),
            gst_video_format_to_string (formats[f]), n, k);
        rplan = check_regions (&target, &frame, &plan, regions, n, margin,
            what);
        gst_cl_box_blur_region_plan_clear (&rplan);
        g_free (what);
        n_plans++;
      }
  GST_INFO ("%u region plans", n_plans);
  g_rand_free (rand);
}

GST_END_TEST;

/* The parts the planner chooses on each device class (a 1000x1000 GRAY8
 * frame, radius 5, one pass): overlapping parts merged, distant ones
 * apart, more than the tuning's parts their bounding box, and a part that
 * covers region_whole_percent of the plane the whole plane, one that
 * covers a column less not. */
GST_START_TEST (test_region_parts)
{
  GstCLDeviceInfo device = fake_device (__i__);
  const GstCLBoxBlurTuning *t = gst_cl_box_blur_tuning_for_device (&device);
  GstCLBoxBlurTarget target = make_target (&device, GST_CL_STORAGE_BUFFER,
      FALSE);
  GstCLBoxBlurSettings settings = {.radius_x = 5,.radius_y = 5,.passes = 1,
    .method = GST_CL_BOX_BLUR_METHOD_AUTO,.regions = TRUE,
  };
  GstCLBoxBlurRegion overlapping[] = { {100, 100, 50, 50}, {110, 105, 50, 50}
  };
  GstCLBoxBlurRegion apart[] = { {100, 100, 50, 50}, {700, 600, 50, 50} };
  /* overlapping, but their bounding box is larger than both */
  GstCLBoxBlurRegion diagonal[] = { {100, 100, 50, 50}, {140, 140, 50, 50}
  };
  GstCLBoxBlurRegion *many = g_new (GstCLBoxBlurRegion,
      t->region_max_parts + 1);
  /* from the left edge, its part 1000 rows high and just wide enough */
  guint whole_w = (t->region_whole_percent * 1000 + 99) / 100 - 5;
  GstCLBoxBlurRegion large[] = { {0, 0, whole_w, 995} };
  GstCLBoxBlurRegion below[] = { {0, 0, whole_w - 1, 995} };
  gint x1 = 0, y1 = 0;
  GstCLBoxBlurRegionPlan rplan;
  const GstCLBoxBlurJob *job;
  GstCLBoxBlurPlan plan;
  GstCLFrame frame;

  frame_of (GST_VIDEO_FORMAT_GRAY8, 1000, 1000, GST_CL_STORAGE_BUFFER, &frame);
  fail_unless (gst_cl_box_blur_plan (&target, &frame, &settings, &plan, NULL));

  rplan = check_regions (&target, &frame, &plan, overlapping, 2, 0,
      "overlapping");
  fail_unless_equals_int (rplan.planes[0].jobs->len, 1);
  job = &g_array_index (rplan.planes[0].jobs, GstCLBoxBlurJob, 0);
  fail_unless (job->part.x == 95 && job->part.y == 95 && job->part.w == 70
      && job->part.h == 65 && job->n_rects == 2);
  gst_cl_box_blur_region_plan_clear (&rplan);

  rplan = check_regions (&target, &frame, &plan, apart, 2, 0, "apart");
  fail_unless_equals_int (rplan.planes[0].jobs->len, 2);
  gst_cl_box_blur_region_plan_clear (&rplan);

  rplan = check_regions (&target, &frame, &plan, diagonal, 2, 0, "diagonal");
  fail_unless_equals_int (rplan.planes[0].jobs->len, 2);
  gst_cl_box_blur_region_plan_clear (&rplan);

  /* squares of 4 in rows of 16, 25 apart: their parts never merge */
  for (guint i = 0; i <= t->region_max_parts; i++) {
    GstCLBoxBlurRegion r = { 20 + 25 * (i % 16), 20 + 100 * (i / 16), 4, 4 };

    many[i] = r;
    x1 = MAX (x1, (gint) r.x + 4 + 5);
    y1 = MAX (y1, (gint) r.y + 4 + 5);
  }
  rplan = check_regions (&target, &frame, &plan, many,
      t->region_max_parts, 0, "as many as the parts");
  fail_unless_equals_int (rplan.planes[0].jobs->len, t->region_max_parts);
  gst_cl_box_blur_region_plan_clear (&rplan);
  rplan = check_regions (&target, &frame, &plan, many,
      t->region_max_parts + 1, 0, "one more");
  fail_unless_equals_int (rplan.planes[0].jobs->len, 1);
  job = &g_array_index (rplan.planes[0].jobs, GstCLBoxBlurJob, 0);
  fail_unless (job->part.x == 15 && job->part.y == 15
      && job->part.w == x1 - 15 && job->part.h == y1 - 15
      && job->n_rects == t->region_max_parts + 1);
  gst_cl_box_blur_region_plan_clear (&rplan);

  fail_unless (t->region_whole_percent > 0 && t->region_whole_percent <= 100);
  rplan = check_regions (&target, &frame, &plan, large, 1, 0, "large");
  fail_unless_equals_int (rplan.planes[0].jobs->len, 1);
  job = &g_array_index (rplan.planes[0].jobs, GstCLBoxBlurJob, 0);
  fail_unless (job->part.w == 1000 && job->part.h == 1000);
  gst_cl_box_blur_region_plan_clear (&rplan);
  rplan = check_regions (&target, &frame, &plan, below, 1, 0, "below");
  fail_unless_equals_int (rplan.planes[0].jobs->len, 1);
  job = &g_array_index (rplan.planes[0].jobs, GstCLBoxBlurJob, 0);
  fail_unless (job->part.w == (gint) whole_w + 4 && job->part.h == 1000);
  gst_cl_box_blur_region_plan_clear (&rplan);
  g_free (many);
}

GST_END_TEST;

static Suite *
clboxblurplan_suite (void)
{
  Suite *s = suite_create ("clboxblurplan");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_table);
  tcase_add_test (tc, test_plane_radius);
  tcase_add_test (tc, test_64bit_sums);
  tcase_add_test (tc, test_choose_method);
  tcase_add_test (tc, test_storage_rule);
  tcase_add_test (tc, test_auto_switch);
  tcase_add_test (tc, test_thresholds_switch);
  tcase_add_loop_test (tc, test_plans, 0, GST_CL_DEVICE_N_CLASSES);
  tcase_add_test (tc, test_gaussian_widths);
  tcase_add_test (tc, test_gaussian_variance);
  tcase_add_test (tc, test_sigma_plans);
  tcase_add_test (tc, test_region_rect);
  tcase_add_test (tc, test_plane_rect);
  tcase_add_loop_test (tc, test_region_plans, 0, GST_CL_DEVICE_N_CLASSES);
  tcase_add_loop_test (tc, test_region_parts, 0, GST_CL_DEVICE_N_CLASSES);
  return s;
}

GST_CHECK_MAIN (clboxblurplan);
