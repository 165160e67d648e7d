/* SPDX-License-Identifier: MIT */
/*
 * cmox_cases_ecc.c - ECDSA (P-256, P-384) and Ed25519 through ST's CMOX
 * library: the rows ecdsa/... and eddsa/ed25519/... of docs/row-keys.md.
 *
 * Configurations, as the pages name them:
 *   "ECC mathematics configuration"  Small -> CMOX_MATH_FUNCS_SMALL,
 *                                    Fast -> CMOX_MATH_FUNCS_FAST (P-384),
 *                                    SuperFast -> CMOX_MATH_FUNCS_SUPERFAST256
 *                                    (P-256, Ed25519);
 *   "curve definition"               Low/High -> CMOX_ECC_SECP{256,384}R1_
 *                                    {LOWMEM,HIGHMEM}; OptLow/OptHigh ->
 *                                    CMOX_ECC_ED25519_OPT_{LOWMEM,HIGHMEM}.
 * setup() constructs the ECC context on the working buffer, run() is the one
 * sign or verify call, check() reports the buffer's high-water mark
 * (membuf_str.MaxMemUsed of the context, the pages' "working buffer" column)
 * through bench_note_workbuf() and cleans up.
 *
 * Working buffers: ST's example sizes, ECDSA 2000 bytes and EdDSA 2200 bytes
 * (X-CUBE-CRYPTOLIB example projects).  P-384 verification with the HIGHMEM
 * curve needs 2272 bytes (the pages' working-buffer column), more than the
 * P-256 example's 2000, so P-384 gets 2400.
 *
 * ECDSA inputs are those of cases/ecdsa_cases.c: RFC 6979 A.2.5 (P-256,
 * SHA-256("sample")) and A.2.6 (P-384, SHA-384("sample")) keys and digests.
 * CMOX derives the nonce from the caller's random bytes as
 * k = (random >> ((32 - bits of n's top word) & 7)) + 1 (cmox_ecdsa.h); n's top
 * 32-bit word is full for both curves, so k = random + 1.  setup() passes
 * random = k_RFC - 1, which makes CMOX use RFC 6979's k: the signature (r and
 * s) must then equal the RFC's, which check() compares, and check() also
 * verifies it with cmox_ecdsa_verify in the same configuration.
 *
 * Ed25519 inputs are those of cases/ed25519_known.h (shared with the open
 * cases): RFC 8032 TEST 1024 key pair (CMOX takes the 64-byte secret||public
 * private key), the 1023-byte xorshift32 message; signing is deterministic,
 * so check() compares with the expected signature (OpenSSL 3 at generation).
 *
 * Random inputs (bench_input_seed != 0): setup() draws the key pair through
 * cmox_ecdsa_keyGen / cmox_eddsa_keyGen from bench_random() bytes, the digest
 * and the nonce's random bytes (ECDSA) or the message (EdDSA); a sign case's
 * check() verifies the signature with CMOX, a verify case's setup() signs
 * with CMOX and its check() also wants a signature with one flipped bit
 * rejected.  All untimed, each on a fresh context.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bench.h"

#include "cmox_crypto.h"
#include "cmox_rv.h"

/* cmox_glue.c */
int bench_cmox_init(void);

#define ECDSA_WORKBUF_P256 2000u
#define ECDSA_WORKBUF_P384 2400u
#define EDDSA_WORKBUF 2200u
#define ECC_WORKBUF_MAX 2400u

static uint8_t ecc_workbuf[ECC_WORKBUF_MAX] BENCH_IO __attribute__((aligned(8)));
static cmox_ecc_handle_t ecc_ctx BENCH_IO;
static cmox_ecc_retval_t ecc_rv BENCH_IO;
static uint32_t ecc_fault BENCH_IO;

#include "../cases/ecdsa_known.h"
#include "../cases/ed25519_known.h"

typedef struct {
    uint32_t bytes;     /* field / scalar bytes */
    uint32_t workbuf;   /* working-buffer bytes passed to cmox_ecc_construct */
    const uint8_t *priv, *pub, *digest, *nonce, *sig;
} ecdsa_data;

static const ecdsa_data ecdsa_p256 BENCH_IO_CONST = {
    32u, ECDSA_WORKBUF_P256, ecdsa_p256_priv, ecdsa_p256_pub, ecdsa_p256_digest,
    ecdsa_p256_nonce, ecdsa_p256_sig,
};
static const ecdsa_data ecdsa_p384 BENCH_IO_CONST = {
    48u, ECDSA_WORKBUF_P384, ecdsa_p384_priv, ecdsa_p384_pub, ecdsa_p384_digest,
    ecdsa_p384_nonce, ecdsa_p384_sig,
};

