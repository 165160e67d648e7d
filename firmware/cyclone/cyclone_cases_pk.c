/* SPDX-License-Identifier: MIT */
/*
 * cyclone_cases_pk.c - CycloneCRYPTO's integer public-key rows of Oryx's
 * STM32U0 page: RSA-1024/2048 and DSA-1024/2048 signature generation and
 * verification, Diffie-Hellman 1024 public-key generation and shared secret.
 *
 * Keys and groups: cyclone_pk_keys.h (fixed RSA keys with their CRT fields,
 * DSA L/N = 1024/160 and 2048/256, DH on RFC 2409's 1024-bit group 2, g = 2).
 * Timed: one library call.  RSA: RSASSA-PKCS1-v1_5 over the SHA-256 digest
 * of bytes 0..31 (computed untimed); DSA: the same digest (truncated to N
 * bits by the library); DH: dhGenerateKeyPair (a private value as long as p,
 * as the library draws it, and g^x mod p) or dhComputeSharedSecret.  Random
 * values from cy_prng (cyclone_os.c).  The library's integers live on the
 * heap (cyclone_os.c, CY_HEAP_BYTES): every setup() frees the previous
 * case's.
 * Checks: an RSA signature matches the SHA-256 known answer computed with
 * Python's cryptography package, verifies, and a changed digest is
 * rejected; a DSA signature verifies and a changed digest is rejected (its k
 * is random); DH, both parties' shared secrets agree.
 */
#include <string.h>

#include "core/crypto.h"
#include "hash/sha256.h"
#include "mpi/mpi.h"
#include "pkc/dh.h"
#include "pkc/dsa.h"
#include "pkc/rsa.h"

#include "cyclone_os.h"
#include "cyclone_pk_keys.h"

enum { K_RSA_SIGN, K_RSA_VERIFY, K_DSA_SIGN, K_DSA_VERIFY, K_DH_KEYGEN, K_DH_SHARED };

typedef struct {
    uint8_t kind;
    uint16_t bits;
} cy_pk_arg;

static RsaPrivateKey cy_rsa BENCH_IO;
static RsaPublicKey cy_rsa_pub BENCH_IO;
static DsaPrivateKey cy_dsa BENCH_IO;
static DsaPublicKey cy_dsa_pub BENCH_IO;
static DsaSignature cy_dsa_sig BENCH_IO;
static DhContext cy_dh_a BENCH_IO, cy_dh_b BENCH_IO;
static uint8_t cy_sig[256] BENCH_IO;
static size_t cy_sig_len BENCH_IO;
static uint8_t cy_digest_work[32] BENCH_IO;
static uint8_t cy_secret_a[128] BENCH_IO, cy_secret_b[128] BENCH_IO;
static size_t cy_secret_len BENCH_IO;

static void cy_pk_free(void)
{
    rsaFreePrivateKey(&cy_rsa);
    rsaFreePublicKey(&cy_rsa_pub);
    dsaFreePrivateKey(&cy_dsa);
    dsaFreePublicKey(&cy_dsa_pub);
    dsaFreeSignature(&cy_dsa_sig);
    dhFree(&cy_dh_a);
    dhFree(&cy_dh_b);
}

static int imp(Mpi *r, const uint8_t *b, size_t n) { return mpiImport(r, b, n, MPI_FORMAT_BIG_ENDIAN) != NO_ERROR; }

