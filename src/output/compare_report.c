/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare_report.c - a comparison (compare.h) through a format's writer
 * (compare_writer.h: begin, the records of each part, end), and the text the
 * formats share.  The writers: compare_text.c (table, Markdown),
 * compare_json.c, compare_html.c.  Formats and schema: docs/compare.md.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/analysis/compare.h"
#include "cyclesim/analysis/rt_helpers.h"
#include "cyclesim/output/compare_report.h"
#include "cyclesim/output/in_force.h"
#include "output/compare_writer.h"
#include "output/escape.h"
#include "output/formats_internal.h"

const char *const cmp_metric_titles[CSIM_MET_COUNT] = {"cycles", "code", "const", "global data", "stack",
                                                       "workbuf"};

/* ---- shared text ------------------------------------------------------------ */

const char *cmp_section_label(const char *id)
{
    return id[0] ? id : "board";
}

const char *cmp_backend_label(const char *b)
{
    if (strcmp(b, "open") == 0) {
        return "open implementation";
    }
    if (strcmp(b, "cmox4") == 0) {
        return "CMOX V4";
    }
    if (strcmp(b, "cmox5") == 0) {
        return "CMOX V5";
    }
    if (strcmp(b, "cyclone") == 0) {
        return "CycloneCRYPTO";
    }
    return b[0] ? b : "unknown (no bench_backend)";
}

const char *cmp_num(char *buf, size_t len, double v)
{
    if (isnan(v)) {
        return "-";
    }
    snprintf(buf, len, "%.0f", v);
    return buf;
}

const char *cmp_dev_text(char *buf, size_t len, csim_framing f, double d)
{
    if (isnan(d)) {
        return "-";
    }
    if (f == CSIM_FRAME_RATIO) {
        snprintf(buf, len, "%.3f", d);
    } else {
        snprintf(buf, len, "%+.1f%%", d);
    }
    return buf;
}

const char *cmp_stat_text(char *buf, size_t len, csim_framing f, double d)
{
    if (f == CSIM_FRAME_RATIO) {
        snprintf(buf, len, "%.3f", d);
    } else {
        snprintf(buf, len, "%.1f%%", d);
    }
    return buf;
}

const char *cmp_dev_name(csim_framing f)
{
    return f == CSIM_FRAME_RATIO ? "ratio" : "error";
}

const char *cmp_stat_name(csim_framing f)
{
    return f == CSIM_FRAME_RATIO ? "ratio estimate / published" : "|error| in %, error = (estimate - published) / published";
}

/* Marks after a row: the case failed its check, the page doubts it, its
 * estimate depends on the start state (cold and warm differ by more than
 * CSIM_CMP_STATE_PCT). */
const char *cmp_marks(const csim_cmp_row *r)
{
    static char buf[48];
    snprintf(buf, sizeof(buf), "%s%s%s%s%s", r->failed ? "FAILED" : "",
             r->failed && r->pub->flagged ? ", " : "", r->pub->flagged ? "flagged" : "",
             (r->failed || r->pub->flagged) && r->state_sensitive ? ", " : "", r->state_sensitive ? "state" : "");
    return buf;
}

const char *cmp_range_text(char *buf, size_t len, const csim_cmp_row *r)
{
    buf[0] = '\0';
    if (r->ranged) {
        int w = snprintf(buf, len, "range %.0f..%.0f, published %s", r->low, r->high,
                         r->inside ? "inside" : "OUTSIDE");
        if (r->has_interval && w > 0 && (size_t)w < len) {
            snprintf(buf + w, len - (size_t)w, "; interval %.0f..%.0f (%s), %s", r->int_low, r->int_high, r->op_class,
                     r->in_interval ? "inside" : "OUTSIDE");
        }
    }
    return buf;
}

/* The extra summary lines of a cycles summary: without the state-sensitive
 * rows, each baseline, and the ranges, one indented line each. */
