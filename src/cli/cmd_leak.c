/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_leak.c - `cyclesim leak`: the constant-time screen (docs/leak.md).
 * Each selected case runs on N inputs of a fixed class and N of a random
 * class with per-instruction statistics (csim_run_opts.trace); the analysis
 * is analysis/leak.c, the writers output/leak_report.c.
 *
 * The public inputs are those of input seed PUBLIC_SEED in every run.  A
 * case that marks its secret (bench_secret) gets zeros there in the fixed
 * class and bytes from secret seeds 1..N in the random class; a case without
 * marks runs seed PUBLIC_SEED in the fixed class and seeds PUBLIC_SEED+1..N
 * in the random class.  Whether a case marks is known after its first run,
 * so the fixed class runs first.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "cyclesim/engine/jobs.h"
#include "cyclesim/engine/sim.h"
#include "output/leak_report.h"

#define PUBLIC_SEED 1u
#define DEFAULT_INPUTS 100u
#define MAX_INPUTS 100000u

typedef struct lopts {
    const char *out;
    unsigned inputs;
} lopts;

enum { OPT_INPUTS = 256 };

static const cli_own_opt leak_own[] = {
    {"output", 'o', "FILE", "write the report to FILE"},
    {"inputs", OPT_INPUTS, "N", "inputs per class, at least 2 (default 100)"},
    {NULL, 0, NULL, NULL},
};

static int leak_option(void *ctx, int id, char *arg)
{
    lopts *o = ctx;
    unsigned long long v;
    if (id == 'o') {
        o->out = arg;
        return EXIT_OK;
    }
    if (!cli_parse_u64("--inputs", arg, &v)) {
        return EXIT_USAGE;
    }
    if (v < 2 || v > MAX_INPUTS) {
        fprintf(stderr, "cyclesim: error: --inputs %s: from 2 to %u inputs per class\n", arg, MAX_INPUTS);
        return EXIT_USAGE;
    }
    o->inputs = (unsigned)v;
    return EXIT_OK;
}

const cli_command cli_cmd_leak = {
    "leak", "FW.elf", 1, 1,
    "Screens each case for secret-dependent timing: a fixed-versus-random t-test and the instructions whose "
    "count, cycles or data addresses depend on the secret, with their causes (docs/leak.md).",
    CLI_MCU | CLI_SET | CLI_CASE | CLI_JOBS | CLI_MAX_INSNS | CLI_NO_PROGRESS | CLI_QUIET | CLI_FORMAT,
    CSIM_REPORTS(CSIM_REPORT_LEAK), leak_own, leak_option, cmd_leak, NULL,
};

/* One run of case `index` on model m: input i of class cl (0 fixed, 1 random). */
static void plan(csim_job *jb, const csim_run_opts *ro, const csim_model *m, uint32_t index, int cl, unsigned i,
                 bool marked)
{
    jb->model = m;
    jb->opts = *ro;
    jb->opts.trace = true;
    jb->opts.case_first = index;
    jb->opts.case_count = 1;
    jb->opts.fill_secret = true;
    jb->opts.secret_seed = cl && marked ? i + 1 : 0;
    jb->opts.input_seed = cl && !marked ? PUBLIC_SEED + 1 + i : PUBLIC_SEED;
}

/* The jobs' one case each into out; else the message printed and *rc set. */
static void gather(const csim_job *jobs, size_t n, const csim_case_result **out, int *rc)
{
    for (size_t j = 0; j < n; j++) {
        const csim_job *jb = &jobs[j];
        if (jb->err) {
            *rc = cli_fail(jb->err, &jb->diag);
            return;
        }
        const csim_case_result *c = jb->res.n_cases == 1 ? &jb->res.cases[0] : NULL;
        if (!c || !c->trace) {
            *rc = cli_error(CSIM_ERR_INTERNAL, "%s: case %u of the image: %s", jb->model->name,
                            jb->opts.case_first, c ? "out of memory for its instruction statistics"
                                                   : "did not complete its region");
            return;
        }
        if (c->status != 0 || c->secret_unwritable) {
            fprintf(stderr, "cyclesim: error: %s: case %s %s (input seed %u, secret seed %u)\n", jb->model->name,
                    c->name, c->secret_unwritable ? "marks a secret that is not writable memory"
                                                  : "failed its check with these inputs",
                    jb->opts.input_seed, jb->opts.secret_seed);
            *rc = EXIT_CASE_FAILED;
            return;
        }
        out[j] = c;
    }
}

