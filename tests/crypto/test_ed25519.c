/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_ed25519.c - host test of firmware/crypto/ed25519.c and of the
 * Ed25519 benchmark cases.
 *
 * The implementation and the case file are #included so that the test also
 * reaches their internal functions and constants (field and scalar
 * arithmetic, curve constants, known answers), which it checks against
 * OpenSSL 3 BN arithmetic; the public API is checked against the RFC 8032
 * section 7.1 vectors and against OpenSSL's EVP Ed25519 on random keys and
 * messages, for all four variants.
 *
 * `test_ed25519 --print-tables` prints firmware/crypto/ed25519_tables.c,
 * derived here with affine Edwards arithmetic in OpenSSL BN; every normal run
 * re-derives the tables and compares.
 */
#include "ed25519.c"
#include "ed25519_cases.c"

#include <openssl/bn.h>
#include <openssl/evp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static int failures;

static void fail(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    fprintf(stderr, "FAIL: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    failures++;
}

static void hex_to_bytes(uint8_t *out, const char *hex, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1) {
            fprintf(stderr, "bad hex in test vector\n");
            exit(2);
        }
        out[i] = (uint8_t)v;
    }
}

static void print_hex(const char *label, const uint8_t *p, size_t n)
{
    fprintf(stderr, "  %s ", label);
    for (size_t i = 0; i < n; i++)
        fprintf(stderr, "%02x", p[i]);
    fprintf(stderr, "\n");
}

static int expect_bytes(const char *what, const uint8_t *got,
                        const uint8_t *want, size_t n)
{
    if (memcmp(got, want, n) == 0)
        return 0;
    fail("%s mismatch", what);
    print_hex("got ", got, n);
    print_hex("want", want, n);
    return -1;
}

/* splitmix64 (Steele, Lea, Flood 2014): fixed-seed test data. */
static uint64_t rng_state = 0x0123456789abcdefull;

static uint64_t rng_next(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static void rng_bytes(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(rng_next() >> 56);
}

static const ed25519_variant variants[4] = {
    {ED25519_ARITH_SMALL, ED25519_PRECOMP_LOW},
    {ED25519_ARITH_SMALL, ED25519_PRECOMP_HIGH},
    {ED25519_ARITH_FAST, ED25519_PRECOMP_LOW},
    {ED25519_ARITH_FAST, ED25519_PRECOMP_HIGH},
};

static const char *variant_name(const ed25519_variant *v)
{
    static const char *names[4] = {"small/low", "small/high", "fast/low",
                                   "fast/high"};
    return names[(v->arith == ED25519_ARITH_FAST) * 2 +
                 (v->precomp == ED25519_PRECOMP_HIGH)];
}

/* ---------------------------------------------------------------------------
 * OpenSSL references
 */

static void ossl_public_key(uint8_t pub[32], const uint8_t priv[32])
{
    EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, priv, 32);
    size_t n = 32;

    if (!k || EVP_PKEY_get_raw_public_key(k, pub, &n) != 1 || n != 32) {
        fprintf(stderr, "OpenSSL Ed25519 key setup failed\n");
        exit(2);
    }
    EVP_PKEY_free(k);
}

static void ossl_sign(uint8_t sig[64], const uint8_t *msg, size_t len,
                      const uint8_t priv[32])
{
    EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, priv, 32);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    size_t n = 64;

    if (!k || !ctx || EVP_DigestSignInit(ctx, NULL, NULL, NULL, k) != 1 ||
        EVP_DigestSign(ctx, sig, &n, msg, len) != 1 || n != 64) {
        fprintf(stderr, "OpenSSL Ed25519 sign failed\n");
        exit(2);
    }
    EVP_MD_CTX_free(ctx);
    EVP_PKEY_free(k);
}

/* 1 = valid. */
static int ossl_verify(const uint8_t sig[64], const uint8_t *msg, size_t len,
                       const uint8_t pub[32])
{
    EVP_PKEY *k = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, pub, 32);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    int ok = 0;

    if (!ctx) {
        fprintf(stderr, "OpenSSL allocation failed\n");
        exit(2);
    }
    /* An undecodable public key is rejected already here. */
    if (k && EVP_DigestVerifyInit(ctx, NULL, NULL, NULL, k) == 1)
        ok = EVP_DigestVerify(ctx, sig, 64, msg, len) == 1;
    EVP_MD_CTX_free(ctx);
    EVP_PKEY_free(k);
    return ok;
}

/* ---------------------------------------------------------------------------
 * BN helpers
 */

static BN_CTX *bn_ctx;
static BIGNUM *bn_p, *bn_L, *bn_d;

static BIGNUM *bn_from_words(const uint32_t *w, int n)
{
    uint8_t buf[64];

    for (int i = 0; i < n; i++) {
        buf[4 * i] = (uint8_t)w[i];
        buf[4 * i + 1] = (uint8_t)(w[i] >> 8);
        buf[4 * i + 2] = (uint8_t)(w[i] >> 16);
        buf[4 * i + 3] = (uint8_t)(w[i] >> 24);
    }
    return BN_lebin2bn(buf, 4 * n, NULL);
}

