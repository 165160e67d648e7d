/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * periph.h - the STM32 and Cortex-M peripherals firmware and libraries
 * need: CRC unit, SysTick, DWT cycle counter, SCB fault registers, AES/SAES,
 * FLASH_ACR and ICACHE_CR (fields as the model lays them out), clock ready
 * flags (plain register blocks with ready/mirror rules), console UART.
 * Each is a module of periph.c's registry with an address range per
 * instance on the model.
 */
#ifndef CYCLESIM_PERIPH_H
#define CYCLESIM_PERIPH_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cyclesim/model/model.h"

typedef struct csim_periph csim_periph;

/* The FP context control and address registers (DDI0553 D1 FPCCR, FPCAR):
 * FPCCR resets to ASPEN | LSPEN on a core with an FPU. */
#define CSIM_FPCCR 0xE000EF34u
#define CSIM_FPCCR_ASPEN (1u << 31)
#define CSIM_FPCCR_LSPEN (1u << 30)
#define CSIM_FPCCR_LSPACT 1u
#define CSIM_FPCAR 0xE000EF38u

typedef struct csim_periph_env {
    void *user;
    uint64_t (*now)(void *user);                     /* modelled cycles at this access */
    void (*flash_config)(void *user, const csim_ms_cfg *cfg); /* FLASH_ACR/ICACHE_CR changed */
    FILE *console;                                   /* UART output (NULL: discarded) */
    void (*cache_invalidate)(void *user);            /* ICACHE_CR.CACHEINV written as 1 */
    void (*ccr)(void *user, uint32_t ccr);           /* SCB->CCR written (fault traps) */
    void (*xmem_config)(void *user, const csim_xm_cfg *cfg); /* DCACHE_CR changed */
    void (*xmem_invalidate)(void *user);             /* DCACHE_CR.CACHEINV written as 1 */
    void (*read)(void *user, uint32_t addr, uint32_t value); /* a register read, and its value */
    void (*systick_written)(void *user, bool restarted); /* a SysTick register written (restarted: it counts
                                                            from its reload from now on) */
} csim_periph_env;

csim_periph *csim_periph_new(const csim_model *m, const csim_periph_env *env);
void csim_periph_free(csim_periph *p);

/** The 4-KiB pages the peripherals occupy, in address order, adjacent pages
 *  joined into one range: fills base[]/size[], returns the count. */
unsigned csim_periph_pages(const csim_periph *p, uint32_t *base, uint32_t *size, unsigned max);

/** The first module periph.modules names that the registry has not (NULL: none). */
const char *csim_periph_unknown(const csim_model *m);

/** The name of the module that answers addr ("registers": plain storage). */
const char *csim_periph_module_at(const csim_periph *p, uint32_t addr);

uint32_t csim_periph_read(void *p, uint32_t addr, unsigned size);
void csim_periph_write(void *p, uint32_t addr, unsigned size, uint32_t value);

/** SysTick: cycle of the next exception request (UINT64_MAX when none) and acknowledge. */
uint64_t csim_periph_systick_due(const csim_periph *p);
void csim_periph_systick_taken(csim_periph *p);

/** csim_periph_systick_window - whether SysTick requests exceptions (ENABLE
 *  and TICKINT), the cycle its counter was last loaded and its period. */
bool csim_periph_systick_window(const csim_periph *p, uint64_t *epoch, uint64_t *period);

/** csim_periph_lane_events - reads so far whose value depends on the cycle
 *  count (SysTick, DWT, the AES peripherals' flags), and accesses of a
 *  register that the model's flash configuration sets or that sets it
 *  (FLASH_ACR, ICACHE_CR, DCACHE_CR): where the pricing of another model on
 *  the same execution would no longer be that model's (csim_run_opts.lanes). */
void csim_periph_lane_events(const csim_periph *p, uint64_t *timed_reads, uint64_t *config_accesses);
uint32_t csim_periph_vtor(const csim_periph *p);
/** A plain register (SCB->SHCSR, CFSR...) and setting bits in one (fault status). */
uint32_t csim_periph_reg(csim_periph *p, uint32_t addr);
void csim_periph_set_bits(csim_periph *p, uint32_t addr, uint32_t bits);

/** CRC-32 step of the STM32 CRC unit in its reset configuration (exposed for tests). */
uint32_t csim_crc32_step(uint32_t crc, uint32_t word);

#endif
