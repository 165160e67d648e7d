/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * calibrate.h - the fit of `cyclesim calibrate` (docs/calibrate.md): the keys
 * fitted (--params), the measured rows each case meets, the search that moves
 * the keys to the values that best reproduce the rows (runs through jobs.h,
 * steps from fit.h), and the report of the fit (calibration.h).  The command
 * (src/cli/cmd_calibrate.c) loads the images, models and measured files,
 * prints the warnings and the report and writes the overlay.  Nothing here
 * prints.
 */
#ifndef CYCLESIM_ANALYSIS_CALIBRATE_H
#define CYCLESIM_ANALYSIS_CALIBRATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cyclesim/common/diag.h"
#include "cyclesim/analysis/fit.h"
#include "cyclesim/model/model_keys.h"
#include "cyclesim/model/overlay.h"
#include "cyclesim/analysis/calibration.h"
#include "cyclesim/analysis/published.h"
#include "cyclesim/engine/jobs.h"
#include "cyclesim/engine/sim.h"

#define MAX_PARAMS 32
#define MAX_MEASURED 16
#define MAX_ITERATIONS 8

typedef struct param {
    const csim_key *key;
    double start, value;
} param;

/* A case of one of the ELFs that meets a measured row. */
typedef struct match {
    unsigned image;          /* which ELF */
    size_t case_index;       /* position in its case table */
    char name[96];           /* case name */
    const csim_pub_row *row;
    unsigned file;
    bool held_out;
    bool fw_measured;        /* a board's own count: compare the firmware's count under the model */
} match;

/* The cases of an ELF that the runs cover: from its first matched case to
 * its last (count 0: none matched, the ELF is not run). */
typedef struct span {
    uint32_t first, count;
} span;

typedef struct calib {
    const csim_elf *const *elfs;
    unsigned n_elfs;
    const csim_model *model; /* base file + --set */
    param params[MAX_PARAMS];
    size_t n_params;
    match *rows;
    size_t n_rows, n_fit;
    span *spans;             /* per ELF */
    const csim_jobs_opts *jobs; /* how the runs are spread and reported */
    unsigned long long max_insns;
    bool warm;               /* --warm: every run keeps caches and buffers across cases */
    unsigned runs;
} calib;

typedef struct outcome {
    double *before, *after;  /* cycles per row, at the start and at the fitted values */
    double *sens;            /* cycles per unit at the fitted values: sens[j * n_rows + r] */
    csim_fit_state state[MAX_PARAMS];
    unsigned iterations;
    bool converged;
} outcome;

/** calib_fittable_type - a key of a type the fit can move (integer or boolean). */
bool calib_fittable_type(const csim_key *k);
/** calib_key_number - the key's value in the model, as a number. */
double calib_key_number(const csim_model *m, const csim_key *k);
/** calib_set_key - sets the key to v (rounded to its type). */
csim_err calib_set_key(csim_model *m, const csim_key *k, double v, csim_diag *d);

/** calib_stats_of - median, 90th percentile and maximum of |v| (sorts v). */
csim_err_stats calib_stats_of(double *v, size_t n);
/** calib_row_stats - the error statistics of the fitted (or held-out) rows. */
csim_err_stats calib_row_stats(const calib *c, const double *cyc, bool held_out, const double *sens);

/** calib_choose_params - --params: "uncertain" (every uncertain key that
 *  applies to c->model and can be fitted) or a comma-separated list of keys
 *  (CSIM_ERR_MODEL: an unknown key); each starts at the model's value. */
csim_err calib_choose_params(calib *c, const char *spec, csim_diag *d);

/** calib_warn_setup - a warning in d for each figure of the measured set-up
 *  (clock, wait states, instruction cache) that differs from the model's. */
void calib_warn_setup(const csim_pub_table *t, const csim_model *m, csim_diag *d);

/** calib_match_rows - the cases of c->elfs (each with a case table) that meet
 *  a cycles row of the measured tables, in key order, every `holdout`-th held
 *  out (0: none), and each ELF's span (count 0: no row meets one of its
 *  cases).  Free with calib_free. */
csim_err calib_match_rows(calib *c, const csim_pub_table *tabs, unsigned n_tabs, unsigned holdout, csim_diag *d);
/** calib_file_matched - whether a row of measured file `file` met a case. */
bool calib_file_matched(const calib *c, unsigned file);
void calib_free(calib *c);

/** calib_fit - moves c->params to the best values; o gets the cycles before
 *  and after and each key's state.  A warning (no convergence) goes to d. */
csim_err calib_fit(calib *c, outcome *o, csim_diag *d);

/** outcome_free - the arrays calib_fit allocated. */
void outcome_free(outcome *o);

/* What the report names besides the fit: the command's inputs. */
typedef struct calib_inputs {
    const char *const *sets; /* --set, in order */
    unsigned n_sets;
    const char *const *measured; /* the measured files */
    unsigned n_measured;
    unsigned holdout;
} calib_inputs;

/* The report of a fit and what it points into. */
typedef struct calib_report {
    csim_calibration k;
    csim_model fitted; /* c->model with the fitted values */
    csim_calib_param params[MAX_PARAMS];
    csim_calib_row *rows;
} calib_report;

/** calib_report_build - the report of the fit `o` of c: each key's start,
 *  fitted value, state and sensitivity, each row before and after, and the
 *  error statistics; `base` is the model file alone.  `rep` must not move
 *  while rep->k is used.  Free with calib_report_free. */
csim_err calib_report_build(const calib *c, const outcome *o, const csim_model *base, const calib_inputs *in,
                            calib_report *rep, csim_diag *d);
void calib_report_free(calib_report *rep);

/* The error of a model figure against a measurement, in percent. */
static inline double calib_pct(double model, double measured) { return 100.0 * (model - measured) / measured; }
/* A key the fit moved (free, or held at a bound). */
static inline bool calib_fitted_state(csim_fit_state s) { return s == CSIM_FIT_FREE || s == CSIM_FIT_AT_BOUND; }

#endif
