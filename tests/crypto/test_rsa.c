/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_rsa.c - host test of the RSA sources (firmware/crypto/rsa.c,
 * rsa_bn.c) and of the RSA benchmark cases, against OpenSSL 3:
 *  - Montgomery arithmetic and fixed-window exponentiation of both variants
 *    against BN_mod_exp/BN_mod_mul on random and edge-case inputs of 1 to 96
 *    limbs (fixed-seed PRNG, so runs are reproducible);
 *  - the committed test key passes OpenSSL's RSA key check;
 *  - PSS signatures, with and without CRT, every variant and window, equal
 *    the OpenSSL-computed reference (EMSA-PSS encoding over EVP SHA-256, then
 *    a raw private-key operation) and pass EVP_PKEY_verify with PSS padding,
 *    for the 3072-bit key and for generated 1033- and 2048-bit keys;
 *  - OpenSSL PSS signatures verify; tampered ones, wrong digests, wrong
 *    salt lengths, out-of-range and wrong-length signatures are rejected;
 *  - every benchmark case (bench_cases section) passes setup/run/check, its
 *    check catches a corrupted result, and the rows are the expected 14.
 * Built twice by rsa.cmake: natively, and with RSA_BN_MUL_HALVES=1 to run
 * the Cortex-M0+ multiplication path.
 */
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/rsa.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rsa_cases.c" /* the cases compiled natively, constants included */

#ifndef RSA_BN_MUL_HALVES
#define RSA_BN_MUL_HALVES 0 /* as rsa_bn.c on the host */
#endif

static unsigned checks, failures;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        checks++;                                                                                  \
        if (!(cond)) {                                                                             \
            failures++;                                                                            \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                            \
            printf(__VA_ARGS__);                                                                   \
            printf("\n");                                                                          \
        }                                                                                          \
    } while (0)

static uint32_t noted_workbuf;

void bench_note_workbuf(uint32_t bytes)
{
    noted_workbuf = bytes;
}

/* ---- Helpers --------------------------------------------------------------- */

static uint64_t prng_state = 0x9e3779b97f4a7c15u;

