/* SPDX-License-Identifier: MIT */
/*
 * cmox_cases_cipher.c - AES-CBC through ST's CMOX library (X-CUBE-CRYPTOLIB):
 * the rows aes-cbc/... of docs/row-keys.md, for the library's two AES
 * implementations (CMOX_AESSMALL_* = "Small", CMOX_AESFAST_* = "Fast").
 *
 *   sole buffer: one cmox_cipher_encrypt/decrypt call (CMOX_AES{SMALL,FAST}_
 *                CBC_{ENC,DEC}_ALGO) on 16..128 bytes, key schedule included;
 *   data flow:   cmox_cipher_init, cmox_cipher_setKey, cmox_cipher_setIV and
 *                cmox_cipher_append per chunk of an 8000-byte message, chunks
 *                of 128..2048 bytes (8000 = 3*2048 + 1856), as the pages list;
 *                cmox_cbc_construct() runs in setup(), cmox_cipher_cleanup()
 *                in check() (neither is timed).
 *
 * Inputs and known answers are those of cases/aes_cases.c: key, IV and
 * message are the xorshift32 streams of the same seeds, and check() compares
 * the SHA-256 of the output (computed with the project's crypto/sha2.c, not
 * with CMOX) with the digests listed there (OpenSSL 3 at generation).
 *
 * Random inputs (bench_input_seed != 0): setup() draws key, IV and message
 * from bench_random(), and check() runs the output back through the other
 * direction of the project's own AES (crypto/aes.c, independent of CMOX),
 * block by block, and compares with the input.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "aes.h"
#include "bench.h"
#include "sha2.h"

#include "cmox_crypto.h"
#include "cmox_rv.h"

/* cmox_glue.c */
int bench_cmox_init(void);
void bench_cmox_prng_fill(uint8_t *buf, size_t len, uint32_t seed);

#define CX_AES_INPUT_BYTES 8000u
#define CX_AES_BLOCK 16u

#include "../cases/aes_known.h"

enum { CX_AES_ENC = 0, CX_AES_DEC = 1 };
enum { CX_AES_SMALL = 0, CX_AES_FAST = 1 };

typedef struct {
    uint8_t dir;           /* CX_AES_ENC / CX_AES_DEC */
    uint8_t impl;          /* CX_AES_SMALL / CX_AES_FAST */
    uint8_t keylen;        /* bytes */
    uint16_t len;          /* message bytes */
    uint16_t chunk;        /* data flow: bytes per append; 0 = sole buffer */
    const uint8_t *expect; /* SHA-256 of the output */
} cmox_aes_arg;

static uint8_t aes_input[CX_AES_INPUT_BYTES] BENCH_IO;
static uint8_t aes_output[CX_AES_INPUT_BYTES] BENCH_IO;
static uint8_t aes_key[32] BENCH_IO;
static uint8_t aes_iv[CX_AES_BLOCK] BENCH_IO;
static cmox_cbc_handle_t cx_cbc_handle BENCH_IO;
static cmox_cipher_handle_t *aes_cipher BENCH_IO;
static cmox_cipher_retval_t aes_rv BENCH_IO;
static size_t aes_outlen BENCH_IO;
static aes_cbc_ctx aes_check_ctx BENCH_IO;

static cmox_cipher_algo_t aes_sole_algo(const cmox_aes_arg *a)
{
    if (a->impl == CX_AES_FAST)
        return a->dir == CX_AES_ENC ? CMOX_AESFAST_CBC_ENC_ALGO : CMOX_AESFAST_CBC_DEC_ALGO;
    return a->dir == CX_AES_ENC ? CMOX_AESSMALL_CBC_ENC_ALGO : CMOX_AESSMALL_CBC_DEC_ALGO;
}

static cmox_cbc_impl_t aes_flow_impl(const cmox_aes_arg *a)
{
    if (a->impl == CX_AES_FAST)
        return a->dir == CX_AES_ENC ? CMOX_AESFAST_CBC_ENC : CMOX_AESFAST_CBC_DEC;
    return a->dir == CX_AES_ENC ? CMOX_AESSMALL_CBC_ENC : CMOX_AESSMALL_CBC_DEC;
}

