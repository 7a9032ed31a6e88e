/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * clbicubicscale's planner and tuning table, on fabricated device
 * descriptions: no OpenCL device, no pipeline. Every device class, with
 * and without the native sampler and images, over sizes, formats,
 * settings and storages, against the rules the tuning table states.
 */
#include <gst/check/gstcheck.h>
#include <gst/video/video.h>
#include <math.h>
#include <string.h>

#include "gstclbicubicscaleplan.h"
#include "gstclfilter.h"

static GstCLDeviceInfo
fake_device (GstCLDeviceClass device_class, gboolean qcom_bicubic,
    gboolean images)
{
  GstCLDeviceInfo info = {
    .platform_index = 0,
    .device_index = 1,
    .platform_name = (gchar *) "Portable Computing Language",
    .device_name = (gchar *) "pthread-skylake-avx512",
    .type = gst_cl_device_class_is_cpu (device_class) ? CL_DEVICE_TYPE_CPU :
        CL_DEVICE_TYPE_GPU,
    .device_class = device_class,
    .image_support = images,
    .image_formats = images ? GST_CL_IMAGE_R8 | GST_CL_IMAGE_R16 |
        GST_CL_IMAGE_RG8 | GST_CL_IMAGE_RGBA8 : 0,
    .image_formats_known = TRUE,
    .has_qcom_bicubic = qcom_bicubic,
    .ptx_warps = device_class == GST_CL_DEVICE_CLASS_NVIDIA_GPU,
    .max_work_group_size = 1024,
    .local_mem_size = 48 * 1024,
  };

  return info;
}

static const GstCLBicubicScaleSettings catmull_rom = {
  0.0, 0.5, TRUE, GST_CL_BICUBIC_SCALE_MODE_AUTO
};

/* 1. gst_cl_bicubic_scale_choose_mode over every combination of the
 * tables below, against the documented rule: the native sampler is
 * possible iff the device has cl_qcom_filter_bicubic, frames are images,
 * (b, c) is Catmull-Rom (0, 0.5), and the scale is no downscale on either
 * axis or antialias is off. auto takes it where possible; native fails
 * with a reason where not; emulated is always emulated. Whatever the
 * device class. */
static const struct
{
  const gchar *name;
  gdouble b, c;
} filters[] = {
  {"catmull-rom", 0.0, 0.5},
  {"mitchell", 1.0 / 3.0, 1.0 / 3.0},
  {"b-spline", 1.0, 0.0},
  {"sharp", 0.0, 0.75},
  {"near catmull-rom", 0.0, 0.51},
};

static const struct
{
  gint in_w, in_h, out_w, out_h;
  gboolean downscale;           /* on either axis */
} sizes[] = {
  {320, 240, 640, 480, FALSE},
  {320, 240, 320, 240, FALSE},
  {640, 480, 320, 240, TRUE},
  {320, 240, 640, 120, TRUE},   /* up in x, down in y */
  {320, 240, 160, 480, TRUE},   /* down in x, up in y */
};

static const GstCLStorage storages[] = {
  GST_CL_STORAGE_IMAGE, GST_CL_STORAGE_BUFFER,
};

static const GstCLBicubicScaleMode requests[] = {
  GST_CL_BICUBIC_SCALE_MODE_AUTO, GST_CL_BICUBIC_SCALE_MODE_NATIVE,
  GST_CL_BICUBIC_SCALE_MODE_EMULATED,
};

/* NULL when the native sampler can run, else a word the refusal must
 * contain: the first condition it fails. */
static const gchar *
native_obstacle (gboolean qcom, GstCLStorage storage, gdouble b, gdouble c,
    gboolean antialias, gboolean downscale)
{
  if (!qcom)
    return "cl_qcom_filter_bicubic";
  if (storage != GST_CL_STORAGE_IMAGE)
    return "storage=image";
  if (b != 0.0 || c != 0.5)
    return "Catmull-Rom";
  if (antialias && downscale)
    return "antialias";
  return NULL;
}

