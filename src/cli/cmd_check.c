/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_check.c - `cyclesim check`: hold a firmware's benchmark cases to cycle,
 * stack and code budgets (docs/budgets.md), or to the figures of an older
 * build (--baseline), for CI: terminal summary, JUnit XML, Markdown for a PR
 * comment (docs/ci.md), and --update to record new budgets.
 *
 * A failing case is explained against what the budget recorded (or the
 * baseline measured): which kinds of cycles and which functions grew.
 */
#include <fnmatch.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/budget.h"
#include "cli/cli.h"
#include "cyclesim/jobs.h"
#include "cyclesim/sim.h"

#define FN_COVER_PCT 95     /* --update records the functions that make up this share of a case */
#define FN_RECORD_MAX 32
#define FN_SHOW 5           /* functions named when a case fails */

enum { FIG_CYCLES, FIG_STACK, FIG_CODE, FIGS };
static const char *const fig_names[FIGS] = {"cycles", "stack_bytes", "code_bytes"};

typedef enum verdict { V_OK, V_OVER, V_CASE_FAILED, V_ERROR } verdict;
static const char *const verdict_names[] = {"ok", "over budget", "case failed", "error"};

/* The benchmark cases an ELF declares (its bench_cases table), by index. */
typedef struct case_table {
    char (*names)[96];       /* csim_case_list */
    uint32_t n;
} case_table;

/* One case on one MCU held to one budget (or to the baseline). */
typedef struct row {
    size_t budget;           /* index in the budget file; SIZE_MAX without one */
    const char *case_name;   /* in the checked ELF's case table */
    unsigned model;
    uint32_t idx, old_idx;   /* case indices in the checked and the baseline ELF */
    const csim_case_result *now, *old;
    double tol;
    bool has[FIGS];
    uint64_t limit[FIGS], actual[FIGS];
    bool over[FIGS];
    verdict v;
    char why[600];           /* what went wrong, for V_CASE_FAILED / V_ERROR */
} row;

typedef struct check {
    const char *elf_path, *old_path, *budget_path;
    csim_elf *elf, *old_elf;
    case_table cases, old_cases;
    budget_file file;
    bool have_file, warm, update;
    double tolerance;        /* --tolerance, or < 0 */
    csim_model *models;
    unsigned n_models;
    row *rows;
    size_t n_rows;
    csim_job *jobs, *old_jobs;
    size_t n_jobs, n_old_jobs;
    double host_seconds;
} check;

/* ---- the ELF's case table ---------------------------------------------- */

static bool read_cases(const csim_elf *e, case_table *t)
{
    size_t n = csim_case_list(e, NULL, NULL, 0);
    if (n == 0) {
        fprintf(stderr, "cyclesim: error: %s: no benchmark case table (bench_cases section, firmware/include/bench.h)\n",
                e->path);
        return false;
    }
    if (!(t->names = calloc(n, sizeof(*t->names)))) {
        return false;
    }
    t->n = (uint32_t)csim_case_list(e, t->names, NULL, n);
    return true;
}

static long case_index(const case_table *t, const char *name)
{
    for (uint32_t i = 0; i < t->n; i++) {
        if (strcmp(t->names[i], name) == 0) {
            return i;
        }
    }
    return -1;
}

/* ---- rows ----------------------------------------------------------------- */

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

