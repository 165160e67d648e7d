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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/backends/disasm.h"

/* Every instruction cyclesim prices, by mnemonic (their ids differ between
 * Capstone 4 and 5): its class and the rule that refines it.  Capstone 5
 * names a few encodings otherwise (its ARMMappingInsn.inc, tags 5.0 to
 * 5.0.3, against 4.0.2's): 16-bit MOVS Rd, Rm and MOVS.W with a shifted
 * register are "movs" (4: "mov", or the shift's name), VMRS APSR_nzcv is
 * "fmstat" (4: "vmrs"), VMOV.F32/F64 with an immediate "fconsts"/"fconstd"
 * (4: "vmov"), VMOV.32 Dd[x], Rt "fmdhr" (4: "vmov"): capstone5_names[]
 * prices them alike.
 * csim_disasm_new turns it into a table by id; an id it does not list (an
 * A-profile, Advanced SIMD or coprocessor instruction) has no class, and the
 * block cache stops the run there instead of pricing it (unknown_class). */
enum refine {
    R_NONE,     /* the class as listed */
    R_OPERAND2, /* data processing: a shifted-register or rotated-constant operand2 makes it ALU_SHIFT */
    R_COND,     /* B: B<cond> when conditional */
    R_LINK,     /* BL/BLX: writes LR */
    R_SMALLMUL, /* MUL: MULS.N is the flag-setting 16-bit multiply */
    R_HINT,     /* Capstone 5 decodes every hint (NOP, YIELD, WFE, WFI, SEV) as HINT */
};

