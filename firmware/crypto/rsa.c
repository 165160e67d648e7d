/* SPDX-License-Identifier: MIT */
/*
 * rsa.c - RSASSA-PSS with SHA-256 (RFC 8017 sections 8.1 and 9.1) over the
 * Montgomery arithmetic of rsa_bn.c.
 */
#include "rsa.h"

#include <string.h>

#include "sha2.h"

#define HLEN RSA_PSS_HASH_LEN
#define SLEN RSA_PSS_SALT_LEN

/* buf[0..len) ^= MGF1-SHA-256(seed, len) (RFC 8017 appendix B.2.1). */
static void mgf1_xor(uint8_t *buf, size_t len, const uint8_t seed[HLEN])
{
    uint8_t mask[HLEN], counter[4];
    uint32_t c;
    size_t done = 0, i;
    sha256_ctx ctx;

    for (c = 0; done < len; c++) {
        counter[0] = (uint8_t)(c >> 24);
        counter[1] = (uint8_t)(c >> 16);
        counter[2] = (uint8_t)(c >> 8);
        counter[3] = (uint8_t)c;
        sha256_init(&ctx);
        sha256_update(&ctx, seed, HLEN);
        sha256_update(&ctx, counter, sizeof counter);
        sha256_final(&ctx, mask);
        for (i = 0; i < HLEN && done < len; i++, done++)
            buf[done] ^= mask[i];
    }
}

/* H = SHA-256(M'), M' = (0x)00 00 00 00 00 00 00 00 || mHash || salt
 * (RFC 8017 section 9.1.1 steps 5-6, section 9.1.2 steps 12-13). */
static void pss_hash(uint8_t h[HLEN], const uint8_t mhash[HLEN], const uint8_t salt[SLEN])
{
    static const uint8_t padding1[8] = {0};
    sha256_ctx ctx;

    sha256_init(&ctx);
    sha256_update(&ctx, padding1, sizeof padding1);
    sha256_update(&ctx, mhash, HLEN);
    sha256_update(&ctx, salt, SLEN);
    sha256_final(&ctx, h);
}

/* Bits of the first EM byte that carry data: 8*emLen - emBits top bits are
 * zero (section 9.1.1 step 11). */
static uint8_t em_top_mask(size_t em_len, size_t em_bits)
{
    return (uint8_t)(0xffu >> (8 * em_len - em_bits));
}

/* sig[0..k) = the message representative EM = EMSA-PSS-ENCODE(mHash,
 * emBits = modBits - 1) (section 9.1.1) as a k-byte integer (section 8.1.1
 * step 1, then OS2IP), k the modulus byte length. */
static int pss_encode(uint8_t *sig, size_t mod_bits, const uint8_t mhash[HLEN],
                      const uint8_t salt[SLEN])
{
    size_t k, em_bits, em_len, db_len;
    uint8_t *em;

    if (mod_bits <= 8 * (HLEN + SLEN + 1) + 1) /* step 3: emLen >= hLen + sLen + 2 */
        return RSA_ERR_PARAM;
    k = (mod_bits + 7) / 8;
    em_bits = mod_bits - 1;
    em_len = (em_bits + 7) / 8;
    em = &sig[k - em_len];
    db_len = em_len - HLEN - 1;
    memset(sig, 0, k - em_len);
    pss_hash(&em[db_len], mhash, salt);    /* steps 5-6: H */
    memset(em, 0, db_len - SLEN - 1);      /* steps 7-8: DB = PS || 0x01 || salt */
    em[db_len - SLEN - 1] = 0x01;
    memcpy(&em[db_len - SLEN], salt, SLEN);
    mgf1_xor(em, db_len, &em[db_len]);     /* steps 9-10 */
    em[0] &= em_top_mask(em_len, em_bits); /* step 11 */
    em[em_len - 1] = 0xbc;                 /* step 12 */
    return RSA_OK;
}

