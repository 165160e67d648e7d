/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_disasm.c - every instruction id of the Capstone in use maps to a
 * timing class through the decoder's one table, or to none (the run stops
 * there), and every row of the table names an id this Capstone has.
 */
#include <string.h>

#include "check.h"
#include "cyclesim/backends/disasm.h"

static unsigned class_named(const csim_disasm *d, const char *mnemonic)
{
    for (unsigned id = 1; id < csim_disasm_ids(); id++) {
        if (strcmp(csim_disasm_name(d, id), mnemonic) == 0) {
            return csim_disasm_class_of(d, id);
        }
    }
    return CSIM_IC_COUNT + 1; /* no such id */
}

int main(void)
{
    csim_disasm *d = csim_disasm_new();
    CHECK(d != NULL);
    unsigned mapped = 0;
    for (unsigned id = 1; id < csim_disasm_ids(); id++) {
        unsigned k = csim_disasm_class_of(d, id);
        CHECK(k <= CSIM_IC_COUNT);
        mapped += k < CSIM_IC_COUNT;
    }
    const char *typo = csim_disasm_unmatched(d);
    if (typo) {
        fprintf(stderr, "table row \"%s\": no instruction id carries it\n", typo);
    }
    CHECK(typo == NULL);
    CHECK(mapped > 200);
    /* One of each kind: integer, DSP, FP, and what no class lists. */
    CHECK_EQ("add", class_named(d, "add"), CSIM_IC_ALU);
    CHECK_EQ("uxtb", class_named(d, "uxtb"), CSIM_IC_ALU);
    CHECK_EQ("uadd8", class_named(d, "uadd8"), CSIM_IC_ALU_SHIFT);
    CHECK_EQ("umaal", class_named(d, "umaal"), CSIM_IC_MACL);
    CHECK_EQ("pop", class_named(d, "pop"), CSIM_IC_LDM);
    CHECK_EQ("vdiv", class_named(d, "vdiv"), CSIM_IC_FP_DIV);
    CHECK_EQ("vfma", class_named(d, "vfma"), CSIM_IC_FP_MAC);
    CHECK_EQ("vpush", class_named(d, "vpush"), CSIM_IC_FP_STM);
    CHECK_EQ("vld1 (Advanced SIMD)", class_named(d, "vld1"), CSIM_IC_COUNT);
    CHECK_EQ("ldc (coprocessor)", class_named(d, "ldc"), CSIM_IC_COUNT);
    CHECK_EQ("crc32b (A-profile)", class_named(d, "crc32b"), CSIM_IC_COUNT);
    csim_disasm_free(d);
    return check_result("disasm");
}
