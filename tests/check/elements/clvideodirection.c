/* gst-opencl: clrotate's video-direction (GstVideoDirection)
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The reference is videoflip (gst-plugins-good), run in this process on
 * the same frames: the fixed directions must give its bytes exactly
 * (tolerance 0) and its output caps.
 *
 * - test_directions: every fixed direction x every clrotate format x both
 *   storages (storage=image, storage=buffer) x system or OpenCL memory on
 *   each pad (clupload before it, a capsfilter of OpenCL memory and
 *   cldownload after it), at an odd size (37x23) and an even one (32x18),
 *   on random bytes. A loop iteration is one storage and one memory
 *   pairing: one harness, whose frames change format, size and direction
 *   from case to case (so directions also change mid-stream, and
 *   renegotiate where the size changes). storage=image in a format the
 *   device holds in no image (PoCL: NV12) is refused by design and left
 *   out (elements/clrotate tests the refusal).
 * - auto: the image-orientation tag of each of its eight values against
 *   videoflip's auto fed the same tag; the rules of scopes and streams
 *   (a stream tag outranks global ones, a list without the tag takes it
 *   back, a new stream starts from none) and the tag passed on as
 *   rotate-0, against videoflip of the direction those rules give. The
 *   rules are videoflip's since GStreamer 1.24 (gstvideoflip.c,
 *   gst_video_flip_sink_event); an older videoflip applies every tag as it
 *   comes and passes it on unchanged, so these cases cannot run against it
 *   and state the rules themselves.
 * - navigation: a pointer on the output, as videoflip reports it upstream.
 * - the property: its default (custom, today's angle), its independence of
 *   angle, a fixed direction ignoring the custom settings, the pixel aspect
 *   ratio, and changes from another thread while playing, which
 *   renegotiate.
 */
#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>
#include <gst/video/video.h>

#include <string.h>

#include <gst/opencl/gstcldevice.h>
#include <gst/opencl/gstclframe.h>
#include <gst/opencl/gstclmemory.h>
#include "harness-helpers.h"
#include "reliability.h"

#define CL_FEATURE GST_CAPS_FEATURE_MEMORY_CL_MEMORY
#define SYSTEM_FEATURE GST_CAPS_FEATURE_MEMORY_SYSTEM_MEMORY

static const GstVideoOrientationMethod directions[] = {
  GST_VIDEO_ORIENTATION_IDENTITY, GST_VIDEO_ORIENTATION_90R,
  GST_VIDEO_ORIENTATION_180, GST_VIDEO_ORIENTATION_90L,
  GST_VIDEO_ORIENTATION_HORIZ, GST_VIDEO_ORIENTATION_VERT,
  GST_VIDEO_ORIENTATION_UL_LR, GST_VIDEO_ORIENTATION_UR_LL,
};

/* Every format clrotate takes (GST_CL_FORMATS). */
static const GstVideoFormat formats[] = {
  GST_VIDEO_FORMAT_RGBA, GST_VIDEO_FORMAT_BGRA, GST_VIDEO_FORMAT_ARGB,
  GST_VIDEO_FORMAT_ABGR, GST_VIDEO_FORMAT_RGBx, GST_VIDEO_FORMAT_BGRx,
  GST_VIDEO_FORMAT_xRGB, GST_VIDEO_FORMAT_xBGR, GST_VIDEO_FORMAT_GRAY8,
  GST_VIDEO_FORMAT_GRAY16_LE, GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_NV12,
};

static const struct
{
  gint width, height;
} sizes[] = {
  {37, 23},
  {32, 18},
};

static const gchar *
direction_nick (GstVideoOrientationMethod direction)
{
  GEnumClass *klass = g_type_class_ref (GST_TYPE_VIDEO_ORIENTATION_METHOD);
  const gchar *nick = g_enum_get_value (klass, direction)->value_nick;

  g_type_class_unref (klass);
  return nick;
}

/* Random bytes, every byte of the buffer (padding included). */
static GstBuffer *
random_frame (const GstVideoInfo * info, guint32 seed)
{
  GstBuffer *buffer = hh_random_bytes (info, seed);

  GST_BUFFER_PTS (buffer) = 0;
  GST_BUFFER_DURATION (buffer) = GST_SECOND / 30;
  return buffer;
}

/* NULL where @a (of @a_info) and @b (of @b_info) are the same picture:
 * the same format, size and pixel aspect ratio, and the same bytes in
 * every row of every plane (row padding is no part of it); else what
 * differs first. */
