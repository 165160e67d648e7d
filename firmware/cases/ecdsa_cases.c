/* SPDX-License-Identifier: MIT */
/*
 * ecdsa_cases.c - ECDSA benchmark cases (rows ecdsa/<p256|p384>/<sign|verify>/
 * <arith>/<low|high> of docs/row-keys.md): signature generation and
 * verification of a fixed digest with a fixed key, for each arithmetic
 * variant (small = generic Montgomery, fast = NIST reduction; the P-256 fast
 * case carries the "superfast" row key) and memory variant (low = no
 * precomputed table, high = comb table in flash).
 *
 * Inputs are RFC 6979's examples with the message "sample": Appendix A.2.5
 * (P-256, SHA-256) and A.2.6 (P-384, SHA-384): private key x, public key
 * (Ux, Uy), the nonce k and the signature (r, s) printed there; the digest
 * is SHA-256 / SHA-384 of "sample".  test_ecdsa re-checks every constant
 * with OpenSSL 3 (EVP SHA-2, EC_POINT_mul, BN, EVP_PKEY_verify).
 *
 * Random inputs (bench_input_seed != 0): setup() draws the private key
 * (again until it lies in [1, n-1]), derives the public key, and draws the
 * digest and the nonce; a sign case's check() verifies the signature
 * (untimed), a verify case's setup() signs and its check() also wants a
 * signature with one flipped bit rejected.
 *
 * The ECDSA code works on the stack only (no working buffer): no
 * bench_note_workbuf().
 */
#include <stdint.h>
#include <string.h>

#include "bench.h"
#include "../crypto/ecdsa.h"

#define ECDSA_CASE_MESSAGE "sample"

#include "ecdsa_known.h"

typedef struct {
    ecdsa_curve_id curve;
    uint32_t bytes;
    const uint8_t *priv, *pub, *digest, *nonce, *sig;
} ecdsa_case_data;

static const ecdsa_case_data ecdsa_p256_data BENCH_IO_CONST = {
    ECDSA_P256, 32u, ecdsa_p256_priv, ecdsa_p256_pub, ecdsa_p256_digest, ecdsa_p256_nonce,
    ecdsa_p256_sig,
};
static const ecdsa_case_data ecdsa_p384_data BENCH_IO_CONST = {
    ECDSA_P384, 48u, ecdsa_p384_priv, ecdsa_p384_pub, ecdsa_p384_digest, ecdsa_p384_nonce,
    ecdsa_p384_sig,
};

typedef struct {
    const ecdsa_case_data *data;
    ecdsa_config config;
} ecdsa_case_arg;

/* Not yet run: check() fails until run() stores a result. */
#define ECDSA_CASE_NOT_RUN (-100)

static uint8_t ecdsa_sig_out[2u * ECDSA_MAX_BYTES] BENCH_IO;
static int ecdsa_status BENCH_IO;

/* Random inputs, and the inputs run() uses: the known ones or these. */
static struct {
    uint8_t priv[ECDSA_MAX_BYTES], pub[2u * ECDSA_MAX_BYTES];
    uint8_t digest[ECDSA_MAX_BYTES], nonce[ECDSA_MAX_BYTES], sig[2u * ECDSA_MAX_BYTES];
} ecdsa_random_in BENCH_IO;
static ecdsa_case_data ecdsa_in BENCH_IO;

/* Random inputs for the case's curve; a verify case also gets its signature. */
static int ecdsa_random_inputs(const ecdsa_case_arg *a, int sign_too)
{
    uint32_t n = a->data->bytes;

    do
        bench_random(ecdsa_random_in.priv, n);
    while (ecdsa_public_key(&a->config, ecdsa_random_in.priv, ecdsa_random_in.pub) != ECDSA_OK);
    bench_random(ecdsa_random_in.digest, n);
    bench_random(ecdsa_random_in.nonce, n);
    ecdsa_in.curve = a->data->curve;
    ecdsa_in.bytes = n;
    ecdsa_in.priv = ecdsa_random_in.priv;
    ecdsa_in.pub = ecdsa_random_in.pub;
    ecdsa_in.digest = ecdsa_random_in.digest;
    ecdsa_in.nonce = ecdsa_random_in.nonce;
    ecdsa_in.sig = ecdsa_random_in.sig;
    if (!sign_too)
        return 0;
    return ecdsa_sign(&a->config, ecdsa_random_in.priv, ecdsa_random_in.digest, n,
                      ecdsa_random_in.nonce, ecdsa_random_in.sig) != ECDSA_OK;
}

static int ecdsa_setup(const bench_case_t *c, int verify_case)
{
    const ecdsa_case_arg *a = c->arg;

    memset(ecdsa_sig_out, 0, sizeof ecdsa_sig_out);
    ecdsa_status = ECDSA_CASE_NOT_RUN;
    if (bench_random_begin(c))
        return ecdsa_random_inputs(a, verify_case);
    ecdsa_in = *a->data;
    return 0;
}

static int ecdsa_sign_setup(const bench_case_t *c)
{
    return ecdsa_setup(c, 0);
}

static int ecdsa_verify_setup(const bench_case_t *c)
{
    return ecdsa_setup(c, 1);
}

static int ecdsa_sign_run(const bench_case_t *c)
{
    const ecdsa_case_arg *a = c->arg;

    ecdsa_status = ecdsa_sign(&a->config, ecdsa_in.priv, ecdsa_in.digest, ecdsa_in.bytes,
                              ecdsa_in.nonce, ecdsa_sig_out);
    return ecdsa_status != ECDSA_OK;
}

