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

static const ecdsa_case_data ecdsa_p256_data = {
    ECDSA_P256, 32u, ecdsa_p256_priv, ecdsa_p256_pub, ecdsa_p256_digest, ecdsa_p256_nonce,
    ecdsa_p256_sig,
};
static const ecdsa_case_data ecdsa_p384_data = {
    ECDSA_P384, 48u, ecdsa_p384_priv, ecdsa_p384_pub, ecdsa_p384_digest, ecdsa_p384_nonce,
    ecdsa_p384_sig,
};

typedef struct {
    const ecdsa_case_data *data;
    ecdsa_config config;
} ecdsa_case_arg;

/* Not yet run: check() fails until run() stores a result. */
#define ECDSA_CASE_NOT_RUN (-100)

static uint8_t ecdsa_sig_out[2u * ECDSA_MAX_BYTES];
static int ecdsa_status = ECDSA_CASE_NOT_RUN;

static int ecdsa_case_setup(const bench_case_t *c)
{
    (void)c;
    memset(ecdsa_sig_out, 0, sizeof ecdsa_sig_out);
    ecdsa_status = ECDSA_CASE_NOT_RUN;
    return 0;
}

static int ecdsa_sign_run(const bench_case_t *c)
{
    const ecdsa_case_arg *a = c->arg;
    const ecdsa_case_data *d = a->data;

    ecdsa_status = ecdsa_sign(&a->config, d->priv, d->digest, d->bytes, d->nonce, ecdsa_sig_out);
    return ecdsa_status != ECDSA_OK;
}

static int ecdsa_sign_check(const bench_case_t *c)
{
    const ecdsa_case_data *d = ((const ecdsa_case_arg *)c->arg)->data;

    return ecdsa_status != ECDSA_OK || memcmp(ecdsa_sig_out, d->sig, 2u * d->bytes) != 0;
}

/* The verdict is the result: run() succeeds either way, check() wants "valid". */
static int ecdsa_verify_run(const bench_case_t *c)
{
    const ecdsa_case_arg *a = c->arg;
    const ecdsa_case_data *d = a->data;

    ecdsa_status = ecdsa_verify(&a->config, d->pub, d->digest, d->bytes, d->sig);
    return 0;
}

static int ecdsa_verify_check(const bench_case_t *c)
{
    (void)c;
    return ecdsa_status != ECDSA_OK;
}

/* One case: name uses the implementation's variant names, row the table's. */
#define ECDSA_CASE(curve, CURVE, hash, op, arith, ARITH, row_arith, mem, MEM)                      \
    static const ecdsa_case_arg ecdsa_arg_##curve##_##op##_##arith##_##mem = {                     \
        &ecdsa_##curve##_data, {CURVE, ARITH, MEM}};                                               \
    BENCH_CASE(ecdsa_case_##curve##_##op##_##arith##_##mem,                                        \
               "ecdsa/" #curve "/" #op "/" #arith "/" #mem,                                        \
               "ecdsa/" #curve "/" #op "/" #row_arith "/" #mem,                                    \
               "curve=" #curve ";hash=" #hash ";arith=" #arith ";mem=" #mem, ecdsa_case_setup,     \
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
