/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * interval.h - the calibrated interval of a case (docs/accuracy.md,
 * "Calibrated interval"): its range over the model's uncertain keys
 * (range.h) widened by the model's measured error on published pages for
 * that kind of operation.  The margins are a table in data/accuracy/
 * intervals.json, written by tools/fit_interval.py from the residuals of
 * tools/accuracy.sh: the tool reads it and never fits.
 */
#ifndef CYCLESIM_ANALYSIS_INTERVAL_H
#define CYCLESIM_ANALYSIS_INTERVAL_H

#include <stdbool.h>
#include <stddef.h>

#include "cyclesim/common/diag.h"
#include "cyclesim/engine/sim.h"

#define CSIM_INTERVAL_MAX_CLASSES 8
#define CSIM_INTERVAL_MAX_ALGOS 24

/* One class of operation (cipher, hash, ...): the algorithms a case name
 * names to belong to it, and its margins relative to the range's ends. */
typedef struct csim_interval_class {
    char name[CSIM_OP_CLASS_LEN];
    char algorithms[CSIM_INTERVAL_MAX_ALGOS][16];
    unsigned n_algorithms;
    double below; /* low end x (1 + below), below <= 0 */
    double above; /* high end x (1 + above), above >= 0 */
} csim_interval_class;

typedef struct csim_intervals {
    double coverage; /* the nominal coverage the margins were fitted for, 0 < c < 1 */
    char sha256[17]; /* the first 16 hex digits of the table file's SHA-256 */
    csim_interval_class classes[CSIM_INTERVAL_MAX_CLASSES];
    size_t n_classes;
} csim_intervals;

/** csim_intervals_load - the table at path.  A file that cannot be read is
 *  CSIM_ERR_IO; one that is malformed (not this schema, a margin of the wrong
 *  sign, a coverage outside (0, 1), an algorithm in two classes) is
 *  CSIM_ERR_INPUT, the message naming the file and the member. */
csim_err csim_intervals_load(const char *path, csim_intervals *out, csim_diag *d);

/** csim_interval_name_ok - a class or algorithm name every format prints
 *  unescaped: 1 to max - 1 lower-case letters, digits and '-'. */
bool csim_interval_name_ok(const char *s, size_t max);

/** csim_interval_class_of - the class of a case: the first '/'-separated
 *  component of its name that starts with an algorithm of a class
 *  ("cmox/ecdsa/p256/sign" is ECC by "ecdsa"), or NULL. */
const csim_interval_class *csim_interval_class_of(const csim_intervals *t, const char *case_name);

/** csim_interval_apply - the interval of every ranged case of r whose class
 *  the table knows; the others are left without one. */
void csim_interval_apply(const csim_intervals *t, csim_run_result *r);

#endif
