#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The layer rule of docs/architecture.md on every #include of src/ and include/cyclesim/.

A file in src/LAYER/ or include/cyclesim/LAYER/ may include "cyclesim/L/x.h" or
"L/x.h" only for a layer L at or below its own, a header of its own folder by
its bare name, and a src/L/*_internal.h only from L itself.  Prints every
breach as path:line and exits 1 if there is one.
usage: check_layers.py ROOT
"""
import os
import re
import sys

LAYERS = ["common", "memsys", "core", "timing", "backends", "model", "engine", "analysis", "output", "cli"]
RANK = {name: i for i, name in enumerate(LAYERS)}
INCLUDE = re.compile(r'\s*#\s*include\s+"([^"]+)"')


def included_layer(inc, own):
    """The layer an include names, or None when it names none."""
    parts = inc.split("/")
    if len(parts) == 1:
        return own
    if parts[0] == "cyclesim":
        return parts[1] if len(parts) == 3 else None
    return parts[0] if len(parts) == 2 else None


def breaches(root):
    found = []
    for top in ("src", os.path.join("include", "cyclesim")):
        base = os.path.join(root, top)
        for entry in sorted(os.listdir(base)):
            path = os.path.join(base, entry)
            if not os.path.isdir(path):
                if top != "src":
                    found.append(f"{top}/{entry}:1: a header outside every layer's folder")
                continue
            if entry not in RANK:
                found.append(f"{top}/{entry}: a folder that is no layer")
                continue
            for folder, _, files in os.walk(path):
                for name in sorted(files):
                    if not name.endswith((".c", ".h", ".def")):
                        continue
                    file = os.path.join(folder, name)
                    rel = os.path.relpath(file, root)
                    with open(file, encoding="utf-8", errors="replace") as f:
                        for line_no, line in enumerate(f, 1):
                            m = INCLUDE.match(line)
                            if not m:
                                continue
                            inc = m.group(1)
                            layer = included_layer(inc, entry)
                            if layer not in RANK:
                                found.append(f"{rel}:{line_no}: \"{inc}\" names no layer")
                            elif RANK[layer] > RANK[entry]:
                                found.append(f"{rel}:{line_no}: {entry} includes \"{inc}\" of {layer}, a higher layer")
                            elif inc.endswith("_internal.h") and layer != entry:
                                found.append(f"{rel}:{line_no}: {entry} includes \"{inc}\", internal to {layer}")
    return found


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    found = breaches(sys.argv[1])
    for b in found:
        print(b)
    print(f"layers: {len(found)} breach(es)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
