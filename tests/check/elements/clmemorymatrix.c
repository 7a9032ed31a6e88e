/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every memory pairing of every element, from tables: clbicubicscale,
 * clrotate and clboxblur, each
 *
 * - fed system or OpenCL memory (clupload before it) and giving system or
 *   OpenCL memory (a capsfilter of video/x-raw(memory:OpenCLMemory) after
 *   it, then cldownload, which is exact),
 * - with settings that make it an identity (clbicubicscale at the same
 *   size in and out, clrotate angle=0, clboxblur radius=0) and settings
 *   that do not (clbicubicscale to another size, clrotate angle=10 at the
 *   same size and with output-size=fit, which changes the size, clboxblur
 *   radius=2),
 * - with each frame storage (storage=buffer, storage=image),
 * - in RGBA, NV12, I420 and GRAY16_LE, at an odd size (33x17) and at 1x1,
 *
 * gives the bytes it gives with system memory on both sides (same
 * settings, same storage), with no tolerance: the outputs in system and in
 * OpenCL memory are the same by design. An identity also gives its input.
 * clupload and cldownload, fed frames in either memory (also frames whose
 * rows and planes are padded, as a video meta says), give their input's
 * bytes. Each pipeline gets two frames of noise from an appsrc and shares
 * the test's OpenCL context; once it is gone the context holds no kernel,
 * memory object, sampler or event.
 *
 * Left out, as impossible:
 * - an identity that changes the size: an identity gives its input;
 * - clbicubicscale with the same caps in and out but settings that are not
 *   an identity: at the same caps it is one, whatever its filter;
 * - clboxblur at another size: it never changes the size;
 * - clupload and cldownload with a storage or with other settings: they
 *   have no storage property and never change pixels or size; clupload
 *   giving system memory and cldownload giving OpenCL memory: their source
 *   pads take only that memory;
 * - storage=image in a format the device has no image format for (PoCL has
 *   no two-channel images, so no NV12): the filters refuse such caps, by
 *   design (elements/clkernels).
 *
 * gst-check runs each loop iteration in a process of its own, which costs
 * PoCL about 0.1 s to start: an iteration runs a group of cases, and
 * reports every case of the group that fails, not only the first. An
 * identity fed one memory and giving the other runs each case in an
 * iteration of its own (test_identity_across_memories), so that a crash
 * there fails that case alone. A crash names its case on stderr.
 *
 * The tcase "valgrind-slice" holds the cases that scripts/check-slow.sh
 * runs under memcheck (CK_RUN_CASE=valgrind-slice): clbicubicscale's
 * identity across memories, and clupload and cldownload fed padded frames,
 * in RGBA and NV12; the tcase "matrix" holds the others, so that a run of
 * the whole test runs each case once.
 */
#include <gst/app/gstappsink.h>
#include <gst/app/gstappsrc.h>

#include <signal.h>
#include <string.h>
#include <unistd.h>

#include <gst/opencl/gstclframe.h>
#include <gst/opencl/gstclmemory.h>
#include "harness-helpers.h"
#include "reliability.h"

#define CL_FEATURE GST_CAPS_FEATURE_MEMORY_CL_MEMORY
#define SYSTEM_FEATURE GST_CAPS_FEATURE_MEMORY_SYSTEM_MEMORY

#define N_FRAMES 2
#define FRAME_DURATION (GST_SECOND / 25)

typedef enum
{
  SYSTEM,
  OPENCL,
} Memory;

/* The memory on the element's sink and source pads; bit i of a mask of
 * pairings is pairings[i]. */
static const struct
{
  Memory in, out;
} pairings[] = {
  {SYSTEM, SYSTEM}, {SYSTEM, OPENCL}, {OPENCL, OPENCL}, {OPENCL, SYSTEM},
};

#define SYS_SYS (1 << 0)
#define SYS_CL (1 << 1)
#define CL_CL (1 << 2)
#define CL_SYS (1 << 3)
#define ALL_PAIRINGS (SYS_SYS | SYS_CL | CL_CL | CL_SYS)

