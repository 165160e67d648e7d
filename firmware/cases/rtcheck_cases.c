/* SPDX-License-Identifier: MIT */
/*
 * rtcheck_cases.c - the "rtcheck" family: a correctness test of the run-time
 * helpers the image links (the toolchain's, or firmware/rt/ with
 * FW_RT_HELPERS=fast), not a benchmark.  Each case runs one helper over every
 * size, alignment and overlap of a small range and compares it with a
 * byte-wise (or 32-bit) reference in check(); a mismatch is a check-fail,
 * so `cyclesim run` exits non-zero (tests/rt/).
 *
 * The helpers are called through volatile function pointers, so GCC cannot
 * expand a call inline or fold it, and the references use volatile bytes, so
 * GCC cannot turn them into the very memcpy/memset calls they check.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bench.h"

/* RTABI (ARM IHI 0043) helpers: declared here, provided by libgcc/libc or rt/. */
void __aeabi_memcpy(void *d, const void *s, size_t n);
void __aeabi_memcpy4(void *d, const void *s, size_t n);
void __aeabi_memcpy8(void *d, const void *s, size_t n);
void __aeabi_memmove(void *d, const void *s, size_t n);
void __aeabi_memset(void *d, size_t n, int c);
void __aeabi_memset4(void *d, size_t n, int c);
void __aeabi_memset8(void *d, size_t n, int c);
void __aeabi_memclr(void *d, size_t n);
void __aeabi_memclr4(void *d, size_t n);
void __aeabi_memclr8(void *d, size_t n);
uint64_t __aeabi_lmul(uint64_t a, uint64_t b);
uint64_t __aeabi_llsl(uint64_t a, int n);
uint64_t __aeabi_llsr(uint64_t a, int n);
int64_t __aeabi_lasr(int64_t a, int n);

#define BUF 64u    /* bytes of each buffer */
#define MAXN 40u   /* sizes 0..MAXN-1: 0-2 blocks of 16 bytes, every 8/4/2/1 tail */
#define OFFS 8u    /* offsets 0..7: every alignment of either pointer */

static uint8_t buf_a[BUF] __attribute__((aligned(8)));
static uint8_t buf_b[BUF] __attribute__((aligned(8)));
static uint8_t buf_ref[BUF] __attribute__((aligned(8)));
static uint32_t failures;

static void fill(uint8_t *p, uint32_t seed)
{
    volatile uint8_t *v = p;
    for (uint32_t i = 0; i < BUF; i++) {
        v[i] = (uint8_t)(seed + i * 29u + (i >> 3));
    }
}

static void copy_bytes(uint8_t *d, const uint8_t *s)
{
    volatile uint8_t *v = d;
    for (uint32_t i = 0; i < BUF; i++) {
        v[i] = s[i];
    }
}

static int same(const uint8_t *a, const uint8_t *b)
{
    const volatile uint8_t *v = a;
    for (uint32_t i = 0; i < BUF; i++) {
        if (v[i] != b[i]) {
            return 0;
        }
    }
    return 1;
}

static int rt_setup(const bench_case_t *c)
{
    (void)c;
    failures = 0;
    return 0;
}

static int rt_check(const bench_case_t *c)
{
    (void)c;
    return failures ? 1 : 0;
}

/* ---- memcpy: dst offset x src offset x size, guards around dst ------------ */

typedef void *(*cpy_fn)(void *, const void *, size_t);
typedef void (*aeabi_cpy_fn)(void *, const void *, size_t);

static cpy_fn volatile p_memcpy = memcpy;
static cpy_fn volatile p_memmove = memmove;

/* which: 0 memcpy, 1 __aeabi_memcpy, 2 __aeabi_memcpy4/8 (aligned pointers and
 * sizes only, as RTABI requires: offsets multiple of 4 or 8, any size). */
static void check_copy(int which, uint32_t align)
{
    aeabi_cpy_fn a4 = align == 8 ? __aeabi_memcpy8 : __aeabi_memcpy4;
    aeabi_cpy_fn volatile fa = which == 1 ? __aeabi_memcpy : a4;
    for (uint32_t doff = 0; doff < OFFS; doff++) {
        for (uint32_t soff = 0; soff < OFFS; soff++) {
            if (which == 2 && (doff % align || soff % align)) {
                continue;
            }
            for (uint32_t n = 0; n < MAXN; n++) {
                fill(buf_a, n + 1);
                fill(buf_b, n + 100);
                copy_bytes(buf_ref, buf_b);
                volatile uint8_t *r = buf_ref;
                for (uint32_t i = 0; i < n; i++) {
                    r[doff + i] = buf_a[soff + i];
                }
                if (which == 0) {
                    void *ret = p_memcpy(buf_b + doff, buf_a + soff, n);
                    failures += ret != buf_b + doff;
                } else {
                    fa(buf_b + doff, buf_a + soff, n);
                }
                failures += !same(buf_b, buf_ref);
            }
        }
    }
}

