/*
 * cli.h - what the subcommands (src/cmd_*.c) share: exit codes
 * (docs/exit-codes.md), the models directory, loading the --mcu list with
 * its --set overrides, and error printing.  Only the subcommands print
 * results and choose exit codes.
 */
#ifndef CYCLESIM_CLI_H
#define CYCLESIM_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "cyclesim/elf.h"
#include "cyclesim/model.h"

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
    EXIT_OVER_BUDGET = 8,
    EXIT_BAD_INPUT = 9,
};

/* A subcommand returns these (not exit codes) to have main print the usage. */
#define CLI_SHOW_HELP (-1)
#define CLI_BAD_USAGE (-2)

#define CLI_MAX_MODELS 64
#define CLI_MAX_SETS 64

int cli_exit_code(csim_err e);
const char *cli_models_dir(void);
/** Prints "cyclesim: error: ..." and returns the exit code of e. */
int cli_fail(csim_err e, const csim_diag *d);

/** cli_load_models - the models named by `mcus` ("a,b" or "all"), each with
 *  the --set overrides applied and checked; with "all", models that cannot
 *  run `elf` (architecture) are left out.  Warnings go to stderr.  Returns
 *  the count (0 on error: message printed, *rc set). */
unsigned cli_load_models(const char *mcus, const char *const *sets, unsigned n_sets,
                         const csim_elf *elf, csim_model *out, unsigned max, int *rc);

/** cli_parse_u64 - a positive integer option value, or false (message printed). */
bool cli_parse_u64(const char *opt, const char *arg, unsigned long long *out);

int cmd_run(int argc, char **argv);
int cmd_check(int argc, char **argv);

#endif
