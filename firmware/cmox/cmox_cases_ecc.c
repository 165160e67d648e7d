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
 * Ed25519 inputs are those of cases/ed25519_cases.c: RFC 8032 TEST 1024 key
 * pair (CMOX takes the 64-byte secret||public private key), the 1023-byte
 * xorshift32 message; signing is deterministic, so check() compares with the
 * open case's expected signature (OpenSSL 3 at generation).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bench.h"

#include "cmox_crypto.h"

/* cmox_glue.c */
int bench_cmox_init(void);

#define ECDSA_WORKBUF_P256 2000u
#define ECDSA_WORKBUF_P384 2400u
#define EDDSA_WORKBUF 2200u
#define ECC_WORKBUF_MAX 2400u

static uint8_t ecc_workbuf[ECC_WORKBUF_MAX] __attribute__((aligned(8)));
static cmox_ecc_handle_t ecc_ctx;
static cmox_ecc_retval_t ecc_rv;
static uint32_t ecc_fault;

#include "../cases/ecdsa_known.h"

typedef struct {
    uint32_t bytes;     /* field / scalar bytes */
    uint32_t workbuf;   /* working-buffer bytes passed to cmox_ecc_construct */
    const uint8_t *priv, *pub, *digest, *nonce, *sig;
} ecdsa_data;

static const ecdsa_data ecdsa_p256 = {
    32u, ECDSA_WORKBUF_P256, ecdsa_p256_priv, ecdsa_p256_pub, ecdsa_p256_digest,
    ecdsa_p256_nonce, ecdsa_p256_sig,
};
static const ecdsa_data ecdsa_p384 = {
    48u, ECDSA_WORKBUF_P384, ecdsa_p384_priv, ecdsa_p384_pub, ecdsa_p384_digest,
    ecdsa_p384_nonce, ecdsa_p384_sig,
};

/* ---- Ed25519 data (copied from cases/ed25519_cases.c) ----------------------- */

#define ED_MSG_LEN 1023u

/* RFC 8032 section 7.1, TEST 1024: SECRET KEY || PUBLIC KEY, CMOX's 64-byte
 * private key; the public key is its second half. */
static const uint8_t ed_priv64[64] = {
    0xf5, 0xe5, 0x76, 0x7c, 0xf1, 0x53, 0x31, 0x95, 0x17, 0x63, 0x0f,
    0x22, 0x68, 0x76, 0xb8, 0x6c, 0x81, 0x60, 0xcc, 0x58, 0x3b, 0xc0,
    0x13, 0x74, 0x4c, 0x6b, 0xf2, 0x55, 0xf5, 0xcc, 0x0e, 0xe5,
    0x27, 0x81, 0x17, 0xfc, 0x14, 0x4c, 0x72, 0x34, 0x0f, 0x67, 0xd0,
    0xf2, 0x31, 0x6e, 0x83, 0x86, 0xce, 0xff, 0xbf, 0x2b, 0x24, 0x28,
    0xc9, 0xc5, 0x1f, 0xef, 0x7c, 0x59, 0x7f, 0x1d, 0x42, 0x6e};
#define ed_pub (ed_priv64 + 32)

/* Signature of the message under that key (cases/ed25519_cases.c,
 * OpenSSL 3 pkeyutl -sign at generation). */
static const uint8_t ed_expected_sig[64] = {
    0xb6, 0x3f, 0xfa, 0x8b, 0x6f, 0x9e, 0x8e, 0x41, 0xf5, 0x00, 0x0a,
    0x82, 0x1c, 0xa8, 0x8a, 0x80, 0x6f, 0x77, 0x86, 0xa2, 0x52, 0xbe,
    0x80, 0xdc, 0x2a, 0xfa, 0x4c, 0x0c, 0xfa, 0xc5, 0xf2, 0x3f, 0x7d,
    0x84, 0xa0, 0x65, 0x49, 0x68, 0xa5, 0xf2, 0x67, 0xf8, 0x95, 0x1e,
    0x15, 0xac, 0xf6, 0xb0, 0xcc, 0xe0, 0x39, 0x74, 0x0e, 0xd3, 0xdf,
    0xbf, 0x77, 0xe1, 0x47, 0x6a, 0x6a, 0xd3, 0xbd, 0x0c};

static uint8_t ed_msg[ED_MSG_LEN];
static uint8_t ecc_sig[2 * 48];
static size_t ecc_sig_len;
static uint8_t ecdsa_random[48];

/* ---- cases ------------------------------------------------------------------ */

enum { ECC_ECDSA, ECC_EDDSA };

typedef struct {
    uint8_t scheme;          /* ECC_ECDSA / ECC_EDDSA */
    const ecdsa_data *ecdsa; /* ECDSA: curve data */
    const cmox_math_funcs_t *math;
    const cmox_ecc_impl_t *curve;
} ecc_arg;

static uint32_t ecc_workbuf_len(const ecc_arg *a)
{
    return a->scheme == ECC_ECDSA ? a->ecdsa->workbuf : EDDSA_WORKBUF;
}

/* Message bytes of cases/ed25519_cases.c: the top byte of successive
 * xorshift32 states from seed 0x0ed25519. */
static void ed_make_message(void)
{
    uint32_t x = 0x0ed25519u;

    for (uint32_t i = 0; i < ED_MSG_LEN; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        ed_msg[i] = (uint8_t)(x >> 24);
    }
}

