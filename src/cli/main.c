/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * main.c - the cyclesim command line: dispatches to the subcommands
 * (src/cli/cmd_*.c), which print results and choose exit codes
 * (docs/exit-codes.md).  The usage is generated from the subcommands'
 * option tables (options.h).
 */
#include <stdbool.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "cyclesim/backends/disasm.h"
#include "cyclesim/backends/elf.h"
#include "cyclesim/backends/emu.h"
#include "cyclesim/common/version.h"

static void usage(FILE *f)
{
    for (const cli_command *const *c = cli_commands; *c; c++) {
        cli_usage(*c, f);
    }
    fprintf(f,
            "usage: cyclesim --version        the tool's version and its libraries' (-V)\n"
            "`cyclesim CMD --help` (or `cyclesim help CMD`) describes every option of CMD.\n"
            "--set @FILE applies a model overlay written by calibrate (docs/calibrate.md).\n"
            "compare and calibrate pool the cases of every ELF given (no row key in two of them).\n"
            "--shard K/N runs the cases of one shard; merge joins the JSON of run or compare shards\n"
            "into one report (docs/ci.md).\n"
            "Models are read from $CYCLESIM_MODELS or %s.\n"
            "-j N runs N models (or parts of a run) at a time, 0 = one per CPU; progress goes to\n"
            "stderr: a line on a terminal, a plain line every 10 s in a log (--no-progress: never).\n"
            "Exit codes:",
            cli_models_dir());
    for (int code = 0; cli_exit_meanings[code]; code++) {
        fprintf(f, " %d %s%s", code, cli_exit_meanings[code], cli_exit_meanings[code + 1] ? "," : ".\n");
    }
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

static int dispatch(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    const cli_command *cmd = cli_find_command(argv[1]);
    if (cmd) {
        return cmd->run(argc - 1, argv + 1);
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) {
        return argc > 2 ? cli_error(CSIM_ERR_USAGE, "%s takes no argument (got \"%s\")", argv[1], argv[2])
                        : cmd_version();
    }
    bool help = strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0;
    if (help && argc == 2) {
        usage(stdout);
        return EXIT_OK;
    }
    if (help && argc == 3 && (cmd = cli_find_command(argv[2]))) { /* help CMD: CMD --help */
        cli_help(cmd, stdout);
        return EXIT_OK;
    }
    fprintf(stderr, "cyclesim: error: unknown command \"%s\"\n", help ? argv[argc - 1] : argv[1]);
    fprintf(stderr, "cyclesim: hint: `cyclesim --help` lists the commands\n");
    return EXIT_USAGE;
}

/* Every command's standard output is checked once, at the end: a report lost
 * to a full disk or /dev/full is an I/O error, not a success. */
int main(int argc, char **argv)
{
    int rc = dispatch(argc, argv);
    csim_diag d = {0};
    if (csim_stdout_close(&d)) {
        int code = cli_fail(CSIM_ERR_IO, &d);
        rc = rc ? rc : code;
    }
    return rc;
}
