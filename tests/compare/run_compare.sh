#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `cyclesim compare` end to end on the open firmware against the STM32L5 page,
# checked independently (check_report.py, awk over the page), plus the CMOX
# version banner, board outputs, and every bad input with its exit code.
# Runs are kept short with --case.
# usage: run_compare.sh CYCLESIM SOURCE_DIR FIRMWARE_DIR WORKDIR
set -u
cs=$1 src=$2 fw=$3 work=$4
here=$src/tests/compare
fix=$here/fixtures
page=$src/data/published/stm32l552ze.json
check="python3 $here/check_report.py"
export LC_ALL=C
mkdir -p "$work"
fail=0

bad() {
    echo "FAIL $*"
    fail=$((fail + 1))
}

# expect CODE NAME ARGS...: cyclesim exits with CODE (stdout, stderr kept in $work/NAME.*)
# (sh has no local variables: these names are its own.)
expect() {
    e_code=$1 e_name=$2
    shift 2
    "$cs" "$@" > "$work/$e_name.out" 2> "$work/$e_name.err"
    e_got=$?
    if [ "$e_got" != "$e_code" ]; then
        bad "$e_name: exit $e_got, expected $e_code"
        sed 's/^/    /' "$work/$e_name.err"
        return 1
    fi
    return 0
}

