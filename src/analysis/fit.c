/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fit.c - weighted linear least squares and the bounded, integer-aware
 * Gauss-Newton step of `cyclesim calibrate` (fit.h).
 *
 * Householder QR with column pivoting rather than the normal equations:
 * sensitivities of cycle counts to different parameters can differ by many
 * orders of magnitude, and forming A^T A would square the condition number.
 * Pivoting also tells which columns add nothing: those parameters are
 * reported instead of being solved from rounding noise.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/analysis/fit.h"

static double col_norm(const double *a, size_t m, size_t n, size_t j, size_t from)
{
    double s = 0;
    for (size_t i = from; i < m; i++) {
        s += a[i * n + j] * a[i * n + j];
    }
    return sqrt(s);
}

size_t csim_lsq(size_t m, size_t n, const double *A, const double *b, const double *w, double *x,
                csim_fit_state *state)
{
    double *a = malloc(sizeof(double) * (m * n + m));
    size_t *perm = malloc(sizeof(size_t) * (n ? n : 1));
    if (!a || !perm) {
        free(a);
        free(perm);
        return SIZE_MAX;
    }
    double *y = a + m * n;
    for (size_t i = 0; i < m; i++) {
        double s = w ? sqrt(w[i]) : 1.0;
        for (size_t j = 0; j < n; j++) {
            a[i * n + j] = s * A[i * n + j];
        }
        y[i] = s * b[i];
    }
    double largest = 0;
    for (size_t j = 0; j < n; j++) {
        perm[j] = j;
        x[j] = 0;
        double c = col_norm(a, m, n, j, 0);
        state[j] = c > 0 ? CSIM_FIT_FREE : CSIM_FIT_INSENSITIVE;
        largest = c > largest ? c : largest;
    }
    /* A column that is negligible against the largest is as good as zero. */
    for (size_t j = 0; j < n; j++) {
        if (col_norm(a, m, n, j, 0) <= CSIM_FIT_RANK_TOL * largest) {
            state[j] = CSIM_FIT_INSENSITIVE;
        }
    }

    size_t rank = 0;
    for (size_t k = 0; k < n && k < m; k++) {
        size_t best = k;
        double best_norm = -1;
        for (size_t j = k; j < n; j++) {
            double c = state[perm[j]] == CSIM_FIT_INSENSITIVE ? 0 : col_norm(a, m, n, j, k);
            if (c > best_norm) {
                best_norm = c;
                best = j;
            }
        }
        if (best_norm <= CSIM_FIT_RANK_TOL * largest) {
            break;
        }
        if (best != k) {
            for (size_t i = 0; i < m; i++) {
                double t = a[i * n + k];
                a[i * n + k] = a[i * n + best];
                a[i * n + best] = t;
            }
            size_t t = perm[k];
            perm[k] = perm[best];
            perm[best] = t;
        }
        /* Householder reflection H = I - 2 v v^T / (v^T v) zeroing a[k+1.., k]. */
        double alpha = a[k * n + k] > 0 ? -best_norm : best_norm;
        a[k * n + k] -= alpha; /* v is column k from row k on */
        double vtv = 0;
        for (size_t i = k; i < m; i++) {
            vtv += a[i * n + k] * a[i * n + k];
        }
        for (size_t j = k + 1; j < n; j++) {
            double d = 0;
            for (size_t i = k; i < m; i++) {
                d += a[i * n + k] * a[i * n + j];
            }
            d = 2 * d / vtv;
            for (size_t i = k; i < m; i++) {
                a[i * n + j] -= d * a[i * n + k];
            }
        }
        double d = 0;
        for (size_t i = k; i < m; i++) {
            d += a[i * n + k] * y[i];
        }
        d = 2 * d / vtv;
        for (size_t i = k; i < m; i++) {
            y[i] -= d * a[i * n + k];
        }
        a[k * n + k] = alpha; /* R's diagonal */
        rank = k + 1;
    }
    /* Back substitution R z = Q^T y over the independent columns. */
    for (size_t kk = rank; kk-- > 0;) {
        double s = y[kk];
        for (size_t j = kk + 1; j < rank; j++) {
            s -= a[kk * n + j] * x[perm[j]];
        }
        x[perm[kk]] = s / a[kk * n + kk];
    }
    for (size_t j = rank; j < n; j++) {
        if (state[perm[j]] != CSIM_FIT_INSENSITIVE) {
            state[perm[j]] = CSIM_FIT_DEPENDENT;
        }
    }
    free(a);
    free(perm);
    return rank;
}