int cmd_leak(int argc, char **argv)
{
    cli_common co;
    lopts o = {NULL, DEFAULT_INPUTS};
    int rc = cli_parse(&cli_cmd_leak, argc, argv, &co, &o);
    if (rc) {
        return rc == CLI_HELP_SHOWN ? EXIT_OK : rc;
    }
    if (!co.mcus) {
        fprintf(stderr, "cyclesim: error: leak needs --mcu NAME\n");
        return EXIT_USAGE;
    }
    const csim_output_format *fmt = csim_output_find(CSIM_REPORT_LEAK, co.format);
    csim_diag d = {0};
    csim_elf *elf = NULL;
    csim_err err = csim_elf_load(co.operands[0], &elf, &d);
    if (err) {
        return cli_fail(err, &d);
    }
    if (!csim_elf_find(elf, "bench_input_seed")) {
        fprintf(stderr, "cyclesim: error: %s: firmware has no random-input support (bench_input_seed)\n",
                elf->path);
        csim_elf_free(elf);
        return EXIT_USAGE;
    }
    /* The selected cases, one by one: each case's class runs are jobs of their own. */
    unsigned n_ranges = 0, n_cases = 0;
    const case_selection sel = cli_selection_of(&co);
    case_range *ranges = cli_case_ranges(elf, &sel, co.quiet, &n_ranges, &rc);
    const uint32_t table = (uint32_t)csim_case_list(elf, NULL, NULL, 0);
    for (unsigned r = 0; ranges && r < n_ranges; r++) {
        n_cases += ranges[r].count ? ranges[r].count : table;
    }
    uint32_t *index = n_cases ? malloc(n_cases * sizeof(*index)) : NULL;
    for (unsigned r = 0, k = 0; index && r < n_ranges; r++) {
        for (uint32_t i = 0; i < (ranges[r].count ? ranges[r].count : table); i++) {
            index[k++] = ranges[r].first + i;
        }
    }
    csim_model *models = index ? calloc(CLI_MAX_MODELS, sizeof(*models)) : NULL;
    const unsigned n_models =
        models ? cli_load_models(co.mcus, co.sets, co.n_sets, elf, models, CLI_MAX_MODELS, co.quiet, &rc) : 0;
    const size_t n = o.inputs, n_mc = (size_t)n_models * n_cases;
    /* One case on one model at a time: the traces of its 2N runs, no more, are held. */
    csim_job *jobs = n_mc ? calloc(2 * n, sizeof(*jobs)) : NULL;
    const csim_case_result **res = n_mc ? calloc(2 * n, sizeof(*res)) : NULL;
    leak_case *cases = n_mc ? calloc(n_mc, sizeof(*cases)) : NULL;
    if (ranges && n_models && rc == EXIT_OK && (!jobs || !res || !cases)) {
        rc = cli_out_of_memory();
    }
    csim_out out = {.f = stdout, .slot = -1};
    if (cases && rc == EXIT_OK && o.out) { /* checked before any run */
        cli_open_out(&out, o.out, &rc);
    }
    for (size_t mc = 0; cases && rc == EXIT_OK && mc < n_mc; mc++) {
        for (int cl = 0; cl < 2 && rc == EXIT_OK; cl++) {
            const bool marked = cl && res[0]->n_secrets > 0; /* known from the fixed class */
            for (size_t i = 0; i < n; i++) {
                plan(&jobs[cl * n + i], &co.ro, &models[mc / n_cases], index[mc % n_cases], cl, (unsigned)i,
                     marked);
            }
            cli_jobs cj;
            cli_jobs_init(&cj, co.workers, co.progress);
            csim_jobs_run(elf, jobs + cl * n, n, &cj.opts);
            cli_jobs_free(&cj);
            gather(jobs + cl * n, n, res + cl * n, &rc);
        }
        if (rc == EXIT_OK && !leak_analyse(&cases[mc], res, res + n, n)) {
            rc = cli_out_of_memory();
        }
        for (size_t j = 0; j < 2 * n; j++) {
            csim_run_result_free(&jobs[j].res);
        }
    }
    csim_lines *lines = NULL; /* the leaking source lines; an image without a line table has none */
    if (cases && rc == EXIT_OK && (err = csim_lines_open(elf->path, &lines, &d))) {
        rc = cli_fail(err, &d);
    }
    if (cases && rc == EXIT_OK) {
        const leak_doc doc = {elf, lines, models, n_models, n_cases, cases};
        if (!leak_write(fmt, out.f, &doc)) {
            rc = cli_out_of_memory();
        }
        if (out.f != stdout) {
            rc = cli_close_out(&out, rc);
        }
    }
    csim_out_discard(&out); /* a report not complete: the old one stays */
    csim_lines_free(lines);
    for (size_t mc = 0; cases && mc < n_mc; mc++) {
        leak_case_free(&cases[mc]);
    }
    free(jobs);
    free(res);
    free(cases);
    free(models);
    free(index);
    free(ranges);
    csim_elf_free(elf);
    return rc;
}
