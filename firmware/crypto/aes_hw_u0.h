/* SPDX-License-Identifier: MIT */
/*
 * aes_hw_u0.h - a small polling driver for the STM32U0 AES peripheral
 * (RM0503 AES chapter; registers at 0x40026000): CBC, CTR (32-bit counter,
 * as the hardware increments it), GCM (12-byte IV) and CCM, 128- or 256-bit
 * keys.  It follows the RM's procedures word by word, the way CycloneCRYPTO's
 * and ST's drivers do, so its cycles are those of a typical CPU-fed use
 * (no DMA).  Buffers must be 4-byte aligned (word accesses to DINR/DOUTR);
 * `in` and `out` may be the same buffer.
 */
#ifndef CRYPTO_AES_HW_U0_H
#define CRYPTO_AES_HW_U0_H

#include <stddef.h>
#include <stdint.h>

enum { AES_HW_OK = 0, AES_HW_BAD_ARG = 1, AES_HW_TAG_MISMATCH = 2 };
typedef enum { AES_HW_ENCRYPT = 0, AES_HW_DECRYPT = 1 } aes_hw_dir;

/** Enables the AES clock (RCC_AHBENR.AESEN). */
void aes_hw_init(void);

/** CBC over len bytes (a multiple of 16); iv is updated to the last chaining value. */
int aes_hw_cbc(aes_hw_dir dir, const uint8_t *key, unsigned keylen, uint8_t iv[16],
               const uint8_t *in, uint8_t *out, size_t len);

/** CTR over len bytes (a multiple of 16); ctr is updated to the next counter block. */
int aes_hw_ctr(const uint8_t *key, unsigned keylen, uint8_t ctr[16], const uint8_t *in,
               uint8_t *out, size_t len);

/** GCM (SP 800-38D) with a 12-byte IV and a 16-byte tag.  Decryption checks
 *  the tag: AES_HW_TAG_MISMATCH when it differs (the plaintext is still written). */
int aes_hw_gcm(aes_hw_dir dir, const uint8_t *key, unsigned keylen, const uint8_t iv[12],
               const uint8_t *aad, size_t alen, const uint8_t *in, uint8_t *out, size_t len,
               uint8_t tag[16]);

/** CCM (SP 800-38C), nonce of 7..13 bytes, tag of 4..16 even bytes, AAD
 *  shorter than 0xFF00 bytes.  Decryption checks the tag as aes_hw_gcm does. */
int aes_hw_ccm(aes_hw_dir dir, const uint8_t *key, unsigned keylen, const uint8_t *nonce,
               unsigned nlen, const uint8_t *aad, size_t alen, const uint8_t *in, uint8_t *out,
               size_t len, uint8_t *tag, unsigned tlen);

#endif
