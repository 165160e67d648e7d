/* SPDX-License-Identifier: GPL-2.0-or-later */
/* shard.c - which shard a case belongs to, and reading back the case results
 * and models of a shard's JSON output (shard.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/analysis/interval.h"
#include "cyclesim/analysis/shard.h"

bool csim_case_in_shard(const char *name, unsigned k, unsigned n)
{
    uint32_t h = 2166136261u; /* FNV-1a, 32 bits */
    for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
        h = (h ^ *p) * 16777619u;
    }
    return n == 0 || h % n == k - 1;
}

static bool u64_of(const csim_json *o, const char *name, uint64_t *out)
{
    return csim_json_u64(csim_json_get(o, name), out);
}

static bool u32_of(const csim_json *o, const char *name, uint32_t *out)
{
    uint64_t v;
    if (!u64_of(o, name, &v) || v > UINT32_MAX) {
        return false;
    }
    *out = (uint32_t)v;
    return true;
}

static bool text_of(const csim_json *o, const char *name, char *out, size_t len)
{
    const char *s = csim_json_str_of(csim_json_get(o, name));
    if (!s || strlen(s) >= len) {
        return false;
    }
    memcpy(out, s, strlen(s) + 1);
    return true;
}

/* n numbers of an array into out. */
static bool u64_array(const csim_json *a, uint64_t *const *out, size_t n)
{
    if (csim_json_count(a) != n) {
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        if (!csim_json_u64(csim_json_at(a, i), out[i])) {
            return false;
        }
    }
    return true;
}

static bool read_profile(const csim_json *o, csim_case_result *c)
{
    const csim_json *h = csim_json_get(o, "rt_helpers");
    if (!h) {
        return true;
    }
    size_t n = csim_json_count(h);
    csim_profile *p = calloc(1, sizeof(*p));
    csim_fn_cost *fns = calloc(n + 1, sizeof(*fns));
    if (!p || !fns || !u64_of(o, "overhead_cycles", &p->overhead_cycles)) {
        free(p);
        free(fns);
        return false;
    }
    p->fns = fns;
    p->n_fns = n;
    c->profile = p;
    for (size_t i = 0; i < n; i++) {
        const csim_json *f = csim_json_at(h, i);
        fns[i].name = csim_json_str_of(csim_json_get(f, "name"));
        if (!fns[i].name || !u64_of(f, "cycles", &fns[i].self_cycles) || !u64_of(f, "calls", &fns[i].calls)) {
            return false;
        }
        fns[i].incl_cycles = fns[i].self_cycles;
    }
    return true;
}

/* The range, where the case has one (run --range). */
static bool read_range(const csim_json *o, csim_case_result *c)
{
    const csim_json *r = csim_json_get(o, "range");
    uint64_t *const ends[] = {&c->cycles_low, &c->cycles_high};
    c->ranged = r != NULL;
    if (r && !u64_array(r, ends, 2)) {
        return false;
    }
    const csim_json *iv = csim_json_get(o, "interval"); /* and its calibrated interval */
    if (!iv) {
        return true;
    }
    const char *cls = csim_json_str_of(csim_json_get(iv, "class")), *table = csim_json_str_of(csim_json_get(iv, "table"));
    double cov;
    /* the class and the table's id print unescaped, as the table's own reader allows them */
    if (!c->ranged || !u64_of(iv, "low", &c->interval_low) || !u64_of(iv, "high", &c->interval_high) ||
        !csim_interval_name_ok(cls, sizeof(c->op_class)) || !table || strlen(table) != 16 ||
        strspn(table, "0123456789abcdef") != 16 ||
        !csim_json_double(csim_json_get(iv, "coverage"), &cov) || !(cov > 0 && cov < 1)) {
        return false;
    }
    c->has_interval = true;
    snprintf(c->op_class, sizeof(c->op_class), "%s", cls);
    memcpy(c->interval_table, table, sizeof(c->interval_table));
    c->interval_pct = (unsigned)lround(cov * 100);
    return true;
}

/* The configuration in force, where the case has one (else the model's: in_force.h). */
static bool read_in_force(const csim_json *o, csim_in_force *in)
{
    const csim_json *f = csim_json_get(o, "in_force");
    if (!f) {
        return true;
    }
    uint32_t hz, ws;
    const csim_json *ic = csim_json_get(f, "icache"), *pf = csim_json_get(f, "prefetch"),
                    *ch = csim_json_get(f, "flash_changed");
    if (!u32_of(f, "clock_hz", &hz) || !u32_of(f, "flash_latency", &ws) || !csim_json_is_bool(ic) ||
        !csim_json_is_bool(pf) || (ch && !csim_json_is_bool(ch))) {
        return false;
    }
    *in = (csim_in_force){true, ch && csim_json_true(ch), csim_json_true(ic), csim_json_true(pf), ws, hz};
    return true;
}

/* The instructions priced by assumption, where the case has some (shard_json.c:
 * csim_assumed_json's object, most frequent first, "others" last). */
