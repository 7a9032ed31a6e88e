/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclcubicproperties.h"

#define DEFAULT_B 0.0
#define DEFAULT_C 0.5
#define DEFAULT_FILTER GST_CL_BICUBIC_FILTER_CATMULL_ROM
#define DEFAULT_ANTIALIAS TRUE
#define DEFAULT_ADD_BORDERS TRUE

void
gst_cl_cubic_properties_init (GstCLCubicProperties * props)
{
  props->filter = DEFAULT_FILTER;
  props->b = DEFAULT_B;
  props->c = DEFAULT_C;
  props->antialias = DEFAULT_ANTIALIAS;
  props->add_borders = DEFAULT_ADD_BORDERS;
}

/**
 * gst_cl_cubic_properties_install:
 * @first_id: the id of b; the others follow in GstCLCubicProp's order
 *
 * Installs b, c, filter, antialias and add-borders on @klass, all
 * changeable while playing, b and c controllable.
 */
void
gst_cl_cubic_properties_install (GObjectClass * klass, guint first_id)
{
  const GParamFlags flags = G_PARAM_READWRITE | GST_PARAM_MUTABLE_PLAYING |
      G_PARAM_STATIC_STRINGS;

  g_object_class_install_property (klass, first_id + GST_CL_CUBIC_PROP_B,
      g_param_spec_double ("b", "B",
          "B of the (B, C) cubic (setting it makes filter=custom)", 0.0, 1.0,
          DEFAULT_B, flags | GST_PARAM_CONTROLLABLE));
  g_object_class_install_property (klass, first_id + GST_CL_CUBIC_PROP_C,
      g_param_spec_double ("c", "C",
          "C of the (B, C) cubic (setting it makes filter=custom)", 0.0, 1.0,
          DEFAULT_C, flags | GST_PARAM_CONTROLLABLE));
  g_object_class_install_property (klass, first_id + GST_CL_CUBIC_PROP_FILTER,
      g_param_spec_enum ("filter", "Filter",
          "Cubic preset; sets b and c", GST_TYPE_CL_BICUBIC_FILTER,
          DEFAULT_FILTER, flags));
  g_object_class_install_property (klass,
      first_id + GST_CL_CUBIC_PROP_ANTIALIAS,
      g_param_spec_boolean ("antialias", "Antialias",
          "When downscaling, widen the filter by the scale factor so detail "
          "does not alias (false: the plain 4x4 taps)", DEFAULT_ANTIALIAS,
          flags));
  g_object_class_install_property (klass,
      first_id + GST_CL_CUBIC_PROP_ADD_BORDERS,
      g_param_spec_boolean ("add-borders", "Add borders",
          "Add black borders to keep the display aspect ratio when the "
          "output caps cannot", DEFAULT_ADD_BORDERS, flags));
}

/**
 * gst_cl_cubic_properties_set:
 * @id: the property's GstCLCubicProp
 *
 * Records @value: b or c makes the filter custom, a filter sets b and c.
 * Returns: FALSE where @id is none of them.
 */
gboolean
gst_cl_cubic_properties_set (GstCLCubicProperties * props, guint id,
    const GValue * value)
{
  switch (id) {
    case GST_CL_CUBIC_PROP_B:
      props->b = g_value_get_double (value);
      props->filter = GST_CL_BICUBIC_FILTER_CUSTOM;
      return TRUE;
    case GST_CL_CUBIC_PROP_C:
      props->c = g_value_get_double (value);
      props->filter = GST_CL_BICUBIC_FILTER_CUSTOM;
      return TRUE;
    case GST_CL_CUBIC_PROP_FILTER:
      props->filter = g_value_get_enum (value);
      gst_cl_bicubic_filter_get_bc (props->filter, &props->b, &props->c);
      return TRUE;
    case GST_CL_CUBIC_PROP_ANTIALIAS:
      props->antialias = g_value_get_boolean (value);
      return TRUE;
    case GST_CL_CUBIC_PROP_ADD_BORDERS:
      props->add_borders = g_value_get_boolean (value);
      return TRUE;
    default:
      return FALSE;
  }
}

/**
 * gst_cl_cubic_properties_get:
 * @id: the property's GstCLCubicProp
 *
 * Returns: FALSE where @id is none of them.
 */
gboolean
gst_cl_cubic_properties_get (const GstCLCubicProperties * props, guint id,
    GValue * value)
{
  switch (id) {
    case GST_CL_CUBIC_PROP_B:
      g_value_set_double (value, props->b);
      return TRUE;
    case GST_CL_CUBIC_PROP_C:
      g_value_set_double (value, props->c);
      return TRUE;
    case GST_CL_CUBIC_PROP_FILTER:
      g_value_set_enum (value, props->filter);
      return TRUE;
    case GST_CL_CUBIC_PROP_ANTIALIAS:
      g_value_set_boolean (value, props->antialias);
      return TRUE;
    case GST_CL_CUBIC_PROP_ADD_BORDERS:
      g_value_set_boolean (value, props->add_borders);
      return TRUE;
    default:
      return FALSE;
  }
}

/**
 * gst_cl_cubic_properties_get_cubic:
 *
 * The cubic the frames are resampled with, for a scaler's settings.
 */
void
gst_cl_cubic_properties_get_cubic (const GstCLCubicProperties * props,
    gdouble * b, gdouble * c, gboolean * antialias)
{
  *b = props->b;
  *c = props->c;
  *antialias = props->antialias;
}
