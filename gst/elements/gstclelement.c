/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclelement.h"

#include <string.h>

#include <gst/opencl/gstclbufferpool.h>
#include <gst/opencl/gstclframe.h>
#include <gst/opencl/gstclpinned.h>

GST_DEBUG_CATEGORY_STATIC (gst_cl_element_debug);
#define GST_CAT_DEFAULT gst_cl_element_debug

/**
 * gst_cl_element_install_device_property:
 *
 * Installs the "device" property as @prop_id: its value goes into a
 * #GstCLElementDevice's selector (the class's set_property, under the
 * object lock).
 */
void
gst_cl_element_install_device_property (GObjectClass * klass, guint prop_id)
{
  static gsize debug_initialized = 0;

  if (g_once_init_enter (&debug_initialized)) {
    GST_DEBUG_CATEGORY_INIT (gst_cl_element_debug, "clelement", 0,
        "OpenCL devices of the cl elements");
    g_once_init_leave (&debug_initialized, 1);
  }

  /* The OpenCL device: a selector of gst_cl_device_matches(). Empty: the
   * GST_CL_DEVICE environment variable, else the first GPU, else the first
   * device. The device is opened on NULL->READY; a change in READY opens
   * the newly selected one on READY->PAUSED. */
  g_object_class_install_property (klass, prop_id,
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
}

/* @hooks: (nullable): what the element adds to opening and closing */
void
gst_cl_element_device_init (GstCLElementDevice * device,
    const GstCLElementHooks * hooks)
{
  static const GstCLElementHooks none = { NULL, };

  memset (device, 0, sizeof (*device));
  device->hooks = hooks ? hooks : &none;
}

/* For the element's finalize. A context set on the element while in NULL
 * (by a bin it was added to, or the application) is still held there:
 * READY->NULL never came. */
void
gst_cl_element_device_clear (GstCLElementDevice * device)
{
  g_clear_pointer (&device->selector, g_free);
  gst_clear_object (&device->context);
}

static gboolean
open_device (GstElement * element, GstCLElementDevice * device, GError ** error)
{
  const GstCLDeviceInfo *info;
  gchar *selector;
  gboolean ok;

  GST_OBJECT_LOCK (element);
  selector = g_strdup (device->selector);
  device->opened_selector = g_strdup (selector);
  GST_OBJECT_UNLOCK (element);

  ok = gst_cl_ensure_element_context (element, selector, &device->context,
      error);
  g_free (selector);
  if (!ok)
    return FALSE;

  info = gst_cl_context_get_device (device->context);
  GST_INFO_OBJECT (element, "using %s (%s)", info->device_name,
      info->platform_name);
  if (!info->host_unified)
    device->pinned = gst_cl_pinned_allocator_new (device->context);
  return device->hooks->open == NULL || device->hooks->open (element, error);
}

/**
 * gst_cl_element_device_close:
 *
 * Releases the element's device (its close hook first): on READY->NULL,
 * and where opening it failed.
 */
void
gst_cl_element_device_close (GstElement * element, GstCLElementDevice * device)
{
  GstCLContext *context;

  if (device->hooks->close)
    device->hooks->close (element);
  GST_OBJECT_LOCK (element);
  context = g_steal_pointer (&device->context);
  g_clear_pointer (&device->opened_selector, g_free);
  GST_OBJECT_UNLOCK (element);
  gst_clear_object (&device->pinned);
  gst_clear_object (&context);
}

/* Whether the device is open as the element's properties now say: they
 * may change in READY, and apply when streaming starts. */
static gboolean
device_is_current (GstElement * element, GstCLElementDevice * device)
{
  gboolean current;

  GST_OBJECT_LOCK (element);
  current = device->context != NULL
      && g_strcmp0 (device->selector, device->opened_selector) == 0
      && (device->hooks->settings_changed == NULL
      || !device->hooks->settings_changed (element));
  GST_OBJECT_UNLOCK (element);
  return current;
}

/* Before streaming starts: the device again, where the device property
 * (or a setting of the element) changed in READY, or opening it failed
 * there. */
static gboolean
reopen_if_changed (GstElement * element, GstCLElementDevice * device,
    GError ** error)
{
  if (device_is_current (element, device))
    return TRUE;
  GST_INFO_OBJECT (element, "device or settings changed in READY: opening "
      "the device again");
  gst_cl_element_device_close (element, device);
  return open_device (element, device, error);
}

/**
 * gst_cl_element_device_prepare:
 *
 * The element's change_state, before it chains up: opens the device on
 * NULL->READY, and again on READY->PAUSED where the element's properties
 * changed in READY. Where that fails, posts the error and closes the
 * device: the state change fails.
 */
gboolean
gst_cl_element_device_prepare (GstElement * element,
    GstCLElementDevice * device, GstStateChange transition)
{
  GError *error = NULL;

  if ((transition == GST_STATE_CHANGE_NULL_TO_READY
          && !open_device (element, device, &error))
      || (transition == GST_STATE_CHANGE_READY_TO_PAUSED
          && !reopen_if_changed (element, device, &error))) {
    gst_cl_element_post_error (element, error);
    g_clear_error (&error);
    gst_cl_element_device_close (element, device);
    return FALSE;
  }
  return TRUE;
}

/* The element's set_context: takes a shared context that fits its device
 * property. */
void
gst_cl_element_device_set_context (GstElement * element,
    GstCLElementDevice * device, GstContext * context)
{
  gst_cl_element_set_context (element, context, &device->selector,
      &device->context);
}

/* Answers a context query with the element's context: TRUE where it did. */
gboolean
gst_cl_element_device_query (GstElement * element,
    GstCLElementDevice * device, GstQuery * query)
{
  return gst_cl_handle_context_query (element, query, &device->context);
}

/**
 * gst_cl_element_decide_allocation:
 *
 * The output goes into downstream's pool where the element can fill it,
 * else into one of its own: OpenCL memory, or pinned host memory where
 * the device does not share host memory (gst_cl_decide_allocation()).
 */
gboolean
gst_cl_element_decide_allocation (GstElement * element,
    GstCLElementDevice * device, GstQuery * query)
{
  return gst_cl_decide_allocation (element, query, device->context,
      device->pinned);
}

/**
 * gst_cl_element_propose_allocation:
 *
 * Upstream fills frames of the element's input caps: a #GstCLBufferPool
 * for OpenCL memory, else host memory (pinned where that helps).
 */
gboolean
gst_cl_element_propose_allocation (GstBaseTransform * trans,
    GstCLElementDevice * device, GstQuery * decide_query, GstQuery * query)
{
  /* Without a decide query the element passes through: the query goes
   * downstream, whose answer stands (as GstBaseTransform does). */
  if (decide_query == NULL)
    return gst_pad_peer_query (GST_BASE_TRANSFORM_SRC_PAD (trans), query);
  return gst_cl_propose_allocation (query, device->context, device->pinned);
}

/**
 * gst_cl_element_check_frame_size:
 *
 * Whether @context's device can hold frames of @info, the caps being
 * negotiated; if not, posts the negotiation error that names the limit,
 * as every cl element does for such caps.
 */
gboolean
gst_cl_element_check_frame_size (GstElement * element, GstCLContext * context,
    const GstVideoInfo * info)
{
  gchar *problem =
      gst_cl_frame_size_problem (gst_cl_context_get_device (context), info);

  if (problem == NULL)
    return TRUE;
  GST_ELEMENT_ERROR (element, CORE, NEGOTIATION,
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
      default:
        break;
    }
  }
  return g_strdup_printf ("OpenCL failed in %s", name);
}

