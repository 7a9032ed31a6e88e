/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclbaseconvert.h"
#include "gstclgeometry.h"
#include "gstclkernels.h"
#include "gstclscalecaps.h"

GST_DEBUG_CATEGORY_STATIC (gst_cl_base_convert_debug);
#define GST_CAT_DEFAULT gst_cl_base_convert_debug

typedef struct
{
  /* streaming: the negotiated frames, the settings of the frames to come
   * (snapshot) and those the plan was made with */
  GstVideoInfo in_info;
  GstVideoInfo out_info;
  GstCLConvertScaleSettings frame;
  gboolean frame_borders;
  GstCLConvertScaleSettings applied;
  gboolean applied_borders;
  GstCLConvertPlan plan;
  /* convert_runs, not convert_frame; where the picture changes size, the
   * two passes, not convert_scale_frame */
  gboolean vectors;
  cl_kernel kernel;
  cl_mem tables;
  cl_mem weights;
  /* the two passes: the rows pass and the columns pass of each output
   * grid (NULL where there is no such grid), and their intermediate */
  cl_kernel rows;
  cl_kernel columns[2];
  cl_mem intermediate;

  /* under the object lock: whether frames pass unchanged (TRUE before
   * caps, so that caps as they are come first); for navigation events,
   * the picture on whole output frames and the input frames' size */
  gboolean identity;
  gboolean scales;
  GstVideoRectangle shown;
  gint source_width;
  gint source_height;
} GstCLBaseConvertPrivate;

#define gst_cl_base_convert_parent_class parent_class
G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (GstCLBaseConvert, gst_cl_base_convert,
    GST_TYPE_CL_FILTER);

static const GstCLConvertScaleSettings default_scaling = { 0.0, 0.5, TRUE };

/* The kernels read every value once whatever the storage, and sample
 * nothing: they work on buffers only. */
static gboolean
gst_cl_base_convert_open (GstCLFilter * filter, GError ** error)
{
  GstCLStorage storage;

  g_object_get (filter, "storage", &storage, NULL);
  if (storage == GST_CL_STORAGE_IMAGE) {
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_UNSUPPORTED,
        "%s keeps frames in buffers: storage=image is not supported; "
        "use storage=auto or storage=buffer", GST_OBJECT_NAME (filter));
    return FALSE;
  }
  return TRUE;
}

static gboolean
gst_cl_base_convert_prefers_buffers (GstCLFilter * filter,
    const GstVideoInfo * in, const GstVideoInfo * out)
{
  return TRUE;
}

static void
clear_plan (GstCLBaseConvert * self)
{
  GstCLBaseConvertPrivate *priv =
      gst_cl_base_convert_get_instance_private (self);
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));

  gst_cl_clear_kernel (context, &priv->kernel);
  gst_cl_clear_kernel (context, &priv->rows);
  gst_cl_clear_kernel (context, &priv->columns[0]);
  gst_cl_clear_kernel (context, &priv->columns[1]);
  gst_cl_clear_mem (context, &priv->intermediate);
  gst_cl_clear_mem (context, &priv->tables);
  gst_cl_clear_mem (context, &priv->weights);
  gst_cl_convert_plan_clear (&priv->plan);
}

static void
gst_cl_base_convert_close (GstCLFilter * filter)
{
  GstCLBaseConvert *self = GST_CL_BASE_CONVERT (filter);
  GstCLBaseConvertPrivate *priv =
      gst_cl_base_convert_get_instance_private (self);

  clear_plan (self);
  GST_OBJECT_LOCK (self);
  priv->identity = TRUE;
  priv->scales = FALSE;
  GST_OBJECT_UNLOCK (self);
}

/* The subclass's scaling settings; called with the object lock held. */
static void
read_scaling (GstCLBaseConvert * self, GstCLConvertScaleSettings * settings,
    gboolean * add_borders)
{
  GstCLBaseConvertClass *klass = GST_CL_BASE_CONVERT_GET_CLASS (self);

  *settings = default_scaling;
  *add_borders = FALSE;
  if (klass->get_scaling)
    klass->get_scaling (self, settings, add_borders);
}

