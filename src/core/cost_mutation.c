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

#include "cost_table.h"

static const char *const class_names[CSIM_IC_COUNT] = {
    [CSIM_IC_ALU] = "ALU",         [CSIM_IC_ALU_SHIFT] = "ALU_SHIFT", [CSIM_IC_ALU_PC] = "ALU_PC",
    [CSIM_IC_MUL] = "MUL",         [CSIM_IC_MAC] = "MAC",             [CSIM_IC_MULL] = "MULL",
    [CSIM_IC_MACL] = "MACL",       [CSIM_IC_DIV] = "DIV",             [CSIM_IC_LOAD] = "LOAD",
    [CSIM_IC_STORE] = "STORE",     [CSIM_IC_LOAD2] = "LOAD2",         [CSIM_IC_STORE2] = "STORE2",
    [CSIM_IC_LDM] = "LDM",         [CSIM_IC_STM] = "STM",             [CSIM_IC_B] = "B",
    [CSIM_IC_BCC] = "BCC",         [CSIM_IC_CBZ] = "CBZ",             [CSIM_IC_BL] = "BL",
    [CSIM_IC_BX] = "BX",           [CSIM_IC_TB] = "TB",               [CSIM_IC_IT] = "IT",
    [CSIM_IC_NOP] = "NOP",         [CSIM_IC_SYS] = "SYS",             [CSIM_IC_CPS] = "CPS",
    [CSIM_IC_BARRIER] = "BARRIER", [CSIM_IC_WFI] = "WFI",             [CSIM_IC_TRAP] = "TRAP",
};

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
            printf("%s %s issue %u\n%s %s refill %u\n", core, class_names[k], table[k].issue, core,
                   class_names[k], table[k].refill);
        }
        if (strcmp(core, "m33") == 0) { /* the last table listed */
            exit(0);
        }
        return;
    }
    char c[16], k[16], f[16];
    int delta;
    if (sscanf(spec, "%15[^:]:%15[^:]:%15[^:]:%d", c, k, f, &delta) != 4 ||
        (delta != 1 && delta != -1) || (strcmp(f, "issue") != 0 && strcmp(f, "refill") != 0)) {
        fail(spec);
    }
    unsigned row = 0;
    while (row < CSIM_IC_COUNT && strcmp(class_names[row], k) != 0) {
        row++;
    }
    if (row == CSIM_IC_COUNT || (strcmp(c, "m0plus") != 0 && strcmp(c, "m33") != 0)) {
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
