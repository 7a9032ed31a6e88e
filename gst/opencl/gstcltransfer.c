/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstcltransfer.h"
#include "gstclcontext-private.h"
#include "gstcl-private.h"

#include "gstclmemory-private.h"
#include "gstclpinned.h"

#include <string.h>

#define GST_CAT_DEFAULT gst_cl_transfer_debug

/* How @meta disagrees with the caps' @info, or NULL. A meta larger than
 * the caps is what gst_video_frame_map() takes: the frame is its top-left
 * part. */
static gchar *
meta_disagreement (const GstVideoMeta * meta, const GstVideoInfo * info)
{
  GstVideoFormat format = GST_VIDEO_INFO_FORMAT (info);

  if (meta->format != format)
    return g_strdup_printf ("format %s in the meta, %s in the caps",
        gst_video_format_to_string (meta->format),
        gst_video_format_to_string (format));
  if (meta->width < (guint) info->width || meta->height < (guint) info->height)
    return g_strdup_printf ("%ux%u in the meta, %dx%d in the caps",
        meta->width, meta->height, info->width, info->height);
  if (meta->n_planes != GST_VIDEO_INFO_N_PLANES (info))
    return g_strdup_printf ("%u planes in the meta, %u in %s",
        meta->n_planes, GST_VIDEO_INFO_N_PLANES (info),
        gst_video_format_to_string (format));
  return NULL;
}

/* Rows of component @comp in a buffer of @info: a field's in a buffer of
 * alternate caps, which holds one. */
static gint
component_rows (const GstVideoInfo * info, gint comp)
{
  gint height = GST_VIDEO_INFO_INTERLACE_MODE (info) ==
      GST_VIDEO_INTERLACE_MODE_ALTERNATE ? GST_VIDEO_INFO_FIELD_HEIGHT (info) :
      GST_VIDEO_INFO_HEIGHT (info);

  return GST_VIDEO_FORMAT_INFO_SCALE_HEIGHT (info->finfo, comp, height);
}

/* The bytes a buffer needs for a frame of @info laid out as @meta says:
 * up to the end of the last plane's last row of pixels; 0 with @problem
 * set where a plane's rows are shorter than its pixels. */
static gsize
meta_extent (const GstVideoMeta * meta, const GstVideoInfo * info,
    gchar ** problem)
{
  gsize needed = 0;

  for (guint p = 0; p < GST_VIDEO_INFO_N_PLANES (info); p++) {
    gint comp[GST_VIDEO_MAX_COMPONENTS];
    gint row_bytes;

    gst_video_format_info_component (info->finfo, p, comp);
    row_bytes = GST_VIDEO_INFO_COMP_WIDTH (info, comp[0]) *
        GST_VIDEO_INFO_COMP_PSTRIDE (info, comp[0]);
    if (meta->stride[p] < row_bytes) {
      *problem = g_strdup_printf ("its video meta gives plane %u rows of %d "
          "bytes, which need %d", p, meta->stride[p], row_bytes);
      return 0;
    }
    needed = MAX (needed, meta->offset[p] + (gsize) meta->stride[p] *
        (component_rows (info, comp[0]) - 1) + row_bytes);
  }
  return needed;
}

/**
 * gst_cl_buffer_check_frame:
 * @what: the buffer's role, for the error: "input", "output"
 *
 * Whether @buffer holds a whole frame of @info, laid out as its video
 * meta says (else as @info does). Every path that maps a frame to copy it
 * checks this first: gst_video_frame_map() takes a meta whose planes run
 * past the buffer's end, and the copy would read or write beyond it.
 *
 * Returns: %TRUE, or %FALSE with @error set (%GST_CL_ERROR_BAD_FRAME,
 * naming the sizes).
 */
