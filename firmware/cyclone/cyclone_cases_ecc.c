/* SPDX-License-Identifier: MIT */
/*
 * cyclone_cases_ecc.c - CycloneCRYPTO's elliptic-curve rows of Oryx's STM32U0
 * page: ECDSA (secp256r1/384r1/521r1, brainpoolP256r1/384r1/512r1), SM2,
 * EdDSA (Ed25519, Ed448) sign and verify; ECDH on the same Weierstrass curves
 * and SM2, X25519, X448: key-pair generation and shared secret.
 *
 * Timed: one library call.  ECDSA signs and verifies a digest computed in
 * setup() (SHA-256, SHA-384 or SHA-512 by curve size); SM2 and EdDSA sign and
 * verify a 32-byte message (SM2: SM3, the default 16-byte identity, Za
 * included, as the library computes it per call).  The random values come
 * from cy_prng, a deterministic xorshift generator (benchmark inputs only,
 * never keys that protect anything); it costs a few cycles per byte drawn.
 * Checks, by self-consistency: a signature verifies and the same signature
 * over a changed digest or message is rejected; a verify case accepts (run())
 * and rejects a changed input (check()); ECDH, both parties' shared secrets
 * agree.
 */
#include <string.h>

#include "core/crypto.h"
#include "ecc/ec.h"
#include "ecc/ec_curves.h"
#include "ecc/ecdh.h"
#include "ecc/ecdsa.h"
#include "ecc/ed25519.h"
#include "ecc/ed448.h"
#include "ecc/sm2.h"
#include "hash/hash_algorithms.h"

#include "cyclone_os.h"

enum { K_ECDSA_SIGN, K_ECDSA_VERIFY, K_SM2_SIGN, K_SM2_VERIFY, K_ED_SIGN, K_ED_VERIFY, K_KEYGEN, K_SHARED };

typedef struct {
    uint8_t kind;
    const EcCurve *curve;   /* Weierstrass/Montgomery curves; NULL for EdDSA */
    const HashAlgo *hash;   /* ECDSA digest; NULL otherwise */
    uint8_t ed448;          /* EdDSA: Ed448 rather than Ed25519 */
} cy_ecc_arg;

static const char cy_sm2_id[] = "1234567812345678";

static EcPrivateKey cy_key BENCH_IO;
static EcdsaSignature cy_sig BENCH_IO;
static EcdhContext cy_dh_a BENCH_IO, cy_dh_b BENCH_IO;
static uint8_t cy_ed_priv[ED448_PRIVATE_KEY_LEN] BENCH_IO;
static uint8_t cy_ed_pub[ED448_PUBLIC_KEY_LEN] BENCH_IO;
static uint8_t cy_ed_sig[ED448_SIGNATURE_LEN] BENCH_IO;
static uint8_t cy_ecc_msg[32] BENCH_IO;
static uint8_t cy_digest[64] BENCH_IO;
static uint8_t cy_secret_a[66] BENCH_IO, cy_secret_b[66] BENCH_IO;
static size_t cy_secret_len BENCH_IO;

static int cy_ecdsa_verify(const cy_ecc_arg *a)
{
    return ecdsaVerifySignature(&cy_key.q, cy_digest, a->hash->digestSize, &cy_sig);
}

static int cy_sm2_verify(void)
{
    return sm2VerifySignature(&cy_key.q, SM3_HASH_ALGO, cy_sm2_id, 16, cy_ecc_msg, sizeof cy_ecc_msg, &cy_sig);
}

static int cy_ed_verify(const cy_ecc_arg *a)
{
    return a->ed448 ? ed448VerifySignature(cy_ed_pub, cy_ecc_msg, sizeof cy_ecc_msg, NULL, 0, 0, cy_ed_sig)
                    : ed25519VerifySignature(cy_ed_pub, cy_ecc_msg, sizeof cy_ecc_msg, NULL, 0, 0, cy_ed_sig);
}

static int cy_ed_sign(const cy_ecc_arg *a)
{
    return a->ed448 ? ed448GenerateSignature(cy_ed_priv, cy_ed_pub, cy_ecc_msg, sizeof cy_ecc_msg, NULL, 0, 0,
                                             cy_ed_sig)
                    : ed25519GenerateSignature(cy_ed_priv, cy_ed_pub, cy_ecc_msg, sizeof cy_ecc_msg, NULL, 0, 0,
                                               cy_ed_sig);
}

static int cy_ecdsa_sign(const cy_ecc_arg *a)
{
    return ecdsaGenerateSignature(CY_PRNG_ALGO, &cy_prng, &cy_key, cy_digest, a->hash->digestSize, &cy_sig);
}

