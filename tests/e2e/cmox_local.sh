#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# cmox_local.sh - LOCAL ONLY, never run by CI: build the CMOX images (the
# benchmark cases through ST's X-CUBE-CRYPTOLIB, firmware/cmox/) against the
# developer's own library install and run them in cyclesim on the two models
# whose published pages were measured with CMOX V4:
#   emu-m0plus images on stm32u083rc (STM32U0 page)
#   emu-m33    images on stm32l552ze (STM32L5 page)
# and, with a V5 install, the emu-m33 images also on stm32u385rg (STM32U3 page).
# Prints, per case, its status, cycles, the published cycles of its row
# (data/published/<mcu>.json) and the difference, and the working buffer the
# library reported next to the published one.
#
# usage: CMOX_ROOT=<X-CUBE-CRYPTOLIB>/Middlewares/ST/STM32_Cryptographic \
#            tests/e2e/cmox_local.sh [WORKDIR]
#
#   WORKDIR        where everything is built (default: a new temporary
#                  directory); must not be inside the repository unless
#                  git ignores it: the CMOX images must never be committed.
#   CMOX_FAMILIES  families to build and run (default "cipher hash ecc rsa",
#                  plus mldsa with V5).  The rsa images are slow in the
#                  emulator (the Cortex-M0+ no-CRT signatures are about four
#                  billion cycles each): leave rsa out for a quick run.
#   CYCLESIM       a cyclesim binary to use instead of building one.
#
# Needs: cmake, a host C compiler and cyclesim's dependencies, arm-none-eabi-gcc
# with newlib-nano, python3 (for the comparison).  Fetches nothing: ST's
# library comes only from CMOX_ROOT.  Exit status: 0 when every case of every
# image passed, 1 otherwise, 2 on usage or build errors.
set -eu

if [ -n "${CI:-}" ] || [ -n "${GITHUB_ACTIONS:-}" ]; then
    echo "cmox_local.sh: not for CI (ST's library is not redistributable)" >&2
    exit 2
fi
if [ -z "${CMOX_ROOT:-}" ] || [ ! -f "$CMOX_ROOT/include/cmox_crypto.h" ]; then
    echo "cmox_local.sh: set CMOX_ROOT to the STM32_Cryptographic folder of your" \
         "X-CUBE-CRYPTOLIB install (the one with include/ and lib/)" >&2
    exit 2
fi

