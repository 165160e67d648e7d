/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fit.h - the numerical core of `cyclesim calibrate`: weighted linear least
 * squares that reports the parameters it cannot determine instead of giving
 * them arbitrary values, and a Gauss-Newton step with bounds and integer
 * parameters.  Pure: no emulator, no model, no I/O.
 */
#ifndef CYCLESIM_FIT_H
#define CYCLESIM_FIT_H

#include <stdbool.h>
#include <stddef.h>

typedef enum csim_fit_state {
    CSIM_FIT_FREE = 0,    /* determined by the rows */
    CSIM_FIT_AT_BOUND,    /* the rows ask for a value beyond a bound: held at the bound */
    CSIM_FIT_INSENSITIVE, /* no row depends on it: cannot be fitted */
    CSIM_FIT_DEPENDENT,   /* its column is a combination of the other columns: the rows
                             cannot tell it apart from the others */
} csim_fit_state;

/* Columns whose norm (or whose part independent of the columns before it)
 * is below this fraction of the largest column norm count as zero. */
#define CSIM_FIT_RANK_TOL 1e-9

/** csim_lsq - x minimising sum_i w_i (sum_j A[i*n+j] x_j - b_i)^2 (m rows, n
 *  columns, A row-major; w NULL for unit weights, else w_i >= 0).  Householder
 *  QR with column pivoting on the weighted rows, so the conditioning is that
 *  of A, not of A^T A.  A column with no weight (all zero) gets
 *  CSIM_FIT_INSENSITIVE, one that adds no independent direction
 *  CSIM_FIT_DEPENDENT; both get x_j = 0.  Returns the rank (columns solved). */
size_t csim_lsq(size_t m, size_t n, const double *A, const double *b, const double *w, double *x,
                csim_fit_state *state);

typedef struct csim_fit_param {
    double value;   /* current value */
    double lo, hi;  /* bounds (inclusive) */
    bool integer;   /* the result is rounded to an integer */
} csim_fit_param;

/** csim_fit_step - one Gauss-Newton step: the values x' within the bounds
 *  that minimise sum_i w_i (r_i + sum_j J[i*n+j] (x'_j - value_j))^2, where r
 *  is the residual at the current values and J its derivatives.  A parameter
 *  whose unconstrained value falls outside its bounds is held at the bound
 *  (CSIM_FIT_AT_BOUND) and the others are solved again; integer parameters
 *  are then rounded and the remaining continuous ones solved again given the
 *  rounded values.  Parameters that cannot be fitted keep their value.
 *  Returns the number of parameters fitted (FREE or AT_BOUND). */
size_t csim_fit_step(size_t m, size_t n, const double *J, const double *r, const double *w,
                     const csim_fit_param *p, double *x_new, csim_fit_state *state);

#endif
