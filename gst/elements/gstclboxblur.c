/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
/**
 * SECTION:element-clboxblur
 * @title: clboxblur
 *
 * Blurs video on an OpenCL device with a box filter: every output pixel is
 * the average of the (2 * radius-x + 1) x (2 * radius-y + 1) window around
 * it. At the edges the window is clipped to the frame and the sum divided
 * by the number of pixels inside it, so borders neither darken nor smear.
 * Sums are integers and each output is the exact average rounded to
 * nearest, halves up, for 8-bit and 16-bit formats alike.
 *
 * The cost per pixel does not depend on the radius: the separable method
 * keeps running sums along rows, then down columns; the sat method builds a
 * summed-area table and reads four of its entries per pixel. Both give the
 * same bytes; #GstCLBoxBlur:method auto picks the faster for the device.
 *
 * Subsampled chroma planes (I420, NV12) are blurred with the radius scaled
 * by their subsampling, rounded to nearest with halves up ((r + 1) / 2 for
 * 4:2:0), so every plane looks blurred alike. Alpha is blurred like the
 * colour channels. #GstCLBoxBlur:passes repeats the blur (three passes
 * come close to a Gaussian). With both radii 0 the element is passthrough.
 * Interlaced video is blurred field by field.
 *
 * ## Example launch line
 * |[
 * gst-launch-1.0 videotestsrc num-buffers=30 ! \
 *     video/x-raw,format=NV12,width=1280,height=720 ! clboxblur radius=8 ! \
 *     videoconvert ! autovideosink
 * ]|
 */
#include "gstclboxblur.h"
#include "gstclelements.h"
#include "gstclkernels.h"

GST_DEBUG_CATEGORY_STATIC (gst_cl_box_blur_debug);
#define GST_CAT_DEFAULT gst_cl_box_blur_debug

#define MAX_RADIUS 8192
#define MAX_PASSES 8
#define DEFAULT_RADIUS 2
#define DEFAULT_PASSES 1
#define DEFAULT_METHOD GST_CL_BOX_BLUR_METHOD_AUTO

enum
{
  PROP_0,
  PROP_RADIUS,
  PROP_RADIUS_X,
  PROP_RADIUS_Y,
  PROP_PASSES,
  PROP_METHOD,
  PROP_ACTIVE_METHOD,
};

typedef struct
{
  guint radius_x;
  guint radius_y;
  guint passes;
  GstCLBoxBlurMethod method;
} BlurParams;

/* How one plane is blurred for the current radii. */
typedef struct
{
  gint rx;                      /* in the plane's samples, below its width */
  gint ry;                      /* below its height */
  gboolean sum_wide;            /* window sums (and SAT entries) need 64 */
  gboolean cpu;                 /* separable by the kernels for CPU devices */
  gboolean short_columns;       /* whose column sums are 16-bit */
  gboolean anchored_columns;    /* those of sat on GPUs, low bits and anchors */
} PlanePlan;

enum
{
  KERNEL_ROWS,
  KERNEL_COLUMNS,
  KERNEL_AVERAGE,               /* sat only */
  KERNEL_COLUMN_WINDOWS,        /* sat with group scans only */
  KERNEL_ROW_WINDOWS,           /* sat with group scans only */
  KERNEL_STRIPS,                /* sat with group scans only */
  N_KERNELS
};

/* The third kernel of the CPU kernels, and of separable on GPUs
 * (boxblur.cl). */
#define KERNEL_STARTS KERNEL_AVERAGE
#define KERNEL_TILES KERNEL_AVERAGE

/* Kernels are built on first use per (method, sum_wide), and per
 * short_columns for CPU devices and for sat with group scans, which also
 * anchors them (variant_index). */
#define N_VARIANTS 8

typedef struct
{
  cl_kernel kernels[N_VARIANTS][N_KERNELS];
} PlaneKernels;

struct _GstCLBoxBlur
{
  GstCLFilter parent;

  /* properties, under the object lock */
  BlurParams params;
  GstCLBoxBlurMethod active_method;

  /* streaming */
  BlurParams frame;             /* what the frames are blurred with */
  guint n_planes;
  PlaneKernels planes[GST_VIDEO_MAX_PLANES];
  cl_mem scratch;               /* row sums, SAT or column windows, reused
                                 * by every plane */
  gsize scratch_size;
  cl_mem spare;                 /* a plane between passes, in buffers */
  gsize spare_size;
  cl_mem spare_images[GST_VIDEO_MAX_PLANES];    /* or in images, by plane */
};

#define gst_cl_box_blur_parent_class parent_class
G_DEFINE_TYPE (GstCLBoxBlur, gst_cl_box_blur, GST_TYPE_CL_FILTER);
GST_ELEMENT_REGISTER_DEFINE (clboxblur, "clboxblur", GST_RANK_NONE,
    GST_TYPE_CL_BOX_BLUR);

#define GST_TYPE_CL_BOX_BLUR_METHOD (gst_cl_box_blur_method_get_type ())
static GType
gst_cl_box_blur_method_get_type (void)
{
  static GType type = 0;
  static const GEnumValue values[] = {
    {GST_CL_BOX_BLUR_METHOD_AUTO,
        "The faster method for the device, frame size and radius", "auto"},
    {GST_CL_BOX_BLUR_METHOD_SEPARABLE,
        "Running sums along rows, then down columns", "separable"},
    {GST_CL_BOX_BLUR_METHOD_SAT,
        "Summed-area table, four reads per pixel", "sat"},
    {0, NULL, NULL},
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type,
        g_enum_register_static ("GstCLBoxBlurMethod", values));
  return type;
}

static const gchar *
method_name (GstCLBoxBlurMethod method)
{
  return method == GST_CL_BOX_BLUR_METHOD_SAT ? "sat" : "separable";
}

/**
 * gst_cl_box_blur_plane_radius:
 * @sub: log2 of the plane's subsampling along the axis
 *
 * Returns: @radius in the plane's samples: radius / 2^sub rounded to
 * nearest, halves up ((radius + 1) >> 1 for 4:2:0 chroma), so that a
 * chroma plane is blurred over about the same area of the picture.
 */
guint
gst_cl_box_blur_plane_radius (guint radius, guint sub)
{
  return sub == 0 ? radius : (radius + (1u << (sub - 1))) >> sub;
}

static guint64
max_window (gint size, guint r)
{
  return MIN (2 * (guint64) r + 1, (guint64) size);
}

/* The largest window's sum, plus half its count (for the rounding): the
 * window clipped to @plane, full of the largest value. */
static guint64
largest_sum (const GstCLPlane * plane, guint rx, guint ry)
{
  guint64 max_value = (1u << plane->depth) - 1;
  guint64 count = max_window (plane->width, rx) *
      max_window (plane->height, ry);

  return count * max_value + count / 2;
}

/**
 * gst_cl_box_blur_needs_wide_sums:
 * @rx: (in the plane's samples)
 *
 * Returns: whether a window's sum (plus half its count, for the rounding)
 * may exceed 32 bits: the largest window, clipped to @plane, full of the
 * largest value. 32-bit SAT entries wrap, but differences of them are
 * exact while this holds.
 */
gboolean
gst_cl_box_blur_needs_wide_sums (const GstCLPlane * plane, guint rx, guint ry)
{
  return largest_sum (plane, rx, ry) > G_MAXUINT32;
}

/* The separable row sums stay 32-bit (boxblur.cl). */
G_STATIC_ASSERT ((2 * MAX_RADIUS + 1) * G_GUINT64_CONSTANT (65535) <=
    G_MAXUINT32);

/* The CPU kernels keep sums and quotients in int (boxblur.cl). */
static gboolean
fits_cpu_kernels (const GstCLPlane * plane, const PlanePlan * plan)
{
  return largest_sum (plane, plan->rx, plan->ry) <= G_MAXINT32;
}

static void
plan_plane (const GstCLPlane * plane, guint radius_x, guint radius_y,
    PlanePlan * plan)
{
  /* Any radius from the plane's size on covers the plane. */
  plan->rx = MIN (gst_cl_box_blur_plane_radius (radius_x, plane->w_sub),
      (guint) plane->width - 1);
  plan->ry = MIN (gst_cl_box_blur_plane_radius (radius_y, plane->h_sub),
      (guint) plane->height - 1);
  plan->sum_wide = gst_cl_box_blur_needs_wide_sums (plane, plan->rx,
      plan->ry);
  plan->cpu = FALSE;
  plan->short_columns = FALSE;
  plan->anchored_columns = FALSE;
}

/* Rows from one anchor of sat's column-window sums to the next, and the
 * bits of a sum an anchor drops (-DCOLUMN_ANCHORS): a sum of 8-bit values
 * then lies within 63 * 255 + 2^13 < 2^15 of the middle of its anchor's
 * range (boxblur.cl), and an anchor's byte holds the largest window's. */
#define ANCHOR_ROWS 64
#define ANCHOR_SHIFT 14
G_STATIC_ASSERT ((ANCHOR_ROWS - 1) * 255 + (1 << (ANCHOR_SHIFT - 1)) <
    1 << 15);
G_STATIC_ASSERT ((2 * MAX_RADIUS + 1) * 255 >> ANCHOR_SHIFT <= G_MAXUINT8);

/* On CPU devices, with buffers, separable runs the CPU kernels of
 * boxblur.cl where their int sums hold the plane's windows. They, and sat
 * where the scans are shared by work-groups (GPUs), keep column-window
 * sums in 16 bits where those fit; sat there keeps those of 8-bit RGBA
 * planes in 16 bits where they do not, as their low bits and anchors
 * (-DCOLUMN_ANCHORS), but where its sums are 64-bit. H100, kernel ms
 * per frame, against 32-bit sums: RGBA 4K radius 400 in buffers 0.154
 * (0.167; column_windows 0.062 against 0.081, sat_row_windows 0.092
 * against 0.086), radius 150 0.147 (0.159), in images radius 400 0.173
 * (0.184); 1080p radius 400 0.039 (0.042). Planes of one or two channels
 * keep 32-bit sums, which column_windows writes 32 bytes of a row at a
 * time (8 columns) where 16-bit ones would take 16: NV12 4K radius 400
 * in images 0.115 (0.109), GRAY8 0.077 (0.075). */
