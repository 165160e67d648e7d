/* SPDX-License-Identifier: MIT */
/*
 * aes_cases.c - AES-CBC benchmark cases (rows aes-cbc/... of docs/row-keys.md):
 * encryption and decryption, 128/192/256-bit keys, small and fast
 * implementations,
 *   sole buffer: one aes_cbc_encrypt/decrypt call on 16..128 bytes, key
 *                schedule included (as one CMOX call);
 *   data flow:   init + setkey + setiv + appends of an 8000-byte message in
 *                chunks of 128..2048 bytes, the last chunk being the
 *                remainder (8000 = 3*2048 + 1856).
 *
 * Key, IV and message are fixed xorshift32 streams (aes_sha2_prng_fill in
 * flow_input.c); the known answer of a case is the SHA-256 of its output.
 * Decryption cases decrypt the message stream itself: CBC without padding
 * accepts any whole blocks.  The output depends only on direction, key length
 * and message length, not on the implementation or the chunking, so the
 * cases share 30 known answers.
 *
 * Random inputs (bench_input_seed != 0): setup() draws key, IV and message
 * from bench_random(), and check() runs the output back through the other
 * direction with the other implementation (small <-> fast), block by block
 * (no third 8000-byte buffer fits the smallest target), and compares with
 * the input.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "aes.h"
#include "bench.h"
#include "flow_input.h"
#include "sha2.h"

#include "aes_known.h"

typedef struct {
    uint8_t dir;            /* aes_dir */
    uint8_t impl;           /* aes_impl */
    uint8_t keylen;         /* bytes */
    uint16_t len;           /* message bytes */
    uint16_t chunk;         /* data flow: bytes per append; 0 = sole buffer */
    const uint8_t *expect;  /* SHA-256 of the output */
} aes_case_arg;

static uint8_t aes_output[AES_SHA2_INPUT_BYTES] BENCH_IO;
static uint8_t aes_key[32] BENCH_IO;
static uint8_t aes_iv[AES_BLOCK_BYTES] BENCH_IO;
static aes_cbc_ctx aes_flow_ctx BENCH_IO;

static int aes_setup(const bench_case_t *c)
{
    const aes_case_arg *a = c->arg;

    if (bench_random_begin(c)) {
        bench_random(aes_key, sizeof aes_key);
        bench_random(aes_iv, sizeof aes_iv);
        bench_random(aes_sha2_input, a->len);
    } else {
        aes_sha2_prng_fill(aes_key, sizeof aes_key, AES_KEY_SEED);
        aes_sha2_prng_fill(aes_iv, sizeof aes_iv, AES_IV_SEED);
        aes_sha2_prng_fill(aes_sha2_input, a->len, AES_MSG_SEED);
    }
    memset(aes_output, 0, a->len); /* no stale result can pass check() */
    return 0;
}

static int aes_run_sole(const bench_case_t *c)
{
    const aes_case_arg *a = c->arg;

    if (a->dir == AES_ENCRYPT)
        return aes_cbc_encrypt((aes_impl)a->impl, aes_key, a->keylen, aes_iv,
                               aes_sha2_input, a->len, aes_output);
    return aes_cbc_decrypt((aes_impl)a->impl, aes_key, a->keylen, aes_iv,
                           aes_sha2_input, a->len, aes_output);
}

static int aes_run_flow(const bench_case_t *c)
{
    const aes_case_arg *a = c->arg;
    size_t off, n;
    int rc = aes_cbc_init(&aes_flow_ctx, (aes_impl)a->impl, (aes_dir)a->dir);

    if (rc == AES_OK)
        rc = aes_cbc_setkey(&aes_flow_ctx, aes_key, a->keylen);
    if (rc != AES_OK)
        return rc;
    aes_cbc_setiv(&aes_flow_ctx, aes_iv);
    for (off = 0; off < a->len && rc == AES_OK; off += n) {
        n = a->len - off < a->chunk ? a->len - off : a->chunk;
        rc = aes_cbc_append(&aes_flow_ctx, aes_sha2_input + off, aes_output + off, n);
    }
    return rc;
}

/* Random inputs: the output, through the other direction and the other
 * implementation, must give the input back. */
static int aes_round_trip_differs(const aes_case_arg *a)
{
    aes_impl other = a->impl == AES_IMPL_SMALL ? AES_IMPL_FAST : AES_IMPL_SMALL;
    aes_dir back = a->dir == AES_ENCRYPT ? AES_DECRYPT : AES_ENCRYPT;
    uint8_t block[AES_BLOCK_BYTES];
    size_t off;

    if (aes_cbc_init(&aes_flow_ctx, other, back) != AES_OK ||
        aes_cbc_setkey(&aes_flow_ctx, aes_key, a->keylen) != AES_OK)
        return 1;
    aes_cbc_setiv(&aes_flow_ctx, aes_iv);
    for (off = 0; off < a->len; off += AES_BLOCK_BYTES)
        if (aes_cbc_append(&aes_flow_ctx, aes_output + off, block, AES_BLOCK_BYTES) != AES_OK ||
            memcmp(block, aes_sha2_input + off, AES_BLOCK_BYTES) != 0)
            return 1;
    return 0;
}

