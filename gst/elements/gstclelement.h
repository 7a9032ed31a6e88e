/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GstCLElementDevice: the OpenCL device of an element of this plugin, as
 * GstCLFilter (the cl elements) and GstCLMemoryCopy (clupload, cldownload)
 * both keep it: the device property, the context opened for it on
 * NULL->READY (or shared through GstContext), pinned host memory where the
 * device does not share host memory, and the errors posted for them. A
 * device property changed in READY is applied on READY->PAUSED: the
 * element closes and opens its device again.
 */
#pragma once

#include <gst/base/gstbasetransform.h>
#include <gst/video/video.h>

#include <gst/opencl/gstclcontext.h>

G_BEGIN_DECLS

/* What an element does on top of opening and closing its context; every
 * hook is optional and gets the element. */
typedef struct
{
  /* After the context is open: the element's own set-up (it may refuse
   * the device). */
  gboolean (*open) (GstElement * element, GError ** error);
  /* Before the context is dropped: releases what the element holds on
   * it. */
  void (*close) (GstElement * element);
  /* Under the object lock: whether a property of the element, other than
   * the device, changed since the device was opened, so that it must be
   * opened again on READY->PAUSED. */
  gboolean (*settings_changed) (GstElement * element);
} GstCLElementHooks;

typedef struct
{
  gchar *selector;              /* the device property, under the object lock */

  /* READY and up */
  GstCLContext *context;        /* also under the object lock */
  gchar *opened_selector;       /* the device property when opened */
  GstAllocator *pinned;         /* devices that do not share host memory */

  const GstCLElementHooks *hooks;
} GstCLElementDevice;

void gst_cl_element_install_device_property (GObjectClass * klass,
    guint prop_id);

void gst_cl_element_device_init (GstCLElementDevice * device,
    const GstCLElementHooks * hooks);

void gst_cl_element_device_clear (GstCLElementDevice * device);

gboolean gst_cl_element_device_prepare (GstElement * element,
    GstCLElementDevice * device, GstStateChange transition);

void gst_cl_element_device_close (GstElement * element,
    GstCLElementDevice * device);

void gst_cl_element_device_set_context (GstElement * element,
    GstCLElementDevice * device, GstContext * context);

gboolean gst_cl_element_device_query (GstElement * element,
    GstCLElementDevice * device, GstQuery * query);

gboolean gst_cl_element_decide_allocation (GstElement * element,
    GstCLElementDevice * device, GstQuery * query);

gboolean gst_cl_element_propose_allocation (GstBaseTransform * trans,
    GstCLElementDevice * device, GstQuery * decide_query, GstQuery * query);

gboolean gst_cl_element_check_frame_size (GstElement * element,
    GstCLContext * context, const GstVideoInfo * info);

void gst_cl_element_post_error_full (GstElement * element,
    const GError * error, const gchar * file, const gchar * function,
    gint line);

#define gst_cl_element_post_error(element, error) \
  gst_cl_element_post_error_full (GST_ELEMENT (element), (error), __FILE__, \
      GST_FUNCTION, __LINE__)

G_END_DECLS
