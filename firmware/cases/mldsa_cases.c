/*
 * mldsa_cases.c - ML-DSA-44/65/87 benchmark cases (rows mldsa<44|65|87>/
 * <keygen|sign|verify>[/lowram] of docs/row-keys.md).
 *
 * Every case starts from the same 32-byte seed xi per parameter set (the first
 * keyGen vector of the ACVP set in tests/vectors/mldsa), signs a fixed 32-byte
 * message with an empty context, deterministically (rnd = 0), and checks
 * SHA3-256 digests of its output instead of storing keys and signatures.
 *
 * RAM: two static buffers sized for ML-DSA-87 (sk 4896 + signature 4627
 * bytes) are shared by all cases; setup() derives what a case needs into them
 * (keygen puts pk in the signature buffer as scratch; verify regenerates pk
 * into the key buffer after signing).  Peak stack measured on Cortex-M0+:
 * keygen 2.7 KB, sign/lowram 4.4 KB, verify/lowram 3.1 KB (4.4 KB in its
 * setup, which signs), so every low-RAM case needs at most 13.9 KB and fits a
 * 20 KB STM32L073.  The standard cases add a static work buffer (sign 38, 60
 * and 96 KB, verify 7, 8 and 10 KB) and are built only where FW_RAM_BYTES
 * allows it.
 */
#include <stdint.h>
#include <string.h>

#include "bench.h"
#include "keccak.h"
#include "mldsa.h"

#ifndef FW_RAM_BYTES
#define FW_RAM_BYTES 0x7fffffff /* host build: everything */
#endif

#define MLDSA_SHARED_BYTES (MLDSA87_SK_BYTES + MLDSA87_SIG_BYTES)
/* Stack of the deepest call (the low-RAM signer run by the verify setups)
 * plus the runner, rounded up. */
#define MLDSA_STACK_RESERVE 6144u
#define MLDSA_NEEDS(work) (MLDSA_SHARED_BYTES + (work) + MLDSA_STACK_RESERVE)

static uint8_t mldsa_key[MLDSA87_SK_BYTES];  /* sk; pk in the verify cases */
static uint8_t mldsa_sig[MLDSA87_SIG_BYTES]; /* signature; pk during key generation */
static int mldsa_result;

/* Largest standard-variant work buffer this image's RAM allows. */
#if FW_RAM_BYTES >= MLDSA_NEEDS(MLDSA87_SIGN_WORK_BYTES)
#define MLDSA_WORK_BYTES MLDSA87_SIGN_WORK_BYTES
#elif FW_RAM_BYTES >= MLDSA_NEEDS(MLDSA65_SIGN_WORK_BYTES)
#define MLDSA_WORK_BYTES MLDSA65_SIGN_WORK_BYTES
#elif FW_RAM_BYTES >= MLDSA_NEEDS(MLDSA44_SIGN_WORK_BYTES)
#define MLDSA_WORK_BYTES MLDSA44_SIGN_WORK_BYTES
#elif FW_RAM_BYTES >= MLDSA_NEEDS(MLDSA87_VERIFY_WORK_BYTES)
#define MLDSA_WORK_BYTES MLDSA87_VERIFY_WORK_BYTES
#elif FW_RAM_BYTES >= MLDSA_NEEDS(MLDSA65_VERIFY_WORK_BYTES)
#define MLDSA_WORK_BYTES MLDSA65_VERIFY_WORK_BYTES
#elif FW_RAM_BYTES >= MLDSA_NEEDS(MLDSA44_VERIFY_WORK_BYTES)
#define MLDSA_WORK_BYTES MLDSA44_VERIFY_WORK_BYTES
#endif
#ifdef MLDSA_WORK_BYTES
static uint32_t mldsa_work[MLDSA_WORK_BYTES / 4];
#endif

/* The message: bytes 0x00..0x1e, then 0x3e.  Signing time is proportional to
 * the number of attempts of the rejection loop, a geometric variable; the
 * last byte was picked among 0x1f..0x5e so that the three parameter sets need
 * 5, 5 and 4 attempts, near FIPS 204 Table 1's expected 4.25, 5.1 and 3.85
 * (bytes 0x00..0x1f would need 4, 9 and 4). */
static const uint8_t mldsa_message[32] = {
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
    0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x3e};
