/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclcontext.h"
#include "gstclcontext-private.h"
#include "gstcl-private.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

#define GST_CAT_DEFAULT gst_cl_context_debug

G_DEFINE_TYPE (GstCLContext, gst_cl_context, GST_TYPE_OBJECT);

static inline void
count_created (GstCLContext * self, GstCLObjectType type)
{
  g_atomic_int_inc (&self->live[type]);
  g_atomic_int_inc (&self->created[type]);
}

static inline void
count_released (GstCLContext * self, GstCLObjectType type)
{
  g_atomic_int_add (&self->live[type], -1);
}

/**
 * gst_cl_context_count_live:
 *
 * Returns: how many objects of @type were made through @context and are
 * not released yet: what tests check for leaks.
 */
gint
gst_cl_context_count_live (GstCLContext * self, GstCLObjectType type)
{
  return g_atomic_int_get (&self->live[type]);
}

/**
 * gst_cl_context_count_created:
 *
 * Returns: how many objects of @type were made through @context since it
 * was: what tests check for objects made again where they should be
 * reused.
 */
gint
gst_cl_context_count_created (GstCLContext * self, GstCLObjectType type)
{
  return g_atomic_int_get (&self->created[type]);
}

/**
 * gst_cl_context_count_binaries_loaded:
 *
 * Returns: how many programs @context built from binaries kept by an
 * earlier build (GST_CL_PROGRAM_CACHE) rather than from source.
 */
gint
gst_cl_context_count_binaries_loaded (GstCLContext * self)
{
  return g_atomic_int_get (&self->binaries_loaded);
}

static void
release_program (gpointer program)
{
  clReleaseProgram (program);
}

static void
gst_cl_context_init (GstCLContext * self)
{
  g_mutex_init (&self->programs_lock);
  self->programs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
      release_program);
}

/* Kernels, memory objects, samplers and events belong to the elements
 * and memories, which release them before they drop the context: any left
 * is their leak. */
static void
check_released (GstCLContext * self)
{
  gint kernels = gst_cl_context_count_live (self, GST_CL_OBJECT_KERNEL);
  gint mems = gst_cl_context_count_live (self, GST_CL_OBJECT_MEM);
  gint samplers = gst_cl_context_count_live (self, GST_CL_OBJECT_SAMPLER);
  gint events = gst_cl_context_count_live (self, GST_CL_OBJECT_EVENT);

  if (kernels || mems || samplers || events)
    g_critical ("OpenCL context on %s finalized with %d kernels, %d memory "
        "objects, %d samplers and %d events never released",
        self->info->device_name, kernels, mems, samplers, events);
}

static void
gst_cl_context_finalize (GObject * object)
{
  GstCLContext *self = GST_CL_CONTEXT (object);

  GST_DEBUG_OBJECT (self, "releasing %u programs, queue and context",
      g_hash_table_size (self->programs));
  check_released (self);
  g_atomic_int_add (&self->live[GST_CL_OBJECT_PROGRAM],
      -(gint) g_hash_table_size (self->programs));
  g_hash_table_unref (self->programs);
  g_mutex_clear (&self->programs_lock);
  if (self->queue) {
    clReleaseCommandQueue (self->queue);
    count_released (self, GST_CL_OBJECT_QUEUE);
  }
  if (self->download_queue) {
    clReleaseCommandQueue (self->download_queue);
    count_released (self, GST_CL_OBJECT_QUEUE);
  }
  if (self->context)
    clReleaseContext (self->context);

  G_OBJECT_CLASS (gst_cl_context_parent_class)->finalize (object);
}

static void
gst_cl_context_class_init (GstCLContextClass * klass)
{
  G_OBJECT_CLASS (klass)->finalize = gst_cl_context_finalize;
  gst_cl_debug_init ();
}

/* Work-groups: the global size is rounded up to a multiple of these (no
 * non-uniform work-groups on PoCL or NVIDIA) and kernels guard the edge.
 * 64x1 on CPU devices, 16x16 on GPUs, where clboxblur's 1-D scans (whose
 * groups are the first size) want small groups: the sweeps behind them
 * are in tests/benchmarks/performance-notes.md. */
static void
choose_local_size (GstCLContext * self)
{
  gsize max = MAX (self->info->max_work_group_size, 1);

  if (self->info->type & CL_DEVICE_TYPE_GPU) {
    self->local_size[0] = MIN (16, max);
    self->local_size[1] = MAX (MIN (16, max / self->local_size[0]), 1);
  } else {
    self->local_size[0] = MIN (64, max);
    self->local_size[1] = 1;
  }
}

