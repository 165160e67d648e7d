/* SPDX-License-Identifier: GPL-2.0-or-later */
/* leak_report.c - the output of `cyclesim leak` (leak_report.h, docs/leak.md). */
#include <math.h>
#include <stdbool.h>

#include "cyclesim/backends/disasm.h"
#include "cyclesim/output/in_force.h"
#include "output/escape.h"
#include "output/formats_internal.h"
#include "output/leak_report.h"
#include "output/svg.h"

struct leak_writer {
    void (*write)(FILE *f, const leak_doc *d, const csim_disasm *dis);
};

static const char *const class_names[2] = {"fixed", "random"};
static const char *const verdict_codes[] = {
    [LEAK_CONSTANT] = "constant-time", [LEAK_HIDDEN] = "address-dependent", [LEAK_TIMING] = "leaks"};

/* "function+0x12", or the address alone without a symbol. */
static const char *where(char *buf, size_t len, const csim_elf *elf, uint32_t addr)
{
    uint32_t off = 0;
    const csim_symbol *s = csim_elf_locate(elf, addr, &off);
    if (s) {
        snprintf(buf, len, "%s+0x%x", s->name, off);
    } else {
        snprintf(buf, len, "0x%08x", addr);
    }
    return buf;
}

/* The source line of the instruction at addr (DWARF), or NULL. */
static const csim_src_pos *source(const leak_doc *d, uint32_t addr, csim_src_pos *pos)
{
    return d->lines && csim_lines_at(d->lines, addr, pos) ? pos : NULL;
}

/* The causes of li, "; "-separated (text, HTML) or as JSON strings. */
static void causes(FILE *f, const leak_insn *li, bool json)
{
    bool first = true;
    for (unsigned b = 0; b < 32; b++) {
        if (li->causes & (1u << b)) {
            fputs(first ? "" : json ? ", " : "; ", f);
            if (json) {
                csim_json_str(f, leak_cause_name(1u << b));
            } else {
                fputs(leak_cause_name(1u << b), f);
            }
            first = false;
        }
    }
}

static const char *t_text(char *buf, size_t len, double t)
{
    if (isinf(t)) {
        snprintf(buf, len, "%sinf (both classes constant, means differ)", t < 0 ? "-" : "");
    } else {
        snprintf(buf, len, "%.2f", t);
    }
    return buf;
}

static const char *agreement(const leak_case *c)
{
    return c->agree ? "the t-test and the instruction analysis agree"
                    : "the t-test and the instruction analysis DISAGREE (docs/leak.md)";
}

/* ---- text ---------------------------------------------------------------- */

static void text_write(FILE *f, const leak_doc *d, const csim_disasm *dis)
{
    char prov[1024], buf[160], tb[64];
    fprintf(f, "cyclesim leak: %s (threshold |t| > %.1f, as dudect)\n", d->elf->path, LEAK_T_THRESHOLD);
    for (size_t m = 0; m < d->n_models; m++) {
        const csim_model *model = &d->models[m];
        fprintf(f, "\n%s\nprovenance: %s\n", model->name, csim_prov_text(prov, sizeof(prov), model));
        for (size_t k = 0; k < d->n_cases; k++) {
            const leak_case *c = &d->cases[m * d->n_cases + k];
            fputs("\n  ", f);
            csim_text_str(f, c->name);
            fputs(": secret: ", f);
            if (c->n_secrets) {
                fprintf(f, "%u bytes in %u mark(s)", c->secret_bytes, c->n_secrets);
            } else {
                fputs("no mark, all inputs screened", f);
            }
            fprintf(f, "; %zu inputs per class\n", c->n);
            fprintf(f, "    t-test: fixed %.1f cycles (sd %.1f), random %.1f (sd %.1f): t = %s\n", c->mean[0],
                    c->sd[0], c->mean[1], c->sd[1], t_text(tb, sizeof(tb), c->t));
            fprintf(f, "    verdict: %s; %s\n", leak_verdict_name(c->verdict), agreement(c));
            if (c->n_insns) {
                fprintf(f, "    %-10s  %-32s %-8s %-17s %-17s %s\n", "address", "function+offset", "insn",
                        "executions", "cycles/input", "cause");
            }
            for (size_t i = 0; i < c->n_insns; i++) {
                const leak_insn *li = &c->insns[i];
                char ex[40], cy[40];
                snprintf(ex, sizeof(ex), "%llu..%llu", (unsigned long long)li->count_min,
                         (unsigned long long)li->count_max);
                snprintf(cy, sizeof(cy), "%llu..%llu", (unsigned long long)li->cycles_min,
                         (unsigned long long)li->cycles_max);
                fprintf(f, "    0x%08x  %-32s %-8s %-17s %-17s ", li->addr, where(buf, sizeof(buf), d->elf, li->addr),
                        csim_disasm_name(dis, li->id), ex, cy);
                causes(f, li, false);
                csim_src_pos pos;
                if (source(d, li->addr, &pos)) {
                    fputs("  at ", f);
                    csim_text_str(f, pos.file);
                    fprintf(f, ":%u", pos.line);
                }
                fputc('\n', f);
            }
        }
    }
}

