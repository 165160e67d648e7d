/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * elf_lief.c - the only file that includes LIEF (0.9 C API).
 *
 * The header is checked by hand before LIEF sees the file, so a truncated or
 * foreign file gets a clear message instead of reaching the parser.  LIEF's C
 * API has no program-header physical address (p_paddr), which places
 * initialised data in flash; it is read from the program header table here.
 */
#include <LIEF/ELF.h>
#include <LIEF/version.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/backends/digest.h"
#include "cyclesim/backends/elf.h"
#include "cyclesim/common/file.h"

/* A firmware image with its debug sections stays far below this. */
#define MAX_ELF (64u << 20)

typedef struct elf_storage {
    uint8_t *file;
    size_t file_size;
    Elf_Binary_t *bin;
    char *strings; /* copies of symbol and section names */
} elf_storage;

static uint32_t rd32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }
static uint16_t rd16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

#define PT_LOAD 1
#define SHT_ARM_ATTRIBUTES 0x70000003u

static csim_err read_all(const char *path, elf_storage *st, csim_diag *diag)
{
    csim_read r;
    if (!(st->file = (uint8_t *)csim_read_file(path, MAX_ELF, &r))) {
        return csim_read_fail(diag, path, &r, MAX_ELF, CSIM_ERR_ELF);
    }
    st->file_size = r.len;
    return CSIM_OK;
}

static csim_err check_header(const char *path, const uint8_t *b, size_t n, csim_diag *diag)
{
    if (n < 52 || memcmp(b, "\x7f" "ELF", 4) != 0) {
        return csim_fail(diag, CSIM_ERR_ELF, "%s: not an ELF file", path);
    }
    if (b[4] != 1) {
        return csim_fail(diag, CSIM_ERR_ELF, "%s: not a 32-bit ELF (class %u)", path, b[4]);
    }
    if (b[5] != 1) {
        return csim_fail(diag, CSIM_ERR_ELF, "%s: not little-endian", path);
    }
    if (rd16(b + 18) != 40) {
        return csim_fail(diag, CSIM_ERR_ELF, "%s: not an ARM ELF (e_machine %u)", path, rd16(b + 18));
    }
    uint32_t phoff = rd32(b + 28), shoff = rd32(b + 32);
    uint16_t phentsize = rd16(b + 42), phnum = rd16(b + 44);
    uint16_t shentsize = rd16(b + 46), shnum = rd16(b + 48), shstrndx = rd16(b + 50);
    if ((phnum && (phentsize != 32 || (uint64_t)phoff + (uint64_t)phnum * 32 > n)) ||
        (shnum && (shentsize != 40 || (uint64_t)shoff + (uint64_t)shnum * 40 > n || shstrndx >= shnum))) {
        return csim_fail(diag, CSIM_ERR_ELF, "%s: truncated or corrupt header tables", path);
    }
    /* Every program header, not only PT_LOAD: LIEF reads each one's file
     * range (Segment::content()) whatever its type. */
    for (unsigned i = 0; i < phnum; i++) {
        const uint8_t *ph = b + phoff + 32u * i;
        if ((uint64_t)rd32(ph + 4) + rd32(ph + 16) > n) {
            return csim_fail(diag, CSIM_ERR_ELF, "%s: segment %u extends past the end of the file", path, i);
        }
    }
    for (unsigned i = 0; i < shnum; i++) {
        const uint8_t *sh = b + shoff + 40u * i;
        if (rd32(sh + 4) != 8 /* NOBITS */ && (uint64_t)rd32(sh + 16) + rd32(sh + 20) > n) {
            return csim_fail(diag, CSIM_ERR_ELF, "%s: section %u extends past the end of the file", path, i);
        }
    }
    if (phnum == 0) {
        return csim_fail(diag, CSIM_ERR_ELF, "%s: no program headers (an object file, not a linked image?)",
                         path);
    }
    return CSIM_OK;
}

static uint32_t uleb(const uint8_t **p, const uint8_t *end)
{
    uint32_t v = 0;
    unsigned shift = 0;
    while (*p < end) {
        uint8_t c = *(*p)++;
        if (shift < 32) {
            v |= (uint32_t)(c & 0x7f) << shift;
        }
        shift += 7;
        if (!(c & 0x80)) {
            break;
        }
    }
    return v;
}

