/* gst-opencl benchmark
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Measurements. Every case of a workload runs in a GstHarness fed with
 * input frames made once, so no source's cost is in the figure; after a
 * warm-up (caps, device, kernel builds) each run times N frames pushed and
 * pulled one by one. The runs of the cases are interleaved, so slow drifts
 * of the machine hit them all alike. The floor of one of our cases is the
 * upload of its input and the download of its output through the same
 * GstCLFrame calls the element's base class makes, with no kernel between.
 *
 * The copy of one of our cases is a device-to-device copy of the same
 * bytes as its input and output frames, timed on the device with
 * profiling events: one clEnqueueCopyBuffer of the input frame's size and
 * one of the output frame's size, between buffers of the device. It reads
 * and writes one input and one output frame, twice the traffic of a
 * kernel that reads its input once and writes its output once, so a
 * kernel/copy of 0.5 would be a kernel moving its frames as fast as the
 * device copies memory.
 */
#include "bench.h"

#include <gst/base/gstbasetransform.h>
#include <gst/check/gstharness.h>
#include <math.h>
#include <string.h>

#include "gstclfilter.h"
#include <gst/opencl/gstclpinned.h>

/* ---- the device of the floor ---- */

const gchar *
bench_storage_name (GstCLStorage storage)
{
  switch (storage) {
    case GST_CL_STORAGE_IMAGE:
      return "image";
    case GST_CL_STORAGE_BUFFER:
      return "buffer";
    default:
      return "auto";
  }
}

static gchar *
device_version (const GstCLDeviceInfo * info)
{
  gchar version[256] = "";

  clGetDeviceInfo (info->device, CL_DEVICE_VERSION, sizeof (version) - 1,
      version, NULL);
  return g_strdup (g_strstrip (version));
}

static cl_command_queue
profiling_queue (const BenchDevice * device, GError ** error)
{
  cl_int status;
  cl_command_queue queue =
      clCreateCommandQueue (gst_cl_context_get_cl_context (device->context),
      device->info->device, CL_QUEUE_PROFILING_ENABLE, &status);

  if (!gst_cl_check (status, error, "Creating a profiling queue"))
    return NULL;
  return queue;
}

/* Our elements time their kernels, and post each frame's time, where the
 * clprofile category (which selecting a device registers) logs DEBUG or
 * more when their context is made. */
static void
enable_kernel_profiling (void)
{
  GST_DEBUG_CATEGORY_STATIC (profile);

  GST_DEBUG_CATEGORY_GET (profile, "clprofile");
  if (profile && gst_debug_category_get_threshold (profile) < GST_LEVEL_DEBUG)
    gst_debug_category_set_threshold (profile, GST_LEVEL_DEBUG);
}

void
bench_device_open (BenchDevice * device, const BenchSettings * settings)
{
  GError *error = NULL;

  memset (device, 0, sizeof (*device));
  device->info = gst_cl_device_select (settings->device, &error);
  if (device->info == NULL)
    goto failed;
  device->storage = settings->storage;
  device->version = device_version (device->info);
  enable_kernel_profiling ();
  device->context = gst_cl_context_new (device->info, &error);
  if (device->context == NULL)
    goto failed;
  if (!device->info->host_unified)
    device->host_allocator = gst_cl_pinned_allocator_new (device->context);
  device->copy_queue = profiling_queue (device, &error);
  if (device->copy_queue == NULL) {
    device->copy_error = g_strdup (error->message);
    g_clear_error (&error);
  }
  return;

failed:
  device->error = g_strdup (error->message);
  g_clear_error (&error);
}

void
bench_device_close (BenchDevice * device)
{
  if (device->copy_queue)
    clReleaseCommandQueue (device->copy_queue);
  device->copy_queue = NULL;
  g_clear_pointer (&device->copy_error, g_free);
  gst_clear_object (&device->host_allocator);
  gst_clear_object (&device->context);
  g_clear_pointer (&device->error, g_free);
  g_clear_pointer (&device->version, g_free);
}

/* ---- input frames, made once per workload ---- */

static gchar *
frame_key (const GstVideoInfo * info, GstAllocator * allocator)
{
  return g_strdup_printf ("%s %dx%d %s", GST_VIDEO_INFO_NAME (info),
      GST_VIDEO_INFO_WIDTH (info), GST_VIDEO_INFO_HEIGHT (info),
      allocator ? GST_OBJECT_NAME (allocator) : "system memory");
}

/* Noise: no kernel here depends on the content, but no plane is constant
 * either. */
