/* SPDX-License-Identifier: GPL-2.0-or-later */
/* shard_json.c - the "shard" member of a --shard run's JSON output (shard_json.h, docs/ci.md). */
#include <stdlib.h>

#include "cyclesim/analysis/rt_helpers.h"
#include "cyclesim/output/shard_json.h"
#include "cyclesim/output/in_force.h"
#include "output/compare_writer.h"
#include "output/escape.h"

#define U(x) ((unsigned long long)(x))

void csim_shard_case_write(FILE *f, const csim_model *m, const csim_case_result *c)
{
    const csim_breakdown *b = &c->bd;
    const csim_ms_stats *s = &c->ms;
    fputs("{\"name\": ", f);
    csim_json_str(f, c->name);
    fputs(", \"row\": ", f);
    csim_json_str(f, c->row);
    fputs(", \"params\": ", f);
    csim_json_str(f, c->params);
    fprintf(f, ", \"cycles\": %llu, \"fw_cycles\": %u, \"status\": %u, \"workbuf\": %u, \"attempts\": %u, "
               "\"stack\": %u, \"code\": %u, \"const\": %u, \"data\": %u,\n    \"bd\": [",
            U(c->cycles), c->fw_cycles, c->status, c->workbuf, c->attempts, c->stack_bytes, c->code_bytes,
            c->const_bytes, c->data_bytes);
    /* Every field, in struct order: the "bd" and "ms" arrays (shard.c reads them back). */
    const char *sep = "";
#define BD(field, label, event, bucket) fprintf(f, "%s%llu", sep, U(b->field)), sep = ", ";
    CSIM_BREAKDOWN_FIELDS(BD)
#undef BD
    fputs("], \"ms\": [", f);
    sep = "";
#define MS(field, reported) fprintf(f, "%s%llu", sep, U(s->field)), sep = ", ";
    CSIM_MS_STATS_FIELDS(MS)
#undef MS
    fputc(']', f);
    if (c->ranged) { /* run --range, compare --range */
        fprintf(f, ", \"range\": [%llu, %llu]", U(c->cycles_low), U(c->cycles_high));
    }
    if (c->has_interval) {
        fputs(", ", f);
        csim_interval_json(f, c);
    }
    const csim_in_force in = csim_in_force_of(m, c), asked = csim_in_force_of(m, NULL);
    if (!csim_in_force_same(&in, &asked)) { /* only then: the shards of unchanged runs keep their bytes */
        fputs(", \"in_force\": {", f);
        csim_in_force_json(f, &in);
        fputc('}', f);
    }
    csim_assumed_json(f, c); /* only when the case has some, as in_force */
    if (c->profile) { /* every helper, not only the first CSIM_RT_MAX_FNS a report lists */
        fprintf(f, ", \"overhead_cycles\": %llu, \"rt_helpers\": [", U(c->profile->overhead_cycles));
        unsigned k = 0;
        for (size_t i = 0; i < c->profile->n_fns; i++) {
            const csim_fn_cost *fn = &c->profile->fns[i];
            if (csim_rt_is_helper(fn->name)) {
                fputs(k++ ? ", {\"name\": " : "{\"name\": ", f);
                csim_json_str(f, fn->name);
                fprintf(f, ", \"cycles\": %llu, \"calls\": %llu}", U(fn->self_cycles), U(fn->calls));
            }
        }
        fputc(']', f);
    }
    fputc('}', f);
}

void csim_shard_head_write(FILE *f, const char *command, const csim_shard *s)
{
    fprintf(f, " \"shard\": {\"version\": %d, \"command\": \"%s\", \"k\": %u, \"n\": %u, \"sets\": [",
            CSIM_SHARD_VERSION, command, s->k, s->n);
    for (unsigned i = 0; i < s->n_sets; i++) {
        fputs(i ? ", " : "", f);
        csim_json_str(f, s->sets[i]);
    }
    fputs("], \"select\": [", f);
    for (unsigned i = 0; i < s->n_globs; i++) {
        fputs(i ? ", " : "", f);
        csim_json_str(f, s->globs[i]);
    }
    fputc(']', f);
    if (s->n_range_keys) { /* only then: the shards of a range over every key keep their bytes */
        fputs(", \"range_keys\": ", f);
        csim_range_keys_json(f, s->range_keys, s->n_range_keys);
    }
}

