/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cases_report.c - the output of `cyclesim list-cases` (cases_report.h). */
#include <stdbool.h>

#include "output/cases_report.h"
#include "output/escape.h"
#include "output/formats_internal.h"

struct cases_writer {
    void (*header)(FILE *f);
    void (*record)(FILE *f, const char *name, const char *row, bool first);
    void (*footer)(FILE *f); /* NULL: none */
};

static void table_header(FILE *f) { fprintf(f, "%-48s %s\n", "case", "row"); }
static void table_record(FILE *f, const char *name, const char *row, bool first)
{
    (void)first;
    fprintf(f, "%-48s %s\n", name, row);
}
static void csv_header(FILE *f) { fputs("case,row\n", f); }
static void csv_record(FILE *f, const char *name, const char *row, bool first)
{
    (void)first;
    fprintf(f, "%s,%s\n", name, row);
}
static void json_header(FILE *f) { fputs("{\"schema_version\": 1, \"cases\": [", f); }
static void json_record(FILE *f, const char *name, const char *row, bool first)
{
    fputs(first ? "\n  {\"case\": " : ",\n  {\"case\": ", f);
    csim_json_str(f, name);
    fputs(", \"row\": ", f);
    csim_json_str(f, row);
    fputc('}', f);
}
static void json_footer(FILE *f) { fputs("\n ]}\n", f); }

const struct cases_writer cases_table_writer = {table_header, table_record, NULL};
const struct cases_writer cases_csv_writer = {csv_header, csv_record, NULL};
const struct cases_writer cases_json_writer = {json_header, json_record, json_footer};

void cases_write(const csim_output_format *fmt, FILE *f, const char (*names)[96], const char (*rows)[96], size_t n)
{
    const struct cases_writer *w = fmt->w.cases;
    if (n) {
        w->header(f);
    }
    for (size_t i = 0; i < n; i++) {
        w->record(f, names[i], rows[i], i == 0);
    }
    if (n && w->footer) {
        w->footer(f);
    }
}
