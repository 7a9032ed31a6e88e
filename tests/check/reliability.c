/* gst-opencl: helpers of the reliability tests.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "reliability.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <gst/opencl/gstclframe.h>
#include "rotate-reference.h"

#ifdef HAVE_VALGRIND
#include <valgrind/memcheck.h>
#else
#define VALGRIND_CHECK_MEM_IS_DEFINED(addr, len) ((void) 0)
#endif

static const gchar *const angles[] = {
  "0", "17.5", "90", "-33", "180", "245.25", NULL
};

static const gchar *const radii[] = { "0", "1", "3", "5", NULL };

const RelElement rel_elements[] = {
  {"clbicubicscale", "filter=mitchell", NULL, NULL, TRUE},
  {"clrotate", "angle=30 method=bicubic", "angle", angles, FALSE},
  /* Merged last: tests skip an element whose factory is missing
   * (rel_element_available), so a build without it still runs. Two
   * passes: the second goes through the spare plane. */
  {"clboxblur", "radius=2 passes=2", "radius", radii, FALSE},
};

const guint rel_n_elements = G_N_ELEMENTS (rel_elements);

gboolean
rel_element_available (const RelElement * element)
{
  GstElementFactory *factory = gst_element_factory_find (element->factory);

  if (factory == NULL) {
    GST_INFO ("%s is not built here: skipped", element->factory);
    return FALSE;
  }
  gst_object_unref (factory);
  return TRUE;
}

/**
 * rel_chain_description:
 * @storage: the storage property of every element
 *
 * Every available cl element, in table order, for gst_parse_launch, each
 * named after its factory; the one that resizes is followed by a
 * capsfilter named "size" for @out_width x @out_height.
 */
gchar *
rel_chain_description (const gchar * storage, gint out_width, gint out_height)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < rel_n_elements; i++) {
    const RelElement *e = &rel_elements[i];

    if (!rel_element_available (e))
      continue;
    g_string_append_printf (s, "%s%s name=%s storage=%s %s", s->len ? " ! " :
        "", e->factory, e->factory, storage, e->properties);
    if (e->resizes)
      g_string_append_printf (s, " ! capsfilter name=size "
          "caps=\"video/x-raw, width=%d, height=%d\"", out_width, out_height);
  }
  return g_string_free (s, FALSE);
}

/* Sets "name=value name=value ..." on @object, as gst-launch would. */
void
rel_set_properties (GObject * object, const gchar * properties)
{
  gchar **pairs = g_strsplit (properties ? properties : "", " ", -1);

  for (gchar ** p = pairs; *p; p++) {
    gchar **kv = g_strsplit (*p, "=", 2);

    if (kv[0] && kv[0][0]) {
      fail_unless (kv[1] != NULL, "no value in '%s'", *p);
      gst_util_set_object_arg (object, kv[0], kv[1]);
    }
    g_strfreev (kv);
  }
  g_strfreev (pairs);
}

/* @element with its table properties, and @memory unless NULL. */
GstElement *
rel_make_element (const RelElement * element, const gchar * storage)
{
  GstElement *e = gst_element_factory_make (element->factory, NULL);

  fail_unless (e != NULL, "no %s", element->factory);
  rel_set_properties (G_OBJECT (e), element->properties);
  if (storage)
    gst_util_set_object_arg (G_OBJECT (e), "storage", storage);
  return e;
}

/**
 * rel_harness_new:
 * @bus: (nullable): set on the element before the harness starts it, to
 *   collect its messages
 *
 * A harness around a new @factory with @properties ("name=value ...") set
 * before the harness starts it: storage and memory take effect when the
 * element opens its device.
 */
GstHarness *
rel_harness_new (const gchar * factory, const gchar * properties, GstBus * bus)
{
  GstElement *e = gst_element_factory_make (factory, NULL);
  GstHarness *h;

  fail_unless (e != NULL, "no %s", factory);
  rel_set_properties (G_OBJECT (e), properties);
  if (bus)
    gst_element_set_bus (e, bus);
  h = gst_harness_new_with_element (e, "sink", "src");
  gst_object_unref (e);
  return h;
}

/**
 * rel_element_harness:
 * @bus: (nullable): set on the element before the harness starts it, to
 *   collect its messages
 *
 * A harness around @element fed @in; an element that resizes is asked for
 * a bigger output, so that every element works on every frame.
 */
GstHarness *
rel_element_harness (const RelElement * element, const gchar * storage,
    const GstVideoInfo * in, GstBus * bus)
{
  GstElement *e = rel_make_element (element, storage);
  GstCaps *caps = gst_video_info_to_caps (in);
  GstHarness *h;

  if (bus)
    gst_element_set_bus (e, bus);
  h = gst_harness_new_with_element (e, "sink", "src");
  gst_object_unref (e);
  if (element->resizes) {
    GstCaps *out = gst_caps_copy (caps);

    gst_caps_set_simple (out, "width", G_TYPE_INT, in->width + 6, "height",
        G_TYPE_INT, in->height + 4, NULL);
    gst_harness_set_sink_caps (h, out);
  }
  gst_harness_set_src_caps (h, caps);
  return h;
}

