/* SPDX-License-Identifier: MIT */
/*
 * emu_m0plus.c - HAL of the emulator target emu-m0plus: a Cortex-M0+ image
 * that cyclesim runs with either M0+ model (STM32L073, STM32U083), so its
 * memory map is the smaller of the two (ld/emu-m0plus.ld: that of the L073).
 *
 * No clock or flash set-up: cyclesim's model decides the clock, the wait
 * states and the caches, so the header line prints clock_hz=0 latency=0
 * icache=0 prefetch=0.  Cycle counter: SysTick (cycles_systick.c), as on the
 * M0+ boards.  Console and exit: semihosting (semihost.c).
 */
#include "hal.h"

const hal_info_t hal_info = {
    .target = FW_TARGET_NAME,
    .mcu = "cortex-m0plus",
    .clock_hz = 0,
    .latency = 0,
    .icache = 0,
    .prefetch = 0,
};

void hal_init(void)
{
    hal_cycles_init();
}
