/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * setup.c - one run's set-up: memory map, image, peripherals, hooks.
 */
#include "engine/sim_internal.h"

#include <string.h>

static bool inside(const csim_model *m, uint32_t a, uint32_t len, bool *in_flash)
{
    uint64_t end = (uint64_t)a + len;
    const csim_ms_cfg *f = &m->flash;
    *in_flash = false;
    if (a >= f->flash_base && end <= (uint64_t)f->flash_base + f->flash_size) {
        *in_flash = true;
        return true;
    }
    for (unsigned i = 0; i < m->n_sram; i++) {
        if (a >= m->sram[i].base && end <= (uint64_t)m->sram[i].base + m->sram[i].size) {
            return true;
        }
    }
    return m->xmem.size && a >= m->xmem.base && end <= (uint64_t)m->xmem.base + m->xmem.size;
}

/* The first word the image loads at `addr`, or 0 when no segment holds it. */
static uint32_t image_word(const csim_elf *e, uint32_t addr)
{
    for (size_t i = 0; i < e->n_segs; i++) {
        const csim_segment *g = &e->segs[i];
        if (addr >= g->paddr && (uint64_t)addr + 4 <= (uint64_t)g->paddr + g->filesz) {
            uint32_t w;
            memcpy(&w, g->data + (addr - g->paddr), sizeof(w));
            return w;
        }
    }
    return 0;
}

csim_err csim_image_fits(const csim_elf *e, const csim_model *m, csim_diag *d)
{
    for (size_t i = 0; i < e->n_segs; i++) {
        const csim_segment *g = &e->segs[i];
        bool fl;
        uint32_t a = g->vaddr, n = g->memsz;
        if (g->filesz && !inside(m, g->paddr, g->filesz, &fl)) {
            a = g->paddr, n = g->filesz;
        } else if (inside(m, g->vaddr, g->memsz, &fl)) {
            continue;
        }
        return csim_fail(d, CSIM_ERR_ELF, "%s: segment %zu (0x%08x, %u bytes) is outside the memory map of %s",
                         e->path, i, a, n, m->name);
    }
    /* The initial stack pointer, when the flash base holds a vector table: a
     * first word in the SRAM region of the architecture's memory map
     * (0x2000_0000-0x3FFF_FFFF) and a Thumb reset vector into the flash (code
     * there under --call is not one).  The first push writes below it. */
    const uint32_t sp = image_word(e, m->flash.flash_base), reset = image_word(e, m->flash.flash_base + 4);
    bool fl;
    const bool vectors = sp >= 0x20000000u && sp < 0x40000000u && (reset & 1u) && inside(m, reset & ~1u, 2, &fl) && fl;
    if (vectors && !inside(m, sp - 4, 4, &fl)) {
        return csim_fail(d, CSIM_ERR_ELF, "%s: initial stack pointer 0x%08x is outside the SRAM of %s", e->path, sp,
                         m->name);
    }
    return CSIM_OK;
}

static csim_err load_image(sim *s)
{
    const csim_elf *e = s->elf;
    csim_err err = csim_image_fits(e, s->model, s->diag);
    if (err) {
        return err;
    }
    for (size_t i = 0; i < e->n_segs; i++) {
        const csim_segment *g = &e->segs[i];
        if (g->filesz) {
            csim_emu_write(s->emu, g->paddr, g->data, g->filesz);
            if (g->vaddr != g->paddr) { /* initialised data: as the start-up code copies it */
                csim_emu_write(s->emu, g->vaddr, g->data, g->filesz);
            }
        }
    }
    return CSIM_OK;
}

/* Instructions whose faults the emulator misses, checked before they run
 * (exc_watch_checked): divides (CCR.DIV_0_TRP), exclusive accesses (always
 * aligned) and FP instructions (NOCP while CPACR disables the FPU). */
static bool checks_insns(csim_arch a)
{
    return csim_arch_has(a, CSIM_AF_HW_DIVIDE) || csim_arch_has(a, CSIM_AF_EXCLUSIVES) || csim_arch_has(a, CSIM_AF_FPU);
}