/* EMSA-PSS-VERIFY (section 9.1.2) of em[0..em_len) (unmasked in place). */
static int pss_verify(uint8_t *em, size_t em_len, size_t em_bits, const uint8_t mhash[HLEN])
{
    const uint8_t top_mask = em_top_mask(em_len, em_bits);
    uint8_t h[HLEN];
    size_t db_len, i;

    if (em_len < HLEN + SLEN + 2 || em[em_len - 1] != 0xbc || (em[0] & ~top_mask) != 0)
        return RSA_ERR_VERIFY; /* steps 3, 4 and 6 */
    db_len = em_len - HLEN - 1;
    mgf1_xor(em, db_len, &em[db_len]); /* steps 7-8 */
    em[0] &= top_mask;                 /* step 9 */
    for (i = 0; i < db_len - SLEN - 1; i++) {
        if (em[i] != 0) /* step 10 */
            return RSA_ERR_VERIFY;
    }
    if (em[db_len - SLEN - 1] != 0x01)
        return RSA_ERR_VERIFY;
    pss_hash(h, mhash, &em[db_len - SLEN]); /* steps 11-13 */
    return memcmp(h, &em[db_len], HLEN) == 0 ? RSA_OK : RSA_ERR_VERIFY; /* step 14 */
}

/* Checks a modulus given as bytes: odd, no leading zero byte, supported size. */
static int modulus_ok(const uint8_t *n, size_t n_len)
{
    return n_len > 0 && n_len <= RSA_MAX_BITS / 8 && n[0] != 0 && (n[n_len - 1] & 1u);
}

int rsa_pss_sign(const rsa_private_key *key, const uint8_t digest[RSA_PSS_HASH_LEN],
                 const uint8_t salt[RSA_PSS_SALT_LEN], rsa_bn_arith arith, unsigned window,
                 uint8_t *sig, uint32_t *work, size_t work_words)
{
    const size_t k = RSA_LIMBS(8 * key->n_len);
    uint32_t *n = work, *wide = &n[k], *acc = &wide[2 * k], *rr = &acc[k], *table = &rr[k];
    rsa_bn_mont m;
    int ret;

    if (!modulus_ok(key->n, key->n_len) || key->d_len == 0 || window < 1 ||
        window > RSA_BN_MAX_WINDOW || work_words < (5u + (1u << window)) * k)
        return RSA_ERR_PARAM;
    rsa_bn_from_bytes(n, k, key->n, key->n_len);
    ret = pss_encode(sig, rsa_bn_bit_length(n, k), digest, salt);
    if (ret != RSA_OK)
        return ret;

    /* RSASP1 (section 5.2.1, first form): s = m^d mod n.  m < n as EM has
     * fewer bits than n.  rr becomes the exponentiation's selection buffer
     * once the table's first two entries are made. */
    rsa_bn_mont_init(&m, n, k, arith, rr, wide);
    rsa_bn_from_bytes(acc, k, sig, key->n_len);
    rsa_bn_mont_mul(&m, &table[k], acc, rr); /* m*R mod n */
    rsa_bn_mont_reduce(&m, table, rr, k);    /* R mod n, 1 in Montgomery form */
    rsa_bn_mont_exp(&m, acc, table, key->d, key->d_len, window, rr);
    rsa_bn_mont_reduce(&m, acc, acc, k);
    rsa_bn_to_bytes(sig, key->n_len, acc, k);
    memset(work, 0, (5u + (1u << window)) * k * sizeof *work);
    return RSA_OK;
}

/* table[limbs..] and then acc = Montgomery form of msg^exp mod the prime of m,
 * msg[0..2*limbs) being below prime*R. */
static void exp_mod_prime(const rsa_bn_mont *m, const uint32_t *msg, const uint8_t *exp,
                          size_t exp_len, unsigned window, uint32_t *acc, uint32_t *sel,
                          uint32_t *table)
{
    const size_t h = m->limbs;

    rsa_bn_mont_reduce(m, acc, msg, 2 * h);     /* msg/R mod prime */
    rsa_bn_mont_sqr(m, sel, m->rr);             /* R^3 mod prime */
    rsa_bn_mont_mul(m, &table[h], acc, sel);    /* msg*R mod prime */
    rsa_bn_mont_reduce(m, table, m->rr, h);     /* R mod prime */
    rsa_bn_mont_exp(m, acc, table, exp, exp_len, window, sel);
}

