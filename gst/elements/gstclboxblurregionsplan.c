/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "gstclboxblurregionsplan.h"
#include "gstclboxblurtuning.h"

#include <string.h>

/* The rectangle [x0, x1) x [y0, y1), empty where x1 <= x0 or y1 <= y0. */
static gboolean
set_rect (GstVideoRectangle * rect, gint64 x0, gint64 y0, gint64 x1, gint64 y1)
{
  if (x1 <= x0 || y1 <= y0) {
    memset (rect, 0, sizeof (*rect));
    return FALSE;
  }
  rect->x = x0;
  rect->y = y0;
  rect->w = x1 - x0;
  rect->h = y1 - y0;
  return TRUE;
}

/* Rows [y0, y1) of a frame in the rows of one of its @fields fields,
 * @field (rows field, field + fields, ...): the field's rows inside. */
static gint64
field_row (gint64 y, guint field, guint fields)
{
  return (y - field + fields - 1) / fields;
}

/**
 * gst_cl_box_blur_region_rect:
 * @region: in the frame's pixels
 * @margin: pixels added on every side
 * @width: the frame's width and @height, its height (both fields')
 * @field: the field of @fields the rectangle is wanted in: 0 of 1 for the
 *   frame itself
 * @rect: (out): @region widened by @margin and clipped to the frame, in
 *   the rows of the field
 *
 * Returns: FALSE where nothing of it is left (outside the frame, empty,
 * or no row of the field).
 */
gboolean
gst_cl_box_blur_region_rect (const GstCLBoxBlurRegion * region, guint margin,
    gint width, gint height, guint field, guint fields,
    GstVideoRectangle * rect)
{
  gint64 x0, y0, x1, y1;

  if (region->w == 0 || region->h == 0)
    return set_rect (rect, 0, 0, 0, 0);
  x0 = MAX ((gint64) region->x - margin, 0);
  y0 = MAX ((gint64) region->y - margin, 0);
  x1 = MIN ((gint64) region->x + region->w + margin, width);
  y1 = MIN ((gint64) region->y + region->h + margin, height);
  if (fields > 1 && y1 > y0) {
    y0 = field_row (y0, field, fields);
    y1 = field_row (y1, field, fields);
  }
  return set_rect (rect, x0, y0, x1, y1);
}

/**
 * gst_cl_box_blur_plane_rect:
 * @rect: a rectangle of the frame's first plane (not subsampled)
 * @plane_rect: (out): it in @plane's samples, rounded outward (every
 *   sample that covers a pixel of @rect), clipped to @plane
 *
 * Returns: FALSE where it is empty.
 */
gboolean
gst_cl_box_blur_plane_rect (const GstVideoRectangle * rect,
    const GstCLPlane * plane, GstVideoRectangle * plane_rect)
{
  gint64 x1 = (gint64) rect->x + rect->w, y1 = (gint64) rect->y + rect->h;

  return set_rect (plane_rect, MAX (rect->x, 0) >> plane->w_sub,
      MAX (rect->y, 0) >> plane->h_sub,
      MIN ((x1 + (1 << plane->w_sub) - 1) >> plane->w_sub, plane->width),
      MIN ((y1 + (1 << plane->h_sub) - 1) >> plane->h_sub, plane->height));
}

/**
 * gst_cl_box_blur_plane_reach:
 * @reach_x: (out): how far plane @p's passes reach along rows, in its
 *   samples: the sum of their radii
 *
 * A pass's output depends on its input within its radii, so the last
 * pass's output on a rectangle depends on the source within the sum of
 * the passes' radii around it: blurring that part of the plane, as a
 * plane of its own, gives the whole plane's blur inside the rectangle.
 */
void
gst_cl_box_blur_plane_reach (const GstCLBoxBlurPlan * plan, guint p,
    gint * reach_x, gint * reach_y)
{
  *reach_x = *reach_y = 0;
  for (guint i = 0; i < plan->passes; i++) {
    const GstCLBoxBlurPlanePlan *pp =
        &plan->boxes[gst_cl_box_blur_plan_box (plan, i)][p];

    *reach_x += pp->rx;
    *reach_y += pp->ry;
  }
}

