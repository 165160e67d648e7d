/* SPDX-License-Identifier: MIT */
/*
 * ecc_point.c - Jacobian point arithmetic on y^2 = x^3 - 3x + b and the
 * scalar multiplications of the ECDSA code.
 *
 * k*G for signing is constant time in k, in two variants:
 *  - "low" memory: a fixed window of 4 bits with the odd multiples
 *    G, 3G, ..., 15G computed in RAM for each call (regular signed recoding);
 *  - "high" memory: a signed comb over a flash table of affine points.
 * Both take an odd scalar (k or n - k, whichever is odd, the result being
 * negated in the second case), which gives every window/column a non-zero
 * signed digit and so a fixed sequence of doublings and additions.
 *
 * u1*G + u2*Q for verification works on public values only and may branch:
 * width-5 NAF of u2 (and of u1 in the low variant) interleaved with the comb
 * columns of u1 in the high variant (Shamir's trick: one doubling chain).
 */
#include "ecc_p256p384.h"

#include <string.h>

/* Signed window of the low-memory k*G and odd multiples in the wNAF tables. */
#define FIXED_WINDOW_BITS 4u
#define FIXED_WINDOW_POINTS (1u << (FIXED_WINDOW_BITS - 1u)) /* 1G, 3G, ..., 15G */
#define WNAF_WIDTH 5u
#define WNAF_POINTS (1u << (WNAF_WIDTH - 2u)) /* 1P, 3P, ..., 15P */
#define MAX_SCALAR_BITS (32u * ECC_MAX_LIMBS)

/* 0xFFFFFFFF if a == b, else 0, without a branch. */
static uint32_t ct_eq_mask(uint32_t a, uint32_t b)
{
    uint32_t d = a ^ b;

    return ((d | (0u - d)) >> 31) - 1u;
}

/* Bits [pos, pos + width) of k (len limbs, zero beyond); width < 32.
 * pos is public: the branches depend on it only. */
static uint32_t scalar_bits(const uint32_t *k, uint32_t len, uint32_t pos, uint32_t width)
{
    uint32_t limb = pos / 32u, shift = pos % 32u, v = 0;

    if (limb < len)
        v = k[limb] >> shift;
    if (shift + width > 32u && limb + 1u < len)
        v |= k[limb + 1u] << (32u - shift);
    return v & ((1u << width) - 1u);
}

/* y = mask ? -y : y (mod p), constant time. */
static void cond_negate(const ecc_field *f, uint32_t *y, uint32_t mask)
{
    static const uint32_t zero[ECC_MAX_LIMBS];
    uint32_t t[ECC_MAX_LIMBS];

    ecc_fe_sub(f, t, zero, y);
    ecc_bn_select(y, t, y, mask, f->len);
}

static void set_affine(const ecc_curve *c, ecc_point *r, const uint32_t *x, const uint32_t *y)
{
    uint32_t bytes = c->fp->len * 4u;

    memcpy(r->x, x, bytes);
    memcpy(r->y, y, bytes);
    memcpy(r->z, c->fp->one, bytes);
}

static uint32_t is_infinity(const ecc_curve *c, const ecc_point *p)
{
    return ecc_bn_is_zero(p->z, c->fp->len);
}

/* ------------------------------------------------------------------ */
/* Doubling and addition                                                */
/* ------------------------------------------------------------------ */

/* r = 2p, "dbl-2001-b" for a = -3 (Bernstein-Lange, Explicit-Formulas
 * Database): 3M + 5S.  Infinity (Z = 0) stays infinity.  r may alias p. */
