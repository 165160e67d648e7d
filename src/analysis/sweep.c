/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sweep.c - the grid of `cyclesim sweep` (sweep.h, docs/sweep.md): the grid
 * from the option values, its points (one complete model each), the runs
 * they share, and those runs.
 *
 * Nothing that prices cycles reads the clock frequency (clock.hz is only read
 * by the model check and the reports), so points whose models differ in the
 * clock alone give the same cycles: they are grouped, each group runs once,
 * and time = cycles / clock for each of its points.  Independent sweeps run
 * every point on its own, which must give the same cycles.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/sweep.h"
#include "cyclesim/model/model_keys.h"

/* ---- grid options ---------------------------------------------------- */

void sweep_grid_init(grid *g)
{
    memset(g, 0, sizeof(*g));
    g->auto_latency = true;
}

void sweep_grid_free(grid *g)
{
    for (unsigned i = 0; i < g->n_dims; i++) {
        free(g->dims[i].text);
        g->dims[i].text = NULL;
    }
}

/* A frequency: 4000000, 4000000Hz, 32.768k, 32.768kHz, 32M, 110MHz. */
static bool parse_hz(const char *s, double *hz)
{
    char *end;
    if (!*s || *s == '-' || *s == '+') {
        return false;
    }
    double v = strtod(s, &end);
    if (end == s) {
        return false;
    }
    if (strcmp(end, "M") == 0 || strcmp(end, "MHz") == 0) {
        v *= 1e6;
    } else if (strcmp(end, "k") == 0 || strcmp(end, "kHz") == 0) {
        v *= 1e3;
    } else if (*end && strcmp(end, "Hz") != 0) {
        return false;
    }
    *hz = v;
    return isfinite(v);
}

/* Splits a comma-separated list in place; empty items are an error. */
static csim_err split_list(char *text, const char *opt, const char **out, unsigned max, unsigned *n, csim_diag *d)
{
    *n = 0;
    if (!*text) {
        return csim_fail(d, CSIM_ERR_USAGE, "%s: an empty list", opt);
    }
    for (char *p = text;;) {
        char *comma = strchr(p, ',');
        if (comma) {
            *comma = 0;
        }
        if (!*p) {
            return csim_fail(d, CSIM_ERR_USAGE, "%s: an empty item in the list", opt);
        }
        if (*n == max) {
            return csim_fail(d, CSIM_ERR_USAGE, "%s: more than 64 values", opt);
        }
        out[(*n)++] = p;
        if (!comma) {
            return CSIM_OK;
        }
        p = comma + 1;
    }
}

static csim_err add_clock(grid *g, double hz, const char *arg, csim_diag *d)
{
    const csim_key *k = csim_key_find("clock.hz");
    double r = floor(hz + 0.5);
    if (fabs(hz - r) > 1e-6 * (hz > 1 ? hz : 1) || r < k->min || r > k->max) {
        return csim_fail(d, CSIM_ERR_USAGE, "--clock %s: %.6g Hz is not a whole number of Hz in [%.0f, %.0f]", arg,
                         hz, k->min, k->max);
    }
    if (g->n_clocks == MAX_CLOCKS) {
        return csim_fail(d, CSIM_ERR_USAGE, "--clock %s: more than %d clocks", arg, MAX_CLOCKS);
    }
    g->clocks[g->n_clocks++] = (uint32_t)r;
    return CSIM_OK;
}

