/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
/**
 * SECTION:element-clconvertscale
 * @title: clconvertscale
 * @see_also: clconvert, clbicubicscale
 *
 * Converts video between raw formats and scales it on an OpenCL device,
 * in one pass: each output sample resamples the input components it
 * needs at its own place, chroma siting included, with the (B, C) cubic
 * of clbicubicscale (#GstCLConvertScale:filter, or #GstCLConvertScale:b
 * and #GstCLConvertScale:c), antialiased where it shrinks, and converts
 * them with the matrices and ranges of each side's colorimetry. It takes
 * the formats of clconvert; where the size stays, it converts as
 * clconvert does, and where nothing changes, frames pass through. Sizes
 * are fixed as videoscale fixes them, keeping the display aspect ratio,
 * letterboxed (#GstCLConvertScale:add-borders) where the output caps
 * cannot keep it.
 *
 * ## Example launch line
 * |[
 * gst-launch-1.0 videotestsrc num-buffers=60 ! \
 *     video/x-raw,format=NV12,width=1920,height=1080 ! clupload ! \
 *     clconvertscale ! \
 *     'video/x-raw(memory:OpenCLMemory),format=RGBA,width=3840,height=2160' ! \
 *     cldownload ! fakesink
 * ]|
 */
#include "gstclconvertscale.h"
#include "gstclcubicproperties.h"
#include "gstclelements.h"
#include "gstclscalecaps.h"

enum
{
  PROP_0,
  PROP_CUBIC,                   /* b, c, filter, antialias, add-borders */
};

struct _GstCLConvertScale
{
  GstCLBaseConvert parent;

  /* properties, under the object lock */
  GstCLCubicProperties cubic;
};

#define gst_cl_convert_scale_parent_class parent_class
G_DEFINE_TYPE (GstCLConvertScale, gst_cl_convert_scale,
    GST_TYPE_CL_BASE_CONVERT);
GST_ELEMENT_REGISTER_DEFINE (clconvertscale, "clconvertscale", GST_RANK_NONE,
    GST_TYPE_CL_CONVERT_SCALE);

/* Any format and any size (pixel aspect ratio too where the caps have
 * one). */
static GstCaps *
gst_cl_convert_scale_transform_caps (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps, GstCaps * filter)
{
  GstCaps *formats = gst_cl_base_convert_caps_any_format (caps);
  GstCaps *ret = gst_cl_scale_caps_any_size (formats);

  gst_caps_unref (formats);
  return gst_cl_filter_restrict_caps (GST_CL_FILTER (trans), caps, ret, filter);
}

static void
gst_cl_convert_scale_get_scaling (GstCLBaseConvert * base,
    GstCLConvertScaleSettings * settings, gboolean * add_borders)
{
  GstCLConvertScale *self = GST_CL_CONVERT_SCALE (base);

  gst_cl_cubic_properties_get_cubic (&self->cubic, &settings->b, &settings->c,
      &settings->antialias);
  *add_borders = self->cubic.add_borders;
}

static void
gst_cl_convert_scale_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstCLConvertScale *self = GST_CL_CONVERT_SCALE (object);

  /* Recorded only: the streaming thread takes them for the next frame. */
  GST_OBJECT_LOCK (self);
  if (!gst_cl_cubic_properties_set (&self->cubic, prop_id - PROP_CUBIC, value))
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  GST_OBJECT_UNLOCK (self);
}

static void
gst_cl_convert_scale_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec)
{
  GstCLConvertScale *self = GST_CL_CONVERT_SCALE (object);

  GST_OBJECT_LOCK (self);
  if (!gst_cl_cubic_properties_get (&self->cubic, prop_id - PROP_CUBIC, value))
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  GST_OBJECT_UNLOCK (self);
}

static void
gst_cl_convert_scale_init (GstCLConvertScale * self)
{
  gst_cl_cubic_properties_init (&self->cubic);
}

static void
gst_cl_convert_scale_class_init (GstCLConvertScaleClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);
  GstCLBaseConvertClass *convert_class = GST_CL_BASE_CONVERT_CLASS (klass);

  gobject_class->set_property = gst_cl_convert_scale_set_property;
  gobject_class->get_property = gst_cl_convert_scale_get_property;

  /**
   * GstCLConvertScale:b:
   *
   * B of the (B, C) cubic; setting it makes #GstCLConvertScale:filter
   * custom.
   */
  /**
   * GstCLConvertScale:c:
   *
   * C of the (B, C) cubic; setting it makes #GstCLConvertScale:filter
   * custom.
   */
  /**
   * GstCLConvertScale:filter:
   *
   * A named cubic: sets #GstCLConvertScale:b and #GstCLConvertScale:c.
   */
  /**
   * GstCLConvertScale:antialias:
   *
   * Where a plane shrinks, widen the filter by the scale factor of each
   * axis that shrinks (chroma subsampled on the output included), so
   * that fine detail does not alias; off, the plain 4x4.
   */
  /**
   * GstCLConvertScale:add-borders:
   *
   * Letterbox the picture where the output caps cannot keep the input's
   * display aspect ratio; off, it is stretched over the whole output.
   */
  /* installed as clbicubicscale's are (gstclcubicproperties.c) */
  gst_cl_cubic_properties_install (gobject_class, PROP_CUBIC);

  gst_element_class_set_static_metadata (element_class,
      "OpenCL colour conversion and scaling",
      "Filter/Converter/Video/Scaler/Hardware",
      "Converts video between raw formats and scales it with the (B, C) "
      "cubic family on an OpenCL device", "gst-opencl developers");

  trans_class->transform_caps = gst_cl_convert_scale_transform_caps;
  convert_class->get_scaling = gst_cl_convert_scale_get_scaling;
}
