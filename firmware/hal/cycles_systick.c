/* SPDX-License-Identifier: MIT */
/*
 * cycles_systick.c - hal_cycles() for the Cortex-M0+ targets (ARMv6-M has no
 * DWT CYCCNT): SysTick counting the processor clock down from 0xFFFFFF, and a
 * wrap counter incremented by SysTick_Handler, so regions longer than 2^24
 * cycles are measured too.
 *
 * SysTick registers (ARMv6-M ARM, B3.3): SYST_CSR 0xE000E010 (ENABLE bit 0,
 * TICKINT bit 1, CLKSOURCE bit 2 = processor clock), SYST_RVR 0xE000E014,
 * SYST_CVR 0xE000E018 (any write clears it).
 */
#include "hal.h"

#define SYST_CSR 0xE000E010u
#define SYST_RVR 0xE000E014u
#define SYST_CVR 0xE000E018u

#define SYST_CSR_ENABLE (1u << 0)
#define SYST_CSR_TICKINT (1u << 1)
#define SYST_CSR_CLKSOURCE (1u << 2)

#define SYST_RELOAD 0x00FFFFFFu

static volatile uint32_t systick_wraps;

/* Overrides the weak default in bench/startup.c (vector 15). */
void SysTick_Handler(void)
{
    systick_wraps++;
}

void hal_cycles_init(void)
{
    HAL_REG32(SYST_CSR) = 0;
    HAL_REG32(SYST_RVR) = SYST_RELOAD;
    HAL_REG32(SYST_CVR) = 0;
    systick_wraps = 0;
    HAL_REG32(SYST_CSR) = SYST_CSR_CLKSOURCE | SYST_CSR_TICKINT | SYST_CSR_ENABLE;
}

uint32_t hal_cycles(void)
{
    uint32_t hi, lo;

    /* Read the wrap count, then VAL, then the count again: if a wrap was
     * counted in between, VAL may belong to either side; read again. */
    do {
        hi = systick_wraps;
        lo = HAL_REG32(SYST_CVR);
    } while (hi != systick_wraps);
    /* Elapsed = wraps * 2^24 + (RELOAD - VAL), modulo 2^32. */
    return (hi << 24) + (SYST_RELOAD - lo);
}
