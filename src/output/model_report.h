/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * model_report.h - the output of `cyclesim model show` in a format of the
 * registry (formats.h: text or JSON): every key of a model with its effective
 * value and the source that set it (docs/output.md, "cyclesim model show").
 */
#ifndef CYCLESIM_OUTPUT_MODEL_REPORT_H
#define CYCLESIM_OUTPUT_MODEL_REPORT_H

#include <stdio.h>

#include "cyclesim/model/model.h"
#include "cyclesim/output/formats.h"

/** model_show_write - the keys that apply to m, in the key table's order, in
 *  `fmt`, a CSIM_REPORT_MODEL_SHOW format. */
void model_show_write(const csim_output_format *fmt, FILE *f, const csim_model *m);

#endif
