#!/usr/bin/env bash
# The slow reliability checks, which `meson test` does not run (see
# docs/reliability.md):
#
#   counts    the lifecycle tests at full counts: 500 PLAYING -> NULL
#             cycles, 100 new pipelines, a 20,000-frame soak; resident
#             memory must stay flat (the growth is printed);
#   valgrind  the kernel-variant test (every element, both frame storages)
#             under memcheck with tests/valgrind.supp (valgrind shows PoCL
#             another CPU, so its first run compiles every kernel: minutes),
#             then the memory matrix's slice (its tcase valgrind-slice:
#             clbicubicscale's identity fed one memory and giving the
#             other, clupload and cldownload fed padded frames);
#   oclgrind  the same test on Oclgrind's simulated device, three times
#             (frames used in place, copied, and the one-pixel kernels
#             GPUs run with buffers), then the interlaced test's fields
#             (planes and fields at offsets in OpenCL memory, the copies
#             between buffers and images), and clboxblur's tall frames
#             with 48 KiB of local memory (its tiles, their source rows in
#             chunks; sat's columns and rows in local memory; its columns
#             copied in parts of their rows, from buffers too; its
#             anchored sums, their rows in segments), and its strips
#             (sat's one pass on NVIDIA's devices) under the layer that
#             claims their warps: any out-of-bounds access, data race or
#             OpenCL API misuse it reports fails the run;
#   large     clconvert against GstVideoConverter for every pair of
#             formats (its tcase all-pairs; `meson test` runs two pairs
#             from each format: about 200 programs to build the first
#             time), clboxblur's frames of 4200x4200 and 8192x8192
#             at radii whose sums need 64 bits (its tcase large), and
#             the conversion chain (clupload ! clconvertscale ! clrotate
#             ! clboxblur ! clconvert ! cldownload) from 1920x1080 NV12
#             into 3840x2160, against itself in system memory and against
#             videoconvertscale and videoconvert (pipelines/clconvertchain,
#             its tcase large).
#
# Builds first, as scripts/test.sh does (scripts/setup.sh, which here also
# installs valgrind and oclgrind). Arguments pick steps, e.g.
# `scripts/check-slow.sh oclgrind`; none runs all four. Exits non-zero
# and names the failed steps if any fails.
set -euo pipefail

GST_OPENCL_EXTRA_PACKAGES="valgrind oclgrind"
# shellcheck source=SCRIPTDIR/setup.sh
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

# Configured before valgrind was there, the tests would not ask memcheck
# about their output (HAVE_VALGRIND): configure again.
meson setup --reconfigure "$BUILD_DIR" "$REPO_ROOT" >/dev/null
meson compile -C "$BUILD_DIR" >&2

slow_log() {
    printf '[check-slow] %s\n' "$*" >&2
}

step_counts() {
    GST_CL_TEST_SLOW=1 meson test -C "$BUILD_DIR" --print-errorlogs -v \
        --timeout-multiplier 4 pipelines/cllifecycle
}

# Run directly, in one process (CK_FORK=no), without the leaks tracer of
# the test environment: memcheck checks leaks itself, of all memory. Kept
# program binaries off, as in the suite. valgrind_run PROGRAM [VAR=VALUE...]
valgrind_run() {
    local program="$1"
    shift
    env G_SLICE=always-malloc G_DEBUG=gc-friendly CK_FORK=no \
        GST_CL_PROGRAM_CACHE=0 \
        CK_DEFAULT_TIMEOUT=3600 \
        "$@" \
        valgrind --error-exitcode=1 --leak-check=full \
        --errors-for-leak-kinds=definite --num-callers=40 \
        "--suppressions=$REPO_ROOT/tests/valgrind.supp" \
        "$BUILD_DIR/tests/$program"
}

step_valgrind() {
    local status=0
    valgrind_run elements_clkernels || status=1
    valgrind_run elements_clmemorymatrix CK_RUN_CASE=valgrind-slice ||
        status=1
    return "$status"
}

# Oclgrind's device says it does not share host memory: the host-memory
# layer says it does (GST_CL_TEST_HOST_UNIFIED=1), so that frames are
# used in place, but where a run sets GST_CL_TEST_HOST_UNIFIED=0. A run
# with layers of its own names this one first.
host_layer="$BUILD_DIR/tests/libgstcl-host-memory-layer.so"

