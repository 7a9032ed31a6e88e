/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * clboxblur against an exact integer box blur written here with plain
 * loops: for every output the sum of the window clipped to the plane, and
 * (2 * sum + count) / (2 * count) in 64-bit integers.
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/controller/gstdirectcontrolbinding.h>
#include <gst/controller/gstinterpolationcontrolsource.h>
#include <gst/video/video.h>

#include <string.h>

#include "gstclboxblurplan.h"
#include "gstclkernels.h"
#include "boxblur-reference.h"
#include "clboxblur-storage-cases.h"
#include "reliability.h"

static const GstCLDeviceInfo *
default_device (void)
{
  GError *error = NULL;
  const GstCLDeviceInfo *device = gst_cl_device_select (NULL, &error);

  fail_unless (device != NULL, "no OpenCL device: %s",
      error ? error->message : "?");
  return device;
}

/* Whether the default device can hold @format with @memory. */
static gboolean
memory_serves (const gchar * storage, GstVideoFormat format)
{
  const GstCLDeviceInfo *device = default_device ();

  if (g_str_equal (storage, "buffer"))
    return TRUE;
  return device->image_support && gst_cl_format_supported (format,
      GST_CL_STORAGE_IMAGE, device);
}

/* Whether box_tiles runs on GRAY8 images of the default device: it
 * needs groups of 256 items. */
static gboolean
tiles_serve_images (void)
{
  return memory_serves ("image", GST_VIDEO_FORMAT_GRAY8)
      && default_device ()->max_work_group_size >= 256;
}

static GstElement *
blur_element (const gchar * storage, const gchar * method, gint rx, gint ry,
    guint passes)
{
  GstElement *blur = gst_element_factory_make ("clboxblur", NULL);

  fail_unless (blur != NULL);
  gst_util_set_object_arg (G_OBJECT (blur), "storage", storage);
  gst_util_set_object_arg (G_OBJECT (blur), "method", method);
  g_object_set (blur, "radius-x", rx, "radius-y", ry, "passes", passes, NULL);
  return blur;
}

/* h->element is the clboxblur. */
static GstHarness *
blur_harness (const Frame * frame, const gchar * storage, const gchar * method,
    gint rx, gint ry, guint passes)
{
  GstElement *blur = blur_element (storage, method, rx, ry, passes);
  GstHarness *h = gst_harness_new_with_element (blur, "sink", "src");
  GstCaps *caps = gst_video_info_to_caps (&frame->info);
  gchar *caps_str = gst_caps_to_string (caps);

  gst_harness_set_caps_str (h, caps_str, caps_str);
  g_free (caps_str);
  gst_caps_unref (caps);
  gst_object_unref (blur);
  return h;
}

static GstBuffer *
push_pull (GstHarness * h, GstBuffer * in)
{
  fail_unless_equals_int (gst_harness_push (h, gst_buffer_ref (in)),
      GST_FLOW_OK);
  return gst_harness_pull (h);
}

static const gchar *const methods[] = { "separable", "sat" };
static const gchar *const storages[] = { "buffer", "image" };

/* Blurs @src with each method (and both memories where the device serves
 * them), checks every output against the reference and the two methods'
 * samples against each other (padding bytes are not the element's). */
static void
check_blur (const Frame * src, gint rx, gint ry, guint passes, guint padding)
{
  GstBuffer *in = frame_to_buffer (src, padding);
  Frame want;

  frame_reference (src, rx, ry, passes, &want);
  for (guint m = 0; m < G_N_ELEMENTS (storages); m++) {
    Frame first = { 0 };

    if (!memory_serves (storages[m], GST_VIDEO_INFO_FORMAT (&src->info)))
      continue;
    for (guint k = 0; k < G_N_ELEMENTS (methods); k++) {
      GstHarness *h = blur_harness (src, storages[m], methods[k], rx, ry,
          passes);
      GstBuffer *out = push_pull (h, in);
      Frame got;

      GST_INFO ("%s %dx%d %s %s rx=%d ry=%d passes=%u padding=%u",
          GST_VIDEO_INFO_NAME (&src->info), src->info.width,
          src->info.height, storages[m], methods[k], rx, ry, passes, padding);
      buffer_to_frame (out, src, &got);
      assert_frames_equal (&got, &want, methods[k]);
      if (first.n_planes) {
        assert_frames_equal (&got, &first, "separable vs sat");
        frame_clear (&got);
      } else {
        first = got;
      }
      gst_buffer_unref (out);
      gst_harness_teardown (h);
    }
    frame_clear (&first);
  }
  frame_clear (&want);
  gst_buffer_unref (in);
}

GST_START_TEST (test_reference_is_the_definition)
{
  static const gint radii[] = { 0, 1, 2, 7, 63 };
  static const gint sizes[][3] = { {1, 1, 1}, {5, 3, 4}, {17, 11, 1},
  {9, 20, 2}
  };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++) {
    Plane src;
    GRand *rand = g_rand_new_with_seed (s);

    plane_alloc (&src, sizes[s][0], sizes[s][1], sizes[s][2]);
    for (gint i = 0; i < src.width * src.height * src.channels; i++)
      src.v[i] = g_rand_int_range (rand, 0, 65536);
    for (guint i = 0; i < G_N_ELEMENTS (radii); i++)
      for (guint j = 0; j < G_N_ELEMENTS (radii); j++) {
        Plane a, b;

        brute_force_blur (&src, radii[i], radii[j], &a);
        reference_blur (&src, radii[i], radii[j], &b);
        fail_unless (memcmp (a.v, b.v, sizeof (guint16) * src.width *
                src.height * src.channels) == 0);
        g_free (a.v);
        g_free (b.v);
      }
    g_free (src.v);
    g_rand_free (rand);
  }
}

