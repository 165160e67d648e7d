/* SPDX-License-Identifier: MIT */
/*
 * cyclone_glue.c - inputs and known-answer test of the CycloneCRYPTO cases
 * (cyclone_glue.h).  The streams are those of firmware/cases/flow_input.c
 * (Marsaglia xorshift32), written out here so the images need not carry its
 * 8000-byte buffer.
 */
#include <string.h>

#include "cyclone_glue.h"
#include "sha2.h"

uint8_t cy_msg[CY_MSG_BYTES] __attribute__((aligned(4))) BENCH_IO;
uint8_t cy_out[CY_MSG_BYTES + 16] __attribute__((aligned(4))) BENCH_IO;
uint8_t cy_key[32] BENCH_IO;
uint8_t cy_iv[16] BENCH_IO;

static void cy_fill(uint8_t *buf, size_t len, uint32_t seed)
{
    uint32_t x = seed;
    for (size_t i = 0; i < len; i++) {
        if ((i & 3) == 0) {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
        }
        buf[i] = (uint8_t)(x >> (8 * (i & 3)));
    }
}

void cy_inputs(const bench_case_t *c)
{
    if (bench_random_begin(c)) {
        bench_random(cy_key, sizeof cy_key);
        bench_random(cy_iv, sizeof cy_iv);
        bench_random(cy_msg, sizeof cy_msg);
    } else {
        cy_fill(cy_key, sizeof cy_key, CY_KEY_SEED);
        cy_fill(cy_iv, sizeof cy_iv, CY_IV_SEED);
        cy_fill(cy_msg, sizeof cy_msg, CY_MSG_SEED);
    }
}

int cy_digest_differs(const uint8_t *data, size_t len, const uint8_t expect[32])
{
    uint8_t d[32];
    sha256(data, len, d);
    return memcmp(d, expect, 32) != 0;
}
