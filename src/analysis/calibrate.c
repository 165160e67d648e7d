/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * calibrate.c - the fit of `cyclesim calibrate` (calibrate.h): the keys to
 * fit, the measured rows each case meets, the search, and its report.
 *
 * The search is Gauss-Newton on the relative errors.  Each iteration runs the
 * ELFs once at the current values and once per parameter stepped by one unit;
 * the difference is the sensitivity of each row to that parameter (the count
 * of the events it prices, where the model is linear in it).  fit.c solves
 * for the step, which is bounded by the key table's range and rounded (every
 * fittable key is an integer or a boolean).  The step is halved while the
 * error does not fall; where no step helps, single-unit moves are tried; the
 * fit ends where nothing lowers the error.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/calibrate.h"
#include "cyclesim/engine/jobs.h"

bool calib_fittable_type(const csim_key *k)
{
    return k->type == CSIM_K_U32 || k->type == CSIM_K_INT || k->type == CSIM_K_BOOL;
}

double calib_key_number(const csim_model *m, const csim_key *k)
{
    char text[64];
    csim_model_get(m, k->name, text, sizeof(text));
    return k->type == CSIM_K_BOOL ? strcmp(text, "true") == 0 : strtod(text, NULL);
}

static double key_hi(const csim_key *k) { return k->type == CSIM_K_BOOL ? 1 : k->max; }
static double key_lo(const csim_key *k) { return k->type == CSIM_K_BOOL ? 0 : k->min; }

csim_err calib_set_key(csim_model *m, const csim_key *k, double v, csim_diag *d)
{
    if (k->type == CSIM_K_BOOL) {
        return csim_key_set_string(m, k, v != 0 ? "true" : "false", "calibrate", d);
    }
    return csim_key_set_number(m, k, v, "calibrate", d);
}

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
    size_t *job_elf = calloc(n * c->n_elfs + 1, sizeof(*job_elf));
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
            e = calib_set_key(&models[v], c->params[j].key, values[v * c->n_params + j], &md);
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
                jobs[n_jobs].opts.max_insns = c->max_insns;
                jobs[n_jobs].opts.warm = c->warm;
                jobs[n_jobs].opts.case_first = c->spans[i].first;
                jobs[n_jobs++].opts.case_count = c->spans[i].count;
            }
        }
    }
    /* The values of one image's jobs share emulations (lanes), unless a row
     * reads the firmware's own measurement, which a lane does not keep. */
    bool fw_rows = false;
    for (size_t r = 0; r < c->n_rows; r++) {
        fw_rows |= c->rows[r].fw_measured;
    }
    csim_jobs_run_shared(c->elfs[0], jobs, n_jobs, fw_rows ? NULL : job_elf, c->jobs, NULL, NULL);
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
csim_err_stats calib_stats_of(double *v, size_t n)
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


/* |error| % of the rows selected by held_out (and, when sens is given, only
 * those whose cycles change with the parameter: sens[row] != 0). */