GstCLContext *
gst_cl_context_new (const GstCLDeviceInfo * info, GError ** error)
{
  GstCLContext *self;
  cl_context_properties props[] = {
    CL_CONTEXT_PLATFORM, (cl_context_properties) info->platform, 0
  };
  cl_int status;

  self = g_object_new (GST_TYPE_CL_CONTEXT, NULL);
  gst_object_ref_sink (self);
  self->info = info;

  self->context = clCreateContext (props, 1, &info->device, NULL, NULL,
      &status);
  if (!gst_cl_check (status, error, "Creating the OpenCL context"))
    goto failed;
  gst_cl_device_probe_image_formats (info, self->context);
  /* Where the clprofile category logs DEBUG or more (GST_DEBUG=clprofile:5)
   * when the context is made. */
  self->profiling = gst_debug_category_get_threshold (gst_cl_profile_debug)
      >= GST_LEVEL_DEBUG;
  if (self->profiling)
    GST_CAT_LOG_OBJECT (gst_cl_profile_debug, self,
        "timing kernels with profiling events");
  self->queue = clCreateCommandQueue (self->context, info->device,
      self->profiling ? CL_QUEUE_PROFILING_ENABLE : 0, &status);
  if (!gst_cl_check (status, error, "Creating the OpenCL command queue"))
    goto failed;
  count_created (self, GST_CL_OBJECT_QUEUE);
  if (!info->host_unified) {
    self->download_queue = clCreateCommandQueue (self->context, info->device,
        0, &status);
    if (!gst_cl_check (status, error, "Creating the OpenCL download queue"))
      goto failed;
    count_created (self, GST_CL_OBJECT_QUEUE);
  }
  choose_local_size (self);

  GST_INFO_OBJECT (self, "new context on %s / %s", info->platform_name,
      info->device_name);
  return self;

failed:
  gst_object_unref (self);
  return NULL;
}

static gchar *
build_log (cl_program program, cl_device_id device)
{
  gsize size = 0;
  gchar *log;

  clGetProgramBuildInfo (program, device, CL_PROGRAM_BUILD_LOG, 0, NULL,
      &size);
  log = g_malloc0 (size + 1);
  clGetProgramBuildInfo (program, device, CL_PROGRAM_BUILD_LOG, size, log,
      NULL);
  return g_strstrip (log);
}

/* Program binaries kept between processes. A build from source costs
 * tens of milliseconds on PoCL even where its own cache holds the result
 * (it preprocesses the source to find it), a build from the binary a few;
 * an NV12 pipeline builds two programs before its first frame. Each
 * program built from source is written to GST_CL_PROGRAM_CACHE (default
 * g_get_user_cache_dir()/gst-opencl; "0" turns the cache off), named by a
 * hash of its sources, options, device and driver, and built from that
 * binary the next time; a binary the driver rejects is built from source
 * again and written anew. */
static gchar *
program_cache_dir (void)
{
  const gchar *dir = g_getenv ("GST_CL_PROGRAM_CACHE");

  if (dir && g_str_equal (dir, "0"))
    return NULL;
  if (dir && *dir)
    return g_strdup (dir);
  return g_build_filename (g_get_user_cache_dir (), "gst-opencl", NULL);
}

static void
checksum_add_string (GChecksum * checksum, const gchar * string)
{
  /* with its terminating NUL, so that strings cannot run into each other */
  if (string == NULL)
    string = "";
  g_checksum_update (checksum, (const guchar *) string, strlen (string) + 1);
}

/* The cache file of the program of @sources built with @options on the
 * context's device, or NULL where the cache is off. */
static gchar *
program_cache_path (GstCLContext * self, const gchar * const *sources,
    guint n, const gchar * options)
{
  gchar *dir = program_cache_dir ();
  GChecksum *checksum;
  gchar *file, *path;

  if (dir == NULL)
    return NULL;
  checksum = g_checksum_new (G_CHECKSUM_SHA256);
  for (guint i = 0; i < n; i++)
    checksum_add_string (checksum, sources[i]);
  checksum_add_string (checksum, options ? options : "");
  /* PoCL's device name holds the CPU it compiles for */
  checksum_add_string (checksum, self->info->platform_name);
  checksum_add_string (checksum, self->info->device_name);
  checksum_add_string (checksum, self->info->driver_version);
  file = g_strconcat (g_checksum_get_string (checksum), ".bin", NULL);
  path = g_build_filename (dir, file, NULL);
  g_checksum_free (checksum);
  g_free (file);
  g_free (dir);
  return path;
}

