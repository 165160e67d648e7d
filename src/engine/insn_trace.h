/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * insn_trace.h - per-instruction statistics of a measured region
 * (csim_run_opts.trace; docs/leak.md): fed by the pricer after each
 * instruction, aggregated by address so memory stays bounded by the code
 * that ran, not by its executions.
 */
#ifndef CSIM_ENGINE_INSN_TRACE_H
#define CSIM_ENGINE_INSN_TRACE_H

#include "cyclesim/core/timing.h"
#include "cyclesim/engine/sim.h"
#include "cyclesim/timing/pricing.h"

typedef struct insn_trace insn_trace;

insn_trace *itrace_new(const csim_core *core, const csim_memsys *flash);
void itrace_free(insn_trace *t);
/** itrace_begin - a region starts: forget the last one, attribute from now. */
void itrace_begin(insn_trace *t);
/** itrace_insn - the pricer's per-instruction hook (csim_pricer_insn_fn). */
void itrace_insn(void *ctx, const csim_insn *in, const csim_mem_event *ev, unsigned n_ev);
/** itrace_end - the region's statistics (NULL when out of memory). */
csim_insn_trace *itrace_end(insn_trace *t);

#endif
