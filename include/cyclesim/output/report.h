/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report.h - results as an aligned table, JSON (docs/output-schema.md) or CSV.
 * Results go to the given stream (stdout); nothing here prints diagnostics.
 */
#ifndef CYCLESIM_REPORT_H
#define CYCLESIM_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "cyclesim/backends/elf.h"
#include "cyclesim/model/model.h"
#include "cyclesim/engine/sim.h"

typedef enum csim_format { CSIM_FMT_TABLE, CSIM_FMT_JSON, CSIM_FMT_CSV } csim_format;
typedef struct csim_report csim_report;
typedef struct csim_shard csim_shard;

bool csim_report_format(const char *name, csim_format *out);
csim_report *csim_report_new(FILE *out, csim_format fmt, const csim_elf *elf);
/** csim_report_open - csim_report_new with the image's run-time helper set
 *  given (NULL: read from the ELF) and, for a --shard run's JSON, the shard
 *  member that `cyclesim merge` reads (shard.h; NULL: none). */
csim_report *csim_report_open(FILE *out, csim_format fmt, const csim_elf *elf, const char *rt,
                              const csim_shard *shard);
void csim_report_add(csim_report *r, const csim_model *m, const csim_run_result *res, bool warm);
/** A run that stopped with an error: report the cases that completed. */
void csim_report_partial(csim_report *r, const csim_model *m, const csim_run_result *res);
/** csim_report_finish - ends the document; false when the shard member lacks a
 *  model for want of memory. */
bool csim_report_finish(csim_report *r);

#endif
