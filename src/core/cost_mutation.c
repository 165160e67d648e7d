/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cost_mutation.c - linked into the test-only mutants (cyclesim_mutant,
 * test_core_mutant) only: one environment variable changes one field of one
 * cost row by +1 or -1, so tests/mutation/run_mutation.sh can show that
 * every row is pinned by a test whose value comes from a document.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/core_internal.h"
#include "cyclesim/core/core.h"

static void fail(const char *spec)
{
    fprintf(stderr, "CSIM_MUTATION=%s: expected CORE:CLASS:issue|refill:+1|-1 or list\n", spec);
    exit(2);
}

void csim_cost_mutate(const char *core, cost_row table[CSIM_IC_COUNT])
{
    const char *spec = getenv("CSIM_MUTATION");
    if (!spec || !*spec) {
        return;
    }
    if (strcmp(spec, "list") == 0) {
        for (unsigned k = 0; k < CSIM_IC_COUNT; k++) {
            printf("cost-row %s %s issue %u\ncost-row %s %s refill %u\n", core,
                   csim_iclass_name(k), table[k].issue, core, csim_iclass_name(k), table[k].refill);
        }
        return;
    }
    char c[16], k[16], f[16];
    int delta;
    if (sscanf(spec, "%15[^:]:%15[^:]:%15[^:]:%d", c, k, f, &delta) != 4 ||
        (delta != 1 && delta != -1) || (strcmp(f, "issue") != 0 && strcmp(f, "refill") != 0) ||
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
    if (strcmp(c, core) != 0) {
        return;
    }
    uint8_t *field = strcmp(f, "issue") == 0 ? &table[row].issue : &table[row].refill;
    if (*field == 0 && delta < 0) {
        fail(spec);
    }
    *field = (uint8_t)(*field + delta);
}
