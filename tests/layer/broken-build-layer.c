/* gst-opencl: an OpenCL layer that fails program builds on purpose, so
 * that the tests see what a user sees when a kernel does not build.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Loaded by the ICD loader from OPENCL_LAYERS (the cl_loader_layers
 * interface of CL/cl_layer.h), it sits on the loader's dispatch table.
 * A build fails, with CL_BUILD_PROGRAM_FAILURE and a build log that says
 * why, where GST_CL_TEST_BROKEN_BUILD is "*" or a text its options
 * contain ("-DGST_CL_NATIVE_BICUBIC": the native kernels only). The
 * variable is read at each build, so that a test can set it for a while;
 * the build never reaches the compiler, which would print its count of
 * errors to the terminal. The rest goes to the driver unchanged.
 *
 * Built for the tests only, never installed.
 */

#include "layer-info.h"

#include <pthread.h>

#define BROKEN_LOG "error: broken on purpose by the test layer " \
    "(GST_CL_TEST_BROKEN_BUILD)"
#define MAX_BROKEN 64

static const cl_icd_dispatch *target;
static cl_icd_dispatch dispatch;

/* The programs whose last build this layer failed. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static cl_program broken[MAX_BROKEN];

static int
breaks_build (const char *options)
{
  const char *setting = getenv ("GST_CL_TEST_BROKEN_BUILD");

  if (setting == NULL || *setting == '\0')
    return 0;
  return strcmp (setting, "*") == 0 || (options && strstr (options, setting));
}

/* Records whether @program's last build was failed here. */
static void
mark_broken (cl_program program, int is_broken)
{
  cl_program *free_slot = NULL;

  pthread_mutex_lock (&lock);
  for (int i = 0; i < MAX_BROKEN; i++) {
    if (broken[i] == program) {
      broken[i] = NULL;
      free_slot = &broken[i];
    } else if (broken[i] == NULL && free_slot == NULL) {
      free_slot = &broken[i];
    }
  }
  if (is_broken && free_slot)
    *free_slot = program;
  pthread_mutex_unlock (&lock);
}

static int
is_broken (cl_program program)
{
  int found = 0;

  pthread_mutex_lock (&lock);
  for (int i = 0; i < MAX_BROKEN && !found; i++)
    found = broken[i] == program;
  pthread_mutex_unlock (&lock);
  return found;
}

static cl_int CL_API_CALL
layer_build_program (cl_program program, cl_uint num_devices,
    const cl_device_id * devices, const char *options,
    void (CL_CALLBACK * notify) (cl_program, void *), void *user_data)
{
  if (!breaks_build (options)) {
    mark_broken (program, 0);
    return target->clBuildProgram (program, num_devices, devices, options,
        notify, user_data);
  }
  mark_broken (program, 1);
  if (notify)
    notify (program, user_data);
  return CL_BUILD_PROGRAM_FAILURE;
}

static cl_int CL_API_CALL
layer_get_program_build_info (cl_program program, cl_device_id device,
    cl_program_build_info param, size_t value_size, void *value,
    size_t *value_size_ret)
{
  static const cl_build_status failed = CL_BUILD_ERROR;

  if (is_broken (program) && param == CL_PROGRAM_BUILD_LOG)
    return layer_return_info (BROKEN_LOG, sizeof (BROKEN_LOG), value_size,
        value, value_size_ret);
  if (is_broken (program) && param == CL_PROGRAM_BUILD_STATUS)
    return layer_return_info (&failed, sizeof (failed), value_size, value,
        value_size_ret);
  return target->clGetProgramBuildInfo (program, device, param, value_size,
      value, value_size_ret);
}

/* A released program's handle may come back for another program. */
static cl_int CL_API_CALL
layer_release_program (cl_program program)
{
  cl_uint references = 0;

  target->clGetProgramInfo (program, CL_PROGRAM_REFERENCE_COUNT,
      sizeof (references), &references, NULL);
  if (references <= 1)
    mark_broken (program, 0);
  return target->clReleaseProgram (program);
}

CL_API_ENTRY cl_int CL_API_CALL
clGetLayerInfo (cl_layer_info param, size_t value_size, void *value,
    size_t *value_size_ret)
{
  return layer_info ("gst-opencl test layer: broken builds", param,
      value_size, value, value_size_ret);
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
  dispatch.clBuildProgram = layer_build_program;
  dispatch.clGetProgramBuildInfo = layer_get_program_build_info;
  dispatch.clReleaseProgram = layer_release_program;
  return CL_SUCCESS;
}
