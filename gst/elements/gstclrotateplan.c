/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclrotateplan.h"
#include "gstclfilter.h"

#include <math.h>
#include <string.h>

/* Whether @degrees is a whole number of quarter turns, and which (0..3). */
static gboolean
quarter_turn (gdouble degrees, gint * quarters)
{
  gdouble q = fmod (degrees, 360.0) / 90.0;
  gdouble r = round (q);

  if (fabs (q - r) > 1e-9)
    return FALSE;
  *quarters = (((gint) r) % 4 + 4) % 4;
  return TRUE;
}

/* cos and sin of @degrees, exact at quarter turns. */
static void
rotation (gdouble degrees, gdouble * c, gdouble * s)
{
  static const gint exact[4][2] = { {1, 0}, {0, 1}, {-1, 0}, {0, -1} };
  gdouble radians;
  gint q;

  if (quarter_turn (degrees, &q)) {
    *c = exact[q][0];
    *s = exact[q][1];
    return;
  }
  radians = fmod (degrees, 360.0) * G_PI / 180.0;
  *c = cos (radians);
  *s = sin (radians);
}

/**
 * gst_cl_rotate_direction_is_fixed:
 *
 * Whether @direction is one of the eight fixed directions (identity, the
 * turns by quarters, the flips), which move pixels without resampling.
 */
gboolean
gst_cl_rotate_direction_is_fixed (GstVideoOrientationMethod direction)
{
  return direction >= GST_VIDEO_ORIENTATION_IDENTITY
      && direction <= GST_VIDEO_ORIENTATION_UR_LL;
}

/**
 * gst_cl_rotate_direction_transposes:
 *
 * Whether fixed @direction swaps the width and the height (90r, 90l,
 * ul-lr, ur-ll).
 */
gboolean
gst_cl_rotate_direction_transposes (GstVideoOrientationMethod direction)
{
  return direction == GST_VIDEO_ORIENTATION_90R
      || direction == GST_VIDEO_ORIENTATION_90L
      || direction == GST_VIDEO_ORIENTATION_UL_LR
      || direction == GST_VIDEO_ORIENTATION_UR_LL;
}

/* The matrix M of fixed @direction, row by row: a source point relative
 * to the source's centre is M times the output point relative to the
 * output's centre (x right, y down), in pixels. Its entries are 0 and
 * +-1, one non-zero in each row. */
static void
direction_matrix (GstVideoOrientationMethod direction, gint m[4])
{
  static const gint matrices[][4] = {
    [GST_VIDEO_ORIENTATION_IDENTITY] = {1, 0, 0, 1},
    /* clockwise: the output's column x is the source's row h - 1 - x */
    [GST_VIDEO_ORIENTATION_90R] = {0, 1, -1, 0},
    [GST_VIDEO_ORIENTATION_180] = {-1, 0, 0, -1},
    [GST_VIDEO_ORIENTATION_90L] = {0, -1, 1, 0},
    [GST_VIDEO_ORIENTATION_HORIZ] = {-1, 0, 0, 1},
    [GST_VIDEO_ORIENTATION_VERT] = {1, 0, 0, -1},
    /* across the upper-left/lower-right diagonal: a transpose */
    [GST_VIDEO_ORIENTATION_UL_LR] = {0, 1, 1, 0},
    [GST_VIDEO_ORIENTATION_UR_LL] = {0, -1, -1, 0},
  };

  g_return_if_fail (gst_cl_rotate_direction_is_fixed (direction));
  memcpy (m, matrices[direction], sizeof (matrices[0]));
}

/**
 * gst_cl_rotate_output_size:
 * @width, @height, @par_n, @par_d: the input's size and pixel aspect
 *   ratio
 *
 * The output's size and pixel aspect ratio: a fixed direction keeps them,
 * or swaps them where it transposes (as videoflip does); custom keeps
 * them with output-size=same, and gives gst_cl_rotate_fit_size()'s with
 * fit.
 */
void
gst_cl_rotate_output_size (const GstCLRotateSettings * p, gint width,
    gint height, gint par_n, gint par_d, gint * out_width, gint * out_height,
    gint * out_par_n, gint * out_par_d)
{
  gboolean swap;

  if (!gst_cl_rotate_direction_is_fixed (p->direction)
      && p->output_size == GST_CL_ROTATE_OUTPUT_FIT) {
    gst_cl_rotate_fit_size (p->angle, width, height, par_n, par_d, out_width,
        out_height, out_par_n, out_par_d);
    return;
  }
  swap = gst_cl_rotate_direction_is_fixed (p->direction)
      && gst_cl_rotate_direction_transposes (p->direction);
  *out_width = swap ? height : width;
  *out_height = swap ? width : height;
  *out_par_n = swap ? par_d : par_n;
  *out_par_d = swap ? par_n : par_d;
}