static void
check_choice (GstCLDeviceClass device_class, gboolean qcom, guint f, guint s,
    gboolean antialias, GstCLStorage storage, GstCLBicubicScaleMode requested)
{
  GstCLDeviceInfo device = fake_device (device_class, qcom, TRUE);
  const gchar *obstacle = native_obstacle (qcom, storage, filters[f].b,
      filters[f].c, antialias, sizes[s].downscale);
  GstCLBicubicScaleMode chosen = GST_CL_BICUBIC_SCALE_MODE_AUTO;
  GError *error = NULL;
  gchar *what = g_strdup_printf ("class %d, extension %d, %s, %dx%d -> "
      "%dx%d, antialias %d, memory %d, requested %d", device_class, qcom,
      filters[f].name, sizes[s].in_w, sizes[s].in_h, sizes[s].out_w,
      sizes[s].out_h, antialias, storage, requested);
  gboolean ok = gst_cl_bicubic_scale_choose_mode (&device, storage, requested,
      filters[f].b, filters[f].c, antialias, sizes[s].in_w, sizes[s].in_h,
      sizes[s].out_w, sizes[s].out_h, &chosen, &error);

  if (requested == GST_CL_BICUBIC_SCALE_MODE_NATIVE && obstacle) {
    fail_if (ok, "%s: accepted", what);
    fail_unless (g_error_matches (error, GST_CL_ERROR,
            GST_CL_ERROR_UNSUPPORTED), "%s: wrong error", what);
    fail_unless (strstr (error->message, obstacle) != NULL,
        "%s: \"%s\" does not name %s", what, error->message, obstacle);
    fail_unless (strstr (error->message, device.device_name) != NULL,
        "%s: \"%s\" does not name the device", what, error->message);
  } else {
    GstCLBicubicScaleMode expected =
        requested == GST_CL_BICUBIC_SCALE_MODE_EMULATED || obstacle ?
        GST_CL_BICUBIC_SCALE_MODE_EMULATED : GST_CL_BICUBIC_SCALE_MODE_NATIVE;

    fail_unless (ok && error == NULL, "%s: refused: %s", what,
        error ? error->message : "no error");
    fail_unless (chosen == expected, "%s: chose %d, expected %d", what,
        chosen, expected);
  }
  g_clear_error (&error);
  g_free (what);
}

GST_START_TEST (test_choose_mode)
{
  for (guint k = 0; k < GST_CL_DEVICE_N_CLASSES; k++)
    for (guint qcom = 0; qcom < 2; qcom++)
      for (guint f = 0; f < G_N_ELEMENTS (filters); f++)
        for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
          for (guint antialias = 0; antialias < 2; antialias++)
            for (guint m = 0; m < G_N_ELEMENTS (storages); m++)
              for (guint r = 0; r < G_N_ELEMENTS (requests); r++)
                check_choice (k, qcom, f, s, antialias, storages[m],
                    requests[r]);
}

GST_END_TEST;

/* 2. The storage rule on GPUs: buffers, except for four-channel formats
 * shrunk by more than the tuning's buffers_max_shrink on an axis, and
 * never on a device with the native sampler (which reads images). */
static const struct
{
  GstVideoFormat format;
  guint channels;
} format_channels[] = {
  {GST_VIDEO_FORMAT_RGBA, 4},
  {GST_VIDEO_FORMAT_BGRx, 4},
  {GST_VIDEO_FORMAT_xRGB, 4},
  {GST_VIDEO_FORMAT_GRAY8, 1},
  {GST_VIDEO_FORMAT_GRAY16_LE, 1},
  {GST_VIDEO_FORMAT_I420, 1},
  {GST_VIDEO_FORMAT_NV12, 2},
  {GST_VIDEO_FORMAT_YUY2, 0},   /* not one of GST_CL_FORMATS */
};

/* Output sizes as the shrink against 3840x2160 (0: the input's) and
 * whether an RGB frame keeps buffers, with the table's 5. */
static const struct
{
  gint in_w, in_h, out_w, out_h;
  gboolean rgb_buffers;
} shrinks[] = {
  {1920, 1080, 3840, 2160, TRUE},
  {3840, 2160, 1280, 720, TRUE},
  {3840, 2160, 768, 432, TRUE}, /* by 5 exactly */
  {3840, 2160, 767, 432, FALSE},
  {3840, 2160, 768, 431, FALSE},
  {3840, 2160, 640, 360, FALSE},
  {640, 360, 3840, 71, FALSE},  /* up in x, down by over 5 in y */
};

GST_START_TEST (test_prefers_buffers)
{
  for (guint k = 0; k < GST_CL_DEVICE_N_CLASSES; k++) {
    GstCLDeviceInfo gpu = fake_device (k, FALSE, TRUE);
    GstCLDeviceInfo native = fake_device (k, TRUE, TRUE);
    gint shrink = gst_cl_bicubic_scale_tuning (k)->buffers_max_shrink;

    for (guint i = 0; i < G_N_ELEMENTS (format_channels); i++) {
      GstVideoFormat format = format_channels[i].format;
      guint channels = format_channels[i].channels;

      fail_unless_equals_int (gst_cl_format_max_channels (format), channels);
      if (channels == 0)
        continue;
      for (guint s = 0; s < G_N_ELEMENTS (shrinks); s++) {
        gint in_w = shrinks[s].in_w, in_h = shrinks[s].in_h;
        gint out_w = shrinks[s].out_w, out_h = shrinks[s].out_h;

        /* the table above holds for the shrink the table ships with */
        if (shrink == 5)
          fail_unless_equals_int (gst_cl_bicubic_scale_prefers_buffers (&gpu,
                  format, in_w, in_h, out_w, out_h), channels < 4
              || shrinks[s].rgb_buffers);
        fail_if (gst_cl_bicubic_scale_prefers_buffers (&native, format, in_w,
                in_h, out_w, out_h), "%s %dx%d -> %dx%d: buffers on a device "
            "with the native sampler", gst_video_format_to_string (format),
            in_w, in_h, out_w, out_h);
      }

      /* The threshold decides exactly at its value, on either axis. */
      for (gint out = 1; out < 400; out += 37) {
        gboolean rgb = channels == 4;

        fail_unless (gst_cl_bicubic_scale_prefers_buffers (&gpu, format,
                shrink * out, 1000, out, 1000));
        fail_unless (gst_cl_bicubic_scale_prefers_buffers (&gpu, format,
                1000, shrink * out, 1000, out));
        fail_unless_equals_int (gst_cl_bicubic_scale_prefers_buffers (&gpu,
                format, shrink * out + 1, 1000, out, 1000), !rgb);
        fail_unless_equals_int (gst_cl_bicubic_scale_prefers_buffers (&gpu,
                format, 1000, shrink * out + 1, 1000, out), !rgb);
      }
    }
  }
}

