#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `cyclesim --version` and `-V`, run from / with a clean environment: exit 0
# and four lines, the tool's version (cmake/version.cmake) then Unicorn's,
# Capstone's and LIEF's, each as its backend wrapper reports it; an argument
# after it is a usage error.
# usage: check_version.sh CYCLESIM
set -u
tool=$1
out=$(cd / && env -i PATH=/usr/bin:/bin LC_ALL=C "$tool" --version) || { echo "FAIL: --version exits $?"; exit 1; }
short=$(cd / && env -i PATH=/usr/bin:/bin LC_ALL=C "$tool" -V) || { echo "FAIL: -V exits $?"; exit 1; }
line() { printf '%s\n' "$out" | sed -n "$1p"; }
if [ "$(printf '%s\n' "$out" | wc -l)" -eq 4 ] &&
   line 1 | grep -Eq '^cyclesim [0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.+-]+)?$' &&
   line 2 | grep -Eq '^Unicorn [0-9]+\.[0-9]+\.[0-9]+$' &&
   line 3 | grep -Eq '^Capstone [0-9]+\.[0-9]+\.[0-9]+$' &&
   line 4 | grep -Eq '^LIEF [0-9]+\.[0-9]+\.[0-9]+$'; then
    echo "ok: --version: $(printf '%s\n' "$out" | tr '\n' ' ')"
else
    printf 'FAIL: --version printed:\n%s\n' "$out"
    exit 1
fi
[ "$short" = "$out" ] || { echo "FAIL: -V differs from --version"; exit 1; }
echo "ok: -V is --version"
# An argument after it is refused, not ignored: exit 2 and the documented prefix.
err=$(cd / && env -i PATH=/usr/bin:/bin LC_ALL=C "$tool" --version extra 2>&1 >/dev/null)
rc=$?
if [ $rc -eq 2 ] && printf '%s\n' "$err" | grep -q '^cyclesim: error: --version takes no argument'; then
    echo "ok: --version extra: exit 2, $err"
else
    echo "FAIL: --version extra: exit $rc, $err"
    exit 1
fi
