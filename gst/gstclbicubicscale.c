/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
/**
 * SECTION:element-clbicubicscale
 * @title: clbicubicscale
 *
 * Scales video on an OpenCL device with the two-parameter (B, C) family of
 * cubic filters of Mitchell and Netravali: Catmull-Rom (the default),
 * Mitchell-Netravali, the cubic B-spline, the "sharp" cubic of OpenCV and
 * Photoshop, or any B and C.
 *
 * Output pixel centres map to input pixel centres and edges are
 * replicated. When downscaling with #GstCLBicubicScale:antialias (the
 * default) the filter is widened by the scale factor, so fine detail does
 * not alias. On devices that advertise `cl_qcom_filter_bicubic` the native
 * bicubic sampler runs where it gives the same pixels (Catmull-Rom, no
 * widening); everywhere else an emulated kernel does.
 *
 * As videoscale does, the element keeps the display aspect ratio when it
 * fixes the output size, and letterboxes (#GstCLBicubicScale:add-borders)
 * when the output caps cannot keep it. Interlaced video is scaled field by
 * field.
 *
 * ## Example launch line
 * |[
 * gst-launch-1.0 videotestsrc num-buffers=30 ! video/x-raw,width=320,height=240 ! clbicubicscale filter=mitchell ! video/x-raw,width=1280,height=960 ! videoconvert ! autovideosink
 * ]|
 */
#include "gstclbicubicscale.h"
#include "gstclelements.h"
#include "gstclkernels.h"

#include <math.h>

GST_DEBUG_CATEGORY_STATIC (gst_cl_bicubic_scale_debug);
#define GST_CAT_DEFAULT gst_cl_bicubic_scale_debug

#define DEFAULT_B 0.0
#define DEFAULT_C 0.5
#define DEFAULT_FILTER GST_CL_BICUBIC_FILTER_CATMULL_ROM
#define DEFAULT_ANTIALIAS TRUE
#define DEFAULT_ADD_BORDERS TRUE
#define DEFAULT_MODE GST_CL_BICUBIC_SCALE_MODE_AUTO

enum
{
  PROP_0,
  PROP_B,
  PROP_C,
  PROP_FILTER,
  PROP_ANTIALIAS,
  PROP_ADD_BORDERS,
  PROP_MODE,
  PROP_ACTIVE_MODE,
  N_PROPERTIES
};

static GParamSpec *properties[N_PROPERTIES];

/* The filter's parameters; a frame is scaled with one consistent set. */
typedef struct
{
  gdouble b;
  gdouble c;
  gboolean antialias;
  GstCLBicubicScaleMode mode;
} ScaleParams;

/* The per-axis table of one plane: output position i reads input taps
 * starts[i] .. starts[i] + taps - 1 (clamped) with the weights
 * weights[k * size + i], tap major so neighbours read neighbours. */
typedef struct
{
  gint taps;
  cl_mem starts;
  cl_mem weights;
} AxisTable;

typedef struct
{
  cl_kernel rows;
  cl_kernel columns;
  cl_kernel native;
  cl_mem tmp;                   /* rows pass output: rect width x input height */
  AxisTable x;
  AxisTable y;
  GstVideoRectangle rect;       /* where the picture goes, plane pixels */
  gfloat border[4];
} PlaneScaler;

struct _GstCLBicubicScale
{
  GstCLFilter parent;

  /* properties, under the object lock */
  ScaleParams params;
  GstCLBicubicFilter filter;
  gboolean add_borders;
  GstCLBicubicScaleMode active_mode;

  /* streaming */
  ScaleParams applied;          /* what the tables were built for */
  gboolean tables_valid;
  guint n_planes;
  PlaneScaler planes[GST_VIDEO_MAX_PLANES];
  cl_sampler bicubic_sampler;
};

#define gst_cl_bicubic_scale_parent_class parent_class
G_DEFINE_TYPE (GstCLBicubicScale, gst_cl_bicubic_scale, GST_TYPE_CL_FILTER);
GST_ELEMENT_REGISTER_DEFINE (clbicubicscale, "clbicubicscale", GST_RANK_NONE,
    GST_TYPE_CL_BICUBIC_SCALE);

#define GST_TYPE_CL_BICUBIC_FILTER (gst_cl_bicubic_filter_get_type ())
static GType
gst_cl_bicubic_filter_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CL_BICUBIC_FILTER_CATMULL_ROM, "Catmull-Rom (B=0, C=0.5)",
        "catmull-rom"},
    {GST_CL_BICUBIC_FILTER_MITCHELL, "Mitchell-Netravali (B=1/3, C=1/3)",
        "mitchell"},
    {GST_CL_BICUBIC_FILTER_B_SPLINE, "Cubic B-spline (B=1, C=0)", "b-spline"},
    {GST_CL_BICUBIC_FILTER_SHARP, "Sharp cubic (B=0, C=0.75)", "sharp"},
    {GST_CL_BICUBIC_FILTER_CUSTOM, "The b and c properties", "custom"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type,
        g_enum_register_static ("GstCLBicubicFilter", values));
  return type;
}

