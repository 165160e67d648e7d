/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * arch.h - the table of architectures (src/core/cores.c): one row per
 * architecture a core of core.h implements, with the features the simulator
 * asks about, so that nothing above src/core tests which architecture it is.
 * A new architecture is its name and row there and its index in
 * src/core/core_internal.h; a new feature is one bit here, set in the rows
 * that have it.
 * Free of <stdbool.h>: backends/elf.h includes it for csim_elf_arch, and
 * LIEF's C API typedefs `bool` itself.
 */
#ifndef CYCLESIM_ARCH_H
#define CYCLESIM_ARCH_H

/* The architecture an image was built for (Tag_CPU_arch of its
 * .ARM.attributes, read by backends/elf_lief.c). */
typedef enum csim_elf_arch {
    CSIM_ELF_ARCH_UNKNOWN = 0, /* no .ARM.attributes */
    CSIM_ELF_ARCH_V6M,         /* Tag_CPU_arch v6-M / v6S-M */
    CSIM_ELF_ARCH_V7M,         /* v7-M / v7E-M */
    CSIM_ELF_ARCH_V8M_BASE,    /* v8-M baseline */
    CSIM_ELF_ARCH_V8M_MAIN,    /* v8-M mainline */
    CSIM_ELF_ARCH_OTHER,       /* A/R profile: never runs on our cores */
} csim_elf_arch;

enum csim_arch_feature {
    /* Configurable faults: UsageFault, BusFault and DebugMonitor, enabled in
     * SHCSR/DEMCR, recorded in CFSR, HFSR, BFAR and DFSR.  Without: every
     * fault and debug event is a HardFault, with no status register. */
    CSIM_AF_FAULT_REGS = 1u << 0,
    CSIM_AF_BASEPRI = 1u << 1,     /* BASEPRI boosts the execution priority */
    CSIM_AF_STACK_LIMIT = 1u << 2, /* MSPLIM/PSPLIM: a stack below its limit is a STKOF UsageFault */
    /* LDR/STR of words and halfwords may be unaligned (unless CCR.UNALIGN_TRP);
     * LDRD/STRD, LDM/STM and accesses to Device memory still fault.  Without:
     * every unaligned word or halfword access faults. */
    CSIM_AF_UNALIGNED = 1u << 3,
    CSIM_AF_HW_DIVIDE = 1u << 4,   /* SDIV/UDIV, which fault on a zero divisor with CCR.DIV_0_TRP */
    CSIM_AF_EXCLUSIVES = 1u << 5,  /* LDREX/STREX and load-acquire/store-release, always aligned */
    CSIM_AF_FPU = 1u << 6,         /* the FP extension (S0-S31, FPSCR): an image that needs it runs */
    CSIM_AF_DSP = 1u << 7,         /* the DSP extension (SIMD, saturating, SMLA..) */
    /* 32-bit Thumb instructions beyond BL, MRS, MSR, DMB, DSB, ISB and UDF.W
     * (the only ones ARMv6-M has, DDI0419 A5.3). */
    CSIM_AF_THUMB2 = 1u << 8,
};

/* An architecture: its index in the table, the value of core.arch. */
typedef int csim_arch;

/* The architectures' names, as core.arch spells them (NULL-terminated). */
extern const char *const csim_arch_names[];

typedef struct csim_arch_desc {
    const char *title;  /* "ARMv6-M", for messages */
    unsigned elf_archs; /* images it runs: bit n for csim_elf_arch n */
    unsigned features;  /* enum csim_arch_feature */
} csim_arch_desc;

/** csim_arch_of - the row of architecture `a` (a valid index). */
const csim_arch_desc *csim_arch_of(csim_arch a);

/** csim_arch_has - whether architecture `a` has every feature of `features`. */
static inline int csim_arch_has(csim_arch a, unsigned features)
{
    return (csim_arch_of(a)->features & features) == features;
}

/** csim_arch_runs - whether architecture `a` runs an image built for `elf`,
 *  using the FP extension when `needs_fpu` (Tag_FP_arch). */
int csim_arch_runs(csim_arch a, csim_elf_arch elf, int needs_fpu);

/** csim_arch_covers - whether `outer` runs every image that `inner` runs
 *  (a core of architecture `outer` may be modelled as `inner`). */
int csim_arch_covers(csim_arch outer, csim_arch inner);

#endif
