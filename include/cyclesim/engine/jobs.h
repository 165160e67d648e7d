/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * jobs.h - independent runs (one model, one set of cases) spread over worker
 * threads (-j).  Every subcommand runs its emulations through here; the
 * caller passes in which runs start first (a cost hint) and where progress
 * goes (a callback): the engine keeps no state between two calls.
 */
#ifndef CYCLESIM_JOBS_H
#define CYCLESIM_JOBS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cyclesim/backends/elf.h"
#include "cyclesim/model/model.h"
#include "cyclesim/engine/sim.h"

typedef struct csim_job {
    const csim_elf *elf;     /* the image to run; NULL: the one given to csim_jobs_run */
    const csim_model *model;
    csim_run_opts opts;
    csim_run_result res;     /* out: freed by the caller (csim_run_result_free) */
    csim_err err;            /* out */
    csim_diag diag;          /* out */
} csim_job;

/* A case's expected length in cycles (any unit common to all cases), 0 when
 * unknown: only decides which runs start first. */
typedef uint64_t (*csim_case_cost_fn)(void *ctx, const csim_elf *elf, const csim_model *model, uint32_t case_index);

/* Where a call of csim_jobs_run stands. */
typedef struct csim_jobs_status {
    size_t done, runs;        /* emulations finished, planned */
    size_t cases_done, cases; /* benchmark cases finished, planned (0 for --call) */
    char last_case[96];       /* the name of the case finished last; "" before the first */
    uint64_t insns, cycles;   /* so far, over every emulation */
} csim_jobs_status;

typedef enum csim_jobs_event {
    CSIM_JOBS_START,  /* before the first run starts */
    CSIM_JOBS_UPDATE, /* a run reported progress (sim.h), finished a case or ended */
    CSIM_JOBS_END,    /* every run has ended */
} csim_jobs_event;

/* Called from any worker thread, one call at a time (under the pool's lock). */
typedef void (*csim_jobs_progress_fn)(void *ctx, csim_jobs_event ev, const csim_jobs_status *s);

typedef struct csim_jobs_opts {
    unsigned workers;             /* runs at a time; 1 (or 0): in order, on this thread */
    csim_case_cost_fn cost;       /* NULL: no hint, runs start in job order */
    void *cost_ctx;
    csim_jobs_progress_fn progress; /* NULL: none */
    void *progress_ctx;
} csim_jobs_opts;

/** csim_jobs_run - runs every job on its own ELF, or on `elf` when it names
 *  none, opts->workers at a time.  With several workers a cold job over
 *  several cases runs as one emulation per case, the longest by opts->cost
 *  first (jobs.c); the cases' results do not depend on the workers, only the
 *  job's totals do (they count every emulation). */
void csim_jobs_run(const csim_elf *elf, csim_job *jobs, size_t n, const csim_jobs_opts *opts);

/* What csim_jobs_run_shared shared. */
typedef struct csim_jobs_shared {
    size_t lanes; /* jobs priced as lanes of another job's emulation */
    size_t alone; /* of them, those run again on their own: their lane gave a case up */
} csim_jobs_shared;

/** csim_jobs_run_shared - csim_jobs_run, with the jobs of one class
 *  (klass[i] equal: the caller's word that they run the same image with the
 *  same options; NULL: no classes) whose models differ only in their pricing
 *  (csim_run_lanes_ok) priced on one emulation per worker: each group's first
 *  job runs and the others are its lanes (csim_run_opts.lanes).  A job whose
 *  lane gave a case up runs again on its own (alone[i] set; alone may be
 *  NULL).  A lane's result holds each case as the run has it, with the lane's
 *  cycles and configuration in force and no breakdown, flash statistics or
 *  measurement of the firmware's.  *st (may be NULL): what was shared. */
void csim_jobs_run_shared(const csim_elf *elf, csim_job *jobs, size_t n, const size_t *klass,
                          const csim_jobs_opts *jo, bool *alone, csim_jobs_shared *st);

#endif