/* The picture on whole output frames, for navigation events. */
static void
publish_picture (GstCLBaseConvert * self)
{
  GstCLBaseConvertPrivate *priv =
      gst_cl_base_convert_get_instance_private (self);
  /* rows of a whole frame per row of the frames the plan is for */
  gint rows = gst_cl_filter_processes_fields (GST_CL_FILTER (self)) ? 2 : 1;

  GST_OBJECT_LOCK (self);
  priv->scales = priv->plan.scales;
  priv->shown = priv->plan.rect;
  priv->shown.y *= rows;
  priv->shown.h *= rows;
  priv->source_width = priv->in_info.width;
  priv->source_height = priv->in_info.height * rows;
  GST_OBJECT_UNLOCK (self);
}

/* The two passes' kernels for the grids of the plan, and their
 * intermediate. */
static gboolean
make_passes (GstCLBaseConvert * self, cl_program program, GError ** error)
{
  GstCLBaseConvertPrivate *priv =
      gst_cl_base_convert_get_instance_private (self);
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));
  const GstCLConvertPlan *plan = &priv->plan;

  priv->rows = gst_cl_context_create_kernel (context, program,
      "convert_scale_rows", error);
  if (priv->rows == NULL)
    return FALSE;
  for (guint g = 0; g < 2; g++) {
    gchar *name = g_strdup_printf ("convert_scale_columns_%u", g);

    if (plan->intermediate[g].pitch > 0)
      priv->columns[g] = gst_cl_context_create_kernel (context, program,
          name, error);
    g_free (name);
    if (plan->intermediate[g].pitch > 0 && priv->columns[g] == NULL)
      return FALSE;
  }
  priv->intermediate = gst_cl_context_create_buffer (context,
      CL_MEM_READ_WRITE | CL_MEM_HOST_NO_ACCESS,
      sizeof (gfloat) * plan->intermediate_floats, NULL, error);
  return priv->intermediate != NULL;
}

/* The plan, kernel and tables for the negotiated frames, @settings and
 * @add_borders. */
/* The build options of @plan's kernels: CPU devices (@vectors) run the
 * vector kernels; the one-pass scaling kernels unroll their taps where
 * the tables agree on them, and can then work in tiles. */
static gchar *
kernel_options (const GstCLConvertPlan * plan, gboolean vectors)
{
  if (vectors)
    return g_strconcat (plan->options, " -DGST_CL_VECTORS", NULL);
  if (plan->scales && plan->uniform_taps > 0)
    return g_strdup_printf ("%s -DCUBIC_TAPS=%d -DTILE_W=%d -DTILE_H=%d "
        "-DTILE_ITEM_ROWS=%d", plan->options, plan->uniform_taps,
        GST_CL_CONVERT_TILE_W, GST_CL_CONVERT_TILE_H,
        GST_CL_CONVERT_TILE_ITEM_ROWS);
  return g_strdup (plan->options);
}

/* The one-pass scaling kernel of @plan (GPUs). */
static const gchar *
scale_kernel_name (const GstCLConvertPlan * plan)
{
  return plan->tiles ? "convert_scale_tiles" : "convert_scale_frame";
}

