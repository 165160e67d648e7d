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
#include <fnmatch.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cyclesim/jobs.h"
#include "cyclesim/model_keys.h"
#include "cyclesim/report.h"
#include "output/sweep_svg.h"

#define MAX_CLOCKS 1024
#define MAX_VALUES 64   /* values of one --latency/--cache/--prefetch/--set list */
#define MAX_DIMS (CLI_MAX_SETS + 2)
#define MAX_POINTS 4096
#define MAX_GLOBS 32
#define NAME_LEN 96     /* csim_case_result.name */

/* One swept key and its values. */
typedef struct dim {
    const char *key;
    char *text;         /* owns the value strings */
    const char *vals[MAX_VALUES];
    unsigned n;
    bool column;        /* a column of its own (--set keys; cache and prefetch always have one) */
} dim;

typedef struct point {
    csim_model m;       /* complete: clock and latency applied */
    unsigned config;    /* everything but the clock: one chart line per (config, case) */
    int rm_min;         /* RM minimum latency at this clock; -1 above the maximum, -2 no table */
    bool outside;
    char reason[160];
    size_t run;         /* the emulator run that gives its cycles */
} point;

typedef struct grid {
    uint32_t clocks[MAX_CLOCKS];
    unsigned n_clocks;
    bool auto_latency;
    unsigned latencies[MAX_VALUES];
    unsigned n_latencies;
    dim dims[MAX_DIMS];
    unsigned n_dims;
} grid;

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
            if (strcmp(d->key, "flash.prefetch") == 0 && m.flash.prefetch && base->acr_layout == CSIM_ACR_L5) {
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

static bool elf_read(const csim_elf *e, uint32_t addr, void *out, uint32_t len)
{
    for (size_t i = 0; i < e->n_segs; i++) {
        const csim_segment *s = &e->segs[i];
        if (addr >= s->paddr && (uint64_t)addr + len <= (uint64_t)s->paddr + s->filesz) {
            memcpy(out, s->data + (addr - s->paddr), len);
            return true;
        }
    }
    return false;
}

static void case_name(const csim_elf *e, uint32_t desc, char *out)
{
    uint32_t p = 0;
    out[0] = 0;
    if (!elf_read(e, desc, &p, 4)) {
        return;
    }
    for (unsigned i = 0; i < NAME_LEN - 1 && elf_read(e, p + i, &out[i], 1) && out[i]; i++) {
        out[i + 1] = 0;
    }
}

static bool selected(const char *name, const char *const *globs, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        if (fnmatch(globs[i], name, 0) == 0) {
            return true;
        }
    }
    return n == 0;
}

/* The smallest case range holding every selected case (count 0: all). */
static int case_range(const csim_elf *elf, const char *const *globs, unsigned n_globs, csim_run_opts *ro)
{
    uint32_t n = csim_jobs_case_count(elf);
    const csim_section *sec = csim_elf_section(elf, "bench_cases");
    if (!n || !sec) {
        fprintf(stderr, "cyclesim: error: %s: no benchmark cases (bench_cases section; firmware/include/bench.h)\n",
                elf->path);
        return EXIT_BAD_ELF;
    }
    uint32_t first = n, last = 0;
    for (uint32_t i = 0; i < n; i++) {
        char name[NAME_LEN];
        case_name(elf, sec->addr + 28 * i, name);
        if (selected(name, globs, n_globs)) {
            first = first < i ? first : i;
            last = i;
        }
    }
    if (first == n) {
        fprintf(stderr, "cyclesim: error: --case: no case of %s matches", elf->path);
        for (unsigned i = 0; i < n_globs; i++) {
            fprintf(stderr, " %s", globs[i]);
        }
        fputc('\n', stderr);
        return EXIT_USAGE;
    }
    ro->case_first = first;
    ro->case_count = first == 0 && last == n - 1 ? 0 : last - first + 1;
    return EXIT_OK;
}

/* ---- output ----------------------------------------------------------- */