/* The program built from the binary at @path, or NULL where there is
 * none or the driver rejects it. */
static cl_program
load_program_binary (GstCLContext * self, const gchar * path,
    const gchar * options)
{
  gchar *binary;
  gsize size;
  cl_int status, binary_status = CL_SUCCESS;
  cl_program program;

  if (!g_file_get_contents (path, &binary, &size, NULL))
    return NULL;
  program = clCreateProgramWithBinary (self->context, 1,
      &self->info->device, &size, (const guchar **) &binary, &binary_status,
      &status);
  g_free (binary);
  if (status == CL_SUCCESS && binary_status == CL_SUCCESS)
    status = clBuildProgram (program, 1, &self->info->device, options, NULL,
        NULL);
  if (status != CL_SUCCESS || binary_status != CL_SUCCESS) {
    GST_INFO_OBJECT (self, "cached binary %s rejected (%s, %s): building "
        "from source", path, gst_cl_error_name (status),
        gst_cl_error_name (binary_status));
    if (program)
      clReleaseProgram (program);
    return NULL;
  }
  g_atomic_int_inc (&self->binaries_loaded);
  return program;
}

/* Writes @program's binary to @path (atomically: another process may be
 * reading it); a failure only costs the next process a build. */
static void
save_program_binary (GstCLContext * self, cl_program program,
    const gchar * path)
{
  gsize size = 0;
  guchar *binary;
  gchar *dir = g_path_get_dirname (path);
  GError *error = NULL;

  if (clGetProgramInfo (program, CL_PROGRAM_BINARY_SIZES, sizeof (size),
          &size, NULL) != CL_SUCCESS || size == 0) {
    g_free (dir);
    return;
  }
  binary = g_malloc (size);
  if (clGetProgramInfo (program, CL_PROGRAM_BINARIES, sizeof (binary),
          &binary, NULL) == CL_SUCCESS
      && (g_mkdir_with_parents (dir, 0700) != 0
          || !g_file_set_contents (path, (const gchar *) binary, size,
              &error))) {
    GST_INFO_OBJECT (self, "cannot keep the program binary in %s: %s", dir,
        error ? error->message : g_strerror (errno));
    g_clear_error (&error);
  }
  g_free (binary);
  g_free (dir);
}

static cl_program
build_program_from_source (GstCLContext * self, const gchar * name,
    const gchar * const *sources, guint n, const gchar * options,
    GError ** error)
{
  cl_program program;
  cl_int status;
  gchar *quiet, *log;

  program = clCreateProgramWithSource (self->context, n,
      (const gchar **) sources, NULL, &status);
  if (!gst_cl_check (status, error, "Creating an OpenCL program"))
    return NULL;

  /* -w: no warnings. PoCL's compiler prints its count of them to the
   * terminal (clang's notes on vector arguments, not bugs in the source);
   * GStreamer elements print nothing there. Errors still fail the build,
   * with the log in the error. */
  quiet = g_strconcat (options, " -w", NULL);
  status = clBuildProgram (program, 1, &self->info->device, quiet, NULL,
      NULL);
  g_free (quiet);
  log = build_log (program, self->info->device);
  if (status == CL_SUCCESS && *log)
    GST_DEBUG_OBJECT (self, "program \"%s\" (%s) built with a log:\n%s",
        name, options, log);
  if (status != CL_SUCCESS) {
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_BUILD,
        "Building the OpenCL program \"%s\" with options \"%s\" failed: "
        "%s (%d). Compiler log:\n%s", name, options,
        gst_cl_error_name (status), status, log);
    clReleaseProgram (program);
    program = NULL;
  }
  g_free (log);
  return program;
}

static cl_program
build_program (GstCLContext * self, const gchar * name,
    const gchar * const *sources, const gchar * options, GError ** error)
{
  guint n = g_strv_length ((gchar **) sources);
  cl_program program = NULL;
  gint64 start = g_get_monotonic_time ();
  gchar *cache_path;
  const gchar *from = "the kept binary";

  cache_path = program_cache_path (self, sources, n, options);
  if (cache_path)
    program = load_program_binary (self, cache_path, options);
  if (program == NULL) {
    from = "source";
    program = build_program_from_source (self, name, sources, n, options,
        error);
    if (program && cache_path)
      save_program_binary (self, program, cache_path);
  }
  if (program)
    GST_INFO_OBJECT (self, "built program \"%s\" (%s) from %s in %.3f s",
        name, options, from, (g_get_monotonic_time () - start) / 1e6);
  g_free (cache_path);
  return program;
}

