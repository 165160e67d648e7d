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
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bench.h"

#include "cmox_crypto.h"

/* cmox_glue.c */
int bench_cmox_init(void);
void bench_cmox_prng_fill(uint8_t *buf, size_t len, uint32_t seed);

#define CX_SHA_INPUT_BYTES 8000u
#define SHA_MSG_SEED 0x5ca1ab1eu /* the seed of cases/sha_cases.c */

enum cmox_sha_alg { SHA_256, SHA_384 };
enum cmox_sha_mode { SHA_SOLE, SHA_FLOW, SHA_FINAL };

typedef struct {
    uint8_t alg;           /* enum cmox_sha_alg */
    uint8_t mode;          /* enum cmox_sha_mode */
    uint16_t len;          /* message bytes */
    uint16_t chunk;        /* SHA_FLOW: bytes per append */
    const uint8_t *expect; /* digest, 32 or 48 bytes */
} cmox_sha_arg;

/* Copied from cases/sha_cases.c: digests of the xorshift32 stream of
 * SHA_MSG_SEED (OpenSSL 3 EVP_Digest at generation). */
static const uint8_t sha256_sole_expect[4][32] = {
    {0x00, 0xd4, 0xc0, 0x5c, 0x54, 0xc5, 0x8e, 0xa3, 0x60, 0xcf, 0x77, 0x34,
     0x0e, 0x5b, 0x30, 0x52, 0xf2, 0xd6, 0x3c, 0xe8, 0xba, 0xf7, 0x28, 0x5d,
     0x71, 0xd4, 0xfe, 0x33, 0xdc, 0x3b, 0x1e, 0x46}, /* 16 bytes */
    {0xfd, 0xf7, 0x77, 0x0d, 0x41, 0x1e, 0x69, 0x83, 0x78, 0x34, 0x77, 0xca,
     0xb4, 0x96, 0xd6, 0x52, 0xcd, 0xfa, 0x64, 0x11, 0x7b, 0xd1, 0xb1, 0x70,
     0x4a, 0xb6, 0x11, 0xa2, 0x2c, 0x98, 0x1b, 0xff}, /* 32 bytes */
    {0x29, 0x5d, 0x8f, 0x19, 0xe4, 0x51, 0x1c, 0x4e, 0xfc, 0x6e, 0xb4, 0x7d,
     0x6e, 0x2e, 0x6e, 0x2b, 0x5b, 0x7c, 0x6a, 0x88, 0x72, 0x4c, 0xed, 0xc0,
     0x4f, 0xfe, 0xa4, 0x4e, 0x16, 0xd4, 0xd1, 0xf2}, /* 64 bytes */
    {0x15, 0x84, 0xe4, 0xba, 0xa8, 0x15, 0x86, 0xa4, 0x0c, 0x63, 0xe8, 0x27,
     0x93, 0x0b, 0x08, 0x0f, 0xd7, 0x92, 0xcf, 0x28, 0x9b, 0x7c, 0xb8, 0x46,
     0x88, 0x04, 0x87, 0x6d, 0x79, 0x2f, 0x60, 0xef}, /* 128 bytes */
};
static const uint8_t sha256_8000_expect[32] =
    {0x88, 0x4d, 0x8a, 0xfd, 0xc8, 0x6c, 0x54, 0xa6, 0xa9, 0x18, 0xfd, 0x9e,
     0xb2, 0x5b, 0x53, 0x88, 0xea, 0x1e, 0xad, 0x64, 0x72, 0x76, 0xc7, 0x5d,
     0x18, 0x4a, 0x48, 0x74, 0x9e, 0xb1, 0x95, 0xd6};
