/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_progress.c - csim_run_opts.progress: called each time the instruction
 * count crosses a multiple of 2^24, with the count and cycles so far.
 *
 * usage: test_progress ELF MODELS_DIR, ELF being progress_loop.S: r0
 * iterations of 66 instructions, then BX LR.  With 600000 iterations the
 * run executes 66 * 600000 + 1 = 39600001 instructions, crossing 2^24
 * (16777216) and 2 * 2^24 (33554432): two calls, each within one block
 * (66 instructions) past the multiple it crossed.
 */
#include <stdio.h>
#include <string.h>

#include "cyclesim/engine/sim.h"

#define ITERATIONS 600000u
#define EXPECTED_INSNS (66ull * ITERATIONS + 1)

typedef struct seen {
    unsigned calls;
    uint64_t insns[8], cycles[8];
} seen;

static void on_progress(void *ctx, uint64_t insns, uint64_t cycles)
{
    seen *s = ctx;
    if (s->calls < 8) {
        s->insns[s->calls] = insns;
        s->cycles[s->calls] = cycles;
    }
    s->calls++;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: test_progress ELF MODELS_DIR\n");
        return 2;
    }
    csim_diag d = {0};
    csim_elf *elf = NULL;
    csim_model m;
    if (csim_elf_load(argv[1], &elf, &d) || csim_model_load(&m, argv[2], "stm32l552ze", &d) ||
        csim_model_check(&m, &d)) {
        fprintf(stderr, "test_progress: %s\n", d.msg);
        return 1;
    }
    seen s = {0};
    csim_run_opts o = {.max_insns = 1000000000ull, .call = "kernel", .call_args = {ITERATIONS},
                       .n_call_args = 1, .progress = on_progress, .progress_ctx = &s};
    csim_run_result res;
    csim_err err = csim_run(elf, &m, &o, &res, &d);
    int bad = 0;
    if (err) {
        fprintf(stderr, "test_progress: %s\n", d.msg);
        bad = 1;
    } else if (res.total_insns != EXPECTED_INSNS) {
        fprintf(stderr, "test_progress: %llu instructions, expected %llu\n", (unsigned long long)res.total_insns,
                EXPECTED_INSNS);
        bad = 1;
    }
    if (s.calls != 2) {
        fprintf(stderr, "test_progress: %u progress calls, expected 2\n", s.calls);
        bad = 1;
    }
    for (unsigned i = 0; i < s.calls && i < 2; i++) {
        uint64_t mark = (uint64_t)(i + 1) << 24;
        if (s.insns[i] < mark || s.insns[i] >= mark + 66) {
            fprintf(stderr, "test_progress: call %u at %llu instructions, expected [%llu, %llu)\n", i,
                    (unsigned long long)s.insns[i], (unsigned long long)mark, (unsigned long long)mark + 66);
            bad = 1;
        }
        if (s.cycles[i] < s.insns[i] - 66 || (i && s.cycles[i] <= s.cycles[i - 1]) ||
            s.cycles[i] > res.total_cycles) {
            fprintf(stderr, "test_progress: call %u: cycles %llu out of order\n", i,
                    (unsigned long long)s.cycles[i]);
            bad = 1;
        }
    }
    csim_run_result_free(&res);
    csim_elf_free(elf);
    if (!bad) {
        printf("test_progress: 2 calls at %llu and %llu instructions\n", (unsigned long long)s.insns[0],
               (unsigned long long)s.insns[1]);
    }
    return bad;
}
