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
 * gst-launch-1.0 videotestsrc num-buffers=30 ! \
 *     video/x-raw,width=320,height=240 ! clbicubicscale filter=mitchell ! \
 *     video/x-raw,width=1280,height=960 ! videoconvert ! autovideosink
 * ]|
 */
#include "gstclbicubicscale.h"
#include "gstclelements.h"
#include "gstclkernels.h"
#include "gstclscalecaps.h"

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

/* The work-groups of the one-pass kernel (scale_tiles), on GPUs:
 * TILE_COLUMNS columns of items, in the shapes of tile_shapes[]
 * (choose_tile_shape()), from the tallest. */
#define TILE_COLUMNS 16

typedef struct
{
  gint items_y;                 /* rows of items */
  gint rows;                    /* output rows each item makes */
} TileShape;

static const TileShape tile_shapes[] = { {8, 8}, {16, 2}, {16, 1} };

#define N_TILE_SHAPES G_N_ELEMENTS (tile_shapes)

/* Output rows of a tile of @shape. */
static gint
tile_height (const TileShape * shape)
{
  return shape->items_y * shape->rows;
}

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
  cl_kernel tiles;              /* one pass; GPUs only */
  gint tile_shape;              /* index into tile_shapes[], or -1 where
                                 * no tile fits the tables: two passes */
  gint tile_pixels;             /* output columns of a scale_tiles item */
  gboolean columns_first;       /* the columns pass runs on the source:
                                 * some downscales on CPU devices, both
                                 * storages */
  gchar *options;               /* the build options of rows, columns and
                                 * tiles */
  cl_mem tmp;                   /* the first pass's output: rect width x
                                 * input height, or input width x rect
                                 * height columns first; made on first
                                 * use */
  gsize tmp_size;               /* for the largest rect */
  AxisTable x;
  AxisTable y;
  /* source rows the output rows of a tile of each shape read, at most */
  gint tile_spans[N_TILE_SHAPES];
  GstVideoRectangle rect;       /* where the picture goes, plane pixels;
                                 * written under the object lock */
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
  ScaleParams frame;            /* the snapshot the frames are scaled with */
  gboolean frame_borders;       /* add-borders in the snapshot */
  gboolean identity;            /* same caps in and out: passthrough */
  gboolean borders;             /* add-borders of the planes' rects */
  ScaleParams applied;          /* what the tables were built for */
  gboolean tables_valid;
  guint n_planes;
  PlaneScaler planes[GST_VIDEO_MAX_PLANES];
  cl_sampler bicubic_sampler;

  /* for navigation events, under the object lock: the picture on whole
   * output frames, and the input frames' size (fields are scaled one by
   * one, planes[].rect is then in a field's rows) */
  GstVideoRectangle shown;
  gint source_width, source_height;
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
native_not_possible (const GstCLDeviceInfo * device, GstCLStorage memory,
    gdouble b, gdouble c, gboolean antialias, gint in_width, gint in_height,
    gint out_width, gint out_height, const gchar ** why)
{
  if (!device->has_qcom_bicubic)
    *why = "the device does not advertise cl_qcom_filter_bicubic";
  else if (memory != GST_CL_STORAGE_IMAGE)
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
    GstCLStorage memory, GstCLBicubicScaleMode requested, gdouble b,
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

/* Downscales of four-channel formats by more than this on either axis
 * keep images (gst_cl_bicubic_scale_prefers_buffers ()). */
#define BUFFERS_MAX_SHRINK 5

/**
 * gst_cl_bicubic_scale_prefers_buffers:
 *
 * Whether memory=auto keeps frames of @format scaled from @in_width x
 * @in_height to @out_width x @out_height in buffers on @device where it
 * would take images (GPUs): unless the device has the native sampler,
 * which reads images, the formats whose planes have one or two channels
 * (GRAY8, GRAY16_LE, I420, NV12) always, and the RGB formats except where
 * they shrink by more than BUFFERS_MAX_SHRINK on either axis.
 *
 * A buffer's pixel is one load or store (common.cl), and a warp's stores
 * meet in whole lines where images store texel by texel; but the wide
 * gathers of steep antialiased downscales (24 taps a row at 4K -> 640x360)
 * are served faster by the texture cache. H100, kernel ms per frame,
 * images against buffers: NV12 1080p -> 4K 0.049 (0.043), 4K -> 1080p
 * 0.046 (0.041), 4K -> 640x360 0.087 (0.057); I420 4K -> 1280x720 0.067
 * (0.047); GRAY8 640x360 -> 4K 0.038 (0.025), 720p -> 1080p 0.015-0.016
 * (0.013), 1080p -> 720p 0.014 (0.014); GRAY16_LE 4K -> 640x360 0.087
 * (0.030), 1080p -> 1440p 0.023 (0.020); RGBA 1080p -> 4K 0.056 (0.049),
 * 720p -> 1080p 0.021 (0.019), 640x360 -> 4K 0.044 (0.040), 4K -> 1080p
 * 0.070 (0.047), 4K -> 1280x720 0.088 (0.066), 4K -> 960x540 0.165
 * (0.091), 4K -> 768x432 0.100 (0.090), 1080p -> 480x270 0.049 (0.028),
 * 1080p -> 384x216 0.039 (0.039), but shrunk by 6, 4K -> 640x360 0.080
 * (0.120) and 1080p -> 320x180 0.028 (0.034). Per frame with the
 * transfers (upload, kernel, download): NV12 1080p -> 4K 0.403 ms
 * (0.389), 720p -> 1080p 0.174 (0.165), 4K -> 1080p 0.418 (0.410); RGBA
 * 4K -> 1080p 0.89 (0.85), 4K -> 1280x720 0.89 (0.84).
 */
gboolean
gst_cl_bicubic_scale_prefers_buffers (const GstCLDeviceInfo * device,
    GstVideoFormat format, gint in_width, gint in_height, gint out_width,
    gint out_height)
{
  if (device->has_qcom_bicubic)
    return FALSE;
  if (gst_cl_format_max_channels (format) < 4)
    return TRUE;
  return in_width <= BUFFERS_MAX_SHRINK * out_width
      && in_height <= BUFFERS_MAX_SHRINK * out_height;
}

static gboolean
gst_cl_bicubic_scale_filter_prefers_buffers (GstCLFilter * filter,
    const GstVideoInfo * in, const GstVideoInfo * out)
{
  GstCLContext *context = gst_cl_filter_get_context (filter);

  return gst_cl_bicubic_scale_prefers_buffers (context->info,
      GST_VIDEO_INFO_FORMAT (in), GST_VIDEO_INFO_WIDTH (in),
      GST_VIDEO_INFO_HEIGHT (in), GST_VIDEO_INFO_WIDTH (out),
      GST_VIDEO_INFO_HEIGHT (out));
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

/* How far the kernel is stretched on an axis: by the scale factor on an
 * antialiased downscale, else not. */
static gdouble
axis_stretch (gint in_size, gint out_size, const ScaleParams * p)
{
  gdouble scale = (gdouble) in_size / out_size;

  return (p->antialias && scale > 1.0) ? scale : 1.0;
}

/* The taps of an axis: 4, or all those under a stretched kernel. */
static gint
axis_taps (gint in_size, gint out_size, const ScaleParams * p)
{
  gdouble stretch = axis_stretch (in_size, out_size, p);

  return stretch > 1.0 ? (gint) ceil (4.0 * stretch) : 4;
}

/* The input positions that the outputs of a tile of each shape read, at
 * most, from @starts (@size outputs of @taps taps): @spans. */
static void
measure_tile_spans (const gint * starts, gint size, gint taps, gint * spans)
{
  for (guint t = 0; t < N_TILE_SHAPES; t++) {
    gint rows = tile_height (&tile_shapes[t]);

    spans[t] = 0;
    for (gint i = 0; i < size; i++)
      spans[t] = MAX (spans[t],
          starts[MIN (i + rows - 1, size - 1)] - starts[i] + taps);
  }
}

/* Output centre i maps to input position (i + 0.5) * in / out - 0.5. The
 * plain kernel takes the 4 taps floor(pos) - 1 .. floor(pos) + 2, as
 * cl_qcom_filter_bicubic does; an antialiased downscale stretches the
 * kernel by the scale factor and takes every tap under it. With
 * @tile_spans (the y axis, down which scale_tiles's tiles run), also
 * their spans. */
static gboolean
build_axis_table (GstCLContext * context, AxisTable * table, gint in_size,
    gint out_size, const ScaleParams * p, gint * tile_spans, GError ** error)
{
  gdouble scale = (gdouble) in_size / out_size;
  gdouble stretch = axis_stretch (in_size, out_size, p);
  gint taps = axis_taps (in_size, out_size, p);
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
  if (tile_spans)
    measure_tile_spans (starts, out_size, taps, tile_spans);
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
    gst_cl_clear_kernel (context, &ps->tiles);
    g_clear_pointer (&ps->options, g_free);
    gst_cl_clear_mem (context, &ps->tmp);
  }
  GST_OBJECT_LOCK (self);
  self->n_planes = 0;
  GST_OBJECT_UNLOCK (self);
}

static const gchar *const scale_sources[] = {
  gst_cl_kernel_common, gst_cl_kernel_bicubicscale, NULL
};

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

/* Each plane's picture rectangle for @add_borders. Navigation events read
 * them from another thread. */
static void
place_picture (GstCLBicubicScale * self, const GstCLFrame * in,
    const GstCLFrame * out, gboolean add_borders)
{
  GstVideoRectangle rect;
  /* rows of a whole frame per row of @in and @out */
  gint rows = gst_cl_filter_processes_fields (GST_CL_FILTER (self)) ? 2 : 1;

  gst_cl_scale_picture_rectangle (&in->info, &out->info, add_borders, &rect);
  GST_DEBUG_OBJECT (self, "%dx%d -> %dx%d, picture at %d,%d %dx%d",
      in->info.width, in->info.height, out->info.width, out->info.height,
      rect.x, rect.y, rect.w, rect.h);

  GST_OBJECT_LOCK (self);
  self->shown = rect;
  self->shown.y *= rows;
  self->shown.h *= rows;
  self->source_width = in->info.width;
  self->source_height = in->info.height * rows;
  self->n_planes = out->n_planes;
  for (guint p = 0; p < out->n_planes; p++) {
    const GstCLPlane *op = &out->planes[p];
    GstVideoRectangle *r = &self->planes[p].rect;

    r->x = GST_VIDEO_SUB_SCALE (op->w_sub, rect.x);
    r->y = GST_VIDEO_SUB_SCALE (op->h_sub, rect.y);
    r->w = GST_VIDEO_SUB_SCALE (op->w_sub, rect.x + rect.w) - r->x;
    r->h = GST_VIDEO_SUB_SCALE (op->h_sub, rect.y + rect.h) - r->y;
  }
  GST_OBJECT_UNLOCK (self);
  self->borders = add_borders;
}

/* Compensated summation costs four operations a tap instead of one; the
 * kernels use it only where an axis sums more taps than this, where a
 * plain float sum would lose levels at 16 bits. Every storage, width of
 * kernel and order of the passes decides it alike. */
#define COMPENSATED_TAPS 32

/* Output rows a work-item of the wide kernels makes, whose sums, side by
 * side, keep the SIMD units busy: the rows pass is written for two, the
 * columns pass takes its count as a build option. */
#define WIDE_ROWS_PASS_ROWS 2
#define WIDE_COLUMNS_PASS_ROWS 4

/* Output columns an item of scale_tiles makes for @in's plane scaled into
 * @rect (TILE_PIXELS in bicubicscale.cl): 4 / channels and at least 2, so
 * that an item shares its indices and column weights between four
 * channel values or more, except in downscales along y by more than 2,
 * which make few outputs from many source rows: 1.
 * H100, kernel ms per frame, 4 / channels against 1: GRAY8 1080p -> 4K
 * 0.044-0.045 (0.054-0.068), NV12 0.062 (0.073), NV12 720p -> 1080p
 * 0.025-0.031 (0.029-0.030); antialiased, NV12 4K -> 1080p 0.058 (0.060),
 * GRAY8 4K -> 720p 0.041 (0.037), 4K -> 640x360 0.063 (0.057), NV12
 * 0.098 (0.088). RGBA, 2 against 1: 1080p -> 4K 0.067 (0.075), 720p ->
 * 1080p 0.024 (0.027), 640x360 -> 4K 0.052 (0.059), 1080p -> 1440p 0.040
 * (0.044), 1080p -> 3840x1080 0.049 (0.055); antialiased, 4K -> 1440p
 * 0.083 (0.090), 4K -> 1080p 0.072 (0.072), but 4K -> 720p 0.091
 * (0.089), and at 4K -> 640x360 the tile no longer fits local memory
 * (two passes, 0.086 against 0.081). Twice as many, 8 for GRAY8 and 4
 * for the two-channel plane of NV12, were slower: GRAY8 720p -> 1440p
 * 0.031 (0.024). With the taps as constants (CONSTANT_TAP_VALUES), 8-bit
 * planes of one channel whose rows take more than 6 taps (antialiased
 * downscales by more than 1.5) make 2: antialiased 4K -> 1080p, GRAY8
 * 0.032 (0.035 with 4), NV12 0.046 (0.049), I420 0.057 (0.070); with 6
 * taps 4 stay faster, GRAY8 4K -> 1440p 0.040 (0.042 with 2), 1440p ->
 * 1080p 0.024 (0.025), and so do GRAY16's: 4K -> 1080p 0.041 (0.042). */
static gint
tile_pixels (const GstCLPlane * in, const GstVideoRectangle * rect, gint x_taps)
{
  if (2 * rect->h < in->height)
    return 1;
  if (in->channels == 1 && in->depth == 8 && x_taps > 6)
    return 2;
  return MAX (4 / in->channels, 2);
}

/* The largest taps * channels of a scale_tiles rows pass whose taps are
 * a build option (-DX_TAPS: its loop unrolled). H100, kernel ms per
 * frame, taps as constants against arguments: RGBA 1080p -> 4K (4 taps)
 * 0.056 (0.067), 720p -> 1080p 0.021 (0.024); GRAY8 1080p -> 4K 0.034
 * (0.045), NV12 0.049 (0.062), I420 0.065 (0.083); antialiased, RGBA 4K
 * -> 1440p (6) 0.071 (0.083), 4K -> 1080p (8) 0.070 (0.073), NV12 4K ->
 * 1080p 0.049 (0.058), NV12 4K -> 720p (12, two channels in the chroma
 * plane) 0.053 (0.056). More taps of four channels were slower as
 * constants: RGBA 4K -> 720p (12) 0.092 (0.088), 4K -> 640x360 (24)
 * 0.099 (0.081). The columns pass's taps are constants wherever they are
 * summed plainly (-DY_TAPS); alone, RGBA 4K -> 640x360 0.080 (0.080),
 * 4K -> 720p 0.087 (0.088). */
#define CONSTANT_TAP_VALUES 32

/* The build options of the emulated kernels for @in's plane scaled into
 * @ps's picture (free with g_free): the kernels of a plane share them,
 * one program. Where the filter runs one-pixel kernels, that program
 * holds scale_tiles, with TILE_PIXELS and the taps it takes as
 * constants; the wide kernels leave the taps to their arguments, so that
 * a change of taps builds nothing new on CPU devices. */
static gchar *
emulated_options (GstCLBicubicScale * self, const GstCLPlane * in,
    const PlaneScaler * ps, const ScaleParams * params)
{
  gint x_taps = axis_taps (in->width, ps->rect.w, params);
  gint y_taps = axis_taps (in->height, ps->rect.h, params);
  GString *options = g_string_new (NULL);

  if (gst_cl_filter_wants_wide (GST_CL_FILTER (self))) {
    g_string_append (options, "-DGST_CL_WIDE -DCOLUMN_PASS_ROWS="
        G_STRINGIFY (WIDE_COLUMNS_PASS_ROWS));
  } else {
    g_string_append_printf (options, "-DTILE_PIXELS=%d", ps->tile_pixels);
    if (x_taps * (gint) in->channels <= CONSTANT_TAP_VALUES)
      g_string_append_printf (options, " -DX_TAPS=%d", x_taps);
    if (y_taps <= COMPENSATED_TAPS)
      g_string_append_printf (options, " -DY_TAPS=%d", y_taps);
  }
  if (x_taps > COMPENSATED_TAPS)
    g_string_append (options, " -DGST_CL_COMPENSATED_ROWS");
  if (y_taps > COMPENSATED_TAPS)
    g_string_append (options, " -DGST_CL_COMPENSATED_COLUMNS");
  return g_string_free (options, FALSE);
}

/* The emulated kernels for the taps of @ps's picture: the two passes, and
 * on GPUs the one-pass kernel; built again where their options changed
 * (an antialias change while playing, say). */
static gboolean
ensure_emulated_kernels (GstCLBicubicScale * self, PlaneScaler * ps,
    const GstCLPlane * in, const ScaleParams * params, GError ** error)
{
  GstCLFilter *filter = GST_CL_FILTER (self);
  GstCLContext *context = gst_cl_filter_get_context (filter);
  gchar *options;
  gboolean built;

  ps->tile_pixels = tile_pixels (in, &ps->rect, axis_taps (in->width,
          ps->rect.w, params));
  options = emulated_options (self, in, ps, params);

  if (ps->options && g_str_equal (ps->options, options)) {
    g_free (options);
    return TRUE;
  }
  gst_cl_clear_kernel (context, &ps->rows);
  gst_cl_clear_kernel (context, &ps->columns);
  gst_cl_clear_kernel (context, &ps->tiles);
  g_clear_pointer (&ps->options, g_free);
  ps->rows = gst_cl_filter_create_kernel (filter, "bicubicscale",
      scale_sources, in, options,
      ps->columns_first ? "scale_picture_rows" : "scale_rows", error);
  ps->columns = ps->rows ? gst_cl_filter_create_kernel (filter,
      "bicubicscale", scale_sources, in, options,
      ps->columns_first ? "scale_source_columns" : "scale_columns",
      error) : NULL;
  built = ps->columns != NULL;
  if (built && !gst_cl_filter_wants_wide (filter) && !ps->columns_first) {
    ps->tiles = gst_cl_filter_create_kernel (filter, "bicubicscale",
        scale_sources, in, options, "scale_tiles", error);
    built = ps->tiles != NULL;
  }
  if (built)
    ps->options = options;
  else
    g_free (options);
  return built;
}

/* Whether @in's plane is better scaled into the picture @rect columns
 * first: on CPU devices, on a downscale along y at least as steep as
 * along x. The passes then multiply as many taps as rows first, or fewer
 * (the taps on an axis grow with its factor), and the wide kernels'
 * columns pass on the source loads each tap of a run whole, where their
 * rows pass would gather and regroup. Images there take the same order,
 * in one-pixel kernels, so that both storages give the same bytes; GPUs
 * keep the one-pass tiles, rows first. */
static gboolean
wants_columns_first (GstCLBicubicScale * self, const GstCLPlane * in,
    const GstVideoRectangle * rect)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));

  if (!(context->info->type & CL_DEVICE_TYPE_CPU) || rect->h >= in->height)
    return FALSE;
  return (gint64) in->height * rect->w >= (gint64) in->width * rect->h;
}

