/*
 * cmox_cases_rsa.c - RSA-3072 PKCS#1 v2.2 (RSASSA-PSS, SHA-256) through ST's
 * CMOX library: the rows rsa3072/pss-sha256/... of docs/row-keys.md.
 *
 * Configurations, as the pages name them:
 *   "Priv. key mod. exp. method"  CRT -> cmox_rsa_setKeyCRT (p, q, dP, dQ,
 *                                 qInv); No CRT -> cmox_rsa_setKey (n, d);
 *   "RSA mathematics configuration"  Small / Fast -> CMOX_MATH_FUNCS_SMALL /
 *                                 CMOX_MATH_FUNCS_FAST;
 *   "Priv. key mod. exp. implementation"  Low / Mid / High ->
 *                                 CMOX_MODEXP_PRIVATE_{LOWMEM,MIDMEM,HIGHMEM};
 *   verification                  CMOX_MODEXP_PUBLIC, public key (n, e).
 * setup() constructs the RSA context on the working buffer and sets the key,
 * run() is the one cmox_rsa_pkcs1v22_sign / _verify call, check() reports the
 * buffer's high-water mark (membuf_str.MaxMemUsed, the pages' "working
 * buffer" column) through bench_note_workbuf() and cleans up.
 *
 * Working buffer: 7000 bytes, ST's RSA PKCS#1 v2.2 example size, except for
 * the no-CRT HIGHMEM signature, which needs 9368 bytes by the pages'
 * working-buffer column and gets 10000.
 *
 * Inputs are those of cases/rsa_cases.c: the project's test key
 * (crypto/rsa_testkey.h), digest SHA-256("abc") and a fixed 32-byte salt.
 * CMOX takes the PSS salt as its random input (random length = salt length),
 * so the signature is deterministic and check() compares it with the open
 * case's expected signature (OpenSSL 3 at generation, verified there with
 * EVP_PKEY_verify).  Verification cases verify that signature.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bench.h"
#include "rsa_testkey.h"

#include "cmox_crypto.h"

/* cmox_glue.c */
int bench_cmox_init(void);

#define RSA_WORKBUF_ST 7000u
#define RSA_WORKBUF_NOCRT_HIGH 10000u
#define RSA_HASH_BYTES 32u
#define RSA_SALT_BYTES 32u

static uint8_t rsa_workbuf[RSA_WORKBUF_NOCRT_HIGH] __attribute__((aligned(8)));
static cmox_rsa_handle_t rsa_ctx;
static cmox_rsa_key_t rsa_key;
static uint8_t rsa_sig[RSA_TESTKEY_BYTES];
static size_t rsa_sig_len;
static cmox_rsa_retval_t rsa_rv;
static uint32_t rsa_fault;

static const uint8_t rsa_pub_exp[3] = {0x01, 0x00, 0x01}; /* RSA_TESTKEY_E = 65537 */

/* Copied from cases/rsa_cases.c. */
/* SHA-256("abc"), FIPS 180-4 example (NIST CSRC "SHA256.pdf"): the digest
 * that is signed. */
static const uint8_t rsa_digest[RSA_HASH_BYTES] = {
    0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
    0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad,
};

/* The salt: an arbitrary fixed value, here SHA-256 of the empty string
 * (FIPS 180-4 example), so the signature is deterministic. */
static const uint8_t rsa_salt[RSA_SALT_BYTES] = {
    0xe3, 0xb0, 0xc4, 0x42, 0x98, 0xfc, 0x1c, 0x14, 0x9a, 0xfb, 0xf4, 0xc8, 0x99, 0x6f, 0xb9, 0x24,
    0x27, 0xae, 0x41, 0xe4, 0x64, 0x9b, 0x93, 0x4c, 0xa4, 0x95, 0x99, 0x1b, 0x78, 0x52, 0xb8, 0x55,
};

/* RSASSA-PSS signature of rsa_digest with rsa_salt under the test key:
 * computed by OpenSSL 3 at generation (EMSA-PSS encoding over EVP SHA-256,
 * then EVP_PKEY_sign with RSA_NO_PADDING); re-checked by test_rsa, which also
 * verifies it with EVP_PKEY_verify (RSA_PKCS1_PSS_PADDING, salt length 32). */
