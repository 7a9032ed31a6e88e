/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclframe.h"
#include "gstclcontext-private.h"
#include "gstcl-private.h"
#include "gstclbufferpool.h"
#include "gstcllibrarykernels.h"
#include "gstclmemory.h"
#include "gstcltransfer.h"

#include <math.h>
#include <string.h>

#define GST_CAT_DEFAULT gst_cl_frame_debug

GType
gst_cl_storage_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CL_STORAGE_AUTO, "Images on GPUs, buffers on other devices", "auto"},
    {GST_CL_STORAGE_IMAGE, "OpenCL images", "image"},
    {GST_CL_STORAGE_BUFFER, "OpenCL buffers", "buffer"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, g_enum_register_static ("GstCLStorage", values));
  return type;
}

/**
 * gst_cl_system_caps_with_formats:
 * @formats: a caps list of formats, "{ RGBA, ... }", of GST_CL_ALL_FORMATS
 *
 * Returns: (transfer full): GST_CL_SYSTEM_CAPS with @formats in place of
 * GST_CL_FORMATS.
 */
GstCaps *
gst_cl_system_caps_with_formats (const gchar * formats)
{
  GstCaps *caps = gst_caps_from_string (GST_CL_SYSTEM_CAPS);
  gchar *text = g_strdup_printf ("video/x-raw, format = (string) %s",
      formats);
  GstCaps *list = gst_caps_from_string (text);

  /* Every structure of the system caps, with these formats. */
  gst_caps_set_value (caps, "format",
      gst_structure_get_value (gst_caps_get_structure (list, 0), "format"));
  gst_caps_unref (list);
  g_free (text);
  return caps;
}

/* Channels per pixel of each plane; every channel has the format's depth.
 * Beyond GST_CL_FORMATS, the rest of GST_CL_ALL_FORMATS: planes of 1 or 4 values of 8 bits, 3-byte
 * pixels (RGB, BGR: a plane of 3 values a pixel, which only buffers hold)
 * and P010_10LE's 16-bit words (as NV12's planes, of 16 bits). */
static gboolean
plane_channels (GstVideoFormat format, guint plane, guint * channels)
{
  switch (format) {
    case GST_VIDEO_FORMAT_RGBA:
    case GST_VIDEO_FORMAT_BGRA:
    case GST_VIDEO_FORMAT_ARGB:
    case GST_VIDEO_FORMAT_ABGR:
    case GST_VIDEO_FORMAT_RGBx:
    case GST_VIDEO_FORMAT_BGRx:
    case GST_VIDEO_FORMAT_xRGB:
    case GST_VIDEO_FORMAT_xBGR:
    case GST_VIDEO_FORMAT_AYUV:
    case GST_VIDEO_FORMAT_VUYA:
      *channels = 4;
      return TRUE;
    case GST_VIDEO_FORMAT_GRAY8:
    case GST_VIDEO_FORMAT_GRAY16_LE:
    case GST_VIDEO_FORMAT_I420:
    case GST_VIDEO_FORMAT_YV12:
    case GST_VIDEO_FORMAT_Y42B:
    case GST_VIDEO_FORMAT_Y444:
    case GST_VIDEO_FORMAT_RGBP:
    case GST_VIDEO_FORMAT_BGRP:
      *channels = 1;
      return TRUE;
    case GST_VIDEO_FORMAT_NV12:
    case GST_VIDEO_FORMAT_NV21:
    case GST_VIDEO_FORMAT_P010_10LE:
      *channels = plane == 0 ? 1 : 2;
      return TRUE;
    case GST_VIDEO_FORMAT_RGB:
    case GST_VIDEO_FORMAT_BGR:
      *channels = 3;
      return TRUE;
    default:
      return FALSE;
  }
}

/* 16 where the values are 16-bit words, whatever their significant bits
 * (GRAY16_LE: 16; P010_10LE: 10, the high bits of the word), else 8. */
static guint
format_depth (GstVideoFormat format)
{
  const GstVideoFormatInfo *finfo = gst_video_format_get_info (format);

  return GST_VIDEO_FORMAT_INFO_DEPTH (finfo, 0) +
      GST_VIDEO_FORMAT_INFO_SHIFT (finfo, 0) > 8 ? 16 : 8;
}

/* The first component stored in @plane gives the plane's size. */
static guint
plane_component (const GstVideoFormatInfo * finfo, guint plane)
{
  for (guint c = 0; c < GST_VIDEO_FORMAT_INFO_N_COMPONENTS (finfo); c++)
    if (GST_VIDEO_FORMAT_INFO_PLANE (finfo, c) == plane)
      return c;
  return 0;
}