static int memcpy_run(const bench_case_t *c)
{
    (void)c;
    check_copy(0, 1);
    check_copy(1, 1);
    check_copy(2, 4);
    check_copy(2, 8);
    return 0;
}

BENCH_CASE(case_memcpy, "rtcheck/memcpy", "", "", rt_setup, memcpy_run, rt_check, NULL);

/* ---- memmove: both directions, every overlap within one buffer ------------ */

static int memmove_run(const bench_case_t *c)
{
    (void)c;
    const uint32_t span = 12u; /* offsets 0..span-1 within one buffer: overlaps up to 11 */
    for (int aeabi = 0; aeabi < 2; aeabi++) {
        for (uint32_t doff = 0; doff < span; doff++) {
            for (uint32_t soff = 0; soff < span; soff++) {
                for (uint32_t n = 0; n < MAXN; n++) {
                    fill(buf_b, n * 3u + doff);
                    copy_bytes(buf_ref, buf_b);
                    volatile uint8_t *r = buf_ref;
                    uint8_t tmp[MAXN];
                    for (uint32_t i = 0; i < n; i++) {
                        tmp[i] = r[soff + i];
                    }
                    for (uint32_t i = 0; i < n; i++) {
                        r[doff + i] = tmp[i];
                    }
                    if (aeabi) {
                        __aeabi_memmove(buf_b + doff, buf_b + soff, n);
                    } else {
                        void *ret = p_memmove(buf_b + doff, buf_b + soff, n);
                        failures += ret != buf_b + doff;
                    }
                    failures += !same(buf_b, buf_ref);
                }
            }
        }
    }
    return 0;
}

BENCH_CASE(case_memmove, "rtcheck/memmove", "", "", rt_setup, memmove_run, rt_check, NULL);

/* ---- memset / memclr: offset x size x fill value (upper bits ignored) ----- */

static void *(*volatile p_memset)(void *, int, size_t) = memset;

static int memset_run(const bench_case_t *c)
{
    (void)c;
    static const int values[] = {0, 0xA5, 0x7F, 0x1234, -1};
    for (unsigned v = 0; v < sizeof(values) / sizeof(values[0]); v++) {
        for (int which = 0; which < 6; which++) {
            const uint32_t align = which == 2 || which == 4 ? 4u : which == 3 || which == 5 ? 8u : 1u;
            const int clr = which >= 4 || (which == 1 && v == 0);
            for (uint32_t off = 0; off < OFFS; off += align) {
                for (uint32_t n = 0; n < MAXN; n++) {
                    const int value = clr ? 0 : values[v];
                    fill(buf_b, n + off + (uint32_t)v);
                    copy_bytes(buf_ref, buf_b);
                    volatile uint8_t *r = buf_ref;
                    for (uint32_t i = 0; i < n; i++) {
                        r[off + i] = (uint8_t)value;
                    }
                    uint8_t *d = buf_b + off;
                    switch (which) {
                    case 0: failures += p_memset(d, value, n) != d; break;
                    case 1: clr ? __aeabi_memclr(d, n) : __aeabi_memset(d, n, value); break;
                    case 2: __aeabi_memset4(d, n, value); break;
                    case 3: __aeabi_memset8(d, n, value); break;
                    case 4: __aeabi_memclr4(d, n); break;
                    default: __aeabi_memclr8(d, n); break;
                    }
                    failures += !same(buf_b, buf_ref);
                }
            }
        }
    }
    return 0;
}

BENCH_CASE(case_memset, "rtcheck/memset", "", "", rt_setup, memset_run, rt_check, NULL);

/* ---- 64-bit multiply and shifts against 32-bit references ----------------- */

static uint64_t (*volatile p_lmul)(uint64_t, uint64_t) = __aeabi_lmul;
static uint64_t (*volatile p_llsl)(uint64_t, int) = __aeabi_llsl;
static uint64_t (*volatile p_llsr)(uint64_t, int) = __aeabi_llsr;
static int64_t (*volatile p_lasr)(int64_t, int) = __aeabi_lasr;