/* A bad budget file (or pair of ELFs): one error line, exit 9. */
static int fail_input(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int fail_input(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("cyclesim: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return EXIT_BAD_INPUT;
}

/* Loads a model once (with the --set overrides); its index, or -1 (*rc set). */
static int model_index(check *c, const char *name, const char *const *sets, unsigned n_sets, size_t budget_i,
                       int *rc)
{
    for (unsigned i = 0; i < c->n_models; i++) {
        if (strcmp(c->models[i].name, name) == 0) {
            return (int)i;
        }
    }
    if (c->n_models == CLI_MAX_MODELS) {
        *rc = fail_input("%s: more than %d MCUs", c->budget_path, CLI_MAX_MODELS);
        return -1;
    }
    csim_model *m = &c->models[c->n_models];
    csim_diag d = {0};
    csim_err err = csim_model_load(m, cli_models_dir(), name, &d);
    if (err == CSIM_ERR_UNKNOWN_MCU) {
        *rc = fail_input("%s: budgets[%zu].mcu: %s", c->budget_path, budget_i, d.msg);
        return -1;
    }
    for (unsigned k = 0; !err && k < n_sets; k++) {
        err = csim_model_set(m, sets[k], &d);
    }
    if (!err) {
        err = csim_model_check(m, &d);
    }
    if (err) {
        *rc = cli_fail(err, &d);
        return -1;
    }
    if (d.warning[0]) {
        fprintf(stderr, "cyclesim: warning: %s", d.warning);
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

/* Budget mode: one row per (budget, matching case). */
static int rows_from_file(check *c, const char *mcus, const char *const *sets, unsigned n_sets)
{
    int rc = EXIT_OK;
    for (size_t i = 0; i < c->file.n; i++) {
        const budget *b = &c->file.b[i];
        if (mcus && !listed(mcus, b->mcu)) {
            continue;
        }
        int m = model_index(c, b->mcu, sets, n_sets, i, &rc);
        if (m < 0) {
            return rc;
        }
        unsigned matched = 0;
        for (uint32_t k = 0; k < c->cases.n; k++) {
            if (fnmatch(b->case_pat, c->cases.names[k], 0) != 0) {
                continue;
            }
            long old = c->old_elf ? case_index(&c->old_cases, c->cases.names[k]) : 0;
            if (old < 0) {
                return fail_input("%s: case %s is not in the baseline %s", c->budget_path, c->cases.names[k],
                                  c->old_path);
            }
            row *r = add_row(c);
            if (!r) {
                return EXIT_FAULT;
            }
            *r = (row){.budget = i, .case_name = c->cases.names[k], .model = (unsigned)m, .idx = k,
                       .old_idx = (uint32_t)old};
            matched++;
        }
        if (!matched) {
            return fail_input("%s: budgets[%zu].case: \"%s\" matches no case of the ELF", c->budget_path, i,
                              b->case_pat);
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
                fprintf(stderr, "cyclesim: error: --mcu %s: no budget of %s is for this MCU\n", t, c->budget_path);
                return EXIT_USAGE;
            }
        }
    }
    /* A case held to two budgets on one MCU: which one --update rewrites is unclear. */
    for (size_t i = 0; i < c->n_rows; i++) {
        for (size_t j = 0; j < i; j++) {
            const row *a = &c->rows[i], *o = &c->rows[j];
            if (a->model == o->model && a->idx == o->idx) {
                fprintf(stderr, "cyclesim: error: %s: budgets[%zu] and budgets[%zu] both cover case %s on %s\n",
                        c->budget_path, o->budget, a->budget, a->case_name, c->models[a->model].name);
                return EXIT_BAD_INPUT;
            }
        }
    }
    return EXIT_OK;
}

/* Baseline mode without a budget file: every case both ELFs have, on --mcu. */
static int rows_from_baseline(check *c, const char *mcus, const char *const *sets, unsigned n_sets)
{
    int rc = EXIT_OK;
    c->n_models = cli_load_models(mcus ? mcus : "all", sets, n_sets, c->elf, c->models, CLI_MAX_MODELS, &rc);
    if (!c->n_models) {
        return rc;
    }
    unsigned only_new = 0;
    for (unsigned m = 0; m < c->n_models; m++) {
        for (uint32_t k = 0; k < c->cases.n; k++) {
            long old = case_index(&c->old_cases, c->cases.names[k]);
            if (old < 0) {
                only_new += m == 0;
                continue;
            }
            row *r = add_row(c);
            if (!r) {
                return EXIT_FAULT;
            }
            *r = (row){.budget = SIZE_MAX, .case_name = c->cases.names[k], .model = m, .idx = k,
                       .old_idx = (uint32_t)old};
        }
    }
    if (only_new) {
        fprintf(stderr, "cyclesim: note: %u case(s) of %s are not in %s and are not compared\n", only_new,
                c->elf_path, c->old_path);
    }
    if (!c->n_rows) {
        return fail_input("%s and %s have no benchmark case in common", c->elf_path, c->old_path);
    }
    return EXIT_OK;
}

/* ---- running ---------------------------------------------------------------- */

/* One job per model and run of consecutive needed case indices. */
static csim_job *plan_jobs(const check *c, bool old, const csim_run_opts *base, size_t *n_jobs)
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

static void footprint(const csim_case_result *r, uint64_t out[FIGS])
{
    out[FIG_CYCLES] = r->cycles;
    out[FIG_STACK] = r->stack_bytes;
    out[FIG_CODE] = r->code_bytes;
}

static bool over(uint64_t actual, uint64_t limit, double tol)
{
    return (long double)actual * 100 > (long double)limit * (100 + (long double)tol);
}

static void evaluate(check *c, row *r)
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
    footprint(r->now, r->actual);
    if (r->old) {
        /* Footprints are compared when the simulator measured them (non-zero). */
        footprint(r->old, r->limit);
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
    k[BUDGET_CORE] = b->core;
    k[BUDGET_BRANCH] = b->branch;
    k[BUDGET_FETCH_STALL] = b->fetch_stall;
    k[BUDGET_DATA_WAIT] = b->data_wait;
    k[BUDGET_BUS_CONFLICT] = b->bus_conflict;
    k[BUDGET_LOAD_USE] = b->load_use;
    k[BUDGET_EXCEPTION] = b->exception;
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

typedef struct growth {
    const char *name;
    uint64_t ref, now;
    bool known;              /* the reference knows this function (else ref is an upper bound) */
} growth;

static int cmp_growth(const void *a, const void *b)
{
    const growth *x = a, *y = b;
    int64_t dx = (int64_t)(x->now - x->ref), dy = (int64_t)(y->now - y->ref);
    return dx != dy ? (dx < dy ? 1 : -1) : strcmp(x->name, y->name);
}

/* What a failing row is compared with: the budget's record or the baseline run. */
typedef struct explain {
    bool have_kinds;
    uint64_t ref_kinds[BUDGET_KINDS], now_kinds[BUDGET_KINDS];
    growth fns[FN_SHOW];
    size_t n_fns;
    bool have_fns;           /* both sides have functions */
} explain;

static void explain_row(const check *c, const row *r, explain *x)
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

/* ---- output ------------------------------------------------------------------ */

static double delta_pct(uint64_t actual, uint64_t limit)
{
    if (limit == 0) {
        return actual ? INFINITY : 0;
    }
    return ((double)actual - (double)limit) * 100.0 / (double)limit;
}

static const char *state_name(const check *c)
{
    return c->warm ? "warm" : "cold";
}

/* The one-line verdict of an over-budget row ("cycles 10 > 9 (+11.1%, tolerance 0%)"). */
static void over_text(const row *r, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = 0;
    for (int g = 0; g < FIGS; g++) {
        if (r->over[g] && used < len) {
            used += (size_t)snprintf(buf + used, len - used, "%s%s %llu > %llu (%+.2f%%, tolerance %g%%)",
                                     used ? "; " : "", fig_names[g], (unsigned long long)r->actual[g],
                                     (unsigned long long)r->limit[g], delta_pct(r->actual[g], r->limit[g]), r->tol);
        }
    }
}

static void print_summary(const check *c, FILE *f)
{
    fprintf(f, "cyclesim check: %s (sha256 %.12s) against %s%s, state %s\n", c->elf_path, c->elf->sha256_hex,
            c->old_elf ? "baseline " : "budgets ", c->old_elf ? c->old_path : c->budget_path, state_name(c));
    fprintf(f, "%-44s %-12s %-11s %12s %6s %12s %9s  %s\n", "case", "mcu", "figure", c->old_elf ? "baseline" : "budget",
            "tol%", "actual", "delta", "verdict");
    unsigned counts[4] = {0};
    for (size_t i = 0; i < c->n_rows; i++) {
        const row *r = &c->rows[i];
        counts[r->v]++;
        const char *mcu = c->models[r->model].name;
        if (r->v == V_CASE_FAILED || r->v == V_ERROR) {
            fprintf(f, "%-44s %-12s %-11s %12s %6s %12s %9s  %s: %s\n", r->case_name, mcu, "-", "-", "-", "-", "-",
                    verdict_names[r->v], r->why);
            continue;
        }
        for (int g = 0; g < FIGS; g++) {
            if (!r->has[g]) {
                continue;
            }
            fprintf(f, "%-44s %-12s %-11s %12llu %6g %12llu %+8.2f%%  %s\n", r->case_name, mcu, fig_names[g],
                    (unsigned long long)r->limit[g], r->tol, (unsigned long long)r->actual[g],
                    delta_pct(r->actual[g], r->limit[g]), c->update ? "updated" : r->over[g] ? "OVER" : "ok");
        }
    }
    for (size_t i = 0; i < c->n_rows && !c->update; i++) {
        const row *r = &c->rows[i];
        if (r->v != V_OVER) {
            continue;
        }
        explain x;
        explain_row(c, r, &x);
        char msg[512];
        over_text(r, msg, sizeof(msg));
        fprintf(f, "\n%s on %s: %s\n", r->case_name, c->models[r->model].name, msg);
        if (x.have_kinds) {
            fputs("  kinds of cycles:", f);
            for (int k = 0; k < BUDGET_KINDS; k++) {
                int64_t d = (int64_t)(x.now_kinds[k] - x.ref_kinds[k]);
                if (d) {
                    fprintf(f, " %s %+lld", budget_kind_names[k], (long long)d);
                }
            }
            fputc('\n', f);
        }
        if (x.n_fns) {
            fputs("  functions that grew (self cycles):", f);
            for (size_t k = 0; k < x.n_fns; k++) {
                const growth *g = &x.fns[k];
                fprintf(f, "%s %s %s%+lld%s", k ? "," : "", g->name, g->known ? "" : ">= ",
                        (long long)(g->now - g->ref), g->known ? "" : " (not recorded)");
            }
            fputc('\n', f);
        } else if (!x.have_fns) {
            fputs("  (no per-function figures to compare", f);
            fputs(r->old ? ")\n" : "; record them with --update)\n", f);
        }
    }
    fprintf(f, "\ncheck: %zu checked, %u ok, %u over budget, %u case(s) failed, %u error(s)%s\n", c->n_rows,
            counts[V_OK], counts[V_OVER], counts[V_CASE_FAILED], counts[V_ERROR],
            c->update ? "; budgets updated" : "");
}

static void xml_str(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        default:
            if ((unsigned char)*s >= 0x20 || *s == '\n' || *s == '\t') {
                fputc(*s, f);
            }
        }
    }
}

static void write_junit(const check *c, FILE *f)
{
    unsigned failures = 0, errors = 0;
    for (size_t i = 0; i < c->n_rows; i++) {
        failures += c->rows[i].v == V_OVER || c->rows[i].v == V_CASE_FAILED;
        errors += c->rows[i].v == V_ERROR;
    }
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<testsuites name=\"cyclesim check\" tests=\"%zu\" failures=\"%u\" errors=\"%u\" time=\"%.3f\">\n",
            c->n_rows, failures, errors, c->host_seconds);
    fputs("  <testsuite name=\"", f);
    xml_str(f, c->elf_path);
    fprintf(f, "\" tests=\"%zu\" failures=\"%u\" errors=\"%u\" skipped=\"0\" time=\"%.3f\">\n", c->n_rows, failures,
            errors, c->host_seconds);
    fputs("    <properties>\n      <property name=\"elf_sha256\" value=\"", f);
    xml_str(f, c->elf->sha256_hex);
    fputs(c->old_elf ? "\"/>\n      <property name=\"baseline\" value=\"" : "\"/>\n      <property name=\"budgets\" value=\"", f);
    xml_str(f, c->old_elf ? c->old_path : c->budget_path);
    fprintf(f, "\"/>\n      <property name=\"state\" value=\"%s\"/>\n    </properties>\n", state_name(c));
    for (size_t i = 0; i < c->n_rows; i++) {
        const row *r = &c->rows[i];
        fputs("    <testcase classname=\"cyclesim.", f);
        xml_str(f, c->models[r->model].name);
        fputs("\" name=\"", f);
        xml_str(f, r->case_name);
        fputs("\">\n", f);
        char msg[512];
        if (r->v == V_OVER) {
            over_text(r, msg, sizeof(msg));
            fputs("      <failure type=\"over-budget\" message=\"", f);
            xml_str(f, msg);
            fputs("\">", f);
            explain x;
            explain_row(c, r, &x);
            if (x.have_kinds) {
                fputs("kinds of cycles (reference -> now):\n", f);
                for (int k = 0; k < BUDGET_KINDS; k++) {
                    fprintf(f, "  %s %llu -> %llu\n", budget_kind_names[k], (unsigned long long)x.ref_kinds[k],
                            (unsigned long long)x.now_kinds[k]);
                }
            }
            if (x.n_fns) {
                fputs("functions that grew most (self cycles):\n", f);
                for (size_t k = 0; k < x.n_fns; k++) {
                    fputs("  ", f);
                    xml_str(f, x.fns[k].name);
                    fprintf(f, " %s%+lld%s\n", x.fns[k].known ? "" : "&gt;= ", (long long)(x.fns[k].now - x.fns[k].ref),
                            x.fns[k].known ? "" : " (not recorded)");
                }
            }
            fputs("</failure>\n", f);
        } else if (r->v == V_CASE_FAILED || r->v == V_ERROR) {
            fprintf(f, "      <%s type=\"%s\" message=\"", r->v == V_ERROR ? "error" : "failure",
                    r->v == V_ERROR ? "run-error" : "known-answer");
            xml_str(f, r->why);
            fprintf(f, "\"/>\n");
        }
        if (r->v == V_OK || r->v == V_OVER) {
            fputs("      <system-out>", f);
            for (int g = 0; g < FIGS; g++) {
                if (r->has[g]) {
                    fprintf(f, "%s %llu, %s %llu, delta %+.2f%%, tolerance %g%%\n", fig_names[g],
                            (unsigned long long)r->actual[g], c->old_elf ? "baseline" : "budget",
                            (unsigned long long)r->limit[g], delta_pct(r->actual[g], r->limit[g]), r->tol);
                }
            }
            fputs("</system-out>\n", f);
        }
        fputs("    </testcase>\n", f);
    }
    fputs("  </testsuite>\n</testsuites>\n", f);
}

/* Markdown text in a table cell or code span: a '|' would end the cell. */
static void md_str(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '|') {
            fputs("\\|", f);
        } else if (*s == '`') {
            fputc('\'', f);
        } else if ((unsigned char)*s >= 0x20) {
            fputc(*s, f);
        }
    }
}

