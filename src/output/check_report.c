/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * check_report.c - the reports of `cyclesim check` (check_report.h): the
 * terminal summary, JUnit XML for any CI and Markdown for a pull request
 * (docs/ci.md).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/output/in_force.h"
#include "output/check_report.h"
#include "output/escape.h"
#include "output/formats_internal.h"

/* A format's writer: begin, then every row for each part (the rows'
 * verdicts, the cases that ran with another flash configuration than their
 * MCU's, then what grew in those over budget), then end (NULL: nothing). */
typedef enum check_part { CHECK_ROWS, CHECK_IN_FORCE, CHECK_EXPLAIN, CHECK_PARTS } check_part;
struct check_writer {
    void (*begin)(const check *c, FILE *f);
    void (*record)(const check *c, FILE *f, check_part p, size_t i);
    void (*end)(const check *c, FILE *f);
};

static double delta_pct(uint64_t actual, uint64_t limit)
{
    if (limit == 0) {
        return actual ? INFINITY : 0;
    }
    return ((double)actual - (double)limit) * 100.0 / (double)limit;
}

static const char *state_name(const check *c)
{
    return c->warm ? "warm" : "cold";
}

/* Which cycles were held to the budget, said when not the estimate (--gate). */
static const char *gate_text(const check *c)
{
    switch (c->gate) {
    case GATE_HIGH: return "the high end of each case's range over the model's uncertain keys";
    case GATE_LOW: return "the low end of each case's range over the model's uncertain keys";
    case GATE_INTERVAL_HIGH:
        return "the high end of each case's calibrated interval (of its range where its class has no interval)";
    case GATE_INTERVAL_LOW:
        return "the low end of each case's calibrated interval (of its range where its class has no interval)";
    default: return NULL;
    }
}

/* What an MCU's cases ran with, as run's table header shows it: its first
 * case's configuration in force (docs/output.md); a case that began with
 * another, or whose firmware changed it, gets a note of its own. */
static csim_in_force model_in_force(const check *c, unsigned model)
{
    const csim_case_result *first = NULL;
    for (size_t i = 0; i < c->n_rows && !first; i++) {
        first = c->rows[i].model == model ? c->rows[i].now : NULL;
    }
    csim_in_force in = csim_in_force_of(&c->models[model], first);
    in.changed = false;
    return in;
}

/* The note of a row whose case did not run with its MCU's configuration (NULL: it did). */
static const char *row_in_force_note(const check *c, const row *r, char *buf, size_t len)
{
    if (!r->now) {
        return NULL;
    }
    const csim_in_force in = csim_in_force_of(&c->models[r->model], r->now), mcu = model_in_force(c, r->model);
    return csim_in_force_same(&in, &mcu) ? NULL : csim_in_force_note(buf, len, &in);
}

/* The instructions a row's case priced by assumption (NULL: none, or no case). */
static const char *row_assumed(const row *r, char *buf, size_t len)
{
    return r->now ? csim_assumed_text(buf, len, r->now) : NULL;
}

/* The one-line verdict of an over-budget row ("cycles 10 > 9 (+11.1%, tolerance 0%)"). */
static void over_text(const row *r, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = 0;
    for (int g = 0; g < FIGS; g++) {
        if (r->over[g] && used < len) {
            used += (size_t)snprintf(buf + used, len - used, "%s%s %llu > %llu (%+.2f%%, tolerance %g%%)",
                                     used ? "; " : "", check_fig_names[g], (unsigned long long)r->actual[g],
                                     (unsigned long long)r->limit[g], delta_pct(r->actual[g], r->limit[g]), r->tol);
        }
    }
}

/* How the settings differ from those the budgets were recorded with (check.h):
 * a heading, then each line between `before` and `after`, escaped by `put`. */
static void settings_lines(const check *c, FILE *f, const char *heading, const char *before, const char *after,
                           void (*put)(FILE *, const char *))
{
    if (!c->settings_diff[0]) {
        return;
    }
    fputs(heading, f);
    for (const char *line = c->settings_diff; *line; line += strcspn(line, "\n") + 1) {
        char one[512];
        snprintf(one, sizeof(one), "%.*s", (int)strcspn(line, "\n"), line);
        fputs(before, f);
        put(f, one);
        fputs(after, f);
    }
}

static void put_plain(FILE *f, const char *s) { fputs(s, f); }

