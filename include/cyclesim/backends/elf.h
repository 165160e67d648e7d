/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * elf.h - a firmware image: loadable segments, symbols, sections, the
 * architecture it was built for and its SHA-256.  LIEF inside (elf_lief.c).
 * Deliberately free of <stdbool.h>: LIEF's C API typedefs `bool` itself.
 */
#ifndef CYCLESIM_ELF_H
#define CYCLESIM_ELF_H

#include <stddef.h>
#include <stdint.h>

#include "cyclesim/common/diag.h"
#include "cyclesim/core/arch.h" /* csim_elf_arch: which architectures run it is the core layer's */

typedef struct csim_segment {
    uint32_t vaddr;   /* run address */
    uint32_t paddr;   /* load address (differs for initialised data) */
    uint32_t filesz, memsz;
    const uint8_t *data; /* filesz bytes */
} csim_segment;

typedef enum csim_sym_type { CSIM_SYM_OTHER = 0, CSIM_SYM_FUNC, CSIM_SYM_OBJECT } csim_sym_type;

typedef struct csim_symbol {
    const char *name;
    uint32_t addr; /* Thumb bit cleared */
    uint32_t size;
    csim_sym_type type;
} csim_symbol;

typedef struct csim_section {
    const char *name;
    uint32_t addr, size;
    int alloc; /* occupies memory at run time */
    int exec, write;
} csim_section;

typedef struct csim_elf {
    char path[512];
    csim_elf_arch arch;
    const char *arch_name;
    const char *fp_arch_name; /* Tag_FP_arch when the image uses an FP extension ("VFPv4-D16"), else NULL */
    uint32_t entry;
    csim_segment *segs;
    size_t n_segs;
    csim_symbol *syms; /* functions and objects, sorted by address */
    size_t n_syms;
    csim_section *secs;
    size_t n_secs;
    uint8_t sha256[32];
    char sha256_hex[65];
    void *priv; /* owned storage */
} csim_elf;

/** csim_elf_load - read and check an ELF; returns CSIM_ERR_ELF or CSIM_ERR_IO
 *  with a message in diag when it is not a 32-bit little-endian ARM ELF. */
csim_err csim_elf_load(const char *path, csim_elf **out, csim_diag *diag);
void csim_elf_free(csim_elf *e);

/** csim_elf_find - symbol by name, or NULL. */
const csim_symbol *csim_elf_find(const csim_elf *e, const char *name);

/** csim_elf_locate - the function symbol containing addr (offset in *off), or NULL. */
const csim_symbol *csim_elf_locate(const csim_elf *e, uint32_t addr, uint32_t *off);

/** csim_elf_section - section by name, or NULL. */
const csim_section *csim_elf_section(const csim_elf *e, const char *name);

/** csim_elf_read - len bytes of the image's initial contents at run address
 *  addr (constants, strings); -1 unless they all lie in one segment's file data. */
int csim_elf_read(const csim_elf *e, uint32_t addr, void *buf, size_t len);

/** csim_elf_lief_version - the version of LIEF ("0.9.0"), into buf
 *  (--version). */
void csim_elf_lief_version(char *buf, size_t size);

#endif
