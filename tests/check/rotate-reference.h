/* gst-opencl: a plain-C model of clrotate for its tests.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Written from the documented mapping (seed 004, pixel centres at +0.5)
 * and the documented samplers (seed 000 for the bicubic taps), in double
 * precision, one output value at a time. It shares no code with the
 * element or its kernel.
 */
#pragma once

#include <gst/video/video.h>

G_BEGIN_DECLS

typedef enum
{
  ROTREF_NEAREST,
  ROTREF_BILINEAR,
  ROTREF_BICUBIC,
} RotRefMethod;

/* What the element was asked to do. */
typedef struct
{
  gdouble angle;                /* degrees, counter-clockwise on screen */
  gdouble center_x;             /* pivot for output-size=same, 0..1 */
  gdouble center_y;
  gboolean fit;                 /* output-size=fit */
  RotRefMethod method;
  guint32 background;           /* 0xAARRGGBB */
} RotRefParams;

/* How an output frame compares with the model. Output samples fall in
 * three classes by where their source point lies: outside the source's
 * fade band (background, exact), within 1.5 pixels of the source's edge
 * (edge), and inside that (interior). Nearest has no fade band: every
 * sample is exact, but a source point within ROTREF_AMBIGUOUS of a pixel
 * boundary may take either neighbour, as float and double disagree there. */
typedef struct
{
  gdouble max_interior;         /* largest |got - model| */
  gdouble max_edge;
  guint n_interior;
  guint n_edge;
  guint n_outside;
  guint n_ambiguous;            /* nearest only */
  guint n_wrong;                /* exact samples (outside, nearest) that differ */
  /* the worst sample: the first wrong exact one, else the largest diff */
  guint plane;
  gint x, y, channel;
  gdouble expected, got;
} RotRefDiff;

#define ROTREF_AMBIGUOUS 1e-3

void rotref_rotation (gdouble angle, gdouble * c, gdouble * s);

void rotref_fit_size (gdouble angle, gint width, gint height, gdouble par,
    gint * out_width, gint * out_height);

void rotref_map_point (const RotRefParams * p, gint in_width, gint in_height,
    gint out_width, gint out_height, gdouble x, gdouble y, gdouble * sx,
    gdouble * sy);

void rotref_background (const GstVideoInfo * info, guint plane,
    guint32 argb, gdouble value[4]);

guint rotref_plane_channels (const GstVideoInfo * info, guint plane);

void rotref_fill_random (GstVideoFrame * frame, guint32 seed);

RotRefDiff rotref_compare (const GstVideoFrame * in, const GstVideoFrame * out,
    const RotRefParams * params);

gchar *rotref_diff_to_string (const RotRefDiff * diff);

G_END_DECLS
