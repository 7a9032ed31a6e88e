/* gst-opencl benchmark
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The results as one JSON document (what run-benchmarks.sh and plot.py
 * read). A small writer: the program has no JSON library to depend on, so
 * the bundle for the GPU machine stays small.
 */
#include "bench.h"

#include <math.h>

typedef struct
{
  GString *s;
  guint depth;
  gboolean first;               /* no member yet in the open container */
} Json;

static void
json_newline (Json * j)
{
  g_string_append_c (j->s, '\n');
  for (guint i = 0; i < j->depth; i++)
    g_string_append (j->s, "  ");
}

static void
json_string (Json * j, const gchar * value)
{
  if (value == NULL) {
    g_string_append (j->s, "null");
    return;
  }
  g_string_append_c (j->s, '"');
  for (const gchar * p = value; *p; p++) {
    guchar ch = *p;

    if (ch == '"' || ch == '\\')
      g_string_append_printf (j->s, "\\%c", ch);
    else if (ch < 0x20)
      g_string_append_printf (j->s, "\\u%04x", ch);
    else
      g_string_append_c (j->s, ch);
  }
  g_string_append_c (j->s, '"');
}

/* Starts a member (in an object, with @key) or an element (@key NULL). */
static void
json_member (Json * j, const gchar * key)
{
  if (!j->first)
    g_string_append_c (j->s, ',');
  j->first = FALSE;
  json_newline (j);
  if (key) {
    json_string (j, key);
    g_string_append (j->s, ": ");
  }
}

static void
json_open (Json * j, const gchar * key, gchar bracket)
{
  json_member (j, key);
  g_string_append_c (j->s, bracket);
  j->depth++;
  j->first = TRUE;
}

static void
json_close (Json * j, gchar bracket)
{
  j->depth--;
  if (!j->first)
    json_newline (j);
  g_string_append_c (j->s, bracket);
  j->first = FALSE;
}

static void
json_str (Json * j, const gchar * key, const gchar * value)
{
  json_member (j, key);
  json_string (j, value);
}

static void
json_num (Json * j, const gchar * key, gdouble value)
{
  gchar buf[G_ASCII_DTOSTR_BUF_SIZE];

  json_member (j, key);
  if (isfinite (value))
    g_string_append (j->s, g_ascii_formatd (buf, sizeof (buf), "%.6g",
            value));
  else
    g_string_append (j->s, "null");
}

static void
json_int (Json * j, const gchar * key, gint64 value)
{
  json_member (j, key);
  g_string_append_printf (j->s, "%" G_GINT64_FORMAT, value);
}

static void
json_bool (Json * j, const gchar * key, gboolean value)
{
  json_member (j, key);
  g_string_append (j->s, value ? "true" : "false");
}

static const gchar *
role_name (BenchRole role)
{
  switch (role) {
    case BENCH_ROLE_OURS:
      return "ours";
    case BENCH_ROLE_PEER:
      return "peer";
    default:
      return "extra";
  }
}

static const gchar *
status_name (BenchStatus status)
{
  switch (status) {
    case BENCH_STATUS_MEASURED:
      return "measured";
    case BENCH_STATUS_UNAVAILABLE:
      return "unavailable";
    default:
      return "failed";
  }
}

static void
json_machine (Json * j, const BenchMachine * machine)
{
  json_open (j, "machine", '{');
  json_str (j, "cpu", machine->cpu);
  json_int (j, "cores", machine->cores);
  json_str (j, "gstreamer", machine->gstreamer);
  json_str (j, "date", machine->date);
  json_close (j, '}');
}

static void
json_device (Json * j, const BenchDevice * device)
{
  const GstCLDeviceInfo *info = device->info;

  json_open (j, "device", '{');
  if (info) {
    json_str (j, "name", info->device_name);
    json_str (j, "platform", info->platform_name);
    json_str (j, "driver", info->driver_version);
    json_str (j, "version", device->version);
    json_str (j, "type", gst_cl_device_type_name (info->type));
    json_bool (j, "images", info->image_support);
    json_str (j, "storage", bench_storage_name (device->storage));
  }
  if (device->error)
    json_str (j, "error", device->error);
  json_close (j, '}');
}

static void
json_settings (Json * j, const BenchSettings * settings)
{
  json_open (j, "settings", '{');
  json_int (j, "frames", settings->frames);
  json_int (j, "runs", settings->runs);
  json_int (j, "warmup", settings->warmup);
  json_str (j, "device_selector", settings->device);
  json_str (j, "GST_CL_DEVICE", g_getenv ("GST_CL_DEVICE"));
  json_str (j, "storage", bench_storage_name (settings->storage));
  json_str (j, "statistic", "median over runs of the mean time per frame");
  json_close (j, '}');
}

