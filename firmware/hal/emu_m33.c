/* SPDX-License-Identifier: MIT */
/*
 * emu_m33.c - HAL of the emulator target emu-m33: a Cortex-M33 image that
 * cyclesim runs with either M33 model (STM32L552, STM32U385); its memory map
 * is that of the L552 (ld/emu-m33.ld), which the U385 contains.
 *
 * No clock or flash set-up: cyclesim's model decides the clock, the wait
 * states and the caches, so the header line prints clock_hz=0 latency=0
 * icache=0 prefetch=0.  Cycle counter: DWT CYCCNT (cycles_dwt.c), as on the
 * M33 boards.  Console and exit: semihosting (semihost.c).
 */
#include "hal.h"

const hal_info_t hal_info = {
    .target = FW_TARGET_NAME,
    .mcu = "cortex-m33",
    .clock_hz = 0,
    .latency = 0,
    .icache = 0,
    .prefetch = 0,
};

void hal_init(void)
{
    hal_cycles_init();
}