int rsa_pss_sign_crt(const rsa_crt_key *key, const uint8_t digest[RSA_PSS_HASH_LEN],
                     const uint8_t salt[RSA_PSS_SALT_LEN], rsa_bn_arith arith, unsigned window,
                     uint8_t *sig, uint32_t *work, size_t work_words)
{
    const size_t hl = key->half_len, h = RSA_LIMBS(8 * hl), sig_len = (key->n_bits + 7) / 8;
    uint32_t *msg = work, *m2 = &msg[2 * h], *prime = &m2[h], *rr = &prime[h];
    uint32_t *wide = &rr[h], *acc = &wide[2 * h], *sel = &acc[h], *table = &sel[h];
    rsa_bn_mont m;
    int ret;

    if (hl == 0 || key->n_bits > RSA_MAX_BITS || key->n_bits > 16 * hl || key->p[0] == 0 ||
        key->q[0] == 0 || !(key->p[hl - 1] & key->q[hl - 1] & 1u) || window < 1 ||
        window > RSA_BN_MAX_WINDOW || work_words < (9u + (1u << window)) * h)
        return RSA_ERR_PARAM;
    ret = pss_encode(sig, key->n_bits, digest, salt);
    if (ret != RSA_OK)
        return ret;
    rsa_bn_from_bytes(msg, 2 * h, sig, sig_len);

    /* RSASP1 (section 5.2.1, second form): m2 = msg^dQ mod q, m1 = msg^dP
     * mod p; msg < n = p*q < p*R and < q*R since both primes are below R. */
    rsa_bn_from_bytes(prime, h, key->q, hl);
    rsa_bn_mont_init(&m, prime, h, arith, rr, wide);
    exp_mod_prime(&m, msg, key->dq, hl, window, acc, sel, table);
    rsa_bn_mont_reduce(&m, m2, acc, h);

    rsa_bn_from_bytes(prime, h, key->p, hl);
    rsa_bn_mont_init(&m, prime, h, arith, rr, wide);
    exp_mod_prime(&m, msg, key->dp, hl, window, acc, sel, table); /* acc = m1*R mod p */

    /* Garner: h = (m1 - m2)*qInv mod p, with m2 < q < R taken into p's
     * Montgomery form; the last product's R^-1 cancels that R. */
    rsa_bn_mont_mul(&m, sel, m2, rr);
    rsa_bn_mod_sub(&m, acc, acc, sel);
    rsa_bn_from_bytes(sel, h, key->qinv, hl);
    rsa_bn_mont_mul(&m, acc, acc, sel);

    /* s = m2 + q*h < n. */
    rsa_bn_from_bytes(prime, h, key->q, hl);
    rsa_bn_mul_add(msg, acc, prime, m2, h);
    rsa_bn_to_bytes(sig, sig_len, msg, 2 * h);
    memset(work, 0, (9u + (1u << window)) * h * sizeof *work); /* primes, CRT halves */
    return RSA_OK;
}

int rsa_pss_verify(const rsa_public_key *key, const uint8_t digest[RSA_PSS_HASH_LEN],
                   const uint8_t *sig, size_t sig_len, rsa_bn_arith arith, uint32_t *work,
                   size_t work_words)
{
    const size_t k = RSA_LIMBS(8 * key->n_len);
    uint32_t *n = work, *rr = &n[k], *wide = &rr[k], *s = &wide[2 * k], *x = &s[k];
    uint8_t *em = (uint8_t *)wide; /* free again once x is out of Montgomery form */
    rsa_bn_mont m;
    size_t mod_bits, em_len;

    if (!modulus_ok(key->n, key->n_len) || key->e < 3 || !(key->e & 1u) || work_words < 6u * k)
        return RSA_ERR_PARAM;
    if (sig_len != key->n_len) /* section 8.1.2 step 1 */
        return RSA_ERR_VERIFY;
    rsa_bn_from_bytes(n, k, key->n, key->n_len);
    rsa_bn_from_bytes(s, k, sig, sig_len);
    if (!rsa_bn_less_than(s, n, k)) /* RSAVP1, section 5.2.2 step 1 */
        return RSA_ERR_VERIFY;

    rsa_bn_mont_init(&m, n, k, arith, rr, wide);
    rsa_bn_mont_mul(&m, s, s, rr);
    rsa_bn_mont_exp_public(&m, x, s, key->e);
    rsa_bn_mont_reduce(&m, x, x, k);

    /* I2OSP(m, emLen), emLen = ceil((modBits - 1)/8) (section 8.1.2 step 2c). */
    mod_bits = rsa_bn_bit_length(n, k);
    em_len = (mod_bits - 1 + 7) / 8;
    rsa_bn_to_bytes(em, key->n_len, x, k);
    if (em_len < key->n_len && em[0] != 0)
        return RSA_ERR_VERIFY;
    return pss_verify(&em[key->n_len - em_len], em_len, mod_bits - 1, digest);
}
