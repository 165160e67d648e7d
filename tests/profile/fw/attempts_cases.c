/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * attempts_cases.c - a test firmware family for the signing-attempts field
 * (tests/profile/check_attempts.sh): "attempts/three" reports three attempts
 * through bench_note_attempts(), as a signing case that rejected twice would;
 * "attempts/none" reports nothing.
 */
#include <stddef.h>
#include <stdint.h>

#include "bench.h"

static volatile uint32_t sink;

static int three_run(const bench_case_t *c)
{
    (void)c;
    for (uint32_t i = 0; i < 3; i++) {
        sink = i;
    }
    bench_note_attempts(3);
    return 0;
}

static int none_run(const bench_case_t *c)
{
    (void)c;
    sink = 7;
    return 0;
}

BENCH_CASE(case_three, "attempts/three", "", "", NULL, three_run, NULL, NULL);
BENCH_CASE(case_none, "attempts/none", "", "", NULL, none_run, NULL, NULL);