static void
plan_kernels (GstCLBoxBlur * self, const GstCLPlane * plane,
    GstCLBoxBlurMethod method, PlanePlan * plan)
{
  guint max_value = (1u << plane->depth) - 1;
  gboolean wide = gst_cl_filter_wants_wide (GST_CL_FILTER (self));
  gboolean group_sat = method == GST_CL_BOX_BLUR_METHOD_SAT && !wide;
  gboolean fit = max_window (plane->height, plan->ry) * max_value <=
      G_MAXUINT16;

  plan->cpu = method == GST_CL_BOX_BLUR_METHOD_SEPARABLE && wide
      && fits_cpu_kernels (plane, plan);
  plan->anchored_columns = group_sat && !fit && plane->depth == 8
      && plane->channels == 4 && !plan->sum_wide;
  plan->short_columns = ((plan->cpu || group_sat) && fit)
      || plan->anchored_columns;
}

/* Rows per work-item of box_rows_wide: enough bands for every core, and
 * each band's column sums stay in the core's cache. */
#define CPU_BAND_ROWS 32

static gsize
cpu_bands (const GstCLPlane * plane)
{
  return (plane->height + CPU_BAND_ROWS - 1) / CPU_BAND_ROWS;
}

/* Rows of sums of the CPU kernels: one per band, and the parts the bands'
 * first rows are added up from (FIRST_PARTS in boxblur.cl, then one per
 * band but the last). */
static gsize
cpu_sums_rows (const GstCLPlane * plane, const PlanePlan * plan)
{
  return cpu_bands (plane) + (plan->ry + CPU_BAND_ROWS) / CPU_BAND_ROWS +
      cpu_bands (plane) - 1;
}

/* Values per row of the CPU kernels' column sums: the row's, rounded up to
 * whole vectors, with a vector of zeros on either side (boxblur.cl). */
static gsize
cpu_tmp_pitch (const GstCLPlane * plane)
{
  gsize values = (gsize) plane->width * plane->channels;

  return GST_ROUND_UP_N (values, GST_CL_WIDE_VALUES) + 2 * GST_CL_WIDE_VALUES;
}

/* Device memory for one plane's row sums or SAT. */
static gsize
scratch_bytes (const GstCLPlane * plane, const PlanePlan * plan,
    GstCLBoxBlurMethod method)
{
  if (method == GST_CL_BOX_BLUR_METHOD_SAT)
    return (gsize) (plane->width + 1) * (plane->height + 1) *
        plane->channels * (plan->sum_wide ? 8 : 4);
  if (plan->cpu)
    return cpu_tmp_pitch (plane) * cpu_sums_rows (plane, plan) *
        (plan->short_columns ? 2 : 4);
  return (gsize) plane->width * plane->height * plane->channels * 4;
}

static gboolean
method_fits (const GstCLDeviceInfo * device, const GstCLPlane * plane,
    const PlanePlan * plan, GstCLBoxBlurMethod method)
{
  return scratch_bytes (plane, plan, method) <= device->max_mem_alloc_size;
}

/* Output rows a work-item of box_segments slides its window down. */
#define SEGMENT_ROWS 32

/* On GPUs auto takes separable (box_tiles, one kernel) up to this radius
 * along either axis, and sat (column_windows and sat_row_windows) above:
 * measured on an H100 (RGBA, kernel ms per frame), separable took 0.038,
 * 0.040, 0.042, 0.047 and 0.049 at 1080p for radius 12 to 16 where sat
 * took 0.047-0.048; at 4K 0.134, 0.140, 0.154, 0.171 and 0.180 where sat
 * took 0.162-0.163. At 15 the tiles were 1% faster at 1080p and 5% slower
 * at 4K. Beyond the tiles' radius (28) separable slides windows down
 * segments of SEGMENT_ROWS rows after a first window of 2 * ry + 1 rows
 * (0.083 ms at 1080p radius 32), and sat stays at 0.047-0.054. */
#define GPU_SEPARABLE_RADIUS 14
/* On NVIDIA's devices with frames in buffers, sat's one-pass strips
 * (box_strips) overtake the tiles sooner: separable up to this radius,
 * and up to GPU_LARGE_STRIPS_SEPARABLE_RADIUS for planes of at least
 * LARGE_PLANE_BYTES. H100, kernel ms per frame (every plane), tiles
 * against strips, in buffers: radius 9, RGBA 4K 0.110 (0.0986), 1440p
 * 0.052 (0.048), 1080p 0.0315 (0.0318), NV12 4K 0.075 (0.0745), GRAY8 4K
 * 0.055 (0.050), I420 4K 0.090 (0.088); radius 8, RGBA 4K 0.0985
 * (0.0923), 1440p 0.0472 (0.0466), 1080p 0.0289 (0.0312), NV12 4K 0.0700
 * (0.0707), GRAY8 4K 0.050 (0.048); radius 7, NV12 4K 0.0686 (0.0707);
 * radius 10, RGBA 1080p 0.0325 (0.0319), 4K 0.114 (0.098). The strips win
 * at radius 9 everywhere but RGBA 1080p (by 1%), and lose at 8 where the
 * frame is small; on RGBA 4K (33 MB) from radius 6, in three runs alike:
 * radius 5 0.089 (0.091), 6 0.0922 (0.0904), 7 0.0958 (0.0929), 8 0.0984
 * (0.0924). */
#define GPU_STRIPS_SEPARABLE_RADIUS 8
#define GPU_LARGE_STRIPS_SEPARABLE_RADIUS 5
/* Bytes of a plane of @plane's size, rows unpadded. */
static gsize
plane_bytes (const GstCLPlane * plane)
{
  return (gsize) plane->width * plane->height * plane->channels *
      (plane->depth / 8);
}

/* On those devices with frames in images, planes of at least
 * LARGE_PLANE_BYTES, where sat's time stays flat over these radii while
 * the tiles' grows, take sat sooner than GPU_SEPARABLE_RADIUS: separable
 * up to this radius. H100, kernel ms per frame (every kernel,
 * plane_to_buffer's copy included), tiles against sat, in images: RGBA 4K
 * radius 8 0.141 (0.152), 9 0.1515 (0.153), 10 0.156 (0.152), 11 0.161
 * (0.153), 12 0.163 (0.152), 13 0.169 (0.153), 14 0.184 (0.153); RGBA
 * 8K (133 MB) radius 9 0.563 (0.537), 10 0.580 (0.535), 14 0.695
 * (0.535); GRAY16 8K (66 MB) radius 9 0.316 (0.310), 10 0.323 (0.311), 14
 * 0.359 (0.326). Below it the tiles kept their lead up to radius 13,
 * and sat's strips won by 1-5% at 14 only: RGBA 1440p (15 MB) radius 9
 * 0.0695 (0.0755), 13 0.078 (0.084), 14 0.0856 (0.0845); RGBA 1080p
 * radius 14 0.0495 (0.0535); NV12 4K radius 11 0.116 (0.119), 14 0.122
 * (0.121); GRAY8 4K (8 MB) radius 10 0.081 (0.082), 14 0.090 (0.0855). */
#define GPU_LARGE_IMAGE_SEPARABLE_RADIUS 9
#define LARGE_PLANE_BYTES (24 << 20)

static gboolean
separable_faster_on_gpu (const GstCLDeviceInfo * device, GstCLStorage memory,
    const GstCLPlane * plane, const PlanePlan * plan)
{
  gboolean large = plane_bytes (plane) >= LARGE_PLANE_BYTES;
  guint radius = GPU_SEPARABLE_RADIUS;

  if (device->ptx_warps && memory == GST_CL_STORAGE_BUFFER)
    radius = large ? GPU_LARGE_STRIPS_SEPARABLE_RADIUS :
        GPU_STRIPS_SEPARABLE_RADIUS;
  else if (device->ptx_warps && large)
    radius = GPU_LARGE_IMAGE_SEPARABLE_RADIUS;
  return (device->type & CL_DEVICE_TYPE_GPU)
      && (guint) MAX (plan->rx, plan->ry) <= radius;
}

/* On CPU devices auto takes separable, whose CPU kernels took about a
 * fifth of sat's time on PoCL (2 CPU cores, 1920x1080 RGBA, radii 1 to
 * 400, gst-opencl-bench --workload blur; GRAY8 and I420 alike), where they
 * hold the plane's sums. */
static gboolean
prefers_cpu_kernels (const GstCLDeviceInfo * device, const GstCLPlane * plane,
    const PlanePlan * plan)
{
  return (device->type & CL_DEVICE_TYPE_CPU)
      && fits_cpu_kernels (plane, plan)
      && method_fits (device, plane, plan, GST_CL_BOX_BLUR_METHOD_SEPARABLE);
}

/**
 * gst_cl_box_blur_choose_method:
 * @memory: the storage of the frames, images or buffers
 * @plane: the largest plane (the first)
 * @rx: the element's radius-x (scaled by @plane's subsampling here)
 * @chosen: (out): separable or sat
 *
 * auto takes the method that was faster in the benchmark (sat) where the
 * device can allocate its table, else separable; an explicit method fails
 * where its buffer is too large.
 */
gboolean
gst_cl_box_blur_choose_method (const GstCLDeviceInfo * device,
    GstCLStorage memory, GstCLBoxBlurMethod requested,
    const GstCLPlane * plane, guint rx, guint ry, GstCLBoxBlurMethod * chosen,
    GError ** error)
{
  PlanePlan plan;
  GstCLBoxBlurMethod method = requested;

  plan_plane (plane, rx, ry, &plan);
  /* separable where its CPU kernels or its GPU tiles were measured
   * faster (above), else sat where its table fits: with one work-item per
   * line, sat took 0.71-0.95 of separable's time on PoCL
   * (tests/benchmarks/clboxblur-benchmark.tsv, clboxblur-cost.tsv). */
  if (method == GST_CL_BOX_BLUR_METHOD_AUTO)
    method = prefers_cpu_kernels (device, plane, &plan)
        || separable_faster_on_gpu (device, memory, plane, &plan)
        || !method_fits (device, plane, &plan, GST_CL_BOX_BLUR_METHOD_SAT) ?
        GST_CL_BOX_BLUR_METHOD_SEPARABLE : GST_CL_BOX_BLUR_METHOD_SAT;
  if (!method_fits (device, plane, &plan, method)) {
    /* Name the method the user set, not one auto fell back to. */
    gchar *which = requested == GST_CL_BOX_BLUR_METHOD_AUTO ?
        g_strdup ("even the method that needs less (separable)") :
        g_strdup_printf ("method=%s", method_name (method));

    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_UNSUPPORTED,
        "a %dx%d plane is too large to blur on %s: %s needs a %"
        G_GSIZE_FORMAT " MiB buffer, more than the device can allocate at "
        "once (%" G_GUINT64_FORMAT " MiB)", plane->width, plane->height,
        device->device_name, which,
        scratch_bytes (plane, &plan, method) >> 20,
        (guint64) device->max_mem_alloc_size >> 20);
    g_free (which);
    return FALSE;
  }
  *chosen = method;
  return TRUE;
}