static gint64
rect_area (const GstVideoRectangle * rect)
{
  return (gint64) rect->w * rect->h;
}

static void
bounding_box (const GstVideoRectangle * a, const GstVideoRectangle * b,
    GstVideoRectangle * box)
{
  set_rect (box, MIN (a->x, b->x), MIN (a->y, b->y),
      MAX (a->x + a->w, b->x + b->w), MAX (a->y + a->h, b->y + b->h));
}

/* A job on the part of @plane that @rect's blur needs, with @reach. */
static GstCLBoxBlurJob
job_for (const GstCLPlane * plane, const GstVideoRectangle * rect,
    gint reach_x, gint reach_y)
{
  GstCLBoxBlurJob job = { {0,}, 0, 1 };

  set_rect (&job.part, MAX ((gint64) rect->x - reach_x, 0),
      MAX ((gint64) rect->y - reach_y, 0),
      MIN ((gint64) rect->x + rect->w + reach_x, plane->width),
      MIN ((gint64) rect->y + rect->h + reach_y, plane->height));
  return job;
}

/* Merges the jobs of @rects (one each) whose parts' bounding box is no
 * larger than the two parts: one blur of it costs no more. Each job's
 * rectangles end up in its own run of @rects, first_rect on. */
static void
merge_jobs (GArray * jobs, GArray * rects, guint * owner)
{
  gboolean merged = TRUE;
  GArray *sorted;

  while (merged) {
    merged = FALSE;
    for (guint i = 0; i < jobs->len && !merged; i++)
      for (guint j = i + 1; j < jobs->len && !merged; j++) {
        GstCLBoxBlurJob *a = &g_array_index (jobs, GstCLBoxBlurJob, i);
        GstCLBoxBlurJob *b = &g_array_index (jobs, GstCLBoxBlurJob, j);
        GstVideoRectangle box;

        bounding_box (&a->part, &b->part, &box);
        if (rect_area (&box) > rect_area (&a->part) + rect_area (&b->part))
          continue;
        a->part = box;
        a->n_rects += b->n_rects;
        for (guint r = 0; r < rects->len; r++)
          if (owner[r] == j)
            owner[r] = i;
          else if (owner[r] > j)
            owner[r]--;
        g_array_remove_index (jobs, j);
        merged = TRUE;
      }
  }
  /* the rectangles job by job */
  sorted = g_array_sized_new (FALSE, FALSE, sizeof (GstVideoRectangle),
      rects->len);
  for (guint i = 0; i < jobs->len; i++) {
    GstCLBoxBlurJob *job = &g_array_index (jobs, GstCLBoxBlurJob, i);

    job->first_rect = sorted->len;
    for (guint r = 0; r < rects->len; r++)
      if (owner[r] == i)
        g_array_append_val (sorted, g_array_index (rects, GstVideoRectangle,
                r));
  }
  g_array_set_size (rects, 0);
  g_array_append_vals (rects, sorted->data, sorted->len);
  g_array_unref (sorted);
}

/* One job for every rectangle: over @part. */
static void
single_job (GArray * jobs, const GArray * rects, const GstVideoRectangle * part)
{
  GstCLBoxBlurJob job = { *part, 0, rects->len };

  g_array_set_size (jobs, 0);
  g_array_append_val (jobs, job);
}

/* The jobs of plane @p: a part for each rectangle, merged where that costs
 * nothing; more than the tuning's parts become their bounding box, and
 * parts that cover enough of the plane the plane. */