/* splitmix64 (Steele, Lea, Flood, OOPSLA 2014) */
static uint64_t prng64(void)
{
    uint64_t z = (prng_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static uint32_t prng32(void)
{
    return (uint32_t)(prng64() >> 32);
}

static void prng_bytes(uint8_t *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        b[i] = (uint8_t)(prng64() >> 56);
}

static void print_hex(const char *label, const uint8_t *b, size_t n)
{
    size_t i;
    printf("  %s:", label);
    for (i = 0; i < n; i++)
        printf("%s0x%02x,", i % 16 == 0 ? "\n    " : " ", b[i]);
    printf("\n");
}

/* Limbs <-> BIGNUM, written independently of rsa_bn_from/to_bytes. */
static BIGNUM *bn_of(const uint32_t *a, size_t k)
{
    uint8_t buf[4 * RSA_BN_MAX_LIMBS * 2 + 4];
    size_t i;
    for (i = 0; i < 4 * k; i++)
        buf[4 * k - 1 - i] = (uint8_t)(a[i / 4] >> (8 * (i % 4)));
    return BN_bin2bn(buf, (int)(4 * k), NULL);
}

static void limbs_of(uint32_t *a, size_t k, const BIGNUM *x)
{
    uint8_t buf[4 * RSA_BN_MAX_LIMBS * 2 + 4];
    size_t i;
    if (BN_bn2binpad(x, buf, (int)(4 * k)) < 0) {
        printf("limbs_of: value too large\n");
        exit(2);
    }
    for (i = 0; i < k; i++)
        a[i] = (uint32_t)buf[4 * (k - 1 - i)] << 24 | (uint32_t)buf[4 * (k - 1 - i) + 1] << 16 |
               (uint32_t)buf[4 * (k - 1 - i) + 2] << 8 | buf[4 * (k - 1 - i) + 3];
}

static void set_bn(BIGNUM **dst, const uint32_t *a, size_t k)
{
    BN_free(*dst);
    *dst = bn_of(a, k);
}

static int limbs_equal_bn(const uint32_t *a, size_t k, const BIGNUM *x)
{
    BIGNUM *y = bn_of(a, k);
    int eq = BN_cmp(x, y) == 0;
    BN_free(y);
    return eq;
}

/* ---- Montgomery arithmetic against BN ------------------------------------- */

static uint32_t t_n[RSA_BN_MAX_LIMBS], t_rr[RSA_BN_MAX_LIMBS], t_wide[2 * RSA_BN_MAX_LIMBS];
static uint32_t t_a[2 * RSA_BN_MAX_LIMBS], t_b[RSA_BN_MAX_LIMBS], t_c[RSA_BN_MAX_LIMBS];
static uint32_t t_r[2 * RSA_BN_MAX_LIMBS], t_sel[RSA_BN_MAX_LIMBS];
static uint32_t t_table[(1u << RSA_BN_MAX_WINDOW) * RSA_BN_MAX_LIMBS];

/* Odd modulus of k limbs with a non-zero top limb; `kind` picks an edge. */
static void make_modulus(uint32_t *n, size_t k, unsigned kind)
{
    size_t i;
    for (i = 0; i < k; i++)
        n[i] = prng32();
    switch (kind % 4) {
    case 0: /* full top bit */
        n[k - 1] |= 0x80000000u;
        break;
    case 1: /* random bit length within the top limb */
        n[k - 1] >>= prng32() % 32;
        break;
    case 2: /* 2^(32k) - 1 */
        for (i = 0; i < k; i++)
            n[i] = 0xffffffffu;
        break;
    default: /* top limb 1: the shortest modulus of k limbs */
        n[k - 1] = 1;
        break;
    }
    if (n[k - 1] == 0)
        n[k - 1] = 1;
    n[0] |= 1;
    if (k == 1 && n[0] < 3)
        n[0] = 3;
}

/* Random value below n (k limbs); `kind` picks 0, 1, n-1 or random. */
static void make_below(uint32_t *a, const uint32_t *n, size_t k, unsigned kind, BN_CTX *ctx)
{
    BIGNUM *bn_n = bn_of(n, k), *x;
    size_t i;

    for (i = 0; i < k; i++)
        a[i] = prng32();
    x = bn_of(a, k);
    switch (kind % 5) {
    case 0:
        BN_zero(x);
        break;
    case 1:
        BN_one(x);
        break;
    case 2:
        BN_sub(x, bn_n, BN_value_one());
        break;
    default:
        BN_nnmod(x, x, bn_n, ctx);
        break;
    }
    limbs_of(a, k, x);
    BN_free(x);
    BN_free(bn_n);
}

static void test_modulus(size_t k, unsigned kind, rsa_bn_arith arith, BN_CTX *ctx)
{
    rsa_bn_mont m;
    BIGNUM *n, *r_mod, *r_inv, *x, *y, *z, *e_bn;
    uint8_t e[4 * RSA_BN_MAX_LIMBS + 8];
    size_t i, e_len;
    unsigned window, trial;
    const char *v = arith == RSA_BN_FAST ? "fast" : "small";

    make_modulus(t_n, k, kind);
    rsa_bn_mont_init(&m, t_n, k, arith, t_rr, t_wide);
    n = bn_of(t_n, k);
    r_mod = BN_new();
    x = BN_new();
    y = BN_new();
    z = BN_new();
    BN_set_bit(r_mod, (int)(32 * k));
    r_inv = BN_mod_inverse(NULL, r_mod, n, ctx);

    CHECK(rsa_bn_bit_length(t_n, k) == (size_t)BN_num_bits(n), "bit_length k=%zu", k);
    CHECK((uint32_t)(t_n[0] * m.n0inv) == 0xffffffffu, "n0inv k=%zu", k);
    BN_mod_mul(x, r_mod, r_mod, n, ctx);
    CHECK(limbs_equal_bn(t_rr, k, x), "R^2 mod n, k=%zu kind=%u %s", k, kind, v);

    for (trial = 0; trial < (k < 47 ? 5u : 3u); trial++) {
        /* Exponentiation: base, exponent length and window vary per trial. */
        make_below(t_b, t_n, k, trial + kind, ctx);
        /* Up to a few bytes beyond the modulus; big moduli get shorter
         * exponents to keep the run short (the signatures cover full ones). */
        e_len = 1 + prng32() % (k <= 16 ? 4 * k + 6 : 24);
        prng_bytes(e, e_len);
        if (trial == 1)
            memset(e, 0, e_len);
        if (trial == 2)
            memset(e, 0xff, e_len);
        if (trial == 3)
            e[0] = 0; /* leading zero byte */
        window = 1 + (unsigned)((trial + kind + k) % RSA_BN_MAX_WINDOW);
        rsa_bn_mont_reduce(&m, t_table, t_rr, k);
        rsa_bn_mont_mul(&m, &t_table[k], t_b, t_rr);
        rsa_bn_mont_exp(&m, t_r, t_table, e, e_len, window, t_sel);
        rsa_bn_mont_reduce(&m, t_r, t_r, k);
        e_bn = BN_bin2bn(e, (int)e_len, NULL);
        set_bn(&x, t_b, k);
        BN_mod_exp(y, x, e_bn, n, ctx);
        CHECK(limbs_equal_bn(t_r, k, y), "mont_exp k=%zu kind=%u %s window=%u e_len=%zu", k, kind,
              v, window, e_len);
        BN_free(e_bn);

        /* Public-exponent exponentiation. */
        {
            static const uint32_t public_e[5] = {1, 3, 65537, 0xffffffffu, 0x80000001u};
            uint32_t pe = trial < 5 ? public_e[trial] : prng32() | 1u;
            BIGNUM *pe_bn = BN_new();
            BN_set_word(pe_bn, pe);
            rsa_bn_mont_mul(&m, t_c, t_b, t_rr);
            rsa_bn_mont_exp_public(&m, t_r, t_c, pe);
            rsa_bn_mont_reduce(&m, t_r, t_r, k);
            BN_mod_exp(y, x, pe_bn, n, ctx);
            CHECK(limbs_equal_bn(t_r, k, y), "mont_exp_public k=%zu %s e=%u", k, v, pe);
            BN_free(pe_bn);
        }

        /* Product with a < R not reduced (used for m2 in Garner's step). */
        for (i = 0; i < k; i++)
            t_a[i] = prng32();
        if (trial == 0)
            memset(t_a, 0xff, k * sizeof t_a[0]);
        make_below(t_c, t_n, k, trial + 3, ctx);
        set_bn(&x, t_a, k);
        set_bn(&z, t_c, k);
        BN_mul(y, x, z, ctx);
        BN_mod_mul(y, y, r_inv, n, ctx);
        rsa_bn_mont_mul(&m, t_r, t_a, t_c);
        CHECK(limbs_equal_bn(t_r, k, y), "mont_mul k=%zu kind=%u %s", k, kind, v);
        rsa_bn_mont_mul(&m, t_c, t_c, t_c); /* result over an operand */
        BN_mod_sqr(y, z, n, ctx);
        BN_mod_mul(y, y, r_inv, n, ctx);
        CHECK(limbs_equal_bn(t_c, k, y), "mont_mul aliased k=%zu %s", k, v);

        /* Square. */
        make_below(t_c, t_n, k, trial + 2, ctx);
        set_bn(&z, t_c, k);
        rsa_bn_mont_sqr(&m, t_r, t_c);
        BN_mod_sqr(y, z, n, ctx);
        BN_mod_mul(y, y, r_inv, n, ctx);
        CHECK(limbs_equal_bn(t_r, k, y), "mont_sqr k=%zu kind=%u %s", k, kind, v);

        /* Reduction of a double-width value below n*R. */
        for (i = 0; i < 2 * k; i++)
            t_a[i] = prng32();
        set_bn(&x, t_a, 2 * k);
        BN_mul(y, n, r_mod, ctx);
        BN_nnmod(x, x, y, ctx);
        if (trial == 0)
            BN_sub(x, y, BN_value_one()); /* n*R - 1, the largest input */
        limbs_of(t_a, 2 * k, x);
        rsa_bn_mont_reduce(&m, t_r, t_a, 2 * k);
        BN_mod_mul(y, x, r_inv, n, ctx);
        CHECK(limbs_equal_bn(t_r, k, y), "mont_reduce k=%zu kind=%u %s", k, kind, v);

        /* Modular subtraction. */
        make_below(t_b, t_n, k, trial, ctx);
        make_below(t_c, t_n, k, trial + 2, ctx);
        set_bn(&x, t_b, k);
        set_bn(&z, t_c, k);
        BN_mod_sub(y, x, z, n, ctx);
        rsa_bn_mod_sub(&m, t_r, t_b, t_c);
        CHECK(limbs_equal_bn(t_r, k, y), "mod_sub k=%zu %s", k, v);

        /* Plain product plus addend. */
        for (i = 0; i < k; i++) {
            t_a[i] = trial == 0 ? 0xffffffffu : prng32();
            t_b[i] = trial == 0 ? 0xffffffffu : prng32();
            t_c[i] = trial == 0 ? 0xffffffffu : prng32();
        }
        set_bn(&x, t_a, k);
        set_bn(&z, t_b, k);
        BN_mul(y, x, z, ctx);
        set_bn(&z, t_c, k);
        BN_add(y, y, z);
        rsa_bn_mul_add(t_r, t_a, t_b, t_c, k);
        CHECK(limbs_equal_bn(t_r, 2 * k, y), "mul_add k=%zu", k);
    }

    BN_free(n);
    BN_free(r_mod);
    BN_free(r_inv);
    BN_free(x);
    BN_free(y);
    BN_free(z);
}

static void test_arith(void)
{
    static const size_t sizes[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 16, 17, 33, 47, 48, 95, 96};
    BN_CTX *ctx = BN_CTX_new();
    size_t s;
    unsigned kind;
    uint32_t v[3];

    for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        for (kind = 0; kind < 4; kind++) {
            if (sizes[s] > 48 && kind == 1)
                continue; /* keeps the run short; kinds 0, 2, 3 cover the big sizes */
            test_modulus(sizes[s], kind, RSA_BN_SMALL, ctx);
            test_modulus(sizes[s], kind, RSA_BN_FAST, ctx);
        }
    }

    /* Bit length of edge values. */
    memset(v, 0, sizeof v);
    CHECK(rsa_bn_bit_length(v, 3) == 0, "bit_length 0");
    v[1] = 1;
    CHECK(rsa_bn_bit_length(v, 3) == 33, "bit_length 2^32");
    v[2] = 0x80000000u;
    CHECK(rsa_bn_bit_length(v, 3) == 96, "bit_length 2^95+2^32");
    BN_CTX_free(ctx);
}

/* ---- RSA keys ---------------------------------------------------------------- */

#define MAX_BYTES RSA_TESTKEY_BYTES

typedef struct {
    size_t bits, n_len, half_len;
    uint8_t n[MAX_BYTES], d[MAX_BYTES];
    uint8_t p[MAX_BYTES / 2], q[MAX_BYTES / 2], dp[MAX_BYTES / 2], dq[MAX_BYTES / 2],
        qinv[MAX_BYTES / 2];
    EVP_PKEY *pkey;
} test_key;

static EVP_PKEY *pkey_of(const test_key *k)
{
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    BIGNUM *f[8];
    OSSL_PARAM *params;
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
    EVP_PKEY *pkey = NULL;
    int i;

    f[0] = BN_bin2bn(k->n, (int)k->n_len, NULL);
    f[1] = BN_new();
    BN_set_word(f[1], RSA_TESTKEY_E);
    f[2] = BN_bin2bn(k->d, (int)k->n_len, NULL);
    f[3] = BN_bin2bn(k->p, (int)k->half_len, NULL);
    f[4] = BN_bin2bn(k->q, (int)k->half_len, NULL);
    f[5] = BN_bin2bn(k->dp, (int)k->half_len, NULL);
    f[6] = BN_bin2bn(k->dq, (int)k->half_len, NULL);
    f[7] = BN_bin2bn(k->qinv, (int)k->half_len, NULL);
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_N, f[0]);
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_E, f[1]);
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_D, f[2]);
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_FACTOR1, f[3]);
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_FACTOR2, f[4]);
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_EXPONENT1, f[5]);
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_EXPONENT2, f[6]);
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_COEFFICIENT1, f[7]);
    params = OSSL_PARAM_BLD_to_param(bld);
    if (EVP_PKEY_fromdata_init(ctx) <= 0 ||
        EVP_PKEY_fromdata(ctx, &pkey, EVP_PKEY_KEYPAIR, params) <= 0) {
        printf("EVP_PKEY_fromdata failed\n");
        exit(2);
    }
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(bld);
    EVP_PKEY_CTX_free(ctx);
    for (i = 0; i < 8; i++)
        BN_free(f[i]);
    return pkey;
}

