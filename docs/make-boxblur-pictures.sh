#!/usr/bin/env bash
# Regenerates the pictures of docs/clboxblur.md:
#   docs/images/clboxblur-radius-R.png   one picture per radius
#   docs/images/clboxblur-passes-3.png   radius 8, three passes
#   docs/images/clboxblur-cost.png       cost per frame against the radius,
#                                        plotted from
#                                        tests/benchmarks/clboxblur-cost.tsv
#
# usage: docs/make-boxblur-pictures.sh [--benchmark]
#   --benchmark  first re-runs the benchmark (tests/benchmarks/boxblur-methods,
#                about ten minutes) and rewrites
#                tests/benchmarks/clboxblur-benchmark.tsv
#                (separable against sat: the measurements behind method=auto)
#                and tests/benchmarks/clboxblur-cost.tsv (cost against the radius)
#
# Needs a build in build/ (meson setup build && meson compile -C build) and,
# for the plot, gnuplot (Debian: gnuplot-nox).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="$REPO_ROOT/build"
IMAGES="$REPO_ROOT/docs/images"
TABLE="$REPO_ROOT/tests/benchmarks/clboxblur-benchmark.tsv"
COST_TABLE="$REPO_ROOT/tests/benchmarks/clboxblur-cost.tsv"

export GST_PLUGIN_PATH="$BUILD/gst"
export GST_REGISTRY="$BUILD/registry.bin"
export POCL_CACHE_DIR="${POCL_CACHE_DIR:-$BUILD/pocl-cache}"

if ! gst-inspect-1.0 clboxblur >/dev/null 2>&1; then
    echo "clboxblur not found in $GST_PLUGIN_PATH: build first" >&2
    exit 1
fi
mkdir -p "$IMAGES"

blur_picture() {
    local name="$1"
    shift
    gst-launch-1.0 -q videotestsrc num-buffers=1 pattern=smpte ! \
        video/x-raw,format=RGBA,width=320,height=180 ! clboxblur "$@" ! \
        videoconvert ! pngenc ! filesink location="$IMAGES/$name.png"
    echo "$IMAGES/$name.png"
}

for radius in 0 2 8 32; do
    blur_picture "clboxblur-radius-$radius" radius="$radius"
done
blur_picture clboxblur-passes-3 radius=8 passes=3

# Prints the header once for several runs of the benchmark.
one_header() {
    awk 'NR == 1 || !/^format/'
}

if [[ "${1:-}" == "--benchmark" ]]; then
    bench="$BUILD/tests/boxblur-methods"
    for format in RGBA GRAY8 I420 NV12; do
        "$bench" -f "$format" -n 21 -r 1,8,32,128,400 640x360 1920x1080 3840x2160
    done | one_header >"$TABLE"
    echo "$TABLE"
    for format in RGBA GRAY8; do
        "$bench" -f "$format" -n 31 -r 1,2,4,8,16,32,64,128,256,512,1024 1920x1080
    done | one_header >"$COST_TABLE"
    echo "$COST_TABLE"
fi

if ! command -v gnuplot >/dev/null; then
    echo "gnuplot not found: no plot (apt-get install gnuplot-nox)" >&2
    exit 1
fi

# One file per format and method; columns: format width height radius
# method ms vs_separable.
series="$(mktemp -d)"
trap 'rm -rf "$series"' EXIT
for format in RGBA GRAY8; do
    for method in separable sat; do
        awk -F'\t' -v f="$format" -v m="$method" '$1 == f && $5 == m' \
            "$COST_TABLE" >"$series/$format-$method.tsv"
    done
done

gnuplot <<PLOT
set terminal pngcairo size 760,440 font "sans,10"
set output "$IMAGES/clboxblur-cost.png"
set title "clboxblur, 1920x1080, PoCL on 2 CPU cores: median per frame (upload and download included)"
set xlabel "radius (the window is 2 * radius + 1 pixels along each axis)"
set ylabel "milliseconds per frame"
set logscale x 2
set xrange [0.8:1300]
set yrange [0:*]
set key bottom right opaque
set grid
plot "$series/RGBA-separable.tsv" using 4:6 with linespoints title "RGBA, separable", \
     "$series/RGBA-sat.tsv" using 4:6 with linespoints title "RGBA, sat", \
     "$series/GRAY8-separable.tsv" using 4:6 with linespoints title "GRAY8, separable", \
     "$series/GRAY8-sat.tsv" using 4:6 with linespoints title "GRAY8, sat"
PLOT
echo "$IMAGES/clboxblur-cost.png"