typedef struct out_ctx {
    FILE *f;
    csim_format fmt;
    const grid *g;
    const point *pts;
    size_t n_pts, n_runs;
    const csim_job *jobs;
    const char *const *globs;
    unsigned n_globs;
    const csim_elf *elf;
} out_ctx;

static void csv_field(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"') {
            fputc('"', f);
        }
        fputc(*s, f);
    }
    fputc('"', f);
}

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') {
            fprintf(f, "\\%c", *s);
        } else if ((unsigned char)*s < 0x20) {
            fprintf(f, "\\u%04x", *s);
        } else {
            fputc(*s, f);
        }
    }
    fputc('"', f);
}

static void key_value(const csim_model *m, const char *key, char *buf, size_t len)
{
    if (!csim_model_get(m, key, buf, len)) {
        snprintf(buf, len, "?");
    }
}

static void write_header(const out_ctx *o)
{
    const grid *g = o->g;
    if (o->fmt == CSIM_FMT_CSV) {
        fputs("mcu,clock_hz,latency,cache,prefetch", o->f);
        for (unsigned i = 0; i < g->n_dims; i++) {
            if (g->dims[i].column) {
                fputc(',', o->f);
                csv_field(o->f, g->dims[i].key);
            }
        }
        fputs(",case,cycles,time_us,rm_min_latency,outside_rm,reason\n", o->f);
    } else if (o->fmt == CSIM_FMT_JSON) {
        fprintf(o->f, "{\"schema_version\": 1, \"command\": \"sweep\", \"elf\": {\"path\": ");
        json_str(o->f, o->elf->path);
        fprintf(o->f, ", \"sha256\": \"%s\"}, \"mcu\": ", o->elf->sha256_hex);
        json_str(o->f, o->pts[0].m.name);
        fprintf(o->f, ", \"points\": %zu, \"runs\": %zu,\n \"rows\": [", o->n_pts, o->n_runs);
    } else {
        fprintf(o->f, "# %s on %s: %zu points, %zu emulator runs\n", o->elf->path, o->pts[0].m.name, o->n_pts,
                o->n_runs);
        fprintf(o->f, "%-11s %3s %5s %8s", "clock_hz", "ws", "cache", "prefetch");
        for (unsigned i = 0; i < g->n_dims; i++) {
            if (g->dims[i].column) {
                fprintf(o->f, " %12s", g->dims[i].key);
            }
        }
        fprintf(o->f, " %-44s %12s %12s  %s\n", "case", "cycles", "time_us", "outside_rm");
    }
}

