/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclbufferpool.h"
#include "gstclcontext-private.h"
#include "gstclframe.h"
#include "gstclpinned.h"

GST_DEBUG_CATEGORY_STATIC (gst_cl_buffer_pool_debug);
#define GST_CAT_DEFAULT gst_cl_buffer_pool_debug

struct _GstCLBufferPool
{
  GstBufferPool parent;

  GstCLContext *context;
  GstAllocator *allocator;
  GstVideoInfo info;            /* the configured caps, their layout */
  gboolean video_meta;          /* buffers carry their layout: planes
                                 * aligned for the device */
};

G_DEFINE_TYPE_WITH_CODE (GstCLBufferPool, gst_cl_buffer_pool,
    GST_TYPE_BUFFER_POOL, GST_DEBUG_CATEGORY_INIT (gst_cl_buffer_pool_debug,
        "clbufferpool", 0, "OpenCL buffer pool"));

/**
 * gst_cl_video_info_align_planes:
 *
 * Moves the planes of @info (its default strides kept) to offsets that
 * are multiples of @context's gst_cl_context_get_base_align(), and sets
 * its size to match: the layout of a #GstCLBufferPool's frames.
 */
void
gst_cl_video_info_align_planes (GstCLContext * context, GstVideoInfo * info)
{
  gsize align = gst_cl_context_get_base_align (context);
  gsize end = 0;

  for (guint p = 0; p < GST_VIDEO_INFO_N_PLANES (info); p++) {
    gint comp[GST_VIDEO_MAX_COMPONENTS];

    gst_video_format_info_component (info->finfo, p, comp);
    info->offset[p] = (end + align - 1) / align * align;
    end = info->offset[p] + (gsize) GST_VIDEO_INFO_PLANE_STRIDE (info, p) *
        GST_VIDEO_INFO_COMP_HEIGHT (info, comp[0]);
  }
  info->size = end;
}

static const gchar **
gst_cl_buffer_pool_get_options (GstBufferPool * pool)
{
  static const gchar *options[] = { GST_BUFFER_POOL_OPTION_VIDEO_META, NULL };

  return options;
}

/* Takes the caps' frames, laid out for the device; any allocator in
 * @config is replaced by the pool's, and the size by the frame's where
 * that is larger. */
static gboolean
gst_cl_buffer_pool_set_config (GstBufferPool * pool, GstStructure * config)
{
  GstCLBufferPool *self = GST_CL_BUFFER_POOL (pool);
  const GstCLDeviceInfo *device = self->context->info;
  GstCaps *caps = NULL;
  guint size, min, max;
  GstVideoInfo info;
  gchar *problem;

  if (!gst_buffer_pool_config_get_params (config, &caps, &size, &min, &max)) {
    GST_WARNING_OBJECT (self, "invalid config");
    return FALSE;
  }
  if (caps == NULL || !gst_video_info_from_caps (&info, caps)) {
    GST_WARNING_OBJECT (self, "no video caps in the config: %" GST_PTR_FORMAT,
        caps);
    return FALSE;
  }
  /* Planes as aligned as the device's buffers, where the buffers' users
   * read their layout from the video meta; else the default layout. */
  self->video_meta = gst_buffer_pool_config_has_option (config,
      GST_BUFFER_POOL_OPTION_VIDEO_META);
  if (self->video_meta)
    gst_cl_video_info_align_planes (self->context, &info);
  info.size = MAX (info.size, size);
  if ((problem = gst_cl_frame_size_problem (device, &info))) {
    GST_WARNING_OBJECT (self, "%s", problem);
    g_free (problem);
    return FALSE;
  }
  self->info = info;
  gst_buffer_pool_config_set_params (config, caps, info.size, min, max);
  gst_buffer_pool_config_set_allocator (config, self->allocator, NULL);
  GST_DEBUG_OBJECT (self, "frames of %" G_GSIZE_FORMAT " bytes for %"
      GST_PTR_FORMAT, info.size, caps);
  return GST_BUFFER_POOL_CLASS (gst_cl_buffer_pool_parent_class)->set_config
      (pool, config);
}

