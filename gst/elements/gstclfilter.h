/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GstCLFilter: the base of the cl elements that process frames, on
 * GstCLBaseTransform (which keeps the device). It offers only the formats
 * and sizes the device can serve, keeps the device frames of the
 * negotiated caps, and runs upload -> process -> download on every
 * frame. A subclass provides
 * set_info (its kernels and tables for the caps) and process (its kernels
 * on device frames).
 */
#pragma once

#include "gstclbasetransform.h"

#include <gst/opencl/gstclframe.h>

#include "gstclgeometry.h"

G_BEGIN_DECLS

#define GST_TYPE_CL_FILTER (gst_cl_filter_get_type ())
G_DECLARE_DERIVABLE_TYPE (GstCLFilter, gst_cl_filter, GST, CL_FILTER,
    GstCLBaseTransform)

struct _GstCLFilterClass
{
  GstCLBaseTransformClass parent_class;

  /* After the context is open (NULL->READY); may refuse the device. */
  gboolean (*open) (GstCLFilter * filter, GError ** error);
  /* Releases what the subclass holds on the device (READY->NULL). */
  void (*close) (GstCLFilter * filter);
  /* New caps, with @in and @out allocated for them. */
  gboolean (*set_info) (GstCLFilter * filter, const GstCLFrame * in,
      const GstCLFrame * out, GError ** error);
  /* In the streaming thread, after set_info and before every frame (after
   * the controlled properties are synced): copies, under the object lock,
   * the properties that the frames to come are processed with, and
   * returns whether they leave frames unchanged (passthrough). Setters
   * only record values: passthrough changes here, between frames. */
  gboolean (*snapshot) (GstCLFilter * filter);
  /* Enqueues the element's kernels from @in to @out. */
  gboolean (*process) (GstCLFilter * filter, GstCLFrame * in, GstCLFrame * out,
      GError ** error);
  /* Optional: the text of the error for @caps, which the element cannot
   * take whatever the device (newly allocated), or NULL. Caps queries
   * leave such caps out quietly (transform_caps); this says why where
   * negotiation fails for them. */
  gchar *(*refuse_caps) (GstCLFilter * filter, GstCaps * caps);
  /* Optional: whether storage=auto keeps frames @in -> @out in buffers
   * where it would take images (on GPUs): where the element's kernels
   * were measured faster on buffers. */
  gboolean (*prefers_buffers) (GstCLFilter * filter, const GstVideoInfo * in,
      const GstVideoInfo * out);

  /* The formats the element takes, as a caps list ("{ RGBA, ... }"):
   * GST_CL_FORMATS unless gst_cl_filter_class_set_formats () says
   * otherwise. */
  const gchar *formats;
};

void gst_cl_filter_class_set_formats (GstCLFilterClass * klass,
    const gchar * formats);

GstCLContext *gst_cl_filter_get_context (GstCLFilter * filter);

const GstCLDeviceInfo *gst_cl_filter_get_device (GstCLFilter * filter);

GstCLStorage gst_cl_filter_get_storage (GstCLFilter * filter);

gboolean gst_cl_filter_processes_fields (GstCLFilter * filter);

void gst_cl_filter_get_field (GstCLFilter * filter, guint * field,
    guint * fields);

/* Channel values per work-item of a kernel built with -DGST_CL_VECTORS (the
 * VECTOR_VALUES of kernels/common.cl). */
#define GST_CL_VECTOR_VALUES 16

gboolean gst_cl_filter_wants_vectors (GstCLFilter * filter);

gsize gst_cl_filter_items_per_row (GstCLFilter * filter, gint width,
    guint channels);

GstCaps *gst_cl_filter_restrict_caps (GstCLFilter * filter, GstCaps * from,
    GstCaps * caps, GstCaps * filter_caps);

cl_kernel gst_cl_filter_create_kernel (GstCLFilter * filter,
    const gchar * program, const gchar * const *sources,
    const GstCLPlane * plane, const gchar * extra_options,
    const gchar * kernel_name, GError ** error);

G_END_DECLS
