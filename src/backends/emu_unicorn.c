/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * emu_unicorn.c - the only file that includes Unicorn (2.0.1 on Debian 12,
 * 2.1.x on Debian 13: the same API and ABI).
 *
 * Thumb M-class, on the Unicorn CPU model of the processor the core names
 * (csim_emu_new).  One block hook and the data accesses drive the timing
 * model; peripherals are MMIO pages.
 * Note: Unicorn 2.0.1 sends every store to plain memory through its slow path
 * (its notdirty_write() invalidates code on every write, with a malloc/free;
 * fixed upstream after 2.0.1), and any memory hook sends every load and store
 * there too, whatever its range: docs/performance.md.  Data accesses are
 * seen through one memory hook on the whole address space (on_access: plain
 * and traced memory) and in the peripherals' MMIO callbacks; "traced" SRAM is
 * MMIO backed by a buffer of ours, which costs less than plain memory with
 * hooks on 2.0.x.  Unicorn 2.1 no longer takes the
 * slow path for every store, and there its MMIO dispatch costs more than
 * plain memory with hooks, as long as that memory is not executable (a store
 * to a page with translated code invalidates it while a memory hook exists):
 * there csim_emu_map_traced maps plain, non-executable memory instead, chosen
 * by the library's version at run time (docs/performance.md).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicorn/unicorn.h>

#include "cyclesim/backends/emu.h"

typedef struct mmio_ctx {
    csim_emu *e;
    csim_mmio_read_fn rd;  /* peripheral pages; NULL: traced memory */
    csim_mmio_write_fn wr;
    void *user;
    uint32_t base, size;
    uint8_t *mem;          /* traced memory: its contents */
    struct mmio_ctx *next;
} mmio_ctx;

/* The Arm M-profile processors Unicorn models. */
static const struct emu_cpu {
    const char *name;
    int model;
    bool aligned_only; /* ARMv6-M: an unaligned access faults, so MMIO sees accesses whole */
    bool fp_regs;      /* has the FP extension's registers (S0-S31, FPSCR) */
} cpus[] = {
    {"cortex-m0", UC_CPU_ARM_CORTEX_M0, true, false},
    {"cortex-m3", UC_CPU_ARM_CORTEX_M3, false, false},
    {"cortex-m4", UC_CPU_ARM_CORTEX_M4, false, true},
    {"cortex-m7", UC_CPU_ARM_CORTEX_M7, false, true},
    {"cortex-m33", UC_CPU_ARM_CORTEX_M33, false, true},
};

struct csim_emu {
    uc_engine *uc;
    const struct emu_cpu *cpu;
    bool host_io;   /* csim_emu_read/write in progress: not a firmware access */
    csim_emu_hooks hooks;
    csim_stop stop;
    uint32_t stop_addr;
    bool align_trap; /* unaligned word/halfword accesses fault (ARMv6-M always; CCR.UNALIGN_TRP) */
    uint32_t undo_addr, undo_len; /* plain memory an unaligned store overwrote before it was stopped */
    uint8_t undo[8];
    mmio_ctx *mmio; /* peripheral pages and traced memory, freed with the emulator */
    struct { uint32_t base, size; } nx[8]; /* plain non-executable SRAM (traced on Unicorn 2.1+) */
    unsigned n_nx;
    /* Memory whose accesses on_access reports (peripheral pages report in
     * their callbacks): plain memory and traced memory. */
    struct rep_range { uint32_t base, size; bool writable; } rep[16];
    unsigned n_rep;
    const struct rep_range *rep_last; /* the one found last (in rep[]) */
    /* An unaligned load Unicorn splits into two aligned loads of its size
     * (any to MMIO, so to traced memory; one across a page to plain memory),
     * whose memory hooks it calls again (2.0.1 and 2.1.1: cputlb.c
     * load_helper; the pieces of a store call none): the pieces still to
     * come, the first at split_lo. */
    uint32_t split_lo;
    unsigned split_left, split_size;
    uint32_t page_size;
    bool lookup_balanced; /* balance_lookup has run */
};

/* Unicorn 2.1 or later, as loaded at run time (a binary built against 2.0.1
 * runs on 2.1's library unchanged).  CYCLESIM_SRAM=traced or =plain forces
 * one mapping, for the test that both give the same results. */
