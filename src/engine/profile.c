/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * profile.c - cycles per function with a shadow call stack (profile.h,
 * docs/profile.md).
 *
 * Functions get run-wide ids (a symbol, or a code address without symbol);
 * per region the costs are accumulated by id, caller->callee edges and call
 * stacks (a trie of (parent stack, function)) by hash maps.  Inclusive cycles
 * are added when the outermost activation of a function (or edge) on the
 * shadow stack ends, so recursion does not count them twice.
 *
 * With lines on, each priced instruction adds the clock's and breakdown's
 * advance since the previous one (or the last flush) to (running function,
 * address); a flush adds what passed outside instructions to (function,
 * CSIM_NO_INSN), so a function's instructions sum to its self cost exactly.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/timing/pricing.h"
#include "engine/profile.h"

#define NONE UINT32_MAX
#define LOCATE_SLOTS 4096u
#define RET_FILTER 256u

typedef struct fn_info {
    uint32_t addr;
    const char *name; /* NULL: code without a function symbol, named by addr */
} fn_info;

typedef struct fn_acc {
    csim_breakdown self;
    uint64_t incl, calls;
    uint32_t active;   /* frames of this function on the stack */
    bool touched;
} fn_acc;

typedef struct edge {
    uint32_t caller, callee, site;
    uint64_t calls;
    csim_breakdown incl;
    uint32_t active;
} edge;

typedef struct node {
    uint32_t parent, fn;
    uint64_t cycles;
} node;

typedef struct line_acc {
    uint32_t fn, addr;
    uint64_t execs;
    csim_breakdown bd;
    csim_ms_stats ms;
} line_acc;

typedef struct frame {
    uint32_t fn, node, edge, ret;
    uint32_t sp;       /* SP at the call: a return restores it */
    csim_breakdown entry_bd; /* total_bd when pushed */
    bool tail;         /* entered by a jump: it replaced the frame below (same return address) */
    bool exc;          /* exception handler */
} frame;

/* Open addressing, 64-bit keys (stored + 1 so that 0 means empty). */
typedef struct map {
    uint64_t *keys;
    uint32_t *vals;
    size_t cap, n;
} map;

struct csim_prof {
    const csim_elf *elf;
    fn_info *fns;
    size_t n_fns, cap_fns;
    map fn_ids;
    fn_acc *acc;
    struct { uint32_t addr, fn; } locate[LOCATE_SLOTS]; /* addr + 1, 0: empty */
    edge *edges;
    size_t n_edges, cap_edges;
    map edge_ids;
    node *nodes;
    size_t n_nodes, cap_nodes;
    map node_ids;
    frame *frames;
    size_t depth, cap_frames;
    uint16_t ret_count[RET_FILTER]; /* return addresses on the stack, by hash: skips most searches */
    csim_breakdown snap, total_bd; /* total_bd: all flushed so far, cycles the profile clock */
    uint64_t t;
    bool lines;        /* csim_prof_insn is called */
    line_acc *lacc;
    size_t n_lacc, cap_lacc;
    map line_ids;
    csim_breakdown lsnap; /* the breakdown and clock at the last instruction or flush */
    uint64_t lt;
    /* the timeline: its window (csim_prof_trace), the instructions in it */
    const char *trace_fn;
    uint64_t trace_from, trace_to, t0; /* t0: the clock when the region began */
    size_t trace_depth;                /* trace_fn's frame while its first call runs, 0 before */
    bool trace_done, trace_capped;
    csim_ms_stats msnap;
    csim_trace_insn *trace;
    size_t n_trace, cap_trace;
    bool oom;
};

/* ---- small containers ------------------------------------------------- */

static bool grow(void **arr, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap) {
        return true;
    }
    size_t n = *cap ? *cap : 64;
    while (n < need) {
        n *= 2;
    }
    void *a = realloc(*arr, n * elem);
    if (!a) {
        return false;
    }
    *arr = a;
    *cap = n;
    return true;
}

static size_t slot_of(uint64_t key, size_t cap)
{
    key *= 0x9E3779B97F4A7C15ull;
    return (size_t)(key >> 32) & (cap - 1);
}

