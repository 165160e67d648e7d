/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * check.h - CHECK(cond) for the unit tests of analysis/: a failed condition
 * is printed with its line and counted; the test's main returns
 * check_result(name) (0 when every check held).
 */
#ifndef CYCLESIM_TESTS_UNIT_CHECK_H
#define CYCLESIM_TESTS_UNIT_CHECK_H

#include <stdio.h>

static int failures;

#define CHECK(cond)                                                                                          \
    do {                                                                                                     \
        if (!(cond)) {                                                                                       \
            fprintf(stderr, "%s:%d: FAIL: %s\n", __FILE__, __LINE__, #cond);                                 \
            failures++;                                                                                      \
        }                                                                                                    \
    } while (0)

static inline int check_result(const char *test)
{
    if (failures) {
        fprintf(stderr, "%s: %d failure(s)\n", test, failures);
        return 1;
    }
    printf("%s: ok\n", test);
    return 0;
}

#endif