/**
 * gst_cl_frame_layout:
 *
 * Describes the planes of @info (sizes, channels, depth) without
 * allocating; FALSE for a format the library does not lay out (it lays
 * out GST_CL_FORMATS, and the further formats clconvert takes).
 */
gboolean
gst_cl_frame_layout (GstCLFrame * frame, const GstVideoInfo * info,
    GstCLStorage storage)
{
  GstVideoFormat format = GST_VIDEO_INFO_FORMAT (info);

  memset (frame, 0, sizeof (*frame));
  frame->info = *info;
  frame->storage = storage;
  frame->n_planes = GST_VIDEO_INFO_N_PLANES (info);
  for (guint p = 0; p < frame->n_planes; p++) {
    GstCLPlane *plane = &frame->planes[p];
    guint comp = plane_component (info->finfo, p);

    if (!plane_channels (format, p, &plane->channels))
      return FALSE;
    plane->depth = format_depth (format);
    plane->width = GST_VIDEO_INFO_COMP_WIDTH (info, comp);
    plane->height = GST_VIDEO_INFO_COMP_HEIGHT (info, comp);
    plane->pitch = plane->width * plane->channels;
    plane->w_sub = GST_VIDEO_FORMAT_INFO_W_SUB (info->finfo, comp);
    plane->h_sub = GST_VIDEO_FORMAT_INFO_H_SUB (info->finfo, comp);
  }
  return TRUE;
}

static GstCLImageFormats
image_format_flag (guint channels, guint depth)
{
  if (depth == 16)
    return channels == 1 ? GST_CL_IMAGE_R16 : 0;
  switch (channels) {
    case 1:
      return GST_CL_IMAGE_R8;
    case 2:
      return GST_CL_IMAGE_RG8;
    case 4:
      return GST_CL_IMAGE_RGBA8;
    default:
      /* No image holds 3-value pixels (OpenCL has no CL_RGB of 8-bit
       * values). */
      return 0;
  }
}

/**
 * gst_cl_format_supported:
 *
 * Whether @device can hold frames of @format in @storage: buffers serve
 * every format; images need an image format per plane (PoCL, for one, has
 * no CL_RG images, so no NV12 there; no device holds RGB's and BGR's
 * 3-byte pixels in images).
 */
gboolean
gst_cl_format_supported (GstVideoFormat format, GstCLStorage storage,
    const GstCLDeviceInfo * device)
{
  const GstVideoFormatInfo *finfo = gst_video_format_get_info (format);
  guint channels;

  for (guint p = 0; p < GST_VIDEO_FORMAT_INFO_N_PLANES (finfo); p++) {
    if (!plane_channels (format, p, &channels))
      return FALSE;
    if (storage == GST_CL_STORAGE_IMAGE
        && !(gst_cl_device_get_image_formats (device) &
            image_format_flag (channels, format_depth (format))))
      return FALSE;
  }
  return TRUE;
}

/**
 * gst_cl_format_max_channels:
 *
 * Returns: the most channels a plane of @format has (1 for GRAY8 and I420,
 * 2 for NV12, 3 for RGB, 4 for RGBA), 0 for a format the library does
 * not lay out.
 */
guint
gst_cl_format_max_channels (GstVideoFormat format)
{
  const GstVideoFormatInfo *finfo = gst_video_format_get_info (format);
  guint most = 0, channels;

  for (guint p = 0; p < GST_VIDEO_FORMAT_INFO_N_PLANES (finfo); p++) {
    if (!plane_channels (format, p, &channels))
      return 0;
    most = MAX (most, channels);
  }
  return most;
}

/**
 * gst_cl_plane_create_image:
 *
 * Returns: (transfer full): a new image of @plane's size and pixel format
 * (CL_R, CL_RG or CL_RGBA of 8 or 16-bit normalized values), or NULL with
 * @error set: also for a plane of 3 values a pixel (RGB, BGR), which
 * images cannot hold.
 */
cl_mem
gst_cl_plane_create_image (GstCLContext * context, const GstCLPlane * plane,
    GError ** error)
{
  static const cl_channel_order orders[] = { 0, CL_R, CL_RG, 0, CL_RGBA };
  cl_image_format format = {
    orders[plane->channels],
    plane->depth == 16 ? CL_UNORM_INT16 : CL_UNORM_INT8,
  };
  cl_image_desc desc = {
    .image_type = CL_MEM_OBJECT_IMAGE2D,
    .image_width = plane->width,
    .image_height = plane->height,
  };

  if (format.image_channel_order == 0) {
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_UNSUPPORTED,
        "A plane of %u values a pixel cannot be an OpenCL image (3-byte "
        "pixels such as RGB and BGR live in buffers: storage=buffer)",
        plane->channels);
    return NULL;
  }
  return gst_cl_context_create_image (context, &format, &desc, error);
}