#define GST_TYPE_CL_BICUBIC_SCALE_MODE (gst_cl_bicubic_scale_mode_get_type ())
static GType
gst_cl_bicubic_scale_mode_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CL_BICUBIC_SCALE_MODE_AUTO,
        "Native sampler where it gives the same pixels, else emulated", "auto"},
    {GST_CL_BICUBIC_SCALE_MODE_NATIVE,
        "cl_qcom_filter_bicubic sampler (fails where unavailable)", "native"},
    {GST_CL_BICUBIC_SCALE_MODE_EMULATED, "Emulated kernel", "emulated"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type,
        g_enum_register_static ("GstCLBicubicScaleMode", values));
  return type;
}

static const struct
{
  gdouble b, c;
} presets[] = {
  [GST_CL_BICUBIC_FILTER_CATMULL_ROM] = {0.0, 0.5},
  [GST_CL_BICUBIC_FILTER_MITCHELL] = {1.0 / 3.0, 1.0 / 3.0},
  [GST_CL_BICUBIC_FILTER_B_SPLINE] = {1.0, 0.0},
  [GST_CL_BICUBIC_FILTER_SHARP] = {0.0, 0.75},
};

/* The (B, C) weights that the native sampler's hardware has. */
static gboolean
is_catmull_rom (gdouble b, gdouble c)
{
  return fabs (b) < 1e-9 && fabs (c - 0.5) < 1e-9;
}

static gboolean
native_not_possible (const GstCLDeviceInfo * device, GstCLMemory memory,
    gdouble b, gdouble c, gboolean antialias, gint in_width, gint in_height,
    gint out_width, gint out_height, const gchar ** why)
{
  if (!device->has_qcom_bicubic)
    *why = "the device does not advertise cl_qcom_filter_bicubic";
  else if (memory != GST_CL_MEMORY_IMAGE)
    *why = "the native sampler needs memory=image";
  else if (!is_catmull_rom (b, c))
    *why = "the native sampler's weights are Catmull-Rom (b=0, c=0.5)";
  else if (antialias && (out_width < in_width || out_height < in_height))
    *why = "an antialiased downscale needs more than the sampler's 4x4 taps";
  else
    return FALSE;
  return TRUE;
}

/**
 * gst_cl_bicubic_scale_choose_mode:
 * @device: what the device can do
 * @memory: the resolved frame storage (image or buffer)
 * @chosen: (out): native or emulated
 *
 * Decides which path scales @in_width x @in_height to @out_width x
 * @out_height: auto takes the native sampler where the device has it and
 * it gives the emulated path's pixels; native fails, naming the reason,
 * where it cannot.
 */
gboolean
gst_cl_bicubic_scale_choose_mode (const GstCLDeviceInfo * device,
    GstCLMemory memory, GstCLBicubicScaleMode requested, gdouble b,
    gdouble c, gboolean antialias, gint in_width, gint in_height,
    gint out_width, gint out_height, GstCLBicubicScaleMode * chosen,
    GError ** error)
{
  const gchar *why = NULL;
  gboolean no_native = native_not_possible (device, memory, b, c, antialias,
      in_width, in_height, out_width, out_height, &why);

  if (requested == GST_CL_BICUBIC_SCALE_MODE_NATIVE && no_native) {
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_UNSUPPORTED,
        "mode=native is not possible on %s: %s", device->device_name, why);
    return FALSE;
  }
  if (requested == GST_CL_BICUBIC_SCALE_MODE_EMULATED || no_native)
    *chosen = GST_CL_BICUBIC_SCALE_MODE_EMULATED;
  else
    *chosen = GST_CL_BICUBIC_SCALE_MODE_NATIVE;
  return TRUE;
}

/* k(x) of Mitchell and Netravali's two-parameter family. */
static gdouble
cubic_bc (gdouble x, gdouble b, gdouble c)
{
  x = fabs (x);
  if (x < 1.0)
    return ((12 - 9 * b - 6 * c) * x * x * x + (-18 + 12 * b + 6 * c) * x * x
        + (6 - 2 * b)) / 6.0;
  if (x < 2.0)
    return ((-b - 6 * c) * x * x * x + (6 * b + 30 * c) * x * x
        + (-12 * b - 48 * c) * x + (8 * b + 24 * c)) / 6.0;
  return 0.0;
}

/* Output centre i maps to input position (i + 0.5) * in / out - 0.5. The
 * plain kernel takes the 4 taps floor(pos) - 1 .. floor(pos) + 2, as
 * cl_qcom_filter_bicubic does; an antialiased downscale stretches the
 * kernel by the scale factor and takes every tap under it. */