void ecc_point_double(const ecc_curve *c, ecc_point *r, const ecc_point *p)
{
    const ecc_field *f = c->fp;
    uint32_t delta[ECC_MAX_LIMBS], gamma[ECC_MAX_LIMBS], beta[ECC_MAX_LIMBS];
    uint32_t alpha[ECC_MAX_LIMBS], t[ECC_MAX_LIMBS];

    f->sqr(f, delta, p->z);
    f->sqr(f, gamma, p->y);
    f->mul(f, beta, p->x, gamma);
    ecc_fe_sub(f, t, p->x, delta);
    ecc_fe_add(f, alpha, p->x, delta);
    f->mul(f, alpha, alpha, t);
    ecc_fe_add(f, t, alpha, alpha);
    ecc_fe_add(f, alpha, alpha, t); /* alpha = 3 (X - delta)(X + delta) */
    ecc_fe_add(f, t, p->y, p->z);
    f->sqr(f, t, t);
    ecc_fe_sub(f, t, t, gamma);
    ecc_fe_sub(f, r->z, t, delta); /* Z3 = (Y + Z)^2 - gamma - delta */
    ecc_fe_add(f, beta, beta, beta);
    ecc_fe_add(f, beta, beta, beta); /* 4 beta */
    f->sqr(f, t, alpha);
    ecc_fe_sub(f, t, t, beta);
    ecc_fe_sub(f, r->x, t, beta); /* X3 = alpha^2 - 8 beta */
    ecc_fe_sub(f, t, beta, r->x);
    f->mul(f, t, alpha, t);
    f->sqr(f, gamma, gamma);
    ecc_fe_add(f, gamma, gamma, gamma);
    ecc_fe_add(f, gamma, gamma, gamma);
    ecc_fe_add(f, gamma, gamma, gamma); /* 8 gamma^2 */
    ecc_fe_sub(f, r->y, t, gamma);      /* Y3 = alpha (4 beta - X3) - 8 gamma^2 */
}

/*
 * r = p + q, "add-1998-cmo-2" (12M + 4S; Explicit-Formulas Database), or
 * its mixed form for an affine q (Z2 = 1) when qz == NULL (8M + 3S).  Correct only for finite p, q with p != +-q; it is
 * constant time and reports the exceptional cases instead: returns bit 0 set
 * when U1 = U2 (p = +-q) and bit 1 set when S1 = S2.  r may alias p.
 */
static uint32_t point_add_core(const ecc_curve *c, ecc_point *r, const ecc_point *p,
                               const uint32_t *qx, const uint32_t *qy, const uint32_t *qz)
{
    const ecc_field *f = c->fp;
    uint32_t len = f->len;
    uint32_t u1[ECC_MAX_LIMBS], u2[ECC_MAX_LIMBS], s1[ECC_MAX_LIMBS], s2[ECC_MAX_LIMBS];
    uint32_t h[ECC_MAX_LIMBS], rr[ECC_MAX_LIMBS], t[ECC_MAX_LIMBS];
    uint32_t flags;

    f->sqr(f, t, p->z);
    f->mul(f, u2, qx, t); /* U2 = X2 Z1^2 */
    f->mul(f, t, t, p->z);
    f->mul(f, s2, qy, t); /* S2 = Y2 Z1^3 */
    if (qz != NULL) {
        f->sqr(f, t, qz);
        f->mul(f, u1, p->x, t); /* U1 = X1 Z2^2 */
        f->mul(f, t, t, qz);
        f->mul(f, s1, p->y, t); /* S1 = Y1 Z2^3 */
    } else {
        memcpy(u1, p->x, len * 4u);
        memcpy(s1, p->y, len * 4u);
    }
    ecc_fe_sub(f, h, u2, u1);
    ecc_fe_sub(f, rr, s2, s1);
    flags = ecc_bn_is_zero(h, len) | (ecc_bn_is_zero(rr, len) << 1);

    f->sqr(f, t, h);
    f->mul(f, u1, u1, t); /* V = U1 H^2 */
    f->mul(f, t, t, h);   /* H^3 */
    f->mul(f, s1, s1, t); /* S1 H^3 */
    f->mul(f, r->z, p->z, h);
    if (qz != NULL)
        f->mul(f, r->z, r->z, qz); /* Z3 = Z1 Z2 H */
    f->sqr(f, u2, rr);
    ecc_fe_sub(f, u2, u2, t);
    ecc_fe_sub(f, u2, u2, u1);
    ecc_fe_sub(f, r->x, u2, u1); /* X3 = R^2 - H^3 - 2V */
    ecc_fe_sub(f, t, u1, r->x);
    f->mul(f, t, rr, t);
    ecc_fe_sub(f, r->y, t, s1); /* Y3 = R (V - X3) - S1 H^3 */
    return flags;
}