static gchar *
frame_difference (const GstVideoInfo * a_info, GstBuffer * a,
    const GstVideoInfo * b_info, GstBuffer * b)
{
  GstVideoFrame fa, fb;
  gchar *diff = NULL;
  guint p;
  gint y, i;

  if (GST_VIDEO_INFO_FORMAT (a_info) != GST_VIDEO_INFO_FORMAT (b_info)
      || a_info->width != b_info->width || a_info->height != b_info->height
      || a_info->par_n != b_info->par_n || a_info->par_d != b_info->par_d)
    return g_strdup_printf ("caps %s %dx%d (%d/%d), videoflip's %s %dx%d "
        "(%d/%d)", GST_VIDEO_INFO_NAME (a_info), a_info->width,
        a_info->height, a_info->par_n, a_info->par_d,
        GST_VIDEO_INFO_NAME (b_info), b_info->width, b_info->height,
        b_info->par_n, b_info->par_d);
  fail_unless (gst_video_frame_map (&fa, a_info, a, GST_MAP_READ));
  fail_unless (gst_video_frame_map (&fb, b_info, b, GST_MAP_READ));
  if (!hh_frames_equal (&fa, &fb, &p, &y, &i)) {
    const guint8 *ra = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&fa, p) +
        y * GST_VIDEO_FRAME_PLANE_STRIDE (&fa, p);
    const guint8 *rb = (const guint8 *) GST_VIDEO_FRAME_PLANE_DATA (&fb, p) +
        y * GST_VIDEO_FRAME_PLANE_STRIDE (&fb, p);

    diff = g_strdup_printf ("plane %u, row %d, byte %d: %u, videoflip's %u",
        p, y, i, ra[i], rb[i]);
  }
  gst_video_frame_unmap (&fb);
  gst_video_frame_unmap (&fa);
  return diff;
}

/* A videoflip with @props ("video-direction=90r", ...). */
static GstHarness *
videoflip_harness (const gchar * props)
{
  GstHarness *h = gst_harness_new_parse (props);

  gst_harness_set_sink_caps_str (h, "video/x-raw");
  return h;
}

/* What videoflip video-direction=@direction makes of @in (of @info); its
 * output caps in @out_info. */
static GstBuffer *
videoflip_frame (GstVideoOrientationMethod direction,
    const GstVideoInfo * info, GstBuffer * in, GstVideoInfo * out_info)
{
  gchar *props = g_strdup_printf ("videoflip video-direction=%s",
      direction_nick (direction));
  GstHarness *h = videoflip_harness (props);
  GstBuffer *out;

  gst_harness_set_src_caps (h, gst_video_info_to_caps (info));
  out = gst_harness_push_and_pull (h, gst_buffer_ref (in));
  fail_unless (out != NULL, "%s gave no frame", props);
  *out_info = hh_sink_info (h);
  gst_harness_teardown (h);
  g_free (props);
  return out;
}

/* Pushes @in (of @info) through @h, whose output must be videoflip's with
 * @direction (@what names the case). */
static void
check_against_videoflip (GstHarness * h, const GstVideoInfo * info,
    GstBuffer * in, GstVideoOrientationMethod direction, const gchar * what)
{
  GstVideoInfo out_info, want_info;
  GstBuffer *out = gst_harness_push_and_pull (h, gst_buffer_ref (in));
  GstBuffer *want = videoflip_frame (direction, info, in, &want_info);
  gchar *diff;

  fail_unless (out != NULL, "%s: no output frame", what);
  out_info = hh_sink_info (h);
  diff = frame_difference (&out_info, out, &want_info, want);
  fail_unless (diff == NULL, "%s: %s", what, diff);
  gst_buffer_unref (want);
  gst_buffer_unref (out);
}

/* Every direction, format, storage, memory pairing and size. */

typedef enum
{
  SYSTEM,
  OPENCL,
} Memory;

static const struct
{
  Memory in, out;
} pairings[] = {
  {SYSTEM, SYSTEM}, {SYSTEM, OPENCL}, {OPENCL, OPENCL}, {OPENCL, SYSTEM},
};

static const gchar *const storages[] = { "buffer", "image" };

static const gchar *
memory_feature (Memory memory)
{
  return memory == OPENCL ? CL_FEATURE : SYSTEM_FEATURE;
}

/* Whether clrotate's @pad_name pad has caps in @memory. */
static gboolean
pad_in_memory (GstElement * rotate, const gchar * pad_name, Memory memory)
{
  GstPad *pad = gst_element_get_static_pad (rotate, pad_name);
  GstCaps *caps = gst_pad_get_current_caps (pad);
  gboolean ok = caps && gst_caps_features_contains (gst_caps_get_features
      (caps, 0), memory_feature (memory));

  gst_clear_caps (&caps);
  gst_object_unref (pad);
  return ok;
}