static int cy_rsa_load(unsigned bits)
{
    int e = 0;
    rsaInitPrivateKey(&cy_rsa);
    rsaInitPublicKey(&cy_rsa_pub);
#define CY_RSA_FIELDS(b)                                                                              \
    e |= imp(&cy_rsa.n, cy_rsa##b##_n, sizeof cy_rsa##b##_n) | imp(&cy_rsa.d, cy_rsa##b##_d, sizeof cy_rsa##b##_d) | \
         imp(&cy_rsa.p, cy_rsa##b##_p, sizeof cy_rsa##b##_p) | imp(&cy_rsa.q, cy_rsa##b##_q, sizeof cy_rsa##b##_q) | \
         imp(&cy_rsa.dp, cy_rsa##b##_dp, sizeof cy_rsa##b##_dp) |                                   \
         imp(&cy_rsa.dq, cy_rsa##b##_dq, sizeof cy_rsa##b##_dq) |                                   \
         imp(&cy_rsa.qinv, cy_rsa##b##_qinv, sizeof cy_rsa##b##_qinv) |                             \
         imp(&cy_rsa_pub.n, cy_rsa##b##_n, sizeof cy_rsa##b##_n)
    if (bits == 1024) {
        CY_RSA_FIELDS(1024);
    } else {
        CY_RSA_FIELDS(2048);
    }
#undef CY_RSA_FIELDS
    e |= mpiSetValue(&cy_rsa.e, 65537) != NO_ERROR;
    e |= mpiSetValue(&cy_rsa_pub.e, 65537) != NO_ERROR;
    return e;
}

static int cy_dsa_load(unsigned bits)
{
    int e = 0;
    dsaInitPrivateKey(&cy_dsa);
    dsaInitPublicKey(&cy_dsa_pub);
    dsaInitSignature(&cy_dsa_sig);
#define CY_DSA_FIELDS(b, key)                                                                         \
    e |= imp(&key.params.p, cy_dsa##b##_p, sizeof cy_dsa##b##_p) |                                  \
         imp(&key.params.q, cy_dsa##b##_q, sizeof cy_dsa##b##_q) |                                  \
         imp(&key.params.g, cy_dsa##b##_g, sizeof cy_dsa##b##_g) | imp(&key.y, cy_dsa##b##_y, sizeof cy_dsa##b##_y)
    if (bits == 1024) {
        CY_DSA_FIELDS(1024, cy_dsa);
        CY_DSA_FIELDS(1024, cy_dsa_pub);
        e |= imp(&cy_dsa.x, cy_dsa1024_x, sizeof cy_dsa1024_x);
    } else {
        CY_DSA_FIELDS(2048, cy_dsa);
        CY_DSA_FIELDS(2048, cy_dsa_pub);
        e |= imp(&cy_dsa.x, cy_dsa2048_x, sizeof cy_dsa2048_x);
    }
#undef CY_DSA_FIELDS
    return e;
}

static int cy_dh_load(DhContext *c)
{
    dhInit(c);
    return imp(&c->params.p, cy_dh1024_p, sizeof cy_dh1024_p) ||
           mpiSetValue(&c->params.g, CY_DH1024_G) != NO_ERROR;
}

static int cy_rsa_sign(void)
{
    return rsassaPkcs1v15Sign(&cy_rsa, SHA256_HASH_ALGO, cy_digest_work, cy_sig, &cy_sig_len) != NO_ERROR;
}

static int cy_rsa_verify(void)
{
    return rsassaPkcs1v15Verify(&cy_rsa_pub, SHA256_HASH_ALGO, cy_digest_work, cy_sig, cy_sig_len) != NO_ERROR;
}

static int cy_dsa_sign(void)
{
    return dsaGenerateSignature(CY_PRNG_ALGO, &cy_prng, &cy_dsa, cy_digest_work, sizeof cy_digest_work,
                                &cy_dsa_sig) != NO_ERROR;
}

static int cy_dsa_verify(void)
{
    return dsaVerifySignature(&cy_dsa_pub, cy_digest_work, sizeof cy_digest_work, &cy_dsa_sig) != NO_ERROR;
}

/* Shared secret of c with its peer's public value; *n its length. */
static int cy_dh_secret(DhContext *c, uint8_t *out, size_t *n)
{
    return dhComputeSharedSecret(c, out, 128, n) != NO_ERROR;
}

static int cy_dh_peer(void)
{
    return cy_dh_load(&cy_dh_b) || dhGenerateKeyPair(&cy_dh_b, CY_PRNG_ALGO, &cy_prng) ||
           mpiCopy(&cy_dh_a.yb, &cy_dh_b.ya) || mpiCopy(&cy_dh_b.yb, &cy_dh_a.ya);
}

static int cy_pk_setup(const bench_case_t *c)
{
    const cy_pk_arg *a = c->arg;
    cy_pk_free();
    cy_prng_start(c);
    memcpy(cy_digest_work, cy_pk_digest, 32);
    switch (a->kind) {
    case K_RSA_SIGN:
        return cy_rsa_load(a->bits);
    case K_RSA_VERIFY:
        return cy_rsa_load(a->bits) || cy_rsa_sign();
    case K_DSA_SIGN:
        return cy_dsa_load(a->bits);
    case K_DSA_VERIFY:
        return cy_dsa_load(a->bits) || cy_dsa_sign();
    case K_DH_KEYGEN:
        return cy_dh_load(&cy_dh_a);
    default:
        return cy_dh_load(&cy_dh_a) || dhGenerateKeyPair(&cy_dh_a, CY_PRNG_ALGO, &cy_prng) || cy_dh_peer();
    }
}

static int cy_pk_run(const bench_case_t *c)
{
    const cy_pk_arg *a = c->arg;
    switch (a->kind) {
    case K_RSA_SIGN: return cy_rsa_sign();
    case K_RSA_VERIFY: return cy_rsa_verify();
    case K_DSA_SIGN: return cy_dsa_sign();
    case K_DSA_VERIFY: return cy_dsa_verify();
    case K_DH_KEYGEN: return dhGenerateKeyPair(&cy_dh_a, CY_PRNG_ALGO, &cy_prng) != NO_ERROR;
    default: return cy_dh_secret(&cy_dh_a, cy_secret_a, &cy_secret_len);
    }
}

static int cy_pk_check(const bench_case_t *c)
{
    const cy_pk_arg *a = c->arg;
    size_t nb = 0;
    uint8_t h[32];
    switch (a->kind) {
    case K_RSA_SIGN:
    case K_RSA_VERIFY:
        sha256Compute(cy_sig, cy_sig_len, h);
        if (cy_sig_len != a->bits / 8u ||
            memcmp(h, a->bits == 1024 ? cy_rsa1024_sig_sha256 : cy_rsa2048_sig_sha256, 32) != 0 ||
            cy_rsa_verify()) {
            return 1;
        }
        cy_digest_work[0] ^= 1;
        return !cy_rsa_verify();
    case K_DSA_SIGN:
    case K_DSA_VERIFY:
        if (cy_dsa_verify()) {
            return 1;
        }
        cy_digest_work[0] ^= 1;
        return !cy_dsa_verify();
    case K_DH_KEYGEN: /* the new key pair agrees with a second party */
        if (cy_dh_peer() || cy_dh_secret(&cy_dh_a, cy_secret_a, &cy_secret_len)) {
            return 1;
        }
        __attribute__((fallthrough)); /* compare with b's */
    default:
        if (cy_dh_secret(&cy_dh_b, cy_secret_b, &nb)) {
            return 1;
        }
        return nb != cy_secret_len || memcmp(cy_secret_a, cy_secret_b, nb) != 0;
    }
}

#define CY_PK(id, row, op, kind, bits)                                                                \
    static const cy_pk_arg id##_##op##_arg BENCH_IO_CONST = {kind, bits};                              \
    BENCH_CASE(id##_##op, "cyclone/" row "/" #op "/sw", "oryx/" row "/" #op "/sw", "", cy_pk_setup,    \
               cy_pk_run, cy_pk_check, &id##_##op##_arg)

CY_PK(cy_rsa1024, "rsa1024", sign, K_RSA_SIGN, 1024);
CY_PK(cy_rsa1024, "rsa1024", verify, K_RSA_VERIFY, 1024);
CY_PK(cy_rsa2048, "rsa2048", sign, K_RSA_SIGN, 2048);
CY_PK(cy_rsa2048, "rsa2048", verify, K_RSA_VERIFY, 2048);
CY_PK(cy_dsa1024, "dsa1024", sign, K_DSA_SIGN, 1024);
CY_PK(cy_dsa1024, "dsa1024", verify, K_DSA_VERIFY, 1024);
CY_PK(cy_dsa2048, "dsa2048", sign, K_DSA_SIGN, 2048);
CY_PK(cy_dsa2048, "dsa2048", verify, K_DSA_VERIFY, 2048);
CY_PK(cy_dh1024, "dh1024", keygen, K_DH_KEYGEN, 1024);
CY_PK(cy_dh1024, "dh1024", shared, K_DH_SHARED, 1024);
