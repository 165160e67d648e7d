#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The shared options (src/cli/options.c) through every subcommand that takes
# them, with the same meaning: each option's error and its effect are the same
# in run, profile, sweep, compare, calibrate and check.  On the small firmware
# of tests/output/.
# usage: run_shared_options.sh CYCLESIM SOURCE_DIR WORKDIR
set -u
cyclesim=$1 src=$2 work=$3
mkdir -p "$work" && cd "$work" || exit 2
sh "$src/tests/output/build_fw.sh" "$src" small.elf || exit 2
cp "$src/tests/output/inputs/board-u083.txt" . || exit 2
printf '{"cyclesim_overlay": 1, "keys": 3}\n' > bad-overlay.json
export LC_ALL=C
fail=0 pass=0
# Host timings, the one thing that differs from run to run.
# The table's total row counts the emulation work (with -j 2 each case is a run
# of its own, start-up included: docs/performance.md), as the host time does.
# The provenance line names the --set or overlay a run was made with: that is
# what differs between them, not the results compared here.
mask() { sed -e 's/^total .*(whole run, [0-9.]* s host, [0-9.]* MIPS)/total (whole run)/' -e '/provenance/d' "$1"; }
same() { mask "$1" > a.masked; mask "$2" > b.masked; cmp -s a.masked b.masked; }

# The command line of each subcommand on the small firmware, on stm32u083rc.
base() {
    case $1 in
    run|profile|sweep) echo "$1 small.elf --mcu stm32u083rc" ;;
    compare) echo "compare small.elf --mcu stm32u083rc --published board-u083.txt" ;;
    calibrate) echo "calibrate small.elf --mcu stm32u083rc --measured board-u083.txt --params flash.wait_states" ;;
    check) echo "check small.elf --baseline small.elf --mcu stm32u083rc" ;;
    esac
}
# The shared options each takes (cyclesim CMD --help lists them); the others
# are refused with the reason `CMD --help` gives ("not offered by CMD").
takes() {
    case $1:$2 in
    *:mcu|*:set|*:jobs|*:max-insns|*:no-progress|*:warm) return 0 ;;
    run:*|profile:*|sweep:*) return 0 ;;
    compare:case|compare:format|compare:shard|calibrate:format|check:case|check:shard) return 0 ;;
    esac
    return 1
}
# expect CODE TEXT ARGS...: exit CODE and TEXT on stderr (TEXT may be empty).
expect() {
    want=$1 text=$2
    shift 2
    "$cyclesim" "$@" > out.txt 2> err.txt
    got=$?
    if [ "$got" != "$want" ] || { [ -n "$text" ] && ! grep -qF -- "$text" err.txt; }; then
        echo "FAIL $*: exit $got (expected $want${text:+, stderr with \"$text\"})"; sed 's/^/    /' err.txt
        fail=$((fail + 1))
        return 1
    fi
    pass=$((pass + 1))
}

