#!/usr/bin/env bash
# gst-opencl: a checksum of every output frame of the filters over a
# matrix of elements and settings, formats, storages and memories, one
# line a pipeline, so that two builds (before and after a change that
# must not change pixels) are compared with diff:
#
#   GST_PLUGIN_PATH=build-a/gst tests/benchmarks/output-checksums.sh > a.txt
#   GST_PLUGIN_PATH=build-b/gst tests/benchmarks/output-checksums.sh > b.txt
#   diff a.txt b.txt
#
# Each output frame is hashed as videoconvert's ARGB64 of it (16 bits a
# channel, no row padding): the bytes of row padding are not part of the
# picture. A pipeline the device refuses (NV12 in images where the
# device has no CL_RG images) gives "refused", which must match too. The
# storage property is found by name, so builds from before its rename
# (`memory`) compare as well.
set -uo pipefail

frames="${FRAMES:-3}"
storage_property=storage
gst-inspect-1.0 clrotate 2>/dev/null | grep -q '^  storage ' ||
    storage_property=memory

formats="RGBA BGRx GRAY8 GRAY16_LE NV12 I420"
# name|element and settings|output caps fields (scalers only)
elements=(
    "upscale|clbicubicscale|,width=301,height=207"
    "downscale|clbicubicscale antialias=true|,width=53,height=37"
    "mitchell|clbicubicscale filter=mitchell|,width=211,height=97"
    "rotate-bicubic|clrotate angle=30 method=bicubic|"
    "rotate-bilinear|clrotate angle=-71 method=bilinear output-size=fit|"
    "rotate-nearest|clrotate angle=200 method=nearest|"
    "blur|clboxblur radius-x=3 radius-y=5|"
    "blur-sat|clboxblur radius-x=40 radius-y=9 method=sat|"
)

checksum() {
    local out
    if out=$(gst-launch-1.0 -q $1 ! videoconvert ! video/x-raw,format=ARGB64 \
        ! checksumsink hash=md5 sync=false 2>/dev/null); then
        printf '%s\n' "$out" | md5sum | cut -c1-32
    else
        echo refused
    fi
}

for format in $formats; do
    src="videotestsrc num-buffers=$frames pattern=zone-plate kx2=20 ky2=20 kt=1"
    src="$src ! video/x-raw,format=$format,width=160,height=120"
    for entry in "${elements[@]}"; do
        IFS='|' read -r name element out_caps <<< "$entry"
        for storage in image buffer; do
            e="$element $storage_property=$storage"
            caps="video/x-raw,format=$format$out_caps"
            cl_caps="video/x-raw(memory:OpenCLMemory),format=$format$out_caps"
            printf '%s %s %s system %s\n' "$format" "$name" "$storage" \
                "$(checksum "$src ! $e ! $caps")"
            printf '%s %s %s opencl %s\n' "$format" "$name" "$storage" \
                "$(checksum "$src ! clupload ! $e ! $cl_caps ! cldownload")"
        done
    done
done
