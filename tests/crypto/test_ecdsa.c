/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_ecdsa.c - host test of the firmware's ECDSA P-256 / P-384 code
 * (firmware/crypto/ecdsa.h, ecc_p256p384.h) and of its benchmark cases
 * (firmware/cases/ecdsa_cases.c, compiled in below).
 *
 * Checks, for the four variants (small/fast arithmetic x low/high memory):
 *  - every constant of ecc_curves.c against OpenSSL 3 (domain parameters
 *    also against the FIPS 186-4 values typed below), comb tables included;
 *  - field and scalar arithmetic against OpenSSL BN on random and edge values;
 *  - k*G and u1*G + u2*Q against EC_POINT_mul, including the exceptional
 *    additions (k = n + 2*last digit, u1*G = +-u2*Q);
 *  - signatures of RFC 6979 A.2.5 / A.2.6 and NIST CAVP SigGen vectors;
 *  - random keys, digests and nonces: identical signatures in all variants,
 *    r = x(k*G) mod n, accepted by OpenSSL EVP_PKEY_verify; OpenSSL's
 *    signatures accepted; altered signatures, digests and keys rejected;
 *  - the benchmark cases (setup/run/check) and their constants.
 *
 * `test_ecdsa --gen-curves` prints firmware/crypto/ecc_curves.c.
 * Random inputs come from a fixed-seed generator: runs are reproducible.
 */
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/obj_mac.h>
#include <openssl/param_build.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ecc_p256p384.h"
#include "ecdsa.h"
#include "ecdsa_cases.c" /* the cases compiled natively, constants included */

static int failures;

/* The 16-bit multiplication build (ECC_NO_WIDE_MUL) is slower: it runs the
 * random parts with fewer repetitions. */
#if defined(ECC_NO_WIDE_MUL)
#define REPS(n) ((n) / 2)
#else
#define REPS(n) (n)
#endif

#define CHECK(cond, ...)                                                       \
    do {                                                                       \
        if (!(cond)) {                                                         \
            failures++;                                                        \
            if (failures <= 40) {                                              \
                printf("FAIL %s:%d: ", __FILE__, __LINE__);                    \
                printf(__VA_ARGS__);                                           \
                printf("\n");                                                  \
            }                                                                  \
        }                                                                      \
    } while (0)

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

static uint64_t rng_state = 0x0123456789ABCDEFull;

/* splitmix64 */
static uint64_t rng_next(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void rng_bytes(uint8_t *out, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++)
        out[i] = (uint8_t)rng_next();
}

static void hex_to_bytes(uint8_t *out, const char *hex, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1) {
            fprintf(stderr, "bad hex constant\n");
            exit(2);
        }
        out[i] = (uint8_t)v;
    }
}

static void bn_to_limbs(uint32_t *r, const BIGNUM *a, uint32_t len)
{
    uint8_t buf[4 * ECC_MAX_LIMBS];
    if (BN_bn2binpad(a, buf, (int)(4 * len)) < 0) {
        fprintf(stderr, "value too large\n");
        exit(2);
    }
    ecc_bn_from_bytes(r, buf, 4 * len);
}

static BIGNUM *limbs_to_bn(const uint32_t *a, uint32_t len)
{
    uint8_t buf[4 * ECC_MAX_LIMBS];
    ecc_bn_to_bytes(buf, a, 4 * len);
    return BN_bin2bn(buf, (int)(4 * len), NULL);
}

static int limbs_equal_bn(const uint32_t *a, const BIGNUM *b, uint32_t len)
{
    uint32_t t[ECC_MAX_LIMBS];
    if (BN_num_bytes(b) > (int)(4 * len))
        return 0;
    bn_to_limbs(t, b, len);
    return memcmp(t, a, 4 * len) == 0;
}

static void print_hex(const char *label, const uint8_t *p, size_t len)
{
    size_t i;
    printf("  %s: ", label);
    for (i = 0; i < len; i++)
        printf("%02x", p[i]);
    printf("\n");
}

/* ------------------------------------------------------------------ */
/* Curves under test                                                    */
/* ------------------------------------------------------------------ */

typedef struct {
    const char *name;
    const char *group_name; /* OpenSSL */
    int nid;
    ecdsa_curve_id id;
    const ecc_curve *small, *fast;
    /* domain parameters as printed in FIPS 186-4 Appendix D.1.2.3 / D.1.2.4 */
    const char *p, *n, *b, *gx, *gy;
    EC_GROUP *group;
    BIGNUM *bn_p, *bn_n;
    uint32_t len, bytes;
} test_curve;

static test_curve curves[2] = {
    {"P-256", "prime256v1", NID_X9_62_prime256v1, ECDSA_P256, &ecc_p256_small, &ecc_p256_fast,
     "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
     "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551",
     "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b",
     "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296",
     "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5", NULL, NULL, NULL, 8,
     32},
    {"P-384", "secp384r1", NID_secp384r1, ECDSA_P384, &ecc_p384_small, &ecc_p384_fast,
     "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe"
     "ffffffff0000000000000000ffffffff",
     "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf"
     "581a0db248b0a77aecec196accc52973",
     "b3312fa7e23ee7e4988e056be3f82d19181d9c6efe8141120314088f5013875a"
     "c656398d8a2ed19d2a85c8edd3ec2aef",
     "aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a38"
     "5502f25dbf55296c3a545e3872760ab7",
     "3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c0"
     "0a60b1ce1d7e819d7a431d7c90ea0e5f",
     NULL, NULL, NULL, 12, 48},
};

static BN_CTX *bnctx;

static void curves_init(void)
{
    int i;
    bnctx = BN_CTX_new();
    for (i = 0; i < 2; i++) {
        test_curve *tc = &curves[i];
        tc->group = EC_GROUP_new_by_curve_name(tc->nid);
        tc->bn_p = BN_new();
        tc->bn_n = BN_dup(EC_GROUP_get0_order(tc->group));
        EC_GROUP_get_curve(tc->group, tc->bn_p, NULL, NULL, bnctx);
    }
}

static const ecc_curve *variant_curve(const test_curve *tc, int arith)
{
    return arith == ECDSA_ARITH_FAST ? tc->fast : tc->small;
}

/* ------------------------------------------------------------------ */
/* Derived constants (generation and check)                             */
/* ------------------------------------------------------------------ */

/* R = 2^(32*len) */
static BIGNUM *bn_r(const test_curve *tc)
{
    BIGNUM *r = BN_new();
    BN_set_bit(r, (int)(32 * tc->len));
    return r;
}

/* x*R mod m */
static BIGNUM *to_mont(const test_curve *tc, const BIGNUM *x, const BIGNUM *m)
{
    BIGNUM *r = bn_r(tc), *t = BN_new();
    BN_mod_mul(t, x, r, m, bnctx);
    BN_free(r);
    return t;
}

/* -m^-1 mod 2^32 */
static uint32_t m0inv(const BIGNUM *m)
{
    BIGNUM *w = BN_new(), *inv = BN_new();
    uint32_t v;
    BN_set_bit(w, 32);
    BN_mod_inverse(inv, m, w, bnctx);
    v = 0u - (uint32_t)BN_get_word(inv);
    BN_free(w);
    BN_free(inv);
    return v;
}

static uint32_t comb_cols(const test_curve *tc)
{
    return (8 * tc->bytes + ECC_COMB_TEETH - 1) / ECC_COMB_TEETH;
}

/* Comb entry idx: 2^((T-1)*cols) G + sum_(t<T-1) (bit t of idx ? 1 : -1) 2^(t*cols) G,
 * affine, computed by EC_POINT_mul. */
static void comb_entry(const test_curve *tc, uint32_t idx, BIGNUM *x, BIGNUM *y)
{
    uint32_t cols = comb_cols(tc), t;
    BIGNUM *k = BN_new(), *term = BN_new();
    EC_POINT *pt = EC_POINT_new(tc->group);

    BN_zero(k);
    BN_set_bit(k, (int)((ECC_COMB_TEETH - 1) * cols));
    for (t = 0; t + 1 < ECC_COMB_TEETH; t++) {
        BN_zero(term);
        BN_set_bit(term, (int)(t * cols));
        if (idx >> t & 1)
            BN_add(k, k, term);
        else
            BN_sub(k, k, term);
    }
    EC_POINT_mul(tc->group, pt, k, NULL, NULL, bnctx);
    EC_POINT_get_affine_coordinates(tc->group, pt, x, y, bnctx);
    EC_POINT_free(pt);
    BN_free(k);
    BN_free(term);
}

static void gen_array(const char *name, const BIGNUM *v, uint32_t len, int exported)
{
    uint32_t limbs[ECC_MAX_LIMBS], i;
    bn_to_limbs(limbs, v, len);
    printf("%sconst uint32_t %s[%u] = {", exported ? "" : "static ", name, len);
    for (i = 0; i < len; i++)
        printf("%s0x%08Xu,", i % 4 == 0 ? "\n    " : " ", limbs[i]);
    printf("\n};\n");
}

