/* SPDX-License-Identifier: GPL-2.0-or-later */
/* formats.c - the output-format registry (formats.h): a row per format of each report kind. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "output/formats_internal.h"

/* Per kind, its default first. */
static const csim_output_format formats[] = {
    {CSIM_REPORT_RUN, "table", {.run = &run_table_writer}},
    {CSIM_REPORT_RUN, "json", {.run = &run_json_writer}},
    {CSIM_REPORT_RUN, "csv", {.run = &run_csv_writer}},
    {CSIM_REPORT_COMPARE, "table", {.compare = &cmp_table_writer}},
    {CSIM_REPORT_COMPARE, "json", {.compare = &cmp_json_writer}},
    {CSIM_REPORT_COMPARE, "md", {.compare = &cmp_md_writer}},
    {CSIM_REPORT_COMPARE, "html", {.compare = &cmp_html_writer}},
    {CSIM_REPORT_CHECK, "summary", {.check = &check_summary_writer}},
    {CSIM_REPORT_CHECK, "junit", {.check = &check_junit_writer}},
    {CSIM_REPORT_CHECK, "markdown", {.check = &check_md_writer}},
    {CSIM_REPORT_SWEEP, "table", {.sweep = &sweep_table_writer}},
    {CSIM_REPORT_SWEEP, "json", {.sweep = &sweep_json_writer}},
    {CSIM_REPORT_SWEEP, "csv", {.sweep = &sweep_csv_writer}},
    {CSIM_REPORT_PROFILE, "table", {.profile = &profile_table_writer}},
    {CSIM_REPORT_PROFILE, "callgrind", {.profile = &profile_callgrind_writer}},
    {CSIM_REPORT_PROFILE, "collapsed", {.profile = &profile_collapsed_writer}},
    {CSIM_REPORT_CALIBRATE, "table", {.calibrate = &calib_table_writer}},
    {CSIM_REPORT_CALIBRATE, "json", {.calibrate = &calib_json_writer}},
    {CSIM_REPORT_LIST_CASES, "table", {.cases = &cases_table_writer}},
    {CSIM_REPORT_LIST_CASES, "csv", {.cases = &cases_csv_writer}},
    {CSIM_REPORT_LIST_CASES, "json", {.cases = &cases_json_writer}},
    {CSIM_REPORT_MODEL_SHOW, "text", {.model = &model_text_writer}},
    {CSIM_REPORT_MODEL_SHOW, "json", {.model = &model_json_writer}},
};

#define N_FORMATS (sizeof(formats) / sizeof(formats[0]))

const csim_output_format *csim_output_find(csim_report_kind kind, const char *name)
{
    for (size_t i = 0; i < N_FORMATS; i++) {
        if (formats[i].kind == kind && strcmp(formats[i].name, name) == 0) {
            return &formats[i];
        }
    }
    return NULL;
}

/* Whether row i is the first of its name among the kinds asked for. */
static bool first_of_name(unsigned kinds, size_t i)
{
    for (size_t k = 0; k < i; k++) {
        if ((kinds & CSIM_REPORTS(formats[k].kind)) && strcmp(formats[k].name, formats[i].name) == 0) {
            return false;
        }
    }
    return true;
}

void csim_output_choices(unsigned kinds, const char *sep, const char *last, char *buf, size_t len)
{
    size_t n = 0, shown = 0, total = 0;
    for (size_t i = 0; i < N_FORMATS; i++) {
        total += (kinds & CSIM_REPORTS(formats[i].kind)) && first_of_name(kinds, i);
    }
    buf[0] = '\0';
    for (size_t i = 0; i < N_FORMATS && n < len; i++) {
        if ((kinds & CSIM_REPORTS(formats[i].kind)) && first_of_name(kinds, i)) {
            n += (size_t)snprintf(buf + n, len - n, "%s%s", shown == 0 ? "" : shown + 1 == total ? last : sep,
                                  formats[i].name);
            shown++;
        }
    }
}