static uint8_t ed_msg[ED25519_MSG_LEN] BENCH_IO;
static uint8_t ecc_sig[2 * 48] BENCH_IO;
static size_t ecc_sig_len BENCH_IO;
static uint8_t ecdsa_random[48] BENCH_IO;

/* Random inputs (ECDSA: key pair, digest, signature; EdDSA: 64-byte private
 * key, public key, signature), and the inputs run() uses: the known ones or
 * these. */
static struct {
    uint8_t priv[64], pub[2 * 48], digest[48], sig[2 * 48];
} ecc_random_in BENCH_IO;
static const uint8_t *ecc_in_priv BENCH_IO, *ecc_in_pub BENCH_IO, *ecc_in_digest BENCH_IO;
static const uint8_t *ecc_in_sig BENCH_IO;

/* ---- cases ------------------------------------------------------------------ */

enum { ECC_ECDSA, ECC_EDDSA };

typedef struct {
    uint8_t scheme;          /* ECC_ECDSA / ECC_EDDSA */
    uint8_t verify;          /* 1: a verification case */
    const ecdsa_data *ecdsa; /* ECDSA: curve data */
    const cmox_math_funcs_t *math;
    const cmox_ecc_impl_t *curve;
} ecc_arg;

static uint32_t ecc_workbuf_len(const ecc_arg *a)
{
    return a->scheme == ECC_ECDSA ? a->ecdsa->workbuf : EDDSA_WORKBUF;
}

/* A fresh context on a cleared working buffer, so that its high-water mark
 * covers the timed call alone. */
static void ecc_fresh_ctx(const ecc_arg *a)
{
    memset(ecc_workbuf, 0, sizeof ecc_workbuf);
    cmox_ecc_construct(&ecc_ctx, *a->math, ecc_workbuf, ecc_workbuf_len(a));
}

/* Random inputs through CMOX itself (untimed): a key pair (random again until
 * CMOX accepts it as a private key), the digest (ECDSA), the nonce's random
 * bytes (ECDSA) or the message (EdDSA), and for a verification case the
 * signature. */
static int ecc_random_inputs(const ecc_arg *a)
{
    uint8_t key_random[48];
    size_t priv_len, pub_len;
    size_t n = a->scheme == ECC_ECDSA ? a->ecdsa->bytes : 32u;
    int tries = 8; /* a P-256/P-384 draw is out of range with probability < 2^-32 */

    ecc_fresh_ctx(a);
    do {
        bench_random(key_random, n);
        priv_len = sizeof ecc_random_in.priv;
        pub_len = sizeof ecc_random_in.pub;
        ecc_rv = a->scheme == ECC_ECDSA
                     ? cmox_ecdsa_keyGen(&ecc_ctx, *a->curve, key_random, n, ecc_random_in.priv,
                                         &priv_len, ecc_random_in.pub, &pub_len)
                     : cmox_eddsa_keyGen(&ecc_ctx, *a->curve, key_random, n, ecc_random_in.priv,
                                         &priv_len, ecc_random_in.pub, &pub_len);
    } while (ecc_rv == CMOX_ECC_ERR_WRONG_RANDOM && --tries > 0);
    ecc_in_priv = ecc_random_in.priv;
    ecc_in_pub = ecc_random_in.pub;
    ecc_in_digest = ecc_random_in.digest;
    ecc_in_sig = ecc_random_in.sig;
    if (a->scheme == ECC_ECDSA) {
        bench_random(ecc_random_in.digest, a->ecdsa->bytes);
        bench_random(ecdsa_random, a->ecdsa->bytes);
    } else {
        bench_random(ed_msg, sizeof ed_msg);
    }
    if (ecc_rv == CMOX_ECC_SUCCESS && a->verify) {
        ecc_rv = a->scheme == ECC_ECDSA
                     ? cmox_ecdsa_sign(&ecc_ctx, *a->curve, ecdsa_random, a->ecdsa->bytes,
                                       ecc_in_priv, a->ecdsa->bytes, ecc_in_digest,
                                       a->ecdsa->bytes, ecc_random_in.sig, &ecc_sig_len)
                     : cmox_eddsa_sign(&ecc_ctx, *a->curve, ecc_in_priv, 64u, ed_msg,
                                       ED25519_MSG_LEN, ecc_random_in.sig, &ecc_sig_len);
        ecc_sig_len = 0;
    }
    cmox_ecc_cleanup(&ecc_ctx);
    return bench_cmox_rv(ecc_rv, "cmox_ecc") != CMOX_ECC_SUCCESS;
}

