/* SPDX-License-Identifier: MIT */
/*
 * ed25519_cases.c - benchmark cases of the Ed25519 table: sign and verify a
 * 1023-byte message, for the arithmetic variants Small and SuperFast (open
 * "fast") and the precomputation options OptLow and OptHigh.
 *
 * Sign uses the key pair of RFC 8032 section 7.1 TEST 1024 with the public
 * key passed in (the common 64-byte "seed || public key" private key), so
 * the timed region is the signature alone: SHA-512 of the seed, two SHA-512
 * passes over the message, one [r]B, its encoding and the scalar arithmetic.
 * Verify checks that signature.  Inputs and known answer: ed25519_known.h.
 *
 * Random inputs (bench_input_seed != 0): setup() draws the secret key and
 * the message and derives the public key (untimed); a sign case's check()
 * verifies the signature, a verify case's setup() signs and its check() also
 * wants a signature with one flipped bit rejected.
 */
#include "bench.h"
#include "ed25519.h"

#include <string.h>

#include "ed25519_known.h"

static uint8_t ed_case_msg[ED25519_MSG_LEN] BENCH_IO;
static uint8_t ed_case_sig[64] BENCH_IO;
static int ed_case_verdict BENCH_IO;

/* Random inputs, and the key run() uses: the known one or these. */
static uint8_t ed_case_random_priv[32] BENCH_IO, ed_case_random_pub[32] BENCH_IO;
static const uint8_t *ed_case_priv BENCH_IO, *ed_case_pub BENCH_IO;

typedef struct {
    int sign; /* 1: sign, 0: verify */
    ed25519_variant variant;
} ed_case_arg;

static int ed_case_setup(const bench_case_t *c)
{
    const ed_case_arg *a = c->arg;

    ed_case_verdict = -1;
    if (bench_random_begin(c)) {
        bench_random(ed_case_random_priv, sizeof ed_case_random_priv);
        bench_random(ed_case_msg, sizeof ed_case_msg);
        ed25519_public_key(ed_case_random_pub, ed_case_random_priv, &a->variant);
        ed_case_priv = ed_case_random_priv;
        ed_case_pub = ed_case_random_pub;
        memset(ed_case_sig, 0, sizeof(ed_case_sig));
        if (!a->sign)
            ed25519_sign(ed_case_sig, ed_case_msg, ED25519_MSG_LEN, ed_case_priv, ed_case_pub,
                         &a->variant);
        return 0;
    }
    ed25519_known_message(ed_case_msg);
    ed_case_priv = ed25519_priv;
    ed_case_pub = ed25519_pub;
    if (a->sign)
        memset(ed_case_sig, 0, sizeof(ed_case_sig));
    else
        memcpy(ed_case_sig, ed25519_expected_sig, sizeof(ed_case_sig));
    return 0;
}

static int ed_case_run_sign(const bench_case_t *c)
{
    const ed_case_arg *a = c->arg;

    ed25519_sign(ed_case_sig, ed_case_msg, ED25519_MSG_LEN, ed_case_priv,
                 ed_case_pub, &a->variant);
    return 0;
}

static int ed_case_run_verify(const bench_case_t *c)
{
    const ed_case_arg *a = c->arg;

    ed_case_verdict = ed25519_verify(ed_case_sig, ed_case_msg, ED25519_MSG_LEN,
                                     ed_case_pub, &a->variant);
    return 0;
}

/* Known answer: RFC 8032's deterministic signature; random inputs: the
 * signature verifies (untimed). */
static int ed_case_check_sign(const bench_case_t *c)
{
    const ed_case_arg *a = c->arg;

    if (bench_input_seed != 0)
        return ed25519_verify(ed_case_sig, ed_case_msg, ED25519_MSG_LEN, ed_case_pub,
                              &a->variant) != 0;
    return memcmp(ed_case_sig, ed25519_expected_sig, 64) != 0;
}

/* "Valid"; with random inputs, the signature with one bit of S flipped must
 * also be rejected. */
static int ed_case_check_verify(const bench_case_t *c)
{
    const ed_case_arg *a = c->arg;
    int tampered;

    if (ed_case_verdict != 0)
        return 1;
    if (bench_input_seed == 0)
        return 0;
    ed_case_sig[40] ^= 0x01;
    tampered = ed25519_verify(ed_case_sig, ed_case_msg, ED25519_MSG_LEN, ed_case_pub,
                              &a->variant);
    ed_case_sig[40] ^= 0x01;
    return tampered == 0;
}

#define ED_SMALL ED25519_ARITH_SMALL
#define ED_FAST ED25519_ARITH_FAST
#define ED_LOW ED25519_PRECOMP_LOW
#define ED_HIGH ED25519_PRECOMP_HIGH

static const ed_case_arg ed_sign_small_low BENCH_IO_CONST = {1, {ED_SMALL, ED_LOW}};
static const ed_case_arg ed_sign_small_high BENCH_IO_CONST = {1, {ED_SMALL, ED_HIGH}};
static const ed_case_arg ed_sign_fast_low BENCH_IO_CONST = {1, {ED_FAST, ED_LOW}};
static const ed_case_arg ed_sign_fast_high BENCH_IO_CONST = {1, {ED_FAST, ED_HIGH}};
static const ed_case_arg ed_verify_small_low BENCH_IO_CONST = {0, {ED_SMALL, ED_LOW}};
static const ed_case_arg ed_verify_small_high BENCH_IO_CONST = {0, {ED_SMALL, ED_HIGH}};
static const ed_case_arg ed_verify_fast_low BENCH_IO_CONST = {0, {ED_FAST, ED_LOW}};
static const ed_case_arg ed_verify_fast_high BENCH_IO_CONST = {0, {ED_FAST, ED_HIGH}};

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
