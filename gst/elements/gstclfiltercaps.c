/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GstCLFilter's caps: its classes' pad templates, the caps its device
 * serves with the storage setting, which transform_caps keeps to
 * (gst_cl_filter_restrict_caps ()), and the errors that say why
 * negotiation fails where a peer's caps are beyond the device or caps the
 * element refuses by nature (its refuse_caps).
 */
#include "gstclfilter-private.h"

#include <gst/opencl/gstclmemory.h>

#define GST_CAT_DEFAULT gst_cl_filter_debug

/**
 * gst_cl_filter_class_set_formats:
 * @formats: a caps list of formats, "{ RGBA, ... }", which the library
 *   lays out (gst_cl_frame_layout ())
 *
 * Sets the formats of a filter class (GST_CL_FORMATS by default): its pad
 * templates, in system memory and OpenCL memory (as GST_CL_SYSTEM_CAPS
 * with @formats), and the formats it offers on a device. For class_init.
 */
void
gst_cl_filter_class_set_formats (GstCLFilterClass * klass,
    const gchar * formats)
{
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstCaps *system = gst_cl_system_caps_with_formats (formats);
  GstCaps *caps = gst_cl_caps_in_both_memories (system);

  klass->formats = formats;
  gst_element_class_add_pad_template (element_class,
      gst_pad_template_new ("sink", GST_PAD_SINK, GST_PAD_ALWAYS, caps));
  gst_element_class_add_pad_template (element_class,
      gst_pad_template_new ("src", GST_PAD_SRC, GST_PAD_ALWAYS, caps));
  gst_caps_unref (caps);
  gst_caps_unref (system);
}

/* "RGBA, BGRA, ..." from a list of format strings. */
static gchar *
format_names (const GValue * formats)
{
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < gst_value_list_get_size (formats); i++)
    g_string_append_printf (names, "%s%s", i ? ", " : "",
        g_value_get_string (gst_value_list_get_value (formats, i)));
  return g_string_free (names, FALSE);
}

/* The caps this device can serve with the storage @setting: with images,
 * the formats it holds in images and its maximum image size, @limits
 * saying so; buffers (and so auto) serve everything. */
static GstCaps *
build_device_caps (GstCLFilter * self, GstCLStorage setting, gchar ** limits)
{
  const GstCLDeviceInfo *info = gst_cl_filter_get_device (self);
  GstCaps *all =
      gst_cl_system_caps_with_formats (GST_CL_FILTER_GET_CLASS (self)->formats);
  const GValue *formats = gst_structure_get_value (gst_caps_get_structure
      (all, 0), "format");
  GValue served = G_VALUE_INIT;
  gint max_w = G_MAXINT, max_h = G_MAXINT;
  GstCaps *caps;

  g_value_init (&served, GST_TYPE_LIST);
  for (guint i = 0; i < gst_value_list_get_size (formats); i++) {
    const GValue *f = gst_value_list_get_value (formats, i);
    GstVideoFormat format = gst_video_format_from_string (g_value_get_string
        (f));

    if (gst_cl_format_supported (format, setting, info))
      gst_value_list_append_value (&served, f);
    else
      GST_INFO_OBJECT (self, "%s cannot hold %s frames in images",
          info->device_name, g_value_get_string (f));
  }
  if (setting == GST_CL_STORAGE_IMAGE) {
    gchar *held = format_names (&served);

    max_w = MIN (info->image2d_max_width, G_MAXINT);
    max_h = MIN (info->image2d_max_height, G_MAXINT);
    *limits = g_strdup_printf ("with storage=image, %s holds "
        "only %s frames, up to %dx%d pixels (its image formats, and "
        "CL_DEVICE_IMAGE2D_MAX_WIDTH x HEIGHT); storage=buffer serves every "
        "format and size", info->device_name, held, max_w, max_h);
    g_free (held);
  }

  caps = gst_caps_new_empty_simple ("video/x-raw");
  gst_caps_set_value (caps, "format", &served);
  gst_caps_set_simple (caps, "width", GST_TYPE_INT_RANGE, 1, max_w,
      "height", GST_TYPE_INT_RANGE, 1, max_h, NULL);
  g_value_unset (&served);
  gst_caps_unref (all);
  GST_INFO_OBJECT (self, "device caps: %" GST_PTR_FORMAT, caps);
  return caps;
}