static bool plain_sram_faster(void)
{
    const char *force = getenv("CYCLESIM_SRAM");
    if (force && (strcmp(force, "traced") == 0 || strcmp(force, "plain") == 0)) {
        return force[0] == 'p';
    }
    unsigned major = 0, minor = 0;
    uc_version(&major, &minor);
    return major > 2 || (major == 2 && minor >= 1);
}

static mmio_ctx *traced_at(const csim_emu *e, uint32_t addr)
{
    for (mmio_ctx *m = e->mmio; m; m = m->next) {
        if (m->mem && addr - m->base < m->size) {
            return m;
        }
    }
    return NULL;
}

/* SRAM that code cannot run from (csim_emu_map_traced), either mapping. */
static bool no_exec_sram(const csim_emu *e, uint32_t addr)
{
    for (unsigned i = 0; i < e->n_nx; i++) {
        if (addr - e->nx[i].base < e->nx[i].size) {
            return true;
        }
    }
    return traced_at(e, addr) != NULL;
}

static void on_block(uc_engine *uc, uint64_t addr, uint32_t size, void *user)
{
    (void)uc;
    csim_emu *e = user;
    e->hooks.block(e->hooks.user, (uint32_t)addr, size);
}

/* The reported memory holding addr (the last one found first), or -1. */
static int reported_at(csim_emu *e, uint32_t addr)
{
    if (e->n_rep && addr - e->rep_last->base < e->rep_last->size) {
        return (int)(e->rep_last - e->rep);
    }
    for (unsigned i = 0; i < e->n_rep; i++) {
        if (addr - e->rep[i].base < e->rep[i].size) {
            e->rep_last = &e->rep[i];
            return (int)i;
        }
    }
    return -1;
}

/* The one memory hook's checks (one hook: Unicorn calls every memory hook
 * of the access's kind, each with its range check): the fault checks below,
 * then the report of an access to plain or traced memory.
 * It runs before Unicorn splits an unaligned access into aligned pieces
 * (it does for MMIO, and so for traced memory).  Stopping here ends the
 * block after this access, with no later instruction run and the access's
 * register not written; a store to plain memory has been made by then and
 * is undone in csim_emu_run, one to MMIO is dropped.  Out of line: on_access
 * takes the usual access without it. */
static __attribute__((noinline)) void access_checked(uc_engine *uc, uc_mem_type type, uint64_t addr64, int size,
                                                     int64_t value, void *user)
{
    (void)value;
    csim_emu *e = user;
    const uint32_t addr = (uint32_t)addr64;
    const bool write = type == UC_MEM_WRITE;
    if (e->host_io || e->stop != CSIM_STOP_NONE) {
        return;
    }
    if (e->split_left) {
        const uint32_t piece = e->split_lo + (2 - e->split_left) * e->split_size;
        e->split_left = 0;
        if (!write && addr == piece && (unsigned)size == e->split_size) {
            e->split_left = piece == e->split_lo ? 1 : 0;
            return; /* reported whole */
        }
    }
    const bool odd = (addr & (uint32_t)(size - 1)) != 0;
    if (odd && (e->align_trap || (e->hooks.misaligned && e->hooks.misaligned(e->hooks.user, addr, (unsigned)size,
                                                                              write)))) {
        e->stop = CSIM_STOP_UNALIGNED;
        e->stop_addr = addr;
        e->undo_len = 0;
        bool mmio = false;
        for (const mmio_ctx *m = e->mmio; m; m = m->next) {
            mmio |= addr - m->base < m->size;
        }
        if (write && !mmio && size <= (int)sizeof(e->undo) &&
            uc_mem_read(uc, addr, e->undo, (size_t)size) == UC_ERR_OK) {
            e->undo_addr = addr;
            e->undo_len = (uint32_t)size;
        }
        uc_emu_stop(uc);
        return;
    }
    const int r = reported_at(e, addr);
    if (r < 0 || (write && !e->rep[r].writable)) {
        return;
    }
    e->hooks.mem(e->hooks.user, addr, (unsigned)size, write);
    if (odd && !write && (traced_at(e, addr) || (addr & (e->page_size - 1)) + (uint32_t)size > e->page_size)) {
        e->split_lo = addr & ~(uint32_t)(size - 1);
        e->split_size = (unsigned)size;
        e->split_left = 2;
    }
}

