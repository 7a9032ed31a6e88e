/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * An application that runs an OpenCL kernel of its own on video frames
 * between two pipelines, with no copy to the host: frames in
 * memory:OpenCLMemory come out of an appsink, the kernel (it inverts the
 * colours) writes new frames from a GstCLBufferPool, and an appsrc takes
 * them on. Both pipelines and the kernel share the application's
 * GstCLContext, set on them as a GstContext.
 *
 *   source: videotestsrc ! tee ! queue ! clupload ! appsink name=device
 *                              tee ! queue ! appsink name=host
 *   sink:   appsrc name=src ! cldownload ! appsink name=out
 *
 * The host branch is there to check the result: every frame out of the
 * second pipeline is compared with the inverted frame of the first, and
 * the program exits 1 on a difference.
 *
 * usage: kernel-app [--frames N] [--width W] [--height H]
 */
#include <gst/gst.h>
#include <gst/app/app.h>
#include <gst/video/video.h>
#include <gst/opencl/opencl.h>

static const gchar *invert_source =
    "__kernel void invert (__global const uchar * src, int src_offset,\n"
    "    int src_stride, __global uchar * dst, int dst_offset,\n"
    "    int dst_stride, int width, int height)\n"
    "{\n"
    "  int x = get_global_id (0), y = get_global_id (1);\n"
    "  if (x >= width || y >= height)\n"
    "    return;\n"
    "  uchar4 p = vload4 (0, src + src_offset + y * src_stride + 4 * x);\n"
    "  vstore4 ((uchar4) (255 - p.x, 255 - p.y, 255 - p.z, p.w), 0,\n"
    "      dst + dst_offset + y * dst_stride + 4 * x);\n" "}\n";

typedef struct
{
  GstCLContext *context;
  cl_kernel kernel;
  GstBufferPool *pool;
  GstVideoInfo info;
} Inverter;

static gboolean
inverter_init (Inverter * inv, GstCLContext * context,
    const GstVideoInfo * info, GError ** error)
{
  const gchar *sources[] = { invert_source, NULL };
  GstCaps *caps = gst_video_info_to_caps (info);
  GstStructure *config;
  cl_program program;

  inv->context = context;
  inv->info = *info;
  program = gst_cl_context_get_program (context, "kernel-app-invert",
      sources, "", error);
  if (program == NULL)
    return FALSE;
  inv->kernel = gst_cl_context_create_kernel (context, program, "invert",
      error);
  if (inv->kernel == NULL)
    return FALSE;

  /* Output frames in OpenCL memory of the shared context, with video metas
   * laying out their planes for kernels. */
  gst_caps_set_features_simple (caps,
      gst_caps_features_new_single (GST_CAPS_FEATURE_MEMORY_CL_MEMORY));
  inv->pool = gst_cl_buffer_pool_new (context);
  config = gst_buffer_pool_get_config (inv->pool);
  gst_buffer_pool_config_set_params (config, caps, info->size, 2, 0);
  gst_buffer_pool_config_add_option (config,
      GST_BUFFER_POOL_OPTION_VIDEO_META);
  gst_caps_unref (caps);
  if (!gst_buffer_pool_set_config (inv->pool, config)
      || !gst_buffer_pool_set_active (inv->pool, TRUE)) {
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_FAILED,
        "Could not set up the output pool");
    return FALSE;
  }
  return TRUE;
}

static void
inverter_clear (Inverter * inv)
{
  if (inv->pool) {
    gst_buffer_pool_set_active (inv->pool, FALSE);
    gst_object_unref (inv->pool);
  }
  gst_cl_clear_kernel (inv->context, &inv->kernel);
}

/* The cl_mem of @buffer's only memory (mapped into @map with GST_MAP_CL)
 * and where its one plane lies in it. */
static gboolean
map_plane (GstBuffer * buffer, const GstVideoInfo * info, GstMapFlags flags,
    GstMapInfo * map, cl_int * offset, cl_int * stride, GError ** error)
{
  GstMemory *mem = gst_buffer_peek_memory (buffer, 0);
  gsize plane_offset, plane_stride;

  if (!gst_cl_buffer_get_plane (buffer, info, 0, &plane_offset,
          &plane_stride, error))
    return FALSE;
  if (!gst_memory_map (mem, map, flags | GST_MAP_CL)) {
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_FAILED,
        "Could not map a frame for OpenCL");
    return FALSE;
  }
  *offset = (cl_int) plane_offset;
  *stride = (cl_int) plane_stride;
  return TRUE;
}