static gboolean
make_plan (GstCLBaseConvert * self, const GstCLConvertScaleSettings * settings,
    gboolean add_borders, GError ** error)
{
  GstCLBaseConvertPrivate *priv =
      gst_cl_base_convert_get_instance_private (self);
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));
  const gchar *const convert_sources[] = {
    gst_cl_kernel_convertlayout, gst_cl_kernel_convert, NULL
  };
  const gchar *const scale_sources[] = {
    gst_cl_kernel_convertlayout, gst_cl_kernel_convertscale, NULL
  };
  GstCLConvertPlan *plan = &priv->plan;
  GstVideoRectangle picture;
  cl_program program;
  gchar *options;

  clear_plan (self);
  gst_cl_scale_picture_rectangle (&priv->in_info, &priv->out_info,
      add_borders, &picture);
  if (!gst_cl_convert_plan_make (plan, &priv->in_info, &priv->out_info,
          &picture, settings, error))
    return FALSE;
  priv->applied = *settings;
  priv->applied_borders = add_borders;
  GST_INFO_OBJECT (self, "%s %dx%d -> %s %dx%d%s, picture at %d,%d %dx%d, "
      "options %s", GST_VIDEO_INFO_NAME (&priv->in_info),
      priv->in_info.width, priv->in_info.height,
      GST_VIDEO_INFO_NAME (&priv->out_info), priv->out_info.width,
      priv->out_info.height, plan->identity ? " (identity)" : "",
      plan->rect.x, plan->rect.y, plan->rect.w, plan->rect.h, plan->options);

  priv->vectors = gst_cl_filter_wants_vectors (GST_CL_FILTER (self));
  options = kernel_options (plan, priv->vectors);
  program = gst_cl_context_get_program (context,
      plan->scales ? "convertscale" : "convert",
      plan->scales ? scale_sources : convert_sources, options, error);
  g_free (options);
  if (program == NULL)
    return FALSE;
  if (plan->scales && priv->vectors) {
    if (!make_passes (self, program, error))
      return FALSE;
  } else {
    priv->kernel = gst_cl_context_create_kernel (context, program,
        plan->scales ? scale_kernel_name (plan) : priv->vectors ?
        "convert_runs" : "convert_frame", error);
    if (priv->kernel == NULL)
      return FALSE;
  }
  if (plan->scales) {
    priv->tables = gst_cl_context_create_buffer (context,
        CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
        sizeof (gint) * plan->n_starts, plan->starts, error);
    if (priv->tables == NULL)
      return FALSE;
    priv->weights = gst_cl_context_create_buffer (context,
        CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
        sizeof (gfloat) * plan->n_weights, plan->weights, error);
    if (priv->weights == NULL)
      return FALSE;
  }
  publish_picture (self);
  return TRUE;
}

static gboolean
gst_cl_base_convert_set_info (GstCLFilter * filter, const GstCLFrame * in,
    const GstCLFrame * out, GError ** error)
{
  GstCLBaseConvert *self = GST_CL_BASE_CONVERT (filter);
  GstCLBaseConvertPrivate *priv =
      gst_cl_base_convert_get_instance_private (self);
  GstCLConvertScaleSettings settings;
  gboolean add_borders;

  priv->in_info = in->info;
  priv->out_info = out->info;
  GST_OBJECT_LOCK (self);
  read_scaling (self, &settings, &add_borders);
  GST_OBJECT_UNLOCK (self);
  if (!make_plan (self, &settings, add_borders, error))
    return FALSE;

  /* Caps decide passthrough: where they are the same, no setting changes
   * the picture. */
  GST_OBJECT_LOCK (self);
  priv->identity = priv->plan.identity;
  GST_OBJECT_UNLOCK (self);
  return TRUE;
}

static gboolean
gst_cl_base_convert_snapshot (GstCLFilter * filter)
{
  GstCLBaseConvert *self = GST_CL_BASE_CONVERT (filter);
  GstCLBaseConvertPrivate *priv =
      gst_cl_base_convert_get_instance_private (self);
  gboolean identity;

  GST_OBJECT_LOCK (self);
  read_scaling (self, &priv->frame, &priv->frame_borders);
  identity = priv->identity;
  GST_OBJECT_UNLOCK (self);
  return identity;
}

static gboolean
same_settings (const GstCLConvertScaleSettings * a,
    const GstCLConvertScaleSettings * b)
{
  return a->b == b->b && a->c == b->c && !a->antialias == !b->antialias;
}

/* The kernels take three planes a side: a frame with fewer repeats its
 * first (the kernels do not touch it). */
static void
add_planes (GstCLArgs * args, const GstCLFrame * frame)
{
  for (guint p = 0; p < 3; p++)
    gst_cl_args_add_plane (args, &frame->planes[p < frame->n_planes ? p : 0]);
}

