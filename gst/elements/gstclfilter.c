/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GstCLFilter (gstclfilter.h): the storage property, the device frames of
 * the negotiated caps, passthrough, and the kernels run on every frame.
 * Its caps are gstclfiltercaps.c's.
 */
#include "gstclfilter-private.h"
#include "gstclfields.h"

#include <gst/opencl/gstclmemory.h>
#include <gst/opencl/gstcltransfer.h>

GST_DEBUG_CATEGORY (gst_cl_filter_debug);
#define GST_CAT_DEFAULT gst_cl_filter_debug

enum
{
  PROP_0,
  PROP_STORAGE,
};

typedef struct
{
  GstCLStorage storage_setting; /* property, under the object lock */

  /* READY and up */
  GstCLStorage setting;         /* the storage property when opened */
  GstCLStorage storage;         /* for the negotiated caps: image or buffer */
  GstCLFilterCapsState caps;    /* gstclfiltercaps.c's */
  gboolean same_memory;         /* the caps' frames are in one memory */
  /* Frames the settings leave unchanged but that change memory: copied,
   * not processed (GstBaseTransform passes through in one memory only). */
  gboolean copies;
  GstCLStaging *staging;        /* for uploads: those copies, input frames */
  GstBufferPool *upload_pool;   /* input frames copied to the device */

  /* the negotiated caps' device frames */
  GstCLFrame in;
  GstCLFrame out;
  gboolean field_frames;        /* in and out hold one field each */
  guint field;                  /* the field being processed, of fields */
  guint fields;
} GstCLFilterPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_CODE (GstCLFilter, gst_cl_filter,
    GST_TYPE_CL_BASE_TRANSFORM, G_ADD_PRIVATE (GstCLFilter);
    GST_DEBUG_CATEGORY_INIT (gst_cl_filter_debug, "clfilter", 0,
        "OpenCL filter base"));

#define PRIV(self) \
    ((GstCLFilterPrivate *) gst_cl_filter_get_instance_private (self))

GstCLFilterCapsState *
gst_cl_filter_get_caps_state (GstCLFilter * self)
{
  return &PRIV (self)->caps;
}

GstCLContext *
gst_cl_filter_get_context (GstCLFilter * self)
{
  return gst_cl_base_transform_get_context (GST_CL_BASE_TRANSFORM (self));
}

/* The device of the element's context (READY and up). */
const GstCLDeviceInfo *
gst_cl_filter_get_device (GstCLFilter * self)
{
  return gst_cl_context_get_device (gst_cl_filter_get_context (self));
}

/**
 * gst_cl_filter_processes_fields:
 *
 * Whether the element's frames (those of set_info and process) are single
 * fields of interlaced video, each half the rows of a whole frame.
 */
gboolean
gst_cl_filter_processes_fields (GstCLFilter * self)
{
  return PRIV (self)->field_frames;
}

/**
 * gst_cl_filter_get_field:
 * @field: (out): which field of the input buffer's frame process's frames
 *   hold: 0 of 1 for a whole frame (a buffer of alternate caps holds a
 *   single field, whole), 0 (the top field, the even rows) or 1 of 2 for
 *   a field of an interlaced frame
 *
 * In process (and only there): where its frames lie in the buffer's.
 */
void
gst_cl_filter_get_field (GstCLFilter * self, guint * field, guint * fields)
{
  *field = PRIV (self)->field;
  *fields = PRIV (self)->fields;
}

GstCLStorage
gst_cl_filter_get_storage (GstCLFilter * self)
{
  return PRIV (self)->storage;
}

/**
 * gst_cl_filter_wants_vectors:
 *
 * Whether kernels that can should be built with -DGST_CL_VECTORS and make
 * GST_CL_VECTOR_VALUES channel values per work-item: with buffers on CPU
 * devices, where PoCL runs one work-item's vector code on SIMD lanes but
 * does not vectorise across work-items.
 */
gboolean
gst_cl_filter_wants_vectors (GstCLFilter * self)
{
  GstCLFilterPrivate *priv = PRIV (self);

  return priv->storage == GST_CL_STORAGE_BUFFER
      && (gst_cl_filter_get_device (self)->type & CL_DEVICE_TYPE_CPU);
}

