/*
 * cli.c - helpers shared by the subcommands (cli.h).
 */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cyclesim/overlay.h"

#ifndef CSIM_MODELS_DIR
#define CSIM_MODELS_DIR "models"
#endif

int cli_exit_code(csim_err e)
{
    switch (e) {
    case CSIM_OK: return EXIT_OK;
    case CSIM_ERR_USAGE: return EXIT_USAGE;
    case CSIM_ERR_IO: return EXIT_IO;
    case CSIM_ERR_ELF: return EXIT_BAD_ELF;
    case CSIM_ERR_MODEL:
    case CSIM_ERR_UNKNOWN_MCU: return EXIT_BAD_MODEL;
    case CSIM_ERR_FAULT: return EXIT_FAULT;
    case CSIM_ERR_LIMIT: return EXIT_LIMIT;
    case CSIM_ERR_CASE: return EXIT_CASE_FAILED;
    default: return EXIT_FAULT;
    }
}

const char *cli_models_dir(void)
{
    const char *d = getenv("CYCLESIM_MODELS");
    return d && *d ? d : CSIM_MODELS_DIR;
}

int cli_fail(csim_err e, const csim_diag *d)
{
    fprintf(stderr, "cyclesim: error: %s\n", d->msg[0] ? d->msg : csim_strerror(e));
    return cli_exit_code(e);
}

static bool model_runs(const csim_model *m, csim_elf_arch a)
{
    if (m->arch == CSIM_ARCH_V6M) {
        return a == CSIM_ELF_ARCH_V6M || a == CSIM_ELF_ARCH_UNKNOWN;
    }
    return a != CSIM_ELF_ARCH_OTHER;
}

unsigned cli_load_models(const char *mcus, const char *const *sets, unsigned n_sets,
                         const csim_elf *elf, csim_model *out, unsigned max, int *rc)
{
    char names[CLI_MAX_MODELS][64];
    unsigned n = 0, kept = 0;
    bool all = strcmp(mcus, "all") == 0;
    if (all) {
        n = csim_model_list(cli_models_dir(), names, CLI_MAX_MODELS);
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
        bool bad_overlay = false;
        for (unsigned k = 0; !err && k < n_sets; k++) {
            if (sets[k][0] == '@') {
                err = csim_overlay_apply(m, sets[k] + 1, &d);
                bad_overlay = err == CSIM_ERR_USAGE;
            } else {
                err = csim_model_set(m, sets[k], &d);
            }
        }
        if (!err) {
            err = csim_model_check(m, &d);
        }
        if (err) {
            if (bad_overlay) {
                fprintf(stderr, "cyclesim: error: %s\n", d.msg);
                *rc = EXIT_BAD_INPUT;
            } else {
                *rc = cli_fail(err, &d);
            }
            return 0;
        }
        if (all && elf && !model_runs(m, elf->arch)) {
            continue;
        }
        if (d.warning[0]) {
            fprintf(stderr, "cyclesim: warning: %s", d.warning);
        }
        kept++;
    }
    if (kept == 0) {
        if (elf) {
            fprintf(stderr, "cyclesim: error: no model can run %s (built for %s)\n", elf->path,
                    elf->arch_name);
        } else {
            fprintf(stderr, "cyclesim: error: no model named by --mcu %s\n", mcus);
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
    *out = strtoull(arg, &end, 0);
    if (*end || !*out) {
        fprintf(stderr, "cyclesim: error: %s %s: a positive integer\n", opt, arg);
        return false;
    }
    return true;
}

cli_range *cli_case_ranges(const csim_elf *elf, const char *const *globs, unsigned n_globs, unsigned *n,
                           int *rc)
{
    *n = 0;
    size_t total = csim_case_list(elf, NULL, NULL, 0);
    cli_range *r = malloc((total + 1) * sizeof(*r));
    char (*names)[96] = malloc((total + 1) * sizeof(*names));
    bool *hit = calloc(total + 1, sizeof(*hit));
    if (!r || !names || !hit) {
        fprintf(stderr, "cyclesim: error: out of memory\n");
        *rc = EXIT_FAULT;
        goto fail;
    }
    if (n_globs == 0) {
        r[(*n)++] = (cli_range){0, 0};
        free(names);
        free(hit);
        return r;
    }
    if (total == 0) {
        fprintf(stderr, "cyclesim: error: --case: %s has no bench_cases table\n", elf->path);
        *rc = EXIT_USAGE;
        goto fail;
    }
    csim_case_list(elf, names, NULL, total);
    for (unsigned g = 0; g < n_globs; g++) {
        bool any = false;
        for (size_t i = 0; i < total; i++) {
            if (fnmatch(globs[g], names[i], 0) == 0) {
                hit[i] = any = true;
            }
        }
        if (!any) {
            fprintf(stderr, "cyclesim: error: --case %s matches no case of %s\n", globs[g], elf->path);
            *rc = EXIT_USAGE;
            goto fail;
        }
    }
    for (size_t i = 0; i < total; i++) {
        if (!hit[i]) {
            continue;
        }
        if (*n && r[*n - 1].first + r[*n - 1].count == i) {
            r[*n - 1].count++;
        } else {
            r[(*n)++] = (cli_range){(uint32_t)i, 1};
        }
    }
    free(names);
    free(hit);
    return r;
fail:
    free(r);
    free(names);
    free(hit);
    return NULL;
}

bool cli_append_result(csim_run_result *into, csim_run_result *from)
{
    csim_case_result *c = realloc(into->cases, (into->n_cases + from->n_cases + 1) * sizeof(*c));
    if (!c) {
        return false;
    }
    memcpy(c + into->n_cases, from->cases, from->n_cases * sizeof(*c));
    into->cases = c;
    into->n_cases += from->n_cases;
    into->total_cycles += from->total_cycles;
    into->total_insns += from->total_insns;
    into->host_seconds += from->host_seconds;
    into->exited = from->exited;
    into->call_result = from->call_result;
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