static void bn_to_words(uint32_t *w, int n, const BIGNUM *a)
{
    uint8_t buf[64];

    if (BN_bn2lebinpad(a, buf, 4 * n) != 4 * n) {
        fprintf(stderr, "BN value too large\n");
        exit(2);
    }
    for (int i = 0; i < n; i++)
        w[i] = load32_le(buf + 4 * i);
}

static BIGNUM *bn_dec(const char *s)
{
    BIGNUM *r = NULL;

    BN_dec2bn(&r, s);
    return r;
}

/* fe value (as a number in [0, 2^256)) == want mod p? */
static int fe_matches(const fe a, const BIGNUM *want)
{
    BIGNUM *x = bn_from_words(a, 8), *w = BN_new();
    int ok;

    BN_nnmod(x, x, bn_p, bn_ctx);
    BN_nnmod(w, want, bn_p, bn_ctx);
    ok = BN_cmp(x, w) == 0;
    BN_free(x);
    BN_free(w);
    return ok;
}

/* ---------------------------------------------------------------------------
 * Field and scalar arithmetic against BN
 */

static void random_fe(fe a, int k)
{
    /* Edge values first: 0, 1, p - 1, p, p + 1, 2^255 - 1, 2^255,
     * 2^256 - 39, 2^256 - 38, 2^256 - 1; then random words, sometimes
     * all-ones-heavy. */
    static const uint32_t top[10] = {0, 0, 0x7fffffff, 0x7fffffff, 0x7fffffff,
                                     0x7fffffff, 0x80000000, 0xffffffff,
                                     0xffffffff, 0xffffffff};
    static const uint32_t low[10] = {0, 1, 0xffffffec, 0xffffffed, 0xffffffee,
                                     0xffffffff, 0, 0xffffffd9, 0xffffffda,
                                     0xffffffff};
    if (k < 10) {
        uint32_t mid = (k < 2) ? 0 : (k == 6 ? 0 : 0xffffffffu);
        for (int i = 1; i < 7; i++)
            a[i] = mid;
        a[0] = low[k];
        a[7] = top[k];
        return;
    }
    for (int i = 0; i < 8; i++) {
        uint32_t w = (uint32_t)rng_next();
        a[i] = (k % 7 == 0) ? (w | 0xfff0ff00u) : w;
    }
}

static void test_field(void)
{
    const fe_ops *ops[2] = {&fe_ops_small, &fe_ops_fast};
    BIGNUM *x = BN_new(), *y = BN_new(), *want = BN_new();
    int bad = 0;

    for (int k = 0; k < 3000 && bad < 5; k++) {
        fe a, b, r;
        random_fe(a, k % 10 == 0 && k < 100 ? k / 10 : k);
        random_fe(b, k < 10 ? 9 - k : k + 7);
        BIGNUM *ba = bn_from_words(a, 8), *bb = bn_from_words(b, 8);

        for (int v = 0; v < 2; v++) {
            ops[v]->mul(r, a, b);
            BN_mod_mul(want, ba, bb, bn_p, bn_ctx);
            if (!fe_matches(r, want)) {
                fail("fe mul (%s) k=%d", v ? "fast" : "small", k);
                bad++;
            }
            ops[v]->sqr(r, a);
            BN_mod_sqr(want, ba, bn_p, bn_ctx);
            if (!fe_matches(r, want)) {
                fail("fe sqr (%s) k=%d", v ? "fast" : "small", k);
                bad++;
            }
        }
        fe_add(r, a, b);
        BN_mod_add(want, ba, bb, bn_p, bn_ctx);
        if (!fe_matches(r, want)) {
            fail("fe add k=%d", k);
            bad++;
        }
        fe_sub(r, a, b);
        BN_mod_sub(want, ba, bb, bn_p, bn_ctx);
        if (!fe_matches(r, want)) {
            fail("fe sub k=%d", k);
            bad++;
        }
        /* Canonical form is the exact residue. */
        fe_canonical(r, a);
        BN_nnmod(want, ba, bn_p, bn_ctx);
        bn_to_words(b, 8, want);
        if (memcmp(r, b, sizeof(fe)) != 0) {
            fail("fe canonical k=%d", k);
            bad++;
        }
        if (k < 200 && !BN_is_zero(want)) {
            fe_invert(ops[k & 1], r, a);
            BN_mod_inverse(want, ba, bn_p, bn_ctx);
            if (!fe_matches(r, want)) {
                fail("fe invert k=%d", k);
                bad++;
            }
        }
        BN_free(ba);
        BN_free(bb);
    }
    BN_free(x);
    BN_free(y);
    BN_free(want);
}