/**
 * gst_cl_rotate_fit_size:
 * @par_n, @par_d: the input's pixel aspect ratio
 * @out_par_n, @out_par_d: (out): the output's
 *
 * The output of output-size=fit: the bounding box of the rotated frame,
 * |w cos| + |h sin| by |w sin| + |h cos| in display units. Quarter turns
 * keep or swap the size exactly, and swap the pixel aspect ratio with it
 * (as videoflip does). Other angles keep the pixel aspect ratio and grow
 * or shrink the size by whole pixels on both sides, so the frame's centre
 * keeps its pixel phase and the picture does not jitter as the angle moves.
 */
void
gst_cl_rotate_fit_size (gdouble angle, gint width, gint height, gint par_n,
    gint par_d, gint * out_width, gint * out_height, gint * out_par_n,
    gint * out_par_d)
{
  gdouble c, s, par = (gdouble) par_n / par_d, box_w, box_h;
  gint q;

  if (quarter_turn (angle, &q)) {
    gboolean swap = q % 2;

    *out_width = swap ? height : width;
    *out_height = swap ? width : height;
    *out_par_n = swap ? par_d : par_n;
    *out_par_d = swap ? par_n : par_d;
    return;
  }
  rotation (angle, &c, &s);
  box_w = (fabs (width * par * c) + fabs (height * s)) / par;
  box_h = fabs (width * par * s) + fabs (height * c);
  *out_width = MAX (width + 2 * (gint) ceil ((box_w - width) / 2 - 1e-6), 1);
  *out_height = MAX (height + 2 * (gint) ceil ((box_h - height) / 2 - 1e-6), 1);
  *out_par_n = par_n;
  *out_par_d = par_d;
}

/* The matrix M that takes output pixel offsets to source pixel offsets:
 * the rotation done in display units, S_in^-1 R S_out, where S scales x
 * by the pixel aspect ratio (and S_out keeps the pixel area, so a quarter
 * turn that swaps the PAR is a pure permutation). */
static void
mapping_matrix (gdouble angle, const GstCLRotateGeometry * g, gdouble m[4])
{
  gdouble in_par = (gdouble) g->in_par_n / g->in_par_d;
  gdouble out_par = (gdouble) g->out_par_n / g->out_par_d;
  gdouble c, s, k = sqrt (in_par / out_par);

  rotation (angle, &c, &s);
  m[0] = k * c * out_par / in_par;
  m[1] = -k * s / in_par;
  m[2] = k * s * out_par;
  m[3] = k * c;
}

/* Whether M only permutes pixels (entries 0 or +-1): then nearest gives
 * an exact permutation, where a cubic other than Catmull-Rom would blur. */
static gboolean
is_permutation (const gdouble m[4])
{
  for (guint i = 0; i < 4; i++)
    if (fabs (m[i]) > 1e-9 && fabs (fabs (m[i]) - 1.0) > 1e-9)
      return FALSE;
  return TRUE;
}

/**
 * gst_cl_rotate_is_identity:
 *
 * Whether @p leaves the frames of @g as they are: no turn (direction
 * identity, or custom at a whole number of turns), the same size and
 * pixel aspect ratio in and out.
 */
gboolean
gst_cl_rotate_is_identity (const GstCLRotateSettings * p,
    const GstCLRotateGeometry * g)
{
  gint q;
  gboolean turns = gst_cl_rotate_direction_is_fixed (p->direction) ?
      p->direction != GST_VIDEO_ORIENTATION_IDENTITY :
      !quarter_turn (p->angle, &q) || q != 0;

  return g->in_width > 0 && !turns
      && g->in_width == g->out_width && g->in_height == g->out_height
      && g->in_par_n == g->out_par_n && g->in_par_d == g->out_par_d;
}

/* The pivots in luma pixels: the output point that shows the source's
 * pivot, and that pivot. */
static void
luma_pivots (const GstCLRotateSettings * p, const GstCLRotateGeometry * g,
    gdouble pivots[4])
{
  if (p->output_size == GST_CL_ROTATE_OUTPUT_FIT) {
    /* The rotated frame is centred in the box: the pivot only moves it. */
    pivots[0] = g->out_width / 2.0;
    pivots[1] = g->out_height / 2.0;
    pivots[2] = g->in_width / 2.0;
    pivots[3] = g->in_height / 2.0;
  } else {
    pivots[0] = pivots[2] = p->center_x * g->in_width;
    pivots[1] = pivots[3] = p->center_y * g->in_height;
  }
}