static void gen_comb(const test_curve *tc, const char *prefix, int mont)
{
    uint32_t idx, i, limbs[ECC_MAX_LIMBS];
    BIGNUM *x = BN_new(), *y = BN_new();

    printf("static const uint32_t %s_comb_%s[%u * 2 * %u] = {\n", prefix, mont ? "mont" : "plain",
           ECC_COMB_POINTS, tc->len);
    for (idx = 0; idx < ECC_COMB_POINTS; idx++) {
        BIGNUM *c[2];
        int k;
        comb_entry(tc, idx, x, y);
        c[0] = mont ? to_mont(tc, x, tc->bn_p) : BN_dup(x);
        c[1] = mont ? to_mont(tc, y, tc->bn_p) : BN_dup(y);
        printf("    /* %u */", idx);
        for (k = 0; k < 2; k++) {
            bn_to_limbs(limbs, c[k], tc->len);
            for (i = 0; i < tc->len; i++)
                printf("%s0x%08Xu,", i % 4 == 0 ? "\n    " : " ", limbs[i]);
            BN_free(c[k]);
        }
        printf("\n");
    }
    printf("};\n");
    BN_free(x);
    BN_free(y);
}

static void gen_curve(const test_curve *tc, const char *prefix, const char *std_section)
{
    BIGNUM *b = BN_new(), *one = BN_new(), *rr, *r = bn_r(tc), *t;
    const EC_POINT *g = EC_GROUP_get0_generator(tc->group);
    BIGNUM *gx = BN_new(), *gy = BN_new();
    char name[64];
    uint32_t cols = comb_cols(tc);

    EC_GROUP_get_curve(tc->group, NULL, NULL, b, bnctx);
    EC_POINT_get_affine_coordinates(tc->group, g, gx, gy, bnctx);
    BN_one(one);

    printf("/* ---- %s ---- */\n\n", tc->name);
    printf("/* Domain parameters, %s. */\n", std_section);
    snprintf(name, sizeof name, "ecc_%s_p", prefix);
    gen_array(name, tc->bn_p, tc->len, 1);
#define GEN(suffix, value)                                                     \
    do {                                                                       \
        snprintf(name, sizeof name, "%s_%s", prefix, suffix);                  \
        gen_array(name, value, tc->len, 0);                                    \
    } while (0)
    GEN("n", tc->bn_n);
    GEN("b", b);
    GEN("gx", gx);
    GEN("gy", gy);
    printf("\n/* Montgomery constants, R = 2^%u: computed by OpenSSL 3 BN at generation;\n"
           " * re-checked by test_ecdsa. */\n",
           32 * tc->len);
    t = to_mont(tc, one, tc->bn_p);
    GEN("p_r", t);
    BN_free(t);
    rr = BN_new();
    BN_mod_mul(rr, r, r, tc->bn_p, bnctx);
    GEN("p_rr", rr);
    t = to_mont(tc, one, tc->bn_n);
    GEN("n_r", t);
    BN_free(t);
    BN_mod_mul(rr, r, r, tc->bn_n, bnctx);
    GEN("n_rr", rr);
    t = to_mont(tc, b, tc->bn_p);
    GEN("b_mont", t);
    BN_free(t);
    t = to_mont(tc, gx, tc->bn_p);
    GEN("gx_mont", t);
    BN_free(t);
    t = to_mont(tc, gy, tc->bn_p);
    GEN("gy_mont", t);
    BN_free(t);
#undef GEN
    printf("\n/* Comb of %u teeth x %u columns: entry i is the affine point\n"
           " * 2^%u G + sum_(t < %u) (bit t of i ? 1 : -1) 2^(%u t) G (see ecc_point.c),\n"
           " * plain and in Montgomery form: computed by OpenSSL 3 EC_POINT_mul at\n"
           " * generation; re-checked by test_ecdsa. */\n",
           ECC_COMB_TEETH, cols, (ECC_COMB_TEETH - 1) * cols, ECC_COMB_TEETH - 1, cols);
    gen_comb(tc, prefix, 0);
    gen_comb(tc, prefix, 1);
    printf("\nstatic const ecc_field %s_fp_mont = {\n"
           "    ecc_mont_mul, ecc_mont_sqr, ecc_%s_p, %s_p_r, %s_p_rr, 0x%08Xu, %uu,\n};\n",
           prefix, prefix, prefix, prefix, m0inv(tc->bn_p), tc->len);
    printf("static const ecc_field %s_fp_fast = {\n"
           "    ecc_%s_fast_mul, ecc_%s_fast_sqr, ecc_%s_p, ecc_one, NULL, 0, %uu,\n};\n",
           prefix, prefix, prefix, prefix, tc->len);
    printf("static const ecc_field %s_fn = {\n"
           "    ecc_mont_mul, ecc_mont_sqr, %s_n, %s_n_r, %s_n_rr, 0x%08Xu, %uu,\n};\n\n",
           prefix, prefix, prefix, prefix, m0inv(tc->bn_n), tc->len);
    printf("const ecc_curve ecc_%s_small = {\n"
           "    &%s_fp_mont, &%s_fn, %s_b_mont, %s_gx_mont, %s_gy_mont, %s_comb_mont, %uu, %uu,\n"
           "};\n",
           prefix, prefix, prefix, prefix, prefix, prefix, prefix, cols, tc->bytes);
    printf("const ecc_curve ecc_%s_fast = {\n"
           "    &%s_fp_fast, &%s_fn, %s_b, %s_gx, %s_gy, %s_comb_plain, %uu, %uu,\n"
           "};\n",
           prefix, prefix, prefix, prefix, prefix, prefix, prefix, cols, tc->bytes);
    BN_free(b);
    BN_free(one);
    BN_free(rr);
    BN_free(r);
    BN_free(gx);
    BN_free(gy);
}

static void gen_curves_file(void)
{
    printf("/*\n"
           " * ecc_curves.c - constants of NIST P-256 and P-384 for ecc_p256p384.h:\n"
           " * domain parameters, Montgomery constants, comb tables of the \"high\" memory\n"
           " * variant (%u affine points per curve and representation) and the\n"
           " * (curve, arithmetic) descriptors.\n"
           " *\n"
           " * Generated by `test_ecdsa --gen-curves` (tests/crypto/test_ecdsa.c) with\n"
           " * OpenSSL 3; test_ecdsa re-checks every value at each run.  Limbs are\n"
           " * 32-bit, least significant first.\n"
           " */\n"
           "#include \"ecc_p256p384.h\"\n\n"
           "#include <stddef.h>\n\n",
           ECC_COMB_POINTS);
    gen_curve(&curves[0], "p256", "FIPS 186-4 Appendix D.1.2.3");
    printf("\n");
    gen_curve(&curves[1], "p384", "FIPS 186-4 Appendix D.1.2.4");
}

