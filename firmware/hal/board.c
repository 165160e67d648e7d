/* SPDX-License-Identifier: MIT */
/*
 * board.c - what the boards of board.h share: FLASH_ACR's set-up, and
 * hal_init, hal_putc and hal_done: the clock set-up of the board's HAL file,
 * then the console UART at 115200 8N1, TX only, clocked by HCLK through APB
 * prescalers left at /1, oversampling 16 (an LPUART: BRR = 256 f / baud).
 */
#include "board.h"

#define FLASH_ACR 0x40022000u

#define GPIO_MODER 0x00u
#define GPIO_AFRL 0x20u
#define USART_CR1 0x00u
#define USART_BRR 0x0Cu
#define USART_ISR 0x1Cu
#define USART_TDR 0x28u
#define USART_CR1_UE (1u << 0)
#define USART_CR1_TE (1u << 3)

#define BAUD 115200u

void board_flash_init(uint32_t clear, uint32_t set, uint32_t latency_mask, uint32_t accelerators)
{
    hal_modify(FLASH_ACR, clear, set);
    hal_wait(FLASH_ACR, latency_mask, set & latency_mask);
    HAL_REG32(FLASH_ACR) |= accelerators;
}

static void console_init(const board_uart_t *u)
{
    const uint32_t afr = u->gpio + GPIO_AFRL + (u->pin / 8u) * 4u, af_shift = (u->pin % 8u) * 4u;
    HAL_REG32(u->gpio_enr) |= u->gpio_en;
    (void)HAL_REG32(u->gpio_enr);
    hal_modify(afr, 0xFu << af_shift, u->af << af_shift);                 /* TX pin: its AF */
    hal_modify(u->gpio + GPIO_MODER, 3u << (2u * u->pin), 2u << (2u * u->pin)); /* alternate function */

    HAL_REG32(u->uart_enr) |= u->uart_en;
    (void)HAL_REG32(u->uart_enr);
    /* 256 f / baud rounded, in 32 bits (no 64-bit division helper in the image) */
    const uint32_t f = hal_info.clock_hz, q = f / BAUD, r = f % BAUD;
    HAL_REG32(u->uart + USART_BRR) = u->lpuart ? (q << 8) + ((r << 8) + BAUD / 2) / BAUD : (f + BAUD / 2) / BAUD;
    HAL_REG32(u->uart + USART_CR1) = USART_CR1_TE | USART_CR1_UE; /* 8N1, FIFO off */
}

void hal_init(void)
{
    board_clock_init();
    console_init(&board_uart);
    hal_cycles_init();
}

void hal_putc(char c)
{
    board_console_putc(board_uart.uart + USART_ISR, board_uart.uart + USART_TDR, c);
}

void hal_done(int failures)
{
    (void)failures; /* the "@done" line carries it */
    board_sleep();
}
