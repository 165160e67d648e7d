/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * core.h - the table of cores: everything the layers above the timing model
 * need to know about a core, so that none of them tests which core it is.
 * A new core is, as the Cortex-M4 ("m4") was added:
 *  - its file src/core/m4.c: cost table, exec and the descriptor
 *    csim_core_m4 (its architecture, emulator CPU, features, the model keys
 *    only it reads), added to csim_core in CMakeLists.txt;
 *  - one entry in the table of cores, CSIM_CORES in src/core/cores.c (and,
 *    if its architecture is new, its name and row in the table of
 *    architectures there and its index in core_internal.h: arch.h);
 *  - its model file, models/cortex-m4.json with "core": {"type": "m4"};
 *  - its golden kernels, the folder tests/golden/kernels/m4/.
 * Its own model keys ("m4.*") are rows of src/model/model_keys.c, as every
 * key; its parameters, fields of csim_core_params (timing.h).
 */
#ifndef CYCLESIM_CORE_H
#define CYCLESIM_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cyclesim/core/arch.h"
#include "cyclesim/core/insn.h"

struct csim_core;
struct csim_mem_event;

/* Bytes a core's own part of the block-reuse signature may take (sign). */
#define CSIM_CORE_OWN_SIG_BYTES 8

enum csim_core_feature {
    CSIM_CF_DWT_CYCCNT = 1u << 0, /* DWT cycle counter (the DWT page is modelled) */
    CSIM_CF_FETCH_LAG = 1u << 1,  /* its pricing tracks the shifts of the fetch side it holds for */
};

typedef struct csim_core_desc {
    const char *title;      /* "Cortex-M0+", for messages */
    csim_arch arch;         /* its architecture (arch.h): the newest it runs */
    const char *emu_cpu;    /* the CPU the emulator runs its code on (csim_emu_new) */
    unsigned features;      /* enum csim_core_feature */
    /* The model keys that only this core reads, by name or name prefix
     * ("m33.", "core.mul_cycles"; NULL-terminated): a key that no core lists
     * is read by every core. */
    const char *const *keys;
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

/** csim_core_reads_key - whether core `kind` reads model key `key`: it
 *  lists the key among its own, or no core does. */
bool csim_core_reads_key(int kind, const char *key);

#endif
