/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_calibrate.c - `cyclesim calibrate`: fit uncertain model keys to
 * measured cycle counts (a published page or a board's output) by
 * Gauss-Newton on the relative errors, and write the result as a model
 * overlay (docs/calibrate.md).
 *
 * Each iteration runs the ELFs once at the current values and once per
 * parameter stepped by one unit; the difference is the sensitivity of each
 * row to that parameter (the count of the events it prices, where the model
 * is linear in it).  fit.c solves for the step, which is bounded by the key
 * table's range and rounded (every fittable key is an integer or a boolean).
 * The step is halved while the error does not fall; where no step helps,
 * single-unit moves are tried; the fit ends where nothing lowers the error.
 */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cyclesim/fit.h"
#include "cyclesim/jobs.h"
#include "cyclesim/model_keys.h"
#include "cyclesim/overlay.h"
#include "cyclesim/published.h"
#include "cyclesim/sim.h"

#define MAX_PARAMS 16
#define MAX_MEASURED 16
#define MAX_ITERATIONS 8

typedef struct param {
    const csim_key *key;
    double start, value;
} param;

/* A case of one of the ELFs that meets a measured row. */
typedef struct match {
    unsigned image;          /* which ELF */
    size_t case_index;       /* position in its case table */
    char name[96];           /* case name */
    const csim_pub_row *row;
    unsigned file;
    bool held_out;
    bool fw_measured;        /* a board's own count: compare the firmware's count under the model */
} match;

/* The cases of an ELF that the runs cover: from its first matched case to
 * its last (count 0: none matched, the ELF is not run). */
typedef struct span {
    uint32_t first, count;
} span;

typedef struct calib {
    const csim_elf *const *elfs;
    unsigned n_elfs;
    const csim_model *model; /* base file + --set */
    param params[MAX_PARAMS];
    size_t n_params;
    match *rows;
    size_t n_rows, n_fit;
    span *spans;             /* per ELF */
    unsigned workers;
    bool progress;           /* progress line on a terminal */
    unsigned runs;
} calib;

static bool fittable_type(const csim_key *k)
{
    return k->type == CSIM_K_U32 || k->type == CSIM_K_INT || k->type == CSIM_K_BOOL;
}

static double key_number(const csim_model *m, const csim_key *k)
{
    char text[64];
    csim_model_get(m, k->name, text, sizeof(text));
    return k->type == CSIM_K_BOOL ? strcmp(text, "true") == 0 : strtod(text, NULL);
}

static double key_hi(const csim_key *k) { return k->type == CSIM_K_BOOL ? 1 : k->max; }
static double key_lo(const csim_key *k) { return k->type == CSIM_K_BOOL ? 0 : k->min; }

static csim_err set_key(csim_model *m, const csim_key *k, double v, csim_diag *d)
{
    if (k->type == CSIM_K_BOOL) {
        return csim_key_set_string(m, k, v != 0 ? "true" : "false", "calibrate", d);
    }
    return csim_key_set_number(m, k, v, "calibrate", d);
}

/* --params: "uncertain" (every uncertain key that applies to the model) or a
 * comma-separated list.  Returns an exit code (EXIT_OK on success). */
static int choose_params(calib *c, const char *spec)
{
    if (strcmp(spec, "uncertain") == 0) {
        size_t n;
        const csim_key *keys = csim_keys(&n);
        for (size_t i = 0; i < n && c->n_params < MAX_PARAMS; i++) {
            if (strncmp(keys[i].source, "uncertain", 9) == 0 && fittable_type(&keys[i]) &&
                csim_key_applies(&keys[i], c->model)) {
                c->params[c->n_params++].key = &keys[i];
            }
        }
    } else {
        char buf[1024];
        snprintf(buf, sizeof(buf), "%s", spec);
        for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
            const csim_key *k = csim_key_find(t);
            if (!k) {
                fprintf(stderr, "cyclesim: error: --params: unknown model key \"%s\" (see docs/model-keys.md)\n", t);
                return EXIT_BAD_MODEL;
            }
            if (!fittable_type(k)) {
                fprintf(stderr, "cyclesim: error: --params: %s is not a number or boolean and cannot be fitted\n", t);
                return EXIT_USAGE;
            }
            for (size_t j = 0; j < c->n_params; j++) {
                if (c->params[j].key == k) {
                    fprintf(stderr, "cyclesim: error: --params: %s given twice\n", t);
                    return EXIT_USAGE;
                }
            }
            if (c->n_params == MAX_PARAMS) {
                fprintf(stderr, "cyclesim: error: --params: at most %d keys\n", MAX_PARAMS);
                return EXIT_USAGE;
            }
            c->params[c->n_params++].key = k;
        }
    }
    if (c->n_params == 0) {
        fprintf(stderr, "cyclesim: error: --params %s: no key to fit on %s\n", spec, c->model->name);
        return EXIT_USAGE;
    }
    for (size_t j = 0; j < c->n_params; j++) {
        c->params[j].start = c->params[j].value = key_number(c->model, c->params[j].key);
    }
    return EXIT_OK;
}