/* Every constant reachable from the curve descriptors, against OpenSSL. */
static void test_constants(const test_curve *tc)
{
    BIGNUM *v = BN_new(), *b = BN_new(), *one = BN_new(), *r = bn_r(tc), *t;
    BIGNUM *gx = BN_new(), *gy = BN_new(), *x = BN_new(), *y = BN_new();
    uint8_t std[ECDSA_MAX_BYTES], ours[ECDSA_MAX_BYTES];
    const char *std_values[5];
    const BIGNUM *ossl_values[5];
    int arith, i;
    uint32_t idx;

    EC_GROUP_get_curve(tc->group, NULL, NULL, b, bnctx);
    EC_POINT_get_affine_coordinates(tc->group, EC_GROUP_get0_generator(tc->group), gx, gy,
                                    bnctx);
    BN_one(one);

    /* the standard's values == OpenSSL's */
    std_values[0] = tc->p, std_values[1] = tc->n, std_values[2] = tc->b;
    std_values[3] = tc->gx, std_values[4] = tc->gy;
    ossl_values[0] = tc->bn_p, ossl_values[1] = tc->bn_n, ossl_values[2] = b;
    ossl_values[3] = gx, ossl_values[4] = gy;
    for (i = 0; i < 5; i++) {
        hex_to_bytes(std, std_values[i], tc->bytes);
        BN_bn2binpad(ossl_values[i], ours, (int)tc->bytes);
        CHECK(memcmp(std, ours, tc->bytes) == 0, "%s: domain parameter %d differs from OpenSSL",
              tc->name, i);
    }

    for (arith = 0; arith < 2; arith++) {
        const ecc_curve *c = variant_curve(tc, arith);
        const ecc_field *fp = c->fp, *fn = c->fn;
        int mont = arith == ECDSA_ARITH_SMALL;

        CHECK(fp->len == tc->len && fn->len == tc->len && c->bytes == tc->bytes,
              "%s: lengths", tc->name);
        CHECK(c->comb_cols == comb_cols(tc), "%s: comb columns", tc->name);
        CHECK(limbs_equal_bn(fp->m, tc->bn_p, tc->len), "%s: p", tc->name);
        CHECK(limbs_equal_bn(fn->m, tc->bn_n, tc->len), "%s: n", tc->name);
        CHECK(fn->m0inv == m0inv(tc->bn_n), "%s: n m0inv", tc->name);
        t = to_mont(tc, one, tc->bn_n);
        CHECK(limbs_equal_bn(fn->one, t, tc->len), "%s: R mod n", tc->name);
        BN_free(t);
        BN_mod_mul(v, r, r, tc->bn_n, bnctx);
        CHECK(limbs_equal_bn(fn->rr, v, tc->len), "%s: R^2 mod n", tc->name);
        if (mont) {
            CHECK(fp->m0inv == m0inv(tc->bn_p), "%s: p m0inv", tc->name);
            t = to_mont(tc, one, tc->bn_p);
            CHECK(limbs_equal_bn(fp->one, t, tc->len), "%s: R mod p", tc->name);
            BN_free(t);
            BN_mod_mul(v, r, r, tc->bn_p, bnctx);
            CHECK(fp->rr != NULL && limbs_equal_bn(fp->rr, v, tc->len), "%s: R^2 mod p",
                  tc->name);
        } else {
            CHECK(fp->rr == NULL && limbs_equal_bn(fp->one, one, tc->len), "%s: fast one",
                  tc->name);
        }
#define CHECK_FE(ptr, value, what)                                             \
    do {                                                                       \
        t = mont ? to_mont(tc, value, tc->bn_p) : BN_dup(value);               \
        CHECK(limbs_equal_bn(ptr, t, tc->len), "%s %s: %s", tc->name,          \
              mont ? "small" : "fast", what);                                  \
        BN_free(t);                                                            \
    } while (0)
        CHECK_FE(c->b, b, "b");
        CHECK_FE(c->gx, gx, "Gx");
        CHECK_FE(c->gy, gy, "Gy");
        for (idx = 0; idx < ECC_COMB_POINTS; idx++) {
            comb_entry(tc, idx, x, y);
            CHECK_FE(c->comb + 2 * tc->len * idx, x, "comb x");
            CHECK_FE(c->comb + 2 * tc->len * idx + tc->len, y, "comb y");
        }
#undef CHECK_FE
    }
    BN_free(v);
    BN_free(b);
    BN_free(one);
    BN_free(r);
    BN_free(gx);
    BN_free(gy);
    BN_free(x);
    BN_free(y);
}

/* ------------------------------------------------------------------ */
/* Field and scalar arithmetic                                          */
/* ------------------------------------------------------------------ */

/* A value below m: random, or one of a few edge values. */
static void field_value(BIGNUM *v, const BIGNUM *m, uint32_t len, int i)
{
    uint8_t buf[4 * ECC_MAX_LIMBS];
    switch (i) {
    case 0: BN_zero(v); return;
    case 1: BN_one(v); return;
    case 2: BN_sub(v, m, BN_value_one()); return;
    case 3: BN_copy(v, m); BN_sub_word(v, 2); return;
    case 4: BN_rshift1(v, m); return;
    case 5: BN_zero(v); BN_set_bit(v, (int)(32 * len) - 33); BN_sub_word(v, 1); return;
    default: break;
    }
    rng_bytes(buf, 4 * len);
    if (i % 3 == 0) /* long runs of ones and zeros stress the carries */
        memset(buf + (rng_next() % (4 * len - 8)), (i & 4) ? 0xFF : 0x00, 8);
    BN_bin2bn(buf, (int)(4 * len), v);
    BN_mod(v, v, m, bnctx);
}

static void test_field_ops(const test_curve *tc, const ecc_field *f, const BIGNUM *m,
                           const char *what)
{
    BIGNUM *a = BN_new(), *b = BN_new(), *e = BN_new(), *rinv = BN_new(), *r = bn_r(tc);
    uint32_t la[ECC_MAX_LIMBS], lb[ECC_MAX_LIMBS], fa[ECC_MAX_LIMBS], fb[ECC_MAX_LIMBS];
    uint32_t out[ECC_MAX_LIMBS], t[ECC_MAX_LIMBS];
    int i, mont = f->rr != NULL;

    BN_mod_inverse(rinv, r, m, bnctx);
    for (i = 0; i < 2000; i++) {
        field_value(a, m, tc->len, i % 40);
        field_value(b, m, tc->len, (i / 40) % 40 + (i >= 1200 ? 40 : 0));
        bn_to_limbs(la, a, tc->len);
        bn_to_limbs(lb, b, tc->len);
        ecc_fe_to(f, fa, la);
        ecc_fe_to(f, fb, lb);

        f->mul(f, t, fa, fb);
        ecc_fe_from(f, out, t);
        BN_mod_mul(e, a, b, m, bnctx);
        CHECK(limbs_equal_bn(out, e, tc->len), "%s %s: mul #%d", tc->name, what, i);
        if (mont) { /* the raw Montgomery product a*b/R */
            f->mul(f, out, la, lb);
            BN_mod_mul(e, e, rinv, m, bnctx);
            CHECK(limbs_equal_bn(out, e, tc->len), "%s %s: a*b/R #%d", tc->name, what, i);
        }
        f->sqr(f, t, fa);
        ecc_fe_from(f, out, t);
        BN_mod_sqr(e, a, m, bnctx);
        CHECK(limbs_equal_bn(out, e, tc->len), "%s %s: sqr #%d", tc->name, what, i);
        ecc_fe_add(f, t, fa, fb);
        ecc_fe_from(f, out, t);
        BN_mod_add(e, a, b, m, bnctx);
        CHECK(limbs_equal_bn(out, e, tc->len), "%s %s: add #%d", tc->name, what, i);
        ecc_fe_sub(f, t, fa, fb);
        ecc_fe_from(f, out, t);
        BN_mod_sub(e, a, b, m, bnctx);
        CHECK(limbs_equal_bn(out, e, tc->len), "%s %s: sub #%d", tc->name, what, i);
        if (i % 25 == 0 && !BN_is_zero(a)) {
            ecc_fe_inv(f, t, fa);
            ecc_fe_from(f, out, t);
            BN_mod_inverse(e, a, m, bnctx);
            CHECK(limbs_equal_bn(out, e, tc->len), "%s %s: inv #%d", tc->name, what, i);
        }
    }
    BN_free(a);
    BN_free(b);
    BN_free(e);
    BN_free(rinv);
    BN_free(r);
}

/* The NIST reductions on any 2*len-limb input, extremes included. */
static void test_reduce(const test_curve *tc)
{
    uint32_t t[2 * ECC_MAX_LIMBS], out[ECC_MAX_LIMBS];
    BIGNUM *v, *e = BN_new();
    int i;

    for (i = 0; i < 5000; i++) {
        uint32_t k;
        for (k = 0; k < 2 * tc->len; k++) {
            uint32_t w = (uint32_t)rng_next();
            switch (i % 5) {
            case 0: t[k] = 0xFFFFFFFFu; break;
            case 1: t[k] = (rng_next() & 1) ? 0xFFFFFFFFu : 0; break;
            case 2: t[k] = (rng_next() & 1) ? w : 0; break;
            default: t[k] = w; break;
            }
        }
        if (i == 5)
            memset(t, 0, sizeof t);
        if (tc->len == 8)
            ecc_p256_reduce(out, t);
        else
            ecc_p384_reduce(out, t);
        v = limbs_to_bn(t, 2 * tc->len);
        BN_mod(e, v, tc->bn_p, bnctx);
        CHECK(limbs_equal_bn(out, e, tc->len), "%s: NIST reduction #%d", tc->name, i);
        BN_free(v);
    }
    BN_free(e);
}

/* ------------------------------------------------------------------ */
/* Scalar multiplication                                                */
/* ------------------------------------------------------------------ */

static int point_matches(const test_curve *tc, const ecc_curve *c, const ecc_point *p,
                         const EC_POINT *ref)
{
    uint32_t x[ECC_MAX_LIMBS], y[ECC_MAX_LIMBS];
    BIGNUM *rx = BN_new(), *ry = BN_new();
    int ok;

    if (EC_POINT_is_at_infinity(tc->group, ref)) {
        ok = ecc_bn_is_zero(p->z, tc->len);
    } else if (ecc_bn_is_zero(p->z, tc->len)) {
        ok = 0;
    } else {
        ecc_point_to_affine(c, x, y, p);
        ecc_fe_from(c->fp, x, x);
        ecc_fe_from(c->fp, y, y);
        EC_POINT_get_affine_coordinates(tc->group, ref, rx, ry, bnctx);
        ok = limbs_equal_bn(x, rx, tc->len) && limbs_equal_bn(y, ry, tc->len);
    }
    BN_free(rx);
    BN_free(ry);
    return ok;
}

