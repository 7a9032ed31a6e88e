#!/usr/bin/env bash
# gst-opencl benchmark: each kernel's device time in gst-launch pipelines.
#
#   tests/benchmarks/kernel-profile.sh [--frames N] [--only REGEX]
#
# Runs each case below as `videotestsrc pattern=snow num-buffers=N ! CAPS !
# ELEMENT ! fakesink sync=false`, reads the kernel times the clprofile
# debug category logs (GST_DEBUG=clprofile:7, which also turns profiling
# on) and prints, per case, every kernel's mean time in ms per frame (all
# its launches in a frame: one per plane, for instance) over the frames
# after the first 5, and their sum: one line per case,
#
#   CASE: KERNEL MS KERNEL MS ... | total MS
#
# It splits the "kernel ms" of gst-opencl-bench between the kernels, for the
# workloads of docs/performance.md. Our elements run on GST_CL_DEVICE (the
# first GPU, else the first device, when unset); the programs come from the
# build (BUILD_DIR, default build/) or PATH (the bundle of gpu-bundle.sh).
set -euo pipefail
# shellcheck source=launch-common.sh
source "$(dirname "${BASH_SOURCE[0]}")/launch-common.sh"

frames=40
only=.
while [[ $# -gt 0 ]]; do
    case "$1" in
    --frames) frames="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    *) echo "usage: $0 [--frames N] [--only REGEX]" >&2; exit 2 ;;
    esac
done

rgba() { printf 'video/x-raw,format=RGBA,width=%s,height=%s' "$1" "$2"; }

# profile NAME CAPS ELEMENT...: one case.
profile() {
    local name="$1" caps="$2" log
    shift 2
    [[ "$name" =~ $only ]] || return 0
    log="$(mktemp)"
    if ! GST_DEBUG=clprofile:7 "$(bench_tool launch-timer)" \
        videotestsrc pattern=snow num-buffers="$frames" ! "$caps" ! "$@" \
        ! fakesink sync=false >/dev/null 2>"$log"; then
        echo "$name: failed: $(grep -av 'clprofile' "$log" | tail -1)"
        rm -f "$log"
        return 0
    fi
    grep -a "kernel [a-z_0-9]*: [0-9.]* ms" "$log" |
        sed 's/.*kernel \([a-z_0-9]*\): \([0-9.]*\) ms/\1 \2/' |
        awk -v name="$name" -v frames="$frames" '
            { if (!($1 in order)) { order[$1] = ++kernels; names[kernels] = $1 }
              t[$1, ++seen[$1]] = $2 }
            # a kernel may run several times a frame (once per plane):
            # skip the launches of the first 5 frames, and sum the rest
            # per frame
            END { printf "%s:", name; total = 0
                  for (i = 1; i <= kernels; i++) {
                      k = names[i]; per = seen[k] / frames
                      skip = int (5 * per + 0.5); sum = 0; n = 0
                      for (j = skip + 1; j <= seen[k]; j++) { sum += t[k, j]; n++ }
                      if (!n) continue
                      ms = sum / n * per
                      printf " %s %.4f", k, ms; total += ms }
                  printf " | total %.4f\n", total }'
    rm -f "$log"
}

# blur WIDTH HEIGHT RADIUS...: clboxblur at each radius, by each method.
blur() {
    local w="$1" h="$2" r method
    shift 2
    for r in "$@"; do
        for method in separable sat; do
            profile "blur ${w}x$h radius $r $method" "$(rgba "$w" "$h")" \
                clboxblur radius="$r" method=$method
        done
    done
}

blur 1920 1080 1 15 100 400
blur 3840 2160 3 15 100 400
profile "upscale 1920x1080 -> 3840x2160" "$(rgba 1920 1080)" \
    clbicubicscale ! video/x-raw,width=3840,height=2160
profile "downscale 3840x2160 -> 1920x1080" "$(rgba 3840 2160)" \
    clbicubicscale antialias=true ! video/x-raw,width=1920,height=1080
profile "downscale 3840x2160 -> 640x360" "$(rgba 3840 2160)" \
    clbicubicscale antialias=true ! video/x-raw,width=640,height=360
profile "rotate 3840x2160 bilinear" "$(rgba 3840 2160)" \
    clrotate angle=30 method=bilinear
