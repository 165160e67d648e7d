/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * calibration.h - the result of `cyclesim calibrate` (docs/calibrate.md):
 * the fitted keys, the rows and their residuals, and the overlay document
 * that records them with where they came from (read back by overlay.h).
 */
#ifndef CYCLESIM_ANALYSIS_CALIBRATION_H
#define CYCLESIM_ANALYSIS_CALIBRATION_H

#include <stdbool.h>
#include <stddef.h>

#include "cyclesim/backends/elf.h"
#include "cyclesim/model/model.h"
#include "cyclesim/analysis/fit.h"

/* |error| in percent over a set of rows. */
typedef struct csim_err_stats {
    size_t n;
    double median, p90, max;
} csim_err_stats;

typedef struct csim_calib_param {
    char key[64];
    double start, fitted;
    csim_fit_state state;
    size_t rows_sensitive;    /* fitted rows whose cycles change with it */
    double per_unit_min, per_unit_median, per_unit_max; /* |cycles| per unit, over those rows */
    csim_err_stats held_out;  /* after the fit, the held-out rows whose cycles change with it */
} csim_calib_param;

typedef struct csim_calib_row {
    char key[96];
    unsigned elf;             /* index into csim_calibration.elfs: the image of its case */
    unsigned file;            /* index into csim_calibration.measured */
    bool held_out;
    double measured, before, after;
} csim_calib_row;

typedef struct csim_calibration {
    const csim_model *model;  /* the calibrated model: base file + --set + fitted values */
    const csim_model *base;   /* the base model file alone */
    const csim_elf *const *elfs; /* the images calibrated, command-line order */
    unsigned n_elfs;
    const char *const *sets;  /* --set given to calibrate */
    unsigned n_sets;
    const char *const *measured;
    unsigned n_measured;
    unsigned holdout, iterations, runs;
    bool converged;
    bool warm;                /* fitted on runs in the warm start state (--warm) */
    const csim_calib_param *params;
    size_t n_params;
    const csim_calib_row *rows;
    size_t n_rows;
    csim_err_stats fit_before, fit_after, held_before, held_after;
} csim_calibration;

/** csim_fit_state_name - "fitted", "at bound", "not identifiable: ..." */
const char *csim_fit_state_name(csim_fit_state s);

/** csim_overlay_json - the overlay document of a calibration (malloc'd text,
 *  NULL when out of memory). */
char *csim_overlay_json(const csim_calibration *c);

#endif