# Oclgrind's exit status does not say whether it found errors, and each
# new OpenCL context truncates its OCLGRIND_LOG file: fail on any report
# in its standard error instead (each starts with a line naming the kernel,
# or with "Oclgrind"). Named checks only: the test of kept program
# binaries hands the driver spoilt ones on purpose, which Oclgrind's API
# checks would report. oclgrind_run WHAT PROGRAM CHECK [VAR=VALUE...]
# (the VAR=VALUE pairs come last, so they may override the settings)
oclgrind_run() {
    local what="$1" program="$2" check="$3" vendors status=0
    shift 3
    vendors="$(mktemp -d)"
    printf '%s\n' "$(dpkg -L oclgrind | grep '/liboclgrind-rt-icd\.so$')" \
        >"$vendors/oclgrind.icd"

    env OCL_ICD_VENDORS="$vendors" GST_CL_DEVICE=oclgrind CK_FORK=no \
        GST_CL_PROGRAM_CACHE=0 GST_CHECKS="$check" \
        OPENCL_LAYERS="$host_layer" GST_CL_TEST_HOST_UNIFIED=1 \
        OCLGRIND_DATA_RACES=1 OCLGRIND_CHECK_API=1 \
        OCLGRIND_BUILD_OPTIONS="-include $REPO_ROOT/tests/check/oclgrind-builtins.cl" \
        "$@" "$BUILD_DIR/tests/$program" 2>"$vendors/stderr" || status=$?
    if grep -q -E $'^(Oclgrind|\tKernel: )' "$vendors/stderr"; then
        slow_log "oclgrind ($what) reported:"
        status=1
    fi
    cat "$vendors/stderr" >&2
    rm -rf "$vendors"
    return "$status"
}

step_oclgrind() {
    local status=0
    local variants=(elements_clkernels test_variant)
    local local_memory="$host_layer:$BUILD_DIR/tests/libgstcl-local-memory-layer.so"
    local gpu="$BUILD_DIR/tests/libgstcl-gpu-layer.so"
    oclgrind_run "frames in place" "${variants[@]}" || status=1
    oclgrind_run "frames copied" "${variants[@]}" \
        GST_CL_TEST_HOST_UNIFIED=0 || status=1
    oclgrind_run "one-pixel kernels" "${variants[@]}" \
        OPENCL_LAYERS="$host_layer:$gpu" || status=1
    oclgrind_run "interlaced fields" elements_clinterlace test_fields ||
        status=1
    oclgrind_run "blur in local memory" elements_clboxblur test_tall_frames \
        OPENCL_LAYERS="$local_memory" || status=1
    oclgrind_run "blur columns in parts" elements_clboxblur test_column_parts \
        OPENCL_LAYERS="$local_memory:$gpu" || status=1
    oclgrind_run "blur anchored sums" elements_clboxblur \
        test_anchored_columns OPENCL_LAYERS="$local_memory:$gpu" || status=1
    # box_strips, which clboxblur runs only on devices with NVIDIA's warps:
    # the layer claims them, and the warp scans' build fails on purpose
    # (the API check would report that), so the portable scans run it
    oclgrind_run "blur strips" elements_clboxblur \
        test_device_claims_warps,test_strips \
        OPENCL_LAYERS="$host_layer:$BUILD_DIR/tests/libgstcl-nv-warps-layer.so" \
        GST_CL_TEST_PTX_WARPS=1 OCLGRIND_CHECK_API=0 || status=1
    return "$status"
}

# Run directly: the suite's environment for these tests picks their other
# tcase. large_run PROGRAM TCASE
large_run() {
    env CK_RUN_CASE="$2" CK_DEFAULT_TIMEOUT=3600 \
        GST_CL_PROGRAM_CACHE="$BUILD_DIR/program-cache" \
        "$BUILD_DIR/tests/$1"
}

step_large() {
    local status=0
    large_run elements_clconvert all-pairs || status=1
    large_run elements_clboxblur large || status=1
    large_run pipelines_clconvertchain large || status=1
    return "$status"
}

steps=("$@")
if [[ ${#steps[@]} -eq 0 ]]; then
    steps=(counts valgrind oclgrind large)
fi

failed=()
for step in "${steps[@]}"; do
    if ! declare -F "step_$step" >/dev/null; then
        slow_log "unknown step '$step' (counts, valgrind, oclgrind, large)"
        exit 2
    fi
    slow_log "step $step"
    start=$SECONDS
    if "step_$step"; then
        slow_log "step $step passed in $((SECONDS - start)) s"
    else
        slow_log "step $step FAILED after $((SECONDS - start)) s"
        failed+=("$step")
    fi
done

if [[ ${#failed[@]} -ne 0 ]]; then
    slow_log "failed: ${failed[*]}"
    exit 1
fi
slow_log "all passed: ${steps[*]}"