static GstBuffer *
make_frame (const GstVideoInfo * info, GstAllocator * allocator)
{
  GstBuffer *buffer = gst_buffer_new_allocate (allocator, info->size, NULL);
  GstMapInfo map;
  guint32 state = 0x9e3779b9;

  gst_buffer_map (buffer, &map, GST_MAP_WRITE);
  for (gsize i = 0; i + 4 <= map.size; i += 4) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    memcpy (map.data + i, &state, 4);
  }
  gst_buffer_unmap (buffer, &map);
  return buffer;
}

static GstBuffer *
frame_for (GHashTable * frames, const GstVideoInfo * info,
    GstAllocator * allocator)
{
  gchar *key = frame_key (info, allocator);
  GstBuffer *frame = g_hash_table_lookup (frames, key);

  if (frame == NULL) {
    frame = make_frame (info, allocator);
    g_hash_table_insert (frames, key, frame);
  } else {
    g_free (key);
  }
  return frame;
}

/* ---- one case in a harness ---- */

typedef struct
{
  BenchResult *result;
  BenchGeometry geometry;
  GstHarness *h;
  GstBus *bus;
  GstBuffer *input;             /* the shared frame */
  /* An in-place first element writes into its input: it gets a writable
   * frame of its own, which goes round, rather than a copy per push. */
  gboolean in_place;
  GstBuffer *recycled;
  GstCLStorage storage;         /* where its first element keeps frames */
} Runner;

static void
configure_ours (GstBin * bin, const BenchSettings * settings)
{
  GstIterator *it = gst_bin_iterate_recurse (bin);
  GValue item = G_VALUE_INIT;

  while (gst_iterator_next (it, &item) == GST_ITERATOR_OK) {
    GObject *element = g_value_get_object (&item);

    if (G_TYPE_CHECK_INSTANCE_TYPE (element, GST_TYPE_CL_FILTER)) {
      if (settings->device)
        g_object_set (element, "device", settings->device, NULL);
      g_object_set (element, "storage", settings->storage, NULL);
    }
    g_value_reset (&item);
  }
  g_value_unset (&item);
  gst_iterator_free (it);
}

/* Our options as they would be written on a gst-launch line. */
static gchar *
pipeline_as_run (const BenchCase * c, const BenchSettings * settings)
{
  gchar *pipeline = bench_case_pipeline (c);
  gchar **stages, *joined;

  if (c->role != BENCH_ROLE_OURS)
    return pipeline;
  stages = g_strsplit (pipeline, " ! ", -1);
  for (guint i = 0; stages[i]; i++) {
    gchar *stage = stages[i];

    stages[i] = g_strdup_printf ("%s%s%s storage=%s", stage,
        settings->device ? " device=" : "",
        settings->device ? settings->device : "",
        bench_storage_name (settings->storage));
    g_free (stage);
  }
  joined = g_strjoinv (" ! ", stages);
  g_strfreev (stages);
  g_free (pipeline);
  return joined;
}

/* The element behind @bin's sink pad, or NULL (transfer full). */
static GstElement *
first_element (GstElement * bin)
{
  GstPad *ghost = gst_element_get_static_pad (bin, "sink");
  GstPad *target = gst_ghost_pad_get_target (GST_GHOST_PAD (ghost));
  GstElement *first = target ? gst_pad_get_parent_element (target) : NULL;

  gst_clear_object (&target);
  gst_object_unref (ghost);
  return first;
}

static gboolean
first_element_in_place (GstElement * bin)
{
  GstElement *first = first_element (bin);
  gboolean in_place = first && GST_IS_BASE_TRANSFORM (first)
      && gst_base_transform_is_in_place (GST_BASE_TRANSFORM (first));

  gst_clear_object (&first);
  return in_place;
}

/* Where the first element of @r, warmed up, keeps its frames; the storage
 * auto takes on @device if it is not ours. */
static GstCLStorage
runner_storage (Runner * r, const BenchDevice * device)
{
  GstElement *first = first_element (r->h->element);
  GstCLStorage storage = first && GST_IS_CL_FILTER (first) ?
      gst_cl_filter_get_storage (GST_CL_FILTER (first)) :
      gst_cl_choose_storage (device->storage, device->info, &r->geometry.in,
      &r->geometry.out);

  gst_clear_object (&first);
  return storage;
}

static GstCaps *
sink_caps_for (const GstVideoInfo * out)
{
  return gst_caps_new_simple ("video/x-raw",
      "format", G_TYPE_STRING, GST_VIDEO_INFO_NAME (out),
      "width", G_TYPE_INT, GST_VIDEO_INFO_WIDTH (out),
      "height", G_TYPE_INT, GST_VIDEO_INFO_HEIGHT (out), NULL);
}