static void
clear_planes (GstCLBoxBlur * self)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));

  for (guint p = 0; p < self->n_planes; p++)
    for (guint v = 0; v < N_VARIANTS; v++)
      for (guint k = 0; k < N_KERNELS; k++)
        gst_cl_clear_kernel (context, &self->planes[p].kernels[v][k]);
  self->n_planes = 0;
  gst_cl_clear_mem (context, &self->scratch);
  self->scratch_size = 0;
  gst_cl_clear_mem (context, &self->spare);
  self->spare_size = 0;
  for (guint p = 0; p < GST_VIDEO_MAX_PLANES; p++)
    gst_cl_clear_mem (context, &self->spare_images[p]);
}

static const gchar *const blur_sources[] = {
  gst_cl_kernel_common, gst_cl_kernel_boxblur, NULL
};

/* Neighbours one work-item scans alone in a group scan (boxblur.cl), and
 * the items of sat_rows's groups (one group a row): chunks of 1024 pixels.
 * H100, kernel ms of sat_rows, 1080p / 4K RGBA: runs of 2 by 512 items
 * 0.036 / 0.122, of 4 by 256 0.037 / 0.127, of 8 by 128 0.053 / 0.187
 * (the H100's driver caps every kernel's groups at 256 items, below: its
 * runs of 2 came in groups of 256). */
#define SCAN_RUN 2
#define SAT_ROWS_ITEMS 512
#define SCAN_RUN_OPTION "-DSCAN_RUN=" G_STRINGIFY (SCAN_RUN)

/* box_tiles: groups of TILE_W x TILE_ITEMS_Y items make tiles of TILE_W x
 * (TILE_ITEMS_Y * rows) pixels, each item `rows` of them (TALL_TILE_ROWS,
 * else SHORT_TILE_ROWS where local memory is short), for radii up to
 * TILE_RADIUS. Local memory holds the row sums of the tile's whole source
 * region and as many of its source rows at a time as fit beside them
 * (at least MIN_CHUNK_ROWS, so that the row sums of a chunk keep most
 * items busy). The taller tile's halo is a smaller part of its region.
 * Measured on an H100 (48 KB; RGBA, kernel ms per frame; tall tiles,
 * sat_rows + box_segments): radius 1: 0.025, 0.069 at 1080p; radius 12:
 * 0.040, 0.078 at 1080p, 0.143, 0.304 at 4K; radius 15 (in chunks from
 * there): 0.048, 0.078 at 1080p; radius 20: 0.058, 0.081 at 1080p (32 x
 * 32 tiles: 0.073), 0.210, 0.347 at 4K; radius 24: 0.065, 0.085 at
 * 1080p, 0.237, 0.370 at 4K; radius 28: 0.077, 0.084 at 1080p; radius
 * 32: 0.090, 0.083 at 1080p, 0.324, 0.355 at 4K. Groups of 32 x 16 items
 * never ran there (the kernel's work-group size is under 512); 32 x 4
 * items of 8 rows and 32 x 8 of 2 rows were slower. */
#define TILE_W 32
#define TILE_ITEMS_Y 8
#define TALL_TILE_ROWS 8
#define SHORT_TILE_ROWS 4
#define TILE_RADIUS 28
#define MIN_CHUNK_ROWS 16
/* Local memory the GPU kernels leave to the implementation: NVIDIA's
 * driver refused a group whose two arguments left 4 bytes of its 48 KB. */
#define LOCAL_MEM_RESERVE 1024
/* Columns whose row windows one item slides along (divides TILE_W): each
 * run pays a first window of 2 * rx + 1 pixels. Runs of 16 against 8, H100
 * kernel ms: 1080p radius 15 0.047 (0.049), 20 0.056 (0.059), 24 0.061
 * (0.066), 28 0.073 (0.078); 4K radius 3 0.089 (0.089), 15 0.172 (0.178),
 * 24 0.221 (0.237). Runs of 32 were no better; tiles of 64 x 32, 32 x 64
 * by 4 x 16 items, 32 x 128 and 64 x 32 by 2 x 16 were slower. */
#define TILE_HSUM_RUN 16

/* Neighbours one item of sat_row_windows scans alone. */
#define ROW_WINDOWS_RUN 8

/* box_strips (the sat method on NVIDIA's GPUs, boxblur.cl): groups of
 * STRIP_ITEMS items, which scan STRIP_STEP_ROWS rows at a time, for radii
 * up to STRIP_RADIUS; strips SHORT_STRIP_ROWS rows tall where ry is below
 * TALL_STRIP_RY, else TALL_STRIP_ROWS, over which a group's first window
 * (2 * ry rows) weighs less. H100, kernel ms per frame, buffers, on a
 * first form of the kernel: RGBA 4K radius 15 0.112 as chosen, a row at a
 * time 0.125, 3 or 4 rows 0.12; groups of 128 or 512 items 0.126-0.131;
 * 16 rows against 32: RGBA 4K radius 10 0.104 (0.106), 20 0.120 (0.116),
 * 25 0.133 (0.121), 1080p radius 10 0.034 (0.041), 25 0.045 (0.044), NV12
 * 1080p radius 15 0.034 (0.045). Above
 * radius 25 column_windows and sat_row_windows were as fast or faster:
 * RGBA 4K radius 30 0.133 (0.146), 1080p radius 40 0.047 (0.043). From
 * images, whose reads cost more, up to STRIP_IMAGE_RADIUS: RGBA 4K
 * radius 10 0.124 (0.143), 15 0.137 (0.143), 24 0.145 (0.143), 1080p
 * radius 15 0.045 (0.044); NV12 4K radius 15 0.091 (0.121). Where
 * column_windows copies its columns in parts (layout_column_windows()),
 * the two kernels overtake the strips sooner: up to STRIP_PARTS_RADIUS,
 * STRIP_PARTS_IMAGE_RADIUS from images. RGBA 4K (3 parts), strips against
 * the two kernels: buffers radius 10 0.098 (0.102), 12 0.100 (0.102), 13
 * 0.103 (0.102), 14 0.102 (0.102), 16 0.105 (0.101); images radius 8
 * 0.116 (0.118), 12 0.129 (0.118), 15 0.137 (0.117). */
#define STRIP_ITEMS 256
#define STRIP_STEP_ROWS 2
#define STRIP_RADIUS 24
#define STRIP_IMAGE_RADIUS 15
#define STRIP_PARTS_RADIUS 12
#define STRIP_PARTS_IMAGE_RADIUS 8
#define TALL_STRIP_RY 16
#define SHORT_STRIP_ROWS 16
#define TALL_STRIP_ROWS 32

/* Whether column_windows copies @plane's columns into local memory
 * (-DCOPY_COLUMNS, below). */
static gboolean
copies_columns (const GstCLPlane * plane)
{
  return plane->channels == 4;
}

/**
 * gst_cl_box_blur_prefers_buffers:
 * @plane: the largest plane (the first)
 * @rx: the element's radius-x (scaled by @plane's subsampling here)
 *
 * Whether memory=auto keeps frames in buffers on @device where it would
 * take images (GPUs): on devices with NVIDIA's warps, for radii up to
 * STRIP_RADIUS, where the tiles (separable) and sat's one-pass strips run
 * and read buffers' pixels as integers (boxblur.cl), and for 4-channel
 * planes at every radius, whose columns column_windows copies from
 * buffers a row of 4 pixels at a time. H100, kernel ms per frame, buffers
 * against images, auto's method in each: RGBA 4K radius 1 0.072 (0.078),
 * 3 0.080 (0.085), 5 0.088 (0.093), 8 0.098 (0.104), 15 0.104 (0.137),
 * 30 0.122 (0.141), 100 0.122 (0.141), 400 0.167 (0.185); 1080p radius
 * 1 0.022 (0.024), 3 0.024 (0.026), 8 0.029 (0.031), 100 0.037 (0.043),
 * 400 0.041 (0.048); NV12 4K radius 1 0.056 (0.059), 3 0.060 (0.063), 8
 * 0.069 (0.072). Other planes above STRIP_RADIUS, where column_windows
 * reads them in place, were as fast or faster in images: NV12 4K radius
 * 100 0.115 (0.112). The radii are those at negotiation: a change while
 * frames flow keeps the storage.
 */
gboolean
gst_cl_box_blur_prefers_buffers (const GstCLDeviceInfo * device,
    const GstCLPlane * plane, guint rx, guint ry)
{
  PlanePlan plan;

  if (!device->ptx_warps)
    return FALSE;
  if (copies_columns (plane))
    return TRUE;
  plan_plane (plane, rx, ry, &plan);
  return plan.rx <= STRIP_RADIUS && plan.ry <= STRIP_RADIUS;
}

#define GROUP_SCANS_OPTION "-DGST_CL_GROUP_SCANS " SCAN_RUN_OPTION \
    " -DHSUM_RUN=" G_STRINGIFY (TILE_HSUM_RUN) \
    " -DANCHOR_ROWS=" G_STRINGIFY (ANCHOR_ROWS) \
    " -DANCHOR_SHIFT=" G_STRINGIFY (ANCHOR_SHIFT) \
    " -DWINDOW_RUN=" G_STRINGIFY (ROW_WINDOWS_RUN) \
    " -DSTRIP_STEP_ROWS=" G_STRINGIFY (STRIP_STEP_ROWS)

/* [group scans][sum_wide] */
static const gchar *const build_options[2][2] = {
  {NULL, "-DSUM_WIDE"},
  {GROUP_SCANS_OPTION, GROUP_SCANS_OPTION " -DSUM_WIDE"},
};

/* Where the filter runs one-pixel kernels (GPUs), the SAT's scans are
 * shared by work-groups: one work-item per row or column leaves most of a
 * GPU idle (0.74 ms for a 1080p frame on an H100). CPU devices keep one
 * work-item per line. */
static gboolean
uses_group_scans (GstCLBoxBlur * self)
{
  return !gst_cl_filter_wants_wide (GST_CL_FILTER (self));
}