/* The passes' order and intermediate for @in's plane into @out's, the
 * largest picture, and the emulated kernels. */
static gboolean
create_plane_kernels (GstCLBicubicScale * self, PlaneScaler * ps,
    const GstCLPlane * in, const GstCLPlane * out, const ScaleParams * params,
    GError ** error)
{
  ps->columns_first = wants_columns_first (self, in, &ps->rect);
  /* for any picture that add-borders makes while playing */
  if (ps->columns_first)
    ps->tmp_size = sizeof (gfloat) * in->channels * in->width * out->height;
  else
    ps->tmp_size = sizeof (gfloat) * in->channels * out->width * in->height;
  GST_DEBUG_OBJECT (self, "%dx%d -> %dx%d: %s first", in->width, in->height,
      out->width, out->height, ps->columns_first ? "columns" : "rows");
  return ensure_emulated_kernels (self, ps, in, params, error);
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
  const GstVideoRectangle *rect = &self->planes[0].rect;
  ScaleParams params;
  gboolean add_borders;
  GstCLBicubicScaleMode chosen;

  clear_planes (self);
  self->identity = gst_video_info_is_equal (&in->info, &out->info);
  if (self->identity) {
    GST_DEBUG_OBJECT (self, "same caps in and out: passthrough");
    return TRUE;
  }

  GST_OBJECT_LOCK (self);
  params = self->params;
  add_borders = self->add_borders;
  GST_OBJECT_UNLOCK (self);

  place_picture (self, in, out, add_borders);

  /* Refuse an impossible mode=native now, in negotiation. */
  if (!gst_cl_bicubic_scale_choose_mode (context->info,
          gst_cl_filter_get_memory (filter), params.mode, params.b, params.c,
          params.antialias, in->info.width, in->info.height, rect->w, rect->h,
          &chosen, error))
    return FALSE;

  for (guint p = 0; p < out->n_planes; p++) {
    PlaneScaler *ps = &self->planes[p];

    gst_cl_frame_plane_color (&out->info, p, 0xff000000, ps->border);
    if (!create_plane_kernels (self, ps, &in->planes[p], &out->planes[p],
            &params, error))
      return FALSE;
  }
  return TRUE;
}

