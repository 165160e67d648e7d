/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * annotate_report.c - the output of `cyclesim annotate` (docs/profile.md):
 * a case's cycles by source line and instruction, hottest first, as text,
 * JSON or a self-contained HTML source view with heat.  Registered as the
 * annotate report kind's formats, with the profile writers' interface.
 */
#include <stdlib.h>
#include <string.h>

#include "cyclesim/analysis/annotate.h"
#include "cyclesim/common/file.h"
#include "cyclesim/output/in_force.h"
#include "output/escape.h"
#include "output/formats_internal.h"
#include "output/profile_report.h"

#define SOURCE_CAP (4u << 20) /* a source file read for the HTML view */
#define CONTEXT 3             /* lines shown around the annotated ones */

/* The kinds of cycles (the breakdown's buckets) and the flash interface's
 * events: the columns of the tables after cycles, % and insns. */
enum {
#define ONE(field, label, event, bucket) +(bucket)
#define ONE_MS(field, reported) +(reported)
    N_COLUMNS = 0 CSIM_BREAKDOWN_FIELDS(ONE) CSIM_MS_STATS_FIELDS(ONE_MS)
#undef ONE
#undef ONE_MS
};

static double pct(uint64_t a, uint64_t total) { return total ? 100.0 * (double)a / (double)total : 0.0; }

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

typedef void annotation_body(const profile_out *o, const csim_model *m, const csim_case_result *c,
                             const csim_annotation *a);

/* Writes the annotation of o->function's lines (all without one) with body;
 * an error when out of memory or the function did not run in the case. */
static csim_err annotated(const profile_out *o, const csim_model *m, const csim_case_result *c, annotation_body *body)
{
    csim_annotation *a = csim_annotate(c->profile, o->lines, o->function);
    if (!a) {
        return csim_fail(o->diag, CSIM_ERR_NOMEM, "%s: %s: out of memory for the annotation", m->name, c->name);
    }
    csim_err err = CSIM_OK;
    if (o->function && a->n_lines == 0) {
        err = csim_fail(o->diag, CSIM_ERR_USAGE, "%s: %s: function %s did not run in the case", m->name, c->name,
                        o->function);
    } else {
        body(o, m, c, a);
    }
    csim_annotation_free(a);
    return err;
}

/* ---- text ---------------------------------------------------------------- */

static void text_costs(FILE *f, const char *first, uint64_t count, const csim_breakdown *b, const csim_ms_stats *ms,
                       uint64_t total)
{
    fprintf(f, "%-12s %10llu %5.1f%% %9llu", first, (unsigned long long)b->cycles, pct(b->cycles, total),
            (unsigned long long)count);
#define COLUMN(field, label, event, bucket) if (bucket) fprintf(f, " %8llu", (unsigned long long)b->field);
    CSIM_BREAKDOWN_FIELDS(COLUMN)
#undef COLUMN
#define MS_COLUMN(field, reported) if (reported) fprintf(f, " %13llu", (unsigned long long)ms->field);
    CSIM_MS_STATS_FIELDS(MS_COLUMN)
#undef MS_COLUMN
}

static void text_body(const profile_out *o, const csim_model *m, const csim_case_result *c, const csim_annotation *a)
{
    FILE *f = o->f;
    const csim_profile *p = c->profile;
    const uint64_t total = c->cycles + p->overhead_cycles;
    fprintf(f, "== ");
    profile_model_line(f, m, c, o->warm);
    char prov[4096];
    fprintf(f, ": %s\nprovenance: %s\n", c->name, csim_prov_text(prov, sizeof(prov), m));
    fprintf(f, "%llu cycles; profile %llu = cycles + %llu region overhead", (unsigned long long)c->cycles,
            (unsigned long long)total, (unsigned long long)p->overhead_cycles);
    if (o->function) {
        fprintf(f, "; %s: %llu self cycles", o->function, (unsigned long long)a->cycles);
    }
    fprintf(f, "\n%-12s %10s %6s %9s", "line/insn", "cycles", "%", "insns");
#define HEAD(field, label, event, bucket) if (bucket) fprintf(f, " %8s", label);
    CSIM_BREAKDOWN_FIELDS(HEAD)
#undef HEAD
#define MS_HEAD(field, reported) if (reported) fprintf(f, " %13s", #field);
    CSIM_MS_STATS_FIELDS(MS_HEAD)
#undef MS_HEAD
    fputs("  source\n", f);
    for (size_t i = 0; i < a->n_lines && i < o->top; i++) {
        const csim_ann_line *l = &a->lines[i];
        char at[16];
        snprintf(at, sizeof(at), "#%zu", i + 1);
        text_costs(f, at, l->bd.instructions, &l->bd, &l->ms, total);
        fprintf(f, "  %s:%u %s", base_name(l->file), l->line, p->fns[l->fn].name);
        if (l->inlined) {
            fprintf(f, " (inlined %s)", l->inlined);
        }
        fputs(l->line ? "\n" : " (between instructions: exception entry and return)\n", f);
        for (size_t k = 0; k < l->n_insns; k++) {
            const csim_insn_cost *in = l->insns[k];
            if (in->addr != CSIM_NO_INSN) {
                snprintf(at, sizeof(at), "  0x%08x", in->addr);
                text_costs(f, at, in->execs, &in->bd, &in->ms, total);
                fputc('\n', f);
            }
        }
    }
    if (a->n_lines > o->top) {
        fprintf(f, "(%zu more lines; --top N)\n", a->n_lines - o->top);
    }
}

