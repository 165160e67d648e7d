/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cost_mutation.c - linked into the test-only mutants (cyclesim_mutant,
 * test_core_mutant) only: one environment variable changes one field of one
 * cost row by +1 or -1, so tests/mutation/run_mutation.sh can show that
 * every row is pinned by a test whose value comes from a document.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core_internal.h"
#include "cyclesim/core/core.h"

static void fail(const char *spec)
{
    fprintf(stderr, "CSIM_MUTATION=%s: expected CORE:CLASS:issue|refill|result|hold:+1|-1 or list\n", spec);
    exit(2);
}

/* The spec in force, split: false when there is none or it lists the tables
 * ("list" prints through `print`); fails on a malformed one. */
static bool spec_for(const char *core, char *k, char *f, int *delta, bool *list)
{
    const char *spec = getenv("CSIM_MUTATION");
    *list = spec && strcmp(spec, "list") == 0;
    if (!spec || !*spec || *list) {
        return false;
    }
    char c[16];
    if (sscanf(spec, "%15[^:]:%15[^:]:%15[^:]:%d", c, k, f, delta) != 4 || (*delta != 1 && *delta != -1) ||
        (strcmp(f, "issue") != 0 && strcmp(f, "refill") != 0 && strcmp(f, "result") != 0 &&
         strcmp(f, "hold") != 0) ||
        csim_core_find(c) < 0) {
        fail(spec);
    }
    unsigned row = 0;
    while (row < CSIM_IC_COUNT && strcmp(csim_iclass_name(row), k) != 0) {
        row++;
    }
    if (row == CSIM_IC_COUNT) {
        fail(spec);
    }
    return strcmp(c, core) == 0;
}

static void change(uint8_t *field, int delta)
{
    if (*field == 0 && delta < 0) {
        fail(getenv("CSIM_MUTATION"));
    }
    *field = (uint8_t)(*field + delta);
}

/* Both kinds of table are rows of two one-byte fields, named `field`; the
 * rows are classes first .. first + n - 1. */
static void mutate_table(const char *core, unsigned first, unsigned n, uint8_t (*rows)[2],
                         const char *const field[2])
{
    char k[16], f[16];
    int delta;
    bool list;
    if (spec_for(core, k, f, &delta, &list)) {
        for (unsigned row = 0; row < n; row++) {
            for (unsigned i = 0; i < 2; i++) {
                if (strcmp(csim_iclass_name(first + row), k) == 0 && strcmp(f, field[i]) == 0) {
                    change(&rows[row][i], delta);
                }
            }
        }
    }
    for (unsigned row = 0; list && row < n; row++) {
        for (unsigned i = 0; i < 2; i++) {
            printf("cost-row %s %s %s %u\n", core, csim_iclass_name(first + row), field[i], rows[row][i]);
        }
    }
}

_Static_assert(sizeof(cost_row) == 2 && sizeof(fp_row) == 2, "rows of two one-byte fields");

void csim_cost_mutate(const char *core, cost_row table[CSIM_IC_COUNT])
{
    static const char *const fields[2] = {"issue", "refill"};
    mutate_table(core, 0, CSIM_IC_COUNT, (uint8_t(*)[2])table, fields);
}

void csim_fp_cost_mutate(const char *core, fp_row table[CSIM_IC_FP_COUNT])
{
    static const char *const fields[2] = {"result", "hold"};
    mutate_table(core, CSIM_IC_FP_FIRST, CSIM_IC_FP_COUNT, (uint8_t(*)[2])table, fields);
}
