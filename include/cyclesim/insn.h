/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * insn.h - one decoded Thumb instruction, as the timing models see it.
 *
 * Produced once per address by the disassembler wrapper (disasm_capstone.c)
 * and consumed by the pure core models (src/core/m0plus.c, src/core/m33.c).
 * Nothing here depends on Capstone.
 */
#ifndef CYCLESIM_INSN_H
#define CYCLESIM_INSN_H

#include <stdint.h>

/* Timing classes.  Each core model prices a class from its own table. */
typedef enum csim_iclass {
    CSIM_IC_ALU = 0,   /* data processing, moves, compares, extends, bitfield */
    CSIM_IC_ALU_SHIFT, /* data processing with a shifted register/constant operand2 (M33: 2-cycle result) */
    CSIM_IC_ALU_PC,    /* data processing that writes the PC (MOV PC / ADD PC) */
    CSIM_IC_MUL,       /* MUL/MULS 32x32->32 */
    CSIM_IC_MAC,       /* MLA/MLS, SMLA.., SMUL.., USADA.., UXTA.. (32-bit result via the MAC) */
    CSIM_IC_MULL,      /* UMULL/SMULL */
    CSIM_IC_MACL,      /* UMLAL/SMLAL/UMAAL and the dual 64-bit accumulates */
    CSIM_IC_DIV,       /* SDIV/UDIV */
    CSIM_IC_LOAD,      /* LDR/LDRB/LDRH/LDRSB/LDRSH/LDREX (one transfer) */
    CSIM_IC_STORE,     /* STR/STRB/STRH/STREX */
    CSIM_IC_LOAD2,     /* LDRD */
    CSIM_IC_STORE2,    /* STRD */
    CSIM_IC_LDM,       /* LDM/POP, nregs transfers (a PC in the list makes it a branch) */
    CSIM_IC_STM,       /* STM/PUSH */
    CSIM_IC_B,         /* B (unconditional, direct) */
    CSIM_IC_BCC,       /* B<cond> */
    CSIM_IC_CBZ,       /* CBZ/CBNZ */
    CSIM_IC_BL,        /* BL */
    CSIM_IC_BX,        /* BX/BLX register */
    CSIM_IC_TB,        /* TBB/TBH */
    CSIM_IC_IT,        /* IT */
    CSIM_IC_NOP,       /* NOP, YIELD, SEV, hints */
    CSIM_IC_SYS,       /* MRS/MSR/CPS */
    CSIM_IC_BARRIER,   /* DMB/DSB/ISB */
    CSIM_IC_WFI,       /* WFI/WFE */
    CSIM_IC_TRAP,      /* SVC/BKPT/UDF: handled by the simulator */
    CSIM_IC_COUNT
} csim_iclass;

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
};

typedef struct csim_insn {
    uint32_t addr;
    uint32_t target;    /* CSIM_IF_DIRECT: branch destination (bit 0 clear) */
    uint32_t lit_addr;  /* CSIM_IF_LITERAL: address of the literal */
    uint16_t flags;     /* enum csim_insn_flags */
    uint16_t regs_read; /* bit n = Rn read (r0..r15), including address registers */
    uint16_t regs_written;
    uint16_t addr_regs; /* registers that form a load/store address */
    uint8_t size;       /* 2 or 4 bytes */
    uint8_t iclass;     /* csim_iclass */
    uint8_t nregs;      /* transfers of LDM/STM/PUSH/POP (including PC) */
    uint8_t it_count;   /* IT: number of instructions it predicates (1..4) */
    uint8_t transfers;  /* bus transfers when executed (csim_core_transfers) */
    uint16_t id;        /* disassembler's mnemonic id, for profiles and tests */
} csim_insn;

#endif
