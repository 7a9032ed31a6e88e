/* gst-opencl benchmark
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The workloads: each is a list of pipelines run on the same input frames,
 * ours and the peer a user would pick instead. Add a workload by adding an
 * entry here; nothing else names them.
 */
#include "bench.h"

#include <string.h>

/* 30 degrees; `rotate` takes radians. */
#define PEER_ROTATE "rotate angle=0.5235987755982988"
#define PEER_SCALE "videoscale method=catrom n-threads=@THREADS@"
#define PEER_BLUR "cvsmooth type=blur kernel-width=31 kernel-height=31"
#define PEER_CONVERT "videoconvert n-threads=@THREADS@"
#define PEER_CONVERT_SCALE "videoconvertscale method=catrom n-threads=@THREADS@"

#define OURS_UPSCALE "clbicubicscale filter=catmull-rom"
#define OURS_DOWNSCALE "clbicubicscale filter=catmull-rom antialias=true"

/* clbicubicscale and videoscale on the same frames: ours-TAG, peer-TAG. */
#define SCALE_PAIR(tag, ours, format, in_w, in_h, out_w, out_h, x) \
  {"ours-" tag, BENCH_ROLE_OURS, "clbicubicscale", ours, format, NULL, \
      in_w, in_h, out_w, out_h, "peer-" tag, "clbicubicscale", x}, \
  {"peer-" tag, BENCH_ROLE_PEER, "videoscale catrom", PEER_SCALE, format, \
      NULL, in_w, in_h, out_w, out_h, NULL, "videoscale method=catrom", x}

/* clboxblur on a 1080p RGBA frame; VERSUS is "peer" where the radius is
 * cvsmooth's. */
#define BLUR(tag, properties, method, radius, versus) \
  {tag, BENCH_ROLE_OURS, "clboxblur " properties, "clboxblur " properties, \
      "RGBA", NULL, 1920, 1080, 0, 0, versus, "clboxblur method=" method, \
      radius}