/* Alternate interlacing (one field per buffer) comes with the
 * format:Interlaced caps feature: the same formats and sizes with it. */
static void
add_field_caps (GstCaps * caps)
{
  GstStructure *s = gst_structure_copy (gst_caps_get_structure (caps, 0));

  gst_structure_set (s, "interlace-mode", G_TYPE_STRING, "alternate", NULL);
  gst_caps_append_structure_full (caps, s,
      gst_caps_features_new (GST_CAPS_FEATURE_FORMAT_INTERLACED, NULL));
}

/* On open: the caps the device serves with the storage @setting, with
 * their limits. */
void
gst_cl_filter_caps_open (GstCLFilter * self, GstCLStorage setting)
{
  GstCLFilterCapsState *state = gst_cl_filter_get_caps_state (self);
  GstCaps *caps;

  GST_OBJECT_LOCK (self);
  caps = build_device_caps (self, setting, &state->device_limits);
  add_field_caps (caps);
  state->device_caps = gst_cl_caps_in_both_memories (caps);
  GST_OBJECT_UNLOCK (self);
  gst_caps_unref (caps);
}

/* On close: forgets the device's caps and the last caps refused. */
void
gst_cl_filter_caps_close (GstCLFilter * self)
{
  GstCLFilterCapsState *state = gst_cl_filter_get_caps_state (self);

  GST_OBJECT_LOCK (self);
  gst_clear_caps (&state->device_caps);
  g_clear_pointer (&state->device_limits, g_free);
  gst_clear_caps (&state->refused);
  GST_OBJECT_UNLOCK (self);
}

/* Whether @caps (what a peer offers or asks for) are all beyond the
 * device; if so, and @limits is given, sets it to why. Caps queries ask
 * this often, several times for one negotiation, and speculatively: they
 * only log the refusal. An element error says why where negotiation has
 * failed for it (post_refusal). */
gboolean
gst_cl_filter_refused_by_device (GstCLFilter * self, GstCaps * caps,
    gchar ** limits)
{
  GstCLFilterCapsState *state = gst_cl_filter_get_caps_state (self);
  GstCaps *templ =
      gst_pad_get_pad_template_caps (GST_BASE_TRANSFORM_SINK_PAD (self));
  gchar *why = NULL;

  GST_OBJECT_LOCK (self);
  if (state->device_limits && !gst_caps_is_empty (caps)
      && gst_caps_can_intersect (caps, templ)
      && !gst_caps_can_intersect (caps, state->device_caps))
    why = g_strdup (state->device_limits);
  GST_OBJECT_UNLOCK (self);
  gst_caps_unref (templ);
  if (why == NULL)
    return FALSE;

  GST_INFO_OBJECT (self, "cannot serve %" GST_PTR_FORMAT ": %s", caps, why);
  if (limits)
    *limits = why;
  else
    g_free (why);
  return TRUE;
}

/* Why negotiation with @caps (all a peer offers, or caps pushed) fails, as
 * the text of an error and its detail, or FALSE where it need not: caps
 * beyond the device, or caps the element refuses by nature (its
 * refuse_caps). */
static gboolean
refusal (GstCLFilter * self, GstCaps * caps, gchar ** text, gchar ** detail)
{
  GstCLFilterClass *klass = GST_CL_FILTER_GET_CLASS (self);
  gchar *limits = NULL, *refused;

  if (gst_cl_filter_refused_by_device (self, caps, &limits))
    *text = g_strdup ("The OpenCL device cannot hold these video frames");
  else if (!klass->refuse_caps || gst_caps_is_empty (caps)
      || gst_caps_is_any (caps)
      || !(*text = klass->refuse_caps (self, caps)))
    return FALSE;

  refused = gst_caps_to_string (caps);
  *detail = g_strdup_printf ("%s%srefused caps: %s", limits ? limits : "",
      limits ? "; " : "", refused);
  g_free (refused);
  g_free (limits);
  return TRUE;
}

static void
post_refusal (GstCLFilter * self, gchar * text, gchar * detail)
{
  gst_element_message_full (GST_ELEMENT (self), GST_MESSAGE_ERROR,
      GST_CORE_ERROR, GST_CORE_ERROR_NEGOTIATION, text, detail, __FILE__,
      GST_FUNCTION, __LINE__);
}

