/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * timing.h - pure core pipeline models (the cores of core.h).
 *
 * The simulator hands the model one executed instruction at a time, in
 * program order, with the memory transfers the emulator observed for it and,
 * for a flow-changing instruction, whether it was taken.  The model advances
 * its clock and splits every cycle into one bucket of csim_breakdown, so the
 * buckets always add up to the total.  No emulator, no JSON in here.
 */
#ifndef CYCLESIM_TIMING_H
#define CYCLESIM_TIMING_H

#include <stdbool.h>
#include <stdint.h>

#include "cyclesim/core/core.h"
#include "cyclesim/core/insn.h"
#include "cyclesim/memsys/memsys.h"

/* Core parameters: every field is a model key (model_keys.c gives sources). */
typedef struct csim_core_params {
    int kind;                   /* the core: index in the table of cores (core.h) */
    unsigned mul_cycles;        /* M0+ MULS: 1 (fast multiplier) or 32 (small) */
    unsigned periph_wait;       /* extra cycles per access to an AHB/APB peripheral */
    uint32_t ioport_base, ioport_size; /* M0+ single-cycle I/O port (0 size: none) */
    bool fetch_past_flow;       /* the fetch-ahead goes on past B, BL, BX, POP {PC}, MOV PC */
    bool m0plus_fetch_limit;    /* M0+: fetch ahead at most 32 bits past the executing instruction */
    /* Cortex-M33 parameters without an ARM-published figure. */
    unsigned m33_load_latency;  /* load to use (2, measured) */
    unsigned m33_shift_latency; /* shifted-operand2 / extend result latency */
    unsigned m33_mac_latency;   /* MLA/SMLA.. result latency */
    unsigned m33_mull_issue;    /* UMULL/SMULL issue cycles */
    unsigned m33_macl_issue;    /* UMLAL/SMLAL/UMAAL issue cycles */
    unsigned m33_mull_latency;  /* 64-bit multiply result latency */
    unsigned m33_div_cycles;    /* SDIV/UDIV (operand-dependent on silicon; fixed here) */
    unsigned m33_fetch_words;   /* words the fetch unit may run ahead of decode */
    bool m33_fetch_first;       /* C-AHB: a fetch wanted in a cycle goes before that cycle's data read */
    bool m33_operand2_chain;    /* an operand2 result feeds the next operand2 op's unshifted operand at once */
    bool m33_dual_issue;        /* pair 16-bit instructions as measured on silicon */
    unsigned m4_div_cycles;     /* Cortex-M4 SDIV/UDIV (operand-dependent on silicon; fixed here) */
    unsigned exception_entry;   /* cycles from the pend to the handler's first fetch */
    unsigned exception_return;  /* cycles of the unstacking */
} csim_core_params;

/* Where the cycles went: the fields of csim_breakdown, in order, for every
 * place that walks them (differences, sums, shard files, writers, budgets):
 * X(field, label, event, bucket).  The field's name is its JSON and CSV name;
 * label heads its table column and event names it in callgrind files ("":
 * in neither); bucket marks the kinds the total splits into (cycles == the
 * sum of the buckets, core to exception). */
#define CSIM_BREAKDOWN_FIELDS(X)                                                                          \
    X(cycles, "cycles", "Cycles", 0)              /* total */                                             \
    X(instructions, "insns", "Instructions", 0)   /* executed or skipped (IT) instructions */             \
    X(core, "core", "Core", 1)                    /* issue cycles of the zero-wait-state tables */         \
    X(branch, "branch", "Branch", 1)              /* refill cycles of taken branches (zero-wait part) */   \
    X(fetch_stall, "fetch", "FetchStall", 1)      /* waiting for an instruction fetch beyond zero wait */  \
    X(data_wait, "data_ws", "DataWait", 1)        /* wait states of data transfers (flash, peripherals) */ \
    X(bus_conflict, "bus", "BusConflict", 1)      /* M0+: data transfer waiting for a fetch (shared port) */ \
    X(load_use, "ld_use", "LoadUse", 1)           /* M33: operand not ready (load-to-use, result latency) */ \
    X(exception, "exc", "Exception", 1)           /* exception entry and return */                        \
    X(taken_branches, "", "", 0)                                                                          \
    X(loads, "", "", 0) X(stores, "", "", 0) /* transfers */                                               \
    X(flash_data_reads, "", "", 0)