/* 0-3: (method, sum_wide); 4, 5: the CPU kernels by short_columns; 6: sat
 * with short columns (never with sum_wide: a column window of 16-bit
 * sums is at most 257 rows of 8-bit values, and no row fits the rest); 7:
 * sat with anchored columns (never with sum_wide either). */
static guint
variant_index (GstCLBoxBlurMethod method, const PlanePlan * plan)
{
  if (plan->cpu)
    return 4 | plan->short_columns;
  if (plan->anchored_columns)
    return 7;
  if (plan->short_columns)
    return 6;
  return (method == GST_CL_BOX_BLUR_METHOD_SAT) << 1 | plan->sum_wide;
}

/* column_windows's groups: COLUMN_WINDOWS_ITEMS items, by WINDOW_COLUMNS
 * columns read in place, or by COPIED_COLUMNS where it copies them (fewer
 * where local memory does not hold them whole). H100, kernel ms at 1080p
 * / 4K: RGBA, radius 100, 0.032 / 0.087 copied 8 columns at a time (4 at
 * 4K), 0.033 / 0.128 read in place; radius 400 (32-bit column sums) 0.036
 * / 0.105 copied, 0.049 / 0.147 in place; GRAY8 radius 400 0.017 / 0.052
 * in place, 0.023 / 0.056 copied 8 columns at a time, 0.029 / 0.083 16;
 * I420 radius 100 (all three planes) 0.036 / 0.084 in place, 0.045 /
 * 0.114 copied. In place, groups of 16 or 32 columns (by fewer bands)
 * were slower. Copied 4 columns at a time, RGBA 1080p took 0.025 at
 * radius 100 and 0.028 at 400 (twice the groups: 480, where 8 columns
 * left an H100's cores half idle); 2 columns 0.041 and 0.038; groups of
 * 256 or 1024 items no different. The H100's driver reports at most 256
 * items for every kernel (CL_KERNEL_WORK_GROUP_SIZE, which group_items ()
 * keeps to; even for a kernel compiled with reqd_work_group_size (512, 1,
 * 1)), so its groups there have 256, as they had in every figure above.
 * 512 items forced past that report (they ran), in buffers after
 * the row copy, against 256: RGBA 4K radius 100 0.062 (0.062), 400 0.075
 * (0.081); 1080p radius 100 0.023 (0.019); NV12 4K radius 100 0.049
 * (0.061) and GRAY8 4K radius 400 0.036 (0.043), in images. */
#define COLUMN_WINDOWS_ITEMS 512
#define WINDOW_COLUMNS 8
#define COPIED_COLUMNS 4
#define PART_COLUMNS 8

/* Whether @plan's group scans shuffle within warps (-DGST_CL_PTX_WARPS):
 * on devices with NVIDIA's warps, unless their compiler has refused the
 * inline PTX; the portable scans then serve. */
static gboolean
uses_warp_shuffles (GstCLBoxBlur * self, const PlanePlan * plan)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));

  return !plan->cpu && uses_group_scans (self)
      && gst_cl_device_builds_ptx_warps (context->info);
}

/* The build options of @plan's kernels for @plane (free with g_free). */
static gchar *
kernel_options (GstCLBoxBlur * self, const GstCLPlane * plane,
    GstCLBoxBlurMethod method, const PlanePlan * plan)
{
  gboolean sat = method == GST_CL_BOX_BLUR_METHOD_SAT;

  if (plan->cpu)
    return g_strdup (plan->short_columns ? "-DGST_CL_WIDE -DCOLUMN_SHORT" :
        "-DGST_CL_WIDE");
  if (!uses_group_scans (self))
    return g_strdup (build_options[FALSE][plan->sum_wide]);
  return g_strconcat (build_options[TRUE][plan->sum_wide],
      uses_warp_shuffles (self, plan) ? " -DGST_CL_PTX_WARPS" : "",
      sat && plan->short_columns ? " -DCOLUMN_SHORT" : "",
      plan->anchored_columns ? " -DCOLUMN_ANCHORS" : "",
      sat && copies_columns (plane) ? " -DCOPY_COLUMNS" : "", NULL);
}

/* @names, the kernels of @method at @plan's precision for @plane, into
 * @kernels; FALSE, and none of them, where one fails. */
static gboolean
create_kernels (GstCLBoxBlur * self, guint p, const GstCLPlane * plane,
    GstCLBoxBlurMethod method, const PlanePlan * plan,
    const gchar * const *names, cl_kernel * kernels, GError ** error)
{
  gchar *options = kernel_options (self, plane, method, plan);
  gboolean created = TRUE;

  GST_DEBUG_OBJECT (self, "plane %u: %s kernels, options %s", p,
      method_name (method), options);
  for (guint k = 0; created && k < N_KERNELS && names[k]; k++) {
    kernels[k] = gst_cl_filter_create_kernel (GST_CL_FILTER (self), "boxblur",
        blur_sources, plane, options, names[k], error);
    created = kernels[k] != NULL;
  }
  if (!created)
    for (guint k = 0; k < N_KERNELS; k++)
      gst_cl_clear_kernel (gst_cl_filter_get_context (GST_CL_FILTER (self)),
          &kernels[k]);
  g_free (options);
  return created;
}

/* The kernels of @method at @plan's precision for @plane, created on first
 * use (the program is built once per context). Where the device's
 * compiler refuses the warp scans, their portable form, from then on for
 * every instance (gst_cl_device_refuse_ptx_warps()). */
static cl_kernel *
ensure_kernels (GstCLBoxBlur * self, guint p, const GstCLPlane * plane,
    GstCLBoxBlurMethod method, const PlanePlan * plan, GError ** error)
{
  static const gchar *const separable[] = { "box_rows", "box_columns", NULL };
  static const gchar *const separable_groups[] = { "sat_rows",
    "box_segments", "box_tiles", NULL
  };
  static const gchar *const cpu[] = { "box_rows_wide",
    "box_column_parts_wide", "box_column_starts_wide", NULL
  };
  static const gchar *const sat[] = { "sat_rows", "sat_columns",
    "sat_average", NULL
  };
  static const gchar *const sat_groups[] = { "sat_rows", "sat_columns",
    "sat_average", "column_windows", "sat_row_windows", "box_strips", NULL
  };
  guint v = variant_index (method, plan);
  cl_kernel *kernels = self->planes[p].kernels[v];
  gboolean groups = uses_group_scans (self);
  const gchar *const *names = plan->cpu ? cpu :
      method == GST_CL_BOX_BLUR_METHOD_SAT ? (groups ? sat_groups : sat) :
      groups ? separable_groups : separable;
  GError *warps_error = NULL;

  if (kernels[KERNEL_ROWS])
    return kernels;

  if (uses_warp_shuffles (self, plan)) {
    if (create_kernels (self, p, plane, method, plan, names, kernels,
            &warps_error))
      return kernels;
    if (!g_error_matches (warps_error, GST_CL_ERROR, GST_CL_ERROR_BUILD)) {
      g_propagate_error (error, warps_error);
      return NULL;
    }
    GST_WARNING_OBJECT (self, "no warp shuffles, portable scans: %s",
        warps_error->message);
    g_clear_error (&warps_error);
    gst_cl_device_refuse_ptx_warps (gst_cl_filter_get_context (GST_CL_FILTER
            (self))->info);
  }
  return create_kernels (self, p, plane, method, plan, names, kernels,
      error) ? kernels : NULL;
}

/* One scratch buffer (and one spare plane) serves every plane in turn (the
 * queue is in order); it only grows, so radius changes do not reallocate it
 * on every frame. */
static gboolean
ensure_buffer (GstCLBoxBlur * self, cl_mem * mem, gsize * mem_size,
    gsize size, GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));

  if (size <= *mem_size)
    return TRUE;
  gst_cl_clear_mem (context, mem);
  *mem_size = 0;
  GST_DEBUG_OBJECT (self, "scratch buffer of %" G_GSIZE_FORMAT " bytes", size);
  *mem = gst_cl_context_create_buffer (context, CL_MEM_READ_WRITE, size, NULL,
      error);
  if (*mem == NULL)
    return FALSE;
  *mem_size = size;
  return TRUE;
}

/* Plane @p's spare where frames are images: an image of the plane's own
 * size and format (one a plane), made on first use. */
static gboolean
ensure_spare_image (GstCLBoxBlur * self, guint p, const GstCLPlane * plane,
    GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));

  if (!self->spare_images[p])
    self->spare_images[p] = gst_cl_plane_create_image (context, plane,
        error);
  return self->spare_images[p] != NULL;
}

/* Everything a frame of @frame's layout needs for @params: the method,
 * each plane's plan, the kernels and the spare plane. The scratch buffer
 * is made when a kernel needs it, at that kernel's size
 * (ensure_scratch()): box_tiles needs none. */
static gboolean
prepare (GstCLBoxBlur * self, const GstCLFrame * frame,
    const BlurParams * params, GstCLBoxBlurMethod * method, PlanePlan * plans,
    GError ** error)
{
  GstCLFilter *filter = GST_CL_FILTER (self);
  const GstCLDeviceInfo *device = gst_cl_filter_get_context (filter)->info;
  const GstCLPlane *luma = &frame->planes[0];
  gboolean images = gst_cl_filter_get_memory (filter) == GST_CL_STORAGE_IMAGE;
  gsize spare = 0;

  if (!gst_cl_box_blur_choose_method (device,
          gst_cl_filter_get_memory (filter), params->method, luma,
          params->radius_x, params->radius_y, method, error))
    return FALSE;

  for (guint p = 0; p < frame->n_planes; p++) {
    const GstCLPlane *plane = &frame->planes[p];

    plan_plane (plane, params->radius_x, params->radius_y, &plans[p]);
    plan_kernels (self, plane, *method, &plans[p]);
    if (params->passes > 1 && !images)
      spare = MAX (spare, plane_bytes (plane));
    if (params->passes > 1 && images
        && !ensure_spare_image (self, p, plane, error))
      return FALSE;
    if (!ensure_kernels (self, p, plane, *method, &plans[p], error))
      return FALSE;
  }
  return ensure_buffer (self, &self->spare, &self->spare_size, spare, error);
}

/* The scratch buffer, of at least @size bytes: the kernels about to run
 * on one plane ask for what they use. */
static gboolean
ensure_scratch (GstCLBoxBlur * self, gsize size, GError ** error)
{
  return ensure_buffer (self, &self->scratch, &self->scratch_size, size,
      error);
}

/* The arguments box_rows_wide, box_tiles and box_strips start with: the
 * source plane, its size and the radii. */
