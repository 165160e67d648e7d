#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""`cyclesim annotate` on the first case of a selection of a firmware image.

 - JSON: the source lines add up to the profile total (the plain run's cycles
   + the region overhead), and each function's lines to its self cost, every
   kind of cycles; their flash-interface events to the run's; with
   --function F, F's lines to F's self cost;
 - text (--top large): the rows of the lines add up to the same total;
 - HTML: one document, every element closed, no external resource.
usage: check_annotate.py CYCLESIM ELF MCU GLOB
"""
import csv
import html.parser
import io
import json
import re
import sys

from checks import Checks

cyclesim, elf, mcu, glob = sys.argv[1:5]
checks = Checks(cyclesim, f"{elf} {mcu}")
bad, run = checks.bad, checks.run

rows = list(csv.DictReader(io.StringIO(run("run", elf, "--mcu", mcu, "--case", glob, "--format", "csv"))))
case, cycles = rows[0]["case"], int(rows[0]["cycles"])
base = ["annotate", elf, "--mcu", mcu, "--case", case]
doc = json.loads(run(*base, "--format", "json"))
total = cycles + doc["overhead_cycles"]
kinds = [k for k in doc["lines"][0] if k not in ("function", "file", "line", "inlined", "insns", "flash")]
# The flash interface's events of the lines: those of the run's record (the region's, overhead included).
record = json.loads(run("run", elf, "--mcu", mcu, "--case", case, "--format", "json"))["records"][0]
flash = {k: sum(l["flash"][k] for l in doc["lines"]) for k in record["flash"]}
if flash != record["flash"]:
    bad(f"flash events of the lines {flash}, of the run {record['flash']}")
if doc["cycles"] != cycles:
    bad(f"annotate {doc['cycles']} cycles, run {cycles}")
line_sum = sum(l["cycles"] for l in doc["lines"])
if not line_sum == doc["lines_cycles"] == total:
    bad(f"lines add up to {line_sum}, lines_cycles {doc['lines_cycles']}, cycles + overhead {total}")
for fn in doc["functions"]:
    mine = [l for l in doc["lines"] if l["function"] == fn["name"]]
    for k in kinds:
        got = sum(l[k] for l in mine)
        if got != fn["self"][k]:
            bad(f"{fn['name']}: {k}: lines {got}, self {fn['self'][k]}")
    for l in mine:
        if sum(i["cycles"] for i in l["insns"]) != l["cycles"]:
            bad(f"{fn['name']} {l['file']}:{l['line']}: instructions do not add up to the line")
hot = max(doc["functions"], key=lambda f: f["self"]["cycles"])
one = json.loads(run(*base, "--format", "json", "--function", hot["name"]))
if one["lines_cycles"] != hot["self"]["cycles"] or {l["function"] for l in one["lines"]} != {hot["name"]}:
    bad(f"--function {hot['name']}: {one['lines_cycles']} cycles, self {hot['self']['cycles']}")
if [l["cycles"] for l in doc["lines"]] != sorted((l["cycles"] for l in doc["lines"]), reverse=True):
    bad("lines not hottest first")

text = run(*base, "--top", "1000000")
got = sum(int(m.group(1)) for m in re.finditer(r"^#\d+\s+(\d+)", text, re.M))
if got != total:
    bad(f"text: the lines add up to {got}, cycles + overhead {total}")


class Checker(html.parser.HTMLParser):
    VOID = {"meta", "br"}

    def __init__(self):
        super().__init__()
        self.stack, self.errors = [], []

    def handle_starttag(self, tag, attrs):
        if any(a in ("src", "href") for a, _ in attrs) or tag in ("script", "link", "img"):
            self.errors.append(f"external resource or script: <{tag} {attrs}>")
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack.pop() != tag:
            self.errors.append(f"</{tag}> closes nothing open")


page = run(*base, "--format", "html")
c = Checker()
c.feed(page)
if c.errors or c.stack or not page.startswith("<!DOCTYPE html>") or "<h2>Source</h2>" not in page:
    bad(f"html: {c.errors[:3]} unclosed {c.stack}")

if checks.failures:
    sys.exit(1)
print(f"{elf} {mcu} {case}: {len(doc['lines'])} lines add up to {total} cycles in JSON and text; HTML well formed")