GST_END_TEST;

/* 3. The plan of every case below. */
static const GstVideoFormat plan_formats[] = {
  GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_GRAY8, GST_VIDEO_FORMAT_GRAY16_LE,
  GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_NV12,
};

static const struct
{
  gint in_w, in_h, out_w, out_h;
} plan_sizes[] = {
  {1, 1, 1, 1},
  {1, 1, 7, 5},
  {333, 197, 640, 480},
  {640, 480, 333, 197},
  {1920, 1080, 3840, 2160},
  {3840, 2160, 1920, 1080},
  {3840, 2160, 640, 360},
  {3840, 2160, 768, 432},       /* by buffers_max_shrink */
  {3840, 2160, 767, 431},       /* by a little more */
  {3840, 2160, 769, 433},       /* by a little less */
  {1920, 1080, 30, 20},         /* more taps than compensated summation's */
  {640, 480, 600, 96},          /* steeper in y */
  {640, 480, 96, 400},          /* steeper in x */
  {64, 48, 2, 2},
};

static const GstCLBicubicScaleSettings plan_settings[] = {
  {0.0, 0.5, TRUE, GST_CL_BICUBIC_SCALE_MODE_AUTO},
  {0.0, 0.5, FALSE, GST_CL_BICUBIC_SCALE_MODE_AUTO},
  {1.0 / 3.0, 1.0 / 3.0, TRUE, GST_CL_BICUBIC_SCALE_MODE_AUTO},
  {0.0, 0.5, TRUE, GST_CL_BICUBIC_SCALE_MODE_EMULATED},
  {0.0, 0.5, FALSE, GST_CL_BICUBIC_SCALE_MODE_NATIVE},
};

/* The geometry of @format scaled from @in_w x @in_h into @out_w x @out_h,
 * the picture all of it or (@letterbox) a centred part, on whole chroma
 * samples. */
static void
make_geometry (GstVideoFormat format, gint in_w, gint in_h, gint out_w,
    gint out_h, gboolean letterbox, GstCLStorage storage, gboolean vectors,
    GstCLBicubicScaleGeometry * geometry)
{
  GstVideoInfo in_info, out_info;
  GstCLFrame in, out;
  GstVideoRectangle rect = { 0, 0, out_w, out_h };

  gst_video_info_set_format (&in_info, format, in_w, in_h);
  gst_video_info_set_format (&out_info, format, out_w, out_h);
  fail_unless (gst_cl_frame_layout (&in, &in_info, storage));
  fail_unless (gst_cl_frame_layout (&out, &out_info, storage));
  if (letterbox && out_h >= 8) {
    rect.h = out_h / 2 & ~1;
    rect.y = (out_h - rect.h) / 4 * 2;
  }

  geometry->storage = storage;
  geometry->vectors = vectors;
  geometry->n_planes = in.n_planes;
  for (guint p = 0; p < in.n_planes; p++) {
    GstCLBicubicScalePlaneGeometry *g = &geometry->planes[p];
    const GstCLPlane *op = &out.planes[p];

    g->width = in.planes[p].width;
    g->height = in.planes[p].height;
    g->channels = in.planes[p].channels;
    g->depth = in.planes[p].depth;
    g->out_width = op->width;
    g->out_height = op->height;
    g->rect.x = GST_VIDEO_SUB_SCALE (op->w_sub, rect.x);
    g->rect.y = GST_VIDEO_SUB_SCALE (op->h_sub, rect.y);
    g->rect.w = GST_VIDEO_SUB_SCALE (op->w_sub, rect.x + rect.w) - g->rect.x;
    g->rect.h = GST_VIDEO_SUB_SCALE (op->h_sub, rect.y + rect.h) - g->rect.y;
  }
}

static gint
expected_taps (gint in_size, gint out_size, gboolean antialias)
{
  if (!antialias || in_size <= out_size)
    return 4;
  return (gint) ceil (4.0 * in_size / out_size);
}

/* Work-items cover @width values of @channels exactly once: one a pixel,
 * or @runs times GST_CL_VECTOR_VALUES channel values an item. */
