/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * check.c - the logic of `cyclesim check` (check.h): which runs the rows
 * need, each row's verdict, what grew when it fails, and --update.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/check.h"

const char *const check_fig_names[FIGS] = {"cycles", "stack_bytes", "code_bytes"};
const char *const check_verdict_names[] = {"ok", "over budget", "case failed", "error"};

/* ---- running ---------------------------------------------------------------- */

/* One job per model and run of consecutive needed case indices. */
csim_job *check_plan_jobs(const check *c, bool old, const csim_run_opts *base, size_t *n_jobs)
{
    uint32_t n_cases = old ? c->old_cases.n : c->cases.n;
    bool *need = calloc(n_cases ? n_cases : 1, sizeof(*need));
    csim_job *jobs = NULL;
    size_t n = 0;
    if (!need) {
        return NULL;
    }
    for (unsigned m = 0; m < c->n_models; m++) {
        memset(need, 0, n_cases * sizeof(*need));
        for (size_t i = 0; i < c->n_rows; i++) {
            if (c->rows[i].model == m) {
                need[old ? c->rows[i].old_idx : c->rows[i].idx] = true;
            }
        }
        for (uint32_t k = 0; k < n_cases; k++) {
            if (!need[k] || (k && need[k - 1])) {
                continue;
            }
            uint32_t end = k;
            while (end < n_cases && need[end]) {
                end++;
            }
            csim_job *j = realloc(jobs, (n + 1) * sizeof(*j));
            if (!j) {
                free(jobs);
                free(need);
                return NULL;
            }
            jobs = j;
            memset(&jobs[n], 0, sizeof(jobs[n]));
            jobs[n].model = &c->models[m];
            jobs[n].opts = *base;
            jobs[n].opts.case_first = k;
            jobs[n].opts.case_count = end - k;
            n++;
        }
    }
    free(need);
    *n_jobs = n;
    return jobs;
}

/* The result of `name` on model m, from the jobs that ran it. */
static const csim_case_result *find_result(const csim_job *jobs, size_t n, const csim_model *m, const char *name)
{
    for (size_t j = 0; j < n; j++) {
        if (jobs[j].model != m) {
            continue;
        }
        for (size_t k = 0; k < jobs[j].res.n_cases; k++) {
            if (strcmp(jobs[j].res.cases[k].name, name) == 0) {
                return &jobs[j].res.cases[k];
            }
        }
    }
    return NULL;
}

/* A job's failure: the first error of a run on that model, for its rows. */
static const csim_job *failed_job(const csim_job *jobs, size_t n, const csim_model *m)
{
    for (size_t j = 0; j < n; j++) {
        if (jobs[j].model == m && jobs[j].err) {
            return &jobs[j];
        }
    }
    return NULL;
}

const char *const check_gate_names[GATES] = {"estimate", "high", "low", "interval-high", "interval-low"};

void check_footprint(const csim_case_result *r, check_gate gate, uint64_t out[FIGS])
{
    const bool in = r->has_interval;
    out[FIG_CYCLES] = gate == GATE_HIGH || (gate == GATE_INTERVAL_HIGH && !in) ? r->cycles_high
                      : gate == GATE_LOW || (gate == GATE_INTERVAL_LOW && !in) ? r->cycles_low
                      : gate == GATE_INTERVAL_HIGH                              ? r->interval_high
                      : gate == GATE_INTERVAL_LOW                               ? r->interval_low
                                                                                : r->cycles;
    out[FIG_STACK] = r->stack_bytes;
    out[FIG_CODE] = r->code_bytes;
}

static bool over(uint64_t actual, uint64_t limit, double tol)
{
    return (long double)actual * 100 > (long double)limit * (100 + (long double)tol);
}

