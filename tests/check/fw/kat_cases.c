/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kat_cases.c - a test firmware family for `cyclesim check`
 * (tests/check/test_check.py, test "case_failed"): "kat/pass" passes its
 * known-answer check, "kat/fail" computes the same thing and always fails it,
 * as a broken implementation would.
 */
#include <stddef.h>
#include <stdint.h>

#include "bench.h"

static volatile uint32_t sink;

static int spin_run(const bench_case_t *c)
{
    (void)c;
    for (uint32_t i = 0; i < 16u; i++) {
        sink = i;
    }
    return 0;
}

static int check_pass(const bench_case_t *c)
{
    (void)c;
    return sink == 15u ? 0 : 1;
}

static int check_fail(const bench_case_t *c)
{
    (void)c;
    return sink == 15u ? 1 : 0;
}

BENCH_CASE(case_pass, "kat/pass", "", "", NULL, spin_run, check_pass, NULL);
BENCH_CASE(case_fail, "kat/fail", "", "", NULL, spin_run, check_fail, NULL);
