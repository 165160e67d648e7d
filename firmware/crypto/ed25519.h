/* SPDX-License-Identifier: MIT */
/*
 * ed25519.h - Ed25519 signatures (RFC 8032 section 5.1, "pure" Ed25519:
 * no context, no pre-hash).  Portable C99 for Cortex-M0+/M33 and the host.
 *
 * Every call takes the implementation variant to use, so one firmware can
 * measure all configurations of the published tables:
 *   arith   SMALL: field multiplication by a compact loop, squaring = multiply;
 *           FAST:  unrolled multiplication and a dedicated squaring
 *                  (the tables' "SuperFast").
 *   precomp LOW:   no tables in flash; multiples of B are computed in RAM at
 *                  every call (the tables' "OptLow");
 *           HIGH:  flash tables of multiples of B, 12 KB for [k]B in key
 *                  generation and signing plus 3 KB for verification
 *                  (the tables' "OptHigh").
 * All variants give identical results.  Key generation and signing run in
 * constant time; verification handles only public data and is variable time.
 * Stack use (measured on Cortex-M0+ and M33): at most 3.1 KB for signing,
 * 4.4 KB for verification.
 */
#ifndef CRYPTO_ED25519_H
#define CRYPTO_ED25519_H

#include <stddef.h>
#include <stdint.h>

typedef enum { ED25519_ARITH_SMALL = 0, ED25519_ARITH_FAST = 1 } ed25519_arith;
typedef enum { ED25519_PRECOMP_LOW = 0, ED25519_PRECOMP_HIGH = 1 } ed25519_precomp;

typedef struct {
    ed25519_arith arith;
    ed25519_precomp precomp;
} ed25519_variant;

/* Public key (RFC 8032 section 5.1.5) of the 32-byte private key. */
void ed25519_public_key(uint8_t pub[32], const uint8_t priv[32],
                        const ed25519_variant *v);

/* Signature R || S of msg (RFC 8032 section 5.1.6).  pub must be
 * ed25519_public_key(priv): signing one message under two different public
 * keys with the same private key would reveal the key. */
void ed25519_sign(uint8_t sig[64], const uint8_t *msg, size_t len,
                  const uint8_t priv[32], const uint8_t pub[32],
                  const ed25519_variant *v);

/* Verifies sig over msg under pub (RFC 8032 section 5.1.7, cofactorless
 * equation [S]B = R + [k]A checked on the encoding of R, as OpenSSL does).
 * Returns 0 if valid, -1 if not (including S >= L or a non-canonical or
 * off-curve public key). */
int ed25519_verify(const uint8_t sig[64], const uint8_t *msg, size_t len,
                   const uint8_t pub[32], const ed25519_variant *v);

#endif
