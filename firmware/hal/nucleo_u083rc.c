/* SPDX-License-Identifier: MIT */
/*
 * nucleo_u083rc.c - HAL of the NUCLEO-U083RC (STM32U083RC, Cortex-M0+).
 *
 * Measurement configuration of ST's STM32U0 crypto-library performance page
 * (shared/seeds 003): 56 MHz, voltage range 1, flash latency 1 wait state,
 * instruction cache (FLASH_ACR.ICEN) and prefetch (PRFTEN) on.
 *
 * NOTE: RM0503 (and ST's U0 HAL/LL: stm32u0xx_ll_utils.c, UTILS_SCALE1_LATENCY*)
 * ask for 2 wait states above 48 MHz in range 1.  The page states 1 WS at
 * 56 MHz and this file reproduces the page's configuration on purpose, so
 * the board runs the flash out of its specification (stm32u0xx_hal_driver
 * @531a52e, docs/sources.md).
 *
 * Register addresses and bits: ST cmsis-device-u0 Include/stm32u083xx.h
 * (release v1.3.0).  Sequence as ST's U0 LL code (STM32CubeU0
 * Projects/NUCLEO-U083RC/Examples_LL/TIM/TIM_TimeBase_Init SystemClock_Config:
 * latency, check it, range 1, wait VOSF; PLL as in stm32u0xx_ll_utils.c
 * UTILS_EnablePLLAndSwitchSystem).  PLL: HSI16 /2 = 8 MHz input (4..16 MHz),
 * x14 = 112 MHz VCO (96..344 MHz), /2 = 56 MHz (limits from
 * stm32u0xx_ll_utils.c UTILS_PLLVCO_*).
 *
 * Console: USART2 on PA2 (TX, AF7), the ST-LINK virtual COM port (ST
 * stm32u0xx-nucleo-bsp stm32u0xx_nucleo.h: COM1_UART USART2, COM1_TX_PIN
 * GPIO_PIN_2, GPIOA, GPIO_AF7_USART2).  Kernel clock PCLK (CCIPR.USART2SEL
 * reset value) = 56 MHz, 115200 8N1, TX only.
 *
 * Every write and poll below is listed in firmware/README.md.
 */
#include "hal.h"

#define RCC_CR 0x40021000u      /* RCC_BASE = AHBPERIPH_BASE + 0x1000 */
#define RCC_CFGR 0x40021008u
#define RCC_PLLCFGR 0x4002100Cu
#define RCC_IOPENR 0x4002104Cu
#define RCC_APBENR1 0x40021058u
#define PWR_CR1 0x40007000u     /* PWR_BASE = APBPERIPH_BASE + 0x7000 */
#define PWR_SR2 0x40007014u
#define FLASH_ACR 0x40022000u   /* FLASH_R_BASE = AHBPERIPH_BASE + 0x2000 */
#define GPIOA_MODER 0x50000000u /* GPIOA_BASE = IOPORT_BASE */
#define GPIOA_AFRL 0x50000020u
#define USART2_CR1 0x40004400u  /* USART2_BASE = APBPERIPH_BASE + 0x4400 */
#define USART2_BRR 0x4000440Cu
#define USART2_ISR 0x4000441Cu
#define USART2_TDR 0x40004428u

#define RCC_CR_HSION (1u << 8)
#define RCC_CR_HSIRDY (1u << 10)
#define RCC_CR_PLLON (1u << 24)
#define RCC_CR_PLLRDY (1u << 25)
#define RCC_CFGR_SW_MASK (7u << 0)
#define RCC_CFGR_SW_PLL (3u << 0)
#define RCC_CFGR_SWS_MASK (7u << 3)
#define RCC_CFGR_SWS_PLL (3u << 3)
#define RCC_PLLCFGR_PLLSRC_HSI16 (2u << 0)
#define RCC_PLLCFGR_PLLM(m) (((m) - 1u) << 4)
#define RCC_PLLCFGR_PLLN(n) ((n) << 8)
#define RCC_PLLCFGR_PLLREN (1u << 28)
#define RCC_PLLCFGR_PLLR(r) (((r) - 1u) << 29)
#define RCC_IOPENR_GPIOAEN (1u << 0)
#define RCC_APBENR1_USART2EN (1u << 17)
#define RCC_APBENR1_PWREN (1u << 28)
#define PWR_CR1_VOS_MASK (3u << 9)
#define PWR_CR1_VOS_RANGE1 (1u << 9)
#define PWR_SR2_VOSF (1u << 10)
#define FLASH_ACR_LATENCY_MASK (7u << 0)
#define FLASH_ACR_PRFTEN (1u << 8)
#define FLASH_ACR_ICEN (1u << 9)
#define USART_CR1_UE (1u << 0)
#define USART_CR1_TE (1u << 3)

