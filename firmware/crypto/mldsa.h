/* SPDX-License-Identifier: MIT */
/*
 * mldsa.h - ML-DSA-44/65/87 (FIPS 204, August 2024): key generation, signing
 * and verification, in two memory variants.
 *
 *  - standard (mldsa_sign, mldsa_verify): the matrix A and the vectors are
 *    expanded once into a caller-supplied work buffer (MLDSA*_WORK_BYTES);
 *  - low RAM (mldsa_sign_lowram, mldsa_verify_lowram): A, y and the NTT forms
 *    are regenerated row by row / polynomial by polynomial from the seeds and
 *    from the packed sk, pk and signature; y is parked in the signature's z
 *    field.  Stack only.
 *
 * Peak stack measured on Cortex-M0+ (-Os), callees included: keygen 2.7 KB,
 * sign_lowram 4.4 KB, verify_lowram 3.1 KB, sign 1.4 KB and verify 0.9 KB
 * plus their work buffers.
 *
 * Both variants give byte-identical signatures and identical verdicts.  One
 * code base serves the three parameter sets through a const parameter struct.
 * Secret-dependent data never chooses a branch or an address, except that the
 * rejection loops reveal their iteration counts, as FIPS 204 allows.
 *
 * There is no random bit generator here: ML-DSA.KeyGen's seed xi and the
 * hedged signer's rnd are supplied by the caller from an approved RBG.
 */
#ifndef CRYPTO_MLDSA_H
#define CRYPTO_MLDSA_H

#include <stddef.h>
#include <stdint.h>

/* Byte lengths (FIPS 204 Table 2). */
#define MLDSA44_PK_BYTES 1312u
#define MLDSA44_SK_BYTES 2560u
#define MLDSA44_SIG_BYTES 2420u
#define MLDSA65_PK_BYTES 1952u
#define MLDSA65_SK_BYTES 4032u
#define MLDSA65_SIG_BYTES 3309u
#define MLDSA87_PK_BYTES 2592u
#define MLDSA87_SK_BYTES 4896u
#define MLDSA87_SIG_BYTES 4627u

#define MLDSA_SEED_BYTES 32u /* xi and rnd */
#define MLDSA_MU_BYTES 64u

/* Work buffers of the standard variants, 1 KB per polynomial.  Sign keeps the
 * k x l matrix A, NTT(s1), NTT(s2), NTT(t0), y (then z), w, NTT(c) and one
 * scratch polynomial.  Verify uses each entry of A once, so it streams A and
 * keeps NTT(z), NTT(c) and two scratch polynomials. */
#define MLDSA_SIGN_WORK_BYTES(k, l) (((k) * (l) + 2u * (l) + 3u * (k) + 2u) * 1024u)
#define MLDSA_VERIFY_WORK_BYTES(l) (((l) + 3u) * 1024u)
#define MLDSA44_SIGN_WORK_BYTES MLDSA_SIGN_WORK_BYTES(4u, 4u) /* 38912 */
#define MLDSA65_SIGN_WORK_BYTES MLDSA_SIGN_WORK_BYTES(6u, 5u) /* 61440 */
#define MLDSA87_SIGN_WORK_BYTES MLDSA_SIGN_WORK_BYTES(8u, 7u) /* 98304 */
#define MLDSA44_VERIFY_WORK_BYTES MLDSA_VERIFY_WORK_BYTES(4u) /* 7168 */
#define MLDSA65_VERIFY_WORK_BYTES MLDSA_VERIFY_WORK_BYTES(5u) /* 8192 */
#define MLDSA87_VERIFY_WORK_BYTES MLDSA_VERIFY_WORK_BYTES(7u) /* 10240 */

/* A parameter set (FIPS 204 Table 1); use the three constants below. */
typedef struct {
    uint8_t k, l;        /* rows and columns of A */
    uint8_t eta;         /* secret coefficient bound, 2 or 4 */
    uint8_t tau;         /* number of +-1 in the challenge c */
    uint8_t ctilde_bytes; /* lambda / 4 */
    uint8_t gamma1_bits; /* gamma1 = 2^gamma1_bits */
    uint8_t omega;       /* maximum number of hint bits */
    uint16_t beta;       /* tau * eta */
    int32_t gamma2;      /* (q-1)/88 or (q-1)/32 */
    uint16_t pk_bytes, sk_bytes, sig_bytes;
} mldsa_params;

extern const mldsa_params mldsa44, mldsa65, mldsa87;

/* How the signed string M' is formed (FIPS 204 Sec. 5.2, 5.4 and 6). */
enum mldsa_msg_kind {
    MLDSA_PURE = 0,    /* ML-DSA.Sign/Verify (Alg. 2/3): M' = 0 || |ctx| || ctx || msg */
    MLDSA_PREHASH = 1, /* HashML-DSA (Alg. 4/5): M' = 1 || |ctx| || ctx || msg, where the
                          caller passes msg = DER OID of PH || PH(M) */
    MLDSA_INTERNAL = 2, /* Sign_internal/Verify_internal (Alg. 7/8): M' = msg, no ctx */
    MLDSA_EXTERNAL_MU = 3 /* msg is mu = H(tr || M', 64) itself (64 bytes), no ctx */
};

typedef struct {
    enum mldsa_msg_kind kind;
    const uint8_t *ctx; /* context string, at most 255 bytes; may be NULL if ctxlen is 0 */
    size_t ctxlen;
    const uint8_t *msg;
    size_t msglen;
} mldsa_msg;

/* ML-DSA.KeyGen (Alg. 1) with the RBG output xi supplied, i.e.
 * ML-DSA.KeyGen_internal(xi) (Alg. 6), row by row with two polynomials.
 * sk may be NULL: then only pk is produced (slower, the secret vectors are
 * re-sampled from the seed).  Returns 0. */
int mldsa_keygen(const mldsa_params *p, uint8_t *pk, uint8_t *sk,
                 const uint8_t xi[MLDSA_SEED_BYTES]);

/* Signing (Alg. 2, 4 or 7 according to m->kind).  rnd is the 32-byte hedging
 * value, or NULL for the deterministic variant (rnd = 0^32).  `work` must be
 * 4-byte aligned and hold MLDSA_SIGN_WORK_BYTES(k, l).  Writes p->sig_bytes
 * to sig, which must not overlap sk.  Returns 0, or -1 for a malformed *m
 * (context over 255 bytes, a context with MLDSA_INTERNAL or
 * MLDSA_EXTERNAL_MU, a mu not of 64 bytes) or an exhausted 16-bit mask nonce
 * (after more than 9000 attempts; sig is then zeroed). */
int mldsa_sign(const mldsa_params *p, uint8_t *sig, const uint8_t *sk, const mldsa_msg *m,
               const uint8_t *rnd, void *work);
int mldsa_sign_lowram(const mldsa_params *p, uint8_t *sig, const uint8_t *sk,
                      const mldsa_msg *m, const uint8_t *rnd);

/* Verification (Alg. 3, 5 or 8).  `work` as above with
 * MLDSA_VERIFY_WORK_BYTES(l).  Returns 0 if the signature is valid, -1 if
 * not or if *m is malformed. */
int mldsa_verify(const mldsa_params *p, const uint8_t *pk, const mldsa_msg *m,
                 const uint8_t *sig, void *work);
int mldsa_verify_lowram(const mldsa_params *p, const uint8_t *pk, const mldsa_msg *m,
                        const uint8_t *sig);

#endif
