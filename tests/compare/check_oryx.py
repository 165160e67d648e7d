#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""`cyclesim compare --format json` of the open AES-peripheral image against
Oryx's STM32U0 page (stdin): the 16 hardware rows meet their cases, the note
states the clock and the 2^20-byte MB, and every published rate is the
cycles of the case's 4096 bytes at the model's clock, both ways."""
import json
import sys

r = json.load(sys.stdin)
ok = True


def fail(msg):
    global ok
    ok = False
    print("FAIL", msg)


rows = r["cycles"]
if len(rows) != 16 or any(not x["key"].endswith("/hw") for x in rows):
    fail(f"expected the 16 hardware rows, got {[x['key'] for x in rows]}")
if not any("2^20 bytes" in n and "56 MHz" in n for n in r["notes"]):
    fail(f"no note with the clock and the MB: {r['notes']}")
for x in rows:
    c, v = x["cycles"], x["page_value"]
    if x["page_unit"] != "MB/s":
        fail(f"{x['key']}: unit {x['page_unit']}")
    want_pub = 4096 * 56e6 / (v["published"] * 2**20)
    want_est = 4096 * 56e6 / c["estimate"] / 2**20
    if abs(c["published"] - want_pub) > 1e-6 * want_pub or abs(v["estimate"] - want_est) > 1e-9 * want_est:
        fail(f"{x['key']}: {c} {v}")
    if x["status"] != 0:
        fail(f"{x['key']}: status {x['status']}")
print("check_oryx:", "ok" if ok else "FAILED", f"({len(rows)} rows)")
sys.exit(0 if ok else 1)
