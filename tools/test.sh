#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Set-up, then every test (ctest: unit, golden, cli, crypto, published, e2e, inputs).
set -eu
cd "$(dirname "$0")/.."
sh tools/bootstrap.sh
ctest --test-dir build --output-on-failure -j"$(nproc)" "$@"
