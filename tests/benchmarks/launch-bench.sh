#!/usr/bin/env bash
# gst-opencl: what a gst-launch-1.0 user gets from each element against
# the element a user would pick instead on the CPU, measured in one run,
# beside the memory-bandwidth floor of this machine.
#
#   tests/benchmarks/launch-bench.sh [--frames N] [--runs R]
#       [--only REGEX] [--source imagefreeze|videotestsrc] [--list]
#
#   --frames N    frames per pipeline run (default 100; 300 with
#                 videotestsrc, whose own time per 4K frame, 3.7 ms on the
#                 H100's host, makes the net figures of 100 frames swing)
#   --runs R      runs of every pipeline; the median is reported (default 3)
#   --only REGEX  the workloads whose name matches REGEX (grep -E)
#   --source S    the frames' source (default imagefreeze, below)
#   --list        print the workloads and their pipelines, run nothing
#
# Every workload is a pair of whole pipelines,
#
#   videotestsrc num-buffers=1 ! CAPS ! imagefreeze num-buffers=N !
#       ELEMENT ! OUTCAPS ! fakesink sync=false
#
# or, with --source videotestsrc,
#
#   videotestsrc num-buffers=N pattern=black ! CAPS ! ELEMENT ! OUTCAPS !
#       fakesink sync=false
#
# imagefreeze pushes one frame of ordinary (pageable) memory again and
# again, and costs next to nothing; videotestsrc draws each frame into a
# buffer of the pool the element downstream proposes, as most sources and
# decoders do: pinned memory for ours on a GPU, which it uploads faster,
# and the drawing, in the source's thread, runs beside our device's work
# on the previous frame.
#
# ours (ELEMENT one of our elements) and the peer's (the CPU element, on
# the same CAPS, except cvsmooth: it takes BGR, so its source converts to
# BGR before imagefreeze and the conversion is paid once; with
# videotestsrc once a frame, in the source's time too). launch-timer
# (built by meson beside this script) builds each pipeline as
# gst-launch-1.0 does and times two things a user lives apart:
#   - ms per frame: the steady state, between the first and the last frame
#     at the sink, net of the same source with no element (`... !
#     imagefreeze num-buffers=N ! fakesink sync=false`, or `videotestsrc
#     num-buffers=N pattern=black ! CAPS ! fakesink sync=false`);
#   - start-up ms: from PLAYING to the first frame at the sink (device
#     context, kernel builds, which the driver's cache makes warm: every
#     pipeline runs once before the timing), net of the source's.
# and, beside them, in element ms: the median time the element held a
# frame, from its sink pad to its source pad, whatever the source and the
# sink cost around it. The net ms per frame can be less (work left
# running after the push, such as our download, goes on beside the
# source drawing the next frame) or more (a source drawing into our
# pinned memory while that download runs).
# Medians of R runs; the runs go round every pipeline in turn, so ours and
# the peer alternate and a drift of the machine hits both.
#
# Workloads: upscale, downscale-1080, downscale-360 (RGBA) and upscale-nv12
# (clbicubicscale against videoscale method=catrom n-threads=<processors>),
# rotate (clrotate angle=30 method=bilinear against rotate, nearest only),
# blur-r1, blur-r15, blur-r100, blur-r400 (clboxblur on BGRx against
# cvsmooth type=blur 31x31 on BGR); with blur-r1 and blur-r400 the report
# also gives clboxblur radius 400 / radius 1; convert-nv12-rgba,
# convert-rgba-nv12 (clconvert against videoconvert n-threads=<processors>)
# and convertscale-i420-nv12 (clconvertscale against videoconvertscale
# method=catrom n-threads=<processors>).
#
# floor ms is the time of a plain memcpy of the bytes of one input and one
# output frame of ours, with one thread per processor, measured in the
# same run by memcpy-floor (built by meson beside this script); ours/floor
# says how far the element is from moving its frames at memory speed.
#
# Output: a Markdown report on stdout (machine, table, the pipelines as
# run); progress on stderr. Needs the plugin on GST_PLUGIN_PATH
# (scripts/setup.sh exports it, and builds memcpy-floor and launch-timer in build/; BUILD_DIR
# names another build directory). Peers: videoscale
# (gstreamer1.0-plugins-base), rotate (gstreamer1.0-plugins-bad), cvsmooth
# (gstreamer1.0-opencv); a missing one is reported as not available. The
# default run takes about 3 to 4 minutes on a 2-core machine.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# shellcheck source=tests/benchmarks/launch-common.sh
source "$repo/tests/benchmarks/launch-common.sh"