static const mldsa_msg mldsa_bench_msg = {MLDSA_PURE, NULL, 0, mldsa_message, sizeof mldsa_message};

typedef struct {
    const mldsa_params *p;
    const uint8_t *xi;        /* keygen seed */
    const uint8_t *keys_sha3; /* SHA3-256(pk || sk) */
    const uint8_t *sig_sha3;  /* SHA3-256(signature of mldsa_message) */
    uint32_t work_bytes;      /* standard variant's work buffer; 0 = low RAM */
} mldsa_case_arg;

/* xi: "seed" of ACVP ML-DSA keyGen FIPS204 tcId 1, 26 and 51 (tests/vectors/mldsa/keygen.json). */
static const uint8_t mldsa44_xi[32] = {
    0x71, 0x94, 0xb1, 0x3c, 0x95, 0x23, 0x10, 0x10, 0xaf, 0xd2, 0xc9, 0x09, 0x99, 0x2b, 0xd2, 0x00,
    0x3b, 0xa6, 0xf4, 0x37, 0xc3, 0x88, 0x6b, 0xdb, 0xe3, 0xf6, 0xb8, 0x67, 0xa1, 0x4b, 0xa1, 0x61};
static const uint8_t mldsa65_xi[32] = {
    0xa9, 0x91, 0xfd, 0x42, 0xb0, 0x71, 0xd4, 0x9c, 0x48, 0xae, 0x3e, 0x75, 0xc6, 0x47, 0x45, 0x9e,
    0x0d, 0xaa, 0xd1, 0xe1, 0xba, 0x35, 0x6a, 0x04, 0x80, 0x19, 0x12, 0xd3, 0x29, 0x4b, 0xcf, 0xf8};
static const uint8_t mldsa87_xi[32] = {
    0xa1, 0x6f, 0x5b, 0x07, 0x96, 0x70, 0x3e, 0x2d, 0x1a, 0x01, 0x40, 0xa3, 0x5c, 0xbf, 0x36, 0xef,
    0xab, 0xe7, 0x0e, 0x75, 0x2b, 0xa5, 0x9b, 0x6a, 0x9a, 0x0e, 0x9c, 0x4b, 0x05, 0x30, 0x2f, 0x73};

/* SHA3-256(pk || sk) of the expected pk and sk of those three ACVP vectors:
 * computed by OpenSSL 3 (openssl dgst -sha3-256) at generation; re-checked by
 * test_mldsa against keygen.json (OpenSSL EVP_sha3_256) and mldsa_keygen. */
static const uint8_t mldsa44_keys_sha3[32] = {
    0x4e, 0xe0, 0xb7, 0x98, 0x4f, 0x2a, 0xbe, 0x10, 0x7b, 0xc1, 0x46, 0x0c, 0xef, 0x1e, 0x7e, 0x53,
    0x8a, 0xf6, 0x97, 0x58, 0x3b, 0xbe, 0xb7, 0x6b, 0xd2, 0x65, 0x96, 0x46, 0xc6, 0x53, 0xdd, 0xb8};
static const uint8_t mldsa65_keys_sha3[32] = {
    0x6d, 0x3c, 0x24, 0xfa, 0xbc, 0xeb, 0x65, 0x7d, 0xa3, 0x93, 0x67, 0x11, 0xf6, 0x75, 0xc1, 0x77,
    0x0b, 0xf0, 0x87, 0x1c, 0xb6, 0x23, 0x48, 0x2b, 0x33, 0xe4, 0x63, 0xfc, 0x92, 0xfd, 0x90, 0x58};
static const uint8_t mldsa87_keys_sha3[32] = {
    0xf2, 0x89, 0x42, 0x11, 0x9e, 0xe7, 0x17, 0xe4, 0xdd, 0xbf, 0x8b, 0x9a, 0xcf, 0xce, 0x35, 0xc7,
    0xc7, 0xd7, 0xcb, 0x87, 0x55, 0x96, 0xa5, 0x8a, 0xf1, 0x5e, 0x7f, 0x65, 0x4a, 0xdd, 0x8a, 0xc1};