static void
add_source_args (GstCLArgs * args, const GstCLPlane * src,
    const PlanePlan * plan)
{
  gst_cl_args_add_plane (args, src);
  gst_cl_args_add_int (args, src->width);
  gst_cl_args_add_int (args, src->height);
  gst_cl_args_add_int (args, plan->rx);
  gst_cl_args_add_int (args, plan->ry);
}

/* The band arguments the CPU column kernels share: ry, the band height,
 * the bands, the column sums and their pitch. */
static void
add_band_args (GstCLArgs * args, GstCLBoxBlur * self, const PlanePlan * plan,
    gint n_bands, gint tmp_pitch)
{
  gst_cl_args_add_int (args, plan->ry);
  gst_cl_args_add_int (args, CPU_BAND_ROWS);
  gst_cl_args_add_int (args, n_bands);
  gst_cl_args_add_mem (args, self->scratch);
  gst_cl_args_add_int (args, tmp_pitch);
}

/* Columns first: box_column_parts_wide and box_column_starts_wide, then
 * box_rows_wide (boxblur.cl). */
static gboolean
run_separable_cpu (GstCLBoxBlur * self, cl_kernel * kernels,
    const GstCLPlane * src, const GstCLPlane * dst, const PlanePlan * plan,
    GError ** error)
{
  GstCLFilter *filter = GST_CL_FILTER (self);
  GstCLContext *context = gst_cl_filter_get_context (filter);
  gint tmp_pitch = cpu_tmp_pitch (src);
  gint n_bands = cpu_bands (src);
  gsize parts = cpu_sums_rows (src, plan) - n_bands, bands = n_bands;
  const gsize one = 1;          /* a work-item per group: each is a band */
  GstCLArgs args;

  gst_cl_args_init (&args, kernels[KERNEL_COLUMNS]);
  gst_cl_args_add_plane (&args, src);
  gst_cl_args_add_int (&args, src->width);
  gst_cl_args_add_int (&args, src->height);
  add_band_args (&args, self, plan, n_bands, tmp_pitch);
  if (!gst_cl_args_check (&args, error)
      || !gst_cl_context_enqueue_groups (context, kernels[KERNEL_COLUMNS], 1,
          &parts, &one, error))
    return FALSE;

  gst_cl_args_init (&args, kernels[KERNEL_STARTS]);
  gst_cl_args_add_int (&args, src->width);
  add_band_args (&args, self, plan, n_bands, tmp_pitch);
  if (!gst_cl_args_check (&args, error)
      || !gst_cl_context_enqueue_1d (context, kernels[KERNEL_STARTS],
          gst_cl_filter_items_per_row (filter, src->width, src->channels),
          error))
    return FALSE;

  gst_cl_args_init (&args, kernels[KERNEL_ROWS]);
  add_source_args (&args, src, plan);
  gst_cl_args_add_int (&args, CPU_BAND_ROWS);
  gst_cl_args_add_mem (&args, self->scratch);
  gst_cl_args_add_int (&args, tmp_pitch);
  gst_cl_args_add_plane (&args, dst);
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_groups (context, kernels[KERNEL_ROWS], 1,
      &bands, &one, error);
}

/* Bytes of one SAT entry of @plane. */
static gsize
sat_entry_bytes (const GstCLPlane * plane, const PlanePlan * plan)
{
  return (gsize) plane->channels * (plan->sum_wide ? 8 : 4);
}

/* Items of a work-group: at most @wanted and the kernel's limit, and few
 * enough that @local_bytes_per_item each fit in the device's local memory. */
static gsize
group_items (GstCLBoxBlur * self, cl_kernel kernel, gsize wanted,
    gsize local_bytes_per_item)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));
  gsize fit = context->info->local_mem_size / local_bytes_per_item;

  return MAX (MIN (MIN (wanted, fit),
          gst_cl_context_kernel_group_size (context, kernel)), 1);
}

/* The first arguments of the kernels that take windows from the scratch
 * buffer: the buffer, the plane's size and the radii. */
static void
add_window_args (GstCLArgs * args, GstCLBoxBlur * self,
    const GstCLPlane * src, const PlanePlan * plan)
{
  gst_cl_args_add_mem (args, self->scratch);
  gst_cl_args_add_int (args, src->width);
  gst_cl_args_add_int (args, src->height);
  gst_cl_args_add_int (args, plan->rx);
  gst_cl_args_add_int (args, plan->ry);
}

static gboolean
enqueue_sat_rows (GstCLBoxBlur * self, cl_kernel kernel,
    const GstCLPlane * src, const PlanePlan * plan, GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));
  gsize entry = sat_entry_bytes (src, plan);
  gsize rows = src->height, items;
  GstCLArgs args;

  gst_cl_args_init (&args, kernel);
  gst_cl_args_add_plane (&args, src);
  gst_cl_args_add_int (&args, src->width);
  gst_cl_args_add_int (&args, src->height);
  gst_cl_args_add_mem (&args, self->scratch);
  if (!uses_group_scans (self))
    return gst_cl_args_check (&args, error)
        && gst_cl_context_enqueue_1d (context, kernel, rows, error);

  /* One group per row; run[] and part[] in local memory. */
  items = group_items (self, kernel, SAT_ROWS_ITEMS, (SCAN_RUN + 1) * entry);
  gst_cl_args_add (&args, items * SCAN_RUN * entry, NULL);
  gst_cl_args_add (&args, items * entry, NULL);
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_groups (context, kernel, 1, &rows, &items,
      error);
}

static gboolean
enqueue_sat_columns (GstCLBoxBlur * self, cl_kernel kernel,
    const GstCLPlane * src, const PlanePlan * plan, GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));
  const gsize columns = 8;
  gsize entry = sat_entry_bytes (src, plan);
  GstCLArgs args;

  gst_cl_args_init (&args, kernel);
  gst_cl_args_add_int (&args, src->width);
  gst_cl_args_add_int (&args, src->height);
  gst_cl_args_add_mem (&args, self->scratch);
  if (!uses_group_scans (self))
    return gst_cl_args_check (&args, error)
        && gst_cl_context_enqueue_1d (context, kernel, src->width, error);

  /* Groups of 8 columns by up to 64 bands of rows: a band's total per
   * item in local memory. H100, kernel ms at 1080p / 4K RGBA: 8 columns
   * 0.042 / 0.224, 16 0.052 / 0.229, 4 by 256 bands 0.041 / 0.262, 32 by
   * 32 0.082 / 0.264: at 1080p 8 columns make 240 groups for the card's
   * 132 multiprocessors where 16 made 120, and a warp still reads whole
   * 128-byte segments. */
  gsize bands = group_items (self, kernel, 64 * columns, entry) / columns;
  gsize groups[2] = { (src->width + columns - 1) / columns, 1 };
  gsize local[2] = { columns, MAX (bands, 1) };

  gst_cl_args_add (&args, local[0] * local[1] * entry, NULL);
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_groups (context, kernel, 2, groups, local,
      error);
}

/* With group scans: the rows' prefix sums, then windows sliding down
 * segments of the columns. */
static gboolean
run_separable_segments (GstCLBoxBlur * self, cl_kernel * kernels,
    const GstCLPlane * src, const GstCLPlane * dst, const PlanePlan * plan,
    GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));
  GstCLArgs args;

  if (!enqueue_sat_rows (self, kernels[KERNEL_ROWS], src, plan, error))
    return FALSE;

  gst_cl_args_init (&args, kernels[KERNEL_COLUMNS]);
  add_window_args (&args, self, src, plan);
  gst_cl_args_add_int (&args, SEGMENT_ROWS);
  gst_cl_args_add_plane (&args, dst);
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_2d (context, kernels[KERNEL_COLUMNS],
      src->width, (src->height + SEGMENT_ROWS - 1) / SEGMENT_ROWS, error);
}

/* box_tiles's local memory for @plan: the source pixels under a tile's
 * windows (pixels), and their row-window sums for the tile's columns
 * (hsums), each row padded to an odd number of elements (so that the
 * items of a warp, on neighbouring rows, meet different banks). */
typedef struct
{
  gint rows;                    /* output rows of an item */
  gint chunk_h;                 /* source rows pixels[] holds at a time */
  gint pixels_pitch, hsums_pitch;       /* in elements */
  gsize pixels_bytes, hsums_bytes;
} TileLayout;

/* The layout of tiles whose items make @rows rows each, in @local_size
 * bytes: the row sums of the whole region, and as many of its source
 * rows at a time as fit beside them (all where they can). FALSE where
 * fewer than MIN_CHUNK_ROWS would. */
static gboolean
tile_layout (const GstCLPlane * plane, const PlanePlan * plan, gint rows,
    gsize local_size, TileLayout * layout)
{
  gsize region_h = TILE_ITEMS_Y * rows + 2 * plan->ry;
  gsize pixel_row, chunk_h;

  layout->rows = rows;
  layout->pixels_pitch = (TILE_W + 2 * plan->rx) | 1;
  layout->hsums_pitch = TILE_W + 1;
  layout->hsums_bytes = layout->hsums_pitch * region_h * plane->channels *
      (plane->depth == 16 ? 4 : 2);
  if (layout->hsums_bytes >= local_size)
    return FALSE;
  pixel_row = layout->pixels_pitch * plane->channels * (plane->depth / 8);
  chunk_h = MIN (region_h, (local_size - layout->hsums_bytes) / pixel_row);
  layout->chunk_h = chunk_h;
  layout->pixels_bytes = pixel_row * chunk_h;
  return chunk_h >= MIN_CHUNK_ROWS;
}

/* Local memory left to a group's arrays. */
static gsize
local_mem_left (GstCLBoxBlur * self)
{
  gsize size = gst_cl_filter_get_context (GST_CL_FILTER (self))->
      info->local_mem_size;

  return size > LOCAL_MEM_RESERVE ? size - LOCAL_MEM_RESERVE : 0;
}

/* Whether box_tiles runs @plan, in @layout: the tall tile where its local
 * memory fits, else the short one, up to TILE_RADIUS. */
static gboolean
choose_tiles (GstCLBoxBlur * self, cl_kernel kernel, const GstCLPlane * src,
    const PlanePlan * plan, TileLayout * layout)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));
  gsize local_size = local_mem_left (self);

  if (plan->rx > TILE_RADIUS || plan->ry > TILE_RADIUS || local_size == 0
      || gst_cl_context_kernel_group_size (context, kernel) <
      TILE_W * TILE_ITEMS_Y)
    return FALSE;
  return tile_layout (src, plan, TALL_TILE_ROWS, local_size, layout)
      || tile_layout (src, plan, SHORT_TILE_ROWS, local_size, layout);
}

