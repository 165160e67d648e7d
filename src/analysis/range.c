/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * range.c - the range of a case's cycles over the model's uncertain keys
 * (range.h, docs/accuracy.md "Ranges").
 *
 * The keys interact (on the U0 a sectored cache with unbuffered refills
 * costs 10 % more than either alone), so one key at a time misses the ends
 * and every corner is 2^n runs: the search climbs from the model's own
 * configuration, one key per round, towards the most and the fewest cycles,
 * and bench/range_extremes.sh compares it with every corner of the keys
 * that move the bundled images most.  A round's configurations are priced
 * on one emulation per worker (lanes: src/engine/lanes.c); one whose lane
 * gives a case up runs on an emulation of its own.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/calibrate.h"
#include "cyclesim/analysis/range.h"

size_t csim_range_dims(const csim_model *m, const char *const *only, size_t n_only, csim_range_dim *out, size_t max,
                       unsigned *n_unstated)
{
    size_t n_keys, n = 0;
    const csim_key *keys = csim_keys(&n_keys);
    unsigned unstated = 0;
    for (size_t i = 0; i < n_keys; i++) {
        const csim_key *k = &keys[i];
        bool named = !only;
        for (size_t j = 0; j < n_only && !named; j++) {
            named = strcmp(only[j], k->name) == 0;
        }
        if (!named || !calib_fittable_type(k) || !csim_key_uncertain(k, m) || !csim_key_applies(k, m)) {
            continue;
        }
        const csim_alts a = csim_key_alternatives(k, m);
        unstated += a.n == 0;
        csim_range_dim dim = {k, 1, {calib_key_number(m, k)}};
        for (unsigned j = 0; j < a.n; j++) {
            if (a.v[j] != dim.v[0]) {
                dim.v[dim.n++] = a.v[j];
            }
        }
        if (dim.n > 1 && n < max) {
            out[n++] = dim;
        }
    }
    if (n_unstated) {
        *n_unstated = unstated;
    }
    return n;
}

void csim_range_envelope(csim_run_result *into, const csim_run_result *r)
{
    for (size_t i = 0; i < into->n_cases; i++) {
        csim_case_result *c = &into->cases[i];
        if (!c->ranged) {
            c->ranged = true;
            c->cycles_low = c->cycles_high = c->cycles;
        }
        for (size_t j = 0; r && j < r->n_cases; j++) {
            const csim_case_result *o = &r->cases[(i + j) % r->n_cases]; /* the same index first */
            if (strcmp(o->name, c->name) == 0) {
                c->cycles_low = o->cycles < c->cycles_low ? o->cycles : c->cycles_low;
                c->cycles_high = o->cycles > c->cycles_high ? o->cycles : c->cycles_high;
                break;
            }
        }
    }
}

/* Moves the cases of `from` to the end of `into` and frees the rest of it;
 * false (the cases dropped) when out of memory. */
static bool take_cases(csim_run_result *into, csim_run_result *from)
{
    csim_case_result *more = realloc(into->cases, (into->n_cases + from->n_cases + 1) * sizeof(*more));
    if (more) {
        memcpy(more + into->n_cases, from->cases, from->n_cases * sizeof(*more));
        into->cases = more;
        into->n_cases += from->n_cases;
        free(from->cases);
        from->cases = NULL;
        from->n_cases = 0;
    }
    csim_run_result_free(from);
    return more != NULL;
}

/* A configuration: the index into its dimension's values of each key. */
typedef struct config {
    unsigned char at[CSIM_RANGE_MAX_DIMS];
} config;

typedef struct search {
    const csim_model *m;
    const csim_range_dim *dims;
    size_t n_dims;
    config *seen; /* every configuration run (or refused), not to run twice */
    size_t n_seen, cap_seen;
    csim_range_stats *st;
} search;

static bool seen(search *s, const config *c)
{
    for (size_t i = 0; i < s->n_seen; i++) {
        if (memcmp(&s->seen[i], c, sizeof(*c)) == 0) {
            return true;
        }
    }
    return false;
}