void check_evaluate(check *c, row *r)
{
    const csim_model *m = &c->models[r->model];
    r->now = find_result(c->jobs, c->n_jobs, m, r->case_name);
    r->old = c->old_elf ? find_result(c->old_jobs, c->n_old_jobs, m, r->case_name) : NULL;
    const budget *b = r->budget != SIZE_MAX ? &c->file.b[r->budget] : NULL;
    r->tol = c->tolerance >= 0 ? c->tolerance : b ? b->tolerance_pct : 0;
    const csim_job *bad = failed_job(c->jobs, c->n_jobs, m);
    const csim_job *old_bad = c->old_elf ? failed_job(c->old_jobs, c->n_old_jobs, m) : NULL;
    if (!r->now || (c->old_elf && !r->old)) {
        r->v = V_ERROR;
        snprintf(r->why, sizeof(r->why), "%s", bad ? bad->diag.msg : old_bad ? old_bad->diag.msg
                                                                             : "the case did not report a result");
        return;
    }
    if (r->now->status || (r->old && r->old->status)) {
        r->v = V_CASE_FAILED;
        snprintf(r->why, sizeof(r->why), "%s failed its known-answer check (status %u)",
                 r->now->status ? c->elf_path : c->old_path, r->now->status ? r->now->status : r->old->status);
        return;
    }
    check_footprint(r->now, c->gate, r->actual);
    if (r->old) {
        /* Footprints are compared when the simulator measured them (non-zero). */
        check_footprint(r->old, c->gate, r->limit);
        r->has[FIG_CYCLES] = true;
        r->has[FIG_STACK] = r->old->stack_bytes || r->now->stack_bytes;
        r->has[FIG_CODE] = r->old->code_bytes || r->now->code_bytes;
    } else {
        r->limit[FIG_CYCLES] = b->cycles;
        r->limit[FIG_STACK] = b->stack_bytes;
        r->limit[FIG_CODE] = b->code_bytes;
        r->has[FIG_CYCLES] = true;
        r->has[FIG_STACK] = b->has_stack;
        r->has[FIG_CODE] = b->has_code;
    }
    r->v = V_OK;
    for (int f = 0; f < FIGS; f++) {
        r->over[f] = r->has[f] && over(r->actual[f], r->limit[f], r->tol);
        if (r->over[f]) {
            r->v = V_OVER;
        }
    }
}

/* ---- explanations: what grew --------------------------------------------- */

static void kinds_of(const csim_case_result *r, uint64_t k[BUDGET_KINDS])
{
    const csim_breakdown *b = &r->bd;
    unsigned n = 0;
#define BUCKET(field, label, event, bucket) if (bucket) k[n++] = b->field;
    CSIM_BREAKDOWN_FIELDS(BUCKET)
#undef BUCKET
    k[BUDGET_CACHE_MISSES] = r->ms.misses;
}

static int cmp_fn(const void *a, const void *b)
{
    const budget_fn *x = a, *y = b;
    return x->cycles != y->cycles ? (x->cycles < y->cycles ? 1 : -1) : strcmp(x->name, y->name);
}

/* A profile's functions by self cycles, largest first, same-named symbols
 * (static functions of different files) merged: budgets know them by name. */
static budget_fn *profile_fns(const csim_profile *p, size_t *n)
{
    *n = 0;
    budget_fn *out = p && p->n_fns ? calloc(p->n_fns, sizeof(*out)) : NULL;
    if (!out) {
        return NULL;
    }
    for (size_t i = 0; i < p->n_fns; i++) {
        const char *name = p->fns[i].name ? p->fns[i].name : "?";
        size_t k = 0;
        while (k < *n && strcmp(out[k].name, name) != 0) {
            k++;
        }
        if (k == *n) {
            out[(*n)++].name = (char *)name;
        }
        out[k].cycles += p->fns[i].self_cycles;
    }
    qsort(out, *n, sizeof(*out), cmp_fn);
    return out;
}


static int cmp_growth(const void *a, const void *b)
{
    const growth *x = a, *y = b;
    int64_t dx = (int64_t)(x->now - x->ref), dy = (int64_t)(y->now - y->ref);
    return dx != dy ? (dx < dy ? 1 : -1) : strcmp(x->name, y->name);
}