/* Bytes of one pixel of @plane. */
static guint
pixel_bytes (const GstCLPlane * plane)
{
  return plane->channels * plane->depth / 8;
}

/* Bytes of one access to a buffer of @plane. Kernels load and store a
 * pixel of 1, 2 or 4 values as one access (kernels/common.cl): a plane
 * used in place starts on and has rows of whole pixels. Pixels of 3
 * values (RGB, BGR) are read and written value by value. */
static guint
access_bytes (const GstCLPlane * plane)
{
  return plane->channels == 3 ? plane->depth / 8 : pixel_bytes (plane);
}

static gsize
plane_row_bytes (const GstCLPlane * plane)
{
  return (gsize) plane->width * pixel_bytes (plane);
}

static gboolean alloc_planes (GstCLFrame * frame,
    GstCLContext * context, GError ** error);

static gboolean
fits_images (const GstCLDeviceInfo * device, const GstVideoInfo * info)
{
  return gst_cl_format_supported (GST_VIDEO_INFO_FORMAT (info),
      GST_CL_STORAGE_IMAGE, device)
      && (gsize) GST_VIDEO_INFO_WIDTH (info) <= device->image2d_max_width
      && (gsize) GST_VIDEO_INFO_HEIGHT (info) <= device->image2d_max_height;
}

/**
 * gst_cl_choose_storage:
 * @setting: the storage property
 *
 * The storage of frames @in -> @out. auto takes images on GPUs, whose
 * texture hardware serves them, where the device holds the format and
 * size in images; buffers elsewhere: on CPU devices image reads are
 * software and much slower than buffer loads.
 */
GstCLStorage
gst_cl_choose_storage (GstCLStorage setting, const GstCLDeviceInfo * device,
    const GstVideoInfo * in, const GstVideoInfo * out)
{
  if (setting != GST_CL_STORAGE_AUTO)
    return setting;
  if ((device->type & CL_DEVICE_TYPE_GPU) && device->image_support
      && fits_images (device, in) && fits_images (device, out))
    return GST_CL_STORAGE_IMAGE;
  return GST_CL_STORAGE_BUFFER;
}

/**
 * gst_cl_frame_size_problem:
 * @info: frames of this size (GST_VIDEO_INFO_SIZE) in one allocation
 *
 * Why @device cannot hold frames of @info in one allocation (a buffer of
 * a #GstCLBufferPool, an element's device frame), or NULL where it can.
 */
gchar *
gst_cl_frame_size_problem (const GstCLDeviceInfo * device,
    const GstVideoInfo * info)
{
  gsize size = GST_VIDEO_INFO_SIZE (info);
  gchar *frame, *problem;

  if (size <= device->max_mem_alloc_size && size <= G_MAXUINT)
    return NULL;
  frame = g_strdup_printf ("a %dx%d %s frame takes %" G_GSIZE_FORMAT
      " bytes", info->width, info->height, GST_VIDEO_INFO_NAME (info), size);
  /* A buffer pool's frames are at most G_MAXUINT bytes (its config). */
  if (size > device->max_mem_alloc_size)
    problem = g_strdup_printf ("%s, more than %s allocates at once "
        "(CL_DEVICE_MAX_MEM_ALLOC_SIZE %" G_GUINT64_FORMAT ")", frame,
        device->device_name, (guint64) device->max_mem_alloc_size);
  else
    problem = g_strdup_printf ("%s, more than a buffer pool's frames may "
        "(%u bytes)", frame, G_MAXUINT);
  g_free (frame);
  return problem;
}

/**
 * gst_cl_frame_setup:
 *
 * Lays out a device frame for @info in @storage, and allocates its images.
 * Its buffers, where it has no images, are those of the buffer attached
 * to it, or its own made for a frame in host memory when that is attached
 * (gst_cl_frame_attach()), which the kernels use in place where the
 * device shares host memory.
 */
gboolean
gst_cl_frame_setup (GstCLFrame * frame, GstCLContext * context,
    const GstVideoInfo * info, GstCLStorage storage, GError ** error)
{
  if (!gst_cl_frame_layout (frame, info, storage)) {
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_UNSUPPORTED,
        "Format %s is not supported",
        gst_video_format_to_string (GST_VIDEO_INFO_FORMAT (info)));
    return FALSE;
  }
  frame->context = context;
  frame->in_place = storage == GST_CL_STORAGE_BUFFER
      && context->info->host_unified;
  return alloc_planes (frame, context, error);
}

