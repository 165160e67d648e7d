/* SPDX-License-Identifier: MIT */
/*
 * ecdsa.c - ECDSA signature generation and verification (FIPS 186-5
 * sections 6.4.1 and 6.4.2) on top of ecc_p256p384.h.
 */
#include "ecdsa.h"

#include <string.h>

#include "ecc_p256p384.h"

static const ecc_curve *select_curve(const ecdsa_config *cfg)
{
    if (cfg->mem != ECDSA_MEM_LOW && cfg->mem != ECDSA_MEM_HIGH)
        return NULL;
    if (cfg->arith != ECDSA_ARITH_SMALL && cfg->arith != ECDSA_ARITH_FAST)
        return NULL;
    switch (cfg->curve) {
    case ECDSA_P256:
        return cfg->arith == ECDSA_ARITH_FAST ? &ecc_p256_fast : &ecc_p256_small;
    case ECDSA_P384:
        return cfg->arith == ECDSA_ARITH_FAST ? &ecc_p384_fast : &ecc_p384_small;
    }
    return NULL;
}

uint32_t ecdsa_bytes(ecdsa_curve_id curve)
{
    return curve == ECDSA_P256 ? 32u : curve == ECDSA_P384 ? 48u : 0u;
}

/* Clears secrets; the volatile pointer keeps the stores. */
static void wipe(void *p, size_t len)
{
    volatile uint8_t *v = (volatile uint8_t *)p;

    while (len--)
        *v++ = 0;
}

/* 1 if 1 <= x < n, constant time. */
static uint32_t scalar_in_range(const ecc_curve *c, const uint32_t *x)
{
    uint32_t len = c->fn->len;

    return (ecc_bn_is_zero(x, len) ^ 1u) & ecc_bn_less(x, c->fn->m, len);
}

/* x mod n for x < 2n (n > 2^(bits-1) for both curves). */
static void reduce_once(const ecc_curve *c, uint32_t *x)
{
    uint32_t t[ECC_MAX_LIMBS];
    uint32_t len = c->fn->len;
    uint32_t borrow = ecc_bn_sub(t, x, c->fn->m, len);

    ecc_bn_select(x, x, t, 0u - borrow, len);
}

/* e = the leftmost bits of the digest, as many as n has (8*bytes), mod n. */
static void digest_to_scalar(const ecc_curve *c, uint32_t *e, const uint8_t *digest, size_t len)
{
    uint8_t buf[ECDSA_MAX_BYTES];

    if (len >= c->bytes) {
        memcpy(buf, digest, c->bytes);
    } else {
        memset(buf, 0, c->bytes - len);
        if (len != 0)
            memcpy(buf + (c->bytes - len), digest, len);
    }
    ecc_bn_from_bytes(e, buf, c->bytes);
    reduce_once(c, e);
}

int ecdsa_public_key(const ecdsa_config *cfg, const uint8_t *priv, uint8_t *pub)
{
    const ecc_curve *c = select_curve(cfg);
    uint32_t d[ECC_MAX_LIMBS], x[ECC_MAX_LIMBS], y[ECC_MAX_LIMBS];
    ecc_point q;
    int ret = ECDSA_ERR_KEY;

    if (c == NULL)
        return ECDSA_ERR_CONFIG;
    ecc_bn_from_bytes(d, priv, c->bytes);
    if (scalar_in_range(c, d)) {
        ecc_mul_base(c, cfg->mem == ECDSA_MEM_HIGH, &q, d);
        ecc_point_to_affine(c, x, y, &q);
        ecc_fe_from(c->fp, x, x);
        ecc_fe_from(c->fp, y, y);
        ecc_bn_to_bytes(pub, x, c->bytes);
        ecc_bn_to_bytes(pub + c->bytes, y, c->bytes);
        ret = ECDSA_OK;
    }
    wipe(d, sizeof d);
    wipe(&q, sizeof q);
    return ret;
}