/**
 * gst_cl_context_get_program:
 * @sources: %NULL-terminated list of sources, concatenated in order
 *
 * Returns: (transfer none): the program for @name built with @options,
 * built on the first call and cached in the context for its lifetime.
 */
cl_program
gst_cl_context_get_program (GstCLContext * self, const gchar * name,
    const gchar * const *sources, const gchar * options, GError ** error)
{
  gchar *key = g_strdup_printf ("%s %s", name, options);
  cl_program program;

  g_mutex_lock (&self->programs_lock);
  program = g_hash_table_lookup (self->programs, key);
  if (program == NULL) {
    program = build_program (self, name, sources, options, error);
    if (program) {
      g_hash_table_insert (self->programs, g_steal_pointer (&key), program);
      count_created (self, GST_CL_OBJECT_PROGRAM);
    }
  }
  g_mutex_unlock (&self->programs_lock);
  g_free (key);
  return program;
}

cl_kernel
gst_cl_context_create_kernel (GstCLContext * self, cl_program program,
    const gchar * name, GError ** error)
{
  cl_int status;
  cl_kernel kernel = clCreateKernel (program, name, &status);

  if (status != CL_SUCCESS) {
    g_set_error (error, GST_CL_ERROR, GST_CL_ERROR_FAILED,
        "Creating the OpenCL kernel \"%s\" failed: %s (%d)", name,
        gst_cl_error_name (status), status);
    return NULL;
  }
  count_created (self, GST_CL_OBJECT_KERNEL);
  return kernel;
}

cl_mem
gst_cl_context_create_buffer (GstCLContext * self, cl_mem_flags flags,
    gsize size, gpointer host_ptr, GError ** error)
{
  cl_int status;
  cl_mem mem = clCreateBuffer (self->context, flags, MAX (size, 1), host_ptr,
      &status);

  if (!gst_cl_check (status, error, "Allocating an OpenCL buffer"))
    return NULL;
  count_created (self, GST_CL_OBJECT_MEM);
  return mem;
}

/**
 * gst_cl_context_get_base_align:
 *
 * Returns: the device's CL_DEVICE_MEM_BASE_ADDR_ALIGN in bytes (the
 * property is in bits), the alignment of the buffers it allocates.
 */
gsize
gst_cl_context_get_base_align (GstCLContext * self)
{
  cl_uint bits = 0;

  clGetDeviceInfo (self->info->device, CL_DEVICE_MEM_BASE_ADDR_ALIGN,
      sizeof (bits), &bits, NULL);
  return MAX (bits / 8, 1);
}

cl_mem
gst_cl_context_create_image (GstCLContext * self,
    const cl_image_format * format, const cl_image_desc * desc,
    GError ** error)
{
  cl_int status;
  cl_mem mem = clCreateImage (self->context, CL_MEM_READ_WRITE, format, desc,
      NULL, &status);

  if (!gst_cl_check (status, error, "Allocating an OpenCL image"))
    return NULL;
  count_created (self, GST_CL_OBJECT_MEM);
  return mem;
}

/**
 * gst_cl_context_create_bicubic_sampler:
 *
 * Returns: a sampler of the cl_qcom_filter_bicubic extension (unnormalized
 * coordinates, clamped to the edge), for devices that advertise it.
 */
cl_sampler
gst_cl_context_create_bicubic_sampler (GstCLContext * self, GError ** error)
{
  cl_int status;
  cl_sampler sampler = clCreateSampler (self->context, CL_FALSE,
      CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_BICUBIC_QCOM, &status);

  if (!gst_cl_check (status, error, "Creating the bicubic sampler"))
    return NULL;
  count_created (self, GST_CL_OBJECT_SAMPLER);
  return sampler;
}

/* A kernel enqueued with profiling on: its event and its name. */
typedef struct
{
  cl_event event;
  gchar name[64];
} ProfiledKernel;

static void
free_profiled_kernel (gpointer data)
{
  ProfiledKernel *kernel = data;

  clReleaseEvent (kernel->event);
  g_free (kernel);
}