/* The one memory hook, on every data access.  The usual access (aligned,
 * from the firmware, no split load's pieces to come, to the reported memory
 * the last one was in, writable if a store) is reported at once, with what
 * access_checked would do for it: it runs for every load and store. */
static void on_access(uc_engine *uc, uc_mem_type type, uint64_t addr64, int size, int64_t value, void *user)
{
    (void)value;
    csim_emu *e = user;
    const uint32_t addr = (uint32_t)addr64;
    const bool write = type == UC_MEM_WRITE;
    const struct rep_range *r = e->rep_last;
    if (!(e->host_io | (e->stop != CSIM_STOP_NONE) | (e->split_left != 0) | ((addr & (uint32_t)(size - 1)) != 0)) &&
        addr - r->base < r->size && (r->writable || !write)) {
        e->hooks.mem(e->hooks.user, addr, (unsigned)size, write);
        return;
    }
    access_checked(uc, type, addr64, size, value, user);
}

/* A watched instruction, before it runs: stopping in a code hook is exact
 * (the instruction has not run). */
static void on_watch(uc_engine *uc, uint64_t addr, uint32_t size, void *user)
{
    (void)size;
    csim_emu *e = user;
    uint32_t at = 0;
    csim_stop why = e->stop == CSIM_STOP_NONE ? e->hooks.watched(e->hooks.user, (uint32_t)addr, &at) : CSIM_STOP_NONE;
    if (why != CSIM_STOP_NONE) {
        e->stop = why;
        e->stop_addr = at;
        e->undo_len = 0;
        uc_emu_stop(uc);
    }
}

static void on_intr(uc_engine *uc, uint32_t intno, void *user)
{
    (void)uc;
    csim_emu *e = user;
    e->hooks.trap(e->hooks.user, intno);
}

static bool on_invalid(uc_engine *uc, uc_mem_type type, uint64_t addr, int size, int64_t value, void *user)
{
    (void)uc;
    (void)size;
    (void)value;
    csim_emu *e = user;
    switch (type) {
    case UC_MEM_READ_UNMAPPED: e->stop = CSIM_STOP_UNMAPPED_READ; break;
    case UC_MEM_WRITE_UNMAPPED: e->stop = CSIM_STOP_UNMAPPED_WRITE; break;
    case UC_MEM_FETCH_UNMAPPED: e->stop = CSIM_STOP_UNMAPPED_FETCH; break;
    case UC_MEM_FETCH_PROT: /* MMIO is not executable, nor is traced SRAM mapped plain */
        e->stop = no_exec_sram(e, (uint32_t)addr) ? CSIM_STOP_TRACED_FETCH : CSIM_STOP_PROT;
        break;
    default: e->stop = CSIM_STOP_PROT; break;
    }
    e->stop_addr = (uint32_t)addr;
    return false;
}

