/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * footprint.c - the code, constant, data and stack bytes a case touches (docs/footprint.md).
 */
#include "engine/sim_internal.h"

static bool touched(const sim *s, uint32_t addr, uint32_t size)
{
    for (unsigned i = 0; i < s->fp.n_spans; i++) {
        const span *p = &s->fp.spans[i];
        uint32_t off = addr - p->lo;
        if (off >= p->len) {
            continue;
        }
        uint32_t end = size < p->len - off ? off + size : p->len;
        while (off < end) {
            if ((off & 7) == 0 && end - off >= 8) {
                if (p->bits[off >> 3]) {
                    return true;
                }
                off += 8;
            } else if (p->bits[off >> 3] >> (off & 7) & 1) {
                return true;
            } else {
                off++;
            }
        }
        return false;
    }
    return false;
}

/* One span per memory of the model over the ELF sections it holds. */
csim_err fp_make_spans(sim *s)
{
    const csim_model *m = s->model;
    uint32_t lo[1 + CSIM_MAX_REGIONS], hi[1 + CSIM_MAX_REGIONS];
    uint32_t base[1 + CSIM_MAX_REGIONS], size[1 + CSIM_MAX_REGIONS];
    unsigned n = 1 + m->n_sram;
    base[0] = m->flash.flash_base;
    size[0] = m->flash.flash_size;
    for (unsigned i = 0; i < m->n_sram; i++) {
        base[1 + i] = m->sram[i].base;
        size[1 + i] = m->sram[i].size;
    }
    for (unsigned i = 0; i < n; i++) {
        lo[i] = UINT32_MAX;
        hi[i] = 0;
    }
    for (size_t k = 0; k < s->elf->n_secs; k++) {
        const csim_section *c = &s->elf->secs[k];
        for (unsigned i = 0; c->alloc && c->size && i < n; i++) {
            if (c->addr - base[i] < size[i]) {
                uint32_t end = c->addr - base[i] + c->size > size[i] ? base[i] + size[i] : c->addr + c->size;
                lo[i] = c->addr < lo[i] ? c->addr : lo[i];
                hi[i] = end > hi[i] ? end : hi[i];
            }
        }
    }
    for (unsigned i = 0; i < n && s->fp.n_spans < MAX_SPANS; i++) {
        if (lo[i] < hi[i]) {
            span *p = &s->fp.spans[s->fp.n_spans++];
            p->lo = lo[i];
            p->len = hi[i] - lo[i];
            if (!(p->bits = calloc((p->len + 7) / 8, 1))) {
                return csim_fail(s->diag, CSIM_ERR_NOMEM, "out of memory");
            }
        }
    }
    if (!(s->fp.sym_seen = calloc(s->elf->n_syms + 1, 1))) {
        return csim_fail(s->diag, CSIM_ERR_NOMEM, "out of memory");
    }
    return CSIM_OK;
}

/* The lowest address of the stack: __stack_limit, else the end of the
 * highest ELF section below sp in its SRAM, else that SRAM's base. */
static uint32_t stack_floor(const sim *s, uint32_t sp)
{
    const csim_symbol *lim = csim_elf_find(s->elf, "__stack_limit");
    if (lim && lim->addr <= sp) {
        return lim->addr;
    }
    uint32_t floor = sp;
    for (unsigned i = 0; i < s->model->n_sram; i++) {
        if (sp - s->model->sram[i].base <= s->model->sram[i].size) {
            floor = s->model->sram[i].base;
        }
    }
    for (size_t k = 0; k < s->elf->n_secs; k++) {
        const csim_section *c = &s->elf->secs[k];
        uint32_t end = c->addr + c->size;
        if (c->alloc && c->size && c->addr >= floor && end <= sp && end > floor) {
            floor = end;
        }
    }
    return floor;
}

