#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The files of one layer's archive call each other in no circle (issue 34:
the engine's parts never call back into the run loop; src/engine/README.md
draws the graph).  Reads `nm -A` of the archive: file A calls file B when A
uses a symbol B defines.  Prints the graph, and each circle as a failure.
First it must find the circle of a planted listing, or the check is blind.
usage: check_calls.py ARCHIVE"""
import subprocess
import sys

PLANTED = """lib.a:sim.c.o:                 U abi_marker
lib.a:sim.c.o:0000000000000000 T sim_on_block
lib.a:bench_abi.c.o:0000000000000000 T abi_marker
lib.a:bench_abi.c.o:                 U sim_on_block
lib.a:setup.c.o:                 U abi_marker
"""


def graph(listing):
    """{file: {file it calls: [symbols]}} from `nm -A` lines."""
    defs, uses = {}, []
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) < 3 or ":" not in parts[0]:
            continue
        head = parts[0][: parts[0].rindex(":")]  # ARCHIVE:MEMBER, without the value of a defined symbol
        obj = head.split(":")[-1].replace(".c.o", "")
        kind, sym = parts[-2], parts[-1]
        if kind == "U":
            uses.append((obj, sym))
        elif kind.isupper():
            defs[sym] = obj
    calls = {}
    for obj, sym in uses:
        callee = defs.get(sym)
        if callee and callee != obj:
            calls.setdefault(obj, {}).setdefault(callee, []).append(sym)
    return calls


def circles(calls):
    """Each circle once, as the files along it (depth-first search)."""
    found, done = [], set()

    def visit(node, path):
        if node in path:
            cycle = path[path.index(node):]
            rot = cycle.index(min(cycle))
            cycle = cycle[rot:] + cycle[:rot]
            if cycle not in found:
                found.append(cycle)
            return
        if node in done:
            return
        for callee in sorted(calls.get(node, {})):
            visit(callee, path + [node])
        done.add(node)

    for node in sorted(calls):
        visit(node, [])
    return found


def main():
    if circles(graph(PLANTED)) != [["bench_abi", "sim"]]:
        print("FAIL: the planted circle sim -> bench_abi -> sim is not found")
        return 1
    listing = subprocess.run(["nm", "-A", sys.argv[1]], capture_output=True, text=True, check=True).stdout
    calls = graph(listing)
    for obj in sorted(calls):
        print("%-12s -> %s" % (obj, ", ".join(sorted(calls[obj]))))
    found = circles(calls)
    for cycle in found:
        steps = zip(cycle, cycle[1:] + cycle[:1])
        print("FAIL: a circle: " + " -> ".join("%s (%s)" % (a, calls[a][b][0]) for a, b in steps) + " -> " + cycle[0])
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