static gboolean
gst_cl_bicubic_scale_snapshot (GstCLFilter * filter)
{
  GstCLBicubicScale *self = GST_CL_BICUBIC_SCALE (filter);

  GST_OBJECT_LOCK (self);
  self->frame = self->params;
  self->frame_borders = self->add_borders;
  GST_OBJECT_UNLOCK (self);
  return self->identity;
}

/* Output columns of a scale_tiles tile of @ps. */
static gsize
tile_width (const PlaneScaler * ps)
{
  return TILE_COLUMNS * ps->tile_pixels;
}

/* Bytes of local memory scale_tiles needs for @ps's tables, in tiles of
 * tile_shapes[@shape]. */
static gsize
tile_local_bytes (const PlaneScaler * ps, const GstCLPlane * src, guint shape)
{
  return (gsize) ps->tile_spans[shape] * tile_width (ps) * src->channels *
      sizeof (gfloat);
}

/* The shape of the tiles scale_tiles makes for @ps, or -1 where the
 * one-pass kernel cannot take its groups or its source rows (a few for an
 * upscale, some hundreds for a steep antialiased downscale) fit in local
 * memory for no tile. Taller tiles filter fewer source rows twice, for
 * their neighbours, but make fewer groups of more work each. Measured on
 * an H100 (RGBA, kernel ms per frame; tiles of 16 x 64, 16 x 32 and 16 x
 * 16 in the shapes above): 1080p -> 4K 0.075, 0.091, 0.112; antialiased
 * 4K -> 1080p 0.088, 0.072, 0.079; NV12 720p -> 1080p 0.060, 0.034, 0.036.
 * Hence 64 rows only where they read at most half as many source rows,
 * taps aside (upscales of 2x or more), else 32 where they fit, else 16. */