static void
json_size (Json * j, const gchar * key, const GstVideoInfo * info)
{
  json_open (j, key, '{');
  json_str (j, "format", GST_VIDEO_INFO_NAME (info));
  json_int (j, "width", GST_VIDEO_INFO_WIDTH (info));
  json_int (j, "height", GST_VIDEO_INFO_HEIGHT (info));
  json_close (j, '}');
}

static void
json_result (Json * j, const BenchWorkloadResult * wr, const BenchResult * r)
{
  const BenchCase *c = r->c;
  BenchGeometry geometry;
  gdouble ratio, kernel_per_copy;

  json_open (j, NULL, '{');
  json_str (j, "id", c->id);
  json_str (j, "role", role_name (c->role));
  json_str (j, "label", c->label);
  json_str (j, "pipeline", r->pipeline);
  if (bench_case_geometry (c, &geometry)) {
    json_size (j, "input", &geometry.in);
    json_size (j, "output", &geometry.out);
  }
  json_str (j, "status", status_name (r->status));
  if (r->message)
    json_str (j, "message", r->message);
  if (r->status == BENCH_STATUS_MEASURED) {
    json_num (j, "median_ms", r->median_ms);
    json_num (j, "fps", 1000.0 / r->median_ms);
    json_num (j, "first_frame_ms", r->first_ms);
    if (r->median_kernel_ms > 0)
      json_num (j, "kernel_ms", r->median_kernel_ms);
    json_open (j, "runs_ms", '[');
    for (gint i = 0; i < r->n_runs; i++)
      json_num (j, NULL, r->run_ms[i]);
    json_close (j, ']');
  }
  if (c->versus)
    json_str (j, "versus", c->versus);
  if (bench_result_ratio (wr, r, &ratio))
    json_num (j, "ratio", ratio);
  if (r->has_floor)
    json_num (j, "floor_ms", r->floor_ms);
  if (r->floor_message)
    json_str (j, "floor_message", r->floor_message);
  if (r->has_copy)
    json_num (j, "copy_ms", r->copy_ms);
  if (bench_result_kernel_per_copy (r, &kernel_per_copy))
    json_num (j, "kernel_per_copy", kernel_per_copy);
  if (r->copy_message)
    json_str (j, "copy_message", r->copy_message);
  if (c->series) {
    json_str (j, "series", c->series);
    json_num (j, "x", c->x);
  }
  json_close (j, '}');
}

static void
json_workload (Json * j, const BenchWorkloadResult * wr)
{
  json_open (j, NULL, '{');
  json_str (j, "name", wr->workload->name);
  json_str (j, "title", wr->workload->title);
  if (wr->workload->x_label)
    json_str (j, "x_label", wr->workload->x_label);
  json_bool (j, "skipped", wr->skipped);
  if (wr->skip_reason)
    json_str (j, "skip_reason", wr->skip_reason);
  json_open (j, "cases", '[');
  for (guint i = 0; i < wr->n_results; i++)
    json_result (j, wr, &wr->results[i]);
  json_close (j, ']');
  json_close (j, '}');
}

gchar *
bench_json (const BenchMachine * machine, const BenchDevice * device,
    const BenchSettings * settings, const BenchWorkloadResult * results,
    guint n_results)
{
  Json j = { g_string_new (NULL), 0, TRUE };

  g_string_append_c (j.s, '{');
  j.depth = 1;
  json_str (&j, "benchmark", "gst-opencl");
  json_int (&j, "schema", 1);
  json_str (&j, "version", VERSION);
  json_str (&j, "ratio", "ours / peer, time per frame (below 1: ours is "
      "faster)");
  json_str (&j, "floor", "upload of the input and download of the output "
      "through GstCLFrame, no kernel");
  json_str (&j, "copy", "device time of clEnqueueCopyBuffer between device "
      "buffers, one copy of the input frame's size and one of the output "
      "frame's; kernel_per_copy: kernel_ms / copy_ms");
  json_machine (&j, machine);
  json_device (&j, device);
  json_settings (&j, settings);
  json_open (&j, "workloads", '[');
  for (guint i = 0; i < n_results; i++)
    json_workload (&j, &results[i]);
  json_close (&j, ']');
  j.depth = 0;
  json_newline (&j);
  g_string_append (j.s, "}\n");
  return g_string_free (j.s, FALSE);
}