static gboolean
build_axis_table (GstCLContext * context, AxisTable * table, gint in_size,
    gint out_size, const ScaleParams * p, GError ** error)
{
  gdouble scale = (gdouble) in_size / out_size;
  gdouble stretch = (p->antialias && scale > 1.0) ? scale : 1.0;
  gint taps = stretch > 1.0 ? (gint) ceil (4.0 * stretch) : 4;
  gint *starts = g_new (gint, out_size);
  gfloat *weights = g_new (gfloat, (gsize) out_size * taps);
  gdouble *w = g_new (gdouble, taps);

  for (gint i = 0; i < out_size; i++) {
    gdouble pos = (i + 0.5) * scale - 0.5;
    gint first = (gint) floor (pos - 2.0 * stretch) + 1;
    gdouble sum = 0.0;

    for (gint k = 0; k < taps; k++) {
      w[k] = cubic_bc ((first + k - pos) / stretch, p->b, p->c);
      sum += w[k];
    }
    starts[i] = first;
    for (gint k = 0; k < taps; k++)
      weights[(gsize) k * out_size + i] = w[k] / sum;
  }
  g_free (w);

  table->taps = taps;
  table->starts = gst_cl_context_create_buffer (context,
      CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof (gint) * out_size,
      starts, error);
  if (table->starts)
    table->weights = gst_cl_context_create_buffer (context,
        CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
        sizeof (gfloat) * out_size * taps, weights, error);
  g_free (starts);
  g_free (weights);
  return table->weights != NULL;
}

static void
clear_tables (GstCLBicubicScale * self)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));

  for (guint p = 0; p < self->n_planes; p++) {
    gst_cl_clear_mem (context, &self->planes[p].x.starts);
    gst_cl_clear_mem (context, &self->planes[p].x.weights);
    gst_cl_clear_mem (context, &self->planes[p].y.starts);
    gst_cl_clear_mem (context, &self->planes[p].y.weights);
  }
  self->tables_valid = FALSE;
}

static void
clear_planes (GstCLBicubicScale * self)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));

  clear_tables (self);
  for (guint p = 0; p < self->n_planes; p++) {
    PlaneScaler *ps = &self->planes[p];

    gst_cl_clear_kernel (context, &ps->rows);
    gst_cl_clear_kernel (context, &ps->columns);
    gst_cl_clear_kernel (context, &ps->native);
    gst_cl_clear_mem (context, &ps->tmp);
  }
  self->n_planes = 0;
}

static const gchar *const scale_sources[] = {
  gst_cl_kernel_common, gst_cl_kernel_bicubicscale, NULL
};

/* Where the picture goes in the output, in luma pixels: all of it, or the
 * largest centred rectangle with the input's display aspect ratio when
 * add-borders is on and the output's differs. */
static void
picture_rectangle (const GstVideoInfo * in, const GstVideoInfo * out,
    gboolean add_borders, GstVideoRectangle * rect)
{
  gint from_dar_n, from_dar_d, to_dar_n, to_dar_d;
  const GstVideoFormatInfo *finfo = out->finfo;
  gint w = out->width, h = out->height;
  guint wsub = GST_VIDEO_FORMAT_INFO_W_SUB (finfo, 1);
  guint hsub = GST_VIDEO_FORMAT_INFO_H_SUB (finfo, 1);

  rect->x = rect->y = 0;
  rect->w = out->width;
  rect->h = out->height;
  if (!add_borders
      || !gst_util_fraction_multiply (in->width, in->height, in->par_n,
          in->par_d, &from_dar_n, &from_dar_d)
      || !gst_util_fraction_multiply (out->width, out->height, out->par_n,
          out->par_d, &to_dar_n, &to_dar_d)
      || gst_util_fraction_compare (from_dar_n, from_dar_d, to_dar_n,
          to_dar_d) == 0)
    return;

  if (gst_util_fraction_compare (to_dar_n, to_dar_d, from_dar_n,
          from_dar_d) > 0)
    w = gst_util_uint64_scale_round (h, (guint64) from_dar_n * out->par_d,
        (guint64) from_dar_d * out->par_n);
  else
    h = gst_util_uint64_scale_round (w, (guint64) from_dar_d * out->par_n,
        (guint64) from_dar_n * out->par_d);

  /* Subsampled chroma: keep the picture on whole chroma samples. */
  w = MAX (w >> wsub << wsub, 1);
  h = MAX (h >> hsub << hsub, 1);
  rect->w = w;
  rect->h = h;
  rect->x = (out->width - w) / 2 >> wsub << wsub;
  rect->y = (out->height - h) / 2 >> hsub << hsub;
}

static gboolean
gst_cl_bicubic_scale_open (GstCLFilter * filter, GError ** error)
{
  GstCLBicubicScale *self = GST_CL_BICUBIC_SCALE (filter);
  const GstCLDeviceInfo *device = gst_cl_filter_get_context (filter)->info;
  GstCLBicubicScaleMode mode;

  GST_OBJECT_LOCK (self);
  mode = self->params.mode;
  GST_OBJECT_UNLOCK (self);

  if (mode == GST_CL_BICUBIC_SCALE_MODE_NATIVE && !device->has_qcom_bicubic) {
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_UNSUPPORTED,
        "mode=native needs the cl_qcom_filter_bicubic extension, which %s "
        "does not advertise; use mode=auto or mode=emulated",
        device->device_name);
    return FALSE;
  }
  return TRUE;
}

