#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Installs what a fresh Debian 12 machine lacks (Debian packages only), then
# configures and builds cyclesim and the firmware into ./build.  The list is
# everything the build and the tests use, checked on an empty minbase root by
# tools/ci_clean_root.sh: valgrind gives callgrind_annotate (profile tests),
# python3 runs the check, compare and sweep tests, groff-base and man-db render
# the generated man pages in their test; file is what CPack's
# dependency scan of the Debian package (cmake/packaging.cmake) runs before
# dpkg-shlibdeps (dpkg-dev, which build-essential brings, as it brings
# binutils' strings for tests/install).
set -eu
cd "$(dirname "$0")/.."
pkgs="build-essential cmake pkg-config libunicorn-dev libcapstone-dev liblief-dev libcjson-dev
      gcc-arm-none-eabi libnewlib-arm-none-eabi libssl-dev python3 valgrind file
      groff-base man-db"
missing=""
for p in $pkgs; do
    dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
    echo "bootstrap: installing$missing"
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd=sudo
    $sudo_cmd apt-get update -qq
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends $missing
fi
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
