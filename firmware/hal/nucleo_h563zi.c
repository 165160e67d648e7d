/* SPDX-License-Identifier: MIT */
/*
 * nucleo_h563zi.c - HAL of the NUCLEO-H563ZI (STM32H563ZI, Cortex-M33,
 * TrustZone disabled as shipped: the non-secure register aliases are used).
 *
 * Configuration: 250 MHz, VOS0, flash latency 5 wait states (the minimum at
 * 250 MHz: stm32h5xx_ll_utils.c UTILS_SCALE0_LATENCY*_FREQ) with the
 * programming delay for 168-250 MHz (FLASH_PROGRAMMING_DELAY_2,
 * stm32h5xx_hal_flash_ex.h), prefetch on (the firmware's choice: the HAL
 * template leaves it off), ICACHE on in its reset mode (WAYSEL = 1, 2-way).
 * The DCACHE is left off: it serves the S-bus accesses to the external
 * memories, which the firmware never makes.
 *
 * Register addresses and bits: ST cmsis-device-h5 Include/stm32h563xx.h.
 * Sequence as ST's H5 HAL (stm32h5xx_hal_driver): voltage scaling (VOSCR =
 * VOS0, wait VOSSR.VOSRDY); latency before the clock goes up; PLL1 from HSI
 * (64 MHz, HSIDIV /2 after reset: 32 MHz) /16 = 2 MHz, input range 2-4 MHz
 * (LL_RCC_PLLINPUTRANGE_2_4), wide VCO, x250 = 500 MHz, P /2 = 250 MHz;
 * wait PLL1RDY; switch SYSCLK to PLL1 (SW = 11).
 *
 * Console: USART3 on PD8 (TX, AF7), the ST-LINK virtual COM port of the
 * NUCLEO-H563ZI.  Kernel clock PCLK1 (CCIPR1.USART3SEL reset value) =
 * 250 MHz, 115200 8N1, TX only.
 *
 * Every write and poll below and in board.c is listed in firmware/README.md.
 */
#include "board.h"

#define RCC_CR 0x44020C00u        /* RCC_BASE_NS = AHB3PERIPH_BASE_NS + 0x0C00 */
#define RCC_CFGR1 0x44020C1Cu
#define RCC_PLL1CFGR 0x44020C28u
#define RCC_PLL1DIVR 0x44020C34u
#define RCC_AHB2ENR 0x44020C8Cu
#define RCC_APB1LENR 0x44020C9Cu
#define PWR_VOSCR 0x44020810u     /* PWR_BASE_NS = AHB3PERIPH_BASE_NS + 0x0800 */
#define PWR_VOSSR 0x44020814u
#define GPIOD_BASE 0x42020C00u    /* GPIOD_BASE_NS = AHB2PERIPH_BASE_NS + 0x0C00 */
#define USART3_BASE 0x40004800u   /* USART3_BASE_NS = APB1PERIPH_BASE_NS + 0x4800 */
#define ICACHE_CR 0x40030400u     /* ICACHE_BASE_NS = AHB1PERIPH_BASE_NS + 0x10400 */

#define RCC_CR_PLL1ON (1u << 24)
#define RCC_CR_PLL1RDY (1u << 25)
#define RCC_CFGR1_SW_MASK (3u << 0)
#define RCC_CFGR1_SW_PLL1 (3u << 0)
#define RCC_CFGR1_SWS_MASK (3u << 3)
#define RCC_CFGR1_SWS_PLL1 (3u << 3)
#define RCC_PLL1CFGR_PLL1SRC_HSI (1u << 0)
#define RCC_PLL1CFGR_PLL1RGE_2_4 (1u << 2)
#define RCC_PLL1CFGR_PLL1M(m) ((m) << 8)
#define RCC_PLL1CFGR_PLL1PEN (1u << 16)
#define RCC_PLL1DIVR_PLL1N(n) ((n) - 1u)
#define RCC_PLL1DIVR_PLL1P(p) (((p) - 1u) << 9)
#define RCC_PLL1DIVR_PLL1Q(q) (((q) - 1u) << 16)
#define RCC_PLL1DIVR_PLL1R(r) (((r) - 1u) << 24)
#define RCC_AHB2ENR_GPIODEN (1u << 3)
#define RCC_APB1LENR_USART3EN (1u << 18)
#define PWR_VOSCR_VOS_MASK (3u << 4)
#define PWR_VOSCR_VOS0 (3u << 4)
#define PWR_VOSSR_VOSRDY (1u << 3)
#define FLASH_ACR_LATENCY_MASK (0xFu << 0)
#define FLASH_ACR_WRHIGHFREQ_MASK (3u << 4)
#define FLASH_ACR_WRHIGHFREQ_2 (2u << 4)
#define FLASH_ACR_PRFTEN (1u << 8)
#define ICACHE_CR_EN (1u << 0)

#define CLOCK_HZ 250000000u
#define LATENCY 5u

const hal_info_t hal_info = {
    .target = FW_TARGET_NAME,
    .mcu = "stm32h563zi",
    .clock_hz = CLOCK_HZ,
    .latency = LATENCY,
    .icache = 1,
    .prefetch = 1,
};

void board_clock_init(void)
{
    /* VOS0 (reset: VOS3). */
    hal_modify(PWR_VOSCR, PWR_VOSCR_VOS_MASK, PWR_VOSCR_VOS0);
    hal_wait(PWR_VOSSR, PWR_VOSSR_VOSRDY, PWR_VOSSR_VOSRDY);

    /* Wait states and programming delay before the clock goes up; check them. */
    board_flash_init(FLASH_ACR_LATENCY_MASK | FLASH_ACR_WRHIGHFREQ_MASK, LATENCY | FLASH_ACR_WRHIGHFREQ_2,
                     FLASH_ACR_LATENCY_MASK, FLASH_ACR_PRFTEN);

    /* PLL1: HSI (32 MHz) /16 x250 /2 = 250 MHz. */
    HAL_REG32(RCC_PLL1CFGR) = RCC_PLL1CFGR_PLL1SRC_HSI | RCC_PLL1CFGR_PLL1RGE_2_4 | RCC_PLL1CFGR_PLL1M(16u) |
                              RCC_PLL1CFGR_PLL1PEN;
    HAL_REG32(RCC_PLL1DIVR) = RCC_PLL1DIVR_PLL1N(250u) | RCC_PLL1DIVR_PLL1P(2u) | RCC_PLL1DIVR_PLL1Q(2u) |
                              RCC_PLL1DIVR_PLL1R(2u);
    HAL_REG32(RCC_CR) |= RCC_CR_PLL1ON;
    hal_wait(RCC_CR, RCC_CR_PLL1RDY, RCC_CR_PLL1RDY);
    hal_modify(RCC_CFGR1, RCC_CFGR1_SW_MASK, RCC_CFGR1_SW_PLL1);
    hal_wait(RCC_CFGR1, RCC_CFGR1_SWS_MASK, RCC_CFGR1_SWS_PLL1);
    /* AHB and APB prescalers stay /1 (reset). */

    /* ICACHE in its reset mode (WAYSEL = 1: 2-way). */
    HAL_REG32(ICACHE_CR) |= ICACHE_CR_EN;
}

const board_uart_t board_uart = {
    .gpio_enr = RCC_AHB2ENR, .gpio_en = RCC_AHB2ENR_GPIODEN, .gpio = GPIOD_BASE, .pin = 8, .af = 7,
    .uart_enr = RCC_APB1LENR, .uart_en = RCC_APB1LENR_USART3EN, .uart = USART3_BASE,
};
