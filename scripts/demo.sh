#!/usr/bin/env bash
# Command 1: build the plugin (see scripts/setup.sh), then run a few real
# pipelines that write PNG frames into demo-output/.
set -euo pipefail

# shellcheck source=SCRIPTDIR/setup.sh
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

OUT_DIR="$REPO_ROOT/demo-output"
FRAMES=3

# One entry per demo: "NAME|PIPELINE". The pipeline ends at the caps after the
# OpenCL element; the script appends
#   ! videoconvert ! pngenc ! multifilesink location=demo-output/NAME-%02d.png
# and every source must produce $FRAMES buffers (num-buffers=$FRAMES).
# PIPELINE is split on whitespace into gst-launch-1.0 arguments, so no value in
# it may contain a space. A new element joins by adding lines here.
DEMOS=(
    "upscale-pinwheel|videotestsrc num-buffers=$FRAMES pattern=pinwheel ! video/x-raw,format=RGBA,width=320,height=180 ! clbicubicscale ! video/x-raw,width=1280,height=720"
    "downscale-zoneplate-antialias|videotestsrc num-buffers=$FRAMES pattern=zone-plate kx2=120 ky2=120 ! video/x-raw,format=RGBA,width=1920,height=1080 ! clbicubicscale ! video/x-raw,width=480,height=270"
    "downscale-zoneplate-no-antialias|videotestsrc num-buffers=$FRAMES pattern=zone-plate kx2=120 ky2=120 ! video/x-raw,format=RGBA,width=1920,height=1080 ! clbicubicscale antialias=false ! video/x-raw,width=480,height=270"
    "upscale-nv12-mitchell|videotestsrc num-buffers=$FRAMES pattern=smpte ! video/x-raw,format=NV12,width=640,height=360 ! clbicubicscale filter=mitchell ! video/x-raw,width=1280,height=720"
    "rotate-30-fit-bicubic|videotestsrc num-buffers=$FRAMES pattern=smpte ! video/x-raw,format=I420,width=640,height=360 ! clrotate angle=30 method=bicubic output-size=fit"
    "scale-then-rotate-transparent|videotestsrc num-buffers=$FRAMES pattern=pinwheel ! video/x-raw,format=RGBA,width=320,height=180 ! clbicubicscale ! video/x-raw,width=640,height=360 ! clrotate angle=-20 background=0x00000000"
    "blur-nv12-radius-8|videotestsrc num-buffers=$FRAMES pattern=smpte ! video/x-raw,format=NV12,width=640,height=360 ! clboxblur radius=8"
    "scale-rotate-blur-chain|videotestsrc num-buffers=$FRAMES pattern=pinwheel ! video/x-raw,format=RGBA,width=320,height=180 ! clbicubicscale ! video/x-raw,width=640,height=360 ! clrotate angle=15 method=bicubic output-size=fit ! clboxblur radius-x=6 radius-y=1"
)

if ! gst-inspect-1.0 opencl >/dev/null 2>&1; then
    echo "[demo] ERROR: the opencl plugin is not found in GST_PLUGIN_PATH=$GST_PLUGIN_PATH" >&2
    echo "[demo] (the build should produce libgstopencl.so there; try: GST_DEBUG=GST_PLUGIN_LOADING:4 gst-inspect-1.0 opencl)" >&2
    exit 1
fi

mkdir -p "$OUT_DIR"

failed=()
for demo in "${DEMOS[@]}"; do
    name="${demo%%|*}"
    pipeline="${demo#*|}"
    rm -f "$OUT_DIR/$name"-*.png
    # gst-launch-1.0 takes the description as separate words (one argument
    # with spaces would be read as a single token).
    read -r -a args <<<"$pipeline"
    args+=('!' videoconvert '!' pngenc '!' multifilesink "location=$OUT_DIR/$name-%02d.png")

    echo "[demo] $name: gst-launch-1.0 -q ${args[*]}" >&2
    if ! gst-launch-1.0 -q "${args[@]}"; then
        echo "[demo] FAILED: $name (gst-launch-1.0 exited non-zero)" >&2
        failed+=("$name")
        continue
    fi
    shopt -s nullglob
    written=("$OUT_DIR/$name"-*.png)
    shopt -u nullglob
    if [[ ${#written[@]} -ne $FRAMES ]]; then
        echo "[demo] FAILED: $name wrote ${#written[@]} PNG files, expected $FRAMES" >&2
        failed+=("$name")
        continue
    fi
    for f in "${written[@]}"; do
        echo "  $f"
    done
done

if [[ ${#failed[@]} -ne 0 ]]; then
    echo "[demo] ${#failed[@]} of ${#DEMOS[@]} pipelines failed: ${failed[*]}" >&2
    exit 1
fi
echo "[demo] all ${#DEMOS[@]} pipelines ran; PNG files are in $OUT_DIR"
echo "[demo] compare downscale-zoneplate-antialias-*.png with downscale-zoneplate-no-antialias-*.png to see the aliasing antialias=true removes."