void check_explain(const check *c, const row *r, explain *x)
{
    memset(x, 0, sizeof(*x));
    const budget *b = r->budget != SIZE_MAX ? &c->file.b[r->budget] : NULL;
    kinds_of(r->now, x->now_kinds);
    if (r->old) {
        kinds_of(r->old, x->ref_kinds);
        x->have_kinds = true;
    } else if (b->has_kinds) {
        memcpy(x->ref_kinds, b->kinds, sizeof(x->ref_kinds));
        x->have_kinds = true;
    }
    size_t n_now = 0, n_ref = 0;
    budget_fn *now = profile_fns(r->now->profile, &n_now);
    budget_fn *ref_owned = r->old ? profile_fns(r->old->profile, &n_ref) : NULL;
    const budget_fn *ref = r->old ? ref_owned : b->fns;
    if (!r->old) {
        n_ref = b->n_fns;
    }
    x->have_fns = n_now && n_ref;
    /* A budget records only the largest functions: one it lacks had at most
     * the smallest recorded figure, and is named only if it now exceeds it. */
    uint64_t floor_cycles = UINT64_MAX;
    for (size_t k = 0; !r->old && k < n_ref; k++) {
        floor_cycles = ref[k].cycles < floor_cycles ? ref[k].cycles : floor_cycles;
    }
    growth *g = x->have_fns ? calloc(n_now, sizeof(*g)) : NULL;
    size_t n_g = 0;
    for (size_t i = 0; g && i < n_now; i++) {
        /* A baseline profile is complete: a function it lacks is new (0 before). */
        growth e = {now[i].name, r->old ? 0 : floor_cycles, now[i].cycles, r->old != NULL};
        for (size_t k = 0; k < n_ref; k++) {
            if (strcmp(ref[k].name, e.name) == 0) {
                e.ref = ref[k].cycles;
                e.known = true;
                break;
            }
        }
        if (e.now > e.ref) {
            g[n_g++] = e;
        }
    }
    if (g) {
        qsort(g, n_g, sizeof(*g), cmp_growth);
        x->n_fns = n_g < FN_SHOW ? n_g : FN_SHOW;
        memcpy(x->fns, g, x->n_fns * sizeof(*g));
    }
    free(g);
    free(now);
    free(ref_owned);
}

/* ---- the settings a budget file was recorded with ------------------------------ */

/* The value the --set list `sets` gives key (the text after '=' of its last
 * assignment), NULL for none. */
static const char *set_value(const csim_model_source *sets, unsigned n, const char *key, size_t key_len)
{
    const char *v = NULL;
    for (unsigned i = 0; i < n; i++) {
        if (sets[i].kind == CSIM_SOURCE_SET && strncmp(sets[i].what, key, key_len) == 0 &&
            sets[i].what[key_len] == '=') {
            v = sets[i].what + key_len + 1;
        }
    }
    return v;
}

/* The overlay `path` ("@FILE") in sets, NULL when absent. */
static const csim_model_source *overlay_of(const csim_model_source *sets, unsigned n, const char *path)
{
    for (unsigned i = 0; i < n; i++) {
        if (sets[i].kind == CSIM_SOURCE_OVERLAY && strcmp(sets[i].what, path) == 0) {
            return &sets[i];
        }
    }
    return NULL;
}

/* The differences of one side's --set and overlays from the other's, each said
 * once: a key or overlay both sides give is said when walking the recorded side. */
static size_t sets_diff(const budget_settings *rec, const budget_settings *now, bool walk_now, char *buf,
                        size_t len, size_t used)
{
    const budget_settings *walk = walk_now ? now : rec;
    for (unsigned i = 0; i < walk->n_sets && used < len; i++) {
        const csim_model_source *s = &walk->sets[i];
        if (s->kind == CSIM_SOURCE_OVERLAY) {
            const csim_model_source *o = overlay_of((walk_now ? rec : now)->sets, (walk_now ? rec : now)->n_sets,
                                                    s->what);
            if (!o && walk_now) {
                used += (size_t)snprintf(buf + used, len - used, "overlay %s: not recorded, now applied\n", s->what);
            } else if (!o) {
                used += (size_t)snprintf(buf + used, len - used, "overlay %s: recorded, now not applied\n", s->what);
            } else if (!walk_now && strcmp(o->sha256, s->sha256) != 0) {
                used += (size_t)snprintf(buf + used, len - used, "overlay %s: recorded with sha256 %s, now %s\n",
                                         s->what, s->sha256, o->sha256);
            }
            continue;
        }
        size_t key_len = strcspn(s->what, "=");
        if (set_value(walk->sets + i + 1, walk->n_sets - i - 1, s->what, key_len)) {
            continue; /* said at its last assignment */
        }
        const char *r = set_value(rec->sets, rec->n_sets, s->what, key_len);
        const char *n = set_value(now->sets, now->n_sets, s->what, key_len);
        if (walk_now && r) {
            continue; /* said from the recorded side */
        }
        if (!r || !n || strcmp(r, n) != 0) {
            used += (size_t)snprintf(buf + used, len - used, "%.*s: recorded %s%s, now %s%s\n", (int)key_len,
                                     s->what, r ? r : "the model's value", r ? " (--set)" : "",
                                     n ? n : "the model's value", n ? " (--set)" : "");
        }
    }
    return used;
}