/* ---- JSON ---------------------------------------------------------------- */

static void json_range(FILE *f, const char *key, uint64_t lo, uint64_t hi)
{
    fprintf(f, ", \"%s\": [%llu, %llu]", key, (unsigned long long)lo, (unsigned long long)hi);
}

static void json_write(FILE *f, const leak_doc *d, const csim_disasm *dis)
{
    char buf[160];
    fputs("{\"schema_version\": 1, \"firmware\": ", f);
    csim_json_str(f, d->elf->path);
    fprintf(f, ", \"t_threshold\": %.1f, \"provenance\": ", LEAK_T_THRESHOLD);
    csim_prov_json(f, d->models, d->n_models);
    fputs(", \"results\": [", f);
    for (size_t m = 0; m < d->n_models; m++) {
        for (size_t k = 0; k < d->n_cases; k++) {
            const leak_case *c = &d->cases[m * d->n_cases + k];
            fputs(m + k ? ",\n  {\"mcu\": " : "\n  {\"mcu\": ", f);
            csim_json_str(f, d->models[m].name);
            fputs(", \"case\": ", f);
            csim_json_str(f, c->name);
            fprintf(f, ", \"secret_marks\": %u, \"secret_bytes\": %u, \"inputs_per_class\": %zu, \"classes\": {",
                    c->n_secrets, c->secret_bytes, c->n);
            for (int cl = 0; cl < 2; cl++) {
                fprintf(f, "%s\"%s\": {\"mean\": %.3f, \"sd\": %.3f, \"cycles\": [", cl ? ", " : "", class_names[cl],
                        c->mean[cl], c->sd[cl]);
                for (size_t i = 0; i < c->n; i++) {
                    fprintf(f, "%s%llu", i ? ", " : "", (unsigned long long)c->cycles[cl][i]);
                }
                fputs("]}", f);
            }
            if (isinf(c->t)) {
                fprintf(f, "}, \"t\": null, \"t_unbounded\": %s", c->t < 0 ? "\"-inf\"" : "\"inf\"");
            } else {
                fprintf(f, "}, \"t\": %.4f, \"t_unbounded\": null", c->t);
            }
            fprintf(f, ", \"t_leaks\": %s, \"verdict\": \"%s\", \"agree\": %s, \"instructions\": [",
                    c->t_leaks ? "true" : "false", verdict_codes[c->verdict], c->agree ? "true" : "false");
            for (size_t i = 0; i < c->n_insns; i++) {
                const leak_insn *li = &c->insns[i];
                fprintf(f, "%s\n    {\"addr\": \"0x%08x\", \"symbol\": ", i ? "," : "", li->addr);
                csim_json_str(f, where(buf, sizeof(buf), d->elf, li->addr));
                fputs(", \"mnemonic\": ", f);
                csim_json_str(f, csim_disasm_name(dis, li->id));
                json_range(f, "executions", li->count_min, li->count_max);
                json_range(f, "cycles", li->cycles_min, li->cycles_max);
                fputs(", \"causes\": [", f);
                causes(f, li, true);
                fputs("], \"source\": ", f);
                csim_src_pos pos;
                if (source(d, li->addr, &pos)) {
                    fputs("{\"file\": ", f);
                    csim_json_str(f, pos.file);
                    fprintf(f, ", \"line\": %u}}", pos.line);
                } else {
                    fputs("null}", f);
                }
            }
            fputs("]}", f);
        }
    }
    fputs("\n]}\n", f);
}

/* ---- HTML ---------------------------------------------------------------- */

#define HIST_BINS 20
#define HIST_W 420.0
#define HIST_H 150.0