static void
gst_cl_bicubic_scale_close (GstCLFilter * filter)
{
  GstCLBicubicScale *self = GST_CL_BICUBIC_SCALE (filter);

  clear_planes (self);
  gst_cl_clear_sampler (gst_cl_filter_get_context (filter),
      &self->bicubic_sampler);
}

static gboolean
create_plane_kernels (GstCLBicubicScale * self, PlaneScaler * ps,
    const GstCLPlane * in, GError ** error)
{
  GstCLFilter *filter = GST_CL_FILTER (self);
  GstCLContext *context = gst_cl_filter_get_context (filter);
  const gchar *options = gst_cl_filter_wants_wide (filter) ?
      "-DGST_CL_WIDE" : NULL;

  ps->rows = gst_cl_filter_create_kernel (filter, "bicubicscale",
      scale_sources, in, options, "scale_rows", error);
  if (ps->rows)
    ps->columns = gst_cl_filter_create_kernel (filter, "bicubicscale",
        scale_sources, in, options, "scale_columns", error);
  if (ps->columns)
    ps->tmp = gst_cl_context_create_buffer (context, CL_MEM_READ_WRITE,
        sizeof (gfloat) * in->channels * ps->rect.w * in->height, NULL,
        error);
  return ps->tmp != NULL;
}

/* The native kernel and sampler, made only when the native path is first
 * chosen (never on devices without the extension). */
static gboolean
ensure_native (GstCLBicubicScale * self, GstCLFrame * in, GError ** error)
{
  GstCLFilter *filter = GST_CL_FILTER (self);

  if (self->bicubic_sampler == NULL) {
    self->bicubic_sampler = gst_cl_context_create_bicubic_sampler
        (gst_cl_filter_get_context (filter), error);
    if (self->bicubic_sampler == NULL)
      return FALSE;
  }
  for (guint p = 0; p < self->n_planes; p++) {
    PlaneScaler *ps = &self->planes[p];

    if (ps->native == NULL)
      ps->native = gst_cl_filter_create_kernel (filter, "bicubicscale",
          scale_sources, &in->planes[p], "-DGST_CL_NATIVE_BICUBIC",
          "scale_native", error);
    if (ps->native == NULL)
      return FALSE;
  }
  return TRUE;
}

static gboolean
gst_cl_bicubic_scale_set_info (GstCLFilter * filter, const GstCLFrame * in,
    const GstCLFrame * out, GError ** error)
{
  GstCLBicubicScale *self = GST_CL_BICUBIC_SCALE (filter);
  GstCLContext *context = gst_cl_filter_get_context (filter);
  GstVideoRectangle rect;
  ScaleParams params;
  gboolean add_borders;
  GstCLBicubicScaleMode chosen;

  clear_planes (self);
  if (gst_video_info_is_equal (&in->info, &out->info)) {
    GST_DEBUG_OBJECT (self, "same caps in and out: passthrough");
    gst_base_transform_set_passthrough (GST_BASE_TRANSFORM (self), TRUE);
    return TRUE;
  }

  GST_OBJECT_LOCK (self);
  params = self->params;
  add_borders = self->add_borders;
  GST_OBJECT_UNLOCK (self);

  picture_rectangle (&in->info, &out->info, add_borders, &rect);
  GST_DEBUG_OBJECT (self, "%dx%d -> %dx%d, picture at %d,%d %dx%d",
      in->info.width, in->info.height, out->info.width, out->info.height,
      rect.x, rect.y, rect.w, rect.h);

  /* Refuse an impossible mode=native now, in negotiation. */
  if (!gst_cl_bicubic_scale_choose_mode (context->info,
          gst_cl_filter_get_memory (filter), params.mode, params.b, params.c,
          params.antialias, in->info.width, in->info.height, rect.w, rect.h,
          &chosen, error))
    return FALSE;

  self->n_planes = out->n_planes;
  for (guint p = 0; p < out->n_planes; p++) {
    const GstCLPlane *op = &out->planes[p];
    PlaneScaler *ps = &self->planes[p];

    ps->rect.x = GST_VIDEO_SUB_SCALE (op->w_sub, rect.x);
    ps->rect.y = GST_VIDEO_SUB_SCALE (op->h_sub, rect.y);
    ps->rect.w = GST_VIDEO_SUB_SCALE (op->w_sub, rect.x + rect.w) - ps->rect.x;
    ps->rect.h = GST_VIDEO_SUB_SCALE (op->h_sub, rect.y + rect.h) - ps->rect.y;
    gst_cl_frame_plane_color (&out->info, p, 0xff000000, ps->border);
    if (!create_plane_kernels (self, ps, &in->planes[p], error))
      return FALSE;
  }
  return TRUE;
}

static gboolean
build_tables (GstCLBicubicScale * self, const GstCLFrame * in,
    const ScaleParams * params, GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));

  clear_tables (self);
  for (guint p = 0; p < self->n_planes; p++) {
    PlaneScaler *ps = &self->planes[p];
    const GstCLPlane *ip = &in->planes[p];

    if (!build_axis_table (context, &ps->x, ip->width, ps->rect.w, params,
            error)
        || !build_axis_table (context, &ps->y, ip->height, ps->rect.h,
            params, error))
      return FALSE;
  }
  self->applied = *params;
  self->tables_valid = TRUE;
  return TRUE;
}