static void
check_row_runs (gsize items, gint width, guint channels, gboolean vectors,
    gint runs, const gchar * what)
{
  gsize values = (gsize) width * channels;
  gsize per_item = (gsize) runs * GST_CL_VECTOR_VALUES;

  if (!vectors)
    fail_unless (items == (gsize) width, "%s: %zu items for %d pixels", what,
        items, width);
  else
    fail_unless (items * per_item >= values
        && (items - 1) * per_item < values,
        "%s: %zu vector items of %d runs for %zu values", what, items, runs,
        values);
}

static void
check_row_items (gsize items, gint width, guint channels, gboolean vectors,
    const gchar * what)
{
  check_row_runs (items, width, channels, vectors, 1, what);
}

static void
check_row_count (gsize items, gint rows, gint per_item, gboolean vectors,
    const gchar * what)
{
  if (!vectors)
    per_item = 1;
  fail_unless (items * per_item >= (gsize) rows
      && (items - 1) * per_item < (gsize) rows,
      "%s: %zu rows of items for %d rows", what, items, rows);
}

static gboolean
has_option (const gchar * options, const gchar * option)
{
  gchar **words = g_strsplit (options, " ", -1);
  gboolean found = g_strv_contains ((const gchar * const *) words, option);

  g_strfreev (words);
  return found;
}

static gint
expected_tile_pixels (const GstCLBicubicScaleTuning * t,
    const GstCLBicubicScalePlaneGeometry * g, gint x_taps)
{
  if (t->tile_single_pixel_shrink * g->rect.h < g->height)
    return 1;
  if (g->channels == 1 && g->depth == 8 && x_taps > t->tile_gray8_max_taps)
    return t->tile_gray8_pixels;
  return MAX (t->tile_values / (gint) g->channels, t->tile_min_pixels);
}

static void
check_options (const GstCLBicubicScaleTuning * t,
    const GstCLBicubicScaleGeometry * geometry,
    const GstCLBicubicScalePlaneGeometry * g,
    const GstCLBicubicScalePlanePlan * pp, const gchar * what)
{
  const gchar *o = pp->options;
  gchar *word;

  fail_unless_equals_int (has_option (o, "-DGST_CL_VECTORS"),
      geometry->vectors);
  fail_unless_equals_int (has_option (o, "-DGST_CL_COMPENSATED_ROWS"),
      pp->x_taps > GST_CL_BICUBIC_SCALE_COMPENSATED_TAPS);
  fail_unless_equals_int (has_option (o, "-DGST_CL_COMPENSATED_COLUMNS"),
      pp->y_taps > GST_CL_BICUBIC_SCALE_COMPENSATED_TAPS);
  if (geometry->vectors) {
    fail_unless_equals_int (has_option (o, "-DGST_CL_WINDOW_TAPS"),
        t->window_taps);
    word =
        g_strdup_printf ("-DCOLUMN_PASS_ROWS=%d", t->vector_columns_pass_rows);
    fail_unless (has_option (o, word), "%s: %s lacks %s", what, o, word);
    g_free (word);
    word = g_strdup_printf ("-DGST_CL_PREFETCH_BYTES=%d",
        t->column_prefetch_bytes);
    fail_unless_equals_int (has_option (o, word), t->column_prefetch_bytes > 0);
    g_free (word);
    word = g_strdup_printf ("-DROWS_PASS_RUNS=%d", t->vector_rows_pass_runs);
    fail_unless (has_option (o, word), "%s: %s lacks %s", what, o, word);
    g_free (word);
    fail_unless_equals_int (has_option (o, "-DGST_CL_CACHED_ROWS_PASS"),
        !t->rows_pass_streaming);
    word = g_strdup_printf ("-DGST_CL_ROWS_PASS_PREFETCH_BYTES=%d",
        t->rows_pass_prefetch_bytes);
    fail_unless_equals_int (has_option (o, word),
        t->rows_pass_prefetch_bytes > 0);
    g_free (word);
    word = g_strdup_printf ("-DGST_CL_SHARED_SOURCE_ROWS=%d",
        t->shared_source_rows);
    fail_unless_equals_int (has_option (o, word), t->shared_source_rows > 0);
    g_free (word);
    word = g_strdup_printf ("-DGST_CL_BAND_STRIPS=%d -DGST_CL_BAND_RING=%d"
        " -DGST_CL_BAND_PREFETCH_ROWS=%d", t->band_strips,
        GST_CL_BICUBIC_SCALE_BAND_RING, t->band_prefetch_rows);
    fail_unless_equals_int (strstr (o, word) != NULL, !pp->columns_first
        && t->band_rows > 0);
    g_free (word);
    fail_if (strstr (o, "TAPS=") || strstr (o, "TILE_PIXELS"), "%s: %s", what,
        o);
    return;
  }
  fail_unless_equals_int (pp->tile_pixels, expected_tile_pixels (t, g,
          pp->x_taps));
  word = g_strdup_printf ("-DTILE_PIXELS=%d", pp->tile_pixels);
  fail_unless (has_option (o, word), "%s: %s lacks %s", what, o, word);
  g_free (word);
  word = g_strdup_printf ("-DX_TAPS=%d", pp->x_taps);
  fail_unless_equals_int (has_option (o, word),
      pp->x_taps * (gint) g->channels <= t->constant_tap_values);
  g_free (word);
  word = g_strdup_printf ("-DY_TAPS=%d", pp->y_taps);
  fail_unless_equals_int (has_option (o, word),
      pp->y_taps <= GST_CL_BICUBIC_SCALE_COMPENSATED_TAPS);
  g_free (word);
}

