/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * check.h - the logic of `cyclesim check` (docs/budgets.md): the rows (a case
 * on an MCU held to a budget or to a baseline build), the runs they need, the
 * verdicts, what grew when one fails, and --update.  Shared by the command
 * (src/cli/cmd_check.c), which runs the jobs (the rows: check_rows.h), and the
 * reports (src/output/check_report.c).  Nothing here prints.
 */
#ifndef CYCLESIM_ANALYSIS_CHECK_H
#define CYCLESIM_ANALYSIS_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis/budget.h"
#include "cyclesim/engine/jobs.h"
#include "cyclesim/engine/sim.h"

#define FN_COVER_PCT 95     /* --update records the functions that make up this share of a case */
#define FN_RECORD_MAX 32
#define FN_SHOW 5           /* functions named when a case fails */

enum { FIG_CYCLES, FIG_STACK, FIG_CODE, FIGS };
extern const char *const check_fig_names[FIGS];

typedef enum verdict { V_OK, V_OVER, V_CASE_FAILED, V_ERROR } verdict;

/* Which cycles a row is held to (--gate): the estimate, an end of its range
 * over the model's uncertain keys (analysis/range.h), or an end of its
 * calibrated interval (analysis/interval.h; the range's end for a case whose
 * class has none) (docs/budgets.md). */
typedef enum check_gate { GATE_ESTIMATE, GATE_HIGH, GATE_LOW, GATE_INTERVAL_HIGH, GATE_INTERVAL_LOW, GATES } check_gate;
extern const char *const check_gate_names[GATES];
extern const char *const check_verdict_names[];

/* The benchmark cases an ELF declares (its bench_cases table), by index. */
typedef struct case_table {
    char (*names)[96];       /* csim_case_list */
    uint32_t n;
} case_table;

/* One case on one MCU held to one budget (or to the baseline). */
typedef struct row {
    size_t budget;           /* index in the budget file; SIZE_MAX without one */
    const char *case_name;   /* in the checked ELF's case table */
    unsigned model;
    uint32_t idx, old_idx;   /* case indices in the checked and the baseline ELF */
    const csim_case_result *now, *old;
    double tol;
    bool has[FIGS];
    uint64_t limit[FIGS], actual[FIGS];
    bool over[FIGS];
    verdict v;
    char why[600];           /* what went wrong, for V_CASE_FAILED / V_ERROR */
} row;

typedef struct check {
    const char *elf_path, *old_path, *budget_path;
    csim_elf *elf, *old_elf;
    case_table cases, old_cases;
    bool *selected;          /* per case of the checked ELF: chosen by --case (all without) */
    budget_file file;
    bool have_file, warm, update, accept_settings;
    char settings_diff[2048]; /* check_settings_diff's lines, "" when the settings are those recorded */
    double tolerance;        /* --tolerance, or < 0 */
    check_gate gate;         /* --gate; an end: both builds' cases have their range */
    csim_model *models;
    unsigned n_models;
    row *rows;
    size_t n_rows;
    csim_job *jobs, *old_jobs;
    size_t n_jobs, n_old_jobs;
    double host_seconds;
} check;

typedef struct growth {
    const char *name;
    uint64_t ref, now;
    bool known;              /* the reference knows this function (else ref is an upper bound) */
} growth;

/* What a failing row is compared with: the budget's record or the baseline run. */
typedef struct explain {
    bool have_kinds;
    uint64_t ref_kinds[BUDGET_KINDS], now_kinds[BUDGET_KINDS];
    growth fns[FN_SHOW];
    size_t n_fns;
    bool have_fns;           /* both sides have functions */
} explain;

/** check_plan_jobs - one job per model and run of consecutive case indices the
 *  rows need, in the checked ELF or (old) the baseline; NULL when out of memory. */
csim_job *check_plan_jobs(const check *c, bool old, const csim_run_opts *base, size_t *n_jobs);

/** check_footprint - a result's cycles (the estimate or the end `gate`
 *  names), stack and code bytes, by FIG_*. */
void check_footprint(const csim_case_result *r, check_gate gate, uint64_t out[FIGS]);

/** check_evaluate - the row's figures and verdict from the jobs that ran. */
void check_evaluate(check *c, row *r);

/** check_explain - what a failing row is compared with and what grew. */
void check_explain(const check *c, const row *r, explain *x);

/** check_settings_diff - how this check's settings differ from those its
 *  budget file was recorded with (docs/budgets.md, "Settings"), one line each
 *  ("flash.wait_states: recorded 2 (--set), now the model's value") into
 *  c->settings_diff, which the reports print: a --set or overlay that differs
 *  fails the check; the tool version and the contents of the model files are
 *  notes (*notes_only).  false: the same, or the file records none. */
bool check_settings_diff(check *c, bool *notes_only);

/** check_update_budgets - the budget file's figures from this run (--update);
 *  false when out of memory. */
bool check_update_budgets(check *c);

#endif
