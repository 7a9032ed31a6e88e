/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * clrotate's planner, geometry and tuning table, on fabricated device
 * descriptions: no OpenCL device, no pipeline. Every device class, with
 * and without the native sampler and images, over sizes, formats,
 * angles, methods and storages; and the fixed directions
 * (video-direction), against videoflip's index arithmetic written out
 * here.
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
    frames->planes[p].in_width = in.planes[p].width;
    frames->planes[p].in_height = in.planes[p].height;
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
                      angles[a], 0.5, 0.5, method, fit, 0xff000000,
                      GST_VIDEO_ORIENTATION_CUSTOM
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
        GST_CL_ROTATE_OUTPUT_FIT, 0, GST_VIDEO_ORIENTATION_CUSTOM
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

/* The fixed directions. */

static const GstVideoOrientationMethod directions[] = {
  GST_VIDEO_ORIENTATION_IDENTITY, GST_VIDEO_ORIENTATION_90R,
  GST_VIDEO_ORIENTATION_180, GST_VIDEO_ORIENTATION_90L,
  GST_VIDEO_ORIENTATION_HORIZ, GST_VIDEO_ORIENTATION_VERT,
  GST_VIDEO_ORIENTATION_UL_LR, GST_VIDEO_ORIENTATION_UR_LL,
};

static gboolean
transposes (GstVideoOrientationMethod d)
{
  return d == GST_VIDEO_ORIENTATION_90R || d == GST_VIDEO_ORIENTATION_90L
      || d == GST_VIDEO_ORIENTATION_UL_LR || d == GST_VIDEO_ORIENTATION_UR_LL;
}

/* The source pixel of output pixel (x, y) of a plane whose input is
 * @sw x @sh, as videoflip's loops index it (gstvideoflip.c, the same
 * expressions for every plane, each with its own size). */
static void
videoflip_source (GstVideoOrientationMethod d, gint sw, gint sh, gint x,
    gint y, gint * sx, gint * sy)
{
  switch (d) {
    case GST_VIDEO_ORIENTATION_90R:
      *sx = y;
      *sy = sh - 1 - x;
      break;
    case GST_VIDEO_ORIENTATION_90L:
      *sx = sw - 1 - y;
      *sy = x;
      break;
    case GST_VIDEO_ORIENTATION_180:
      *sx = sw - 1 - x;
      *sy = sh - 1 - y;
      break;
    case GST_VIDEO_ORIENTATION_HORIZ:
      *sx = sw - 1 - x;
      *sy = y;
      break;
    case GST_VIDEO_ORIENTATION_VERT:
      *sx = x;
      *sy = sh - 1 - y;
      break;
    case GST_VIDEO_ORIENTATION_UL_LR:
      *sx = y;
      *sy = x;
      break;
    case GST_VIDEO_ORIENTATION_UR_LL:
      *sx = sw - 1 - y;
      *sy = sh - 1 - x;
      break;
    default:
      *sx = x;
      *sy = y;
      break;
  }
}

/* The point videoflip reports for a pointer at (x, y) on its output of
 * @ow x @oh (gst_video_flip_src_event). */
static void
videoflip_navigation (GstVideoOrientationMethod d, gdouble ow, gdouble oh,
    gdouble x, gdouble y, gdouble * sx, gdouble * sy)
{
  switch (d) {
    case GST_VIDEO_ORIENTATION_90R:
      *sx = y;
      *sy = ow - x;
      break;
    case GST_VIDEO_ORIENTATION_90L:
      *sx = oh - y;
      *sy = x;
      break;
    case GST_VIDEO_ORIENTATION_UR_LL:
      *sx = oh - y;
      *sy = ow - x;
      break;
    case GST_VIDEO_ORIENTATION_UL_LR:
      *sx = y;
      *sy = x;
      break;
    case GST_VIDEO_ORIENTATION_180:
      *sx = ow - x;
      *sy = oh - y;
      break;
    case GST_VIDEO_ORIENTATION_HORIZ:
      *sx = ow - x;
      *sy = y;
      break;
    case GST_VIDEO_ORIENTATION_VERT:
      *sx = x;
      *sy = oh - y;
      break;
    default:
      *sx = x;
      *sy = y;
      break;
  }
}

static const struct
{
  gint width, height, par_n, par_d;
} direction_sizes[] = {
  {1, 1, 1, 1},
  {37, 23, 1, 1},
  {23, 37, 1, 1},
  {32, 18, 1, 1},
  {2, 1, 1, 1},
  {3, 5, 4, 3},
  {333, 197, 16, 9},
};

