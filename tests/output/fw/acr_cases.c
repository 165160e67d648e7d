/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * acr_cases.c - two benchmark cases for the STM32U0 around its flash wait
 * states (FLASH_ACR.LATENCY; the model's figure is 1 WS), for the
 * configuration in force as run and check report it (docs/output.md):
 * acr/before's untimed setup sets 2 wait states (fw/acr_latency.S's kernel)
 * and its region only loops, so its record must say 2 WS, unchanged;
 * acr/during's setup puts the model's 1 WS back and its region calls kernel,
 * so its record must say 1 WS, changed by the firmware during the case.
 */
#include <stddef.h>
#include <stdint.h>

#include "bench.h"

#define FLASH_ACR (*(volatile uint32_t *)0x40022000u) /* RM0503 */
#define FLASH_ACR_LATENCY 7u

uint32_t kernel(void); /* fw/acr_latency.S: LATENCY = 2 WS, then 40 + 39 + ... + 1 */

#define KERNEL_SUM 820u

static uint32_t result;

static int latency_2ws(const bench_case_t *c)
{
    (void)c;
    kernel();
    return 0;
}

static int latency_1ws(const bench_case_t *c)
{
    (void)c;
    FLASH_ACR = (FLASH_ACR & ~FLASH_ACR_LATENCY) | 1u;
    (void)FLASH_ACR; /* read back, as the reference manuals ask */
    return 0;
}

static int loop_run(const bench_case_t *c)
{
    (void)c;
    uint32_t s = 0;
    for (volatile uint32_t i = 40; i; i--) {
        s += i;
    }
    result = s;
    return 0;
}

static int kernel_run(const bench_case_t *c)
{
    (void)c;
    result = kernel();
    return 0;
}

static int sum_check(const bench_case_t *c)
{
    (void)c;
    return result == KERNEL_SUM ? 0 : 1;
}

/* (GCC emits these in reverse: the table runs acr/before first, from the model's 1 WS) */
BENCH_CASE(case_during, "acr/during", "acr/during", "", latency_1ws, kernel_run, sum_check, NULL);
BENCH_CASE(case_before, "acr/before", "acr/before", "", latency_2ws, loop_run, sum_check, NULL);
