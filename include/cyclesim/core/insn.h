/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * insn.h - one decoded Thumb instruction, as the timing models see it.
 *
 * Produced once per address by the disassembler wrapper (disasm_capstone.c),
 * which fills in what the encoding says, completed by the core layer
 * (csim_core_decoded: the bus transfers, a timing rule) and consumed by the
 * pure core models (src/core/m0plus.c, src/core/m33.c).
 * Nothing here depends on Capstone.
 */
#ifndef CYCLESIM_INSN_H
#define CYCLESIM_INSN_H

#include <stdint.h>

/* Timing classes (iclass.def).  Each core model prices a class from its own table. */
typedef enum csim_iclass {
#define CSIM_ICLASS(id, name) CSIM_IC_##id,
#include "cyclesim/core/iclass.def"
    CSIM_IC_COUNT
} csim_iclass;

/* The floating-point classes: FP_MOVE up to the last (iclass.def). */
enum { CSIM_IC_FP_FIRST = CSIM_IC_FP_MOVE, CSIM_IC_FP_COUNT = CSIM_IC_COUNT - CSIM_IC_FP_MOVE };

static inline int csim_iclass_is_fp(unsigned iclass) { return iclass >= CSIM_IC_FP_FIRST && iclass < CSIM_IC_COUNT; }

/** csim_iclass_name - the class's name ("alu", "ldm"), or "?" out of range. */
const char *csim_iclass_name(unsigned iclass);

enum csim_insn_flags {
    CSIM_IF_COND = 1u << 0,       /* conditional (B<cond>, CBZ, or inside an IT block) */
    CSIM_IF_WRITES_PC = 1u << 1,  /* may change the flow (branch, POP {PC}, LDR PC, MOV PC) */
    CSIM_IF_SETS_FLAGS = 1u << 2, /* writes APSR.NZCV */
    CSIM_IF_WIDE = 1u << 3,       /* 32-bit encoding */
    CSIM_IF_LITERAL = 1u << 4,    /* PC-relative load; lit_addr is its address */
    CSIM_IF_DIRECT = 1u << 5,     /* direct branch; target is its destination */
    CSIM_IF_IN_IT = 1u << 6,      /* inside an IT block */
    CSIM_IF_SMALLMUL = 1u << 7,   /* MULS (flag-setting 16-bit multiply) */
    CSIM_IF_WRITEBACK = 1u << 8,  /* base register update */
    CSIM_IF_LINK = 1u << 9,       /* writes LR with a return address (BL/BLX) */
    CSIM_IF_UNCOND_FLOW = 1u << 10, /* always changes the flow (B, BL, BX, POP {PC}, MOV PC) */
    CSIM_IF_ROTATED_IMM = 1u << 11, /* modified immediate built by a rotation (ThumbExpandImm) */
    CSIM_IF_OPERAND2 = 1u << 12,  /* data processing with a shifted-register or rotated-constant operand2 */
    CSIM_IF_FPSCR_READ = 1u << 13,  /* reads FPSCR (its flags: VMRS; its rounding mode: VCVTR, VRINTR) */
    CSIM_IF_FPSCR_WRITE = 1u << 14, /* writes FPSCR (VCMP's flags, VMSR) */
    CSIM_IF_FP_DOUBLE = 1u << 15,   /* FP transfers of D registers: each a doubleword, two bus beats */
};

typedef struct csim_insn {
    uint32_t addr;
    uint32_t target;    /* CSIM_IF_DIRECT: branch destination (bit 0 clear) */
    uint32_t lit_addr;  /* CSIM_IF_LITERAL: address of the literal */
    uint16_t flags;     /* enum csim_insn_flags */
    uint16_t regs_read; /* bit n = Rn read (r0..r15), including address registers */
    uint16_t regs_written;
    uint16_t addr_regs; /* registers that form a load/store address */
    uint16_t shift_regs; /* CSIM_IF_OPERAND2: the register read through the shifter */
    uint32_t fregs_read; /* bit n = Sn read (a Dn is S2n and S2n+1) */
    uint32_t fregs_written;
    uint8_t size;       /* 2 or 4 bytes */
    uint8_t iclass;     /* csim_iclass; CSIM_IC_COUNT: none (the decoder's table does not list it) */
    uint8_t nregs;      /* transfers of LDM/STM/PUSH/POP (including PC); of the FP loads and
                           stores, one per register listed (CSIM_IF_FP_DOUBLE: two beats each) */
    uint8_t it_count;   /* IT: number of instructions it predicates (1..4) */
    uint8_t transfers;  /* bus transfers when executed: the core's (csim_core_decoded) */
    uint16_t id;        /* disassembler's mnemonic id, for profiles and tests */
} csim_insn;

#endif
