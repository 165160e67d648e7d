/*
 * main.c - the cyclesim command line.  The only place that prints results
 * and chooses exit codes (docs/exit-codes.md).
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/model.h"
#include "cyclesim/report.h"
#include "cyclesim/sim.h"

#ifndef CSIM_MODELS_DIR
#define CSIM_MODELS_DIR "models"
#endif

/* Exit codes: docs/exit-codes.md. */
enum {
    EXIT_OK = 0,
    EXIT_CASE_FAILED = 1,
    EXIT_USAGE = 2,
    EXIT_BAD_ELF = 3,
    EXIT_BAD_MODEL = 4,
    EXIT_FAULT = 5,
    EXIT_LIMIT = 6,
    EXIT_IO = 7,
};

static int exit_code(csim_err e)
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

static const char *models_dir(void)
{
    const char *d = getenv("CYCLESIM_MODELS");
    return d && *d ? d : CSIM_MODELS_DIR;
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: cyclesim run FW.elf [--mcu NAME[,NAME...]|all] [--set KEY=VALUE]...\n"
            "                    [--format table|json|csv] [--warm] [--console FILE|-]\n"
            "                    [--call SYMBOL [--arg N]...] [--max-insns N] [--no-reuse]\n"
            "       cyclesim models           list the MCU models\n"
            "       cyclesim keys             the model keys as Markdown\n"
            "Models are read from $CYCLESIM_MODELS or %s.\n"
            "Exit codes: 0 ok, 1 a case failed its check, 2 usage, 3 bad ELF, 4 bad model or\n"
            "unknown MCU, 5 firmware fault, 6 instruction limit, 7 I/O error.\n",
            CSIM_MODELS_DIR);
}

static int fail(csim_err e, const csim_diag *d)
{
    fprintf(stderr, "cyclesim: error: %s\n", d->msg[0] ? d->msg : csim_strerror(e));
    return exit_code(e);
}

static int cmd_models(void)
{
    char names[64][64];
    unsigned n = csim_model_list(models_dir(), names, 64);
    for (unsigned i = 0; i < n; i++) {
        csim_model m;
        csim_diag d = {0};
        if (csim_model_load(&m, models_dir(), names[i], &d) == CSIM_OK) {
            printf("%-14s %s\n", names[i], m.description);
        } else {
            printf("%-14s (broken: %s)\n", names[i], d.msg);
        }
    }
    return n ? EXIT_OK : EXIT_BAD_MODEL;
}

static bool model_runs(const csim_model *m, csim_elf_arch a)
{
    if (m->arch == CSIM_ARCH_V6M) {
        return a == CSIM_ELF_ARCH_V6M || a == CSIM_ELF_ARCH_UNKNOWN;
    }
    return a != CSIM_ELF_ARCH_OTHER;
}