static void check_mul_base(const test_curve *tc, const BIGNUM *k, const char *what)
{
    EC_POINT *ref = EC_POINT_new(tc->group);
    uint32_t lk[ECC_MAX_LIMBS];
    int arith, comb;

    EC_POINT_mul(tc->group, ref, k, NULL, NULL, bnctx);
    bn_to_limbs(lk, k, tc->len);
    for (arith = 0; arith < 2; arith++)
        for (comb = 0; comb < 2; comb++) {
            const ecc_curve *c = variant_curve(tc, arith);
            ecc_point p;
            ecc_mul_base(c, comb, &p, lk);
            CHECK(point_matches(tc, c, &p, ref), "%s: k*G (%s, arith %d, comb %d)", tc->name,
                  what, arith, comb);
        }
    EC_POINT_free(ref);
}

static void check_mul_double(const test_curve *tc, const BIGNUM *u1, const BIGNUM *u2,
                             const EC_POINT *q, const char *what)
{
    EC_POINT *ref = EC_POINT_new(tc->group);
    uint32_t l1[ECC_MAX_LIMBS], l2[ECC_MAX_LIMBS];
    BIGNUM *qx = BN_new(), *qy = BN_new();
    int arith, comb;

    EC_POINT_mul(tc->group, ref, u1, q, u2, bnctx);
    EC_POINT_get_affine_coordinates(tc->group, q, qx, qy, bnctx);
    bn_to_limbs(l1, u1, tc->len);
    bn_to_limbs(l2, u2, tc->len);
    for (arith = 0; arith < 2; arith++)
        for (comb = 0; comb < 2; comb++) {
            const ecc_curve *c = variant_curve(tc, arith);
            ecc_point pq, sum;
            memset(&pq, 0, sizeof pq);
            bn_to_limbs(pq.x, qx, tc->len);
            bn_to_limbs(pq.y, qy, tc->len);
            ecc_fe_to(c->fp, pq.x, pq.x);
            ecc_fe_to(c->fp, pq.y, pq.y);
            memcpy(pq.z, c->fp->one, 4 * tc->len);
            ecc_mul_double_vartime(c, comb, &sum, l1, l2, &pq);
            CHECK(point_matches(tc, c, &sum, ref), "%s: u1*G + u2*Q (%s, arith %d, comb %d)",
                  tc->name, what, arith, comb);
        }
    BN_free(qx);
    BN_free(qy);
    EC_POINT_free(ref);
}

static void random_scalar(const test_curve *tc, BIGNUM *k)
{
    uint8_t buf[ECDSA_MAX_BYTES + 8];
    BIGNUM *nm1 = BN_dup(tc->bn_n);
    rng_bytes(buf, tc->bytes + 8);
    BN_bin2bn(buf, (int)tc->bytes + 8, k);
    BN_sub_word(nm1, 1);
    BN_mod(k, k, nm1, bnctx);
    BN_add_word(k, 1); /* [1, n-1] */
    BN_free(nm1);
}

/*
 * A nonce for which the last comb addition of k*G is a doubling: odd k with
 * k = n + 2*C_0, C_0 = sum_t s_t 2^(t*cols) being k's own bottom comb column
 * (s_t = +1 iff bit t*cols + 1 of k is set).  Tries the 2^teeth sign
 * patterns; returns 0 if none is self-consistent.
 */
static int find_comb_doubling_nonce(const test_curve *tc, BIGNUM *k)
{
    uint32_t cols = comb_cols(tc), pattern, t;
    BIGNUM *c0 = BN_new(), *term = BN_new();
    int found = 0;

    for (pattern = 0; pattern < (1u << ECC_COMB_TEETH) && !found; pattern++) {
        BN_zero(c0);
        for (t = 0; t < ECC_COMB_TEETH; t++) {
            BN_zero(term);
            BN_set_bit(term, (int)(t * cols));
            if (pattern >> t & 1)
                BN_add(c0, c0, term);
            else
                BN_sub(c0, c0, term);
        }
        BN_lshift1(k, c0);
        BN_add(k, k, tc->bn_n);
        if (BN_is_negative(k) || BN_cmp(k, tc->bn_n) >= 0)
            continue;
        found = 1;
        for (t = 0; t < ECC_COMB_TEETH; t++)
            if ((uint32_t)BN_is_bit_set(k, (int)(t * cols + 1)) != (pattern >> t & 1))
                found = 0;
    }
    BN_free(c0);
    BN_free(term);
    return found;
}

static void test_scalar_mult(const test_curve *tc)
{
    BIGNUM *k = BN_new(), *u1 = BN_new(), *u2 = BN_new(), *d = BN_new();
    EC_POINT *q = EC_POINT_new(tc->group);
    char what[64];
    int i;

    /* small and large nonces, both parities: 2 and n - 2 (P-256) or 6 and
     * n - 6 (P-384) make the last fixed-window addition a doubling */
    for (i = 1; i <= 16; i++) {
        BN_set_word(k, (BN_ULONG)i);
        snprintf(what, sizeof what, "k = %d", i);
        check_mul_base(tc, k, what);
        BN_sub(k, tc->bn_n, k);
        snprintf(what, sizeof what, "k = n - %d", i);
        check_mul_base(tc, k, what);
    }
    if (find_comb_doubling_nonce(tc, k)) {
        check_mul_base(tc, k, "comb doubling");
        BN_sub(k, tc->bn_n, k);
        check_mul_base(tc, k, "n - comb doubling");
    } else {
        printf("  %s: no nonce makes the last comb addition a doubling\n", tc->name);
    }
    for (i = 0; i < REPS(16); i++) {
        random_scalar(tc, k);
        snprintf(what, sizeof what, "random #%d", i);
        check_mul_base(tc, k, what);
    }

    for (i = 0; i < REPS(30); i++) {
        random_scalar(tc, d);
        EC_POINT_mul(tc->group, q, d, NULL, NULL, bnctx);
        random_scalar(tc, u1);
        random_scalar(tc, u2);
        switch (i % 10) {
        case 0: BN_zero(u1); break;
        case 1: BN_zero(u2); break;
        case 2: /* u1 = -u2*d: the sum is infinity */
            BN_mod_mul(u1, u2, d, tc->bn_n, bnctx);
            BN_sub(u1, tc->bn_n, u1);
            break;
        case 3: /* u1 = u2*d: the last addition is a doubling */
            BN_mod_mul(u1, u2, d, tc->bn_n, bnctx);
            break;
        case 4: BN_sub(u1, tc->bn_n, BN_value_one()); break;
        case 5: BN_set_word(u2, 1); break;
        case 6: EC_POINT_copy(q, EC_GROUP_get0_generator(tc->group)); break; /* Q = G */
        default: break;
        }
        snprintf(what, sizeof what, "#%d", i);
        check_mul_double(tc, u1, u2, q, what);
    }
    BN_free(k);
    BN_free(u1);
    BN_free(u2);
    BN_free(d);
    EC_POINT_free(q);
}

/* ------------------------------------------------------------------ */
/* OpenSSL ECDSA                                                        */
/* ------------------------------------------------------------------ */

/* EVP_PKEY from x || y (and d if priv != NULL). */
static EVP_PKEY *make_pkey(const test_curve *tc, const uint8_t *priv, const uint8_t *pub)
{
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    OSSL_PARAM *params;
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    EVP_PKEY *pkey = NULL;
    uint8_t point[1 + 2 * ECDSA_MAX_BYTES];
    BIGNUM *d = NULL;

    point[0] = 0x04;
    memcpy(point + 1, pub, 2 * tc->bytes);
    OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME, tc->group_name, 0);
    OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, point, 1 + 2 * tc->bytes);
    if (priv != NULL) {
        d = BN_bin2bn(priv, (int)tc->bytes, NULL);
        OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_PRIV_KEY, d);
    }
    params = OSSL_PARAM_BLD_to_param(bld);
    if (EVP_PKEY_fromdata_init(ctx) <= 0 ||
        EVP_PKEY_fromdata(ctx, &pkey, priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, params) <=
            0)
        pkey = NULL;
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(bld);
    EVP_PKEY_CTX_free(ctx);
    BN_free(d);
    return pkey;
}

/* 1 if OpenSSL accepts r || s over digest with public key x || y. */
static int ossl_verify(const test_curve *tc, const uint8_t *pub, const uint8_t *digest,
                       size_t dlen, const uint8_t *sig)
{
    EVP_PKEY *pkey = make_pkey(tc, NULL, pub);
    EVP_PKEY_CTX *ctx;
    ECDSA_SIG *es = ECDSA_SIG_new();
    unsigned char *der = NULL;
    int derlen, ok = 0;

    if (pkey == NULL) {
        ECDSA_SIG_free(es);
        return 0;
    }
    ECDSA_SIG_set0(es, BN_bin2bn(sig, (int)tc->bytes, NULL),
                   BN_bin2bn(sig + tc->bytes, (int)tc->bytes, NULL));
    derlen = i2d_ECDSA_SIG(es, &der);
    ctx = EVP_PKEY_CTX_new(pkey, NULL);
    if (derlen > 0 && EVP_PKEY_verify_init(ctx) > 0)
        ok = EVP_PKEY_verify(ctx, der, (size_t)derlen, digest, dlen) == 1;
    OPENSSL_free(der);
    ECDSA_SIG_free(es);
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(pkey);
    return ok;
}

