/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclmemorycopy.h"

#include <gst/video/video.h>

#include "gstclelement.h"
#include <gst/opencl/gstclframe.h>
#include <gst/opencl/gstclmemory.h>
#include <gst/opencl/gstclpinned.h>
#include <gst/opencl/gstcltransfer.h>

GST_DEBUG_CATEGORY_STATIC (gst_cl_memory_copy_debug);
#define GST_CAT_DEFAULT gst_cl_memory_copy_debug

enum
{
  PROP_0,
  PROP_DEVICE,
};

typedef struct
{
  GstCLElementDevice device;

  GstVideoInfo info;            /* the negotiated frames, on either side */
  GstCLStaging *staging;        /* clupload's, made on its first frame */
} GstCLMemoryCopyPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_CODE (GstCLMemoryCopy, gst_cl_memory_copy,
    GST_TYPE_BASE_TRANSFORM, G_ADD_PRIVATE (GstCLMemoryCopy);
    GST_DEBUG_CATEGORY_INIT (gst_cl_memory_copy_debug, "clmemorycopy", 0,
        "clupload and cldownload"));

#define PRIV(self) ((GstCLMemoryCopyPrivate *) \
    gst_cl_memory_copy_get_instance_private (GST_CL_MEMORY_COPY (self)))

static GstStateChangeReturn
gst_cl_memory_copy_change_state (GstElement * element,
    GstStateChange transition)
{
  GstCLElementDevice *device = &PRIV (element)->device;
  GstStateChangeReturn ret;

  if (!gst_cl_element_device_prepare (element, device, transition))
    return GST_STATE_CHANGE_FAILURE;
  ret = GST_ELEMENT_CLASS (gst_cl_memory_copy_parent_class)->change_state
      (element, transition);
  /* The context may change in READY. */
  if (transition == GST_STATE_CHANGE_PAUSED_TO_READY)
    g_clear_pointer (&PRIV (element)->staging, gst_cl_staging_free);
  if (transition == GST_STATE_CHANGE_READY_TO_NULL)
    gst_cl_element_device_close (element, device);
  return ret;
}

static void
gst_cl_memory_copy_set_context (GstElement * element, GstContext * context)
{
  gst_cl_element_device_set_context (element, &PRIV (element)->device, context);
  GST_ELEMENT_CLASS (gst_cl_memory_copy_parent_class)->set_context (element,
      context);
}