/* The element's own words for a failure, from the bus, where it posted
 * any; else @what. */
static void
set_bus_error (Runner * r, const gchar * what, GError ** error)
{
  GstMessage *msg = gst_bus_pop_filtered (r->bus, GST_MESSAGE_ERROR);

  if (msg) {
    gst_message_parse_error (msg, error, NULL);
    gst_message_unref (msg);
    return;
  }
  g_set_error_literal (error, GST_CORE_ERROR, GST_CORE_ERROR_FAILED, what);
}

static void
set_flow_error (Runner * r, GstFlowReturn flow, GError ** error)
{
  gchar *what = g_strdup_printf ("pushing a frame returned %s%s",
      gst_flow_get_name (flow), flow == GST_FLOW_NOT_NEGOTIATED ?
      " (the pipeline refused these caps)" : "");

  set_bus_error (r, what, error);
  g_free (what);
}

static gboolean
runner_start (Runner * r, const BenchSettings * settings, GError ** error)
{
  gchar *pipeline = bench_case_pipeline (r->result->c);
  GstElement *bin;
  GstCaps *caps;

  bin = gst_parse_bin_from_description_full (pipeline, TRUE, NULL,
      GST_PARSE_FLAG_FATAL_ERRORS, error);
  g_free (pipeline);
  if (bin == NULL)
    return FALSE;
  gst_object_ref_sink (bin);
  configure_ours (GST_BIN (bin), settings);
  r->in_place = first_element_in_place (bin);
  r->bus = gst_bus_new ();
  gst_element_set_bus (bin, r->bus);

  /* Our elements open their device here: a failure is the case's result,
   * where the harness would abort. */
  if (gst_element_set_state (bin,
          GST_STATE_READY) == GST_STATE_CHANGE_FAILURE) {
    set_bus_error (r, "the pipeline could not start", error);
    gst_element_set_state (bin, GST_STATE_NULL);
    gst_object_unref (bin);
    return FALSE;
  }
  r->h = gst_harness_new_with_element (bin, "sink", "src");
  gst_object_unref (bin);
  caps = gst_video_info_to_caps (&r->geometry.in);
  gst_harness_set_src_caps (r->h, caps);
  gst_harness_set_sink_caps (r->h, sink_caps_for (&r->geometry.out));
  if (r->in_place) {
    g_printerr ("  %s works in place: it gets a writable frame of its own\n",
        r->result->c->id);
    r->recycled = gst_buffer_copy_deep (r->input);
  }
  return TRUE;
}

static void
runner_stop (Runner * r)
{
  if (r->h)
    gst_harness_teardown (r->h);
  r->h = NULL;
  gst_clear_object (&r->bus);
  gst_clear_buffer (&r->recycled);
}

static gboolean
runner_push_pull (Runner * r, GError ** error)
{
  GstBuffer *in = r->recycled ? g_steal_pointer (&r->recycled) :
      gst_buffer_ref (r->input);
  GstFlowReturn flow = gst_harness_push (r->h, in);
  GstBuffer *out;

  if (flow != GST_FLOW_OK) {
    set_flow_error (r, flow, error);
    return FALSE;
  }
  out = gst_harness_try_pull (r->h);
  if (out == NULL) {
    g_set_error (error, GST_CORE_ERROR, GST_CORE_ERROR_FAILED,
        "the element gave no frame back");
    return FALSE;
  }
  if (r->in_place && out == in && gst_buffer_is_writable (out))
    r->recycled = out;
  else
    gst_buffer_unref (out);
  return TRUE;
}

/* The device time of our kernels since the last call, from the elements'
 * "gst-cl-profile" messages (posted with kernel profiling on:
 * enable_kernel_profiling () in bench.c). */
static gdouble
runner_take_kernel_time (Runner * r)
{
  GstMessage *msg;
  gdouble total = 0;

  while ((msg = gst_bus_pop_filtered (r->bus, GST_MESSAGE_ELEMENT))) {
    const GstStructure *s = gst_message_get_structure (msg);
    gdouble ms;

    if (gst_structure_has_name (s, "gst-cl-profile")
        && gst_structure_get_double (s, "kernel-ms", &ms))
      total += ms;
    gst_message_unref (msg);
  }
  return total;
}