guint
rel_count (guint quick, guint slow)
{
  return g_strcmp0 (g_getenv ("GST_CL_TEST_SLOW"), "1") == 0 ? slow : quick;
}

/* Resident memory now, from /proc (Linux). */
gsize
rel_rss_kib (void)
{
  FILE *f = fopen ("/proc/self/statm", "r");
  unsigned long size = 0, resident = 0;

  fail_unless (f != NULL, "no /proc/self/statm");
  fail_unless (fscanf (f, "%lu %lu", &size, &resident) == 2);
  fclose (f);
  return resident * (sysconf (_SC_PAGESIZE) / 1024);
}

GstBuffer *
rel_noise_buffer (const GstVideoInfo * info, guint32 seed)
{
  GstBuffer *buffer = gst_buffer_new_allocate (NULL, GST_VIDEO_INFO_SIZE (info),
      NULL);
  GstVideoFrame frame;

  fail_unless (gst_video_frame_map (&frame, info, buffer, GST_MAP_WRITE));
  rotref_fill_random (&frame, seed);
  gst_video_frame_unmap (&frame);
  return buffer;
}

/* A digest of the visible bytes of every row of every plane (row padding
 * is not part of the picture). Under valgrind, memcheck also reports any
 * of them that no kernel wrote or that came from undefined input. */
gchar *
rel_frame_digest (const GstVideoInfo * info, GstBuffer * buffer)
{
  GChecksum *sum = g_checksum_new (G_CHECKSUM_SHA1);
  GstVideoFrame frame;
  gchar *digest;

  fail_unless (gst_video_frame_map (&frame, info, buffer, GST_MAP_READ));
  for (guint p = 0; p < GST_VIDEO_FRAME_N_PLANES (&frame); p++) {
    gint comp[GST_VIDEO_MAX_COMPONENTS];
    const guint8 *data = GST_VIDEO_FRAME_PLANE_DATA (&frame, p);
    gint stride = GST_VIDEO_FRAME_PLANE_STRIDE (&frame, p);
    gsize row_bytes;

    gst_video_format_info_component (info->finfo, p, comp);
    row_bytes = (gsize) GST_VIDEO_FRAME_COMP_WIDTH (&frame, comp[0]) *
        GST_VIDEO_FRAME_COMP_PSTRIDE (&frame, comp[0]);
    for (gint y = 0; y < GST_VIDEO_FRAME_COMP_HEIGHT (&frame, comp[0]); y++) {
      VALGRIND_CHECK_MEM_IS_DEFINED (data + (gsize) y * stride, row_bytes);
      g_checksum_update (sum, data + (gsize) y * stride, row_bytes);
    }
  }
  gst_video_frame_unmap (&frame);
  digest = g_strdup (g_checksum_get_string (sum));
  g_checksum_free (sum);
  return digest;
}

gchar *
rel_sample_digest (GstSample * sample)
{
  GstVideoInfo info;

  fail_unless (gst_video_info_from_caps (&info, gst_sample_get_caps (sample)));
  return rel_frame_digest (&info, gst_sample_get_buffer (sample));
}

/* Through a context query, as a neighbour would ask. */
GstCLContext *
rel_query_cl_context (GstElement * element)
{
  GstQuery *query = gst_query_new_context (GST_CL_CONTEXT_TYPE);
  GstPad *pad = gst_element_get_static_pad (element, "src");
  GstContext *context;
  GstCLContext *result = NULL;

  fail_unless (gst_pad_query (pad, query), "%s has no OpenCL context",
      GST_ELEMENT_NAME (element));
  gst_query_parse_context (query, &context);
  fail_unless (gst_context_get_cl_context (context, &result));
  gst_query_unref (query);
  gst_object_unref (pad);
  return result;
}

/**
 * rel_new_shared_context:
 *
 * Returns: a GstContext holding a new GstCLContext on the default device,
 * made by a throw-away element, to set on pipelines as an application
 * would.
 */
GstContext *
rel_new_shared_context (void)
{
  GstElement *element = gst_element_factory_make ("clrotate", NULL);
  GstCLContext *cl_context;
  GstContext *context;

  fail_unless (element != NULL);
  fail_unless_equals_int (gst_element_set_state (element, GST_STATE_READY),
      GST_STATE_CHANGE_SUCCESS);
  cl_context = rel_query_cl_context (element);
  gst_element_set_state (element, GST_STATE_NULL);
  gst_object_unref (element);

  context = gst_context_new_cl_context (cl_context);
  gst_object_unref (cl_context);
  return context;
}

/* The GstCLContext that @context, of rel_new_shared_context(), holds: a
 * new reference. */
