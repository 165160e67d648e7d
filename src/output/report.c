/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report.c - table, JSON and CSV output of run results: one writer per format. */
#include <stdlib.h>
#include <string.h>

#include "cyclesim/output/report.h"
#include "cyclesim/output/in_force.h"
#include "cyclesim/analysis/rt_helpers.h"
#include "cyclesim/output/shard_json.h"
#include "output/escape.h"
#include "output/formats_internal.h"
#include "output/report_internal.h"

#define SCHEMA_VERSION 1
#define U(x) ((unsigned long long)(x))

static double case_us(const csim_model *m, const csim_case_result *c)
{
    return (double)c->cycles / (m->clock_hz / 1e6);
}

/* ---- table ------------------------------------------------------------ */

/* Widths of the table's breakdown columns (0: not shown). */
static const int table_width[CSIM_BD_FIELDS] = {
    [CSIM_BD_core] = 10, [CSIM_BD_branch] = 8,       [CSIM_BD_fetch_stall] = 9,
    [CSIM_BD_data_wait] = 9, [CSIM_BD_bus_conflict] = 9, [CSIM_BD_load_use] = 8,
};

/* The header shows what the first case began with; a case that ran with
 * anything else, or changed it, says so under its row. */
static void table_group(csim_report *r, const csim_model *m, const csim_run_result *res, bool warm)
{
    char cfg[64], rt[CSIM_TEXT_ESCAPED_LEN(sizeof(r->rt))];
    r->group_cfg = csim_in_force_of(m, res->n_cases ? &res->cases[0] : NULL);
    r->group_cfg.changed = false;
    fprintf(r->out, "\n%s (%s): %.3g MHz, %s, state %s, model v%u, run-time helpers %s\n", m->name, m->chain,
            r->group_cfg.clock_hz / 1e6, csim_in_force_text(cfg, sizeof(cfg), &r->group_cfg), warm ? "warm" : "cold",
            m->version, csim_text_escape(rt, sizeof(rt), r->rt));
    char prov[4096];
    fputs("provenance: ", r->out);
    csim_text_str(r->out, csim_prov_text(prov, sizeof(prov), m));
    fputc('\n', r->out);
    if (r->rt_alt) {
        fputs("range also over the run-time helpers ", r->out);
        csim_text_str(r->out, r->rt_alt_set);
        fputs(" of ", r->out);
        csim_text_str(r->out, r->rt_alt->path);
        fprintf(r->out, " (sha256 %.16s)\n", r->rt_alt->sha256_hex);
    }
    if (r->n_range_keys && res->n_cases && res->cases[0].ranged) {
        char keys[CSIM_RANGE_KEYS_TEXT];
        fputs("range over these uncertain keys only (--range-keys): ", r->out);
        csim_text_str(r->out, csim_range_keys_text(keys, sizeof(keys), r->range_keys, r->n_range_keys, " "));
        fputc('\n', r->out);
    }
    fprintf(r->out, "%-44s %12s", "case", "cycles");
    if (res->n_cases && res->cases[0].ranged) {
        fprintf(r->out, " %12s %12s %12s %12s %-6s", "low", "high", "int_low", "int_high", "class");
    }
    fprintf(r->out, " %11s %11s", "time_us", "insns");
#define HEAD(f, label, ...) if (table_width[CSIM_BD_##f]) fprintf(r->out, " %*s", table_width[CSIM_BD_##f], label);
    CSIM_BREAKDOWN_FIELDS(HEAD)
#undef HEAD
    fprintf(r->out, " %8s %8s %7s\n", "hits", "misses", "stack");
}

