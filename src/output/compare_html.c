/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare_html.c - the HTML writer of a comparison (compare_writer.h): a
 * self-contained page with an inline SVG chart per section (no script, no
 * external resource; docs/compare.md).
 */
#include <math.h>
#include <string.h>

#include "output/compare_writer.h"
#include "output/escape.h"
#include "output/svg.h"

#define CHART_W 900
#define CHART_LABEL 300
#define CHART_PLOT 520
#define CHART_ROW 22
#define CHART_TOP 34
#define CHART_BOTTOM 30
#define EST_FILL "#2f6fb5"
#define PUB_FILL "#b0b0b0"

static const char *tick_label(char *buf, size_t len, double v)
{
    if (v >= 1e6) {
        snprintf(buf, len, "%gM", v / 1e6);
    } else if (v >= 1e3) {
        snprintf(buf, len, "%gk", v / 1e3);
    } else {
        snprintf(buf, len, "%g", v);
    }
    return buf;
}

static void svg_chart(FILE *f, const csim_comparison *c, const char *section, const char *title)
{
    double lo = INFINITY, hi = 0;
    size_t n = 0;
    for (size_t i = 0; i < c->n_cycles; i++) {
        const csim_cmp_row *r = &c->cycles[i];
        if (strcmp(r->pub->section, section) != 0) {
            continue;
        }
        n++;
        double v[2] = {r->v[0].est, r->v[0].pub};
        for (int k = 0; k < 2; k++) {
            if (v[k] > 0) {
                lo = fmin(lo, v[k]);
                hi = fmax(hi, v[k]);
            }
        }
    }
    if (hi <= 0) {
        lo = hi = 1;
    }
    /* log10 when the values span more than 20x: whole decades at both ends. */
    csim_svg_axis s = {0, csim_svg_nice_ceil(hi), hi / lo > 20, CHART_LABEL, CHART_LABEL + CHART_PLOT};
    double decade_lo = floor(log10(lo)), decade_hi = ceil(log10(hi));
    if (s.log) {
        decade_hi += decade_hi == decade_lo;
        s.lo = pow(10, decade_lo);
        s.hi = pow(10, decade_hi);
    }
    int height = CHART_TOP + (int)n * CHART_ROW + CHART_BOTTOM;
    csim_svg_begin(f, CHART_W, height, 11, false);
    fputs("<title>", f);
    csim_xml_text(f, cmp_section_label(section));
    fputc(' ', f);
    csim_xml_text(f, title);
    fprintf(f, ": cycles, estimate and published%s</title>\n", s.log ? " (log scale)" : "");
    fprintf(f, "<rect x=\"%d\" y=\"8\" width=\"10\" height=\"10\" fill=\"" EST_FILL "\"/><text x=\"%d\" y=\"17\">"
               "estimate</text><rect x=\"%d\" y=\"8\" width=\"10\" height=\"10\" fill=\"" PUB_FILL "\"/><text x=\"%d\" y=\"17\">"
               "published</text><text x=\"%d\" y=\"17\">cycles%s</text>\n",
            CHART_LABEL, CHART_LABEL + 14, CHART_LABEL + 90, CHART_LABEL + 104, CHART_LABEL + 200,
            s.log ? ", log scale" : "");
    /* Axis ticks: decades, or five linear steps. */
    int y_axis = CHART_TOP + (int)n * CHART_ROW;
    int ticks = s.log ? (int)(decade_hi - decade_lo) : 5;
    for (int t = 0; t <= ticks; t++) {
        double v = s.log ? pow(10, decade_lo + t) : s.hi * t / ticks;
        double x = csim_svg_px(&s, v);
        char label[32];
        fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/><text x=\"%.1f\" y=\"%d\" "
                   "text-anchor=\"middle\">%s</text>\n",
                x, CHART_TOP - 4, x, y_axis, x, y_axis + 14, tick_label(label, sizeof(label), v));
    }
    size_t k = 0;
    for (size_t i = 0; i < c->n_cycles; i++) {
        const csim_cmp_row *r = &c->cycles[i];
        if (strcmp(r->pub->section, section) != 0) {
            continue;
        }
        int y = CHART_TOP + (int)k++ * CHART_ROW;
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", CHART_LABEL - 6, y + 14);
        csim_xml_text(f, r->pub->key);
        fputs("</text>\n", f);
        const double v[2] = {r->v[0].est, r->v[0].pub};
        const char *fill[2] = {EST_FILL, PUB_FILL};
        for (int b = 0; b < 2; b++) {
            if (!(v[b] > 0)) {
                continue;
            }
            double x0 = CHART_LABEL, x1 = csim_svg_px(&s, v[b]);
            fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"8\" fill=\"%s\"><title>%s %.0f</title>"
                       "</rect>\n",
                    (int)x0, y + 3 + 9 * b, x1 - x0 > 0.5 ? x1 - x0 : 0.5, fill[b],
                    b ? "published" : "estimate", v[b]);
        }
    }
    csim_svg_end(f);
}

