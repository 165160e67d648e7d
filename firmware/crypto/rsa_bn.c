/* SPDX-License-Identifier: MIT */
/*
 * rsa_bn.c - multi-precision Montgomery arithmetic for RSA (see rsa_bn.h).
 *
 * Montgomery multiplication: P. L. Montgomery, "Modular multiplication
 * without trial division", Math. Comp. 44 (1985); loop structures (CIOS and
 * separated operand scanning) from Koc, Acar and Kaliski, IEEE Micro 16(3),
 * 1996.  Every routine that sees secret values has a fixed sequence of
 * instructions and memory addresses; conditional results are chosen with
 * all-ones/all-zeros masks.
 */
#include "rsa_bn.h"

#include <string.h>

/* ARMv6-M (Cortex-M0+) has only the 32x32->32 MULS: there the 64-bit
 * product is assembled from four 16x16-bit products, with the multiplier
 * split once per row, and carries kept in 32-bit words (gcc handles 64-bit
 * values poorly on Thumb-1).  Other targets use a plain 64-bit product,
 * which gcc maps to UMULL/UMLAL.  The host tests force the half-word path
 * to check it natively. */
#ifndef RSA_BN_MUL_HALVES
#if defined(__ARM_ARCH_6M__)
#define RSA_BN_MUL_HALVES 1
#else
#define RSA_BN_MUL_HALVES 0
#endif
#endif

#if defined(__GNUC__)
#define BN_INLINE static inline __attribute__((always_inline))
#else
#define BN_INLINE static inline
#endif

#if RSA_BN_MUL_HALVES
typedef struct {
    uint32_t lo, hi;
} multiplier; /* 16-bit halves of a limb */

BN_INLINE multiplier split(uint32_t b)
{
    const multiplier m = {b & 0xffffu, b >> 16};
    return m;
}

/* *t += a*b + carry; returns the new carry limb.  The result fits in 64
 * bits since (2^32-1)^2 + 2*(2^32-1) = 2^64 - 1. */
BN_INLINE uint32_t mac(uint32_t *t, uint32_t a, multiplier b, uint32_t carry)
{
    const uint32_t al = a & 0xffffu, ah = a >> 16;
    uint32_t lo = al * b.lo, hi = ah * b.hi, mid = al * b.hi, x = ah * b.lo;

    mid += x;
    hi += (uint32_t)(mid < x) << 16;
    x = mid << 16;
    lo += x;
    hi += (mid >> 16) + (lo < x);
    x = *t;
    lo += x;
    hi += lo < x;
    lo += carry;
    hi += lo < carry;
    *t = lo;
    return hi;
}
#else
typedef uint32_t multiplier;

BN_INLINE multiplier split(uint32_t b)
{
    return b;
}

/* *t += a*b + carry; returns the new carry limb (the sum fits in 64 bits). */
BN_INLINE uint32_t mac(uint32_t *t, uint32_t a, multiplier b, uint32_t carry)
{
    const uint64_t p = (uint64_t)a * b + *t + carry;

    *t = (uint32_t)p;
    return (uint32_t)(p >> 32);
}
#endif

/* 1 if x != 0, else 0, without a branch. */
BN_INLINE uint32_t nonzero32(uint32_t x)
{
    return (x | (0u - x)) >> 31;
}

/* t[0..len) += a[0..len) * b; returns the carry out.  The hot loop of the
 * fast variant, unrolled four times. */
static uint32_t mac_row(uint32_t *t, const uint32_t *a, size_t len, uint32_t b)
{
    const multiplier bm = split(b);
    uint32_t carry = 0;
    size_t j = 0;

    for (; j + 4 <= len; j += 4) {
        carry = mac(&t[j], a[j], bm, carry);
        carry = mac(&t[j + 1], a[j + 1], bm, carry);
        carry = mac(&t[j + 2], a[j + 2], bm, carry);
        carry = mac(&t[j + 3], a[j + 3], bm, carry);
    }
    for (; j < len; j++)
        carry = mac(&t[j], a[j], bm, carry);
    return carry;
}

/* r = t + top*2^(32k) reduced once by n, for t + top*2^(32k) < 2n: the
 * subtraction is always computed and the result chosen by mask.  r must not
 * overlap t. */
