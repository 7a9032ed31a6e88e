#!/usr/bin/env python3
# gst-opencl benchmark report
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Writes docs/performance.md (and its plots) from the JSON documents of
gst-opencl-bench --json, one section per machine: for users, one table a
device, then the summary written by hand beside this script
(performance-summary.md). With --details, every figure of every case too,
into a page of the lab notebook.

    plot.py --doc docs/performance.md --images docs/images \
        [--details tests/benchmarks/results.md] RESULT.json...

Needs python3; the plots need matplotlib (Debian: python3-matplotlib).
Without it the tables are written and the document says the plots are
missing.
"""

import argparse
import json
import math
import os
import re
import sys

try:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:  # the tables do not need it
    plt = None

MATPLOTLIB_HINT = (
    "the plots need matplotlib for python3 "
    "(Debian: apt-get install python3-matplotlib)"
)


def slug(text):
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def machine_slug(doc):
    device = doc.get("device", {})
    platform = (device.get("platform") or "none").split()[0]
    return slug("%s-%s" % (device.get("type", "none"), platform))


def fmt(value, digits=2):
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    return "%.*f" % (digits, value)


def size_text(case):
    i, o = case.get("input"), case.get("output")
    if not i or not o:
        return ""
    if (i["width"], i["height"]) == (o["width"], o["height"]):
        return "%dx%d" % (i["width"], i["height"])
    return "%dx%d → %dx%d" % (i["width"], i["height"], o["width"],
                              o["height"])


def format_text(case):
    i, o = case.get("input"), case.get("output")
    if not i or not o:
        return ""
    if i["format"] == o["format"]:
        return i["format"]
    return "%s → %s" % (i["format"], o["format"])


def machine_section(doc):
    m, d, s = doc["machine"], doc["device"], doc["settings"]
    lines = [
        "| | |",
        "| --- | --- |",
        "| CPU | %s, %d processors |" % (m["cpu"], m["cores"]),
        "| GStreamer | %s |" % m["gstreamer"],
    ]
    if "name" in d:
        lines += [
            "| OpenCL device | %s (%s) |" % (d["name"], d["type"]),
            "| OpenCL platform | %s, %s |" % (d["platform"], d["version"]),
            "| Driver | %s |" % d["driver"],
            "| Frames on the device | storage=%s (auto: images on GPUs, "
            "but buffers for clbicubicscale except RGB downscales by more "
            "than 5, and for clboxblur on NVIDIA's GPUs (4-channel formats at "
            "every radius, others up to radius 24); "
            "buffers used in place on CPU devices) |" % s["storage"],
        ]
    else:
        lines.append("| OpenCL device | none: %s |" % d.get("error", "?"))
    lines += [
        "| Date (UTC) | %s |" % m["date"],
        "| Method | %d warm-up frames, then the median of %d runs of %d "
        "frames |" % (s["warmup"], s["runs"], s["frames"]),
    ]
    return lines


BYTES_PER_PIXEL = {"RGBA": 4, "BGRA": 4, "ARGB": 4, "ABGR": 4, "RGBx": 4,
                   "BGRx": 4, "xRGB": 4, "xBGR": 4, "BGR": 3, "GRAY8": 1,
                   "GRAY16_LE": 2, "I420": 1.5, "NV12": 1.5}


def frame_bytes(size):
    return size["width"] * size["height"] * BYTES_PER_PIXEL.get(
        size["format"], 4)


def rate(case, key):
    """GB/s of one input plus one output frame over case[key] ms."""
    if not case.get(key) or "input" not in case or "output" not in case:
        return None
    return (frame_bytes(case["input"]) + frame_bytes(case["output"])) / (
        case[key] * 1e6)


def workload_table(workload):
    lines = [
        "| | case | format | size | ms/frame | runs min–max | frames/s "
        "| ours/peer | kernel ms | kernel GB/s | copy ms | kernel/copy "
        "| floor ms | floor GB/s | first frame ms |",
        "| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: "
        "| ---: | ---: | ---: | ---: | ---: |",
    ]
    notes = []
    for case in workload["cases"]:
        cells = [case["role"], "`%s`" % case["pipeline"], format_text(case),
                 size_text(case)]
        if case["status"] == "measured":
            runs = case.get("runs_ms") or [case["median_ms"]]
            cells += [fmt(case["median_ms"]),
                      "%s–%s" % (fmt(min(runs)), fmt(max(runs))),
                      fmt(case["fps"], 1),
                      fmt(case.get("ratio")), fmt(case.get("kernel_ms"), 3),
                      fmt(rate(case, "kernel_ms"), 0),
                      fmt(case.get("copy_ms"), 3),
                      fmt(case.get("kernel_per_copy")),
                      fmt(case.get("floor_ms")),
                      fmt(rate(case, "floor_ms"), 1),
                      fmt(case.get("first_frame_ms"), 0)]
        else:
            cells += ["%s: %s" % (case["status"], case.get("message", ""))]
            cells += [""] * 11
        for key, what in (("floor_message", "floor"),
                          ("copy_message", "copy")):
            if case.get(key):
                notes.append("No %s for `%s`: %s." % (what, case["id"],
                                                      case[key]))
        lines.append("| " + " | ".join(cells) + " |")
    return lines + ([""] + notes if notes else [])


def series_points(workload):
    """{series: [(x, ms)]}, plus the floor of our points."""
    series = {}
    for case in workload["cases"]:
        if case["status"] != "measured" or "series" not in case:
            continue
        series.setdefault(case["series"], []).append(
            (case["x"], case["median_ms"]))
        if case.get("floor_ms") is not None and case["role"] == "ours":
            floor = series.setdefault("floor (upload + download)", [])
            if case["x"] not in [x for x, _ in floor]:
                floor.append((case["x"], case["floor_ms"]))
    for points in series.values():
        points.sort()
    return series


def plot_workload(workload, doc, path):
    series = series_points(workload)
    if not series:
        return False
    fig, ax = plt.subplots(figsize=(7, 4.2), dpi=100)
    for name, points in sorted(series.items()):
        xs, ys = zip(*points)
        style = ":" if name.startswith("floor") else "-"
        ax.plot(xs, ys, style, marker="o", label=name)
    if workload["name"] == "blur":
        ax.set_xscale("log")
    ax.set_ylim(bottom=0)
    ax.set_xlabel(workload.get("x_label", ""))
    ax.set_ylabel("ms per frame (median)")
    ax.set_title("%s\n%s, %s" % (workload["name"], doc["device"].get(
        "name", "no OpenCL device"), doc["machine"]["cpu"]), fontsize=9)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True


def short_pipeline(case):
    return case["pipeline"].replace(" storage=auto", "")


def user_table(doc):
    """One row for each of our cases: what a user compares."""
    lines = [
        "| workload | ours | format | size | ms/frame | peer ms | ours/peer "
        "| kernel ms |",
        "| --- | --- | --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for workload in doc["workloads"]:
        if workload["skipped"]:
            continue
        for case in workload["cases"]:
            if case["role"] != "ours" or case["status"] != "measured":
                continue
            ratio = case.get("ratio")
            peer = case["median_ms"] / ratio if ratio else None
            lines.append("| %s | `%s` | %s | %s | %s | %s | %s | %s |" % (
                workload["name"], short_pipeline(case), format_text(case),
                size_text(case), fmt(case["median_ms"]), fmt(peer),
                fmt(ratio), fmt(case.get("kernel_ms"), 3)))
    return lines


def device_line(doc):
    m, d = doc["machine"], doc["device"]
    if "name" not in d:
        return "No OpenCL device: %s." % d.get("error", "?")
    return ("%s (%s, %s, driver %s) on %s, %d processors; %s; %s." % (
        d["name"], d["type"], d["version"], d["driver"], m["cpu"],
        m["cores"], m["gstreamer"], m["date"][:10]))


def draw_plots(doc, images_dir, suffix):
    """{workload name: PNG path} of the workloads drawn as plots."""
    plots = {}
    for workload in doc["workloads"]:
        if workload["skipped"] or "x_label" not in workload or plt is None:
            continue
        path = os.path.join(images_dir, "perf-%s%s.png" % (workload["name"],
                                                          suffix))
        if plot_workload(workload, doc, path):
            plots[workload["name"]] = path
    return plots


def plot_lines(workload, device, plots, doc_dir):
    if workload["name"] not in plots:
        return []
    rel = os.path.relpath(plots[workload["name"]], doc_dir)
    return ["![%s on %s](%s)" % (workload["name"], device, rel), ""]


def user_section(doc, plots, doc_dir):
    device = doc["device"].get("name", "no OpenCL device")
    lines = ["## %s" % device, "", device_line(doc), ""]
    lines += user_table(doc) + [""]
    for workload in doc["workloads"]:
        lines += plot_lines(workload, device, plots, doc_dir)
    return lines


def document_section(doc, plots, doc_dir):
    device = doc["device"].get("name", "no OpenCL device")
    lines = ["## %s" % device, ""] + machine_section(doc) + [""]
    for workload in doc["workloads"]:
        lines += ["### %s" % workload["name"], "", workload["title"], ""]
        if workload["skipped"]:
            lines += ["Skipped: %s." % workload.get("skip_reason", ""), ""]
            continue
        lines += workload_table(workload) + [""]
        lines += plot_lines(workload, device, plots, doc_dir)
    return lines


USER_HEADER = """# Performance