static bool remember(search *s, const config *c)
{
    if (s->n_seen == s->cap_seen) {
        size_t cap = s->cap_seen ? 2 * s->cap_seen : 64;
        config *p = realloc(s->seen, cap * sizeof(*p));
        if (!p) {
            return false;
        }
        s->seen = p;
        s->cap_seen = cap;
    }
    s->seen[s->n_seen++] = *c;
    return true;
}

/* The model in configuration c; false when it fails the model check. */
static bool model_of(const search *s, const config *c, csim_model *out)
{
    csim_diag d = {0};
    csim_err err = CSIM_OK;
    *out = *s->m;
    for (size_t k = 0; k < s->n_dims && !err; k++) {
        if (c->at[k]) {
            err = calib_set_key(out, s->dims[k].key, s->dims[k].v[c->at[k]], &d);
        }
    }
    return !err && !csim_model_check(out, &d);
}

/* "key=value, key=value": what configuration c changes, for a message. */
static void config_text(const search *s, const config *c, char *out, size_t len)
{
    size_t used = 0;
    out[0] = '\0';
    for (size_t k = 0; k < s->n_dims && used < len; k++) {
        if (c->at[k]) {
            int w = snprintf(out + used, len - used, "%s%s=%.0f", used ? ", " : "", s->dims[k].key->name,
                             s->dims[k].v[c->at[k]]);
            used += w > 0 ? (size_t)w : 0;
        }
    }
}

/* b is one move from a: they differ in one key. */
static bool one_apart(const search *s, const config *a, const config *b)
{
    unsigned diff = 0;
    for (size_t k = 0; k < s->n_dims; k++) {
        diff += a->at[k] != b->at[k];
    }
    return diff == 1;
}

static uint64_t total(const csim_run_result *r)
{
    uint64_t t = 0;
    for (size_t i = 0; i < r->n_cases; i++) {
        t += r->cases[i].cycles;
    }
    return t;
}

/* Adds to cand[] the moves from `from` not run yet; returns the new count. */
static size_t moves(search *s, const config *from, config *cand, size_t n, size_t max)
{
    for (size_t k = 0; k < s->n_dims; k++) {
        for (unsigned v = 0; v < s->dims[k].n; v++) {
            config c = *from;
            c.at[k] = (unsigned char)v;
            if (v != from->at[k] && n < max && !seen(s, &c) && remember(s, &c)) {
                cand[n++] = c;
            }
        }
    }
    return n;
}

static csim_run_opts search_opts(const csim_run_opts *run)
{
    csim_run_opts o = *run;
    o.profile = false; /* cycles only */
    o.console = NULL;  /* the firmware's text once, from the model's own run */
    return o;
}

/* Whether one emulation can price several configurations of m over these
 * runs (csim_run_lanes_ok): cold runs of the benchmark cases, with block
 * reuse (--no-reuse prices everything in full, on emulations of its own). */
static bool can_share(const csim_model *m, const csim_run_opts *runs, size_t n_runs)
{
    bool ok = true;
    for (size_t r = 0; ok && r < n_runs; r++) {
        const csim_run_opts o = search_opts(&runs[r]);
        ok = !o.no_reuse && csim_run_lanes_ok(m, NULL, 0, &o);
    }
    return ok;
}

static bool alone_of(const bool *alone, size_t n)
{
    bool any = false;
    for (size_t i = 0; i < n; i++) {
        any |= alone[i];
    }
    return any;
}

/* The error of job jb of configuration c, or of a case of it that failed its check. */
static csim_err job_error(const search *s, csim_job *jb, const config *c, csim_diag *d)
{
    for (size_t i = 0; !jb->err && i < jb->res.n_cases; i++) {
        if (jb->res.cases[i].status != 0) {
            jb->err = csim_fail(&jb->diag, CSIM_ERR_CASE, "case %s failed its check (status %u)",
                                jb->res.cases[i].name, jb->res.cases[i].status);
        }
    }
    if (!jb->err) {
        return CSIM_OK;
    }
    char cfg[256];
    config_text(s, c, cfg, sizeof(cfg));
    return csim_fail(d, jb->err, "--range: %s with %s: %s", s->m->name, cfg, jb->diag.msg);
}