/* The result of matched row r in its ELF's run (limited to the ELF's span). */
static const csim_case_result *find_case(const calib *c, const csim_run_result *res, const match *r)
{
    size_t i = r->case_index - c->spans[r->image].first;
    if (i >= res->n_cases || strcmp(res->cases[i].name, r->name) != 0) {
        return NULL;
    }
    return &res->cases[i];
}

/* Runs the model at each of n value vectors (n_params values each), one run
 * per vector and ELF with matched rows, and stores the cycles of every
 * matched row in cyc[v * n_rows + row].  ok[v] tells which vectors ran
 * without error; the first failure is kept in *err / *d. */
static void evaluate(calib *c, const double *values, size_t n, double *cyc, bool *ok,
                     csim_err *err, csim_diag *d)
{
    csim_model *models = calloc(n, sizeof(*models));
    csim_job *jobs = calloc(n * c->n_elfs + 1, sizeof(*jobs));
    unsigned *job_elf = calloc(n * c->n_elfs + 1, sizeof(*job_elf));
    size_t n_jobs = 0;
    *err = CSIM_OK;
    if (!models || !jobs || !job_elf) {
        free(models);
        free(jobs);
        free(job_elf);
        *err = csim_fail(d, CSIM_ERR_NOMEM, "out of memory");
        memset(ok, 0, n * sizeof(*ok));
        return;
    }
    for (size_t v = 0; v < n; v++) {
        csim_diag md = {0};
        csim_err e = CSIM_OK;
        models[v] = *c->model;
        for (size_t j = 0; j < c->n_params && !e; j++) {
            e = set_key(&models[v], c->params[j].key, values[v * c->n_params + j], &md);
        }
        if (!e) {
            e = csim_model_check(&models[v], &md);
        }
        /* Models that fail their check are not run. */
        ok[v] = !e;
        if (e && !*err) {
            *err = e;
            *d = md;
        }
        for (unsigned i = 0; ok[v] && i < c->n_elfs; i++) {
            if (c->spans[i].count) {
                job_elf[n_jobs] = i;
                jobs[n_jobs].elf = c->elfs[i];
                jobs[n_jobs].model = &models[v];
                jobs[n_jobs].opts.max_insns = CSIM_DEFAULT_MAX_INSNS;
                jobs[n_jobs].opts.case_first = c->spans[i].first;
                jobs[n_jobs++].opts.case_count = c->spans[i].count;
            }
        }
    }
    csim_jobs_run(c->elfs[0], jobs, n_jobs, c->workers, c->progress);
    c->runs += (unsigned)n_jobs;
    for (size_t k = 0; k < n_jobs; k++) {
        csim_job *jb = &jobs[k];
        size_t v = (size_t)(jb->model - models);
        for (size_t r = 0; ok[v] && !jb->err && r < c->n_rows; r++) {
            if (c->rows[r].image != job_elf[k]) {
                continue;
            }
            const csim_case_result *cr = find_case(c, &jb->res, &c->rows[r]);
            if (!cr) {
                jb->err = csim_fail(&jb->diag, CSIM_ERR_INTERNAL, "case %s missing from a run", c->rows[r].name);
            } else if (cr->status != 0) {
                /* A model under which the firmware computes wrong results times nothing. */
                jb->err = csim_fail(&jb->diag, CSIM_ERR_CASE, "%s: case %s failed its check (status %u)",
                                    jb->model->name, cr->name, cr->status);
            } else {
                cyc[v * c->n_rows + r] = (double)(c->rows[r].fw_measured ? cr->fw_cycles : cr->cycles);
            }
        }
        if (jb->err && ok[v]) {
            ok[v] = false;
            if (!*err) {
                *err = jb->err;
                *d = jb->diag;
            }
        }
        csim_run_result_free(&jb->res);
    }
    free(models);
    free(jobs);
    free(job_elf);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Median (mean of the middle two), p90 (nearest rank) and max of v[0..n). */
static csim_err_stats stats_of(double *v, size_t n)
{
    csim_err_stats s = {n, 0, 0, 0};
    if (n == 0) {
        return s;
    }
    qsort(v, n, sizeof(*v), cmp_double);
    s.median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    s.p90 = v[(size_t)ceil(0.9 * (double)n) - 1];
    s.max = v[n - 1];
    return s;
}

static double pct(double model, double measured) { return 100.0 * (model - measured) / measured; }

/* |error| % of the rows selected by held_out (and, when sens is given, only
 * those whose cycles change with the parameter: sens[row] != 0). */
static csim_err_stats row_stats(const calib *c, const double *cyc, bool held_out, const double *sens)
{
    double *v = malloc(sizeof(double) * (c->n_rows ? c->n_rows : 1));
    size_t n = 0;
    for (size_t r = 0; v && r < c->n_rows; r++) {
        if (c->rows[r].held_out == held_out && (!sens || sens[r] != 0)) {
            v[n++] = fabs(pct(cyc[r], c->rows[r].row->cycles));
        }
    }
    csim_err_stats s = stats_of(v, n);
    free(v);
    return s;
}

static int cmp_match(const void *a, const void *b)
{
    const match *x = a, *y = b;
    int k = strcmp(x->row->key, y->row->key);
    return k ? k : (x->file > y->file) - (x->file < y->file);
}

/* The case table of one ELF (csim_case_list). */
typedef struct case_table {
    size_t n;
    char (*names)[96], (*rows)[96];
} case_table;

static void warn_unmatched_file(const calib *c, const char *path)
{
    if (c->n_elfs == 1) {
        fprintf(stderr, "cyclesim: warning: %s: no row meets a case of %s\n", path, c->elfs[0]->path);
    } else {
        fprintf(stderr, "cyclesim: warning: %s: no row meets a case of the %u ELFs\n", path, c->n_elfs);
    }
}

/* The cases of the ELFs' tables that meet a row of the measured tables, and
 * each ELF's span. */
static bool match_rows(calib *c, const case_table *cases, const csim_pub_table *tabs, unsigned n_tabs,
                       const char *const *paths, unsigned holdout)
{
    size_t n_cases = 0;
    for (unsigned e = 0; e < c->n_elfs; e++) {
        n_cases += cases[e].n;
    }
    c->rows = calloc(n_cases * n_tabs + 1, sizeof(*c->rows));
    c->spans = calloc(c->n_elfs, sizeof(*c->spans));
    if (!c->rows || !c->spans) {
        return false;
    }
    for (unsigned f = 0; f < n_tabs; f++) {
        size_t before = c->n_rows;
        for (unsigned e = 0; e < c->n_elfs; e++) {
            for (size_t i = 0; i < cases[e].n; i++) {
                /* A board's output keys a case by its row, or by its name when it has none. */
                const char *name = cases[e].names[i], *case_row = cases[e].rows[i];
                const char *key = tabs[f].board_output && !case_row[0] ? name : case_row;
                const csim_pub_row *row = *key ? csim_pub_find(&tabs[f], key, CSIM_ROW_CYCLES) : NULL;
                if (!row || !isfinite(row->cycles) || row->cycles <= 0) {
                    continue;
                }
                match *m = &c->rows[c->n_rows++];
                m->image = e;
                m->case_index = i;
                snprintf(m->name, sizeof(m->name), "%s", name);
                m->row = row;
                m->file = f;
                m->fw_measured = tabs[f].board_output;
            }
        }
        if (c->n_rows == before) {
            warn_unmatched_file(c, paths[f]);
        }
    }
    qsort(c->rows, c->n_rows, sizeof(*c->rows), cmp_match);
    for (size_t r = 0; r < c->n_rows; r++) {
        c->rows[r].held_out = holdout && (r + 1) % holdout == 0;
        c->n_fit += !c->rows[r].held_out;
    }
    /* The runs need only the cases from the first to the last matched one. */
    for (unsigned e = 0; e < c->n_elfs; e++) {
        size_t lo = cases[e].n, hi = 0;
        for (size_t r = 0; r < c->n_rows; r++) {
            if (c->rows[r].image == e) {
                lo = c->rows[r].case_index < lo ? c->rows[r].case_index : lo;
                hi = c->rows[r].case_index > hi ? c->rows[r].case_index : hi;
            }
        }
        if (lo <= hi) {
            c->spans[e] = (span){(uint32_t)lo, (uint32_t)(hi - lo + 1)};
        } else if (c->n_elfs > 1) {
            fprintf(stderr, "cyclesim: warning: %s: no measured row meets one of its cases\n", c->elfs[e]->path);
        }
    }
    return true;
}

typedef struct outcome {
    double *before, *after;  /* cycles per row, at the start and at the fitted values */
    double *sens;            /* cycles per unit at the fitted values: sens[j * n_rows + r] */
    csim_fit_state state[MAX_PARAMS];
    unsigned iterations;
    bool converged;
} outcome;

static bool fitted_state(csim_fit_state s) { return s == CSIM_FIT_FREE || s == CSIM_FIT_AT_BOUND; }

/* Sum of squared relative errors over the fitted rows. */
static double sse_of(const calib *c, const double *cyc)
{
    double sse = 0;
    for (size_t r = 0; r < c->n_rows; r++) {
        if (!c->rows[r].held_out) {
            double e = (cyc[r] - c->rows[r].row->cycles) / c->rows[r].row->cycles;
            sse += e * e;
        }
    }
    return sse;
}

static bool changes_fitted_rows(const calib *c, const double *a, const double *b)
{
    for (size_t r = 0; r < c->n_rows; r++) {
        if (!c->rows[r].held_out && a[r] != b[r]) {
            return true;
        }
    }
    return false;
}

static bool in_range(const param *p, double v) { return v >= key_lo(p->key) && v <= key_hi(p->key); }

/* The model at `values`, with cyc[0..R) its cycles; false if it does not run. */
static bool run_at(calib *c, const double *values, double *cyc)
{
    bool ok;
    csim_err err;
    csim_diag d = {0};
    evaluate(c, values, 1, cyc, &ok, &err, &d);
    return ok;
}

/* Runs the model one unit away from the current values in each parameter:
 * nb[j*R..] are the cycles, steps[j] the step.  The step is one unit up
 * (down at the top of the range); where that changes no fitted row or gives
 * a model that does not run, one unit down is tried as well (a buffer count,
 * for example, may matter below its current value but not above).  steps[j]
 * is 0, and nb the current cycles, if neither runs. */
static void neighbours(calib *c, const double *cyc, double *nb, double *steps)
{
    const size_t P = c->n_params, R = c->n_rows;
    double values[MAX_PARAMS * MAX_PARAMS], other[MAX_PARAMS * MAX_PARAMS];
    bool ok[MAX_PARAMS], ok2[MAX_PARAMS];
    size_t which[MAX_PARAMS], n_other = 0;
    csim_err err;
    csim_diag d = {0};
    for (size_t j = 0; j < P; j++) {
        for (size_t k = 0; k < P; k++) {
            values[j * P + k] = c->params[k].value;
        }
        steps[j] = in_range(&c->params[j], c->params[j].value + 1) ? 1 : -1;
        values[j * P + j] += steps[j];
    }
    evaluate(c, values, P, nb, ok, &err, &d);
    for (size_t j = 0; j < P; j++) {
        double v = c->params[j].value - steps[j];
        if ((!ok[j] || !changes_fitted_rows(c, cyc, nb + j * R)) && in_range(&c->params[j], v)) {
            memcpy(other + n_other * P, values + j * P, sizeof(double) * P);
            other[n_other * P + j] = v;
            which[n_other++] = j;
        }
    }
    double *nb2 = n_other ? malloc(sizeof(double) * n_other * R) : NULL;
    if (nb2) {
        evaluate(c, other, n_other, nb2, ok2, &err, &d);
    }
    for (size_t k = 0; nb2 && k < n_other; k++) {
        size_t j = which[k];
        if (ok2[k] && (!ok[j] || changes_fitted_rows(c, cyc, nb2 + k * R))) {
            memcpy(nb + j * R, nb2 + k * R, sizeof(double) * R);
            steps[j] = -steps[j];
            ok[j] = true;
        }
    }
    free(nb2);
    for (size_t j = 0; j < P; j++) {
        if (!ok[j]) {
            steps[j] = 0;
            memcpy(nb + j * R, cyc, sizeof(double) * R);
        }
    }
}

/* The single-unit move of a fitted parameter that lowers the error most:
 * the neighbours already run, and the other direction, run here.  Returns
 * the parameter (its step in *step, the cycles there in out), or -1. */
static int best_move(calib *c, const double *nb, const double *steps, const csim_fit_state *state,
                     double sse, double *step, double *out)
{
    const size_t P = c->n_params, R = c->n_rows;
    double *other = malloc(sizeof(double) * R);
    int best = -1;
    for (size_t j = 0; other && j < P; j++) {
        if (!fitted_state(state[j]) || steps[j] == 0) {
            continue;
        }
        double s = sse_of(c, nb + j * R);
        if (s < sse) {
            sse = s;
            *step = steps[j];
            memcpy(out, nb + j * R, sizeof(double) * R);
            best = (int)j;
        }
        double values[MAX_PARAMS];
        for (size_t k = 0; k < P; k++) {
            values[k] = c->params[k].value;
        }
        values[j] -= steps[j];
        if (in_range(&c->params[j], values[j]) && run_at(c, values, other) && (s = sse_of(c, other)) < sse) {
            sse = s;
            *step = -steps[j];
            memcpy(out, other, sizeof(double) * R);
            best = (int)j;
        }
    }
    free(other);
    return best;
}

/* Gauss-Newton with a halving line search on the rounded step; where no
 * step lowers the error, the best single-unit move (the rounded linear step
 * can stop short where the model is not linear).  Ends at values where
 * neither lowers the error, or after MAX_ITERATIONS.  Returns an exit code. */
static int fit(calib *c, outcome *o)
{
    const size_t P = c->n_params, R = c->n_rows;
    double *cur = malloc(sizeof(double) * R), *trial_cyc = malloc(sizeof(double) * R);
    double *nb = malloc(sizeof(double) * P * R);
    double *J = malloc(sizeof(double) * R * P), *res = malloc(sizeof(double) * R);
    double x_new[MAX_PARAMS], trial[MAX_PARAMS], steps[MAX_PARAMS];
    csim_fit_param fp[MAX_PARAMS];
    o->before = calloc(R, sizeof(double));
    o->after = calloc(R, sizeof(double));
    o->sens = calloc(R * P, sizeof(double));
    int rc = EXIT_OK;
    if (!cur || !trial_cyc || !nb || !J || !res || !o->before || !o->after || !o->sens) {
        fprintf(stderr, "cyclesim: error: out of memory\n");
        rc = EXIT_FAULT;
        goto out;
    }
    for (size_t j = 0; j < P; j++) {
        trial[j] = c->params[j].value;
    }
    {
        bool ok;
        csim_err err;
        csim_diag d = {0};
        evaluate(c, trial, 1, cur, &ok, &err, &d);
        if (!ok) {
            rc = cli_fail(err, &d);
            goto out;
        }
    }
    memcpy(o->before, cur, sizeof(double) * R);
    for (unsigned it = 1;; it++) {
        double sse = sse_of(c, cur);
        neighbours(c, cur, nb, steps);
        o->iterations = it;
        memcpy(o->after, cur, sizeof(double) * R);
        for (size_t r = 0, f = 0; r < R; r++) {
            double meas = c->rows[r].row->cycles;
            for (size_t j = 0; j < P; j++) {
                o->sens[j * R + r] = steps[j] ? (nb[j * R + r] - cur[r]) / steps[j] : 0;
            }
            if (!c->rows[r].held_out) {
                res[f] = (cur[r] - meas) / meas;
                for (size_t j = 0; j < P; j++) {
                    J[f * P + j] = o->sens[j * R + r] / meas;
                }
                f++;
            }
        }
        for (size_t j = 0; j < P; j++) {
            fp[j].value = c->params[j].value;
            fp[j].lo = key_lo(c->params[j].key);
            fp[j].hi = key_hi(c->params[j].key);
            fp[j].integer = true;
        }
        if (csim_fit_step(c->n_fit, P, J, res, NULL, fp, x_new, o->state) == SIZE_MAX) {
            fprintf(stderr, "cyclesim: error: out of memory\n");
            rc = EXIT_FAULT;
            goto out;
        }
        if (it > MAX_ITERATIONS) {
            fprintf(stderr, "cyclesim: warning: the fit did not settle in %d iterations; the values "
                            "reported are the best found\n", MAX_ITERATIONS);
            break;
        }
        /* The step, then half of it, a quarter...: the first point that
         * runs and lowers the error. */
        bool moved = false;
        for (double t = 1;; t /= 2) {
            bool same = true;
            for (size_t j = 0; j < P; j++) {
                trial[j] = round(fp[j].value + t * (x_new[j] - fp[j].value));
                same &= trial[j] == fp[j].value;
            }
            if (same) {
                break;
            }
            if (run_at(c, trial, trial_cyc) && sse_of(c, trial_cyc) < sse) {
                moved = true;
                break;
            }
        }
        if (!moved) {
            double step = 0;
            int j = best_move(c, nb, steps, o->state, sse, &step, trial_cyc);
            if (j < 0) {
                o->converged = true;
                break;
            }
            for (size_t k = 0; k < P; k++) {
                trial[k] = fp[k].value;
            }
            trial[j] += step;
        }
        for (size_t j = 0; j < P; j++) {
            c->params[j].value = trial[j];
        }
        memcpy(cur, trial_cyc, sizeof(double) * R);
    }
    /* A bound that held the linear step but not the final value. */
    for (size_t j = 0; j < P; j++) {
        if (o->state[j] == CSIM_FIT_AT_BOUND && c->params[j].value != key_lo(c->params[j].key) &&
            c->params[j].value != key_hi(c->params[j].key)) {
            o->state[j] = CSIM_FIT_FREE;
        }
    }
out:
    free(cur);
    free(trial_cyc);
    free(nb);
    free(J);
    free(res);
    return rc;
}

static void print_stats(const char *what, const csim_err_stats *s)
{
    if (s->n) {
        printf("%-16s %5zu %8.3f %8.3f %8.3f\n", what, s->n, s->median, s->p90, s->max);
    } else {
        printf("%-16s %5zu\n", what, s->n);
    }
}

static void print_table(const csim_calibration *k, const calib *c)
{
    printf("calibrate ");
    for (unsigned i = 0; i < k->n_elfs; i++) {
        printf("%s%s", i ? ", " : "", k->elfs[i]->path);
    }
    printf(" on %s: %zu rows matched in %u file(s), %zu fitted, %zu held out; "
           "%u iteration(s), %u runs, %s\n\n",
           k->model->name, k->n_rows, k->n_measured, c->n_fit, c->n_rows - c->n_fit,
           k->iterations, k->runs, k->converged ? "converged" : "NOT converged");
    printf("%-24s %6s %6s  %-9s %9s  %-24s  %s\n", "parameter", "start", "fitted", "state", "rows",
           "cycles/unit min/med/max", "held-out |error %| med/max (rows)");
    for (size_t j = 0; j < k->n_params; j++) {
        const csim_calib_param *p = &k->params[j];
        if (!fitted_state(p->state)) {
            printf("%-24s %6g %6s  %s\n", p->key, p->start, "-", csim_fit_state_name(p->state));
            continue;
        }
        char rows[32], unit[64], held[64];
        snprintf(rows, sizeof(rows), "%zu/%zu", p->rows_sensitive, c->n_fit);
        snprintf(unit, sizeof(unit), "%g/%g/%g", p->per_unit_min, p->per_unit_median, p->per_unit_max);
        if (p->held_out.n) {
            snprintf(held, sizeof(held), "%.3f/%.3f (%zu)", p->held_out.median, p->held_out.max, p->held_out.n);
        } else {
            snprintf(held, sizeof(held), "- (no held-out row depends on it)");
        }
        printf("%-24s %6g %6g  %-9s %9s  %-24s  %s\n", p->key, p->start, p->fitted, csim_fit_state_name(p->state),
               rows, unit, held);
    }
    printf("\n%-40s %-8s %12s %12s %12s %9s %9s\n", "row", "role", "measured", "before", "after",
           "before %", "after %");
    for (size_t r = 0; r < k->n_rows; r++) {
        const csim_calib_row *w = &k->rows[r];
        printf("%-40s %-8s %12.0f %12.0f %12.0f %9.3f %9.3f\n", w->key, w->held_out ? "held-out" : "fitted",
               w->measured, w->before, w->after, pct(w->before, w->measured), pct(w->after, w->measured));
    }
    printf("\n%-16s %5s %8s %8s %8s\n", "|error %|", "rows", "median", "p90", "max");
    print_stats("fitted, before", &k->fit_before);
    print_stats("fitted, after", &k->fit_after);
    print_stats("held-out, before", &k->held_before);
    print_stats("held-out, after", &k->held_after);
}

static void tmp_name(char *tmp, size_t len, const char *path) { snprintf(tmp, len, "%s.tmp", path); }

/* Checked before the runs, so an unwritable -o fails in a second, not at the end. */
static bool writable(const char *path)
{
    char tmp[1024];
    tmp_name(tmp, sizeof(tmp), path);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        fprintf(stderr, "cyclesim: error: %s: cannot write\n", path);
        return false;
    }
    fclose(f);
    remove(tmp);
    return true;
}