const BenchWorkload bench_workloads[] = {
  {
        "upscale",
        "clbicubicscale Catmull-Rom 1920x1080 -> 3840x2160 and NV12 "
        "1280x720 -> 1920x1080 vs videoscale method=catrom",
        NULL,
        {
              SCALE_PAIR ("rgba", OURS_UPSCALE, "RGBA", 1920, 1080, 3840, 2160,
                  0),
              SCALE_PAIR ("nv12", OURS_UPSCALE, "NV12", 1920, 1080, 3840, 2160,
                  0),
              SCALE_PAIR ("nv12-720", OURS_UPSCALE, "NV12", 1280, 720, 1920,
                  1080, 0),
            }
      },
  {
        "downscale",
        "clbicubicscale Catmull-Rom antialiased 3840x2160 -> 1920x1080 and "
        "-> 640x360 vs videoscale method=catrom",
        NULL,
        {
              SCALE_PAIR ("1080", OURS_DOWNSCALE, "RGBA", 3840, 2160, 1920,
                  1080, 0),
              SCALE_PAIR ("360", OURS_DOWNSCALE, "RGBA", 3840, 2160, 640, 360,
                  0),
              SCALE_PAIR ("1080-nv12", OURS_DOWNSCALE, "NV12", 3840, 2160,
                  1920, 1080, 0),
            }
      },
  {
        "rotate",
        "clrotate 30 degrees 1920x1080 vs rotate (nearest only)",
        NULL,
        {
              {"ours-bilinear", BENCH_ROLE_OURS, "clrotate bilinear",
                  "clrotate angle=30 method=bilinear", "RGBA", NULL, 1920,
                  1080, 0, 0, "peer"},
              {"ours-nearest", BENCH_ROLE_OURS, "clrotate nearest",
                  "clrotate angle=30 method=nearest", "RGBA", NULL, 1920, 1080,
                  0, 0, "peer"},
              {"ours-bicubic", BENCH_ROLE_OURS, "clrotate bicubic",
                  "clrotate angle=30 method=bicubic", "RGBA", NULL, 1920, 1080,
                  0, 0, "peer"},
              {"peer", BENCH_ROLE_PEER, "rotate (nearest)", PEER_ROTATE,
                  "RGBA", NULL, 1920, 1080},
            }
      },
  {
        "blur",
        "clboxblur 1920x1080 at radius 1, 15, 100, 400 vs cvsmooth "
        "type=blur 31x31 (on BGR frames)",
        "radius (px)",
        {
              BLUR ("ours-r1", "radius=1", "auto", 1, NULL),
              BLUR ("ours-r15", "radius=15", "auto", 15, "peer"),
              BLUR ("ours-r100", "radius=100", "auto", 100, NULL),
              BLUR ("ours-r400", "radius=400", "auto", 400, NULL),
              BLUR ("ours-separable-r15", "radius=15 method=separable",
                  "separable", 15, "peer"),
              BLUR ("ours-separable-r400", "radius=400 method=separable",
                  "separable", 400, NULL),
              BLUR ("ours-sat-r15", "radius=15 method=sat", "sat", 15, "peer"),
              BLUR ("ours-sat-r400", "radius=400 method=sat", "sat", 400,
                  NULL),
              {"peer", BENCH_ROLE_PEER, "cvsmooth blur 31x31 (BGR)",
                    PEER_BLUR, "BGR", NULL, 1920, 1080, 0, 0, NULL,
                  "cvsmooth 31x31 (BGR)", 15},
              {"convert", BENCH_ROLE_EXTRA, "videoconvert RGBA->BGR",
                    "videoconvert n-threads=@THREADS@", "RGBA", "BGR", 1920,
                  1080},
            }
      },
  {
        "at-4k",
        "clrotate 30 degrees and clboxblur at radius 3 to 400 on 3840x2160 "
        "frames (kernel time against the device copy)",
        NULL,
        {
              {"ours-rotate", BENCH_ROLE_OURS, "clrotate bilinear",
                  "clrotate angle=30 method=bilinear", "RGBA", NULL, 3840,
                  2160},
              {"ours-blur-r3", BENCH_ROLE_OURS, "clboxblur radius=3",
                  "clboxblur radius=3", "RGBA", NULL, 3840, 2160},
              {"ours-blur-r15", BENCH_ROLE_OURS, "clboxblur radius=15",
                  "clboxblur radius=15", "RGBA", NULL, 3840, 2160},
              {"ours-blur-r100", BENCH_ROLE_OURS, "clboxblur radius=100",
                  "clboxblur radius=100", "RGBA", NULL, 3840, 2160},
              {"ours-blur-r400", BENCH_ROLE_OURS, "clboxblur radius=400",
                  "clboxblur radius=400", "RGBA", NULL, 3840, 2160},
              {"ours-blur-r15-separable", BENCH_ROLE_OURS,
                    "clboxblur radius=15 method=separable",
                  "clboxblur radius=15 method=separable", "RGBA", NULL, 3840,
                  2160},
              {"ours-blur-r100-separable", BENCH_ROLE_OURS,
                    "clboxblur radius=100 method=separable",
                  "clboxblur radius=100 method=separable", "RGBA", NULL, 3840,
                  2160},
              {"ours-blur-r15-sat", BENCH_ROLE_OURS,
                    "clboxblur radius=15 method=sat",
                  "clboxblur radius=15 method=sat", "RGBA", NULL, 3840, 2160},
            }
      },
  {
        "chain",
        "clbicubicscale 1280x720 -> 1920x1080 ! clrotate 30 ! clboxblur 15, "
        "vs videoscale ! rotate ! cvsmooth (on BGR frames)",
        NULL,
        {
              {"ours", BENCH_ROLE_OURS, "3 cl elements",
                    OURS_UPSCALE " ! clrotate angle=30 method=bilinear ! "
                    "clboxblur radius=15", "RGBA", NULL, 1280, 720, 1920, 1080,
                  "peer"},
              {"peer", BENCH_ROLE_PEER, "videoscale ! rotate ! cvsmooth",
                    PEER_SCALE " ! " PEER_ROTATE " ! " PEER_BLUR, "BGR", NULL,
                  1280, 720, 1920, 1080},
            }
      },
  {
        "scale-sizes",
        "clbicubicscale Catmull-Rom 2x upscale from 480p, 720p and 1080p vs "
        "videoscale method=catrom",
        "input height (px), upscaled 2x",
        {
              SCALE_PAIR ("480", OURS_UPSCALE, "RGBA", 854, 480, 1708, 960,
                  480),
              SCALE_PAIR ("720", OURS_UPSCALE, "RGBA", 1280, 720, 2560, 1440,
                  720),
              SCALE_PAIR ("1080", OURS_UPSCALE, "RGBA", 1920, 1080, 3840, 2160,
                  1080),
            }
      },
  {
        "convert",
        "clconvert NV12 <-> RGBA 1920x1080 vs videoconvert; clconvertscale "
        "I420 3840x2160 -> NV12 1920x1080 and NV12 1920x1080 -> RGBA "
        "3840x2160 vs videoconvertscale method=catrom",
        NULL,
        {
              {"ours-nv12-rgba", BENCH_ROLE_OURS, "clconvert NV12 -> RGBA",
                    "clconvert", "NV12", "RGBA", 1920, 1080, 0, 0,
                  "peer-nv12-rgba"},
              {"peer-nv12-rgba", BENCH_ROLE_PEER, "videoconvert NV12 -> RGBA",
                  PEER_CONVERT, "NV12", "RGBA", 1920, 1080},
              {"ours-rgba-nv12", BENCH_ROLE_OURS, "clconvert RGBA -> NV12",
                    "clconvert", "RGBA", "NV12", 1920, 1080, 0, 0,
                  "peer-rgba-nv12"},
              {"peer-rgba-nv12", BENCH_ROLE_PEER, "videoconvert RGBA -> NV12",
                  PEER_CONVERT, "RGBA", "NV12", 1920, 1080},
              {"ours-i420-nv12", BENCH_ROLE_OURS,
                    "clconvertscale I420 4K -> NV12 1080p", "clconvertscale",
                    "I420", "NV12", 3840, 2160, 1920, 1080,
                  "peer-i420-nv12"},
              {"peer-i420-nv12", BENCH_ROLE_PEER,
                    "videoconvertscale I420 4K -> NV12 1080p",
                    PEER_CONVERT_SCALE, "I420", "NV12", 3840, 2160, 1920,
                  1080},
              {"ours-nv12-rgba-4k", BENCH_ROLE_OURS,
                    "clconvertscale NV12 1080p -> RGBA 4K", "clconvertscale",
                    "NV12", "RGBA", 1920, 1080, 3840, 2160,
                  "peer-nv12-rgba-4k"},
              {"peer-nv12-rgba-4k", BENCH_ROLE_PEER,
                    "videoconvertscale NV12 1080p -> RGBA 4K",
                    PEER_CONVERT_SCALE, "NV12", "RGBA", 1920, 1080, 3840,
                  2160},
            }
      },
};

