#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""accuracy_summary.py DIR - the per-page summary of docs/accuracy.md, from the
`cyclesim compare --format json` reports that tools/accuracy.sh wrote into DIR
(<mcu>-<cold|warm>.json).  Every figure is read from those reports; the
targets are issue 5's, per page, on cycles."""
import glob
import json
import os
import sys

TARGETS = {  # page -> (median, p90, max) in %, None: no target
    "stm32u083rc": (0.5, None, 2.0),
    "stm32l552ze": (1.0, 2.5, 5.0),
}


def overall(report, metric):
    for s in report["summary"]:
        if s["section"] is None and s["metric"] == metric:
            return s
    return None


def verdict(value, target):
    if target is None:
        return "%.2f" % value
    return "%.2f %s" % (value, "(met)" if value <= target else "(target %.1f)" % target)


def main(d):
    reports = {}
    for path in sorted(glob.glob(os.path.join(d, "*-*.json"))):
        name = os.path.basename(path)[:-5]
        mcu, _, state = name.rpartition("-")
        if state in ("cold", "warm"):
            reports[(mcu, state)] = json.load(open(path))
    print("| page | state | rows | median abs. error % | 90th percentile % | maximum % | library |")
    print("|---|---|---|---|---|---|---|")
    for (mcu, state), r in sorted(reports.items()):
        s = overall(r, "cycles")
        if s is None or s["count"] == 0:
            continue
        t = TARGETS.get(mcu, (None, None, None))
        major = r["measured"]["library_major"]
        lib = ("code of another version than the page's V%d: approximate" % major if r["version_mismatch"]
               else "same (V%d)" % major)
        print("| %s | %s | %d | %s | %s | %s | %s |" % (mcu, state, s["count"], verdict(s["median"], t[0]),
                                                      verdict(s["p90"], t[1]), verdict(s["max"], t[2]), lib))
    print()
    print("Per section (cycles, |error| %: median / 90th percentile / maximum, rows):")
    print()
    for (mcu, state), r in sorted(reports.items()):
        print("- %s, %s start:" % (mcu, state))
        for s in r["summary"]:
            if s["metric"] == "cycles" and s["section"] is not None and s["count"]:
                print("  - %s %s: %.2f / %.2f / %.2f (%d)" % (s["section"], s["section_title"], s["median"],
                                                            s["p90"], s["max"], s["count"]))
    print()
    print("Footprint columns (all sections, |error| %: median / 90th percentile / maximum, rows):")
    print()
    for (mcu, state), r in sorted(reports.items()):
        if state != "cold":
            continue
        parts = []
        for metric in ("code", "const_data", "global_data", "stack", "workbuf"):
            s = overall(r, metric)
            if s and s["count"]:
                parts.append("%s %.1f / %.1f / %.1f (%d)" % (metric, s["median"], s["p90"], s["max"], s["count"]))
        print("- %s: %s" % (mcu, "; ".join(parts) if parts else "none matched"))


BASELINES = ("cpi1", "zero_wait", "zero_wait_data1")


def triple(d):
    return "-" if d is None or d.get("median") is None else "%.2f / %.2f / %.2f" % (d["median"], d["p90"], d["max"])


def baselines(d):
    """The model beside the three baselines, per section of each cold report
    (compare --baselines); "beats" = a lower median and a lower maximum than
    every baseline (ties count as not beaten)."""
    paths = sorted(glob.glob(os.path.join(d, "*-cold.json")))
    for path in paths:
        r = json.load(open(path))
        if not r.get("baselines"):
            continue
        mcu = os.path.basename(path)[:-len("-cold.json")]
        print()
        print("### %s: the model against the baselines (cold; |error| %%: median / p90 / maximum)" % mcu)
        print()
        print("| section | rows | state-sensitive | model | model without state-sensitive rows | CPI = 1 | "
              "zero-wait table | zero-wait + 1 per flash data read | beats every baseline |")
        print("|---|---|---|---|---|---|---|---|---|")
        for s in r["summary"]:
            if s["metric"] != "cycles":
                continue
            sec = s["section"]
            marked = sum(1 for row in r["cycles"] if row.get("state_sensitive") and (sec is None or row["section"] == sec))
            stable = s.get("without_state_sensitive")
            st = "-" if not stable or not stable["count"] else "%s (%d)" % (triple(stable), stable["count"])
            lost = [b for b in BASELINES if not (s["median"] < s["baselines"][b]["median"] and
                                                  s["max"] < s["baselines"][b]["max"])]
            print("| %s | %d | %d | %s | %s | %s | %s | %s | %s |" % (
                "all" if sec is None else "%s %s" % (sec, s["section_title"]), s["count"], marked, triple(s), st,
                triple(s["baselines"]["cpi1"]), triple(s["baselines"]["zero_wait"]),
                triple(s["baselines"]["zero_wait_data1"]), "yes" if not lost else "no: " + ", ".join(lost)))
        rows = [row["key"] for row in r["cycles"] if row.get("state_sensitive")]
        print()
        print("State-sensitive rows (cold and warm estimates differ by more than %g %%): %d%s" % (
            r.get("state_threshold_pct", 1), len(rows), (": " + ", ".join("`%s`" % k for k in rows)) if rows else "."))


def cycle_errors(report, keep=lambda key: True):
    return sorted(abs(row["cycles"]["error_pct"]) for row in report["cycles"]
                  if not row["failed"] and row["cycles"].get("error_pct") is not None and keep(row["key"]))