/* r = p + q for any p, q (public values: branches on the special cases). */
static void point_add_vartime(const ecc_curve *c, ecc_point *r, const ecc_point *p,
                              const uint32_t *qx, const uint32_t *qy, const uint32_t *qz)
{
    uint32_t bytes = c->fp->len * 4u;
    ecc_point sum;
    uint32_t flags;

    if (qz != NULL && ecc_bn_is_zero(qz, c->fp->len)) {
        memmove(r, p, sizeof *r);
        return;
    }
    if (is_infinity(c, p)) {
        memcpy(r->x, qx, bytes);
        memcpy(r->y, qy, bytes);
        memcpy(r->z, qz != NULL ? qz : c->fp->one, bytes);
        return;
    }
    flags = point_add_core(c, &sum, p, qx, qy, qz);
    if (flags == 3u)
        ecc_point_double(c, r, p); /* p = q */
    else if (flags == 1u)
        memset(r, 0, sizeof *r); /* p = -q */
    else
        memcpy(r, &sum, sizeof *r);
}

/* r = r + q where r = q may happen (but not r = -q or infinity): the
 * doubling is computed as well and selected in constant time. */
static void point_add_or_double(const ecc_curve *c, ecc_point *r, const uint32_t *qx,
                                const uint32_t *qy, const uint32_t *qz)
{
    ecc_point sum, twice;
    uint32_t same = ct_eq_mask(point_add_core(c, &sum, r, qx, qy, qz), 3u);

    ecc_point_double(c, &twice, r);
    ecc_bn_select(r->x, twice.x, sum.x, same, c->fp->len);
    ecc_bn_select(r->y, twice.y, sum.y, same, c->fp->len);
    ecc_bn_select(r->z, twice.z, sum.z, same, c->fp->len);
}

/* r = p + (d > 0 ? table[(d-1)/2] : -table[(-d-1)/2]) for odd d (public). */
static void add_signed_vartime(const ecc_curve *c, ecc_point *r, const ecc_point *table, int d)
{
    const ecc_point *q = &table[(uint32_t)(d < 0 ? -d : d) >> 1];
    uint32_t y[ECC_MAX_LIMBS];

    memcpy(y, q->y, sizeof y);
    if (d < 0)
        cond_negate(c->fp, y, 0xFFFFFFFFu);
    point_add_vartime(c, r, r, q->x, y, q->z);
}

/* ------------------------------------------------------------------ */
/* Table look-ups (constant time: every entry is read)                  */
/* ------------------------------------------------------------------ */

static void select_point(const ecc_curve *c, ecc_point *r, const ecc_point *table, uint32_t count,
                         uint32_t idx)
{
    uint32_t len = c->fp->len, i, j;

    memset(r, 0, sizeof *r);
    for (i = 0; i < count; i++) {
        uint32_t mask = ct_eq_mask(i, idx);
        for (j = 0; j < len; j++) {
            r->x[j] |= table[i].x[j] & mask;
            r->y[j] |= table[i].y[j] & mask;
            r->z[j] |= table[i].z[j] & mask;
        }
    }
}

static void select_comb(const ecc_curve *c, uint32_t *x, uint32_t *y, uint32_t idx)
{
    uint32_t len = c->fp->len, i, j;
    const uint32_t *entry = c->comb;

    memset(x, 0, len * 4u);
    memset(y, 0, len * 4u);
    for (i = 0; i < ECC_COMB_POINTS; i++, entry += 2u * len) {
        uint32_t mask = ct_eq_mask(i, idx);
        for (j = 0; j < len; j++) {
            x[j] |= entry[j] & mask;
            y[j] |= entry[len + j] & mask;
        }
    }
}

