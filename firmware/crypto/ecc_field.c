/* SPDX-License-Identifier: MIT */
/*
 * ecc_field.c - multi-precision and modular arithmetic on 32-bit limbs for
 * the ECDSA code: generic Montgomery multiplication (any odd modulus; the
 * "small" variant and every scalar operation) and schoolbook products with
 * the NIST fast reductions of p256 and p384 (the "fast" variant).
 *
 * Every function runs in time independent of the operand values: loops have
 * fixed counts and carries and selections are computed arithmetically.
 */
#include "ecc_p256p384.h"

#include <string.h>

/*
 * The Cortex-M0+ has only MULS (32x32->32); gcc would call __aeabi_lmul for a
 * 64-bit product, whose libgcc version branches on its operands.  There the
 * product is built from four 16x16 products with branch-free carries.  Other
 * targets (Cortex-M33 UMULL/UMLAL, the host) use the native widening product.
 * The host tests define ECC_NO_WIDE_MUL to exercise the 16-bit path too.
 */
#if defined(__ARM_ARCH_6M__) && !defined(ECC_NO_WIDE_MUL)
#define ECC_NO_WIDE_MUL 1
#endif

/* Returns the high word of a*b + c + d and stores the low word in *lo
 * (the sum fits in 64 bits: (2^32-1)^2 + 2(2^32-1) = 2^64-1). */
static inline __attribute__((always_inline)) uint32_t mla(uint32_t *lo, uint32_t a, uint32_t b,
                                                          uint32_t c, uint32_t d)
{
#if defined(ECC_NO_WIDE_MUL)
    uint32_t al = a & 0xFFFFu, ah = a >> 16, bl = b & 0xFFFFu, bh = b >> 16;
    uint32_t l = al * bl, h = ah * bh, m1 = al * bh, m2 = ah * bl, t;

    /* gcc compiles (t < l) to CMP + SBCS: no branch */
    t = l + (m1 << 16);
    h += (m1 >> 16) + (t < l);
    l = t;
    t = l + (m2 << 16);
    h += (m2 >> 16) + (t < l);
    l = t;
    t = l + c;
    h += (t < l);
    l = t;
    t = l + d;
    h += (t < l);
    *lo = t;
    return h;
#else
    uint64_t x = (uint64_t)a * b + c + d;

    *lo = (uint32_t)x;
    return (uint32_t)(x >> 32);
#endif
}

/* ------------------------------------------------------------------ */
/* Multi-precision helpers                                              */
/* ------------------------------------------------------------------ */

uint32_t ecc_bn_add(uint32_t *r, const uint32_t *a, const uint32_t *b, uint32_t len)
{
    uint32_t carry = 0, i;

    for (i = 0; i < len; i++) {
        uint64_t s = (uint64_t)a[i] + b[i] + carry;
        r[i] = (uint32_t)s;
        carry = (uint32_t)(s >> 32);
    }
    return carry;
}

uint32_t ecc_bn_sub(uint32_t *r, const uint32_t *a, const uint32_t *b, uint32_t len)
{
    uint32_t borrow = 0, i;

    for (i = 0; i < len; i++) {
        uint64_t d = (uint64_t)a[i] - b[i] - borrow;
        r[i] = (uint32_t)d;
        borrow = (uint32_t)(d >> 32) & 1u;
    }
    return borrow;
}

uint32_t ecc_bn_is_zero(const uint32_t *a, uint32_t len)
{
    uint32_t acc = 0, i;

    for (i = 0; i < len; i++)
        acc |= a[i];
    /* acc | -acc has its top bit set iff acc != 0 */
    return ((acc | (0u - acc)) >> 31) ^ 1u;
}

uint32_t ecc_bn_less(const uint32_t *a, const uint32_t *b, uint32_t len)
{
    uint32_t borrow = 0, i;

    for (i = 0; i < len; i++) {
        uint64_t d = (uint64_t)a[i] - b[i] - borrow;
        borrow = (uint32_t)(d >> 32) & 1u;
    }
    return borrow;
}

void ecc_bn_select(uint32_t *r, const uint32_t *a, const uint32_t *b, uint32_t mask, uint32_t len)
{
    uint32_t i;

    for (i = 0; i < len; i++)
        r[i] = (a[i] & mask) | (b[i] & ~mask);
}