GST_START_TEST (test_directions)
{
  const gchar *storage = storages[__i__ / G_N_ELEMENTS (pairings)];
  Memory in = pairings[__i__ % G_N_ELEMENTS (pairings)].in;
  Memory out = pairings[__i__ % G_N_ELEMENTS (pairings)].out;
  const GstCLDeviceInfo *device = gst_cl_device_select (NULL, NULL);
  GstContext *context = rel_new_shared_context ();
  gchar *description = g_strdup_printf ("%sclrotate name=under storage=%s ! "
      "capsfilter caps=\"video/x-raw(%s)\"%s", in == OPENCL ? "clupload ! " :
      "", storage, memory_feature (out), out == OPENCL ? " ! cldownload" : "");
  GError *error = NULL;
  GstElement *bin = gst_parse_bin_from_description (description, TRUE, &error);
  GstElement *rotate;
  GstHarness *h;
  guint n_cases = 0;

  fail_unless (bin != NULL, "%s: %s", description, error ? error->message : "");
  fail_unless (device != NULL);
  gst_element_set_context (bin, context);
  rotate = gst_bin_get_by_name (GST_BIN (bin), "under");
  h = gst_harness_new_with_element (bin, "sink", "src");
  gst_object_unref (bin);
  gst_harness_set_sink_caps_str (h, "video/x-raw");

  for (guint f = 0; f < G_N_ELEMENTS (formats); f++) {
    GstCLStorage kind = g_str_equal (storage, "image") ?
        GST_CL_STORAGE_IMAGE : GST_CL_STORAGE_BUFFER;

    if (!gst_cl_format_supported (formats[f], kind, device)) {
      GST_INFO ("%s: no %s images here", storage,
          gst_video_format_to_string (formats[f]));
      continue;
    }
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++) {
      GstVideoInfo info;
      GstBuffer *frame;

      gst_video_info_set_format (&info, formats[f], sizes[s].width,
          sizes[s].height);
      frame = random_frame (&info, 1000 * f + s);
      gst_harness_set_src_caps (h, gst_video_info_to_caps (&info));
      for (guint d = 0; d < G_N_ELEMENTS (directions); d++) {
        gchar *what = g_strdup_printf ("video-direction=%s storage=%s, %s "
            "%dx%d, %s -> %s", direction_nick (directions[d]), storage,
            gst_video_format_to_string (formats[f]), sizes[s].width,
            sizes[s].height, memory_feature (in), memory_feature (out));

        g_object_set (rotate, "video-direction", directions[d], NULL);
        check_against_videoflip (h, &info, frame, directions[d], what);
        fail_unless (pad_in_memory (rotate, "sink", in)
            && pad_in_memory (rotate, "src", out), "%s: not in the memories "
            "the case names", what);
        n_cases++;
        g_free (what);
      }
      gst_buffer_unref (frame);
    }
  }
  GST_INFO ("%u cases", n_cases);
  fail_unless (n_cases >= G_N_ELEMENTS (directions) * G_N_ELEMENTS (sizes));

  gst_object_unref (rotate);
  gst_harness_teardown (h);
  gst_context_unref (context);
  g_free (description);
}

GST_END_TEST;

/* auto: the image-orientation tag. */

static const struct
{
  const gchar *tag;
  GstVideoOrientationMethod direction;
} orientations[] = {
  {"rotate-0", GST_VIDEO_ORIENTATION_IDENTITY},
  {"rotate-90", GST_VIDEO_ORIENTATION_90R},
  {"rotate-180", GST_VIDEO_ORIENTATION_180},
  {"rotate-270", GST_VIDEO_ORIENTATION_90L},
  {"flip-rotate-0", GST_VIDEO_ORIENTATION_HORIZ},
  {"flip-rotate-90", GST_VIDEO_ORIENTATION_UR_LL},
  {"flip-rotate-180", GST_VIDEO_ORIENTATION_VERT},
  {"flip-rotate-270", GST_VIDEO_ORIENTATION_UL_LR},
};

/* A tag event of @scope with image-orientation @orientation (NULL: a
 * title only). */
static GstEvent *
tag_event (GstTagScope scope, const gchar * orientation)
{
  GstTagList *tags = orientation ?
      gst_tag_list_new (GST_TAG_IMAGE_ORIENTATION, orientation, NULL) :
      gst_tag_list_new (GST_TAG_TITLE, "no orientation", NULL);

  gst_tag_list_set_scope (tags, scope);
  return gst_event_new_tag (tags);
}