frames=
runs=3
only=
source=imagefreeze
list=false
cores="$(nproc)"
memcpy_floor="$(bench_tool memcpy-floor)"

usage() {
    sed -n '6,12s/^# \{0,1\}//p' "${BASH_SOURCE[0]}" >&2
    exit 2
}

log() {
    printf '[launch-bench] %s\n' "$*" >&2
}

die() {
    printf '[launch-bench] ERROR: %s\n' "$*" >&2
    exit 1
}

parse_options() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --frames) frames="${2:?}"; shift 2 ;;
            --runs) runs="${2:?}"; shift 2 ;;
            --only) only="${2:?}"; shift 2 ;;
            --source) source="${2:?}"; shift 2 ;;
            --list) list=true; shift ;;
            *) usage ;;
        esac
    done
    if [[ -z "$frames" ]]; then
        frames=100
        [[ "$source" == imagefreeze ]] || frames=300
    fi
    [[ "$frames" =~ ^[1-9][0-9]*$ && "$runs" =~ ^[1-9][0-9]*$ ]] ||
        die "--frames and --runs take a positive integer"
    [[ "$source" == imagefreeze || "$source" == videotestsrc ]] ||
        die "--source takes imagefreeze or videotestsrc"
}

# ---- the workloads ----

caps() {
    printf 'video/x-raw,format=%s,width=%s,height=%s' "$1" "$2" "$3"
}

# Bytes of a FORMAT WIDTH HEIGHT frame, rows packed.
frame_bytes() {
    case "$1" in
        RGBA | BGRx) echo $(($2 * $3 * 4)) ;;
        BGR) echo $(($2 * $3 * 3)) ;;
        NV12 | I420) echo $(($2 * $3 * 3 / 2)) ;;
        *) die "frame_bytes: no size for $1" ;;
    esac
}

hd_rgba="$(caps RGBA 1920 1080)"
uhd_rgba="$(caps RGBA 3840 2160)"
hd_bgrx="$(caps BGRx 1920 1080)"
hd_bgr="$(caps BGR 1920 1080)"
scale_peer="videoscale method=catrom n-threads=$cores"
convert_peer="videoconvert n-threads=$cores"
convertscale_peer="videoconvertscale method=catrom n-threads=$cores"
rotate_peer="rotate angle=0.5235987755982988" # 30 degrees in radians
blur_peer="cvsmooth type=blur kernel-width=31 kernel-height=31"

names=() titles=() ours_src=() ours_pipe=() peer_src=() peer_pipe=() bytes=()

# workload NAME TITLE OURS_CAPS OURS OUT_CAPS PEER_CAPS PEER PEER_OUT_CAPS
#     FLOOR_BYTES: CAPS are what the source gives (before imagefreeze),
#     FLOOR_BYTES the input plus output frame of ours.
workload() {
    [[ -z "$only" ]] || grep -Eq -- "$only" <<<"$1" || return 0
    names+=("$1")
    titles+=("$2")
    ours_src+=("$3")
    ours_pipe+=("$4 ! $5")
    peer_src+=("$6")
    peer_pipe+=("$7 ! $8")
    bytes+=("$9")
}