/**
 * gst_cl_filter_items_per_row:
 *
 * Work-items along a row of @width pixels of @channels channels: one a
 * pixel, or, where the filter wants vector kernels, one per
 * GST_CL_VECTOR_VALUES channel values.
 */
gsize
gst_cl_filter_items_per_row (GstCLFilter * self, gint width, guint channels)
{
  if (!gst_cl_filter_wants_vectors (self))
    return width;
  return ((gsize) width * channels + GST_CL_VECTOR_VALUES - 1) /
      GST_CL_VECTOR_VALUES;
}

/**
 * gst_cl_filter_create_kernel:
 * @plane: the plane layout the kernel is compiled for
 *
 * Returns: a new kernel from @program's @sources, built (once per context)
 * for @plane's layout and the element's storage.
 */
cl_kernel
gst_cl_filter_create_kernel (GstCLFilter * self, const gchar * program_name,
    const gchar * const *sources, const GstCLPlane * plane,
    const gchar * extra_options, const gchar * kernel_name, GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (self);
  gchar *options = gst_cl_plane_build_options (plane, PRIV (self)->storage,
      extra_options);
  cl_program program = gst_cl_context_get_program (context, program_name,
      sources, options, error);

  g_free (options);
  if (program == NULL)
    return NULL;
  return gst_cl_context_create_kernel (context, program, kernel_name, error);
}

static GstCaps *
gst_cl_filter_transform_caps (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps, GstCaps * filter)
{
  return gst_cl_filter_restrict_caps (GST_CL_FILTER (trans), caps,
      gst_caps_ref (caps), filter);
}

/* After the context is open: the storage property, and the caps the
 * device serves with it. */
static gboolean
gst_cl_filter_open (GstCLBaseTransform * trans, GError ** error)
{
  GstCLFilter *self = GST_CL_FILTER (trans);
  GstCLFilterPrivate *priv = PRIV (self);
  GstCLFilterClass *klass = GST_CL_FILTER_GET_CLASS (self);
  const GstCLDeviceInfo *info = gst_cl_filter_get_device (self);

  GST_OBJECT_LOCK (self);
  priv->setting = priv->storage_setting;
  GST_OBJECT_UNLOCK (self);
  if (priv->setting == GST_CL_STORAGE_IMAGE && !info->image_support) {
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_UNSUPPORTED,
        "storage=image, but %s has no image support (CL_DEVICE_IMAGE_SUPPORT "
        "is false); use storage=buffer or auto", info->device_name);
    return FALSE;
  }

  gst_cl_filter_caps_open (self, priv->setting);
  return klass->open == NULL || klass->open (self, error);
}

static void
release_frames (GstCLFilter * self)
{
  GstCLFilterPrivate *priv = PRIV (self);

  gst_cl_frame_release (&priv->in);
  gst_cl_frame_release (&priv->out);
  if (priv->upload_pool) {
    gst_buffer_pool_set_active (priv->upload_pool, FALSE);
    gst_clear_object (&priv->upload_pool);
  }
  g_clear_pointer (&priv->staging, gst_cl_staging_free);
}

/* Before the context is dropped. */
static void
gst_cl_filter_close (GstCLBaseTransform * trans)
{
  GstCLFilter *self = GST_CL_FILTER (trans);
  GstCLFilterClass *klass = GST_CL_FILTER_GET_CLASS (self);

  if (klass->close)
    klass->close (self);
  release_frames (self);
  gst_cl_filter_caps_close (self);
}

/* Under the object lock: the storage property changed since the device was
 * opened (in READY): it applies when streaming starts. */
static gboolean
gst_cl_filter_settings_changed (GstCLBaseTransform * trans)
{
  GstCLFilterPrivate *priv = PRIV (GST_CL_FILTER (trans));

  return priv->storage_setting != priv->setting;
}

/* Caps in OpenCL memory come first in what the element offers, next to
 * another cl element keeping frames on the device; but where its
 * properties leave frames unchanged, the other pad's caps as they are, so
 * that it can pass them through. */
static void
prefer_unchanged_caps (GstCLFilter * self, gboolean unchanged)
{
  PRIV (self)->caps.prefer_unchanged = unchanged;
  gst_base_transform_set_prefer_passthrough (GST_BASE_TRANSFORM (self),
      unchanged);
}

