/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fp_cases.c - two benchmark cases that run FP instructions the Cortex-M33
 * model prices by assumption (VDIV, VSQRT, VADD, VMOV: cost rows taken from
 * the Cortex-M4 TRM), so that every report names them (tests/output/).
 * Built -mfloat-abi=softfp to link with the soft-float run-time of the
 * other test images; the FPU is enabled in the cases' setup, as CMSIS
 * SystemInit does (SCB->CPACR CP10 and CP11 full access, Armv8-M ARM
 * DDI0553 D1, CPACR).
 */
#include <stdint.h>

#include "bench.h"

#define CPACR (*(volatile uint32_t *)0xE000ED88u)

static uint32_t result;

static int fpu_on(const bench_case_t *c)
{
    (void)c;
    CPACR |= 0xFu << 20;
    __asm__ volatile("dsb\n\tisb" ::: "memory");
    return 0;
}

/* n x (VDIV, VADD): the quotient 2/4 summed n times. */
static int div_run(const bench_case_t *c)
{
    uint32_t n = (uint32_t)(uintptr_t)c->arg, bits;
    __asm__ volatile("vmov.f32 s0, #2.0\n\t"
                     "vmov.f32 s1, #4.0\n\t"
                     "vsub.f32 s2, s2, s2\n"
                     "1:\n\t"
                     "vdiv.f32 s3, s0, s1\n\t"
                     "vadd.f32 s2, s2, s3\n\t"
                     "subs %0, #1\n\t"
                     "bne 1b\n\t"
                     "vmov %1, s2"
                     : "+r"(n), "=r"(bits)
                     :
                     : "s0", "s1", "s2", "s3", "cc");
    result = bits;
    return 0;
}

/* n x VSQRT of 16.0 */
static int sqrt_run(const bench_case_t *c)
{
    uint32_t n = (uint32_t)(uintptr_t)c->arg, bits;
    __asm__ volatile("vmov.f32 s0, #16.0\n"
                     "1:\n\t"
                     "vsqrt.f32 s1, s0\n\t"
                     "subs %0, #1\n\t"
                     "bne 1b\n\t"
                     "vmov %1, s1"
                     : "+r"(n), "=r"(bits)
                     :
                     : "s0", "s1", "cc");
    result = bits;
    return 0;
}

/* Both cases come to 4.0f: 8 x 2/4, and sqrt(16). */
static int is_four(const bench_case_t *c)
{
    (void)c;
    return result == 0x40800000u ? 0 : 1;
}

BENCH_CASE(case_div, "fp/div", "fp/div", "n=8", fpu_on, div_run, is_four, (const void *)8);
BENCH_CASE(case_sqrt, "fp/sqrt", "fp/sqrt", "n=10", fpu_on, sqrt_run, is_four, (const void *)10);
