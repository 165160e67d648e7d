/* SPDX-License-Identifier: MIT */
/*
 * float_cases.c - the "float" family: single-precision kernels built for the
 * hard-float ABI (-mfpu=fpv5-sp-d16 -mfloat-abi=hard, NEEDS fpu), so that
 * the FPU's instructions run as a CubeMX project for the L5 or U3 runs them:
 * a FIR filter, a small matrix multiply, a Kalman-style update and a
 * normalisation through VSQRT and VDIV.
 *
 * Known answers: the FIR and the matrix multiply work on small integers and
 * dyadic fractions, so every sum is exact and its value is derived in the
 * comment above the check.  The Kalman update and the normalisation round;
 * their answers are the IEEE 754 single-precision results of this code, in
 * this order of operations (ISO C: no contraction into fused multiply-adds),
 * computed on a host with the same source, and any IEEE 754 single-precision
 * implementation gives the same bits.
 *
 * The sizes come through c->arg, so the compiler cannot fold a loop into its
 * result.
 */
#include <stdint.h>
#include <string.h>

#include "bench.h"

static float result;

/* A case's size and the bits of its known answer. */
typedef struct float_arg {
    uint32_t n;
    uint32_t answer;
} float_arg;

static uint32_t bits_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    return u;
}

/* The check of the cases whose run leaves their answer in `result`. */
static int result_check(const bench_case_t *c)
{
    return bits_of(result) == ((const float_arg *)c->arg)->answer ? 0 : 1;
}

/* ---- fir: 16 taps over 128 samples ------------------------------------- */

#define FIR_TAPS 16u
#define FIR_N 128u

static float fir_x[FIR_N + FIR_TAPS - 1u];
static float fir_h[FIR_TAPS];
/* sum over i of y[i] = sum over k of h[k] * (x[15-k] + ... + x[142-k]), exact:
 * 43/4 = 10.75 (0x412C0000; summed in exact rational arithmetic). */
static const float_arg fir_arg = {FIR_N, 0x412C0000u};

/* h[k] = (k + 1) / 64; x[i] = ((37 i + 11) mod 31) - 15: integers and
 * multiples of 1/64 well inside 24 bits, so every product and sum is exact. */
static int fir_setup(const bench_case_t *c)
{
    (void)c;
    for (uint32_t k = 0; k < FIR_TAPS; k++) {
        fir_h[k] = (float)(k + 1u) / 64.0f;
    }
    for (uint32_t i = 0; i < FIR_N + FIR_TAPS - 1u; i++) {
        fir_x[i] = (float)((int32_t)((37u * i + 11u) % 31u) - 15);
    }
    return 0;
}

static int fir_run(const bench_case_t *c)
{
    const uint32_t n = ((const float_arg *)c->arg)->n;
    float sum = 0.0f;
    for (uint32_t i = 0; i < n; i++) {
        float y = 0.0f;
        for (uint32_t k = 0; k < FIR_TAPS; k++) {
            y += fir_h[k] * fir_x[i + FIR_TAPS - 1u - k];
        }
        sum += y;
    }
    result = sum;
    return 0;
}

BENCH_CASE(case_fir, "float/fir/16x128", "", "taps=16;samples=128", fir_setup, fir_run, result_check, &fir_arg);

/* ---- matmul: 8 x 8 ------------------------------------------------------- */

#define MAT 8u

static float mat_a[MAT][MAT], mat_b[MAT][MAT], mat_c[MAT][MAT];
static const uint32_t mat_n = MAT;

/* a[i][j] = ((8 i + j) mod 7) - 3, b[i][j] = ((i + 2 j) mod 5) - 2: small
 * integers, every product and sum exact. */
static int mat_setup(const bench_case_t *c)
{
    (void)c;
    for (uint32_t i = 0; i < MAT; i++) {
        for (uint32_t j = 0; j < MAT; j++) {
            mat_a[i][j] = (float)((int32_t)((8u * i + j) % 7u) - 3);
            mat_b[i][j] = (float)((int32_t)((i + 2u * j) % 5u) - 2);
        }
    }
    return 0;
}

