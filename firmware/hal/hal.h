/* SPDX-License-Identifier: MIT */
/*
 * hal.h - the firmware's hardware abstraction: one small file per target
 * (hal/<target>.c) plus the shared cycle counters (cycles_systick.c on the
 * Cortex-M0+ targets, cycles_dwt.c on the Cortex-M33 targets) and, for the
 * emulator targets, the semihosting console (semihost.c).
 *
 * Which files make up a target is decided in firmware/CMakeLists.txt, never
 * by #ifdef here.
 */
#ifndef FW_HAL_H
#define FW_HAL_H

#include <stdint.h>

/* A memory-mapped 32-bit register. */
#define HAL_REG32(addr) (*(volatile uint32_t *)(uintptr_t)(addr))

/* Read-modify-write: clear the bits of `clear`, then set those of `set`. */
static inline void hal_modify(uint32_t addr, uint32_t clear, uint32_t set)
{
    HAL_REG32(addr) = (HAL_REG32(addr) & ~clear) | set;
}

/* Poll until (register & mask) == value.  Every use is listed, per board,
 * in firmware/README.md: cyclesim's peripheral models must complete them. */
static inline void hal_wait(uint32_t addr, uint32_t mask, uint32_t value)
{
    while ((HAL_REG32(addr) & mask) != value) {
    }
}

/* What the image runs on, printed in the "@cyclesim-bench" header line. */
typedef struct hal_info {
    const char *target; /* FW_TARGET_NAME, e.g. "nucleo-u083rc" */
    const char *mcu;    /* part, e.g. "stm32u083rc"; the core for emulator targets */
    uint32_t clock_hz;  /* HCLK the HAL set up; 0 on emulator targets (the model decides) */
    uint32_t latency;   /* flash wait states programmed in FLASH_ACR.LATENCY */
    uint32_t icache;    /* 1 if an instruction cache is enabled (U0 ICEN, L5/U3 ICACHE) */
    uint32_t prefetch;  /* 1 if flash prefetch is enabled (FLASH_ACR.PRFTEN) */
} hal_info_t;

/** hal_info - the image's constant description (defined in hal/<target>.c). */
extern const hal_info_t hal_info;

/**
 * hal_init - bring the target to its measurement configuration: clock, flash
 * latency, prefetch/caches, console; then start the cycle counter.
 * Emulator targets only start the cycle counter.
 */
void hal_init(void);

/**
 * hal_cycles - the free-running core-clock cycle counter.
 *
 * Returns uint32_t and wraps modulo 2^32: the difference of two readings
 * (unsigned subtraction) is exact for regions shorter than 2^32 cycles
 * (134 s at 32 MHz, 39 s at 110 MHz).  Cortex-M33: DWT CYCCNT.  Cortex-M0+:
 * SysTick (24 bits, processor clock) extended by a wrap counter kept in
 * SysTick_Handler.  The counting interrupt costs the measured region a few
 * dozen cycles every 2^24 cycles (cyclesim models the same exception).
 */
uint32_t hal_cycles(void);

/** hal_cycles_init - start the counter (cycles_systick.c / cycles_dwt.c). */
void hal_cycles_init(void);

/**
 * hal_putc - write one character to the console.  Boards: the ST-LINK
 * virtual COM port UART, 115200 8N1, polled; '\n' goes out as "\r\n".
 * Emulator: buffered and written a line at a time through semihosting
 * SYS_WRITE0.
 */
void hal_putc(char c);

/**
 * hal_done - the end of the run.  Emulator: flush the console and exit via
 * semihosting SYS_EXIT_EXTENDED with status `failures` (0 = every case
 * passed).  Boards: sleep forever (WFI loop).
 */
void hal_done(int failures) __attribute__((noreturn));

/* Shared by the board HALs (board_console.c). */
void board_console_putc(uint32_t isr, uint32_t tdr, char c);
void board_sleep(void) __attribute__((noreturn));

#endif
