#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The generated man pages and completions (tools/gen_docs.c) against the
# option tables as `cyclesim CMD --help` prints them: every page renders
# without a warning, every option of every subcommand is in its page and in
# both completions, and the bash completion completes subcommands, options,
# --mcu model names and --format values (run in bash as complete -F would).
# usage: run_completion.sh CYCLESIM MANDIR COMPLETIONSDIR WORKDIR
set -u
cyclesim=$1 man=$2 comp=$3 work=$4
mkdir -p "$work" && cd "$work" || exit 2
export LC_ALL=C MANWIDTH=100
fail=0 pass=0
check() { # check WHAT COMMAND...: the command succeeds
    what=$1
    shift
    if "$@"; then pass=$((pass + 1)); else echo "FAIL $what"; fail=$((fail + 1)); fi
}
# completions WORDS...: what the bash completion offers for the command line WORDS (the last the one completed).
completions() {
    bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _cyclesim; printf "%s\n" "${COMPREPLY[@]}"' \
        complete "$comp/cyclesim.bash" "$@"
}
offers() { # offers WANT WORDS...: WANT is among the completions of WORDS
    want=$1
    shift
    completions "$@" | grep -qxF -- "$want"
}
lacks() { # lacks PATTERN WORDS...: no completion of WORDS matches the grep PATTERN
    want=$1
    shift
    ! completions "$@" | grep -qx -- "$want"
}
commands=$("$cyclesim" --help | sed -n 's/^usage: cyclesim \([a-z][a-z-]*\).*/\1/p')
[ -n "$commands" ] || { echo "FAIL no subcommand in cyclesim --help"; exit 1; }
check "man: cyclesim.1 renders without warnings" \
    sh -c "groff -man -ww -z '$man/cyclesim.1' 2>&1 | grep . && exit 1; man -l '$man/cyclesim.1' 2>&1 >/dev/null | grep . && exit 1; exit 0"
for cmd in $commands; do
    page=$man/cyclesim-$cmd.1
    check "man: cyclesim-$cmd.1 exists" test -s "$page"
    check "man: cyclesim-$cmd.1 renders without warnings" \
        sh -c "groff -man -ww -z '$page' 2>&1 | grep . && exit 1; man -l '$page' 2>&1 >/dev/null | grep . && exit 1; exit 0"
    check "man: cyclesim.1 names cyclesim-$cmd(1)" sh -c "man -l '$man/cyclesim.1' 2>/dev/null | grep -qF 'cyclesim-$cmd(1)'"
    man -l "$page" 2>/dev/null > page.txt
    check "bash: the subcommand $cmd" offers "$cmd" "$cyclesim" "$(echo "$cmd" | cut -c1-2)"
    check "bash: help $cmd" offers "$cmd" "$cyclesim" help "$cmd"
    # zsh: the block of this subcommand in _cyclesim
    awk -v c="    $cmd)" '$0 == c { on = 1; next } on && /;;$/ { print; exit } on { print }' "$comp/_cyclesim" > zsh.txt
    check "zsh: a block for $cmd" test -s zsh.txt
    # Every option the help lists (the tables' options section: "  -m, --mcu NAME" or "      --case GLOB"),
    # its short and its long name.
    "$cyclesim" "$cmd" --help | awk '/^options:/ { on = 1; next } /^$/ { on = 0 }
        on && /^  -[a-z],/ { print substr($1, 1, 2); print $2; next } on && /^      --/ { print $1 }' > opts.txt
    check "help: $cmd lists options" test -s opts.txt
    while read -r opt; do
        check "man: $opt in cyclesim-$cmd.1" grep -qF -- "$opt" page.txt
        check "bash: $opt completes in $cmd" offers "$opt" "$cyclesim" "$cmd" "$opt"
        case $opt in
        --*) check "zsh: $opt in $cmd" grep -qE -- "'\*$opt\[|,$opt\}'" zsh.txt ;;
        *) check "zsh: $opt in $cmd" grep -qF -- "{$opt," zsh.txt ;;
        esac
    done < opts.txt
done
# The subcommands and the help, then option arguments.
for cmd in $commands help --help -h; do
    check "bash: $cmd at the first word" offers "$cmd" "$cyclesim" ''
done
check "bash: --no-progress from --no-p" offers --no-progress "$cyclesim" run x.elf --no-p
models=$("$cyclesim" models | cut -d' ' -f1)
for m in $models; do
    check "bash: run --mcu completes $m" offers "$m" "$cyclesim" run --mcu "$(echo "$m" | cut -c1-6)"
    check "bash: compare -m completes $m" offers "$m" "$cyclesim" compare -m ''
    check "bash: run --mcu a,$m" offers "stm32l073rz,$m" "$cyclesim" run --mcu "stm32l073rz,$(echo "$m" | cut -c1-7)"
done
check "bash: run --mcu offers all" offers all "$cyclesim" run --mcu a
check "bash: compare --mcu (one model) does not offer all" lacks all "$cyclesim" compare --mcu a
check "bash: compare --mcu offers no list" lacks '.\+' "$cyclesim" compare --mcu stm32l073rz,s
check "bash: run --format j completes json" offers json "$cyclesim" run --format j
check "bash: profile -f completes callgrind" offers callgrind "$cyclesim" profile -f c
touch fw.elf
check "bash: an ELF operand completes as a file" offers fw.elf "$cyclesim" run fw
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
