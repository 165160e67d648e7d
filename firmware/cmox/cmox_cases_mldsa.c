/* SPDX-License-Identifier: MIT */
/*
 * cmox_cases_mldsa.c - ML-DSA-44/65/87 through ST's CMOX library, V5 only:
 * the rows mldsa<44|65|87>/<keygen|sign|verify>[/lowram] of
 * docs/row-keys.md.
 *
 * Built only when cmox.cmake finds a V5 library (BENCH_CMOX_LIB_V5), for
 * every target; written against ST's V5 headers for Cortex-M0+ (the API is
 * shared with the other cores).
 *
 * Inputs and known answers are those of cases/mldsa_known.h: the keyGen seed
 * xi of ACVP tcId 1/26/51 per parameter set, the 32-byte message, pure
 * ML-DSA with an empty context (cmox_pqc_dsa_prepareHeader with
 * CMOX_PQC_DSA_STANDARD), signing with the 32-byte random rnd = 0, which
 * CMOX uses as FIPS 204's rnd: the signature is then the deterministic one.
 * check() compares SHA3-256(pk || sk) and SHA3-256(signature) (project
 * crypto/keccak.c) with the known digests.
 *
 * RAM: one arena per case, laid out by the case: the library's working
 * buffer first, then the case's outputs.
 *   keygen   working buffer | sk | pk
 *   sign     working buffer | sk | signature   (setup() generates the key
 *            pair with CMOX, pk in the signature's place, and checks it)
 *   verify   working buffer; the public key and the signature are in flash
 *            (mldsa_vectors.h, generated at build time by
 *            mldsa_vectors_gen.c from the project's ML-DSA)
 * A case is built only where its arena fits FW_RAM_BYTES beside the stack
 * and the rest of the image (MLDSA_RAM_RESERVE).  So the 20-KB STM32L073RZ
 * (and emu-m0plus, which has its memory) gets the key generations of
 * ML-DSA-44/65, ML-DSA-44 low-RAM signing and every verification, the
 * 40-KB STM32U083RC adds ML-DSA-87 key generation, ML-DSA-44 signing and
 * ML-DSA-65/87 low-RAM signing, and the Cortex-M33 targets get all 15.
 *
 * Timed: the keyGen, sign or verify call alone; construct, the header and
 * the key pair of a sign case in setup(); check() reports the library's
 * working-buffer high-water mark (membuf_str.MaxMemUsed) and, for signing,
 * the attempts of the rejection loop (bench_note_attempts): a signature
 * equal to the known one was accepted at the known attempt.
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

#include "cmox_rv.h"

/* cmox_glue.c */
int bench_cmox_init(void);

#include "../cases/mldsa_known.h"
#include "mldsa_vectors.h"

/* Working buffers given to the library, per case: its high-water mark on
 * Cortex-M0+ (V5, the workbuf= these cases report) rounded up to 8 bytes
 * plus 64 bytes. */
#define WB_44_KEYGEN 7184u
#define WB_65_KEYGEN 8208u
#define WB_87_KEYGEN 10256u
#define WB_44_SIGN 30864u
#define WB_65_SIGN 43152u
#define WB_87_SIGN 57488u
#define WB_44_SIGN_LR 11408u
#define WB_65_SIGN_LR 15504u
#define WB_87_SIGN_LR 19600u
#define WB_44_VERIFY 8976u
#define WB_65_VERIFY 10016u
#define WB_87_VERIFY 12336u
#define WB_44_VERIFY_LR 4880u
#define WB_65_VERIFY_LR 4896u
#define WB_87_VERIFY_LR 5168u

