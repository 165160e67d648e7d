/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * inputs_cases.c - a test firmware family for `cyclesim profile --inputs`
 * (tests/profile/check_inputs.sh): one case whose cycles depend on the input
 * and one whose cycles do not.
 *
 * The input is the seed cyclesim writes into bench_input_seed (0: the
 * known-answer run).  "inputs/vary" loops 10 + seed % 7 times, so seeds
 * 0, 1, 2, 3, 4 give 10, 11, 12, 13, 14 iterations; "inputs/fixed" always
 * loops 10 times.
 */
#include <stddef.h>
#include <stdint.h>

#include "bench.h"

/* The seed under another C name: bench.h may declare bench_input_seed itself. */
extern volatile uint32_t test_input_seed __asm__("bench_input_seed");

static volatile uint32_t sink;
static uint32_t iterations;

static void spin(uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        sink = i;
    }
}

static int vary_setup(const bench_case_t *c)
{
    (void)c;
    iterations = 10u + test_input_seed % 7u;
    return 0;
}

static int vary_run(const bench_case_t *c)
{
    (void)c;
    spin(iterations);
    return 0;
}

static int fixed_setup(const bench_case_t *c)
{
    (void)c;
    iterations = 10u;
    return 0;
}

static int check_spin(const bench_case_t *c)
{
    (void)c;
    return sink == iterations - 1u ? 0 : 1;
}

BENCH_CASE(case_vary, "inputs/vary", "", "", vary_setup, vary_run, check_spin, NULL);
BENCH_CASE(case_fixed, "inputs/fixed", "", "", fixed_setup, vary_run, check_spin, NULL);