static void
free_events (gpointer events)
{
  g_ptr_array_unref (events);
}

/* The profiling events of the kernels this thread enqueued: an element
 * enqueues and waits for its own kernels in its streaming thread. */
static GPtrArray *
thread_kernel_events (void)
{
  static GPrivate events = G_PRIVATE_INIT (free_events);
  GPtrArray *array = g_private_get (&events);

  if (array == NULL) {
    array = g_ptr_array_new_with_free_func (free_profiled_kernel);
    g_private_set (&events, array);
  }
  return array;
}

/* Enqueues @kernel; with profiling on, keeps its event for the thread. */
static gboolean
enqueue (GstCLContext * self, cl_kernel kernel, cl_uint dims,
    const gsize * global, const gsize * local, GError ** error)
{
  cl_event event = NULL;

  if (!gst_cl_check (clEnqueueNDRangeKernel (self->queue, kernel, dims, NULL,
              global, local, 0, NULL, self->profiling ? &event : NULL), error,
          "Running an OpenCL kernel"))
    return FALSE;
  if (event) {
    ProfiledKernel *profiled = g_new0 (ProfiledKernel, 1);

    profiled->event = event;
    clGetKernelInfo (kernel, CL_KERNEL_FUNCTION_NAME,
        sizeof (profiled->name) - 1, profiled->name, NULL);
    g_ptr_array_add (thread_kernel_events (), profiled);
  }
  return TRUE;
}

gboolean
gst_cl_context_enqueue_2d (GstCLContext * self, cl_kernel kernel,
    gsize width, gsize height, GError ** error)
{
  const gsize *local = self->local_size;
  gsize global[2] = {
    (width + local[0] - 1) / local[0] * local[0],
    (height + local[1] - 1) / local[1] * local[1],
  };

  return enqueue (self, kernel, 2, global, local, error);
}

/**
 * gst_cl_context_take_kernel_time:
 *
 * With profiling on, the time the kernels this thread enqueued since the
 * last call ran on the device, in ms, once they are complete: this waits
 * for them (in a chain in OpenCL memory nothing else has); 0 otherwise.
 * Each kernel's time is logged (clprofile, TRACE level), and their sum
 * (LOG level).
 */
gdouble
gst_cl_context_take_kernel_time (GstCLContext * self)
{
  GPtrArray *events = thread_kernel_events ();
  gdouble ms = 0;

  for (guint i = 0; i < events->len; i++) {
    ProfiledKernel *kernel = events->pdata[i];
    cl_ulong start = 0, end = 0;

    clWaitForEvents (1, &kernel->event);
    clGetEventProfilingInfo (kernel->event, CL_PROFILING_COMMAND_START,
        sizeof (start), &start, NULL);
    clGetEventProfilingInfo (kernel->event, CL_PROFILING_COMMAND_END,
        sizeof (end), &end, NULL);
    GST_CAT_TRACE_OBJECT (gst_cl_profile_debug, self, "kernel %s: %.4f ms",
        kernel->name, (end - start) / 1e6);
    ms += (end - start) / 1e6;
  }
  if (events->len > 0)
    GST_CAT_LOG_OBJECT (gst_cl_profile_debug, self, "%u kernels ran %.3f ms",
        events->len, ms);
  g_ptr_array_set_size (events, 0);
  return ms;
}

/* One work-item per row or column (kernels that walk a line): the global
 * size is rounded up to the tile's width, as in gst_cl_context_enqueue_2d. */
gboolean
gst_cl_context_enqueue_1d (GstCLContext * self, cl_kernel kernel, gsize size,
    GError ** error)
{
  const gsize local = self->local_size[0];
  const gsize global = (size + local - 1) / local * local;

  return enqueue (self, kernel, 1, &global, &local, error);
}

/**
 * gst_cl_context_enqueue_groups:
 * @groups: work-groups along each of @dims dimensions
 * @local: work-items of a group along each dimension
 *
 * Runs @kernel as exactly @groups work-groups of @local items: for kernels
 * whose groups share work through local memory, and for kernels with few
 * work-items that each take long (a band of rows), where the context's
 * local size would leave compute units idle.
 */
