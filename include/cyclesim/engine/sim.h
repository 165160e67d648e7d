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
    bool trace;              /* per-instruction statistics of each region (csim_case_result.trace;
                                prices every block anew: docs/leak.md) */
    bool fill_secret;        /* write the bytes a case marks with bench_secret(): zeros when
                                secret_seed is 0, else bytes drawn from secret_seed */
    uint32_t secret_seed;
    bool profile_lines;      /* and to instruction addresses (csim_profile.insns; prices every block of a region in full) */
    /* A timeline of the instructions of each case (csim_profile.trace; needs profile_lines): those of
     * the first call of trace_fn, or (trace_fn NULL) those that start in [trace_from, trace_to) cycles
     * of the region; at most CSIM_TRACE_CAP.  trace_to 0: no timeline. */
    const char *trace_fn;
    uint64_t trace_from, trace_to;
    /* Lanes: other models priced on this run's execution, each into lane_res[i] (its cases'
       cycles, the rest as this run's), where only the pricing differs: csim_run_lanes_ok. */
    const csim_model *const *lanes;
    unsigned n_lanes;
    struct csim_run_result *lane_res;
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

/* A caller -> callee edge: calls and the callee's inclusive cost through it. */
typedef struct csim_call_edge {
    uint32_t caller, callee; /* indices into csim_profile.fns */
    uint32_t site;           /* the branch of its first call (0: an exception or the region's start) */
    uint64_t calls;
    csim_breakdown incl;     /* incl.cycles: the inclusive cycles */
} csim_call_edge;

/* A call stack (indices into fns, outermost first) and its self cycles. */
typedef struct csim_stack_cost {
    uint32_t *frames;
    uint32_t depth;
    uint64_t cycles;
} csim_stack_cost;

/* What one instruction address cost within one function of a profile
 * (csim_run_opts.profile_lines): the core's clock and breakdown as they
 * advanced while it was priced.  addr CSIM_NO_INSN: cycles between
 * instructions (exception entry and return) while the function ran. */
#define CSIM_NO_INSN UINT32_MAX
typedef struct csim_insn_cost {
    uint32_t fn;   /* index into csim_profile.fns */
    uint32_t addr;
    uint64_t execs;
    csim_breakdown bd; /* bd.cycles: the clock's advance */
    csim_ms_stats ms;  /* the flash interface's events since the instruction before (cache hits, misses, ...) */
} csim_insn_cost;

/* One instruction of a timeline: when it was priced (region cycles), what
 * it cost and what the flash interface did meanwhile. */
#define CSIM_TRACE_CAP 50000
typedef struct csim_trace_insn {
    uint32_t addr, fn;   /* fn: index into csim_profile.fns */
    uint64_t start;      /* cycles since the region began */
    csim_breakdown bd;   /* bd.cycles: its duration */
    csim_ms_stats ms;    /* the flash interface's events meanwhile */
} csim_trace_insn;

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
    csim_insn_cost *insns;   /* by function, then address; they sum to the function's self cost (profile_lines only) */
    size_t n_insns;
    csim_trace_insn *trace;  /* the timeline (csim_run_opts.trace_*), in order; NULL: none */
    size_t n_trace;
    bool trace_capped;       /* the window held more than CSIM_TRACE_CAP instructions */
} csim_profile;

/* One static instruction within a measured region (opts.trace, docs/leak.md):
 * its executions, the cycles and breakdown fields they added, the
 * flash-interface events priced with it, and a hash of the sequence of its
 * data addresses (same count, other hash: an address that depends on the
 * inputs). */
typedef struct csim_insn_stat {
    uint32_t addr;
    uint16_t id;             /* mnemonic (csim_disasm_name) */
    uint32_t n_data;         /* data transfers */
    uint64_t count, cycles;
    uint64_t bd[CSIM_BD_FIELDS];
    csim_ms_stats ms;
    uint64_t data_hash;      /* FNV-1a (64-bit) over the addresses, in execution order */
} csim_insn_stat;

