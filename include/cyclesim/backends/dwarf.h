/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * dwarf.h - source positions of a firmware image's code: its DWARF line
 * table and inlined subroutines.  elfutils' libdw inside (dwarf_libdw.c).
 * Deliberately free of <stdbool.h>, as elf.h.
 */
#ifndef CYCLESIM_DWARF_H
#define CYCLESIM_DWARF_H

#include <stdint.h>

#include "cyclesim/common/diag.h"

/* Where an instruction comes from.  The strings live as long as the table. */
typedef struct csim_src_pos {
    const char *file;    /* a path from the root (a relative name joined with its unit's directory) */
    uint32_t line;       /* 1.. */
    const char *inlined; /* the innermost function inlined at the address, NULL when none */
} csim_src_pos;

typedef struct csim_lines csim_lines;

/** csim_lines_open - the line table of the ELF at path.  An image without
 *  DWARF gives an empty table (every lookup fails), not an error; CSIM_ERR_IO
 *  when the file cannot be opened. */
csim_err csim_lines_open(const char *path, csim_lines **out, csim_diag *diag);
void csim_lines_free(csim_lines *l);

/** csim_lines_has - whether the image carries a line table. */
int csim_lines_has(const csim_lines *l);

/** csim_lines_at - the source position of the instruction at addr (Thumb bit
 *  cleared); 0 when DWARF does not cover it. */
int csim_lines_at(csim_lines *l, uint32_t addr, csim_src_pos *pos);

#endif
