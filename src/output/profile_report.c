/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * profile_report.c - the output of `cyclesim profile` (profile_report.h): a
 * case's profile as a table, a callgrind file or collapsed stacks, and the
 * input-variation table (docs/profile.md).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/analysis/rt_helpers.h"
#include "cyclesim/output/in_force.h"
#include "output/escape.h"
#include "output/formats_internal.h"
#include "output/profile_report.h"

/* The model and the configuration case c ran with (NULL: the model's). */
void profile_model_line(FILE *f, const csim_model *m, const csim_case_result *c, bool warm)
{
    const csim_in_force in = csim_in_force_of(m, c);
    char cfg[64];
    fprintf(f, "%s (%.3g MHz, %s, state %s%s)", m->name, in.clock_hz / 1e6, csim_in_force_text(cfg, sizeof(cfg), &in),
            warm ? "warm" : "cold", in.changed ? ", flash changed by the firmware during the case" : "");
}

static uint64_t profile_total(const csim_profile *p)
{
    uint64_t t = 0;
    for (size_t i = 0; i < p->n_fns; i++) {
        t += p->fns[i].self_cycles;
    }
    return t;
}

static double pct(uint64_t a, uint64_t total) { return total ? 100.0 * (double)a / (double)total : 0.0; }

/* "run-time helpers (SET): N cycles = P% of the case: name cycles, ..." */
static void helper_line(FILE *f, const char *prefix, const csim_case_result *c, const char *set)
{
    csim_rt_usage u;
    char names[512], set_text[CSIM_TEXT_ESCAPED_LEN(32)];
    csim_rt_usage_of(c->profile, &u);
    csim_rt_names(&u, names, sizeof(names));
    fprintf(f, "%srun-time helpers (%s): %llu cycles = %.1f%% of the case%s%s\n", prefix,
            csim_text_escape(set_text, sizeof(set_text), set),
            (unsigned long long)u.cycles, c->cycles ? 100.0 * (double)u.cycles / (double)c->cycles : 0.0,
            names[0] ? ": " : "", names);
}

/* "priced by assumption: VSQRT x100", nothing when the case priced none. */
static void assumed_line(FILE *f, const char *prefix, const csim_case_result *c)
{
    char assumed[256];
    if (csim_assumed_text(assumed, sizeof(assumed), c)) {
        fprintf(f, "%s" CSIM_ASSUMED_LABEL "%s\n", prefix, assumed);
    }
}

