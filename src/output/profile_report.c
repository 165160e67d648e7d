/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * profile_report.c - the output of `cyclesim profile` (profile_report.h): a
 * case's profile as a table, a callgrind file or collapsed stacks, and the
 * input-variation table (docs/profile.md).
 */
#include <math.h>
#include <string.h>

#include "cyclesim/analysis/rt_helpers.h"
#include "cyclesim/output/in_force.h"
#include "output/formats_internal.h"
#include "output/profile_report.h"

/* A format's writer: one record per case (false: a file could not be
 * written, o->path names it); files: it writes one file per case into
 * o->dir; bare: its stream holds nothing else (the variation table goes
 * elsewhere). */
struct profile_writer {
    csim_err (*record)(const profile_out *o, const csim_model *m, const csim_case_result *c);
    bool files, bare;
};

/* The model and the configuration case c ran with (NULL: the model's). */
static void model_line(FILE *f, const csim_model *m, const csim_case_result *c, bool warm)
{
    const csim_in_force in = csim_in_force_of(m, c);
    char cfg[64];
    fprintf(f, "%s (%.3g MHz, %s, state %s%s)", m->name, in.clock_hz / 1e6, csim_in_force_text(cfg, sizeof(cfg), &in),
            warm ? "warm" : "cold", in.changed ? ", flash changed by the firmware during the case" : "");
}

static uint64_t profile_total(const csim_profile *p)
{
    uint64_t t = 0;
    for (size_t i = 0; i < p->n_fns; i++) {
        t += p->fns[i].self_cycles;
    }
    return t;
}

static double pct(uint64_t a, uint64_t total) { return total ? 100.0 * (double)a / (double)total : 0.0; }

/* "run-time helpers (SET): N cycles = P% of the case: name cycles, ..." */
static void helper_line(FILE *f, const char *prefix, const csim_case_result *c, const char *set)
{
    csim_rt_usage u;
    char names[512];
    csim_rt_usage_of(c->profile, &u);
    csim_rt_names(&u, names, sizeof(names));
    fprintf(f, "%srun-time helpers (%s): %llu cycles = %.1f%% of the case%s%s\n", prefix, set,
            (unsigned long long)u.cycles, c->cycles ? 100.0 * (double)u.cycles / (double)c->cycles : 0.0,
            names[0] ? ": " : "", names);
}

/* "priced by assumption: VSQRT x100", nothing when the case priced none. */
static void assumed_line(FILE *f, const char *prefix, const csim_case_result *c)
{
    char assumed[256];
    if (csim_assumed_text(assumed, sizeof(assumed), c)) {
        fprintf(f, "%s" CSIM_ASSUMED_LABEL "%s\n", prefix, assumed);
    }
}

