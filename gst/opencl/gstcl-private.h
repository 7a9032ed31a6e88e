/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The library's debug categories; not installed.
 */
#pragma once

#include <gst/gst.h>

G_BEGIN_DECLS

GST_DEBUG_CATEGORY_EXTERN (gst_cl_context_debug);     /* clcontext */
GST_DEBUG_CATEGORY_EXTERN (gst_cl_frame_debug);       /* clframe */
GST_DEBUG_CATEGORY_EXTERN (gst_cl_pinned_debug);      /* clpinned */
GST_DEBUG_CATEGORY_EXTERN (gst_cl_profile_debug);     /* clprofile */
GST_DEBUG_CATEGORY_EXTERN (gst_cl_transfer_debug);    /* cltransfer */

G_GNUC_INTERNAL
void gst_cl_debug_init (void);

G_END_DECLS
