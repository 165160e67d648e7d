/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_run.c - `cyclesim run`: time an ELF's benchmark cases (or one
 * function, --call) on one or more MCU models.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "cyclesim/engine/jobs.h"
#include "cyclesim/output/report.h"
#include "cyclesim/analysis/shard.h"
#include "cyclesim/engine/sim.h"
#include "cyclesim/analysis/range.h"
#include "cyclesim/analysis/rt_helpers.h"

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

enum { OPT_CONSOLE = 256, OPT_NO_REUSE };

static const cli_own_opt run_own[] = {
    {"output", 'o', "FILE", "write the report to FILE (default: stdout)"},
    {"console", OPT_CONSOLE, "FILE|-", "what the firmware prints (UART, semihosting) goes to FILE, - for stderr"},
    {"no-reuse", OPT_NO_REUSE, NULL, "price every block anew instead of reusing the pricing of a block seen in "
                                     "the same state, and with --range run each configuration on an emulation of "
                                     "its own (slower; for checking the reuse)"},
    {NULL, 0, NULL, NULL},
};

typedef struct run_own_values {
    const char *output, *console;
    bool no_reuse;
} run_own_values;

static int run_option(void *ctx, int id, char *arg)
{
    run_own_values *v = ctx;
    switch (id) {
    case 'o': v->output = arg; break;
    case OPT_CONSOLE: v->console = arg; break;
    default: v->no_reuse = true; break;
    }
    return EXIT_OK;
}

const cli_command cli_cmd_run = {
    "run", "FW.elf", 1, 1,
    "Times the ELF's benchmark cases (or one function, --call) on one or more MCU models (default: every "
    "model that can run the ELF).",
    CLI_MCU | CLI_SET | CLI_CASE | CLI_JOBS | CLI_WARM | CLI_MAX_INSNS | CLI_CALL | CLI_NO_PROGRESS | CLI_FORMAT |
        CLI_SHARD | CLI_QUIET | CLI_RANGE | CLI_RT_ALT,
    CSIM_REPORTS(CSIM_REPORT_RUN), run_own, run_option, cmd_run, NULL,
};

/* --range: the range of each case of model m's result (analysis/range.h);
 * EXIT_OK or the exit code of the error it printed. */
static int range_of(const csim_elf *elf, const csim_elf *rt_alt, const csim_model *m, const cli_common *o,
                    const csim_job *runs, size_t n_runs, const csim_jobs_opts *jo, csim_run_result *res)
{
    const int rc = cli_range_keys(m, o->range_keys, o->n_range_keys);
    if (rc) {
        return rc;
    }
    csim_range_dim dims[CSIM_RANGE_MAX_DIMS];
    unsigned unstated;
    const size_t n_dims = csim_range_dims(m, o->n_range_keys ? o->range_keys : NULL, o->n_range_keys, dims,
                                          CSIM_RANGE_MAX_DIMS, &unstated);
    cli_range_unstated(o->quiet, m, unstated);
    csim_run_opts opts[n_runs + 1];
    for (size_t r = 0; r < n_runs; r++) {
        opts[r] = runs[r].opts;
    }
    csim_range_stats st;
    csim_diag d = {0};
    csim_err err = csim_range_search(elf, m, dims, n_dims, opts, n_runs, jo, res, &st, &d);
    if (err) {
        return cli_fail(err, &d);
    }
    /* what the range cost, in runs of the model's cases */
    cli_say(o->quiet, "note", "%s: --range: %zu keys, %u configurations in %u rounds%s, %u of them on an emulation "
            "of their own", m->name, n_dims, st.configs, st.steps, st.refused ? " (some refused by the model check)" : "",
            st.alone);
    if (rt_alt) {
        err = csim_range_rt_alt(rt_alt, m, opts, n_runs, o->n_range_keys ? o->range_keys : NULL, o->n_range_keys, jo,
                                res, &st, &d);
        if (err) {
            return cli_fail(err, &d);
        }
        cli_say(o->quiet, "note", "%s: --rt-alt: the same search on %s, %u configurations in %u rounds, %u of them "
                "on an emulation of their own", m->name, rt_alt->path, st.configs, st.steps, st.alone);
    }
    if (o->n_range_keys) { /* the margins were fitted on ranges over every uncertain key */
        cli_say(o->quiet, "note", "%s: --range-keys: no calibrated interval (its margins hold for the range over "
                "every uncertain key: docs/accuracy.md)", m->name);
        return EXIT_OK;
    }
    return cli_apply_intervals(o->quiet, res);
}

