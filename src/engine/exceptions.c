/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * exceptions.c - faults and exceptions as the silicon raises them: traps of the
 * emulator, the vector table, exception entry and return.
 */
#include "engine/sim_internal.h"

static const struct {
    const char *name;
    uint8_t exc;      /* its exception when enabled (CSIM_AF_FAULT_REGS) */
    uint8_t shcsr;    /* its SHCSR enable bit */
    uint32_t cfsr;
} fault_kinds[] = {
    [F_UNDEFINSTR] = {"UNDEFINSTR", EXC_USAGEFAULT, 18, 1u << 16},
    [F_INVSTATE] = {"INVSTATE", EXC_USAGEFAULT, 18, 1u << 17},
    [F_STKOF] = {"STKOF", EXC_USAGEFAULT, 18, 1u << 20},
    [F_UNALIGNED] = {"UNALIGNED", EXC_USAGEFAULT, 18, 1u << 24},
    [F_DIVBYZERO] = {"DIVBYZERO", EXC_USAGEFAULT, 18, 1u << 25},
    [F_NOCP] = {"NOCP", EXC_USAGEFAULT, 18, 1u << 19},
    [F_PRECISERR] = {"PRECISERR", EXC_BUSFAULT, 17, 1u << 9 | 1u << 15}, /* BFARVALID */
    [F_IBUSERR] = {"IBUSERR", EXC_BUSFAULT, 17, 1u << 8},
};

void sim_on_trap(void *user, unsigned intno)
{
    sim *s = user;
    uint32_t pc = csim_emu_reg(s->emu, CSIM_PC);
    s->act_pc = pc;
    if (intno == CSIM_TRAP_BKPT) {
        uint16_t op = 0;
        csim_emu_read(s->emu, pc, &op, 2);
        s->act = op == 0xBEAB ? ACT_SEMIHOST : ACT_BKPT;
    } else if (intno == CSIM_TRAP_SVC) {
        s->act = ACT_SVC; /* PC: the next instruction */
        s->act_pc = pc - 2;
    } else if (intno == CSIM_TRAP_EXCEPTION_EXIT && s->exc.depth) {
        s->act = ACT_EXC_RETURN;
    } else if (intno == CSIM_TRAP_UDEF || intno == CSIM_TRAP_INVSTATE || intno == CSIM_TRAP_STKOF) {
        s->act = ACT_TRAP_FAULT;
        s->exc.trap_kind = intno == CSIM_TRAP_UDEF ? F_UNDEFINSTR : intno == CSIM_TRAP_INVSTATE ? F_INVSTATE : F_STKOF;
    } else {
        s->act = ACT_FAULT;
        const char *why = intno == CSIM_TRAP_PREFETCH_ABORT || intno == CSIM_TRAP_DATA_ABORT ? "bus/memory fault"
                                                                                               : "processor exception";
        snprintf(s->fault, sizeof(s->fault), "%s (exception %u)", why, intno);
    }
    csim_emu_stop(s->emu);
}

/* ---- actions -------------------------------------------------------- */

uint32_t exc_vector(sim *s, unsigned exc, uint32_t *entry_addr)
{
    uint32_t vtor = csim_periph_vtor(s->periph), vec = 0;
    *entry_addr = (vtor ? vtor : s->model->flash.flash_base) + 4 * exc;
    if (csim_emu_read(s->emu, *entry_addr, &vec, 4) || !(vec & 1u)) {
        return 0;
    }
    return vec & ~1u;
}

/* Exception entry: DDI0419 B1.5.6 (ARMv6-M), DDI0553 B3 (ARMv8-M): an
 * 8-word frame on the stack, 8-byte aligned, LR = EXC_RETURN, PC = handler.
 * ret_pc is the stacked return address: the next instruction for an
 * interrupt, the faulting one for a fault. */
