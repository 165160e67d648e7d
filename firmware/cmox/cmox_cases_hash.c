/* SPDX-License-Identifier: MIT */
/*
 * cmox_cases_hash.c - SHA-256 and SHA-384 through ST's CMOX library: the rows
 * sha256/... and sha384/... of docs/row-keys.md.
 *
 *   sole buffer: one cmox_hash_compute(CMOX_SHA256_ALGO / CMOX_SHA384_ALGO)
 *                call on 16..128 bytes;
 *   data flow:   cmox_hash_init, cmox_hash_append per chunk of an 8000-byte
 *                message (chunks of 128..2048 bytes), cmox_hash_generateTag,
 *                as the pages list (cmox_sha256/384_construct() in setup(),
 *                cmox_hash_cleanup() in check(), neither timed);
 *   final tag:   cmox_hash_generateTag alone, after setup() has appended the
 *                8000-byte message.
 *
 * Inputs and known answers are those of cases/sha_cases.c: the xorshift32
 * stream of the same seed and the digests listed there (OpenSSL 3 at
 * generation).
 *
 * Random inputs (bench_input_seed != 0): setup() draws the message from
 * bench_random(), and check() compares the digest with that of the
 * project's own SHA-2 (crypto/sha2.c, independent of CMOX), untimed.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bench.h"
#include "sha2.h"

#include "cmox_crypto.h"
#include "cmox_rv.h"

/* cmox_glue.c */
int bench_cmox_init(void);
void bench_cmox_prng_fill(uint8_t *buf, size_t len, uint32_t seed);

#define CX_SHA_INPUT_BYTES 8000u

enum cmox_sha_alg { SHA_256, SHA_384 };
enum cmox_sha_mode { SHA_SOLE, SHA_FLOW, SHA_FINAL };

typedef struct {
    uint8_t alg;           /* enum cmox_sha_alg */
    uint8_t mode;          /* enum cmox_sha_mode */
    uint16_t len;          /* message bytes */
    uint16_t chunk;        /* SHA_FLOW: bytes per append */
    const uint8_t *expect; /* digest, 32 or 48 bytes */
} cmox_sha_arg;

#include "../cases/sha_known.h"

static uint8_t sha_input[CX_SHA_INPUT_BYTES] BENCH_IO;
static union {
    cmox_sha256_handle_t s256;
    cmox_sha384_handle_t s384;
} sha_ctx BENCH_IO;
static cmox_hash_handle_t *sha_hash BENCH_IO;
static uint8_t sha_digest[48] BENCH_IO;
static size_t sha_digest_len BENCH_IO;
static cmox_hash_retval_t sha_rv BENCH_IO;

static size_t sha_bytes(const cmox_sha_arg *a)
{
    return a->alg == SHA_256 ? CMOX_SHA256_SIZE : CMOX_SHA384_SIZE;
}

static int sha_setup(const bench_case_t *c)
{
    const cmox_sha_arg *a = c->arg;

    if (bench_cmox_init() != 0)
        return 1;
    if (bench_random_begin(c))
        bench_random(sha_input, a->len);
    else
        bench_cmox_prng_fill(sha_input, a->len, SHA_MSG_SEED);
    memset(sha_digest, 0, sizeof sha_digest);
    sha_digest_len = 0;
    sha_rv = CMOX_HASH_ERR_INTERNAL;
    sha_hash = NULL;
    if (a->mode == SHA_SOLE)
        return 0;
    sha_hash = a->alg == SHA_256 ? cmox_sha256_construct(&sha_ctx.s256)
                                 : cmox_sha384_construct(&sha_ctx.s384);
    if (sha_hash == NULL)
        return 1;
    if (a->mode == SHA_FINAL) {
        /* Only the final call is measured: absorb the message here. */
        if (cmox_hash_init(sha_hash) != CMOX_HASH_SUCCESS ||
            cmox_hash_append(sha_hash, sha_input, a->len) != CMOX_HASH_SUCCESS)
            return 1;
    }
    return 0;
}