/* Tag_CPU_arch (6), the architecture, and Tag_FP_arch (10), the FP
 * extension the image uses (0: none), from the "aeabi" subsection (ARM IHI
 * 0045 "Addenda to the ABI", §3.3.5 of its attributes). */
static csim_elf_arch parse_attributes(const uint8_t *p, size_t n, const char **name, const char **fp_name)
{
    static const char *const fp_archs[] = {NULL, "VFPv1", "VFPv2", "VFPv3", "VFPv3-D16", "VFPv4",
                                           "VFPv4-D16", "FP for ARMv8", "FPv5/FP-D16 for ARMv8"};
    const uint8_t *end = p + n;
    csim_elf_arch arch = CSIM_ELF_ARCH_UNKNOWN;
    if (n < 1 || *p++ != 'A') {
        return arch;
    }
    while (p + 4 < end) {
        uint32_t len = rd32(p);
        const uint8_t *sub_end = p + len;
        if (len < 5 || sub_end > end) {
            break;
        }
        const uint8_t *q = p + 4;
        int aeabi = strncmp((const char *)q, "aeabi", (size_t)(sub_end - q)) == 0;
        q += strnlen((const char *)q, (size_t)(sub_end - q)) + 1;
        while (aeabi && q + 5 <= sub_end) {
            uint8_t tag = *q++;
            uint32_t size = rd32(q);
            const uint8_t *blk_end = q - 1 + size;
            q += 4;
            if (blk_end > sub_end || size < 5) {
                break;
            }
            while (tag == 1 && q < blk_end) { /* Tag_File: attributes follow */
                uint32_t at = uleb(&q, blk_end);
                if (at == 4 || at == 5 || at == 67) { /* NTBS-valued tags */
                    q += strnlen((const char *)q, (size_t)(blk_end - q)) + 1;
                } else if (at == 32) {
                    uleb(&q, blk_end);
                    q += strnlen((const char *)q, (size_t)(blk_end - q)) + 1;
                } else {
                    uint32_t v = uleb(&q, blk_end);
                    if (at == 10 && v != 0) {
                        *fp_name = v < sizeof(fp_archs) / sizeof(fp_archs[0]) ? fp_archs[v] : "an FP extension";
                    }
                    if (at == 6) {
                        switch (v) {
                        case 11: *name = "v6-M"; arch = CSIM_ELF_ARCH_V6M; break;
                        case 12: *name = "v6S-M"; arch = CSIM_ELF_ARCH_V6M; break;
                        case 10: *name = "v7-M"; arch = CSIM_ELF_ARCH_V7M; break;
                        case 13: *name = "v7E-M"; arch = CSIM_ELF_ARCH_V7M; break;
                        case 16: *name = "v8-M.baseline"; arch = CSIM_ELF_ARCH_V8M_BASE; break;
                        case 17: *name = "v8-M.mainline"; arch = CSIM_ELF_ARCH_V8M_MAIN; break;
                        default: *name = "not M-profile"; arch = CSIM_ELF_ARCH_OTHER; break;
                        }
                    }
                }
            }
            q = blk_end;
        }
        p = sub_end;
    }
    return arch;
}

static int cmp_sym(const void *a, const void *b)
{
    const csim_symbol *x = a, *y = b;
    if (x->addr != y->addr) {
        return x->addr < y->addr ? -1 : 1;
    }
    /* Prefer functions, then the larger symbol, at equal addresses. */
    if (x->type != y->type) {
        return x->type == CSIM_SYM_FUNC ? -1 : 1;
    }
    return x->size > y->size ? -1 : x->size < y->size;
}

static int cmp_range(const void *a, const void *b)
{
    const uint64_t *x = a, *y = b;
    return x[0] < y[0] ? -1 : x[0] > y[0];
}

/* Whether two segments share an address: in memory (vaddr, memsz) or in the
 * load image (paddr, filesz).  Sorted, so a crafted table of 65535 headers
 * costs no more than a sort. */