/**
 * gst_cl_rotate_map_to_source:
 *
 * The source point, in luma pixels, that output point (@x, @y) shows. For
 * a fixed direction, the point videoflip gives (e.g. 90r: (y, output
 * width - x)).
 */
void
gst_cl_rotate_map_to_source (const GstCLRotateSettings * p,
    const GstCLRotateGeometry * g, gdouble x, gdouble y, gdouble * sx,
    gdouble * sy)
{
  gdouble m[4], pv[4];

  if (gst_cl_rotate_direction_is_fixed (p->direction)) {
    gint d[4];

    direction_matrix (p->direction, d);
    x -= g->out_width / 2.0;
    y -= g->out_height / 2.0;
    *sx = d[0] * x + d[1] * y + g->in_width / 2.0;
    *sy = d[2] * x + d[3] * y + g->in_height / 2.0;
    return;
  }
  mapping_matrix (p->angle, g, m);
  luma_pivots (p, g, pv);
  *sx = m[0] * (x - pv[0]) + m[1] * (y - pv[1]) + pv[2];
  *sy = m[2] * (x - pv[0]) + m[3] * (y - pv[1]) + pv[3];
}

/* The output point, in luma pixels, that shows source point (sx, sy): the
 * inverse of gst_cl_rotate_map_to_source(). */
static void
map_to_output (const GstCLRotateSettings * p, const GstCLRotateGeometry * g,
    gdouble sx, gdouble sy, gdouble * x, gdouble * y)
{
  gdouble m[4], pv[4], det;

  if (gst_cl_rotate_direction_is_fixed (p->direction)) {
    gint d[4];

    /* M is orthogonal: its inverse is its transpose. */
    direction_matrix (p->direction, d);
    sx -= g->in_width / 2.0;
    sy -= g->in_height / 2.0;
    *x = d[0] * sx + d[2] * sy + g->out_width / 2.0;
    *y = d[1] * sx + d[3] * sy + g->out_height / 2.0;
    return;
  }
  mapping_matrix (p->angle, g, m);
  luma_pivots (p, g, pv);
  det = m[0] * m[3] - m[1] * m[2];
  *x = (m[3] * (sx - pv[2]) - m[1] * (sy - pv[3])) / det + pv[0];
  *y = (m[0] * (sy - pv[3]) - m[2] * (sx - pv[2])) / det + pv[1];
}

/**
 * gst_cl_rotate_turned_box:
 *
 * The output rectangle that holds source rectangle @in turned: the box
 * around its four turned corners, rounded outwards to whole pixels (but
 * not grown by rounding errors, so quarter turns are exact) and clipped to
 * the frame. FALSE where none of it is left in the frame.
 */
gboolean
gst_cl_rotate_turned_box (const GstCLRotateSettings * p,
    const GstCLRotateGeometry * g, const GstVideoRectangle * in,
    GstVideoRectangle * out)
{
  gdouble x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE;
  gdouble x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;

  for (guint corner = 0; corner < 4; corner++) {
    gdouble x, y;

    map_to_output (p, g, in->x + (corner & 1 ? in->w : 0),
        in->y + (corner & 2 ? in->h : 0), &x, &y);
    x0 = MIN (x0, x);
    y0 = MIN (y0, y);
    x1 = MAX (x1, x);
    y1 = MAX (y1, y);
  }
  out->x = CLAMP (floor (x0 + 1e-6), 0, g->out_width);
  out->y = CLAMP (floor (y0 + 1e-6), 0, g->out_height);
  out->w = CLAMP (ceil (x1 - 1e-6), 0, g->out_width) - out->x;
  out->h = CLAMP (ceil (y1 - 1e-6), 0, g->out_height) - out->y;
  return out->w > 0 && out->h > 0;
}

/**
 * gst_cl_rotate_prefers_buffers:
 *
 * Whether storage=auto keeps frames in buffers on @device where it would
 * take images (GPUs).
 */
gboolean
gst_cl_rotate_prefers_buffers (const GstCLDeviceInfo * device)
{
  return gst_cl_rotate_tuning (device->device_class)->prefers_buffers;
}

/* The variant of @method for @frames: the native bicubic sampler serves
 * bicubic where the device has it and frames are images (its weights are
 * the emulated kernel's); else the vector kernel with buffers where the
 * filter offers it. */