static gboolean
run_tiles (GstCLBoxBlur * self, cl_kernel kernel, const GstCLPlane * src,
    const GstCLPlane * dst, const PlanePlan * plan,
    const TileLayout * layout, GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));
  gsize rows = TILE_ITEMS_Y * layout->rows;
  gsize local[2] = { TILE_W, TILE_ITEMS_Y };
  gsize groups[2] = { (src->width + TILE_W - 1) / TILE_W,
    (src->height + rows - 1) / rows
  };
  GstCLArgs args;

  gst_cl_args_init (&args, kernel);
  add_source_args (&args, src, plan);
  gst_cl_args_add_plane (&args, dst);
  gst_cl_args_add (&args, layout->pixels_bytes, NULL);
  gst_cl_args_add_int (&args, layout->pixels_pitch);
  gst_cl_args_add (&args, layout->hsums_bytes, NULL);
  gst_cl_args_add_int (&args, layout->hsums_pitch);
  gst_cl_args_add_int (&args, layout->rows);
  gst_cl_args_add_int (&args, layout->chunk_h);
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_groups (context, kernel, 2, groups, local,
      error);
}

static gboolean
run_separable (GstCLBoxBlur * self, cl_kernel * kernels,
    const GstCLPlane * src, const GstCLPlane * dst, const PlanePlan * plan,
    GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));
  TileLayout layout;
  GstCLArgs args;

  if (uses_group_scans (self) && choose_tiles (self, kernels[KERNEL_TILES],
          src, plan, &layout))
    return run_tiles (self, kernels[KERNEL_TILES], src, dst, plan, &layout,
        error);
  /* with group scans, sat_rows's table */
  if (!ensure_scratch (self, scratch_bytes (src, plan,
              uses_group_scans (self) ? GST_CL_BOX_BLUR_METHOD_SAT :
              GST_CL_BOX_BLUR_METHOD_SEPARABLE), error))
    return FALSE;
  if (uses_group_scans (self))
    return run_separable_segments (self, kernels, src, dst, plan, error);

  gst_cl_args_init (&args, kernels[KERNEL_ROWS]);
  gst_cl_args_add_plane (&args, src);
  gst_cl_args_add_int (&args, src->width);
  gst_cl_args_add_int (&args, src->height);
  gst_cl_args_add_int (&args, plan->rx);
  gst_cl_args_add_mem (&args, self->scratch);
  if (!gst_cl_args_check (&args, error)
      || !gst_cl_context_enqueue_1d (context, kernels[KERNEL_ROWS],
          src->height, error))
    return FALSE;

  gst_cl_args_init (&args, kernels[KERNEL_COLUMNS]);
  add_window_args (&args, self, src, plan);
  gst_cl_args_add_plane (&args, dst);
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_1d (context, kernels[KERNEL_COLUMNS],
      src->width, error);
}

/* sat's two kernels on GPUs (boxblur.cl). column_windows: groups of
 * `columns` by `column_items` / `columns` items, with their starts[] and
 * pixels[], a group per `columns` columns of each of `parts` parts of the
 * rows. */
typedef struct
{
  gsize columns, column_items, parts;
  gsize starts_bytes, pixels_bytes;     /* pixels: at least 1 */
} ColumnWindowsLayout;

/* sat_row_windows: groups of `row_items` items, a group per `segment`
 * outputs of a row. */
typedef struct
{
  gsize row_items;
  gint segment;
} RowWindowsLayout;

/* Items of sat_row_windows's groups, and the fewest outputs a segment of a
 * row may have: its group scans 2 * rx more columns, at most twice the
 * outputs. */
#define ROW_WINDOWS_ITEMS 256
#define MIN_SEGMENT_RX 2

/* Entries of sat_row_windows's sums[] for @n columns: n + 1 and a pad
 * entry after every ROW_WINDOWS_RUN (PADDED in boxblur.cl). */
static gsize
row_window_entries (gsize n)
{
  return n + n / ROW_WINDOWS_RUN + 1;
}

/* Outputs of each of @segments equal segments of @plane's rows. */
static gint
equal_segment (const GstCLPlane * plane, gint segments)
{
  return (plane->width + segments - 1) / segments;
}

/* Columns of sums a group of sat_row_windows loads for a segment of
 * @segment outputs: those, the 2 * rx around them and up to
 * ROW_WINDOWS_RUN - 1 before, where the group starts them at a multiple of
 * ROW_WINDOWS_RUN (boxblur.cl). */
static gsize
segment_columns (const GstCLPlane * plane, const PlanePlan * plan,
    gint segment)
{
  return MIN (segment + 2 * plan->rx + ROW_WINDOWS_RUN - 1, plane->width);
}

/* Output rows of a group of column_windows where @plane's columns come in
 * @parts parts (boxblur.cl). */
static gsize
part_rows (const GstCLPlane * plane, gsize parts)
{
  return (plane->height + parts - 1) / parts;
}

/* Rows such a group copies: its part's and the ry on either side that
 * their windows reach. */
static gsize
copied_rows (const GstCLPlane * plane, const PlanePlan * plan, gsize parts)
{
  return MIN (part_rows (plane, parts) + 2 * plan->ry, (gsize) plane->height);
}

/* Sets @layout's column_windows groups to @columns columns in @parts parts
 * where their copy (@column_bytes a column) takes at most @copy_room bytes
 * and fits in local memory beside one start per item. */
static gboolean
try_column_layout (GstCLBoxBlur * self, gsize items, gsize start,
    gsize columns, gsize parts, gsize column_bytes, gsize copy_room,
    ColumnWindowsLayout * layout)
{
  gsize column_items = items / columns * columns;
  gsize copy = columns * column_bytes;

  if (columns > items || copy > copy_room
      || column_items * start + copy > local_mem_left (self))
    return FALSE;
  layout->columns = columns;
  layout->parts = parts;
  layout->column_items = column_items;
  layout->starts_bytes = column_items * start;
  layout->pixels_bytes = MAX (copy, 1);
  return TRUE;
}

/* column_windows: WINDOW_COLUMNS columns a group, read in place, or
 * copied: COPIED_COLUMNS whole columns where they take at most half the
 * local memory, else PART_COLUMNS columns in the fewest parts that do,
 * while a part has at least the 2 * ry rows it copies beside its own,
 * else the most columns up to COPIED_COLUMNS that fit whole. FALSE where
 * not even one column fits. H100, RGBA 4K in buffers (half of the 47 KB
 * left to a group: 752 rows of 8 columns), column_windows's kernel ms in
 * parts against 4 whole columns: radius 30 0.047 (4 parts; 0.062), 60
 * 0.048 (4; 0.062), 100 0.050 (4; 0.062), 128 0.051 (5; 0.062), 150
 * 0.071 (5; 0.080); in images, radius 100 0.065 in 4 parts (0.077).
 * Beyond the bound on a part's rows, radius 200 in 7 parts took 0.080
 * against 0.080 and 250 in 10 0.082 against 0.080. sat_row_windows reads
 * the sums a little slower after parts (0.056 against 0.054 at radius
 * 100). Radius 100 in 5 parts took 0.050, in 2 0.060, in 8 0.060; 4
 * columns in 2 parts 0.058, in 4 0.066; 16 columns in 6 parts 0.052.
 * RGBA 1080p radius 100 (4 whole columns in half the local memory) took
 * 0.018, and 0.019 in 3 to 5 parts of 8 columns. */
static gboolean
layout_column_windows (GstCLBoxBlur * self, cl_kernel kernel,
    const GstCLPlane * plane, const PlanePlan * plan,
    ColumnWindowsLayout * layout)
{
  gsize start = (gsize) plane->channels * 4;
  gsize items = group_items (self, kernel, COLUMN_WINDOWS_ITEMS, start);
  gsize left = local_mem_left (self);
  gsize pixel = copies_columns (plane) ? (gsize) plane->channels *
      (plane->depth / 8) : 0;
  gsize column = pixel * plane->height;

  if (pixel) {
    if (try_column_layout (self, items, start, COPIED_COLUMNS, 1, column,
            left / 2, layout))
      return TRUE;
    for (gsize parts = 2; parts <= (gsize) plane->height
        && part_rows (plane, parts) >= 2 * (gsize) plan->ry; parts++)
      if (try_column_layout (self, items, start, PART_COLUMNS, parts,
              pixel * copied_rows (plane, plan, parts), left / 2, layout))
        return TRUE;
  }
  for (gsize columns = pixel ? COPIED_COLUMNS : WINDOW_COLUMNS;
      columns >= 1; columns /= 2)
    if (try_column_layout (self, items, start, columns, 1, column, left,
            layout))
      return TRUE;
  return FALSE;
}

/* sat_row_windows: the whole row in a segment where its sums fit in local
 * memory beside the scan's, else the fewest segments of equal width whose
 * outputs fit with the 2 * rx columns that widen them. FALSE where too
 * few do. Equal segments, H100, RGBA 4K (two segments of 1,920 outputs),
 * kernel ms: 0.077 at radius 15 and 100 where the widest segment that
 * fits and the rest (2,415 and 1,425 outputs at radius 15) took 0.088 and
 * 0.090; segments of 1,280 took 0.083, of 960 0.091, of 640 0.108.
 * Anchored sums take one segment more where that brings a segment's
 * columns into one chunk of its scan (items * ROW_WINDOWS_RUN): RGBA 4K,
 * sat_row_windows's kernel ms, radius 150 0.075 in 3 segments against
 * 0.092 in 2 (2,220 columns), radius 200 0.074 against 0.087, radius 400
 * 0.089 in 4 against 0.092 in 3 (2,080), 0.100 in 5; where the 16-bit
 * sums are whole it did not pay: radius 100 0.061 in 3 against 0.056 in
 * 2 (2,120 columns). */
