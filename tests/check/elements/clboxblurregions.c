/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * clboxblur's sigma and regions, against references written here:
 *
 * - sigma: three passes of the exact integer box blur (boxblur-reference.c),
 *   of the widths Kovesi's construction gives, worked out here again from
 *   its formula, the chroma planes' for sigma / 2; byte for byte, every
 *   format, both storages and methods. Against a true Gaussian (a sampled
 *   kernel truncated at 5 sigma, renormalised over the pixels inside the
 *   frame, as the box windows are clipped, in doubles): a PSNR of at
 *   least the bound psnr_bounds[] gives for each sigma (the figures
 *   measured, rounded down to the half dB);
 * - regions: the frame blurred as a whole (the integer reference) inside
 *   the rectangles of the GstVideoRegionOfInterestMetas the test attaches,
 *   each widened by the margin, clipped to the frame and scaled to each
 *   plane rounding outward; the source's bytes everywhere else; the metas
 *   on the output as they came. Every format, both storages, system and
 *   OpenCL memory on either pad, a sequence of frames with rectangles
 *   overlapping, on the frame's edges, outside it, empty, more than the
 *   tuning's parts, margins from 0 to the largest, with radii, passes and
 *   sigma; interlaced frames, each field's rows of the regions blurred
 *   within the field; metas attached before clupload, through cldownload.
 *   No tolerance: the element's bytes are exact.
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include <math.h>
#include <string.h>

#include <gst/opencl/gstclframe.h>
#include <gst/opencl/gstclmemory.h>
#include "boxblur-reference.h"
#include "reliability.h"

#define CL_FEATURE GST_CAPS_FEATURE_MEMORY_CL_MEMORY
#define ROI_TYPE "face"

/* The widths of the three boxes for @sigma, in the order they run (the
 * narrower first): Kovesi's "Fast almost-Gaussian filtering", as the
 * element documents it. */
static void
gaussian_widths (gdouble sigma, gint widths[3])
{
  gdouble w = sqrt (12 * sigma * sigma / 3 + 1);
  gint wl = (gint) floor (w);
  gint m;

  if (wl % 2 == 0)
    wl--;
  m = (gint) round ((12 * sigma * sigma - 3.0 * wl * wl - 12.0 * wl - 9) /
      (-4.0 * wl - 4));
  m = CLAMP (m, 0, 3);
  for (gint i = 0; i < 3; i++)
    widths[i] = i < m ? wl : wl + 2;
}

/* What the element is set to for a frame. */
typedef struct
{
  gint rx, ry;
  guint passes;
  gdouble sigma;
} Blur;

/* The whole frame blurred as @blur says: with sigma, three passes of the
 * reference box blur of the Gaussian's boxes on every plane (those of
 * sigma / 2^sub on a subsampled one), each rounded as the element rounds
 * it; else @passes of the radii scaled for the plane. */
static void
blur_reference (const Frame * src, const Blur * blur, Frame * dst)
{
  if (blur->sigma == 0) {
    frame_reference (src, blur->rx, blur->ry, blur->passes, dst);
    return;
  }
  *dst = *src;
  for (guint p = 0; p < src->n_planes; p++) {
    const Plane *from = &src->planes[p];
    gint wx[3], wy[3];

    gaussian_widths (ldexp (blur->sigma, -(gint) src->w_sub[p]), wx);
    gaussian_widths (ldexp (blur->sigma, -(gint) src->h_sub[p]), wy);
    for (guint pass = 0; pass < 3; pass++) {
      Plane out;

      reference_blur (from, wx[pass] / 2, wy[pass] / 2, &out);
      if (pass > 0)
        g_free (from->v);
      dst->planes[p] = out;
      from = &dst->planes[p];
    }
  }
}

static GstElement *
get_blur (GstHarness * h)
{
  GstElement *blur = gst_bin_get_by_name (GST_BIN (h->element), "blur");

  fail_unless (blur != NULL);
  gst_object_unref (blur);
  return blur;
}

static void
set_blur (GstElement * element, const Blur * blur)
{
  g_object_set (element, "radius-x", blur->rx, "radius-y", blur->ry,
      "passes", blur->passes, "sigma", blur->sigma, NULL);
}

/* The memory on the element's pads. */
typedef enum
{
  SYSTEM_TO_SYSTEM,
  SYSTEM_TO_OPENCL,
  OPENCL_TO_SYSTEM,
  OPENCL_TO_OPENCL,
  N_PATHS
} Path;