static void test_scalar(void)
{
    BIGNUM *want = BN_new();
    int bad = 0;

    for (int k = 0; k < 2000 && bad < 5; k++) {
        uint32_t x[16], r[8], w[8];
        for (int i = 0; i < 16; i++)
            x[i] = (uint32_t)rng_next();
        if (k == 0)
            memset(x, 0xff, sizeof(x));   /* 2^512 - 1 */
        if (k == 1)
            memset(x, 0, sizeof(x));
        if (k == 2 || k == 3) {           /* L and L - 1 */
            memset(x, 0, sizeof(x));
            memcpy(x, sc_L, sizeof(sc_L));
            x[0] -= (uint32_t)(k == 3);
        }
        if (k == 4) {                     /* 3L - 1 < 2^256 */
            BN_mul_word(BN_copy(want, bn_L), 3);
            BN_sub_word(want, 1);
            memset(x, 0, sizeof(x));
            bn_to_words(x, 8, want);
        }
        BIGNUM *bx = bn_from_words(x, 16);
        sc_reduce(r, x);
        BN_nnmod(want, bx, bn_L, bn_ctx);
        bn_to_words(w, 8, want);
        if (memcmp(r, w, sizeof(w)) != 0) {
            fail("sc_reduce k=%d", k);
            bad++;
        }
        BN_free(bx);

        /* (a b + c) mod L with a < L, b < 2^255 (a clamped scalar), c < L. */
        uint8_t a8[32], b8[32], c8[32], out[32], want8[32];
        rng_bytes(a8, 32);
        rng_bytes(b8, 32);
        rng_bytes(c8, 32);
        a8[31] &= 0x0f;
        c8[31] &= 0x0f;
        b8[31] = (uint8_t)((b8[31] & 0x7f) | 0x40);
        if (k == 0) {                     /* largest operands */
            BN_sub_word(BN_copy(want, bn_L), 1);
            BN_bn2lebinpad(want, a8, 32);
            BN_bn2lebinpad(want, c8, 32);
            memset(b8, 0xff, 32);
            b8[31] = 0x7f;
        }
        BIGNUM *ba = BN_lebin2bn(a8, 32, NULL), *bb = BN_lebin2bn(b8, 32, NULL),
               *bc = BN_lebin2bn(c8, 32, NULL);
        sc_muladd(out, a8, b8, c8);
        BN_mul(want, ba, bb, bn_ctx);
        BN_add(want, want, bc);
        BN_nnmod(want, want, bn_L, bn_ctx);
        BN_bn2lebinpad(want, want8, 32);
        if (memcmp(out, want8, 32) != 0) {
            fail("sc_muladd k=%d", k);
            bad++;
        }
        BN_free(ba);
        BN_free(bb);
        BN_free(bc);
    }
    BN_free(want);
}

/* d, 2d, sqrt(-1), L, mu and B as written in ed25519.c. */
static void test_constants(void)
{
    BIGNUM *t = BN_new(), *u = BN_new();

    /* d * 121666 = -121665 (RFC 8032 section 5.1) */
    BN_set_word(t, 121666);
    BN_mod_mul(t, t, bn_d, bn_p, bn_ctx);
    BN_set_word(u, 121665);
    BN_mod_sub(u, bn_p, u, bn_p, bn_ctx);
    if (BN_cmp(t, u) != 0)
        fail("d is not -121665/121666");
    if (!fe_matches(fe_d, bn_d))
        fail("fe_d differs from d");
    BN_mod_add(t, bn_d, bn_d, bn_p, bn_ctx);
    if (!fe_matches(fe_2d, t))
        fail("fe_2d differs from 2d");
    /* sqrt(-1) = 2^((p-1)/4) */
    BN_set_word(u, 2);
    BN_sub(t, bn_p, BN_value_one());
    BN_rshift(t, t, 2);
    BN_mod_exp(t, u, t, bn_p, bn_ctx);
    if (!fe_matches(fe_sqrtm1, t))
        fail("fe_sqrtm1 differs from 2^((p-1)/4)");
    BIGNUM *l = bn_from_words(sc_L, 8);
    if (BN_cmp(l, bn_L) != 0)
        fail("sc_L differs from L");
    BN_free(l);
    /* mu = floor(2^512 / L) */
    BN_one(t);
    BN_lshift(t, t, 512);
    BN_div(t, NULL, t, bn_L, bn_ctx);
    BIGNUM *mu = bn_from_words(sc_mu, 9);
    if (BN_cmp(t, mu) != 0)
        fail("sc_mu differs from floor(2^512 / L)");
    BN_free(mu);
    /* B (RFC 8032 section 5.1, decimal coordinates), T = x y, Z = 1 */
    BIGNUM *bx = bn_dec("1511222134953540077250115140958853151145401269304185"
                        "7206046113283949847762202");
    BIGNUM *by = bn_dec("4631683569492647816942839400347516314130799386625622"
                        "5615783033603165251855960");
    BN_mod_mul(t, bx, by, bn_p, bn_ctx);
    BN_one(u);
    if (!fe_matches(ge_base.X, bx) || !fe_matches(ge_base.Y, by) ||
        !fe_matches(ge_base.Z, u) || !fe_matches(ge_base.T, t))
        fail("ge_base differs from RFC 8032 B");
    BN_free(bx);
    BN_free(by);
    BN_free(t);
    BN_free(u);
}

/* ---------------------------------------------------------------------------
 * Tables: affine Edwards arithmetic in BN
 */

typedef struct {
    BIGNUM *x, *y;
} bn_point;

/* r = p + q on -x^2 + y^2 = 1 + d x^2 y^2 (RFC 8032 section 5.1):
 * x3 = (x1 y2 + x2 y1) / (1 + d x1 x2 y1 y2),
 * y3 = (y1 y2 + x1 x2) / (1 - d x1 x2 y1 y2).  r may alias p or q. */