typedef struct csim_breakdown {
#define CSIM_BD_MEMBER(field, label, event, bucket) uint64_t field;
    CSIM_BREAKDOWN_FIELDS(CSIM_BD_MEMBER)
#undef CSIM_BD_MEMBER
} csim_breakdown;

/* The fields' positions (CSIM_BD_core, ...) and their number. */
enum {
#define CSIM_BD_INDEX(field, label, event, bucket) CSIM_BD_##field,
    CSIM_BREAKDOWN_FIELDS(CSIM_BD_INDEX)
#undef CSIM_BD_INDEX
    CSIM_BD_FIELDS
};

/* The bus an access goes on.  The Cortex-M4 has three (ARM 100166, bus
 * interfaces; as the M3's, ARM DDI0337H 12):
 * I-Code for fetches and D-Code for data of the Code region
 * (0x0000_0000-0x1FFF_FFFF, the flash), the System bus for the rest (SRAM,
 * peripherals).  A flash interface sees I-Code requests as CSIM_MS_FETCH and
 * D-Code requests as CSIM_MS_DATA; System-bus accesses never reach it. */
typedef enum csim_bus { CSIM_BUS_ICODE, CSIM_BUS_DCODE, CSIM_BUS_SYSTEM } csim_bus;

static inline csim_bus csim_core_bus(uint32_t addr, bool fetch)
{
    if (addr >= 0x20000000u) {
        return CSIM_BUS_SYSTEM;
    }
    return fetch ? CSIM_BUS_ICODE : CSIM_BUS_DCODE;
}

/* One memory transfer the emulator saw (in program order). */
typedef struct csim_mem_event {
    uint32_t addr;
    uint8_t size;
    uint8_t write;
} csim_mem_event;

#define CSIM_FETCH_QUEUE 4

/* Flash-interface accesses made while pricing, recorded for block reuse. */
#define CSIM_REC_MAX 512
typedef struct csim_access_rec {
    unsigned n;
    bool overflow;
    uint32_t addr[CSIM_REC_MAX];
    uint8_t kind[CSIM_REC_MAX];
} csim_access_rec;

/* Block reuse up to a shift of the fetch side.  The M33's fetch unit runs
 * ahead of need and, over a long block that hits in the ICACHE, behind the
 * core in time: its bus-free, fetch-from, last-request and queue-ready times
 * lie in the past by a margin that differs from run to run of a block.  While
 * a block is priced, the shifts `delta` of all those times under which every
 * comparison of one of them with a core time comes out the same are
 * [lo, hi]; from a state shifted so, the pricing holds with the fetch side
 * shifted (csim_core_lag_begin/end; csim_core_sig_shift of src/timing). */
typedef struct csim_fetch_lag {
    bool on;       /* tracking this pricing: no core time has entered the fetch side or vice
                      versa, and some shift holds so far */
    bool taken;    /* a taken branch moved fetch_from to a core time */
    int64_t lo, hi;
    const csim_ms_stats *st; /* the flash interface's, if any */
    uint64_t reads;          /* its misses, flash reads and prefetch hits at the start */
} csim_fetch_lag;

