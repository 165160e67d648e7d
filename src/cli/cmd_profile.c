/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_profile.c - `cyclesim profile`: where each case's cycles go, by
 * function (self, inclusive, calls, breakdown by kind), as a table, callgrind
 * files or collapsed stacks (docs/profile.md); with --inputs N, how much each
 * case's cycles vary over random inputs.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "cyclesim/engine/jobs.h"
#include "cyclesim/analysis/rt_helpers.h"
#include "cyclesim/engine/sim.h"
#include "cyclesim/output/in_force.h"

typedef enum pformat { PF_TABLE, PF_CALLGRIND, PF_COLLAPSED } pformat;

typedef struct popts {
    pformat fmt;
    char rt[32];      /* the image's run-time helper set (bench_rt) */
    const char *out;
    unsigned top;
    unsigned inputs;
    unsigned workers;
    bool progress;
    csim_run_opts ro;
} popts;

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

static void print_table(FILE *f, const csim_model *m, const csim_case_result *c, const popts *o)
{
    const csim_profile *p = c->profile;
    uint64_t total = profile_total(p);
    fprintf(f, "\n== ");
    model_line(f, m, c, o->ro.warm);
    fprintf(f, ": %s\n", c->name);
    fprintf(f, "%llu cycles; profile %llu = cycles + %llu region overhead; stack %u B, code %u B, const %u B, "
               "data %u B\n",
            (unsigned long long)c->cycles, (unsigned long long)total, (unsigned long long)p->overhead_cycles,
            c->stack_bytes, c->code_bytes, c->const_bytes, c->data_bytes);
    helper_line(f, "", c, o->rt);
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

static void print_collapsed(FILE *f, const csim_model *m, const csim_case_result *c)
{
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
}

/* Callgrind format (valgrind's docs/callgrind format): one file per case and model. */
static int write_callgrind(const char *dir, const csim_elf *elf, const csim_model *m, const csim_case_result *c,
                           bool warm, const char *rt)
{
    char file[96], path[1024];
    clean_name(file, sizeof(file), c->name, "/\\ \t\n:;*?\"<>|");
    snprintf(path, sizeof(path), "%s/callgrind.out.%s.%s", dir, m->name, file);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "cyclesim: error: %s: cannot write (%s)\n", path, strerror(errno));
        return EXIT_IO;
    }
    const csim_profile *p = c->profile;
    const char *base = strrchr(elf->path, '/') ? strrchr(elf->path, '/') + 1 : elf->path;
    fprintf(f, "# callgrind format\nversion: 1\ncreator: cyclesim\ncmd: %s case %s\n", base, c->name);
    fprintf(f, "desc: MCU: ");
    model_line(f, m, c, warm);
    fprintf(f, "\ndesc: Case: %llu cycles + %llu region overhead (the empty case), stack %u B\n",
            (unsigned long long)c->cycles, (unsigned long long)p->overhead_cycles, c->stack_bytes);
    helper_line(f, "desc: ", c, rt);
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
    if (fclose(f) != 0) {
        fprintf(stderr, "cyclesim: error: %s: write error\n", path);
        return EXIT_IO;
    }
    return EXIT_OK;
}

/* min/mean/max/stddev of each case's cycles over the known-answer run and the seeds. */
static void print_variation(FILE *f, const csim_model *m, const csim_run_result *runs, unsigned n_runs, bool warm)
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

static bool parse_unsigned(const char *opt, const char *arg, unsigned *out)
{
    unsigned long long v;
    if (!cli_parse_u64(opt, arg, &v)) {
        return false;
    }
    if (v > 1000000) {
        fprintf(stderr, "cyclesim: error: %s %s: too large\n", opt, arg);
        return false;
    }
    *out = (unsigned)v;
    return true;
}

enum { OPT_TOP = 256, OPT_INPUTS, OPT_NO_REUSE };

static const cli_own_opt profile_own[] = {
    {"output", 'o', "FILE|DIR", "write to FILE (callgrind: files in DIR, default .)"},
    {"top", OPT_TOP, "N", "functions shown per case in the table (default 15)"},
    {"inputs", OPT_INPUTS, "N", "also run the cases on N random inputs and flag those whose cycles depend on "
                                "the data (docs/profile.md)"},
    {"no-reuse", OPT_NO_REUSE, NULL, "price every block anew (slower; for checking the reuse)"},
    {NULL, 0, NULL, NULL},
};

