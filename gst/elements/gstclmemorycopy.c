/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclmemorycopy.h"

#include <gst/opencl/gstclframe.h>
#include <gst/opencl/gstclmemory.h>
#include <gst/opencl/gstclpinned.h>
#include <gst/opencl/gstcltransfer.h>

#include "gstclgeometry.h"

GST_DEBUG_CATEGORY_STATIC (gst_cl_memory_copy_debug);
#define GST_CAT_DEFAULT gst_cl_memory_copy_debug

typedef struct
{
  GstCLStaging *staging;        /* clupload's, made on its first frame */
  gboolean same_memory;         /* the caps' frames are in one memory */
} GstCLMemoryCopyPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_CODE (GstCLMemoryCopy, gst_cl_memory_copy,
    GST_TYPE_CL_BASE_TRANSFORM, G_ADD_PRIVATE (GstCLMemoryCopy);
    GST_DEBUG_CATEGORY_INIT (gst_cl_memory_copy_debug, "clmemorycopy", 0,
        "clupload and cldownload"));

#define PRIV(self) ((GstCLMemoryCopyPrivate *) \
    gst_cl_memory_copy_get_instance_private (GST_CL_MEMORY_COPY (self)))

/* On PAUSED->READY: the context may change in READY. */
static gboolean
gst_cl_memory_copy_stop (GstBaseTransform * trans)
{
  g_clear_pointer (&PRIV (trans)->staging, gst_cl_staging_free);
  return TRUE;
}

/* The other side has the same frames: towards the side in one kind of
 * memory, that kind; towards the side that takes both, OpenCL memory
 * first (passing through is free), then system memory. */
static GstCaps *
gst_cl_memory_copy_transform_caps (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps, GstCaps * filter)
{
  GstCLMemoryCopyClass *klass = GST_CL_MEMORY_COPY_GET_CLASS (trans);
  GstCaps *result;

  if (gst_caps_is_any (caps))
    result = gst_caps_ref (caps);
  else if (direction == GST_PAD_SINK)
    result = gst_cl_caps_with_memory (caps, klass->to_device);
  else
    result = gst_cl_caps_in_both_memories (caps);

  if (filter) {
    GstCaps *tmp = gst_caps_intersect_full (filter, result,
        GST_CAPS_INTERSECT_FIRST);
    gst_caps_unref (result);
    result = tmp;
  }
  GST_DEBUG_OBJECT (trans, "%" GST_PTR_FORMAT " -> %" GST_PTR_FORMAT, caps,
      result);
  return result;
}

/* Frames pass through where the memory does not change, but a frame with
 * a crop meta only to a downstream that takes it: the others are copied,
 * the crop's region alone. */
static gboolean
passes_through (GstCLBaseTransform * trans)
{
  return PRIV (trans)->same_memory && !gst_cl_base_transform_must_crop (trans);
}

static gboolean
gst_cl_memory_copy_set_info (GstCLBaseTransform * trans, GstCaps * incaps,
    GstVideoInfo * in_info, GstCaps * outcaps, GstVideoInfo * out_info)
{
  gboolean same = gst_caps_features_is_equal (gst_caps_get_features (incaps,
          0), gst_caps_get_features (outcaps, 0));

  /* Copies need frames on the device; passing through, none. */
  if (!same && !gst_cl_base_transform_check_frame_size (trans, in_info))
    return FALSE;
  PRIV (trans)->same_memory = same;
  gst_base_transform_set_passthrough (GST_BASE_TRANSFORM (trans),
      passes_through (trans));
  GST_INFO_OBJECT (trans, "%s %" GST_PTR_FORMAT, same ? "passing through" :
      "copying", incaps);
  return TRUE;
}

/* Passthrough, set in the streaming thread only, for each frame: a frame
 * with a crop meta that downstream does not take is copied. Negotiated in
 * passthrough, the element has no output pool: allocation is decided
 * again first. */
static void
gst_cl_memory_copy_before_transform (GstBaseTransform * trans,
    GstBuffer * buffer)
{
  gboolean was = gst_base_transform_is_passthrough (trans), now;

  GST_BASE_TRANSFORM_CLASS (gst_cl_memory_copy_parent_class)->before_transform
      (trans, buffer);
  if (!gst_cl_base_transform_is_negotiated (GST_CL_BASE_TRANSFORM (trans)))
    return;
  now = passes_through (GST_CL_BASE_TRANSFORM (trans));
  gst_base_transform_set_passthrough (trans, now);
  if (was && !now) {
    GST_DEBUG_OBJECT (trans, "copying the crop meta's region of %"
        GST_PTR_FORMAT ": downstream does not take crop metas", buffer);
    gst_base_transform_reconfigure_src (trans);
  }
}

