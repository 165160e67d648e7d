#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""fit_interval.py - the calibrated interval's margins (docs/accuracy.md,
"Calibrated interval"): how far outside its range over the model's uncertain
keys a published figure lies, per class of operation, fitted on the pages
measured with the library version of the images and checked leave-one-page-out.

  fit_interval.py residuals REPORT.json... -o data/accuracy/residuals.json
      the rows of `cyclesim compare --range --format json` reports (figures
      only: estimate, range, published); reports of the same page and model
      (one per image family, say) make one page
  fit_interval.py fit data/accuracy/residuals.json data/accuracy/classes.json
      -o data/accuracy/intervals.json
      the margins and the leave-one-page-out check
  fit_interval.py fit ... --check data/accuracy/intervals.json
      exit 1 unless the fit gives that file byte for byte (ctest)

The method is split-conformal (Vovk et al., "Algorithmic learning in a random
world", 2005; Lei et al., JASA 2018): a row's score is its distance outside
the range, published / high - 1 above it and published / low - 1 below it, 0
inside; for a nominal coverage 1 - a, each side's margin is the
ceil((n + 1)(1 - a/2))-th smallest of the n scores on that side, which covers
at least 1 - a of exchangeable new rows.  A class with fewer rows than that
needs (n < 2/a - 1) takes the margins of every class's rows together.
Exit status: 0, 1 (--check differs), 2 (usage or a malformed input).
"""
import argparse
import json
import math
import os
import statistics
import sys

SCHEMA = 1
NOMINAL = 0.90


def fail(msg):
    print(f"fit_interval.py: {msg}", file=sys.stderr)
    sys.exit(2)


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        fail(f"{path}: {e}")


def class_of(classes, case):
    for part in case.split("/"):
        for c in classes:
            if any(part.startswith(a) for a in c["algorithms"]):
                return c["name"]
    return None


def residuals(args):
    pages = []
    for path in args.reports:
        rep = load(path)
        if rep.get("range_keys"):  # a range over some keys: the margins would absorb the others
            fail(f"{path}: a range over {', '.join(rep['range_keys'])} only (compare --range-keys): "
                 "the margins are fitted outside the range over every uncertain key")
        rows = []
        for r in rep.get("cycles", []):
            if r.get("failed") or "range" not in r or r["cycles"].get("published") is None:
                continue
            rows.append({"key": r["key"], "case": r["case"], "estimate": r["cycles"]["estimate"],
                         "low": r["range"]["low"], "high": r["range"]["high"],
                         "published": r["cycles"]["published"]})
        if not rows:
            fail(f"{path}: no cycles row with a range (a report of compare --range --format json?)")
        meas = rep["measured"]
        # how the rows were made: the tool version, model files and settings,
        # and each image by its hash (no path of the machine that ran it)
        page = {"mcu": rep["model"]["mcu"], "title": meas["title"], "library_major": meas["library_major"],
                "version_mismatch": rep["version_mismatch"], "state": rep["model"]["state"],
                "provenance": rep["provenance"], "images": [], "rows": []}
        same = [p for p in pages if all(p[k] == page[k] for k in page if k not in ("images", "rows"))]
        if not same:  # reports of the same page (one per image family) make one page
            pages.append(page)
        (same[0] if same else page)["images"].extend(
            dict({"sha256": e["sha256"], "backend": e["backend"], "rt": e["rt"]},
                 **({"rt_alt": {"sha256": e["rt_alt"]["sha256"], "rt": e["rt_alt"]["rt"]}} if "rt_alt" in e else {}))
            for e in rep["elfs"])
        (same[0] if same else page)["rows"].extend(rows)
    out = {"schema_version": SCHEMA,
           "comment": "Rows of cyclesim compare --range against published pages (figures only), written by "
                      "tools/fit_interval.py residuals from tools/accuracy.sh's reports",
           "pages": pages}
    write(args.output, out, args.reports)


def score(row):
    p, lo, hi = row["published"], row["low"], row["high"]
    return p / hi - 1 if p > hi else p / lo - 1 if p < lo else 0.0


def conformal(scores, alpha):
    """The margins (below <= 0, above >= 0) of scores, or None when too few."""
    n = len(scores)
    k = math.ceil((n + 1) * (1 - alpha / 2))
    if k > n:
        return None
    above = sorted(max(s, 0.0) for s in scores)[k - 1]
    below = sorted(max(-s, 0.0) for s in scores)[k - 1]
    return -below, above


def margins(rows, classes, alpha):
    """Per class: (below, above, rows, from)."""
    pooled = conformal([score(r) for r in rows], alpha)
    out = {}
    for c in classes:
        own = [score(r) for r in rows if r["class"] == c["name"]]
        m = conformal(own, alpha)
        if m is not None:
            out[c["name"]] = (m[0], m[1], len(own), "own")
        elif pooled is not None:
            out[c["name"]] = (pooled[0], pooled[1], len(own), "pooled")
    return out


def widen(row, m):
    return math.floor(row["low"] * (1 + m[0])), math.ceil(row["high"] * (1 + m[1]))


def check_page(rows, table):
    inside, widths, n = 0, [], 0
    for r in rows:
        m = table.get(r["class"])
        if m is None:
            continue
        lo, hi = widen(r, m)
        n += 1
        inside += lo <= r["published"] <= hi
        widths.append((hi - lo) / r["estimate"] * 100)
    return {"rows": n, "inside": inside, "coverage": round(inside / n, 4) if n else None,
            "width_median_pct": round(statistics.median(widths), 2) if widths else None,
            "range_width_median_pct": round(statistics.median(
                [(r["high"] - r["low"]) / r["estimate"] * 100 for r in rows if r["class"] in table]), 2)
            if n else None}


def check_inputs(args, res, cls):
    """Every member the fit reads, of the type it needs: else exit 2 naming it."""
    num = (int, float)
    if not isinstance(cls.get("classes"), list) or not all(
            isinstance(c, dict) and isinstance(c.get("name"), str) and isinstance(c.get("algorithms"), list)
            and all(isinstance(a, str) and a for a in c["algorithms"]) for c in cls["classes"]):
        fail(f"{args.classes}: \"classes\" is not a list of {{\"name\", \"algorithms\"}}")
    if not isinstance(res.get("pages"), list):
        fail(f"{args.residuals}: \"pages\" is not a list")
    for i, p in enumerate(res["pages"]):
        if not (isinstance(p, dict) and isinstance(p.get("mcu"), str) and isinstance(p.get("version_mismatch"), bool)
                and isinstance(p.get("rows"), list) and p["rows"]
                and isinstance(p.get("provenance", {}).get("tool_version"), str)):
            fail(f"{args.residuals}: page {i} lacks \"mcu\", \"version_mismatch\", \"provenance\" or its \"rows\"")
        for r in p["rows"]:
            if not (isinstance(r, dict) and isinstance(r.get("case"), str)
                    and all(isinstance(r.get(k), num) and r[k] > 0 for k in ("estimate", "low", "high", "published"))
                    and r["low"] <= r["estimate"] <= r["high"]):
                fail(f"{args.residuals}: page {p['mcu']}: a row without a case, positive figures or "
                     f"low <= estimate <= high: {r}")


def fit(args):
    res, cls = load(args.residuals), load(args.classes)
    if res.get("schema_version") != SCHEMA or cls.get("schema_version") != SCHEMA:
        fail("schema_version is not 1")
    check_inputs(args, res, cls)
    classes = cls["classes"]
    alpha = 1 - NOMINAL
    fit_pages, other_pages = [], []
    for p in res["pages"]:
        for r in p["rows"]:
            r["class"] = class_of(classes, r["case"])
        # a page measured with another library version than the images' is
        # only approximate (compare says so): checked, never fitted on
        (other_pages if p["version_mismatch"] else fit_pages).append(p)
    if len(fit_pages) < 2:
        fail("leave-one-page-out needs two pages measured with the images' library version")
    held_out = []
    for p in fit_pages:
        rest = [r for q in fit_pages if q is not p for r in q["rows"]]
        held_out.append(dict({"page": p["mcu"], "fitted_on": [q["mcu"] for q in fit_pages if q is not p]},
                             **check_page(p["rows"], margins(rest, classes, alpha))))
    all_rows = [r for p in fit_pages for r in p["rows"]]
    final = margins(all_rows, classes, alpha)
    for p in other_pages:
        held_out.append(dict({"page": p["mcu"], "fitted_on": [q["mcu"] for q in fit_pages],
                              "approximate": "measured with another library version than the images'"},
                             **check_page(p["rows"], final)))
    out = {"schema_version": SCHEMA,
           "nominal_coverage": NOMINAL,
           "method": "split-conformal margins outside the range over the uncertain keys, per class "
                     "(tools/fit_interval.py, docs/accuracy.md)",
           "fitted_on": [p["mcu"] for p in fit_pages],
           "rows_made_with": sorted({p["provenance"]["tool_version"] for p in res["pages"]}),
           "classes": [],
           "held_out": held_out}
    for c in classes:
        if c["name"] not in final:
            continue
        below, above, n, frm = final[c["name"]]
        out["classes"].append({"name": c["name"], "algorithms": c["algorithms"], "below": round(below, 5),
                               "above": round(above, 5), "rows": n, "from": frm})
    if args.check:
        with open(args.check, encoding="utf-8") as f:
            if f.read() != dump(out):
                print(f"fit_interval.py: {args.check} is not the fit of {args.residuals} "
                      "(rerun tools/fit_interval.py fit)", file=sys.stderr)
                sys.exit(1)
        return
    write(args.output, out, [args.residuals, args.classes])


def dump(doc):
    return json.dumps(doc, indent=1, sort_keys=False) + "\n"


def write(path, doc, inputs):
    """Whole or not at all (a temporary file renamed over it), never onto an input."""
    for i in inputs:
        if os.path.exists(path) and os.path.samefile(path, i):
            fail(f"{path}: the output is an input of the command")
    tmp = f"{path}.tmp{os.getpid()}"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(dump(doc))
        os.replace(tmp, path)
    except OSError as e:
        if os.path.exists(tmp):
            os.unlink(tmp)
        fail(f"{path}: cannot write: {e.strerror}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("residuals")
    r.add_argument("reports", nargs="+")
    r.add_argument("-o", "--output", required=True)
    f = sub.add_parser("fit")
    f.add_argument("residuals")
    f.add_argument("classes")
    g = f.add_mutually_exclusive_group(required=True)
    g.add_argument("-o", "--output")
    g.add_argument("--check")
    args = ap.parse_args()
    (residuals if args.cmd == "residuals" else fit)(args)


if __name__ == "__main__":
    main()