static const uint8_t rsa_expected_sig[RSA_TESTKEY_BYTES] = {
    0x34, 0x48, 0xec, 0x23, 0x08, 0xe3, 0x74, 0x21, 0x4e, 0x11, 0xac, 0x2e, 0xf3, 0x81, 0xa4, 0xd0,
    0xb6, 0x64, 0xf0, 0xb9, 0x0c, 0xe9, 0xba, 0x38, 0x97, 0xd5, 0xca, 0x22, 0xa2, 0xb2, 0xee, 0xe3,
    0x27, 0xa8, 0x47, 0x9a, 0x8d, 0x06, 0xce, 0x8e, 0x7c, 0x5c, 0xb8, 0xe3, 0xda, 0xb4, 0xaf, 0xdc,
    0x94, 0xeb, 0xd4, 0x95, 0x56, 0x1c, 0xca, 0x5a, 0x0f, 0xb2, 0x1c, 0x27, 0x95, 0x32, 0x85, 0xe9,
    0x87, 0x24, 0xfa, 0x41, 0x5f, 0x4c, 0xfe, 0x28, 0xa5, 0x31, 0x7f, 0x11, 0x68, 0x7c, 0xc5, 0xd8,
    0xb4, 0x21, 0xee, 0x67, 0xf8, 0xb3, 0xd4, 0xa6, 0x2d, 0xb5, 0x64, 0x11, 0x73, 0x74, 0xf1, 0x72,
    0x7e, 0x82, 0x93, 0x23, 0x3c, 0xf2, 0x09, 0x7a, 0x51, 0x78, 0x8b, 0x42, 0x34, 0xe0, 0x2f, 0x4b,
    0x71, 0x9c, 0xb4, 0xdd, 0x0b, 0x5f, 0xde, 0xd1, 0xa5, 0x03, 0x1c, 0x1f, 0x0e, 0x5c, 0x0c, 0xe6,
    0xe3, 0x38, 0xfe, 0x40, 0xbf, 0x16, 0x8e, 0xd1, 0x2e, 0x8c, 0x53, 0xb4, 0x0b, 0xb7, 0x42, 0x74,
    0xee, 0x77, 0x3b, 0x6f, 0xa9, 0x74, 0xb7, 0x0d, 0xba, 0x5b, 0x00, 0xc2, 0xa0, 0x7c, 0x36, 0x1f,
    0xfe, 0x11, 0xdd, 0x63, 0x77, 0x18, 0x01, 0x06, 0x45, 0xab, 0x98, 0xac, 0xcb, 0x0a, 0xad, 0xe8,
    0xb4, 0x09, 0x4c, 0xf3, 0x20, 0x11, 0x47, 0x3a, 0xda, 0x8a, 0xb4, 0x98, 0x2b, 0x22, 0xf6, 0x93,
    0x81, 0x47, 0xa9, 0x26, 0x70, 0x21, 0x96, 0x35, 0x07, 0x2a, 0x82, 0x18, 0x79, 0x2b, 0xa3, 0x37,
    0x22, 0x1b, 0x53, 0x67, 0xd1, 0xa8, 0x89, 0x62, 0xd6, 0x25, 0x8c, 0x00, 0x18, 0x3b, 0x73, 0x22,
    0x22, 0xf9, 0xaf, 0xf0, 0xd2, 0x33, 0xa3, 0xb1, 0x73, 0x4d, 0xed, 0x37, 0x35, 0x0a, 0xbd, 0xf0,
    0x75, 0x19, 0x26, 0xc9, 0x02, 0xa4, 0xa0, 0xf1, 0x09, 0xd8, 0xd2, 0x48, 0xb9, 0xa2, 0x82, 0xf0,
    0xb8, 0x69, 0x44, 0x11, 0xbf, 0xca, 0x66, 0x74, 0xc4, 0xe9, 0x77, 0xcb, 0x3b, 0x9b, 0x47, 0xf6,
    0xcc, 0xb0, 0xcf, 0x66, 0x3e, 0x84, 0x86, 0x54, 0x13, 0x07, 0x40, 0xc5, 0x77, 0xa8, 0x1f, 0xb1,
    0x50, 0xc1, 0x56, 0x7f, 0x82, 0x11, 0x5e, 0x52, 0xb4, 0xfe, 0x2c, 0x8c, 0xec, 0x43, 0xcf, 0x17,
    0x47, 0x81, 0x2d, 0x15, 0xe4, 0x57, 0x30, 0x9c, 0xda, 0x8a, 0xc6, 0x46, 0xb2, 0xf1, 0x1b, 0x03,
    0x94, 0x3a, 0x92, 0x7f, 0xaf, 0xd5, 0xb0, 0x34, 0x03, 0xac, 0xde, 0x80, 0xed, 0x8f, 0x45, 0x47,
    0xbe, 0x8d, 0x95, 0xa2, 0x32, 0x92, 0xaf, 0x6d, 0xbe, 0x60, 0x36, 0xe6, 0x0e, 0x08, 0x9f, 0x07,
    0xc6, 0x4a, 0x2b, 0x0d, 0x9c, 0x64, 0xc4, 0x51, 0xb2, 0x69, 0xa8, 0xf1, 0x29, 0x2f, 0x30, 0xe0,
    0x9b, 0x6e, 0xa5, 0x7b, 0xcd, 0x09, 0xd4, 0xba, 0x7a, 0xe7, 0x43, 0x63, 0x6e, 0x4f, 0x22, 0xba,
};