static GstFlowReturn
gst_cl_memory_copy_transform (GstBaseTransform * trans, GstBuffer * inbuf,
    GstBuffer * outbuf)
{
  GstCLBaseTransform *base = GST_CL_BASE_TRANSFORM (trans);
  gboolean to_device = GST_CL_MEMORY_COPY_GET_CLASS (trans)->to_device;
  GError *error = NULL;

  if (gst_cl_copy_frame (gst_cl_base_transform_get_context (base),
          &PRIV (trans)->staging, gst_cl_base_transform_get_in_info (base),
          inbuf, outbuf, &error))
    return GST_FLOW_OK;
  if (g_error_matches (error, GST_CL_ERROR, GST_CL_ERROR_BAD_FRAME)
      || g_error_matches (error, GST_CL_ERROR, GST_CL_ERROR_BAD_CROP))
    gst_cl_base_transform_post_error (trans, error);
  else if (to_device)
    GST_ELEMENT_ERROR (trans, RESOURCE, WRITE,
        ("Could not copy a frame into OpenCL memory"), ("%s", error->message));
  else
    GST_ELEMENT_ERROR (trans, RESOURCE, READ,
        ("Could not copy a frame out of OpenCL memory"), ("%s",
            error->message));
  g_clear_error (&error);
  return GST_FLOW_ERROR;
}

static void
gst_cl_memory_copy_finalize (GObject * object)
{
  gst_cl_staging_free (PRIV (object)->staging);
  G_OBJECT_CLASS (gst_cl_memory_copy_parent_class)->finalize (object);
}

/* An upload or a download passes every frame on: the filters drop late
 * ones (QoS). */
static void
gst_cl_memory_copy_init (GstCLMemoryCopy * self)
{
  gst_base_transform_set_qos_enabled (GST_BASE_TRANSFORM (self), FALSE);
}

static void
add_pad_template (GstElementClass * klass, const gchar * name,
    GstPadDirection direction, GstCaps * caps)
{
  gst_element_class_add_pad_template (klass, gst_pad_template_new (name,
          direction, GST_PAD_ALWAYS, caps));
  gst_caps_unref (caps);
}

/**
 * gst_cl_memory_copy_class_set_direction:
 * @to_device: TRUE for system memory to OpenCL memory
 *
 * Sets the direction of a subclass, and its pad templates: the sink takes
 * either memory (OpenCL memory first: passing through is free), the
 * source gives the one of the direction.
 */
void
gst_cl_memory_copy_class_set_direction (GstCLMemoryCopyClass * klass,
    gboolean to_device)
{
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstCaps *system = gst_cl_system_caps_with_formats (GST_CL_ALL_FORMATS);

  klass->to_device = to_device;
  add_pad_template (element_class, "sink", GST_PAD_SINK,
      gst_cl_caps_in_both_memories (system));
  add_pad_template (element_class, "src", GST_PAD_SRC,
      gst_cl_caps_with_memory (system, to_device));
  gst_caps_unref (system);
}


/* A copy moves no pixel: metas about the frame's geometry (regions of
 * interest, which clboxblur regions=true blurs) stay true as they are. */
static gboolean
gst_cl_memory_copy_transform_meta (GstBaseTransform * trans,
    GstBuffer * outbuf, GstMeta * meta, GstBuffer * inbuf)
{
  if (gst_cl_meta_is_geometry (meta))
    return TRUE;
  return GST_BASE_TRANSFORM_CLASS (gst_cl_memory_copy_parent_class)
      ->transform_meta (trans, outbuf, meta, inbuf);
}

static void
gst_cl_memory_copy_class_init (GstCLMemoryCopyClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);
  GstCLBaseTransformClass *base_class = GST_CL_BASE_TRANSFORM_CLASS (klass);

  gobject_class->finalize = gst_cl_memory_copy_finalize;
  trans_class->transform_caps = gst_cl_memory_copy_transform_caps;
  trans_class->stop = gst_cl_memory_copy_stop;
  trans_class->transform = gst_cl_memory_copy_transform;
  trans_class->transform_meta = gst_cl_memory_copy_transform_meta;
  trans_class->before_transform = gst_cl_memory_copy_before_transform;
  base_class->set_info = gst_cl_memory_copy_set_info;

  gst_type_mark_as_plugin_api (GST_TYPE_CL_MEMORY_COPY, 0);
}
