/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_merge.c - `cyclesim merge`: the JSON outputs of the shards of one run or
 * compare (--shard K/N) joined (src/analysis/merge.c) into the report one run
 * of every case gives, in any format the command offers; byte for byte the
 * same in JSON (docs/ci.md).  Shards that do not belong together are refused
 * (exit 9).
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/merge.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "cyclesim/output/compare_report.h"
#include "cyclesim/output/report.h"

typedef struct merge_own_values {
    const char *output, *published;
} merge_own_values;

static const cli_own_opt merge_own[] = {
    {"output", 'o', "FILE", "write the report to FILE"},
    {"published", 'p', "FILE", "compare: the measured results file (default: the one the shards name; it must "
                               "have the same SHA-256)"},
    {NULL, 0, NULL, NULL},
};

static int merge_option(void *ctx, int id, char *arg)
{
    merge_own_values *v = ctx;
    *(id == 'o' ? &v->output : &v->published) = arg;
    return EXIT_OK;
}

const cli_command cli_cmd_merge = {
    "merge", "SHARD.json...", 1, CLI_MANY,
    "Joins the JSON outputs of `run --shard K/N` or `compare --shard K/N` (every K of one N) into the report of "
    "one run of every case: table, JSON or CSV for run; table, JSON, Markdown or HTML for compare (docs/ci.md).",
    CLI_FORMAT, CSIM_REPORTS(CSIM_REPORT_RUN) | CSIM_REPORTS(CSIM_REPORT_COMPARE), merge_own, merge_option, cmd_merge, NULL,
};

/* --format names no format of the shards' report kind (formats.h). */
static int bad_format(csim_report_kind kind, const char *format)
{
    char choices[96];
    csim_output_choices(CSIM_REPORTS(kind), ", ", " or ", choices, sizeof(choices));
    return cli_error(CSIM_ERR_USAGE, "--format %s: a %s report is %s", format,
                     kind == CSIM_REPORT_RUN ? "run" : "compare", choices);
}

/* ---- run ---------------------------------------------------------------------- */

static int merge_run(const merge_input *in, const char *format, const char *output)
{
    const csim_output_format *fmt = csim_output_find(CSIM_REPORT_RUN, format);
    if (!fmt) {
        return bad_format(CSIM_REPORT_RUN, format);
    }
    merged_run run;
    csim_diag d = {0};
    csim_err err = merge_run_image(in, &run, &d);
    if (err) {
        return cli_fail(err, &d);
    }
    int rc = EXIT_OK;
    csim_out out;
    if (!cli_open_out(&out, output, &rc)) {
        return rc;
    }
    csim_report *rep = csim_report_open(out.f, fmt, &run.elf, run.rt, NULL, NULL);
    rc = rep ? EXIT_OK : cli_out_of_memory();
    csim_report_range_keys(rep, in->range_keys, in->n_range_keys);
    for (size_t g = 0; rc == EXIT_OK && g < run.n_models; g++) {
        csim_model m;
        csim_run_result res;
        bool warm;
        if ((err = merge_run_model(in, g, &m, &res, &warm, &d))) {
            rc = cli_fail(err, &d);
            break;
        }
        csim_report_add(rep, &m, &res, warm);
        rc = cli_failed_cases(&m, res.cases, res.n_cases);
        merge_cases_free(res.cases, res.n_cases);
    }
    if (rep && !csim_report_finish(rep) && rc == EXIT_OK) {
        rc = cli_out_of_memory();
    }
    if (rc == EXIT_OK || rc == EXIT_CASE_FAILED) { /* a complete report */
        return cli_close_out(&out, rc);
    }
    csim_out_discard(&out);
    return rc;
}

/* ---- compare ------------------------------------------------------------------ */

static int merge_compare_report(const merge_input *in, const char *format, const char *published,
                                const char *output)
{
    const csim_output_format *fmt = csim_output_find(CSIM_REPORT_COMPARE, format);
    if (!fmt) {
        return bad_format(CSIM_REPORT_COMPARE, format);
    }
    merged_compare *mc = malloc(sizeof(*mc));
    if (!mc) {
        return cli_out_of_memory();
    }
    csim_diag d = {0};
    csim_err err = merge_compare(in, published, mc, &d);
    int rc = err ? cli_fail(err, &d) : EXIT_OK;
    csim_out out;
    if (rc == EXIT_OK && cli_open_out(&out, output, &rc)) {
        csim_compare_print(out.f, fmt, &mc->cmp, NULL);
        rc = cli_close_out(&out, cli_failed_cases(&mc->model, mc->res[0].cases, mc->res[0].n_cases));
    }
    merge_compare_free(mc);
    free(mc);
    return rc;
}

int cmd_merge(int argc, char **argv)
{
    cli_common o;
    merge_own_values own = {NULL, NULL};
    int rc = cli_parse(&cli_cmd_merge, argc, argv, &o, &own);
    if (rc) {
        return rc == CLI_HELP_SHOWN ? EXIT_OK : rc;
    }
    merge_input in;
    csim_diag d = {0};
    csim_err err = merge_load(&in, o.operands, o.n_operands, &d);
    rc = err ? cli_fail(err, &d) : EXIT_OK;
    if (rc == EXIT_OK && own.published && strcmp(in.command, "compare") != 0) {
        rc = cli_error(CSIM_ERR_USAGE, "--published: only for compare shards");
    }
    if (rc == EXIT_OK) {
        rc = strcmp(in.command, "run") == 0 ? merge_run(&in, o.format, own.output)
                                            : merge_compare_report(&in, o.format, own.published, own.output);
    }
    merge_input_free(&in);
    return rc;
}
