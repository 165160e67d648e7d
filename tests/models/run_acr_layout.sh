#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The test MCU's own FLASH_ACR layout, exercised by a firmware write
# (issue 34): tests/models/test-g0like.json has LATENCY 4 bits wide at bit 0
# and ICEN at bit 10 (stm32u083rc: 3 bits, bit 9).  fw/acr_write.S stores a
# value in FLASH_ACR, then times a loop from flash; the loop's time per
# iteration (the difference of two runs, n = 10 and 30: the store and the
# call cancel) must equal that of the configuration the layout says the
# value means, given with --set and a store to RAM instead.  Then each of a
# few copies of the file with one field moved (LATENCY at bit 1, LATENCY 3
# bits wide, ICEN at bit 9) must fail that check: the test sees the layout.
# usage: run_acr_layout.sh CYCLESIM SOURCE_DIR WORK_DIR
set -eu
cyclesim=$1 src=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
arm-none-eabi-gcc -mcpu=cortex-m0plus -mthumb -c "$src/tests/models/fw/acr_write.S" -o "$work/acr.o"
arm-none-eabi-gcc -mcpu=cortex-m0plus -mthumb -nostdlib -Wl,--no-warn-rwx-segments -Wl,-Ttext=0x08000000 \
    -Wl,-e,kernel "$work/acr.o" -o "$work/acr.elf"
python3 - "$cyclesim" "$src" "$work" <<'PY'
import json, os, subprocess, sys
cyclesim, src, work = (os.path.abspath(a) for a in sys.argv[1:])
ACR, RAM = 0x40022000, 0x20000000
LATENCY, PRFTEN, ICEN = 0, 1 << 8, 1 << 10  # test-g0like.json's layout
# The value written and the configuration it means: the run starts without
# prefetch and cache at the file's 2 wait states, so every field counts.
CASES = [(ws, {"flash.wait_states": ws, "flash.prefetch": "false", "cache.enabled": "false"})
         for ws in (0, 1, 5, 8)]
CASES += [(2 << LATENCY | PRFTEN, {"flash.wait_states": 2, "flash.prefetch": "true", "cache.enabled": "false"}),
          (2 << LATENCY | ICEN, {"flash.wait_states": 2, "flash.prefetch": "false", "cache.enabled": "true"})]
START = {"flash.prefetch": "false", "cache.enabled": "false"}

def models_dir(name, layout):
    d = os.path.join(work, name)
    os.mkdir(d)
    for f in sorted(os.listdir(os.path.join(src, "models"))):
        os.symlink(os.path.join(src, "models", f), os.path.join(d, f))
    test = json.load(open(os.path.join(src, "tests", "models", "test-g0like.json")))
    layout(test["periph"]["flash_acr"]["fields"])
    json.dump(test, open(os.path.join(d, "test-g0like.json"), "w"))
    return d

def per_iteration(models, value, reg, sets):
    cycles = []
    for n in (10, 30):
        args = [cyclesim, "run", os.path.join(work, "acr.elf"), "--mcu", "test-g0like", "--call", "kernel",
                "--arg", str(value), "--arg", str(n), "--arg", str(reg), "--format", "json"]
        for k, v in sets.items():
            args += ["--set", "%s=%s" % (k, v)]
        out = subprocess.run(args, env=dict(os.environ, CYCLESIM_MODELS=models), capture_output=True, text=True)
        if out.returncode:
            sys.exit("cyclesim failed: %s\n%s" % (" ".join(args), out.stderr))
        cycles.append(json.loads(out.stdout)["records"][0]["cycles"])
    return (cycles[1] - cycles[0]) / 20

def field(name, **change):
    return lambda fields: [f.update(change) for f in fields if f["name"] == name]

true_models = models_dir("models", lambda fields: None)
want = [per_iteration(true_models, value, RAM, sets) for value, sets in CASES]

def wrong(models):
    got = [per_iteration(models, value, ACR, START) for value, _ in CASES]
    return ["FLASH_ACR = 0x%x: %g cycles per iteration, %g as %s" % (v, g, w, s)
            for (v, s), g, w in zip(CASES, got, want) if g != w]

bad = wrong(true_models)
for what in bad:
    print("FAIL test-g0like.json: " + what)
print(("ok   " if not bad else "FAIL ") + "the writes mean what test-g0like.json's layout says (%s cycles per "
      "iteration)" % ", ".join("%g" % w for w in want))
MUTANTS = [("LATENCY at bit 1", field("LATENCY", shift=1)), ("LATENCY 3 bits wide", field("LATENCY", width=3)),
           ("ICEN at bit 9", field("ICEN", shift=9))]
for name, layout in MUTANTS:
    caught = wrong(models_dir("mutant-" + name.replace(" ", "-"), layout))
    print(("ok   " if caught else "FAIL ") + "a layout with %s fails the check" % name
          + (": " + caught[0] if caught else ""))
    bad += [] if caught else [name]
sys.exit(1 if bad else 0)
PY
