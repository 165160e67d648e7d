/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cost_table.h - the per-class cost rows of the core models (private to
 * src/core).  The tables are constant; only the test-only build
 * cyclesim_mutant (CSIM_MUTATION, tests/mutation) may edit one field at
 * start-up, to show that some test fails when a row is wrong.
 */
#ifndef CYCLESIM_COST_TABLE_H
#define CYCLESIM_COST_TABLE_H

#include <stdint.h>

#include "cyclesim/insn.h"

typedef struct cost_row {
    uint8_t issue;  /* cycles excluding data transfers (M0+: the 1 of 1+N) */
    uint8_t refill; /* extra cycles when the instruction changes the flow */
} cost_row;

#ifdef CSIM_MUTATION
#define CSIM_COST_TABLE static
/** csim_cost_mutate - apply $CSIM_MUTATION ("CORE:CLASS:FIELD:+1|-1") to
 *  `table` when CORE is `core`; "list" prints every field and exits. */
void csim_cost_mutate(const char *core, cost_row table[CSIM_IC_COUNT]);
#else
#define CSIM_COST_TABLE static const
#endif

#endif
