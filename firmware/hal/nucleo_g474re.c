/* SPDX-License-Identifier: MIT */
/*
 * nucleo_g474re.c - HAL of the NUCLEO-G474RE (STM32G474RE, Cortex-M4F).
 *
 * Measurement configuration of the stm32g474re model (issue 36): 170 MHz,
 * voltage range 1 boost mode, flash latency 4 wait states
 * (stm32g4xx_ll_utils.c, UTILS_SCALE1_LATENCY4_BOOST_FREQ: 136 < HCLK <=
 * 170 MHz), the ART on: prefetch (PRFTEN), instruction and data caches (ICEN,
 * DCEN: on after reset, RM0440 §3.3.4, written explicitly).
 *
 * Register addresses and bits: ST cmsis_device_g4 Include/stm32g474xx.h
 * (release v1.2.4).  Sequence as stm32g4xx_hal_rcc.c / stm32g4xx_hal_pwr_ex.c:
 * range 1 boost (PWR_CR5.R1MODE = 0); latency 4 and check it; PLL from HSI16
 * /4 = 4 MHz x85 = 340 MHz VCO, R /2 = 170 MHz; above 80 MHz the switch goes
 * through HCLK = SYSCLK/2, then /1 (HAL_RCC_ClockConfig).
 *
 * Console: LPUART1 on PA2 (TX, AF12: stm32g4xx_hal_gpio_ex.h
 * GPIO_AF12_LPUART1), the ST-LINK virtual COM port of the NUCLEO-G474RE.
 * Kernel clock PCLK1 (CCIPR.LPUART1SEL reset value) = 170 MHz; LPUART BRR =
 * 256 * f / baud.  115200 8N1, TX only.
 *
 * Every write and poll below and in board.c is listed in firmware/README.md.
 */
#include "board.h"

#define RCC_CR 0x40021000u      /* RCC_BASE = AHB1PERIPH_BASE + 0x1000 */
#define RCC_CFGR 0x40021008u
#define RCC_PLLCFGR 0x4002100Cu
#define RCC_AHB2ENR 0x4002104Cu
#define RCC_APB1ENR1 0x40021058u
#define RCC_APB1ENR2 0x4002105Cu
#define PWR_CR5 0x40007080u     /* PWR_BASE = APB1PERIPH_BASE + 0x7000 */
#define GPIOA_BASE 0x48000000u  /* GPIOA_BASE = AHB2PERIPH_BASE */
#define LPUART1_BASE 0x40008000u /* LPUART1_BASE = APB1PERIPH_BASE + 0x8000 */

#define RCC_CR_HSION (1u << 8)
#define RCC_CR_HSIRDY (1u << 10)
#define RCC_CR_PLLON (1u << 24)
#define RCC_CR_PLLRDY (1u << 25)
#define RCC_CFGR_SW_MASK (3u << 0)
#define RCC_CFGR_SW_PLL (3u << 0)
#define RCC_CFGR_SWS_MASK (3u << 2)
#define RCC_CFGR_SWS_PLL (3u << 2)
#define RCC_CFGR_HPRE_MASK (0xFu << 4)
#define RCC_CFGR_HPRE_DIV2 (8u << 4)
#define RCC_PLLCFGR_PLLSRC_HSI (2u << 0)
#define RCC_PLLCFGR_PLLM(m) (((m) - 1u) << 4)
#define RCC_PLLCFGR_PLLN(n) ((n) << 8)
#define RCC_PLLCFGR_PLLREN (1u << 24)
#define RCC_PLLCFGR_PLLR_DIV2 (0u << 25)
#define RCC_AHB2ENR_GPIOAEN (1u << 0)
#define RCC_APB1ENR1_PWREN (1u << 28)
#define RCC_APB1ENR2_LPUART1EN (1u << 0)
#define PWR_CR5_R1MODE (1u << 8)
#define FLASH_ACR_LATENCY_MASK (0xFu << 0)
#define FLASH_ACR_PRFTEN (1u << 8)
#define FLASH_ACR_ICEN (1u << 9)
#define FLASH_ACR_DCEN (1u << 10)

#define CLOCK_HZ 170000000u
#define LATENCY 4u

const hal_info_t hal_info = {
    .target = FW_TARGET_NAME,
    .mcu = "stm32g474re",
    .clock_hz = CLOCK_HZ,
    .latency = LATENCY,
    .icache = 1,
    .prefetch = 1,
};

void board_clock_init(void)
{
    /* Range 1 boost mode (reset: range 1 normal), needed above 150 MHz. */
    HAL_REG32(RCC_APB1ENR1) |= RCC_APB1ENR1_PWREN;
    (void)HAL_REG32(RCC_APB1ENR1);
    HAL_REG32(PWR_CR5) &= ~PWR_CR5_R1MODE;

    /* Wait states before the clock goes up; check they took effect; the ART on. */
    board_flash_init(FLASH_ACR_LATENCY_MASK, LATENCY, FLASH_ACR_LATENCY_MASK,
                     FLASH_ACR_PRFTEN | FLASH_ACR_ICEN | FLASH_ACR_DCEN);

    /* PLL from HSI16 (on at reset): /4 x85 /2 = 170 MHz. */
    HAL_REG32(RCC_CR) |= RCC_CR_HSION;
    hal_wait(RCC_CR, RCC_CR_HSIRDY, RCC_CR_HSIRDY);
    HAL_REG32(RCC_PLLCFGR) = RCC_PLLCFGR_PLLSRC_HSI | RCC_PLLCFGR_PLLM(4u) | RCC_PLLCFGR_PLLN(85u) |
                             RCC_PLLCFGR_PLLREN | RCC_PLLCFGR_PLLR_DIV2;
    HAL_REG32(RCC_CR) |= RCC_CR_PLLON;
    hal_wait(RCC_CR, RCC_CR_PLLRDY, RCC_CR_PLLRDY);

    /* Switch through HCLK = SYSCLK/2, then /1 (stm32g4xx_hal_rcc.c). */
    hal_modify(RCC_CFGR, RCC_CFGR_HPRE_MASK, RCC_CFGR_HPRE_DIV2);
    hal_modify(RCC_CFGR, RCC_CFGR_SW_MASK, RCC_CFGR_SW_PLL);
    hal_wait(RCC_CFGR, RCC_CFGR_SWS_MASK, RCC_CFGR_SWS_PLL);
    hal_modify(RCC_CFGR, RCC_CFGR_HPRE_MASK, 0);
    /* APB1, APB2 prescalers stay /1 (reset). */
}

/* PA2: AF12 = LPUART1_TX. */
const board_uart_t board_uart = {
    .gpio_enr = RCC_AHB2ENR, .gpio_en = RCC_AHB2ENR_GPIOAEN, .gpio = GPIOA_BASE, .pin = 2, .af = 12,
    .uart_enr = RCC_APB1ENR2, .uart_en = RCC_APB1ENR2_LPUART1EN, .uart = LPUART1_BASE, .lpuart = 1,
};
