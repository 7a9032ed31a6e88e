/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The runtime's pure functions, on fabricated device descriptions: no
 * OpenCL device is needed.
 */
#include <gst/check/gstcheck.h>
#include <gst/video/video.h>
#include <string.h>

#include <gst/opencl/gstcldevice.h>
#include <gst/opencl/gstclframe.h>

static GstCLDeviceInfo
fake_device (void)
{
  GstCLDeviceInfo info = {
    .platform_index = 0,
    .device_index = 1,
    .platform_name = (gchar *) "Portable Computing Language",
    .device_name = (gchar *) "pthread-skylake-avx512",
    .type = CL_DEVICE_TYPE_GPU,
    .image_support = TRUE,
    .image_formats = GST_CL_IMAGE_R8 | GST_CL_IMAGE_R16 | GST_CL_IMAGE_RG8 |
        GST_CL_IMAGE_RGBA8,
    .image_formats_known = TRUE,
  };

  return info;
}

/* 1. Device selectors against the fake device 0:1. */
static const struct
{
  const gchar *selector;
  gboolean matches;
} selectors[] = {
  {"0:1", TRUE},
  {"0:0", FALSE},
  {"1:1", FALSE},
  {"skylake", TRUE},            /* device name */
  {"SkyLake-AVX", TRUE},        /* any case */
  {"portable computing", TRUE}, /* platform name */
  {"POCL", FALSE},              /* not a substring of either */
  {"nvidia", FALSE},
  {"0:1x", FALSE},              /* not indices, so a name: no match */
  {"4294967297:1", FALSE},      /* beyond 32 bits: no wrap-around to 0:1 */
  {"0:4294967297", FALSE},
  {"18446744073709551617:1", FALSE},    /* beyond 64 bits */
  {"\xff\xfeskylake", FALSE},     /* not UTF-8 */
  {"skylake\xc3", FALSE},        /* a truncated UTF-8 sequence */
};

GST_START_TEST (test_device_matches)
{
  GstCLDeviceInfo device = fake_device ();

  for (guint i = 0; i < G_N_ELEMENTS (selectors); i++)
    fail_unless (gst_cl_device_matches (&device, selectors[i].selector) ==
        selectors[i].matches, "selector \"%s\" should %smatch",
        selectors[i].selector, selectors[i].matches ? "" : "not ");
}

GST_END_TEST;

/* Selectors of UUIDs and PCI bus ids, against three fake devices of the
 * same names: one with both extensions (UUID 12345678-9abc-def0-1122-
 * 334455667788 at PCI 0000:3b:00.0), one with only cl_khr_pci_bus_info
 * in PCI domain 10000 (as Intel's VMD numbers them), one with neither.
 * A selector of only hex digits and dashes (or starting with GPU-) is a
 * UUID, one of hex digits, colons and dots a bus id: malformed, they match
 * no device, not even a name that contains them. */