static bool map_rehash(map *m, size_t cap)
{
    uint64_t *k = calloc(cap, sizeof(*k));
    uint32_t *v = malloc(cap * sizeof(*v));
    if (!k || !v) {
        free(k);
        free(v);
        return false;
    }
    for (size_t i = 0; i < m->cap; i++) {
        if (m->keys[i]) {
            size_t j = slot_of(m->keys[i] - 1, cap);
            while (k[j]) {
                j = (j + 1) & (cap - 1);
            }
            k[j] = m->keys[i];
            v[j] = m->vals[i];
        }
    }
    free(m->keys);
    free(m->vals);
    m->keys = k;
    m->vals = v;
    m->cap = cap;
    return true;
}

/* The value of key, or NONE with *slot set for map_put. */
static uint32_t map_get(const map *m, uint64_t key, size_t *slot)
{
    size_t j = slot_of(key, m->cap);
    while (m->keys[j]) {
        if (m->keys[j] == key + 1) {
            return m->vals[j];
        }
        j = (j + 1) & (m->cap - 1);
    }
    *slot = j;
    return NONE;
}

static bool map_put(map *m, size_t slot, uint64_t key, uint32_t val)
{
    m->keys[slot] = key + 1;
    m->vals[slot] = val;
    if (++m->n * 2 > m->cap) {
        return map_rehash(m, m->cap * 2);
    }
    return true;
}

static void map_clear(map *m)
{
    memset(m->keys, 0, m->cap * sizeof(*m->keys));
    m->n = 0;
}

static void map_free(map *m)
{
    free(m->keys);
    free(m->vals);
}

/* ---- functions -------------------------------------------------------- */

static uint32_t fn_id(csim_prof *p, uint32_t addr, const char *name)
{
    uint64_t key = (uint64_t)(name == NULL) << 32 | addr;
    size_t slot = 0;
    uint32_t id = map_get(&p->fn_ids, key, &slot);
    if (id != NONE) {
        return id;
    }
    size_t cap = p->cap_fns;
    if (!grow((void **)&p->fns, &p->cap_fns, p->n_fns + 1, sizeof(*p->fns))) {
        p->oom = true;
        return 0;
    }
    if (cap != p->cap_fns) {
        fn_acc *acc = realloc(p->acc, p->cap_fns * sizeof(*acc));
        if (!acc) {
            p->oom = true;
            return 0;
        }
        p->acc = acc;
    }
    id = (uint32_t)p->n_fns++;
    p->fns[id] = (fn_info){addr, name};
    memset(&p->acc[id], 0, sizeof(p->acc[id]));
    if (!map_put(&p->fn_ids, slot, key, id)) {
        p->oom = true;
    }
    return id;
}

/* The function symbol containing addr, NONE for code without one. */
static uint32_t known_fn(csim_prof *p, uint32_t addr)
{
    unsigned h = (addr >> 1) & (LOCATE_SLOTS - 1);
    if (p->locate[h].addr == addr + 1) {
        return p->locate[h].fn;
    }
    uint32_t off;
    const csim_symbol *s = csim_elf_locate(p->elf, addr, &off);
    uint32_t id = s ? fn_id(p, s->addr, s->name) : NONE;
    p->locate[h].addr = addr + 1;
    p->locate[h].fn = id;
    return id;
}

static uint32_t any_fn(csim_prof *p, uint32_t addr)
{
    uint32_t id = known_fn(p, addr);
    return id != NONE ? id : fn_id(p, addr, NULL);
}

/* ---- the shadow stack ------------------------------------------------- */

static uint32_t node_child(csim_prof *p, uint32_t parent, uint32_t fn)
{
    uint64_t key = (uint64_t)(parent + 1u) << 32 | fn;
    size_t slot = 0;
    uint32_t id = map_get(&p->node_ids, key, &slot);
    if (id != NONE) {
        return id;
    }
    if (!grow((void **)&p->nodes, &p->cap_nodes, p->n_nodes + 1, sizeof(*p->nodes))) {
        p->oom = true;
        return 0;
    }
    id = (uint32_t)p->n_nodes++;
    p->nodes[id] = (node){parent, fn, 0};
    p->oom |= !map_put(&p->node_ids, slot, key, id);
    return id;
}

