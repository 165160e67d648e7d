/* SPDX-License-Identifier: MIT */
/*
 * nucleo_l552zeq.c - HAL of the NUCLEO-L552ZE-Q (STM32L552ZE, Cortex-M33,
 * TrustZone disabled as shipped: the non-secure register aliases are used).
 *
 * Measurement configuration of ST's STM32L5 crypto-library performance page
 * (shared/seeds 001): 110 MHz, flash latency 5 wait states, voltage range 0,
 * ICACHE enabled.  The page does not say which associativity; this file keeps
 * the ICACHE reset default, 2-way set associative (WAYSEL = 1, see ST
 * stm32l5xx_hal_icache.h "ICACHE_2WAYS ... (default)").  NOTE: ST's
 * NUCLEO-L552ZE-Q template selects 1-way (STM32CubeL5
 * Projects/NUCLEO-L552ZE-Q/Templates/TrustZoneDisabled/Src/main.c).
 * The L5 flash has no prefetch bit.
 *
 * Register addresses and bits: ST cmsis_device_l5 Include/stm32l552xx.h
 * (release v1.0.6).  Sequence as ST's template SystemClock_Config and
 * stm32l5xx_hal_rcc.c HAL_RCC_ClockConfig (stm32l5xx_hal_driver): range 0,
 * wait VOSF; latency 5 and check it; PLL from MSI 4 MHz (reset clock)
 * M=1 N=55 R=2 -> 220 MHz VCO, 110 MHz; switch to the PLL with the AHB
 * prescaler at /2 ("intermediate step ... necessary before to go over
 * 80Mhz"), then AHB /1.
 *
 * Console: LPUART1 on PG7 (TX, AF8), the ST-LINK virtual COM port (ST
 * stm32l5xx-nucleo-bsp stm32l5xx_nucleo.h: COM1_UART LPUART1, COM1_TX_PIN
 * GPIO_PIN_7, GPIOG, GPIO_AF8_LPUART1).  Port G is supplied by VDDIO2, which
 * must be declared valid first (PWR_CR2.IOSV; BSP COM1 init calls
 * HAL_PWREx_EnableVddIO2).  Kernel clock PCLK1 (CCIPR1.LPUART1SEL reset
 * value) = 110 MHz; LPUART BRR = 256 * f / baud.  115200 8N1, TX only.
 *
 * Every write and poll below is listed in firmware/README.md.
 */
#include "hal.h"

#define RCC_CR 0x40021000u      /* RCC_BASE_NS = AHB1PERIPH_BASE_NS + 0x1000 */
#define RCC_CFGR 0x40021008u
#define RCC_PLLCFGR 0x4002100Cu
#define RCC_AHB2ENR 0x4002104Cu
#define RCC_APB1ENR1 0x40021058u
#define RCC_APB1ENR2 0x4002105Cu
#define PWR_CR1 0x40007000u     /* PWR_BASE_NS = APB1PERIPH_BASE_NS + 0x7000 */
#define PWR_CR2 0x40007004u
#define PWR_SR2 0x40007014u
#define FLASH_ACR 0x40022000u   /* FLASH_R_BASE_NS = AHB1PERIPH_BASE_NS + 0x2000 */
#define ICACHE_CR 0x40030400u   /* ICACHE_BASE_NS = AHB1PERIPH_BASE_NS + 0x10400 */
#define GPIOG_MODER 0x42021800u /* GPIOG_BASE_NS = AHB2PERIPH_BASE_NS + 0x1800 */
#define GPIOG_AFRL 0x42021820u
#define LPUART1_CR1 0x40008000u /* LPUART1_BASE_NS = APB1PERIPH_BASE_NS + 0x8000 */
#define LPUART1_BRR 0x4000800Cu
#define LPUART1_ISR 0x4000801Cu
#define LPUART1_TDR 0x40008028u

#define RCC_CR_PLLON (1u << 24)
#define RCC_CR_PLLRDY (1u << 25)
#define RCC_CFGR_SW_MASK (3u << 0)
#define RCC_CFGR_SW_PLL (3u << 0)
#define RCC_CFGR_SWS_MASK (3u << 2)
#define RCC_CFGR_SWS_PLL (3u << 2)
#define RCC_CFGR_HPRE_MASK (0xFu << 4)
#define RCC_CFGR_HPRE_DIV2 (8u << 4)
#define RCC_PLLCFGR_PLLSRC_MASK (3u << 0)
#define RCC_PLLCFGR_PLLSRC_MSI (1u << 0)
#define RCC_PLLCFGR_PLLM_MASK (0xFu << 4)
#define RCC_PLLCFGR_PLLM(m) (((m) - 1u) << 4)
#define RCC_PLLCFGR_PLLN_MASK (0x7Fu << 8)
#define RCC_PLLCFGR_PLLN(n) ((n) << 8)
#define RCC_PLLCFGR_PLLREN (1u << 24)
#define RCC_PLLCFGR_PLLR_MASK (3u << 25)
#define RCC_PLLCFGR_PLLR_DIV2 (0u << 25)
#define RCC_AHB2ENR_GPIOGEN (1u << 6)
#define RCC_APB1ENR1_PWREN (1u << 28)
#define RCC_APB1ENR2_LPUART1EN (1u << 0)
#define PWR_CR1_VOS_MASK (3u << 9)
#define PWR_CR1_VOS_RANGE0 (0u << 9)
#define PWR_CR2_IOSV (1u << 9)
#define PWR_SR2_VOSF (1u << 10)
#define FLASH_ACR_LATENCY_MASK (0xFu << 0)
#define ICACHE_CR_EN (1u << 0)
#define ICACHE_CR_WAYSEL (1u << 2)
#define USART_CR1_UE (1u << 0)
#define USART_CR1_TE (1u << 3)