/* The two classes' cycles as side-by-side bars over HIST_BINS bins. */
static void histogram(FILE *f, const leak_case *c)
{
    uint64_t lo = UINT64_MAX, hi = 0;
    for (int cl = 0; cl < 2; cl++) {
        for (size_t i = 0; i < c->n; i++) {
            lo = c->cycles[cl][i] < lo ? c->cycles[cl][i] : lo;
            hi = c->cycles[cl][i] > hi ? c->cycles[cl][i] : hi;
        }
    }
    unsigned count[2][HIST_BINS] = {{0}};
    const double width = (double)(hi - lo) / HIST_BINS;
    unsigned top = 1;
    for (int cl = 0; cl < 2; cl++) {
        for (size_t i = 0; i < c->n; i++) {
            unsigned b = width > 0 ? (unsigned)((double)(c->cycles[cl][i] - lo) / width) : 0;
            b = b < HIST_BINS ? b : HIST_BINS - 1;
            top = ++count[cl][b] > top ? count[cl][b] : top;
        }
    }
    static const char *const colour[2] = {"#1f77b4", "#ff7f0e"};
    const double x0 = 40, y0 = 20, pw = HIST_W - 50, ph = HIST_H - 50, bw = pw / HIST_BINS;
    csim_svg_begin(f, HIST_W, HIST_H, 11, false);
    for (int cl = 0; cl < 2; cl++) {
        for (unsigned b = 0; b < HIST_BINS; b++) {
            if (count[cl][b]) {
                const double h = ph * count[cl][b] / top;
                fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n",
                        x0 + b * bw + cl * bw / 2, y0 + ph - h, bw / 2, h, colour[cl]);
            }
        }
        fprintf(f, "<text x=\"%.1f\" y=\"12\" fill=\"%s\">%s</text>\n", x0 + 120.0 * cl, colour[cl],
                class_names[cl]);
    }
    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\"/>\n", x0, y0 + ph, x0 + pw,
            y0 + ph);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">%llu</text>\n", x0, y0 + ph + 15, (unsigned long long)lo);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%llu cycles</text>\n", x0 + pw, y0 + ph + 15,
            (unsigned long long)hi);
    fprintf(f, "<text x=\"5\" y=\"%.1f\">%u</text>\n", y0 + 4, top);
    csim_svg_end(f);
}

static void html_write(FILE *f, const leak_doc *d, const csim_disasm *dis)
{
    char prov[1024], buf[160], tb[64];
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>cyclesim leak</title>\n"
          "<style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{border:1px solid #ccc;"
          "padding:2px 6px;font-family:monospace}</style>\n</head>\n<body>\n<h1>cyclesim leak: ",
          f);
    csim_xml_text(f, d->elf->path);
    fprintf(f, "</h1>\n<p>Welch's t-test threshold |t| &gt; %.1f, as dudect (docs/leak.md).</p>\n",
            LEAK_T_THRESHOLD);
    for (size_t m = 0; m < d->n_models; m++) {
        fputs("<h2>", f);
        csim_xml_text(f, d->models[m].name);
        fputs("</h2>\n<p>Provenance: ", f);
        csim_xml_text(f, csim_prov_text(prov, sizeof(prov), &d->models[m]));
        fputs("</p>\n", f);
        for (size_t k = 0; k < d->n_cases; k++) {
            const leak_case *c = &d->cases[m * d->n_cases + k];
            fputs("<h3>", f);
            csim_xml_text(f, c->name);
            fprintf(f, "</h3>\n<p>Verdict: <b>%s</b>; %s.<br>\n", leak_verdict_name(c->verdict), agreement(c));
            fprintf(f, "%zu inputs per class; fixed %.1f cycles (sd %.1f), random %.1f (sd %.1f); t = %s</p>\n", c->n,
                    c->mean[0], c->sd[0], c->mean[1], c->sd[1], t_text(tb, sizeof(tb), c->t));
            histogram(f, c);
            if (!c->n_insns) {
                continue;
            }
            fputs("\n<table>\n<tr><th>address</th><th>function+offset</th><th>insn</th><th>executions</th>"
                  "<th>cycles/input</th><th>cause</th><th>source</th></tr>\n",
                  f);
            for (size_t i = 0; i < c->n_insns; i++) {
                const leak_insn *li = &c->insns[i];
                fprintf(f, "<tr><td>0x%08x</td><td>", li->addr);
                csim_xml_text(f, where(buf, sizeof(buf), d->elf, li->addr));
                fputs("</td><td>", f);
                csim_xml_text(f, csim_disasm_name(dis, li->id));
                fprintf(f, "</td><td>%llu..%llu</td><td>%llu..%llu</td><td>", (unsigned long long)li->count_min,
                        (unsigned long long)li->count_max, (unsigned long long)li->cycles_min,
                        (unsigned long long)li->cycles_max);
                causes(f, li, false);
                fputs("</td><td>", f);
                csim_src_pos pos;
                if (source(d, li->addr, &pos)) {
                    csim_xml_text(f, pos.file);
                    fprintf(f, ":%u", pos.line);
                }
                fputs("</td></tr>\n", f);
            }
            fputs("</table>\n", f);
        }
    }
    fputs("</body>\n</html>\n", f);
}

const struct leak_writer leak_text_writer = {text_write};
const struct leak_writer leak_json_writer = {json_write};
const struct leak_writer leak_html_writer = {html_write};

bool leak_write(const csim_output_format *fmt, FILE *f, const leak_doc *d)
{
    csim_disasm *dis = csim_disasm_new();
    if (!dis) {
        return false;
    }
    fmt->w.leak->write(f, d, dis);
    csim_disasm_free(dis);
    return true;
}