/* ---- the terminal summary ----------------------------------------------------- */

static void summary_begin(const check *c, FILE *f)
{
    fprintf(f, "cyclesim check: %s (sha256 %.12s) against %s%s, state %s\n", c->elf_path, c->elf->sha256_hex,
            c->old_elf ? "baseline " : "budgets ", c->old_elf ? c->old_path : c->budget_path, state_name(c));
    if (gate_text(c)) {
        fprintf(f, "cycles checked: %s (--gate %s)\n", gate_text(c), check_gate_names[c->gate]);
    }
    for (unsigned m = 0; m < c->n_models; m++) {
        char note[128];
        const csim_in_force in = model_in_force(c, m);
        char prov[4096];
        fprintf(f, "flash of %s: %s\nprovenance of %s: %s\n", c->models[m].name,
                csim_in_force_note(note, sizeof(note), &in), c->models[m].name,
                csim_prov_text(prov, sizeof(prov), &c->models[m]));
    }
    settings_lines(c, f, "settings differ from those the budgets were recorded with (docs/budgets.md):\n", "  ",
                   "\n", put_plain);
    fprintf(f, "%-44s %-12s %-11s %12s %6s %12s %9s  %s\n", "case", "mcu", "figure", c->old_elf ? "baseline" : "budget",
            "tol%", "actual", "delta", "verdict");
}

static void summary_record(const check *c, FILE *f, check_part p, size_t i)
{
    const row *r = &c->rows[i];
    const char *mcu = c->models[r->model].name;
    if (p == CHECK_ROWS) {
        if (r->v == V_CASE_FAILED || r->v == V_ERROR) {
            csim_text_pad(f, r->case_name, 44);
            fprintf(f, " %-12s %-11s %12s %6s %12s %9s  %s: %s\n", mcu, "-", "-", "-", "-", "-",
                    check_verdict_names[r->v], r->why);
            return;
        }
        for (int g = 0; g < FIGS; g++) {
            if (!r->has[g]) {
                continue;
            }
            csim_text_pad(f, r->case_name, 44);
            fprintf(f, " %-12s %-11s %12llu %6g %12llu %+8.2f%%  %s\n", mcu, check_fig_names[g],
                    (unsigned long long)r->limit[g], r->tol, (unsigned long long)r->actual[g],
                    delta_pct(r->actual[g], r->limit[g]), c->update ? "updated" : r->over[g] ? "OVER" : "ok");
        }
        char note[256];
        if (row_in_force_note(c, r, note, sizeof(note))) {
            fprintf(f, "%-44s flash: %s\n", "", note);
        }
        if (row_assumed(r, note, sizeof(note))) {
            fprintf(f, "%-44s " CSIM_ASSUMED_LABEL "%s\n", "", note);
        }
        return;
    }
    if (p != CHECK_EXPLAIN || c->update || r->v != V_OVER) {
        return;
    }
    explain x;
    check_explain(c, r, &x);
    char msg[512];
    over_text(r, msg, sizeof(msg));
    fputc('\n', f);
    csim_text_str(f, r->case_name);
    fprintf(f, " on %s: %s\n", mcu, msg);
    if (x.have_kinds) {
        fputs("  kinds of cycles:", f);
        for (int k = 0; k < BUDGET_KINDS; k++) {
            int64_t d = (int64_t)(x.now_kinds[k] - x.ref_kinds[k]);
            if (d) {
                fprintf(f, " %s %+lld", budget_kind_names[k], (long long)d);
            }
        }
        fputc('\n', f);
    }
    if (x.n_fns) {
        fputs("  functions that grew (self cycles):", f);
        for (size_t k = 0; k < x.n_fns; k++) {
            const growth *g = &x.fns[k];
            fprintf(f, "%s ", k ? "," : "");
            csim_text_str(f, g->name);
            fprintf(f, " %s%+lld%s", g->known ? "" : ">= ",
                    (long long)(g->now - g->ref), g->known ? "" : " (not recorded)");
        }
        fputc('\n', f);
    } else if (!x.have_fns) {
        fputs("  (no per-function figures to compare", f);
        fputs(r->old ? ")\n" : "; record them with --update)\n", f);
    }
}