#define CLOCK_HZ 110000000u
#define LATENCY 5u
#define BAUD 115200u

const hal_info_t hal_info = {
    .target = FW_TARGET_NAME,
    .mcu = "stm32l552ze",
    .clock_hz = CLOCK_HZ,
    .latency = LATENCY,
    .icache = 1,
    .prefetch = 0,
};

static void clock_init(void)
{
    /* Voltage range 0 (reset: range 2); needed above 80 MHz. */
    HAL_REG32(RCC_APB1ENR1) |= RCC_APB1ENR1_PWREN;
    (void)HAL_REG32(RCC_APB1ENR1);
    hal_modify(PWR_CR1, PWR_CR1_VOS_MASK, PWR_CR1_VOS_RANGE0);
    hal_wait(PWR_SR2, PWR_SR2_VOSF, 0);

    /* Wait states before the clock goes up; check they took effect. */
    hal_modify(FLASH_ACR, FLASH_ACR_LATENCY_MASK, LATENCY);
    hal_wait(FLASH_ACR, FLASH_ACR_LATENCY_MASK, LATENCY);

    /* PLL from MSI (4 MHz, on and selected at reset): /1 x55 /2 = 110 MHz. */
    hal_modify(RCC_PLLCFGR,
               RCC_PLLCFGR_PLLSRC_MASK | RCC_PLLCFGR_PLLM_MASK | RCC_PLLCFGR_PLLN_MASK |
                   RCC_PLLCFGR_PLLR_MASK,
               RCC_PLLCFGR_PLLSRC_MSI | RCC_PLLCFGR_PLLM(1u) | RCC_PLLCFGR_PLLN(55u) |
                   RCC_PLLCFGR_PLLR_DIV2);
    HAL_REG32(RCC_CR) |= RCC_CR_PLLON;
    HAL_REG32(RCC_PLLCFGR) |= RCC_PLLCFGR_PLLREN;
    hal_wait(RCC_CR, RCC_CR_PLLRDY, RCC_CR_PLLRDY);

    /* Switch through HCLK = SYSCLK/2, then /1 (stm32l5xx_hal_rcc.c). */
    hal_modify(RCC_CFGR, RCC_CFGR_HPRE_MASK, RCC_CFGR_HPRE_DIV2);
    hal_modify(RCC_CFGR, RCC_CFGR_SW_MASK, RCC_CFGR_SW_PLL);
    hal_wait(RCC_CFGR, RCC_CFGR_SWS_MASK, RCC_CFGR_SWS_PLL);
    hal_modify(RCC_CFGR, RCC_CFGR_HPRE_MASK, 0);
    /* APB1, APB2 prescalers stay /1 (reset). */

    /* ICACHE: 2-way (reset default, written explicitly), then enable.
     * WAYSEL may only change while EN = 0.  The invalidation that follows
     * reset runs in the background; the cache is bypassed until it ends. */
    HAL_REG32(ICACHE_CR) = ICACHE_CR_WAYSEL;
    HAL_REG32(ICACHE_CR) = ICACHE_CR_WAYSEL | ICACHE_CR_EN;
}

static void console_init(void)
{
    HAL_REG32(PWR_CR2) |= PWR_CR2_IOSV; /* VDDIO2 valid: port G usable */
    HAL_REG32(RCC_AHB2ENR) |= RCC_AHB2ENR_GPIOGEN;
    (void)HAL_REG32(RCC_AHB2ENR);
    hal_modify(GPIOG_AFRL, 0xFu << 28, 8u << 28); /* PG7: AF8 = LPUART1_TX */
    hal_modify(GPIOG_MODER, 3u << 14, 2u << 14);  /* PG7: alternate function */

    HAL_REG32(RCC_APB1ENR2) |= RCC_APB1ENR2_LPUART1EN;
    (void)HAL_REG32(RCC_APB1ENR2);
    /* 256 * 110 MHz / 115200 = 244444 (20-bit BRR, >= 0x300). */
    HAL_REG32(LPUART1_BRR) = (uint32_t)(((uint64_t)CLOCK_HZ * 256u + BAUD / 2) / BAUD);
    HAL_REG32(LPUART1_CR1) = USART_CR1_TE | USART_CR1_UE; /* 8N1, FIFO off */
}

void hal_init(void)
{
    clock_init();
    console_init();
    hal_cycles_init();
}

void hal_putc(char c)
{
    board_console_putc(LPUART1_ISR, LPUART1_TDR, c);
}

void hal_done(int failures)
{
    (void)failures; /* the "@done" line carries it */
    board_sleep();
}