csim_err csim_emu_new(csim_emu **out, const char *cpu, const csim_emu_hooks *hooks, csim_diag *diag)
{
    const struct emu_cpu *model = NULL;
    for (size_t i = 0; i < sizeof(cpus) / sizeof(cpus[0]); i++) {
        if (strcmp(cpus[i].name, cpu) == 0) {
            model = &cpus[i];
        }
    }
    if (!model) {
        return csim_fail(diag, CSIM_ERR_INTERNAL, "emulator: no CPU model %s", cpu);
    }
    csim_emu *e = calloc(1, sizeof(*e));
    if (!e) {
        return csim_fail(diag, CSIM_ERR_NOMEM, "out of memory");
    }
    e->hooks = *hooks;
    e->cpu = model;
    e->rep_last = e->rep;
    e->align_trap = model->aligned_only; /* ARMv6-M: DDI0419 A3.2, every unaligned word or halfword access faults */
    uc_err err = uc_open(UC_ARCH_ARM, UC_MODE_THUMB | UC_MODE_MCLASS, &e->uc);
    if (!err) {
        err = uc_ctl_set_cpu_model(e->uc, model->model);
    }
    uc_hook h;
    size_t page = 0;
    if (!err) {
        err = uc_hook_add(e->uc, &h, UC_HOOK_BLOCK, (void *)on_block, e, 1, 0);
    }
    if (!err) {
        err = uc_hook_add(e->uc, &h, UC_HOOK_INTR, (void *)on_intr, e, 1, 0);
    }
    if (!err) {
        err = uc_hook_add(e->uc, &h, UC_HOOK_MEM_INVALID, (void *)on_invalid, e, 1, 0);
    }
    if (!err) {
        err = uc_hook_add(e->uc, &h, UC_HOOK_MEM_READ | UC_HOOK_MEM_WRITE, (void *)on_access, e, 1, 0);
    }
    if (!err) {
        err = uc_query(e->uc, UC_QUERY_PAGE_SIZE, &page);
        e->page_size = (uint32_t)page;
    }
    if (err) {
        csim_err r = csim_fail(diag, CSIM_ERR_INTERNAL, "emulator: %s", uc_strerror(err));
        csim_emu_free(e);
        return r;
    }
    *out = e;
    return CSIM_OK;
}

void csim_emu_free(csim_emu *e)
{
    if (!e) {
        return;
    }
    if (e->uc) {
        uc_close(e->uc);
    }
    while (e->mmio) {
        mmio_ctx *n = e->mmio->next;
        free(e->mmio->mem);
        free(e->mmio);
        e->mmio = n;
    }
    free(e);
}

static bool add_reported(csim_emu *e, uint32_t base, uint32_t size, bool writable)
{
    if (e->n_rep == sizeof(e->rep) / sizeof(e->rep[0])) {
        return false;
    }
    e->rep[e->n_rep].base = base;
    e->rep[e->n_rep].size = size;
    e->rep[e->n_rep++].writable = writable;
    return true;
}

static csim_err map_plain(csim_emu *e, uint32_t base, uint32_t size, bool writable, bool exec, csim_diag *diag)
{
    uint32_t perms = UC_PROT_READ | (exec ? UC_PROT_EXEC : 0) | (writable ? UC_PROT_WRITE : 0);
    uc_err err = uc_mem_map(e->uc, base, size, perms);
    if (!err && !add_reported(e, base, size, writable)) {
        err = UC_ERR_NOMEM;
    }
    if (err) {
        return csim_fail(diag, CSIM_ERR_MODEL, "memory region 0x%08x+0x%x: %s (regions must be 4 KiB aligned "
                         "and must not overlap)", base, size, uc_strerror(err));
    }
    return CSIM_OK;
}

csim_err csim_emu_map(csim_emu *e, uint32_t base, uint32_t size, bool writable, csim_diag *diag)
{
    return map_plain(e, base, size, writable, true, diag);
}

/* The access is reported first: a peripheral read may ask for the time. */
static uint64_t mmio_read(uc_engine *uc, uint64_t off, unsigned size, void *user)
{
    (void)uc;
    mmio_ctx *m = user;
    uint32_t addr = m->base + (uint32_t)off;
    if (m->e->stop == CSIM_STOP_UNALIGNED) {
        return 0;
    }
    if (!m->e->host_io) {
        m->e->hooks.mem(m->e->hooks.user, addr, size, false);
    }
    return m->rd(m->user, addr, size);
}

static void mmio_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t value, void *user)
{
    (void)uc;
    mmio_ctx *m = user;
    uint32_t addr = m->base + (uint32_t)off;
    if (m->e->stop == CSIM_STOP_UNALIGNED) {
        return;
    }
    if (!m->e->host_io) {
        m->e->hooks.mem(m->e->hooks.user, addr, size, true);
    }
    m->wr(m->user, addr, size, (uint32_t)value);
}

/* Traced memory: little-endian, as the target. */
static uint64_t traced_read(uc_engine *uc, uint64_t off, unsigned size, void *user)
{
    (void)uc;
    mmio_ctx *m = user;
    if (m->e->stop == CSIM_STOP_UNALIGNED) { /* the pieces of a faulting access */
        return 0;
    }
    const uint8_t *p = m->mem + off; /* the access was reported by on_access */
    switch (size) { /* the usual sizes spelt out: compilers make each one load */
    case 1: return p[0];
    case 2: return (uint64_t)p[0] | (uint64_t)p[1] << 8;
    case 4: return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24;
    default: {
        uint64_t v = 0;
        for (unsigned i = size; i-- > 0;) {
            v = v << 8 | p[i];
        }
        return v;
    }
    }
}