bool exc_take(sim *s, unsigned exc, uint32_t handler, uint32_t ret_pc)
{
    if (s->exc.depth == MAX_NESTED) {
        snprintf(s->fault, sizeof(s->fault), "exceptions nested deeper than %d", MAX_NESTED);
        return false;
    }
    uint32_t vec = handler | 1u;
    uint32_t sp = csim_emu_reg(s->emu, CSIM_SP);
    uint32_t xpsr = csim_emu_reg(s->emu, CSIM_XPSR);
    uint32_t align = sp & 4u;
    /* An active FP context gets the extended frame (FPCCR.ASPEN); its FP
     * state is preserved at once (LSPEN clear) or by the first FP
     * instruction that runs before the return (lazy, LSPACT): written here
     * either way (the values are those silicon would write), charged when
     * silicon writes them, one cycle per word as VPUSH (docs/timing-model.md). */
    const uint32_t fpccr = csim_periph_reg(s->periph, CSIM_FPCCR);
    const bool ext = s->exc.fpca && (fpccr & CSIM_FPCCR_ASPEN);
    const bool lazy = ext && (fpccr & CSIM_FPCCR_LSPEN);
    sp = (sp - align) - 32 - (ext ? 4 * FP_CONTEXT_WORDS : 0);
    uint32_t frame[8] = {csim_emu_reg(s->emu, CSIM_R0), csim_emu_reg(s->emu, CSIM_R1),
                         csim_emu_reg(s->emu, CSIM_R2), csim_emu_reg(s->emu, CSIM_R3),
                         csim_emu_reg(s->emu, CSIM_R12), csim_emu_reg(s->emu, CSIM_LR), ret_pc | 1u,
                         (xpsr & ~(1u << 9)) | (align ? 1u << 9 : 0) | (1u << 24)};
    uint32_t fp[FP_CONTEXT_WORDS + 15] = {0}; /* S0-S31, FPSCR as csim_emu_fp_regs reads them */
    if (ext) {
        csim_emu_fp_regs(s->emu, fp);
        fp[16] = fp[32]; /* FPSCR after S15; the reserved word 0 */
        fp[17] = 0;
    }
    if (csim_emu_write(s->emu, sp, frame, sizeof(frame)) ||
        (ext && csim_emu_write(s->emu, sp + 32, fp, 4 * FP_CONTEXT_WORDS))) {
        snprintf(s->fault, sizeof(s->fault), "stack overflow on exception entry (SP 0x%08x)", sp);
        return false;
    }
    if (ext) {
        csim_periph_write(s->periph, CSIM_FPCAR, 4, sp + 32);
        csim_periph_write(s->periph, CSIM_FPCCR, 4, (fpccr & ~CSIM_FPCCR_LSPACT) | (lazy ? CSIM_FPCCR_LSPACT : 0));
        if (!lazy) {
            csim_core_exception_extra(&s->core, FP_STATE_WORDS);
        }
    }
    s->exc.fp_frame[s->exc.depth] = (uint8_t)(ext | lazy << 1);
    s->exc.fpca = false; /* the handler starts without an FP context */
    csim_emu_set_reg(s->emu, CSIM_SP, sp);
    /* EXC_RETURN: thread mode, main stack; bit 4 clear for the extended frame. */
    csim_emu_set_reg(s->emu, CSIM_LR, ext ? 0xFFFFFFE9u : 0xFFFFFFF9u);
    /* IPSR = the exception number, EPSR: T set, IT/ICI cleared (DDI0419
     * B1.5.6, DDI0553 B3 "Exception entry"); firmware reads it with MRS.
     * Unicorn 2.0.1 takes IPSR from an xPSR write; the stacked xPSR restores
     * it on return. */
    csim_emu_set_reg(s->emu, CSIM_XPSR, (xpsr & 0xF80F0000u) | 1u << 24 | exc);
    s->exc.stack[s->exc.depth++] = (uint8_t)exc;
    watch_store(&s->watch, s->insns); /* the frame is written by the core */
    if (s->abi.in_region) {
        if (sp - s->fp.stk_lo < s->fp.stk_min - s->fp.stk_lo) {
            s->fp.stk_min = sp; /* the frame is stacked by the core, not by a traced store */
        }
        if (s->prof) {
            csim_prof_flush(s->prof, &s->core.bd, csim_core_now(&s->core));
            csim_prof_exception(s->prof, vec & ~1u);
        }
    }
    csim_core_exception(&s->core, true, vec & ~1u);
    s->act_pc = vec & ~1u;
    return true;
}

