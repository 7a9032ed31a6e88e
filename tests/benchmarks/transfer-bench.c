/* gst-opencl benchmark
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * How fast a frame crosses between host memory and an OpenCL device, by
 * each way an element could move it:
 *
 *   transfer-bench [--device NAME] [--repeats R] BYTES...
 *
 * For each size: a write (host to device) and a read (device to host)
 *   - from/to ordinary (pageable) memory, as the source or sink left it;
 *   - from/to pinned memory (a mapped CL_MEM_ALLOC_HOST_PTR buffer);
 *   - staged: through pinned memory in N chunks, a memcpy of chunk i
 *     overlapping the DMA of chunk i - 1 (N = 1 is memcpy, then DMA);
 *   - writes only: staged by T threads copying parts of the frame into
 *     pinned memory at once, then one DMA; and through a buffer made on
 *     the pageable frame (CL_MEM_USE_HOST_PTR, made and released per
 *     frame) copied on the device;
 *   - both ways at once: a read into pinned memory (the previous frame's
 *     download) under way while a write from pageable memory (the next
 *     frame's upload) is made, on one in-order queue and on two queues.
 * Before each write the pageable frame is written by the CPU, as a source
 * would have just done. Medians of R repetitions, in milliseconds, with
 * the bandwidth. NAME picks the first device whose name or vendor holds
 * it (any case); without it, the first device.
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_REPEATS 15
#define MAX_CHUNKS 32

typedef struct
{
  GThreadPool *threads;
  GMutex lock;
  GCond done;
  guint left;
  cl_context context;
  cl_command_queue queue;
  cl_command_queue second_queue;
  cl_mem device_frame;
  cl_mem device_output;
  cl_mem pinned_mem;
  guint8 *pinned;
  guint8 *pageable;
  gsize size;
} Transfer;

static void
check (cl_int status, const gchar * what)
{
  if (status != CL_SUCCESS) {
    fprintf (stderr, "transfer-bench: %s failed: %d\n", what, status);
    exit (1);
  }
}

static gboolean
device_matches (cl_device_id device, const gchar * name)
{
  gchar text[512];
  gchar *lower, *want;
  gboolean found = FALSE;

  if (name == NULL)
    return TRUE;
  want = g_ascii_strdown (name, -1);
  for (cl_device_info what = CL_DEVICE_NAME; what <= CL_DEVICE_VENDOR; what++) {
    if (clGetDeviceInfo (device, what, sizeof (text), text, NULL) != CL_SUCCESS)
      continue;
    lower = g_ascii_strdown (text, -1);
    found |= strstr (lower, want) != NULL;
    g_free (lower);
  }
  g_free (want);
  return found;
}

static cl_device_id
pick_device (const gchar * name)
{
  cl_platform_id platforms[16];
  cl_uint n_platforms = 0;

  check (clGetPlatformIDs (16, platforms, &n_platforms), "clGetPlatformIDs");
  for (cl_uint p = 0; p < n_platforms; p++) {
    cl_device_id devices[16];
    cl_uint n_devices = 0;

    if (clGetDeviceIDs (platforms[p], CL_DEVICE_TYPE_ALL, 16, devices,
            &n_devices) != CL_SUCCESS)
      continue;
    for (cl_uint d = 0; d < n_devices; d++)
      if (device_matches (devices[d], name))
        return devices[d];
  }
  fprintf (stderr, "transfer-bench: no device matches '%s'\n", name);
  exit (1);
}

static void
transfer_open (Transfer * t, cl_device_id device, gsize size)
{
  cl_int status;

  t->size = size;
  t->context = clCreateContext (NULL, 1, &device, NULL, NULL, &status);
  check (status, "clCreateContext");
  t->queue = clCreateCommandQueue (t->context, device, 0, &status);
  check (status, "clCreateCommandQueue");
  t->second_queue = clCreateCommandQueue (t->context, device, 0, &status);
  check (status, "clCreateCommandQueue (second)");
  t->device_output = clCreateBuffer (t->context, CL_MEM_READ_WRITE, size,
      NULL, &status);
  check (status, "clCreateBuffer (device output)");
  t->device_frame = clCreateBuffer (t->context, CL_MEM_READ_WRITE, size, NULL,
      &status);
  check (status, "clCreateBuffer (device)");
  t->pinned_mem = clCreateBuffer (t->context, CL_MEM_ALLOC_HOST_PTR, size,
      NULL, &status);
  check (status, "clCreateBuffer (pinned)");
  t->pinned = clEnqueueMapBuffer (t->queue, t->pinned_mem, CL_TRUE,
      CL_MAP_READ | CL_MAP_WRITE, 0, size, 0, NULL, NULL, &status);
  check (status, "clEnqueueMapBuffer");
  t->pageable = g_malloc (size);
  g_mutex_init (&t->lock);
  g_cond_init (&t->done);
  t->threads = NULL;
  memset (t->pageable, 1, size);
  memset (t->pinned, 1, size);
  /* the first transfers pay the driver's set-up */
  check (clEnqueueWriteBuffer (t->queue, t->device_frame, CL_TRUE, 0, size,
          t->pageable, 0, NULL, NULL), "warm-up write");
}