typedef struct csim_insn_trace {
    csim_insn_stat *insns;   /* by address, ascending */
    size_t n;
} csim_insn_trace;

void csim_insn_trace_free(csim_insn_trace *t);

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
#define CSIM_OP_CLASS_LEN 12 /* "cipher", "hash", "ecc", "rsa", "pqc" and a NUL */
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
    csim_insn_trace *trace;  /* opts.trace only; freed by csim_run_result_free */
    uint32_t n_secrets, secret_bytes; /* bench_secret() calls of its setup and the bytes they marked */
    bool secret_unwritable;  /* opts.fill_secret could not write a marked range */
    csim_in_force in_force;
    /* run --range (analysis/range.h): the fewest and most cycles over the model's uncertain keys */
    bool ranged;
    uint64_t cycles_low, cycles_high;
    bool range_both_states;  /* compare --range: the range covers the cold and the warm start */
    /* --rt-alt: the range covers the same case of the same firmware built with
     * the other run-time helper set too; its estimate there */
    bool rt_alt;
    uint64_t rt_alt_cycles;
    /* its calibrated interval (analysis/interval.h): the range widened by the
     * measured error of its class of operation, when the table knows it */
    bool has_interval;
    uint64_t interval_low, interval_high;
    char op_class[CSIM_OP_CLASS_LEN];
    unsigned interval_pct;   /* its nominal coverage, in percent */
    char interval_table[17]; /* the table's identity: 16 hex digits of its SHA-256 */
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
    /* A lane (csim_run_opts.lanes) whose run this execution is not: in a measured region the firmware
       read the time or took an exception, or it touched a flash or cache control register; run it
       on its own. */
    bool diverged;
} csim_run_result;

/** csim_run_lanes_ok - whether lanes can share a run of `m` with options `o`:
 *  cold, the benchmark cases (no --call), no profile or trace, no external
 *  memory (its DCACHE's state is in no lane), and every lane the same part
 *  with the same memory map, peripherals and register layouts (its core
 *  parameters, flash configuration and clock its own). */
bool csim_run_lanes_ok(const csim_model *m, const csim_model *const *lanes, unsigned n_lanes,
                       const csim_run_opts *o);

/** csim_run - returns CSIM_OK, or CSIM_ERR_ELF (image does not fit the model),
 *  CSIM_ERR_FAULT / CSIM_ERR_LIMIT (diag: cause, PC, symbol+offset). */
csim_err csim_run(const csim_elf *elf, const csim_model *model, const csim_run_opts *opts,
                  csim_run_result *res, csim_diag *diag);
void csim_run_result_free(csim_run_result *res);

/** csim_image_fits - CSIM_OK if the model's memory map holds the image: every
 *  segment inside its flash or SRAM and the initial stack pointer (the vector
 *  table's first word, when it is an SRAM-region address) inside its SRAM;
 *  else CSIM_ERR_ELF, diag naming the segment or the stack pointer. */
csim_err csim_image_fits(const csim_elf *e, const csim_model *m, csim_diag *d);

/** csim_case_list - the names and rows of the ELF's bench_cases table, in table
 *  order (index = what case_first counts), read from its loadable segments
 *  without running it.  Fills at most `max` entries (names/rows may be NULL to
 *  only count with max = 0); returns the number of cases in the table. */
size_t csim_case_list(const csim_elf *e, char (*names)[96], char (*rows)[96], size_t max);

/** csim_case_table_check - the ELF's case table as every command needs it:
 *  each name and row within the 95 bytes of a case's strings (never cut),
 *  and no two cases of the same name (check, compare, merge and the
 *  callgrind files find a case by its name).  CSIM_ERR_ELF naming the
 *  case(s) otherwise; CSIM_OK for an image without a table. */
csim_err csim_case_table_check(const csim_elf *e, csim_diag *diag);

#endif