static int profile_option(void *ctx, int id, char *arg)
{
    popts *o = ctx;
    switch (id) {
    case 'o': o->out = arg; return EXIT_OK;
    case OPT_TOP: return parse_unsigned("--top", arg, &o->top) ? EXIT_OK : EXIT_USAGE;
    case OPT_INPUTS: return parse_unsigned("--inputs", arg, &o->inputs) ? EXIT_OK : EXIT_USAGE;
    default: o->ro.no_reuse = true; return EXIT_OK;
    }
}

const cli_command cli_cmd_profile = {
    "profile", "FW.elf", 1, 1,
    "Splits each case's cycles by function (self, inclusive, calls, kinds of cycles), with its call graph and "
    "stack (docs/profile.md).",
    CLI_MCU | CLI_SET | CLI_CASE | CLI_JOBS | CLI_WARM | CLI_MAX_INSNS | CLI_CALL | CLI_NO_PROGRESS | CLI_FORMAT | CLI_SHARD,
    CSIM_REPORTS(CSIM_REPORT_PROFILE), profile_own, profile_option, cmd_profile, NULL,
};

int cmd_profile(int argc, char **argv)
{
    cli_common co;
    popts o = {.top = 15};
    int rc = cli_parse(&cli_cmd_profile, argc, argv, &co, &o);
    if (rc) {
        return rc == CLI_HELP_SHOWN ? EXIT_OK : rc;
    }
    bool no_reuse = o.ro.no_reuse;
    o.ro = co.ro;
    o.ro.no_reuse = no_reuse;
    o.ro.profile = true;
    o.workers = co.workers;
    o.progress = co.progress;
    const char *mcus = co.mcus;
    const char *const *sets = co.sets, *const *globs = co.globs;
    unsigned n_sets = co.n_sets, n_globs = co.n_globs;
    if (!mcus) {
        fprintf(stderr, "cyclesim: error: profile needs --mcu NAME\n");
        return EXIT_USAGE;
    }
    o.fmt = (pformat)csim_output_index(csim_output_find(CSIM_REPORT_PROFILE, co.format));
    if (o.ro.call && (n_globs || o.inputs)) {
        fprintf(stderr, "cyclesim: error: --case and --inputs select benchmark cases; --call profiles one "
                        "function\n");
        return EXIT_USAGE;
    }
    if (o.inputs && o.fmt == PF_COLLAPSED && !o.out) {
        fprintf(stderr, "cyclesim: error: --inputs with --format collapsed needs -o FILE (stdout holds the "
                        "stacks)\n");
        return EXIT_USAGE;
    }
    const char *dir = o.fmt == PF_CALLGRIND ? (o.out ? o.out : ".") : NULL;
    if (dir && mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "cyclesim: error: %s: cannot create directory (%s)\n", dir, strerror(errno));
        return EXIT_IO;
    }

    csim_diag d = {0};
    csim_elf *elf = NULL;
    csim_err err = csim_elf_load(co.operands[0], &elf, &d);
    if (err) {
        return cli_fail(err, &d);
    }
    if (o.inputs && !csim_elf_find(elf, "bench_input_seed")) {
        fprintf(stderr, "cyclesim: error: %s: firmware has no random-input support (bench_input_seed)\n",
                elf->path);
        csim_elf_free(elf);
        return EXIT_USAGE;
    }
    csim_rt_set(elf, o.rt, sizeof(o.rt));
    unsigned n_ranges = 0, n_models = 0;
    cli_range *ranges = cli_case_ranges(elf, globs, o.ro.call ? 0 : n_globs, &n_ranges, &rc);
    if (ranges && n_ranges == 0) { /* a --shard without a case of the ELF */
        free(ranges);
        csim_elf_free(elf);
        return EXIT_OK;
    }
    csim_model *models = ranges ? calloc(CLI_MAX_MODELS, sizeof(*models)) : NULL;
    n_models = models ? cli_load_models(mcus, sets, n_sets, elf, models, CLI_MAX_MODELS, &rc) : 0;
    unsigned n_runs = 1 + o.inputs; /* the known-answer run, then seeds 1..N */
    size_t n_jobs = (size_t)n_models * n_runs * n_ranges;
    csim_job *jobs = n_jobs ? calloc(n_jobs, sizeof(*jobs)) : NULL;
    csim_run_result *runs = n_jobs ? calloc((size_t)n_models * n_runs, sizeof(*runs)) : NULL;
    FILE *out = stdout;
    if (n_jobs && (!jobs || !runs)) {
        rc = cli_out_of_memory();
        n_jobs = 0;
    }
    if (n_jobs && o.out && o.fmt != PF_CALLGRIND) {
        FILE *f = fopen(o.out, "w");
        if (f) {
            out = f;
        } else {
            fprintf(stderr, "cyclesim: error: %s: cannot write (%s)\n", o.out, strerror(errno));
            rc = EXIT_IO;
            n_jobs = 0;
        }
    }
    for (size_t j = 0; j < n_jobs; j++) {
        csim_job *jb = &jobs[j];
        unsigned seed = (unsigned)(j / n_ranges % n_runs);
        jb->model = &models[j / n_ranges / n_runs];
        jb->opts = o.ro;
        jb->opts.case_first = ranges[j % n_ranges].first;
        jb->opts.case_count = ranges[j % n_ranges].count;
        jb->opts.input_seed = seed;
        jb->opts.profile = seed == 0; /* the random-input runs only count cycles */
    }
    csim_jobs_run(elf, jobs, n_jobs, o.workers, o.progress);
    /* Jobs in order: model, run, range; each run gathers its ranges' cases. */
    for (size_t j = 0; j < n_jobs && rc == EXIT_OK; j++) {
        if (jobs[j].err) {
            rc = cli_fail(jobs[j].err, &jobs[j].diag);
        } else if (!cli_append_result(&runs[j / n_ranges], &jobs[j].res)) {
            rc = cli_out_of_memory();
        }
    }
    for (unsigned mi = 0; mi < n_models && rc == EXIT_OK; mi++) {
        const csim_model *m = &models[mi];
        const csim_run_result *known = &runs[(size_t)mi * n_runs];
        for (size_t k = 0; k < known->n_cases && rc == EXIT_OK; k++) {
            const csim_case_result *cr = &known->cases[k];
            if (!cr->profile) {
                fprintf(stderr, "cyclesim: error: %s: %s: out of memory for the profile\n", m->name, cr->name);
                rc = EXIT_INTERNAL;
            } else if (o.fmt == PF_TABLE) {
                print_table(out, m, cr, &o);
            } else if (o.fmt == PF_COLLAPSED) {
                print_collapsed(out, m, cr);
            } else {
                rc = write_callgrind(dir, elf, m, cr, o.ro.warm, o.rt);
            }
        }
        if (o.inputs && rc == EXIT_OK) {
            print_variation(o.fmt == PF_COLLAPSED ? stdout : out, m, known, n_runs, o.ro.warm);
        }
        for (unsigned r = 0; r < n_runs && rc == EXIT_OK; r++) {
            const csim_run_result *res = &runs[(size_t)mi * n_runs + r];
            for (size_t k = 0; k < res->n_cases; k++) {
                if (res->cases[k].status != 0) {
                    fprintf(stderr, "cyclesim: error: %s: case %s failed its check (status %u, input seed %u)\n",
                            m->name, res->cases[k].name, res->cases[k].status, r);
                    rc = EXIT_CASE_FAILED;
                }
            }
        }
    }
    if (out != stdout && fclose(out) != 0 && rc == EXIT_OK) {
        fprintf(stderr, "cyclesim: error: %s: write error\n", o.out);
        rc = EXIT_IO;
    }
    for (size_t j = 0; j < n_jobs; j++) {
        csim_run_result_free(&jobs[j].res);
    }
    for (size_t r = 0; runs && r < (size_t)n_models * n_runs; r++) {
        csim_run_result_free(&runs[r]);
    }
    free(runs);
    free(jobs);
    free(models);
    free(ranges);
    csim_elf_free(elf);
    return rc;
}