void exc_fp_used(sim *s)
{
    s->exc.fpca = true;
    for (unsigned d = 0; d < s->exc.depth; d++) {
        if (s->exc.fp_frame[d] & 2) { /* the lazy preservation (FPCAR's frame), now */
            s->exc.fp_frame[d] &= (uint8_t)~2u;
            const uint32_t fpccr = csim_periph_reg(s->periph, CSIM_FPCCR);
            csim_periph_write(s->periph, CSIM_FPCCR, 4, fpccr & ~CSIM_FPCCR_LSPACT);
            csim_core_exception_extra(&s->core, FP_STATE_WORDS);
        }
    }
}

bool exc_return(sim *s)
{
    uint32_t sp = csim_emu_reg(s->emu, CSIM_SP), frame[8];
    if (csim_emu_read(s->emu, sp, frame, sizeof(frame))) {
        snprintf(s->fault, sizeof(s->fault), "bad stack on exception return (SP 0x%08x)", sp);
        return false;
    }
    static const int regs[6] = {CSIM_R0, CSIM_R1, CSIM_R2, CSIM_R3, CSIM_R12, CSIM_LR};
    for (int i = 0; i < 6; i++) {
        csim_emu_set_reg(s->emu, regs[i], frame[i]);
    }
    const uint8_t fpf = s->exc.fp_frame[s->exc.depth - 1];
    if ((fpf & 1) && !(fpf & 2)) { /* the FP state was preserved: it comes back */
        uint32_t fp[FP_CONTEXT_WORDS];
        if (csim_emu_read(s->emu, sp + 32, fp, sizeof(fp))) {
            snprintf(s->fault, sizeof(s->fault), "bad stack on exception return (SP 0x%08x)", sp);
            return false;
        }
        csim_emu_set_fp_regs(s->emu, fp, 16);
        csim_core_exception_extra(&s->core, FP_STATE_WORDS);
    }
    if (fpf & 1) {
        const uint32_t fpccr = csim_periph_reg(s->periph, CSIM_FPCCR);
        csim_periph_write(s->periph, CSIM_FPCCR, 4, fpccr & ~CSIM_FPCCR_LSPACT);
    }
    s->exc.fpca = fpf & 1; /* EXC_RETURN bit 4 restores CONTROL.FPCA */
    csim_emu_set_reg(s->emu, CSIM_SP, sp + 32 + ((fpf & 1) ? 4 * FP_CONTEXT_WORDS : 0) + ((frame[7] >> 9) & 1u) * 4);
    csim_emu_set_reg(s->emu, CSIM_XPSR, frame[7] & ~(1u << 9));
    s->exc.depth--;
    watch_store(&s->watch, s->insns);
    csim_core_exception(&s->core, false, frame[6] & ~1u);
    if (s->prof && s->abi.in_region) { /* the handler's last block and the return are the handler's */
        csim_prof_flush(s->prof, &s->core.bd, csim_core_now(&s->core));
        csim_prof_exception_return(s->prof);
    }
    s->act_pc = frame[6] & ~1u;
    return true;
}

void sim_describe_pc(sim *s, uint32_t pc, char *buf, size_t len);

/* The priority of exception exc: DDI0419 B1.5.4 (ARMv6-M), DDI0553 B3
 * "Exception priorities": HardFault -1, NMI -2, the others from the byte of
 * SHPR1-3 (0xE000ED18 + exc - 4; reset value 0). */
static int exc_priority(sim *s, unsigned exc)
{
    if (exc == EXC_HARDFAULT || exc == EXC_NMI) {
        return exc == EXC_NMI ? -2 : -1;
    }
    uint32_t off = exc - 4;
    return (int)(csim_periph_reg(s->periph, SCB_SHPR1 + (off & ~3u)) >> (8 * (off & 3u)) & 0xFFu);
}