enum { RSA_SIGN_NOCRT, RSA_SIGN_CRT, RSA_VERIFY };

typedef struct {
    uint8_t op; /* RSA_SIGN_NOCRT / RSA_SIGN_CRT / RSA_VERIFY */
    const cmox_math_funcs_t *math;
    const cmox_modexp_func_t *modexp;
    uint32_t workbuf; /* bytes passed to cmox_rsa_construct */
} rsa_arg;

static int rsa_setup(const bench_case_t *c)
{
    const rsa_arg *a = c->arg;

    if (bench_cmox_init() != 0)
        return 1;
    memset(rsa_sig, 0, sizeof rsa_sig);
    memset(rsa_workbuf, 0, sizeof rsa_workbuf);
    rsa_sig_len = 0;
    rsa_rv = CMOX_RSA_ERR_INTERNAL;
    rsa_fault = 0;
    cmox_rsa_construct(&rsa_ctx, *a->math, *a->modexp, rsa_workbuf, a->workbuf);
    switch (a->op) {
    case RSA_SIGN_CRT:
        return cmox_rsa_setKeyCRT(&rsa_key, RSA_TESTKEY_BITS, rsa_testkey_dp,
                                  RSA_TESTKEY_HALF_BYTES, rsa_testkey_dq, RSA_TESTKEY_HALF_BYTES,
                                  rsa_testkey_p, RSA_TESTKEY_HALF_BYTES, rsa_testkey_q,
                                  RSA_TESTKEY_HALF_BYTES, rsa_testkey_qinv,
                                  RSA_TESTKEY_HALF_BYTES) != CMOX_RSA_SUCCESS;
    case RSA_SIGN_NOCRT:
        return cmox_rsa_setKey(&rsa_key, rsa_testkey_n, RSA_TESTKEY_BYTES, rsa_testkey_d,
                               RSA_TESTKEY_BYTES) != CMOX_RSA_SUCCESS;
    default:
        return cmox_rsa_setKey(&rsa_key, rsa_testkey_n, RSA_TESTKEY_BYTES, rsa_pub_exp,
                               sizeof rsa_pub_exp) != CMOX_RSA_SUCCESS;
    }
}

static int rsa_sign_run(const bench_case_t *c)
{
    (void)c;
    rsa_rv = cmox_rsa_pkcs1v22_sign(&rsa_ctx, &rsa_key, rsa_digest, CMOX_RSA_PKCS1V22_HASH_SHA256,
                                    rsa_salt, RSA_SALT_BYTES, rsa_sig, &rsa_sig_len);
    return rsa_rv != CMOX_RSA_SUCCESS;
}

/* Verifies the expected signature from flash; the verdict is the result. */
static int rsa_verify_run(const bench_case_t *c)
{
    (void)c;
    rsa_rv = cmox_rsa_pkcs1v22_verify(&rsa_ctx, &rsa_key, rsa_digest, CMOX_RSA_PKCS1V22_HASH_SHA256,
                                      RSA_SALT_BYTES, rsa_expected_sig, sizeof rsa_expected_sig,
                                      &rsa_fault);
    return 0;
}

static void rsa_finish(void)
{
    bench_note_workbuf((uint32_t)rsa_ctx.membuf_str.MaxMemUsed);
    cmox_rsa_cleanup(&rsa_ctx);
}

static int rsa_sign_check(const bench_case_t *c)
{
    (void)c;
    rsa_finish();
    return rsa_rv != CMOX_RSA_SUCCESS || rsa_sig_len != sizeof rsa_sig ||
           memcmp(rsa_sig, rsa_expected_sig, sizeof rsa_sig) != 0;
}

static int rsa_verify_check(const bench_case_t *c)
{
    (void)c;
    rsa_finish();
    return rsa_rv != CMOX_RSA_AUTH_SUCCESS || rsa_fault != CMOX_RSA_AUTH_SUCCESS;
}

