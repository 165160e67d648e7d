/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_leak.c - the analysis of `cyclesim leak` (src/analysis/leak.c) on
 * hand-made runs: each cause found where it is planted and nowhere else,
 * Welch's t against values worked by hand, the verdicts and their agreement.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/leak.h"
#include "unit/check.h"

#define N 3
#define INSNS 4

/* Instruction i of run r: 0x100 + 2i, one execution of 1 cycle (core), data
 * address hash 7: the same in every run unless a test changes it. */
static csim_insn_stat stats[2 * N][INSNS];
static csim_insn_trace traces[2 * N];
static csim_case_result cases[2 * N];
static const csim_case_result *fixed[N], *rnd[N];

static void reset(void)
{
    memset(stats, 0, sizeof(stats));
    memset(cases, 0, sizeof(cases));
    for (int r = 0; r < 2 * N; r++) {
        for (int i = 0; i < INSNS; i++) {
            csim_insn_stat *s = &stats[r][i];
            s->addr = 0x100 + 2u * (unsigned)i;
            s->count = 1;
            s->cycles = s->bd[CSIM_BD_core] = 1;
            s->data_hash = 7;
        }
        traces[r] = (csim_insn_trace){stats[r], INSNS};
        snprintf(cases[r].name, sizeof(cases[r].name), "case");
        cases[r].cycles = 100;
        cases[r].trace = &traces[r];
        cases[r].n_secrets = 1;
        if (r < N) {
            fixed[r] = &cases[r];
        } else {
            rnd[r - N] = &cases[r];
        }
    }
}

static leak_case analyse(void)
{
    leak_case lc;
    CHECK(leak_analyse(&lc, fixed, rnd, N));
    return lc;
}

int main(void)
{
    /* Nothing differs: constant-time, t = 0, no instruction. */
    reset();
    leak_case lc = analyse();
    CHECK(lc.verdict == LEAK_CONSTANT && lc.n_insns == 0 && lc.t == 0 && lc.agree && lc.n_secrets == 1);
    leak_case_free(&lc);

    /* A data address that differs in one random run: listed for it alone, no timing. */
    reset();
    stats[N + 1][2].data_hash = 8;
    lc = analyse();
    CHECK(lc.verdict == LEAK_HIDDEN && lc.n_insns == 1 && lc.n_timing == 0 && lc.agree);
    CHECK(lc.n_insns == 1 && lc.insns[0].addr == 0x104 && lc.insns[0].causes == LEAK_ADDRESS);
    leak_case_free(&lc);

    /* An instruction that one run does not execute: control flow (count 0..1). */
    reset();
    traces[N + 2].n = INSNS - 1; /* run N+2 lacks 0x106 */
    lc = analyse();
    CHECK(lc.n_insns == 1 && lc.insns[0].addr == 0x106 && lc.insns[0].causes == LEAK_FLOW);
    CHECK(lc.n_insns == 1 && lc.insns[0].count_min == 0 && lc.insns[0].count_max == 1);
    CHECK(lc.verdict == LEAK_TIMING && lc.n_timing == 1);
    leak_case_free(&lc);

    /* A data wait and a flash read at equal counts: those two causes, and the
     * total cycles differ: random 100, 103, 100 against fixed 100.
     * Welch: mean 101, sd sqrt(3), t = (100 - 101) / sqrt(3 / 3) = -1. */
    reset();
    stats[N + 1][1].cycles += 3;
    stats[N + 1][1].bd[CSIM_BD_data_wait] = 3;
    stats[N + 1][1].ms.flash_reads = 1;
    cases[N + 1].cycles = 103;
    lc = analyse();
    CHECK(lc.n_insns == 1 && lc.insns[0].causes == ((1u << CSIM_BD_data_wait) | LEAK_FLASH_READS));
    CHECK(lc.n_insns == 1 && lc.insns[0].cycles_min == 1 && lc.insns[0].cycles_max == 4);
    CHECK(fabs(lc.t + 1.0) < 1e-12 && !lc.t_leaks && lc.verdict == LEAK_TIMING && !lc.agree);
    CHECK(fabs(lc.mean[1] - 101.0) < 1e-12 && fabs(lc.sd[1] - sqrt(3.0)) < 1e-12 && lc.sd[0] == 0);
    leak_case_free(&lc);

    /* Both classes constant, means apart: t infinite, leaks, agree. */
    reset();
    for (int r = N; r < 2 * N; r++) {
        cases[r].cycles = 90;
        stats[r][0].cycles = 0; /* the difference shows in an instruction's cycles */
    }
    lc = analyse();
    CHECK(isinf(lc.t) && lc.t > 0 && lc.t_leaks && lc.verdict == LEAK_TIMING && lc.agree);
    leak_case_free(&lc);

    /* A run without a trace is refused. */
    reset();
    cases[1].trace = NULL;
    CHECK(!leak_analyse(&lc, fixed, rnd, N));

    return check_result("leak analysis");
}
