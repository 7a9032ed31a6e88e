# shellcheck shell=bash
# Sourced on a machine that has an NVIDIA OpenCL driver but no GStreamer,
# from the folder that holds the bundle made by gpu-bundle.sh:
#   source tests/benchmarks/gpu-env.sh [BUNDLE_DIR [pocl]]
# Points GStreamer at the bundle and ocl-icd at NVIDIA's driver only; with
# pocl, at the machine's own OpenCL drivers instead, and our elements at
# its PoCL (its CPU), for the CPU figures, e.g.
#   POCL_MAX_PTHREAD_COUNT=2 taskset -c 2,3 tests/benchmarks/launch-bench.sh
bundle="$(cd "${1:-.gpu-bundle}" && pwd)"
export LD_LIBRARY_PATH="$bundle/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export PATH="$bundle/bin:$PATH"
export GST_PLUGIN_SYSTEM_PATH="$bundle/plugins"
export GST_PLUGIN_PATH="$bundle/plugins"
export GST_PLUGIN_SCANNER="$bundle/bin/gst-plugin-scanner"
export GST_REGISTRY="${TMPDIR:-/tmp}/gst-opencl-registry.bin"
export POCL_CACHE_DIR="${TMPDIR:-/tmp}/gst-opencl-pocl-cache"
vendors="${TMPDIR:-/tmp}/gst-opencl-icd"
mkdir -p "$vendors" "$POCL_CACHE_DIR"
echo libnvidia-opencl.so.1 > "$vendors/nvidia.icd"
if [ "${2:-}" = pocl ]; then
    unset OCL_ICD_VENDORS
    # a substring of PoCL's platform name: its device is "pthread-..." in
    # PoCL 3 and "cpu-..." in PoCL 5
    export GST_CL_DEVICE=portable
else
    export OCL_ICD_VENDORS="$vendors"
    export GST_CL_DEVICE="${GST_CL_DEVICE:-nvidia}"
fi
# NVRTC for the CUDA elements, where the bundle carries it (gpu-bundle.sh).
if [ -f "$bundle/nvrtc/libnvrtc.so.12.xz" ]; then
    nvrtc="${TMPDIR:-/tmp}/gst-opencl-nvrtc"
    if [ ! -f "$nvrtc/libnvrtc.so.12" ]; then
        mkdir -p "$nvrtc"
        for lib in "$bundle"/nvrtc/*.xz; do
            xz -dc "$lib" >"$nvrtc/$(basename "$lib" .xz)"
        done
    fi
    export LD_LIBRARY_PATH="$nvrtc:$LD_LIBRARY_PATH"
    export GST_CUDA_NVRTC_LIBNAME="$nvrtc/libnvrtc.so.12"
fi
# The opencv plugin (cvsmooth), where the bundle carries it (gpu-bundle.sh
# with GPU_BUNDLE_OPENCV=1).
if [ -f "$bundle/opencv.tar.xz" ]; then
    opencv="${TMPDIR:-/tmp}/gst-opencl-opencv"
    [ -d "$opencv" ] || xz -dc "$bundle/opencv.tar.xz" | tar -C "${TMPDIR:-/tmp}" -xf - --transform 's,^opencv,gst-opencl-opencv,'
    export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$opencv/lib"
    export GST_PLUGIN_PATH="$GST_PLUGIN_PATH:$opencv/plugins"
fi
