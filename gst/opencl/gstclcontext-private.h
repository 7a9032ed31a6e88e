/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GstCLContext's insides, for the library's own files; not installed.
 * Elements and applications use the accessors of gstclcontext.h.
 */
#pragma once

#include "gstclcontext.h"

G_BEGIN_DECLS

struct _GstCLContext
{
  GstObject parent;

  const GstCLDeviceInfo *info;
  cl_context context;
  /* In order; enqueueing is thread-safe, so elements in different streaming
   * threads share it. */
  cl_command_queue queue;
  /* On devices that do not share host memory: the reads of frames into
   * pinned host memory, which run on while the next frame is written to
   * the device (gst_cl_frame_download()). NULL elsewhere. */
  cl_command_queue download_queue;
  /* the clprofile debug category at DEBUG or more when it was made:
   * kernels are timed with profiling events */
  gboolean profiling;

  GMutex programs_lock;
  GHashTable *programs;         /* "name options" -> cl_program */
  gsize local_size[2];
  gint live[GST_CL_N_OBJECT_TYPES];     /* atomic */
  gint created[GST_CL_N_OBJECT_TYPES];  /* atomic, released or not */
  gint binaries_loaded;         /* atomic */
};

G_END_DECLS
