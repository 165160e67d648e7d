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
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bench.h"
#include "../crypto/rsa.h"
#include "../crypto/rsa_testkey.h"

#define RSA_WINDOW_HIGH 5u

static uint32_t rsa_work[RSA_SIGN_WORK_WORDS(RSA_TESTKEY_BITS, RSA_WINDOW_HIGH)];
static uint8_t rsa_sig[RSA_TESTKEY_BYTES];
static int rsa_result;

#include "rsa_known.h"

static const rsa_private_key rsa_key = {
    rsa_testkey_n, RSA_TESTKEY_BYTES, rsa_testkey_d, RSA_TESTKEY_BYTES,
};
static const rsa_crt_key rsa_key_crt = {
    RSA_TESTKEY_BITS, RSA_TESTKEY_HALF_BYTES, rsa_testkey_p, rsa_testkey_q,
    rsa_testkey_dp,   rsa_testkey_dq,         rsa_testkey_qinv,
};
static const rsa_public_key rsa_key_pub = {rsa_testkey_n, RSA_TESTKEY_BYTES, RSA_TESTKEY_E};

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
    memset(rsa_sig, 0, sizeof rsa_sig);
    rsa_result = RSA_ERR_PARAM;
    bench_note_workbuf((uint32_t)(rsa_sign_words(c->arg) * sizeof rsa_work[0]));
    return 0;
}

static int rsa_sign_run(const bench_case_t *c)
{
    const rsa_case_arg *a = c->arg;

    if (a->crt)
        rsa_result = rsa_pss_sign_crt(&rsa_key_crt, rsa_digest, rsa_salt, (rsa_bn_arith)a->arith,
                                      a->window, rsa_sig, rsa_work, rsa_sign_words(a));
    else
        rsa_result = rsa_pss_sign(&rsa_key, rsa_digest, rsa_salt, (rsa_bn_arith)a->arith,
                                  a->window, rsa_sig, rsa_work, rsa_sign_words(a));
    return rsa_result != RSA_OK;
}

static int rsa_sign_check(const bench_case_t *c)
{
    (void)c;
    return rsa_result != RSA_OK || memcmp(rsa_sig, rsa_expected_sig, sizeof rsa_sig) != 0;
}

static int rsa_verify_setup(const bench_case_t *c)
{
    (void)c;
    rsa_result = RSA_ERR_PARAM;
    bench_note_workbuf((uint32_t)(RSA_VERIFY_WORK_WORDS(RSA_TESTKEY_BITS) * sizeof rsa_work[0]));
    return 0;
}

/* Verifies the expected signature from flash; a rejection is a wrong result,
 * reported by the check. */
static int rsa_verify_run(const bench_case_t *c)
{
    const rsa_case_arg *a = c->arg;

    rsa_result = rsa_pss_verify(&rsa_key_pub, rsa_digest, rsa_expected_sig, sizeof rsa_expected_sig,
                                (rsa_bn_arith)a->arith, rsa_work,
                                RSA_VERIFY_WORK_WORDS(RSA_TESTKEY_BITS));
    return rsa_result == RSA_ERR_PARAM;
}

static int rsa_verify_check(const bench_case_t *c)
{
    (void)c;
    return rsa_result != RSA_OK;
}

#define RSA_PARAMS "bits=3072;e=65537;hash=sha256;mgf=mgf1-sha256;salt=32"

/* One signature case: form (crt|nocrt), variant (small|fast), memory level
 * (low|mid|high) and its window as a literal. */
#define RSA_SIGN_CASE(form, is_crt, variant, arith, level, window)                               \
    static const rsa_case_arg rsa_sign_##form##_##variant##_##level##_arg = {is_crt, arith,      \
                                                                              window};           \
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

static const rsa_case_arg rsa_verify_small_arg = {0, RSA_BN_SMALL, 0};
static const rsa_case_arg rsa_verify_fast_arg = {0, RSA_BN_FAST, 0};

BENCH_CASE(rsa_verify_small, "rsa-pss-verify/3072/small", "rsa3072/pss-sha256/verify/small",
           RSA_PARAMS ";arith=small", rsa_verify_setup, rsa_verify_run, rsa_verify_check,
           &rsa_verify_small_arg);
BENCH_CASE(rsa_verify_fast, "rsa-pss-verify/3072/fast", "rsa3072/pss-sha256/verify/fast",
           RSA_PARAMS ";arith=fast", rsa_verify_setup, rsa_verify_run, rsa_verify_check,
           &rsa_verify_fast_arg);