static uint32_t edge_of(csim_prof *p, uint32_t caller, uint32_t callee, uint32_t site)
{
    uint64_t key = (uint64_t)caller << 32 | callee;
    size_t slot = 0;
    uint32_t id = map_get(&p->edge_ids, key, &slot);
    if (id != NONE) {
        return id;
    }
    if (!grow((void **)&p->edges, &p->cap_edges, p->n_edges + 1, sizeof(*p->edges))) {
        p->oom = true;
        return 0;
    }
    id = (uint32_t)p->n_edges++;
    p->edges[id] = (edge){caller, callee, site, 0, {0}, 0};
    p->oom |= !map_put(&p->edge_ids, slot, key, id);
    return id;
}

/* site: the branch that entered fn (0: none). */
static void push(csim_prof *p, uint32_t fn, uint32_t site, uint32_t ret, uint32_t sp, bool tail, bool exc)
{
    if (p->oom || !grow((void **)&p->frames, &p->cap_frames, p->depth + 1, sizeof(*p->frames))) {
        p->oom = true;
        return;
    }
    frame *f = &p->frames[p->depth];
    const frame *up = p->depth ? &p->frames[p->depth - 1] : NULL;
    *f = (frame){fn, node_child(p, up ? up->node : NONE, fn), up ? edge_of(p, up->fn, fn, site) : NONE, ret, sp,
                 p->total_bd, tail, exc};
    if (p->oom) {
        return;
    }
    p->depth++;
    if (f->edge != NONE) {
        p->edges[f->edge].calls++;
        p->edges[f->edge].active++;
    }
    p->acc[fn].calls++;
    p->acc[fn].active++;
    p->acc[fn].touched = true;
    p->ret_count[(ret >> 1) & (RET_FILTER - 1)]++;
}

static void pop(csim_prof *p)
{
    const frame *f = &p->frames[--p->depth];
    uint64_t incl = p->total_bd.cycles - f->entry_bd.cycles;
    if (--p->acc[f->fn].active == 0) {
        p->acc[f->fn].incl += incl;
    }
    if (f->edge != NONE && --p->edges[f->edge].active == 0) {
        csim_breakdown *e = &p->edges[f->edge].incl;
#define INCL(fd, label, event, bucket) e->fd += p->total_bd.fd - f->entry_bd.fd;
        CSIM_BREAKDOWN_FIELDS(INCL)
#undef INCL
    }
    p->ret_count[(f->ret >> 1) & (RET_FILTER - 1)]--;
}

static void pop_to(csim_prof *p, size_t depth)
{
    while (p->depth > depth) {
        pop(p);
    }
}

/* ---- driver interface ------------------------------------------------- */

csim_prof *csim_prof_new(const csim_elf *elf, bool lines)
{
    csim_prof *p = calloc(1, sizeof(*p));
    if (!p) {
        return NULL;
    }
    p->elf = elf;
    p->lines = lines;
    if (!map_rehash(&p->fn_ids, 256) || !map_rehash(&p->edge_ids, 256) || !map_rehash(&p->node_ids, 256) ||
        !map_rehash(&p->line_ids, 256)) {
        csim_prof_free(p);
        return NULL;
    }
    return p;
}

void csim_prof_free(csim_prof *p)
{
    if (!p) {
        return;
    }
    map_free(&p->fn_ids);
    map_free(&p->edge_ids);
    map_free(&p->node_ids);
    map_free(&p->line_ids);
    free(p->lacc);
    free(p->trace);
    free(p->fns);
    free(p->acc);
    free(p->edges);
    free(p->nodes);
    free(p->frames);
    free(p);
}

void csim_prof_begin(csim_prof *p, uint32_t pc, bool called, const csim_breakdown *bd, uint64_t now)
{
    if (p->acc) { /* NULL until the first function is seen */
        memset(p->acc, 0, p->n_fns * sizeof(*p->acc));
    }
    p->n_edges = p->n_nodes = p->depth = p->n_lacc = 0;
    map_clear(&p->edge_ids);
    map_clear(&p->node_ids);
    map_clear(&p->line_ids);
    p->lsnap = *bd;
    p->lt = p->t0 = now;
    p->n_trace = p->trace_depth = 0;
    p->trace_done = p->trace_capped = false;
    memset(p->ret_count, 0, sizeof(p->ret_count));
    p->snap = *bd;
    p->t = now;
    memset(&p->total_bd, 0, sizeof(p->total_bd));
    push(p, any_fn(p, pc), 0, 0, 0, false, false);
    if (!called && !p->oom) {
        p->acc[p->frames[0].fn].calls = 0;
    }
}

