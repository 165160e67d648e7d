/* SPDX-License-Identifier: MIT */
/*
 * ed25519.c - Ed25519 (RFC 8032 section 5.1) for Cortex-M0+/M33 and the host.
 *
 * Field: GF(p), p = 2^255 - 19, elements as 8 little-endian 32-bit words
 * holding any value in [0, 2^256) congruent to the element ("loosely
 * reduced"); products are folded with 2^256 = 38 (mod p) and only encoding
 * reduces fully.  32-bit words suit the M33, where each schoolbook step is
 * one UMAAL; on ARMv6-M the 32x32->64 product is built from four 16x16 MULS.
 *
 * Curve: twisted Edwards -x^2 + y^2 = 1 + d x^2 y^2 in extended coordinates
 * (X:Y:Z:T), x = X/Z, y = Y/Z, x*y = T/Z, with the addition and doubling
 * formulas of RFC 8032 section 5.1.4 (Hisil, Wong, Carter, Dawson 2008).
 *
 * Secret-dependent work (key generation, signing) is constant time: fixed
 * operation sequence, table entries picked by masked copies of every entry.
 */
#include "ed25519.h"
#include "ed25519_tables.h"
#include "sha2.h"

#include <string.h>

typedef uint32_t fe[8];

/* ---------------------------------------------------------------------------
 * 32x32 -> 64-bit product
 */

#if defined(__ARM_ARCH_6M__) || defined(__ARM_ARCH_8M_BASE__) ||            \
    defined(ED25519_NO_UMULL)
/* No UMULL here, and gcc would call the generic 64x64 __aeabi_lmul: build
 * the product from 16-bit halves with the 32x32->32 MULS.  The comparisons
 * compile to flag arithmetic (cmp/sbcs), not branches.  ED25519_NO_UMULL
 * lets the host test exercise this path. */
static inline __attribute__((always_inline)) uint64_t mul32x32(uint32_t a,
                                                               uint32_t b)
{
    uint32_t al = a & 0xffffu, ah = a >> 16;
    uint32_t bl = b & 0xffffu, bh = b >> 16;
    uint32_t lo = al * bl, hi = ah * bh;
    uint32_t mid = al * bh, mid2 = ah * bl;

    mid += mid2;
    hi += (uint32_t)(mid < mid2) << 16;
    uint32_t lo2 = lo + (mid << 16);
    hi += (mid >> 16) + (uint32_t)(lo2 < lo);
    return ((uint64_t)hi << 32) | lo2;
}
#else
static inline __attribute__((always_inline)) uint64_t mul32x32(uint32_t a,
                                                               uint32_t b)
{
    return (uint64_t)a * b;
}
#endif

/* (*hi:*lo) = a * b + *lo + *hi, which cannot overflow 64 bits: the step of
 * every schoolbook row.  One UMAAL where the DSP extension has it (gcc 12
 * emits UMLAL + ADDS + ADC from the C form). */
static inline __attribute__((always_inline)) void mac(uint32_t *lo,
                                                      uint32_t *hi, uint32_t a,
                                                      uint32_t b)
{
#if defined(__ARM_FEATURE_DSP) && !defined(ED25519_NO_UMULL)
    __asm__("umaal %0, %1, %2, %3" : "+r"(*lo), "+r"(*hi) : "r"(a), "r"(b));
#else
    uint64_t t = mul32x32(a, b) + *lo + *hi;
    *lo = (uint32_t)t;
    *hi = (uint32_t)(t >> 32);
#endif
}

/* ---------------------------------------------------------------------------
 * Field arithmetic mod p = 2^255 - 19
 */

/* Adds v * 2^256 = v * 38 (mod p) to r, v < 2^26.  If the propagation
 * carries out again, r is now below 38 * v, so the second fold fits. */
static void fe_fold(fe r, uint32_t v)
{
    uint64_t c = v * 38u;
    for (int i = 0; i < 8; i++) {
        c += r[i];
        r[i] = (uint32_t)c;
        c >>= 32;
    }
    r[0] += (uint32_t)c * 38u;
}

static void fe_add(fe r, const fe a, const fe b)
{
    uint64_t c = 0;
    for (int i = 0; i < 8; i++) {
        c += (uint64_t)a[i] + b[i];
        r[i] = (uint32_t)c;
        c >>= 32;
    }
    fe_fold(r, (uint32_t)c);
}

/* r = a - b.  A borrow means r holds a - b + 2^256, i.e. 38 too much: take
 * 38 off; if that borrows again, r wrapped to >= 2^256 - 38 and the second
 * subtraction cannot borrow. */
static void fe_sub(fe r, const fe a, const fe b)
{
    uint32_t borrow = 0;
    for (int i = 0; i < 8; i++) {
        uint64_t t = (uint64_t)a[i] - b[i] - borrow;
        r[i] = (uint32_t)t;
        borrow = (uint32_t)(t >> 32) & 1u;
    }
    uint32_t v = borrow * 38u;
    for (int i = 0; i < 8; i++) {
        uint64_t t = (uint64_t)r[i] - v;
        r[i] = (uint32_t)t;
        v = (uint32_t)(t >> 32) & 1u;
    }
    r[0] -= v * 38u;
}

