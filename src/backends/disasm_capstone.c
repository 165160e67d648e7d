/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * disasm_capstone.c - the only file that includes Capstone.
 *
 * Decodes Thumb (ARMv6-M / ARMv8-M mainline) into csim_insn: a timing class,
 * the registers read and written, branch targets and literal addresses:
 * what the encoding says.  What a core derives from it (the bus transfers)
 * is the core layer's (csim_core_decoded).
 */
#include <capstone/capstone.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/backends/disasm.h"

/* The floating-point instructions by mnemonic (Capstone 4 and 5 name them
 * alike; their ids differ): the class of each, as iclass.def lists them.
 * csim_disasm_new turns it into a table by id. */
static const struct {
    const char *name;
    uint8_t iclass;
} fp_mnemonics[] = {
    {"vmov", CSIM_IC_FP_MOVE},   {"vabs", CSIM_IC_FP_MOVE},    {"vneg", CSIM_IC_FP_MOVE},
    {"vmrs", CSIM_IC_FP_MOVE},   {"vmsr", CSIM_IC_FP_MOVE},
    {"vadd", CSIM_IC_FP_ARITH},  {"vsub", CSIM_IC_FP_ARITH},   {"vmul", CSIM_IC_FP_ARITH},
    {"vnmul", CSIM_IC_FP_ARITH}, {"vcvt", CSIM_IC_FP_ARITH},   {"vcvtr", CSIM_IC_FP_ARITH},
    {"vcvtb", CSIM_IC_FP_ARITH}, {"vcvtt", CSIM_IC_FP_ARITH},  {"vcmp", CSIM_IC_FP_ARITH},
    {"vcmpe", CSIM_IC_FP_ARITH},
    {"vsel", CSIM_IC_FP_V8},     {"vseleq", CSIM_IC_FP_V8},    {"vselge", CSIM_IC_FP_V8},
    {"vselgt", CSIM_IC_FP_V8},   {"vselvs", CSIM_IC_FP_V8},    {"vmaxnm", CSIM_IC_FP_V8},
    {"vminnm", CSIM_IC_FP_V8},   {"vrinta", CSIM_IC_FP_V8},    {"vrintn", CSIM_IC_FP_V8},
    {"vrintp", CSIM_IC_FP_V8},   {"vrintm", CSIM_IC_FP_V8},    {"vrintr", CSIM_IC_FP_V8},
    {"vrintx", CSIM_IC_FP_V8},   {"vrintz", CSIM_IC_FP_V8},    {"vcvta", CSIM_IC_FP_V8},
    {"vcvtn", CSIM_IC_FP_V8},    {"vcvtp", CSIM_IC_FP_V8},     {"vcvtm", CSIM_IC_FP_V8},
    {"vmla", CSIM_IC_FP_MAC},    {"vmls", CSIM_IC_FP_MAC},     {"vnmla", CSIM_IC_FP_MAC},
    {"vnmls", CSIM_IC_FP_MAC},   {"vfma", CSIM_IC_FP_MAC},     {"vfms", CSIM_IC_FP_MAC},
    {"vfnma", CSIM_IC_FP_MAC},   {"vfnms", CSIM_IC_FP_MAC},
    {"vdiv", CSIM_IC_FP_DIV},    {"vsqrt", CSIM_IC_FP_DIV},
    {"vldr", CSIM_IC_FP_LOAD},   {"vstr", CSIM_IC_FP_STORE},
    {"vldmia", CSIM_IC_FP_LDM},  {"vldmdb", CSIM_IC_FP_LDM},   {"vpop", CSIM_IC_FP_LDM},
    {"vstmia", CSIM_IC_FP_STM},  {"vstmdb", CSIM_IC_FP_STM},   {"vpush", CSIM_IC_FP_STM},
};

#define NOT_FP 0xFFu

struct csim_disasm {
    csh handle;
    uint8_t fp_class[ARM_INS_ENDING]; /* by Capstone id: an FP class, or NOT_FP */
};

