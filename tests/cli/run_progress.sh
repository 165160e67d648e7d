#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The progress on stderr (src/cli/progress.c), with -j 1: it counts cases and
# names the one finished last; on a terminal one line is redrawn, in a log
# (stderr not a terminal) plain lines come every $CYCLESIM_PROGRESS_SECONDS
# (default 10: a short run prints none); --no-progress shows nothing.
# usage: run_progress.sh CYCLESIM ELF MCU WORKDIR
set -u
cyclesim=$1 elf=$2 mcu=$3 work=$4
mkdir -p "$work" && cd "$work" || exit 2
export LC_ALL=C
fail=0
bad() { echo "FAIL $*"; fail=1; }
cases=$("$cyclesim" list-cases "$elf" | awk 'NR > 1' | wc -l)

CYCLESIM_PROGRESS_SECONDS=0.05 "$cyclesim" run "$elf" --mcu "$mcu" -j 1 > /dev/null 2> log.txt || bad "run failed"
grep -q "^cyclesim: [0-9]*/$cases cases ([a-z0-9/-]*), [01]/1 jobs" log.txt || bad "log: no line counting the cases by name"
grep -q "^cyclesim: done: $cases/$cases cases (.*), 1/1 jobs" log.txt || bad "log: no last line"
! grep -q "$(printf '\r')\|$(printf '\033')" log.txt || bad "log: a line rewritten"
"$cyclesim" run "$elf" --mcu "$mcu" -j 1 > /dev/null 2> short.txt
! grep -q "cases\|jobs" short.txt || bad "log: a short run printed progress"
CYCLESIM_PROGRESS_SECONDS=0.05 "$cyclesim" run "$elf" --mcu "$mcu" --no-progress > /dev/null 2> none.txt
! grep -q "cases\|jobs" none.txt || bad "--no-progress: progress printed"
# On a terminal (script(1) gives the run one): the line redrawn with \r, naming a case.
if command -v script > /dev/null; then
    script -qec "'$cyclesim' run '$elf' --mcu '$mcu' -j 1 > /dev/null" /dev/null > tty.txt 2>&1
    tr '\r' '\n' < tty.txt | grep -q "^cyclesim: [0-9]*/$cases cases ([a-z0-9/-]*), 0/1 jobs" ||
        bad "terminal: no redrawn line naming a case"
fi
[ "$fail" -eq 0 ] && echo "progress: ok"
[ "$fail" -eq 0 ]
