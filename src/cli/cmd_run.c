/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_run.c - `cyclesim run`: time an ELF's benchmark cases (or one
 * function, --call) on one or more MCU models.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cyclesim/jobs.h"
#include "cyclesim/report.h"
#include "cyclesim/sim.h"

/* With several workers each model's firmware text goes to a file of its own,
 * copied out afterwards in model order, so the console does not interleave. */
static void copy_console(FILE *from, FILE *to)
{
    char buf[4096];
    size_t k;
    rewind(from);
    while ((k = fread(buf, 1, sizeof(buf), from)) > 0) {
        fwrite(buf, 1, k, to);
    }
    fclose(from);
}

int cmd_run(int argc, char **argv)
{
    static const struct option opts[] = {
        {"mcu", required_argument, 0, 'm'},    {"set", required_argument, 0, 's'},
        {"format", required_argument, 0, 'f'}, {"warm", no_argument, 0, 'w'},
        {"console", required_argument, 0, 'c'}, {"call", required_argument, 0, 'C'},
        {"arg", required_argument, 0, 'a'},    {"max-insns", required_argument, 0, 'L'},
        {"no-reuse", no_argument, 0, 'R'},     {"jobs", required_argument, 0, 'j'},
        {"no-progress", no_argument, 0, 'P'},  {"case", required_argument, 0, 'k'},
        {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    const char *mcus = "all", *format = NULL, *console = NULL;
    const char *sets[CLI_MAX_SETS], *globs[CLI_MAX_SETS];
    unsigned n_sets = 0, n_globs = 0;
    csim_run_opts ro = {.max_insns = CSIM_DEFAULT_MAX_INSNS};
    unsigned workers = 1;
    bool progress = true;
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "m:s:f:j:", opts, NULL)) != -1) {
        switch (c) {
        case 'm': mcus = optarg; break;
        case 's':
            if (n_sets == CLI_MAX_SETS) {
                fprintf(stderr, "cyclesim: error: too many --set\n");
                return EXIT_USAGE;
            }
            sets[n_sets++] = optarg;
            break;
        case 'k':
            if (n_globs == CLI_MAX_SETS) {
                fprintf(stderr, "cyclesim: error: too many --case\n");
                return EXIT_USAGE;
            }
            globs[n_globs++] = optarg;
            break;
        case 'f': format = optarg; break;
        case 'w': ro.warm = true; break;
        case 'R': ro.no_reuse = true; break;
        case 'c': console = optarg; break;
        case 'j':
            if (!cli_parse_jobs(optarg, &workers)) {
                return EXIT_USAGE;
            }
            break;
        case 'P': progress = false; break;
        case 'C': ro.call = optarg; break;
        case 'a': {
            char *end;
            unsigned long v = strtoul(optarg, &end, 0);
            if (*end || ro.n_call_args == 4) {
                fprintf(stderr, "cyclesim: error: --arg %s: an integer, at most 4 arguments\n", optarg);
                return EXIT_USAGE;
            }
            ro.call_args[ro.n_call_args++] = (uint32_t)v;
            break;
        }
        case 'L': {
            unsigned long long v;
            if (!cli_parse_u64("--max-insns", optarg, &v)) {
                return EXIT_USAGE;
            }
            ro.max_insns = v;
            break;
        }
        case 'h': return CLI_SHOW_HELP;
        default: return CLI_BAD_USAGE;
        }
    }
    if (optind + 1 != argc) {
        return CLI_BAD_USAGE;
    }
    if (ro.call && n_globs) {
        fprintf(stderr, "cyclesim: error: --case selects benchmark cases; --call times one function\n");
        return EXIT_USAGE;
    }
    csim_format fmt;
    if (!csim_report_format(format ? format : "table", &fmt)) {
        fprintf(stderr, "cyclesim: error: --format %s: expected table, json or csv\n", format);
        return EXIT_USAGE;
    }
    FILE *con = NULL;
    if (console) {
        con = strcmp(console, "-") == 0 ? stderr : fopen(console, "w");
        if (!con) {
            fprintf(stderr, "cyclesim: error: %s: cannot write\n", console);
            return EXIT_IO;
        }
    }
    ro.console = con;

    csim_diag d = {0};
    csim_elf *elf = NULL;
    csim_err err = csim_elf_load(argv[optind], &elf, &d);
    if (err) {
        return cli_fail(err, &d);
    }
    int rc = EXIT_OK;
    unsigned n_ranges = 0, n = 0;
    cli_range *ranges = cli_case_ranges(elf, globs, ro.call ? 0 : n_globs, &n_ranges, &rc);
    csim_model *models = ranges ? calloc(CLI_MAX_MODELS, sizeof(*models)) : NULL;
    n = models ? cli_load_models(mcus, sets, n_sets, elf, models, CLI_MAX_MODELS, &rc) : 0;
    csim_report *rep = n ? csim_report_new(stdout, fmt, elf) : NULL;
    /* One job per model and range of consecutive selected cases. */
    size_t n_jobs = (size_t)n * n_ranges;
    csim_job *jobs = n_jobs ? calloc(n_jobs, sizeof(*jobs)) : NULL;
    if (n_jobs && !jobs) {
        fprintf(stderr, "cyclesim: error: out of memory\n");
        rc = EXIT_FAULT;
        n = 0;
        n_jobs = 0;
    }
    for (size_t j = 0; j < n_jobs; j++) {
        jobs[j].model = &models[j / n_ranges];
        jobs[j].opts = ro;
        jobs[j].opts.case_first = ranges[j % n_ranges].first;
        jobs[j].opts.case_count = ranges[j % n_ranges].count;
        if (con && workers > 1 && !(jobs[j].opts.console = tmpfile())) {
            jobs[j].opts.console = con;
        }
    }
    csim_jobs_run(elf, jobs, n_jobs, workers, progress);
    /* Reported in model order, stopping at the first model that failed, as
     * when the models run one after the other. */
    bool stop = false;
    for (unsigned i = 0; i < n; i++) {
        const csim_model *m = &models[i];
        csim_run_result res = {0};
        csim_job *failed = NULL;
        for (unsigned k = 0; k < n_ranges; k++) {
            csim_job *jb = &jobs[(size_t)i * n_ranges + k];
            if (jb->opts.console != con) {
                copy_console(jb->opts.console, con);
            }
            if (!failed && jb->err) {
                failed = jb;
            }
            if (!cli_append_result(&res, &jb->res)) {
                csim_run_result_free(&jb->res);
                fprintf(stderr, "cyclesim: error: out of memory\n");
                rc = EXIT_FAULT;
                stop = true;
            }
        }
        if (stop) {
            csim_run_result_free(&res);
            continue;
        }
        if (failed) {
            csim_report_partial(rep, m, &res);
            csim_run_result_free(&res);
            rc = cli_fail(failed->err, &failed->diag);
            stop = true;
            continue;
        }
        csim_report_add(rep, m, &res, ro.warm);
        if (!ro.call && res.n_cases == 0) {
            fprintf(stderr, "cyclesim: warning: %s: %s: no benchmark case was timed (no bench_cases table or "
                    "bench_region markers: a stripped image?)\n", m->name, elf->path);
        }
        for (size_t k = 0; k < res.n_cases; k++) {
            if (res.cases[k].status != 0) {
                fprintf(stderr, "cyclesim: error: %s: case %s failed its check (status %u)\n", m->name,
                        res.cases[k].name, res.cases[k].status);
                rc = EXIT_CASE_FAILED;
            }
        }
        if (!ro.call && res.exited && res.exit_status != 0 && rc == EXIT_OK) {
            fprintf(stderr, "cyclesim: error: %s: firmware exited with status %u\n", m->name, res.exit_status);
            rc = EXIT_CASE_FAILED;
        }
        csim_run_result_free(&res);
    }
    free(ranges);
    free(jobs);
    if (rep) {
        csim_report_finish(rep);
    }
    free(models);
    csim_elf_free(elf);
    if (con && con != stderr) {
        fclose(con);
    }
    return rc;
}
