#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# cmox_local.sh - LOCAL ONLY, never run by CI: build the CMOX images (the
# benchmark cases through ST's X-CUBE-CRYPTOLIB, firmware/cmox/) against the
# developer's own library install and run them in cyclesim:
#   V4 (the pages measured with it):
#     emu-m0plus images on stm32u083rc (STM32U0 page)
#     emu-m33    images on stm32l552ze (STM32L5 page)
#   V5 (version detected from the headers, as cmox.cmake does):
#     emu-m0plus images on stm32l073rz and stm32u083rc, the Cortex-M0+
#     models; for ML-DSA also nucleo-u083rc/cmox-mldsa.elf (40 KB of RAM: the
#     cases that do not fit the 20-KB emu-m0plus image) on stm32u083rc;
#     with an archive for Cortex-M33 in the install (not public), the emu-m33
#     images on stm32u385rg (STM32U3 page) and stm32l552ze; without one, the
#     Cortex-M33 sources are compiled only (fw-cmox-<family>-emu-m33-compile).
# Prints, per case, its status, cycles, the published cycles of its row
# (data/published/<mcu>.json, when the model has a page) and the difference,
# the working buffer the library reported next to the published one, and for
# signing the attempts and the cycles per attempt.  A V5 image that hit a
# CMOX implementation error ("@cmox-error" on its console) fails the run.
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
#   CMOX_RSA_MCUS  with V5, the Cortex-M0+ models the rsa image runs on
#                  (default "stm32u083rc": minutes per case on each model).
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

m33=yes
[ -f "$CMOX_ROOT/lib/libSTM32Cryptographic_CM33.a" ] || m33=no

# target:mcu pairs
if [ "$major" = 5 ]; then
    runs="emu-m0plus:stm32l073rz emu-m0plus:stm32u083rc nucleo-u083rc:stm32u083rc"
    [ "$m33" = yes ] && runs="$runs emu-m33:stm32u385rg emu-m33:stm32l552ze"
else
    runs="emu-m0plus:stm32u083rc emu-m33:stm32l552ze"
fi
rsa_mcus=${CMOX_RSA_MCUS:-stm32u083rc}

targets=""
for fam in $families; do
    targets="$targets fw-cmox-$fam-emu-m0plus"
    if [ "$m33" = yes ]; then
        targets="$targets fw-cmox-$fam-emu-m33"
    else
        targets="$targets fw-cmox-$fam-emu-m33-compile"
    fi
done
case " $families " in *" mldsa "*) targets="$targets fw-cmox-mldsa-nucleo-u083rc" ;; esac
# shellcheck disable=SC2086
cmake --build "$work/fw" -j --target $targets > "$work/fw-build.log" 2>&1 ||
    { echo "firmware build failed: $work/fw-build.log" >&2; exit 2; }

# ---- run --------------------------------------------------------------------
status=0
mkdir -p "$work/runs"
for run in $runs; do
    t=${run%%:*} mcu=${run#*:}
    for fam in $families; do
        # nucleo-u083rc: only its ML-DSA image, for the cases the 20-KB one lacks
        [ "$t" = nucleo-u083rc ] && [ "$fam" != mldsa ] && continue
        if [ "$major" = 5 ] && [ "$fam" = rsa ] && [ "$t" = emu-m0plus ]; then
            case " $rsa_mcus " in *" $mcu "*) ;; *) continue ;; esac
        fi
        elf=$work/fw/$t/cmox-$fam.elf
        [ -f "$elf" ] || continue
        base=$work/runs/$mcu-$t-$fam
        echo "cmox_local.sh: $t/cmox-$fam.elf on $mcu ..."
        rc=0
        "$CYCLESIM" run "$elf" --mcu "$mcu" --format json --console "$base.console" \
            > "$base.json" 2> "$base.err" || rc=$?
        if [ "$rc" -ne 0 ]; then
            echo "  cyclesim exit status $rc:" >&2
            sed 's/^/  /' "$base.err" >&2
            status=1
        fi
        if grep -q '^@cmox-error' "$base.console" 2>/dev/null; then
            grep '^@cmox-error' "$base.console" | sed 's/^/  /' >&2
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
    print("%-44s %-6s %14s %14s %8s %8s %8s  %s" % ("row", "status", "cycles", "published", "diff",
                                                    "workbuf", "pub.wb", "attempts"))
    for r in sorted(recs, key=lambda r: r["row"]):
        st = ["pass", "setup-fail", "run-fail", "check-fail"][r["status"]] \
            if 0 <= r["status"] <= 3 else "?"
        failed += st != "pass"
        p = cyc.get(r["row"])
        diff = "%+.1f%%" % (100.0 * (r["cycles"] - p) / p) if p else "-"
        att = r.get("attempts") or 0
        print("%-44s %-6s %14d %14s %8s %8s %8s  %s" % (r["row"], st, r["cycles"],
              p if p is not None else "-", diff,
              r.get("workbuf") or fw_wb.get(r["case"]) or "-", wb.get(r["row"], "-"),
              "%d (%d per attempt)" % (att, r["cycles"] // att) if att else "-"))
print("\n%d failing case(s)" % failed)
sys.exit(1 if failed else 0)
EOF
echo "cmox_local.sh: results in $work/runs (keep them out of the repository)"
exit $status
