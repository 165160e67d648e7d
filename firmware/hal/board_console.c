/* SPDX-License-Identifier: MIT */
/*
 * board_console.c - what the board HALs share: the transmit path of the
 * ST-LINK virtual-COM UART and the sleep after the run.  The USART and LPUART
 * of the L0, U0, L5 and U3 (and G0, C0, U5, H5: their CMSIS device headers)
 * have the same layout: ISR.TXE is bit 7, TDR takes one character
 * (RM0367/RM0503/RM0438/RM0487, USART registers), as have the G4's and
 * L4's (stm32g474xx.h, stm32l476xx.h USART_TypeDef); the F4's older USART
 * has TXE at bit 7 of SR and DR in the place of TDR (stm32f407xx.h
 * USART_TypeDef, USART_SR_TXE), which the same path drives.
 */
#include "hal.h"

#define USART_ISR_TXE (1u << 7)

static void uart_tx(uint32_t isr, uint32_t tdr, char c)
{
    hal_wait(isr, USART_ISR_TXE, USART_ISR_TXE);
    HAL_REG32(tdr) = (uint8_t)c;
}

void board_console_putc(uint32_t isr, uint32_t tdr, char c)
{
    if (c == '\n') {
        uart_tx(isr, tdr, '\r'); /* terminals want CR LF */
    }
    uart_tx(isr, tdr, c);
}

void board_sleep(void)
{
    for (;;) {
        __asm__ volatile("wfi");
    }
}