static void summary_end(const check *c, FILE *f)
{
    unsigned counts[4] = {0};
    for (size_t i = 0; i < c->n_rows; i++) {
        counts[c->rows[i].v]++;
    }
    fprintf(f, "\ncheck: %zu checked, %u ok, %u over budget, %u case(s) failed, %u error(s)%s\n", c->n_rows,
            counts[V_OK], counts[V_OVER], counts[V_CASE_FAILED], counts[V_ERROR],
            c->update ? "; budgets updated" : "");
}

/* ---- JUnit XML ------------------------------------------------------------------ */

static void junit_begin(const check *c, FILE *f)
{
    unsigned failures = 0, errors = 0;
    for (size_t i = 0; i < c->n_rows; i++) {
        failures += c->rows[i].v == V_OVER || c->rows[i].v == V_CASE_FAILED;
        errors += c->rows[i].v == V_ERROR;
    }
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<testsuites name=\"cyclesim check\" tests=\"%zu\" failures=\"%u\" errors=\"%u\" time=\"%.3f\">\n",
            c->n_rows, failures, errors, c->host_seconds);
    fputs("  <testsuite name=\"", f);
    csim_xml_text(f, c->elf_path);
    fprintf(f, "\" tests=\"%zu\" failures=\"%u\" errors=\"%u\" skipped=\"0\" time=\"%.3f\">\n", c->n_rows, failures,
            errors, c->host_seconds);
    fputs("    <properties>\n      <property name=\"elf_sha256\" value=\"", f);
    csim_xml_text(f, c->elf->sha256_hex);
    fputs(c->old_elf ? "\"/>\n      <property name=\"baseline\" value=\"" : "\"/>\n      <property name=\"budgets\" value=\"", f);
    csim_xml_text(f, c->old_elf ? c->old_path : c->budget_path);
    fprintf(f, "\"/>\n      <property name=\"state\" value=\"%s\"/>\n", state_name(c));
    if (gate_text(c)) {
        fprintf(f, "      <property name=\"gate\" value=\"%s\"/>\n", check_gate_names[c->gate]);
    }
    for (unsigned m = 0; m < c->n_models; m++) {
        char note[128];
        const csim_in_force in = model_in_force(c, m);
        fputs("      <property name=\"flash.", f);
        csim_xml_text(f, c->models[m].name);
        fprintf(f, "\" value=\"%s\"/>\n", csim_in_force_note(note, sizeof(note), &in));
        char prov[4096];
        fputs("      <property name=\"provenance.", f);
        csim_xml_text(f, c->models[m].name);
        fputs("\" value=\"", f);
        csim_xml_text(f, csim_prov_text(prov, sizeof(prov), &c->models[m]));
        fputs("\"/>\n", f);
    }
    settings_lines(c, f, "", "      <property name=\"settings_differ\" value=\"", "\"/>\n", csim_xml_text);
    fputs("    </properties>\n", f);
}

static void junit_record(const check *c, FILE *f, check_part p, size_t i)
{
    if (p != CHECK_ROWS) {
        return;
    }
    const row *r = &c->rows[i];
    fputs("    <testcase classname=\"cyclesim.", f);
    csim_xml_text(f, c->models[r->model].name);
    fputs("\" name=\"", f);
    csim_xml_text(f, r->case_name);
    fputs("\">\n", f);
    char msg[512];
    if (r->v == V_OVER) {
        over_text(r, msg, sizeof(msg));
        fputs("      <failure type=\"over-budget\" message=\"", f);
        csim_xml_text(f, msg);
        fputs("\">", f);
        explain x;
        check_explain(c, r, &x);
        if (x.have_kinds) {
            fputs("kinds of cycles (reference -> now):\n", f);
            for (int k = 0; k < BUDGET_KINDS; k++) {
                fprintf(f, "  %s %llu -> %llu\n", budget_kind_names[k], (unsigned long long)x.ref_kinds[k],
                        (unsigned long long)x.now_kinds[k]);
            }
        }
        if (x.n_fns) {
            fputs("functions that grew most (self cycles):\n", f);
            for (size_t k = 0; k < x.n_fns; k++) {
                fputs("  ", f);
                csim_xml_text(f, x.fns[k].name);
                fprintf(f, " %s%+lld%s\n", x.fns[k].known ? "" : "&gt;= ", (long long)(x.fns[k].now - x.fns[k].ref),
                        x.fns[k].known ? "" : " (not recorded)");
            }
        }
        fputs("</failure>\n", f);
    } else if (r->v == V_CASE_FAILED || r->v == V_ERROR) {
        fprintf(f, "      <%s type=\"%s\" message=\"", r->v == V_ERROR ? "error" : "failure",
                r->v == V_ERROR ? "run-error" : "known-answer");
        csim_xml_text(f, r->why);
        fprintf(f, "\"/>\n");
    }
    if (r->v == V_OK || r->v == V_OVER) {
        fputs("      <system-out>", f);
        for (int g = 0; g < FIGS; g++) {
            if (r->has[g]) {
                fprintf(f, "%s %llu, %s %llu, delta %+.2f%%, tolerance %g%%\n", check_fig_names[g],
                        (unsigned long long)r->actual[g], c->old_elf ? "baseline" : "budget",
                        (unsigned long long)r->limit[g], delta_pct(r->actual[g], r->limit[g]), r->tol);
            }
        }
        if (row_in_force_note(c, r, msg, sizeof(msg))) {
            fprintf(f, "flash: %s\n", msg);
        }
        if (row_assumed(r, msg, sizeof(msg))) {
            fputs(CSIM_ASSUMED_LABEL, f);
            csim_xml_text(f, msg);
            fputc('\n', f);
        }
        fputs("</system-out>\n", f);
    }
    fputs("    </testcase>\n", f);
}

