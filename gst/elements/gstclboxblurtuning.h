/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * clboxblur's tuning: every choice made only for speed, one row per kind
 * of device. The measurements behind each field are in
 * tests/benchmarks/performance-notes.md ("clboxblur: the tuning table's
 * measurements"), under the field's name.
 */
#pragma once

#include <gst/opencl/gstcldevice.h>

G_BEGIN_DECLS

typedef struct
{
  /* auto's method on GPUs: separable up to these radii (along either
   * axis), sat above */
  guint separable_radius;       /* in images, or any plane where no other
                                 * radius below applies */
  guint buffer_separable_radius;        /* in buffers */
  guint large_buffer_separable_radius;  /* in buffers, large planes */
  guint large_image_separable_radius;   /* in images, large planes */
  gsize large_plane_bytes;      /* from which a plane is large */

  /* storage=auto keeps frames in buffers where it would take images: for
   * 4-channel planes at every radius, others up to strip_radius */
  gboolean prefers_buffers;

  /* separable's kernels for CPU devices: rows a work-item of box_rows_vectors
   * sums, so that a band's column sums stay in the core's cache */
  guint cpu_band_rows;

  /* separable beyond the tiles: output rows box_segments slides a window
   * down */
  guint segment_rows;

  /* group scans: neighbours one item scans alone, and sat_rows's items */
  guint scan_run;
  guint sat_rows_items;
  /* sat_columns's groups: columns by up to sat_columns_bands bands */
  guint sat_columns_columns;
  guint sat_columns_bands;

  /* box_tiles: groups of tile_w x tile_items_y items, each making
   * tall_tile_rows rows (short_tile_rows where local memory is short), for
   * radii up to tile_radius, bringing at least min_chunk_rows source rows
   * into local memory at a time; an item slides row windows along
   * tile_hsum_run columns */
  guint tile_w;
  guint tile_items_y;
  guint tall_tile_rows;
  guint short_tile_rows;
  guint tile_radius;
  guint min_chunk_rows;
  guint tile_hsum_run;

  /* local memory the group kernels leave to the implementation */
  gsize local_mem_reserve;

  /* sat's one-pass strips (box_strips), FALSE where sat never runs them:
   * strip_items items a group, scanning strip_step_rows rows at a time,
   * for radii up to strip_radius (strip_image_radius from images;
   * strip_parts_radius and strip_parts_image_radius where column_windows
   * would copy its columns in parts); strips short_strip_rows tall below
   * ry tall_strip_ry, else tall_strip_rows */
  gboolean strips;
  guint strip_items;
  guint strip_step_rows;
  guint strip_radius;
  guint strip_image_radius;
  guint strip_parts_radius;
  guint strip_parts_image_radius;
  guint tall_strip_ry;
  guint short_strip_rows;
  guint tall_strip_rows;

  /* column_windows: column_windows_items items a group, by window_columns
   * columns read in place, or copied_columns whole columns copied into
   * local memory, or part_columns columns copied in parts of their rows */
  guint column_windows_items;
  guint window_columns;
  guint copied_columns;
  guint part_columns;

  /* sat_row_windows: row_windows_items items a group, each scanning
   * row_windows_run neighbours alone; a segment of a row has at least
   * min_segment_rx * rx outputs */
  guint row_windows_items;
  guint row_windows_run;
  guint min_segment_rx;

  /* regions of interest: their parts (each region widened by the passes'
   * reach, those whose bounding box is no larger than both merged) blurred
   * one by one, or, where there are more than region_max_parts, their
   * bounding box; and the whole plane where they cover at least
   * region_whole_percent of it */
  guint region_max_parts;
  guint region_whole_percent;
} GstCLBoxBlurTuning;

const GstCLBoxBlurTuning *gst_cl_box_blur_tuning (GstCLDeviceClass
    device_class);

const GstCLBoxBlurTuning *gst_cl_box_blur_tuning_for_device (const
    GstCLDeviceInfo * device);

G_END_DECLS
