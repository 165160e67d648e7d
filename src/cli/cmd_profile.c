/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_profile.c - `cyclesim profile`: where each case's cycles go, by
 * function (self, inclusive, calls, breakdown by kind), as a table, callgrind
 * files or collapsed stacks (docs/profile.md); with --inputs N, how much each
 * case's cycles vary over random inputs.  The writers: output/profile_report.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "cyclesim/engine/jobs.h"
#include "cyclesim/analysis/rt_helpers.h"
#include "cyclesim/engine/sim.h"
#include "cyclesim/analysis/range.h"
#include "cli/profile_cmd.h"
#include "output/profile_report.h"
#include "output/trace_report.h"


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

enum { OPT_TOP = 256, OPT_INPUTS, OPT_NO_REUSE, OPT_RANGE };

static const cli_own_opt profile_own[] = {
    {"output", 'o', "FILE|DIR", "write to FILE (callgrind: files in DIR, default .)"},
    {"top", OPT_TOP, "N", "functions shown per case in the table (default 15)"},
    {"inputs", OPT_INPUTS, "N", "also run the cases on N random inputs and flag those whose cycles depend on "
                                "the data (docs/profile.md)"},
    {"no-reuse", OPT_NO_REUSE, NULL, "price every block anew (slower; for checking the reuse)"},
    {"range", OPT_RANGE, NULL, "also each case's range over the model's uncertain keys, in its header "
                               "(docs/accuracy.md)"},
    {NULL, 0, NULL, NULL},
};

static int profile_option(void *ctx, int id, char *arg)
{
    popts *o = ctx;
    switch (id) {
    case 'o': o->out = arg; return EXIT_OK;
    case OPT_TOP: return parse_unsigned("--top", arg, &o->top) ? EXIT_OK : EXIT_USAGE;
    case OPT_INPUTS: return parse_unsigned("--inputs", arg, &o->inputs) ? EXIT_OK : EXIT_USAGE;
    case OPT_RANGE: o->range = true; return EXIT_OK;
    default: o->ro.no_reuse = true; return EXIT_OK;
    }
}

const cli_command cli_cmd_profile = {
    "profile", "FW.elf", 1, 1,
    "Splits each case's cycles by function (self, inclusive, calls, kinds of cycles), with its call graph and "
    "stack (docs/profile.md).",
    CLI_MCU | CLI_SET | CLI_CASE | CLI_JOBS | CLI_WARM | CLI_MAX_INSNS | CLI_CALL | CLI_NO_PROGRESS | CLI_QUIET | CLI_FORMAT | CLI_SHARD,
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
    o.fmt = csim_output_find(CSIM_REPORT_PROFILE, co.format);
    return profile_execute(co, o);
}