/* Arena of each case (see the layout above). */
#define NEED_KEYGEN(n)                                                                             \
    (WB_##n##_KEYGEN + CMOX_PQC_ML_DSA_##n##_PRIVKEY_LEN + CMOX_PQC_ML_DSA_##n##_PUBKEY_LEN)
#define NEED_SIGN(n, v)                                                                            \
    (WB_##n##_SIGN##v + CMOX_PQC_ML_DSA_##n##_PRIVKEY_LEN + CMOX_PQC_ML_DSA_##n##_SIG_LEN)
#define NEED_VERIFY(n, v) (WB_##n##_VERIFY##v)

/* The rest of the image: at least the linker script's 2-KB stack minimum
 * (the library's ML-DSA stack is under 1 KB; check()'s SHA3 adds 0.3 KB), the
 * runner's and the library's own data. */
#define MLDSA_RAM_RESERVE 3072u
#define FITS(need) ((need) + MLDSA_RAM_RESERVE <= FW_RAM_BYTES)
#define IF_FITS(need) (FITS(need) ? (need) : 0u)
#define MAX2(a, b) ((a) > (b) ? (a) : (b))
#define MAX_SET(n)                                                                                 \
    MAX2(MAX2(MAX2(IF_FITS(NEED_KEYGEN(n)), IF_FITS(NEED_SIGN(n, ))),                              \
              MAX2(IF_FITS(NEED_SIGN(n, _LR)), IF_FITS(NEED_VERIFY(n, )))),                        \
         IF_FITS(NEED_VERIFY(n, _LR)))
#define ARENA_BYTES MAX2(MAX2(MAX_SET(44), MAX_SET(65)), MAX_SET(87))

static uint8_t mldsa_arena[ARENA_BYTES] BENCH_IO __attribute__((aligned(8)));
static cmox_pqc_handle_t mldsa_ctx BENCH_IO;
static uint8_t mldsa_header[CMOX_PQC_DSA_HEADER_MAX_LENGTH] BENCH_IO;
static size_t mldsa_header_len BENCH_IO;
static size_t mldsa_sk_len BENCH_IO, mldsa_pk_len BENCH_IO, mldsa_sig_len BENCH_IO;
static cmox_pqc_retval_t mldsa_rv BENCH_IO;
static uint32_t mldsa_fault BENCH_IO;

/* The keyGen seed xi: 32 bytes for the three sets. */
#define MLDSA_SEED_LEN CMOX_PQC_ML_DSA_44_KEYGEN_SEED_LEN

/* rnd = 0: the signature is FIPS 204's deterministic one. */
static const uint8_t mldsa_rnd[CMOX_PQC_ML_DSA_44_SIGN_SEED_LEN] BENCH_IO_CONST;

typedef struct {
    uint32_t sk_bytes, pk_bytes, sig_bytes, attempts;
    const cmox_pqc_dsa_keygen_algo_t *keygen;
    const cmox_pqc_dsa_sign_algo_t *sign, *sign_lowram;
    const cmox_pqc_dsa_verify_algo_t *verify, *verify_lowram;
    const uint8_t *xi, *keys_sha3, *sig_sha3, *pk, *sig;
} mldsa_set;

#define MLDSA_SET(n)                                                                               \
    static const mldsa_set mldsa##n BENCH_IO_CONST = {                                             \
        CMOX_PQC_ML_DSA_##n##_PRIVKEY_LEN, CMOX_PQC_ML_DSA_##n##_PUBKEY_LEN,                       \
        CMOX_PQC_ML_DSA_##n##_SIG_LEN, MLDSA##n##_SIGN_ATTEMPTS,                                   \
        &CMOX_PQC_ML_DSA_##n##_KEYGEN_ALGO, &CMOX_PQC_ML_DSA_##n##_SIGN_ALGO,                      \
        &CMOX_PQC_ML_DSA_##n##_SIGN_LOWRAM_ALGO, &CMOX_PQC_ML_DSA_##n##_VERIFY_ALGO,               \
        &CMOX_PQC_ML_DSA_##n##_VERIFY_LOWRAM_ALGO, mldsa##n##_xi, mldsa##n##_keys_sha3,            \
        mldsa##n##_sig_sha3, mldsa##n##_pk, mldsa##n##_sig}

MLDSA_SET(44);
MLDSA_SET(65);
MLDSA_SET(87);

enum { MLDSA_KEYGEN, MLDSA_SIGN, MLDSA_VERIFY };

typedef struct {
    const mldsa_set *s;
    uint32_t workbuf; /* bytes of the arena given to the library */
    uint8_t op;       /* MLDSA_KEYGEN / MLDSA_SIGN / MLDSA_VERIFY */
    uint8_t lowram;   /* 1: the *_LOWRAM_ALGO variant */
} mldsa_arg;

/* The case's outputs, after the working buffer. */
static uint8_t *mldsa_sk(const mldsa_arg *a)
{
    return mldsa_arena + a->workbuf;
}

static uint8_t *mldsa_out(const mldsa_arg *a) /* keygen: pk; sign: the signature */
{
    return mldsa_arena + a->workbuf + a->s->sk_bytes;
}

static int mldsa_digest_differs(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen,
                                const uint8_t expect[32])
{
    keccak_ctx h;
    uint8_t d[32];

    fw_sha3_256_init(&h);
    fw_keccak_absorb(&h, a, alen);
    fw_keccak_absorb(&h, b, blen);
    fw_keccak_finish(&h);
    fw_keccak_squeeze(&h, d, sizeof d);
    return memcmp(d, expect, sizeof d) != 0;
}

/* A fresh context on the case's working buffer and the pure-ML-DSA header. */
static int mldsa_fresh_ctx(const mldsa_arg *a)
{
    memset(mldsa_arena, 0, a->workbuf);
    cmox_pqc_dsa_construct(&mldsa_ctx, CMOX_PQC_LLENGINES_DEFAULT, mldsa_arena, a->workbuf);
    mldsa_header_len = sizeof mldsa_header;
    return bench_cmox_rv(cmox_pqc_dsa_prepareHeader(&mldsa_ctx, NULL, 0, CMOX_PQC_DSA_STANDARD,
                                                    mldsa_header, &mldsa_header_len),
                         "cmox_pqc_dsa_prepareHeader") != CMOX_PQC_SUCCESS;
}

static cmox_pqc_retval_t mldsa_keygen_call(const mldsa_arg *a, uint8_t *pk)
{
    mldsa_sk_len = a->s->sk_bytes;
    mldsa_pk_len = a->s->pk_bytes;
    return cmox_pqc_dsa_keyGen(&mldsa_ctx, *a->s->keygen, a->s->xi, MLDSA_SEED_LEN, mldsa_sk(a),
                               &mldsa_sk_len, pk, &mldsa_pk_len);
}

static int mldsa_keys_differ(const mldsa_arg *a, const uint8_t *pk)
{
    return mldsa_sk_len != a->s->sk_bytes || mldsa_pk_len != a->s->pk_bytes ||
           mldsa_digest_differs(pk, a->s->pk_bytes, mldsa_sk(a), a->s->sk_bytes, a->s->keys_sha3);
}

static int mldsa_setup(const bench_case_t *c)
{
    const mldsa_arg *a = c->arg;

    if (bench_cmox_init() != 0)
        return 1;
    memset(mldsa_arena, 0, sizeof mldsa_arena);
    mldsa_rv = 0;
    mldsa_fault = 0;
    if (a->op == MLDSA_SIGN) {
        /* The key pair, pk where the signature goes. */
        if (mldsa_fresh_ctx(a) != 0 ||
            bench_cmox_rv(mldsa_keygen_call(a, mldsa_out(a)), "cmox_pqc_dsa_keyGen") !=
                CMOX_PQC_SUCCESS ||
            mldsa_keys_differ(a, mldsa_out(a)))
            return 1;
        cmox_pqc_dsa_cleanup(&mldsa_ctx);
        memset(mldsa_out(a), 0, a->s->sig_bytes);
    }
    mldsa_sig_len = a->s->sig_bytes;
    return mldsa_fresh_ctx(a);
}

static int mldsa_keygen_run(const bench_case_t *c)
{
    const mldsa_arg *a = c->arg;

    mldsa_rv = mldsa_keygen_call(a, mldsa_out(a));
    return mldsa_rv != CMOX_PQC_SUCCESS;
}

static int mldsa_sign_run(const bench_case_t *c)
{
    const mldsa_arg *a = c->arg;

    mldsa_rv = cmox_pqc_dsa_sign(&mldsa_ctx, a->lowram ? *a->s->sign_lowram : *a->s->sign,
                                 mldsa_rnd, sizeof mldsa_rnd, mldsa_sk(a), a->s->sk_bytes,
                                 mldsa_header, mldsa_header_len, mldsa_message,
                                 sizeof mldsa_message, mldsa_out(a), &mldsa_sig_len);
    return mldsa_rv != CMOX_PQC_SUCCESS;
}

static cmox_pqc_retval_t mldsa_verify_call(const mldsa_arg *a, const uint8_t *msg)
{
    return cmox_pqc_dsa_verify(&mldsa_ctx, a->lowram ? *a->s->verify_lowram : *a->s->verify,
                               a->s->pk, a->s->pk_bytes, mldsa_header, mldsa_header_len, msg,
                               sizeof mldsa_message, a->s->sig, a->s->sig_bytes, &mldsa_fault);
}

static int mldsa_verify_run(const bench_case_t *c)
{
    mldsa_rv = mldsa_verify_call(c->arg, mldsa_message);
    return 0; /* the verdict is the result: check() wants "valid" */
}

/* What every check starts with; 0 when the timed call returned `expect`. */
static int mldsa_check_begin(uint32_t expect, const char *call)
{
    bench_note_workbuf((uint32_t)mldsa_ctx.membuf_str.MaxMemUsed);
    cmox_pqc_dsa_cleanup(&mldsa_ctx);
    return bench_cmox_rv(mldsa_rv, call) != expect;
}

static int mldsa_keygen_check(const bench_case_t *c)
{
    const mldsa_arg *a = c->arg;

    return mldsa_check_begin(CMOX_PQC_SUCCESS, "cmox_pqc_dsa_keyGen") ||
           mldsa_keys_differ(a, mldsa_out(a));
}

static int mldsa_sign_check(const bench_case_t *c)
{
    const mldsa_arg *a = c->arg;

    if (mldsa_check_begin(CMOX_PQC_SUCCESS, "cmox_pqc_dsa_sign") ||
        mldsa_sig_len != a->s->sig_bytes ||
        mldsa_digest_differs(mldsa_out(a), a->s->sig_bytes, NULL, 0, a->s->sig_sha3))
        return 1;
    bench_note_attempts(a->s->attempts);
    return 0;
}

/* The signature must verify (result and fault check), and must stop
 * verifying for the message with one bit flipped. */
static int mldsa_verify_check(const bench_case_t *c)
{
    const mldsa_arg *a = c->arg;
    uint8_t msg[sizeof mldsa_message];
    cmox_pqc_retval_t tampered;

    if (mldsa_check_begin(CMOX_PQC_AUTH_SUCCESS, "cmox_pqc_dsa_verify") ||
        mldsa_fault != CMOX_PQC_AUTH_SUCCESS || mldsa_fresh_ctx(a) != 0)
        return 1;
    memcpy(msg, mldsa_message, sizeof msg);
    msg[5] ^= 0x10;
    tampered = bench_cmox_rv(mldsa_verify_call(a, msg), "cmox_pqc_dsa_verify");
    cmox_pqc_dsa_cleanup(&mldsa_ctx);
    return tampered == CMOX_PQC_AUTH_SUCCESS;
}

#define mldsa_KEYGEN_run mldsa_keygen_run
#define mldsa_SIGN_run mldsa_sign_run
#define mldsa_VERIFY_run mldsa_verify_run
#define mldsa_KEYGEN_check mldsa_keygen_check
#define mldsa_SIGN_check mldsa_sign_check
#define mldsa_VERIFY_check mldsa_verify_check

#define MLDSA_CASE(n, op, lowram, tail, wb)                                                        \
    static const mldsa_arg cmox_mldsa_arg_##n##_##op##_##lowram BENCH_IO_CONST = {                 \
        &mldsa##n, wb, MLDSA_##op, lowram};                                                        \
    BENCH_CASE(cmox_mldsa_case_##n##_##op##_##lowram, "cmox/mldsa" #n tail, "mldsa" #n tail,       \
               "lib=cmox;msg=32;ctx=0;rnd=0;lowram=" #lowram, mldsa_setup, mldsa_##op##_run,    \
               mldsa_##op##_check, &cmox_mldsa_arg_##n##_##op##_##lowram)

#if FITS(NEED_KEYGEN(44))
MLDSA_CASE(44, KEYGEN, 0, "/keygen", WB_44_KEYGEN);
#endif
#if FITS(NEED_SIGN(44, ))
MLDSA_CASE(44, SIGN, 0, "/sign", WB_44_SIGN);
#endif
#if FITS(NEED_SIGN(44, _LR))
MLDSA_CASE(44, SIGN, 1, "/sign/lowram", WB_44_SIGN_LR);
#endif
#if FITS(NEED_VERIFY(44, ))
MLDSA_CASE(44, VERIFY, 0, "/verify", WB_44_VERIFY);
#endif
#if FITS(NEED_VERIFY(44, _LR))
MLDSA_CASE(44, VERIFY, 1, "/verify/lowram", WB_44_VERIFY_LR);
#endif
#if FITS(NEED_KEYGEN(65))
MLDSA_CASE(65, KEYGEN, 0, "/keygen", WB_65_KEYGEN);
#endif
#if FITS(NEED_SIGN(65, ))
MLDSA_CASE(65, SIGN, 0, "/sign", WB_65_SIGN);
#endif
#if FITS(NEED_SIGN(65, _LR))
MLDSA_CASE(65, SIGN, 1, "/sign/lowram", WB_65_SIGN_LR);
#endif
#if FITS(NEED_VERIFY(65, ))
MLDSA_CASE(65, VERIFY, 0, "/verify", WB_65_VERIFY);
#endif
#if FITS(NEED_VERIFY(65, _LR))
MLDSA_CASE(65, VERIFY, 1, "/verify/lowram", WB_65_VERIFY_LR);
#endif
#if FITS(NEED_KEYGEN(87))
MLDSA_CASE(87, KEYGEN, 0, "/keygen", WB_87_KEYGEN);
#endif
#if FITS(NEED_SIGN(87, ))
MLDSA_CASE(87, SIGN, 0, "/sign", WB_87_SIGN);
#endif
#if FITS(NEED_SIGN(87, _LR))
MLDSA_CASE(87, SIGN, 1, "/sign/lowram", WB_87_SIGN_LR);
#endif
#if FITS(NEED_VERIFY(87, ))
MLDSA_CASE(87, VERIFY, 0, "/verify", WB_87_VERIFY);
#endif
#if FITS(NEED_VERIFY(87, _LR))
MLDSA_CASE(87, VERIFY, 1, "/verify/lowram", WB_87_VERIFY_LR);
#endif
