/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Cases of clboxblur's rule for storage=auto, shared by the planner's test
 * (the rule itself) and the element's (the storage it chose).
 */
#pragma once

#include <gst/video/video.h>

#include "gstclboxblurplan.h"

/* storage=auto's rule for the blur on GPUs: buffers on devices with
 * NVIDIA's warps for 4-channel planes at any radius, for others up to
 * radius 24 along both axes, whatever the method; never on other
 * devices. */
static const struct
{
  GstVideoFormat format;
  GstCLBoxBlurMethod method;
  gint rx, ry;
  gboolean buffers;             /* on devices with NVIDIA's warps */
} storage_rule_cases[] = {
  {GST_VIDEO_FORMAT_RGBA, GST_CL_BOX_BLUR_METHOD_AUTO, 1, 1, TRUE},
  {GST_VIDEO_FORMAT_RGBA, GST_CL_BOX_BLUR_METHOD_AUTO, 100, 100, TRUE},
  {GST_VIDEO_FORMAT_RGBA, GST_CL_BOX_BLUR_METHOD_SAT, 25, 1, TRUE},
  {GST_VIDEO_FORMAT_BGRx, GST_CL_BOX_BLUR_METHOD_SEPARABLE, 400, 3, TRUE},
  {GST_VIDEO_FORMAT_GRAY8, GST_CL_BOX_BLUR_METHOD_AUTO, 1, 1, TRUE},
  {GST_VIDEO_FORMAT_GRAY8, GST_CL_BOX_BLUR_METHOD_AUTO, 9, 10, TRUE},
  {GST_VIDEO_FORMAT_GRAY8, GST_CL_BOX_BLUR_METHOD_AUTO, 24, 3, TRUE},
  {GST_VIDEO_FORMAT_GRAY8, GST_CL_BOX_BLUR_METHOD_AUTO, 24, 25, FALSE},
  {GST_VIDEO_FORMAT_GRAY8, GST_CL_BOX_BLUR_METHOD_AUTO, 100, 100, FALSE},
  {GST_VIDEO_FORMAT_GRAY8, GST_CL_BOX_BLUR_METHOD_SAT, 3, 3, TRUE},
  {GST_VIDEO_FORMAT_GRAY8, GST_CL_BOX_BLUR_METHOD_SAT, 25, 1, FALSE},
  {GST_VIDEO_FORMAT_GRAY8, GST_CL_BOX_BLUR_METHOD_SEPARABLE, 15, 24, TRUE},
  {GST_VIDEO_FORMAT_GRAY8, GST_CL_BOX_BLUR_METHOD_SEPARABLE, 25, 15, FALSE},
  {GST_VIDEO_FORMAT_NV12, GST_CL_BOX_BLUR_METHOD_AUTO, 24, 24, TRUE},
  {GST_VIDEO_FORMAT_NV12, GST_CL_BOX_BLUR_METHOD_AUTO, 3, 30, FALSE},
};