/* Allocates the images of a frame described by gst_cl_frame_layout(). */
static gboolean
alloc_planes (GstCLFrame * frame, GstCLContext * context,
    GError ** error)
{
  if (frame->storage != GST_CL_STORAGE_IMAGE)
    return TRUE;
  for (guint p = 0; p < frame->n_planes; p++) {
    GstCLPlane *plane = &frame->planes[p];

    plane->mem = gst_cl_plane_create_image (context, plane, error);
    if (plane->mem == NULL) {
      gst_cl_frame_release (frame);
      return FALSE;
    }
  }
  return TRUE;
}

void
gst_cl_frame_release (GstCLFrame * frame)
{
  gst_cl_frame_detach (frame);
  for (guint p = 0; p < frame->n_planes; p++) {
    gst_cl_clear_mem (frame->context, &frame->planes[p].mem);
    gst_cl_clear_kernel (frame->context, &frame->planes[p].from_buffer);
    gst_cl_clear_kernel (frame->context, &frame->planes[p].to_buffer);
  }
  gst_cl_clear_event (frame->context, &frame->read_done);
  frame->n_planes = 0;
}

/* Reads one plane from the device into host rows of any stride, on
 * @queue, after @after where given; left running where @done is given
 * (the read's event), else blocking. */
static cl_int
read_plane (cl_command_queue queue, const GstCLPlane * plane,
    GstCLStorage storage, gpointer data, gsize stride, cl_event after,
    cl_event * done)
{
  const gsize origin[3] = { 0, 0, 0 };
  const gsize row_bytes = plane_row_bytes (plane);
  cl_bool blocking = done ? CL_FALSE : CL_TRUE;
  cl_uint n_after = after ? 1 : 0;
  const cl_event *wait = after ? &after : NULL;

  if (storage == GST_CL_STORAGE_IMAGE) {
    const gsize region[3] = { plane->width, plane->height, 1 };
    return clEnqueueReadImage (queue, plane->mem, blocking, origin, region,
        stride, 0, data, n_after, wait, done);
  }
  if (stride == row_bytes) {
    return clEnqueueReadBuffer (queue, plane->mem, blocking, 0,
        row_bytes * plane->height, data, n_after, wait, done);
  } else {
    const gsize region[3] = { row_bytes, plane->height, 1 };
    return clEnqueueReadBufferRect (queue, plane->mem, blocking, origin,
        origin, region, row_bytes, 0, stride, 0, data, n_after, wait, done);
  }
}

/* Wraps a mapped plane as a buffer the kernels use in place; NULL where
 * its stride or address does not fit whole pixels, or the device refuses
 * it (the plane is then copied). */
static cl_mem
wrap_plane (GstCLContext * context, GstCLPlane * plane, gpointer data,
    gsize stride, cl_mem_flags flags)
{
  gsize size = stride * (plane->height - 1) + plane_row_bytes (plane);
  GError *error = NULL;
  cl_mem mem;

  if (stride % access_bytes (plane)
      || GPOINTER_TO_SIZE (data) % access_bytes (plane))
    return NULL;
  mem = gst_cl_context_create_buffer (context, flags | CL_MEM_USE_HOST_PTR,
      size, data, &error);
  if (mem == NULL) {
    GST_DEBUG ("not using frame memory in place: %s", error->message);
    g_error_free (error);
    return NULL;
  }
  plane->pitch = stride / (plane->depth / 8);
  return mem;
}

static void
set_read_error (GError ** error, const GstCLFrame * frame, guint plane,
    cl_int status)
{
  g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_FAILED,
      "Downloading plane %u of a %dx%d frame failed: %s (%d)", plane,
      GST_VIDEO_INFO_WIDTH (&frame->info),
      GST_VIDEO_INFO_HEIGHT (&frame->info), gst_cl_error_name (status),
      status);
}

/* Whether @buffer's planes, a frame of @info, start on and have rows of
 * whole pixels, which the kernels load and store as one access each
 * (whole values, for pixels of 3 values). */
static gboolean
planes_attachable (const GstCLFrame * frame, const GstVideoInfo * info,
    GstBuffer * buffer)
{
  GstVideoMeta *meta = gst_buffer_get_video_meta (buffer);

  for (guint p = 0; p < frame->n_planes; p++) {
    const GstCLPlane *plane = &frame->planes[p];
    gsize offset = meta ? meta->offset[p] : info->offset[p];
    gint stride = meta ? meta->stride[p] : info->stride[p];

    if (offset % access_bytes (plane) || stride % access_bytes (plane))
      return FALSE;
  }
  return TRUE;
}

