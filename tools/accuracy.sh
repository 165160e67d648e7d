#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# accuracy.sh - LOCAL ONLY, never run by CI: the accuracy report of
# docs/accuracy.md.  Builds the benchmark firmware's CMOX back end against the
# developer's own X-CUBE-CRYPTOLIB install, runs `cyclesim compare` of every
# CMOX image against ST's published page of each MCU (cold and warm start), and
# `cyclesim calibrate` of the uncertain model keys with held-out rows, and
# writes the reports into docs/accuracy/ (JSON reports of compare, the
# calibration report and overlay, and summary.md with the per-row tables made
# from the JSON; figures only: nothing built with ST's library is written there).
#
#   STM32U0 page: emu-m0plus images on stm32u083rc (measured with V4)
#   STM32L0 page: emu-m0plus images on stm32l073rz (when
#                 data/published/stm32l073rz.json exists)
#   STM32L5 page: emu-m33    images on stm32l552ze (measured with V4)
#   STM32U3 page: emu-m33    images on stm32u385rg (measured with V5)
# A page measured with another major version than the install's is compared
# all the same (approximate: the report says so at the top) and never
# calibrated on.  The version comes from the headers, as cmox.cmake detects it.
# V5 adds the mldsa family (on stm32u083rc its 40-KB nucleo-u083rc image,
# which holds more cases) and writes into docs/accuracy/v5/ instead, so the
# V4 reports stay.  Without an archive for Cortex-M33 in the install (ST's
# public V5 is Cortex-M0+ only) the emu-m33 runs are left out.
#
# usage: CMOX_ROOT=<X-CUBE-CRYPTOLIB>/Middlewares/ST/STM32_Cryptographic \
#            tools/accuracy.sh [WORKDIR]
#
#   WORKDIR        where the firmware is built (default: a new temporary
#                  directory; never inside the repository unless git ignores it)
#   CMOX_FAMILIES  CMOX image families (default "cipher hash ecc rsa", plus
#                  mldsa with V5; rsa on the Cortex-M0+ runs billions of cycles:
#                  leave it out for a quick run)
#   CYCLESIM       the cyclesim binary (default: build/cyclesim)
#   JOBS           -j for cyclesim (default: number of CPUs)
#   STEPS          any of "compare sensitivity calibrate interval" (default: all four;
#                  interval runs compare --range: a search of many runs per page)
#   FIT_FAMILIES   the images calibrate fits on (default "hash": every fitting
#                  iteration reruns them once per key, so small images)
# Exit status: 0 when every report was written, 1 when a run failed, 2 on usage
# or build errors.
set -eu

if [ -n "${CI:-}" ] || [ -n "${GITHUB_ACTIONS:-}" ]; then
    echo "accuracy.sh: not for CI (ST's library is not redistributable)" >&2
    exit 2
fi
if [ -z "${CMOX_ROOT:-}" ] || [ ! -f "$CMOX_ROOT/include/cmox_crypto.h" ]; then
    echo "accuracy.sh: set CMOX_ROOT to the STM32_Cryptographic folder of your" \
         "X-CUBE-CRYPTOLIB install (the one with include/ and lib/)" >&2
    exit 2
fi