static const gchar *const path_names[] = {
  "system -> system", "system -> OpenCL", "OpenCL -> system",
  "OpenCL -> OpenCL"
};

static gboolean
path_in_opencl (Path path)
{
  return path == OPENCL_TO_SYSTEM || path == OPENCL_TO_OPENCL;
}

static gboolean
path_out_opencl (Path path)
{
  return path == SYSTEM_TO_OPENCL || path == OPENCL_TO_OPENCL;
}

/* The test's rectangles, as GstVideoRegionOfInterestMeta holds them. */
typedef struct
{
  guint x, y, w, h;
} Rect;

#define MAX_RECTS 64

/* The metas the probe before the element attaches to the next frame. */
typedef struct
{
  const Rect *rects;
  guint n_rects;
} Attach;

static void
add_metas (GstBuffer * buffer, const Rect * rects, guint n_rects)
{
  for (guint i = 0; i < n_rects; i++)
    fail_unless (gst_buffer_add_video_region_of_interest_meta (buffer,
            ROI_TYPE, rects[i].x, rects[i].y, rects[i].w, rects[i].h)
        != NULL);
}

/* Attaches the metas right before the element: clupload, a copy, keeps
 * only metas tagged video alone. */
static GstPadProbeReturn
attach_metas (GstPad * pad, GstPadProbeInfo * info, gpointer user_data)
{
  const Attach *attach = user_data;
  GstBuffer *buffer = gst_buffer_make_writable (GST_PAD_PROBE_INFO_BUFFER
      (info));

  add_metas (buffer, attach->rects, attach->n_rects);
  GST_PAD_PROBE_INFO_DATA (info) = buffer;
  return GST_PAD_PROBE_OK;
}

/* The metas on @buffer are @rects, in order, unchanged. */
static void
assert_metas (GstBuffer * buffer, const Rect * rects, guint n_rects,
    const gchar * what)
{
  gpointer state = NULL;
  GstMeta *meta;
  guint n = 0;

  while ((meta = gst_buffer_iterate_meta_filtered (buffer, &state,
              GST_VIDEO_REGION_OF_INTEREST_META_API_TYPE))) {
    GstVideoRegionOfInterestMeta *roi = (GstVideoRegionOfInterestMeta *) meta;

    fail_unless (n < n_rects, "%s: more metas than were attached", what);
    fail_unless (roi->roi_type == g_quark_from_string (ROI_TYPE)
        && roi->x == rects[n].x && roi->y == rects[n].y
        && roi->w == rects[n].w && roi->h == rects[n].h,
        "%s: meta %u is %u,%u %ux%u, was %u,%u %ux%u", what, n, roi->x,
        roi->y, roi->w, roi->h, rects[n].x, rects[n].y, rects[n].w, rects[n].h);
    n++;
  }
  fail_unless_equals_int (n, n_rects);
}

/* The element's storage, buffers or images: its memory property, which
 * applies from NULL or READY on. */
static void
set_storage (GstElement * blur, const gchar * storage)
{
  gst_util_set_object_arg (G_OBJECT (blur), "storage", storage);
}

/* A harness around "[clupload !] clboxblur name=blur ! capsfilter" on
 * @context, fed frames of @info, which attaches @attach's metas to the
 * frames the element takes. */
static GstHarness *
regions_harness (const GstVideoInfo * info, const gchar * storage,
    Path path, GstContext * context, Attach * attach)
{
  gchar *description = g_strdup_printf ("%sclboxblur name=blur regions=true "
      "! capsfilter caps=\"video/x-raw%s\"",
      path_in_opencl (path) ? "clupload ! " : "",
      path_out_opencl (path) ? "(" CL_FEATURE ")" : "");
  GError *error = NULL;
  GstElement *bin = gst_parse_bin_from_description (description, TRUE,
      &error);
  GstElement *blur;
  GstHarness *h;
  GstPad *pad;

  fail_unless (bin != NULL, "%s: %s", description,
      error ? error->message : "?");
  blur = gst_bin_get_by_name (GST_BIN (bin), "blur");
  set_storage (blur, storage);
  gst_object_unref (blur);
  gst_element_set_context (bin, context);
  h = gst_harness_new_with_element (bin, "sink", "src");
  gst_object_unref (bin);
  gst_harness_set_src_caps (h, gst_video_info_to_caps (info));
  pad = gst_element_get_static_pad (get_blur (h), "sink");
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, attach_metas, attach,
      NULL);
  gst_object_unref (pad);
  g_free (description);
  return h;
}

