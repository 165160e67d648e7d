#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# CI: proves the README's quick start on a machine with nothing installed.
# Builds a minimal Debian 12 root (debootstrap --variant=minbase bookworm) outside
# the work tree, copies the checkout in (tracked and untracked files, no build/),
# and runs the README's two commands in it exactly as written: `sh tools/demo.sh`,
# then `sh tools/test.sh` (every test, the repository's budgets among them:
# check_budgets writes its JUnit and Markdown reports to build/check-reports),
# then the sanitizer build and its tests (tools/ci_sanitize.sh).  After the
# demo, the Debian packages are built and installed with apt in that root
# (tools/ci_install.sh package: the README's demo against the installed tool
# from /, the firmware kit's example), and the tool's package alone in a second,
# empty root, a copy of the first taken before anything was installed
# (tools/ci_install.sh fresh: apt resolves its dependencies); bookworm only.
# Those reports are copied to build/check-reports of this checkout.  Needs root
# (debootstrap, chroot, mounts).  The root is made under ${TMPDIR:-/tmp} and
# removed on exit.  Exit status: the first failing command's.
# usage: tools/ci_clean_root.sh [TEST_ARGS...]
#   TEST_ARGS go to tools/test.sh (ctest), e.g. -L 'unit|cli' while developing;
#   CI passes none, so the README's command runs as written.
#   DEBIAN_MIRROR: a mirror for debootstrap and the root's apt (default:
#   debootstrap's own, a plain-HTTP one that needs no ca-certificates).
#   CLEAN_ROOT_SUITE: the Debian release of the root (default bookworm, Debian
#   12; tools/ci_trixie.sh runs Debian 13 with it).
#   CLEAN_ROOT_FALLBACK: another release whose packages the root's apt may
#   install where the suite has none (pinned below the suite's: Debian 13 has
#   no LIEF, so tools/ci_trixie.sh takes Debian 12's liblief-dev).
#   CLEAN_ROOT_INSTALL_ONLY=1: the demo and the packages only (no tests, no
#   sanitizer build), while developing the packaging.
set -eu
cd "$(dirname "$0")/.."
checkout=$(pwd)
suite=${CLEAN_ROOT_SUITE:-bookworm}
root=$(mktemp -d "${TMPDIR:-/tmp}/cyclesim-root.XXXXXX")
fresh=$root.fresh # the empty root the tool's package alone is installed in

stamp() { date +%s; }
elapsed() { echo "clean-root: $1 took $(( $(stamp) - $2 )) s"; }

# Unmount before removing: rm -rf must never walk into the host's /dev or /proc.
cleanup() {
    for r in "$root" "$fresh"; do
        for m in "$r/dev" "$r/proc"; do
            if mountpoint -q "$m" 2>/dev/null; then umount -R "$m" || umount -lR "$m"; fi
        done
    done
    rm -f "$root.tar" "$root.debootstrap.log"
    for r in "$root" "$fresh"; do
        if grep -q " $r/" /proc/mounts; then
            echo "clean-root: $r still has mounts; left in place" >&2
        else
            rm -rf "$r"
        fi
    done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

start=$(stamp)
# The checkout as it is now (tracked and untracked files, no build/), taken
# before the long debootstrap so later edits of the work tree do not leak in.
git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf "$root.tar"
if ! command -v debootstrap >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
fi
t=$(stamp)
debootstrap --variant=minbase "$suite" "$root" ${DEBIAN_MIRROR:+"$DEBIAN_MIRROR"} >"$root.debootstrap.log" 2>&1 ||
    { tail -n 30 "$root.debootstrap.log" >&2; rm -f "$root.debootstrap.log"; exit 1; }
rm -f "$root.debootstrap.log"
elapsed "debootstrap --variant=minbase $suite" "$t"

# The root's apt uses the same mirror as debootstrap; name resolution as the host's.
cp /etc/resolv.conf "$root/etc/resolv.conf"
if [ -n "${CLEAN_ROOT_FALLBACK:-}" ]; then
    sed -n "s/^\(deb .*\) $suite main\$/\1 $CLEAN_ROOT_FALLBACK main/p" "$root/etc/apt/sources.list" \
        > "$root/etc/apt/sources.list.d/fallback.list"
    printf 'Package: *\nPin: release n=%s\nPin-Priority: 100\n' "$CLEAN_ROOT_FALLBACK" \
        > "$root/etc/apt/preferences.d/fallback"
fi
# The empty root for the package, before the checkout and the packages arrive.
cp -a "$root" "$fresh"
mkdir -p "$root/src/cyclesim"
tar -xf "$root.tar" -C "$root/src/cyclesim" && rm -f "$root.tar"
rm -rf "$root/src/cyclesim/build"

for r in "$root" "$fresh"; do
    mount -t proc proc "$r/proc"
    mount --rbind /dev "$r/dev"
    mount --make-rslave "$r/dev"
done

# Inside a root: a clean environment, no terminal, CI as in .ci/run.
in_chroot() { # ROOT COMMAND...
    r=$1
    shift
    echo "clean-root: $*"
    chroot "$r" /usr/bin/env -i HOME=/root CI=true LANG=C.UTF-8 \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        sh -c 'cd /src/cyclesim 2>/dev/null || cd /; exec "$@"' sh "$@" </dev/null
}
in_root() { in_chroot "$root" "$@"; }

status=0
t=$(stamp)
in_root sh tools/demo.sh || status=$?
elapsed "sh tools/demo.sh (set-up, build, demo)" "$t"
# The packages (docs/install.md): installed with apt in this root, then the
# tool's alone in the empty one.  Debian 12 packages: bookworm roots only.
if [ "$status" -eq 0 ] && [ "$suite" = bookworm ]; then
    t=$(stamp)
    in_root sh tools/ci_install.sh package || status=$?
    if [ "$status" -eq 0 ]; then
        mkdir -p "$fresh/ci"
        cp "$root"/src/cyclesim/build/cyclesim_*_amd64.deb "$root/src/cyclesim/tools/ci_install.sh" "$fresh/ci/"
        in_chroot "$fresh" sh /ci/ci_install.sh fresh /ci /src/cyclesim || status=$?
    fi
    elapsed "the packages (tools/ci_install.sh)" "$t"
fi
install_only=${CLEAN_ROOT_INSTALL_ONLY:-0}
if [ "$status" -eq 0 ] && [ "$install_only" = 0 ]; then
    t=$(stamp)
    in_root sh tools/test.sh "$@" || status=$?
    elapsed "sh tools/test.sh" "$t"
fi
# The sanitizer build (tools/ci_sanitize.sh) in the same root, after the README's
# commands: CI only (CLEAN_ROOT_SANITIZE=0 skips it while developing).
if [ "$status" -eq 0 ] && [ "$install_only" = 0 ] && [ "${CLEAN_ROOT_SANITIZE:-1}" != 0 ]; then
    t=$(stamp)
    in_root sh tools/ci_sanitize.sh || status=$?
    elapsed "sh tools/ci_sanitize.sh" "$t"
fi
if [ -d "$root/src/cyclesim/build/check-reports" ]; then
    mkdir -p "$checkout/build/check-reports"
    cp -r "$root/src/cyclesim/build/check-reports/." "$checkout/build/check-reports/"
fi
elapsed "the clean-root run (status $status)" "$start"
exit "$status"