/* Writes text to path through a temporary file and rename(), so a reader
 * never sees half an overlay.  Returns an exit code. */
static int write_atomically(const char *path, const char *text)
{
    char tmp[1024];
    tmp_name(tmp, sizeof(tmp), path);
    FILE *f = fopen(tmp, "w");
    bool ok = f && fputs(text, f) >= 0 && fputc('\n', f) != EOF;
    ok = f && fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        remove(tmp);
        fprintf(stderr, "cyclesim: error: %s: cannot write\n", path);
        return EXIT_IO;
    }
    return EXIT_OK;
}

/* The calibrated model (base + --set + fitted values) and the report. */
static int report(calib *c, const outcome *o, const char *const *sets, unsigned n_sets,
                  const char *const *paths, unsigned n_paths, unsigned holdout, bool json,
                  const char *out_path)
{
    csim_model *fitted = malloc(sizeof(*fitted)), *base = malloc(sizeof(*base));
    csim_calib_param params[MAX_PARAMS];
    csim_calib_row *rows = calloc(c->n_rows + 1, sizeof(*rows));
    double *v = malloc(sizeof(double) * (c->n_rows + 1));
    csim_diag d = {0};
    int rc = EXIT_OK;
    if (!fitted || !base || !rows || !v) {
        fprintf(stderr, "cyclesim: error: out of memory\n");
        rc = EXIT_FAULT;
        goto out;
    }
    csim_err err = csim_model_load(base, cli_models_dir(), c->model->name, &d);
    if (err) {
        rc = cli_fail(err, &d);
        goto out;
    }
    *fitted = *c->model;
    const size_t R = c->n_rows;
    for (size_t j = 0; j < c->n_params; j++) {
        const param *q = &c->params[j];
        csim_calib_param *p = &params[j];
        memset(p, 0, sizeof(*p));
        snprintf(p->key, sizeof(p->key), "%s", q->key->name);
        p->start = q->start;
        p->fitted = q->value;
        p->state = o->state[j];
        set_key(fitted, q->key, q->value, &d);
        const double *sens = o->sens + j * R;
        size_t n = 0;
        for (size_t r = 0; r < R; r++) {
            if (!c->rows[r].held_out && sens[r] != 0) {
                v[n++] = fabs(sens[r]);
            }
        }
        p->rows_sensitive = n;
        csim_err_stats s = stats_of(v, n);
        p->per_unit_min = n ? v[0] : 0;
        p->per_unit_median = s.median;
        p->per_unit_max = s.max;
        p->held_out = row_stats(c, o->after, true, sens);
        if (holdout && p->held_out.n == 0 && (p->state == CSIM_FIT_FREE || p->state == CSIM_FIT_AT_BOUND)) {
            fprintf(stderr, "cyclesim: warning: %s: no held-out row depends on it, so its fit is not checked\n",
                    p->key);
        }
    }
    for (size_t r = 0; r < R; r++) {
        snprintf(rows[r].key, sizeof(rows[r].key), "%s", c->rows[r].row->key);
        rows[r].elf = c->rows[r].image;
        rows[r].file = c->rows[r].file;
        rows[r].held_out = c->rows[r].held_out;
        rows[r].measured = c->rows[r].row->cycles;
        rows[r].before = o->before[r];
        rows[r].after = o->after[r];
    }
    csim_calibration k = {
        .model = fitted, .base = base, .elfs = c->elfs, .n_elfs = c->n_elfs,
        .sets = sets, .n_sets = n_sets, .measured = paths, .n_measured = n_paths, .holdout = holdout,
        .iterations = o->iterations, .runs = c->runs, .converged = o->converged,
        .params = params, .n_params = c->n_params, .rows = rows, .n_rows = R,
        .fit_before = row_stats(c, o->before, false, NULL), .fit_after = row_stats(c, o->after, false, NULL),
        .held_before = row_stats(c, o->before, true, NULL), .held_after = row_stats(c, o->after, true, NULL),
    };
    char *text = csim_overlay_json(&k);
    if (!text) {
        fprintf(stderr, "cyclesim: error: out of memory\n");
        rc = EXIT_FAULT;
        goto out;
    }
    if (json) {
        printf("%s\n", text);
    } else {
        print_table(&k, c);
    }
    if (out_path) {
        rc = write_atomically(out_path, text);
    }
    free(text);
out:
    free(fitted);
    free(base);
    free(rows);
    free(v);
    return rc;
}

