/* gst-opencl
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The caps of a scaler, as videoscale has them: any output size (and
 * pixel aspect ratio) for an input, fixed to keep the display aspect
 * ratio, and the letterboxed picture where the output caps cannot keep it,
 * with the regions of interest placed on it.
 */
#include "gstclscalecaps.h"
#include "gstclgeometry.h"

#include <gst/opencl/gstclframe.h>

GST_DEBUG_CATEGORY_STATIC (gst_cl_scale_caps_debug);
#define GST_CAT_DEFAULT gst_cl_scale_caps_debug

static void
ensure_debug_category (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done)) {
    GST_DEBUG_CATEGORY_INIT (gst_cl_scale_caps_debug, "clscalecaps", 0,
        "Caps of the OpenCL scalers");
    g_once_init_leave (&done, 1);
  }
}

/**
 * gst_cl_scale_caps_any_size:
 *
 * @caps with every size, and every pixel aspect ratio where they have
 * one (new caps).
 */
GstCaps *
gst_cl_scale_caps_any_size (GstCaps * caps)
{
  GstCaps *ret = gst_caps_new_empty ();

  for (guint i = 0; i < gst_caps_get_size (caps); i++) {
    GstStructure *s = gst_caps_get_structure (caps, i);
    GstCapsFeatures *f = gst_caps_get_features (caps, i);

    if (i > 0 && gst_caps_is_subset_structure_full (ret, s, f))
      continue;
    s = gst_structure_copy (s);
    gst_structure_set (s, "width", GST_TYPE_INT_RANGE, 1, G_MAXINT,
        "height", GST_TYPE_INT_RANGE, 1, G_MAXINT, NULL);
    if (gst_structure_has_field (s, "pixel-aspect-ratio"))
      gst_structure_set (s, "pixel-aspect-ratio", GST_TYPE_FRACTION_RANGE, 1,
          G_MAXINT, G_MAXINT, 1, NULL);
    gst_caps_append_structure_full (ret, s, gst_caps_features_copy (f));
  }
  return ret;
}

/* Fixation keeps the input's display aspect ratio (DAR) the way videoscale
 * does (its fixate_size), case for case, so that the two scalers give the
 * same caps: both sizes fixed (a free PAR keeps the DAR), one fixed, only
 * the PAR fixed, or nothing fixed. */
typedef struct
{
  GstElement *element;
  GstStructure *outs;
  const GValue *to_par;         /* the output PAR: fixed, or a range; read
                                 * it before changing outs */
  gint to_par_n, to_par_d;      /* its value where fixed */
  gint from_w, from_h;
  gint from_par_n, from_par_d;
  gint dar_n, dar_d;
} Fixation;

/* a * b as a fraction, or FALSE after posting an error on overflow. */
static gboolean
multiply (const Fixation * fx, gint a_n, gint a_d, gint b_n, gint b_d,
    gint * n, gint * d)
{
  if (gst_util_fraction_multiply (a_n, a_d, b_n, b_d, n, d))
    return TRUE;
  GST_ELEMENT_ERROR (fx->element, CORE, NEGOTIATION, (NULL),
      ("Integer overflow computing the output size for a %dx%d input",
          fx->from_w, fx->from_h));
  return FALSE;
}

/* The value of @field nearest @value that @outs allows. */
static gint
nearest_int (const GstStructure * outs, const gchar * field, gint value)
{
  GstStructure *probe = gst_structure_copy (outs);

  gst_structure_fixate_field_nearest_int (probe, field, value);
  gst_structure_get_int (probe, field, &value);
  gst_structure_free (probe);
  return value;
}

/* The output PAR nearest n/d that the caps allow. */
static void
nearest_par (const Fixation * fx, gint n, gint d, gint * par_n, gint * par_d)
{
  GstStructure *probe = gst_structure_copy (fx->outs);

  if (!gst_structure_has_field (probe, "pixel-aspect-ratio"))
    gst_structure_set_value (probe, "pixel-aspect-ratio", fx->to_par);
  gst_structure_fixate_field_nearest_fraction (probe, "pixel-aspect-ratio",
      n, d);
  gst_structure_get_fraction (probe, "pixel-aspect-ratio", par_n, par_d);
  gst_structure_free (probe);
}

