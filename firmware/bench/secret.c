/* SPDX-License-Identifier: MIT */
/*
 * secret.c - bench_secret() (bench.h).  A file of its own so that
 * --gc-sections drops it from every image whose cases mark no secret: those
 * images stay as they were.  noinline and noipa: cyclesim hooks its entry,
 * and the call must stay a call that may change the marked bytes.
 */
#include "bench.h"

__attribute__((noinline, noipa)) void bench_secret(void *ptr, uint32_t len)
{
    (void)ptr;
    (void)len;
}