static const struct
{
  const gchar *selector;
  gboolean on_both, on_vmd, on_neither;
} address_selectors[] = {
  {"12345678-9abc-def0-1122-334455667788", TRUE, FALSE, FALSE},
  {"12345678-9ABC-DEF0-1122-334455667788", TRUE, FALSE, FALSE},
  {"GPU-12345678-9abc-def0-1122-334455667788", TRUE, FALSE, FALSE},
  {"gpu-12345678-9AbC-dEf0-1122-334455667788", TRUE, FALSE, FALSE},
  {"12345678-9abc-def0-1122-334455667789", FALSE, FALSE, FALSE},
  {"GPU-12345678-9abc-def0-1122-334455667789", FALSE, FALSE, FALSE},
  /* malformed UUIDs */
  {"12345678-9abc-def0-1122-33445566778", FALSE, FALSE, FALSE},
  {"12345678-9abc-def0-1122-3344556677888", FALSE, FALSE, FALSE},
  {"1234567-89abc-def0-1122-334455667788", FALSE, FALSE, FALSE},
  {"12345678-9abc-def0-11223-34455667788", FALSE, FALSE, FALSE},
  {"12345678--9abc-def0-1122-33445566778", FALSE, FALSE, FALSE},
  {"GPU-", FALSE, FALSE, FALSE},
  {"GPU-12345678", FALSE, FALSE, FALSE},
  {"GPU-GPU-12345678-9abc-def0-1122-334455667788", FALSE, FALSE, FALSE},
  {"GPU-12345678-9abc-def0-1122-33445566778g", FALSE, FALSE, FALSE},
  {"GPU-12345678-9abc-def0-1122-334455667788 ", FALSE, FALSE, FALSE},
  {" 12345678-9abc-def0-1122-334455667788", FALSE, FALSE, FALSE},
  {"MIG-12345678-9abc-def0-1122-334455667788", FALSE, FALSE, FALSE},
  {"123456789abcdef01122334455667788", FALSE, FALSE, FALSE},    /* a name */
  {"e-a", FALSE, FALSE, FALSE}, /* UUID-shaped, though in "skylake-avx" */
  /* PCI bus ids */
  {"0000:3b:00.0", TRUE, FALSE, FALSE},
  {"0000:3B:00.0", TRUE, FALSE, FALSE},
  {"00000000:3b:00.0", TRUE, FALSE, FALSE},     /* nvidia-smi */
  {"3b:00.0", TRUE, FALSE, FALSE},      /* domain 0 */
  {"10000:3b:00.0", FALSE, TRUE, FALSE},
  {"0000:3b:00.1", FALSE, FALSE, FALSE},
  {"0000:3c:00.0", FALSE, FALSE, FALSE},
  {"0001:3b:00.0", FALSE, FALSE, FALSE},
  /* malformed bus ids */
  {"000:3b:00.0", FALSE, FALSE, FALSE},
  {"000000000:3b:00.0", FALSE, FALSE, FALSE},
  {"0000:3b:0.0", FALSE, FALSE, FALSE},
  {"0000:3:00.0", FALSE, FALSE, FALSE},
  {"0000:3b:20.0", FALSE, FALSE, FALSE},        /* device beyond 1f */
  {"0000:3b:00.8", FALSE, FALSE, FALSE},        /* function beyond 7 */
  {"0000:3b:00.0.0", FALSE, FALSE, FALSE},
  {"0000:3b:00.", FALSE, FALSE, FALSE},
  {"0000:0000:3b:00.0", FALSE, FALSE, FALSE},
  {"3b.00:0", FALSE, FALSE, FALSE},
  {"0000:3b:00:0", FALSE, FALSE, FALSE},
  /* neither: indices and names as before */
  {"3b:00", FALSE, FALSE, FALSE},       /* no dot: a name */
  {"0:1", TRUE, TRUE, TRUE},
  {"skylake", TRUE, TRUE, TRUE},
};

GST_START_TEST (test_device_matches_address)
{
  static const guint8 uuid[GST_CL_UUID_SIZE] = { 0x12, 0x34, 0x56, 0x78,
    0x9a, 0xbc, 0xde, 0xf0, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88
  };
  GstCLDeviceInfo both = fake_device ();
  GstCLDeviceInfo vmd = fake_device ();
  GstCLDeviceInfo neither = fake_device ();

  both.has_uuid = TRUE;
  memcpy (both.uuid, uuid, sizeof (uuid));
  both.has_pci_bus_info = TRUE;
  both.pci_bus = 0x3b;
  vmd.has_pci_bus_info = TRUE;
  vmd.pci_domain = 0x10000;
  vmd.pci_bus = 0x3b;

  for (guint i = 0; i < G_N_ELEMENTS (address_selectors); i++) {
    const gchar *selector = address_selectors[i].selector;

    fail_unless (gst_cl_device_matches (&both, selector) ==
        address_selectors[i].on_both, "\"%s\" on the device with both",
        selector);
    fail_unless (gst_cl_device_matches (&vmd, selector) ==
        address_selectors[i].on_vmd, "\"%s\" on the device in domain 10000",
        selector);
    fail_unless (gst_cl_device_matches (&neither, selector) ==
        address_selectors[i].on_neither,
        "\"%s\" on the device without either", selector);
  }
}