void ecc_bn_from_bytes(uint32_t *r, const uint8_t *in, uint32_t bytes)
{
    uint32_t i;

    for (i = 0; i < bytes / 4u; i++) {
        const uint8_t *p = in + bytes - 4u * (i + 1u);
        r[i] = ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
    }
}

void ecc_bn_to_bytes(uint8_t *out, const uint32_t *a, uint32_t bytes)
{
    uint32_t i;

    for (i = 0; i < bytes / 4u; i++) {
        uint8_t *p = out + bytes - 4u * (i + 1u);
        p[0] = (uint8_t)(a[i] >> 24);
        p[1] = (uint8_t)(a[i] >> 16);
        p[2] = (uint8_t)(a[i] >> 8);
        p[3] = (uint8_t)a[i];
    }
}

/* ------------------------------------------------------------------ */
/* Modular addition, subtraction, representation changes                */
/* ------------------------------------------------------------------ */

void ecc_fe_add(const ecc_field *f, uint32_t *r, const uint32_t *a, const uint32_t *b)
{
    uint32_t t[ECC_MAX_LIMBS];
    uint32_t carry = ecc_bn_add(r, a, b, f->len);
    uint32_t borrow = ecc_bn_sub(t, r, f->m, f->len);

    /* a + b < 2m: keep a + b - m unless it borrowed without a carry out */
    ecc_bn_select(r, r, t, 0u - (borrow & (carry ^ 1u)), f->len);
}

void ecc_fe_sub(const ecc_field *f, uint32_t *r, const uint32_t *a, const uint32_t *b)
{
    uint32_t t[ECC_MAX_LIMBS], i;
    uint32_t mask = 0u - ecc_bn_sub(r, a, b, f->len);

    for (i = 0; i < f->len; i++)
        t[i] = f->m[i] & mask;
    ecc_bn_add(r, r, t, f->len);
}

const uint32_t ecc_one[ECC_MAX_LIMBS] = {1u};

void ecc_fe_to(const ecc_field *f, uint32_t *r, const uint32_t *a)
{
    if (f->rr != NULL)
        f->mul(f, r, a, f->rr);
    else if (r != a)
        memcpy(r, a, f->len * 4u);
}

void ecc_fe_from(const ecc_field *f, uint32_t *r, const uint32_t *a)
{
    if (f->rr != NULL)
        f->mul(f, r, a, ecc_one); /* a*R * 1 * R^-1 */
    else if (r != a)
        memcpy(r, a, f->len * 4u);
}

/* Bit i of the public exponent m - 2 (m[0] >= 2 for every modulus here, so
 * only the lowest limb changes). */
static uint32_t exponent_bit(const ecc_field *f, uint32_t i)
{
    uint32_t limb = f->m[i / 32u];

    if (i < 32u)
        limb -= 2u;
    return (limb >> (i % 32u)) & 1u;
}

/* a^(m-2) = a^-1 (Fermat), left-to-right sliding window of 4 bits.  The
 * sequence of operations depends only on the public exponent. */
void ecc_fe_inv(const ecc_field *f, uint32_t *r, const uint32_t *a)
{
    uint32_t odd_pow[8][ECC_MAX_LIMBS]; /* a, a^3, ..., a^15 */
    uint32_t acc[ECC_MAX_LIMBS];
    uint32_t len = f->len, k;
    int i = (int)(32u * len) - 1;
    int started = 0;

    memcpy(odd_pow[0], a, len * 4u);
    f->sqr(f, acc, a);
    for (k = 1; k < 8u; k++)
        f->mul(f, odd_pow[k], odd_pow[k - 1u], acc);

    while (i >= 0) {
        uint32_t width, win = 0;

        if (!exponent_bit(f, (uint32_t)i)) {
            if (started)
                f->sqr(f, acc, acc);
            i--;
            continue;
        }
        /* the longest window of at most 4 bits starting at bit i and ending in a 1 */
        width = (i >= 3) ? 4u : (uint32_t)i + 1u;
        while (!exponent_bit(f, (uint32_t)i + 1u - width))
            width--;
        for (k = 0; k < width; k++)
            win = (win << 1) | exponent_bit(f, (uint32_t)i - k);
        if (started) {
            for (k = 0; k < width; k++)
                f->sqr(f, acc, acc);
            f->mul(f, acc, acc, odd_pow[win >> 1]);
        } else {
            memcpy(acc, odd_pow[win >> 1], len * 4u);
            started = 1;
        }
        i -= (int)width;
    }
    memcpy(r, acc, len * 4u);
}

