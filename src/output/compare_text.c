/* SPDX-License-Identifier: GPL-2.0-or-later */
/* compare_text.c - the terminal table and Markdown writers of a comparison (compare_writer.h, docs/compare.md). */
#include <string.h>

#include "output/compare_writer.h"
#include "output/escape.h"

/* ---- table ------------------------------------------------------------------- */

/* Ends a table line: the case's image in brackets when there are several. */
static void table_image(FILE *f, const csim_comparison *c, const csim_case_result *k)
{
    const char *path = cmp_image_path(c, k);
    fprintf(f, "%s%s%s\n", path ? "  [" : "", path ? path : "", path ? "]" : "");
}

static void table_begin(const cmp_out *o)
{
    const csim_comparison *c = o->c;
    for (size_t i = 0; i < c->n_notes; i++) {
        fputs(i == 0 && c->version_mismatch ? "WARNING: " : "note: ", o->f);
        csim_text_str(o->f, c->notes[i]); /* a page's library or title in it */
        fputc('\n', o->f);
    }
    cmp_header_lines(o->f, c, "");
}

static void table_part(const cmp_out *o, cmp_part p)
{
    FILE *f = o->f;
    const csim_comparison *c = o->c;
    switch (p) {
    case CMP_CYCLES:
        fprintf(f, "\ncycles (published rows matched: %zu)\n", c->n_cycles);
        fprintf(f, "%-8s %-44s %12s %12s %9s %20s  %s\n", "section", "row", "estimate", "published",
                cmp_dev_name(c->framing), "in helpers", c->n_images > 1 ? "case {helpers} [elf]" : "case {helpers}");
        break;
    case CMP_FOOTPRINT:
        fprintf(f, "\nfootprint in bytes (estimate / published %s; the estimate is the largest over the cases a row "
                   "covers; rows matched: %zu)\n", cmp_dev_name(c->framing), c->n_footprint);
        fprintf(f, "%-8s %-36s %5s", "section", "row", "cases");
        for (int m = CSIM_MET_CODE; m < CSIM_MET_COUNT; m++) {
            fprintf(f, " %22s", cmp_metric_titles[m]);
        }
        fputc('\n', f);
        break;
    case CMP_SUMMARY:
        fprintf(f, "\nsummary (%s; nearest-rank 90th percentile)\n", cmp_stat_name(c->framing));
        fprintf(f, "%-34s %-12s %6s %9s %9s %9s\n", "section", "metric", "count", "median", "p90", "max");
        break;
    case CMP_UNMATCHED_PUB: fprintf(f, "\npublished rows with no case: %zu\n", c->n_unmatched_pub); break;
    case CMP_UNMATCHED_CASES: fprintf(f, "cases with no published row: %zu\n", c->n_unmatched_cases); break;
    default: break;
    }
}

static void table_record(const cmp_out *o, cmp_part p, size_t i)
{
    FILE *f = o->f;
    const csim_comparison *c = o->c;
    char a[32], b[32], d[32], t[80];
    if (p == CMP_CYCLES) {
        const csim_cmp_row *r = &c->cycles[i];
        char hc[48], hn[256], key[CSIM_TEXT_ESCAPED_LEN(96)], name[CSIM_TEXT_ESCAPED_LEN(96)];
        cmp_helper_text(r, hc, sizeof(hc), hn, sizeof(hn));
        char n[300];
        fprintf(f, "%-8s %-44s %12s %12s %9s %20s  %s%s%s%s%s%s%s%s%s", cmp_section_label(r->pub->section),
                csim_text_escape(key, sizeof(key), r->pub->key), cmp_num(a, sizeof(a), r->v[0].est),
                cmp_num(b, sizeof(b), r->v[0].pub),
                cmp_dev_text(d, sizeof(d), c->framing, csim_cmp_deviation(c->framing, r->v[0])), hc,
                csim_text_escape(name, sizeof(name), r->c->name),
                cmp_marks(r)[0] ? " (" : "", cmp_marks(r), cmp_marks(r)[0] ? ")" : "",
                cmp_attempts_text(t, sizeof(t), r->c), cmp_assumed_note(n, sizeof(n), r->c), hn[0] ? " {" : "", hn,
                hn[0] ? "}" : "");
        char u[192];
        if (cmp_page_unit_text(u, sizeof(u), c, r)[0]) {
            fprintf(f, "  [%s]", u);
        }
        if (cmp_range_text(u, sizeof(u), r)[0]) {
            fprintf(f, "  [%s]", u);
        }
        table_image(f, c, r->c);
    } else if (p == CMP_FOOTPRINT) {
        const csim_cmp_row *r = &c->footprint[i];
        char key[CSIM_TEXT_ESCAPED_LEN(96)];
        fprintf(f, "%-8s %-36s %5zu", cmp_section_label(r->pub->section),
                csim_text_escape(key, sizeof(key), r->pub->key), r->n_cases);
        for (int m = CSIM_MET_CODE; m < CSIM_MET_COUNT; m++) {
            char cell[128];
            snprintf(cell, sizeof(cell), "%s/%s %s", cmp_num(a, sizeof(a), r->v[m].est),
                     cmp_num(b, sizeof(b), r->v[m].pub),
                     cmp_dev_text(d, sizeof(d), c->framing, csim_cmp_deviation(c->framing, r->v[m])));
            fprintf(f, " %22s", cell);
        }
        fprintf(f, "%s%s", cmp_marks(r)[0] ? "  " : "", cmp_marks(r));
        table_image(f, c, r->c);
    } else if (p == CMP_SUMMARY) {
        const csim_cmp_summary *s = &c->summary[i];
        char sec[128], title[CSIM_TEXT_ESCAPED_LEN(96)];
        if (s->overall) {
            snprintf(sec, sizeof(sec), "all sections");
        } else {
            snprintf(sec, sizeof(sec), "%s %.80s", cmp_section_label(s->section),
                     csim_text_escape(title, sizeof(title), s->section_title));
        }
        fprintf(f, "%-34.34s %-12s %6zu %9s %9s %9s\n", sec, csim_metric_names[s->metric], s->count,
                cmp_stat_text(a, sizeof(a), c->framing, s->median), cmp_stat_text(b, sizeof(b), c->framing, s->p90),
                cmp_stat_text(d, sizeof(d), c->framing, s->max));
        cmp_extra_summary(f, c, s, "    ");
    } else if (p == CMP_UNMATCHED_PUB) {
        cmp_unmatched_record(f, c, CMP_PLAIN, i);
    } else if (p == CMP_UNMATCHED_CASES) {
        const csim_case_result *k = c->unmatched_cases[i];
        fputs("  ", f);
        csim_text_pad(f, k->name, 44);
        fputs(" row \"", f);
        csim_text_str(f, k->row);
        fputc('"', f);
        table_image(f, c, k);
    }
}

