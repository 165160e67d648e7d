/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sim.h - run a firmware ELF on an MCU model and time its benchmark cases
 * (or one function, --call).  Ties the emulator, decoder, core and memory
 * models and peripherals together.
 */
#ifndef CYCLESIM_SIM_H
#define CYCLESIM_SIM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cyclesim/backends/elf.h"
#include "cyclesim/model/model.h"
#include "cyclesim/core/timing.h"

/* BENCH_ABI_VERSION of firmware/include/bench.h that cyclesim reads (the
 * case table in the engine, the board output in analysis). */
#define CSIM_BENCH_ABI_VERSION 1u

/* Called about every 2^24 instructions of a run (progress display). */
typedef void (*csim_progress_fn)(void *ctx, uint64_t insns, uint64_t cycles);

/* Default instruction limit, counted from the last progress point (start,
 * a bench marker, a semihosting call): above the longest case, RSA-3072
 * without CRT on a Cortex-M0+ (about 6.1e9 cycles, so fewer instructions),
 * and about 10 to 25 minutes of a runaway that the loop detection cannot
 * tell from work (docs/exit-codes.md). */
#define CSIM_DEFAULT_MAX_INSNS 10000000000ull

typedef struct csim_run_opts {
    uint64_t max_insns;      /* instructions between two progress points (runaway firmware) */
    bool warm;               /* keep cache/buffer state across cases (default cold) */
    bool no_reuse;           /* price every block in full (checks that block reuse changes nothing) */
    FILE *console;           /* firmware text output, NULL to discard */
    const char *call;        /* time this function instead of the bench cases: a symbol, or its address
                                (0x08001234, Thumb bit set or clear); start state: docs/cli.md */
    uint32_t call_args[4];
    const uint8_t *call_buf[4]; /* non-NULL: argument i is these call_buf_len[i] bytes, placed at the top
                                   of the first SRAM (the first argument's highest), its address passed */
    uint32_t call_buf_len[4];
    unsigned n_call_args;
    uint32_t case_first;     /* run only cases [case_first, case_first + case_count) */
    uint32_t case_count;     /*   of the bench_cases table; 0 = every case */
    uint32_t input_seed;     /* 0: the cases' known-answer inputs; else random inputs
                                from this seed (firmware's bench_input_seed) */
    bool profile;            /* attribute cycles to functions (csim_case_result.profile) */
    csim_progress_fn progress;
    void (*case_done)(void *ctx, const char *name); /* after each benchmark case (progress display); NULL: none */
    void *progress_ctx;                              /* passed to both */
} csim_run_opts;

/* Cycles of one function within a case (self: its own instructions). */
typedef struct csim_fn_cost {
    const char *name;        /* symbol name (owned by the csim_elf), or "0x%08x" text */
    uint32_t addr;
    uint64_t calls;
    uint64_t self_cycles, incl_cycles;
    csim_breakdown self_bd;  /* self cycles by kind (core, fetch_stall, data_wait, ...) */
} csim_fn_cost;

/* A caller -> callee edge: calls and the callee's inclusive cycles through it. */
typedef struct csim_call_edge {
    uint32_t caller, callee; /* indices into csim_profile.fns */
    uint64_t calls, incl_cycles;
} csim_call_edge;

/* A call stack (indices into fns, outermost first) and its self cycles. */
typedef struct csim_stack_cost {
    uint32_t *frames;
    uint32_t depth;
    uint64_t cycles;
} csim_stack_cost;

/* The profile covers the measured region, the empty-region overhead included:
 * the self cycles of fns sum to the case's cycles + overhead_cycles
 * (docs/profile.md). */
typedef struct csim_profile {
    uint64_t overhead_cycles; /* the empty region's cycles subtracted from the case */
    csim_fn_cost *fns;       /* sorted by self_cycles, descending */
    size_t n_fns;
    csim_call_edge *edges;
    size_t n_edges;
    csim_stack_cost *stacks;
    size_t n_stacks;
} csim_profile;

/* The configuration a case ran with (docs/output.md, "Configuration in
 * force"): the model's, as the firmware's FLASH_ACR and ICACHE_CR writes
 * left it when the case's region began, and whether the firmware changed it
 * during the region.  The reports print it (cyclesim/output/in_force.h),
 * not the model's figures. */
typedef struct csim_in_force {
    bool known;              /* false: the model's, unchanged (a case read back from a shard without one) */
    bool changed;            /* the firmware changed it during the case */
    bool cache_enabled, prefetch;
    unsigned wait_states;
    uint32_t clock_hz;
} csim_in_force;

/* An instruction priced by assumption (csim_core_desc.assumed): its mnemonic
 * and how many times the case ran it. */
#define CSIM_MAX_ASSUMED 8
typedef struct csim_assumed {
    char mnemonic[16];
    uint64_t count;
} csim_assumed;

typedef struct csim_case_result {
    char name[96];
    char row[96];
    char params[96];         /* the case's "k=v;k=v" description (bytes= converts rates) */
    uint64_t cycles;         /* region minus the empty region */
    csim_breakdown bd;       /* region minus the empty region */
    csim_ms_stats ms;        /* flash-interface statistics of the region */
    uint32_t fw_cycles;      /* what the firmware measured itself (DWT/SysTick) */
    uint32_t status;         /* enum bench_status */
    uint32_t workbuf;
    uint32_t attempts;       /* signing attempts the case reported (bench_note_attempts), 0: none */
    /* Footprint (docs/footprint.md): stack high-water below the SP at region begin;
     * sizes of the code, read-only data and read-write data symbols the region touched. */
    uint32_t stack_bytes;
    uint32_t code_bytes, const_bytes, data_bytes;
    csim_profile *profile;   /* opts.profile only; freed by csim_run_result_free */
    csim_in_force in_force;
    /* The instructions priced by assumption the region ran, most frequent
     * first; those beyond CSIM_MAX_ASSUMED mnemonics summed in assumed_other. */
    csim_assumed assumed[CSIM_MAX_ASSUMED];
    unsigned n_assumed;
    uint64_t assumed_other;
} csim_case_result;

typedef struct csim_run_result {
    csim_case_result *cases;
    size_t n_cases;
    uint64_t total_cycles, total_insns;
    bool exited;             /* semihosting exit or --call return */
    uint32_t exit_status;
    uint32_t call_result;    /* r0 after --call */
    uint32_t call_result_hi; /* r1 after --call (the high word of a 64-bit result) */
    double host_seconds;
} csim_run_result;

/** csim_run - returns CSIM_OK, or CSIM_ERR_ELF (image does not fit the model),
 *  CSIM_ERR_FAULT / CSIM_ERR_LIMIT (diag: cause, PC, symbol+offset). */
csim_err csim_run(const csim_elf *elf, const csim_model *model, const csim_run_opts *opts,
                  csim_run_result *res, csim_diag *diag);
void csim_run_result_free(csim_run_result *res);

/** csim_case_list - the names and rows of the ELF's bench_cases table, in table
 *  order (index = what case_first counts), read from its loadable segments
 *  without running it.  Fills at most `max` entries (names/rows may be NULL to
 *  only count with max = 0); returns the number of cases in the table. */
size_t csim_case_list(const csim_elf *e, char (*names)[96], char (*rows)[96], size_t max);

#endif
