/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * core.h - the table of cores: everything the layers above the timing model
 * need to know about a core, so that none of them tests which core it is.
 * A new core is one file in src/core (its cost table, exec and descriptor
 * csim_core_<name>), one line in the table (src/core/cores.c) and one model
 * file (models/cortex-<name>.json with "core": {"type": "<name>"}).
 */
#ifndef CYCLESIM_CORE_H
#define CYCLESIM_CORE_H

#include <stdbool.h>
#include <stdint.h>

#include "cyclesim/core/insn.h"

struct csim_core;
struct csim_mem_event;

/* Bytes a core's own part of the block-reuse signature may take (sign). */
#define CSIM_CORE_OWN_SIG_BYTES 8

/* Architectures, each able to run the code of those before it. */
typedef enum csim_arch {
    CSIM_ARCH_V6M = 0,   /* ARMv6-M (Cortex-M0/M0+) */
    CSIM_ARCH_V8M_MAIN,  /* ARMv8-M mainline (Cortex-M33) */
} csim_arch;

/* Their names, as the model key core.arch spells them (NULL-terminated). */
extern const char *const csim_arch_names[];

enum csim_core_feature {
    CSIM_CF_DWT_CYCCNT = 1u << 0, /* DWT cycle counter (the DWT page is modelled) */
    CSIM_CF_IOPORT = 1u << 2,     /* single-cycle I/O port (core.ioport_* keys) */
    CSIM_CF_MUL_OPTION = 1u << 3, /* multiplier implementation option (core.mul_cycles) */
    CSIM_CF_FETCH_LAG = 1u << 4,  /* its pricing tracks the shifts of the fetch side it holds for */
};

typedef struct csim_core_desc {
    const char *title;      /* "Cortex-M0+", for messages */
    csim_arch arch;         /* the newest architecture it runs */
    const char *emu_cpu;    /* the CPU the emulator runs its code on (csim_emu_new) */
    unsigned features;      /* enum csim_core_feature */
    const char *key_prefix; /* model keys that only this core reads ("m33."), or NULL */
    /* Price one instruction (csim_core_exec). */
    void (*exec)(struct csim_core *c, const csim_insn *in, const struct csim_mem_event *ev,
                 unsigned nev, bool taken);
    /* Cycles from the issue of `in` to its first transfer (csim_core_access_time). */
    unsigned (*transfer_offset)(const csim_insn *in);
    /* The core's own timing state in its part of the block-reuse signature
     * (include/cyclesim/timing/signature.h, at most CSIM_CORE_OWN_SIG_BYTES),
     * relative to `now` (false: does not fit), and back; NULL: it has none. */
    bool (*sign)(const struct csim_core *c, uint64_t now, uint8_t *b);
    void (*restore)(struct csim_core *c, uint64_t now, const uint8_t *b);
} csim_core_desc;

/* The cores' names, as the model key core.type spells them (NULL-terminated);
 * a core's kind is its index here. */
extern const char *const csim_core_names[];

/** csim_core_desc_of - the descriptor of core `kind` (a valid index). */
const csim_core_desc *csim_core_desc_of(int kind);

/** csim_core_find - the kind of the core called `name`, or -1. */
int csim_core_find(const char *name);

/** csim_core_key_owner - the kind of the core whose key_prefix starts `key`,
 *  or -1 for a key every core reads. */
int csim_core_key_owner(const char *key);

#endif
