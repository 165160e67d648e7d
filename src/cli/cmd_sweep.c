/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_sweep.c - `cyclesim sweep`: time an ELF's benchmark cases over a grid
 * of clock, flash latency, cache, prefetch and any other model keys
 * (docs/sweep.md).  The options fill the grid; src/analysis/sweep.c makes its
 * points and runs them; with --range, src/analysis/range.c searches each
 * run's range; src/output/sweep_report.c writes them.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/sweep.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "cyclesim/analysis/range.h"
#include "cyclesim/engine/jobs.h"
#include "cyclesim/output/report.h"
#include "output/sweep_report.h"

static int usage_error(const char *fmt, const char *a, const char *b)
{
    char msg[512];
    snprintf(msg, sizeof(msg), fmt, a, b);
    return cli_error(CSIM_ERR_USAGE, "%s", msg); /* escaped as every message */
}

/* A grid option's result: its message printed on error. */
static int grid_option(csim_err err, const csim_diag *d)
{
    return err ? cli_fail(err, d) : EXIT_OK;
}

/* ---- cases ------------------------------------------------------------ */

/* The smallest case range holding every selected case (count 0: all), from
 * the one case selection of the subcommands (cli_case_ranges). */
static int selected_span(const csim_elf *elf, const case_selection *sel, bool quiet, csim_run_opts *ro)
{
    int rc = EXIT_OK;
    unsigned n = 0;
    case_range *r = cli_need_cases(elf, &rc) ? cli_case_ranges(elf, sel, quiet, &n, &rc) : NULL;
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

/* --range: one search per emulator run, so that every point of a group shares
 * its run's range as it shares its cycles (a run with a failed case gets
 * none); EXIT_OK or the exit code of the error it printed. */
static int range_of(const cli_common *co, const csim_elf *elf, const csim_model *base, sweep *sw)
{
    csim_range_stats st;
    unsigned unstated;
    csim_diag d = {0};
    cli_jobs cj;
    cli_jobs_init(&cj, co->workers, co->progress);
    const csim_err err = csim_range_jobs_over(elf, sw->jobs, sw->n_runs, co->n_range_keys ? co->range_keys : NULL,
                                              co->n_range_keys, &cj.opts, &st, &unstated, &d);
    cli_jobs_free(&cj);
    if (err) {
        return cli_fail(err, &d);
    }
    const int rc = cli_jobs_intervals(co->quiet, sw->jobs, sw->n_runs, co->n_range_keys);
    if (rc) {
        return rc;
    }
    cli_range_unstated(co->quiet, base, unstated);
    cli_say(co->quiet, "note", "%s: --range: %zu searches (one per emulator run), %u configurations in %u rounds in "
            "all%s, %u of them on an emulation of their own", base->name, sw->n_runs, st.configs, st.steps,
            st.refused ? " (some refused by the model check)" : "", st.alone);
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
    csim_diag d = {0};
    switch (id) {
    case OPT_CLOCK: return grid_option(sweep_parse_clocks(v->g, arg, &d), &d);
    case OPT_LATENCY: return grid_option(sweep_parse_latencies(v->g, arg, &d), &d);
    case OPT_CACHE: return grid_option(sweep_add_dim(v->g, "--cache", "cache.enabled", arg, false, &d), &d);
    case OPT_PREFETCH: return grid_option(sweep_add_dim(v->g, "--prefetch", "flash.prefetch", arg, false, &d), &d);
    case 's':
        if (arg[0] != '@') {
            return grid_option(sweep_parse_set(v->g, arg, &d), &d);
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
    CLI_MCU_ONE | CLI_CASE | CLI_JOBS | CLI_WARM | CLI_MAX_INSNS | CLI_CALL | CLI_NO_PROGRESS | CLI_QUIET | CLI_FORMAT |
        CLI_SHARD | CLI_RANGE,
    CSIM_REPORTS(CSIM_REPORT_SWEEP), sweep_own, sweep_option, cmd_sweep, NULL,
};

int cmd_sweep(int argc, char **argv)
{
    grid *g = malloc(sizeof(*g));
    if (!g) {
        return cli_out_of_memory();
    }
    sweep_grid_init(g);
    cli_common co;
    sweep_own_values own = {.g = g};
    int rc = cli_parse(&cli_cmd_sweep, argc, argv, &co, &own);
    if (rc) {
        sweep_grid_free(g);
        free(g);
        return rc == CLI_HELP_SHOWN ? EXIT_OK : rc;
    }
    const char *opt_s[4] = {co.mcus, co.format, own.output, own.svg}; /* mcu, format, -o, --svg */
    const char *const *globs = co.globs;
    unsigned n_globs = co.n_globs, workers = co.workers;
    bool progress = co.progress, independent = own.independent;
    csim_run_opts ro = co.ro;
    const csim_output_format *fmt = csim_output_find(CSIM_REPORT_SWEEP, co.format);

    csim_diag d = {0};
    csim_elf *elf = NULL;
    csim_err err = csim_elf_load(co.operands[0], &elf, &d);
    if (err) {
        sweep_grid_free(g);
        free(g);
        return cli_fail(err, &d);
    }
    csim_model *base = calloc(1, sizeof(*base));
    sweep sw = {0};
    csim_out table = {0}, svg = {0};
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
    if (co.range && (rc = cli_range_keys(base, co.range_keys, co.n_range_keys))) {
        goto out;
    }
    const case_selection sel = cli_selection_of(&co);
    if (!ro.call && (rc = selected_span(elf, &sel, co.quiet, &ro))) {
        goto out;
    }
    memset(&d, 0, sizeof(d));
    if ((err = sweep_plan(g, base, independent, &sw, &d))) {
        rc = cli_fail(err, &d);
        goto out;
    }
    if (!cli_open_out(&table, opt_s[2], &rc) || (opt_s[3] && !cli_open_out(&svg, opt_s[3], &rc))) {
        goto out;
    }
    cli_jobs cj;
    cli_jobs_init(&cj, workers, progress);
    sweep_run(&sw, elf, &ro, &cj.opts);
    cli_jobs_free(&cj);
    const csim_job *jobs = sw.jobs;
    for (size_t r = 0; r < sw.n_runs; r++) {
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
                cli_error(CSIM_ERR_CASE, "%s at %u WS: case %s failed its check (status %u)", m->name,
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
    const int range_rc = co.range ? range_of(&co, elf, base, &sw) : EXIT_OK;
    if (range_rc) {
        rc = range_rc;
        goto out;
    }
    sweep_out o = {NULL, fmt, g, sw.pts, sw.n_pts, sw.n_runs, jobs, globs, n_globs, elf, co.shard_k, co.shard_n,
                   ro.warm, co.range, co.range && !co.n_range_keys, co.range_keys, co.n_range_keys, base};
    o.f = table.f;
    sweep_write_rows(&o);
    rc = cli_close_out(&table, rc);
    if (opt_s[3]) {
        /* false: out of memory, or a write error that the close reports */
        bool drawn = sweep_write_svg(&o, svg.f, sw.n_configs) || ferror(svg.f);
        rc = drawn ? cli_close_out(&svg, rc) : rc ? rc : cli_out_of_memory();
    }
out:
    /* A report not written (a run failed): the old one stays. */
    csim_out_discard(&table);
    csim_out_discard(&svg);
    sweep_free(&sw);
    free(base);
    csim_elf_free(elf);
    sweep_grid_free(g);
    free(g);
    return rc == CLI_EMPTY_SHARD ? EXIT_OK : rc;
}

