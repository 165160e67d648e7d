#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Hostile case names (hostile_cases.c) through every command and format.

Builds the image three ways (build_fw.sh): as it is, with two cases of one
name, with a name past the 95-byte bound; runs run, list-cases, profile,
compare, check, sweep and merge over the first in each of their formats, and
checks what other tools need of the outputs: CSV parses (Python's csv) to one
record per case with every field, no formula; JSON, JUnit, SVG and HTML parse
and carry the names (invalid UTF-8 as U+FFFD); Markdown has one line per
case; callgrind files are one per case with intact records; collapsed stacks
are one record a line; no output and no stderr holds ESC, BEL or another
raw control byte.  The other two images, and a --set value, a budget's case
and an overlay's base_model with escape sequences, are refused with the
documented exit code and an escaped message.

usage: run_hostile.py CYCLESIM SOURCE_DIR WORKDIR
"""
import csv
import io
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

cyclesim, src, work = sys.argv[1:4]
MCU = "stm32u083rc"
FW = os.path.join(src, "tests", "output", "hostile", "hostile_cases.c")
# The names of hostile_cases.c (table order is the reverse of the file's).
NAMES = [
    b"comma,case", b'quote"case', b"new\nline", b"=cmd|' /C calc'!A0",
    b"esc\x1b[31mred\x1b]0;pwned\x07\x1b[2J", b"c1\xc2\x9b31m", b"bad\xff\xfe utf8 \xc3\xa9 \xed\xa0\x80",
    b"back`tick|pipe", b"path/part", b"path_part",
    b"long-name-0123456789012345678901234567890123456789012345678901234567890123456789012345678901234",
]
N = len(NAMES)
failures = []


def fail(what):
    failures.append(what)
    print("FAIL: " + what)


def decoded(name):
    """A name as JSON carries it: each invalid byte as U+FFFD."""
    return name.decode("utf-8", errors="replace")


def xml_decoded(name):
    """As XML carries it: also the C0 controls XML 1.0 has no character for."""
    return "".join("\ufffd" if ord(c) < 0x20 and c not in "\t\n\r" else c for c in decoded(name))


# Raw bytes no text output may hold: C0 controls but LF (and tab), DEL, and
# the C1 controls in UTF-8 (a terminal takes U+009B as CSI).
RAW_CONTROL = re.compile(rb"[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]")


def clean(what, data, lf_ok=True):
    m = RAW_CONTROL.search(data)
    if m:
        fail("%s: raw control byte %r at %d" % (what, m.group(0), m.start()))
    if not lf_ok and b"\r" in data:
        fail("%s: raw CR" % what)


def run(what, args, want_rc, stdin=None):
    p = subprocess.run([cyclesim] + args, cwd=work, capture_output=True)
    clean(what + " (stderr)", p.stderr)
    if p.returncode != want_rc:
        fail("%s: exit %d, want %d: %s" % (what, p.returncode, want_rc, p.stderr.decode(errors="replace")[-300:]))
    return p.stdout, p.stderr


def read(path):
    with open(os.path.join(work, path), "rb") as f:
        return f.read()


def check_csv(what, data, name_column, records):
    clean(what, data)
    try:
        rows = list(csv.reader(io.StringIO(data.decode("utf-8"), newline="")))
    except UnicodeDecodeError as e:
        fail("%s: not UTF-8: %s" % (what, e))
        return
    if len(rows) != records + 1:
        fail("%s: %d CSV records, want %d and a header" % (what, len(rows) - 1, records))
        return
    widths = {len(r) for r in rows}
    if len(widths) != 1:
        fail("%s: CSV records of %s fields" % (what, sorted(widths)))
    col = rows[0].index(name_column)
    names = {r[col] for r in rows[1:]}
    for r in rows[1:]:
        for field in r:
            if field[:1] in ("=", "+", "@") or (field[:1] == "-" and not re.fullmatch(r"-[0-9.e+-]+", field)):
                fail("%s: a field that is a formula: %r" % (what, field))
    # each name is there once, as text (a formula behind a leading quote)
    if len(names) != N:
        fail("%s: %d distinct names, want %d" % (what, len(names), N))
    if "new\nline" not in names or "comma,case" not in names or "'=cmd|' /C calc'!A0" not in names:
        fail("%s: a quoted name did not come back whole: %r" % (what, sorted(names)))


def json_names(obj):
    """Every string value of a "case" or "name" member in obj (nested)."""
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in ("case", "name") and isinstance(v, str):
                out.append(v)
            out += json_names(v)
    elif isinstance(obj, list):
        for v in obj:
            out += json_names(v)
    return out


def check_json(what, data):
    clean(what, data)
    try:
        obj = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        fail("%s: not JSON: %s" % (what, e))
        return None
    got = set(json_names(obj))
    missing = {decoded(n) for n in NAMES} - got
    if missing:
        fail("%s: names missing: %r" % (what, sorted(missing)))
    return obj


def check_xml(what, data):
    clean(what, data, lf_ok=True)
    try:
        return ET.fromstring(data)
    except ET.ParseError as e:
        fail("%s: not XML: %s" % (what, e))
        return None


def check_text(what, data, lines):
    clean(what, data)
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as e:
        fail("%s: not UTF-8: %s" % (what, e))
    if lines is not None and data.count(b"\n") != lines:
        fail("%s: %d lines, want %d" % (what, data.count(b"\n"), lines))


def build(out, *defines):
    r = subprocess.run(["sh", os.path.join(src, "tests", "output", "build_fw.sh"), src, os.path.join(work, out), FW]
                       + list(defines))
    if r.returncode:
        sys.exit("cannot build %s" % out)


os.makedirs(work, exist_ok=True)
build("hostile.elf")
build("dup.elf", "-DHOSTILE_DUPLICATE")
build("long.elf", "-DHOSTILE_TOO_LONG")
with open(os.path.join(work, "budgets.json"), "w") as f:
    f.write('{"schema_version": 1, "elf": "hostile.elf", "budgets": '
            '[{"case": "*", "mcu": "%s", "cycles": 100, "tolerance_pct": 0}]}\n' % MCU)
with open(os.path.join(work, "board.txt"), "w") as f:
    f.write("@cyclesim-bench 1 target=nucleo-u083rc mcu=%s clock_hz=56000000 latency=1 icache=1 prefetch=1\n"
            "@case name=sum/8 row=sum/8 cycles=150 status=pass workbuf=0\n@done cases=1 failed=0\n" % MCU)
H = ["hostile.elf", "--mcu", MCU]

# run: table (blank, model, provenance, column heads, a line per case, total), JSON, CSV
out, _ = run("run table", ["run"] + H, 0)
check_text("run table", out, 4 + N + 1)
check_json("run json", run("run json", ["run"] + H + ["--format", "json"], 0)[0])
check_csv("run csv", run("run csv", ["run"] + H + ["--format", "csv"], 0)[0], "case", N)

# list-cases: a header and a line per case; CSV
check_text("list-cases", run("list-cases", ["list-cases", "hostile.elf"], 0)[0], 1 + N)
check_csv("list-cases csv", run("list-cases csv", ["list-cases", "hostile.elf", "--format", "csv"], 0)[0], "case", N)

# profile: table, callgrind files (one per case), collapsed stacks
check_text("profile table", run("profile", ["profile"] + H, 0)[0], None)
run("profile callgrind", ["profile"] + H + ["--format", "callgrind", "-o", "cg"], 0)
files = sorted(os.listdir(os.path.join(work, "cg")))
if len(files) != N:
    fail("callgrind: %d files for %d cases: %r" % (len(files), N, files))
# The lines of valgrind's callgrind format as the per-line profile writes them: file names
# (fl=/fi=/fe=/cfi=, compressed), functions, call lines, "instr line costs" positions.
RECORD = re.compile(rb"(#.*|version: 1|creator: cyclesim|(cmd|desc|positions|events|totals): .*|"
                    rb"(fl|fi|fe|cfi)=\(\d+\)( .+)?|c?fn=\(\d+\)( .+)?|calls=\d+ 0x[0-9a-f]+ \d+|"
                    rb"0x[0-9a-f]+ \d+( \d+)+|)")
for name in files:
    data = read(os.path.join("cg", name))
    clean("callgrind " + name, data)
    for line in data.split(b"\n"):
        if not RECORD.fullmatch(line):
            fail("callgrind %s: not a record: %r" % (name, line))
    if data.count(b"\nfn=") < 1 or not re.search(rb"\ncmd: hostile\.elf case .+\n", data):
        fail("callgrind %s: no fn= or cmd: line" % name)
out, _ = run("profile collapsed", ["profile"] + H + ["--format", "collapsed"], 0)
clean("collapsed", out)
stacks = out.decode("utf-8").splitlines()
for line in stacks:
    if not re.fullmatch(r"[^; ]+(;[^; ]+)+ \d+", line):
        fail("collapsed: not a record: %r" % line)
if len({line.split(";")[1] for line in stacks}) != N:
    fail("collapsed: not one stack name per case")

# compare: the unmatched cases are listed, one line each in Markdown
out, _ = run("compare table", ["compare"] + H + ["--published", "board.txt"], 0)
check_text("compare table", out, None)
check_json("compare json", run("compare json", ["compare"] + H + ["--published", "board.txt", "--format", "json"], 0)[0])
md, _ = run("compare md", ["compare"] + H + ["--published", "board.txt", "--format", "md"], 0)
check_text("compare md", md, None)
listed = md.decode("utf-8").split("## Cases with no published row (%d)\n\n" % N)
items = listed[1].split("\n\n")[0].strip("\n").split("\n") if len(listed) == 2 else []
if len(items) != N or any(not i.startswith("- `") or i.count("`") % 2 for i in items):
    fail("compare md: %d list items for %d unmatched cases, or an open code span: %r" % (len(items), N, items))
run("compare html", ["compare"] + H + ["--published", "board.txt", "--format", "html", "-o", "c.html"], 0)
check_xml("compare html", read("c.html"))

# check: over budget (exit 8); JUnit has a test case per case, named as the case
out, _ = run("check", ["check", "hostile.elf", "--budgets", "budgets.json", "--junit", "j.xml", "--markdown", "m.md"], 8)
check_text("check table", out, None)
root = check_xml("check junit", read("j.xml"))
if root is not None:
    got = sorted(t.get("name") for t in root.iter("testcase"))
    if got != sorted(xml_decoded(n) for n in NAMES):
        fail("check junit: test case names %r" % got)
md = read("m.md")
check_text("check markdown", md, None)
if len([line for line in md.split(b"\n") if line.startswith(b"| ") and b"| stm32u083rc |" in line]) != N:
    fail("check markdown: not one table row per case")

# sweep: table, CSV (two latencies), JSON, SVG chart
check_text("sweep table", run("sweep", ["sweep"] + H + ["--latency", "1,2"], 0)[0], None)
check_csv("sweep csv", run("sweep csv", ["sweep"] + H + ["--latency", "1,2", "--format", "csv"], 0)[0], "case", 2 * N)
check_json("sweep json", run("sweep json", ["sweep"] + H + ["--latency", "1,2", "--format", "json"], 0)[0])
run("sweep svg", ["sweep"] + H + ["--latency", "1,2", "--svg", "s.svg"], 0)
check_xml("sweep svg", read("s.svg"))

# merge: two shards of run back to one report in each format
for k in (1, 2):
    with open(os.path.join(work, "s%d.json" % k), "wb") as f:
        f.write(run("run shard %d" % k, ["run"] + H + ["--shard", "%d/2" % k, "--format", "json"], 0)[0])
shards = ["merge", "s1.json", "s2.json"]
check_text("merge table", run("merge", shards, 0)[0], 4 + N + 1)
check_json("merge json", run("merge json", shards + ["--format", "json"], 0)[0])
check_csv("merge csv", run("merge csv", shards + ["--format", "csv"], 0)[0], "case", N)

# merge of shards run with --case: the selected cases only; a record taken out of a shard,
# or shards of different --case lists, refused naming the case or the files
sel = ["--case", "path*", "--case", "comma*"]
for k in (1, 2):
    with open(os.path.join(work, "c%d.json" % k), "wb") as f:
        f.write(run("run --case shard %d" % k, ["run"] + H + sel + ["--shard", "%d/2" % k, "--format", "json"], 0)[0])
check_text("merge --case", run("merge --case", ["merge", "c1.json", "c2.json"], 0)[0], 4 + 3 + 1)
with open(os.path.join(work, "c3.json"), "wb") as f:
    f.write(run("run other --case", ["run"] + H + ["--case", "path*", "--shard", "2/2", "--format", "json"], 0)[0])
_, err = run("merge other --case", ["merge", "c1.json", "c3.json"], 9)
if b"different --case lists" not in err:
    fail("merge of different --case lists: %r" % err)
shard = json.loads(read("s1.json"))
cases = shard["shard"]["models"][0]["cases"]
gone = cases.pop()["name"]
with open(os.path.join(work, "s1-less.json"), "w") as f:
    json.dump(shard, f)
_, err = run("merge, a case missing", ["merge", "s1-less.json", "s2.json"], 9)
if ('case "%s"' % gone).encode() not in err or b"is in no shard" not in err:
    fail("merge with a case missing: %r" % err)

# Refused: two cases of one name, a name past the bound (exit 3, both named)
for args in (["run", "dup.elf", "--mcu", MCU], ["list-cases", "dup.elf"], ["profile", "dup.elf", "--mcu", MCU],
             ["check", "dup.elf", "--budgets", "budgets.json"], ["sweep", "dup.elf", "--mcu", MCU],
             ["compare", "dup.elf", "--mcu", MCU, "--published", "board.txt"]):
    _, err = run(" ".join(args), args, 3)
    if not re.search(rb'dup\.elf: cases \d+ and \d+ are both named "twin"', err):
        fail("%s: the message does not name both cases: %r" % (" ".join(args), err))
for args in (["run", "long.elf", "--mcu", MCU], ["list-cases", "long.elf"]):
    _, err = run(" ".join(args), args, 3)
    if b"longer than 95 bytes" not in err:
        fail("%s: the message does not say the name is too long: %r" % (" ".join(args), err))

# Messages echo what they refuse, escaped: a --set value, a budget's case, an overlay's base model
_, err = run("--set value", ["run"] + H + ["--set", "flash.wait_states=\x1b]0;pwned\x07"], 4)
if b"\\x1b]0;pwned\\x07" not in err:
    fail("--set value: not echoed escaped: %r" % err)
with open(os.path.join(work, "esc_budgets.json"), "w") as f:
    f.write('{"schema_version": 1, "elf": "hostile.elf", "budgets": '
            '[{"case": "\\u001b[2Jnone", "mcu": "%s", "cycles": 100}]}\n' % MCU)
_, err = run("budget case", ["check", "hostile.elf", "--budgets", "esc_budgets.json"], 9)
if b"\\x1b[2Jnone" not in err:
    fail("budget case: not echoed escaped: %r" % err)
with open(os.path.join(work, "esc_overlay.json"), "w") as f:
    f.write('{"cyclesim_overlay": 1, "base_model": "\\u001b]0;pwned\\u0007", "keys": {}}\n')
_, err = run("overlay base_model", ["run"] + H + ["--set", "@esc_overlay.json"], 9)
if b"\\x1b]0;pwned\\x07" not in err:
    fail("overlay base_model: not echoed escaped: %r" % err)

print("hostile names: %d failures" % len(failures))
sys.exit(1 if failures else 0)