static void
add_int4 (GstCLArgs * args, gint x, gint y, gint z, gint w)
{
  cl_int4 v = { {x, y, z, w} };

  gst_cl_args_add (args, sizeof (v), &v);
}

static void
add_rect (GstCLArgs * args, const GstVideoRectangle * rect)
{
  add_int4 (args, rect->x, rect->y, rect->w, rect->h);
}

/* The input's pixels and chroma samples. */
static void
add_in_size (GstCLArgs * args, const GstCLFrame * in)
{
  add_int4 (args, GST_VIDEO_INFO_COMP_WIDTH (&in->info, 0),
      GST_VIDEO_INFO_COMP_HEIGHT (&in->info, 0),
      GST_VIDEO_INFO_COMP_WIDTH (&in->info, 1),
      GST_VIDEO_INFO_COMP_HEIGHT (&in->info, 1));
}

static void
add_map (GstCLArgs * args, const GstCLConvertPlan * plan)
{
  cl_float alpha_scale = plan->alpha_scale;

  for (guint i = 0; i < 3; i++)
    gst_cl_args_add_float4 (args, plan->matrix[i][0], plan->matrix[i][1],
        plan->matrix[i][2], plan->offset[i]);
  gst_cl_args_add (args, sizeof (alpha_scale), &alpha_scale);
}

/* convert_frame: one work-item a 2x2 block; convert_runs: a run of
 * GST_CL_VECTOR_VALUES pixels of two rows. */
static gboolean
run_convert (GstCLBaseConvert * self, const GstCLFrame * in,
    const GstCLFrame * out, GError ** error)
{
  GstCLBaseConvertPrivate *priv =
      gst_cl_base_convert_get_instance_private (self);
  gint width = in->planes[0].width, height = in->planes[0].height;
  GstCLArgs args;

  gst_cl_args_init (&args, priv->kernel);
  add_planes (&args, in);
  add_planes (&args, out);
  gst_cl_args_add_int (&args, width);
  gst_cl_args_add_int (&args, height);
  add_map (&args, &priv->plan);
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_2d (gst_cl_filter_get_context (GST_CL_FILTER
          (self)), priv->kernel, priv->vectors ? (width +
          GST_CL_VECTOR_VALUES - 1) / GST_CL_VECTOR_VALUES : (width + 1) / 2,
      (height + 1) / 2, error);
}

/* Where the picture lies on the output, the map, the border and the
 * tables: the arguments both scaling kernels that store take last; the
 * one-pass kernels also take the tables' header (two int16: the tables
 * of each output grid). */
static void
add_picture (GstCLArgs * args, GstCLBaseConvertPrivate * priv,
    gboolean heads)
{
  const GstCLConvertPlan *plan = &priv->plan;

  G_STATIC_ASSERT (4 * GST_CL_CONVERT_TABLES == 2 * 16);
  add_rect (args, &plan->rect);
  add_rect (args, &plan->chroma_rect);
  add_map (args, plan);
  gst_cl_args_add_float4 (args, plan->border[0], plan->border[1],
      plan->border[2], plan->border[3]);
  gst_cl_args_add_mem (args, priv->tables);
  gst_cl_args_add_mem (args, priv->weights);
  if (heads) {
    gst_cl_args_add (args, sizeof (cl_int16), plan->starts);
    gst_cl_args_add (args, sizeof (cl_int16), plan->starts + 16);
  }
}

/* convert_scale_frame: one work-item the pixels of an output chroma
 * sample; convert_scale_tiles: a work-group a tile of pixels. */