/* OpenSSL's own signature (random nonce) as r || s. */
static int ossl_sign(const test_curve *tc, const uint8_t *priv, const uint8_t *pub,
                     const uint8_t *digest, size_t dlen, uint8_t *sig)
{
    EVP_PKEY *pkey = make_pkey(tc, priv, pub);
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(pkey, NULL);
    unsigned char der[160];
    const unsigned char *p = der;
    size_t derlen = sizeof der;
    ECDSA_SIG *es = NULL;
    int ok = 0;

    if (EVP_PKEY_sign_init(ctx) > 0 && EVP_PKEY_sign(ctx, der, &derlen, digest, dlen) > 0 &&
        (es = d2i_ECDSA_SIG(NULL, &p, (long)derlen)) != NULL) {
        BN_bn2binpad(ECDSA_SIG_get0_r(es), sig, (int)tc->bytes);
        BN_bn2binpad(ECDSA_SIG_get0_s(es), sig + tc->bytes, (int)tc->bytes);
        ok = 1;
    }
    ECDSA_SIG_free(es);
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(pkey);
    return ok;
}

/* d*G as x || y by OpenSSL. */
static void ossl_public_key(const test_curve *tc, const uint8_t *priv, uint8_t *pub)
{
    BIGNUM *d = BN_bin2bn(priv, (int)tc->bytes, NULL), *x = BN_new(), *y = BN_new();
    EC_POINT *q = EC_POINT_new(tc->group);
    EC_POINT_mul(tc->group, q, d, NULL, NULL, bnctx);
    EC_POINT_get_affine_coordinates(tc->group, q, x, y, bnctx);
    BN_bn2binpad(x, pub, (int)tc->bytes);
    BN_bn2binpad(y, pub + tc->bytes, (int)tc->bytes);
    BN_free(d);
    BN_free(x);
    BN_free(y);
    EC_POINT_free(q);
}

/* r = x(k*G) mod n and s = k^-1 (e + r d) mod n computed with OpenSSL
 * (EC_POINT_mul, BN); e = leftmost bits of the digest. */
static void ossl_expected_signature(const test_curve *tc, const uint8_t *priv,
                                    const uint8_t *digest, size_t dlen, const uint8_t *kbytes,
                                    uint8_t *sig)
{
    BIGNUM *k = BN_bin2bn(kbytes, (int)tc->bytes, NULL), *d = BN_bin2bn(priv, (int)tc->bytes, NULL);
    BIGNUM *x = BN_new(), *e, *s = BN_new(), *kinv = BN_new();
    EC_POINT *r = EC_POINT_new(tc->group);

    EC_POINT_mul(tc->group, r, k, NULL, NULL, bnctx);
    EC_POINT_get_affine_coordinates(tc->group, r, x, NULL, bnctx);
    BN_nnmod(x, x, tc->bn_n, bnctx);
    e = BN_bin2bn(digest, (int)(dlen < tc->bytes ? dlen : tc->bytes), NULL);
    BN_nnmod(e, e, tc->bn_n, bnctx);
    BN_mod_mul(s, x, d, tc->bn_n, bnctx);
    BN_mod_add(s, s, e, tc->bn_n, bnctx);
    BN_mod_inverse(kinv, k, tc->bn_n, bnctx);
    BN_mod_mul(s, s, kinv, tc->bn_n, bnctx);
    BN_bn2binpad(x, sig, (int)tc->bytes);
    BN_bn2binpad(s, sig + tc->bytes, (int)tc->bytes);
    BN_free(k);
    BN_free(d);
    BN_free(x);
    BN_free(e);
    BN_free(s);
    BN_free(kinv);
    EC_POINT_free(r);
}

static ecdsa_config config(const test_curve *tc, int arith, int mem)
{
    ecdsa_config cfg;
    cfg.curve = tc->id;
    cfg.arith = (ecdsa_arith)arith;
    cfg.mem = (ecdsa_mem)mem;
    return cfg;
}

/* Our verification in every variant; returns how many accepted. */
static int verify_all(const test_curve *tc, const uint8_t *pub, const uint8_t *digest,
                      size_t dlen, const uint8_t *sig)
{
    int arith, mem, accepted = 0;
    for (arith = 0; arith < 2; arith++)
        for (mem = 0; mem < 2; mem++) {
            ecdsa_config cfg = config(tc, arith, mem);
            accepted += ecdsa_verify(&cfg, pub, digest, dlen, sig) == ECDSA_OK;
        }
    return accepted;
}

/* Our verification in variant v % 4 (rejection tests rotate the variants). */
static int verify_one(const test_curve *tc, int v, const uint8_t *pub, const uint8_t *digest,
                      size_t dlen, const uint8_t *sig)
{
    ecdsa_config cfg = config(tc, v & 1, (v >> 1) & 1);
    return ecdsa_verify(&cfg, pub, digest, dlen, sig) == ECDSA_OK;
}

/* Our signature in every variant; all must agree.  Returns the status. */
static int sign_all(const test_curve *tc, const uint8_t *priv, const uint8_t *digest,
                    size_t dlen, const uint8_t *k, uint8_t *sig, const char *what)
{
    uint8_t other[2 * ECDSA_MAX_BYTES];
    int arith, mem, status = 0;
    for (arith = 0; arith < 2; arith++)
        for (mem = 0; mem < 2; mem++) {
            ecdsa_config cfg = config(tc, arith, mem);
            int st = ecdsa_sign(&cfg, priv, digest, dlen, k, arith || mem ? other : sig);
            if (arith || mem) {
                CHECK(st == status, "%s %s: status differs (arith %d mem %d)", tc->name, what,
                      arith, mem);
                CHECK(st != ECDSA_OK || memcmp(sig, other, 2 * tc->bytes) == 0,
                      "%s %s: signature differs (arith %d mem %d)", tc->name, what, arith, mem);
            } else {
                status = st;
            }
        }
    return status;
}

/* ------------------------------------------------------------------ */
/* Standard vectors                                                     */
/* ------------------------------------------------------------------ */

typedef struct {
    int curve;        /* index into curves[] */
    const char *what; /* source */
    const char *msg;  /* message hashed with the curve's SHA-2, or NULL */
    const char *digest, *d, *qx, *qy, *k, *r, *s;
} sign_vector;

