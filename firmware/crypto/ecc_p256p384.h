/* SPDX-License-Identifier: MIT */
/*
 * ecc_p256p384.h - internal arithmetic of the ECDSA code (ecdsa.h) over the
 * NIST curves P-256 and P-384 (FIPS 186-4 Appendix D.1.2.3 and D.1.2.4):
 * field and scalar arithmetic on 32-bit limbs, Jacobian point arithmetic
 * and the scalar multiplications.  Not a public API: ecdsa.c and the host
 * test use it.
 *
 * Numbers are arrays of 32-bit limbs, least significant first.  A field
 * element is fully reduced in the representation of its ecc_field: the
 * Montgomery form a*R mod m (R = 2^(32*len)) for the generic "small"
 * arithmetic, the plain value for the "fast" arithmetic (NIST reduction).
 */
#ifndef CRYPTO_ECC_P256P384_H
#define CRYPTO_ECC_P256P384_H

#include <stdint.h>

#define ECC_MAX_LIMBS 12u /* P-384 */

/* Comb of the "high" memory variant: ECC_COMB_TEETH bits per column, a
 * table of 2^(ECC_COMB_TEETH-1) affine points (signed comb, see ecc_point.c). */
#define ECC_COMB_TEETH 6u
#define ECC_COMB_POINTS (1u << (ECC_COMB_TEETH - 1u))

typedef struct ecc_field ecc_field;

/* Arithmetic modulo an odd prime m in one representation. */
struct ecc_field {
    void (*mul)(const ecc_field *f, uint32_t *r, const uint32_t *a, const uint32_t *b);
    void (*sqr)(const ecc_field *f, uint32_t *r, const uint32_t *a);
    const uint32_t *m;   /* the modulus */
    const uint32_t *one; /* 1 in this representation */
    const uint32_t *rr;  /* R^2 mod m for the Montgomery form, NULL for the plain one */
    uint32_t m0inv;      /* -m^-1 mod 2^32 (Montgomery only) */
    uint32_t len;        /* limbs of m */
};

/* A curve y^2 = x^3 - 3x + b with one arithmetic variant. */
typedef struct {
    const ecc_field *fp;     /* coordinates, in the variant's representation */
    const ecc_field *fn;     /* scalars modulo the group order n (Montgomery) */
    const uint32_t *b;       /* b, in fp's representation */
    const uint32_t *gx, *gy; /* the generator, in fp's representation */
    const uint32_t *comb;    /* ECC_COMB_POINTS affine points (x then y), fp's representation */
    uint32_t comb_cols;      /* columns of the comb: teeth * cols >= bits of n */
    uint32_t bytes;          /* length of a scalar or coordinate in bytes */
} ecc_curve;

/* The four (curve, arithmetic) pairs and the two primes; ecc_curves.c. */
extern const ecc_curve ecc_p256_small, ecc_p256_fast, ecc_p384_small, ecc_p384_fast;
extern const uint32_t ecc_p256_p[8], ecc_p384_p[12];

/* Jacobian point (X/Z^2, Y/Z^3); Z = 0 is the point at infinity. */
typedef struct {
    uint32_t x[ECC_MAX_LIMBS], y[ECC_MAX_LIMBS], z[ECC_MAX_LIMBS];
} ecc_point;

/* ---- multi-precision helpers (ecc_field.c); constant time ---- */
uint32_t ecc_bn_add(uint32_t *r, const uint32_t *a, const uint32_t *b, uint32_t len); /* carry */
uint32_t ecc_bn_sub(uint32_t *r, const uint32_t *a, const uint32_t *b, uint32_t len); /* borrow */
uint32_t ecc_bn_is_zero(const uint32_t *a, uint32_t len);       /* 1 if a == 0, else 0 */
uint32_t ecc_bn_less(const uint32_t *a, const uint32_t *b, uint32_t len); /* 1 if a < b */
/* r = mask ? a : b, mask being 0 or 0xFFFFFFFF. */
void ecc_bn_select(uint32_t *r, const uint32_t *a, const uint32_t *b, uint32_t mask, uint32_t len);
void ecc_bn_from_bytes(uint32_t *r, const uint8_t *in, uint32_t bytes); /* big-endian in */
void ecc_bn_to_bytes(uint8_t *out, const uint32_t *a, uint32_t bytes);  /* big-endian out */

/* ---- field arithmetic (ecc_field.c); constant time ---- */
extern const uint32_t ecc_one[ECC_MAX_LIMBS]; /* the integer 1 */
void ecc_fe_add(const ecc_field *f, uint32_t *r, const uint32_t *a, const uint32_t *b);
void ecc_fe_sub(const ecc_field *f, uint32_t *r, const uint32_t *a, const uint32_t *b);
void ecc_fe_to(const ecc_field *f, uint32_t *r, const uint32_t *a);   /* plain -> field */
void ecc_fe_from(const ecc_field *f, uint32_t *r, const uint32_t *a); /* field -> plain */
void ecc_fe_inv(const ecc_field *f, uint32_t *r, const uint32_t *a);  /* a^(m-2), m prime */

/* The two multiplications, exposed for the ecc_field tables and the tests. */
void ecc_mont_mul(const ecc_field *f, uint32_t *r, const uint32_t *a, const uint32_t *b);
void ecc_mont_sqr(const ecc_field *f, uint32_t *r, const uint32_t *a);
void ecc_p256_fast_mul(const ecc_field *f, uint32_t *r, const uint32_t *a, const uint32_t *b);
void ecc_p256_fast_sqr(const ecc_field *f, uint32_t *r, const uint32_t *a);
void ecc_p384_fast_mul(const ecc_field *f, uint32_t *r, const uint32_t *a, const uint32_t *b);
void ecc_p384_fast_sqr(const ecc_field *f, uint32_t *r, const uint32_t *a);
/* NIST reduction of a product t < p^2 (2*len limbs) to r < p. */
void ecc_p256_reduce(uint32_t *r, const uint32_t *t);
void ecc_p384_reduce(uint32_t *r, const uint32_t *t);

/* ---- points and scalar multiplication (ecc_point.c) ---- */
void ecc_point_double(const ecc_curve *c, ecc_point *r, const ecc_point *p);

/* r = k*G, constant time in k; 1 <= k < n.  use_comb selects the flash table
 * ("high" memory) instead of the on-the-fly fixed window ("low" memory). */
void ecc_mul_base(const ecc_curve *c, int use_comb, ecc_point *r, const uint32_t *k);

/* r = u1*G + u2*Q (variable time: public inputs only); u1, u2 < n; Q on the
 * curve in fp's representation (Z = 1). */
void ecc_mul_double_vartime(const ecc_curve *c, int use_comb, ecc_point *r, const uint32_t *u1,
                            const uint32_t *u2, const ecc_point *q);

/* Affine x and y (y may be NULL) of a finite point, fp's representation;
 * constant time. */
void ecc_point_to_affine(const ecc_curve *c, uint32_t *x, uint32_t *y, const ecc_point *p);

/* 1 if (x, y) in fp's representation satisfies the curve equation. */
uint32_t ecc_point_on_curve(const ecc_curve *c, const uint32_t *x, const uint32_t *y);

#endif