static void load_testkey(test_key *k)
{
    k->bits = RSA_TESTKEY_BITS;
    k->n_len = RSA_TESTKEY_BYTES;
    k->half_len = RSA_TESTKEY_HALF_BYTES;
    memcpy(k->n, rsa_testkey_n, k->n_len);
    memcpy(k->d, rsa_testkey_d, k->n_len);
    memcpy(k->p, rsa_testkey_p, k->half_len);
    memcpy(k->q, rsa_testkey_q, k->half_len);
    memcpy(k->dp, rsa_testkey_dp, k->half_len);
    memcpy(k->dq, rsa_testkey_dq, k->half_len);
    memcpy(k->qinv, rsa_testkey_qinv, k->half_len);
    k->pkey = pkey_of(k);
}

/* Prime of `bits` bits with the top two bits set and gcd(p-1, e) = 1, from
 * the test PRNG (reproducible). */
static BIGNUM *make_prime(int bits, BN_CTX *ctx)
{
    uint8_t buf[MAX_BYTES / 2];
    const int len = (bits + 7) / 8;
    BIGNUM *p, *pm1 = BN_new(), *g = BN_new(), *e = BN_new();

    BN_set_word(e, RSA_TESTKEY_E);
    for (;;) {
        prng_bytes(buf, (size_t)len);
        p = BN_bin2bn(buf, len, NULL);
        BN_mask_bits(p, bits);
        BN_set_bit(p, bits - 1);
        BN_set_bit(p, bits - 2);
        BN_set_bit(p, 0);
        BN_sub(pm1, p, BN_value_one());
        BN_gcd(g, pm1, e, ctx);
        if (BN_is_one(g) && BN_check_prime(p, ctx, NULL) == 1)
            break;
        BN_free(p);
    }
    BN_free(pm1);
    BN_free(g);
    BN_free(e);
    return p;
}

