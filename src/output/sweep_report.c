/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sweep_report.c - the output of `cyclesim sweep` (sweep_report.h). */
#include <stdlib.h>
#include <string.h>

#include "cyclesim/model/model_keys.h"
#include "cyclesim/output/in_force.h"
#include "output/escape.h"
#include "output/formats_internal.h"
#include "output/sweep_report.h"
#include "output/sweep_svg.h"

static void key_value(const csim_model *m, const char *key, char *buf, size_t len)
{
    if (!csim_model_get(m, key, buf, len)) {
        snprintf(buf, len, "?");
    }
}

/* A format's writer: the header, one row per point and case, the end (NULL: nothing). */
struct sweep_writer {
    void (*header)(const sweep_out *o);
    void (*row)(const sweep_out *o, const point *p, const csim_case_result *c, bool first);
    void (*end)(const sweep_out *o);
};

/* What the rows of every format show of a point's case. */
typedef struct row_figures {
    const csim_model *m;
    csim_in_force in; /* the flash configuration it ran with */
    double us;
    char rm[16]; /* the reference manual's minimum latency, "" without */
    /* --range: the case's ends, "" when it has none (its run failed a case);
     * as text in the format's number style */
    char low[24], high[24], us_low[24], us_high[24];
    /* its calibrated interval, "" when it has none (no class, or no range) */
    char int_low[24], int_high[24];
} row_figures;

static row_figures figures_of(const sweep_out *o, const point *p, const csim_case_result *c)
{
    /* A run gives the results of every point it stands for: the point's
     * configuration, unless the firmware made the run's another than its model's. */
    const csim_model *ran = o->jobs[p->run].model;
    const csim_in_force in = csim_in_force_of(ran, c), asked = csim_in_force_of(ran, NULL);
    row_figures r = {.m = &p->m, .in = csim_in_force_same(&in, &asked) ? csim_in_force_of(&p->m, NULL) : in,
                     .us = (double)c->cycles * 1e6 / p->m.clock_hz};
    r.in.clock_hz = p->m.clock_hz; /* a run may stand for several clocks; the firmware sets none */
    if (p->rm_min >= 0) {
        snprintf(r.rm, sizeof(r.rm), "%d", p->rm_min);
    }
    if (c->ranged) {
        snprintf(r.low, sizeof(r.low), "%llu", (unsigned long long)c->cycles_low);
        snprintf(r.high, sizeof(r.high), "%llu", (unsigned long long)c->cycles_high);
        snprintf(r.us_low, sizeof(r.us_low), "%.3f", (double)c->cycles_low * 1e6 / p->m.clock_hz);
        snprintf(r.us_high, sizeof(r.us_high), "%.3f", (double)c->cycles_high * 1e6 / p->m.clock_hz);
    }
    if (c->has_interval) {
        snprintf(r.int_low, sizeof(r.int_low), "%llu", (unsigned long long)c->interval_low);
        snprintf(r.int_high, sizeof(r.int_high), "%llu", (unsigned long long)c->interval_high);
    }
    return r;
}

const char *sweep_range_over(const sweep_out *o, char *buf, size_t len)
{
    if (!o->n_range_keys) {
        snprintf(buf, len, "the model's uncertain keys");
        return buf;
    }
    char keys[CSIM_RANGE_KEYS_TEXT];
    snprintf(buf, len, "the keys %s only (--range-keys)",
             csim_range_keys_text(keys, sizeof(keys), o->range_keys, o->n_range_keys, ", "));
    return buf;
}

/* ---- CSV -------------------------------------------------------------- */

static void csv_header(const sweep_out *o)
{
    const grid *g = o->g;
    fputs("mcu,clock_hz,latency,cache,prefetch,state", o->f);
    for (unsigned i = 0; i < g->n_dims; i++) {
        if (g->dims[i].column) {
            fputc(',', o->f);
            csim_csv_field(o->f, g->dims[i].key);
        }
    }
    fputs(",case,cycles,time_us,rm_min_latency,outside_rm,reason" CSIM_PROV_CSV_HEAD, o->f);
    fputs(o->range ? ",cycles_low,cycles_high,time_us_low,time_us_high" : "", o->f);
    fputs(o->interval ? CSIM_INTERVAL_CSV_HEAD : "", o->f);
    fputs(o->range ? ",range_keys\n" : "\n", o->f);
}