static void md_delta(FILE *f, uint64_t now, uint64_t ref)
{
    fprintf(f, "%+lld", (long long)(now - ref));
    if (ref) {
        fprintf(f, " (%+.2f %%)", delta_pct(now, ref));
    }
}

static void write_markdown(const check *c, FILE *f)
{
    unsigned bad = 0;
    for (size_t i = 0; i < c->n_rows; i++) {
        bad += c->rows[i].v != V_OK;
    }
    const char *ref = c->old_elf ? "baseline" : "budget";
    if (c->update) {
        fprintf(f, "## cyclesim check: budgets updated (%zu)\n\n", c->n_rows);
    } else if (bad) {
        fprintf(f, "## cyclesim check: %u of %zu not within %s\n\n", bad, c->n_rows, ref);
    } else {
        fprintf(f, "## cyclesim check: all %zu within %s\n\n", c->n_rows, ref);
    }
    fputs("ELF `", f);
    md_str(f, c->elf_path);
    fprintf(f, "` (sha256 `%.12s`), %s `", c->elf->sha256_hex, c->old_elf ? "baseline" : "budgets");
    md_str(f, c->old_elf ? c->old_path : c->budget_path);
    fprintf(f, "`, state %s.\n\n", state_name(c));
    fprintf(f, "| verdict | case | MCU | figure | %s | actual | delta | tolerance |\n", ref);
    fputs("|---|---|---|---|---:|---:|---:|---:|\n", f);
    for (size_t i = 0; i < c->n_rows; i++) {
        const row *r = &c->rows[i];
        if (r->v == V_CASE_FAILED || r->v == V_ERROR) {
            fprintf(f, "| **%s** | `", verdict_names[r->v]);
            md_str(f, r->case_name);
            fprintf(f, "` | %s | | | | ", c->models[r->model].name);
            md_str(f, r->why);
            fputs(" | |\n", f);
            continue;
        }
        for (int g = 0; g < FIGS; g++) {
            if (!r->has[g]) {
                continue;
            }
            fprintf(f, "| %s | `", c->update ? "updated" : r->over[g] ? "**over budget**" : "ok");
            md_str(f, r->case_name);
            fprintf(f, "` | %s | %s | %llu | %llu | %+.2f %% | %g %% |\n", c->models[r->model].name, fig_names[g],
                    (unsigned long long)r->limit[g], (unsigned long long)r->actual[g],
                    delta_pct(r->actual[g], r->limit[g]), r->tol);
        }
    }
    for (size_t i = 0; i < c->n_rows && !c->update; i++) {
        const row *r = &c->rows[i];
        if (r->v != V_OVER) {
            continue;
        }
        char msg[512];
        over_text(r, msg, sizeof(msg));
        fputs("\n### `", f);
        md_str(f, r->case_name);
        fprintf(f, "` on %s\n\n", c->models[r->model].name);
        md_str(f, msg);
        fputs("\n\n", f);
        explain x;
        explain_row(c, r, &x);
        if (x.have_kinds) {
            fprintf(f, "| kind of cycles | %s | actual | delta |\n|---|---:|---:|---:|\n", ref);
            for (int k = 0; k < BUDGET_KINDS; k++) {
                fprintf(f, "| %s | %llu | %llu | ", budget_kind_names[k], (unsigned long long)x.ref_kinds[k],
                        (unsigned long long)x.now_kinds[k]);
                md_delta(f, x.now_kinds[k], x.ref_kinds[k]);
                fputs(" |\n", f);
            }
            fputc('\n', f);
        }
        if (x.n_fns) {
            fprintf(f, "Functions that grew most (self cycles):\n\n| function | %s | actual | delta |\n"
                       "|---|---:|---:|---:|\n", ref);
            for (size_t k = 0; k < x.n_fns; k++) {
                const growth *g = &x.fns[k];
                fputs("| `", f);
                md_str(f, g->name);
                if (g->known) {
                    fprintf(f, "` | %llu | %llu | ", (unsigned long long)g->ref, (unsigned long long)g->now);
                    md_delta(f, g->now, g->ref);
                } else {
                    fprintf(f, "` | not recorded (<= %llu) | %llu | >= %+lld", (unsigned long long)g->ref,
                            (unsigned long long)g->now, (long long)(g->now - g->ref));
                }
                fputs(" |\n", f);
            }
            fputc('\n', f);
        } else if (!x.have_fns) {
            fputs(r->old ? "No per-function figures to compare.\n"
                         : "The budget records no per-function figures (`cyclesim check --update` records them).\n",
                  f);
        }
    }
}

