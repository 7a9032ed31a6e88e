#!/usr/bin/env bash
# gst-opencl: gst-launch-1.0 with caps the device cannot serve ends, every
# time, with the element's error: never 0, never a hang.
# SPDX-License-Identifier: LGPL-2.1-or-later
#
#   launch-refusal.sh RUNS
#
# Each element is given frames 40000 pixels wide in images, more than any
# device's CL_DEVICE_IMAGE2D_MAX_WIDTH here (PoCL 8192, NVIDIA 32768). The
# element finds the refusal while the pipeline starts (READY -> PAUSED), so
# gst-launch exits with its status for a pipeline that fails to start
# (255). An error from a streaming thread instead could be lost: gst-launch
# 1.22 quits its main loop from the bus sync handler, and a quit that comes
# before the loop runs is forgotten, which hangs gst-launch (stock elements
# show it: videotestsrc ! video/x-raw,width=70000,height=70000 ! fakesink
# hangs about 1 run in 50).
set -u

runs="${1:-200}"
status=0

for element in "clboxblur radius=2" clbicubicscale clrotate; do
    line="videotestsrc num-buffers=2 ! video/x-raw,width=40000,height=8 ! \
$element storage=image ! fakesink"
    for ((i = 1; i <= runs; i++)); do
        # shellcheck disable=SC2086 # the line is split as gst-launch's argv
        output="$(timeout 60 gst-launch-1.0 -q $line 2>&1)"
        code=$?
        if [ "$code" -eq 124 ]; then
            echo "run $i of '$line' hung (killed after 60 s):"
            echo "$output"
            exit 1
        fi
        if [ "$code" -eq 0 ] || ! grep -q "ERROR: from element .*: The \
OpenCL device cannot hold these video frames" <<<"$output"; then
            echo "run $i of '$line': exit status $code, without the error:"
            echo "$output"
            status=1
            break
        fi
    done
    echo "$runs runs of '$line': each exited with the element's error"
done
exit "$status"