/* A pool of OpenCL memory for frames of @info, started. */
static GstBufferPool *
upload_pool_new (GstCLContext * context, const GstVideoInfo * info,
    GError ** error)
{
  GstBufferPool *pool = gst_cl_buffer_pool_new (context);
  GstStructure *config = gst_buffer_pool_get_config (pool);
  GstCaps *caps = gst_video_info_to_caps (info);

  gst_buffer_pool_config_set_params (config, caps, info->size, 0, 0);
  gst_caps_unref (caps);
  if (gst_buffer_pool_set_config (pool, config)
      && gst_buffer_pool_set_active (pool, TRUE))
    return pool;
  g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_FAILED,
      "Could not start a pool of OpenCL memory for %dx%d %s frames",
      info->width, info->height, GST_VIDEO_INFO_NAME (info));
  gst_object_unref (pool);
  return NULL;
}

/**
 * gst_cl_frame_upload:
 * @inbuf: a frame of @info (of the caps: @frame may be one of its
 *   fields) that @frame cannot attach where it is: in host memory, or in
 *   OpenCL memory of another context or laid out otherwise
 * @pool: (inout) (nullable): the caller's pool for the frames of @info,
 *   made and started on first use: its allocator wraps host memory, and
 *   copies go into its buffers
 * @staging: (inout) (nullable): the caller's staging memory for uploads,
 *   made on first use (gst_cl_staging_upload())
 * @in_place: (out): whether the returned buffer is @inbuf's own memory
 *
 * The one way a frame reaches the device for @frame: @inbuf's own memory
 * used in place where the device shares host memory and @frame can attach
 * it there (gst_cl_allocator_wrap_host(); its crop meta still applies), else
 * a copy of its frame (of its crop meta's region) in a buffer of @pool
 * (gst_cl_copy_frame()). Attach the result with
 * gst_cl_frame_attach_buffer().
 *
 * Returns: (transfer full) (nullable): the buffer of OpenCL memory of
 * @frame's context, or %NULL with @error set.
 */
GstBuffer *
gst_cl_frame_upload (GstCLFrame * frame, const GstVideoInfo * info,
    GstBuffer * inbuf, GstBufferPool ** pool, GstCLStaging ** staging,
    gboolean * in_place, GError ** error)
{
  GstBuffer *device = NULL;

  if (*pool == NULL && !(*pool = upload_pool_new (frame->context, info, error)))
    return NULL;
  /* The wrapped buffer would have @inbuf's layout: checked first. */
  if (planes_attachable (frame, info, inbuf))
    device = gst_cl_allocator_wrap_host (gst_cl_buffer_pool_get_allocator
        (*pool), info, inbuf);
  *in_place = device != NULL;
  if (*in_place)
    return device;
  if (gst_buffer_pool_acquire_buffer (*pool, &device, NULL) != GST_FLOW_OK) {
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_FAILED,
        "Could not get OpenCL memory for a %dx%d %s frame", info->width,
        info->height, GST_VIDEO_INFO_NAME (info));
    return NULL;
  }
  if (!gst_cl_copy_frame (frame->context, staging, info, inbuf, device, error))
    gst_clear_buffer (&device);
  return device;
}

/**
 * gst_cl_frame_attach:
 *
 * Makes @vframe's planes the kernels' output where they can be used in
 * place; the others are written to the device storage (buffers made on
 * first use) and copied out by gst_cl_frame_download(), and the kernels
 * enqueued from now on wait for the previous frame's copy out of that
 * storage.
 */
gboolean
gst_cl_frame_attach (GstCLFrame * frame, GstCLContext * context,
    GstVideoFrame * vframe, GError ** error)
{
  gst_cl_context_wait_for (context, &frame->read_done);

  for (guint p = 0; p < frame->n_planes; p++) {
    GstCLPlane *plane = &frame->planes[p];

    plane->pitch = plane->width * plane->channels;
    plane->offset = 0;
    if (frame->in_place)
      plane->wrapper = wrap_plane (context, plane,
          GST_VIDEO_FRAME_PLANE_DATA (vframe, p),
          GST_VIDEO_FRAME_PLANE_STRIDE (vframe, p), CL_MEM_READ_WRITE);
    if (plane->wrapper == NULL && plane->mem == NULL
        && !(plane->mem = gst_cl_context_create_buffer (context,
                CL_MEM_READ_WRITE, plane_row_bytes (plane) * plane->height,
                NULL, error)))
      return FALSE;
  }
  return TRUE;
}

/* The kernel that copies plane @p of image storage from its linked plane
 * (@from_buffer) or into it, made on first use and kept with the frame. */
static cl_kernel
plane_copy_kernel (GstCLFrame * frame, guint p, gboolean from_buffer,
    GError ** error)
{
  static const gchar *const sources[] = {
    gst_cl_kernel_common, gst_cl_kernel_planecopy, NULL
  };
  GstCLPlane *plane = &frame->planes[p];
  cl_kernel *kernel = from_buffer ? &plane->from_buffer : &plane->to_buffer;
  gchar *options;
  cl_program program;

  if (*kernel)
    return *kernel;
  options = gst_cl_plane_build_options (plane, GST_CL_STORAGE_IMAGE, NULL);
  program = gst_cl_context_get_program (frame->context, "planecopy", sources,
      options, error);
  g_free (options);
  if (program)
    *kernel = gst_cl_context_create_kernel (frame->context, program,
        from_buffer ? "plane_from_buffer" : "plane_to_buffer", error);
  return *kernel;
}