static void write_row(const out_ctx *o, const point *p, const csim_case_result *c, bool first)
{
    const csim_model *m = &p->m;
    const grid *g = o->g;
    double us = (double)c->cycles * 1e6 / m->clock_hz;
    char rm[16] = "";
    if (p->rm_min >= 0) {
        snprintf(rm, sizeof(rm), "%d", p->rm_min);
    }
    char v[64];
    if (o->fmt == CSIM_FMT_CSV) {
        csv_field(o->f, m->name);
        fprintf(o->f, ",%u,%u,%d,%d", m->clock_hz, m->flash.wait_states, m->flash.cache_enabled, m->flash.prefetch);
        for (unsigned i = 0; i < g->n_dims; i++) {
            if (g->dims[i].column) {
                key_value(m, g->dims[i].key, v, sizeof(v));
                fputc(',', o->f);
                csv_field(o->f, v);
            }
        }
        fputc(',', o->f);
        csv_field(o->f, c->name);
        fprintf(o->f, ",%llu,%.3f,%s,%d,", (unsigned long long)c->cycles, us, rm, p->outside);
        csv_field(o->f, p->reason);
        fputc('\n', o->f);
    } else if (o->fmt == CSIM_FMT_JSON) {
        fprintf(o->f, "%s\n  {\"mcu\": ", first ? "" : ",");
        json_str(o->f, m->name);
        fprintf(o->f, ", \"clock_hz\": %u, \"latency\": %u, \"cache\": %s, \"prefetch\": %s, \"set\": {", m->clock_hz,
                m->flash.wait_states, m->flash.cache_enabled ? "true" : "false", m->flash.prefetch ? "true" : "false");
        unsigned k = 0;
        for (unsigned i = 0; i < g->n_dims; i++) {
            if (g->dims[i].column) {
                key_value(m, g->dims[i].key, v, sizeof(v));
                fprintf(o->f, "%s", k++ ? ", " : "");
                json_str(o->f, g->dims[i].key);
                fputs(": ", o->f);
                json_str(o->f, v);
            }
        }
        fputs("}, \"case\": ", o->f);
        json_str(o->f, c->name);
        fprintf(o->f, ", \"cycles\": %llu, \"time_us\": %.3f, \"rm_min_latency\": %s, \"outside_rm\": %s, \"reason\": ",
                (unsigned long long)c->cycles, us, rm[0] ? rm : "null", p->outside ? "true" : "false");
        json_str(o->f, p->reason);
        fputc('}', o->f);
    } else {
        fprintf(o->f, "%-11u %3u %5s %8s", m->clock_hz, m->flash.wait_states, m->flash.cache_enabled ? "on" : "off",
                m->flash.prefetch ? "on" : "off");
        for (unsigned i = 0; i < g->n_dims; i++) {
            if (g->dims[i].column) {
                key_value(m, g->dims[i].key, v, sizeof(v));
                fprintf(o->f, " %12s", v);
            }
        }
        fprintf(o->f, " %-44s %12llu %12.3f  %s\n", c->name, (unsigned long long)c->cycles, us,
                p->outside ? p->reason : "");
    }
}

static void write_rows(const out_ctx *o)
{
    bool first = true;
    write_header(o);
    for (size_t i = 0; i < o->n_pts; i++) {
        const csim_run_result *r = &o->jobs[o->pts[i].run].res;
        for (size_t k = 0; k < r->n_cases; k++) {
            if (selected(r->cases[k].name, o->globs, o->n_globs)) {
                write_row(o, &o->pts[i], &r->cases[k], first);
                first = false;
            }
        }
    }
    if (o->fmt == CSIM_FMT_JSON) {
        fputs("\n]}\n", o->f);
    }
}

/* A line label: the case, then the swept values that vary (clock excepted). */
static void line_label(const out_ctx *o, const point *p, const char *name, char *buf, size_t len)
{
    const grid *g = o->g;
    size_t k = (size_t)snprintf(buf, len, "%s", name);
    if (g->auto_latency) {
        k += (size_t)snprintf(buf + k, k < len ? len - k : 0, "%s", g->n_clocks > 1 ? " (latency auto)" : "");
    } else if (g->n_latencies > 1) {
        k += (size_t)snprintf(buf + k, k < len ? len - k : 0, " %u WS", p->m.flash.wait_states);
    }
    for (unsigned i = 0; i < g->n_dims; i++) {
        if (g->dims[i].n > 1) {
            char v[64];
            key_value(&p->m, g->dims[i].key, v, sizeof(v));
            k += (size_t)snprintf(buf + k, k < len ? len - k : 0, " %s=%s", g->dims[i].key, v);
        }
    }
}

static int cmp_clock(const void *a, const void *b)
{
    const point *const *x = a, *const *y = b;
    return ((*x)->m.clock_hz > (*y)->m.clock_hz) - ((*x)->m.clock_hz < (*y)->m.clock_hz);
}

