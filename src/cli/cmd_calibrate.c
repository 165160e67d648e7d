/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_calibrate.c - `cyclesim calibrate`: fit uncertain model keys to
 * measured cycle counts (a published page or a board's output) by
 * Gauss-Newton on the relative errors, and write the result as a model
 * overlay (docs/calibrate.md).
 *
 * Each iteration runs the ELFs once at the current values and once per
 * parameter stepped by one unit; the difference is the sensitivity of each
 * row to that parameter (the count of the events it prices, where the model
 * is linear in it).  fit.c solves for the step, which is bounded by the key
 * table's range and rounded (every fittable key is an integer or a boolean).
 * The step is halved while the error does not fall; where no step helps,
 * single-unit moves are tried; the fit ends where nothing lowers the error.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/calibrate.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "cyclesim/analysis/fit.h"
#include "cyclesim/engine/jobs.h"
#include "cyclesim/model/model_keys.h"
#include "cyclesim/model/overlay.h"
#include "cyclesim/analysis/published.h"
#include "cyclesim/engine/sim.h"

/* --params: "uncertain" (every uncertain key that applies to the model) or a
 * comma-separated list.  Returns an exit code (EXIT_OK on success). */
static int choose_params(calib *c, const char *spec)
{
    if (strcmp(spec, "uncertain") == 0) {
        size_t n;
        const csim_key *keys = csim_keys(&n);
        for (size_t i = 0; i < n; i++) {
            if (csim_key_uncertain(&keys[i], c->model) && calib_fittable_type(&keys[i]) &&
                csim_key_applies(&keys[i], c->model)) {
                if (c->n_params == MAX_PARAMS) {
                    fprintf(stderr, "cyclesim: error: --params uncertain: %s has more than %d uncertain keys; "
                                    "name the keys to fit\n", c->model->name, MAX_PARAMS);
                    return EXIT_USAGE;
                }
                c->params[c->n_params++].key = &keys[i];
            }
        }
    } else {
        char buf[1024];
        snprintf(buf, sizeof(buf), "%s", spec);
        for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
            const csim_key *k = csim_key_find(t);
            if (!k) {
                fprintf(stderr, "cyclesim: error: --params: unknown model key \"%s\" (see docs/model-keys.md)\n", t);
                return EXIT_BAD_MODEL;
            }
            if (!calib_fittable_type(k)) {
                fprintf(stderr, "cyclesim: error: --params: %s is not a number or boolean and cannot be fitted\n", t);
                return EXIT_USAGE;
            }
            for (size_t j = 0; j < c->n_params; j++) {
                if (c->params[j].key == k) {
                    fprintf(stderr, "cyclesim: error: --params: %s given twice\n", t);
                    return EXIT_USAGE;
                }
            }
            if (c->n_params == MAX_PARAMS) {
                fprintf(stderr, "cyclesim: error: --params: at most %d keys\n", MAX_PARAMS);
                return EXIT_USAGE;
            }
            c->params[c->n_params++].key = k;
        }
    }
    if (c->n_params == 0) {
        fprintf(stderr, "cyclesim: error: --params %s: no key to fit on %s\n", spec, c->model->name);
        return EXIT_USAGE;
    }
    for (size_t j = 0; j < c->n_params; j++) {
        c->params[j].start = c->params[j].value = calib_key_number(c->model, c->params[j].key);
    }
    return EXIT_OK;
}

/* The result of matched row r in its ELF's run (limited to the ELF's span). */
static int cmp_match(const void *a, const void *b)
{
    const match *x = a, *y = b;
    int k = strcmp(x->row->key, y->row->key);
    return k ? k : (x->file > y->file) - (x->file < y->file);
}

/* The case table of one ELF (csim_case_list). */
typedef struct case_table {
    size_t n;
    char (*names)[96], (*rows)[96];
} case_table;

static void warn_unmatched_file(const calib *c, const char *path)
{
    if (c->n_elfs == 1) {
        fprintf(stderr, "cyclesim: warning: %s: no row meets a case of %s\n", path, c->elfs[0]->path);
    } else {
        fprintf(stderr, "cyclesim: warning: %s: no row meets a case of the %u ELFs\n", path, c->n_elfs);
    }
}

