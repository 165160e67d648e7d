/* SPDX-License-Identifier: MIT */
/*
 * nucleo_g071rb.c - HAL of the NUCLEO-G071RB (STM32G071RB, Cortex-M0+).
 *
 * Measurement configuration of ST's STM32G0 crypto-library performance page:
 * 64 MHz, voltage range 1, flash latency 2 wait states, instruction cache
 * (FLASH_ACR.ICEN) and prefetch (PRFTEN) on.  2 WS is the minimum at 64 MHz
 * (stm32g0xx_ll_utils.c LL_SetFlashLatency: "48 < HCLK <= 64 => 2WS").
 *
 * Register addresses and bits: ST cmsis-device-g0 Include/stm32g071xx.h.
 * Sequence as ST's LL utilities (stm32g0xx_ll_utils.c: latency first, check
 * it; UTILS_EnablePLLAndSwitchSystem).  Range 1 is the reset value of
 * PWR_CR1.VOS.  PLL: HSI16 /2 = 8 MHz input (4..8 MHz), x16 = 128 MHz VCO
 * (64..344 MHz), /2 = 64 MHz (limits: stm32g0xx_ll_utils.c UTILS_PLLVCO_*).
 * SW = 010 selects PLLRCLK (stm32g0xx_ll_rcc.h LL_RCC_SYS_CLKSOURCE_PLL
 * = RCC_CFGR_SW_1).
 *
 * Console: USART2 on PA2 (TX, AF1), the ST-LINK virtual COM port of the
 * NUCLEO-G071RB (GPIO_AF1_USART2, stm32g0xx_hal_gpio_ex.h).  Kernel clock
 * PCLK (CCIPR.USART2SEL reset value) = 64 MHz, 115200 8N1, TX only.
 *
 * Every write and poll below and in board.c is listed in firmware/README.md.
 */
#include "board.h"

#define RCC_CR 0x40021000u      /* RCC_BASE = AHBPERIPH_BASE + 0x1000 */
#define RCC_CFGR 0x40021008u
#define RCC_PLLCFGR 0x4002100Cu
#define RCC_IOPENR 0x40021034u
#define RCC_APBENR1 0x4002103Cu
#define GPIOA_BASE 0x50000000u  /* GPIOA_BASE = IOPORT_BASE */
#define USART2_BASE 0x40004400u /* USART2_BASE = APBPERIPH_BASE + 0x4400 */

#define RCC_CR_HSIRDY (1u << 10)
#define RCC_CR_PLLON (1u << 24)
#define RCC_CR_PLLRDY (1u << 25)
#define RCC_CFGR_SW_MASK (7u << 0)
#define RCC_CFGR_SW_PLLR (2u << 0)
#define RCC_CFGR_SWS_MASK (7u << 3)
#define RCC_CFGR_SWS_PLLR (2u << 3)
#define RCC_PLLCFGR_PLLSRC_HSI16 (2u << 0)
#define RCC_PLLCFGR_PLLM(m) (((m) - 1u) << 4)
#define RCC_PLLCFGR_PLLN(n) ((n) << 8)
#define RCC_PLLCFGR_PLLREN (1u << 28)
#define RCC_PLLCFGR_PLLR(r) (((r) - 1u) << 29)
#define RCC_IOPENR_GPIOAEN (1u << 0)
#define RCC_APBENR1_USART2EN (1u << 17)
#define FLASH_ACR_LATENCY_MASK (7u << 0)
#define FLASH_ACR_PRFTEN (1u << 8)
#define FLASH_ACR_ICEN (1u << 9)

#define CLOCK_HZ 64000000u
#define LATENCY 2u

const hal_info_t hal_info = {
    .target = FW_TARGET_NAME,
    .mcu = "stm32g071rb",
    .clock_hz = CLOCK_HZ,
    .latency = LATENCY,
    .icache = 1,
    .prefetch = 1,
};

void board_clock_init(void)
{
    /* Wait states before the clock goes up; check they took effect. */
    board_flash_init(FLASH_ACR_LATENCY_MASK, LATENCY, FLASH_ACR_LATENCY_MASK,
                     FLASH_ACR_ICEN | FLASH_ACR_PRFTEN);

    /* HSI16 (on after reset) /2 x16 /2 = 64 MHz. */
    hal_wait(RCC_CR, RCC_CR_HSIRDY, RCC_CR_HSIRDY);
    HAL_REG32(RCC_PLLCFGR) = RCC_PLLCFGR_PLLSRC_HSI16 | RCC_PLLCFGR_PLLM(2u) |
                             RCC_PLLCFGR_PLLN(16u) | RCC_PLLCFGR_PLLREN |
                             RCC_PLLCFGR_PLLR(2u);
    HAL_REG32(RCC_CR) |= RCC_CR_PLLON;
    hal_wait(RCC_CR, RCC_CR_PLLRDY, RCC_CR_PLLRDY);
    hal_modify(RCC_CFGR, RCC_CFGR_SW_MASK, RCC_CFGR_SW_PLLR);
    hal_wait(RCC_CFGR, RCC_CFGR_SWS_MASK, RCC_CFGR_SWS_PLLR);
    /* AHB and APB prescalers stay /1 (reset). */
}

const board_uart_t board_uart = {
    .gpio_enr = RCC_IOPENR, .gpio_en = RCC_IOPENR_GPIOAEN, .gpio = GPIOA_BASE, .pin = 2, .af = 1,
    .uart_enr = RCC_APBENR1, .uart_en = RCC_APBENR1_USART2EN, .uart = USART2_BASE,
};