/* r = t mod p, loosely: t_lo + 38 * t_hi, for a 512-bit product t. */
static void fe_reduce_wide(fe r, const uint32_t t[16])
{
    uint64_t c = 0;
    for (int i = 0; i < 8; i++) {
        c += (uint64_t)t[i] + mul32x32(38u, t[i + 8]);
        r[i] = (uint32_t)c;
        c >>= 32;
    }
    fe_fold(r, (uint32_t)c);
}

/* "small": one operand-scanning loop; squaring reuses it. */
static void fe_mul_small(fe r, const fe a, const fe b)
{
    uint32_t t[16];

    memset(t, 0, sizeof(t));
    for (int i = 0; i < 8; i++) {
        uint32_t carry = 0;
        for (int j = 0; j < 8; j++)
            mac(&t[i + j], &carry, a[i], b[j]);
        t[i + 8] = carry;
    }
    fe_reduce_wide(r, t);
}

static void fe_sqr_small(fe r, const fe a)
{
    fe_mul_small(r, a, a);
}

/* "fast": the same operand scanning fully unrolled, and squaring computing
 * each cross product once. */

/* t[i+j] += a_i * b_j + carry, carry = high word. */
#define MAC(i, j) mac(&t[(i) + (j)], &carry, ai, b[j])
/* Row i = 0 starts from t = 0. */
#define MAC0(j) (t[j] = 0, mac(&t[j], &carry, ai, b[j]))

#define MUL_ROW(i)                                                             \
    do {                                                                       \
        ai = a[i];                                                             \
        carry = 0;                                                             \
        MAC(i, 0); MAC(i, 1); MAC(i, 2); MAC(i, 3);                            \
        MAC(i, 4); MAC(i, 5); MAC(i, 6); MAC(i, 7);                            \
        t[(i) + 8] = carry;                                                    \
    } while (0)

static void fe_mul_fast(fe r, const fe a, const fe b)
{
    uint32_t t[16], ai, carry;

    ai = a[0];
    carry = 0;
    MAC0(0); MAC0(1); MAC0(2); MAC0(3); MAC0(4); MAC0(5); MAC0(6); MAC0(7);
    t[8] = carry;
    MUL_ROW(1); MUL_ROW(2); MUL_ROW(3); MUL_ROW(4);
    MUL_ROW(5); MUL_ROW(6); MUL_ROW(7);
    fe_reduce_wide(r, t);
}

static void fe_sqr_fast(fe r, const fe a)
{
    uint32_t t[16], ai, carry;
    const uint32_t *b = a;
    uint64_t c;

    /* Cross products a_i a_j, i < j: 28 instead of 56. */
    ai = a[0]; carry = 0;
    MAC0(1); MAC0(2); MAC0(3); MAC0(4); MAC0(5); MAC0(6); MAC0(7);
    t[8] = carry;
    ai = a[1]; carry = 0;
    MAC(1, 2); MAC(1, 3); MAC(1, 4); MAC(1, 5); MAC(1, 6); MAC(1, 7);
    t[9] = carry;
    ai = a[2]; carry = 0;
    MAC(2, 3); MAC(2, 4); MAC(2, 5); MAC(2, 6); MAC(2, 7);
    t[10] = carry;
    ai = a[3]; carry = 0;
    MAC(3, 4); MAC(3, 5); MAC(3, 6); MAC(3, 7);
    t[11] = carry;
    ai = a[4]; carry = 0;
    MAC(4, 5); MAC(4, 6); MAC(4, 7);
    t[12] = carry;
    ai = a[5]; carry = 0;
    MAC(5, 6); MAC(5, 7);
    t[13] = carry;
    ai = a[6]; carry = 0;
    MAC(6, 7);
    t[14] = carry;

    /* Double them and add the squares a_i^2 at word 2i, in one pass. */
    uint32_t out = 0; /* bit shifted out of the previous word */
    c = 0;
    t[0] = 0;
    t[15] = 0;
    for (int i = 0; i < 8; i++) {
        uint64_t sq = mul32x32(a[i], a[i]);
        uint32_t lo = t[2 * i], hi = t[2 * i + 1];
        c += (uint64_t)((lo << 1) | out) + (uint32_t)sq;
        t[2 * i] = (uint32_t)c;
        c >>= 32;
        c += (uint64_t)((hi << 1) | (lo >> 31)) + (uint32_t)(sq >> 32);
        t[2 * i + 1] = (uint32_t)c;
        c >>= 32;
        out = hi >> 31;
    }
    fe_reduce_wide(r, t);
}

#undef MUL_ROW
#undef MAC0
#undef MAC

/* The arithmetic variant: point code calls through these. */
typedef struct {
    void (*mul)(fe r, const fe a, const fe b);
    void (*sqr)(fe r, const fe a);
} fe_ops;

static const fe_ops fe_ops_small = {fe_mul_small, fe_sqr_small};
static const fe_ops fe_ops_fast = {fe_mul_fast, fe_sqr_fast};

static void fe_sqr_n(const fe_ops *o, fe r, const fe a, unsigned n)
{
    o->sqr(r, a);
    while (--n)
        o->sqr(r, r);
}

/* r = z^(2^250 - 1), z11 = z^11: the common part of the addition chains for
 * z^(p-2) and z^((p-5)/8); 249 squarings, 10 multiplications. */
