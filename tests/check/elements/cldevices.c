/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Devices chosen by UUID (cl_khr_device_uuid) and PCI bus id
 * (cl_khr_pci_bus_info). Runs under the device-address test layer
 * (tests/meson.build), which gives the device both extensions with the
 * values of device-address-layer.h; the selectors below write those
 * values by hand.
 */
#include <gst/check/gstcheck.h>
#include <string.h>

#include <gst/opencl/gstcldevice.h>

#include "device-address-layer.h"

static const gchar *const elements[] = {
  "clbicubicscale", "clrotate", "clboxblur", "clupload", "cldownload",
};

/* The layer's UUID and PCI bus id as users write them. */
static const gchar *const matching[] = {
  "0fa1b2c3-d4e5-46f7-8899-aabbccddeeff",
  "0FA1B2C3-D4E5-46F7-8899-AABBCCDDEEFF",
  "0fa1B2C3-d4E5-46f7-8899-AaBbCcDdEeFf",
  "GPU-0fa1b2c3-d4e5-46f7-8899-aabbccddeeff",   /* nvidia-smi -L */
  "gpu-0FA1B2C3-D4E5-46F7-8899-AABBCCDDEEFF",
  "0000:af:1c.5",               /* lspci -D */
  "0000:AF:1C.5",
  "00000000:AF:1C.5",           /* nvidia-smi */
  "af:1c.5",                    /* lspci, domain 0 */
  "AF:1C.5",
};

/* Well-formed, of no device: the "no device matches" error, with how the
 * selector was read. */
static const struct
{
  const gchar *selector;
  const gchar *reading;
} unknown[] = {
  {"0fa1b2c3-d4e5-46f7-8899-aabbccddeefe", "read as a device UUID"},
  {"GPU-1fa1b2c3-d4e5-46f7-8899-aabbccddeeff", "read as a device UUID"},
  {"0000:af:1c.4", "read as a PCI bus id"},
  {"0001:af:1c.5", "read as a PCI bus id"},
  {"ae:1c.5", "read as a PCI bus id"},
  {"GPU-0fa1b2c3", "read as a device UUID but malformed"},
  {"0:af:1c.5", "read as a PCI bus id but malformed"},
};

static gchar *found_line;

static void
keep_found_device_line (GstDebugCategory * category, GstDebugLevel level,
    const gchar * file, const gchar * function, gint line, GObject * object,
    GstDebugMessage * message, gpointer unused)
{
  const gchar *text = gst_debug_message_get (message);

  if (g_str_equal (gst_debug_category_get_name (category), "clcontext")
      && g_str_has_prefix (text, "found device 0:0") && found_line == NULL)
    found_line = g_strdup (text);
}

/* GST_DEBUG=clcontext:4 lists both for the device. Devices are probed
 * once per process: with CK_FORK=no this must be the first test. */
GST_START_TEST (test_log_lists_addresses)
{
  gst_debug_set_threshold_for_name ("clcontext", GST_LEVEL_INFO);
  gst_debug_add_log_function (keep_found_device_line, NULL, NULL);
  fail_unless (gst_cl_device_select ("0:0", NULL) != NULL);
  gst_debug_remove_log_function (keep_found_device_line);

  fail_unless (found_line != NULL, "no \"found device\" line was logged");
  fail_unless (strstr (found_line,
          "UUID 0fa1b2c3-d4e5-46f7-8899-aabbccddeeff") != NULL, "%s",
      found_line);
  fail_unless (strstr (found_line, "PCI bus 0000:af:1c.5") != NULL, "%s",
      found_line);
  g_clear_pointer (&found_line, g_free);
}

GST_END_TEST;

GST_START_TEST (test_probed_values)
{
  static const guint8 uuid[] = GST_CL_LAYER_UUID;
  const GstCLDeviceInfo *info = gst_cl_device_select ("0:0", NULL);

  fail_unless (info != NULL);
  fail_unless (info->has_uuid && info->has_pci_bus_info);
  fail_unless (memcmp (info->uuid, uuid, sizeof (uuid)) == 0);
  fail_unless_equals_int (info->pci_domain, 0);
  fail_unless_equals_int (info->pci_bus, 0xaf);
  fail_unless_equals_int (info->pci_device, 0x1c);
  fail_unless_equals_int (info->pci_function, 5);
}

GST_END_TEST;

static void
assert_reaches_ready (const gchar * factory, const gchar * selector)
{
  GstElement *element = gst_element_factory_make (factory, NULL);

  fail_unless (element != NULL, "no %s", factory);
  g_object_set (element, "device", selector, NULL);
  fail_unless_equals_int (gst_element_set_state (element, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  gst_element_set_state (element, GST_STATE_NULL);
  gst_object_unref (element);
}

/* Every form selects the device, in every element, through the property
 * and through GST_CL_DEVICE. */
GST_START_TEST (test_select_by_address)
{
  for (guint i = 0; i < G_N_ELEMENTS (matching); i++) {
    GError *error = NULL;

    fail_unless (gst_cl_device_select (matching[i], &error) != NULL,
        "%s: %s", matching[i], error ? error->message : "no error");
    assert_reaches_ready (elements[i % G_N_ELEMENTS (elements)], matching[i]);

    g_setenv ("GST_CL_DEVICE", matching[i], TRUE);
    assert_reaches_ready (elements[(i + 1) % G_N_ELEMENTS (elements)], NULL);
    g_unsetenv ("GST_CL_DEVICE");
  }
}

GST_END_TEST;

static void
assert_no_such_device (const gchar * factory, const gchar * selector,
    const gchar * reading)
{
  GstElement *element = gst_element_factory_make (factory, NULL);
  GstBus *bus = gst_bus_new ();
  gchar *text = g_strdup_printf ("No OpenCL device matches the device "
      "property of %s", factory);
  GError *error = NULL;
  gchar *debug = NULL;
  GstMessage *msg;

  g_object_set (element, "device", selector, NULL);
  gst_element_set_bus (element, bus);
  fail_unless_equals_int (gst_element_set_state (element, GST_STATE_READY),
      GST_STATE_CHANGE_FAILURE);
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "%s: no error message", selector);
  gst_message_parse_error (msg, &error, &debug);
  fail_unless_equals_string (error->message, text);
  fail_unless (debug && strstr (debug, selector) && strstr (debug, reading),
      "%s: the debug \"%s\" does not say \"%s\"", selector, debug, reading);

  g_error_free (error);
  g_free (debug);
  g_free (text);
  gst_message_unref (msg);
  gst_element_set_state (element, GST_STATE_NULL);
  gst_element_set_bus (element, NULL);
  gst_object_unref (bus);
  gst_object_unref (element);
}

GST_START_TEST (test_refuse_unknown_address)
{
  for (guint i = 0; i < G_N_ELEMENTS (unknown); i++) {
    GError *error = NULL;

    fail_if (gst_cl_device_select (unknown[i].selector, &error));
    fail_unless (g_error_matches (error, GST_CL_ERROR, GST_CL_ERROR_NO_MATCH),
        "%s", error ? error->message : "no error");
    g_clear_error (&error);
    assert_no_such_device (elements[i % G_N_ELEMENTS (elements)],
        unknown[i].selector, unknown[i].reading);
  }
}

GST_END_TEST;

static Suite *
cldevices_suite (void)
{
  Suite *s = suite_create ("cldevices");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_test (tc, test_log_lists_addresses);
  tcase_add_test (tc, test_probed_values);
  tcase_add_test (tc, test_select_by_address);
  tcase_add_test (tc, test_refuse_unknown_address);
  return s;
}

GST_CHECK_MAIN (cldevices);
