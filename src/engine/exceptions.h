/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * exceptions.h - faults and exceptions as the silicon raises them
 * (exceptions.c): entry, return, the active exceptions, the traps.
 */
#ifndef CSIM_ENGINE_EXCEPTIONS_H
#define CSIM_ENGINE_EXCEPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cyclesim/backends/emu.h"
#include "cyclesim/engine/sim.h"

#define EXC_RETURN_MIN 0xFFFFFF00u
#define MAX_NESTED 8

/* Exception numbers: DDI0419 (ARMv6-M) B1.5.2, DDI0553 (ARMv8-M) chapter B3. */
enum { EXC_NMI = 2, EXC_HARDFAULT = 3, EXC_BUSFAULT = 5, EXC_USAGEFAULT = 6, EXC_SVCALL = 11, EXC_DEBUGMONITOR = 12,
       EXC_SYSTICK = 15 };
#define SCB_SHPR1 0xE000ED18u
#define SCB_SHCSR 0xE000ED24u
#define SCB_CFSR 0xE000ED28u
#define SCB_HFSR 0xE000ED2Cu
#define SCB_DFSR 0xE000ED30u
#define SCB_BFAR 0xE000ED38u
#define SCB_DEMCR 0xE000EDFCu

/* The synchronous faults cyclesim raises.  ARMv6-M has one fault exception,
 * HardFault (DDI0419 B1.5 "Fault behavior"); ARMv8-M raises UsageFault or
 * BusFault when SHCSR enables it, else escalates to HardFault with
 * HFSR.FORCED, and records the cause in CFSR (DDI0553 B3 "Fault handling",
 * D1 CFSR/UFSR/BFSR).  docs/sources.md. */
/* CPACR: CP10 and CP11 (the FPU) access, bits 23:20; full access 0b11 each. */
#define SCB_CPACR 0xE000ED88u
#define CPACR_CP10_CP11_FULL (0xFu << 20)
#define FP_CONTEXT_WORDS 18 /* an extended frame's S0-S15, FPSCR and reserved word, above the basic frame */
#define FP_STATE_WORDS 17   /* of which the FP state: S0-S15 and FPSCR */

typedef enum fault_kind {
    F_UNDEFINSTR, F_INVSTATE, F_STKOF, F_UNALIGNED, F_DIVBYZERO, F_NOCP, F_PRECISERR, F_IBUSERR
} fault_kind;

typedef struct sim sim;

typedef struct exceptions {
    unsigned depth;
    uint8_t stack[MAX_NESTED]; /* active exceptions, innermost last */
    fault_kind trap_kind;
    char last_fault[256];  /* the fault whose handler runs (runaway report) */
    const char *align_why; /* why the access always faults (NULL: CCR.UNALIGN_TRP) */
    uint32_t align_pc;     /* the watched instruction that faulted (0: none) */
    bool div_trap;         /* CCR.DIV_0_TRP */
    bool fpca;             /* CONTROL.FPCA: an FP instruction ran in this context */
    uint8_t fp_frame[MAX_NESTED]; /* per active exception: its frame is extended; bit 1: lazily (LSPACT) */
} exceptions;

void sim_on_trap(void *user, unsigned intno);
void sim_ccr(void *user, uint32_t ccr);
uint32_t exc_vector(sim *s, unsigned exc, uint32_t *entry_addr);
bool exc_take(sim *s, unsigned exc, uint32_t handler, uint32_t ret_pc);
bool exc_return(sim *s);
/** exc_fp_used - a block with an FP instruction runs: the FP context is
 *  active, and a lazy FP state preservation still pending is made now. */
void exc_fp_used(sim *s);
csim_err exc_raise(sim *s, fault_kind k, uint32_t fpc, const char *cause, uint32_t bfar);
csim_err exc_deliver(sim *s, unsigned exc, const char *exc_name, uint32_t fpc, uint32_t ret_pc, const char *cause);
csim_err exc_svc(sim *s, uint32_t svc_pc);
csim_err exc_bkpt(sim *s, uint32_t pc);
csim_err exc_emu_stopped(sim *s, uint32_t *pc);
csim_err exc_watch_checked(sim *s);
bool exc_can_preempt(sim *s, unsigned exc);
csim_stop sim_on_watched(void *user, uint32_t addr, uint32_t *stop_addr);
void sim_describe_pc(sim *s, uint32_t pc, char *buf, size_t len);

#endif