/* ------------------------------------------------------------------ */
/* Montgomery multiplication ("small" variant and scalars)              */
/* ------------------------------------------------------------------ */

/* r = a*b*R^-1 mod m for a < R, b < m (Montgomery, "Modular multiplication
 * without trial division", Math. Comp. 44, 1985), interleaving each row of
 * the product with its reduction step (coarsely integrated operand scanning).
 * r may alias a or b. */
void ecc_mont_mul(const ecc_field *f, uint32_t *r, const uint32_t *a, const uint32_t *b)
{
    const uint32_t *m = f->m;
    uint32_t len = f->len, i, j;
    uint32_t t[ECC_MAX_LIMBS];
    uint32_t top = 0; /* limb len of the accumulator: t < 2m keeps it 0 or 1 */

    memset(t, 0, sizeof t);
    for (i = 0; i < len; i++) {
        uint32_t bi = b[i], x, q, c1, c2;
        uint64_t s;

        c1 = mla(&x, a[0], bi, t[0], 0);
        q = x * f->m0inv; /* makes the lowest limb of t + a*bi + q*m zero */
        c2 = mla(&x, q, m[0], x, 0);
        for (j = 1; j < len; j++) {
            c1 = mla(&x, a[j], bi, t[j], c1);
            c2 = mla(&t[j - 1u], q, m[j], x, c2);
        }
        s = (uint64_t)top + c1 + c2;
        t[len - 1u] = (uint32_t)s;
        top = (uint32_t)(s >> 32);
    }
    /* t < 2m: subtract m unless that borrows from a zero top limb */
    {
        uint32_t borrow = ecc_bn_sub(r, t, m, len);
        ecc_bn_select(r, t, r, 0u - (borrow & (top ^ 1u)), len);
    }
}

/* The compact variant squares with the multiplication. */
void ecc_mont_sqr(const ecc_field *f, uint32_t *r, const uint32_t *a)
{
    ecc_mont_mul(f, r, a, a);
}

/* ------------------------------------------------------------------ */
/* Schoolbook products and NIST reductions ("fast" variant)             */
/* ------------------------------------------------------------------ */

/* t[0..2len) = a*b, operand scanning (one multiply-accumulate per limb pair,
 * UMLAL on the Cortex-M33). */
static void bn_mul(uint32_t *t, const uint32_t *a, const uint32_t *b, uint32_t len)
{
    uint32_t i, j;

    memset(t, 0, len * 4u);
    for (i = 0; i < len; i++) {
        uint32_t c = 0;
        for (j = 0; j < len; j++)
            c = mla(&t[i + j], a[j], b[i], t[i + j], c);
        t[i + len] = c;
    }
}

/* t[0..2len) = a^2: the cross products once, doubled, plus the squares. */
static void bn_sqr(uint32_t *t, const uint32_t *a, uint32_t len)
{
    uint32_t i, j, carry;

    memset(t, 0, 2u * len * 4u);
    for (i = 0; i + 1u < len; i++) {
        uint32_t c = 0;
        for (j = i + 1u; j < len; j++)
            c = mla(&t[i + j], a[j], a[i], t[i + j], c);
        t[i + len] = c;
    }
    carry = 0;
    for (i = 0; i < 2u * len; i++) {
        uint32_t v = t[i];
        t[i] = (v << 1) | carry;
        carry = v >> 31;
    }
    carry = 0;
    for (i = 0; i < len; i++) {
        uint32_t hi = mla(&t[2u * i], a[i], a[i], t[2u * i], carry);
        uint64_t s = (uint64_t)t[2u * i + 1u] + hi;
        t[2u * i + 1u] = (uint32_t)s;
        carry = (uint32_t)(s >> 32);
    }
}

/*
 * Final step of both reductions: v = top*2^(32len) + w lies in (-m, 2m) and
 * is brought to [0, m) by adding m if negative, then subtracting m if the
 * result is at least m.  top is -1, 0 or 1.
 */