static void
check_passes (const GstCLBicubicScaleTuning * t,
    const GstCLBicubicScaleGeometry * geometry,
    const GstCLBicubicScalePlaneGeometry * g,
    const GstCLBicubicScalePlanePlan * pp, const gchar * what)
{
  gboolean vectors = geometry->vectors;
  gint rows_per_item = GST_CL_BICUBIC_SCALE_VECTOR_ROWS_PASS_ROWS;
  gsize pixel = sizeof (gfloat) * g->channels;
  gboolean columns_first = t->columns_first && g->rect.h < g->height
      && (gint64) g->height * g->rect.w >= (gint64) g->width * g->rect.h;
  /* the columns pass on the source in the shared walk */
  gboolean shared = vectors && t->shared_source_rows > 0;

  fail_unless_equals_int (pp->columns_first, columns_first);
  if (columns_first || (vectors && t->band_rows == 0)) {
    fail_if (pp->one_pass_kernel, "%s: one pass planned", what);
  } else {
    fail_unless_equals_string (pp->one_pass_kernel,
        vectors ? "scale_bands" : "scale_tiles");
  }
  fail_unless_equals_int (pp->band_rows, g_strcmp0 (pp->one_pass_kernel,
          "scale_bands") == 0 ? t->band_rows : 0);
  if (pp->band_rows > 0) {
    fail_unless (pp->band_items[0] * t->band_strips * GST_CL_VECTOR_VALUES >=
        (gsize) g->out_width * g->channels, "%s: bands leave columns", what);
    fail_unless ((pp->band_items[0] - 1) * t->band_strips *
        GST_CL_VECTOR_VALUES < (gsize) g->out_width * g->channels);
    fail_unless (pp->band_items[1] * pp->band_rows >= (gsize) g->out_height,
        "%s: bands leave rows", what);
    fail_unless ((pp->band_items[1] - 1) * pp->band_rows <
        (gsize) g->out_height);
  }
  check_row_items (pp->native_items[0], g->out_width, g->channels, FALSE, what);
  check_row_count (pp->native_items[1], g->out_height, 1, FALSE, what);
  if (columns_first) {
    fail_unless_equals_string (pp->columns_kernel, "scale_source_columns");
    fail_unless_equals_string (pp->rows_kernel, "scale_picture_rows");
    fail_unless (pp->intermediate_size >= pixel * g->width * g->rect.h);
    check_row_runs (pp->columns_items[0], g->width, g->channels, vectors,
        shared ? GST_CL_BICUBIC_SCALE_SHARED_SOURCE_RUNS : 1, what);
    check_row_count (pp->columns_items[1], g->rect.h,
        shared ? t->shared_source_rows : t->vector_columns_pass_rows,
        vectors, what);
    check_row_items (pp->rows_items[0], g->out_width, g->channels, vectors,
        what);
    check_row_count (pp->rows_items[1], g->out_height, rows_per_item, vectors,
        what);
  } else {
    fail_unless_equals_string (pp->rows_kernel, "scale_rows");
    fail_unless_equals_string (pp->columns_kernel, "scale_columns");
    fail_unless (pp->intermediate_size >= pixel * g->rect.w * g->height);
    check_row_runs (pp->rows_items[0], g->rect.w, g->channels, vectors,
        t->vector_rows_pass_runs, what);
    check_row_count (pp->rows_items[1], g->height, rows_per_item, vectors,
        what);
    check_row_items (pp->columns_items[0], g->out_width, g->channels, vectors,
        what);
    check_row_count (pp->columns_items[1], g->out_height,
        t->vector_columns_pass_rows, vectors, what);
  }
}

/* The source rows @rows neighbouring outputs read at most, written
 * plainly: from the first tap of the first output to the last tap of the
 * last. */
static gint
expected_span (const gint * starts, gint size, gint taps, gint rows)
{
  gint span = 0;

  for (gint i = 0; i < size; i++) {
    gint last = MIN (i + rows - 1, size - 1);

    span = MAX (span, starts[last] + taps - starts[i]);
  }
  return span;
}

/* The one pass of a plan with scale_bands: where a group of its output
 * rows reads fewer intermediate rows than the ring holds, with one to
 * spare (the kernel makes them in pairs); never tiles. */