gboolean
gst_cl_buffer_check_frame (GstBuffer * buffer, const GstVideoInfo * info,
    const gchar * what, GError ** error)
{
  GstVideoMeta *meta = gst_buffer_get_video_meta (buffer);
  gsize size = gst_buffer_get_size (buffer);
  gchar *problem = meta ? meta_disagreement (meta, info) : NULL;
  gsize needed;

  if (problem == NULL)
    needed = meta ? meta_extent (meta, info, &problem) :
        GST_VIDEO_INFO_SIZE (info);
  if (problem) {
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_BAD_FRAME,
        "The %s buffer's video meta disagrees with the caps: %s", what,
        problem);
    g_free (problem);
    return FALSE;
  }
  if (size >= needed)
    return TRUE;
  g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_BAD_FRAME,
      "The %s buffer has %" G_GSIZE_FORMAT " bytes where a %dx%d %s frame%s "
      "needs %" G_GSIZE_FORMAT, what, size, info->width, info->height,
      gst_video_format_to_string (GST_VIDEO_INFO_FORMAT (info)),
      meta ? " as its video meta lays it out" : "", needed);
  return FALSE;
}

/* Why @meta (on a buffer of @size bytes laid out as @vmeta, which may be
 * NULL) marks no region of its frame that is a frame of @info, or NULL. */
static gchar *
crop_problem (const GstVideoCropMeta * meta, const GstVideoMeta * vmeta,
    const GstVideoInfo * info, gsize size)
{
  guint frame_w = vmeta ? vmeta->width : (guint) info->width;
  guint frame_h = vmeta ? vmeta->height : (guint) info->height;
  GstVideoInfo cover;
  gchar *problem = NULL;
  gsize needed;

  if (meta->width == 0 || meta->height == 0)
    return g_strdup_printf ("it marks an empty region (%ux%u at %u,%u)",
        meta->width, meta->height, meta->x, meta->y);
  if (meta->width != (guint) info->width
      || meta->height != (guint) info->height)
    return g_strdup_printf ("it marks %ux%u where the caps give %dx%d (the "
        "caps describe the cropped frame)", meta->width, meta->height,
        info->width, info->height);
  if ((guint64) meta->x + meta->width > frame_w
      || (guint64) meta->y + meta->height > frame_h)
    return g_strdup_printf ("%ux%u at %u,%u runs outside the %ux%u frame",
        meta->width, meta->height, meta->x, meta->y, frame_w, frame_h);
  if (meta->x == 0 && meta->y == 0)
    return NULL;
  if (GST_VIDEO_INFO_INTERLACE_MODE (info) ==
      GST_VIDEO_INTERLACE_MODE_ALTERNATE)
    return g_strdup_printf ("it marks %ux%u at %u,%u of a single field "
        "(interlace-mode alternate), where only the whole field is "
        "supported", meta->width, meta->height, meta->x, meta->y);

  /* The bytes up to the region's last row, as a frame reaching its
   * right and bottom edges. */
  cover = *info;
  cover.width = meta->x + meta->width;
  cover.height = meta->y + meta->height;
  needed = meta_extent (vmeta, &cover, &problem);
  if (problem) {
    gchar *why = g_strdup_printf ("%ux%u at %u,%u: %s", meta->width,
        meta->height, meta->x, meta->y, problem);

    g_free (problem);
    return why;
  }
  if (needed > size)
    return g_strdup_printf ("%ux%u at %u,%u needs %" G_GSIZE_FORMAT " bytes "
        "of a buffer of %" G_GSIZE_FORMAT, meta->width, meta->height,
        meta->x, meta->y, needed, size);
  return NULL;
}