/* A region (or --call) starts at pc: the footprint counts from here. */
void fp_track_begin(sim *s, uint32_t pc, bool called)
{
    uint32_t sp = csim_emu_reg(s->emu, CSIM_SP);
    s->fp.stk_sp = s->fp.stk_min = sp;
    s->fp.stk_lo = stack_floor(s, sp);
    for (unsigned i = 0; i < s->fp.n_spans; i++) {
        memset(s->fp.spans[i].bits, 0, (s->fp.spans[i].len + 7) / 8);
    }
    s->fp.epoch++;
    s->fp.n_blocks = 0;
    uint32_t off;
    const csim_symbol *f = called ? NULL : csim_elf_locate(s->elf, pc, &off);
    s->fp.region_fn = f ? f->addr : UINT32_MAX;
}

/* A block runs in the region: its function's code counts (fp_measure). */
static void fp_note_block(sim *s, block *b)
{
    if (b->fp_epoch == s->fp.epoch) {
        return;
    }
    if (s->fp.n_blocks == s->fp.cap_blocks) {
        size_t cap = s->fp.cap_blocks ? 2 * s->fp.cap_blocks : 256;
        block **n = realloc(s->fp.blocks, cap * sizeof(*n));
        if (!n) {
            return;
        }
        s->fp.blocks = n;
        s->fp.cap_blocks = cap;
    }
    b->fp_epoch = s->fp.epoch;
    s->fp.blocks[s->fp.n_blocks++] = b;
}

const block_observer fp_observer = {OBS_FOOTPRINT, NULL, fp_note_block};

void fp_free(footprint *f)
{
    for (unsigned i = 0; i < f->n_spans; i++) {
        free(f->spans[i].bits);
    }
    free(f->blocks);
    free(f->sym_seen);
}

/* The runner's own code and data, which the region runs but the case does not use. */
static bool runner_symbol(const sim *s, const csim_symbol *sym)
{
    static const char *const names[] = {"bench_region_begin", "bench_region_end", "bench_case_done",
                                        "bench_note_workbuf", "bench_workbuf_bytes"};
    if (sym->addr == s->fp.region_fn) {
        return true;
    }
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        if (strcmp(sym->name, names[i]) == 0) {
            return true;
        }
    }
    return false;
}

static bool in_range(uint32_t a, uint32_t lo, uint32_t hi) { return a >= lo && a < hi; }

static const csim_section *section_of(const csim_elf *e, uint32_t addr)
{
    for (size_t i = 0; i < e->n_secs; i++) {
        const csim_section *c = &e->secs[i];
        if (c->alloc && addr - c->addr < c->size) {
            return c;
        }
    }
    return NULL;
}

void fp_measure(sim *s, csim_case_result *c)
{
    const csim_elf *e = s->elf;
    c->stack_bytes = s->fp.stk_sp - s->fp.stk_min;
    c->code_bytes = c->const_bytes = c->data_bytes = 0;
    memset(s->fp.sym_seen, 0, e->n_syms);
    for (size_t i = 0; i < s->fp.n_blocks; i++) {
        uint32_t off;
        const csim_symbol *f = csim_elf_locate(e, s->fp.blocks[i]->code.addr, &off);
        if (f && !s->fp.sym_seen[f - e->syms]) {
            s->fp.sym_seen[f - e->syms] = 1;
            c->code_bytes += runner_symbol(s, f) ? 0 : f->size;
        }
    }
    uint32_t last = UINT32_MAX;
    for (size_t i = 0; i < e->n_syms; i++) {
        const csim_symbol *o = &e->syms[i];
        if (o->type != CSIM_SYM_OBJECT || !o->size || o->addr == last ||
            in_range(o->addr, s->abi.cases_lo, s->abi.cases_hi) || in_range(o->addr, s->fp.io_lo, s->fp.io_hi) ||
            in_range(o->addr, s->fp.ioc_lo, s->fp.ioc_hi) || !touched(s, o->addr, o->size) || runner_symbol(s, o)) {
            continue;
        }
        const csim_section *sec = section_of(e, o->addr);
        if (!sec) {
            continue;
        }
        last = o->addr; /* aliases of one object count once */
        if (sec->write) {
            c->data_bytes += o->size;
        } else {
            c->const_bytes += o->size;
        }
    }
}