/* A harness around clrotate with @props, fed I420 37x23 (an odd size,
 * subsampled chroma) in system memory. */
static GstHarness *
rotate_harness (const gchar * props, GstVideoInfo * info)
{
  gchar *line = g_strdup_printf ("clrotate %s", props);
  GstHarness *h = gst_harness_new_parse (line);

  g_free (line);
  gst_harness_set_sink_caps_str (h, "video/x-raw");
  gst_video_info_set_format (info, GST_VIDEO_FORMAT_I420, 37, 23);
  gst_harness_set_src_caps (h, gst_video_info_to_caps (info));
  return h;
}

/* The first element of the harness's bin (clrotate, videoflip). */
static GstElement *
harness_element (GstHarness * h)
{
  GstIterator *it = gst_bin_iterate_elements (GST_BIN (h->element));
  GValue item = G_VALUE_INIT;
  GstElement *element;

  fail_unless_equals_int (gst_iterator_next (it, &item), GST_ITERATOR_OK);
  element = g_value_dup_object (&item);
  g_value_unset (&item);
  gst_iterator_free (it);
  return element;
}

/* The image-orientation of the last tag event of @scope that reached the
 * harness's sink (NULL where it had none); drops the events. */
static gchar *
pull_orientation (GstHarness * h, GstTagScope scope)
{
  GstEvent *event;
  gchar *orientation = NULL;
  gboolean seen = FALSE;

  while ((event = gst_harness_try_pull_event (h))) {
    if (GST_EVENT_TYPE (event) == GST_EVENT_TAG) {
      GstTagList *tags;

      gst_event_parse_tag (event, &tags);
      if (gst_tag_list_get_scope (tags) == scope) {
        g_free (orientation);
        orientation = NULL;
        gst_tag_list_get_string (tags, GST_TAG_IMAGE_ORIENTATION, &orientation);
        seen = TRUE;
      }
    }
    gst_event_unref (event);
  }
  fail_unless (seen, "no tag event came out");
  return orientation;
}

/* Each tag value, global or stream: the direction videoflip's auto takes
 * from it (fed the same events), and the tag passed on as rotate-0. */
GST_START_TEST (test_auto_tags)
{
  const gchar *tag = orientations[__i__].tag;

  for (guint scope = 0; scope < 2; scope++) {
    GstTagScope tag_scope = scope ? GST_TAG_SCOPE_GLOBAL : GST_TAG_SCOPE_STREAM;
    GstVideoInfo info, out_info, want_info;
    GstHarness *h = rotate_harness ("video-direction=auto", &info);
    GstHarness *vf = videoflip_harness ("videoflip video-direction=auto");
    GstBuffer *frame = random_frame (&info, 7 + __i__), *out, *want;
    gchar *what = g_strdup_printf ("%s tag %s", scope ? "global" : "stream",
        tag);
    gchar *diff, *orientation;

    gst_harness_set_src_caps (vf, gst_video_info_to_caps (&info));
    fail_unless (gst_harness_push_event (h, tag_event (tag_scope, tag)));
    fail_unless (gst_harness_push_event (vf, tag_event (tag_scope, tag)));
    out = gst_harness_push_and_pull (h, gst_buffer_ref (frame));
    want = gst_harness_push_and_pull (vf, gst_buffer_ref (frame));
    fail_unless (out != NULL && want != NULL);
    out_info = hh_sink_info (h);
    want_info = hh_sink_info (vf);
    diff = frame_difference (&out_info, out, &want_info, want);
    fail_unless (diff == NULL, "%s: %s", what, diff);
    gst_buffer_unref (want);
    gst_buffer_unref (out);

    /* ... which is the fixed direction of the tag */
    check_against_videoflip (h, &info, frame, orientations[__i__].direction,
        what);
    orientation = pull_orientation (h, tag_scope);
    fail_unless_equals_string (orientation, "rotate-0");
    g_free (orientation);

    gst_buffer_unref (frame);
    g_free (what);
    gst_harness_teardown (vf);
    gst_harness_teardown (h);
  }
}

GST_END_TEST;

/* The rules of scopes and streams, step by step: the events each step
 * pushes and the direction the next frame is turned by. */
