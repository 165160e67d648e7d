/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_sha2.c - host test of firmware/crypto/sha2.c and firmware/cases/sha_cases.c.
 *
 * 1. FIPS 180-4 example messages (NIST CSRC "Examples with intermediate
 *    values", the same digests as FIPS 180-2 appendices B, C and D).
 * 2. Every length 0..700 and random streaming splits against OpenSSL 3 EVP.
 * 3. The case file's known answers recomputed with OpenSSL from an independent
 *    copy of its xorshift32 stream, then every case's setup/run/check.
 */
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sha2.h"
/* Included, not linked, so the test can read the case file's static known
 * answers; the cases still register through the bench_cases section. */
#include "sha_cases.c"

static int failures;

static void fail_hex(const char *what, const uint8_t *got, const uint8_t *want, size_t n)
{
    size_t i;
    printf("FAIL %s\n  got  ", what);
    for (i = 0; i < n; i++)
        printf("%02x", got[i]);
    printf("\n  want ");
    for (i = 0; i < n; i++)
        printf("%02x", want[i]);
    printf("\n");
    failures++;
}

static void expect_eq(const char *what, const uint8_t *got, const uint8_t *want, size_t n)
{
    if (memcmp(got, want, n) != 0)
        fail_hex(what, got, want, n);
}

static int hexval(char c)
{
    return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

static void unhex(const char *s, uint8_t *out)
{
    for (; s[0] && s[1]; s += 2)
        *out++ = (uint8_t)(hexval(s[0]) << 4 | hexval(s[1]));
}

/* Test-local generator for random inputs (splitmix64, fixed seed). */
static uint64_t rng_state = 0x0123456789abcdefull;
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

enum { ALG_256, ALG_384, ALG_512 };
static const size_t dlen[3] = {32, 48, 64};
static const char *alg_name[3] = {"SHA-256", "SHA-384", "SHA-512"};

static void ours_oneshot(int alg, const uint8_t *m, size_t n, uint8_t *d)
{
    if (alg == ALG_256)
        sha256(m, n, d);
    else if (alg == ALG_384)
        sha384(m, n, d);
    else
        sha512(m, n, d);
}

/* Streams `m` in random-sized pieces (including empty ones). */
static void ours_split(int alg, const uint8_t *m, size_t n, uint8_t *d)
{
    sha256_ctx c256;
    sha512_ctx c512;
    size_t off = 0;

    if (alg == ALG_256)
        sha256_init(&c256);
    else if (alg == ALG_384)
        sha384_init(&c512);
    else
        sha512_init(&c512);
    while (off < n) {
        size_t piece = (size_t)(rng64() % 300);
        if (piece > n - off)
            piece = n - off;
        if (alg == ALG_256)
            sha256_update(&c256, m + off, piece);
        else
            sha512_update(&c512, m + off, piece);
        off += piece;
    }
    if (alg == ALG_256)
        sha256_final(&c256, d);
    else if (alg == ALG_384)
        sha384_final(&c512, d);
    else
        sha512_final(&c512, d);
}

static void openssl_digest(int alg, const uint8_t *m, size_t n, uint8_t *d)
{
    const EVP_MD *md = alg == ALG_256 ? EVP_sha256() : alg == ALG_384 ? EVP_sha384() : EVP_sha512();
    unsigned int len = 0;
    if (!EVP_Digest(m, n, d, &len, md, NULL) || len != dlen[alg]) {
        printf("FAIL OpenSSL EVP_Digest\n");
        exit(1);
    }
}

static void test_standard_vectors(void)
{
    /* NIST FIPS 180 examples: "abc", the 448-bit and 896-bit two-block
     * messages and one million 'a' (FIPS 180-2 appendices B, C, D).  NIST
     * gives no SHA-256 digest of the 896-bit message: that one was computed
     * by OpenSSL 3 (openssl dgst -sha256) and is re-checked by the EVP loop. */
    static const char *msgs[3] = {
        "abc",
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn" /* one message: clang -Wstring-concatenation */
         "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"),
    };
    static const char *want[3][4] = {
        {"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
         "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"},
        {"cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
         "8086072ba1e7cc2358baeca134c825a7",
         "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6"
         "b0455a8520bc4e6f5fe95b1fe3c8452b",
         "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712"
         "fcc7c71a557e2db966c3e9fa91746039",
         "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b"
         "07b8b3dc38ecc4ebae97ddd87f3d8985"},
        {"ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
         "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
         "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c335"
         "96fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445",
         "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
         "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909",
         "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
         "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b"},
    };
    static uint8_t million[1000];
    uint8_t d[64], w[64];
    char what[64];
    int alg, i;

    memset(million, 'a', sizeof million);
    for (alg = 0; alg < 3; alg++) {
        for (i = 0; i < 3; i++) {
            ours_oneshot(alg, (const uint8_t *)msgs[i], strlen(msgs[i]), d);
            unhex(want[alg][i], w);
            snprintf(what, sizeof what, "%s FIPS example %d", alg_name[alg], i);
            expect_eq(what, d, w, dlen[alg]);
        }
        {
            sha256_ctx c256;
            sha512_ctx c512;
            if (alg == ALG_256)
                sha256_init(&c256);
            else if (alg == ALG_384)
                sha384_init(&c512);
            else
                sha512_init(&c512);
            for (i = 0; i < 1000; i++) {
                if (alg == ALG_256)
                    sha256_update(&c256, million, sizeof million);
                else
                    sha512_update(&c512, million, sizeof million);
            }
            if (alg == ALG_256)
                sha256_final(&c256, d);
            else if (alg == ALG_384)
                sha384_final(&c512, d);
            else
                sha512_final(&c512, d);
            unhex(want[alg][3], w);
            snprintf(what, sizeof what, "%s one million 'a'", alg_name[alg]);
            expect_eq(what, d, w, dlen[alg]);
        }
    }
}

static void test_against_openssl(void)
{
    static uint8_t m[4096];
    uint8_t d[64], w[64];
    char what[80];
    size_t n;
    int alg, iter;

    for (alg = 0; alg < 3; alg++) {
        for (n = 0; n <= 700; n++) {
            rng_bytes(m, n);
            openssl_digest(alg, m, n, w);
            ours_oneshot(alg, m, n, d);
            snprintf(what, sizeof what, "%s one-shot len %zu", alg_name[alg], n);
            expect_eq(what, d, w, dlen[alg]);
            ours_split(alg, m, n, d);
            snprintf(what, sizeof what, "%s split len %zu", alg_name[alg], n);
            expect_eq(what, d, w, dlen[alg]);
        }
        for (iter = 0; iter < 200; iter++) {
            n = (size_t)(rng64() % sizeof m);
            rng_bytes(m, n);
            openssl_digest(alg, m, n, w);
            ours_split(alg, m, n, d);
            snprintf(what, sizeof what, "%s random split len %zu", alg_name[alg], n);
            expect_eq(what, d, w, dlen[alg]);
        }
    }
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
    static uint8_t msg[AES_SHA2_INPUT_BYTES];
    uint8_t w[64];
    char what[64];
    int i;

    xorshift32_stream(msg, sizeof msg, SHA_MSG_SEED);
    for (i = 0; i < 4; i++) {
        openssl_digest(ALG_256, msg, sole[i], w);
        snprintf(what, sizeof what, "sha256_sole_expect[%d]", i);
        expect_eq(what, sha256_sole_expect[i], w, 32);
        openssl_digest(ALG_384, msg, sole[i], w);
        snprintf(what, sizeof what, "sha384_sole_expect[%d]", i);
        expect_eq(what, sha384_sole_expect[i], w, 48);
    }
    openssl_digest(ALG_256, msg, sizeof msg, w);
    expect_eq("sha256_8000_expect", sha256_8000_expect, w, 32);
    openssl_digest(ALG_384, msg, sizeof msg, w);
    expect_eq("sha384_8000_expect", sha384_8000_expect, w, 48);
}

extern const bench_case_t __start_bench_cases[], __stop_bench_cases[];

static void test_cases_seed(uint32_t seed)
{
    const bench_case_t *c;
    int count = 0;

    bench_input_seed = seed;

    for (c = __start_bench_cases; c < __stop_bench_cases; c++) {
        int rc = c->setup(c);
        if (rc == 0)
            rc = c->run(c) ? 2 : 0;
        if (rc == 0)
            rc = c->check(c) ? 3 : 0;
        /* Random inputs must not be the known ones. */
        if (rc == 0 && seed != 0 &&
            memcmp(sha_digest, ((const sha_case_arg *)c->arg)->expect, 32) == 0)
            rc = 4;
        if (rc != 0) {
            printf("FAIL case %s (row %s, seed %u): status %d\n", c->name, c->row,
                   (unsigned)seed, rc);
            failures++;
        }
        count++;
    }
    if (count != 18) {
        printf("FAIL expected 18 SHA cases, found %d\n", count);
        failures++;
    }
    /* A corrupted result must be caught by check(). */
    c = __start_bench_cases;
    c->setup(c);
    c->run(c);
    sha_digest[0] ^= 1;
    if (c->check(c) == 0) {
        printf("FAIL case %s (seed %u): check() accepted a corrupted digest\n", c->name,
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
    test_standard_vectors();
    test_against_openssl();
    test_case_constants();
    test_cases();
    if (failures) {
        printf("test_sha2: %d failure(s)\n", failures);
        return 1;
    }
    printf("test_sha2: all passed\n");
    return 0;
}
