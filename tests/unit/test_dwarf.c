/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_dwarf.c - dwarf.h on a bundled image against an independent reader of
 * the same DWARF, binutils' addr2line: the file, line and innermost inlined
 * function of every function symbol's first instructions.
 * Usage: test_dwarf FW.elf ADDR2LINE
 */
#include <stdlib.h>

#include "check.h"
#include "cyclesim/backends/dwarf.h"
#include "cyclesim/backends/elf.h"

/* addr2line -f -i: the innermost function, then file:line ("?" when none). */
static int addr2line(const char *tool, const char *elf, uint32_t addr, char *fn, char *pos, size_t len)
{
    char cmd[1024];
    snprintf(cmd, sizeof(cmd), "%s -f -i -e '%s' 0x%x", tool, elf, addr);
    FILE *p = popen(cmd, "r");
    int ok = p && fgets(fn, (int)len, p) && fgets(pos, (int)len, p);
    if (p) {
        pclose(p);
    }
    fn[strcspn(fn, "\n")] = 0;
    pos[strcspn(pos, " \n")] = 0; /* " (discriminator N)" */
    return ok;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: test_dwarf FW.elf ADDR2LINE\n");
        return 2;
    }
    csim_diag diag = {0};
    csim_elf *elf = NULL;
    csim_lines *lines = NULL;
    if (csim_elf_load(argv[1], &elf, &diag) || csim_lines_open(argv[1], &lines, &diag)) {
        fprintf(stderr, "%s\n", diag.msg);
        return 1;
    }
    CHECK(csim_lines_has(lines));
    unsigned mapped = 0, inlined = 0;
    for (size_t i = 0; i < elf->n_syms; i++) {
        const csim_symbol *s = &elf->syms[i];
        for (uint32_t off = 0; s->type == CSIM_SYM_FUNC && off < s->size && off < 64; off += 2) {
            char fn[512], want[512], got[600];
            csim_src_pos pos;
            if (!addr2line(argv[2], argv[1], s->addr + off, fn, want, sizeof(want))) {
                CHECK(!"addr2line ran");
                continue;
            }
            if (!csim_lines_at(lines, s->addr + off, &pos)) {
                CHECK(strncmp(want, "??:", 3) == 0);
                continue;
            }
            snprintf(got, sizeof(got), "%s:%u", pos.file, pos.line);
            checks++;
            if (strcmp(got, want) != 0) {
                failures++;
                printf("FAIL %s+%u: %s, addr2line %s\n", s->name, off, got, want);
            }
            if (pos.inlined) {
                CHECK(strcmp(pos.inlined, fn) == 0);
                inlined++;
            }
            mapped++;
        }
    }
    printf("%u addresses mapped, %u of them inlined code\n", mapped, inlined);
    CHECK(mapped > 100);
    CHECK(inlined > 0);
    csim_lines_free(lines);
    csim_elf_free(elf);
    return check_result("dwarf");
}
