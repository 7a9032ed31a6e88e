/* gst-opencl: an OpenCL layer that makes any device look like one with
 * Qualcomm's cl_qcom_filter_bicubic, so the tests can run the elements'
 * native bicubic path on devices without it (PoCL).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Loaded by the ICD loader from OPENCL_LAYERS (the cl_loader_layers
 * interface of CL/cl_layer.h), it sits on the loader's dispatch table and:
 *
 * - appends cl_qcom_filter_bicubic to CL_DEVICE_EXTENSIONS and
 *   CL_DEVICE_EXTENSIONS_WITH_VERSION;
 * - accepts CL_FILTER_BICUBIC_QCOM in clCreateSampler and
 *   clCreateSamplerWithProperties and hands the driver CL_FILTER_LINEAR in
 *   its place: the drivers the suite runs on cannot filter bicubically,
 *   so a kernel that reads through such a sampler gets bilinear values,
 *   which the tests compare with a bilinear reference; or, when a test
 *   asks, refuses them;
 * - takes the "#pragma OPENCL EXTENSION cl_qcom_filter_bicubic : enable"
 *   line out of program sources (a compiler that does not know the
 *   extension warns about it, as PoCL does, or refuses it);
 * - counts what it saw (qcom-bicubic-layer.h).
 *
 * Built for the tests only, never installed.
 */

#include "qcom-bicubic-layer.h"
#include "layer-info.h"

#include <CL/cl_layer.h>
#include <glib.h>
#include <string.h>

#ifndef CL_FILTER_BICUBIC_QCOM
#define CL_FILTER_BICUBIC_QCOM 0x411C
#endif

#define EXTENSION "cl_qcom_filter_bicubic"

static const cl_icd_dispatch *target;
static cl_icd_dispatch dispatch;

/* Under @lock: the bicubic samplers alive (sampler -> the references the
 * application holds), the kernels that have one as an argument (kernel ->
 * bit mask of those argument indices), and the counts. */
static GMutex lock;
static GHashTable *samplers;
static GHashTable *kernels;
static GstCLQcomLayerCounts counts;
static gboolean refuse_bicubic;

void
gst_cl_qcom_layer_get_counts (GstCLQcomLayerCounts * result)
{
  g_mutex_lock (&lock);
  *result = counts;
  g_mutex_unlock (&lock);
}

void
gst_cl_qcom_layer_refuse_samplers (gboolean refuse)
{
  g_mutex_lock (&lock);
  refuse_bicubic = refuse;
  g_mutex_unlock (&lock);
}

/* Whether bicubic samplers are to fail now, as a driver fails a filter
 * mode it does not support; sets *@status then. */
static gboolean
refusing (cl_int * status)
{
  gboolean refuse;

  g_mutex_lock (&lock);
  refuse = refuse_bicubic;
  g_mutex_unlock (&lock);
  if (refuse && status)
    *status = CL_INVALID_VALUE;
  return refuse;
}

static cl_int CL_API_CALL
layer_get_device_info (cl_device_id device, cl_device_info param,
    size_t value_size, void *value, size_t *value_size_ret)
{
  if (param == CL_DEVICE_EXTENSIONS)
    return layer_extensions_info (target, device, EXTENSION, value_size,
        value, value_size_ret);
  if (param == CL_DEVICE_EXTENSIONS_WITH_VERSION)
    return layer_extensions_with_version_info (target, device, EXTENSION,
        value_size, value, value_size_ret);
  return target->clGetDeviceInfo (device, param, value_size, value,
      value_size_ret);
}

static void
note_bicubic_sampler (cl_sampler sampler, cl_bool normalized,
    cl_addressing_mode addressing)
{
  g_mutex_lock (&lock);
  g_hash_table_insert (samplers, sampler, GINT_TO_POINTER (1));
  counts.samplers_created++;
  counts.last_normalized = normalized;
  counts.last_addressing = addressing;
  g_mutex_unlock (&lock);
}