gboolean
gst_cl_context_enqueue_groups (GstCLContext * self, cl_kernel kernel,
    cl_uint dims, const gsize * groups, const gsize * local, GError ** error)
{
  gsize global[3];

  g_return_val_if_fail (dims >= 1 && dims <= 3, FALSE);
  for (cl_uint i = 0; i < dims; i++)
    global[i] = groups[i] * local[i];
  return enqueue (self, kernel, dims, global, local, error);
}

/**
 * gst_cl_context_kernel_group_size:
 *
 * Returns: the most work-items a group of @kernel may have on the device
 * (CL_KERNEL_WORK_GROUP_SIZE: the device's limit, or less where the kernel
 * needs many registers).
 */
gsize
gst_cl_context_kernel_group_size (GstCLContext * self, cl_kernel kernel)
{
  gsize size = 0;

  if (clGetKernelWorkGroupInfo (kernel, self->info->device,
          CL_KERNEL_WORK_GROUP_SIZE, sizeof (size), &size, NULL) != CL_SUCCESS)
    size = self->info->max_work_group_size;
  return MAX (size, 1);
}

/* Releases *@kernel, made through @context, if set and clears it. */
void
gst_cl_clear_kernel (GstCLContext * context, cl_kernel * kernel)
{
  if (*kernel) {
    clReleaseKernel (*kernel);
    count_released (context, GST_CL_OBJECT_KERNEL);
  }
  *kernel = NULL;
}

/* Releases *@mem, made through @context, if set and clears it. */
void
gst_cl_clear_mem (GstCLContext * context, cl_mem * mem)
{
  if (*mem) {
    clReleaseMemObject (*mem);
    count_released (context, GST_CL_OBJECT_MEM);
  }
  *mem = NULL;
}

/* Releases *@sampler, made through @context, if set and clears it. */
void
gst_cl_clear_sampler (GstCLContext * context, cl_sampler * sampler)
{
  if (*sampler) {
    clReleaseSampler (*sampler);
    count_released (context, GST_CL_OBJECT_SAMPLER);
  }
  *sampler = NULL;
}

/**
 * gst_cl_context_mark_queue:
 *
 * Returns: (transfer full): an event (gst_cl_clear_event()) that completes
 * once every command enqueued so far on @context's queue has, or %NULL.
 */
cl_event
gst_cl_context_mark_queue (GstCLContext * self, GError ** error)
{
  cl_event event = NULL;

  if (!gst_cl_check (clEnqueueMarkerWithWaitList (self->queue, 0, NULL,
              &event), error, "Marking the OpenCL queue"))
    return NULL;
  /* Commands of other queues will wait for it: submit it now. */
  clFlush (self->queue);
  return gst_cl_event_take (self, event);
}

/**
 * gst_cl_context_wait_for:
 * @event: (inout) (transfer full) (nullable): a command of another queue
 *
 * Makes the commands enqueued on @context's queue from now on wait for
 * *@event, if set (where the device refuses the barrier, waits for it
 * here), then releases it and clears *@event.
 */
void
gst_cl_context_wait_for (GstCLContext * self, cl_event * event)
{
  cl_int status;

  if (*event == NULL)
    return;
  status = clEnqueueBarrierWithWaitList (self->queue, 1, event, NULL);
  if (status != CL_SUCCESS) {
    GST_DEBUG_OBJECT (self, "no barrier (%s): waiting on the host",
        gst_cl_error_name (status));
    clWaitForEvents (1, event);
  }
  gst_cl_clear_event (self, event);
}

/**
 * gst_cl_event_take:
 *
 * Counts @event, just made by a command enqueued through @context, as an
 * object of @context (%GST_CL_OBJECT_EVENT). Returns: @event.
 */
cl_event
gst_cl_event_take (GstCLContext * self, cl_event event)
{
  count_created (self, GST_CL_OBJECT_EVENT);
  return event;
}

/**
 * gst_cl_event_ref:
 *
 * Returns: another reference to @event, counted as gst_cl_event_take()
 * does; each is released with gst_cl_clear_event().
 */
cl_event
gst_cl_event_ref (GstCLContext * self, cl_event event)
{
  clRetainEvent (event);
  return gst_cl_event_take (self, event);
}

/* Releases *@event's reference, if set, and clears it. */
void
gst_cl_clear_event (GstCLContext * context, cl_event * event)
{
  if (*event) {
    clReleaseEvent (*event);
    count_released (context, GST_CL_OBJECT_EVENT);
  }
  *event = NULL;
}

/**
 * gst_cl_context_get_device:
 *
 * Returns: (transfer none): the device @context is on.
 */