static const uint8_t sha384_sole_expect[4][48] = {
    {0xb6, 0xea, 0xa6, 0x97, 0x6d, 0xfe, 0x3b, 0x49, 0x85, 0x2a, 0xa4, 0x38,
     0x74, 0x55, 0x28, 0x23, 0x94, 0x15, 0x58, 0x8c, 0x5d, 0xc2, 0xc5, 0xcb,
     0xf7, 0x71, 0x19, 0x27, 0xf6, 0x9f, 0xfc, 0xb4, 0x94, 0x81, 0x36, 0x5d,
     0x14, 0xb5, 0xcb, 0xc6, 0x18, 0xcb, 0x33, 0x60, 0x2f, 0x1b, 0x2a, 0xb7}, /* 16 bytes */
    {0x24, 0x1a, 0xb6, 0xb2, 0x7a, 0x2f, 0x8b, 0xa7, 0xd4, 0xc4, 0xc9, 0x4a,
     0x1b, 0x11, 0x56, 0xe1, 0x9f, 0x6c, 0x51, 0xc3, 0x28, 0x9b, 0x89, 0x3f,
     0x1f, 0xd7, 0xfd, 0x04, 0x04, 0xbd, 0xef, 0xbb, 0x1e, 0x74, 0x0f, 0xa7,
     0x24, 0xba, 0xe9, 0xbf, 0xb7, 0xb1, 0xed, 0xd8, 0x11, 0xee, 0xb2, 0xf1}, /* 32 bytes */
    {0x1d, 0xe8, 0x37, 0x87, 0xb3, 0xa3, 0x15, 0x28, 0x08, 0x0d, 0x01, 0x9b,
     0x4a, 0x3a, 0x30, 0xe8, 0xe1, 0xe3, 0xb3, 0x10, 0xf7, 0x0e, 0x2d, 0xaf,
     0x96, 0x8b, 0x3f, 0xd6, 0xd0, 0xd1, 0xe2, 0x7f, 0x7a, 0xfb, 0x14, 0xe2,
     0x23, 0x58, 0xea, 0x63, 0x42, 0x30, 0xc1, 0xb9, 0xac, 0xd4, 0x5e, 0xc2}, /* 64 bytes */
    {0xfe, 0xe2, 0x61, 0x84, 0x2e, 0x5a, 0x4f, 0x5e, 0x74, 0xa2, 0xb7, 0x53,
     0xa8, 0x94, 0x85, 0xb2, 0xae, 0x9a, 0x93, 0x1e, 0xdc, 0x68, 0x20, 0x99,
     0xbc, 0xfe, 0x6b, 0xe8, 0xeb, 0x78, 0xea, 0x30, 0x26, 0x70, 0xbe, 0x51,
     0xb9, 0x9a, 0x2e, 0x97, 0x73, 0xbf, 0x64, 0xcb, 0x2e, 0x62, 0x1c, 0x12}, /* 128 bytes */
};
static const uint8_t sha384_8000_expect[48] =
    {0xad, 0x00, 0x79, 0x8b, 0x5c, 0x63, 0x8e, 0x3d, 0xee, 0x37, 0xc8, 0x82,
     0xb5, 0x0e, 0xf5, 0xc6, 0x9c, 0xf5, 0x47, 0xaa, 0x6a, 0xd5, 0x88, 0x59,
     0x29, 0x0f, 0x7d, 0xbe, 0xd9, 0x04, 0xe8, 0x66, 0xb0, 0x16, 0x5d, 0xde,
     0x9e, 0xc8, 0x7f, 0xbd, 0xfc, 0xa0, 0x14, 0x3a, 0x53, 0x9e, 0x2e, 0x7e};

static uint8_t sha_input[CX_SHA_INPUT_BYTES];
static union {
    cmox_sha256_handle_t s256;
    cmox_sha384_handle_t s384;
} sha_ctx;
static cmox_hash_handle_t *sha_hash;
static uint8_t sha_digest[48];
static size_t sha_digest_len;
static cmox_hash_retval_t sha_rv;

static size_t sha_bytes(const cmox_sha_arg *a)
{
    return a->alg == SHA_256 ? CMOX_SHA256_SIZE : CMOX_SHA384_SIZE;
}

static int sha_setup(const bench_case_t *c)
{
    const cmox_sha_arg *a = c->arg;

    if (bench_cmox_init() != 0)
        return 1;
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

    if (sha_hash != NULL)
        (void)cmox_hash_cleanup(sha_hash);
    return sha_rv != CMOX_HASH_SUCCESS || sha_digest_len != sha_bytes(a) ||
           memcmp(sha_digest, a->expect, sha_bytes(a)) != 0;
}

#define SHA_CASE(alg, ALG, id, mode, run, len, chunk, expect, row, params)       \
    static const cmox_sha_arg cmox_sha_arg_##alg##_##id = {ALG, mode, len, chunk, \
                                                           expect};              \
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