static void make_key(test_key *k, size_t bits)
{
    BN_CTX *ctx = BN_CTX_new();
    BIGNUM *p = make_prime((int)(bits + 1) / 2, ctx), *q = make_prime((int)bits / 2, ctx);
    BIGNUM *n = BN_new(), *pm1 = BN_new(), *qm1 = BN_new(), *lambda = BN_new(), *g = BN_new();
    BIGNUM *e = BN_new(), *d, *dp = BN_new(), *dq = BN_new(), *qinv;

    BN_mul(n, p, q, ctx);
    BN_sub(pm1, p, BN_value_one());
    BN_sub(qm1, q, BN_value_one());
    BN_mul(lambda, pm1, qm1, ctx);
    BN_gcd(g, pm1, qm1, ctx);
    BN_div(lambda, NULL, lambda, g, ctx);
    BN_set_word(e, RSA_TESTKEY_E);
    d = BN_mod_inverse(NULL, e, lambda, ctx);
    BN_mod(dp, d, pm1, ctx);
    BN_mod(dq, d, qm1, ctx);
    qinv = BN_mod_inverse(NULL, q, p, ctx);

    k->bits = bits;
    k->n_len = (bits + 7) / 8;
    k->half_len = (size_t)(BN_num_bytes(p) > BN_num_bytes(q) ? BN_num_bytes(p) : BN_num_bytes(q));
    if ((size_t)BN_num_bits(n) != bits || (size_t)BN_num_bytes(q) != k->half_len) {
        printf("make_key: unexpected sizes\n");
        exit(2);
    }
    BN_bn2binpad(n, k->n, (int)k->n_len);
    BN_bn2binpad(d, k->d, (int)k->n_len);
    BN_bn2binpad(p, k->p, (int)k->half_len);
    BN_bn2binpad(q, k->q, (int)k->half_len);
    BN_bn2binpad(dp, k->dp, (int)k->half_len);
    BN_bn2binpad(dq, k->dq, (int)k->half_len);
    BN_bn2binpad(qinv, k->qinv, (int)k->half_len);
    k->pkey = pkey_of(k);

    BN_free(p);
    BN_free(q);
    BN_free(n);
    BN_free(pm1);
    BN_free(qm1);
    BN_free(lambda);
    BN_free(g);
    BN_free(e);
    BN_free(d);
    BN_free(dp);
    BN_free(dq);
    BN_free(qinv);
    BN_CTX_free(ctx);
}