typedef enum
{
  SIZE_SAME,                    /* the input's */
  SIZE_SCALED,                  /* the one the capsfilter after it asks */
  SIZE_FIT,                     /* another, of the element's choosing */
} OutputSize;

typedef struct
{
  const gchar *factory;
  const gchar *settings;        /* "name=value ...", or NULL */
  gboolean identity;            /* gives its input */
  OutputSize size;
  gboolean has_storage;         /* has the storage property */
  guint pairings;               /* those its pad templates allow */
} ElementSetting;

static const ElementSetting element_settings[] = {
  {"clbicubicscale", NULL, TRUE, SIZE_SAME, TRUE, ALL_PAIRINGS},
  {"clbicubicscale", NULL, FALSE, SIZE_SCALED, TRUE, ALL_PAIRINGS},
  {"clrotate", "angle=0", TRUE, SIZE_SAME, TRUE, ALL_PAIRINGS},
  {"clrotate", "angle=10", FALSE, SIZE_SAME, TRUE, ALL_PAIRINGS},
  {"clrotate", "angle=10 output-size=fit", FALSE, SIZE_FIT, TRUE,
      ALL_PAIRINGS},
  {"clboxblur", "radius=0", TRUE, SIZE_SAME, TRUE, ALL_PAIRINGS},
  {"clboxblur", "radius=2", FALSE, SIZE_SAME, TRUE, ALL_PAIRINGS},
  {"clupload", NULL, TRUE, SIZE_SAME, FALSE, SYS_CL | CL_CL},
  {"cldownload", NULL, TRUE, SIZE_SAME, FALSE, SYS_SYS | CL_SYS},
};

static const gchar *const storages[] = { "buffer", "image" };

static const gchar *const formats[] = { "RGBA", "NV12", "I420", "GRAY16_LE" };

typedef struct
{
  gint width, height;
  gint scaled_width, scaled_height;     /* clbicubicscale's other size */
} FrameSize;

static const FrameSize sizes[] = {
  {33, 17, 47, 29},
  {1, 1, 5, 3},
};

/* One line of the matrix: an element's setting, storage, format, size and
 * input layout, and the memory pairings it runs. */
typedef struct
{
  const ElementSetting *element;
  const gchar *storage;         /* NULL without the storage property */
  const gchar *format;
  const FrameSize *size;
  gboolean padded;              /* rows and planes of the input padded */
  guint pairings;
} MatrixCase;

/* The groups of cases (GArrays of MatrixCase) of each loop test, a group
 * a loop iteration, filled once, before gst-check forks: the filters'
 * (test_pairings), their identities across memories, one case a group
 * (test_identity_across_memories), and clupload's and cldownload's
 * (test_upload_download). The groups of the valgrind slice come first:
 * the first n_slice_* of them. */
static GPtrArray *pairing_groups;
static GPtrArray *across_groups;
static GPtrArray *transfer_groups;
static guint n_slice_across, n_slice_transfer;

static GstContext *shared_context;
static GstCLContext *shared_cl_context;

/* What failed in this loop iteration, a line a case. */
static GString *failures;

/* What a crash writes, naming the case of the last pipeline run (memory
 * it spoilt may bring the crash later, on a free): gst-check reports only
 * the signal, and the line of the last assertion that passed. Not on the
 * heap, which the crash may have spoilt. */
static gchar crash_line[1024];

static const int crash_signals[] = { SIGSEGV, SIGABRT, SIGBUS, SIGFPE };

/* The first thread to crash writes crash_line (with a call that is safe
 * in a signal handler) and dies of its signal as it would have; threads
 * that crash meanwhile (the device's, running the same kernel) wait to die
 * with it. */
