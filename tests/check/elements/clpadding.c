/* gst-opencl: nothing uninitialised leaves an element in row padding.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Frames whose rows are longer than their pixels (GRAY8, NV12 and I420
 * 37 pixels wide: rows of 40 bytes, chroma rows of 20) come out of every
 * element, into system memory and through OpenCL memory and cldownload,
 * with the bytes past each row's pixels zero. Every output buffer has
 * its padding set to 0xaa before it goes back to its pool, so that a
 * frame written into a reused buffer shows any padding left as it was;
 * OpenCL memory is zeroed when it is made, as a kernel writes pixels
 * only.
 */
#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>
#include <string.h>

#define WIDTH 37
#define HEIGHT 23
#define FRAMES 4
#define DIRT 0xaa

/* Each element with the input it converts from: the scaler shrinks a
 * 64-pixel-wide frame, clconvert converts RGBA (the same format would
 * pass through), clconvertscale does both. */
static const struct
{
  const gchar *launch;
  gint in_width;
  const gchar *in_format;       /* NULL: the output's */
} elements[] = {
  {"clbicubicscale", 64, NULL},
  {"clrotate angle=30", WIDTH, NULL},
  {"clboxblur radius=2", WIDTH, NULL},
  {"clconvert", WIDTH, "RGBA"},
  {"clconvertscale", 64, "RGBA"},
  {"clupload", WIDTH, NULL},
};

static const gchar *const formats[] = { "GRAY8", "NV12", "I420" };

/* The element's output: in system memory, or OpenCL memory downloaded. */
static const gchar *const outputs[] = { "system", "opencl" };

/* Whether every byte of @frame's rows past their pixels is zero; else
 * where the first other byte is, in @where. */
static gboolean
padding_is_zero (const GstVideoFrame * frame, gchar ** where)
{
  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (frame); p++) {
    gint comp[GST_VIDEO_MAX_COMPONENTS];
    const guint8 *data = GST_VIDEO_FRAME_PLANE_DATA (frame, p);
    gsize stride = GST_VIDEO_FRAME_PLANE_STRIDE (frame, p), row_bytes;

    gst_video_format_info_component (frame->info.finfo, p, comp);
    row_bytes = (gsize) GST_VIDEO_FRAME_COMP_WIDTH (frame, comp[0]) *
        GST_VIDEO_FRAME_COMP_PSTRIDE (frame, comp[0]);
    fail_unless (stride > row_bytes, "plane %u has no padding", p);
    /* The last row's padding may lie past the buffer. */
    for (gint y = 0; y + 1 < GST_VIDEO_FRAME_COMP_HEIGHT (frame, comp[0]);
        y++)
      for (gsize x = row_bytes; x < stride; x++)
        if (data[y * stride + x] != 0) {
          *where = g_strdup_printf ("plane %u row %d byte %" G_GSIZE_FORMAT
              ": 0x%02x", p, y, x, data[y * stride + x]);
          return FALSE;
        }
  }
  return TRUE;
}

/* Sets the pixels of every row of @frame's planes to @value. */
static void
fill_pixels (GstVideoFrame * frame, guint8 value)
{
  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (frame); p++) {
    gint comp[GST_VIDEO_MAX_COMPONENTS];
    guint8 *data = GST_VIDEO_FRAME_PLANE_DATA (frame, p);
    gsize stride = GST_VIDEO_FRAME_PLANE_STRIDE (frame, p);

    gst_video_format_info_component (frame->info.finfo, p, comp);
    for (gint y = 0; y < GST_VIDEO_FRAME_COMP_HEIGHT (frame, comp[0]); y++)
      memset (data + y * stride, value,
          GST_VIDEO_FRAME_COMP_WIDTH (frame, comp[0]) *
          GST_VIDEO_FRAME_COMP_PSTRIDE (frame, comp[0]));
  }
}

