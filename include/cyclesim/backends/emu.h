/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * emu.h - the CPU emulator behind a small interface (Unicorn inside).
 */
#ifndef CYCLESIM_EMU_H
#define CYCLESIM_EMU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cyclesim/common/diag.h"

typedef struct csim_emu csim_emu;

enum csim_reg {
    CSIM_R0 = 0, CSIM_R1, CSIM_R2, CSIM_R3, CSIM_R12 = 12, CSIM_SP = 13, CSIM_LR = 14, CSIM_PC = 15,
    CSIM_XPSR, CSIM_PRIMASK, CSIM_CONTROL, CSIM_BASEPRI, CSIM_REG_COUNT
};

/* Why the emulator stopped by itself (beside csim_emu_stop). */
typedef enum csim_stop {
    CSIM_STOP_NONE = 0,
    CSIM_STOP_UNMAPPED_READ, CSIM_STOP_UNMAPPED_WRITE, CSIM_STOP_UNMAPPED_FETCH,
    CSIM_STOP_PROT, CSIM_STOP_UNDEFINED, CSIM_STOP_EMU_ERROR, CSIM_STOP_TRACED_FETCH,
    CSIM_STOP_UNALIGNED,  /* address: the access; not made (a store is undone) */
    CSIM_STOP_DIVBYZERO,  /* address: the UDIV/SDIV, not run */
    CSIM_STOP_NOCP,       /* address: the FP instruction, not run (the FPU is disabled) */
} csim_stop;

typedef struct csim_emu_hooks {
    void *user;
    void (*block)(void *user, uint32_t addr, uint32_t size);     /* every executed block */
    void (*mem)(void *user, uint32_t addr, unsigned size, bool write); /* every data access */
    void (*trap)(void *user, unsigned intno);                    /* exception raised by an insn */
    /* an unaligned access the core would make (none of the traps is on):
     * true if it faults instead, as an unaligned access (optional) */
    bool (*misaligned)(void *user, uint32_t addr, unsigned size, bool write);
    /* a watched instruction (csim_emu_watch) before it runs: CSIM_STOP_NONE
     * to run it, or the stop to raise with its address in *stop_addr */
    csim_stop (*watched)(void *user, uint32_t addr, uint32_t *stop_addr);
} csim_emu_hooks;

/* Exception numbers the trap hook receives (QEMU's EXCP_* for ARM). */
enum { CSIM_TRAP_UDEF = 1, CSIM_TRAP_SVC = 2, CSIM_TRAP_PREFETCH_ABORT = 3, CSIM_TRAP_DATA_ABORT = 4,
       CSIM_TRAP_BKPT = 7, CSIM_TRAP_EXCEPTION_EXIT = 8, CSIM_TRAP_INVSTATE = 18, CSIM_TRAP_STKOF = 19 };

typedef uint32_t (*csim_mmio_read_fn)(void *user, uint32_t addr, unsigned size);
typedef void (*csim_mmio_write_fn)(void *user, uint32_t addr, unsigned size, uint32_t value);

/** csim_emu_new - an emulator of the Arm M-profile processor `cpu`, named in
 *  lower case ("cortex-m0", "cortex-m33"); CSIM_ERR_INTERNAL if it has none. */
csim_err csim_emu_new(csim_emu **out, const char *cpu, const csim_emu_hooks *hooks, csim_diag *diag);
void csim_emu_free(csim_emu *e);

/* Every data access to mapped memory reaches hooks.mem, in program order, before
 * it is done (a faulting access does not). */

/** Map plain memory (flash: not writable by the firmware; SRAM: read/write). */
csim_err csim_emu_map(csim_emu *e, uint32_t base, uint32_t size, bool writable, csim_diag *diag);
/** Map read/write memory that code does not run from, in whichever way is
 *  fastest on the emulator library in use, every access reported as for plain
 *  memory: on Unicorn 2.0.x served from a buffer of ours as MMIO (its stores
 *  to plain memory are slow), on 2.1 and later plain non-executable memory.
 *  An unaligned access is reported whole, as for plain memory (Unicorn splits
 *  it into aligned pieces for MMIO).  Code cannot run from it (csim_emu_run
 *  fails with CSIM_STOP_TRACED_FETCH). */
csim_err csim_emu_map_traced(csim_emu *e, uint32_t base, uint32_t size, csim_diag *diag);
/** Map a peripheral page range served by callbacks (addr is absolute). */
csim_err csim_emu_map_mmio(csim_emu *e, uint32_t base, uint32_t size, csim_mmio_read_fn rd,
                           csim_mmio_write_fn wr, void *user, csim_diag *diag);
csim_err csim_emu_write(csim_emu *e, uint32_t addr, const void *data, uint32_t len);
csim_err csim_emu_read(csim_emu *e, uint32_t addr, void *data, uint32_t len);

uint32_t csim_emu_reg(csim_emu *e, int reg);
void csim_emu_set_reg(csim_emu *e, int reg, uint32_t v);
/** S0-S31 and FPSCR (zeros on a core without an FPU). */
void csim_emu_fp_regs(csim_emu *e, uint32_t out[33]);
/** csim_emu_set_fp_regs - S0..S(n-1) from in[0..n-1] and FPSCR from in[n]
 *  (no-op on a CPU without FP registers). */
void csim_emu_set_fp_regs(csim_emu *e, const uint32_t *in, unsigned n);

/** csim_emu_run - run from pc (Thumb) until csim_emu_stop, `until` or a stop
 *  condition; returns CSIM_OK or CSIM_ERR_FAULT/INTERNAL with diag filled. */
csim_err csim_emu_run(csim_emu *e, uint32_t pc, uint32_t until, csim_diag *diag);
void csim_emu_stop(csim_emu *e);

/** The unaligned-access trap (SCB->CCR.UNALIGN_TRP; always on for an
 *  ARMv6-M core): unaligned word/halfword accesses fault (Unicorn 2.0.1
 *  does not trap them). */
void csim_emu_set_align_trap(csim_emu *e, bool on);
/** Call hooks.watched before the instruction at addr runs, every time. */
csim_err csim_emu_watch(csim_emu *e, uint32_t addr);

/** The reason and address of the last self-stop. */
csim_stop csim_emu_stop_reason(const csim_emu *e, uint32_t *addr);

/** csim_emu_version - the version of the Unicorn library in use
 *  ("2.0.1"), into buf (--version). */
void csim_emu_version(char *buf, size_t size);

#endif