static void junit_end(const check *c, FILE *f)
{
    (void)c;
    fputs("  </testsuite>\n</testsuites>\n", f);
}

static void md_delta(FILE *f, uint64_t now, uint64_t ref)
{
    fprintf(f, "%+lld", (long long)(now - ref));
    if (ref) {
        fprintf(f, " (%+.2f %%)", delta_pct(now, ref));
    }
}

/* ---- Markdown ------------------------------------------------------------------ */

static void md_begin(const check *c, FILE *f)
{
    unsigned bad = 0;
    for (size_t i = 0; i < c->n_rows; i++) {
        bad += c->rows[i].v != V_OK;
    }
    const char *ref = c->old_elf ? "baseline" : "budget";
    if (c->update) {
        fprintf(f, "## cyclesim check: budgets updated (%zu)\n\n", c->n_rows);
    } else if (bad) {
        fprintf(f, "## cyclesim check: %u of %zu not within %s\n\n", bad, c->n_rows, ref);
    } else {
        fprintf(f, "## cyclesim check: all %zu within %s\n\n", c->n_rows, ref);
    }
    fputs("ELF `", f);
    csim_md_text(f, c->elf_path);
    fprintf(f, "` (sha256 `%.12s`), %s `", c->elf->sha256_hex, c->old_elf ? "baseline" : "budgets");
    csim_md_text(f, c->old_elf ? c->old_path : c->budget_path);
    fprintf(f, "`, state %s.\n\n", state_name(c));
    if (gate_text(c)) {
        fprintf(f, "Cycles checked: %s (`--gate %s`).\n\n", gate_text(c), check_gate_names[c->gate]);
    }
    for (unsigned m = 0; m < c->n_models; m++) {
        char note[128];
        const csim_in_force in = model_in_force(c, m);
        fprintf(f, "%s %s %s", m ? ";" : "Flash in force:", c->models[m].name, csim_in_force_note(note, sizeof(note), &in));
    }
    fputs(c->n_models ? ".\n\n" : "", f);
    for (unsigned m = 0; m < c->n_models; m++) {
        char prov[4096];
        fprintf(f, "Provenance of %s: ", c->models[m].name);
        csim_md_text(f, csim_prov_text(prov, sizeof(prov), &c->models[m]));
        fputs(".\n\n", f);
    }
    settings_lines(c, f, "Settings differ from those the budgets were recorded with (docs/budgets.md):\n\n", "- ",
                   "\n", csim_md_text);
    fputs(c->settings_diff[0] ? "\n" : "", f);
    fprintf(f, "| verdict | case | MCU | figure | %s | actual | delta | tolerance |\n", ref);
    fputs("|---|---|---|---|---:|---:|---:|---:|\n", f);
}