int cmd_run(int argc, char **argv)
{
    cli_common o;
    run_own_values own = {0};
    int rc = cli_parse(&cli_cmd_run, argc, argv, &o, &own);
    if (rc) {
        return rc == CLI_HELP_SHOWN ? EXIT_OK : rc;
    }
    const char *mcus = o.mcus ? o.mcus : "all", *console = own.console;
    const char *const *sets = o.sets;
    unsigned n_sets = o.n_sets, n_globs = o.n_globs, workers = o.workers;
    bool progress = o.progress;
    csim_run_opts ro = o.ro;
    ro.no_reuse = own.no_reuse;
    if (ro.call && n_globs) {
        fprintf(stderr, "cyclesim: error: --case selects benchmark cases; --call times one function\n");
        return EXIT_USAGE;
    }
    const csim_output_format *fmt = csim_output_find(CSIM_REPORT_RUN, o.format);

    if (o.n_rt_alts && (!o.range || ro.call || o.shard_n || o.n_rt_alts > 1)) {
        fprintf(stderr, "cyclesim: error: --rt-alt: %s\n",
                !o.range ? "widens the range: give it with --range or --range-keys"
                : ro.call ? "the other helper set's image is matched by its benchmark cases, not with --call"
                : o.shard_n ? "a shard's merge does not record the other helper set: run it unsharded"
                            : "run times one image: one --rt-alt");
        return EXIT_USAGE;
    }

    csim_diag d = {0};
    csim_elf *elf = NULL, *rt_alt = NULL;
    csim_err err = csim_elf_load(o.operands[0], &elf, &d);
    if (!err && o.n_rt_alts &&
        (err = csim_elf_load(o.rt_alts[0], &rt_alt, &d)) == CSIM_OK) {
        err = csim_rt_alt_check(elf, rt_alt, &d);
    }
    if (err) {
        csim_elf_free(elf);
        csim_elf_free(rt_alt);
        return cli_fail(err, &d);
    }
    unsigned n_ranges = 0, n = 0;
    const case_selection sel = cli_selection_of(&o); /* no glob with --call */
    case_range *ranges = cli_case_ranges(elf, &sel, o.quiet, &n_ranges, &rc);
    csim_model *models = ranges ? calloc(CLI_MAX_MODELS, sizeof(*models)) : NULL;
    n = models ? cli_load_models(mcus, sets, n_sets, elf, models, CLI_MAX_MODELS, o.quiet, &rc) : 0;
    /* The console file is opened once every input is read: never one of them. */
    csim_out con_out = {0};
    FILE *con = console && strcmp(console, "-") == 0 ? stderr : NULL;
    if (n && console && !con) {
        n = cli_open_out(&con_out, console, &rc) ? n : 0;
        con = con_out.f;
    }
    ro.console = con;
    /* -o likewise: once the inputs are read, before any emulation. */
    csim_out out = {0};
    if (n && !cli_open_out(&out, own.output, &rc)) {
        n = 0;
    }
    const csim_shard shard = {.k = o.shard_k, .n = o.shard_n, .sets = sets, .n_sets = n_sets, .globs = sel.globs,
                              .n_globs = sel.n_globs, .range_keys = o.range_keys, .n_range_keys = o.n_range_keys};
    csim_report *rep = n ? csim_report_open(out.f, fmt, elf, NULL, rt_alt, o.shard_n ? &shard : NULL) : NULL;
    csim_report_range_keys(rep, o.range_keys, o.n_range_keys);
    /* One job per model and range of consecutive selected cases. */
    size_t n_jobs = (size_t)n * n_ranges;
    csim_job *jobs = n_jobs ? calloc(n_jobs, sizeof(*jobs)) : NULL;
    if (n_jobs && !jobs) {
        rc = cli_out_of_memory();
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
    cli_jobs cj;
    cli_jobs_init(&cj, workers, progress);
    csim_jobs_run(elf, jobs, n_jobs, &cj.opts);
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
                rc = cli_out_of_memory();
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
        const int range_rc =
            o.range ? range_of(elf, rt_alt, m, &o, &jobs[(size_t)i * n_ranges], n_ranges, &cj.opts, &res) : EXIT_OK;
        if (range_rc) {
            csim_run_result_free(&res);
            rc = range_rc;
            stop = true;
            continue;
        }
        csim_report_add(rep, m, &res, ro.warm);
        if (ro.call) {
            cli_call_returned(m, ro.call, &res);
        }
        if (!ro.call && res.n_cases == 0 && !o.shard_n) { /* a shard may hold no case */
            cli_say(o.quiet, "warning", "%s: %s: no benchmark case was timed (no bench_cases table or "
                    "bench_region markers: a stripped image?)", m->name, elf->path);
        }
        if (cli_failed_cases(m, res.cases, res.n_cases) != EXIT_OK) {
            rc = EXIT_CASE_FAILED;
        }
        if (!ro.call && res.exited && res.exit_status != 0 && rc == EXIT_OK) {
            fprintf(stderr, "cyclesim: error: %s: firmware exited with status %u\n", m->name, res.exit_status);
            rc = EXIT_CASE_FAILED;
        }
        csim_run_result_free(&res);
    }
    cli_jobs_free(&cj);
    free(ranges);
    free(jobs);
    if (rep && !csim_report_finish(rep)) {
        rc = cli_out_of_memory();
    }
    free(models);
    csim_elf_free(elf);
    csim_elf_free(rt_alt);
    return cli_close_out(&out, cli_close_out(&con_out, rc));
}