define_workloads() {
    local r
    workload upscale "clbicubicscale RGBA 1920x1080 -> 3840x2160" \
        "$hd_rgba" clbicubicscale "$uhd_rgba" \
        "$hd_rgba" "$scale_peer" "$uhd_rgba" \
        "$(frame_bytes RGBA 1920 1080) $(frame_bytes RGBA 3840 2160)"
    workload downscale-1080 \
        "clbicubicscale antialias=true RGBA 3840x2160 -> 1920x1080" \
        "$uhd_rgba" "clbicubicscale antialias=true" "$hd_rgba" \
        "$uhd_rgba" "$scale_peer" "$hd_rgba" \
        "$(frame_bytes RGBA 3840 2160) $(frame_bytes RGBA 1920 1080)"
    workload downscale-360 \
        "clbicubicscale antialias=true RGBA 3840x2160 -> 640x360" \
        "$uhd_rgba" "clbicubicscale antialias=true" "$(caps RGBA 640 360)" \
        "$uhd_rgba" "$scale_peer" "$(caps RGBA 640 360)" \
        "$(frame_bytes RGBA 3840 2160) $(frame_bytes RGBA 640 360)"
    workload upscale-nv12 "clbicubicscale NV12 1280x720 -> 1920x1080" \
        "$(caps NV12 1280 720)" clbicubicscale "$(caps NV12 1920 1080)" \
        "$(caps NV12 1280 720)" "$scale_peer" "$(caps NV12 1920 1080)" \
        "$(frame_bytes NV12 1280 720) $(frame_bytes NV12 1920 1080)"
    workload rotate "clrotate angle=30 method=bilinear RGBA 1920x1080" \
        "$hd_rgba" "clrotate angle=30 method=bilinear" "$hd_rgba" \
        "$hd_rgba" "$rotate_peer" "$hd_rgba" \
        "$(frame_bytes RGBA 1920 1080) $(frame_bytes RGBA 1920 1080)"
    for r in 1 15 100 400; do
        workload "blur-r$r" "clboxblur radius=$r BGRx 1920x1080" \
            "$hd_bgrx" "clboxblur radius=$r" "$hd_bgrx" \
            "$hd_bgrx ! videoconvert ! $hd_bgr" "$blur_peer" "$hd_bgr" \
            "$(frame_bytes BGRx 1920 1080) $(frame_bytes BGRx 1920 1080)"
    done
    workload convert-nv12-rgba "clconvert NV12 1920x1080 -> RGBA" \
        "$(caps NV12 1920 1080)" clconvert "$hd_rgba" \
        "$(caps NV12 1920 1080)" "$convert_peer" "$hd_rgba" \
        "$(frame_bytes NV12 1920 1080) $(frame_bytes RGBA 1920 1080)"
    workload convert-rgba-nv12 "clconvert RGBA 1920x1080 -> NV12" \
        "$hd_rgba" clconvert "$(caps NV12 1920 1080)" \
        "$hd_rgba" "$convert_peer" "$(caps NV12 1920 1080)" \
        "$(frame_bytes RGBA 1920 1080) $(frame_bytes NV12 1920 1080)"
    workload convertscale-i420-nv12 \
        "clconvertscale I420 3840x2160 -> NV12 1920x1080" \
        "$(caps I420 3840 2160)" clconvertscale "$(caps NV12 1920 1080)" \
        "$(caps I420 3840 2160)" "$convertscale_peer" "$(caps NV12 1920 1080)" \
        "$(frame_bytes I420 3840 2160) $(frame_bytes NV12 1920 1080)"
    [[ ${#names[@]} -gt 0 ]] || die "no workload matches --only '$only'"
}

# The pipeline of a source of CAPS (FRAMES frames, default --frames) and
# (optionally) what follows it: pipeline CAPS [AFTER [FRAMES]].
pipeline() {
    local n="${3:-$frames}"
    if [[ "$source" == imagefreeze ]]; then
        printf 'videotestsrc num-buffers=1 pattern=smpte ! %s ! ' "$1"
        printf 'imagefreeze num-buffers=%s' "$n"
    else
        printf 'videotestsrc num-buffers=%s pattern=black ! %s' "$n" "$1"
    fi
    [[ -z "${2:-}" ]] || printf ' ! %s' "$2"
}

# gst-inspect-1.0 --exists would also ask for a plugin version of at
# least GStreamer's own, which ours is not.
has_element() {
    gst-inspect-1.0 "$1" >/dev/null 2>&1
}

declare -A exists_of=()

# The first element of PIPELINE that this installation lacks, if any.
missing_element() {
    local stage element
    while read -r stage; do
        element="${stage%% *}"
        if [[ -z "${exists_of[$element]+set}" ]]; then
            exists_of[$element]=yes
            has_element "$element" || exists_of[$element]=no
        fi
        if [[ "${exists_of[$element]}" == no ]]; then
            printf '%s' "$element"
            return
        fi
    done < <(grep -v '^video/x-raw' <<<"${1// ! /$'\n'}")
}

list_workloads() {
    local i
    for i in "${!names[@]}"; do
        printf '%s: %s\n  ours: %s\n  peer: %s\n' "${names[i]}" \
            "${titles[i]}" "$(pipeline "${ours_src[i]}" "${ours_pipe[i]}")" \
            "$(pipeline "${peer_src[i]}" "${peer_pipe[i]}")"
    done
}

# ---- the measurements ----

# Every distinct pipeline, in the order the runs go round them; the
# start-ups, ms per frame and ms in the element of its runs, "failed" or
# "missing ELEMENT" per pipeline.
order=()
declare -A start_up_of=() per_frame_of=() in_element_of=() state_of=() \
    warm_up_of=() element_of=()

# add_pipeline CAPS [AFTER]: the pipeline, the element it times (AFTER's
# first) and its 2-frame run for the warm-up.
add_pipeline() {
    local p after="${2:-}"
    p="$(pipeline "$1" "$after")"
    [[ -n "${state_of[$p]+set}" ]] && return
    order+=("$p")
    start_up_of[$p]=
    per_frame_of[$p]=
    in_element_of[$p]=
    state_of[$p]=ok
    warm_up_of[$p]="$(pipeline "$1" "$after" 2)"
    element_of[$p]="${after%% *}"
}

collect_pipelines() {
    local i
    for i in "${!names[@]}"; do
        add_pipeline "${ours_src[i]}"
        add_pipeline "${ours_src[i]}" "${ours_pipe[i]}"
        add_pipeline "${peer_src[i]}"
        add_pipeline "${peer_src[i]}" "${peer_pipe[i]}"
    done
}

# Runs DESCRIPTION once, "START_UP_MS MS_PER_FRAME [ELEMENT_MS]" in
# run_times; where it fails, says why and marks the pipeline KEY failed:
# run_pipeline KEY DESCRIPTION.
run_times=
run_pipeline() {
    local key="$1" errors timed=()
    [[ -z "${element_of[$key]}" ]] || timed=(--element "${element_of[$key]}")
    errors="$(mktemp)"
    if ! run_times=$(pipeline_times "${timed[@]}" "$2" 2>"$errors"); then
        log "failed: $2"
        sed 's/^/    /' "$errors" >&2
        state_of[$key]=failed
    fi
    rm -f "$errors"
}

# Marks the pipelines with a missing element, and runs the others once
# with 2 frames: kernel caches warm, failures found before the timing.
check_pipelines() {
    local p missing
    for p in "${order[@]}"; do
        missing="$(missing_element "$p")"
        if [[ -n "$missing" ]]; then
            state_of[$p]="missing $missing"
            log "not available: $missing"
        else
            run_pipeline "$p" "${warm_up_of[$p]}"
        fi
    done
}

time_all() {
    local r p start_up per_frame in_element
    for ((r = 1; r <= runs; r++)); do
        log "run $r/$runs"
        for p in "${order[@]}"; do
            if [[ "${state_of[$p]}" == ok ]]; then
                run_pipeline "$p" "$p"
                if [[ "${state_of[$p]}" == ok ]]; then
                    read -r start_up per_frame in_element <<<"$run_times"
                    start_up_of[$p]+=" $start_up"
                    per_frame_of[$p]+=" $per_frame"
                    in_element_of[$p]+=" ${in_element:-}"
                fi
            fi
        done
    done
}

# Why the PIPELINES have no figure, if one of them failed or misses an
# element: why_not PIPELINE...
why_not() {
    local p
    for p in "$@"; do
        case "${state_of[$p]}" in
            ok) ;;
            missing*) echo "not available (${state_of[$p]#missing })"; return ;;
            *) echo "failed"; return ;;
        esac
    done
}