/* On READY->PAUSED, with the device open as the properties say. */
static gboolean
gst_cl_filter_start (GstBaseTransform * trans)
{
  GstCLFilter *self = GST_CL_FILTER (trans);

  if (!gst_cl_filter_peers_servable (self))
    return FALSE;
  prefer_unchanged_caps (self, GST_CL_FILTER_GET_CLASS (self)->snapshot (self));
  return TRUE;
}

static gboolean
gst_cl_filter_query (GstBaseTransform * trans, GstPadDirection direction,
    GstQuery * query)
{
  GstCLFilter *self = GST_CL_FILTER (trans);
  gboolean answered =
      GST_BASE_TRANSFORM_CLASS (gst_cl_filter_parent_class)->query (trans,
      direction, query);

  /* A caps query whose filter the device cannot serve: the peer asked
   * only for what the device lacks (the transformed caps need not be
   * empty, so gst_cl_filter_restrict_caps() may not see it). */
  if (answered && GST_QUERY_TYPE (query) == GST_QUERY_CAPS) {
    GstCaps *filter, *result;

    gst_query_parse_caps (query, &filter);
    gst_query_parse_caps_result (query, &result);
    if (filter && result && gst_caps_is_empty (result))
      gst_cl_filter_refused_by_device (self, filter, NULL);
  }
  return answered;
}

/* Caps pushed without a query: transform_caps() restricts only the
 * other side's caps, which for a scaler can be served while these not. */
static gboolean
gst_cl_filter_accept_caps (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps)
{
  return !gst_cl_filter_refused_by_device (GST_CL_FILTER (trans), caps, NULL)
      && GST_BASE_TRANSFORM_CLASS (gst_cl_filter_parent_class)->accept_caps
      (trans, direction, caps);
}

/* Passthrough as the subclass's snapshot of its properties says, set only
 * in the streaming thread: GstBaseTransform reads the flag more than once
 * for each buffer (choosing the output buffer, then filling it). */
static void
update_passthrough (GstCLFilter * self)
{
  GstCLFilterClass *klass = GST_CL_FILTER_GET_CLASS (self);
  GstBaseTransform *trans = GST_BASE_TRANSFORM (self);
  gboolean was = gst_base_transform_is_passthrough (trans);
  gboolean unchanged = klass->snapshot (self);
  /* Frames pass through only where both sides are in the same memory, and
   * a crop meta only to a downstream that takes it. */
  gboolean now = unchanged && PRIV (self)->same_memory
      && !gst_cl_base_transform_must_crop (GST_CL_BASE_TRANSFORM (self));

  gst_base_transform_set_passthrough (trans, now);
  PRIV (self)->copies = unchanged && !now;
  /* Negotiated in passthrough, the element has no output pool (pinned
   * memory, downstream's pool): allocation is decided again from the next
   * frame on. Frames that would pass through but for their memory: caps
   * as they are are preferred from the next frame on. */
  if (unchanged != PRIV (self)->caps.prefer_unchanged || (was && !now)) {
    prefer_unchanged_caps (self, unchanged);
    gst_base_transform_reconfigure_src (trans);
  }
}

/* Sets up the device frames, and the subclass, for whole frames of the
 * caps, or for one field where @fields. */
static gboolean
setup_frames (GstCLFilter * self, const GstVideoInfo * in_info,
    const GstVideoInfo * out_info, gboolean fields, GError ** error)
{
  GstCLFilterPrivate *priv = PRIV (self);
  GstCLFilterClass *klass = GST_CL_FILTER_GET_CLASS (self);
  GstCLContext *context = gst_cl_filter_get_context (self);
  GstVideoInfo in_field, out_field;

  release_frames (self);
  if (fields) {
    gst_cl_field_info (in_info, &in_field);
    gst_cl_field_info (out_info, &out_field);
    in_info = &in_field;
    out_info = &out_field;
  }
  GST_DEBUG_OBJECT (self, "processing %s", fields ? "fields" : "frames");
  priv->field_frames = fields;
  if (gst_cl_frame_setup (&priv->in, context, in_info, priv->storage, error)
      && gst_cl_frame_setup (&priv->out, context, out_info, priv->storage,
          error)
      && klass->set_info (self, &priv->in, &priv->out, error))
    return TRUE;
  release_frames (self);
  return FALSE;
}

/* The storage of frames @in -> @out in system memory: the device's
 * (gst_cl_choose_storage ()), unless auto would take images and the
 * element keeps such frames in buffers. */
