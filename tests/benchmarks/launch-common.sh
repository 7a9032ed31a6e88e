# shellcheck shell=bash
# gst-opencl benchmark: helpers shared by the gst-launch benchmarks
# (chain-bench.sh, launch-bench.sh) and run-benchmarks.sh. Source it from
# bash; it defines functions only.

# Prints EXPRESSION evaluated by awk (floating point).
calc() {
    awk "BEGIN { printf \"%.6f\", $1 }"
}

# Seconds one run of `gst-launch-1.0 DESCRIPTION ! fakesink sync=false`
# takes, process start included; fails as gst-launch-1.0 does, its
# messages on stderr.
pipeline_seconds() {
    local start end
    start=$(date +%s.%N)
    # shellcheck disable=SC2086 # the description is gst-launch's argv
    gst-launch-1.0 -q $1 ! fakesink sync=false >/dev/null || return
    end=$(date +%s.%N)
    calc "$end - $start"
}

# The median of the SECONDS of runs of FRAMES frames, in milliseconds per
# frame: median_ms_per_frame FRAMES SECONDS...
median_ms_per_frame() {
    local frames="$1"
    shift
    printf '%s\n' "$@" | sort -g | awk -v f="$frames" '{ v[NR] = $1 }
        END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
              printf "%.4f\n", m * 1000 / f }'
}

# The commit of the checkout at REPO, with "+ local changes" where the
# plugin's sources (gst/, kernels/) differ from it.
measured_commit() {
    local rev
    rev="$(git -C "$1" rev-parse --short HEAD 2>/dev/null)" || return 0
    git -C "$1" diff --quiet HEAD -- gst kernels 2>/dev/null ||
        rev="$rev + local changes"
    printf '%s' "$rev"
}