GST_END_TEST;

/* A selector that is not UTF-8 (from the property or GST_CL_DEVICE) is
 * the usual "no device matches" error. */
GST_START_TEST (test_device_selector_not_utf8)
{
  GError *error = NULL;

  fail_if (gst_cl_device_select ("\xff\xfe", &error));
  fail_unless (g_error_matches (error, GST_CL_ERROR, GST_CL_ERROR_NO_MATCH),
      "%s", error ? error->message : "no error");
  fail_unless (g_utf8_validate (error->message, -1, NULL));
  g_clear_error (&error);
}

GST_END_TEST;

/* 2. The channel values a plane takes to show a colour. YUV rows assume
 * what gst_video_info_set_format gives 320x240 I420 and NV12: BT.601
 * limited range (checked in the test). */
static const struct
{
  GstVideoFormat format;
  guint plane;
  guint32 argb;
  guint n;                      /* channels of the plane */
  gfloat value[4];
} colours[] = {
  {GST_VIDEO_FORMAT_RGBA, 0, 0xff000000, 4, {0, 0, 0, 255}},
  {GST_VIDEO_FORMAT_ARGB, 0, 0xff000000, 4, {255, 0, 0, 0}},
  {GST_VIDEO_FORMAT_BGRA, 0, 0xffff0000, 4, {0, 0, 255, 255}},
  {GST_VIDEO_FORMAT_xRGB, 0, 0xff000000, 4, {255, 0, 0, 0}},  /* padding */
  {GST_VIDEO_FORMAT_RGBx, 0, 0x00000000, 4, {0, 0, 0, 255}},  /* padding */
  {GST_VIDEO_FORMAT_RGBA, 0, 0x00000000, 4, {0, 0, 0, 0}},    /* transparent */
  {GST_VIDEO_FORMAT_I420, 0, 0xff000000, 1, {16}},
  {GST_VIDEO_FORMAT_I420, 1, 0xff000000, 1, {128}},
  {GST_VIDEO_FORMAT_I420, 2, 0xff000000, 1, {128}},
  {GST_VIDEO_FORMAT_I420, 0, 0xffffffff, 1, {235}},
  {GST_VIDEO_FORMAT_I420, 1, 0xffffffff, 1, {128}},
  {GST_VIDEO_FORMAT_I420, 0, 0xffff0000, 1, {81}},            /* red */
  {GST_VIDEO_FORMAT_I420, 1, 0xffff0000, 1, {90}},
  {GST_VIDEO_FORMAT_I420, 2, 0xffff0000, 1, {240}},
  {GST_VIDEO_FORMAT_NV12, 0, 0xff000000, 1, {16}},
  {GST_VIDEO_FORMAT_NV12, 1, 0xff000000, 2, {128, 128}},
  {GST_VIDEO_FORMAT_NV12, 1, 0xffff0000, 2, {90, 240}},
  {GST_VIDEO_FORMAT_GRAY8, 0, 0xffffffff, 1, {255}},
  {GST_VIDEO_FORMAT_GRAY8, 0, 0xff000000, 1, {0}},
  {GST_VIDEO_FORMAT_GRAY16_LE, 0, 0xffffffff, 1, {65535}},
};

GST_START_TEST (test_plane_color)
{
  GstVideoInfo info;

  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_I420, 320, 240);
  fail_unless (gst_video_colorimetry_matches (&info.colorimetry,
          GST_VIDEO_COLORIMETRY_BT601));

  for (guint i = 0; i < G_N_ELEMENTS (colours); i++) {
    gfloat value[4];

    gst_video_info_set_format (&info, colours[i].format, 320, 240);
    gst_cl_frame_plane_color (&info, colours[i].plane, colours[i].argb, value);
    for (guint c = 0; c < colours[i].n; c++)
      fail_unless (value[c] == colours[i].value[c],
          "%s plane %u colour 0x%08x channel %u: %g, expected %g",
          gst_video_format_to_string (colours[i].format), colours[i].plane,
          colours[i].argb, c, value[c], colours[i].value[c]);
  }
}