/* Add the advance since the last instruction or flush to (top function,
 * addr): its record, NULL when nothing advanced or out of memory. */
static line_acc *line_add(csim_prof *p, uint32_t addr, bool insn, const csim_breakdown *bd, uint64_t now)
{
    if (!insn && now == p->lt && memcmp(bd, &p->lsnap, sizeof(*bd)) == 0) {
        return NULL;
    }
    const uint32_t fn = p->frames[p->depth - 1].fn;
    const uint64_t key = (uint64_t)fn << 32 | addr;
    size_t slot = 0;
    uint32_t id = map_get(&p->line_ids, key, &slot);
    if (id == NONE) {
        if (!grow((void **)&p->lacc, &p->cap_lacc, p->n_lacc + 1, sizeof(*p->lacc))) {
            p->oom = true;
            return NULL;
        }
        id = (uint32_t)p->n_lacc++;
        p->lacc[id] = (line_acc){fn, addr, 0, {0}, {0}};
        p->oom |= !map_put(&p->line_ids, slot, key, id);
    }
    line_acc *l = &p->lacc[id];
    l->execs += insn;
#define LADD(f, label, event, bucket) l->bd.f += CSIM_BD_##f == CSIM_BD_cycles ? now - p->lt : bd->f - p->lsnap.f;
    CSIM_BREAKDOWN_FIELDS(LADD)
#undef LADD
    p->lsnap = *bd;
    p->lt = now;
    return l;
}

void csim_prof_trace(csim_prof *p, const char *fn, uint64_t from, uint64_t to, const csim_ms_stats *ms)
{
    p->msnap = *ms;
    p->trace_fn = fn;
    p->trace_from = from;
    p->trace_to = to;
}

/* Whether the instruction about to be recorded is in the timeline's window. */
static bool in_window(csim_prof *p)
{
    if (!p->trace_fn) {
        const uint64_t at = p->lt - p->t0;
        return at >= p->trace_from && at < p->trace_to;
    }
    if (p->trace_depth && p->depth < p->trace_depth) {
        p->trace_done = true; /* its first call returned */
    }
    const char *top = p->fns[p->frames[p->depth - 1].fn].name;
    if (!p->trace_depth && !p->trace_done && top && strcmp(top, p->trace_fn) == 0) {
        p->trace_depth = p->depth;
    }
    return p->trace_depth && !p->trace_done;
}

static void trace_add(csim_prof *p, uint32_t addr, const csim_breakdown *bd, const csim_ms_stats *ms, uint64_t now)
{
    if (p->n_trace == CSIM_TRACE_CAP) {
        p->trace_capped = true;
        return;
    }
    if (!grow((void **)&p->trace, &p->cap_trace, p->n_trace + 1, sizeof(*p->trace))) {
        p->oom = true;
        return;
    }
    csim_trace_insn *t = &p->trace[p->n_trace++];
    *t = (csim_trace_insn){addr, p->frames[p->depth - 1].fn, p->lt - p->t0, {0}, {0}};
    csim_tm_breakdown_diff(&t->bd, bd, &p->lsnap);
    t->bd.cycles = now - p->lt;
    csim_tm_ms_stats_diff(&t->ms, ms, &p->msnap);
}

void csim_prof_insn(csim_prof *p, uint32_t addr, const csim_breakdown *bd, const csim_ms_stats *ms, uint64_t now)
{
    if (p->depth) {
        if ((p->trace_to || p->trace_fn) && in_window(p)) {
            trace_add(p, addr, bd, ms, now);
        }
        line_acc *l = line_add(p, addr, true, bd, now);
        if (l) { /* what the flash interface did since the last instruction */
#define MADD(f, reported) l->ms.f += ms->f - p->msnap.f;
            CSIM_MS_STATS_FIELDS(MADD)
#undef MADD
        }
    }
    p->msnap = *ms;
}

