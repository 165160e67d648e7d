/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_sweep.c - `cyclesim sweep`: time an ELF's benchmark cases over a grid
 * of clock, flash latency, cache, prefetch and any other model keys
 * (docs/sweep.md).
 *
 * Nothing that prices cycles reads the clock frequency (clock.hz is only read
 * by the model check and the reports), so points whose models differ in the
 * clock alone give the same cycles: they are grouped, each group runs once,
 * and time = cycles / clock for each of its points.  --independent runs
 * every point on its own, which must give the same cycles.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/sweep.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "cyclesim/engine/jobs.h"
#include "cyclesim/model/model_keys.h"
#include "cyclesim/output/report.h"
#include "output/sweep_report.h"

static int usage_error(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "cyclesim: error: ");
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    return EXIT_USAGE;
}

/* ---- grid options ---------------------------------------------------- */

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
static int split_list(char *text, const char *opt, const char **out, unsigned max, unsigned *n)
{
    *n = 0;
    if (!*text) {
        return usage_error("%s: an empty list%s", opt, "");
    }
    for (char *p = text;;) {
        char *comma = strchr(p, ',');
        if (comma) {
            *comma = 0;
        }
        if (!*p) {
            return usage_error("%s: an empty item in the list%s", opt, "");
        }
        if (*n == max) {
            return usage_error("%s: more than 64 values%s", opt, "");
        }
        out[(*n)++] = p;
        if (!comma) {
            return EXIT_OK;
        }
        p = comma + 1;
    }
}

static int add_clock(grid *g, double hz, const char *arg)
{
    const csim_key *k = csim_key_find("clock.hz");
    double r = floor(hz + 0.5);
    if (fabs(hz - r) > 1e-6 * (hz > 1 ? hz : 1) || r < k->min || r > k->max) {
        fprintf(stderr, "cyclesim: error: --clock %s: %.6g Hz is not a whole number of Hz in [%.0f, %.0f]\n", arg,
                hz, k->min, k->max);
        return EXIT_USAGE;
    }
    if (g->n_clocks == MAX_CLOCKS) {
        fprintf(stderr, "cyclesim: error: --clock %s: more than %d clocks\n", arg, MAX_CLOCKS);
        return EXIT_USAGE;
    }
    g->clocks[g->n_clocks++] = (uint32_t)r;
    return EXIT_OK;
}

/* --clock LIST, where each item is a frequency or A:B:STEP. */
static int parse_clocks(grid *g, const char *arg)
{
    char buf[1024];
    const char *items[MAX_VALUES];
    unsigned n;
    snprintf(buf, sizeof(buf), "%s", arg);
    int rc = split_list(buf, "--clock", items, MAX_VALUES, &n);
    for (unsigned i = 0; !rc && i < n; i++) {
        char *a = (char *)items[i], *b = strchr(a, ':'), *c = b ? strchr(b + 1, ':') : NULL;
        double lo, hi, step;
        if (!b) {
            if (!parse_hz(a, &lo)) {
                return usage_error("--clock %s: \"%s\" is not a frequency (32M, 110MHz, 4000000)", arg, a);
            }
            rc = add_clock(g, lo, arg);
            continue;
        }
        *b = 0;
        if (!c) {
            return usage_error("--clock %s: a range is START:STOP:STEP%s", arg, "");
        }
        *c = 0;
        if (!parse_hz(a, &lo) || !parse_hz(b + 1, &hi) || !parse_hz(c + 1, &step)) {
            return usage_error("--clock %s: START, STOP and STEP must be frequencies (16M:110M:2M)%s", arg, "");
        }
        if (step <= 0 || hi < lo) {
            return usage_error("--clock %s: needs START <= STOP and STEP > 0%s", arg, "");
        }
        if ((hi - lo) / step >= MAX_CLOCKS) {
            return usage_error("--clock %s: more than 1024 clocks%s", arg, "");
        }
        for (double v = lo; !rc && v <= hi * (1 + 1e-12); v += step) {
            rc = add_clock(g, v, arg);
        }
    }
    return rc;
}