/* Every plane's plan is direction_frame moving each output pixel from
 * the input pixel videoflip takes, inside the input plane, each input
 * pixel once; whatever the device, storage, angle, method or output-size
 * (which a fixed direction ignores). */
GST_START_TEST (test_direction_plans)
{
  for (guint k = 0; k < GST_CL_DEVICE_N_CLASSES; k++)
    for (guint kind = 0; kind < 3; kind++)
      for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
        for (guint s = 0; s < G_N_ELEMENTS (direction_sizes); s++)
          for (guint d = 0; d < G_N_ELEMENTS (directions); d++) {
            GstCLDeviceInfo device = fake_device (k, TRUE, TRUE);
            GstCLStorage storage = kind == 0 ?
                GST_CL_STORAGE_IMAGE : GST_CL_STORAGE_BUFFER;
            gboolean vectors = kind == 2;
            GstCLRotateSettings settings = {
              33.3, 0.1, 0.9, GST_CL_ROTATE_METHOD_BICUBIC,
              (k + s) % 2 ? GST_CL_ROTATE_OUTPUT_FIT :
                  GST_CL_ROTATE_OUTPUT_SAME, 0x80ff0000, directions[d]
            };
            gint w = direction_sizes[s].width, h = direction_sizes[s].height;
            gint par_n = direction_sizes[s].par_n;
            gint par_d = direction_sizes[s].par_d;
            GstCLRotateGeometry g = { w, h, par_n, par_d };
            GstCLRotateFrames frames;
            GstCLRotatePlan plan;
            gchar *what =
                g_strdup_printf ("class %u, storage kind %u, %s %dx%d, "
                "direction %d", k, kind,
                gst_video_format_to_string (formats[f]), w, h, directions[d]);

            /* the output size: kept, or swapped with the PAR */
            gst_cl_rotate_output_size (&settings, w, h, par_n, par_d,
                &g.out_width, &g.out_height, &g.out_par_n, &g.out_par_d);
            fail_unless_equals_int (g.out_width,
                transposes (directions[d]) ? h : w);
            fail_unless_equals_int (g.out_height,
                transposes (directions[d]) ? w : h);
            fail_unless_equals_int (g.out_par_n,
                transposes (directions[d]) ? par_d : par_n);
            fail_unless_equals_int (g.out_par_d,
                transposes (directions[d]) ? par_n : par_d);
            fail_unless_equals_int (gst_cl_rotate_is_identity (&settings,
                    &g), directions[d] == GST_VIDEO_ORIENTATION_IDENTITY);

            make_frames (formats[f], w, h, g.out_width, g.out_height, storage,
                vectors, &frames);
            gst_cl_rotate_plan (&device, &g, &frames, &settings, &plan);
            fail_unless_equals_int (plan.n_planes, frames.n_planes);
            for (guint p = 0; p < plan.n_planes; p++) {
              const GstCLRotatePlanePlan *pp = &plan.planes[p];
              const GstCLRotatePlaneGeometry *plane = &frames.planes[p];
              gint sw = plane->in_width, sh = plane->in_height;
              guint8 *hit = g_new0 (guint8, (gsize) sw * sh);
              gchar *wrong = NULL;

              fail_unless (pp->fixed, "%s", what);
              fail_unless_equals_string (pp->kernel, "direction_frame");
              fail_unless_equals_int (pp->items[0], plane->width);
              fail_unless_equals_int (pp->items[1], plane->height);
              /* the plane turns as a whole: its size in and out agree */
              fail_unless_equals_int (plane->width,
                  transposes (directions[d]) ? sh : sw);
              fail_unless_equals_int (plane->height,
                  transposes (directions[d]) ? sw : sh);
              for (gint y = 0; y < plane->height; y++)
                for (gint x = 0; x < plane->width; x++) {
                  gint sx = pp->origin[0] + pp->moves[0] * x + pp->moves[1] * y;
                  gint sy = pp->origin[1] + pp->moves[2] * x + pp->moves[3] * y;
                  gint want_x, want_y;

                  /* one assertion a plane: check's cost per assertion
                   * would dwarf the test */
                  if (wrong)
                    continue;
                  videoflip_source (directions[d], sw, sh, x, y, &want_x,
                      &want_y);
                  if (sx != want_x || sy != want_y)
                    wrong = g_strdup_printf ("(%d, %d) from (%d, %d), "
                        "videoflip's from (%d, %d)", x, y, sx, sy, want_x,
                        want_y);
                  else if (sx < 0 || sy < 0 || sx >= sw || sy >= sh)
                    wrong = g_strdup_printf ("(%d, %d) from outside the "
                        "input", x, y);
                  else if (hit[sy * sw + sx])
                    wrong = g_strdup_printf ("(%d, %d) taken twice", sx, sy);
                  else
                    hit[sy * sw + sx] = 1;
                }
              fail_unless (wrong == NULL, "%s, plane %u: %s", what, p, wrong);
              g_free (hit);
            }
            g_free (what);
          }
}