static void fe_pow_2_250_1(const fe_ops *o, fe r, fe z11, const fe z)
{
    fe z2, z9, t0, t1, z_10, z_50; /* z_n = z^(2^n - 1) */

    o->sqr(z2, z);
    fe_sqr_n(o, t0, z2, 2);
    o->mul(z9, t0, z);
    o->mul(z11, z9, z2);
    o->sqr(t0, z11);
    o->mul(t0, t0, z9); /* z^31 = z^(2^5 - 1) */
    fe_sqr_n(o, t1, t0, 5);
    o->mul(z_10, t1, t0);
    fe_sqr_n(o, t1, z_10, 10);
    o->mul(t1, t1, z_10); /* 2^20 - 1 */
    fe_sqr_n(o, t0, t1, 20);
    o->mul(t0, t0, t1); /* 2^40 - 1 */
    fe_sqr_n(o, t0, t0, 10);
    o->mul(z_50, t0, z_10);
    fe_sqr_n(o, t0, z_50, 50);
    o->mul(t0, t0, z_50); /* 2^100 - 1 */
    fe_sqr_n(o, t1, t0, 100);
    o->mul(t1, t1, t0); /* 2^200 - 1 */
    fe_sqr_n(o, t1, t1, 50);
    o->mul(r, t1, z_50);
}

/* r = z^(p - 2) = z^(2^255 - 21) = 1/z (Fermat); r may alias z. */
static void fe_invert(const fe_ops *o, fe r, const fe z)
{
    fe z11;

    fe_pow_2_250_1(o, r, z11, z);
    fe_sqr_n(o, r, r, 5);
    o->mul(r, r, z11);
}

/* r = z^((p - 5) / 8) = z^(2^252 - 3), for square roots (RFC 8032 5.1.3);
 * r must not alias z. */
static void fe_pow_p58(const fe_ops *o, fe r, const fe z)
{
    fe z11;

    fe_pow_2_250_1(o, r, z11, z);
    fe_sqr_n(o, r, r, 2);
    o->mul(r, r, z);
}

/* r = a fully reduced to [0, p). */
static void fe_canonical(fe r, const fe a)
{
    fe t;
    uint64_t c;

    /* a = lo + 2^255 top = lo + 19 top: now r < 2^255 + 19 < 2p. */
    c = (a[7] >> 31) * 19u;
    for (int i = 0; i < 8; i++) {
        c += i == 7 ? (a[7] & 0x7fffffffu) : a[i];
        r[i] = (uint32_t)c;
        c >>= 32;
    }
    /* r >= p exactly when r + 19 reaches 2^255; then r - p = r + 19 - 2^255. */
    c = 19;
    for (int i = 0; i < 8; i++) {
        c += r[i];
        t[i] = (uint32_t)c;
        c >>= 32;
    }
    uint32_t use_t = 0u - (t[7] >> 31);
    t[7] &= 0x7fffffffu;
    for (int i = 0; i < 8; i++)
        r[i] ^= (r[i] ^ t[i]) & use_t;
}

static void fe_to_bytes(uint8_t out[32], const fe a)
{
    fe t;

    fe_canonical(t, a);
    for (int i = 0; i < 8; i++) {
        out[4 * i] = (uint8_t)t[i];
        out[4 * i + 1] = (uint8_t)(t[i] >> 8);
        out[4 * i + 2] = (uint8_t)(t[i] >> 16);
        out[4 * i + 3] = (uint8_t)(t[i] >> 24);
    }
}

static uint32_t load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

/* All 256 bits, as given (callers mask bit 255 where it is a sign). */
static void fe_from_bytes(fe r, const uint8_t in[32])
{
    for (int i = 0; i < 8; i++)
        r[i] = load32_le(in + 4 * i);
}

static int fe_equal(const fe a, const fe b)
{
    fe ca, cb;

    fe_canonical(ca, a);
    fe_canonical(cb, b);
    return memcmp(ca, cb, sizeof(fe)) == 0;
}

static uint32_t fe_is_odd(const fe a)
{
    fe t;

    fe_canonical(t, a);
    return t[0] & 1u;
}

static void fe_set_small(fe r, uint32_t v)
{
    memset(r, 0, sizeof(fe));
    r[0] = v;
}

/* r = mask ? a : r, mask all-ones or zero. */
static void fe_cmov(fe r, const fe a, uint32_t mask)
{
    for (int i = 0; i < 8; i++)
        r[i] ^= (r[i] ^ a[i]) & mask;
}

static void fe_cswap(fe a, fe b, uint32_t mask)
{
    for (int i = 0; i < 8; i++) {
        uint32_t x = (a[i] ^ b[i]) & mask;
        a[i] ^= x;
        b[i] ^= x;
    }
}

static void fe_neg(fe r, const fe a)
{
    static const fe zero = {0};
    fe_sub(r, zero, a);
}

/* RFC 8032 section 5.1: d = -121665/121666 mod p, and 2d; computed from the
 * definition, re-checked by test_ed25519 with OpenSSL BN (as is sqrt(-1)). */
static const fe fe_d = {0x135978a3, 0x75eb4dca, 0x4141d8ab, 0x00700a4d,
                        0x7779e898, 0x8cc74079, 0x2b6ffe73, 0x52036cee};
static const fe fe_2d = {0x26b2f159, 0xebd69b94, 0x8283b156, 0x00e0149a,
                         0xeef3d130, 0x198e80f2, 0x56dffce7, 0x2406d9dc};
