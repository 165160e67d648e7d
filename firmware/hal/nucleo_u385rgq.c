/* SPDX-License-Identifier: MIT */
/*
 * nucleo_u385rgq.c - HAL of the NUCLEO-U385RG-Q (STM32U385RG, Cortex-M33,
 * TrustZone disabled as shipped: the non-secure register aliases are used).
 *
 * Measurement configuration of ST's STM32U3 crypto-library performance page
 * (shared/seeds 000): 96 MHz, flash latency 2 wait states, voltage range 1,
 * ICACHE on, prefetch on.  As ST's NUCLEO-U385RG-Q template (STM32CubeU3
 * v1.1.0 Projects/NUCLEO-U385RG-Q/Templates/TrustZoneDisabled/Src/main.c):
 * SYSCLK = MSIS from MSIRC0 (96 MHz) /1 with the EPOD booster fed by MSIS
 * /1, range 1, ICACHE 1-way (direct mapped); HAL_Init sets PRFTEN
 * (stm32u3xx_hal_conf.h PREFETCH_ENABLE 1).
 *
 * Register addresses and bits: ST cmsis-device-u3 Include/stm32u385xx.h
 * (release v1.3.0).  Sequence as the template and stm32u3xx-hal-driver
 * (v1.4.0): PWR clock (HAL_MspInit); HAL_RCCEx_EpodBoosterClkConfig
 * (CFGR4.BOOSTSEL = MSIS, BOOSTDIV = /1); HAL_PWREx_EnableEpodBooster
 * (VOSR.BOOSTEN, wait BOOSTRDY); HAL_PWREx_ControlVoltageScaling (VOSR R1EN,
 * wait R1RDY); latency 2 before the clock goes up; HAL_RCC_OscConfig for MSIS
 * (ICSCR1: MSIRGSEL = 1, MSISSEL = RC0, MSISDIV = /1; wait MSISRDY).  MSIS
 * is already the system clock after reset (12 MHz), so no switch is needed.
 *
 * Console: USART1 on PA9 (TX, AF7), the ST-LINK virtual COM port (ST
 * stm32u3xx-nucleo-bsp stm32u3xx_nucleo.h: COM1_UART USART1, COM1_TX_PIN
 * GPIO_PIN_9, GPIOA, GPIO_AF7_USART1).  Kernel clock PCLK2
 * (CCIPR1.USART1SEL reset value) = 96 MHz, 115200 8N1, TX only.
 *
 * Every write and poll below is listed in firmware/README.md.
 */
#include "hal.h"

#define RCC_CR 0x40030C00u        /* RCC_BASE_NS = AHB1PERIPH_BASE_NS + 0x10C00 */
#define RCC_ICSCR1 0x40030C08u
#define RCC_CFGR4 0x40030C28u
#define RCC_AHB2ENR1 0x40030C8Cu
#define RCC_AHB1ENR2 0x40030C94u
#define RCC_APB2ENR 0x40030CA4u
#define PWR_VOSR 0x4003080Cu      /* PWR_BASE_NS = AHB1PERIPH_BASE_NS + 0x10800 */
#define FLASH_ACR 0x40022000u     /* FLASH_R_BASE_NS = AHB1PERIPH_BASE_NS + 0x2000 */
#define ICACHE_CR 0x40030400u     /* ICACHE_BASE_NS = AHB1PERIPH_BASE_NS + 0x10400 */
#define GPIOA_MODER 0x42020000u   /* GPIOA_BASE_NS = AHB2PERIPH_BASE_NS */
#define GPIOA_AFRH 0x42020024u
#define USART1_CR1 0x40013800u    /* USART1_BASE_NS = APB2PERIPH_BASE_NS + 0x3800 */
#define USART1_BRR 0x4001380Cu
#define USART1_ISR 0x4001381Cu
#define USART1_TDR 0x40013828u

