/* SPDX-License-Identifier: MIT */
/*
 * nucleo_l073rz.c - HAL of the NUCLEO-L073RZ (STM32L073RZ, Cortex-M0+).
 *
 * Measurement configuration: 32 MHz from HSI16 x4 /2 (PLL), voltage range 1,
 * flash 1 wait state, prefetch on (FLASH_ACR.PRFTEN); NVM read buffers left
 * enabled and pre-read off (reset values of DISAB_BUF and PRE_READ).  ST has
 * no published L0 page, this is the project's chosen set-up; 32 MHz needs
 * range 1 and 1 WS (RM0367, flash latency table).
 *
 * Register addresses and bits: ST cmsis-device-l0 Include/stm32l073xx.h
 * (release v1.9.4).  Sequence as ST's NUCLEO-L073RZ LL examples
 * (STM32CubeL0 Projects/NUCLEO-L073RZ/Examples_LL/CRC/CRC_CalculateAndCheck,
 * SystemClock_Config): latency first, HSI16, PLL x4 /2, switch, plus the
 * range-1 step of RM0367 "dynamic voltage scaling" (wait VOSF, write VOS,
 * wait VOSF).
 *
 * Console: USART2 on PA2 (TX, AF4), the ST-LINK virtual COM port (STM32CubeL0
 * Projects/NUCLEO-L073RZ/Examples/I2C/I2C_TwoBoards_RestartAdvComIT/Inc/main.h:
 * "USART2 ... TX on PA.2, RX on PA.3", GPIO_AF4_USART2).  Kernel clock PCLK1
 * (CCIPR.USART2SEL reset value) = 32 MHz, 115200 8N1, TX only.
 *
 * Every write and poll below is listed in firmware/README.md.
 */
#include "hal.h"

#define RCC_CR 0x40021000u      /* RCC_BASE = AHBPERIPH_BASE + 0x1000 */
#define RCC_CFGR 0x4002100Cu
#define RCC_IOPENR 0x4002102Cu
#define RCC_APB1ENR 0x40021038u
#define PWR_CR 0x40007000u      /* PWR_BASE = APBPERIPH_BASE + 0x7000 */
#define PWR_CSR 0x40007004u
#define FLASH_ACR 0x40022000u   /* FLASH_R_BASE = AHBPERIPH_BASE + 0x2000 */
#define GPIOA_MODER 0x50000000u /* GPIOA_BASE = IOPPERIPH_BASE */
#define GPIOA_AFRL 0x50000020u
#define USART2_CR1 0x40004400u  /* USART2_BASE = APBPERIPH_BASE + 0x4400 */
#define USART2_BRR 0x4000440Cu
#define USART2_ISR 0x4000441Cu
#define USART2_TDR 0x40004428u

#define RCC_CR_HSION (1u << 0)
#define RCC_CR_HSIRDY (1u << 2)
#define RCC_CR_PLLON (1u << 24)
#define RCC_CR_PLLRDY (1u << 25)
#define RCC_CFGR_SW_MASK (3u << 0)
#define RCC_CFGR_SW_PLL (3u << 0)
#define RCC_CFGR_SWS_MASK (3u << 2)
#define RCC_CFGR_SWS_PLL (3u << 2)
#define RCC_CFGR_PLLSRC (1u << 16)          /* 0 = HSI16 */
#define RCC_CFGR_PLLMUL_MASK (0xFu << 18)
#define RCC_CFGR_PLLMUL4 (1u << 18)         /* 0001: x4 */
#define RCC_CFGR_PLLDIV_MASK (3u << 22)
#define RCC_CFGR_PLLDIV2 (1u << 22)         /* 01: /2 */
#define RCC_IOPENR_GPIOAEN (1u << 0)
#define RCC_APB1ENR_USART2EN (1u << 17)
#define RCC_APB1ENR_PWREN (1u << 28)
#define PWR_CR_VOS_MASK (3u << 11)
#define PWR_CR_VOS_RANGE1 (1u << 11)        /* 01: 1.8 V */
#define PWR_CSR_VOSF (1u << 4)
#define FLASH_ACR_LATENCY (1u << 0)
#define FLASH_ACR_PRFTEN (1u << 1)
#define USART_CR1_UE (1u << 0)
#define USART_CR1_TE (1u << 3)

#define CLOCK_HZ 32000000u
#define BAUD 115200u

const hal_info_t hal_info = {
    .target = FW_TARGET_NAME,
    .mcu = "stm32l073rz",
    .clock_hz = CLOCK_HZ,
    .latency = 1,
    .icache = 0,
    .prefetch = 1,
};

static void clock_init(void)
{
    /* Voltage range 1 (reset: range 2, 16 MHz at most). */
    HAL_REG32(RCC_APB1ENR) |= RCC_APB1ENR_PWREN;
    (void)HAL_REG32(RCC_APB1ENR); /* clock-enable delay, as ST's HAL does */
    hal_wait(PWR_CSR, PWR_CSR_VOSF, 0);
    hal_modify(PWR_CR, PWR_CR_VOS_MASK, PWR_CR_VOS_RANGE1);
    hal_wait(PWR_CSR, PWR_CSR_VOSF, 0);

    /* 1 wait state before the clock goes up; check it took effect. */
    HAL_REG32(FLASH_ACR) |= FLASH_ACR_LATENCY;
    hal_wait(FLASH_ACR, FLASH_ACR_LATENCY, FLASH_ACR_LATENCY);
    HAL_REG32(FLASH_ACR) |= FLASH_ACR_PRFTEN;

    /* HSI16 -> PLL x4 (VCO 64 MHz) /2 = 32 MHz. */
    HAL_REG32(RCC_CR) |= RCC_CR_HSION;
    hal_wait(RCC_CR, RCC_CR_HSIRDY, RCC_CR_HSIRDY);
    hal_modify(RCC_CFGR, RCC_CFGR_PLLSRC | RCC_CFGR_PLLMUL_MASK | RCC_CFGR_PLLDIV_MASK,
               RCC_CFGR_PLLMUL4 | RCC_CFGR_PLLDIV2);
    HAL_REG32(RCC_CR) |= RCC_CR_PLLON;
    hal_wait(RCC_CR, RCC_CR_PLLRDY, RCC_CR_PLLRDY);
    hal_modify(RCC_CFGR, RCC_CFGR_SW_MASK, RCC_CFGR_SW_PLL);
    hal_wait(RCC_CFGR, RCC_CFGR_SWS_MASK, RCC_CFGR_SWS_PLL);
    /* AHB, APB1, APB2 prescalers stay /1 (reset). */
}

static void console_init(void)
{
    HAL_REG32(RCC_IOPENR) |= RCC_IOPENR_GPIOAEN;
    (void)HAL_REG32(RCC_IOPENR);
    hal_modify(GPIOA_AFRL, 0xFu << 8, 4u << 8);  /* PA2: AF4 = USART2_TX */
    hal_modify(GPIOA_MODER, 3u << 4, 2u << 4);   /* PA2: alternate function */

    HAL_REG32(RCC_APB1ENR) |= RCC_APB1ENR_USART2EN;
    (void)HAL_REG32(RCC_APB1ENR);
    HAL_REG32(USART2_BRR) = (CLOCK_HZ + BAUD / 2) / BAUD; /* 278, oversampling 16 */
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
    board_console_putc(USART2_ISR, USART2_TDR, c);
}

void hal_done(int failures)
{
    (void)failures; /* the "@done" line carries it */
    board_sleep();
}