/* Enqueues the copies of every image plane from its linked plane
 * (@from_buffer) or into it. */
static gboolean
copy_linked_planes (GstCLFrame * frame, gboolean from_buffer, GError ** error)
{
  for (guint p = 0; p < frame->n_planes; p++) {
    GstCLPlane *plane = &frame->planes[p];
    cl_kernel kernel = plane_copy_kernel (frame, p, from_buffer, error);
    GstCLArgs args;

    if (kernel == NULL)
      return FALSE;
    gst_cl_args_init (&args, kernel);
    if (!from_buffer)
      gst_cl_args_add_plane (&args, plane);
    gst_cl_args_add_mem (&args, plane->linked);
    gst_cl_args_add_int (&args, plane->linked_pitch);
    gst_cl_args_add_int (&args, plane->linked_offset);
    if (from_buffer)
      gst_cl_args_add_plane (&args, plane);
    gst_cl_args_add_int (&args, plane->width);
    gst_cl_args_add_int (&args, plane->height);
    if (!gst_cl_args_check (&args, error)
        || !gst_cl_context_enqueue_2d (frame->context, kernel, plane->width,
            plane->height, error))
      return FALSE;
  }
  return TRUE;
}

/**
 * gst_cl_frame_can_attach_buffer:
 *
 * Returns: whether @buffer, a frame of @info, can be @frame's on the
 * device (gst_cl_frame_attach_buffer()): @buffer is one #GstCLMemory of
 * @frame's context, and its planes start on and have rows of whole
 * pixels, which the kernels load and store as one access each (whole
 * values, for pixels of 3 values).
 */
gboolean
gst_cl_frame_can_attach_buffer (const GstCLFrame * frame,
    const GstVideoInfo * info, GstBuffer * buffer)
{
  return gst_cl_buffer_is_on_context (buffer, frame->context)
      && planes_attachable (frame, info, buffer);
}

/**
 * gst_cl_frame_attach_buffer:
 * @buffer: a frame of @info that gst_cl_frame_can_attach_buffer() takes
 * @crop: (nullable): where the frame lies in @buffer's, from
 *   gst_cl_buffer_get_crop() (which checks that it fits); NULL: from the
 *   top-left corner
 * @field: which of the @fields of @buffer's frame @frame is: 0 of 1 for
 *   a whole frame, 0 (the top field, the even rows) or 1 of 2 for a field
 *   of an interlaced frame
 *
 * Makes @buffer's planes, or one field of them, the kernels' input
 * (@input) or output: the memory's cl_mem, each plane at its offset (from
 * @crop's origin, then @field's first row, at @fields times the stride).
 * Buffers are used in place; images are copied from it on the device, and
 * into it by gst_cl_frame_store_attached() once the kernels have written
 * them.
 */
gboolean
gst_cl_frame_attach_buffer (GstCLFrame * frame, GstBuffer * buffer,
    const GstVideoInfo * info, const GstVideoRectangle * crop, guint field,
    guint fields, gboolean input, GError ** error)
{
  gboolean images = frame->storage == GST_CL_STORAGE_IMAGE;

  /* Images are the frame's own planes, which the previous frame's
   * download (to the host) may still be reading. */
  if (images)
    gst_cl_context_wait_for (frame->context, &frame->read_done);
  frame->attached = TRUE;
  for (guint p = 0; p < frame->n_planes; p++) {
    GstCLPlane *plane = &frame->planes[p];
    guint bytes = plane->depth / 8;
    gsize offset, stride;
    cl_mem mem = gst_cl_buffer_get_plane (buffer, info, p, &offset, &stride,
        error);

    if (mem == NULL) {
      gst_cl_frame_detach (frame);
      return FALSE;
    }
    offset = (offset + gst_cl_crop_plane_offset (info, crop, p, stride) +
        field * stride) / bytes;
    stride = fields * stride / bytes;
    if (images) {
      plane->linked = mem;
      plane->linked_offset = offset;
      plane->linked_pitch = stride;
    } else {
      plane->wrapper = mem;
      plane->offset = offset;
      plane->pitch = stride;
    }
  }
  if (images && input)
    return copy_linked_planes (frame, TRUE, error);
  return TRUE;
}