/* sqrt(-1) = 2^((p-1)/4) mod p (RFC 8032 section 5.1.3, step 3). */
static const fe fe_sqrtm1 = {0x4a0ea0b0, 0xc4ee1b27, 0xad2fe478, 0x2f431806,
                             0x3dfbd7a7, 0x2b4d0099, 0x4fc1df0b, 0x2b832480};

/* ---------------------------------------------------------------------------
 * Group operations
 */

typedef struct {
    fe X, Y, Z, T;
} ge_ext;

/* Completed point ("P1xP1"): X = E*F, Y = G*H, Z = F*G, T = E*H, the
 * RFC 8032 5.1.4 outputs before their final multiplications. */
typedef struct {
    fe E, F, G, H;
} ge_completed;

/* Extended point prepared as an addend: (Y + X, Y - X, 2Z, 2dT). */
typedef struct {
    fe YplusX, YminusX, Z2, T2d;
} ge_cached;

/* Base point B (RFC 8032 section 5.1): y = 4/5, x even; T = x*y mod p.
 * Re-checked by test_ed25519 against the RFC's decimal coordinates. */
static const ge_ext ge_base = {
    {0x8f25d51a, 0xc9562d60, 0x9525a7b2, 0x692cc760, 0xfdd6dc5c, 0xc0a4e231,
     0xcd6e53fe, 0x216936d3},
    {0x66666658, 0x66666666, 0x66666666, 0x66666666, 0x66666666, 0x66666666,
     0x66666666, 0x66666666},
    {1, 0, 0, 0, 0, 0, 0, 0},
    {0xa5b7dda3, 0x6dde8ab3, 0x775152f5, 0x20f09f80, 0x64abe37d, 0x66ea4e8e,
     0xd78b7665, 0x67875f0f},
};

static void ge_identity(ge_ext *p)
{
    fe_set_small(p->X, 0);
    fe_set_small(p->Y, 1);
    fe_set_small(p->Z, 1);
    fe_set_small(p->T, 0);
}

/* Extended coordinates, when the next step is an addition (4M). */
static void ge_to_ext(const fe_ops *o, ge_ext *r, const ge_completed *c)
{
    o->mul(r->X, c->E, c->F);
    o->mul(r->Y, c->G, c->H);
    o->mul(r->Z, c->F, c->G);
    o->mul(r->T, c->E, c->H);
}

/* Projective only (T left stale), when the next step is a doubling (3M). */
static void ge_to_proj(const fe_ops *o, ge_ext *r, const ge_completed *c)
{
    o->mul(r->X, c->E, c->F);
    o->mul(r->Y, c->G, c->H);
    o->mul(r->Z, c->F, c->G);
}

/* c = 2p, RFC 8032 5.1.4 doubling (4S, reads X, Y, Z only). */
static void ge_dbl(const fe_ops *o, ge_completed *c, const ge_ext *p)
{
    fe t;

    o->sqr(c->E, p->X);            /* A */
    o->sqr(c->G, p->Y);            /* B */
    o->sqr(c->F, p->Z);
    fe_add(c->F, c->F, c->F);      /* C = 2 Z^2 */
    fe_add(c->H, c->E, c->G);      /* H = A + B */
    fe_sub(c->G, c->E, c->G);      /* G = A - B */
    fe_add(c->F, c->F, c->G);      /* F = C + G */
    fe_add(t, p->X, p->Y);
    o->sqr(t, t);
    fe_sub(c->E, c->H, t);         /* E = H - (X + Y)^2 */
}

/* c = p + q (or p - q if subtract) for q = (y+x, y-x, 2dt) with 2z = z2, or
 * z2 == NULL for an affine q (z = 1).  RFC 8032 5.1.4 addition; -q swaps
 * y+x with y-x and negates t, which swaps F and G. */
static void ge_add(const fe_ops *o, ge_completed *c, const ge_ext *p,
                   const fe yplusx, const fe yminusx, const fe t2d,
                   const fe z2, int subtract)
{
    fe a, ct;

    fe_sub(a, p->Y, p->X);
    o->mul(a, a, subtract ? yplusx : yminusx);         /* A */
    fe_add(c->H, p->Y, p->X);
    o->mul(c->H, c->H, subtract ? yminusx : yplusx);   /* B */
    fe_sub(c->E, c->H, a);                             /* E = B - A */
    fe_add(c->H, c->H, a);                             /* H = B + A */
    o->mul(ct, p->T, t2d);                             /* C */
    if (z2)
        o->mul(a, p->Z, z2);                           /* D */
    else
        fe_add(a, p->Z, p->Z);
    fe_add(subtract ? c->F : c->G, a, ct);             /* G = D + C */
    fe_sub(subtract ? c->G : c->F, a, ct);             /* F = D - C */
}

static void ge_add_cached(const fe_ops *o, ge_completed *c, const ge_ext *p,
                          const ge_cached *q, int subtract)
{
    ge_add(o, c, p, q->YplusX, q->YminusX, q->T2d, q->Z2, subtract);
}

static void ge_add_niels(const fe_ops *o, ge_completed *c, const ge_ext *p,
                         const ed25519_niels *q, int subtract)
{
    ge_add(o, c, p, q->yplusx, q->yminusx, q->xy2d, NULL, subtract);
}

static void ge_to_cached(const fe_ops *o, ge_cached *r, const ge_ext *p)
{
    fe_add(r->YplusX, p->Y, p->X);
    fe_sub(r->YminusX, p->Y, p->X);
    fe_add(r->Z2, p->Z, p->Z);
    o->mul(r->T2d, p->T, fe_2d);
}