GST_START_TEST (test_auto_scopes)
{
  GstVideoInfo info;
  GstHarness *h = rotate_harness ("video-direction=auto", &info);
  GstBuffer *frame = random_frame (&info, 99);
  gchar *orientation;

  /* no tag yet: identity */
  check_against_videoflip (h, &info, frame, GST_VIDEO_ORIENTATION_IDENTITY,
      "no tag");

  /* a global tag */
  gst_harness_push_event (h, tag_event (GST_TAG_SCOPE_GLOBAL, "rotate-90"));
  check_against_videoflip (h, &info, frame, GST_VIDEO_ORIENTATION_90R,
      "global rotate-90");
  orientation = pull_orientation (h, GST_TAG_SCOPE_GLOBAL);
  fail_unless_equals_string (orientation, "rotate-0");
  g_free (orientation);

  /* a stream tag outranks it ... */
  gst_harness_push_event (h, tag_event (GST_TAG_SCOPE_STREAM, "flip-rotate-0"));
  check_against_videoflip (h, &info, frame, GST_VIDEO_ORIENTATION_HORIZ,
      "stream flip-rotate-0 after global rotate-90");

  /* ... and the global tags that come after it (passed on as rotate-0
   * all the same) */
  gst_harness_push_event (h, tag_event (GST_TAG_SCOPE_GLOBAL, "rotate-180"));
  check_against_videoflip (h, &info, frame, GST_VIDEO_ORIENTATION_HORIZ,
      "global rotate-180 after stream flip-rotate-0");
  orientation = pull_orientation (h, GST_TAG_SCOPE_GLOBAL);
  fail_unless_equals_string (orientation, "rotate-0");
  g_free (orientation);

  /* stream tags without the orientation: back to the global tags' */
  gst_harness_push_event (h, tag_event (GST_TAG_SCOPE_STREAM, NULL));
  check_against_videoflip (h, &info, frame, GST_VIDEO_ORIENTATION_180,
      "stream tags without orientation");
  orientation = pull_orientation (h, GST_TAG_SCOPE_STREAM);
  fail_unless (orientation == NULL, "%s added", orientation);

  /* global tags without it: identity */
  gst_harness_push_event (h, tag_event (GST_TAG_SCOPE_GLOBAL, NULL));
  check_against_videoflip (h, &info, frame, GST_VIDEO_ORIENTATION_IDENTITY,
      "global tags without orientation");

  /* the same stream again keeps the orientation ... */
  gst_harness_push_event (h, tag_event (GST_TAG_SCOPE_GLOBAL, "rotate-270"));
  check_against_videoflip (h, &info, frame, GST_VIDEO_ORIENTATION_90L,
      "global rotate-270");
  {
    GstEvent *event = gst_pad_get_sticky_event (h->srcpad,
        GST_EVENT_STREAM_START, 0);
    const gchar *stream_id;

    fail_unless (event != NULL);
    gst_event_parse_stream_start (event, &stream_id);
    fail_unless (gst_harness_push_event (h,
            gst_event_new_stream_start (stream_id)));
    gst_event_unref (event);
  }
  check_against_videoflip (h, &info, frame, GST_VIDEO_ORIENTATION_90L,
      "the same stream-start again");

  /* ... a new stream starts from none */
  fail_unless (gst_harness_push_event (h,
          gst_event_new_stream_start ("another stream")));
  gst_harness_set_src_caps (h, gst_video_info_to_caps (&info));
  check_against_videoflip (h, &info, frame, GST_VIDEO_ORIENTATION_IDENTITY,
      "a new stream-start");

  gst_buffer_unref (frame);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Tags reach clrotate whatever its direction, and count once it is set to
 * auto; they pass on unchanged unless it is auto. */
GST_START_TEST (test_auto_later)
{
  GstVideoInfo info;
  GstHarness *h = rotate_harness ("video-direction=vert", &info);
  GstElement *rotate = harness_element (h);
  GstBuffer *frame = random_frame (&info, 5);
  gchar *orientation;

  gst_harness_push_event (h, tag_event (GST_TAG_SCOPE_STREAM,
          "flip-rotate-90"));
  check_against_videoflip (h, &info, frame, GST_VIDEO_ORIENTATION_VERT,
      "vert, with a stream tag flip-rotate-90");
  orientation = pull_orientation (h, GST_TAG_SCOPE_STREAM);
  fail_unless_equals_string (orientation, "flip-rotate-90");
  g_free (orientation);

  g_object_set (rotate, "video-direction", GST_VIDEO_ORIENTATION_AUTO, NULL);
  check_against_videoflip (h, &info, frame, GST_VIDEO_ORIENTATION_UR_LL,
      "set to auto after the tag");
  g_object_set (rotate, "video-direction", GST_VIDEO_ORIENTATION_CUSTOM,
      "angle", 0.0, NULL);
  check_against_videoflip (h, &info, frame, GST_VIDEO_ORIENTATION_IDENTITY,
      "back to custom, angle 0");

  gst_object_unref (rotate);
  gst_buffer_unref (frame);
  gst_harness_teardown (h);
}

GST_END_TEST;

/* Navigation: a pointer on the output goes upstream where videoflip sends
 * it (e.g. 90r: (y, output width - x)). */

/* The coordinates of the navigation event that reached @h's source. */
static void
pull_pointer (GstHarness * h, gdouble * x, gdouble * y)
{
  GstEvent *event;
  gboolean seen = FALSE;

  while ((event = gst_harness_try_pull_upstream_event (h))) {
    if (GST_EVENT_TYPE (event) == GST_EVENT_NAVIGATION) {
      fail_unless (gst_navigation_event_get_coordinates (event, x, y));
      seen = TRUE;
    }
    gst_event_unref (event);
  }
  fail_unless (seen, "no navigation event went upstream");
}

GST_START_TEST (test_navigation)
{
  static const gdouble points[][2] = { {5.5, 7.25}, {0, 0}, {22, 36} };

  for (guint d = 0; d < G_N_ELEMENTS (directions); d++) {
    gchar *props = g_strdup_printf ("video-direction=%s",
        direction_nick (directions[d]));
    gchar *vf_line = g_strdup_printf ("videoflip %s", props);
    GstVideoInfo info;
    GstHarness *h = rotate_harness (props, &info);
    GstHarness *vf = videoflip_harness (vf_line);
    GstBuffer *frame = random_frame (&info, d);

    gst_harness_set_src_caps (vf, gst_video_info_to_caps (&info));
    gst_buffer_unref (gst_harness_push_and_pull (h, gst_buffer_ref (frame)));
    gst_buffer_unref (gst_harness_push_and_pull (vf, gst_buffer_ref (frame)));
    for (guint i = 0; i < G_N_ELEMENTS (points); i++) {
      gdouble x = -1, y = -1, want_x = -2, want_y = -2;

      fail_unless (gst_harness_push_upstream_event (h,
              gst_navigation_event_new_mouse_move (points[i][0],
                  points[i][1], GST_NAVIGATION_MODIFIER_NONE)));
      fail_unless (gst_harness_push_upstream_event (vf,
              gst_navigation_event_new_mouse_move (points[i][0],
                  points[i][1], GST_NAVIGATION_MODIFIER_NONE)));
      pull_pointer (h, &x, &y);
      pull_pointer (vf, &want_x, &want_y);
      fail_unless (x == want_x && y == want_y, "%s: (%g, %g) -> (%g, %g), "
          "videoflip (%g, %g)", props, points[i][0], points[i][1], x, y,
          want_x, want_y);
    }
    /* 90r by hand: the output is 23x37 */
    if (directions[d] == GST_VIDEO_ORIENTATION_90R) {
      gdouble x, y;

      fail_unless (gst_harness_push_upstream_event (h,
              gst_navigation_event_new_mouse_button_press (1, 5, 7,
                  GST_NAVIGATION_MODIFIER_NONE)));
      pull_pointer (h, &x, &y);
      fail_unless_equals_float (x, 7);
      fail_unless_equals_float (y, 23 - 5);
    }
    gst_buffer_unref (frame);
    gst_harness_teardown (vf);
    gst_harness_teardown (h);
    g_free (vf_line);
    g_free (props);
  }
}

GST_END_TEST;

/* The property. */

GST_START_TEST (test_property)
{
  GstElement *rotate = gst_element_factory_make ("clrotate", NULL);
  GParamSpec *pspec;
  gint direction;
  gdouble angle;

  fail_unless (rotate != NULL);
  fail_unless (GST_IS_VIDEO_DIRECTION (rotate));
  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (rotate),
      "video-direction");
  fail_unless (pspec != NULL);
  fail_unless_equals_int (G_PARAM_SPEC_VALUE_TYPE (pspec),
      GST_TYPE_VIDEO_ORIENTATION_METHOD);
  fail_unless_equals_int (G_PARAM_SPEC_ENUM (pspec)->default_value,
      GST_VIDEO_ORIENTATION_CUSTOM);
  fail_unless (pspec->flags & GST_PARAM_MUTABLE_PLAYING);
  g_object_get (rotate, "video-direction", &direction, NULL);
  fail_unless_equals_int (direction, GST_VIDEO_ORIENTATION_CUSTOM);

  /* angle and video-direction leave each other as they are */
  g_object_set (rotate, "angle", 90.0, NULL);
  g_object_get (rotate, "video-direction", &direction, NULL);
  fail_unless_equals_int (direction, GST_VIDEO_ORIENTATION_CUSTOM);
  g_object_set (rotate, "video-direction", GST_VIDEO_ORIENTATION_180, NULL);
  g_object_get (rotate, "video-direction", &direction, "angle", &angle, NULL);
  fail_unless_equals_int (direction, GST_VIDEO_ORIENTATION_180);
  fail_unless_equals_float (angle, 90.0);
  gst_util_set_object_arg (G_OBJECT (rotate), "video-direction", "ur-ll");
  g_object_get (rotate, "video-direction", &direction, NULL);
  fail_unless_equals_int (direction, GST_VIDEO_ORIENTATION_UR_LL);
  gst_object_unref (rotate);
}

