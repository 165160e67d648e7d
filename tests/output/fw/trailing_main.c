/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * trailing_main.c - a main that ends in `for (;;);` after its cases, as many
 * board projects' do, instead of firmware/bench/main.c's exit: the run ends
 * in a runaway after the last case (exit 6), and every report still gives
 * the cases it completed (tests/output/outputs.txt, "trail").
 */
#include "bench.h"
#include "hal.h"

int main(void)
{
    hal_init();
    (void)bench_run_all();
    for (;;) {
    }
}