/* RFC 8032 section 5.1.2: y with the sign of x in bit 255. */
static void ge_encode(const fe_ops *o, uint8_t out[32], const ge_ext *p)
{
    fe zi, x, y;

    fe_invert(o, zi, p->Z);
    o->mul(x, p->X, zi);
    o->mul(y, p->Y, zi);
    fe_to_bytes(out, y);
    out[31] |= (uint8_t)(fe_is_odd(x) << 7);
}

/* RFC 8032 section 5.1.3 (public data only).  Returns 0 on success. */
static int ge_decode(const fe_ops *o, ge_ext *p, const uint8_t in[32])
{
    fe u, v, v3, vxx, t;
    uint32_t x_sign = in[31] >> 7;

    fe_from_bytes(p->Y, in);
    p->Y[7] &= 0x7fffffffu;
    /* Step 1: reject y >= p (its canonical form then differs). */
    fe_canonical(t, p->Y);
    if (memcmp(t, p->Y, sizeof(fe)) != 0)
        return -1;
    /* Step 2: u = y^2 - 1, v = d y^2 + 1, x = u v^3 (u v^7)^((p-5)/8). */
    fe_set_small(p->Z, 1);
    o->sqr(u, p->Y);
    o->mul(v, u, fe_d);
    fe_sub(u, u, p->Z);
    fe_add(v, v, p->Z);
    o->sqr(v3, v);
    o->mul(v3, v3, v);         /* v^3 */
    o->sqr(t, v3);
    o->mul(t, t, v);
    o->mul(t, t, u);           /* u v^7 */
    fe_pow_p58(o, p->X, t);
    o->mul(p->X, p->X, v3);
    o->mul(p->X, p->X, u);
    /* Step 3: v x^2 = u, or -u (then x *= sqrt(-1)), or no root. */
    o->sqr(vxx, p->X);
    o->mul(vxx, vxx, v);
    if (!fe_equal(vxx, u)) {
        fe_neg(t, u);
        if (!fe_equal(vxx, t))
            return -1;
        o->mul(p->X, p->X, fe_sqrtm1);
    }
    /* Step 4: pick the sign; x = 0 with the sign bit set is invalid. */
    if (x_sign != fe_is_odd(p->X)) {
        static const fe zero = {0};
        if (fe_equal(p->X, zero))
            return -1;
        fe_neg(p->X, p->X);
    }
    o->mul(p->T, p->X, p->Y);
    return 0;
}

/* ---------------------------------------------------------------------------
 * Scalars mod L (RFC 8032 section 5.1:
 * L = 2^252 + 27742317777372353535851937790883648493)
 */

static const uint32_t sc_L[8] = {0x5cf5d3ed, 0x5812631a, 0xa2f79cd6,
                                 0x14def9de, 0x00000000, 0x00000000,
                                 0x00000000, 0x10000000};
/* Barrett constant floor(2^512 / L) (HAC algorithm 14.42, b = 2^32, k = 8),
 * computed from L; re-checked by test_ed25519 with OpenSSL BN. */
static const uint32_t sc_mu[9] = {0x0a2c131b, 0xed9ce5a3, 0x086329a7,
                                  0x2106215d, 0xffffffeb, 0xffffffff,
                                  0xffffffff, 0xffffffff, 0x0000000f};

/* r = x mod L for x < 2^512, constant time (HAC 14.42). */
static void sc_reduce(uint32_t r[8], const uint32_t x[16])
{
    uint32_t q[18], s[9];

    /* q3 = floor(floor(x / 2^224) * mu / 2^288) (in q[9..17]). */
    memset(q, 0, sizeof(q));
    for (int i = 0; i < 9; i++) {
        uint32_t carry = 0;
        for (int j = 0; j < 9; j++)
            mac(&q[i + j], &carry, x[7 + i], sc_mu[j]);
        q[i + 9] = carry;
    }
    /* s = q3 * L mod 2^288. */
    memset(s, 0, sizeof(s));
    for (int i = 0; i < 9; i++) {
        uint32_t carry = 0;
        for (int j = 0; i + j < 9 && j < 8; j++)
            mac(&s[i + j], &carry, q[9 + i], sc_L[j]);
        if (i == 0)
            s[8] = carry;
    }
    /* s = (x - s) mod 2^288.  HAC bounds it by 3L; here it is below 2L:
     * x / L = q1 mu / 2^288 + e with 0 <= e < 2^-27 + frac(2^512 / L)
     * < 0.23, so floor(x / L) <= q3 + 1. */
    uint32_t borrow = 0;
    for (int i = 0; i < 9; i++) {
        uint64_t t = (uint64_t)x[i] - s[i] - borrow;
        s[i] = (uint32_t)t;
        borrow = (uint32_t)(t >> 32) & 1u;
    }
    /* One subtraction of L, kept where it does not borrow. */
    uint32_t minus_l[9];
    borrow = 0;
    for (int i = 0; i < 9; i++) {
        uint64_t d = (uint64_t)s[i] - (i < 8 ? sc_L[i] : 0u) - borrow;
        minus_l[i] = (uint32_t)d;
        borrow = (uint32_t)(d >> 32) & 1u;
    }
    uint32_t use_minus_l = borrow - 1u;
    for (int i = 0; i < 8; i++)
        r[i] = s[i] ^ ((s[i] ^ minus_l[i]) & use_minus_l);
}

