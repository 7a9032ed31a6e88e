/* gst-opencl: every kernel variant once, on small odd-sized frames.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Each variant of each element (its sampling methods, paths and special
 * cases) runs on one 17x9 frame of each format family (4 x 8 bits, 1 x 8,
 * 1 x 16, three planes with 4:2:0 chroma, two planes with interleaved
 * chroma) in both frame storages; image and buffer storage must give the
 * same bytes.
 *
 * It is small on purpose: scripts/check-slow.sh runs it on Oclgrind's
 * simulated device, which reports every out-of-bounds access,
 * uninitialised read and data race of the kernels.
 *
 * The scaler's variants also run with the program cache on
 * (GST_CL_PROGRAM_CACHE): programs built from the binaries one context
 * kept must give the same bytes as from source, and a binary the driver
 * rejects must be built from source again (checked on the first variant:
 * the cache treats every program alike, and each rebuild from source
 * costs seconds).
 */
#include <gst/opencl/gstclframe.h>
#include "harness-helpers.h"
#include "reliability.h"

#include <glib/gstdio.h>

#define WIDTH 17
#define HEIGHT 9

typedef struct
{
  const gchar *factory;
  const gchar *properties;
  gint out_width, out_height;   /* for elements that resize; else 0 */
} Variant;

static const Variant variants[] = {
  {"clbicubicscale", "filter=catmull-rom", 29, 13},     /* upscale */
  {"clbicubicscale", "filter=mitchell antialias=true", 9, 5},   /* widened */
  {"clbicubicscale", "filter=b-spline antialias=false", 11, 7},
  {"clbicubicscale", "add-borders=true", 23, 23},       /* letterbox */
  /* shrinking y more than x: columns first on CPU devices */
  {"clbicubicscale", "filter=catmull-rom antialias=true", 7, 3},
  {"clrotate", "angle=30 method=nearest", 0, 0},
  {"clrotate", "angle=30 method=bilinear", 0, 0},
  {"clrotate", "angle=30 method=bicubic", 0, 0},
  {"clrotate", "angle=90", 0, 0},       /* a permutation */
  {"clrotate", "angle=-20 center-x=0.1 center-y=0.9 background=0x80ff0000 "
        "method=bicubic", 0, 0},
  {"clrotate", "angle=30 output-size=fit method=bilinear", 0, 0},
  /* a fixed direction: pixel moves, both axes reversed and swapped */
  {"clrotate", "video-direction=ur-ll", 0, 0},
  {"clboxblur", "method=separable radius=3", 0, 0},
  {"clboxblur", "method=sat radius=3", 0, 0},
  {"clboxblur", "method=separable radius-x=1 radius-y=5 passes=2", 0, 0},
  {"clboxblur", "method=sat radius-x=20 radius-y=0", 0, 0},
};

static const GstVideoFormat formats[] = {
  GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_GRAY8, GST_VIDEO_FORMAT_GRAY16_LE,
  GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_NV12,
};

/* The output digest of @v on one noise frame of @format, or NULL where
 * the device cannot hold the format in @memory. */
static gchar *
run_variant (const Variant * v, GstContext * context, GstVideoFormat format,
    const gchar * storage)
{
  const RelElement element = { v->factory, v->properties, NULL, NULL,
    v->out_width > 0
  };
  GstElement *e = rel_make_element (&element, storage);
  GstVideoInfo in, out;
  GstHarness *h;
  GstBuffer *buffer;
  GstFlowReturn ret;
  gchar *digest = NULL;

  gst_video_info_set_format (&in, format, WIDTH, HEIGHT);
  gst_element_set_context (e, context);
  h = gst_harness_new_with_element (e, "sink", "src");
  gst_object_unref (e);
  if (v->out_width > 0)
    gst_harness_set_sink_caps (h, gst_caps_new_simple ("video/x-raw",
            "width", G_TYPE_INT, v->out_width, "height", G_TYPE_INT,
            v->out_height, NULL));
  gst_harness_set_src_caps (h, gst_video_info_to_caps (&in));

  ret = gst_harness_push (h, rel_noise_buffer (&in, format));
  if (ret == GST_FLOW_NOT_NEGOTIATED && g_str_equal (storage, "image")
      && !gst_cl_format_supported (format, GST_CL_STORAGE_IMAGE,
          gst_cl_device_select (NULL, NULL))) {
    GST_INFO ("%s: no %s images here", v->factory,
        gst_video_format_to_string (format));
  } else {
    fail_unless_equals_int (ret, GST_FLOW_OK);
    buffer = gst_harness_pull (h);
    out = hh_sink_info (h);
    digest = rel_frame_digest (&out, buffer);
    gst_buffer_unref (buffer);
  }
  gst_harness_teardown (h);
  return digest;
}

