/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare_report.c - a comparison (compare.h) as a terminal table, JSON,
 * Markdown or a self-contained HTML page with inline SVG charts (no script,
 * no external resource).  Formats and schema: docs/compare.md.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/compare.h"
#include "cyclesim/rt_helpers.h"
#include "cyclesim/shard.h"
#include "output/escape.h"
#include "output/svg.h"

#define SCHEMA_VERSION 1

static const char *const metric_titles[CSIM_MET_COUNT] = {"cycles", "code", "const", "global data", "stack",
                                                          "workbuf"};

bool csim_cmp_format_parse(const char *name, csim_cmp_format *out)
{
    static const char *const names[] = {"table", "json", "md", "html"};
    for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        if (strcmp(name, names[i]) == 0) {
            *out = (csim_cmp_format)i;
            return true;
        }
    }
    return false;
}

/* ---- shared text ------------------------------------------------------------ */

static const char *section_label(const char *id)
{
    return id[0] ? id : "board";
}

static const char *backend_label(const char *b)
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

static const char *num(char *buf, size_t len, double v)
{
    if (isnan(v)) {
        return "-";
    }
    snprintf(buf, len, "%.0f", v);
    return buf;
}

static const char *dev_text(char *buf, size_t len, csim_framing f, double d)
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

static const char *stat_text(char *buf, size_t len, csim_framing f, double d)
{
    if (f == CSIM_FRAME_RATIO) {
        snprintf(buf, len, "%.3f", d);
    } else {
        snprintf(buf, len, "%.1f%%", d);
    }
    return buf;
}

static const char *dev_name(csim_framing f)
{
    return f == CSIM_FRAME_RATIO ? "ratio" : "error";
}

static const char *stat_name(csim_framing f)
{
    return f == CSIM_FRAME_RATIO ? "ratio estimate / published" : "|error| in %, error = (estimate - published) / published";
}

/* Marks after a row: the case failed its check, the page doubts it, its
 * estimate depends on the start state (cold and warm differ by more than
 * CSIM_CMP_STATE_PCT). */
static const char *marks(const csim_cmp_row *r)
{
    static char buf[48];
    snprintf(buf, sizeof(buf), "%s%s%s%s%s", r->failed ? "FAILED" : "",
             r->failed && r->pub->flagged ? ", " : "", r->pub->flagged ? "flagged" : "",
             (r->failed || r->pub->flagged) && r->state_sensitive ? ", " : "", r->state_sensitive ? "state" : "");
    return buf;
}

/* The extra summary lines of a cycles summary: without the state-sensitive
 * rows, and each baseline, one indented line each. */
static void extra_summary(FILE *f, const csim_comparison *c, const csim_cmp_summary *s, const char *indent)
{
    char m1[32], m2[32], m3[32];
    if (s->has_stable && s->stable_count == 0) {
        fprintf(f, "%swithout state-sensitive rows: none left\n", indent);
    } else if (s->has_stable) {
        fprintf(f, "%swithout state-sensitive rows: %zu rows, %s / %s / %s\n", indent, s->stable_count,
                stat_text(m1, sizeof(m1), c->framing, s->stable_median),
                stat_text(m2, sizeof(m2), c->framing, s->stable_p90),
                stat_text(m3, sizeof(m3), c->framing, s->stable_max));
    }
    for (int b = 0; s->has_base && b < CSIM_BASE_COUNT; b++) {
        fprintf(f, "%sbaseline %s: %s / %s / %s\n", indent, csim_baseline_names[b],
                stat_text(m1, sizeof(m1), c->framing, s->base_median[b]),
                stat_text(m2, sizeof(m2), c->framing, s->base_p90[b]),
                stat_text(m3, sizeof(m3), c->framing, s->base_max[b]));
    }
}

