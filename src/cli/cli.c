/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cli.c - helpers shared by the subcommands (cli.h).
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cyclesim/analysis/range.h"
#include "cyclesim/common/text.h"
#include "cyclesim/model/model_keys.h"
#include "cyclesim/model/overlay.h"

const char *const cli_exit_meanings[] = {
    [EXIT_OK] = "ok",
    [EXIT_CASE_FAILED] = "a case failed its check",
    [EXIT_USAGE] = "usage",
    [EXIT_BAD_ELF] = "bad ELF",
    [EXIT_BAD_MODEL] = "bad model or unknown MCU",
    [EXIT_FAULT] = "firmware fault",
    [EXIT_LIMIT] = "instruction limit",
    [EXIT_IO] = "I/O error",
    [EXIT_OVER_BUDGET] = "over budget",
    [EXIT_BAD_INPUT] = "bad input file",
    [EXIT_INTERNAL] = "internal error",
    NULL,
};

int cli_exit_code(csim_err e)
{
    switch (e) {
    case CSIM_OK: return EXIT_OK;
    case CSIM_ERR_USAGE: return EXIT_USAGE;
    case CSIM_ERR_INPUT: return EXIT_BAD_INPUT;
    case CSIM_ERR_IO: return EXIT_IO;
    case CSIM_ERR_ELF: return EXIT_BAD_ELF;
    case CSIM_ERR_MODEL:
    case CSIM_ERR_UNKNOWN_MCU: return EXIT_BAD_MODEL;
    case CSIM_ERR_FAULT: return EXIT_FAULT;
    case CSIM_ERR_LIMIT: return EXIT_LIMIT;
    case CSIM_ERR_CASE: return EXIT_CASE_FAILED;
    case CSIM_ERR_NOMEM:
    case CSIM_ERR_INTERNAL: return EXIT_INTERNAL;
    }
    return EXIT_INTERNAL;
}

/* The data directories (docs/install.md): $CYCLESIM_MODELS and
 * $CYCLESIM_PUBLISHED when set; else, for the executable of a build tree, the
 * checkout named by the file CMake writes next to it (CLI_SOURCE_DIR_FILE);
 * else the installed layout, CSIM_DATA_FROM_BIN relative to the executable's
 * folder.  Found from the executable's location, so no path of the build
 * machine is compiled in and an installed tree can be moved. */
#ifndef CSIM_DATA_FROM_BIN
#define CSIM_DATA_FROM_BIN "../share/cyclesim"
#endif
#define CLI_SOURCE_DIR_FILE "cyclesim-source-dir"

static struct {
    char models[PATH_MAX + 32], published[PATH_MAX + 32], intervals[PATH_MAX + 48];
    const char *origin; /* where they came from, for the messages */
} data_dirs;
static pthread_once_t data_dirs_once = PTHREAD_ONCE_INIT;

/* The folder of the executable, from /proc/self/exe (free of symlinks). */
static void exe_folder(char dir[PATH_MAX])
{
    const ssize_t n = readlink("/proc/self/exe", dir, PATH_MAX - 1);
    if (n <= 0) {
        strcpy(dir, ".");
        return;
    }
    dir[n] = 0;
    char *slash = strrchr(dir, '/');
    slash[slash == dir] = 0; /* "/cyclesim" keeps "/" */
}