static const struct mnemonic {
    const char *name;
    uint8_t iclass, rule;
} mnemonics[] = {
    /* Data processing; the 32-bit shifts by an immediate and RRX are MOV.W
     * with a shifted register (mov_shifted_register). */
    {"adc", CSIM_IC_ALU, R_OPERAND2},   {"add", CSIM_IC_ALU, R_OPERAND2},   {"addw", CSIM_IC_ALU, R_OPERAND2},
    {"adr", CSIM_IC_ALU, R_OPERAND2},   {"and", CSIM_IC_ALU, R_OPERAND2},   {"asr", CSIM_IC_ALU, R_OPERAND2},
    {"bfc", CSIM_IC_ALU, R_OPERAND2},   {"bfi", CSIM_IC_ALU, R_OPERAND2},   {"bic", CSIM_IC_ALU, R_OPERAND2},
    {"clrex", CSIM_IC_ALU, R_OPERAND2}, {"clz", CSIM_IC_ALU, R_OPERAND2},   {"cmn", CSIM_IC_ALU, R_OPERAND2},
    {"cmp", CSIM_IC_ALU, R_OPERAND2},   {"eor", CSIM_IC_ALU, R_OPERAND2},   {"lsl", CSIM_IC_ALU, R_OPERAND2},
    {"lsr", CSIM_IC_ALU, R_OPERAND2},   {"mov", CSIM_IC_ALU, R_OPERAND2},   {"movt", CSIM_IC_ALU, R_OPERAND2},
    {"movw", CSIM_IC_ALU, R_OPERAND2},  {"mvn", CSIM_IC_ALU, R_OPERAND2},   {"orn", CSIM_IC_ALU, R_OPERAND2},
    {"orr", CSIM_IC_ALU, R_OPERAND2},   {"rbit", CSIM_IC_ALU, R_OPERAND2},  {"rev", CSIM_IC_ALU, R_OPERAND2},
    {"rev16", CSIM_IC_ALU, R_OPERAND2}, {"revsh", CSIM_IC_ALU, R_OPERAND2}, {"ror", CSIM_IC_ALU, R_OPERAND2},
    {"rrx", CSIM_IC_ALU, R_OPERAND2},   {"rsb", CSIM_IC_ALU, R_OPERAND2},   {"sbc", CSIM_IC_ALU, R_OPERAND2},
    {"sbfx", CSIM_IC_ALU, R_OPERAND2},  {"ssat", CSIM_IC_ALU, R_OPERAND2},  {"sub", CSIM_IC_ALU, R_OPERAND2},
    {"subw", CSIM_IC_ALU, R_OPERAND2},  {"teq", CSIM_IC_ALU, R_OPERAND2},   {"tst", CSIM_IC_ALU, R_OPERAND2},
    {"ubfx", CSIM_IC_ALU, R_OPERAND2},  {"usat", CSIM_IC_ALU, R_OPERAND2},
    /* The ROR #8/16/24 of an extend selects a byte lane; it is not an
     * operand2 shift: a one-cycle ALU operation (issue 9, item 1). */
    {"sxtb", CSIM_IC_ALU, R_NONE},      {"sxth", CSIM_IC_ALU, R_NONE},      {"sxtb16", CSIM_IC_ALU, R_NONE},
    {"uxtb", CSIM_IC_ALU, R_NONE},      {"uxth", CSIM_IC_ALU, R_NONE},      {"uxtb16", CSIM_IC_ALU, R_NONE},
    /* DSP and SIMD data processing: 2-cycle result, no accumulator chaining
     * (jnk0le cortex_m33.md @3dfc2ab, "overall": qsub, uadd8, pkhbt/pkhtb). */
    {"qadd", CSIM_IC_ALU_SHIFT, R_NONE},    {"qadd16", CSIM_IC_ALU_SHIFT, R_NONE},  {"qadd8", CSIM_IC_ALU_SHIFT, R_NONE},
    {"qasx", CSIM_IC_ALU_SHIFT, R_NONE},    {"qdadd", CSIM_IC_ALU_SHIFT, R_NONE},   {"qdsub", CSIM_IC_ALU_SHIFT, R_NONE},
    {"qsax", CSIM_IC_ALU_SHIFT, R_NONE},    {"qsub", CSIM_IC_ALU_SHIFT, R_NONE},    {"qsub16", CSIM_IC_ALU_SHIFT, R_NONE},
    {"qsub8", CSIM_IC_ALU_SHIFT, R_NONE},   {"sadd16", CSIM_IC_ALU_SHIFT, R_NONE},  {"sadd8", CSIM_IC_ALU_SHIFT, R_NONE},
    {"sasx", CSIM_IC_ALU_SHIFT, R_NONE},    {"ssax", CSIM_IC_ALU_SHIFT, R_NONE},    {"ssub16", CSIM_IC_ALU_SHIFT, R_NONE},
    {"ssub8", CSIM_IC_ALU_SHIFT, R_NONE},   {"shadd16", CSIM_IC_ALU_SHIFT, R_NONE}, {"shadd8", CSIM_IC_ALU_SHIFT, R_NONE},
    {"shasx", CSIM_IC_ALU_SHIFT, R_NONE},   {"shsax", CSIM_IC_ALU_SHIFT, R_NONE},   {"shsub16", CSIM_IC_ALU_SHIFT, R_NONE},
    {"shsub8", CSIM_IC_ALU_SHIFT, R_NONE},  {"uadd16", CSIM_IC_ALU_SHIFT, R_NONE},  {"uadd8", CSIM_IC_ALU_SHIFT, R_NONE},
    {"uasx", CSIM_IC_ALU_SHIFT, R_NONE},    {"usax", CSIM_IC_ALU_SHIFT, R_NONE},    {"usub16", CSIM_IC_ALU_SHIFT, R_NONE},
    {"usub8", CSIM_IC_ALU_SHIFT, R_NONE},   {"uhadd16", CSIM_IC_ALU_SHIFT, R_NONE}, {"uhadd8", CSIM_IC_ALU_SHIFT, R_NONE},
    {"uhasx", CSIM_IC_ALU_SHIFT, R_NONE},   {"uhsax", CSIM_IC_ALU_SHIFT, R_NONE},   {"uhsub16", CSIM_IC_ALU_SHIFT, R_NONE},
    {"uhsub8", CSIM_IC_ALU_SHIFT, R_NONE},  {"uqadd16", CSIM_IC_ALU_SHIFT, R_NONE}, {"uqadd8", CSIM_IC_ALU_SHIFT, R_NONE},
    {"uqasx", CSIM_IC_ALU_SHIFT, R_NONE},   {"uqsax", CSIM_IC_ALU_SHIFT, R_NONE},   {"uqsub16", CSIM_IC_ALU_SHIFT, R_NONE},
    {"uqsub8", CSIM_IC_ALU_SHIFT, R_NONE},  {"pkhbt", CSIM_IC_ALU_SHIFT, R_NONE},   {"pkhtb", CSIM_IC_ALU_SHIFT, R_NONE},
    {"sel", CSIM_IC_ALU_SHIFT, R_NONE},     {"ssat16", CSIM_IC_ALU_SHIFT, R_NONE},  {"usat16", CSIM_IC_ALU_SHIFT, R_NONE},
    /* Multiplies.  Extend-and-add: 2-cycle result, accumulator chained like
     * a MAC's (jnk0le cortex_m33.md @3dfc2ab, "overall"). */
    {"mul", CSIM_IC_MUL, R_SMALLMUL},
    {"mla", CSIM_IC_MAC, R_NONE},     {"mls", CSIM_IC_MAC, R_NONE},     {"smlabb", CSIM_IC_MAC, R_NONE},
    {"smlabt", CSIM_IC_MAC, R_NONE},  {"smlatb", CSIM_IC_MAC, R_NONE},  {"smlatt", CSIM_IC_MAC, R_NONE},
    {"smlad", CSIM_IC_MAC, R_NONE},   {"smladx", CSIM_IC_MAC, R_NONE},  {"smlawb", CSIM_IC_MAC, R_NONE},
    {"smlawt", CSIM_IC_MAC, R_NONE},  {"smlsd", CSIM_IC_MAC, R_NONE},   {"smlsdx", CSIM_IC_MAC, R_NONE},
    {"smmla", CSIM_IC_MAC, R_NONE},   {"smmlar", CSIM_IC_MAC, R_NONE},  {"smmls", CSIM_IC_MAC, R_NONE},
    {"smmlsr", CSIM_IC_MAC, R_NONE},  {"smmul", CSIM_IC_MAC, R_NONE},   {"smmulr", CSIM_IC_MAC, R_NONE},
    {"smuad", CSIM_IC_MAC, R_NONE},   {"smuadx", CSIM_IC_MAC, R_NONE},  {"smulbb", CSIM_IC_MAC, R_NONE},
    {"smulbt", CSIM_IC_MAC, R_NONE},  {"smultb", CSIM_IC_MAC, R_NONE},  {"smultt", CSIM_IC_MAC, R_NONE},
    {"smulwb", CSIM_IC_MAC, R_NONE},  {"smulwt", CSIM_IC_MAC, R_NONE},  {"smusd", CSIM_IC_MAC, R_NONE},
    {"smusdx", CSIM_IC_MAC, R_NONE},  {"usad8", CSIM_IC_MAC, R_NONE},   {"usada8", CSIM_IC_MAC, R_NONE},
    {"sxtab", CSIM_IC_MAC, R_NONE},   {"sxtah", CSIM_IC_MAC, R_NONE},   {"sxtab16", CSIM_IC_MAC, R_NONE},
    {"uxtab", CSIM_IC_MAC, R_NONE},   {"uxtah", CSIM_IC_MAC, R_NONE},   {"uxtab16", CSIM_IC_MAC, R_NONE},
    {"umull", CSIM_IC_MULL, R_NONE},  {"smull", CSIM_IC_MULL, R_NONE},
    {"umlal", CSIM_IC_MACL, R_NONE},  {"smlal", CSIM_IC_MACL, R_NONE},  {"umaal", CSIM_IC_MACL, R_NONE},
    {"smlalbb", CSIM_IC_MACL, R_NONE}, {"smlalbt", CSIM_IC_MACL, R_NONE}, {"smlaltb", CSIM_IC_MACL, R_NONE},
    {"smlaltt", CSIM_IC_MACL, R_NONE}, {"smlald", CSIM_IC_MACL, R_NONE},  {"smlaldx", CSIM_IC_MACL, R_NONE},
    {"smlsld", CSIM_IC_MACL, R_NONE},  {"smlsldx", CSIM_IC_MACL, R_NONE},
    {"sdiv", CSIM_IC_DIV, R_NONE},    {"udiv", CSIM_IC_DIV, R_NONE},
    /* Loads and stores. */
    {"ldr", CSIM_IC_LOAD, R_NONE},    {"ldrb", CSIM_IC_LOAD, R_NONE},   {"ldrh", CSIM_IC_LOAD, R_NONE},
    {"ldrsb", CSIM_IC_LOAD, R_NONE},  {"ldrsh", CSIM_IC_LOAD, R_NONE},  {"ldrex", CSIM_IC_LOAD, R_NONE},
    {"ldrexb", CSIM_IC_LOAD, R_NONE}, {"ldrexh", CSIM_IC_LOAD, R_NONE}, {"ldrt", CSIM_IC_LOAD, R_NONE},
    {"ldrbt", CSIM_IC_LOAD, R_NONE},  {"ldrht", CSIM_IC_LOAD, R_NONE},  {"ldrsbt", CSIM_IC_LOAD, R_NONE},
    {"ldrsht", CSIM_IC_LOAD, R_NONE}, {"lda", CSIM_IC_LOAD, R_NONE},    {"ldab", CSIM_IC_LOAD, R_NONE},
    {"ldah", CSIM_IC_LOAD, R_NONE},   {"ldaex", CSIM_IC_LOAD, R_NONE},  {"ldaexb", CSIM_IC_LOAD, R_NONE},
    {"ldaexh", CSIM_IC_LOAD, R_NONE}, {"pld", CSIM_IC_LOAD, R_NONE},    {"pli", CSIM_IC_LOAD, R_NONE},
    {"str", CSIM_IC_STORE, R_NONE},   {"strb", CSIM_IC_STORE, R_NONE},  {"strh", CSIM_IC_STORE, R_NONE},
    {"strex", CSIM_IC_STORE, R_NONE}, {"strexb", CSIM_IC_STORE, R_NONE}, {"strexh", CSIM_IC_STORE, R_NONE},
    {"strt", CSIM_IC_STORE, R_NONE},  {"strbt", CSIM_IC_STORE, R_NONE}, {"strht", CSIM_IC_STORE, R_NONE},
    {"stl", CSIM_IC_STORE, R_NONE},   {"stlb", CSIM_IC_STORE, R_NONE},  {"stlh", CSIM_IC_STORE, R_NONE},
    {"stlex", CSIM_IC_STORE, R_NONE}, {"stlexb", CSIM_IC_STORE, R_NONE}, {"stlexh", CSIM_IC_STORE, R_NONE},
    {"ldrd", CSIM_IC_LOAD2, R_NONE},  {"strd", CSIM_IC_STORE2, R_NONE},
    {"ldm", CSIM_IC_LDM, R_NONE},     {"ldmdb", CSIM_IC_LDM, R_NONE},   {"pop", CSIM_IC_LDM, R_NONE},
    {"stm", CSIM_IC_STM, R_NONE},     {"stmdb", CSIM_IC_STM, R_NONE},   {"push", CSIM_IC_STM, R_NONE},
    /* Flow. */
    {"b", CSIM_IC_B, R_COND},         {"cbz", CSIM_IC_CBZ, R_NONE},     {"cbnz", CSIM_IC_CBZ, R_NONE},
    {"bl", CSIM_IC_BL, R_LINK},       {"blx", CSIM_IC_BX, R_LINK},      {"bx", CSIM_IC_BX, R_NONE},
    {"tbb", CSIM_IC_TB, R_NONE},      {"tbh", CSIM_IC_TB, R_NONE},      {"it", CSIM_IC_IT, R_NONE},
    /* System. */
    {"nop", CSIM_IC_NOP, R_NONE},     {"yield", CSIM_IC_NOP, R_NONE},   {"sev", CSIM_IC_NOP, R_NONE},
    {"dbg", CSIM_IC_NOP, R_NONE},     {"hint", CSIM_IC_NOP, R_HINT},
    {"mrs", CSIM_IC_SYS, R_NONE},     {"msr", CSIM_IC_SYS, R_NONE},     {"cps", CSIM_IC_CPS, R_NONE},
    {"dmb", CSIM_IC_BARRIER, R_NONE}, {"dsb", CSIM_IC_BARRIER, R_NONE}, {"isb", CSIM_IC_BARRIER, R_NONE},
    {"wfi", CSIM_IC_WFI, R_NONE},     {"wfe", CSIM_IC_WFI, R_NONE},
    {"svc", CSIM_IC_TRAP, R_NONE},    {"bkpt", CSIM_IC_TRAP, R_NONE},   {"udf", CSIM_IC_TRAP, R_NONE},
    /* Floating point (FPv5-SP: "The FPU" in docs/timing-model.md). */
    {"vmov", CSIM_IC_FP_MOVE, R_NONE},   {"vabs", CSIM_IC_FP_MOVE, R_NONE},   {"vneg", CSIM_IC_FP_MOVE, R_NONE},
    {"vmrs", CSIM_IC_FP_MOVE, R_NONE},   {"vmsr", CSIM_IC_FP_MOVE, R_NONE},
    {"vadd", CSIM_IC_FP_ARITH, R_NONE},  {"vsub", CSIM_IC_FP_ARITH, R_NONE},  {"vmul", CSIM_IC_FP_ARITH, R_NONE},
    {"vnmul", CSIM_IC_FP_ARITH, R_NONE}, {"vcvt", CSIM_IC_FP_ARITH, R_NONE},  {"vcvtr", CSIM_IC_FP_ARITH, R_NONE},
    {"vcvtb", CSIM_IC_FP_ARITH, R_NONE}, {"vcvtt", CSIM_IC_FP_ARITH, R_NONE}, {"vcmp", CSIM_IC_FP_ARITH, R_NONE},
    {"vcmpe", CSIM_IC_FP_ARITH, R_NONE},
    {"vseleq", CSIM_IC_FP_V8, R_NONE},   {"vselge", CSIM_IC_FP_V8, R_NONE},
    {"vselgt", CSIM_IC_FP_V8, R_NONE},   {"vselvs", CSIM_IC_FP_V8, R_NONE},   {"vmaxnm", CSIM_IC_FP_V8, R_NONE},
    {"vminnm", CSIM_IC_FP_V8, R_NONE},   {"vrinta", CSIM_IC_FP_V8, R_NONE},   {"vrintn", CSIM_IC_FP_V8, R_NONE},
    {"vrintp", CSIM_IC_FP_V8, R_NONE},   {"vrintm", CSIM_IC_FP_V8, R_NONE},   {"vrintr", CSIM_IC_FP_V8, R_NONE},
    {"vrintx", CSIM_IC_FP_V8, R_NONE},   {"vrintz", CSIM_IC_FP_V8, R_NONE},   {"vcvta", CSIM_IC_FP_V8, R_NONE},
    {"vcvtn", CSIM_IC_FP_V8, R_NONE},    {"vcvtp", CSIM_IC_FP_V8, R_NONE},    {"vcvtm", CSIM_IC_FP_V8, R_NONE},
    {"vmla", CSIM_IC_FP_MAC, R_NONE},    {"vmls", CSIM_IC_FP_MAC, R_NONE},    {"vnmla", CSIM_IC_FP_MAC, R_NONE},
    {"vnmls", CSIM_IC_FP_MAC, R_NONE},   {"vfma", CSIM_IC_FP_MAC, R_NONE},    {"vfms", CSIM_IC_FP_MAC, R_NONE},
    {"vfnma", CSIM_IC_FP_MAC, R_NONE},   {"vfnms", CSIM_IC_FP_MAC, R_NONE},
    {"vdiv", CSIM_IC_FP_DIV, R_NONE},    {"vsqrt", CSIM_IC_FP_DIV, R_NONE},
    {"vldr", CSIM_IC_FP_LOAD, R_NONE},   {"vstr", CSIM_IC_FP_STORE, R_NONE},
    {"vldmia", CSIM_IC_FP_LDM, R_NONE},  {"vldmdb", CSIM_IC_FP_LDM, R_NONE},  {"vpop", CSIM_IC_FP_LDM, R_NONE},
    {"vstmia", CSIM_IC_FP_STM, R_NONE},  {"vstmdb", CSIM_IC_FP_STM, R_NONE},  {"vpush", CSIM_IC_FP_STM, R_NONE},
};