csim_err sweep_parse_clocks(grid *g, const char *arg, csim_diag *d)
{
    char buf[1024];
    const char *items[MAX_VALUES];
    unsigned n;
    snprintf(buf, sizeof(buf), "%s", arg);
    csim_err err = split_list(buf, "--clock", items, MAX_VALUES, &n, d);
    for (unsigned i = 0; !err && i < n; i++) {
        char *a = (char *)items[i], *b = strchr(a, ':'), *c = b ? strchr(b + 1, ':') : NULL;
        double lo, hi, step;
        if (!b) {
            if (!parse_hz(a, &lo)) {
                return csim_fail(d, CSIM_ERR_USAGE, "--clock %s: \"%s\" is not a frequency (32M, 110MHz, 4000000)",
                                 arg, a);
            }
            err = add_clock(g, lo, arg, d);
            continue;
        }
        *b = 0;
        if (!c) {
            return csim_fail(d, CSIM_ERR_USAGE, "--clock %s: a range is START:STOP:STEP", arg);
        }
        *c = 0;
        if (!parse_hz(a, &lo) || !parse_hz(b + 1, &hi) || !parse_hz(c + 1, &step)) {
            return csim_fail(d, CSIM_ERR_USAGE, "--clock %s: START, STOP and STEP must be frequencies (16M:110M:2M)",
                             arg);
        }
        if (step <= 0 || hi < lo) {
            return csim_fail(d, CSIM_ERR_USAGE, "--clock %s: needs START <= STOP and STEP > 0", arg);
        }
        if ((hi - lo) / step >= MAX_CLOCKS) {
            return csim_fail(d, CSIM_ERR_USAGE, "--clock %s: more than 1024 clocks", arg);
        }
        for (double v = lo; !err && v <= hi * (1 + 1e-12); v += step) {
            err = add_clock(g, v, arg, d);
        }
    }
    return err;
}

csim_err sweep_parse_latencies(grid *g, const char *arg, csim_diag *d)
{
    if (strcmp(arg, "auto") == 0) {
        g->auto_latency = true;
        g->n_latencies = 0;
        return CSIM_OK;
    }
    char buf[1024];
    const char *items[MAX_VALUES];
    unsigned n;
    snprintf(buf, sizeof(buf), "%s", arg);
    csim_err err = split_list(buf, "--latency", items, MAX_VALUES, &n, d);
    const csim_key *k = csim_key_find("flash.wait_states");
    for (unsigned i = 0; !err && i < n; i++) {
        char *end;
        unsigned long v = strtoul(items[i], &end, 10);
        if (*items[i] == '-' || *end || end == items[i] || v > k->max) {
            return csim_fail(d, CSIM_ERR_USAGE, "--latency %s: \"%s\" is not auto or a wait-state count in [0, %.0f]",
                             arg, items[i], k->max);
        }
        g->latencies[i] = (unsigned)v;
    }
    g->auto_latency = false;
    g->n_latencies = n;
    return err;
}

csim_err sweep_add_dim(grid *g, const char *opt, const char *key, const char *list, bool column, csim_diag *d)
{
    static const char *const own[][2] = {{"clock.hz", "--clock"},
                                         {"flash.wait_states", "--latency"},
                                         {"cache.enabled", "--cache"},
                                         {"flash.prefetch", "--prefetch"}};
    if (column) {
        for (size_t i = 0; i < sizeof(own) / sizeof(own[0]); i++) {
            if (strcmp(key, own[i][0]) == 0) {
                return csim_fail(d, CSIM_ERR_USAGE, "--set %s: use %s to sweep this key", key, own[i][1]);
            }
        }
    }
    if (!csim_key_find(key)) {
        return csim_fail(d, CSIM_ERR_USAGE, "%s: unknown model key \"%s\" (see docs/model-keys.md)", opt, key);
    }
    for (unsigned i = 0; i < g->n_dims; i++) {
        if (strcmp(g->dims[i].key, key) == 0) {
            return csim_fail(d, CSIM_ERR_USAGE, "%s: %s is swept twice", opt, key);
        }
    }
    if (g->n_dims == MAX_DIMS) {
        return csim_fail(d, CSIM_ERR_USAGE, "%s: too many swept keys", opt);
    }
    dim *x = &g->dims[g->n_dims];
    x->key = key;
    x->column = column;
    x->text = strdup(list);
    if (!x->text) {
        return csim_fail(d, CSIM_ERR_USAGE, "%s: out of memory", opt);
    }
    g->n_dims++;
    return split_list(x->text, opt, x->vals, MAX_VALUES, &x->n, d);
}

csim_err sweep_parse_set(grid *g, char *arg, csim_diag *d)
{
    char *eq = strchr(arg, '=');
    if (!eq || eq == arg) {
        return csim_fail(d, CSIM_ERR_USAGE, "--set %s: expected KEY=V1,V2,...", arg);
    }
    *eq = 0;
    return sweep_add_dim(g, "--set", arg, eq + 1, true, d);
}

