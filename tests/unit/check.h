/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * check.h - what the unit tests of the core and timing models share: a
 * named comparison of two numbers, counted, printed when it fails, and a
 * synthetic instruction.
 */
#ifndef CSIM_TESTS_CHECK_H
#define CSIM_TESTS_CHECK_H

#include <stdio.h>
#include <string.h>

#include "cyclesim/core/timing.h"

static int failures, checks;

#define CHECK_EQ(what, got, want)                                                              \
    do {                                                                                       \
        unsigned long long g_ = (unsigned long long)(got), w_ = (unsigned long long)(want);    \
        checks++;                                                                              \
        if (g_ != w_) {                                                                        \
            failures++;                                                                        \
            printf("FAIL %s:%d %s: got %llu, want %llu\n", __FILE__, __LINE__, what, g_, w_); \
        }                                                                                      \
    } while (0)

/* An instruction of class k at addr reading registers rd and writing wr. */
static csim_insn insn(uint32_t addr, unsigned size, csim_iclass k, uint16_t rd, uint16_t wr)
{
    csim_insn i;
    memset(&i, 0, sizeof(i));
    i.addr = addr;
    i.size = (uint8_t)size;
    i.iclass = (uint8_t)k;
    i.regs_read = rd;
    i.regs_written = wr;
    i.flags = size == 4 ? CSIM_IF_WIDE : 0;
    i.transfers = (uint8_t)csim_core_transfers(&i);
    return i;
}

#endif