/* The cases of the ELFs' tables that meet a row of the measured tables, and
 * each ELF's span. */
static bool match_rows(calib *c, const case_table *cases, const csim_pub_table *tabs, unsigned n_tabs,
                       const char *const *paths, unsigned holdout)
{
    size_t n_cases = 0;
    for (unsigned e = 0; e < c->n_elfs; e++) {
        n_cases += cases[e].n;
    }
    c->rows = calloc(n_cases * n_tabs + 1, sizeof(*c->rows));
    c->spans = calloc(c->n_elfs, sizeof(*c->spans));
    if (!c->rows || !c->spans) {
        return false;
    }
    for (unsigned f = 0; f < n_tabs; f++) {
        size_t before = c->n_rows;
        for (unsigned e = 0; e < c->n_elfs; e++) {
            for (size_t i = 0; i < cases[e].n; i++) {
                /* A board's output keys a case by its row, or by its name when it has none. */
                const char *name = cases[e].names[i], *case_row = cases[e].rows[i];
                const char *key = tabs[f].board_output && !case_row[0] ? name : case_row;
                const csim_pub_row *row = *key ? csim_pub_find(&tabs[f], key, CSIM_ROW_CYCLES) : NULL;
                if (!row || !isfinite(row->cycles) || row->cycles <= 0) {
                    continue;
                }
                match *m = &c->rows[c->n_rows++];
                m->image = e;
                m->case_index = i;
                snprintf(m->name, sizeof(m->name), "%s", name);
                m->row = row;
                m->file = f;
                m->fw_measured = tabs[f].board_output;
            }
        }
        if (c->n_rows == before) {
            warn_unmatched_file(c, paths[f]);
        }
    }
    qsort(c->rows, c->n_rows, sizeof(*c->rows), cmp_match);
    for (size_t r = 0; r < c->n_rows; r++) {
        c->rows[r].held_out = holdout && (r + 1) % holdout == 0;
        c->n_fit += !c->rows[r].held_out;
    }
    /* The runs need only the cases from the first to the last matched one. */
    for (unsigned e = 0; e < c->n_elfs; e++) {
        size_t lo = cases[e].n, hi = 0;
        for (size_t r = 0; r < c->n_rows; r++) {
            if (c->rows[r].image == e) {
                lo = c->rows[r].case_index < lo ? c->rows[r].case_index : lo;
                hi = c->rows[r].case_index > hi ? c->rows[r].case_index : hi;
            }
        }
        if (lo <= hi) {
            c->spans[e] = (span){(uint32_t)lo, (uint32_t)(hi - lo + 1)};
        } else if (c->n_elfs > 1) {
            fprintf(stderr, "cyclesim: warning: %s: no measured row meets one of its cases\n", c->elfs[e]->path);
        }
    }
    return true;
}

static void print_stats(const char *what, const csim_err_stats *s)
{
    if (s->n) {
        printf("%-16s %5zu %8.3f %8.3f %8.3f\n", what, s->n, s->median, s->p90, s->max);
    } else {
        printf("%-16s %5zu\n", what, s->n);
    }
}