static void ecc_known_inputs(const ecc_arg *a)
{
    if (a->scheme == ECC_EDDSA) {
        ed25519_known_message(ed_msg);
        ecc_in_priv = ed25519_keypair;
        ecc_in_pub = ed25519_pub;
        ecc_in_sig = ed25519_expected_sig;
    } else {
        /* random = k - 1 (big-endian), so that CMOX's k = random + 1 is RFC 6979's k. */
        uint32_t i = a->ecdsa->bytes;
        memcpy(ecdsa_random, a->ecdsa->nonce, a->ecdsa->bytes);
        while (i-- > 0 && ecdsa_random[i]-- == 0) {
        }
        ecc_in_priv = a->ecdsa->priv;
        ecc_in_pub = a->ecdsa->pub;
        ecc_in_digest = a->ecdsa->digest;
        ecc_in_sig = a->ecdsa->sig;
    }
}

static int ecc_setup(const bench_case_t *c)
{
    const ecc_arg *a = c->arg;

    if (bench_cmox_init() != 0)
        return 1;
    memset(ecc_sig, 0, sizeof ecc_sig);
    ecc_sig_len = 0;
    ecc_fault = 0;
    if (bench_random_begin(c)) {
        if (ecc_random_inputs(a) != 0)
            return 1;
    } else {
        ecc_known_inputs(a);
    }
    ecc_rv = CMOX_ECC_ERR_INTERNAL;
    ecc_fresh_ctx(a);
    return 0;
}

static int ecdsa_sign_run(const bench_case_t *c)
{
    const ecc_arg *a = c->arg;
    const ecdsa_data *d = a->ecdsa;

    ecc_rv = cmox_ecdsa_sign(&ecc_ctx, *a->curve, ecdsa_random, d->bytes, ecc_in_priv, d->bytes,
                             ecc_in_digest, d->bytes, ecc_sig, &ecc_sig_len);
    return ecc_rv != CMOX_ECC_SUCCESS;
}

static int ecdsa_verify_run(const bench_case_t *c)
{
    const ecc_arg *a = c->arg;
    const ecdsa_data *d = a->ecdsa;

    ecc_rv = cmox_ecdsa_verify(&ecc_ctx, *a->curve, ecc_in_pub, 2u * d->bytes, ecc_in_digest,
                               d->bytes, ecc_in_sig, 2u * d->bytes, &ecc_fault);
    return 0; /* the verdict is the result: check() wants "valid" */
}

static int eddsa_sign_run(const bench_case_t *c)
{
    const ecc_arg *a = c->arg;

    ecc_rv = cmox_eddsa_sign(&ecc_ctx, *a->curve, ecc_in_priv, 64u, ed_msg, ED25519_MSG_LEN,
                             ecc_sig, &ecc_sig_len);
    return ecc_rv != CMOX_ECC_SUCCESS;
}

static int eddsa_verify_run(const bench_case_t *c)
{
    const ecc_arg *a = c->arg;

    ecc_rv = cmox_eddsa_verify(&ecc_ctx, *a->curve, ecc_in_pub, 32u, ed_msg, ED25519_MSG_LEN,
                               ecc_in_sig, 64u, &ecc_fault);
    return 0;
}

/* Reports the working buffer's high-water mark and releases the context. */
static void ecc_finish(void)
{
    bench_note_workbuf((uint32_t)ecc_ctx.membuf_str.MaxMemUsed);
    cmox_ecc_cleanup(&ecc_ctx);
}

static int ecc_verified(void)
{
    return bench_cmox_rv(ecc_rv, "cmox_ecc verify") == CMOX_ECC_AUTH_SUCCESS &&
           ecc_fault == CMOX_ECC_AUTH_SUCCESS;
}