/* The execution priority (DDI0419 B1.5.4, DDI0553 B3 "Execution priority
 * and priority boosting"): the active exception's (256 in Thread mode),
 * boosted to 0 by PRIMASK and, on ARMv8-M, to BASEPRI when that is nonzero
 * and higher.  *boost: what boosted it (NULL: nothing). */
static int exec_priority(sim *s, const char **boost, int *basepri)
{
    const unsigned active = s->exc.depth ? s->exc.stack[s->exc.depth - 1] : 0;
    int now = active ? exc_priority(s, active) : 256;
    *boost = NULL;
    *basepri = csim_arch_has(s->model->arch, CSIM_AF_BASEPRI) ? (int)(csim_emu_reg(s->emu, CSIM_BASEPRI) & 0xFFu)
                                                               : 0;
    if (csim_emu_reg(s->emu, CSIM_PRIMASK) & 1u && now > 0) {
        *boost = "PRIMASK";
        return 0;
    }
    if (*basepri && *basepri < now) {
        *boost = "BASEPRI";
        return *basepri;
    }
    return now;
}

bool exc_can_preempt(sim *s, unsigned exc)
{
    const char *boost;
    int basepri;
    return exc_priority(s, exc) < exec_priority(s, &boost, &basepri);
}

/* A synchronous exception exc (`name` for messages) raised by the
 * instruction at fpc, with ret_pc as its return address: enters the
 * firmware's handler when the vector table has one (CSIM_OK, s->act_pc = the
 * handler), else stops with the exception named (exit 5).  A handler that is
 * a branch to itself (the usual Default_Handler) counts as none: the run
 * could only spin there.  An exception whose priority is not higher than the
 * execution priority (the active exception's; 0 with PRIMASK set: DDI0419
 * B1.5.4, DDI0553 B3; BASEPRI on ARMv8-M) escalates to HardFault;
 * one in the HardFault handler is a lockup.  `cause` is what happened
 * ("undefined instruction"). */
csim_err exc_deliver(sim *s, unsigned exc, const char *exc_name, uint32_t fpc, uint32_t ret_pc, const char *cause)
{
    char name[160], at[160];
    snprintf(name, sizeof(name), "%s", exc_name);
    sim_describe_pc(s, fpc, at, sizeof(at));
    unsigned active = s->exc.depth ? s->exc.stack[s->exc.depth - 1] : 0;
    if (active == EXC_HARDFAULT) { /* DDI0419 B1.5, DDI0553 B3: lockup */
        return csim_fail(s->diag, CSIM_ERR_FAULT, "fault at %s: %s (%s) in the HardFault handler: lockup", at,
                         cause, name);
    }
    const char *boost;
    int basepri;
    const int now = exec_priority(s, &boost, &basepri);
    if (exc != EXC_HARDFAULT && exc_priority(s, exc) >= now) {
        char why[48];
        snprintf(why, sizeof(why), " with BASEPRI 0x%02x", (unsigned)basepri);
        snprintf(name + strlen(name), sizeof(name) - strlen(name), "%s, escalated to HardFault",
                 !boost ? (active == exc ? " in its handler" : " in a higher-priority handler")
                 : boost[0] == 'P' ? " with PRIMASK set" : why);
        exc = EXC_HARDFAULT;
    }
    uint32_t entry, handler = exc_vector(s, exc, &entry);
    uint16_t first = 0;
    /* A vector into no code of the ELF is no handler (with --call, the flash
     * base may hold code rather than a vector table). */
    handler = handler && elf_has_code(s->elf, handler, 2) && !csim_emu_read(s->emu, handler, &first, 2) ? handler : 0;
    if (handler && first != 0xE7FE) {
        snprintf(s->exc.last_fault, sizeof(s->exc.last_fault), "%s at %s (%s)", cause, at, name);
        if (!exc_take(s, exc, handler, ret_pc)) {
            return csim_fail(s->diag, CSIM_ERR_FAULT, "fault at %s: %s (%s), then %s", at, cause, name, s->fault);
        }
        s->act_pc = handler;
        return CSIM_OK;
    }
    return csim_fail(s->diag, CSIM_ERR_FAULT, "fault at %s: %s (%s; %s)", at, cause, name,
                     handler ? "its handler is a branch to itself" : "no handler in the vector table");
}

