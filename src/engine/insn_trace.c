/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * insn_trace.c - per-instruction statistics of a measured region
 * (insn_trace.h).  Each instruction gets what the core's clock and
 * breakdown advanced since the previous one, so exception entry priced
 * between two instructions lands on the next.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/insn_trace.h"

#define FNV64_OFFSET 0xcbf29ce484222325ull
#define FNV64_PRIME 0x100000001b3ull

struct insn_trace {
    const csim_core *core;
    const csim_memsys *flash;
    csim_insn_stat *stats;
    size_t n, cap;
    uint32_t *slots; /* index + 1 into stats, 0: empty; open addressing by address */
    size_t n_slots;
    csim_breakdown snap;
    csim_ms_stats ms_snap;
    uint64_t t;
    bool oom;
};

insn_trace *itrace_new(const csim_core *core, const csim_memsys *flash)
{
    insn_trace *t = calloc(1, sizeof(*t));
    if (t) {
        t->core = core;
        t->flash = flash;
    }
    return t;
}

void itrace_free(insn_trace *t)
{
    if (t) {
        free(t->stats);
        free(t->slots);
        free(t);
    }
}

void itrace_begin(insn_trace *t)
{
    t->n = 0;
    if (t->slots) {
        memset(t->slots, 0, t->n_slots * sizeof(*t->slots));
    }
    t->snap = t->core->bd;
    t->ms_snap = *csim_memsys_stats(t->flash);
    t->t = csim_core_now(t->core);
    t->oom = false;
}

static size_t slot_of(uint32_t addr, size_t n_slots) { return (size_t)((addr >> 1) * 0x9E3779B1u) & (n_slots - 1); }

static bool rehash(insn_trace *t, size_t n_slots)
{
    uint32_t *s = calloc(n_slots, sizeof(*s));
    if (!s) {
        return false;
    }
    for (size_t i = 0; i < t->n; i++) {
        size_t j = slot_of(t->stats[i].addr, n_slots);
        while (s[j]) {
            j = (j + 1) & (n_slots - 1);
        }
        s[j] = (uint32_t)i + 1;
    }
    free(t->slots);
    t->slots = s;
    t->n_slots = n_slots;
    return true;
}

static csim_insn_stat *stat_of(insn_trace *t, const csim_insn *in)
{
    if (!t->n_slots && !rehash(t, 1024)) {
        return NULL;
    }
    size_t j = slot_of(in->addr, t->n_slots);
    for (; t->slots[j]; j = (j + 1) & (t->n_slots - 1)) {
        if (t->stats[t->slots[j] - 1].addr == in->addr) {
            return &t->stats[t->slots[j] - 1];
        }
    }
    if (t->n == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 512;
        csim_insn_stat *a = realloc(t->stats, cap * sizeof(*a));
        if (!a) {
            return NULL;
        }
        t->stats = a;
        t->cap = cap;
    }
    csim_insn_stat *st = &t->stats[t->n++];
    memset(st, 0, sizeof(*st));
    st->addr = in->addr;
    st->id = in->id;
    st->data_hash = FNV64_OFFSET;
    t->slots[j] = (uint32_t)t->n;
    if (2 * t->n > t->n_slots && !rehash(t, 2 * t->n_slots)) {
        return NULL;
    }
    return &t->stats[t->n - 1];
}

void itrace_insn(void *ctx, const csim_insn *in, const csim_mem_event *ev, unsigned n_ev)
{
    insn_trace *t = ctx;
    csim_insn_stat *st = t->oom ? NULL : stat_of(t, in);
    if (!st) {
        t->oom = true;
        return;
    }
    const csim_breakdown *bd = &t->core->bd;
    const uint64_t now = csim_core_now(t->core);
    st->count++;
    st->cycles += now - t->t;
    /* cycles: the core's clock, which bd.cycles does not follow */
#define ADD(f, label, event, bucket) st->bd[CSIM_BD_##f] += CSIM_BD_##f == CSIM_BD_cycles ? now - t->t : bd->f - t->snap.f;
    CSIM_BREAKDOWN_FIELDS(ADD)
#undef ADD
    const csim_ms_stats *ms = csim_memsys_stats(t->flash);
#define ADD_MS(f, reported) st->ms.f += ms->f - t->ms_snap.f;
    CSIM_MS_STATS_FIELDS(ADD_MS)
#undef ADD_MS
    t->ms_snap = *ms;
    for (unsigned i = 0; i < n_ev; i++) {
        st->data_hash = (st->data_hash ^ ev[i].addr) * FNV64_PRIME;
    }
    st->n_data += n_ev;
    t->snap = *bd;
    t->t = now;
}

static int by_addr(const void *a, const void *b)
{
    const csim_insn_stat *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

csim_insn_trace *itrace_end(insn_trace *t)
{
    csim_insn_trace *r = t->oom ? NULL : calloc(1, sizeof(*r));
    if (r && !(r->insns = malloc((t->n ? t->n : 1) * sizeof(*r->insns)))) {
        free(r);
        r = NULL;
    }
    if (r) {
        memcpy(r->insns, t->stats, t->n * sizeof(*r->insns));
        r->n = t->n;
        qsort(r->insns, r->n, sizeof(*r->insns), by_addr);
    }
    return r;
}

void csim_insn_trace_free(csim_insn_trace *t)
{
    if (t) {
        free(t->insns);
        free(t);
    }
}