void cmp_extra_summary(FILE *f, const csim_comparison *c, const csim_cmp_summary *s, const char *indent)
{
    char m1[32], m2[32], m3[32];
    if (s->has_stable && s->stable_count == 0) {
        fprintf(f, "%swithout state-sensitive rows: none left\n", indent);
    } else if (s->has_stable) {
        fprintf(f, "%swithout state-sensitive rows: %zu rows, %s / %s / %s\n", indent, s->stable_count,
                cmp_stat_text(m1, sizeof(m1), c->framing, s->stable_median),
                cmp_stat_text(m2, sizeof(m2), c->framing, s->stable_p90),
                cmp_stat_text(m3, sizeof(m3), c->framing, s->stable_max));
    }
    for (int b = 0; s->has_base && b < CSIM_BASE_COUNT; b++) {
        fprintf(f, "%sbaseline %s: %s / %s / %s\n", indent, csim_baseline_names[b],
                cmp_stat_text(m1, sizeof(m1), c->framing, s->base_median[b]),
                cmp_stat_text(m2, sizeof(m2), c->framing, s->base_p90[b]),
                cmp_stat_text(m3, sizeof(m3), c->framing, s->base_max[b]));
    }
    if (s->has_range) {
        fprintf(f, "%srange: published inside on %zu of %zu rows (%.1f %%), median width %.2f %% of the estimate\n",
                indent, s->inside_count, s->count, 100.0 * (double)s->inside_count / (double)s->count,
                s->width_median);
    }
    if (s->has_interval) {
        fprintf(f, "%sinterval (nominal %u %%): published inside on %zu of %zu rows (%.1f %%), median width %.2f %% "
                "of the estimate\n", indent, s->interval_pct, s->interval_inside_count, s->interval_count,
                100.0 * (double)s->interval_inside_count / (double)s->interval_count, s->interval_width_median);
    }
}

/* What the state cmp_marks and the baselines mean, once per report. */
void cmp_extra_legend(FILE *f, const csim_comparison *c, const char *prefix)
{
    if (c->ranged) {
        fprintf(f, "%sranges: each estimate's fewest and most cycles over the model's uncertain keys at the values "
                   "their sources leave open (docs/accuracy.md \"Ranges\"); not a calibrated interval\n",
                prefix);
        for (size_t i = 0; i < c->n_cycles; i++) {
            if (c->cycles[i].has_interval) {
                fprintf(f, "%sintervals: each range widened by the model's measured error for the case's class of "
                           "operation, nominal %u %% (docs/accuracy.md \"Calibrated interval\", table %s)\n",
                        prefix, c->cycles[i].c->interval_pct, c->cycles[i].c->interval_table);
                break;
            }
        }
    }
    if (c->state_checked) {
        fprintf(f, "%s%zu of %zu cycles rows are state-sensitive (marked \"state\": the cold and warm estimates "
                   "differ by more than %.0f %% of the cold one)\n",
                prefix, c->n_state_sensitive, c->n_cycles, CSIM_CMP_STATE_PCT);
    }
    if (c->baselines) {
        fprintf(f, "%sbaselines: cpi1 = one cycle per instruction, zero_wait = the core table at zero wait states "
                   "(flash.interface=zero_wait), zero_wait_data1 = zero_wait + 1 cycle per flash data read\n",
                prefix);
    }
}

/* The cycles a row's case spent in run-time helpers, "1234 (5.6%)", and
 * which ones ("memcpy 1000, memset 234"); "-" and "" without a profile. */
void cmp_helper_text(const csim_cmp_row *r, char *cyc, size_t clen, char *names, size_t nlen)
{
    csim_rt_usage u;
    csim_rt_usage_of(r->c->profile, &u);
    csim_rt_names(&u, names, nlen);
    if (!r->c->profile) {
        snprintf(cyc, clen, "-");
    } else {
        snprintf(cyc, clen, "%llu (%.1f%%)", (unsigned long long)u.cycles,
                 r->c->cycles ? 100.0 * (double)u.cycles / (double)r->c->cycles : 0.0);
    }
}

/* What was compared with what, the same lines in every format: one per image,
 * then the model, the measured results and the per-row figure.  Fills line i;
 * false past the last. */
/* A rate or time row's estimate and published figure in the page's unit
 * ("est 4.43 / page 4.319 MB/s"); "" for cycle rows. */