static int parse_latencies(grid *g, const char *arg)
{
    if (strcmp(arg, "auto") == 0) {
        g->auto_latency = true;
        g->n_latencies = 0;
        return EXIT_OK;
    }
    char buf[1024];
    const char *items[MAX_VALUES];
    unsigned n;
    snprintf(buf, sizeof(buf), "%s", arg);
    int rc = split_list(buf, "--latency", items, MAX_VALUES, &n);
    const csim_key *k = csim_key_find("flash.wait_states");
    for (unsigned i = 0; !rc && i < n; i++) {
        char *end;
        unsigned long v = strtoul(items[i], &end, 10);
        if (*items[i] == '-' || *end || end == items[i] || v > k->max) {
            fprintf(stderr, "cyclesim: error: --latency %s: \"%s\" is not auto or a wait-state count in [0, %.0f]\n",
                    arg, items[i], k->max);
            return EXIT_USAGE;
        }
        g->latencies[i] = (unsigned)v;
    }
    g->auto_latency = false;
    g->n_latencies = n;
    return rc;
}

/* --cache/--prefetch LIST (column false: they have fixed columns) or --set KEY=LIST. */
static int add_dim(grid *g, const char *opt, const char *key, const char *list, bool column)
{
    static const char *const own[][2] = {{"clock.hz", "--clock"},
                                         {"flash.wait_states", "--latency"},
                                         {"cache.enabled", "--cache"},
                                         {"flash.prefetch", "--prefetch"}};
    if (column) {
        for (size_t i = 0; i < sizeof(own) / sizeof(own[0]); i++) {
            if (strcmp(key, own[i][0]) == 0) {
                return usage_error("--set %s: use %s to sweep this key", key, own[i][1]);
            }
        }
    }
    if (!csim_key_find(key)) {
        return usage_error("%s: unknown model key \"%s\" (see docs/model-keys.md)", opt, key);
    }
    for (unsigned i = 0; i < g->n_dims; i++) {
        if (strcmp(g->dims[i].key, key) == 0) {
            return usage_error("%s: %s is swept twice", opt, key);
        }
    }
    if (g->n_dims == MAX_DIMS) {
        return usage_error("%s: too many swept keys%s", opt, "");
    }
    dim *d = &g->dims[g->n_dims];
    d->key = key;
    d->column = column;
    d->text = strdup(list);
    if (!d->text) {
        return usage_error("%s: out of memory%s", opt, "");
    }
    g->n_dims++;
    return split_list(d->text, opt, d->vals, MAX_VALUES, &d->n);
}