def median(v):
    n = len(v)
    return (v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2) if n else float("nan")


def sensitivity(d):
    """Memory-system keys no document fixes: the cold report without RSA rows,
    against the same run with one key changed (sensitivity/<mcu>-<key=value>.json)."""
    paths = sorted(glob.glob(os.path.join(d, "sensitivity", "*.json")))
    if not paths:
        return
    print()
    print("Sensitivity (cold, RSA rows left out; |error| %: median / maximum, rows):")
    print()
    for path in paths:
        name = os.path.basename(path)[:-5]
        mcu, _, kv = name.partition("-")
        base_path = os.path.join(d, mcu + "-cold.json")
        if not os.path.exists(base_path):
            continue
        base = cycle_errors(json.load(open(base_path)), lambda k: not k.startswith("rsa"))
        alt = cycle_errors(json.load(open(path)))
        print("- %s `--set %s`: %.2f / %.2f (%d), bundled model %.2f / %.2f (%d)" % (
            mcu, kv, median(alt), alt[-1], len(alt), median(base), base[-1], len(base)))


def harness_state(key):
    """The start state ST's harness gave a row (docs/accuracy.md, "Harness
    state"): an AES sole-buffer series runs 16 -> 128 bytes back to back, so its
    first row starts cold and the others warm (after the same implementation);
    a SHA final tag follows the data-flow calls (warm); every other row cold."""
    parts = key.split("/")
    if key.startswith("aes-") and "sole" in parts:
        return "cold" if parts[-1] == "16" else "warm"
    return "warm" if parts[-1] == "final" else "cold"


def nearest_rank(v):
    """median / p90 (nearest rank, as cyclesim compare) / max of sorted v."""
    return median(v), v[-(-9 * len(v) // 10) - 1], v[-1]


def by_harness_state(d):
    """Each row in its harness state (harness_state): per section and page."""
    for cold_path in sorted(glob.glob(os.path.join(d, "*-cold.json"))):
        mcu = os.path.basename(cold_path)[:-len("-cold.json")]
        warm_path = os.path.join(d, mcu + "-warm.json")
        if not os.path.exists(warm_path):
            continue
        cold = json.load(open(cold_path))
        warm = {r["key"]: r for r in json.load(open(warm_path))["cycles"]}
        sections, titles = {}, {}
        for r in cold["cycles"]:
            src = r if harness_state(r["key"]) == "cold" else warm.get(r["key"])
            if src is None or src["failed"] or src["cycles"].get("error_pct") is None:
                continue
            sections.setdefault(r["section"], []).append(abs(src["cycles"]["error_pct"]))
        for s in cold["summary"]:
            titles[s["section"]] = s.get("section_title")
        if not sections:
            continue
        print()
        print("### %s: each row in the state of the harness (|error| %%: median / p90 / maximum)" % mcu)
        print()
        print("AES sole buffer: the 16-byte row of each series cold, the 32- to 128-byte rows warm; SHA final "
              "tags warm; every other row cold.")
        print()
        print("| section | rows | model |")
        print("|---|---|---|")
        every = []
        for sec in sorted(sections):
            v = sorted(sections[sec])
            every += v
            print("| %s %s | %d | %.2f / %.2f / %.2f |" % ((sec, titles.get(sec) or "", len(v)) + nearest_rank(v)))
        every.sort()
        print("| all | %d | %.2f / %.2f / %.2f |" % ((len(every),) + nearest_rank(every)))


def rows(d):
    """Every cycle row of every page: cold estimate, published, error; warm error beside it."""
    for cold_path in sorted(glob.glob(os.path.join(d, "*-cold.json"))):
        mcu = os.path.basename(cold_path)[:-len("-cold.json")]
        cold = json.load(open(cold_path))
        warm_path = os.path.join(d, mcu + "-warm.json")
        warm = {}
        if os.path.exists(warm_path):
            warm = {r["key"]: r for r in json.load(open(warm_path))["cycles"]}
        print()
        print("### %s: every cycles row" % mcu)
        print()
        if cold["version_mismatch"]:
            print("Approximate: the images run another CMOX version than the page measured.")
            print()
        print("| section | row | estimate (cold) | published | error % (cold) | error % (warm) | state |")
        print("|---|---|---|---|---|---|---|")
        for r in cold["cycles"]:
            c = r["cycles"]
            if c.get("estimate") is None or c.get("published") is None:
                continue
            w = warm.get(r["key"], {}).get("cycles", {}).get("error_pct")
            print("| %s | `%s`%s | %d | %d | %+.2f | %s | %s |" % (
                r["section"], r["key"], " (flagged)" if r["flagged"] else "", c["estimate"], c["published"],
                c["error_pct"], "%+.2f" % w if w is not None else "-", "sensitive" if r.get("state_sensitive") else ""))
        unmatched = [u for u in cold["unmatched_published"] if u["kind"] == "cycles"]
        if unmatched:
            print()
            print("Published cycles rows without a case: %d (%s)." % (
                len(unmatched), ", ".join("`%s`" % u["key"] for u in unmatched[:8]) + (" ..." if len(unmatched) > 8 else "")))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
    baselines(sys.argv[1] if len(sys.argv) > 1 else ".")
    sensitivity(sys.argv[1] if len(sys.argv) > 1 else ".")
    by_harness_state(sys.argv[1] if len(sys.argv) > 1 else ".")
    rows(sys.argv[1] if len(sys.argv) > 1 else ".")
