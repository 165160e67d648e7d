/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * disasm.h - Thumb decoder behind a small interface (Capstone inside).
 */
#ifndef CYCLESIM_DISASM_H
#define CYCLESIM_DISASM_H

#include <stddef.h>
#include <stdint.h>

#include "cyclesim/core/insn.h"

typedef struct csim_disasm csim_disasm;

csim_disasm *csim_disasm_new(void);
void csim_disasm_free(csim_disasm *d);

/** csim_disasm_decode - decode up to `max` instructions of `code` (at `addr`)
 *  into out[]; stops at the first undecodable halfword.
 *  @return the number decoded, or -1 when out of memory. */
int csim_disasm_decode(csim_disasm *d, const uint8_t *code, size_t len, uint32_t addr,
                       csim_insn *out, size_t max);

/** csim_disasm_name - mnemonic of csim_insn.id ("ldr", "umaal"...). */
const char *csim_disasm_name(const csim_disasm *d, unsigned id);

/** csim_disasm_ids - the instruction ids are 1 .. this - 1. */
unsigned csim_disasm_ids(void);

/** csim_disasm_class_of - the class instruction id `id` maps to before its
 *  rule refines it (B is B, data processing ALU), or CSIM_IC_COUNT: no
 *  class, the run stops at it. */
unsigned csim_disasm_class_of(const csim_disasm *d, unsigned id);

/** csim_disasm_unmatched - the first mnemonic of the decoder's table that no
 *  instruction id of this Capstone carries (a misspelt row), or NULL. */
const char *csim_disasm_unmatched(const csim_disasm *d);

/** csim_disasm_version - the version of the Capstone library in use
 *  ("4.0.2"), into buf (--version). */
void csim_disasm_version(char *buf, size_t size);

#endif