/* ---- points and runs ------------------------------------------------- */

static const csim_latency_range *range_row(const csim_model *m)
{
    for (unsigned i = 0; i < m->n_latency; i++) {
        if (m->latency[i].range == m->voltage_range) {
            return &m->latency[i];
        }
    }
    return NULL;
}

/* A swept value; a value the key refuses is a usage error. */
static csim_err set_value(csim_model *m, const char *key, const char *val, csim_diag *d)
{
    char a[256];
    snprintf(a, sizeof(a), "%s=%s", key, val);
    return csim_model_set(m, a, d) ? CSIM_ERR_USAGE : CSIM_OK;
}

/* The model of one point; the reference-manual check of its clock and latency. */
static csim_err make_point(const grid *g, const csim_model *base, unsigned config, uint32_t hz, point *p,
                           csim_diag *d)
{
    memcpy(&p->m, base, sizeof(p->m)); /* whole bytes, padding included: runs are grouped by memcmp */
    p->config = config;
    unsigned c = config;
    csim_err err = CSIM_OK;
    for (unsigned i = g->n_dims; i-- > 0 && !err;) {
        err = set_value(&p->m, g->dims[i].key, g->dims[i].vals[c % g->dims[i].n], d);
        c /= g->dims[i].n;
    }
    unsigned lat_i = c;
    csim_model *m = &p->m;
    m->clock_hz = hz;
    const csim_latency_range *r = range_row(m);
    p->rm_min = r ? csim_model_min_latency(m, hz) : -2;
    if (!err && g->auto_latency) {
        if (!r) {
            return csim_fail(d, CSIM_ERR_USAGE, "--latency auto: %s has no flash latency table for voltage range %d "
                                                "(give --latency N)", m->name, m->voltage_range);
        }
        m->flash.wait_states = p->rm_min >= 0 ? (unsigned)p->rm_min : r->n - 1;
    } else if (!err) {
        m->flash.wait_states = g->latencies[lat_i];
    }
    csim_diag check = {0};
    if (!err && csim_model_check(m, &check)) { /* warnings: outside_rm says it in the output */
        snprintf(d->msg, sizeof(d->msg), "%s", check.msg);
        return CSIM_ERR_USAGE;
    }
    p->outside = false;
    p->reason[0] = 0;
    if (p->rm_min == -1) {
        p->outside = true;
        snprintf(p->reason, sizeof(p->reason), "%.6g MHz is above the RM maximum of %.6g MHz in voltage range %d",
                 hz / 1e6, r->max_hz[r->n - 1] / 1e6, m->voltage_range);
    } else if (p->rm_min >= 0 && m->flash.wait_states < (unsigned)p->rm_min) {
        p->outside = true;
        snprintf(p->reason, sizeof(p->reason), "%u WS is below the RM minimum of %d WS at %.6g MHz in voltage range %d",
                 m->flash.wait_states, p->rm_min, hz / 1e6, m->voltage_range);
    }
    return err;
}

/* Checks the cache/prefetch values against what the part has. */
static csim_err check_hardware(const grid *g, const csim_model *base, csim_diag *d)
{
    for (unsigned i = 0; i < g->n_dims; i++) {
        const dim *x = &g->dims[i];
        for (unsigned k = 0; k < x->n; k++) {
            csim_model m;
            memcpy(&m, base, sizeof(m));
            if (set_value(&m, x->key, x->vals[k], d)) {
                return CSIM_ERR_USAGE;
            }
            if (strcmp(x->key, "cache.enabled") == 0 && m.flash.cache_enabled && !base->flash.cache_bytes) {
                return csim_fail(d, CSIM_ERR_USAGE, "--cache %s: %s has no instruction cache", x->vals[k],
                                 base->name);
            }
            if (strcmp(x->key, "flash.prefetch") == 0 && m.flash.prefetch && base->flash_acr.addr
                && !csim_reg_drives(&base->flash_acr, "flash.prefetch")) {
                return csim_fail(d, CSIM_ERR_USAGE, "--prefetch %s: %s has no flash prefetch (FLASH_ACR has no PRFTEN)",
                                 x->vals[k], base->name);
            }
        }
    }
    return CSIM_OK;
}