static bool write_svg(const out_ctx *o, FILE *f, size_t n_configs)
{
    size_t n_clocks = o->g->n_clocks, max_lines = 0;
    for (size_t c = 0; c < n_configs; c++) {
        max_lines += o->jobs[o->pts[c * n_clocks].run].res.n_cases;
    }
    sweep_line *lines = calloc(max_lines ? max_lines : 1, sizeof(*lines));
    const point **sorted = calloc(n_clocks, sizeof(*sorted));
    size_t n = 0;
    bool ok = lines && sorted;
    for (size_t c = 0; ok && c < n_configs; c++) {
        for (size_t k = 0; k < n_clocks; k++) {
            sorted[k] = &o->pts[c * n_clocks + k];
        }
        qsort(sorted, n_clocks, sizeof(*sorted), cmp_clock);
        const csim_run_result *r0 = &o->jobs[sorted[0]->run].res;
        for (size_t cs = 0; ok && cs < r0->n_cases; cs++) {
            const char *name = r0->cases[cs].name;
            if (!selected(name, o->globs, o->n_globs)) {
                continue;
            }
            sweep_line *l = &lines[n++];
            line_label(o, sorted[0], name, l->label, sizeof(l->label));
            l->mhz = calloc(n_clocks, sizeof(double));
            l->us = calloc(n_clocks, sizeof(double));
            l->outside = calloc(n_clocks, sizeof(bool));
            ok = l->mhz && l->us && l->outside;
            for (size_t k = 0; ok && k < n_clocks; k++) {
                const csim_run_result *r = &o->jobs[sorted[k]->run].res;
                double hz = sorted[k]->m.clock_hz;
                /* The same table order in every run: case cs of this run is the same case. */
                uint64_t cyc = cs < r->n_cases ? r->cases[cs].cycles : 0;
                l->mhz[l->n] = hz / 1e6;
                l->us[l->n] = (double)cyc * 1e6 / hz;
                l->outside[l->n++] = sorted[k]->outside;
            }
        }
    }
    const char *base = strrchr(o->elf->path, '/');
    char title[256];
    snprintf(title, sizeof(title), "%.160s on %s: time versus clock", base ? base + 1 : o->elf->path,
             o->pts[0].m.name);
    ok = ok && sweep_svg_write(f, title, lines, n);
    for (size_t i = 0; lines && i < n; i++) {
        free(lines[i].mhz);
        free(lines[i].us);
        free(lines[i].outside);
    }
    free(lines);
    free(sorted);
    return ok;
}

/* ---- the command ------------------------------------------------------ */

static int parse_options(int argc, char **argv, grid *g, const char **globs, unsigned *n_globs,
                         const char **opt_s, csim_run_opts *ro, unsigned *workers, bool *progress,
                         bool *independent)
{
    static const struct option opts[] = {
        {"mcu", required_argument, 0, 'm'},      {"case", required_argument, 0, 'c'},
        {"clock", required_argument, 0, 'k'},    {"latency", required_argument, 0, 'l'},
        {"cache", required_argument, 0, 'C'},    {"prefetch", required_argument, 0, 'P'},
        {"set", required_argument, 0, 's'},      {"format", required_argument, 0, 'f'},
        {"output", required_argument, 0, 'o'},   {"svg", required_argument, 0, 'g'},
        {"independent", no_argument, 0, 'I'},    {"jobs", required_argument, 0, 'j'},
        {"no-progress", no_argument, 0, 'N'},    {"max-insns", required_argument, 0, 'L'},
        {"help", no_argument, 0, 'h'},           {0, 0, 0, 0},
    };
    int c, rc = EXIT_OK;
    optind = 1;
    while (!rc && (c = getopt_long(argc, argv, "m:s:f:o:j:", opts, NULL)) != -1) {
        switch (c) {
        case 'm': opt_s[0] = optarg; break;
        case 'f': opt_s[1] = optarg; break;
        case 'o': opt_s[2] = optarg; break;
        case 'g': opt_s[3] = optarg; break;
        case 'c':
            if (*n_globs == MAX_GLOBS) {
                return usage_error("--case: at most 32%s%s", "", "");
            }
            globs[(*n_globs)++] = optarg;
            break;
        case 'k': rc = parse_clocks(g, optarg); break;
        case 'l': rc = parse_latencies(g, optarg); break;
        case 'C': rc = add_dim(g, "--cache", "cache.enabled", optarg, false); break;
        case 'P': rc = add_dim(g, "--prefetch", "flash.prefetch", optarg, false); break;
        case 's': rc = parse_set(g, optarg); break;
        case 'I': *independent = true; break;
        case 'j': rc = cli_parse_jobs(optarg, workers) ? EXIT_OK : EXIT_USAGE; break;
        case 'N': *progress = false; break;
        case 'L': {
            unsigned long long v;
            if (!cli_parse_u64("--max-insns", optarg, &v)) {
                return EXIT_USAGE;
            }
            ro->max_insns = v;
            break;
        }
        case 'h': return CLI_SHOW_HELP;
        default: return CLI_BAD_USAGE;
        }
    }
    if (!rc && optind + 1 != argc) {
        return CLI_BAD_USAGE;
    }
    if (!rc && !opt_s[0]) {
        return usage_error("sweep: --mcu NAME is required%s%s", "", "");
    }
    if (!rc && (strchr(opt_s[0], ',') || strcmp(opt_s[0], "all") == 0)) {
        return usage_error("--mcu %s: sweep takes one MCU%s", opt_s[0], "");
    }
    return rc;
}