static bool overlapping(const csim_segment *g, size_t n)
{
    uint64_t *r = malloc((2 * n + 1) * 2 * sizeof(*r));
    bool bad = false;
    if (!r) {
        return false;
    }
    for (int pass = 0; pass < 2 && !bad; pass++) {
        size_t k = 0;
        for (size_t i = 0; i < n; i++) {
            uint64_t lo = pass ? g[i].paddr : g[i].vaddr, len = pass ? g[i].filesz : g[i].memsz;
            if (len) {
                r[2 * k] = lo;
                r[2 * k++ + 1] = lo + len;
            }
        }
        qsort(r, k, 2 * sizeof(*r), cmp_range);
        uint64_t end = k ? r[1] : 0;
        for (size_t i = 1; i < k && !bad; i++) {
            bad = r[2 * i] < end;
            end = r[2 * i + 1] > end ? r[2 * i + 1] : end;
        }
    }
    free(r);
    return bad;
}

csim_err csim_elf_load(const char *path, csim_elf **out, csim_diag *diag)
{
    *out = NULL;
    csim_elf *e = calloc(1, sizeof(*e));
    elf_storage *st = calloc(1, sizeof(*st));
    if (!e || !st) {
        free(e);
        free(st);
        return csim_fail(diag, CSIM_ERR_NOMEM, "out of memory");
    }
    e->priv = st;
    snprintf(e->path, sizeof(e->path), "%s", path);
    csim_err err = read_all(path, st, diag);
    if (!err) {
        err = check_header(path, st->file, st->file_size, diag);
    }
    if (err) {
        csim_elf_free(e);
        return err;
    }
    if (!csim_sha256(st->file, st->file_size, e->sha256)) {
        csim_elf_free(e);
        return csim_fail(diag, CSIM_ERR_INTERNAL, "%s: SHA-256 (OpenSSL) failed", path);
    }
    for (int i = 0; i < 32; i++) {
        snprintf(e->sha256_hex + 2 * i, 3, "%02x", e->sha256[i]);
    }
    const uint8_t *b = st->file;
    e->entry = rd32(b + 24);

    st->bin = elf_parse(path);
    if (!st->bin) {
        csim_elf_free(e);
        return csim_fail(diag, CSIM_ERR_ELF, "%s: the ELF parser rejected the file", path);
    }

    /* Segments from the program header table (p_paddr is needed). */
    uint32_t phoff = rd32(b + 28);
    uint16_t phnum = rd16(b + 44);
    e->segs = calloc(phnum, sizeof(*e->segs));
    for (unsigned i = 0; e->segs && i < phnum; i++) {
        const uint8_t *ph = b + phoff + 32u * i;
        if (rd32(ph) != PT_LOAD || rd32(ph + 20) == 0) {
            continue;
        }
        csim_segment *s = &e->segs[e->n_segs++];
        s->vaddr = rd32(ph + 8);
        s->paddr = rd32(ph + 12);
        s->filesz = rd32(ph + 16);
        s->memsz = rd32(ph + 20);
        s->data = b + rd32(ph + 4);
        if (s->filesz > s->memsz) {
            csim_elf_free(e);
            return csim_fail(diag, CSIM_ERR_ELF, "%s: segment %u: file size above memory size", path, i);
        }
    }

    if (e->segs && overlapping(e->segs, e->n_segs)) {
        csim_elf_free(e);
        return csim_fail(diag, CSIM_ERR_ELF, "%s: loadable segments overlap (a later one would overwrite an "
                         "earlier one)", path);
    }

    /* Sections and symbols through LIEF. */
    size_t n_secs = 0, n_syms = 0, names = 0;
    for (Elf_Section_t **s = st->bin->sections; s && *s; s++, n_secs++) {
        names += strlen((*s)->name) + 1;
    }
    for (Elf_Symbol_t **s = st->bin->static_symbols; s && *s; s++, n_syms++) {
        names += strlen((*s)->name) + 1;
    }
    e->secs = calloc(n_secs + 1, sizeof(*e->secs));
    e->syms = calloc(n_syms + 1, sizeof(*e->syms));
    st->strings = malloc(names + 1);
    if (!e->segs || !e->secs || !e->syms || !st->strings) {
        csim_elf_free(e);
        return csim_fail(diag, CSIM_ERR_NOMEM, "out of memory");
    }
    char *sp = st->strings;
    e->arch = CSIM_ELF_ARCH_UNKNOWN;
    e->arch_name = "unknown (no .ARM.attributes)";
    for (Elf_Section_t **s = st->bin->sections; s && *s; s++) {
        csim_section *c = &e->secs[e->n_secs++];
        strcpy(sp, (*s)->name);
        c->name = sp;
        sp += strlen(sp) + 1;
        c->addr = (uint32_t)(*s)->virtual_address;
        c->size = (uint32_t)(*s)->size;
        c->alloc = ((*s)->flags & 0x2) != 0;
        c->write = ((*s)->flags & 0x1) != 0;
        c->exec = ((*s)->flags & 0x4) != 0;
        if ((uint32_t)(*s)->type == SHT_ARM_ATTRIBUTES && (*s)->content) {
            e->arch = parse_attributes((*s)->content, (size_t)(*s)->size, &e->arch_name, &e->fp_arch_name);
        }
    }
    for (Elf_Symbol_t **s = st->bin->static_symbols; s && *s; s++) {
        if (!(*s)->name[0] || (*s)->name[0] == '$' || (*s)->shndx == 0) {
            continue;
        }
        int t = (int)(*s)->type;
        csim_symbol *c = &e->syms[e->n_syms++];
        strcpy(sp, (*s)->name);
        c->name = sp;
        sp += strlen(sp) + 1;
        c->type = t == LIEF_ELF_STT_FUNC ? CSIM_SYM_FUNC : t == LIEF_ELF_STT_OBJECT ? CSIM_SYM_OBJECT
                                                                                    : CSIM_SYM_OTHER;
        c->addr = (uint32_t)(*s)->value & (c->type == CSIM_SYM_FUNC ? ~1u : ~0u);
        c->size = (uint32_t)(*s)->size;
    }
    qsort(e->syms, e->n_syms, sizeof(*e->syms), cmp_sym);
    if (e->arch == CSIM_ELF_ARCH_OTHER) {
        csim_err r = csim_fail(diag, CSIM_ERR_ELF, "%s: built for %s, not a Cortex-M architecture", path,
                               e->arch_name);
        csim_elf_free(e);
        return r;
    }
    *out = e;
    return CSIM_OK;
}

