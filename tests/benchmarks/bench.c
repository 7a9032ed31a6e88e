/* gst-opencl benchmark
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Times our elements against the elements a user would pick instead, on
 * the same input frames in the same run, and the upload + download floor
 * of our frame path. See tests/benchmarks/run-benchmarks.sh, which builds
 * it, runs it with --json and writes docs/performance.md.
 *
 *   gst-opencl-bench [--workload NAME]... [--frames N] [--runs R]
 *       [--device SELECTOR] [--storage auto|image|buffer] [--json] [--list]
 *
 * Our elements are the ones this program was linked with (the plugin's
 * internal library), registered statically; an installed opencl plugin is
 * set aside so the figures are those of this build.
 *
 * Our elements time their kernels with OpenCL profiling events where the
 * clprofile debug category logs DEBUG or more, which this program sets
 * (unless GST_DEBUG asks for more), and the median kernel time per frame
 * is reported beside the wall time.
 *
 * Beside every case of ours, "copy ms" is the device time of copying the
 * bytes of its input and its output frame between buffers of the same
 * device (clEnqueueCopyBuffer, one copy of each size, profiling events,
 * median over the runs of the median of 5 copies), and "kernel/copy" our
 * kernel time over it: how far the kernels are from the device's own
 * copy speed (see bench-measure.c).
 */
#include "bench.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gstclelements.h"

#define DEFAULT_FRAMES 20
#define DEFAULT_RUNS 7
#define DEFAULT_WARMUP 3

static gboolean (*const our_elements[]) (GstPlugin * plugin) = {
  gst_element_register_clbicubicscale,
  gst_element_register_clrotate,
  gst_element_register_clboxblur,
  gst_element_register_clconvert,
  gst_element_register_clconvertscale,
  gst_element_register_clupload,
  gst_element_register_cldownload,
};

static void
register_our_elements (void)
{
  GstRegistry *registry = gst_registry_get ();
  GstPlugin *installed = gst_registry_find_plugin (registry, "opencl");

  if (installed) {
    g_printerr ("setting aside the installed opencl plugin (%s): measuring "
        "the elements linked into this program\n",
        gst_plugin_get_filename (installed));
    gst_registry_remove_plugin (registry, installed);
    gst_object_unref (installed);
  }
  for (guint i = 0; i < G_N_ELEMENTS (our_elements); i++)
    our_elements[i] (NULL);
}

/* ---- the machine ---- */

static gchar *
cpu_model (void)
{
  gchar *contents = NULL, *model = NULL;
  gchar **lines;

  if (!g_file_get_contents ("/proc/cpuinfo", &contents, NULL, NULL))
    return g_strdup ("unknown");
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] && !model; i++) {
    gchar *colon = strchr (lines[i], ':');

    if (colon && g_str_has_prefix (lines[i], "model name"))
      model = g_strstrip (g_strdup (colon + 1));
  }
  g_strfreev (lines);
  g_free (contents);
  return model ? model : g_strdup ("unknown");
}

void
bench_machine_probe (BenchMachine * machine)
{
  GDateTime *now = g_date_time_new_now_utc ();

  machine->cpu = cpu_model ();
  machine->cores = g_get_num_processors ();
  machine->gstreamer = gst_version_string ();
  machine->date = g_date_time_format_iso8601 (now);
  g_date_time_unref (now);
}

void
bench_machine_clear (BenchMachine * machine)
{
  g_free (machine->cpu);
  g_free (machine->gstreamer);
  g_free (machine->date);
}

/* ---- text report ---- */

static gchar *
size_text (const BenchCase * c)
{
  BenchGeometry g;

  if (!bench_case_geometry (c, &g))
    return g_strdup ("?");
  if (g.in.width == g.out.width && g.in.height == g.out.height)
    return g_strdup_printf ("%dx%d", g.in.width, g.in.height);
  return g_strdup_printf ("%dx%d -> %dx%d", g.in.width, g.in.height,
      g.out.width, g.out.height);
}

static gchar *
format_text (const BenchCase * c)
{
  BenchGeometry g;

  if (!bench_case_geometry (c, &g))
    return g_strdup ("?");
  if (GST_VIDEO_INFO_FORMAT (&g.in) == GST_VIDEO_INFO_FORMAT (&g.out))
    return g_strdup (GST_VIDEO_INFO_NAME (&g.in));
  return g_strdup_printf ("%s->%s", GST_VIDEO_INFO_NAME (&g.in),
      GST_VIDEO_INFO_NAME (&g.out));
}

static const gchar *
role_text (BenchRole role)
{
  return role == BENCH_ROLE_OURS ? "ours" : role == BENCH_ROLE_PEER ?
      "peer" : "extra";
}

static void
print_ms (gboolean has, gdouble ms, const gchar * format)
{
  if (has)
    g_print (format, ms);
  else
    g_print (" %9s", "");
}

