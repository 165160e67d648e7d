/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sim_internal.h - the state of one run, shared by the engine's parts:
 * sim.c (run loop and hooks), block_cache.c (decoded blocks), footprint.c,
 * bench_abi.c (the firmware's benchmark ABI), exceptions.c (faults and exception entry/return), semihost.c, setup.c.
 * Nothing outside src/engine includes it.
 */
#ifndef CSIM_ENGINE_SIM_INTERNAL_H
#define CSIM_ENGINE_SIM_INTERNAL_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/backends/disasm.h"
#include "cyclesim/backends/emu.h"
#include "cyclesim/engine/periph.h"
#include "cyclesim/engine/sim.h"
#include "cyclesim/timing/pricing.h"
#include "engine/profile.h"

#define MAX_BLOCK_INSNS 2048 /* Unicorn ends a block after 512 instructions or a page */
#define BLOCK_SLOTS (1u << 16)
#define RETURN_STUB 0x0FFFF000u /* --call returns here: a mapped page in the code region (below 0xE000_0000, which is execute-never) */
#define EXC_RETURN_MIN 0xFFFFFF00u

#define MAX_SPANS (1 + CSIM_MAX_REGIONS)
#define BENCH_CASE_BYTES 28 /* sizeof(bench_case_t) of that version */
#define PROGRESS_SHIFT 24 /* report progress every 2^24 instructions */
#define SNAP_INTERVAL (1u << 16) /* blocks between two runaway snapshots (at most) */
#define SNAP_REGS (CSIM_REG_COUNT + 33) /* core registers, then S0-S31 and FPSCR (ARMv8-M) */
#define NO_SNAP 1u /* an odd address: no block starts there */
#define MAX_NESTED 8
#define QUIET_MIN (1ull << 27) /* store-free instructions that stop a run: at least this, or --max-insns / 64 */

/* Exception numbers: DDI0419 (ARMv6-M) B1.5.2, DDI0553 (ARMv8-M) chapter B3. */
enum { EXC_NMI = 2, EXC_HARDFAULT = 3, EXC_BUSFAULT = 5, EXC_USAGEFAULT = 6, EXC_SVCALL = 11, EXC_DEBUGMONITOR = 12,
       EXC_SYSTICK = 15 };
#define SCB_SHPR1 0xE000ED18u
#define SCB_SHCSR 0xE000ED24u
#define SCB_CFSR 0xE000ED28u
#define SCB_HFSR 0xE000ED2Cu
#define SCB_DFSR 0xE000ED30u
#define SCB_BFAR 0xE000ED38u
#define SCB_DEMCR 0xE000EDFCu

/* The synchronous faults cyclesim raises.  ARMv6-M has one fault exception,
 * HardFault (DDI0419 B1.5 "Fault behavior"); ARMv8-M raises UsageFault or
 * BusFault when SHCSR enables it, else escalates to HardFault with
 * HFSR.FORCED, and records the cause in CFSR (DDI0553 B3 "Fault handling",
 * D1 CFSR/UFSR/BFSR).  docs/sources.md. */
typedef enum fault_kind { F_UNDEFINSTR, F_INVSTATE, F_STKOF, F_UNALIGNED, F_DIVBYZERO, F_PRECISERR, F_IBUSERR } fault_kind;

typedef struct block {
    csim_tm_block code;  /* address, instructions, kept pricings (src/timing) */
    uint32_t size;
    bool has_wfi;        /* holds a WFI/WFE (ends the run) */
    unsigned fp_epoch;   /* region in which it last ran (footprint) */
    struct block *succ;  /* the block that ran after it last time (sim_on_block) */
    struct block *next;
} block;

/* A memory range holding ELF sections, with a bit per byte accessed in the
 * current region (footprint of data and constants). */
typedef struct span {
    uint32_t lo, len;
    uint8_t *bits;
} span;

/* Addresses [lo, lo + len) whose accesses are recorded alike: one transfer
 * class, in one footprint span or in none (sim.c acc_range_of). */
typedef struct acc_range {
    uint32_t lo, len;
    uint8_t cls;
    span *sp;
} acc_range;
#define ACC_RANGES 4

typedef enum action {
    ACT_NONE = 0, ACT_SEMIHOST, ACT_EXCEPTION, ACT_EXC_RETURN, ACT_DONE, ACT_FAULT, ACT_LIMIT, ACT_RUNAWAY, ACT_QUIET,
    ACT_TRAP_FAULT, /* a synchronous fault raised by an instruction: trap_kind */
    ACT_SVC, ACT_BKPT /* SVC (act_pc: the SVC), BKPT other than semihosting */
} action;

typedef struct sim {
    const csim_elf *elf;
    const csim_model *model;
    const csim_run_opts *opts;
    csim_run_result *res;
    csim_diag *diag;
    csim_emu *emu;
    csim_disasm *dis;
    csim_memsys *flash;
    const csim_ms_cfg *flash_cfg; /* its configuration in force (csim_memsys_config) */
    csim_periph *periph;
    csim_core core;
    csim_pricer pricer;   /* prices the executed blocks on core, with reuse */
    block *slots[BLOCK_SLOTS];
    acc_range acc[ACC_RANGES]; /* the ranges accessed last (0 length: none) */
    unsigned acc_next;         /* the slot to fill next */
    uint64_t insns;
    action act;
    uint32_t act_pc;      /* where the stopped block would have started */
    char fault[256];
    /* bench markers */
    uint32_t m_begin, m_end, m_done, cases_lo, cases_hi;
    uint32_t workbuf_var; /* the runner's bench_workbuf_bytes (0: none) */
    uint32_t attempts_var; /* bench_sign_attempts (0: not in the image) */
    uint32_t region_ret;  /* return address of bench_region_begin */
    uint32_t region_case; /* its case pointer (outside the table: the empty case) */
    bool in_region;
    uint64_t r_cycles;
    csim_breakdown r_bd;
    csim_ms_stats r_ms;
    csim_case_result cur, empty;
    bool have_empty;
    size_t cap_cases;
    unsigned exc_depth;
    uint8_t exc_stack[MAX_NESTED]; /* active exceptions, innermost last */
    fault_kind trap_kind;
    char last_fault[256]; /* the fault whose handler runs (runaway report) */
    const char *align_why; /* why the access always faults (NULL: CCR.UNALIGN_TRP) */
    uint32_t align_pc;     /* the watched instruction that faulted (0: none) */
    bool div_trap;         /* CCR.DIV_0_TRP */
    /* runaway detection: the state at a block start, to compare when that
     * block comes again with no store and no peripheral read in between */
    uint32_t snap_pc, snap[SNAP_REGS], cmp[SNAP_REGS];
    bool snap_dirty;
    uint64_t blocks, snap_next, self_next;
    uint64_t progress;    /* instruction count at the last progress point (the limit counts from it) */
    uint64_t quiet_from;  /* instruction count at the last store or peripheral/system read */
    uint64_t quiet_limit; /* store-free instructions that make a runaway (sim_quiet_limit) */
    /* case selection and inputs: written when main starts (start-up code has
     * initialised RAM by then) */
    uint32_t m_main, v_case_first, v_case_count, v_seed;
    /* footprint of the region (docs/footprint.md) */
    uint32_t stk_lo, stk_sp, stk_min; /* stack limit, SP at region begin, lowest write below it */
    span spans[MAX_SPANS];
    unsigned n_spans;
    unsigned fp_epoch;
    block **fp_blocks;    /* blocks run in the region */
    size_t n_fp_blocks, cap_fp_blocks;
    uint32_t region_fn;   /* function the region starts in (the runner's run_one): not the case's code */
    uint32_t io_lo, io_hi, ioc_lo, ioc_hi; /* the cases' I/O buffers (RAM, flash): not counted */
    uint8_t *sym_seen;
    csim_prof *prof;      /* opts.profile */
} sim;

/* sim.c: the hooks the emulator and the peripherals call */
void sim_on_block(void *user, uint32_t addr, uint32_t size);
void sim_on_mem(void *user, uint32_t addr, unsigned size, bool write);
bool sim_on_misaligned(void *user, uint32_t addr, unsigned size, bool write);
uint64_t sim_now(void *user);
void sim_flash_config(void *user, const csim_ms_cfg *cfg);
void sim_cache_invalidate(void *user);

/* block_cache.c: decoded blocks */
block *sim_find_block(sim *s, uint32_t addr, uint32_t size);
void sim_free_blocks(sim *s);

/* The block the pricer has pending (executed, not yet priced), or NULL. */
static inline block *sim_pending(const sim *s)
{
    return s->pricer.pending ? (block *)((char *)s->pricer.pending - offsetof(block, code)) : NULL;
}

/* footprint.c (docs/footprint.md) */
csim_err fp_make_spans(sim *s);

/* Marks the bytes of an access at addr in span p, which holds addr. */
static inline void fp_mark_touched(span *p, uint32_t addr, unsigned size)
{
    uint32_t off = addr - p->lo;
    unsigned n = size < p->len - off ? size : p->len - off;
    if ((off & 7) + n <= 8) { /* the usual case: one byte of the bitmap */
        p->bits[off >> 3] |= (uint8_t)(((1u << n) - 1) << (off & 7));
        return;
    }
    for (unsigned k = 0; k < n; k++) {
        p->bits[(off + k) >> 3] |= (uint8_t)(1u << ((off + k) & 7));
    }
}

void fp_track_begin(sim *s, uint32_t pc, bool called);
void fp_note_block(sim *s, block *b);
void fp_measure(sim *s, csim_case_result *c);

/* bench_abi.c: the benchmark ABI of firmware/include/bench.h */
csim_err abi_setup(sim *s);
void abi_region_start(sim *s);
/** abi_begin_marker - entry of bench_region_begin at addr (cold: reset there too). */
void abi_begin_marker(sim *s, uint32_t addr);
void abi_region_end(sim *s);
void abi_case_done(sim *s, uint32_t desc, uint32_t fw_cycles, uint32_t status);
void abi_write_inputs(sim *s);
void sim_read_cstr(sim *s, uint32_t addr, char *out, size_t len);

/* exceptions.c */
void sim_on_trap(void *user, unsigned intno);
void sim_ccr(void *user, uint32_t ccr);
uint32_t exc_vector(sim *s, unsigned exc, uint32_t *entry_addr);
bool exc_take(sim *s, unsigned exc, uint32_t handler, uint32_t ret_pc);
bool exc_return(sim *s);
csim_err exc_raise(sim *s, fault_kind k, uint32_t fpc, const char *cause, uint32_t bfar);
csim_err exc_deliver(sim *s, unsigned exc, const char *exc_name, uint32_t fpc, uint32_t ret_pc, const char *cause);
csim_err exc_svc(sim *s, uint32_t svc_pc);
csim_err exc_bkpt(sim *s, uint32_t pc);
csim_err exc_emu_stopped(sim *s, uint32_t *pc);
csim_err exc_watch_checked(sim *s);
bool exc_can_preempt(sim *s, unsigned exc);
csim_stop sim_on_watched(void *user, uint32_t addr, uint32_t *stop_addr);
void sim_describe_pc(sim *s, uint32_t pc, char *buf, size_t len);

/* semihost.c */
void sim_semihost(sim *s);

/* setup.c */
csim_err sim_setup(sim *s);
bool sim_code_in(const csim_elf *e, uint32_t base, uint32_t size);

#endif
