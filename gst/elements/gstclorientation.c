/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclorientation.h"

void
gst_cl_orientation_tags_init (GstCLOrientationTags * tags)
{
  tags->direction = GST_VIDEO_ORIENTATION_IDENTITY;
  tags->global_direction = GST_VIDEO_ORIENTATION_IDENTITY;
  tags->from_stream = FALSE;
  tags->stream_id = NULL;
}

void
gst_cl_orientation_tags_clear (GstCLOrientationTags * tags)
{
  g_clear_pointer (&tags->stream_id, g_free);
}

/* Takes the image-orientation tag of @list, as videoflip reads it: a
 * stream tag outranks global tags; a tag list without one takes the
 * direction back (a stream list to the global tags', a global list to
 * identity unless a stream tag holds). Returns whether @list held one. */
gboolean
gst_cl_orientation_tags_take (GstCLOrientationTags * tags,
    const GstTagList * list)
{
  GstVideoOrientationMethod method;
  gboolean found = gst_video_orientation_from_tag ((GstTagList *) list,
      &method);
  gboolean stream = gst_tag_list_get_scope (list) == GST_TAG_SCOPE_STREAM;

  if (found && stream) {
    tags->from_stream = TRUE;
    tags->direction = method;
  } else if (found) {
    tags->global_direction = method;
    if (!tags->from_stream)
      tags->direction = method;
  } else if (stream) {
    tags->from_stream = FALSE;
    tags->direction = tags->global_direction;
  } else {
    tags->global_direction = GST_VIDEO_ORIENTATION_IDENTITY;
    if (!tags->from_stream)
      tags->direction = GST_VIDEO_ORIENTATION_IDENTITY;
  }
  return found;
}

/* A new stream (another stream id than the last) starts with no
 * orientation from tags. Returns whether it is one. */
gboolean
gst_cl_orientation_tags_start_stream (GstCLOrientationTags * tags,
    const gchar * stream_id)
{
  if (g_strcmp0 (stream_id, tags->stream_id) == 0)
    return FALSE;
  g_free (tags->stream_id);
  gst_cl_orientation_tags_init (tags);
  tags->stream_id = g_strdup (stream_id);
  return TRUE;
}

/* The next stream-start, whatever its id, starts a new stream. */
void
gst_cl_orientation_tags_forget_stream (GstCLOrientationTags * tags)
{
  g_clear_pointer (&tags->stream_id, g_free);
}

/* The tag event @event (taken) with its image-orientation tag rewritten
 * to rotate-0, for frames turned upright. */
GstEvent *
gst_cl_orientation_upright_tag (GstEvent * event)
{
  GstTagList *tags;
  GstEvent *upright;

  gst_event_parse_tag (event, &tags);
  /* The event, and so its tag list, may be shared: a new one. */
  tags = gst_tag_list_copy (tags);
  gst_tag_list_add (tags, GST_TAG_MERGE_REPLACE, GST_TAG_IMAGE_ORIENTATION,
      "rotate-0", NULL);
  upright = gst_event_new_tag (tags);
  gst_event_set_seqnum (upright, gst_event_get_seqnum (event));
  gst_event_unref (event);
  return upright;
}

/* @caps with the width and the height swapped and a fixed pixel aspect
 * ratio inverted, as a direction that transposes gives them, either way
 * (as videoflip does). */
GstCaps *
gst_cl_orientation_transposed_caps (GstCaps * caps)
{
  GstCaps *ret = gst_caps_new_empty ();

  for (guint i = 0; i < gst_caps_get_size (caps); i++) {
    GstStructure *s = gst_structure_copy (gst_caps_get_structure (caps, i));
    const GValue *w = gst_structure_get_value (s, "width");
    const GValue *h = gst_structure_get_value (s, "height");
    GValue width = G_VALUE_INIT, height = G_VALUE_INIT;
    gint par_n, par_d;

    if (w)
      gst_value_init_and_copy (&width, w);
    if (h)
      gst_value_init_and_copy (&height, h);
    if (h)
      gst_structure_set_value (s, "width", &height);
    else
      gst_structure_remove_field (s, "width");
    if (w)
      gst_structure_set_value (s, "height", &width);
    else
      gst_structure_remove_field (s, "height");
    if (w)
      g_value_unset (&width);
    if (h)
      g_value_unset (&height);
    if (gst_structure_get_fraction (s, "pixel-aspect-ratio", &par_n, &par_d)
        && par_n > 0 && par_d > 0)
      gst_structure_set (s, "pixel-aspect-ratio", GST_TYPE_FRACTION, par_d,
          par_n, NULL);
    gst_caps_append_structure_full (ret, s,
        gst_caps_features_copy (gst_caps_get_features (caps, i)));
  }
  return ret;
}