static bool read_assumed(const csim_json *o, csim_case_result *c)
{
    const csim_json *a = csim_json_get(o, "priced_by_assumption"), *v;
    if (!a) {
        return true;
    }
    if (!csim_json_is_object(a)) {
        return false;
    }
    csim_json_each(v, a)
    {
        uint64_t n;
        if (!csim_json_u64(v, &n)) {
            return false;
        }
        if (strcmp(csim_json_name(v), "others") == 0) {
            c->assumed_other = n;
        } else if (c->n_assumed < CSIM_MAX_ASSUMED) {
            csim_assumed *x = &c->assumed[c->n_assumed++];
            snprintf(x->mnemonic, sizeof(x->mnemonic), "%s", csim_json_name(v));
            x->count = n;
        } else {
            return false;
        }
    }
    return true;
}

const char *csim_shard_case_read(const csim_json *o, csim_case_result *c)
{
    memset(c, 0, sizeof(*c));
    csim_breakdown *b = &c->bd;
    csim_ms_stats *s = &c->ms;
#define FIELD(field, ...) &b->field,
    uint64_t *const bd[] = {CSIM_BREAKDOWN_FIELDS(FIELD)};
#undef FIELD
#define FIELD(field, ...) &s->field,
    uint64_t *const ms[] = {CSIM_MS_STATS_FIELDS(FIELD)};
#undef FIELD
    /* each member read, or the name of the first that is not there or not one */
    const char *bad = !text_of(o, "name", c->name, sizeof(c->name))        ? "name"
                      : !text_of(o, "row", c->row, sizeof(c->row))          ? "row"
                      : !text_of(o, "params", c->params, sizeof(c->params)) ? "params"
                      : !u64_of(o, "cycles", &c->cycles)                    ? "cycles"
                      : !u32_of(o, "fw_cycles", &c->fw_cycles)              ? "fw_cycles"
                      : !u32_of(o, "status", &c->status)                    ? "status"
                      : !u32_of(o, "workbuf", &c->workbuf)                  ? "workbuf"
                      : !u32_of(o, "attempts", &c->attempts)                ? "attempts"
                      : !u32_of(o, "stack", &c->stack_bytes)                ? "stack"
                      : !u32_of(o, "code", &c->code_bytes)                  ? "code"
                      : !u32_of(o, "const", &c->const_bytes)                ? "const"
                      : !u32_of(o, "data", &c->data_bytes)                  ? "data"
                      : !u64_array(csim_json_get(o, "bd"), bd, sizeof(bd) / sizeof(bd[0])) ? "bd"
                      : !u64_array(csim_json_get(o, "ms"), ms, sizeof(ms) / sizeof(ms[0])) ? "ms"
                      : !read_range(o, c)                                   ? "range"
                      : !read_in_force(o, &c->in_force)                     ? "in_force"
                      : !read_assumed(o, c)                                 ? "priced_by_assumption"
                      : NULL;
    return bad ? bad : read_profile(o, c) ? NULL : "rt_helpers";
}

/* The model's provenance (shard_json.c writes it): its sources in the order applied. */
static bool read_sources(const csim_json *list, csim_model *m)
{
    const csim_json *v;
    if (!csim_json_is_array(list) || csim_json_count(list) > CSIM_MAX_SOURCES) {
        return false;
    }
    m->n_sources = 0;
    csim_json_each(v, list)
    {
        csim_model_source *s = &m->source[m->n_sources++];
        char kind[16];
        if (!text_of(v, "kind", kind, sizeof(kind)) || !text_of(v, "what", s->what, sizeof(s->what)) ||
            !text_of(v, "sha256", s->sha256, sizeof(s->sha256))) {
            return false;
        }
        unsigned k = 0;
        while (k < CSIM_SOURCE_KINDS && strcmp(kind, csim_source_kind_names[k]) != 0) {
            k++;
        }
        if (k == CSIM_SOURCE_KINDS) {
            return false;
        }
        s->kind = (csim_source_kind)k;
    }
    return true;
}

bool csim_shard_model_read(const csim_json *o, csim_model *m)
{
    uint32_t ws;
    const csim_json *ic = csim_json_get(o, "icache"), *pf = csim_json_get(o, "prefetch");
    if (!text_of(o, "mcu", m->name, sizeof(m->name)) || !text_of(o, "model_chain", m->chain, sizeof(m->chain)) ||
        !u32_of(o, "model_version", &m->version) || !u32_of(o, "clock_hz", &m->clock_hz) ||
        !u32_of(o, "flash_latency", &ws) || !csim_json_is_bool(ic) || !csim_json_is_bool(pf)) {
        return false;
    }
    m->flash.wait_states = ws;
    m->flash.cache_enabled = csim_json_true(ic);
    m->flash.prefetch = csim_json_true(pf);
    return read_sources(csim_json_get(o, "sources"), m);
}
