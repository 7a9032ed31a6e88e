/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclbasetransform.h"

#include <gst/opencl/gstclbufferpool.h>
#include <gst/opencl/gstclframe.h>
#include <gst/opencl/gstclpinned.h>

GST_DEBUG_CATEGORY_STATIC (gst_cl_base_transform_debug);
#define GST_CAT_DEFAULT gst_cl_base_transform_debug

enum
{
  PROP_0,
  PROP_DEVICE,
};

typedef struct
{
  gchar *selector;              /* the device property, under the object lock */

  /* READY and up */
  GstCLContext *context;        /* also under the object lock */
  gchar *opened_selector;       /* the device property when opened */
  GstAllocator *pinned;         /* devices that do not share host memory */

  /* the negotiated caps */
  gboolean negotiated;
  GstVideoInfo in_info;
  GstVideoInfo out_info;

  /* streaming: downstream's last answer to an allocation query took crop
   * metas (with video metas), and the frame being handled has a crop meta
   * that it did not take */
  gboolean downstream_crop;
  gboolean must_crop;
} GstCLBaseTransformPrivate;

#define gst_cl_base_transform_parent_class parent_class
G_DEFINE_ABSTRACT_TYPE_WITH_CODE (GstCLBaseTransform, gst_cl_base_transform,
    GST_TYPE_BASE_TRANSFORM, G_ADD_PRIVATE (GstCLBaseTransform);
    GST_DEBUG_CATEGORY_INIT (gst_cl_base_transform_debug, "clbasetransform",
        0, "OpenCL devices of the cl elements"));

#define PRIV(self) ((GstCLBaseTransformPrivate *) \
    gst_cl_base_transform_get_instance_private (GST_CL_BASE_TRANSFORM (self)))

/* The element's context: READY and up, else NULL. */
GstCLContext *
gst_cl_base_transform_get_context (GstCLBaseTransform * self)
{
  return PRIV (self)->context;
}

/* Whether caps were set, and the infos below are theirs. */
gboolean
gst_cl_base_transform_is_negotiated (GstCLBaseTransform * self)
{
  return PRIV (self)->negotiated;
}

const GstVideoInfo *
gst_cl_base_transform_get_in_info (GstCLBaseTransform * self)
{
  return &PRIV (self)->in_info;
}

const GstVideoInfo *
gst_cl_base_transform_get_out_info (GstCLBaseTransform * self)
{
  return &PRIV (self)->out_info;
}

static gboolean
open_device (GstCLBaseTransform * self, GError ** error)
{
  GstCLBaseTransformPrivate *priv = PRIV (self);
  GstCLBaseTransformClass *klass = GST_CL_BASE_TRANSFORM_GET_CLASS (self);
  const GstCLDeviceInfo *info;
  gchar *selector;
  gboolean ok;

  GST_OBJECT_LOCK (self);
  selector = g_strdup (priv->selector);
  priv->opened_selector = g_strdup (selector);
  GST_OBJECT_UNLOCK (self);

  ok = gst_cl_ensure_element_context (GST_ELEMENT (self), selector,
      &priv->context, error);
  g_free (selector);
  if (!ok)
    return FALSE;

  info = gst_cl_context_get_device (priv->context);
  GST_INFO_OBJECT (self, "using %s (%s)", info->device_name,
      info->platform_name);
  if (!info->host_unified)
    priv->pinned = gst_cl_pinned_allocator_new (priv->context);
  return klass->open == NULL || klass->open (self, error);
}

/* Releases the element's device (the subclass's close first): on
 * READY->NULL, and where opening it failed. */
static void
close_device (GstCLBaseTransform * self)
{
  GstCLBaseTransformPrivate *priv = PRIV (self);
  GstCLBaseTransformClass *klass = GST_CL_BASE_TRANSFORM_GET_CLASS (self);
  GstCLContext *context;

  if (klass->close)
    klass->close (self);
  GST_OBJECT_LOCK (self);
  context = g_steal_pointer (&priv->context);
  g_clear_pointer (&priv->opened_selector, g_free);
  GST_OBJECT_UNLOCK (self);
  gst_clear_object (&priv->pinned);
  gst_clear_object (&context);
}

/* Whether the device is open as the element's properties now say: they
 * may change in READY, and apply when streaming starts. */