static void print_table(const csim_calibration *k, const calib *c)
{
    printf("calibrate ");
    for (unsigned i = 0; i < k->n_elfs; i++) {
        printf("%s%s", i ? ", " : "", k->elfs[i]->path);
    }
    printf(" on %s: %zu rows matched in %u file(s), %zu fitted, %zu held out; "
           "%u iteration(s), %u runs, %s, state %s\n\n",
           k->model->name, k->n_rows, k->n_measured, c->n_fit, c->n_rows - c->n_fit,
           k->iterations, k->runs, k->converged ? "converged" : "NOT converged", c->warm ? "warm" : "cold");
    printf("%-24s %6s %6s  %-9s %9s  %-24s  %s\n", "parameter", "start", "fitted", "state", "rows",
           "cycles/unit min/med/max", "held-out |error %| med/max (rows)");
    for (size_t j = 0; j < k->n_params; j++) {
        const csim_calib_param *p = &k->params[j];
        if (!calib_fitted_state(p->state)) {
            printf("%-24s %6g %6s  %s\n", p->key, p->start, "-", csim_fit_state_name(p->state));
            continue;
        }
        char rows[32], unit[64], held[64];
        snprintf(rows, sizeof(rows), "%zu/%zu", p->rows_sensitive, c->n_fit);
        snprintf(unit, sizeof(unit), "%g/%g/%g", p->per_unit_min, p->per_unit_median, p->per_unit_max);
        if (p->held_out.n) {
            snprintf(held, sizeof(held), "%.3f/%.3f (%zu)", p->held_out.median, p->held_out.max, p->held_out.n);
        } else {
            snprintf(held, sizeof(held), "- (no held-out row depends on it)");
        }
        printf("%-24s %6g %6g  %-9s %9s  %-24s  %s\n", p->key, p->start, p->fitted, csim_fit_state_name(p->state),
               rows, unit, held);
    }
    /* Say which parameters are uncertain on this model only (its `uncertain` list). */
    const char *sep = "\nuncertain on this model only (its uncertain list): ";
    for (size_t j = 0; j < c->n_params; j++) {
        const csim_key *key = c->params[j].key;
        if (!csim_key_uncertain_everywhere(key) && csim_key_uncertain(key, c->model)) {
            printf("%s%s", sep, key->name);
            sep = ", ";
        }
    }
    if (sep[0] != '\n') {
        printf("\n");
    }
    printf("\n%-40s %-8s %12s %12s %12s %9s %9s\n", "row", "role", "measured", "before", "after",
           "before %", "after %");
    for (size_t r = 0; r < k->n_rows; r++) {
        const csim_calib_row *w = &k->rows[r];
        printf("%-40s %-8s %12.0f %12.0f %12.0f %9.3f %9.3f\n", w->key, w->held_out ? "held-out" : "fitted",
               w->measured, w->before, w->after, calib_pct(w->before, w->measured), calib_pct(w->after, w->measured));
    }
    printf("\n%-16s %5s %8s %8s %8s\n", "|error %|", "rows", "median", "p90", "max");
    print_stats("fitted, before", &k->fit_before);
    print_stats("fitted, after", &k->fit_after);
    print_stats("held-out, before", &k->held_before);
    print_stats("held-out, after", &k->held_after);
}

static void tmp_name(char *tmp, size_t len, const char *path) { snprintf(tmp, len, "%s.tmp", path); }

/* Checked before the runs, so an unwritable -o fails in a second, not at the end. */
static bool writable(const char *path)
{
    char tmp[1024];
    tmp_name(tmp, sizeof(tmp), path);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        fprintf(stderr, "cyclesim: error: %s: cannot write\n", path);
        return false;
    }
    fclose(f);
    remove(tmp);
    return true;
}

/* Writes text to path through a temporary file and rename(), so a reader
 * never sees half an overlay.  Returns an exit code. */
static int write_atomically(const char *path, const char *text)
{
    char tmp[1024];
    tmp_name(tmp, sizeof(tmp), path);
    FILE *f = fopen(tmp, "w");
    bool ok = f && fputs(text, f) >= 0 && fputc('\n', f) != EOF;
    ok = f && fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        remove(tmp);
        fprintf(stderr, "cyclesim: error: %s: cannot write\n", path);
        return EXIT_IO;
    }
    return EXIT_OK;
}