static int sha_run_sole(const bench_case_t *c)
{
    const cmox_sha_arg *a = c->arg;

    sha_rv = cmox_hash_compute(a->alg == SHA_256 ? CMOX_SHA256_ALGO : CMOX_SHA384_ALGO, sha_input,
                               a->len, sha_digest, sha_bytes(a), &sha_digest_len);
    return sha_rv != CMOX_HASH_SUCCESS;
}

static int sha_run_flow(const bench_case_t *c)
{
    const cmox_sha_arg *a = c->arg;
    size_t off, n;

    sha_rv = cmox_hash_init(sha_hash);
    for (off = 0; off < a->len && sha_rv == CMOX_HASH_SUCCESS; off += n) {
        n = a->len - off < a->chunk ? a->len - off : a->chunk;
        sha_rv = cmox_hash_append(sha_hash, sha_input + off, n);
    }
    if (sha_rv == CMOX_HASH_SUCCESS)
        sha_rv = cmox_hash_generateTag(sha_hash, sha_digest, &sha_digest_len);
    return sha_rv != CMOX_HASH_SUCCESS;
}

static int sha_run_final(const bench_case_t *c)
{
    (void)c;
    sha_rv = cmox_hash_generateTag(sha_hash, sha_digest, &sha_digest_len);
    return sha_rv != CMOX_HASH_SUCCESS;
}

static int sha_check(const bench_case_t *c)
{
    const cmox_sha_arg *a = c->arg;
    uint8_t ref[48];
    const uint8_t *expect = a->expect;

    if (sha_hash != NULL)
        (void)cmox_hash_cleanup(sha_hash);
    if (bench_input_seed != 0) {
        if (a->alg == SHA_256)
            sha256(sha_input, a->len, ref);
        else
            sha384(sha_input, a->len, ref);
        expect = ref;
    }
    return bench_cmox_rv(sha_rv, "cmox_hash") != CMOX_HASH_SUCCESS ||
           sha_digest_len != sha_bytes(a) ||
           memcmp(sha_digest, expect, sha_bytes(a)) != 0;
}

#define SHA_CASE(alg, ALG, id, mode, run, len, chunk, expect, row, params)       \
    static const cmox_sha_arg cmox_sha_arg_##alg##_##id BENCH_IO_CONST = {       \
        ALG, mode, len, chunk, expect};                                          \
    BENCH_CASE(cmox_sha_case_##alg##_##id, "cmox/" row, row, "lib=cmox;" params, \
               sha_setup, run, sha_check, &cmox_sha_arg_##alg##_##id)

#define SHA_SOLE_CASE(alg, ALG, len, idx)                                        \
    SHA_CASE(alg, ALG, sole_##len, SHA_SOLE, sha_run_sole, len, 0,               \
             alg##_sole_expect[idx], #alg "/sole/" #len,                         \
             "alg=" #alg ";mode=sole;bytes=" #len)

#define SHA_FLOW_CASE(alg, ALG, chunk)                                           \
    SHA_CASE(alg, ALG, flow_##chunk, SHA_FLOW, sha_run_flow, CX_SHA_INPUT_BYTES, \
             chunk, alg##_8000_expect, #alg "/flow/8000/" #chunk,                \
             "alg=" #alg ";mode=flow;bytes=8000;chunk=" #chunk)

#define SHA_FAMILY(alg, ALG)                                                     \
    SHA_SOLE_CASE(alg, ALG, 16, 0);                                              \
    SHA_SOLE_CASE(alg, ALG, 32, 1);                                              \
    SHA_SOLE_CASE(alg, ALG, 64, 2);                                              \
    SHA_SOLE_CASE(alg, ALG, 128, 3);                                             \
    SHA_FLOW_CASE(alg, ALG, 128);                                                \
    SHA_FLOW_CASE(alg, ALG, 512);                                                \
    SHA_FLOW_CASE(alg, ALG, 1024);                                               \
    SHA_FLOW_CASE(alg, ALG, 2048);                                               \
    SHA_CASE(alg, ALG, final, SHA_FINAL, sha_run_final, CX_SHA_INPUT_BYTES, 0, \
             alg##_8000_expect, #alg "/final", "alg=" #alg ";mode=final;bytes=8000")

SHA_FAMILY(sha256, SHA_256);
SHA_FAMILY(sha384, SHA_384);