static void reduce_final(uint32_t *r, uint32_t *w, int32_t top, const uint32_t *m, uint32_t len)
{
    uint32_t t[ECC_MAX_LIMBS], i;
    uint32_t neg = (uint32_t)top >> 31;
    uint32_t hi, borrow;

    for (i = 0; i < len; i++)
        t[i] = m[i] & (0u - neg);
    hi = (uint32_t)top + ecc_bn_add(w, w, t, len); /* now 0 or 1 */
    borrow = ecc_bn_sub(t, w, m, len);
    ecc_bn_select(r, w, t, 0u - (borrow & (hi ^ 1u)), len);
}

/*
 * Signed column sums below rely on >> of a negative int64_t being an
 * arithmetic shift (implementation-defined in C99 6.5.7; gcc and clang
 * define it so).
 */
#define COLUMN(k, expr)                                                        \
    do {                                                                       \
        acc += (expr);                                                         \
        w[k] = (uint32_t)acc;                                                  \
        acc >>= 32;                                                            \
    } while (0)

/*
 * p256 = 2^256 - 2^224 + 2^192 + 2^96 - 1.  FIPS 186-4 Appendix D.2, curve
 * P-256 ("fast reduction"): with the product's 32-bit words c15..c0,
 *   r = s1 + 2 s2 + 2 s3 + s4 + s5 - s6 - s7 - s8 - s9  (mod p256)
 * where s1 = (c7,c6,c5,c4,c3,c2,c1,c0), s2 = (c15,c14,c13,c12,c11,0,0,0),
 * s3 = (0,c15,c14,c13,c12,0,0,0), s4 = (c15,c14,0,0,0,c10,c9,c8),
 * s5 = (c8,c13,c15,c14,c13,c11,c10,c9), s6 = (c10,c8,0,0,0,c13,c12,c11),
 * s7 = (c11,c9,0,0,c15,c14,c13,c12), s8 = (c12,0,c10,c9,c8,c15,c14,c13),
 * s9 = (c13,0,c11,c10,c9,0,c15,c14).  Summed per word below; the sum lies
 * in (-4*2^256, 7*2^256), its carry is folded with 2^256 = 2^224 - 2^192 -
 * 2^96 + 1 (mod p256).
 */
void ecc_p256_reduce(uint32_t *r, const uint32_t *t)
{
    const int64_t c0 = t[0], c1 = t[1], c2 = t[2], c3 = t[3], c4 = t[4], c5 = t[5], c6 = t[6],
                  c7 = t[7], c8 = t[8], c9 = t[9], c10 = t[10], c11 = t[11], c12 = t[12],
                  c13 = t[13], c14 = t[14], c15 = t[15];
    uint32_t w[8];
    int64_t acc = 0;
    int32_t top;

    COLUMN(0, c0 + c8 + c9 - c11 - c12 - c13 - c14);
    COLUMN(1, c1 + c9 + c10 - c12 - c13 - c14 - c15);
    COLUMN(2, c2 + c10 + c11 - c13 - c14 - c15);
    COLUMN(3, c3 + 2 * c11 + 2 * c12 + c13 - c15 - c8 - c9);
    COLUMN(4, c4 + 2 * c12 + 2 * c13 + c14 - c9 - c10);
    COLUMN(5, c5 + 2 * c13 + 2 * c14 + c15 - c10 - c11);
    COLUMN(6, c6 + 3 * c14 + 2 * c15 + c13 - c8 - c9);
    COLUMN(7, c7 + 3 * c15 + c8 - c10 - c11 - c12 - c13);
    top = (int32_t)acc;

    /* fold top*2^256; the result lies in (-p, 2p) */
    acc = 0;
    COLUMN(0, (int64_t)w[0] + top);
    COLUMN(1, (int64_t)w[1]);
    COLUMN(2, (int64_t)w[2]);
    COLUMN(3, (int64_t)w[3] - top);
    COLUMN(4, (int64_t)w[4]);
    COLUMN(5, (int64_t)w[5]);
    COLUMN(6, (int64_t)w[6] - top);
    COLUMN(7, (int64_t)w[7] + top);
    reduce_final(r, w, (int32_t)acc, ecc_p256_p, 8u);
}

