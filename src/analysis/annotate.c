/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * annotate.c - a line profile grouped by function and source line (annotate.h).
 */
#include <stdlib.h>
#include <string.h>

#include "cyclesim/analysis/annotate.h"

typedef struct placed {
    const csim_insn_cost *in;
    csim_src_pos pos;
} placed;

static int by_place(const void *a, const void *b)
{
    const placed *x = a, *y = b;
    if (x->in->fn != y->in->fn) {
        return x->in->fn > y->in->fn ? 1 : -1;
    }
    int c = strcmp(x->pos.file, y->pos.file);
    if (c) {
        return c;
    }
    if (x->pos.line != y->pos.line) {
        return x->pos.line > y->pos.line ? 1 : -1;
    }
    return x->in->addr > y->in->addr ? 1 : x->in->addr < y->in->addr ? -1 : 0;
}

static int by_heat(const void *a, const void *b)
{
    const csim_ann_line *x = a, *y = b;
    if (x->bd.cycles != y->bd.cycles) {
        return x->bd.cycles < y->bd.cycles ? 1 : -1;
    }
    if (x->fn != y->fn) {
        return x->fn > y->fn ? 1 : -1;
    }
    int c = strcmp(x->file, y->file);
    return c ? c : x->line > y->line ? 1 : x->line < y->line ? -1 : 0;
}

csim_annotation *csim_annotate(const csim_profile *p, csim_lines *lines, const char *function)
{
    csim_annotation *a = calloc(1, sizeof(*a));
    placed *pl = malloc((p->n_insns + 1) * sizeof(*pl));
    if (a) {
        a->lines = malloc((p->n_insns + 1) * sizeof(*a->lines));
        a->refs = malloc((p->n_insns + 1) * sizeof(*a->refs));
    }
    if (!a || !pl || !a->lines || !a->refs) {
        free(pl);
        csim_annotation_free(a);
        return NULL;
    }
    size_t n = 0;
    for (size_t i = 0; i < p->n_insns; i++) {
        const csim_insn_cost *in = &p->insns[i];
        if (function && strcmp(p->fns[in->fn].name, function) != 0) {
            continue;
        }
        pl[n].in = in;
        if (in->addr == CSIM_NO_INSN || !csim_lines_at(lines, in->addr, &pl[n].pos)) {
            pl[n].pos = (csim_src_pos){"???", 0, NULL};
        }
        n++;
    }
    if (n) { /* qsort takes no NULL, even for no element */
        qsort(pl, n, sizeof(*pl), by_place);
    }
    for (size_t i = 0; i < n; i++) {
        a->refs[i] = pl[i].in;
        csim_ann_line *l = a->n_lines ? &a->lines[a->n_lines - 1] : NULL;
        if (!l || l->fn != pl[i].in->fn || l->line != pl[i].pos.line || strcmp(l->file, pl[i].pos.file) != 0) {
            l = &a->lines[a->n_lines++];
            *l = (csim_ann_line){pl[i].in->fn, pl[i].pos.file, pl[i].pos.line, pl[i].pos.inlined, {0}, {0},
                                 &a->refs[i], 0};
        }
        l->n_insns++;
#define ADD(f, label, event, bucket) l->bd.f += pl[i].in->bd.f;
        CSIM_BREAKDOWN_FIELDS(ADD)
#undef ADD
#define ADD_MS(f, reported) l->ms.f += pl[i].in->ms.f;
        CSIM_MS_STATS_FIELDS(ADD_MS)
#undef ADD_MS
        a->cycles += pl[i].in->bd.cycles;
    }
    free(pl);
    if (a->n_lines) {
        qsort(a->lines, a->n_lines, sizeof(*a->lines), by_heat);
    }
    return a;
}

void csim_annotation_free(csim_annotation *a)
{
    if (a) {
        free(a->lines);
        free(a->refs);
        free(a);
    }
}