static gboolean
device_is_current (GstCLBaseTransform * self)
{
  GstCLBaseTransformPrivate *priv = PRIV (self);
  GstCLBaseTransformClass *klass = GST_CL_BASE_TRANSFORM_GET_CLASS (self);
  gboolean current;

  GST_OBJECT_LOCK (self);
  current = priv->context != NULL
      && g_strcmp0 (priv->selector, priv->opened_selector) == 0
      && (klass->settings_changed == NULL || !klass->settings_changed (self));
  GST_OBJECT_UNLOCK (self);
  return current;
}

/* Before streaming starts: the device again, where the device property
 * (or a setting of the element) changed in READY, or opening it failed
 * there. */
static gboolean
reopen_if_changed (GstCLBaseTransform * self, GError ** error)
{
  if (device_is_current (self))
    return TRUE;
  GST_INFO_OBJECT (self, "device or settings changed in READY: opening the "
      "device again");
  close_device (self);
  return open_device (self, error);
}

/* Opens the device on NULL->READY, and again on READY->PAUSED where the
 * element's properties changed in READY. Where that fails, posts the
 * error and closes the device: the state change fails. */
static GstStateChangeReturn
gst_cl_base_transform_change_state (GstElement * element,
    GstStateChange transition)
{
  GstCLBaseTransform *self = GST_CL_BASE_TRANSFORM (element);
  GError *error = NULL;
  GstStateChangeReturn ret;

  if ((transition == GST_STATE_CHANGE_NULL_TO_READY
          && !open_device (self, &error))
      || (transition == GST_STATE_CHANGE_READY_TO_PAUSED
          && !reopen_if_changed (self, &error))) {
    gst_cl_base_transform_post_error (self, error);
    g_clear_error (&error);
    close_device (self);
    return GST_STATE_CHANGE_FAILURE;
  }

  ret = GST_ELEMENT_CLASS (parent_class)->change_state (element, transition);

  /* The next stream's downstream answers allocation queries anew. */
  if (transition == GST_STATE_CHANGE_PAUSED_TO_READY)
    PRIV (self)->downstream_crop = PRIV (self)->must_crop = FALSE;
  if (transition == GST_STATE_CHANGE_READY_TO_NULL)
    close_device (self);
  return ret;
}

/* Takes a shared context that fits the device property. */
static void
gst_cl_base_transform_set_context (GstElement * element, GstContext * context)
{
  GstCLBaseTransformPrivate *priv = PRIV (element);

  gst_cl_element_set_context (element, context, &priv->selector,
      &priv->context);
  GST_ELEMENT_CLASS (parent_class)->set_context (element, context);
}

/* Answers a context query with the element's context. */
static gboolean
gst_cl_base_transform_query (GstBaseTransform * trans,
    GstPadDirection direction, GstQuery * query)
{
  if (gst_cl_handle_context_query (GST_ELEMENT (trans), query,
          &PRIV (trans)->context))
    return TRUE;
  return GST_BASE_TRANSFORM_CLASS (parent_class)->query (trans, direction,
      query);
}

/* Whether an allocation query's answer takes buffers with a crop meta:
 * their frames are larger than the caps, so video metas too. */
static gboolean
takes_crop_metas (GstQuery * query)
{
  return gst_query_find_allocation_meta (query, GST_VIDEO_CROP_META_API_TYPE,
      NULL) && gst_query_find_allocation_meta (query, GST_VIDEO_META_API_TYPE,
      NULL);
}

/* The output goes into downstream's pool where the element can fill it,
 * else into one of its own: OpenCL memory, or pinned host memory where
 * the device does not share host memory (gst_cl_decide_allocation()). */
static gboolean
gst_cl_base_transform_decide_allocation (GstBaseTransform * trans,
    GstQuery * query)
{
  GstCLBaseTransformPrivate *priv = PRIV (trans);

  priv->downstream_crop = takes_crop_metas (query);
  GST_DEBUG_OBJECT (trans, "downstream %s crop metas",
      priv->downstream_crop ? "takes" : "does not take");
  return gst_cl_decide_allocation (GST_ELEMENT (trans), query, priv->context,
      priv->pinned);
}

/* Whether @query's caps are of frames whose crop metas the element
 * applies: all but single fields (alternate interlacing). */
static gboolean
crops_caps (GstQuery * query)
{
  GstVideoInfo info;
  GstCaps *caps;

  gst_query_parse_allocation (query, &caps, NULL);
  return caps && gst_video_info_from_caps (&info, caps)
      && GST_VIDEO_INFO_INTERLACE_MODE (&info) !=
      GST_VIDEO_INTERLACE_MODE_ALTERNATE;
}

