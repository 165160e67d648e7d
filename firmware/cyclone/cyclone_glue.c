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

/* osAllocMem/osFreeMem (weak in Common/os_port_none.c, which would call
 * malloc: the images have no heap).  A stack-like pool: blocks are handed out
 * upwards; a freed block is marked and the top moves down over every freed
 * block at the top, which reclaims everything for the LIFO use of the
 * library's temporary contexts. */
#define CY_POOL_BYTES 2048u
static uint32_t cy_pool[CY_POOL_BYTES / 4] BENCH_IO;
static size_t cy_pool_top; /* words in use */

void *osAllocMem(size_t size)
{
    size_t words = (size + 3) / 4 + 1; /* + header: block words, bit 31 = freed */
    if (words > CY_POOL_BYTES / 4 - cy_pool_top) {
        return NULL;
    }
    cy_pool[cy_pool_top] = (uint32_t)words;
    cy_pool_top += words;
    return &cy_pool[cy_pool_top - words + 1];
}

void osFreeMem(void *p)
{
    if (!p) {
        return;
    }
    uint32_t *h = (uint32_t *)p - 1;
    *h |= 1u << 31;
    for (;;) { /* drop the freed blocks at the top */
        size_t i = 0, last = CY_POOL_BYTES;
        while (i < cy_pool_top) {
            last = i;
            i += cy_pool[i] & ~(1u << 31);
        }
        if (last == CY_POOL_BYTES || !(cy_pool[last] >> 31)) {
            return;
        }
        cy_pool_top = last;
    }
}

int cy_digest_differs(const uint8_t *data, size_t len, const uint8_t expect[32])
{
    uint8_t d[32];
    sha256(data, len, d);
    return memcmp(d, expect, 32) != 0;
}
