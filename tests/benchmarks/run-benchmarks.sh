#!/usr/bin/env bash
# Builds the benchmark (release), runs it with --json and writes
# docs/performance.md with its plots (docs/images/perf-*.png), and every
# figure into tests/benchmarks/results.md.
#
#   tests/benchmarks/run-benchmarks.sh [-- BENCH_OPTIONS...]
#       build, run, write the report; options after -- go to the benchmark
#       (--workload NAME, --frames N, --runs R, --device SELECTOR,
#       --storage auto|image|buffer; --help lists them)
#   tests/benchmarks/run-benchmarks.sh --report [--commit REV] RESULT.json...
#       only write the report, from results made before (for instance one
#       from this machine and one from a GPU machine: a section each);
#       REV names the commit they measured; the results behind
#       docs/performance.md are kept beside this script:
#       --report tests/benchmarks/performance-pocl.json \
#                tests/benchmarks/performance-h100.json
#
# Environment: BUILD_DIR (default build-bench), RESULTS (default
# $BUILD_DIR/bench-results.json), POCL_CACHE_DIR (default
# $BUILD_DIR/pocl-cache), PYTHON (the python3 for the report; default the
# first python3 on PATH that has matplotlib).
#
# Needs: meson, ninja and a C compiler with the GStreamer and OpenCL
# development files (as scripts/setup.sh installs), python3 for the report.
# Peers: videoscale (gstreamer1.0-plugins-base), rotate
# (gstreamer1.0-plugins-bad), cvsmooth (gstreamer1.0-opencv); a missing
# peer is reported as not available. Plots: python3-matplotlib.
# The default run takes about 3 to 5 minutes on a 2-core machine.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$repo"
# shellcheck source=tests/benchmarks/launch-common.sh
source tests/benchmarks/launch-common.sh
build="${BUILD_DIR:-build-bench}"
results="${RESULTS:-$build/bench-results.json}"
doc=docs/performance.md
details=tests/benchmarks/results.md
images=docs/images
bench="$build/tests/benchmarks/gst-opencl-bench"

log() {
    printf '[bench] %s\n' "$*" >&2
}

die() {
    printf '[bench] ERROR: %s\n' "$*" >&2
    exit 1
}

need_command() {
    command -v "$1" >/dev/null 2>&1 || die "$1 is needed ($2)"
}

# Says which optional parts are missing; the run goes on without them.
check_optional() {
    local element package
    while read -r element package; do
        gst-inspect-1.0 --exists "$element" 2>/dev/null ||
            log "peer element $element is missing: install $package" \
                "(its cases will say 'element not available')"
    done <<'EOF'
videoscale gstreamer1.0-plugins-base
rotate gstreamer1.0-plugins-bad
cvsmooth gstreamer1.0-opencv
EOF
}

# The python3 that draws the plots: $PYTHON, else the first python3 on PATH
# that has matplotlib (a pyenv or venv python3 may shadow the system's),
# else the first python3 (tables only).
pick_python() {
    local candidate
    if [[ -n "${PYTHON:-}" ]]; then
        printf '%s' "$PYTHON"
        return
    fi
    for candidate in $(type -a -p python3); do
        if "$candidate" -c 'import matplotlib' 2>/dev/null; then
            printf '%s' "$candidate"
            return
        fi
    done
    log "no python3 on PATH has matplotlib (Debian: python3-matplotlib):" \
        "the report will have no plots"
    printf 'python3'
}

build_bench() {
    need_command meson "Debian package meson"
    need_command ninja "Debian package ninja-build"
    if [[ ! -f "$build/build.ninja" ]]; then
        meson setup "$build" -Dtests=true --buildtype=release >&2
    else
        meson configure "$build" -Dtests=true --buildtype=release >&2
    fi
    meson compile -C "$build" tests/benchmarks/gst-opencl-bench >&2
}

run_bench() {
    export POCL_CACHE_DIR="${POCL_CACHE_DIR:-$repo/$build/pocl-cache}"
    mkdir -p "$POCL_CACHE_DIR"
    log "running $bench --json $*"
    "$bench" --json "$@" >"$results.tmp"
    mv "$results.tmp" "$results"
    log "results in $results"
}

# write_report COMMIT JSON...: COMMIT is what the JSON files measured
# (empty: not known).
write_report() {
    local python commit="$1"
    shift
    need_command python3 "Debian package python3"
    python="$(pick_python)"
    mkdir -p "$images"
    "$python" tests/benchmarks/plot.py --doc "$doc" --details "$details" \
        --images "$images" ${commit:+--commit "$commit"} "$@"
}

main() {
    local commit=
    if [[ "${1:-}" == --report ]]; then
        shift
        if [[ "${1:-}" == --commit ]]; then
            commit="${2:?}"
            shift 2
        fi
        [[ $# -gt 0 ]] || die "--report takes one or more JSON files"
        write_report "$commit" "$@"
        return
    fi
    [[ "${1:-}" == -- ]] && shift
    need_command gst-inspect-1.0 "Debian package gstreamer1.0-tools"
    check_optional
    build_bench
    run_bench "$@"
    write_report "$(measured_commit "$repo")" "$results"
}

main "$@"