/* Plane @p's samples inside @rect widened by @margin (in the frame's
 * pixels), clipped to the frame and scaled to the plane, rounding
 * outward: [x0, x1) x [y0, y1); FALSE where empty. */
static gboolean
plane_box (const Frame * frame, guint p, const Rect * rect, guint margin,
    gint * x0, gint * y0, gint * x1, gint * y1)
{
  gint64 fx0 = MAX ((gint64) rect->x - margin, 0);
  gint64 fy0 = MAX ((gint64) rect->y - margin, 0);
  gint64 fx1 = MIN ((gint64) rect->x + rect->w + margin, frame->info.width);
  gint64 fy1 = MIN ((gint64) rect->y + rect->h + margin, frame->info.height);
  gint sx = 1 << frame->w_sub[p], sy = 1 << frame->h_sub[p];

  if (rect->w == 0 || rect->h == 0 || fx1 <= fx0 || fy1 <= fy0)
    return FALSE;
  *x0 = fx0 / sx;
  *y0 = fy0 / sy;
  *x1 = (fx1 + sx - 1) / sx;
  *y1 = (fy1 + sy - 1) / sy;
  return TRUE;
}

/* @blurred where a rectangle (widened by @margin) lies, @src elsewhere. */
static void
regions_reference (const Frame * src, const Frame * blurred,
    const Rect * rects, guint n_rects, guint margin, Frame * want)
{
  frame_layout (want, GST_VIDEO_INFO_FORMAT (&src->info), src->info.width,
      src->info.height);
  for (guint p = 0; p < src->n_planes; p++) {
    const Plane *s = &src->planes[p];

    memcpy (want->planes[p].v, s->v, sizeof (guint16) * s->width *
        s->height * s->channels);
    for (guint i = 0; i < n_rects; i++) {
      gint x0, y0, x1, y1;

      if (!plane_box (src, p, &rects[i], margin, &x0, &y0, &x1, &y1))
        continue;
      for (gint y = y0; y < y1; y++)
        memcpy (plane_at (&want->planes[p], x0, y),
            plane_at (&blurred->planes[p], x0, y),
            sizeof (guint16) * (x1 - x0) * s->channels);
    }
  }
}

/* One frame of a run: the element's settings and the metas it gets. */
typedef struct
{
  const gchar *what;
  Blur blur;
  guint margin;
  guint n_rects;
  Rect rects[MAX_RECTS];
} Step;

#define W 61
#define H 37

/* Every frame of every run: each pushes these in order, with the settings
 * changed between them while playing. */
static Step steps[] = {
  {"no metas", {3, 2, 1, 0}, 0, 0},
  {"one rectangle", {3, 2, 1, 0}, 0, 1, {{10, 8, 20, 12}}},
  {"overlapping, margin 2, two passes", {2, 3, 2, 0}, 2, 2,
      {{5, 5, 20, 15}, {15, 10, 20, 20}}},
  {"on the edges, sigma 2", {0, 0, 1, 2}, 0, 2,
      {{0, 0, 9, 7}, {W - 11, H - 7, 11, 7}}},
  {"outside, partly outside, empty, margin 1", {4, 4, 1, 0}, 1, 5,
      {{W - 6, H - 4, 20, 20}, {W + 40, 3, 5, 5}, {10, 10, 0, 5},
          {G_MAXUINT - 2, 3, 10, 10}, {3, G_MAXUINT, G_MAXUINT,
              G_MAXUINT}}},
  {"the largest margin", {1, 1, 1, 0}, G_MAXINT, 1, {{30, 18, 1, 1}}},
  {"odd corners, chroma rounded outward, sigma 1", {0, 0, 1, 1}, 0, 3,
      {{7, 5, 3, 3}, {20, 11, 1, 1}, {33, 20, 2, 4}}},
  {"margin 3 past a corner, sigma 1.5, radii aside", {9, 9, 4, 1.5}, 3, 2,
      {{1, 2, 4, 4}, {W - 3, H - 2, 1, 1}}},
  /* 40 rectangles: more than any row of the tuning table's parts */
  {"40 small rectangles", {2, 2, 1, 0}, 0, 40},
  {"radius 0: passthrough", {0, 0, 1, 0}, 0, 1, {{10, 8, 20, 12}}},
};

static void
fill_grid (Step * step)
{
  for (guint i = 0; i < step->n_rects; i++) {
    step->rects[i].x = 1 + (i % 8) * 7;
    step->rects[i].y = 1 + (i / 8) * 7;
    step->rects[i].w = 2 + i % 3;
    step->rects[i].h = 2 + i % 2;
  }
}

