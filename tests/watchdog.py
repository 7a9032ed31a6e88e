#!/usr/bin/env python3
# gst-opencl: runs a test program and, should any of its processes live
# longer than a deadline, prints the backtraces of all that process's
# threads, so that a hang reported by a timeout arrives with its cause.
# SPDX-License-Identifier: LGPL-2.1-or-later
#
#   watchdog.py SECONDS PROGRAM [ARGS...]
#
# The program and every process it starts (gst-check runs each test in a
# child process) are watched. A process older than SECONDS gets its
# backtraces printed once, through gdb; nothing is killed here: the
# program's own timeouts (CK_DEFAULT_TIMEOUT) and meson's still decide.
# SECONDS should therefore be below both. The exit status is the
# program's.
import os
import shutil
import signal
import subprocess
import sys
import time

POLL_SECONDS = 1.0


def children(pid):
    """The direct children of pid (Linux /proc)."""
    found = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found += [int(p) for p in f.read().split()]
    except OSError:
        pass
    return found


def process_tree(pid):
    tree = [pid]
    for child in children(pid):
        tree += process_tree(child)
    return tree


def age_seconds(pid):
    """Seconds since pid started, or None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        with open("/proc/uptime") as f:
            uptime = float(f.read().split()[0])
    except OSError:
        return None
    start_ticks = int(fields[19])  # field 22 of stat, counted from 1
    return uptime - start_ticks / os.sysconf("SC_CLK_TCK")


def command_line(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return "?"


def dump_backtraces(pid, seconds):
    print(f"\nwatchdog: process {pid} ({command_line(pid).strip()}) has run "
          f"{seconds:.0f} s; backtraces of all its threads:", flush=True)
    gdb = shutil.which("gdb")
    if gdb is None:
        print("watchdog: gdb is not installed; no backtraces", flush=True)
        return
    result = subprocess.run(
        [gdb, "-p", str(pid), "-batch", "-nx", "-ex", "set pagination off",
         "-ex", "thread apply all bt"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        timeout=120)
    print(result.stdout, flush=True)
    if "ptrace" in result.stdout and "Operation not permitted" in \
            result.stdout:
        print("watchdog: attaching needs root or kernel.yama.ptrace_scope=0",
              flush=True)


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: watchdog.py SECONDS PROGRAM [ARGS...]")
    deadline = float(sys.argv[1])
    program = subprocess.Popen(sys.argv[2:])

    def forward(signum, frame):
        program.send_signal(signum)

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)

    dumped = set()
    while program.poll() is None:
        for pid in process_tree(program.pid):
            age = age_seconds(pid)
            if pid not in dumped and age is not None and age > deadline:
                dumped.add(pid)
                dump_backtraces(pid, age)
        time.sleep(POLL_SECONDS)
    sys.exit(program.returncode if program.returncode >= 0
             else 128 - program.returncode)


if __name__ == "__main__":
    main()
