#!/usr/bin/env bash
# gst-opencl: what a gst-launch-1.0 user gets from a chain of cl elements
# with frames kept in OpenCL memory, against its parts and against the
# same chain in system memory, measured in one run.
#
#   tests/benchmarks/chain-bench.sh [FRAMES] [RUNS]
#
# Every figure is milliseconds per frame of a pipeline built as
# gst-launch-1.0 does (`SOURCE ! ... ! fakesink sync=false`, timed by
# launch-timer) in its steady state, net of the source alone (the same
# SOURCE ! fakesink), median of RUNS runs; the start-up (PAUSED to the
# first frame at the sink, net of the source's) is given for the chain and
# the CUDA peer. SOURCE is one 1080p RGBA frame repeated by imagefreeze,
# so it costs next to nothing. The chain scales 1080p to 4K, then turns
# and blurs at 4K:
#
#   chain in OpenCL memory   clupload ! clbicubicscale ! (OpenCL memory,
#                            4K) ! clrotate ! clboxblur ! cldownload
#   chain, system memory     the same without clupload and cldownload,
#   at its ends              OpenCL memory between the elements (what two
#                            cl elements side by side settle on)
#   chain in system memory   system memory between the elements too (each
#                            element copies frames to the device and back)
#   its parts                the upload at 1080p, the download at 4K, and
#                            each element alone between OpenCL memory
#                            (net of the upload it needs)
#
# Then the chain in OpenCL memory over the sum of its parts and over the
# chain in system memory, and, where the CUDA elements are installed, the
# upscale alone as `cudaupload ! cudascale ! cudadownload` against
# `clupload ! clbicubicscale ! cldownload`, into fakesink and into
# `filesink location=/dev/null`: fakesink never maps its buffers, and
# cudadownload's output costs less where nothing maps it (0.82 against
# 1.55 ms on an H100), so only a sink that maps them, as real sinks do,
# compares the two fairly; and into `queue ! filesink`, where the sink maps
# each buffer in a thread of its own, so that a download left running
# (ours: into pinned memory) overlaps the next frame's upload. Needs the
# Last, NV12 1080p -> RGBA 4K through clconvertscale against
# cudaconvertscale, each between its upload and download, into filesink.
# Needs the plugin on GST_PLUGIN_PATH
# (scripts/setup.sh, or tests/benchmarks/gpu-env.sh on the GPU machine).
set -euo pipefail

frames="${1:-200}"
runs="${2:-3}"
hd='video/x-raw,format=RGBA,width=1920,height=1080'
uhd='video/x-raw,format=RGBA,width=3840,height=2160'
cl_uhd='video/x-raw(memory:OpenCLMemory),format=RGBA,width=3840,height=2160'
src_hd="videotestsrc num-buffers=1 pattern=smpte ! $hd ! imagefreeze num-buffers=$frames"
src_uhd="videotestsrc num-buffers=1 pattern=smpte ! $uhd ! imagefreeze num-buffers=$frames"

# shellcheck source=tests/benchmarks/launch-common.sh
source "$(dirname "${BASH_SOURCE[0]}")/launch-common.sh"

# Medians over RUNS runs of DESCRIPTION into SINK (default fakesink): the
# steady state in ms per frame into VAR, the start-up ms into
# start_up_of[DESCRIPTION] (for fakesink): measure VAR DESCRIPTION [SINK].
declare -A start_up_of=()
measure() {
    local start_ups=() per_frames=() times
    for ((r = 0; r < runs; r++)); do
        times=$(pipeline_times "$2" "${3:-}")
        start_ups+=("${times% *}")
        per_frames+=("${times#* }")
    done
    [[ -n "${3:-}" ]] || start_up_of[$2]="$(median "${start_ups[@]}")"
    printf -v "$1" '%s' "$(median "${per_frames[@]}")"
}

# The start-up of DESCRIPTION net of the source's: start_up DESCRIPTION
# SOURCE (both measured before).
start_up() {
    calc "${start_up_of[$1]} - ${start_up_of[$2]}"
}

net() {
    calc "$1 - $2"
}

show() {
    printf '%-58s %8.3f\n' "$1" "$2"
}

# Warm the kernel caches first: the first build of each program is slow.
gst-launch-1.0 -q videotestsrc num-buffers=2 ! $hd ! clupload ! \
    clbicubicscale ! "$cl_uhd" ! clrotate angle=10 ! clboxblur radius=3 ! \
    cldownload ! fakesink

chain_cl_pipe="$src_hd ! clupload ! clbicubicscale ! $cl_uhd ! \
clrotate angle=10 ! clboxblur radius=3 ! cldownload"
base_hd="" base_uhd="" t=""   # set by measure
measure base_hd "$src_hd"
measure base_uhd "$src_uhd"
measure t "$src_hd ! clupload"
upload_hd=$(net "$t" "$base_hd")
measure t "$src_uhd ! clupload"
upload_uhd=$(net "$t" "$base_uhd")
measure t "$src_uhd ! clupload ! cldownload"
download_uhd=$(net "$t" "$(calc "$base_uhd + $upload_uhd")")
measure t "$src_hd ! clupload ! clbicubicscale ! $cl_uhd"
scale=$(net "$t" "$(calc "$base_hd + $upload_hd")")
measure t "$src_uhd ! clupload ! clrotate angle=10 ! $cl_uhd"
rotate=$(net "$t" "$(calc "$base_uhd + $upload_uhd")")
measure t "$src_uhd ! clupload ! clboxblur radius=3 ! $cl_uhd"
blur=$(net "$t" "$(calc "$base_uhd + $upload_uhd")")
measure t "$chain_cl_pipe"
chain_cl=$(net "$t" "$base_hd")
measure t "$src_hd ! clbicubicscale ! $cl_uhd ! clrotate angle=10 ! \
clboxblur radius=3 ! $uhd"
chain_ends=$(net "$t" "$base_hd")
measure t "$src_hd ! clbicubicscale ! $uhd ! clrotate angle=10 ! $uhd ! \
clboxblur radius=3 ! $uhd"
chain_sys=$(net "$t" "$base_hd")
parts=$(calc "$upload_hd + $download_uhd + $scale + $rotate + $blur")

