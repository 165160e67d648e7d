/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * model.h - an MCU timing model: core, flash interface, memory map,
 * peripherals.  Loaded from models/<name>.json along its `extends` chain
 * (MCU -> family -> core); every key is declared once in model_keys.c.
 */
#ifndef CYCLESIM_MODEL_H
#define CYCLESIM_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cyclesim/common/diag.h"
#include "cyclesim/memsys/memsys.h"
#include "cyclesim/core/timing.h"

#define CSIM_MODEL_VERSION 1
#define CSIM_MAX_REGIONS 8
#define CSIM_MAX_RULES 24
#define CSIM_MAX_RANGES 4
#define CSIM_MAX_WS 16
#define CSIM_MAX_UNCERTAIN 32
#define CSIM_MAX_FIELDS 8
#define CSIM_MAX_PERIPHS 8
#define CSIM_MAX_SOURCES 24 /* model files of a chain, then --set and overlays */
#define CSIM_MAX_KEYS 96    /* rows of the key table (model_keys.c checks it) */

/* Where a model's values came from (docs/output.md, "Provenance"). */
typedef enum csim_source_kind {
    CSIM_SOURCE_FILE,    /* a model file of the extends chain */
    CSIM_SOURCE_SET,     /* --set key=value */
    CSIM_SOURCE_OVERLAY, /* --set @FILE */
    CSIM_SOURCE_KINDS
} csim_source_kind;
extern const char *const csim_source_kind_names[CSIM_SOURCE_KINDS]; /* "file", "set", "overlay" */

typedef struct csim_model_source {
    csim_source_kind kind;
    char what[192];  /* the file's name ("stm32u0.json"), the assignment, or the overlay's path */
    char sha256[17]; /* the first 16 hex digits of a file's SHA-256; "" for an assignment */
} csim_model_source;

/* A peripheral instance: a module of the engine's registry (periph.c) and
 * the base address of its registers. */
typedef struct csim_periph_inst {
    char module[16];
    uint32_t base;
} csim_periph_inst;

/* How a register field holds the flash-configuration key it names. */
typedef enum csim_field_coding {
    CSIM_FIELD_VALUE,      /* the field is the key's value (LATENCY, PRFTEN) */
    CSIM_FIELD_INVERTED,   /* a one-bit field that reads 1 when the key is false (DISAB_BUF) */
    CSIM_FIELD_LOG2,       /* the field is log2 of the key (ICACHE_CR.WAYSEL: 1 way or 2) */
    CSIM_FIELD_INVALIDATE, /* no key: writing 1 invalidates the cache; reads back 0 (CACHEINV) */
} csim_field_coding;

typedef struct csim_reg_field {
    char name[16];        /* as the reference manual names it */
    uint8_t shift, width;
    uint8_t coding;       /* csim_field_coding */
    bool is_bool;         /* the key is a boolean (else unsigned) */
    uint16_t cfg_offset;  /* the key's member of csim_ms_cfg */
    uint16_t key;         /* the key's index in the key table */
} csim_reg_field;

/* A register whose fields configure the flash interface (FLASH_ACR,
 * ICACHE_CR): where it is and what each field drives. */
typedef struct csim_reg_layout {
    uint32_t addr;        /* 0: the model has no such register */
    unsigned n_fields;
    csim_reg_field field[CSIM_MAX_FIELDS];
} csim_reg_layout;

typedef struct csim_region {
    uint32_t base, size;
} csim_region;

/* A status register whose bits read as set (ready flags, TXE...). */
typedef struct csim_ready_rule {
    uint32_t addr, set;
} csim_ready_rule;

/* A status field that mirrors a control field (RCC_CFGR.SWS = SW). */
typedef struct csim_mirror_rule {
    uint32_t addr, src_mask;
    uint8_t src_shift, dst_shift;
} csim_mirror_rule;

typedef struct csim_latency_range {
    int range;                  /* voltage range number as in the RM */
    unsigned n;                 /* entries in max_hz */
    uint32_t max_hz[CSIM_MAX_WS]; /* max_hz[w]: highest clock with w wait states */
} csim_latency_range;

