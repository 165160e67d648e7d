/* SPDX-License-Identifier: MIT */
/*
 * stm32f4_discovery.c - HAL of the STM32F4 Discovery (STM32F407VG,
 * Cortex-M4F).
 *
 * Measurement configuration of the stm32f407vg model (issue 36): 168 MHz,
 * VOS scale 1, VDD 3.3 V, flash latency 5 wait states (RM0090 Rev 21
 * Table 11: 150 < HCLK <= 168 MHz at 2.7-3.6 V), the ART on: prefetch
 * (PRFTEN), instruction cache (ICEN) and data cache (DCEN), as CubeMX sets
 * them.
 *
 * Register addresses and bits: ST cmsis_device_f4 Include/stm32f407xx.h.
 * Sequence as ST's SystemClock_Config for this board (HSE 8 MHz crystal):
 * VOS scale 1 (the reset value, written explicitly); HSE on; PLL M = 8
 * (1 MHz input) N = 336 (336 MHz VCO) P = 2 (168 MHz) Q = 7; latency 5 and
 * check it; AHB /1, APB1 /4 (42 MHz), APB2 /2; switch to the PLL.
 *
 * Console: USART2 on PA2 (TX, AF7).  The F4's USART is the older one: SR.TXE
 * is bit 7 and DR takes the character (stm32f407xx.h USART_TypeDef), which
 * board_console_putc handles as ISR/TDR.  Assumption: the board's ST-LINK
 * virtual COM port reaches PA2 (not checked against the board's manual);
 * cyclesim reads DR as the console (module uart-dr-console).  Kernel
 * clock PCLK1 = 42 MHz, 115200 8N1, TX only.
 *
 * Every write and poll below is listed in firmware/README.md.
 */
#include "hal.h"

#define RCC_CR 0x40023800u      /* RCC_BASE = AHB1PERIPH_BASE + 0x3800 */
#define RCC_PLLCFGR 0x40023804u
#define RCC_CFGR 0x40023808u
#define RCC_AHB1ENR 0x40023830u
#define RCC_APB1ENR 0x40023840u
#define PWR_CR 0x40007000u      /* PWR_BASE = APB1PERIPH_BASE + 0x7000 */
#define FLASH_ACR 0x40023C00u   /* FLASH_R_BASE = AHB1PERIPH_BASE + 0x3C00 */
#define GPIOA_MODER 0x40020000u /* GPIOA_BASE = AHB1PERIPH_BASE */
#define GPIOA_AFRL 0x40020020u
#define USART2_SR 0x40004400u   /* USART2_BASE = APB1PERIPH_BASE + 0x4400 */
#define USART2_DR 0x40004404u
#define USART2_BRR 0x40004408u
#define USART2_CR1 0x4000440Cu

#define RCC_CR_HSEON (1u << 16)
#define RCC_CR_HSERDY (1u << 17)
#define RCC_CR_PLLON (1u << 24)
#define RCC_CR_PLLRDY (1u << 25)
#define RCC_PLLCFGR_PLLM(m) ((m) << 0)
#define RCC_PLLCFGR_PLLN(n) ((n) << 6)
#define RCC_PLLCFGR_PLLP_DIV2 (0u << 16)
#define RCC_PLLCFGR_PLLSRC_HSE (1u << 22)
#define RCC_PLLCFGR_PLLQ(q) ((q) << 24)
#define RCC_CFGR_SW_MASK (3u << 0)
#define RCC_CFGR_SW_PLL (2u << 0)
#define RCC_CFGR_SWS_MASK (3u << 2)
#define RCC_CFGR_SWS_PLL (2u << 2)
#define RCC_CFGR_PPRE_MASK (0x3Fu << 10)
#define RCC_CFGR_PPRE1_DIV4 (5u << 10)
#define RCC_CFGR_PPRE2_DIV2 (4u << 13)
#define RCC_AHB1ENR_GPIOAEN (1u << 0)
#define RCC_APB1ENR_USART2EN (1u << 17)
#define RCC_APB1ENR_PWREN (1u << 28)
#define PWR_CR_VOS (1u << 14)
#define FLASH_ACR_LATENCY_MASK (7u << 0)
#define FLASH_ACR_PRFTEN (1u << 8)
#define FLASH_ACR_ICEN (1u << 9)
#define FLASH_ACR_DCEN (1u << 10)
#define USART_CR1_UE (1u << 13)
#define USART_CR1_TE (1u << 3)