static int ecc_setup(const bench_case_t *c)
{
    const ecc_arg *a = c->arg;

    if (bench_cmox_init() != 0)
        return 1;
    memset(ecc_sig, 0, sizeof ecc_sig);
    memset(ecc_workbuf, 0, sizeof ecc_workbuf);
    ecc_sig_len = 0;
    ecc_rv = CMOX_ECC_ERR_INTERNAL;
    ecc_fault = 0;
    if (a->scheme == ECC_EDDSA) {
        ed_make_message();
    } else {
        /* random = k - 1 (big-endian), so that CMOX's k = random + 1 is RFC 6979's k. */
        uint32_t i = a->ecdsa->bytes;
        memcpy(ecdsa_random, a->ecdsa->nonce, a->ecdsa->bytes);
        while (i-- > 0 && ecdsa_random[i]-- == 0) {
        }
    }
    cmox_ecc_construct(&ecc_ctx, *a->math, ecc_workbuf, ecc_workbuf_len(a));
    return 0;
}

static int ecdsa_sign_run(const bench_case_t *c)
{
    const ecc_arg *a = c->arg;
    const ecdsa_data *d = a->ecdsa;

    ecc_rv = cmox_ecdsa_sign(&ecc_ctx, *a->curve, ecdsa_random, d->bytes, d->priv, d->bytes,
                             d->digest, d->bytes, ecc_sig, &ecc_sig_len);
    return ecc_rv != CMOX_ECC_SUCCESS;
}

static int ecdsa_verify_run(const bench_case_t *c)
{
    const ecc_arg *a = c->arg;
    const ecdsa_data *d = a->ecdsa;

    ecc_rv = cmox_ecdsa_verify(&ecc_ctx, *a->curve, d->pub, 2u * d->bytes, d->digest, d->bytes,
                               d->sig, 2u * d->bytes, &ecc_fault);
    return 0; /* the verdict is the result: check() wants "valid" */
}

static int eddsa_sign_run(const bench_case_t *c)
{
    const ecc_arg *a = c->arg;

    ecc_rv = cmox_eddsa_sign(&ecc_ctx, *a->curve, ed_priv64, sizeof ed_priv64, ed_msg, ED_MSG_LEN,
                             ecc_sig, &ecc_sig_len);
    return ecc_rv != CMOX_ECC_SUCCESS;
}

static int eddsa_verify_run(const bench_case_t *c)
{
    const ecc_arg *a = c->arg;

    ecc_rv = cmox_eddsa_verify(&ecc_ctx, *a->curve, ed_pub, 32u, ed_msg, ED_MSG_LEN,
                               ed_expected_sig, sizeof ed_expected_sig, &ecc_fault);
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
    return ecc_rv == CMOX_ECC_AUTH_SUCCESS && ecc_fault == CMOX_ECC_AUTH_SUCCESS;
}

/* r and s equal to RFC 6979's, and cmox_ecdsa_verify accepts them. */
static int ecdsa_sign_check(const bench_case_t *c)
{
    const ecc_arg *a = c->arg;
    const ecdsa_data *d = a->ecdsa;
    int bad;

    ecc_finish();
    bad = ecc_rv != CMOX_ECC_SUCCESS || ecc_sig_len != 2u * d->bytes ||
          memcmp(ecc_sig, d->sig, 2u * d->bytes) != 0;
    cmox_ecc_construct(&ecc_ctx, *a->math, ecc_workbuf, ecc_workbuf_len(a));
    ecc_fault = 0;
    ecc_rv = cmox_ecdsa_verify(&ecc_ctx, *a->curve, d->pub, 2u * d->bytes, d->digest, d->bytes,
                               ecc_sig, 2u * d->bytes, &ecc_fault);
    cmox_ecc_cleanup(&ecc_ctx);
    return bad || !ecc_verified();
}

static int ecc_verify_check(const bench_case_t *c)
{
    (void)c;
    ecc_finish();
    return !ecc_verified();
}

static int eddsa_sign_check(const bench_case_t *c)
{
    (void)c;
    ecc_finish();
    return ecc_rv != CMOX_ECC_SUCCESS || ecc_sig_len != sizeof ed_expected_sig ||
           memcmp(ecc_sig, ed_expected_sig, sizeof ed_expected_sig) != 0;
}

/* One ECDSA case: curve p256/p384, op sign/verify, row_math small/fast/
 * superfast, mem low/high; MATH and CURVE are CMOX's names. */
#define ECDSA_CASE(curve, op, row_math, MATH, mem, CURVE)                                    \
    static const ecc_arg cmox_ecdsa_arg_##curve##_##op##_##row_math##_##mem = {             \
        ECC_ECDSA, &ecdsa_##curve, &MATH, &CURVE};                                          \
    BENCH_CASE(cmox_ecdsa_case_##curve##_##op##_##row_math##_##mem,                         \
               "cmox/ecdsa/" #curve "/" #op "/" #row_math "/" #mem,                         \
               "ecdsa/" #curve "/" #op "/" #row_math "/" #mem,                              \
               "lib=cmox;math=" #MATH ";curve=" #CURVE, ecc_setup, ecdsa_##op##_run,        \
               ecdsa_##op##_check, &cmox_ecdsa_arg_##curve##_##op##_##row_math##_##mem)

#define ecdsa_verify_check ecc_verify_check

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
    static const ecc_arg cmox_eddsa_arg_##op##_##row_math##_##mem = {ECC_EDDSA, NULL, &MATH, \
                                                                      &CURVE};              \
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
