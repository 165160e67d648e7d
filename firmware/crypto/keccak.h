/* SPDX-License-Identifier: MIT */
/*
 * keccak.h - Keccak-f[1600] sponge: SHA3-256, SHAKE128 and SHAKE256 (FIPS 202).
 *
 * The state is kept bit-interleaved (each 64-bit lane as two 32-bit words
 * holding its even and its odd bits), so every rotation of the permutation is
 * a 32-bit rotation: the form that suits 32-bit cores without a barrel-shifted
 * 64-bit datapath (Cortex-M0+, Cortex-M33).  Portable C99, constant time, no
 * allocation.
 *
 * Streaming use: *_init, keccak_absorb (any number of calls), keccak_finish
 * (once), keccak_squeeze (any number of calls, outputs concatenate).
 */
#ifndef CRYPTO_KECCAK_H
#define CRYPTO_KECCAK_H

#include <stddef.h>
#include <stdint.h>

/* Rates in bytes (FIPS 202 Sec. 6: r = 1600 - 2 * capacity). */
#define SHAKE128_RATE 168u
#define SHAKE256_RATE 136u
#define SHA3_256_RATE 136u

typedef struct {
    uint32_t s[50]; /* lane i: s[2i] even bits, s[2i+1] odd bits */
    uint8_t pos;    /* next byte to absorb or squeeze within the block */
    uint8_t rate;   /* block bytes */
    uint8_t pad;    /* domain bits plus the first pad bit */
} keccak_ctx;

void shake128_init(keccak_ctx *c);
void shake256_init(keccak_ctx *c);
void sha3_256_init(keccak_ctx *c);

void keccak_absorb(keccak_ctx *c, const uint8_t *in, size_t len);
/* Ends absorbing (pads); call once before keccak_squeeze. */
void keccak_finish(keccak_ctx *c);
void keccak_squeeze(keccak_ctx *c, uint8_t *out, size_t len);

/* One-shot helpers. */
void sha3_256(uint8_t out[32], const uint8_t *in, size_t len);
void shake128(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);
void shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);

/* The bare permutation on a bit-interleaved state (exposed for tests). */
void keccak_f1600(uint32_t s[50]);

#endif