/* Caps without a PAR field mean 1/1: only another PAR needs the field. */
static void
set_par (GstStructure * outs, gint n, gint d)
{
  if (gst_structure_has_field (outs, "pixel-aspect-ratio") || n != d)
    gst_structure_set (outs, "pixel-aspect-ratio", GST_TYPE_FRACTION, n, d,
        NULL);
}

/* The length along the other axis that shows @fixed pixels of this one at
 * the input's DAR with pixels of par_n/par_d: width = height * DAR / PAR,
 * height = width * PAR / DAR. */
static gboolean
other_length (const Fixation * fx, gboolean other_is_width, gint fixed,
    gint par_n, gint par_d, gint * length)
{
  gint num, den;

  if (!multiply (fx, fx->dar_n, fx->dar_d, par_d, par_n, &num, &den))
    return FALSE;
  *length = other_is_width ? gst_util_uint64_scale_int_round (fixed, num,
      den) : gst_util_uint64_scale_int_round (fixed, den, num);
  return TRUE;
}

/* One dimension is fixed at @fixed. With a fixed PAR the @other follows
 * the DAR; else the input's length @from_other is kept where the caps
 * allow, with the PAR that keeps the DAR, or failing that the nearest PAR
 * and the length that goes with it. */
static void
fixate_other_side (const Fixation * fx, const gchar * other, gint fixed,
    gint from_other)
{
  gboolean other_is_width = g_str_equal (other, "width");
  gint length, par_n, par_d, set_n, set_d;

  if (gst_value_is_fixed (fx->to_par)) {
    if (other_length (fx, other_is_width, fixed, fx->to_par_n, fx->to_par_d,
            &length))
      gst_structure_fixate_field_nearest_int (fx->outs, other, length);
    return;
  }

  length = nearest_int (fx->outs, other, from_other);
  /* The PAR that keeps the DAR: DAR * height / width. */
  if (!multiply (fx, fx->dar_n, fx->dar_d, other_is_width ? fixed : length,
          other_is_width ? length : fixed, &par_n, &par_d))
    return;
  nearest_par (fx, par_n, par_d, &set_n, &set_d);
  if (set_n == par_n && set_d == par_d) {
    /* As videoscale: with no PAR field and square pixels the length is
     * left to gst_caps_fixate(). */
    if (gst_structure_has_field (fx->outs, "pixel-aspect-ratio")
        || set_n != set_d)
      gst_structure_set (fx->outs, other, G_TYPE_INT, length,
          "pixel-aspect-ratio", GST_TYPE_FRACTION, set_n, set_d, NULL);
    return;
  }
  if (other_length (fx, other_is_width, fixed, set_n, set_d, &length)) {
    gst_structure_fixate_field_nearest_int (fx->outs, other, length);
    set_par (fx->outs, set_n, set_d);
  }
}

/* Only the PAR is fixed: the input height kept where allowed and the
 * width from it, else the input width and the height from it, else the
 * pair whose DAR is nearer. videoscale scales by DAR * PAR here (not DAR /
 * PAR as with one side fixed), so an output PAR other than 1/1 does not
 * keep the DAR; followed all the same, so that both negotiate alike. */