const char *cmp_page_unit_text(char *buf, size_t len, const csim_comparison *c, const csim_cmp_row *r)
{
    buf[0] = '\0';
    if (r->pub->measure != CSIM_PUB_CYCLES) {
        snprintf(buf, len, "est %.4g / page %.4g %s", csim_cmp_in_page_unit(c, r, r->v[0].est),
                 r->pub->measure == CSIM_PUB_RATE ? r->pub->rate_MBps : r->pub->time_us / 1e3,
                 r->pub->measure == CSIM_PUB_RATE ? "MB/s" : "ms");
    }
    return buf;
}

size_t cmp_n_cases(const csim_comparison *c)
{
    size_t n = 0;
    for (size_t i = 0; i < c->n_images; i++) {
        n += c->images[i].n_cases;
    }
    return n;
}

csim_in_force cmp_in_force(const csim_comparison *c)
{
    return csim_in_force_of_cases(c->model, c->cases, cmp_n_cases(c));
}

bool cmp_header_line(const csim_comparison *c, size_t i, char *line, size_t len)
{
    const csim_model *m = c->model;
    const csim_pub_table *p = c->page;
    char extra[64] = "";
    if (i < c->n_images) {
        const csim_cmp_image *im = &c->images[i];
        char rt[CSIM_TEXT_ESCAPED_LEN(sizeof(im->rt))];
        int w = snprintf(line, len, "ELF: %.500s (back end: %s, run-time helpers: %s, sha256 %.16s)", im->elf->path,
                         cmp_backend_label(im->backend), csim_text_escape(rt, sizeof(rt), im->rt),
                         im->elf->sha256_hex);
        if (im->rt_alt && w > 0 && (size_t)w < len) {
            snprintf(line + w, len - (size_t)w, "; range also over the helpers %s of %.500s (sha256 %.16s)",
                     csim_text_escape(rt, sizeof(rt), im->rt_alt_set), im->rt_alt->path, im->rt_alt->sha256_hex);
        }
        return true;
    }
    switch (i - c->n_images) {
    case 0: {
        const csim_in_force in = cmp_in_force(c);
        char cfg[64];
        snprintf(line, len, "model: %s (%s): %.6g MHz, %s, state %s%s", m->name, m->chain, in.clock_hz / 1e6,
                 csim_in_force_text(cfg, sizeof(cfg), &in), c->warm ? "warm" : "cold",
                 in.changed ? " (as the first case began; the firmware changed the flash configuration of a case)" : "");
        return true;
    }
    case 1: {
        char prov[2048];
        snprintf(line, len, "provenance: %s", csim_prov_text(prov, sizeof(prov), m));
        return true;
    }
    case 2:
        if (p->latency >= 0) {
            snprintf(extra, sizeof(extra), ", %d WS", p->latency);
        }
        if (p->library_version[0]) {
            size_t used = strlen(extra);
            snprintf(extra + used, sizeof(extra) - used, ", %s %s", p->library[0] ? p->library : "CMOX",
                     p->library_version);
        }
        snprintf(line, len, "measured: %.250s: %s (%s%s%s, %.6g MHz%s)", p->source, p->title, p->mcu,
                 p->board[0] ? ", " : "", p->board, p->clock_hz / 1e6, extra);
        return true;
    case 3:
        snprintf(line, len, "per row: %s",
                 c->framing == CSIM_FRAME_RATIO ? "ratio = estimate / published"
                                                : "error = (estimate - published) / published");
        return true;
    default: return false;
    }
}

void cmp_header_lines(FILE *f, const csim_comparison *c, const char *prefix)
{
    char line[2048];
    for (size_t i = 0; cmp_header_line(c, i, line, sizeof(line)); i++) {
        fprintf(f, "%s%s\n", prefix, line);
    }
}

/* The image of a case where the text formats show it: only when there are several. */
const char *cmp_image_path(const csim_comparison *c, const csim_case_result *k)
{
    return c->n_images > 1 ? csim_cmp_image_of(c, k)->elf->path : NULL;
}

static bool section_has_match(const csim_comparison *c, const char *id)
{
    for (size_t i = 0; i < c->n_cycles; i++) {
        if (strcmp(c->cycles[i].pub->section, id) == 0) {
            return true;
        }
    }
    for (size_t i = 0; i < c->n_footprint; i++) {
        if (strcmp(c->footprint[i].pub->section, id) == 0) {
            return true;
        }
    }
    return false;
}

