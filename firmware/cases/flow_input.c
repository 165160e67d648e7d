/* SPDX-License-Identifier: MIT */
/*
 * flow_input.c - the data-flow cases' message buffer and its generator
 * (flow_input.h).
 */
#include "bench.h"
#include "flow_input.h"

uint8_t aes_sha2_input[AES_SHA2_INPUT_BYTES] BENCH_IO;

/* Marsaglia's xorshift32 (J. Stat. Softw. 8(14), 2003, shifts 13/17/5),
 * emitting each state little-endian; any prefix of a stream is the shorter
 * stream of the same seed.  `seed` must be non-zero. */
void aes_sha2_prng_fill(uint8_t *buf, size_t len, uint32_t seed)
{
    uint32_t x = seed;
    size_t i;

    for (i = 0; i < len; i++) {
        if ((i & 3) == 0) {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
        }
        buf[i] = (uint8_t)(x >> (8 * (i & 3)));
    }
}