GST_END_TEST;

/* Radii 0, 1, 2, 7, 63 and larger than the frame, equal and unequal, with
 * each method and memory, changed while playing. */
GST_START_TEST (test_radii)
{
  static const gint radii[][2] = { {0, 0}, {1, 1}, {2, 2}, {7, 7}, {63, 63},
  {100, 100}, {1, 7}, {7, 0}, {0, 63}, {2, 100}, {63, 3}
  };
  Frame src;

  frame_new (&src, GST_VIDEO_FORMAT_GRAY8, 37, 23, FILL_RANDOM, 1);
  for (guint m = 0; m < G_N_ELEMENTS (storages); m++) {
    GstHarness *h[2];
    GstBuffer *in = frame_to_buffer (&src, 0);

    if (!memory_serves (storages[m], GST_VIDEO_FORMAT_GRAY8))
      continue;
    for (guint k = 0; k < 2; k++)
      h[k] = blur_harness (&src, storages[m], methods[k], 0, 0, 1);

    for (guint r = 0; r < G_N_ELEMENTS (radii); r++) {
      Frame want, got[2];

      frame_reference (&src, radii[r][0], radii[r][1], 1, &want);
      for (guint k = 0; k < 2; k++) {
        GstBuffer *out;

        g_object_set (h[k]->element, "radius-x", radii[r][0], "radius-y",
            radii[r][1], NULL);
        out = push_pull (h[k], in);
        buffer_to_frame (out, &src, &got[k]);
        assert_frames_equal (&got[k], &want, methods[k]);
        gst_buffer_unref (out);
      }
      assert_frames_equal (&got[1], &got[0], "separable vs sat");
      frame_clear (&got[0]);
      frame_clear (&got[1]);
      frame_clear (&want);
    }
    for (guint k = 0; k < 2; k++)
      gst_harness_teardown (h[k]);
    gst_buffer_unref (in);
  }
  frame_clear (&src);
}

GST_END_TEST;

static gint
mems_created (GstHarness * h)
{
  GstCLContext *context = rel_query_cl_context (h->element);
  gint created = gst_cl_context_count_created (context, GST_CL_OBJECT_MEM);

  gst_object_unref (context);
  return created;
}

/* A GRAY8 64x48 frame blurred in images by @method at radius 3, for the
 * scratch buffer's checks below. */
typedef struct
{
  Frame src;
  GstBuffer *in;
  GstHarness *h;
} ScratchCheck;

static void
scratch_check_start (ScratchCheck * c, const gchar * method, guint seed)
{
  frame_new (&c->src, GST_VIDEO_FORMAT_GRAY8, 64, 48, FILL_RANDOM, seed);
  c->in = frame_to_buffer (&c->src, 0);
  c->h = blur_harness (&c->src, "image", method, 3, 3, 1);
}

static void
scratch_check_end (ScratchCheck * c)
{
  gst_harness_teardown (c->h);
  gst_buffer_unref (c->in);
  frame_clear (&c->src);
}

/* The memory objects the context makes for one more frame (a frame in
 * host memory may bring one: its memory, used in place). */
static gint
mems_for_frame (ScratchCheck * c)
{
  gint before = mems_created (c->h);

  gst_buffer_unref (push_pull (c->h, c->in));
  return mems_created (c->h) - before;
}

/* What the element's first frames make: its frames, and each frame's
 * share from then on, which is returned. */
static gint
mems_for_steady_frames (ScratchCheck * c)
{
  gint steady;

  mems_for_frame (c);
  steady = mems_for_frame (c);
  fail_unless_equals_int (mems_for_frame (c), steady);
  return steady;
}

/* box_tiles (on GPUs, and with images on CPU devices) needs no scratch
 * buffer, so the element makes none until a kernel that does runs: here when
 * the radius grows past the tiles' (the tuning table's tile_radius), one
 * more memory object of the element's context. Devices whose work-groups
 * cannot hold a tile's 256 items never run the tiles. */
GST_START_TEST (test_scratch_made_when_needed)
{
  ScratchCheck c;
  gint steady;

  if (!tiles_serve_images ())
    return;
  scratch_check_start (&c, "separable", 1);
  steady = mems_for_steady_frames (&c);

  g_object_set (c.h->element, "radius", 40, NULL);
  fail_unless_equals_int (mems_for_frame (&c), steady + 1);
  fail_unless_equals_int (mems_for_frame (&c), steady);

  scratch_check_end (&c);
}

GST_END_TEST;

/* With group scans (GPUs, and images on CPU devices) sat's two kernels
 * in local memory use a scratch buffer of one 16-bit column-window sum
 * per value here, half of the table the others write: the buffer is
 * made at that size, and grows (one more memory object) when the
 * separable method's segments first need their table; it never shrinks,
 * so sat again makes none. */
