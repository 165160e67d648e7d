/* SPDX-License-Identifier: MIT */
/*
 * ed25519_tables.h - flash tables of multiples of the Ed25519 base point B
 * used by the "precomp HIGH" variant (internal to ed25519.c; the host test
 * re-derives them independently).
 */
#ifndef CRYPTO_ED25519_TABLES_H
#define CRYPTO_ED25519_TABLES_H

#include <stdint.h>

/* Affine point in "Niels" form (y + x, y - x, 2*d*x*y), coordinates fully
 * reduced mod p = 2^255 - 19, as 8 little-endian 32-bit words. */
typedef struct {
    uint32_t yplusx[8];
    uint32_t yminusx[8];
    uint32_t xy2d[8];
} ed25519_niels;

/* ed25519_comb[j][m - 1] = m * 2^(16 j) * B for j = 0..15, m = 1..8: the
 * signed radix-16 digits e_i of a scalar are combined as
 * sum_t 16^t sum_j e_(4j+t) 2^(16j) B, t = 0..3 (12 doublings in all). */
extern const ed25519_niels ed25519_comb[16][8];

/* ed25519_odd[i] = (2 i + 1) * B for i = 0..31: the digits of a width-7
 * NAF of S in verification. */
#define ED25519_ODD_WNAF_WIDTH 7
extern const ed25519_niels ed25519_odd[32];

#endif