bool check_settings_diff(check *c, bool *notes_only)
{
    char *buf = c->settings_diff;
    const size_t len = sizeof(c->settings_diff);
    buf[0] = '\0';
    *notes_only = true;
    if (!c->have_file || !c->file.has_settings) {
        return false;
    }
    budget_settings now = {0};
    if (!budget_settings_of(&now, c->models, c->n_models)) {
        snprintf(buf, len, "out of memory\n");
        *notes_only = false;
        return true;
    }
    const budget_settings *rec = &c->file.settings;
    size_t used = sets_diff(rec, &now, false, buf, len, 0);
    used = sets_diff(rec, &now, true, buf, len, used);
    bool same_sets = rec->n_sets == now.n_sets;
    for (unsigned i = 0; same_sets && i < rec->n_sets; i++) {
        same_sets = strcmp(rec->sets[i].what, now.sets[i].what) == 0 &&
                    strcmp(rec->sets[i].sha256, now.sets[i].sha256) == 0;
    }
    if (!same_sets && used == 0 && used < len) { /* the same values, in another order */
        used += (size_t)snprintf(buf + used, len - used, "--set: the same assignments in another order\n");
    }
    *notes_only = used == 0;
    if (strcmp(rec->tool_version, now.tool_version) != 0 && used < len) {
        used += (size_t)snprintf(buf + used, len - used, "tool version: recorded %s, now %s\n", rec->tool_version,
                                 now.tool_version);
    }
    for (size_t k = 0; k < now.n_models && used < len; k++) {
        const budget_model *nm = &now.models[k], *rm = NULL;
        for (size_t j = 0; j < rec->n_models && !rm; j++) {
            rm = strcmp(rec->models[j].mcu, nm->mcu) == 0 ? &rec->models[j] : NULL;
        }
        bool same = rm && rm->n_files == nm->n_files;
        for (unsigned i = 0; same && i < nm->n_files; i++) {
            same = strcmp(rm->files[i].what, nm->files[i].what) == 0 &&
                   strcmp(rm->files[i].sha256, nm->files[i].sha256) == 0;
        }
        if (!same) {
            used += (size_t)snprintf(buf + used, len - used, "model files of %s: %s\n", nm->mcu,
                                     rm ? "changed since the budgets were recorded" : "not recorded");
        }
    }
    free(now.models);
    return used > 0;
}

/* ---- --update ------------------------------------------------------------------ */

/* The new figures of every budget that was checked: an exact case takes its
 * figures, breakdown and top functions; a glob takes the largest figures of
 * the cases it matches. */
bool check_update_budgets(check *c)
{
    const char *slash = strrchr(c->elf_path, '/');
    char *elf = strdup(slash ? slash + 1 : c->elf_path);
    if (!elf) {
        return false;
    }
    free(c->file.elf);
    c->file.elf = elf;
    if (!budget_settings_of(&c->file.settings, c->models, c->n_models)) {
        return false;
    }
    c->file.has_settings = true;
    for (size_t i = 0; i < c->file.n; i++) {
        budget *b = &c->file.b[i];
        bool first = true;
        for (size_t k = 0; k < c->n_rows; k++) {
            const row *r = &c->rows[k];
            if (r->budget != i) {
                continue;
            }
            uint64_t fig[FIGS];
            check_footprint(r->now, c->gate, fig);
            if (first || fig[FIG_CYCLES] > b->cycles) {
                b->cycles = fig[FIG_CYCLES];
            }
            if (first || fig[FIG_STACK] > b->stack_bytes) {
                b->stack_bytes = fig[FIG_STACK];
            }
            if (first || fig[FIG_CODE] > b->code_bytes) {
                b->code_bytes = fig[FIG_CODE];
            }
            first = false;
            if (budget_is_glob(b->case_pat)) {
                b->has_kinds = false;
                budget_set_fns(b, NULL, 0);
                continue;
            }
            kinds_of(r->now, b->kinds);
            b->has_kinds = true;
            size_t n = 0, keep = 0;
            budget_fn *fns = profile_fns(r->now->profile, &n);
            uint64_t total = 0, sum = 0;
            for (size_t j = 0; j < n; j++) {
                total += fns[j].cycles;
            }
            while (keep < n && keep < FN_RECORD_MAX && sum * 100 < total * FN_COVER_PCT) {
                sum += fns[keep++].cycles;
            }
            bool ok = budget_set_fns(b, fns, keep);
            free(fns);
            if (!ok) {
                return false;
            }
        }
    }
    return true;
}