static int aes_setup(const bench_case_t *c)
{
    const cmox_aes_arg *a = c->arg;

    if (bench_cmox_init() != 0)
        return 1;
    if (bench_random_begin(c)) {
        bench_random(aes_key, sizeof aes_key);
        bench_random(aes_iv, sizeof aes_iv);
        bench_random(aes_input, a->len);
    } else {
        bench_cmox_prng_fill(aes_key, sizeof aes_key, AES_KEY_SEED);
        bench_cmox_prng_fill(aes_iv, sizeof aes_iv, AES_IV_SEED);
        bench_cmox_prng_fill(aes_input, a->len, AES_MSG_SEED);
    }
    memset(aes_output, 0, a->len); /* no stale result can pass check() */
    aes_outlen = 0;
    aes_rv = CMOX_CIPHER_ERR_INTERNAL;
    aes_cipher = NULL;
    if (a->chunk != 0) {
        aes_cipher = cmox_cbc_construct(&cx_cbc_handle, aes_flow_impl(a));
        if (aes_cipher == NULL)
            return 1;
    }
    return 0;
}

static int aes_run_sole(const bench_case_t *c)
{
    const cmox_aes_arg *a = c->arg;

    if (a->dir == CX_AES_ENC)
        aes_rv = cmox_cipher_encrypt(aes_sole_algo(a), aes_input, a->len, aes_key, a->keylen,
                                     aes_iv, sizeof aes_iv, aes_output, &aes_outlen);
    else
        aes_rv = cmox_cipher_decrypt(aes_sole_algo(a), aes_input, a->len, aes_key, a->keylen,
                                     aes_iv, sizeof aes_iv, aes_output, &aes_outlen);
    return aes_rv != CMOX_CIPHER_SUCCESS;
}

static int aes_run_flow(const bench_case_t *c)
{
    const cmox_aes_arg *a = c->arg;
    size_t off, n, got;

    aes_rv = cmox_cipher_init(aes_cipher);
    if (aes_rv == CMOX_CIPHER_SUCCESS)
        aes_rv = cmox_cipher_setKey(aes_cipher, aes_key, a->keylen);
    if (aes_rv == CMOX_CIPHER_SUCCESS)
        aes_rv = cmox_cipher_setIV(aes_cipher, aes_iv, sizeof aes_iv);
    for (off = 0; off < a->len && aes_rv == CMOX_CIPHER_SUCCESS; off += n) {
        n = a->len - off < a->chunk ? a->len - off : a->chunk;
        got = 0;
        aes_rv = cmox_cipher_append(aes_cipher, aes_input + off, n, aes_output + off, &got);
        aes_outlen += got;
    }
    return aes_rv != CMOX_CIPHER_SUCCESS;
}

/* Random inputs: the output, through the other direction of crypto/aes.c,
 * must give the input back. */
static int aes_round_trip_differs(const cmox_aes_arg *a)
{
    uint8_t block[CX_AES_BLOCK];
    size_t off;

    if (aes_cbc_init(&aes_check_ctx, AES_IMPL_FAST,
                     a->dir == CX_AES_ENC ? AES_DECRYPT : AES_ENCRYPT) != AES_OK ||
        aes_cbc_setkey(&aes_check_ctx, aes_key, a->keylen) != AES_OK)
        return 1;
    aes_cbc_setiv(&aes_check_ctx, aes_iv);
    for (off = 0; off < a->len; off += CX_AES_BLOCK)
        if (aes_cbc_append(&aes_check_ctx, aes_output + off, block, CX_AES_BLOCK) != AES_OK ||
            memcmp(block, aes_input + off, CX_AES_BLOCK) != 0)
            return 1;
    return 0;
}

static int aes_check(const bench_case_t *c)
{
    const cmox_aes_arg *a = c->arg;
    uint8_t digest[32];

    if (aes_cipher != NULL)
        (void)cmox_cipher_cleanup(aes_cipher);
    if (bench_cmox_rv(aes_rv, "cmox_cipher") != CMOX_CIPHER_SUCCESS || aes_outlen != a->len)
        return 1;
    if (bench_input_seed != 0)
        return aes_round_trip_differs(a);
    sha256(aes_output, a->len, digest);
    return memcmp(digest, a->expect, sizeof digest) != 0;
}

