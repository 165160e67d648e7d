/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cases_report.h - the output of `cyclesim list-cases` in a format of the
 * registry (formats.h: a table, CSV or JSON of each case's name and row key).
 */
#ifndef CYCLESIM_OUTPUT_CASES_REPORT_H
#define CYCLESIM_OUTPUT_CASES_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "cyclesim/output/formats.h"

/** cases_write - the n cases (names[i], the row key rows[i]) in `fmt`, a
 *  CSIM_REPORT_LIST_CASES format; nothing, not even the header, for none. */
void cases_write(const csim_output_format *fmt, FILE *f, const char (*names)[96], const char (*rows)[96], size_t n);

#endif
