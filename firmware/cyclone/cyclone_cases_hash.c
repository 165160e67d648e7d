/* SPDX-License-Identifier: MIT */
/*
 * cyclone_cases_hash.c - CycloneCRYPTO's hash functions on a 4096-byte
 * message: rows oryx/<hash>/hash/sw of Oryx's STM32U0 page (MD5, SHA-1,
 * SHA-224/256/384/512, SHA3-224/256/384/512, SM3, Ascon-Hash256).
 *
 * Timed: init, one update with the whole message, final (the digest of one
 * 4096-byte message; the final block is 1/64 to 1/32 of the work).
 * Checks: the digest against cyclone_known.h (hashlib); Ascon-Hash256 and
 * random inputs: against the same hash computed along another path (updates
 * of 1, 2, 3, ... bytes), as the open SHA-2 cases do.
 */
#include <string.h>

#include "core/crypto.h"
#include "hash/hash_algorithms.h"

#include "cyclone_glue.h"

typedef struct {
    const HashAlgo *algo;
    const uint8_t *expect; /* NULL: no independent answer (Ascon-Hash256) */
} cy_hash_arg;

static HashContext cy_hash_ctx BENCH_IO;
static uint8_t cy_digest[64] BENCH_IO;

static int cy_hash_setup(const bench_case_t *c)
{
    cy_inputs(c);
    memset(cy_digest, 0, sizeof cy_digest);
    return 0;
}

static int cy_hash_run(const bench_case_t *c)
{
    const cy_hash_arg *a = c->arg;
    a->algo->init(&cy_hash_ctx);
    a->algo->update(&cy_hash_ctx, cy_msg, CY_MSG_BYTES);
    a->algo->final(&cy_hash_ctx, cy_digest);
    return 0;
}

static int cy_hash_check(const bench_case_t *c)
{
    const cy_hash_arg *a = c->arg;
    size_t n = a->algo->digestSize;
    if (bench_input_seed == 0 && a->expect) {
        return memcmp(cy_digest, a->expect, n) != 0;
    }
    uint8_t other[64];
    size_t off = 0, step = 1;
    a->algo->init(&cy_hash_ctx);
    while (off < CY_MSG_BYTES) {
        size_t k = CY_MSG_BYTES - off < step ? CY_MSG_BYTES - off : step;
        a->algo->update(&cy_hash_ctx, cy_msg + off, k);
        off += k;
        step = step % 67 + 1;
    }
    a->algo->final(&cy_hash_ctx, other);
    return memcmp(cy_digest, other, n) != 0;
}

#define CY_HASH(id, row, algo, expect)                                                       \
    static const cy_hash_arg id##_arg BENCH_IO_CONST = {algo, expect};                       \
    BENCH_CASE(id, "cyclone/" row "/hash/sw", "oryx/" row "/hash/sw", "bytes=4096",         \
               cy_hash_setup, cy_hash_run, cy_hash_check, &id##_arg)

CY_HASH(cy_md5, "md5", MD5_HASH_ALGO, cy_known_md5);
CY_HASH(cy_sha1, "sha1", SHA1_HASH_ALGO, cy_known_sha1);
CY_HASH(cy_sha224, "sha224", SHA224_HASH_ALGO, cy_known_sha224);
CY_HASH(cy_sha256, "sha256", SHA256_HASH_ALGO, cy_known_sha256);
CY_HASH(cy_sha384, "sha384", SHA384_HASH_ALGO, cy_known_sha384);
CY_HASH(cy_sha512, "sha512", SHA512_HASH_ALGO, cy_known_sha512);
CY_HASH(cy_sha3_224, "sha3-224", SHA3_224_HASH_ALGO, cy_known_sha3_224);
CY_HASH(cy_sha3_256, "sha3-256", SHA3_256_HASH_ALGO, cy_known_sha3_256);
CY_HASH(cy_sha3_384, "sha3-384", SHA3_384_HASH_ALGO, cy_known_sha3_384);
CY_HASH(cy_sha3_512, "sha3-512", SHA3_512_HASH_ALGO, cy_known_sha3_512);
CY_HASH(cy_sm3, "sm3", SM3_HASH_ALGO, cy_known_sm3);
CY_HASH(cy_ascon_hash, "ascon-hash256", ASCON_HASH256_HASH_ALGO, NULL);