static const GstVideoFormat formats[] = {
  GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_BGRx, GST_VIDEO_FORMAT_GRAY8,
  GST_VIDEO_FORMAT_GRAY16_LE, GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_NV12,
};

static const gchar *const storages[] = { "buffer", "image" };

/* Whether the default device holds @format in @storage. */
static gboolean
storage_serves (const gchar * storage, GstVideoFormat format)
{
  GError *error = NULL;
  const GstCLDeviceInfo *device = gst_cl_device_select (NULL, &error);

  fail_unless (device != NULL, "no OpenCL device: %s",
      error ? error->message : "?");
  return g_str_equal (storage, "buffer") || (device->image_support
      && gst_cl_format_supported (format, GST_CL_STORAGE_IMAGE, device));
}

/* Runs steps[] through the element on @context with @storage and @path,
 * frames of @src: each against regions_reference(). */
static void
run_steps (const Frame * src, const gchar * storage, Path path,
    GstContext * context)
{
  GstBuffer *in = frame_to_buffer (src, 0);
  Attach attach = { NULL, 0 };
  RelFramesWatch watch;
  GstHarness *h;

  h = regions_harness (&src->info, storage, path, context, &attach);
  rel_frames_watch_start (&watch, get_blur (h));
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++) {
    const Step *step = &steps[i];
    gchar *what = g_strdup_printf ("%s, %ss, %s, %s",
        GST_VIDEO_INFO_NAME (&src->info), storage, path_names[path],
        step->what);
    Frame blurred, want, got;
    GstBuffer *out;

    GST_INFO ("%s", what);
    set_blur (get_blur (h), &step->blur);
    g_object_set (get_blur (h), "region-margin", step->margin, NULL);
    attach.rects = step->rects;
    attach.n_rects = step->n_rects;
    fail_unless_equals_int (gst_harness_push (h, gst_buffer_ref (in)),
        GST_FLOW_OK);
    out = gst_harness_pull (h);
    fail_unless (out != NULL, "%s: no output", what);
    fail_unless_equals_int (gst_is_cl_memory (gst_buffer_peek_memory (out,
                0)), path_out_opencl (path));

    blur_reference (src, &step->blur, &blurred);
    regions_reference (src, &blurred, step->rects, step->n_rects,
        step->margin, &want);
    buffer_to_frame (out, src, &got);
    assert_frames_equal (&got, &want, what);
    assert_metas (out, step->rects, step->n_rects, what);

    frame_clear (&got);
    frame_clear (&want);
    frame_clear (&blurred);
    gst_buffer_unref (out);
    g_free (what);
  }
  /* every frame on the device where it came in OpenCL memory */
  fail_unless_equals_int (g_atomic_int_get (&watch.host_frames), 0);
  rel_frames_watch_stop (&watch);
  gst_harness_teardown (h);
  gst_buffer_unref (in);
}

/* The table: every format x storage (an iteration each) x memory path,
 * each a run of steps[]. */
GST_START_TEST (test_regions)
{
  GstVideoFormat format = formats[__i__ / G_N_ELEMENTS (storages)];
  const gchar *storage = storages[__i__ % G_N_ELEMENTS (storages)];
  GstContext *context;
  Frame src;

  if (!storage_serves (storage, format)) {
    GST_INFO ("%s in %ss: not on this device",
        gst_video_format_to_string (format), storage);
    return;
  }
  fill_grid (&steps[8]);
  frame_new (&src, format, W, H, FILL_RANDOM, __i__);
  context = rel_new_shared_context ();
  for (Path path = 0; path < N_PATHS; path++)
    run_steps (&src, storage, path, context);
  gst_context_unref (context);
  frame_clear (&src);
}

GST_END_TEST;

/* A harness around clboxblur alone, in system memory, frames of @caps. */
static GstHarness *
blur_harness_for_caps (const gchar * caps, const gchar * storage)
{
  GstElement *blur = gst_element_factory_make ("clboxblur", NULL);
  GstHarness *h;

  fail_unless (blur != NULL);
  set_storage (blur, storage);
  h = gst_harness_new_with_element (blur, "sink", "src");
  gst_object_unref (blur);
  gst_harness_set_caps_str (h, caps, caps);
  return h;
}