GST_END_TEST;

/* A fixed direction ignores angle, pivot, method, output-size and
 * background; custom with angle 90 and output-size=fit is 90l. */
GST_START_TEST (test_fixed_ignores_custom)
{
  static const struct
  {
    const gchar *props;
    GstVideoOrientationMethod as;
  } cases[] = {
    {"video-direction=180 angle=33 center-x=0.1 method=bicubic "
          "output-size=fit background=0x80ff0000", GST_VIDEO_ORIENTATION_180},
    {"video-direction=ul-lr angle=-10 method=bilinear",
        GST_VIDEO_ORIENTATION_UL_LR},
    {"video-direction=identity angle=45 output-size=fit",
        GST_VIDEO_ORIENTATION_IDENTITY},
    {"angle=90 output-size=fit", GST_VIDEO_ORIENTATION_90L},
    {"angle=-90 output-size=fit method=bicubic", GST_VIDEO_ORIENTATION_90R},
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    GstVideoInfo info;
    GstHarness *h = rotate_harness (cases[i].props, &info);
    GstBuffer *frame = random_frame (&info, 40 + i);

    check_against_videoflip (h, &info, frame, cases[i].as, cases[i].props);
    gst_buffer_unref (frame);
    gst_harness_teardown (h);
  }
}

GST_END_TEST;

