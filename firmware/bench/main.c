/* SPDX-License-Identifier: MIT */
/*
 * main.c - the firmware's entry point, the same for every target and family:
 * set the target up, run every benchmark case, report the end.
 */
#include "bench.h"
#include "hal.h"

int main(void)
{
    int failures;

    hal_init();
    failures = bench_run_all();
    hal_done(failures);
}
