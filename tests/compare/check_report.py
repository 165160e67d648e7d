#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""check_report.py - independent checks of `cyclesim compare` reports
(tests/compare/run_compare.sh).  Recomputes from the report's rows, the page
and a `cyclesim run` of the same ELF what the C code computed; shares no code
with it.  Exits 1 with a FAIL line per mismatch.

  check_report.py summary REPORT.json
  check_report.py cover REPORT.json CYCLE_KEYS FOOTPRINT_KEYS   (one key per line)
  check_report.py values REPORT.json PAGE.json RUN.json
  check_report.py html REPORT.html REPORT.json [--warn TEXT]
  check_report.py union REPORT.json SINGLE.json...   (REPORT over the images of the SINGLE reports)
  check_report.py state REPORT.json WARM_RUN.json ZERO_WAIT_RUN.json NO_CHECK.json
      (REPORT: cold, --baselines; NO_CHECK: the same with --no-state-check)
"""
import json
import math
import statistics
import sys
import xml.etree.ElementTree as ET

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL " + msg)


def close(a, b):
    return a is not None and b is not None and abs(a - b) <= 1e-9 * max(1.0, abs(b))


def p90(values):
    """Nearest rank: the ceil(0.9 n)-th smallest value (docs/compare.md)."""
    s = sorted(values)
    return s[math.ceil(0.9 * len(s)) - 1]


METRICS = ("cycles", "code", "const_data", "global_data", "stack", "workbuf")


def summary(report):
    r = json.load(open(report))
    ratio = r["framing"] == "ratio"
    rows = 0
    for metric in METRICS:
        groups = {}
        for row in r["cycles"] if metric == "cycles" else r["footprint"]:
            c = row[metric]
            if row["failed"] or c["estimate"] is None or not c["published"]:
                continue
            e, p = c["estimate"], c["published"]
            v = e / p if ratio else abs((e - p) / p * 100)
            groups.setdefault(row["section"], []).append(v)
            groups.setdefault(None, []).append(v)
        rows += len(groups.get(None, []))
        ours = {s["section"]: s for s in r["summary"] if s["metric"] == metric}
        if set(ours) != set(groups):
            fail("%s summary sections %s, recomputed %s" % (metric, sorted(map(str, ours)),
                                                            sorted(map(str, groups))))
        for sec, vals in groups.items():
            s = ours.get(sec)
            if s is None:
                continue
            want = {"count": len(vals), "median": statistics.median(vals), "p90": p90(vals), "max": max(vals)}
            for k, w in want.items():
                if not close(s[k], w):
                    fail("summary %s %s %s: report %r, recomputed %r" % (metric, sec, k, s[k], w))
            if s["statistic"] != ("ratio" if ratio else "abs_error_pct"):
                fail("summary %s %s: statistic %s" % (metric, sec, s["statistic"]))
    print("summary: %d row figures recomputed over %d metrics" % (rows, len(METRICS)))


def cover(report, cycle_keys, footprint_keys):
    r = json.load(open(report))
    for kind, listed, path in (("cycles", r["cycles"], cycle_keys), ("footprint", r["footprint"], footprint_keys)):
        page = [k.strip() for k in open(path) if k.strip()]
        matched = [row["key"] for row in listed]
        unmatched = [u["key"] for u in r["unmatched_published"] if u["kind"] == kind]
        both = sorted(matched + unmatched)
        if both != sorted(page):
            fail("%s: matched + unmatched (%d + %d) is not the page's %d keys; missing %s, extra %s" % (
                kind, len(matched), len(unmatched), len(page), sorted(set(page) - set(both))[:5],
                sorted(set(both) - set(page))[:5]))
        print("%s: %d page rows = %d matched + %d unmatched" % (kind, len(page), len(matched), len(unmatched)))


def values(report, page_path, run_path):
    r = json.load(open(report))
    page = json.load(open(page_path))
    run = json.load(open(run_path))
    published = {}
    for sec in page["sections"]:
        if sec["kind"] == "cycles":
            for row in sec["rows"]:
                published[row["key"]] = row["values"]["cycles"]
    estimated = {rec["row"]: rec["cycles"] for rec in run["records"] if rec["row"]}
    for row in r["cycles"]:
        k = row["key"]
        if row["cycles"]["published"] != published.get(k):
            fail("%s: published %r, page says %r" % (k, row["cycles"]["published"], published.get(k)))
        if row["cycles"]["estimate"] != estimated.get(k):
            fail("%s: estimate %r, cyclesim run says %r" % (k, row["cycles"]["estimate"], estimated.get(k)))
    print("values: %d rows against the page and cyclesim run" % len(r["cycles"]))


def union(report, *singles):
    """A report over several images is the union of the single-image reports:
    the same rows with the same figures, each tagged with its image; a
    published row is unmatched only if no image matched it."""
    r = json.load(open(report))
    one = [json.load(open(p)) for p in singles]
    if [e["path"] for e in r["elfs"]] != [s["elf"]["path"] for s in one]:
        fail("elfs %s, expected the single reports' %s" % ([e["path"] for e in r["elfs"]],
                                                           [s["elf"]["path"] for s in one]))
    if r["elf"] != r["elfs"][0]:
        fail("elf is not the first of elfs")
    for e, s in zip(r["elfs"], one):
        if e != s["elf"]:
            fail("%s: %r, single report %r" % (s["elf"]["path"], e, s["elf"]))
    for kind in ("cycles", "footprint", "unmatched_cases"):
        ours = sorted(json.dumps(x, sort_keys=True) for x in r[kind])
        want = []
        for s in one:
            for x in s[kind]:
                if x["elf"] != s["elf"]["path"]:
                    fail("%s: a %s record of %s has elf %s" % (singles[one.index(s)], kind, s["elf"]["path"], x["elf"]))
                want.append(json.dumps(x, sort_keys=True))
        if ours != sorted(want):
            fail("%s: %d records, the single reports have %d; first difference %s" % (
                kind, len(ours), len(want), sorted(set(ours) ^ set(want))[:1]))
        print("%s: %d records = the single reports' %s" % (kind, len(ours), " + ".join(str(len(s[kind])) for s in one)))
    # Page order: each single report's rows keep their order among the others'.
    for kind in ("cycles", "footprint"):
        for s in one:
            mine = [x["key"] for x in r[kind] if x["elf"] == s["elf"]["path"]]
            if mine != [x["key"] for x in s[kind]]:
                fail("%s rows of %s are not in the single report's (page) order" % (kind, s["elf"]["path"]))
    unmatched = lambda s: {(u["kind"], u["key"]) for u in s["unmatched_published"]}
    want = set.intersection(*(unmatched(s) for s in one))
    if unmatched(r) != want or len(r["unmatched_published"]) != len(want):
        fail("unmatched_published: %d rows, expected the %d no single report matched" % (
            len(r["unmatched_published"]), len(want)))
    print("unmatched_published: %d rows unmatched in every single report" % len(want))
    for key in ("model", "measured", "framing", "version_mismatch"):
        if any(r[key] != s[key] for s in one):
            fail("%s differs from a single report's" % key)


def html(path, report, warn=None):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        fail("%s: not well-formed XML: %s" % (path, e))
        return
    ns = {"h": "http://www.w3.org/1999/xhtml", "s": "http://www.w3.org/2000/svg"}
    svgs = [x for x in root.findall(".//s:svg", ns) if x.get("class") != "split"]
    rep = json.load(open(report))
    sections = {row["section"] for row in rep["cycles"]}
    if len(svgs) != 2 * len(sections):  # per section: cycles, and error
        fail("%s: %d svg charts for %d sections (two each)" % (path, len(svgs), len(sections)))
    splits = root.findall(".//s:svg[@class='split']", ns)
    if len(splits) != len(rep["cycles"]):  # per cycles row: its split
        fail("%s: %d splits of cycles for %d cycles rows" % (path, len(splits), len(rep["cycles"])))
    title = root.find(".//h:head/h:title", ns).text
    named = [e["path"] for e in rep["elfs"]] + [rep["model"]["mcu"]]
    if any(n not in title for n in named):
        fail("%s: the title %r does not name %s" % (path, title, ", ".join(named)))
    for table in root.iter("{%s}table" % ns["h"]):
        if not table.findall("h:tr/h:td", ns):
            fail("%s: an empty table" % path)
    for bad in ("script", "link", "iframe", "img"):
        if root.findall(".//h:" + bad, ns):
            fail("%s: has a <%s> element (must be self-contained)" % (path, bad))
    if warn is not None:
        first = root.find(".//h:body/h:p", ns)
        text = "".join(first.itertext()) if first is not None else ""
        if first is None or first.get("class") != "warn" or warn not in text:
            fail("%s: the first paragraph is not the warning %r: %r" % (path, warn, text[:100]))
    print("html: %d svg for %d sections, %d splits, no empty table" % (len(svgs), len(sections), len(splits)))


def stats(vals):
    return statistics.median(vals), p90(vals), max(vals)


def state(report, warm_run, zw_run, no_check):
    """State marks (cold and warm differ by more than 1 % of cold), the other
    state's estimate and the three baselines, from separate runs; the summary's
    statistics without the marked rows and of each baseline."""
    r = json.load(open(report))
    warm = {x["case"]: x for x in json.load(open(warm_run))["records"]}
    zw = {x["case"]: x for x in json.load(open(zw_run))["records"]}
    if not r["state_checked"] or not r["baselines"]:
        fail("state: state_checked / baselines not set")
        return
    marked = 0
    groups, stable, base = {}, {}, {}
    for row in r["cycles"]:
        cold, pub = row["cycles"]["estimate"], row["cycles"]["published"]
        w, z = warm[row["case"]], zw[row["case"]]
        if row["other_state_estimate"] != w["cycles"]:
            fail("state: %s other state %s, run --warm %s" % (row["key"], row["other_state_estimate"], w["cycles"]))
        want = abs(cold - w["cycles"]) > 0.01 * cold
        if row["state_sensitive"] != want:
            fail("state: %s marked %s, cold %s warm %s" % (row["key"], row["state_sensitive"], cold, w["cycles"]))
        marked += want
        expect = {"cpi1": z["instructions"], "zero_wait": z["cycles"],
                  "zero_wait_data1": z["cycles"] + z["flash"]["data_reads"]}
        for name, v in expect.items():
            if row["baselines"][name]["estimate"] != v:
                fail("state: %s baseline %s %s, expected %s" % (row["key"], name, row["baselines"][name]["estimate"], v))
        dev = (lambda e: e / pub) if r["framing"] == "ratio" else (lambda e: abs((e - pub) / pub * 100))
        for sec in (row["section"], None):
            groups.setdefault(sec, []).append(dev(cold))
            if not want:
                stable.setdefault(sec, []).append(dev(cold))
            for name, v in expect.items():
                base.setdefault((sec, name), []).append(dev(v))
    if marked != r["state_sensitive_rows"]:
        fail("state: %d rows marked, report says %d" % (marked, r["state_sensitive_rows"]))
    for s in r["summary"]:
        if s["metric"] != "cycles":
            continue
        sec = s["section"]
        st = s["without_state_sensitive"]
        if st["count"] != len(stable.get(sec, [])):
            fail("state: %s without state-sensitive: %d rows, expected %d" % (sec, st["count"], len(stable.get(sec, []))))
        elif stable.get(sec) and not all(close(a, b) for a, b in zip((st["median"], st["p90"], st["max"]), stats(stable[sec]))):
            fail("state: %s statistics without state-sensitive rows" % sec)
        for name in ("cpi1", "zero_wait", "zero_wait_data1"):
            b = s["baselines"][name]
            if not all(close(x, y) for x, y in zip((b["median"], b["p90"], b["max"]), stats(base[(sec, name)]))):
                fail("state: %s baseline %s statistics" % (sec, name))
    off = json.load(open(no_check))
    if off["state_checked"] or off["baselines"] or any("state_sensitive" in x for x in off["cycles"]):
        fail("state: --no-state-check report carries state fields")
    print("state: %d of %d rows state-sensitive, baselines checked" % (marked, len(r["cycles"])))


if __name__ == "__main__":
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "html" and len(args) == 4 and args[2] == "--warn":
        html(args[0], args[1], args[3])
    else:
        {"summary": summary, "cover": cover, "values": values, "html": html, "union": union,
         "state": state}[cmd](*args)
    sys.exit(1 if failures else 0)
