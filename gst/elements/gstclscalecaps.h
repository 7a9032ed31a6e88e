/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gst/video/video.h>

G_BEGIN_DECLS

GstCaps *gst_cl_scale_caps_any_size (GstCaps * caps);

GstCaps *gst_cl_scale_fixate_caps (GstElement * element,
    GstPadDirection direction, GstCaps * caps, GstCaps * othercaps);

void gst_cl_scale_picture_rectangle (const GstVideoInfo * in,
    const GstVideoInfo * out, gboolean add_borders, GstVideoRectangle * rect);

void gst_cl_scale_add_letterboxed_roi (GstBuffer * outbuf,
    const GstVideoRegionOfInterestMeta * roi, const GstVideoInfo * in,
    const GstVideoRectangle * picture);

gboolean gst_cl_scale_transform_meta (GstBuffer * outbuf, GstMeta * meta,
    GstBuffer * inbuf, const GstVideoInfo * in, const GstVideoInfo * out,
    gboolean add_borders);

GstEvent *gst_cl_scale_navigation_event (GstEvent * event,
    const GstVideoRectangle * shown, gint width, gint height);

G_END_DECLS
