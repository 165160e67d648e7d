/* SPDX-License-Identifier: MIT */
/*
 * cmox_cases_mldsa.c - ML-DSA-44/65/87 through ST's CMOX library, V5 only:
 * the rows mldsa<44|65|87>/<keygen|sign|verify>[/lowram] of
 * docs/row-keys.md (STM32U3 page, CMOX 050000B2).
 *
 * Built only when cmox.cmake finds a V5 library (BENCH_CMOX_LIB_V5) and only
 * for the Cortex-M33 targets.  NOT COMPILED HERE: the project has no V5
 * headers, so the calls below follow the API shape documented in the
 * project's research notes (cmox_pqc_dsa_construct / _keyGen /
 * _prepareHeader / _sign / _verify with CMOX_PQC_ML_DSA_<set>_{KEYGEN,SIGN,
 * SIGN_LOWRAM,VERIFY,VERIFY_LOWRAM}_ALGO).  Every assumption about argument
 * order, type and return-value names is confined to the "V5 API adapter"
 * section and marked ASSUMED: whoever has V5 checks those few lines against
 * the V5 headers (see cmox/README.md).
 *
 * Inputs and known answers are those of cases/mldsa_cases.c: the keyGen seed
 * xi of ACVP tcId 1/26/51 per parameter set, the 32-byte message 00..1f,
 * pure ML-DSA with an empty context, deterministic signing (rnd = 32 zero
 * bytes); check() compares SHA3-256(pk || sk) and SHA3-256(signature)
 * (project crypto/keccak.c) with the open case's values.  This holds if
 * CMOX's keyGen takes xi as its random input and its signer takes rnd as
 * its random input, as FIPS 204's internal functions do; if V5 draws them
 * from elsewhere, keygen/sign checks fail while verify still passes.
 *
 * Timed: keyGen, sign, verify calls alone; construct and the message header
 * in setup(), the working-buffer high-water mark reported in check().
 *
 * bench_input_seed is ignored: these cases always use the known inputs.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bench.h"
#include "keccak.h"

#include "cmox_crypto.h"

#ifndef BENCH_CMOX_LIB_V5
#error "cmox_cases_mldsa.c needs CMOX V5 (cmox.cmake adds it to V5 builds only)"
#endif

/* cmox_glue.c */
int bench_cmox_init(void);

/* Sizes of FIPS 204 (bytes): private key, public key, signature. */
#define MLDSA87_SK 4896u
#define MLDSA87_PK 2592u
#define MLDSA87_SIG 4627u

/* The U3 page's largest working buffer is 57 420 bytes (ML-DSA-87 sign). */
#define MLDSA_WORKBUF 60000u

/* ======================== V5 API adapter (ASSUMED) ========================== */
/* ASSUMED: handle and algorithm types, construct(ctx, workbuf, len), the algorithm constant
 * names, the return-value names, keyGen(ctx, algo, seed, seedLen, pk, &pkLen,
 * sk, &skLen), prepareHeader(ctx, context, contextLen) for pure ML-DSA,
 * sign(ctx, algo, sk, skLen, msg, msgLen, rnd, rndLen, sig, &sigLen),
 * verify(ctx, algo, pk, pkLen, msg, msgLen, sig, sigLen, &fault), and the
 * handle's membuf_str.MaxMemUsed as in the V4 ECC/RSA handles. */
typedef cmox_pqc_dsa_handle_t mldsa_ctx_t;
typedef cmox_pqc_dsa_algo_t mldsa_algo_t;
#define MLDSA_OK CMOX_PQC_SUCCESS
#define MLDSA_AUTH_OK CMOX_PQC_AUTH_SUCCESS

static uint32_t mldsa_construct(mldsa_ctx_t *ctx, uint8_t *buf, size_t len)
{
    cmox_pqc_dsa_construct(ctx, buf, len);
    return cmox_pqc_dsa_prepareHeader(ctx, NULL, 0); /* pure ML-DSA, empty context */
}

#define mldsa_keygen_call(ctx, algo, seed, pk, pklen, sk, sklen)                                 \
    cmox_pqc_dsa_keyGen((ctx), (algo), (seed), 32u, (pk), (pklen), (sk), (sklen))
#define mldsa_sign_call(ctx, algo, sk, sklen, msg, msglen, rnd, sig, siglen)                     \
    cmox_pqc_dsa_sign((ctx), (algo), (sk), (sklen), (msg), (msglen), (rnd), 32u, (sig), (siglen))
#define mldsa_verify_call(ctx, algo, pk, pklen, msg, msglen, sig, siglen, fault)                 \
    cmox_pqc_dsa_verify((ctx), (algo), (pk), (pklen), (msg), (msglen), (sig), (siglen), (fault))
#define mldsa_max_used(ctx) ((uint32_t)(ctx)->membuf_str.MaxMemUsed)
#define mldsa_cleanup(ctx) cmox_pqc_dsa_cleanup(ctx)
/* ============================================================================ */

