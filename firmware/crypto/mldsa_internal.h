/* SPDX-License-Identifier: MIT */
/*
 * mldsa_internal.h - polynomial layer shared by mldsa.c and mldsa_poly.c
 * (not part of the API).  A polynomial is int32_t[256]; "NTT domain" values
 * are the FIPS 204 NTT images, multiplied pointwise in Montgomery form.
 */
#ifndef CRYPTO_MLDSA_INTERNAL_H
#define CRYPTO_MLDSA_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "mldsa.h"

#define MLDSA_N 256
#define MLDSA_Q 8380417          /* FIPS 204 Sec. 4: q = 2^23 - 2^13 + 1 */
#define MLDSA_D 13               /* dropped bits of t (Table 1) */
#define MLDSA_QINV 58728449u     /* q^-1 mod 2^32 */
#define MLDSA_GAMMA2_88 95232    /* (q-1)/88, ML-DSA-44 */
#define MLDSA_GAMMA2_32 261888   /* (q-1)/32, ML-DSA-65/87 */

/* Montgomery product a*b*2^-32 mod q in (-q, q), for |a*b| < 2^31 q:
 * t = a b q^-1 mod 2^32 makes a b - t q a multiple of 2^32, so the result is
 * the difference of the high words of a b and t q. */
static inline int32_t mldsa_montmul_wide(int32_t a, int32_t b)
{
    int64_t p = (int64_t)a * b;
    int32_t t = (int32_t)((uint32_t)p * MLDSA_QINV);

    return (int32_t)((p - (int64_t)t * MLDSA_Q) >> 32); /* gcc's >> is arithmetic */
}

/* floor(a b / 2^32) from 16-bit halves with 32-bit operations only:
 * a b = ah bh 2^32 + (m1 + m2) 2^16 + al bl with m1 = ah bl, m2 = al bh, and
 * the carry out of the low 32 bits is that of the 16-bit column sum c. */
static inline int32_t mldsa_mulhi_halves(int32_t a, int32_t b)
{
    int32_t ah = a >> 16, bh = b >> 16;
    uint32_t al = (uint32_t)a & 0xffffu, bl = (uint32_t)b & 0xffffu;
    int32_t m1 = ah * (int32_t)bl, m2 = (int32_t)al * bh;
    uint32_t c = ((uint32_t)m1 & 0xffffu) + ((uint32_t)m2 & 0xffffu) + ((al * bl) >> 16);

    return ah * bh + (m1 >> 16) + (m2 >> 16) + (int32_t)(c >> 16);
}

/* The Montgomery product for ARMv6-M: it has only MULS (32 x 32 -> 32), and
 * libgcc's __aeabi_lmul branches on carries, so it is neither fast nor
 * constant time there.  Same result as mldsa_montmul_wide. */
static inline int32_t mldsa_montmul_halves(int32_t a, int32_t b)
{
    int32_t t = (int32_t)((uint32_t)a * (uint32_t)b * MLDSA_QINV);

    return mldsa_mulhi_halves(a, b) - mldsa_mulhi_halves(t, MLDSA_Q);
}

#if defined(__ARM_ARCH_6M__)
#define mldsa_montmul mldsa_montmul_halves
#define mldsa_mulhi mldsa_mulhi_halves
#else
#define mldsa_montmul mldsa_montmul_wide
#define mldsa_mulhi(a, b) ((int32_t)(((int64_t)(a) * (b)) >> 32))
#endif

/* a z mod q in (-q/4, 5q/4) for a known constant z, |z| < q/2, |a| < 2^31, with
 * zq = round(z 2^32 / q) (Shoup's method): the quotient estimate
 * floor(a zq / 2^32) is off from a z / q by less than 1.25.  Half the
 * multiplies of a Montgomery product. */
static inline int32_t mldsa_mul_const(int32_t a, int32_t z, int32_t zq)
{
    int32_t quot = mldsa_mulhi(a, zq);

    return (int32_t)((uint32_t)a * (uint32_t)z - (uint32_t)quot * MLDSA_Q);
}

/* Destroys intermediate secrets, as FIPS 204 requires; never optimized away. */
void mldsa_wipe(void *p, size_t n);

/* Byte sizes of the packed polynomials of a parameter set (FIPS 204 Sec. 7.2). */
static inline unsigned mldsa_eta_bits(const mldsa_params *p) { return p->eta == 2 ? 3u : 4u; }
static inline unsigned mldsa_z_bits(const mldsa_params *p) { return p->gamma1_bits + 1u; }
static inline unsigned mldsa_w1_bits(const mldsa_params *p)
{
    return p->gamma2 == MLDSA_GAMMA2_88 ? 6u : 4u;
}

/* NTT (Alg. 41) for |a| < q, output |a| < 11q; inverse (Alg. 42) for |a| < q,
 * output in (-q/4, 5q/4), times 2^32 to cancel one pointwise Montgomery
 * product. */
void mldsa_ntt(int32_t a[MLDSA_N]);
void mldsa_invntt(int32_t a[MLDSA_N]);

void mldsa_poly_reduce(int32_t a[MLDSA_N]);  /* |a| < 2^31 - 2^22 -> (-q, q) */
void mldsa_poly_freeze(int32_t a[MLDSA_N]);  /* |a| < 2^31 - 2^22 -> [0, q) */
int32_t mldsa_center(int32_t a);             /* (-q, 3q/2) -> (-(q-1)/2, (q-1)/2] */
/* r = a o b (accumulate = 0) or r += a o b (accumulate = 1), Montgomery. */
void mldsa_poly_pointwise(int32_t *r, const int32_t *a, const int32_t *b, int accumulate);
/* Nonzero iff some |a[i]| >= bound, for centered a; constant time. */
uint32_t mldsa_poly_exceeds(const int32_t *a, int32_t bound);

/* Sampling (Sec. 7.3).  mldsa_sample_ntt: entry (row, col) of A = RejNTTPoly
 * (Alg. 30 via Alg. 32), stored if mul is NULL, else r += A o mul directly as
 * it is sampled. */
void mldsa_sample_ntt(int32_t *r, const uint8_t rho[32], unsigned row, unsigned col,
                      const int32_t *mul);
void mldsa_sample_eta(int32_t *r, const uint8_t rhoprime[64], unsigned nonce, unsigned eta);
void mldsa_sample_mask(int32_t *r, const uint8_t rhopp[64], unsigned nonce, unsigned gamma1_bits);
void mldsa_sample_in_ball(int32_t c[MLDSA_N], const uint8_t *ctilde, unsigned len, unsigned tau);

/* Bit packing (Alg. 16-19): "simple" stores a[i] in `bits` bits, "offset"
 * stores b - a[i] (BitPack with upper bound b).  `count` is a multiple of 8. */
void mldsa_pack_simple(uint8_t *out, const int32_t *a, unsigned count, unsigned bits);
void mldsa_pack_offset(uint8_t *out, const int32_t *a, unsigned count, unsigned bits, int32_t b);
void mldsa_unpack_simple(int32_t *a, const uint8_t *in, unsigned count, unsigned bits);
void mldsa_unpack_offset(int32_t *a, const uint8_t *in, unsigned count, unsigned bits, int32_t b);

/* Decompose (Alg. 36) of r in [0, q): returns r1, sets *r0; constant time. */
int32_t mldsa_decompose(int32_t *r0, int32_t r, int32_t gamma2);
/* UseHint (Alg. 40) on public data. */
int32_t mldsa_use_hint(int32_t r, unsigned hint, int32_t gamma2);

#endif