static void
name_crash (int sig)
{
  static gint claimed;

  if (!g_atomic_int_compare_and_exchange (&claimed, 0, 1)) {
    for (;;)
      pause ();
  }
  if (crash_line[0]) {
    G_GNUC_UNUSED ssize_t n;

    n = write (STDERR_FILENO, crash_line, strlen (crash_line));
  }
  signal (sig, SIG_DFL);
  raise (sig);
}

static struct sigaction before_crash_handler[G_N_ELEMENTS (crash_signals)];

/* The crash handler is set once the context is made: a driver may load
 * LLVM then (PoCL does), whose own handlers would replace it, and do not
 * pass SIGABRT on. */
static void
set_up (void)
{
  struct sigaction action = { 0, };

  crash_line[0] = '\0';
  failures = g_string_new (NULL);
  shared_context = rel_new_shared_context ();
  shared_cl_context = rel_dup_cl_context (shared_context);
  action.sa_handler = name_crash;
  for (guint i = 0; i < G_N_ELEMENTS (crash_signals); i++)
    sigaction (crash_signals[i], &action, &before_crash_handler[i]);
}

/* Nothing but the test holds the context any more: it is finalized. */
static void
tear_down (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (crash_signals); i++)
    sigaction (crash_signals[i], &before_crash_handler[i], NULL);
  g_string_free (failures, TRUE);
  gst_context_unref (shared_context);
  fail_unless (rel_unref_and_wait (shared_cl_context),
      "the OpenCL context outlives the pipelines");
}

/* Records a failure, for the end of the iteration to report with the
 * others. */
static void
note_failure (const gchar * format, ...)
{
  va_list args;

  va_start (args, format);
  g_string_append_vprintf (failures, format, args);
  va_end (args);
  g_string_append_c (failures, '\n');
}

static const gchar *
memory_name (Memory memory)
{
  return memory == OPENCL ? "OpenCL memory" : "system memory";
}

static const gchar *
memory_feature (Memory memory)
{
  return memory == OPENCL ? CL_FEATURE : SYSTEM_FEATURE;
}

/* What a failure says of @c run with pairing @p, e.g. "clrotate angle=10
 * storage=image, I420 33x17, system memory -> OpenCL memory". */
static gchar *
case_name (const MatrixCase * c, guint p)
{
  const ElementSetting *e = c->element;
  GString *s = g_string_new (e->factory);

  if (e->settings)
    g_string_append_printf (s, " %s", e->settings);
  if (c->storage)
    g_string_append_printf (s, " storage=%s", c->storage);
  g_string_append_printf (s, ", %s %dx%d", c->format, c->size->width,
      c->size->height);
  if (e->size == SIZE_SCALED)
    g_string_append_printf (s, " -> %dx%d", c->size->scaled_width,
        c->size->scaled_height);
  if (c->padded)
    g_string_append (s, " (padded rows and planes)");
  g_string_append_printf (s, ", %s -> %s", memory_name (pairings[p].in),
      memory_name (pairings[p].out));
  return g_string_free (s, FALSE);
}

/* "appsrc ! [clupload !] element ! capsfilter [! cldownload] ! appsink":
 * the element, named "under", fed and giving the memories of pairing @p;
 * the appsink always gets system memory. */
static gchar *
pipeline_description (const MatrixCase * c, guint p)
{
  const ElementSetting *e = c->element;
  GString *s = g_string_new ("appsrc name=src format=time ! ");

  if (pairings[p].in == OPENCL)
    g_string_append (s, "clupload ! ");
  g_string_append_printf (s, "%s name=under", e->factory);
  if (e->settings)
    g_string_append_printf (s, " %s", e->settings);
  if (c->storage)
    g_string_append_printf (s, " storage=%s", c->storage);
  g_string_append_printf (s, " ! capsfilter caps=\"video/x-raw(%s)",
      memory_feature (pairings[p].out));
  if (e->size == SIZE_SAME)
    g_string_append_printf (s, ", width=%d, height=%d", c->size->width,
        c->size->height);
  else if (e->size == SIZE_SCALED)
    g_string_append_printf (s, ", width=%d, height=%d",
        c->size->scaled_width, c->size->scaled_height);
  g_string_append (s, "\"");
  if (pairings[p].out == OPENCL)
    g_string_append (s, " ! cldownload");
  g_string_append (s, " ! appsink name=sink sync=false wait-on-eos=false");
  return g_string_free (s, FALSE);
}