GST_START_TEST (test_scratch_sized_by_kernels)
{
  ScratchCheck c;
  gint steady;

  if (!memory_serves ("image", GST_VIDEO_FORMAT_GRAY8))
    return;
  scratch_check_start (&c, "sat", 2);
  steady = mems_for_steady_frames (&c);

  g_object_set (c.h->element, "method", GST_CL_BOX_BLUR_METHOD_SEPARABLE,
      "radius", 40, NULL);
  fail_unless_equals_int (mems_for_frame (&c), steady + 1);

  g_object_set (c.h->element, "method", GST_CL_BOX_BLUR_METHOD_SAT,
      "radius", 3, NULL);
  fail_unless_equals_int (mems_for_frame (&c), steady);

  scratch_check_end (&c);
}

GST_END_TEST;

/* Passes alternate between the output and a spare plane, which the
 * element makes once (one more memory object: here an image); box_tiles
 * serves every pass, so no scratch buffer is made until the radius
 * outgrows the tiles (where passes after the first ran in place on the
 * output, they made one at once: sat_rows's table). */
GST_START_TEST (test_passes_alternate)
{
  ScratchCheck c;
  gint steady;

  if (!tiles_serve_images ())
    return;
  scratch_check_start (&c, "separable", 3);

  steady = mems_for_steady_frames (&c);
  g_object_set (c.h->element, "passes", 3, NULL);
  fail_unless_equals_int (mems_for_frame (&c), steady + 1);
  fail_unless_equals_int (mems_for_frame (&c), steady);

  g_object_set (c.h->element, "radius", 40, NULL);
  fail_unless_equals_int (mems_for_frame (&c), steady + 1);

  scratch_check_end (&c);
}

GST_END_TEST;

/* check_blur () at each of @n (rx, ry) pairs, one pass. */
static void
check_radii (const Frame * src, const gint radii[][2], guint n)
{
  for (guint r = 0; r < n; r++)
    check_blur (src, radii[r][0], radii[r][1], 1, 0);
}

/* {28, 28}: the largest radius of box_tiles on GPUs (tile_radius), whose
 * local memory it fills most. */
static void
check_format (GstVideoFormat format, gint width, gint height)
{
  static const gint radii[][2] = { {1, 1}, {2, 5}, {7, 3}, {28, 28},
  {63, 63}, {3, 200}
  };
  Frame src;

  frame_new (&src, format, width, height, FILL_RANDOM, format);
  check_radii (&src, radii, G_N_ELEMENTS (radii));
  frame_clear (&src);
}

GST_START_TEST (test_rgba)
{
  check_format (GST_VIDEO_FORMAT_RGBA, 45, 31);
}

GST_END_TEST;

/* Only under the layer that gives the device NVIDIA's warps (meson's
 * elements/clboxblur-nv-warps, GST_CL_TEST_PTX_WARPS=1): the device
 * claims them, so the element asks for the inline-PTX warp scans, which a
 * device that is not NVIDIA's cannot build; the pixel tests after it in
 * that run pass only through the portable scans the element falls back
 * to. */
GST_START_TEST (test_device_claims_warps)
{
  fail_unless (default_device ()->ptx_warps,
      "the device does not have NVIDIA's warps: is the layer loaded?");
}

GST_END_TEST;

/* The "no warp shuffles" warnings of clboxblur's instances. */
static void
count_warp_refusals (GstDebugCategory * category, GstDebugLevel level,
    const gchar * file, const gchar * function, gint line, GObject * object,
    GstDebugMessage * message, gpointer user_data)
{
  if (level == GST_LEVEL_WARNING
      && g_str_equal (gst_debug_category_get_name (category), "clboxblur")
      && g_str_has_prefix (gst_debug_message_get (message),
          "no warp shuffles"))
    g_atomic_int_inc ((gint *) user_data);
}

/* Under the same layer: the device's refusal of the warp scans is kept
 * for the process, so of two elements blurring in turn (each with its
 * own context) only the first asks for them and falls back, and none does
 * where an earlier test of this process already did. The device is the
 * one the elements' contexts hold: the plugin's list of devices. */
GST_START_TEST (test_warps_refused_once)
{
  GstHarness *h[2];
  GstCLContext *context;
  gboolean asks, logging = gst_debug_is_active ();
  gint refusals = 0;
  Frame src, want;
  GstBuffer *in;

  frame_new (&src, GST_VIDEO_FORMAT_RGBA, 40, 30, FILL_RANDOM, 90);
  in = frame_to_buffer (&src, 0);
  frame_reference (&src, 5, 4, 1, &want);
  for (guint k = 0; k < 2; k++)
    h[k] = blur_harness (&src, "buffer", "sat", 5, 4, 1);
  context = rel_query_cl_context (h[0]->element);
  asks = gst_cl_device_builds_ptx_warps (gst_cl_context_get_device (context));
  gst_debug_set_active (TRUE);
  gst_debug_set_threshold_for_name ("clboxblur", GST_LEVEL_WARNING);
  gst_debug_add_log_function (count_warp_refusals, &refusals, NULL);
  for (guint k = 0; k < 2; k++) {
    GstBuffer *out = push_pull (h[k], in);
    Frame got;

    buffer_to_frame (out, &src, &got);
    assert_frames_equal (&got, &want, "sat");
    frame_clear (&got);
    gst_buffer_unref (out);
  }
  gst_debug_remove_log_function (count_warp_refusals);
  gst_debug_set_active (logging);
  fail_unless_equals_int (refusals, asks ? 1 : 0);
  fail_if (gst_cl_device_builds_ptx_warps (gst_cl_context_get_device (context)),
      "the device's refusal was not kept");
  gst_object_unref (context);
  for (guint k = 0; k < 2; k++)
    gst_harness_teardown (h[k]);
  gst_buffer_unref (in);
  frame_clear (&want);
  frame_clear (&src);
}