/**
 * gst_cl_buffer_get_crop:
 * @buffer: a frame of @info that gst_cl_buffer_check_frame() takes
 * @what: the buffer's role, for the error: "input"
 * @crop: (out): the region of @buffer's frame that is the frame of @info
 *
 * Where the frame of @info lies in @buffer: in the region its
 * #GstVideoCropMeta marks, where it has one (the caps give the cropped
 * size, the video meta the whole frame's), else from the frame's top-left
 * corner. The region's origin in each plane is
 * gst_cl_crop_plane_offset().
 *
 * Returns: %TRUE, or %FALSE with @error set (%GST_CL_ERROR_BAD_CROP,
 * naming the region) where the meta marks an empty region, one of another
 * size than @info's, one that runs outside the frame or the buffer, or
 * part of a single field (alternate interlacing).
 */
gboolean
gst_cl_buffer_get_crop (GstBuffer * buffer, const GstVideoInfo * info,
    const gchar * what, GstVideoRectangle * crop, GError ** error)
{
  GstVideoCropMeta *meta = gst_buffer_get_video_crop_meta (buffer);
  gchar *problem;

  crop->x = crop->y = 0;
  crop->w = info->width;
  crop->h = info->height;
  if (meta == NULL)
    return TRUE;
  problem = crop_problem (meta, gst_buffer_get_video_meta (buffer), info,
      gst_buffer_get_size (buffer));
  if (problem) {
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_BAD_CROP,
        "The %s buffer's crop meta does not mark a %dx%d %s frame in it: %s",
        what, info->width, info->height, GST_VIDEO_INFO_NAME (info), problem);
    g_free (problem);
    return FALSE;
  }
  crop->x = meta->x;
  crop->y = meta->y;
  return TRUE;
}

/**
 * gst_cl_crop_plane_offset:
 * @crop: (nullable): a region of a frame of @info's format
 * @stride: the row pitch of plane @plane, in bytes
 *
 * Where @crop starts in plane @plane, in bytes from the plane's start.
 * Subsampled planes start at the chroma sample that covers @crop's
 * origin, rounded down (as videocrop copies such a frame): an odd origin
 * of a 4:2:0 frame starts its chroma planes at x / 2, y / 2.
 *
 * Returns: the offset; 0 without @crop.
 */
gsize
gst_cl_crop_plane_offset (const GstVideoInfo * info,
    const GstVideoRectangle * crop, guint plane, gsize stride)
{
  gint comp[GST_VIDEO_MAX_COMPONENTS];

  if (crop == NULL)
    return 0;
  gst_video_format_info_component (info->finfo, plane, comp);
  return (gsize) (crop->y >> GST_VIDEO_FORMAT_INFO_H_SUB (info->finfo,
          comp[0])) * stride + (gsize) (crop->x >>
      GST_VIDEO_FORMAT_INFO_W_SUB (info->finfo, comp[0])) *
      GST_VIDEO_INFO_COMP_PSTRIDE (info, comp[0]);
}

/**
 * gst_cl_video_frame_crop:
 * @frame: a mapped frame (its video meta's whole frame)
 * @crop: a region of it (gst_cl_buffer_get_crop())
 * @view: (out): @crop as a frame of its own
 *
 * Sets @view to the region @crop of @frame: every plane from the region's
 * origin (gst_cl_crop_plane_offset()), with @frame's strides, and the
 * region's size. @view maps nothing: @frame is unmapped, not @view.
 */
void
gst_cl_video_frame_crop (const GstVideoFrame * frame,
    const GstVideoRectangle * crop, GstVideoFrame * view)
{
  *view = *frame;
  view->info.width = crop->w;
  view->info.height = crop->h;
  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (frame); p++)
    view->data[p] = (guint8 *) frame->data[p] +
        gst_cl_crop_plane_offset (&frame->info, crop, p,
        GST_VIDEO_FRAME_PLANE_STRIDE (frame, p));
}

/**
 * gst_cl_video_frame_clear_padding:
 * @frame: mapped for writing
 *
 * Zeroes the bytes of each row of @frame's planes past its pixels (up to
 * the row's stride; for the last row of a plane only where the buffer,
 * of one memory, holds them), so that a frame written row by row pushes
 * nothing uninitialised. Frames whose rows have no padding cost nothing.
 */