GST_END_TEST;

/* Navigation as videoflip reports it; the region of interest that is the
 * whole frame turns into the whole output, and a small one where its
 * corners go. */
GST_START_TEST (test_direction_mapping)
{
  static const gdouble points[][2] = {
    {0, 0}, {10.5, 3.25}, {22.75, 36.5}, {1, 20},
  };

  for (guint d = 0; d < G_N_ELEMENTS (directions); d++) {
    GstCLRotateSettings settings = {
      30.0, 0.2, 0.7, GST_CL_ROTATE_METHOD_BILINEAR,
      GST_CL_ROTATE_OUTPUT_FIT, 0, directions[d]
    };
    GstCLRotateGeometry g = { 37, 23, 1, 1 };
    GstVideoRectangle whole = { 0, 0, 37, 23 }, small = { 1, 2, 3, 4 };
    GstVideoRectangle box;
    gint corners[2][2] = { {1, 2}, {4, 6}
    };
    gint x0 = G_MAXINT, y0 = G_MAXINT, x1 = G_MININT, y1 = G_MININT;

    gst_cl_rotate_output_size (&settings, 37, 23, 1, 1, &g.out_width,
        &g.out_height, &g.out_par_n, &g.out_par_d);
    for (guint i = 0; i < G_N_ELEMENTS (points); i++) {
      gdouble x = points[i][0], y = points[i][1], sx, sy, want_x, want_y;

      gst_cl_rotate_map_to_source (&settings, &g, x, y, &sx, &sy);
      videoflip_navigation (directions[d], g.out_width, g.out_height, x, y,
          &want_x, &want_y);
      fail_unless (sx == want_x && sy == want_y, "direction %d: (%g, %g) -> "
          "(%g, %g), videoflip (%g, %g)", directions[d], x, y, sx, sy,
          want_x, want_y);
    }

    fail_unless (gst_cl_rotate_turned_box (&settings, &g, &whole, &box));
    fail_unless (box.x == 0 && box.y == 0 && box.w == g.out_width
        && box.h == g.out_height);

    /* The small box: where the output pixels taken from its corner pixels
     * are (every output pixel videoflip takes from within it). */
    for (gint y = 0; y < g.out_height; y++)
      for (gint x = 0; x < g.out_width; x++) {
        gint sx, sy;

        videoflip_source (directions[d], 37, 23, x, y, &sx, &sy);
        if (sx < corners[0][0] || sx >= corners[1][0] || sy < corners[0][1]
            || sy >= corners[1][1])
          continue;
        x0 = MIN (x0, x);
        y0 = MIN (y0, y);
        x1 = MAX (x1, x + 1);
        y1 = MAX (y1, y + 1);
      }
    fail_unless (gst_cl_rotate_turned_box (&settings, &g, &small, &box));
    fail_unless (box.x == x0 && box.y == y0 && box.w == x1 - x0
        && box.h == y1 - y0, "direction %d: %d,%d %dx%d, want %d,%d %dx%d",
        directions[d], box.x, box.y, box.w, box.h, x0, y0, x1 - x0, y1 - y0);
  }
}

GST_END_TEST;

/* Which directions are fixed, and which transpose. */
GST_START_TEST (test_direction_kinds)
{
  for (guint d = 0; d < G_N_ELEMENTS (directions); d++) {
    fail_unless (gst_cl_rotate_direction_is_fixed (directions[d]));
    fail_unless_equals_int (gst_cl_rotate_direction_transposes
        (directions[d]), transposes (directions[d]));
  }
  fail_if (gst_cl_rotate_direction_is_fixed (GST_VIDEO_ORIENTATION_AUTO));
  fail_if (gst_cl_rotate_direction_is_fixed (GST_VIDEO_ORIENTATION_CUSTOM));
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
  tcase_add_test (tc, test_direction_plans);
  tcase_add_test (tc, test_direction_mapping);
  tcase_add_test (tc, test_direction_kinds);
  return s;
}

GST_CHECK_MAIN (clrotateplan);