/* A synchronous fault at fpc (exc_deliver; the faulting instruction is the
 * return address).  `bfar` is the faulting data address of a BusFault. */
csim_err exc_raise(sim *s, fault_kind k, uint32_t fpc, const char *cause, uint32_t bfar)
{
    unsigned exc = EXC_HARDFAULT;
    char name[96];
    if (csim_arch_has(s->model->arch, CSIM_AF_FAULT_REGS)) {
        bool enabled = csim_periph_reg(s->periph, SCB_SHCSR) >> fault_kinds[k].shcsr & 1u;
        exc = enabled ? fault_kinds[k].exc : EXC_HARDFAULT;
        csim_periph_set_bits(s->periph, SCB_CFSR, fault_kinds[k].cfsr);
        if (k == F_PRECISERR) {
            csim_periph_set_bits(s->periph, SCB_BFAR, bfar);
        }
        if (!enabled) {
            csim_periph_set_bits(s->periph, SCB_HFSR, 1u << 30); /* FORCED */
        }
        snprintf(name, sizeof(name), enabled ? "%s/%s" : "HardFault, escalated from %s/%s",
                 fault_kinds[k].exc == EXC_BUSFAULT ? "BusFault" : "UsageFault", fault_kinds[k].name);
    } else {
        snprintf(name, sizeof(name), "HardFault");
    }
    return exc_deliver(s, exc, name, fpc, fpc, cause);
}

/* SVC at svc_pc: the SVCall exception (11), returning to the next
 * instruction (DDI0419 B1.5.2, A6.7.68; DDI0553 B3, SVC). */
csim_err exc_svc(sim *s, uint32_t svc_pc)
{
    uint16_t op = 0;
    csim_emu_read(s->emu, svc_pc, &op, 2);
    char cause[48];
    snprintf(cause, sizeof(cause), "supervisor call (SVC 0x%02x)", op & 0xFFu);
    return exc_deliver(s, EXC_SVCALL, "SVCall", svc_pc, svc_pc + 2, cause);
}

/* BKPT other than semihosting, with no debugger: ARMv6-M escalates the debug
 * event to HardFault (DDI0419 part C, debug event behavior); ARMv8-M takes
 * DebugMonitor when DEMCR.MON_EN is set, else HardFault with HFSR.DEBUGEVT
 * (DDI0553 debug chapter; D1 DEMCR, DFSR, HFSR).  The return address is the
 * BKPT itself; DFSR.BKPT records it.  docs/sources.md. */
csim_err exc_bkpt(sim *s, uint32_t pc)
{
    uint16_t op = 0;
    csim_emu_read(s->emu, pc, &op, 2);
    char cause[48];
    snprintf(cause, sizeof(cause), "breakpoint (BKPT 0x%02x)", op & 0xFFu);
    if (!csim_arch_has(s->model->arch, CSIM_AF_FAULT_REGS)) {
        return exc_deliver(s, EXC_HARDFAULT, "HardFault, escalated from a debug event", pc, pc, cause);
    }
    csim_periph_set_bits(s->periph, SCB_DFSR, 1u << 1); /* BKPT */
    if (csim_periph_reg(s->periph, SCB_DEMCR) >> 16 & 1u) { /* MON_EN */
        return exc_deliver(s, EXC_DEBUGMONITOR, "DebugMonitor", pc, pc, cause);
    }
    csim_periph_set_bits(s->periph, SCB_HFSR, 1u << 31); /* DEBUGEVT */
    return exc_deliver(s, EXC_HARDFAULT, "HardFault, escalated from a debug event", pc, pc, cause);
}

