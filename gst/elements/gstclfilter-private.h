/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * What GstCLFilter's two files share, not for its subclasses: the
 * element (gstclfilter.c: the storage property, the device frames,
 * passthrough and the per-frame path) keeps in its instance the state of
 * its caps side (gstclfiltercaps.c: what the device serves, and why
 * negotiation fails).
 */
#pragma once

#include "gstclfilter.h"

G_BEGIN_DECLS

GST_DEBUG_CATEGORY_EXTERN (gst_cl_filter_debug);        /* clfilter */

/* The caps side's part of a filter's instance. */
typedef struct
{
  /* READY and up */
  GstCaps *device_caps;         /* what the device serves */
  gchar *device_limits;         /* why it serves less than every caps, or
                                 * NULL where it serves every caps */
  GstCaps *refused;             /* the last caps event refused */
  gboolean prefer_unchanged;    /* GstBaseTransform's prefer-passthrough */
} GstCLFilterCapsState;

GstCLFilterCapsState *gst_cl_filter_get_caps_state (GstCLFilter * filter);

void gst_cl_filter_caps_open (GstCLFilter * filter, GstCLStorage setting);

void gst_cl_filter_caps_close (GstCLFilter * filter);

gboolean gst_cl_filter_refused_by_device (GstCLFilter * filter,
    GstCaps * caps, gchar ** limits);

gboolean gst_cl_filter_peers_servable (GstCLFilter * filter);

GstPadProbeReturn gst_cl_filter_check_caps_event (GstPad * pad,
    GstPadProbeInfo * info, gpointer filter);

G_END_DECLS