static void traced_write(uc_engine *uc, uint64_t off, unsigned size, uint64_t value, void *user)
{
    (void)uc;
    mmio_ctx *m = user;
    if (m->e->stop == CSIM_STOP_UNALIGNED) {
        return;
    }
    uint8_t *p = m->mem + off;
    switch (size) { /* as traced_read */
    case 1:
        p[0] = (uint8_t)value;
        break;
    case 2:
        p[0] = (uint8_t)value;
        p[1] = (uint8_t)(value >> 8);
        break;
    case 4:
        p[0] = (uint8_t)value;
        p[1] = (uint8_t)(value >> 8);
        p[2] = (uint8_t)(value >> 16);
        p[3] = (uint8_t)(value >> 24);
        break;
    default:
        for (unsigned i = 0; i < size; i++, value >>= 8) {
            p[i] = (uint8_t)value;
        }
    }
}

csim_err csim_emu_map_traced(csim_emu *e, uint32_t base, uint32_t size, csim_diag *diag)
{
    if (plain_sram_faster() && e->n_nx < sizeof(e->nx) / sizeof(e->nx[0])) {
        csim_err err = map_plain(e, base, size, true, false, diag);
        if (!err) {
            e->nx[e->n_nx].base = base;
            e->nx[e->n_nx++].size = size;
        }
        return err;
    }
    mmio_ctx *m = calloc(1, sizeof(*m));
    uint8_t *mem = calloc(size ? size : 1, 1);
    if (!m || !mem || !add_reported(e, base, size, true)) {
        free(m);
        free(mem);
        return csim_fail(diag, CSIM_ERR_NOMEM, "out of memory");
    }
    *m = (mmio_ctx){e, NULL, NULL, NULL, base, size, mem, e->mmio};
    e->mmio = m;
    uc_err err = uc_mmio_map(e->uc, base, size, traced_read, m, traced_write, m);
    if (err) {
        return csim_fail(diag, CSIM_ERR_MODEL, "memory region 0x%08x+0x%x: %s (regions must be 4 KiB aligned "
                         "and must not overlap)", base, size, uc_strerror(err));
    }
    return CSIM_OK;
}

csim_err csim_emu_map_mmio(csim_emu *e, uint32_t base, uint32_t size, csim_mmio_read_fn rd,
                           csim_mmio_write_fn wr, void *user, csim_diag *diag)
{
    mmio_ctx *m = calloc(1, sizeof(*m));
    if (!m) {
        return csim_fail(diag, CSIM_ERR_NOMEM, "out of memory");
    }
    *m = (mmio_ctx){e, rd, wr, user, base, size, NULL, e->mmio};
    e->mmio = m;
    uc_err err = uc_mmio_map(e->uc, base, size, mmio_read, m, mmio_write, m);
    if (err) {
        return csim_fail(diag, CSIM_ERR_MODEL, "peripheral region 0x%08x+0x%x: %s", base, size,
                         uc_strerror(err));
    }
    return CSIM_OK;
}

/* Host access to target memory (not a firmware access: not reported), piece by
 * piece: traced memory is ours, the rest Unicorn's. */
static csim_err host_access(csim_emu *e, uint32_t addr, uint8_t *data, uint32_t len, bool write)
{
    while (len) {
        mmio_ctx *m = traced_at(e, addr);
        uint32_t n = len;
        if (m) {
            n = m->size - (addr - m->base) < len ? m->size - (addr - m->base) : len;
            if (write) {
                memcpy(m->mem + (addr - m->base), data, n);
            } else {
                memcpy(data, m->mem + (addr - m->base), n);
            }
        } else {
            for (mmio_ctx *t = e->mmio; t; t = t->next) { /* stop short of traced memory */
                if (t->mem && t->base > addr && t->base - addr < n) {
                    n = t->base - addr;
                }
            }
            e->host_io = true;
            uc_err err = write ? uc_mem_write(e->uc, addr, data, n) : uc_mem_read(e->uc, addr, data, n);
            e->host_io = false;
            if (err) {
                return CSIM_ERR_FAULT;
            }
        }
        addr += n;
        data += n;
        len -= n;
    }
    return CSIM_OK;
}