const char *cmp_kind_name(csim_row_kind k)
{
    return k == CSIM_ROW_CYCLES ? "cycles" : "footprint";
}

/* Unmatched published rows as the text formats list them: one line per row
 * in the sections that have matches, one line per section that has none, at
 * its first unmatched row (JSON lists every row). */
void cmp_unmatched_record(FILE *f, const csim_comparison *c, cmp_markup fmt, size_t i)
{
    static const char *const open[] = {"  ", "- ", "<li>"}, *const close[] = {"\n", "\n", "</li>\n"};
    const csim_pub_row *p = c->unmatched_pub[i];
    bool whole_section = !section_has_match(c, p->section);
    size_t n_cycles = 0, n_footprint = 0;
    for (size_t k = 0; whole_section && k < c->n_unmatched_pub; k++) {
        const csim_pub_row *q = c->unmatched_pub[k];
        if (strcmp(q->section, p->section) != 0) {
            continue;
        }
        if (k < i) {
            return; /* the section's line is out already */
        }
        n_cycles += q->kind == CSIM_ROW_CYCLES;
        n_footprint += q->kind == CSIM_ROW_FOOTPRINT;
    }
    fprintf(f, "%s%s ", open[fmt], cmp_section_label(p->section));
    if (whole_section) {
        fmt == CMP_HTML ? csim_xml_text(f, p->section_title)
        : fmt == CMP_MARKDOWN ? csim_md_text(f, p->section_title) : csim_text_str(f, p->section_title);
        fprintf(f, ": none of its %zu cycles and %zu footprint rows has a case", n_cycles, n_footprint);
    } else {
        fprintf(f, "%s ", cmp_kind_name(p->kind));
        if (fmt == CMP_HTML) {
            csim_xml_text(f, p->key);
        } else if (fmt == CMP_MARKDOWN) {
            fputc('`', f);
            csim_md_text(f, p->key);
            fputc('`', f);
        } else {
            csim_text_str(f, p->key);
        }
    }
    fputs(close[fmt], f);
}

/* A signing case's attempts (docs/compare.md, "Signing attempts"): the total
 * is compared, the cost per attempt is shown beside it; "" for other cases. */
const char *cmp_attempts_text(char *buf, size_t len, const csim_case_result *k)
{
    if (!k || !k->attempts) {
        return "";
    }
    snprintf(buf, len, " [%u attempts, %llu cycles per attempt]", k->attempts,
             (unsigned long long)(k->cycles / k->attempts));
    return buf;
}

const char *cmp_assumed_note(char *buf, size_t len, const csim_case_result *k)
{
    char text[256];
    if (!csim_assumed_text(text, sizeof(text), k)) {
        return "";
    }
    snprintf(buf, len, " [" CSIM_ASSUMED_LABEL "%s]", text);
    return buf;
}

/* ---- the writers' driver ---------------------------------------------------- */

static size_t part_records(const csim_comparison *c, cmp_part p)
{
    switch (p) {
    case CMP_CYCLES: return c->n_cycles;
    case CMP_FOOTPRINT: return c->n_footprint;
    case CMP_SUMMARY: return c->n_summary;
    case CMP_UNMATCHED_PUB: return c->n_unmatched_pub;
    case CMP_UNMATCHED_CASES: return c->n_unmatched_cases;
    default: return 0;
    }
}

static void write_report(const cmp_writer *w, const cmp_out *o)
{
    if (w->begin) {
        w->begin(o);
    }
    for (int p = 0; p < CMP_PARTS; p++) {
        if (w->part) {
            w->part(o, (cmp_part)p);
        }
        for (size_t i = 0; i < part_records(o->c, (cmp_part)p); i++) {
            w->record(o, (cmp_part)p, i);
        }
        if (w->part_end) {
            w->part_end(o, (cmp_part)p);
        }
    }
    if (w->end) {
        w->end(o);
    }
}

void csim_compare_print(FILE *out, const csim_output_format *fmt, const csim_comparison *cmp,
                        const csim_shard *shard)
{
    write_report(fmt->w.compare, &(cmp_out){out, cmp, shard});
}