/* ---- --update ------------------------------------------------------------------ */

/* The new figures of every budget that was checked: an exact case takes its
 * figures, breakdown and top functions; a glob takes the largest figures of
 * the cases it matches. */
static bool update_budgets(check *c)
{
    const char *slash = strrchr(c->elf_path, '/');
    char *elf = strdup(slash ? slash + 1 : c->elf_path);
    if (!elf) {
        return false;
    }
    free(c->file.elf);
    c->file.elf = elf;
    for (size_t i = 0; i < c->file.n; i++) {
        budget *b = &c->file.b[i];
        bool first = true;
        for (size_t k = 0; k < c->n_rows; k++) {
            const row *r = &c->rows[k];
            if (r->budget != i) {
                continue;
            }
            uint64_t fig[FIGS];
            footprint(r->now, fig);
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

/* ---- the command ---------------------------------------------------------------- */

static void free_check(check *c)
{
    for (size_t i = 0; i < c->n_jobs; i++) {
        csim_run_result_free(&c->jobs[i].res);
    }
    for (size_t i = 0; i < c->n_old_jobs; i++) {
        csim_run_result_free(&c->old_jobs[i].res);
    }
    free(c->jobs);
    free(c->old_jobs);
    free(c->rows);
    free(c->models);
    free(c->cases.names);
    free(c->old_cases.names);
    budget_free(&c->file);
    csim_elf_free(c->elf);
    csim_elf_free(c->old_elf);
}

static FILE *open_out(const char *path, int *rc)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "cyclesim: error: %s: cannot write\n", path);
        *rc = EXIT_IO;
    }
    return f;
}

