/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_models.c - `cyclesim models` (the MCU models, one line each) and
 * `cyclesim keys` (the model keys as Markdown, docs/model-keys.md): no
 * operand, no option but --help.
 */
#include "cli/cli.h"
#include "cli/options.h"
#include "cyclesim/model/model_keys.h"

static int no_own_option(void *ctx, int id, char *arg)
{
    (void)ctx, (void)id, (void)arg;
    return EXIT_USAGE;
}

/* Parses argv (only --help), then the command; EXIT_OK after the help. */
static int parse_bare(const cli_command *cmd, int argc, char **argv)
{
    cli_common o;
    int rc = cli_parse(cmd, argc, argv, &o, NULL);
    return rc == CLI_HELP_SHOWN ? EXIT_OK : rc ? rc : -1;
}

static int cmd_models(int argc, char **argv)
{
    int rc = parse_bare(&cli_cmd_models, argc, argv);
    if (rc >= 0) {
        return rc;
    }
    char names[CLI_MAX_MODELS][64];
    rc = EXIT_OK;
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

static int cmd_keys(int argc, char **argv)
{
    int rc = parse_bare(&cli_cmd_keys, argc, argv);
    if (rc >= 0) {
        return rc;
    }
    char names[CLI_MAX_MODELS][64];
    rc = EXIT_OK;
    if (cli_list_models(names, CLI_MAX_MODELS, &rc)) {
        csim_model_keys_markdown(stdout, cli_models_dir());
    }
    return rc;
}

const cli_command cli_cmd_models = {
    "models", "", 0, 0,
    "Lists the MCU models (the names --mcu takes), one per line with its description; models are read from "
    "$CYCLESIM_MODELS or the installed models directory.",
    0, 0, NULL, no_own_option, cmd_models, NULL,
};

const cli_command cli_cmd_keys = {
    "keys", "", 0, 0,
    "Prints the model keys (what --set takes) as Markdown: type, range, default and meaning (docs/model-keys.md).",
    0, 0, NULL, no_own_option, cmd_keys, NULL,
};