static void bn_point_add(bn_point *r, const bn_point *p, const bn_point *q)
{
    BIGNUM *t = BN_new(), *num = BN_new(), *den = BN_new(), *x3 = BN_new(),
           *y3 = BN_new(), *u = BN_new();

    BN_mod_mul(t, p->x, q->x, bn_p, bn_ctx);
    BN_mod_mul(u, p->y, q->y, bn_p, bn_ctx);
    BN_mod_mul(t, t, u, bn_p, bn_ctx);
    BN_mod_mul(t, t, bn_d, bn_p, bn_ctx);           /* d x1 x2 y1 y2 */

    BN_mod_mul(num, p->x, q->y, bn_p, bn_ctx);
    BN_mod_mul(u, q->x, p->y, bn_p, bn_ctx);
    BN_mod_add(num, num, u, bn_p, bn_ctx);
    BN_mod_add(den, BN_value_one(), t, bn_p, bn_ctx);
    BN_mod_inverse(den, den, bn_p, bn_ctx);
    BN_mod_mul(x3, num, den, bn_p, bn_ctx);

    BN_mod_mul(num, p->y, q->y, bn_p, bn_ctx);
    BN_mod_mul(u, p->x, q->x, bn_p, bn_ctx);
    BN_mod_add(num, num, u, bn_p, bn_ctx);
    BN_mod_sub(den, BN_value_one(), t, bn_p, bn_ctx);
    BN_mod_inverse(den, den, bn_p, bn_ctx);
    BN_mod_mul(y3, num, den, bn_p, bn_ctx);

    BN_copy(r->x, x3);
    BN_copy(r->y, y3);
    BN_free(t);
    BN_free(num);
    BN_free(den);
    BN_free(x3);
    BN_free(y3);
    BN_free(u);
}

static void bn_point_to_niels(ed25519_niels *n, const bn_point *p)
{
    BIGNUM *t = BN_new();

    BN_mod_add(t, p->y, p->x, bn_p, bn_ctx);
    bn_to_words(n->yplusx, 8, t);
    BN_mod_sub(t, p->y, p->x, bn_p, bn_ctx);
    bn_to_words(n->yminusx, 8, t);
    BN_mod_mul(t, p->x, p->y, bn_p, bn_ctx);
    BN_mod_mul(t, t, bn_d, bn_p, bn_ctx);
    BN_mod_add(t, t, t, bn_p, bn_ctx);
    bn_to_words(n->xy2d, 8, t);
    BN_free(t);
}

static ed25519_niels ref_comb[16][8], ref_odd[32];

static void compute_tables(void)
{
    bn_point b = {bn_dec("1511222134953540077250115140958853151145401269304185"
                         "7206046113283949847762202"),
                  bn_dec("4631683569492647816942839400347516314130799386625622"
                         "5615783033603165251855960")};
    bn_point base = {BN_dup(b.x), BN_dup(b.y)}, q = {BN_new(), BN_new()};

    for (int j = 0; j < 16; j++) {
        /* base = 2^(16j) B */
        BN_copy(q.x, base.x);
        BN_copy(q.y, base.y);
        for (int m = 1; m <= 8; m++) {
            bn_point_to_niels(&ref_comb[j][m - 1], &q);
            bn_point_add(&q, &q, &base);
        }
        for (int k = 0; k < 16; k++)
            bn_point_add(&base, &base, &base);
    }
    bn_point b2 = {BN_new(), BN_new()};
    bn_point_add(&b2, &b, &b);
    BN_copy(q.x, b.x);
    BN_copy(q.y, b.y);
    for (int i = 0; i < 32; i++) {
        bn_point_to_niels(&ref_odd[i], &q);
        bn_point_add(&q, &q, &b2);
    }
    BN_free(b.x); BN_free(b.y);
    BN_free(base.x); BN_free(base.y);
    BN_free(q.x); BN_free(q.y);
    BN_free(b2.x); BN_free(b2.y);
}

/* One coordinate over two lines: "<first>{w0, .., w3,\n<cont>w4, .., w7}". */
static void print_fe(const uint32_t w[8], const char *first, const char *cont)
{
    printf("%s{0x%08x, 0x%08x, 0x%08x, 0x%08x,\n", first, w[0], w[1], w[2], w[3]);
    printf("%s0x%08x, 0x%08x, 0x%08x, 0x%08x}", cont, w[4], w[5], w[6], w[7]);
}

static void print_niels(const ed25519_niels *n, const char *indent)
{
    char first[24], cont[24];

    snprintf(first, sizeof(first), "%s ", indent);
    snprintf(cont, sizeof(cont), "%s  ", indent);
    printf("%s{", indent);
    print_fe(n->yplusx, "", cont);
    printf(",\n");
    print_fe(n->yminusx, first, cont);
    printf(",\n");
    print_fe(n->xy2d, first, cont);
    printf("}");
}

