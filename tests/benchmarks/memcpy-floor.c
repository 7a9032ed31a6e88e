/* gst-opencl benchmark
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The memory-bandwidth floor of a CPU workload: the time of a plain
 * memcpy of the bytes it must read and write, with one thread per core.
 *
 *   memcpy-floor [--threads N] [--repeats R] BYTES...
 *
 * Each repetition copies one block of each BYTES (for an element, its
 * input frame and its output frame), every block split evenly between the
 * threads, and the median time of R repetitions is printed in
 * milliseconds. The blocks come from arenas at least twice the size of
 * one instance of the last-level cache, taken in turn, so a repetition
 * copies memory that the previous ones left out of the caches; every page
 * is written before the timing. tests/benchmarks/launch-bench.sh prints
 * it beside each workload.
 */
#include <glib.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_REPEATS 9
/* When the system does not say how large its last-level cache is. */
#define FALLBACK_CACHE_SIZE (32 * 1024 * 1024)

typedef struct
{
  gsize *sizes;                 /* the blocks of one repetition */
  guint n_sizes;
  gsize set_size;               /* their sum */
  guint n_sets;                 /* sets in each arena, taken in turn */
  guint8 *src;
  guint8 *dst;
  guint n_threads;
  pthread_barrier_t start;
  pthread_barrier_t done;
  guint set;                    /* the set of the coming repetition */
  gboolean quit;
} Floor;

typedef struct
{
  Floor *floor;
  guint index;
} Worker;

/* The size of one instance of the last-level cache, from sysfs: sysconf
 * may give the sum over all instances. */
static gsize
last_level_cache_size (void)
{
  const gchar *dir = "/sys/devices/system/cpu/cpu0/cache";
  gsize best = 0;
  guint best_level = 0;

  for (guint i = 0;; i++) {
    gchar *level_path = g_strdup_printf ("%s/index%u/level", dir, i);
    gchar *size_path = g_strdup_printf ("%s/index%u/size", dir, i);
    gchar *level = NULL, *size = NULL;
    gboolean found = g_file_get_contents (level_path, &level, NULL, NULL)
        && g_file_get_contents (size_path, &size, NULL, NULL);

    /* sizes read like "32768K" */
    if (found && atoi (level) >= (gint) best_level) {
      best_level = atoi (level);
      best = g_ascii_strtoull (size, NULL, 10) * 1024;
    }
    g_free (level);
    g_free (size);
    g_free (level_path);
    g_free (size_path);
    if (!found)
      break;
  }
  return best > 0 ? best : FALLBACK_CACHE_SIZE;
}

/* Thread @index's share [*offset, *offset + *length) of a block. */
static void
thread_slice (gsize size, guint index, guint n_threads, gsize * offset,
    gsize * length)
{
  gsize begin = size * index / n_threads;
  gsize end = size * (index + 1) / n_threads;

  *offset = begin;
  *length = end - begin;
}

/* Each thread writes the pages it will copy, so they are mapped (and, on
 * NUMA machines, local) before the timing. */
static void
touch_slices (Floor * f, guint index)
{
  for (guint set = 0; set < f->n_sets; set++) {
    gsize base = set * f->set_size;

    for (guint b = 0; b < f->n_sizes; b++) {
      gsize offset, length;

      thread_slice (f->sizes[b], index, f->n_threads, &offset, &length);
      memset (f->src + base + offset, 0x5a, length);
      memset (f->dst + base + offset, 0, length);
      base += f->sizes[b];
    }
  }
}

static void
copy_slices (Floor * f, guint index)
{
  gsize base = f->set * f->set_size;

  for (guint b = 0; b < f->n_sizes; b++) {
    gsize offset, length;

    thread_slice (f->sizes[b], index, f->n_threads, &offset, &length);
    memcpy (f->dst + base + offset, f->src + base + offset, length);
    base += f->sizes[b];
  }
}

static void *
worker_main (void *data)
{
  Worker *w = data;
  Floor *f = w->floor;

  touch_slices (f, w->index);
  pthread_barrier_wait (&f->done);
  for (;;) {
    pthread_barrier_wait (&f->start);
    if (f->quit)
      return NULL;
    copy_slices (f, w->index);
    pthread_barrier_wait (&f->done);
  }
}

/* One repetition, the calling thread being thread 0. */
static gdouble
time_repetition (Floor * f)
{
  gint64 begin = g_get_monotonic_time ();

  pthread_barrier_wait (&f->start);
  copy_slices (f, 0);
  pthread_barrier_wait (&f->done);
  f->set = (f->set + 1) % f->n_sets;
  return (g_get_monotonic_time () - begin) / 1000.0;
}

static gint
compare_doubles (gconstpointer a, gconstpointer b)
{
  gdouble x = *(const gdouble *) a, y = *(const gdouble *) b;

  return (x > y) - (x < y);
}

