/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GstCLContext: one OpenCL context, command queue and program cache for a
 * device, shared by the elements of a pipeline through GstContext.
 */
#pragma once

#include "gstcl-prelude.h"

#include "gstcldevice.h"

G_BEGIN_DECLS

/* The GstContext type and the field of its structure that holds the
 * GstCLContext. */
#define GST_CL_CONTEXT_TYPE "gst.opencl.context"
#define GST_CL_CONTEXT_FIELD "context"

/* The OpenCL objects a GstCLContext counts: those made through it and not
 * yet released (the cl_context itself lives as long as the GstCLContext,
 * which the leaks tracer follows). Drivers' own reference counts are
 * stale as soon as they are read and differ between drivers. */
typedef enum
{
  GST_CL_OBJECT_QUEUE,
  GST_CL_OBJECT_PROGRAM,
  GST_CL_OBJECT_KERNEL,
  GST_CL_OBJECT_MEM,
  GST_CL_OBJECT_SAMPLER,
  GST_CL_OBJECT_EVENT,          /* references held: gst_cl_event_ref() */
  GST_CL_N_OBJECT_TYPES,
} GstCLObjectType;

#define GST_TYPE_CL_CONTEXT (gst_cl_context_get_type ())
GST_CL_API
G_DECLARE_FINAL_TYPE (GstCLContext, gst_cl_context, GST, CL_CONTEXT, GstObject)

GST_CL_API
GstCLContext *gst_cl_context_new (const GstCLDeviceInfo * info,
    GError ** error);

GST_CL_API
cl_program gst_cl_context_get_program (GstCLContext * context,
    const gchar * name, const gchar * const *sources, const gchar * options,
    GError ** error);

GST_CL_API
cl_kernel gst_cl_context_create_kernel (GstCLContext * context,
    cl_program program, const gchar * name, GError ** error);

GST_CL_API
cl_mem gst_cl_context_create_buffer (GstCLContext * context,
    cl_mem_flags flags, gsize size, gpointer host_ptr, GError ** error);

GST_CL_API
gsize gst_cl_context_get_base_align (GstCLContext * context);

GST_CL_API
cl_mem gst_cl_context_create_image (GstCLContext * context,
    const cl_image_format * format, const cl_image_desc * desc,
    GError ** error);

GST_CL_API
cl_sampler gst_cl_context_create_bicubic_sampler (GstCLContext * context,
    GError ** error);

GST_CL_API
gboolean gst_cl_context_enqueue_2d (GstCLContext * context, cl_kernel kernel,
    gsize width, gsize height, GError ** error);

GST_CL_API
gboolean gst_cl_context_enqueue_1d (GstCLContext * context, cl_kernel kernel,
    gsize size, GError ** error);

GST_CL_API
gboolean gst_cl_context_enqueue_groups (GstCLContext * context,
    cl_kernel kernel, cl_uint dims, const gsize * groups, const gsize * local,
    GError ** error);

GST_CL_API
gsize gst_cl_context_kernel_group_size (GstCLContext * context,
    cl_kernel kernel);

GST_CL_API
const GstCLDeviceInfo *gst_cl_context_get_device (GstCLContext * context);

GST_CL_API
cl_context gst_cl_context_get_cl_context (GstCLContext * context);

GST_CL_API
cl_command_queue gst_cl_context_get_queue (GstCLContext * context);

GST_CL_API
gboolean gst_cl_context_is_profiling (GstCLContext * context);

GST_CL_API
GstContext *gst_context_new_cl_context (GstCLContext * context);

GST_CL_API
gboolean gst_context_get_cl_context (GstContext * context,
    GstCLContext ** cl_context);

GST_CL_API
gboolean gst_cl_context_finish (GstCLContext * context, GError ** error);

GST_CL_API
void gst_cl_clear_kernel (GstCLContext * context, cl_kernel * kernel);
GST_CL_API
void gst_cl_clear_mem (GstCLContext * context, cl_mem * mem);
GST_CL_API
void gst_cl_clear_sampler (GstCLContext * context, cl_sampler * sampler);

GST_CL_API
cl_event gst_cl_context_mark_queue (GstCLContext * context, GError ** error);

GST_CL_API
void gst_cl_context_wait_for (GstCLContext * context, cl_event * event);

GST_CL_API
cl_event gst_cl_event_take (GstCLContext * context, cl_event event);
GST_CL_API
cl_event gst_cl_event_ref (GstCLContext * context, cl_event event);
GST_CL_API
void gst_cl_clear_event (GstCLContext * context, cl_event * event);

GST_CL_API
gint gst_cl_context_count_live (GstCLContext * context, GstCLObjectType type);

GST_CL_API
gint gst_cl_context_count_created (GstCLContext * context,
    GstCLObjectType type);

GST_CL_API
gint gst_cl_context_count_binaries_loaded (GstCLContext * context);

GST_CL_API
gdouble gst_cl_context_take_kernel_time (GstCLContext * context);

/* Sharing through GstContext, as the GL and CUDA elements do. */
GST_CL_API
gboolean gst_cl_ensure_element_context (GstElement * element,
    const gchar * selector, GstCLContext ** context, GError ** error);

GST_CL_API
gboolean gst_cl_handle_set_context (GstElement * element,
    GstContext * gst_context, const gchar * selector,
    GstCLContext ** context);

GST_CL_API
void gst_cl_element_set_context (GstElement * element,
    GstContext * gst_context, gchar * const *device, GstCLContext ** context);

GST_CL_API
gboolean gst_cl_handle_context_query (GstElement * element, GstQuery * query,
    GstCLContext ** context);

G_END_DECLS
