/*
 * ed25519_cases.c - benchmark cases of the Ed25519 table: sign and verify a
 * 1023-byte message, for the arithmetic variants Small and SuperFast (open
 * "fast") and the precomputation options OptLow and OptHigh.
 *
 * Sign uses the key pair of RFC 8032 section 7.1 TEST 1024 with the public
 * key passed in (the common 64-byte "seed || public key" private key), so
 * the timed region is the signature alone: SHA-512 of the seed, two SHA-512
 * passes over the message, one [r]B, its encoding and the scalar arithmetic.
 * Verify checks that signature.
 */
#include "bench.h"
#include "ed25519.h"

#include <string.h>

#define ED_CASE_MSG_LEN 1023

/* RFC 8032 section 7.1, TEST 1024: SECRET KEY and PUBLIC KEY. */
static const uint8_t ed_case_priv[32] = {
    0xf5, 0xe5, 0x76, 0x7c, 0xf1, 0x53, 0x31, 0x95, 0x17, 0x63, 0x0f,
    0x22, 0x68, 0x76, 0xb8, 0x6c, 0x81, 0x60, 0xcc, 0x58, 0x3b, 0xc0,
    0x13, 0x74, 0x4c, 0x6b, 0xf2, 0x55, 0xf5, 0xcc, 0x0e, 0xe5};
static const uint8_t ed_case_pub[32] = {
    0x27, 0x81, 0x17, 0xfc, 0x14, 0x4c, 0x72, 0x34, 0x0f, 0x67, 0xd0,
    0xf2, 0x31, 0x6e, 0x83, 0x86, 0xce, 0xff, 0xbf, 0x2b, 0x24, 0x28,
    0xc9, 0xc5, 0x1f, 0xef, 0x7c, 0x59, 0x7f, 0x1d, 0x42, 0x6e};

/* Signature of ed_case_msg under ed_case_priv: computed by OpenSSL 3
 * (pkeyutl -sign, Ed25519) at generation; re-checked by test_ed25519. */
static const uint8_t ed_case_expected_sig[64] = {
    0xb6, 0x3f, 0xfa, 0x8b, 0x6f, 0x9e, 0x8e, 0x41, 0xf5, 0x00, 0x0a,
    0x82, 0x1c, 0xa8, 0x8a, 0x80, 0x6f, 0x77, 0x86, 0xa2, 0x52, 0xbe,
    0x80, 0xdc, 0x2a, 0xfa, 0x4c, 0x0c, 0xfa, 0xc5, 0xf2, 0x3f, 0x7d,
    0x84, 0xa0, 0x65, 0x49, 0x68, 0xa5, 0xf2, 0x67, 0xf8, 0x95, 0x1e,
    0x15, 0xac, 0xf6, 0xb0, 0xcc, 0xe0, 0x39, 0x74, 0x0e, 0xd3, 0xdf,
    0xbf, 0x77, 0xe1, 0x47, 0x6a, 0x6a, 0xd3, 0xbd, 0x0c};

static uint8_t ed_case_msg[ED_CASE_MSG_LEN];
static uint8_t ed_case_sig[64];
static int ed_case_verdict;

typedef struct {
    int sign; /* 1: sign, 0: verify */
    ed25519_variant variant;
} ed_case_arg;

/* Message bytes: the top byte of successive xorshift32 states (Marsaglia,
 * "Xorshift RNGs", 2003, shifts 13/17/5) from seed 0x0ed25519. */
static void ed_case_make_message(void)
{
    uint32_t x = 0x0ed25519u;

    for (int i = 0; i < ED_CASE_MSG_LEN; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        ed_case_msg[i] = (uint8_t)(x >> 24);
    }
}

static int ed_case_setup(const bench_case_t *c)
{
    const ed_case_arg *a = c->arg;

    ed_case_make_message();
    if (a->sign)
        memset(ed_case_sig, 0, sizeof(ed_case_sig));
    else
        memcpy(ed_case_sig, ed_case_expected_sig, sizeof(ed_case_sig));
    ed_case_verdict = -1;
    return 0;
}

static int ed_case_run_sign(const bench_case_t *c)
{
    const ed_case_arg *a = c->arg;

    ed25519_sign(ed_case_sig, ed_case_msg, ED_CASE_MSG_LEN, ed_case_priv,
                 ed_case_pub, &a->variant);
    return 0;
}