static void
fixate_size_for_par (const Fixation * fx)
{
  GstStructure *outs = fx->outs;
  gint num, den, w, h, set_w, set_h, first_w, first_h;

  if (!multiply (fx, fx->dar_n, fx->dar_d, fx->to_par_n, fx->to_par_d, &num,
          &den))
    return;

  set_h = nearest_int (outs, "height", fx->from_h);
  w = gst_util_uint64_scale_int_round (set_h, num, den);
  set_w = nearest_int (outs, "width", w);
  if (set_w == w)
    goto set;
  first_w = set_w;
  first_h = set_h;

  set_w = nearest_int (outs, "width", fx->from_w);
  h = gst_util_uint64_scale_int_round (set_w, den, num);
  set_h = nearest_int (outs, "height", h);
  if (set_h == h)
    goto set;

  if (!(set_w * ABS (set_h - h) < ABS (first_w - w) * first_h)) {
    set_w = first_w;
    set_h = first_h;
  }
set:
  gst_structure_set (outs, "width", G_TYPE_INT, set_w, "height", G_TYPE_INT,
      set_h, NULL);
}

/* Nothing fixed: the sizes nearest the input's and the PAR that keeps the
 * DAR with them; else the nearest PAR with the width, or the height, that
 * keeps the DAR with it; else the nearest of all three. */
static void
fixate_size_and_par (const Fixation * fx)
{
  GstStructure *outs = fx->outs;
  gint set_w, set_h, par_n, par_d, set_n, set_d, w, h;

  set_h = nearest_int (outs, "height", fx->from_h);
  set_w = nearest_int (outs, "width", fx->from_w);
  if (!multiply (fx, fx->dar_n, fx->dar_d, set_h, set_w, &par_n, &par_d))
    return;
  nearest_par (fx, par_n, par_d, &set_n, &set_d);

  if (set_n != par_n || set_d != par_d) {
    if (!other_length (fx, TRUE, set_h, set_n, set_d, &w)
        || !other_length (fx, FALSE, set_w, set_n, set_d, &h))
      return;
    if (nearest_int (outs, "width", w) == w)
      set_w = w;
    else if (nearest_int (outs, "height", h) == h)
      set_h = h;
  }
  gst_structure_set (outs, "width", G_TYPE_INT, set_w, "height", G_TYPE_INT,
      set_h, NULL);
  set_par (outs, set_n, set_d);
}

/* Both sizes fixed: a free PAR takes the value that keeps the DAR (else
 * add-borders letterboxes). */
static void
fixate_par_for_size (const Fixation * fx, gint w, gint h)
{
  guint n, d;

  if (gst_value_is_fixed (fx->to_par)
      || !gst_video_calculate_display_ratio (&n, &d, fx->from_w, fx->from_h,
          fx->from_par_n, fx->from_par_d, w, h))
    return;
  if (gst_structure_has_field (fx->outs, "pixel-aspect-ratio"))
    gst_structure_fixate_field_nearest_fraction (fx->outs,
        "pixel-aspect-ratio", n, d);
  else if (n != d)
    gst_structure_set (fx->outs, "pixel-aspect-ratio", GST_TYPE_FRACTION, n,
        d, NULL);
}

/* A missing PAR is 1/1 on the side being fixated from; on the side being
 * fixated it is free going downstream and 1/1 (set) going upstream. */
static void
fixation_par (Fixation * fx, GstPadDirection direction, GValue * any)
{
  fx->to_par = gst_structure_get_value (fx->outs, "pixel-aspect-ratio");
  if (fx->to_par == NULL && direction == GST_PAD_SINK) {
    g_value_init (any, GST_TYPE_FRACTION_RANGE);
    gst_value_set_fraction_range_full (any, 1, G_MAXINT, G_MAXINT, 1);
    fx->to_par = any;
  } else if (fx->to_par == NULL) {
    gst_structure_set (fx->outs, "pixel-aspect-ratio", GST_TYPE_FRACTION, 1,
        1, NULL);
    fx->to_par = gst_structure_get_value (fx->outs, "pixel-aspect-ratio");
  }
  gst_cl_structure_get_par (fx->outs, &fx->to_par_n, &fx->to_par_d);
}