# The median of TIMES (start_up_of or per_frame_of) of pipeline P net of
# its source S, or why not: net_ms TIMES P S.
net_ms() {
    local -n times="$1"
    local why
    why="$(why_not "$2" "$3")"
    if [[ -n "$why" ]]; then
        echo "$why"
        return
    fi
    # shellcheck disable=SC2086 # the times, one a word
    calc "$(median ${times[$2]}) - $(median ${times[$3]})"
}

# The median time pipeline P's element held a frame, or why not.
in_element_ms() {
    local why
    why="$(why_not "$1")"
    if [[ -n "$why" ]]; then
        echo "$why"
        return
    fi
    # shellcheck disable=SC2086 # the times, one a word
    median ${in_element_of[$1]}
}

is_number() {
    [[ "$1" =~ ^-?[0-9.]+$ ]]
}

# A / B to 2 decimals where both are figures, else empty.
ratio() {
    if is_number "$1" && is_number "$2"; then
        awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'
    fi
}

figure() {
    if is_number "$1"; then
        printf '%.2f' "$1"
    else
        printf '%s' "$1"
    fi
}

# ---- the report ----

opencl_device() {
    local device
    device="$(GST_DEBUG=clcontext:4 GST_DEBUG_NO_COLOR=1 gst-launch-1.0 -q \
        videotestsrc num-buffers=1 ! clrotate ! fakesink 2>&1 |
        sed -n 's/.*new context on //p' | head -n 1)"
    printf '%s' "${device:-unknown}"
}