static gdouble
median_ms (Floor * f, guint repeats)
{
  gdouble *ms = g_new (gdouble, repeats);
  gdouble median;

  time_repetition (f);          /* warm-up: threads awake, pages hot in TLBs */
  for (guint r = 0; r < repeats; r++)
    ms[r] = time_repetition (f);
  qsort (ms, repeats, sizeof (gdouble), compare_doubles);
  median = repeats % 2 ? ms[repeats / 2] :
      (ms[repeats / 2 - 1] + ms[repeats / 2]) / 2;
  g_free (ms);
  return median;
}

static gboolean
floor_init (Floor * f, gsize * sizes, guint n_sizes, guint n_threads)
{
  gsize arena_min = 2 * last_level_cache_size ();

  memset (f, 0, sizeof (*f));
  f->sizes = sizes;
  f->n_sizes = n_sizes;
  f->n_threads = n_threads;
  for (guint i = 0; i < n_sizes; i++)
    f->set_size += sizes[i];
  f->n_sets = MAX (1, (arena_min + f->set_size - 1) / f->set_size);
  f->src = g_try_malloc (f->n_sets * f->set_size);
  f->dst = g_try_malloc (f->n_sets * f->set_size);
  if (f->src == NULL || f->dst == NULL) {
    g_free (f->src);
    g_free (f->dst);
    return FALSE;
  }
  pthread_barrier_init (&f->start, NULL, n_threads);
  pthread_barrier_init (&f->done, NULL, n_threads);
  return TRUE;
}

static gdouble
floor_measure (Floor * f, guint repeats)
{
  pthread_t *threads = g_new (pthread_t, f->n_threads);
  Worker *workers = g_new (Worker, f->n_threads);
  gdouble ms;

  for (guint i = 1; i < f->n_threads; i++) {
    workers[i].floor = f;
    workers[i].index = i;
    pthread_create (&threads[i], NULL, worker_main, &workers[i]);
  }
  touch_slices (f, 0);
  pthread_barrier_wait (&f->done);
  ms = median_ms (f, repeats);

  f->quit = TRUE;
  pthread_barrier_wait (&f->start);
  for (guint i = 1; i < f->n_threads; i++)
    pthread_join (threads[i], NULL);
  g_free (workers);
  g_free (threads);
  return ms;
}

static void
floor_clear (Floor * f)
{
  pthread_barrier_destroy (&f->start);
  pthread_barrier_destroy (&f->done);
  g_free (f->src);
  g_free (f->dst);
}

static gboolean
parse_sizes (gint argc, gchar ** argv, gsize ** sizes)
{
  *sizes = g_new (gsize, argc - 1);
  for (gint i = 1; i < argc; i++) {
    guint64 value;

    if (!g_ascii_string_to_unsigned (argv[i], 10, 1, G_MAXSIZE, &value, NULL)) {
      g_printerr ("not a byte count: \"%s\"\n", argv[i]);
      g_clear_pointer (sizes, g_free);
      return FALSE;
    }
    (*sizes)[i - 1] = value;
  }
  return TRUE;
}

int
main (int argc, char **argv)
{
  gint threads = g_get_num_processors (), repeats = DEFAULT_REPEATS;
  GOptionEntry entries[] = {
    {"threads", 't', 0, G_OPTION_ARG_INT, &threads,
        "Copying threads (default: the number of processors)", "N"},
    {"repeats", 'r', 0, G_OPTION_ARG_INT, &repeats,
        "Repetitions; the median is printed (default 9)", "R"},
    {NULL}
  };
  GOptionContext *context = g_option_context_new ("BYTES...");
  GError *error = NULL;
  gsize *sizes;
  Floor f;
  gboolean ok;

  g_option_context_set_summary (context, "Prints the median time in "
      "milliseconds of a multi-threaded memcpy of one block of each BYTES.");
  g_option_context_add_main_entries (context, entries, NULL);
  ok = g_option_context_parse (context, &argc, &argv, &error);
  g_option_context_free (context);
  if (!ok) {
    g_printerr ("%s\n", error->message);
    g_error_free (error);
    return 2;
  }
  if (argc < 2 || threads < 1 || repeats < 1) {
    g_printerr ("usage: memcpy-floor [--threads N] [--repeats R] BYTES...\n");
    return 2;
  }
  if (!parse_sizes (argc, argv, &sizes))
    return 2;
  if (!floor_init (&f, sizes, argc - 1, threads)) {
    g_printerr ("could not allocate the copy buffers\n");
    g_free (sizes);
    return 1;
  }
  g_print ("%.3f\n", floor_measure (&f, repeats));
  floor_clear (&f);
  g_free (sizes);
  return 0;
}