GST_START_TEST (test_variant)
{
  const Variant *v = &variants[__i__];
  const RelElement element = { v->factory };
  GstContext *context;

  if (!rel_element_available (&element))
    return;
  context = rel_new_shared_context ();
  for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
    gchar *buffer = run_variant (v, context, formats[f], "buffer");
    gchar *image = run_variant (v, context, formats[f], "image");

    fail_unless (buffer != NULL);
    fail_unless (image == NULL || g_str_equal (image, buffer),
        "%s %s, %s: images and buffers give different bytes", v->factory,
        v->properties, gst_video_format_to_string (formats[f]));
    g_free (buffer);
    g_free (image);
  }
  gst_context_unref (context);
}

GST_END_TEST;

/* The clbicubicscale variants lead variants[]. */
#define SCALER_VARIANTS 5

/* The digests of @v on every format in both storages, in a new context:
 * the programs it built (@built) and how many came from kept binaries
 * (@loaded). */
static gchar *
run_in_new_context (const Variant * v, gint * built, gint * loaded)
{
  GstContext *context = rel_new_shared_context ();
  GString *digests = g_string_new (NULL);
  GstCLContext *cl_context;

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
    for (guint m = 0; m < 2; m++) {
      gchar *digest = run_variant (v, context, formats[f],
          m ? "image" : "buffer");

      g_string_append_printf (digests, "%s ", digest ? digest : "-");
      g_free (digest);
    }
  cl_context = rel_dup_cl_context (context);
  *built = gst_cl_context_count_created (cl_context, GST_CL_OBJECT_PROGRAM);
  *loaded = gst_cl_context_count_binaries_loaded (cl_context);
  gst_object_unref (cl_context);
  gst_context_unref (context);
  return g_string_free (digests, FALSE);
}

/* Overwrites (@spoil) or removes the files of the cache directory @dir.
 * A spoilt file is 4 KiB of text: PoCL 3.1 reads a binary's header
 * without checking its length, past the end of a shorter one (which
 * valgrind reports in scripts/check-slow.sh). */
static void
clear_cache (const gchar * dir, gboolean spoil)
{
  GDir *entries = g_dir_open (dir, 0, NULL);
  const gchar *name;
  guint files = 0;
  gchar garbage[4096];

  for (guint i = 0; i < sizeof (garbage); i++)
    garbage[i] = "not a program "[i % 14];
  fail_unless (entries != NULL);
  while ((name = g_dir_read_name (entries))) {
    gchar *path = g_build_filename (dir, name, NULL);

    if (spoil)
      fail_unless (g_file_set_contents (path, garbage, sizeof (garbage),
              NULL));
    else
      fail_unless_equals_int (g_unlink (path), 0);
    files++;
    g_free (path);
  }
  g_dir_close (entries);
  fail_unless (files > 0);
}

GST_START_TEST (test_program_cache)
{
  const Variant *v = &variants[__i__];
  gchar *dir = g_dir_make_tmp ("gst-opencl-programs-XXXXXX", NULL);
  gchar *suite_cache = g_strdup (g_getenv ("GST_CL_PROGRAM_CACHE"));
  gchar *from_source, *from_binaries, *after_rejection;
  gint built, loaded;

  fail_unless (dir != NULL);
  g_setenv ("GST_CL_PROGRAM_CACHE", dir, TRUE);

  from_source = run_in_new_context (v, &built, &loaded);
  fail_unless (built > 0);
  fail_unless_equals_int (loaded, 0);

  from_binaries = run_in_new_context (v, &built, &loaded);
  fail_unless_equals_int (loaded, built);
  fail_unless_equals_string (from_binaries, from_source);

  if (__i__ == 0) {
    clear_cache (dir, TRUE);
    after_rejection = run_in_new_context (v, &built, &loaded);
    fail_unless_equals_int (loaded, 0);
    fail_unless_equals_string (after_rejection, from_source);
    g_free (after_rejection);
  }

  if (suite_cache)
    g_setenv ("GST_CL_PROGRAM_CACHE", suite_cache, TRUE);
  else
    g_unsetenv ("GST_CL_PROGRAM_CACHE");
  g_free (suite_cache);
  clear_cache (dir, FALSE);
  fail_unless_equals_int (g_rmdir (dir), 0);
  g_free (from_source);
  g_free (from_binaries);
  g_free (dir);
}

GST_END_TEST;

static Suite *
clkernels_suite (void)
{
  Suite *s = suite_create ("clkernels");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_variant, 0, G_N_ELEMENTS (variants));
  tcase_add_loop_test (tc, test_program_cache, 0, SCALER_VARIANTS);
  return s;
}

GST_CHECK_MAIN (clkernels);