static csim_err table_record(const profile_out *o, const csim_model *m, const csim_case_result *c)
{
    FILE *f = o->f;
    const csim_profile *p = c->profile;
    uint64_t total = profile_total(p);
    fprintf(f, "\n== ");
    profile_model_line(f, m, c, o->warm);
    fputs(": ", f);
    csim_text_str(f, c->name);
    char prov[4096];
    fputs("\nprovenance: ", f);
    csim_text_str(f, csim_prov_text(prov, sizeof(prov), m));
    fputc('\n', f);
    fprintf(f, "%llu cycles; profile %llu = cycles + %llu region overhead; stack %u B, code %u B, const %u B, "
               "data %u B\n",
            (unsigned long long)c->cycles, (unsigned long long)total, (unsigned long long)p->overhead_cycles,
            c->stack_bytes, c->code_bytes, c->const_bytes, c->data_bytes);
    if (c->ranged) { /* profile --range */
        fprintf(f, "range over the model's uncertain keys: %llu..%llu cycles (docs/accuracy.md \"Ranges\")\n",
                (unsigned long long)c->cycles_low, (unsigned long long)c->cycles_high);
    }
    if (c->has_interval) {
        fprintf(f, "calibrated interval (nominal %u %%, class %s, table %s): %llu..%llu cycles (docs/accuracy.md)\n",
                c->interval_pct, c->op_class, c->interval_table, (unsigned long long)c->interval_low,
                (unsigned long long)c->interval_high);
    }
    helper_line(f, "", c, o->rt);
    assumed_line(f, "", c);
    fprintf(f, "%-32s %11s %6s %11s %6s %8s", "function", "self", "%", "incl", "%", "calls");
#define HEAD(field, label, event, bucket) if (bucket) fprintf(f, " %*s", CSIM_BD_##field == CSIM_BD_core ? 11 : 9, label);
    CSIM_BREAKDOWN_FIELDS(HEAD)
#undef HEAD
    fputc('\n', f);
    for (size_t i = 0; i < p->n_fns && i < o->top; i++) {
        const csim_fn_cost *fn = &p->fns[i];
        const csim_breakdown *b = &fn->self_bd;
        csim_text_pad(f, fn->name, 32);
        fprintf(f, " %11llu %5.1f%% %11llu %5.1f%% %8llu", (unsigned long long)fn->self_cycles,
                pct(fn->self_cycles, total), (unsigned long long)fn->incl_cycles, pct(fn->incl_cycles, total),
                (unsigned long long)fn->calls);
#define COLUMN(field, label, event, bucket) \
    if (bucket) fprintf(f, " %*llu", CSIM_BD_##field == CSIM_BD_core ? 11 : 9, (unsigned long long)b->field);
        CSIM_BREAKDOWN_FIELDS(COLUMN)
#undef COLUMN
        fputc('\n', f);
    }
    if (p->n_fns > o->top) {
        fprintf(f, "(%zu more functions; --top N)\n", p->n_fns - o->top);
    }
    return CSIM_OK;
}

static csim_err collapsed_record(const profile_out *o, const csim_model *m, const csim_case_result *c)
{
    FILE *f = o->f;
    const csim_profile *p = c->profile;
    char name[CSIM_TEXT_ESCAPED_LEN(sizeof(c->name))], mcu[128];
    csim_name_token(name, sizeof(name), c->name, "; ");
    for (size_t i = 0; i < p->n_stacks; i++) {
        const csim_stack_cost *s = &p->stacks[i];
        fprintf(f, "%s;%s", csim_name_token(mcu, sizeof(mcu), m->name, "; "), name);
        for (uint32_t k = 0; k < s->depth; k++) {
            char fn[512];
            csim_name_token(fn, sizeof(fn), p->fns[s->frames[k]].name, "; ");
            fprintf(f, ";%s", fn);
        }
        fprintf(f, " %llu\n", (unsigned long long)s->cycles);
    }
    return CSIM_OK;
}

/* Characters a file name of a case keeps as they are ('/' becomes '_'). */
static const char file_safe[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,+=-_/";
static const char file_separators[] = "/\\ \t:;*?\"<>|~";

/* Whether another case of elf's table has a name that gives the same file
 * name as `token` ("a/b" and "a_b"). */
static bool file_name_shared(const csim_elf *elf, const char *name, const char *token)
{
    size_t n = csim_case_list(elf, NULL, NULL, 0);
    char (*names)[96] = n ? malloc(n * sizeof(*names)) : NULL;
    bool shared = n && !names; /* out of memory: the hashed name, always unique */
    n = names ? csim_case_list(elf, names, NULL, n) : 0;
    for (size_t i = 0; i < n && !shared; i++) {
        char other[CSIM_TEXT_ESCAPED_LEN(96)];
        shared = strcmp(names[i], name) != 0 &&
                 strcmp(csim_name_token(other, sizeof(other), names[i], file_separators), token) == 0;
    }
    free(names);
    return shared;
}

/* The case's part of its callgrind file name: the name with '/' as '_'; a
 * name with any other character, or whose file name another case of the
 * table would have too, as that and "~" and the FNV-1a hash of the whole
 * name, so that two cases of a table (unique names) never share a file. */
static void case_file_name(char *out, size_t len, const csim_elf *elf, const char *name)
{
    char token[CSIM_TEXT_ESCAPED_LEN(96)];
    csim_name_token(token, sizeof(token), name, file_separators);
    if (strspn(name, file_safe) == strlen(name) && !file_name_shared(elf, name, token)) {
        snprintf(out, len, "%s", token);
        return;
    }
    uint64_t h = 0xcbf29ce484222325u; /* FNV-1a, 64-bit offset basis and prime */
    for (const unsigned char *u = (const unsigned char *)name; *u; u++) {
        h = (h ^ *u) * 0x100000001b3u;
    }
    snprintf(out, len, "%.96s~%016llx", token, (unsigned long long)h);
}

/* ---- callgrind ---------------------------------------------------------- */

/* The file names of a callgrind file, compressed: "(id) name" the first time,
 * "(id)" after (valgrind's docs/callgrind-format, "Name compression"). */
typedef struct cg_files {
    const char **names;
    size_t n, cap;
} cg_files;

static void cg_file(FILE *f, cg_files *t, const char *key, const char *name)
{
    for (size_t i = 0; i < t->n; i++) {
        if (strcmp(t->names[i], name) == 0) {
            fprintf(f, "%s=(%zu)\n", key, i + 1);
            return;
        }
    }
    if (t->n == t->cap) {
        size_t cap = t->cap ? 2 * t->cap : 32;
        const char **n = realloc(t->names, cap * sizeof(*n));
        if (!n) { /* uncompressed: still valid */
            fprintf(f, "%s=", key);
            csim_text_str(f, name);
            fputc('\n', f);
            return;
        }
        t->names = n;
        t->cap = cap;
    }
    t->names[t->n++] = name;
    fprintf(f, "%s=(%zu) ", key, t->n);
    csim_text_str(f, name); /* a name from the ELF's DWARF: no newline splits the record */
    fputc('\n', f);
}

/* The file and line of the instruction at addr ("???", 0 without DWARF). */
static csim_src_pos cg_pos(const profile_out *o, uint32_t addr)
{
    csim_src_pos pos = {"???", 0, NULL};
    if (!o->lines || addr == CSIM_NO_INSN || !csim_lines_at(o->lines, addr, &pos)) {
        pos = (csim_src_pos){"???", 0, NULL};
    }
    return pos;
}

static void cg_costs(FILE *f, const csim_breakdown *b)
{
#define COST(field, label, event, bucket) if (event[0]) fprintf(f, " %llu", (unsigned long long)b->field);
    CSIM_BREAKDOWN_FIELDS(COST)
#undef COST
    fputc('\n', f);
}

/* The cost lines of one function: its instructions in the file of their
 * line (fi= inlined from another file, fe= back in the function's own), then
 * its calls (an edge at the branch of its first call). */
typedef struct cg_fn {
    FILE *f;
    const profile_out *o;
    const csim_profile *p;
    cg_files *files;
    size_t id;             /* index into p->fns */
    const char *fl, *cur;  /* the function's file, the file of the cost lines */
} cg_fn;

static void cg_switch(cg_fn *g, const char *file)
{
    if (strcmp(file, g->cur) != 0) {
        cg_file(g->f, g->files, strcmp(file, g->fl) == 0 ? "fe" : "fi", file);
        g->cur = file;
    }
}

/* Each call line at its branch (the function's entry when there is none: an
 * exception), with the callee's inclusive cost of every event. */
static void cg_calls(cg_fn *g)
{
    const csim_profile *p = g->p;
    for (size_t k = 0; k < p->n_edges; k++) {
        const csim_call_edge *e = &p->edges[k];
        if (e->caller != g->id) {
            continue;
        }
        const csim_fn_cost *callee = &p->fns[e->callee];
        const uint32_t site = e->site ? e->site : p->fns[g->id].addr;
        const csim_src_pos to = cg_pos(g->o, callee->addr), from = cg_pos(g->o, site);
        cg_switch(g, from.file);
        cg_file(g->f, g->files, "cfi", to.file);
        /* Function names: the id alone once the function has been named (its fn= line or a cfn= before). */
        fprintf(g->f, "cfn=(%u)", e->callee + 1);
        if (e->callee > g->id) {
            fputc(' ', g->f);
            csim_text_str(g->f, callee->name);
        }
        fputc('\n', g->f);
        fprintf(g->f, "calls=%llu 0x%x %u\n0x%x %u", (unsigned long long)e->calls, callee->addr, to.line, site,
                from.line);
        cg_costs(g->f, &e->incl);
    }
}

/* Callgrind format (valgrind's docs/callgrind-format): one file per case and
 * model, positions "instr line" as valgrind's --dump-instr=yes writes them. */
static csim_err callgrind_record(const profile_out *o, const csim_model *m, const csim_case_result *c)
{
    char file[CSIM_TEXT_ESCAPED_LEN(96) + 24], mcu[128], path[4096];
    case_file_name(file, sizeof(file), o->elf, c->name);
    snprintf(path, sizeof(path), "%s/callgrind.out.%s.%s", o->dir,
             csim_name_token(mcu, sizeof(mcu), m->name, file_separators), file);
    csim_out out;
    csim_err err = csim_out_open(&out, path, o->diag);
    if (err) {
        return err;
    }
    FILE *f = out.f;
    const csim_elf *elf = o->elf;
    const csim_profile *p = c->profile;
    const char *base = strrchr(elf->path, '/') ? strrchr(elf->path, '/') + 1 : elf->path;
    fputs("# callgrind format\nversion: 1\ncreator: cyclesim\ncmd: ", f);
    csim_text_str(f, base);
    fputs(" case ", f);
    csim_text_str(f, c->name);
    fputc('\n', f);
    fprintf(f, "desc: MCU: ");
    profile_model_line(f, m, c, o->warm);
    fprintf(f, "\ndesc: Case: %llu cycles + %llu region overhead (the empty case), stack %u B\n",
            (unsigned long long)c->cycles, (unsigned long long)p->overhead_cycles, c->stack_bytes);
    helper_line(f, "desc: ", c, o->rt);
    assumed_line(f, "desc: ", c);
    char prov[4096];
    fputs("desc: Provenance: ", f);
    csim_text_str(f, csim_prov_text(prov, sizeof(prov), m));
    fputc('\n', f);
    fputs("positions: instr line\nevents:", f);
#define EVENT(field, label, event, bucket) if (event[0]) fprintf(f, " %s", event);
    CSIM_BREAKDOWN_FIELDS(EVENT)
#undef EVENT
    fputc('\n', f);
    cg_files files = {0};
    csim_breakdown sum = {0};
    size_t at = 0; /* p->insns is by function, then address */
    for (size_t i = 0; i < p->n_fns; i++) {
        const csim_fn_cost *fn = &p->fns[i];
        const csim_src_pos entry = cg_pos(o, fn->addr);
        cg_fn g = {f, o, p, &files, i, entry.file, entry.file};
        fputc('\n', f);
        cg_file(f, &files, "fl", entry.file);
        fprintf(f, "fn=(%zu) ", i + 1);
        csim_text_str(f, fn->name);
        fputc('\n', f);
        const size_t first = at;
        for (; at < p->n_insns && p->insns[at].fn == i; at++) {
            const csim_insn_cost *in = &p->insns[at];
            const csim_src_pos pos = in->addr == CSIM_NO_INSN ? (csim_src_pos){entry.file, 0, NULL} : cg_pos(o, in->addr);
            cg_switch(&g, pos.file);
            /* Cycles between instructions (exception entry, return): line 0 of the function. */
            fprintf(f, "0x%x %u", in->addr == CSIM_NO_INSN ? fn->addr : in->addr, pos.line);
            cg_costs(f, &in->bd);
        }
        if (at == first) { /* no per-instruction costs (a profile without lines): the function's entry */
            fprintf(f, "0x%x %u", fn->addr, entry.line);
            cg_costs(f, &fn->self_bd);
        }
        cg_calls(&g);
#define SUM(field, label, event, bucket) sum.field += fn->self_bd.field;
        CSIM_BREAKDOWN_FIELDS(SUM)
#undef SUM
    }
    free(files.names);
    fputs("\ntotals:", f);
    cg_costs(f, &sum);
    return csim_out_close(&out, o->diag);
}

/* min/mean/max/stddev of each case's cycles over the known-answer run and the seeds. */
void profile_write_variation(FILE *f, const csim_model *m, const csim_run_result *runs, unsigned n_runs, bool warm)
{
    fprintf(f, "\ninput variation, ");
    profile_model_line(f, m, runs[0].n_cases ? &runs[0].cases[0] : NULL, warm);
    fprintf(f, ": known answer + %u random inputs (seeds 1..%u)\n", n_runs - 1, n_runs - 1);
    fprintf(f, "%-44s %5s %12s %14s %12s %12s\n", "case", "runs", "min", "mean", "max", "stddev");
    for (size_t i = 0; i < runs[0].n_cases; i++) {
        const csim_case_result *c = &runs[0].cases[i];
        uint64_t lo = c->cycles, hi = c->cycles;
        double sum = 0, sq = 0;
        unsigned n = 0;
        for (unsigned r = 0; r < n_runs; r++) {
            for (size_t k = 0; k < runs[r].n_cases; k++) {
                if (strcmp(runs[r].cases[k].name, c->name) == 0) {
                    uint64_t v = runs[r].cases[k].cycles;
                    lo = v < lo ? v : lo;
                    hi = v > hi ? v : hi;
                    sum += (double)v;
                    sq += (double)v * (double)v;
                    n++;
                    break;
                }
            }
        }
        double mean = sum / n, var = sq / n - mean * mean;
        csim_text_pad(f, c->name, 44);
        fprintf(f, " %5u %12llu %14.1f %12llu %12.1f%s\n", n, (unsigned long long)lo, mean,
                (unsigned long long)hi, var > 0 ? sqrt(var) : 0.0, hi != lo ? "  varies with the data" : "");
    }
}

const struct profile_writer profile_table_writer = {table_record, false, false, false};
const struct profile_writer profile_callgrind_writer = {callgrind_record, true, false, true};
const struct profile_writer profile_collapsed_writer = {collapsed_record, false, true, false};

csim_err profile_write_case(const csim_output_format *fmt, const profile_out *o, const csim_model *m,
                        const csim_case_result *c)
{
    return fmt->w.profile->record(o, m, c);
}

bool profile_writes_files(const csim_output_format *fmt)
{
    return fmt->w.profile->files;
}

bool profile_wants_lines(const csim_output_format *fmt)
{
    return fmt->w.profile->lines;
}

bool profile_stream_is_bare(const csim_output_format *fmt)
{
    return fmt->w.profile->bare;
}
