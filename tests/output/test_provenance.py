#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Every output format records how it was made (docs/output.md, "Provenance"): for each line of
tests/output/provenance.txt, the output names the tool version, the model files of stm32u083rc
with the first 16 hex digits of their SHA-256 (computed here from models/), the --set and the
overlay with its hash.  JSON outputs are parsed and the record looked for in their values.
usage: test_provenance.py CYCLESIM SOURCE_DIR WORKDIR TOOL_VERSION"""
import csv
import glob
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys

CYCLESIM, SRC, WORK = sys.argv[1:4]
# What `cyclesim --version` reports (git describe at build time) is what every output must record.
VERSION = subprocess.run([CYCLESIM, "--version"], check=True, capture_output=True, text=True).stdout.split()[1]
MCU, SET = "stm32u083rc", "cache.enabled=false"
CHAIN = [MCU, "stm32u0", "cortex-m0plus"]


def short_sha(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()[:16]


def setup():
    os.makedirs(WORK, exist_ok=True)
    os.chdir(WORK)
    if subprocess.run(["sh", os.path.join(SRC, "tests/output/build_fw.sh"), SRC, "small.elf"]).returncode:
        sys.exit("FAIL: building the small firmware")
    shutil.copy(os.path.join(SRC, "tests/output/inputs/board-u083.txt"), ".")
    with open("overlay.json", "w") as f:
        json.dump({"cyclesim_overlay": 1, "base_model": MCU, "keys": {"flash.prefetch": False}}, f)
    with open("budget.json", "w") as f:
        json.dump({"schema_version": 1, "budgets": [{"case": "sum/8", "mcu": MCU, "cycles": 1}]}, f)


def values(doc):
    """Every string and every object of a JSON document."""
    if isinstance(doc, dict):
        yield doc
        for v in doc.values():
            yield from values(v)
    elif isinstance(doc, list):
        for v in doc:
            yield from values(v)
    else:
        yield doc


def check_json(text, files, overlay_sha, with_set):
    doc = json.loads(text)
    vals = list(values(doc))
    objs = [v for v in vals if isinstance(v, dict)]
    missing = []
    if VERSION not in vals:
        missing.append("tool_version " + VERSION)
    for name, sha in files:
        if not any(o.get("file") == name and o.get("sha256") == sha for o in objs):
            missing.append(f"model file {name} {sha}")
    if with_set and SET not in vals and not any(o.get("set") == SET for o in objs):
        missing.append("--set " + SET)
    # calibrate's overlay lists its --set as given ("@overlay.json"), with no hash.
    if "@overlay.json" not in vals and not any(o.get("overlay") == "overlay.json" and o.get("sha256") == overlay_sha
                                               for o in objs):
        missing.append("overlay overlay.json " + overlay_sha)
    return missing


def wanted(files, overlay_sha, with_set):
    want = [f"{name} (sha256 {sha})" for name, sha in files] + [f"--set @overlay.json (sha256 {overlay_sha})"]
    return want + (["--set " + SET] if with_set else [])


def check_text(text, files, overlay_sha, with_set):
    want = ["cyclesim " + VERSION] + wanted(files, overlay_sha, with_set)
    return [w for w in want if w not in text]


def check_csv(text, files, overlay_sha, with_set):
    """Every row's tool_version, model_files and settings columns."""
    rows = list(csv.DictReader(io.StringIO(text)))
    if not rows:
        return ["rows"]
    missing = []
    for r in rows:
        if r.get("tool_version") != VERSION:
            missing.append(f"tool_version {VERSION} in row {r}")
        cells = (r.get("model_files") or "") + " " + (r.get("settings") or "")
        missing += [f"{w} in row of {r.get('case')}" for w in wanted(files, overlay_sha, with_set) if w not in cells]
    return missing


def main():
    setup()
    files = [(n + ".json", short_sha(os.path.join(SRC, "models", n + ".json"))) for n in CHAIN]
    overlay_sha = short_sha("overlay.json")
    sets = f"--set {SET} --set @overlay.json"
    failed = 0
    with open(os.path.join(SRC, "tests/output/provenance.txt")) as f:
        rows = [l for l in f if l.strip() and not l.startswith("#")]
    for line in rows:
        kind, fmt, args, output = (p.strip() for p in line.split("|"))
        name = f"{kind} {fmt}"
        for old in glob.glob("out.file") + glob.glob("prof"):
            shutil.rmtree(old) if os.path.isdir(old) else os.remove(old)
        args = args.replace("@SETS", sets).replace("@OUT", "out.file").replace("@DIR", "prof")
        cmd = " && ".join(f'"{CYCLESIM}" {part.strip()}' for part in args.split("&&"))
        p = subprocess.run(cmd, shell=True, capture_output=True, text=True)
        if p.returncode not in (0, 8):  # 8: the 1-cycle budget before --update
            print(f"FAIL {name}: exit {p.returncode}\n{p.stderr}")
            failed += 1
            continue
        if output == "stdout":
            text = p.stdout
        elif output == "@DIR":
            text = "".join(open(f).read() for f in sorted(glob.glob("prof/callgrind.out.*")))
        else:
            text = open("out.file" if output == "@OUT" else output).read()
        check = check_json if fmt in ("json", "budget") else check_csv if fmt == "csv" else check_text
        try:
            missing = check(text, files, overlay_sha, kind != "sweep")
        except json.JSONDecodeError as e:
            missing = [f"valid JSON ({e})"]
        if missing:
            print(f"FAIL {name}: missing " + "; ".join(missing))
            failed += 1
    print(f"{len(rows) - failed} of {len(rows)} formats record their provenance")
    sys.exit(1 if failed else 0)


main()