csim_disasm *csim_disasm_new(void)
{
    csim_disasm *d = calloc(1, sizeof(*d));
    if (!d) {
        return NULL;
    }
    if (cs_open(CS_ARCH_ARM, CS_MODE_THUMB | CS_MODE_MCLASS, &d->handle) != CS_ERR_OK) {
        free(d);
        return NULL;
    }
    cs_option(d->handle, CS_OPT_DETAIL, CS_OPT_ON);
    memset(d->fp_class, NOT_FP, sizeof(d->fp_class));
    for (unsigned id = 1; id < ARM_INS_ENDING; id++) {
        const char *name = cs_insn_name(d->handle, id);
        for (size_t k = 0; name && k < sizeof(fp_mnemonics) / sizeof(fp_mnemonics[0]); k++) {
            if (strcmp(name, fp_mnemonics[k].name) == 0) {
                d->fp_class[id] = fp_mnemonics[k].iclass;
            }
        }
    }
    return d;
}

void csim_disasm_free(csim_disasm *d)
{
    if (!d) {
        return;
    }
    cs_close(&d->handle);
    free(d);
}

/* Capstone register id -> r0..r15 bit, or 0 for registers we do not track. */
static uint16_t reg_bit(unsigned reg)
{
    if (reg >= ARM_REG_R0 && reg <= ARM_REG_R12) {
        return (uint16_t)(1u << (reg - ARM_REG_R0));
    }
    switch (reg) {
    case ARM_REG_SP: return 1u << 13;
    case ARM_REG_LR: return 1u << 14;
    case ARM_REG_PC: return 1u << 15;
    default: return 0;
    }
}

#define PC_BIT (1u << 15)
#define SP_BIT (1u << 13)

/* Capstone register id -> S0..S31 bits (a Dn is S2n and S2n+1), or 0. */
static uint32_t sreg_bits(unsigned reg)
{
    if (reg >= ARM_REG_S0 && reg <= ARM_REG_S31) {
        return 1u << (reg - ARM_REG_S0);
    }
    if (reg >= ARM_REG_D0 && reg <= ARM_REG_D15) {
        return 3u << (2 * (reg - ARM_REG_D0));
    }
    return 0;
}

/* The FP registers an FP instruction reads and writes, from its operands
 * (Capstone 4's register lists leave out VLDM's and VPOP's destinations and
 * make VPUSH write what it stores), its transfers in words (nregs) and the
 * stack pointer of VPUSH/VPOP. */
static void fill_fp_operands(const cs_insn *ci, const cs_arm *arm, csim_insn *out)
{
    uint32_t listed = 0;
    for (int i = 0; i < arm->op_count; i++) {
        if (arm->operands[i].type == ARM_OP_REG) {
            listed |= sreg_bits((unsigned)arm->operands[i].reg);
        }
    }
    switch (out->iclass) {
    case CSIM_IC_FP_LOAD:
    case CSIM_IC_FP_LDM:
        out->fregs_written = listed;
        break;
    case CSIM_IC_FP_STORE:
    case CSIM_IC_FP_STM:
        out->fregs_read = listed;
        break;
    default: {
        /* The destinations lead: one (VCMP: none, it writes FPSCR), two for
         * VMOV between two core registers and two S or one D register
         * (VMOV r0, r1, d0; VMOV d0, r0, r1: one). */
        bool fp0 = arm->op_count > 0 && arm->operands[0].type == ARM_OP_REG &&
                   sreg_bits((unsigned)arm->operands[0].reg) != 0;
        int dests = strncmp(ci->mnemonic, "vcmp", 4) == 0 ? 0 : 1;
        if (out->iclass == CSIM_IC_FP_MOVE2 && !(arm->op_count == 3 && fp0)) {
            dests = 2;
        }
        for (int i = 0; i < arm->op_count; i++) {
            if (arm->operands[i].type == ARM_OP_REG) {
                uint32_t bits = sreg_bits((unsigned)arm->operands[i].reg);
                if (i < dests) {
                    out->fregs_written |= bits;
                } else {
                    out->fregs_read |= bits;
                }
            }
        }
        if (out->iclass == CSIM_IC_FP_MAC) {
            out->fregs_read |= out->fregs_written; /* the accumulator */
        }
        break;
    }
    }
    if (out->iclass == CSIM_IC_FP_LOAD || out->iclass == CSIM_IC_FP_STORE ||
        out->iclass == CSIM_IC_FP_LDM || out->iclass == CSIM_IC_FP_STM) {
        /* One transfer per register listed: a D register's is a doubleword. */
        unsigned words = (unsigned)__builtin_popcount(listed);
        bool doubles = false;
        for (int i = 0; i < arm->op_count; i++) {
            unsigned r = (unsigned)arm->operands[i].reg;
            doubles |= arm->operands[i].type == ARM_OP_REG && r >= ARM_REG_D0 && r <= ARM_REG_D15;
        }
        out->nregs = (uint8_t)(doubles ? words / 2 : words);
        if (doubles) {
            out->flags |= CSIM_IF_FP_DOUBLE;
        }
    }
    if (ci->id == ARM_INS_VPUSH || ci->id == ARM_INS_VPOP) {
        out->addr_regs |= SP_BIT;
        out->regs_read |= SP_BIT;
        out->regs_written |= SP_BIT;
        out->flags |= CSIM_IF_WRITEBACK;
    } else if (out->iclass == CSIM_IC_FP_LDM || out->iclass == CSIM_IC_FP_STM) {
        out->addr_regs |= reg_bit((unsigned)arm->operands[0].reg);
    }
}