static gboolean
gst_cl_memory_copy_query (GstBaseTransform * trans, GstPadDirection direction,
    GstQuery * query)
{
  if (gst_cl_element_device_query (GST_ELEMENT (trans), &PRIV (trans)->device,
          query))
    return TRUE;
  return GST_BASE_TRANSFORM_CLASS (gst_cl_memory_copy_parent_class)->query
      (trans, direction, query);
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

static gboolean
gst_cl_memory_copy_set_caps (GstBaseTransform * trans, GstCaps * incaps,
    GstCaps * outcaps)
{
  GstCLMemoryCopyPrivate *priv = PRIV (trans);
  gboolean same = gst_caps_features_is_equal (gst_caps_get_features (incaps,
          0), gst_caps_get_features (outcaps, 0));

  if (!gst_video_info_from_caps (&priv->info, incaps))
    return FALSE;
  /* Copies need frames on the device; passing through, none. */
  if (!same && !gst_cl_element_check_frame_size (GST_ELEMENT (trans),
          priv->device.context, &priv->info))
    return FALSE;
  gst_base_transform_set_passthrough (trans, same);
  GST_INFO_OBJECT (trans, "%s %" GST_PTR_FORMAT, same ? "passing through" :
      "copying", incaps);
  return TRUE;
}

static gboolean
gst_cl_memory_copy_decide_allocation (GstBaseTransform * trans,
    GstQuery * query)
{
  return gst_cl_element_decide_allocation (GST_ELEMENT (trans),
      &PRIV (trans)->device, query);
}

static gboolean
gst_cl_memory_copy_propose_allocation (GstBaseTransform * trans,
    GstQuery * decide_query, GstQuery * query)
{
  return gst_cl_element_propose_allocation (trans, &PRIV (trans)->device,
      decide_query, query);
}

static GstFlowReturn
gst_cl_memory_copy_transform (GstBaseTransform * trans, GstBuffer * inbuf,
    GstBuffer * outbuf)
{
  GstCLMemoryCopyPrivate *priv = PRIV (trans);
  gboolean to_device = GST_CL_MEMORY_COPY_GET_CLASS (trans)->to_device;
  GError *error = NULL;

  if (gst_cl_copy_frame (priv->device.context, &priv->staging, &priv->info,
          inbuf, outbuf, &error))
    return GST_FLOW_OK;
  if (g_error_matches (error, GST_CL_ERROR, GST_CL_ERROR_BAD_FRAME))
    gst_cl_element_post_error (GST_ELEMENT (trans), error);
  else if (to_device)
    GST_ELEMENT_ERROR (trans, RESOURCE, WRITE,
        ("Could not copy a frame into OpenCL memory"), ("%s",
            error->message));
  else
    GST_ELEMENT_ERROR (trans, RESOURCE, READ,
        ("Could not copy a frame out of OpenCL memory"), ("%s",
            error->message));
  g_clear_error (&error);
  return GST_FLOW_ERROR;
}

static void
gst_cl_memory_copy_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstCLMemoryCopyPrivate *priv = PRIV (object);

  GST_OBJECT_LOCK (object);
  switch (prop_id) {
    case PROP_DEVICE:
      g_free (priv->device.selector);
      priv->device.selector = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (object);
}

static void
gst_cl_memory_copy_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec)
{
  GstCLMemoryCopyPrivate *priv = PRIV (object);

  GST_OBJECT_LOCK (object);
  switch (prop_id) {
    case PROP_DEVICE:
      g_value_set_string (value, priv->device.selector);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (object);
}

static void
gst_cl_memory_copy_finalize (GObject * object)
{
  gst_cl_staging_free (PRIV (object)->staging);
  gst_cl_element_device_clear (&PRIV (object)->device);
  G_OBJECT_CLASS (gst_cl_memory_copy_parent_class)->finalize (object);
}

static void
gst_cl_memory_copy_init (GstCLMemoryCopy * self)
{
  gst_cl_element_device_init (&PRIV (self)->device, NULL);
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
  GstCaps *system = gst_caps_from_string (GST_CL_SYSTEM_CAPS);

  klass->to_device = to_device;
  add_pad_template (element_class, "sink", GST_PAD_SINK,
      gst_cl_caps_in_both_memories (system));
  add_pad_template (element_class, "src", GST_PAD_SRC,
      gst_cl_caps_with_memory (system, to_device));
  gst_caps_unref (system);
}

static void
gst_cl_memory_copy_class_init (GstCLMemoryCopyClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);

  gobject_class->set_property = gst_cl_memory_copy_set_property;
  gobject_class->get_property = gst_cl_memory_copy_get_property;
  gobject_class->finalize = gst_cl_memory_copy_finalize;

  /**
   * GstCLMemoryCopy:device:
   *
   * The OpenCL device, as the cl elements' device property selects it; a
   * change in READY applies at the next READY->PAUSED.
   */
  gst_cl_element_install_device_property (gobject_class, PROP_DEVICE);

  element_class->change_state = gst_cl_memory_copy_change_state;
  element_class->set_context = gst_cl_memory_copy_set_context;
  trans_class->transform_caps = gst_cl_memory_copy_transform_caps;
  trans_class->set_caps = gst_cl_memory_copy_set_caps;
  trans_class->query = gst_cl_memory_copy_query;
  trans_class->decide_allocation = gst_cl_memory_copy_decide_allocation;
  trans_class->propose_allocation = gst_cl_memory_copy_propose_allocation;
  trans_class->transform = gst_cl_memory_copy_transform;

  gst_type_mark_as_plugin_api (GST_TYPE_CL_MEMORY_COPY, 0);
}
