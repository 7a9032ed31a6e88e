/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * clrotate's planner, geometry and tuning table, on fabricated device
 * descriptions: no OpenCL device, no pipeline. Every device class, with
 * and without the native sampler and images, over sizes, formats,
 * angles, methods and storages.
 */
#include <gst/check/gstcheck.h>
#include <gst/video/video.h>
#include <math.h>
#include <string.h>

#include "gstclrotateplan.h"
#include "gstclfilter.h"

static GstCLDeviceInfo
fake_device (GstCLDeviceClass device_class, gboolean qcom_bicubic,
    gboolean images)
{
  GstCLDeviceInfo info = {
    .device_name = (gchar *) "fake device",
    .type = gst_cl_device_class_is_cpu (device_class) ? CL_DEVICE_TYPE_CPU :
        CL_DEVICE_TYPE_GPU,
    .device_class = device_class,
    .image_support = images,
    .has_qcom_bicubic = qcom_bicubic,
    .local_mem_size = 48 * 1024,
  };

  return info;
}

static const GstVideoFormat formats[] = {
  GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_GRAY8, GST_VIDEO_FORMAT_GRAY16_LE,
  GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_NV12,
};

static const struct
{
  gint width, height, par_n, par_d;
} sizes[] = {
  {1, 1, 1, 1},
  {333, 197, 1, 1},
  {320, 240, 4, 3},
  {1920, 1080, 1, 1},
  {3840, 2160, 1, 1},
};

static const gdouble angles[] = {
  0.0, 10.0, 90.0, 180.0, 200.0, 270.0, -90.0, 450.0, 33.3,
};

static gboolean
is_quarter_turn (gdouble angle)
{
  gdouble q = fmod (angle, 90.0);

  return fabs (q) < 1e-9;
}

/* The frames of @format, @width x @height in and out. */
static void
make_frames (GstVideoFormat format, gint in_w, gint in_h, gint out_w,
    gint out_h, GstCLStorage storage, gboolean vectors,
    GstCLRotateFrames * frames)
{
  GstVideoInfo info;
  GstCLFrame in, out;

  gst_video_info_set_format (&info, format, in_w, in_h);
  fail_unless (gst_cl_frame_layout (&in, &info, storage));
  gst_video_info_set_format (&info, format, out_w, out_h);
  fail_unless (gst_cl_frame_layout (&out, &info, storage));
  frames->storage = storage;
  frames->vectors = vectors;
  frames->n_planes = out.n_planes;
  for (guint p = 0; p < out.n_planes; p++) {
    frames->planes[p].width = out.planes[p].width;
    frames->planes[p].height = out.planes[p].height;
    frames->planes[p].channels = out.planes[p].channels;
    frames->planes[p].w_sub = in.planes[p].w_sub;
    frames->planes[p].h_sub = in.planes[p].h_sub;
  }
}

static void
check_plane (const GstCLDeviceInfo * device, const GstCLRotateFrames * frames,
    const GstCLRotateSettings * settings, const GstCLRotatePlanePlan * luma,
    guint p, const GstCLRotatePlanePlan * pp, const gchar * what)
{
  const GstCLRotateTuning *t = gst_cl_rotate_tuning (device->device_class);
  const GstCLRotatePlaneGeometry *plane = &frames->planes[p];
  gboolean vectors = frames->vectors && t->vectors;
  gboolean native = pp->method == GST_CL_ROTATE_METHOD_BICUBIC
      && t->native_bicubic && device->has_qcom_bicubic
      && frames->storage == GST_CL_STORAGE_IMAGE;
  gdouble sx = 1 << plane->w_sub, sy = 1 << plane->h_sub;
  gsize values = (gsize) plane->width * plane->channels;
  gchar *method = g_strdup_printf ("-DMETHOD=%d", pp->method);

  fail_unless_equals_int (pp->method, luma->method);
  fail_unless_equals_int (pp->native, native);
  fail_unless (strstr (pp->options, method) == pp->options, "%s: %s", what,
      pp->options);
  g_free (method);
  fail_unless_equals_int (strstr (pp->options, "-DGST_CL_NATIVE_BICUBIC")
      != NULL, native);
  fail_unless_equals_int (strstr (pp->options, "-DGST_CL_VECTORS") != NULL,
      vectors && !native);
  fail_unless_equals_string (pp->kernel, "rotate_frame");

  /* the work-items cover the plane once */
  if (vectors)
    fail_unless (pp->items[0] * GST_CL_VECTOR_VALUES >= values
        && (pp->items[0] - 1) * GST_CL_VECTOR_VALUES < values, "%s: %zu items "
        "for %zu values", what, pp->items[0], values);
  else
    fail_unless_equals_int (pp->items[0], plane->width);
  fail_unless_equals_int (pp->items[1], plane->height);

  /* the luma mapping in the plane's own pixels */
  fail_unless (fabs (pp->matrix[0] - luma->matrix[0]) < 1e-12
      && fabs (pp->matrix[1] - luma->matrix[1] * sy / sx) < 1e-12
      && fabs (pp->matrix[2] - luma->matrix[2] * sx / sy) < 1e-12
      && fabs (pp->matrix[3] - luma->matrix[3]) < 1e-12, "%s: matrix", what);
  for (guint i = 0; i < 4; i++)
    fail_unless (fabs (pp->pivots[i] - luma->pivots[i] / (i % 2 ? sy : sx))
        < 1e-9, "%s: pivot %u", what, i);
}

