#!/usr/bin/env bash
# Runs the test programs and the benchmark of a bundle made by
# gpu-bundle.sh on a machine with an NVIDIA OpenCL driver and no
# GStreamer, and writes their logs and the benchmark's JSON into OUT_DIR.
#
#   tests/benchmarks/gpu-run.sh OUT_DIR [BUNDLE_DIR] [-- BENCH_OPTIONS...]
set -uo pipefail

out="$(mkdir -p "$1" && cd "$1" && pwd)"
shift
bundle=.gpu-bundle
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
    bundle="$1"
    shift
fi
[ "${1:-}" = "--" ] && shift

# shellcheck source=gpu-env.sh
source "$(dirname "${BASH_SOURCE[0]}")/gpu-env.sh" "$bundle"
export CK_DEFAULT_TIMEOUT=600 GST_DEBUG="${GST_DEBUG:-*:WARNING}"

status=0
for t in "$bundle"/bin/elements_* "$bundle"/bin/unit_*; do
    [ -x "$t" ] || continue
    name="$(basename "$t")"
    start=$(date +%s)
    if "$t" >"$out/$name.log" 2>&1; then result=ok; else result=FAIL; status=1; fi
    echo "$name: $result ($(($(date +%s) - start)) s): $(grep -E '^[0-9]+%: Checks' "$out/$name.log")"
done
gst-opencl-bench --json "$@" >"$out/gpu.json" 2>"$out/bench.log" || status=1
tail -n 40 "$out/bench.log"
exit $status
