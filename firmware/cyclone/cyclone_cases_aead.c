/* SPDX-License-Identifier: MIT */
/*
 * cyclone_cases_aead.c - CycloneCRYPTO's AEAD on a 4096-byte message, no
 * associated data, 16-byte tag: rows oryx/<alg>/<enc|dec>/sw of Oryx's
 * STM32U0 page (AES-128/192/256 and SM4 in GCM and CCM, Ascon-AEAD128,
 * ChaCha20-Poly1305), or, in the -hw image, AES-128/256 GCM and CCM .../hw
 * through hardware/stm32u0xx.  GCM: 12-byte IV; CCM: 12-byte nonce;
 * ChaCha20-Poly1305: 12-byte nonce; Ascon-AEAD128: 16-byte nonce.
 *
 * Timed: one encrypt/decrypt call (tag included); the cipher key schedule
 * and GCM's table of multiples of H (gcmInit) are set up before, untimed.
 * Checks: encryption, SHA-256 of output || tag against cyclone_known.h, or
 * (Ascon, random inputs) decrypted back with its tag; decryption, setup()
 * encrypts, run() fails on a wrong tag, check() compares with the message.
 */
#include <string.h>

#include "core/crypto.h"
#include "aead/ccm.h"
#include "aead/chacha20_poly1305.h"
#include "aead/gcm.h"
#include "cipher/cipher_algorithms.h"
#include "lwc/ascon_aead128.h"
#ifdef CYCLONE_BENCH_HW
#include "hardware/stm32u0xx/stm32u0xx_crypto.h"
#endif

#include "cyclone_glue.h"
#include "sha2.h"

enum { CY_GCM, CY_CCM, CY_CHACHAPOLY, CY_ASCON };

typedef struct {
    const CipherAlgo *algo; /* GCM, CCM */
    uint8_t keylen, mode, dir;
    const uint8_t *expect; /* NULL: no independent answer (Ascon) */
} cy_aead_arg;

static CipherContext cy_aead_cipher BENCH_IO;
static GcmContext cy_gcm BENCH_IO;

static int cy_aead_do(const cy_aead_arg *a, int dir, const uint8_t *in, uint8_t *out)
{
    uint8_t *tag = cy_out + CY_MSG_BYTES;
    const size_t n = CY_MSG_BYTES;
    switch (a->mode) {
    case CY_GCM:
        return dir == CY_ENC ? gcmEncrypt(&cy_gcm, cy_iv, 12, NULL, 0, in, out, n, tag, 16)
                             : gcmDecrypt(&cy_gcm, cy_iv, 12, NULL, 0, in, out, n, tag, 16);
    case CY_CCM:
        return dir == CY_ENC
                   ? ccmEncrypt(a->algo, &cy_aead_cipher, cy_iv, 12, NULL, 0, in, out, n, tag, 16)
                   : ccmDecrypt(a->algo, &cy_aead_cipher, cy_iv, 12, NULL, 0, in, out, n, tag, 16);
#ifndef CYCLONE_BENCH_HW /* the -hw image links AES only */
    case CY_CHACHAPOLY:
        return dir == CY_ENC
                   ? chacha20Poly1305Encrypt(cy_key, 32, cy_iv, 12, NULL, 0, in, out, n, tag, 16)
                   : chacha20Poly1305Decrypt(cy_key, 32, cy_iv, 12, NULL, 0, in, out, n, tag, 16);
    case CY_ASCON:
        return dir == CY_ENC
                   ? asconAead128Encrypt(cy_key, 16, cy_iv, 16, NULL, 0, in, out, n, tag, 16)
                   : asconAead128Decrypt(cy_key, 16, cy_iv, 16, NULL, 0, in, out, n, tag, 16);
#endif
    default:
        return ERROR_INVALID_PARAMETER;
    }
}

