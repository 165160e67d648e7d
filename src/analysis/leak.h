/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * leak.h - the constant-time screen of `cyclesim leak` (docs/leak.md): a
 * case's runs in two classes (a fixed secret, random secrets; the public
 * inputs equal) compared by Welch's t-test on their cycles, as dudect does
 * on a board, and instruction by instruction from the runs' per-instruction
 * statistics (csim_run_opts.trace): which instructions ran a different
 * number of times, cost a different number of cycles and why (the
 * breakdown fields that differ), or read or wrote at addresses that depend
 * on the secret.
 */
#ifndef CSIM_ANALYSIS_LEAK_H
#define CSIM_ANALYSIS_LEAK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cyclesim/engine/sim.h"

/* dudect's threshold (Reparaz, Balasch, Verbauwhede, "Dude, is my code
 * constant time?", DATE 2017, section 3): |t| above it rejects "the two
 * classes' timings have the same mean". */
#define LEAK_T_THRESHOLD 4.5

/* Why an instruction is listed: bit CSIM_BD_<field> for a breakdown field
 * whose cycles differ, and these; all but LEAK_FLOW at equal counts. */
#define LEAK_FLOW (1u << CSIM_BD_FIELDS)              /* its execution count differs: control flow */
#define LEAK_ADDRESS (1u << (CSIM_BD_FIELDS + 1))     /* other data addresses: a secret index */
#define LEAK_HIT_MISS (1u << (CSIM_BD_FIELDS + 2))    /* other cache or flash-buffer hits and misses */
#define LEAK_PREFETCH (1u << (CSIM_BD_FIELDS + 3))    /* other demands met by a prefetch or pre-read */
#define LEAK_FLASH_READS (1u << (CSIM_BD_FIELDS + 4)) /* other flash array reads (each costs the wait states) */

typedef enum leak_verdict {
    LEAK_CONSTANT,   /* no instruction differs */
    LEAK_HIDDEN,     /* constant-time on this model, but secret-dependent addresses or flash-interface events */
    LEAK_TIMING,     /* some instruction's count or cycles differ */
} leak_verdict;

typedef struct leak_insn {
    uint32_t addr;
    uint16_t id; /* mnemonic (csim_disasm_name) */
    uint32_t causes;
    uint64_t count_min, count_max, cycles_min, cycles_max; /* per input, over all runs */
} leak_insn;

typedef struct leak_case {
    char name[96];
    uint32_t n_secrets, secret_bytes; /* its bench_secret marks (0: screened over all its inputs) */
    size_t n;                         /* inputs per class */
    uint64_t *cycles[2];              /* per input: [0] fixed class, [1] random class */
    double mean[2], sd[2];
    double t;                         /* Welch's t; +-INFINITY when both classes are constant and differ */
    bool t_leaks;                     /* |t| > LEAK_T_THRESHOLD */
    leak_insn *insns;                 /* by address */
    size_t n_insns, n_timing;         /* listed; those whose count or cycles differ */
    leak_verdict verdict;
    bool agree;                       /* t_leaks == (n_timing > 0) */
} leak_case;

/** leak_analyse - the screen of one case from its runs: fixed[i] and
 *  random[i] (i < n, n >= 2), each with its trace.  false when out of memory
 *  or a run has no trace. */
bool leak_analyse(leak_case *lc, const csim_case_result *const *fixed, const csim_case_result *const *random,
                  size_t n);
void leak_case_free(leak_case *lc);

/** leak_cause_name - the name of one cause bit ("control flow", "fetch wait
 *  (flash wait states, prefetch buffer or cache)", ...). */
const char *leak_cause_name(unsigned bit);
/** leak_verdict_name - "constant-time", "constant-time on this model; secret-dependent memory accesses", "leaks". */
const char *leak_verdict_name(leak_verdict v);

#endif