GST_END_TEST;

GST_START_TEST (test_gray16)
{
  check_format (GST_VIDEO_FORMAT_GRAY16_LE, 45, 31);
}

GST_END_TEST;

GST_START_TEST (test_i420)
{
  check_format (GST_VIDEO_FORMAT_I420, 45, 31);
}

GST_END_TEST;

GST_START_TEST (test_nv12)
{
  check_format (GST_VIDEO_FORMAT_NV12, 45, 31);
}

GST_END_TEST;

/* Frames of many rows, where a vertical window spans several of the bands
 * that CPU devices blur in parallel (32 rows each; radius-y 64 and 96 end
 * on a band's edge), and one pass feeds the next. The radii up to 28 run
 * box_tiles where it serves (GPUs, images on CPU devices) over several
 * rows of tiles, the last one partly outside the frame: with 48 KB of
 * local memory, tiles of 64 rows whose source region fits whole ({3, 1},
 * {15, 15}) or comes in chunks ({20, 18}, {28, 24}); with 16 KB, tiles of
 * 32 rows ({3, 1}). */
GST_START_TEST (test_tall_frames)
{
  static const gint radii[][2] = { {2, 40}, {52, 3}, {0, 64}, {9, 149},
  {3, 1}, {15, 15}, {20, 18}, {28, 24}
  };
  Frame src;

  frame_new (&src, GST_VIDEO_FORMAT_RGBA, 53, 150, FILL_RANDOM, 70);
  check_radii (&src, radii, G_N_ELEMENTS (radii));
  check_blur (&src, 4, 33, 2, 0);
  frame_clear (&src);
  frame_new (&src, GST_VIDEO_FORMAT_GRAY8, 37, 200, FILL_HIGH, 71);
  check_blur (&src, 16, 96, 1, 0);
  frame_clear (&src);
  /* sat on GPUs copies 4 columns of this one into local memory, 2 with
   * 48 KB, and none with 16 KB (sat's three kernels run) */
  frame_new (&src, GST_VIDEO_FORMAT_RGBA, 9, 3000, FILL_RANDOM, 74);
  check_blur (&src, 2, 300, 1, 0);
  frame_clear (&src);
}

GST_END_TEST;

/* sat on GPUs with 48 KB of local memory (the runs with the local-memory
 * layer; half of what a group has holds 752 rows of 8 RGBA columns):
 * column_windows copies this frame's columns in parts of its rows, 8
 * columns a group, with windows across the parts' edges: 3 parts at
 * radius-y 24 and 40, 4 at 100, 5 at 170 (sums above 16 bits, anchored;
 * a part of 340 rows copies 340 more), and 4 whole columns at 300, where
 * a part would copy more rows beside its own than its own. In buffers (on
 * GPUs, and under the GPU test layer) it loads 16 bytes of a row at once,
 * but for the last 4 columns and in rows whose padding leaves them
 * unaligned. With more local memory the columns come whole, 4 a group.
 * Where the device has NVIDIA's warps (elements/clboxblur-48k-local-memory-nv-warps), the
 * two kernels in parts run in place of box_strips above radius 12, as on
 * NVIDIA's GPUs: {13, 24}. */
GST_START_TEST (test_column_parts)
{
  static const gint radii[][2] = { {13, 24}, {2, 40}, {5, 100}, {0, 170},
  {3, 300}
  };
  Frame src;

  frame_new (&src, GST_VIDEO_FORMAT_RGBA, 20, 1700, FILL_RANDOM, 75);
  check_radii (&src, radii, G_N_ELEMENTS (radii));
  check_blur (&src, 7, 100, 1, 4);
  frame_clear (&src);
}

GST_END_TEST;

/* Rows in bands of @band rows, each band all the largest value or all
 * zeros, in turn, in every channel but the last of each plane. */
static void
fill_row_bands (Frame * frame, gint band)
{
  for (guint p = 0; p < frame->n_planes; p++) {
    Plane *plane = &frame->planes[p];

    for (gint y = 0; y < plane->height; y++)
      for (gint x = 0; x < plane->width; x++)
        for (gint c = 0; c + 1 < plane->channels; c++)
          plane_at (plane, x, y)[c] = y / band % 2 ? 0 : frame->max_value;
  }
}

/* sat on GPUs keeps RGBA column-window sums that need more than 16 bits
 * as their low 16 bits, with a byte a channel every 64 rows (anchors)
 * that places each sum within 63 * 255 + 2^13 of the middle of its
 * anchor's range. Bands of 2 * ry + 1 rows make every window's sum climb
 * or fall by 255 a row, the most it can, for as many rows: across whole
 * spans between anchors (anchors every 128 rows fail here; the random
 * values of alpha, and of test_column_parts, do not catch them). A 4K
 * wide frame: with 48 KB of local memory its rows take sat_row_windows
 * two segments of 1,920 outputs, which anchored sums make three, so that
 * a segment's columns (1,580, and up to 7 more where its start is rounded
 * down to a multiple of 8) fit one chunk of the scan (2,048); from there
 * its items load their runs of 8 sums as vectors. And one whose width is
 * no multiple of 8, where they load them a sum at a time, in two
 * segments. */