/* A direction that transposes inverts the pixel aspect ratio, as
 * videoflip does. */
GST_START_TEST (test_pixel_aspect_ratio)
{
  for (guint d = 0; d < G_N_ELEMENTS (directions); d++) {
    gchar *props = g_strdup_printf ("clrotate video-direction=%s",
        direction_nick (directions[d]));
    GstHarness *h = gst_harness_new_parse (props);
    GstVideoInfo info;
    GstBuffer *frame;

    gst_harness_set_sink_caps_str (h, "video/x-raw");
    gst_video_info_set_format (&info, GST_VIDEO_FORMAT_RGBA, 37, 23);
    info.par_n = 4;
    info.par_d = 3;
    gst_harness_set_src_caps (h, gst_video_info_to_caps (&info));
    frame = random_frame (&info, d);
    check_against_videoflip (h, &info, frame, directions[d], props);
    gst_buffer_unref (frame);
    gst_harness_teardown (h);
    g_free (props);
  }
}

GST_END_TEST;

/* Changes from another thread while playing: each frame is whole, in the
 * direction before the change or after it, and a change of size
 * renegotiates. */

typedef struct
{
  GstElement *rotate;
  GstVideoOrientationMethod direction;
} DirectionChange;

static gpointer
change_direction (gpointer data)
{
  DirectionChange *change = data;

  g_object_set (change->rotate, "video-direction", change->direction, NULL);
  return NULL;
}

/* Pulls samples from @sink until one is videoflip's @to of @source (of
 * @info), failing on any that is neither that nor @from's. */
