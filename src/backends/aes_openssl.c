/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * aes_openssl.c - the AES block function of the AES peripheral models, on
 * libcrypto's EVP interface (ECB, no padding: one block per call).
 */
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "cyclesim/backends/aes_block.h"

struct csim_aes_block {
    EVP_CIPHER_CTX *ctx;
    uint8_t key[32];
    unsigned key_bytes; /* 0: no schedule yet */
    bool decrypt;
};

csim_aes_block *csim_aes_block_new(void)
{
    csim_aes_block *b = calloc(1, sizeof(*b));
    if (b && !(b->ctx = EVP_CIPHER_CTX_new())) {
        free(b);
        return NULL;
    }
    return b;
}

void csim_aes_block_free(csim_aes_block *b)
{
    if (b) {
        EVP_CIPHER_CTX_free(b->ctx);
        free(b);
    }
}

bool csim_aes_block_run(csim_aes_block *b, const uint8_t *key, unsigned key_bytes, bool decrypt,
                        const uint8_t in[16], uint8_t out[16])
{
    if (key_bytes != 16 && key_bytes != 32) {
        return false;
    }
    if (b->key_bytes != key_bytes || b->decrypt != decrypt || memcmp(b->key, key, key_bytes) != 0) {
        const EVP_CIPHER *c = key_bytes == 16 ? EVP_aes_128_ecb() : EVP_aes_256_ecb();
        if (EVP_CipherInit_ex(b->ctx, c, NULL, key, NULL, decrypt ? 0 : 1) != 1) {
            b->key_bytes = 0;
            return false;
        }
        EVP_CIPHER_CTX_set_padding(b->ctx, 0);
        memcpy(b->key, key, key_bytes);
        b->key_bytes = key_bytes;
        b->decrypt = decrypt;
    }
    int n = 0;
    return EVP_CipherUpdate(b->ctx, out, &n, in, 16) == 1 && n == 16;
}
