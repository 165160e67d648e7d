/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_keccak.c - host test of firmware/crypto/keccak.c.
 *
 * 1. Keccak-f[1600] of the all-zero state (Keccak team's
 *    KeccakF-1600-IntermediateValues.txt, first lane).
 * 2. FIPS 202 example values (NIST CSRC "Examples with intermediate values":
 *    SHA3-256, SHAKE128 and SHAKE256 of the empty string, "abc" and 200 bytes
 *    of 0xa3).
 * 3. Every input length 0..600 and random output lengths, in one shot and with
 *    random absorb/squeeze splits, against OpenSSL 3 EVP (fixed-seed PRNG).
 */
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keccak.h"

static int failures, passes;

static void expect_eq(const char *what, size_t arg, const uint8_t *got, const uint8_t *want, size_t n)
{
    size_t i;

    if (memcmp(got, want, n) == 0) {
        passes++;
        return;
    }
    failures++;
    printf("FAIL %s (%zu)\n  got  ", what, arg);
    for (i = 0; i < n; i++)
        printf("%02x", got[i]);
    printf("\n  want ");
    for (i = 0; i < n; i++)
        printf("%02x", want[i]);
    printf("\n");
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
static uint64_t rng_state = 0x4b656363616b3136ull;
static uint64_t rng64(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

enum { SHA3_256, SHAKE128, SHAKE256 };
static const char *alg_name[3] = {"SHA3-256", "SHAKE128", "SHAKE256"};

static void ours(int alg, const uint8_t *in, size_t inlen, uint8_t *out, size_t outlen)
{
    if (alg == SHA3_256)
        fw_sha3_256(out, in, inlen);
    else if (alg == SHAKE128)
        fw_shake128(out, outlen, in, inlen);
    else
        fw_shake256(out, outlen, in, inlen);
}

static void openssl(int alg, const uint8_t *in, size_t inlen, uint8_t *out, size_t outlen)
{
    const EVP_MD *md = alg == SHA3_256 ? EVP_sha3_256() : alg == SHAKE128 ? EVP_shake128()
                                                                          : EVP_shake256();
    EVP_MD_CTX *c = EVP_MD_CTX_new();

    EVP_DigestInit_ex(c, md, NULL);
    EVP_DigestUpdate(c, in, inlen);
    if (alg == SHA3_256)
        EVP_DigestFinal_ex(c, out, NULL);
    else
        EVP_DigestFinalXOF(c, out, outlen);
    EVP_MD_CTX_free(c);
}

static void test_permutation(void)
{
    uint32_t s[50] = {0};
    uint8_t lane[8];
    static const uint8_t want[8] = {0xe7, 0xdd, 0xe1, 0x40, 0x79, 0x8f, 0x25, 0xf1};
    keccak_ctx c;

    /* read lane 0 back through the sponge's byte interface */
    fw_keccak_f1600(s);
    fw_shake128_init(&c);
    memcpy(c.s, s, sizeof s);
    fw_keccak_squeeze(&c, lane, sizeof lane);
    expect_eq("Keccak-f[1600](0), lane 0 = 0xF1258F7940E1DDE7", 0, lane, want, sizeof want);
}

static void test_examples(void)
{
    static const struct {
        int alg;
        const char *msg; /* "a3x200" = 200 bytes of 0xa3 */
        const char *out;
    } ex[] = {
        {SHA3_256, "", "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"},
        {SHA3_256, "abc", "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"},
        {SHA3_256, "a3x200", "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787"},
        {SHAKE128, "", "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26"},
        {SHAKE128, "abc", "5881092dd818bf5cf8a3ddb793fbcba74097d5c526a6d35f97b83351940f2cc8"},
        {SHAKE128, "a3x200", "131ab8d2b594946b9c81333f9bb6e0ce75c3b93104fa3469d3917457385da037"},
        {SHAKE256, "",
         "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
         "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be"},
        {SHAKE256, "abc",
         "483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739"
         "d5a15bef186a5386c75744c0527e1faa9f8726e462a12a4feb06bd8801e751e4"},
        {SHAKE256, "a3x200", "cd8a920ed141aa0407a22d59288652e9d9f1a7ee0c1e7c1ca699424da84a904d"},
    };
    uint8_t msg[200], want[64], got[64];
    size_t i;

    for (i = 0; i < sizeof ex / sizeof ex[0]; i++) {
        size_t mlen, olen = unhex(ex[i].out, want);

        if (!strcmp(ex[i].msg, "a3x200")) {
            memset(msg, 0xa3, sizeof msg);
            mlen = sizeof msg;
        } else {
            mlen = strlen(ex[i].msg);
            memcpy(msg, ex[i].msg, mlen);
        }
        ours(ex[i].alg, msg, mlen, got, olen);
        expect_eq(alg_name[ex[i].alg], i, got, want, olen);
    }
}

/* Absorbs and squeezes in random pieces. */
static void ours_split(int alg, const uint8_t *in, size_t inlen, uint8_t *out, size_t outlen)
{
    keccak_ctx c;
    size_t done = 0;

    if (alg == SHA3_256)
        fw_sha3_256_init(&c);
    else if (alg == SHAKE128)
        fw_shake128_init(&c);
    else
        fw_shake256_init(&c);
    while (done < inlen) {
        size_t n = rng64() % 200;

        if (n > inlen - done)
            n = inlen - done;
        fw_keccak_absorb(&c, in + done, n);
        done += n;
    }
    fw_keccak_finish(&c);
    for (done = 0; done < outlen;) {
        size_t n = rng64() % 200;

        if (n > outlen - done)
            n = outlen - done;
        fw_keccak_squeeze(&c, out + done, n);
        done += n;
    }
}

static void test_random(void)
{
    static uint8_t in[601], got[700], want[700];
    size_t len, i;
    int alg;

    for (i = 0; i < sizeof in; i++)
        in[i] = (uint8_t)rng64();
    for (alg = 0; alg < 3; alg++) {
        int bad_oneshot = 0, bad_split = 0;

        for (len = 0; len < sizeof in; len++) {
            size_t outlen = alg == SHA3_256 ? 32 : rng64() % sizeof got;

            openssl(alg, in, len, want, outlen);
            ours(alg, in, len, got, outlen);
            bad_oneshot += memcmp(got, want, outlen) != 0;
            memset(got, 0, sizeof got);
            ours_split(alg, in, len, got, outlen);
            bad_split += memcmp(got, want, outlen) != 0;
        }
        if (bad_oneshot || bad_split) {
            failures++;
            printf("FAIL %s vs OpenSSL: %d one-shot and %d split mismatches over lengths 0..600\n",
                   alg_name[alg], bad_oneshot, bad_split);
        } else {
            passes++;
        }
    }
}

int main(void)
{
    test_permutation();
    test_examples();
    test_random();
    printf("test_keccak: %d passed, %d failed\n", passes, failures);
    return failures != 0;
}
