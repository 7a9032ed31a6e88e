/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclgeometry.h"

/**
 * gst_cl_normalize_par:
 *
 * A pixel aspect ratio with a 0 numerator or denominator (caps say 0/1 for
 * "unknown") counts as square, as a missing one does.
 */
void
gst_cl_normalize_par (gint * par_n, gint * par_d)
{
  if (*par_n == 0 || *par_d == 0)
    *par_n = *par_d = 1;
}

/**
 * gst_cl_structure_get_par:
 *
 * Reads the pixel aspect ratio of @s, normalized; 1/1 where it has none or
 * not a fixed one.
 *
 * Returns: whether @s has a fixed pixel-aspect-ratio
 */
gboolean
gst_cl_structure_get_par (const GstStructure * s, gint * par_n, gint * par_d)
{
  gboolean fixed = gst_structure_get_fraction (s, "pixel-aspect-ratio",
      par_n, par_d);

  if (!fixed)
    *par_n = *par_d = 1;
  gst_cl_normalize_par (par_n, par_d);
  return fixed;
}

/**
 * gst_cl_meta_is_geometry:
 *
 * Whether @meta is tagged, and only with video, size or orientation: it
 * says where things are in the frame, so an element that moves pixels must
 * transform it or drop it, and one that moves none may keep it.
 */
gboolean
gst_cl_meta_is_geometry (const GstMeta * meta)
{
  static const gchar *const geometry[] = { GST_META_TAG_VIDEO_STR,
    GST_META_TAG_VIDEO_SIZE_STR, GST_META_TAG_VIDEO_ORIENTATION_STR, NULL
  };
  const gchar *const *tags = gst_meta_api_type_get_tags (meta->info->api);

  if (tags == NULL)
    return FALSE;
  for (; *tags; tags++)
    if (!g_strv_contains (geometry, *tags))
      return FALSE;
  return TRUE;
}

static gpointer
copy_structure (gconstpointer structure, gpointer user_data)
{
  return gst_structure_copy (structure);
}

/**
 * gst_cl_buffer_add_roi_meta:
 *
 * Adds to @buffer a copy of @roi (type, ids, parameters) at @rect.
 */
void
gst_cl_buffer_add_roi_meta (GstBuffer * buffer,
    const GstVideoRegionOfInterestMeta * roi, const GstVideoRectangle * rect)
{
  GstVideoRegionOfInterestMeta *copy =
      gst_buffer_add_video_region_of_interest_meta_id (buffer, roi->roi_type,
      rect->x, rect->y, rect->w, rect->h);

  copy->id = roi->id;
  copy->parent_id = roi->parent_id;
  copy->params = g_list_copy_deep (roi->params, copy_structure, NULL);
}
