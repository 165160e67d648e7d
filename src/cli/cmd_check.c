/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_check.c - `cyclesim check`: hold a firmware's benchmark cases to cycle,
 * stack and code budgets (docs/budgets.md), or to the figures of an older
 * build (--baseline), for CI: terminal summary, JUnit XML, Markdown for a PR
 * comment (docs/ci.md), and --update to record new budgets.
 *
 * A failing case is explained against what the budget recorded (or the
 * baseline measured): which kinds of cycles and which functions grew.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/budget.h"
#include "analysis/check.h"
#include "analysis/check_rows.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "output/check_report.h"
#include "cyclesim/engine/jobs.h"
#include "cyclesim/engine/sim.h"
#include "cyclesim/analysis/range.h"

/* ---- the ELF's case table ---------------------------------------------- */

static bool read_cases(const csim_elf *e, case_table *t, int *rc)
{
    if (!cli_need_cases(e, rc)) {
        return false;
    }
    size_t n = csim_case_list(e, NULL, NULL, 0);
    if (!(t->names = calloc(n, sizeof(*t->names)))) {
        *rc = cli_out_of_memory();
        return false;
    }
    t->n = (uint32_t)csim_case_list(e, t->names, NULL, n);
    return true;
}

/* The cases --case chooses (every one without), by cli_case_ranges. */
static bool select_cases(check *c, const case_selection *sel, bool quiet, int *rc)
{
    unsigned n = 0;
    case_range *r = cli_case_ranges(c->elf, sel, quiet, &n, rc);
    if (!r || n == 0) { /* n 0: a --shard without a case of the ELF, nothing to check (exit 0) */
        free(r);
        return false;
    }
    if (!(c->selected = calloc(c->cases.n + 1, sizeof(*c->selected)))) {
        free(r);
        *rc = cli_out_of_memory();
        return false;
    }
    for (unsigned i = 0; i < n; i++) {
        uint32_t end = r[i].count ? r[i].first + r[i].count : c->cases.n;
        for (uint32_t k = r[i].first; k < end && k < c->cases.n; k++) {
            c->selected[k] = true;
        }
    }
    free(r);
    return true;
}

/* ---- rows ----------------------------------------------------------------- */

/* A budget's model: the models' directory and the --set overrides (check_model_loader). */
static csim_err load_model(void *ctx, csim_model *m, const char *name, csim_diag *d)
{
    const cli_common *o = ctx;
    csim_err err = csim_model_load(m, cli_models_dir(), name, d);
    if (!err) {
        err = cli_apply_sets(m, o->sets, o->n_sets, d);
    }
    if (!err) {
        cli_say_lines(o->quiet, "warning", d->warning);
    }
    return err;
}

static int build_rows(check *c, const cli_common *o)
{
    csim_diag d = {0};
    csim_err err;
    if (c->have_file) {
        err = check_rows_from_file(c, o->mcus, CLI_MAX_MODELS, load_model, (void *)o, &d);
    } else {
        int rc = EXIT_OK;
        c->n_models = cli_load_models(o->mcus ? o->mcus : "all", o->sets, o->n_sets, c->elf, c->models,
                                      CLI_MAX_MODELS, o->quiet, &rc);
        if (!c->n_models) {
            return rc;
        }
        unsigned only_new = 0;
        err = check_rows_from_baseline(c, &only_new, &d);
        if (only_new) {
            cli_say(o->quiet, "note", "%u case(s) of %s are not in %s and are not compared", only_new, c->elf_path,
                    c->old_path);
        }
    }
    return err ? cli_fail(err, &d) : EXIT_OK;
}

/* ---- the command ---------------------------------------------------------------- */

static void free_check(check *c)
{
    for (size_t i = 0; i < c->n_jobs; i++) {
        csim_run_result_free(&c->jobs[i].res);
    }
    for (size_t i = 0; i < c->n_old_jobs; i++) {
        csim_run_result_free(&c->old_jobs[i].res);
    }
    free(c->jobs);
    free(c->old_jobs);
    free(c->rows);
    free(c->models);
    free(c->cases.names);
    free(c->selected);
    free(c->old_cases.names);
    budget_free(&c->file);
    csim_elf_free(c->elf);
    csim_elf_free(c->old_elf);
}