static GstCLStorage
choose_storage (GstCLFilter * self, const GstVideoInfo * in,
    const GstVideoInfo * out)
{
  GstCLFilterClass *klass = GST_CL_FILTER_GET_CLASS (self);
  GstCLFilterPrivate *priv = PRIV (self);
  GstCLStorage storage = gst_cl_choose_storage (priv->setting,
      gst_cl_filter_get_device (self), in, out);

  if (priv->setting == GST_CL_STORAGE_AUTO
      && storage == GST_CL_STORAGE_IMAGE && klass->prefers_buffers
      && klass->prefers_buffers (self, in, out))
    return GST_CL_STORAGE_BUFFER;
  return storage;
}

static gboolean
gst_cl_filter_set_info (GstCLBaseTransform * trans, GstCaps * incaps,
    GstVideoInfo * in_info, GstCaps * outcaps, GstVideoInfo * out_info)
{
  GstCLFilter *self = GST_CL_FILTER (trans);
  GstCLFilterPrivate *priv = PRIV (self);
  GError *error = NULL;

  release_frames (self);
  gst_base_transform_set_passthrough (GST_BASE_TRANSFORM (self), FALSE);
  /* GstVideoInfo keeps an unknown 0/1 PAR: elements see 1/1 (the base
   * keeps these infos). */
  gst_cl_normalize_par (&in_info->par_n, &in_info->par_d);
  gst_cl_normalize_par (&out_info->par_n, &out_info->par_d);
  if (gst_cl_filter_get_context (self) == NULL) {
    GST_ELEMENT_ERROR (self, CORE, NEGOTIATION, (NULL),
        ("caps set before the element has an OpenCL context"));
    return FALSE;
  }
  if (!gst_cl_base_transform_check_frame_size (trans, in_info)
      || !gst_cl_base_transform_check_frame_size (trans, out_info))
    return FALSE;
  priv->same_memory = gst_cl_caps_are_cl_memory (incaps) ==
      gst_cl_caps_are_cl_memory (outcaps);
  /* Frames in OpenCL memory are buffers, which the kernels use in place
   * with buffer storage. */
  if (priv->setting == GST_CL_STORAGE_AUTO
      && (gst_cl_caps_are_cl_memory (incaps)
          || gst_cl_caps_are_cl_memory (outcaps)))
    priv->storage = GST_CL_STORAGE_BUFFER;
  else
    priv->storage = choose_storage (self, in_info, out_info);
  GST_INFO_OBJECT (self, "frames in %s",
      priv->storage == GST_CL_STORAGE_IMAGE ? "images" : "buffers");

  if (gst_cl_holds_field_pairs (in_info)
      && (!gst_cl_splits_into_fields (in_info)
          || !gst_cl_splits_into_fields (out_info))) {
    GST_ELEMENT_ERROR (self, CORE, NEGOTIATION,
        ("Interlaced %s frames of %dx%d -> %dx%d do not split into two "
            "fields of whole rows in every plane: the heights must be even "
            "(multiples of 4 for 4:2:0 formats)",
            gst_video_format_to_string (GST_VIDEO_INFO_FORMAT (in_info)),
            in_info->width, in_info->height, out_info->width,
            out_info->height), (NULL));
    return FALSE;
  }

  /* Frames are allocated in passthrough too: a controllable property may
   * leave it on any frame. Mixed streams start with whole frames. */
  if (!setup_frames (self, in_info, out_info, gst_cl_uses_field_frames (in_info,
              GST_VIDEO_INFO_INTERLACE_MODE (in_info) ==
              GST_VIDEO_INTERLACE_MODE_INTERLEAVED ? 2 : 1), &error)) {
    gst_cl_base_transform_post_error (self, error);
    g_clear_error (&error);
    return FALSE;
  }
  update_passthrough (self);
  return TRUE;
}

static void
gst_cl_filter_before_transform (GstBaseTransform * trans, GstBuffer * buffer)
{
  GstClockTime time = gst_segment_to_stream_time (&trans->segment,
      GST_FORMAT_TIME, GST_BUFFER_TIMESTAMP (buffer));

  GST_BASE_TRANSFORM_CLASS (gst_cl_filter_parent_class)->before_transform
      (trans, buffer);

  if (GST_CLOCK_TIME_IS_VALID (time))
    gst_object_sync_values (GST_OBJECT (trans), time);
  if (gst_cl_base_transform_is_negotiated (GST_CL_BASE_TRANSFORM (trans)))
    update_passthrough (GST_CL_FILTER (trans));
}