const GstCLDeviceInfo *
gst_cl_context_get_device (GstCLContext * self)
{
  return self->info;
}

/**
 * gst_cl_context_get_cl_context:
 *
 * Returns: (transfer none): the OpenCL context, for an application's own
 * programs and memory.
 */
cl_context
gst_cl_context_get_cl_context (GstCLContext * self)
{
  return self->context;
}

/**
 * gst_cl_context_get_queue:
 *
 * Returns: (transfer none): the in-order command queue that the elements
 * enqueue on; commands an application enqueues on it run after theirs and
 * before the next.
 */
cl_command_queue
gst_cl_context_get_queue (GstCLContext * self)
{
  return self->queue;
}

/**
 * gst_cl_context_is_profiling:
 *
 * Returns: whether @context times its kernels (the clprofile debug
 * category was at DEBUG or more when it was made):
 * gst_cl_context_take_kernel_time() gives their time.
 */
gboolean
gst_cl_context_is_profiling (GstCLContext * self)
{
  return self->profiling;
}

gboolean
gst_cl_context_finish (GstCLContext * self, GError ** error)
{
  return gst_cl_check (clFinish (self->queue), error,
      "Waiting for the OpenCL queue");
}

/* An element whose selector is empty (and GST_CL_DEVICE unset) takes any
 * shared context; one with a selector only a context on a matching device. */
static gboolean
context_fits_selector (GstCLContext * context, const gchar * selector)
{
  if (selector == NULL || *selector == '\0')
    selector = g_getenv ("GST_CL_DEVICE");
  if (selector == NULL || *selector == '\0')
    return TRUE;
  return gst_cl_device_matches (context->info, selector);
}

/**
 * gst_context_new_cl_context:
 * @context: the #GstCLContext to share
 *
 * What an application sets on a pipeline (gst_element_set_context(), or in
 * answer to a need-context message of type %GST_CL_CONTEXT_TYPE) so that
 * its cl elements run on @context, the application's own kernels beside
 * them.
 *
 * Returns: (transfer full): a persistent #GstContext holding @context.
 */
GstContext *
gst_context_new_cl_context (GstCLContext * context)
{
  GstContext *gst_context = gst_context_new (GST_CL_CONTEXT_TYPE, TRUE);

  g_return_val_if_fail (GST_IS_CL_CONTEXT (context), NULL);
  gst_structure_set (gst_context_writable_structure (gst_context),
      GST_CL_CONTEXT_FIELD, GST_TYPE_CL_CONTEXT, context, NULL);
  return gst_context;
}

/**
 * gst_context_get_cl_context:
 * @cl_context: (out) (transfer full): the #GstCLContext held
 *
 * Returns: whether @context is of type %GST_CL_CONTEXT_TYPE and holds a
 * #GstCLContext, as the cl elements' have-context messages and context
 * query answers do.
 */
gboolean
gst_context_get_cl_context (GstContext * context, GstCLContext ** cl_context)
{
  *cl_context = NULL;
  if (g_strcmp0 (gst_context_get_context_type (context),
          GST_CL_CONTEXT_TYPE) != 0)
    return FALSE;
  return gst_structure_get (gst_context_get_structure (context),
      GST_CL_CONTEXT_FIELD, GST_TYPE_CL_CONTEXT, cl_context, NULL)
      && *cl_context != NULL;
}

gboolean
gst_cl_handle_set_context (GstElement * element, GstContext * gst_context,
    const gchar * selector, GstCLContext ** context)
{
  GstCLContext *shared = NULL;
  gboolean taken = FALSE;

  if (!gst_context_get_cl_context (gst_context, &shared))
    return FALSE;

  GST_OBJECT_LOCK (element);
  if (*context == NULL && context_fits_selector (shared, selector)) {
    *context = gst_object_ref (shared);
    taken = TRUE;
  }
  GST_OBJECT_UNLOCK (element);

  GST_INFO_OBJECT (element,
      "%s the shared OpenCL context on %s", taken ? "took" : "did not take",
      shared->info->device_name);
  gst_object_unref (shared);
  return taken;
}

/**
 * gst_cl_element_set_context:
 * @device: the element's device selector property, read under its object
 *   lock
 * @context: (inout): where the element keeps its context, under its object
 *   lock
 *
 * An element's set_context: takes a shared context that fits its selector.
 */