static void print_tables(void)
{
    printf("/*\n"
           " * ed25519_tables.c - multiples of the Ed25519 base point B "
           "(RFC 8032\n"
           " * section 5.1) for the \"precomp HIGH\" variant; layout in "
           "ed25519_tables.h.\n"
           " * Generated by `test_ed25519 --print-tables` "
           "(tests/crypto/test_ed25519.c:\n"
           " * affine Edwards arithmetic in OpenSSL BN); every test run "
           "re-derives and\n"
           " * compares them.\n"
           " */\n"
           "#include \"ed25519_tables.h\"\n\n"
           "const ed25519_niels ed25519_comb[16][8] = {\n");
    for (int j = 0; j < 16; j++) {
        printf("    { /* m * 2^%d B, m = 1..8 */\n", 16 * j);
        for (int m = 0; m < 8; m++) {
            print_niels(&ref_comb[j][m], "        ");
            printf("%s\n", m == 7 ? "" : ",");
        }
        printf("    }%s\n", j == 15 ? "" : ",");
    }
    printf("};\n\nconst ed25519_niels ed25519_odd[32] = {\n");
    for (int i = 0; i < 32; i++) {
        printf("    /* %d B */\n", 2 * i + 1);
        print_niels(&ref_odd[i], "    ");
        printf("%s\n", i == 31 ? "" : ",");
    }
    printf("};\n");
}

static void test_tables(void)
{
    for (int j = 0; j < 16; j++)
        for (int m = 0; m < 8; m++)
            if (memcmp(&ref_comb[j][m], &ed25519_comb[j][m],
                       sizeof(ed25519_niels)) != 0)
                fail("ed25519_comb[%d][%d] differs from %d * 2^%d B", j, m,
                     m + 1, 16 * j);
    for (int i = 0; i < 32; i++)
        if (memcmp(&ref_odd[i], &ed25519_odd[i], sizeof(ed25519_niels)) != 0)
            fail("ed25519_odd[%d] differs from %d B", i, 2 * i + 1);
}

/* ---------------------------------------------------------------------------
 * RFC 8032 section 7.1 vectors
 */

/* TEST 1024: the message of 1023 bytes. */
static const char *const rfc_test1024_msg[] = {
    "08b8b2b733424243760fe426a4b54908632110a66c2f6591eabd3345e3e4eb98",
    "fa6e264bf09efe12ee50f8f54e9f77b1e355f6c50544e23fb1433ddf73be84d8",
    "79de7c0046dc4996d9e773f4bc9efe5738829adb26c81b37c93a1b270b20329d",
    "658675fc6ea534e0810a4432826bf58c941efb65d57a338bbd2e26640f89ffbc",
    "1a858efcb8550ee3a5e1998bd177e93a7363c344fe6b199ee5d02e82d522c4fe",
    "ba15452f80288a821a579116ec6dad2b3b310da903401aa62100ab5d1a36553e",
    "06203b33890cc9b832f79ef80560ccb9a39ce767967ed628c6ad573cb116dbef",
    "efd75499da96bd68a8a97b928a8bbc103b6621fcde2beca1231d206be6cd9ec7",
    "aff6f6c94fcd7204ed3455c68c83f4a41da4af2b74ef5c53f1d8ac70bdcb7ed1",
    "85ce81bd84359d44254d95629e9855a94a7c1958d1f8ada5d0532ed8a5aa3fb2",
    "d17ba70eb6248e594e1a2297acbbb39d502f1a8c6eb6f1ce22b3de1a1f40cc24",
    "554119a831a9aad6079cad88425de6bde1a9187ebb6092cf67bf2b13fd65f270",
    "88d78b7e883c8759d2c4f5c65adb7553878ad575f9fad878e80a0c9ba63bcbcc",
    "2732e69485bbc9c90bfbd62481d9089beccf80cfe2df16a2cf65bd92dd597b07",
    "07e0917af48bbb75fed413d238f5555a7a569d80c3414a8d0859dc65a46128ba",
    "b27af87a71314f318c782b23ebfe808b82b0ce26401d2e22f04d83d1255dc51a",
    "ddd3b75a2b1ae0784504df543af8969be3ea7082ff7fc9888c144da2af58429e",
    "c96031dbcad3dad9af0dcbaaaf268cb8fcffead94f3c7ca495e056a9b47acdb7",
    "51fb73e666c6c655ade8297297d07ad1ba5e43f1bca32301651339e22904cc8c",
    "42f58c30c04aafdb038dda0847dd988dcda6f3bfd15c4b4c4525004aa06eeff8",
    "ca61783aacec57fb3d1f92b0fe2fd1a85f6724517b65e614ad6808d6f6ee34df",
    "f7310fdc82aebfd904b01e1dc54b2927094b2db68d6f903b68401adebf5a7e08",
    "d78ff4ef5d63653a65040cf9bfd4aca7984a74d37145986780fc0b16ac451649",
    "de6188a7dbdf191f64b5fc5e2ab47b57f7f7276cd419c17a3ca8e1b939ae49e4",
    "88acba6b965610b5480109c8b17b80e1b7b750dfc7598d5d5011fd2dcc5600a3",
    "2ef5b52a1ecc820e308aa342721aac0943bf6686b64b2579376504ccc493d97e",
    "6aed3fb0f9cd71a43dd497f01f17c0e2cb3797aa2a2f256656168e6c496afc5f",
    "b93246f6b1116398a346f1a641f3b041e989f7914f90cc2c7fff357876e506b5",
    "0d334ba77c225bc307ba537152f3f1610e4eafe595f6d9d90d11faa933a15ef1",
    "369546868a7f3a45a96768d40fd9d03412c091c6315cf4fde7cb68606937380d",
    "b2eaaa707b4c4185c32eddcdd306705e4dc1ffc872eeee475a64dfac86aba41c",
    "0618983f8741c5ef68d3a101e8a3b8cac60c905c15fc910840b94c00a0b9d0",
};