/* Upstream fills frames of the element's input caps: a #GstCLBufferPool
 * for OpenCL memory, else host memory (pinned where that helps). Crop
 * metas are taken: every element applies them (passing through, it
 * copies the region where downstream does not take them). */
static gboolean
gst_cl_base_transform_propose_allocation (GstBaseTransform * trans,
    GstQuery * decide_query, GstQuery * query)
{
  GstCLBaseTransformPrivate *priv = PRIV (trans);

  /* Without a decide query the element passes through: the query goes
   * downstream, whose answer stands (as GstBaseTransform does), with crop
   * metas where it takes video metas (which frames with a crop meta
   * need). */
  if (decide_query == NULL) {
    if (!gst_pad_peer_query (GST_BASE_TRANSFORM_SRC_PAD (trans), query)) {
      priv->downstream_crop = FALSE;
      return FALSE;
    }
    priv->downstream_crop = takes_crop_metas (query);
    if (!priv->downstream_crop && crops_caps (query)
        && gst_query_find_allocation_meta (query, GST_VIDEO_META_API_TYPE,
            NULL))
      gst_query_add_allocation_meta (query, GST_VIDEO_CROP_META_API_TYPE, NULL);
    return TRUE;
  }
  if (!gst_cl_propose_allocation (query, priv->context, priv->pinned))
    return FALSE;
  if (crops_caps (query))
    gst_query_add_allocation_meta (query, GST_VIDEO_CROP_META_API_TYPE, NULL);
  return TRUE;
}

/* Before each frame, in the streaming thread: whether its crop meta must
 * be applied where it would otherwise pass through. */
static void
gst_cl_base_transform_before_transform (GstBaseTransform * trans,
    GstBuffer * buffer)
{
  GstCLBaseTransformPrivate *priv = PRIV (trans);

  priv->must_crop = !priv->downstream_crop
      && gst_buffer_get_video_crop_meta (buffer) != NULL;
}

/**
 * gst_cl_base_transform_must_crop:
 *
 * Whether the frame being handled (from before_transform on) has a crop
 * meta that downstream did not say it takes (in its last answer to an
 * allocation query, or none yet): the frame may not pass through, the
 * element copies the region the meta marks instead.
 */
gboolean
gst_cl_base_transform_must_crop (GstCLBaseTransform * self)
{
  return PRIV (self)->must_crop;
}

/* A crop meta is applied, never passed on: the output holds the region
 * alone (and an element's transform_meta, which may keep metas about
 * geometry, need not know it). */
static gboolean
gst_cl_base_transform_copy_metadata (GstBaseTransform * trans,
    GstBuffer * input, GstBuffer * outbuf)
{
  GstMeta *crop;

  if (!GST_BASE_TRANSFORM_CLASS (parent_class)->copy_metadata (trans, input,
          outbuf))
    return FALSE;
  while ((crop = (GstMeta *) gst_buffer_get_video_crop_meta (outbuf)))
    gst_buffer_remove_meta (outbuf, crop);
  return TRUE;
}

/* The caps as video infos for the subclass's set_info; they are kept
 * where it accepts them. */
static gboolean
gst_cl_base_transform_set_caps (GstBaseTransform * trans, GstCaps * incaps,
    GstCaps * outcaps)
{
  GstCLBaseTransformPrivate *priv = PRIV (trans);
  GstCLBaseTransformClass *klass = GST_CL_BASE_TRANSFORM_GET_CLASS (trans);
  GstVideoInfo in_info, out_info;

  if (!gst_video_info_from_caps (&in_info, incaps)
      || !gst_video_info_from_caps (&out_info, outcaps)) {
    GST_ERROR_OBJECT (trans, "invalid caps");
    priv->negotiated = FALSE;
    return FALSE;
  }
  priv->negotiated = klass->set_info == NULL
      || klass->set_info (GST_CL_BASE_TRANSFORM (trans), incaps, &in_info,
      outcaps, &out_info);
  if (priv->negotiated) {
    priv->in_info = in_info;
    priv->out_info = out_info;
  }
  return priv->negotiated;
}

