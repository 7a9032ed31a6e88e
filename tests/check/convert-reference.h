/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gst/video/video.h>

G_BEGIN_DECLS

/* How close two frames are: over every component value of the picture. */
typedef struct
{
  gdouble psnr;
  gint max_diff;
  gdouble max_error;            /* max_diff, not rounded */
} CRefCloseness;

void cref_make_info (GstVideoInfo * info, GstVideoFormat format, gint width,
    gint height, GstVideoColorMatrix matrix, GstVideoColorRange range,
    GstVideoChromaSite site);

GstBuffer *cref_convert_with (const GstVideoInfo * in,
    const GstVideoInfo * out, GstBuffer * input, GstStructure * options);

GstBuffer *cref_convert (const GstVideoInfo * in, const GstVideoInfo * out,
    GstBuffer * input);

GstBuffer *cref_noise_frame (const GstVideoInfo * info, guint32 seed);

GstBuffer *cref_smooth_frame (const GstVideoInfo * info);

guint cref_component_value (const GstVideoFrame * frame, guint c, gint x,
    gint y);

void cref_make_wide_info (GstVideoInfo * wide, const GstVideoInfo * info);

GstBuffer *cref_widen_frame (const GstVideoInfo * info, GstBuffer * frame,
    const GstVideoInfo * wide);

GstBuffer *cref_convert_wide (const GstVideoInfo * in, GstBuffer * input,
    const GstVideoInfo * wide, gboolean widen_input);

GstBuffer *cref_formula_convert (const GstVideoInfo * in, GstBuffer * input,
    const GstVideoInfo * out, const GstVideoInfo * wide);

CRefCloseness cref_compare_recoded (const GstVideoInfo * info,
    GstBuffer * actual, const GstVideoInfo * ref, GstBuffer * expected,
    gboolean alpha);

CRefCloseness cref_compare (const GstVideoInfo * info, GstBuffer * actual,
    GstBuffer * expected, gboolean alpha);

void cref_assert_passthrough (const gchar * factory);

void cref_assert_image_storage_refused (const gchar * factory);

G_END_DECLS
