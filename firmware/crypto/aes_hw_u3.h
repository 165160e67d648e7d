/* SPDX-License-Identifier: MIT */
/*
 * aes_hw_u3.h - a small polling driver for the STM32U3's AES and SAES
 * peripherals (RM0487; CMSIS stm32u385xx.h: AES at 0x420C0000, SAES at
 * 0x420C0C00, both AES_TypeDef): CBC, CTR (32-bit counter), GCM (12-byte IV)
 * and CCM with 128- or 256-bit software keys.  The procedures are those of
 * aes_hw_u0.c with this IP revision's differences, as ST's stm32u3xx HAL CRYP
 * driver follows them: CCF polled in ISR and cleared through ICR (CR has no
 * CCFC), KEYVALID awaited after the key is written, and for the SAES its
 * initialisation (SR.BUSY while it takes random numbers from the RNG) awaited
 * once its clock is on.  Buffers must be 4-byte aligned; in and out may be
 * the same buffer.
 */
#ifndef CRYPTO_AES_HW_U3_H
#define CRYPTO_AES_HW_U3_H

#include <stddef.h>
#include <stdint.h>

enum { AES3_OK = 0, AES3_BAD_ARG = 1, AES3_TAG_MISMATCH = 2 };
typedef enum { AES3_ENCRYPT = 0, AES3_DECRYPT = 1 } aes3_dir;
typedef enum { AES3_AES = 0, AES3_SAES = 1 } aes3_unit;

/** Enables the unit's clock (RCC_AHB2ENR1.AESEN, or SAESEN and RNGEN) and,
 *  for the SAES, waits for the end of its initialisation. */
void aes3_init(aes3_unit u);

/** CBC over len bytes (a multiple of 16); iv is updated to the last chaining value. */
int aes3_cbc(aes3_unit u, aes3_dir dir, const uint8_t *key, unsigned keylen, uint8_t iv[16],
             const uint8_t *in, uint8_t *out, size_t len);

/** CTR over len bytes (a multiple of 16); ctr is updated to the next counter block. */
int aes3_ctr(aes3_unit u, const uint8_t *key, unsigned keylen, uint8_t ctr[16], const uint8_t *in,
             uint8_t *out, size_t len);

/** GCM (SP 800-38D), 12-byte IV, 16-byte tag; decryption checks the tag. */
int aes3_gcm(aes3_unit u, aes3_dir dir, const uint8_t *key, unsigned keylen, const uint8_t iv[12],
             const uint8_t *aad, size_t alen, const uint8_t *in, uint8_t *out, size_t len,
             uint8_t tag[16]);

/** CCM (SP 800-38C), nonce of 7..13 bytes, tag of 4..16 even bytes, AAD
 *  shorter than 0xFF00 bytes; decryption checks the tag. */
int aes3_ccm(aes3_unit u, aes3_dir dir, const uint8_t *key, unsigned keylen, const uint8_t *nonce,
             unsigned nlen, const uint8_t *aad, size_t alen, const uint8_t *in, uint8_t *out,
             size_t len, uint8_t *tag, unsigned tlen);

#endif