static void find_data_dirs(void)
{
    char exe_dir[PATH_MAX];
    exe_folder(exe_dir);
    char marker[PATH_MAX + 32], checkout[PATH_MAX] = "";
    snprintf(marker, sizeof(marker), "%s/" CLI_SOURCE_DIR_FILE, exe_dir);
    FILE *f = fopen(marker, "r");
    if (f) {
        if (fgets(checkout, sizeof(checkout), f)) {
            checkout[strcspn(checkout, "\n")] = 0;
        }
        fclose(f);
    }
    if (checkout[0]) {
        snprintf(data_dirs.models, sizeof(data_dirs.models), "%s/models", checkout);
        snprintf(data_dirs.published, sizeof(data_dirs.published), "%s/data/published", checkout);
        snprintf(data_dirs.intervals, sizeof(data_dirs.intervals), "%s/data/accuracy/intervals.json", checkout);
        data_dirs.origin = "the checkout of this build tree";
        return;
    }
    /* CSIM_DATA_FROM_BIN's leading "../" taken off the executable's folder,
     * so that a message names a plain path. */
    const char *rel = CSIM_DATA_FROM_BIN;
    for (; strncmp(rel, "../", 3) == 0; rel += 3) {
        char *slash = strrchr(exe_dir, '/');
        if (slash && slash != exe_dir) {
            *slash = 0;
        }
    }
    snprintf(data_dirs.models, sizeof(data_dirs.models), "%s/%s/models", exe_dir, rel);
    snprintf(data_dirs.published, sizeof(data_dirs.published), "%s/%s/published", exe_dir, rel);
    snprintf(data_dirs.intervals, sizeof(data_dirs.intervals), "%s/%s/accuracy/intervals.json", exe_dir, rel);
    data_dirs.origin = "the installed data beside the executable";
}

const char *cli_published_dir(void)
{
    const char *d = getenv("CYCLESIM_PUBLISHED");
    if (d && *d) {
        return d;
    }
    pthread_once(&data_dirs_once, find_data_dirs);
    return data_dirs.published;
}

/* The interval table, read once per process as the data directories are: a
 * missing installed or checkout table is no error (the ranges stand alone,
 * and a note says so); a missing $CYCLESIM_INTERVALS is. */
static struct {
    csim_intervals table;
    bool loaded, quiet;
    int rc;
} intervals;
static pthread_once_t intervals_once = PTHREAD_ONCE_INIT;

static void load_intervals(void)
{
    const char *env = getenv("CYCLESIM_INTERVALS");
    const char *path = env && *env ? env : NULL;
    if (!path) {
        pthread_once(&data_dirs_once, find_data_dirs);
        path = data_dirs.intervals;
        if (access(path, F_OK) != 0) {
            cli_say(intervals.quiet, "note", "no calibrated interval: %s does not exist (docs/accuracy.md)", path);
            return;
        }
    }
    csim_diag d = {0};
    csim_err err = csim_intervals_load(path, &intervals.table, &d);
    intervals.rc = err ? cli_fail(err, &d) : EXIT_OK;
    intervals.loaded = !err;
}

int cli_apply_intervals(bool quiet, csim_run_result *r)
{
    intervals.quiet = quiet;
    pthread_once(&intervals_once, load_intervals);
    if (intervals.loaded) {
        csim_interval_apply(&intervals.table, r);
    }
    return intervals.rc;
}

int cli_jobs_intervals(bool quiet, csim_job *jobs, size_t n, size_t n_range_keys)
{
    int rc = EXIT_OK;
    for (size_t i = 0; i < n && rc == EXIT_OK && n_range_keys == 0; i++) {
        rc = cli_apply_intervals(quiet, &jobs[i].res);
    }
    return rc;
}

int cli_range_jobs(bool quiet, const csim_elf *elf, csim_job *jobs, size_t n, const csim_jobs_opts *jo)
{
    csim_diag d = {0};
    csim_err err = csim_range_jobs(elf, jobs, n, jo, &d);
    return err ? cli_fail(err, &d) : cli_jobs_intervals(quiet, jobs, n, 0);
}

const char *cli_models_dir(void)
{
    const char *d = getenv("CYCLESIM_MODELS");
    if (d && *d) {
        return d;
    }
    pthread_once(&data_dirs_once, find_data_dirs);
    return data_dirs.models;
}

unsigned cli_list_models(char names[][64], unsigned max, int *rc)
{
    const char *dir = cli_models_dir();
    const unsigned n = csim_model_list(dir, names, max);
    if (n == 0) {
        const char *env = getenv("CYCLESIM_MODELS");
        *rc = cli_error(CSIM_ERR_MODEL, "no MCU model in %s (%s): %s", dir,
                        env && *env ? "$CYCLESIM_MODELS" : data_dirs.origin,
                        access(dir, R_OK) == 0 ? "no model file (kind \"mcu\") there" : strerror(errno));
    }
    return n;
}