void csim_elf_free(csim_elf *e)
{
    if (!e) {
        return;
    }
    elf_storage *st = e->priv;
    if (st) {
        if (st->bin) {
            elf_binary_destroy(st->bin);
        }
        free(st->file);
        free(st->strings);
        free(st);
    }
    free(e->segs);
    free(e->syms);
    free(e->secs);
    free(e);
}

const csim_symbol *csim_elf_find(const csim_elf *e, const char *name)
{
    for (size_t i = 0; i < e->n_syms; i++) {
        if (strcmp(e->syms[i].name, name) == 0) {
            return &e->syms[i];
        }
    }
    return NULL;
}

const csim_symbol *csim_elf_locate(const csim_elf *e, uint32_t addr, uint32_t *off)
{
    size_t lo = 0, hi = e->n_syms;
    while (lo < hi) { /* first symbol with addr > target */
        size_t mid = (lo + hi) / 2;
        if (e->syms[mid].addr <= addr) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    for (size_t i = lo; i-- > 0;) {
        const csim_symbol *s = &e->syms[i];
        /* Hand-written assembly often has no .size: such a symbol covers
         * what follows it up to the next symbol. */
        if (s->type == CSIM_SYM_FUNC && (addr < s->addr + s->size || (s->size == 0 && i + 1 == lo))) {
            *off = addr - s->addr;
            return s;
        }
        if (s->type == CSIM_SYM_FUNC && addr - s->addr > 0x100000u) {
            break;
        }
    }
    return NULL;
}

const csim_section *csim_elf_section(const csim_elf *e, const char *name)
{
    for (size_t i = 0; i < e->n_secs; i++) {
        if (strcmp(e->secs[i].name, name) == 0) {
            return &e->secs[i];
        }
    }
    return NULL;
}

int csim_elf_read(const csim_elf *e, uint32_t addr, void *buf, size_t len)
{
    for (size_t i = 0; i < e->n_segs; i++) {
        const csim_segment *g = &e->segs[i];
        if (addr >= g->vaddr && addr - g->vaddr <= g->filesz && len <= g->filesz - (addr - g->vaddr)) {
            memcpy(buf, g->data + (addr - g->vaddr), len);
            return 0;
        }
    }
    return -1;
}

void csim_elf_lief_version(char *buf, size_t size)
{
    /* LIEF 0.9's C API has no version call: the headers' LIEF_VERSION
     * ("0.9.0-"), without its trailing dash. */
    snprintf(buf, size, "%.*s", (int)strcspn(LIEF_VERSION, "-"), LIEF_VERSION);
}