static void
check_bands (const GstCLDeviceInfo * device,
    const GstCLBicubicScalePlaneGeometry * g,
    const GstCLBicubicScalePlanePlan * pp, const GstCLBicubicScaleSpans * spans,
    const gint * starts, const gchar * what)
{
  const GstCLBicubicScaleTuning *t =
      gst_cl_bicubic_scale_tuning (device->device_class);
  gint group = expected_span (starts, g->rect.h, pp->y_taps,
      t->vector_columns_pass_rows);
  GstCLBicubicScaleTiles tiles;

  fail_unless_equals_int (spans->band_group, group);
  fail_unless_equals_int (gst_cl_bicubic_scale_plan_bands (pp, spans),
      group < GST_CL_BICUBIC_SCALE_BAND_RING);
  fail_if (gst_cl_bicubic_scale_plan_tiles (device, g, pp, spans, 1024,
          &tiles), "%s: tiles for scale_bands", what);
}

/* The one pass of a plan with scale_tiles: in the first shape that takes
 * the group and the local memory, the tallest only for tiles that read
 * few source rows; the groups cover the output plane. */
static void
check_tiles (const GstCLDeviceInfo * device,
    const GstCLBicubicScalePlaneGeometry * g,
    const GstCLBicubicScalePlanePlan * pp, const GstCLBicubicScaleSpans * spans,
    const gint * starts, const gchar * what)
{
  const GstCLBicubicScaleTuning *t =
      gst_cl_bicubic_scale_tuning (device->device_class);
  static const gsize group_sizes[] = { 1024, 256, 64 };

  fail_if (gst_cl_bicubic_scale_plan_bands (pp, spans), "%s: bands", what);
  for (guint shape = 0; shape < GST_CL_BICUBIC_SCALE_N_TILE_SHAPES; shape++) {
    const GstCLBicubicScaleTileShape *s = &t->tile_shapes[shape];

    fail_unless_equals_int (spans->tiles[shape], expected_span (starts,
            g->rect.h, pp->y_taps, s->items_y * s->rows));
  }
  for (guint i = 0; i < G_N_ELEMENTS (group_sizes); i++) {
    GstCLBicubicScaleTiles tiles;
    gboolean one_pass = gst_cl_bicubic_scale_plan_tiles (device, g, pp,
        spans, group_sizes[i], &tiles);
    guint shape = 0;

    /* the first shape that fits */
    for (; shape < GST_CL_BICUBIC_SCALE_N_TILE_SHAPES; shape++) {
      const GstCLBicubicScaleTileShape *s = &t->tile_shapes[shape];
      gsize bytes = (gsize) spans->tiles[shape] * t->tile_columns *
          pp->tile_pixels * g->channels * sizeof (gfloat);

      if ((shape > 0 || t->tall_tile_source_share * (spans->tiles[0] -
                  pp->y_taps) <= s->items_y * s->rows)
          && (gsize) t->tile_columns * s->items_y <= group_sizes[i]
          && bytes <= device->local_mem_size)
        break;
    }
    fail_unless_equals_int (one_pass,
        shape < GST_CL_BICUBIC_SCALE_N_TILE_SHAPES);
    if (!one_pass)
      continue;
    fail_unless_equals_int (tiles.shape, shape);
    fail_unless (tiles.local[0] * tiles.local[1] <= group_sizes[i]);
    fail_unless (tiles.local_bytes <= device->local_mem_size);
    fail_unless_equals_int (tiles.rows, t->tile_shapes[shape].rows);
    fail_unless (tiles.groups[0] * tiles.local[0] * pp->tile_pixels >=
        (gsize) g->out_width, "%s: tiles leave columns", what);
    fail_unless (tiles.groups[1] * tiles.local[1] * tiles.rows >=
        (gsize) g->out_height, "%s: tiles leave rows", what);
  }
}

/* The one pass, where the plan has one: its spans from the y axis's
 * table, and whether it runs. */
static void
check_one_pass (const GstCLDeviceInfo * device,
    const GstCLBicubicScalePlaneGeometry * g,
    const GstCLBicubicScaleSettings * settings,
    const GstCLBicubicScalePlanePlan * pp, const gchar * what)
{
  GstCLBicubicScaleSpans spans = { {0}, 0 };
  gint *starts;
  gfloat *weights;

  if (pp->one_pass_kernel == NULL) {
    GstCLBicubicScaleTiles tiles;

    fail_if (gst_cl_bicubic_scale_plan_tiles (device, g, pp, &spans, 1024,
            &tiles), "%s: tiles without the kernel", what);
    fail_if (gst_cl_bicubic_scale_plan_bands (pp, &spans),
        "%s: bands without the kernel", what);
    return;
  }
  starts = g_new (gint, g->rect.h);
  weights = g_new (gfloat, (gsize) g->rect.h * pp->y_taps);
  gst_cl_bicubic_scale_axis_weights (g->height, g->rect.h, settings, starts,
      weights);
  gst_cl_bicubic_scale_spans (device, starts, g->rect.h, pp->y_taps, &spans);
  if (g_str_equal (pp->one_pass_kernel, "scale_bands"))
    check_bands (device, g, pp, &spans, starts, what);
  else
    check_tiles (device, g, pp, &spans, starts, what);
  g_free (starts);
  g_free (weights);
}