static void final_sub(const rsa_bn_mont *m, uint32_t *r, const uint32_t *t, uint32_t top)
{
    const size_t k = m->limbs;
    uint32_t borrow = 0, keep;
    size_t j;

    for (j = 0; j < k; j++) {
        const uint64_t d = (uint64_t)t[j] - m->n[j] - borrow;
        r[j] = (uint32_t)d;
        borrow = (uint32_t)(d >> 32) & 1u;
    }
    /* t < n exactly when the subtraction borrowed and no top bit absorbed it. */
    keep = 0u - (borrow & (top ^ 1u));
    for (j = 0; j < k; j++)
        r[j] = (r[j] & ~keep) | (t[j] & keep);
}

/* r = wide/R mod n for wide[0..2k) < n*R (destroyed): one row of q*n per limb
 * clears the low half; the carry of each row lands one limb above the row
 * and the bit overflowing that limb is deferred to the next row. */
static void redc_wide(const rsa_bn_mont *m, uint32_t *r)
{
    const size_t k = m->limbs;
    uint32_t *t = m->wide;
    uint32_t top = 0;
    size_t i;

    for (i = 0; i < k; i++) {
        const uint32_t q = t[i] * m->n0inv;
        const uint64_t s = (uint64_t)t[i + k] + mac_row(&t[i], m->n, k, q) + top;
        t[i + k] = (uint32_t)s;
        top = (uint32_t)(s >> 32);
    }
    final_sub(m, r, &t[k], top);
}

/* Small variant: CIOS with the multiply and reduce passes merged, the
 * running value t (k limbs + top bit, kept below 2n) shifted down one limb
 * per step as it is written. */
static void mont_mul_cios(const rsa_bn_mont *m, uint32_t *r, const uint32_t *a, const uint32_t *b)
{
    const size_t k = m->limbs;
    const uint32_t *n = m->n;
    uint32_t *t = m->wide;
    uint32_t top = 0;
    size_t i, j;

    memset(t, 0, k * sizeof *t);
    for (i = 0; i < k; i++) {
        const multiplier bi = split(b[i]);
        uint32_t u = t[0];
        uint32_t c_mul = mac(&u, a[0], bi, 0);
        const multiplier q = split(u * m->n0inv); /* makes u + q*n[0] = 0 mod 2^32 */
        uint32_t c_red = mac(&u, n[0], q, 0);
        uint64_t s;

        for (j = 1; j < k; j++) {
            u = t[j];
            c_mul = mac(&u, a[j], bi, c_mul);
            c_red = mac(&u, n[j], q, c_red);
            t[j - 1] = u;
        }
        s = (uint64_t)top + c_mul + c_red;
        t[k - 1] = (uint32_t)s;
        top = (uint32_t)(s >> 32);
    }
    final_sub(m, r, t, top);
}

/* Fast variant, square: cross products a[i]*a[j] (i < j) once, doubled by a
 * one-bit shift merged with the addition of the squares a[i]^2, then
 * reduced. */
static void mont_sqr_fast(const rsa_bn_mont *m, uint32_t *r, const uint32_t *a)
{
    const size_t k = m->limbs;
    uint32_t *t = m->wide;
    uint32_t carry = 0, shifted_out = 0;
    size_t i;

    /* Row i adds into t[2i+1 .. i+k-1] and sets t[i+k]; the limbs below k
     * and t[2k-1] are never set by a row. */
    memset(t, 0, k * sizeof *t);
    t[2 * k - 1] = 0;
    for (i = 0; i + 1 < k; i++)
        t[i + k] = mac_row(&t[2 * i + 1], &a[i + 1], k - i - 1, a[i]);

    for (i = 0; i < k; i++) {
        const uint32_t lo = t[2 * i], hi = t[2 * i + 1];
        uint32_t s_lo = (lo << 1) | shifted_out;
        const uint32_t a_sq_hi = mac(&s_lo, a[i], split(a[i]), carry);
        const uint64_t s_hi = (uint64_t)((hi << 1) | (lo >> 31)) + a_sq_hi;
        t[2 * i] = s_lo;
        t[2 * i + 1] = (uint32_t)s_hi;
        carry = (uint32_t)(s_hi >> 32);
        shifted_out = hi >> 31;
    }
    redc_wide(m, r);
}

