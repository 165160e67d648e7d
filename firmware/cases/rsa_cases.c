/* SPDX-License-Identifier: MIT */
/*
 * rsa_cases.c - RSA-3072 RSASSA-PSS SHA-256 benchmark cases (rows
 * rsa3072/pss-sha256/... of docs/row-keys.md): signature without and with
 * the CRT for each arithmetic variant and memory level, and verification for
 * each arithmetic variant.  Fixed key (rsa_testkey.h), digest and salt, so
 * the signature is a constant.
 *
 * Memory levels map onto the private exponentiation's window:
 *   low  = 1 bit, square-and-multiply (table of 2 entries),
 *   mid  = 3 bits (8 entries: 3 KB without CRT, 1.5 KB with),
 *   high = 5 bits (32 entries: 12 KB without CRT, 6 KB with).
 * All cases share one working buffer, sized for the largest (no CRT, high:
 * about 14 KB); each reports the part it uses.
 *
 * Random inputs (bench_input_seed != 0): the key stays the fixed one (key
 * generation would take far too long), the digest (of a message nobody needs
 * to see) and the salt are drawn from bench_random(); a signature case's
 * check() verifies the signature, a verification case's setup() signs (CRT,
 * untimed) and its check() also wants a signature with one flipped bit
 * rejected.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bench.h"
#include "../crypto/rsa.h"
#include "../crypto/rsa_testkey.h"

#define RSA_WINDOW_HIGH 5u

static uint32_t rsa_work[RSA_SIGN_WORK_WORDS(RSA_TESTKEY_BITS, RSA_WINDOW_HIGH)] BENCH_IO;
static uint8_t rsa_sig[RSA_TESTKEY_BYTES] BENCH_IO;
static int rsa_result BENCH_IO;

#include "rsa_known.h"

static const rsa_private_key rsa_key BENCH_IO_CONST = {
    rsa_testkey_n, RSA_TESTKEY_BYTES, rsa_testkey_d, RSA_TESTKEY_BYTES,
};
static const rsa_crt_key rsa_key_crt BENCH_IO_CONST = {
    RSA_TESTKEY_BITS, RSA_TESTKEY_HALF_BYTES, rsa_testkey_p, rsa_testkey_q,
    rsa_testkey_dp,   rsa_testkey_dq,         rsa_testkey_qinv,
};
static const rsa_public_key rsa_key_pub BENCH_IO_CONST = {rsa_testkey_n, RSA_TESTKEY_BYTES,
                                                          RSA_TESTKEY_E};

/* Random inputs, and the inputs run() uses: the known ones or these. */
static uint8_t rsa_random_digest[RSA_PSS_HASH_LEN] BENCH_IO;
static uint8_t rsa_random_salt[RSA_PSS_SALT_LEN] BENCH_IO;
static uint8_t rsa_random_sig[RSA_TESTKEY_BYTES] BENCH_IO;
static const uint8_t *rsa_in_digest BENCH_IO, *rsa_in_salt BENCH_IO, *rsa_in_sig BENCH_IO;

/* Known or random digest and salt; returns 1 when they are random. */
static int rsa_inputs(const bench_case_t *c)
{
    if (!bench_random_begin(c)) {
        rsa_in_digest = rsa_digest;
        rsa_in_salt = rsa_salt;
        rsa_in_sig = rsa_expected_sig;
        return 0;
    }
    bench_random(rsa_random_digest, sizeof rsa_random_digest);
    bench_random(rsa_random_salt, sizeof rsa_random_salt);
    rsa_in_digest = rsa_random_digest;
    rsa_in_salt = rsa_random_salt;
    rsa_in_sig = rsa_random_sig;
    return 1;
}

static int rsa_verify_with(const uint8_t *sig, rsa_bn_arith arith)
{
    return rsa_pss_verify(&rsa_key_pub, rsa_in_digest, sig, RSA_TESTKEY_BYTES, arith, rsa_work,
                          RSA_VERIFY_WORK_WORDS(RSA_TESTKEY_BITS));
}

typedef struct {
    uint8_t crt;    /* sign: 1 = CRT form */
    uint8_t arith;  /* rsa_bn_arith */
    uint8_t window; /* sign: exponentiation window in bits */
} rsa_case_arg;

static size_t rsa_sign_words(const rsa_case_arg *a)
{
    return a->crt ? RSA_SIGN_CRT_WORK_WORDS(RSA_TESTKEY_BITS, a->window)
                  : RSA_SIGN_WORK_WORDS(RSA_TESTKEY_BITS, a->window);
}

static int rsa_sign_setup(const bench_case_t *c)
{
    (void)rsa_inputs(c);
    memset(rsa_sig, 0, sizeof rsa_sig);
    rsa_result = RSA_ERR_PARAM;
    bench_note_workbuf((uint32_t)(rsa_sign_words(c->arg) * sizeof rsa_work[0]));
    return 0;
}

static int rsa_sign_run(const bench_case_t *c)
{
    const rsa_case_arg *a = c->arg;

    if (a->crt)
        rsa_result = rsa_pss_sign_crt(&rsa_key_crt, rsa_in_digest, rsa_in_salt,
                                      (rsa_bn_arith)a->arith, a->window, rsa_sig, rsa_work,
                                      rsa_sign_words(a));
    else
        rsa_result = rsa_pss_sign(&rsa_key, rsa_in_digest, rsa_in_salt, (rsa_bn_arith)a->arith,
                                  a->window, rsa_sig, rsa_work, rsa_sign_words(a));
    return rsa_result != RSA_OK;
}

