/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * formats.h - the output formats of every report kind, one registry
 * (src/output/formats.c: a row per format, naming its writer).  The CLI takes
 * its --format choices, default and help from here; the report drivers get a
 * format's writer from its row.  Adding a format to a kind is its writer and
 * one row (docs/output.md).
 */
#ifndef CYCLESIM_OUTPUT_FORMATS_H
#define CYCLESIM_OUTPUT_FORMATS_H

#include <stddef.h>

typedef enum csim_report_kind {
    CSIM_REPORT_RUN,        /* run, and merge of run shards (report.h) */
    CSIM_REPORT_COMPARE,    /* compare, and merge of compare shards (compare_report.h) */
    CSIM_REPORT_CHECK,      /* check: the summary, --junit, --markdown */
    CSIM_REPORT_SWEEP,      /* sweep */
    CSIM_REPORT_PROFILE,    /* profile */
    CSIM_REPORT_CALIBRATE,  /* calibrate (calibrate_report.h) */
    CSIM_REPORT_LIST_CASES, /* list-cases (cases_report.h) */
    CSIM_REPORT_MODEL_SHOW, /* model show (model_report.h) */
    CSIM_REPORT_KINDS
} csim_report_kind;

/* A set of kinds: CSIM_REPORTS(CSIM_REPORT_RUN) | CSIM_REPORTS(CSIM_REPORT_COMPARE). */
#define CSIM_REPORTS(kind) (1u << (kind))

typedef struct csim_output_format csim_output_format; /* a row of the registry */

/** csim_output_find - the format `name` of a kind; NULL when the kind has none of that name. */
const csim_output_format *csim_output_find(csim_report_kind kind, const char *name);

/** csim_output_choices - the names of the formats of the kinds in `kinds`
 *  (CSIM_REPORTS), each once, in registry order (the first kind's default
 *  first), separated by `sep` and the last two by `last`: ("|", "|") for a
 *  synopsis, (", ", " or ") for a sentence.  "" for no kind. */
void csim_output_choices(unsigned kinds, const char *sep, const char *last, char *buf, size_t len);

#endif