*Generated by `tests/benchmarks/run-benchmarks.sh` from the JSON output of
`gst-opencl-bench`; edit the benchmark, the script or
`tests/benchmarks/performance-summary.md`, not this file.*

Each element against the element users pick today, in one process on the
same frames, their runs interleaved: **ms/frame** is the median over runs
of the mean time a frame takes through the element (no source's cost),
**ours/peer** the ratio of the two times (below 1, ours is faster), and
**kernel ms** the device time of our kernels for a frame (OpenCL
profiling events). Peers: `videoscale method=catrom n-threads=<processors>`,
`rotate` (gst-plugins-bad, nearest only), `cvsmooth type=blur` (on BGR
frames). What gst-launch pipelines get, which the harness can flatter, is
in the summary at the end. Every figure of every case (the device's copy
speed, the upload and download floor, the first frame) is in
`tests/benchmarks/results.md`; how the elements came to be this fast, in
`tests/benchmarks/performance-notes.md`.
"""

HEADER = """# Benchmark results in full

*Generated by `tests/benchmarks/run-benchmarks.sh` from the JSON output of
`gst-opencl-bench`, with docs/performance.md; edit the benchmark or the
script, not this file.*

Every case runs in a GstHarness fed with input frames made once (no
source's cost is in the figures). After a warm-up that negotiates caps and
builds every kernel, each run pushes and pulls N frames one at a time; the
tables give the median over the runs of the mean time per frame. Ours and
the peer run in the same process on the same frames, their runs
interleaved.

- **ours/peer** is a time ratio: below 1, ours is faster.
- **floor ms** is the upload of the input and the download of the output
  through the same GstCLFrame calls our elements make, with no kernel: the
  least any of our elements can cost per frame on that device. On devices
  that do not share host memory the host frames are pinned, as our
  elements offer upstream.
- **first frame ms** includes caps negotiation, device frame allocation
  and the kernel builds (PoCL caches binaries, so a second run is faster).
- Peers: `videoscale method=catrom n-threads=<processors>`, `rotate`
  (gst-plugins-bad, nearest only, angle in radians), `cvsmooth type=blur`
  (gst-opencv; takes RGB/BGR/GRAY8 only, so it runs on BGR frames made
  once; the `videoconvert RGBA → BGR` row shows what a conversion would
  add).
- **kernel ms** is the device time of our kernels per frame, from OpenCL
  profiling events (the benchmark sets the `clprofile` debug category to
  DEBUG, which makes the elements time their kernels); **kernel GB/s** divides one input
  and one output frame by it, **floor GB/s** by the floor time (a lower
  bound on the traffic: intermediates are not counted).
- **copy ms** is the device time of copying the bytes of one input and one
  output frame between two buffers of the same device
  (`clEnqueueCopyBuffer`, one copy of each size, profiling events, median
  of 5 copies per run, then of the runs): the device's own copy speed on
  those frames, with no host in it. A copy reads and writes both frames,
  twice what a kernel that reads its input once and writes its output
  once must move, so **kernel/copy** (kernel ms over copy ms) is 0.5 for
  such a kernel running at the device's copy speed.

Reproduce: `tests/benchmarks/run-benchmarks.sh` (options after `--` go to
the benchmark, e.g. `-- --workload upscale --device nvidia`).
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", nargs="+", help="gst-opencl-bench --json")
    parser.add_argument("--doc", required=True, help="the Markdown to write")
    parser.add_argument("--images", required=True, help="folder for PNGs")
    parser.add_argument("--details", default=None,
                        help="the Markdown of every figure to write")
    parser.add_argument("--commit", default=None, help="what was measured")
    args = parser.parse_args()

    docs = []
    for path in args.results:
        with open(path, encoding="utf-8") as f:
            docs.append(json.load(f))

    os.makedirs(args.images, exist_ok=True)
    if plt is None:
        print("plot.py: %s; writing the tables only" % MATPLOTLIB_HINT,
              file=sys.stderr)
    plots = []
    used = set()
    for i, doc in enumerate(docs):
        suffix = ""
        if len(docs) > 1:
            suffix = "-" + machine_slug(doc)
            if suffix in used:
                suffix += "-%d" % (i + 1)
            used.add(suffix)
        plots.append(draw_plots(doc, args.images, suffix))

    measured = ["Measured at commit `%s`." % args.commit, ""] \
        if args.commit else []
    doc_dir = os.path.dirname(os.path.abspath(args.doc))
    lines = USER_HEADER.splitlines() + [""] + measured
    for doc, doc_plots in zip(docs, plots):
        lines += user_section(doc, doc_plots, doc_dir)
    # What a user gets, against the peers and the targets: written by hand,
    # kept beside this script so a new run does not lose it.
    summary = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                           "performance-summary.md")
    with open(summary, encoding="utf-8") as f:
        lines += [""] + f.read().splitlines()
    write_markdown(args.doc, lines)

    if args.details:
        details_dir = os.path.dirname(os.path.abspath(args.details))
        lines = HEADER.splitlines() + [""] + measured
        for doc, doc_plots in zip(docs, plots):
            lines += document_section(doc, doc_plots, details_dir)
        write_markdown(args.details, lines)


def write_markdown(path, lines):
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines).rstrip() + "\n")
    print("plot.py: wrote %s" % path, file=sys.stderr)

if __name__ == "__main__":
    main()
