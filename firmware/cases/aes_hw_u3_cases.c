/* SPDX-License-Identifier: MIT */
/*
 * aes_hw_u3_cases.c - the STM32U3's AES and SAES through the open polling
 * driver (crypto/aes_hw_u3.c), rows aes_hw_u3/<alg>/<enc|dec>/<aes|saes>
 * (docs/aes.md).  Runs on the stm32u385rg model and the NUCLEO-U385RG-Q
 * only: no other target has these peripherals at 0x420C0000/0x420C0C00.
 *
 * The same messages, keys, IVs and known answers as aes_hw_cases.c (the U0
 * AES): one driver call on 4096 bytes, key and IV loading included; GCM:
 * 12-byte IV, CCM: 12-byte nonce, no AAD, 16-byte tags.  Checks as there: an
 * encryption case compares the SHA-256 of its output (and tag) with
 * aes_hw_known.h, a decryption case decrypts what setup() encrypted and
 * compares with the message; random inputs decrypt back instead.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "aes_hw_u3.h"
#include "bench.h"
#include "flow_input.h"
#include "sha2.h"

#include "aes_hw_known.h"

#define AES_HW_MSG_BYTES 4096u

enum { M_CBC, M_CTR, M_GCM, M_CCM };

typedef struct {
    uint8_t mode;
    uint8_t dir; /* aes3_dir */
    uint8_t keylen;
    uint8_t unit; /* aes3_unit */
} aes_hw_arg;

/* message: aes_sha2_input (flow_input.c); output followed by the tag */
static uint8_t aes_hw_out[AES_HW_MSG_BYTES + 16] __attribute__((aligned(4))) BENCH_IO;
static uint8_t aes_hw_key[32] BENCH_IO;
static uint8_t aes_hw_iv[16] BENCH_IO;
static uint8_t aes_hw_iv_work[16] BENCH_IO; /* CBC/CTR chaining value the call updates */

static void aes_hw_inputs(const bench_case_t *c)
{
    if (bench_random_begin(c)) {
        bench_random(aes_hw_key, sizeof aes_hw_key);
        bench_random(aes_hw_iv, sizeof aes_hw_iv);
        bench_random(aes_sha2_input, AES_HW_MSG_BYTES);
    } else {
        aes_sha2_prng_fill(aes_hw_key, sizeof aes_hw_key, AES_HW_KEY_SEED);
        aes_sha2_prng_fill(aes_hw_iv, sizeof aes_hw_iv, AES_HW_IV_SEED);
        aes_sha2_prng_fill(aes_sha2_input, AES_HW_MSG_BYTES, AES_HW_MSG_SEED);
    }
}

static int aes_hw_do(const aes_hw_arg *a, aes3_dir dir, const uint8_t *in, uint8_t *out)
{
    uint8_t *tag = aes_hw_out + AES_HW_MSG_BYTES;
    aes3_unit u = (aes3_unit)a->unit;
    memcpy(aes_hw_iv_work, aes_hw_iv, 16);
    switch (a->mode) {
    case M_CBC:
        return aes3_cbc(u, dir, aes_hw_key, a->keylen, aes_hw_iv_work, in, out, AES_HW_MSG_BYTES);
    case M_CTR:
        return aes3_ctr(u, aes_hw_key, a->keylen, aes_hw_iv_work, in, out, AES_HW_MSG_BYTES);
    case M_GCM:
        return aes3_gcm(u, dir, aes_hw_key, a->keylen, aes_hw_iv, NULL, 0, in, out, AES_HW_MSG_BYTES,
                        tag);
    default:
        return aes3_ccm(u, dir, aes_hw_key, a->keylen, aes_hw_iv, 12, NULL, 0, in, out,
                        AES_HW_MSG_BYTES, tag, 16);
    }
}

/* Decryption cases: the message is replaced by its encryption (the tag stays
 * in aes_hw_out for run() to verify). */
static int aes_hw_setup(const bench_case_t *c)
{
    const aes_hw_arg *a = c->arg;
    aes3_init((aes3_unit)a->unit);
    aes_hw_inputs(c);
    memset(aes_hw_out, 0, AES_HW_MSG_BYTES); /* no stale result can pass check() */
    if (a->dir == AES3_DECRYPT) {
        if (aes_hw_do(a, AES3_ENCRYPT, aes_sha2_input, aes_sha2_input) != AES3_OK) {
            return 1;
        }
    }
    return 0;
}

static int aes_hw_run(const bench_case_t *c)
{
    const aes_hw_arg *a = c->arg;
    return aes_hw_do(a, (aes3_dir)a->dir, aes_sha2_input, aes_hw_out);
}

static int aes_hw_check(const bench_case_t *c)
{
    const aes_hw_arg *a = c->arg;
    if (a->dir == AES3_DECRYPT) {
        aes_hw_inputs(c); /* the same draws again: the plaintext */
        return memcmp(aes_hw_out, aes_sha2_input, AES_HW_MSG_BYTES) != 0;
    }
    if (bench_input_seed != 0) {
        if (aes_hw_do(a, AES3_DECRYPT, aes_hw_out, aes_hw_out) != AES3_OK) {
            return 1;
        }
        return memcmp(aes_hw_out, aes_sha2_input, AES_HW_MSG_BYTES) != 0;
    }
    uint8_t digest[32];
    sha256(aes_hw_out, AES_HW_MSG_BYTES + (a->mode >= M_GCM ? 16u : 0u), digest);
    return memcmp(digest, aes_hw_expect[2 * a->mode + (a->keylen == 32)], 32) != 0;
}

#define AES_HW_CASE(alg, mode, kb, d, dir, unit, un)                                       \
    static const aes_hw_arg aes_hw_arg_##alg##_##kb##_##d##_##un BENCH_IO_CONST = {           \
        mode, dir, kb / 8, unit};                                                             \
    BENCH_CASE(aes_hw_case_##alg##_##kb##_##d##_##un, "aes_hw_u3/aes" #kb "-" #alg "/" #d "/" #un, \
               "aes_hw_u3/aes" #kb "-" #alg "/" #d "/" #un, "bytes=4096;driver=aes_hw_u3",      \
               aes_hw_setup, aes_hw_run, aes_hw_check, &aes_hw_arg_##alg##_##kb##_##d##_##un)

#define AES_HW_BOTH(alg, mode, kb, unit, un)                                                \
    AES_HW_CASE(alg, mode, kb, enc, AES3_ENCRYPT, unit, un);                                \
    AES_HW_CASE(alg, mode, kb, dec, AES3_DECRYPT, unit, un)

#define AES_HW_UNIT(unit, un)                                                               \
    AES_HW_BOTH(cbc, M_CBC, 128, unit, un);                                                 \
    AES_HW_BOTH(cbc, M_CBC, 256, unit, un);                                                 \
    AES_HW_BOTH(ctr, M_CTR, 128, unit, un);                                                 \
    AES_HW_BOTH(ctr, M_CTR, 256, unit, un);                                                 \
    AES_HW_BOTH(gcm, M_GCM, 128, unit, un);                                                 \
    AES_HW_BOTH(gcm, M_GCM, 256, unit, un);                                                 \
    AES_HW_BOTH(ccm, M_CCM, 128, unit, un);                                                 \
    AES_HW_BOTH(ccm, M_CCM, 256, unit, un)

AES_HW_UNIT(AES3_AES, aes);
AES_HW_UNIT(AES3_SAES, saes);
