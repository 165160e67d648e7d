/* SPDX-License-Identifier: MIT */
/*
 * sha_cases.c - SHA-256 and SHA-384 benchmark cases (rows sha256/..., sha384/...
 * of docs/row-keys.md): sole buffer of 16..128 bytes, data flow of an
 * 8000-byte message in chunks, and the final call alone.
 *
 * The message comes from a fixed xorshift32 stream, so the known answers are
 * short digests instead of stored messages.  The 8000-byte input buffer and
 * the generator are shared with aes_cases.c (flow_input.c).
 *
 * Random inputs (bench_input_seed != 0): setup() draws the message from
 * bench_random(), and check() compares the digest with one computed
 * untimed along another path of the same code: one-shot sha256()/sha384()
 * for the data-flow and final cases, odd-sized updates (1, 2, 3, ... bytes)
 * for the sole-buffer cases.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "bench.h"
#include "flow_input.h"
#include "sha2.h"

/* ---- SHA cases -------------------------------------------------------------- */

enum sha_alg { SHA_256, SHA_384 };
enum sha_mode { SHA_SOLE, SHA_FLOW, SHA_FINAL };

typedef struct {
    uint8_t alg;              /* enum sha_alg */
    uint8_t mode;             /* enum sha_mode */
    uint16_t len;             /* message bytes */
    uint16_t chunk;           /* SHA_FLOW: bytes per update call */
    const uint8_t *expect;    /* digest, 32 or 48 bytes */
} sha_case_arg;

#include "sha_known.h"

static union {
    sha256_ctx s256;
    sha512_ctx s512;
} sha_ctx BENCH_IO;
static uint8_t sha_digest[48] BENCH_IO;

static int sha_setup(const bench_case_t *c)
{
    const sha_case_arg *a = c->arg;

    if (bench_random_begin(c))
        bench_random(aes_sha2_input, a->len);
    else
        aes_sha2_prng_fill(aes_sha2_input, a->len, SHA_MSG_SEED);
    memset(sha_digest, 0, sizeof sha_digest);
    if (a->mode == SHA_FINAL) {
        /* Only the final call is measured: absorb the message here. */
        if (a->alg == SHA_256) {
            sha256_init(&sha_ctx.s256);
            sha256_update(&sha_ctx.s256, aes_sha2_input, a->len);
        } else {
            sha384_init(&sha_ctx.s512);
            sha512_update(&sha_ctx.s512, aes_sha2_input, a->len);
        }
    }
    return 0;
}

static int sha_run(const bench_case_t *c)
{
    const sha_case_arg *a = c->arg;
    size_t off, n;

    if (a->alg == SHA_256) {
        switch (a->mode) {
        case SHA_SOLE:
            sha256(aes_sha2_input, a->len, sha_digest);
            break;
        case SHA_FLOW:
            sha256_init(&sha_ctx.s256);
            for (off = 0; off < a->len; off += n) {
                n = a->len - off < a->chunk ? a->len - off : a->chunk;
                sha256_update(&sha_ctx.s256, aes_sha2_input + off, n);
            }
            sha256_final(&sha_ctx.s256, sha_digest);
            break;
        default:
            sha256_final(&sha_ctx.s256, sha_digest);
            break;
        }
    } else {
        switch (a->mode) {
        case SHA_SOLE:
            sha384(aes_sha2_input, a->len, sha_digest);
            break;
        case SHA_FLOW:
            sha384_init(&sha_ctx.s512);
            for (off = 0; off < a->len; off += n) {
                n = a->len - off < a->chunk ? a->len - off : a->chunk;
                sha512_update(&sha_ctx.s512, aes_sha2_input + off, n);
            }
            sha384_final(&sha_ctx.s512, sha_digest);
            break;
        default:
            sha384_final(&sha_ctx.s512, sha_digest);
            break;
        }
    }
    return 0;
}

/* The digest of the message in pieces of 1, 2, 3, ... bytes (random inputs'
 * reference for the sole-buffer cases, which hash it in one call). */
static void sha_digest_pieces(const sha_case_arg *a, uint8_t *out)
{
    size_t off, n;

    if (a->alg == SHA_256)
        sha256_init(&sha_ctx.s256);
    else
        sha384_init(&sha_ctx.s512);
    for (off = 0, n = 1; off < a->len; off += n, n++) {
        if (n > a->len - off)
            n = a->len - off;
        if (a->alg == SHA_256)
            sha256_update(&sha_ctx.s256, aes_sha2_input + off, n);
        else
            sha512_update(&sha_ctx.s512, aes_sha2_input + off, n);
    }
    if (a->alg == SHA_256)
        sha256_final(&sha_ctx.s256, out);
    else
        sha384_final(&sha_ctx.s512, out);
}

static int sha_check(const bench_case_t *c)
{
    const sha_case_arg *a = c->arg;
    size_t bytes = a->alg == SHA_256 ? 32 : 48;
    uint8_t ref[48];

    if (bench_input_seed == 0)
        return memcmp(sha_digest, a->expect, bytes) != 0;
    if (a->mode == SHA_SOLE)
        sha_digest_pieces(a, ref);
    else if (a->alg == SHA_256)
        sha256(aes_sha2_input, a->len, ref);
    else
        sha384(aes_sha2_input, a->len, ref);
    return memcmp(sha_digest, ref, bytes) != 0;
}

#define SHA_CASE(alg, ALG, id, mode, len, chunk, expect, name, params)          \
    static const sha_case_arg sha_arg_##alg##_##id BENCH_IO_CONST = {          \
        ALG, mode, len, chunk, expect};                                        \
    BENCH_CASE(sha_case_##alg##_##id, name, name, params, sha_setup, sha_run,  \
               sha_check, &sha_arg_##alg##_##id)

#define SHA_SOLE_CASE(alg, ALG, len, idx)                                       \
    SHA_CASE(alg, ALG, sole_##len, SHA_SOLE, len, 0, alg##_sole_expect[idx],   \
             #alg "/sole/" #len, "alg=" #alg ";mode=sole;bytes=" #len)

#define SHA_FLOW_CASE(alg, ALG, chunk)                                          \
    SHA_CASE(alg, ALG, flow_##chunk, SHA_FLOW, AES_SHA2_INPUT_BYTES, chunk,    \
             alg##_8000_expect, #alg "/flow/8000/" #chunk,                     \
             "alg=" #alg ";mode=flow;bytes=8000;chunk=" #chunk)

#define SHA_FAMILY(alg, ALG)                                                   \
    SHA_SOLE_CASE(alg, ALG, 16, 0);                                            \
    SHA_SOLE_CASE(alg, ALG, 32, 1);                                            \
    SHA_SOLE_CASE(alg, ALG, 64, 2);                                            \
    SHA_SOLE_CASE(alg, ALG, 128, 3);                                           \
    SHA_FLOW_CASE(alg, ALG, 128);                                              \
    SHA_FLOW_CASE(alg, ALG, 512);                                              \
    SHA_FLOW_CASE(alg, ALG, 1024);                                             \
    SHA_FLOW_CASE(alg, ALG, 2048);                                             \
    SHA_CASE(alg, ALG, final, SHA_FINAL, AES_SHA2_INPUT_BYTES, 0,              \
             alg##_8000_expect, #alg "/final",                                 \
             "alg=" #alg ";mode=final;bytes=8000")

SHA_FAMILY(sha256, SHA_256);
SHA_FAMILY(sha384, SHA_384);
