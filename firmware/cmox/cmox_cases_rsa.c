/* SPDX-License-Identifier: MIT */
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
 *
 * Random inputs (bench_input_seed != 0): the key stays the fixed one, the
 * digest and the salt are drawn from bench_random(); a signature case's
 * check() verifies the signature with CMOX, a verification case's setup()
 * signs with CMOX (CRT, Fast, MIDMEM) and its check() also wants a signature
 * with one flipped bit rejected.  All untimed, each on a fresh context.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bench.h"
#include "rsa_testkey.h"

#include "cmox_crypto.h"
#include "cmox_rv.h"

/* cmox_glue.c */
int bench_cmox_init(void);

#define RSA_WORKBUF_ST 7000u
#define RSA_WORKBUF_NOCRT_HIGH 10000u
#define RSA_HASH_BYTES 32u
#define RSA_SALT_BYTES 32u

static uint8_t rsa_workbuf[RSA_WORKBUF_NOCRT_HIGH] BENCH_IO __attribute__((aligned(8)));
static cmox_rsa_handle_t rsa_ctx BENCH_IO;
static cmox_rsa_key_t rsa_key BENCH_IO;
static uint8_t rsa_sig[RSA_TESTKEY_BYTES] BENCH_IO;
static size_t rsa_sig_len BENCH_IO;
static cmox_rsa_retval_t rsa_rv BENCH_IO;
static uint32_t rsa_fault BENCH_IO;

static const uint8_t rsa_pub_exp[3] BENCH_IO_CONST = {0x01, 0x00, 0x01}; /* RSA_TESTKEY_E */

#include "../cases/rsa_known.h"

/* Random inputs, and the inputs run() uses: the known ones or these. */
static uint8_t rsa_random_digest[RSA_HASH_BYTES] BENCH_IO;
static uint8_t rsa_random_salt[RSA_SALT_BYTES] BENCH_IO;
static uint8_t rsa_random_sig[RSA_TESTKEY_BYTES] BENCH_IO;
static const uint8_t *rsa_in_digest BENCH_IO, *rsa_in_salt BENCH_IO, *rsa_in_sig BENCH_IO;

enum { RSA_SIGN_NOCRT, RSA_SIGN_CRT, RSA_VERIFY };

typedef struct {
    uint8_t op; /* RSA_SIGN_NOCRT / RSA_SIGN_CRT / RSA_VERIFY */
    const cmox_math_funcs_t *math;
    const cmox_modexp_func_t *modexp;
    uint32_t workbuf; /* bytes passed to cmox_rsa_construct */
} rsa_arg;