static gboolean
layout_row_windows (GstCLBoxBlur * self, cl_kernel kernel,
    const GstCLPlane * plane, const PlanePlan * plan,
    RowWindowsLayout * layout)
{
  gsize entry = sat_entry_bytes (plane, plan);
  gsize items = group_items (self, kernel, ROW_WINDOWS_ITEMS, entry);
  gsize entries = local_mem_left (self) / entry, n;
  gsize chunk = items * ROW_WINDOWS_RUN;
  gint widest, segments;

  if (entries < items + 2)
    return FALSE;
  /* the most columns n with row_window_entries (n) <= entries - items */
  n = (entries - items - 1) * ROW_WINDOWS_RUN / (ROW_WINDOWS_RUN + 1);
  layout->row_items = items;
  widest = n >= (gsize) plane->width ? plane->width :
      (gint) n - 2 * plan->rx - (ROW_WINDOWS_RUN - 1);
  if (widest <= 0 || widest < MIN_SEGMENT_RX * plan->rx)
    return FALSE;
  segments = (plane->width + widest - 1) / widest;
  if (plan->anchored_columns && segment_columns (plane, plan,
          equal_segment (plane, segments)) > chunk
      && segment_columns (plane, plan,
          equal_segment (plane, segments + 1)) <= chunk)
    segments++;
  layout->segment = equal_segment (plane, segments);
  return TRUE;
}

/* Bytes of column_windows's sums of @plane (column_window_t in
 * boxblur.cl), a quarter or half of the table the fallback writes. */
static gsize
column_sums_bytes (const GstCLPlane * plane, const PlanePlan * plan)
{
  return (gsize) plane->width * plane->height * plane->channels *
      (plan->short_columns ? 2 : 4);
}

/* Where its anchors start in the scratch buffer, after the sums: 0 where
 * it has none. */
static gint
column_anchors_at (const GstCLPlane * plane, const PlanePlan * plan)
{
  return plan->anchored_columns ?
      (gint) GST_ROUND_UP_16 (column_sums_bytes (plane, plan)) : 0;
}

/* Bytes of its sums and anchors, a row of a byte a channel every
 * ANCHOR_ROWS. */
static gsize
column_windows_bytes (const GstCLPlane * plane, const PlanePlan * plan)
{
  gsize anchor_rows = (plane->height + ANCHOR_ROWS - 1) / ANCHOR_ROWS;

  if (!plan->anchored_columns)
    return column_sums_bytes (plane, plan);
  return column_anchors_at (plane, plan) +
      anchor_rows * plane->width * plane->channels;
}

/* sat on GPUs, its first kernel: column_windows into the scratch buffer. */
static gboolean
enqueue_column_windows (GstCLBoxBlur * self, cl_kernel kernel,
    const GstCLPlane * src, const PlanePlan * plan,
    const ColumnWindowsLayout * layout, GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));
  const gsize groups[2] = {
    (src->width + layout->columns - 1) / layout->columns, layout->parts
  };
  const gsize local[2] = { layout->columns,
    layout->column_items / layout->columns
  };
  GstCLArgs args;

  GST_LOG_OBJECT (self, "sat: column windows by %" G_GSIZE_FORMAT
      " columns in %" G_GSIZE_FORMAT " parts", layout->columns,
      layout->parts);
  gst_cl_args_init (&args, kernel);
  gst_cl_args_add_plane (&args, src);
  gst_cl_args_add_int (&args, src->width);
  gst_cl_args_add_int (&args, src->height);
  gst_cl_args_add_int (&args, plan->ry);
  gst_cl_args_add_mem (&args, self->scratch);
  gst_cl_args_add_int (&args, column_anchors_at (src, plan));
  gst_cl_args_add (&args, layout->starts_bytes, NULL);
  gst_cl_args_add (&args, layout->pixels_bytes, NULL);
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_groups (context, kernel, 2, groups, local,
      error);
}

/* Its second: sat_row_windows from the scratch buffer into @dst. */
static gboolean
enqueue_row_windows (GstCLBoxBlur * self, cl_kernel kernel,
    const GstCLPlane * src, const GstCLPlane * dst, const PlanePlan * plan,
    const RowWindowsLayout * layout, GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));
  gsize entry = sat_entry_bytes (src, plan);
  gsize n_sums = row_window_entries (segment_columns (src, plan,
          layout->segment));
  const gsize groups[2] = {
    (src->width + layout->segment - 1) / layout->segment, src->height
  };
  const gsize local[2] = { layout->row_items, 1 };
  GstCLArgs args;

  GST_LOG_OBJECT (self, "sat: row windows by segments of %d",
      layout->segment);
  gst_cl_args_init (&args, kernel);
  add_window_args (&args, self, src, plan);
  gst_cl_args_add_int (&args, layout->segment);
  gst_cl_args_add_int (&args, column_anchors_at (src, plan));
  gst_cl_args_add_plane (&args, dst);
  gst_cl_args_add (&args, n_sums * entry, NULL);
  gst_cl_args_add (&args, layout->row_items * entry, NULL);
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_groups (context, kernel, 2, groups, local,
      error);
}

/* box_strips's local arrays: STRIP_STEP_ROWS rows of sums[], and of
 * part[] (one entry an item: the portable scan's). */
static gsize
strip_sums_bytes (const GstCLPlane * plane, const PlanePlan * plan)
{
  return STRIP_STEP_ROWS * (STRIP_ITEMS + 1) * sat_entry_bytes (plane, plan);
}

static gsize
strip_part_bytes (const GstCLPlane * plane, const PlanePlan * plan)
{
  return STRIP_STEP_ROWS * STRIP_ITEMS * sat_entry_bytes (plane, plan);
}

/* Whether box_strips runs @plan on @src: on devices with
 * NVIDIA's warps, where it was measured (with the portable scans where
 * the warp scans were refused), for radii up to STRIP_RADIUS
 * (STRIP_IMAGE_RADIUS from images; less where @columns, the two kernels'
 * layout or NULL where they do not run, copies columns in parts), with
 * 32-bit sums. */
static gboolean
uses_strips (GstCLBoxBlur * self, cl_kernel kernel, const GstCLPlane * src,
    const PlanePlan * plan, const ColumnWindowsLayout * columns)
{
  GstCLFilter *filter = GST_CL_FILTER (self);
  GstCLContext *context = gst_cl_filter_get_context (filter);
  gboolean images = gst_cl_filter_get_memory (filter) == GST_CL_STORAGE_IMAGE;
  gboolean parts = columns && columns->parts > 1;
  gint radius = images ?
      (parts ? STRIP_PARTS_IMAGE_RADIUS : STRIP_IMAGE_RADIUS) :
      (parts ? STRIP_PARTS_RADIUS : STRIP_RADIUS);

  return uses_group_scans (self) && context->info->ptx_warps
      && !plan->sum_wide && plan->rx <= radius && plan->ry <= radius
      && gst_cl_context_kernel_group_size (context, kernel) >= STRIP_ITEMS
      && strip_sums_bytes (src, plan) + strip_part_bytes (src, plan) <=
      local_mem_left (self);
}

static gboolean
run_strips (GstCLBoxBlur * self, cl_kernel kernel, const GstCLPlane * src,
    const GstCLPlane * dst, const PlanePlan * plan, GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));
  gint strip_w = STRIP_ITEMS - 2 * plan->rx;
  gint rows = plan->ry < TALL_STRIP_RY ? SHORT_STRIP_ROWS : TALL_STRIP_ROWS;
  const gsize groups[2] = { (src->width + strip_w - 1) / strip_w,
    (src->height + rows - 1) / rows
  };
  const gsize local[2] = { STRIP_ITEMS, 1 };
  GstCLArgs args;

  gst_cl_args_init (&args, kernel);
  add_source_args (&args, src, plan);
  gst_cl_args_add_plane (&args, dst);
  gst_cl_args_add_int (&args, rows);
  gst_cl_args_add (&args, strip_sums_bytes (src, plan), NULL);
  gst_cl_args_add (&args, strip_part_bytes (src, plan), NULL);
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_groups (context, kernel, 2, groups, local,
      error);
}

static gboolean
run_sat (GstCLBoxBlur * self, cl_kernel * kernels, const GstCLPlane * src,
    const GstCLPlane * dst, const PlanePlan * plan, GError ** error)
{
  GstCLContext *context = gst_cl_filter_get_context (GST_CL_FILTER (self));
  ColumnWindowsLayout columns;
  RowWindowsLayout rows;
  GstCLArgs args;
  gboolean windows = uses_group_scans (self)
      && layout_column_windows (self, kernels[KERNEL_COLUMN_WINDOWS], src,
      plan, &columns)
      && layout_row_windows (self, kernels[KERNEL_ROW_WINDOWS], src, plan,
      &rows);

  if (uses_strips (self, kernels[KERNEL_STRIPS], src, plan,
          windows ? &columns : NULL))
    return run_strips (self, kernels[KERNEL_STRIPS], src, dst, plan, error);
  if (windows)
    return ensure_scratch (self, column_windows_bytes (src, plan), error)
        && enqueue_column_windows (self, kernels[KERNEL_COLUMN_WINDOWS], src,
        plan, &columns, error)
        && enqueue_row_windows (self, kernels[KERNEL_ROW_WINDOWS], src, dst,
        plan, &rows, error);
  if (!ensure_scratch (self, scratch_bytes (src, plan,
              GST_CL_BOX_BLUR_METHOD_SAT), error))
    return FALSE;
  if (!enqueue_sat_rows (self, kernels[KERNEL_ROWS], src, plan, error)
      || !enqueue_sat_columns (self, kernels[KERNEL_COLUMNS], src, plan,
          error))
    return FALSE;

  gst_cl_args_init (&args, kernels[KERNEL_AVERAGE]);
  add_window_args (&args, self, src, plan);
  gst_cl_args_add_plane (&args, dst);
  return gst_cl_args_check (&args, error)
      && gst_cl_context_enqueue_2d (context, kernels[KERNEL_AVERAGE],
      src->width, src->height, error);
}

static gboolean
run_pass (GstCLBoxBlur * self, GstCLBoxBlurMethod method, cl_kernel * kernels,
    const GstCLPlane * src, const GstCLPlane * dst, const PlanePlan * plan,
    GError ** error)
{
  if (plan->cpu)
    return ensure_scratch (self, scratch_bytes (src, plan, method), error)
        && run_separable_cpu (self, kernels, src, dst, plan, error);
  if (method == GST_CL_BOX_BLUR_METHOD_SAT)
    return run_sat (self, kernels, src, dst, plan, error);
  return run_separable (self, kernels, src, dst, plan, error);
}