static void csv_row(const sweep_out *o, const point *p, const csim_case_result *c, bool first)
{
    (void)first;
    const grid *g = o->g;
    row_figures r = figures_of(o, p, c);
    const csim_model *m = r.m;
    char v[64];
    csim_csv_field(o->f, m->name);
    fprintf(o->f, ",%u,%u,%d,%d,%s", r.in.clock_hz, r.in.wait_states, r.in.cache_enabled, r.in.prefetch,
            csim_state_text(o->warm, &r.in));
    for (unsigned i = 0; i < g->n_dims; i++) {
        if (g->dims[i].column) {
            key_value(m, g->dims[i].key, v, sizeof(v));
            fputc(',', o->f);
            csim_csv_field(o->f, v);
        }
    }
    fputc(',', o->f);
    csim_csv_field(o->f, c->name);
    fprintf(o->f, ",%llu,%.3f,%s,%d,", (unsigned long long)c->cycles, r.us, r.rm, p->outside);
    csim_csv_field(o->f, p->reason);
    csim_prov_csv(o->f, o->base);
    if (o->range) {
        fprintf(o->f, ",%s,%s,%s,%s", r.low, r.high, r.us_low, r.us_high);
    }
    if (o->interval) {
        csim_interval_csv(o->f, c);
    }
    if (o->range) {
        char keys[CSIM_RANGE_KEYS_TEXT];
        fputc(',', o->f);
        csim_csv_field(o->f, csim_range_keys_text(keys, sizeof(keys), o->range_keys, o->n_range_keys, " "));
    }
    fputc('\n', o->f);
}

/* ---- JSON ------------------------------------------------------------- */

static void json_header(const sweep_out *o)
{
    fprintf(o->f, "{\"schema_version\": 1, \"command\": \"sweep\", \"elf\": {\"path\": ");
    csim_json_str(o->f, o->elf->path);
    fprintf(o->f, ", \"sha256\": \"%s\"}, \"mcu\": ", o->elf->sha256_hex);
    csim_json_str(o->f, o->pts[0].m.name);
    fprintf(o->f, ", \"points\": %zu, \"runs\": %zu, \"state\": \"%s\",\n \"provenance\": ", o->n_pts, o->n_runs,
            o->warm ? "warm" : "cold");
    csim_prov_json(o->f, o->base, 1);
    if (o->range) {
        fputs(",\n \"range_keys\": ", o->f);
        csim_range_keys_json(o->f, o->range_keys, o->n_range_keys);
    }
    fputs(",\n \"rows\": [", o->f);
}

static void json_row(const sweep_out *o, const point *p, const csim_case_result *c, bool first)
{
    const grid *g = o->g;
    row_figures r = figures_of(o, p, c);
    const csim_model *m = r.m;
    char v[64];
    fprintf(o->f, "%s\n  {\"mcu\": ", first ? "" : ",");
    csim_json_str(o->f, m->name);
    fprintf(o->f, ", \"clock_hz\": %u, \"latency\": %u, \"cache\": %s, \"prefetch\": %s%s, \"set\": {", r.in.clock_hz,
            r.in.wait_states, r.in.cache_enabled ? "true" : "false", r.in.prefetch ? "true" : "false",
            r.in.changed ? ", \"flash_changed\": true" : "");
    unsigned k = 0;
    for (unsigned i = 0; i < g->n_dims; i++) {
        if (g->dims[i].column) {
            key_value(m, g->dims[i].key, v, sizeof(v));
            fprintf(o->f, "%s", k++ ? ", " : "");
            csim_json_str(o->f, g->dims[i].key);
            fputs(": ", o->f);
            csim_json_str(o->f, v);
        }
    }
    fputs("}, \"case\": ", o->f);
    csim_json_str(o->f, c->name);
    fprintf(o->f, ", \"cycles\": %llu, \"time_us\": %.3f, ", (unsigned long long)c->cycles, r.us);
    if (o->range) {
        fprintf(o->f, "\"cycles_low\": %s, \"cycles_high\": %s, \"time_us_low\": %s, \"time_us_high\": %s, ",
                r.low[0] ? r.low : "null", r.high[0] ? r.high : "null", r.us_low[0] ? r.us_low : "null",
                r.us_high[0] ? r.us_high : "null");
    }
    if (o->interval) {
        csim_interval_json(o->f, c);
        fputs(", ", o->f);
    }
    fprintf(o->f, "\"rm_min_latency\": %s, \"outside_rm\": %s, \"reason\": ", r.rm[0] ? r.rm : "null",
            p->outside ? "true" : "false");
    csim_json_str(o->f, p->reason);
    fputc('}', o->f);
}

