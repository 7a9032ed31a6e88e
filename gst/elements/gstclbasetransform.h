/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GstCLBaseTransform: the base of every element of this plugin (through
 * GstCLFilter and GstCLMemoryCopy). It keeps the element's OpenCL device:
 * the device property, the context opened for it on NULL->READY (or
 * shared through GstContext) and opened again on READY->PAUSED where a
 * setting changed in READY, pinned host memory where the device does not
 * share host memory, the allocation queries, and the errors posted for
 * them. It parses the negotiated caps into video infos, as GstVideoFilter
 * does, and enables QoS.
 */
#pragma once

#include <gst/base/gstbasetransform.h>
#include <gst/video/video.h>

#include <gst/opencl/gstclcontext.h>

G_BEGIN_DECLS

#define GST_TYPE_CL_BASE_TRANSFORM (gst_cl_base_transform_get_type ())
G_DECLARE_DERIVABLE_TYPE (GstCLBaseTransform, gst_cl_base_transform, GST,
    CL_BASE_TRANSFORM, GstBaseTransform)

struct _GstCLBaseTransformClass
{
  GstBaseTransformClass parent_class;

  /* Optional: after the context is open, the element's own set-up (it
   * may refuse the device). */
  gboolean (*open) (GstCLBaseTransform * trans, GError ** error);
  /* Optional: before the context is dropped, releases what the element
   * holds on it. */
  void (*close) (GstCLBaseTransform * trans);
  /* Optional, under the object lock: whether a property of the element,
   * other than the device, changed since the device was opened, so that
   * it must be opened again on READY->PAUSED. */
  gboolean (*settings_changed) (GstCLBaseTransform * trans);
  /* Optional: new caps, parsed into @in_info and @out_info, which the
   * element keeps where this succeeds. */
  gboolean (*set_info) (GstCLBaseTransform * trans, GstCaps * incaps,
      GstVideoInfo * in_info, GstCaps * outcaps, GstVideoInfo * out_info);
};

GstCLContext *gst_cl_base_transform_get_context (GstCLBaseTransform * trans);

gboolean gst_cl_base_transform_is_negotiated (GstCLBaseTransform * trans);

const GstVideoInfo *gst_cl_base_transform_get_in_info (GstCLBaseTransform *
    trans);

const GstVideoInfo *gst_cl_base_transform_get_out_info (GstCLBaseTransform *
    trans);

gboolean gst_cl_base_transform_must_crop (GstCLBaseTransform * trans);

gboolean gst_cl_base_transform_check_frame_size (GstCLBaseTransform * trans,
    const GstVideoInfo * info);

void gst_cl_base_transform_post_error_full (GstCLBaseTransform * trans,
    const GError * error, const gchar * file, const gchar * function,
    gint line);

#define gst_cl_base_transform_post_error(trans, error) \
  gst_cl_base_transform_post_error_full (GST_CL_BASE_TRANSFORM (trans), \
      (error), __FILE__, GST_FUNCTION, __LINE__)

G_END_DECLS