static gboolean
run_emulated (GstCLBicubicScale * self, const GstCLPlane * src,
    const GstCLPlane * dst, PlaneScaler * ps, GError ** error)
{
  GstCLFilter *filter = GST_CL_FILTER (self);
  GstCLContext *context = gst_cl_filter_get_context (filter);
  GstCLArgs args;

  gst_cl_args_init (&args, ps->rows);
  gst_cl_args_add_plane (&args, src);
  gst_cl_args_add_int (&args, src->width);
  gst_cl_args_add_int (&args, src->height);
  gst_cl_args_add_mem (&args, ps->tmp);
  gst_cl_args_add_int (&args, ps->rect.w);
  gst_cl_args_add_mem (&args, ps->x.starts);
  gst_cl_args_add_mem (&args, ps->x.weights);
  gst_cl_args_add_int (&args, ps->x.taps);
  if (!gst_cl_args_check (&args, error)
      || !gst_cl_context_enqueue_2d (context, ps->rows,
          gst_cl_filter_items_per_row (filter, ps->rect.w, src->channels),
          src->height, error))
    return FALSE;

  gst_cl_args_init (&args, ps->columns);
  gst_cl_args_add_mem (&args, ps->tmp);
  gst_cl_args_add_int (&args, ps->rect.w);
  gst_cl_args_add_int (&args, src->height);
  gst_cl_args_add_plane (&args, dst);
  gst_cl_args_add_int (&args, dst->width);
  gst_cl_args_add_int (&args, dst->height);
  gst_cl_args_add_int (&args, ps->rect.x);
  gst_cl_args_add_int (&args, ps->rect.y);
  gst_cl_args_add_int (&args, ps->rect.h);
  gst_cl_args_add_mem (&args, ps->y.starts);
  gst_cl_args_add_mem (&args, ps->y.weights);
  gst_cl_args_add_int (&args, ps->y.taps);
  gst_cl_args_add_float4 (&args, ps->border[0], ps->border[1], ps->border[2],
      ps->border[3]);
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_2d (context, ps->columns,
      gst_cl_filter_items_per_row (filter, dst->width, dst->channels),
      dst->height, error);
}

static gboolean
run_native (GstCLBicubicScale * self, const GstCLPlane * src,
    const GstCLPlane * dst, PlaneScaler * ps, GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));
  GstCLArgs args;

  gst_cl_args_init (&args, ps->native);
  gst_cl_args_add_plane (&args, src);
  gst_cl_args_add_int (&args, src->width);
  gst_cl_args_add_int (&args, src->height);
  gst_cl_args_add_plane (&args, dst);
  gst_cl_args_add_int (&args, dst->width);
  gst_cl_args_add_int (&args, dst->height);
  gst_cl_args_add_int (&args, ps->rect.x);
  gst_cl_args_add_int (&args, ps->rect.y);
  gst_cl_args_add_int (&args, ps->rect.w);
  gst_cl_args_add_int (&args, ps->rect.h);
  gst_cl_args_add_float4 (&args, ps->border[0], ps->border[1], ps->border[2],
      ps->border[3]);
  gst_cl_args_add (&args, sizeof (cl_sampler), &self->bicubic_sampler);
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_2d (context, ps->native, dst->width,
      dst->height, error);
}

static gboolean
params_equal (const ScaleParams * a, const ScaleParams * b)
{
  return a->b == b->b && a->c == b->c && a->antialias == b->antialias
      && a->mode == b->mode;
}

static gboolean
gst_cl_bicubic_scale_process (GstCLFilter * filter, GstCLFrame * in,
    GstCLFrame * out, GError ** error)
{
  GstCLBicubicScale *self = GST_CL_BICUBIC_SCALE (filter);
  GstCLContext *context = gst_cl_filter_get_context (filter);
  GstCLBicubicScaleMode chosen;
  ScaleParams params;
  gboolean changed;

  GST_OBJECT_LOCK (self);
  params = self->params;
  GST_OBJECT_UNLOCK (self);

  /* b, c, antialias and mode may change while playing. */
  if (!gst_cl_bicubic_scale_choose_mode (context->info, in->memory,
          params.mode, params.b, params.c, params.antialias, in->info.width,
          in->info.height, self->planes[0].rect.w, self->planes[0].rect.h,
          &chosen, error))
    return FALSE;

  GST_OBJECT_LOCK (self);
  changed = self->active_mode != chosen;
  self->active_mode = chosen;
  GST_OBJECT_UNLOCK (self);
  if (changed) {
    GST_INFO_OBJECT (self, "scaling with the %s path",
        chosen == GST_CL_BICUBIC_SCALE_MODE_NATIVE ? "native" : "emulated");
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE_MODE]);
  }

  if (chosen == GST_CL_BICUBIC_SCALE_MODE_NATIVE) {
    if (!ensure_native (self, in, error))
      return FALSE;
  } else if (!self->tables_valid || !params_equal (&params, &self->applied)) {
    if (!build_tables (self, in, &params, error))
      return FALSE;
  }

  for (guint p = 0; p < self->n_planes; p++) {
    gboolean ok = chosen == GST_CL_BICUBIC_SCALE_MODE_NATIVE ?
        run_native (self, &in->planes[p], &out->planes[p], &self->planes[p],
        error) :
        run_emulated (self, &in->planes[p], &out->planes[p],
        &self->planes[p], error);
    if (!ok)
      return FALSE;
  }
  return TRUE;
}