void csim_shard_image_write(FILE *f, const csim_elf *elf, const char *rt, const char *backend)
{
    fputs("{\"path\": ", f);
    csim_json_str(f, elf->path);
    fprintf(f, ", \"sha256\": \"%s\", \"arch\": ", elf->sha256_hex);
    csim_json_str(f, elf->arch_name);
    fputs(", \"rt\": ", f);
    csim_json_str(f, rt);
    fputs(", \"backend\": ", f);
    csim_json_str(f, backend);
    fputs(", \"table\": [", f);
    size_t n = csim_case_list(elf, NULL, NULL, 0);
    char (*names)[96] = n ? malloc(n * sizeof(*names)) : NULL;
    if (names) {
        csim_case_list(elf, names, NULL, n);
    }
    for (size_t i = 0; names && i < n; i++) {
        fputs(i ? ", " : "", f);
        csim_json_str(f, names[i]);
    }
    free(names);
    fputs("]}", f);
}

void csim_shard_model_write(FILE *f, const csim_model *m)
{
    fputs("{\"mcu\": ", f);
    csim_json_str(f, m->name);
    fputs(", \"model_chain\": ", f);
    csim_json_str(f, m->chain);
    fprintf(f, ", \"model_version\": %u, \"clock_hz\": %u, \"flash_latency\": %u, \"icache\": %s, \"prefetch\": %s",
            m->version, m->clock_hz, m->flash.wait_states, m->flash.cache_enabled ? "true" : "false",
            m->flash.prefetch ? "true" : "false");
    /* Its provenance, as the merged report prints it (model.h: in the order applied). */
    fputs(", \"sources\": [", f);
    for (unsigned i = 0; i < m->n_sources; i++) {
        fprintf(f, "%s{\"kind\": \"%s\", \"what\": ", i ? ", " : "", csim_source_kind_names[m->source[i].kind]);
        csim_json_str(f, m->source[i].what);
        fprintf(f, ", \"sha256\": \"%s\"}", m->source[i].sha256);
    }
    fputs("]}", f);
}

static void case_list(FILE *f, const char *name, const csim_case_result *cases, size_t n, const csim_comparison *c)
{
    fprintf(f, ",\n  \"%s\": [", name);
    for (size_t i = 0; i < n; i++) {
        fprintf(f, "%s{\"image\": %zu, \"case\": ", i ? ",\n   " : "\n   ",
                (size_t)(csim_cmp_image_of(c, &c->cases[i]) - c->images));
        csim_shard_case_write(f, c->model, &cases[i]);
        fputc('}', f);
    }
    fputc(']', f);
}

void csim_shard_compare_write(FILE *f, const csim_comparison *c, const csim_shard *s)
{
    size_t n = cmp_n_cases(c);
    csim_shard_head_write(f, "compare", s);
    fputs(", \"published\": ", f);
    csim_json_str(f, c->page->source);
    fprintf(f, ", \"published_sha256\": \"%s\", \"state\": \"%s\", \"state_check\": %s, \"baselines\": %s,\n  "
               "\"model\": ",
            s->published_sha256, c->warm ? "warm" : "cold", s->state_check ? "true" : "false",
            s->baselines ? "true" : "false");
    csim_shard_model_write(f, c->model);
    fputs(",\n  \"images\": [", f);
    for (size_t i = 0; i < c->n_images; i++) {
        fputs(i ? ",\n   " : "\n   ", f);
        csim_shard_image_write(f, c->images[i].elf, c->images[i].rt, c->images[i].backend);
    }
    fputc(']', f);
    case_list(f, "cases", c->cases, n, c);
    if (s->other_state) {
        case_list(f, "other_state", s->other_state, n, c);
    }
    if (s->zero_wait) {
        case_list(f, "zero_wait", s->zero_wait, n, c);
    }
    fputs("}", f);
}