static void table_record(csim_report *r, const csim_model *m, const csim_case_result *c, bool warm)
{
    (void)warm;
    const csim_breakdown *b = &c->bd;
    csim_text_pad(r->out, c->name, 44);
    fprintf(r->out, " %12llu", U(c->cycles));
    if (c->ranged) {
        fprintf(r->out, " %12llu %12llu", U(c->cycles_low), U(c->cycles_high));
        if (c->has_interval) {
            fprintf(r->out, " %12llu %12llu %-6s", U(c->interval_low), U(c->interval_high), c->op_class);
        } else {
            fprintf(r->out, " %12s %12s %-6s", "-", "-", "-");
        }
    }
    fprintf(r->out, " %11.2f %11llu", case_us(m, c), U(b->instructions));
#define COLUMN(f, ...) if (table_width[CSIM_BD_##f]) fprintf(r->out, " %*llu", table_width[CSIM_BD_##f], U(b->f));
    CSIM_BREAKDOWN_FIELDS(COLUMN)
#undef COLUMN
    fprintf(r->out, " %8llu %8llu %7u%s\n", U(c->ms.hits), U(c->ms.misses), c->stack_bytes,
            c->status ? "  FAILED" : "");
    if (c->rt_alt) {
        fprintf(r->out, "%-44s %12llu with the run-time helpers %s\n", "", U(c->rt_alt_cycles), r->rt_alt_set);
    }
    if (c->attempts) {
        fprintf(r->out, "%-44s %12llu per attempt (%u signing attempts)\n", "", U(c->cycles / c->attempts),
                c->attempts);
    }
    csim_in_force in = csim_in_force_of(m, c);
    if (!csim_in_force_same(&in, &r->group_cfg)) {
        char note[128];
        fprintf(r->out, "%-44s flash: %s\n", "", csim_in_force_note(note, sizeof(note), &in));
    }
    char assumed[256];
    if (csim_assumed_text(assumed, sizeof(assumed), c)) {
        fprintf(r->out, "%-44s " CSIM_ASSUMED_LABEL "%s\n", "", assumed);
    }
}

static void table_group_end(csim_report *r, const csim_run_result *res)
{
    fprintf(r->out, "%-44s %12llu%s %11s %11llu   (whole run, %.3f s host, %.1f MIPS)\n", "total",
            (unsigned long long)res->total_cycles,
            res->n_cases && res->cases[0].ranged ? "                                                            " : "",
            "", (unsigned long long)res->total_insns, res->host_seconds,
            res->host_seconds > 0 ? res->total_insns / res->host_seconds / 1e6 : 0.0);
    char note[256];
    if (csim_interval_note(note, sizeof(note), res->cases, res->n_cases)) {
        fprintf(r->out, "%s\n", note);
    }
}

/* ---- JSON (docs/output.md) ---------------------------------------------- */

static void json_begin(csim_report *r)
{
    fprintf(r->out, "{\"schema_version\": %d, \"elf\": {\"path\": ", SCHEMA_VERSION);
    csim_json_str(r->out, r->elf->path);
    fprintf(r->out, ", \"sha256\": \"%s\", \"arch\": ", r->elf->sha256_hex);
    csim_json_str(r->out, r->elf->arch_name);
    fputs(", \"rt\": ", r->out);
    csim_json_str(r->out, r->rt);
    if (r->rt_alt) {
        fputs(", \"rt_alt\": ", r->out);
        csim_rt_alt_json(r->out, r->rt_alt, r->rt_alt_set);
    }
    fputs("},\n \"records\": [", r->out);
}