static void
dirty_padding (GstVideoFrame * frame)
{
  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (frame); p++) {
    gint comp[GST_VIDEO_MAX_COMPONENTS];
    guint8 *data = GST_VIDEO_FRAME_PLANE_DATA (frame, p);
    gsize stride = GST_VIDEO_FRAME_PLANE_STRIDE (frame, p), row_bytes;

    gst_video_format_info_component (frame->info.finfo, p, comp);
    row_bytes = (gsize) GST_VIDEO_FRAME_COMP_WIDTH (frame, comp[0]) *
        GST_VIDEO_FRAME_COMP_PSTRIDE (frame, comp[0]);
    for (gint y = 0; y + 1 < GST_VIDEO_FRAME_COMP_HEIGHT (frame, comp[0]);
        y++)
      memset (data + y * stride + row_bytes, DIRT, stride - row_bytes);
  }
}

GST_START_TEST (test_output_padding)
{
  guint i = __i__;
  guint e = i % G_N_ELEMENTS (elements);
  const gchar *element = elements[e].launch;
  const gchar *format =
      formats[(i /= G_N_ELEMENTS (elements)) % G_N_ELEMENTS (formats)];
  const gchar *in_format = elements[e].in_format ? elements[e].in_format :
      format;
  const gchar *output = outputs[i / G_N_ELEMENTS (formats)];
  gboolean opencl = g_str_equal (output, "opencl");
  gchar *launch, *caps;
  GstVideoInfo info, in_info;
  GstHarness *h;

  if (g_str_equal (element, "clupload") && !opencl)
    return;                     /* clupload's output is OpenCL memory */
  caps = g_strdup_printf ("video/x-raw%s,format=%s,width=%d,height=%d",
      opencl ? "(memory:OpenCLMemory)" : "", format, WIDTH, HEIGHT);
  launch = g_strdup_printf ("%s ! capsfilter caps=\"%s\"%s", element, caps,
      opencl ? " ! cldownload" : "");
  h = gst_harness_new_parse (launch);
  gst_harness_set_src_caps_str (h, g_strdup_printf ("video/x-raw,"
          "format=%s,width=%d,height=%d,framerate=30/1", in_format,
          elements[e].in_width, HEIGHT));
  gst_harness_set_sink_caps_str (h, g_strdup_printf ("video/x-raw,"
          "format=%s,width=%d,height=%d", format, WIDTH, HEIGHT));
  gst_video_info_set_format (&info, gst_video_format_from_string (format),
      WIDTH, HEIGHT);
  gst_video_info_set_format (&in_info,
      gst_video_format_from_string (in_format), elements[e].in_width, HEIGHT);

  for (guint f = 0; f < FRAMES; f++) {
    GstBuffer *in = gst_buffer_new_allocate (NULL, in_info.size, NULL);
    GstBuffer *out;
    GstVideoFrame frame;
    gchar *where = NULL;

    GstVideoFrame in_frame;

    /* Pixels of 0x40 + f, padding zero: what clupload copies along with
     * whole planes is the input's. */
    gst_buffer_memset (in, 0, 0, in_info.size);
    fail_unless (gst_video_frame_map (&in_frame, &in_info, in, GST_MAP_WRITE));
    fill_pixels (&in_frame, 0x40 + f);
    gst_video_frame_unmap (&in_frame);
    out = gst_harness_push_and_pull (h, in);
    fail_unless (out != NULL, "%s, %s, %s: no output", element, format,
        output);
    fail_unless (gst_video_frame_map (&frame, &info, out, GST_MAP_READWRITE));
    fail_unless (padding_is_zero (&frame, &where), "%s, %s, %s output, "
        "frame %u: %s", element, format, output, f, where);
    dirty_padding (&frame);
    gst_video_frame_unmap (&frame);
    gst_buffer_unref (out);
  }
  gst_harness_teardown (h);
  g_free (launch);
  g_free (caps);
}

GST_END_TEST;

static Suite *
clpadding_suite (void)
{
  Suite *s = suite_create ("clpadding");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_output_padding, 0, G_N_ELEMENTS (elements) *
      G_N_ELEMENTS (formats) * G_N_ELEMENTS (outputs));
  return s;
}

GST_CHECK_MAIN (clpadding);