/* A row's colour by the size of its error (per cent): within 2 %, within 5 %, beyond. */
static const char *error_fill(double e)
{
    return fabs(e) <= 2 ? "#2e8b57" : fabs(e) <= 5 ? "#d08a00" : "#c0392b";
}

/* A section's error chart: each row's error (estimate / published - 1, per
 * cent) as a dot coloured by its size, its range (compare --range) as a
 * whisker, zero marked, the axis fitted to the data in round steps. */
static void svg_error_chart(FILE *f, const csim_comparison *c, const char *section, const char *title)
{
    double lo = 0, hi = 0;
    size_t n = 0;
    bool intervals = false;
    for (size_t i = 0; i < c->n_cycles; i++) {
        const csim_cmp_row *r = &c->cycles[i];
        if (strcmp(r->pub->section, section) != 0 || !(r->v[0].pub > 0)) {
            continue;
        }
        n++;
        const double e = (r->v[0].est / r->v[0].pub - 1) * 100;
        lo = fmin(lo, r->ranged ? fmin(e, (r->low / r->v[0].pub - 1) * 100) : e);
        hi = fmax(hi, r->ranged ? fmax(e, (r->high / r->v[0].pub - 1) * 100) : e);
        if (r->has_interval) {
            intervals = true;
            lo = fmin(lo, (r->int_low / r->v[0].pub - 1) * 100);
            hi = fmax(hi, (r->int_high / r->v[0].pub - 1) * 100);
        }
    }
    if (!n) {
        return;
    }
    const double step = csim_svg_nice_step(hi - lo > 0 ? hi - lo : 1, 6);
    csim_svg_axis s = {floor(lo / step) * step, ceil(hi / step) * step, false, CHART_LABEL, CHART_LABEL + CHART_PLOT};
    s.hi += s.hi == s.lo ? step : 0;
    const int height = CHART_TOP + (int)n * CHART_ROW + CHART_BOTTOM, y_axis = CHART_TOP + (int)n * CHART_ROW;
    csim_svg_begin(f, CHART_W, height, 11, false);
    fputs("<title>", f);
    csim_xml_text(f, cmp_section_label(section));
    fputc(' ', f);
    csim_xml_text(f, title);
    fputs(": error, estimate / published - 1</title>\n", f);
    /* from the left edge: with the interval the legend is wider than the plot */
    fprintf(f, "<text x=\"10\" y=\"17\">error (estimate / published - 1, %%)%s; dot colour: |error| within 2 %%, "
               "5 %%, beyond</text>\n", !c->ranged ? "" : intervals ? ", whisker: the range over the "
               "uncertain keys, grey: the calibrated interval" : ", whisker: the range over the uncertain keys");
    const int ticks = (int)floor((s.hi - s.lo) / step + 0.5);
    for (int t = 0; t <= ticks; t++) {
        const double v = s.lo + t * step, x = csim_svg_px(&s, v);
        char label[32] = "0";
        if (fabs(v) >= step / 2) {
            snprintf(label, sizeof(label), "%+g", v);
        }
        fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/><text x=\"%.1f\" y=\"%d\" "
                   "text-anchor=\"middle\">%s</text>\n",
                x, CHART_TOP - 4, x, y_axis, x, y_axis + 14, label);
    }
    fprintf(f, "<line class=\"zero\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#000\"/>\n",
            csim_svg_px(&s, 0), CHART_TOP - 4, csim_svg_px(&s, 0), y_axis);
    size_t k = 0;
    for (size_t i = 0; i < c->n_cycles; i++) {
        const csim_cmp_row *r = &c->cycles[i];
        if (strcmp(r->pub->section, section) != 0 || !(r->v[0].pub > 0)) {
            continue;
        }
        const int y = CHART_TOP + (int)k++ * CHART_ROW + CHART_ROW / 2;
        const double e = (r->v[0].est / r->v[0].pub - 1) * 100;
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", CHART_LABEL - 6, y + 4);
        csim_xml_text(f, r->pub->key);
        fputs("</text>\n", f);
        if (r->has_interval) {
            const double x0 = csim_svg_px(&s, (r->int_low / r->v[0].pub - 1) * 100);
            const double x1 = csim_svg_px(&s, (r->int_high / r->v[0].pub - 1) * 100);
            fprintf(f, "<path class=\"interval\" d=\"M%.1f %dH%.1f\" stroke=\"#bbb\" stroke-width=\"5\"/>\n", x0, y,
                    x1);
        }
        if (r->ranged) {
            const double x0 = csim_svg_px(&s, (r->low / r->v[0].pub - 1) * 100);
            const double x1 = csim_svg_px(&s, (r->high / r->v[0].pub - 1) * 100);
            fprintf(f, "<path class=\"whisker\" d=\"M%.1f %dV%dM%.1f %dH%.1fM%.1f %dV%d\" stroke=\"#555\" "
                       "fill=\"none\"/>\n", x0, y - 4, y + 4, x0, y, x1, x1, y - 4, y + 4);
        }
        fprintf(f, "<circle class=\"error\" cx=\"%.1f\" cy=\"%d\" r=\"4\" fill=\"%s\"><title>%+.2f %%</title></circle>\n",
                csim_svg_px(&s, e), y, error_fill(e), e);
    }
    csim_svg_end(f);
}

