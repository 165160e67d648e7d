#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Per-instruction costs of `profile --format callgrind` on a firmware image.

For every case of the selection:
 - each function's instruction cost lines add up to its self cost in the
   profile table, every event, and all of them to the file's totals, which
   are the plain run's cycles + the region overhead (docs/profile.md);
 - every cost line names a source file and line (the image carries DWARF),
   but for the C library's assembly routines and the cycles of exception
   entry and return (line 0 of the function that ran);
 - callgrind_annotate --inclusive=yes gives the outermost function the
   program totals in every event (the call lines carry every event);
 - callgrind_annotate --auto=yes prints the case's source lines with cycles.
usage: check_lines.py CYCLESIM ELF MCU GLOB WORKDIR
"""
import csv
import io
import os
import re
import subprocess
import sys

from checks import Checks

cyclesim, elf, mcu, glob, work = sys.argv[1:6]
name = f"{os.path.basename(os.path.dirname(elf))}-{os.path.basename(elf)[:-4]}-{mcu}"
os.makedirs(work, exist_ok=True)
checks = Checks(cyclesim, name)
bad, run = checks.bad, checks.run


def num(s):
    return int(s.replace(",", ""))


plain = {r["case"]: int(r["cycles"]) for r in csv.DictReader(io.StringIO(
    run("run", elf, "--mcu", mcu, "--case", glob, "--format", "csv")))}
table = run("profile", elf, "--mcu", mcu, "--case", glob, "--top", "1000000")
# Self breakdown per case and function: the table's columns after "calls".
selfs, case, head = {}, None, None
for line in table.splitlines():
    m = re.match(r"== .*\): (\S+)$", line)
    if m:
        case = m.group(1)
        selfs[case] = {}
    elif line.startswith("function "):
        head = line.split()
    elif case and head and line and not line.startswith("(") and len(line.split()) == len(head):
        f = line.split()
        selfs[case][f[0]] = dict(zip(head[6:], map(int, f[6:])), cycles=int(f[1]))

outdir = os.path.join(work, name + ".lines")
subprocess.run(["rm", "-rf", outdir], check=True)
run("profile", elf, "--mcu", mcu, "--case", glob, "--format", "callgrind", "-o", outdir)
labels = {"Cycles": "cycles", "Core": "core", "Branch": "branch", "FetchStall": "fetch", "DataWait": "data_ws",
          "BusConflict": "bus", "LoadUse": "ld_use", "Exception": "exc"}
for case, cycles in plain.items():
    path = os.path.join(outdir, f"callgrind.out.{mcu}.{case.replace('/', '_')}")
    if not os.path.exists(path):
        bad(f"{case}: no callgrind file")
        continue
    events, fns, names, fn, files, total, in_call, sums = [], {}, {}, None, {}, None, False, None
    unlocated = 0
    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith("events:"):
            events = line.split()[1:]
            sums = [0] * len(events)
        elif line.startswith("desc: Case:"):
            overhead = int(re.search(r"\+ (\d+) region overhead", line).group(1))
        elif m := re.match(r"(fl|fi|fe|cfi)=\((\d+)\)(?: (.*))?$", line):
            if m.group(3):
                files[m.group(2)] = m.group(3)
            if m.group(1) != "cfi":
                cur_file = files[m.group(2)]
        elif m := re.match(r"fn=\((\d+)\)(?: (.*))?$", line):
            names.setdefault(m.group(1), m.group(2))
            fn = names[m.group(1)]
            fns.setdefault(fn, [0] * len(events))
        elif m := re.match(r"cfn=\((\d+)\)(?: (.*))?$", line):
            if m.group(2):
                names[m.group(1)] = m.group(2)
        elif line.startswith("calls="):
            in_call = True
        elif line.startswith("totals:"):
            total = [int(x) for x in line.split()[1:]]
        elif re.match(r"0x[0-9a-f]+ \d+ ", line):
            f = line.split()
            if in_call:
                in_call = False
                continue
            cost = [int(x) for x in f[2:]]
            fns[fn] = [a + b for a, b in zip(fns[fn], cost)]
            sums = [a + b for a, b in zip(sums, cost)]
            between = f[1] == "0" and cost[0] == cost[events.index("Exception")]  # exception entry, return
            if (cur_file == "???" or f[1] == "0") and not between and not re.search(r"\.S$", cur_file):
                unlocated += 1
    if total != sums:
        bad(f"{case}: cost lines sum to {sums}, totals {total}")
    if total and total[0] != cycles + overhead:
        bad(f"{case}: totals {total[0]} cycles, the run {cycles} + overhead {overhead}")
    if unlocated:
        bad(f"{case}: {unlocated} cost lines without a source line")
    for fname, cost in fns.items():
        want = selfs.get(case, {}).get(fname)
        if want is None:
            bad(f"{case}: {fname} not in the profile table")
            continue
        for ev, v in zip(events, cost):
            if ev in labels and want[labels[ev]] != v:
                bad(f"{case}: {fname}: {ev} {v} on its lines, {want[labels[ev]]} in the table")
    incl = subprocess.run(["callgrind_annotate", "--inclusive=yes", path], check=True, capture_output=True,
                          text=True, cwd="/").stdout
    rows = [l for l in incl.splitlines() if re.match(r"\s*[\d,]+ ", l)]
    prog = [num(x) for x in re.findall(r"([\d,]+)(?: \([\d.]+%\))?", rows[0].split("PROGRAM TOTALS")[0])]
    top = [num(x) for x in re.findall(r"([\d,]+)(?: \([\d.]+%\))?", rows[1].rsplit(None, 1)[0])]
    if prog != total or top != total:
        bad(f"{case}: callgrind_annotate --inclusive=yes: program {prog}, outermost function {top}, totals {total}")
    auto = subprocess.run(["callgrind_annotate", "--auto=yes", path], check=True, capture_output=True,
                          text=True, cwd="/").stdout
    src = re.findall(r"^\s*([\d,]+) \([\d.]+%\)\s.*\S", auto.split("Auto-annotated source:", 1)[-1], re.M)
    if "Auto-annotated source:" not in auto or not any(num(x) > 0 for x in src):
        bad(f"{case}: callgrind_annotate --auto=yes shows no source line with cycles")

if not plain:
    bad("no case ran")
if checks.failures:
    sys.exit(1)
print(f"{name}: {len(plain)} cases: instruction costs add up, every event inclusive, source lines annotated")
