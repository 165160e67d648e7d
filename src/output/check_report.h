/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * check_report.h - the reports of `cyclesim check` (analysis/check.h) in a
 * format of the registry (formats.h: the terminal summary, JUnit XML,
 * Markdown; docs/ci.md).
 */
#ifndef CYCLESIM_OUTPUT_CHECK_REPORT_H
#define CYCLESIM_OUTPUT_CHECK_REPORT_H

#include <stdio.h>

#include "analysis/check.h"
#include "cyclesim/output/formats.h"

/** check_write - the report in `fmt`, a CSIM_REPORT_CHECK format. */
void check_write(const check *c, const csim_output_format *fmt, FILE *f);

#endif