static int cy_sm2_sign(void)
{
    return sm2GenerateSignature(CY_PRNG_ALGO, &cy_prng, &cy_key, SM3_HASH_ALGO, cy_sm2_id, 16, cy_ecc_msg,
                                sizeof cy_ecc_msg, &cy_sig);
}

/* Both parties' key pairs; a holds b's public key as its peer's. */
static int cy_dh_pair(const cy_ecc_arg *a)
{
    ecdhInit(&cy_dh_a);
    ecdhInit(&cy_dh_b);
    if (ecdhSetCurve(&cy_dh_a, a->curve) || ecdhSetCurve(&cy_dh_b, a->curve) ||
        ecdhGenerateKeyPair(&cy_dh_a, CY_PRNG_ALGO, &cy_prng) ||
        ecdhGenerateKeyPair(&cy_dh_b, CY_PRNG_ALGO, &cy_prng)) {
        return 1;
    }
    cy_dh_a.qb = cy_dh_b.da.q;
    cy_dh_b.qb = cy_dh_a.da.q;
    return 0;
}

static int cy_ecc_setup(const bench_case_t *c)
{
    const cy_ecc_arg *a = c->arg;
    cy_prng_start(c);
    cy_prng_fill(cy_ecc_msg, sizeof cy_ecc_msg);
    switch (a->kind) {
    case K_ECDSA_SIGN:
    case K_ECDSA_VERIFY:
    case K_SM2_SIGN:
    case K_SM2_VERIFY:
        ecInitPrivateKey(&cy_key);
        ecdsaInitSignature(&cy_sig);
        if (ecGeneratePrivateKey(CY_PRNG_ALGO, &cy_prng, a->curve, &cy_key) ||
            ecGeneratePublicKey(&cy_key, &cy_key.q)) {
            return 1;
        }
        if (a->hash) {
            a->hash->compute(cy_ecc_msg, sizeof cy_ecc_msg, cy_digest);
        }
        if (a->kind == K_ECDSA_VERIFY) {
            return cy_ecdsa_sign(a) != NO_ERROR;
        }
        return a->kind == K_SM2_VERIFY ? cy_sm2_sign() != NO_ERROR : 0;
    case K_ED_SIGN:
    case K_ED_VERIFY:
        if ((a->ed448 ? ed448GenerateKeyPair(CY_PRNG_ALGO, &cy_prng, cy_ed_priv, cy_ed_pub)
                      : ed25519GenerateKeyPair(CY_PRNG_ALGO, &cy_prng, cy_ed_priv, cy_ed_pub)) != NO_ERROR) {
            return 1;
        }
        return a->kind == K_ED_VERIFY ? cy_ed_sign(a) != NO_ERROR : 0;
    case K_KEYGEN:
        ecdhInit(&cy_dh_a);
        return ecdhSetCurve(&cy_dh_a, a->curve) != NO_ERROR;
    default:
        return cy_dh_pair(a);
    }
}

static int cy_ecc_run(const bench_case_t *c)
{
    const cy_ecc_arg *a = c->arg;
    switch (a->kind) {
    case K_ECDSA_SIGN: return cy_ecdsa_sign(a) != NO_ERROR;
    case K_ECDSA_VERIFY: return cy_ecdsa_verify(a) != NO_ERROR;
    case K_SM2_SIGN: return cy_sm2_sign() != NO_ERROR;
    case K_SM2_VERIFY: return cy_sm2_verify() != NO_ERROR;
    case K_ED_SIGN: return cy_ed_sign(a) != NO_ERROR;
    case K_ED_VERIFY: return cy_ed_verify(a) != NO_ERROR;
    case K_KEYGEN: return ecdhGenerateKeyPair(&cy_dh_a, CY_PRNG_ALGO, &cy_prng) != NO_ERROR;
    default: return ecdhComputeSharedSecret(&cy_dh_a, cy_secret_a, sizeof cy_secret_a, &cy_secret_len) != NO_ERROR;
    }
}

