#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Sanitizer CI (.ci/run; issue 12): cyclesim and its tests built by clang
# with AddressSanitizer (leaks included) and UndefinedBehaviorSanitizer, any
# finding fatal, into their own build directory; then the fast labels, the
# fuzz label (each libFuzzer harness for CYCLESIM_FUZZ_SECONDS, tests/fuzz/)
# and a few end-to-end runs.  About 10-15 minutes on 2 cores.
# usage: tools/ci_sanitize.sh [BUILD_DIR]   (default build-sanitize)
set -eu
cd "$(dirname "$0")/.."
dir=${1:-build-sanitize}
# clang and its sanitizer and libFuzzer run-times (only recommended by clang):
# needed here alone, so tools/bootstrap.sh does not install them for everyone.
for p in clang libclang-rt-14-dev; do
    dpkg -s "$p" >/dev/null 2>&1 || missing="${missing:-} $p"
done
if [ -n "${missing:-}" ]; then
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd=sudo
    $sudo_cmd apt-get update -qq
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends $missing
fi
san="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
# fuzzer-no-link: coverage for the harnesses, in the libraries they call.
CC=clang CXX=clang++ cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_FLAGS="$san -fsanitize=fuzzer-no-link" -DCMAKE_CXX_FLAGS="$san" \
    -DCMAKE_EXE_LINKER_FLAGS="$san" -DCMAKE_SHARED_LINKER_FLAGS="$san" -DCMAKE_MODULE_LINKER_FLAGS="$san" \
    -DCYCLESIM_FUZZ=ON -DCYCLESIM_FUZZ_SECONDS="${CYCLESIM_FUZZ_SECONDS:-30}" >/dev/null
cmake --build "$dir" -j"$(nproc)"
# Third-party code is not ours to fix: tools/sanitize.supp names each
# suppression and why (none of the project's own code).
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:halt_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export LSAN_OPTIONS="suppressions=$PWD/tools/sanitize.supp:print_suppressions=0"
# Left out: check_budgets (.ci/run checks the budgets with the normal build)
# and the five tests that spend minutes simulating whole images many times
# over (2 to 7 minutes each under the sanitizers on 2 cores), whose code
# paths the other tests of their labels run.
slow='check_budgets|compare_cli|calibrate_m33_two_images|calibrate_m33_ecdsa_p256|calibrate_m33_sha_holdout'
slow="$slow|check_baseline_variant"
ctest --test-dir "$dir" --output-on-failure -j"$(nproc)" \
    -L '^(unit|golden|cli|published|compare|check|calibrate|faults)$' -E "^($slow)\$"
ctest --test-dir "$dir" --output-on-failure -j"$(nproc)" \
    -R '^e2e_emu-(m0plus_sha_stm32u083rc|m33_sha_stm32l552ze|m0plus_selftest_stm32l073rz|m33_selftest_stm32u385rg)$'
ctest --test-dir "$dir" --output-on-failure -L '^fuzz$'