/* A new frame in OpenCL memory: @in's, inverted on the device. */
static GstBuffer *
inverter_run (Inverter * inv, GstBuffer * in, GError ** error)
{
  GstBuffer *out = NULL;
  GstMemory *in_mem = gst_buffer_peek_memory (in, 0);
  GstMapInfo in_map, out_map;
  cl_int in_offset, in_stride, out_offset, out_stride;
  cl_int width = GST_VIDEO_INFO_WIDTH (&inv->info);
  cl_int height = GST_VIDEO_INFO_HEIGHT (&inv->info);
  cl_kernel k = inv->kernel;
  gboolean ok;

  if (!gst_cl_buffer_is_on_context (in, inv->context)) {
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_FAILED,
        "The frame is not in OpenCL memory of the shared context");
    return NULL;
  }
  if (gst_buffer_pool_acquire_buffer (inv->pool, &out, NULL) != GST_FLOW_OK) {
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_FAILED, "No output frame");
    return NULL;
  }
  if (!map_plane (in, &inv->info, GST_MAP_READ, &in_map, &in_offset,
          &in_stride, error)) {
    gst_buffer_unref (out);
    return NULL;
  }
  if (!map_plane (out, &inv->info, GST_MAP_WRITE, &out_map, &out_offset,
          &out_stride, error)) {
    gst_memory_unmap (in_mem, &in_map);
    gst_buffer_unref (out);
    return NULL;
  }

  /* The input's last write (clupload's) comes first on the shared queue;
   * a queue of the application's own would wait for it like this. */
  ok = gst_cl_memory_enqueue_wait (in_mem,
      gst_cl_context_get_queue (inv->context), error);
  clSetKernelArg (k, 0, sizeof (cl_mem), &in_map.data);
  clSetKernelArg (k, 1, sizeof (cl_int), &in_offset);
  clSetKernelArg (k, 2, sizeof (cl_int), &in_stride);
  clSetKernelArg (k, 3, sizeof (cl_mem), &out_map.data);
  clSetKernelArg (k, 4, sizeof (cl_int), &out_offset);
  clSetKernelArg (k, 5, sizeof (cl_int), &out_stride);
  clSetKernelArg (k, 6, sizeof (cl_int), &width);
  clSetKernelArg (k, 7, sizeof (cl_int), &height);
  ok = ok && gst_cl_context_enqueue_2d (inv->context, k, width, height, error)
      /* so that whoever takes the frame on can wait for the kernel */
      && gst_cl_memory_record_write (gst_buffer_peek_memory (out, 0), error);
  gst_memory_unmap (gst_buffer_peek_memory (out, 0), &out_map);
  gst_memory_unmap (in_mem, &in_map);
  if (!ok)
    g_clear_pointer (&out, gst_buffer_unref);
  else
    gst_buffer_copy_into (out, in, GST_BUFFER_COPY_TIMESTAMPS, 0, -1);
  return out;
}

/* Whether @out (system memory) holds @host's pixels inverted, alpha kept. */
static gboolean
is_inverted (const GstVideoInfo * info, GstBuffer * host, GstBuffer * out)
{
  GstVideoFrame a, b;
  gboolean same = TRUE;

  if (!gst_video_frame_map (&a, (GstVideoInfo *) info, host, GST_MAP_READ))
    return FALSE;
  if (!gst_video_frame_map (&b, (GstVideoInfo *) info, out, GST_MAP_READ)) {
    gst_video_frame_unmap (&a);
    return FALSE;
  }
  for (gint y = 0; y < info->height && same; y++) {
    const guint8 *pa = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&a, 0) +
        y * GST_VIDEO_FRAME_PLANE_STRIDE (&a, 0);
    const guint8 *pb = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&b, 0) +
        y * GST_VIDEO_FRAME_PLANE_STRIDE (&b, 0);

    for (gint i = 0; i < 4 * info->width && same; i++)
      same = pb[i] == (i % 4 == 3 ? pa[i] : 255 - pa[i]);
    if (!same)
      g_printerr ("row %d differs\n", y);
  }
  gst_video_frame_unmap (&b);
  gst_video_frame_unmap (&a);
  return same;
}

static GstElement *
by_name (GstElement * bin, const gchar * name)
{
  GstElement *e = gst_bin_get_by_name (GST_BIN (bin), name);

  g_assert (e != NULL);
  gst_object_unref (e);         /* the bin keeps it */
  return e;
}

/* The first error message on @pipeline's bus, if any, printed. */
static gboolean
report_error (GstElement * pipeline)
{
  GstBus *bus = gst_element_get_bus (pipeline);
  GstMessage *msg = gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  GError *error = NULL;
  gchar *debug = NULL;

  gst_object_unref (bus);
  if (msg == NULL)
    return FALSE;
  gst_message_parse_error (msg, &error, &debug);
  g_printerr ("%s: %s\n%s\n", GST_OBJECT_NAME (msg->src), error->message,
      debug ? debug : "");
  g_clear_error (&error);
  g_free (debug);
  gst_message_unref (msg);
  return TRUE;
}