/* @frame (of @info) copied into rows longer than its pixels, each plane a
 * few bytes after the end of the one before, as a video meta says: the
 * layout of a producer with alignment rules of its own. The padding bytes
 * are set, so that memcheck takes no read of them for an error. */
static GstBuffer *
padded_copy (const GstVideoInfo * info, GstBuffer * frame)
{
  GstBuffer *buffer = hh_padded_buffer (info, 24, 24, 3, 0xa5);

  hh_copy_pixels (info, frame, buffer);
  return buffer;
}

/* The input frames of @c (of @info): noise, the same for a format and
 * size in every run, with timestamps. */
static GPtrArray *
input_frames (const MatrixCase * c, const GstVideoInfo * info)
{
  GPtrArray *frames = g_ptr_array_new_with_free_func ((GDestroyNotify)
      gst_buffer_unref);

  for (guint i = 0; i < N_FRAMES; i++) {
    GstBuffer *buffer = rel_noise_buffer (info, 7919 * i +
        31 * GST_VIDEO_INFO_FORMAT (info) + 5 * info->width + info->height);

    if (c->padded) {
      GstBuffer *padded = padded_copy (info, buffer);

      gst_buffer_unref (buffer);
      buffer = padded;
    }
    GST_BUFFER_PTS (buffer) = i * FRAME_DURATION;
    GST_BUFFER_DURATION (buffer) = FRAME_DURATION;
    g_ptr_array_add (frames, buffer);
  }
  return frames;
}

static gchar **
frame_digests (const GstVideoInfo * info, GPtrArray * frames)
{
  gchar **digests = g_new0 (gchar *, frames->len + 1);

  for (guint i = 0; i < frames->len; i++)
    digests[i] = rel_frame_digest (info, g_ptr_array_index (frames, i));
  return digests;
}

/* Whether the element named "under" in @pipeline has caps in @memory on
 * @pad_name, as the pairing the case names needs. */
static gboolean
pad_in_memory (GstElement * pipeline, const gchar * pad_name, Memory memory,
    const gchar * what)
{
  GstElement *under = gst_bin_get_by_name (GST_BIN (pipeline), "under");
  GstPad *pad = gst_element_get_static_pad (under, pad_name);
  GstCaps *caps = gst_pad_get_current_caps (pad);
  gboolean ok = caps && gst_caps_features_contains (gst_caps_get_features
      (caps, 0), memory_feature (memory));

  if (!ok)
    note_failure ("%s: its %s pad has %" GST_PTR_FORMAT, what, pad_name, caps);
  gst_clear_caps (&caps);
  gst_object_unref (pad);
  gst_object_unref (under);
  return ok;
}

/* Whether the output frames have the input's format and the size that
 * @c says. */
static gboolean
output_as_expected (const MatrixCase * c, const GstVideoInfo * in,
    GstCaps * caps, const gchar * what)
{
  GstVideoInfo out;
  gboolean same_size, size_ok = FALSE;

  fail_unless (gst_video_info_from_caps (&out, caps), "%s: output caps %"
      GST_PTR_FORMAT, what, caps);
  same_size = out.width == in->width && out.height == in->height;
  switch (c->element->size) {
    case SIZE_SAME:
      size_ok = same_size;
      break;
    case SIZE_SCALED:
      size_ok = out.width == c->size->scaled_width
          && out.height == c->size->scaled_height;
      break;
    case SIZE_FIT:
      size_ok = !same_size;
      break;
  }
  if (size_ok && GST_VIDEO_INFO_FORMAT (&out) == GST_VIDEO_INFO_FORMAT (in))
    return TRUE;
  note_failure ("%s: the output is %s %dx%d", what,
      GST_VIDEO_INFO_NAME (&out), out.width, out.height);
  return FALSE;
}