int cli_fail(csim_err e, const csim_diag *d)
{
    fprintf(stderr, "cyclesim: error: %s\n", d->msg[0] ? d->msg : csim_strerror(e));
    return cli_exit_code(e);
}

int cli_error(csim_err e, const char *fmt, ...)
{
    csim_diag d = {0};
    va_list ap;
    va_start(ap, fmt);
    csim_vfail(&d, e, fmt, ap); /* escaped as every message is */
    va_end(ap);
    return cli_fail(e, &d);
}

bool cli_open_out(csim_out *o, const char *path, int *rc)
{
    csim_diag d = {0};
    csim_err err = csim_out_open(o, path, &d);
    if (err) {
        *rc = cli_fail(err, &d);
    }
    return !err;
}

int cli_close_out(csim_out *o, int rc)
{
    csim_diag d = {0};
    csim_err err = csim_out_close(o, &d);
    if (err) {
        int code = cli_fail(err, &d);
        return rc ? rc : code;
    }
    return rc;
}

void cli_say(bool quiet, const char *kind, const char *fmt, ...)
{
    if (quiet) {
        return;
    }
    char msg[1024], shown[CSIM_TEXT_ESCAPED_LEN(sizeof(msg))];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    /* Names from the ELF or an input file: no control byte reaches the terminal. */
    fprintf(stderr, "cyclesim: %s: %s\n", kind, csim_text_escape(shown, sizeof(shown), msg));
}

void cli_say_lines(bool quiet, const char *kind, const char *text)
{
    for (const char *w = text; *w;) {
        int len = (int)strcspn(w, "\n");
        cli_say(quiet, kind, "%.*s", len, w);
        w += len + (w[len] == '\n');
    }
}

int cli_out_of_memory(void)
{
    return cli_error(CSIM_ERR_NOMEM, "out of memory");
}

int cli_no_cases(const csim_elf *elf)
{
    csim_diag d = {0};
    return cli_fail(case_table_missing(elf, &d), &d);
}

bool cli_need_cases(const csim_elf *elf, int *rc)
{
    if (csim_case_list(elf, NULL, NULL, 0) == 0) {
        *rc = cli_no_cases(elf);
        return false;
    }
    csim_diag d = {0};
    csim_err err = csim_case_table_check(elf, &d);
    if (err) {
        *rc = cli_fail(err, &d);
    }
    return !err;
}

csim_err cli_apply_sets(csim_model *m, const char *const *sets, unsigned n_sets, csim_diag *d)
{
    csim_err err = CSIM_OK;
    for (unsigned k = 0; !err && k < n_sets; k++) {
        err = sets[k][0] == '@' ? csim_overlay_apply(m, sets[k] + 1, d) : csim_model_set(m, sets[k], d);
    }
    return err ? err : csim_model_check(m, d);
}