static void sc_from_bytes(uint32_t *r, const uint8_t *in, int words)
{
    for (int i = 0; i < words; i++)
        r[i] = load32_le(in + 4 * i);
}

static void sc_to_bytes(uint8_t out[32], const uint32_t a[8])
{
    for (int i = 0; i < 8; i++) {
        out[4 * i] = (uint8_t)a[i];
        out[4 * i + 1] = (uint8_t)(a[i] >> 8);
        out[4 * i + 2] = (uint8_t)(a[i] >> 16);
        out[4 * i + 3] = (uint8_t)(a[i] >> 24);
    }
}

/* out = 64-byte little-endian digest mod L. */
static void sc_reduce_hash(uint8_t out[32], const uint8_t h[64])
{
    uint32_t x[16], r[8];

    sc_from_bytes(x, h, 16);
    sc_reduce(r, x);
    sc_to_bytes(out, r);
}

/* out = (a * b + c) mod L, a, b < 2^256, c < L. */
static void sc_muladd(uint8_t out[32], const uint8_t a[32],
                      const uint8_t b[32], const uint8_t c[32])
{
    uint32_t x[16], wa[8], wb[8], wc[8];
    uint64_t acc = 0;

    sc_from_bytes(wa, a, 8);
    sc_from_bytes(wb, b, 8);
    sc_from_bytes(wc, c, 8);
    memset(x, 0, sizeof(x));
    for (int i = 0; i < 8; i++) {
        uint32_t carry = 0;
        for (int j = 0; j < 8; j++)
            mac(&x[i + j], &carry, wa[i], wb[j]);
        x[i + 8] = carry;
    }
    for (int i = 0; i < 16; i++) {
        acc += (uint64_t)x[i] + (i < 8 ? wc[i] : 0u);
        x[i] = (uint32_t)acc;
        acc >>= 32;
    }
    sc_reduce(wa, x);
    sc_to_bytes(out, wa);
}

/* S < L (RFC 8032 5.1.7 step 1), public data. */
static int sc_is_canonical(const uint8_t s[32])
{
    uint32_t w[8];

    sc_from_bytes(w, s, 8);
    for (int i = 7; i >= 0; i--) {
        if (w[i] != sc_L[i])
            return w[i] < sc_L[i];
    }
    return 0;
}

/* ---------------------------------------------------------------------------
 * [s]B, constant time
 */

/* Signed radix-16 digits e_0..e_63 in [-8, 8] with s = sum e_i 16^i, for any
 * s < 2^255 (clamped private scalars included). */
static void recode_radix16(int8_t e[64], const uint8_t s[32])
{
    int carry = 0;

    for (int i = 0; i < 32; i++) {
        e[2 * i] = (int8_t)(s[i] & 15);
        e[2 * i + 1] = (int8_t)(s[i] >> 4);
    }
    for (int i = 0; i < 63; i++) {
        int v = e[i] + carry;  /* 0..16 */
        carry = (v + 8) >> 4;  /* 1 when v >= 8 */
        e[i] = (int8_t)(v - (carry << 4));
    }
    e[63] = (int8_t)(e[63] + carry);
}

/* All-ones if a == b, else zero. */
static uint32_t ct_eq(uint32_t a, uint32_t b)
{
    uint32_t x = a ^ b;
    return ((x | (0u - x)) >> 31) - 1u;
}

/* Magnitude of digit e and all-ones if e < 0, without branches. */
static uint32_t digit_abs(int e, uint32_t *neg_mask)
{
    uint32_t u = (uint32_t)e;
    uint32_t neg = u >> 31;

    *neg_mask = 0u - neg;
    return (u ^ (0u - neg)) + neg;
}

/* Negates the selected addend in constant time: -(y+x, y-x, 2dt) =
 * (y-x, y+x, -2dt). */
static void negate_addend(fe yplusx, fe yminusx, fe t2d, uint32_t neg)
{
    fe t;

    fe_cswap(yplusx, yminusx, neg);
    fe_neg(t, t2d);
    fe_cmov(t2d, t, neg);
}

/* r = e * tab[|e| - 1] (identity for e = 0), reading every entry. */
static void select_cached(ge_cached *r, const ge_cached tab[8], int e)
{
    uint32_t neg;
    uint32_t mag = digit_abs(e, &neg);

    fe_set_small(r->YplusX, 1);
    fe_set_small(r->YminusX, 1);
    fe_set_small(r->Z2, 2);
    fe_set_small(r->T2d, 0);
    for (uint32_t m = 1; m <= 8; m++) {
        uint32_t hit = ct_eq(mag, m);
        fe_cmov(r->YplusX, tab[m - 1].YplusX, hit);
        fe_cmov(r->YminusX, tab[m - 1].YminusX, hit);
        fe_cmov(r->Z2, tab[m - 1].Z2, hit);
        fe_cmov(r->T2d, tab[m - 1].T2d, hit);
    }
    negate_addend(r->YplusX, r->YminusX, r->T2d, neg);
}

