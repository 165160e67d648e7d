/* SPDX-License-Identifier: MIT */
/*
 * b_u585i_iot02a.c - HAL of the B-U585I-IOT02A (STM32U585AI, Cortex-M33,
 * TrustZone disabled as shipped: the non-secure register aliases are used).
 *
 * Configuration: 160 MHz, voltage range 1, flash latency 4 wait states (the
 * minimum at 160 MHz: stm32u5xx_ll_utils.c UTILS_SCALE1_LATENCY*_FREQ),
 * prefetch on (stm32u5xx_hal_conf_template.h PREFETCH_ENABLE 1), ICACHE on
 * in its reset mode (WAYSEL = 1, 2-way).  The DCACHE is left off: it serves
 * the S-bus accesses to the external memories (STM32U585 datasheet 3.2.2),
 * which the firmware never makes.
 *
 * Register addresses and bits: ST cmsis-device-u5 Include/stm32u585xx.h.
 * Sequence as ST's U5 HAL (stm32u5xx_hal_driver): PWR clock on;
 * HAL_PWREx_ControlVoltageScaling (VOSR: VOS = range 1 with BOOSTEN, wait
 * VOSRDY); latency before the clock goes up; HAL_RCC_OscConfig for PLL1
 * (MSIS 4 MHz after reset, /1 = 4 MHz input, range 4-8 MHz, EPOD boost
 * clock MSIS /1, x80 = 320 MHz VCO, R /2 = 160 MHz; wait PLL1RDY);
 * HAL_RCC_ClockConfig (wait BOOSTRDY; above 80 MHz through AHB /2 first,
 * then /1).
 *
 * Console: USART1 on PA9 (TX, AF7), the ST-LINK virtual COM port of the
 * B-U585I-IOT02A.  Kernel clock PCLK2 (CCIPR1.USART1SEL reset value) =
 * 160 MHz, 115200 8N1, TX only.
 *
 * Every write and poll below and in board.c is listed in firmware/README.md.
 */
#include "board.h"

#define RCC_CR 0x46020C00u        /* RCC_BASE_NS = AHB3PERIPH_BASE_NS + 0x0C00 */
#define RCC_CFGR1 0x46020C1Cu
#define RCC_CFGR2 0x46020C20u
#define RCC_PLL1CFGR 0x46020C28u
#define RCC_PLL1DIVR 0x46020C34u
#define RCC_AHB2ENR1 0x46020C8Cu
#define RCC_AHB3ENR 0x46020C94u
#define RCC_APB2ENR 0x46020CA4u
#define PWR_VOSR 0x4602080Cu      /* PWR_BASE_NS = AHB3PERIPH_BASE_NS + 0x0800 */
#define GPIOA_BASE 0x42020000u    /* GPIOA_BASE_NS = AHB2PERIPH_BASE_NS */
#define USART1_BASE 0x40013800u   /* USART1_BASE_NS = APB2PERIPH_BASE_NS + 0x3800 */
#define ICACHE_CR 0x40030400u     /* ICACHE_BASE_NS = AHB1PERIPH_BASE_NS + 0x10400 */

#define RCC_CR_PLL1ON (1u << 24)
#define RCC_CR_PLL1RDY (1u << 25)
#define RCC_CFGR1_SW_MASK (3u << 0)
#define RCC_CFGR1_SW_PLL1 (3u << 0)
#define RCC_CFGR1_SWS_MASK (3u << 2)
#define RCC_CFGR1_SWS_PLL1 (3u << 2)
#define RCC_CFGR2_HPRE_MASK (0xFu << 0)
#define RCC_CFGR2_HPRE_DIV2 (8u << 0)
#define RCC_PLL1CFGR_PLL1SRC_MSIS (1u << 0)
#define RCC_PLL1CFGR_PLL1RGE_4_8 (0u << 2)
#define RCC_PLL1CFGR_PLL1M(m) (((m) - 1u) << 8)
#define RCC_PLL1CFGR_PLL1MBOOST_DIV1 (0u << 12)
#define RCC_PLL1CFGR_PLL1REN (1u << 18)
#define RCC_PLL1DIVR_PLL1N(n) ((n) - 1u)
#define RCC_PLL1DIVR_PLL1P(p) (((p) - 1u) << 9)
#define RCC_PLL1DIVR_PLL1Q(q) (((q) - 1u) << 16)
#define RCC_PLL1DIVR_PLL1R(r) (((r) - 1u) << 24)
#define RCC_AHB2ENR1_GPIOAEN (1u << 0)
#define RCC_AHB3ENR_PWREN (1u << 2)
#define RCC_APB2ENR_USART1EN (1u << 14)
#define PWR_VOSR_BOOSTRDY (1u << 14)
#define PWR_VOSR_VOSRDY (1u << 15)
#define PWR_VOSR_VOS_MASK (3u << 16)
#define PWR_VOSR_VOS_RANGE1 (3u << 16)
#define PWR_VOSR_BOOSTEN (1u << 18)
#define FLASH_ACR_LATENCY_MASK (0xFu << 0)
#define FLASH_ACR_PRFTEN (1u << 8)
#define ICACHE_CR_EN (1u << 0)

