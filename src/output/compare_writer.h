/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare_writer.h - the writer interface of the comparison formats and the
 * text they share (compare_report.c).  A writer gets begin (notes, what was
 * compared), then for each part in order its opening, one record per row
 * (cycles rows, footprint rows, summaries, published rows with no case,
 * cases with no row) and its closing, then end; a NULL callback writes
 * nothing.
 */
#ifndef CYCLESIM_OUTPUT_COMPARE_WRITER_H
#define CYCLESIM_OUTPUT_COMPARE_WRITER_H

#include <stdbool.h>
#include <stdio.h>

#include "cyclesim/output/compare_report.h"
#include "cyclesim/output/in_force.h"

typedef enum cmp_part {
    CMP_CYCLES,          /* c->cycles[i] */
    CMP_FOOTPRINT,       /* c->footprint[i] */
    CMP_SUMMARY,         /* c->summary[i] */
    CMP_UNMATCHED_PUB,   /* c->unmatched_pub[i] */
    CMP_UNMATCHED_CASES, /* c->unmatched_cases[i] */
    CMP_PARTS
} cmp_part;

typedef struct cmp_out {
    FILE *f;
    const csim_comparison *c;
    const csim_shard *shard; /* a --shard run: the "shard" member (shard.h), which JSON writes; else NULL */
} cmp_out;

typedef struct cmp_writer {
    void (*begin)(const cmp_out *o);
    void (*part)(const cmp_out *o, cmp_part p);
    void (*record)(const cmp_out *o, cmp_part p, size_t i);
    void (*part_end)(const cmp_out *o, cmp_part p);
    void (*end)(const cmp_out *o);
} cmp_writer;

/* The writers: compare_text.c (table, Markdown), compare_json.c, compare_html.c;
 * the registry names them (formats.c). */

/* The markup of a text list item: the table's plain lines, Markdown, HTML. */
typedef enum cmp_markup { CMP_PLAIN, CMP_MARKDOWN, CMP_HTML } cmp_markup;

/* ---- shared text (compare_report.c) ----------------------------------------- */

extern const char *const cmp_metric_titles[CSIM_MET_COUNT]; /* "cycles", "code", ..., "global data" */

const char *cmp_section_label(const char *id);  /* the section id, "board" for none */
const char *cmp_backend_label(const char *b);   /* "CMOX V4" for "cmox4" */
const char *cmp_num(char *buf, size_t len, double v);  /* "%.0f", "-" for NAN */
const char *cmp_dev_text(char *buf, size_t len, csim_framing f, double d); /* "+1.2%" or "1.012" */
const char *cmp_stat_text(char *buf, size_t len, csim_framing f, double d); /* "1.2%" or "1.012" */
const char *cmp_dev_name(csim_framing f);       /* "error" or "ratio" */
const char *cmp_stat_name(csim_framing f);      /* what the summary statistics are */
/** cmp_marks - "FAILED", "flagged", "state" as they apply to the row (static buffer). */
const char *cmp_marks(const csim_cmp_row *r);
/** cmp_range_text - a row's range with compare --range ("range 6826..7438, published inside"); "" without. */
const char *cmp_range_text(char *buf, size_t len, const csim_cmp_row *r);
/** cmp_extra_summary - a cycles summary's lines without the state-sensitive rows, per baseline, and the
 *  ranges' coverage and width (compare --range). */
void cmp_extra_summary(FILE *f, const csim_comparison *c, const csim_cmp_summary *s, const char *indent);
/** cmp_extra_legend - what the state marks and the baselines mean. */
void cmp_extra_legend(FILE *f, const csim_comparison *c, const char *prefix);
/** cmp_helper_text - a row's cycles in run-time helpers ("1234 (5.6%)") and which ones. */
void cmp_helper_text(const csim_cmp_row *r, char *cyc, size_t clen, char *names, size_t nlen);
/** cmp_page_unit_text - a rate or time row in the page's unit; "" for a cycles row. */
const char *cmp_page_unit_text(char *buf, size_t len, const csim_comparison *c, const csim_cmp_row *r);
/** cmp_n_cases - the cases of every image. */
size_t cmp_n_cases(const csim_comparison *c);
/** cmp_in_force - the flash configuration of the comparison's cases (in_force.h). */
csim_in_force cmp_in_force(const csim_comparison *c);
/** cmp_header_line - line i of what was compared with what; false past the last. */
bool cmp_header_line(const csim_comparison *c, size_t i, char *line, size_t len);
void cmp_header_lines(FILE *f, const csim_comparison *c, const char *prefix);
/** cmp_image_path - the image of a case, where the text formats show it (several images); else NULL. */
const char *cmp_image_path(const csim_comparison *c, const csim_case_result *k);
const char *cmp_kind_name(csim_row_kind k);     /* "cycles" or "footprint" */
/** cmp_unmatched_record - published row i with no case, as the text formats list it. */
void cmp_unmatched_record(FILE *f, const csim_comparison *c, cmp_markup fmt, size_t i);
/** cmp_attempts_text - " [N attempts, M cycles per attempt]" for a signing case; else "". */
const char *cmp_attempts_text(char *buf, size_t len, const csim_case_result *k);

/** cmp_assumed_note - " [priced by assumption: VSQRT x100]" for a case that
 *  priced instructions by assumption; else "". */
const char *cmp_assumed_note(char *buf, size_t len, const csim_case_result *k);

#endif