/* Milliseconds per frame over @n frames, wall and (profiled) kernels. */
static gboolean
runner_time (Runner * r, gint n, gdouble * ms, gdouble * kernel_ms,
    GError ** error)
{
  gint64 start;

  runner_take_kernel_time (r);
  start = g_get_monotonic_time ();
  for (gint i = 0; i < n; i++)
    if (!runner_push_pull (r, error))
      return FALSE;
  *ms = (g_get_monotonic_time () - start) / 1000.0 / n;
  *kernel_ms = runner_take_kernel_time (r) / n;
  return TRUE;
}

static gboolean
runner_warm_up (Runner * r, gint frames, GError ** error)
{
  gdouble rest, kernel_ms;

  return runner_time (r, 1, &r->result->first_ms, &kernel_ms, error)
      && (frames <= 1
      || runner_time (r, frames - 1, &rest, &kernel_ms, error));
}

/* ---- the floor: upload + download, no kernel ---- */

typedef struct
{
  GstCLContext *context;
  GstCLFrame in;
  GstCLFrame out;
  GstVideoInfo in_info;
  GstBuffer *input;
  GstBufferPool *upload_pool;
  GstCLStaging *staging;
  GstVideoFrame host_out;
  GstBuffer *out_buffer;
  gdouble *run_ms;
} Floor;

static gchar *
geometry_key (const BenchGeometry * g)
{
  return g_strdup_printf ("%s %dx%d -> %s %dx%d", GST_VIDEO_INFO_NAME (&g->in),
      g->in.width, g->in.height, GST_VIDEO_INFO_NAME (&g->out), g->out.width,
      g->out.height);
}

static void
floor_free (gpointer data)
{
  Floor *f = data;

  if (f->host_out.buffer)
    gst_video_frame_unmap (&f->host_out);
  gst_clear_buffer (&f->out_buffer);
  gst_clear_buffer (&f->input);
  if (f->upload_pool) {
    gst_buffer_pool_set_active (f->upload_pool, FALSE);
    gst_object_unref (f->upload_pool);
  }
  g_clear_pointer (&f->staging, gst_cl_staging_free);
  gst_cl_frame_release (&f->in);
  gst_cl_frame_release (&f->out);
  g_free (f->run_ms);
  g_free (f);
}

/* The key of a floor: its geometry and storage. */
static gchar *
floor_key (const BenchGeometry * g, GstCLStorage storage)
{
  gchar *geometry = geometry_key (g);
  gchar *key = g_strdup_printf ("%s in %ss", geometry,
      bench_storage_name (storage));

  g_free (geometry);
  return key;
}

/* Why this geometry has no floor on @device with frames in @memory, or
 * %NULL. */
static gchar *
floor_impossible (const BenchGeometry * g, const BenchDevice * device,
    GstCLStorage storage)
{
  const GstVideoInfo *infos[] = { &g->in, &g->out };

  if (device->context == NULL)
    return g_strdup_printf ("no OpenCL device: %s", device->error);
  if (storage == GST_CL_STORAGE_IMAGE && !device->info->image_support)
    return g_strdup_printf ("%s has no image support",
        device->info->device_name);
  for (guint i = 0; i < G_N_ELEMENTS (infos); i++)
    if (!gst_cl_format_supported (GST_VIDEO_INFO_FORMAT (infos[i]),
            storage, device->info))
      return g_strdup_printf ("%s cannot hold %s frames in %ss",
          device->info->device_name, GST_VIDEO_INFO_NAME (infos[i]),
          bench_storage_name (storage));
  return NULL;
}

static Floor *
floor_new (const BenchGeometry * g, GstCLStorage storage, GstBuffer * input,
    BenchDevice * device, gint runs, GError ** error)
{
  Floor *f = g_new0 (Floor, 1);

  f->context = device->context;
  f->run_ms = g_new0 (gdouble, runs);
  f->out_buffer = gst_buffer_new_allocate (device->host_allocator,
      g->out.size, NULL);
  f->in_info = g->in;
  f->input = gst_buffer_ref (input);
  if (!gst_video_frame_map (&f->host_out, &g->out, f->out_buffer,
          GST_MAP_WRITE)) {
    g_set_error (error, GST_CORE_ERROR, GST_CORE_ERROR_FAILED,
        "could not map the host frames");
    floor_free (f);
    return NULL;
  }
  if (!gst_cl_frame_setup (&f->in, device->context, &g->in, storage, error)
      || !gst_cl_frame_setup (&f->out, device->context, &g->out, storage,
          error)) {
    floor_free (f);
    return NULL;
  }
  return f;
}

/* What GstCLFilter does around its kernels: the output attached, the
 * input uploaded (gst_cl_frame_upload ()) and attached, then a blocking
 * download, which waits for the upload on the in-order queue; in place on
 * CPU devices, copies on GPUs. */