/* ------------------------------------------------------------------ */
/* k*G, constant time                                                   */
/* ------------------------------------------------------------------ */

/*
 * Fixed window with regular signed digits (Joye-Tunstall, "Exponent
 * recoding and regular exponentiation algorithms", AFRICACRYPT 2009): an odd
 * k < 2^(4m) is sum d_i 16^i with d_i odd in [-15, 15] and d_(m-1) > 0, where
 * d_i = (bits [4i, 4i+5) of k, with bit 4i forced to 1) - 16 for i < m-1 and
 * d_(m-1) = (k >> 4(m-1)) | 1.  Before the last addition the partial sums A
 * are non-zero and below n/16 in absolute value, so A*16 = +-d never holds
 * modulo n; the last one, k = 16A + d_0, meets 16A = d_0 (mod n) when
 * k = n + 2 d_0, and computes the doubling too.
 */
static void mul_base_window(const ecc_curve *c, ecc_point *r, const uint32_t *k)
{
    const ecc_field *f = c->fp;
    uint32_t len = f->len;
    uint32_t digits = 32u * len / FIXED_WINDOW_BITS;
    ecc_point table[FIXED_WINDOW_POINTS], twice, q;
    uint32_t i, j;

    set_affine(c, &table[0], c->gx, c->gy);
    ecc_point_double(c, &twice, &table[0]);
    for (i = 1; i < FIXED_WINDOW_POINTS; i++)
        point_add_core(c, &table[i], &table[i - 1u], twice.x, twice.y, twice.z);

    i = digits - 1u;
    select_point(c, r, table, FIXED_WINDOW_POINTS,
                 scalar_bits(k, len, FIXED_WINDOW_BITS * i, FIXED_WINDOW_BITS) >> 1);
    while (i-- > 0) {
        uint32_t v = scalar_bits(k, len, FIXED_WINDOW_BITS * i, FIXED_WINDOW_BITS + 1u) | 1u;
        uint32_t neg = 0u - (((v >> FIXED_WINDOW_BITS) & 1u) ^ 1u); /* digit v - 16 < 0 */
        uint32_t mag = ((v - (1u << FIXED_WINDOW_BITS)) ^ neg) - neg;

        for (j = 0; j < FIXED_WINDOW_BITS; j++)
            ecc_point_double(c, r, r);
        select_point(c, &q, table, FIXED_WINDOW_POINTS, mag >> 1);
        cond_negate(f, q.y, neg);
        if (i > 0)
            point_add_core(c, r, r, q.x, q.y, q.z);
        else
            point_add_or_double(c, r, q.x, q.y, q.z);
    }
}

/*
 * Bit i of the comb digits of an odd k: with L = teeth*cols bits,
 * m = (k - 1)/2 + 2^(L-1) = (k >> 1) | 2^(L-1) gives k = sum (2 m_i - 1) 2^i,
 * i.e. the digit s_i = +-1 is + where m_i = 1 (k <= n < 2^L).
 */
static uint32_t comb_bit(const ecc_curve *c, const uint32_t *k, uint32_t i)
{
    if (i == ECC_COMB_TEETH * c->comb_cols - 1u)
        return 1u;
    return scalar_bits(k, c->fp->len, i + 1u, 1u);
}

/* Table index and sign of column j: the column is s_top * T[idx] with
 * T[idx] = 2^(top*cols) G + sum_(t < top) (bit t of idx ? 1 : -1) 2^(t*cols) G
 * (see the tables in ecc_curves.c).  Returns the sign mask (all ones = -). */
static uint32_t comb_column(const ecc_curve *c, const uint32_t *k, uint32_t j, uint32_t *idx)
{
    uint32_t cols = c->comb_cols, t;
    uint32_t top = comb_bit(c, k, j + (ECC_COMB_TEETH - 1u) * cols);

    *idx = 0;
    for (t = 0; t + 1u < ECC_COMB_TEETH; t++)
        *idx |= (1u ^ comb_bit(c, k, j + t * cols) ^ top) << t;
    return top - 1u;
}