static int cmd_run(int argc, char **argv)
{
    static const struct option opts[] = {
        {"mcu", required_argument, 0, 'm'},    {"set", required_argument, 0, 's'},
        {"format", required_argument, 0, 'f'}, {"warm", no_argument, 0, 'w'},
        {"console", required_argument, 0, 'c'}, {"call", required_argument, 0, 'C'},
        {"arg", required_argument, 0, 'a'},    {"max-insns", required_argument, 0, 'L'},
        {"no-reuse", no_argument, 0, 'R'},     {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0},
    };
    const char *mcus = "all", *format = NULL, *console = NULL;
    const char *sets[64];
    unsigned n_sets = 0;
    csim_run_opts ro = {.max_insns = 50000000000ull};
    int c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "m:s:f:", opts, NULL)) != -1) {
        switch (c) {
        case 'm': mcus = optarg; break;
        case 's':
            if (n_sets == 64) {
                fprintf(stderr, "cyclesim: error: too many --set\n");
                return EXIT_USAGE;
            }
            sets[n_sets++] = optarg;
            break;
        case 'f': format = optarg; break;
        case 'w': ro.warm = true; break;
        case 'R': ro.no_reuse = true; break;
        case 'c': console = optarg; break;
        case 'C': ro.call = optarg; break;
        case 'a': {
            char *end;
            unsigned long v = strtoul(optarg, &end, 0);
            if (*end || ro.n_call_args == 4) {
                fprintf(stderr, "cyclesim: error: --arg %s: an integer, at most 4 arguments\n", optarg);
                return EXIT_USAGE;
            }
            ro.call_args[ro.n_call_args++] = (uint32_t)v;
            break;
        }
        case 'L': {
            char *end;
            ro.max_insns = strtoull(optarg, &end, 0);
            if (*end || !ro.max_insns) {
                fprintf(stderr, "cyclesim: error: --max-insns %s: a positive integer\n", optarg);
                return EXIT_USAGE;
            }
            break;
        }
        case 'h': usage(stdout); return EXIT_OK;
        default: usage(stderr); return EXIT_USAGE;
        }
    }
    if (optind + 1 != argc) {
        usage(stderr);
        return EXIT_USAGE;
    }
    csim_format fmt;
    if (!csim_report_format(format ? format : "table", &fmt)) {
        fprintf(stderr, "cyclesim: error: --format %s: expected table, json or csv\n", format);
        return EXIT_USAGE;
    }
    FILE *con = NULL;
    if (console) {
        con = strcmp(console, "-") == 0 ? stderr : fopen(console, "w");
        if (!con) {
            fprintf(stderr, "cyclesim: error: %s: cannot write\n", console);
            return EXIT_IO;
        }
    }
    ro.console = con;

    csim_diag d = {0};
    csim_elf *elf = NULL;
    csim_err err = csim_elf_load(argv[optind], &elf, &d);
    if (err) {
        return fail(err, &d);
    }
    char names[64][64];
    unsigned n = 0;
    bool all = strcmp(mcus, "all") == 0;
    if (all) {
        n = csim_model_list(models_dir(), names, 64);
    } else {
        char buf[1024];
        snprintf(buf, sizeof(buf), "%s", mcus);
        for (char *t = strtok(buf, ","); t && n < 64; t = strtok(NULL, ",")) {
            snprintf(names[n++], sizeof(names[0]), "%s", t);
        }
    }
    csim_report *rep = csim_report_new(stdout, fmt, elf);
    int rc = EXIT_OK;
    unsigned ran = 0;
    for (unsigned i = 0; i < n && rc != EXIT_BAD_MODEL; i++) {
        csim_model m;
        memset(&d, 0, sizeof(d));
        err = csim_model_load(&m, models_dir(), names[i], &d);
        for (unsigned k = 0; !err && k < n_sets; k++) {
            err = csim_model_set(&m, sets[k], &d);
        }
        if (!err) {
            err = csim_model_check(&m, &d);
        }
        if (err) {
            rc = fail(err, &d);
            break;
        }
        if (all && !model_runs(&m, elf->arch)) {
            continue;
        }
        if (d.warning[0]) {
            fprintf(stderr, "cyclesim: warning: %s", d.warning);
        }
        csim_run_result res;
        err = csim_run(elf, &m, &ro, &res, &d);
        ran++;
        if (err) {
            csim_report_partial(rep, &m, &res);
            csim_run_result_free(&res);
            rc = fail(err, &d);
            break;
        }
        csim_report_add(rep, &m, &res, ro.warm);
        for (size_t k = 0; k < res.n_cases; k++) {
            if (res.cases[k].status != 0) {
                fprintf(stderr, "cyclesim: error: %s: case %s failed its check (status %u)\n", m.name,
                        res.cases[k].name, res.cases[k].status);
                rc = EXIT_CASE_FAILED;
            }
        }
        if (!ro.call && res.exited && res.exit_status != 0 && rc == EXIT_OK) {
            fprintf(stderr, "cyclesim: error: %s: firmware exited with status %u\n", m.name, res.exit_status);
            rc = EXIT_CASE_FAILED;
        }
        csim_run_result_free(&res);
    }
    if (rc == EXIT_OK && ran == 0) {
        fprintf(stderr, "cyclesim: error: no model can run %s (built for %s)\n", elf->path, elf->arch_name);
        rc = EXIT_BAD_MODEL;
    }
    csim_report_finish(rep);
    csim_elf_free(elf);
    if (con && con != stderr) {
        fclose(con);
    }
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "run") == 0) {
        return cmd_run(argc - 1, argv + 1);
    }
    if (strcmp(argv[1], "models") == 0) {
        return cmd_models();
    }
    if (strcmp(argv[1], "keys") == 0) {
        csim_model_keys_markdown(stdout);
        return EXIT_OK;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return EXIT_OK;
    }
    fprintf(stderr, "cyclesim: error: unknown command \"%s\"\n", argv[1]);
    usage(stderr);
    return EXIT_USAGE;
}