static cl_sampler CL_API_CALL
layer_create_sampler (cl_context context, cl_bool normalized,
    cl_addressing_mode addressing, cl_filter_mode filter, cl_int * status)
{
  gboolean bicubic = filter == CL_FILTER_BICUBIC_QCOM;
  cl_sampler sampler;

  if (bicubic && refusing (status))
    return NULL;
  sampler = target->clCreateSampler (context, normalized, addressing,
      bicubic ? CL_FILTER_LINEAR : filter, status);
  if (bicubic && sampler)
    note_bicubic_sampler (sampler, normalized, addressing);
  return sampler;
}

static cl_sampler CL_API_CALL
layer_create_sampler_with_properties (cl_context context,
    const cl_sampler_properties * properties, cl_int * status)
{
  /* The spec's defaults for what the properties leave out. */
  cl_bool normalized = CL_TRUE;
  cl_addressing_mode addressing = CL_ADDRESS_CLAMP;
  gboolean bicubic = FALSE;
  cl_sampler_properties *copy = NULL;
  cl_sampler sampler;
  guint n = 0;

  while (properties && properties[n])
    n += 2;
  if (properties)
    copy = g_memdup2 (properties, (n + 1) * sizeof (cl_sampler_properties));
  for (guint i = 0; i < n; i += 2) {
    if (copy[i] == CL_SAMPLER_NORMALIZED_COORDS)
      normalized = (cl_bool) copy[i + 1];
    else if (copy[i] == CL_SAMPLER_ADDRESSING_MODE)
      addressing = (cl_addressing_mode) copy[i + 1];
    else if (copy[i] == CL_SAMPLER_FILTER_MODE
        && copy[i + 1] == CL_FILTER_BICUBIC_QCOM) {
      copy[i + 1] = CL_FILTER_LINEAR;
      bicubic = TRUE;
    }
  }
  sampler = bicubic && refusing (status) ? NULL :
      target->clCreateSamplerWithProperties (context, copy, status);
  if (bicubic && sampler)
    note_bicubic_sampler (sampler, normalized, addressing);
  g_free (copy);
  return sampler;
}

static cl_int CL_API_CALL
layer_retain_sampler (cl_sampler sampler)
{
  cl_int status = target->clRetainSampler (sampler);
  gpointer refs;

  g_mutex_lock (&lock);
  if (status == CL_SUCCESS
      && g_hash_table_lookup_extended (samplers, sampler, NULL, &refs))
    g_hash_table_insert (samplers, sampler,
        GINT_TO_POINTER (GPOINTER_TO_INT (refs) + 1));
  g_mutex_unlock (&lock);
  return status;
}

static cl_int CL_API_CALL
layer_release_sampler (cl_sampler sampler)
{
  gpointer refs;
  cl_int status;

  /* Before the driver frees it: another thread may get its address. */
  g_mutex_lock (&lock);
  status = target->clReleaseSampler (sampler);
  if (status == CL_SUCCESS
      && g_hash_table_lookup_extended (samplers, sampler, NULL, &refs)) {
    if (GPOINTER_TO_INT (refs) > 1) {
      g_hash_table_insert (samplers, sampler,
          GINT_TO_POINTER (GPOINTER_TO_INT (refs) - 1));
    } else {
      g_hash_table_remove (samplers, sampler);
      counts.samplers_released++;
    }
  }
  g_mutex_unlock (&lock);
  return status;
}

/* A fresh kernel may have the address of a released one. */
static cl_kernel CL_API_CALL
layer_create_kernel (cl_program program, const char *name, cl_int * status)
{
  cl_kernel kernel;

  g_mutex_lock (&lock);
  kernel = target->clCreateKernel (program, name, status);
  if (kernel)
    g_hash_table_remove (kernels, kernel);
  g_mutex_unlock (&lock);
  return kernel;
}

static cl_int CL_API_CALL
layer_set_kernel_arg (cl_kernel kernel, cl_uint index, size_t size,
    const void *value)
{
  cl_int status = target->clSetKernelArg (kernel, index, size, value);
  guint64 mask;
  gboolean bicubic;

  if (status != CL_SUCCESS || index >= 64)
    return status;
  g_mutex_lock (&lock);
  bicubic = size == sizeof (cl_sampler) && value
      && g_hash_table_contains (samplers, *(const cl_sampler *) value);
  mask = GPOINTER_TO_SIZE (g_hash_table_lookup (kernels, kernel));
  mask = bicubic ? mask | (G_GUINT64_CONSTANT (1) << index) :
      mask & ~(G_GUINT64_CONSTANT (1) << index);
  g_hash_table_insert (kernels, kernel, GSIZE_TO_POINTER (mask));
  g_mutex_unlock (&lock);
  return status;
}