static int run_check(check *c, const char *mcus, const char *const *sets, unsigned n_sets,
                     const csim_run_opts *ro, unsigned workers, bool progress, FILE **junit, FILE **md,
                     const char *junit_path, const char *md_path)
{
    csim_diag d = {0};
    csim_err err = csim_elf_load(c->elf_path, &c->elf, &d);
    if (err) {
        return cli_fail(err, &d);
    }
    if (c->old_path && (err = csim_elf_load(c->old_path, &c->old_elf, &d))) {
        return cli_fail(err, &d);
    }
    if (!read_cases(c->elf, &c->cases) || (c->old_elf && !read_cases(c->old_elf, &c->old_cases))) {
        return EXIT_BAD_ELF;
    }
    if (c->budget_path) {
        budget_err be = budget_load(c->budget_path, &c->file, &d);
        if (be) {
            fprintf(stderr, "cyclesim: error: %s\n", d.msg);
            return be == BUDGET_ERR_IO ? EXIT_IO : EXIT_BAD_INPUT;
        }
        c->have_file = true;
        const char *base = strrchr(c->elf_path, '/');
        base = base ? base + 1 : c->elf_path;
        if (c->file.elf && strcmp(c->file.elf, base) != 0) {
            fprintf(stderr, "cyclesim: warning: %s was recorded for %s, checking %s\n", c->budget_path, c->file.elf,
                    base);
        }
    }
    if (!(c->models = calloc(CLI_MAX_MODELS, sizeof(*c->models)))) {
        return EXIT_FAULT;
    }
    int rc = c->have_file ? rows_from_file(c, mcus, sets, n_sets) : rows_from_baseline(c, mcus, sets, n_sets);
    if (rc) {
        return rc;
    }
    /* Reports are opened once the input is known good, before the long part. */
    if ((junit_path && !(*junit = open_out(junit_path, &rc))) || (md_path && !(*md = open_out(md_path, &rc)))) {
        return rc;
    }
    c->jobs = plan_jobs(c, false, ro, &c->n_jobs);
    c->old_jobs = c->old_elf ? plan_jobs(c, true, ro, &c->n_old_jobs) : NULL;
    if (!c->jobs || (c->old_elf && !c->old_jobs)) {
        return EXIT_FAULT;
    }
    csim_jobs_run(c->elf, c->jobs, c->n_jobs, workers, progress);
    if (c->old_elf) {
        csim_jobs_run(c->old_elf, c->old_jobs, c->n_old_jobs, workers, progress);
    }
    for (size_t i = 0; i < c->n_jobs; i++) {
        c->host_seconds += c->jobs[i].res.host_seconds;
    }
    for (size_t i = 0; i < c->n_old_jobs; i++) {
        c->host_seconds += c->old_jobs[i].res.host_seconds;
    }
    /* Exit code: a run that could not complete, then a failed case, then a budget. */
    int run_rc = EXIT_OK;
    bool case_failed = false, over_budget = false;
    for (size_t i = 0; i < c->n_rows; i++) {
        row *r = &c->rows[i];
        evaluate(c, r);
        case_failed |= r->v == V_CASE_FAILED;
        over_budget |= r->v == V_OVER;
    }
    csim_job *all[2] = {c->jobs, c->old_jobs};
    size_t counts[2] = {c->n_jobs, c->n_old_jobs};
    for (int s = 0; s < 2; s++) {
        for (size_t i = 0; i < counts[s]; i++) {
            const csim_job *j = &all[s][i];
            if (j->err) {
                fprintf(stderr, "cyclesim: error: %s: %s\n", j->model->name,
                        j->diag.msg[0] ? j->diag.msg : csim_strerror(j->err));
                if (!run_rc) {
                    run_rc = cli_exit_code(j->err);
                }
            } else if (j->res.exited && j->res.exit_status) {
                fprintf(stderr, "cyclesim: error: %s: %s exited with status %u\n", j->model->name,
                        s ? c->old_path : c->elf_path, j->res.exit_status);
                case_failed = true;
            }
        }
    }
    for (size_t i = 0; i < c->n_rows; i++) {
        const row *r = &c->rows[i];
        /* A case missing from a run that completed: the firmware skipped it. */
        bool unreported = r->v == V_ERROR && !run_rc;
        if (r->v == V_CASE_FAILED || unreported) {
            fprintf(stderr, "cyclesim: error: %s: case %s: %s\n", c->models[r->model].name, r->case_name, r->why);
            case_failed = true;
        }
    }
    rc = run_rc ? run_rc : case_failed ? EXIT_CASE_FAILED : EXIT_OK;
    if (c->update && rc == EXIT_OK) {
        if (!update_budgets(c)) {
            return EXIT_FAULT;
        }
        budget_err be = budget_save(c->budget_path, &c->file, &d);
        if (be) {
            fprintf(stderr, "cyclesim: error: %s\n", d.msg);
            return EXIT_IO;
        }
    } else if (c->update) {
        fprintf(stderr, "cyclesim: error: %s not updated: a run or a case failed\n", c->budget_path);
        c->update = false;
    } else if (rc == EXIT_OK && over_budget) {
        rc = EXIT_OVER_BUDGET;
    }
    print_summary(c, stdout);
    if (*junit) {
        write_junit(c, *junit);
    }
    if (*md) {
        write_markdown(c, *md);
    }
    return rc;
}

