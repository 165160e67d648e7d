/* SPDX-License-Identifier: MIT */
/*
 * cmox_glue.c - what the CMOX images need besides the cases: the two
 * low-level functions ST's library calls from cmox_initialize() /
 * cmox_finalize(), the one-time library initialisation, and the input
 * generator the cases share.
 *
 * Compiled against the user's own X-CUBE-CRYPTOLIB headers (CMOX_ROOT, see
 * cmox/README.md); nothing of ST's library is in this file.
 *
 * CRC clock.  CMOX V4 uses the STM32 CRC unit (0x40023000 on every series
 * below) while it computes, so on a board its bus clock must be on before
 * the first call, which is what ST's examples do in cmox_ll_init().  The
 * enable (and reset) bit is bit 12 of the series' AHB clock-enable (reset)
 * register; addresses from ST's CMSIS device headers (RCC_BASE,
 * RCC_TypeDef offsets, RCC_*_CRCEN / RCC_*_CRCRST):
 *
 *   series  CMSIS header, release                   RCC base    enable (offset)    reset (offset)
 *   L0      stm32l073xx.h, cmsis-device-l0 v1.9.4   0x40021000  AHBENR    0x30     AHBRSTR    0x20
 *   U0      stm32u083xx.h, cmsis-device-u0 v1.3.0   0x40021000  AHBENR    0x48     AHBRSTR    0x28
 *   L5      stm32l552xx.h, cmsis_device_l5 v1.0.6   0x40021000  AHB1ENR   0x48     AHB1RSTR   0x28
 *   U3      stm32u385xx.h, cmsis-device-u3 v1.3.0   0x40030C00  AHB1ENR1  0x88     AHB1RSTR1  0x60
 *
 * (L5 and U3: the non-secure aliases, as the board HALs use with TrustZone
 * off.)
 *
 * cmox.cmake defines BENCH_CMOX_SERIES_<L0|U0|L5|U3> for the board images and
 * BENCH_CMOX_SERIES_EMU for the emulator images, where cyclesim models the CRC
 * unit as always clocked and nothing is written.  V5 does not use the CRC
 * unit; enabling its clock there is harmless and keeps one code path.
 */
#include <stddef.h>
#include <stdint.h>

#include "hal.h"

#include "cmox_crypto.h"
#include "cmox_low_level.h"
#include "cmox_rv.h"

#define BENCH_CMOX_CRC_BIT (1u << 12)

#if defined(BENCH_CMOX_SERIES_L0)
#define BENCH_CMOX_RCC_ENR 0x40021030u
#define BENCH_CMOX_RCC_RSTR 0x40021020u
#elif defined(BENCH_CMOX_SERIES_U0)
#define BENCH_CMOX_RCC_ENR 0x40021048u
#define BENCH_CMOX_RCC_RSTR 0x40021028u
#elif defined(BENCH_CMOX_SERIES_L5)
#define BENCH_CMOX_RCC_ENR 0x40021048u
#define BENCH_CMOX_RCC_RSTR 0x40021028u
#elif defined(BENCH_CMOX_SERIES_U3)
#define BENCH_CMOX_RCC_ENR 0x40030C88u
#define BENCH_CMOX_RCC_RSTR 0x40030C60u
#elif !defined(BENCH_CMOX_SERIES_EMU)
#error "cmox_glue.c: define BENCH_CMOX_SERIES_<L0|U0|L5|U3|EMU> (cmox/cmox.cmake does)"
#endif

/* Prototypes of the helpers below, repeated in each cmox_cases_*.c. */
int bench_cmox_init(void);
void bench_cmox_prng_fill(uint8_t *buf, size_t len, uint32_t seed);

cmox_init_retval_t cmox_ll_init(void *pArg)
{
    (void)pArg;
#ifdef BENCH_CMOX_RCC_ENR
    hal_modify(BENCH_CMOX_RCC_RSTR, BENCH_CMOX_CRC_BIT, 0); /* out of reset */
    hal_modify(BENCH_CMOX_RCC_ENR, 0, BENCH_CMOX_CRC_BIT);  /* clock on */
    (void)HAL_REG32(BENCH_CMOX_RCC_ENR); /* read back: the clock is on after this */
#endif
    return CMOX_INIT_SUCCESS;
}

cmox_init_retval_t cmox_ll_deInit(void *pArg)
{
    (void)pArg;
    /* The CRC clock stays on, as in ST's examples. */
    return CMOX_INIT_SUCCESS;
}

static int bench_cmox_state; /* 0 not yet, 1 ready, -1 failed */

/* cmox_initialize() once per image, from the first case's setup() (untimed).
 * NULL argument: automatic target detection, as in ST's examples.
 * Returns 0 when the library is ready. */
int bench_cmox_init(void)
{
    if (bench_cmox_state == 0) {
        bench_cmox_state = cmox_initialize(NULL) == CMOX_INIT_SUCCESS ? 1 : -1;
    }
    return bench_cmox_state == 1 ? 0 : 1;
}

#ifdef BENCH_CMOX_LIB_V5
static void put_str(const char *s)
{
    while (*s != '\0') {
        hal_putc(*s++);
    }
}

/* Return values saying that the library did not run its own code: an
 * internal error, an alternative implementation that is missing (V5 calls
 * one when a weak symbol of the library was replaced by the image's, e.g.
 * sha3_256), or low-level engines that do not suit the call.  Not wrong
 * inputs and not failed verifications. */
static int impl_error(uint32_t rv)
{
    static const uint32_t codes[] = {
        CMOX_CIPHER_ERR_INTERNAL, CMOX_CIPHER_ERR_NOT_IMPLEMENTED, CMOX_CIPHER_ERR_NO_ALT_IMPL,
        CMOX_HASH_ERR_INTERNAL,   CMOX_HASH_ERR_NO_ALT_IMPL,       CMOX_ECC_ERR_INTERNAL,
        CMOX_ECC_ERR_NO_ALT_IMPL, CMOX_RSA_ERR_INTERNAL,           CMOX_RSA_ERR_NO_ALT_IMPL,
        CMOX_RSA_ERR_MATH_ALGO_MISMATCH, CMOX_PQC_ERR_INTERNAL,    CMOX_PQC_ERR_NO_ALT_IMPL,
        CMOX_PQC_ERR_MATH_ALGO_MISMATCH,
    };
    size_t i;

    for (i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        if (rv == codes[i]) {
            return 1;
        }
    }
    return 0;
}

/* Every result of a cmox_* call the cases test passes through here (outside
 * the timed region).  An implementation error prints an "@cmox-error" line
 * on the console and fails every later case at setup(), so the run cannot
 * pass with the library's own code not run; tests/e2e/cmox_local.sh shows
 * the line.  Returns rv. */
uint32_t bench_cmox_rv(uint32_t rv, const char *call)
{
    static const char hex[] = "0123456789ABCDEF";
    int i;

    if (impl_error(rv)) {
        put_str("@cmox-error call=");
        put_str(call);
        put_str(" rv=0x");
        for (i = 28; i >= 0; i -= 4) {
            hal_putc(hex[(rv >> i) & 0xFu]);
        }
        put_str(" implementation error: the library's own code did not run\n");
        bench_cmox_state = -1;
    }
    return rv;
}
#endif

/* Marsaglia's xorshift32 (shifts 13/17/5), each state emitted little-endian:
 * the same stream as aes_sha2_prng_fill() of cases/flow_input.c, so the CMOX
 * cases see the inputs of the open cases and share their known answers. */
void bench_cmox_prng_fill(uint8_t *buf, size_t len, uint32_t seed)
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