static void
fixate_size (GstElement * element, GstPadDirection direction,
    GstStructure * ins, GstStructure * outs)
{
  Fixation fx = { element, outs };
  GValue any = G_VALUE_INIT;
  gint w = 0, h = 0;

  fixation_par (&fx, direction, &any);
  gst_structure_get_int (ins, "width", &fx.from_w);
  gst_structure_get_int (ins, "height", &fx.from_h);
  gst_cl_structure_get_par (ins, &fx.from_par_n, &fx.from_par_d);
  gst_structure_get_int (outs, "width", &w);
  gst_structure_get_int (outs, "height", &h);

  if (w && h)
    fixate_par_for_size (&fx, w, h);
  else if (multiply (&fx, fx.from_w, fx.from_h, fx.from_par_n,
          fx.from_par_d, &fx.dar_n, &fx.dar_d)) {
    GST_DEBUG_OBJECT (element, "input DAR %d/%d", fx.dar_n, fx.dar_d);
    if (h)
      fixate_other_side (&fx, "width", h, fx.from_w);
    else if (w)
      fixate_other_side (&fx, "height", w, fx.from_h);
    else if (gst_value_is_fixed (fx.to_par))
      fixate_size_for_par (&fx);
    else
      fixate_size_and_par (&fx);
  }
  if (G_IS_VALUE (&any))
    g_value_unset (&any);
}

/**
 * gst_cl_scale_fixate_caps:
 * @element: the scaler, which posts an error where the sizes overflow
 * @caps: the fixed caps on the side of @direction
 * @othercaps: (transfer full): the other side's
 *
 * Fixes @othercaps as videoscale does (returned).
 */
GstCaps *
gst_cl_scale_fixate_caps (GstElement * element, GstPadDirection direction,
    GstCaps * caps, GstCaps * othercaps)
{
  ensure_debug_category ();
  othercaps = gst_caps_make_writable (gst_caps_truncate (othercaps));
  fixate_size (element, direction, gst_caps_get_structure (caps, 0),
      gst_caps_get_structure (othercaps, 0));
  othercaps = gst_caps_fixate (othercaps);
  GST_DEBUG_OBJECT (element, "fixated to %" GST_PTR_FORMAT, othercaps);
  return othercaps;
}

/**
 * gst_cl_scale_picture_rectangle:
 * @rect: (out): in luma pixels
 *
 * Where the picture of @in goes in @out: all of it, or the largest centred
 * rectangle with the input's display aspect ratio when @add_borders is on
 * and the output's differs (letterboxed).
 */
void
gst_cl_scale_picture_rectangle (const GstVideoInfo * in,
    const GstVideoInfo * out, gboolean add_borders, GstVideoRectangle * rect)
{
  gint from_dar_n, from_dar_d, to_dar_n, to_dar_d, n, d;
  const GstVideoFormatInfo *finfo = out->finfo;
  gint w = out->width, h = out->height;
  guint wsub = GST_VIDEO_FORMAT_INFO_W_SUB (finfo, 1);
  guint hsub = GST_VIDEO_FORMAT_INFO_H_SUB (finfo, 1);

  rect->x = rect->y = 0;
  rect->w = out->width;
  rect->h = out->height;
  if (!add_borders
      || !gst_util_fraction_multiply (in->width, in->height, in->par_n,
          in->par_d, &from_dar_n, &from_dar_d)
      || !gst_util_fraction_multiply (out->width, out->height, out->par_n,
          out->par_d, &to_dar_n, &to_dar_d)
      || gst_util_fraction_compare (from_dar_n, from_dar_d, to_dar_n,
          to_dar_d) == 0)
    return;

  /* As videoscale: the picture's height for the output's width, rounded
   * down, where it fits, else its width for the output's height. */
  if (!gst_util_fraction_multiply (from_dar_n, from_dar_d, out->par_d,
          out->par_n, &n, &d))
    return;
  h = gst_util_uint64_scale_int (out->width, d, n);
  if (h > out->height) {
    h = out->height;
    w = gst_util_uint64_scale_int (out->height, n, d);
  }

  /* Subsampled chroma: keep the picture on whole chroma samples. */
  w = MAX (w >> wsub << wsub, 1);
  h = MAX (h >> hsub << hsub, 1);
  rect->w = w;
  rect->h = h;
  rect->x = (out->width - w) / 2 >> wsub << wsub;
  rect->y = (out->height - h) / 2 >> hsub << hsub;
}