static void json_end(const sweep_out *o)
{
    fputs("\n]}\n", o->f);
}

/* ---- table ------------------------------------------------------------ */

static void table_header(const sweep_out *o)
{
    const grid *g = o->g;
    fprintf(o->f, "# %s on %s: %zu points, %zu emulator runs, state %s\n", o->elf->path, o->pts[0].m.name, o->n_pts,
            o->n_runs, o->warm ? "warm" : "cold");
    char prov[4096];
    fprintf(o->f, "# provenance: %s\n", csim_prov_text(prov, sizeof(prov), o->base));
    if (o->range && o->n_range_keys) {
        char over[CSIM_RANGE_KEYS_TEXT + 64];
        fprintf(o->f, "# range over %s\n", sweep_range_over(o, over, sizeof(over)));
    }
    fprintf(o->f, "%-11s %3s %5s %8s", "clock_hz", "ws", "cache", "prefetch");
    for (unsigned i = 0; i < g->n_dims; i++) {
        if (g->dims[i].column) {
            fprintf(o->f, " %12s", g->dims[i].key);
        }
    }
    fprintf(o->f, " %-44s %12s", "case", "cycles");
    if (o->range) {
        fprintf(o->f, " %12s %12s", "low", "high");
    }
    if (o->interval) {
        fprintf(o->f, " %12s %12s %-6s", "int_low", "int_high", "class");
    }
    fprintf(o->f, " %12s", "time_us");
    if (o->range) {
        fprintf(o->f, " %12s %12s", "low_us", "high_us");
    }
    fprintf(o->f, "  %s\n", "outside_rm");
}

static void table_row(const sweep_out *o, const point *p, const csim_case_result *c, bool first)
{
    (void)first;
    const grid *g = o->g;
    row_figures r = figures_of(o, p, c);
    const csim_model *m = r.m;
    char v[64];
    fprintf(o->f, "%-11u %3u %5s %8s", r.in.clock_hz, r.in.wait_states, r.in.cache_enabled ? "on" : "off",
            r.in.prefetch ? "on" : "off");
    for (unsigned i = 0; i < g->n_dims; i++) {
        if (g->dims[i].column) {
            key_value(m, g->dims[i].key, v, sizeof(v));
            fprintf(o->f, " %12s", v);
        }
    }
    fputc(' ', o->f);
    csim_text_pad(o->f, c->name, 44);
    fprintf(o->f, " %12llu", (unsigned long long)c->cycles);
    if (o->range) {
        fprintf(o->f, " %12s %12s", r.low[0] ? r.low : "-", r.high[0] ? r.high : "-");
    }
    if (o->interval) {
        fprintf(o->f, " %12s %12s %-6s", r.int_low[0] ? r.int_low : "-", r.int_high[0] ? r.int_high : "-",
                c->has_interval ? c->op_class : "-");
    }
    fprintf(o->f, " %12.3f", r.us);
    if (o->range) {
        fprintf(o->f, " %12s %12s", r.us_low[0] ? r.us_low : "-", r.us_high[0] ? r.us_high : "-");
    }
    fprintf(o->f, "  %s%s\n", p->outside ? p->reason : "",
            r.in.changed ? " (flash changed by the firmware during the case)" : "");
}

const struct sweep_writer sweep_table_writer = {table_header, table_row, NULL};
const struct sweep_writer sweep_json_writer = {json_header, json_row, json_end};
const struct sweep_writer sweep_csv_writer = {csv_header, csv_row, NULL};