void
gst_cl_element_set_context (GstElement * element, GstContext * gst_context,
    gchar * const *device, GstCLContext ** context)
{
  gchar *selector;

  GST_OBJECT_LOCK (element);
  selector = g_strdup (*device);
  GST_OBJECT_UNLOCK (element);
  gst_cl_handle_set_context (element, gst_context, selector, context);
  g_free (selector);
}

/**
 * gst_cl_handle_context_query:
 * @context: where the element keeps its context, under its object lock
 *
 * Answers a context query with the element's context, where it has one.
 */
gboolean
gst_cl_handle_context_query (GstElement * element, GstQuery * query,
    GstCLContext ** context)
{
  const gchar *type;
  GstContext *old, *answer;
  GstCLContext *held = NULL;

  if (GST_QUERY_TYPE (query) != GST_QUERY_CONTEXT)
    return FALSE;
  gst_query_parse_context_type (query, &type);
  if (g_strcmp0 (type, GST_CL_CONTEXT_TYPE) != 0)
    return FALSE;
  GST_OBJECT_LOCK (element);
  if (*context)
    held = gst_object_ref (*context);
  GST_OBJECT_UNLOCK (element);
  if (held == NULL)
    return FALSE;

  gst_query_parse_context (query, &old);
  if (old) {
    answer = gst_context_copy (old);
    gst_structure_set (gst_context_writable_structure (answer),
        GST_CL_CONTEXT_FIELD, GST_TYPE_CL_CONTEXT, held, NULL);
  } else {
    answer = gst_context_new_cl_context (held);
  }
  gst_query_set_context (query, answer);
  gst_context_unref (answer);
  gst_object_unref (held);
  GST_LOG_OBJECT (element, "answered a context query");
  return TRUE;
}

typedef struct
{
  GstQuery *query;
  gboolean answered;
} PeerQuery;

static gboolean
query_pad_peer (GstElement * element, GstPad * pad, gpointer user_data)
{
  PeerQuery *pq = user_data;

  pq->answered = gst_pad_peer_query (pad, pq->query);
  return !pq->answered;
}

static gboolean
has_context (GstElement * element, GstCLContext ** context)
{
  gboolean has;

  GST_OBJECT_LOCK (element);
  has = *context != NULL;
  GST_OBJECT_UNLOCK (element);
  return has;
}

/* Asks the neighbours downstream, then upstream, for their context. */
static void
query_neighbours (GstElement * element, const gchar * selector,
    GstCLContext ** context)
{
  PeerQuery pq = { gst_query_new_context (GST_CL_CONTEXT_TYPE), FALSE };
  GstContext *found;

  gst_element_foreach_src_pad (element, query_pad_peer, &pq);
  if (!pq.answered)
    gst_element_foreach_sink_pad (element, query_pad_peer, &pq);
  if (pq.answered) {
    gst_query_parse_context (pq.query, &found);
    if (found)
      gst_cl_handle_set_context (element, found, selector, context);
  }
  gst_query_unref (pq.query);
}

static void
post_new_context (GstElement * element, GstCLContext * context)
{
  GstContext *gst_context = gst_context_new_cl_context (context);

  gst_element_post_message (element,
      gst_message_new_have_context (GST_OBJECT (element), gst_context));
}

/**
 * gst_cl_ensure_element_context:
 * @context: (inout): where the element keeps its context, under its object
 *   lock
 *
 * Finds a context to share (from the neighbours, then the application or
 * the bin through need-context), else creates one on the selected device
 * and announces it with have-context.
 */
gboolean
gst_cl_ensure_element_context (GstElement * element, const gchar * selector,
    GstCLContext ** context, GError ** error)
{
  const GstCLDeviceInfo *info;
  GstCLContext *created;

  if (has_context (element, context))
    return TRUE;

  query_neighbours (element, selector, context);
  if (has_context (element, context))
    return TRUE;

  gst_element_post_message (element,
      gst_message_new_need_context (GST_OBJECT (element),
          GST_CL_CONTEXT_TYPE));
  if (has_context (element, context))
    return TRUE;

  info = gst_cl_device_select (selector, error);
  if (info == NULL)
    return FALSE;
  if ((created = gst_cl_context_new (info, error)) == NULL)
    return FALSE;

  GST_OBJECT_LOCK (element);
  if (*context == NULL)
    *context = gst_object_ref (created);
  GST_OBJECT_UNLOCK (element);
  post_new_context (element, created);
  gst_object_unref (created);
  return TRUE;
}
