/* SPDX-License-Identifier: MIT */
/*
 * nucleo_l476rg.c - HAL of the NUCLEO-L476RG (STM32L476RG, Cortex-M4F).
 *
 * Measurement configuration of the stm32l476rg model (issue 36): 80 MHz,
 * voltage range 1, flash latency 4 wait states (stm32l4xx_ll_utils.c,
 * UTILS_SCALE1_LATENCY4_FREQ: 64 < HCLK <= 80 MHz), the ART on: prefetch
 * (PRFTEN), instruction cache (ICEN) and data cache (DCEN), as CubeMX sets
 * them.
 *
 * Register addresses and bits: ST cmsis_device_l4 Include/stm32l476xx.h
 * (release v1.7.4).  Sequence as stm32l4xx_ll_utils.c (LL_PLL_ConfigSystemClock_MSI,
 * UTILS_SetFlashLatency): range 1, wait VOSF; latency 4 and check it; PLL
 * from MSI 4 MHz (the reset clock) /1 x40 = 160 MHz VCO, R /2 = 80 MHz;
 * switch to the PLL.
 *
 * Console: USART2 on PA2 (TX, AF7), the ST-LINK virtual COM port of the
 * Nucleo-64 boards (UM1724, USART communication).  Kernel clock PCLK1
 * (CCIPR.USART2SEL reset value) = 80 MHz, 115200 8N1, TX only.
 *
 * Every write and poll below and in board.c is listed in firmware/README.md.
 */
#include "board.h"

#define RCC_CR 0x40021000u      /* RCC_BASE = AHB1PERIPH_BASE + 0x1000 */
#define RCC_CFGR 0x40021008u
#define RCC_PLLCFGR 0x4002100Cu
#define RCC_AHB2ENR 0x4002104Cu
#define RCC_APB1ENR1 0x40021058u
#define PWR_CR1 0x40007000u     /* PWR_BASE = APB1PERIPH_BASE + 0x7000 */
#define PWR_SR2 0x40007014u
#define GPIOA_BASE 0x48000000u  /* GPIOA_BASE = AHB2PERIPH_BASE */
#define USART2_BASE 0x40004400u /* USART2_BASE = APB1PERIPH_BASE + 0x4400 */

#define RCC_CR_PLLON (1u << 24)
#define RCC_CR_PLLRDY (1u << 25)
#define RCC_CFGR_SW_MASK (3u << 0)
#define RCC_CFGR_SW_PLL (3u << 0)
#define RCC_CFGR_SWS_MASK (3u << 2)
#define RCC_CFGR_SWS_PLL (3u << 2)
#define RCC_PLLCFGR_PLLSRC_MSI (1u << 0)
#define RCC_PLLCFGR_PLLM(m) (((m) - 1u) << 4)
#define RCC_PLLCFGR_PLLN(n) ((n) << 8)
#define RCC_PLLCFGR_PLLREN (1u << 24)
#define RCC_PLLCFGR_PLLR_DIV2 (0u << 25)
#define RCC_AHB2ENR_GPIOAEN (1u << 0)
#define RCC_APB1ENR1_USART2EN (1u << 17)
#define RCC_APB1ENR1_PWREN (1u << 28)
#define PWR_CR1_VOS_MASK (3u << 9)
#define PWR_CR1_VOS_RANGE1 (1u << 9)
#define PWR_SR2_VOSF (1u << 10)
#define FLASH_ACR_LATENCY_MASK (7u << 0)
#define FLASH_ACR_PRFTEN (1u << 8)
#define FLASH_ACR_ICEN (1u << 9)
#define FLASH_ACR_DCEN (1u << 10)

#define CLOCK_HZ 80000000u
#define LATENCY 4u

const hal_info_t hal_info = {
    .target = FW_TARGET_NAME,
    .mcu = "stm32l476rg",
    .clock_hz = CLOCK_HZ,
    .latency = LATENCY,
    .icache = 1,
    .prefetch = 1,
};

void board_clock_init(void)
{
    /* Voltage range 1 (the reset value, written explicitly). */
    HAL_REG32(RCC_APB1ENR1) |= RCC_APB1ENR1_PWREN;
    (void)HAL_REG32(RCC_APB1ENR1);
    hal_modify(PWR_CR1, PWR_CR1_VOS_MASK, PWR_CR1_VOS_RANGE1);
    hal_wait(PWR_SR2, PWR_SR2_VOSF, 0);

    /* Wait states before the clock goes up; check they took effect; the ART on. */
    board_flash_init(FLASH_ACR_LATENCY_MASK, LATENCY, FLASH_ACR_LATENCY_MASK,
                     FLASH_ACR_PRFTEN | FLASH_ACR_ICEN | FLASH_ACR_DCEN);

    /* PLL from MSI (4 MHz, on and selected at reset): /1 x40 /2 = 80 MHz. */
    HAL_REG32(RCC_PLLCFGR) = RCC_PLLCFGR_PLLSRC_MSI | RCC_PLLCFGR_PLLM(1u) | RCC_PLLCFGR_PLLN(40u) |
                             RCC_PLLCFGR_PLLREN | RCC_PLLCFGR_PLLR_DIV2;
    HAL_REG32(RCC_CR) |= RCC_CR_PLLON;
    hal_wait(RCC_CR, RCC_CR_PLLRDY, RCC_CR_PLLRDY);
    hal_modify(RCC_CFGR, RCC_CFGR_SW_MASK, RCC_CFGR_SW_PLL);
    hal_wait(RCC_CFGR, RCC_CFGR_SWS_MASK, RCC_CFGR_SWS_PLL);
    /* AHB and APB prescalers stay /1 (reset). */
}

const board_uart_t board_uart = {
    .gpio_enr = RCC_AHB2ENR, .gpio_en = RCC_AHB2ENR_GPIOAEN, .gpio = GPIOA_BASE, .pin = 2, .af = 7,
    .uart_enr = RCC_APB1ENR1, .uart_en = RCC_APB1ENR1_USART2EN, .uart = USART2_BASE,
};
