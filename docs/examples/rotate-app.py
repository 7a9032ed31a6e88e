#!/usr/bin/env python3
# gst-opencl: turning video on the OpenCL device from a Python application.
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Plays
#   videotestsrc ! clupload ! clrotate ! cldownload ! appsink
# so that frames stay on the device between upload and download, turns the
# picture from a GLib timeout while it plays (set_property from the main
# loop: the next frame shows the new angle), and pulls the rotated frames
# from the appsink in its new-sample signal. After --frames frames (or on
# Ctrl-C) it sends EOS, waits for it to come out of the sink, and sets the
# pipeline to NULL.
#
# Needs PyGObject and GStreamer's introspection data (Debian:
# python3-gi gir1.2-gstreamer-1.0 gir1.2-gst-plugins-base-1.0).
#
#   rotate-app.py                  # 90 frames
#   rotate-app.py --frames 300 --step 3
#
# Exits 0 when the frames arrived and the angle changed between them (the
# picture was seen turning: rotated frames differ), 1 otherwise or on a
# pipeline error, 2 on a bad command line.

import argparse
import hashlib
import signal
import sys
import threading

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstApp", "1.0")
# GstApp for its side effect: the appsink is then wrapped as a
# GstApp.AppSink, with pull_sample().
from gi.repository import GLib, Gst, GstApp  # noqa: E402,F401

STEP_MS = 40  # timeout period
# A still picture, so that rotated frames differ only where the angle does.
PIPELINE = (
    "videotestsrc pattern=colors ! "
    "video/x-raw,format=RGBA,width=320,height=240,framerate=30/1 ! "
    "clupload ! clrotate name=rotate method=bilinear ! cldownload ! "
    "appsink name=sink sync=true max-buffers=4 emit-signals=true"
)


class RotateApp:
    def __init__(self, frames, step):
        self.wanted = frames
        self.step = step
        self.loop = GLib.MainLoop()
        self.pipeline = Gst.parse_launch(PIPELINE)
        self.rotate = self.pipeline.get_by_name("rotate")
        self.sink = self.pipeline.get_by_name("sink")
        # Written by the streaming thread (new-sample), read by the main
        # loop.
        self.lock = threading.Lock()
        self.frames = 0
        self.digests = set()
        self.stopping = False
        self.ok = True

        self.sink.connect("new-sample", self.on_new_sample)
        bus = self.pipeline.get_bus()
        bus.add_signal_watch()
        bus.connect("message", self.on_message)

    # The main loop: turn the picture by one step.
    def on_timeout(self):
        angle = self.rotate.get_property("angle") + self.step
        self.rotate.set_property("angle", angle % 360.0)
        return GLib.SOURCE_CONTINUE

    # The streaming thread: one rotated frame.
    def on_new_sample(self, sink):
        sample = sink.pull_sample()
        buffer = sample.get_buffer()
        ok, info = buffer.map(Gst.MapFlags.READ)
        if not ok:
            return Gst.FlowReturn.ERROR
        digest = hashlib.sha1(info.data).digest()
        buffer.unmap(info)
        with self.lock:
            self.frames += 1
            self.digests.add(digest)
            done = self.frames == self.wanted
        if done:
            GLib.idle_add(self.stop)
        return Gst.FlowReturn.OK

    # EOS lets the sink take the frames on their way; the bus then says
    # when it is through.
    def stop(self):
        if not self.stopping:
            self.stopping = True
            self.pipeline.send_event(Gst.Event.new_eos())
        return GLib.SOURCE_REMOVE

    def on_message(self, bus, message):
        if message.type == Gst.MessageType.ERROR:
            error, debug = message.parse_error()
            print(f"error from {message.src.get_name()}: {error.message}\n"
                  f"{debug}", file=sys.stderr)
            self.ok = False
            self.loop.quit()
        elif message.type == Gst.MessageType.EOS:
            self.loop.quit()

    def run(self):
        if self.pipeline.set_state(Gst.State.PLAYING) == \
                Gst.StateChangeReturn.FAILURE:
            print("the pipeline did not start", file=sys.stderr)
            self.pipeline.set_state(Gst.State.NULL)
            return 1
        timeout = GLib.timeout_add(STEP_MS, self.on_timeout)
        GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGINT, self.stop)
        self.loop.run()
        GLib.source_remove(timeout)
        self.pipeline.set_state(Gst.State.NULL)
        self.pipeline.get_bus().remove_signal_watch()

        with self.lock:
            frames, distinct = self.frames, len(self.digests)
        print(f"{frames} frames ({distinct} distinct), last angle "
              f"{self.rotate.get_property('angle'):.1f}")
        if not self.ok:
            return 1
        if frames < self.wanted:
            print(f"only {frames} of {self.wanted} frames arrived",
                  file=sys.stderr)
            return 1
        if distinct < 2:
            print("the picture never turned", file=sys.stderr)
            return 1
        return 0


def main():
    parser = argparse.ArgumentParser(
        description="Turn video with clrotate from Python.")
    parser.add_argument("--frames", type=int, default=90,
                        help="frames to pull before stopping (default 90)")
    parser.add_argument("--step", type=float, default=2.0,
                        help=f"degrees turned every {STEP_MS} ms "
                        "(default 2)")
    args = parser.parse_args()
    if args.frames < 2:
        parser.error("--frames must be at least 2")

    Gst.init(None)
    return RotateApp(args.frames, args.step).run()


if __name__ == "__main__":
    sys.exit(main())