typedef struct {
    uint32_t sk_bytes, pk_bytes, sig_bytes, ctilde_bytes;
    const mldsa_algo_t *keygen, *sign, *sign_lowram, *verify, *verify_lowram;
    const uint8_t *xi, *keys_sha3, *sig_sha3;
} mldsa_set;

#include "../cases/mldsa_known.h"

/* c~ bytes (lambda/4): 32, 48, 64 (FIPS 204 table 1). */
#define MLDSA_SET(n, sk, pk, sig, ct)                                                           \
    static const mldsa_set mldsa##n BENCH_IO_CONST = {                                          \
        sk, pk, sig, ct,                                                                        \
        &CMOX_PQC_ML_DSA_##n##_KEYGEN_ALGO, &CMOX_PQC_ML_DSA_##n##_SIGN_ALGO,                   \
        &CMOX_PQC_ML_DSA_##n##_SIGN_LOWRAM_ALGO, &CMOX_PQC_ML_DSA_##n##_VERIFY_ALGO,            \
        &CMOX_PQC_ML_DSA_##n##_VERIFY_LOWRAM_ALGO,                                              \
        mldsa##n##_xi, mldsa##n##_keys_sha3, mldsa##n##_sig_sha3}

MLDSA_SET(44, 2560u, 1312u, 2420u, 32u);
MLDSA_SET(65, 4032u, 1952u, 3309u, 48u);
MLDSA_SET(87, MLDSA87_SK, MLDSA87_PK, MLDSA87_SIG, 64u);

/* rnd = 0: deterministic signing (the message is in mldsa_known.h). */
static const uint8_t mldsa_rnd[32] BENCH_IO_CONST;

static uint8_t mldsa_workbuf[MLDSA_WORKBUF] BENCH_IO __attribute__((aligned(8)));
static uint8_t mldsa_sk[MLDSA87_SK] BENCH_IO, mldsa_pk[MLDSA87_PK] BENCH_IO;
static uint8_t mldsa_sig[MLDSA87_SIG] BENCH_IO;
static size_t mldsa_sk_len BENCH_IO, mldsa_pk_len BENCH_IO, mldsa_sig_len BENCH_IO;
static mldsa_ctx_t mldsa_ctx BENCH_IO;
static uint32_t mldsa_rv BENCH_IO, mldsa_fault BENCH_IO;

enum { MLDSA_KEYGEN, MLDSA_SIGN, MLDSA_VERIFY };

typedef struct {
    const mldsa_set *s;
    uint8_t op;     /* MLDSA_KEYGEN / MLDSA_SIGN / MLDSA_VERIFY */
    uint8_t lowram; /* 1: the *_LOWRAM_ALGO variant */
} mldsa_arg;

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

static int mldsa_fresh_ctx(void)
{
    memset(mldsa_workbuf, 0, sizeof mldsa_workbuf);
    return mldsa_construct(&mldsa_ctx, mldsa_workbuf, sizeof mldsa_workbuf) != MLDSA_OK;
}

/* Key pair of the set (untimed), then a fresh context for the timed call.
 * These cases always run the known-answer inputs and ignore bench_input_seed:
 * random inputs would need V5 headers to write and test them. */
static int mldsa_setup(const bench_case_t *c)
{
    const mldsa_arg *a = c->arg;
    const mldsa_set *s = a->s;

    if (bench_cmox_init() != 0)
        return 1;
    mldsa_rv = 0;
    mldsa_fault = 0;
    memset(mldsa_sig, 0, sizeof mldsa_sig);
    mldsa_sig_len = sizeof mldsa_sig;
    mldsa_pk_len = sizeof mldsa_pk;
    mldsa_sk_len = sizeof mldsa_sk;
    if (a->op != MLDSA_KEYGEN) {
        if (mldsa_fresh_ctx() != 0 ||
            mldsa_keygen_call(&mldsa_ctx, *s->keygen, s->xi, mldsa_pk, &mldsa_pk_len, mldsa_sk,
                              &mldsa_sk_len) != MLDSA_OK)
            return 1;
        mldsa_cleanup(&mldsa_ctx);
    }
    if (a->op == MLDSA_VERIFY) {
        /* The signature to verify: the deterministic one, checked here. */
        if (mldsa_fresh_ctx() != 0 ||
            mldsa_sign_call(&mldsa_ctx, *s->sign_lowram, mldsa_sk, mldsa_sk_len, mldsa_message,
                            sizeof mldsa_message, mldsa_rnd, mldsa_sig,
                            &mldsa_sig_len) != MLDSA_OK ||
            mldsa_sig_len != s->sig_bytes ||
            mldsa_digest_differs(mldsa_sig, s->sig_bytes, NULL, 0, s->sig_sha3))
            return 1;
        mldsa_cleanup(&mldsa_ctx);
    } else {
        memset(mldsa_sig, 0, sizeof mldsa_sig);
        mldsa_sig_len = sizeof mldsa_sig;
    }
    if (a->op == MLDSA_KEYGEN) {
        memset(mldsa_pk, 0, sizeof mldsa_pk);
        memset(mldsa_sk, 0, sizeof mldsa_sk);
    }
    return mldsa_fresh_ctx();
}

