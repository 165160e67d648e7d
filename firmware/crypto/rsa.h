/* SPDX-License-Identifier: MIT */
/*
 * rsa.h - RSASSA-PSS (RFC 8017 section 8.1) with SHA-256, MGF1-SHA-256 and a
 * 32-byte salt, for moduli of up to 3072 bits.
 *
 * Like ST's cmox_rsa_pkcs1v22_sign/verify, the functions take the message
 * digest, not the message; signing also takes the salt, so the caller brings
 * the randomness (and tests can be deterministic).  Keys are big-endian byte
 * strings.  Signing runs in time independent of the private key and of the
 * digest; its cost depends on the modulus size, the arithmetic variant and
 * the exponentiation window (see rsa_bn.h).
 *
 * The caller lends a working buffer of 32-bit words, sized by the
 * RSA_*_WORK_WORDS macros below; nothing is allocated and nothing is static.
 */
#ifndef CRYPTO_RSA_H
#define CRYPTO_RSA_H

#include <stddef.h>
#include <stdint.h>

#include "rsa_bn.h"

#define RSA_MAX_BITS (32u * RSA_BN_MAX_LIMBS)
#define RSA_PSS_HASH_LEN 32u /* SHA-256 */
#define RSA_PSS_SALT_LEN 32u

#define RSA_LIMBS(bits) (((bits) + 31u) / 32u)
/* Working buffers, in words, for a modulus of `bits` bits: the modulus, a
 * double-width product, an accumulator, R^2 (later the selected table entry)
 * and the 2^window table ... */
#define RSA_SIGN_WORK_WORDS(bits, window) ((5u + (1u << (window))) * RSA_LIMBS(bits))
/* ... CRT (primes of half the modulus size): the message representative,
 * m2, one prime, R^2 mod it, the product, accumulator, selected entry and
 * table, in half-size numbers ... */
#define RSA_SIGN_CRT_WORK_WORDS(bits, window) \
    ((9u + (1u << (window))) * ((RSA_LIMBS(bits) + 1u) / 2u))
/* ... verification: modulus, R^2, product, base and result. */
#define RSA_VERIFY_WORK_WORDS(bits) (6u * RSA_LIMBS(bits))

enum {
    RSA_OK = 0,
    RSA_ERR_PARAM = -1,  /* bad key or length, window out of range, work too small */
    RSA_ERR_VERIFY = -2, /* signature rejected */
};

typedef struct {
    const uint8_t *n; /* modulus, n_len bytes, first byte non-zero */
    size_t n_len;
    uint32_t e;       /* public exponent, odd, >= 3 */
} rsa_public_key;

typedef struct {
    const uint8_t *n; /* modulus, n_len bytes, first byte non-zero */
    size_t n_len;
    const uint8_t *d; /* private exponent; all 8*d_len bits are processed */
    size_t d_len;
} rsa_private_key;

/* CRT form (RFC 8017 section 3.2, second representation, two primes). */
typedef struct {
    size_t n_bits;       /* bit length of n = p*q */
    size_t half_len;     /* byte length of each field below; n_bits <= 16*half_len */
    const uint8_t *p;
    const uint8_t *q;
    const uint8_t *dp;   /* d mod (p-1) */
    const uint8_t *dq;   /* d mod (q-1) */
    const uint8_t *qinv; /* q^-1 mod p */
} rsa_crt_key;

/* Signs the SHA-256 digest with the given salt into sig (the modulus byte
 * length: n_len, or (n_bits+7)/8 for the CRT form).  m^d mod n computed
 * directly, or with the CRT and Garner's recombination.  `window` is 1 to
 * RSA_BN_MAX_WINDOW; 0 or an RSA_ERR_* code. */
int rsa_pss_sign(const rsa_private_key *key, const uint8_t digest[RSA_PSS_HASH_LEN],
                 const uint8_t salt[RSA_PSS_SALT_LEN], rsa_bn_arith arith, unsigned window,
                 uint8_t *sig, uint32_t *work, size_t work_words);
int rsa_pss_sign_crt(const rsa_crt_key *key, const uint8_t digest[RSA_PSS_HASH_LEN],
                     const uint8_t salt[RSA_PSS_SALT_LEN], rsa_bn_arith arith, unsigned window,
                     uint8_t *sig, uint32_t *work, size_t work_words);

/* RSA_OK when sig (sig_len bytes, the modulus byte length) is a valid
 * signature of the SHA-256 digest with a 32-byte salt, RSA_ERR_VERIFY when
 * it is not. */
int rsa_pss_verify(const rsa_public_key *key, const uint8_t digest[RSA_PSS_HASH_LEN],
                   const uint8_t *sig, size_t sig_len, rsa_bn_arith arith, uint32_t *work,
                   size_t work_words);

#endif