int profile_execute(cli_common co, popts o)
{
    const char *cmd = o.one_case ? "annotate" : "profile";
    int rc = EXIT_OK;
    const csim_run_opts own = o.ro; /* what the command's own options set */
    o.ro = co.ro;
    o.ro.no_reuse = own.no_reuse;
    o.ro.trace_fn = own.trace_fn;
    o.ro.trace_from = own.trace_from;
    o.ro.trace_to = own.trace_to;
    o.ro.profile = true;
    o.workers = co.workers;
    o.progress = co.progress;
    const char *mcus = co.mcus;
    const char *const *sets = co.sets;
    unsigned n_sets = co.n_sets, n_globs = co.n_globs;
    if (!mcus) {
        fprintf(stderr, "cyclesim: error: %s needs --mcu NAME\n", cmd);
        return EXIT_USAGE;
    }
    if (o.ro.call && (n_globs || o.inputs)) {
        fprintf(stderr, "cyclesim: error: --case and --inputs select benchmark cases; --call profiles one "
                        "function\n");
        return EXIT_USAGE;
    }
    if (o.inputs && profile_stream_is_bare(o.fmt) && !o.out) {
        fprintf(stderr, "cyclesim: error: --inputs with --format collapsed needs -o FILE (stdout holds the "
                        "stacks)\n");
        return EXIT_USAGE;
    }
    const char *dir = profile_writes_files(o.fmt) ? (o.out ? o.out : ".") : NULL;
    if (dir && mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "cyclesim: error: %s: cannot create directory (%s)\n", dir, strerror(errno));
        return EXIT_IO;
    }
    struct stat dir_st;
    if (dir && (stat(dir, &dir_st) != 0 || !S_ISDIR(dir_st.st_mode))) {
        return cli_error(CSIM_ERR_IO, "%s: cannot write the profile files there: %s", dir, strerror(ENOTDIR));
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
    const case_selection sel = cli_selection_of(&co); /* no glob with --call */
    case_range *ranges = cli_case_ranges(elf, &sel, co.quiet, &n_ranges, &rc);
    if (ranges && n_ranges == 0) { /* a --shard without a case of the ELF */
        free(ranges);
        csim_elf_free(elf);
        return EXIT_OK;
    }
    unsigned n_cases = 0;
    bool every = false; /* a range of count 0: every case */
    for (unsigned j = 0; ranges && j < n_ranges; j++) {
        n_cases += ranges[j].count;
        every |= ranges[j].count == 0;
    }
    if (o.one_case && !o.ro.call && ranges && (every || n_cases != 1)) {
        fprintf(stderr, "cyclesim: error: %s: annotate shows one case, selected with --case NAME or --call; the "
                        "selection holds %s%u cases\n", elf->path, every ? "every case, not " : "", n_cases);
        rc = EXIT_USAGE;
    }
    csim_model *models = ranges && rc == EXIT_OK ? calloc(CLI_MAX_MODELS, sizeof(*models)) : NULL;
    n_models = models ? cli_load_models(mcus, sets, n_sets, elf, models, CLI_MAX_MODELS, co.quiet, &rc) : 0;
    if (o.one_case && n_models > 1) {
        fprintf(stderr, "cyclesim: error: annotate shows one MCU; --mcu %s names %u\n", mcus, n_models);
        n_models = 0;
        rc = EXIT_USAGE;
    }
    unsigned n_runs = 1 + o.inputs; /* the known-answer run, then seeds 1..N */
    size_t n_jobs = (size_t)n_models * n_runs * n_ranges;
    csim_job *jobs = n_jobs ? calloc(n_jobs, sizeof(*jobs)) : NULL;
    csim_run_result *runs = n_jobs ? calloc((size_t)n_models * n_runs, sizeof(*runs)) : NULL;
    csim_out out = {.f = stdout, .slot = -1};
    if (n_jobs && (!jobs || !runs)) {
        rc = cli_out_of_memory();
        n_jobs = 0;
    }
    if (n_jobs && o.out && !dir && !cli_open_out(&out, o.out, &rc)) {
        n_jobs = 0;
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
        jb->opts.profile_lines = jb->opts.profile && profile_wants_lines(o.fmt);
    }
    cli_jobs cj;
    cli_jobs_init(&cj, o.workers, o.progress);
    csim_jobs_run(elf, jobs, n_jobs, &cj.opts);
    /* --range: each model's known-answer run, its first n_ranges jobs */
    for (size_t j = 0; o.range && j < n_jobs && rc == EXIT_OK; j += (size_t)n_ranges * n_runs) {
        rc = cli_range_jobs(co.quiet, elf, &jobs[j], n_ranges, &cj.opts);
    }
    cli_jobs_free(&cj);
    /* Jobs in order: model, run, range; each run gathers its ranges' cases
     * (a runaway's too: the cases it completed are profiled, then exit 6). */
    int runaway = EXIT_OK;
    for (size_t j = 0; j < n_jobs && rc == EXIT_OK; j++) {
        if ((rc = cli_job_error(&jobs[j], &runaway)) == EXIT_OK &&
            !cli_append_result(&runs[j / n_ranges], &jobs[j].res)) {
            rc = cli_out_of_memory();
        }
    }
    csim_diag wd = {0};
    csim_lines *lines = NULL;
    if (rc == EXIT_OK && n_jobs && profile_wants_lines(o.fmt) && (err = csim_lines_open(elf->path, &lines, &d))) {
        rc = cli_fail(err, &d);
    }
    const profile_out po = {out.f, dir, &wd, elf, lines, o.function, o.rt, o.top, o.ro.warm};
    for (unsigned mi = 0; mi < n_models && rc == EXIT_OK; mi++) {
        const csim_model *m = &models[mi];
        const csim_run_result *known = &runs[(size_t)mi * n_runs];
        for (size_t k = 0; k < known->n_cases && rc == EXIT_OK; k++) {
            const csim_case_result *cr = &known->cases[k];
            if (!cr->profile) {
                rc = cli_error(CSIM_ERR_NOMEM, "%s: %s: out of memory for the profile", m->name, cr->name);
            } else if ((err = profile_write_case(o.fmt, &po, m, cr)) ||
                       (o.trace_out && (err = trace_write(o.trace_out, m, cr, lines, &wd)))) {
                rc = cli_fail(err, &wd);
            }
        }
        if (o.ro.call && rc == EXIT_OK) {
            cli_call_returned(m, o.ro.call, known);
        }
        if (o.inputs && rc == EXIT_OK) {
            profile_write_variation(profile_stream_is_bare(o.fmt) ? stdout : out.f, m, known, n_runs, o.ro.warm);
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
    if (out.f != stdout && rc == EXIT_OK) {
        rc = cli_close_out(&out, rc);
    }
    rc = rc ? rc : runaway;
    csim_out_discard(&out); /* a report not complete: the old one stays */
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
    csim_lines_free(lines);
    csim_elf_free(elf);
    return rc;
}
