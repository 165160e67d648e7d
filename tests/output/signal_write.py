#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""A signal while a report is being written leaves the old file whole and no
temporary file (issue 42 item 6).

run --console FILE keeps the console in a temporary file until the report on
stdout is complete.  stdout is a pipe of one page that nobody reads, and the
JSON report (with its shard member) is larger than the pipe and stdio's
buffer together: once the pipe is full the command cannot finish, so the
signal arrives while the console is still being written, every time.
usage: signal_write.py CYCLESIM SMALL_ELF WORKDIR"""
import fcntl
import glob
import os
import shutil
import signal
import subprocess
import sys
import termios
import time

cyclesim, elf, work = sys.argv[1:4]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
os.chdir(work)
shutil.copy(elf, "small.elf")
OLD = b"the console of an earlier run\n"
failures = 0


def pipe_bytes(fd):
    return int.from_bytes(fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"), sys.byteorder)


for sig in (signal.SIGTERM, signal.SIGINT):
    with open("console.txt", "wb") as f:
        f.write(OLD)
    r, w = os.pipe()
    size = fcntl.fcntl(w, fcntl.F_SETPIPE_SZ, 4096)
    proc = subprocess.Popen([cyclesim, "run", "small.elf", "--format", "json", "--shard", "1/1", "--console",
                             "console.txt", "--no-progress"], stdout=w, stderr=subprocess.DEVNULL)
    os.close(w)
    deadline = time.monotonic() + 300
    while pipe_bytes(r) < size and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    if proc.poll() is not None:
        print(f"FAIL {sig.name}: cyclesim ended (exit {proc.returncode}) before its report filled the pipe")
        failures += 1
        os.close(r)
        continue
    proc.send_signal(sig)
    proc.wait()
    os.close(r)
    with open("console.txt", "rb") as f:
        kept = f.read() == OLD
    left = glob.glob(".console.txt.*")
    if proc.returncode != -sig:
        print(f"FAIL {sig.name}: exit {proc.returncode}, expected death by the signal")
        failures += 1
    elif not kept:
        print(f"FAIL {sig.name}: console.txt was truncated or replaced by an incomplete run")
        failures += 1
    elif left:
        print(f"FAIL {sig.name}: temporary file left: {left}")
        failures += 1
    else:
        print(f"ok {sig.name}: the old file kept, no temporary file")

# The same command left alone replaces the file.
done = subprocess.run([cyclesim, "run", "small.elf", "--format", "json", "--shard", "1/1", "--console",
                       "console.txt", "--no-progress"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
with open("console.txt", "rb") as f:
    replaced = f.read() != OLD
if done.returncode != 0 or not replaced or glob.glob(".console.txt.*"):
    print(f"FAIL complete run: exit {done.returncode}, console replaced: {replaced}")
    failures += 1
sys.exit(1 if failures else 0)