/* With profiling on (gst_cl_context_is_profiling ()): the frame's kernel
 * time as an element message "gst-cl-profile" with a double field
 * "kernel-ms" (the context logs it too: clprofile, LOG level). */
static void
post_kernel_time (GstCLFilter * self)
{
  gdouble ms =
      gst_cl_context_take_kernel_time (gst_cl_filter_get_context (self));

  gst_element_post_message (GST_ELEMENT (self),
      gst_message_new_element (GST_OBJECT (self),
          gst_structure_new ("gst-cl-profile", "kernel-ms", G_TYPE_DOUBLE, ms,
              NULL)));
}

/* One side of a frame for the kernels: a buffer of OpenCL memory of the
 * element's context, used in place (always, for the input: see
 * gst_cl_frame_upload()), at its crop meta's region where it has one; or, for
 * the output, host pixels (a mapped video frame, copied from the device
 * where it is not used in place). */
typedef struct
{
  GstVideoFrame *host;
  GstBuffer *device;
  const GstVideoInfo *info;     /* the caps' */
  const GstVideoRectangle *crop;        /* NULL: from the top-left corner */
} FrameSide;

/* Makes field @field of the @fields of @out's frame the kernels' output. */
static gboolean
attach_output (GstCLFilter * self, const FrameSide * out,
    GstVideoFrame * host_field, guint field, guint fields, GError ** error)
{
  GstCLFilterPrivate *priv = PRIV (self);

  if (out->device)
    return gst_cl_frame_attach_buffer (&priv->out, out->device, out->info,
        NULL, field, fields, FALSE, error);
  return gst_cl_frame_attach (&priv->out, gst_cl_filter_get_context (self),
      host_field, error);
}

/* Runs the element's kernels on field @field of the @fields of @in's
 * frame (0 of 1: the whole frame), into the same field of @out's. The
 * device frames have that field's geometry. Output in OpenCL memory is
 * not waited for: later commands on it go to the same in-order queue, and
 * a host mapping waits for them. */
static gboolean
process_field (GstCLFilter * self, const FrameSide * in, const FrameSide * out,
    guint field, guint fields, GError ** error)
{
  GstCLFilterPrivate *priv = PRIV (self);
  GstCLFilterClass *klass = GST_CL_FILTER_GET_CLASS (self);
  GstCLContext *context = gst_cl_filter_get_context (self);
  GstVideoFrame out_field;
  gboolean ok;

  if (out->host)
    gst_cl_field_view (out->host, field, fields, &out_field);
  priv->field = field;
  priv->fields = fields;
  ok = gst_cl_frame_attach_buffer (&priv->in, in->device, in->info, in->crop,
      field, fields, TRUE, error)
      && attach_output (self, out, &out_field, field, fields, error)
      && klass->process (self, &priv->in, &priv->out, error);
  if (ok && out->host)
    ok = gst_cl_frame_download (&priv->out, context, &out_field, error);
  else if (ok)
    ok = gst_cl_frame_store_attached (&priv->out, error);
  /* The device may still use the frames: wait before they are unmapped. */
  if (!ok)
    clFinish (gst_cl_context_get_queue (context));
  gst_cl_frame_detach (&priv->in);
  gst_cl_frame_detach (&priv->out);
  return ok;
}

/* Runs the kernels on @in's frame, field by field where it is interlaced,
 * into @out's, and posts any error. */
static GstFlowReturn
process_frame (GstCLFilter * self, GstBuffer * inbuf, const FrameSide * in,
    const FrameSide * out)
{
  GError *error = NULL;
  guint fields = gst_cl_buffer_fields (in->info, inbuf);
  gboolean ok = TRUE;

  for (guint f = 0; f < fields && ok; f++)
    ok = process_field (self, in, out, f, fields, &error);
  /* Once a frame, for every field's kernels. */
  if (ok && out->device)
    ok = gst_cl_memory_record_write (gst_buffer_peek_memory (out->device, 0),
        &error);
  if (!ok) {
    gst_cl_base_transform_post_error (self, error);
    g_clear_error (&error);
    return GST_FLOW_ERROR;
  }
  if (gst_cl_context_is_profiling (gst_cl_filter_get_context (self)))
    post_kernel_time (self);
  return GST_FLOW_OK;
}