/* Fault traps the firmware enables in SCB->CCR (DDI0553 D1, CCR):
 * UNALIGN_TRP (bit 3), DIV_0_TRP (bit 4); ARMv6-M has them fixed (DDI0419
 * A3.2, B3.2.8: unaligned accesses always fault; no divide instruction). */
void sim_ccr(void *user, uint32_t ccr)
{
    sim *s = user;
    csim_emu_set_align_trap(s->emu, ccr >> 3 & 1u);
    s->exc.div_trap = ccr >> 4 & 1u;
}

/* T32 encodings checked before they run, because Unicorn 2.0.1 raises
 * neither fault (the T1 encodings of DDI0553 C2, alphabetical list of instructions):
 *  - UDIV/SDIV, hw0 0xFB90/0xFBB0 | Rn, hw1 1111 Rd 1111 Rm: DIVBYZERO when
 *    Rm is 0 and CCR.DIV_0_TRP is set;
 *  - the exclusive and acquire/release accesses, which fault when unaligned
 *    whatever CCR.UNALIGN_TRP says (DDI0553 B7 "Alignment behavior": they
 *    are not in the list of accesses that support unaligned addresses;
 *    ExclusiveMonitorsPass() checks alignment before the monitor, so a STREX
 *    with no monitor open faults too, where Unicorn makes no access at all):
 *    LDREX/STREX hw0 0xE850/0xE840 | Rn, a word at Rn + imm8 * 4; and
 *    hw0 0xE8D0/0xE8C0 | Rn with hw1[7:4] 0100/0101 (LDREXB/H, STREXB/H),
 *    10sz (LDA*, STL*), 11sz (LDAEX*, STLEX*), 1 << sz bytes at Rn (0000 and
 *    0001 are TBB/TBH, which may be unaligned);
 *  - the FP instructions (the coprocessor space, hw0 111x 11xx, with
 *    coprocessor 10 or 11, hw1[11:9] 101): a NOCP UsageFault while CPACR
 *    (SCB_CPACR) grants CP10 no access (bits 21:20 00 or 10; DDI0553 B3
 *    "Coprocessor Access Control Register"; CP11 must be set alike). */
static bool is_fp(const uint16_t hw[2])
{
    return (hw[0] & 0xEC00u) == 0xEC00u && (hw[1] & 0x0E00u) == 0x0A00u;
}

static bool is_div(const uint16_t hw[2])
{
    return (hw[0] & 0xFFD0u) == 0xFB90u && (hw[1] & 0xF0F0u) == 0xF0F0u;
}

static unsigned aligned_access_size(const uint16_t hw[2])
{
    if ((hw[0] & 0xFFE0u) == 0xE840u) {
        return 4;
    }
    const unsigned op = hw[1] >> 4 & 0xFu;
    if ((hw[0] & 0xFFE0u) == 0xE8C0u && (op == 4 || op == 5 || op >= 8) && op != 11 && op != 15) {
        return 1u << (op & 3u);
    }
    return 0;
}

csim_stop sim_on_watched(void *user, uint32_t addr, uint32_t *stop_addr)
{
    sim *s = user;
    uint16_t hw[2];
    if (csim_emu_read(s->emu, addr, hw, sizeof(hw))) {
        return CSIM_STOP_NONE;
    }
    if (is_fp(hw)) {
        *stop_addr = addr;
        return (csim_periph_reg(s->periph, SCB_CPACR) >> 20 & 1u) ? CSIM_STOP_NONE : CSIM_STOP_NOCP;
    }
    if (is_div(hw)) {
        *stop_addr = addr;
        return s->exc.div_trap && (hw[1] & 0xFu) < 13 && csim_emu_reg(s->emu, hw[1] & 0xFu) == 0 ? CSIM_STOP_DIVBYZERO
                                                                                             : CSIM_STOP_NONE;
    }
    const unsigned size = aligned_access_size(hw);
    const uint32_t at = csim_emu_reg(s->emu, hw[0] & 0xFu) + ((hw[0] & 0xFFE0u) == 0xE840u ? (hw[1] & 0xFFu) * 4u : 0);
    if (size && (at & (size - 1)) != 0) {
        *stop_addr = at;
        s->exc.align_why = "exclusive or acquire/release access";
        s->exc.align_pc = addr;
        return CSIM_STOP_UNALIGNED;
    }
    return CSIM_STOP_NONE;
}