for cmd in run profile sweep compare calibrate check; do
    # shellcheck disable=SC2046
    set -- $(base $cmd)
    expect 0 "" "$@" || continue
    cp out.txt "$cmd.ref"
    # --mcu: an unknown model is exit 4 everywhere (sweep/compare/calibrate take one).
    # shellcheck disable=SC2046
    expect 4 'unknown MCU "stm32f999"' $(base $cmd | sed 's/--mcu stm32u083rc/--mcu stm32f999/')
    # --set KEY=VALUE: an unknown key is exit 4; --set @FILE: a bad overlay is exit 9.
    case $cmd in
    sweep) expect 2 'unknown model key "flash.wait_state"' "$@" --set flash.wait_state=1 ;;
    *) expect 4 'unknown model key "flash.wait_state"' "$@" --set flash.wait_state=1 ;;
    esac
    expect 9 "bad-overlay.json" "$@" --set @bad-overlay.json
    # --set @FILE changes the model as --set KEY=VALUE does (sweep: as --cache off).
    printf '{"cyclesim_overlay": 1, "base_model": "stm32u083rc", "keys": {"cache.enabled": false}}\n' > nocache.json
    if [ $cmd = sweep ]; then set_arg="--cache off"; else set_arg="--set cache.enabled=false"; fi
    # shellcheck disable=SC2086
    "$cyclesim" "$@" $set_arg > set.txt 2>/dev/null
    "$cyclesim" "$@" --set @nocache.json > overlay.txt 2>/dev/null
    if same set.txt overlay.txt && ! same set.txt "$cmd.ref"; then pass=$((pass + 1)); else
        echo "FAIL $cmd: --set @FILE and $set_arg differ, or change nothing"; fail=$((fail + 1)); fi
    # -j: a bad count is exit 2; -j 0 and -j 2 print what -j 1 prints.
    expect 2 "-j x: a worker count" "$@" -j x
    for j in 0 2; do
        expect 0 "" "$@" -j $j && { same out.txt "$cmd.ref" || { echo "FAIL $cmd -j $j: output differs from -j 1"
            fail=$((fail + 1)); }; }
    done
    # --max-insns: a run stopped at the limit is exit 6; a bad value exit 2.
    expect 6 "instruction limit of 1000 reached" "$@" --max-insns 1000
    expect 2 "--max-insns 0: a positive integer" "$@" --max-insns 0
    # --no-progress: accepted, output unchanged.
    expect 0 "" "$@" --no-progress && { same out.txt "$cmd.ref" || { echo "FAIL $cmd --no-progress: output differs"
        fail=$((fail + 1)); }; }
    # --case: a glob matching nothing is exit 2; one matching selects those cases only
    # (compare still lists the measured fill/32 row, as a row without a case).
    if takes $cmd case; then
        expect 2 "nothing*" "$@" --case 'nothing*'
        expect 0 "" "$@" --case 'sum/*' && { grep -q 'sum/8' out.txt && { [ $cmd = compare ] ||
            ! grep -q 'fill/32' out.txt; } || { echo "FAIL $cmd --case 'sum/*': fill/32 shown or sum/8 missing"
            fail=$((fail + 1)); }; }
    else
        expect 2 "--case is not offered by $cmd: " "$@" --case 'sum/*'
    fi
    # --warm: the output says which state it was measured in (every subcommand takes it).
    expect 0 "" "$@" --warm && { grep -qi 'warm' out.txt && ! grep -qi 'state cold' out.txt ||
        { echo "FAIL $cmd --warm: output does not say warm"; fail=$((fail + 1)); }; }
    # --call: run, profile and sweep time one function; a missing one is exit 2.
    if takes $cmd call; then
        expect 2 'no function named "nothere"' "$@" --call nothere
        expect 0 "" "$@" --call no_setup --arg 0 && { grep -q 'no_setup' out.txt ||
            { echo "FAIL $cmd --call no_setup: the function is not in the output"; fail=$((fail + 1)); }; }
        expect 2 "benchmark cases; --call" "$@" --call no_setup --case 'sum/*'
    else
        expect 2 "--call is not offered by $cmd: " "$@" --call no_setup
        expect 2 "--arg is not offered by $cmd: " "$@" --arg 1
        expect 0 "" $cmd --help && { grep -q "^not offered by this subcommand" out.txt && grep -q -- "--call SYMBOL" out.txt ||
            { echo "FAIL $cmd --help does not say why --call is not offered"; fail=$((fail + 1)); }; }
    fi
    # --format: an unknown format is exit 2 with the formats it takes.
    if takes $cmd format; then
        expect 2 "--format bogus: expected table" "$@" --format bogus
    else
        expect 2 "--format is not offered by $cmd: " "$@" --format json
    fi
    # --shard K/N: a bad K/N is exit 2; 1/1 is the whole run; the shards of 2
    # hold each case exactly once; with --warm (or compare's state check) exit 2.
    if takes $cmd shard; then
        expect 2 "--shard 0/2: expected K/N" "$@" --shard 0/2
        expect 2 "--shard with --warm" "$@" --shard 1/2 --warm
        if [ $cmd = compare ]; then
            expect 2 "compare --shard needs --no-state-check" "$@" --shard 1/1
            "$cyclesim" "$@" --no-state-check > ref-nsc.txt 2>/dev/null
            expect 0 "" "$@" --shard 1/1 --no-state-check && { same out.txt ref-nsc.txt ||
                { echo "FAIL $cmd --shard 1/1: output differs from the whole run"; fail=$((fail + 1)); }; }
        else
            expect 0 "" "$@" --shard 1/1 && { same out.txt "$cmd.ref" ||
                { echo "FAIL $cmd --shard 1/1: output differs from the whole run"; fail=$((fail + 1)); }; }
            "$cyclesim" "$@" --shard 1/2 > shard1.txt 2>/dev/null; "$cyclesim" "$@" --shard 2/2 > shard2.txt 2>/dev/null
            for name in fill/32 sum/32 sum/8; do
                n=0
                for s in shard1.txt shard2.txt; do grep -q " $name \|^$name \|: $name\$" $s && n=$((n + 1)); done
                [ $n = 1 ] || { echo "FAIL $cmd --shard K/2: $name in $n shards"; fail=$((fail + 1)); }
            done
        fi
    else
        expect 2 "--shard is not offered by $cmd: " "$@" --shard 1/2
    fi
    # --help: the option table of the subcommand, on stdout.
    expect 0 "" $cmd --help && { grep -q "^usage: cyclesim $cmd " out.txt && grep -q -- "--mcu" out.txt ||
        { echo "FAIL $cmd --help"; fail=$((fail + 1)); }; }
done

# list-cases: the cases without running them.
expect 0 "" list-cases small.elf && { [ "$(awk 'NR > 1 { print $1 }' out.txt | sort | tr '\n' ' ')" = "fill/32 sum/32 sum/8 " ] ||
    { echo "FAIL list-cases:"; cat out.txt; fail=$((fail + 1)); }; }

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