/* The reports and the budget file --update rewrites; each is closed once
 * written, and what is still open at the end is discarded. */
typedef struct check_outputs {
    csim_out junit, md, budgets;
} check_outputs;

static int run_check(check *c, const cli_common *o, const csim_run_opts *ro, check_outputs *out,
                     const char *junit_path, const char *md_path)
{
    csim_diag d = {0};
    csim_err err = csim_elf_load(c->elf_path, &c->elf, &d);
    if (err) {
        return cli_fail(err, &d);
    }
    if (c->old_path && (err = csim_elf_load(c->old_path, &c->old_elf, &d))) {
        return cli_fail(err, &d);
    }
    int rc = EXIT_OK;
    if (!read_cases(c->elf, &c->cases, &rc) || (c->old_elf && !read_cases(c->old_elf, &c->old_cases, &rc))) {
        return rc;
    }
    const case_selection sel = cli_selection_of(o);
    if (!select_cases(c, &sel, o->quiet, &rc)) {
        return rc;
    }
    if (c->budget_path) {
        budget_err be = budget_load(c->budget_path, &c->file, &d);
        if (be) {
            return cli_fail(be == BUDGET_ERR_IO ? CSIM_ERR_IO : CSIM_ERR_INPUT, &d);
        }
        c->have_file = true;
        const char *base = strrchr(c->elf_path, '/');
        base = base ? base + 1 : c->elf_path;
        if (c->file.elf && strcmp(c->file.elf, base) != 0) {
            cli_say(o->quiet, "warning", "%s was recorded for %s, checking %s", c->budget_path, c->file.elf, base);
        }
    }
    if (!(c->models = calloc(CLI_MAX_MODELS, sizeof(*c->models)))) {
        return cli_out_of_memory();
    }
    if ((rc = build_rows(c, o))) {
        return rc;
    }
    bool notes_only;
    if (check_settings_diff(c, &notes_only)) {
        const char *diff = c->settings_diff;
        const bool refuse = !notes_only && !c->update && !c->accept_settings;
        fprintf(stderr, "cyclesim: %s: %s was recorded under other settings than this check's:\n",
                refuse ? "error" : "note", c->budget_path);
        for (const char *line = diff; *line; line += strcspn(line, "\n") + 1) {
            fprintf(stderr, "  %.*s\n", (int)strcspn(line, "\n"), line);
        }
        if (refuse) {
            fputs("cyclesim: error: check with the settings the budgets were recorded with, accept these with "
                  "--accept-settings, or record new budgets with --update\n", stderr);
            return EXIT_OVER_BUDGET;
        }
    }
    /* Reports are opened once the input is known good, before the long part. */
    if ((junit_path && !cli_open_out(&out->junit, junit_path, &rc)) ||
        (md_path && !cli_open_out(&out->md, md_path, &rc))) {
        return rc;
    }
    if (c->update && (err = csim_out_open_replacing(&out->budgets, c->budget_path, &d))) {
        return cli_fail(err, &d);
    }
    c->jobs = check_plan_jobs(c, false, ro, &c->n_jobs);
    c->old_jobs = c->old_elf ? check_plan_jobs(c, true, ro, &c->n_old_jobs) : NULL;
    if (!c->jobs || (c->old_elf && !c->old_jobs)) {
        return cli_out_of_memory();
    }
    cli_jobs cj;
    cli_jobs_init(&cj, o->workers, o->progress);
    csim_jobs_run(c->elf, c->jobs, c->n_jobs, &cj.opts);
    if (c->old_elf) {
        csim_jobs_run(c->old_elf, c->old_jobs, c->n_old_jobs, &cj.opts);
    }
    /* --gate other than estimate: both builds' cases get their range (a failed run is reported with the rows) */
    int range_rc = EXIT_OK;
    if (c->gate != GATE_ESTIMATE && ((range_rc = cli_range_jobs(o->quiet, c->elf, c->jobs, c->n_jobs, &cj.opts)) ||
                                     (range_rc = cli_range_jobs(o->quiet, c->old_elf, c->old_jobs, c->n_old_jobs, &cj.opts)))) {
        cli_jobs_free(&cj);
        return range_rc;
    }
    cli_jobs_free(&cj);
    for (size_t i = 0; i < c->n_jobs; i++) {
        c->host_seconds += c->jobs[i].res.host_seconds;
    }
    for (size_t i = 0; i < c->n_old_jobs; i++) {
        c->host_seconds += c->old_jobs[i].res.host_seconds;
    }
    /* Exit code: a run that could not complete, then a failed case, then a budget. */
    int run_rc = EXIT_OK;
    bool case_failed = false, over_budget = false;
    for (size_t i = 0; i < c->n_rows; i++) {
        row *r = &c->rows[i];
        check_evaluate(c, r);
        case_failed |= r->v == V_CASE_FAILED;
        over_budget |= r->v == V_OVER;
    }
    csim_job *all[2] = {c->jobs, c->old_jobs};
    size_t counts[2] = {c->n_jobs, c->n_old_jobs};
    for (int s = 0; s < 2; s++) {
        for (size_t i = 0; i < counts[s]; i++) {
            const csim_job *j = &all[s][i];
            if (j->err) {
                fprintf(stderr, "cyclesim: error: %s: %s\n", j->model->name,
                        j->diag.msg[0] ? j->diag.msg : csim_strerror(j->err));
                if (!run_rc) {
                    run_rc = cli_exit_code(j->err);
                }
            } else if (j->res.exited && j->res.exit_status) {
                fprintf(stderr, "cyclesim: error: %s: %s exited with status %u\n", j->model->name,
                        s ? c->old_path : c->elf_path, j->res.exit_status);
                case_failed = true;
            }
        }
    }
    for (size_t i = 0; i < c->n_rows; i++) {
        const row *r = &c->rows[i];
        /* A case missing from a run that completed: the firmware skipped it. */
        bool unreported = r->v == V_ERROR && !run_rc;
        if (r->v == V_CASE_FAILED || unreported) {
            cli_error(CSIM_ERR_CASE, "%s: case %s: %s", c->models[r->model].name, r->case_name, r->why);
            case_failed = true;
        }
    }
    rc = run_rc ? run_rc : case_failed ? EXIT_CASE_FAILED : EXIT_OK;
    if (c->update && rc == EXIT_OK) {
        if (!check_update_budgets(c)) {
            return cli_out_of_memory();
        }
        budget_err be = budget_write(&out->budgets, &c->file, &d);
        if (be) {
            fprintf(stderr, "cyclesim: error: %s\n", d.msg);
            return EXIT_IO;
        }
    } else if (c->update) {
        fprintf(stderr, "cyclesim: error: %s not updated: a run or a case failed\n", c->budget_path);
        c->update = false;
    } else if (rc == EXIT_OK && over_budget) {
        rc = EXIT_OVER_BUDGET;
    }
    /* The summary on stdout; --junit and --markdown name their formats. */
    check_write(c, csim_output_find(CSIM_REPORT_CHECK, "summary"), stdout);
    if (junit_path) {
        check_write(c, csim_output_find(CSIM_REPORT_CHECK, "junit"), out->junit.f);
        rc = cli_close_out(&out->junit, rc);
    }
    if (md_path) {
        check_write(c, csim_output_find(CSIM_REPORT_CHECK, "markdown"), out->md.f);
        rc = cli_close_out(&out->md, rc);
    }
    return rc;
}

