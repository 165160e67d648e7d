/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * main.c - the cyclesim command line: dispatches to the subcommands
 * (src/cmd_*.c), which print results and choose exit codes
 * (docs/exit-codes.md).
 */
#include <string.h>

#include "cli/cli.h"
#include "cyclesim/model_keys.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: cyclesim run FW.elf [--mcu NAME[,NAME...]|all] [--set KEY=VALUE]...\n"
            "                    [--format table|json|csv] [--warm] [--console FILE|-]\n"
            "                    [--call SYMBOL [--arg N]...] [--max-insns N] [--no-reuse] [--case GLOB]...\n"
            "                    [-j N] [--no-progress]\n"
            "       cyclesim profile FW.elf --mcu NAME [--case GLOB]... [--set KEY=VALUE]...\n"
            "                    [--format table|callgrind|collapsed] [-o FILE|DIR] [--top N]\n"
            "                    [--inputs N] [--warm] [-j N] [--call SYMBOL [--arg N]...]\n"
            "       cyclesim sweep FW.elf --mcu NAME [--case GLOB]... [--clock LIST|A:B:STEP]...\n"
            "                    [--latency auto|LIST] [--cache on,off] [--prefetch on,off]\n"
            "                    [--set KEY=V1,V2,...]... [--format table|json|csv] [-o FILE]\n"
            "                    [--svg FILE] [--independent] [--max-insns N] [-j N] [--no-progress]\n"
            "       cyclesim compare FW.elf [FW.elf]... --mcu NAME [--published FILE|auto]\n"
            "                    [--set KEY=VALUE]... [--warm] [--baselines] [--no-state-check]\n"
            "                    [--case GLOB]... [--format table|json|md|html]\n"
            "                    [-o FILE] [-j N] [--no-progress]\n"
            "       cyclesim calibrate FW.elf [FW.elf]... --mcu NAME --measured FILE [--measured FILE]...\n"
            "                    [--params uncertain|KEY,KEY...] [--holdout N] [--set KEY=VALUE]...\n"
            "                    [-o OVERLAY.json] [--format table|json] [-j N] [--no-progress]\n"
            "       cyclesim check FW.elf --budgets FILE [--update] | --baseline OLD.elf\n"
            "                    [--mcu NAME[,NAME...]] [--set KEY=VALUE]... [--warm]\n"
            "                    [--tolerance PCT] [--junit FILE] [--markdown FILE] [--max-insns N]\n"
            "                    [-j N] [--no-progress]\n"
            "                    cycle, stack and code budgets (docs/budgets.md, docs/ci.md)\n"
            "       cyclesim models           list the MCU models\n"
            "       cyclesim keys             the model keys as Markdown\n"
            "--set @FILE applies a model overlay written by calibrate (docs/calibrate.md).\n"
            "compare and calibrate pool the cases of every ELF given (no row key in two of them).\n"
            "Models are read from $CYCLESIM_MODELS or %s.\n"
            "Exit codes: 0 ok, 1 a case failed its check, 2 usage, 3 bad ELF, 4 bad model or\n"
            "unknown MCU, 5 firmware fault, 6 instruction limit, 7 I/O error, 8 over budget,\n"
            "9 bad input file.\n"
            "-j N runs N models (or parts of a run) at a time, 0 = one per CPU; a progress line\n"
            "is shown on stderr when it is a terminal (--no-progress: never).\n",
            cli_models_dir());
}

static int cmd_models(void)
{
    char names[CLI_MAX_MODELS][64];
    unsigned n = csim_model_list(cli_models_dir(), names, CLI_MAX_MODELS);
    for (unsigned i = 0; i < n; i++) {
        csim_model m;
        csim_diag d = {0};
        if (csim_model_load(&m, cli_models_dir(), names[i], &d) == CSIM_OK) {
            printf("%-14s %s\n", names[i], m.description);
        } else {
            printf("%-14s (broken: %s)\n", names[i], d.msg);
        }
    }
    return n ? EXIT_OK : EXIT_BAD_MODEL;
}

static const struct {
    const char *name;
    int (*fn)(int argc, char **argv);
} commands[] = {
    {"run", cmd_run},
    {"profile", cmd_profile},
    {"sweep", cmd_sweep},
    {"compare", cmd_compare},
    {"calibrate", cmd_calibrate},
    {"check", cmd_check},
};

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
        if (strcmp(argv[1], commands[i].name) == 0) {
            int rc = commands[i].fn(argc - 1, argv + 1);
            if (rc == CLI_SHOW_HELP || rc == CLI_BAD_USAGE) {
                usage(rc == CLI_SHOW_HELP ? stdout : stderr);
                return rc == CLI_SHOW_HELP ? EXIT_OK : EXIT_USAGE;
            }
            return rc;
        }
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
