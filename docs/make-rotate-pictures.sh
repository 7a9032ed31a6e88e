#!/bin/sh
# Regenerates the pictures of docs/clrotate.md (docs/images/clrotate-*.png)
# with the opencl plugin of a build folder.
#
#   docs/make-rotate-pictures.sh [BUILD_DIR]    (default: <repo>/build)
#
# Needs gst-launch-1.0 and gst-plugins-base/good (videotestsrc, textoverlay,
# videocrop, compositor, pngenc).
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$(cd "${1:-$ROOT/build}" && pwd)
OUT="$ROOT/docs/images"

if [ ! -e "$BUILD/gst/elements/libgstopencl.so" ]; then
  echo "no $BUILD/gst/elements/libgstopencl.so: build first (meson compile -C DIR)" >&2
  exit 1
fi
export GST_PLUGIN_PATH="$BUILD/gst"
export GST_REGISTRY="$BUILD/registry-pictures.bin"
export POCL_CACHE_DIR="$BUILD/pocl-cache"
mkdir -p "$OUT"

# Runs a pipeline description: gst-launch-1.0 wants it as words (one
# argument with spaces would be taken as one quoted token).
set -f
launch () {
  # shellcheck disable=SC2086
  gst-launch-1.0 -q $1 >/dev/null || {
    echo "failed: gst-launch-1.0 $1" >&2
    exit 1
  }
}

# SMPTE bars with text: sharp edges in every direction.
source_frame () {
  echo "videotestsrc num-buffers=1 pattern=smpte
    ! video/x-raw, format=RGBA, width=$1, height=$2
    ! textoverlay text=\"Abc 123\" font-desc=\"Sans Bold $3\"
      valignment=center halignment=center"
}

label () {
  echo "textoverlay text=\"$1\" font-desc=\"Sans Bold 11\" auto-resize=false
    valignment=top halignment=left shaded-background=true"
}

# One method, 20 degrees: an 80x60 crop at (LEFT, TOP) of the turned
# 480x360 frame, 4x with nearest-neighbour scaling so its pixels show.
detail () {
  method=$1 pad=$2 left=$3 top=$4 text=$5
  echo "t. ! queue ! clrotate angle=20 method=$method
    ! videocrop left=$left right=$((480 - left - 80)) top=$top
      bottom=$((360 - top - 60))
    ! videoscale method=nearest-neighbour
    ! video/x-raw, width=320, height=240
    ! $(label "$text") ! comp.sink_$pad"
}

# Methods: the text (top row) and the frame's edge (bottom row).
launch "$(source_frame 480 360 40) ! tee name=t
  compositor name=comp background=white
    sink_1::xpos=330 sink_2::xpos=660 sink_3::ypos=250
    sink_4::xpos=330 sink_4::ypos=250 sink_5::xpos=660 sink_5::ypos=250
  ! videoconvert ! pngenc ! filesink location=$OUT/clrotate-methods.png
  $(detail nearest 0 150 150 nearest)
  $(detail bilinear 1 150 150 bilinear)
  $(detail bicubic 2 150 150 bicubic)
  $(detail nearest 3 40 20 'nearest: hard edge')
  $(detail bilinear 4 40 20 'bilinear: edge faded')
  $(detail bicubic 5 40 20 'bicubic: edge faded')"

# Output sizes: 30 degrees, same (corners cut) and fit (bounding box).
launch "$(source_frame 320 240 28) ! tee name=t
  compositor name=comp background=white sink_1::xpos=340
  ! videoconvert ! pngenc ! filesink location=$OUT/clrotate-output-size.png
  t. ! queue ! clrotate angle=30 output-size=same
    ! $(label 'output-size=same: 320x240') ! comp.sink_0
  t. ! queue ! clrotate angle=30 output-size=fit
    ! $(label 'output-size=fit: 398x368') ! comp.sink_1"

# Backgrounds over a checkerboard: opaque black, a colour, transparent.
# (Labels go on the composite, DELTAX pixels in: text on transparent
# pixels would vanish.)
at () {
  echo "textoverlay text=\"$1\" font-desc=\"Sans Bold 11\" auto-resize=false
    halignment=left valignment=top deltax=$2 shaded-background=true"
}
launch "$(source_frame 320 240 28) ! tee name=t
  compositor name=comp background=checker
    sink_1::xpos=418 sink_2::xpos=836
  ! $(at 'background=0xff000000 (default)' 0)
  ! $(at 'background=0xff2060c0' 418) ! $(at 'background=0x00000000 (RGBA)' 836)
  ! videoconvert ! pngenc ! filesink location=$OUT/clrotate-background.png
  t. ! queue ! clrotate angle=30 output-size=fit ! comp.sink_0
  t. ! queue ! clrotate angle=30 output-size=fit background=0xff2060c0
    ! comp.sink_1
  t. ! queue ! clrotate angle=30 output-size=fit background=0x00000000
    ! comp.sink_2"

echo "wrote $OUT/clrotate-methods.png, clrotate-output-size.png," \
  "clrotate-background.png"
