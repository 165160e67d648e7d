/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_calibrate.c - `cyclesim calibrate`: fit uncertain model keys to
 * measured cycle counts (a published page or a board's output) and write the
 * result as a model overlay (docs/calibrate.md).  The options, the inputs
 * and the warnings are here; the keys, the rows and the fit are
 * src/analysis/calibrate.c, the report src/output/calibrate_report.c.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/calibrate.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "output/calibrate_report.h"
#include "cyclesim/engine/jobs.h"
#include "cyclesim/model/overlay.h"
#include "cyclesim/analysis/published.h"
#include "cyclesim/engine/sim.h"

static void warn_unmatched_file(const calib *c, const char *path, bool quiet)
{
    if (c->n_elfs == 1) {
        cli_say(quiet, "warning", "%s: no row meets a case of %s", path, c->elfs[0]->path);
    } else {
        cli_say(quiet, "warning", "%s: no row meets a case of the %u ELFs", path, c->n_elfs);
    }
}

/* The calibrated model (base + --set + fitted values) and the report. */
static int report(const calib *c, const outcome *o, const calib_inputs *in, const csim_output_format *fmt,
                  csim_out *overlay, bool quiet)
{
    csim_model *base = malloc(sizeof(*base));
    calib_report *rep = calloc(1, sizeof(*rep));
    csim_diag d = {0};
    csim_err err;
    int rc = EXIT_OK;
    if (!base || !rep) {
        free(base);
        free(rep);
        return cli_out_of_memory();
    }
    if ((err = csim_model_load(base, cli_models_dir(), c->model->name, &d)) ||
        (err = calib_report_build(c, o, base, in, rep, &d))) {
        rc = cli_fail(err, &d);
        goto out;
    }
    for (size_t j = 0; in->holdout && j < rep->k.n_params; j++) {
        const csim_calib_param *p = &rep->params[j];
        if (p->held_out.n == 0 && calib_fitted_state(p->state)) {
            cli_say(quiet, "warning", "%s: no held-out row depends on it, so its fit is not checked", p->key);
        }
    }
    char *text = csim_overlay_json(&rep->k);
    if (!text) {
        rc = cli_out_of_memory();
        goto out;
    }
    calib_write(fmt, stdout, &rep->k, c, text);
    if (overlay->f) {
        fprintf(overlay->f, "%s\n", text);
        rc = cli_close_out(overlay, rc);
    }
    free(text);
out:
    calib_report_free(rep);
    free(rep);
    free(base);
    return rc;
}

enum { OPT_MEASURED = 256, OPT_PARAMS, OPT_HOLDOUT };

typedef struct calibrate_own_values {
    const char *params, *out_path;
    const char *paths[MAX_MEASURED];
    unsigned n_paths, holdout;
} calibrate_own_values;

static const cli_own_opt calibrate_own[] = {
    {"measured", OPT_MEASURED, "FILE", "a board's @case output or a published page to fit; repeatable"},
    {"params", OPT_PARAMS, "uncertain|KEY,KEY...", "the model keys to fit (default: those uncertain on the model, "
                                                   "docs/model-keys.md)"},
    {"holdout", OPT_HOLDOUT, "N", "hold every N-th row out of the fit and report its error"},
    {"output", 'o', "OVERLAY.json", "write the fitted keys as a model overlay (--set @FILE applies it)"},
    {NULL, 0, NULL, NULL},
};

static int calibrate_option(void *ctx, int id, char *arg)
{
    calibrate_own_values *v = ctx;
    unsigned long long n;
    switch (id) {
    case OPT_MEASURED:
        if (v->n_paths == MAX_MEASURED) {
            return cli_error(CSIM_ERR_USAGE, "at most %d --measured", MAX_MEASURED);
        }
        v->paths[v->n_paths++] = arg;
        return EXIT_OK;
    case OPT_PARAMS: v->params = arg; return EXIT_OK;
    case OPT_HOLDOUT:
        if (!cli_parse_u64("--holdout", arg, &n)) {
            return EXIT_USAGE;
        }
        if (n < 2 || n > 1000000) {
            return cli_error(CSIM_ERR_USAGE, "--holdout %s: at least 2 (every N-th row is held out)", arg);
        }
        v->holdout = (unsigned)n;
        return EXIT_OK;
    default: v->out_path = arg; return EXIT_OK;
    }
}

static const cli_refusal calibrate_refused[] = {
    {CLI_CASE, "the fit takes every case a measured row meets (leave rows out of the --measured file instead)"},
    {CLI_CALL, "a fit needs measured benchmark rows; one function has none (time it with run --call)"},
    {CLI_SHARD, "a fit needs every measured row at once; shards of it cannot be merged"},
    {0, NULL},
};

const cli_command cli_cmd_calibrate = {
    "calibrate", "FW.elf [FW.elf]...", 1, CLI_MANY,
    "Fits the model keys uncertain on the model to a board's output or a published page, reports each fitted "
    "value and the held-out error, and writes a model overlay (docs/calibrate.md).",
    CLI_MCU_ONE | CLI_SET | CLI_JOBS | CLI_WARM | CLI_MAX_INSNS | CLI_NO_PROGRESS | CLI_QUIET | CLI_FORMAT,
    CSIM_REPORTS(CSIM_REPORT_CALIBRATE), calibrate_own, calibrate_option, cmd_calibrate, calibrate_refused,
};

int cmd_calibrate(int argc, char **argv)
{
    cli_common co;
    calibrate_own_values own = {.params = "uncertain"};
    int rc = cli_parse(&cli_cmd_calibrate, argc, argv, &co, &own);
    if (rc) {
        return rc == CLI_HELP_SHOWN ? EXIT_OK : rc;
    }
    const char *mcu = co.mcus, *out_path = own.out_path;
    const char *const *sets = co.sets, *const *paths = own.paths;
    unsigned n_sets = co.n_sets, n_paths = own.n_paths;
    cli_jobs cj;
    calib c = {.jobs = &cj.opts, .max_insns = co.ro.max_insns, .warm = co.ro.warm};
    if (n_paths == 0) {
        return cli_error(CSIM_ERR_USAGE, "calibrate needs at least one --measured FILE");
    }
    const csim_output_format *fmt = csim_output_find(CSIM_REPORT_CALIBRATE, co.format);

    csim_diag d = {0};
    csim_err err;
    c.n_elfs = co.n_operands;
    csim_elf **elfs = cli_load_elfs(co.operands, c.n_elfs, &rc);
    if (!elfs) {
        return rc;
    }
    cli_jobs_init(&cj, co.workers, co.progress);
    c.elfs = (const csim_elf *const *)elfs;
    csim_model *model = malloc(sizeof(*model));
    csim_pub_table *tabs = calloc(n_paths, sizeof(*tabs));
    case_range whole_table = {0, 0}; /* calibrate matches every case of each ELF */
    case_range **whole = calloc(c.n_elfs, sizeof(*whole));
    unsigned *n_whole = calloc(c.n_elfs, sizeof(*n_whole));
    outcome o = {0};
    unsigned n_tabs = 0;
    csim_out overlay = {0};
    if (!model || !tabs || !whole || !n_whole) {
        rc = cli_out_of_memory();
        goto out;
    }
    if (!cli_load_models(mcu, sets, n_sets, elfs[0], model, 1, co.quiet, &rc)) {
        goto out;
    }
    c.model = model;
    if ((err = calib_choose_params(&c, own.params, &d))) {
        rc = cli_fail(err, &d);
        goto out;
    }
    for (; n_tabs < n_paths; n_tabs++) {
        memset(&d, 0, sizeof(d));
        err = csim_pub_load(paths[n_tabs], &tabs[n_tabs], &d);
        if (err) {
            rc = cli_fail(err, &d);
            goto out;
        }
        memset(&d, 0, sizeof(d));
        calib_warn_setup(&tabs[n_tabs], model, &d);
        cli_say_lines(co.quiet, "warning", d.warning);
    }
    /* Once every input is read, before the runs. */
    if (out_path && !cli_open_out(&overlay, out_path, &rc)) {
        goto out;
    }
    for (unsigned e = 0; e < c.n_elfs; e++) {
        whole[e] = &whole_table;
        n_whole[e] = 1;
        if (!cli_need_cases(elfs[e], &rc)) {
            goto out;
        }
    }
    if (!cli_unique_keys(c.elfs, c.n_elfs, whole, n_whole, &rc)) {
        goto out;
    }
    if ((err = calib_match_rows(&c, tabs, n_tabs, own.holdout, &d))) {
        rc = cli_fail(err, &d);
        goto out;
    }
    for (unsigned f = 0; f < n_tabs; f++) {
        if (!calib_file_matched(&c, f)) {
            warn_unmatched_file(&c, paths[f], co.quiet);
        }
    }
    for (unsigned e = 0; c.n_elfs > 1 && e < c.n_elfs; e++) {
        if (!c.spans[e].count) {
            cli_say(co.quiet, "warning", "%s: no measured row meets one of its cases", elfs[e]->path);
        }
    }
    if (c.n_rows == 0) {
        if (c.n_elfs == 1) {
            rc = cli_error(CSIM_ERR_INPUT, "no measured row meets a case of %s", elfs[0]->path);
        } else {
            rc = cli_error(CSIM_ERR_INPUT, "no measured row meets a case of the %u ELFs", c.n_elfs);
        }
        goto out;
    }
    memset(&d, 0, sizeof(d));
    err = calib_fit(&c, &o, &d);
    cli_say_lines(co.quiet, "warning", d.warning);
    if (err) {
        rc = cli_fail(err, &d);
    } else {
        const calib_inputs in = {sets, n_sets, paths, n_paths, own.holdout};
        rc = report(&c, &o, &in, fmt, &overlay, co.quiet);
    }
out:
    csim_out_discard(&overlay); /* no overlay written: the old one stays */
    free(whole);
    free(n_whole);
    for (unsigned i = 0; i < n_tabs; i++) {
        csim_pub_free(&tabs[i]);
    }
    free(tabs);
    free(model);
    calib_free(&c);
    outcome_free(&o);
    cli_free_elfs(elfs, c.n_elfs);
    cli_jobs_free(&cj);
    return rc;
}