enum { OPT_BUDGETS = 256, OPT_JUNIT, OPT_MARKDOWN, OPT_UPDATE, OPT_BASELINE, OPT_TOLERANCE, OPT_ACCEPT_SETTINGS,
       OPT_GATE };

typedef struct check_own_values {
    check *c;
    const char *junit_path, *md_path;
} check_own_values;

static const cli_own_opt check_own[] = {
    {"budgets", OPT_BUDGETS, "FILE", "hold the cases to the cycle, stack and code budgets of FILE (docs/budgets.md)"},
    {"update", OPT_UPDATE, NULL, "record the current figures, and the settings (--set, overlays, model files), as "
                                 "the budgets of --budgets FILE"},
    {"accept-settings", OPT_ACCEPT_SETTINGS, NULL, "check budgets recorded under other --set or overlays than "
                                                   "these (else a failed check, exit 8)"},
    {"baseline", OPT_BASELINE, "OLD.elf", "hold the cases to an older build instead (or as well)"},
    {"tolerance", OPT_TOLERANCE, "PCT", "growth accepted, in percent (default: each budget's, 0 against "
                                        "--baseline)"},
    {"junit", OPT_JUNIT, "FILE", "write a JUnit report (docs/ci.md)"},
    {"markdown", OPT_MARKDOWN, "FILE", "write a Markdown summary: which cases moved and why"},
    {"gate", OPT_GATE, "estimate|high|low|interval-high|interval-low",
     "hold the estimate (default), an end of each case's range over the model's uncertain keys or an end of its "
     "calibrated interval to the budget (docs/budgets.md)"},
    {NULL, 0, NULL, NULL},
};

