/* SPDX-License-Identifier: MIT */
/*
 * attempts.c - bench_note_attempts() (bench.h).  A file of its own so that
 * --gc-sections drops it from every image whose cases do not report
 * attempts: those images stay as they were.
 */
#include "bench.h"

/* Read and cleared by cyclesim at bench_case_done() (external, so it keeps
 * its symbol). */
uint32_t bench_sign_attempts;

void bench_note_attempts(uint32_t attempts)
{
    bench_sign_attempts = attempts;
}
