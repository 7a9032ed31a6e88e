/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GstCLFrame: a video frame's planes on the device, as OpenCL images or
 * buffers: those of an attached buffer of OpenCL memory, or the output's
 * own, downloaded into a mapped GstVideoFrame (or used in place where the
 * device shares host memory). Kernels see every plane through the
 * fetch/store macros of kernels/common.cl, which take the same three
 * arguments (memory object, row pitch, offset) with either storage.
 */
#pragma once

#include "gstcl-prelude.h"

#include <gst/video/video.h>

#include "gstclcontext.h"
#include "gstclpinned.h"
#include "gstclargs.h"

G_BEGIN_DECLS

typedef enum
{
  GST_CL_STORAGE_AUTO,
  GST_CL_STORAGE_IMAGE,
  GST_CL_STORAGE_BUFFER,
} GstCLStorage;

#define GST_TYPE_CL_STORAGE (gst_cl_storage_get_type ())
GST_CL_API
GType gst_cl_storage_get_type (void);

/* The formats every element takes. */
#define GST_CL_FORMATS "{ RGBA, BGRA, ARGB, ABGR, RGBx, BGRx, xRGB, xBGR, " \
    "GRAY8, GRAY16_LE, I420, NV12 }"

/* Every format the library lays out on the device (frames, transfers):
 * clconvert's, and clupload's and cldownload's. */
#define GST_CL_ALL_FORMATS "{ RGBA, BGRA, ARGB, ABGR, RGBx, BGRx, " \
    "xRGB, xBGR, GRAY8, GRAY16_LE, I420, NV12, NV21, YV12, Y42B, Y444, " \
    "AYUV, VUYA, RGBP, BGRP, RGB, BGR, P010_10LE }"

/* Their caps in system memory: progressive or interlaced frames, and
 * single fields (alternate interlacing, which comes with the
 * format:Interlaced feature). */
#define GST_CL_SYSTEM_CAPS GST_VIDEO_CAPS_MAKE (GST_CL_FORMATS) "; " \
    GST_VIDEO_CAPS_MAKE_WITH_FEATURES (GST_CAPS_FEATURE_FORMAT_INTERLACED, \
        GST_CL_FORMATS) ", interlace-mode = (string) alternate"

typedef struct
{
  cl_mem mem;                   /* the plane's storage on the device */
  cl_mem wrapper;               /* or this frame's own memory, used in place */
  gint width;                   /* in pixels of this plane */
  gint height;
  guint channels;               /* 1, 2 or 4 */
  guint depth;                  /* bits per channel: 8 or 16 */
  gint pitch;                   /* channel values per row, of the memory the
                                 * kernels use for this frame (buffers) */
  gint offset;                  /* channel values before the plane's first
                                 * in that memory (an attached frame's) */
  /* Images: the attached frame's plane, in its buffer, that the image is
   * copied from or into, and the kernels that copy (made on first use). */
  cl_mem linked;
  gint linked_pitch;
  gint linked_offset;
  cl_kernel from_buffer;
  cl_kernel to_buffer;
  guint w_sub;                  /* log2 of the subsampling against luma */
  guint h_sub;
} GstCLPlane;

typedef struct
{
  GstVideoInfo info;
  GstCLContext *context;        /* where the planes are: not a reference,
                                 * the element holds it */
  GstCLStorage storage;          /* GST_CL_STORAGE_IMAGE or _BUFFER */
  /* Buffers on a device that shares host memory (CPU devices): kernels
   * use the mapped frame in place, with no copy in or out. */
  gboolean in_place;
  /* The wrappers (buffers) or the linked planes (images) are the planes
   * of an attached GstCLMemory, which owns them
   * (gst_cl_frame_attach_buffer()). */
  gboolean attached;
  /* The read of the planes into pinned host memory still running on the
   * download queue (gst_cl_frame_download()): the next kernels writing
   * them wait for it. */
  cl_event read_done;
  guint n_planes;
  GstCLPlane planes[GST_VIDEO_MAX_PLANES];
} GstCLFrame;

GST_CL_API
gboolean gst_cl_frame_layout (GstCLFrame * frame, const GstVideoInfo * info,
    GstCLStorage storage);

GST_CL_API
guint gst_cl_format_max_channels (GstVideoFormat format);

GST_CL_API
GstCaps *gst_cl_system_caps_with_formats (const gchar * formats);

GST_CL_API
gboolean gst_cl_format_supported (GstVideoFormat format, GstCLStorage storage,
    const GstCLDeviceInfo * device);

GST_CL_API
GstCLStorage gst_cl_choose_storage (GstCLStorage setting,
    const GstCLDeviceInfo * device, const GstVideoInfo * in,
    const GstVideoInfo * out);

GST_CL_API
cl_mem gst_cl_plane_create_image (GstCLContext * context,
    const GstCLPlane * plane, GError ** error);

GST_CL_API
gchar *gst_cl_frame_size_problem (const GstCLDeviceInfo * device,
    const GstVideoInfo * info);

GST_CL_API
gboolean gst_cl_frame_setup (GstCLFrame * frame, GstCLContext * context,
    const GstVideoInfo * info, GstCLStorage storage, GError ** error);

GST_CL_API
void gst_cl_frame_release (GstCLFrame * frame);

GST_CL_API
GstBuffer *gst_cl_frame_upload (GstCLFrame * frame, const GstVideoInfo * info,
    GstBuffer * inbuf, GstBufferPool ** pool, GstCLStaging ** staging,
    gboolean * in_place, GError ** error);

GST_CL_API
gboolean gst_cl_frame_attach (GstCLFrame * frame, GstCLContext * context,
    GstVideoFrame * vframe, GError ** error);

GST_CL_API
gboolean gst_cl_frame_can_attach_buffer (const GstCLFrame * frame,
    const GstVideoInfo * info, GstBuffer * buffer);

GST_CL_API
gboolean gst_cl_frame_attach_buffer (GstCLFrame * frame, GstBuffer * buffer,
    const GstVideoInfo * info, const GstVideoRectangle * crop, guint field,
    guint fields, gboolean input, GError ** error);

GST_CL_API
gboolean gst_cl_frame_download (GstCLFrame * frame, GstCLContext * context,
    GstVideoFrame * vframe, GError ** error);

GST_CL_API
gboolean gst_cl_frame_store_attached (GstCLFrame * frame, GError ** error);

GST_CL_API
void gst_cl_frame_detach (GstCLFrame * frame);

GST_CL_API
void gst_cl_frame_plane_color (const GstVideoInfo * info, guint plane,
    guint32 argb, gfloat value[4]);

GST_CL_API
gchar *gst_cl_plane_build_options (const GstCLPlane * plane,
    GstCLStorage storage, const gchar * extra);

GST_CL_API
void gst_cl_args_add_plane (GstCLArgs * args, const GstCLPlane * plane);

GST_CL_API
    void gst_cl_args_add_sized_plane (GstCLArgs * args,
    const GstCLPlane * plane);

G_END_DECLS
