/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclcubic.h"

#include <math.h>

GType
gst_cl_bicubic_filter_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CL_BICUBIC_FILTER_CATMULL_ROM, "Catmull-Rom (B=0, C=0.5)",
        "catmull-rom"},
    {GST_CL_BICUBIC_FILTER_MITCHELL, "Mitchell-Netravali (B=1/3, C=1/3)",
        "mitchell"},
    {GST_CL_BICUBIC_FILTER_B_SPLINE, "Cubic B-spline (B=1, C=0)", "b-spline"},
    {GST_CL_BICUBIC_FILTER_SHARP, "Sharp cubic (B=0, C=0.75)", "sharp"},
    {GST_CL_BICUBIC_FILTER_CUSTOM, "The b and c properties", "custom"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type,
        g_enum_register_static ("GstCLBicubicFilter", values));
  return type;
}

/**
 * gst_cl_bicubic_filter_get_bc:
 *
 * The (B, C) of a named filter; @b and @c are left as they are for
 * GST_CL_BICUBIC_FILTER_CUSTOM.
 */
void
gst_cl_bicubic_filter_get_bc (GstCLBicubicFilter filter, gdouble * b,
    gdouble * c)
{
  static const struct
  {
    gdouble b, c;
  } presets[] = {
    [GST_CL_BICUBIC_FILTER_CATMULL_ROM] = {0.0, 0.5},
    [GST_CL_BICUBIC_FILTER_MITCHELL] = {1.0 / 3.0, 1.0 / 3.0},
    [GST_CL_BICUBIC_FILTER_B_SPLINE] = {1.0, 0.0},
    [GST_CL_BICUBIC_FILTER_SHARP] = {0.0, 0.75},
  };

  if (filter >= G_N_ELEMENTS (presets))
    return;
  *b = presets[filter].b;
  *c = presets[filter].c;
}

/**
 * gst_cl_cubic_axis_init:
 *
 * An axis of @in_size samples scaled to @out_size, both at full
 * resolution, the picture filling the output.
 */
void
gst_cl_cubic_axis_init (GstCLCubicAxis * axis, gint in_size, gint out_size)
{
  axis->in_size = in_size;
  axis->out_size = out_size;
  axis->out_first = 0;
  axis->out_site = 0.5;
  axis->out_step = 1.0;
  axis->origin = 0.0;
  axis->scale = (gdouble) in_size / out_size;
  axis->in_step = 1.0;
  axis->in_site = 0.5;
}

/* How far the kernel is stretched, in input samples: by the ratio of the
 * sample spacings where an antialiased axis shrinks, else not. */
static gdouble
axis_stretch (const GstCLCubicAxis * axis, gboolean antialias)
{
  gdouble ratio = axis->scale * axis->out_step / axis->in_step;

  return (antialias && ratio > 1.0) ? ratio : 1.0;
}

/**
 * gst_cl_cubic_axis_taps:
 *
 * The taps of an axis: 4, or all those under a stretched kernel.
 */
gint
gst_cl_cubic_axis_taps (const GstCLCubicAxis * axis, gboolean antialias)
{
  gdouble stretch = axis_stretch (axis, antialias);

  return stretch > 1.0 ? (gint) ceil (4.0 * stretch) : 4;
}

/* k(x) of Mitchell and Netravali's two-parameter family. */
static gdouble
cubic_bc (gdouble x, gdouble b, gdouble c)
{
  x = fabs (x);
  if (x < 1.0)
    return ((12 - 9 * b - 6 * c) * x * x * x + (-18 + 12 * b + 6 * c) * x * x
        + (6 - 2 * b)) / 6.0;
  if (x < 2.0)
    return ((-b - 6 * c) * x * x * x + (6 * b + 30 * c) * x * x
        + (-12 * b - 48 * c) * x + (8 * b + 24 * c)) / 6.0;
  return 0.0;
}

/**
 * gst_cl_cubic_axis_table:
 * @starts: (out): the first taps of the axis's output samples
 * @weights: (out): out_size times the axis's taps, tap major
 *
 * Output sample i lies at input sample position pos (see GstCLCubicAxis;
 * at full resolution, (i + 0.5) * in / out - 0.5). The plain kernel takes
 * the 4 taps floor(pos) - 1 .. floor(pos) + 2, as cl_qcom_filter_bicubic
 * does; an antialiased downscale stretches the kernel by the scale factor
 * and takes every tap under it. Output i reads input taps starts[i] ..
 * starts[i] + taps - 1 (clamped to the input by the kernels) with the
 * weights weights[k * out_size + i], normalised to sum to 1, so that
 * neighbours read neighbours.
 */
void
gst_cl_cubic_axis_table (const GstCLCubicAxis * axis, gdouble b, gdouble c,
    gboolean antialias, gint * starts, gfloat * weights)
{
  gdouble stretch = axis_stretch (axis, antialias);
  gint taps = gst_cl_cubic_axis_taps (axis, antialias);
  gdouble *w = g_new (gdouble, taps);

  for (gint i = 0; i < axis->out_size; i++) {
    gdouble pos = ((axis->out_first + i + axis->out_site) * axis->out_step
        - axis->origin) * axis->scale / axis->in_step - axis->in_site;
    gint first = (gint) floor (pos - 2.0 * stretch) + 1;
    gdouble sum = 0.0;

    for (gint k = 0; k < taps; k++) {
      w[k] = cubic_bc ((first + k - pos) / stretch, b, c);
      sum += w[k];
    }
    starts[i] = first;
    for (gint k = 0; k < taps; k++)
      weights[(gsize) k * axis->out_size + i] = w[k] / sum;
  }
  g_free (w);
}