/**
 * gst_cl_frame_store_attached:
 *
 * Once the kernels have written @frame, copies its images into the
 * attached buffer (gst_cl_frame_attach_buffer()); buffers are already
 * there.
 */
gboolean
gst_cl_frame_store_attached (GstCLFrame * frame, GError ** error)
{
  if (frame->storage != GST_CL_STORAGE_IMAGE)
    return TRUE;
  return copy_linked_planes (frame, FALSE, error);
}

/* Copies the planes into @vframe, in @pinned, on the download queue once
 * the kernels are done, and leaves the copy running: the next frame's
 * upload goes on under it (the bus carries both ways at once), a map of
 * @pinned waits for it, and so do the next kernels writing the planes
 * (gst_cl_frame_attach()). */
static gboolean
download_later (GstCLFrame * frame, GstCLContext * context,
    GstVideoFrame * vframe, GstMemory * pinned, GError ** error)
{
  cl_event kernels = gst_cl_context_mark_queue (context, error);
  cl_event read = NULL;
  cl_int status = CL_SUCCESS;
  guint p;

  if (kernels == NULL)
    return FALSE;
  for (p = 0; p < frame->n_planes && status == CL_SUCCESS; p++) {
    /* On the in-order queue the last read's end is every read's. */
    status = read_plane (context->download_queue, &frame->planes[p],
        frame->storage, GST_VIDEO_FRAME_PLANE_DATA (vframe, p),
        GST_VIDEO_FRAME_PLANE_STRIDE (vframe, p), kernels,
        p + 1 == frame->n_planes ? &read : NULL);
  }
  gst_cl_clear_event (context, &kernels);
  if (status != CL_SUCCESS) {
    set_read_error (error, frame, p - 1, status);
    clFinish (context->download_queue);
    return FALSE;
  }
  gst_cl_clear_event (context, &frame->read_done);
  frame->read_done = gst_cl_pinned_memory_leave_read (pinned, read);
  return gst_cl_context_finish (context, error);
}

/**
 * gst_cl_frame_download:
 *
 * Waits for the kernels and brings their output into @vframe: planes used
 * in place are mapped (which makes the host's view current), the others
 * are copied. A copy into pinned memory of the device may still run when
 * this returns (a map of that memory waits for it).
 */
gboolean
gst_cl_frame_download (GstCLFrame * frame, GstCLContext * context,
    GstVideoFrame * vframe, GError ** error)
{
  GstMemory *pinned = gst_cl_pinned_memory_of_frame (context, vframe);

  if (pinned)
    return download_later (frame, context, vframe, pinned, error);
  for (guint p = 0; p < frame->n_planes; p++) {
    GstCLPlane *plane = &frame->planes[p];
    cl_int status;

    if (plane->wrapper) {
      gsize size = GST_VIDEO_FRAME_PLANE_STRIDE (vframe, p) *
          (plane->height - 1) + plane_row_bytes (plane);
      gpointer mapped = clEnqueueMapBuffer (context->queue, plane->wrapper,
          CL_TRUE, CL_MAP_READ, 0, size, 0, NULL, NULL, &status);

      if (status == CL_SUCCESS)
        status = clEnqueueUnmapMemObject (context->queue, plane->wrapper,
            mapped, 0, NULL, NULL);
    } else {
      status = read_plane (context->queue, plane, frame->storage,
          GST_VIDEO_FRAME_PLANE_DATA (vframe, p),
          GST_VIDEO_FRAME_PLANE_STRIDE (vframe, p), NULL, NULL);
    }
    if (status != CL_SUCCESS) {
      set_read_error (error, frame, p, status);
      return FALSE;
    }
  }
  return TRUE;
}

/* Releases this frame's in-place wrappers (the device drops them once
 * the commands that use them are done), or lets go of an attached
 * memory's planes. */
void
gst_cl_frame_detach (GstCLFrame * frame)
{
  for (guint p = 0; p < frame->n_planes; p++) {
    GstCLPlane *plane = &frame->planes[p];

    if (frame->attached)
      plane->wrapper = NULL;
    else
      gst_cl_clear_mem (frame->context, &plane->wrapper);
    plane->offset = 0;
    plane->linked = NULL;
  }
  frame->attached = FALSE;
}

/* Y'CbCr of an R'G'B' colour, 0..1 and -0.5..0.5, for the info's matrix. */
static void
rgb_to_ycbcr (const GstVideoInfo * info, const gdouble rgb[3],
    gdouble ycbcr[3])
{
  gdouble kr = 0.299, kb = 0.114, y;

  gst_video_color_matrix_get_Kr_Kb (info->colorimetry.matrix, &kr, &kb);
  y = kr * rgb[0] + (1.0 - kr - kb) * rgb[1] + kb * rgb[2];
  ycbcr[0] = y;
  ycbcr[1] = (rgb[2] - y) / (2.0 * (1.0 - kb));
  ycbcr[2] = (rgb[0] - y) / (2.0 * (1.0 - kr));
}

