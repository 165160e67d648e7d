/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_model.c - `cyclesim model show MCU`: every key of the model with its
 * effective value and where it came from (a file of the extends chain, a
 * --set, an overlay, the key's default), like `git config --show-origin`
 * (docs/output.md, "cyclesim model show").
 */
#include <string.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "output/model_report.h"

const cli_command cli_cmd_model = {
    "model", "show MCU", 2, 2,
    "Shows every key of the MCU's model (with --set and overlays applied) with its value and where it came "
    "from: a model file of the extends chain, a --set, an overlay or the key's default.",
    /* No option of its own: cli_parse never calls a handler. */
    CLI_SET | CLI_FORMAT, CSIM_REPORTS(CSIM_REPORT_MODEL_SHOW), NULL, NULL, cmd_model, NULL,
};

int cmd_model(int argc, char **argv)
{
    cli_common o;
    int rc = cli_parse(&cli_cmd_model, argc, argv, &o, NULL);
    if (rc) {
        return rc == CLI_HELP_SHOWN ? EXIT_OK : rc;
    }
    if (strcmp(o.operands[0], "show") != 0) {
        return cli_error(CSIM_ERR_USAGE, "model %s: unknown; model show MCU is the one model command",
                         o.operands[0]);
    }
    csim_model m;
    csim_diag d = {0};
    csim_err err = csim_model_load(&m, cli_models_dir(), o.operands[1], &d);
    if (!err) {
        err = cli_apply_sets(&m, o.sets, o.n_sets, &d);
    }
    if (err) {
        return cli_fail(err, &d);
    }
    if (d.warning[0]) {
        fprintf(stderr, "cyclesim: warning: %s", d.warning);
    }
    model_show_write(csim_output_find(CSIM_REPORT_MODEL_SHOW, o.format), stdout, &m);
    return EXIT_OK;
}
