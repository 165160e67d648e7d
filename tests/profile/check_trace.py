#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""annotate --trace / --trace-cycles: the timeline against the Trace Event
Format (Chrome trace JSON, as Perfetto reads it).

 - the document: an object with "traceEvents" (a list) and "displayTimeUnit"
   "ms" or "ns";
 - every event: a string "name" and "ph", an integer "pid"; metadata events
   (ph "M") name their process or thread in args.name; complete events (ph
   "X") have an integer "tid" and numbers "ts" and "dur" >= 0;
 - on each (pid, tid) track the complete events do not overlap;
 - --trace F: the first instruction is F's entry (F+0x0), the instructions
   follow each other without a gap in issue cycles;
 - --trace-cycles A:B: every instruction's issue cycle is in [A, B), and
   ts is the issue cycle at the case's clock;
 - choosing both windows, or a reversed range, is a usage error (exit 2).
usage: check_trace.py CYCLESIM ELF MCU CASE FUNCTION WORKDIR
"""
import json
import os
import subprocess
import sys

from checks import Checks

cyclesim, elf, mcu, case, fn, work = sys.argv[1:7]
os.makedirs(work, exist_ok=True)
checks = Checks(cyclesim, f"{os.path.basename(elf)} {mcu} {case}")
bad, run = checks.bad, checks.run
base = ["annotate", elf, "--mcu", mcu, "--case", case]


def check_format(doc, what):
    if not isinstance(doc, dict) or not isinstance(doc.get("traceEvents"), list):
        bad(f"{what}: no traceEvents list")
        return []
    if doc.get("displayTimeUnit") not in ("ms", "ns"):
        bad(f"{what}: displayTimeUnit {doc.get('displayTimeUnit')!r}")
    tracks = {}
    for e in doc["traceEvents"]:
        if not isinstance(e.get("name"), str) or not isinstance(e.get("ph"), str) or not isinstance(e.get("pid"), int):
            bad(f"{what}: event without name, ph or pid: {e}")
        elif e["ph"] == "M":
            if e["name"] not in ("process_name", "thread_name") or not isinstance(e.get("args", {}).get("name"), str):
                bad(f"{what}: metadata event {e}")
        elif e["ph"] == "X":
            if not isinstance(e.get("tid"), int) or not all(
                    isinstance(e.get(k), (int, float)) and e[k] >= 0 for k in ("ts", "dur")):
                bad(f"{what}: complete event {e}")
            else:
                tracks.setdefault((e["pid"], e["tid"]), []).append(e)
        else:
            bad(f"{what}: phase {e['ph']}")
    for track, evs in tracks.items():
        evs.sort(key=lambda e: e["ts"])
        for a, b in zip(evs, evs[1:]):
            if a["ts"] + a["dur"] > b["ts"] + 2e-6:  # ts and dur are each rounded to 1e-6 us
                bad(f"{what}: track {track}: {a['name']} at {a['ts']} +{a['dur']} overlaps {b['name']} at {b['ts']}")
                break
    return [e for e in doc["traceEvents"] if e.get("cat") == "insn"]


path = os.path.join(work, "trace-fn.json")
run(*base, "--trace", fn, "--trace-out", path)
doc = json.load(open(path))
insns = check_format(doc, f"--trace {fn}")
if not insns or insns[0]["name"] != f"{fn}+0x0":
    bad(f"--trace {fn}: starts at {insns[0]['name'] if insns else 'nothing'}")
for a, b in zip(insns, insns[1:]):
    if a["args"]["issue_cycle"] + a["args"]["cycles"] > b["args"]["issue_cycle"]:
        bad(f"--trace {fn}: {a['name']} ends after {b['name']} issues")
        break
if doc["otherData"]["instructions"] != len(insns):
    bad(f"--trace {fn}: {len(insns)} instruction events, otherData says {doc['otherData']['instructions']}")

lo, hi = 100, 400
path = os.path.join(work, "trace-cycles.json")
run(*base, "--trace-cycles", f"{lo}:{hi}", "--trace-out", path)
doc = json.load(open(path))
insns = check_format(doc, "--trace-cycles")
mhz = doc["otherData"]["clock_hz"] / 1e6
if not insns:
    bad("--trace-cycles: no instruction")
for e in insns:
    c = e["args"]["issue_cycle"]
    if not lo <= c < hi or abs(e["ts"] - c / mhz) > 1e-5:
        bad(f"--trace-cycles {lo}:{hi}: {e['name']} issued at {c}, ts {e['ts']}")
        break

for args in (["--trace", fn, "--trace-cycles", "1:2"], ["--trace-cycles", "5:5"], ["--trace-out", "x.json"]):
    r = subprocess.run([cyclesim, *base, *args], capture_output=True, text=True)
    if r.returncode != 2 or not r.stderr.startswith("cyclesim: error: "):
        bad(f"{' '.join(args)}: exit {r.returncode}, {r.stderr.strip()}")

if checks.failures:
    sys.exit(1)
print(f"{case}: the timelines follow the Trace Event Format, windows as asked")