void csim_prof_flush(csim_prof *p, const csim_breakdown *bd, uint64_t now)
{
    if (p->depth == 0) {
        return;
    }
    if (p->lines) {
        line_add(p, CSIM_NO_INSN, false, bd, now);
    }
    const frame *top = &p->frames[p->depth - 1];
    csim_breakdown *s = &p->acc[top->fn].self;
    uint64_t dt = now - p->t;
    /* cycles: the core's clock (dt), which bd.cycles does not follow */
#define ADD(f, label, event, bucket)                                             \
    {                                                                            \
        const uint64_t d = CSIM_BD_##f == CSIM_BD_cycles ? dt : bd->f - p->snap.f; \
        s->f += d;                                                               \
        p->total_bd.f += d;                                                      \
    }
    CSIM_BREAKDOWN_FIELDS(ADD)
#undef ADD
    p->acc[top->fn].touched = true;
    p->nodes[top->node].cycles += dt;
    p->t = now;
    p->snap = *bd;
}

void csim_prof_goto(csim_prof *p, uint32_t addr, const csim_insn *prev, const csim_breakdown *bd, uint64_t now,
                    csim_prof_sp_fn sp_of, void *ctx)
{
    if (p->depth == 0) {
        return;
    }
    uint32_t fn = known_fn(p, addr);
    if (prev && (prev->flags & CSIM_IF_LINK) && addr != prev->addr + prev->size) {
        uint32_t id = fn != NONE ? fn : any_fn(p, addr);
        /* Thumb-1 code reaches far labels of its own function with BL: a jump. */
        if (id != p->frames[p->depth - 1].fn || addr == p->fns[id].addr) {
            csim_prof_flush(p, bd, now);
            push(p, id, prev->addr, prev->addr + prev->size, sp_of(ctx), false, false);
            return;
        }
    }
    if (p->ret_count[(addr >> 1) & (RET_FILTER - 1)]) {
        /* A return lands on the return address with the SP of the call (a
         * recursive callee may branch to that address inside itself). */
        const uint32_t sp = sp_of(ctx);
        for (size_t k = p->depth; k-- > 1 && !p->frames[k].exc;) {
            if (p->frames[k].ret == addr && sp >= p->frames[k].sp) {
                while (p->frames[k].tail) {
                    k--; /* the frame it replaced returns here too */
                }
                csim_prof_flush(p, bd, now);
                pop_to(p, k);
                break;
            }
        }
    }
    const frame *top = &p->frames[p->depth - 1];
    if (fn == NONE) {
        if (p->fns[top->fn].name == NULL) {
            return; /* still in the same code without symbol */
        }
        fn = any_fn(p, addr);
    }
    if (fn == top->fn) {
        return;
    }
    /* A jump into another function: a tail call, or back to the function a
     * tail call left. */
    csim_prof_flush(p, bd, now);
    for (size_t k = p->depth - 1; p->frames[k].tail; k--) {
        if (p->frames[k - 1].fn == fn) {
            pop_to(p, k);
            return;
        }
    }
    push(p, fn, prev ? prev->addr : 0, top->ret, top->sp, true, false);
}

void csim_prof_exception(csim_prof *p, uint32_t handler)
{
    if (p->depth) {
        push(p, any_fn(p, handler), 0, 0, 0, false, true);
    }
}

void csim_prof_exception_return(csim_prof *p)
{
    while (p->depth > 1) {
        bool exc = p->frames[p->depth - 1].exc;
        pop(p);
        if (exc) {
            break;
        }
    }
}

static int by_fn_addr(const void *a, const void *b)
{
    const csim_insn_cost *x = a, *y = b;
    if (x->fn != y->fn) {
        return x->fn > y->fn ? 1 : -1;
    }
    return x->addr > y->addr ? 1 : x->addr < y->addr ? -1 : 0;
}

typedef struct rank {
    uint64_t self, incl;
    uint32_t id;
} rank;

static int by_self(const void *a, const void *b)
{
    const rank *x = a, *y = b;
    if (x->self != y->self) {
        return x->self > y->self ? -1 : 1;
    }
    if (x->incl != y->incl) {
        return x->incl > y->incl ? -1 : 1;
    }
    return x->id > y->id ? 1 : -1;
}