/* Verifies sig (untimed, fresh context); 1 when CMOX accepts it. */
static int ecc_accepts(const ecc_arg *a, const uint8_t *sig)
{
    ecc_fresh_ctx(a);
    ecc_fault = 0;
    if (a->scheme == ECC_ECDSA)
        ecc_rv = cmox_ecdsa_verify(&ecc_ctx, *a->curve, ecc_in_pub, 2u * a->ecdsa->bytes,
                                   ecc_in_digest, a->ecdsa->bytes, sig, 2u * a->ecdsa->bytes,
                                   &ecc_fault);
    else
        ecc_rv = cmox_eddsa_verify(&ecc_ctx, *a->curve, ecc_in_pub, 32u, ed_msg, ED25519_MSG_LEN,
                                   sig, 64u, &ecc_fault);
    cmox_ecc_cleanup(&ecc_ctx);
    return ecc_verified();
}

/* Known inputs: r and s equal to RFC 6979's; and cmox_ecdsa_verify accepts
 * them. */
static int ecdsa_sign_check(const bench_case_t *c)
{
    const ecc_arg *a = c->arg;
    const ecdsa_data *d = a->ecdsa;
    int bad;

    ecc_finish();
    bad = bench_cmox_rv(ecc_rv, "cmox_ecdsa_sign") != CMOX_ECC_SUCCESS ||
          ecc_sig_len != 2u * d->bytes ||
          (bench_input_seed == 0 && memcmp(ecc_sig, d->sig, 2u * d->bytes) != 0);
    return bad || !ecc_accepts(a, ecc_sig);
}

/* "Valid"; with random inputs, the signature with one flipped bit must also
 * be rejected. */
static int ecc_verify_check(const bench_case_t *c)
{
    const ecc_arg *a = c->arg;
    uint32_t last = a->scheme == ECC_ECDSA ? 2u * a->ecdsa->bytes - 1u : 40u;
    int tampered;

    ecc_finish();
    if (!ecc_verified())
        return 1;
    if (bench_input_seed == 0)
        return 0;
    ecc_random_in.sig[last] ^= 0x01;
    tampered = ecc_accepts(a, ecc_random_in.sig);
    ecc_random_in.sig[last] ^= 0x01;
    return tampered;
}

/* Known inputs: RFC 8032's deterministic signature; random inputs: CMOX
 * accepts the signature. */
static int eddsa_sign_check(const bench_case_t *c)
{
    const ecc_arg *a = c->arg;

    ecc_finish();
    if (bench_cmox_rv(ecc_rv, "cmox_eddsa_sign") != CMOX_ECC_SUCCESS ||
        ecc_sig_len != sizeof ed25519_expected_sig)
        return 1;
    if (bench_input_seed != 0)
        return !ecc_accepts(a, ecc_sig);
    return memcmp(ecc_sig, ed25519_expected_sig, sizeof ed25519_expected_sig) != 0;
}

/* One ECDSA case: curve p256/p384, op sign/verify, row_math small/fast/
 * superfast, mem low/high; MATH and CURVE are CMOX's names. */
