/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * jobs.h - independent runs (one model, one set of cases) spread over worker
 * threads (-j), with a progress line on stderr for long runs.  Every
 * subcommand runs its emulations through here.
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

/** csim_jobs_run - runs every job on its own ELF, or on `elf` when it names
 *  none, `workers` at a time (1: in order, on this thread).  With several
 *  workers a cold job over several cases runs as one emulation per case,
 *  longest first (jobs.c); the cases' results do not depend on `workers`,
 *  only the job's totals do (they count every emulation).  When `progress`
 *  is set and stderr is a terminal, a progress line is kept up to date there. */
void csim_jobs_run(const csim_elf *elf, csim_job *jobs, size_t n, unsigned workers, bool progress);

/* A case's expected length in cycles (any unit common to all cases), 0 when
 * unknown: only decides which runs start first. */
typedef uint64_t (*csim_case_cost_fn)(void *ctx, const csim_elf *elf, const csim_model *model, uint32_t case_index);
/** csim_jobs_set_cost_hint - the hint every later csim_jobs_run uses (set once,
 *  before any run; NULL: none, runs start in job order). */
void csim_jobs_set_cost_hint(csim_case_cost_fn fn, void *ctx);

#endif
