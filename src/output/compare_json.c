/* SPDX-License-Identifier: GPL-2.0-or-later */
/* compare_json.c - the JSON writer of a comparison (compare_writer.h; schema: docs/compare.md). */
#include <math.h>

#include "cyclesim/analysis/rt_helpers.h"
#include "cyclesim/output/shard_json.h"
#include "output/compare_writer.h"
#include "output/escape.h"

#define SCHEMA_VERSION 1

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
    if (im->rt_alt) {
        fputs(", \"rt_alt\": ", f);
        csim_rt_alt_json(f, im->rt_alt, im->rt_alt_set);
    }
    fputc('}', f);
}

/* "case" and the path of its image. */
static void json_case(FILE *f, const csim_comparison *c, const csim_case_result *k)
{
    fputs("\"case\": ", f);
    csim_json_str(f, k->name);
    fputs(", \"elf\": ", f);
    csim_json_str(f, csim_cmp_image_of(c, k)->elf->path);
    csim_assumed_json(f, k);
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

static void json_begin(const cmp_out *o)
{
    FILE *f = o->f;
    const csim_comparison *c = o->c;
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
    fputs(", ", f);
    const csim_in_force in = cmp_in_force(c);
    csim_in_force_json(f, &in);
    fprintf(f, ", \"state\": \"%s\"},\n \"provenance\": ", c->warm ? "warm" : "cold");
    csim_prov_json(f, m, 1);
    fputs(",\n \"measured\": {\"source\": ", f);
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
    fprintf(f, " \"state_checked\": %s, \"state_sensitive_rows\": %zu, \"state_threshold_pct\": %g, \"baselines\": %s,\n",
            c->state_checked ? "true" : "false", c->n_state_sensitive, CSIM_CMP_STATE_PCT,
            c->baselines ? "true" : "false");
    if (c->ranged) {
        fputs(" \"range_keys\": ", f);
        csim_range_keys_json(f, c->range_keys, c->n_range_keys);
        fputs(",\n", f);
    }
    fputs(" \"notes\": [", f);
    for (size_t i = 0; i < c->n_notes; i++) {
        fputs(i ? ", " : "", f);
        csim_json_str(f, c->notes[i]);
    }
}

/* Each part is an array: the one before closes where the next opens. */
static void json_part(const cmp_out *o, cmp_part p)
{
    static const char *const names[CMP_PARTS] = {"cycles", "footprint", "summary", "unmatched_published",
                                                 "unmatched_cases"};
    fprintf(o->f, "],\n \"%s\": [", names[p]);
}

static void json_record(const cmp_out *o, cmp_part part, size_t i)
{
    FILE *f = o->f;
    const csim_comparison *c = o->c;
    switch (part) {
    case CMP_CYCLES: {
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
        if (r->ranged) {
            fprintf(f, ", \"range\": {\"low\": %.0f, \"high\": %.0f, \"both_states\": %s, \"published_inside\": %s",
                    r->low, r->high, r->c->range_both_states ? "true" : "false", r->inside ? "true" : "false");
            if (r->c->rt_alt) {
                fprintf(f, ", \"rt_alt_cycles\": %llu", (unsigned long long)r->c->rt_alt_cycles);
            }
            fputc('}', f);
            if (r->has_interval) {
                fprintf(f, ", \"interval\": {\"low\": %.0f, \"high\": %.0f, \"class\": \"%s\", \"coverage\": %.2f, "
                        "\"table\": \"%s\", \"published_inside\": %s}", r->int_low, r->int_high, r->op_class,
                        r->c->interval_pct / 100.0, r->c->interval_table, r->in_interval ? "true" : "false");
            } else {
                fputs(", \"interval\": null", f);
            }
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
        break;
    }
    case CMP_FOOTPRINT: {
        const csim_cmp_row *r = &c->footprint[i];
        fputs(i ? ",\n  " : "\n  ", f);
        json_row_head(f, c, r);
        for (int k = CSIM_MET_CODE; k < CSIM_MET_COUNT; k++) {
            fprintf(f, ", \"%s\": ", csim_metric_names[k]);
            json_value(f, r->v[k]);
        }
        fputc('}', f);
        break;
    }
    case CMP_SUMMARY: {
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
        if (s->has_range) {
            fprintf(f, ", \"range\": {\"inside\": %zu, \"coverage\": %.4f, \"width_median_pct\": ", s->inside_count,
                    (double)s->inside_count / (double)s->count);
            json_num(f, s->width_median);
            fputc('}', f);
        }
        if (s->has_interval) {
            fprintf(f, ", \"interval\": {\"rows\": %zu, \"inside\": %zu, \"coverage\": %.4f, \"nominal\": %.2f, "
                    "\"width_median_pct\": ", s->interval_count, s->interval_inside_count,
                    (double)s->interval_inside_count / (double)s->interval_count, s->interval_pct / 100.0);
            json_num(f, s->interval_width_median);
            fputc('}', f);
        }
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
        break;
    }
    case CMP_UNMATCHED_PUB: {
        const csim_pub_row *r = c->unmatched_pub[i];
        fputs(i ? ",\n  " : "\n  ", f);
        fputs("{\"section\": ", f);
        csim_json_str(f, r->section);
        fprintf(f, ", \"kind\": \"%s\", \"key\": ", cmp_kind_name(r->kind));
        csim_json_str(f, r->key);
        fputc('}', f);
        break;
    }
    case CMP_UNMATCHED_CASES: {
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
        break;
    }
    default: break;
    }
}

static void json_end(const cmp_out *o)
{
    fputc(']', o->f);
    if (o->shard) {
        fputs(",\n", o->f);
        csim_shard_compare_write(o->f, o->c, o->shard);
    }
    fputs("}\n", o->f);
}

const cmp_writer cmp_json_writer = {json_begin, json_part, json_record, NULL, json_end};
