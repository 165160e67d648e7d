/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_aes.c - host test of firmware/crypto/aes.c and firmware/cases/aes_cases.c.
 *
 * 1. FIPS 197 Appendix C single-block vectors (CBC with a zero IV on one
 *    block is the bare cipher) and NIST SP 800-38A F.2.1-F.2.6 CBC vectors.
 * 2. Random keys, IVs and messages against OpenSSL 3 EVP_aes_*_cbc without
 *    padding; chunked appends and in-place operation equal one call.
 * 3. Parameter errors.
 * 4. The case file's known answers recomputed with OpenSSL from an independent
 *    copy of its xorshift32 streams, then every AES case's setup/run/check.
 * Everything runs for both implementations and both directions.
 */
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aes.h"
/* Included, not linked, so the test can read the case file's static known
 * answers; flow_input.c (linked) provides the shared input and generator. */
#include "aes_cases.c"

static int failures;
static const char *impl_name[2] = {"small", "fast"};
static const char *dir_name[2] = {"enc", "dec"};

static void expect_eq(const char *what, const uint8_t *got, const uint8_t *want, size_t n)
{
    size_t i;

    if (memcmp(got, want, n) == 0)
        return;
    printf("FAIL %s\n  got  ", what);
    for (i = 0; i < n; i++)
        printf("%02x", got[i]);
    printf("\n  want ");
    for (i = 0; i < n; i++)
        printf("%02x", want[i]);
    printf("\n");
    failures++;
}

static void expect_rc(const char *what, int got, int want)
{
    if (got != want) {
        printf("FAIL %s: returned %d, want %d\n", what, got, want);
        failures++;
    }
}