static int aes_check(const bench_case_t *c)
{
    const aes_case_arg *a = c->arg;
    uint8_t digest[32];

    if (bench_input_seed != 0)
        return aes_round_trip_differs(a);
    sha256(aes_output, a->len, digest);
    return memcmp(digest, a->expect, sizeof digest) != 0;
}

#define AES_IMPL_small AES_IMPL_SMALL
#define AES_IMPL_fast AES_IMPL_FAST
#define AES_DIR_enc AES_ENCRYPT
#define AES_DIR_dec AES_DECRYPT

/* The row key doubles as the case name (one string in flash). */
#define AES_ROW(d, kb, im, tail) "aes-cbc/" #d "/" #kb "/" #im tail

/* d: enc/dec, di: its index, kb: key bits, ki: key index, im: small/fast. */
#define AES_SOLE_CASE(d, di, kb, ki, im, n, ni)                                \
    static const aes_case_arg aes_arg_##d##_##kb##_##im##_sole_##n BENCH_IO_CONST = { \
        AES_DIR_##d, AES_IMPL_##im, kb / 8, n, 0,                              \
        aes_sole_expect[AES_SOLE_IDX(di, ki, ni)]};                            \
    BENCH_CASE(aes_case_##d##_##kb##_##im##_sole_##n,                          \
               AES_ROW(d, kb, im, "/sole/" #n),                                \
               AES_ROW(d, kb, im, "/sole/" #n),                                \
               "dir=" #d ";key=" #kb ";impl=" #im ";bytes=" #n, aes_setup,     \
               aes_run_sole, aes_check, &aes_arg_##d##_##kb##_##im##_sole_##n)

#define AES_FLOW_CASE(d, di, kb, ki, im, chunk)                                \
    static const aes_case_arg aes_arg_##d##_##kb##_##im##_flow_##chunk BENCH_IO_CONST = { \
        AES_DIR_##d, AES_IMPL_##im, kb / 8, AES_SHA2_INPUT_BYTES, chunk,       \
        aes_flow_expect[(di) * 3 + (ki)]};                                     \
    BENCH_CASE(aes_case_##d##_##kb##_##im##_flow_##chunk,                      \
               AES_ROW(d, kb, im, "/flow/8000/" #chunk),                       \
               AES_ROW(d, kb, im, "/flow/8000/" #chunk),                       \
               "dir=" #d ";key=" #kb ";impl=" #im ";bytes=8000;chunk=" #chunk, \
               aes_setup, aes_run_flow, aes_check,                             \
               &aes_arg_##d##_##kb##_##im##_flow_##chunk)

#define AES_SOLE_SIZES(d, di, kb, ki, im)                                      \
    AES_SOLE_CASE(d, di, kb, ki, im, 16, 0);                                   \
    AES_SOLE_CASE(d, di, kb, ki, im, 32, 1);                                   \
    AES_SOLE_CASE(d, di, kb, ki, im, 64, 2);                                   \
    AES_SOLE_CASE(d, di, kb, ki, im, 128, 3)

#define AES_FLOW_CHUNKS(d, di, kb, ki, im)                                     \
    AES_FLOW_CASE(d, di, kb, ki, im, 128);                                     \
    AES_FLOW_CASE(d, di, kb, ki, im, 512);                                     \
    AES_FLOW_CASE(d, di, kb, ki, im, 1024);                                    \
    AES_FLOW_CASE(d, di, kb, ki, im, 2048)

/* Every direction x key length x implementation. */
#define AES_ALL(GROUP)                                                         \
    GROUP(enc, 0, 128, 0, small); GROUP(enc, 0, 192, 1, small);                \
    GROUP(enc, 0, 256, 2, small); GROUP(enc, 0, 128, 0, fast);                 \
    GROUP(enc, 0, 192, 1, fast); GROUP(enc, 0, 256, 2, fast);                  \
    GROUP(dec, 1, 128, 0, small); GROUP(dec, 1, 192, 1, small);                \
    GROUP(dec, 1, 256, 2, small); GROUP(dec, 1, 128, 0, fast);                 \
    GROUP(dec, 1, 192, 1, fast); GROUP(dec, 1, 256, 2, fast)

AES_ALL(AES_SOLE_SIZES);
AES_ALL(AES_FLOW_CHUNKS);