/* Sets up the device frames for @inbuf's geometry where they are not set
 * up for it: in mixed streams an interlaced frame after a progressive
 * one, or the other way round, needs the other geometry, as does any
 * frame after a setup that failed. */
static gboolean
setup_frames_for (GstCLFilter * self, GstBuffer * inbuf,
    const GstVideoInfo * in_info, const GstVideoInfo * out_info,
    GError ** error)
{
  GstCLFilterPrivate *priv = PRIV (self);
  gboolean field_frames = gst_cl_uses_field_frames (in_info,
      gst_cl_buffer_fields (in_info, inbuf));

  if (field_frames == priv->field_frames && priv->in.n_planes > 0)
    return TRUE;
  return setup_frames (self, in_info, out_info, field_frames, error);
}

/* Whether the kernels use @buffer, a frame of @info, on the device: OpenCL
 * memory of the element's context, laid out so that its planes can be
 * (in place, or copied on the device to and from image storage). */
static gboolean
used_on_device (GstCLFilter * self, GstBuffer * buffer,
    const GstVideoInfo * info, const GstCLFrame * frame)
{
  GstMemory *mem = gst_buffer_peek_memory (buffer, 0);

  if (!gst_is_cl_memory (mem))
    return FALSE;
  if (frame->n_planes > 0
      && gst_cl_frame_can_attach_buffer (frame, info, buffer))
    return TRUE;
  GST_DEBUG_OBJECT (self, "%" GST_PTR_FORMAT " goes through host memory "
      "(another context, or planes not on whole channel values)", buffer);
  return FALSE;
}

/* Runs the kernels from @inbuf (its frame at @crop where given) to
 * @outbuf: each used on the device where @in_device or @out_device says;
 * else the input is made OpenCL memory (gst_cl_frame_upload()), and the output
 * is mapped for the host (OpenCL memory of another context too, which
 * makes a copy of it). */
static GstFlowReturn
transform_frame (GstCLFilter * self, GstBuffer * inbuf,
    const GstVideoRectangle * crop, gboolean in_device, GstBuffer * outbuf,
    gboolean out_device)
{
  GstCLBaseTransform *base = GST_CL_BASE_TRANSFORM (self);
  GstCLFilterPrivate *priv = PRIV (self);
  GstVideoFrame out_frame;
  FrameSide in = { NULL, }, out = { NULL, };
  GstBuffer *uploaded = NULL;
  gboolean in_place = FALSE;
  GError *error = NULL;
  GstFlowReturn ret = GST_FLOW_ERROR;

  in.info = gst_cl_base_transform_get_in_info (base);
  out.info = gst_cl_base_transform_get_out_info (base);
  if (!in_device && !(uploaded = gst_cl_frame_upload (&priv->in, in.info,
              inbuf, &priv->upload_pool, &priv->staging, &in_place, &error)))
    goto failed;
  in.device = uploaded ? uploaded : inbuf;
  in.crop = !uploaded || in_place ? crop : NULL;
  if (out_device) {
    out.device = outbuf;
  } else if (gst_video_frame_map (&out_frame, (GstVideoInfo *) out.info,
          outbuf, GST_MAP_WRITE)) {
    /* The kernels and reads write pixels only. */
    gst_cl_video_frame_clear_padding (&out_frame);
    out.host = &out_frame;
  } else {
    g_set_error (&error, GST_CL_ERROR, GST_CL_ERROR_FAILED,
        "Could not map the output frame for the host");
    goto failed;
  }
  ret = process_frame (self, inbuf, &in, &out);
  if (out.host)
    gst_video_frame_unmap (&out_frame);
  gst_clear_buffer (&uploaded);
  return ret;

failed:
  gst_cl_base_transform_post_error (self, error);
  g_clear_error (&error);
  gst_clear_buffer (&uploaded);
  return GST_FLOW_ERROR;
}