/* Known answer: the expected signature; random inputs: the signature
 * verifies (untimed). */
static int rsa_sign_check(const bench_case_t *c)
{
    const rsa_case_arg *a = c->arg;

    if (rsa_result != RSA_OK)
        return 1;
    if (bench_input_seed != 0)
        return rsa_verify_with(rsa_sig, (rsa_bn_arith)a->arith) != RSA_OK;
    return memcmp(rsa_sig, rsa_expected_sig, sizeof rsa_sig) != 0;
}

static int rsa_verify_setup(const bench_case_t *c)
{
    rsa_result = RSA_ERR_PARAM;
    if (rsa_inputs(c) &&
        rsa_pss_sign_crt(&rsa_key_crt, rsa_in_digest, rsa_in_salt, RSA_BN_FAST, RSA_WINDOW_HIGH,
                         rsa_random_sig, rsa_work,
                         RSA_SIGN_CRT_WORK_WORDS(RSA_TESTKEY_BITS, RSA_WINDOW_HIGH)) != RSA_OK)
        return 1;
    bench_note_workbuf((uint32_t)(RSA_VERIFY_WORK_WORDS(RSA_TESTKEY_BITS) * sizeof rsa_work[0]));
    return 0;
}

/* Verifies the expected signature from flash (random inputs: the one setup()
 * made); a rejection is a wrong result, reported by the check. */
static int rsa_verify_run(const bench_case_t *c)
{
    const rsa_case_arg *a = c->arg;

    rsa_result = rsa_pss_verify(&rsa_key_pub, rsa_in_digest, rsa_in_sig, RSA_TESTKEY_BYTES,
                                (rsa_bn_arith)a->arith, rsa_work,
                                RSA_VERIFY_WORK_WORDS(RSA_TESTKEY_BITS));
    return rsa_result == RSA_ERR_PARAM;
}

/* "Valid"; with random inputs, the signature with one flipped bit must also
 * be rejected. */
static int rsa_verify_check(const bench_case_t *c)
{
    const rsa_case_arg *a = c->arg;
    int tampered;

    if (rsa_result != RSA_OK)
        return 1;
    if (bench_input_seed == 0)
        return 0;
    rsa_random_sig[RSA_TESTKEY_BYTES / 2] ^= 0x01;
    tampered = rsa_verify_with(rsa_random_sig, (rsa_bn_arith)a->arith);
    rsa_random_sig[RSA_TESTKEY_BYTES / 2] ^= 0x01;
    return tampered == RSA_OK;
}

#define RSA_PARAMS "bits=3072;e=65537;hash=sha256;mgf=mgf1-sha256;salt=32"

/* One signature case: form (crt|nocrt), variant (small|fast), memory level
 * (low|mid|high) and its window as a literal. */
#define RSA_SIGN_CASE(form, is_crt, variant, arith, level, window)                               \
    static const rsa_case_arg rsa_sign_##form##_##variant##_##level##_arg BENCH_IO_CONST = {     \
        is_crt, arith, window};                                                                  \
    BENCH_CASE(rsa_sign_##form##_##variant##_##level,                                            \
               "rsa-pss-sign/3072/" #form "/" #variant "/w" #window,                             \
               "rsa3072/pss-sha256/sign/" #form "/" #variant "/" #level,                         \
               RSA_PARAMS ";form=" #form ";arith=" #variant ";window=" #window, rsa_sign_setup,   \
               rsa_sign_run, rsa_sign_check, &rsa_sign_##form##_##variant##_##level##_arg)

RSA_SIGN_CASE(nocrt, 0, small, RSA_BN_SMALL, low, 1);
RSA_SIGN_CASE(nocrt, 0, small, RSA_BN_SMALL, mid, 3);
RSA_SIGN_CASE(nocrt, 0, small, RSA_BN_SMALL, high, 5);
RSA_SIGN_CASE(nocrt, 0, fast, RSA_BN_FAST, low, 1);
RSA_SIGN_CASE(nocrt, 0, fast, RSA_BN_FAST, mid, 3);
RSA_SIGN_CASE(nocrt, 0, fast, RSA_BN_FAST, high, 5);
RSA_SIGN_CASE(crt, 1, small, RSA_BN_SMALL, low, 1);
RSA_SIGN_CASE(crt, 1, small, RSA_BN_SMALL, mid, 3);
RSA_SIGN_CASE(crt, 1, small, RSA_BN_SMALL, high, 5);
RSA_SIGN_CASE(crt, 1, fast, RSA_BN_FAST, low, 1);
RSA_SIGN_CASE(crt, 1, fast, RSA_BN_FAST, mid, 3);
RSA_SIGN_CASE(crt, 1, fast, RSA_BN_FAST, high, 5);

static const rsa_case_arg rsa_verify_small_arg BENCH_IO_CONST = {0, RSA_BN_SMALL, 0};
static const rsa_case_arg rsa_verify_fast_arg BENCH_IO_CONST = {0, RSA_BN_FAST, 0};

BENCH_CASE(rsa_verify_small, "rsa-pss-verify/3072/small", "rsa3072/pss-sha256/verify/small",
           RSA_PARAMS ";arith=small", rsa_verify_setup, rsa_verify_run, rsa_verify_check,
           &rsa_verify_small_arg);
BENCH_CASE(rsa_verify_fast, "rsa-pss-verify/3072/fast", "rsa3072/pss-sha256/verify/fast",
           RSA_PARAMS ";arith=fast", rsa_verify_setup, rsa_verify_run, rsa_verify_check,
           &rsa_verify_fast_arg);