static int hexval(char c)
{
    return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

static size_t unhex(const char *s, uint8_t *out)
{
    size_t n = 0;
    for (; s[0] && s[1]; s += 2)
        out[n++] = (uint8_t)(hexval(s[0]) << 4 | hexval(s[1]));
    return n;
}

/* Test-local generator for random inputs (splitmix64, fixed seed). */
static uint64_t rng_state = 0xfedcba9876543210ull;
static uint64_t rng64(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static void rng_bytes(uint8_t *p, size_t n)
{
    while (n--)
        *p++ = (uint8_t)rng64();
}

static int ours_oneshot(int impl, int dir, const uint8_t *key, size_t keylen, const uint8_t *iv,
                        const uint8_t *in, size_t len, uint8_t *out)
{
    return dir == AES_ENCRYPT ? aes_cbc_encrypt((aes_impl)impl, key, keylen, iv, in, len, out)
                              : aes_cbc_decrypt((aes_impl)impl, key, keylen, iv, in, len, out);
}

/* Appends `in` in random whole-block pieces, empty ones included. */
static int ours_chunked(int impl, int dir, const uint8_t *key, size_t keylen, const uint8_t *iv,
                        const uint8_t *in, size_t len, uint8_t *out)
{
    aes_cbc_ctx ctx;
    size_t off = 0;
    int rc = aes_cbc_init(&ctx, (aes_impl)impl, (aes_dir)dir);

    if (rc == AES_OK)
        rc = aes_cbc_setkey(&ctx, key, keylen);
    if (rc != AES_OK)
        return rc;
    aes_cbc_setiv(&ctx, iv);
    while (off < len && rc == AES_OK) {
        size_t piece = 16 * (size_t)(rng64() % 6);
        if (piece > len - off)
            piece = len - off;
        rc = aes_cbc_append(&ctx, in + off, out + off, piece);
        off += piece;
    }
    aes_cbc_wipe(&ctx);
    return rc;
}

static const EVP_CIPHER *openssl_cbc(size_t keylen)
{
    return keylen == 16 ? EVP_aes_128_cbc() : keylen == 24 ? EVP_aes_192_cbc() : EVP_aes_256_cbc();
}

static void openssl_cbc_run(int dir, const uint8_t *key, size_t keylen, const uint8_t *iv,
                            const uint8_t *in, size_t len, uint8_t *out)
{
    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    int outl = 0, finl = 0;

    if (!c || !EVP_CipherInit_ex(c, openssl_cbc(keylen), NULL, key, iv, dir == AES_ENCRYPT) ||
        !EVP_CIPHER_CTX_set_padding(c, 0) || !EVP_CipherUpdate(c, out, &outl, in, (int)len) ||
        !EVP_CipherFinal_ex(c, out + outl, &finl) || (size_t)(outl + finl) != len) {
        printf("FAIL OpenSSL AES-CBC\n");
        exit(1);
    }
    EVP_CIPHER_CTX_free(c);
}

static void test_fips197(void)
{
    /* FIPS 197 Appendix C.1-C.3: key 00 01 02 ..., plaintext 00112233...ff. */
    static const char *want[3] = {
        "69c4e0d86a7b0430d8cdb78070b4c55a",
        "dda97ca4864cdfe06eaf70a0ec0d7191",
        "8ea2b7ca516745bfeafc49904b496089",
    };
    uint8_t key[32], pt[16], ct[16], out[16];
    static const uint8_t zero_iv[16];
    char what[80];
    int k, impl, i;

    for (i = 0; i < 32; i++)
        key[i] = (uint8_t)i;
    for (i = 0; i < 16; i++)
        pt[i] = (uint8_t)(0x11 * i);
    for (k = 0; k < 3; k++) {
        size_t keylen = 16 + 8 * (size_t)k;
        unhex(want[k], ct);
        for (impl = 0; impl < 2; impl++) {
            snprintf(what, sizeof what, "FIPS 197 C.%d %s encrypt", k + 1, impl_name[impl]);
            expect_rc(what, ours_oneshot(impl, AES_ENCRYPT, key, keylen, zero_iv, pt, 16, out), 0);
            expect_eq(what, out, ct, 16);
            snprintf(what, sizeof what, "FIPS 197 C.%d %s decrypt", k + 1, impl_name[impl]);
            expect_rc(what, ours_oneshot(impl, AES_DECRYPT, key, keylen, zero_iv, ct, 16, out), 0);
            expect_eq(what, out, pt, 16);
        }
    }
}

static void test_sp800_38a(void)
{
    /* NIST SP 800-38A Appendix F.2.1-F.2.6 (CBC-AES128/192/256). */
    static const char *keys[3] = {
        "2b7e151628aed2a6abf7158809cf4f3c",
        "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
        "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
    };
    static const char *iv_hex = "000102030405060708090a0b0c0d0e0f";
    static const char *pt_hex =
        "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
        "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710";
    static const char *ct_hex[3] = {
        "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
        "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7",
        "4f021db243bc633d7178183a9fa071e8b4d9ada9ad7dedf4e5e738763f69145a"
        "571b242012fb7ae07fa9baac3df102e008b0e27988598881d920a9e64f5615cd",
        "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
        "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b",
    };
    uint8_t key[32], iv[16], pt[64], ct[64], out[64];
    char what[80];
    int k, impl;

    unhex(iv_hex, iv);
    unhex(pt_hex, pt);
    for (k = 0; k < 3; k++) {
        size_t keylen = unhex(keys[k], key);
        unhex(ct_hex[k], ct);
        for (impl = 0; impl < 2; impl++) {
            snprintf(what, sizeof what, "SP 800-38A F.2.%d %s encrypt", 2 * k + 1, impl_name[impl]);
            expect_rc(what, ours_oneshot(impl, AES_ENCRYPT, key, keylen, iv, pt, 64, out), 0);
            expect_eq(what, out, ct, 64);
            expect_rc(what, ours_chunked(impl, AES_ENCRYPT, key, keylen, iv, pt, 64, out), 0);
            expect_eq(what, out, ct, 64);
            snprintf(what, sizeof what, "SP 800-38A F.2.%d %s decrypt", 2 * k + 2, impl_name[impl]);
            expect_rc(what, ours_oneshot(impl, AES_DECRYPT, key, keylen, iv, ct, 64, out), 0);
            expect_eq(what, out, pt, 64);
            expect_rc(what, ours_chunked(impl, AES_DECRYPT, key, keylen, iv, ct, 64, out), 0);
            expect_eq(what, out, pt, 64);
        }
    }
}

static void test_against_openssl(void)
{
    static uint8_t in[1024], want[1024], out[1024], inplace[1024];
    uint8_t key[32], iv[16];
    char what[96];
    int impl, dir, k, iter;

    for (impl = 0; impl < 2; impl++)
        for (dir = 0; dir < 2; dir++)
            for (k = 0; k < 3; k++)
                for (iter = 0; iter < 150; iter++) {
                    size_t keylen = 16 + 8 * (size_t)k;
                    size_t len = 16 * (size_t)(rng64() % (sizeof in / 16 + 1));
                    rng_bytes(key, keylen);
                    rng_bytes(iv, sizeof iv);
                    rng_bytes(in, len);
                    openssl_cbc_run(dir, key, keylen, iv, in, len, want);

                    snprintf(what, sizeof what, "random %s %s AES-%zu len %zu one-shot",
                             impl_name[impl], dir_name[dir], 8 * keylen, len);
                    expect_rc(what, ours_oneshot(impl, dir, key, keylen, iv, in, len, out), 0);
                    expect_eq(what, out, want, len);

                    snprintf(what, sizeof what, "random %s %s AES-%zu len %zu chunked",
                             impl_name[impl], dir_name[dir], 8 * keylen, len);
                    expect_rc(what, ours_chunked(impl, dir, key, keylen, iv, in, len, out), 0);
                    expect_eq(what, out, want, len);

                    snprintf(what, sizeof what, "random %s %s AES-%zu len %zu in place",
                             impl_name[impl], dir_name[dir], 8 * keylen, len);
                    memcpy(inplace, in, len);
                    expect_rc(what, ours_chunked(impl, dir, key, keylen, iv, inplace, len, inplace), 0);
                    expect_eq(what, inplace, want, len);
                }
}

static void test_errors(void)
{
    static const uint8_t key[32], iv[16], in[32];
    uint8_t out[32];
    aes_cbc_ctx ctx;
    int impl;

    for (impl = 0; impl < 2; impl++) {
        expect_rc("keylen 20", aes_cbc_encrypt((aes_impl)impl, key, 20, iv, in, 32, out), AES_ERR_PARAM);
        expect_rc("len 17", aes_cbc_decrypt((aes_impl)impl, key, 16, iv, in, 17, out), AES_ERR_PARAM);
        expect_rc("init", aes_cbc_init(&ctx, (aes_impl)impl, AES_ENCRYPT), AES_OK);
        expect_rc("append before setkey", aes_cbc_append(&ctx, in, out, 16), AES_ERR_PARAM);
        expect_rc("empty", aes_cbc_encrypt((aes_impl)impl, key, 32, iv, in, 0, out), AES_OK);
    }
    expect_rc("bad impl", aes_cbc_init(&ctx, (aes_impl)2, AES_ENCRYPT), AES_ERR_PARAM);
    expect_rc("bad dir", aes_cbc_init(&ctx, AES_IMPL_FAST, (aes_dir)2), AES_ERR_PARAM);
}

/* Independent copy of the case file's xorshift32 stream (Marsaglia 2003). */
static void xorshift32_stream(uint8_t *buf, size_t len, uint32_t x)
{
    size_t i;
    for (i = 0; i < len; i += 4) {
        uint8_t word[4];
        size_t j;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        word[0] = (uint8_t)x;
        word[1] = (uint8_t)(x >> 8);
        word[2] = (uint8_t)(x >> 16);
        word[3] = (uint8_t)(x >> 24);
        for (j = 0; j < 4 && i + j < len; j++)
            buf[i + j] = word[j];
    }
}

static void test_case_constants(void)
{
    static const size_t sole[4] = {16, 32, 64, 128};
    static uint8_t msg[AES_SHA2_INPUT_BYTES], out[AES_SHA2_INPUT_BYTES];
    uint8_t key[32], iv[16], digest[32];
    unsigned int dlen;
    char what[64];
    int dir, k, s;

    xorshift32_stream(key, sizeof key, AES_KEY_SEED);
    xorshift32_stream(iv, sizeof iv, AES_IV_SEED);
    xorshift32_stream(msg, sizeof msg, AES_MSG_SEED);
    for (dir = 0; dir < 2; dir++)
        for (k = 0; k < 3; k++) {
            size_t keylen = 16 + 8 * (size_t)k;
            for (s = 0; s < 5; s++) {
                size_t len = s < 4 ? sole[s] : sizeof msg;
                const uint8_t *want = s < 4 ? aes_sole_expect[AES_SOLE_IDX(dir, k, s)]
                                            : aes_flow_expect[dir * 3 + k];
                openssl_cbc_run(dir, key, keylen, iv, msg, len, out);
                if (!EVP_Digest(out, len, digest, &dlen, EVP_sha256(), NULL)) {
                    printf("FAIL OpenSSL EVP_Digest\n");
                    exit(1);
                }
                snprintf(what, sizeof what, "case constant %s AES-%zu %zu bytes",
                         dir_name[dir], 8 * keylen, len);
                expect_eq(what, want, digest, 32);
            }
        }
}

extern const bench_case_t __start_bench_cases[], __stop_bench_cases[];

static void test_cases_seed(uint32_t seed)
{
    const bench_case_t *c, *first = NULL;
    int count = 0;

    bench_input_seed = seed;

    for (c = __start_bench_cases; c < __stop_bench_cases; c++) {
        int rc;
        if (!first)
            first = c;
        rc = c->setup(c);
        if (rc == 0)
            rc = c->run(c) ? 2 : 0;
        if (rc == 0)
            rc = c->check(c) ? 3 : 0;
        /* Random inputs must not be the known ones. */
        if (rc == 0 && seed != 0) {
            const aes_case_arg *a = c->arg;
            uint8_t digest[32];
            sha256(aes_output, a->len, digest);
            if (memcmp(digest, a->expect, sizeof digest) == 0)
                rc = 4;
        }
        if (rc != 0) {
            printf("FAIL case %s (seed %u): status %d\n", c->name, (unsigned)seed, rc);
            failures++;
        }
        count++;
    }
    if (count != 96) {
        printf("FAIL expected 96 AES cases, found %d\n", count);
        failures++;
        return;
    }
    /* A corrupted result must be caught by check(). */
    first->setup(first);
    first->run(first);
    aes_output[0] ^= 1;
    if (first->check(first) == 0) {
        printf("FAIL case %s (seed %u): check() accepted a corrupted output\n", first->name,
               (unsigned)seed);
        failures++;
    }
    bench_input_seed = 0;
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

int main(void)
{
    test_fips197();
    test_sp800_38a();
    test_against_openssl();
    test_errors();
    test_case_constants();
    test_cases();
    if (failures) {
        printf("test_aes: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_aes: all passed\n");
    return 0;
}