/* Why a measured case has no floor or no copy figure, after its row. */
static void
print_missing (const BenchResult * r)
{
  if (r->floor_message)
    g_print ("  no floor: %s", r->floor_message);
  if (r->copy_message)
    g_print ("  no copy: %s", r->copy_message);
}

static void
print_result (const BenchWorkloadResult * wr, const BenchResult * r)
{
  gchar *size = size_text (r->c), *format = format_text (r->c);
  gdouble ratio = 0, kernel_per_copy = 0;
  gboolean has_ratio = bench_result_ratio (wr, r, &ratio);
  gboolean has_kernel_per_copy =
      bench_result_kernel_per_copy (r, &kernel_per_copy);

  g_print ("  %-5s %-30s %-9s %-23s", role_text (r->c->role), r->c->label,
      format, size);
  if (r->status != BENCH_STATUS_MEASURED) {
    g_print (" %s\n", r->message);
  } else {
    g_print (" %9.2f %9.1f", r->median_ms, 1000.0 / r->median_ms);
    print_ms (has_ratio, ratio, " %9.2f");
    print_ms (r->has_floor, r->floor_ms, " %9.2f");
    print_ms (r->median_kernel_ms > 0, r->median_kernel_ms, " %9.3f");
    print_ms (r->has_copy, r->copy_ms, " %9.3f");
    print_ms (has_kernel_per_copy, kernel_per_copy, " %11.2f");
    print_missing (r);
    g_print ("\n");
  }
  g_free (size);
  g_free (format);
}

static void
print_workload (const BenchWorkloadResult * wr)
{
  g_print ("\n%s: %s\n", wr->workload->name, wr->workload->title);
  if (wr->skipped) {
    g_print ("  skipped: %s\n", wr->skip_reason);
    return;
  }
  g_print ("  %-5s %-30s %-9s %-23s %9s %9s %9s %9s %9s %9s %11s\n", "role",
      "case", "format", "size", "ms/frame", "frames/s", "ours/peer",
      "floor ms", "kernel ms", "copy ms", "kernel/copy");
  for (guint i = 0; i < wr->n_results; i++)
    print_result (wr, &wr->results[i]);
}

static void
print_header (const BenchMachine * machine, const BenchDevice * device,
    const BenchSettings * settings)
{
  g_print ("gst-opencl benchmark %s, %s\n", VERSION, machine->gstreamer);
  g_print ("CPU: %s, %u processors\n", machine->cpu, machine->cores);
  if (device->info)
    g_print ("OpenCL: %s (%s, %s), driver %s, frames in %ss\n",
        device->info->device_name, device->info->platform_name,
        device->version, device->info->driver_version,
        bench_storage_name (device->storage));
  else
    g_print ("OpenCL: no device: %s\n", device->error);
  g_print ("Median over %d runs of %d frames (after %d warm-up frames); "
      "ours/peer is a time ratio: below 1, ours is faster. The floor is "
      "the upload + download of that frame size with no kernel. kernel ms "
      "is our kernels' device time (profiling events); copy ms the "
      "device time of a device-to-device copy of the input's and the "
      "output's bytes, one copy each.\n",
      settings->runs, settings->frames, settings->warmup);
}

/* ---- options ---- */

static gboolean
parse_storage (const gchar * text, GstCLStorage * storage)
{
  GEnumClass *klass = g_type_class_ref (GST_TYPE_CL_STORAGE);
  GEnumValue *value = g_enum_get_value_by_nick (klass, text);

  if (value)
    *storage = value->value;
  g_type_class_unref (klass);
  return value != NULL;
}

static void
list_workloads (void)
{
  for (guint i = 0; i < bench_n_workloads; i++) {
    const BenchWorkload *w = &bench_workloads[i];
    guint n = bench_workload_n_cases (w);

    g_print ("%s: %s\n", w->name, w->title);
    for (guint c = 0; c < n; c++) {
      gchar *missing = bench_case_missing_element (&w->cases[c]);

      g_print ("  %-5s %-20s %s", role_text (w->cases[c].role),
          w->cases[c].id, w->cases[c].pipeline);
      if (missing)
        g_print ("  [element not available: %s]", missing);
      g_print ("\n");
      g_free (missing);
    }
  }
}

/* The workloads to run, in table order; NULL after an unknown name. */
static GPtrArray *
select_workloads (gchar ** names)
{
  GPtrArray *selected = g_ptr_array_new ();

  if (names == NULL) {
    for (guint i = 0; i < bench_n_workloads; i++)
      g_ptr_array_add (selected, (gpointer) & bench_workloads[i]);
    return selected;
  }
  for (guint i = 0; names[i]; i++) {
    const BenchWorkload *w = bench_workload_find (names[i]);

    if (w == NULL) {
      g_printerr ("unknown workload \"%s\"; --list shows them\n", names[i]);
      g_ptr_array_unref (selected);
      return NULL;
    }
    g_ptr_array_add (selected, (gpointer) w);
  }
  return selected;
}