static gint
choose_tile_shape (GstCLBicubicScale * self, const PlaneScaler * ps,
    const GstCLPlane * src)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));
  gsize group_size;
  gint tallest = tile_height (&tile_shapes[0]);

  if (!ps->tiles || ps->columns_first)
    return -1;
  group_size = gst_cl_context_kernel_group_size (context, ps->tiles);
  for (guint t = 0; t < N_TILE_SHAPES; t++)
    if ((t > 0 || 2 * (ps->tile_spans[0] - ps->y.taps) <= tallest)
        && group_size >= (gsize) TILE_COLUMNS * tile_shapes[t].items_y
        && tile_local_bytes (ps, src, t) <= context->info->local_mem_size)
      return t;
  return -1;
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
            NULL, error)
        || !build_axis_table (context, &ps->y, ip->height, ps->rect.h,
            params, ps->tile_spans, error)
        || !ensure_emulated_kernels (self, ps, ip, params, error))
      return FALSE;
    ps->tile_shape = choose_tile_shape (self, ps, ip);
  }
  self->applied = *params;
  self->tables_valid = TRUE;
  return TRUE;
}

/* The arguments scale_tiles and scale_native start with: both planes with
 * their sizes, and the picture's rectangle in the output. */
static void
add_frames_args (GstCLArgs * args, const GstCLPlane * src,
    const GstCLPlane * dst, const PlaneScaler * ps)
{
  gst_cl_args_add_plane (args, src);
  gst_cl_args_add_int (args, src->width);
  gst_cl_args_add_int (args, src->height);
  gst_cl_args_add_plane (args, dst);
  gst_cl_args_add_int (args, dst->width);
  gst_cl_args_add_int (args, dst->height);
  gst_cl_args_add_int (args, ps->rect.x);
  gst_cl_args_add_int (args, ps->rect.y);
  gst_cl_args_add_int (args, ps->rect.w);
  gst_cl_args_add_int (args, ps->rect.h);
}

