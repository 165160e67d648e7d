/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * leak_report.h - the output of `cyclesim leak` in a format of the registry
 * (formats.h: text, json, html; docs/leak.md): per MCU and case the t-test,
 * the verdict and every instruction listed with its causes.
 */
#ifndef CYCLESIM_OUTPUT_LEAK_REPORT_H
#define CYCLESIM_OUTPUT_LEAK_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "analysis/leak.h"
#include "cyclesim/backends/dwarf.h"
#include "cyclesim/backends/elf.h"
#include "cyclesim/model/model.h"
#include "cyclesim/output/formats.h"

/* What a report covers: cases[m * n_cases + k] is case k on models[m]. */
typedef struct leak_doc {
    const csim_elf *elf;
    csim_lines *lines; /* the image's DWARF line table (the leaking source lines); NULL: none */
    const csim_model *models;
    size_t n_models, n_cases;
    const leak_case *cases;
} leak_doc;

/** leak_write - the report in `fmt`, a CSIM_REPORT_LEAK format; false when
 *  out of memory (the decoder that names the mnemonics). */
bool leak_write(const csim_output_format *fmt, FILE *f, const leak_doc *d);

#endif
