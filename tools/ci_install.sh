#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# CI: the Debian packages (cmake/packaging.cmake) installed with apt and used
# as a user would, from another directory (docs/install.md).  Run inside the
# roots of tools/ci_clean_root.sh, as root.
# usage: tools/ci_install.sh package
#          in the build root, after tools/demo.sh built build/: writes the two
#          packages into build/, installs both with apt, runs the checks below
#          and builds the firmware kit's worked example against the installed
#          kit and runs it with the installed tool;
#        tools/ci_install.sh fresh DEB_DIR CHECKOUT
#          in an empty Debian root: installs DEB_DIR/cyclesim_*_amd64.deb with
#          apt (apt resolves its dependencies) and runs the checks below.
# The checks: `cyclesim --version` and the README's demo (the bundled SHA image
# on all four models) from /, and no byte of the checkout's path (CHECKOUT)
# in the installed binary.
set -eu
here=$(cd "$(dirname "$0")" && pwd -P)

installed_demo() { # CHECKOUT
    cd /
    echo "ci-install: $(command -v cyclesim)"
    cyclesim --version
    cyclesim run /usr/share/cyclesim/examples/sha-emu-m0plus.elf --mcu all
    # grep -a instead of strings: binutils is not in an empty root.
    if grep -aqF "$1" /usr/bin/cyclesim; then
        echo "ci-install: /usr/bin/cyclesim holds the checkout's path $1" >&2
        exit 1
    fi
    echo "ci-install: no checkout path in /usr/bin/cyclesim"
}

apt_install() {
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

case ${1:-} in
package)
    checkout=$(cd "$here/.." && pwd -P)
    cd "$checkout/build"
    rm -f ./*.deb
    cpack -G DEB >cpack.log 2>&1 || { cat cpack.log; exit 1; }
    for deb in ./*.deb; do
        echo "ci-install: $deb: $(dpkg-deb -f "$deb" Package Architecture Depends | tr '\n' ' ')"
    done
    apt_install ./cyclesim_*_amd64.deb ./cyclesim-firmware-kit_*_all.deb
    installed_demo "$checkout"
    work=$(mktemp -d)
    cp -r /usr/share/cyclesim-firmware/examples/crc32 "$work/crc32"
    { cmake -S "$work/crc32" -B "$work/crc32/build" \
            -DCMAKE_TOOLCHAIN_FILE=/usr/share/cyclesim-firmware/cmake/arm-none-eabi.cmake &&
      cmake --build "$work/crc32/build"; } >"$work/kit.log" 2>&1 || { cat "$work/kit.log"; exit 1; }
    cyclesim run "$work/crc32/build/emu-m0plus/crc32.elf" --mcu stm32u083rc
    rm -rf "$work"
    ;;
fresh)
    [ $# -eq 3 ] || { echo "usage: $0 fresh DEB_DIR CHECKOUT" >&2; exit 2; }
    apt-get update -qq
    apt_install "$2"/cyclesim_*_amd64.deb
    installed_demo "$3"
    ;;
*)
    echo "usage: $0 package | fresh DEB_DIR CHECKOUT" >&2
    exit 2
    ;;
esac