static void free_key(test_key *k)
{
    EVP_PKEY_free(k->pkey);
}

/* ---- OpenSSL references -------------------------------------------------------- */

static void sha256_evp(uint8_t out[32], const uint8_t *a, size_t a_len, const uint8_t *b,
                       size_t b_len, const uint8_t *c, size_t c_len)
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    unsigned int len = 32;
    EVP_DigestInit_ex(ctx, EVP_sha256(), NULL);
    EVP_DigestUpdate(ctx, a, a_len);
    EVP_DigestUpdate(ctx, b, b_len);
    EVP_DigestUpdate(ctx, c, c_len);
    EVP_DigestFinal_ex(ctx, out, &len);
    EVP_MD_CTX_free(ctx);
}

/* Deterministic PSS signature: EMSA-PSS-ENCODE (RFC 8017 9.1.1) with the
 * given salt, hashing through EVP, then OpenSSL's raw private operation. */
static void ref_pss_sign(const test_key *k, const uint8_t digest[32], const uint8_t salt[32],
                         uint8_t *sig)
{
    static const uint8_t zeros[8];
    const size_t em_bits = k->bits - 1, em_len = (em_bits + 7) / 8, db_len = em_len - 33;
    uint8_t buf[MAX_BYTES], *em = buf + k->n_len - em_len, mask[32], ctr[4];
    size_t done, i, sig_len = k->n_len;
    uint32_t c;
    EVP_PKEY_CTX *ctx;

    memset(buf, 0, sizeof buf);
    sha256_evp(em + db_len, zeros, 8, digest, 32, salt, 32);
    em[db_len - 33] = 0x01;
    memcpy(em + db_len - 32, salt, 32);
    for (c = 0, done = 0; done < db_len; c++) { /* MGF1, RFC 8017 B.2.1 */
        ctr[0] = (uint8_t)(c >> 24);
        ctr[1] = (uint8_t)(c >> 16);
        ctr[2] = (uint8_t)(c >> 8);
        ctr[3] = (uint8_t)c;
        sha256_evp(mask, em + db_len, 32, ctr, 4, NULL, 0);
        for (i = 0; i < 32 && done < db_len; i++, done++)
            em[done] ^= mask[i];
    }
    em[0] &= (uint8_t)(0xffu >> (8 * em_len - em_bits));
    em[em_len - 1] = 0xbc;

    ctx = EVP_PKEY_CTX_new(k->pkey, NULL);
    if (EVP_PKEY_sign_init(ctx) <= 0 || EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_NO_PADDING) <= 0 ||
        EVP_PKEY_sign(ctx, sig, &sig_len, buf, k->n_len) <= 0 || sig_len != k->n_len) {
        printf("raw EVP_PKEY_sign failed\n");
        exit(2);
    }
    EVP_PKEY_CTX_free(ctx);
}

static EVP_PKEY_CTX *pss_ctx(EVP_PKEY *pkey, int sign, int salt_len)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(pkey, NULL);
    if ((sign ? EVP_PKEY_sign_init(ctx) : EVP_PKEY_verify_init(ctx)) <= 0 ||
        EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_PSS_PADDING) <= 0 ||
        EVP_PKEY_CTX_set_signature_md(ctx, EVP_sha256()) <= 0 ||
        EVP_PKEY_CTX_set_rsa_mgf1_md(ctx, EVP_sha256()) <= 0 ||
        EVP_PKEY_CTX_set_rsa_pss_saltlen(ctx, salt_len) <= 0) {
        printf("PSS context setup failed\n");
        exit(2);
    }
    return ctx;
}