int cmd_check(int argc, char **argv)
{
    static const struct option opts[] = {
        {"budgets", required_argument, 0, 'b'},   {"mcu", required_argument, 0, 'm'},
        {"set", required_argument, 0, 's'},       {"warm", no_argument, 0, 'w'},
        {"junit", required_argument, 0, 'J'},     {"markdown", required_argument, 0, 'M'},
        {"update", no_argument, 0, 'U'},          {"baseline", required_argument, 0, 'B'},
        {"tolerance", required_argument, 0, 'T'}, {"max-insns", required_argument, 0, 'L'},
        {"no-progress", no_argument, 0, 'P'},     {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    check c = {.tolerance = -1};
    const char *mcus = NULL, *junit_path = NULL, *md_path = NULL;
    const char *sets[CLI_MAX_SETS];
    unsigned n_sets = 0, workers = 1;
    bool progress = true;
    csim_run_opts ro = {.max_insns = CSIM_DEFAULT_MAX_INSNS, .profile = true};
    unsigned long long v;
    int o;
    optind = 1;
    while ((o = getopt_long(argc, argv, "m:s:j:", opts, NULL)) != -1) {
        switch (o) {
        case 'b': c.budget_path = optarg; break;
        case 'm': mcus = optarg; break;
        case 's':
            if (n_sets == CLI_MAX_SETS) {
                fprintf(stderr, "cyclesim: error: too many --set\n");
                return EXIT_USAGE;
            }
            sets[n_sets++] = optarg;
            break;
        case 'w': ro.warm = c.warm = true; break;
        case 'J': junit_path = optarg; break;
        case 'M': md_path = optarg; break;
        case 'U': c.update = true; break;
        case 'B': c.old_path = optarg; break;
        case 'T': {
            char *end;
            c.tolerance = strtod(optarg, &end);
            if (*end || end == optarg || !(c.tolerance >= 0 && c.tolerance <= 100)) {
                fprintf(stderr, "cyclesim: error: --tolerance %s: a percentage in [0, 100]\n", optarg);
                return EXIT_USAGE;
            }
            break;
        }
        case 'j':
            if (!cli_parse_jobs(optarg, &workers)) {
                return EXIT_USAGE;
            }
            break;
        case 'P': progress = false; break;
        case 'L':
            if (!cli_parse_u64("--max-insns", optarg, &v)) {
                return EXIT_USAGE;
            }
            ro.max_insns = v;
            break;
        case 'h': return CLI_SHOW_HELP;
        default: return CLI_BAD_USAGE;
        }
    }
    if (optind + 1 != argc) {
        return CLI_BAD_USAGE;
    }
    c.elf_path = argv[optind];
    if (!c.budget_path && !c.old_path) {
        fprintf(stderr, "cyclesim: error: check needs --budgets FILE or --baseline OLD.elf\n");
        return EXIT_USAGE;
    }
    if (c.update && (!c.budget_path || c.old_path)) {
        fprintf(stderr, "cyclesim: error: --update rewrites a --budgets file and cannot be used with --baseline\n");
        return EXIT_USAGE;
    }
    FILE *junit = NULL, *md = NULL;
    int rc = run_check(&c, mcus, sets, n_sets, &ro, workers, progress, &junit, &md, junit_path, md_path);
    if ((junit && fclose(junit) != 0) || (md && fclose(md) != 0)) {
        fprintf(stderr, "cyclesim: error: cannot write the --junit or --markdown report\n");
        rc = rc ? rc : EXIT_IO;
    }
    free_check(&c);
    return rc;
}
