/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The properties of the (B, C) cubic that clbicubicscale and
 * clconvertscale share: b, c, filter, antialias and add-borders, with the
 * same names, ranges, defaults and flags in both. Each element installs
 * them under ids in a row from one of its own, and documents them in its
 * own file (its GstCLBicubicScale:b:, GstCLConvertScale:b:, ... blocks).
 */
#pragma once

#include "gstclcubic.h"

G_BEGIN_DECLS

/* The properties in the order of their ids, from the element's first. */
typedef enum
{
  GST_CL_CUBIC_PROP_B,
  GST_CL_CUBIC_PROP_C,
  GST_CL_CUBIC_PROP_FILTER,
  GST_CL_CUBIC_PROP_ANTIALIAS,
  GST_CL_CUBIC_PROP_ADD_BORDERS,
  GST_CL_CUBIC_N_PROPS,
} GstCLCubicProp;

/* Their values. Not locked: the element holds its object lock around
 * each call. */
typedef struct
{
  GstCLBicubicFilter filter;
  gdouble b;
  gdouble c;
  gboolean antialias;
  gboolean add_borders;
} GstCLCubicProperties;

void gst_cl_cubic_properties_init (GstCLCubicProperties * props);

void gst_cl_cubic_properties_install (GObjectClass * klass, guint first_id);

gboolean gst_cl_cubic_properties_set (GstCLCubicProperties * props,
    guint id, const GValue * value);

gboolean gst_cl_cubic_properties_get (const GstCLCubicProperties * props,
    guint id, GValue * value);

void gst_cl_cubic_properties_get_cubic (const GstCLCubicProperties * props,
    gdouble * b, gdouble * c, gboolean * antialias);

G_END_DECLS