/* The calibrated model (base + --set + fitted values) and the report. */
static int report(calib *c, const outcome *o, const char *const *sets, unsigned n_sets,
                  const char *const *paths, unsigned n_paths, unsigned holdout, bool json,
                  const char *out_path)
{
    csim_model *fitted = malloc(sizeof(*fitted)), *base = malloc(sizeof(*base));
    csim_calib_param params[MAX_PARAMS];
    csim_calib_row *rows = calloc(c->n_rows + 1, sizeof(*rows));
    double *v = malloc(sizeof(double) * (c->n_rows + 1));
    csim_diag d = {0};
    int rc = EXIT_OK;
    if (!fitted || !base || !rows || !v) {
        rc = cli_out_of_memory();
        goto out;
    }
    csim_err err = csim_model_load(base, cli_models_dir(), c->model->name, &d);
    if (err) {
        rc = cli_fail(err, &d);
        goto out;
    }
    *fitted = *c->model;
    const size_t R = c->n_rows;
    for (size_t j = 0; j < c->n_params; j++) {
        const param *q = &c->params[j];
        csim_calib_param *p = &params[j];
        memset(p, 0, sizeof(*p));
        snprintf(p->key, sizeof(p->key), "%s", q->key->name);
        p->start = q->start;
        p->fitted = q->value;
        p->state = o->state[j];
        calib_set_key(fitted, q->key, q->value, &d);
        const double *sens = o->sens + j * R;
        size_t n = 0;
        for (size_t r = 0; r < R; r++) {
            if (!c->rows[r].held_out && sens[r] != 0) {
                v[n++] = fabs(sens[r]);
            }
        }
        p->rows_sensitive = n;
        csim_err_stats s = calib_stats_of(v, n);
        p->per_unit_min = n ? v[0] : 0;
        p->per_unit_median = s.median;
        p->per_unit_max = s.max;
        p->held_out = calib_row_stats(c, o->after, true, sens);
        if (holdout && p->held_out.n == 0 && (p->state == CSIM_FIT_FREE || p->state == CSIM_FIT_AT_BOUND)) {
            fprintf(stderr, "cyclesim: warning: %s: no held-out row depends on it, so its fit is not checked\n",
                    p->key);
        }
    }
    for (size_t r = 0; r < R; r++) {
        snprintf(rows[r].key, sizeof(rows[r].key), "%s", c->rows[r].row->key);
        rows[r].elf = c->rows[r].image;
        rows[r].file = c->rows[r].file;
        rows[r].held_out = c->rows[r].held_out;
        rows[r].measured = c->rows[r].row->cycles;
        rows[r].before = o->before[r];
        rows[r].after = o->after[r];
    }
    csim_calibration k = {
        .model = fitted, .base = base, .elfs = c->elfs, .n_elfs = c->n_elfs,
        .sets = sets, .n_sets = n_sets, .measured = paths, .n_measured = n_paths, .holdout = holdout,
        .iterations = o->iterations, .runs = c->runs, .converged = o->converged, .warm = c->warm,
        .params = params, .n_params = c->n_params, .rows = rows, .n_rows = R,
        .fit_before = calib_row_stats(c, o->before, false, NULL), .fit_after = calib_row_stats(c, o->after, false, NULL),
        .held_before = calib_row_stats(c, o->before, true, NULL), .held_after = calib_row_stats(c, o->after, true, NULL),
    };
    char *text = csim_overlay_json(&k);
    if (!text) {
        rc = cli_out_of_memory();
        goto out;
    }
    if (json) {
        printf("%s\n", text);
    } else {
        print_table(&k, c);
    }
    if (out_path) {
        rc = write_atomically(out_path, text);
    }
    free(text);
out:
    free(fitted);
    free(base);
    free(rows);
    free(v);
    return rc;
}

