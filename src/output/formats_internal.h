/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * formats_internal.h - a row of the output-format registry (formats.c) and
 * the writers the rows name.  Each kind's writer type is its driver's
 * (report.c, compare_writer.h, check_report.c, sweep_report.c, profile_report.c,
 * calibrate_report.c, cases_report.c, model_report.c).
 */
#ifndef CYCLESIM_OUTPUT_FORMATS_INTERNAL_H
#define CYCLESIM_OUTPUT_FORMATS_INTERNAL_H

#include "cyclesim/output/formats.h"

struct csim_output_format {
    csim_report_kind kind;
    const char *name; /* the --format value */
    union {           /* the member of its kind */
        const struct run_writer *run;
        const struct cmp_writer *compare;
        const struct check_writer *check;
        const struct sweep_writer *sweep;
        const struct profile_writer *profile;
        const struct calib_writer *calibrate;
        const struct cases_writer *cases;
        const struct model_writer *model;
    } w;
};

extern const struct run_writer run_table_writer, run_json_writer, run_csv_writer;  /* report.c */
extern const struct cmp_writer cmp_table_writer, cmp_md_writer;                    /* compare_text.c */
extern const struct cmp_writer cmp_json_writer;                                    /* compare_json.c */
extern const struct cmp_writer cmp_html_writer;                                    /* compare_html.c */
extern const struct check_writer check_summary_writer, check_junit_writer, check_md_writer; /* check_report.c */
extern const struct sweep_writer sweep_table_writer, sweep_json_writer, sweep_csv_writer; /* sweep_report.c */
extern const struct profile_writer profile_table_writer, profile_callgrind_writer,
    profile_collapsed_writer; /* profile_report.c */
extern const struct calib_writer calib_table_writer, calib_json_writer; /* calibrate_report.c */
extern const struct cases_writer cases_table_writer, cases_csv_writer, cases_json_writer;  /* cases_report.c */
extern const struct model_writer model_text_writer, model_json_writer;  /* model_report.c */

#endif