/* The colours of the breakdown's buckets (csim_breakdown, core to exception), in order. */
static const char *const split_fill[] = {"#2f6fb5", "#8fb3de", "#d08a00", "#c0392b", "#7b4fa0", "#2e8b57", "#777"};
#define SPLIT_W 160

/* The breakdown's buckets in order: f(bucket index, field, label, value, ctx). */
#define SPLIT_BUCKET(field, label, event, bucket)                                                               \
    if (bucket) {                                                                                               \
        const int64_t v = (int64_t)b->field; /* region minus the empty region: can fall below zero */          \
        each(k++, label, v > 0 ? (uint64_t)v : 0, ctx);                                                         \
    }
static void split_walk(const csim_breakdown *b, void (*each)(unsigned, const char *, uint64_t, void *), void *ctx)
{
    unsigned k = 0;
    CSIM_BREAKDOWN_FIELDS(SPLIT_BUCKET)
}
#undef SPLIT_BUCKET

typedef struct split_draw {
    FILE *f;
    uint64_t sum, done;
    bool text; /* the tooltip's text, else the bar */
} split_draw;

static void split_sum(unsigned k, const char *label, uint64_t v, void *ctx)
{
    (void)k;
    (void)label;
    ((split_draw *)ctx)->sum += v;
}

static void split_part(unsigned k, const char *label, uint64_t v, void *ctx)
{
    split_draw *d = ctx;
    if (!v) {
        return;
    }
    if (d->text) {
        fprintf(d->f, "%s%s %llu (%.1f%%)", d->done ? ", " : "", label, (unsigned long long)v, 100.0 * v / d->sum);
    } else {
        fprintf(d->f, "<rect x=\"%.1f\" y=\"0\" width=\"%.1f\" height=\"10\" fill=\"%s\"/>",
                (double)SPLIT_W * d->done / d->sum, (double)SPLIT_W * v / d->sum, split_fill[k]);
    }
    d->done += v;
}