/* A T32 data-processing (modified immediate) encoding whose constant is a
 * rotated 8-bit value: DDI0553 (ARMv8-M ARM) ThumbExpandImm rotates unless
 * imm12<11:10> (i:imm3<2>) is 00; 00 builds the 0x00XY00XY-style patterns. */
static bool rotated_modified_immediate(const cs_insn *ci)
{
    if (ci->size != 4) {
        return false;
    }
    unsigned hw1 = ci->bytes[0] | ci->bytes[1] << 8, hw2 = ci->bytes[2] | ci->bytes[3] << 8;
    bool modified_imm = (hw1 & 0xFA00u) == 0xF000u && (hw2 & 0x8000u) == 0;
    return modified_imm && ((hw1 & 0x0400u) || (hw2 & 0x4000u));
}

/* MOV.W/MOVS.W with a shifted register: the 32-bit LSL/LSR/ASR/ROR (immediate)
 * and RRX share its T32 encoding (DDI0553), and Capstone names them after the
 * shift, with no operand shift left to see.  An operand2 shifted-register
 * instruction like any other (jnk0le cortex_m33.md @3dfc2ab, "overall"). */
static bool mov_shifted_register(const cs_insn *ci)
{
    if (ci->size != 4) {
        return false;
    }
    unsigned hw1 = ci->bytes[0] | ci->bytes[1] << 8, hw2 = ci->bytes[2] | ci->bytes[3] << 8;
    return (hw1 & 0xFFEFu) == 0xEA4Fu && (hw2 & 0x70F0u) != 0; /* imm3, imm2, type: not LSL #0 */
}

