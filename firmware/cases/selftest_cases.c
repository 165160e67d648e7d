/* SPDX-License-Identifier: MIT */
/*
 * selftest_cases.c - the "selftest" family: small deterministic cases that
 * exercise the runner and the timing model (flash data reads, SRAM copies,
 * calls and returns, 64-bit multiplies, a jump table), each small enough to
 * read in the disassembly.  Every case checks a known answer whose value is
 * derived in the comment above it.
 *
 * The sizes come through c->arg, so the compiler cannot fold a loop into its
 * result; helpers are noipa so that every call in the source is a call in the
 * image.
 */
#include <stdint.h>
#include <string.h>

#include "bench.h"

#define NOIPA __attribute__((noinline, noipa))

static uint32_t result32;
static uint64_t result64;

/* ---- wordsum-flash: sum of a 256-word constant table (flash reads) ------- */

/* table[i] = 0x9E3779B9 * i (mod 2^32), i = 0..255, built by macros so the
 * values are constants in .rodata. */
#define W(i) (0x9E3779B9u * (uint32_t)(i))
#define W4(i) W(i), W((i) + 1), W((i) + 2), W((i) + 3)
#define W16(i) W4(i), W4((i) + 4), W4((i) + 8), W4((i) + 12)
#define W64(i) W16(i), W16((i) + 16), W16((i) + 32), W16((i) + 48)

static const uint32_t wordsum_table[256] = {
    W64(0), W64(64), W64(128), W64(192),
};

static const uint32_t wordsum_n = 256;

static int wordsum_run(const bench_case_t *c)
{
    const uint32_t n = *(const uint32_t *)c->arg;
    uint32_t sum = 0;

    for (uint32_t i = 0; i < n; i++) {
        sum += wordsum_table[i];
    }
    result32 = sum;
    return 0;
}

/* sum = 0x9E3779B9 * (0 + 1 + ... + 255) = 0x9E3779B9 * 32640
 *     = 86640783500160 = 0x4ECC_A11FA380  ->  mod 2^32: 0xA11FA380 */
static int wordsum_check(const bench_case_t *c)
{
    (void)c;
    return result32 == 0xA11FA380u ? 0 : 1;
}

BENCH_CASE(case_wordsum, "selftest/wordsum-flash/256", "", "words=256",
           NULL, wordsum_run, wordsum_check, &wordsum_n);

/* ---- memcpy-sram: newlib memcpy, SRAM to SRAM ---------------------------- */

#define COPY_MAX 1024u

static uint8_t copy_src[COPY_MAX];
static uint8_t copy_dst[COPY_MAX + 4]; /* 4 guard bytes after the copy */

static const uint32_t copy_n = COPY_MAX;

static int copy_setup(const bench_case_t *c)
{
    const uint32_t n = *(const uint32_t *)c->arg;

    if (n > COPY_MAX) {
        return 1;
    }
    for (uint32_t i = 0; i < n; i++) {
        copy_src[i] = (uint8_t)(i * 7u + 3u);
    }
    memset(copy_dst, 0, sizeof(copy_dst));
    bench_note_workbuf(2u * n);
    return 0;
}

static int copy_run(const bench_case_t *c)
{
    memcpy(copy_dst, copy_src, *(const uint32_t *)c->arg);
    return 0;
}

/* dst[i] = (uint8_t)(7 * i + 3) for i < n (what setup wrote into src), and
 * the 4 guard bytes after the copy are still 0. */
static int copy_check(const bench_case_t *c)
{
    const uint32_t n = *(const uint32_t *)c->arg;

    for (uint32_t i = 0; i < n; i++) {
        if (copy_dst[i] != (uint8_t)(i * 7u + 3u)) {
            return 1;
        }
    }
    for (uint32_t i = n; i < n + 4u; i++) {
        if (copy_dst[i] != 0) {
            return 1;
        }
    }
    return 0;
}

BENCH_CASE(case_memcpy, "selftest/memcpy-sram/1024", "", "bytes=1024",
           copy_setup, copy_run, copy_check, &copy_n);

/* ---- calls: a loop of three nested calls (BL/return, push/pop) ----------- */

NOIPA static uint32_t call_leaf(uint32_t x)
{
    return x + 3u;
}

NOIPA static uint32_t call_mid(uint32_t a, uint32_t i)
{
    return call_leaf(a) + i;
}

NOIPA static uint32_t call_top(uint32_t a, uint32_t i)
{
    return call_mid(a, i) + 1u; /* work after the call: no tail call */
}