void sweep_write_rows(const sweep_out *o)
{
    const struct sweep_writer *w = o->fmt->w.sweep;
    bool first = true;
    w->header(o);
    for (size_t i = 0; i < o->n_pts; i++) {
        const csim_run_result *r = &o->jobs[o->pts[i].run].res;
        for (size_t k = 0; k < r->n_cases; k++) {
            if (sweep_selected(r->cases[k].name, o->globs, o->n_globs, o->shard_k, o->shard_n)) {
                w->row(o, &o->pts[i], &r->cases[k], first);
                first = false;
            }
        }
    }
    if (w->end) {
        w->end(o);
    }
}

/* A line label: the case, then the swept values that vary (clock excepted). */
static void line_label(const sweep_out *o, const point *p, const char *name, char *buf, size_t len)
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

bool sweep_write_svg(const sweep_out *o, FILE *f, size_t n_configs)
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
            if (!sweep_selected(name, o->globs, o->n_globs, o->shard_k, o->shard_n)) {
                continue;
            }
            sweep_line *l = &lines[n++];
            line_label(o, sorted[0], name, l->label, sizeof(l->label));
            l->mhz = calloc(n_clocks, sizeof(double));
            l->us = calloc(n_clocks, sizeof(double));
            l->outside = calloc(n_clocks, sizeof(bool));
            l->us_low = o->range ? calloc(n_clocks, sizeof(double)) : NULL;
            l->us_high = o->range ? calloc(n_clocks, sizeof(double)) : NULL;
            l->us_int_low = o->interval ? calloc(n_clocks, sizeof(double)) : NULL;
            l->us_int_high = o->interval ? calloc(n_clocks, sizeof(double)) : NULL;
            ok = l->mhz && l->us && l->outside && (!o->range || (l->us_low && l->us_high)) &&
                 (!o->interval || (l->us_int_low && l->us_int_high));
            bool ranged = o->range, interval = o->interval;
            for (size_t k = 0; ok && k < n_clocks; k++) {
                const csim_run_result *r = &o->jobs[sorted[k]->run].res;
                double hz = sorted[k]->m.clock_hz;
                /* The same table order in every run: case cs of this run is the same case. */
                const csim_case_result *c = cs < r->n_cases ? &r->cases[cs] : NULL;
                l->mhz[l->n] = hz / 1e6;
                l->us[l->n] = c ? (double)c->cycles * 1e6 / hz : 0;
                ranged &= c && c->ranged;
                if (ranged) {
                    l->us_low[l->n] = (double)c->cycles_low * 1e6 / hz;
                    l->us_high[l->n] = (double)c->cycles_high * 1e6 / hz;
                }
                interval &= ranged && c->has_interval;
                if (interval) {
                    l->us_int_low[l->n] = (double)c->interval_low * 1e6 / hz;
                    l->us_int_high[l->n] = (double)c->interval_high * 1e6 / hz;
                }
                l->outside[l->n++] = sorted[k]->outside;
            }
            if (ok && !ranged) { /* a band only where every point has its range (a failed case has none) */
                free(l->us_low);
                free(l->us_high);
                l->us_low = l->us_high = NULL;
            }
            if (ok && !interval) { /* the same for the interval (a case of no class has none) */
                free(l->us_int_low);
                free(l->us_int_high);
                l->us_int_low = l->us_int_high = NULL;
            }
        }
    }
    const char *base = strrchr(o->elf->path, '/');
    char title[256];
    snprintf(title, sizeof(title), "%.160s on %s: time versus clock", base ? base + 1 : o->elf->path,
             o->pts[0].m.name);
    char over[CSIM_RANGE_KEYS_TEXT + 64];
    ok = ok && sweep_svg_write(f, title, sweep_range_over(o, over, sizeof(over)), lines, n);
    for (size_t i = 0; lines && i < n; i++) {
        free(lines[i].mhz);
        free(lines[i].us);
        free(lines[i].outside);
        free(lines[i].us_low);
        free(lines[i].us_high);
        free(lines[i].us_int_low);
        free(lines[i].us_int_high);
    }
    free(lines);
    free(sorted);
    return ok;
}

/* ---- the command ------------------------------------------------------ */