static void table_part_end(const cmp_out *o, cmp_part p)
{
    if (p == CMP_SUMMARY) {
        cmp_extra_legend(o->f, o->c, "");
    }
}

const cmp_writer cmp_table_writer = {table_begin, table_part, table_record, table_part_end, NULL};

/* ---- Markdown ------------------------------------------------------------------ */

/* Ends a table row: a cell with the case's image when there are several. */
static void md_image_cell(FILE *f, const csim_comparison *c, const csim_case_result *k)
{
    const char *path = cmp_image_path(c, k);
    if (path) {
        fputs(" ", f);
        csim_md_text(f, path);
        fputs(" |", f);
    }
    fputc('\n', f);
}

static void md_begin(const cmp_out *o)
{
    const csim_comparison *c = o->c;
    fputs("# cyclesim compare\n\n", o->f);
    for (size_t i = 0; i < c->n_notes; i++) {
        fprintf(o->f, "> **%s** ", i == 0 && c->version_mismatch ? "Warning:" : "Note:");
        csim_md_text(o->f, c->notes[i]);
        fputs("\n>\n", o->f);
    }
    if (c->n_notes) {
        fputc('\n', o->f);
    }
    cmp_header_lines(o->f, c, "- ");
}

static void md_part(const cmp_out *o, cmp_part p)
{
    FILE *f = o->f;
    const csim_comparison *c = o->c;
    bool several = c->n_images > 1;
    switch (p) {
    case CMP_CYCLES:
        fprintf(f, "\n## Cycles (%zu published rows matched)\n\n| section | row | estimate | published | %s | in "
                   "helpers | case | helpers |%s\n|---|---|---:|---:|---:|---:|---|---|%s\n", c->n_cycles,
                cmp_dev_name(c->framing), several ? " elf |" : "", several ? "---|" : "");
        break;
    case CMP_FOOTPRINT:
        fprintf(f, "\n## Footprint in bytes (%zu rows matched)\n\nEach cell: estimate / published, %s. The estimate "
                   "is the largest over the cases the row covers.\n\n| section | row | cases |", c->n_footprint,
                cmp_dev_name(c->framing));
        for (int m = CSIM_MET_CODE; m < CSIM_MET_COUNT; m++) {
            fprintf(f, " %s |", cmp_metric_titles[m]);
        }
        fprintf(f, "%s\n|---|---|---:|---:|---:|---:|---:|---:|%s\n", several ? " elf |" : "", several ? "---|" : "");
        break;
    case CMP_SUMMARY:
        fprintf(f, "\n## Summary\n\n%s; 90th percentile by nearest rank.\n\n| section | metric | count | median | "
                   "p90 | max |\n|---|---|---:|---:|---:|---:|\n", cmp_stat_name(c->framing));
        break;
    case CMP_UNMATCHED_PUB: fprintf(f, "\n## Published rows with no case (%zu)\n\n", c->n_unmatched_pub); break;
    case CMP_UNMATCHED_CASES: fprintf(f, "\n## Cases with no published row (%zu)\n\n", c->n_unmatched_cases); break;
    default: break;
    }
}

