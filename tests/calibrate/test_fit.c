/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_fit.c - src/analysis/fit.c against solutions derived by hand (in the comments):
 * least squares, weights, rank deficiency, conditioning, bounds, integers.
 */
#include <math.h>
#include <stdio.h>

#include "cyclesim/analysis/fit.h"

static int failures, checks;

static void near(const char *what, int line, double got, double want, double tol)
{
    checks++;
    if (!(fabs(got - want) <= tol)) {
        failures++;
        printf("FAIL line %d %s: got %.17g, want %.17g\n", line, what, got, want);
    }
}

#define NEAR(what, got, want) near(what, __LINE__, got, want, 1e-12)
#define EQ(what, got, want) near(what, __LINE__, (double)(got), (double)(want), 0)

/* A consistent system: rows x0 = 1, x1 = 2, x0 + x1 = 3 are all met by (1, 2). */
static void test_consistent(void)
{
    const double A[] = {1, 0, 0, 1, 1, 1}, b[] = {1, 2, 3};
    double x[2];
    csim_fit_state st[2];
    EQ("rank", csim_lsq(3, 2, A, b, NULL, x, st), 2);
    NEAR("x0", x[0], 1);
    NEAR("x1", x[1], 2);
    EQ("state0", st[0], CSIM_FIT_FREE);
    EQ("state1", st[1], CSIM_FIT_FREE);
}

/* One column of ones: the least-squares x is the (weighted) mean of b:
 * (1 + 2 + 6) / 3 = 3; with weights 1, 1, 2: (1 + 2 + 2*6) / 4 = 3.75;
 * a zero weight drops the row: (1 + 2) / 2 = 1.5. */
static void test_mean_and_weights(void)
{
    const double A[] = {1, 1, 1}, b[] = {1, 2, 6}, w[] = {1, 1, 2}, w0[] = {1, 1, 0};
    double x;
    csim_fit_state st;
    csim_lsq(3, 1, A, b, NULL, &x, &st);
    NEAR("mean", x, 3);
    csim_lsq(3, 1, A, b, w, &x, &st);
    NEAR("weighted mean", x, 3.75);
    csim_lsq(3, 1, A, b, w0, &x, &st);
    NEAR("zero weight", x, 1.5);
}

/* Line through (0,1), (1,2), (2,2): normal equations [[3,3],[3,5]] x = [5,6],
 * det 6: x0 = (5*5 - 3*6)/6 = 7/6, x1 = (3*6 - 3*5)/6 = 1/2. */
static void test_line(void)
{
    const double A[] = {1, 0, 1, 1, 1, 2}, b[] = {1, 2, 2};
    double x[2];
    csim_fit_state st[2];
    csim_lsq(3, 2, A, b, NULL, x, st);
    NEAR("intercept", x[0], 7.0 / 6.0);
    NEAR("slope", x[1], 0.5);
}

/* Second column all zero: nothing depends on x1.  It is reported and left at
 * 0; x0 is still solved: b = 2 * column 0, so x0 = 2. */
static void test_insensitive(void)
{
    const double A[] = {1, 0, 2, 0, 3, 0}, b[] = {2, 4, 6};
    double x[2];
    csim_fit_state st[2];
    EQ("rank", csim_lsq(3, 2, A, b, NULL, x, st), 1);
    NEAR("x0", x[0], 2);
    EQ("x1", x[1], 0);
    EQ("state0", st[0], CSIM_FIT_FREE);
    EQ("state1", st[1], CSIM_FIT_INSENSITIVE);
}

/* Column 1 = 2 * column 0: only their combination x0 + 2 x1 is determined.
 * Pivoting takes the larger column (1, norm 2*sqrt(14)) first; b = column 0
 * = column 1 / 2, so x1 = 1/2 and x0 is reported dependent, left at 0. */
static void test_collinear(void)
{
    const double A[] = {1, 2, 2, 4, 3, 6}, b[] = {1, 2, 3};
    double x[2];
    csim_fit_state st[2];
    EQ("rank", csim_lsq(3, 2, A, b, NULL, x, st), 1);
    EQ("x0", x[0], 0);
    NEAR("x1", x[1], 0.5);
    EQ("state0", st[0], CSIM_FIT_DEPENDENT);
    EQ("state1", st[1], CSIM_FIT_FREE);
}

/* Fewer rows than columns: x0 + x1 = 2.  Both columns have norm 1; the first
 * is taken, x0 = 2, and x1 is dependent. */
static void test_underdetermined(void)
{
    const double A[] = {1, 1}, b[] = {2};
    double x[2];
    csim_fit_state st[2];
    EQ("rank", csim_lsq(1, 2, A, b, NULL, x, st), 1);
    NEAR("x0", x[0], 2);
    EQ("state1", st[1], CSIM_FIT_DEPENDENT);
}

