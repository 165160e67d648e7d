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
 * Streaming use: fw_*_init, fw_keccak_absorb (any number of calls),
 * fw_keccak_finish (once), fw_keccak_squeeze (any number of calls, outputs
 * concatenate).
 *
 * Every exported name carries the fw_ prefix: ST's CMOX V5 defines weak
 * sha3_256, shake128 and shake256 of its own, and a strong symbol of the same
 * name in the image would silently replace them (no linker message).
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

void fw_shake128_init(keccak_ctx *c);
void fw_shake256_init(keccak_ctx *c);
void fw_sha3_256_init(keccak_ctx *c);

void fw_keccak_absorb(keccak_ctx *c, const uint8_t *in, size_t len);
/* Ends absorbing (pads); call once before fw_keccak_squeeze. */
void fw_keccak_finish(keccak_ctx *c);
void fw_keccak_squeeze(keccak_ctx *c, uint8_t *out, size_t len);

/* One-shot helpers. */
void fw_sha3_256(uint8_t out[32], const uint8_t *in, size_t len);
void fw_shake128(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);
void fw_shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);

/* The bare permutation on a bit-interleaved state (exposed for tests). */
void fw_keccak_f1600(uint32_t s[50]);

#endif