GST_START_TEST (test_anchored_columns)
{
  static const gint radii[][2] = { {3, 150}, {0, 129} };
  Frame src;

  for (guint r = 0; r < G_N_ELEMENTS (radii); r++) {
    frame_new (&src, GST_VIDEO_FORMAT_RGBA, 24, 800, FILL_RANDOM, 76);
    fill_row_bands (&src, 2 * radii[r][1] + 1);
    check_blur (&src, radii[r][0], radii[r][1], 1, 0);
    frame_clear (&src);
  }
  frame_new (&src, GST_VIDEO_FORMAT_RGBA, 3840, 300, FILL_RANDOM, 77);
  fill_row_bands (&src, 2 * 140 + 1);
  check_blur (&src, 150, 140, 1, 0);
  frame_clear (&src);
  frame_new (&src, GST_VIDEO_FORMAT_RGBA, 2403, 300, FILL_RANDOM, 78);
  fill_row_bands (&src, 2 * 130 + 1);
  check_blur (&src, 149, 130, 1, 0);
  frame_clear (&src);
}

GST_END_TEST;

/* sat on NVIDIA's GPUs, up to radius 24 (box_strips): strips of 256 - 2 rx
 * columns, 16 rows a group below radius-y 16 and 32 from there, scanned 2
 * rows at a time. Windows that cross strips and groups, up to the largest
 * radius, on a frame of several of each whose height ends a group part
 * way through a step. */
GST_START_TEST (test_strips)
{
  static const gint radii[][2] = { {24, 24}, {1, 15}, {15, 16}, {24, 0},
  {0, 24}
  };
  Frame src;

  frame_new (&src, GST_VIDEO_FORMAT_RGBA, 700, 101, FILL_RANDOM, 74);
  check_radii (&src, radii, G_N_ELEMENTS (radii));
  frame_clear (&src);
}

GST_END_TEST;

/* Rows that sat on GPUs (sat_row_windows) takes in segments where local
 * memory is short: with 48 KB an RGBA row of more than 2,445 sums, with 16
 * KB one of more than 624 (radius-x 300 there leaves too few outputs a
 * segment, and sat's three kernels run instead). Heights of 64 and 128
 * rows end on the edge of column_windows's last band (64 bands), where
 * the windows that reach the last row take the sum past it. RGBA windows
 * of up to 257 rows keep 16-bit column sums there, GRAY16 ones 32-bit. */
GST_START_TEST (test_wide_frames)
{
  static const gint rgba_radii[][2] = { {3, 2}, {63, 64}, {300, 5},
  {5, 127}
  };
  static const gint gray16_radii[][2] = { {3, 2}, {200, 40} };
  Frame src;

  frame_new (&src, GST_VIDEO_FORMAT_RGBA, 2600, 128, FILL_RANDOM, 72);
  for (guint r = 0; r < G_N_ELEMENTS (rgba_radii); r++)
    check_blur (&src, rgba_radii[r][0], rgba_radii[r][1], 1, 0);
  frame_clear (&src);
  frame_new (&src, GST_VIDEO_FORMAT_GRAY16_LE, 2600, 64, FILL_HIGH, 73);
  for (guint r = 0; r < G_N_ELEMENTS (gray16_radii); r++)
    check_blur (&src, gray16_radii[r][0], gray16_radii[r][1], 1, 0);
  frame_clear (&src);
}

GST_END_TEST;

/* 16-bit windows of 255 x 255 are the largest whose sums (plus half the
 * count) fit in 32 bits, where the SAT's 32-bit entries wrap; 257 x 257
 * need 64 bits (unit/clboxblurplan checks the limit). Values near the
 * maximum put the sums at the limit. */
GST_START_TEST (test_16bit_sum_limit)
{
  Frame src;

  frame_new (&src, GST_VIDEO_FORMAT_GRAY16_LE, 300, 280, FILL_HIGH, 3);
  check_blur (&src, 127, 127, 1, 0);
  check_blur (&src, 128, 128, 1, 0);
  frame_clear (&src);
}

GST_END_TEST;

/* Large frames: buffers only, each method once per radius, near-maximum
 * values so that window sums reach the 32-bit limit. */
static void
check_large (GstVideoFormat format, gint size, const gint * radii,
    guint n_radii)
{
  Frame src;
  GstBuffer *in;

  frame_new (&src, format, size, size, FILL_HIGH, size);
  in = frame_to_buffer (&src, 0);
  for (guint r = 0; r < n_radii; r++) {
    Frame want;

    frame_reference (&src, radii[r], radii[r], 1, &want);
    for (guint k = 0; k < G_N_ELEMENTS (methods); k++) {
      GstHarness *h = blur_harness (&src, "buffer", methods[k], radii[r],
          radii[r], 1);
      GstBuffer *out = push_pull (h, in);
      Frame got;

      buffer_to_frame (out, &src, &got);
      assert_frames_equal (&got, &want, methods[k]);
      frame_clear (&got);
      gst_buffer_unref (out);
      gst_harness_teardown (h);
    }
    frame_clear (&want);
  }
  gst_buffer_unref (in);
  frame_clear (&src);
}

/* The largest frame of the issue, at the largest radius with 32-bit sums
 * (the SAT's entries wrap several times) and at one that needs 64 bits. */