repo=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:-$(mktemp -d "${TMPDIR:-/tmp}/cmox-local.XXXXXX")}
mkdir -p "$work"
work=$(cd "$work" && pwd)
case "$work/" in
"$repo"/*)
    if ! git -C "$repo" check-ignore -q "$work"; then
        echo "cmox_local.sh: $work is inside the repository and not ignored:" \
             "choose another WORKDIR" >&2
        exit 2
    fi
    ;;
esac
echo "cmox_local.sh: working in $work"

# ---- cyclesim ---------------------------------------------------------------
if [ -z "${CYCLESIM:-}" ]; then
    cmake -S "$repo" -B "$work/cyclesim" -DCYCLESIM_FIRMWARE=OFF -DBUILD_TESTING=OFF \
        > "$work/cyclesim-configure.log" 2>&1 ||
        { echo "cyclesim configure failed: $work/cyclesim-configure.log" >&2; exit 2; }
    cmake --build "$work/cyclesim" --target cyclesim -j > "$work/cyclesim-build.log" 2>&1 ||
        { echo "cyclesim build failed: $work/cyclesim-build.log" >&2; exit 2; }
    CYCLESIM=$work/cyclesim/cyclesim
fi

# ---- CMOX images ------------------------------------------------------------
cmake -S "$repo/firmware" -B "$work/fw" \
    -DCMAKE_TOOLCHAIN_FILE="$repo/firmware/cmake/arm-none-eabi.cmake" \
    -DCMOX_ROOT="$CMOX_ROOT" > "$work/fw-configure.log" 2>&1 ||
    { echo "firmware configure failed: $work/fw-configure.log" >&2; exit 2; }
major=4
grep -q "library V5" "$work/fw-configure.log" && major=5
families=${CMOX_FAMILIES:-cipher hash ecc rsa}
if [ "$major" = 5 ] && [ -z "${CMOX_FAMILIES:-}" ]; then
    families="$families mldsa"
fi
echo "cmox_local.sh: CMOX V$major, families: $families"

# target:mcu pairs; mldsa exists for the M33 target only.
runs="emu-m0plus:stm32u083rc emu-m33:stm32l552ze"
[ "$major" = 5 ] && runs="$runs emu-m33:stm32u385rg"

targets=""
for fam in $families; do
    for t in emu-m0plus emu-m33; do
        [ "$fam" = mldsa ] && [ "$t" = emu-m0plus ] && continue
        targets="$targets fw-cmox-$fam-$t"
    done
done
# shellcheck disable=SC2086
cmake --build "$work/fw" -j --target $targets > "$work/fw-build.log" 2>&1 ||
    { echo "firmware build failed: $work/fw-build.log" >&2; exit 2; }

# ---- run --------------------------------------------------------------------
status=0
mkdir -p "$work/runs"
for run in $runs; do
    t=${run%%:*} mcu=${run#*:}
    for fam in $families; do
        elf=$work/fw/$t/cmox-$fam.elf
        [ -f "$elf" ] || continue
        base=$work/runs/$mcu-$fam
        echo "cmox_local.sh: $t/cmox-$fam.elf on $mcu ..."
        rc=0
        "$CYCLESIM" run "$elf" --mcu "$mcu" --format json --console "$base.console" \
            > "$base.json" 2> "$base.err" || rc=$?
        if [ "$rc" -ne 0 ]; then
            echo "  cyclesim exit status $rc:" >&2
            sed 's/^/  /' "$base.err" >&2
            status=1
        fi
    done
done

# ---- compare with the published rows ------------------------------------------
python3 - "$repo/data/published" "$work/runs" <<'EOF' || status=1
import glob, json, os, re, sys

pub_dir, runs = sys.argv[1], sys.argv[2]
failed = 0
for path in sorted(glob.glob(os.path.join(runs, "*.json"))):
    try:
        recs = json.load(open(path))["records"]
    except (ValueError, KeyError):
        print("%s: no result (see %s)" % (os.path.basename(path), path[:-5] + ".err"))
        failed += 1
        continue
    if not recs:
        continue
    # The working buffer the library reported (bench_note_workbuf): the
    # firmware's own "@case ... workbuf=N" line, in case the JSON lacks it.
    fw_wb = {}
    console = path[:-5] + ".console"
    if os.path.exists(console):
        for line in open(console, errors="replace"):
            m = re.match(r"@case name=(\S+) .*workbuf=(\d+)", line)
            if m:
                fw_wb[m.group(1)] = int(m.group(2))
    mcu = recs[0]["mcu"]
    cyc, wb = {}, {}
    pub_path = os.path.join(pub_dir, mcu + ".json")
    if os.path.exists(pub_path):
        for sec in json.load(open(pub_path))["sections"]:
            for row in sec["rows"]:
                v = row.get("values", {})
                if sec["kind"] == "cycles" and "cycles" in v:
                    cyc[row["key"]] = v["cycles"]
                if "working_buffer" in v:
                    wb[row["key"]] = v["working_buffer"]
    print("\n%s (%s)" % (os.path.basename(path)[:-5], recs[0]["model_chain"]))
    print("%-44s %-6s %14s %14s %8s %8s %8s" % ("row", "status", "cycles", "published", "diff",
                                                "workbuf", "pub.wb"))
    for r in sorted(recs, key=lambda r: r["row"]):
        st = ["pass", "setup-fail", "run-fail", "check-fail"][r["status"]] \
            if 0 <= r["status"] <= 3 else "?"
        failed += st != "pass"
        p = cyc.get(r["row"])
        diff = "%+.1f%%" % (100.0 * (r["cycles"] - p) / p) if p else "-"
        print("%-44s %-6s %14d %14s %8s %8s %8s" % (r["row"], st, r["cycles"],
              p if p is not None else "-", diff,
              r.get("workbuf") or fw_wb.get(r["case"]) or "-", wb.get(r["row"], "-")))
print("\n%d failing case(s)" % failed)
sys.exit(1 if failed else 0)
EOF
echo "cmox_local.sh: results in $work/runs (keep them out of the repository)"
exit $status