print_header() {
    local cpu
    cpu="$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
    printf '# gst-launch-1.0 pipelines against their CPU peers\n\n'
    printf '| | |\n| --- | --- |\n'
    printf '| CPU | %s, %s cores |\n' "${cpu:-unknown}" "$cores"
    printf '| OpenCL device | %s |\n' "$(opencl_device)"
    printf '| GStreamer | %s |\n' \
        "$(gst-launch-1.0 --gst-version | sed 's/.* version //')"
    printf '| Commit | %s |\n' "$(measured_commit "$repo")"
    printf '| Date (UTC) | %s |\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    printf '| Method | launch-timer: ms per frame in the steady state and '
    printf 'start-up ms, both net of the source (%s), median of %s runs ' \
        "$source" "$runs"
    printf 'of %s ' "$frames"
    printf 'frames, ours and the peer alternating; in element: median '
    printf 'time the element held a frame, median of the runs; '
    printf 'floor: memcpy of one input and one output frame, %s threads |\n\n' \
        "$cores"
}

# The floor of each byte count, measured once; ours per workload, for
# the ratio of the blur radii.
declare -A floor_of=() ours_ms=()

floor_ms() {
    if [[ -z "${floor_of[$1]+set}" ]]; then
        # shellcheck disable=SC2086 # the byte counts, one a word
        floor_of[$1]="$("$memcpy_floor" --threads "$cores" $1)"
    fi
}

print_table() {
    local i ours_p peer_p ours peer floor cells
    printf '| workload | ours ms | peer ms | ours/peer | ours in element ms '
    printf '| peer in element ms | floor ms | ours/floor '
    printf '| ours start-up ms | peer start-up ms |\n'
    printf '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: '
    printf '| ---: |\n'
    for i in "${!names[@]}"; do
        ours_p=("$(pipeline "${ours_src[i]}" "${ours_pipe[i]}")" \
            "$(pipeline "${ours_src[i]}")")
        peer_p=("$(pipeline "${peer_src[i]}" "${peer_pipe[i]}")" \
            "$(pipeline "${peer_src[i]}")")
        ours="$(net_ms per_frame_of "${ours_p[@]}")"
        peer="$(net_ms per_frame_of "${peer_p[@]}")"
        floor_ms "${bytes[i]}"
        floor="${floor_of[${bytes[i]}]}"
        ours_ms[${names[i]}]="$ours"
        cells=("$(figure "$ours")" "$(figure "$peer")"
            "$(ratio "$ours" "$peer")"
            "$(figure "$(in_element_ms "${ours_p[0]}")")"
            "$(figure "$(in_element_ms "${peer_p[0]}")")"
            "$(figure "$floor")" "$(ratio "$ours" "$floor")"
            "$(figure "$(net_ms start_up_of "${ours_p[@]}")")"
            "$(figure "$(net_ms start_up_of "${peer_p[@]}")")")
        printf '| %s: %s vs %s |' "${names[i]}" "${titles[i]}" \
            "${peer_pipe[i]%% *}"
        printf ' %s |' "${cells[@]}"
        printf '\n'
    done
    printf '\n'
}

# clboxblur's cost should not grow with the radius.
print_blur_ratio() {
    local r400="${ours_ms[blur-r400]:-}" r1="${ours_ms[blur-r1]:-}"
    [[ -n "$r400" && -n "$r1" ]] || return 0
    printf 'clboxblur radius 400 / radius 1: %s\n\n' \
        "$(ratio "$r400" "$r1")"
}

# shellcheck disable=SC2016 # the backquotes are Markdown's
print_pipelines() {
    local i
    printf 'Pipelines (`gst-launch-1.0 PIPELINE ! fakesink sync=false`):\n\n'
    for i in "${!names[@]}"; do
        printf -- '- %s, ours: `%s`\n' "${names[i]}" \
            "$(pipeline "${ours_src[i]}" "${ours_pipe[i]}")"
        printf -- '- %s, peer: `%s`\n' "${names[i]}" \
            "$(pipeline "${peer_src[i]}" "${peer_pipe[i]}")"
    done
}

main() {
    parse_options "$@"
    define_workloads
    if $list; then
        list_workloads
        return
    fi
    has_element clbicubicscale ||
        die "the opencl plugin is not on GST_PLUGIN_PATH (source scripts/setup.sh)"
    [[ -n "$memcpy_floor" && -n "$(bench_tool launch-timer)" ]] ||
        die "memcpy-floor or launch-timer is missing: meson compile -C build"
    collect_pipelines
    log "warming up ${#order[@]} pipelines"
    check_pipelines
    time_all
    print_header
    print_table
    print_blur_ratio
    print_pipelines
}

main "$@"