static GstHarness *
blur_harness (const Frame * frame, const gchar * storage)
{
  GstCaps *caps = gst_video_info_to_caps (&frame->info);
  gchar *caps_str = gst_caps_to_string (caps);
  GstHarness *h = blur_harness_for_caps (caps_str, storage);

  g_free (caps_str);
  gst_caps_unref (caps);
  return h;
}

static void
push_check (GstHarness * h, GstBuffer * in, const Frame * src,
    const Frame * want, const gchar * what)
{
  GstBuffer *out;
  Frame got;

  fail_unless_equals_int (gst_harness_push (h, gst_buffer_ref (in)),
      GST_FLOW_OK);
  out = gst_harness_pull (h);
  buffer_to_frame (out, src, &got);
  assert_frames_equal (&got, want, what);
  frame_clear (&got);
  gst_buffer_unref (out);
}

/* The metas a detector attaches upstream of clupload reach the element
 * through it, and leave through cldownload: a chain in OpenCL memory
 * blurs the regions. */
GST_START_TEST (test_regions_through_clupload)
{
  static const Rect rects[] = { {4, 3, 9, 8}, {40, 20, 30, 30} };
  static const Blur blur = { 2, 3, 1, 0 };
  GstContext *context = rel_new_shared_context ();
  GstElement *bin = gst_parse_bin_from_description ("clupload ! "
      "clboxblur regions=true radius-x=2 radius-y=3 region-margin=1 ! "
      "cldownload", TRUE, NULL);
  Frame src, blurred, want, got;
  GstBuffer *in, *out;
  GstHarness *h;

  fail_unless (bin != NULL);
  gst_element_set_context (bin, context);
  h = gst_harness_new_with_element (bin, "sink", "src");
  gst_object_unref (bin);
  frame_new (&src, GST_VIDEO_FORMAT_NV12, W, H, FILL_RANDOM, 31);
  gst_harness_set_src_caps (h, gst_video_info_to_caps (&src.info));
  in = frame_to_buffer (&src, 0);
  add_metas (in, rects, G_N_ELEMENTS (rects));
  fail_unless_equals_int (gst_harness_push (h, in), GST_FLOW_OK);
  out = gst_harness_pull (h);
  fail_if (gst_is_cl_memory (gst_buffer_peek_memory (out, 0)));
  blur_reference (&src, &blur, &blurred);
  regions_reference (&src, &blurred, rects, G_N_ELEMENTS (rects), 1, &want);
  buffer_to_frame (out, &src, &got);
  assert_frames_equal (&got, &want, "clupload ! clboxblur ! cldownload");
  assert_metas (out, rects, G_N_ELEMENTS (rects), "through cldownload");
  gst_buffer_unref (out);
  gst_harness_teardown (h);
  gst_context_unref (context);
  frame_clear (&got);
  frame_clear (&want);
  frame_clear (&blurred);
  frame_clear (&src);
}

GST_END_TEST;

/* Rows @parity, @parity + 2, ... of @frame as a frame of their own. */
static void
field_of (const Frame * frame, guint parity, Frame * field)
{
  frame_layout (field, GST_VIDEO_INFO_FORMAT (&frame->info),
      frame->info.width, frame->info.height / 2);
  for (guint p = 0; p < frame->n_planes; p++) {
    const Plane *from = &frame->planes[p];
    Plane *to = &field->planes[p];

    for (gint y = 0; y < to->height; y++)
      memcpy (plane_at (to, 0, y), plane_at (from, 0, 2 * y + parity),
          sizeof (guint16) * from->width * from->channels);
  }
}

/* Interleaved interlaced frames are blurred field by field: in each
 * field, the rows of the field that a region (widened by the margin)
 * covers, then scaled to the plane rounding outward, take the field's
 * blur. */