static void free_grid(grid *g)
{
    for (unsigned i = 0; i < g->n_dims; i++) {
        free(g->dims[i].text);
    }
}

int cmd_sweep(int argc, char **argv)
{
    grid *g = calloc(1, sizeof(*g));
    const char *globs[MAX_GLOBS];
    const char *opt_s[4] = {NULL, "table", NULL, NULL}; /* mcu, format, -o, --svg */
    unsigned n_globs = 0, workers = 1;
    bool progress = true, independent = false;
    csim_run_opts ro = {.max_insns = CSIM_DEFAULT_MAX_INSNS};
    if (!g) {
        return EXIT_FAULT;
    }
    g->auto_latency = true;
    int rc = parse_options(argc, argv, g, globs, &n_globs, opt_s, &ro, &workers, &progress, &independent);
    csim_format fmt;
    if (!rc && !csim_report_format(opt_s[1], &fmt)) {
        rc = usage_error("--format %s: expected table, json or csv%s", opt_s[1], "");
    }
    if (rc) {
        free_grid(g);
        free(g);
        return rc;
    }

    csim_diag d = {0};
    csim_elf *elf = NULL;
    csim_err err = csim_elf_load(argv[optind], &elf, &d);
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
        rc = EXIT_FAULT;
        goto out;
    }
    /* Loaded without cli_load_models: its warnings are about the model's own
     * clock and latency, which the grid replaces (outside_rm judges each point). */
    memset(&d, 0, sizeof(d));
    if ((err = csim_model_load(base, cli_models_dir(), opt_s[0], &d)) || (err = csim_model_check(base, &d))) {
        rc = cli_fail(err, &d);
        goto out;
    }
    if ((rc = case_range(elf, globs, n_globs, &ro)) || (rc = check_hardware(g, base))) {
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
        rc = EXIT_FAULT;
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
        rc = EXIT_FAULT;
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
            if (res->cases[k].status != 0 && selected(res->cases[k].name, globs, n_globs)) {
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
    out_ctx o = {NULL, fmt, g, pts, n_pts, n_runs, jobs, globs, n_globs, elf};
    o.f = opt_s[2] ? fopen(opt_s[2], "w") : stdout;
    if (!o.f) {
        fprintf(stderr, "cyclesim: error: %s: cannot write\n", opt_s[2]);
        rc = EXIT_IO;
        goto out;
    }
    write_rows(&o);
    if ((o.f != stdout && fclose(o.f) != 0) || (o.f == stdout && fflush(stdout) != 0)) {
        fprintf(stderr, "cyclesim: error: %s: write error\n", opt_s[2] ? opt_s[2] : "stdout");
        rc = EXIT_IO;
    }
    if (opt_s[3]) {
        FILE *f = fopen(opt_s[3], "w");
        bool ok = f && write_svg(&o, f, n_configs);
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
    return rc;
}
