/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * calibrate.h - the fit of `cyclesim calibrate` (docs/calibrate.md): the keys
 * fitted, the measured rows each case meets, and the search that moves the
 * keys to the values that best reproduce the rows (runs through jobs.h, steps
 * from fit.h).  The command (src/cli/cmd_calibrate.c) reads the input,
 * matches the rows and writes the report and overlay.  Nothing here prints.
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

/** calib_fit - moves c->params to the best values; o gets the cycles before
 *  and after and each key's state.  A warning (no convergence) goes to d. */
csim_err calib_fit(calib *c, outcome *o, csim_diag *d);

/* The error of a model figure against a measurement, in percent. */
static inline double calib_pct(double model, double measured) { return 100.0 * (model - measured) / measured; }
/* A key the fit moved (free, or held at a bound). */
static inline bool calib_fitted_state(csim_fit_state s) { return s == CSIM_FIT_FREE || s == CSIM_FIT_AT_BOUND; }

#endif