/* A row's split of cycles (core, branch, fetch, data wait, bus, load-use,
 * exception) as a stacked bar, the figures in its tooltip. */
static void html_split_cell(FILE *f, const csim_case_result *k)
{
    split_draw d = {f, 0, 0, true};
    split_walk(&k->bd, split_sum, &d);
    fputs("<td>", f);
    if (d.sum) {
        fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"split\" width=\"%d\" height=\"10\" "
                   "role=\"img\"><title>", SPLIT_W);
        split_walk(&k->bd, split_part, &d);
        fputs("</title>", f);
        d.done = 0;
        d.text = false;
        split_walk(&k->bd, split_part, &d);
        fputs("</svg>", f);
    }
    fputs("</td>", f);
}

static void legend_item(unsigned k, const char *label, uint64_t v, void *ctx)
{
    (void)v;
    fprintf(ctx, " <span style=\"background:%s\">&#160;&#160;&#160;</span> %s", split_fill[k], label);
}

static void html_row_cells(FILE *f, const csim_comparison *c, csim_cmp_value v)
{
    char a[32], b[32], d[32];
    fprintf(f, "<td class=\"n\">%s</td><td class=\"n\">%s</td><td class=\"n\">%s</td>", cmp_num(a, sizeof(a), v.est),
            cmp_num(b, sizeof(b), v.pub), cmp_dev_text(d, sizeof(d), c->framing, csim_cmp_deviation(c->framing, v)));
}

/* Ends a table row: a cell with the case's image when there are several. */
static void html_image_cell(FILE *f, const csim_comparison *c, const csim_case_result *k)
{
    const char *path = cmp_image_path(c, k);
    if (path) {
        fputs("<td>", f);
        csim_xml_text(f, path);
        fputs("</td>", f);
    }
    fputs("</tr>\n", f);
}

/* What the page compares: the images and the MCU. */
static void html_title(FILE *f, const csim_comparison *c)
{
    fputs("cyclesim compare: ", f);
    for (size_t i = 0; i < c->n_images; i++) {
        fputs(i ? ", " : "", f);
        csim_xml_text(f, c->images[i].elf->path);
    }
    fputs(" on ", f);
    csim_xml_text(f, c->model->name);
}

static void html_begin(const cmp_out *o)
{
    FILE *f = o->f;
    const csim_comparison *c = o->c;
    fputs("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n"
          "<meta charset=\"utf-8\"/>\n<title>",
          f);
    html_title(f, c);
    fputs("</title>\n<style>\n"
          "body{font-family:sans-serif;margin:1.5em;max-width:1200px}\n"
          "table{border-collapse:collapse;margin:0.5em 0 1.5em}\n"
          "td,th{border:1px solid #ccc;padding:2px 6px;font-size:13px}\n"
          "td.n{text-align:right;font-variant-numeric:tabular-nums}\n"
          ".warn{background:#fde2e1;border:2px solid #c0392b;padding:0.6em;font-weight:bold}\n"
          ".note{background:#eef3fb;border:1px solid #8aa4d6;padding:0.6em}\n"
          "pre{white-space:pre-wrap}\n"

          "</style>\n</head>\n<body>\n<h1>",
          f);
    html_title(f, c);
    fputs("</h1>\n", f);
    for (size_t i = 0; i < c->n_notes; i++) {
        fprintf(f, "<p class=\"%s\">", i == 0 && c->version_mismatch ? "warn" : "note");
        csim_xml_text(f, c->notes[i]);
        fputs("</p>\n", f);
    }
    char line[2048];
    fputs("<ul>\n", f);
    for (size_t i = 0; cmp_header_line(c, i, line, sizeof(line)); i++) {
        fputs("<li>", f);
        csim_xml_text(f, line);
        fputs("</li>\n", f);
    }
    fputs("</ul>\n", f);
}