static gboolean
floor_time (Floor * f, gint n, gdouble * ms, GError ** error)
{
  gint64 start = g_get_monotonic_time ();
  gboolean ok = TRUE;

  for (gint i = 0; i < n && ok; i++) {
    gboolean in_place;
    GstBuffer *in;

    in = gst_cl_frame_upload (&f->in, &f->in_info, f->input, &f->upload_pool,
        &f->staging, &in_place, error);
    ok = in && gst_cl_frame_attach (&f->out, f->context, &f->host_out, error)
        && gst_cl_frame_attach_buffer (&f->in, in, &f->in_info, NULL, 0,
        1, TRUE, error)
        && gst_cl_frame_download (&f->out, f->context, &f->host_out, error);
    gst_cl_frame_detach (&f->in);
    gst_cl_frame_detach (&f->out);
    gst_clear_buffer (&in);
  }
  *ms = (g_get_monotonic_time () - start) / 1000.0 / n;
  return ok;
}

/* ---- the copy: device to device, no kernel ---- */

/* Copies timed per run; the run's figure is their median. */
#define COPY_REPEATS 5

typedef struct
{
  GstCLContext *context;
  cl_command_queue queue;       /* the device's profiling queue */
  gsize size[2];                /* the input frame's, the output frame's */
  cl_mem src[2];
  cl_mem dst[2];
  gdouble *run_ms;
} Copy;

static void
copy_free (gpointer data)
{
  Copy *c = data;

  for (guint i = 0; i < G_N_ELEMENTS (c->size); i++) {
    gst_cl_clear_mem (c->context, &c->src[i]);
    gst_cl_clear_mem (c->context, &c->dst[i]);
  }
  g_free (c->run_ms);
  g_free (c);
}

/* A device buffer of @size bytes, filled so that no copy pays for its
 * first touch. */
static cl_mem
copy_buffer (Copy * c, gsize size, guint8 pattern, GError ** error)
{
  cl_mem mem = gst_cl_context_create_buffer (c->context, CL_MEM_READ_WRITE,
      size, NULL, error);

  if (mem && !gst_cl_check (clEnqueueFillBuffer (c->queue, mem, &pattern,
              sizeof (pattern), 0, size, 0, NULL, NULL), error,
          "Filling a device buffer"))
    gst_cl_clear_mem (c->context, &mem);
  return mem;
}

static Copy *
copy_new (const BenchGeometry * g, BenchDevice * device, gint runs,
    GError ** error)
{
  Copy *c = g_new0 (Copy, 1);
  gboolean ok = TRUE;

  c->context = device->context;
  c->queue = device->copy_queue;
  c->run_ms = g_new0 (gdouble, runs);
  c->size[0] = g->in.size;
  c->size[1] = g->out.size;
  for (guint i = 0; i < G_N_ELEMENTS (c->size) && ok; i++) {
    c->src[i] = copy_buffer (c, c->size[i], 0x5a, error);
    c->dst[i] = c->src[i] ? copy_buffer (c, c->size[i], 0, error) : NULL;
    ok = c->dst[i] != NULL;
  }
  if (!ok || !gst_cl_check (clFinish (c->queue), error,
          "Filling device buffers")) {
    copy_free (c);
    return NULL;
  }
  return c;
}

static gdouble
event_ms (cl_event event)
{
  cl_ulong start = 0, end = 0;

  clGetEventProfilingInfo (event, CL_PROFILING_COMMAND_START,
      sizeof (start), &start, NULL);
  clGetEventProfilingInfo (event, CL_PROFILING_COMMAND_END, sizeof (end),
      &end, NULL);
  return (end - start) / 1e6;
}

/* One copy of each size; @ms is their device time together. */
static gboolean
copy_once (Copy * c, gdouble * ms, GError ** error)
{
  cl_event events[G_N_ELEMENTS (c->size)] = { NULL };
  cl_int status = CL_SUCCESS;

  *ms = 0;
  for (guint i = 0; i < G_N_ELEMENTS (events) && status == CL_SUCCESS; i++)
    status = clEnqueueCopyBuffer (c->queue, c->src[i], c->dst[i], 0, 0,
        c->size[i], 0, NULL, &events[i]);
  if (status == CL_SUCCESS)
    status = clWaitForEvents (G_N_ELEMENTS (events), events);
  for (guint i = 0; i < G_N_ELEMENTS (events); i++) {
    if (events[i] == NULL)
      continue;
    if (status == CL_SUCCESS)
      *ms += event_ms (events[i]);
    clReleaseEvent (events[i]);
  }
  return gst_cl_check (status, error, "Copying between device buffers");
}