static void
field_regions_reference (const Frame * src, const Blur * blur,
    const Rect * rects, guint n_rects, guint margin, Frame * want)
{
  frame_layout (want, GST_VIDEO_INFO_FORMAT (&src->info), src->info.width,
      src->info.height);
  for (guint f = 0; f < 2; f++) {
    Frame field, blurred;

    field_of (src, f, &field);
    blur_reference (&field, blur, &blurred);
    for (guint p = 0; p < src->n_planes; p++) {
      Plane *fp = &field.planes[p];

      for (guint i = 0; i < n_rects; i++) {
        gint x0, y0, x1, y1, first = -1, last = -1;
        Rect luma = rects[i];

        /* the frame's rows the region covers, to the field's */
        if (!plane_box (src, 0, &rects[i], margin, &x0, &y0, &x1, &y1))
          continue;
        for (gint y = y0; y < y1; y++)
          if (y % 2 == (gint) f) {
            last = y / 2;
            first = first < 0 ? last : first;
          }
        if (first < 0)
          continue;
        luma.x = x0;
        luma.w = x1 - x0;
        luma.y = first;
        luma.h = last - first + 1;
        if (!plane_box (&field, p, &luma, 0, &x0, &y0, &x1, &y1))
          continue;
        for (gint y = y0; y < y1; y++)
          memcpy (plane_at (fp, x0, y), plane_at (&blurred.planes[p], x0, y),
              sizeof (guint16) * (x1 - x0) * fp->channels);
      }
      for (gint y = 0; y < fp->height; y++)
        memcpy (plane_at (&want->planes[p], 0, 2 * y + f), plane_at (fp, 0, y),
            sizeof (guint16) * fp->width * fp->channels);
    }
    frame_clear (&blurred);
    frame_clear (&field);
  }
}

/* Interleaved interlaced frames, I420 and GRAY8, in both storages: the
 * regions in each field's rows. */
GST_START_TEST (test_regions_interlaced)
{
  static const GstVideoFormat field_formats[] = {
    GST_VIDEO_FORMAT_GRAY8, GST_VIDEO_FORMAT_I420
  };
  static const Rect rects[] = { {5, 3, 12, 9}, {30, 10, 7, 1},
  {40, 20, 30, 30}
  };
  static const Blur blurs[] = { {2, 1, 1, 0}, {0, 0, 1, 1.5} };
  GstVideoFormat format = field_formats[__i__ / G_N_ELEMENTS (storages)];
  const gchar *storage = storages[__i__ % G_N_ELEMENTS (storages)];
  GstHarness *h;
  GstBuffer *in;
  Frame src;
  gchar *caps;

  if (!storage_serves (storage, format))
    return;
  frame_new (&src, format, W, 36, FILL_RANDOM, 21 + __i__);
  in = frame_to_buffer (&src, 0);
  caps = g_strdup_printf ("video/x-raw, format=%s, width=%d, height=36, "
      "interlace-mode=interleaved, framerate=25/1",
      gst_video_format_to_string (format), W);
  h = blur_harness_for_caps (caps, storage);
  g_object_set (h->element, "regions", TRUE, NULL);
  for (guint b = 0; b < G_N_ELEMENTS (blurs); b++)
    for (guint margin = 0; margin < 3; margin += 2) {
      gchar *what = g_strdup_printf ("%s, %ss, interleaved, blur %u, "
          "margin %u", gst_video_format_to_string (format), storage, b,
          margin);
      GstBuffer *with = gst_buffer_copy (in);
      Frame want;

      add_metas (with, rects, G_N_ELEMENTS (rects));
      set_blur (h->element, &blurs[b]);
      g_object_set (h->element, "region-margin", margin, NULL);
      field_regions_reference (&src, &blurs[b], rects, G_N_ELEMENTS (rects),
          margin, &want);
      push_check (h, with, &src, &want, what);
      frame_clear (&want);
      gst_buffer_unref (with);
      g_free (what);
    }
  gst_harness_teardown (h);
  g_free (caps);
  gst_buffer_unref (in);
  frame_clear (&src);
}

GST_END_TEST;

/* sigma on a frame smaller than its boxes, and on frames of every format,
 * against three passes of the reference box blur, byte for byte; also
 * each method. */
static const gdouble sigmas[] = { 0.6, 1, 1.5, 2.5, 3, 7.5, 30 };

GST_START_TEST (test_sigma_three_passes)
{
  GstVideoFormat format = formats[__i__ / G_N_ELEMENTS (storages)];
  const gchar *storage = storages[__i__ % G_N_ELEMENTS (storages)];
  static const gchar *const methods[] = { "separable", "sat" };
  Frame src;
  GstBuffer *in;

  if (!storage_serves (storage, format))
    return;
  frame_new (&src, format, 45, 31, FILL_RANDOM, 7 + __i__);
  in = frame_to_buffer (&src, 0);
  for (guint m = 0; m < G_N_ELEMENTS (methods); m++) {
    GstHarness *h = blur_harness (&src, storage);

    gst_util_set_object_arg (G_OBJECT (h->element), "method", methods[m]);
    for (guint i = 0; i < G_N_ELEMENTS (sigmas); i++) {
      Blur blur = { 0, 0, 1, sigmas[i] };
      gchar *what = g_strdup_printf ("%s, %ss, %s, sigma %g",
          gst_video_format_to_string (format), storage, methods[m],
          sigmas[i]);
      Frame want;

      GST_INFO ("%s", what);
      g_object_set (h->element, "sigma", sigmas[i], NULL);
      blur_reference (&src, &blur, &want);
      push_check (h, in, &src, &want, what);
      frame_clear (&want);
      g_free (what);
    }
    gst_harness_teardown (h);
  }
  gst_buffer_unref (in);
  frame_clear (&src);
}

