/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_list_cases.c - `cyclesim list-cases`: the benchmark cases an ELF
 * declares (its bench_cases table), without running them: name and row key.
 */
#include <stdlib.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "output/cases_report.h"

static int no_own_option(void *ctx, int id, char *arg)
{
    (void)ctx, (void)id, (void)arg;
    return EXIT_USAGE;
}

const cli_command cli_cmd_list_cases = {
    "list-cases", "FW.elf", 1, 1,
    "Prints the benchmark cases of the ELF (name, then the published row it reproduces), without running "
    "them; the names are what --case matches.",
    CLI_FORMAT, CSIM_REPORTS(CSIM_REPORT_LIST_CASES), NULL, no_own_option, cmd_list_cases, NULL,
};

int cmd_list_cases(int argc, char **argv)
{
    cli_common o;
    int rc = cli_parse(&cli_cmd_list_cases, argc, argv, &o, NULL);
    if (rc) {
        return rc == CLI_HELP_SHOWN ? EXIT_OK : rc;
    }
    csim_diag d = {0};
    csim_elf *elf = NULL;
    csim_err err = csim_elf_load(o.operands[0], &elf, &d);
    if (err) {
        return cli_fail(err, &d);
    }
    size_t n = cli_need_cases(elf, &rc) ? csim_case_list(elf, NULL, NULL, 0) : 0;
    char (*names)[96] = n ? calloc(n, sizeof(*names)) : NULL;
    char (*rows)[96] = n ? calloc(n, sizeof(*rows)) : NULL;
    if (n && (!names || !rows)) {
        rc = cli_out_of_memory();
        n = 0;
    }
    n = n ? csim_case_list(elf, names, rows, n) : 0;
    cases_write(csim_output_find(CSIM_REPORT_LIST_CASES, o.format), stdout, (const char (*)[96])names,
                (const char (*)[96])rows, n);
    free(names);
    free(rows);
    csim_elf_free(elf);
    return rc;
}
