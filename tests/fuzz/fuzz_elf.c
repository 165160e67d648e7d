/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer: the ELF loader (header checks, LIEF, segments, symbols) and the
 * case listing read from the image without running it. */
#include "cyclesim/backends/elf.h"
#include "cyclesim/engine/sim.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    csim_diag d = {0};
    csim_elf *e = NULL;
    if (csim_elf_load(fuzz_file("in.elf", data, size), &e, &d) == CSIM_OK) {
        static char names[64][96], rows[64][96];
        size_t n = csim_case_list(e, names, rows, 64);
        (void)n;
        uint32_t off;
        csim_elf_locate(e, e->entry, &off);
        csim_elf_free(e);
    }
    return 0;
}
