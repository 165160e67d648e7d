/* SPDX-License-Identifier: MIT */
/*
 * board.h - what the boards added with issues 36 and 37 share (hal/board.c): their
 * flash set-up, console, hal_init, hal_putc and hal_done.  Each board's HAL
 * file defines its clock set-up (board_clock_init) and where its ST-LINK
 * virtual-COM UART is (board_uart).  The U(S)ART registers have the same offsets on the G0, C0,
 * L4, G4, U5 and H5 (CR1 0x00, BRR 0x0C, ISR 0x1C, TDR 0x28: the CMSIS device
 * headers' USART_TypeDef, LPUART1's too).  Not the F4, whose USART and
 * FLASH_ACR are elsewhere (hal/stm32f4_discovery.c).
 */
#ifndef FW_BOARD_H
#define FW_BOARD_H

#include "hal.h"

typedef struct board_uart {
    uint32_t gpio_enr, gpio_en; /* RCC register and bit clocking the TX pin's GPIO port */
    uint32_t gpio;              /* the port's base (MODER 0x00, AFRL 0x20, AFRH 0x24) */
    uint32_t pin, af;           /* TX pin number and its alternate function */
    uint32_t uart_enr, uart_en; /* RCC register and bit clocking the UART */
    uint32_t uart;              /* the UART's base */
    uint32_t lpuart;            /* 1: an LPUART, whose BRR is 256 f / baud (stm32g4xx_hal_uart.h UART_DIV_LPUART), not f / baud */
} board_uart_t;

/** board_uart - the board's console UART (defined in its hal/<board>.c). */
extern const board_uart_t board_uart;

/** board_flash_init - FLASH_ACR (0x40022000 on the G0, C0, L4, G4, U5 and H5) before
 *  the clock goes up: clear `clear`, set `set` and wait until its LATENCY
 *  field (`latency_mask`) reads back as written, as the RMs ask; then set the
 *  `accelerators` (PRFTEN, ICEN). */
void board_flash_init(uint32_t clear, uint32_t set, uint32_t latency_mask, uint32_t accelerators);

/** board_clock_init - clock, voltage range, flash latency, prefetch and
 *  caches of the board's measurement configuration (its hal/<board>.c). */
void board_clock_init(void);

#endif