static void
plan_variant (const GstCLDeviceInfo * device, const GstCLRotateFrames * frames,
    gboolean vectors, GstCLRotateMethod method, GstCLRotatePlanePlan * pp)
{
  const GstCLRotateTuning *tuning = gst_cl_rotate_tuning (device->device_class);

  pp->fixed = FALSE;
  pp->method = method;
  pp->native = method == GST_CL_ROTATE_METHOD_BICUBIC
      && tuning->native_bicubic && device->has_qcom_bicubic
      && frames->storage == GST_CL_STORAGE_IMAGE;
  g_snprintf (pp->options, sizeof (pp->options), "-DMETHOD=%d%s", method,
      pp->native ? " -DGST_CL_NATIVE_BICUBIC" : vectors ? " -DGST_CL_VECTORS" :
      "");
  pp->kernel = "rotate_frame";
}

/* Work-items for @plane: one a pixel, or for the vector kernel one per
 * GST_CL_VECTOR_VALUES channel values of a row. */
static void
plan_items (gboolean vectors, const GstCLRotatePlaneGeometry * plane,
    gsize items[2])
{
  items[0] = vectors ? ((gsize) plane->width * plane->channels +
      GST_CL_VECTOR_VALUES - 1) / GST_CL_VECTOR_VALUES : (gsize) plane->width;
  items[1] = plane->height;
}

/* Fixed @direction on every plane of @frames: each plane's pixels move
 * within the plane, as videoflip moves them. Where a row of the direction
 * reverses an axis, the origin is the input plane's last column or row,
 * from the plane's own size: a 4:2:0 chroma plane of an odd size turns
 * on its own grid, as videoflip's does, not on the luma's. */
static void
plan_direction (GstVideoOrientationMethod direction,
    const GstCLRotateFrames * frames, GstCLRotatePlan * plan)
{
  gint m[4];

  direction_matrix (direction, m);
  plan->n_planes = frames->n_planes;
  for (guint p = 0; p < frames->n_planes; p++) {
    const GstCLRotatePlaneGeometry *plane = &frames->planes[p];
    GstCLRotatePlanePlan *pp = &plan->planes[p];

    memset (pp, 0, sizeof (*pp));
    pp->fixed = TRUE;
    pp->method = GST_CL_ROTATE_METHOD_NEAREST;
    pp->kernel = "direction_frame";
    memcpy (pp->moves, m, sizeof (m));
    pp->origin[0] = m[0] < 0 || m[1] < 0 ? plane->in_width - 1 : 0;
    pp->origin[1] = m[2] < 0 || m[3] < 0 ? plane->in_height - 1 : 0;
    pp->items[0] = plane->width;
    pp->items[1] = plane->height;
  }
}

/**
 * gst_cl_rotate_plan:
 *
 * What rotates a frame of @geometry with @settings on @device: for each
 * plane of @frames the kernel, its build options, its mapping in the
 * plane's pixels and its work size. Turns that only permute pixels take
 * nearest, which gives them exactly; a fixed direction moves pixels with
 * a kernel of its own (no build options).
 */
void
gst_cl_rotate_plan (const GstCLDeviceInfo * device,
    const GstCLRotateGeometry * geometry, const GstCLRotateFrames * frames,
    const GstCLRotateSettings * settings, GstCLRotatePlan * plan)
{
  gboolean vectors = frames->vectors
      && gst_cl_rotate_tuning (device->device_class)->vectors;
  gdouble m[4], pivots[4];
  GstCLRotateMethod method;

  if (gst_cl_rotate_direction_is_fixed (settings->direction)) {
    plan_direction (settings->direction, frames, plan);
    return;
  }

  mapping_matrix (settings->angle, geometry, m);
  luma_pivots (settings, geometry, pivots);
  method = is_permutation (m) ? GST_CL_ROTATE_METHOD_NEAREST : settings->method;

  plan->n_planes = frames->n_planes;
  for (guint p = 0; p < frames->n_planes; p++) {
    const GstCLRotatePlaneGeometry *plane = &frames->planes[p];
    GstCLRotatePlanePlan *pp = &plan->planes[p];
    gdouble sub_x = 1 << plane->w_sub, sub_y = 1 << plane->h_sub;

    plan_variant (device, frames, vectors, method, pp);
    plan_items (vectors, plane, pp->items);
    /* Each plane turns about the luma pivots in its own coordinates. */
    pp->matrix[0] = m[0];
    pp->matrix[1] = m[1] * sub_y / sub_x;
    pp->matrix[2] = m[2] * sub_x / sub_y;
    pp->matrix[3] = m[3];
    pp->pivots[0] = pivots[0] / sub_x;
    pp->pivots[1] = pivots[1] / sub_y;
    pp->pivots[2] = pivots[2] / sub_x;
    pp->pivots[3] = pivots[3] / sub_y;
  }
}