static void
check_plan (const GstCLDeviceInfo * device,
    const GstCLBicubicScaleGeometry * geometry,
    const GstCLBicubicScaleSettings * settings, const gchar * what)
{
  const GstCLBicubicScaleTuning *t =
      gst_cl_bicubic_scale_tuning (device->device_class);
  const GstCLBicubicScalePlaneGeometry *luma = &geometry->planes[0];
  GstCLBicubicScalePlan plan;
  GstCLBicubicScaleMode mode;
  GError *error = NULL;
  gboolean possible = gst_cl_bicubic_scale_choose_mode (device,
      geometry->storage, settings->mode, settings->b, settings->c,
      settings->antialias, luma->width, luma->height, luma->rect.w,
      luma->rect.h, &mode, NULL);

  gst_cl_bicubic_scale_plan_passes (device, geometry, &plan);
  fail_unless_equals_int (gst_cl_bicubic_scale_plan (device, geometry,
          settings, &plan, &error), possible);
  if (!possible) {
    fail_unless (error != NULL, "%s: refused with no error", what);
    g_clear_error (&error);
    return;
  }
  fail_unless_equals_int (plan.mode, mode);
  if (plan.mode == GST_CL_BICUBIC_SCALE_MODE_NATIVE)
    fail_unless (device->has_qcom_bicubic
        && geometry->storage == GST_CL_STORAGE_IMAGE, "%s: native", what);
  fail_unless_equals_int (plan.n_planes, geometry->n_planes);

  for (guint p = 0; p < plan.n_planes; p++) {
    const GstCLBicubicScalePlaneGeometry *g = &geometry->planes[p];
    const GstCLBicubicScalePlanePlan *pp = &plan.planes[p];

    fail_unless_equals_int (pp->x_taps, expected_taps (g->width, g->rect.w,
            settings->antialias));
    fail_unless_equals_int (pp->y_taps, expected_taps (g->height, g->rect.h,
            settings->antialias));
    if (!gst_cl_device_class_is_cpu (device->device_class))
      fail_if (pp->columns_first, "%s: columns first on a GPU", what);
    check_options (t, geometry, g, pp, what);
    check_passes (t, geometry, g, pp, what);
    check_one_pass (device, g, settings, pp, what);
  }
}

GST_START_TEST (test_plans)
{
  for (guint k = 0; k < GST_CL_DEVICE_N_CLASSES; k++)
    for (guint qcom = 0; qcom < 2; qcom++)
      for (guint images = 0; images < 2; images++)
        for (guint f = 0; f < G_N_ELEMENTS (plan_formats); f++)
          for (guint s = 0; s < G_N_ELEMENTS (plan_sizes); s++)
            for (guint kind = 0; kind < 3; kind++)
              for (guint l = 0; l < 2; l++)
                for (guint i = 0; i < G_N_ELEMENTS (plan_settings); i++) {
                  GstCLDeviceInfo device = fake_device (k, qcom, images);
                  /* images, buffers, and buffers in vector kernels (CPU) */
                  GstCLStorage storage = kind == 0 ? GST_CL_STORAGE_IMAGE
                      : GST_CL_STORAGE_BUFFER;
                  gboolean vectors = kind == 2;
                  GstCLBicubicScaleGeometry geometry;
                  gchar *what;

                  if ((storage == GST_CL_STORAGE_IMAGE && !images)
                      || (vectors && !gst_cl_device_class_is_cpu (k)))
                    continue;
                  make_geometry (plan_formats[f], plan_sizes[s].in_w,
                      plan_sizes[s].in_h, plan_sizes[s].out_w,
                      plan_sizes[s].out_h, l, storage, vectors, &geometry);
                  what = g_strdup_printf ("class %u, qcom %u, %s %dx%d -> "
                      "%dx%d, letterbox %u, storage %u, settings %u", k, qcom,
                      gst_video_format_to_string (plan_formats[f]),
                      plan_sizes[s].in_w, plan_sizes[s].in_h,
                      plan_sizes[s].out_w, plan_sizes[s].out_h, l, storage, i);
                  check_plan (&device, &geometry, &plan_settings[i], what);
                  g_free (what);
                }
}

GST_END_TEST;

/* 4. Each threshold of the table decides exactly at its value. */
static GstCLBicubicScalePlanePlan
plan_one_plane (const GstCLDeviceInfo * device, GstVideoFormat format,
    gint in_w, gint in_h, gint out_w, gint out_h, gboolean vectors)
{
  GstCLBicubicScaleGeometry geometry;
  GstCLBicubicScalePlan plan;

  make_geometry (format, in_w, in_h, out_w, out_h, FALSE,
      GST_CL_STORAGE_BUFFER, vectors, &geometry);
  gst_cl_bicubic_scale_plan_passes (device, &geometry, &plan);
  fail_unless (gst_cl_bicubic_scale_plan (device, &geometry, &catmull_rom,
          &plan, NULL));
  return plan.planes[0];
}