/* An axis table's kernel arguments: starts, weights and taps. */
static void
add_axis_table_args (GstCLArgs * args, const AxisTable * table)
{
  gst_cl_args_add_mem (args, table->starts);
  gst_cl_args_add_mem (args, table->weights);
  gst_cl_args_add_int (args, table->taps);
}

static void
add_border_arg (GstCLArgs * args, const PlaneScaler * ps)
{
  gst_cl_args_add_float4 (args, ps->border[0], ps->border[1], ps->border[2],
      ps->border[3]);
}

static gboolean
run_tiles (GstCLBicubicScale * self, const GstCLPlane * src,
    const GstCLPlane * dst, PlaneScaler * ps, GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));
  const TileShape *shape = &tile_shapes[ps->tile_shape];
  gint tile_h = tile_height (shape);
  const gsize local[2] = { TILE_COLUMNS, shape->items_y };
  const gsize groups[2] = {
    (dst->width + tile_width (ps) - 1) / tile_width (ps),
    (dst->height + tile_h - 1) / tile_h,
  };
  GstCLArgs args;

  gst_cl_args_init (&args, ps->tiles);
  add_frames_args (&args, src, dst, ps);
  add_axis_table_args (&args, &ps->x);
  add_axis_table_args (&args, &ps->y);
  add_border_arg (&args, ps);
  gst_cl_args_add (&args, tile_local_bytes (ps, src, ps->tile_shape), NULL);
  gst_cl_args_add_int (&args, shape->rows);
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_groups (context, ps->tiles, 2, groups, local,
      error);
}