void
gst_cl_video_frame_clear_padding (GstVideoFrame * frame)
{
  const GstVideoInfo *info = &frame->info;
  gsize buffer_size = gst_buffer_get_size (frame->buffer);
  gboolean one_memory = gst_buffer_n_memory (frame->buffer) == 1;

  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (frame); p++) {
    gint comp[GST_VIDEO_MAX_COMPONENTS];
    gsize stride = GST_VIDEO_FRAME_PLANE_STRIDE (frame, p);
    gsize row_bytes, rows;
    guint8 *data = GST_VIDEO_FRAME_PLANE_DATA (frame, p);

    gst_video_format_info_component (info->finfo, p, comp);
    row_bytes = (gsize) GST_VIDEO_FRAME_COMP_WIDTH (frame, comp[0]) *
        GST_VIDEO_FRAME_COMP_PSTRIDE (frame, comp[0]);
    rows = GST_VIDEO_FRAME_COMP_HEIGHT (frame, comp[0]);
    if (stride <= row_bytes || rows == 0)
      continue;
    if (!one_memory || GST_VIDEO_INFO_PLANE_OFFSET (info, p) + rows * stride
        > buffer_size)
      rows--;
    for (gsize y = 0; y < rows; y++)
      memset (data + y * stride + row_bytes, 0, stride - row_bytes);
  }
}

/**
 * gst_cl_video_frame_map:
 *
 * gst_video_frame_map() of a buffer that gst_cl_buffer_check_frame()
 * takes; else %FALSE with @error set. A frame mapped for writing has its
 * row padding zeroed (gst_cl_video_frame_clear_padding()).
 */
gboolean
gst_cl_video_frame_map (GstVideoFrame * frame, const GstVideoInfo * info,
    GstBuffer * buffer, GstMapFlags flags, const gchar * what,
    GError ** error)
{
  if (!gst_cl_buffer_check_frame (buffer, info, what, error))
    return FALSE;
  if (gst_video_frame_map (frame, (GstVideoInfo *) info, buffer, flags)) {
    if (flags & GST_MAP_WRITE)
      gst_cl_video_frame_clear_padding (frame);
    return TRUE;
  }
  g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_FAILED,
      "Could not map the %s buffer as a %dx%d %s frame for the host", what,
      info->width, info->height, GST_VIDEO_INFO_NAME (info));
  return FALSE;
}

/* Enqueues the copy of @plane between the host frame and @mem laid out
 * as @layout (from @crop's origin where given) on @queue, after @after
 * where given; blocks unless @done is given (then the copy's event) or
 * @blocking is FALSE. */