static csim_iclass classify(const cs_insn *ci, const cs_arm *arm, csim_insn *out)
{
    switch (ci->id) {
    case ARM_INS_B:
        return arm->cc == ARM_CC_AL || arm->cc == ARM_CC_INVALID ? CSIM_IC_B : CSIM_IC_BCC;
    case ARM_INS_CBZ:
    case ARM_INS_CBNZ:
        return CSIM_IC_CBZ;
    case ARM_INS_BL:
        out->flags |= CSIM_IF_LINK;
        return CSIM_IC_BL;
    case ARM_INS_BLX:
        out->flags |= CSIM_IF_LINK;
        return CSIM_IC_BX;
    case ARM_INS_BX:
        return CSIM_IC_BX;
    case ARM_INS_TBB:
    case ARM_INS_TBH:
        return CSIM_IC_TB;
    case ARM_INS_IT:
        return CSIM_IC_IT;
    case ARM_INS_NOP:
    case ARM_INS_YIELD:
    case ARM_INS_SEV:
    case ARM_INS_DBG:
        return CSIM_IC_NOP;
    case ARM_INS_MRS:
    case ARM_INS_MSR:
        return CSIM_IC_SYS;
    case ARM_INS_CPS:
        return CSIM_IC_CPS;
    case ARM_INS_DMB:
    case ARM_INS_DSB:
    case ARM_INS_ISB:
        return CSIM_IC_BARRIER;
    case ARM_INS_WFI:
    case ARM_INS_WFE:
        return CSIM_IC_WFI;
    case ARM_INS_HINT: /* Capstone 5 decodes every hint (NOP, YIELD, WFE, WFI, SEV) as HINT */
        return strncmp(ci->mnemonic, "wf", 2) == 0 ? CSIM_IC_WFI : CSIM_IC_NOP;
    case ARM_INS_SVC:
    case ARM_INS_BKPT:
    case ARM_INS_UDF:
        return CSIM_IC_TRAP;
    case ARM_INS_MUL:
        if (ci->size == 2) {
            out->flags |= CSIM_IF_SMALLMUL;
        }
        return CSIM_IC_MUL;
    case ARM_INS_MLA:
    case ARM_INS_MLS:
    case ARM_INS_SMLABB: case ARM_INS_SMLABT: case ARM_INS_SMLATB: case ARM_INS_SMLATT:
    case ARM_INS_SMLAD: case ARM_INS_SMLADX: case ARM_INS_SMLAWB: case ARM_INS_SMLAWT:
    case ARM_INS_SMLSD: case ARM_INS_SMLSDX: case ARM_INS_SMMLA: case ARM_INS_SMMLAR:
    case ARM_INS_SMMLS: case ARM_INS_SMMLSR: case ARM_INS_SMMUL: case ARM_INS_SMMULR:
    case ARM_INS_SMUAD: case ARM_INS_SMUADX: case ARM_INS_SMULBB: case ARM_INS_SMULBT:
    case ARM_INS_SMULTB: case ARM_INS_SMULTT: case ARM_INS_SMULWB: case ARM_INS_SMULWT:
    case ARM_INS_SMUSD: case ARM_INS_SMUSDX: case ARM_INS_USAD8: case ARM_INS_USADA8:
    /* Extend-and-add: 2-cycle result, accumulator chained like a MAC's
     * (jnk0le cortex_m33.md @3dfc2ab, "overall"). */
    case ARM_INS_SXTAB: case ARM_INS_SXTAH: case ARM_INS_SXTAB16:
    case ARM_INS_UXTAB: case ARM_INS_UXTAH: case ARM_INS_UXTAB16:
        return CSIM_IC_MAC;
    /* The ROR #8/16/24 of an extend selects a byte lane; it is not an
     * operand2 shift: a one-cycle ALU operation (issue 9, item 1). */
    case ARM_INS_SXTB: case ARM_INS_SXTH: case ARM_INS_SXTB16:
    case ARM_INS_UXTB: case ARM_INS_UXTH: case ARM_INS_UXTB16:
        return CSIM_IC_ALU;
    /* DSP and SIMD data processing: 2-cycle result, no accumulator chaining
     * (jnk0le cortex_m33.md @3dfc2ab, "overall": qsub, uadd8, pkhbt/pkhtb). */
    case ARM_INS_QADD: case ARM_INS_QADD16: case ARM_INS_QADD8: case ARM_INS_QASX:
    case ARM_INS_QDADD: case ARM_INS_QDSUB: case ARM_INS_QSAX: case ARM_INS_QSUB:
    case ARM_INS_QSUB16: case ARM_INS_QSUB8:
    case ARM_INS_SADD16: case ARM_INS_SADD8: case ARM_INS_SASX: case ARM_INS_SSAX:
    case ARM_INS_SSUB16: case ARM_INS_SSUB8:
    case ARM_INS_SHADD16: case ARM_INS_SHADD8: case ARM_INS_SHASX: case ARM_INS_SHSAX:
    case ARM_INS_SHSUB16: case ARM_INS_SHSUB8:
    case ARM_INS_UADD16: case ARM_INS_UADD8: case ARM_INS_UASX: case ARM_INS_USAX:
    case ARM_INS_USUB16: case ARM_INS_USUB8:
    case ARM_INS_UHADD16: case ARM_INS_UHADD8: case ARM_INS_UHASX: case ARM_INS_UHSAX:
    case ARM_INS_UHSUB16: case ARM_INS_UHSUB8:
    case ARM_INS_UQADD16: case ARM_INS_UQADD8: case ARM_INS_UQASX: case ARM_INS_UQSAX:
    case ARM_INS_UQSUB16: case ARM_INS_UQSUB8:
    case ARM_INS_PKHBT: case ARM_INS_PKHTB: case ARM_INS_SEL:
    case ARM_INS_SSAT16: case ARM_INS_USAT16:
        return CSIM_IC_ALU_SHIFT;
    case ARM_INS_UMULL:
    case ARM_INS_SMULL:
        return CSIM_IC_MULL;
    case ARM_INS_UMLAL:
    case ARM_INS_SMLAL:
    case ARM_INS_UMAAL:
    case ARM_INS_SMLALBB: case ARM_INS_SMLALBT: case ARM_INS_SMLALTB: case ARM_INS_SMLALTT:
    case ARM_INS_SMLALD: case ARM_INS_SMLALDX: case ARM_INS_SMLSLD: case ARM_INS_SMLSLDX:
        return CSIM_IC_MACL;
    case ARM_INS_SDIV:
    case ARM_INS_UDIV:
        return CSIM_IC_DIV;
    case ARM_INS_LDR: case ARM_INS_LDRB: case ARM_INS_LDRH: case ARM_INS_LDRSB:
    case ARM_INS_LDRSH: case ARM_INS_LDREX: case ARM_INS_LDREXB: case ARM_INS_LDREXH:
    case ARM_INS_LDRT: case ARM_INS_LDRBT: case ARM_INS_LDRHT: case ARM_INS_LDRSBT:
    case ARM_INS_LDRSHT: case ARM_INS_LDA: case ARM_INS_LDAB: case ARM_INS_LDAH:
    case ARM_INS_LDAEX: case ARM_INS_LDAEXB: case ARM_INS_LDAEXH:
    case ARM_INS_PLD: case ARM_INS_PLI:
        return CSIM_IC_LOAD;
    case ARM_INS_STR: case ARM_INS_STRB: case ARM_INS_STRH: case ARM_INS_STREX:
    case ARM_INS_STREXB: case ARM_INS_STREXH: case ARM_INS_STRT: case ARM_INS_STRBT:
    case ARM_INS_STRHT: case ARM_INS_STL: case ARM_INS_STLB: case ARM_INS_STLH:
    case ARM_INS_STLEX: case ARM_INS_STLEXB: case ARM_INS_STLEXH:
        return CSIM_IC_STORE;
    case ARM_INS_LDRD:
        return CSIM_IC_LOAD2;
    case ARM_INS_STRD:
        return CSIM_IC_STORE2;
    case ARM_INS_LDM: case ARM_INS_LDMDB: case ARM_INS_POP:
        return CSIM_IC_LDM;
    case ARM_INS_STM: case ARM_INS_STMDB: case ARM_INS_PUSH:
        return CSIM_IC_STM;
    default:
        break;
    }
    /* Data processing: a shifted-register or a rotated-constant operand2 takes
     * two stages (M33: 2-cycle result; jnk0le cortex_m33.md @3dfc2ab,
     * "overall").  MOV/MVN only load the constant. */
    if (mov_shifted_register(ci)) {
        out->flags |= CSIM_IF_OPERAND2;
        out->shift_regs = (uint16_t)(1u << (ci->bytes[2] & 0xFu));
        return CSIM_IC_ALU_SHIFT;
    }
    if (rotated_modified_immediate(ci)) {
        out->flags |= CSIM_IF_ROTATED_IMM;
        if (ci->id != ARM_INS_MOV && ci->id != ARM_INS_MVN) {
            out->flags |= CSIM_IF_OPERAND2;
            return CSIM_IC_ALU_SHIFT;
        }
    }
    for (int i = 0; i < arm->op_count; i++) {
        const cs_arm_op *op = &arm->operands[i];
        if (op->type == ARM_OP_REG && op->shift.type != ARM_SFT_INVALID && op->shift.value != 0 &&
            ci->size == 4) {
            out->flags |= CSIM_IF_OPERAND2;
            out->shift_regs = reg_bit((unsigned)op->reg);
            return CSIM_IC_ALU_SHIFT;
        }
    }
    return CSIM_IC_ALU;
}