/*
 * Signed comb (Lim-Lee comb with the all-non-zero digits of comb_bit, as in
 * Hedabou-Pinel-Beneteau, "Countermeasures for preventing comb method against
 * SCA attacks", ISPEC 2005): cols - 1 doublings and mixed additions.  As
 * in mul_base_window, the partial sums before the last addition are non-zero
 * and below n in absolute value, with every comb tooth odd; only the last
 * addition, k = 2A + C_0, can meet 2A = C_0 (mod n) (k = n + 2 C_0).
 */
static void mul_base_comb(const ecc_curve *c, ecc_point *r, const uint32_t *k)
{
    uint32_t x[ECC_MAX_LIMBS], y[ECC_MAX_LIMBS];
    uint32_t j = c->comb_cols - 1u, idx, neg;

    neg = comb_column(c, k, j, &idx);
    select_comb(c, x, y, idx);
    cond_negate(c->fp, y, neg);
    set_affine(c, r, x, y);
    while (j-- > 0) {
        neg = comb_column(c, k, j, &idx);
        select_comb(c, x, y, idx);
        cond_negate(c->fp, y, neg);
        ecc_point_double(c, r, r);
        if (j > 0)
            point_add_core(c, r, r, x, y, NULL);
        else
            point_add_or_double(c, r, x, y, NULL);
    }
}

void ecc_mul_base(const ecc_curve *c, int use_comb, ecc_point *r, const uint32_t *k)
{
    uint32_t len = c->fp->len;
    uint32_t odd_k[ECC_MAX_LIMBS];
    uint32_t even = (k[0] & 1u) - 1u; /* all ones if k is even */

    /* k*G = -((n - k)*G); n is odd, so one of k and n - k is odd */
    ecc_bn_sub(odd_k, c->fn->m, k, len);
    ecc_bn_select(odd_k, odd_k, k, even, len);
    if (use_comb)
        mul_base_comb(c, r, odd_k);
    else
        mul_base_window(c, r, odd_k);
    cond_negate(c->fp, r->y, even);
}

/* ------------------------------------------------------------------ */
/* u1*G + u2*Q, variable time                                           */
/* ------------------------------------------------------------------ */

/* Width-5 NAF of u (len limbs): digits 0 or odd in [-15, 15], least
 * significant first; returns the number of digits (at most 32*len + 1). */
static uint32_t wnaf(int8_t *digits, const uint32_t *u, uint32_t len)
{
    uint32_t t[ECC_MAX_LIMBS + 1u];
    uint32_t count = 0, i;

    memcpy(t, u, len * 4u);
    t[len] = 0;
    while (!ecc_bn_is_zero(t, len + 1u)) {
        int d = 0;
        if (t[0] & 1u) {
            uint32_t carry;
            d = (int)(t[0] & ((1u << WNAF_WIDTH) - 1u));
            if (d > (1 << (WNAF_WIDTH - 1u)))
                d -= 1 << WNAF_WIDTH;
            /* t -= d clears the low WNAF_WIDTH bits */
            if (d > 0) {
                carry = (uint32_t)d; /* borrow */
                for (i = 0; i <= len; i++) {
                    uint32_t old = t[i];
                    t[i] = old - carry;
                    carry = old < carry;
                }
            } else {
                carry = (uint32_t)-d;
                for (i = 0; i <= len; i++) {
                    t[i] += carry;
                    carry = t[i] < carry;
                }
            }
        }
        digits[count++] = (int8_t)d;
        for (i = 0; i < len; i++)
            t[i] = (t[i] >> 1) | (t[i + 1u] << 31);
        t[len] >>= 1;
    }
    return count;
}