/* Rows of work-items for @rows rows, where the wide kernels make
 * @per_item rows each. */
static gsize
item_rows (GstCLBicubicScale * self, gint rows, gint per_item)
{
  if (!gst_cl_filter_wants_wide (GST_CL_FILTER (self)))
    return rows;
  return (rows + per_item - 1) / per_item;
}

/* The intermediate the first pass writes, made on first use. */
static gboolean
ensure_intermediate (GstCLBicubicScale * self, PlaneScaler * ps,
    GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));

  if (ps->tmp == NULL)
    ps->tmp = gst_cl_context_create_buffer (context, CL_MEM_READ_WRITE,
        ps->tmp_size, NULL, error);
  return ps->tmp != NULL;
}

/* The first pass of either order, @kernel from @src into the
 * intermediate (made on first use): @extent output values along the axis
 * of @table, @width pixels by @rows_of_items rows of work-items. */
static gboolean
run_first_pass (GstCLBicubicScale * self, cl_kernel kernel,
    const GstCLPlane * src, PlaneScaler * ps, gint extent,
    const AxisTable * table, gint width, gsize rows_of_items, GError ** error)
{
  GstCLFilter *filter = GST_CL_FILTER (self);
  GstCLArgs args;

  if (!ensure_intermediate (self, ps, error))
    return FALSE;
  gst_cl_args_init (&args, kernel);
  gst_cl_args_add_plane (&args, src);
  gst_cl_args_add_int (&args, src->width);
  gst_cl_args_add_int (&args, src->height);
  gst_cl_args_add_mem (&args, ps->tmp);
  gst_cl_args_add_int (&args, extent);
  add_axis_table_args (&args, table);
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_2d (gst_cl_filter_get_context (filter),
      kernel, gst_cl_filter_items_per_row (filter, width, src->channels),
      rows_of_items, error);
}