static void html_part(const cmp_out *o, cmp_part p)
{
    FILE *f = o->f;
    const csim_comparison *c = o->c;
    switch (p) {
    case CMP_CYCLES: {
        fprintf(f, "<h2>Cycles (%zu published rows matched)</h2>\n", c->n_cycles);
        if (c->n_cycles) {
            const csim_breakdown none = {0};
            fputs("<p>split of each row's cycles:", f);
            split_walk(&none, legend_item, f);
            fputs("</p>\n", f);
        }
        break;
    }
    case CMP_FOOTPRINT:
        fprintf(f, "<h2>Footprint in bytes (%zu rows matched)</h2>\n", c->n_footprint);
        if (!c->n_footprint) {
            break; /* no empty table */
        }
        fputs("<p>The estimate is the largest over the cases the row covers.</p>\n<table>\n<tr><th>section</th>"
              "<th>row</th><th>cases</th>",
              f);
        for (int m = CSIM_MET_CODE; m < CSIM_MET_COUNT; m++) {
            fprintf(f, "<th colspan=\"3\">%s: estimate, published, %s</th>", cmp_metric_titles[m],
                    cmp_dev_name(c->framing));
        }
        fprintf(f, "%s</tr>\n", c->n_images > 1 ? "<th>elf</th>" : "");
        break;
    case CMP_SUMMARY:
        fputs("<h2>Summary</h2>\n", f);
        if (!c->n_summary) {
            break;
        }
        fputs("<p>", f);
        csim_xml_text(f, cmp_stat_name(c->framing));
        fputs("; 90th percentile by nearest rank.</p>\n<table>\n<tr><th>section</th><th>metric</th><th>count</th>"
              "<th>median</th><th>p90</th><th>max</th></tr>\n",
              f);
        break;
    case CMP_UNMATCHED_PUB:
        fprintf(f, "<h2>Published rows with no case (%zu)</h2>\n%s", c->n_unmatched_pub,
                c->n_unmatched_pub ? "<ul>\n" : "");
        break;
    case CMP_UNMATCHED_CASES:
        fprintf(f, "<h2>Cases with no published row (%zu)</h2>\n%s", c->n_unmatched_cases,
                c->n_unmatched_cases ? "<ul>\n" : "");
        break;
    default: break;
    }
}

/* A section's cycles: its heading, chart and table, all at its first row. */
static void html_cycles_section(FILE *f, const csim_comparison *c, size_t i)
{
    const char *sec = c->cycles[i].pub->section;
    for (size_t k = 0; k < i; k++) {
        if (strcmp(c->cycles[k].pub->section, sec) == 0) {
            return; /* written at the section's first row */
        }
    }
    fprintf(f, "<h3>%s ", cmp_section_label(sec));
    csim_xml_text(f, c->cycles[i].pub->section_title);
    fputs("</h3>\n", f);
    svg_chart(f, c, sec, c->cycles[i].pub->section_title);
    svg_error_chart(f, c, sec, c->cycles[i].pub->section_title);
    fprintf(f, "<table>\n<tr><th>row</th><th>estimate</th><th>published</th><th>%s</th><th>in helpers</th>"
               "<th>split of cycles</th><th>case</th><th>helpers</th>%s</tr>\n",
            cmp_dev_name(c->framing), c->n_images > 1 ? "<th>elf</th>" : "");
    for (size_t k = i; k < c->n_cycles; k++) {
        const csim_cmp_row *r = &c->cycles[k];
        if (strcmp(r->pub->section, sec) != 0) {
            continue;
        }
        fputs("<tr><td>", f);
        csim_xml_text(f, r->pub->key);
        fputs("</td>", f);
        html_row_cells(f, c, r->v[0]);
        char hc[48], hn[256];
        cmp_helper_text(r, hc, sizeof(hc), hn, sizeof(hn));
        fprintf(f, "<td class=\"n\">%s</td>", hc);
        html_split_cell(f, r->c);
        fputs("<td>", f);
        csim_xml_text(f, r->c->name);
        char n[300];
        csim_xml_text(f, cmp_assumed_note(n, sizeof(n), r->c));
        char rg[192];
        fprintf(f, "%s%s%s%s</td><td>%s</td>", cmp_marks(r)[0] ? " " : "", cmp_marks(r),
                cmp_range_text(rg, sizeof(rg), r)[0] ? " " : "", rg, hn);
        html_image_cell(f, c, r->c);
    }
    fputs("</table>\n", f);
}