static const sign_vector sign_vectors[] = {
    /* RFC 6979 Appendix A.2.5: P-256, SHA-256 */
    {0, "RFC 6979 A.2.5 sample", "sample", NULL,
     "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721",
     "60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6",
     "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299",
     "a6e3c57dd01abe90086538398355dd4c3b17aa873382b0f24d6129493d8aad60",
     "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716",
     "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8"},
    {0, "RFC 6979 A.2.5 test", "test", NULL,
     "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721",
     "60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6",
     "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299",
     "d16b6ae827f17175e040871a1c7ec3500192c4c92677336ec2537acaee0008e0",
     "f1abb023518351cd71d881567b1ea663ed3efcf6c5132b354f28d3b0b7d38367",
     "019f4113742a2b14bd25926b49c649155f267e60d3814b4c0cc84250e46f0083"},
    /* NIST CAVP 186-4 ECDSA SigGen.txt, [P-256,SHA-256], first two entries
     * (digest = SHA-256 of Msg) */
    {0, "CAVP SigGen P-256 #1", NULL,
     "44acf6b7e36c1342c2c5897204fe09504e1e2efb1a900377dbc4e7a6a133ec56",
     "519b423d715f8b581f4fa8ee59f4771a5b44c8130b4e3eacca54a56dda72b464",
     "1ccbe91c075fc7f4f033bfa248db8fccd3565de94bbfb12f3c59ff46c271bf83",
     "ce4014c68811f9a21a1fdb2c0e6113e06db7ca93b7404e78dc7ccd5ca89a4ca9",
     "94a1bbb14b906a61a280f245f9e93c7f3b4a6247824f5d33b9670787642a68de",
     "f3ac8061b514795b8843e3d6629527ed2afd6b1f6a555a7acabb5e6f79c8c2ac",
     "8bf77819ca05a6b2786c76262bf7371cef97b218e96f175a3ccdda2acc058903"},
    {0, "CAVP SigGen P-256 #2", NULL,
     "9b2db89cb0e8fa3cc7608b4d6cc1dec0114e0b9ff4080bea12b134f489ab2bbc",
     "0f56db78ca460b055c500064824bed999a25aaf48ebb519ac201537b85479813",
     "e266ddfdc12668db30d4ca3e8f7749432c416044f2d2b8c10bf3d4012aeffa8a",
     "bfa86404a2e9ffe67d47c587ef7a97a7f456b863b4d02cfc6928973ab5b1cb39",
     "6d3e71882c3b83b156bb14e0ab184aa9fb728068d3ae9fac421187ae0b2f34c6",
     "976d3a4e9d23326dc0baa9fa560b7c4e53f42864f508483a6473b6a11079b2db",
     "1b766e9ceb71ba6c01dcd46e0af462cd4cfa652ae5017d4555b8eeefe36e1932"},
    /* RFC 6979 Appendix A.2.6: P-384, SHA-384 */
    {1, "RFC 6979 A.2.6 sample", "sample", NULL,
     "6b9d3dad2e1b8c1c05b19875b6659f4de23c3b667bf297ba9aa47740787137d8"
     "96d5724e4c70a825f872c9ea60d2edf5",
     "ec3a4e415b4e19a4568618029f427fa5da9a8bc4ae92e02e06aae5286b300c64"
     "def8f0ea9055866064a254515480bc13",
     "8015d9b72d7d57244ea8ef9ac0c621896708a59367f9dfb9f54ca84b3f1c9db1"
     "288b231c3ae0d4fe7344fd2533264720",
     "94ed910d1a099dad3254e9242ae85abde4ba15168eaf0ca87a555fd56d10fbca"
     "2907e3e83ba95368623b8c4686915cf9",
     "94edbb92a5ecb8aad4736e56c691916b3f88140666ce9fa73d64c4ea95ad133c"
     "81a648152e44acf96e36dd1e80fabe46",
     "99ef4aeb15f178cea1fe40db2603138f130e740a19624526203b6351d0a3a94f"
     "a329c145786e679e7b82c71a38628ac8"},
    {1, "RFC 6979 A.2.6 test", "test", NULL,
     "6b9d3dad2e1b8c1c05b19875b6659f4de23c3b667bf297ba9aa47740787137d8"
     "96d5724e4c70a825f872c9ea60d2edf5",
     "ec3a4e415b4e19a4568618029f427fa5da9a8bc4ae92e02e06aae5286b300c64"
     "def8f0ea9055866064a254515480bc13",
     "8015d9b72d7d57244ea8ef9ac0c621896708a59367f9dfb9f54ca84b3f1c9db1"
     "288b231c3ae0d4fe7344fd2533264720",
     "015ee46a5bf88773ed9123a5ab0807962d193719503c527b031b4c2d225092ad"
     "a71f4a459bc0da98adb95837db8312ea",
     "8203b63d3c853e8d77227fb377bcf7b7b772e97892a80f36ab775d509d7a5feb"
     "0542a7f0812998da8f1dd3ca3cf023db",
     "ddd0760448d42d8a43af45af836fce4de8be06b485e9b61b827c2f13173923e0"
     "6a739f040649a667bf3b828246baa5a5"},
    /* NIST CAVP 186-4 ECDSA SigGen.txt, [P-384,SHA-384], first two entries */
    {1, "CAVP SigGen P-384 #1", NULL,
     "31a452d6164d904bb5724c878280231eae705c29ce9d4bc7d58e020e1085f17e"
     "ebcc1a38f0ed0bf2b344d81fbd896825",
     "201b432d8df14324182d6261db3e4b3f46a8284482d52e370da41e6cbdf45ec2"
     "952f5db7ccbce3bc29449f4fb080ac97",
     "c2b47944fb5de342d03285880177ca5f7d0f2fcad7678cce4229d6e1932fcac1"
     "1bfc3c3e97d942a3c56bf34123013dbf",
     "37257906a8223866eda0743c519616a76a758ae58aee81c5fd35fbf3a855b775"
     "4a36d4a0672df95d6c44a81cf7620c2d",
     "dcedabf85978e090f733c6e16646fa34df9ded6e5ce28c6676a00f58a25283db"
     "8885e16ce5bf97f917c81e1f25c9c771",
     "50835a9251bad008106177ef004b091a1e4235cd0da84fff54542b0ed755c1d6"
     "f251609d14ecf18f9e1ddfe69b946e32",
     "0475f3d30c6463b646e8d3bf2455830314611cbde404be518b14464fdb195fdc"
     "c92eb222e61f426a4a592c00a6a89721"},
    {1, "CAVP SigGen P-384 #2", NULL,
     "a92784916a40feaebfeab16ea28c0c65e45c5e81eb634052944865708072e201"
     "10bd669a9838d7e722e94ac75245cdd3",
     "23d9f4ea6d87b7d6163d64256e3449255db14786401a51daa7847161bf56d494"
     "325ad2ac8ba928394e01061d882c3528",
     "5d42d6301c54a438f65970bae2a098cbc567e98840006e356221966c86d82e8e"
     "ca515bca850eaa3cd41f175f03a0cbfd",
     "4aef5a0ceece95d382bd70ab5ce1cb77408bae42b51a08816d5e5e1d3da8c18f"
     "cc95564a752730b0aabea983ccea4e2e",
     "67ba379366049008593eac124f59ab017358892ee0c063d38f3758bb849fd25d"
     "867c3561563cac1532a323b228dc0890",
     "fb318f4cb1276282bb43f733a7fb7c567ce94f4d02924fc758635ab2d1107108"
     "bf159b85db080cdc3b30fbb5400016f3",
     "588e3d7af5da03eae255ecb1813100d95edc243476b724b22db8e85377660d76"
     "45ddc1c2c2ee4eaea8b683dbe22f86ca"},
};

static void hash_message(const test_curve *tc, const char *msg, uint8_t *digest)
{
    unsigned int len = 0;
    EVP_Digest(msg, strlen(msg), digest, &len, tc->bytes == 32 ? EVP_sha256() : EVP_sha384(),
               NULL);
}

static void test_vectors(void)
{
    size_t i;
    for (i = 0; i < sizeof sign_vectors / sizeof sign_vectors[0]; i++) {
        const sign_vector *v = &sign_vectors[i];
        const test_curve *tc = &curves[v->curve];
        uint8_t digest[ECDSA_MAX_BYTES], d[ECDSA_MAX_BYTES], pub[2 * ECDSA_MAX_BYTES];
        uint8_t k[ECDSA_MAX_BYTES], sig[2 * ECDSA_MAX_BYTES], ours[2 * ECDSA_MAX_BYTES];
        uint8_t derived[2 * ECDSA_MAX_BYTES];
        int arith, mem;

        if (v->msg != NULL)
            hash_message(tc, v->msg, digest);
        else
            hex_to_bytes(digest, v->digest, tc->bytes);
        hex_to_bytes(d, v->d, tc->bytes);
        hex_to_bytes(pub, v->qx, tc->bytes);
        hex_to_bytes(pub + tc->bytes, v->qy, tc->bytes);
        hex_to_bytes(k, v->k, tc->bytes);
        hex_to_bytes(sig, v->r, tc->bytes);
        hex_to_bytes(sig + tc->bytes, v->s, tc->bytes);

        for (arith = 0; arith < 2; arith++)
            for (mem = 0; mem < 2; mem++) {
                ecdsa_config cfg = config(tc, arith, mem);
                int st = ecdsa_public_key(&cfg, d, derived);
                CHECK(st == ECDSA_OK && memcmp(derived, pub, 2 * tc->bytes) == 0,
                      "%s: public key (arith %d mem %d)", v->what, arith, mem);
                st = ecdsa_sign(&cfg, d, digest, tc->bytes, k, ours);
                CHECK(st == ECDSA_OK && memcmp(ours, sig, 2 * tc->bytes) == 0,
                      "%s: signature (arith %d mem %d)", v->what, arith, mem);
                if (st == ECDSA_OK && memcmp(ours, sig, 2 * tc->bytes) != 0) {
                    print_hex("expected", sig, 2 * tc->bytes);
                    print_hex("got", ours, 2 * tc->bytes);
                }
            }
        CHECK(verify_all(tc, pub, digest, tc->bytes, sig) == 4, "%s: verification", v->what);
        CHECK(ossl_verify(tc, pub, digest, tc->bytes, sig), "%s: OpenSSL verification", v->what);
        sig[2 * tc->bytes - 1] ^= 1;
        CHECK(verify_all(tc, pub, digest, tc->bytes, sig) == 0, "%s: altered s accepted",
              v->what);
    }
}

/* ------------------------------------------------------------------ */
/* Random signatures and rejections                                     */
/* ------------------------------------------------------------------ */

static void random_key(const test_curve *tc, uint8_t *priv, uint8_t *pub)
{
    BIGNUM *d = BN_new();
    random_scalar(tc, d);
    BN_bn2binpad(d, priv, (int)tc->bytes);
    ossl_public_key(tc, priv, pub);
    BN_free(d);
}