typedef struct csim_model {
    char name[64];        /* the model file asked for (MCU name) */
    char chain[256];      /* "stm32l552ze <- stm32l5 <- cortex-m33" */
    unsigned version;
    char description[128];
    csim_arch arch;
    csim_core_params core;
    uint32_t clock_hz;
    int voltage_range;
    csim_latency_range latency[CSIM_MAX_RANGES];
    unsigned n_latency;
    csim_ms_cfg flash;    /* flash interface configuration (wait states, caches...) */
    csim_region sram[CSIM_MAX_REGIONS];
    unsigned n_sram;
    csim_region periph_ram[CSIM_MAX_REGIONS]; /* register files: RCC, PWR, GPIO, UART... */
    unsigned n_periph_ram;
    csim_ready_rule ready[CSIM_MAX_RULES];
    unsigned n_ready;
    csim_mirror_rule mirror[CSIM_MAX_RULES];
    unsigned n_mirror;
    csim_periph_inst periph[CSIM_MAX_PERIPHS]; /* CRC, AES, console USART... */
    unsigned n_periph;
    csim_reg_layout flash_acr; /* FLASH_ACR */
    csim_reg_layout icache_cr; /* ICACHE_CR */
    uint16_t uncertain[CSIM_MAX_UNCERTAIN]; /* key-table indices no document gives on this model */
    unsigned n_uncertain;
    /* Provenance: the sources in the order they were applied (the core's
     * file first, then its family's, the MCU's, each --set and overlay), and
     * for each key of the table the 1-based source that set it last (0: the
     * key's default). */
    csim_model_source source[CSIM_MAX_SOURCES];
    unsigned n_sources;
    uint8_t origin[CSIM_MAX_KEYS];
} csim_model;

/** csim_model_load - load models/<name>.json and its extends chain from dir.
 *  @return CSIM_OK, CSIM_ERR_MODEL (diag names the file and key) or
 *  CSIM_ERR_UNKNOWN_MCU. */
csim_err csim_model_load(csim_model *m, const char *dir, const char *name, csim_diag *diag);

/** csim_model_set - apply one "key=value" override (same keys as the files),
 *  recorded as a source of the model. */
csim_err csim_model_set(csim_model *m, const char *assignment, csim_diag *diag);

/** csim_model_check - cross-key validation after loading and overrides; warnings
 *  (configuration outside the reference manual's limits) go to diag->warning. */
csim_err csim_model_check(csim_model *m, csim_diag *diag);

/** csim_model_min_latency - smallest wait-state count the RM allows at hz in the
 *  model's voltage range; -1 if hz is above the range's maximum. */
int csim_model_min_latency(const csim_model *m, uint32_t hz);

/** csim_reg_encode - the register's value for configuration c (its reset
 *  value: the model's configuration read back by the firmware). */
uint32_t csim_reg_encode(const csim_reg_layout *r, const csim_ms_cfg *c);

/** csim_reg_decode - the configuration c with the keys of the register's
 *  fields set from a value the firmware wrote. */
void csim_reg_decode(const csim_reg_layout *r, uint32_t value, csim_ms_cfg *c);

/** csim_reg_invalidate_mask - the bits of the fields that invalidate the cache. */
uint32_t csim_reg_invalidate_mask(const csim_reg_layout *r);

/** csim_reg_field_mask - the bits of a field in its register. */
uint32_t csim_reg_field_mask(const csim_reg_field *f);

/** csim_reg_drives - whether a field of the register sets model key `key`. */
bool csim_reg_drives(const csim_reg_layout *r, const char *key);

/** csim_model_list - names of the MCU models in dir (kind "mcu"), sorted;
 *  returns the count written (at most max). */
unsigned csim_model_list(const char *dir, char names[][64], unsigned max);

/** csim_model_keys_markdown - the key table, and the `uncertain` lists of the
 *  MCU models in models_dir, as Markdown (docs/model-keys.md). */
void csim_model_keys_markdown(FILE *out, const char *models_dir);

/** csim_model_add_source - records a source about to be applied (model_json.c,
 *  csim_model_set, overlays); the keys it sets name it as their origin.  data:
 *  the file's content to hash (NULL for an assignment).  CSIM_ERR_USAGE when
 *  the model has CSIM_MAX_SOURCES already. */
csim_err csim_model_add_source(csim_model *m, csim_source_kind kind, const char *what, const void *data,
                               size_t len, csim_diag *diag);

/** csim_model_get - the value of a key as text (for reports); false if unknown. */
bool csim_model_get(const csim_model *m, const char *key, char *buf, size_t len);

#endif