typedef struct {
    const char *name, *priv, *pub, *msg, *sig;
} rfc_vector;

/* RFC 8032 section 7.1; TEST 1024's message is rfc_test1024_msg. */
static const rfc_vector rfc_vectors[] = {
    {"TEST 1",
     "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
     "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"},
    {"TEST 2",
     "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
     "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
     "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"},
    {"TEST 3",
     "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
     "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
     "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac"
     "18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"},
    {"TEST 1024",
     "f5e5767cf153319517630f226876b86c8160cc583bc013744c6bf255f5cc0ee5",
     "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e", NULL,
     "0aab4c900501b3e24d7cdf4663326a3a87df5e4843b2cbdb67cbf6e460fec350"
     "aa5371b1508f9f4528ecea23c436d94b5e8fcd4f681e30a6ac00a9704a188a03"},
    {"TEST SHA(abc)",
     "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
     "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
     "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
     "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b589"
     "09351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704"},
};

static void test_rfc_vectors(void)
{
    static uint8_t msg[1024];

    for (size_t t = 0; t < sizeof(rfc_vectors) / sizeof(rfc_vectors[0]); t++) {
        const rfc_vector *tv = &rfc_vectors[t];
        uint8_t priv[32], pub[32], sig[64], got[64], ref[64];
        size_t len = 0;

        hex_to_bytes(priv, tv->priv, 32);
        hex_to_bytes(pub, tv->pub, 32);
        hex_to_bytes(sig, tv->sig, 64);
        if (tv->msg) {
            len = strlen(tv->msg) / 2;
            hex_to_bytes(msg, tv->msg, len);
        } else {
            for (size_t i = 0; i < sizeof(rfc_test1024_msg) / sizeof(char *); i++) {
                size_t n = strlen(rfc_test1024_msg[i]) / 2;
                hex_to_bytes(msg + len, rfc_test1024_msg[i], n);
                len += n;
            }
            if (len != 1023)
                fail("%s: message is %zu bytes, not 1023", tv->name, len);
        }
        /* The transcription itself, against OpenSSL. */
        ossl_public_key(ref, priv);
        expect_bytes("OpenSSL public key vs RFC", ref, pub, 32);
        ossl_sign(ref, msg, len, priv);
        expect_bytes("OpenSSL signature vs RFC", ref, sig, 64);

        for (int v = 0; v < 4; v++) {
            char what[64];
            snprintf(what, sizeof(what), "%s %s public key", tv->name,
                     variant_name(&variants[v]));
            ed25519_public_key(got, priv, &variants[v]);
            expect_bytes(what, got, pub, 32);
            snprintf(what, sizeof(what), "%s %s signature", tv->name,
                     variant_name(&variants[v]));
            ed25519_sign(got, msg, len, priv, pub, &variants[v]);
            expect_bytes(what, got, sig, 64);
            if (ed25519_verify(sig, msg, len, pub, &variants[v]) != 0)
                fail("%s %s: valid signature rejected", tv->name,
                     variant_name(&variants[v]));
        }
    }
}

/* ---------------------------------------------------------------------------
 * Random keys and messages against OpenSSL
 */

/* Expects both verifiers to reject the tampered input. */
static void check_rejected(const char *what, const ed25519_variant *v,
                           const uint8_t sig[64], const uint8_t *msg,
                           size_t len, const uint8_t pub[32])
{
    int ours = ed25519_verify(sig, msg, len, pub, v);
    int theirs = ossl_verify(sig, msg, len, pub);

    if (ours != -1 || theirs)
        fail("%s %s: accepted (ours %d, OpenSSL %s)", what, variant_name(v),
             ours, theirs ? "valid" : "invalid");
}

