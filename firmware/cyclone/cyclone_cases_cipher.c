/* SPDX-License-Identifier: MIT */
/*
 * cyclone_cases_cipher.c - CycloneCRYPTO's block-cipher modes on a 4096-byte
 * message: rows oryx/<cipher>-<cbc|ctr>/<enc|dec>/sw of Oryx's STM32U0 page
 * (3DES, AES-128/192/256, SM4), or, in the -hw image, the AES-128/256 rows
 * .../hw through hardware/stm32u0xx and the AES peripheral.
 *
 * Timed: one cbcEncrypt/cbcDecrypt/ctrEncrypt/ctrDecrypt call on the whole
 * message; the key schedule (cipher init) is set up before, untimed, since a
 * throughput figure does not include it.  CTR uses the whole block as the
 * counter (m = block bits).
 * Checks: encryption, SHA-256 of the output against cyclone_known.h (fixed
 * inputs) or decrypted back (random inputs); decryption, setup() encrypts the
 * message and check() compares the plaintext with the message.
 */
#include <string.h>

#include "core/crypto.h"
#include "cipher/cipher_algorithms.h"
#include "cipher_modes/cbc.h"
#include "cipher_modes/ctr.h"
#ifdef CYCLONE_BENCH_HW
#include "hardware/stm32u0xx/stm32u0xx_crypto.h"
#endif

#include "cyclone_glue.h"

enum { CY_CBC, CY_CTR };

typedef struct {
    const CipherAlgo *algo;
    uint8_t keylen, mode, dir;
    const uint8_t *expect;
} cy_cipher_arg;

static CipherContext cy_cipher_ctx BENCH_IO;
static uint8_t cy_chain[16] BENCH_IO; /* IV or counter, updated by the call */

static int cy_cipher_do(const cy_cipher_arg *a, int dir, const uint8_t *in, uint8_t *out)
{
    size_t bs = a->algo->blockSize;
    memcpy(cy_chain, cy_iv, bs);
    if (a->mode == CY_CBC) {
        return dir == CY_ENC ? cbcEncrypt(a->algo, &cy_cipher_ctx, cy_chain, in, out, CY_MSG_BYTES)
                             : cbcDecrypt(a->algo, &cy_cipher_ctx, cy_chain, in, out, CY_MSG_BYTES);
    }
    return dir == CY_ENC ? ctrEncrypt(a->algo, &cy_cipher_ctx, bs * 8, cy_chain, in, out, CY_MSG_BYTES)
                         : ctrDecrypt(a->algo, &cy_cipher_ctx, bs * 8, cy_chain, in, out, CY_MSG_BYTES);
}

static int cy_cipher_setup(const bench_case_t *c)
{
    const cy_cipher_arg *a = c->arg;
#ifdef CYCLONE_BENCH_HW
    if (stm32u0xxCryptoInit() != NO_ERROR) {
        return 1;
    }
#endif
    cy_inputs(c);
    memset(cy_out, 0, sizeof cy_out);
    if (a->algo->init(&cy_cipher_ctx, cy_key, a->keylen) != NO_ERROR) {
        return 1;
    }
    if (a->dir == CY_DEC && cy_cipher_do(a, CY_ENC, cy_msg, cy_msg) != NO_ERROR) {
        return 1;
    }
    return 0;
}

static int cy_cipher_run(const bench_case_t *c)
{
    const cy_cipher_arg *a = c->arg;
    return cy_cipher_do(a, a->dir, cy_msg, cy_out) != NO_ERROR;
}

static int cy_cipher_check(const bench_case_t *c)
{
    const cy_cipher_arg *a = c->arg;
    if (a->dir == CY_DEC) {
        cy_inputs(c);
        return memcmp(cy_out, cy_msg, CY_MSG_BYTES) != 0;
    }
    if (bench_input_seed == 0) {
        return cy_digest_differs(cy_out, CY_MSG_BYTES, a->expect);
    }
    if (cy_cipher_do(a, CY_DEC, cy_out, cy_out) != NO_ERROR) {
        return 1;
    }
    return memcmp(cy_out, cy_msg, CY_MSG_BYTES) != 0;
}

#define CY_CIPHER_DIR(id, row, algo, keylen, mode, d, dir, expect)                           \
    static const cy_cipher_arg id##_##d##_arg BENCH_IO_CONST = {algo, keylen, mode, dir,     \
                                                                expect};                     \
    BENCH_CASE(id##_##d, "cyclone/" row "/" #d CY_COLUMN, "oryx/" row "/" #d CY_COLUMN,     \
               "bytes=4096", cy_cipher_setup, cy_cipher_run, cy_cipher_check, &id##_##d##_arg)

#define CY_CIPHER(id, row, algo, keylen, mode, expect)                                       \
    CY_CIPHER_DIR(id, row, algo, keylen, mode, enc, CY_ENC, expect);                          \
    CY_CIPHER_DIR(id, row, algo, keylen, mode, dec, CY_DEC, expect)

CY_CIPHER(cy_aes128_cbc, "aes128-cbc", AES_CIPHER_ALGO, 16, CY_CBC, cy_known_aes128_cbc);
CY_CIPHER(cy_aes256_cbc, "aes256-cbc", AES_CIPHER_ALGO, 32, CY_CBC, cy_known_aes256_cbc);
CY_CIPHER(cy_aes128_ctr, "aes128-ctr", AES_CIPHER_ALGO, 16, CY_CTR, cy_known_aes128_ctr);
CY_CIPHER(cy_aes256_ctr, "aes256-ctr", AES_CIPHER_ALGO, 32, CY_CTR, cy_known_aes256_ctr);
#ifndef CYCLONE_BENCH_HW /* the peripheral has no 192-bit keys, nor 3DES or SM4 */
CY_CIPHER(cy_aes192_cbc, "aes192-cbc", AES_CIPHER_ALGO, 24, CY_CBC, cy_known_aes192_cbc);
CY_CIPHER(cy_aes192_ctr, "aes192-ctr", AES_CIPHER_ALGO, 24, CY_CTR, cy_known_aes192_ctr);
CY_CIPHER(cy_3des_cbc, "3des-cbc", DES3_CIPHER_ALGO, 24, CY_CBC, cy_known_3des_cbc);
CY_CIPHER(cy_3des_ctr, "3des-ctr", DES3_CIPHER_ALGO, 24, CY_CTR, cy_known_3des_ctr);
CY_CIPHER(cy_sm4_cbc, "sm4-cbc", SM4_CIPHER_ALGO, 16, CY_CBC, cy_known_sm4_cbc);
CY_CIPHER(cy_sm4_ctr, "sm4-ctr", SM4_CIPHER_ALGO, 16, CY_CTR, cy_known_sm4_ctr);
#endif