/* What the state marks and the baselines mean, once per report. */
static void extra_legend(FILE *f, const csim_comparison *c, const char *prefix)
{
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
static void helper_text(const csim_cmp_row *r, char *cyc, size_t clen, char *names, size_t nlen)
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
static const char *page_unit_text(char *buf, size_t len, const csim_comparison *c, const csim_cmp_row *r)
{
    buf[0] = '\0';
    if (r->pub->measure != CSIM_PUB_CYCLES) {
        snprintf(buf, len, "est %.4g / page %.4g %s", csim_cmp_in_page_unit(c, r, r->v[0].est),
                 r->pub->measure == CSIM_PUB_RATE ? r->pub->rate_MBps : r->pub->time_us / 1e3,
                 r->pub->measure == CSIM_PUB_RATE ? "MB/s" : "ms");
    }
    return buf;
}

static bool header_line(const csim_comparison *c, size_t i, char *line, size_t len)
{
    const csim_model *m = c->model;
    const csim_pub_table *p = c->page;
    char extra[64] = "";
    if (i < c->n_images) {
        const csim_cmp_image *im = &c->images[i];
        snprintf(line, len, "ELF: %.500s (back end: %s, run-time helpers: %s, sha256 %.16s)", im->elf->path,
                 backend_label(im->backend), im->rt, im->elf->sha256_hex);
        return true;
    }
    switch (i - c->n_images) {
    case 0:
        snprintf(line, len, "model: %s (%s): %.6g MHz, %u WS, cache %s, prefetch %s, state %s", m->name, m->chain,
                 m->clock_hz / 1e6, m->flash.wait_states, m->flash.cache_enabled ? "on" : "off",
                 m->flash.prefetch ? "on" : "off", c->warm ? "warm" : "cold");
        return true;
    case 1:
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
    case 2:
        snprintf(line, len, "per row: %s",
                 c->framing == CSIM_FRAME_RATIO ? "ratio = estimate / published"
                                                : "error = (estimate - published) / published");
        return true;
    default: return false;
    }
}

static void header_lines(FILE *f, const csim_comparison *c, const char *prefix)
{
    char line[768];
    for (size_t i = 0; header_line(c, i, line, sizeof(line)); i++) {
        fprintf(f, "%s%s\n", prefix, line);
    }
}

/* The image of a case where the text formats show it: only when there are several. */
static const char *image_path(const csim_comparison *c, const csim_case_result *k)
{
    return c->n_images > 1 ? csim_cmp_image_of(c, k)->elf->path : NULL;
}

/* Unmatched published rows as the text formats list them: one line per row
 * in the sections that have matches, one line per section that has none
 * (JSON lists every row). */
typedef struct unmatched_line {
    const csim_pub_row *row;   /* the row, or the section's first unmatched row */
    bool whole_section;
    size_t n_cycles, n_footprint; /* whole_section: its rows of each kind */
} unmatched_line;

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

/* Fills out[] (room for n_unmatched_pub lines); returns the line count. */
static size_t unmatched_lines(const csim_comparison *c, unmatched_line *out)
{
    size_t n = 0;
    for (size_t i = 0; i < c->n_unmatched_pub; i++) {
        const csim_pub_row *p = c->unmatched_pub[i];
        if (section_has_match(c, p->section)) {
            out[n++] = (unmatched_line){p, false, 0, 0};
            continue;
        }
        size_t k = 0;
        while (k < n && !(out[k].whole_section && strcmp(out[k].row->section, p->section) == 0)) {
            k++;
        }
        if (k == n) {
            out[n++] = (unmatched_line){p, true, 0, 0};
        }
        out[k].n_cycles += p->kind == CSIM_ROW_CYCLES;
        out[k].n_footprint += p->kind == CSIM_ROW_FOOTPRINT;
    }
    return n;
}

static const char *kind_name(csim_row_kind k)
{
    return k == CSIM_ROW_CYCLES ? "cycles" : "footprint";
}

/* The unmatched published rows in one of the text formats. */
static void print_unmatched(FILE *f, const csim_comparison *c, csim_cmp_format fmt)
{
    unmatched_line *lines = malloc((c->n_unmatched_pub ? c->n_unmatched_pub : 1) * sizeof(*lines));
    size_t n = lines ? unmatched_lines(c, lines) : 0;
    static const char *const open[] = {"  ", "", "- ", "<li>"}, *const close[] = {"\n", "", "\n", "</li>\n"};
    for (size_t i = 0; i < n; i++) {
        const csim_pub_row *p = lines[i].row;
        fprintf(f, "%s%s ", open[fmt], section_label(p->section));
        if (lines[i].whole_section) {
            fmt == CSIM_CMP_HTML ? csim_xml_text(f, p->section_title) : (void)fputs(p->section_title, f);
            fprintf(f, ": none of its %zu cycles and %zu footprint rows has a case", lines[i].n_cycles,
                    lines[i].n_footprint);
        } else {
            fprintf(f, "%s ", kind_name(p->kind));
            if (fmt == CSIM_CMP_HTML) {
                csim_xml_text(f, p->key);
            } else {
                fprintf(f, fmt == CSIM_CMP_MD ? "`%s`" : "%s", p->key);
            }
        }
        fputs(close[fmt], f);
    }
    free(lines);
}

/* ---- table ------------------------------------------------------------------- */

/* Ends a table line: the case's image in brackets when there are several. */
/* A signing case's attempts (docs/compare.md, "Signing attempts"): the total
 * is compared, the cost per attempt is shown beside it; "" for other cases. */
static const char *attempts_text(char *buf, size_t len, const csim_case_result *k)
{
    if (!k || !k->attempts) {
        return "";
    }
    snprintf(buf, len, " [%u attempts, %llu cycles per attempt]", k->attempts,
             (unsigned long long)(k->cycles / k->attempts));
    return buf;
}

static void table_image(FILE *f, const csim_comparison *c, const csim_case_result *k)
{
    const char *path = image_path(c, k);
    fprintf(f, "%s%s%s\n", path ? "  [" : "", path ? path : "", path ? "]" : "");
}

static void print_table(FILE *f, const csim_comparison *c)
{
    char a[32], b[32], d[32], t[80];
    for (size_t i = 0; i < c->n_notes; i++) {
        fprintf(f, "%s%s\n", i == 0 && c->version_mismatch ? "WARNING: " : "note: ", c->notes[i]);
    }
    header_lines(f, c, "");
    fprintf(f, "\ncycles (published rows matched: %zu)\n", c->n_cycles);
    fprintf(f, "%-8s %-44s %12s %12s %9s %20s  %s\n", "section", "row", "estimate", "published",
            dev_name(c->framing), "in helpers", c->n_images > 1 ? "case {helpers} [elf]" : "case {helpers}");
    for (size_t i = 0; i < c->n_cycles; i++) {
        const csim_cmp_row *r = &c->cycles[i];
        char hc[48], hn[256];
        helper_text(r, hc, sizeof(hc), hn, sizeof(hn));
        fprintf(f, "%-8s %-44s %12s %12s %9s %20s  %s%s%s%s%s%s%s%s", section_label(r->pub->section), r->pub->key,
                num(a, sizeof(a), r->v[0].est), num(b, sizeof(b), r->v[0].pub),
                dev_text(d, sizeof(d), c->framing, csim_cmp_deviation(c->framing, r->v[0])), hc, r->c->name,
                marks(r)[0] ? " (" : "", marks(r), marks(r)[0] ? ")" : "", attempts_text(t, sizeof(t), r->c),
                hn[0] ? " {" : "", hn, hn[0] ? "}" : "");
        char u[96];
        if (page_unit_text(u, sizeof(u), c, r)[0]) {
            fprintf(f, "  [%s]", u);
        }
        table_image(f, c, r->c);
    }
    fprintf(f, "\nfootprint in bytes (estimate / published %s; the estimate is the largest over the cases a row "
               "covers; rows matched: %zu)\n", dev_name(c->framing), c->n_footprint);
    fprintf(f, "%-8s %-36s %5s", "section", "row", "cases");
    for (int m = CSIM_MET_CODE; m < CSIM_MET_COUNT; m++) {
        fprintf(f, " %22s", metric_titles[m]);
    }
    fputc('\n', f);
    for (size_t i = 0; i < c->n_footprint; i++) {
        const csim_cmp_row *r = &c->footprint[i];
        fprintf(f, "%-8s %-36s %5zu", section_label(r->pub->section), r->pub->key, r->n_cases);
        for (int m = CSIM_MET_CODE; m < CSIM_MET_COUNT; m++) {
            char cell[128];
            snprintf(cell, sizeof(cell), "%s/%s %s", num(a, sizeof(a), r->v[m].est), num(b, sizeof(b), r->v[m].pub),
                     dev_text(d, sizeof(d), c->framing, csim_cmp_deviation(c->framing, r->v[m])));
            fprintf(f, " %22s", cell);
        }
        fprintf(f, "%s%s", marks(r)[0] ? "  " : "", marks(r));
        table_image(f, c, r->c);
    }
    fprintf(f, "\nsummary (%s; nearest-rank 90th percentile)\n", stat_name(c->framing));
    fprintf(f, "%-34s %-12s %6s %9s %9s %9s\n", "section", "metric", "count", "median", "p90", "max");
    for (size_t i = 0; i < c->n_summary; i++) {
        const csim_cmp_summary *s = &c->summary[i];
        char sec[128];
        char m1[32], m2[32], m3[32];
        if (s->overall) {
            snprintf(sec, sizeof(sec), "all sections");
        } else {
            snprintf(sec, sizeof(sec), "%s %.80s", section_label(s->section), s->section_title);
        }
        fprintf(f, "%-34.34s %-12s %6zu %9s %9s %9s\n", sec, csim_metric_names[s->metric], s->count,
                stat_text(m1, sizeof(m1), c->framing, s->median), stat_text(m2, sizeof(m2), c->framing, s->p90),
                stat_text(m3, sizeof(m3), c->framing, s->max));
        extra_summary(f, c, s, "    ");
    }
    extra_legend(f, c, "");
    fprintf(f, "\npublished rows with no case: %zu\n", c->n_unmatched_pub);
    print_unmatched(f, c, CSIM_CMP_TABLE);
    fprintf(f, "cases with no published row: %zu\n", c->n_unmatched_cases);
    for (size_t i = 0; i < c->n_unmatched_cases; i++) {
        const csim_case_result *k = c->unmatched_cases[i];
        fprintf(f, "  %-44s row \"%s\"", k->name, k->row);
        table_image(f, c, k);
    }
}

/* ---- JSON -------------------------------------------------------------------- */

static void json_num(FILE *f, double v)
{
    if (isnan(v) || isinf(v)) {
        fputs("null", f);
    } else {
        fprintf(f, "%.17g", v);
    }
}

static void json_value(FILE *f, csim_cmp_value v)
{
    fputs("{\"estimate\": ", f);
    json_num(f, v.est);
    fputs(", \"published\": ", f);
    json_num(f, v.pub);
    fputs(", \"error_pct\": ", f);
    json_num(f, csim_cmp_deviation(CSIM_FRAME_ERROR, v));
    fputs(", \"ratio\": ", f);
    json_num(f, csim_cmp_deviation(CSIM_FRAME_RATIO, v));
    fputc('}', f);
}

static void json_image(FILE *f, const csim_cmp_image *im)
{
    fputs("{\"path\": ", f);
    csim_json_str(f, im->elf->path);
    fprintf(f, ", \"sha256\": \"%s\", \"backend\": ", im->elf->sha256_hex);
    csim_json_str(f, im->backend);
    fputs(", \"rt\": ", f);
    csim_json_str(f, im->rt);
    fputc('}', f);
}

/* "case" and the path of its image. */
static void json_case(FILE *f, const csim_comparison *c, const csim_case_result *k)
{
    fputs("\"case\": ", f);
    csim_json_str(f, k->name);
    fputs(", \"elf\": ", f);
    csim_json_str(f, csim_cmp_image_of(c, k)->elf->path);
}

static void json_row_head(FILE *f, const csim_comparison *c, const csim_cmp_row *r)
{
    fputs("{\"section\": ", f);
    csim_json_str(f, r->pub->section);
    fputs(", \"key\": ", f);
    csim_json_str(f, r->pub->key);
    fputs(", ", f);
    json_case(f, c, r->c);
    fprintf(f, ", \"cases\": %zu, \"failed\": %s, \"flagged\": %s", r->n_cases, r->failed ? "true" : "false",
            r->pub->flagged ? "true" : "false");
}

static void print_json(FILE *f, const csim_comparison *c, const csim_shard *shard)
{
    const csim_model *m = c->model;
    const csim_pub_table *p = c->page;
    fprintf(f, "{\"schema_version\": %d,\n \"elf\": ", SCHEMA_VERSION);
    json_image(f, &c->images[0]);
    fputs(",\n \"elfs\": [", f);
    for (size_t i = 0; i < c->n_images; i++) {
        fputs(i ? ", " : "", f);
        json_image(f, &c->images[i]);
    }
    fputs("],\n \"model\": {\"mcu\": ", f);
    csim_json_str(f, m->name);
    fputs(", \"model_chain\": ", f);
    csim_json_str(f, m->chain);
    fprintf(f, ", \"clock_hz\": %u, \"flash_latency\": %u, \"icache\": %s, \"prefetch\": %s, \"state\": \"%s\"},\n",
            m->clock_hz, m->flash.wait_states, m->flash.cache_enabled ? "true" : "false",
            m->flash.prefetch ? "true" : "false", c->warm ? "warm" : "cold");
    fputs(" \"measured\": {\"source\": ", f);
    csim_json_str(f, p->source);
    fputs(", \"title\": ", f);
    csim_json_str(f, p->title);
    fputs(", \"mcu\": ", f);
    csim_json_str(f, p->mcu);
    fputs(", \"board\": ", f);
    csim_json_str(f, p->board);
    fputs(", \"library_version\": ", f);
    csim_json_str(f, p->library_version);
    fprintf(f, ", \"library_major\": %d, \"clock_hz\": %u, \"flash_latency\": ", p->library_major, p->clock_hz);
    json_num(f, p->latency >= 0 ? p->latency : NAN);
    fprintf(f, ", \"icache\": %s, \"board_output\": %s},\n", p->icache < 0 ? "null" : p->icache ? "true" : "false",
            p->board_output ? "true" : "false");
    fprintf(f, " \"framing\": \"%s\", \"version_mismatch\": %s,\n", c->framing == CSIM_FRAME_RATIO ? "ratio" : "error",
            c->version_mismatch ? "true" : "false");
    fprintf(f, " \"state_checked\": %s, \"state_sensitive_rows\": %zu, \"state_threshold_pct\": %g, \"baselines\": %s,\n"
               " \"notes\": [",
            c->state_checked ? "true" : "false", c->n_state_sensitive, CSIM_CMP_STATE_PCT,
            c->baselines ? "true" : "false");
    for (size_t i = 0; i < c->n_notes; i++) {
        fputs(i ? ", " : "", f);
        csim_json_str(f, c->notes[i]);
    }
    fputs("],\n \"cycles\": [", f);
    for (size_t i = 0; i < c->n_cycles; i++) {
        const csim_cmp_row *r = &c->cycles[i];
        fputs(i ? ",\n  " : "\n  ", f);
        json_row_head(f, c, r);
        fprintf(f, ", \"status\": %u, \"cycles\": ", r->c->status);
        json_value(f, r->v[CSIM_MET_CYCLES]);
        fprintf(f, ", \"attempts\": %u, \"cycles_per_attempt\": ", r->c->attempts);
        if (r->c->attempts) {
            fprintf(f, "%llu", (unsigned long long)(r->c->cycles / r->c->attempts));
        } else {
            fputs("null", f);
        }
        csim_rt_usage u;
        csim_rt_usage_of(r->c->profile, &u);
        fprintf(f, ", \"rt_cycles\": %llu, \"rt_helpers\": [", (unsigned long long)u.cycles);
        for (size_t k = 0; k < u.n_fns && k < CSIM_RT_MAX_FNS; k++) {
            fputs(k ? ", {\"name\": " : "{\"name\": ", f);
            csim_json_str(f, u.fns[k].name);
            fprintf(f, ", \"cycles\": %llu, \"calls\": %llu}", (unsigned long long)u.fns[k].cycles,
                    (unsigned long long)u.fns[k].calls);
        }
        fputc(']', f);
        if (r->pub->measure != CSIM_PUB_CYCLES) { /* the figures in the page's unit */
            bool rate = r->pub->measure == CSIM_PUB_RATE;
            fprintf(f, ", \"page_unit\": \"%s\", \"page_value\": {\"estimate\": ", rate ? "MB/s" : "ms");
            json_num(f, csim_cmp_in_page_unit(c, r, r->v[0].est));
            fputs(", \"published\": ", f);
            json_num(f, rate ? r->pub->rate_MBps : r->pub->time_us / 1e3);
            fputc('}', f); /* no error here: the error is the time's, in "cycles" */
        }
        if (c->state_checked) {
            fprintf(f, ", \"state_sensitive\": %s, \"other_state_estimate\": ", r->state_sensitive ? "true" : "false");
            json_num(f, r->other_state);
        }
        if (c->baselines) {
            fputs(", \"baselines\": {", f);
            for (int b = 0; b < CSIM_BASE_COUNT; b++) {
                fprintf(f, "%s\"%s\": ", b ? ", " : "", csim_baseline_names[b]);
                json_value(f, (csim_cmp_value){r->base[b], r->v[CSIM_MET_CYCLES].pub});
            }
            fputc('}', f);
        }
        fputc('}', f);
    }
    fputs("],\n \"footprint\": [", f);
    for (size_t i = 0; i < c->n_footprint; i++) {
        const csim_cmp_row *r = &c->footprint[i];
        fputs(i ? ",\n  " : "\n  ", f);
        json_row_head(f, c, r);
        for (int k = CSIM_MET_CODE; k < CSIM_MET_COUNT; k++) {
            fprintf(f, ", \"%s\": ", csim_metric_names[k]);
            json_value(f, r->v[k]);
        }
        fputc('}', f);
    }
    fprintf(f, "],\n \"summary\": [");
    for (size_t i = 0; i < c->n_summary; i++) {
        const csim_cmp_summary *s = &c->summary[i];
        fputs(i ? ",\n  " : "\n  ", f);
        fputs("{\"section\": ", f);
        if (s->overall) {
            fputs("null", f);
        } else {
            csim_json_str(f, s->section);
        }
        fputs(", \"section_title\": ", f);
        csim_json_str(f, s->overall ? "all sections" : s->section_title);
        fprintf(f, ", \"metric\": \"%s\", \"statistic\": \"%s\", \"count\": %zu, \"median\": ",
                csim_metric_names[s->metric], c->framing == CSIM_FRAME_RATIO ? "ratio" : "abs_error_pct", s->count);
        json_num(f, s->median);
        fputs(", \"p90\": ", f);
        json_num(f, s->p90);
        fputs(", \"max\": ", f);
        json_num(f, s->max);
        if (s->has_stable) {
            fprintf(f, ", \"without_state_sensitive\": {\"count\": %zu, \"median\": ", s->stable_count);
            json_num(f, s->stable_median);
            fputs(", \"p90\": ", f);
            json_num(f, s->stable_p90);
            fputs(", \"max\": ", f);
            json_num(f, s->stable_max);
            fputc('}', f);
        }
        if (s->has_base) {
            fputs(", \"baselines\": {", f);
            for (int b = 0; b < CSIM_BASE_COUNT; b++) {
                fprintf(f, "%s\"%s\": {\"median\": ", b ? ", " : "", csim_baseline_names[b]);
                json_num(f, s->base_median[b]);
                fputs(", \"p90\": ", f);
                json_num(f, s->base_p90[b]);
                fputs(", \"max\": ", f);
                json_num(f, s->base_max[b]);
                fputc('}', f);
            }
            fputc('}', f);
        }
        fputc('}', f);
    }
    fputs("],\n \"unmatched_published\": [", f);
    for (size_t i = 0; i < c->n_unmatched_pub; i++) {
        const csim_pub_row *r = c->unmatched_pub[i];
        fputs(i ? ",\n  " : "\n  ", f);
        fputs("{\"section\": ", f);
        csim_json_str(f, r->section);
        fprintf(f, ", \"kind\": \"%s\", \"key\": ", kind_name(r->kind));
        csim_json_str(f, r->key);
        fputc('}', f);
    }
    fputs("],\n \"unmatched_cases\": [", f);
    for (size_t i = 0; i < c->n_unmatched_cases; i++) {
        const csim_case_result *k = c->unmatched_cases[i];
        fputs(i ? ",\n  " : "\n  ", f);
        fputc('{', f);
        json_case(f, c, k);
        fputs(", \"row\": ", f);
        csim_json_str(f, k->row);
        csim_rt_usage u;
        csim_rt_usage_of(k->profile, &u);
        fprintf(f, ", \"status\": %u, \"cycles\": %llu, \"rt_cycles\": %llu}", k->status,
                (unsigned long long)k->cycles, (unsigned long long)u.cycles);
    }
    fputc(']', f);
    if (shard) {
        fputs(",\n", f);
        csim_shard_compare_write(f, c, shard);
    }
    fputs("}\n", f);
}

/* ---- Markdown ------------------------------------------------------------------ */

/* Ends a table row: a cell with the case's image when there are several. */
static void md_image_cell(FILE *f, const csim_comparison *c, const csim_case_result *k)
{
    const char *path = image_path(c, k);
    if (path) {
        fputs(" ", f);
        csim_md_text(f, path);
        fputs(" |", f);
    }
    fputc('\n', f);
}

static void print_md(FILE *f, const csim_comparison *c)
{
    char a[32], b[32], d[32], t[80];
    fputs("# cyclesim compare\n\n", f);
    for (size_t i = 0; i < c->n_notes; i++) {
        fprintf(f, "> **%s** %s\n>\n", i == 0 && c->version_mismatch ? "Warning:" : "Note:", c->notes[i]);
    }
    if (c->n_notes) {
        fputc('\n', f);
    }
    header_lines(f, c, "- ");
    bool several = c->n_images > 1;
    fprintf(f, "\n## Cycles (%zu published rows matched)\n\n| section | row | estimate | published | %s | in helpers "
               "| case | helpers |%s\n|---|---|---:|---:|---:|---:|---|---|%s\n", c->n_cycles, dev_name(c->framing),
            several ? " elf |" : "", several ? "---|" : "");
    for (size_t i = 0; i < c->n_cycles; i++) {
        const csim_cmp_row *r = &c->cycles[i];
        char hc[48], hn[256];
        helper_text(r, hc, sizeof(hc), hn, sizeof(hn));
        fprintf(f, "| %s | `%s` | %s | %s | %s | %s | ", section_label(r->pub->section), r->pub->key,
                num(a, sizeof(a), r->v[0].est), num(b, sizeof(b), r->v[0].pub),
                dev_text(d, sizeof(d), c->framing, csim_cmp_deviation(c->framing, r->v[0])), hc);
        csim_md_text(f, r->c->name);
        csim_md_text(f, attempts_text(t, sizeof(t), r->c));
        char u[96];
        fprintf(f, "%s%s%s%s | %s |", marks(r)[0] ? " " : "", marks(r), page_unit_text(u, sizeof(u), c, r)[0] ? " " : "",
                u, hn);
        md_image_cell(f, c, r->c);
    }
    fprintf(f, "\n## Footprint in bytes (%zu rows matched)\n\nEach cell: estimate / published, %s. The estimate "
               "is the largest over the cases the row covers.\n\n| section | row | cases |", c->n_footprint,
            dev_name(c->framing));
    for (int m = CSIM_MET_CODE; m < CSIM_MET_COUNT; m++) {
        fprintf(f, " %s |", metric_titles[m]);
    }
    fprintf(f, "%s\n|---|---|---:|---:|---:|---:|---:|---:|%s\n", several ? " elf |" : "", several ? "---|" : "");
    for (size_t i = 0; i < c->n_footprint; i++) {
        const csim_cmp_row *r = &c->footprint[i];
        fprintf(f, "| %s | `%s`%s%s | %zu |", section_label(r->pub->section), r->pub->key, marks(r)[0] ? " " : "",
                marks(r), r->n_cases);
        for (int m = CSIM_MET_CODE; m < CSIM_MET_COUNT; m++) {
            fprintf(f, " %s / %s, %s |", num(a, sizeof(a), r->v[m].est), num(b, sizeof(b), r->v[m].pub),
                    dev_text(d, sizeof(d), c->framing, csim_cmp_deviation(c->framing, r->v[m])));
        }
        md_image_cell(f, c, r->c);
    }
    fprintf(f, "\n## Summary\n\n%s; 90th percentile by nearest rank.\n\n| section | metric | count | median | p90 | "
               "max |\n|---|---|---:|---:|---:|---:|\n", stat_name(c->framing));
    for (size_t i = 0; i < c->n_summary; i++) {
        const csim_cmp_summary *s = &c->summary[i];
        char m1[32], m2[32], m3[32];
        if (s->overall) {
            fputs("| all sections", f);
        } else {
            fprintf(f, "| %s ", section_label(s->section));
            csim_md_text(f, s->section_title);
        }
        fprintf(f, " | %s | %zu | %s | %s | %s |\n", csim_metric_names[s->metric], s->count,
                stat_text(m1, sizeof(m1), c->framing, s->median), stat_text(m2, sizeof(m2), c->framing, s->p90),
                stat_text(m3, sizeof(m3), c->framing, s->max));
    }
    if (c->state_checked || c->baselines) {
        fputs("\nMedian / p90 / maximum of the cycles rows:\n\n", f);
        extra_legend(f, c, "- ");
        for (size_t i = 0; i < c->n_summary; i++) {
            const csim_cmp_summary *s = &c->summary[i];
            if (s->metric != CSIM_MET_CYCLES) {
                continue;
            }
            if (s->overall) {
                fputs("- all sections\n", f);
            } else {
                fprintf(f, "- %s ", section_label(s->section));
                csim_md_text(f, s->section_title);
                fputc('\n', f);
            }
            extra_summary(f, c, s, "  - ");
        }
    }
    fprintf(f, "\n## Published rows with no case (%zu)\n\n", c->n_unmatched_pub);
    print_unmatched(f, c, CSIM_CMP_MD);
    fprintf(f, "\n## Cases with no published row (%zu)\n\n", c->n_unmatched_cases);
    for (size_t i = 0; i < c->n_unmatched_cases; i++) {
        const char *path = image_path(c, c->unmatched_cases[i]);
        fprintf(f, "- `%s` (row \"%s\")%s%s%s\n", c->unmatched_cases[i]->name, c->unmatched_cases[i]->row,
                path ? " in `" : "", path ? path : "", path ? "`" : "");
    }
}

/* ---- HTML ---------------------------------------------------------------------- */

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
    csim_xml_text(f, section_label(section));
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

static void html_row_cells(FILE *f, const csim_comparison *c, csim_cmp_value v)
{
    char a[32], b[32], d[32];
    fprintf(f, "<td class=\"n\">%s</td><td class=\"n\">%s</td><td class=\"n\">%s</td>", num(a, sizeof(a), v.est),
            num(b, sizeof(b), v.pub), dev_text(d, sizeof(d), c->framing, csim_cmp_deviation(c->framing, v)));
}

/* Ends a table row: a cell with the case's image when there are several. */
static void html_image_cell(FILE *f, const csim_comparison *c, const csim_case_result *k)
{
    const char *path = image_path(c, k);
    if (path) {
        fputs("<td>", f);
        csim_xml_text(f, path);
        fputs("</td>", f);
    }
    fputs("</tr>\n", f);
}

static void print_html(FILE *f, const csim_comparison *c)
{
    fputs("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n"
          "<meta charset=\"utf-8\"/>\n<title>cyclesim compare</title>\n<style>\n"
          "body{font-family:sans-serif;margin:1.5em;max-width:1200px}\n"
          "table{border-collapse:collapse;margin:0.5em 0 1.5em}\n"
          "td,th{border:1px solid #ccc;padding:2px 6px;font-size:13px}\n"
          "td.n{text-align:right;font-variant-numeric:tabular-nums}\n"
          ".warn{background:#fde2e1;border:2px solid #c0392b;padding:0.6em;font-weight:bold}\n"
          ".note{background:#eef3fb;border:1px solid #8aa4d6;padding:0.6em}\n"

          "</style>\n</head>\n<body>\n<h1>cyclesim compare</h1>\n",
          f);
    for (size_t i = 0; i < c->n_notes; i++) {
        fprintf(f, "<p class=\"%s\">", i == 0 && c->version_mismatch ? "warn" : "note");
        csim_xml_text(f, c->notes[i]);
        fputs("</p>\n", f);
    }
    char line[768];
    bool several = c->n_images > 1;
    fputs("<ul>\n", f);
    for (size_t i = 0; header_line(c, i, line, sizeof(line)); i++) {
        fputs("<li>", f);
        csim_xml_text(f, line);
        fputs("</li>\n", f);
    }
    fprintf(f, "</ul>\n<h2>Cycles (%zu published rows matched)</h2>\n", c->n_cycles);
    for (size_t i = 0; i < c->n_cycles; i++) {
        const char *sec = c->cycles[i].pub->section;
        bool first = true;
        for (size_t k = 0; k < i && first; k++) {
            first = strcmp(c->cycles[k].pub->section, sec) != 0;
        }
        if (!first) {
            continue;
        }
        fprintf(f, "<h3>%s ", section_label(sec));
        csim_xml_text(f, c->cycles[i].pub->section_title);
        fputs("</h3>\n", f);
        svg_chart(f, c, sec, c->cycles[i].pub->section_title);
        fprintf(f, "<table>\n<tr><th>row</th><th>estimate</th><th>published</th><th>%s</th><th>in helpers</th>"
                   "<th>case</th><th>helpers</th>%s</tr>\n",
                dev_name(c->framing), several ? "<th>elf</th>" : "");
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
            helper_text(r, hc, sizeof(hc), hn, sizeof(hn));
            fprintf(f, "<td class=\"n\">%s</td><td>", hc);
            csim_xml_text(f, r->c->name);
            fprintf(f, "%s%s</td><td>%s</td>", marks(r)[0] ? " " : "", marks(r), hn);
            html_image_cell(f, c, r->c);
        }
        fputs("</table>\n", f);
    }
    fprintf(f, "<h2>Footprint in bytes (%zu rows matched)</h2>\n<p>The estimate is the largest over the cases "
               "the row covers.</p>\n<table>\n<tr><th>section</th><th>row</th><th>cases</th>",
            c->n_footprint);
    for (int m = CSIM_MET_CODE; m < CSIM_MET_COUNT; m++) {
        fprintf(f, "<th colspan=\"3\">%s: estimate, published, %s</th>", metric_titles[m], dev_name(c->framing));
    }
    fprintf(f, "%s</tr>\n", several ? "<th>elf</th>" : "");
    for (size_t i = 0; i < c->n_footprint; i++) {
        const csim_cmp_row *r = &c->footprint[i];
        fprintf(f, "<tr><td>%s</td><td>", section_label(r->pub->section));
        csim_xml_text(f, r->pub->key);
        fprintf(f, "%s%s</td><td class=\"n\">%zu</td>", marks(r)[0] ? " " : "", marks(r), r->n_cases);
        for (int m = CSIM_MET_CODE; m < CSIM_MET_COUNT; m++) {
            html_row_cells(f, c, r->v[m]);
        }
        html_image_cell(f, c, r->c);
    }
    fputs("</table>\n<h2>Summary</h2>\n<p>", f);
    csim_xml_text(f, stat_name(c->framing));
    fputs("; 90th percentile by nearest rank.</p>\n<table>\n<tr><th>section</th><th>metric</th><th>count</th>"
          "<th>median</th><th>p90</th><th>max</th></tr>\n",
          f);
    for (size_t i = 0; i < c->n_summary; i++) {
        const csim_cmp_summary *s = &c->summary[i];
        char m1[32], m2[32], m3[32];
        fputs("<tr><td>", f);
        if (s->overall) {
            fputs("all sections", f);
        } else {
            fprintf(f, "%s ", section_label(s->section));
            csim_xml_text(f, s->section_title);
        }
        fprintf(f, "</td><td>%s</td><td class=\"n\">%zu</td><td class=\"n\">%s</td><td class=\"n\">%s</td>"
                   "<td class=\"n\">%s</td></tr>\n",
                csim_metric_names[s->metric], s->count, stat_text(m1, sizeof(m1), c->framing, s->median),
                stat_text(m2, sizeof(m2), c->framing, s->p90), stat_text(m3, sizeof(m3), c->framing, s->max));
    }
    fputs("</table>\n", f);
    if (c->state_checked || c->baselines) {
        fputs("<pre>\n", f);
        extra_legend(f, c, "");
        for (size_t i = 0; i < c->n_summary; i++) {
            const csim_cmp_summary *s = &c->summary[i];
            if (s->metric == CSIM_MET_CYCLES) {
                if (s->overall) {
                    fputs("all sections\n", f);
                } else {
                    fprintf(f, "%s ", section_label(s->section));
                    csim_xml_text(f, s->section_title);
                    fputc('\n', f);
                }
                extra_summary(f, c, s, "    ");
            }
        }
        fputs("</pre>\n", f);
    }
    fprintf(f, "<h2>Published rows with no case (%zu)</h2>\n<ul>\n", c->n_unmatched_pub);
    print_unmatched(f, c, CSIM_CMP_HTML);
    fprintf(f, "</ul>\n<h2>Cases with no published row (%zu)</h2>\n<ul>\n", c->n_unmatched_cases);
    for (size_t i = 0; i < c->n_unmatched_cases; i++) {
        fputs("<li>", f);
        csim_xml_text(f, c->unmatched_cases[i]->name);
        fputs(" (row &quot;", f);
        csim_xml_text(f, c->unmatched_cases[i]->row);
        fputs("&quot;)", f);
        const char *path = image_path(c, c->unmatched_cases[i]);
        if (path) {
            fputs(" in ", f);
            csim_xml_text(f, path);
        }
        fputs("</li>\n", f);
    }
    fputs("</ul>\n</body>\n</html>\n", f);
}

void csim_compare_print(FILE *out, csim_cmp_format fmt, const csim_comparison *cmp)
{
    switch (fmt) {
    case CSIM_CMP_TABLE: print_table(out, cmp); break;
    case CSIM_CMP_JSON: print_json(out, cmp, NULL); break;
    case CSIM_CMP_MD: print_md(out, cmp); break;
    case CSIM_CMP_HTML: print_html(out, cmp); break;
    }
}

void csim_compare_print_shard(FILE *out, const csim_comparison *cmp, const csim_shard *shard)
{
    print_json(out, cmp, shard);
}
