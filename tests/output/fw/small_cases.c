/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * small_cases.c - three short benchmark cases for the golden output files
 * (tests/output/): a few hundred cycles each, so that every format of
 * run/compare/check is produced in milliseconds.
 */
#include <stddef.h>
#include <stdint.h>

#include "bench.h"

static volatile uint32_t words[32];
static uint32_t result;

static int no_setup(const bench_case_t *c)
{
    (void)c;
    return 0;
}

static int sum_run(const bench_case_t *c)
{
    uint32_t n = (uint32_t)(uintptr_t)c->arg, s = 0;
    for (uint32_t i = 0; i < n; i++) {
        s += words[i] + i;
    }
    result = s;
    return 0;
}

static int sum_check(const bench_case_t *c)
{
    uint32_t n = (uint32_t)(uintptr_t)c->arg;
    return result == n * (n - 1) / 2 ? 0 : 1;
}

static int fill_run(const bench_case_t *c)
{
    (void)c;
    for (uint32_t i = 0; i < 32; i++) {
        words[i] = 0;
    }
    result = 0;
    return 0;
}

static int fill_check(const bench_case_t *c)
{
    (void)c;
    return words[31] == 0 ? 0 : 1;
}

BENCH_CASE(case_sum8, "sum/8", "sum/8", "n=8", no_setup, sum_run, sum_check, (const void *)8);
BENCH_CASE(case_sum32, "sum/32", "sum/32", "n=32", no_setup, sum_run, sum_check, (const void *)32);
BENCH_CASE(case_fill, "fill/32", "fill/32", "n=32", no_setup, fill_run, fill_check, NULL);