/* SHA3-256 of the deterministic signature of mldsa_message (empty context)
 * under those keys: computed by the independent FIPS 204 implementation
 * @noble/post-quantum 0.7.1 (npm; ml_dsa*.keygen(xi), ml_dsa*.sign with
 * extraEntropy false, digest by @noble/hashes sha3_256) at generation, equal
 * to this code's output; re-checked by test_mldsa with both signers (digest by
 * OpenSSL EVP_sha3_256). */
static const uint8_t mldsa44_sig_sha3[32] = {
    0x2f, 0x0d, 0x52, 0xe2, 0x93, 0x05, 0xd9, 0x62, 0x15, 0xfa, 0xd7, 0x0c, 0x6f, 0x12, 0xcd, 0x77,
    0x8b, 0x3b, 0xa4, 0xa3, 0x6d, 0x0b, 0xa4, 0x7e, 0x87, 0x1b, 0x4f, 0x7b, 0x60, 0x8c, 0x44, 0xe9};
static const uint8_t mldsa65_sig_sha3[32] = {
    0x7b, 0x7e, 0x14, 0x7b, 0xfa, 0x2a, 0xa6, 0x39, 0x3a, 0x65, 0x1c, 0xc8, 0xaf, 0x61, 0x81, 0xa7,
    0xad, 0xaa, 0x1c, 0xe6, 0x4e, 0xb6, 0xf2, 0x4a, 0x61, 0x78, 0x0c, 0x7b, 0xad, 0x5b, 0x5f, 0xb8};
static const uint8_t mldsa87_sig_sha3[32] = {
    0x16, 0x50, 0x4f, 0x5e, 0x52, 0x94, 0x1f, 0x15, 0x09, 0xf1, 0x27, 0x46, 0xdf, 0x0e, 0x8f, 0xae,
    0x17, 0xab, 0xae, 0x73, 0x86, 0x0f, 0x8d, 0x05, 0x26, 0x05, 0x8d, 0xd3, 0x2b, 0x74, 0xe4, 0x9c};

static int mldsa_digest_differs(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen,
                                const uint8_t expect[32])
{
    keccak_ctx h;
    uint8_t d[32];

    sha3_256_init(&h);
    keccak_absorb(&h, a, alen);
    keccak_absorb(&h, b, blen);
    keccak_finish(&h);
    keccak_squeeze(&h, d, sizeof d);
    return memcmp(d, expect, sizeof d) != 0;
}

/* ---- keygen ------------------------------------------------------------------ */

static int mldsa_keygen_setup(const bench_case_t *c)
{
    (void)c;
    memset(mldsa_key, 0, sizeof mldsa_key);
    memset(mldsa_sig, 0, sizeof mldsa_sig);
    return 0;
}

static int mldsa_keygen_run(const bench_case_t *c)
{
    const mldsa_case_arg *a = c->arg;

    return mldsa_keygen(a->p, mldsa_sig, mldsa_key, a->xi);
}

static int mldsa_keygen_check(const bench_case_t *c)
{
    const mldsa_case_arg *a = c->arg;

    return mldsa_digest_differs(mldsa_sig, a->p->pk_bytes, mldsa_key, a->p->sk_bytes,
                                a->keys_sha3);
}

/* ---- sign -------------------------------------------------------------------- */

static int mldsa_sign_setup(const bench_case_t *c)
{
    const mldsa_case_arg *a = c->arg;

    if (a->work_bytes)
        bench_note_workbuf(a->work_bytes);
    mldsa_keygen(a->p, mldsa_sig, mldsa_key, a->xi);
    memset(mldsa_sig, 0, sizeof mldsa_sig);
    return 0;
}

static int mldsa_sign_run(const bench_case_t *c)
{
    const mldsa_case_arg *a = c->arg;

#ifdef MLDSA_WORK_BYTES
    if (a->work_bytes)
        return mldsa_sign(a->p, mldsa_sig, mldsa_key, &mldsa_bench_msg, NULL, mldsa_work);
#endif
    return mldsa_sign_lowram(a->p, mldsa_sig, mldsa_key, &mldsa_bench_msg, NULL);
}

static int mldsa_sign_check(const bench_case_t *c)
{
    const mldsa_case_arg *a = c->arg;

    return mldsa_digest_differs(mldsa_sig, a->p->sig_bytes, NULL, 0, a->sig_sha3);
}

/* ---- verify ------------------------------------------------------------------ */

