/* SPDX-License-Identifier: MIT */
/*
 * stm32u0xx_hal.h - stand-in for ST's HAL header, which CycloneCRYPTO's
 * hardware/stm32u0xx driver includes for one macro only: the AES clock
 * enable (RCC_AHBENR.AESEN, CMSIS stm32u083xx.h).  The CMSIS device header
 * itself comes from the user's copy (CYCLONE_CMSIS_DEVICE).
 */
#ifndef CYCLONE_BENCH_STM32U0XX_HAL_H
#define CYCLONE_BENCH_STM32U0XX_HAL_H

#include "stm32u0xx.h"

#define __HAL_RCC_AES_CLK_ENABLE() (RCC->AHBENR |= RCC_AHBENR_AESEN)

#endif
