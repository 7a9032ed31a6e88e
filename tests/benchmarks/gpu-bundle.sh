#!/usr/bin/env bash
# Collects what a machine without GStreamer needs to run the plugin, its
# tests and gst-launch-1.0 pipelines: the tools, the plugins the pipelines
# use, our plugin, the test programs, and every library they load (less
# the C library, which the machine has), into one folder.
#
#   tests/benchmarks/gpu-bundle.sh [BUILD_DIR] [OUT_DIR]
#
# Defaults: build and .gpu-bundle (both relative to the repository). On the
# other machine, run tests/benchmarks/gpu-env.sh from the bundle's parent.
# GPU_BUNDLE_NVRTC and GPU_BUNDLE_OPENCV add the CUDA elements' compiler
# and the opencv plugin (below); both together pass what can be carried.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="$(cd "$repo/${1:-build}" && pwd)"
out="$repo/${2:-.gpu-bundle}"

gst_libexec="$(pkg-config --variable=libexecdir gstreamer-1.0 2>/dev/null || true)"
[ -x "$gst_libexec/gstreamer-1.0/gst-plugin-scanner" ] ||
    gst_libexec=/usr/lib/x86_64-linux-gnu/gstreamer1.0
plugin_dir="$(pkg-config --variable=pluginsdir gstreamer-1.0)"

plugins="coreelements videotestsrc videoconvertscale app png multifile
    imagefreeze compositor debug coretracers videofilter videocrop"
# The benchmark's peers, where installed: rotate (gst-plugins-bad) and the
# CUDA elements (nvcodec, gst-plugins-bad: cudaupload, cudascale,
# cudadownload); checksumsink (debugutilsbad) for output-checksums.sh.
# The opencv plugin (cvsmooth) comes only where asked for
# (GPU_BUNDLE_OPENCV=1, below).
optional_plugins="geometrictransform nvcodec debugutilsbad"

rm -rf "$out"
mkdir -p "$out/bin" "$out/plugins" "$out/lib"

cp "$(command -v gst-launch-1.0)" "$(command -v gst-inspect-1.0)" "$out/bin/"
cp "$(find "$gst_libexec" -name gst-plugin-scanner | head -n 1)" "$out/bin/"
for p in $plugins; do
    cp "$plugin_dir/libgst$p.so" "$out/plugins/"
done
for p in $optional_plugins; do
    if [ -f "$plugin_dir/libgst$p.so" ]; then
        cp "$plugin_dir/libgst$p.so" "$out/plugins/"
    else
        echo "gpu-bundle: no $p plugin here; leaving it out" >&2
    fi
done
cp "$build/gst/elements/libgstopencl.so" "$out/plugins/"
# The library the plugin, the tests and the examples link: they find it
# through rpaths into the build tree, which ldd cannot follow from here.
find "$build/gst/opencl" -maxdepth 1 -name "libgstopencl-1.0.so*" ! -type d \
    -exec cp -P {} "$out/lib/" \;
# The test layers that give the device cl_qcom_filter_bicubic, that fail
# builds on purpose and that give it a fixed UUID and PCI bus id
# (elements_clnative, elements_clbadinput and elements_cldevices load them
# through OPENCL_LAYERS, as tests/meson.build does).
cp "$build"/tests/libgstcl-qcom-bicubic-layer.so \
    "$build"/tests/libgstcl-broken-build-layer.so \
    "$build"/tests/libgstcl-device-address-layer.so "$out/lib/"
find "$build/tests" "$build/docs" -maxdepth 3 -type f -executable \
    ! -name '*.so' ! -name '*.sh' -exec cp {} "$out/bin/" \; 2>/dev/null || true

# Every library the binaries and plugins need, except those every Linux
# machine has (the C and C++ libraries and the dynamic loader). The other
# machine's C++ library is at least as new as the one here (it runs the
# bundle), and its own OpenCL drivers need it: PoCL 5.0 there does not
# load beside an older one.
skip='^(libc|libm|libpthread|libdl|librt|libstdc\+\+|libgcc_s|ld-linux[^ ]*|linux-vdso)\.so'
for f in "$out"/bin/* "$out"/plugins/*; do
    ldd "$f" 2>/dev/null | awk '$3 ~ /^\// { print $1, $3 }'
done | sort -u | while read -r name path; do
    [[ "$name" =~ $skip ]] || cp -L "$path" "$out/lib/$name"
done

# NVRTC, which the CUDA elements build their kernels with, where
# GPU_BUNDLE_NVRTC names a folder holding libnvrtc.so.12 and its builtins
# (from the nvidia-cuda-nvrtc-cu12 wheel): compressed, as it is large (or
# already compressed there, as libnvrtc.so.12.xz); gpu-env.sh unpacks it.
if [ -n "${GPU_BUNDLE_NVRTC:-}" ]; then
    mkdir -p "$out/nvrtc"
    for lib in "$GPU_BUNDLE_NVRTC"/libnvrtc.so.12 \
        "$GPU_BUNDLE_NVRTC"/libnvrtc-builtins.so.12.*; do
        case "$lib" in *.xz) continue ;; esac
        if [ -f "$lib.xz" ]; then
            cp "$lib.xz" "$out/nvrtc/"
        else
            xz -T0 -6 -c "$lib" >"$out/nvrtc/$(basename "$lib").xz"
        fi
    done
fi

# The opencv plugin (cvsmooth, the blur's peer) where GPU_BUNDLE_OPENCV=1.
# Its libraries come to 194 MB, nearly all of it what
# libopencv_imgcodecs loads (gdal, ffmpeg, ...), of which the plugin calls
# only cv::imread, for elements other than cvsmooth. The bundle carries a
# stand-in for that library instead, whose functions abort (cvsmooth
# never calls them; loading needs them, as the plugin binds its symbols
# at load time), and the plugin and its other libraries compressed, about
# 15 MB (opencv.tar.xz; gpu-env.sh unpacks it).
opencv_plugin="$plugin_dir/libgstopencv.so"
if [ -n "${GPU_BUNDLE_OPENCV:-}" ] && [ -f "$opencv_plugin" ]; then
    cv="$(mktemp -d)"
    mkdir -p "$cv/opencv/lib" "$cv/opencv/plugins" "$cv/stub"
    imgcodecs="$(ldd "$opencv_plugin" | awk '$1 ~ /^libopencv_imgcodecs/ { print $3 }')"
    soname="$(basename "$imgcodecs")"
    nm -D --defined-only "$imgcodecs" | awk '{ print $3 }' | sort -u >"$cv/defined"
    nm -D --undefined-only "$opencv_plugin" | awk '{ print $2 }' |
        sort -u | comm -12 - "$cv/defined" |
        awk 'BEGIN { print "#include <stdlib.h>" }
             { print "void " $1 " (void) { abort (); }" }' >"$cv/stub.c"
    gcc -shared -fPIC -o "$cv/stub/$soname" -Wl,-soname,"$soname" "$cv/stub.c"
    cp "$cv/stub/$soname" "$cv/opencv/lib/"
    cp "$opencv_plugin" "$cv/opencv/plugins/"
    LD_LIBRARY_PATH="$cv/stub" ldd "$opencv_plugin" |
        awk '$3 ~ /^\// { print $1, $3 }' | while read -r name path; do
        [[ "$name" =~ $skip || -e "$out/lib/$name" || -e "$cv/opencv/lib/$name" ]] ||
            cp -L "$path" "$cv/opencv/lib/$name"
    done
    tar -C "$cv" -cf - opencv | xz -T0 -6 >"$out/opencv.tar.xz"
    rm -rf "$cv"
fi

du -sh "$out"
