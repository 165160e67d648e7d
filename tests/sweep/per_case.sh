#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A case run on its own gives exactly the numbers it gives in one run of its
# whole image: with -j 2, src/engine/jobs.c splits every cold job over several
# cases into one emulation per case; with -j 1 each image runs whole on each
# model, the cases one after the other as on a board.  `cyclesim ARGS -j 2`
# must print what `-j 1` prints (output, messages and exit status, byte for
# byte), and must really have run cases on their own (its plan,
# CYCLESIM_DEBUG_JOBS).
# usage: per_case.sh CYCLESIM WORKDIR SUBCOMMAND ARGS...
set -u
cs=$1 work=$2
shift 2
mkdir -p "$work"
"$cs" "$@" --no-progress -j 1 > "$work/out-1" 2> "$work/err-1"
echo $? > "$work/rc-1"
CYCLESIM_DEBUG_JOBS=1 "$cs" "$@" --no-progress -j 2 > "$work/out-2" 2> "$work/plan-2"
echo $? > "$work/rc-2"
grep -v '^cyclesim: run [0-9]*: job ' "$work/plan-2" > "$work/err-2"
for f in out err rc; do
    cmp "$work/$f-1" "$work/$f-2" || { echo "FAIL: $f differs with -j 2: $*"; exit 1; }
done
[ "$(cat "$work/rc-1")" = 0 ] || { echo "FAIL: exit status $(cat "$work/rc-1"): $*"; cat "$work/err-1"; exit 1; }
[ -s "$work/out-1" ] || { echo "FAIL: no output: $*"; exit 1; }
runs=$(grep -c ', cases [0-9]*+1, ' "$work/plan-2")
[ "$runs" -gt 1 ] || { echo "FAIL: -j 2 ran no case on its own: $*"; exit 1; }
echo "-j 2 ($runs runs of one case) == -j 1: $*"