static uint64_t hash_model(const csim_model *m)
{
    const unsigned char *b = (const unsigned char *)m;
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < sizeof(*m); i++) {
        h = (h ^ b[i]) * 1099511628211ull;
    }
    return h;
}

/* Assigns each point a run: the first point of each distinct clock-less model. */
static size_t group_points(point *pts, size_t n, bool independent, size_t *reps)
{
    size_t n_runs = 0;
    uint64_t *hashes = malloc(n * sizeof(*hashes));
    csim_model *key = malloc(sizeof(*key)), *other = malloc(sizeof(*other));
    for (size_t i = 0; i < n; i++) {
        size_t r = n_runs;
        if (!independent && hashes && key && other) {
            memcpy(key, &pts[i].m, sizeof(*key));
            key->clock_hz = 0;
            hashes[i] = hash_model(key);
            for (r = 0; r < n_runs; r++) {
                const point *q = &pts[reps[r]];
                if (hashes[reps[r]] != hashes[i]) {
                    continue;
                }
                memcpy(other, &q->m, sizeof(*other));
                other->clock_hz = 0;
                if (memcmp(key, other, sizeof(*key)) == 0) {
                    break;
                }
            }
        }
        if (r == n_runs) {
            reps[n_runs++] = i;
        }
        pts[i].run = r;
    }
    free(hashes);
    free(key);
    free(other);
    return n_runs;
}

csim_err sweep_plan(grid *g, const csim_model *base, bool independent, sweep *s, csim_diag *d)
{
    memset(s, 0, sizeof(*s));
    csim_err err = check_hardware(g, base, d);
    if (err) {
        return err;
    }
    if (g->n_clocks == 0) {
        g->clocks[g->n_clocks++] = base->clock_hz;
    }
    s->n_configs = g->auto_latency ? 1 : g->n_latencies;
    for (unsigned i = 0; i < g->n_dims; i++) {
        s->n_configs *= g->dims[i].n;
    }
    if (s->n_configs * g->n_clocks > MAX_POINTS) {
        return csim_fail(d, CSIM_ERR_USAGE, "the grid has %zu points; at most %d", s->n_configs * g->n_clocks,
                         MAX_POINTS);
    }
    s->n_pts = s->n_configs * g->n_clocks;
    s->pts = calloc(s->n_pts, sizeof(*s->pts));
    s->reps = calloc(s->n_pts, sizeof(*s->reps));
    if (!s->pts || !s->reps) {
        return csim_fail(d, CSIM_ERR_NOMEM, "out of memory");
    }
    for (size_t c = 0; !err && c < s->n_configs; c++) {
        for (unsigned k = 0; !err && k < g->n_clocks; k++) {
            err = make_point(g, base, (unsigned)c, g->clocks[k], &s->pts[c * g->n_clocks + k], d);
        }
    }
    if (err) {
        return err;
    }
    s->n_runs = group_points(s->pts, s->n_pts, independent, s->reps);
    s->jobs = calloc(s->n_runs, sizeof(*s->jobs));
    if (!s->jobs) {
        return csim_fail(d, CSIM_ERR_NOMEM, "out of memory");
    }
    for (size_t r = 0; r < s->n_runs; r++) {
        s->jobs[r].model = &s->pts[s->reps[r]].m;
    }
    return CSIM_OK;
}

void sweep_run(sweep *s, const csim_elf *elf, const csim_run_opts *ro, const csim_jobs_opts *jo)
{
    size_t *klass = calloc(s->n_runs + 1, sizeof(*klass)); /* one class: the same image and options */
    for (size_t r = 0; r < s->n_runs; r++) {
        s->jobs[r].opts = *ro;
    }
    /* the configurations of one part price on shared emulations (lanes; NULL klass, out of memory: none) */
    csim_jobs_run_shared(elf, s->jobs, s->n_runs, klass, jo, NULL, NULL);
    free(klass);
}

void sweep_free(sweep *s)
{
    for (size_t r = 0; s->jobs && r < s->n_runs; r++) {
        csim_run_result_free(&s->jobs[r].res);
    }
    free(s->jobs);
    free(s->reps);
    free(s->pts);
    memset(s, 0, sizeof(*s));
}