/* Output size is free; pixel-aspect-ratio too where the caps have one. */
static GstCaps *
gst_cl_bicubic_scale_transform_caps (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps, GstCaps * filter)
{
  GstCaps *ret = gst_caps_new_empty ();

  for (guint i = 0; i < gst_caps_get_size (caps); i++) {
    GstStructure *s = gst_caps_get_structure (caps, i);
    GstCapsFeatures *f = gst_caps_get_features (caps, i);

    if (i > 0 && gst_caps_is_subset_structure_full (ret, s, f))
      continue;
    s = gst_structure_copy (s);
    gst_structure_set (s, "width", GST_TYPE_INT_RANGE, 1, G_MAXINT,
        "height", GST_TYPE_INT_RANGE, 1, G_MAXINT, NULL);
    if (gst_structure_has_field (s, "pixel-aspect-ratio"))
      gst_structure_set (s, "pixel-aspect-ratio", GST_TYPE_FRACTION_RANGE, 1,
          G_MAXINT, G_MAXINT, 1, NULL);
    gst_caps_append_structure_full (ret, s, gst_caps_features_copy (f));
  }
  ret = gst_cl_filter_restrict_caps (GST_CL_FILTER (trans), ret);

  if (filter) {
    GstCaps *tmp = gst_caps_intersect_full (filter, ret,
        GST_CAPS_INTERSECT_FIRST);
    gst_caps_unref (ret);
    ret = tmp;
  }
  GST_DEBUG_OBJECT (trans, "%" GST_PTR_FORMAT " -> %" GST_PTR_FORMAT, caps,
      ret);
  return ret;
}

static void
get_par (const GstStructure * s, gint * n, gint * d)
{
  if (!gst_structure_get_fraction (s, "pixel-aspect-ratio", n, d)) {
    *n = 1;
    *d = 1;
  }
}

/* Fixes the PAR field of @outs (if any and not fixed) as near to n/d as it
 * allows, and returns the PAR the output will have. */
static void
fixate_par (GstStructure * outs, gint n, gint d, gint * par_n, gint * par_d)
{
  if (gst_structure_has_field (outs, "pixel-aspect-ratio")
      && !gst_value_is_fixed (gst_structure_get_value (outs,
              "pixel-aspect-ratio")))
    gst_structure_fixate_field_nearest_fraction (outs, "pixel-aspect-ratio",
        n, d);
  get_par (outs, par_n, par_d);
}

/* The output dimension that shows @size of the other at the display
 * aspect ratio dar_n/dar_d with pixels of aspect par_n/par_d. */
static gint
width_for_height (gint height, gint dar_n, gint dar_d, gint par_n, gint par_d)
{
  return MAX (gst_util_uint64_scale_round (height, (guint64) dar_n * par_d,
          (guint64) dar_d * par_n), 1);
}

static gint
height_for_width (gint width, gint dar_n, gint dar_d, gint par_n, gint par_d)
{
  return MAX (gst_util_uint64_scale_round (width, (guint64) dar_d * par_n,
          (guint64) dar_n * par_d), 1);
}

/* The value of @field nearest @value that @outs allows. */
static gint
nearest_int (const GstStructure * outs, const gchar * field, gint value)
{
  GstStructure *probe = gst_structure_copy (outs);

  gst_structure_fixate_field_nearest_int (probe, field, value);
  gst_structure_get_int (probe, field, &value);
  gst_structure_free (probe);
  return value;
}

/* Whether @outs can take exactly @width x @height (fixing them there). */
static gboolean
try_size (GstStructure * outs, gint width, gint height)
{
  if (nearest_int (outs, "width", width) != width
      || nearest_int (outs, "height", height) != height)
    return FALSE;
  gst_structure_set (outs, "width", G_TYPE_INT, width, "height", G_TYPE_INT,
      height, NULL);
  return TRUE;
}

/* Keeps the input's display aspect ratio, as videoscale does: from the
 * fixed output dimension where there is one, else keeping the input height
 * (or width) where the caps allow. */