/* Plays the pipeline of @c with pairing @p, fed @frames (of @info), on the
 * test's context; returns the digests of its output frames, or NULL,
 * having noted why, where it gave none to compare. */
static gchar **
run_pairing (const MatrixCase * c, guint p, const GstVideoInfo * info,
    GPtrArray * frames, const gchar * what)
{
  gchar *description = pipeline_description (c, p);
  GError *error = NULL;
  GstElement *pipeline = gst_parse_launch (description, &error);
  GstElement *src, *sink;
  GstCaps *caps;
  GstMessage *msg;
  GstSample *sample;
  GPtrArray *digests = g_ptr_array_new_with_free_func (g_free);
  gboolean ok = TRUE;
  gchar *debug = NULL;

  fail_unless (pipeline != NULL && error == NULL, "%s: %s: %s", what,
      description, error ? error->message : "cannot parse it");
  g_snprintf (crash_line, sizeof (crash_line), "clmemorymatrix: crashed "
      "running, or after running, %s: %s\n", what, description);
  gst_element_set_context (pipeline, shared_context);
  src = gst_bin_get_by_name (GST_BIN (pipeline), "src");
  sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  caps = gst_video_info_to_caps (info);
  g_object_set (src, "caps", caps, NULL);
  gst_caps_unref (caps);

  /* An appsrc takes frames once started. */
  fail_if (gst_element_set_state (pipeline, GST_STATE_PAUSED) ==
      GST_STATE_CHANGE_FAILURE, "%s: cannot start", what);
  for (guint i = 0; i < frames->len; i++)
    fail_unless_equals_int (gst_app_src_push_buffer (GST_APP_SRC (src),
            gst_buffer_ref (g_ptr_array_index (frames, i))), GST_FLOW_OK);
  fail_unless_equals_int (gst_app_src_end_of_stream (GST_APP_SRC (src)),
      GST_FLOW_OK);
  msg = rel_run_to_eos (pipeline);
  if (GST_MESSAGE_TYPE (msg) == GST_MESSAGE_ERROR) {
    gst_message_parse_error (msg, &error, &debug);
    note_failure ("%s: %s (%s)", what, error->message, debug);
    g_clear_error (&error);
    g_free (debug);
    ok = FALSE;
  } else {
    ok &= pad_in_memory (pipeline, "sink", pairings[p].in, what);
    ok &= pad_in_memory (pipeline, "src", pairings[p].out, what);
  }
  gst_message_unref (msg);

  while ((sample = gst_app_sink_try_pull_sample (GST_APP_SINK (sink), 0))) {
    ok &= output_as_expected (c, info, gst_sample_get_caps (sample), what);
    g_ptr_array_add (digests, rel_sample_digest (sample));
    gst_sample_unref (sample);
  }
  if (ok && digests->len != frames->len) {
    note_failure ("%s: %u frames out of %u", what, digests->len, frames->len);
    ok = FALSE;
  }

  gst_object_unref (sink);
  gst_object_unref (src);
  fail_unless_equals_int (gst_element_set_state (pipeline, GST_STATE_NULL),
      GST_STATE_CHANGE_SUCCESS);
  rel_release_pipeline (pipeline, what);
  rel_assert_device_idle (shared_cl_context, what);
  g_free (description);
  if (!ok) {
    g_ptr_array_unref (digests);
    return NULL;
  }
  g_ptr_array_add (digests, NULL);
  return (gchar **) g_ptr_array_free (digests, FALSE);
}

/* Notes each frame of @actual that differs from @expected's. */
static void
compare_digests (gchar ** expected, gchar ** actual, const gchar * what,
    const gchar * expected_name)
{
  for (guint i = 0; expected[i]; i++)
    if (!g_str_equal (expected[i], actual[i]))
      note_failure ("%s: frame %u differs from %s", what, i, expected_name);
}