static void select_niels(ed25519_niels *r, const ed25519_niels tab[8], int e)
{
    uint32_t neg;
    uint32_t mag = digit_abs(e, &neg);

    fe_set_small(r->yplusx, 1);
    fe_set_small(r->yminusx, 1);
    fe_set_small(r->xy2d, 0);
    for (uint32_t m = 1; m <= 8; m++) {
        uint32_t hit = ct_eq(mag, m);
        fe_cmov(r->yplusx, tab[m - 1].yplusx, hit);
        fe_cmov(r->yminusx, tab[m - 1].yminusx, hit);
        fe_cmov(r->xy2d, tab[m - 1].xy2d, hit);
    }
    negate_addend(r->yplusx, r->yminusx, r->xy2d, neg);
}

/* LOW: Horner over the 64 digits with the multiples 1B..8B built in RAM
 * (252 doublings, 64 additions). */
static void ge_scalarmult_base_low(const fe_ops *o, ge_ext *r,
                                   const int8_t e[64])
{
    ge_cached tab[8], q;
    ge_completed c;
    ge_ext p;

    ge_to_cached(o, &tab[0], &ge_base);
    p = ge_base;
    for (int m = 1; m < 8; m++) {
        ge_add_cached(o, &c, &p, &tab[0], 0);
        ge_to_ext(o, &p, &c);
        ge_to_cached(o, &tab[m], &p);
    }
    ge_identity(r);
    for (int i = 63; i >= 0; i--) {
        if (i != 63) {
            for (int k = 0; k < 3; k++) {
                ge_dbl(o, &c, r);
                ge_to_proj(o, r, &c);
            }
            ge_dbl(o, &c, r);
            ge_to_ext(o, r, &c);
        }
        select_cached(&q, tab, e[i]);
        ge_add_cached(o, &c, r, &q, 0);
        ge_to_proj(o, r, &c);
    }
}

/* HIGH: comb over the flash table (12 doublings, 64 mixed additions). */
static void ge_scalarmult_base_high(const fe_ops *o, ge_ext *r,
                                    const int8_t e[64])
{
    ed25519_niels q;
    ge_completed c;

    ge_identity(r);
    for (int t = 3; t >= 0; t--) {
        if (t != 3) {
            for (int k = 0; k < 3; k++) {
                ge_dbl(o, &c, r);
                ge_to_proj(o, r, &c);
            }
            ge_dbl(o, &c, r);
            ge_to_ext(o, r, &c);
        }
        for (int j = 0; j < 16; j++) {
            select_niels(&q, ed25519_comb[j], e[4 * j + t]);
            ge_add_niels(o, &c, r, &q, 0);
            if (j == 15)
                ge_to_proj(o, r, &c);
            else
                ge_to_ext(o, r, &c);
        }
    }
}

/* r = [s]B (r->T not set: the result is only encoded). */
static void ge_scalarmult_base(const fe_ops *o, ed25519_precomp precomp,
                               ge_ext *r, const uint8_t s[32])
{
    int8_t e[64];

    recode_radix16(e, s);
    if (precomp == ED25519_PRECOMP_HIGH)
        ge_scalarmult_base_high(o, r, e);
    else
        ge_scalarmult_base_low(o, r, e);
    memset(e, 0, sizeof(e));
}

/* ---------------------------------------------------------------------------
 * [a]P + [b]B for verification (public data, variable time)
 */

/* Width-w NAF of s < 2^253: odd digits |d| < 2^(w-1), at least w - 1 zeros
 * after each nonzero one. */
static void recode_wnaf(int8_t naf[256], const uint8_t s[32], unsigned w)
{
    uint32_t k[9];
    const int32_t full = (int32_t)1 << w, half = full >> 1;

    sc_from_bytes(k, s, 8);
    k[8] = 0;
    for (int i = 0; i < 256; i++) {
        int32_t d = 0;
        if (k[0] & 1u) {
            d = (int32_t)(k[0] & (uint32_t)(full - 1));
            if (d >= half)
                d -= full;
            if (d > 0) {
                k[0] -= (uint32_t)d; /* clears the low bits, no borrow */
            } else {
                uint64_t c = (uint32_t)-d;
                for (int j = 0; j < 9 && c; j++) {
                    c += k[j];
                    k[j] = (uint32_t)c;
                    c >>= 32;
                }
            }
        }
        naf[i] = (int8_t)d;
        for (int j = 0; j < 8; j++)
            k[j] = (k[j] >> 1) | (k[j + 1] << 31);
        k[8] >>= 1;
    }
}

/* tab[i] = (2i + 1) p for i = 0..7. */
static void build_odd_multiples(const fe_ops *o, ge_cached tab[8],
                                const ge_ext *p)
{
    ge_completed c;
    ge_ext p2, q;
    ge_cached p2c;

    ge_dbl(o, &c, p);
    ge_to_ext(o, &p2, &c);
    ge_to_cached(o, &p2c, &p2);
    ge_to_cached(o, &tab[0], p);
    q = *p;
    for (int i = 1; i < 8; i++) {
        ge_add_cached(o, &c, &q, &p2c, 0);
        ge_to_ext(o, &q, &c);
        ge_to_cached(o, &tab[i], &q);
    }
}

/* r = [a]P + [b]B (Straus-Shamir, one doubling chain): width-5 NAFs with
 * tables in RAM, or for HIGH a width-7 NAF of b over the flash table. */
