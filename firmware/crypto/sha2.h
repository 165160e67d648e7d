/* SPDX-License-Identifier: MIT */
/*
 * sha2.h - SHA-256, SHA-384 and SHA-512 (FIPS 180-4), streaming and one-shot.
 * Portable C99, no allocation; the same source builds for the host tests and
 * for the Cortex-M firmware.
 */
#ifndef CRYPTO_SHA2_H
#define CRYPTO_SHA2_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint32_t h[8];
    uint64_t total;      /* bytes hashed so far */
    uint8_t block[64];
    uint32_t fill;       /* bytes waiting in block[] */
} sha256_ctx;

typedef struct {
    uint64_t h[8];
    uint64_t total;      /* bytes hashed so far (messages < 2^61 bytes) */
    uint8_t block[128];
    uint32_t fill;
} sha512_ctx;            /* also the SHA-384 context */

void sha256_init(sha256_ctx *ctx);
void sha256_update(sha256_ctx *ctx, const uint8_t *data, size_t len);
void sha256_final(sha256_ctx *ctx, uint8_t digest[32]);
void sha256(const uint8_t *data, size_t len, uint8_t digest[32]);

void sha384_init(sha512_ctx *ctx);
void sha384_final(sha512_ctx *ctx, uint8_t digest[48]);
void sha384(const uint8_t *data, size_t len, uint8_t digest[48]);

void sha512_init(sha512_ctx *ctx);
void sha512_update(sha512_ctx *ctx, const uint8_t *data, size_t len); /* SHA-384 too */
void sha512_final(sha512_ctx *ctx, uint8_t digest[64]);
void sha512(const uint8_t *data, size_t len, uint8_t digest[64]);

#endif