#define RCC_CR_MSISRDY (1u << 2)
#define RCC_ICSCR1_MSIRGSEL (1u << 23)
#define RCC_ICSCR1_MSISDIV_MASK (3u << 29) /* 00: /1 */
#define RCC_ICSCR1_MSISSEL (1u << 31)      /* 0: MSIRC0 (96 MHz) */
#define RCC_CFGR4_BOOSTSEL_MASK (3u << 0)
#define RCC_CFGR4_BOOSTSEL_MSIS (1u << 0)
#define RCC_CFGR4_BOOSTDIV_MASK (0xFu << 12) /* 0000: /1 */
#define RCC_AHB2ENR1_GPIOAEN (1u << 0)
#define RCC_AHB1ENR2_PWREN (1u << 2)
#define RCC_APB2ENR_USART1EN (1u << 14)
#define PWR_VOSR_R1EN (1u << 0)
#define PWR_VOSR_R2EN (1u << 1)
#define PWR_VOSR_BOOSTEN (1u << 8)
#define PWR_VOSR_R1RDY (1u << 16)
#define PWR_VOSR_BOOSTRDY (1u << 24)
#define FLASH_ACR_LATENCY_MASK (0xFu << 0)
#define FLASH_ACR_PRFTEN (1u << 8)
#define ICACHE_CR_EN (1u << 0)
#define ICACHE_CR_WAYSEL (1u << 2) /* 0: 1-way (direct mapped) */
#define USART_CR1_UE (1u << 0)
#define USART_CR1_TE (1u << 3)

#define CLOCK_HZ 96000000u
#define LATENCY 2u
#define BAUD 115200u

const hal_info_t hal_info = {
    .target = FW_TARGET_NAME,
    .mcu = "stm32u385rg",
    .clock_hz = CLOCK_HZ,
    .latency = LATENCY,
    .icache = 1,
    .prefetch = 1,
};

static void clock_init(void)
{
    HAL_REG32(RCC_AHB1ENR2) |= RCC_AHB1ENR2_PWREN;
    (void)HAL_REG32(RCC_AHB1ENR2);

    /* Prefetch first, as HAL_Init does. */
    HAL_REG32(FLASH_ACR) |= FLASH_ACR_PRFTEN;

    /* EPOD booster, clocked by MSIS /1 (12 MHz at this point). */
    hal_modify(RCC_CFGR4, RCC_CFGR4_BOOSTSEL_MASK | RCC_CFGR4_BOOSTDIV_MASK,
               RCC_CFGR4_BOOSTSEL_MSIS);
    HAL_REG32(PWR_VOSR) |= PWR_VOSR_BOOSTEN;
    hal_wait(PWR_VOSR, PWR_VOSR_BOOSTRDY, PWR_VOSR_BOOSTRDY);

    /* Voltage range 1 (reset: range 2). */
    hal_modify(PWR_VOSR, PWR_VOSR_R1EN | PWR_VOSR_R2EN, PWR_VOSR_R1EN);
    hal_wait(PWR_VOSR, PWR_VOSR_R1RDY, PWR_VOSR_R1RDY);

    /* Wait states before the clock goes up; check they took effect. */
    hal_modify(FLASH_ACR, FLASH_ACR_LATENCY_MASK, LATENCY);
    hal_wait(FLASH_ACR, FLASH_ACR_LATENCY_MASK, LATENCY);

    /* MSIS = MSIRC0 (96 MHz) /1, range taken from ICSCR1. */
    hal_modify(RCC_ICSCR1, RCC_ICSCR1_MSISSEL | RCC_ICSCR1_MSISDIV_MASK, RCC_ICSCR1_MSIRGSEL);
    hal_wait(RCC_CR, RCC_CR_MSISRDY, RCC_CR_MSISRDY);
    /* AHB, APB1..3 prescalers stay /1 (reset). */

    /* ICACHE: 1-way (WAYSEL may only change while EN = 0), then enable. */
    HAL_REG32(ICACHE_CR) = 0;
    HAL_REG32(ICACHE_CR) = ICACHE_CR_EN;
}

static void console_init(void)
{
    HAL_REG32(RCC_AHB2ENR1) |= RCC_AHB2ENR1_GPIOAEN;
    (void)HAL_REG32(RCC_AHB2ENR1);
    hal_modify(GPIOA_AFRH, 0xFu << 4, 7u << 4);  /* PA9: AF7 = USART1_TX */
    hal_modify(GPIOA_MODER, 3u << 18, 2u << 18); /* PA9: alternate function */

    HAL_REG32(RCC_APB2ENR) |= RCC_APB2ENR_USART1EN;
    (void)HAL_REG32(RCC_APB2ENR);
    HAL_REG32(USART1_BRR) = (CLOCK_HZ + BAUD / 2) / BAUD; /* 833, oversampling 16 */
    HAL_REG32(USART1_CR1) = USART_CR1_TE | USART_CR1_UE;  /* 8N1, FIFO off */
}

void hal_init(void)
{
    clock_init();
    console_init();
    hal_cycles_init();
}

void hal_putc(char c)
{
    board_console_putc(USART1_ISR, USART1_TDR, c);
}

void hal_done(int failures)
{
    (void)failures; /* the "@done" line carries it */
    board_sleep();
}
