#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Tests of `cyclesim leak` (docs/leak.md).

check_leak.py screen CYCLESIM ELF MCU EXPECT N OUTDIR
    every case of EXPECT gets its verdict, a leaky case lists an instruction with
    the expected cause, a constant-time case lists none, each case marks its
    secret, and the t-test and the instruction analysis agree.
check_leak.py formats CYCLESIM ELF MCU N OUTDIR
    the JSON document's structure (every member and its type), the HTML parses
    (balanced elements, one SVG histogram per case), the text names every case
    with its verdict; and the refusals of bad options (exit 2).
"""
import html.parser
import json
import math
import os
import subprocess
import sys

FAILS = []


def fail(msg):
    FAILS.append(msg)
    print("FAIL: " + msg)


def leak(cyclesim, elf, mcu, n, fmt, out, extra=()):
    cmd = [cyclesim, "leak", elf, "--mcu", mcu, "--inputs", str(n), "--format", fmt, "-q", "-j", "2", "-o", out]
    cmd += list(extra)
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("FAIL: %s: exit %d: %s" % (" ".join(cmd), r.returncode, r.stderr))
    with open(out, encoding="utf-8") as f:
        return f.read()


def screen(cyclesim, elf, mcu, expect, n, outdir):
    rows = []
    with open(expect, encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                case, verdict, cause = line.split(None, 2)
                rows.append((case, verdict, cause.strip()))
    doc = json.loads(leak(cyclesim, elf, mcu, n, "json", os.path.join(outdir, "leak_%s.json" % mcu)))
    got = {r["case"]: r for r in doc["results"]}
    for case, verdict, cause in rows:
        r = got.get(case)
        if r is None:
            fail("%s: %s: not in the report" % (mcu, case))
            continue
        if r["verdict"] != verdict:
            fail("%s: %s: verdict %s, expected %s" % (mcu, case, r["verdict"], verdict))
        if r["secret_marks"] < 1:
            fail("%s: %s: no bench_secret mark seen" % (mcu, case))
        if not r["agree"] or r["t_leaks"] != (verdict == "leaks"):
            fail("%s: %s: t-test (t=%s, %s) and instruction analysis (%s) disagree"
                 % (mcu, case, r["t"], r["t_unbounded"], r["verdict"]))
        if cause == "-":
            if r["instructions"]:
                fail("%s: %s: constant-time case lists %d instructions" % (mcu, case, len(r["instructions"])))
        elif not any(cause in i["causes"] for i in r["instructions"]):
            fail("%s: %s: no instruction listed with cause '%s'" % (mcu, case, cause))
        # The leaking source lines (DWARF): the listed instructions of the C cases name a .c line.
        if r["instructions"] and not any(i["source"] and i["source"]["file"].endswith(".c") and
                                         i["source"]["line"] > 0 for i in r["instructions"]):
            fail("%s: %s: no listed instruction names its source line" % (mcu, case))
        if verdict == "address-dependent" and any(i["executions"][0] != i["executions"][1] or
                                                  i["cycles"][0] != i["cycles"][1] for i in r["instructions"]):
            fail("%s: %s: an address-dependent case lists a timing difference" % (mcu, case))
        fixed = r["classes"]["fixed"]["cycles"]
        if len(set(fixed)) != 1:
            fail("%s: %s: the fixed class is not constant: %s" % (mcu, case, sorted(set(fixed))))


class Html(html.parser.HTMLParser):
    VOID = {"meta", "br", "rect", "line", "link", "img", "hr", "input"}

    def __init__(self):
        super().__init__()
        self.stack, self.svgs, self.errors = [], 0, []

    def handle_starttag(self, tag, attrs):
        self.svgs += tag == "svg"
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        if tag in self.VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append("</%s> closes <%s>" % (tag, self.stack[-1] if self.stack else "nothing"))
        else:
            self.stack.pop()


def typed(obj, key, types, where):
    if key not in obj:
        fail("%s: no member %s" % (where, key))
        return None
    if not isinstance(obj[key], types) or (isinstance(obj[key], bool) and bool not in types):
        fail("%s: %s is %r" % (where, key, obj[key]))
    return obj[key]


def formats(cyclesim, elf, mcu, n, outdir):
    num = (int, float)
    doc = json.loads(leak(cyclesim, elf, mcu, n, "json", os.path.join(outdir, "formats.json")))
    typed(doc, "schema_version", (int,), "document")
    typed(doc, "firmware", (str,), "document")
    typed(doc, "t_threshold", num, "document")
    typed(doc, "provenance", (dict,), "document")
    results = typed(doc, "results", (list,), "document") or []
    if not results:
        fail("no results")
    for r in results:
        w = r.get("case", "?")
        for key, types in (("mcu", (str,)), ("case", (str,)), ("secret_marks", (int,)), ("secret_bytes", (int,)),
                           ("inputs_per_class", (int,)), ("classes", (dict,)), ("t_leaks", (bool,)),
                           ("verdict", (str,)), ("agree", (bool,)), ("instructions", (list,))):
            typed(r, key, types, w)
        if r.get("t") is None:
            if r.get("t_unbounded") not in ("inf", "-inf"):
                fail("%s: t null without t_unbounded" % w)
        elif not isinstance(r["t"], num) or r.get("t_unbounded") is not None or \
                (abs(r["t"]) > 4.5) != r["t_leaks"]:
            fail("%s: t %r, t_unbounded %r, t_leaks %r" % (w, r.get("t"), r.get("t_unbounded"), r.get("t_leaks")))
        if r.get("verdict") not in ("constant-time", "address-dependent", "leaks"):
            fail("%s: verdict %r" % (w, r.get("verdict")))
        for cl in ("fixed", "random"):
            c = r.get("classes", {}).get(cl, {})
            for key in ("mean", "sd"):
                typed(c, key, num, "%s %s" % (w, cl))
            cyc = typed(c, "cycles", (list,), "%s %s" % (w, cl)) or []
            if len(cyc) != r.get("inputs_per_class") or not all(isinstance(x, int) for x in cyc):
                fail("%s %s: cycles %r" % (w, cl, cyc))
            elif cyc and not math.isclose(sum(cyc) / len(cyc), c.get("mean", -1), abs_tol=1e-3):
                fail("%s %s: mean %r of %r" % (w, cl, c.get("mean"), cyc))
        for i in r.get("instructions", []):
            for key, types in (("addr", (str,)), ("symbol", (str,)), ("mnemonic", (str,)), ("executions", (list,)),
                               ("cycles", (list,)), ("causes", (list,))):
                typed(i, key, types, "%s %s" % (w, i.get("addr")))
            if not i.get("causes") and i.get("executions", [0, 0])[0] == i.get("executions", [0, 1])[1] and \
                    i.get("cycles", [0, 0])[0] == i.get("cycles", [0, 1])[1]:
                fail("%s %s: listed without a cause or a difference" % (w, i.get("addr")))
    page = leak(cyclesim, elf, mcu, n, "html", os.path.join(outdir, "formats.html"))
    p = Html()
    p.feed(page)
    p.close()
    if p.errors or p.stack:
        fail("HTML: %s; left open: %s" % (p.errors[:3], p.stack))
    if "<p>Provenance: cyclesim " not in page:
        fail("HTML: no provenance line")
    models = doc.get("provenance", {}).get("models", [])
    if [m.get("mcu") for m in models] != [mcu] or not models[0].get("model_files"):
        fail("JSON provenance: %r" % doc.get("provenance"))
    if p.svgs != len(results):
        fail("HTML: %d SVG histograms for %d cases" % (p.svgs, len(results)))
    text = leak(cyclesim, elf, mcu, n, "text", os.path.join(outdir, "formats.txt"))
    if "\nprovenance: cyclesim " not in text:
        fail("text: no provenance line")
    names = {"constant-time": "constant-time;", "leaks": "leaks;",
             "address-dependent": "constant-time on this model; secret-dependent memory accesses;"}
    for r in results:
        at = text.find("\n  %s: secret: " % r["case"])
        verdict = text.find("\n    verdict: ", at)
        if at < 0 or verdict < 0 or not text.startswith(names.get(r["verdict"], "?"), verdict + 14):
            fail("text: %s without its verdict" % r["case"])
    for bad in (["--inputs", "1"], ["--inputs", "x"], ["--format", "csv"]):
        rr = subprocess.run([cyclesim, "leak", elf, "--mcu", mcu] + bad, capture_output=True, text=True)
        if rr.returncode != 2 or not rr.stderr.startswith("cyclesim: error: "):
            fail("leak %s: exit %d, stderr %r (expected exit 2)" % (" ".join(bad), rr.returncode, rr.stderr))
    rr = subprocess.run([cyclesim, "leak", elf], capture_output=True, text=True)
    if rr.returncode != 2:
        fail("leak without --mcu: exit %d" % rr.returncode)


def main():
    mode, args = sys.argv[1], sys.argv[2:]
    if mode == "screen":
        cyclesim, elf, mcu, expect, n, outdir = args
        os.makedirs(outdir, exist_ok=True)
        screen(cyclesim, elf, mcu, expect, int(n), outdir)
    else:
        cyclesim, elf, mcu, n, outdir = args
        os.makedirs(outdir, exist_ok=True)
        formats(cyclesim, elf, mcu, int(n), outdir)
    sys.exit(1 if FAILS else 0)


if __name__ == "__main__":
    main()