static int parse_set(grid *g, char *arg)
{
    char *eq = strchr(arg, '=');
    if (!eq || eq == arg) {
        return usage_error("--set %s: expected KEY=V1,V2,...%s", arg, "");
    }
    *eq = 0;
    return add_dim(g, "--set", arg, eq + 1, true);
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

static int set_value(csim_model *m, const char *key, const char *val)
{
    char a[256];
    csim_diag d = {0};
    snprintf(a, sizeof(a), "%s=%s", key, val);
    if (csim_model_set(m, a, &d)) {
        fprintf(stderr, "cyclesim: error: %s\n", d.msg);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* The model of one point; the reference-manual check of its clock and latency. */
static int make_point(const grid *g, const csim_model *base, unsigned config, uint32_t hz, point *p)
{
    memcpy(&p->m, base, sizeof(p->m)); /* whole bytes, padding included: runs are grouped by memcmp */
    p->config = config;
    unsigned c = config, lat_i = 0;
    int rc = EXIT_OK;
    for (unsigned i = g->n_dims; i-- > 0 && !rc;) {
        rc = set_value(&p->m, g->dims[i].key, g->dims[i].vals[c % g->dims[i].n]);
        c /= g->dims[i].n;
    }
    lat_i = c;
    csim_model *m = &p->m;
    m->clock_hz = hz;
    const csim_latency_range *r = range_row(m);
    p->rm_min = r ? csim_model_min_latency(m, hz) : -2;
    if (!rc && g->auto_latency) {
        if (!r) {
            fprintf(stderr, "cyclesim: error: --latency auto: %s has no flash latency table for voltage range %d "
                            "(give --latency N)\n", m->name, m->voltage_range);
            return EXIT_USAGE;
        }
        m->flash.wait_states = p->rm_min >= 0 ? (unsigned)p->rm_min : r->n - 1;
    } else if (!rc) {
        m->flash.wait_states = g->latencies[lat_i];
    }
    csim_diag d = {0};
    if (!rc && csim_model_check(m, &d)) { /* warnings: outside_rm says it in the output */
        fprintf(stderr, "cyclesim: error: %s\n", d.msg);
        return EXIT_USAGE;
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
    return rc;
}

/* Checks the cache/prefetch values against what the part has. */
static int check_hardware(const grid *g, const csim_model *base)
{
    for (unsigned i = 0; i < g->n_dims; i++) {
        const dim *d = &g->dims[i];
        for (unsigned k = 0; k < d->n; k++) {
            csim_model m;
            memcpy(&m, base, sizeof(m));
            if (set_value(&m, d->key, d->vals[k])) {
                return EXIT_USAGE;
            }
            if (strcmp(d->key, "cache.enabled") == 0 && m.flash.cache_enabled && !base->flash.cache_bytes) {
                return usage_error("--cache %s: %s has no instruction cache", d->vals[k], base->name);
            }
            if (strcmp(d->key, "flash.prefetch") == 0 && m.flash.prefetch && base->flash_acr.addr &&
                !csim_reg_drives(&base->flash_acr, "flash.prefetch")) {
                return usage_error("--prefetch %s: %s has no flash prefetch (FLASH_ACR has no PRFTEN)", d->vals[k],
                                   base->name);
            }
        }
    }
    return EXIT_OK;
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

/* ---- cases ------------------------------------------------------------ */

/* The smallest case range holding every selected case (count 0: all), from
 * the one case selection of the subcommands (cli_case_ranges). */
static int case_range(const csim_elf *elf, const char *const *globs, unsigned n_globs, csim_run_opts *ro)
{
    int rc = EXIT_OK;
    unsigned n = 0;
    cli_range *r = cli_need_cases(elf, &rc) ? cli_case_ranges(elf, globs, n_globs, &n, &rc) : NULL;
    if (!r || n == 0) {
        free(r);
        return r ? CLI_EMPTY_SHARD : rc;
    }
    uint32_t total = (uint32_t)csim_case_list(elf, NULL, NULL, 0);
    uint32_t first = r[0].first, count = r[0].count ? r[n - 1].first + r[n - 1].count - first : 0;
    free(r);
    ro->case_first = first;
    ro->case_count = first == 0 && count == total ? 0 : count;
    return EXIT_OK;
}

enum { OPT_CLOCK = 256, OPT_LATENCY, OPT_CACHE, OPT_PREFETCH, OPT_SVG, OPT_INDEPENDENT };

/* The sweep's own options: the grid, and where the output goes. */
typedef struct sweep_own_values {
    grid *g;
    const char *output, *svg;
    const char *overlays[CLI_MAX_LIST]; /* --set @FILE: applied to the base model */
    unsigned n_overlays;
    bool independent;
} sweep_own_values;

static const cli_own_opt sweep_own[] = {
    {"clock", OPT_CLOCK, "LIST|A:B:STEP", "the clocks (32M, 110MHz, 4000000; default the model's); repeatable"},
    {"latency", OPT_LATENCY, "auto|LIST", "flash wait states; auto (default): the reference manual's minimum at "
                                          "each clock"},
    {"cache", OPT_CACHE, "on,off", "instruction cache on, off or both"},
    {"prefetch", OPT_PREFETCH, "on,off", "flash prefetch on, off or both"},
    {"set", 's', "KEY=V1,V2,...|@FILE", "sweep any model key over values, or apply a model overlay "
                                        "(docs/calibrate.md) to every point; repeatable"},
    {"output", 'o', "FILE", "write the table, JSON or CSV to FILE"},
    {"svg", OPT_SVG, "FILE", "draw time against clock as an SVG chart"},
    {"independent", OPT_INDEPENDENT, NULL, "one emulator run per point (default: points that differ only in "
                                           "the clock share one run)"},
    {NULL, 0, NULL, NULL},
};

static int sweep_option(void *ctx, int id, char *arg)
{
    sweep_own_values *v = ctx;
    switch (id) {
    case OPT_CLOCK: return parse_clocks(v->g, arg);
    case OPT_LATENCY: return parse_latencies(v->g, arg);
    case OPT_CACHE: return add_dim(v->g, "--cache", "cache.enabled", arg, false);
    case OPT_PREFETCH: return add_dim(v->g, "--prefetch", "flash.prefetch", arg, false);
    case 's':
        if (arg[0] != '@') {
            return parse_set(v->g, arg);
        }
        if (v->n_overlays == CLI_MAX_LIST) {
            return usage_error("too many --set @FILE%s%s", "", "");
        }
        v->overlays[v->n_overlays++] = arg;
        return EXIT_OK;
    case 'o': v->output = arg; return EXIT_OK;
    case OPT_SVG: v->svg = arg; return EXIT_OK;
    default: v->independent = true; return EXIT_OK;
    }
}

const cli_command cli_cmd_sweep = {
    "sweep", "FW.elf", 1, 1,
    "Times the cases over a grid of clocks, latencies, cache, prefetch and any model key; points outside the "
    "reference manual are computed and marked (docs/sweep.md).",
    CLI_MCU | CLI_CASE | CLI_JOBS | CLI_WARM | CLI_MAX_INSNS | CLI_CALL | CLI_NO_PROGRESS | CLI_FORMAT | CLI_SHARD,
    "table|json|csv", sweep_own, sweep_option, cmd_sweep, NULL,
};

static void free_grid(grid *g)
{
    for (unsigned i = 0; i < g->n_dims; i++) {
        free(g->dims[i].text);
    }
}

int cmd_sweep(int argc, char **argv)
{
    grid *g = calloc(1, sizeof(*g));
    if (!g) {
        return cli_out_of_memory();
    }
    g->auto_latency = true;
    cli_common co;
    sweep_own_values own = {.g = g};
    int rc = cli_parse(&cli_cmd_sweep, argc, argv, &co, &own);
    if (!rc && !co.mcus) {
        rc = usage_error("sweep: --mcu NAME is required%s%s", "", "");
    }
    if (!rc && (strchr(co.mcus, ',') || strcmp(co.mcus, "all") == 0)) {
        rc = usage_error("--mcu %s: sweep takes one MCU%s", co.mcus, "");
    }
    if (rc) {
        free_grid(g);
        free(g);
        return rc == CLI_HELP_SHOWN ? EXIT_OK : rc;
    }
    const char *opt_s[4] = {co.mcus, co.format, own.output, own.svg}; /* mcu, format, -o, --svg */
    const char *const *globs = co.globs;
    unsigned n_globs = co.n_globs, workers = co.workers;
    bool progress = co.progress, independent = own.independent;
    csim_run_opts ro = co.ro;
    csim_format fmt;
    csim_report_format(co.format, &fmt);

    csim_diag d = {0};
    csim_elf *elf = NULL;
    csim_err err = csim_elf_load(co.operands[0], &elf, &d);
    if (err) {
        free_grid(g);
        free(g);
        return cli_fail(err, &d);
    }
    csim_model *base = calloc(1, sizeof(*base));
    point *pts = NULL;
    size_t *reps = NULL;
    csim_job *jobs = NULL;
    size_t n_pts = 0, n_runs = 0, n_configs = 1;
    if (!base) {
        rc = cli_out_of_memory();
        goto out;
    }
    /* Loaded without cli_load_models: its warnings are about the model's own
     * clock and latency, which the grid replaces (outside_rm judges each point). */
    memset(&d, 0, sizeof(d));
    if ((err = csim_model_load(base, cli_models_dir(), opt_s[0], &d)) ||
        (err = cli_apply_sets(base, own.overlays, own.n_overlays, &d))) {
        rc = cli_fail(err, &d);
        goto out;
    }
    if (ro.call && n_globs) {
        rc = usage_error("--case selects benchmark cases; --call times one function%s%s", "", "");
        goto out;
    }
    if ((!ro.call && (rc = case_range(elf, globs, n_globs, &ro))) || (rc = check_hardware(g, base))) {
        goto out;
    }
    if (g->n_clocks == 0) {
        g->clocks[g->n_clocks++] = base->clock_hz;
    }
    n_configs = g->auto_latency ? 1 : g->n_latencies;
    for (unsigned i = 0; i < g->n_dims; i++) {
        n_configs *= g->dims[i].n;
    }
    if (n_configs * g->n_clocks > MAX_POINTS) {
        fprintf(stderr, "cyclesim: error: the grid has %zu points; at most %d\n", n_configs * g->n_clocks, MAX_POINTS);
        rc = EXIT_USAGE;
        goto out;
    }
    n_pts = n_configs * g->n_clocks;
    pts = calloc(n_pts, sizeof(*pts));
    reps = calloc(n_pts, sizeof(*reps));
    if (!pts || !reps) {
        rc = cli_out_of_memory();
        goto out;
    }
    for (size_t c = 0; !rc && c < n_configs; c++) {
        for (unsigned k = 0; !rc && k < g->n_clocks; k++) {
            rc = make_point(g, base, (unsigned)c, g->clocks[k], &pts[c * g->n_clocks + k]);
        }
    }
    if (rc) {
        goto out;
    }
    n_runs = group_points(pts, n_pts, independent, reps);
    jobs = calloc(n_runs, sizeof(*jobs));
    if (!jobs) {
        rc = cli_out_of_memory();
        goto out;
    }
    for (size_t r = 0; r < n_runs; r++) {
        jobs[r].model = &pts[reps[r]].m;
        jobs[r].opts = ro;
    }
    csim_jobs_run(elf, jobs, n_runs, workers, progress);
    for (size_t r = 0; r < n_runs; r++) {
        const csim_model *m = jobs[r].model;
        const csim_run_result *res = &jobs[r].res;
        if (jobs[r].err) {
            fprintf(stderr, "cyclesim: error: %s at %u Hz, %u WS: %s\n", m->name, m->clock_hz,
                    m->flash.wait_states, jobs[r].diag.msg[0] ? jobs[r].diag.msg : csim_strerror(jobs[r].err));
            rc = cli_exit_code(jobs[r].err);
            goto out;
        }
        for (size_t k = 0; k < res->n_cases; k++) {
            if (res->cases[k].status != 0 && sweep_selected(res->cases[k].name, globs, n_globs, co.shard_k,
                                                                  co.shard_n)) {
                fprintf(stderr, "cyclesim: error: %s at %u WS: case %s failed its check (status %u)\n", m->name,
                        m->flash.wait_states, res->cases[k].name, res->cases[k].status);
                rc = EXIT_CASE_FAILED;
            }
        }
        if (res->exited && res->exit_status != 0 && rc == EXIT_OK) {
            fprintf(stderr, "cyclesim: error: %s at %u WS: firmware exited with status %u\n", m->name,
                    m->flash.wait_states, res->exit_status);
            rc = EXIT_CASE_FAILED;
        }
    }
    sweep_out o = {NULL, fmt, g, pts, n_pts, n_runs, jobs, globs, n_globs, elf, co.shard_k, co.shard_n, ro.warm};
    o.f = opt_s[2] ? fopen(opt_s[2], "w") : stdout;
    if (!o.f) {
        fprintf(stderr, "cyclesim: error: %s: cannot write\n", opt_s[2]);
        rc = EXIT_IO;
        goto out;
    }
    sweep_write_rows(&o);
    if ((o.f != stdout && fclose(o.f) != 0) || (o.f == stdout && fflush(stdout) != 0)) {
        fprintf(stderr, "cyclesim: error: %s: write error\n", opt_s[2] ? opt_s[2] : "stdout");
        rc = EXIT_IO;
    }
    if (opt_s[3]) {
        FILE *f = fopen(opt_s[3], "w");
        bool ok = f && sweep_write_svg(&o, f, n_configs);
        if (!f || fclose(f) != 0 || !ok) {
            fprintf(stderr, "cyclesim: error: %s: cannot write\n", opt_s[3]);
            rc = EXIT_IO;
        }
    }
out:
    for (size_t r = 0; jobs && r < n_runs; r++) {
        csim_run_result_free(&jobs[r].res);
    }
    free(jobs);
    free(reps);
    free(pts);
    free(base);
    csim_elf_free(elf);
    free_grid(g);
    free(g);
    return rc == CLI_EMPTY_SHARD ? EXIT_OK : rc;
}