static void fill_memory_operand(const cs_insn *ci, const cs_arm *arm, csim_insn *out)
{
    for (int i = 0; i < arm->op_count; i++) {
        const cs_arm_op *op = &arm->operands[i];
        if (op->type != ARM_OP_MEM) {
            continue;
        }
        out->addr_regs |= reg_bit((unsigned)op->mem.base);
        out->addr_regs |= reg_bit((unsigned)op->mem.index);
        if (op->mem.base == ARM_REG_PC && op->mem.index == ARM_REG_INVALID) {
            /* Literal: Align(PC, 4) + imm, PC = this insn + 4 (ARM ARM A7.3). */
            out->flags |= CSIM_IF_LITERAL;
            out->lit_addr = (uint32_t)(((ci->address + 4) & ~3ull) + (int64_t)op->mem.disp);
        }
    }
}

static void fill_branch_target(const cs_arm *arm, csim_insn *out)
{
    for (int i = 0; i < arm->op_count; i++) {
        if (arm->operands[i].type == ARM_OP_IMM) {
            out->flags |= CSIM_IF_DIRECT;
            out->target = (uint32_t)arm->operands[i].imm & ~1u;
        }
    }
}

static unsigned it_length(const cs_insn *ci)
{
    /* "it", "itt", "ite", "ittee"...: 1 + the number of t/e after "it". */
    const char *m = ci->mnemonic;
    return m[0] == 'i' && m[1] == 't' ? 1 + (unsigned)strlen(m + 2) : 1;
}