static int mldsa_keygen_run(const bench_case_t *c)
{
    const mldsa_set *s = ((const mldsa_arg *)c->arg)->s;

    mldsa_rv = mldsa_keygen_call(&mldsa_ctx, *s->keygen, s->xi, mldsa_pk, &mldsa_pk_len, mldsa_sk,
                                 &mldsa_sk_len);
    return mldsa_rv != MLDSA_OK;
}

static int mldsa_sign_run(const bench_case_t *c)
{
    const mldsa_arg *a = c->arg;

    mldsa_rv = mldsa_sign_call(&mldsa_ctx, a->lowram ? *a->s->sign_lowram : *a->s->sign, mldsa_sk,
                               mldsa_sk_len, mldsa_message, sizeof mldsa_message, mldsa_rnd,
                               mldsa_sig, &mldsa_sig_len);
    return mldsa_rv != MLDSA_OK;
}

static uint32_t mldsa_verify_once(const mldsa_arg *a)
{
    return mldsa_verify_call(&mldsa_ctx, a->lowram ? *a->s->verify_lowram : *a->s->verify,
                             mldsa_pk, mldsa_pk_len, mldsa_message, sizeof mldsa_message,
                             mldsa_sig, mldsa_sig_len, &mldsa_fault);
}

static int mldsa_verify_run(const bench_case_t *c)
{
    mldsa_rv = mldsa_verify_once(c->arg);
    return 0; /* the verdict is the result: check() wants "valid" */
}

static int mldsa_keygen_check(const bench_case_t *c)
{
    const mldsa_set *s = ((const mldsa_arg *)c->arg)->s;

    bench_note_workbuf(mldsa_max_used(&mldsa_ctx));
    mldsa_cleanup(&mldsa_ctx);
    return mldsa_rv != MLDSA_OK || mldsa_pk_len != s->pk_bytes || mldsa_sk_len != s->sk_bytes ||
           mldsa_digest_differs(mldsa_pk, s->pk_bytes, mldsa_sk, s->sk_bytes, s->keys_sha3);
}

static int mldsa_sign_check(const bench_case_t *c)
{
    const mldsa_set *s = ((const mldsa_arg *)c->arg)->s;

    bench_note_workbuf(mldsa_max_used(&mldsa_ctx));
    mldsa_cleanup(&mldsa_ctx);
    return mldsa_rv != MLDSA_OK || mldsa_sig_len != s->sig_bytes ||
           mldsa_digest_differs(mldsa_sig, s->sig_bytes, NULL, 0, s->sig_sha3);
}

/* The signature must verify, and must stop verifying with one bit of z flipped. */
static int mldsa_verify_check(const bench_case_t *c)
{
    const mldsa_arg *a = c->arg;
    uint8_t *flip = &mldsa_sig[a->s->ctilde_bytes + 100];
    uint32_t tampered;

    bench_note_workbuf(mldsa_max_used(&mldsa_ctx));
    mldsa_cleanup(&mldsa_ctx);
    if (mldsa_rv != MLDSA_AUTH_OK || mldsa_fault != MLDSA_AUTH_OK)
        return 1;
    if (mldsa_fresh_ctx() != 0)
        return 1;
    *flip ^= 0x10;
    tampered = mldsa_verify_once(a);
    *flip ^= 0x10;
    mldsa_cleanup(&mldsa_ctx);
    return tampered == MLDSA_AUTH_OK;
}

#define MLDSA_CASE(n, op, lowram, tail)                                                          \
    static const mldsa_arg cmox_mldsa_arg_##n##_##op##_##lowram BENCH_IO_CONST = {              \
        &mldsa##n, MLDSA_##op, lowram};                                                          \
    BENCH_CASE(cmox_mldsa_case_##n##_##op##_##lowram, "cmox/mldsa" #n tail, "mldsa" #n tail,    \
               "lib=cmox;msg=32;ctx=0;rnd=0;lowram=" #lowram, mldsa_setup, mldsa_##op##_run, \
               mldsa_##op##_check, &cmox_mldsa_arg_##n##_##op##_##lowram)

#define mldsa_KEYGEN_run mldsa_keygen_run
#define mldsa_SIGN_run mldsa_sign_run
#define mldsa_VERIFY_run mldsa_verify_run
#define mldsa_KEYGEN_check mldsa_keygen_check
#define mldsa_SIGN_check mldsa_sign_check
#define mldsa_VERIFY_check mldsa_verify_check

#define MLDSA_SET_CASES(n)                                                                       \
    MLDSA_CASE(n, KEYGEN, 0, "/keygen");                                                        \
    MLDSA_CASE(n, SIGN, 0, "/sign");                                                            \
    MLDSA_CASE(n, SIGN, 1, "/sign/lowram");                                                     \
    MLDSA_CASE(n, VERIFY, 0, "/verify");                                                        \
    MLDSA_CASE(n, VERIFY, 1, "/verify/lowram")

MLDSA_SET_CASES(44);
MLDSA_SET_CASES(65);
MLDSA_SET_CASES(87);