static void
transfer_close (Transfer * t)
{
  clEnqueueUnmapMemObject (t->queue, t->pinned_mem, t->pinned, 0, NULL, NULL);
  clFinish (t->queue);
  clReleaseMemObject (t->pinned_mem);
  clReleaseMemObject (t->device_frame);
  clReleaseMemObject (t->device_output);
  clReleaseCommandQueue (t->queue);
  clReleaseCommandQueue (t->second_queue);
  clReleaseContext (t->context);
  g_free (t->pageable);
  if (t->threads)
    g_thread_pool_free (t->threads, FALSE, TRUE);
  g_mutex_clear (&t->lock);
  g_cond_clear (&t->done);
}

typedef struct
{
  Transfer *t;
  const guint8 *from;
  gsize start, end;
} Part;

static void
copy_part (gpointer data, gpointer user_data)
{
  Part *part = data;
  Transfer *t = part->t;

  memcpy (t->pinned + part->start, part->from + part->start,
      part->end - part->start);
  g_mutex_lock (&t->lock);
  if (--t->left == 0)
    g_cond_signal (&t->done);
  g_mutex_unlock (&t->lock);
}

/* A write staged by @n_threads threads copying into pinned memory. */
static void
write_frame_threads (Transfer * t, const guint8 * host, guint n_threads)
{
  Part *parts = g_newa (Part, n_threads);

  if (t->threads == NULL || g_thread_pool_get_max_threads (t->threads) !=
      (gint) n_threads) {
    if (t->threads)
      g_thread_pool_free (t->threads, FALSE, TRUE);
    t->threads = g_thread_pool_new (copy_part, NULL, n_threads, TRUE, NULL);
  }
  t->left = n_threads;
  for (guint i = 0; i < n_threads; i++) {
    parts[i] = (Part) {
    t, host, t->size * i / n_threads, t->size * (i + 1) / n_threads};
    g_thread_pool_push (t->threads, &parts[i], NULL);
  }
  g_mutex_lock (&t->lock);
  while (t->left > 0)
    g_cond_wait (&t->done, &t->lock);
  g_mutex_unlock (&t->lock);
  check (clEnqueueWriteBuffer (t->queue, t->device_frame, CL_TRUE, 0,
          t->size, t->pinned, 0, NULL, NULL), "clEnqueueWriteBuffer");
}

/* A write through a buffer made on @host itself. */
static void
write_frame_host_ptr (Transfer * t, guint8 * host)
{
  cl_int status;
  cl_mem wrapped = clCreateBuffer (t->context, CL_MEM_READ_ONLY |
      CL_MEM_USE_HOST_PTR, t->size, host, &status);

  check (status, "clCreateBuffer (CL_MEM_USE_HOST_PTR)");
  check (clEnqueueCopyBuffer (t->queue, wrapped, t->device_frame, 0, 0,
          t->size, 0, NULL, NULL), "clEnqueueCopyBuffer");
  clFinish (t->queue);
  clReleaseMemObject (wrapped);
}