GST_START_TEST (test_8192x8192)
{
  static const gint radii[] = { 2049, 3000 };

  check_large (GST_VIDEO_FORMAT_GRAY8, 8192, radii, G_N_ELEMENTS (radii));
}

GST_END_TEST;

/* 64-bit sums in four channels: windows of 4200 x 4200 pixels of values
 * 252 to 255 sum to more than 2^32. */
GST_START_TEST (test_rgba_64bit_sums)
{
  static const gint radii[] = { 2100 };

  check_large (GST_VIDEO_FORMAT_RGBA, 4200, radii, G_N_ELEMENTS (radii));
}

GST_END_TEST;

/* Every variant of the kernels builds: each plane layout, 32- and 64-bit
 * sums, buffers and images (also those the pixel tests cannot reach on
 * this device, such as two-channel planes with 64-bit sums). */
GST_START_TEST (test_kernel_variants_build)
{
  static const gchar *const sources[] = {
    gst_cl_kernel_common, gst_cl_kernel_boxblur, NULL
  };
  static const gchar *const kernels[] = { "box_rows", "box_columns",
    "sat_rows", "sat_columns", "sat_average"
  };
  static const guint layouts[][2] = { {1, 8}, {2, 8}, {4, 8}, {1, 16} };
  GError *error = NULL;
  GstCLContext *context = gst_cl_context_new (default_device (), &error);

  fail_unless (context != NULL);
  for (guint l = 0; l < G_N_ELEMENTS (layouts); l++)
    for (guint long_sums = 0; long_sums < 2; long_sums++)
      for (guint m = GST_CL_STORAGE_IMAGE; m <= GST_CL_STORAGE_BUFFER; m++) {
        GstCLPlane plane = {.channels = layouts[l][0],.depth = layouts[l][1] };
        gchar *options = gst_cl_plane_build_options (&plane, m,
            long_sums ? "-DSUM_64BIT" : NULL);
        cl_program program = gst_cl_context_get_program (context, "boxblur",
            sources, options, &error);

        fail_unless (program != NULL, "%s: %s", options,
            error ? error->message : "");
        for (guint k = 0; k < G_N_ELEMENTS (kernels); k++) {
          cl_kernel kernel = gst_cl_context_create_kernel (context, program,
              kernels[k], &error);

          fail_unless (kernel != NULL, "%s in %s", kernels[k], options);
          gst_cl_clear_kernel (context, &kernel);
        }
        g_free (options);
      }
  gst_object_unref (context);
}

GST_END_TEST;

GST_START_TEST (test_odd_sizes)
{
  static const GstVideoFormat formats[] = { GST_VIDEO_FORMAT_GRAY8,
    GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_NV12
  };
  Frame src;

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
    frame_new (&src, formats[f], 1, 1, FILL_RANDOM, f);
    check_blur (&src, 1, 63, 1, 0);
    frame_clear (&src);
  }

  frame_new (&src, GST_VIDEO_FORMAT_I420, 1921, 1081, FILL_RANDOM, 9);
  check_blur (&src, 7, 400, 1, 0);
  frame_clear (&src);
  frame_new (&src, GST_VIDEO_FORMAT_NV12, 1921, 1081, FILL_RANDOM, 10);
  check_blur (&src, 33, 2, 1, 0);
  frame_clear (&src);
}

GST_END_TEST;

GST_START_TEST (test_padded_strides)
{
  static const GstVideoFormat formats[] = { GST_VIDEO_FORMAT_GRAY16_LE,
    GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_NV12
  };
  Frame src;

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
    frame_new (&src, formats[f], 37, 23, FILL_RANDOM, 20 + f);
    check_blur (&src, 3, 2, 1, 52);
    frame_clear (&src);
  }
}

GST_END_TEST;

GST_START_TEST (test_passes)
{
  Frame src;

  frame_new (&src, GST_VIDEO_FORMAT_RGBA, 40, 30, FILL_RANDOM, 30);
  check_blur (&src, 2, 3, 3, 0);
  frame_clear (&src);
  frame_new (&src, GST_VIDEO_FORMAT_I420, 41, 29, FILL_RANDOM, 31);
  check_blur (&src, 5, 1, 8, 0);
  frame_clear (&src);
}

GST_END_TEST;

static GstBuffer *
push_pull_at (GstHarness * h, GstBuffer * in, GstClockTime pts)
{
  GstBuffer *buffer = gst_buffer_copy (in);

  GST_BUFFER_PTS (buffer) = pts;
  fail_unless_equals_int (gst_harness_push (h, buffer), GST_FLOW_OK);
  return gst_harness_pull (h);
}

static void
check_output (GstBuffer * out, const Frame * src, gint rx, gint ry)
{
  Frame want, got;

  frame_reference (src, rx, ry, 1, &want);
  buffer_to_frame (out, src, &got);
  assert_frames_equal (&got, &want, "output");
  frame_clear (&got);
  frame_clear (&want);
}

