/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * profile_cmd.h - what `profile` and `annotate` share (cmd_profile.c,
 * cmd_annotate.c): their options and the run that profiles the selected cases
 * and hands each to the format's writer (output/profile_report.h).
 */
#ifndef CYCLESIM_CLI_PROFILE_CMD_H
#define CYCLESIM_CLI_PROFILE_CMD_H

#include <stdbool.h>

#include "cli/options.h"
#include "cyclesim/engine/sim.h"
#include "cyclesim/output/formats.h"

typedef struct popts {
    const csim_output_format *fmt;
    char rt[32];      /* the image's run-time helper set (bench_rt) */
    const char *out;
    const char *function; /* annotate --function */
    const char *trace_out; /* annotate --trace-out: the timeline's file (with --trace or --trace-cycles) */
    unsigned top;
    unsigned inputs;
    unsigned workers;
    bool progress;
    bool one_case;    /* annotate: exactly one case and one MCU */
    bool range;       /* profile --range: each case's range in its header */
    csim_run_opts ro;
} popts;

/** profile_execute - run o's selection of co and write it in o.fmt; the exit status. */
int profile_execute(cli_common co, popts o);

#endif
