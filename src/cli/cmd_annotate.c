/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_annotate.c - `cyclesim annotate`: one case's cycles by source line and
 * instruction, with the kinds of cycles, hottest first, as text, JSON or an
 * HTML source view (docs/profile.md).  The run is profile's
 * (profile_execute, with per-instruction costs); the writers:
 * output/annotate_report.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/profile_cmd.h"

enum { OPT_TOP = 256, OPT_FUNCTION, OPT_TRACE, OPT_TRACE_CYCLES, OPT_TRACE_OUT };

static const cli_own_opt annotate_own[] = {
    {"output", 'o', "FILE", "write to FILE (default stdout)"},
    {"function", OPT_FUNCTION, "NAME", "only the lines of that function (its self cycles)"},
    {"top", OPT_TOP, "N", "source lines shown, hottest first, in text and HTML (default 20)"},
    {"trace", OPT_TRACE, "FUNCTION", "also write the timeline of the first call of FUNCTION (--trace-out)"},
    {"trace-cycles", OPT_TRACE_CYCLES, "A:B", "also write the timeline of the instructions that start in cycles "
                                               "A..B-1 of the case's region (--trace-out)"},
    {"trace-out", OPT_TRACE_OUT, "FILE", "the timeline's file, Chrome trace JSON (default trace.json)"},
    {NULL, 0, NULL, NULL},
};

static int annotate_option(void *ctx, int id, char *arg)
{
    popts *o = ctx;
    unsigned long long v;
    switch (id) {
    case 'o': o->out = arg; return EXIT_OK;
    case OPT_FUNCTION: o->function = arg; return EXIT_OK;
    case OPT_TRACE: o->ro.trace_fn = arg; return EXIT_OK;
    case OPT_TRACE_OUT: o->trace_out = arg; return EXIT_OK;
    case OPT_TRACE_CYCLES: {
        unsigned long long a, b;
        int end = 0;
        if (strspn(arg, "0123456789:") != strlen(arg) || sscanf(arg, "%llu:%llu%n", &a, &b, &end) != 2 ||
            arg[end] || b <= a) {
            fprintf(stderr, "cyclesim: error: --trace-cycles %s: A:B, decimal cycles of the case's region, A < B\n",
                    arg);
            return EXIT_USAGE;
        }
        o->ro.trace_from = a;
        o->ro.trace_to = b;
        return EXIT_OK;
    }
    default:
        if (!cli_parse_u64("--top", arg, &v)) {
            return EXIT_USAGE;
        }
        if (v > 1000000) {
            fprintf(stderr, "cyclesim: error: --top %s: too large\n", arg);
            return EXIT_USAGE;
        }
        o->top = (unsigned)v;
        return EXIT_OK;
    }
}

const cli_command cli_cmd_annotate = {
    "annotate", "FW.elf", 1, 1,
    "Splits one case's cycles by source line and instruction (executions, kinds of cycles), hottest first, from "
    "the image's DWARF line table (docs/profile.md).",
    CLI_MCU_ONE | CLI_SET | CLI_CASE | CLI_WARM | CLI_MAX_INSNS | CLI_CALL | CLI_NO_PROGRESS | CLI_QUIET | CLI_FORMAT,
    CSIM_REPORTS(CSIM_REPORT_ANNOTATE), annotate_own, annotate_option, cmd_annotate, NULL,
};

int cmd_annotate(int argc, char **argv)
{
    cli_common co;
    popts o = {.top = 20, .one_case = true};
    int rc = cli_parse(&cli_cmd_annotate, argc, argv, &co, &o);
    if (rc) {
        return rc == CLI_HELP_SHOWN ? EXIT_OK : rc;
    }
    o.fmt = csim_output_find(CSIM_REPORT_ANNOTATE, co.format);
    if (o.ro.trace_fn && o.ro.trace_to) {
        fprintf(stderr, "cyclesim: error: --trace and --trace-cycles choose the timeline's window: one of them\n");
        return EXIT_USAGE;
    }
    if ((o.ro.trace_fn || o.ro.trace_to) && !o.trace_out) {
        o.trace_out = "trace.json";
    }
    if (o.trace_out && !o.ro.trace_fn && !o.ro.trace_to) {
        fprintf(stderr, "cyclesim: error: --trace-out needs --trace FUNCTION or --trace-cycles A:B\n");
        return EXIT_USAGE;
    }
    return profile_execute(co, o);
}