/* table[i] = (2i + 1) p for i < WNAF_POINTS. */
static void odd_multiples(const ecc_curve *c, ecc_point *table, const ecc_point *p)
{
    ecc_point twice;
    uint32_t i;

    memcpy(&table[0], p, sizeof *p);
    ecc_point_double(c, &twice, p);
    for (i = 1; i < WNAF_POINTS; i++)
        point_add_vartime(c, &table[i], &table[i - 1u], twice.x, twice.y, twice.z);
}

void ecc_mul_double_vartime(const ecc_curve *c, int use_comb, ecc_point *r, const uint32_t *u1,
                            const uint32_t *u2, const ecc_point *q)
{
    uint32_t len = c->fp->len;
    ecc_point table_q[WNAF_POINTS], table_g[WNAF_POINTS];
    int8_t naf_q[MAX_SCALAR_BITS + 1u], naf_g[MAX_SCALAR_BITS + 1u];
    uint32_t odd_u1[ECC_MAX_LIMBS];
    uint32_t count_q, count_g = 0, i, u1_even = 0;

    odd_multiples(c, table_q, q);
    count_q = wnaf(naf_q, u2, len);
    if (use_comb) {
        /* comb digits need an odd scalar: n - u1 (negated) when u1 is even */
        u1_even = (u1[0] & 1u) ^ 1u;
        if (u1_even)
            ecc_bn_sub(odd_u1, c->fn->m, u1, len);
        else
            memcpy(odd_u1, u1, len * 4u);
        count_g = c->comb_cols;
    } else {
        ecc_point g;
        set_affine(c, &g, c->gx, c->gy);
        odd_multiples(c, table_g, &g);
        count_g = wnaf(naf_g, u1, len);
    }

    memset(r, 0, sizeof *r);
    i = count_q > count_g ? count_q : count_g;
    while (i-- > 0) {
        if (!is_infinity(c, r))
            ecc_point_double(c, r, r);
        if (use_comb && i < count_g) {
            uint32_t x[ECC_MAX_LIMBS], y[ECC_MAX_LIMBS], idx;
            uint32_t neg = comb_column(c, odd_u1, i, &idx) ^ (0u - u1_even);
            const uint32_t *entry = c->comb + 2u * len * idx;

            memcpy(x, entry, len * 4u);
            memcpy(y, entry + len, len * 4u);
            if (neg)
                cond_negate(c->fp, y, neg);
            point_add_vartime(c, r, r, x, y, NULL);
        } else if (!use_comb && i < count_g && naf_g[i] != 0) {
            add_signed_vartime(c, r, table_g, naf_g[i]);
        }
        if (i < count_q && naf_q[i] != 0)
            add_signed_vartime(c, r, table_q, naf_q[i]);
    }
}

/* ------------------------------------------------------------------ */
/* Conversions and checks                                               */
/* ------------------------------------------------------------------ */

void ecc_point_to_affine(const ecc_curve *c, uint32_t *x, uint32_t *y, const ecc_point *p)
{
    const ecc_field *f = c->fp;
    uint32_t zi[ECC_MAX_LIMBS], zi2[ECC_MAX_LIMBS];

    ecc_fe_inv(f, zi, p->z);
    f->sqr(f, zi2, zi);
    f->mul(f, x, p->x, zi2);
    if (y != NULL) {
        f->mul(f, zi2, zi2, zi);
        f->mul(f, y, p->y, zi2);
    }
}

uint32_t ecc_point_on_curve(const ecc_curve *c, const uint32_t *x, const uint32_t *y)
{
    const ecc_field *f = c->fp;
    uint32_t lhs[ECC_MAX_LIMBS], rhs[ECC_MAX_LIMBS], t[ECC_MAX_LIMBS];

    f->sqr(f, lhs, y);
    f->sqr(f, rhs, x);
    f->mul(f, rhs, rhs, x);
    ecc_fe_add(f, t, x, x);
    ecc_fe_add(f, t, t, x);
    ecc_fe_sub(f, rhs, rhs, t);
    ecc_fe_add(f, rhs, rhs, c->b); /* x^3 - 3x + b */
    ecc_fe_sub(f, t, lhs, rhs);
    return ecc_bn_is_zero(t, f->len);
}