csim_err csim_range_search(const csim_elf *elf, const csim_model *m, const csim_range_dim *dims, size_t n_dims,
                           const csim_run_opts *runs, size_t n_runs, const csim_jobs_opts *jo,
                           csim_run_result *nominal, csim_range_stats *st, csim_diag *d)
{
    search s = {m, dims, n_dims < CSIM_RANGE_MAX_DIMS ? n_dims : CSIM_RANGE_MAX_DIMS, NULL, 0, 0, st};
    memset(st, 0, sizeof(*st));
    csim_range_envelope(nominal, NULL);
    const size_t max_cand = 2 * CSIM_RANGE_MAX_DIMS * CSIM_MAX_ALTS; /* the moves from both ends */
    bool share = can_share(m, runs, n_runs);
    config *cand = calloc(max_cand, sizeof(*cand));
    bool *ok = calloc(max_cand, sizeof(*ok)), *alone = calloc(max_cand * n_runs + 1, sizeof(*alone));
    csim_model *models = calloc(max_cand, sizeof(*models));
    csim_job *jobs = calloc(max_cand * n_runs + 1, sizeof(*jobs));
    size_t *klass = calloc(max_cand * n_runs + 1, sizeof(*klass));
    csim_run_result *res = calloc(max_cand, sizeof(*res));
    config hi = {{0}}, lo = {{0}};
    uint64_t hi_total = total(nominal), lo_total = hi_total;
    bool hi_moves = true, lo_moves = true;
    csim_err err = cand && ok && alone && models && jobs && klass && res && remember(&s, &hi)
                       ? CSIM_OK
                       : csim_fail(d, CSIM_ERR_NOMEM, "out of memory");
    while (!err && (hi_moves || lo_moves)) {
        /* the moves from the high end first, then the low end's not among them */
        size_t n_hi = hi_moves ? moves(&s, &hi, cand, 0, max_cand) : 0;
        size_t n = lo_moves ? moves(&s, &lo, cand, n_hi, max_cand) : n_hi;
        size_t n_jobs = 0;
        for (size_t c = 0; c < n; c++) {
            ok[c] = model_of(&s, &cand[c], &models[c]);
            st->refused += !ok[c];
            for (size_t r = 0; ok[c] && r < n_runs; r++) {
                klass[n_jobs] = r; /* a configuration's jobs are its runs, in order */
                jobs[n_jobs++] = (csim_job){.model = &models[c], .opts = search_opts(&runs[r])};
            }
        }
        if (n_jobs == 0) {
            break;
        }
        st->steps++;
        st->configs += (unsigned)(n_jobs / n_runs);
        csim_jobs_shared shared;
        csim_jobs_run_shared(elf, jobs, n_jobs, share ? klass : NULL, jo, alone, &shared);
        for (size_t j = 0; j < n_jobs; j++) {
            const size_t c = (size_t)(jobs[j].model - models);
            err = err ? err : job_error(&s, &jobs[j], &cand[c], d);
            if (!take_cases(&res[c], &jobs[j].res) && !err) {
                err = csim_fail(d, CSIM_ERR_NOMEM, "out of memory");
            }
            /* a configuration on an emulation of its own: one of its runs, or every one without sharing */
            st->alone += j % n_runs == n_runs - 1 && (!share || alone_of(alone + j + 1 - n_runs, n_runs));
        }
        const bool none_shared = shared.lanes && shared.alone == shared.lanes;
        share &= !none_shared; /* the firmware reads the time in its regions: every lane would give them up */
        /* each end moves to its best move (a move of the other end one key from it counts too) */
        const config hi_from = hi, lo_from = lo;
        hi_moves = lo_moves = false;
        for (size_t c = 0; c < n; c++) {
            const uint64_t t = ok[c] ? total(&res[c]) : 0;
            if (ok[c] && !err) {
                csim_range_envelope(nominal, &res[c]);
            }
            if (ok[c] && t > hi_total && one_apart(&s, &cand[c], &hi_from)) {
                hi = cand[c], hi_total = t, hi_moves = true;
            }
            if (ok[c] && t < lo_total && one_apart(&s, &cand[c], &lo_from)) {
                lo = cand[c], lo_total = t, lo_moves = true;
            }
            csim_run_result_free(&res[c]);
        }
    }
    free(res);
    free(klass);
    free(jobs);
    free(models);
    free(cand);
    free(ok);
    free(alone);
    free(s.seen);
    return err;
}