/* Known answer: RFC 6979's signature; random inputs: the signature verifies. */
static int ecdsa_sign_check(const bench_case_t *c)
{
    const ecdsa_case_arg *a = c->arg;

    if (ecdsa_status != ECDSA_OK)
        return 1;
    if (bench_input_seed != 0)
        return ecdsa_verify(&a->config, ecdsa_in.pub, ecdsa_in.digest, ecdsa_in.bytes,
                            ecdsa_sig_out) != ECDSA_OK;
    return memcmp(ecdsa_sig_out, a->data->sig, 2u * a->data->bytes) != 0;
}

/* The verdict is the result: run() succeeds either way, check() wants "valid". */
static int ecdsa_verify_run(const bench_case_t *c)
{
    const ecdsa_case_arg *a = c->arg;

    ecdsa_status = ecdsa_verify(&a->config, ecdsa_in.pub, ecdsa_in.digest, ecdsa_in.bytes,
                                ecdsa_in.sig);
    return 0;
}

/* "Valid"; with random inputs, the signature with one bit of s flipped must
 * also be rejected. */
static int ecdsa_verify_check(const bench_case_t *c)
{
    const ecdsa_case_arg *a = c->arg;
    int tampered;

    if (ecdsa_status != ECDSA_OK)
        return 1;
    if (bench_input_seed == 0)
        return 0;
    ecdsa_random_in.sig[2u * ecdsa_in.bytes - 1u] ^= 0x01;
    tampered = ecdsa_verify(&a->config, ecdsa_in.pub, ecdsa_in.digest, ecdsa_in.bytes,
                            ecdsa_random_in.sig);
    ecdsa_random_in.sig[2u * ecdsa_in.bytes - 1u] ^= 0x01;
    return tampered == ECDSA_OK;
}

/* One case: name uses the implementation's variant names, row the table's. */
#define ECDSA_CASE(curve, CURVE, hash, op, arith, ARITH, row_arith, mem, MEM)                      \
    static const ecdsa_case_arg ecdsa_arg_##curve##_##op##_##arith##_##mem BENCH_IO_CONST = {      \
        &ecdsa_##curve##_data, {CURVE, ARITH, MEM}};                                               \
    BENCH_CASE(ecdsa_case_##curve##_##op##_##arith##_##mem,                                        \
               "ecdsa/" #curve "/" #op "/" #arith "/" #mem,                                        \
               "ecdsa/" #curve "/" #op "/" #row_arith "/" #mem,                                    \
               "curve=" #curve ";hash=" #hash ";arith=" #arith ";mem=" #mem, ecdsa_##op##_setup,  \
               ecdsa_##op##_run, ecdsa_##op##_check, &ecdsa_arg_##curve##_##op##_##arith##_##mem)

ECDSA_CASE(p256, ECDSA_P256, sha256, sign, small, ECDSA_ARITH_SMALL, small, low, ECDSA_MEM_LOW);
ECDSA_CASE(p256, ECDSA_P256, sha256, sign, small, ECDSA_ARITH_SMALL, small, high, ECDSA_MEM_HIGH);
ECDSA_CASE(p256, ECDSA_P256, sha256, sign, fast, ECDSA_ARITH_FAST, superfast, low, ECDSA_MEM_LOW);
ECDSA_CASE(p256, ECDSA_P256, sha256, sign, fast, ECDSA_ARITH_FAST, superfast, high, ECDSA_MEM_HIGH);
ECDSA_CASE(p256, ECDSA_P256, sha256, verify, small, ECDSA_ARITH_SMALL, small, low, ECDSA_MEM_LOW);
ECDSA_CASE(p256, ECDSA_P256, sha256, verify, small, ECDSA_ARITH_SMALL, small, high, ECDSA_MEM_HIGH);
ECDSA_CASE(p256, ECDSA_P256, sha256, verify, fast, ECDSA_ARITH_FAST, superfast, low, ECDSA_MEM_LOW);
ECDSA_CASE(p256, ECDSA_P256, sha256, verify, fast, ECDSA_ARITH_FAST, superfast, high, ECDSA_MEM_HIGH);
ECDSA_CASE(p384, ECDSA_P384, sha384, sign, small, ECDSA_ARITH_SMALL, small, low, ECDSA_MEM_LOW);
ECDSA_CASE(p384, ECDSA_P384, sha384, sign, small, ECDSA_ARITH_SMALL, small, high, ECDSA_MEM_HIGH);
ECDSA_CASE(p384, ECDSA_P384, sha384, sign, fast, ECDSA_ARITH_FAST, fast, low, ECDSA_MEM_LOW);
ECDSA_CASE(p384, ECDSA_P384, sha384, sign, fast, ECDSA_ARITH_FAST, fast, high, ECDSA_MEM_HIGH);
ECDSA_CASE(p384, ECDSA_P384, sha384, verify, small, ECDSA_ARITH_SMALL, small, low, ECDSA_MEM_LOW);
ECDSA_CASE(p384, ECDSA_P384, sha384, verify, small, ECDSA_ARITH_SMALL, small, high, ECDSA_MEM_HIGH);
ECDSA_CASE(p384, ECDSA_P384, sha384, verify, fast, ECDSA_ARITH_FAST, fast, low, ECDSA_MEM_LOW);
ECDSA_CASE(p384, ECDSA_P384, sha384, verify, fast, ECDSA_ARITH_FAST, fast, high, ECDSA_MEM_HIGH);