/* The median device time of @n copies. */
static gboolean
copy_time (Copy * c, gint n, gdouble * ms, GError ** error)
{
  gdouble *times = g_new (gdouble, n);
  gboolean ok = TRUE;

  for (gint i = 0; i < n && ok; i++)
    ok = copy_once (c, &times[i], error);
  if (ok)
    *ms = bench_median (times, n);
  g_free (times);
  return ok;
}

/* ---- a workload ---- */

gdouble
bench_median (const gdouble * values, gint n)
{
  gdouble *sorted;
  gdouble median;

  if (n <= 0)
    return NAN;
  sorted = g_memdup2 (values, sizeof (gdouble) * n);
  for (gint i = 1; i < n; i++)
    for (gint j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
      gdouble t = sorted[j];
      sorted[j] = sorted[j - 1];
      sorted[j - 1] = t;
    }
  median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  g_free (sorted);
  return median;
}

static void
result_fail (BenchResult * r, BenchStatus status, GError * error)
{
  r->status = status;
  g_free (r->message);
  r->message = g_strdup (error->message);
  g_error_free (error);
}

/* Marks the cases whose elements are missing; FALSE when none of ours is
 * there, and then @reason says which is missing. */
static gboolean
check_elements (BenchWorkloadResult * wr, gchar ** reason)
{
  gboolean ours_available = FALSE;

  for (guint i = 0; i < wr->n_results; i++) {
    BenchResult *r = &wr->results[i];
    gchar *missing = bench_case_missing_element (r->c);

    if (missing == NULL) {
      ours_available |= r->c->role == BENCH_ROLE_OURS;
      continue;
    }
    r->status = BENCH_STATUS_UNAVAILABLE;
    r->message = g_strdup_printf ("element not available: %s", missing);
    if (r->c->role == BENCH_ROLE_OURS && *reason == NULL)
      *reason = g_strdup (r->message);
    g_free (missing);
  }
  return ours_available;
}

static gboolean
is_single_element (const BenchCase * c)
{
  return strchr (c->pipeline, '!') == NULL;
}

/* The floor of @r, a measured single-element case of ours, in the
 * storage its element chose: shared by the cases of the same geometry and
 * storage. */
static void
prepare_floor (BenchResult * r, Runner * runner, BenchDevice * device,
    gint runs, GHashTable * floors)
{
  gchar *key, *why;
  GError *error = NULL;
  Floor *f;

  runner->storage = runner_storage (runner, device);
  key = floor_key (&runner->geometry, runner->storage);
  if (g_hash_table_contains (floors, key)) {
    g_free (key);
    return;
  }
  why = floor_impossible (&runner->geometry, device, runner->storage);
  if (why) {
    r->floor_message = why;
    g_free (key);
    return;
  }
  f = floor_new (&runner->geometry, runner->storage, runner->input, device,
      runs, &error);
  if (f && !floor_time (f, 2, &f->run_ms[0], &error))
    g_clear_pointer (&f, floor_free);
  if (f == NULL) {
    r->floor_message = g_strdup (error->message);
    g_clear_error (&error);
    g_free (key);
    return;
  }
  g_hash_table_insert (floors, key, f);
}

/* The device copy of @r, a measured case of ours, shared by the cases of
 * the same geometry. */
static void
prepare_copy (BenchResult * r, const BenchGeometry * g, BenchDevice * device,
    gint runs, GHashTable * copies)
{
  gchar *key = geometry_key (g);
  GError *error = NULL;
  Copy *c;

  if (g_hash_table_contains (copies, key)) {
    g_free (key);
    return;
  }
  if (device->copy_queue == NULL) {
    r->copy_message = device->context ? g_strdup (device->copy_error) :
        g_strdup_printf ("no OpenCL device: %s", device->error);
    g_free (key);
    return;
  }
  c = copy_new (g, device, runs, &error);
  if (c && !copy_time (c, 1, &c->run_ms[0], &error))
    g_clear_pointer (&c, copy_free);
  if (c == NULL) {
    r->copy_message = g_strdup (error->message);
    g_clear_error (&error);
    g_free (key);
    return;
  }
  g_hash_table_insert (copies, key, c);
}

/* The floors and copies the measured cases of ours need, one per
 * geometry. */
