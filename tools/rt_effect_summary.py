#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""rt_effect_summary.py WORKDIR - the table of tools/rt_effect.sh: per MCU,
image and published section ("no row": the cases the page has no row for),
the summed cycles of the matched rows with the
toolchain's run-time helpers and with FW_RT_HELPERS=fast, the cycles inside
helpers with each, and the change; then per image the helpers that took the
most cycles with the toolchain's set."""
import glob
import json
import os
import sys


def load(path):
    with open(path) as f:
        return json.load(f)


def main():
    work = sys.argv[1]
    runs = {}
    for path in sorted(glob.glob(os.path.join(work, "*.json"))):
        mcu, img, rt = os.path.basename(path)[:-5].split(".")
        runs[(mcu, img, rt)] = load(path)
    print("| MCU | image | section | rows | cycles, toolchain | in helpers | cycles, fast | in helpers | change |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|")
    top = {}
    for (mcu, img, rt), rep in sorted(runs.items()):
        if rt != "toolchain" or (mcu, img, "fast") not in runs:
            continue
        fast = {r["key"]: r for r in runs[(mcu, img, "fast")]["cycles"]}
        sections = {}
        for r in rep["cycles"]:
            f = fast.get(r["key"])
            if f is None or r["failed"] or f["failed"]:
                continue
            s = sections.setdefault(r["section"], [0, 0, 0, 0, 0])
            s[0] += 1
            s[1] += r["cycles"]["estimate"]
            s[2] += r["rt_cycles"]
            s[3] += f["cycles"]["estimate"]
            s[4] += f["rt_cycles"]
            for h in r["rt_helpers"]:
                top.setdefault((mcu, img), {}).setdefault(h["name"], 0)
                top[(mcu, img)][h["name"]] += h["cycles"]
        # Cases the page has no row for (ML-DSA on the V4 pages): one line per image.
        fast_cases = {r["case"]: r for r in runs[(mcu, img, "fast")]["unmatched_cases"]}
        for r in rep["unmatched_cases"]:
            f = fast_cases.get(r["case"])
            if f is None or r["status"] or f["status"]:
                continue
            s = sections.setdefault("no row", [0, 0, 0, 0, 0])
            s[0] += 1
            s[1] += r["cycles"]
            s[2] += r["rt_cycles"]
            s[3] += f["cycles"]
            s[4] += f["rt_cycles"]
        for sec, (n, t, th, f, fh) in sorted(sections.items()):
            print(f"| {mcu} | {img} | {sec} | {n} | {t:.0f} | {th} ({100.0 * th / t:.1f}%) | {f:.0f} | "
                  f"{fh} ({100.0 * fh / f:.1f}%) | {100.0 * (f - t) / t:+.1f}% |")
    print()
    print("Helpers with the toolchain's set, by cycles over the matched rows (top 4):")
    print()
    for (mcu, img), names in sorted(top.items()):
        total = sum(names.values())
        best = sorted(names.items(), key=lambda kv: -kv[1])[:4]
        text = ", ".join(f"`{n}` {100.0 * c / total:.0f}%" for n, c in best) if total else "none"
        print(f"- {mcu} {img}: {text}")


if __name__ == "__main__":
    main()
