/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_compare.c - `cyclesim compare`: run the cases of one or more ELFs on one
 * MCU model and set the estimates against a published page (data/published)
 * or a board's output, row by row (docs/compare.md).  Never fails on the size
 * of an error: exit 1 only when a case fails its own check, 9 on a bad
 * measured-results file, 2 when two ELFs give the same row.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/compare_inputs.h"
#include "analysis/merge.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "cyclesim/analysis/compare.h"
#include "cyclesim/output/compare_report.h"
#include "cyclesim/engine/jobs.h"
#include "cyclesim/analysis/published.h"
#include "cyclesim/analysis/shard.h"
#include "cyclesim/engine/sim.h"
#include "cyclesim/analysis/range.h"
#include "cyclesim/analysis/rt_helpers.h"

enum { OPT_BASELINES = 256, OPT_NO_STATE_CHECK };

typedef struct compare_own_values {
    const char *published, *output;
    bool baselines, state_check;
} compare_own_values;

static const cli_own_opt compare_own[] = {
    {"published", 'p', "FILE|auto", "the measured results: a published page (data/published/) or a board's "
                                    "@case output; auto: the page of the --mcu (default)"},
    {"output", 'o', "FILE", "write the report to FILE"},
    {"baselines", OPT_BASELINES, NULL, "also price every row with CPI = 1, the zero-wait table and the zero-wait table + 1 "
                             "cycle per flash data read (docs/compare.md)"},
    {"no-state-check", OPT_NO_STATE_CHECK, NULL, "skip the run from the other start state that marks the rows depending on it"},
    {NULL, 0, NULL, NULL},
};

static int compare_option(void *ctx, int id, char *arg)
{
    compare_own_values *v = ctx;
    switch (id) {
    case OPT_BASELINES: v->baselines = true; break;
    case OPT_NO_STATE_CHECK: v->state_check = false; break;
    default: *(id == 'p' ? &v->published : &v->output) = arg; break;
    }
    return EXIT_OK;
}

static const cli_refusal compare_refused[] = {
    {CLI_CALL, "a measured row is a benchmark case's (its key); one function has no published row to meet "
               "(time it with run --call)"},
    {0, NULL},
};

const cli_command cli_cmd_compare = {
    "compare", "FW.elf [FW.elf]...", 1, CLI_MANY,
    "Sets each case's estimate against the published row with the same key, or a board's @case output of "
    "the same firmware (docs/compare.md).",
    CLI_MCU_ONE | CLI_SET | CLI_CASE | CLI_JOBS | CLI_WARM | CLI_MAX_INSNS | CLI_NO_PROGRESS | CLI_QUIET | CLI_FORMAT |
        CLI_SHARD | CLI_RANGE | CLI_RT_ALT,
    CSIM_REPORTS(CSIM_REPORT_COMPARE), compare_own, compare_option, cmd_compare, compare_refused,
};

/* Each --rt-alt image to the one image whose firmware it is with the other
 * helper set (csim_rt_alt_check): images[i].rt_alt.  false with the message
 * printed and *rc set. */
static bool pair_rt_alts(csim_elf *const *elfs, unsigned n_elfs, csim_elf *const *alts, unsigned n_alts,
                         csim_cmp_image *images, int *rc)
{
    for (unsigned a = 0; a < n_alts; a++) {
        csim_diag d = {0}, first = {0};
        unsigned i = 0;
        for (; i < n_elfs; i++) {
            if (csim_rt_alt_check(elfs[i], alts[a], i ? &d : &first) == CSIM_OK) {
                break;
            }
        }
        if (i == n_elfs) {
            *rc = n_elfs == 1 ? cli_fail(CSIM_ERR_USAGE, &first)
                              : cli_error(CSIM_ERR_USAGE, "--rt-alt %s: the cases of no image given, with another "
                                          "run-time helper set", alts[a]->path);
            return false;
        }
        if (images[i].rt_alt) {
            *rc = cli_error(CSIM_ERR_USAGE, "--rt-alt %s and %s: both stand for %s", images[i].rt_alt->path,
                            alts[a]->path, elfs[i]->path);
            return false;
        }
        images[i].rt_alt = alts[a];
        csim_rt_set(alts[a], images[i].rt_alt_set, sizeof(images[i].rt_alt_set));
    }
    return true;
}