static void
pull_until (GstElement * sink, const GstVideoInfo * info, GstBuffer * source,
    GstVideoOrientationMethod from, GstVideoOrientationMethod to)
{
  GstVideoInfo from_info, to_info;
  GstBuffer *from_frame = videoflip_frame (from, info, source, &from_info);
  GstBuffer *to_frame = videoflip_frame (to, info, source, &to_info);
  gboolean arrived = FALSE;

  for (guint n = 0; n < 100 && !arrived; n++) {
    GstSample *sample = gst_app_sink_pull_sample (GST_APP_SINK (sink));
    GstVideoInfo got;
    gchar *as_from, *as_to;

    fail_unless (sample != NULL, "the stream ended");
    fail_unless (gst_video_info_from_caps (&got, gst_sample_get_caps (sample)));
    as_from = frame_difference (&got, gst_sample_get_buffer (sample),
        &from_info, from_frame);
    as_to = frame_difference (&got, gst_sample_get_buffer (sample),
        &to_info, to_frame);
    fail_unless (as_from == NULL || as_to == NULL, "%s -> %s: a frame that "
        "is neither (%s; %s)", direction_nick (from), direction_nick (to),
        as_from, as_to);
    arrived = as_to == NULL;
    g_free (as_from);
    g_free (as_to);
    gst_sample_unref (sample);
  }
  fail_unless (arrived, "%s -> %s: not applied after 100 frames",
      direction_nick (from), direction_nick (to));
  gst_buffer_unref (to_frame);
  gst_buffer_unref (from_frame);
}

/* The same frame again and again, timed. */
static void
feed (GstAppSrc * src, guint length, gpointer frame)
{
  static guint64 n;
  GstBuffer *buffer = gst_buffer_copy (frame);

  GST_BUFFER_PTS (buffer) = n++ * GST_BUFFER_DURATION (buffer);
  gst_app_src_push_buffer (src, buffer);
}

GST_START_TEST (test_change_while_playing)
{
  static const GstVideoOrientationMethod steps[] = {
    GST_VIDEO_ORIENTATION_90R,  /* renegotiates: 23x37 */
    GST_VIDEO_ORIENTATION_UR_LL,        /* the same size */
    GST_VIDEO_ORIENTATION_180,  /* renegotiates: 37x23 */
    GST_VIDEO_ORIENTATION_CUSTOM,       /* angle 0: passes frames through */
  };
  GstElement *pipeline = gst_parse_launch ("appsrc name=src format=time ! "
      "clrotate name=rotate ! appsink name=sink sync=false max-buffers=2",
      NULL);
  GstElement *src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  GstElement *rotate = gst_bin_get_by_name (GST_BIN (pipeline), "rotate");
  GstElement *sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  GstVideoOrientationMethod from = GST_VIDEO_ORIENTATION_IDENTITY;
  GstSample *sample;
  GstVideoInfo info;
  GstBuffer *source;
  GstCaps *caps;

  gst_video_info_set_format (&info, GST_VIDEO_FORMAT_I420, 37, 23);
  source = random_frame (&info, 1234);
  caps = gst_video_info_to_caps (&info);
  g_object_set (src, "caps", caps, NULL);
  gst_caps_unref (caps);
  g_signal_connect (src, "need-data", G_CALLBACK (feed), source);
  fail_unless_equals_int (gst_element_set_state (pipeline,
          GST_STATE_PLAYING), GST_STATE_CHANGE_ASYNC);
  /* the default, custom at angle 0: the source's frame as it is */
  sample = gst_app_sink_pull_sample (GST_APP_SINK (sink));
  fail_unless (sample != NULL);
  fail_unless (frame_difference (&info, gst_sample_get_buffer (sample),
          &info, source) == NULL);
  gst_sample_unref (sample);

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++) {
    DirectionChange change = { rotate, steps[i] };
    GstVideoOrientationMethod to = steps[i] == GST_VIDEO_ORIENTATION_CUSTOM ?
        GST_VIDEO_ORIENTATION_IDENTITY : steps[i];

    g_thread_join (g_thread_new ("change", change_direction, &change));
    pull_until (sink, &info, source, from, to);
    from = to;
  }

  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_buffer_unref (source);
  gst_object_unref (sink);
  gst_object_unref (rotate);
  gst_object_unref (src);
  gst_object_unref (pipeline);
}

GST_END_TEST;

static Suite *
clvideodirection_suite (void)
{
  Suite *s = suite_create ("clvideodirection");
  TCase *tc = tcase_create ("general");

  suite_add_tcase (s, tc);
  tcase_add_loop_test (tc, test_directions, 0,
      G_N_ELEMENTS (storages) * G_N_ELEMENTS (pairings));
  tcase_add_loop_test (tc, test_auto_tags, 0, G_N_ELEMENTS (orientations));
  tcase_add_test (tc, test_auto_scopes);
  tcase_add_test (tc, test_auto_later);
  tcase_add_test (tc, test_navigation);
  tcase_add_test (tc, test_property);
  tcase_add_test (tc, test_fixed_ignores_custom);
  tcase_add_test (tc, test_pixel_aspect_ratio);
  tcase_add_test (tc, test_change_while_playing);
  return s;
}

GST_CHECK_MAIN (clvideodirection);