unsigned cli_load_models(const char *mcus, const char *const *sets, unsigned n_sets,
                         const csim_elf *elf, csim_model *out, unsigned max, bool quiet, int *rc)
{
    char names[CLI_MAX_MODELS][64];
    unsigned n = 0, kept = 0;
    bool all = strcmp(mcus, "all") == 0;
    char left_out[512] = ""; /* the models --mcu all leaves out, and why */
    if (all) {
        if ((n = cli_list_models(names, CLI_MAX_MODELS, rc)) == 0) {
            return 0;
        }
    } else {
        char buf[1024];
        snprintf(buf, sizeof(buf), "%s", mcus);
        for (char *t = strtok(buf, ","); t && n < CLI_MAX_MODELS; t = strtok(NULL, ",")) {
            snprintf(names[n++], sizeof(names[0]), "%s", t);
        }
    }
    for (unsigned i = 0; i < n && kept < max; i++) {
        csim_model *m = &out[kept];
        csim_diag d = {0};
        csim_err err = csim_model_load(m, cli_models_dir(), names[i], &d);
        if (!err) {
            err = cli_apply_sets(m, sets, n_sets, &d);
        }
        if (err) {
            *rc = cli_fail(err, &d);
            return 0;
        }
        /* all: the models that can run the image, its architecture and its memory. */
        csim_diag fit = {0};
        bool arch_ok = !all || !elf || csim_arch_runs(m->arch, elf->arch, elf->fp_arch_name != NULL);
        if (!arch_ok || (all && elf && csim_image_fits(elf, m, &fit))) {
            int len = (int)strlen(left_out);
            snprintf(left_out + len, sizeof(left_out) - (size_t)len, "%s%s (%s)", len ? ", " : "", names[i],
                     arch_ok ? "the image does not fit its memory" : csim_arch_names[m->arch]);
            continue;
        }
        cli_say_lines(quiet, "warning", d.warning);
        kept++;
    }
    if (left_out[0]) {
        cli_say(quiet, "note", "--mcu all leaves out %s: %s is built for %s%s%s", left_out, elf->path, elf->arch_name,
                elf->fp_arch_name ? " with " : "", elf->fp_arch_name ? elf->fp_arch_name : "");
    }
    if (kept == 0) {
        if (elf) {
            fprintf(stderr, "cyclesim: error: no model can run %s (built for %s%s%s)\n", elf->path,
                    elf->arch_name, elf->fp_arch_name ? " with " : "", elf->fp_arch_name ? elf->fp_arch_name : "");
        } else {
            cli_error(CSIM_ERR_MODEL, "no model named by --mcu %s", mcus);
        }
        *rc = EXIT_BAD_MODEL;
    }
    return kept;
}

bool cli_parse_u64(const char *opt, const char *arg, unsigned long long *out)
{
    char *end;
    if (!arg || !*arg || *arg == '-') {
        fprintf(stderr, "cyclesim: error: %s %s: a positive integer\n", opt, arg ? arg : "");
        return false;
    }
    errno = 0;
    *out = strtoull(arg, &end, 0);
    /* MeK, the notation the help writes defaults in (1e10): M times ten to the K, an integer. */
    bool digits = end > arg && strspn(arg, "0123456789") == (size_t)(end - arg);
    if (digits && (*end == 'e' || *end == 'E') && end[1] >= '0' && end[1] <= '9' && errno != ERANGE) {
        for (unsigned long k = strtoul(end + 1, &end, 10); !*end && k > 0 && *out && errno != ERANGE; k--) {
            errno = *out > ULLONG_MAX / 10 ? ERANGE : 0;
            *out *= 10;
        }
    }
    if (*end || !*out || errno == ERANGE) { /* ERANGE: ULLONG_MAX would read as "no limit" */
        fprintf(stderr, "cyclesim: error: %s %s: a positive integer (or MeK, as 1e10) below 2^64\n", opt, arg);
        return false;
    }
    return true;
}

case_range *cli_case_ranges(const csim_elf *elf, const case_selection *sel, bool quiet, unsigned *n, int *rc)
{
    csim_diag d = {0};
    case_range *r;
    csim_err err = case_ranges(elf, sel, &r, n, &d);
    if (err) {
        *rc = cli_fail(err, &d);
        return NULL;
    }
    if (*n == 0 && sel->shard_n) {
        cli_say(quiet, "note", "shard %u/%u holds no case of %s", sel->shard_k, sel->shard_n, elf->path);
    }
    return r;
}

bool cli_case_ranges_images(const csim_elf *const *elfs, unsigned n_elfs, const case_selection *sel, bool quiet,
                            case_range **ranges, unsigned *n, int *rc)
{
    if (n_elfs == 1) {
        return (ranges[0] = cli_case_ranges(elfs[0], sel, quiet, &n[0], rc)) != NULL;
    }
    csim_diag d = {0};
    csim_err err = case_ranges_images(elfs, n_elfs, sel, ranges, n, &d);
    if (err) {
        *rc = cli_fail(err, &d);
    }
    return !err;
}

bool cli_unique_keys(const csim_elf *const *elfs, unsigned n_elfs, case_range *const *ranges,
                     const unsigned *n_ranges, int *rc)
{
    csim_diag d = {0};
    csim_err err = case_keys_unique(elfs, n_elfs, ranges, n_ranges, &d);
    if (err) {
        *rc = cli_fail(err, &d);
    }
    return !err;
}

