/* gst-opencl benchmark
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Types shared by the benchmark's parts: the workload table
 * (bench-workloads.c), the measurements (bench-measure.c), the JSON writer
 * (bench-json.c) and the program (bench.c).
 */
#pragma once

#include <gst/gst.h>
#include <gst/video/video.h>

#include <gst/opencl/gstclframe.h>

G_BEGIN_DECLS

typedef enum
{
  BENCH_ROLE_OURS,              /* one of our elements: gets device/storage */
  BENCH_ROLE_PEER,              /* what a user would pick instead */
  BENCH_ROLE_EXTRA,             /* context only, in no ratio */
} BenchRole;

/* One measured pipeline. Sizes of 0 take the previous non-zero value of
 * the same field in this order: out from in. */
typedef struct
{
  const gchar *id;              /* unique in its workload */
  BenchRole role;
  const gchar *label;           /* what the tables call it */
  /* gst-launch syntax; "@THREADS@" becomes the number of processors */
  const gchar *pipeline;
  const gchar *in_format;       /* NULL: RGBA */
  const gchar *out_format;      /* NULL: in_format */
  gint in_width;
  gint in_height;
  gint out_width;               /* 0: in_width */
  gint out_height;              /* 0: in_height */
  const gchar *versus;          /* id of the case the ratio divides by */
  const gchar *series;          /* plots: the line this point is on */
  gdouble x;                    /* plots: its abscissa */
} BenchCase;

#define BENCH_MAX_CASES 16

typedef struct
{
  const gchar *name;            /* what --workload takes */
  const gchar *title;
  const gchar *x_label;         /* plots: the abscissa; NULL: no plot */
  BenchCase cases[BENCH_MAX_CASES];     /* up to the first with id NULL */
} BenchWorkload;

extern const BenchWorkload bench_workloads[];
extern const guint bench_n_workloads;

const BenchWorkload *bench_workload_find (const gchar * name);
guint bench_workload_n_cases (const BenchWorkload * workload);

/* A case's sizes and formats with the defaults filled in. */
typedef struct
{
  GstVideoInfo in;
  GstVideoInfo out;
} BenchGeometry;

gboolean bench_case_geometry (const BenchCase * c, BenchGeometry * geometry);

gchar *bench_case_pipeline (const BenchCase * c);

gchar *bench_case_missing_element (const BenchCase * c);

/* What the run was asked to do. */
typedef struct
{
  gint frames;                  /* per run */
  gint runs;
  gint warmup;                  /* frames before the first run */
  gchar *device;                /* selector; NULL: the elements' default */
  GstCLStorage storage;
} BenchSettings;

typedef enum
{
  BENCH_STATUS_MEASURED,
  BENCH_STATUS_UNAVAILABLE,     /* an element is missing */
  BENCH_STATUS_FAILED,
} BenchStatus;

/* The measurement of one case. Times are milliseconds per frame. */
typedef struct
{
  const BenchCase *c;
  BenchStatus status;
  gchar *message;               /* why not measured */
  gchar *pipeline;              /* as run, with our options */
  gdouble first_ms;             /* the first frame: caps, kernel builds */
  gdouble *run_ms;              /* one per run */
  gdouble *kernel_ms;           /* one per run, from profiling events */
  gint n_runs;
  gdouble median_ms;
  gdouble median_kernel_ms;     /* 0: not profiled */
  gboolean has_floor;
  gdouble floor_ms;             /* upload + download of this geometry */
  gchar *floor_message;         /* why no floor, where it has none */
  gboolean has_copy;
  gdouble copy_ms;              /* device copy of the input + output bytes */
  gchar *copy_message;          /* why no copy figure, where it has none */
} BenchResult;

typedef struct
{
  const BenchWorkload *workload;
  gboolean skipped;
  gchar *skip_reason;
  BenchResult *results;         /* one per case */
  guint n_results;
} BenchWorkloadResult;

/* The device the floor runs on, as the elements would pick it. */
typedef struct
{
  const GstCLDeviceInfo *info;  /* NULL: no device */
  gchar *error;
  GstCLContext *context;
  /* Host frames come from it: pinned memory on devices that do not share
   * host memory, as our elements offer upstream; NULL: system memory. */
  GstAllocator *host_allocator;
  GstCLStorage storage;          /* the setting; auto resolves per geometry */
  gchar *version;               /* CL_DEVICE_VERSION */
  /* The device copies are timed on a queue of their own, with profiling
   * events whatever the elements' contexts do; NULL: copy_error says why. */
  cl_command_queue copy_queue;
  gchar *copy_error;
} BenchDevice;

void bench_device_open (BenchDevice * device, const BenchSettings * settings);
void bench_device_close (BenchDevice * device);
const gchar *bench_storage_name (GstCLStorage storage);

void bench_run_workload (const BenchWorkload * workload,
    const BenchSettings * settings, BenchDevice * device,
    BenchWorkloadResult * result);
void bench_workload_result_clear (BenchWorkloadResult * result);

gdouble bench_median (const gdouble * values, gint n);
const BenchResult *bench_result_find (const BenchWorkloadResult * result,
    const gchar * id);
gboolean bench_result_ratio (const BenchWorkloadResult * result,
    const BenchResult * r, gdouble * ratio);
gboolean bench_result_kernel_per_copy (const BenchResult * r,
    gdouble * ratio);

/* The machine, for the report. */
typedef struct
{
  gchar *cpu;
  guint cores;
  gchar *gstreamer;
  gchar *date;                  /* of the run, ISO 8601, UTC */
} BenchMachine;

void bench_machine_probe (BenchMachine * machine);
void bench_machine_clear (BenchMachine * machine);

gchar *bench_json (const BenchMachine * machine, const BenchDevice * device,
    const BenchSettings * settings, const BenchWorkloadResult * results,
    guint n_results);

G_END_DECLS
