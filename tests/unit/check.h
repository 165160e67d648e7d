/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * check.h - what the unit tests share: a failed condition (CHECK) or a named
 * comparison of two numbers (CHECK_EQ), counted and printed with its line;
 * the test's result (check_result); a synthetic instruction for the core and
 * timing models.
 */
#ifndef CSIM_TESTS_CHECK_H
#define CSIM_TESTS_CHECK_H

#include <stdio.h>
#include <string.h>

#include "cyclesim/core/timing.h"

static int failures, checks;

#define CHECK(cond)                                                                                          \
    do {                                                                                                     \
        checks++;                                                                                            \
        if (!(cond)) {                                                                                       \
            fprintf(stderr, "%s:%d: FAIL: %s\n", __FILE__, __LINE__, #cond);                                 \
            failures++;                                                                                      \
        }                                                                                                    \
    } while (0)

#define CHECK_EQ(what, got, want)                                                              \
    do {                                                                                       \
        unsigned long long g_ = (unsigned long long)(got), w_ = (unsigned long long)(want);    \
        checks++;                                                                              \
        if (g_ != w_) {                                                                        \
            failures++;                                                                        \
            printf("FAIL %s:%d %s: got %llu, want %llu\n", __FILE__, __LINE__, what, g_, w_); \
        }                                                                                      \
    } while (0)

/* The exit status of a test's main: 0 when every check held. */
static inline int check_result(const char *test)
{
    if (failures) {
        fprintf(stderr, "%s: %d of %d checks failed\n", test, failures, checks);
        return 1;
    }
    printf("%s: ok (%d checks)\n", test, checks);
    return 0;
}

/* An instruction of class k at addr reading registers rd and writing wr, its
 * transfers counted as the core layer counts a decoded one. */
static inline csim_insn insn(uint32_t addr, unsigned size, csim_iclass k, uint16_t rd, uint16_t wr)
{
    csim_insn i;
    memset(&i, 0, sizeof(i));
    i.addr = addr;
    i.size = (uint8_t)size;
    i.iclass = (uint8_t)k;
    i.regs_read = rd;
    i.regs_written = wr;
    i.flags = size == 4 ? CSIM_IF_WIDE : 0;
    csim_core_decoded(&i, 1);
    return i;
}

#endif