static void add_stats(csim_range_stats *sum, const csim_range_stats *st)
{
    sum->configs += st->configs;
    sum->steps += st->steps;
    sum->refused += st->refused;
    sum->alone += st->alone;
}

/* A job that failed, or holds a failed case, gets no range: its caller reports it. */
static bool job_failed(const csim_job *j)
{
    bool failed = j->err;
    for (size_t k = 0; k < j->res.n_cases; k++) {
        failed |= j->res.cases[k].status != 0;
    }
    return failed;
}

csim_err csim_range_jobs(const csim_elf *elf, csim_job *jobs, size_t n, const csim_jobs_opts *jo, csim_diag *d)
{
    return csim_range_jobs_over(elf, jobs, n, NULL, 0, jo, NULL, NULL, d);
}

csim_err csim_range_jobs_over(const csim_elf *elf, csim_job *jobs, size_t n, const char *const *only, size_t n_only,
                              const csim_jobs_opts *jo, csim_range_stats *sum, unsigned *n_unstated, csim_diag *d)
{
    if (sum) {
        memset(sum, 0, sizeof(*sum));
    }
    unsigned most_unstated = 0;
    for (size_t i = 0; i < n; i++) {
        const bool failed = job_failed(&jobs[i]);
        csim_range_dim dims[CSIM_RANGE_MAX_DIMS];
        unsigned unstated;
        const size_t n_dims = csim_range_dims(jobs[i].model, only, n_only, dims, CSIM_RANGE_MAX_DIMS, &unstated);
        most_unstated = unstated > most_unstated ? unstated : most_unstated;
        csim_range_stats st = {0};
        csim_err err = failed ? CSIM_OK
                              : csim_range_search(jobs[i].elf ? jobs[i].elf : elf, jobs[i].model, dims, n_dims,
                                                  &jobs[i].opts, 1, jo, &jobs[i].res, &st, d);
        if (err) {
            return err;
        }
        if (sum) {
            add_stats(sum, &st);
        }
    }
    if (n_unstated) {
        *n_unstated = most_unstated;
    }
    return CSIM_OK;
}

csim_err csim_range_rt_alt(const csim_elf *alt, const csim_model *m, const csim_run_opts *runs, size_t n_runs,
                           const char *const *only, size_t n_only, const csim_jobs_opts *jo, csim_run_result *into,
                           csim_range_stats *st, csim_diag *d)
{
    csim_range_stats none;
    st = st ? st : &none;
    memset(st, 0, sizeof(*st));
    csim_job *jobs = calloc(n_runs + 1, sizeof(*jobs));
    csim_run_opts *opts = calloc(n_runs + 1, sizeof(*opts));
    csim_run_result res = {0};
    csim_err err = jobs && opts ? CSIM_OK : csim_fail(d, CSIM_ERR_NOMEM, "out of memory");
    for (size_t r = 0; !err && r < n_runs; r++) {
        opts[r] = runs[r];
        opts[r].profile = false;  /* cycles only */
        opts[r].console = NULL;   /* the firmware's text once, from the image itself */
        jobs[r] = (csim_job){.elf = alt, .model = m, .opts = opts[r]};
    }
    if (!err) {
        csim_jobs_run(alt, jobs, n_runs, jo);
    }
    /* the runs, in order, into one result */
    for (size_t r = 0; jobs && r < n_runs; r++) {
        csim_job *jb = &jobs[r];
        if (!err && jb->err) {
            err = csim_fail(d, jb->err, "--rt-alt %s: %s: %s", alt->path, m->name, jb->diag.msg);
        }
        for (size_t i = 0; !err && i < jb->res.n_cases; i++) {
            if (jb->res.cases[i].status != 0) {
                err = csim_fail(d, CSIM_ERR_CASE, "--rt-alt %s: %s: case %s failed its check (status %u)", alt->path,
                                m->name, jb->res.cases[i].name, jb->res.cases[i].status);
            }
        }
        if (!take_cases(&res, &jb->res) && !err) {
            err = csim_fail(d, CSIM_ERR_NOMEM, "out of memory");
        }
    }
    if (!err) {
        csim_range_dim dims[CSIM_RANGE_MAX_DIMS];
        const size_t n_dims = csim_range_dims(m, only, n_only, dims, CSIM_RANGE_MAX_DIMS, NULL);
        err = csim_range_search(alt, m, dims, n_dims, opts, n_runs, jo, &res, st, d);
    }
    for (size_t i = 0; !err && i < into->n_cases; i++) {
        csim_case_result *c = &into->cases[i];
        for (size_t j = 0; j < res.n_cases; j++) {
            const csim_case_result *o = &res.cases[(i + j) % res.n_cases]; /* the same index first */
            if (strcmp(o->name, c->name) == 0) {
                c->cycles_low = o->cycles_low < c->cycles_low ? o->cycles_low : c->cycles_low;
                c->cycles_high = o->cycles_high > c->cycles_high ? o->cycles_high : c->cycles_high;
                c->rt_alt = true;
                c->rt_alt_cycles = o->cycles;
                break;
            }
        }
        if (!c->rt_alt) {
            err = csim_fail(d, CSIM_ERR_USAGE, "--rt-alt %s: no case %s", alt->path, c->name);
        }
    }
    csim_run_result_free(&res);
    free(jobs);
    free(opts);
    return err;
}