void rsa_bn_mont_mul(const rsa_bn_mont *m, uint32_t *r, const uint32_t *a, const uint32_t *b)
{
    if (m->arith == RSA_BN_FAST) {
        rsa_bn_mul_add(m->wide, a, b, NULL, m->limbs);
        redc_wide(m, r);
    } else {
        mont_mul_cios(m, r, a, b);
    }
}

void rsa_bn_mont_sqr(const rsa_bn_mont *m, uint32_t *r, const uint32_t *a)
{
    if (m->arith == RSA_BN_FAST)
        mont_sqr_fast(m, r, a);
    else
        mont_mul_cios(m, r, a, a);
}

void rsa_bn_mont_reduce(const rsa_bn_mont *m, uint32_t *r, const uint32_t *a, size_t a_limbs)
{
    memcpy(m->wide, a, a_limbs * sizeof *a);
    memset(&m->wide[a_limbs], 0, (2 * m->limbs - a_limbs) * sizeof *a);
    redc_wide(m, r);
}

void rsa_bn_mod_sub(const rsa_bn_mont *m, uint32_t *r, const uint32_t *a, const uint32_t *b)
{
    const size_t k = m->limbs;
    uint32_t borrow = 0, carry = 0, mask;
    size_t j;

    for (j = 0; j < k; j++) {
        const uint64_t d = (uint64_t)a[j] - b[j] - borrow;
        r[j] = (uint32_t)d;
        borrow = (uint32_t)(d >> 32) & 1u;
    }
    mask = 0u - borrow; /* a < b: add n back */
    for (j = 0; j < k; j++) {
        const uint64_t s = (uint64_t)r[j] + (m->n[j] & mask) + carry;
        r[j] = (uint32_t)s;
        carry = (uint32_t)(s >> 32);
    }
}

/* x = 2x mod n for x < n. */
static void mod_double(const rsa_bn_mont *m, uint32_t *x)
{
    uint32_t *t = m->wide;
    uint32_t shifted_out = 0;
    size_t j;

    for (j = 0; j < m->limbs; j++) {
        t[j] = (x[j] << 1) | shifted_out;
        shifted_out = x[j] >> 31;
    }
    final_sub(m, x, t, shifted_out);
}

void rsa_bn_mont_init(rsa_bn_mont *m, const uint32_t *n, size_t limbs, rsa_bn_arith arith,
                      uint32_t *rr, uint32_t *wide)
{
    const size_t bits = rsa_bn_bit_length(n, limbs);
    uint32_t inv = n[0]; /* x*x = 1 mod 8 for odd x: an inverse to 3 bits */
    size_t i;

    m->n = n;
    m->rr = rr;
    m->wide = wide;
    m->limbs = limbs;
    m->arith = arith;
    for (i = 0; i < 4; i++) /* Newton step, doubling the correct bits: 3 -> 48 */
        inv *= 2u - n[0] * inv;
    m->n0inv = 0u - inv;

    /* R^2 mod n: 2^(bits-1) < n doubled up to 2^(32k) = R, then k more times
     * to 2^k*R, the Montgomery form of 2^k; five Montgomery squarings raise
     * it to (2^k)^32 = R, whose Montgomery form is R^2. */
    memset(rr, 0, limbs * sizeof *rr);
    rr[(bits - 1) / 32] = 1u << ((bits - 1) % 32);
    for (i = 32 * limbs - bits + 1 + limbs; i > 0; i--)
        mod_double(m, rr);
    for (i = 0; i < 5; i++)
        rsa_bn_mont_sqr(m, rr, rr);
}

/* Bits e[pos .. pos+count) of the big-endian exponent, bit 0 being the least
 * significant; the position is public, only the value is secret. */
static uint32_t exp_bits(const uint8_t *e, size_t e_len, size_t pos, unsigned count)
{
    uint32_t v = 0;

    while (count-- > 0) {
        const size_t bit = pos + count;
        v = (v << 1) | ((e[e_len - 1 - bit / 8] >> (bit % 8)) & 1u);
    }
    return v;
}

/* out = table[idx], reading every entry so the address trace is the same
 * for every idx. */
