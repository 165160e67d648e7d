# SPDX-License-Identifier: GPL-2.0-or-later
"""What the profile checks in Python share: failures counted and printed with
a prefix, and cyclesim's standard output."""
import subprocess
import sys


class Checks:
    def __init__(self, cyclesim, prefix):
        self.cyclesim, self.prefix, self.failures = cyclesim, prefix, []

    def bad(self, msg):
        self.failures.append(msg)
        print(f"{self.prefix}: {msg}", file=sys.stderr)

    def run(self, *args):
        return subprocess.run([self.cyclesim, *args], check=True, capture_output=True, text=True).stdout