static int cy_aead_setup(const bench_case_t *c)
{
    const cy_aead_arg *a = c->arg;
#ifdef CYCLONE_BENCH_HW
    if (stm32u0xxCryptoInit() != NO_ERROR) {
        return 1;
    }
#endif
    cy_inputs(c);
    memset(cy_out, 0, sizeof cy_out);
    if (a->algo && a->algo->init(&cy_aead_cipher, cy_key, a->keylen) != NO_ERROR) {
        return 1;
    }
    if (a->mode == CY_GCM && gcmInit(&cy_gcm, a->algo, &cy_aead_cipher) != NO_ERROR) {
        return 1;
    }
    if (a->dir == CY_DEC && cy_aead_do(a, CY_ENC, cy_msg, cy_msg) != NO_ERROR) {
        return 1;
    }
    return 0;
}

static int cy_aead_run(const bench_case_t *c)
{
    const cy_aead_arg *a = c->arg;
    return cy_aead_do(a, a->dir, cy_msg, cy_out) != NO_ERROR;
}

static int cy_aead_check(const bench_case_t *c)
{
    const cy_aead_arg *a = c->arg;
    if (a->dir == CY_DEC) {
        cy_inputs(c);
        return memcmp(cy_out, cy_msg, CY_MSG_BYTES) != 0;
    }
    if (bench_input_seed == 0 && a->expect) {
        return cy_digest_differs(cy_out, CY_MSG_BYTES + 16, a->expect);
    }
    /* decrypted back (not in place: Ascon's decryption does not allow it),
     * the tag checked, compared with the message drawn again */
    uint8_t back[32], orig[32];
    if (cy_aead_do(a, CY_DEC, cy_out, cy_msg) != NO_ERROR) {
        return 1;
    }
    sha256(cy_msg, CY_MSG_BYTES, back);
    cy_inputs(c);
    sha256(cy_msg, CY_MSG_BYTES, orig);
    return memcmp(back, orig, 32) != 0;
}

#define CY_AEAD_DIR(id, row, algo, keylen, mode, d, dir, expect)                             \
    static const cy_aead_arg id##_##d##_arg BENCH_IO_CONST = {algo, keylen, mode, dir,       \
                                                              expect};                       \
    BENCH_CASE(id##_##d, "cyclone/" row "/" #d CY_COLUMN, "oryx/" row "/" #d CY_COLUMN,     \
               "bytes=4096;aad=0;tag=16", cy_aead_setup, cy_aead_run, cy_aead_check,        \
               &id##_##d##_arg)

#define CY_AEAD(id, row, algo, keylen, mode, expect)                                         \
    CY_AEAD_DIR(id, row, algo, keylen, mode, enc, CY_ENC, expect);                            \
    CY_AEAD_DIR(id, row, algo, keylen, mode, dec, CY_DEC, expect)

CY_AEAD(cy_aes128_gcm, "aes128-gcm", AES_CIPHER_ALGO, 16, CY_GCM, cy_known_aes128_gcm);
CY_AEAD(cy_aes256_gcm, "aes256-gcm", AES_CIPHER_ALGO, 32, CY_GCM, cy_known_aes256_gcm);
CY_AEAD(cy_aes128_ccm, "aes128-ccm", AES_CIPHER_ALGO, 16, CY_CCM, cy_known_aes128_ccm);
CY_AEAD(cy_aes256_ccm, "aes256-ccm", AES_CIPHER_ALGO, 32, CY_CCM, cy_known_aes256_ccm);
#ifndef CYCLONE_BENCH_HW
CY_AEAD(cy_aes192_gcm, "aes192-gcm", AES_CIPHER_ALGO, 24, CY_GCM, cy_known_aes192_gcm);
CY_AEAD(cy_aes192_ccm, "aes192-ccm", AES_CIPHER_ALGO, 24, CY_CCM, cy_known_aes192_ccm);
CY_AEAD(cy_sm4_gcm, "sm4-gcm", SM4_CIPHER_ALGO, 16, CY_GCM, cy_known_sm4_gcm);
CY_AEAD(cy_sm4_ccm, "sm4-ccm", SM4_CIPHER_ALGO, 16, CY_CCM, cy_known_sm4_ccm);
CY_AEAD(cy_chachapoly, "chacha20poly1305", NULL, 32, CY_CHACHAPOLY, cy_known_chacha20poly1305);
CY_AEAD(cy_ascon_aead, "ascon-aead128", NULL, 16, CY_ASCON, NULL);
#endif
