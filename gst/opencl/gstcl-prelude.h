/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * GST_CL_API marks what the gstopencl-1.0 library exports; everything else
 * in it stays internal to the library.
 */
#pragma once

#include <gst/gst.h>

/* The OpenCL API the library is written against. */
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif

#ifdef BUILDING_GST_CL
#define GST_CL_API GST_API_EXPORT
#else
#define GST_CL_API GST_API_IMPORT
#endif