static int mldsa_verify_once(const mldsa_case_arg *a)
{
#ifdef MLDSA_WORK_BYTES
    if (a->work_bytes)
        return mldsa_verify(a->p, mldsa_key, &mldsa_bench_msg, mldsa_sig, mldsa_work);
#endif
    return mldsa_verify_lowram(a->p, mldsa_key, &mldsa_bench_msg, mldsa_sig);
}

/* Signs with the low-RAM signer (checked against the sign known answer), then
 * replaces sk by pk so that only the two shared buffers are needed. */
static int mldsa_verify_setup(const bench_case_t *c)
{
    const mldsa_case_arg *a = c->arg;

    if (a->work_bytes)
        bench_note_workbuf(a->work_bytes);
    mldsa_result = -1;
    mldsa_keygen(a->p, mldsa_sig, mldsa_key, a->xi);
    if (mldsa_sign_lowram(a->p, mldsa_sig, mldsa_key, &mldsa_bench_msg, NULL) != 0 ||
        mldsa_digest_differs(mldsa_sig, a->p->sig_bytes, NULL, 0, a->sig_sha3))
        return 1;
    return mldsa_keygen(a->p, mldsa_key, NULL, a->xi);
}

static int mldsa_verify_run(const bench_case_t *c)
{
    mldsa_result = mldsa_verify_once(c->arg);
    return 0;
}

/* The signature must verify, and must stop verifying with one bit of z flipped. */
static int mldsa_verify_check(const bench_case_t *c)
{
    const mldsa_case_arg *a = c->arg;
    uint8_t *flip = &mldsa_sig[a->p->ctilde_bytes + 100];
    int tampered;

    if (mldsa_result != 0)
        return 1;
    *flip ^= 0x10;
    tampered = mldsa_verify_once(a);
    *flip ^= 0x10;
    return tampered == 0;
}

/* ---- case table -------------------------------------------------------------- */