/**
 * gst_cl_scale_add_letterboxed_roi:
 *
 * Adds @roi of an @in frame to @outbuf, placed on the @picture of a
 * letterboxed output, scaled as gst_video_meta_transform_scale() scales
 * (rounding down).
 */
void
gst_cl_scale_add_letterboxed_roi (GstBuffer * outbuf,
    const GstVideoRegionOfInterestMeta * roi, const GstVideoInfo * in,
    const GstVideoRectangle * picture)
{
  GstVideoRectangle rect;

  rect.x = picture->x + (gint64) roi->x * picture->w / in->width;
  rect.y = picture->y + (gint64) roi->y * picture->h / in->height;
  rect.w = (gint64) roi->w * picture->w / in->width;
  rect.h = (gint64) roi->h * picture->h / in->height;
  gst_cl_buffer_add_roi_meta (outbuf, roi, &rect);
}

/**
 * gst_cl_scale_transform_meta:
 * @meta: a geometry meta (gst_cl_meta_is_geometry ()) of @inbuf
 * @add_borders: whether the output being made is letterboxed
 *
 * Places @meta on @outbuf, scaled from @in to @out, as videoscale does:
 * those about size are scaled through their transform; with borders the
 * picture is only part of the frame, where a scale would misplace them:
 * a region of interest is placed on the picture, other size metas are
 * dropped. Returns whether the meta is to be copied as it is (geometry
 * metas that say nothing about size).
 */
gboolean
gst_cl_scale_transform_meta (GstBuffer * outbuf, GstMeta * meta,
    GstBuffer * inbuf, const GstVideoInfo * in, const GstVideoInfo * out,
    gboolean add_borders)
{
  const GstMetaInfo *info = meta->info;
  GstVideoMetaTransform scale = { (GstVideoInfo *) in, (GstVideoInfo *) out };
  GstVideoRectangle picture;

  ensure_debug_category ();
  if (!gst_meta_api_type_has_tag (info->api,
          g_quark_from_static_string (GST_META_TAG_VIDEO_SIZE_STR)))
    return TRUE;

  gst_cl_scale_picture_rectangle (in, out, add_borders, &picture);
  if (picture.w == out->width && picture.h == out->height) {
    if (info->transform_func)
      info->transform_func (outbuf, meta, inbuf,
          gst_video_meta_transform_scale_get_quark (), &scale);
  } else if (info->api == GST_VIDEO_REGION_OF_INTEREST_META_API_TYPE) {
    gst_cl_scale_add_letterboxed_roi (outbuf,
        (GstVideoRegionOfInterestMeta *) meta, in, &picture);
  } else {
    GST_DEBUG ("dropping %s: it cannot be placed on a letterboxed picture",
        g_type_name (info->api));
  }
  return FALSE;
}

/**
 * gst_cl_scale_navigation_event:
 * @shown: the picture on whole output frames
 * @width: the input frames' width
 * @height: and height
 *
 * Navigation pointers land on output pixels: @event (taken) with them in
 * input pixels, through the picture's rectangle when the output is
 * letterboxed. Other events are returned as they are.
 */
GstEvent *
gst_cl_scale_navigation_event (GstEvent * event,
    const GstVideoRectangle * shown, gint width, gint height)
{
  gdouble x, y;

  if (GST_EVENT_TYPE (event) == GST_EVENT_NAVIGATION
      && gst_navigation_event_get_coordinates (event, &x, &y)) {
    event = gst_event_make_writable (event);
    gst_navigation_event_set_coordinates (event,
        (x - shown->x) * width / shown->w, (y - shown->y) * height / shown->h);
  }
  return event;
}