csim_err exc_watch_checked(sim *s)
{
    const csim_elf *e = s->elf;
    for (size_t k = 0; k < e->n_secs; k++) {
        const csim_section *c = &e->secs[k];
        for (uint32_t a = c->addr; c->alloc && c->exec && a + 4 > a && a + 4 <= c->addr + c->size; a += 2) {
            uint16_t hw[2];
            if (csim_emu_read(s->emu, a, hw, sizeof(hw)) == CSIM_OK && (is_div(hw) || aligned_access_size(hw) ||
                                                               (is_fp(hw) && csim_arch_has(s->model->arch, CSIM_AF_FPU)))) {
                csim_err err = csim_emu_watch(s->emu, a);
                if (err) {
                    return csim_fail(s->diag, err, err == CSIM_ERR_NOMEM ? "out of memory"
                                                                         : "emulator without instruction watches");
                }
            }
        }
    }
    return CSIM_OK;
}

void sim_describe_pc(sim *s, uint32_t pc, char *buf, size_t len)
{
    uint32_t off = 0;
    const csim_symbol *sym = csim_elf_locate(s->elf, pc, &off);
    if (sym) {
        snprintf(buf, len, "0x%08x (%s+0x%x)", pc, sym->name, off);
    } else {
        snprintf(buf, len, "0x%08x", pc);
    }
}

uint32_t sim_stack_bottom(const sim *s)
{
    const csim_symbol *lim = csim_elf_find(s->elf, "__stack_limit");
    return lim ? lim->addr : 0;
}

/* The emulator stopped on an error of its own (no action of the hooks): an
 * exception return, or a fault to raise as the silicon would.  CSIM_OK when
 * the run goes on at *pc (the handler, or the return address). */
