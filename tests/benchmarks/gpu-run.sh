#!/usr/bin/env bash
# Runs the whole test suite, then the benchmark, from a bundle made by
# gpu-bundle.sh on a machine with an NVIDIA OpenCL driver and no GStreamer
# or meson, and writes their logs and the benchmark's JSON into OUT_DIR.
#
#   tests/benchmarks/gpu-run.sh OUT_DIR [BUNDLE_DIR] [-- BENCH_OPTIONS...]
#   GPU_RUN_BENCH=0 tests/benchmarks/gpu-run.sh OUT_DIR   # tests only
#   GPU_RUN_ONLY='^elements_clb' ...   # the tests whose names match
#   GPU_RUN_JOBS=1 ...   # one test at a time (default 4 at once)
#
# Every test program meson runs (elements_*, unit_*, pipelines_*, the
# examples and tests/launch-refusal.sh) runs here with the environment of
# tests/meson.build: the leaks tracer on, gst-check's timeout, and the
# watchdog that prints the backtraces of a hung test, and the program
# cache in a directory of the run's (binaries kept between the programs,
# each program built from source the first time). Tests run side by side,
# as meson runs them. The summary lines go to standard output as each test
# ends; the exit status is non-zero if any failed.
set -uo pipefail

out="$(mkdir -p "$1" && cd "$1" && pwd)"
shift
bundle=.gpu-bundle
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
    bundle="$1"
    shift
fi
[ "${1:-}" = "--" ] && shift
tests="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# shellcheck source=gpu-env.sh
source "$(dirname "${BASH_SOURCE[0]}")/gpu-env.sh" "$bundle"
export CK_DEFAULT_TIMEOUT=300 GST_TRACERS=leaks
export GST_CL_PROGRAM_CACHE="${TMPDIR:-/tmp}/gst-opencl-program-cache"
export GST_DEBUG="${GST_DEBUG:-*:WARNING,GST_TRACER:7}"
mkdir -p "$GST_CL_PROGRAM_CACHE"
rm -f "$out"/*.result

status=0

# run_one NAME DEADLINE PROGRAM [ARGS...]: one test, under the watchdog;
# its result goes to NAME.result.
run_one() {
    local name="$1" deadline="$2" start result
    shift 2
    start=$(date +%s)
    if python3 "$tests/watchdog.py" "$deadline" "$@" >"$out/$name.log" 2>&1
    then
        result=ok
    else
        result=FAIL
    fi
    echo "$result" >"$out/$name.result"
    echo "$name: $result ($(($(date +%s) - start)) s)" \
        "$(grep -E '^[0-9]+%: Checks' "$out/$name.log")"
}

# run NAME DEADLINE PROGRAM [ARGS...]: run_one in the background once
# fewer than GPU_RUN_JOBS tests are running.
run() {
    [[ "$1" =~ ${GPU_RUN_ONLY:-.} ]] || return 0
    while [ "$(jobs -rp | wc -l)" -ge "${GPU_RUN_JOBS:-4}" ]; do
        wait -n
    done
    run_one "$@" &
}

broken="$bundle/lib/libgstcl-broken-build-layer.so"
for t in "$bundle"/bin/elements_* "$bundle"/bin/unit_* \
    "$bundle"/bin/pipelines_*; do
    [ -x "$t" ] || continue
    case "$(basename "$t")" in
    elements_clnative)
        OPENCL_LAYERS="$bundle/lib/libgstcl-qcom-bicubic-layer.so:$broken" \
            run "$(basename "$t")" 240 "$t" ;;
    elements_clbadinput)
        OPENCL_LAYERS="$broken" run "$(basename "$t")" 240 "$t" ;;
    elements_cldevices)
        OPENCL_LAYERS="$bundle/lib/libgstcl-device-address-layer.so" \
            run "$(basename "$t")" 240 "$t" ;;
    elements_clconvert)
        # its tcase general, which meson runs in three parts: every pair
        # of its 23 formats is scripts/check-slow.sh's
        CK_RUN_CASE=general run "$(basename "$t")" 240 "$t" ;;
    *) run "$(basename "$t")" 240 "$t" ;;
    esac
done
run rotate-app 45 rotate-app --sink "fakesink sync=true" --frames 45
run rotate-app-fit 45 rotate-app --sink "fakesink sync=true" \
    --seconds 1.5 --fit --method bicubic
run rotate-app-slow-start 45 rotate-app \
    --sink "identity sleep-time=1000000 ! fakesink sync=true" --seconds 0.3
run kernel-app 45 kernel-app --frames 20 --width 333 --height 197
run launch-refusal 240 "$tests/launch-refusal.sh" 40
wait
if grep -qs FAIL "$out"/*.result; then
    status=1
fi

if [ "${GPU_RUN_BENCH:-1}" != 0 ]; then
    # Kernel times come from profiling events, which the benchmark turns on.
    gst-opencl-bench --json "$@" >"$out/gpu.json" 2>"$out/bench.log" ||
        status=1
    tail -n 40 "$out/bench.log"
fi
exit $status