/* Runs each pairing of @c, comparing its output with the element's with
 * system memory on both sides (a filter's, run first, once for all the
 * pairings of @c; an identity across memories, whose pairings each run in
 * a process of their own, runs it again in each) and, for an identity,
 * with the input. */
static void
run_case (const MatrixCase * c)
{
  GstVideoInfo info;
  GPtrArray *frames;
  gchar **input, **reference = NULL;
  GstElementFactory *factory = gst_element_factory_find (c->element->factory);

  /* As in the other tests, an element left out of the build is skipped. */
  if (factory == NULL) {
    GST_INFO ("%s is not built here: skipped", c->element->factory);
    return;
  }
  gst_object_unref (factory);
  fail_unless (gst_video_info_set_format (&info,
          gst_video_format_from_string (c->format), c->size->width,
          c->size->height));
  if (c->storage && g_str_equal (c->storage, "image")
      && !gst_cl_format_supported (GST_VIDEO_INFO_FORMAT (&info),
          GST_CL_STORAGE_IMAGE,
          gst_cl_context_get_device (shared_cl_context))) {
    GST_INFO ("%s has no images for %s frames: skipped",
        gst_cl_context_get_device (shared_cl_context)->device_name, c->format);
    return;
  }

  frames = input_frames (c, &info);
  input = frame_digests (&info, frames);
  if (c->element->has_storage) {
    gchar *what = case_name (c, 0);

    reference = run_pairing (c, 0, &info, frames, what);
    if (reference && c->element->identity)
      compare_digests (input, reference, what, "the input");
    g_free (what);
  }
  for (guint p = 0; p < G_N_ELEMENTS (pairings); p++) {
    gchar *what;
    gchar **digests;

    if (!(c->pairings & (1 << p)))
      continue;
    what = case_name (c, p);
    digests = run_pairing (c, p, &info, frames, what);
    if (digests && reference)
      compare_digests (reference, digests, what, "its output with system "
          "memory on both sides");
    if (digests && c->element->identity)
      compare_digests (input, digests, what, "the input");
    g_strfreev (digests);
    g_free (what);
  }
  g_strfreev (reference);
  g_strfreev (input);
  g_ptr_array_unref (frames);
}

/* Runs the cases of @group, then fails with all that failed. */
static void
run_group (GArray * group)
{
  for (guint i = 0; i < group->len; i++)
    run_case (&g_array_index (group, MatrixCase, i));
  fail_unless (failures->len == 0, "\n%s", failures->str);
}

/* Each filter's setting and storage, in every format and size, in the
 * memory pairings but system memory on both sides (what each is compared
 * with) and, for an identity, but one memory in and the other out (in
 * test_identity_across_memories). */
GST_START_TEST (test_pairings)
{
  run_group (g_ptr_array_index (pairing_groups, __i__));
}

GST_END_TEST;

/* Each filter with identity settings, fed one memory and giving the
 * other: with no work to do, it must still move the frames between the
 * two. One case an iteration. */
GST_START_TEST (test_identity_across_memories)
{
  run_group (g_ptr_array_index (across_groups, __i__));
}

GST_END_TEST;

/* clupload and cldownload fed each memory, with or without padding, in
 * each format and size. */
GST_START_TEST (test_upload_download)
{
  run_group (g_ptr_array_index (transfer_groups, __i__));
}

GST_END_TEST;

/* Whether @c is of the valgrind slice: clbicubicscale's identity across
 * memories (where the element has no kernels of its own) and the
 * transfers of padded frames, in RGBA and NV12, at both sizes. */
static gboolean
in_valgrind_slice (const MatrixCase * c)
{
  gboolean filter = c->element->has_storage;

  return (g_str_equal (c->format, "RGBA") || g_str_equal (c->format, "NV12"))
      && (filter ? g_str_equal (c->element->factory, "clbicubicscale")
      : c->padded);
}