static csim_err table_record(const profile_out *o, const csim_model *m, const csim_case_result *c)
{
    FILE *f = o->f;
    const csim_profile *p = c->profile;
    uint64_t total = profile_total(p);
    fprintf(f, "\n== ");
    model_line(f, m, c, o->warm);
    char prov[4096];
    fprintf(f, ": %s\nprovenance: %s\n", c->name, csim_prov_text(prov, sizeof(prov), m));
    fprintf(f, "%llu cycles; profile %llu = cycles + %llu region overhead; stack %u B, code %u B, const %u B, "
               "data %u B\n",
            (unsigned long long)c->cycles, (unsigned long long)total, (unsigned long long)p->overhead_cycles,
            c->stack_bytes, c->code_bytes, c->const_bytes, c->data_bytes);
    helper_line(f, "", c, o->rt);
    assumed_line(f, "", c);
    fprintf(f, "%-32s %11s %6s %11s %6s %8s", "function", "self", "%", "incl", "%", "calls");
#define HEAD(field, label, event, bucket) if (bucket) fprintf(f, " %*s", CSIM_BD_##field == CSIM_BD_core ? 11 : 9, label);
    CSIM_BREAKDOWN_FIELDS(HEAD)
#undef HEAD
    fputc('\n', f);
    for (size_t i = 0; i < p->n_fns && i < o->top; i++) {
        const csim_fn_cost *fn = &p->fns[i];
        const csim_breakdown *b = &fn->self_bd;
        fprintf(f, "%-32s %11llu %5.1f%% %11llu %5.1f%% %8llu", fn->name, (unsigned long long)fn->self_cycles,
                pct(fn->self_cycles, total), (unsigned long long)fn->incl_cycles, pct(fn->incl_cycles, total),
                (unsigned long long)fn->calls);
#define COLUMN(field, label, event, bucket) \
    if (bucket) fprintf(f, " %*llu", CSIM_BD_##field == CSIM_BD_core ? 11 : 9, (unsigned long long)b->field);
        CSIM_BREAKDOWN_FIELDS(COLUMN)
#undef COLUMN
        fputc('\n', f);
    }
    if (p->n_fns > o->top) {
        fprintf(f, "(%zu more functions; --top N)\n", p->n_fns - o->top);
    }
    return CSIM_OK;
}

/* Names in file names and collapsed stacks: no separators. */
static void clean_name(char *out, size_t len, const char *in, const char *bad)
{
    size_t i = 0;
    for (; in[i] && i + 1 < len; i++) {
        out[i] = strchr(bad, in[i]) ? '_' : in[i];
    }
    out[i] = 0;
}

static csim_err collapsed_record(const profile_out *o, const csim_model *m, const csim_case_result *c)
{
    FILE *f = o->f;
    const csim_profile *p = c->profile;
    char name[128];
    clean_name(name, sizeof(name), c->name, "; \t\n");
    for (size_t i = 0; i < p->n_stacks; i++) {
        const csim_stack_cost *s = &p->stacks[i];
        fprintf(f, "%s;%s", m->name, name);
        for (uint32_t k = 0; k < s->depth; k++) {
            char fn[128];
            clean_name(fn, sizeof(fn), p->fns[s->frames[k]].name, "; \t\n");
            fprintf(f, ";%s", fn);
        }
        fprintf(f, " %llu\n", (unsigned long long)s->cycles);
    }
    return CSIM_OK;
}

/* Callgrind format (valgrind's docs/callgrind format): one file per case and model. */
static csim_err callgrind_record(const profile_out *o, const csim_model *m, const csim_case_result *c)
{
    char file[96], path[4096];
    clean_name(file, sizeof(file), c->name, "/\\ \t\n:;*?\"<>|");
    snprintf(path, sizeof(path), "%s/callgrind.out.%s.%s", o->dir, m->name, file);
    csim_out out;
    csim_err err = csim_out_open(&out, path, o->diag);
    if (err) {
        return err;
    }
    FILE *f = out.f;
    const csim_elf *elf = o->elf;
    const bool warm = o->warm;
    const char *rt = o->rt;
    const csim_profile *p = c->profile;
    const char *base = strrchr(elf->path, '/') ? strrchr(elf->path, '/') + 1 : elf->path;
    fprintf(f, "# callgrind format\nversion: 1\ncreator: cyclesim\ncmd: %s case %s\n", base, c->name);
    fprintf(f, "desc: MCU: ");
    model_line(f, m, c, warm);
    fprintf(f, "\ndesc: Case: %llu cycles + %llu region overhead (the empty case), stack %u B\n",
            (unsigned long long)c->cycles, (unsigned long long)p->overhead_cycles, c->stack_bytes);
    helper_line(f, "desc: ", c, rt);
    assumed_line(f, "desc: ", c);
    char prov[4096];
    fprintf(f, "desc: Provenance: %s\n", csim_prov_text(prov, sizeof(prov), m));
    fputs("positions: line\nevents:", f);
#define EVENT(field, label, event, bucket) if (event[0]) fprintf(f, " %s", event);
    CSIM_BREAKDOWN_FIELDS(EVENT)
#undef EVENT
    fputs("\n\nfl=(1) ???\n", f);
    csim_breakdown sum = {0};
    for (size_t i = 0; i < p->n_fns; i++) {
        const csim_fn_cost *fn = &p->fns[i];
        const csim_breakdown *b = &fn->self_bd;
        /* Name compression: "(id) name" the first time, "(id)" after. */
        fprintf(f, "fn=(%zu) %s\n0", i + 1, fn->name);
#define COST(field, label, event, bucket) if (event[0]) fprintf(f, " %llu", (unsigned long long)b->field), sum.field += b->field;
        CSIM_BREAKDOWN_FIELDS(COST)
#undef COST
        fputc('\n', f);
        for (size_t k = 0; k < p->n_edges; k++) {
            const csim_call_edge *e = &p->edges[k];
            if (e->caller == i) {
                /* Inclusive cost of the calls: cycles only. */
                fprintf(f, "cfn=(%u)%s%s\ncalls=%llu 0\n0 %llu\n", e->callee + 1, e->callee > i ? " " : "",
                        e->callee > i ? p->fns[e->callee].name : "", (unsigned long long)e->calls,
                        (unsigned long long)e->incl_cycles);
            }
        }
    }
    fputs("\ntotals:", f);
#define TOTAL(field, label, event, bucket) if (event[0]) fprintf(f, " %llu", (unsigned long long)sum.field);
    CSIM_BREAKDOWN_FIELDS(TOTAL)
#undef TOTAL
    fputc('\n', f);
    return csim_out_close(&out, o->diag);
}

/* min/mean/max/stddev of each case's cycles over the known-answer run and the seeds. */
void profile_write_variation(FILE *f, const csim_model *m, const csim_run_result *runs, unsigned n_runs, bool warm)
{
    fprintf(f, "\ninput variation, ");
    model_line(f, m, runs[0].n_cases ? &runs[0].cases[0] : NULL, warm);
    fprintf(f, ": known answer + %u random inputs (seeds 1..%u)\n", n_runs - 1, n_runs - 1);
    fprintf(f, "%-44s %5s %12s %14s %12s %12s\n", "case", "runs", "min", "mean", "max", "stddev");
    for (size_t i = 0; i < runs[0].n_cases; i++) {
        const csim_case_result *c = &runs[0].cases[i];
        uint64_t lo = c->cycles, hi = c->cycles;
        double sum = 0, sq = 0;
        unsigned n = 0;
        for (unsigned r = 0; r < n_runs; r++) {
            for (size_t k = 0; k < runs[r].n_cases; k++) {
                if (strcmp(runs[r].cases[k].name, c->name) == 0) {
                    uint64_t v = runs[r].cases[k].cycles;
                    lo = v < lo ? v : lo;
                    hi = v > hi ? v : hi;
                    sum += (double)v;
                    sq += (double)v * (double)v;
                    n++;
                    break;
                }
            }
        }
        double mean = sum / n, var = sq / n - mean * mean;
        fprintf(f, "%-44s %5u %12llu %14.1f %12llu %12.1f%s\n", c->name, n, (unsigned long long)lo, mean,
                (unsigned long long)hi, var > 0 ? sqrt(var) : 0.0, hi != lo ? "  varies with the data" : "");
    }
}

const struct profile_writer profile_table_writer = {table_record, false, false};
const struct profile_writer profile_callgrind_writer = {callgrind_record, true, false};
const struct profile_writer profile_collapsed_writer = {collapsed_record, false, true};

csim_err profile_write_case(const csim_output_format *fmt, const profile_out *o, const csim_model *m,
                        const csim_case_result *c)
{
    return fmt->w.profile->record(o, m, c);
}

bool profile_writes_files(const csim_output_format *fmt)
{
    return fmt->w.profile->files;
}

bool profile_stream_is_bare(const csim_output_format *fmt)
{
    return fmt->w.profile->bare;
}