static int ossl_pss_verify(const test_key *k, const uint8_t digest[32], const uint8_t *sig)
{
    EVP_PKEY_CTX *ctx = pss_ctx(k->pkey, 0, 32);
    int ok = EVP_PKEY_verify(ctx, sig, k->n_len, digest, 32) == 1;
    EVP_PKEY_CTX_free(ctx);
    return ok;
}

static void ossl_pss_sign(const test_key *k, const uint8_t digest[32], int salt_len, uint8_t *sig)
{
    EVP_PKEY_CTX *ctx = pss_ctx(k->pkey, 1, salt_len);
    size_t len = k->n_len;
    if (EVP_PKEY_sign(ctx, sig, &len, digest, 32) <= 0 || len != k->n_len) {
        printf("EVP_PKEY_sign PSS failed\n");
        exit(2);
    }
    EVP_PKEY_CTX_free(ctx);
}

/* ---- RSA against OpenSSL ---------------------------------------------------------- */

static uint32_t work[RSA_SIGN_WORK_WORDS(RSA_MAX_BITS, RSA_BN_MAX_WINDOW)];

static int our_sign(const test_key *k, int crt, rsa_bn_arith arith, unsigned window,
                    const uint8_t *digest, const uint8_t *salt, uint8_t *sig)
{
    if (crt) {
        const rsa_crt_key key = {k->bits, k->half_len, k->p, k->q, k->dp, k->dq, k->qinv};
        return rsa_pss_sign_crt(&key, digest, salt, arith, window, sig, work,
                                RSA_SIGN_CRT_WORK_WORDS(k->bits, window));
    } else {
        const rsa_private_key key = {k->n, k->n_len, k->d, k->n_len};
        return rsa_pss_sign(&key, digest, salt, arith, window, sig, work,
                            RSA_SIGN_WORK_WORDS(k->bits, window));
    }
}

static int our_verify(const test_key *k, rsa_bn_arith arith, const uint8_t *digest,
                      const uint8_t *sig, size_t sig_len)
{
    const rsa_public_key key = {k->n, k->n_len, RSA_TESTKEY_E};
    return rsa_pss_verify(&key, digest, sig, sig_len, arith, work, RSA_VERIFY_WORK_WORDS(k->bits));
}

/* Every form, variant and window (or, when `all` is 0, the CRT form of each
 * variant and the plain form of one, with random windows of 3 bits or more:
 * the quick ones) signs like the OpenSSL reference; the signatures verify
 * both ways. */
static void test_sign(const test_key *k, const uint8_t digest[32], const uint8_t salt[32], int all)
{
    uint8_t ref[MAX_BYTES], sig[MAX_BYTES];
    const int plain_arith = (int)(prng32() % 2);
    unsigned window;
    int crt, arith, ret;

    ref_pss_sign(k, digest, salt, ref);
    CHECK(ossl_pss_verify(k, digest, ref), "OpenSSL rejects the reference, %zu bits", k->bits);
    for (crt = 0; crt < 2; crt++) {
        for (arith = 0; arith < 2; arith++) {
            const unsigned quick_window = 3 + prng32() % (RSA_BN_MAX_WINDOW - 2);
            for (window = 1; window <= RSA_BN_MAX_WINDOW; window++) {
                if (!all && ((!crt && arith != plain_arith) || window != quick_window))
                    continue;
                memset(sig, 0xa5, sizeof sig);
                ret = our_sign(k, crt, (rsa_bn_arith)arith, window, digest, salt, sig);
                CHECK(ret == RSA_OK && memcmp(sig, ref, k->n_len) == 0,
                      "sign %zu bits crt=%d arith=%d window=%u: ret %d, differs from OpenSSL",
                      k->bits, crt, arith, window, ret);
                if (ret == RSA_OK && memcmp(sig, ref, k->n_len) != 0) {
                    print_hex("expected (OpenSSL)", ref, k->n_len);
                    print_hex("got", sig, k->n_len);
                }
            }
        }
    }
    CHECK(our_verify(k, RSA_BN_SMALL, digest, ref, k->n_len) == RSA_OK, "verify small");
    CHECK(our_verify(k, RSA_BN_FAST, digest, ref, k->n_len) == RSA_OK, "verify fast");
}

