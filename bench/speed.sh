#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Simulation speed in one run (docs/performance.md is made from its output):
#  1. MIPS per model on the bundled emulator images (whole images, -j 1: the
#     simulated instructions of the whole run over its CPU seconds);
#  2. cyclesim against Unicorn alone (bench/uc_bare.c: no hooks) on the same
#     call, one long case of the RSA and Ed25519 images on every model: CPU
#     seconds of each, and their ratio; and against the floor of any simulator
#     that sees every block and data access (uc_bare --hooked: hooks that do
#     nothing, SRAM mapped as cyclesim maps it);
#  3. each published page's images (every bundled image with rows on it) with
#     `compare -j 2`: wall and CPU seconds.
# The machines are shared: compare CPU seconds and ratios within one run.
# Needs /usr/bin/time (Debian package time) and a built tree (cmake --build).
# usage: bench/speed.sh [BUILD_DIR] [SECTIONS]   (default: build 123)
#   BENCH_PAGES: the pages of section 3 (default: stm32u083rc stm32l552ze stm32u385rg)
set -eu
build=${1:-build}
sections=${2:-123}
cs=$build/cyclesim
bare=$build/uc_bare
fw=$build/firmware
[ -x /usr/bin/time ] || { echo "bench/speed.sh: needs /usr/bin/time (Debian package time)" >&2; exit 1; }
[ -x "$cs" ] && [ -x "$bare" ] || { echo "bench/speed.sh: no $cs or $bare: build first" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# timed CMD... : runs CMD (stdout to $tmp/out), leaves "wall cpu" in $tmp/t.
timed() {
    /usr/bin/time -f '%e %U %S' -o "$tmp/time" "$@" > "$tmp/out" 2> "$tmp/err" ||
        { echo "bench/speed.sh: failed: $*" >&2; cat "$tmp/err" >&2; exit 1; }
    awk '{ printf "%.2f %.2f\n", $1, $2 + $3 }' "$tmp/time" > "$tmp/t"
}
# The instructions of a `cyclesim run` table (its total line).
insns() { sed -n 's/^total *[0-9]* *\([0-9]*\) *(whole run.*/\1/p' "$tmp/out"; }
models_of() {
    case $1 in
        emu-m0plus/*) echo stm32l073rz stm32u083rc stm32l552ze stm32u385rg ;;
        *) echo stm32l552ze stm32u385rg ;;
    esac
}
case_index() { # ELF NAME -> index in the case table
    "$cs" list-cases "$1" | awk -v n="$2" 'NR > 1 && $1 == n { print NR - 2 }'
}

case $sections in *1*)
echo "== 1. MIPS per model, whole images (cyclesim run -j 1; CPU seconds)"
printf '%-20s %-12s %13s %8s %7s\n' image model instructions cpu_s MIPS
for img in emu-m0plus/sha emu-m0plus/aes emu-m0plus/ed25519 emu-m0plus/ecdsa emu-m0plus/mldsa \
           emu-m33/sha emu-m33/aes emu-m33/ed25519 emu-m33/ecdsa emu-m33/mldsa; do
    for m in $(models_of "$img"); do
        timed "$cs" run "$fw/$img.elf" --mcu "$m" --no-progress -j 1
        echo "$img $m $(insns) $(cat "$tmp/t")" |
            awk '{ printf "%-20s %-12s %13d %8.2f %7.1f\n", $1, $2, $3, $5, $3 / $5 / 1e6 }'
    done
done
echo
;; esac

case $sections in *2*)
echo "== 2. cyclesim against Unicorn alone on the same call (CPU seconds; bare: bench/uc_bare.c, no hooks;"
echo "      floor: uc_bare --hooked, a block and a memory hook that do nothing)"
printf '%-46s %-12s %12s %8s %7s %8s %9s %7s %8s %10s %7s\n' case model instructions cs_cpu_s cs_MIPS bare_s bare_MIPS \
    ratio floor_s floor_MIPS cs/floor
for pair in emu-m0plus/rsa:rsa-pss-sign/3072/crt/fast/w5 emu-m0plus/ed25519:ed25519-sign/fast/low/1023 \
            emu-m33/rsa:rsa-pss-sign/3072/crt/fast/w5 emu-m33/ed25519:ed25519-sign/fast/low/1023; do
    img=${pair%%:*} name=${pair#*:}
    k=$(case_index "$fw/$img.elf" "$name")
    for m in $(models_of "$img"); do
        timed "$cs" run "$fw/$img.elf" --mcu "$m" --case "$name" --no-progress -j 1
        n=$(insns) c=$(cut -d' ' -f2 "$tmp/t")
        timed "$bare" "$fw/$img.elf" "$m" "$k"
        b=$(cat "$tmp/out")
        timed "$bare" --hooked "$fw/$img.elf" "$m" "$k"
        f=$(cat "$tmp/out")
        echo "$img:$name $m $n $c $b $f" | awk '{ printf "%-46s %-12s %12d %8.2f %7.1f %8.2f %9.1f %6.2fx %8.2f %10.1f %6.2fx\n",
            $1, $2, $3, $4, $3 / $4 / 1e6, $5, $3 / $5 / 1e6, $4 / $5, $6, $3 / $6 / 1e6, $4 / $6 }'
    done
done
echo
;; esac

case $sections in *3*)
echo "== 3. whole pages with compare -j 2 (every bundled image with rows on the page)"
printf '%-14s %-12s %-48s %8s %8s\n' page model images wall_s cpu_s
for page in stm32u083rc:emu-m0plus:"sha aes aes_hw ed25519 ecdsa mldsa rsa" \
            stm32l552ze:emu-m33:"sha aes ed25519 ecdsa mldsa rsa" \
            stm32u385rg:emu-m33:"sha aes ed25519 ecdsa mldsa rsa"; do
    m=${page%%:*} rest=${page#*:}
    case " ${BENCH_PAGES:-stm32u083rc stm32l552ze stm32u385rg} " in *" $m "*) ;; *) continue ;; esac
    dir=${rest%%:*} fams=${rest#*:}
    set --
    for f in $fams; do set -- "$@" "$fw/$dir/$f.elf"; done
    timed "$cs" compare "$@" --mcu "$m" -j 2 --no-progress
    echo "$m.json $m $dir/{$(echo $fams | tr ' ' ,)} $(cat "$tmp/t")" |
        awk '{ printf "%-14s %-12s %-48s %8.1f %8.1f\n", $1, $2, $3, $4, $5 }'
done
;; esac