static gboolean
run_convert_scale (GstCLBaseConvert * self, const GstCLFrame * in,
    const GstCLFrame * out, GError ** error)
{
  GstCLBaseConvertPrivate *priv =
      gst_cl_base_convert_get_instance_private (self);
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));
  const GstVideoInfo *out_info = &out->info;
  gboolean subsampled = !GST_VIDEO_INFO_IS_GRAY (out_info);
  guint ws = subsampled ? GST_VIDEO_FORMAT_INFO_W_SUB (out_info->finfo, 1) : 0;
  guint hs = subsampled ? GST_VIDEO_FORMAT_INFO_H_SUB (out_info->finfo, 1) : 0;
  gint width = out->planes[0].width, height = out->planes[0].height;
  GstCLArgs args;

  gst_cl_args_init (&args, priv->kernel);
  add_planes (&args, in);
  add_planes (&args, out);
  gst_cl_args_add_int (&args, width);
  gst_cl_args_add_int (&args, height);
  add_in_size (&args, in);
  add_picture (&args, priv, TRUE);
  if (!gst_cl_args_check (&args, error))
    return FALSE;
  if (priv->plan.tiles) {
    const gsize local[2] = { GST_CL_CONVERT_TILE_W,
      GST_CL_CONVERT_TILE_H / GST_CL_CONVERT_TILE_ITEM_ROWS
    };
    const gsize groups[2] = {
      (width + GST_CL_CONVERT_TILE_W - 1) / GST_CL_CONVERT_TILE_W,
      (height + GST_CL_CONVERT_TILE_H - 1) / GST_CL_CONVERT_TILE_H
    };

    return gst_cl_context_enqueue_groups (context, priv->kernel, 2, groups,
        local, error);
  }
  return gst_cl_context_enqueue_2d (context, priv->kernel,
      (width + (1 << ws) - 1) >> ws, (height + (1 << hs) - 1) >> hs, error);
}

/* The intermediate's planes of output grid @g. */
static void
add_intermediate (GstCLArgs * args, GstCLBaseConvertPrivate * priv, guint g)
{
  const GstCLConvertIntermediate *im = &priv->plan.intermediate[g];

  gst_cl_args_add_mem (args, priv->intermediate);
  add_int4 (args, im->planes[0], im->planes[1], im->planes[2], im->planes[3]);
  gst_cl_args_add_int (args, im->pitch);
}

/* The rows pass of output grid @g from input grid @ig: a run of samples
 * of as many input rows a work-item. */
static gboolean
run_rows (GstCLBaseConvert * self, const GstCLFrame * in, guint g, guint ig,
    GError ** error)
{
  GstCLBaseConvertPrivate *priv =
      gst_cl_base_convert_get_instance_private (self);
  GstCLArgs args;

  gst_cl_args_init (&args, priv->rows);
  add_planes (&args, in);
  add_intermediate (&args, priv, g);
  add_in_size (&args, in);
  gst_cl_args_add_mem (&args, priv->tables);
  gst_cl_args_add_mem (&args, priv->weights);
  gst_cl_args_add_int (&args, g);
  gst_cl_args_add_int (&args, ig);
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_2d (gst_cl_filter_get_context (GST_CL_FILTER
          (self)), priv->rows, priv->plan.intermediate[g].pitch /
      GST_CL_CONVERT_RUN, (GST_VIDEO_INFO_COMP_HEIGHT (&in->info, ig) +
          GST_CL_CONVERT_RUN - 1) / GST_CL_CONVERT_RUN, error);
}

/* The columns pass of output grid @g: two runs of samples of four rows
 * a work-item. */
static gboolean
run_columns (GstCLBaseConvert * self, const GstCLFrame * in,
    const GstCLFrame * out, guint g, GError ** error)
{
  GstCLBaseConvertPrivate *priv =
      gst_cl_base_convert_get_instance_private (self);
  gint width = out->planes[0].width, height = out->planes[0].height;
  GstCLArgs args;

  gst_cl_args_init (&args, priv->columns[g]);
  add_intermediate (&args, priv, g);
  add_in_size (&args, in);
  add_planes (&args, out);
  gst_cl_args_add_int (&args, width);
  gst_cl_args_add_int (&args, height);
  add_picture (&args, priv, FALSE);
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_2d (gst_cl_filter_get_context (GST_CL_FILTER
          (self)), priv->columns[g],
      (GST_VIDEO_INFO_COMP_WIDTH (&out->info, g) + 2 * GST_CL_CONVERT_RUN -
          1) / (2 * GST_CL_CONVERT_RUN),
      (GST_VIDEO_INFO_COMP_HEIGHT (&out->info, g) + 3) / 4, error);
}