static void
check_plan (const GstCLDeviceInfo * device, const GstCLRotateGeometry * g,
    const GstCLRotateFrames * frames, const GstCLRotateSettings * settings,
    const gchar * what)
{
  GstCLRotatePlan plan;
  gboolean square = g->in_par_n == g->in_par_d;
  gboolean permutes = TRUE;
  const gdouble *m;

  gst_cl_rotate_plan (device, g, frames, settings, &plan);
  fail_unless_equals_int (plan.n_planes, frames->n_planes);

  /* Turns that only permute pixels take nearest, which gives them
   * exactly: quarter turns of square pixels, or with the pixel aspect
   * ratio turned with them (as fit does). */
  m = plan.planes[0].matrix;
  for (guint i = 0; i < 4; i++)
    permutes &= fabs (m[i]) < 1e-9 || fabs (fabs (m[i]) - 1.0) < 1e-9;
  fail_unless_equals_int (plan.planes[0].method, permutes ?
      GST_CL_ROTATE_METHOD_NEAREST : settings->method);
  if (is_quarter_turn (settings->angle)
      && (square || settings->output_size == GST_CL_ROTATE_OUTPUT_FIT))
    fail_unless (permutes, "%s: a quarter turn that does not permute", what);
  for (guint p = 0; p < plan.n_planes; p++)
    check_plane (device, frames, settings, &plan.planes[0], p,
        &plan.planes[p], what);
}

static void
make_geometry (gint w, gint h, gint par_n, gint par_d,
    const GstCLRotateSettings * settings, GstCLRotateGeometry * g)
{
  g->in_width = w;
  g->in_height = h;
  g->in_par_n = par_n;
  g->in_par_d = par_d;
  g->out_width = w;
  g->out_height = h;
  g->out_par_n = par_n;
  g->out_par_d = par_d;
  if (settings->output_size == GST_CL_ROTATE_OUTPUT_FIT)
    gst_cl_rotate_fit_size (settings->angle, w, h, par_n, par_d,
        &g->out_width, &g->out_height, &g->out_par_n, &g->out_par_d);
}

GST_START_TEST (test_plans)
{
  for (guint k = 0; k < GST_CL_DEVICE_N_CLASSES; k++)
    for (guint qcom = 0; qcom < 2; qcom++)
      for (guint images = 0; images < 2; images++)
        for (guint kind = 0; kind < 3; kind++)
          for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
            for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
              for (guint a = 0; a < G_N_ELEMENTS (angles); a++)
                for (guint method = 0; method < GST_CL_ROTATE_N_METHODS;
                    method++)
                  for (guint fit = 0; fit < 2; fit++) {
                    GstCLDeviceInfo device = fake_device (k, qcom, images);
                    GstCLStorage storage = kind == 0 ?
                        GST_CL_STORAGE_IMAGE : GST_CL_STORAGE_BUFFER;
                    gboolean vectors = kind == 2;
                    GstCLRotateSettings settings = {
                      angles[a], 0.5, 0.5, method, fit, 0xff000000
                    };
                    GstCLRotateGeometry g;
                    GstCLRotateFrames frames;
                    gchar *what;

                    if ((storage == GST_CL_STORAGE_IMAGE && !images)
                        || (vectors && !gst_cl_device_class_is_cpu (k)))
                      continue;
                    make_geometry (sizes[s].width, sizes[s].height,
                        sizes[s].par_n, sizes[s].par_d, &settings, &g);
                    make_frames (formats[f], g.in_width, g.in_height,
                        g.out_width, g.out_height, storage, vectors, &frames);
                    what =
                        g_strdup_printf ("class %u, qcom %u, storage kind %u, "
                        "%s %dx%d, angle %g, method %u, fit %u", k, qcom, kind,
                        gst_video_format_to_string (formats[f]), sizes[s].width,
                        sizes[s].height, angles[a], method, fit);
                    check_plan (&device, &g, &frames, &settings, what);
                    g_free (what);
                  }
}

