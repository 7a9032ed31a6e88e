#!/usr/bin/env bash
# Shared setup for scripts/demo.sh and scripts/test.sh (and .ci/run).
#
#   1. checks the Debian packages the build and the tests need, installs the
#      missing ones (as root, or through `sudo -n`), or stops saying how to;
#   2. checks that an OpenCL device is visible (`clinfo -l`);
#   3. configures (once) and builds the plugin in build/;
#   4. exports GST_PLUGIN_PATH, GST_REGISTRY and POCL_CACHE_DIR.
#
# Meant to be sourced (`source scripts/setup.sh`) so that the exports reach the
# caller; running it directly (`bash scripts/setup.sh`) builds and prints them.
#
# Environment:
#   GST_OPENCL_SKIP_PACKAGES=1  skip step 1 (not Debian, or packages managed
#                               another way).
#   GST_OPENCL_EXTRA_PACKAGES   more packages for step 1, space-separated.

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="$REPO_ROOT/build"

GST_OPENCL_PACKAGES=(
    pocl-opencl-icd
    ocl-icd-opencl-dev
    opencl-headers
    clinfo
    libgstreamer1.0-dev
    libgstreamer-plugins-base1.0-dev
    gstreamer1.0-tools
    gstreamer1.0-plugins-base
    gstreamer1.0-plugins-good
    meson
    ninja-build
    pkg-config
    gcc
    python3
    gdb
    # docs/examples/rotate-app.py (PyGObject), run by the tests
    python3-gi
    gir1.2-gstreamer-1.0
    gir1.2-gst-plugins-base-1.0
)
# Callers that need more name it here (scripts/check-slow.sh: valgrind,
# oclgrind).
read -r -a _extra_packages <<<"${GST_OPENCL_EXTRA_PACKAGES:-}"
GST_OPENCL_PACKAGES+=("${_extra_packages[@]}")

setup_log() {
    printf '[setup] %s\n' "$*" >&2
}

setup_die() {
    printf '[setup] ERROR: %s\n' "$@" >&2
    exit 1
}

# Prints the packages of GST_OPENCL_PACKAGES that are not installed.
setup_missing_packages() {
    local pkg status
    for pkg in "${GST_OPENCL_PACKAGES[@]}"; do
        status="$(dpkg-query -W -f='${Status}\n' "$pkg" 2>/dev/null || true)"
        case "$status" in
            *"ok installed"*) ;;
            *) printf '%s\n' "$pkg" ;;
        esac
    done
}

setup_packages() {
    if [[ "${GST_OPENCL_SKIP_PACKAGES:-0}" == 1 ]]; then
        setup_log "GST_OPENCL_SKIP_PACKAGES=1: not checking packages"
        return 0
    fi

    local missing=()
    if command -v dpkg-query >/dev/null 2>&1; then
        mapfile -t missing < <(setup_missing_packages)
    else
        missing=("${GST_OPENCL_PACKAGES[@]}")
    fi
    if [[ ${#missing[@]} -eq 0 ]]; then
        setup_log "packages: all present"
        return 0
    fi

    local install_cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing[*]}"
    if ! command -v apt-get >/dev/null 2>&1 || ! command -v dpkg-query >/dev/null 2>&1; then
        setup_die "missing packages: ${missing[*]}" \
            "this is not a Debian-like system (no apt-get/dpkg-query): install the equivalents," \
            "then run again with GST_OPENCL_SKIP_PACKAGES=1"
    fi

    local sudo=()
    if [[ "$(id -u)" -ne 0 ]]; then
        if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
            sudo=(sudo -n)
        else
            setup_die "missing packages: ${missing[*]}" \
                "installing them needs root (or password-less sudo); run as root:" \
                "  $install_cmd" \
                "then run this command again."
        fi
    fi

    setup_log "installing missing packages: ${missing[*]}"
    "${sudo[@]}" apt-get update
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y --no-install-recommends "${missing[@]}"

    mapfile -t missing < <(setup_missing_packages)
    if [[ ${#missing[@]} -ne 0 ]]; then
        setup_die "still missing after apt-get install: ${missing[*]}"
    fi
}

setup_opencl_device() {
    local listing count vendors
    listing="$(clinfo -l 2>&1 || true)"
    count="$(grep -c 'Device #' <<<"$listing" || true)"
    if [[ "${count:-0}" -lt 1 ]]; then
        if [[ -n "${OCL_ICD_VENDORS:-}" ]]; then
            vendors="it is set to '$OCL_ICD_VENDORS'"
        else
            vendors="it is unset, so the drivers listed in /etc/OpenCL/vendors/*.icd are loaded"
        fi
        setup_die "no OpenCL device is visible (\`clinfo -l\` lists none)." \
            "clinfo -l said: ${listing:-<nothing>}" \
            "The Debian package pocl-opencl-icd provides a CPU device (PoCL, 'pthread')." \
            "OCL_ICD_VENDORS (ocl-icd) selects which drivers are loaded; $vendors." \
            "Install an OpenCL driver (ICD) or fix OCL_ICD_VENDORS, then run again."
    fi
    setup_log "OpenCL devices:"
    printf '%s\n' "$listing" | sed 's/^/[setup]   /' >&2
}

setup_build() {
    if [[ ! -f "$BUILD_DIR/meson-private/coredata.dat" ]]; then
        setup_log "configuring: meson setup build"
        meson setup "$BUILD_DIR" "$REPO_ROOT" >&2
    fi
    setup_log "building: meson compile -C build"
    meson compile -C "$BUILD_DIR" >&2
}

setup_exports() {
    export GST_PLUGIN_PATH="$BUILD_DIR/gst"
    export GST_REGISTRY="$BUILD_DIR/registry.bin"
    export POCL_CACHE_DIR="${POCL_CACHE_DIR:-$BUILD_DIR/pocl-cache}"
    mkdir -p "$POCL_CACHE_DIR"
}

setup_packages
setup_opencl_device
setup_build
setup_exports

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
    # Run directly: the exports die with this process, so show them.
    setup_log "built. To use the plugin uninstalled:"
    printf 'export GST_PLUGIN_PATH=%q\n' "$GST_PLUGIN_PATH"
    printf 'export GST_REGISTRY=%q\n' "$GST_REGISTRY"
    printf 'export POCL_CACHE_DIR=%q\n' "$POCL_CACHE_DIR"
fi