GST_END_TEST;

/* 3. OpenCL error names and gst_cl_check. */
GST_START_TEST (test_errors)
{
  const gchar *unknown = gst_cl_error_name (-12345);
  GError *error = NULL;

  fail_unless_equals_string (gst_cl_error_name (CL_OUT_OF_RESOURCES),
      "CL_OUT_OF_RESOURCES");
  fail_unless_equals_string (gst_cl_error_name (CL_INVALID_VALUE),
      "CL_INVALID_VALUE");
  fail_unless (unknown != NULL && strstr (unknown, "unknown") != NULL);

  fail_unless (gst_cl_check (CL_SUCCESS, &error, "Nothing"));
  fail_unless (error == NULL);

  fail_if (gst_cl_check (CL_OUT_OF_RESOURCES, &error, "Running a kernel"));
  fail_unless (error != NULL && error->domain == GST_CL_ERROR);
  fail_unless (strstr (error->message, "CL_OUT_OF_RESOURCES") != NULL,
      "\"%s\" does not name the error", error->message);
  fail_unless (strstr (error->message, "Running a kernel") != NULL,
      "\"%s\" does not say what failed", error->message);
  g_clear_error (&error);

  /* Callers may not want the error. */
  fail_if (gst_cl_check (CL_INVALID_VALUE, NULL, "Anything"));
}

GST_END_TEST;

/* 4. Plane layouts, at an odd size: chroma rounds up. */
typedef struct
{
  gint width, height;
  guint channels, depth;
} PlaneLayout;

static const struct
{
  GstVideoFormat format;
  guint n_planes;
  PlaneLayout planes[3];
} layouts[] = {
  {GST_VIDEO_FORMAT_I420, 3, {{33, 17, 1, 8}, {17, 9, 1, 8}, {17, 9, 1, 8}}},
  {GST_VIDEO_FORMAT_NV12, 2, {{33, 17, 1, 8}, {17, 9, 2, 8}}},
  {GST_VIDEO_FORMAT_BGRx, 1, {{33, 17, 4, 8}}},
  {GST_VIDEO_FORMAT_GRAY16_LE, 1, {{33, 17, 1, 16}}},
  /* The further formats clconvert takes. */
  {GST_VIDEO_FORMAT_NV21, 2, {{33, 17, 1, 8}, {17, 9, 2, 8}}},
  {GST_VIDEO_FORMAT_YV12, 3, {{33, 17, 1, 8}, {17, 9, 1, 8}, {17, 9, 1, 8}}},
  {GST_VIDEO_FORMAT_Y42B, 3, {{33, 17, 1, 8}, {17, 17, 1, 8}, {17, 17, 1, 8}}},
  {GST_VIDEO_FORMAT_Y444, 3, {{33, 17, 1, 8}, {33, 17, 1, 8}, {33, 17, 1, 8}}},
  {GST_VIDEO_FORMAT_AYUV, 1, {{33, 17, 4, 8}}},
  {GST_VIDEO_FORMAT_VUYA, 1, {{33, 17, 4, 8}}},
  {GST_VIDEO_FORMAT_RGBP, 3, {{33, 17, 1, 8}, {33, 17, 1, 8}, {33, 17, 1, 8}}},
  {GST_VIDEO_FORMAT_BGRP, 3, {{33, 17, 1, 8}, {33, 17, 1, 8}, {33, 17, 1, 8}}},
  {GST_VIDEO_FORMAT_RGB, 1, {{33, 17, 3, 8}}},
  {GST_VIDEO_FORMAT_BGR, 1, {{33, 17, 3, 8}}},
  {GST_VIDEO_FORMAT_P010_10LE, 2, {{33, 17, 1, 16}, {17, 9, 2, 16}}},
};