static cl_int CL_API_CALL
layer_enqueue_nd_range_kernel (cl_command_queue queue, cl_kernel kernel,
    cl_uint dims, const size_t *offset, const size_t *global,
    const size_t *local, cl_uint n_events, const cl_event * events,
    cl_event * event)
{
  cl_int status = target->clEnqueueNDRangeKernel (queue, kernel, dims, offset,
      global, local, n_events, events, event);

  g_mutex_lock (&lock);
  if (status == CL_SUCCESS && g_hash_table_lookup (kernels, kernel))
    counts.kernel_runs++;
  g_mutex_unlock (&lock);
  return status;
}

/* @source without the extension's pragma lines (left empty, so the
 * compiler's line numbers stay). */
static gchar *
without_pragma (const gchar * source, gsize length)
{
  static GRegex *pragma;
  gchar *text = length ? g_strndup (source, length) : g_strdup (source);
  gchar *result;

  if (g_once_init_enter (&pragma))
    g_once_init_leave (&pragma, g_regex_new ("^[ \\t]*#[ \\t]*pragma[ \\t]+"
            "OPENCL[ \\t]+EXTENSION[ \\t]+" EXTENSION "[ \\t]*:[ \\t]*"
            "(enable|disable)[ \\t]*$", G_REGEX_MULTILINE, 0, NULL));
  result = g_regex_replace_literal (pragma, text, -1, 0, "", 0, NULL);
  g_free (text);
  return result;
}

static cl_program CL_API_CALL
layer_create_program_with_source (cl_context context, cl_uint count,
    const char **strings, const size_t *lengths, cl_int * status)
{
  gchar **sources;
  cl_program program;

  if (strings == NULL)
    return target->clCreateProgramWithSource (context, count, strings,
        lengths, status);
  sources = g_new0 (gchar *, count + 1);
  for (cl_uint i = 0; i < count && strings[i]; i++)
    sources[i] = without_pragma (strings[i], lengths ? lengths[i] : 0);
  program = target->clCreateProgramWithSource (context, count,
      (const char **) sources, NULL, status);
  g_strfreev (sources);
  return program;
}

CL_API_ENTRY cl_int CL_API_CALL
clGetLayerInfo (cl_layer_info param, size_t value_size, void *value,
    size_t *value_size_ret)
{
  return layer_info ("gst-opencl test layer: " EXTENSION, param, value_size,
      value, value_size_ret);
}

CL_API_ENTRY cl_int CL_API_CALL
clInitLayer (cl_uint num_entries, const cl_icd_dispatch * target_dispatch,
    cl_uint * num_entries_ret, const cl_icd_dispatch ** layer_dispatch_ret)
{
  cl_int status = layer_init_dispatch (num_entries, target_dispatch,
      num_entries_ret, layer_dispatch_ret, &dispatch);

  if (status != CL_SUCCESS)
    return status;
  target = target_dispatch;
  samplers = g_hash_table_new (NULL, NULL);
  kernels = g_hash_table_new (NULL, NULL);

  dispatch.clGetDeviceInfo = layer_get_device_info;
  dispatch.clCreateSampler = layer_create_sampler;
  dispatch.clCreateSamplerWithProperties = layer_create_sampler_with_properties;
  dispatch.clRetainSampler = layer_retain_sampler;
  dispatch.clReleaseSampler = layer_release_sampler;
  dispatch.clCreateKernel = layer_create_kernel;
  dispatch.clSetKernelArg = layer_set_kernel_arg;
  dispatch.clEnqueueNDRangeKernel = layer_enqueue_nd_range_kernel;
  dispatch.clCreateProgramWithSource = layer_create_program_with_source;
  return CL_SUCCESS;
}
