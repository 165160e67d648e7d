/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * periph_aes.h - the STM32 AES peripherals: the STM32U0 AES (RM0503), the
 * STM32U3 AES and SAES (RM0487; the newer revision of the same IP: flags
 * cleared through ICR only, KEYVALID once the whole key is written; SAES adds
 * hardware key selection, wrapped keys and an initialisation from the RNG).
 * Register interface, ECB/CBC/CTR/GCM/GMAC/CCM, key derivation, data swapping,
 * suspend registers, and the RM's processing latency before CCF rises.
 * Pure: driven by register offsets and the modelled cycle of each access.
 */
#ifndef CYCLESIM_PERIPH_AES_H
#define CYCLESIM_PERIPH_AES_H

#include <stdbool.h>
#include <stdint.h>

typedef struct csim_aes csim_aes;

/* Register offsets (CMSIS AES_TypeDef: stm32u083xx.h, stm32u385xx.h; the
 * U3's SAES uses the same structure). */
enum {
    CSIM_AES_CR = 0x00, CSIM_AES_SR = 0x04, CSIM_AES_DINR = 0x08, CSIM_AES_DOUTR = 0x0C,
    CSIM_AES_KEYR0 = 0x10, CSIM_AES_IVR0 = 0x20, CSIM_AES_KEYR4 = 0x30, CSIM_AES_SUSP0R = 0x40,
    CSIM_AES_IER = 0x300, CSIM_AES_ISR = 0x304, CSIM_AES_ICR = 0x308,
    CSIM_AES_SIZE = 0x400,
};

/* Which IP: the latency table, the flag-clearing bits and the key handling. */
typedef enum csim_aes_ip {
    CSIM_AES_IP_U0,   /* STM32U0 AES (RM0503): CR.CCFC/ERRC, KEYVALID on any key write */
    CSIM_AES_IP_U3,   /* STM32U3 AES (RM0487) */
    CSIM_AES_IP_SAES, /* STM32U3 SAES (RM0487 section 34) */
    CSIM_AES_IP_COUNT
} csim_aes_ip;

/* What one computation does, for the latency table. */
typedef enum csim_aes_op {
    CSIM_AES_OP_BLOCK,       /* ECB/CBC/CTR encryption or decryption (modes 1 and 3) */
    CSIM_AES_OP_KEYDERIV,    /* mode 2: decryption key schedule */
    CSIM_AES_OP_GCM_INIT,
    CSIM_AES_OP_GCM_HEADER,
    CSIM_AES_OP_GCM_PAYLOAD,
    CSIM_AES_OP_GCM_FINAL,
    CSIM_AES_OP_CCM_INIT,
    CSIM_AES_OP_CCM_HEADER,
    CSIM_AES_OP_CCM_PAYLOAD,
    CSIM_AES_OP_CCM_FINAL,
    CSIM_AES_OP_RNG_INIT,    /* SAES: BUSY after reset while it fetches random numbers */
    CSIM_AES_OP_COUNT
} csim_aes_op;

/** Clock cycles from the start of op to CCF (key256: 256-bit key) on ip. */
unsigned csim_aes_latency(csim_aes_ip ip, csim_aes_op op, bool key256);

/** The documented source of that figure, or "uncertain: ..." (docs/aes.md). */
const char *csim_aes_latency_source(csim_aes_ip ip, csim_aes_op op);

csim_aes *csim_aes_new(csim_aes_ip ip);
void csim_aes_free(csim_aes *a);

/** 32-bit register access at offset off, made at modelled cycle now. */
uint32_t csim_aes_read(csim_aes *a, uint32_t off, uint64_t now);
void csim_aes_write(csim_aes *a, uint32_t off, uint32_t value, uint64_t now);

#endif