csim_err csim_emu_write(csim_emu *e, uint32_t addr, const void *data, uint32_t len)
{
    return host_access(e, addr, (uint8_t *)(uintptr_t)data, len, true);
}

csim_err csim_emu_read(csim_emu *e, uint32_t addr, void *data, uint32_t len)
{
    return host_access(e, addr, data, len, false);
}

static int uc_reg_id(int reg)
{
    static const int map[CSIM_REG_COUNT] = {
        UC_ARM_REG_R0, UC_ARM_REG_R1, UC_ARM_REG_R2, UC_ARM_REG_R3, UC_ARM_REG_R4, UC_ARM_REG_R5,
        UC_ARM_REG_R6, UC_ARM_REG_R7, UC_ARM_REG_R8, UC_ARM_REG_R9, UC_ARM_REG_R10, UC_ARM_REG_R11,
        UC_ARM_REG_R12, UC_ARM_REG_SP, UC_ARM_REG_LR, UC_ARM_REG_PC, UC_ARM_REG_XPSR,
        UC_ARM_REG_PRIMASK, UC_ARM_REG_CONTROL, UC_ARM_REG_BASEPRI,
    };
    return map[reg];
}

uint32_t csim_emu_reg(csim_emu *e, int reg)
{
    uint32_t v = 0;
    uc_reg_read(e->uc, uc_reg_id(reg), &v);
    return v;
}

void csim_emu_fp_regs(csim_emu *e, uint32_t out[33])
{
    memset(out, 0, 33 * sizeof(*out));
    for (int i = 0; e->cpu->fp_regs && i < 32; i++) {
        uc_reg_read(e->uc, UC_ARM_REG_S0 + i, &out[i]);
    }
    if (e->cpu->fp_regs) {
        uc_reg_read(e->uc, UC_ARM_REG_FPSCR, &out[32]);
    }
}

void csim_emu_set_fp_regs(csim_emu *e, const uint32_t *in, unsigned n)
{
    for (unsigned i = 0; e->cpu->fp_regs && i < n; i++) {
        uc_reg_write(e->uc, UC_ARM_REG_S0 + (int)i, &in[i]);
    }
    if (e->cpu->fp_regs) {
        uc_reg_write(e->uc, UC_ARM_REG_FPSCR, &in[n]);
    }
}

void csim_emu_set_reg(csim_emu *e, int reg, uint32_t v)
{
    uc_reg_write(e->uc, uc_reg_id(reg), &v);
}

/* Unicorn 2.0.x looks up the mapping of every access that takes its slow
 * path (all of them while a memory hook exists) with memory_mapping(): a
 * check of the lowest mapping, then a binary search of the sorted mappings
 * whose first probe is the middle one (uc.c, bsearch_mapped_blocks).  The
 * lowest mapping is the flash, which holds the literal pools; the traced
 * SRAM, which takes most accesses, sits under the peripheral pages above it,
 * a few probes deep.  Mapping the last pages of the flash one by one (the
 * same memory, permissions and contents) moves the SRAM to the middle.
 * Unicorn 2.1 looks mappings up through QEMU's address space instead. */