csim_elf **cli_load_elfs(char *const *paths, unsigned n, int *rc)
{
    csim_elf **elfs = calloc(n + 1, sizeof(*elfs));
    if (!elfs) {
        *rc = cli_out_of_memory();
        return NULL;
    }
    for (unsigned i = 0; i < n; i++) {
        csim_diag d = {0};
        csim_err e = csim_elf_load(paths[i], &elfs[i], &d);
        if (e) {
            *rc = cli_fail(e, &d);
            cli_free_elfs(elfs, i);
            return NULL;
        }
    }
    return elfs;
}

void cli_free_elfs(csim_elf **elfs, unsigned n)
{
    for (unsigned i = 0; elfs && i < n; i++) {
        csim_elf_free(elfs[i]);
    }
    free(elfs);
}

int cli_failed_cases(const csim_model *m, const csim_case_result *c, size_t n)
{
    int rc = EXIT_OK;
    for (size_t i = 0; i < n; i++) {
        if (c[i].status != 0) {
            cli_error(CSIM_ERR_CASE, "%s: case %s failed its check (status %u)", m->name, c[i].name, c[i].status);
            rc = EXIT_CASE_FAILED;
        }
    }
    return rc;
}

int cli_range_keys(const csim_model *m, const char *const *keys, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const csim_key *k = csim_key_find(keys[i]);
        if (!k || !csim_key_uncertain(k, m)) {
            return cli_error(CSIM_ERR_USAGE, "--range-keys: \"%s\" is not %s (docs/model-keys.md)", keys[i],
                             k ? "uncertain on this model" : "a model key");
        }
    }
    return EXIT_OK;
}

void cli_range_unstated(bool quiet, const csim_model *m, unsigned n)
{
    if (n) {
        cli_say(quiet, "note", "%s: --range: %u uncertain numeric key%s no alternative and %s not tried "
                "(docs/model-keys.md)", m->name, n, n > 1 ? "s state" : " states", n > 1 ? "are" : "is");
    }
}

void cli_call_returned(const csim_model *m, const char *call, const csim_run_result *res)
{
    if (res->exited) {
        fprintf(stderr, "cyclesim: %s: %s returned r0 = 0x%08x (%u), r1 = 0x%08x (%u)\n", m->name, call,
                res->call_result, res->call_result, res->call_result_hi, res->call_result_hi);
    }
}

int cli_job_error(const csim_job *j, int *runaway)
{
    if (j->err != CSIM_ERR_LIMIT) {
        return j->err ? cli_fail(j->err, &j->diag) : EXIT_OK;
    }
    if (*runaway == EXIT_OK) {
        *runaway = cli_fail(j->err, &j->diag);
    }
    return EXIT_OK;
}

bool cli_append_result(csim_run_result *into, csim_run_result *from)
{
    csim_case_result *c = realloc(into->cases, (into->n_cases + from->n_cases + 1) * sizeof(*c));
    if (!c) {
        return false;
    }
    if (from->n_cases) { /* from->cases may be NULL */
        memcpy(c + into->n_cases, from->cases, from->n_cases * sizeof(*c));
    }
    into->cases = c;
    into->n_cases += from->n_cases;
    into->total_cycles += from->total_cycles;
    into->total_insns += from->total_insns;
    into->host_seconds += from->host_seconds;
    into->exited = from->exited;
    into->call_result = from->call_result;
    into->call_result_hi = from->call_result_hi;
    into->exit_status = from->exit_status ? from->exit_status : into->exit_status;
    free(from->cases);
    memset(from, 0, sizeof(*from));
    return true;
}

bool cli_parse_jobs(const char *arg, unsigned *workers)
{
    char *end;
    unsigned long v = arg && *arg != '-' ? strtoul(arg, &end, 10) : 0;
    if (!arg || !*arg || *arg == '-' || *end || v > 1024) {
        fprintf(stderr, "cyclesim: error: -j %s: a worker count in 0..1024 (0: one per CPU)\n", arg ? arg : "");
        return false;
    }
    if (v == 0) {
        long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        v = cpus > 0 ? (unsigned long)cpus : 1;
    }
    *workers = (unsigned)v;
    return true;
}