csim_err_stats calib_row_stats(const calib *c, const double *cyc, bool held_out, const double *sens)
{
    double *v = malloc(sizeof(double) * (c->n_rows ? c->n_rows : 1));
    size_t n = 0;
    for (size_t r = 0; v && r < c->n_rows; r++) {
        if (c->rows[r].held_out == held_out && (!sens || sens[r] != 0)) {
            v[n++] = fabs(calib_pct(cyc[r], c->rows[r].row->cycles));
        }
    }
    csim_err_stats s = calib_stats_of(v, n);
    free(v);
    return s;
}



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
    double values[MAX_PARAMS * MAX_PARAMS] = {0}, other[MAX_PARAMS * MAX_PARAMS];
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
        if (!calib_fitted_state(state[j]) || steps[j] == 0) {
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
csim_err calib_fit(calib *c, outcome *o, csim_diag *d)
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
    csim_err rc = CSIM_OK;
    if (!cur || !trial_cyc || !nb || !J || !res || !o->before || !o->after || !o->sens) {
        rc = csim_fail(d, CSIM_ERR_NOMEM, "out of memory");
        goto out;
    }
    for (size_t j = 0; j < P; j++) {
        trial[j] = c->params[j].value;
    }
    {
        bool ok;
        csim_err err;
        evaluate(c, trial, 1, cur, &ok, &err, d);
        if (!ok) {
            rc = err;
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
            rc = csim_fail(d, CSIM_ERR_NOMEM, "out of memory");
            goto out;
        }
        if (it > MAX_ITERATIONS) {
            csim_warn(d, "the fit did not settle in %d iterations; the values reported are the best found",
                      MAX_ITERATIONS);
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
    /* A parameter the fitted rows do not depend on at the end may have been
     * moved on the way, where another parameter's value made it matter: it
     * goes back to its start value (the overlay must not carry a value no row
     * asked for).  If that worsens the fitted rows (an integer moved more
     * than one unit), it keeps its value and counts as fitted. */
    bool back = false;
    for (size_t j = 0; j < P; j++) {
        const bool unfitted = o->state[j] == CSIM_FIT_INSENSITIVE || o->state[j] == CSIM_FIT_DEPENDENT;
        trial[j] = unfitted ? c->params[j].start : c->params[j].value;
        back |= trial[j] != c->params[j].value;
    }
    if (back) {
        const bool same = run_at(c, trial, trial_cyc) && sse_of(c, trial_cyc) <= sse_of(c, cur);
        for (size_t j = 0; j < P; j++) {
            if (trial[j] != c->params[j].value) {
                if (same) {
                    c->params[j].value = trial[j];
                } else {
                    o->state[j] = CSIM_FIT_FREE;
                }
            }
        }
        if (same) {
            memcpy(cur, trial_cyc, sizeof(double) * R);
            memcpy(o->after, cur, sizeof(double) * R);
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

/* ---- the driver: keys, rows, report --------------------------------------- */

/* A key --params names, checked and added. */
static csim_err add_param(calib *c, const char *name, csim_diag *d)
{
    const csim_key *k = csim_key_find(name);
    if (!k) {
        return csim_fail(d, CSIM_ERR_MODEL, "--params: unknown model key \"%s\" (see docs/model-keys.md)", name);
    }
    if (!calib_fittable_type(k)) {
        return csim_fail(d, CSIM_ERR_USAGE, "--params: %s is not a number or boolean and cannot be fitted", name);
    }
    for (size_t j = 0; j < c->n_params; j++) {
        if (c->params[j].key == k) {
            return csim_fail(d, CSIM_ERR_USAGE, "--params: %s given twice", name);
        }
    }
    if (c->n_params == MAX_PARAMS) {
        return csim_fail(d, CSIM_ERR_USAGE, "--params: at most %d keys", MAX_PARAMS);
    }
    c->params[c->n_params++].key = k;
    return CSIM_OK;
}

csim_err calib_choose_params(calib *c, const char *spec, csim_diag *d)
{
    if (strcmp(spec, "uncertain") == 0) {
        size_t n;
        const csim_key *keys = csim_keys(&n);
        for (size_t i = 0; i < n; i++) {
            if (csim_key_uncertain(&keys[i], c->model) && calib_fittable_type(&keys[i]) &&
                csim_key_applies(&keys[i], c->model)) {
                if (c->n_params == MAX_PARAMS) {
                    return csim_fail(d, CSIM_ERR_USAGE, "--params uncertain: %s has more than %d uncertain keys; "
                                     "name the keys to fit", c->model->name, MAX_PARAMS);
                }
                c->params[c->n_params++].key = &keys[i];
            }
        }
    } else {
        char buf[1024];
        snprintf(buf, sizeof(buf), "%s", spec);
        for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
            csim_err err = add_param(c, t, d);
            if (err) {
                return err;
            }
        }
    }
    if (c->n_params == 0) {
        return csim_fail(d, CSIM_ERR_USAGE, "--params %s: no key to fit on %s", spec, c->model->name);
    }
    for (size_t j = 0; j < c->n_params; j++) {
        c->params[j].start = c->params[j].value = calib_key_number(c->model, c->params[j].key);
    }
    return CSIM_OK;
}

void calib_warn_setup(const csim_pub_table *t, const csim_model *m, csim_diag *d)
{
    if (t->clock_hz && t->clock_hz != m->clock_hz) {
        csim_warn(d, "%s: measured at %u Hz, %s runs at %u Hz", t->source, t->clock_hz, m->name, m->clock_hz);
    }
    if (t->latency >= 0 && (unsigned)t->latency != m->flash.wait_states) {
        csim_warn(d, "%s: measured with %d wait state(s), %s has %u", t->source, t->latency, m->name,
                  m->flash.wait_states);
    }
    if (t->icache >= 0 && t->icache != (int)m->flash.cache_enabled) {
        csim_warn(d, "%s: measured with the instruction cache %s, %s has it %s", t->source,
                  t->icache ? "on" : "off", m->name, m->flash.cache_enabled ? "on" : "off");
    }
}

/* Matched rows in key order, then measured file order. */
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

static bool read_tables(const calib *c, case_table *cases)
{
    bool ok = true;
    for (unsigned e = 0; ok && e < c->n_elfs; e++) {
        case_table *t = &cases[e];
        t->n = csim_case_list(c->elfs[e], NULL, NULL, 0);
        t->names = calloc(t->n + 1, sizeof(*t->names));
        t->rows = calloc(t->n + 1, sizeof(*t->rows));
        ok = t->names && t->rows;
        if (ok) {
            csim_case_list(c->elfs[e], t->names, t->rows, t->n);
        }
    }
    return ok;
}

/* The cases of the ELFs' tables that meet a row of the measured tables, and
 * each ELF's span. */
static bool match_rows(calib *c, const case_table *cases, const csim_pub_table *tabs, unsigned n_tabs,
                       unsigned holdout)
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
        }
    }
    return true;
}

csim_err calib_match_rows(calib *c, const csim_pub_table *tabs, unsigned n_tabs, unsigned holdout, csim_diag *d)
{
    case_table *cases = calloc(c->n_elfs + 1, sizeof(*cases));
    bool ok = cases && read_tables(c, cases) && match_rows(c, cases, tabs, n_tabs, holdout);
    for (unsigned e = 0; cases && e < c->n_elfs; e++) {
        free(cases[e].names);
        free(cases[e].rows);
    }
    free(cases);
    return ok ? CSIM_OK : csim_fail(d, CSIM_ERR_NOMEM, "out of memory");
}

bool calib_file_matched(const calib *c, unsigned file)
{
    for (size_t r = 0; r < c->n_rows; r++) {
        if (c->rows[r].file == file) {
            return true;
        }
    }
    return false;
}

void calib_free(calib *c)
{
    free(c->rows);
    free(c->spans);
    c->rows = NULL;
    c->spans = NULL;
}

csim_err calib_report_build(const calib *c, const outcome *o, const csim_model *base, const calib_inputs *in,
                            calib_report *rep, csim_diag *d)
{
    const size_t R = c->n_rows;
    memset(rep, 0, sizeof(*rep));
    rep->rows = calloc(R + 1, sizeof(*rep->rows));
    double *v = malloc(sizeof(double) * (R + 1));
    if (!rep->rows || !v) {
        free(v);
        return csim_fail(d, CSIM_ERR_NOMEM, "out of memory");
    }
    rep->fitted = *c->model;
    for (size_t j = 0; j < c->n_params; j++) {
        const param *q = &c->params[j];
        csim_calib_param *p = &rep->params[j];
        snprintf(p->key, sizeof(p->key), "%s", q->key->name);
        p->start = q->start;
        p->fitted = q->value;
        p->state = o->state[j];
        csim_diag ignored = {0}; /* the value was set and checked on every run of the fit */
        calib_set_key(&rep->fitted, q->key, q->value, &ignored);
        const double *sens = o->sens + j * R;
        size_t n = 0;
        for (size_t r = 0; r < R; r++) {
            if (!c->rows[r].held_out && sens[r] != 0) {
                v[n++] = fabs(sens[r]);
            }
        }
        p->rows_sensitive = n;
        csim_err_stats s = calib_stats_of(v, n);
        p->per_unit_min = n ? v[0] : 0;
        p->per_unit_median = s.median;
        p->per_unit_max = s.max;
        p->held_out = calib_row_stats(c, o->after, true, sens);
    }
    free(v);
    for (size_t r = 0; r < R; r++) {
        csim_calib_row *w = &rep->rows[r];
        snprintf(w->key, sizeof(w->key), "%s", c->rows[r].row->key);
        w->elf = c->rows[r].image;
        w->file = c->rows[r].file;
        w->held_out = c->rows[r].held_out;
        w->measured = c->rows[r].row->cycles;
        w->before = o->before[r];
        w->after = o->after[r];
    }
    rep->k = (csim_calibration){
        .model = &rep->fitted, .base = base, .elfs = c->elfs, .n_elfs = c->n_elfs,
        .sets = in->sets, .n_sets = in->n_sets, .measured = in->measured, .n_measured = in->n_measured,
        .holdout = in->holdout, .iterations = o->iterations, .runs = c->runs, .converged = o->converged,
        .warm = c->warm, .params = rep->params, .n_params = c->n_params, .rows = rep->rows, .n_rows = R,
        .fit_before = calib_row_stats(c, o->before, false, NULL), .fit_after = calib_row_stats(c, o->after, false, NULL),
        .held_before = calib_row_stats(c, o->before, true, NULL), .held_after = calib_row_stats(c, o->after, true, NULL),
    };
    return CSIM_OK;
}

void calib_report_free(calib_report *rep)
{
    free(rep->rows);
    rep->rows = NULL;
}

void outcome_free(outcome *o)
{
    free(o->before);
    free(o->after);
    free(o->sens);
    o->before = o->after = o->sens = NULL;
}
