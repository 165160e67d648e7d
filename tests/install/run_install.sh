#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `cmake --install` into an empty prefix, then the installed tool run from
# another directory with no CYCLESIM_* variable (docs/install.md): it finds its
# models and published pages beside itself, also after the prefix is moved;
# --version and -V (check_version.sh); a missing or empty model directory is
# an error naming it; the installed binary holds no path of the checkout or
# the build tree; the installed example image runs.
# usage: run_install.sh BUILD_DIR SOURCE_DIR WORKDIR
set -u
build=$1 src=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }

cmake --install "$build" --prefix "$work/prefix" >"$work/install.log" 2>&1 ||
    { cat "$work/install.log"; echo "FAIL: cmake --install"; exit 1; }
tool=$work/prefix/bin/cyclesim
# The installed tool as a user runs it: from /, with a clean environment.
run() { (cd / && env -i PATH=/usr/bin:/bin LC_ALL=C "$@"); }

[ -x "$tool" ] && ok "bin/cyclesim installed" || fail "no bin/cyclesim"
for f in share/cyclesim/models/stm32u083rc.json share/cyclesim/published/stm32u083rc.json \
         share/cyclesim/accuracy/intervals.json \
         share/doc/cyclesim/install.md share/cyclesim-firmware/cmake/cyclesim-firmware-config.cmake \
         share/cyclesim-firmware/include/bench.h; do
    [ -f "$work/prefix/$f" ] && ok "$f installed" || fail "$f not installed"
done
# The man pages and completions, when the build generated them.
for made in "$build"/man/*.1 "$build"/completions/cyclesim.bash "$build"/completions/_cyclesim; do
    [ -f "$made" ] || continue
    case $made in
    *.1) dest=share/man/man1/$(basename "$made") ;;
    *.bash) dest=share/bash-completion/completions/cyclesim ;;
    *) dest=share/zsh/vendor-completions/_cyclesim ;;
    esac
    cmp -s "$made" "$work/prefix/$dest" && ok "$dest installed" || fail "$dest not installed"
done
[ ! -e "$work/prefix/bin/cyclesim-source-dir" ] && ok "no build-tree marker installed" ||
    fail "bin/cyclesim-source-dir installed: the installed tool would read the checkout"

run "$tool" models >"$work/models.out" 2>"$work/models.err"
rc=$?
if [ $rc -eq 0 ] && grep -q '^stm32u083rc ' "$work/models.out"; then
    ok "models found beside the executable"
else
    fail "models from / with no variables: exit $rc, $(cat "$work/models.err")"
fi

sh "$(dirname "$0")/check_version.sh" "$tool" || fails=$((fails + 1))

# The calibrated interval's table beside the executable: run --range gives each case its interval.
example=$work/prefix/share/cyclesim/examples/sha-emu-m0plus.elf
if [ -f "$example" ]; then
    run "$tool" run "$example" --mcu stm32u083rc --case sha256/sole/16 --range \
        --format json >"$work/interval.out" 2>"$work/interval.err"
    rc=$?
    if [ $rc -eq 0 ] && grep -q '"interval": {"low": [0-9]*, "high": [0-9]*, "class": "hash"' "$work/interval.out"; then
        ok "run --range: the interval from the installed table"
    else
        fail "run --range from /: exit $rc, $(cat "$work/interval.err")"
    fi
fi

# A missing, an empty and a removed model directory: exit 4, the path named.
mkdir -p "$work/empty"
expect_no_models() { # LABEL DIR COMMAND...
    label=$1 dir=$2
    shift 2
    (cd / && env -i PATH=/usr/bin:/bin LC_ALL=C "$@") >"$work/bad.out" 2>"$work/bad.err"
    rc=$?
    if [ $rc -eq 4 ] && grep -q "^cyclesim: error: .*$dir" "$work/bad.err"; then
        ok "$label: exit 4, $(cat "$work/bad.err")"
    else
        fail "$label: exit $rc, stderr: $(cat "$work/bad.err")"
    fi
}
expect_no_models "models, missing \$CYCLESIM_MODELS" "$work/missing" \
    CYCLESIM_MODELS="$work/missing" "$tool" models
expect_no_models "keys, empty \$CYCLESIM_MODELS" "$work/empty" CYCLESIM_MODELS="$work/empty" "$tool" keys

# Moved: the data is found from the executable's place, not the prefix.
mv "$work/prefix" "$work/moved"
tool=$work/moved/bin/cyclesim
run "$tool" models >/dev/null 2>"$work/moved.err" && ok "prefix moved: models still found" ||
    fail "prefix moved: $(cat "$work/moved.err")"
mv "$work/moved/share/cyclesim/models" "$work/models-aside"
expect_no_models "installed models removed" "$work/moved/share/cyclesim/models" "$tool" models
mv "$work/models-aside" "$work/moved/share/cyclesim/models"

# No path of the checkout or the build tree in the installed binary.
src_abs=$(cd "$src" && pwd -P) build_abs=$(cd "$build" && pwd -P)
if strings "$tool" | grep -F -e "$src_abs" -e "$build_abs" >"$work/paths"; then
    fail "build paths in the installed binary: $(head -3 "$work/paths")"
else
    ok "strings: no checkout or build-tree path"
fi

# The installed example image (when the build made the firmware).
example=$work/moved/share/cyclesim/examples/sha-emu-m0plus.elf
if [ -f "$example" ]; then
    run "$tool" run "$example" --mcu stm32u083rc --case sha256/sole/16 >"$work/run.out" 2>&1 &&
        grep -q 'sha256/sole/16' "$work/run.out" && ok "installed example runs" ||
        fail "installed example: $(cat "$work/run.out")"
    expect_no_models "run --mcu all, empty \$CYCLESIM_MODELS" "$work/empty" \
        CYCLESIM_MODELS="$work/empty" "$tool" run "$example" --mcu all
else
    echo "skipped: no firmware in this build, no example image"
fi

[ $fails -eq 0 ] || { echo "$fails failure(s)"; exit 1; }
echo "all install checks passed"
