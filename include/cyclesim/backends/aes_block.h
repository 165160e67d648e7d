/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aes_block.h - one AES block (FIPS-197) for the AES peripheral models; the
 * implementation is OpenSSL's libcrypto (src/backends/aes_openssl.c).
 */
#ifndef CYCLESIM_AES_BLOCK_H
#define CYCLESIM_AES_BLOCK_H

#include <stdbool.h>
#include <stdint.h>

typedef struct csim_aes_block csim_aes_block;

csim_aes_block *csim_aes_block_new(void);
void csim_aes_block_free(csim_aes_block *b);

/** Encrypts (decrypt false) or decrypts one 16-byte block with a 16- or
 *  32-byte key; the key schedule is kept until the key or direction changes.
 *  false on a library failure. */
bool csim_aes_block_run(csim_aes_block *b, const uint8_t *key, unsigned key_bytes, bool decrypt,
                        const uint8_t in[16], uint8_t out[16]);

#endif