static void test_random(const test_curve *tc, int iterations)
{
    static const size_t digest_lens[] = {32, 48, 64, 20, 1};
    int i;

    for (i = 0; i < iterations; i++) {
        uint8_t priv[ECDSA_MAX_BYTES], pub[2 * ECDSA_MAX_BYTES], pub2[2 * ECDSA_MAX_BYTES];
        uint8_t derived[2 * ECDSA_MAX_BYTES], k[ECDSA_MAX_BYTES], digest[64];
        uint8_t sig[2 * ECDSA_MAX_BYTES], expect[2 * ECDSA_MAX_BYTES], bad[2 * ECDSA_MAX_BYTES];
        size_t dlen = digest_lens[i % 5];
        BIGNUM *kb = BN_new();
        char what[48];
        int mem, st;

        snprintf(what, sizeof what, "random #%d", i);
        random_key(tc, priv, pub);
        for (mem = 0; mem < 2; mem++) {
            ecdsa_config cfg = config(tc, i & 1, mem);
            st = ecdsa_public_key(&cfg, priv, derived);
            CHECK(st == ECDSA_OK && memcmp(derived, pub, 2 * tc->bytes) == 0,
                  "%s %s: public key", tc->name, what);
        }
        rng_bytes(digest, sizeof digest);
        random_scalar(tc, kb);
        BN_bn2binpad(kb, k, (int)tc->bytes);

        st = sign_all(tc, priv, digest, dlen, k, sig, what);
        CHECK(st == ECDSA_OK, "%s %s: sign status %d", tc->name, what, st);
        ossl_expected_signature(tc, priv, digest, dlen, k, expect);
        CHECK(memcmp(sig, expect, 2 * tc->bytes) == 0, "%s %s: signature != OpenSSL's formula",
              tc->name, what);
        CHECK(ossl_verify(tc, pub, digest, dlen, sig), "%s %s: OpenSSL rejects ours", tc->name,
              what);
        CHECK(verify_all(tc, pub, digest, dlen, sig) == 4, "%s %s: we reject ours", tc->name,
              what);

        CHECK(ossl_sign(tc, priv, pub, digest, dlen, bad), "%s: OpenSSL sign", tc->name);
        CHECK(verify_all(tc, pub, digest, dlen, bad) == 4, "%s %s: we reject OpenSSL's",
              tc->name, what);

        /* rejections: altered r, s, digest, key */
        memcpy(bad, sig, 2 * tc->bytes);
        bad[rng_next() % tc->bytes] ^= (uint8_t)(1u << (rng_next() % 8));
        CHECK(!verify_one(tc, i, pub, digest, dlen, bad), "%s %s: altered r", tc->name, what);
        memcpy(bad, sig, 2 * tc->bytes);
        bad[tc->bytes + rng_next() % tc->bytes] ^= (uint8_t)(1u << (rng_next() % 8));
        CHECK(!verify_one(tc, i, pub, digest, dlen, bad), "%s %s: altered s", tc->name, what);
        random_key(tc, derived, pub2);
        CHECK(!verify_one(tc, i + 1, pub2, digest, dlen, sig), "%s %s: other key", tc->name, what);
        digest[rng_next() % (dlen < tc->bytes ? dlen : tc->bytes)] ^= 0x10;
        CHECK(!verify_one(tc, i + 2, pub, digest, dlen, sig), "%s %s: altered digest", tc->name,
              what);
        BN_free(kb);
    }
}

/* Out-of-range inputs and keys. */
static void test_invalid(const test_curve *tc)
{
    uint8_t priv[ECDSA_MAX_BYTES], pub[2 * ECDSA_MAX_BYTES], k[ECDSA_MAX_BYTES];
    uint8_t digest[ECDSA_MAX_BYTES], sig[2 * ECDSA_MAX_BYTES], bad[2 * ECDSA_MAX_BYTES];
    uint8_t nbytes[ECDSA_MAX_BYTES], pbytes[ECDSA_MAX_BYTES];
    ecdsa_config cfg = config(tc, ECDSA_ARITH_FAST, ECDSA_MEM_LOW);
    BIGNUM *t = BN_new();
    int arith, mem;

    BN_bn2binpad(tc->bn_n, nbytes, (int)tc->bytes);
    BN_bn2binpad(tc->bn_p, pbytes, (int)tc->bytes);
    random_key(tc, priv, pub);
    rng_bytes(digest, sizeof digest);
    random_scalar(tc, t);
    BN_bn2binpad(t, k, (int)tc->bytes);
    CHECK(sign_all(tc, priv, digest, tc->bytes, k, sig, "invalid") == ECDSA_OK, "%s: sign",
          tc->name);

    for (arith = 0; arith < 2; arith++)
        for (mem = 0; mem < 2; mem++) {
            uint8_t zero[ECDSA_MAX_BYTES] = {0}, out[2 * ECDSA_MAX_BYTES];
            ecdsa_config c2 = config(tc, arith, mem);
            CHECK(ecdsa_sign(&c2, priv, digest, tc->bytes, zero, out) == ECDSA_ERR_NONCE,
                  "%s: k = 0 accepted", tc->name);
            CHECK(ecdsa_sign(&c2, priv, digest, tc->bytes, nbytes, out) == ECDSA_ERR_NONCE,
                  "%s: k = n accepted", tc->name);
            CHECK(ecdsa_sign(&c2, zero, digest, tc->bytes, k, out) == ECDSA_ERR_KEY,
                  "%s: d = 0 accepted", tc->name);
            CHECK(ecdsa_sign(&c2, nbytes, digest, tc->bytes, k, out) == ECDSA_ERR_KEY,
                  "%s: d = n accepted", tc->name);
            CHECK(ecdsa_public_key(&c2, nbytes, out) == ECDSA_ERR_KEY, "%s: pub of d = n",
                  tc->name);
        }

    /* r or s equal to 0 or n */
    memcpy(bad, sig, sizeof bad);
    memset(bad, 0, tc->bytes);
    CHECK(verify_all(tc, pub, digest, tc->bytes, bad) == 0, "%s: r = 0 accepted", tc->name);
    memcpy(bad, nbytes, tc->bytes);
    CHECK(verify_all(tc, pub, digest, tc->bytes, bad) == 0, "%s: r = n accepted", tc->name);
    memcpy(bad, sig, sizeof bad);
    memset(bad + tc->bytes, 0, tc->bytes);
    CHECK(verify_all(tc, pub, digest, tc->bytes, bad) == 0, "%s: s = 0 accepted", tc->name);
    memcpy(bad + tc->bytes, nbytes, tc->bytes);
    CHECK(verify_all(tc, pub, digest, tc->bytes, bad) == 0, "%s: s = n accepted", tc->name);
    /* r + n: same residue, out of range */
    BN_bin2bn(sig, (int)tc->bytes, t);
    BN_add(t, t, tc->bn_n);
    if (BN_num_bytes(t) <= (int)tc->bytes) {
        memcpy(bad, sig, sizeof bad);
        BN_bn2binpad(t, bad, (int)tc->bytes);
        CHECK(verify_all(tc, pub, digest, tc->bytes, bad) == 0, "%s: r + n accepted", tc->name);
    }

    /* public keys: off the curve, coordinate >= p */
    memcpy(bad, pub, sizeof bad);
    bad[2 * tc->bytes - 1] ^= 1;
    CHECK(ecdsa_verify(&cfg, bad, digest, tc->bytes, sig) == ECDSA_ERR_KEY,
          "%s: point off the curve accepted", tc->name);
    memcpy(bad, pub, sizeof bad);
    memcpy(bad, pbytes, tc->bytes);
    CHECK(ecdsa_verify(&cfg, bad, digest, tc->bytes, sig) == ECDSA_ERR_KEY, "%s: x = p accepted",
          tc->name);
    /* (x, p - y) is on the curve (the negated point): accepted as a key, but
     * the signature must not verify under it */
    BN_bin2bn(pub + tc->bytes, (int)tc->bytes, t);
    BN_sub(t, tc->bn_p, t);
    memcpy(bad, pub, sizeof bad);
    BN_bn2binpad(t, bad + tc->bytes, (int)tc->bytes);
    CHECK(verify_all(tc, bad, digest, tc->bytes, sig) == 0, "%s: -Q accepted", tc->name);
    /* y + p: same residue, out of range */
    BN_bin2bn(pub + tc->bytes, (int)tc->bytes, t);
    BN_add(t, t, tc->bn_p);
    if (BN_num_bytes(t) <= (int)tc->bytes) {
        memcpy(bad, pub, sizeof bad);
        BN_bn2binpad(t, bad + tc->bytes, (int)tc->bytes);
        CHECK(ecdsa_verify(&cfg, bad, digest, tc->bytes, sig) == ECDSA_ERR_KEY,
              "%s: y + p accepted", tc->name);
    }
    cfg.mem = (ecdsa_mem)7;
    CHECK(ecdsa_verify(&cfg, pub, digest, tc->bytes, sig) == ECDSA_ERR_CONFIG, "%s: bad config",
          tc->name);
    BN_free(t);
}

