/* gst-opencl: helpers of the reliability tests (leaks, load, bad input).
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gst/check/gstcheck.h>
#include <gst/check/gstharness.h>
#include <gst/video/video.h>

#include <gst/opencl/gstclcontext.h>

G_BEGIN_DECLS

/* One cl element, as the tests that run "all the elements" use it. */
typedef struct
{
  const gchar *factory;
  const gchar *properties;      /* "name=value ..." that make it do work */
  const gchar *changing;        /* a property that may change while
                                 * playing (the load test turns it), or NULL */
  const gchar *const *values;   /* values the load test gives @changing */
  gboolean resizes;             /* needs a capsfilter after it to work */
} RelElement;

extern const RelElement rel_elements[];
extern const guint rel_n_elements;

gboolean rel_element_available (const RelElement * element);

gchar *rel_chain_description (const gchar * storage, gint out_width,
    gint out_height);

void rel_set_properties (GObject * object, const gchar * properties);

GstElement *rel_make_element (const RelElement * element,
    const gchar * storage);

GstHarness *rel_harness_new (const gchar * factory,
    const gchar * properties, GstBus * bus);

GstHarness *rel_element_harness (const RelElement * element,
    const gchar * storage, const GstVideoInfo * in, GstBus * bus);

/* Counts: GST_CL_TEST_SLOW=1 (scripts/check-slow.sh) asks for the full
 * ones. */
guint rel_count (guint quick, guint slow);

gsize rel_rss_kib (void);

GstBuffer *rel_noise_buffer (const GstVideoInfo * info, guint32 seed);

gchar *rel_frame_digest (const GstVideoInfo * info, GstBuffer * buffer);

gchar *rel_sample_digest (GstSample * sample);

/* The GstCLContext (the plugin's instance; this binary has its own copy of
 * the type, so only the struct is used) and its context wrapped for
 * gst_element_set_context(). */
GstCLContext *rel_query_cl_context (GstElement * element);

GstContext *rel_new_shared_context (void);

GstCLContext *rel_dup_cl_context (GstContext * context);

/* The OpenCL objects made through a GstCLContext and not yet released,
 * as the runtime counts them (gst_cl_context_count_live): the same on
 * every driver, unlike the drivers' reference counts. */
typedef struct
{
  gint queues;
  gint programs;
  gint kernels;
  gint mems;
  gint samplers;
  gint events;                  /* references our code holds */
} RelCLObjects;

RelCLObjects rel_count_cl_objects (GstCLContext * context);

gchar *rel_cl_objects_to_string (const RelCLObjects * objects);

gboolean rel_cl_objects_equal (const RelCLObjects * a, const RelCLObjects * b);

GstMessage *rel_run_to_eos (GstElement * pipeline);

/* How long an object may outlive the test's last reference to it: a
 * pipeline just set to NULL can still be held for a moment by a thread of
 * GStreamer's thread pool, which then drops the last reference itself (and
 * with it, through the appsink, the last frame of a pool); a leaked object
 * stays alive. */
#define REL_RELEASE_WAIT_MS 2000

gboolean rel_unref_and_wait (gpointer object);

void rel_release_pipeline (GstElement * pipeline, const gchar * what);

void rel_assert_device_idle (GstCLContext * context, const gchar * what);

/* What a cl element says of its frames in its debug lines, from
 * rel_frames_watch_start() to rel_frames_watch_stop(): the buffers in
 * OpenCL memory that "go through host memory" (mapped for the host, not
 * used on the device), and the storage it chose at its last caps
 * ("frames in images" or "buffers"). The element's type is the plugin's,
 * not the test's, so its own functions cannot be called. */
typedef struct
{
  GstElement *element;          /* a reference */
  gint host_frames;
  gint storage;                 /* a GstCLStorage, or -1 before the line */
} RelFramesWatch;

void rel_frames_watch_start (RelFramesWatch * watch, GstElement * element);

void rel_frames_watch_stop (RelFramesWatch * watch);

G_END_DECLS
