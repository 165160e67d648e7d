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

/* SHA-256("abc"), FIPS 180-4 example (NIST CSRC "SHA256.pdf"): the digest
 * that is signed. */
static const uint8_t rsa_digest[RSA_PSS_HASH_LEN] = {
    0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
    0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad,
};

/* The salt: an arbitrary fixed value, here SHA-256 of the empty string
 * (FIPS 180-4 example), so the signature is deterministic. */
static const uint8_t rsa_salt[RSA_PSS_SALT_LEN] = {
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
