/* SPDX-License-Identifier: MIT */
/*
 * aes.h - AES (FIPS 197) in CBC mode (NIST SP 800-38A section 6.2), no
 * padding, 128/192/256-bit keys, with two implementations chosen at run time
 * through the context so one image can hold and measure both:
 *
 *   AES_IMPL_SMALL  byte-oriented: S-box and inverse S-box tables (512 bytes),
 *                   MixColumns by xtime; constant-time apart from the S-box
 *                   lookups.
 *   AES_IMPL_FAST   32-bit T-table: one 1 KB table per direction (Te0 for
 *                   encryption, Td0 for decryption, other columns by
 *                   rotation) plus the S-box for the last round; decryption
 *                   uses the equivalent inverse cipher (FIPS 197 section
 *                   5.3.5).  Table indices depend on secret data, as in every
 *                   classic T-table AES: not cache-timing hardened.
 *
 * Data flow (streaming) use:
 *     aes_cbc_init(&ctx, AES_IMPL_FAST, AES_DECRYPT);
 *     aes_cbc_setkey(&ctx, key, 32);
 *     aes_cbc_setiv(&ctx, iv);
 *     aes_cbc_append(&ctx, in, out, len);   repeated, len a multiple of 16
 *     aes_cbc_wipe(&ctx);
 * The chaining value carries over between appends, so any split of a
 * message into whole blocks gives the same output as one call.
 * `in` and `out` may be the same buffer (in-place); other overlaps are not
 * supported.
 */
#ifndef CRYPTO_AES_H
#define CRYPTO_AES_H

#include <stddef.h>
#include <stdint.h>

#define AES_BLOCK_BYTES 16

typedef enum { AES_IMPL_SMALL = 0, AES_IMPL_FAST = 1 } aes_impl;
typedef enum { AES_ENCRYPT = 0, AES_DECRYPT = 1 } aes_dir;

/* Return values. */
#define AES_OK 0
#define AES_ERR_PARAM (-1) /* bad impl/dir/key length, len not a multiple of
                              16, or append before setkey */

typedef struct {
    union {
        uint32_t w[60]; /* fast: 4*(Nr+1) little-endian column words */
        uint8_t b[240]; /* small: 16*(Nr+1) bytes */
    } rk;               /* round keys (decryption order for fast/decrypt) */
    uint8_t iv[AES_BLOCK_BYTES]; /* chaining value: last ciphertext block */
    uint8_t rounds;     /* Nr = 10, 12 or 14; 0 until a key is set */
    uint8_t impl;       /* aes_impl */
    uint8_t dir;        /* aes_dir */
} aes_cbc_ctx;

/* Selects implementation and direction; a key must be set afterwards. */
int aes_cbc_init(aes_cbc_ctx *ctx, aes_impl impl, aes_dir dir);

/* Expands a 16, 24 or 32-byte key for the direction given to init. */
int aes_cbc_setkey(aes_cbc_ctx *ctx, const uint8_t *key, size_t keylen);

/* Sets the 16-byte initialization vector (starts a new message). */
void aes_cbc_setiv(aes_cbc_ctx *ctx, const uint8_t iv[AES_BLOCK_BYTES]);

/* Encrypts or decrypts `len` bytes (a multiple of 16) of the message. */
int aes_cbc_append(aes_cbc_ctx *ctx, const uint8_t *in, uint8_t *out, size_t len);

/* Clears the round keys and chaining value. */
void aes_cbc_wipe(aes_cbc_ctx *ctx);

/* One call: init, setkey, setiv, append and wipe of a context on the stack. */
int aes_cbc_encrypt(aes_impl impl, const uint8_t *key, size_t keylen,
                    const uint8_t iv[AES_BLOCK_BYTES], const uint8_t *in,
                    size_t len, uint8_t *out);
int aes_cbc_decrypt(aes_impl impl, const uint8_t *key, size_t keylen,
                    const uint8_t iv[AES_BLOCK_BYTES], const uint8_t *in,
                    size_t len, uint8_t *out);

#endif