/* ---- JSON ---------------------------------------------------------------- */

static void json_costs(FILE *f, const csim_breakdown *b)
{
    fprintf(f, "\"cycles\": %llu, \"instructions\": %llu", (unsigned long long)b->cycles,
            (unsigned long long)b->instructions);
#define MEMBER(field, label, event, bucket) if (bucket) fprintf(f, ", \"%s\": %llu", #field, (unsigned long long)b->field);
    CSIM_BREAKDOWN_FIELDS(MEMBER)
#undef MEMBER
}

/* ", \"flash\": {...}": the flash interface's events. */
static void json_flash(FILE *f, const csim_ms_stats *ms)
{
    const char *sep = "";
    fputs(", \"flash\": {", f);
#define MS_MEMBER(field, reported) \
    if (reported) fprintf(f, "%s\"%s\": %llu", sep, #field, (unsigned long long)ms->field), sep = ", ";
    CSIM_MS_STATS_FIELDS(MS_MEMBER)
#undef MS_MEMBER
    fputc('}', f);
}

static void json_body(const profile_out *o, const csim_model *m, const csim_case_result *c, const csim_annotation *a)
{
    FILE *f = o->f;
    const csim_profile *p = c->profile;
    fputs("{\"mcu\": ", f);
    csim_json_str(f, m->name);
    fputs(", \"case\": ", f);
    csim_json_str(f, c->name);
    const csim_in_force in = csim_in_force_of(m, c);
    fputs(", ", f);
    csim_in_force_json(f, &in);
    fprintf(f, ", \"state\": \"%s\", \"cycles\": %llu, \"overhead_cycles\": %llu, \"function\": ",
            o->warm ? "warm" : "cold", (unsigned long long)c->cycles, (unsigned long long)p->overhead_cycles);
    if (o->function) {
        csim_json_str(f, o->function);
    } else {
        fputs("null", f);
    }
    fprintf(f, ", \"lines_cycles\": %llu,\n \"functions\": [", (unsigned long long)a->cycles);
    for (size_t i = 0; i < p->n_fns; i++) {
        fputs(i ? ",\n  {\"name\": " : "\n  {\"name\": ", f);
        csim_json_str(f, p->fns[i].name);
        fprintf(f, ", \"addr\": %u, \"self\": {", p->fns[i].addr);
        json_costs(f, &p->fns[i].self_bd);
        fputs("}}", f);
    }
    fputs("],\n \"lines\": [", f);
    for (size_t i = 0; i < a->n_lines; i++) {
        const csim_ann_line *l = &a->lines[i];
        fputs(i ? ",\n  {\"function\": " : "\n  {\"function\": ", f);
        csim_json_str(f, p->fns[l->fn].name);
        fputs(", \"file\": ", f);
        csim_json_str(f, l->file);
        fprintf(f, ", \"line\": %u, \"inlined\": ", l->line);
        if (l->inlined) {
            csim_json_str(f, l->inlined);
        } else {
            fputs("null", f);
        }
        fputs(", ", f);
        json_costs(f, &l->bd);
        json_flash(f, &l->ms);
        fputs(", \"insns\": [", f);
        for (size_t k = 0; k < l->n_insns; k++) {
            const csim_insn_cost *in = l->insns[k];
            fputs(k ? ", {\"addr\": " : "{\"addr\": ", f);
            if (in->addr == CSIM_NO_INSN) {
                fputs("null", f);
            } else {
                fprintf(f, "%u", in->addr);
            }
            fprintf(f, ", \"execs\": %llu, ", (unsigned long long)in->execs);
            json_costs(f, &in->bd);
            json_flash(f, &in->ms);
            fputc('}', f);
        }
        fputs("]}", f);
    }
    fputs("],\n \"provenance\": ", f);
    csim_prov_json(f, m, 1);
    fputs("}\n", f);
}

/* ---- HTML ---------------------------------------------------------------- */

static void html_costs_head(FILE *f)
{
    fputs("<th>cycles</th><th>%</th><th>insns</th>", f);
#define HEAD(field, label, event, bucket) if (bucket) fprintf(f, "<th>%s</th>", label);
    CSIM_BREAKDOWN_FIELDS(HEAD)
#undef HEAD
#define MS_HEAD(field, reported) if (reported) fprintf(f, "<th>%s</th>", #field);
    CSIM_MS_STATS_FIELDS(MS_HEAD)
#undef MS_HEAD
}

static void html_costs(FILE *f, const csim_breakdown *b, const csim_ms_stats *ms, uint64_t total)
{
    fprintf(f, "<td>%llu</td><td>%.1f</td><td>%llu</td>", (unsigned long long)b->cycles, pct(b->cycles, total),
            (unsigned long long)b->instructions);
#define CELL(field, label, event, bucket) if (bucket) fprintf(f, "<td>%llu</td>", (unsigned long long)b->field);
    CSIM_BREAKDOWN_FIELDS(CELL)
#undef CELL
#define MS_CELL(field, reported) if (reported) fprintf(f, "<td>%llu</td>", (unsigned long long)ms->field);
    CSIM_MS_STATS_FIELDS(MS_CELL)
#undef MS_CELL
}

/* Line n (1..) of text, its length in *len; NULL past the end. */
static const char *nth_line(const char *text, uint32_t n, size_t *len)
{
    const char *s = text;
    for (uint32_t k = 1; s && k < n; k++) {
        s = strchr(s, '\n');
        s = s ? s + 1 : NULL;
    }
    if (!s || !*s) {
        return NULL;
    }
    *len = strcspn(s, "\n");
    return s;
}

/* One source file: the lines from CONTEXT before its first annotated line
 * to CONTEXT after its last, each with the cycles of the case's lines there
 * (all functions) and a background as hot as its share of the hottest line. */
static void html_source(FILE *f, const csim_annotation *a, const char *file, uint64_t hottest, uint64_t total)
{
    uint32_t lo = UINT32_MAX, hi = 0;
    for (size_t i = 0; i < a->n_lines; i++) {
        if (a->lines[i].line && strcmp(a->lines[i].file, file) == 0) {
            lo = a->lines[i].line < lo ? a->lines[i].line : lo;
            hi = a->lines[i].line > hi ? a->lines[i].line : hi;
        }
    }
    lo = lo > CONTEXT ? lo - CONTEXT : 1;
    hi += CONTEXT;
    csim_read r;
    char *text = csim_read_file(file, SOURCE_CAP, &r);
    fputs("<h3>", f);
    csim_xml_text(f, file);
    fputs(text ? "</h3>\n" : " (the source could not be read: lines without their text)</h3>\n", f);
    fputs("<table class=\"src\"><tr><th>line</th>", f);
    html_costs_head(f);
    fputs("<th>source</th></tr>\n", f);
    for (uint32_t n = lo; n <= hi; n++) {
        csim_breakdown sum = {0};
        csim_ms_stats ms = {0};
        for (size_t i = 0; i < a->n_lines; i++) {
            if (a->lines[i].line == n && strcmp(a->lines[i].file, file) == 0) {
#define ADD(fd, label, event, bucket) sum.fd += a->lines[i].bd.fd;
                CSIM_BREAKDOWN_FIELDS(ADD)
#undef ADD
#define ADD_MS(fd, reported) ms.fd += a->lines[i].ms.fd;
                CSIM_MS_STATS_FIELDS(ADD_MS)
#undef ADD_MS
            }
        }
        size_t len = 0;
        const char *src = text ? nth_line(text, n, &len) : NULL;
        if (text && !src) {
            break;
        }
        fprintf(f, "<tr style=\"background:rgba(255,64,0,%.3f)\"><td>%u</td>",
                hottest ? 0.85 * (double)sum.cycles / (double)hottest : 0.0, n);
        if (sum.instructions || sum.cycles) {
            html_costs(f, &sum, &ms, total);
        } else {
            fprintf(f, "<td colspan=\"%d\"></td>", 3 + N_COLUMNS);
        }
        fputs("<td class=\"code\">", f);
        if (src) {
            char *copy = strndup(src, len);
            csim_xml_text(f, copy ? copy : "");
            free(copy);
        }
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n", f);
    free(text);
}

static void html_body(const profile_out *o, const csim_model *m, const csim_case_result *c, const csim_annotation *a)
{
    FILE *f = o->f;
    const csim_profile *p = c->profile;
    const uint64_t total = c->cycles + p->overhead_cycles;
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>cyclesim annotate: ", f);
    csim_xml_text(f, c->name);
    fputs("</title>\n<style>\nbody{font-family:sans-serif;margin:1.5em}\n"
          "table{border-collapse:collapse;font-size:13px;margin-bottom:1.5em}\n"
          "th,td{padding:1px 6px;text-align:right;border-bottom:1px solid #eee}\n"
          "th{background:#f4f4f4}\ntd.code,td.where{text-align:left;font-family:monospace;white-space:pre}\n"
          "</style></head><body>\n<h1>", f);
    csim_xml_text(f, c->name);
    fputs("</h1>\n<p>", f);
    char buf[4096];
    {
        char *line = NULL;
        size_t len = 0;
        FILE *mem = open_memstream(&line, &len);
        if (mem) {
            profile_model_line(mem, m, c, o->warm);
            fclose(mem);
            csim_xml_text(f, line ? line : "");
        }
        free(line);
    }
    fprintf(f, "<br>%llu cycles; profile %llu = cycles + %llu region overhead", (unsigned long long)c->cycles,
            (unsigned long long)total, (unsigned long long)p->overhead_cycles);
    if (o->function) {
        fputs("; ", f);
        csim_xml_text(f, o->function);
        fprintf(f, ": %llu self cycles", (unsigned long long)a->cycles);
    }
    fputs("<br>provenance: ", f);
    csim_xml_text(f, csim_prov_text(buf, sizeof(buf), m));
    fputs("</p>\n<h2>Hottest lines</h2>\n<table><tr><th>#</th>", f);
    html_costs_head(f);
    fputs("<th>line</th><th>function</th></tr>\n", f);
    for (size_t i = 0; i < a->n_lines && i < o->top; i++) {
        const csim_ann_line *l = &a->lines[i];
        fprintf(f, "<tr><td>%zu</td>", i + 1);
        html_costs(f, &l->bd, &l->ms, total);
        fputs("<td class=\"where\">", f);
        csim_xml_text(f, base_name(l->file));
        fprintf(f, ":%u</td><td class=\"where\">", l->line);
        csim_xml_text(f, p->fns[l->fn].name);
        if (l->inlined) {
            fputs(" (inlined ", f);
            csim_xml_text(f, l->inlined);
            fputc(')', f);
        }
        fputs("</td></tr>\n", f);
    }
    fputs("</table>\n<h2>Source</h2>\n", f);
    /* The files in order of their hottest line; the heat relative to the hottest line of all. */
    const uint64_t hottest = a->n_lines ? a->lines[0].bd.cycles : 0;
    for (size_t i = 0; i < a->n_lines; i++) {
        const csim_ann_line *l = &a->lines[i];
        bool seen = !l->line || strcmp(l->file, "???") == 0;
        for (size_t k = 0; k < i && !seen; k++) {
            seen = a->lines[k].line && strcmp(a->lines[k].file, l->file) == 0;
        }
        if (!seen) {
            html_source(f, a, l->file, hottest, total);
        }
    }
    fputs("</body></html>\n", f);
}

static csim_err text_record(const profile_out *o, const csim_model *m, const csim_case_result *c)
{
    return annotated(o, m, c, text_body);
}

static csim_err json_record(const profile_out *o, const csim_model *m, const csim_case_result *c)
{
    return annotated(o, m, c, json_body);
}

static csim_err html_record(const profile_out *o, const csim_model *m, const csim_case_result *c)
{
    return annotated(o, m, c, html_body);
}

const struct profile_writer annotate_text_writer = {text_record, false, true, true};
const struct profile_writer annotate_json_writer = {json_record, false, true, true};
const struct profile_writer annotate_html_writer = {html_record, false, true, true};
