#!/usr/bin/env bash
# Regenerates the pictures of docs/clbicubicscale.md, docs/images/*.png, with
# the plugin built from this checkout.
#
#   docs/make-pictures.sh [BUILD_DIR]
#
# BUILD_DIR (default: build; a relative path is taken from the repository
# root) is configured with `meson setup` if it is not yet, and brought up to
# date with `meson compile`. The script then points GStreamer at that build
# (GST_PLUGIN_PATH, GST_REGISTRY and, unless set, POCL_CACHE_DIR) and runs one
# gst-launch-1.0 pipeline per picture. With those variables exported, each
# pipeline below also runs as written from the repository root.
#
# Needs, besides the plugin: videotestsrc, videoconvert, videoscale,
# compositor (gst-plugins-base), videocrop, videobox, videobalance and pngenc
# (gst-plugins-good), and textoverlay (the pango plugin: gst-plugins-base; on
# Debian it is packaged in gstreamer1.0-x).
#
# The pictures show whichever OpenCL device the plugin picks (see `device` in
# docs/clbicubicscale.md); set GST_CL_DEVICE to choose another.
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${1:-build}"
case "$BUILD_DIR" in
    /*) ;;
    *) BUILD_DIR="$REPO_ROOT/$BUILD_DIR" ;;
esac

log() {
    printf '[make-pictures] %s\n' "$*" >&2
}

die() {
    printf '[make-pictures] ERROR: %s\n' "$@" >&2
    exit 1
}

# 1. Build.
if [[ ! -f "$BUILD_DIR/meson-private/coredata.dat" ]]; then
    log "configuring: meson setup $BUILD_DIR"
    meson setup "$BUILD_DIR" "$REPO_ROOT" >&2
fi
log "building: meson compile -C $BUILD_DIR"
meson compile -C "$BUILD_DIR" >&2

# 2. Use the plugin uninstalled.
export GST_PLUGIN_PATH="$BUILD_DIR/gst"
export GST_REGISTRY="$BUILD_DIR/registry.bin"
export POCL_CACHE_DIR="${POCL_CACHE_DIR:-$BUILD_DIR/pocl-cache}"
mkdir -p "$POCL_CACHE_DIR"

missing=()
for element in clbicubicscale videotestsrc videoconvert videoscale compositor \
    videocrop videobox videobalance textoverlay pngenc filesink tee queue; do
    gst-inspect-1.0 "$element" >/dev/null 2>&1 || missing+=("$element")
done
if [[ ${#missing[@]} -ne 0 ]]; then
    die "GStreamer elements not found: ${missing[*]}" \
        "clbicubicscale comes from $GST_PLUGIN_PATH (GST_DEBUG=GST_PLUGIN_LOADING:4 gst-inspect-1.0 opencl says why it did not load);" \
        "on Debian, textoverlay is in gstreamer1.0-x, videocrop/videobox/videobalance/pngenc in gstreamer1.0-plugins-good."
fi

# 3. The pictures. Every pipeline is one frame (num-buffers=1) and writes one
# PNG; labels are black text on a white strip added below each panel.
cd "$REPO_ROOT"
mkdir -p docs/images

# The presets: a 64x64 detail of a checkerboard of 4-pixel squares (contrast
# lowered to grey levels 50 and 196, so that overshoot is not clipped at
# black or white), upscaled 4x to 256x256 with each preset, next to the same
# detail enlarged by pixel replication (videoscale, nearest neighbour).
log "docs/images/clbicubicscale-presets.png"
gst-launch-1.0 -q \
    videotestsrc num-buffers=1 pattern=checkers-4 \
    ! video/x-raw,format=RGBA,width=320,height=240,pixel-aspect-ratio=1/1 \
    ! videobalance contrast=2 brightness=-0.34 saturation=0 \
    ! videocrop left=100 top=72 right=156 bottom=104 \
    ! tee name=t \
    compositor name=c background=white \
        sink_0::xpos=0 sink_1::xpos=264 sink_2::xpos=528 sink_3::xpos=792 sink_4::xpos=1056 \
    ! videoconvert ! video/x-raw,format=GRAY8 \
    ! pngenc compression-level=9 ! filesink location=docs/images/clbicubicscale-presets.png \
    t. ! queue ! videoscale method=nearest-neighbour ! video/x-raw,width=256,height=256 \
    ! videobox bottom=-28 fill=white \
    ! textoverlay auto-resize=false valignment=bottom halignment=center ypad=5 \
        font-desc="Sans 11" color=0xff000000 shaded-background=false \
        text="input (pixels replicated)" \
    ! c.sink_0 \
    t. ! queue ! clbicubicscale filter=catmull-rom ! video/x-raw,width=256,height=256 \
    ! videobox bottom=-28 fill=white \
    ! textoverlay auto-resize=false valignment=bottom halignment=center ypad=5 \
        font-desc="Sans 11" color=0xff000000 shaded-background=false \
        text="catmull-rom (B=0, C=0.5)" \
    ! c.sink_1 \
    t. ! queue ! clbicubicscale filter=mitchell ! video/x-raw,width=256,height=256 \
    ! videobox bottom=-28 fill=white \
    ! textoverlay auto-resize=false valignment=bottom halignment=center ypad=5 \
        font-desc="Sans 11" color=0xff000000 shaded-background=false \
        text="mitchell (B=1/3, C=1/3)" \
    ! c.sink_2 \
    t. ! queue ! clbicubicscale filter=b-spline ! video/x-raw,width=256,height=256 \
    ! videobox bottom=-28 fill=white \
    ! textoverlay auto-resize=false valignment=bottom halignment=center ypad=5 \
        font-desc="Sans 11" color=0xff000000 shaded-background=false \
        text="b-spline (B=1, C=0)" \
    ! c.sink_3 \
    t. ! queue ! clbicubicscale filter=sharp ! video/x-raw,width=256,height=256 \
    ! videobox bottom=-28 fill=white \
    ! textoverlay auto-resize=false valignment=bottom halignment=center ypad=5 \
        font-desc="Sans 11" color=0xff000000 shaded-background=false \
        text="sharp (B=0, C=0.75)" \
    ! c.sink_4

# Antialias: a 1920x1080 zone plate downscaled 4x to 480x270 with the kernel
# widened by the scale factor (antialias=true, the default) and with the
# plain 4x4 taps (antialias=false).
log "docs/images/clbicubicscale-antialias.png"
gst-launch-1.0 -q \
    videotestsrc num-buffers=1 pattern=zone-plate kx2=120 ky2=120 \
    ! video/x-raw,format=RGBA,width=1920,height=1080,pixel-aspect-ratio=1/1 \
    ! tee name=t \
    compositor name=c background=white sink_0::xpos=0 sink_1::xpos=488 \
    ! videoconvert ! video/x-raw,format=GRAY8 \
    ! pngenc compression-level=9 ! filesink location=docs/images/clbicubicscale-antialias.png \
    t. ! queue ! clbicubicscale antialias=true ! video/x-raw,width=480,height=270 \
    ! videobox bottom=-28 fill=white \
    ! textoverlay auto-resize=false valignment=bottom halignment=center ypad=5 \
        font-desc="Sans 11" color=0xff000000 shaded-background=false \
        text="antialias=true (default)" \
    ! c.sink_0 \
    t. ! queue ! clbicubicscale antialias=false ! video/x-raw,width=480,height=270 \
    ! videobox bottom=-28 fill=white \
    ! textoverlay auto-resize=false valignment=bottom halignment=center ypad=5 \
        font-desc="Sans 11" color=0xff000000 shaded-background=false \
        text="antialias=false" \
    ! c.sink_1

# add-borders: a 16:9 picture (640x360, square pixels; concentric circles,
# their black lifted to grey so that the black borders stand out) into
# 320x240 output caps that also fix square pixels, so the caps cannot keep
# the display aspect ratio: letterboxed (add-borders=true, the default) or
# stretched (add-borders=false).
log "docs/images/clbicubicscale-add-borders.png"
gst-launch-1.0 -q \
    videotestsrc num-buffers=1 pattern=circular \
    ! video/x-raw,format=RGBA,width=640,height=360,pixel-aspect-ratio=1/1 \
    ! videobalance contrast=0.5 brightness=0.3 \
    ! tee name=t \
    compositor name=c background=white sink_0::xpos=0 sink_1::xpos=328 \
    ! videoconvert ! video/x-raw,format=GRAY8 \
    ! pngenc compression-level=9 ! filesink location=docs/images/clbicubicscale-add-borders.png \
    t. ! queue ! clbicubicscale add-borders=true \
    ! video/x-raw,width=320,height=240,pixel-aspect-ratio=1/1 \
    ! videobox bottom=-28 fill=white \
    ! textoverlay auto-resize=false valignment=bottom halignment=center ypad=5 \
        font-desc="Sans 11" color=0xff000000 shaded-background=false \
        text="add-borders=true (default)" \
    ! c.sink_0 \
    t. ! queue ! clbicubicscale add-borders=false \
    ! video/x-raw,width=320,height=240,pixel-aspect-ratio=1/1 \
    ! videobox bottom=-28 fill=white \
    ! textoverlay auto-resize=false valignment=bottom halignment=center ypad=5 \
        font-desc="Sans 11" color=0xff000000 shaded-background=false \
        text="add-borders=false" \
    ! c.sink_1

log "done:"
ls -l docs/images/clbicubicscale-*.png >&2