typedef struct
{
  gchar **workloads;
  gint frames;
  gint runs;
  gint warmup;
  gchar *device;
  gchar *storage;
  gboolean json;
  gboolean list;
} Options;

static gboolean
parse_options (int *argc, char ***argv, Options * o, GError ** error)
{
  GOptionEntry entries[] = {
    {"workload", 'w', 0, G_OPTION_ARG_STRING_ARRAY, &o->workloads,
        "Run this workload (repeatable; default: all)", "NAME"},
    {"frames", 'n', 0, G_OPTION_ARG_INT, &o->frames,
        "Frames per run (default 20)", "N"},
    {"runs", 'r', 0, G_OPTION_ARG_INT, &o->runs,
        "Runs per case; the median is reported (default 7)", "R"},
    {"warmup", 0, 0, G_OPTION_ARG_INT, &o->warmup,
        "Warm-up frames before the runs (default 3)", "N"},
    {"device", 'd', 0, G_OPTION_ARG_STRING, &o->device,
        "Our elements' device property (default: $GST_CL_DEVICE, else the "
          "first GPU, else the first device)", "SELECTOR"},
    {"storage", 's', 0, G_OPTION_ARG_STRING, &o->storage,
          "Our elements' storage property: auto, image or buffer "
          "(default auto)",
        "MEMORY"},
    {"json", 0, 0, G_OPTION_ARG_NONE, &o->json,
        "Print the results as one JSON document", NULL},
    {"list", 0, 0, G_OPTION_ARG_NONE, &o->list,
        "List the workloads and exit", NULL},
    {NULL}
  };
  GOptionContext *context = g_option_context_new (NULL);
  gboolean ok;

  g_option_context_set_summary (context, "Times the gst-opencl elements "
      "against their CPU peers on the same frames, with the upload + "
      "download floor of our frame path.");
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_add_group (context, gst_init_get_option_group ());
  ok = g_option_context_parse (context, argc, argv, error);
  g_option_context_free (context);
  return ok;
}

static gboolean
settings_from_options (const Options * o, BenchSettings * s)
{
  s->frames = o->frames;
  s->runs = o->runs;
  s->warmup = o->warmup;
  s->device = o->device && *o->device ? o->device : NULL;
  s->storage = GST_CL_STORAGE_AUTO;
  if (o->storage && !parse_storage (o->storage, &s->storage)) {
    g_printerr ("--storage takes auto, image or buffer, not \"%s\"\n",
        o->storage);
    return FALSE;
  }
  if (s->frames < 1 || s->runs < 1 || s->warmup < 1) {
    g_printerr ("--frames, --runs and --warmup take 1 or more\n");
    return FALSE;
  }
  return TRUE;
}

static void
run_all (GPtrArray * selected, const BenchSettings * settings,
    gboolean json)
{
  BenchWorkloadResult *results = g_new0 (BenchWorkloadResult, selected->len);
  BenchMachine machine;
  BenchDevice device;

  bench_machine_probe (&machine);
  bench_device_open (&device, settings);
  if (!json)
    print_header (&machine, &device, settings);

  for (guint i = 0; i < selected->len; i++) {
    const BenchWorkload *w = g_ptr_array_index (selected, i);

    g_printerr ("%s\n", w->name);
    bench_run_workload (w, settings, &device, &results[i]);
    if (!json)
      print_workload (&results[i]);
  }

  if (json) {
    gchar *doc = bench_json (&machine, &device, settings, results,
        selected->len);
    g_print ("%s", doc);
    g_free (doc);
  }

  for (guint i = 0; i < selected->len; i++)
    bench_workload_result_clear (&results[i]);
  g_free (results);
  bench_device_close (&device);
  bench_machine_clear (&machine);
}

int
main (int argc, char **argv)
{
  Options o = { NULL, DEFAULT_FRAMES, DEFAULT_RUNS, DEFAULT_WARMUP };
  BenchSettings settings;
  GPtrArray *selected;
  GError *error = NULL;

  if (!parse_options (&argc, &argv, &o, &error)) {
    g_printerr ("%s\n", error->message);
    g_clear_error (&error);
    return 2;
  }
  register_our_elements ();
  if (o.list) {
    list_workloads ();
    return 0;
  }
  if (!settings_from_options (&o, &settings))
    return 2;
  if ((selected = select_workloads (o.workloads)) == NULL)
    return 2;

  run_all (selected, &settings, o.json);

  g_ptr_array_unref (selected);
  g_strfreev (o.workloads);
  g_free (o.device);
  g_free (o.storage);
  return 0;
}