/* The kernels that make a pass in one go (the tiles and strips on GPUs,
 * box_rows_wide on CPUs) read around their pixels while other work-items
 * write theirs: no pass runs in place. Passes alternate between @out and
 * plane @p's spare, so that the last writes @out. In place, passes after
 * the first took sat_rows and box_segments instead of the tiles, and the
 * two kernels instead of the strips: H100, kernel ms per frame with
 * passes=3, RGBA 4K radius 3 0.243 against 0.496 (one pass 0.080), radius
 * 8 0.279 against 0.297; RGBA 1080p radius 3 0.073 against 0.145; NV12 4K
 * radius 3 0.183 against 0.270; in images RGBA 4K radius 3 0.293 against
 * 0.570. */
static gboolean
run_passes (GstCLBoxBlur * self, GstCLBoxBlurMethod method,
    cl_kernel * kernels, guint p, const GstCLPlane * in,
    const GstCLPlane * out, const PlanePlan * plan, guint passes,
    GError ** error)
{
  gboolean images = gst_cl_filter_get_memory (GST_CL_FILTER (self)) ==
      GST_CL_STORAGE_IMAGE;
  /* Built from the geometry alone: nothing of the output's memory (its
   * offset, wrapper or linked buffer) may carry over. */
  const GstCLPlane spare = {
    .mem = images ? self->spare_images[p] : self->spare,
    .width = out->width,
    .height = out->height,
    .channels = out->channels,
    .depth = out->depth,
    .pitch = out->width * out->channels,
  };
  const GstCLPlane *src = in;

  for (guint pass = 0; pass < passes; pass++) {
    const GstCLPlane *dst = (passes - 1 - pass) % 2 ? &spare : out;

    if (!run_pass (self, method, kernels, src, dst, plan, error))
      return FALSE;
    src = dst;
  }
  return TRUE;
}

static gboolean
params_passthrough (const BlurParams * params)
{
  return params->radius_x == 0 && params->radius_y == 0;
}

static void
gst_cl_box_blur_close (GstCLFilter * filter)
{
  GstCLBoxBlur *self = GST_CL_BOX_BLUR (filter);

  clear_planes (self);
}

static gboolean
gst_cl_box_blur_set_info (GstCLFilter * filter, const GstCLFrame * in,
    const GstCLFrame * out, GError ** error)
{
  GstCLBoxBlur *self = GST_CL_BOX_BLUR (filter);
  PlanePlan plans[GST_VIDEO_MAX_PLANES];
  GstCLBoxBlurMethod method;
  BlurParams params;

  clear_planes (self);
  self->n_planes = in->n_planes;

  GST_OBJECT_LOCK (self);
  params = self->params;
  GST_OBJECT_UNLOCK (self);

  /* Build the kernels now, so that a device failure shows in negotiation. */
  return prepare (self, in, &params, &method, plans, error);
}

static gboolean
gst_cl_box_blur_filter_prefers_buffers (GstCLFilter * filter,
    const GstVideoInfo * in, const GstVideoInfo * out)
{
  GstCLBoxBlur *self = GST_CL_BOX_BLUR (filter);
  GstCLFrame layout;
  BlurParams params;

  GST_OBJECT_LOCK (self);
  params = self->params;
  GST_OBJECT_UNLOCK (self);
  return gst_cl_frame_layout (&layout, in, GST_CL_STORAGE_BUFFER)
      && gst_cl_box_blur_prefers_buffers (gst_cl_filter_get_context
      (filter)->info, &layout.planes[0], params.radius_x, params.radius_y);
}

static gboolean
gst_cl_box_blur_snapshot (GstCLFilter * filter)
{
  GstCLBoxBlur *self = GST_CL_BOX_BLUR (filter);

  GST_OBJECT_LOCK (self);
  self->frame = self->params;
  GST_OBJECT_UNLOCK (self);
  return params_passthrough (&self->frame);
}

static gboolean
gst_cl_box_blur_process (GstCLFilter * filter, GstCLFrame * in,
    GstCLFrame * out, GError ** error)
{
  GstCLBoxBlur *self = GST_CL_BOX_BLUR (filter);
  PlanePlan plans[GST_VIDEO_MAX_PLANES];
  GstCLBoxBlurMethod method;
  const BlurParams *params = &self->frame;

  if (!prepare (self, in, params, &method, plans, error))
    return FALSE;

  GST_OBJECT_LOCK (self);
  if (self->active_method != method)
    GST_INFO_OBJECT (self, "blurring with the %s method",
        method_name (method));
  self->active_method = method;
  GST_OBJECT_UNLOCK (self);

  for (guint p = 0; p < in->n_planes; p++)
    if (!run_passes (self, method,
            self->planes[p].kernels[variant_index (method, &plans[p])], p,
            &in->planes[p], &out->planes[p], &plans[p], params->passes,
            error))
      return FALSE;
  return TRUE;
}

/* A blur moves no pixel: metas about the frame's geometry (a region of
 * interest, say) stay true as they are. */
static gboolean
gst_cl_box_blur_transform_meta (GstBaseTransform * trans, GstBuffer * outbuf,
    GstMeta * meta, GstBuffer * inbuf)
{
  if (gst_cl_meta_is_geometry (meta))
    return TRUE;
  return GST_BASE_TRANSFORM_CLASS (parent_class)->transform_meta (trans,
      outbuf, meta, inbuf);
}

static void
gst_cl_box_blur_set_property (GObject * object, guint prop_id,
    const GValue * value, GParamSpec * pspec)
{
  GstCLBoxBlur *self = GST_CL_BOX_BLUR (object);

  /* Recorded only: the streaming thread takes them (snapshot), and
   * passthrough with them. */
  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_RADIUS:
      self->params.radius_x = self->params.radius_y = g_value_get_uint (value);
      break;
    case PROP_RADIUS_X:
      self->params.radius_x = g_value_get_uint (value);
      break;
    case PROP_RADIUS_Y:
      self->params.radius_y = g_value_get_uint (value);
      break;
    case PROP_PASSES:
      self->params.passes = g_value_get_uint (value);
      break;
    case PROP_METHOD:
      self->params.method = g_value_get_enum (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (self);
}

static void
gst_cl_box_blur_get_property (GObject * object, guint prop_id,
    GValue * value, GParamSpec * pspec)
{
  GstCLBoxBlur *self = GST_CL_BOX_BLUR (object);

  GST_OBJECT_LOCK (self);
  switch (prop_id) {
    case PROP_RADIUS:
    case PROP_RADIUS_X:
      g_value_set_uint (value, self->params.radius_x);
      break;
    case PROP_RADIUS_Y:
      g_value_set_uint (value, self->params.radius_y);
      break;
    case PROP_PASSES:
      g_value_set_uint (value, self->params.passes);
      break;
    case PROP_METHOD:
      g_value_set_enum (value, self->params.method);
      break;
    case PROP_ACTIVE_METHOD:
      g_value_set_enum (value, self->active_method);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      break;
  }
  GST_OBJECT_UNLOCK (self);
}

static void
gst_cl_box_blur_init (GstCLBoxBlur * self)
{
  self->params.radius_x = DEFAULT_RADIUS;
  self->params.radius_y = DEFAULT_RADIUS;
  self->params.passes = DEFAULT_PASSES;
  self->params.method = DEFAULT_METHOD;
  self->active_method = GST_CL_BOX_BLUR_METHOD_AUTO;
}

static void
gst_cl_box_blur_class_init (GstCLBoxBlurClass * klass)
{
  GObjectClass *gobject_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);
  GstBaseTransformClass *trans_class = GST_BASE_TRANSFORM_CLASS (klass);
  GstCLFilterClass *cl_class = GST_CL_FILTER_CLASS (klass);
  const GParamFlags flags = G_PARAM_READWRITE | GST_PARAM_MUTABLE_PLAYING |
      G_PARAM_STATIC_STRINGS;

  GST_DEBUG_CATEGORY_INIT (gst_cl_box_blur_debug, "clboxblur", 0,
      "OpenCL box blur");

  gobject_class->set_property = gst_cl_box_blur_set_property;
  gobject_class->get_property = gst_cl_box_blur_get_property;

  g_object_class_install_property (gobject_class, PROP_RADIUS,
      g_param_spec_uint ("radius", "Radius",
          "Sets radius-x and radius-y (reads back radius-x)", 0, MAX_RADIUS,
          DEFAULT_RADIUS, flags | GST_PARAM_CONTROLLABLE));
  g_object_class_install_property (gobject_class, PROP_RADIUS_X,
      g_param_spec_uint ("radius-x", "Horizontal radius",
          "The window is 2 * radius-x + 1 pixels wide (0: no horizontal "
          "blur)", 0, MAX_RADIUS, DEFAULT_RADIUS,
          flags | GST_PARAM_CONTROLLABLE));
  g_object_class_install_property (gobject_class, PROP_RADIUS_Y,
      g_param_spec_uint ("radius-y", "Vertical radius",
          "The window is 2 * radius-y + 1 pixels high (0: no vertical blur)",
          0, MAX_RADIUS, DEFAULT_RADIUS, flags | GST_PARAM_CONTROLLABLE));
  g_object_class_install_property (gobject_class, PROP_PASSES,
      g_param_spec_uint ("passes", "Passes",
          "How many times the blur is applied (3 come close to a Gaussian)",
          1, MAX_PASSES, DEFAULT_PASSES, flags));
  g_object_class_install_property (gobject_class, PROP_METHOD,
      g_param_spec_enum ("method", "Method",
          "Separable running sums or a summed-area table (same output)",
          GST_TYPE_CL_BOX_BLUR_METHOD, DEFAULT_METHOD, flags));
  g_object_class_install_property (gobject_class, PROP_ACTIVE_METHOD,
      g_param_spec_enum ("active-method", "Active method",
          "The method that blurred the last frame (auto: none yet)",
          GST_TYPE_CL_BOX_BLUR_METHOD, GST_CL_BOX_BLUR_METHOD_AUTO,
          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  gst_element_class_set_static_metadata (element_class,
      "OpenCL box blur", "Filter/Effect/Video/Hardware",
      "Exact box blur whose cost does not grow with the radius, on an "
      "OpenCL device", "gst-opencl developers");

  trans_class->transform_meta = gst_cl_box_blur_transform_meta;

  cl_class->close = gst_cl_box_blur_close;
  cl_class->set_info = gst_cl_box_blur_set_info;
  cl_class->snapshot = gst_cl_box_blur_snapshot;
  cl_class->prefers_buffers = gst_cl_box_blur_filter_prefers_buffers;
  cl_class->process = gst_cl_box_blur_process;

  gst_type_mark_as_plugin_api (GST_TYPE_CL_BOX_BLUR_METHOD, 0);
}