/* Operands: edge values, then a xorshift sequence. */
static uint64_t operand(uint32_t i, uint32_t *state)
{
    static const uint64_t edges[] = {0, 1, 2, 0xFFFFFFFFu, 0x100000000ull, 0xFFFFFFFFFFFFFFFFull,
                                     0x8000000000000000ull, 0x0000FFFF0000FFFFull, 0xFFFF0000FFFF0000ull,
                                     0x7FFFFFFF80000000ull};
    if (i < sizeof(edges) / sizeof(edges[0])) {
        return edges[i];
    }
    uint32_t w[2];
    for (int k = 0; k < 2; k++) {
        uint32_t x = *state;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        *state = x;
        w[k] = x;
    }
    return (uint64_t)w[0] << 32 | w[1];
}

/* a * b mod 2^64 from 16-bit limbs and 32-bit multiplies only. */
static void mul_ref(uint64_t a, uint64_t b, uint32_t out[2])
{
    /* Constant shifts only: a variable one would call __aeabi_llsr. */
    const uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32), b0 = (uint32_t)b, b1 = (uint32_t)(b >> 32);
    const uint32_t x[4] = {a0 & 0xFFFFu, a0 >> 16, a1 & 0xFFFFu, a1 >> 16};
    const uint32_t y[4] = {b0 & 0xFFFFu, b0 >> 16, b1 & 0xFFFFu, b1 >> 16};
    uint32_t acc[4] = {0, 0, 0, 0};
    for (int i = 0; i < 4; i++) {
        uint32_t carry = 0;
        for (int j = 0; i + j < 4; j++) {
            uint32_t t = x[i] * y[j] + acc[i + j] + carry; /* < 2^32 */
            acc[i + j] = t & 0xFFFFu;
            carry = t >> 16;
        }
    }
    out[0] = acc[0] | acc[1] << 16;
    out[1] = acc[2] | acc[3] << 16;
}

static int lmul_run(const bench_case_t *c)
{
    (void)c;
    uint32_t state = 0x2545F491u;
    for (uint32_t i = 0; i < 400; i++) {
        uint32_t s2 = state + i;
        uint64_t a = operand(i % 20, &state), b = operand(i / 20, &s2);
        uint32_t ref[2];
        mul_ref(a, b, ref);
        uint64_t got = p_lmul(a, b);
        failures += (uint32_t)got != ref[0] || (uint32_t)(got >> 32) != ref[1];
    }
    return 0;
}

BENCH_CASE(case_lmul, "rtcheck/lmul", "", "", rt_setup, lmul_run, rt_check, NULL);

/* Shift references on the two 32-bit words; n = 0..63. */
static void shift_ref(uint32_t lo, uint32_t hi, unsigned n, int kind, uint32_t out[2])
{
    const uint32_t sign = (hi & 0x80000000u) ? 0xFFFFFFFFu : 0;
    if (n == 0) {
        out[0] = lo;
        out[1] = hi;
    } else if (kind == 0) { /* llsl */
        out[0] = n < 32 ? lo << n : 0;
        out[1] = n < 32 ? hi << n | lo >> (32 - n) : lo << (n - 32);
    } else if (n < 32) { /* llsr, lasr */
        out[0] = lo >> n | hi << (32 - n);
        out[1] = kind == 1 ? hi >> n : (hi >> n) | (sign << (32 - n));
    } else {
        out[0] = n == 32 ? hi : (hi >> (n - 32)) | (kind == 2 ? sign << (64 - n) : 0);
        out[1] = kind == 1 ? 0 : sign;
    }
}

static int shift_run(const bench_case_t *c)
{
    (void)c;
    uint32_t state = 0x9E3779B9u;
    for (uint32_t i = 0; i < 24; i++) {
        uint64_t a = operand(i, &state);
        for (unsigned n = 0; n < 64; n++) {
            for (int kind = 0; kind < 3; kind++) {
                uint32_t ref[2];
                shift_ref((uint32_t)a, (uint32_t)(a >> 32), n, kind, ref);
                uint64_t got = kind == 0 ? p_llsl(a, (int)n)
                             : kind == 1 ? p_llsr(a, (int)n)
                                         : (uint64_t)p_lasr((int64_t)a, (int)n);
                failures += (uint32_t)got != ref[0] || (uint32_t)(got >> 32) != ref[1];
            }
        }
    }
    return 0;
}

BENCH_CASE(case_shift, "rtcheck/shift64", "", "", rt_setup, shift_run, rt_check, NULL);