/* radius follows a GstController, passthrough included. */
GST_START_TEST (test_controlled_radius)
{
  static const struct
  {
    GstClockTime time;
    gint radius;
  } steps[] = { {0, 0}, {GST_SECOND, 3}, {2 * GST_SECOND, 10},
  {3 * GST_SECOND, 0}, {4 * GST_SECOND, 1}
  };
  GstControlSource *cs = gst_interpolation_control_source_new ();
  GstTimedValueControlSource *tvcs = GST_TIMED_VALUE_CONTROL_SOURCE (cs);
  GstHarness *h;
  GstBuffer *in;
  Frame src;

  frame_new (&src, GST_VIDEO_FORMAT_NV12, 64, 48, FILL_RANDOM, 40);
  in = frame_to_buffer (&src, 0);
  h = blur_harness (&src, "buffer", "auto", 5, 5, 1);

  g_object_set (cs, "mode", GST_INTERPOLATION_MODE_NONE, NULL);
  fail_unless (gst_object_add_control_binding (GST_OBJECT (h->element),
          gst_direct_control_binding_new_absolute (GST_OBJECT (h->element),
              "radius", cs)));
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    gst_timed_value_control_source_set (tvcs, steps[i].time, steps[i].radius);

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++) {
    GstBuffer *out = push_pull_at (h, in, steps[i].time + GST_MSECOND);
    guint rx, ry;

    g_object_get (h->element, "radius-x", &rx, "radius-y", &ry, NULL);
    fail_unless_equals_int (rx, steps[i].radius);
    fail_unless_equals_int (ry, steps[i].radius);
    check_output (out, &src, steps[i].radius, steps[i].radius);
    gst_buffer_unref (out);
  }

  gst_object_unref (cs);
  gst_harness_teardown (h);
  gst_buffer_unref (in);
  frame_clear (&src);
}

GST_END_TEST;

/* active-method tells what auto chose for the frame (frames in
 * buffers). */
static void
check_active_method (GstElement * blur, const Frame * frame, guint rx,
    guint ry)
{
  GstCLPlane luma = {.width = frame->planes[0].width,
    .height = frame->planes[0].height,.channels = frame->planes[0].channels,
    .depth = frame->max_value > 255 ? 16 : 8
  };
  GstCLBoxBlurMethod expected, active;

  fail_unless (gst_cl_box_blur_choose_method (default_device (),
          GST_CL_STORAGE_BUFFER, GST_CL_BOX_BLUR_METHOD_AUTO, &luma, rx, ry,
          &expected, NULL));
  g_object_get (blur, "active-method", &active, NULL);
  fail_unless_equals_int (active, expected);
}

/* Both radii 0 pass the input buffer through; any other blurs. */
GST_START_TEST (test_passthrough)
{
  GstHarness *h;
  GstBuffer *in, *out;
  Frame src;

  frame_new (&src, GST_VIDEO_FORMAT_RGBA, 16, 8, FILL_RANDOM, 50);
  in = frame_to_buffer (&src, 0);
  h = blur_harness (&src, "buffer", "auto", 0, 0, 1);

  out = push_pull (h, in);
  fail_unless (out == in);
  gst_buffer_unref (out);

  g_object_set (h->element, "radius-y", 1, NULL);
  out = push_pull (h, in);
  fail_if (out == in);
  check_output (out, &src, 0, 1);
  gst_buffer_unref (out);
  check_active_method (h->element, &src, 0, 1);

  g_object_set (h->element, "radius", 0, NULL);
  out = push_pull (h, in);
  fail_unless (out == in);
  gst_buffer_unref (out);

  gst_harness_teardown (h);
  gst_buffer_unref (in);
  frame_clear (&src);
}

GST_END_TEST;

/* New caps while playing: the element's buffers follow. */
GST_START_TEST (test_caps_change)
{
  GstHarness *h;
  Frame a, b;
  GstBuffer *in, *out;
  GstCaps *caps;
  gchar *caps_str;

  frame_new (&a, GST_VIDEO_FORMAT_GRAY8, 64, 48, FILL_RANDOM, 60);
  frame_new (&b, GST_VIDEO_FORMAT_I420, 101, 77, FILL_RANDOM, 61);
  h = blur_harness (&a, "buffer", "sat", 4, 4, 1);

  in = frame_to_buffer (&a, 0);
  out = push_pull (h, in);
  check_output (out, &a, 4, 4);
  gst_buffer_unref (out);
  gst_buffer_unref (in);

  caps = gst_video_info_to_caps (&b.info);
  caps_str = gst_caps_to_string (caps);
  gst_harness_set_caps_str (h, caps_str, caps_str);
  g_free (caps_str);
  gst_caps_unref (caps);
  in = frame_to_buffer (&b, 0);
  out = push_pull (h, in);
  check_output (out, &b, 4, 4);
  gst_buffer_unref (out);
  gst_buffer_unref (in);

  gst_harness_teardown (h);
  frame_clear (&a);
  frame_clear (&b);
}

GST_END_TEST;

/* An explicit method too large for the device is an element error, in
 * negotiation. */
