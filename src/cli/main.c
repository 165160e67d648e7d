/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * main.c - the cyclesim command line: dispatches to the subcommands
 * (src/cli/cmd_*.c), which print results and choose exit codes
 * (docs/exit-codes.md).  The usage is generated from the subcommands'
 * option tables (options.h).
 */
#include <string.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "cyclesim/backends/disasm.h"
#include "cyclesim/backends/elf.h"
#include "cyclesim/backends/emu.h"
#include "cyclesim/common/version.h"
#include "cyclesim/model/model_keys.h"

static const cli_command *const commands[] = {
    &cli_cmd_run, &cli_cmd_profile, &cli_cmd_sweep, &cli_cmd_compare, &cli_cmd_calibrate, &cli_cmd_check,
    &cli_cmd_list_cases, &cli_cmd_merge,
};
#define N_COMMANDS (sizeof(commands) / sizeof(commands[0]))

static void usage(FILE *f)
{
    for (size_t i = 0; i < N_COMMANDS; i++) {
        cli_usage(commands[i], f);
    }
    fprintf(f,
            "usage: cyclesim models           list the MCU models\n"
            "usage: cyclesim keys             the model keys as Markdown\n"
            "usage: cyclesim --version        the tool's version and its libraries' (-V)\n"
            "`cyclesim CMD --help` describes every option of CMD.\n"
            "--set @FILE applies a model overlay written by calibrate (docs/calibrate.md).\n"
            "compare and calibrate pool the cases of every ELF given (no row key in two of them).\n"
            "--shard K/N runs the cases of one shard; merge joins the JSON of run or compare shards\n"
            "into one report (docs/ci.md).\n"
            "Models are read from $CYCLESIM_MODELS or %s.\n"
            "Exit codes: 0 ok, 1 a case failed its check, 2 usage, 3 bad ELF, 4 bad model or\n"
            "unknown MCU, 5 firmware fault, 6 instruction limit, 7 I/O error, 8 over budget,\n"
            "9 bad input file, 10 internal error.\n"
            "-j N runs N models (or parts of a run) at a time, 0 = one per CPU; a progress line\n"
            "is shown on stderr when it is a terminal (--no-progress: never).\n",
            cli_models_dir());
}

static int cmd_models(void)
{
    char names[CLI_MAX_MODELS][64];
    int rc = EXIT_OK;
    unsigned n = cli_list_models(names, CLI_MAX_MODELS, &rc);
    for (unsigned i = 0; i < n; i++) {
        csim_model m;
        csim_diag d = {0};
        if (csim_model_load(&m, cli_models_dir(), names[i], &d) == CSIM_OK) {
            printf("%-14s %s\n", names[i], m.description);
        } else {
            printf("%-14s (broken: %s)\n", names[i], d.msg);
        }
    }
    return rc;
}

/* The tool's version and those of the libraries it runs on (docs/install.md). */
static int cmd_version(void)
{
    char unicorn[32], capstone[32], lief[32];
    csim_emu_version(unicorn, sizeof(unicorn));
    csim_disasm_version(capstone, sizeof(capstone));
    csim_elf_lief_version(lief, sizeof(lief));
    printf("cyclesim %s\nUnicorn %s\nCapstone %s\nLIEF %s\n", csim_tool_version(), unicorn, capstone, lief);
    return EXIT_OK;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    for (size_t i = 0; i < N_COMMANDS; i++) {
        if (strcmp(argv[1], commands[i]->name) == 0) {
            return commands[i]->run(argc - 1, argv + 1);
        }
    }
    if (strcmp(argv[1], "models") == 0) {
        return cmd_models();
    }
    if (strcmp(argv[1], "keys") == 0) {
        char names[CLI_MAX_MODELS][64];
        int rc = EXIT_OK;
        if (cli_list_models(names, CLI_MAX_MODELS, &rc)) {
            csim_model_keys_markdown(stdout, cli_models_dir());
        }
        return rc;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) {
        return argc > 2 ? cli_error(CSIM_ERR_USAGE, "%s takes no argument (got \"%s\")", argv[1], argv[2])
                        : cmd_version();
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return EXIT_OK;
    }
    fprintf(stderr, "cyclesim: error: unknown command \"%s\"\n", argv[1]);
    usage(stderr);
    return EXIT_USAGE;
}