/* One write of the frame: from @host directly when @chunks is 0, else
 * staged through pinned memory in @chunks pieces. */
static void
write_frame (Transfer * t, const guint8 * host, guint chunks)
{
  if (chunks == 0) {
    check (clEnqueueWriteBuffer (t->queue, t->device_frame, CL_TRUE, 0,
            t->size, host, 0, NULL, NULL), "clEnqueueWriteBuffer");
    return;
  }
  for (guint i = 0; i < chunks; i++) {
    gsize start = t->size * i / chunks, end = t->size * (i + 1) / chunks;

    memcpy (t->pinned + start, host + start, end - start);
    check (clEnqueueWriteBuffer (t->queue, t->device_frame, CL_FALSE, start,
            end - start, t->pinned + start, 0, NULL, NULL),
        "clEnqueueWriteBuffer (chunk)");
    clFlush (t->queue);
  }
  clFinish (t->queue);
}

/* One read of the frame into @host: directly when @chunks is 0, else
 * through pinned memory, each chunk copied out as soon as it arrives. */
static void
read_frame (Transfer * t, guint8 * host, guint chunks)
{
  cl_event arrived[MAX_CHUNKS];

  if (chunks == 0) {
    check (clEnqueueReadBuffer (t->queue, t->device_frame, CL_TRUE, 0,
            t->size, host, 0, NULL, NULL), "clEnqueueReadBuffer");
    return;
  }
  for (guint i = 0; i < chunks; i++) {
    gsize start = t->size * i / chunks, end = t->size * (i + 1) / chunks;

    check (clEnqueueReadBuffer (t->queue, t->device_frame, CL_FALSE, start,
            end - start, t->pinned + start, 0, NULL, &arrived[i]),
        "clEnqueueReadBuffer (chunk)");
  }
  clFlush (t->queue);
  for (guint i = 0; i < chunks; i++) {
    gsize start = t->size * i / chunks, end = t->size * (i + 1) / chunks;

    clWaitForEvents (1, &arrived[i]);
    clReleaseEvent (arrived[i]);
    memcpy (host + start, t->pinned + start, end - start);
  }
}

/* The previous frame's read into pinned memory, on @read_queue, under
 * way while the next frame is written from pageable memory. */
static void
read_under_write (Transfer * t, cl_command_queue read_queue)
{
  cl_event read;

  check (clEnqueueReadBuffer (read_queue, t->device_output, CL_FALSE, 0,
          t->size, t->pinned, 0, NULL, &read), "clEnqueueReadBuffer");
  clFlush (read_queue);
  write_frame (t, t->pageable, 0);
  clWaitForEvents (1, &read);
  clReleaseEvent (read);
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  gdouble x = *(const gdouble *) a, y = *(const gdouble *) b;

  return (x > y) - (x < y);
}

typedef enum
{
  WRITE_PAGEABLE,
  WRITE_PINNED,
  WRITE_STAGED,
  WRITE_THREADS,
  WRITE_HOST_PTR,
  READ_PAGEABLE,
  READ_PINNED,
  READ_STAGED,
  DUPLEX_ONE_QUEUE,
  DUPLEX_TWO_QUEUES,
} Way;