/* Measurements taken in another set-up than the model's fit the wrong model. */
static void warn_setup(const csim_pub_table *t, const csim_model *m)
{
    if (t->clock_hz && t->clock_hz != m->clock_hz) {
        fprintf(stderr, "cyclesim: warning: %s: measured at %u Hz, %s runs at %u Hz\n", t->source,
                t->clock_hz, m->name, m->clock_hz);
    }
    if (t->latency >= 0 && (unsigned)t->latency != m->flash.wait_states) {
        fprintf(stderr, "cyclesim: warning: %s: measured with %d wait state(s), %s has %u\n", t->source,
                t->latency, m->name, m->flash.wait_states);
    }
    if (t->icache >= 0 && t->icache != (int)m->flash.cache_enabled) {
        fprintf(stderr, "cyclesim: warning: %s: measured with the instruction cache %s, %s has it %s\n",
                t->source, t->icache ? "on" : "off", m->name, m->flash.cache_enabled ? "on" : "off");
    }
}

int cmd_calibrate(int argc, char **argv)
{
    static const struct option opts[] = {
        {"mcu", required_argument, 0, 'm'},      {"measured", required_argument, 0, 'M'},
        {"params", required_argument, 0, 'p'},   {"holdout", required_argument, 0, 'H'},
        {"set", required_argument, 0, 's'},      {"format", required_argument, 0, 'f'},
        {"jobs", required_argument, 0, 'j'},     {"no-progress", no_argument, 0, 'P'},
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    const char *mcu = NULL, *params = "uncertain", *format = "table", *out_path = NULL;
    const char *sets[CLI_MAX_SETS], *paths[MAX_MEASURED];
    unsigned n_sets = 0, n_paths = 0, holdout = 0;
    calib c = {.workers = 1, .progress = true};
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "m:s:f:o:j:", opts, NULL)) != -1) {
        unsigned long long v;
        switch (opt) {
        case 'm': mcu = optarg; break;
        case 'M':
            if (n_paths == MAX_MEASURED) {
                fprintf(stderr, "cyclesim: error: at most %d --measured\n", MAX_MEASURED);
                return EXIT_USAGE;
            }
            paths[n_paths++] = optarg;
            break;
        case 'p': params = optarg; break;
        case 'H':
            if (!cli_parse_u64("--holdout", optarg, &v)) {
                return EXIT_USAGE;
            }
            if (v < 2 || v > 1000000) {
                fprintf(stderr, "cyclesim: error: --holdout %s: at least 2 (every N-th row is held out)\n", optarg);
                return EXIT_USAGE;
            }
            holdout = (unsigned)v;
            break;
        case 's':
            if (n_sets == CLI_MAX_SETS) {
                fprintf(stderr, "cyclesim: error: too many --set\n");
                return EXIT_USAGE;
            }
            sets[n_sets++] = optarg;
            break;
        case 'f': format = optarg; break;
        case 'o': out_path = optarg; break;
        case 'j':
            if (!cli_parse_jobs(optarg, &c.workers)) {
                return EXIT_USAGE;
            }
            break;
        case 'P': c.progress = false; break;
        case 'h': return CLI_SHOW_HELP;
        default: return CLI_BAD_USAGE;
        }
    }
    if (optind == argc || !mcu || n_paths == 0) {
        fprintf(stderr, "cyclesim: error: calibrate needs an ELF, --mcu NAME and at least one --measured FILE\n");
        return CLI_BAD_USAGE;
    }
    if (strchr(mcu, ',') || strcmp(mcu, "all") == 0) {
        fprintf(stderr, "cyclesim: error: --mcu %s: calibrate fits one model\n", mcu);
        return EXIT_USAGE;
    }
    if (out_path && !writable(out_path)) {
        return EXIT_IO;
    }
    bool json = strcmp(format, "json") == 0;
    if (!json && strcmp(format, "table") != 0) {
        fprintf(stderr, "cyclesim: error: --format %s: expected table or json\n", format);
        return EXIT_USAGE;
    }

    csim_diag d = {0};
    csim_err err;
    int rc = EXIT_OK;
    c.n_elfs = (unsigned)(argc - optind);
    csim_elf **elfs = cli_load_elfs(argv + optind, c.n_elfs, &rc);
    if (!elfs) {
        return rc;
    }
    c.elfs = (const csim_elf *const *)elfs;
    csim_model *model = malloc(sizeof(*model));
    csim_pub_table *tabs = calloc(n_paths, sizeof(*tabs));
    case_table *cases = calloc(c.n_elfs, sizeof(*cases));
    cli_range whole_table = {0, 0}; /* calibrate matches every case of each ELF */
    cli_range **whole = calloc(c.n_elfs, sizeof(*whole));
    unsigned *n_whole = calloc(c.n_elfs, sizeof(*n_whole));
    outcome o = {0};
    unsigned n_tabs = 0;
    if (!model || !tabs || !cases || !whole || !n_whole) {
        fprintf(stderr, "cyclesim: error: out of memory\n");
        rc = EXIT_FAULT;
        goto out;
    }
    if (!cli_load_models(mcu, sets, n_sets, elfs[0], model, 1, &rc)) {
        goto out;
    }
    c.model = model;
    if ((rc = choose_params(&c, params)) != EXIT_OK) {
        goto out;
    }
    for (; n_tabs < n_paths; n_tabs++) {
        memset(&d, 0, sizeof(d));
        err = csim_pub_load(paths[n_tabs], &tabs[n_tabs], &d);
        if (err) {
            fprintf(stderr, "cyclesim: error: %s\n", d.msg[0] ? d.msg : csim_strerror(err));
            rc = err == CSIM_ERR_IO ? EXIT_IO : EXIT_BAD_INPUT;
            goto out;
        }
        warn_setup(&tabs[n_tabs], model);
    }

    for (unsigned e = 0; e < c.n_elfs; e++) {
        case_table *t = &cases[e];
        whole[e] = &whole_table;
        n_whole[e] = 1;
        if ((t->n = csim_case_list(elfs[e], NULL, NULL, 0)) == 0) {
            fprintf(stderr, "cyclesim: error: %s has no benchmark cases (firmware/include/bench.h)\n",
                    elfs[e]->path);
            rc = EXIT_BAD_ELF;
            goto out;
        }
        t->names = calloc(t->n, sizeof(*t->names));
        t->rows = calloc(t->n, sizeof(*t->rows));
        if (!t->names || !t->rows) {
            fprintf(stderr, "cyclesim: error: out of memory\n");
            rc = EXIT_FAULT;
            goto out;
        }
        csim_case_list(elfs[e], t->names, t->rows, t->n);
    }
    if (!cli_unique_keys(c.elfs, c.n_elfs, whole, n_whole, &rc)) {
        goto out;
    }
    if (!match_rows(&c, cases, tabs, n_tabs, paths, holdout)) {
        fprintf(stderr, "cyclesim: error: out of memory\n");
        rc = EXIT_FAULT;
        goto out;
    }
    if (c.n_rows == 0) {
        if (c.n_elfs == 1) {
            fprintf(stderr, "cyclesim: error: no measured row meets a case of %s\n", elfs[0]->path);
        } else {
            fprintf(stderr, "cyclesim: error: no measured row meets a case of the %u ELFs\n", c.n_elfs);
        }
        rc = EXIT_BAD_INPUT;
        goto out;
    }
    if ((rc = fit(&c, &o)) == EXIT_OK) {
        rc = report(&c, &o, sets, n_sets, paths, n_paths, holdout, json, out_path);
    }
out:
    for (unsigned e = 0; cases && e < c.n_elfs; e++) {
        free(cases[e].names);
        free(cases[e].rows);
    }
    free(cases);
    free(whole);
    free(n_whole);
    for (unsigned i = 0; i < n_tabs; i++) {
        csim_pub_free(&tabs[i]);
    }
    free(tabs);
    free(model);
    free(c.rows);
    free(c.spans);
    free(o.before);
    free(o.after);
    free(o.sens);
    cli_free_elfs(elfs, c.n_elfs);
    return rc;
}
