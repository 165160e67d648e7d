/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * profile_report.h - the output of `cyclesim profile` in a format of the
 * registry (formats.h: table, callgrind files, collapsed stacks;
 * docs/profile.md), and the table of how the cases vary with their inputs.
 */
#ifndef CYCLESIM_OUTPUT_PROFILE_REPORT_H
#define CYCLESIM_OUTPUT_PROFILE_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "cyclesim/backends/elf.h"
#include "cyclesim/engine/sim.h"
#include "cyclesim/model/model.h"
#include "cyclesim/common/outfile.h"
#include "cyclesim/output/formats.h"

typedef struct profile_out {
    FILE *f;          /* the stream of the formats that write one */
    const char *dir;  /* the directory of the formats that write files */
    csim_diag *diag;  /* out: why a file could not be written */
    const csim_elf *elf;
    const char *rt;   /* the image's run-time helper set (bench_rt) */
    unsigned top;     /* functions per case in the table */
    bool warm;
} profile_out;

/** profile_write_case - case c's profile in `fmt`, a CSIM_REPORT_PROFILE
 *  format; an error when a file could not be written (the output layer's,
 *  cyclesim/common/outfile.h: o->diag names the file and the reason). */
csim_err profile_write_case(const csim_output_format *fmt, const profile_out *o, const csim_model *m,
                        const csim_case_result *c);
/** profile_writes_files - whether fmt writes one file per case into o->dir (else to o->f). */
bool profile_writes_files(const csim_output_format *fmt);
/** profile_stream_is_bare - whether fmt's stream holds its records alone (the
 *  variation table cannot share it). */
bool profile_stream_is_bare(const csim_output_format *fmt);

/** profile_write_variation - min/mean/max/stddev of each case's cycles over the
 *  known-answer run and the n_runs - 1 random-input runs. */
void profile_write_variation(FILE *f, const csim_model *m, const csim_run_result *runs, unsigned n_runs, bool warm);

#endif
