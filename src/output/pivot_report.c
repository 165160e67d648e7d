/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pivot_report.c - run reports as a table of cases by MCUs (run --format
 * pivot-md|pivot-csv, docs/output.md): a row per case, a column per MCU, the
 * cycles in the cells, as pqm4's benchmarks.md shows its schemes by
 * platform.  The cells are gathered as the models report and written at the
 * end; then each MCU's configuration and the provenance.
 */
#include <stdlib.h>
#include <string.h>

#include "output/escape.h"
#include "output/formats_internal.h"
#include "output/report_internal.h"

typedef struct cell {
    char *name;        /* the case */
    size_t model;      /* index into the report's models */
    unsigned long long cycles;
    csim_in_force in;  /* what the case ran with */
} cell;

typedef struct pivot {
    cell *cells;
    size_t n, cap;
    bool nomem;        /* a cell was lost: said in the output */
} pivot;

static void pivot_begin(csim_report *r) { r->state = calloc(1, sizeof(pivot)); }

static void pivot_record(csim_report *r, const csim_model *m, const csim_case_result *c, bool warm)
{
    (void)warm;
    pivot *p = r->state;
    if (!p) {
        return;
    }
    size_t model = 0;
    while (model + 1 < r->n_models && strcmp(r->models[model].name, m->name) != 0) {
        model++;
    }
    if (p->n == p->cap) {
        size_t cap = p->cap ? 2 * p->cap : 64;
        cell *n = realloc(p->cells, cap * sizeof(*n));
        if (!n) {
            p->nomem = true;
            return;
        }
        p->cells = n;
        p->cap = cap;
    }
    char *name = strdup(c->name);
    if (!name) {
        p->nomem = true;
        return;
    }
    p->cells[p->n++] = (cell){name, model, (unsigned long long)c->cycles, csim_in_force_of(m, c)};
}

/* The cell of (the case of cell k, model), NULL when that MCU did not run it. */
static const cell *cell_at(const pivot *p, size_t k, size_t model)
{
    for (size_t i = 0; i < p->n; i++) {
        if (p->cells[i].model == model && strcmp(p->cells[i].name, p->cells[k].name) == 0) {
            return &p->cells[i];
        }
    }
    return NULL;
}

/* Whether cell k is the first of its case: the rows, in the order the cases first ran. */
static bool first_of_case(const pivot *p, size_t k)
{
    for (size_t i = 0; i < k; i++) {
        if (strcmp(p->cells[i].name, p->cells[k].name) == 0) {
            return false;
        }
    }
    return true;
}

/* The configuration a model's first case ran with ("" when it ran none). */
static const char *model_note(const pivot *p, size_t model, char *buf, size_t len)
{
    buf[0] = 0;
    for (size_t i = 0; i < p->n; i++) {
        if (p->cells[i].model == model) {
            return csim_in_force_note(buf, len, &p->cells[i].in);
        }
    }
    return buf;
}

static void pivot_free(csim_report *r)
{
    pivot *p = r->state;
    for (size_t i = 0; p && i < p->n; i++) {
        free(p->cells[i].name);
    }
    if (p) {
        free(p->cells);
    }
    free(p);
    r->state = NULL;
}

/* How a format lays the grid out: the cells of a line between lead and end,
 * separated by sep; a Markdown table has a rule under its header. */
typedef struct grid_style {
    void (*text)(FILE *f, const char *s); /* the escaping of the format */
    const char *lead, *sep, *end, *missing;
    bool rule;
} grid_style;

static void write_grid(const csim_report *r, const pivot *p, const grid_style *g)
{
    FILE *f = r->out;
    fputs(g->lead, f);
    g->text(f, "case");
    for (size_t m = 0; m < r->n_models; m++) {
        fputs(g->sep, f);
        g->text(f, r->models[m].name);
    }
    fprintf(f, "%s\n", g->end);
    if (g->rule) {
        fputs("| :--- |", f);
        for (size_t m = 0; m < r->n_models; m++) {
            fputs(" ---: |", f);
        }
        fputc('\n', f);
    }
    for (size_t k = 0; p && k < p->n; k++) {
        if (!first_of_case(p, k)) {
            continue;
        }
        fputs(g->lead, f);
        g->text(f, p->cells[k].name);
        for (size_t m = 0; m < r->n_models; m++) {
            const cell *c = cell_at(p, k, m);
            fputs(g->sep, f);
            c ? fprintf(f, "%llu", c->cycles) : fputs(g->missing, f);
        }
        fprintf(f, "%s\n", g->end);
    }
}

static void md_end(csim_report *r)
{
    const pivot *p = r->state;
    FILE *f = r->out;
    write_grid(r, p, &(grid_style){csim_md_text, "| ", " | ", " |", "-", true});
    fputs("\nCycles of each case (rows) on each MCU (columns); - : not run there.\n\n", f);
    char note[256], prov[4096];
    for (size_t m = 0; m < r->n_models; m++) {
        fputs("- ", f);
        csim_md_text(f, r->models[m].name);
        fputs(": ", f);
        csim_md_text(f, p ? model_note(p, m, note, sizeof(note)) : "");
        fputs("; provenance: ", f);
        csim_md_text(f, csim_prov_text(prov, sizeof(prov), &r->models[m]));
        fputc('\n', f);
    }
    if (!p || p->nomem) {
        fputs("\nOut of memory: cells are missing.\n", f);
    }
    pivot_free(r);
}

static void csv_end(csim_report *r)
{
    const pivot *p = r->state;
    FILE *f = r->out;
    write_grid(r, p, &(grid_style){csim_csv_field, "", ",", "", "", false});
    /* The MCUs' configurations and provenance: a second table after a blank line. */
    fputs("\nmcu,configuration" CSIM_PROV_CSV_HEAD "\n", f);
    char note[256];
    for (size_t m = 0; m < r->n_models; m++) {
        csim_csv_field(f, r->models[m].name);
        fputc(',', f);
        csim_csv_field(f, p ? model_note(p, m, note, sizeof(note)) : "");
        csim_prov_csv(f, &r->models[m]);
        fputc('\n', f);
    }
    if (!p || p->nomem) {
        fputs("\nout of memory: cells are missing\n", f);
    }
    pivot_free(r);
}

const struct run_writer run_pivot_md_writer = {pivot_begin, NULL, pivot_record, NULL, md_end, false};
const struct run_writer run_pivot_csv_writer = {pivot_begin, NULL, pivot_record, NULL, csv_end, false};
