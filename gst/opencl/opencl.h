/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The gstopencl-1.0 library: everything an element or an application needs
 * to run OpenCL kernels on GStreamer video frames.
 */
#pragma once

#include <gst/opencl/gstcl-prelude.h>
#include <gst/opencl/gstcldevice.h>
#include <gst/opencl/gstclcontext.h>
#include <gst/opencl/gstclmemory.h>
#include <gst/opencl/gstclpinned.h>
#include <gst/opencl/gstclbufferpool.h>
#include <gst/opencl/gstclargs.h>
#include <gst/opencl/gstclframe.h>
#include <gst/opencl/gstcltransfer.h>
