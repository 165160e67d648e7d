/* SPDX-License-Identifier: MIT */
/*
 * rsa_bn.h - multi-precision modular arithmetic for RSA (RFC 8017).
 *
 * Numbers are arrays of 32-bit limbs, least significant limb first; every
 * modulus is odd and its top limb is non-zero.  Products use Montgomery
 * multiplication, R = 2^(32*limbs), in one of two arithmetic variants:
 *   RSA_BN_SMALL  compact CIOS loop: one merged multiply-and-reduce pass per
 *                 limb of the multiplier (Koc, Acar, Kaliski, "Analyzing and
 *                 comparing Montgomery multiplication algorithms", 1996);
 *   RSA_BN_FAST   separated product and reduction with unrolled row loops
 *                 and a dedicated squaring, which computes each cross product
 *                 once (about 25% fewer limb products per square).
 * Everything that may touch a secret (private exponent, primes, message
 * representative) runs in time independent of its value: there are no
 * secret-dependent branches or memory indices.  Limb counts, bit lengths of
 * moduli and byte lengths of exponents are public.
 *
 * No allocation: the caller lends every buffer.  Unless said otherwise a
 * result may share storage with an operand.
 */
#ifndef CRYPTO_RSA_BN_H
#define CRYPTO_RSA_BN_H

#include <stddef.h>
#include <stdint.h>

#define RSA_BN_MAX_LIMBS 96u  /* 3072-bit moduli */
#define RSA_BN_MAX_WINDOW 6u  /* exponentiation table of at most 64 entries */

typedef enum { RSA_BN_SMALL = 0, RSA_BN_FAST = 1 } rsa_bn_arith;

/* Montgomery context of one modulus.  `rr` and `wide` are lent by the caller
 * (limbs and 2*limbs words) and must stay valid while the context is used;
 * `wide` is the scratch of every product and reduction. */
typedef struct {
    const uint32_t *n;
    uint32_t *rr;       /* R^2 mod n, filled by rsa_bn_mont_init */
    uint32_t *wide;
    size_t limbs;
    uint32_t n0inv;     /* -n^-1 mod 2^32 */
    rsa_bn_arith arith;
} rsa_bn_mont;

/* r[0..limbs) = big-endian `in` (len <= 4*limbs bytes). */
void rsa_bn_from_bytes(uint32_t *r, size_t limbs, const uint8_t *in, size_t len);
/* Big-endian `len` bytes of a[0..limbs), truncated or zero-extended. */
void rsa_bn_to_bytes(uint8_t *out, size_t len, const uint32_t *a, size_t limbs);
/* Number of significant bits of a (a[limbs-1] may be zero); constant time. */
size_t rsa_bn_bit_length(const uint32_t *a, size_t limbs);
/* 1 if a < b, else 0.  Variable time: for public values only. */
int rsa_bn_less_than(const uint32_t *a, const uint32_t *b, size_t limbs);
/* r[0..2*limbs) = a*b + c for a, b, c of `limbs` limbs; c may be NULL (zero).
 * r must not overlap a, b or c. */
void rsa_bn_mul_add(uint32_t *r, const uint32_t *a, const uint32_t *b, const uint32_t *c,
                    size_t limbs);

/* Sets up m for modulus n (1 <= limbs <= RSA_BN_MAX_LIMBS) and computes
 * m->rr.  n is kept by pointer. */
void rsa_bn_mont_init(rsa_bn_mont *m, const uint32_t *n, size_t limbs, rsa_bn_arith arith,
                      uint32_t *rr, uint32_t *wide);
/* r = a*b/R mod n, for b < n and a < R (a < n is the usual case). */
void rsa_bn_mont_mul(const rsa_bn_mont *m, uint32_t *r, const uint32_t *a, const uint32_t *b);
/* r = a^2/R mod n, for a < n. */
void rsa_bn_mont_sqr(const rsa_bn_mont *m, uint32_t *r, const uint32_t *a);
/* r = a/R mod n (Montgomery reduction) of a[0..a_limbs), a_limbs <= 2*limbs,
 * a < n*R.  With a_limbs = limbs this converts out of Montgomery form. */
void rsa_bn_mont_reduce(const rsa_bn_mont *m, uint32_t *r, const uint32_t *a, size_t a_limbs);
/* r = (a - b) mod n, for a, b < n. */
void rsa_bn_mod_sub(const rsa_bn_mont *m, uint32_t *r, const uint32_t *a, const uint32_t *b);

/* Fixed-window exponentiation in Montgomery form, constant time in the
 * exponent e (big-endian, all 8*e_len bits processed) and in the base.
 * On entry table[0..limbs) = R mod n (1 in Montgomery form) and
 * table[limbs..2*limbs) = the base in Montgomery form; the function fills the
 * rest of the table (2^window entries of `limbs` words, 1 <= window <=
 * RSA_BN_MAX_WINDOW) and leaves base^e in Montgomery form in r.  Each window
 * multiplies by an entry copied out of the table by a full masked scan into
 * `sel` (limbs words).  r and sel must not overlap the table; sel may be
 * m->rr once the table's first two entries have been made from it. */
void rsa_bn_mont_exp(const rsa_bn_mont *m, uint32_t *r, uint32_t *table, const uint8_t *e,
                     size_t e_len, unsigned window, uint32_t *sel);
/* r = a^e in Montgomery form for a public exponent e >= 1 (variable time,
 * left-to-right square-and-multiply); r must not overlap a. */
void rsa_bn_mont_exp_public(const rsa_bn_mont *m, uint32_t *r, const uint32_t *a, uint32_t e);

#endif