#define CLOCK_HZ 168000000u
#define PCLK1_HZ (CLOCK_HZ / 4u)
#define LATENCY 5u
#define BAUD 115200u

const hal_info_t hal_info = {
    .target = FW_TARGET_NAME,
    .mcu = "stm32f407vg",
    .clock_hz = CLOCK_HZ,
    .latency = LATENCY,
    .icache = 1,
    .prefetch = 1,
};

static void clock_init(void)
{
    /* VOS scale 1: 168 MHz at most (RM0090 §3.5.1). */
    HAL_REG32(RCC_APB1ENR) |= RCC_APB1ENR_PWREN;
    (void)HAL_REG32(RCC_APB1ENR);
    HAL_REG32(PWR_CR) |= PWR_CR_VOS;

    HAL_REG32(RCC_CR) |= RCC_CR_HSEON;
    hal_wait(RCC_CR, RCC_CR_HSERDY, RCC_CR_HSERDY);
    HAL_REG32(RCC_PLLCFGR) = RCC_PLLCFGR_PLLM(8u) | RCC_PLLCFGR_PLLN(336u) | RCC_PLLCFGR_PLLP_DIV2 |
                             RCC_PLLCFGR_PLLSRC_HSE | RCC_PLLCFGR_PLLQ(7u);
    HAL_REG32(RCC_CR) |= RCC_CR_PLLON;
    hal_wait(RCC_CR, RCC_CR_PLLRDY, RCC_CR_PLLRDY);

    /* Wait states before the clock goes up; check they took effect; the ART on. */
    hal_modify(FLASH_ACR, FLASH_ACR_LATENCY_MASK, LATENCY);
    hal_wait(FLASH_ACR, FLASH_ACR_LATENCY_MASK, LATENCY);
    HAL_REG32(FLASH_ACR) |= FLASH_ACR_PRFTEN | FLASH_ACR_ICEN | FLASH_ACR_DCEN;

    hal_modify(RCC_CFGR, RCC_CFGR_PPRE_MASK, RCC_CFGR_PPRE1_DIV4 | RCC_CFGR_PPRE2_DIV2);
    hal_modify(RCC_CFGR, RCC_CFGR_SW_MASK, RCC_CFGR_SW_PLL);
    hal_wait(RCC_CFGR, RCC_CFGR_SWS_MASK, RCC_CFGR_SWS_PLL);
}

static void console_init(void)
{
    HAL_REG32(RCC_AHB1ENR) |= RCC_AHB1ENR_GPIOAEN;
    (void)HAL_REG32(RCC_AHB1ENR);
    hal_modify(GPIOA_AFRL, 0xFu << 8, 7u << 8); /* PA2: AF7 = USART2_TX */
    hal_modify(GPIOA_MODER, 3u << 4, 2u << 4);  /* PA2: alternate function */

    HAL_REG32(RCC_APB1ENR) |= RCC_APB1ENR_USART2EN;
    (void)HAL_REG32(RCC_APB1ENR);
    HAL_REG32(USART2_BRR) = (PCLK1_HZ + BAUD / 2) / BAUD; /* 365, oversampling 16 */
    HAL_REG32(USART2_CR1) = USART_CR1_TE | USART_CR1_UE;  /* 8N1 */
}

void hal_init(void)
{
    clock_init();
    console_init();
    hal_cycles_init();
}

void hal_putc(char c)
{
    board_console_putc(USART2_SR, USART2_DR, c);
}

void hal_done(int failures)
{
    (void)failures; /* the "@done" line carries it */
    board_sleep();
}