static void test_random(int rounds)
{
    static uint8_t msg[2100];

    for (int r = 0; r < rounds; r++) {
        uint8_t priv[32], pub[32], ref_pub[32], sig[64], ref_sig[64], bad[64];
        size_t len = (r % 8 == 0) ? 1023 : (size_t)(rng_next() % 2049);

        rng_bytes(priv, 32);
        rng_bytes(msg, len);
        ossl_public_key(ref_pub, priv);
        ossl_sign(ref_sig, msg, len, priv);

        for (int v = 0; v < 4; v++) {
            ed25519_public_key(pub, priv, &variants[v]);
            if (expect_bytes("random public key", pub, ref_pub, 32))
                fprintf(stderr, "  round %d variant %s\n", r,
                        variant_name(&variants[v]));
            ed25519_sign(sig, msg, len, priv, ref_pub, &variants[v]);
            if (expect_bytes("random signature", sig, ref_sig, 64))
                fprintf(stderr, "  round %d variant %s len %zu\n", r,
                        variant_name(&variants[v]), len);
        }
        memcpy(pub, ref_pub, 32);
        if (!ossl_verify(sig, msg, len, pub))
            fail("round %d: OpenSSL rejects our signature", r);
        for (int w = 0; w < 4; w++)
            if (ed25519_verify(sig, msg, len, pub, &variants[w]) != 0)
                fail("round %d %s: valid signature rejected", r,
                     variant_name(&variants[w]));

        /* Tampering: one bit of R, of S, of the message, of the key. */
        const ed25519_variant *w = &variants[(r + 1) % 4];
        memcpy(bad, sig, 64);
        bad[rng_next() % 32] ^= (uint8_t)(1u << (rng_next() % 8));
        check_rejected("flipped R bit", w, bad, msg, len, pub);
        memcpy(bad, sig, 64);
        bad[32 + rng_next() % 32] ^= (uint8_t)(1u << (rng_next() % 8));
        check_rejected("flipped S bit", w, bad, msg, len, pub);
        if (len > 0) {
            size_t i = (size_t)(rng_next() % len);
            uint8_t bit = (uint8_t)(1u << (rng_next() % 8));
            msg[i] ^= bit;
            check_rejected("flipped message bit", w, sig, msg, len, pub);
            msg[i] ^= bit;
        }
        uint8_t bad_pub[32];
        memcpy(bad_pub, pub, 32);
        bad_pub[rng_next() % 32] ^= (uint8_t)(1u << (rng_next() % 8));
        check_rejected("flipped public key bit", w, sig, msg, len, bad_pub);

        /* S + L verifies the same equation but is non-canonical. */
        if (r < 16) {
            uint32_t s[9];
            uint64_t c = 0;
            sc_from_bytes(s, sig + 32, 8);
            for (int i = 0; i < 8; i++) {
                c += (uint64_t)s[i] + sc_L[i];
                s[i] = (uint32_t)c;
                c >>= 32;
            }
            memcpy(bad, sig, 32);
            sc_to_bytes(bad + 32, s);
            check_rejected("S + L", w, bad, msg, len, pub);
        }
    }
}

/* Public keys that do not decode (RFC 8032 5.1.3): y >= p, x = 0 with the
 * sign bit set, and y with no x. */
static void test_bad_public_keys(void)
{
    uint8_t priv[32], pub[32], sig[64], bad[32];
    static const uint8_t msg[3] = {1, 2, 3};

    rng_bytes(priv, 32);
    ed25519_public_key(pub, priv, &variants[0]);
    ed25519_sign(sig, msg, sizeof(msg), priv, pub, &variants[0]);

    memset(bad, 0xff, 32);            /* y = 2^255 - 1 >= p */
    bad[31] = 0x7f;
    check_rejected("y = 2^255 - 1", &variants[0], sig, msg, sizeof(msg), bad);
    memset(bad, 0, 32);               /* y = 1, x = 0 but sign bit set */
    bad[0] = 1;
    bad[31] = 0x80;
    for (int v = 0; v < 4; v++)
        if (ed25519_verify(sig, msg, sizeof(msg), bad, &variants[v]) != -1)
            fail("x = 0 with sign bit accepted (%s)", variant_name(&variants[v]));
    memset(bad, 0, 32);               /* y = 2: (y^2 - 1)/(d y^2 + 1) is no square */
    bad[0] = 2;
    ge_ext p;
    if (ge_decode(&fe_ops_small, &p, bad) != -1)
        fail("y = 2 decoded although it has no x");

    /* The decoder itself, where verification would reject anyway: y = 1
     * decodes to x = 0 only with the sign bit clear, and y = p + 1 (= 1
     * mod p) is non-canonical. */
    uint8_t enc[32];
    memset(enc, 0, 32);
    enc[0] = 1;
    if (ge_decode(&fe_ops_fast, &p, enc) != 0)
        fail("y = 1 (the neutral element) does not decode");
    enc[31] = 0x80;
    if (ge_decode(&fe_ops_fast, &p, enc) != -1)
        fail("y = 1 with the sign bit set decoded");
    memset(enc, 0xff, 32);
    enc[0] = 0xee;
    enc[31] = 0x7f;
    if (ge_decode(&fe_ops_fast, &p, enc) != -1)
        fail("y = p + 1 decoded");
    for (int v = 0; v < 4; v++)
        if (ed25519_verify(sig, msg, sizeof(msg), bad, &variants[v]) != -1)
            fail("y = 2 public key accepted (%s)", variant_name(&variants[v]));
}

/* ---------------------------------------------------------------------------
 * Benchmark cases
 */

extern const bench_case_t __start_bench_cases[], __stop_bench_cases[];