GST_START_TEST (test_thresholds)
{
  for (guint k = 0; k < GST_CL_DEVICE_N_CLASSES; k++) {
    GstCLDeviceInfo device = fake_device (k, FALSE, TRUE);
    const GstCLBicubicScaleTuning *t = gst_cl_bicubic_scale_tuning (k);
    GstCLBicubicScalePlanePlan pp;
    gint shrink = t->tile_single_pixel_shrink;
    gchar *option;
    gint taps;

    /* one pixel an item below 1 / tile_single_pixel_shrink of the rows */
    pp = plan_one_plane (&device, GST_VIDEO_FORMAT_RGBA, 64, 100 * shrink,
        64, 100, FALSE);
    fail_unless (pp.tile_pixels > 1);
    pp = plan_one_plane (&device, GST_VIDEO_FORMAT_RGBA, 64,
        100 * shrink + 1, 64, 100, FALSE);
    fail_unless_equals_int (pp.tile_pixels, 1);

    /* GRAY8 rows of tile_gray8_max_taps taps, and of more */
    taps = t->tile_gray8_max_taps;
    pp = plan_one_plane (&device, GST_VIDEO_FORMAT_GRAY8, 100 * taps, 64,
        400, 64, FALSE);
    fail_unless_equals_int (pp.x_taps, taps);
    fail_unless_equals_int (pp.tile_pixels, MAX (t->tile_values,
            t->tile_min_pixels));
    pp = plan_one_plane (&device, GST_VIDEO_FORMAT_GRAY8, 100 * taps + 100,
        64, 400, 64, FALSE);
    fail_unless (pp.x_taps > taps);
    fail_unless_equals_int (pp.tile_pixels, t->tile_gray8_pixels);

    /* RGBA rows whose taps times 4 reach constant_tap_values, and pass it */
    taps = t->constant_tap_values / 4;
    pp = plan_one_plane (&device, GST_VIDEO_FORMAT_RGBA, 100 * taps, 64,
        400, 64, FALSE);
    fail_unless_equals_int (pp.x_taps, taps);
    option = g_strdup_printf ("-DX_TAPS=%d", taps);
    fail_unless (has_option (pp.options, option), "%s", pp.options);
    g_free (option);
    pp = plan_one_plane (&device, GST_VIDEO_FORMAT_RGBA, 100 * taps + 100,
        64, 400, 64, FALSE);
    fail_if (strstr (pp.options, "X_TAPS"), "%s", pp.options);

    /* columns first from a downscale along y as steep as along x */
    pp = plan_one_plane (&device, GST_VIDEO_FORMAT_RGBA, 640, 480, 320, 240,
        FALSE);
    fail_unless_equals_int (pp.columns_first, t->columns_first);
    pp = plan_one_plane (&device, GST_VIDEO_FORMAT_RGBA, 640, 480, 320, 241,
        FALSE);
    fail_if (pp.columns_first);
  }
}

GST_END_TEST;

/* 5. The axis tables: normalised weights, first taps in order, as many
 * taps as the kernel's support covers. */
GST_START_TEST (test_axis_weights)
{
  static const gint axes[][2] = {
    {1, 1}, {1, 9}, {9, 1}, {197, 480}, {480, 197}, {2160, 360}, {1080, 20},
  };

  for (guint i = 0; i < G_N_ELEMENTS (axes); i++)
    for (guint antialias = 0; antialias < 2; antialias++) {
      GstCLBicubicScaleSettings settings = catmull_rom;
      gint in = axes[i][0], out = axes[i][1];
      gint taps = gst_cl_bicubic_scale_axis_taps (in, out, antialias);
      gint *starts = g_new (gint, out);
      gfloat *weights = g_new (gfloat, (gsize) out * taps);

      settings.antialias = antialias;
      fail_unless_equals_int (taps, expected_taps (in, out, antialias));
      gst_cl_bicubic_scale_axis_weights (in, out, &settings, starts, weights);
      for (gint o = 0; o < out; o++) {
        gdouble sum = 0.0;

        for (gint k = 0; k < taps; k++)
          sum += weights[(gsize) k * out + o];
        fail_unless (fabs (sum - 1.0) < 1e-5, "%d -> %d: output %d sums to "
            "%f", in, out, o, sum);
        if (o > 0)
          fail_unless (starts[o] >= starts[o - 1]);
      }
      g_free (starts);
      g_free (weights);
    }
}

GST_END_TEST;

static Suite *
clbicubicscaleplan_suite (void)
{
  Suite *s = suite_create ("clbicubicscaleplan");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_choose_mode);
  tcase_add_test (tc, test_prefers_buffers);
  tcase_add_test (tc, test_plans);
  tcase_add_test (tc, test_thresholds);
  tcase_add_test (tc, test_axis_weights);
  return s;
}

GST_CHECK_MAIN (clbicubicscaleplan);