GstCLContext *
rel_dup_cl_context (GstContext * context)
{
  GstCLContext *cl_context;

  fail_unless (gst_context_get_cl_context (context, &cl_context));
  return cl_context;
}

RelCLObjects
rel_count_cl_objects (GstCLContext * context)
{
  RelCLObjects objects = {
    gst_cl_context_count_live (context, GST_CL_OBJECT_QUEUE),
    gst_cl_context_count_live (context, GST_CL_OBJECT_PROGRAM),
    gst_cl_context_count_live (context, GST_CL_OBJECT_KERNEL),
    gst_cl_context_count_live (context, GST_CL_OBJECT_MEM),
    gst_cl_context_count_live (context, GST_CL_OBJECT_SAMPLER),
    gst_cl_context_count_live (context, GST_CL_OBJECT_EVENT),
  };

  return objects;
}

gchar *
rel_cl_objects_to_string (const RelCLObjects * objects)
{
  return g_strdup_printf ("%d queues, %d programs, %d kernels, %d memory "
      "objects, %d samplers, %d events", objects->queues, objects->programs,
      objects->kernels, objects->mems, objects->samplers, objects->events);
}

gboolean
rel_cl_objects_equal (const RelCLObjects * a, const RelCLObjects * b)
{
  return memcmp (a, b, sizeof (RelCLObjects)) == 0;
}

/* Plays @pipeline until EOS or an error; returns that message. */
GstMessage *
rel_run_to_eos (GstElement * pipeline)
{
  GstBus *bus = gst_element_get_bus (pipeline);
  GstMessage *msg;

  fail_if (gst_element_set_state (pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE);
  msg = gst_bus_timed_pop_filtered (bus, GST_CLOCK_TIME_NONE,
      GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  gst_object_unref (bus);
  return msg;
}

/* Drops the caller's reference to the GObject @object; whether it is
 * finalized within REL_RELEASE_WAIT_MS. */
gboolean
rel_unref_and_wait (gpointer object)
{
  GWeakRef weak;
  GObject *alive;

  g_weak_ref_init (&weak, object);
  g_object_unref (object);
  alive = g_weak_ref_get (&weak);
  for (guint waited = 0; alive && waited < REL_RELEASE_WAIT_MS; waited++) {
    g_object_unref (alive);
    g_usleep (1000);
    alive = g_weak_ref_get (&weak);
  }
  g_weak_ref_clear (&weak);
  if (alive == NULL)
    return TRUE;
  g_object_unref (alive);
  return FALSE;
}

/* Lets go of @pipeline, set to NULL, once its streaming threads do
 * (@what names it in the failure). */
void
rel_release_pipeline (GstElement * pipeline, const gchar * what)
{
  fail_unless (rel_unref_and_wait (pipeline), "%s: the pipeline is still "
      "alive %d ms after its last reference", what, REL_RELEASE_WAIT_MS);
}

/* Once a pipeline on @context and its frames are gone, its elements hold
 * nothing on the device (the context keeps its queues and programs). */
void
rel_assert_device_idle (GstCLContext * context, const gchar * what)
{
  RelCLObjects left = rel_count_cl_objects (context);

  fail_unless (left.kernels == 0 && left.mems == 0 && left.samplers == 0
      && left.events == 0, "%s: the pipeline is gone, but %d kernels, %d "
      "memory objects, %d samplers and %d events are not released", what,
      left.kernels, left.mems, left.samplers, left.events);
}

static void
note_frames (GstDebugCategory * category, GstDebugLevel level,
    const gchar * file, const gchar * function, gint line, GObject * object,
    GstDebugMessage * message, gpointer user_data)
{
  RelFramesWatch *watch = user_data;
  const gchar *text = gst_debug_message_get (message);

  if (object != G_OBJECT (watch->element))
    return;
  if (strstr (text, "goes through host memory"))
    g_atomic_int_inc (&watch->host_frames);
  else if (g_str_equal (text, "frames in images"))
    g_atomic_int_set (&watch->storage, GST_CL_STORAGE_IMAGE);
  else if (g_str_equal (text, "frames in buffers"))
    g_atomic_int_set (&watch->storage, GST_CL_STORAGE_BUFFER);
}

/* The lines are the filter's, at DEBUG and INFO levels. */
void
rel_frames_watch_start (RelFramesWatch * watch, GstElement * element)
{
  watch->element = gst_object_ref (element);
  watch->host_frames = 0;
  watch->storage = -1;
  gst_debug_set_threshold_for_name ("clfilter", GST_LEVEL_DEBUG);
  gst_debug_add_log_function (note_frames, watch, NULL);
}

void
rel_frames_watch_stop (RelFramesWatch * watch)
{
  gst_debug_remove_log_function_by_data (watch);
  gst_debug_unset_threshold_for_name ("clfilter");
  gst_clear_object (&watch->element);
}
