/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report.h - run results in a format of the registry (formats.h: table, JSON
 * (docs/output-schema.md), CSV).  Results go to the given stream (stdout);
 * nothing here prints diagnostics.
 */
#ifndef CYCLESIM_REPORT_H
#define CYCLESIM_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "cyclesim/backends/elf.h"
#include "cyclesim/model/model.h"
#include "cyclesim/engine/sim.h"
#include "cyclesim/output/formats.h"

typedef struct csim_report csim_report;
typedef struct csim_shard csim_shard;

/** csim_report_open - a report in `fmt`, a CSIM_REPORT_RUN format, with the
 *  image's run-time helper set given (NULL: read from the ELF), the image
 *  with the other set whose ranges widen the cases' (--rt-alt; NULL: none)
 *  and, for a --shard run, the shard member that `cyclesim merge` reads
 *  (shard.h; NULL: none), written by the formats that carry it (JSON). */
csim_report *csim_report_open(FILE *out, const csim_output_format *fmt, const csim_elf *elf, const char *rt,
                              const csim_elf *rt_alt, const csim_shard *shard);
/** csim_report_range_keys - the keys of --range-keys, the only ones the
 *  cases' ranges are over (n = 0: every uncertain key of the model); called
 *  before the first result is added, the keys kept until the report ends. */
void csim_report_range_keys(csim_report *r, const char *const *keys, size_t n);
void csim_report_add(csim_report *r, const csim_model *m, const csim_run_result *res, bool warm);
/** A run that stopped with an error: report the cases that completed. */
void csim_report_partial(csim_report *r, const csim_model *m, const csim_run_result *res);
/** csim_report_finish - ends the document; false when the shard member lacks a
 *  model for want of memory. */
bool csim_report_finish(csim_report *r);

#endif