/* Measurements taken in another set-up than the model's fit the wrong model. */
static void warn_setup(const csim_pub_table *t, const csim_model *m)
{
    if (t->clock_hz && t->clock_hz != m->clock_hz) {
        fprintf(stderr, "cyclesim: warning: %s: measured at %u Hz, %s runs at %u Hz\n", t->source,
                t->clock_hz, m->name, m->clock_hz);
    }
    if (t->latency >= 0 && (unsigned)t->latency != m->flash.wait_states) {
        fprintf(stderr, "cyclesim: warning: %s: measured with %d wait state(s), %s has %u\n", t->source,
                t->latency, m->name, m->flash.wait_states);
    }
    if (t->icache >= 0 && t->icache != (int)m->flash.cache_enabled) {
        fprintf(stderr, "cyclesim: warning: %s: measured with the instruction cache %s, %s has it %s\n",
                t->source, t->icache ? "on" : "off", m->name, m->flash.cache_enabled ? "on" : "off");
    }
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
    "calibrate", "FW.elf [FW.elf]...", 0, 0,
    "Fits the model keys uncertain on the model to a board's output or a published page, reports each fitted "
    "value and the held-out error, and writes a model overlay (docs/calibrate.md).",
    CLI_MCU | CLI_SET | CLI_JOBS | CLI_WARM | CLI_MAX_INSNS | CLI_NO_PROGRESS | CLI_FORMAT,
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
    const char *mcu = co.mcus, *params = own.params, *out_path = own.out_path;
    const char *const *sets = co.sets, *const *paths = own.paths;
    unsigned n_sets = co.n_sets, n_paths = own.n_paths, holdout = own.holdout;
    calib c = {.workers = co.workers, .progress = co.progress, .max_insns = co.ro.max_insns, .warm = co.ro.warm};
    if (co.n_operands == 0 || !mcu || n_paths == 0) {
        fprintf(stderr, "cyclesim: error: calibrate needs an ELF, --mcu NAME and at least one --measured FILE\n");
        cli_usage(&cli_cmd_calibrate, stderr);
        return EXIT_USAGE;
    }
    if (strchr(mcu, ',') || strcmp(mcu, "all") == 0) {
        fprintf(stderr, "cyclesim: error: --mcu %s: calibrate fits one model\n", mcu);
        return EXIT_USAGE;
    }
    if (out_path && !writable(out_path)) {
        return EXIT_IO;
    }
    bool json = csim_output_index(csim_output_find(CSIM_REPORT_CALIBRATE, co.format)) == 1;

    csim_diag d = {0};
    csim_err err;
    c.n_elfs = co.n_operands;
    csim_elf **elfs = cli_load_elfs(co.operands, c.n_elfs, &rc);
    if (!elfs) {
        return rc;
    }
    c.elfs = (const csim_elf *const *)elfs;
    csim_model *model = malloc(sizeof(*model));
    csim_pub_table *tabs = calloc(n_paths, sizeof(*tabs));
    case_table *cases = calloc(c.n_elfs, sizeof(*cases));
    cli_range whole_table = {0, 0}; /* calibrate matches every case of each ELF */
    cli_range **whole = calloc(c.n_elfs, sizeof(*whole));
    unsigned *n_whole = calloc(c.n_elfs, sizeof(*n_whole));
    outcome o = {0};
    unsigned n_tabs = 0;
    if (!model || !tabs || !cases || !whole || !n_whole) {
        rc = cli_out_of_memory();
        goto out;
    }
    if (!cli_load_models(mcu, sets, n_sets, elfs[0], model, 1, &rc)) {
        goto out;
    }
    c.model = model;
    if ((rc = choose_params(&c, params)) != EXIT_OK) {
        goto out;
    }
    for (; n_tabs < n_paths; n_tabs++) {
        memset(&d, 0, sizeof(d));
        err = csim_pub_load(paths[n_tabs], &tabs[n_tabs], &d);
        if (err) {
            rc = cli_fail(err, &d);
            goto out;
        }
        warn_setup(&tabs[n_tabs], model);
    }

    for (unsigned e = 0; e < c.n_elfs; e++) {
        case_table *t = &cases[e];
        whole[e] = &whole_table;
        n_whole[e] = 1;
        if (!cli_need_cases(elfs[e], &rc)) {
            goto out;
        }
        t->n = (uint32_t)csim_case_list(elfs[e], NULL, NULL, 0);
        t->names = calloc(t->n, sizeof(*t->names));
        t->rows = calloc(t->n, sizeof(*t->rows));
        if (!t->names || !t->rows) {
            rc = cli_out_of_memory();
            goto out;
        }
        csim_case_list(elfs[e], t->names, t->rows, t->n);
    }
    if (!cli_unique_keys(c.elfs, c.n_elfs, whole, n_whole, &rc)) {
        goto out;
    }
    if (!match_rows(&c, cases, tabs, n_tabs, paths, holdout)) {
        rc = cli_out_of_memory();
        goto out;
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
    if (d.warning[0]) {
        fprintf(stderr, "cyclesim: warning: %s", d.warning);
    }
    if (err) {
        rc = cli_fail(err, &d);
    } else {
        rc = report(&c, &o, sets, n_sets, paths, n_paths, holdout, json, out_path);
    }
out:
    for (unsigned e = 0; cases && e < c.n_elfs; e++) {
        free(cases[e].names);
        free(cases[e].rows);
    }
    free(cases);
    free(whole);
    free(n_whole);
    for (unsigned i = 0; i < n_tabs; i++) {
        csim_pub_free(&tabs[i]);
    }
    free(tabs);
    free(model);
    free(c.rows);
    free(c.spans);
    free(o.before);
    free(o.after);
    free(o.sens);
    cli_free_elfs(elfs, c.n_elfs);
    return rc;
}