static int cy_ecc_check(const bench_case_t *c)
{
    const cy_ecc_arg *a = c->arg;
    size_t nb = 0;
    switch (a->kind) {
    case K_ECDSA_SIGN:
    case K_ECDSA_VERIFY:
        if (cy_ecdsa_verify(a) != NO_ERROR) {
            return 1;
        }
        cy_digest[0] ^= 1;
        return cy_ecdsa_verify(a) == NO_ERROR;
    case K_SM2_SIGN:
    case K_SM2_VERIFY:
        if (cy_sm2_verify() != NO_ERROR) {
            return 1;
        }
        cy_ecc_msg[0] ^= 1;
        return cy_sm2_verify() == NO_ERROR;
    case K_ED_SIGN:
    case K_ED_VERIFY:
        if (cy_ed_verify(a) != NO_ERROR) {
            return 1;
        }
        cy_ecc_msg[0] ^= 1;
        return cy_ed_verify(a) == NO_ERROR;
    case K_KEYGEN: /* the new key pair agrees with a second party */
        ecdhInit(&cy_dh_b);
        if (ecdhSetCurve(&cy_dh_b, a->curve) || ecdhGenerateKeyPair(&cy_dh_b, CY_PRNG_ALGO, &cy_prng)) {
            return 1;
        }
        cy_dh_a.qb = cy_dh_b.da.q;
        cy_dh_b.qb = cy_dh_a.da.q;
        if (ecdhComputeSharedSecret(&cy_dh_a, cy_secret_a, sizeof cy_secret_a, &cy_secret_len)) {
            return 1;
        }
        __attribute__((fallthrough)); /* compare with b's */
    default:
        if (ecdhComputeSharedSecret(&cy_dh_b, cy_secret_b, sizeof cy_secret_b, &nb)) {
            return 1;
        }
        return nb != cy_secret_len || memcmp(cy_secret_a, cy_secret_b, nb) != 0;
    }
}

#define CY_ECC(id, row, op, kind, curve, hash, ed448)                                                 \
    static const cy_ecc_arg id##_##op##_arg BENCH_IO_CONST = {kind, curve, hash, ed448};              \
    BENCH_CASE(id##_##op, "cyclone/" row "/" #op "/sw", "oryx/" row "/" #op "/sw", "", cy_ecc_setup, \
               cy_ecc_run, cy_ecc_check, &id##_##op##_arg)

#define CY_ECDSA(id, row, curve, hash)                                                                \
    CY_ECC(id, row, sign, K_ECDSA_SIGN, curve, hash, 0);                                              \
    CY_ECC(id, row, verify, K_ECDSA_VERIFY, curve, hash, 0)
#define CY_ECDH(id, row, curve)                                                                       \
    CY_ECC(id, row, keygen, K_KEYGEN, curve, NULL, 0);                                                \
    CY_ECC(id, row, shared, K_SHARED, curve, NULL, 0)

CY_ECDSA(cy_ecdsa_p256, "ecdsa-secp256r1", SECP256R1_CURVE, SHA256_HASH_ALGO);
CY_ECDSA(cy_ecdsa_p384, "ecdsa-secp384r1", SECP384R1_CURVE, SHA384_HASH_ALGO);
CY_ECDSA(cy_ecdsa_p521, "ecdsa-secp521r1", SECP521R1_CURVE, SHA512_HASH_ALGO);
CY_ECDSA(cy_ecdsa_bp256, "ecdsa-brainpoolp256r1", BRAINPOOLP256R1_CURVE, SHA256_HASH_ALGO);
CY_ECDSA(cy_ecdsa_bp384, "ecdsa-brainpoolp384r1", BRAINPOOLP384R1_CURVE, SHA384_HASH_ALGO);
CY_ECDSA(cy_ecdsa_bp512, "ecdsa-brainpoolp512r1", BRAINPOOLP512R1_CURVE, SHA512_HASH_ALGO);
CY_ECC(cy_sm2sig, "sm2", sign, K_SM2_SIGN, SM2_CURVE, NULL, 0);
CY_ECC(cy_sm2sig, "sm2", verify, K_SM2_VERIFY, SM2_CURVE, NULL, 0);
CY_ECC(cy_ed25519, "ed25519", sign, K_ED_SIGN, NULL, NULL, 0);
CY_ECC(cy_ed25519, "ed25519", verify, K_ED_VERIFY, NULL, NULL, 0);
CY_ECC(cy_ed448, "ed448", sign, K_ED_SIGN, NULL, NULL, 1);
CY_ECC(cy_ed448, "ed448", verify, K_ED_VERIFY, NULL, NULL, 1);
CY_ECDH(cy_ecdh_p256, "ecdh-secp256r1", SECP256R1_CURVE);
CY_ECDH(cy_ecdh_p384, "ecdh-secp384r1", SECP384R1_CURVE);
CY_ECDH(cy_ecdh_p521, "ecdh-secp521r1", SECP521R1_CURVE);
CY_ECDH(cy_ecdh_bp256, "ecdh-brainpoolp256r1", BRAINPOOLP256R1_CURVE);
CY_ECDH(cy_ecdh_bp384, "ecdh-brainpoolp384r1", BRAINPOOLP384R1_CURVE);
CY_ECDH(cy_ecdh_bp512, "ecdh-brainpoolp512r1", BRAINPOOLP512R1_CURVE);
CY_ECDH(cy_ecdh_sm2, "ecdh-sm2", SM2_CURVE);
CY_ECDH(cy_x25519, "x25519", X25519_CURVE);
CY_ECDH(cy_x448, "x448", X448_CURVE);