static void
prepare_references (BenchWorkloadResult * wr, Runner * runners,
    BenchDevice * device, gint runs, GHashTable * floors, GHashTable * copies)
{
  for (guint i = 0; i < wr->n_results; i++) {
    BenchResult *r = &wr->results[i];

    if (r->c->role != BENCH_ROLE_OURS || r->status != BENCH_STATUS_MEASURED)
      continue;
    if (is_single_element (r->c))
      prepare_floor (r, &runners[i], device, runs, floors);
    prepare_copy (r, &runners[i].geometry, device, runs, copies);
  }
}

static void
assign_references (BenchWorkloadResult * wr, Runner * runners,
    GHashTable * floors, GHashTable * copies, gint runs)
{
  for (guint i = 0; i < wr->n_results; i++) {
    BenchResult *r = &wr->results[i];
    gchar *key;
    Floor *f = NULL;
    Copy *c;

    if (r->c->role != BENCH_ROLE_OURS)
      continue;
    if (is_single_element (r->c)) {
      key = floor_key (&runners[i].geometry, runners[i].storage);
      f = g_hash_table_lookup (floors, key);
      g_free (key);
    }
    key = geometry_key (&runners[i].geometry);
    c = g_hash_table_lookup (copies, key);
    if (f) {
      r->has_floor = TRUE;
      r->floor_ms = bench_median (f->run_ms, runs);
    }
    if (c) {
      r->has_copy = TRUE;
      r->copy_ms = bench_median (c->run_ms, runs);
    }
    g_free (key);
  }
}

/* Where the device cannot hold the frames, the element's refusal is
 * expected: say why. */
static void
explain_failure (BenchResult * r, const BenchGeometry * geometry,
    const BenchDevice * device)
{
  gchar *why, *message;

  if (r->c->role != BENCH_ROLE_OURS || device->info == NULL)
    return;
  if ((why = floor_impossible (geometry, device,
              gst_cl_choose_storage (device->storage, device->info,
                  &geometry->in, &geometry->out))) == NULL)
    return;
  message = g_strdup_printf ("%s; %s", r->message, why);
  g_free (r->message);
  r->message = message;
  g_free (why);
}

/* Where @c's input frames live: ours in the memory our elements propose
 * upstream (pinned memory on discrete devices), the peers, CPU elements, in
 * system memory, as their upstream gives it to them. cvsmooth (OpenCV 4.6's
 * blur) reads 5,805 bytes past the end of a 1080p BGR frame
 * (AddressSanitizer: a heap-buffer-overflow in system memory too), which
 * in pinned memory whose mapping ends on that page faulted. */
static GstAllocator *
frame_allocator (const BenchCase * c, const BenchDevice * device)
{
  return c->role == BENCH_ROLE_OURS ? device->host_allocator : NULL;
}

static void
start_runners (BenchWorkloadResult * wr, Runner * runners,
    const BenchSettings * settings, const BenchDevice * device,
    GHashTable * frames)
{
  for (guint i = 0; i < wr->n_results; i++) {
    BenchResult *r = &wr->results[i];
    Runner *runner = &runners[i];
    GError *error = NULL;

    runner->result = r;
    r->pipeline = pipeline_as_run (r->c, settings);
    if (!bench_case_geometry (r->c, &runner->geometry)) {
      r->status = BENCH_STATUS_FAILED;
      r->message = g_strdup ("bad sizes or formats in the workload table");
      continue;
    }
    if (r->status != BENCH_STATUS_MEASURED)
      continue;
    runner->input = frame_for (frames, &runner->geometry.in,
        frame_allocator (r->c, device));
    g_printerr ("  warming up %s: %s\n", r->c->id, r->pipeline);
    if (!runner_start (runner, settings, &error)
        || !runner_warm_up (runner, settings->warmup, &error)) {
      result_fail (r, BENCH_STATUS_FAILED, error);
      explain_failure (r, &runner->geometry, device);
    }
    r->run_ms = g_new0 (gdouble, settings->runs);
    r->kernel_ms = g_new0 (gdouble, settings->runs);
  }
}

/* Times run @run of a floor or a copy, of @n frames or copies. */
typedef gboolean (*ReferenceRun) (gpointer reference, gint run, gint n,
    GError ** error);

static gboolean
floor_run (gpointer reference, gint run, gint n, GError ** error)
{
  Floor *f = reference;

  return floor_time (f, n, &f->run_ms[run], error);
}

static gboolean
copy_run (gpointer reference, gint run, gint n, GError ** error)
{
  Copy *c = reference;

  return copy_time (c, n, &c->run_ms[run], error);
}

/* Run @run of every floor or copy in @references; one that fails is
 * dropped. */