static void test_cases(void)
{
    static const char *const rows[8] = {
        "eddsa/ed25519/sign/small/optlow",
        "eddsa/ed25519/sign/small/opthigh",
        "eddsa/ed25519/sign/superfast/optlow",
        "eddsa/ed25519/sign/superfast/opthigh",
        "eddsa/ed25519/verify/small/optlow",
        "eddsa/ed25519/verify/small/opthigh",
        "eddsa/ed25519/verify/superfast/optlow",
        "eddsa/ed25519/verify/superfast/opthigh",
    };
    /* 0: the known answers; the others: random inputs (bench.h). */
    static const uint32_t seeds[3] = {0, 1, 0x9e3779b9u};
    int seen[8] = {0};
    int count = 0;

    for (int si = 0; si < 3; si++) {
        bench_input_seed = seeds[si];
        for (const bench_case_t *c = __start_bench_cases; c < __stop_bench_cases; c++) {
            int row = -1;
            for (int i = 0; i < 8; i++)
                if (strcmp(c->row, rows[i]) == 0)
                    row = i;
            if (row < 0) {
                fail("case %s: unexpected row \"%s\"", c->name, c->row);
                continue;
            }
            seen[row]++;
            count++;
            if (c->setup(c) != 0)
                fail("case %s: setup failed", c->name);
            else if (c->run(c) != 0)
                fail("case %s: run failed", c->name);
            else if (c->check(c) != 0)
                fail("case %s: check failed (seed %u)", c->name, (unsigned)seeds[si]);
            else if (bench_input_seed != 0 && memcmp(ed_case_pub, ed25519_pub, 32) == 0)
                fail("case %s: random inputs use the known key (seed %u)", c->name,
                     (unsigned)seeds[si]);
            else if (bench_input_seed != 0 && c->run == ed_case_run_sign &&
                     !ossl_verify(ed_case_sig, ed_case_msg, sizeof(ed_case_msg), ed_case_pub))
                fail("case %s: OpenSSL rejects the signature of random inputs (seed %u)", c->name,
                     (unsigned)seeds[si]);
            /* A wrong result must fail the check. */
            if (c->setup(c) == 0) {
                ed_case_sig[c->run == ed_case_run_verify ? 63 : 0] ^= 1;
                if (c->run == ed_case_run_verify)
                    c->run(c);
                if (c->check(c) == 0)
                    fail("case %s: check passes a wrong result (seed %u)", c->name,
                         (unsigned)seeds[si]);
            }
        }
    }
    bench_input_seed = 0;
    for (int i = 0; i < 8; i++)
        if (seen[i] != 3)
            fail("row %s: %d runs over 3 seeds, not 3", rows[i], seen[i]);
    if (count != 3 * 8)
        fail("%d runs over 3 seeds instead of 3 x 8 cases", count);

    /* The known answers, independently: OpenSSL over the case's message. */
    uint8_t pub[32], sig[64];
    ed25519_known_message(ed_case_msg);
    ossl_public_key(pub, ed25519_priv);
    expect_bytes("case public key vs OpenSSL", ed25519_pub, pub, 32);
    ossl_sign(sig, ed_case_msg, sizeof(ed_case_msg), ed25519_priv);
    expect_bytes("case expected signature vs OpenSSL", ed25519_expected_sig,
                 sig, 64);
    if (!ossl_verify(ed25519_expected_sig, ed_case_msg, sizeof(ed_case_msg),
                     ed25519_pub))
        fail("OpenSSL rejects the case signature");
}

int main(int argc, char **argv)
{
    bn_ctx = BN_CTX_new();
    BN_hex2bn(&bn_p,
              "7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed");
    BN_dec2bn(&bn_L, "7237005577332262213973186563042994240857116359379907606001"
                     "950938285454250989"); /* 2^252 + 277423...8493 */
    bn_d = BN_new();
    {
        /* d = -121665 / 121666 mod p (RFC 8032 section 5.1) */
        BIGNUM *t = BN_new();
        BN_set_word(t, 121666);
        BN_mod_inverse(t, t, bn_p, bn_ctx);
        BN_set_word(bn_d, 121665);
        BN_mod_sub(bn_d, bn_p, bn_d, bn_p, bn_ctx);
        BN_mod_mul(bn_d, bn_d, t, bn_p, bn_ctx);
        BN_free(t);
    }
    {
        /* L as written in RFC 8032 section 5.1 */
        BIGNUM *t = BN_new(), *c = bn_dec("27742317777372353535851937790883648493");
        BN_one(t);
        BN_lshift(t, t, 252);
        BN_add(t, t, c);
        if (BN_cmp(t, bn_L) != 0)
            fail("L constant of the test");
        BN_free(t);
        BN_free(c);
    }
    compute_tables();
    if (argc > 1 && strcmp(argv[1], "--print-tables") == 0) {
        print_tables();
        return 0;
    }

    test_constants();
    test_tables();
    test_field();
    test_scalar();
    test_rfc_vectors();
    test_bad_public_keys();
    test_random(128);
    test_cases();

    BN_free(bn_p);
    BN_free(bn_L);
    BN_free(bn_d);
    BN_CTX_free(bn_ctx);
    if (failures) {
        printf("test_ed25519: %d FAILURES\n", failures);
        return 1;
    }
    printf("test_ed25519: all passed (constants, tables, field, scalars, "
           "RFC 8032 vectors, 128 random keys x 4 variants x OpenSSL, 8 cases)\n");
    return 0;
}