static gboolean
gst_cl_base_transform_get_unit_size (GstBaseTransform * trans, GstCaps * caps,
    gsize * size)
{
  GstVideoInfo info;

  if (!gst_video_info_from_caps (&info, caps)) {
    GST_WARNING_OBJECT (trans, "cannot parse %" GST_PTR_FORMAT, caps);
    return FALSE;
  }
  *size = GST_VIDEO_INFO_SIZE (&info);
  return TRUE;
}

/* A frame's size depends on its caps alone. */
static gboolean
gst_cl_base_transform_transform_size (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps, gsize size, GstCaps * othercaps,
    gsize * othersize)
{
  return gst_cl_base_transform_get_unit_size (trans, othercaps, othersize);
}

/* Metas that say nothing about the frame (no tags), or only that it is
 * video, stay true of the output; the rest go GstBaseTransform's way. */
static gboolean
gst_cl_base_transform_transform_meta (GstBaseTransform * trans,
    GstBuffer * outbuf, GstMeta * meta, GstBuffer * inbuf)
{
  GType api = meta->info->api;
  const gchar *const *tags = gst_meta_api_type_get_tags (api);

  if (tags == NULL || (g_strv_length ((gchar **) tags) == 1
          && gst_meta_api_type_has_tag (api,
              g_quark_from_static_string (GST_META_TAG_VIDEO_STR))))
    return TRUE;
  return GST_BASE_TRANSFORM_CLASS (parent_class)->transform_meta (trans,
      outbuf, meta, inbuf);
}

/**
 * gst_cl_base_transform_check_frame_size:
 *
 * Whether the element's device can hold frames of @info, the caps being
 * negotiated; if not, posts the negotiation error that names the limit,
 * as every cl element does for such caps.
 */
gboolean
gst_cl_base_transform_check_frame_size (GstCLBaseTransform * self,
    const GstVideoInfo * info)
{
  gchar *problem =
      gst_cl_frame_size_problem (gst_cl_context_get_device (PRIV
          (self)->context), info);

  if (problem == NULL)
    return TRUE;
  GST_ELEMENT_ERROR (self, CORE, NEGOTIATION,
      ("The OpenCL device cannot hold these video frames"), ("%s", problem));
  g_free (problem);
  return FALSE;
}

/* The short text a user reads for @error; its message, the detail, goes
 * into the debug string. */
static gchar *
error_text (GstElement * element, const GError * error)
{
  GstElementFactory *factory = gst_element_get_factory (element);
  const gchar *name = factory ? GST_OBJECT_NAME (factory) :
      GST_OBJECT_NAME (element);

  if (error->domain == GST_CL_ERROR) {
    switch (error->code) {
      case GST_CL_ERROR_NO_PLATFORM:
        return g_strdup_printf ("No OpenCL platform is installed for %s", name);
      case GST_CL_ERROR_NO_DEVICE:
        return g_strdup_printf ("No OpenCL device found for %s", name);
      case GST_CL_ERROR_NO_MATCH:
        return g_strdup_printf ("No OpenCL device matches the device "
            "property of %s", name);
      case GST_CL_ERROR_UNSUPPORTED:
        return g_strdup_printf ("The OpenCL device cannot run %s with these "
            "settings and caps", name);
      case GST_CL_ERROR_BUILD:
        return g_strdup_printf ("Could not build the OpenCL program for %s",
            name);
      case GST_CL_ERROR_BAD_FRAME:
        return g_strdup ("A buffer does not hold a whole frame as its caps "
            "and video meta describe");
      case GST_CL_ERROR_BAD_CROP:
        return g_strdup ("A buffer's crop meta does not mark a frame of the "
            "caps' size within it");
      default:
        break;
    }
  }
  return g_strdup_printf ("OpenCL failed in %s", name);
}

/**
 * gst_cl_base_transform_post_error_full:
 *
 * Posts @error as an element error from @file, @function and @line (use
 * gst_cl_base_transform_post_error(), which passes the caller's): a short
 * text, and @error's message (the OpenCL error's name, a build log, sizes)
 * as the debug string.
 */
