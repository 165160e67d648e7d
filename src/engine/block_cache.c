/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * block_cache.c - the decoded blocks of a run: each executed block is
 * decoded once per address and kept, with the pricings the timing module
 * keeps of it (src/timing).
 */
#include "engine/sim_internal.h"

bool elf_has_code(const csim_elf *e, uint32_t base, uint32_t size)
{
    for (size_t k = 0; k < e->n_secs; k++) {
        const csim_section *c = &e->secs[k];
        if (c->alloc && c->exec && c->size && (c->addr - base < size || base - c->addr < c->size)) {
            return true;
        }
    }
    return false;
}

/* What an instruction needs that architecture `a` lacks ("an FP
 * instruction"), or NULL: the emulator runs such code on any core. */
static const char *not_implemented(csim_arch a, const csim_insn *in)
{
    if (in->iclass >= CSIM_IC_COUNT) {
        return "an instruction no timing class lists (an A-profile, Advanced SIMD or coprocessor instruction)";
    }
    if (csim_iclass_is_fp(in->iclass) && !csim_arch_has(a, CSIM_AF_FPU)) {
        return "an FP instruction (no FPU)";
    }
    const bool v6m_wide = in->iclass == CSIM_IC_BL || in->iclass == CSIM_IC_SYS || in->iclass == CSIM_IC_BARRIER ||
                          in->iclass == CSIM_IC_TRAP;
    if ((in->flags & CSIM_IF_WIDE) && !v6m_wide && !csim_arch_has(a, CSIM_AF_THUMB2)) {
        return "a 32-bit Thumb-2 instruction";
    }
    return NULL;
}

block *sim_find_block(sim *s, uint32_t addr, uint32_t size)
{
    unsigned h = (addr >> 1) & (BLOCK_SLOTS - 1);
    for (block *b = s->cache.slots[h]; b; b = b->next) {
        if (b->code.addr == addr && b->size == size) {
            return b;
        }
    }
    for (unsigned i = 0; i < s->model->n_sram; i++) {
        /* SRAM the ELF has no code in holds no instructions: running it
         * would run zeros (ARMv6-M SRAM is traced and cannot run at all). */
        if (addr - s->model->sram[i].base < s->model->sram[i].size && !elf_has_code(s->elf, addr, size)) {
            snprintf(s->fault, sizeof(s->fault), "code in SRAM, where the ELF has no executable section");
            return NULL;
        }
    }
    uint8_t code[MAX_BLOCK_INSNS * 4];
    uint32_t len = size < sizeof(code) ? size : sizeof(code);
    block *b = calloc(1, sizeof(*b));
    csim_insn *tmp = malloc(sizeof(*tmp) * MAX_BLOCK_INSNS);
    if (!b || !tmp || csim_emu_read(s->emu, addr, code, len)) {
        free(b);
        free(tmp);
        return NULL;
    }
    int n = csim_disasm_decode(s->dis, code, len, addr, tmp, MAX_BLOCK_INSNS);
    csim_core_decoded(tmp, n);
    uint32_t decoded = 0;
    for (int i = 0; i < n; i++) {
        decoded += tmp[i].size;
    }
    if (len != size || decoded != size) {
        /* Every executed instruction must be priced: refuse a partial decode. */
        free(b);
        free(tmp);
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        const char *lacks = not_implemented(s->model->arch, &tmp[i]);
        if (lacks) {
            /* Silicon takes it as undefined; the image was built for another
             * MCU: refused as a wrong architecture, not priced. */
            snprintf(s->fault, sizeof(s->fault), "%s is %s, which a %s (%s) cannot run",
                     csim_disasm_name(s->dis, tmp[i].id), lacks, s->model->name,
                     csim_arch_of(s->model->arch)->title);
            s->refused_pc = tmp[i].addr;
            free(b);
            free(tmp);
            return NULL;
        }
    }
    b->code.addr = addr;
    b->size = size;
    b->code.n = n > 0 ? (unsigned)n : 0;
    b->code.insns = tmp;
    for (unsigned i = 0; i < b->code.n; i++) {
        b->has_wfi |= tmp[i].iclass == CSIM_IC_WFI;
        b->has_fp |= csim_iclass_is_fp(tmp[i].iclass);
        b->has_assumed |= (s->core.desc->assumed >> tmp[i].iclass) & 1u;
    }
    b->next = s->cache.slots[h];
    s->cache.slots[h] = b;
    return b;
}

void block_cache_free(block_cache *c)
{
    for (unsigned i = 0; i < BLOCK_SLOTS; i++) {
        for (block *b = c->slots[i], *n; b; b = n) {
            n = b->next;
            csim_tm_block_release(&b->code);
            free(b->code.insns);
            free(b);
        }
    }
}