static void balance_lookup(csim_emu *e)
{
    e->lookup_balanced = true;
    const mmio_ctx *hot = NULL;
    for (const mmio_ctx *m = e->mmio; m; m = m->next) {
        if (m->mem && (!hot || m->size > hot->size)) {
            hot = m;
        }
    }
    uc_mem_region *reg = NULL;
    uint32_t n = 0;
    if (!hot || plain_sram_faster() || uc_mem_regions(e->uc, &reg, &n) != UC_ERR_OK) {
        return;
    }
    uint32_t below = 0, flash = n;
    for (uint32_t i = 0; i < n && reg[i].begin < hot->base; i++, below++) {
        if (reg[i].perms == (UC_PROT_READ | UC_PROT_EXEC) &&
            (flash == n || reg[i].end - reg[i].begin > reg[flash].end - reg[flash].begin)) {
            flash = i;
        }
    }
    /* The fewest pages that make below + extra == (n + extra) / 2. */
    const uint32_t extra = n > 2 * below ? n - 2 * below - 1 : 0;
    const uint64_t len = (uint64_t)extra * e->page_size, end = flash < n ? reg[flash].end + 1 : 0;
    uint8_t *tail = flash < n && extra && len < end - reg[flash].begin ? malloc(len) : NULL;
    if (tail && uc_mem_read(e->uc, end - len, tail, len) == UC_ERR_OK && uc_mem_unmap(e->uc, end - len, len) == UC_ERR_OK) {
        for (uint64_t a = end - len; a < end; a += e->page_size) {
            if (uc_mem_map(e->uc, a, e->page_size, reg[flash].perms) != UC_ERR_OK) { /* back to one piece */
                uc_mem_unmap(e->uc, end - len, a - (end - len));
                uc_mem_map(e->uc, end - len, len, reg[flash].perms);
                break;
            }
        }
        uc_mem_write(e->uc, end - len, tail, len);
    }
    free(tail);
    uc_free(reg);
}

csim_err csim_emu_run(csim_emu *e, uint32_t pc, uint32_t until, csim_diag *diag)
{
    if (!e->lookup_balanced) {
        balance_lookup(e);
    }
    e->stop = CSIM_STOP_NONE;
    e->split_left = 0; /* a split a fault ended */
    uc_err err = uc_emu_start(e->uc, pc | 1u, until, 0, 0);
    if (e->stop == CSIM_STOP_UNALIGNED || e->stop == CSIM_STOP_DIVBYZERO || e->stop == CSIM_STOP_NOCP) {
        if (e->stop == CSIM_STOP_UNALIGNED && e->undo_len) {
            uc_mem_write(e->uc, e->undo_addr, e->undo, e->undo_len);
        }
        return csim_fail(diag, CSIM_ERR_FAULT, "%s", e->stop == CSIM_STOP_UNALIGNED   ? "unaligned access"
                                                     : e->stop == CSIM_STOP_DIVBYZERO ? "division by zero"
                                                                                      : "FPU disabled");
    }
    if (err == UC_ERR_OK) {
        return CSIM_OK;
    }
    if (e->stop != CSIM_STOP_NONE) {
        return csim_fail(diag, CSIM_ERR_FAULT, "%s", uc_strerror(err));
    }
    e->stop = err == UC_ERR_INSN_INVALID ? CSIM_STOP_UNDEFINED : CSIM_STOP_EMU_ERROR;
    e->stop_addr = csim_emu_reg(e, CSIM_PC);
    return csim_fail(diag, CSIM_ERR_FAULT, "%s", uc_strerror(err));
}

void csim_emu_set_align_trap(csim_emu *e, bool on)
{
    e->align_trap = e->cpu->aligned_only || on;
}

csim_err csim_emu_watch(csim_emu *e, uint32_t addr)
{
    uc_hook h;
    if (!e->hooks.watched) {
        return CSIM_ERR_INTERNAL;
    }
    if (uc_hook_add(e->uc, &h, UC_HOOK_CODE, (void *)on_watch, e, addr, addr) != UC_ERR_OK) {
        return CSIM_ERR_NOMEM;
    }
    /* Code already translated runs without the hook until retranslated. */
    uc_ctl_remove_cache(e->uc, addr, addr + 4);
    return CSIM_OK;
}

void csim_emu_stop(csim_emu *e)
{
    uc_emu_stop(e->uc);
}

csim_stop csim_emu_stop_reason(const csim_emu *e, uint32_t *addr)
{
    *addr = e->stop_addr;
    return e->stop;
}

void csim_emu_version(char *buf, size_t size)
{
    /* Unicorn 2 returns major << 24 | minor << 16 | patch << 8 | extra. */
    const unsigned v = uc_version(NULL, NULL);
    snprintf(buf, size, "%u.%u.%u", v >> 24, (v >> 16) & 0xffu, (v >> 8) & 0xffu);
}
