#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# CI: the same checkout on Debian 13 (trixie), whose libunicorn-dev is 2.1.x
# (Debian 12 has 2.0.1; src/backends/emu_unicorn.c picks the SRAM mapping by
# the version it runs on).  An empty minbase trixie root, tools/demo.sh in it
# as written (tools/bootstrap.sh installs the packages, builds, runs the
# demo), then the end-to-end tests (ctest -L e2e): same results on both
# releases.  The budgets and the sanitizer build run on Debian 12 only
# (tools/ci_clean_root.sh).  Needs root; the root is made under ${TMPDIR:-/tmp}.
# The RSA and ML-DSA images are left out there (most of the e2e time; their
# code paths are the others'), so the step fits CI's time with Debian 12's.
# usage: tools/ci_trixie.sh [TEST_ARGS...]   (default: -L e2e -E 'rsa|mldsa')
set -eu
cd "$(dirname "$0")/.."
[ "$#" -gt 0 ] || set -- -L e2e -E 'rsa|mldsa'
CLEAN_ROOT_SUITE=trixie CLEAN_ROOT_FALLBACK=bookworm CLEAN_ROOT_SANITIZE=0 exec sh tools/ci_clean_root.sh "$@"