GST_START_TEST (test_too_large_is_an_error)
{
  const GstCLDeviceInfo *device = default_device ();
  gint side = 256;
  gchar *caps;
  GstElement *blur = blur_element ("buffer", "sat", 8192, 8192, 1);
  GstHarness *h = gst_harness_new_with_element (blur, "sink", "src");
  GstMessage *msg;
  GstCaps *frame_caps;
  GstBus *bus;

  /* An RGBA frame whose SAT, of 64-bit entries at this radius (32 bytes a
   * pixel), exceeds the device's largest allocation. */
  while ((guint64) (side + 1) * (side + 1) * 32 <= device->max_mem_alloc_size)
    side *= 2;
  /* Past 16384 the frame itself is no valid video (GPUs allow such
   * allocations); test_choose_method covers those devices. */
  if (side > 16384) {
    GST_INFO ("%s allocates %" G_GUINT64_FORMAT " bytes: no frame is too "
        "large", device->device_name, device->max_mem_alloc_size);
    gst_harness_teardown (h);
    gst_object_unref (blur);
    return;
  }
  bus = gst_bus_new ();
  gst_element_set_bus (h->element, bus);
  caps = g_strdup_printf ("video/x-raw,format=RGBA,width=%d,height=%d,"
      "framerate=30/1", side, side);
  gst_harness_set_sink_caps_str (h, caps);
  fail_unless (gst_harness_push_event (h,
          gst_event_new_stream_start ("too-large")));
  /* Sticky: the failure shows on the bus, not in the result. */
  frame_caps = gst_caps_from_string (caps);
  gst_harness_push_event (h, gst_event_new_caps (frame_caps));
  gst_caps_unref (frame_caps);
  g_free (caps);

  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  fail_unless (msg != NULL);
  GST_INFO ("error: %" GST_PTR_FORMAT, msg);
  gst_message_unref (msg);

  gst_element_set_bus (h->element, NULL);
  gst_object_unref (bus);
  gst_harness_teardown (h);
  gst_object_unref (blur);
}

GST_END_TEST;

static const gchar *const method_nicks[] = {
  [GST_CL_BOX_BLUR_METHOD_AUTO] = "auto",
  [GST_CL_BOX_BLUR_METHOD_SEPARABLE] = "separable",
  [GST_CL_BOX_BLUR_METHOD_SAT] = "sat",
};

/* The storage the element chose for storage_rule_cases[__i__]: the
 * device's (images on GPUs, buffers on CPU devices), except buffers on
 * GPUs with NVIDIA's warps where the rule says so. */
GST_START_TEST (test_auto_storage)
{
  const GstCLDeviceInfo *device = default_device ();
  GstElement *blur = blur_element ("auto",
      method_nicks[storage_rule_cases[__i__].method],
      storage_rule_cases[__i__].rx, storage_rule_cases[__i__].ry, 1);
  GstHarness *h = gst_harness_new_with_element (blur, "sink", "src");
  GstVideoInfo info;
  GstCLStorage expected;
  RelFramesWatch watch;

  gst_video_info_set_format (&info, storage_rule_cases[__i__].format, 320,
      240);
  expected = gst_cl_choose_storage (GST_CL_STORAGE_AUTO, device, &info,
      &info);
  if (device->ptx_warps && storage_rule_cases[__i__].buffers)
    expected = GST_CL_STORAGE_BUFFER;
  rel_frames_watch_start (&watch, h->element);
  gst_harness_set_caps (h, gst_video_info_to_caps (&info),
      gst_video_info_to_caps (&info));
  fail_unless_equals_int (gst_harness_push (h,
          gst_buffer_new_and_alloc (GST_VIDEO_INFO_SIZE (&info))),
      GST_FLOW_OK);
  rel_frames_watch_stop (&watch);
  gst_buffer_unref (gst_harness_pull (h));
  fail_unless_equals_int (g_atomic_int_get (&watch.storage), expected);
  gst_harness_teardown (h);
  gst_object_unref (blur);
}

GST_END_TEST;

static Suite *
clboxblur_suite (void)
{
  Suite *s = suite_create ("clboxblur");
  TCase *tc = tcase_create ("general");
  TCase *large = tcase_create ("large");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_reference_is_the_definition);
  tcase_add_loop_test (tc, test_auto_storage, 0,
      G_N_ELEMENTS (storage_rule_cases));
  tcase_add_test (tc, test_radii);
  tcase_add_test (tc, test_scratch_made_when_needed);
  tcase_add_test (tc, test_scratch_sized_by_kernels);
  tcase_add_test (tc, test_passes_alternate);
  if (g_getenv ("GST_CL_TEST_PTX_WARPS")) {
    tcase_add_test (tc, test_device_claims_warps);
    tcase_add_test (tc, test_warps_refused_once);
  }
  tcase_add_test (tc, test_rgba);
  tcase_add_test (tc, test_gray16);
  tcase_add_test (tc, test_i420);
  tcase_add_test (tc, test_nv12);
  tcase_add_test (tc, test_tall_frames);
  tcase_add_test (tc, test_wide_frames);
  tcase_add_test (tc, test_column_parts);
  tcase_add_test (tc, test_strips);
  tcase_add_test (tc, test_anchored_columns);
  tcase_add_test (tc, test_16bit_sum_limit);
  tcase_add_test (tc, test_odd_sizes);
  tcase_add_test (tc, test_padded_strides);
  tcase_add_test (tc, test_passes);
  tcase_add_test (tc, test_controlled_radius);
  tcase_add_test (tc, test_passthrough);
  tcase_add_test (tc, test_caps_change);
  tcase_add_test (tc, test_too_large_is_an_error);
  tcase_add_test (tc, test_kernel_variants_build);
  /* Frames of 4200x4200 and 8192x8192: scripts/check-slow.sh large. */
  suite_add_tcase (s, large);
  tcase_add_test (large, test_rgba_64bit_sums);
  tcase_add_test (large, test_8192x8192);
  return s;
}

GST_CHECK_MAIN (clboxblur);
