/* SPDX-License-Identifier: MIT */
/*
 * emu_m4.c - HAL of the emulator target emu-m4: a Cortex-M4F image (hard-float
 * ABI) that cyclesim runs with each M4 model (STM32F407, STM32G474,
 * STM32L476); its memory map is the part every one of them has
 * (ld/emu-m4.ld).
 *
 * No clock or flash set-up: cyclesim's model decides the clock, the wait
 * states and the ART, so the header line prints clock_hz=0 latency=0
 * icache=0 prefetch=0.  Cycle counter: DWT CYCCNT (cycles_dwt.c), as on the
 * M4 boards.  Console and exit: semihosting (semihost.c).
 */
#include "hal.h"

const hal_info_t hal_info = {
    .target = FW_TARGET_NAME,
    .mcu = "cortex-m4",
    .clock_hz = 0,
    .latency = 0,
    .icache = 0,
    .prefetch = 0,
};

void hal_init(void)
{
    hal_cycles_init();
}