/*
 * p384 = 2^384 - 2^128 - 2^96 + 2^32 - 1.  FIPS 186-4 Appendix D.2, curve
 * P-384: with the product's words c23..c0,
 *   r = s1 + 2 s2 + s3 + s4 + s5 + s6 + s7 - s8 - s9 - s10  (mod p384)
 * where s1 = (c11,...,c0), s2 = (0,0,0,0,0,c23,c22,c21,0,0,0,0),
 * s3 = (c23,...,c12), s4 = (c20,c19,...,c12,c23,c22,c21),
 * s5 = (c19,...,c12,c20,0,c23,0), s6 = (0,0,0,0,c23,c22,c21,c20,0,0,0,0),
 * s7 = (0,0,0,0,0,0,c23,c22,c21,0,0,c20), s8 = (c22,...,c12,c23),
 * s9 = (0,0,0,0,0,0,0,c23,c22,c21,c20,0), s10 = (0,0,0,0,0,0,0,c23,c23,0,0,0).
 * The sum lies in (-3*2^384, 9*2^384); its carry is folded with
 * 2^384 = 2^128 + 2^96 - 2^32 + 1 (mod p384).
 */
void ecc_p384_reduce(uint32_t *r, const uint32_t *t)
{
    const int64_t c0 = t[0], c1 = t[1], c2 = t[2], c3 = t[3], c4 = t[4], c5 = t[5], c6 = t[6],
                  c7 = t[7], c8 = t[8], c9 = t[9], c10 = t[10], c11 = t[11], c12 = t[12],
                  c13 = t[13], c14 = t[14], c15 = t[15], c16 = t[16], c17 = t[17],
                  c18 = t[18], c19 = t[19], c20 = t[20], c21 = t[21], c22 = t[22],
                  c23 = t[23];
    uint32_t w[12];
    int64_t acc = 0;
    int32_t top;

    COLUMN(0, c0 + c12 + c21 + c20 - c23);
    COLUMN(1, c1 + c13 + c22 + c23 - c12 - c20);
    COLUMN(2, c2 + c14 + c23 - c13 - c21);
    COLUMN(3, c3 + c15 + c12 + c20 + c21 - c14 - c22 - c23);
    COLUMN(4, c4 + 2 * c21 + c16 + c13 + c12 + c20 + c22 - c15 - 2 * c23);
    COLUMN(5, c5 + 2 * c22 + c17 + c14 + c13 + c21 + c23 - c16);
    COLUMN(6, c6 + 2 * c23 + c18 + c15 + c14 + c22 - c17);
    COLUMN(7, c7 + c19 + c16 + c15 + c23 - c18);
    COLUMN(8, c8 + c20 + c17 + c16 - c19);
    COLUMN(9, c9 + c21 + c18 + c17 - c20);
    COLUMN(10, c10 + c22 + c19 + c18 - c21);
    COLUMN(11, c11 + c23 + c20 + c19 - c22);
    top = (int32_t)acc;

    /* fold top*2^384; the result lies in (-p, 2p) */
    acc = 0;
    COLUMN(0, (int64_t)w[0] + top);
    COLUMN(1, (int64_t)w[1] - top);
    COLUMN(2, (int64_t)w[2]);
    COLUMN(3, (int64_t)w[3] + top);
    COLUMN(4, (int64_t)w[4] + top);
    COLUMN(5, (int64_t)w[5]);
    COLUMN(6, (int64_t)w[6]);
    COLUMN(7, (int64_t)w[7]);
    COLUMN(8, (int64_t)w[8]);
    COLUMN(9, (int64_t)w[9]);
    COLUMN(10, (int64_t)w[10]);
    COLUMN(11, (int64_t)w[11]);
    reduce_final(r, w, (int32_t)acc, ecc_p384_p, 12u);
}

#undef COLUMN

void ecc_p256_fast_mul(const ecc_field *f, uint32_t *r, const uint32_t *a, const uint32_t *b)
{
    uint32_t t[16];

    (void)f;
    bn_mul(t, a, b, 8u);
    ecc_p256_reduce(r, t);
}

void ecc_p256_fast_sqr(const ecc_field *f, uint32_t *r, const uint32_t *a)
{
    uint32_t t[16];

    (void)f;
    bn_sqr(t, a, 8u);
    ecc_p256_reduce(r, t);
}

void ecc_p384_fast_mul(const ecc_field *f, uint32_t *r, const uint32_t *a, const uint32_t *b)
{
    uint32_t t[24];

    (void)f;
    bn_mul(t, a, b, 12u);
    ecc_p384_reduce(r, t);
}

void ecc_p384_fast_sqr(const ecc_field *f, uint32_t *r, const uint32_t *a)
{
    uint32_t t[24];

    (void)f;
    bn_sqr(t, a, 12u);
    ecc_p384_reduce(r, t);
}