/* --rt-alt: each model's job of an image that has one widens its cases'
 * ranges by the same search on the other helper set's image (analysis/range.h). */
static csim_err rt_alt_ranges(const csim_cmp_image *images, csim_elf *const *elfs, unsigned n_elfs, csim_job *jobs,
                              unsigned n_jobs, const cli_common *o, const csim_jobs_opts *jo, csim_diag *d)
{
    const csim_elf **alt = calloc(n_jobs + 1, sizeof(*alt));
    if (!alt) {
        return csim_fail(d, CSIM_ERR_NOMEM, "out of memory");
    }
    for (unsigned j = 0; j < n_jobs; j++) {
        for (unsigned i = 0; i < n_elfs; i++) {
            alt[j] = elfs[i] == jobs[j].elf ? images[i].rt_alt : alt[j];
        }
    }
    csim_err err = csim_range_jobs_rt_alt(alt, jobs, n_jobs, o->n_range_keys ? o->range_keys : NULL, o->n_range_keys,
                                          jo, d);
    free(alt);
    return err;
}

int cmd_compare(int argc, char **argv)
{
    cli_common o;
    compare_own_values own = {"auto", NULL, false, true};
    int rc = cli_parse(&cli_cmd_compare, argc, argv, &o, &own);
    if (rc) {
        return rc == CLI_HELP_SHOWN ? EXIT_OK : rc;
    }
    const char *mcu = o.mcus, *published = own.published, *output = own.output;
    const char *const *sets = o.sets;
    unsigned n_sets = o.n_sets, workers = o.workers;
    bool warm = o.ro.warm, progress = o.progress, baselines = own.baselines, state_check = own.state_check;
    const csim_output_format *fmt = csim_output_find(CSIM_REPORT_COMPARE, o.format);
    if (o.n_rt_alts && (!o.range || o.shard_n)) {
        fprintf(stderr, "cyclesim: error: --rt-alt: %s\n",
                !o.range ? "widens the range: give it with --range or --range-keys"
                         : "a shard's merge does not record the other helper set: run it unsharded");
        return EXIT_USAGE;
    }
    if (o.shard_n && state_check) {
        fprintf(stderr, "cyclesim: error: compare --shard needs --no-state-check: the state check's warm run "
                        "starts each case from the state every case before it left, which another shard ran\n");
        return EXIT_USAGE;
    }

    const unsigned n_elfs = o.n_operands;
    rc = EXIT_OK;
    csim_elf **elfs = cli_load_elfs(o.operands, n_elfs, &rc);
    if (!elfs) {
        return rc;
    }
    csim_elf **alts = o.n_rt_alts ? cli_load_elfs((char **)o.rt_alts, o.n_rt_alts, &rc) : NULL;
    if (o.n_rt_alts && !alts) {
        cli_free_elfs(elfs, n_elfs);
        return rc;
    }
    csim_diag d = {0};
    csim_err err;
    csim_model model, zw_model;
    csim_pub_table page = {0};
    /* runs: 0 the model in the state asked for, 1 the other state, 2 zero wait */
    enum { RUN_MAIN, RUN_OTHER, RUN_ZW, RUNS };
    csim_run_result res[RUNS] = {{0}};
    const bool wanted[RUNS] = {true, state_check, baselines};
    csim_comparison cmp = {0};
    csim_job *jobs = NULL;
    csim_out out = {0};
    csim_cmp_image *images = calloc(n_elfs, sizeof(*images));
    case_range **ranges = calloc(n_elfs, sizeof(*ranges));
    unsigned *n_ranges = calloc(n_elfs, sizeof(*n_ranges)), n_jobs = 0;
    if (!images || !ranges || !n_ranges) {
        rc = cli_fail(csim_fail(&d, CSIM_ERR_NOMEM, "out of memory"), &d);
        goto done;
    }
    if (alts && !pair_rt_alts(elfs, n_elfs, alts, o.n_rt_alts, images, &rc)) {
        goto done;
    }
    const case_selection sel = cli_selection_of(&o);
    if (!cli_case_ranges_images((const csim_elf *const *)elfs, n_elfs, &sel, o.quiet, ranges, n_ranges, &rc) ||
        !cli_unique_keys((const csim_elf *const *)elfs, n_elfs, ranges, n_ranges, &rc) ||
        !cli_load_models(mcu, sets, n_sets, elfs[0], &model, 1, o.quiet, &rc) ||
        (rc = cli_range_keys(&model, o.range_keys, o.n_range_keys))) {
        goto done;
    }
    if (baselines) {
        /* The zero-wait table: the same model and --set keys, ideal flash. */
        const char *zsets[CLI_MAX_LIST + 1];
        memcpy(zsets, sets, n_sets * sizeof(*sets));
        zsets[n_sets] = "flash.interface=zero_wait";
        if (!cli_load_models(mcu, zsets, n_sets + 1, elfs[0], &zw_model, 1, true, &rc)) { /* warned above */
            goto done;
        }
    }
    err = strcmp(published, "auto") == 0 ? cmp_page_auto(cli_published_dir(), &model, &page, &d)
                                          : csim_pub_load(published, &page, &d);
    if (!err) {
        err = csim_pub_board_mcu_check(&page, &model, &d);
    }
    if (err) {
        rc = cli_fail(err, &d);
        goto done;
    }
    if (!cli_open_out(&out, output, &rc)) {
        goto done;
    }
    /* One job per image and range of consecutive selected cases, joined in
     * command-line and table order; the same jobs again for each extra run. */
    for (unsigned i = 0; i < n_elfs; i++) {
        n_jobs += n_ranges[i];
    }
    if (!(jobs = calloc(RUNS * n_jobs + 1, sizeof(*jobs)))) {
        rc = cli_fail(csim_fail(&d, CSIM_ERR_NOMEM, "out of memory"), &d);
        goto done;
    }
    unsigned n_all = 0;
    for (int run = 0; run < RUNS; run++) {
        for (unsigned i = 0; wanted[run] && i < n_elfs; i++) {
            for (unsigned k = 0; k < n_ranges[i]; k++, n_all++) {
                jobs[n_all].elf = elfs[i];
                jobs[n_all].model = run == RUN_ZW ? &zw_model : &model;
                /* The model's run is profiled: each row shows the cycles spent
                 * in run-time helpers. */
                jobs[n_all].opts = (csim_run_opts){.max_insns = o.ro.max_insns,
                                                   .warm = run == RUN_OTHER ? !warm : run == RUN_MAIN && warm,
                                                   .profile = run == RUN_MAIN,
                                                   .case_first = ranges[i][k].first,
                                                   .case_count = ranges[i][k].count};
            }
        }
    }
    cli_jobs cj;
    cli_jobs_init(&cj, workers, progress);
    csim_jobs_run(elfs[0], jobs, n_all, &cj.opts);
    /* --range: the model's own runs, and the other state's where a case depends
     * on it: a page does not say which state its rows started from
     * (docs/accuracy.md, "Ranges"); over some keys only, no interval */
    csim_range_stats rst;
    size_t searches = 0;
    if (o.range && (err = csim_range_jobs_states(elfs[0], jobs, state_check ? jobs + n_jobs : NULL, n_jobs,
                                                 o.n_range_keys ? o.range_keys : NULL, o.n_range_keys, warm,
                                                 CSIM_CMP_STATE_PCT, &cj.opts, &rst, &searches, &d))) {
        rc = cli_fail(err, &d);
    } else if (o.range && (err = rt_alt_ranges(images, elfs, n_elfs, jobs, n_jobs, &o, &cj.opts, &d))) {
        rc = cli_fail(err, &d);
    } else if (o.range) {
        /* what the searches cost (--rt-alt's not counted) */
        cli_say(o.quiet, "note", "%s: --range: %zu searches (the other start state's included), %u configurations "
                "in %u rounds in all, %u of them on an emulation of their own", model.name, searches, rst.configs,
                rst.steps, rst.alone);
        rc = cli_jobs_intervals(o.quiet, jobs, n_jobs, o.n_range_keys);
    }
    cli_jobs_free(&cj);
    int runaway = EXIT_OK; /* the cases a runaway completed are compared, then exit 6 */
    for (int run = 0, j = 0; run < RUNS; run++) {
        for (unsigned i = 0; wanted[run] && i < n_elfs; i++) {
            if (run == RUN_MAIN) {
                cmp_image_of(&images[i], elfs[i], res[run].n_cases);
            }
            for (unsigned k = 0; k < n_ranges[i]; k++, j++) {
                if (!rc) { /* (a --range error is reported already) */
                    rc = cli_job_error(&jobs[j], &runaway);
                }
                if (!cli_append_result(&res[run], &jobs[j].res)) {
                    csim_run_result_free(&jobs[j].res);
                    rc = rc ? rc : cli_fail(csim_fail(&d, CSIM_ERR_NOMEM, "out of memory"), &d);
                }
            }
            if (run == RUN_MAIN) {
                images[i].n_cases = res[run].n_cases - images[i].first_case;
            }
        }
    }
    if (rc) {
        goto done;
    }
    const csim_cmp_extra extra = {
        .other_state = state_check ? res[RUN_OTHER].cases : NULL,
        .zero_wait = baselines ? res[RUN_ZW].cases : NULL,
        .n_cases = res[RUN_MAIN].n_cases,
        .range_keys = o.range_keys,
        .n_range_keys = o.n_range_keys,
    };
    if ((err = csim_compare_build_ext(&cmp, images, n_elfs, &model, warm, &page, res[RUN_MAIN].cases,
                                      res[RUN_MAIN].n_cases, &extra, &d))) {
        rc = cli_fail(err, &d);
        goto done;
    }
    char page_sha[65] = "";
    if (o.shard_n && (err = csim_file_sha256(page.source, page_sha, &d))) {
        rc = cli_fail(err, &d);
        goto done;
    }
    const csim_shard shard = {.k = o.shard_k, .n = o.shard_n, .sets = sets, .n_sets = n_sets,
                              .globs = sel.globs, .n_globs = sel.n_globs, .range_keys = o.range_keys,
                              .n_range_keys = o.n_range_keys, .published_sha256 = page_sha, .other_state = extra.other_state,
                              .zero_wait = extra.zero_wait, .state_check = state_check, .baselines = baselines};
    csim_compare_print(out.f, fmt, &cmp, o.shard_n ? &shard : NULL);
    rc = cli_close_out(&out, rc);
    int failed = cli_failed_cases(&model, res[RUN_MAIN].cases, res[RUN_MAIN].n_cases);
    rc = rc ? rc : runaway ? runaway : failed;
done:
    csim_out_discard(&out); /* a report not written: the old one stays */
    free(jobs);
    for (unsigned i = 0; ranges && i < n_elfs; i++) {
        free(ranges[i]);
    }
    free(ranges);
    free(n_ranges);
    free(images);
    csim_compare_free(&cmp);
    for (int run = 0; run < RUNS; run++) {
        csim_run_result_free(&res[run]);
    }
    csim_pub_free(&page);
    cli_free_elfs(elfs, n_elfs);
    if (alts) {
        cli_free_elfs(alts, o.n_rt_alts);
    }
    return rc;
}