static void md_record(const cmp_out *o, cmp_part p, size_t i)
{
    FILE *f = o->f;
    const csim_comparison *c = o->c;
    char a[32], b[32], d[32], t[80];
    if (p == CMP_CYCLES) {
        const csim_cmp_row *r = &c->cycles[i];
        char hc[48], hn[256], u[96], rg[96];
        cmp_helper_text(r, hc, sizeof(hc), hn, sizeof(hn));
        fprintf(f, "| %s | `", cmp_section_label(r->pub->section));
        csim_md_text(f, r->pub->key);
        fprintf(f, "` | %s | %s | %s | %s | ", cmp_num(a, sizeof(a), r->v[0].est), cmp_num(b, sizeof(b), r->v[0].pub),
                cmp_dev_text(d, sizeof(d), c->framing, csim_cmp_deviation(c->framing, r->v[0])), hc);
        csim_md_text(f, r->c->name);
        csim_md_text(f, cmp_attempts_text(t, sizeof(t), r->c));
        char n[300];
        csim_md_text(f, cmp_assumed_note(n, sizeof(n), r->c));
        fprintf(f, "%s%s%s%s%s%s | %s |", cmp_marks(r)[0] ? " " : "", cmp_marks(r),
                cmp_page_unit_text(u, sizeof(u), c, r)[0] ? " " : "", u, cmp_range_text(rg, sizeof(rg), r)[0] ? " " : "",
                rg, hn);
        md_image_cell(f, c, r->c);
    } else if (p == CMP_FOOTPRINT) {
        const csim_cmp_row *r = &c->footprint[i];
        fprintf(f, "| %s | `", cmp_section_label(r->pub->section));
        csim_md_text(f, r->pub->key);
        fprintf(f, "`%s%s | %zu |", cmp_marks(r)[0] ? " " : "", cmp_marks(r), r->n_cases);
        for (int m = CSIM_MET_CODE; m < CSIM_MET_COUNT; m++) {
            fprintf(f, " %s / %s, %s |", cmp_num(a, sizeof(a), r->v[m].est), cmp_num(b, sizeof(b), r->v[m].pub),
                    cmp_dev_text(d, sizeof(d), c->framing, csim_cmp_deviation(c->framing, r->v[m])));
        }
        md_image_cell(f, c, r->c);
    } else if (p == CMP_SUMMARY) {
        const csim_cmp_summary *s = &c->summary[i];
        if (s->overall) {
            fputs("| all sections", f);
        } else {
            fprintf(f, "| %s ", cmp_section_label(s->section));
            csim_md_text(f, s->section_title);
        }
        fprintf(f, " | %s | %zu | %s | %s | %s |\n", csim_metric_names[s->metric], s->count,
                cmp_stat_text(a, sizeof(a), c->framing, s->median), cmp_stat_text(b, sizeof(b), c->framing, s->p90),
                cmp_stat_text(d, sizeof(d), c->framing, s->max));
    } else if (p == CMP_UNMATCHED_PUB) {
        cmp_unmatched_record(f, c, CMP_MARKDOWN, i);
    } else if (p == CMP_UNMATCHED_CASES) {
        const csim_case_result *k = c->unmatched_cases[i];
        const char *path = cmp_image_path(c, k);
        fputs("- `", f);
        csim_md_text(f, k->name);
        if (k->row[0]) { /* in a code span as the name: no emphasis or HTML from the firmware */
            fputs("` (row `", f);
            csim_md_text(f, k->row);
            fputs("`)", f);
        } else {
            fputs("` (no row)", f);
        }
        if (path) {
            fputs(" in `", f);
            csim_md_text(f, path);
            fputc('`', f);
        }
        fputc('\n', f);
    }
}

/* After the summary table: the cycles summaries without the state-sensitive
 * rows and per baseline, as a list. */
static void md_part_end(const cmp_out *o, cmp_part p)
{
    FILE *f = o->f;
    const csim_comparison *c = o->c;
    if (p != CMP_SUMMARY || !(c->state_checked || c->baselines || c->ranged)) {
        return;
    }
    fputs("\nMedian / p90 / maximum of the cycles rows:\n\n", f);
    cmp_extra_legend(f, c, "- ");
    for (size_t i = 0; i < c->n_summary; i++) {
        const csim_cmp_summary *s = &c->summary[i];
        if (s->metric != CSIM_MET_CYCLES) {
            continue;
        }
        if (s->overall) {
            fputs("- all sections\n", f);
        } else {
            fprintf(f, "- %s ", cmp_section_label(s->section));
            csim_md_text(f, s->section_title);
            fputc('\n', f);
        }
        cmp_extra_summary(f, c, s, "  - ");
    }
}

const cmp_writer cmp_md_writer = {md_begin, md_part, md_record, md_part_end, NULL};
