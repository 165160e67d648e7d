#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Tests of `cyclesim check` (docs/budgets.md).

usage: test_check.py CYCLESIM SOURCE_DIR FIRMWARE_DIR WORK_DIR TEST

Expected figures never come from `cyclesim check` itself: they are measured
in the test by `cyclesim run --format csv` (the independent path through the
simulator that docs/output.md documents), and budgets are derived from them
(a budget 10 % below the real figure, the smallest budget a tolerance lets
pass, ...).  Every test can fail: each asserts an exit code and the figures.
"""
import csv
import hashlib
import io
import json
import math
import os
import re
import stat
import subprocess
import sys
import xml.etree.ElementTree as ET

CYCLESIM, SRC, FW, WORK, TEST = sys.argv[1:6]
M33_SHA = os.path.join(FW, "emu-m33", "sha.elf")
BOARD_SHA = os.path.join(FW, "nucleo-l552zeq", "sha.elf")  # same cases, other HAL and layout
MCU = "stm32l552ze"
KINDS = ["core", "branch", "fetch_stall", "data_wait", "bus_conflict", "load_use", "exception"]

os.makedirs(WORK, exist_ok=True)


def fail(msg):
    print("FAIL " + TEST + ": " + msg)
    sys.exit(1)


def expect(cond, msg):
    if not cond:
        fail(msg)


def cyclesim(*args):
    p = subprocess.run([CYCLESIM, *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def run_figures(elf, mcu):
    """Every case of `elf` on `mcu` as `cyclesim run --format csv` reports it."""
    rc, out, err = cyclesim("run", elf, "--mcu", mcu, "--format", "csv")
    expect(rc == 0, f"cyclesim run {elf} exited {rc}: {err}")
    return {r["case"]: r for r in csv.DictReader(io.StringIO(out))}


def write_budgets(path, budgets, elf=None):
    doc = {"schema_version": 1, "budgets": budgets}
    if elf:
        doc["elf"] = elf
    with open(path, "w") as f:
        json.dump(doc, f, indent=1)
    return path


def check(*args):
    return cyclesim("check", *args)


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


# A summary row: case, mcu, figure, budget, tol%, actual, delta, verdict.
ROW = re.compile(r"^(\S+)\s+(stm32\w+)\s+(cycles|stack_bytes|code_bytes)\s+(\d+)\s+(\S+)\s+(\d+)\s+(\S+)%\s+(\S+)$")


def summary_rows(out):
    rows = {}
    for line in out.splitlines():
        m = ROW.match(line)
        if m:
            rows[(m[1], m[2], m[3])] = {"budget": int(m[4]), "tol": float(m[5]), "actual": int(m[6]),
                                        "delta": float(m[7]), "verdict": m[8]}
    return rows


def min_passing_budget(actual, tol_num, tol_den=1):
    """Smallest integer budget B with actual <= B * (1 + tol/100), tol = tol_num/tol_den:
    100 * den * actual <= B * (100 * den + num)."""
    return -(-100 * tol_den * actual // (100 * tol_den + tol_num))


def t_pass():
    fig = run_figures(M33_SHA, MCU)
    sole = [c for c in fig if c.startswith("sha256/sole/")]
    b = write_budgets(os.path.join(WORK, "pass.json"), [
        {"case": "sha384/sole/16", "mcu": MCU, "cycles": int(fig["sha384/sole/16"]["cycles"])},
        {"case": "sha256/sole/*", "mcu": MCU, "cycles": max(int(fig[c]["cycles"]) for c in sole)},
    ])
    rc, out, err = check(M33_SHA, "--budgets", b)
    expect(rc == 0, f"exit {rc}, expected 0\n{out}{err}")
    rows = summary_rows(out)
    expect(len(rows) == 1 + len(sole), f"{len(rows)} rows, expected {1 + len(sole)}\n{out}")
    for c in ["sha384/sole/16"] + sole:
        r = rows.get((c, MCU, "cycles"))
        expect(r and r["actual"] == int(fig[c]["cycles"]) and r["verdict"] == "ok", f"{c}: {r}")


def t_fail():
    fig = run_figures(M33_SHA, MCU)
    a64, a16 = int(fig["sha256/sole/64"]["cycles"]), int(fig["sha384/sole/16"]["cycles"])
    low = a64 * 9 // 10  # 10 % below the real figure
    b = write_budgets(os.path.join(WORK, "fail.json"), [
        {"case": "sha256/sole/64", "mcu": MCU, "cycles": low},
        {"case": "sha384/sole/16", "mcu": MCU, "cycles": a16},
    ])
    rc, out, err = check(M33_SHA, "--budgets", b)
    expect(rc == 8, f"exit {rc}, expected 8 (over budget)\n{out}{err}")
    rows = summary_rows(out)
    r = rows.get(("sha256/sole/64", MCU, "cycles"))
    expect(r and r["verdict"] == "OVER" and r["budget"] == low and r["actual"] == a64, f"failing row {r}")
    expect(abs(r["delta"] - (a64 - low) * 100 / low) < 0.006, f"delta {r['delta']}, expected {(a64 - low) * 100 / low}")
    r = rows.get(("sha384/sole/16", MCU, "cycles"))
    expect(r and r["verdict"] == "ok", f"passing row {r}")
    expect("sha256/sole/64 on stm32l552ze:" in out, "no explanation of the failing case\n" + out)


def t_tolerance():
    fig = run_figures(M33_SHA, MCU)
    case = "sha256/sole/128"
    a = int(fig[case]["cycles"])
    path = os.path.join(WORK, "tolerance.json")
    # (tolerance as written, numerator, denominator)
    for text, num, den in [(0, 0, 1), (10, 10, 1), (2.5, 5, 2)]:
        bmin = min_passing_budget(a, num, den)
        for budget, want in [(bmin, 0), (bmin - 1, 8)]:
            write_budgets(path, [{"case": case, "mcu": MCU, "cycles": budget, "tolerance_pct": text}])
            rc, out, err = check(M33_SHA, "--budgets", path)
            expect(rc == want, f"tolerance {text}%, budget {budget}, actual {a}: exit {rc}, expected {want}\n{out}{err}")
    # --tolerance overrides the file: a budget 1 below the figure fails at 0 %.
    write_budgets(path, [{"case": case, "mcu": MCU, "cycles": a - 1, "tolerance_pct": 50}])
    rc, out, err = check(M33_SHA, "--budgets", path)
    expect(rc == 0, f"file tolerance 50 %: exit {rc}\n{out}{err}")
    rc, out, err = check(M33_SHA, "--budgets", path, "--tolerance", "0")
    expect(rc == 8, f"--tolerance 0: exit {rc}, expected 8\n{out}{err}")


def t_update():
    fig = run_figures(M33_SHA, MCU)
    path = write_budgets(os.path.join(WORK, "update.json"), [
        {"case": "sha256/sole/64", "mcu": MCU, "cycles": 1, "tolerance_pct": 3, "stack_bytes": 1, "code_bytes": 1},
        {"case": "sha384/sole/*", "mcu": MCU, "cycles": 1},
    ])
    os.chmod(path, 0o640)
    before = sha256(path)
    rc, out, err = check(M33_SHA, "--budgets", path, "--junit", os.path.join(WORK, "u.xml"),
                         "--markdown", os.path.join(WORK, "u.md"))
    expect(rc == 8, f"budgets of 1 cycle: exit {rc}, expected 8\n{out}{err}")
    expect(sha256(path) == before, "the budget file changed without --update")
    rc, out, err = check(M33_SHA, "--budgets", path, "--update")
    expect(rc == 0, f"--update: exit {rc}\n{out}{err}")
    expect(stat.S_IMODE(os.stat(path).st_mode) == 0o640, "--update lost the file's permissions")
    leftovers = [f for f in os.listdir(WORK) if f.startswith(".update.json.")]
    expect(not leftovers, f"temporary files left: {leftovers}")
    with open(path) as f:
        doc = json.load(f)
    expect(doc["schema_version"] == 1 and doc["elf"] == "sha.elf", f"header {doc}")
    exact, glob = doc["budgets"]
    r = fig["sha256/sole/64"]
    expect(exact["cycles"] == int(r["cycles"]), f"cycles {exact['cycles']}, run says {r['cycles']}")
    expect(exact["tolerance_pct"] == 3, "tolerance not kept")
    for k in KINDS:
        expect(exact["breakdown"][k] == int(r[k]), f"breakdown {k}: {exact['breakdown'][k]}, run says {r[k]}")
    expect(exact["breakdown"]["cache_misses"] == int(r["cache_misses"]), "cache_misses")
    expect(exact["stack_bytes"] == int(r["stack"]) and exact["code_bytes"] == int(r["code"]),
           f"stack/code {exact.get('stack_bytes')}/{exact.get('code_bytes')}, run says {r['stack']}/{r['code']}")
    want = max(int(v["cycles"]) for c, v in fig.items() if c.startswith("sha384/sole/"))
    expect(glob["cycles"] == want, f"glob budget {glob['cycles']}, largest sha384/sole/* figure {want}")
    expect("breakdown" not in glob and "functions" not in glob and "tolerance_pct" not in glob, f"glob {glob}")
    after = sha256(path)
    rc, out, err = check(M33_SHA, "--budgets", path)
    expect(rc == 0, f"check against the updated budgets: exit {rc}\n{out}{err}")
    expect(sha256(path) == after, "the budget file changed without --update")


def baseline_rows(new, old, *extra):
    rc, out, err = check(new, "--baseline", old, "--mcu", MCU, *extra)
    return rc, out, err, summary_rows(out)


def t_baseline_same():
    fig = run_figures(M33_SHA, MCU)
    rc, out, err, rows = baseline_rows(M33_SHA, M33_SHA)
    expect(rc == 0, f"exit {rc}\n{out}{err}")
    cyc = {k[0]: v for k, v in rows.items() if k[2] == "cycles"}
    expect(set(cyc) == set(fig), f"compared {sorted(cyc)}, the ELF has {sorted(fig)}")
    for c, r in cyc.items():
        expect(r["budget"] == r["actual"] == int(fig[c]["cycles"]) and r["delta"] == 0, f"{c}: {r}")


def t_baseline_variant():
    """The emulator image and the NUCLEO-L552ZE-Q board image of sha (same cases,
    other HAL and code layout) compared both ways on one model: every figure,
    delta and verdict is what two `cyclesim run`s say."""
    figs = {M33_SHA: run_figures(M33_SHA, MCU), BOARD_SHA: run_figures(BOARD_SHA, MCU)}
    common = set(figs[M33_SHA]) & set(figs[BOARD_SHA])
    expect(common, "no common case")
    grown_total = 0
    for new, old in [(BOARD_SHA, M33_SHA), (M33_SHA, BOARD_SHA)]:
        fn, fo = figs[new], figs[old]
        rc, out, err, rows = baseline_rows(new, old, "--tolerance", "0")
        grew = [c for c in common if any(int(fn[c][k]) > int(fo[c][k]) for k in ("cycles", "stack", "code"))]
        grown_total += len(grew)
        expect(rc == (8 if grew else 0), f"{new} vs {old}, {len(grew)} grown cases: exit {rc}\n{out}{err}")
        for c in common:
            for fig, col in [("cycles", "cycles"), ("stack_bytes", "stack"), ("code_bytes", "code")]:
                r = rows.get((c, MCU, fig))
                o, n = int(fo[c][col]), int(fn[c][col])
                expect(r and r["budget"] == o and r["actual"] == n, f"{c} {fig}: {r}, runs say {o} -> {n}")
                expect(abs(r["delta"] - (n - o) * 100 / o) < 0.006, f"{c} {fig}: delta {r['delta']}")
                expect(r["verdict"] == ("OVER" if n > o else "ok"), f"{c} {fig}: verdict {r['verdict']}")
        if grew:
            worst = max((int(fn[c]["cycles"]) - int(fo[c]["cycles"])) * 100 / int(fo[c]["cycles"]) for c in common)
            worst = max(worst, max((int(fn[c][k]) - int(fo[c][k])) * 100 / int(fo[c][k])
                                   for c in common for k in ("stack", "code")))
            rc, out, err, rows = baseline_rows(new, old, "--tolerance", str(math.ceil(worst * 100) / 100))
            expect(rc == 0, f"--tolerance above the worst growth ({worst:.3f} %): exit {rc}\n{out}{err}")
    expect(grown_total, "the two images have the same figures: this test would prove nothing")


def t_bad_files():
    path = os.path.join(WORK, "bad.json")
    bad = 0
    with open(os.path.join(SRC, "tests", "check", "bad_budgets.txt")) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            name, content, want = (x.strip() for x in line.split(" | "))
            with open(path, "w") as g:
                g.write(content + "\n")
            rc, out, err = check(M33_SHA, "--budgets", path)
            lines = err.strip().splitlines()
            if rc != 9 or want not in err or len(lines) != 1 or not lines[0].startswith("cyclesim: error: "):
                print(f"FAIL {name}: exit {rc} (expected 9), stderr {err!r} should be one error line with {want!r}")
                bad += 1
            elif out:
                print(f"FAIL {name}: printed results for a bad file: {out!r}")
                bad += 1
    expect(bad == 0, f"{bad} bad budget files not refused as expected")


def t_usage():
    ecdsa = os.path.join(FW, "emu-m33", "ecdsa.elf")  # no SHA case of its own
    ok = write_budgets(os.path.join(WORK, "usage.json"), [{"case": "sha256/sole/64", "mcu": MCU, "cycles": 1}])
    cases = [
        (["check", M33_SHA], 2, "needs --budgets FILE or --baseline"),
        (["check", M33_SHA, "--baseline", M33_SHA, "--update"], 2, "--update rewrites a --budgets file"),
        (["check", M33_SHA, "--update"], 2, "needs --budgets FILE or --baseline"),
        (["check", M33_SHA, "--budgets", ok, "--tolerance", "150"], 2, "--tolerance 150: a percentage in [0, 100]"),
        (["check", M33_SHA, "--budgets", ok, "--tolerance", "x"], 2, "--tolerance x: a percentage"),
        (["check", M33_SHA, "--budgets", ok, "--mcu", "stm32u385rg"], 2, "--mcu stm32u385rg: no budget of"),
        (["check", M33_SHA, "--budgets", ok, "-j", "x"], 2, "-j x: a worker count"),
        (["check", M33_SHA, "--budgets", os.path.join(WORK, "no-such.json")], 7, "no-such.json: cannot open"),
        (["check", os.path.join(WORK, "no-such.elf"), "--budgets", ok], 7, "cannot open"),
        (["check", M33_SHA, "--budgets", ok, "--junit", os.path.join(WORK, "no-dir", "j.xml")], 7, "j.xml: cannot write"),
        (["check", CYCLESIM, "--budgets", ok], 3, ""),
        (["check", M33_SHA, "--budgets", ok, "--baseline", ecdsa], 9, "case sha256/sole/64 is not in the baseline"),
        (["check", M33_SHA, "--baseline", ecdsa, "--mcu", MCU], 9, "have no benchmark case in common"),
    ]
    bad = 0
    for args, code, want in cases:
        rc, out, err = cyclesim(*args)
        if rc != code or want not in err:
            print(f"FAIL {' '.join(args[2:])}: exit {rc} (expected {code}), stderr {err!r}")
            bad += 1
    expect(bad == 0, f"{bad} usage cases")


def md_table(lines, start):
    """The rows (lists of cells) of the Markdown table whose header is lines[start]."""
    head = [c.strip() for c in lines[start].strip("|").split("|")]
    expect(re.fullmatch(r"\|(-+:?\|)+", lines[start + 1]), f"no separator under {lines[start]!r}")
    rows, i = [], start + 2
    while i < len(lines) and lines[i].startswith("|"):
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", lines[i].strip()[1:-1])]
        expect(len(cells) == len(head), f"row {lines[i]!r} has {len(cells)} cells, header {len(head)}")
        rows.append(dict(zip(head, cells)))
        i += 1
    return rows


def t_reports():
    fig = run_figures(M33_SHA, MCU)
    sole = sorted(c for c in fig if c.startswith("sha256/sole/"))
    over = "sha384/final"
    b = write_budgets(os.path.join(WORK, "reports.json"), [
        {"case": "sha256/sole/*", "mcu": MCU, "cycles": max(int(fig[c]["cycles"]) for c in sole)},
        {"case": over, "mcu": MCU, "cycles": int(fig[over]["cycles"]) * 9 // 10, "tolerance_pct": 1},
    ])
    junit, md = os.path.join(WORK, "reports.xml"), os.path.join(WORK, "reports.md")
    rc, out, err = check(M33_SHA, "--budgets", b, "--junit", junit, "--markdown", md)
    expect(rc == 8, f"exit {rc}, expected 8\n{out}{err}")
    # JUnit: the usual shape (testsuites > testsuite > testcase [> failure]), counts that agree.
    root = ET.parse(junit).getroot()
    expect(root.tag == "testsuites", f"root <{root.tag}>")
    suites = root.findall("testsuite")
    expect(len(suites) == 1, f"{len(suites)} testsuites")
    suite = suites[0]
    cases = suite.findall("testcase")
    expect(len(cases) == len(sole) + 1, f"{len(cases)} testcases, expected {len(sole) + 1}")
    failed = [tc for tc in cases if tc.find("failure") is not None]
    for el in (root, suite):
        expect(el.get("tests") == str(len(cases)) and el.get("failures") == str(len(failed)) and
               el.get("errors") == "0", f"<{el.tag}> counts {el.attrib}")
        float(el.get("time"))
    for tc in cases:
        expect(tc.get("classname") == "cyclesim." + MCU and tc.get("name") in sole + [over], f"testcase {tc.attrib}")
        for child in tc:
            expect(child.tag in ("failure", "error", "skipped", "system-out", "system-err"), f"child <{child.tag}>")
    expect([tc.get("name") for tc in failed] == [over], f"failing testcases {[tc.get('name') for tc in failed]}")
    f = failed[0].find("failure")
    expect(f.get("type") == "over-budget" and f.get("message", "").startswith("cycles " + fig[over]["cycles"] + " > "),
           f"failure {f.attrib}")
    # Markdown: a heading, one table row per figure, a section for the failing case.
    with open(md) as fh:
        lines = fh.read().splitlines()
    expect(lines[0] == f"## cyclesim check: 1 of {len(cases)} not within budget", f"heading {lines[0]!r}")
    start = next(i for i, l in enumerate(lines) if l.startswith("| verdict |"))
    rows = md_table(lines, start)
    expect(len(rows) == len(cases), f"{len(rows)} table rows")
    for r in rows:
        case = r["case"].strip("`")
        want = "**over budget**" if case == over else "ok"
        expect(r["verdict"] == want and r["actual"] == fig[case]["cycles"], f"row {r}")
    sec = lines.index(f"### `{over}` on {MCU}")
    expect(sec > start, "no section for the failing case")
    expect(all("###" not in l for l in lines[start:sec]) and sum(l.startswith("### ") for l in lines) == 1,
           "sections for passing cases")


def t_growth():
    """A failing case names the functions and kinds of cycles that grew.  The
    reference is a budget recorded by --update and then edited by this test:
    one function's recorded self cycles lowered by D, the data_wait bucket by
    E, the cycle budget 10 % below the figure.  The report must say that
    function grew by exactly D (largest growth) and data_wait by E."""
    path = write_budgets(os.path.join(WORK, "growth.json"), [{"case": "sha256/sole/128", "mcu": MCU, "cycles": 1}])
    rc, out, err = check(M33_SHA, "--budgets", path, "--update")
    expect(rc == 0, f"--update: exit {rc}\n{out}{err}")
    with open(path) as f:
        doc = json.load(f)
    b = doc["budgets"][0]
    fns = b.get("functions", [])
    expect(fns, "--update recorded no functions (is the per-function profile, csim_run_opts.profile, implemented?)")
    total = sum(f["cycles"] for f in fns)
    expect(total * 100 >= 95 * b["cycles"] * 0.9, f"recorded functions cover {total} of {b['cycles']} cycles")
    top = fns[0]
    d = max(1, top["cycles"] // 4)
    e = max(1, b["breakdown"]["data_wait"] // 2)
    top["cycles"] -= d
    b["breakdown"]["data_wait"] -= e
    b["cycles"] = b["cycles"] * 9 // 10
    with open(path, "w") as f:
        json.dump(doc, f)
    md = os.path.join(WORK, "growth.md")
    rc, out, err = check(M33_SHA, "--budgets", path, "--markdown", md)
    expect(rc == 8, f"exit {rc}, expected 8\n{out}{err}")
    grew = next((l for l in out.splitlines() if "functions that grew" in l), "")
    expect(f": {top['name']} +{d}" in grew, f"expected {top['name']} +{d} first in {grew!r}")
    kinds = next((l for l in out.splitlines() if "kinds of cycles" in l), "")
    expect(f"data_wait +{e}" in kinds, f"expected data_wait +{e} in {kinds!r}")
    with open(md) as fh:
        lines = fh.read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("| function |"))
    rows = md_table(lines, start)
    expect(rows[0]["function"] == f"`{top['name']}`" and rows[0]["delta"].startswith(f"+{d} "), f"row {rows[0]}")
    start = next(i for i, l in enumerate(lines) if l.startswith("| kind of cycles |"))
    dw = next(r for r in md_table(lines, start) if r["kind of cycles"] == "data_wait")
    expect(dw["delta"].startswith(f"+{e} "), f"data_wait row {dw}")


def t_growth_unrecorded():
    """A function the budget did not record (below its 95 % cut) is named only
    when it now exceeds the smallest recorded function, with its growth as a
    lower bound.  The test removes the top function from a budget recorded by
    --update: that function, unchanged since, must be reported as growing by
    at least (its cycles - the smallest remaining recorded figure)."""
    elf = os.path.join(FW, "emu-m33", "ecdsa.elf")
    path = write_budgets(os.path.join(WORK, "unrecorded.json"),
                         [{"case": "ecdsa/p256/sign/fast/high", "mcu": MCU, "cycles": 1}])
    rc, out, err = check(elf, "--budgets", path, "--update")
    expect(rc == 0, f"--update: exit {rc}\n{out}{err}")
    with open(path) as f:
        doc = json.load(f)
    b = doc["budgets"][0]
    fns = b.get("functions", [])
    expect(len(fns) >= 3, f"{len(fns)} functions recorded; the test needs three")
    top = fns.pop(0)
    floor = min(f["cycles"] for f in fns)
    b["cycles"] = b["cycles"] * 9 // 10
    with open(path, "w") as f:
        json.dump(doc, f)
    md = os.path.join(WORK, "unrecorded.md")
    rc, out, err = check(elf, "--budgets", path, "--markdown", md)
    expect(rc == 8, f"exit {rc}, expected 8\n{out}{err}")
    grew = next((l for l in out.splitlines() if "functions that grew" in l), "")
    want = f": {top['name']} >= +{top['cycles'] - floor} (not recorded)"
    expect(grew.split(",")[0].endswith(want[2:]) and want in grew, f"expected {want!r} first in {grew!r}")
    # The recorded functions did not change: none of them is said to have grown.
    for f in fns:
        expect(f" {f['name']} " not in grew, f"{f['name']} reported as grown in {grew!r}")
    with open(md) as fh:
        lines = fh.read().splitlines()
    rows = md_table(lines, next(i for i, l in enumerate(lines) if l.startswith("| function |")))
    expect(len(rows) == 1 and rows[0]["function"] == f"`{top['name']}`" and
           rows[0]["budget"] == f"not recorded (<= {floor})" and rows[0]["delta"] == f">= +{top['cycles'] - floor}",
           f"rows {rows}")


def build_kat_firmware():
    """tests/check/fw/kat_cases.c on the emu-m33 run-time (as tests/profile builds its test firmware)."""
    fw, elf = os.path.join(SRC, "firmware"), os.path.join(WORK, "kat.elf")
    cmd = ["arm-none-eabi-gcc", "-mcpu=cortex-m33+nofp", "-mthumb", "-mfloat-abi=soft", "-O2",
           "-ffunction-sections", "-fdata-sections", "--specs=nano.specs", "-nostartfiles", "-Wl,--gc-sections",
           "-fno-tree-loop-distribute-patterns", '-DFW_TARGET_NAME="emu-m33"', "-I" + fw + "/include",
           "-I" + fw + "/hal", "-L" + fw + "/ld", "-T" + fw + "/ld/emu-m33.ld"]
    cmd += [os.path.join(fw, f) for f in ("bench/startup.c", "bench/main.c", "bench/runner.c", "hal/emu_m33.c",
                                          "hal/cycles_dwt.c", "hal/semihost.c")]
    cmd += [os.path.join(SRC, "tests", "check", "fw", "kat_cases.c"), "-o", elf]
    p = subprocess.run(cmd, capture_output=True, text=True)
    expect(p.returncode == 0, "cannot build the test firmware: " + p.stderr)
    return elf


def t_case_failed():
    """A case that fails its known-answer check: exit 1 whatever the budgets
    (even one over budget), a known-answer failure in JUnit, no --update."""
    elf = build_kat_firmware()
    rc, out, err = cyclesim("run", elf, "--mcu", MCU, "--format", "csv")
    expect(rc == 1, f"cyclesim run of the test firmware: exit {rc}, expected 1 (kat/fail)")
    fig = {r["case"]: r for r in csv.DictReader(io.StringIO(out))}
    path = write_budgets(os.path.join(WORK, "kat.json"), [
        {"case": "kat/pass", "mcu": MCU, "cycles": int(fig["kat/pass"]["cycles"]) * 9 // 10},
        {"case": "kat/fail", "mcu": MCU, "cycles": int(fig["kat/fail"]["cycles"]) * 10},
    ])
    before = sha256(path)
    junit, md = os.path.join(WORK, "kat.xml"), os.path.join(WORK, "kat.md")
    rc, out, err = check(elf, "--budgets", path, "--junit", junit, "--markdown", md)
    expect(rc == 1, f"exit {rc}, expected 1\n{out}{err}")
    expect("case kat/fail" in err and "known-answer" in err, "stderr: " + err)
    cases = {tc.get("name"): tc for tc in ET.parse(junit).getroot().iter("testcase")}
    f = cases["kat/fail"].find("failure")
    expect(f is not None and f.get("type") == "known-answer", "kat/fail: no known-answer failure")
    f = cases["kat/pass"].find("failure")
    expect(f is not None and f.get("type") == "over-budget", "kat/pass: no over-budget failure")
    with open(md) as fh:
        expect("| **case failed** | `kat/fail` |" in fh.read(), "Markdown lacks the failed case")
    rc, out, err = check(elf, "--budgets", path, "--update")
    expect(rc == 1 and "not updated" in err, f"--update with a failed case: exit {rc}\n{err}")
    expect(sha256(path) == before, "--update rewrote the budgets although a case failed")


def t_run_error():
    """A run that stops (instruction limit): its exit code, an <error> per case
    in JUnit, and --update leaves the file alone."""
    path = write_budgets(os.path.join(WORK, "limit.json"), [
        {"case": "sha256/sole/*", "mcu": MCU, "cycles": 1000000},
    ])
    before = sha256(path)
    junit = os.path.join(WORK, "limit.xml")
    rc, out, err = check(M33_SHA, "--budgets", path, "--max-insns", "1000", "--junit", junit)
    expect(rc == 6 and "instruction limit of 1000 reached" in err, f"exit {rc}, expected 6\n{out}{err}")
    root = ET.parse(junit).getroot()
    tcs = list(root.iter("testcase"))
    expect(len(tcs) == 4 and root.get("errors") == "4" and root.get("failures") == "0", f"counts {root.attrib}")
    expect(all(tc.find("error") is not None and tc.find("error").get("type") == "run-error" for tc in tcs),
           "a testcase without <error>")
    rc, out, err = check(M33_SHA, "--budgets", path, "--max-insns", "1000", "--update")
    expect(rc == 6 and sha256(path) == before, f"--update after a stopped run: exit {rc}, file changed?")


def t_settings():
    """--update records the settings; a check under another --set or overlay says which key
    differs and fails (exit 8) unless --accept-settings; a file without settings checks as ever."""
    case = "sha256/sole/64"
    path = write_budgets(os.path.join(WORK, "settings.json"), [{"case": case, "mcu": MCU, "cycles": 1}])
    rc, out, err = check(M33_SHA, "--budgets", path, "--case", case, "--set", "flash.wait_states=7", "--update")
    expect(rc == 0, f"--update: exit {rc}\n{out}{err}")
    with open(path) as f:
        s = json.load(f)["settings"]
    expect(s["sets"] == [{"set": "flash.wait_states=7"}], f"recorded sets {s['sets']}")
    expect(s["tool_version"] and s["models"][0]["mcu"] == MCU, f"recorded {s}")
    files = [m["file"] for m in s["models"][0]["model_files"]]
    expect(files == [MCU + ".json", "stm32l5.json", "cortex-m33.json"], f"model files {files}")
    expect(all(len(m["sha256"]) == 16 for m in s["models"][0]["model_files"]), "hashes")
    rc, out, err = check(M33_SHA, "--budgets", path, "--case", case, "--set", "flash.wait_states=7")
    expect(rc == 0, f"the recorded settings: exit {rc}\n{out}{err}")
    for extra, said in [([], "flash.wait_states: recorded 7 (--set), now the model's value"),
                        (["--set", "flash.wait_states=3"], "flash.wait_states: recorded 7 (--set), now 3 (--set)"),
                        (["--set", "flash.wait_states=7", "--set", "flash.prefetch=true"],
                         "flash.prefetch: recorded the model's value, now true (--set)")]:
        rc, out, err = check(M33_SHA, "--budgets", path, "--case", case, *extra)
        expect(rc == 8 and said in err and "--accept-settings" in err and not out,
               f"{extra}: exit {rc}, expected 8 naming '{said}'\n{out}{err}")
    overlay = os.path.join(WORK, "ws7.json")
    with open(overlay, "w") as f:
        json.dump({"cyclesim_overlay": 1, "base_model": MCU, "keys": {"flash.wait_states": 7}}, f)
    rc, out, err = check(M33_SHA, "--budgets", path, "--case", case, "--set", "@" + overlay)
    expect(rc == 8 and f"overlay @{overlay}: not recorded, now applied" in err, f"overlay: exit {rc}\n{err}")
    junit = os.path.join(WORK, "settings.xml")
    rc, out, err = check(M33_SHA, "--budgets", path, "--case", case, "--accept-settings", "--junit", junit)
    said = "flash.wait_states: recorded 7 (--set), now the model's value"
    expect(rc == 0 and "cyclesim: note:" in err and said in err and said in out,
           f"--accept-settings: exit {rc}\n{out}{err}")
    props = {p.get("name"): p.get("value") for p in ET.parse(junit).getroot().iter("property")}
    expect(props.get("settings_differ") == said, f"JUnit properties {props}")
    plain = write_budgets(os.path.join(WORK, "plain.json"), [{"case": case, "mcu": MCU, "cycles": 10**9}])
    rc, out, err = check(M33_SHA, "--budgets", plain, "--case", case, "--set", "flash.wait_states=7")
    expect(rc == 0 and "settings" not in err, f"a file without settings: exit {rc}\n{err}")
    # --update --mcu keeps the model files recorded for the other MCUs.
    two = write_budgets(os.path.join(WORK, "two.json"), [{"case": case, "mcu": MCU, "cycles": 1},
                                                         {"case": case, "mcu": "stm32u385rg", "cycles": 1}])
    for extra in ([], ["--mcu", "stm32u385rg"]):
        rc, out, err = check(M33_SHA, "--budgets", two, "--case", case, "--update", *extra)
        expect(rc == 0, f"--update {extra}: exit {rc}\n{err}")
    with open(two) as f:
        models = sorted(m["mcu"] for m in json.load(f)["settings"]["models"])
    expect(models == sorted([MCU, "stm32u385rg"]), f"--update --mcu recorded the model files of {models}")


def t_gate():
    """--gate holds the estimate or an end of the range to the budget; the ends come from
    `run --range` (docs/accuracy.md "Ranges"), the independent path."""
    case = "sha256/sole/64"
    rc, out, err = cyclesim("run", M33_SHA, "--mcu", MCU, "--case", case, "--range", "--format", "csv")
    expect(rc == 0, f"run --range exited {rc}: {err}")
    r = next(csv.DictReader(io.StringIO(out)))
    est, low, high = int(r["cycles"]), int(r["cycles_low"]), int(r["cycles_high"])
    expect(low < est < high, f"the case needs a range around its estimate: {low} {est} {high}")

    def gated(budget, gate, *extra):
        b = write_budgets(os.path.join(WORK, f"gate-{budget}.json"),
                          [{"case": case, "mcu": MCU, "cycles": budget, "tolerance_pct": 0}])
        rc, out, err = check(M33_SHA, "--budgets", b, "--case", case, *(("--gate", gate) if gate else ()), *extra)
        row = summary_rows(out).get((case, MCU, "cycles"))
        return rc, row, out + err

    # a budget at the estimate: the estimate and the low end pass, the high end does not
    for gate, want_rc, actual in [(None, 0, est), ("estimate", 0, est), ("low", 0, low), ("high", 8, high)]:
        rc, row, text = gated(est, gate)
        expect(rc == want_rc and row and row["actual"] == actual,
               f"--gate {gate} at budget {est}: exit {rc} (want {want_rc}), row {row} (want actual {actual})\n{text}")
        expect(("cycles checked: the %s end" % gate in text) == (gate in ("high", "low")),
               f"--gate {gate}: the summary says which cycles were checked\n{text}")
    # a budget at the high end passes it; one below the low end fails even the low end
    rc, row, text = gated(high, "high")
    expect(rc == 0 and row["actual"] == high, f"--gate high at budget {high}: exit {rc}\n{text}")
    rc, row, text = gated(low - 1, "low")
    expect(rc == 8 and row["actual"] == low and row["verdict"] == "OVER", f"--gate low at budget {low - 1}: exit {rc}\n{text}")
    # JUnit and Markdown say which end was checked
    junit, md = os.path.join(WORK, "gate.xml"), os.path.join(WORK, "gate.md")
    rc, row, text = gated(est, "high", "--junit", junit, "--markdown", md)
    props = {p.get("name"): p.get("value") for p in ET.parse(junit).getroot().iter("property")}
    expect(props.get("gate") == "high", f"JUnit properties {props}")
    failure = next(ET.parse(junit).getroot().iter("failure"), None)
    expect(failure is not None and f"cycles {high} > {est}" in failure.get("message"), "JUnit failure message")
    mdtext = open(md).read()
    expect("Cycles checked: the high end of each case's range" in mdtext and f"| {est} | {high} |" in mdtext,
           "Markdown:\n" + mdtext)
    rc, row, text = gated(est, "middle")
    expect(rc == 2 and "--gate middle: estimate, high, low, interval-high or interval-low" in text, f"a bad --gate: exit {rc}\n{text}")
    # the calibrated interval's ends (docs/accuracy.md "Calibrated interval"), from run --range too:
    # each passes at its own value and fails one cycle below it
    ilow, ihigh = int(r["interval_low"]), int(r["interval_high"])
    expect(r["op_class"] == "hash" and ilow <= low and ihigh >= high,
           f"the interval holds the range: {ilow} {low} {high} {ihigh} ({r['op_class']})")
    for gate, actual in [("interval-high", ihigh), ("interval-low", ilow)]:
        rc, row, text = gated(actual, gate)
        expect(rc == 0 and row and row["actual"] == actual and "calibrated interval" in text,
               f"--gate {gate} at budget {actual}: exit {rc}, row {row}\n{text}")
        rc, row, text = gated(actual - 1, gate, "--junit", junit)
        props = {p.get("name"): p.get("value") for p in ET.parse(junit).getroot().iter("property")}
        expect(rc == 8 and row and row["verdict"] == "OVER" and props.get("gate") == gate,
               f"--gate {gate} at budget {actual - 1}: exit {rc}, row {row}, JUnit {props}\n{text}")


TESTS = {n[2:]: f for n, f in globals().items() if n.startswith("t_")}
if TEST not in TESTS:
    fail("unknown test; one of " + ", ".join(TESTS))
TESTS[TEST]()
print("ok " + TEST)
