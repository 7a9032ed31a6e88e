/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What clconvert and clconvertscale share: colour conversion between any
 * two of GST_CL_CONVERT_FORMATS, scaled with the (B, C) cubic where the
 * picture changes size, in one kernel (gstclconvertplan.h). The
 * subclasses say which caps they take and how they scale.
 */
#pragma once

#include "gstclfilter.h"
#include "gstclconvertplan.h"

G_BEGIN_DECLS

#define GST_TYPE_CL_BASE_CONVERT (gst_cl_base_convert_get_type ())
G_DECLARE_DERIVABLE_TYPE (GstCLBaseConvert, gst_cl_base_convert, GST,
    CL_BASE_CONVERT, GstCLFilter)

struct _GstCLBaseConvertClass
{
  GstCLFilterClass parent_class;

  /* Optional, called with the object lock held: the cubic and the
   * letterboxing that the frames to come are scaled with (the subclass's
   * properties). Without it: Catmull-Rom, antialiased, stretched. */
  void (*get_scaling) (GstCLBaseConvert * self,
      GstCLConvertScaleSettings * settings, gboolean * add_borders);
};

GstCaps *gst_cl_base_convert_caps_any_format (GstCaps * caps);

G_END_DECLS