static const uint32_t calls_n = 200;

static int calls_run(const bench_case_t *c)
{
    const uint32_t n = *(const uint32_t *)c->arg;
    uint32_t a = 0;

    for (uint32_t i = 0; i < n; i++) {
        a = call_top(a, i);
    }
    result32 = a;
    return 0;
}

/* Each step: a = ((a + 3) + i) + 1 = a + i + 4, from a = 0, i = 0..199:
 * a = (0 + ... + 199) + 4 * 200 = 19900 + 800 = 20700. */
static int calls_check(const bench_case_t *c)
{
    (void)c;
    return result32 == 20700u ? 0 : 1;
}

BENCH_CASE(case_calls, "selftest/calls/200", "", "iterations=200",
           NULL, calls_run, calls_check, &calls_n);

/* ---- mul64: 64 x 64 -> 64-bit multiply-accumulate ------------------------ */

/* M0+: __aeabi_lmul from libgcc; M33: UMULL + two MLA. */
struct mul64_arg {
    uint64_t a_step, b_step;
    uint32_t n;
};

static const struct mul64_arg mul64_params = {
    0x0000000100000001u, 0x0000000200000003u, 64,
};

static int mul64_run(const bench_case_t *c)
{
    const struct mul64_arg *p = c->arg;
    uint64_t a = 0, b = 0, acc = 0;

    for (uint32_t i = 0; i < p->n; i++) {
        a += p->a_step;
        b += p->b_step;
        acc += a * b;
    }
    result64 = acc;
    return 0;
}

/* Step i (1..64): a = i*A, b = i*B, so acc = A*B * (1^2 + ... + 64^2) mod 2^64.
 * A*B = (2^32 + 1)(2 * 2^32 + 3) = 2 * 2^64 + 5 * 2^32 + 3 = 5 * 2^32 + 3
 * (mod 2^64); sum of squares = 64 * 65 * 129 / 6 = 89440;
 * acc = 447200 * 2^32 + 268320 = 0x0006D2E0_00041820. */
static int mul64_check(const bench_case_t *c)
{
    (void)c;
    return result64 == 0x0006D2E000041820u ? 0 : 1;
}

BENCH_CASE(case_mul64, "selftest/mul64/64", "", "iterations=64",
           NULL, mul64_run, mul64_check, &mul64_params);

/* ---- switch: an 8-way switch in a loop (jump table) ---------------------- */

/* GCC 12 -O2: M0+ loads the target from a table of addresses (ldr; mov pc),
 * M33 uses TBB; case 7 is the range check's fall-out (bhi). */
static const uint32_t switch_n = 64;

static int switch_run(const bench_case_t *c)
{
    const uint32_t n = *(const uint32_t *)c->arg;
    uint32_t acc = 0;

    for (uint32_t i = 0; i < n; i++) {
        switch (i & 7u) {
        case 0:
            acc += i;
            break;
        case 1:
            acc += 2u * i;
            break;
        case 2:
            acc += 3u * i;
            break;
        case 3:
            acc -= i;
            break;
        case 4:
            acc += i ^ 0xFFu;
            break;
        case 5:
            acc += i >> 1;
            break;
        case 6:
            acc += i & 0x0Fu;
            break;
        default:
            acc += i * i;
            break;
        }
    }
    result32 = acc;
    return 0;
}

/* i = 8j + k, j = 0..7; the i of one k sum to 8 * 28 + 8k = 224 + 8k.
 *   k=0  +i          224
 *   k=1  +2i         2 * 232            =   464
 *   k=2  +3i         3 * 240            =   720
 *   k=3  -i          -248
 *   k=4  +(i ^ 255)  = 255 - i: 8 * 255 - 256   =  1784
 *   k=5  +(i >> 1)   = 4j + 2: 4 * 28 + 8 * 2   =   128
 *   k=6  +(i & 15)   = 6 (j even), 14 (j odd): 4 * 6 + 4 * 14 = 80
 *   k=7  +i*i        = sum (8j+7)^2 = 64*140 + 112*28 + 8*49 = 12488
 * total 224 + 464 + 720 - 248 + 1784 + 128 + 80 + 12488 = 15640. */
static int switch_check(const bench_case_t *c)
{
    (void)c;
    return result32 == 15640u ? 0 : 1;
}

BENCH_CASE(case_switch, "selftest/switch/64", "", "iterations=64",
           NULL, switch_run, switch_check, &switch_n);
