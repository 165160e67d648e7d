/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cores.c - the table of cores (include/cyclesim/core/core.h) and the table
 * of architectures (include/cyclesim/core/arch.h).  One entry per core: its
 * name, which is the model key core.type's value, and the descriptor
 * csim_core_<name> that its own file in src/core defines.  One name and
 * row per architecture, at its index (core_internal.h), which is the value
 * of core.arch and what a core's descriptor names.  The orders are the kinds'
 * and the core.arch values'; append new entries.
 */
#include <string.h>

#include "core/core_internal.h"

#define CSIM_CORES(X) X(m0plus) X(m33) X(m4)

#define DECLARE(name) extern const csim_core_desc csim_core_##name;
CSIM_CORES(DECLARE)

#define DESCRIPTOR(name) &csim_core_##name,
static const csim_core_desc *const cores[] = {CSIM_CORES(DESCRIPTOR)};

#define NAME(name) #name,
const char *const csim_core_names[] = {CSIM_CORES(NAME) NULL};

#define ELF(a) (1u << CSIM_ELF_ARCH_##a)

/* The names, as core.arch spells them, and the rows.  An image without
 * .ARM.attributes is taken to fit (UNKNOWN).  ARMv6-M: DDI0419 (HardFault
 * only, A3.2 every unaligned access faults, no divide, no exclusives).
 * ARMv8-M mainline with the DSP and FP extensions, as the M33s modelled have
 * them: DDI0553 (B3 exceptions and faults, B7 alignment, C2 instructions);
 * it runs v6-M, v7-M and v8-M baseline code too.  ARMv7E-M with FP, as the
 * Cortex-M4F: DDI0403 (B1.5 exceptions and faults, A3.2.1 unaligned LDR/STR
 * allowed, LDM/STM/LDRD/STRD and exclusives always aligned, A5 the DSP
 * instructions); no stack limit registers, no v8-M code. */
const char *const csim_arch_names[] = {
    [ARCH_V6M] = "armv6-m",
    [ARCH_V8M_MAIN] = "armv8-m.main",
    [ARCH_V7EM] = "armv7e-m",
    [ARCH_COUNT] = NULL,
};

static const csim_arch_desc archs[ARCH_COUNT] = {
    [ARCH_V6M] = {
        .title = "ARMv6-M",
        .elf_archs = ELF(UNKNOWN) | ELF(V6M),
        .features = 0,
    },
    [ARCH_V8M_MAIN] = {
        .title = "ARMv8-M",
        .elf_archs = ELF(UNKNOWN) | ELF(V6M) | ELF(V7M) | ELF(V8M_BASE) | ELF(V8M_MAIN),
        .features = CSIM_AF_FAULT_REGS | CSIM_AF_BASEPRI | CSIM_AF_STACK_LIMIT | CSIM_AF_UNALIGNED |
                    CSIM_AF_HW_DIVIDE | CSIM_AF_EXCLUSIVES | CSIM_AF_FPU | CSIM_AF_DSP,
    },
    [ARCH_V7EM] = {
        .title = "ARMv7E-M",
        .elf_archs = ELF(UNKNOWN) | ELF(V6M) | ELF(V7M),
        .features = CSIM_AF_FAULT_REGS | CSIM_AF_BASEPRI | CSIM_AF_UNALIGNED | CSIM_AF_HW_DIVIDE |
                    CSIM_AF_EXCLUSIVES | CSIM_AF_FPU | CSIM_AF_DSP,
    },
};

const csim_core_desc *csim_core_desc_of(int kind) { return cores[kind]; }

const csim_arch_desc *csim_arch_of(csim_arch a) { return &archs[a]; }

int csim_core_find(const char *name)
{
    for (int i = 0; csim_core_names[i]; i++) {
        if (strcmp(csim_core_names[i], name) == 0) {
            return i;
        }
    }
    return -1;
}

static bool lists_key(const csim_core_desc *d, const char *key)
{
    for (const char *const *own = d->keys; own && *own; own++) {
        if (strncmp(key, *own, strlen(*own)) == 0) {
            return true;
        }
    }
    return false;
}

bool csim_core_reads_key(int kind, const char *key)
{
    if (lists_key(cores[kind], key)) {
        return true;
    }
    for (int i = 0; csim_core_names[i]; i++) {
        if (lists_key(cores[i], key)) {
            return false;
        }
    }
    return true;
}

int csim_arch_runs(csim_arch a, csim_elf_arch elf) { return (archs[a].elf_archs >> elf & 1u) != 0; }

int csim_arch_covers(csim_arch outer, csim_arch inner)
{
    return (archs[inner].elf_archs & ~archs[outer].elf_archs) == 0;
}