static gboolean
run_two_passes (GstCLBicubicScale * self, const GstCLPlane * src,
    const GstCLPlane * dst, PlaneScaler * ps, GError ** error)
{
  GstCLFilter *filter = GST_CL_FILTER (self);
  GstCLContext *context = gst_cl_filter_get_context (filter);
  GstCLArgs args;

  if (!run_first_pass (self, ps->rows, src, ps, ps->rect.w, &ps->x,
          ps->rect.w, item_rows (self, src->height, WIDE_ROWS_PASS_ROWS),
          error))
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
  add_axis_table_args (&args, &ps->y);
  add_border_arg (&args, ps);
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_2d (context, ps->columns,
      gst_cl_filter_items_per_row (filter, dst->width, dst->channels),
      item_rows (self, dst->height, WIDE_COLUMNS_PASS_ROWS), error);
}

/* The other order: the columns pass on the source into an intermediate
 * of the source's width and the picture's height, then the rows pass from
 * it into the output, borders included. */
static gboolean
run_two_passes_columns_first (GstCLBicubicScale * self,
    const GstCLPlane * src, const GstCLPlane * dst, PlaneScaler * ps,
    GError ** error)
{
  GstCLFilter *filter = GST_CL_FILTER (self);
  GstCLContext *context = gst_cl_filter_get_context (filter);
  GstCLArgs args;

  if (!run_first_pass (self, ps->columns, src, ps, ps->rect.h, &ps->y,
          src->width, item_rows (self, ps->rect.h, WIDE_COLUMNS_PASS_ROWS),
          error))
    return FALSE;

  gst_cl_args_init (&args, ps->rows);
  gst_cl_args_add_mem (&args, ps->tmp);
  gst_cl_args_add_int (&args, src->width);
  gst_cl_args_add_plane (&args, dst);
  gst_cl_args_add_int (&args, dst->width);
  gst_cl_args_add_int (&args, dst->height);
  gst_cl_args_add_int (&args, ps->rect.x);
  gst_cl_args_add_int (&args, ps->rect.y);
  gst_cl_args_add_int (&args, ps->rect.w);
  gst_cl_args_add_int (&args, ps->rect.h);
  add_axis_table_args (&args, &ps->x);
  add_border_arg (&args, ps);
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_2d (context, ps->rows,
      gst_cl_filter_items_per_row (filter, dst->width, dst->channels),
      item_rows (self, dst->height, WIDE_ROWS_PASS_ROWS), error);
}

static gboolean
run_emulated (GstCLBicubicScale * self, const GstCLPlane * src,
    const GstCLPlane * dst, PlaneScaler * ps, GError ** error)
{
  if (ps->tile_shape >= 0)
    return run_tiles (self, src, dst, ps, error);
  if (ps->columns_first)
    return run_two_passes_columns_first (self, src, dst, ps, error);
  return run_two_passes (self, src, dst, ps, error);
}

