/* SPDX-License-Identifier: MIT */
/*
 * input.c - the cases' random inputs (bench.h): bench_input_seed and one
 * deterministic byte stream per case.
 *
 * The stream of a case is seeded with FNV-1a (32-bit; Fowler, Noll, Vo) over
 * the four bytes of bench_input_seed and the case's name, so two cases never
 * share a stream and a case gets the same inputs for the same seed in any
 * image and in any order.  Bytes come from Mulberry32 (Tommy Ettinger, 2017:
 * a Weyl sequence with step 0x6D2B79F5 through an xor-shift-multiply
 * output function), period 2^32.  Neither is cryptographic: they only vary
 * the benchmark inputs reproducibly.
 */
#include <stddef.h>

#include "bench.h"

#define FNV32_OFFSET 0x811c9dc5u
#define FNV32_PRIME 0x01000193u

uint32_t bench_input_seed;

/* Only setup() uses the stream: its state is case I/O, not library data. */
static uint32_t bench_random_state BENCH_IO;

static uint32_t fnv1a_byte(uint32_t h, uint8_t b)
{
    return (h ^ b) * FNV32_PRIME;
}

int bench_random_begin(const bench_case_t *c)
{
    uint32_t h = FNV32_OFFSET;
    const char *p;
    unsigned i;

    if (bench_input_seed == 0)
        return 0;
    for (i = 0; i < 4; i++)
        h = fnv1a_byte(h, (uint8_t)(bench_input_seed >> (8 * i)));
    for (p = c->name; p != NULL && *p != '\0'; p++)
        h = fnv1a_byte(h, (uint8_t)*p);
    bench_random_state = h;
    return 1;
}

static uint32_t mulberry32(void)
{
    uint32_t z = (bench_random_state += 0x6d2b79f5u);

    z = (z ^ (z >> 15)) * (z | 1u);
    z ^= z + (z ^ (z >> 7)) * (z | 61u);
    return z ^ (z >> 14);
}

void bench_random(void *buf, uint32_t n)
{
    uint8_t *out = buf;
    uint32_t w = 0;
    uint32_t i;

    for (i = 0; i < n; i++) {
        if ((i & 3u) == 0)
            w = mulberry32();
        out[i] = (uint8_t)(w >> (8 * (i & 3u)));
    }
}