static int mat_run(const bench_case_t *c)
{
    const uint32_t n = *(const uint32_t *)c->arg;
    for (uint32_t i = 0; i < n; i++) {
        for (uint32_t j = 0; j < n; j++) {
            float s = 0.0f;
            for (uint32_t k = 0; k < n; k++) {
                s += mat_a[i][k] * mat_b[k][j];
            }
            mat_c[i][j] = s;
        }
    }
    return 0;
}

/* sum over i, j of (i + 1) c[i][j], exact: -53 (0xC2540000; summed in exact
 * integer arithmetic). */
static int mat_check(const bench_case_t *c)
{
    (void)c;
    float s = 0.0f;
    for (uint32_t i = 0; i < MAT; i++) {
        for (uint32_t j = 0; j < MAT; j++) {
            s += (float)(i + 1u) * mat_c[i][j];
        }
    }
    return bits_of(s) == 0xC2540000u ? 0 : 1;
}

BENCH_CASE(case_mat, "float/matmul/8x8", "", "n=8", mat_setup, mat_run, mat_check, &mat_n);

/* ---- kalman: a position-velocity filter over 64 measurements ------------- */

#define KAL_N 64u

static float kal_z[KAL_N];
/* x + v after 64 steps: 0x41FD4B4B (31.6617641; host IEEE 754, see the top). */
static const float_arg kal_arg = {KAL_N, 0x41FD4B4Bu};

/* z[i] = 0.5 i plus a deterministic error ((13 i mod 9) - 4) / 8. */
static int kal_setup(const bench_case_t *c)
{
    (void)c;
    for (uint32_t i = 0; i < KAL_N; i++) {
        kal_z[i] = 0.5f * (float)i + (float)((int32_t)((13u * i) % 9u) - 4) / 8.0f;
    }
    return 0;
}

/* The textbook constant-velocity filter (dt = 1, process noise q, measurement
 * noise r): predict x, v and the covariance P, then update with z. */
static int kal_run(const bench_case_t *c)
{
    const uint32_t n = ((const float_arg *)c->arg)->n;
    const float q = 0.01f, r = 0.25f;
    float x = 0.0f, v = 0.0f, p00 = 1.0f, p01 = 0.0f, p11 = 1.0f;
    for (uint32_t i = 0; i < n; i++) {
        x = x + v;
        p00 = p00 + 2.0f * p01 + p11 + q;
        p01 = p01 + p11;
        p11 = p11 + q;
        const float s = p00 + r;
        const float k0 = p00 / s, k1 = p01 / s;
        const float e = kal_z[i] - x;
        x = x + k0 * e;
        v = v + k1 * e;
        p11 = p11 - k1 * p01;
        p01 = p01 - k0 * p01;
        p00 = p00 - k0 * p00;
    }
    result = x + v;
    return 0;
}

BENCH_CASE(case_kal, "float/kalman/64", "", "steps=64", kal_setup, kal_run, result_check, &kal_arg);

/* ---- normalise: 64 two-dimensional vectors through VSQRT and VDIV -------- */

#define NORM_N 64u

static float norm_v[NORM_N][2];
/* The sum of the unit vectors' x - y: 0xC0015B20 (-2.02118683; host IEEE 754). */
static const float_arg norm_arg = {NORM_N, 0xC0015B20u};

static int norm_setup(const bench_case_t *c)
{
    (void)c;
    for (uint32_t i = 0; i < NORM_N; i++) {
        norm_v[i][0] = (float)((int32_t)((7u * i + 3u) % 23u) - 11);
        norm_v[i][1] = (float)((int32_t)((5u * i + 1u) % 19u) - 9) + 0.5f;
    }
    return 0;
}

/* Built -fno-math-errno: __builtin_sqrtf is one VSQRT.F32. */
static int norm_run(const bench_case_t *c)
{
    const uint32_t n = ((const float_arg *)c->arg)->n;
    float sum = 0.0f;
    for (uint32_t i = 0; i < n; i++) {
        const float x = norm_v[i][0], y = norm_v[i][1];
        const float len = __builtin_sqrtf(x * x + y * y);
        sum += x / len - y / len;
    }
    result = sum;
    return 0;
}

BENCH_CASE(case_norm, "float/normalise/64", "", "vectors=64", norm_setup, norm_run, result_check, &norm_arg);