#define ECDSA_CASE(curve, op, row_math, MATH, mem, CURVE)                                    \
    static const ecc_arg cmox_ecdsa_arg_##curve##_##op##_##row_math##_##mem BENCH_IO_CONST = { \
        ECC_ECDSA, ECC_OP_##op, &ecdsa_##curve, &MATH, &CURVE};                             \
    BENCH_CASE(cmox_ecdsa_case_##curve##_##op##_##row_math##_##mem,                         \
               "cmox/ecdsa/" #curve "/" #op "/" #row_math "/" #mem,                         \
               "ecdsa/" #curve "/" #op "/" #row_math "/" #mem,                              \
               "lib=cmox;math=" #MATH ";curve=" #CURVE, ecc_setup, ecdsa_##op##_run,        \
               ecdsa_##op##_check, &cmox_ecdsa_arg_##curve##_##op##_##row_math##_##mem)

#define ecdsa_verify_check ecc_verify_check
#define ECC_OP_sign 0
#define ECC_OP_verify 1

ECDSA_CASE(p256, sign, small, CMOX_MATH_FUNCS_SMALL, low, CMOX_ECC_SECP256R1_LOWMEM);
ECDSA_CASE(p256, sign, small, CMOX_MATH_FUNCS_SMALL, high, CMOX_ECC_SECP256R1_HIGHMEM);
ECDSA_CASE(p256, sign, superfast, CMOX_MATH_FUNCS_SUPERFAST256, low, CMOX_ECC_SECP256R1_LOWMEM);
ECDSA_CASE(p256, sign, superfast, CMOX_MATH_FUNCS_SUPERFAST256, high, CMOX_ECC_SECP256R1_HIGHMEM);
ECDSA_CASE(p256, verify, small, CMOX_MATH_FUNCS_SMALL, low, CMOX_ECC_SECP256R1_LOWMEM);
ECDSA_CASE(p256, verify, small, CMOX_MATH_FUNCS_SMALL, high, CMOX_ECC_SECP256R1_HIGHMEM);
ECDSA_CASE(p256, verify, superfast, CMOX_MATH_FUNCS_SUPERFAST256, low, CMOX_ECC_SECP256R1_LOWMEM);
ECDSA_CASE(p256, verify, superfast, CMOX_MATH_FUNCS_SUPERFAST256, high, CMOX_ECC_SECP256R1_HIGHMEM);
ECDSA_CASE(p384, sign, small, CMOX_MATH_FUNCS_SMALL, low, CMOX_ECC_SECP384R1_LOWMEM);
ECDSA_CASE(p384, sign, small, CMOX_MATH_FUNCS_SMALL, high, CMOX_ECC_SECP384R1_HIGHMEM);
ECDSA_CASE(p384, sign, fast, CMOX_MATH_FUNCS_FAST, low, CMOX_ECC_SECP384R1_LOWMEM);
ECDSA_CASE(p384, sign, fast, CMOX_MATH_FUNCS_FAST, high, CMOX_ECC_SECP384R1_HIGHMEM);
ECDSA_CASE(p384, verify, small, CMOX_MATH_FUNCS_SMALL, low, CMOX_ECC_SECP384R1_LOWMEM);
ECDSA_CASE(p384, verify, small, CMOX_MATH_FUNCS_SMALL, high, CMOX_ECC_SECP384R1_HIGHMEM);
ECDSA_CASE(p384, verify, fast, CMOX_MATH_FUNCS_FAST, low, CMOX_ECC_SECP384R1_LOWMEM);
ECDSA_CASE(p384, verify, fast, CMOX_MATH_FUNCS_FAST, high, CMOX_ECC_SECP384R1_HIGHMEM);

/* One Ed25519 case: op sign/verify, row_math small/superfast, mem optlow/opthigh. */
#define EDDSA_CASE(op, row_math, MATH, mem, CURVE)                                           \
    static const ecc_arg cmox_eddsa_arg_##op##_##row_math##_##mem BENCH_IO_CONST = {        \
        ECC_EDDSA, ECC_OP_##op, NULL, &MATH, &CURVE};                                       \
    BENCH_CASE(cmox_eddsa_case_##op##_##row_math##_##mem,                                   \
               "cmox/eddsa/ed25519/" #op "/" #row_math "/" #mem,                            \
               "eddsa/ed25519/" #op "/" #row_math "/" #mem,                                 \
               "lib=cmox;math=" #MATH ";curve=" #CURVE ";msg=1023", ecc_setup,              \
               eddsa_##op##_run, eddsa_##op##_check, &cmox_eddsa_arg_##op##_##row_math##_##mem)

#define eddsa_verify_check ecc_verify_check

EDDSA_CASE(sign, small, CMOX_MATH_FUNCS_SMALL, optlow, CMOX_ECC_ED25519_OPT_LOWMEM);
EDDSA_CASE(sign, small, CMOX_MATH_FUNCS_SMALL, opthigh, CMOX_ECC_ED25519_OPT_HIGHMEM);
EDDSA_CASE(sign, superfast, CMOX_MATH_FUNCS_SUPERFAST256, optlow, CMOX_ECC_ED25519_OPT_LOWMEM);
EDDSA_CASE(sign, superfast, CMOX_MATH_FUNCS_SUPERFAST256, opthigh, CMOX_ECC_ED25519_OPT_HIGHMEM);
EDDSA_CASE(verify, small, CMOX_MATH_FUNCS_SMALL, optlow, CMOX_ECC_ED25519_OPT_LOWMEM);
EDDSA_CASE(verify, small, CMOX_MATH_FUNCS_SMALL, opthigh, CMOX_ECC_ED25519_OPT_HIGHMEM);
EDDSA_CASE(verify, superfast, CMOX_MATH_FUNCS_SUPERFAST256, optlow, CMOX_ECC_ED25519_OPT_LOWMEM);
EDDSA_CASE(verify, superfast, CMOX_MATH_FUNCS_SUPERFAST256, opthigh, CMOX_ECC_ED25519_OPT_HIGHMEM);