static void
plan_plane_jobs (const GstCLBoxBlurTuning * t, const GstCLBoxBlurPlan * plan,
    guint p, const GstCLPlane * plane, GstCLBoxBlurPlaneRegions * regions)
{
  GArray *rects = regions->rects, *jobs = regions->jobs;
  gint reach_x, reach_y;
  gint64 area = 0;

  gst_cl_box_blur_plane_reach (plan, p, &reach_x, &reach_y);
  for (guint r = 0; r < rects->len; r++) {
    GstCLBoxBlurJob job = job_for (plane,
        &g_array_index (rects, GstVideoRectangle, r), reach_x, reach_y);

    job.first_rect = r;
    g_array_append_val (jobs, job);
  }
  if (jobs->len > t->region_max_parts) {
    GstVideoRectangle box = g_array_index (jobs, GstCLBoxBlurJob, 0).part;

    for (guint i = 1; i < jobs->len; i++)
      bounding_box (&box, &g_array_index (jobs, GstCLBoxBlurJob, i).part, &box);
    single_job (jobs, rects, &box);
  } else {
    guint *owner = g_new (guint, MAX (rects->len, 1));

    for (guint r = 0; r < rects->len; r++)
      owner[r] = r;
    merge_jobs (jobs, rects, owner);
    g_free (owner);
  }
  for (guint i = 0; i < jobs->len; i++)
    area += rect_area (&g_array_index (jobs, GstCLBoxBlurJob, i).part);
  if (jobs->len > 0 && area * 100 >= (gint64) t->region_whole_percent *
      plane->width * plane->height) {
    GstVideoRectangle whole = { 0, 0, plane->width, plane->height };

    single_job (jobs, rects, &whole);
  }
}

/**
 * gst_cl_box_blur_plan_regions:
 * @frame: the layout of the frames @plan is for: a whole frame, or one of
 *   its @fields fields
 * @regions: the frame's regions of interest, in its pixels
 * @margin: pixels each region is widened by, on every side
 * @field: which field of @fields @frame is (0 of 1: the whole frame)
 * @rplan: (out): each plane's rectangles to blur, and the parts whose
 *   blur gives them; gst_cl_box_blur_region_plan_clear() it
 *
 * Plans the blur of @frame inside @regions only: each widened by @margin
 * and clipped to the frame, taken into @frame's field, then into each
 * plane's samples (rounding outward). A rectangle's part is the rectangle
 * widened by the passes' reach (gst_cl_box_blur_plane_reach()), within the
 * plane, whose blur as a plane of its own is the whole plane's blur inside
 * the rectangle. Overlapping rectangles need nothing more: each gives the
 * whole plane's blur where it lies.
 */
void
gst_cl_box_blur_plan_regions (const GstCLBoxBlurTarget * target,
    const GstCLFrame * frame, const GstCLBoxBlurPlan * plan,
    const GstCLBoxBlurRegion * regions, guint n_regions, guint margin,
    guint field, guint fields, GstCLBoxBlurRegionPlan * rplan)
{
  const GstCLBoxBlurTuning *t =
      gst_cl_box_blur_tuning_for_device (target->device);
  const GstCLPlane *luma = &frame->planes[0];

  memset (rplan, 0, sizeof (*rplan));
  rplan->n_planes = frame->n_planes;
  for (guint p = 0; p < frame->n_planes; p++) {
    const GstCLPlane *plane = &frame->planes[p];
    GstCLBoxBlurPlaneRegions *pr = &rplan->planes[p];
    gsize sample = (gsize) plane->channels * (plane->depth / 8);

    pr->rects = g_array_new (FALSE, FALSE, sizeof (GstVideoRectangle));
    pr->jobs = g_array_new (FALSE, FALSE, sizeof (GstCLBoxBlurJob));
    for (guint i = 0; i < n_regions; i++) {
      GstVideoRectangle rect, plane_rect;

      if (gst_cl_box_blur_region_rect (&regions[i], margin, luma->width,
              luma->height * fields, field, fields, &rect)
          && gst_cl_box_blur_plane_rect (&rect, plane, &plane_rect))
        g_array_append_val (pr->rects, plane_rect);
    }
    plan_plane_jobs (t, plan, p, plane, pr);
    for (guint i = 0; i < pr->jobs->len; i++)
      rplan->spare_bytes = MAX (rplan->spare_bytes,
          rect_area (&g_array_index (pr->jobs, GstCLBoxBlurJob, i).part) *
          sample);
  }
}

void
gst_cl_box_blur_region_plan_clear (GstCLBoxBlurRegionPlan * rplan)
{
  for (guint p = 0; p < rplan->n_planes; p++) {
    g_clear_pointer (&rplan->planes[p].rects, g_array_unref);
    g_clear_pointer (&rplan->planes[p].jobs, g_array_unref);
  }
  rplan->n_planes = 0;
}