/**
 * gst_cl_element_post_error_full:
 *
 * Posts @error as an element error from @file, @function and @line (use
 * gst_cl_element_post_error(), which passes the caller's): a short text,
 * and @error's message (the OpenCL error's name, a build log, sizes) as
 * the debug string.
 */
void
gst_cl_element_post_error_full (GstElement * element, const GError * error,
    const gchar * file, const gchar * function, gint line)
{
  GQuark domain = GST_RESOURCE_ERROR;
  gint code = GST_RESOURCE_ERROR_FAILED;

  if (error->domain == GST_CL_ERROR && error->code <= GST_CL_ERROR_NO_MATCH)
    code = GST_RESOURCE_ERROR_NOT_FOUND;
  else if (error->domain == GST_CL_ERROR
      && error->code == GST_CL_ERROR_UNSUPPORTED)
    code = GST_RESOURCE_ERROR_SETTINGS;
  else if (error->domain == GST_CL_ERROR
      && error->code == GST_CL_ERROR_BAD_FRAME) {
    domain = GST_STREAM_ERROR;
    code = GST_STREAM_ERROR_FORMAT;
  }

  gst_element_message_full (element, GST_MESSAGE_ERROR, domain, code,
      error_text (element, error), g_strdup (error->message), file,
      function, line);
}
