/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fpu.c - the FP register scoreboard any core with a single-precision FPU
 * (FPv4-SP, FPv5-SP) prices its FP instructions with (pure): S0..S31 and
 * FPSCR as a dependency set beside the core registers, and the FPU's
 * occupancy by an instruction that holds it (VDIV, VSQRT, the MACs).  The
 * figures are the core's own table (fp_row, m33.c); the rules are the
 * Cortex-M4 TRM's (ARM 100166, section 7.2.3 and Table 7-1): a MAC consumes
 * its addend one cycle after its other operands (the chaining of
 * multiply-accumulates), every other source at issue.
 */
#include "core/core_internal.h"

#define FPSCR_INDEX 32

uint64_t fp_operands_ready(const csim_core *c, const csim_insn *in)
{
    uint32_t addend = in->iclass == CSIM_IC_FP_MAC ? in->fregs_read & in->fregs_written : 0;
    uint64_t r = max64(c->fpu_free, latest_ready(c->freg_ready, in->fregs_read & ~addend));
    uint64_t a = latest_ready(c->freg_ready, addend);
    r = max64(r, a > 0 ? a - 1 : 0);
    if (in->flags & CSIM_IF_FPSCR_READ) {
        r = max64(r, c->freg_ready[FPSCR_INDEX]);
    }
    return r;
}

static void set_ready(csim_core *c, unsigned index, uint64_t when)
{
    c->freg_ready[index] = when;
    c->fp_horizon = max64(c->fp_horizon, when);
}

void fp_results(csim_core *c, const csim_insn *in, const fp_row *row, uint64_t s, unsigned issue,
                const uint64_t *beats, unsigned nbeats, unsigned load_latency)
{
    uint32_t dst = in->fregs_written;
    if (nbeats) {
        /* Transfers hold the core, not the FPU; a load's registers come in
         * ascending order, one word per beat (Sn with beat k). */
        for (unsigned k = 0; dst; k++) {
            unsigned r = (unsigned)__builtin_ctz(dst);
            dst &= dst - 1;
            set_ready(c, r, beats[k < nbeats ? k : nbeats - 1] + load_latency - 1);
        }
        return;
    }
    const uint64_t ready = s + issue + row->result;
    while (dst) {
        set_ready(c, (unsigned)__builtin_ctz(dst), ready);
        dst &= dst - 1;
    }
    if (in->flags & CSIM_IF_FPSCR_WRITE) {
        set_ready(c, FPSCR_INDEX, ready);
    }
    c->fpu_free = s + issue + row->hold;
    c->fp_horizon = max64(c->fp_horizon, c->fpu_free);
}