static void table_select(uint32_t *out, const uint32_t *table, size_t entries, size_t k,
                         uint32_t idx)
{
    size_t i, j;

    memset(out, 0, k * sizeof *out);
    for (i = 0; i < entries; i++) {
        const uint32_t mask = nonzero32((uint32_t)i ^ idx) - 1u;
        for (j = 0; j < k; j++)
            out[j] |= table[i * k + j] & mask;
    }
}

void rsa_bn_mont_exp(const rsa_bn_mont *m, uint32_t *r, uint32_t *table, const uint8_t *e,
                     size_t e_len, unsigned window, uint32_t *sel)
{
    const size_t k = m->limbs, entries = (size_t)1 << window;
    size_t i, pos = 8 * e_len;
    unsigned first = (unsigned)(pos % window);

    for (i = 2; i < entries; i++) {
        if (i & 1)
            rsa_bn_mont_mul(m, &table[i * k], &table[(i - 1) * k], &table[k]);
        else
            rsa_bn_mont_sqr(m, &table[i * k], &table[(i / 2) * k]);
    }

    /* The top window takes the bits left over, so every later window is full. */
    if (first == 0)
        first = window;
    pos -= first;
    table_select(r, table, entries, k, exp_bits(e, e_len, pos, first));
    while (pos > 0) {
        pos -= window;
        for (i = 0; i < window; i++)
            rsa_bn_mont_sqr(m, r, r);
        table_select(sel, table, entries, k, exp_bits(e, e_len, pos, window));
        rsa_bn_mont_mul(m, r, r, sel);
    }
}

void rsa_bn_mont_exp_public(const rsa_bn_mont *m, uint32_t *r, const uint32_t *a, uint32_t e)
{
    int bit = 31;

    while (!((e >> bit) & 1u))
        bit--;
    memcpy(r, a, m->limbs * sizeof *r);
    while (bit-- > 0) {
        rsa_bn_mont_sqr(m, r, r);
        if ((e >> bit) & 1u)
            rsa_bn_mont_mul(m, r, r, a);
    }
}

void rsa_bn_mul_add(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *c,
                    size_t limbs)
{
    size_t i;

    if (c != NULL)
        memcpy(r, c, limbs * sizeof *r);
    else
        memset(r, 0, limbs * sizeof *r);
    /* Row i adds into r[i .. i+limbs-1], all set by now, and sets r[i+limbs]. */
    for (i = 0; i < limbs; i++)
        r[i + limbs] = mac_row(&r[i], a, limbs, b[i]);
}

void rsa_bn_from_bytes(uint32_t *r, size_t limbs, const uint8_t *in, size_t len)
{
    size_t i;

    memset(r, 0, limbs * sizeof *r);
    for (i = 0; i < len; i++)
        r[i / 4] |= (uint32_t)in[len - 1 - i] << (8 * (i % 4));
}

void rsa_bn_to_bytes(uint8_t *out, size_t len, const uint32_t *a, size_t limbs)
{
    size_t i;

    for (i = 0; i < len; i++)
        out[len - 1 - i] = (i / 4 < limbs) ? (uint8_t)(a[i / 4] >> (8 * (i % 4))) : 0;
}

size_t rsa_bn_bit_length(const uint32_t *a, size_t limbs)
{
    uint32_t bits = 0;
    size_t i;

    for (i = 0; i < limbs; i++) {
        /* Bit length of a[i] by a masked binary search. */
        uint32_t x = a[i], len = 0, s;
        for (s = 16; s > 0; s >>= 1) {
            const uint32_t above = 0u - nonzero32(x >> s);
            len += s & above;
            x = ((x >> s) & above) | (x & ~above);
        }
        len += x; /* x is now 0 or 1 */
        {
            const uint32_t is_set = 0u - nonzero32(a[i]); /* the highest such limb wins */
            bits = (bits & ~is_set) | (((uint32_t)(32 * i) + len) & is_set);
        }
    }
    return bits;
}

int rsa_bn_less_than(const uint32_t *a, const uint32_t *b, size_t limbs)
{
    while (limbs-- > 0) {
        if (a[limbs] != b[limbs])
            return a[limbs] < b[limbs];
    }
    return 0;
}
