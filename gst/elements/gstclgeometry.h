/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What the filters share about a frame's geometry outside its pixels: the
 * pixel aspect ratio in caps, and the metas that say where things are in
 * the frame.
 */
#pragma once

#include <gst/video/video.h>

G_BEGIN_DECLS

void gst_cl_normalize_par (gint * par_n, gint * par_d);

gboolean gst_cl_structure_get_par (const GstStructure * s, gint * par_n,
    gint * par_d);

gboolean gst_cl_meta_is_geometry (const GstMeta * meta);

void gst_cl_buffer_add_roi_meta (GstBuffer * buffer,
    const GstVideoRegionOfInterestMeta * roi, const GstVideoRectangle * rect);

G_END_DECLS