GST_END_TEST;

/* output-size=fit: quarter turns keep or swap the size and the pixel
 * aspect ratio exactly; other angles hold the rotated frame, grown on
 * both sides alike. */
GST_START_TEST (test_fit_size)
{
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint a = 0; a < G_N_ELEMENTS (angles); a++) {
      gint w = sizes[s].width, h = sizes[s].height;
      gint par_n = sizes[s].par_n, par_d = sizes[s].par_d;
      gdouble angle = angles[a], r = angle * G_PI / 180.0;
      gint ow, oh, on, od;

      gst_cl_rotate_fit_size (angle, w, h, par_n, par_d, &ow, &oh, &on, &od);
      if (is_quarter_turn (angle)) {
        gboolean swap = ((gint) round (angle / 90.0) % 2) != 0;

        fail_unless_equals_int (ow, swap ? h : w);
        fail_unless_equals_int (oh, swap ? w : h);
        fail_unless_equals_int (on, swap ? par_d : par_n);
        fail_unless_equals_int (od, swap ? par_n : par_d);
        continue;
      }
      fail_unless (on == par_n && od == par_d);
      fail_unless ((ow - w) % 2 == 0 && (oh - h) % 2 == 0,
          "%dx%d at %g: %dx%d", w, h, angle, ow, oh);
      fail_unless (ow * (gdouble) par_n / par_d + 1e-6 >=
          fabs (w * (gdouble) par_n / par_d * cos (r)) + fabs (h * sin (r)));
      fail_unless (oh + 1e-6 >= fabs (w * (gdouble) par_n / par_d * sin (r))
          + fabs (h * cos (r)));
    }
}

GST_END_TEST;

/* The region of interest that is the whole frame turns into the whole
 * output at quarter turns with output-size=fit, and the source point of
 * the output's centre is the pivot. */
GST_START_TEST (test_mapping)
{
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint a = 0; a < G_N_ELEMENTS (angles); a++) {
      GstCLRotateSettings settings = {
        angles[a], 0.5, 0.5, GST_CL_ROTATE_METHOD_BILINEAR,
        GST_CL_ROTATE_OUTPUT_FIT, 0
      };
      GstVideoRectangle whole = { 0, 0, sizes[s].width, sizes[s].height };
      GstVideoRectangle box;
      GstCLRotateGeometry g;
      gdouble sx, sy;

      make_geometry (sizes[s].width, sizes[s].height, sizes[s].par_n,
          sizes[s].par_d, &settings, &g);
      gst_cl_rotate_map_to_source (&settings, &g, g.out_width / 2.0,
          g.out_height / 2.0, &sx, &sy);
      fail_unless (fabs (sx - g.in_width / 2.0) < 1e-6
          && fabs (sy - g.in_height / 2.0) < 1e-6);
      fail_unless (gst_cl_rotate_turned_box (&settings, &g, &whole, &box));
      if (is_quarter_turn (angles[a]))
        fail_unless (box.x == 0 && box.y == 0 && box.w == g.out_width
            && box.h == g.out_height, "%g: %d,%d %dx%d", angles[a], box.x,
            box.y, box.w, box.h);
      fail_unless_equals_int (gst_cl_rotate_is_identity (&settings, &g),
          fmod (angles[a], 360.0) == 0.0);
    }
}

GST_END_TEST;

GST_START_TEST (test_prefers_buffers)
{
  for (guint k = 0; k < GST_CL_DEVICE_N_CLASSES; k++) {
    GstCLDeviceInfo device = fake_device (k, FALSE, TRUE);

    fail_unless_equals_int (gst_cl_rotate_prefers_buffers (&device),
        gst_cl_rotate_tuning (k)->prefers_buffers);
  }
}

GST_END_TEST;

static Suite *
clrotateplan_suite (void)
{
  Suite *s = suite_create ("clrotateplan");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_plans);
  tcase_add_test (tc, test_fit_size);
  tcase_add_test (tc, test_mapping);
  tcase_add_test (tc, test_prefers_buffers);
  return s;
}

GST_CHECK_MAIN (clrotateplan);