static GstCLContext *
open_context (GError ** error)
{
  const GstCLDeviceInfo *device = gst_cl_device_select (NULL, error);

  return device ? gst_cl_context_new (device, error) : NULL;
}

int
main (int argc, char **argv)
{
  gint frames = 10, width = 320, height = 240;
  GOptionEntry entries[] = {
    {"frames", 0, 0, G_OPTION_ARG_INT, &frames, "Frames to run", "N"},
    {"width", 0, 0, G_OPTION_ARG_INT, &width, "Frame width", "W"},
    {"height", 0, 0, G_OPTION_ARG_INT, &height, "Frame height", "H"},
    {NULL}
  };
  GOptionContext *options = g_option_context_new (NULL);
  GError *error = NULL;
  GstCLContext *context;
  GstContext *shared;
  GstElement *source, *sink;
  GstAppSink *device_sink, *host_sink, *out_sink;
  GstAppSrc *src;
  GstVideoInfo info;
  Inverter inv = { NULL, };
  gchar *desc;
  gint checked = 0, status = 1;

  g_option_context_add_group (options, gst_init_get_option_group ());
  g_option_context_add_main_entries (options, entries, NULL);
  if (!g_option_context_parse (options, &argc, &argv, &error)) {
    g_printerr ("%s\n", error->message);
    return 2;
  }
  g_option_context_free (options);

  if ((context = open_context (&error)) == NULL) {
    g_printerr ("No OpenCL context: %s\n", error->message);
    return 1;
  }
  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_RGBA, width, height);

  desc = g_strdup_printf ("videotestsrc num-buffers=%d pattern=smpte ! "
      "video/x-raw,format=RGBA,width=%d,height=%d,framerate=30/1 ! "
      "tee name=t ! queue ! clupload ! video/x-raw(memory:OpenCLMemory) ! "
      "appsink name=device sync=false "
      "t. ! queue ! appsink name=host sync=false", frames, width, height);
  source = gst_parse_launch (desc, &error);
  g_free (desc);
  g_assert_no_error (error);
  desc = g_strdup_printf ("appsrc name=src format=time "
      "caps=video/x-raw(memory:OpenCLMemory),format=RGBA,width=%d,height=%d,"
      "framerate=30/1 ! cldownload ! video/x-raw,format=RGBA ! "
      "appsink name=out sync=false", width, height);
  sink = gst_parse_launch (desc, &error);
  g_free (desc);
  g_assert_no_error (error);

  /* Both pipelines' cl elements take the application's context. */
  shared = gst_context_new_cl_context (context);
  gst_element_set_context (source, shared);
  gst_element_set_context (sink, shared);
  gst_context_unref (shared);

  device_sink = GST_APP_SINK (by_name (source, "device"));
  host_sink = GST_APP_SINK (by_name (source, "host"));
  out_sink = GST_APP_SINK (by_name (sink, "out"));
  src = GST_APP_SRC (by_name (sink, "src"));

  if (!inverter_init (&inv, context, &info, &error)) {
    g_printerr ("%s\n", error->message);
    goto done;
  }
  gst_element_set_state (sink, GST_STATE_PLAYING);
  gst_element_set_state (source, GST_STATE_PLAYING);

  for (;;) {
    GstSample *on_device = gst_app_sink_pull_sample (device_sink);
    GstSample *on_host, *result;
    GstBuffer *inverted;

    if (on_device == NULL)
      break;
    inverted = inverter_run (&inv, gst_sample_get_buffer (on_device), &error);
    gst_sample_unref (on_device);
    if (inverted == NULL) {
      g_printerr ("%s\n", error->message);
      goto done;
    }
    gst_app_src_push_buffer (src, inverted);
    on_host = gst_app_sink_pull_sample (host_sink);
    result = gst_app_sink_pull_sample (out_sink);
    if (on_host == NULL || result == NULL) {
      g_printerr ("a frame went missing\n");
      goto done;
    }
    if (!is_inverted (&info, gst_sample_get_buffer (on_host),
            gst_sample_get_buffer (result))) {
      g_printerr ("frame %d is not the inverted input\n", checked);
      goto done;
    }
    gst_sample_unref (on_host);
    gst_sample_unref (result);
    checked++;
  }
  gst_app_src_end_of_stream (src);
  if (checked == frames && !report_error (source) && !report_error (sink)) {
    g_print ("%d frames inverted on %s\n", checked,
        gst_cl_context_get_device (context)->device_name);
    status = 0;
  } else {
    g_printerr ("%d of %d frames\n", checked, frames);
  }

done:
  report_error (source);
  report_error (sink);
  gst_element_set_state (source, GST_STATE_NULL);
  gst_element_set_state (sink, GST_STATE_NULL);
  inverter_clear (&inv);
  gst_object_unref (source);
  gst_object_unref (sink);
  gst_object_unref (context);
  return status;
}
