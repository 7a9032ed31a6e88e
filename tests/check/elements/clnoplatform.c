/* gst-opencl: every cl element on a machine without any OpenCL platform.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The runtime enumerates devices once per process, so this is a binary of
 * its own: main() points ocl-icd (OCL_ICD_VENDORS) at an empty folder
 * before anything can load a driver.
 */
#include <glib/gstdio.h>
#include <string.h>

#include "reliability.h"

GST_START_TEST (test_no_platform)
{
  const RelElement *element = &rel_elements[__i__];
  GstElement *e;
  GstBus *bus;
  GstMessage *msg;
  GError *error = NULL;
  gchar *debug = NULL;

  if (!rel_element_available (element))
    return;
  e = rel_make_element (element, NULL);
  bus = gst_bus_new ();
  gst_element_set_bus (e, bus);
  fail_unless_equals_int (gst_element_set_state (e, GST_STATE_READY),
      GST_STATE_CHANGE_FAILURE);
  msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  fail_unless (msg != NULL, "%s: no error message", element->factory);
  gst_message_parse_error (msg, &error, &debug);
  GST_INFO ("%s: %s (%s)", element->factory, error->message, debug);
  fail_unless (strstr (error->message, "No OpenCL platform") != NULL,
      "%s: \"%s\" does not say that there is no OpenCL platform",
      element->factory, error->message);
  fail_unless (strstr (debug, "OCL_ICD_VENDORS") != NULL,
      "%s: \"%s\" does not say where platforms are looked for",
      element->factory, debug);

  g_error_free (error);
  g_free (debug);
  gst_message_unref (msg);
  gst_element_set_state (e, GST_STATE_NULL);
  gst_element_set_bus (e, NULL);
  gst_object_unref (bus);
  gst_object_unref (e);
}

GST_END_TEST;

static Suite *
clnoplatform_suite (void)
{
  Suite *s = suite_create ("clnoplatform");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_no_platform, 0, rel_n_elements);
  return s;
}

int
main (int argc, char **argv)
{
  gchar *empty = g_dir_make_tmp ("gst-opencl-no-icd-XXXXXX", NULL);
  int failed;

  g_assert (empty != NULL);
  g_setenv ("OCL_ICD_VENDORS", empty, TRUE);
  gst_check_init (&argc, &argv);
  failed = gst_check_run_suite (clnoplatform_suite (), "clnoplatform",
      __FILE__);
  g_rmdir (empty);
  g_free (empty);
  return failed;
}
