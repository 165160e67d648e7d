/* SPDX-License-Identifier: MIT */
/*
 * crypto_config.h - the CycloneCRYPTO features the benchmark images use (the
 * rows of Oryx's STM32U0 page); everything else keeps the library's default.
 * No tracing: the timed regions must not print.
 */
#ifndef CRYPTO_CONFIG_H
#define CRYPTO_CONFIG_H

#define CRYPTO_TRACE_LEVEL 0 /* TRACE_LEVEL_OFF */

#define MD5_SUPPORT ENABLED
#define SHA3_224_SUPPORT ENABLED
#define SHA3_256_SUPPORT ENABLED
#define SHA3_384_SUPPORT ENABLED
#define SHA3_512_SUPPORT ENABLED
#define KECCAK_SUPPORT ENABLED
#define SM3_SUPPORT ENABLED
#define ASCON_HASH256_SUPPORT ENABLED
#define DES_SUPPORT ENABLED
#define DES3_SUPPORT ENABLED
#define AES_SUPPORT ENABLED
#define SM4_SUPPORT ENABLED
#define CHACHA_SUPPORT ENABLED
#define POLY1305_SUPPORT ENABLED
#define CBC_SUPPORT ENABLED
#define CTR_SUPPORT ENABLED
#define GCM_SUPPORT ENABLED
#define CCM_SUPPORT ENABLED
#define ASCON_AEAD128_SUPPORT ENABLED
#define CHACHA20_POLY1305_SUPPORT ENABLED

/* hardware/stm32u0xx: the AES peripheral for AES (the -hw image only) */
#ifdef CYCLONE_BENCH_HW
#define STM32U0XX_CRYPTO_CIPHER_SUPPORT ENABLED
#define STM32U0XX_CRYPTO_TRNG_SUPPORT DISABLED
#endif

#endif