echo "ms per frame in the steady state, net of the source, median of $runs" \
    "runs of $frames frames"
show "upload 1080p (clupload)" "$upload_hd"
show "download 4K (cldownload)" "$download_uhd"
show "clbicubicscale 1080p -> 4K, OpenCL memory both sides" "$scale"
show "clrotate angle=10 4K, OpenCL memory both sides" "$rotate"
show "clboxblur radius=3 4K, OpenCL memory both sides" "$blur"
show "sum of the parts" "$parts"
show "chain in OpenCL memory (clupload ... cldownload)" "$chain_cl"
show "chain, system memory at its ends only" "$chain_ends"
show "chain in system memory" "$chain_sys"
show "chain in OpenCL memory / sum of the parts" \
    "$(calc "$chain_cl / $parts")"
show "chain in OpenCL memory / chain in system memory" \
    "$(calc "$chain_cl / $chain_sys")"
show "chain, system memory at its ends / chain in system memory" \
    "$(calc "$chain_ends / $chain_sys")"
show "start-up ms of the chain in OpenCL memory" \
    "$(start_up "$chain_cl_pipe" "$src_hd")"

# The CUDA peer, where its elements are installed: the same upscale in
# CUDA memory between its upload and download (cudascale's own filter),
# against ours in OpenCL memory, in this run.
if gst-inspect-1.0 cudascale >/dev/null 2>&1; then
    cuda_uhd='video/x-raw(memory:CUDAMemory),width=3840,height=2160'
    cuda_pipe="$src_hd ! cudaupload ! cudascale ! $cuda_uhd ! cudadownload"
    ours_pipe="$src_hd ! clupload ! clbicubicscale ! $cl_uhd ! cldownload"
    measure t "$cuda_pipe"
    cuda=$(net "$t" "$base_hd")
    measure t "$ours_pipe"
    ours=$(net "$t" "$base_hd")
    show "cudaupload ! cudascale ! cudadownload 1080p -> 4K" "$cuda"
    show "clupload ! clbicubicscale ! cldownload 1080p -> 4K" "$ours"
    show "clupload ... cldownload / cudaupload ... cudadownload" \
        "$(calc "$ours / $cuda")"
    # The CUDA upscale, ours and our chain of three into SINK, net of the
    # source into it: into_sink NAME SINK.
    into_sink() {
        local base cuda_in ours_in chain_in
        measure base "$src_hd" "$2"
        measure t "$cuda_pipe" "$2"
        cuda_in=$(net "$t" "$base")
        measure t "$ours_pipe" "$2"
        ours_in=$(net "$t" "$base")
        measure t "$chain_cl_pipe" "$2"
        chain_in=$(net "$t" "$base")
        show "the CUDA upscale into $1" "$cuda_in"
        show "ours into $1" "$ours_in"
        show "ours / the CUDA upscale, into $1" "$(calc "$ours_in / $cuda_in")"
        show "chain in OpenCL memory into $1" "$chain_in"
    }
    into_sink "filesink (maps each buffer)" "filesink location=/dev/null"
    into_sink "queue ! filesink" \
        "queue max-size-buffers=4 ! filesink location=/dev/null"
    show "chain in OpenCL memory / cudaupload ... cudadownload" \
        "$(calc "$chain_cl / $cuda")"
    show "start-up ms of cudaupload ! cudascale ! cudadownload" \
        "$(start_up "$cuda_pipe" "$src_hd")"
    show "start-up ms of clupload ! clbicubicscale ! cldownload" \
        "$(start_up "$ours_pipe" "$src_hd")"
else
    echo "cudascale: not available (gst-plugins-bad's nvcodec with a CUDA GPU)"
fi

# Format conversion with scaling, NV12 1080p -> RGBA 4K, against
# cudaconvertscale where it is installed, into a sink that maps each frame.
if gst-inspect-1.0 cudaconvertscale >/dev/null 2>&1; then
    nv12_hd='video/x-raw,format=NV12,width=1920,height=1080'
    src_nv12="videotestsrc num-buffers=1 pattern=smpte ! $nv12_hd ! \
imagefreeze num-buffers=$frames"
    rgba_uhd='format=RGBA,width=3840,height=2160'
    file_sink='filesink location=/dev/null'
    measure base_nv12 "$src_nv12" "$file_sink"
    measure t "$src_nv12 ! cudaupload ! cudaconvertscale ! \
video/x-raw(memory:CUDAMemory),$rgba_uhd ! cudadownload" "$file_sink"
    cuda_convert=$(net "$t" "$base_nv12")
    measure t "$src_nv12 ! clupload ! clconvertscale ! \
video/x-raw(memory:OpenCLMemory),$rgba_uhd ! cldownload" "$file_sink"
    ours_convert=$(net "$t" "$base_nv12")
    show "cudaupload ! cudaconvertscale ! cudadownload NV12 1080p -> RGBA 4K, into filesink" \
        "$cuda_convert"
    show "clupload ! clconvertscale ! cldownload NV12 1080p -> RGBA 4K, into filesink" \
        "$ours_convert"
    show "clconvertscale chain / cudaconvertscale chain" \
        "$(calc "$ours_convert / $cuda_convert")"
else
    echo "cudaconvertscale: not available (gst-plugins-bad's nvcodec with a CUDA GPU)"
fi