typedef struct csim_core {
    csim_core_params p;
    const csim_core_desc *desc; /* the core's entry in the table of cores */
    csim_memsys *flash; /* flash interface, or NULL for all-zero-wait memory */
    uint64_t t;         /* earliest issue cycle of the next instruction */
    uint64_t bus_free;  /* shared port (M0+) / C-AHB (M33) free from this cycle */
    uint64_t fetch_from;/* earliest cycle the fetch unit may issue (after a redirect) */
    uint64_t last_req;  /* last request time handed to the flash model (monotonic) */
    uint32_t q_addr[CSIM_FETCH_QUEUE]; /* fetched words, oldest first */
    uint64_t q_ready[CSIM_FETCH_QUEUE];
    unsigned q_n;
    uint64_t reg_ready[16]; /* M33: cycle each register's value is available */
    uint64_t flags_ready;
    uint16_t chain_regs;    /* M33: registers last written by a two-stage operand2 operation */
    uint64_t prev_issue;    /* M33 dual issue: issue cycle of the previous instruction */
    uint8_t prev_class, prev_wide, prev_sets_flags, prev_paired;
    uint16_t prev_written;  /* M4: registers the previous instruction wrote (pipelining, address dependency) */
    uint64_t wb_free;       /* M4: the write buffer has drained from this cycle */
    csim_breakdown bd;
    csim_access_rec *rec; /* when set, flash-interface accesses are appended */
    uint64_t version;     /* bumped by every change of the timing state: block reuse
                             tells a state restored and untouched since by it */
    csim_fetch_lag lag;
} csim_core;

void csim_core_init(csim_core *c, const csim_core_params *p, csim_memsys *flash);

/** csim_core_redirect - the flow continues at `addr` without a branch
 *  instruction (start of the run, exception entry/return): the fetch queue is
 *  flushed and refilled from `addr`. */
void csim_core_redirect(csim_core *c, uint32_t addr);

/** csim_core_exec - price one instruction.
 *  @ev/@nev: its transfers as observed (for LDM/STM one per register);
 *  @taken: a flow-changing instruction changed the flow;
 *  @next_pc: the address executed next (the target when taken). */
void csim_core_exec(csim_core *c, const csim_insn *in, const csim_mem_event *ev, unsigned nev,
                    bool taken, uint32_t next_pc);

/** csim_core_exception - charge an exception entry (fromthe current cycle)
 *  or return, then continue at `addr`. */
void csim_core_exception(csim_core *c, bool entry, uint32_t addr);

/** csim_core_access_time - cycle at which `in`, the next instruction to be
 *  priced, makes its first transfer (a counter read returns this time). */
uint64_t csim_core_access_time(csim_core *c, const csim_insn *in);

/** csim_core_request_floor - no request of the core comes before this cycle:
 *  a fetch issues at or after max(fetch_from, bus_free) (fetch_from only moves
 *  to an issue cycle, bus_free only up; fetches may start before now), a data
 *  transfer at or after now. */
static inline uint64_t csim_core_request_floor(const csim_core *c)
{
    uint64_t f = c->fetch_from > c->bus_free ? c->fetch_from : c->bus_free;
    return f < c->t ? f : c->t;
}

/** csim_core_earliest_request - no flash-interface request of the next
 *  instruction can be issued before this cycle. */
static inline uint64_t csim_core_earliest_request(const csim_core *c)
{
    uint64_t e = csim_core_request_floor(c);
    return e > c->last_req ? e : c->last_req; /* requests never go back in time */
}

/** csim_core_lag_begin - track the shifts of the fetch side that the
 *  pricing about to run tolerates (a core without a fetch unit that runs
 *  behind, or a fetch side not in the past, tolerates none). */
void csim_core_lag_begin(csim_core *c);

/** csim_core_lag_end - stop tracking: true if the pricing since
 *  csim_core_lag_begin holds for every shift in [*lo, *hi] of the fetch side
 *  of its state before; *shifted: its state after then has its fetch side
 *  shifted alike (else it is the same). */
bool csim_core_lag_end(csim_core *c, int64_t *lo, int64_t *hi, bool *shifted);

/** csim_core_now - cycles elapsed so far (issue time of the next instruction). */
static inline uint64_t csim_core_now(const csim_core *c) { return c->t; }

/** csim_core_transfers - number of bus transfers an instruction makes when it
 *  executes (used to match observed memory events to instructions). */
unsigned csim_core_transfers(const csim_insn *in);

/** csim_core_decoded - complete `n` instructions as the decoder left them
 *  (its fields are what the encoding says) with what the core derives from
 *  them: their transfers. */
void csim_core_decoded(csim_insn *insns, int n);

#endif