/* OpenSSL's PSS signatures (random salts) verify; tampering is rejected. */
static void test_verify(const test_key *k, int rounds)
{
    uint8_t digest[32], sig[MAX_BYTES], bad[MAX_BYTES];
    int round, arith;
    size_t bit;

    for (round = 0; round < rounds; round++) {
        prng_bytes(digest, sizeof digest);
        ossl_pss_sign(k, digest, 32, sig);
        for (arith = 0; arith < 2; arith++) {
            const rsa_bn_arith a = (rsa_bn_arith)arith;
            CHECK(our_verify(k, a, digest, sig, k->n_len) == RSA_OK,
                  "OpenSSL signature rejected, %zu bits arith=%d", k->bits, arith);

            memcpy(bad, sig, k->n_len);
            bit = prng32() % (8 * k->n_len);
            bad[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            CHECK(our_verify(k, a, digest, bad, k->n_len) == RSA_ERR_VERIFY,
                  "tampered signature (bit %zu) accepted", bit);

            digest[bit % 32] ^= 0x10;
            CHECK(our_verify(k, a, digest, sig, k->n_len) == RSA_ERR_VERIFY,
                  "signature accepted for another digest");
            digest[bit % 32] ^= 0x10;
        }
    }

    /* Another salt length, out-of-range and wrong-length signatures. */
    prng_bytes(digest, sizeof digest);
    ossl_pss_sign(k, digest, 20, sig);
    CHECK(ossl_pss_verify(k, digest, sig) == 0, "OpenSSL accepts salt 20 as salt 32");
    CHECK(our_verify(k, RSA_BN_FAST, digest, sig, k->n_len) == RSA_ERR_VERIFY,
          "salt length 20 accepted");
    CHECK(our_verify(k, RSA_BN_SMALL, digest, k->n, k->n_len) == RSA_ERR_VERIFY, "s = n accepted");
    memset(bad, 0xff, k->n_len);
    CHECK(our_verify(k, RSA_BN_FAST, digest, bad, k->n_len) == RSA_ERR_VERIFY, "s > n accepted");
    ossl_pss_sign(k, digest, 32, sig);
    CHECK(our_verify(k, RSA_BN_FAST, digest, sig, k->n_len - 1) == RSA_ERR_VERIFY,
          "short signature accepted");
}

static void test_params(const test_key *k)
{
    const rsa_private_key key = {k->n, k->n_len, k->d, k->n_len};
    const rsa_public_key even_e = {k->n, k->n_len, 65536};
    uint8_t digest[32] = {0}, sig[MAX_BYTES];

    CHECK(rsa_pss_sign(&key, digest, digest, RSA_BN_FAST, 0, sig, work, sizeof work / 4) ==
              RSA_ERR_PARAM, "window 0 accepted");
    CHECK(rsa_pss_sign(&key, digest, digest, RSA_BN_FAST, RSA_BN_MAX_WINDOW + 1, sig, work,
                       sizeof work / 4) == RSA_ERR_PARAM, "window 7 accepted");
    CHECK(rsa_pss_sign(&key, digest, digest, RSA_BN_FAST, 5, sig, work,
                       RSA_SIGN_WORK_WORDS(k->bits, 5) - 1) == RSA_ERR_PARAM,
          "short work buffer accepted");
    CHECK(rsa_pss_verify(&even_e, digest, sig, k->n_len, RSA_BN_FAST, work, sizeof work / 4) ==
              RSA_ERR_PARAM, "even e accepted");
    {
        /* 521 bits: one bit short of room for EM = PS || 0x01 || salt || H || 0xbc. */
        uint8_t small_n[66];
        const rsa_private_key small = {small_n, sizeof small_n, k->d, sizeof small_n};
        const rsa_crt_key crt = {521, k->half_len, k->p, k->q, k->dp, k->dq, k->qinv};
        memcpy(small_n, k->n, sizeof small_n);
        small_n[0] = 0x01;
        small_n[sizeof small_n - 1] |= 1;
        CHECK(rsa_pss_sign(&small, digest, digest, RSA_BN_FAST, 4, sig, work, sizeof work / 4) ==
                  RSA_ERR_PARAM, "521-bit modulus accepted");
        CHECK(rsa_pss_sign_crt(&crt, digest, digest, RSA_BN_FAST, 4, sig, work,
                               sizeof work / 4) == RSA_ERR_PARAM, "521-bit CRT key accepted");
    }
}

/* ---- Benchmark cases ----------------------------------------------------------------- */

extern const bench_case_t __start_bench_cases[], __stop_bench_cases[];

static void test_cases_seed(const test_key *k, uint32_t seed)
{
    static const char *const rows[] = {
        "rsa3072/pss-sha256/sign/nocrt/small/low", "rsa3072/pss-sha256/sign/nocrt/small/mid",
        "rsa3072/pss-sha256/sign/nocrt/small/high", "rsa3072/pss-sha256/sign/nocrt/fast/low",
        "rsa3072/pss-sha256/sign/nocrt/fast/mid",  "rsa3072/pss-sha256/sign/nocrt/fast/high",
        "rsa3072/pss-sha256/sign/crt/small/low",   "rsa3072/pss-sha256/sign/crt/small/mid",
        "rsa3072/pss-sha256/sign/crt/small/high",  "rsa3072/pss-sha256/sign/crt/fast/low",
        "rsa3072/pss-sha256/sign/crt/fast/mid",    "rsa3072/pss-sha256/sign/crt/fast/high",
        "rsa3072/pss-sha256/verify/small",         "rsa3072/pss-sha256/verify/fast",
    };
    const size_t n_rows = sizeof rows / sizeof rows[0];
    unsigned seen[sizeof rows / sizeof rows[0]] = {0};
    uint8_t ref[MAX_BYTES];
    const bench_case_t *c;
    size_t i;

    /* The case file's constant is the OpenSSL signature of its inputs. */
    ref_pss_sign(k, rsa_digest, rsa_salt, ref);
    CHECK(memcmp(ref, rsa_expected_sig, sizeof rsa_expected_sig) == 0,
          "rsa_expected_sig is not the OpenSSL reference signature");
    if (memcmp(ref, rsa_expected_sig, sizeof rsa_expected_sig) != 0)
        print_hex("OpenSSL reference", ref, k->n_len);
    CHECK(ossl_pss_verify(k, rsa_digest, rsa_expected_sig), "OpenSSL rejects rsa_expected_sig");

    for (c = __start_bench_cases; c < __stop_bench_cases; c++) {
        int setup, run, check;
        for (i = 0; i < n_rows && strcmp(rows[i], c->row) != 0; i++)
            ;
        CHECK(i < n_rows, "unexpected row %s", c->row);
        if (i < n_rows)
            seen[i]++;
        noted_workbuf = 0;
        bench_input_seed = seed;
        setup = c->setup(c);
        run = c->run(c);
        check = c->check(c);
        CHECK(setup == 0 && run == 0 && check == 0, "case %s (seed %u): setup %d run %d check %d",
              c->name, (unsigned)seed, setup, run, check);
        CHECK(seed == 0 || memcmp(rsa_in_digest, rsa_digest, sizeof rsa_digest) != 0,
              "case %s (seed %u): random inputs use the known digest", c->name, (unsigned)seed);
        /* Random inputs: OpenSSL must accept the signature too. */
        if (seed != 0 && strstr(c->row, "/sign/") != NULL)
            CHECK(ossl_pss_verify(k, rsa_in_digest, rsa_sig),
                  "case %s (seed %u): OpenSSL rejects the signature", c->name, (unsigned)seed);
        CHECK(noted_workbuf > 0 && noted_workbuf <= sizeof rsa_work, "case %s: workbuf %u",
              c->name, noted_workbuf);
        /* The check must catch a corrupted result. */
        if (strstr(c->row, "/sign/") != NULL) {
            rsa_sig[prng32() % sizeof rsa_sig] ^= 0x01;
            CHECK(c->check(c) != 0, "case %s (seed %u): corrupted signature passes", c->name,
                  (unsigned)seed);
        } else {
            rsa_result = RSA_ERR_VERIFY;
            CHECK(c->check(c) != 0, "case %s (seed %u): rejection passes", c->name,
                  (unsigned)seed);
        }
    }
    bench_input_seed = 0;
    for (i = 0; i < n_rows; i++)
        CHECK(seen[i] == 1, "row %s has %u cases", rows[i], seen[i]);
}

/* Seeds of the case runs: 0 = the known answers; the others = random inputs
 * (bench.h), checked by the cases' self-consistency checks. */
static void test_cases(const test_key *k)
{
    static const uint32_t seeds[] = {0, 0x9e3779b9u};
    size_t i;

    for (i = 0; i < sizeof seeds / sizeof seeds[0]; i++)
        test_cases_seed(k, seeds[i]);
}

int main(void)
{
    test_key *k = calloc(1, sizeof *k);
    uint8_t digest[32], salt[32];
    EVP_PKEY_CTX *check_ctx;
    int i;
    static const size_t other_bits[] = {1033, 2048};

    test_arith();

    load_testkey(k);
    check_ctx = EVP_PKEY_CTX_new(k->pkey, NULL);
    CHECK(EVP_PKEY_check(check_ctx) == 1, "OpenSSL rejects rsa_testkey.h");
    EVP_PKEY_CTX_free(check_ctx);
    if (!RSA_BN_MUL_HALVES) /* the half-word build re-checks the arithmetic, quickly */
        test_cases(k);
    /* The cases covered windows 1, 3 and 5 of every form and variant. */
    test_sign(k, rsa_digest, rsa_salt, 0);
    prng_bytes(digest, sizeof digest);
    prng_bytes(salt, sizeof salt);
    test_sign(k, digest, salt, 0);
    test_verify(k, 3);
    test_params(k);
    free_key(k);

    for (i = 0; i < 2; i++) {
        make_key(k, other_bits[i]);
        prng_bytes(digest, sizeof digest);
        prng_bytes(salt, sizeof salt);
        test_sign(k, digest, salt, other_bits[i] < 2048);
        test_verify(k, 2);
        free_key(k);
    }
    free(k);

    printf("test_rsa: %u checks, %u failures\n", checks, failures);
    return failures != 0;
}