GST_END_TEST;

/* sigma takes the place of the radii and passes, and gives them back when
 * set to 0; sigmas whose boxes are all 1 wide leave the frame as it is
 * (passthrough: the same buffer). */
GST_START_TEST (test_sigma_overrides_radii)
{
  Frame src, box, gauss;
  Blur box_blur = { 4, 1, 2, 0 }, gauss_blur = { 0, 0, 1, 2.5 };
  GstHarness *h;
  GstBuffer *in, *out;

  frame_new (&src, GST_VIDEO_FORMAT_I420, 40, 30, FILL_RANDOM, 3);
  in = frame_to_buffer (&src, 0);
  frame_reference (&src, box_blur.rx, box_blur.ry, box_blur.passes, &box);
  blur_reference (&src, &gauss_blur, &gauss);
  h = blur_harness (&src, "buffer");
  set_blur (h->element, &box_blur);
  push_check (h, in, &src, &box, "radii");
  g_object_set (h->element, "sigma", 2.5, NULL);
  push_check (h, in, &src, &gauss, "sigma 2.5 with radii 4 x 1, 2 passes");
  g_object_set (h->element, "sigma", 0.0, NULL);
  push_check (h, in, &src, &box, "sigma back to 0");
  g_object_set (h->element, "sigma", 0.5, NULL);
  fail_unless_equals_int (gst_harness_push (h, gst_buffer_ref (in)),
      GST_FLOW_OK);
  out = gst_harness_pull (h);
  fail_unless (out == in, "sigma 0.5 (boxes 1 wide) is not passthrough");
  gst_buffer_unref (out);
  gst_harness_teardown (h);
  frame_clear (&box);
  frame_clear (&gauss);
  gst_buffer_unref (in);
  frame_clear (&src);
}

GST_END_TEST;

/* The true Gaussian of @sigma on one plane (one channel), in doubles:
 * separable, the kernel exp (-k^2 / (2 sigma^2)) sampled at whole pixels
 * and truncated at |k| <= 5 sigma, each output divided by the weights of
 * the pixels inside the frame (the element's box windows are clipped to
 * the frame and divided by the pixels inside, alike). */
static gdouble *
gaussian_reference (const Plane * src, gdouble sigma)
{
  gint w = src->width, h = src->height;
  gint reach = (gint) ceil (5 * sigma);
  gdouble *kernel = g_new (gdouble, 2 * reach + 1);
  gdouble *rows = g_new (gdouble, (gsize) w * h);
  gdouble *out = g_new (gdouble, (gsize) w * h);

  for (gint k = -reach; k <= reach; k++)
    kernel[k + reach] = exp (-(gdouble) k * k / (2 * sigma * sigma));
  for (gint y = 0; y < h; y++)
    for (gint x = 0; x < w; x++) {
      gdouble sum = 0, weight = 0;

      for (gint k = MAX (-reach, -x); k <= MIN (reach, w - 1 - x); k++) {
        sum += kernel[k + reach] * plane_at (src, x + k, y)[0];
        weight += kernel[k + reach];
      }
      rows[(gsize) y * w + x] = sum / weight;
    }
  for (gint y = 0; y < h; y++)
    for (gint x = 0; x < w; x++) {
      gdouble sum = 0, weight = 0;

      for (gint k = MAX (-reach, -y); k <= MIN (reach, h - 1 - y); k++) {
        sum += kernel[k + reach] * rows[(gsize) (y + k) * w + x];
        weight += kernel[k + reach];
      }
      out[(gsize) y * w + x] = sum / weight;
    }
  g_free (rows);
  g_free (kernel);
  return out;
}

/* A picture with edges and smooth parts: a gradient, a disc, bars of
 * several widths and a band of noise. */