static void
time_references (GHashTable * references, ReferenceRun time_run, gint run,
    gint n, const gchar * what)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, references);
  while (g_hash_table_iter_next (&iter, NULL, &value)) {
    GError *error = NULL;

    if (!time_run (value, run, n, &error)) {
      g_printerr ("  %s failed: %s\n", what, error->message);
      g_clear_error (&error);
      g_hash_table_iter_remove (&iter);
    }
  }
}

static void
time_round (BenchWorkloadResult * wr, Runner * runners, GHashTable * floors,
    GHashTable * copies, const BenchSettings * settings, gint run)
{
  for (guint i = 0; i < wr->n_results; i++) {
    BenchResult *r = &wr->results[i];
    GError *error = NULL;

    if (r->status != BENCH_STATUS_MEASURED)
      continue;
    if (runner_time (&runners[i], settings->frames, &r->run_ms[run],
            &r->kernel_ms[run], &error))
      r->n_runs = run + 1;
    else
      result_fail (r, BENCH_STATUS_FAILED, error);
  }
  time_references (floors, floor_run, run, settings->frames, "floor");
  time_references (copies, copy_run, run, COPY_REPEATS, "copy");
}

void
bench_run_workload (const BenchWorkload * workload,
    const BenchSettings * settings, BenchDevice * device,
    BenchWorkloadResult * wr)
{
  GHashTable *frames = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
      (GDestroyNotify) gst_buffer_unref);
  GHashTable *floors = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
      floor_free);
  GHashTable *copies = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
      copy_free);
  Runner *runners;

  memset (wr, 0, sizeof (*wr));
  wr->workload = workload;
  wr->n_results = bench_workload_n_cases (workload);
  wr->results = g_new0 (BenchResult, wr->n_results);
  for (guint i = 0; i < wr->n_results; i++)
    wr->results[i].c = &workload->cases[i];

  if (!check_elements (wr, &wr->skip_reason)) {
    wr->skipped = TRUE;
    goto done;
  }

  runners = g_new0 (Runner, wr->n_results);
  start_runners (wr, runners, settings, device, frames);
  prepare_references (wr, runners, device, settings->runs, floors, copies);
  for (gint run = 0; run < settings->runs; run++) {
    g_printerr ("  run %d/%d\n", run + 1, settings->runs);
    time_round (wr, runners, floors, copies, settings, run);
  }
  for (guint i = 0; i < wr->n_results; i++) {
    BenchResult *r = &wr->results[i];

    if (r->status == BENCH_STATUS_MEASURED) {
      r->median_ms = bench_median (r->run_ms, r->n_runs);
      r->median_kernel_ms = bench_median (r->kernel_ms, r->n_runs);
    }
    runner_stop (&runners[i]);
  }
  assign_references (wr, runners, floors, copies, settings->runs);
  g_free (runners);

done:
  g_hash_table_unref (copies);
  g_hash_table_unref (floors);
  g_hash_table_unref (frames);
}

void
bench_workload_result_clear (BenchWorkloadResult * wr)
{
  for (guint i = 0; i < wr->n_results; i++) {
    BenchResult *r = &wr->results[i];

    g_free (r->message);
    g_free (r->pipeline);
    g_free (r->run_ms);
    g_free (r->kernel_ms);
    g_free (r->floor_message);
    g_free (r->copy_message);
  }
  g_free (wr->results);
  g_free (wr->skip_reason);
  memset (wr, 0, sizeof (*wr));
}

const BenchResult *
bench_result_find (const BenchWorkloadResult * wr, const gchar * id)
{
  for (guint i = 0; i < wr->n_results; i++)
    if (g_strcmp0 (wr->results[i].c->id, id) == 0)
      return &wr->results[i];
  return NULL;
}

/* ours / peer, time over time: below 1, ours is faster. */
gboolean
bench_result_ratio (const BenchWorkloadResult * wr, const BenchResult * r,
    gdouble * ratio)
{
  const BenchResult *peer;

  if (r->c->versus == NULL || r->status != BENCH_STATUS_MEASURED)
    return FALSE;
  peer = bench_result_find (wr, r->c->versus);
  if (peer == NULL || peer->status != BENCH_STATUS_MEASURED)
    return FALSE;
  *ratio = r->median_ms / peer->median_ms;
  return TRUE;
}

/* Our kernels' device time over the device copy of the same frames. */
gboolean
bench_result_kernel_per_copy (const BenchResult * r, gdouble * ratio)
{
  if (!r->has_copy || r->median_kernel_ms <= 0 || r->copy_ms <= 0)
    return FALSE;
  *ratio = r->median_kernel_ms / r->copy_ms;
  return TRUE;
}