int csim_disasm_decode(csim_disasm *d, const uint8_t *code, size_t len, uint32_t addr,
                       csim_insn *out, size_t max)
{
    cs_insn *ci = cs_malloc(d->handle);
    if (!ci) {
        return -1;
    }
    const uint8_t *p = code;
    uint64_t a = addr;
    size_t n = 0;
    unsigned it_left = 0;
    while (n < max && len >= 2) {
        if (!cs_disasm_iter(d->handle, &p, &len, &a, ci)) {
            /* Capstone 4 lacks a few ARMv8-M system encodings (MSR MSPLIM...).
             * Keep pricing complete: such an instruction counts as a system
             * instruction of the size its first halfword announces
             * (ARM ARM A5.1: 0b11101/0b11110/0b11111 prefixes are 32-bit). */
            unsigned hw = p[0] | p[1] << 8, size = (hw >> 11) >= 0x1D ? 4 : 2;
            if (size > len) {
                break;
            }
            csim_insn *o = &out[n++];
            memset(o, 0, sizeof(*o));
            o->addr = (uint32_t)a;
            o->size = (uint8_t)size;
            o->iclass = CSIM_IC_SYS;
            o->flags = size == 4 ? CSIM_IF_WIDE : 0;
            p += size;
            len -= size;
            a += size;
            continue;
        }
        const cs_arm *arm = &ci->detail->arm;
        csim_insn *o = &out[n];
        memset(o, 0, sizeof(*o));
        o->addr = (uint32_t)ci->address;
        o->size = (uint8_t)ci->size;
        o->id = (uint16_t)ci->id;
        if (ci->size == 4) {
            o->flags |= CSIM_IF_WIDE;
        }
        const unsigned fp = ci->id < ARM_INS_ENDING ? d->fp_class[ci->id] : NOT_FP;
        if (fp != NOT_FP) {
            o->iclass = (uint8_t)(fp == CSIM_IC_FP_MOVE && arm->op_count >= 3 ? CSIM_IC_FP_MOVE2 : fp);
        } else {
            o->iclass = (uint8_t)classify(ci, arm, o);
        }

        /* Capstone 4 reports no access for the last register of the extend
         * and pack instructions (UXTB.W Rd, Rm, ROR #n; SXTAH; PKHBT) and
         * leaves it out of the registers read: it is a source. */
        for (int i = 1; i < arm->op_count; i++) {
            if (arm->operands[i].type == ARM_OP_REG && arm->operands[i].access == 0) {
                o->regs_read |= reg_bit((unsigned)arm->operands[i].reg);
            }
        }
        cs_regs rr, rw;
        uint8_t nr = 0, nw = 0;
        if (cs_regs_access(d->handle, ci, rr, &nr, rw, &nw) == CS_ERR_OK) {
            for (unsigned i = 0; i < nr; i++) {
                o->regs_read |= reg_bit(rr[i]);
            }
            for (unsigned i = 0; i < nw; i++) {
                o->regs_written |= reg_bit(rw[i]);
                if (rw[i] == ARM_REG_CPSR) {
                    o->flags |= CSIM_IF_SETS_FLAGS;
                }
                if (rw[i] == ARM_REG_FPSCR || rw[i] == ARM_REG_FPSCR_NZCV) {
                    o->flags |= CSIM_IF_FPSCR_WRITE;
                }
            }
            for (unsigned i = 0; i < nr; i++) {
                if (rr[i] == ARM_REG_FPSCR || rr[i] == ARM_REG_FPSCR_NZCV) {
                    o->flags |= CSIM_IF_FPSCR_READ;
                }
            }
        }
        if (csim_iclass_is_fp(o->iclass)) {
            fill_fp_operands(ci, arm, o);
        }
        if (arm->update_flags) {
            o->flags |= CSIM_IF_SETS_FLAGS;
        }
        if (arm->writeback) {
            o->flags |= CSIM_IF_WRITEBACK;
        }
        if (arm->cc != ARM_CC_AL && arm->cc != ARM_CC_INVALID) {
            o->flags |= CSIM_IF_COND;
        }
        if (it_left > 0) {
            o->flags |= CSIM_IF_IN_IT | CSIM_IF_COND;
            it_left--;
        }
        switch (o->iclass) {
        case CSIM_IC_LDM:
        case CSIM_IC_STM: {
            /* LDM/STM list their base first (with or without writeback, and
             * Capstone 4 marks it written when it is in the list too); PUSH/POP
             * list only transfers and always write SP back. */
            bool has_base = ci->id == ARM_INS_LDM || ci->id == ARM_INS_LDMDB ||
                            ci->id == ARM_INS_STM || ci->id == ARM_INS_STMDB;
            for (int i = has_base ? 1 : 0; i < arm->op_count; i++) {
                if (arm->operands[i].type == ARM_OP_REG) {
                    o->nregs++;
                }
            }
            if (has_base) {
                o->addr_regs |= reg_bit((unsigned)arm->operands[0].reg);
            } else {
                o->addr_regs |= 1u << 13;
                o->flags |= CSIM_IF_WRITEBACK;
            }
            break;
        }
        case CSIM_IC_LOAD:
        case CSIM_IC_STORE:
        case CSIM_IC_LOAD2:
        case CSIM_IC_STORE2:
        case CSIM_IC_FP_LOAD:
        case CSIM_IC_FP_STORE:
            fill_memory_operand(ci, arm, o);
            break;
        case CSIM_IC_B:
        case CSIM_IC_BCC:
        case CSIM_IC_CBZ:
        case CSIM_IC_BL:
            fill_branch_target(arm, o);
            break;
        case CSIM_IC_IT:
            o->it_count = (uint8_t)it_length(ci);
            it_left = o->it_count;
            break;
        default:
            break;
        }
        if (o->regs_written & PC_BIT || o->iclass == CSIM_IC_B || o->iclass == CSIM_IC_BCC ||
            o->iclass == CSIM_IC_CBZ || o->iclass == CSIM_IC_BL || o->iclass == CSIM_IC_BX ||
            o->iclass == CSIM_IC_TB) {
            o->flags |= CSIM_IF_WRITES_PC;
            if (o->iclass == CSIM_IC_ALU || o->iclass == CSIM_IC_ALU_SHIFT) {
                o->iclass = CSIM_IC_ALU_PC;
            }
        }
        if (o->flags & CSIM_IF_WRITES_PC && !(o->flags & CSIM_IF_COND) &&
            (o->iclass == CSIM_IC_B || o->iclass == CSIM_IC_BL || o->iclass == CSIM_IC_BX ||
             o->iclass == CSIM_IC_ALU_PC || o->iclass == CSIM_IC_LDM)) {
            o->flags |= CSIM_IF_UNCOND_FLOW;
        }
        n++;
    }
    cs_free(ci, 1);
    return (int)n;
}

const char *csim_disasm_name(const csim_disasm *d, unsigned id)
{
    const char *s = cs_insn_name(d->handle, id);
    return s ? s : "?";
}