repo=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d "${TMPDIR:-/tmp}/cmox-accuracy.XXXXXX")}
mkdir -p "$work"
work=$(cd "$work" && pwd)
case "$work/" in
"$repo"/*)
    if ! git -C "$repo" check-ignore -q "$work"; then
        echo "accuracy.sh: $work is inside the repository and not ignored" >&2
        exit 2
    fi
    ;;
esac
cyclesim=${CYCLESIM:-$repo/build/cyclesim}
[ -x "$cyclesim" ] || { echo "accuracy.sh: no $cyclesim: run tools/bootstrap.sh first" >&2; exit 2; }
jobs=${JOBS:-$(nproc)}
steps=${STEPS:-compare sensitivity calibrate interval}
step() { case " $steps " in *" $1 "*) return 0 ;; esac; return 1; }
fit_families=${FIT_FAMILIES:-hash}

cmake -S "$repo/firmware" -B "$work/fw" \
    -DCMAKE_TOOLCHAIN_FILE="$repo/firmware/cmake/arm-none-eabi.cmake" \
    -DCMOX_ROOT="$CMOX_ROOT" > "$work/fw-configure.log" 2>&1 ||
    { echo "accuracy.sh: firmware configure failed: $work/fw-configure.log" >&2; exit 2; }
major=4
grep -q "library V5" "$work/fw-configure.log" && major=5
m33=yes
[ -f "$CMOX_ROOT/lib/libSTM32Cryptographic_CM33.a" ] || m33=no
families=${CMOX_FAMILIES:-cipher hash ecc rsa}
[ "$major" = 5 ] && [ -z "${CMOX_FAMILIES:-}" ] && families="$families mldsa"
out=$repo/docs/accuracy
[ "$major" = 5 ] && out=$out/v5
mkdir -p "$out/sensitivity" "$work/sensitivity"
echo "accuracy.sh: CMOX V$major, families: $families; Cortex-M33 archive: $m33"
targets=""
for fam in $families; do
    targets="$targets fw-cmox-$fam-emu-m0plus"
    [ "$fam" = mldsa ] && targets="$targets fw-cmox-mldsa-nucleo-u083rc"
    [ "$m33" = yes ] && targets="$targets fw-cmox-$fam-emu-m33"
done
# shellcheck disable=SC2086
cmake --build "$work/fw" -j"$jobs" --target $targets > "$work/fw-build.log" 2>&1 ||
    { echo "accuracy.sh: firmware build failed: $work/fw-build.log" >&2; exit 2; }

# The interval step's ranges also cover the other run-time helper set: the
# same images built with FW_RT_HELPERS=fast (--rt-alt; docs/accuracy.md).
if step interval && [ "$major" = 4 ]; then
    cmake -S "$repo/firmware" -B "$work/fw-fast" \
        -DCMAKE_TOOLCHAIN_FILE="$repo/firmware/cmake/arm-none-eabi.cmake" \
        -DCMOX_ROOT="$CMOX_ROOT" -DFW_RT_HELPERS=fast > "$work/fw-fast-configure.log" 2>&1 ||
        { echo "accuracy.sh: firmware configure failed: $work/fw-fast-configure.log" >&2; exit 2; }
    # shellcheck disable=SC2086
    cmake --build "$work/fw-fast" -j"$jobs" --target $targets > "$work/fw-fast-build.log" 2>&1 ||
        { echo "accuracy.sh: firmware build failed: $work/fw-fast-build.log" >&2; exit 2; }
fi

images() { # TARGET MCU [short]: the images, in family order; short: without rsa
    for fam in $families; do
        [ "${3:-}" = short ] && [ "$fam" = rsa ] && continue
        if [ "$fam" = mldsa ] && [ "$2" = stm32u083rc ]; then
            printf '%s ' "$work/fw/nucleo-u083rc/cmox-mldsa.elf"
        else
            printf '%s ' "$work/fw/$1/cmox-$fam.elf"
        fi
    done
}
rt_alts() { # TARGET [short]: --rt-alt with each image's FW_RT_HELPERS=fast build
    for fam in $families; do
        [ "${2:-}" = short ] && [ "$fam" = rsa ] && continue
        printf -- '--rt-alt %s ' "$work/fw-fast/$1/cmox-$fam.elf"
    done
}
# The TARGET:MCU runs: those whose images were built and whose page exists.
runs=""
for run in emu-m0plus:stm32u083rc emu-m0plus:stm32l073rz emu-m33:stm32l552ze emu-m33:stm32u385rg; do
    [ "${run%%:*}" = emu-m33 ] && [ "$m33" = no ] && continue
    [ -f "$repo/data/published/${run#*:}.json" ] || continue
    runs="$runs $run"
done
page_major() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["setup"]["library_major"])' \
                   "$repo/data/published/$1.json"; }

status=0
compare() { # TARGET MCU OUTNAME [compare options...]
    t=$1 mcu=$2 name=$3
    shift 3
    echo "accuracy.sh: compare $t on $mcu ($name)"
    # shellcheck disable=SC2046
    "$cyclesim" compare $(images "$t" "$mcu" "${short:-}") --mcu "$mcu" -j "$jobs" --no-progress \
        --format json -o "$out/$name.json" "$@" 2> "$work/$name.err" ||
        { echo "  failed:" >&2; sed 's/^/  /' "$work/$name.err" >&2; status=1; }
}

# Every row from a cold start (the default); from a warm start without the RSA
# images (their rows last billions of cycles: the start state is lost in them).
# Cases run in declaration order, the pages' row order (firmware/README.md).
# The cold report also runs every case warm (rows whose cold and warm estimates
# differ by more than 1 % are marked state-sensitive) and on the baselines
# (CPI = 1, the zero-wait table, the zero-wait table + 1 cycle per flash data
# read); the warm report repeats neither.
for run in $runs; do
    step compare || break
    short="" compare "${run%%:*}" "${run#*:}" "${run#*:}-cold" --baselines
    short=short compare "${run%%:*}" "${run#*:}" "${run#*:}-warm" --warm --no-state-check
done
# Sensitivity of the memory-system keys that no document fixes (cold, no RSA).
for s in stm32u083rc:cache.ways=2 stm32u083rc:cache.hit_under_miss=true stm32l552ze:m33.fetch_first=false \
         stm32u083rc:flash.word_buffers=1 stm32u083rc:flash.data_prefetch=false stm32u083rc:cache.sectored=true \
         stm32l552ze:cache.ways=1 stm32l552ze:cache.refill_overhead=2 stm32l552ze:m33.operand2_chain=false; do
    step sensitivity || break
    mcu=${s%%:*} kv=${s#*:}
    t=emu-m33
    [ "$mcu" = stm32u083rc ] && t=emu-m0plus
    case " $runs " in *" $t:$mcu "*) ;; *) continue ;; esac
    short=short compare "$t" "$mcu" "sensitivity/$mcu-$kv" --set "$kv"
done
# The pages measured with the library the images run: fit the uncertain keys
# on two thirds of the rows of FIT_FAMILIES, report the error on the third
# held out.
for run in $runs; do
    step calibrate || break
    t=${run%%:*} mcu=${run#*:}
    [ "$(page_major "$mcu")" = "$major" ] || continue
    fit_images=""
    for fam in $fit_families; do fit_images="$fit_images $work/fw/$t/cmox-$fam.elf"; done
    echo "accuracy.sh: calibrate $t on $mcu"
    # shellcheck disable=SC2086
    "$cyclesim" calibrate $fit_images --mcu "$mcu" \
        --measured "$repo/data/published/$mcu.json" --params uncertain --holdout 3 \
        -j "$jobs" --no-progress -o "$out/$mcu-overlay.json" > "$out/$mcu-calibrate.txt" \
        2> "$work/$mcu-calibrate.err" ||
        { echo "  failed:" >&2; sed 's/^/  /' "$work/$mcu-calibrate.err" >&2; status=1; }
done
# The calibrated interval (docs/accuracy.md "Calibrated interval"): every
# page's rows with their range over the uncertain keys (cold, and for the rows
# whose estimate depends on the start state the warm range too: the pages do
# not say which state a row was measured in; RSA only on the Cortex-M33, whose
# RSA rows last millions and not billions of cycles), then
# the margins fitted leave-one-page-out by tools/fit_interval.py into
# data/accuracy/ (V4 only: the fit is on the pages V4 measured).
range_reports=""
for run in $runs; do
    step interval || break
    [ "$major" = 4 ] || break
    t=${run%%:*} mcu=${run#*:}
    r=short
    [ "$t" = emu-m33 ] && r=""
    # shellcheck disable=SC2046
    short=$r compare "$t" "$mcu" "$mcu-range" --range $(rt_alts "$t" "$r")
    range_reports="$range_reports $out/$mcu-range.json"
done
find "$out" -type f \( -name '*.md' -o -name '*.json' -o -name '*.txt' \) \
    -exec sed -i "s|$work/fw/|<build>/|g; s|$work/fw-fast/|<build-fast>/|g; s|$repo/||g" {} +
if [ -n "$range_reports" ]; then
    # shellcheck disable=SC2086
    python3 "$repo/tools/fit_interval.py" residuals $range_reports -o "$repo/data/accuracy/residuals.json" &&
        python3 "$repo/tools/fit_interval.py" fit "$repo/data/accuracy/residuals.json" \
            "$repo/data/accuracy/classes.json" -o "$repo/data/accuracy/intervals.json" || status=1
fi
python3 "$repo/tools/accuracy_summary.py" "$out" > "$out/summary.md" || status=1
echo "accuracy.sh: reports in ${out#"$repo"/}/ (summary.md)"
exit $status