static void md_record(const check *c, FILE *f, check_part p, size_t i)
{
    const char *ref = c->old_elf ? "baseline" : "budget";
    if (p == CHECK_ROWS) {
        const row *r = &c->rows[i];
        if (r->v == V_CASE_FAILED || r->v == V_ERROR) {
            fprintf(f, "| **%s** | `", check_verdict_names[r->v]);
            csim_md_text(f, r->case_name);
            fprintf(f, "` | %s | | | | ", c->models[r->model].name);
            csim_md_text(f, r->why);
            fputs(" | |\n", f);
            return;
        }
        for (int g = 0; g < FIGS; g++) {
            if (!r->has[g]) {
                continue;
            }
            fprintf(f, "| %s | `", c->update ? "updated" : r->over[g] ? "**over budget**" : "ok");
            csim_md_text(f, r->case_name);
            fputc('`', f);
            char assumed[256];
            if (row_assumed(r, assumed, sizeof(assumed))) {
                fputs(" (" CSIM_ASSUMED_LABEL, f);
                csim_md_text(f, assumed);
                fputc(')', f);
            }
            fprintf(f, " | %s | %s | %llu | %llu | %+.2f %% | %g %% |\n", c->models[r->model].name, check_fig_names[g],
                    (unsigned long long)r->limit[g], (unsigned long long)r->actual[g],
                    delta_pct(r->actual[g], r->limit[g]), r->tol);
        }
        return;
    }
    const row *r = &c->rows[i];
    char msg[512];
    if (p == CHECK_IN_FORCE) {
        if (row_in_force_note(c, r, msg, sizeof(msg))) {
            char note[128];
            size_t first = 0; /* the list's heading goes before its first case */
            while (!row_in_force_note(c, &c->rows[first], note, sizeof(note))) {
                first++;
            }
            fputs(first == i ? "\nCases that ran with another flash configuration than their MCU's:\n\n- `" : "- `", f);
            csim_md_text(f, r->case_name);
            fprintf(f, "` on %s: %s\n", c->models[r->model].name, msg);
        }
        return;
    }
    if (c->update || r->v != V_OVER) {
        return;
    }
    over_text(r, msg, sizeof(msg));
    fputs("\n### `", f);
    csim_md_text(f, r->case_name);
    fprintf(f, "` on %s\n\n", c->models[r->model].name);
    csim_md_text(f, msg);
    fputs("\n\n", f);
    explain x;
    check_explain(c, r, &x);
    if (x.have_kinds) {
        fprintf(f, "| kind of cycles | %s | actual | delta |\n|---|---:|---:|---:|\n", ref);
        for (int k = 0; k < BUDGET_KINDS; k++) {
            fprintf(f, "| %s | %llu | %llu | ", budget_kind_names[k], (unsigned long long)x.ref_kinds[k],
                    (unsigned long long)x.now_kinds[k]);
            md_delta(f, x.now_kinds[k], x.ref_kinds[k]);
            fputs(" |\n", f);
        }
        fputc('\n', f);
    }
    if (x.n_fns) {
        fprintf(f, "Functions that grew most (self cycles):\n\n| function | %s | actual | delta |\n"
                   "|---|---:|---:|---:|\n", ref);
        for (size_t k = 0; k < x.n_fns; k++) {
            const growth *g = &x.fns[k];
            fputs("| `", f);
            csim_md_text(f, g->name);
            if (g->known) {
                fprintf(f, "` | %llu | %llu | ", (unsigned long long)g->ref, (unsigned long long)g->now);
                md_delta(f, g->now, g->ref);
            } else {
                fprintf(f, "` | not recorded (<= %llu) | %llu | >= %+lld", (unsigned long long)g->ref,
                        (unsigned long long)g->now, (long long)(g->now - g->ref));
            }
            fputs(" |\n", f);
        }
        fputc('\n', f);
    } else if (!x.have_fns) {
        fputs(r->old ? "No per-function figures to compare.\n"
                     : "The budget records no per-function figures (`cyclesim check --update` records them).\n",
              f);
    }
}

/* ---- the writers' driver -------------------------------------------------------- */

const struct check_writer check_summary_writer = {summary_begin, summary_record, summary_end};
const struct check_writer check_junit_writer = {junit_begin, junit_record, junit_end};
const struct check_writer check_md_writer = {md_begin, md_record, NULL};

void check_write(const check *c, const csim_output_format *fmt, FILE *f)
{
    const struct check_writer *w = fmt->w.check;
    w->begin(c, f);
    for (int p = 0; p < CHECK_PARTS; p++) {
        for (size_t i = 0; i < c->n_rows; i++) {
            w->record(c, f, (check_part)p, i);
        }
    }
    if (w->end) {
        w->end(c, f);
    }
}