csim_profile *csim_prof_end(csim_prof *p)
{
    pop_to(p, 0);
    if (p->oom) {
        return NULL;
    }
    /* Functions that ran, by self cycles; the names of code without symbol
     * are kept behind the array (one allocation). */
    rank *order = malloc((p->n_fns + 1) * sizeof(*order));
    uint32_t *index = malloc((p->n_fns + 1) * sizeof(*index));
    csim_profile *pr = calloc(1, sizeof(*pr));
    size_t n = 0, unnamed = 0;
    for (uint32_t i = 0; order && i < p->n_fns; i++) {
        if (p->acc[i].touched) {
            order[n++] = (rank){p->acc[i].self.cycles, p->acc[i].incl, i};
            unnamed += p->fns[i].name == NULL;
        }
    }
    size_t frames = 0, n_stacks = 0;
    for (size_t i = 0; i < p->n_nodes; i++) {
        if (p->nodes[i].cycles) {
            n_stacks++;
            for (uint32_t k = (uint32_t)i; k != NONE; k = p->nodes[k].parent) {
                frames++;
            }
        }
    }
    if (pr) {
        pr->fns = malloc(n * sizeof(*pr->fns) + unnamed * 11 + 1);
        pr->edges = malloc(p->n_edges * sizeof(*pr->edges) + 1);
        pr->stacks = malloc(n_stacks * sizeof(*pr->stacks) + frames * sizeof(uint32_t) + 1);
        pr->insns = malloc(p->n_lacc * sizeof(*pr->insns) + 1);
        pr->trace = p->n_trace ? malloc(p->n_trace * sizeof(*pr->trace)) : NULL;
    }
    if (!order || !index || !pr || !pr->fns || !pr->edges || !pr->stacks || !pr->insns ||
        (p->n_trace && !pr->trace)) {
        free(order);
        free(index);
        csim_profile_free(pr);
        return NULL;
    }
    qsort(order, n, sizeof(*order), by_self);
    char *names = (char *)(pr->fns + n);
    for (size_t k = 0; k < n; k++) {
        const fn_acc *a = &p->acc[order[k].id];
        const fn_info *f = &p->fns[order[k].id];
        index[order[k].id] = (uint32_t)k;
        csim_fn_cost *c = &pr->fns[k];
        *c = (csim_fn_cost){f->name, f->addr, a->calls, a->self.cycles, a->incl, a->self};
        if (!f->name) {
            snprintf(names, 11, "0x%08x", f->addr);
            c->name = names;
            names += 11;
        }
    }
    pr->n_fns = n;
    for (size_t i = 0; i < p->n_edges; i++) {
        const edge *e = &p->edges[i];
        pr->edges[i] = (csim_call_edge){index[e->caller], index[e->callee], e->site, e->calls, e->incl};
    }
    pr->n_edges = p->n_edges;
    uint32_t *fr = (uint32_t *)(pr->stacks + n_stacks);
    for (size_t i = 0; i < p->n_nodes; i++) {
        if (!p->nodes[i].cycles) {
            continue;
        }
        uint32_t depth = 0;
        for (uint32_t k = (uint32_t)i; k != NONE; k = p->nodes[k].parent) {
            depth++;
        }
        csim_stack_cost *s = &pr->stacks[pr->n_stacks++];
        *s = (csim_stack_cost){fr, depth, p->nodes[i].cycles};
        for (uint32_t k = (uint32_t)i, d = depth; k != NONE; k = p->nodes[k].parent) {
            fr[--d] = index[p->nodes[k].fn];
        }
        fr += depth;
    }
    for (size_t i = 0; i < p->n_lacc; i++) {
        const line_acc *l = &p->lacc[i];
        pr->insns[i] = (csim_insn_cost){index[l->fn], l->addr, l->execs, l->bd, l->ms};
    }
    pr->n_insns = p->n_lacc;
    for (size_t i = 0; i < p->n_trace; i++) {
        pr->trace[i] = p->trace[i];
        pr->trace[i].fn = index[p->trace[i].fn];
    }
    pr->n_trace = p->n_trace;
    pr->trace_capped = p->trace_capped;
    if (pr->n_insns) { /* qsort takes no NULL, even for no element */
        qsort(pr->insns, pr->n_insns, sizeof(*pr->insns), by_fn_addr);
    }
    free(order);
    free(index);
    return pr;
}

void csim_profile_free(csim_profile *pr)
{
    if (pr) {
        free(pr->fns);
        free(pr->edges);
        free(pr->stacks);
        free(pr->insns);
        free(pr->trace);
        free(pr);
    }
}