#define CLOCK_HZ 56000000u
#define LATENCY 1u /* as published; RM0503 would need 2 (see above) */
#define BAUD 115200u

const hal_info_t hal_info = {
    .target = FW_TARGET_NAME,
    .mcu = "stm32u083rc",
    .clock_hz = CLOCK_HZ,
    .latency = LATENCY,
    .icache = 1,
    .prefetch = 1,
};

static void clock_init(void)
{
    /* Voltage range 1 (56 MHz at most). */
    HAL_REG32(RCC_APBENR1) |= RCC_APBENR1_PWREN;
    (void)HAL_REG32(RCC_APBENR1);
    hal_modify(PWR_CR1, PWR_CR1_VOS_MASK, PWR_CR1_VOS_RANGE1);
    hal_wait(PWR_SR2, PWR_SR2_VOSF, 0);

    /* Wait states before the clock goes up; check they took effect. */
    hal_modify(FLASH_ACR, FLASH_ACR_LATENCY_MASK, LATENCY);
    hal_wait(FLASH_ACR, FLASH_ACR_LATENCY_MASK, LATENCY);
    HAL_REG32(FLASH_ACR) |= FLASH_ACR_ICEN | FLASH_ACR_PRFTEN;

    /* HSI16 /2 x14 /2 = 56 MHz. */
    HAL_REG32(RCC_CR) |= RCC_CR_HSION;
    hal_wait(RCC_CR, RCC_CR_HSIRDY, RCC_CR_HSIRDY);
    HAL_REG32(RCC_PLLCFGR) = RCC_PLLCFGR_PLLSRC_HSI16 | RCC_PLLCFGR_PLLM(2u) |
                             RCC_PLLCFGR_PLLN(14u) | RCC_PLLCFGR_PLLREN |
                             RCC_PLLCFGR_PLLR(2u);
    HAL_REG32(RCC_CR) |= RCC_CR_PLLON;
    hal_wait(RCC_CR, RCC_CR_PLLRDY, RCC_CR_PLLRDY);
    hal_modify(RCC_CFGR, RCC_CFGR_SW_MASK, RCC_CFGR_SW_PLL);
    hal_wait(RCC_CFGR, RCC_CFGR_SWS_MASK, RCC_CFGR_SWS_PLL);
    /* AHB and APB prescalers stay /1 (reset). */
}

static void console_init(void)
{
    HAL_REG32(RCC_IOPENR) |= RCC_IOPENR_GPIOAEN;
    (void)HAL_REG32(RCC_IOPENR);
    hal_modify(GPIOA_AFRL, 0xFu << 8, 7u << 8);  /* PA2: AF7 = USART2_TX */
    hal_modify(GPIOA_MODER, 3u << 4, 2u << 4);   /* PA2: alternate function */

    HAL_REG32(RCC_APBENR1) |= RCC_APBENR1_USART2EN;
    (void)HAL_REG32(RCC_APBENR1);
    HAL_REG32(USART2_BRR) = (CLOCK_HZ + BAUD / 2) / BAUD; /* 486, oversampling 16 */
    HAL_REG32(USART2_CR1) = USART_CR1_TE | USART_CR1_UE;  /* 8N1, FIFO off */
}

void hal_init(void)
{
    clock_init();
    console_init();
    hal_cycles_init();
}

void hal_putc(char c)
{
    board_console_putc(USART2_ISR, USART2_TDR, c);
}

void hal_done(int failures)
{
    (void)failures; /* the "@done" line carries it */
    board_sleep();
}
