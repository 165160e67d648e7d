/* SPDX-License-Identifier: MIT */
/*
 * nucleo_c031c6.c - HAL of the NUCLEO-C031C6 (STM32C031C6, Cortex-M0+).
 *
 * Configuration: 48 MHz, flash latency 1 wait state (the minimum above
 * 24 MHz: RM0490 Table 14, stm32c0xx_ll_utils.c), prefetch (PRFTEN) on and
 * instruction cache (ICEN, on after reset: RM0490 4.3.3) on, as ST's HAL
 * template does (stm32c0xx_hal_conf_template.h PREFETCH_ENABLE and
 * INSTRUCTION_CACHE_ENABLE 1).  ST publishes no crypto-library page for the
 * C0: this is the fastest set-up the RM allows.
 *
 * Register addresses and bits: ST cmsis-device-c0 Include/stm32c031xx.h.
 * The C0 has no PLL: SYSCLK is HSISYS = HSI48 / HSIDIV, /4 (12 MHz) after
 * reset (RM0490 4.3.2); HSIDIV = 000 gives 48 MHz (stm32c0xx_ll_rcc.h
 * LL_RCC_HSI_DIV_1).  Latency first, check it, then the divider, as the RM's
 * "Increasing HCLK frequency" sequence (RM0490 4.3.2).
 *
 * Console: USART2 on PA2 (TX, AF1), the ST-LINK virtual COM port of the
 * NUCLEO-C031C6 (GPIO_AF1_USART2, stm32c0xx_hal_gpio_ex.h).  Kernel clock
 * PCLK = 48 MHz, 115200 8N1, TX only.
 *
 * Every write and poll below and in board.c is listed in firmware/README.md.
 */
#include "board.h"

#define RCC_CR 0x40021000u      /* RCC_BASE = AHBPERIPH_BASE + 0x1000 */
#define RCC_IOPENR 0x40021034u
#define RCC_APBENR1 0x4002103Cu
#define GPIOA_BASE 0x50000000u  /* GPIOA_BASE = IOPORT_BASE */
#define USART2_BASE 0x40004400u /* USART2_BASE = APBPERIPH_BASE + 0x4400 */

#define RCC_CR_HSIRDY (1u << 10)
#define RCC_CR_HSIDIV_MASK (7u << 11)
#define RCC_IOPENR_GPIOAEN (1u << 0)
#define RCC_APBENR1_USART2EN (1u << 17)
#define FLASH_ACR_LATENCY_MASK (7u << 0)
#define FLASH_ACR_PRFTEN (1u << 8)
#define FLASH_ACR_ICEN (1u << 9)

#define CLOCK_HZ 48000000u
#define LATENCY 1u

const hal_info_t hal_info = {
    .target = FW_TARGET_NAME,
    .mcu = "stm32c031c6",
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

    /* HSISYS = HSI48 /1; AHB and APB prescalers stay /1 (reset). */
    hal_modify(RCC_CR, RCC_CR_HSIDIV_MASK, 0u);
    hal_wait(RCC_CR, RCC_CR_HSIRDY, RCC_CR_HSIRDY);
}

const board_uart_t board_uart = {
    .gpio_enr = RCC_IOPENR, .gpio_en = RCC_IOPENR_GPIOAEN, .gpio = GPIOA_BASE, .pin = 2, .af = 1,
    .uart_enr = RCC_APBENR1, .uart_en = RCC_APBENR1_USART2EN, .uart = USART2_BASE,
};