csim_err exc_emu_stopped(sim *s, uint32_t *pc)
{
    uint32_t where = 0;
    csim_stop why = csim_emu_stop_reason(s->emu, &where);
    uint32_t fpc = csim_emu_reg(s->emu, CSIM_PC);
    if (why == CSIM_STOP_UNMAPPED_FETCH && where >= EXC_RETURN_MIN && s->exc.depth) {
        csim_pricer_finish(&s->pricer, where);
        if (!exc_return(s)) {
            return csim_fail(s->diag, CSIM_ERR_FAULT, "%s", s->fault);
        }
        *pc = s->act_pc;
        return CSIM_OK;
    }
    const csim_tm_block *b = s->pricer.pending;
    if (b && (why == CSIM_STOP_UNMAPPED_READ || why == CSIM_STOP_UNMAPPED_WRITE ||
              why == CSIM_STOP_PROT || why == CSIM_STOP_UNALIGNED)) {
        /* The faulting access was not recorded: it is the next transfer. */
        unsigned i = csim_pricer_access_insn(&s->pricer, false);
        if (i < b->n) {
            fpc = b->insns[i].addr;
        }
    } else if (why == CSIM_STOP_UNDEFINED || why == CSIM_STOP_DIVBYZERO || why == CSIM_STOP_NOCP) {
        fpc = where;
    }
    if (why == CSIM_STOP_UNALIGNED && s->exc.align_pc) { /* a watched instruction, stopped before it ran */
        fpc = s->exc.align_pc;
    }
    csim_pricer_finish_at(&s->pricer, fpc);
    char at[160], emu_msg[sizeof(s->diag->msg)];
    sim_describe_pc(s, fpc, at, sizeof(at));
    snprintf(emu_msg, sizeof(emu_msg), "%s", s->diag->msg); /* csim_fail writes s->diag->msg */
    uint32_t sp = csim_emu_reg(s->emu, CSIM_SP), lim = sim_stack_bottom(s);
    /* Unicorn reports a branch to an even address as an invalid
     * instruction at it: EPSR.T clear tells them apart. */
    bool invstate = why == CSIM_STOP_UNDEFINED && !(csim_emu_reg(s->emu, CSIM_XPSR) & 1u << 24);
    bool stack_bad = lim && sp < lim && why != CSIM_STOP_UNMAPPED_FETCH;
    char what[160];
    fault_kind fk = F_UNDEFINSTR;
    const char *cause = NULL;
    if (why == CSIM_STOP_UNALIGNED) {
        fk = F_UNALIGNED;
        snprintf(what, sizeof(what), "unaligned access at 0x%08x%s%s%s", where, s->exc.align_why ? " (" : "",
                 s->exc.align_why ? s->exc.align_why : "", s->exc.align_why ? ": always faults)" : "");
        s->exc.align_why = NULL;
        s->exc.align_pc = 0;
        cause = what;
    } else if (why == CSIM_STOP_DIVBYZERO) {
        fk = F_DIVBYZERO;
        cause = "division by zero (CCR.DIV_0_TRP set)";
    } else if (why == CSIM_STOP_NOCP) {
        fk = F_NOCP;
        cause = "FP instruction with the FPU disabled (CPACR grants CP10/CP11 no access)";
    } else if (invstate) {
        fk = F_INVSTATE;
        snprintf(what, sizeof(what), "branch to 0x%08x without the Thumb bit (execution in ARM state)", where);
        cause = what;
    } else if (why == CSIM_STOP_UNDEFINED) {
        cause = "undefined instruction";
    } else if (why == CSIM_STOP_UNMAPPED_FETCH) {
        fk = F_IBUSERR;
        fpc = where;
        snprintf(what, sizeof(what), "instruction fetch from unmapped memory at 0x%08x", where);
        cause = what;
        sim_describe_pc(s, fpc, at, sizeof(at));
    } else if (!stack_bad && (why == CSIM_STOP_UNMAPPED_READ || why == CSIM_STOP_UNMAPPED_WRITE)) {
        fk = F_PRECISERR;
        snprintf(what, sizeof(what), "%s at 0x%08x", why == CSIM_STOP_UNMAPPED_READ ?
                 "read of unmapped memory" : "write to unmapped memory", where);
        cause = what;
    }
    bool stack_out = why == CSIM_STOP_UNMAPPED_WRITE && sp < s->model->sram[0].base + 64 &&
                     sp >= s->model->sram[0].base - 64;
    if (cause && !stack_out) {
        csim_err err = exc_raise(s, fk, fpc, cause, where);
        *pc = s->act_pc;
        return err;
    }
    const char *kind = why == CSIM_STOP_UNMAPPED_READ ? "read of unmapped memory"
                       : why == CSIM_STOP_UNMAPPED_WRITE ? "write to unmapped memory"
                       : why == CSIM_STOP_UNMAPPED_FETCH ? "instruction fetch from unmapped memory"
                       : why == CSIM_STOP_PROT ? "write to read-only memory (flash)"
                       : why == CSIM_STOP_UNDEFINED ? "undefined instruction"
                       : why == CSIM_STOP_TRACED_FETCH ? "code in SRAM, where the ELF has no executable section"
                                                       : "emulator error";
    if (stack_bad) {
        return csim_fail(s->diag, CSIM_ERR_FAULT, "fault at %s: stack overflow (SP 0x%08x below "
                         "__stack_limit 0x%08x)", at, sp, lim);
    }
    if (stack_out) {
        return csim_fail(s->diag, CSIM_ERR_FAULT, "fault at %s: stack ran out of SRAM (SP 0x%08x)", at, sp);
    }
    if (why == CSIM_STOP_UNDEFINED || why == CSIM_STOP_EMU_ERROR) {
        return csim_fail(s->diag, CSIM_ERR_FAULT, "fault at %s: %s (%s)", at, kind, emu_msg);
    }
    return csim_fail(s->diag, CSIM_ERR_FAULT, "fault at %s: %s at 0x%08x", at, kind, where);
}