static GstFlowReturn
gst_cl_buffer_pool_alloc_buffer (GstBufferPool * pool, GstBuffer ** buffer,
    GstBufferPoolAcquireParams * params)
{
  GstCLBufferPool *self = GST_CL_BUFFER_POOL (pool);
  GstVideoInfo *info = &self->info;
  GError *error = NULL;
  GstMemory *mem = gst_cl_allocator_alloc_video (self->allocator, info,
      &error);

  if (mem == NULL) {
    GST_ERROR_OBJECT (self, "%s", error->message);
    g_error_free (error);
    return GST_FLOW_ERROR;
  }
  *buffer = gst_buffer_new ();
  gst_buffer_append_memory (*buffer, mem);
  if (self->video_meta)
    gst_buffer_add_video_meta_full (*buffer, GST_VIDEO_FRAME_FLAG_NONE,
        GST_VIDEO_INFO_FORMAT (info), GST_VIDEO_INFO_WIDTH (info),
        GST_VIDEO_INFO_HEIGHT (info), GST_VIDEO_INFO_N_PLANES (info),
        info->offset, info->stride);
  return GST_FLOW_OK;
}

static void
gst_cl_buffer_pool_init (GstCLBufferPool * self)
{
}

static void
gst_cl_buffer_pool_finalize (GObject * object)
{
  GstCLBufferPool *self = GST_CL_BUFFER_POOL (object);

  gst_clear_object (&self->allocator);
  gst_clear_object (&self->context);
  G_OBJECT_CLASS (gst_cl_buffer_pool_parent_class)->finalize (object);
}

static void
gst_cl_buffer_pool_class_init (GstCLBufferPoolClass * klass)
{
  GstBufferPoolClass *pool_class = GST_BUFFER_POOL_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = gst_cl_buffer_pool_finalize;
  pool_class->get_options = gst_cl_buffer_pool_get_options;
  pool_class->set_config = gst_cl_buffer_pool_set_config;
  pool_class->alloc_buffer = gst_cl_buffer_pool_alloc_buffer;
}

/**
 * gst_cl_buffer_pool_new:
 *
 * Returns: (transfer full): a pool of frames in #GstCLMemory of @context,
 * to configure with video caps (gst_buffer_pool_config_set_params()).
 */
GstBufferPool *
gst_cl_buffer_pool_new (GstCLContext * context)
{
  GstCLBufferPool *self = g_object_new (GST_TYPE_CL_BUFFER_POOL, NULL);

  gst_object_ref_sink (self);
  self->context = gst_object_ref (context);
  self->allocator = gst_cl_allocator_new (context);
  return GST_BUFFER_POOL_CAST (self);
}

/**
 * gst_cl_buffer_pool_get_context:
 *
 * Returns: (transfer none): the context of @pool's frames.
 */
GstCLContext *
gst_cl_buffer_pool_get_context (GstBufferPool * pool)
{
  g_return_val_if_fail (GST_IS_CL_BUFFER_POOL (pool), NULL);
  return GST_CL_BUFFER_POOL (pool)->context;
}

/**
 * gst_cl_buffer_pool_get_allocator:
 *
 * Returns: (transfer none): the #GstCLAllocator of @pool's memory, which
 * lasts as long as @pool.
 */
GstAllocator *
gst_cl_buffer_pool_get_allocator (GstBufferPool * pool)
{
  g_return_val_if_fail (GST_IS_CL_BUFFER_POOL (pool), NULL);
  return GST_CL_BUFFER_POOL (pool)->allocator;
}

/**
 * gst_cl_buffer_pool_is_on_context:
 *
 * Returns: whether @pool (any pool) is a #GstCLBufferPool of @context:
 * whether an element on @context can use a peer's pool.
 */
gboolean
gst_cl_buffer_pool_is_on_context (GstBufferPool * pool, GstCLContext * context)
{
  return pool != NULL && GST_IS_CL_BUFFER_POOL (pool)
      && GST_CL_BUFFER_POOL (pool)->context == context;
}

/* The functions below log in the pool's debug category, which the type's
 * registration makes. */
static void
ensure_debug_category (void)
{
  g_type_ensure (GST_TYPE_CL_BUFFER_POOL);
}

/* A pool for frames of @caps: OpenCL memory of @context, or host memory,
 * pinned with @pinned where given (frames then move by DMA rather than
 * through the driver's staging copies). */
static GstBufferPool *
new_pool (GstCaps * caps, GstCLContext * context, GstAllocator * pinned)
{
  GstBufferPool *pool = NULL;

  if (gst_cl_caps_are_cl_memory (caps))
    return gst_cl_buffer_pool_new (context);
  if (pinned)
    pool = gst_cl_pinned_pool_new (pinned, caps, 2);
  return pool ? pool : gst_video_buffer_pool_new ();
}

/* Configures @pool for @caps; returns its buffer size, or 0 where it
 * takes no such config. */