/* The two passes: every rows pass, then every columns pass. */
static gboolean
run_passes (GstCLBaseConvert * self, const GstCLFrame * in,
    const GstCLFrame * out, GError ** error)
{
  GstCLBaseConvertPrivate *priv =
      gst_cl_base_convert_get_instance_private (self);

  for (guint g = 0; g < 2; g++)
    for (guint ig = 0; ig < 2; ig++)
      if (priv->plan.intermediate[g].needs[ig]
          && !run_rows (self, in, g, ig, error))
        return FALSE;
  for (guint g = 0; g < 2; g++)
    if (priv->columns[g] && !run_columns (self, in, out, g, error))
      return FALSE;
  return TRUE;
}

static gboolean
gst_cl_base_convert_process (GstCLFilter * filter, GstCLFrame * in,
    GstCLFrame * out, GError ** error)
{
  GstCLBaseConvert *self = GST_CL_BASE_CONVERT (filter);
  GstCLBaseConvertPrivate *priv =
      gst_cl_base_convert_get_instance_private (self);

  if ((!same_settings (&priv->frame, &priv->applied)
          || !priv->frame_borders != !priv->applied_borders)
      && !make_plan (self, &priv->frame, priv->frame_borders, error))
    return FALSE;
  if (priv->plan.scales && priv->vectors)
    return run_passes (self, in, out, error);
  if (priv->plan.scales)
    return run_convert_scale (self, in, out, error);
  return run_convert (self, in, out, error);
}

/* Where the picture changes size, metas follow videoscale's rules
 * (gst_cl_scale_transform_meta ()); otherwise, and for metas about
 * anything but geometry, GstCLBaseTransform's. */
static gboolean
gst_cl_base_convert_transform_meta (GstBaseTransform * trans,
    GstBuffer * outbuf, GstMeta * meta, GstBuffer * inbuf)
{
  GstCLBaseConvertPrivate *priv =
      gst_cl_base_convert_get_instance_private (GST_CL_BASE_CONVERT (trans));
  GstCLBaseTransform *base = GST_CL_BASE_TRANSFORM (trans);

  if (!priv->plan.scales || !gst_cl_meta_is_geometry (meta))
    return GST_BASE_TRANSFORM_CLASS (parent_class)->transform_meta (trans,
        outbuf, meta, inbuf);
  return gst_cl_scale_transform_meta (outbuf, meta, inbuf,
      gst_cl_base_transform_get_in_info (base),
      gst_cl_base_transform_get_out_info (base), priv->frame_borders);
}

static gboolean
gst_cl_base_convert_src_event (GstBaseTransform * trans, GstEvent * event)
{
  GstCLBaseConvertPrivate *priv =
      gst_cl_base_convert_get_instance_private (GST_CL_BASE_CONVERT (trans));
  GstVideoRectangle shown;
  gint width, height;
  gboolean scales;

  /* The streaming thread may lay the picture out again meanwhile. */
  GST_OBJECT_LOCK (trans);
  scales = priv->scales;
  shown = priv->shown;
  width = priv->source_width;
  height = priv->source_height;
  GST_OBJECT_UNLOCK (trans);

  if (scales)
    event = gst_cl_scale_navigation_event (event, &shown, width, height);
  return GST_BASE_TRANSFORM_CLASS (parent_class)->src_event (trans, event);
}

/**
 * gst_cl_base_convert_caps_any_format:
 *
 * @caps with any format and colorimetry, after @caps as they are, so
 * that the input's format comes first (new caps).
 */