# Keys of the page's rows in sections of one kind, read with awk from the
# file's fixed layout (data/published/README.md), not through any JSON parser.
page_keys() {
    awk -v want="$2" '
        /^      "kind": / { k = $2; gsub(/[",]/, "", k) }
        /^          "key": / && k == want { v = $2; gsub(/[",]/, "", v); print v }
    ' "$1"
}
page_keys "$page" cycles > "$work/l5-cycle-keys"
page_keys "$page" footprint > "$work/l5-footprint-keys"
# Hand count (tests/compare/test_published.c): 152 cycle rows, 50 footprint rows on the L5 page.
[ "$(wc -l < "$work/l5-cycle-keys")" -eq 152 ] || bad "awk found $(wc -l < "$work/l5-cycle-keys") L5 cycle keys, not 152"
[ "$(wc -l < "$work/l5-footprint-keys")" -eq 50 ] || bad "awk found $(wc -l < "$work/l5-footprint-keys") L5 footprint keys"

# ---- SHA-256 (open) against the L5 page: every format ----------------------------
sha="$fw/emu-m33/sha.elf"
if expect 0 sha-json compare "$sha" --mcu stm32l552ze --case 'sha256/*' --format json -o "$work/sha.json"; then
    python3 -m json.tool "$work/sha.json" > /dev/null || bad "sha.json does not parse"
    $check summary "$work/sha.json" || bad "sha summary"
    $check cover "$work/sha.json" "$work/l5-cycle-keys" "$work/l5-footprint-keys" || bad "sha cover"
    # The estimates are what `cyclesim run` prints for the same cases.
    "$cs" run "$sha" --mcu stm32l552ze --format json > "$work/sha-run.json" || bad "cyclesim run sha"
    $check values "$work/sha.json" "$page" "$work/sha-run.json" || bad "sha values"
    # 'sha256/*' selects the page's nine SHA-256 rows (sole 16/32/64/128, flow
    # 8000 with four chunk sizes, final tag) and nothing else.
    n=$(python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(len(r['cycles']), len(r['unmatched_cases']), r['framing'], r['elf']['backend'])" "$work/sha.json")
    [ "$n" = "9 0 ratio open" ] || bad "sha: matched, unmatched cases, framing, backend = $n, expected 9 0 ratio open"
fi
if expect 0 sha-table compare "$sha" --mcu stm32l552ze --case 'sha256/sole/*'; then
    head -1 "$work/sha-table.out" | grep -q "^note: open implementation versus ST's library" ||
        bad "sha table: first line is not the open-versus-ST note"
    grep -q '^2.2.1    sha256/sole/32 ' "$work/sha-table.out" || bad "sha table: no sha256/sole/32 row"
    grep -q 'version mismatch' "$work/sha-table.out" && bad "sha table: a version banner for the open back end"
fi
if expect 0 sha-md compare "$sha" --mcu stm32l552ze --case 'sha256/sole/*' --format md; then
    grep -q '^| section | row | estimate | published | ratio | in helpers | case | helpers |$' "$work/sha-md.out" || bad "sha md: no cycles table"
    grep -q '^| 2.2.1 | `sha256/sole/64` | ' "$work/sha-md.out" || bad "sha md: no sha256/sole/64 row"
fi

# ---- AES-CBC (open): JSON and HTML ---------------------------------------------------
aes="$fw/emu-m33/aes.elf"
if expect 0 aes-json compare "$aes" --mcu stm32l552ze --case 'aes-cbc/enc/128/*' --format json -o "$work/aes.json" &&
   expect 0 aes-html compare "$aes" --mcu stm32l552ze --case 'aes-cbc/enc/128/*' --format html -o "$work/aes.html"; then
    $check summary "$work/aes.json" || bad "aes summary"
    $check cover "$work/aes.json" "$work/l5-cycle-keys" "$work/l5-footprint-keys" || bad "aes cover"
    $check html "$work/aes.html" "$work/aes.json" || bad "aes html"
    # enc/128: {small, fast} x (sole 16/32/64/128 + flow 128/512/1024/2048) = 16 rows in 2.1.1 and 2.1.2.
    n=$(python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(len(r['cycles']), sorted({c['section'] for c in r['cycles']}))" "$work/aes.json")
    [ "$n" = "16 ['2.1.1', '2.1.2']" ] || bad "aes: $n, expected 16 rows in 2.1.1 and 2.1.2"
fi
if expect 0 sha-html compare "$sha" --mcu stm32l552ze --case 'sha*' --format html -o "$work/sha.html" &&
   expect 0 sha-json2 compare "$sha" --mcu stm32l552ze --case 'sha*' --format json -o "$work/sha2.json"; then
    $check html "$work/sha.html" "$work/sha2.json" || bad "sha html"
fi

# ---- ECDSA (open): footprint rows with a working-buffer column, two runs on two workers --
if expect 0 ecdsa-json compare "$fw/emu-m33/ecdsa.elf" --mcu stm32l552ze --case 'ecdsa/p256/sign/small/*' \
       --case 'ecdsa/p384/verify/fast/high' -j 2 --format json -o "$work/ecdsa.json"; then
    $check summary "$work/ecdsa.json" || bad "ecdsa summary"
    $check cover "$work/ecdsa.json" "$work/l5-cycle-keys" "$work/l5-footprint-keys" || bad "ecdsa cover"
    n=$(python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(sorted(c['key'] for c in r['cycles']), len(r['footprint']))" "$work/ecdsa.json")
    [ "$n" = "['ecdsa/p256/sign/small/high', 'ecdsa/p256/sign/small/low', 'ecdsa/p384/verify/fast/high'] 3" ] ||
        bad "ecdsa: $n"
    # The report does not depend on the number of workers.
    expect 0 ecdsa-j1 compare "$fw/emu-m33/ecdsa.elf" --mcu stm32l552ze --case 'ecdsa/p256/sign/small/*' \
        --case 'ecdsa/p384/verify/fast/high' -j 1 --format json -o "$work/ecdsa-j1.json" &&
        { cmp -s "$work/ecdsa.json" "$work/ecdsa-j1.json" || bad "ecdsa: -j 2 and -j 1 reports differ"; }
fi

# ---- state marking and baselines: checked against separate runs -----------------------
# A row is state-sensitive when its cold and warm estimates differ by more than 1 % of the
# cold one; the other-state estimate is what `cyclesim run --warm` prints, the baselines
# come from `--set flash.interface=zero_wait` (cycles, instructions, + flash data reads).
if expect 0 state-json compare "$aes" --mcu stm32l552ze --case 'aes-cbc/enc/128/small/*' --baselines \
       --format json -o "$work/state.json" &&
   expect 0 state-off compare "$aes" --mcu stm32l552ze --case 'aes-cbc/enc/128/small/*' --no-state-check \
       --format json -o "$work/state-off.json"; then
    "$cs" run "$aes" --mcu stm32l552ze --case 'aes-cbc/enc/128/small/*' --warm --format json > "$work/state-warm.json" &&
    "$cs" run "$aes" --mcu stm32l552ze --case 'aes-cbc/enc/128/small/*' --set flash.interface=zero_wait \
        --format json > "$work/state-zw.json" || bad "state: cyclesim run"
    $check state "$work/state.json" "$work/state-warm.json" "$work/state-zw.json" "$work/state-off.json" ||
        bad "state marking / baselines"
fi

# ---- the CMOX version banner: an image claiming CMOX V4 against the V5 (U3) page ------
arm-none-eabi-gcc -mcpu=cortex-m33 -mthumb -nostdlib -Wl,-Ttext=0x08000000 -Wl,-e,reset \
    "$fix/cmox4_backend.S" -o "$work/cmox4.elf" || bad "cannot build the cmox4 fixture"
banner="CMOX version mismatch: the ELF runs CMOX V4, the page measured V5"
if expect 0 v4-table compare "$work/cmox4.elf" --mcu stm32u385rg; then
    head -1 "$work/v4-table.out" | grep -qF "WARNING: $banner" || bad "v4 table: banner not on the first line"
fi
if expect 0 v4-md compare "$work/cmox4.elf" --mcu stm32u385rg --format md; then
    sed -n 3p "$work/v4-md.out" | grep -qF "> **Warning:** $banner" || bad "v4 md: banner not under the title"
fi
if expect 0 v4-json compare "$work/cmox4.elf" --mcu stm32u385rg --format json -o "$work/v4.json"; then
    python3 -c "import json,sys; r=json.load(open(sys.argv[1])); sys.exit(not (r['version_mismatch'] and r['notes'][0].startswith(sys.argv[2]) and r['framing'] == 'error'))" \
        "$work/v4.json" "$banner" || bad "v4 json: no version_mismatch / banner note"
fi
if expect 0 v4-html compare "$work/cmox4.elf" --mcu stm32u385rg --format html -o "$work/v4.html"; then
    $check html "$work/v4.html" "$work/v4.json" --warn "$banner" || bad "v4 html banner"
fi
# Control: the same image against a V4 page has no banner.
if expect 0 v4-l5 compare "$work/cmox4.elf" --mcu stm32l552ze; then
    grep -q "mismatch" "$work/v4-l5.out" && bad "v4 against the V4 page: a mismatch banner"
fi

# ---- several images: the union of the single-image comparisons ------------------------
# sha.elf and aes.elf hold disjoint cases (firmware/README.md); each glob matches in one image only.
if expect 0 sha-one compare "$sha" --mcu stm32l552ze --case 'sha256/sole/*' --case 'sha384/*' \
       --format json -o "$work/one-sha.json" &&
   expect 0 aes-one compare "$aes" --mcu stm32l552ze --case 'aes-cbc/*/128/small/*' --format json -o "$work/one-aes.json" &&
   expect 0 two-j2 compare "$sha" "$aes" --mcu stm32l552ze --case 'sha256/sole/*' --case 'sha384/*' \
       --case 'aes-cbc/*/128/small/*' -j 2 --format json -o "$work/two.json"; then
    $check union "$work/two.json" "$work/one-sha.json" "$work/one-aes.json" || bad "two images: not the union"
    $check summary "$work/two.json" || bad "two images: summary"
    $check cover "$work/two.json" "$work/l5-cycle-keys" "$work/l5-footprint-keys" || bad "two images: cover"
    expect 0 two-j1 compare "$sha" "$aes" --mcu stm32l552ze --case 'sha256/sole/*' --case 'sha384/*' \
        --case 'aes-cbc/*/128/small/*' -j 1 --format json -o "$work/two-j1.json" &&
        { cmp -s "$work/two.json" "$work/two-j1.json" || bad "two images: -j 2 and -j 1 reports differ"; }
fi
if expect 0 two-table compare "$sha" "$aes" --mcu stm32l552ze --case 'sha256/sole/32' --case 'aes-cbc/enc/128/small/sole/16'; then
    [ "$(grep -c '^ELF: ' "$work/two-table.out")" -eq 2 ] || bad "two images table: not one ELF line per image"
    grep -q "^2.2.1    sha256/sole/32 .*sha256/sole/32\( ([a-z, ]*)\)\{0,1\}\( {[^}]*}\)\{0,1\}  \[$sha\]\$" "$work/two-table.out" ||
        bad "two images table: the sha256/sole/32 row does not name its image"
    grep -q "aes-cbc/enc/128/small/sole/16\( ([a-z, ]*)\)\{0,1\}\( {[^}]*}\)\{0,1\}  \[$aes\]\$" "$work/two-table.out" ||
        bad "two images table: the AES row does not name its image"
fi

# ---- the CMOX banner over several images ---------------------------------------------
cp "$work/cmox4.elf" "$work/cmox4-copy.elf"
if expect 0 v4-two compare "$work/cmox4.elf" "$work/cmox4-copy.elf" --mcu stm32u385rg; then
    head -1 "$work/v4-two.out" | grep -qF "WARNING: CMOX version mismatch: the ELFs run CMOX V4, the page measured V5" ||
        bad "two V4 images: banner not on the first line"
fi
# An open image beside a V4 one: both said, every row a ratio.
if expect 0 mixed compare "$work/cmox4.elf" "$sha" --mcu stm32u385rg --case 'sha256/sole/32' --format json \
       -o "$work/mixed.json"; then
    python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
n = r['notes']
ok = (r['framing'] == 'ratio' and r['version_mismatch'] and len(n) >= 2
      and n[0].startswith('CMOX version mismatch: 1 of the 2 ELFs run another CMOX version than the page')
      and n[1].startswith('mixed back ends: 1 of the 2 ELFs run the open implementation')
      and [e['backend'] for e in r['elfs']] == ['cmox4', 'open'] and r['cycles'][0]['elf'] == sys.argv[2])
sys.exit(not ok)" "$work/mixed.json" "$sha" || bad "mixed back ends: notes, framing or elfs wrong"
fi

# ---- a case that fails its own check: exit 1, kept and marked, out of the summaries -----
arm-none-eabi-gcc -mcpu=cortex-m33 -mthumb -nostdlib -Wl,-Ttext=0x08000000 -Wl,-e,reset \
    "$fix/failing_case.S" -o "$work/failing.elf" || bad "cannot build the failing-case fixture"
if expect 1 failing compare "$work/failing.elf" --mcu stm32l552ze --format json -o "$work/failing.json"; then
    grep -q "case sha256/sole/32 failed its check (status 3)" "$work/failing.err" || bad "failing: no message"
    python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
ok = (len(r['cycles']) == 1 and r['cycles'][0]['failed'] and r['cycles'][0]['status'] == 3
      and r['cycles'][0]['key'] == 'sha256/sole/32' and r['summary'] == [])
sys.exit(not ok)" "$work/failing.json" || bad "failing: the row is not kept, marked and left out of the summary"
fi

# ---- a board output as the measured results -------------------------------------------
if expect 0 board compare "$sha" --mcu stm32l552ze --case 'sha256/sole/32' --published "$fix/board_ok.txt" --format json; then
    # board_ok.txt: sha256/sole/32 measured 4702 cycles; its three other cases are not in sha.elf.
    python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
ok = (r['measured']['board_output'] and r['framing'] == 'error' and len(r['cycles']) == 1
      and r['cycles'][0]['cycles']['published'] == 4702 and len(r['unmatched_published']) == 3)
sys.exit(not ok)" "$work/board.out" || bad "board: not 1 matched row at 4702 cycles with 3 unmatched, error framing"
fi

# ---- bad inputs and usage: exit code and message --------------------------------------
set -f # the --case globs are cyclesim's, not the shell's
while IFS='|' read -r name code args want; do
    name=$(echo "$name" | sed 's/ //g')
    case $name in ''|'#'*) continue ;; esac
    code=$(echo "$code" | sed 's/ //g')
    want=$(echo "$want" | sed 's/^ *//; s/ *$//')
    args=$(echo "$args" | sed "s#@SHA#$sha#g; s#@AES#$aes#; s#@M0SHA#$fw/emu-m0plus/sha.elf#; s#@FIX#$fix#g")
    # shellcheck disable=SC2086
    if expect "$code" "$name" compare $args && ! grep -qF -- "$want" "$work/$name.err"; then
        bad "$name: stderr lacks \"$want\""
        sed 's/^/    /' "$work/$name.err"
    fi
done <<'EOF'
# name           | exit | arguments after `cyclesim compare`                                  | stderr contains
bad_negative     | 9 | @SHA --mcu stm32l552ze --case sha256/sole/32 --published @FIX/bad_negative.json | values.cycles: -8000 is negative
bad_syntax       | 9 | @SHA --mcu stm32l552ze --case sha256/sole/32 --published @FIX/bad_syntax.json   | bad_syntax.json:9: not valid JSON
bad_version      | 9 | @SHA --mcu stm32l552ze --case sha256/sole/32 --published @FIX/bad_version.json  | schema_version: 2 is not 1
board_failed     | 9 | @SHA --mcu stm32l552ze --case sha256/sole/32 --published @FIX/board_failed.txt  | board_failed.txt:3: @case sha256/sole/64: status check-fail
board_truncated  | 9 | @SHA --mcu stm32l552ze --case sha256/sole/32 --published @FIX/board_truncated.txt | board_truncated.txt:3: @case: malformed
board_none       | 9 | @SHA --mcu stm32l552ze --case sha256/sole/32 --published @FIX/board_none.txt    | no @cyclesim-bench line
no_page          | 9 | @M0SHA --mcu stm32l073rz --case sha256/sole/32                                  | --published auto: no page
missing_file     | 7 | @SHA --mcu stm32l552ze --case sha256/sole/32 --published @FIX/no-such-file.json | no-such-file.json: cannot open
mcu_all          | 2 | @SHA --mcu all                                                                  | one MCU model
mcu_list         | 2 | @SHA --mcu stm32l552ze,stm32u385rg                                              | one MCU model
no_mcu           | 2 | @SHA                                                                            | one MCU model
bad_format       | 2 | @SHA --mcu stm32l552ze --format xml                                             | expected table, json, md or html
case_none        | 2 | @SHA --mcu stm32l552ze --case nothing*                                          | --case nothing* matches no case of
unknown_mcu      | 4 | @SHA --mcu stm32f999                                                            | unknown MCU "stm32f999"
two_case_none    | 2 | @SHA @AES --mcu stm32l552ze --case nothing*                                     | --case nothing* matches no case of the 2 ELFs
dup_key          | 2 | @SHA @SHA --mcu stm32l552ze --case sha256/sole/32                               | row sha256/sole/32 is in two images
EOF

[ "$fail" -eq 0 ] && echo "compare: all checks passed"
[ "$fail" -eq 0 ]
