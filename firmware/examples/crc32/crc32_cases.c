/* SPDX-License-Identifier: MIT */
/*
 * crc32_cases.c - one benchmark case of the kit's worked example
 * (CMakeLists.txt beside it): a bitwise CRC-32 (IEEE 802.3, reflected,
 * polynomial 0xEDB88320) of 256 bytes.  The size comes through c->arg so the
 * compiler cannot fold the loop into its result.
 */
#include <stdint.h>

#include "bench.h"

static uint8_t message[256] BENCH_IO;
static uint32_t crc;
static const uint32_t message_bytes BENCH_IO_CONST = sizeof(message);

static int crc32_setup(const bench_case_t *c)
{
    (void)c;
    for (uint32_t i = 0; i < sizeof(message); i++) {
        message[i] = (uint8_t)(i * 7u + 1u);
    }
    return 0;
}

static int crc32_run(const bench_case_t *c)
{
    const uint32_t n = *(const uint32_t *)c->arg;
    uint32_t r = 0xFFFFFFFFu;
    for (uint32_t i = 0; i < n; i++) {
        r ^= message[i];
        for (int bit = 0; bit < 8; bit++) {
            r = (r >> 1) ^ (0xEDB88320u & (0u - (r & 1u)));
        }
    }
    crc = ~r;
    return 0;
}

/* The known answer: zlib.crc32(bytes((i * 7 + 1) & 0xff for i in range(256)))
 * in Python gives 0xd48ddfe9. */
static int crc32_check(const bench_case_t *c)
{
    (void)c;
    return crc == 0xD48DDFE9u ? 0 : 1;
}

BENCH_CASE(case_crc32, "example/crc32/256", "", "bytes=256", crc32_setup, crc32_run, crc32_check,
           &message_bytes);