static bool fittable(csim_fit_state s) { return s == CSIM_FIT_FREE || s == CSIM_FIT_AT_BOUND; }

/* Solve for the parameters not yet fixed, given the fixed ones' steps.
 * Returns false when out of memory. */
static bool solve_free(size_t m, size_t n, const double *J, const double *r, const double *w,
                       const bool *fixed, const double *step, double *sol, csim_fit_state *state)
{
    size_t nf = 0;
    for (size_t j = 0; j < n; j++) {
        nf += !fixed[j];
    }
    double *A = malloc(sizeof(double) * (m * (nf ? nf : 1) + m + 2 * (nf ? nf : 1)));
    if (!A) {
        return false;
    }
    double *b = A + m * (nf ? nf : 1), *x = b + m;
    csim_fit_state *st = (csim_fit_state *)(x + (nf ? nf : 1));
    for (size_t i = 0; i < m; i++) {
        b[i] = -r[i];
        for (size_t j = 0, c = 0; j < n; j++) {
            if (fixed[j]) {
                b[i] -= J[i * n + j] * step[j];
            } else {
                A[i * nf + c++] = J[i * n + j];
            }
        }
    }
    size_t rank = csim_lsq(m, nf, A, b, w, x, st);
    for (size_t j = 0, c = 0; j < n; j++) {
        if (!fixed[j]) {
            sol[j] = x[c];
            state[j] = st[c++];
        }
    }
    free(A);
    return rank != SIZE_MAX;
}

size_t csim_fit_step(size_t m, size_t n, const double *J, const double *r, const double *w,
                     const csim_fit_param *p, double *x_new, csim_fit_state *state)
{
    bool *fixed = calloc(n ? n : 1, sizeof(bool));
    double *step = calloc(2 * (n ? n : 1), sizeof(double));
    if (!fixed || !step) {
        free(fixed);
        free(step);
        return SIZE_MAX;
    }
    double *sol = step + n;
    bool ok = true;
    /* Hold violators at their bound and solve the rest again, until none
     * violates (each pass fixes at least one parameter). */
    for (;;) {
        ok = solve_free(m, n, J, r, w, fixed, step, sol, state);
        bool violated = false;
        for (size_t j = 0; ok && j < n; j++) {
            if (fixed[j] || !fittable(state[j])) {
                continue;
            }
            double v = p[j].value + sol[j];
            if (v < p[j].lo || v > p[j].hi) {
                step[j] = (v < p[j].lo ? p[j].lo : p[j].hi) - p[j].value;
                fixed[j] = true;
                state[j] = CSIM_FIT_AT_BOUND;
                violated = true;
            }
        }
        if (!ok || !violated) {
            break;
        }
    }
    /* Round the integer parameters, then solve the continuous ones again. */
    bool any_continuous = false, any_rounded = false;
    for (size_t j = 0; ok && j < n; j++) {
        if (!fixed[j] && fittable(state[j])) {
            step[j] = sol[j];
            if (p[j].integer) {
                double v = round(p[j].value + sol[j]);
                v = v < p[j].lo ? p[j].lo : v > p[j].hi ? p[j].hi : v;
                step[j] = v - p[j].value;
                fixed[j] = true;
                any_rounded = true;
            } else {
                any_continuous = true;
            }
        } else if (!fixed[j]) {
            fixed[j] = true; /* cannot be fitted: keeps its value */
            step[j] = 0;
        }
    }
    if (ok && any_rounded && any_continuous) {
        csim_fit_state *st2 = malloc(sizeof(*st2) * n);
        ok = st2 && solve_free(m, n, J, r, w, fixed, step, sol, st2);
        for (size_t j = 0; ok && j < n; j++) {
            if (!fixed[j]) {
                double v = p[j].value + sol[j];
                if (v < p[j].lo || v > p[j].hi) {
                    v = v < p[j].lo ? p[j].lo : p[j].hi;
                    state[j] = CSIM_FIT_AT_BOUND;
                }
                step[j] = v - p[j].value;
            }
        }
        free(st2);
    }
    size_t fitted = 0;
    for (size_t j = 0; ok && j < n; j++) {
        x_new[j] = p[j].value + step[j];
        fitted += fittable(state[j]);
    }
    free(fixed);
    free(step);
    return ok ? fitted : SIZE_MAX;
}
