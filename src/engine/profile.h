/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * profile.h - cycles per function within a measured region (docs/profile.md).
 *
 * sim.c drives it, a block observer while a region runs: after pricing it
 * flushes what the core priced since the last flush to the running function,
 * and at every block start it tells where execution went, so a shadow call stack follows calls (BL/BLX), returns
 * (reaching a pushed return address), jumps into other functions (tail calls)
 * and exceptions.  Working from the core's breakdown deltas, the attribution
 * is the same whether a block was priced instruction by instruction or
 * replayed from the reuse memo.
 */
#ifndef CYCLESIM_PROFILE_H
#define CYCLESIM_PROFILE_H

#include <stdbool.h>
#include <stdint.h>

#include "cyclesim/backends/elf.h"
#include "cyclesim/core/insn.h"
#include "cyclesim/engine/sim.h"

typedef struct csim_prof csim_prof;

/** lines: csim_prof_insn is called for every priced instruction (csim_profile.insns). */
csim_prof *csim_prof_new(const csim_elf *elf, bool lines);
void csim_prof_free(csim_prof *p);

/** Start a region at pc with the core's breakdown and clock as they are now;
 *  the base frame is pc's function (`called`: it counts one call, as --call). */
void csim_prof_begin(csim_prof *p, uint32_t pc, bool called, const csim_breakdown *bd, uint64_t now);
/** Attribute what the core priced since the last flush to the running function. */
void csim_prof_flush(csim_prof *p, const csim_breakdown *bd, uint64_t now);
/** The instruction at addr was priced: the core's breakdown, the flash
 *  interface's statistics and the clock after it. */
void csim_prof_insn(csim_prof *p, uint32_t addr, const csim_breakdown *bd, const csim_ms_stats *ms, uint64_t now);
/** The timeline's window (csim_run_opts.trace_*) of the region that begins
 *  now, and the flash interface's statistics as they are. */
void csim_prof_trace(csim_prof *p, const char *fn, uint64_t from, uint64_t to, const csim_ms_stats *ms);
/** Reads the SP when a call or return needs it. */
typedef uint32_t (*csim_prof_sp_fn)(void *ctx);
/** Execution continues at addr; prev is the last instruction executed before
 *  (NULL when unknown: after a restart of the emulator at the same place).
 *  The core's breakdown and clock are flushed first when the running function
 *  changes: until then they all belong to it, so flushing later adds the same. */
void csim_prof_goto(csim_prof *p, uint32_t addr, const csim_insn *prev, const csim_breakdown *bd, uint64_t now,
                    csim_prof_sp_fn sp, void *ctx);
/** Exception entry to handler / return from the innermost handler. */
void csim_prof_exception(csim_prof *p, uint32_t handler);
void csim_prof_exception_return(csim_prof *p);
/** End the region: the profile (NULL when out of memory). */
csim_profile *csim_prof_end(csim_prof *p);

void csim_profile_free(csim_profile *pr);

#endif