static int check_option(void *ctx, int id, char *arg)
{
    check_own_values *v = ctx;
    check *c = v->c;
    switch (id) {
    case OPT_BUDGETS: c->budget_path = arg; return EXIT_OK;
    case OPT_JUNIT: v->junit_path = arg; return EXIT_OK;
    case OPT_MARKDOWN: v->md_path = arg; return EXIT_OK;
    case OPT_UPDATE: c->update = true; return EXIT_OK;
    case OPT_ACCEPT_SETTINGS: c->accept_settings = true; return EXIT_OK;
    case OPT_BASELINE: c->old_path = arg; return EXIT_OK;
    case OPT_GATE:
        for (int g = 0; g < GATES; g++) {
            if (strcmp(arg, check_gate_names[g]) == 0) {
                c->gate = (check_gate)g;
                return EXIT_OK;
            }
        }
        return cli_error(CSIM_ERR_USAGE, "--gate %s: estimate, high, low, interval-high or interval-low", arg);
    default: {
        char *end;
        c->tolerance = strtod(arg, &end);
        if (*end || end == arg || !(c->tolerance >= 0 && c->tolerance <= 100)) {
            return cli_error(CSIM_ERR_USAGE, "--tolerance %s: a percentage in [0, 100]", arg);
        }
        return EXIT_OK;
    }
    }
}

static const cli_refusal check_refused[] = {
    {CLI_CALL, "budgets and baselines are kept per benchmark case of the ELF's table (a function has none: "
               "time it with run --call)"},
    {CLI_FORMAT, "the summary on stdout has one form; --junit FILE and --markdown FILE write the others"},
    {0, NULL},
};

const cli_command cli_cmd_check = {
    "check", "FW.elf", 1, 1,
    "Holds the cases to cycle, stack and code budgets kept in a JSON file, or to an older build, and says "
    "which kinds of cycles and which functions grew when one fails (docs/budgets.md, docs/ci.md).",
    CLI_MCU | CLI_SET | CLI_CASE | CLI_JOBS | CLI_WARM | CLI_MAX_INSNS | CLI_NO_PROGRESS | CLI_QUIET | CLI_SHARD,
    0, check_own, check_option, cmd_check, check_refused,
};

int cmd_check(int argc, char **argv)
{
    check c = {.tolerance = -1};
    cli_common o;
    check_own_values own = {&c, NULL, NULL};
    int rc = cli_parse(&cli_cmd_check, argc, argv, &o, &own);
    if (rc) {
        free_check(&c);
        return rc == CLI_HELP_SHOWN ? EXIT_OK : rc;
    }
    const char *junit_path = own.junit_path, *md_path = own.md_path;
    csim_run_opts ro = o.ro;
    ro.profile = true;
    c.warm = ro.warm;
    c.elf_path = o.operands[0];
    if (!c.budget_path && !c.old_path) {
        fprintf(stderr, "cyclesim: error: check needs --budgets FILE or --baseline OLD.elf\n");
        return EXIT_USAGE;
    }
    if (c.update && (!c.budget_path || c.old_path)) {
        fprintf(stderr, "cyclesim: error: --update rewrites a --budgets file and cannot be used with --baseline\n");
        return EXIT_USAGE;
    }
    check_outputs out = {0};
    rc = run_check(&c, &o, &ro, &out, junit_path, md_path);
    /* A report not written (a command that stopped): the old one stays. */
    csim_out_discard(&out.junit);
    csim_out_discard(&out.md);
    csim_out_discard(&out.budgets);
    free_check(&c);
    return rc;
}