static void
fill_picture (Frame * frame)
{
  Plane *plane = &frame->planes[0];
  GRand *rand = g_rand_new_with_seed (11);

  for (gint y = 0; y < plane->height; y++)
    for (gint x = 0; x < plane->width; x++) {
      gdouble dx = x - 0.3 * plane->width, dy = y - 0.5 * plane->height;
      guint v = (x * 255) / plane->width;

      if (dx * dx + dy * dy < 0.09 * plane->height * plane->height)
        v = 230;
      else if (x > 0.6 * plane->width && y < 0.5 * plane->height)
        v = ((x / (1 + y / 16)) % 2) ? 20 : 240;
      else if (y > 0.8 * plane->height)
        v = g_rand_int_range (rand, 0, 256);
      plane_at (plane, x, y)[0] = v;
    }
  g_rand_free (rand);
}

/* PSNR of the element's 8-bit output against the Gaussian rounded to
 * integers (an 8-bit picture too). */
static gdouble
psnr (const Plane * got, const gdouble * want)
{
  gdouble se = 0;
  gsize n = (gsize) got->width * got->height;

  for (gsize i = 0; i < n; i++) {
    gdouble d = got->v[i] - floor (want[i] + 0.5);

    se += d * d;
  }
  return se == 0 ? INFINITY : 10 * log10 (255.0 * 255.0 / (se / n));
}

/* The PSNR against the true Gaussian, of a 320x240 GRAY8 picture
 * (fill_picture()) and of uniform noise, at least these (dB): the
 * figures measured (29.32, 48.12, 51.97, 39.55 and 28.28, 52.11, 57.16,
 * 59.11), rounded down to the half dB. The element's bytes are the same
 * on every device, so the tolerance covers only the reference's float
 * rounding. At sigma 1 the construction takes boxes of 1, 1 and 3
 * (variance 2/3, not 1); at 30 the frame is 8 by 10.7 sigmas, nearly all
 * of it near an edge, where three box windows clipped and renormalised
 * pass by pass part from one renormalised Gaussian. */
static const struct
{
  gdouble sigma;
  gdouble picture, noise;
} psnr_bounds[] = {
  {1, 29, 28},
  {3, 48, 52},
  {10, 51.5, 57},
  {30, 39.5, 59},
};

GST_START_TEST (test_sigma_psnr)
{
  for (guint k = 0; k < 2; k++) {
    Frame src;
    GstBuffer *in;
    GstHarness *h;

    frame_new (&src, GST_VIDEO_FORMAT_GRAY8, 320, 240, FILL_RANDOM, 5);
    if (k == 0)
      fill_picture (&src);
    in = frame_to_buffer (&src, 0);
    h = blur_harness (&src, "buffer");
    for (guint i = 0; i < G_N_ELEMENTS (psnr_bounds); i++) {
      gdouble sigma = psnr_bounds[i].sigma;
      gdouble bound = k == 0 ? psnr_bounds[i].picture : psnr_bounds[i].noise;
      gdouble *gauss = gaussian_reference (&src.planes[0], sigma);
      GstBuffer *out;
      Frame got;
      gdouble db;

      g_object_set (h->element, "sigma", sigma, NULL);
      fail_unless_equals_int (gst_harness_push (h, gst_buffer_ref (in)),
          GST_FLOW_OK);
      out = gst_harness_pull (h);
      buffer_to_frame (out, &src, &got);
      db = psnr (&got.planes[0], gauss);
      GST_INFO ("sigma %g, %s: PSNR %.2f dB (at least %.1f)", sigma,
          k == 0 ? "picture" : "noise", db, bound);
      fail_unless (db >= bound, "sigma %g, %s: PSNR %.2f dB, below %.1f",
          sigma, k == 0 ? "picture" : "noise", db, bound);
      frame_clear (&got);
      gst_buffer_unref (out);
      g_free (gauss);
    }
    gst_harness_teardown (h);
    gst_buffer_unref (in);
    frame_clear (&src);
  }
}

GST_END_TEST;

static Suite *
clboxblurregions_suite (void)
{
  Suite *s = suite_create ("clboxblurregions");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_regions, 0,
      G_N_ELEMENTS (formats) * G_N_ELEMENTS (storages));
  tcase_add_test (tc, test_regions_through_clupload);
  tcase_add_loop_test (tc, test_regions_interlaced, 0,
      2 * G_N_ELEMENTS (storages));
  tcase_add_loop_test (tc, test_sigma_three_passes, 0,
      G_N_ELEMENTS (formats) * G_N_ELEMENTS (storages));
  tcase_add_test (tc, test_sigma_overrides_radii);
  tcase_add_test (tc, test_sigma_psnr);
  return s;
}

GST_CHECK_MAIN (clboxblurregions);