const guint bench_n_workloads = G_N_ELEMENTS (bench_workloads);

const BenchWorkload *
bench_workload_find (const gchar * name)
{
  for (guint i = 0; i < bench_n_workloads; i++)
    if (g_strcmp0 (bench_workloads[i].name, name) == 0)
      return &bench_workloads[i];
  return NULL;
}

guint
bench_workload_n_cases (const BenchWorkload * workload)
{
  guint n = 0;

  while (n < BENCH_MAX_CASES && workload->cases[n].id != NULL)
    n++;
  return n;
}

static gboolean
video_info_for (GstVideoInfo * info, const gchar * format, gint width,
    gint height)
{
  GstVideoFormat f = gst_video_format_from_string (format);

  gst_video_info_init (info);
  if (f == GST_VIDEO_FORMAT_UNKNOWN
      || !gst_video_info_set_format (info, f, width, height))
    return FALSE;
  GST_VIDEO_INFO_FPS_N (info) = 30;
  GST_VIDEO_INFO_FPS_D (info) = 1;
  return TRUE;
}

gboolean
bench_case_geometry (const BenchCase * c, BenchGeometry * geometry)
{
  const gchar *in_format = c->in_format ? c->in_format : "RGBA";
  const gchar *out_format = c->out_format ? c->out_format : in_format;

  return video_info_for (&geometry->in, in_format, c->in_width, c->in_height)
      && video_info_for (&geometry->out, out_format,
      c->out_width ? c->out_width : c->in_width,
      c->out_height ? c->out_height : c->in_height);
}

/* The case's pipeline with @THREADS@ replaced. */
gchar *
bench_case_pipeline (const BenchCase * c)
{
  gchar **parts = g_strsplit (c->pipeline, "@THREADS@", -1);
  gchar *threads = g_strdup_printf ("%u", g_get_num_processors ());
  gchar *pipeline = g_strjoinv (threads, parts);

  g_free (threads);
  g_strfreev (parts);
  return pipeline;
}

/**
 * bench_case_missing_element:
 *
 * Returns: (nullable): the first element of the case's pipeline that this
 * installation lacks, or %NULL when it has them all.
 */
gchar *
bench_case_missing_element (const BenchCase * c)
{
  gchar **stages = g_strsplit (c->pipeline, "!", -1);
  gchar *missing = NULL;

  for (guint i = 0; stages[i] && !missing; i++) {
    gchar **words = g_strsplit (g_strstrip (stages[i]), " ", 2);
    GstElementFactory *factory = gst_element_factory_find (words[0]);

    if (factory == NULL)
      missing = g_strdup (words[0]);
    gst_clear_object (&factory);
    g_strfreev (words);
  }
  g_strfreev (stages);
  return missing;
}
