/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_rows.c - the rows of `cyclesim check` from a budget file or a baseline (check_rows.h). */
#include <fnmatch.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/check_rows.h"

static long case_index(const case_table *t, const char *name)
{
    for (uint32_t i = 0; i < t->n; i++) {
        if (strcmp(t->names[i], name) == 0) {
            return i;
        }
    }
    return -1;
}

static row *add_row(check *c)
{
    row *r = realloc(c->rows, (c->n_rows + 1) * sizeof(*r));
    if (!r) {
        return NULL;
    }
    c->rows = r;
    r = &c->rows[c->n_rows++];
    memset(r, 0, sizeof(*r));
    r->budget = SIZE_MAX;
    return r;
}

/* The model of budgets[budget_i], loaded once; its index, or -1 (d says why). */
static int model_index(check *c, const char *name, size_t budget_i, unsigned max_models, check_model_loader load,
                       void *ctx, csim_err *err, csim_diag *d)
{
    for (unsigned i = 0; i < c->n_models; i++) {
        if (strcmp(c->models[i].name, name) == 0) {
            return (int)i;
        }
    }
    if (c->n_models == max_models) {
        *err = csim_fail(d, CSIM_ERR_INPUT, "%s: more than %u MCUs", c->budget_path, max_models);
        return -1;
    }
    csim_diag ld = {0};
    *err = load(ctx, &c->models[c->n_models], name, &ld);
    if (*err == CSIM_ERR_UNKNOWN_MCU) {
        *err = csim_fail(d, CSIM_ERR_INPUT, "%s: budgets[%zu].mcu: %s", c->budget_path, budget_i, ld.msg);
        return -1;
    }
    if (*err) {
        *d = ld;
        return -1;
    }
    return (int)c->n_models++;
}

static bool listed(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len == n && strncmp(p, name, n) == 0) {
            return true;
        }
        p += len + (end != NULL);
    }
    return false;
}

csim_err check_rows_from_file(check *c, const char *mcus, unsigned max_models, check_model_loader load, void *ctx,
                              csim_diag *d)
{
    csim_err err = CSIM_OK;
    for (size_t i = 0; i < c->file.n; i++) {
        const budget *b = &c->file.b[i];
        if (mcus && !listed(mcus, b->mcu)) {
            continue;
        }
        int m = model_index(c, b->mcu, i, max_models, load, ctx, &err, d);
        if (m < 0) {
            return err;
        }
        unsigned matched = 0;
        for (uint32_t k = 0; k < c->cases.n; k++) {
            if (fnmatch(b->case_pat, c->cases.names[k], 0) != 0) {
                continue;
            }
            matched++;
            if (!c->selected[k]) {
                continue;
            }
            long old = c->old_elf ? case_index(&c->old_cases, c->cases.names[k]) : 0;
            if (old < 0) {
                return csim_fail(d, CSIM_ERR_INPUT, "%s: case %s is not in the baseline %s", c->budget_path,
                                 c->cases.names[k], c->old_path);
            }
            row *r = add_row(c);
            if (!r) {
                return csim_fail(d, CSIM_ERR_NOMEM, "out of memory");
            }
            *r = (row){.budget = i, .case_name = c->cases.names[k], .model = (unsigned)m, .idx = k,
                       .old_idx = (uint32_t)old};
        }
        if (!matched) {
            return csim_fail(d, CSIM_ERR_INPUT, "%s: budgets[%zu].case: \"%s\" matches no case of the ELF",
                             c->budget_path, i, b->case_pat);
        }
    }
    if (mcus) {
        char buf[1024];
        snprintf(buf, sizeof(buf), "%s", mcus);
        for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
            bool used = false;
            for (size_t i = 0; i < c->file.n && !used; i++) {
                used = strcmp(c->file.b[i].mcu, t) == 0;
            }
            if (!used) {
                return csim_fail(d, CSIM_ERR_USAGE, "--mcu %s: no budget of %s is for this MCU", t, c->budget_path);
            }
        }
    }
    /* A case held to two budgets on one MCU: which one --update rewrites is unclear. */
    for (size_t i = 0; i < c->n_rows; i++) {
        for (size_t j = 0; j < i; j++) {
            const row *a = &c->rows[i], *o = &c->rows[j];
            if (a->model == o->model && a->idx == o->idx) {
                return csim_fail(d, CSIM_ERR_INPUT, "%s: budgets[%zu] and budgets[%zu] both cover case %s on %s",
                                 c->budget_path, o->budget, a->budget, a->case_name, c->models[a->model].name);
            }
        }
    }
    return CSIM_OK;
}

csim_err check_rows_from_baseline(check *c, unsigned *only_new, csim_diag *d)
{
    unsigned missing = 0;
    *only_new = 0;
    for (unsigned m = 0; m < c->n_models; m++) {
        for (uint32_t k = 0; k < c->cases.n; k++) {
            long old = case_index(&c->old_cases, c->cases.names[k]);
            if (!c->selected[k]) {
                continue;
            }
            if (old < 0) {
                missing += m == 0;
                continue;
            }
            row *r = add_row(c);
            if (!r) {
                return csim_fail(d, CSIM_ERR_NOMEM, "out of memory");
            }
            *r = (row){.budget = SIZE_MAX, .case_name = c->cases.names[k], .model = m, .idx = k,
                       .old_idx = (uint32_t)old};
        }
    }
    *only_new = missing;
    if (!c->n_rows) {
        return csim_fail(d, CSIM_ERR_INPUT, "%s and %s have no benchmark case in common", c->elf_path, c->old_path);
    }
    return CSIM_OK;
}
