/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare_report.h - a comparison (compare.h) in a format of the registry
 * (formats.h: table, JSON, Markdown, HTML; docs/compare.md).
 */
#ifndef CYCLESIM_OUTPUT_COMPARE_REPORT_H
#define CYCLESIM_OUTPUT_COMPARE_REPORT_H

#include <stdio.h>

#include "cyclesim/analysis/compare.h"
#include "cyclesim/output/formats.h"

typedef struct csim_shard csim_shard;

/** csim_compare_print - the comparison in `fmt`, a CSIM_REPORT_COMPARE
 *  format, with the "shard" member a --shard run adds for `cyclesim merge`
 *  (shard.h; NULL: none) where the format carries it (JSON). */
void csim_compare_print(FILE *out, const csim_output_format *fmt, const csim_comparison *cmp,
                        const csim_shard *shard);

#endif