csim_err csim_range_jobs_rt_alt(const csim_elf *const *alt, csim_job *jobs, size_t n, const char *const *only,
                                size_t n_only, const csim_jobs_opts *jo, csim_diag *d)
{
    csim_err err = CSIM_OK;
    for (size_t j = 0; !err && j < n; j++) {
        if (alt[j] && !job_failed(&jobs[j])) {
            err = csim_range_rt_alt(alt[j], jobs[j].model, &jobs[j].opts, 1, only, n_only, jo, &jobs[j].res, NULL, d);
        }
    }
    return err;
}

bool csim_range_state_sensitive(const csim_case_result *r, const csim_case_result *other, bool r_warm, double pct)
{
    const double est = (double)r->cycles, alt = (double)other->cycles, cold = r_warm ? alt : est;
    return strcmp(r->name, other->name) == 0 && cold > 0 && fabs(est - alt) > pct / 100.0 * cold;
}

static bool any_state_sensitive(const csim_run_result *r, const csim_run_result *other, bool r_warm, double pct)
{
    for (size_t i = 0; i < r->n_cases && i < other->n_cases; i++) {
        if (csim_range_state_sensitive(&r->cases[i], &other->cases[i], r_warm, pct)) {
            return true;
        }
    }
    return false;
}

csim_err csim_range_jobs_states(const csim_elf *elf, csim_job *jobs, csim_job *other, size_t n,
                                const char *const *only, size_t n_only, bool warm, double pct,
                                const csim_jobs_opts *jo, csim_range_stats *sum, size_t *n_searches,
                                csim_diag *d)
{
    csim_range_stats all = {0}, st;
    size_t searches = n;
    csim_err err = csim_range_jobs_over(elf, jobs, n, only, n_only, jo, &all, NULL, d);
    for (size_t j = 0; !err && other && j < n; j++) {
        if (any_state_sensitive(&jobs[j].res, &other[j].res, warm, pct) &&
            !(err = csim_range_jobs_over(elf, &other[j], 1, only, n_only, jo, &st, NULL, d))) {
            csim_range_union_state(&jobs[j].res, &other[j].res, warm, pct);
            add_stats(&all, &st);
            searches++;
        }
    }
    if (sum) {
        *sum = all;
    }
    if (n_searches) {
        *n_searches = searches;
    }
    return err;
}

size_t csim_range_union_state(csim_run_result *r, const csim_run_result *other, bool r_warm, double pct)
{
    size_t n = 0;
    for (size_t i = 0; other && i < r->n_cases && i < other->n_cases; i++) {
        csim_case_result *c = &r->cases[i];
        const csim_case_result *o = &other->cases[i];
        if (c->ranged && o->ranged && csim_range_state_sensitive(c, o, r_warm, pct)) {
            c->cycles_low = o->cycles_low < c->cycles_low ? o->cycles_low : c->cycles_low;
            c->cycles_high = o->cycles_high > c->cycles_high ? o->cycles_high : c->cycles_high;
            c->range_both_states = true;
            n++;
        }
    }
    return n;
}