/* Adds @group to @groups, after those of the valgrind slice where it is
 * not one of them (@n_slice counts them), else after the others. */
static void
add_group (GPtrArray * groups, guint * n_slice, GArray * group)
{
  if (n_slice && in_valgrind_slice (&g_array_index (group, MatrixCase, 0)))
    g_ptr_array_insert (groups, (*n_slice)++, group);
  else
    g_ptr_array_add (groups, group);
}

static GArray *
new_group (void)
{
  return g_array_new (FALSE, FALSE, sizeof (MatrixCase));
}

/* The cases of an element with the storage property: each storage a group
 * (but for the identities across memories, each a group of its own). */
static void
add_filter_cases (const ElementSetting * element)
{
  for (guint s = 0; s < G_N_ELEMENTS (storages); s++) {
    GArray *group = new_group ();

    for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
      for (guint z = 0; z < G_N_ELEMENTS (sizes); z++) {
        MatrixCase c = { element, storages[s], formats[f], &sizes[z], FALSE,
          element->pairings & ~SYS_SYS
        };

        if (element->identity) {
          static const guint across[] = { SYS_CL, CL_SYS };

          for (guint a = 0; a < G_N_ELEMENTS (across); a++) {
            GArray *one = new_group ();

            c.pairings = across[a];
            g_array_append_val (one, c);
            add_group (across_groups, &n_slice_across, one);
          }
          c.pairings = CL_CL;
        }
        g_array_append_val (group, c);
      }
    add_group (pairing_groups, NULL, group);
  }
}

/* The cases of clupload or cldownload: with and without padding, each a
 * group, split in two where the valgrind slice takes some of its cases. */
static void
add_transfer_cases (const ElementSetting * element)
{
  for (gint padded = 0; padded <= 1; padded++) {
    GArray *groups[] = { new_group (), new_group () };  /* slice, others */

    for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
      for (guint z = 0; z < G_N_ELEMENTS (sizes); z++) {
        MatrixCase c = { element, NULL, formats[f], &sizes[z], padded,
          element->pairings
        };

        g_array_append_val (groups[in_valgrind_slice (&c) ? 0 : 1], c);
      }
    for (guint g = 0; g < G_N_ELEMENTS (groups); g++) {
      if (groups[g]->len)
        add_group (transfer_groups, &n_slice_transfer, groups[g]);
      else
        g_array_unref (groups[g]);
    }
  }
}

/* The lines of the matrix; see the top of the file for those left out. */
static void
make_cases (void)
{
  pairing_groups = g_ptr_array_new ();
  across_groups = g_ptr_array_new ();
  transfer_groups = g_ptr_array_new ();
  for (guint e = 0; e < G_N_ELEMENTS (element_settings); e++) {
    if (element_settings[e].has_storage)
      add_filter_cases (&element_settings[e]);
    else
      add_transfer_cases (&element_settings[e]);
  }
}

static Suite *
clmemorymatrix_suite (void)
{
  Suite *s = suite_create ("clmemorymatrix");
  TCase *matrix = tcase_create ("matrix");
  TCase *slice = tcase_create ("valgrind-slice");

  make_cases ();
  suite_add_tcase (s, matrix);
  tcase_add_checked_fixture (matrix, set_up, tear_down);
  tcase_add_loop_test (matrix, test_pairings, 0, pairing_groups->len);
  tcase_add_loop_test (matrix, test_identity_across_memories,
      n_slice_across, across_groups->len);
  tcase_add_loop_test (matrix, test_upload_download, n_slice_transfer,
      transfer_groups->len);

  suite_add_tcase (s, slice);
  tcase_add_checked_fixture (slice, set_up, tear_down);
  tcase_add_loop_test (slice, test_identity_across_memories, 0, n_slice_across);
  tcase_add_loop_test (slice, test_upload_download, 0, n_slice_transfer);
  return s;
}

GST_CHECK_MAIN (clmemorymatrix);