static gboolean
run_native (GstCLBicubicScale * self, const GstCLPlane * src,
    const GstCLPlane * dst, PlaneScaler * ps, GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));
  GstCLArgs args;

  gst_cl_args_init (&args, ps->native);
  add_frames_args (&args, src, dst, ps);
  add_border_arg (&args, ps);
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
  const ScaleParams *params = &self->frame;
  gboolean changed;

  /* add-borders may change while playing, the caps staying the same. */
  if (self->frame_borders != self->borders) {
    place_picture (self, in, out, self->frame_borders);
    clear_tables (self);
  }

  /* b, c, antialias and mode may change while playing. */
  if (!gst_cl_bicubic_scale_choose_mode (context->info, in->memory,
          params->mode, params->b, params->c, params->antialias, in->info.width,
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
  } else if (!self->tables_valid || !params_equal (params, &self->applied)) {
    if (!build_tables (self, in, params, error))
      return FALSE;
  }

  for (guint p = 0; p < self->n_planes; p++) {
    gboolean ok = chosen == GST_CL_BICUBIC_SCALE_MODE_NATIVE ?
        run_native (self, &in->planes[p], &out->planes[p], &self->planes[p],
        error) : run_emulated (self, &in->planes[p], &out->planes[p],
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
  GstCaps *ret = gst_cl_filter_restrict_caps (GST_CL_FILTER (trans),
      gst_cl_scale_caps_any_size (caps));

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

/* Fixation keeps the input's display aspect ratio the way videoscale
 * does, so that the two scalers give the same caps. */
static GstCaps *
gst_cl_bicubic_scale_fixate_caps (GstBaseTransform * trans,
    GstPadDirection direction, GstCaps * caps, GstCaps * othercaps)
{
  return gst_cl_scale_fixate_caps (GST_ELEMENT (trans), direction, caps,
      othercaps);
}

/* Metas follow videoscale's rules: those about geometry (tags video, size,
 * orientation only) are kept, and scaled through their transform where
 * tagged size; the others go the GstVideoFilter way. With borders the
 * picture is only part of the frame, where a scale would misplace them: a
 * region of interest is placed on the picture, other size metas dropped. */
static gboolean
gst_cl_bicubic_scale_transform_meta (GstBaseTransform * trans,
    GstBuffer * outbuf, GstMeta * meta, GstBuffer * inbuf)
{
  GstCLBicubicScale *self = GST_CL_BICUBIC_SCALE (trans);
  GstVideoFilter *filter = GST_VIDEO_FILTER (trans);
  const GstMetaInfo *info = meta->info;
  GstVideoMetaTransform scale = { &filter->in_info, &filter->out_info };
  GstVideoRectangle picture;

  if (!gst_cl_meta_is_geometry (meta))
    return GST_BASE_TRANSFORM_CLASS (parent_class)->transform_meta (trans,
        outbuf, meta, inbuf);
  if (!gst_meta_api_type_has_tag (info->api,
          g_quark_from_static_string (GST_META_TAG_VIDEO_SIZE_STR)))
    return TRUE;

  /* the picture on the whole output frame being made */
  gst_cl_scale_picture_rectangle (&filter->in_info, &filter->out_info,
      self->frame_borders, &picture);
  if (picture.w == filter->out_info.width
      && picture.h == filter->out_info.height) {
    if (info->transform_func)
      info->transform_func (outbuf, meta, inbuf,
          gst_video_meta_transform_scale_get_quark (), &scale);
  } else if (info->api == GST_VIDEO_REGION_OF_INTEREST_META_API_TYPE) {
    gst_cl_scale_add_letterboxed_roi (outbuf,
        (GstVideoRegionOfInterestMeta *) meta, &filter->in_info, &picture);
  } else {
    GST_DEBUG_OBJECT (self, "dropping %s: it cannot be placed on a "
        "letterboxed picture", g_type_name (info->api));
  }
  return FALSE;
}

/* Navigation pointers land on output pixels: report them in input pixels,
 * through the picture's rectangle when the output is letterboxed. */
static gboolean
gst_cl_bicubic_scale_src_event (GstBaseTransform * trans, GstEvent * event)
{
  GstCLBicubicScale *self = GST_CL_BICUBIC_SCALE (trans);
  GstVideoRectangle rect;
  gint width, height;
  gboolean scaling;
  gdouble x, y;

  /* The streaming thread may lay the picture out again meanwhile. */
  GST_OBJECT_LOCK (self);
  scaling = self->n_planes > 0;
  rect = self->shown;
  width = self->source_width;
  height = self->source_height;
  GST_OBJECT_UNLOCK (self);

  if (GST_EVENT_TYPE (event) == GST_EVENT_NAVIGATION && scaling
      && gst_navigation_event_get_coordinates (event, &x, &y)) {
    event = gst_event_make_writable (event);
    gst_navigation_event_set_coordinates (event,
        (x - rect.x) * width / rect.w, (y - rect.y) * height / rect.h);
  }
  return GST_BASE_TRANSFORM_CLASS (parent_class)->src_event (trans, event);
}

static void
gst_cl_bicubic_scale_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstCLBicubicScale *self = GST_CL_BICUBIC_SCALE (object);

  /* Recorded only: the streaming thread takes them for the next frame
   * (snapshot). add-borders does not change the output caps. */
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
      break;
    case PROP_MODE:
      self->params.mode = g_value_get_enum (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (self);
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
  trans_class->transform_meta = gst_cl_bicubic_scale_transform_meta;

  cl_class->open = gst_cl_bicubic_scale_open;
  cl_class->close = gst_cl_bicubic_scale_close;
  cl_class->set_info = gst_cl_bicubic_scale_set_info;
  cl_class->snapshot = gst_cl_bicubic_scale_snapshot;
  cl_class->process = gst_cl_bicubic_scale_process;
  cl_class->prefers_buffers = gst_cl_bicubic_scale_filter_prefers_buffers;

  gst_type_mark_as_plugin_api (GST_TYPE_CL_BICUBIC_FILTER, 0);
  gst_type_mark_as_plugin_api (GST_TYPE_CL_BICUBIC_SCALE_MODE, 0);
}