static GstFlowReturn
gst_cl_filter_transform (GstBaseTransform * trans, GstBuffer * inbuf,
    GstBuffer * outbuf)
{
  GstCLFilter *self = GST_CL_FILTER (trans);
  GstCLFilterPrivate *priv = PRIV (self);
  const GstVideoInfo *in_info =
      gst_cl_base_transform_get_in_info (GST_CL_BASE_TRANSFORM (self));
  const GstVideoInfo *out_info =
      gst_cl_base_transform_get_out_info (GST_CL_BASE_TRANSFORM (self));
  GError *error = NULL;
  GstVideoRectangle crop;
  gboolean ok;

  /* gst_video_frame_map() does not check a meta's layout against the
   * buffer's size: both frames are checked first, and the input's crop
   * meta (a copy checks them itself, and copies the crop's region). */
  if (priv->copies)
    ok = gst_cl_copy_frame (gst_cl_filter_get_context (self), &priv->staging,
        in_info, inbuf, outbuf, &error);
  else
    ok = gst_cl_buffer_check_frame (inbuf, in_info, "input", &error)
        && gst_cl_buffer_get_crop (inbuf, in_info, "input", &crop, &error)
        && gst_cl_buffer_check_frame (outbuf, out_info, "output", &error)
        && setup_frames_for (self, inbuf, in_info, out_info, &error);
  if (!ok) {
    gst_cl_base_transform_post_error (self, error);
    g_clear_error (&error);
    return GST_FLOW_ERROR;
  }
  if (priv->copies)
    return GST_FLOW_OK;
  return transform_frame (self, inbuf,
      gst_buffer_get_video_crop_meta (inbuf) ? &crop : NULL,
      used_on_device (self, inbuf, in_info, &priv->in), outbuf,
      used_on_device (self, outbuf, out_info, &priv->out));
}

static void
gst_cl_filter_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstCLFilterPrivate *priv = PRIV (GST_CL_FILTER (object));

  GST_OBJECT_LOCK (object);
  switch (prop_id) {
    case PROP_STORAGE:
      priv->storage_setting = g_value_get_enum (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (object);
}

static void
gst_cl_filter_get_property (GObject * object, guint prop_id, GValue * value,
    GParamSpec * pspec)
{
  GstCLFilterPrivate *priv = PRIV (GST_CL_FILTER (object));

  GST_OBJECT_LOCK (object);
  switch (prop_id) {
    case PROP_STORAGE:
      g_value_set_enum (value, priv->storage_setting);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (object);
}

static void
gst_cl_filter_init (GstCLFilter * self)
{
  gst_pad_add_probe (GST_BASE_TRANSFORM_SINK_PAD (self),
      GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, gst_cl_filter_check_caps_event, self,
      NULL);
}

static void
gst_cl_filter_class_init (GstCLFilterClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);
  GstCLBaseTransformClass *base_class = GST_CL_BASE_TRANSFORM_CLASS (klass);

  gobject_class->set_property = gst_cl_filter_set_property;
  gobject_class->get_property = gst_cl_filter_get_property;

  /**
   * GstCLFilter:storage:
   *
   * Where frames live on the device: images (texture hardware on GPUs) or
   * buffers (much faster on CPU devices such as PoCL, and on GPUs too for
   * some elements and frames). A change in READY applies on
   * READY->PAUSED.
   */
  g_object_class_install_property (gobject_class, PROP_STORAGE,
      g_param_spec_enum ("storage", "Storage",
          "Device storage of frames: auto (images on GPUs, except where the "
          "element runs faster in buffers; buffers elsewhere), image or "
          "buffer; a change in READY applies at the next READY->PAUSED",
          GST_TYPE_CL_STORAGE,
          GST_CL_STORAGE_AUTO, G_PARAM_READWRITE | GST_PARAM_MUTABLE_READY |
          G_PARAM_STATIC_STRINGS));

  gst_cl_filter_class_set_formats (klass, GST_CL_FORMATS);

  trans_class->transform_caps = gst_cl_filter_transform_caps;
  trans_class->query = gst_cl_filter_query;
  trans_class->accept_caps = gst_cl_filter_accept_caps;
  trans_class->start = gst_cl_filter_start;
  trans_class->before_transform = gst_cl_filter_before_transform;
  trans_class->transform = gst_cl_filter_transform;
  base_class->open = gst_cl_filter_open;
  base_class->close = gst_cl_filter_close;
  base_class->settings_changed = gst_cl_filter_settings_changed;
  base_class->set_info = gst_cl_filter_set_info;

  gst_type_mark_as_plugin_api (GST_TYPE_CL_FILTER, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_CL_STORAGE, 0);
}