#define RSA_PARAMS "lib=cmox;bits=3072;e=65537;hash=sha256;mgf=mgf1-sha256;salt=32"

#define RSA_OP_crt RSA_SIGN_CRT
#define RSA_OP_nocrt RSA_SIGN_NOCRT

/* One signature case: form crt/nocrt, row_math small/fast, level low/mid/high. */
#define RSA_SIGN_CASE(form, row_math, MATH, level, MODEXP, workbuf)                             \
    static const rsa_arg cmox_rsa_arg_##form##_##row_math##_##level = {RSA_OP_##form, &MATH,   \
                                                                        &MODEXP, workbuf};     \
    BENCH_CASE(cmox_rsa_case_##form##_##row_math##_##level,                                    \
               "cmox/rsa3072/pss-sha256/sign/" #form "/" #row_math "/" #level,                 \
               "rsa3072/pss-sha256/sign/" #form "/" #row_math "/" #level,                      \
               RSA_PARAMS ";form=" #form ";math=" #MATH ";modexp=" #MODEXP, rsa_setup,         \
               rsa_sign_run, rsa_sign_check, &cmox_rsa_arg_##form##_##row_math##_##level)

RSA_SIGN_CASE(crt, small, CMOX_MATH_FUNCS_SMALL, low, CMOX_MODEXP_PRIVATE_LOWMEM, RSA_WORKBUF_ST);
RSA_SIGN_CASE(crt, small, CMOX_MATH_FUNCS_SMALL, mid, CMOX_MODEXP_PRIVATE_MIDMEM, RSA_WORKBUF_ST);
RSA_SIGN_CASE(crt, small, CMOX_MATH_FUNCS_SMALL, high, CMOX_MODEXP_PRIVATE_HIGHMEM, RSA_WORKBUF_ST);
RSA_SIGN_CASE(crt, fast, CMOX_MATH_FUNCS_FAST, low, CMOX_MODEXP_PRIVATE_LOWMEM, RSA_WORKBUF_ST);
RSA_SIGN_CASE(crt, fast, CMOX_MATH_FUNCS_FAST, mid, CMOX_MODEXP_PRIVATE_MIDMEM, RSA_WORKBUF_ST);
RSA_SIGN_CASE(crt, fast, CMOX_MATH_FUNCS_FAST, high, CMOX_MODEXP_PRIVATE_HIGHMEM, RSA_WORKBUF_ST);
RSA_SIGN_CASE(nocrt, small, CMOX_MATH_FUNCS_SMALL, low, CMOX_MODEXP_PRIVATE_LOWMEM, RSA_WORKBUF_ST);
RSA_SIGN_CASE(nocrt, small, CMOX_MATH_FUNCS_SMALL, mid, CMOX_MODEXP_PRIVATE_MIDMEM, RSA_WORKBUF_ST);
RSA_SIGN_CASE(nocrt, small, CMOX_MATH_FUNCS_SMALL, high, CMOX_MODEXP_PRIVATE_HIGHMEM,
              RSA_WORKBUF_NOCRT_HIGH);
RSA_SIGN_CASE(nocrt, fast, CMOX_MATH_FUNCS_FAST, low, CMOX_MODEXP_PRIVATE_LOWMEM, RSA_WORKBUF_ST);
RSA_SIGN_CASE(nocrt, fast, CMOX_MATH_FUNCS_FAST, mid, CMOX_MODEXP_PRIVATE_MIDMEM, RSA_WORKBUF_ST);
RSA_SIGN_CASE(nocrt, fast, CMOX_MATH_FUNCS_FAST, high, CMOX_MODEXP_PRIVATE_HIGHMEM,
              RSA_WORKBUF_NOCRT_HIGH);

#define RSA_VERIFY_CASE(row_math, MATH)                                                         \
    static const rsa_arg cmox_rsa_arg_verify_##row_math = {RSA_VERIFY, &MATH, &CMOX_MODEXP_PUBLIC, \
                                                           RSA_WORKBUF_ST};                    \
    BENCH_CASE(cmox_rsa_case_verify_##row_math, "cmox/rsa3072/pss-sha256/verify/" #row_math,   \
               "rsa3072/pss-sha256/verify/" #row_math,                                         \
               RSA_PARAMS ";math=" #MATH ";modexp=CMOX_MODEXP_PUBLIC", rsa_setup,              \
               rsa_verify_run, rsa_verify_check, &cmox_rsa_arg_verify_##row_math)

RSA_VERIFY_CASE(small, CMOX_MATH_FUNCS_SMALL);
RSA_VERIFY_CASE(fast, CMOX_MATH_FUNCS_FAST);