static cl_int
enqueue_plane_copy (GstCLMemory * mem, const GstVideoInfo * layout,
    const GstVideoRectangle * crop, const GstVideoFrame * frame, guint plane,
    gboolean to_device, cl_command_queue queue, cl_bool blocking,
    cl_event after, cl_event * done, GError ** error)
{
  const GstVideoInfo *info = &frame->info;
  GstCLPlaneRegion r;
  gsize device_origin[3] = { 0, 0, 0 };
  const gsize host_origin[3] = { 0, 0, 0 };
  gsize region[3];
  gsize host_stride = GST_VIDEO_FRAME_PLANE_STRIDE (frame, plane);
  gpointer data = GST_VIDEO_FRAME_PLANE_DATA (frame, plane);
  cl_mem buffer = gst_cl_memory_root (&mem->mem)->buffer;
  cl_uint n_after = after ? 1 : 0;
  const cl_event *wait = after ? &after : NULL;

  gst_cl_plane_region (info, layout, plane, &r);
  r.offset += gst_cl_crop_plane_offset (info, crop, plane, r.stride);
  if (r.stride < r.row_bytes || r.offset + r.size > mem->mem.size) {
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_FAILED,
        "OpenCL memory of %" G_GSIZE_FORMAT " bytes with rows of %"
        G_GSIZE_FORMAT " bytes cannot hold plane %u of a %dx%d %s frame "
        "(%" G_GSIZE_FORMAT " bytes from %" G_GSIZE_FORMAT ", rows of %"
        G_GSIZE_FORMAT ")", mem->mem.size, r.stride, plane, info->width,
        info->height, GST_VIDEO_INFO_NAME (info), r.size, r.offset,
        r.row_bytes);
    return CL_INVALID_VALUE;
  }
  device_origin[0] = mem->mem.offset + r.offset;
  blocking = blocking && done == NULL;
  /* Rows laid out alike on both sides: one contiguous copy, as the
   * elements' own uploads make (a rectangle copy can be slower). */
  if (host_stride == r.stride)
    return to_device ?
        clEnqueueWriteBuffer (queue, buffer, blocking, device_origin[0],
        r.size, data, 0, NULL, NULL) :
        clEnqueueReadBuffer (queue, buffer, blocking, device_origin[0],
        r.size, data, n_after, wait, done);
  region[0] = r.row_bytes;
  region[1] = r.rows;
  region[2] = 1;
  return to_device ?
      clEnqueueWriteBufferRect (queue, buffer, blocking, device_origin,
      host_origin, region, r.stride, 0, host_stride, 0, data, 0, NULL, NULL) :
      clEnqueueReadBufferRect (queue, buffer, blocking, device_origin,
      host_origin, region, r.stride, 0, host_stride, 0, data, n_after, wait,
      done);
}

/* Copies every plane between @frame (mapped for the host, any strides)
 * and @buffer (one GstCLMemory), whose frame is at @crop where given. A
 * read into pinned memory runs on the
 * download queue once the commands enqueued before are done, and is left
 * running: the next frame's upload goes on under it, a map of the pinned
 * memory waits for it, and so does the next use of @buffer's memory on
 * the context's queue (wait_for_read()). */
static gboolean
copy_frame (GstBuffer * buffer, const GstVideoRectangle * crop,
    const GstVideoFrame * frame, gboolean to_device, GError ** error)
{
  GstCLMemory *mem = (GstCLMemory *) gst_buffer_peek_memory (buffer, 0);
  GstCLMemory *root;
  GstCLContext *context;
  guint n_planes = GST_VIDEO_FRAME_N_PLANES (frame);
  GstMemory *pinned;
  cl_command_queue queue;
  cl_event before = NULL, read = NULL;
  GstVideoInfo layout;
  cl_int status = CL_SUCCESS;
  guint p;

  g_return_val_if_fail (gst_buffer_n_memory (buffer) == 1
      && gst_is_cl_memory (GST_MEMORY_CAST (mem)), FALSE);
  root = gst_cl_memory_root (GST_MEMORY_CAST (mem));
  context = mem->context;
  pinned = to_device ? NULL : gst_cl_pinned_memory_of_frame (context, frame);
  queue = pinned ? context->download_queue : context->queue;
  if (to_device)
    gst_cl_memory_wait_for_read (root);
  if (pinned && !(before = gst_cl_context_mark_queue (context, error)))
    return FALSE;
  gst_cl_buffer_device_layout (buffer, &frame->info, &layout);
  /* Only the last copy blocks (or gives its event): the in-order queue
   * has run the others by then, and the host frame may go once this
   * returns. */
  for (p = 0; p < n_planes && status == CL_SUCCESS; p++)
    status = enqueue_plane_copy (mem, &layout, crop, frame, p, to_device,
        queue, p + 1 == n_planes, before, pinned && p + 1 == n_planes ? &read :
        NULL, error);
  gst_cl_clear_event (context, &before);
  if (status == CL_SUCCESS && pinned) {
    read = gst_cl_pinned_memory_leave_read (pinned, read);
    gst_cl_memory_leave_read (root, read);
  }
  if (status == CL_SUCCESS)
    return TRUE;

  clFinish (queue);
  if (error && *error == NULL)
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_FAILED,
        "%s plane %u of a %dx%d %s frame failed: %s (%d)", to_device ?
        "Writing" : "Reading", p - 1, frame->info.width, frame->info.height,
        gst_video_format_to_string (GST_VIDEO_FRAME_FORMAT (frame)),
        gst_cl_error_name (status), status);
  return FALSE;
}