static void ge_double_scalarmult_vartime(const fe_ops *o,
                                         ed25519_precomp precomp, ge_ext *r,
                                         const uint8_t a[32], const ge_ext *P,
                                         const uint8_t b[32])
{
    int8_t naf_a[256], naf_b[256];
    ge_cached tab_p[8], tab_b[8];
    ge_completed c;
    const int high = precomp == ED25519_PRECOMP_HIGH;
    int i;

    recode_wnaf(naf_a, a, 5);
    recode_wnaf(naf_b, b, high ? ED25519_ODD_WNAF_WIDTH : 5);
    build_odd_multiples(o, tab_p, P);
    if (!high)
        build_odd_multiples(o, tab_b, &ge_base);

    ge_identity(r);
    for (i = 255; i >= 0 && naf_a[i] == 0 && naf_b[i] == 0; i--)
        ;
    for (; i >= 0; i--) {
        int da = naf_a[i], db = naf_b[i];

        ge_dbl(o, &c, r);
        if (da == 0 && db == 0) {
            ge_to_proj(o, r, &c);
            continue;
        }
        ge_to_ext(o, r, &c);
        if (da != 0) {
            ge_add_cached(o, &c, r, &tab_p[(da < 0 ? -da : da) / 2], da < 0);
            if (db != 0)
                ge_to_ext(o, r, &c);
        }
        if (db != 0) {
            int idx = (db < 0 ? -db : db) / 2;
            if (high)
                ge_add_niels(o, &c, r, &ed25519_odd[idx], db < 0);
            else
                ge_add_cached(o, &c, r, &tab_b[idx], db < 0);
        }
        ge_to_proj(o, r, &c);
    }
}

/* ---------------------------------------------------------------------------
 * Ed25519 (RFC 8032 section 5.1)
 */

static const fe_ops *select_ops(const ed25519_variant *v)
{
    return v->arith == ED25519_ARITH_FAST ? &fe_ops_fast : &fe_ops_small;
}

/* Clears secrets in a way the compiler may not drop as a dead store. */
static void wipe(void *p, size_t n)
{
    volatile uint8_t *b = (volatile uint8_t *)p;
    while (n--)
        *b++ = 0;
}

/* h = SHA-512(priv) with its first half clamped into the secret scalar s
 * (RFC 8032 5.1.5 steps 1-2); the second half is the nonce prefix. */
static void expand_private(uint8_t h[64], const uint8_t priv[32])
{
    sha512(priv, 32, h);
    h[0] &= 248;
    h[31] &= 127;
    h[31] |= 64;
}

void ed25519_public_key(uint8_t pub[32], const uint8_t priv[32],
                        const ed25519_variant *v)
{
    const fe_ops *o = select_ops(v);
    uint8_t h[64];
    ge_ext a;

    expand_private(h, priv);
    ge_scalarmult_base(o, v->precomp, &a, h);
    ge_encode(o, pub, &a);
    wipe(h, sizeof(h));
    wipe(&a, sizeof(a));
}

void ed25519_sign(uint8_t sig[64], const uint8_t *msg, size_t len,
                  const uint8_t priv[32], const uint8_t pub[32],
                  const ed25519_variant *v)
{
    const fe_ops *o = select_ops(v);
    uint8_t h[64], digest[64], r[32], k[32];
    sha512_ctx ctx;
    ge_ext rp;

    expand_private(h, priv);
    /* Step 2: r = SHA-512(prefix || M) mod L. */
    sha512_init(&ctx);
    sha512_update(&ctx, h + 32, 32);
    sha512_update(&ctx, msg, len);
    sha512_final(&ctx, digest);
    sc_reduce_hash(r, digest);
    /* Step 3: R = [r]B. */
    ge_scalarmult_base(o, v->precomp, &rp, r);
    ge_encode(o, sig, &rp);
    /* Step 4: k = SHA-512(R || A || M) mod L. */
    sha512_init(&ctx);
    sha512_update(&ctx, sig, 32);
    sha512_update(&ctx, pub, 32);
    sha512_update(&ctx, msg, len);
    sha512_final(&ctx, digest);
    sc_reduce_hash(k, digest);
    /* Step 5: S = (r + k * s) mod L. */
    sc_muladd(sig + 32, k, h, r);

    wipe(h, sizeof(h));
    wipe(r, sizeof(r));
    wipe(digest, sizeof(digest));
    wipe(&ctx, sizeof(ctx));
    wipe(&rp, sizeof(rp));
}

int ed25519_verify(const uint8_t sig[64], const uint8_t *msg, size_t len,
                   const uint8_t pub[32], const ed25519_variant *v)
{
    const fe_ops *o = select_ops(v);
    uint8_t digest[64], k[32], rcheck[32];
    sha512_ctx ctx;
    ge_ext a, rp;

    /* Step 1: S < L and A decodes. */
    if (!sc_is_canonical(sig + 32) || ge_decode(o, &a, pub) != 0)
        return -1;
    /* Step 2: k = SHA-512(R || A || M) mod L. */
    sha512_init(&ctx);
    sha512_update(&ctx, sig, 32);
    sha512_update(&ctx, pub, 32);
    sha512_update(&ctx, msg, len);
    sha512_final(&ctx, digest);
    sc_reduce_hash(k, digest);
    /* Step 3: R' = [S]B - [k]A must encode to R. */
    fe_neg(a.X, a.X);
    fe_neg(a.T, a.T);
    ge_double_scalarmult_vartime(o, v->precomp, &rp, k, &a, sig + 32);
    ge_encode(o, rcheck, &rp);
    return memcmp(rcheck, sig, 32) == 0 ? 0 : -1;
}
