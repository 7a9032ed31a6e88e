#!/usr/bin/env bash
# gst-opencl: what a gst-launch-1.0 user gets from a chain of cl elements
# with frames kept in OpenCL memory, against its parts and against the
# same chain in system memory, measured in one run.
#
#   tests/benchmarks/chain-bench.sh [FRAMES] [RUNS]
#
# Every figure is milliseconds per frame of a whole pipeline
# (`SOURCE ! ... ! fakesink sync=false`), net of the source alone (the
# same SOURCE ! fakesink), median of RUNS runs. SOURCE is one 1080p RGBA
# frame repeated by imagefreeze, so it costs next to nothing. The chain
# scales 1080p to 4K, then turns and blurs at 4K:
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
# `clupload ! clbicubicscale ! cldownload`. Needs the plugin on GST_PLUGIN_PATH (scripts/setup.sh, or
# tests/benchmarks/gpu-env.sh on the GPU machine).
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

# Median over RUNS runs, in milliseconds per frame.
per_frame() {
    local times=() t
    for ((r = 0; r < runs; r++)); do
        t=$(pipeline_seconds "$1")
        times+=("$t")
    done
    median_ms_per_frame "$frames" "${times[@]}"
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

base_hd=$(per_frame "$src_hd")
base_uhd=$(per_frame "$src_uhd")
upload_hd=$(net "$(per_frame "$src_hd ! clupload")" "$base_hd")
upload_uhd=$(net "$(per_frame "$src_uhd ! clupload")" "$base_uhd")
download_uhd=$(net "$(per_frame "$src_uhd ! clupload ! cldownload")" \
    "$(calc "$base_uhd + $upload_uhd")")
scale=$(net "$(per_frame "$src_hd ! clupload ! clbicubicscale ! $cl_uhd")" \
    "$(calc "$base_hd + $upload_hd")")
rotate=$(net "$(per_frame "$src_uhd ! clupload ! clrotate angle=10 ! \
$cl_uhd")" "$(calc "$base_uhd + $upload_uhd")")
blur=$(net "$(per_frame "$src_uhd ! clupload ! clboxblur radius=3 ! \
$cl_uhd")" "$(calc "$base_uhd + $upload_uhd")")
chain_cl=$(net "$(per_frame "$src_hd ! clupload ! clbicubicscale ! \
$cl_uhd ! clrotate angle=10 ! clboxblur radius=3 ! cldownload")" "$base_hd")
chain_ends=$(net "$(per_frame "$src_hd ! clbicubicscale ! $cl_uhd ! \
clrotate angle=10 ! clboxblur radius=3 ! $uhd")" "$base_hd")
chain_sys=$(net "$(per_frame "$src_hd ! clbicubicscale ! $uhd ! \
clrotate angle=10 ! $uhd ! clboxblur radius=3 ! $uhd")" "$base_hd")
parts=$(calc "$upload_hd + $download_uhd + $scale + $rotate + $blur")

echo "ms per frame, net of the source, median of $runs runs of $frames frames"
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

# The CUDA peer, where its elements are installed: the same upscale in
# CUDA memory between its upload and download (cudascale's own filter),
# against ours in OpenCL memory, in this run.
if gst-inspect-1.0 cudascale >/dev/null 2>&1; then
    cuda_uhd='video/x-raw(memory:CUDAMemory),width=3840,height=2160'
    cuda=$(net "$(per_frame "$src_hd ! cudaupload ! cudascale ! \
$cuda_uhd ! cudadownload")" "$base_hd")
    ours=$(net "$(per_frame "$src_hd ! clupload ! clbicubicscale ! \
$cl_uhd ! cldownload")" "$base_hd")
    show "cudaupload ! cudascale ! cudadownload 1080p -> 4K" "$cuda"
    show "clupload ! clbicubicscale ! cldownload 1080p -> 4K" "$ours"
    show "clupload ... cldownload / cudaupload ... cudadownload" \
        "$(calc "$ours / $cuda")"
    show "chain in OpenCL memory / cudaupload ... cudadownload" \
        "$(calc "$chain_cl / $cuda")"
else
    echo "cudascale: not available (gst-plugins-bad's nvcodec with a CUDA GPU)"
fi