static gdouble
median_ms (Transfer * t, Way way, guint chunks, guint repeats)
{
  gdouble *ms = g_new (gdouble, repeats), median;

  for (guint r = 0; r < repeats; r++) {
    gint64 start;

    memset (t->pageable, r, t->size);   /* as a source writes its frame */
    start = g_get_monotonic_time ();
    switch (way) {
      case WRITE_PAGEABLE:
        write_frame (t, t->pageable, 0);
        break;
      case WRITE_PINNED:
        write_frame (t, t->pinned, 0);
        break;
      case WRITE_STAGED:
        write_frame (t, t->pageable, chunks);
        break;
      case WRITE_THREADS:
        write_frame_threads (t, t->pageable, chunks);
        break;
      case WRITE_HOST_PTR:
        write_frame_host_ptr (t, t->pageable);
        break;
      case READ_PAGEABLE:
        read_frame (t, t->pageable, 0);
        break;
      case READ_PINNED:
        read_frame (t, t->pinned, 0);
        break;
      case READ_STAGED:
        read_frame (t, t->pageable, chunks);
        break;
      case DUPLEX_ONE_QUEUE:
        read_under_write (t, t->queue);
        break;
      case DUPLEX_TWO_QUEUES:
        read_under_write (t, t->second_queue);
        break;
    }
    ms[r] = (g_get_monotonic_time () - start) / 1000.0;
  }
  qsort (ms, repeats, sizeof (gdouble), compare_doubles);
  median = ms[repeats / 2];
  g_free (ms);
  return median;
}

static void
report (Transfer * t, const gchar * what, Way way, guint chunks,
    guint repeats)
{
  gdouble ms = median_ms (t, way, chunks, repeats);

  printf ("| %" G_GSIZE_FORMAT " | %s | %.3f | %.1f |\n", t->size, what, ms,
      t->size / ms / 1e6);
}

/* report() for each chunk or thread count from @least on, @format naming
 * the count. */
static void
report_counts (Transfer * t, const gchar * format, Way way, guint least,
    guint repeats)
{
  static const guint counts[] = { 1, 4, 8, 16 };

  for (guint c = 0; c < G_N_ELEMENTS (counts); c++) {
    gchar *what;

    if (counts[c] < least)
      continue;
    what = g_strdup_printf (format, counts[c]);
    report (t, what, way, counts[c], repeats);
    g_free (what);
  }
}

int
main (int argc, char **argv)
{
  const gchar *name = NULL;
  guint repeats = DEFAULT_REPEATS;
  cl_device_id device;
  gchar device_name[256] = "";
  int i = 1;

  for (; i + 1 < argc && g_str_has_prefix (argv[i], "--"); i += 2) {
    if (g_str_equal (argv[i], "--device"))
      name = argv[i + 1];
    else if (g_str_equal (argv[i], "--repeats"))
      repeats = MAX (1, atoi (argv[i + 1]));
  }
  if (i >= argc) {
    fprintf (stderr, "usage: transfer-bench [--device NAME] [--repeats R] "
        "BYTES...\n");
    return 2;
  }
  device = pick_device (name);
  clGetDeviceInfo (device, CL_DEVICE_NAME, sizeof (device_name) - 1,
      device_name, NULL);
  printf ("%s, median of %u\n\n| bytes | transfer | ms | GB/s |\n"
      "| ---: | --- | ---: | ---: |\n", g_strstrip (device_name), repeats);
  for (; i < argc; i++) {
    Transfer t;

    transfer_open (&t, device, g_ascii_strtoull (argv[i], NULL, 10));
    report (&t, "write from pageable", WRITE_PAGEABLE, 0, repeats);
    report (&t, "write from pinned", WRITE_PINNED, 0, repeats);
    report_counts (&t, "write staged, %u chunks", WRITE_STAGED, 1, repeats);
    report_counts (&t, "write staged by %u threads", WRITE_THREADS, 4,
        repeats);
    report (&t, "write through CL_MEM_USE_HOST_PTR", WRITE_HOST_PTR, 0,
        repeats);
    report (&t, "read to pageable", READ_PAGEABLE, 0, repeats);
    report (&t, "read to pinned", READ_PINNED, 0, repeats);
    report_counts (&t, "read staged, %u chunks", READ_STAGED, 1, repeats);
    report (&t, "read to pinned under a write from pageable, one queue",
        DUPLEX_ONE_QUEUE, 0, repeats);
    report (&t, "read to pinned under a write from pageable, two queues",
        DUPLEX_TWO_QUEUES, 0, repeats);
    transfer_close (&t);
  }
  return 0;
}