/* A context on the cleared working buffer, with the key of operation op. */
static int rsa_begin(const cmox_math_funcs_t *math, const cmox_modexp_func_t *modexp,
                     uint32_t workbuf, uint8_t op)
{
    memset(rsa_workbuf, 0, sizeof rsa_workbuf);
    cmox_rsa_construct(&rsa_ctx, *math, *modexp, rsa_workbuf, workbuf);
    switch (op) {
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

/* Random inputs of a verification case: its signature, by CMOX (CRT). */
static int rsa_sign_random(void)
{
    size_t len = 0;
    cmox_rsa_retval_t rv;

    if (rsa_begin(&CMOX_MATH_FUNCS_FAST, &CMOX_MODEXP_PRIVATE_MIDMEM, RSA_WORKBUF_ST,
                  RSA_SIGN_CRT) != 0)
        return 1;
    rv = cmox_rsa_pkcs1v22_sign(&rsa_ctx, &rsa_key, rsa_in_digest, CMOX_RSA_PKCS1V22_HASH_SHA256,
                                rsa_in_salt, RSA_SALT_BYTES, rsa_random_sig, &len);
    cmox_rsa_cleanup(&rsa_ctx);
    return rv != CMOX_RSA_SUCCESS || len != sizeof rsa_random_sig;
}

static int rsa_setup(const bench_case_t *c)
{
    const rsa_arg *a = c->arg;

    if (bench_cmox_init() != 0)
        return 1;
    memset(rsa_sig, 0, sizeof rsa_sig);
    rsa_sig_len = 0;
    rsa_rv = CMOX_RSA_ERR_INTERNAL;
    rsa_fault = 0;
    if (bench_random_begin(c)) {
        bench_random(rsa_random_digest, sizeof rsa_random_digest);
        bench_random(rsa_random_salt, sizeof rsa_random_salt);
        rsa_in_digest = rsa_random_digest;
        rsa_in_salt = rsa_random_salt;
        rsa_in_sig = rsa_random_sig;
        if (a->op == RSA_VERIFY && rsa_sign_random() != 0)
            return 1;
    } else {
        rsa_in_digest = rsa_digest;
        rsa_in_salt = rsa_salt;
        rsa_in_sig = rsa_expected_sig;
    }
    return rsa_begin(a->math, a->modexp, a->workbuf, a->op);
}

static int rsa_sign_run(const bench_case_t *c)
{
    (void)c;
    rsa_rv = cmox_rsa_pkcs1v22_sign(&rsa_ctx, &rsa_key, rsa_in_digest,
                                    CMOX_RSA_PKCS1V22_HASH_SHA256, rsa_in_salt, RSA_SALT_BYTES,
                                    rsa_sig, &rsa_sig_len);
    return rsa_rv != CMOX_RSA_SUCCESS;
}

/* Verifies the expected signature from flash (random inputs: the one setup()
 * made); the verdict is the result. */
static int rsa_verify_run(const bench_case_t *c)
{
    (void)c;
    rsa_rv = cmox_rsa_pkcs1v22_verify(&rsa_ctx, &rsa_key, rsa_in_digest,
                                      CMOX_RSA_PKCS1V22_HASH_SHA256, RSA_SALT_BYTES, rsa_in_sig,
                                      RSA_TESTKEY_BYTES, &rsa_fault);
    return 0;
}

static void rsa_finish(void)
{
    bench_note_workbuf((uint32_t)rsa_ctx.membuf_str.MaxMemUsed);
    cmox_rsa_cleanup(&rsa_ctx);
}

/* 1 when CMOX accepts sig for rsa_in_digest (untimed, fresh context). */
static int rsa_accepts(const rsa_arg *a, const uint8_t *sig)
{
    uint32_t fault = 0;
    cmox_rsa_retval_t rv = CMOX_RSA_ERR_INTERNAL;

    if (rsa_begin(a->math, &CMOX_MODEXP_PUBLIC, RSA_WORKBUF_ST, RSA_VERIFY) == 0)
        rv = cmox_rsa_pkcs1v22_verify(&rsa_ctx, &rsa_key, rsa_in_digest,
                                      CMOX_RSA_PKCS1V22_HASH_SHA256, RSA_SALT_BYTES, sig,
                                      RSA_TESTKEY_BYTES, &fault);
    cmox_rsa_cleanup(&rsa_ctx);
    return rv == CMOX_RSA_AUTH_SUCCESS && fault == CMOX_RSA_AUTH_SUCCESS;
}

/* Known inputs: the open case's signature; random inputs: CMOX accepts it. */
static int rsa_sign_check(const bench_case_t *c)
{
    rsa_finish();
    if (bench_cmox_rv(rsa_rv, "cmox_rsa_pkcs1v22_sign") != CMOX_RSA_SUCCESS ||
        rsa_sig_len != sizeof rsa_sig)
        return 1;
    if (bench_input_seed != 0)
        return !rsa_accepts(c->arg, rsa_sig);
    return memcmp(rsa_sig, rsa_expected_sig, sizeof rsa_sig) != 0;
}

/* "Valid"; with random inputs, the signature with one flipped bit must also
 * be rejected. */
static int rsa_verify_check(const bench_case_t *c)
{
    int tampered;

    rsa_finish();
    if (bench_cmox_rv(rsa_rv, "cmox_rsa_pkcs1v22_verify") != CMOX_RSA_AUTH_SUCCESS ||
        rsa_fault != CMOX_RSA_AUTH_SUCCESS)
        return 1;
    if (bench_input_seed == 0)
        return 0;
    rsa_random_sig[RSA_TESTKEY_BYTES / 2] ^= 0x01;
    tampered = rsa_accepts(c->arg, rsa_random_sig);
    rsa_random_sig[RSA_TESTKEY_BYTES / 2] ^= 0x01;
    return tampered;
}

#define RSA_PARAMS "lib=cmox;bits=3072;e=65537;hash=sha256;mgf=mgf1-sha256;salt=32"

#define RSA_OP_crt RSA_SIGN_CRT
#define RSA_OP_nocrt RSA_SIGN_NOCRT

/* One signature case: form crt/nocrt, row_math small/fast, level low/mid/high. */
#define RSA_SIGN_CASE(form, row_math, MATH, level, MODEXP, workbuf)                             \
    static const rsa_arg cmox_rsa_arg_##form##_##row_math##_##level BENCH_IO_CONST = {         \
        RSA_OP_##form, &MATH, &MODEXP, workbuf};                                               \
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
    static const rsa_arg cmox_rsa_arg_verify_##row_math BENCH_IO_CONST = {                     \
        RSA_VERIFY, &MATH, &CMOX_MODEXP_PUBLIC, RSA_WORKBUF_ST};                               \
    BENCH_CASE(cmox_rsa_case_verify_##row_math, "cmox/rsa3072/pss-sha256/verify/" #row_math,   \
               "rsa3072/pss-sha256/verify/" #row_math,                                         \
               RSA_PARAMS ";math=" #MATH ";modexp=CMOX_MODEXP_PUBLIC", rsa_setup,              \
               rsa_verify_run, rsa_verify_check, &cmox_rsa_arg_verify_##row_math)

RSA_VERIFY_CASE(small, CMOX_MATH_FUNCS_SMALL);
RSA_VERIFY_CASE(fast, CMOX_MATH_FUNCS_FAST);