/* Fails where a linked peer offers only caps the element refuses: then no
 * negotiation can succeed, and saying so while the pipeline starts beats
 * a not-negotiated error from a streaming thread later. */
gboolean
gst_cl_filter_peers_servable (GstCLFilter * self)
{
  GstPad *pads[] = { GST_BASE_TRANSFORM_SINK_PAD (self),
    GST_BASE_TRANSFORM_SRC_PAD (self)
  };

  for (guint i = 0; i < G_N_ELEMENTS (pads); i++) {
    GstCaps *offered = gst_pad_peer_query_caps (pads[i], NULL);
    gchar *text, *detail;
    gboolean refused = refusal (self, offered, &text, &detail);

    gst_caps_unref (offered);
    if (refused) {
      post_refusal (self, text, detail);
      return FALSE;
    }
  }
  return TRUE;
}

/* Caps pushed that the element refuses: the pad refuses them through
 * accept-caps, before any event handler runs, and negotiation has failed.
 * Upstream pushes a refused caps event again with every buffer: one error
 * says it. */
GstPadProbeReturn
gst_cl_filter_check_caps_event (GstPad * pad, GstPadProbeInfo * info,
    gpointer user_data)
{
  GstCLFilter *self = user_data;
  GstCLFilterCapsState *state = gst_cl_filter_get_caps_state (self);
  GstEvent *event = GST_PAD_PROBE_INFO_EVENT (info);
  GstCaps *caps;
  gchar *text, *detail;
  gboolean again;

  if (GST_EVENT_TYPE (event) != GST_EVENT_CAPS)
    return GST_PAD_PROBE_OK;
  gst_event_parse_caps (event, &caps);
  if (!refusal (self, caps, &text, &detail))
    return GST_PAD_PROBE_OK;

  GST_OBJECT_LOCK (self);
  again = state->refused && gst_caps_is_equal (caps, state->refused);
  gst_caps_replace (&state->refused, caps);
  GST_OBJECT_UNLOCK (self);
  if (again) {
    g_free (text);
    g_free (detail);
  } else {
    post_refusal (self, text, detail);
  }
  return GST_PAD_PROBE_OK;
}

/* @caps in OpenCL memory, then in system memory (see
 * gst_cl_filter_restrict_caps()), less what the device cannot serve. */
static GstCaps *
restrict_to_device (GstCLFilter * self, GstCaps * caps)
{
  GstCLFilterCapsState *state = gst_cl_filter_get_caps_state (self);
  GstCaps *both = gst_cl_caps_in_both_memories (caps), *restricted;

  /* Where frames would pass through, @caps as they are come first. */
  if (state->prefer_unchanged)
    both = gst_caps_merge (gst_caps_ref (caps), both);
  gst_caps_unref (caps);
  caps = both;
  GST_OBJECT_LOCK (self);
  if (state->device_caps == NULL) {
    GST_OBJECT_UNLOCK (self);
    return caps;
  }
  restricted = gst_caps_intersect_full (caps, state->device_caps,
      GST_CAPS_INTERSECT_FIRST);
  GST_OBJECT_UNLOCK (self);
  if (gst_caps_is_empty (restricted))
    gst_cl_filter_refused_by_device (self, caps, NULL);
  gst_caps_unref (caps);
  return restricted;
}

/**
 * gst_cl_filter_restrict_caps:
 * @caps: (transfer full): caps transformed from the other pad's @from
 * @filter: (nullable): transform_caps's filter
 *
 * What a subclass's transform_caps returns for the caps its properties
 * allow from @from.
 *
 * Returns: (transfer full): @caps in OpenCL memory, then in system memory
 * (whichever the other side is in, the element copies frames where it
 * must; where its properties leave frames unchanged, @caps as they are
 * first), less what the device cannot serve (all of them before the
 * element has a device), within @filter.
 */
GstCaps *
gst_cl_filter_restrict_caps (GstCLFilter * self, GstCaps * from,
    GstCaps * caps, GstCaps * filter)
{
  GstCaps *result = restrict_to_device (self, caps);

  if (filter) {
    GstCaps *tmp = gst_caps_intersect_full (filter, result,
        GST_CAPS_INTERSECT_FIRST);
    gst_caps_unref (result);
    result = tmp;
  }
  GST_DEBUG_OBJECT (self, "%" GST_PTR_FORMAT " -> %" GST_PTR_FORMAT, from,
      result);
  return result;
}