/**
 * gst_cl_buffer_write_frame:
 * @buffer: one #GstCLMemory, laid out as its video meta says (else as
 *   the default layout of @frame's format and size)
 * @frame: mapped for reading, with any strides
 *
 * Writes @frame's pixels into @buffer (clEnqueueWriteBufferRect per
 * plane); @frame may be unmapped once this returns.
 */
gboolean
gst_cl_buffer_write_frame (GstBuffer * buffer, const GstVideoFrame * frame,
    GError ** error)
{
  return copy_frame (buffer, NULL, frame, TRUE, error);
}

/**
 * gst_cl_buffer_read_frame:
 * @frame: mapped for writing
 *
 * Reads @buffer's pixels into @frame, waiting for the commands enqueued
 * before (see gst_cl_buffer_write_frame()); into pinned memory of the
 * device, leaves the read running (a map of that memory waits for it).
 */
gboolean
gst_cl_buffer_read_frame (GstBuffer * buffer, GstVideoFrame * frame,
    GError ** error)
{
  return copy_frame (buffer, NULL, frame, FALSE, error);
}

/* Writes the frame into the GstCLMemory buffer @user_data (a
 * GstCLUploadFunc). */
static gboolean
write_frame (const GstVideoFrame * frame, gpointer user_data,
    GError ** error)
{
  return gst_cl_buffer_write_frame (user_data, frame, error);
}

/* Neither buffer is OpenCL memory of the context (OpenCL memory of
 * another context is mapped for the host too): a copy on the host, from
 * @crop in @inbuf. */
static gboolean
copy_on_host (const GstVideoInfo * info, GstBuffer * inbuf,
    const GstVideoRectangle * crop, GstBuffer * outbuf, GError ** error)
{
  GstVideoFrame in, out, region;
  gboolean ok;

  GST_DEBUG ("copying a %dx%d %s frame through the host", info->width,
      info->height, GST_VIDEO_INFO_NAME (info));
  if (!gst_cl_video_frame_map (&in, info, inbuf, GST_MAP_READ, "input",
          error))
    return FALSE;
  ok = gst_cl_video_frame_map (&out, info, outbuf, GST_MAP_WRITE, "output",
      error);
  if (ok) {
    gst_cl_video_frame_crop (&in, crop, &region);
    ok = gst_video_frame_copy (&out, &region);
    gst_video_frame_unmap (&out);
    if (!ok)
      g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_FAILED,
          "Could not copy a %dx%d %s frame", info->width, info->height,
          GST_VIDEO_INFO_NAME (info));
  }
  gst_video_frame_unmap (&in);
  return ok;
}

/* Both buffers are OpenCL memory of one context: each plane copied on the
 * device, from @crop in @inbuf (both buffers checked). */