int ecdsa_sign(const ecdsa_config *cfg, const uint8_t *priv, const uint8_t *digest,
               size_t digest_len, const uint8_t *k, uint8_t *sig)
{
    const ecc_curve *c = select_curve(cfg);
    const ecc_field *fn;
    uint32_t d[ECC_MAX_LIMBS], kk[ECC_MAX_LIMBS], r[ECC_MAX_LIMBS], s[ECC_MAX_LIMBS];
    uint32_t e[ECC_MAX_LIMBS], t[ECC_MAX_LIMBS];
    ecc_point kg;
    int ret = ECDSA_OK;

    if (c == NULL)
        return ECDSA_ERR_CONFIG;
    fn = c->fn;
    ecc_bn_from_bytes(d, priv, c->bytes);
    ecc_bn_from_bytes(kk, k, c->bytes);
    if (!scalar_in_range(c, d)) {
        ret = ECDSA_ERR_KEY;
        goto out;
    }
    if (!scalar_in_range(c, kk)) {
        ret = ECDSA_ERR_NONCE;
        goto out;
    }

    /* r = x(k*G) mod n; x < p < 2n */
    ecc_mul_base(c, cfg->mem == ECDSA_MEM_HIGH, &kg, kk);
    ecc_point_to_affine(c, r, NULL, &kg);
    ecc_fe_from(c->fp, r, r);
    reduce_once(c, r);

    /* s = k^-1 (e + r*d) mod n.  The Montgomery product of an operand in
     * Montgomery form (x*R) and a plain one is plain, which saves conversions. */
    digest_to_scalar(c, e, digest, digest_len);
    ecc_fe_to(fn, t, kk);
    ecc_fe_inv(fn, kk, t); /* k^-1 R */
    ecc_fe_to(fn, t, r);   /* r R */
    fn->mul(fn, t, t, d);  /* r d */
    ecc_fe_add(fn, t, t, e);
    fn->mul(fn, s, kk, t); /* k^-1 (e + r d) */

    if (ecc_bn_is_zero(r, fn->len) | ecc_bn_is_zero(s, fn->len)) {
        ret = ECDSA_ERR_NONCE;
        goto out;
    }
    ecc_bn_to_bytes(sig, r, c->bytes);
    ecc_bn_to_bytes(sig + c->bytes, s, c->bytes);
out:
    wipe(d, sizeof d);
    wipe(kk, sizeof kk);
    wipe(t, sizeof t);
    wipe(&kg, sizeof kg);
    return ret;
}

int ecdsa_verify(const ecdsa_config *cfg, const uint8_t *pub, const uint8_t *digest,
                 size_t digest_len, const uint8_t *sig)
{
    const ecc_curve *c = select_curve(cfg);
    const ecc_field *fp, *fn;
    uint32_t r[ECC_MAX_LIMBS], s[ECC_MAX_LIMBS], e[ECC_MAX_LIMBS];
    uint32_t u1[ECC_MAX_LIMBS], u2[ECC_MAX_LIMBS], z2[ECC_MAX_LIMBS], t[ECC_MAX_LIMBS];
    ecc_point q, sum;
    uint32_t len;

    if (c == NULL)
        return ECDSA_ERR_CONFIG;
    fp = c->fp;
    fn = c->fn;
    len = fn->len;

    /* Q: coordinates below p, on the curve (prime order: no other check) */
    ecc_bn_from_bytes(q.x, pub, c->bytes);
    ecc_bn_from_bytes(q.y, pub + c->bytes, c->bytes);
    if (!ecc_bn_less(q.x, fp->m, len) || !ecc_bn_less(q.y, fp->m, len))
        return ECDSA_ERR_KEY;
    ecc_fe_to(fp, q.x, q.x);
    ecc_fe_to(fp, q.y, q.y);
    memcpy(q.z, fp->one, len * 4u);
    if (!ecc_point_on_curve(c, q.x, q.y))
        return ECDSA_ERR_KEY;

    ecc_bn_from_bytes(r, sig, c->bytes);
    ecc_bn_from_bytes(s, sig + c->bytes, c->bytes);
    if (!scalar_in_range(c, r) || !scalar_in_range(c, s))
        return ECDSA_ERR_SIGNATURE;

    /* u1 = e s^-1, u2 = r s^-1 mod n (Montgomery form of s^-1 times plain
     * operands gives plain results) */
    digest_to_scalar(c, e, digest, digest_len);
    ecc_fe_to(fn, t, s);
    ecc_fe_inv(fn, t, t); /* s^-1 R */
    fn->mul(fn, u1, t, e);
    fn->mul(fn, u2, t, r);

    ecc_mul_double_vartime(c, cfg->mem == ECDSA_MEM_HIGH, &sum, u1, u2, &q);
    if (ecc_bn_is_zero(sum.z, len))
        return ECDSA_ERR_SIGNATURE;

    /* x(sum) mod n == r  <=>  X == r' Z^2 for r' = r or r + n (if < p):
     * no inversion needed */
    fp->sqr(fp, z2, sum.z);
    ecc_fe_to(fp, t, r);
    fp->mul(fp, t, t, z2);
    if (memcmp(t, sum.x, len * 4u) == 0)
        return ECDSA_OK;
    if (ecc_bn_add(r, r, fn->m, len) == 0 && ecc_bn_less(r, fp->m, len)) {
        ecc_fe_to(fp, t, r);
        fp->mul(fp, t, t, z2);
        if (memcmp(t, sum.x, len * 4u) == 0)
            return ECDSA_OK;
    }
    return ECDSA_ERR_SIGNATURE;
}