static void
fixate_size (GstCLBicubicScale * self, GstStructure * ins, GstStructure * outs)
{
  gint from_w, from_h, from_par_n, from_par_d, dar_n, dar_d;
  gint to_par_n, to_par_d, w = 0, h = 0;
  gboolean w_fixed, h_fixed, par_fixed;

  gst_structure_get_int (ins, "width", &from_w);
  gst_structure_get_int (ins, "height", &from_h);
  get_par (ins, &from_par_n, &from_par_d);
  if (!gst_util_fraction_multiply (from_w, from_h, from_par_n, from_par_d,
          &dar_n, &dar_d)) {
    GST_ELEMENT_ERROR (self, CORE, NEGOTIATION, (NULL),
        ("Error calculating the input display aspect ratio"));
    return;
  }

  w_fixed = gst_structure_get_int (outs, "width", &w);
  h_fixed = gst_structure_get_int (outs, "height", &h);
  par_fixed = !gst_structure_has_field (outs, "pixel-aspect-ratio")
      || gst_value_is_fixed (gst_structure_get_value (outs,
          "pixel-aspect-ratio"));

  if (w_fixed && h_fixed) {
    /* The PAR, if free, keeps the DAR; else add-borders letterboxes. */
    if (!par_fixed) {
      gint n, d;
      if (gst_util_fraction_multiply (dar_n, dar_d, h, w, &n, &d))
        fixate_par (outs, n, d, &to_par_n, &to_par_d);
    }
    return;
  }

  fixate_par (outs, from_par_n, from_par_d, &to_par_n, &to_par_d);
  if (h_fixed) {
    gst_structure_fixate_field_nearest_int (outs, "width",
        width_for_height (h, dar_n, dar_d, to_par_n, to_par_d));
  } else if (w_fixed) {
    gst_structure_fixate_field_nearest_int (outs, "height",
        height_for_width (w, dar_n, dar_d, to_par_n, to_par_d));
  } else if (!try_size (outs, width_for_height (from_h, dar_n, dar_d,
              to_par_n, to_par_d), from_h)
      && !try_size (outs, from_w, height_for_width (from_w, dar_n, dar_d,
              to_par_n, to_par_d))) {
    /* Neither input dimension fits: the height nearest the input's with
     * its width, else the width nearest that with its height, else the
     * nearest of both (the DAR cannot be kept). */
    h = nearest_int (outs, "height", from_h);
    w = width_for_height (h, dar_n, dar_d, to_par_n, to_par_d);
    if (!try_size (outs, w, h)) {
      w = nearest_int (outs, "width", w);
      h = height_for_width (w, dar_n, dar_d, to_par_n, to_par_d);
      if (!try_size (outs, w, h)) {
        gst_structure_fixate_field_nearest_int (outs, "width", w);
        gst_structure_fixate_field_nearest_int (outs, "height", h);
      }
    }
  }
}

static GstCaps *
gst_cl_bicubic_scale_fixate_caps (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps, GstCaps * othercaps)
{
  GstCLBicubicScale *self = GST_CL_BICUBIC_SCALE (trans);

  othercaps = gst_caps_make_writable (gst_caps_truncate (othercaps));
  fixate_size (self, gst_caps_get_structure (caps, 0),
      gst_caps_get_structure (othercaps, 0));
  othercaps = gst_caps_fixate (othercaps);
  GST_DEBUG_OBJECT (self, "fixated to %" GST_PTR_FORMAT, othercaps);
  return othercaps;
}

/* Navigation pointers land on output pixels: report them in input pixels,
 * through the picture's rectangle when the output is letterboxed. */
static gboolean
gst_cl_bicubic_scale_src_event (GstBaseTransform * trans, GstEvent * event)
{
  GstCLBicubicScale *self = GST_CL_BICUBIC_SCALE (trans);
  GstVideoFilter *filter = GST_VIDEO_FILTER (trans);
  const GstVideoRectangle *rect = &self->planes[0].rect;
  gdouble x, y;

  if (GST_EVENT_TYPE (event) == GST_EVENT_NAVIGATION && self->n_planes > 0
      && gst_navigation_event_get_coordinates (event, &x, &y)) {
    event = gst_event_make_writable (event);
    gst_navigation_event_set_coordinates (event,
        (x - rect->x) * filter->in_info.width / rect->w,
        (y - rect->y) * filter->in_info.height / rect->h);
  }
  return GST_BASE_TRANSFORM_CLASS (parent_class)->src_event (trans, event);
}

static void
gst_cl_bicubic_scale_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstCLBicubicScale *self = GST_CL_BICUBIC_SCALE (object);
  gboolean reconfigure = FALSE;

  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_B:
      self->params.b = g_value_get_double (value);
      self->filter = GST_CL_BICUBIC_FILTER_CUSTOM;
      break;
    case PROP_C:
      self->params.c = g_value_get_double (value);
      self->filter = GST_CL_BICUBIC_FILTER_CUSTOM;
      break;
    case PROP_FILTER:
      self->filter = g_value_get_enum (value);
      if (self->filter != GST_CL_BICUBIC_FILTER_CUSTOM) {
        self->params.b = presets[self->filter].b;
        self->params.c = presets[self->filter].c;
      }
      break;
    case PROP_ANTIALIAS:
      self->params.antialias = g_value_get_boolean (value);
      break;
    case PROP_ADD_BORDERS:
      self->add_borders = g_value_get_boolean (value);
      reconfigure = TRUE;
      break;
    case PROP_MODE:
      self->params.mode = g_value_get_enum (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (self);

  if (reconfigure)
    gst_base_transform_reconfigure_src (GST_BASE_TRANSFORM (self));
}