GstCaps *
gst_cl_base_convert_caps_any_format (GstCaps * caps)
{
  GstCaps *ret = gst_caps_copy (caps);

  for (guint i = 0; i < gst_caps_get_size (ret); i++)
    gst_structure_remove_fields (gst_caps_get_structure (ret, i), "format",
        "colorimetry", "chroma-site", NULL);
  return gst_caps_merge (gst_caps_ref (caps), ret);
}

/* Whether formats @a and @b have the same colour model (RGB, YUV, gray). */
static gboolean
same_model (const GstVideoFormatInfo * a, const GstVideoFormatInfo * b)
{
  return GST_VIDEO_FORMAT_INFO_IS_RGB (a) == GST_VIDEO_FORMAT_INFO_IS_RGB (b)
      && GST_VIDEO_FORMAT_INFO_IS_YUV (a) == GST_VIDEO_FORMAT_INFO_IS_YUV (b);
}

/* Fixes the format of @othercaps (taken; truncated) to the input's where
 * the other side allows it; colorimetry and chroma siting the other side
 * leaves open are the input's where the colour model is the same (as
 * videoconvert keeps them), else GStreamer's defaults for the output
 * format. Other fields are left as they are.
 */
static GstCaps *
fixate_format (GstCaps * caps, GstCaps * othercaps)
{
  GstStructure *in = gst_caps_get_structure (caps, 0);
  const gchar *in_format = gst_structure_get_string (in, "format");
  GstStructure *out;
  const gchar *out_format;

  othercaps = gst_caps_truncate (othercaps);
  othercaps = gst_caps_make_writable (othercaps);
  out = gst_caps_get_structure (othercaps, 0);
  if (in_format)
    gst_structure_fixate_field_string (out, "format", in_format);
  out_format = gst_structure_get_string (out, "format");
  if (in_format && out_format
      && same_model (gst_video_format_get_info (gst_video_format_from_string
              (in_format)),
          gst_video_format_get_info (gst_video_format_from_string
              (out_format)))) {
    const gchar *fields[] = { "colorimetry", "chroma-site" };

    for (guint i = 0; i < G_N_ELEMENTS (fields); i++) {
      const GValue *v = gst_structure_get_value (in, fields[i]);

      if (v && !gst_structure_has_field (out, fields[i]))
        gst_structure_set_value (out, fields[i], v);
    }
  }
  return othercaps;
}

/* The format first, as videoconvertscale does, then the size the way
 * videoscale keeps the display aspect ratio. */
static GstCaps *
gst_cl_base_convert_fixate_caps (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps, GstCaps * othercaps)
{
  othercaps = fixate_format (caps, othercaps);
  return gst_cl_scale_fixate_caps (GST_ELEMENT (trans), direction, caps,
      othercaps);
}

static void
gst_cl_base_convert_init (GstCLBaseConvert * self)
{
  GstCLBaseConvertPrivate *priv =
      gst_cl_base_convert_get_instance_private (self);

  priv->identity = TRUE;
}

static void
gst_cl_base_convert_class_init (GstCLBaseConvertClass * klass)
{
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);
  GstCLFilterClass *cl_class = GST_CL_FILTER_CLASS (klass);

  GST_DEBUG_CATEGORY_INIT (gst_cl_base_convert_debug, "clbaseconvert", 0,
      "OpenCL colour conversion and scaling");

  trans_class->fixate_caps = gst_cl_base_convert_fixate_caps;
  trans_class->transform_meta = gst_cl_base_convert_transform_meta;
  trans_class->src_event = gst_cl_base_convert_src_event;

  cl_class->open = gst_cl_base_convert_open;
  cl_class->close = gst_cl_base_convert_close;
  cl_class->set_info = gst_cl_base_convert_set_info;
  cl_class->snapshot = gst_cl_base_convert_snapshot;
  cl_class->process = gst_cl_base_convert_process;
  cl_class->prefers_buffers = gst_cl_base_convert_prefers_buffers;
  gst_cl_filter_class_set_formats (cl_class, GST_CL_CONVERT_FORMATS);

  gst_type_mark_as_plugin_api (GST_TYPE_CL_BASE_CONVERT, 0);
}