static guint
configure_pool (GstBufferPool * pool, GstCaps * caps, guint size, guint min,
    guint max, gboolean video_meta)
{
  GstStructure *config;
  GstVideoInfo info;

  if (!gst_video_info_from_caps (&info, caps))
    return 0;
  config = gst_buffer_pool_get_config (pool);
  size = MAX (size, GST_VIDEO_INFO_SIZE (&info));
  gst_buffer_pool_config_set_params (config, caps, size, min, max);
  if (video_meta)
    gst_buffer_pool_config_add_option (config,
        GST_BUFFER_POOL_OPTION_VIDEO_META);
  if (!gst_buffer_pool_set_config (pool, config)) {
    GST_WARNING_OBJECT (pool, "refused %" GST_PTR_FORMAT, caps);
    return 0;
  }
  config = gst_buffer_pool_get_config (pool);
  gst_buffer_pool_config_get_params (config, NULL, &size, NULL, NULL);
  gst_structure_free (config);
  return size;
}

/**
 * gst_cl_decide_allocation:
 * @pinned: (nullable): host memory @context's device reaches by DMA
 *
 * Decides the output allocation of @element for @query (its
 * decide_allocation): downstream's pool where the element can fill it
 * (for OpenCL memory, a #GstCLBufferPool of @context), else a pool of its
 * own: OpenCL memory, or host memory, pinned where @pinned is given.
 * Posts an element error and returns FALSE where no pool takes the caps.
 */
gboolean
gst_cl_decide_allocation (GstElement * element, GstQuery * query,
    GstCLContext * context, GstAllocator * pinned)
{
  GstBufferPool *pool = NULL;
  guint size = 0, min = 0, max = 0;
  gboolean video_meta = gst_query_find_allocation_meta (query,
      GST_VIDEO_META_API_TYPE, NULL);
  GstCaps *caps;

  ensure_debug_category ();
  gst_query_parse_allocation (query, &caps, NULL);
  if (caps == NULL)
    return FALSE;
  if (gst_query_get_n_allocation_pools (query) > 0)
    gst_query_parse_nth_allocation_pool (query, 0, &pool, &size, &min, &max);
  if (pool && gst_cl_caps_are_cl_memory (caps)
      && !gst_cl_buffer_pool_is_on_context (pool, context)) {
    GST_DEBUG_OBJECT (element, "not using downstream's %" GST_PTR_FORMAT, pool);
    gst_clear_object (&pool);
  }
  if (pool == NULL || !(size = configure_pool (pool, caps, size, min, max,
              video_meta))) {
    gst_clear_object (&pool);
    pool = new_pool (caps, context, pinned);
    size = configure_pool (pool, caps, 0, min, max, video_meta);
  }
  if (size == 0) {
    GST_ELEMENT_ERROR (element, RESOURCE, SETTINGS,
        ("Could not make a pool of video frames"),
        ("%" GST_PTR_FORMAT " refused %" GST_PTR_FORMAT " (for OpenCL "
            "memory: a frame may be larger than %s allows, "
            "CL_DEVICE_MAX_MEM_ALLOC_SIZE %" G_GUINT64_FORMAT ")", pool, caps,
            context->info->device_name,
            (guint64) context->info->max_mem_alloc_size));
    gst_object_unref (pool);
    return FALSE;
  }

  if (gst_query_get_n_allocation_pools (query) > 0)
    gst_query_set_nth_allocation_pool (query, 0, pool, size, min, max);
  else
    gst_query_add_allocation_pool (query, pool, size, min, max);
  GST_DEBUG_OBJECT (element, "output into %" GST_PTR_FORMAT, pool);
  gst_object_unref (pool);
  return TRUE;
}

/**
 * gst_cl_propose_allocation:
 * @pinned: (nullable): host memory @context's device reaches by DMA
 *
 * Answers @query (an element's propose_allocation) for frames of its caps:
 * a #GstCLBufferPool of @context for OpenCL memory, else host memory,
 * pinned where @pinned is given; and video metas.
 */
gboolean
gst_cl_propose_allocation (GstQuery * query, GstCLContext * context,
    GstAllocator * pinned)
{
  GstBufferPool *pool;
  GstCaps *caps;
  gboolean need_pool;
  guint size;

  ensure_debug_category ();
  gst_query_parse_allocation (query, &caps, &need_pool);
  if (caps == NULL)
    return FALSE;
  gst_query_add_allocation_meta (query, GST_VIDEO_META_API_TYPE, NULL);
  if (!need_pool)
    return TRUE;

  pool = new_pool (caps, context, pinned);
  size = configure_pool (pool, caps, 0, 2, 0, TRUE);
  if (size > 0)
    gst_query_add_allocation_pool (query, pool, size, 2, 0);
  if (pinned && !gst_cl_caps_are_cl_memory (caps))
    gst_query_add_allocation_param (query, pinned, NULL);
  gst_object_unref (pool);
  return TRUE;
}