/*
 * x(R) >= n: the verification compares r + n as well.  R is a chosen point
 * with x in [n, p); Q = u2^-1 (R - u1 G) makes (r = x(R) - n, s) valid for
 * any s and digest (Q's private key stays unknown).
 */
static void test_large_x(const test_curve *tc)
{
    BIGNUM *x = BN_new(), *y = BN_new(), *rhs = BN_new(), *t = BN_new(), *b = BN_new();
    BIGNUM *r = BN_new(), *s = BN_new(), *e = BN_new(), *w = BN_new(), *u1 = BN_new(),
           *u2 = BN_new();
    EC_POINT *pr = EC_POINT_new(tc->group), *q = EC_POINT_new(tc->group);
    uint8_t digest[ECDSA_MAX_BYTES], pub[2 * ECDSA_MAX_BYTES], sig[2 * ECDSA_MAX_BYTES];

    EC_GROUP_get_curve(tc->group, NULL, NULL, b, bnctx);
    BN_copy(x, tc->bn_n);
    BN_add_word(x, 1); /* r = x - n must not be 0 */
    for (;;) { /* first x > n with x^3 - 3x + b a square */
        BN_mod_sqr(rhs, x, tc->bn_p, bnctx);
        BN_mod_mul(rhs, rhs, x, tc->bn_p, bnctx);
        BN_mul_word(t = BN_copy(t, x), 3);
        BN_mod_sub(rhs, rhs, t, tc->bn_p, bnctx);
        BN_mod_add(rhs, rhs, b, tc->bn_p, bnctx);
        if (BN_mod_sqrt(y, rhs, tc->bn_p, bnctx) != NULL)
            break;
        BN_add_word(x, 1);
    }
    EC_POINT_set_affine_coordinates(tc->group, pr, x, y, bnctx);
    BN_sub(r, x, tc->bn_n);
    BN_set_word(s, 12345);
    rng_bytes(digest, tc->bytes);
    BN_bin2bn(digest, (int)tc->bytes, e);
    BN_nnmod(e, e, tc->bn_n, bnctx);
    BN_mod_inverse(w, s, tc->bn_n, bnctx);
    BN_mod_mul(u1, e, w, tc->bn_n, bnctx);
    BN_mod_mul(u2, r, w, tc->bn_n, bnctx);
    /* Q = u2^-1 (R - u1 G) */
    EC_POINT_mul(tc->group, q, u1, NULL, NULL, bnctx);
    EC_POINT_invert(tc->group, q, bnctx);
    EC_POINT_add(tc->group, q, q, pr, bnctx);
    BN_mod_inverse(t, u2, tc->bn_n, bnctx);
    EC_POINT_mul(tc->group, q, NULL, q, t, bnctx);
    EC_POINT_get_affine_coordinates(tc->group, q, x, y, bnctx);
    BN_bn2binpad(x, pub, (int)tc->bytes);
    BN_bn2binpad(y, pub + tc->bytes, (int)tc->bytes);
    BN_bn2binpad(r, sig, (int)tc->bytes);
    BN_bn2binpad(s, sig + tc->bytes, (int)tc->bytes);
    CHECK(ossl_verify(tc, pub, digest, tc->bytes, sig), "%s: OpenSSL rejects x(R) >= n",
          tc->name);
    CHECK(verify_all(tc, pub, digest, tc->bytes, sig) == 4, "%s: x(R) >= n rejected", tc->name);
    BN_free(x), BN_free(y), BN_free(rhs), BN_free(t), BN_free(b), BN_free(r), BN_free(s);
    BN_free(e), BN_free(w), BN_free(u1), BN_free(u2);
    EC_POINT_free(pr);
    EC_POINT_free(q);
}

/* ------------------------------------------------------------------ */
/* Benchmark cases                                                      */
/* ------------------------------------------------------------------ */

extern const bench_case_t __start_bench_cases[], __stop_bench_cases[];

/* The constants of ecdsa_cases.c against OpenSSL. */
static void test_case_constants(void)
{
    const ecdsa_case_data *sets[2] = {&ecdsa_p256_data, &ecdsa_p384_data};
    int i;

    for (i = 0; i < 2; i++) {
        const ecdsa_case_data *cd = sets[i];
        const test_curve *tc = &curves[i];
        uint8_t digest[ECDSA_MAX_BYTES], pub[2 * ECDSA_MAX_BYTES], sig[2 * ECDSA_MAX_BYTES];

        CHECK(cd->curve == tc->id && cd->bytes == ecdsa_bytes(tc->id), "case data %d: curve", i);
        hash_message(tc, ECDSA_CASE_MESSAGE, digest);
        CHECK(memcmp(digest, cd->digest, tc->bytes) == 0, "%s cases: digest != SHA-2(message)",
              tc->name);
        ossl_public_key(tc, cd->priv, pub);
        CHECK(memcmp(pub, cd->pub, 2 * tc->bytes) == 0, "%s cases: public key", tc->name);
        ossl_expected_signature(tc, cd->priv, cd->digest, tc->bytes, cd->nonce, sig);
        CHECK(memcmp(sig, cd->sig, 2 * tc->bytes) == 0, "%s cases: signature", tc->name);
        CHECK(ossl_verify(tc, cd->pub, cd->digest, tc->bytes, cd->sig),
              "%s cases: OpenSSL rejects the signature", tc->name);
    }
}

static void test_cases_seed(uint32_t seed)
{
    const bench_case_t *c;
    int count = 0, sign = 0, verify = 0;

    bench_input_seed = seed;
    for (c = __start_bench_cases; c < __stop_bench_cases; c++) {
        int st;
        count++;
        sign += strstr(c->name, "/sign/") != NULL;
        verify += strstr(c->name, "/verify/") != NULL;
        CHECK(strncmp(c->row, "ecdsa/", 6) == 0, "case %s: row %s", c->name, c->row);
        st = c->setup(c);
        CHECK(st == 0, "case %s: setup %d", c->name, st);
        CHECK(c->check(c) != 0, "case %s: check passes before run", c->name);
        st = c->setup(c);
        st |= c->run(c);
        CHECK(st == 0, "case %s: run %d", c->name, st);
        CHECK(c->check(c) == 0, "case %s: check (seed %u)", c->name, (unsigned)seed);
        CHECK(seed == 0 || memcmp(ecdsa_in.pub, ((const ecdsa_case_arg *)c->arg)->data->pub,
                                  2u * ecdsa_in.bytes) != 0,
              "case %s: random inputs use the known key (seed %u)", c->name, (unsigned)seed);
        /* Random inputs: OpenSSL must accept the signature too. */
        if (seed != 0 && c->run == ecdsa_sign_run)
            CHECK(ossl_verify(&curves[ecdsa_in.curve], ecdsa_in.pub, ecdsa_in.digest,
                              ecdsa_in.bytes, ecdsa_sig_out),
                  "case %s: OpenSSL rejects the signature (seed %u)", c->name, (unsigned)seed);
        /* A corrupted result must be caught. */
        if (c->run == ecdsa_sign_run)
            ecdsa_sig_out[0] ^= 0x01;
        else
            ecdsa_status = ECDSA_ERR_SIGNATURE;
        CHECK(c->check(c) != 0, "case %s: check passes a wrong result (seed %u)", c->name,
              (unsigned)seed);
    }
    bench_input_seed = 0;
    CHECK(count == 16 && sign == 8 && verify == 8, "cases: %d (%d sign, %d verify)", count, sign,
          verify);
}

/* Seeds of the case runs: 0 = the known answers; the others = random inputs
 * (bench.h), checked by the cases' self-consistency checks. */
static void test_cases(void)
{
    static const uint32_t seeds[] = {0, 1, 0x9e3779b9u};
    size_t i;

    for (i = 0; i < sizeof seeds / sizeof seeds[0]; i++)
        test_cases_seed(seeds[i]);
}

int main(int argc, char **argv)
{
    int i;

    curves_init();
    if (argc > 1 && strcmp(argv[1], "--gen-curves") == 0) {
        gen_curves_file();
        return 0;
    }
    for (i = 0; i < 2; i++) {
        test_curve *tc = &curves[i];
        const ecc_curve *c;
        test_constants(tc);
        test_reduce(tc);
        c = tc->small;
        test_field_ops(tc, c->fp, tc->bn_p, "field small");
        test_field_ops(tc, c->fn, tc->bn_n, "scalar");
        c = tc->fast;
        test_field_ops(tc, c->fp, tc->bn_p, "field fast");
        test_scalar_mult(tc);
        test_random(tc, REPS(24));
        test_invalid(tc);
        test_large_x(tc);
    }
    test_vectors();
    test_case_constants();
    test_cases();

    printf("%s: %d failed checks\n", failures ? "FAIL" : "PASS", failures);
    return failures != 0;
}