csim_err sim_setup(sim *s, csim_periph_env env, csim_emu_hooks hooks)
{
    const csim_model *m = s->model;
    csim_diag *d = s->diag;
    if (!csim_arch_runs(m->arch, s->elf->arch, 0)) {
        return csim_fail(d, CSIM_ERR_ELF, "%s: built for %s, which a %s (%s) cannot run", s->elf->path,
                         s->elf->arch_name, m->name, csim_arch_of(m->arch)->title);
    }
    if (!csim_arch_runs(m->arch, s->elf->arch, s->elf->fp_arch_name != NULL)) {
        return csim_fail(d, CSIM_ERR_ELF, "%s: built for an FPU (Tag_FP_arch %s), which a %s (%s) does not have",
                         s->elf->path, s->elf->fp_arch_name, m->name, csim_arch_of(m->arch)->title);
    }
    const char *why = csim_memsys_cfg_problem(&m->flash);
    if (why) {
        return csim_fail(d, CSIM_ERR_MODEL, "%s: %s", m->name, why);
    }
    if ((why = csim_periph_unknown(m))) {
        return csim_fail(d, CSIM_ERR_MODEL, "%s: periph.modules: no peripheral module \"%s\" (docs/model-keys.md)",
                         m->name, why);
    }
    if (m->xmem.size && (why = csim_xmem_cfg_problem(&m->xmem))) {
        return csim_fail(d, CSIM_ERR_MODEL, "%s: %s", m->name, why);
    }
    s->flash = csim_memsys_new(&m->flash);
    s->dis = csim_disasm_new();
    s->xmem = m->xmem.size ? csim_xmem_new(&m->xmem) : NULL;
    if (!s->flash || !s->dis || (m->xmem.size && !s->xmem)) {
        return csim_fail(d, CSIM_ERR_MODEL, "%s: flash interface, external memory or decoder could not be created",
                         m->name);
    }
    s->flash_cfg = csim_memsys_config(s->flash);
    csim_core_init(&s->core, &m->core, s->flash);
    s->core.xmem = s->xmem;
    /* A replayed pricing skips the per-instruction hook that --trace needs. */
    csim_pricer_init(&s->pricer, &s->core, s->flash, !s->opts->no_reuse && !s->opts->trace);
    env.ccr = sim_ccr;
    s->periph = csim_periph_new(m, &env);
    hooks.trap = sim_on_trap;
    if (!csim_arch_has(m->arch, CSIM_AF_UNALIGNED)) {
        hooks.misaligned = NULL;
    }
    if (checks_insns(m->arch)) {
        hooks.watched = sim_on_watched;
    }
    csim_err err = csim_emu_new(&s->emu, s->core.desc->emu_cpu, &hooks, d);
    if (err || !s->periph) {
        return err ? err : csim_fail(d, CSIM_ERR_NOMEM, "out of memory");
    }
    if ((err = csim_emu_map(s->emu, m->flash.flash_base, m->flash.flash_size, false, d))) {
        return err;
    }
    if (s->xmem && (err = csim_emu_map(s->emu, m->xmem.base, m->xmem.size, true, d))) {
        return err;
    }
    for (unsigned i = 0; i < m->n_sram; i++) {
        /* SRAM as traced memory (docs/performance.md), unless the ELF has
         * code there: code cannot run from it. */
        bool traced = !elf_has_code(s->elf, m->sram[i].base, m->sram[i].size);
        err = traced ? csim_emu_map_traced(s->emu, m->sram[i].base, m->sram[i].size, d)
                     : csim_emu_map(s->emu, m->sram[i].base, m->sram[i].size, true, d);
        if (err) {
            return err;
        }
    }
    uint32_t pb[64], ps[64];
    unsigned np = csim_periph_pages(s->periph, pb, ps, 64);
    for (unsigned i = 0; i < np; i++) {
        if ((err = csim_emu_map_mmio(s->emu, pb[i], ps[i], csim_periph_read, csim_periph_write, s->periph, d))) {
            return err;
        }
    }
    if ((err = csim_emu_map(s->emu, RETURN_STUB, 0x1000, false, d))) {
        return err;
    }
    static const uint16_t stub[2] = {0xE7FE, 0xE7FE}; /* b . */
    csim_emu_write(s->emu, RETURN_STUB, stub, sizeof(stub));
    if ((err = load_image(s)) || (err = fp_make_spans(s)) || (checks_insns(m->arch) && (err = exc_watch_checked(s)))) {
        return err;
    }
    if (s->opts->profile && !(s->prof = csim_prof_new(s->elf, s->opts->profile_lines))) {
        return csim_fail(d, CSIM_ERR_NOMEM, "out of memory");
    }
    if (s->opts->trace && !(s->trace = itrace_new(&s->core, s->flash))) {
        return csim_fail(d, CSIM_ERR_NOMEM, "out of memory");
    }
    return abi_setup(s);
}