GST_START_TEST (test_frame_layout)
{
  GstVideoInfo info;
  GstCLFrame frame;

  for (guint i = 0; i < G_N_ELEMENTS (layouts); i++) {
    const gchar *name = gst_video_format_to_string (layouts[i].format);

    gst_video_info_set_format (&info, layouts[i].format, 33, 17);
    fail_unless (gst_cl_frame_layout (&frame, &info, GST_CL_STORAGE_BUFFER));
    fail_unless_equals_int (frame.n_planes, layouts[i].n_planes);
    for (guint p = 0; p < frame.n_planes; p++) {
      const PlaneLayout *want = &layouts[i].planes[p];
      const GstCLPlane *got = &frame.planes[p];

      fail_unless (got->width == want->width && got->height == want->height
          && got->channels == want->channels && got->depth == want->depth,
          "%s plane %u: %dx%d, %u channels of %u bits; expected %dx%d, "
          "%u of %u", name, p, got->width, got->height, got->channels,
          got->depth, want->width, want->height, want->channels, want->depth);
      fail_unless_equals_int (got->pitch, got->width * got->channels);
      fail_unless (got->mem == NULL);
    }
  }

  /* Not one of GST_CL_FORMATS. */
  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_YUY2, 32, 16);
  fail_if (gst_cl_frame_layout (&frame, &info, GST_CL_STORAGE_BUFFER));
}

GST_END_TEST;

/* 5. 3-byte pixels (RGB, BGR) live in buffers: no device holds them in
 * images, auto picks buffers for them on a GPU, and an image of such a
 * plane is refused with an error. */
GST_START_TEST (test_three_byte_pixels)
{
  GstCLDeviceInfo gpu = fake_device ();
  GstVideoFormat formats[] = { GST_VIDEO_FORMAT_RGB, GST_VIDEO_FORMAT_BGR };

  gpu.image2d_max_width = gpu.image2d_max_height = 16384;

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++) {
    GstVideoInfo info, rgba;
    GstCLFrame frame;
    GError *error = NULL;

    gst_video_info_set_format (&info, formats[i], 33, 17);
    gst_video_info_set_format (&rgba, GST_VIDEO_FORMAT_RGBA, 33, 17);
    fail_unless (gst_cl_format_supported (formats[i], GST_CL_STORAGE_BUFFER,
            &gpu));
    fail_if (gst_cl_format_supported (formats[i], GST_CL_STORAGE_IMAGE, &gpu));
    fail_unless_equals_int (gst_cl_format_max_channels (formats[i]), 3);
    fail_unless_equals_int (gst_cl_choose_storage (GST_CL_STORAGE_AUTO, &gpu,
            &rgba, &rgba), GST_CL_STORAGE_IMAGE);
    fail_unless_equals_int (gst_cl_choose_storage (GST_CL_STORAGE_AUTO, &gpu,
            &info, &rgba), GST_CL_STORAGE_BUFFER);
    fail_unless (gst_cl_frame_layout (&frame, &info, GST_CL_STORAGE_IMAGE));
    /* Refused before the context is used. */
    fail_unless (gst_cl_plane_create_image (NULL, &frame.planes[0],
            &error) == NULL);
    fail_unless (error != NULL && strstr (error->message, "cannot be an "
            "OpenCL image") != NULL, "%s", error ? error->message : "");
    g_error_free (error);
  }
}

GST_END_TEST;

static Suite *
clruntime_suite (void)
{
  Suite *s = suite_create ("clruntime");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_device_matches);
  tcase_add_test (tc, test_device_matches_address);
  tcase_add_test (tc, test_device_selector_not_utf8);
  tcase_add_test (tc, test_plane_color);
  tcase_add_test (tc, test_errors);
  tcase_add_test (tc, test_frame_layout);
  tcase_add_test (tc, test_three_byte_pixels);
  return s;
}

GST_CHECK_MAIN (clruntime);