static gboolean
copy_on_device (const GstVideoInfo * info, GstBuffer * inbuf,
    const GstVideoRectangle * crop, GstBuffer * outbuf, GError ** error)
{
  GstMemory *in = gst_buffer_peek_memory (inbuf, 0);
  GstMemory *out = gst_buffer_peek_memory (outbuf, 0);
  GstCLMemory *out_root = gst_cl_memory_root (out);
  cl_command_queue queue = out_root->context->queue;
  GstVideoInfo in_layout, out_layout;
  cl_int status = CL_SUCCESS;
  guint p;

  GST_DEBUG ("copying a %dx%d %s frame on the device", info->width,
      info->height, GST_VIDEO_INFO_NAME (info));
  gst_cl_buffer_device_layout (inbuf, info, &in_layout);
  gst_cl_buffer_device_layout (outbuf, info, &out_layout);
  /* A read of the output's memory left running: the copy writes it. */
  gst_cl_memory_wait_for_read (out_root);
  for (p = 0; p < GST_VIDEO_INFO_N_PLANES (info) && status == CL_SUCCESS; p++) {
    GstCLPlaneRegion from, to;
    gsize src[3] = { 0, 0, 0 }, dst[3] = { 0, 0, 0 }, region[3];

    gst_cl_plane_region (info, &in_layout, p, &from);
    gst_cl_plane_region (info, &out_layout, p, &to);
    src[0] = in->offset + from.offset +
        gst_cl_crop_plane_offset (info, crop, p, from.stride);
    dst[0] = out->offset + to.offset;
    region[0] = from.row_bytes;
    region[1] = from.rows;
    region[2] = 1;
    status = clEnqueueCopyBufferRect (queue, gst_cl_memory_root (in)->buffer,
        out_root->buffer, src, dst, region, from.stride, 0, to.stride, 0, 0,
        NULL, NULL);
  }
  if (status != CL_SUCCESS) {
    clFinish (queue);
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_FAILED,
        "Copying plane %u of a %dx%d %s frame on the device failed: %s (%d)",
        p - 1, info->width, info->height, GST_VIDEO_INFO_NAME (info),
        gst_cl_error_name (status), status);
    return FALSE;
  }
  return gst_cl_memory_record_write (out, error);
}

/**
 * gst_cl_copy_frame:
 * @staging: (inout): the caller's staging memory for uploads, made on
 *   first use (gst_cl_staging_upload())
 *
 * Copies the frame of @info in @inbuf into @outbuf, each in system memory
 * or in OpenCL memory, laid out as its video meta says: a write or a read
 * of the device where one side is OpenCL memory of @context, a copy on the
 * device where both are, a copy on the host otherwise. Where @inbuf has a
 * #GstVideoCropMeta, the frame is the region it marks
 * (gst_cl_buffer_get_crop()), and @outbuf gets that region alone. Both
 * buffers and the crop meta are checked first
 * (gst_cl_buffer_check_frame()).
 */
gboolean
gst_cl_copy_frame (GstCLContext * context, GstCLStaging ** staging,
    const GstVideoInfo * info, GstBuffer * inbuf, GstBuffer * outbuf,
    GError ** error)
{
  gboolean in_device = gst_cl_buffer_is_on_context (inbuf, context);
  gboolean out_device = gst_cl_buffer_is_on_context (outbuf, context);
  GstVideoRectangle crop;
  GstVideoFrame host, region;
  gboolean ok;

  if (!gst_cl_buffer_check_frame (inbuf, info, "input", error)
      || !gst_cl_buffer_get_crop (inbuf, info, "input", &crop, error))
    return FALSE;
  if (in_device && out_device)
    return gst_cl_buffer_check_frame (outbuf, info, "output", error)
        && copy_on_device (info, inbuf, &crop, outbuf, error);
  if (in_device == out_device)
    return copy_on_host (info, inbuf, &crop, outbuf, error);

  if ((out_device && !gst_cl_buffer_check_frame (outbuf, info, "output", error))
      || !gst_cl_video_frame_map (&host, info, in_device ? outbuf : inbuf,
          in_device ? GST_MAP_WRITE : GST_MAP_READ,
          in_device ? "output" : "input", error))
    return FALSE;
  if (in_device) {
    ok = copy_frame (inbuf, &crop, &host, FALSE, error);
  } else {
    gst_cl_video_frame_crop (&host, &crop, &region);
    ok = gst_cl_staging_upload (staging, context, &region, write_frame,
        outbuf, error);
  }
  gst_video_frame_unmap (&host);
  return ok;
}