void
gst_cl_base_transform_post_error_full (GstCLBaseTransform * self,
    const GError * error, const gchar * file, const gchar * function, gint line)
{
  GQuark domain = GST_RESOURCE_ERROR;
  gint code = GST_RESOURCE_ERROR_FAILED;

  if (error->domain == GST_CL_ERROR && error->code <= GST_CL_ERROR_NO_MATCH)
    code = GST_RESOURCE_ERROR_NOT_FOUND;
  else if (error->domain == GST_CL_ERROR
      && error->code == GST_CL_ERROR_UNSUPPORTED)
    code = GST_RESOURCE_ERROR_SETTINGS;
  else if (error->domain == GST_CL_ERROR
      && (error->code == GST_CL_ERROR_BAD_FRAME
          || error->code == GST_CL_ERROR_BAD_CROP)) {
    domain = GST_STREAM_ERROR;
    code = GST_STREAM_ERROR_FORMAT;
  }

  gst_element_message_full (GST_ELEMENT (self), GST_MESSAGE_ERROR, domain,
      code, error_text (GST_ELEMENT (self), error), g_strdup (error->message),
      file, function, line);
}

static void
gst_cl_base_transform_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstCLBaseTransformPrivate *priv = PRIV (object);

  GST_OBJECT_LOCK (object);
  switch (prop_id) {
    case PROP_DEVICE:
      g_free (priv->selector);
      priv->selector = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (object);
}

static void
gst_cl_base_transform_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec)
{
  GstCLBaseTransformPrivate *priv = PRIV (object);

  GST_OBJECT_LOCK (object);
  switch (prop_id) {
    case PROP_DEVICE:
      g_value_set_string (value, priv->selector);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (object);
}

/* A context set on the element while in NULL (by a bin it was added to,
 * or the application) is still held here: READY->NULL never came. */
static void
gst_cl_base_transform_finalize (GObject * object)
{
  GstCLBaseTransformPrivate *priv = PRIV (object);

  g_free (priv->selector);
  gst_clear_object (&priv->context);
  G_OBJECT_CLASS (parent_class)->finalize (object);
}

static void
gst_cl_base_transform_init (GstCLBaseTransform * self)
{
  gst_base_transform_set_qos_enabled (GST_BASE_TRANSFORM (self), TRUE);
}

static void
gst_cl_base_transform_class_init (GstCLBaseTransformClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);

  gobject_class->set_property = gst_cl_base_transform_set_property;
  gobject_class->get_property = gst_cl_base_transform_get_property;
  gobject_class->finalize = gst_cl_base_transform_finalize;

  /**
   * GstCLBaseTransform:device:
   *
   * The OpenCL device, as gst_cl_device_matches() reads it: "P:D"
   * platform and device indices, a device UUID, a PCI bus id, or a
   * case-insensitive substring of the platform or device name. Empty: the
   * GST_CL_DEVICE environment variable, else the first GPU, else the first
   * device. The device is opened on NULL->READY; a change in READY opens
   * the newly selected one on READY->PAUSED.
   */
  g_object_class_install_property (gobject_class, PROP_DEVICE,
      g_param_spec_string ("device", "Device",
          "OpenCL device: \"P:D\" indices; a device UUID "
          "(xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx, or GPU-... as nvidia-smi "
          "shows CUDA devices; cl_khr_device_uuid); a PCI bus id "
          "(DDDD:BB:DD.F or BB:DD.F as lspci shows it; cl_khr_pci_bus_info); "
          "else a case-insensitive substring of the platform or device name. "
          "A UUID- or bus-id-shaped value is never taken as a name. Empty: "
          "$GST_CL_DEVICE, else the first GPU, else the first device; a "
          "change in READY applies at the next READY->PAUSED", NULL,
          G_PARAM_READWRITE | GST_PARAM_MUTABLE_READY |
          G_PARAM_STATIC_STRINGS));

  element_class->change_state = gst_cl_base_transform_change_state;
  element_class->set_context = gst_cl_base_transform_set_context;
  trans_class->query = gst_cl_base_transform_query;
  trans_class->decide_allocation = gst_cl_base_transform_decide_allocation;
  trans_class->propose_allocation = gst_cl_base_transform_propose_allocation;
  trans_class->before_transform = gst_cl_base_transform_before_transform;
  trans_class->copy_metadata = gst_cl_base_transform_copy_metadata;
  trans_class->set_caps = gst_cl_base_transform_set_caps;
  trans_class->get_unit_size = gst_cl_base_transform_get_unit_size;
  trans_class->transform_size = gst_cl_base_transform_transform_size;
  trans_class->transform_meta = gst_cl_base_transform_transform_meta;

  gst_type_mark_as_plugin_api (GST_TYPE_CL_BASE_TRANSFORM, 0);
}