#define CLOCK_HZ 160000000u
#define LATENCY 4u

const hal_info_t hal_info = {
    .target = FW_TARGET_NAME,
    .mcu = "stm32u585ai",
    .clock_hz = CLOCK_HZ,
    .latency = LATENCY,
    .icache = 1,
    .prefetch = 1,
};

void board_clock_init(void)
{
    HAL_REG32(RCC_AHB3ENR) |= RCC_AHB3ENR_PWREN;
    (void)HAL_REG32(RCC_AHB3ENR);

    /* Voltage range 1 with the EPOD booster (reset: range 4). */
    hal_modify(PWR_VOSR, PWR_VOSR_VOS_MASK | PWR_VOSR_BOOSTEN, PWR_VOSR_VOS_RANGE1 | PWR_VOSR_BOOSTEN);
    hal_wait(PWR_VOSR, PWR_VOSR_VOSRDY, PWR_VOSR_VOSRDY);

    /* Wait states before the clock goes up; check they took effect. */
    board_flash_init(FLASH_ACR_LATENCY_MASK, LATENCY, FLASH_ACR_LATENCY_MASK,
                     FLASH_ACR_PRFTEN);

    /* PLL1: MSIS (4 MHz) /1 x80 /2 = 160 MHz. */
    HAL_REG32(RCC_PLL1CFGR) = RCC_PLL1CFGR_PLL1SRC_MSIS | RCC_PLL1CFGR_PLL1RGE_4_8 | RCC_PLL1CFGR_PLL1M(1u) |
                              RCC_PLL1CFGR_PLL1MBOOST_DIV1 | RCC_PLL1CFGR_PLL1REN;
    HAL_REG32(RCC_PLL1DIVR) = RCC_PLL1DIVR_PLL1N(80u) | RCC_PLL1DIVR_PLL1P(2u) | RCC_PLL1DIVR_PLL1Q(2u) |
                              RCC_PLL1DIVR_PLL1R(2u);
    HAL_REG32(RCC_CR) |= RCC_CR_PLL1ON;
    hal_wait(RCC_CR, RCC_CR_PLL1RDY, RCC_CR_PLL1RDY);

    /* Switch through AHB /2, then /1; APB prescalers stay /1 (reset). */
    hal_wait(PWR_VOSR, PWR_VOSR_BOOSTRDY, PWR_VOSR_BOOSTRDY);
    hal_modify(RCC_CFGR2, RCC_CFGR2_HPRE_MASK, RCC_CFGR2_HPRE_DIV2);
    hal_modify(RCC_CFGR1, RCC_CFGR1_SW_MASK, RCC_CFGR1_SW_PLL1);
    hal_wait(RCC_CFGR1, RCC_CFGR1_SWS_MASK, RCC_CFGR1_SWS_PLL1);
    hal_modify(RCC_CFGR2, RCC_CFGR2_HPRE_MASK, 0u);

    /* ICACHE in its reset mode (WAYSEL = 1: 2-way). */
    HAL_REG32(ICACHE_CR) |= ICACHE_CR_EN;
}

const board_uart_t board_uart = {
    .gpio_enr = RCC_AHB2ENR1, .gpio_en = RCC_AHB2ENR1_GPIOAEN, .gpio = GPIOA_BASE, .pin = 9, .af = 7,
    .uart_enr = RCC_APB2ENR, .uart_en = RCC_APB2ENR_USART1EN, .uart = USART1_BASE,
};