/* Läuchli's matrix [[1,1],[e,0],[0,e]] with b = [3,e,2e]: exactly x = (1,2).
 * With e = 1e-7, A^T A = [[1+1e-14, 1],[1, 1+1e-14]] keeps only about two
 * significant digits of e^2 in double precision: solving the normal
 * equations in double gives x0 = 1.0222 (checked by hand with Cramer's rule).
 * QR works on A and must be far closer. */
static void test_conditioning(void)
{
    const double e = 1e-7;
    const double A[] = {1, 1, e, 0, 0, e}, b[] = {3, e, 2 * e};
    double x[2];
    csim_fit_state st[2];
    EQ("rank", csim_lsq(3, 2, A, b, NULL, x, st), 2);
    near("x0", __LINE__, x[0], 1, 1e-6);
    near("x1", __LINE__, x[1], 2, 1e-6);
}

/* Step for J dx = -r with J = [[1,0],[1,1]], r = [-3,-4]: unconstrained
 * dx = (3, 1).  x0 in [0, 2] (from 0) is held at 2; then x1 minimises
 * (2 - 3)^2 + (2 + x1 - 4)^2, so x1 = 2. */
static void test_bounds(void)
{
    const double J[] = {1, 0, 1, 1}, r[] = {-3, -4};
    const csim_fit_param p[] = {{0, 0, 2, false}, {0, -10, 10, false}};
    double x[2];
    csim_fit_state st[2];
    EQ("fitted", csim_fit_step(2, 2, J, r, NULL, p, x, st), 2);
    NEAR("x0", x[0], 2);
    EQ("state0", st[0], CSIM_FIT_AT_BOUND);
    NEAR("x1", x[1], 2);
    EQ("state1", st[1], CSIM_FIT_FREE);
}

/* Same J, r = [-2.4, -5]: unconstrained (2.4, 2.6).  x0 is an integer: 2;
 * x1 (continuous) is solved again given it: (2 - 2.4)^2 + (2 + x1 - 5)^2
 * is least at x1 = 3 (not 2.6). */
static void test_integer_then_continuous(void)
{
    const double J[] = {1, 0, 1, 1}, r[] = {-2.4, -5};
    const csim_fit_param p[] = {{0, -10, 10, true}, {0, -10, 10, false}};
    double x[2];
    csim_fit_state st[2];
    csim_fit_step(2, 2, J, r, NULL, p, x, st);
    EQ("x0", x[0], 2);
    NEAR("x1", x[1], 3);
}

/* The calibration case: cycles_i = c_i + k_i * p for rows i, measured with
 * p = 2, now at p = 1.  Relative residuals r_i = (c_i + k_i - (c_i + 2 k_i)) / m_i
 * = -k_i / m_i and J_i = k_i / m_i, so the step is exactly +1: p = 2.  The
 * second parameter changes no row: reported and kept at its value 5.  Rows
 * (c, k): (1000, 10), (500, 0), (2000, 40); m = c + 2k = 1020, 500, 2080. */
static void test_gauss_newton_recovery(void)
{
    const double c[] = {1000, 500, 2000}, k[] = {10, 0, 40};
    double J[6], r[3];
    for (int i = 0; i < 3; i++) {
        double m = c[i] + 2 * k[i];
        r[i] = (c[i] + k[i] - m) / m;
        J[2 * i] = k[i] / m;
        J[2 * i + 1] = 0;
    }
    const csim_fit_param p[] = {{1, 1, 8, true}, {5, 0, 16, true}};
    double x[2];
    csim_fit_state st[2];
    EQ("fitted", csim_fit_step(3, 2, J, r, NULL, p, x, st), 1);
    EQ("p0", x[0], 2);
    EQ("state0", st[0], CSIM_FIT_FREE);
    EQ("p1 kept", x[1], 5);
    EQ("state1", st[1], CSIM_FIT_INSENSITIVE);
}

/* An integer parameter whose rows ask for 7.6 but whose range ends at 5. */
static void test_integer_bound(void)
{
    const double J[] = {1}, r[] = {-6.6};
    const csim_fit_param p[] = {{1, 1, 5, true}};
    double x;
    csim_fit_state st;
    csim_fit_step(1, 1, J, r, NULL, p, &x, &st);
    EQ("x", x, 5);
    EQ("state", st, CSIM_FIT_AT_BOUND);
}

int main(void)
{
    test_consistent();
    test_mean_and_weights();
    test_line();
    test_insensitive();
    test_collinear();
    test_underdetermined();
    test_conditioning();
    test_bounds();
    test_integer_then_continuous();
    test_gauss_newton_recovery();
    test_integer_bound();
    printf("%d checks, %d failures\n", checks, failures);
    return failures != 0;
}
