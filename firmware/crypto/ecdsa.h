/* SPDX-License-Identifier: MIT */
/*
 * ecdsa.h - ECDSA (FIPS 186-5 section 6.4) over NIST P-256 and P-384,
 * signing and verifying a message digest.  Portable C99, no allocation; the
 * same sources build for the host tests and the Cortex-M firmware.
 *
 * Byte strings are big-endian and of the curve's length (ecdsa_bytes():
 * 32 for P-256, 48 for P-384): a private key d or a nonce k is one integer,
 * a public key is x || y (no 0x04 prefix), a signature is r || s.  The
 * digest is the hash of the message (any length: the leftmost bits of n's
 * length are used, as FIPS 186-5 section 6.4.1 prescribes).
 *
 * Two run-time choices (ecdsa_config) select the implementation:
 *  - arith: SMALL = generic Montgomery multiplication for the field;
 *           FAST  = schoolbook products with the NIST fast reduction of p.
 *    (Scalars modulo n always use Montgomery multiplication.)
 *  - mem:   LOW  = no precomputed tables (k*G by a fixed window computed
 *                  in RAM, u1*G + u2*Q by interleaved wNAF);
 *           HIGH = a comb table of multiples of G in flash for k*G and u1*G.
 * All variants give identical results.  Signing is constant time in d and
 * k; verification handles public data only.  Everything lives on the stack
 * (no working buffer): at most about 5.2 KB of stack (verification; signing
 * about 3.3 KB), measured with gcc -fstack-usage for the Cortex-M0+.
 */
#ifndef CRYPTO_ECDSA_H
#define CRYPTO_ECDSA_H

#include <stddef.h>
#include <stdint.h>

typedef enum { ECDSA_P256 = 0, ECDSA_P384 = 1 } ecdsa_curve_id;
typedef enum { ECDSA_ARITH_SMALL = 0, ECDSA_ARITH_FAST = 1 } ecdsa_arith;
typedef enum { ECDSA_MEM_LOW = 0, ECDSA_MEM_HIGH = 1 } ecdsa_mem;

typedef struct {
    ecdsa_curve_id curve;
    ecdsa_arith arith;
    ecdsa_mem mem;
} ecdsa_config;

#define ECDSA_MAX_BYTES 48u /* P-384 */

/* Results. */
#define ECDSA_OK 0
#define ECDSA_ERR_CONFIG (-1)    /* unknown curve, arithmetic or memory variant */
#define ECDSA_ERR_KEY (-2)       /* d not in [1, n-1], or Q not a point of the curve */
#define ECDSA_ERR_NONCE (-3)     /* k not in [1, n-1], or r or s is 0: sign again with another k */
#define ECDSA_ERR_SIGNATURE (-4) /* the signature does not verify */

/* Length of a scalar or coordinate in bytes, 0 for an unknown curve. */
uint32_t ecdsa_bytes(ecdsa_curve_id curve);

/* pub = d*G. */
int ecdsa_public_key(const ecdsa_config *cfg, const uint8_t *priv, uint8_t *pub);

/* sig = (r, s) with r = x(k*G) mod n, s = k^-1 (e + r*d) mod n, where k is
 * the caller's secret random nonce in [1, n-1] (FIPS 186-5 section 6.4.1). */
int ecdsa_sign(const ecdsa_config *cfg, const uint8_t *priv, const uint8_t *digest,
               size_t digest_len, const uint8_t *k, uint8_t *sig);

/* ECDSA_OK if sig is a valid signature of digest under pub (FIPS 186-5
 * section 6.4.2), else ECDSA_ERR_SIGNATURE (or ECDSA_ERR_KEY / _CONFIG). */
int ecdsa_verify(const ecdsa_config *cfg, const uint8_t *pub, const uint8_t *digest,
                 size_t digest_len, const uint8_t *sig);

#endif