/**
 * gst_cl_frame_plane_color:
 * @argb: a colour as 0xAARRGGBB
 * @value: (out): the channel values of @plane, in the units the kernels
 *   work in (0..255 or 0..65535), in the plane's channel order
 *
 * The value each channel of @plane takes to show @argb: packed RGB in the
 * format's byte order (padding bytes 0xff), YUV per the info's matrix and
 * range (limited-range black is Y=16, U=V=128), gray as full-range luma.
 */
void
gst_cl_frame_plane_color (const GstVideoInfo * info, guint plane,
    guint32 argb, gfloat value[4])
{
  const GstVideoFormatInfo *finfo = info->finfo;
  gdouble max = format_depth (GST_VIDEO_INFO_FORMAT (info)) == 16 ?
      65535.0 : 255.0;
  gdouble comp[4];
  gdouble rgb[3] = {
    ((argb >> 16) & 0xff) / 255.0, ((argb >> 8) & 0xff) / 255.0,
    (argb & 0xff) / 255.0
  };
  gdouble alpha = ((argb >> 24) & 0xff) / 255.0;

  value[0] = value[1] = value[2] = value[3] = 0;
  comp[3] = alpha * max;
  if (GST_VIDEO_FORMAT_INFO_IS_YUV (finfo)) {
    gint offset[4], scale[4];
    gdouble ycbcr[3];

    rgb_to_ycbcr (info, rgb, ycbcr);
    gst_video_color_range_offsets (info->colorimetry.range, finfo, offset,
        scale);
    for (guint c = 0; c < 3; c++)
      comp[c] = offset[c] + ycbcr[c] * scale[c];
  } else if (GST_VIDEO_FORMAT_INFO_IS_GRAY (finfo)) {
    gdouble ycbcr[3];

    rgb_to_ycbcr (info, rgb, ycbcr);
    comp[0] = ycbcr[0] * max;
  } else {
    for (guint c = 0; c < 3; c++)
      comp[c] = rgb[c] * max;
    /* Padding bytes ('x') are not components: fill them with 0xff. */
    for (guint i = 0; i < 4; i++)
      value[i] = max;
  }

  for (guint c = 0; c < GST_VIDEO_FORMAT_INFO_N_COMPONENTS (finfo); c++) {
    guint bytes = GST_VIDEO_FORMAT_INFO_DEPTH (finfo, c) > 8 ? 2 : 1;
    guint slot;

    if (GST_VIDEO_FORMAT_INFO_PLANE (finfo, c) != plane)
      continue;
    /* Rounded up: GStreamer 1.22 gives P010's V the offset of 1 byte. */
    slot = (GST_VIDEO_FORMAT_INFO_POFFSET (finfo, c) + bytes - 1) / bytes;
    /* Values of fewer bits sit in the high bits of their word (P010). */
    value[slot] = ldexp (CLAMP (round (comp[c]), 0,
            ldexp (1.0, GST_VIDEO_FORMAT_INFO_DEPTH (finfo, c)) - 1),
        GST_VIDEO_FORMAT_INFO_SHIFT (finfo, c));
  }
}

/* -D options that compile a kernel for one plane layout and storage. */
gchar *
gst_cl_plane_build_options (const GstCLPlane * plane, GstCLStorage storage,
    const gchar * extra)
{
  return g_strdup_printf ("-DCHANNELS=%u -DDEPTH=%u%s%s%s", plane->channels,
      plane->depth, storage == GST_CL_STORAGE_IMAGE ? " -DGST_CL_IMAGES" : "",
      extra ? " " : "", extra ? extra : "");
}

/* A plane is three arguments, as the kernels' KERNEL_PLANE_IN and
 * KERNEL_PLANE_OUT declare it: the memory object, its pitch and its
 * offset (both unused by images). */
void
gst_cl_args_add_plane (GstCLArgs * args, const GstCLPlane * plane)
{
  gst_cl_args_add_mem (args, plane->wrapper ? plane->wrapper : plane->mem);
  gst_cl_args_add_int (args, plane->pitch);
  gst_cl_args_add_int (args, plane->offset);
}

/**
 * gst_cl_args_add_sized_plane:
 *
 * @plane as gst_cl_args_add_plane() adds it, then its width and height:
 * the five arguments most kernels take for each plane.
 */
void
gst_cl_args_add_sized_plane (GstCLArgs * args, const GstCLPlane * plane)
{
  gst_cl_args_add_plane (args, plane);
  gst_cl_args_add_int (args, plane->width);
  gst_cl_args_add_int (args, plane->height);
}