static void
gst_cl_bicubic_scale_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec)
{
  GstCLBicubicScale *self = GST_CL_BICUBIC_SCALE (object);

  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_B:
      g_value_set_double (value, self->params.b);
      break;
    case PROP_C:
      g_value_set_double (value, self->params.c);
      break;
    case PROP_FILTER:
      g_value_set_enum (value, self->filter);
      break;
    case PROP_ANTIALIAS:
      g_value_set_boolean (value, self->params.antialias);
      break;
    case PROP_ADD_BORDERS:
      g_value_set_boolean (value, self->add_borders);
      break;
    case PROP_MODE:
      g_value_set_enum (value, self->params.mode);
      break;
    case PROP_ACTIVE_MODE:
      g_value_set_enum (value, self->active_mode);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (self);
}

static void
gst_cl_bicubic_scale_init (GstCLBicubicScale * self)
{
  self->params.b = DEFAULT_B;
  self->params.c = DEFAULT_C;
  self->params.antialias = DEFAULT_ANTIALIAS;
  self->params.mode = DEFAULT_MODE;
  self->filter = DEFAULT_FILTER;
  self->add_borders = DEFAULT_ADD_BORDERS;
  self->active_mode = GST_CL_BICUBIC_SCALE_MODE_AUTO;
}

static void
gst_cl_bicubic_scale_class_init (GstCLBicubicScaleClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);
  GstCLFilterClass *cl_class = GST_CL_FILTER_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | GST_PARAM_MUTABLE_PLAYING |
      G_PARAM_STATIC_STRINGS;

  GST_DEBUG_CATEGORY_INIT (gst_cl_bicubic_scale_debug, "clbicubicscale", 0,
      "OpenCL (B, C) bicubic scaler");

  gobject_class->set_property = gst_cl_bicubic_scale_set_property;
  gobject_class->get_property = gst_cl_bicubic_scale_get_property;

  g_object_class_install_property (gobject_class, PROP_B,
      g_param_spec_double ("b", "B",
          "B of the (B, C) cubic (setting it makes filter=custom)", 0.0, 1.0,
          DEFAULT_B, flags | GST_PARAM_CONTROLLABLE));
  g_object_class_install_property (gobject_class, PROP_C,
      g_param_spec_double ("c", "C",
          "C of the (B, C) cubic (setting it makes filter=custom)", 0.0, 1.0,
          DEFAULT_C, flags | GST_PARAM_CONTROLLABLE));
  g_object_class_install_property (gobject_class, PROP_FILTER,
      g_param_spec_enum ("filter", "Filter",
          "Cubic preset; sets b and c", GST_TYPE_CL_BICUBIC_FILTER,
          DEFAULT_FILTER, flags));
  g_object_class_install_property (gobject_class, PROP_ANTIALIAS,
      g_param_spec_boolean ("antialias", "Antialias",
          "When downscaling, widen the filter by the scale factor so detail "
          "does not alias (false: the plain 4x4 taps)", DEFAULT_ANTIALIAS,
          flags));
  g_object_class_install_property (gobject_class, PROP_ADD_BORDERS,
      g_param_spec_boolean ("add-borders", "Add borders",
          "Add black borders to keep the display aspect ratio when the "
          "output caps cannot", DEFAULT_ADD_BORDERS, flags));
  g_object_class_install_property (gobject_class, PROP_MODE,
      g_param_spec_enum ("mode", "Mode",
          "Native cl_qcom_filter_bicubic sampler or emulated kernel",
          GST_TYPE_CL_BICUBIC_SCALE_MODE, DEFAULT_MODE, flags));
  properties[PROP_ACTIVE_MODE] =
      g_param_spec_enum ("active-mode", "Active mode",
          "The path that scaled the last frame (auto: none yet)",
          GST_TYPE_CL_BICUBIC_SCALE_MODE, GST_CL_BICUBIC_SCALE_MODE_AUTO,
          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_property (gobject_class, PROP_ACTIVE_MODE,
      properties[PROP_ACTIVE_MODE]);

  gst_element_class_set_static_metadata (element_class,
      "OpenCL bicubic scaler", "Filter/Converter/Video/Scaler/Hardware",
      "Scales video with the (B, C) cubic family on an OpenCL device",
      "gst-opencl developers");

  trans_class->transform_caps = gst_cl_bicubic_scale_transform_caps;
  trans_class->fixate_caps = gst_cl_bicubic_scale_fixate_caps;
  trans_class->src_event = gst_cl_bicubic_scale_src_event;

  cl_class->open = gst_cl_bicubic_scale_open;
  cl_class->close = gst_cl_bicubic_scale_close;
  cl_class->set_info = gst_cl_bicubic_scale_set_info;
  cl_class->process = gst_cl_bicubic_scale_process;

  gst_type_mark_as_plugin_api (GST_TYPE_CL_BICUBIC_FILTER, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_CL_BICUBIC_SCALE_MODE, 0);
}