static void html_record(const cmp_out *o, cmp_part p, size_t i)
{
    FILE *f = o->f;
    const csim_comparison *c = o->c;
    if (p == CMP_CYCLES) {
        html_cycles_section(f, c, i);
    } else if (p == CMP_FOOTPRINT) {
        const csim_cmp_row *r = &c->footprint[i];
        fprintf(f, "<tr><td>%s</td><td>", cmp_section_label(r->pub->section));
        csim_xml_text(f, r->pub->key);
        fprintf(f, "%s%s</td><td class=\"n\">%zu</td>", cmp_marks(r)[0] ? " " : "", cmp_marks(r), r->n_cases);
        for (int m = CSIM_MET_CODE; m < CSIM_MET_COUNT; m++) {
            html_row_cells(f, c, r->v[m]);
        }
        html_image_cell(f, c, r->c);
    } else if (p == CMP_SUMMARY) {
        const csim_cmp_summary *s = &c->summary[i];
        char m1[32], m2[32], m3[32];
        fputs("<tr><td>", f);
        if (s->overall) {
            fputs("all sections", f);
        } else {
            fprintf(f, "%s ", cmp_section_label(s->section));
            csim_xml_text(f, s->section_title);
        }
        fprintf(f, "</td><td>%s</td><td class=\"n\">%zu</td><td class=\"n\">%s</td><td class=\"n\">%s</td>"
                   "<td class=\"n\">%s</td></tr>\n",
                csim_metric_names[s->metric], s->count, cmp_stat_text(m1, sizeof(m1), c->framing, s->median),
                cmp_stat_text(m2, sizeof(m2), c->framing, s->p90), cmp_stat_text(m3, sizeof(m3), c->framing, s->max));
    } else if (p == CMP_UNMATCHED_PUB) {
        cmp_unmatched_record(f, c, CMP_HTML, i);
    } else if (p == CMP_UNMATCHED_CASES) {
        const csim_case_result *k = c->unmatched_cases[i];
        fputs("<li>", f);
        csim_xml_text(f, k->name);
        fputs(" (row &quot;", f);
        csim_xml_text(f, k->row);
        fputs("&quot;)", f);
        const char *path = cmp_image_path(c, k);
        if (path) {
            fputs(" in ", f);
            csim_xml_text(f, path);
        }
        fputs("</li>\n", f);
    }
}

/* The end of a part's table or list, when it has one; after the summary
 * table, the cycles summaries without the state-sensitive rows and per
 * baseline, preformatted. */
static void html_part_end(const cmp_out *o, cmp_part p)
{
    FILE *f = o->f;
    const csim_comparison *c = o->c;
    if (p == CMP_FOOTPRINT && c->n_footprint) {
        fputs("</table>\n", f);
    } else if ((p == CMP_UNMATCHED_PUB && c->n_unmatched_pub) || (p == CMP_UNMATCHED_CASES && c->n_unmatched_cases)) {
        fputs("</ul>\n", f);
    }
    if (p != CMP_SUMMARY) {
        return;
    }
    if (c->n_summary) {
        fputs("</table>\n", f);
    }
    if (!(c->state_checked || c->baselines || c->ranged)) {
        return;
    }
    fputs("<pre>\n", f);
    cmp_extra_legend(f, c, "");
    for (size_t i = 0; i < c->n_summary; i++) {
        const csim_cmp_summary *s = &c->summary[i];
        if (s->metric == CSIM_MET_CYCLES) {
            if (s->overall) {
                fputs("all sections\n", f);
            } else {
                fprintf(f, "%s ", cmp_section_label(s->section));
                csim_xml_text(f, s->section_title);
                fputc('\n', f);
            }
            cmp_extra_summary(f, c, s, "    ");
        }
    }
    fputs("</pre>\n", f);
}

static void html_end(const cmp_out *o)
{
    fputs("</body>\n</html>\n", o->f);
}

const cmp_writer cmp_html_writer = {html_begin, html_part, html_record, html_part_end, html_end};
