/* SPDX-License-Identifier: MIT */
/*
 * cycles_dwt.c - hal_cycles() for the Cortex-M33 and M4 targets: the DWT cycle
 * counter CYCCNT (32 bits, counts the processor clock).
 *
 * Registers (ARMv8-M ARM, D1.2; the same on ARMv7-M, DDI0403 C1.6, C1.8):
 * DEMCR 0xE000EDFC (TRCENA bit 24 powers the DWT), DWT_CTRL 0xE0001000
 * (CYCCNTENA bit 0), DWT_CYCCNT 0xE0001004.
 */
#include "hal.h"

#define DEMCR 0xE000EDFCu
#define DWT_CTRL 0xE0001000u
#define DWT_CYCCNT 0xE0001004u

#define DEMCR_TRCENA (1u << 24)
#define DWT_CTRL_CYCCNTENA (1u << 0)

void hal_cycles_init(void)
{
    HAL_REG32(DEMCR) |= DEMCR_TRCENA;
    HAL_REG32(DWT_CYCCNT) = 0;
    HAL_REG32(DWT_CTRL) |= DWT_CTRL_CYCCNTENA;
}

uint32_t hal_cycles(void)
{
    return HAL_REG32(DWT_CYCCNT);
}