static int ed_case_run_verify(const bench_case_t *c)
{
    const ed_case_arg *a = c->arg;

    ed_case_verdict = ed25519_verify(ed_case_sig, ed_case_msg, ED_CASE_MSG_LEN,
                                     ed_case_pub, &a->variant);
    return 0;
}

static int ed_case_check_sign(const bench_case_t *c)
{
    (void)c;
    return memcmp(ed_case_sig, ed_case_expected_sig, 64) != 0;
}

static int ed_case_check_verify(const bench_case_t *c)
{
    (void)c;
    return ed_case_verdict != 0;
}

#define ED_SMALL ED25519_ARITH_SMALL
#define ED_FAST ED25519_ARITH_FAST
#define ED_LOW ED25519_PRECOMP_LOW
#define ED_HIGH ED25519_PRECOMP_HIGH

static const ed_case_arg ed_sign_small_low = {1, {ED_SMALL, ED_LOW}};
static const ed_case_arg ed_sign_small_high = {1, {ED_SMALL, ED_HIGH}};
static const ed_case_arg ed_sign_fast_low = {1, {ED_FAST, ED_LOW}};
static const ed_case_arg ed_sign_fast_high = {1, {ED_FAST, ED_HIGH}};
static const ed_case_arg ed_verify_small_low = {0, {ED_SMALL, ED_LOW}};
static const ed_case_arg ed_verify_small_high = {0, {ED_SMALL, ED_HIGH}};
static const ed_case_arg ed_verify_fast_low = {0, {ED_FAST, ED_LOW}};
static const ed_case_arg ed_verify_fast_high = {0, {ED_FAST, ED_HIGH}};

#define ED_SIGN_CASE(ident, name, row, params, arg)                            \
    BENCH_CASE(ident, name, row, params, ed_case_setup, ed_case_run_sign,      \
               ed_case_check_sign, &arg)
#define ED_VERIFY_CASE(ident, name, row, params, arg)                          \
    BENCH_CASE(ident, name, row, params, ed_case_setup, ed_case_run_verify,    \
               ed_case_check_verify, &arg)

ED_SIGN_CASE(ed25519_case_sign_small_low, "ed25519-sign/small/low/1023",
             "eddsa/ed25519/sign/small/optlow",
             "op=sign;arith=small;precomp=low;msg=1023", ed_sign_small_low);
ED_SIGN_CASE(ed25519_case_sign_small_high, "ed25519-sign/small/high/1023",
             "eddsa/ed25519/sign/small/opthigh",
             "op=sign;arith=small;precomp=high;msg=1023", ed_sign_small_high);
ED_SIGN_CASE(ed25519_case_sign_fast_low, "ed25519-sign/fast/low/1023",
             "eddsa/ed25519/sign/superfast/optlow",
             "op=sign;arith=fast;precomp=low;msg=1023", ed_sign_fast_low);
ED_SIGN_CASE(ed25519_case_sign_fast_high, "ed25519-sign/fast/high/1023",
             "eddsa/ed25519/sign/superfast/opthigh",
             "op=sign;arith=fast;precomp=high;msg=1023", ed_sign_fast_high);
ED_VERIFY_CASE(ed25519_case_verify_small_low, "ed25519-verify/small/low/1023",
               "eddsa/ed25519/verify/small/optlow",
               "op=verify;arith=small;precomp=low;msg=1023",
               ed_verify_small_low);
ED_VERIFY_CASE(ed25519_case_verify_small_high, "ed25519-verify/small/high/1023",
               "eddsa/ed25519/verify/small/opthigh",
               "op=verify;arith=small;precomp=high;msg=1023",
               ed_verify_small_high);
ED_VERIFY_CASE(ed25519_case_verify_fast_low, "ed25519-verify/fast/low/1023",
               "eddsa/ed25519/verify/superfast/optlow",
               "op=verify;arith=fast;precomp=low;msg=1023",
               ed_verify_fast_low);
ED_VERIFY_CASE(ed25519_case_verify_fast_high, "ed25519-verify/fast/high/1023",
               "eddsa/ed25519/verify/superfast/opthigh",
               "op=verify;arith=fast;precomp=high;msg=1023",
               ed_verify_fast_high);