#define MLDSA_ARG(set, work)                                                              \
    {&mldsa##set, mldsa##set##_xi, mldsa##set##_keys_sha3, mldsa##set##_sig_sha3, (work)}

static const mldsa_case_arg mldsa44_lowram = MLDSA_ARG(44, 0);
static const mldsa_case_arg mldsa65_lowram = MLDSA_ARG(65, 0);
static const mldsa_case_arg mldsa87_lowram = MLDSA_ARG(87, 0);

#define MLDSA_PARAMS(k, l, ram) "k=" #k ";l=" #l ";msg=32;ctx=0;rnd=0;ram=" ram

BENCH_CASE(mldsa44_keygen_case, "ml-dsa-44/keygen", "mldsa44/keygen", "k=4;l=4",
           mldsa_keygen_setup, mldsa_keygen_run, mldsa_keygen_check, &mldsa44_lowram);
BENCH_CASE(mldsa65_keygen_case, "ml-dsa-65/keygen", "mldsa65/keygen", "k=6;l=5",
           mldsa_keygen_setup, mldsa_keygen_run, mldsa_keygen_check, &mldsa65_lowram);
BENCH_CASE(mldsa87_keygen_case, "ml-dsa-87/keygen", "mldsa87/keygen", "k=8;l=7",
           mldsa_keygen_setup, mldsa_keygen_run, mldsa_keygen_check, &mldsa87_lowram);

BENCH_CASE(mldsa44_sign_lowram_case, "ml-dsa-44/sign/lowram", "mldsa44/sign/lowram",
           MLDSA_PARAMS(4, 4, "low"), mldsa_sign_setup, mldsa_sign_run, mldsa_sign_check,
           &mldsa44_lowram);
BENCH_CASE(mldsa65_sign_lowram_case, "ml-dsa-65/sign/lowram", "mldsa65/sign/lowram",
           MLDSA_PARAMS(6, 5, "low"), mldsa_sign_setup, mldsa_sign_run, mldsa_sign_check,
           &mldsa65_lowram);
BENCH_CASE(mldsa87_sign_lowram_case, "ml-dsa-87/sign/lowram", "mldsa87/sign/lowram",
           MLDSA_PARAMS(8, 7, "low"), mldsa_sign_setup, mldsa_sign_run, mldsa_sign_check,
           &mldsa87_lowram);

BENCH_CASE(mldsa44_verify_lowram_case, "ml-dsa-44/verify/lowram", "mldsa44/verify/lowram",
           MLDSA_PARAMS(4, 4, "low"), mldsa_verify_setup, mldsa_verify_run, mldsa_verify_check,
           &mldsa44_lowram);
BENCH_CASE(mldsa65_verify_lowram_case, "ml-dsa-65/verify/lowram", "mldsa65/verify/lowram",
           MLDSA_PARAMS(6, 5, "low"), mldsa_verify_setup, mldsa_verify_run, mldsa_verify_check,
           &mldsa65_lowram);
BENCH_CASE(mldsa87_verify_lowram_case, "ml-dsa-87/verify/lowram", "mldsa87/verify/lowram",
           MLDSA_PARAMS(8, 7, "low"), mldsa_verify_setup, mldsa_verify_run, mldsa_verify_check,
           &mldsa87_lowram);

/* Standard variants, where RAM allows (the guards mirror MLDSA_WORK_BYTES). */
#if FW_RAM_BYTES >= MLDSA_NEEDS(MLDSA44_SIGN_WORK_BYTES)
static const mldsa_case_arg mldsa44_sign_std = MLDSA_ARG(44, MLDSA44_SIGN_WORK_BYTES);
BENCH_CASE(mldsa44_sign_case, "ml-dsa-44/sign", "mldsa44/sign", MLDSA_PARAMS(4, 4, "standard"),
           mldsa_sign_setup, mldsa_sign_run, mldsa_sign_check, &mldsa44_sign_std);
#endif
#if FW_RAM_BYTES >= MLDSA_NEEDS(MLDSA65_SIGN_WORK_BYTES)
static const mldsa_case_arg mldsa65_sign_std = MLDSA_ARG(65, MLDSA65_SIGN_WORK_BYTES);
BENCH_CASE(mldsa65_sign_case, "ml-dsa-65/sign", "mldsa65/sign", MLDSA_PARAMS(6, 5, "standard"),
           mldsa_sign_setup, mldsa_sign_run, mldsa_sign_check, &mldsa65_sign_std);
#endif
#if FW_RAM_BYTES >= MLDSA_NEEDS(MLDSA87_SIGN_WORK_BYTES)
static const mldsa_case_arg mldsa87_sign_std = MLDSA_ARG(87, MLDSA87_SIGN_WORK_BYTES);
BENCH_CASE(mldsa87_sign_case, "ml-dsa-87/sign", "mldsa87/sign", MLDSA_PARAMS(8, 7, "standard"),
           mldsa_sign_setup, mldsa_sign_run, mldsa_sign_check, &mldsa87_sign_std);
#endif
#if FW_RAM_BYTES >= MLDSA_NEEDS(MLDSA44_VERIFY_WORK_BYTES)
static const mldsa_case_arg mldsa44_verify_std = MLDSA_ARG(44, MLDSA44_VERIFY_WORK_BYTES);
BENCH_CASE(mldsa44_verify_case, "ml-dsa-44/verify", "mldsa44/verify",
           MLDSA_PARAMS(4, 4, "standard"), mldsa_verify_setup, mldsa_verify_run,
           mldsa_verify_check, &mldsa44_verify_std);
#endif
#if FW_RAM_BYTES >= MLDSA_NEEDS(MLDSA65_VERIFY_WORK_BYTES)
static const mldsa_case_arg mldsa65_verify_std = MLDSA_ARG(65, MLDSA65_VERIFY_WORK_BYTES);
BENCH_CASE(mldsa65_verify_case, "ml-dsa-65/verify", "mldsa65/verify",
           MLDSA_PARAMS(6, 5, "standard"), mldsa_verify_setup, mldsa_verify_run,
           mldsa_verify_check, &mldsa65_verify_std);
#endif
#if FW_RAM_BYTES >= MLDSA_NEEDS(MLDSA87_VERIFY_WORK_BYTES)
static const mldsa_case_arg mldsa87_verify_std = MLDSA_ARG(87, MLDSA87_VERIFY_WORK_BYTES);
BENCH_CASE(mldsa87_verify_case, "ml-dsa-87/verify", "mldsa87/verify",
           MLDSA_PARAMS(8, 7, "standard"), mldsa_verify_setup, mldsa_verify_run,
           mldsa_verify_check, &mldsa87_verify_std);
#endif