static void json_record(csim_report *r, const csim_model *m, const csim_case_result *c, bool warm)
{
    FILE *f = r->out;
    const csim_in_force in = csim_in_force_of(m, c);
    const csim_breakdown *b = &c->bd;
    fprintf(f, "%s\n  {\"mcu\": ", r->records++ ? "," : "");
    csim_json_str(f, m->name);
    fputs(", \"model_chain\": ", f);
    csim_json_str(f, m->chain);
    fprintf(f, ", \"model_version\": %u, ", m->version);
    csim_in_force_json(f, &in);
    fprintf(f, ", \"state\": \"%s\", \"elf_sha256\": \"%s\", \"case\": ", warm ? "warm" : "cold", r->elf->sha256_hex);
    csim_json_str(f, c->name);
    fputs(", \"row\": ", f);
    csim_json_str(f, c->row);
    fprintf(f, ", \"attempts\": %u, \"cycles_per_attempt\": ", c->attempts);
    if (c->attempts) {
        fprintf(f, "%llu", (unsigned long long)(c->cycles / c->attempts));
    } else {
        fputs("null", f);
    }
    fprintf(f, ", \"cycles\": %llu, \"time_us\": %.3f, \"instructions\": %llu, \"status\": %u, "
               "\"fw_cycles\": %u, \"workbuf\": %u, \"stack\": %u, \"code\": %u, \"const\": %u, "
               "\"data\": %u, ",
            U(c->cycles), case_us(m, c), U(b->instructions), c->status, c->fw_cycles, c->workbuf, c->stack_bytes,
            c->code_bytes, c->const_bytes, c->data_bytes);
    if (c->ranged) { /* run --range */
        fprintf(f, "\"cycles_low\": %llu, \"cycles_high\": %llu, \"range_keys\": ", U(c->cycles_low),
                U(c->cycles_high));
        csim_range_keys_json(f, r->range_keys, r->n_range_keys);
        fputs(", ", f);
        if (c->rt_alt) {
            fprintf(f, "\"rt_alt_cycles\": %llu, ", U(c->rt_alt_cycles));
        }
        csim_interval_json(f, c);
        fputs(", ", f);
    }
    fputs("\"breakdown\": {", f);
    const char *sep = "";
#define BUCKET(field, label, event, bucket) \
    if (bucket) fprintf(f, "%s\"" #field "\": %llu", sep, U(b->field)), sep = ", ";
    CSIM_BREAKDOWN_FIELDS(BUCKET)
#undef BUCKET
    fputs("}, \"flash\": {", f);
    sep = "";
#define STAT(field, reported) if (reported) fprintf(f, "%s\"" #field "\": %llu", sep, U(c->ms.field)), sep = ", ";
    CSIM_MS_STATS_FIELDS(STAT)
#undef STAT
    fputc('}', f);
    csim_assumed_json(f, c);
    fputc('}', f);
}

static void json_end(csim_report *r)
{
    fputs("\n ],\n \"provenance\": ", r->out);
    csim_prov_json(r->out, r->models, r->n_models);
    if (r->shard) {
        FILE *f = r->out;
        fputs(",\n", f);
        csim_shard_head_write(f, "run", r->shard);
        fputs(", \"image\": ", f);
        csim_shard_image_write(f, r->elf, r->rt, "");
        fputs(",\n  \"models\": [", f);
        for (size_t g = 0; g < r->n_groups; g++) {
            const shard_group *sg = &r->groups[g];
            fprintf(f, "%s{\"model\": ", g ? ",\n   " : "\n   ");
            csim_shard_model_write(f, sg->m);
            fprintf(f, ", \"state\": \"%s\", \"complete\": %s, \"total_cycles\": %llu, \"total_insns\": %llu, "
                       "\"host_seconds\": %.17g, \"cases\": [",
                    sg->warm ? "warm" : "cold", sg->complete ? "true" : "false",
                    (unsigned long long)sg->res.total_cycles, (unsigned long long)sg->res.total_insns,
                    sg->res.host_seconds);
            for (size_t i = 0; i < sg->res.n_cases; i++) {
                fputs(i ? ",\n    " : "\n    ", f);
                csim_shard_case_write(f, sg->m, &sg->res.cases[i]);
            }
            fputs("]}", f);
        }
        fputs("]}", f);
    }
    fputs("}\n", r->out);
}

/* ---- CSV -------------------------------------------------------------- */

/* The header comes with the first record (or at the end, if there is none),
 * for it to know whether the cases have a range (run --range). */
static void csv_header(csim_report *r, bool ranged)
{
    if (r->records++) {
        return;
    }
    if (r->rt_alt) {
        ranged = true; /* --rt-alt: never without its range */
    }
    fputs("mcu,clock_hz,latency,icache,prefetch,state,case,row,cycles,time_us,instructions,", r->out);
#define HEAD(field, label, event, bucket) if (bucket) fputs(#field ",", r->out);
    CSIM_BREAKDOWN_FIELDS(HEAD)
#undef HEAD
    fputs("cache_hits,cache_misses,fw_cycles,status,model_version,elf_sha256,workbuf,stack,code,const,data,attempts,"
          "cycles_per_attempt,rt" CSIM_PROV_CSV_HEAD ",priced_by_assumption",
          r->out);
    fputs(ranged ? ",cycles_low,cycles_high" CSIM_INTERVAL_CSV_HEAD ",range_keys" : "", r->out);
    fputs(r->rt_alt ? ",rt_alt,rt_alt_sha256,rt_alt_cycles\n" : "\n", r->out);
}

static void csv_end(csim_report *r) { csv_header(r, false); }

static void csv_record(csim_report *r, const csim_model *m, const csim_case_result *c, bool warm)
{
    const csim_in_force in = csim_in_force_of(m, c);
    const csim_breakdown *b = &c->bd;
    csv_header(r, c->ranged);
    csim_csv_field(r->out, m->name);
    fprintf(r->out, ",%u,%u,%d,%d,%s,", in.clock_hz, in.wait_states, in.cache_enabled, in.prefetch,
            csim_state_text(warm, &in));
    csim_csv_field(r->out, c->name);
    fputc(',', r->out);
    csim_csv_field(r->out, c->row);
    fprintf(r->out, ",%llu,%.3f,%llu,", U(c->cycles), case_us(m, c), U(b->instructions));
#define COLUMN(field, label, event, bucket) if (bucket) fprintf(r->out, "%llu,", U(b->field));
    CSIM_BREAKDOWN_FIELDS(COLUMN)
#undef COLUMN
    fprintf(r->out, "%llu,%llu,%u,%u,%u,%s,%u,%u,%u,%u,%u,", U(c->ms.hits), U(c->ms.misses), c->fw_cycles, c->status,
            m->version, r->elf->sha256_hex, c->workbuf, c->stack_bytes, c->code_bytes, c->const_bytes, c->data_bytes);
    if (c->attempts) { /* empty for a case that reports no attempts */
        fprintf(r->out, "%u,%llu", c->attempts, (unsigned long long)(c->cycles / c->attempts));
    } else {
        fputc(',', r->out);
    }
    fputc(',', r->out);
    csim_csv_field(r->out, r->rt);
    csim_prov_csv(r->out, m);
    char assumed[256];
    fputc(',', r->out);
    csim_csv_field(r->out, csim_assumed_text(assumed, sizeof(assumed), c) ? assumed : "");
    if (c->ranged) {
        fprintf(r->out, ",%llu,%llu", U(c->cycles_low), U(c->cycles_high));
        csim_interval_csv(r->out, c);
        char keys[CSIM_RANGE_KEYS_TEXT];
        fputc(',', r->out);
        csim_csv_field(r->out, csim_range_keys_text(keys, sizeof(keys), r->range_keys, r->n_range_keys, " "));
    } else if (r->rt_alt) { /* a case left without a range: the header has its columns */
        fputs(",,", r->out);
        csim_interval_csv(r->out, c);
        fputc(',', r->out);
    }
    if (r->rt_alt) {
        fputc(',', r->out);
        csim_csv_field(r->out, r->rt_alt_set);
        fprintf(r->out, ",%s,%llu", r->rt_alt->sha256_hex, U(c->rt_alt_cycles));
    }
    fputc('\n', r->out);
}

/* ---- the report ------------------------------------------------------- */

const struct run_writer run_table_writer = {NULL, table_group, table_record, table_group_end, NULL, false};
const struct run_writer run_json_writer = {json_begin, NULL, json_record, NULL, json_end, true};
const struct run_writer run_csv_writer = {NULL, NULL, csv_record, NULL, csv_end, false};

csim_report *csim_report_open(FILE *out, const csim_output_format *fmt, const csim_elf *elf, const char *rt,
                              const csim_elf *rt_alt, const csim_shard *shard)
{
    csim_report *r = calloc(1, sizeof(*r));
    if (!r) {
        return NULL;
    }
    const struct run_writer *w = fmt->w.run;
    *r = (csim_report){.out = out, .w = w, .elf = elf, .rt_alt = rt_alt, .shard = w->shard ? shard : NULL};
    if (rt_alt) {
        csim_rt_set(rt_alt, r->rt_alt_set, sizeof(r->rt_alt_set));
    }
    if (rt) {
        snprintf(r->rt, sizeof(r->rt), "%s", rt);
    } else {
        csim_rt_set(elf, r->rt, sizeof(r->rt));
    }
    if (r->w->begin) {
        r->w->begin(r);
    }
    return r;
}

void csim_report_range_keys(csim_report *r, const char *const *keys, size_t n)
{
    if (r) {
        r->range_keys = keys;
        r->n_range_keys = n;
    }
}

/* Keeps a copy of a model's results for the shard member (shard.h). */
static void keep_group(csim_report *r, const csim_model *m, const csim_run_result *res, bool warm, bool complete)
{
    shard_group *g = realloc(r->groups, (r->n_groups + 1) * sizeof(*g));
    csim_case_result *cases = res->n_cases ? malloc(res->n_cases * sizeof(*cases)) : NULL;
    if (!g || (res->n_cases && !cases)) {
        r->groups = g ? g : r->groups;
        free(cases);
        r->shard_nomem = true;
        return;
    }
    r->groups = g;
    g[r->n_groups] = (shard_group){m, warm, complete, *res};
    g[r->n_groups].res.cases = cases;
    for (size_t i = 0; i < res->n_cases; i++) {
        cases[i] = res->cases[i];
        cases[i].profile = NULL;
    }
    r->n_groups++;
}

static void add_cases(csim_report *r, const csim_model *m, const csim_run_result *res, bool warm)
{
    size_t k = 0;
    while (k < r->n_models && strcmp(r->models[k].name, m->name) != 0) {
        k++;
    }
    csim_model *grown = k == r->n_models ? realloc(r->models, (k + 1) * sizeof(*grown)) : NULL;
    if (grown) {
        r->models = grown;
        r->models[r->n_models++] = *m;
    }
    if (r->w->group) {
        r->w->group(r, m, res, warm);
    }
    for (size_t i = 0; i < res->n_cases; i++) {
        r->w->record(r, m, &res->cases[i], warm);
    }
}

void csim_report_add(csim_report *r, const csim_model *m, const csim_run_result *res, bool warm)
{
    if (!r) {
        return;
    }
    add_cases(r, m, res, warm);
    if (r->shard) {
        keep_group(r, m, res, warm, true);
    }
    if (r->w->group_end) {
        r->w->group_end(r, res);
    }
}

void csim_report_partial(csim_report *r, const csim_model *m, const csim_run_result *res)
{
    if (r && res->n_cases) {
        add_cases(r, m, res, false);
    }
    if (r && r->shard) {
        keep_group(r, m, res, false, false);
    }
}

bool csim_report_finish(csim_report *r)
{
    if (!r) {
        return true;
    }
    if (r->w->end) {
        r->w->end(r);
    }
    bool ok = !r->shard_nomem;
    for (size_t g = 0; g < r->n_groups; g++) {
        free(r->groups[g].res.cases);
    }
    free(r->groups);
    free(r->models);
    free(r);
    return ok;
}
