/* SPDX-License-Identifier: MIT */
/*
 * semihost.c - console and exit for the emulator targets (emu-m0plus,
 * emu-m33) through Arm semihosting, which cyclesim implements:
 *
 *   bkpt 0xAB with r0 = operation, r1 = argument (Thumb semihosting trap)
 *   SYS_WRITE0        0x04  r1 = pointer to a NUL-terminated string
 *   SYS_EXIT_EXTENDED 0x20  r1 = pointer to {reason, status}; reason
 *                           ADP_Stopped_ApplicationExit = 0x20026
 *
 * hal_putc() collects a line and writes it with one SYS_WRITE0 at '\n' (or
 * when the buffer is full), so cyclesim handles one trap per output line.
 */
#include "hal.h"

#define SYS_WRITE0 0x04u
#define SYS_EXIT_EXTENDED 0x20u
#define ADP_STOPPED_APPLICATION_EXIT 0x20026u

static char line[256];
static unsigned line_len;

static void semihost_call(uint32_t op, const void *arg)
{
    register uint32_t r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;

    __asm__ volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
}

static void flush_line(void)
{
    if (line_len == 0) {
        return;
    }
    line[line_len] = '\0';
    semihost_call(SYS_WRITE0, line);
    line_len = 0;
}

void hal_putc(char c)
{
    line[line_len++] = c;
    if (c == '\n' || line_len == sizeof(line) - 1) {
        flush_line();
    }
}

void hal_done(int failures)
{
    static uint32_t block[2];

    flush_line();
    block[0] = ADP_STOPPED_APPLICATION_EXIT;
    block[1] = (uint32_t)failures;
    for (;;) {
        semihost_call(SYS_EXIT_EXTENDED, block);
    }
}