/* The names Capstone 5 gives encodings that Capstone 4 names otherwise (above),
 * each priced as its Capstone 4 name is; a Capstone 4 build has no id for them. */
static const struct mnemonic capstone5_names[] = {
    {"movs", CSIM_IC_ALU, R_OPERAND2},  {"fmstat", CSIM_IC_FP_MOVE, R_NONE}, {"fconsts", CSIM_IC_FP_MOVE, R_NONE},
    {"fconstd", CSIM_IC_FP_MOVE, R_NONE}, {"fmdhr", CSIM_IC_FP_MOVE, R_NONE},
};

/* The rows a name may have: of both tables, the second only from Capstone 5 on. */
static const struct {
    const struct mnemonic *rows;
    size_t n;
} tables[] = {
    {mnemonics, sizeof(mnemonics) / sizeof(mnemonics[0])},
    {capstone5_names, CS_API_MAJOR >= 5 ? sizeof(capstone5_names) / sizeof(capstone5_names[0]) : 0},
};

struct csim_disasm {
    csh handle;
    const struct mnemonic *by_id[ARM_INS_ENDING]; /* its row of mnemonics[], or NULL */
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
    for (unsigned id = 1; id < ARM_INS_ENDING; id++) {
        const char *name = cs_insn_name(d->handle, id);
        for (size_t t = 0; name && t < sizeof(tables) / sizeof(tables[0]); t++) {
            for (size_t k = 0; k < tables[t].n; k++) {
                if (strcmp(name, tables[t].rows[k].name) == 0) {
                    d->by_id[id] = &tables[t].rows[k];
                }
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

/* The class of a decoded instruction: its row of mnemonics[] refined by
 * the row's rule; CSIM_IC_COUNT when no row lists it (unknown_class). */
static unsigned classify(const struct mnemonic *row, const cs_insn *ci, const cs_arm *arm, csim_insn *out)
{
    if (!row) {
        return CSIM_IC_COUNT;
    }
    switch (row->rule) {
    case R_COND:
        return arm->cc == ARM_CC_AL || arm->cc == ARM_CC_INVALID ? CSIM_IC_B : CSIM_IC_BCC;
    case R_LINK:
        out->flags |= CSIM_IF_LINK;
        return row->iclass;
    case R_SMALLMUL:
        if (ci->size == 2) {
            out->flags |= CSIM_IF_SMALLMUL;
        }
        return row->iclass;
    case R_HINT:
        return strncmp(ci->mnemonic, "wf", 2) == 0 ? CSIM_IC_WFI : CSIM_IC_NOP;
    case R_OPERAND2:
        break;
    default:
        /* VMOV between two core registers and two S or one D register */
        return row->iclass == CSIM_IC_FP_MOVE && arm->op_count >= 3 ? CSIM_IC_FP_MOVE2 : row->iclass;
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
        /* Immediate shifts only: the one register-shifted form, MOV(S).W Rd, Rm,
         * <shift> Rs, is LSL/LSR/ASR/ROR (register), one stage; Capstone 4
         * names it after the shift, Capstone 5 "movs" with a shifted operand. */
        if (op->type == ARM_OP_REG && op->shift.type != ARM_SFT_INVALID && op->shift.type < ARM_SFT_ASR_REG &&
            op->shift.value != 0 && ci->size == 4) {
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
        o->iclass = (uint8_t)classify(ci->id < ARM_INS_ENDING ? d->by_id[ci->id] : NULL, ci, arm, o);

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

unsigned csim_disasm_ids(void) { return ARM_INS_ENDING; }

unsigned csim_disasm_class_of(const csim_disasm *d, unsigned id)
{
    return id < ARM_INS_ENDING && d->by_id[id] ? d->by_id[id]->iclass : CSIM_IC_COUNT;
}

const char *csim_disasm_unmatched(const csim_disasm *d)
{
    for (size_t t = 0; t < sizeof(tables) / sizeof(tables[0]); t++) {
        for (size_t k = 0; k < tables[t].n; k++) {
            bool found = false;
            for (unsigned id = 1; id < ARM_INS_ENDING && !found; id++) {
                found = d->by_id[id] == &tables[t].rows[k];
            }
            if (!found) {
                return tables[t].rows[k].name;
            }
        }
    }
    return NULL;
}

void csim_disasm_version(char *buf, size_t size)
{
    /* cs_version gives the library's major and minor; the patch level is the
     * headers' (Capstone has no call for it; Debian's libcapstone4 keeps the
     * ABI of one minor release). */
    int major, minor;
    cs_version(&major, &minor);
    snprintf(buf, size, "%d.%d.%d", major, minor, CS_VERSION_EXTRA);
}