#define CX_AES_IMPL_small CX_AES_SMALL
#define CX_AES_IMPL_fast CX_AES_FAST
#define CX_AES_DIR_enc CX_AES_ENC
#define CX_AES_DIR_dec CX_AES_DEC

/* Case name "cmox/<row key>"; the row key is that of the open case. */
#define AES_ROW(d, kb, im, tail) "aes-cbc/" #d "/" #kb "/" #im tail

#define AES_PARAMS(d, kb, im) "lib=cmox;dir=" #d ";key=" #kb ";impl=" #im

/* d: enc/dec, di: its index, kb: key bits, ki: key index, im: small/fast. */
#define AES_SOLE_CASE(d, di, kb, ki, im, n, ni)                                  \
    static const cmox_aes_arg cmox_aes_arg_##d##_##kb##_##im##_sole_##n BENCH_IO_CONST = { \
        CX_AES_DIR_##d, CX_AES_IMPL_##im, kb / 8, n, 0,                      \
        aes_sole_expect[AES_SOLE_IDX(di, ki, ni)]};                              \
    BENCH_CASE(cmox_aes_case_##d##_##kb##_##im##_sole_##n,                       \
               "cmox/" AES_ROW(d, kb, im, "/sole/" #n),                          \
               AES_ROW(d, kb, im, "/sole/" #n),                                  \
               AES_PARAMS(d, kb, im) ";bytes=" #n, aes_setup, aes_run_sole,      \
               aes_check, &cmox_aes_arg_##d##_##kb##_##im##_sole_##n)

#define AES_FLOW_CASE(d, di, kb, ki, im, chunk)                                  \
    static const cmox_aes_arg cmox_aes_arg_##d##_##kb##_##im##_flow_##chunk BENCH_IO_CONST = { \
        CX_AES_DIR_##d, CX_AES_IMPL_##im, kb / 8, CX_AES_INPUT_BYTES, chunk, \
        aes_flow_expect[(di) * 3 + (ki)]};                                       \
    BENCH_CASE(cmox_aes_case_##d##_##kb##_##im##_flow_##chunk,                   \
               "cmox/" AES_ROW(d, kb, im, "/flow/8000/" #chunk),                 \
               AES_ROW(d, kb, im, "/flow/8000/" #chunk),                         \
               AES_PARAMS(d, kb, im) ";bytes=8000;chunk=" #chunk, aes_setup,     \
               aes_run_flow, aes_check,                                          \
               &cmox_aes_arg_##d##_##kb##_##im##_flow_##chunk)

#define AES_SOLE_SIZES(d, di, kb, ki, im)                                        \
    AES_SOLE_CASE(d, di, kb, ki, im, 16, 0);                                     \
    AES_SOLE_CASE(d, di, kb, ki, im, 32, 1);                                     \
    AES_SOLE_CASE(d, di, kb, ki, im, 64, 2);                                     \
    AES_SOLE_CASE(d, di, kb, ki, im, 128, 3)

#define AES_FLOW_CHUNKS(d, di, kb, ki, im)                                       \
    AES_FLOW_CASE(d, di, kb, ki, im, 128);                                       \
    AES_FLOW_CASE(d, di, kb, ki, im, 512);                                       \
    AES_FLOW_CASE(d, di, kb, ki, im, 1024);                                      \
    AES_FLOW_CASE(d, di, kb, ki, im, 2048)

/* Every direction x key length x implementation. */
#define AES_ALL(GROUP)                                                           \
    GROUP(enc, 0, 128, 0, small); GROUP(enc, 0, 192, 1, small);                  \
    GROUP(enc, 0, 256, 2, small); GROUP(enc, 0, 128, 0, fast);                   \
    GROUP(enc, 0, 192, 1, fast); GROUP(enc, 0, 256, 2, fast);                    \
    GROUP(dec, 1, 128, 0, small); GROUP(dec, 1, 192, 1, small);                  \
    GROUP(dec, 1, 256, 2, small); GROUP(dec, 1, 128, 0, fast);                   \
    GROUP(dec, 1, 192, 1, fast); GROUP(dec, 1, 256, 2, fast)

AES_ALL(AES_SOLE_SIZES);
AES_ALL(AES_FLOW_CHUNKS);
