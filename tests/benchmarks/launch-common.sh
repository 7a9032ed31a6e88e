# shellcheck shell=bash
# gst-opencl benchmark: helpers shared by the gst-launch benchmarks
# (chain-bench.sh, launch-bench.sh) and run-benchmarks.sh. Source it from
# bash; it defines functions only.

# Prints EXPRESSION evaluated by awk (floating point).
calc() {
    awk "BEGIN { printf \"%.6f\", $1 }"
}

# A program of the benchmarks built by meson (BUILD_DIR, default build/),
# else the one on PATH (the bundle of gpu-bundle.sh): bench_tool NAME.
bench_tool() {
    local repo built
    repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
    built="${BUILD_DIR:-$repo/build}/tests/benchmarks/$1"
    if [[ -x "$built" ]]; then
        printf '%s' "$built"
    else
        command -v "$1" || true
    fi
}

# One run of `DESCRIPTION ! SINK` (default `fakesink sync=false`) by
# launch-timer, which builds it as gst-launch-1.0 does: "START_UP_MS
# MS_PER_FRAME", the time to the first frame at the sink and the steady
# state after it, and with --element "START_UP_MS MS_PER_FRAME
# ELEMENT_MS", ELEMENT_MS the median time the element of FACTORY held a
# frame; fails as the pipeline does, its messages on stderr:
# pipeline_times [--element FACTORY] DESCRIPTION [SINK].
pipeline_times() {
    local element=() out
    if [[ "$1" == --element ]]; then
        element=(--element "$2")
        shift 2
    fi
    # shellcheck disable=SC2086 # the description is launch-timer's argv
    out="$("$(bench_tool launch-timer)" "${element[@]}" $1 ! \
        ${2:-fakesink sync=false})" || return
    awk '{ print $1, $2 (NF > 3 ? " " $4 : "") }' <<<"$out"
}

# The median of its arguments, to 4 decimals.
median() {
    printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 }
        END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
              printf "%.4f\n", m }'
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
