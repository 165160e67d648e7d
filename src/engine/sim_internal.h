/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sim_internal.h - one run: the parts that own their state, each with its
 * header (block_cache.h, footprint.h, bench_abi.h, exceptions.h,
 * watchdog.h, profile.h; the pricing is src/timing's), and what sim.c, the
 * run loop and the emulator's hooks, shares with them: the run's context,
 * the action that stops the emulator, the block observers.
 * Nothing outside src/engine includes it.
 */
#ifndef CSIM_ENGINE_SIM_INTERNAL_H
#define CSIM_ENGINE_SIM_INTERNAL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/backends/disasm.h"
#include "cyclesim/backends/emu.h"
#include "cyclesim/engine/periph.h"
#include "cyclesim/engine/sim.h"
#include "cyclesim/timing/pricing.h"
#include "engine/bench_abi.h"
#include "engine/block_cache.h"
#include "engine/exceptions.h"
#include "engine/footprint.h"
#include "engine/insn_trace.h"
#include "engine/lanes.h"
#include "engine/profile.h"
#include "engine/watchdog.h"

#define RETURN_STUB 0x0FFFF000u /* --call returns here: a mapped page in the code region (below 0xE000_0000, which is execute-never) */
#define PROGRESS_SHIFT 24 /* report progress every 2^24 instructions */
#define MAX_OBSERVERS 5

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
    ACT_SVC, ACT_BKPT, /* SVC (act_pc: the SVC), BKPT other than semihosting */
    ACT_REFUSED /* an instruction the model's core cannot run (act_pc: it; fault: why) */
} action;

/* A part that sees every block boundary (sim_on_block), registered with
 * sim_observe: `ended` once the block `prev` (NULL: none) ran and execution
 * goes on at addr (it returns ACT_NONE, or the action that stops the run
 * there); `started` when block b is about to run.  Either may be NULL. */
typedef struct block_observer {
    unsigned order; /* observers are called in this order, lowest first */
    action (*ended)(sim *s, const block *prev, uint32_t addr);
    void (*started)(sim *s, block *b);
} block_observer;

struct sim {
    const csim_elf *elf;
    const csim_model *model;
    const csim_run_opts *opts;
    csim_run_result *res;
    csim_diag *diag;
    csim_emu *emu;
    csim_disasm *dis;
    csim_memsys *flash;
    const csim_ms_cfg *flash_cfg; /* its configuration in force (csim_memsys_config) */
    csim_xmem *xmem;              /* the external memory with its DCACHE, or NULL */
    csim_periph *periph;
    csim_core core;
    csim_pricer pricer;   /* prices the executed blocks on core, with reuse */
    acc_range acc[ACC_RANGES]; /* the ranges accessed last (0 length: none) */
    unsigned acc_next;         /* the slot to fill next */
    uint64_t insns;
    action act;
    uint32_t act_pc;      /* where the stopped block would have started */
    char fault[256];
    uint32_t refused_pc;  /* nonzero: the block cache refused the instruction there (fault says why) */
    /* the block observers, in the order registered, and their hooks */
    const block_observer *obs[MAX_OBSERVERS];
    unsigned n_obs, n_ended, n_started;
    action (*ended[MAX_OBSERVERS])(sim *s, const block *prev, uint32_t addr);
    void (*started[MAX_OBSERVERS])(sim *s, block *b);
    bench_abi abi;
    footprint fp;
    exceptions exc;
    watchdog watch;
    block_cache cache;
    struct lane *lanes;   /* opts.lanes (lanes.c) */
    struct lanes_tick *lanes_tick; /* the run's SysTick handler as it ran, for the lanes to take (lanes.c) */
    unsigned n_lanes;
    lanes_state lanes_state;
    uint64_t lanes_span_from; /* the run's cycle at the case's begin marker */
    uint64_t lanes_timed;     /* time reads before its region (csim_periph_lane_events) */
    csim_prof *prof;      /* opts.profile */
    insn_trace *trace;    /* opts.trace */
};

/** sim_observe - add (on) or remove observer o. */
void sim_observe(sim *s, const block_observer *o, bool on);

/* The observers of the parts, in their order: pricing, lanes (lanes.c, a
 * run with lanes only), profile (sim.c), watchdog (watchdog.c), footprint
 * (footprint.c). */
enum { OBS_PRICING, OBS_LANES, OBS_PROFILE, OBS_WATCHDOG, OBS_FOOTPRINT };
extern const block_observer watch_observer, fp_observer, lanes_observer;

/* semihost.c */
void sim_semihost(sim *s);

/* setup.c: env and hooks are the run loop's (sim.c); set-up adds the
 * exceptions' (exceptions.c) and the ones the architecture needs, so the
 * parts never call back into the run loop. */
csim_err sim_setup(sim *s, csim_periph_env env, csim_emu_hooks hooks);

#endif
