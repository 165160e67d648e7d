/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * merge.c - the shards of one run or compare joined into the results one run
 * of every case gives (merge.h); byte for byte the same report in JSON
 * (docs/ci.md).  Shards of different commands, images, models, --set or
 * --case lists or measured results, a shard given twice or one missing are
 * refused, and so is a case of the image missing from every shard or held
 * twice (in one shard or two).  Cases are joined
 * through a hash of each image's case table: linear in the records.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/merge.h"
#include "analysis/sweep.h"
#include "cyclesim/common/file.h"
#include "cyclesim/analysis/shard.h"
#include "cyclesim/backends/digest.h"

#define MAX_SHARD_FILE (256u << 20)

static csim_err bad(csim_diag *d, const char *path, const char *what)
{
    return csim_fail(d, CSIM_ERR_INPUT, "%s: %s", path, what);
}

/* "PATH: KEY: WHAT": the member of the shard that is wrong. */
static csim_err bad_key(csim_diag *d, const char *path, const char *key, const char *what)
{
    return csim_fail(d, CSIM_ERR_INPUT, "%s: %s: %s", path, key, what);
}

/* The version of a run's or compare's JSON report (src/output/report.c, compare_json.c). */
#define REPORT_SCHEMA_VERSION 1

static csim_err out_of_memory(csim_diag *d)
{
    return csim_fail(d, CSIM_ERR_NOMEM, "out of memory");
}

static char *read_all(const char *path, csim_err *err, csim_diag *d)
{
    csim_read r;
    char *buf = csim_read_file(path, MAX_SHARD_FILE, &r);
    if (!buf) {
        *err = csim_read_fail(d, path, &r, MAX_SHARD_FILE, CSIM_ERR_INPUT);
    }
    return buf;
}

/* Same JSON value: the text of two members compared as cyclesim wrote them. */
static bool same_str(const csim_json *a, const csim_json *b, const char *name)
{
    const char *x = csim_json_str_of(csim_json_get(a, name)), *y = csim_json_str_of(csim_json_get(b, name));
    return x && y && strcmp(x, y) == 0;
}

/* The first element of an array (NULL for anything else: an object's
 * members are not a list's elements, and csim_json_count says 0 of them). */
static const csim_json *first_element(const csim_json *a)
{
    return csim_json_is_array(a) ? csim_json_first(a) : NULL;
}

static bool string_list(const csim_json *a)
{
    if (!csim_json_is_array(a)) {
        return false;
    }
    for (const csim_json *e = first_element(a); e; e = csim_json_next(e)) {
        if (!csim_json_is_string(e)) {
            return false;
        }
    }
    return true;
}

static bool same_list(const csim_json *a, const csim_json *b)
{
    if (csim_json_count(a) != csim_json_count(b)) {
        return false;
    }
    /* walked, not indexed: csim_json_at is linear in the index */
    for (const csim_json *x = first_element(a), *y = first_element(b); x && y;
         x = csim_json_next(x), y = csim_json_next(y)) {
        const char *u = csim_json_str_of(x), *v = csim_json_str_of(y);
        if (!u || !v || strcmp(u, v) != 0) {
            return false;
        }
    }
    return true;
}

/* The same model, made from the same files, --set and overlays (their provenance). */
static bool same_model(const csim_json *a, const csim_json *b)
{
    csim_model x = {0}, y = {0};
    bool same = csim_shard_model_read(a, &x) && csim_shard_model_read(b, &y) && strcmp(x.name, y.name) == 0 &&
                strcmp(x.chain, y.chain) == 0 && x.version == y.version && x.clock_hz == y.clock_hz &&
                x.flash.wait_states == y.flash.wait_states && x.flash.cache_enabled == y.flash.cache_enabled &&
                x.flash.prefetch == y.flash.prefetch && x.n_sources == y.n_sources;
    for (unsigned i = 0; same && i < x.n_sources; i++) {
        same = x.source[i].kind == y.source[i].kind && strcmp(x.source[i].what, y.source[i].what) == 0 &&
               strcmp(x.source[i].sha256, y.source[i].sha256) == 0;
    }
    return same;
}

static bool same_image(const csim_json *a, const csim_json *b)
{
    return same_str(a, b, "sha256") && same_str(a, b, "rt") && same_str(a, b, "backend") &&
           same_list(csim_json_get(a, "table"), csim_json_get(b, "table"));
}

/* Reads every file; checks that they are the shards 1..N of one command's
 * run with the same --set list. */
static csim_err load_shards(merge_shard *in, unsigned n, const char **command, csim_diag *d)
{
    csim_err err = CSIM_OK;
    uint64_t total = 0;
    for (unsigned i = 0; i < n; i++) {
        char *text = read_all(in[i].path, &err, d);
        if (!text) {
            return err;
        }
        char why[sizeof(d->msg)];
        in[i].doc = csim_json_parse_input(in[i].path, text, why, sizeof(why));
        free(text);
        in[i].sh = csim_json_get(in[i].doc, "shard");
        uint64_t k, nn, version, schema;
        const char *cmd = csim_json_str_of(csim_json_get(in[i].sh, "command"));
        if (!in[i].doc) {
            return csim_fail(d, CSIM_ERR_INPUT, "%s (merge reads the --format json output of each shard)", why);
        }
        if (!csim_json_u64(csim_json_get(in[i].doc, "schema_version"), &schema) || schema != REPORT_SCHEMA_VERSION) {
            return bad_key(d, in[i].path, "schema_version", "missing or not 1 (merge reads the JSON reports of this "
                           "cyclesim)");
        }
        if (!in[i].sh) {
            return bad(d, in[i].path, "not the JSON output of a --shard K/N run (no \"shard\" member)");
        }
        if (!csim_json_u64(csim_json_get(in[i].sh, "version"), &version) || version != CSIM_SHARD_VERSION) {
            return bad_key(d, in[i].path, "shard.version", "missing or not this cyclesim's shard format (2): "
                           "written by another version of cyclesim");
        }
        if (!csim_json_u64(csim_json_get(in[i].sh, "n"), &nn) || nn < 1 || nn > 10000) {
            return bad_key(d, in[i].path, "shard.n", "missing or not a shard count in [1, 10000]");
        }
        if (!csim_json_u64(csim_json_get(in[i].sh, "k"), &k) || k < 1 || k > nn) {
            return bad_key(d, in[i].path, "shard.k", "missing or not a shard number in [1, shard.n]");
        }
        if (!cmd || (strcmp(cmd, "run") != 0 && strcmp(cmd, "compare") != 0)) {
            return bad_key(d, in[i].path, "shard.command", "missing, or neither run nor compare (merge joins "
                           "run and compare shards only)");
        }
        _Static_assert(MERGE_MAX_RANGE_KEYS == 32, "the message below says 32");
        const csim_json *keys = csim_json_get(in[i].sh, "range_keys");
        if (keys && (!string_list(keys) || csim_json_count(keys) > MERGE_MAX_RANGE_KEYS)) {
            return bad_key(d, in[i].path, "shard.range_keys", "not a list of at most 32 strings");
        }
        if (!string_list(csim_json_get(in[i].sh, "sets")) || !string_list(csim_json_get(in[i].sh, "select"))) {
            return bad_key(d, in[i].path, !string_list(csim_json_get(in[i].sh, "sets")) ? "shard.sets" : "shard.select",
                           "missing or not a list of strings");
        }
        in[i].k = (unsigned)k;
        if (i == 0) {
            *command = cmd;
            total = nn;
            continue;
        }
        const csim_json *a = in[0].sh, *b = in[i].sh;
        if (strcmp(cmd, *command) != 0) {
            return csim_fail(d, CSIM_ERR_INPUT, "%s is a %s shard, %s a %s shard: merge joins shards of one command",
                             in[0].path, *command, in[i].path, cmd);
        }
        if (nn != total) {
            return csim_fail(d, CSIM_ERR_INPUT, "%s is a shard of %llu, %s of %llu", in[0].path,
                             (unsigned long long)total, in[i].path, (unsigned long long)nn);
        }
        if (!same_list(csim_json_get(a, "sets"), csim_json_get(b, "sets"))) {
            return csim_fail(d, CSIM_ERR_INPUT, "%s and %s were run with different --set lists", in[0].path,
                             in[i].path);
        }
        if (!same_list(csim_json_get(a, "range_keys"), csim_json_get(b, "range_keys"))) {
            return csim_fail(d, CSIM_ERR_INPUT, "%s and %s hold ranges over different keys (--range-keys)", in[0].path,
                             in[i].path);
        }
        if (!same_list(csim_json_get(a, "select"), csim_json_get(b, "select"))) {
            return csim_fail(d, CSIM_ERR_INPUT, "%s and %s were run with different --case lists (shard.select)",
                             in[0].path, in[i].path);
        }
        for (unsigned j = 0; j < i; j++) {
            if (in[j].k == in[i].k) {
                return csim_fail(d, CSIM_ERR_INPUT, "%s and %s are both shard %u of %llu (overlapping shards)",
                                 in[j].path, in[i].path, in[i].k, (unsigned long long)total);
            }
        }
    }
    if (n != total) {
        for (unsigned k = 1; k <= total; k++) {
            bool found = false;
            for (unsigned i = 0; i < n; i++) {
                found |= in[i].k == k;
            }
            if (!found) {
                return csim_fail(d, CSIM_ERR_INPUT, "shard %u of %llu is missing: a merge needs every shard", k,
                                 (unsigned long long)total);
            }
        }
    }
    return CSIM_OK;
}

csim_err merge_load(merge_input *m, char *const *paths, unsigned n, csim_diag *d)
{
    *m = (merge_input){.in = calloc(n + 1, sizeof(*m->in)), .n = n};
    if (!m->in) {
        return out_of_memory(d);
    }
    for (unsigned i = 0; i < n; i++) {
        m->in[i].path = paths[i];
    }
    csim_err err = load_shards(m->in, n, &m->command, d);
    for (const csim_json *k = err ? NULL : first_element(csim_json_get(m->in[0].sh, "range_keys")); k;
         k = csim_json_next(k)) {
        m->range_keys[m->n_range_keys++] = csim_json_str_of(k);
    }
    return err;
}

void merge_input_free(merge_input *m)
{
    for (unsigned i = 0; m->in && i < m->n; i++) {
        csim_json_free(m->in[i].doc);
    }
    free(m->in);
    m->in = NULL;
}

/* A case of the merged report: where it comes from and where it goes. */
typedef struct placed {
    size_t image, index;        /* its image, its position in that image's case table */
    const merge_shard *from;    /* the shard that holds it */
    const char *list;           /* its list in the shard member ("models[0].cases", "cases"), for messages */
    size_t pos;                 /* its position in that list */
    const csim_json *obj, *other, *zero_wait; /* its result objects */
} placed;

/* An image's case table as the join looks a name up: open addressing over
 * the names (FNV-1a), and the case each shard record put at each index. */
typedef struct table_ix {
    const char **names;
    size_t n, mask;
    size_t *slot;       /* index + 1; 0: empty */
    const placed **at;  /* the record placed at each index (NULL: none yet) */
} table_ix;

static size_t name_hash(const char *s)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        h = (h ^ *p) * 0x100000001b3u;
    }
    return (size_t)h;
}

static bool table_ix_find(const table_ix *t, const char *name, size_t *index)
{
    for (size_t h = name_hash(name) & t->mask; t->slot[h]; h = (h + 1) & t->mask) {
        if (strcmp(t->names[t->slot[h] - 1], name) == 0) {
            *index = t->slot[h] - 1;
            return true;
        }
    }
    return false;
}

static void table_ix_free(table_ix *t)
{
    free(t->names);
    free(t->slot);
    free(t->at);
    memset(t, 0, sizeof(*t));
}

/* The table of `image` (member `key` of path's shard) indexed; two cases of
 * one name in it are an error, as in an ELF (csim_case_table_check). */
static csim_err table_ix_build(table_ix *t, const csim_json *image, const char *path, const char *key, csim_diag *d)
{
    const csim_json *table = csim_json_get(image, "table");
    memset(t, 0, sizeof(*t));
    if (!string_list(table)) {
        return bad_key(d, path, key, "no case table (a list of names)");
    }
    t->n = csim_json_count(table);
    size_t cap = 16;
    while (cap < 2 * t->n) {
        cap *= 2;
    }
    t->mask = cap - 1;
    t->names = calloc(t->n + 1, sizeof(*t->names));
    t->slot = calloc(cap, sizeof(*t->slot));
    t->at = calloc(t->n + 1, sizeof(*t->at));
    if (!t->names || !t->slot || !t->at) {
        return out_of_memory(d);
    }
    size_t i = 0;
    for (const csim_json *e = first_element(table); e; e = csim_json_next(e), i++) {
        size_t h = name_hash(t->names[i] = csim_json_str_of(e)) & t->mask, first;
        if (table_ix_find(t, t->names[i], &first)) {
            char what[256];
            snprintf(what, sizeof(what), "cases %zu and %zu are both named \"%.160s\"", first, i, t->names[i]);
            return bad_key(d, path, key, what);
        }
        while (t->slot[h]) {
            h = (h + 1) & t->mask;
        }
        t->slot[h] = i + 1;
    }
    return CSIM_OK;
}

/* Puts the record p at its case's index in t: its name must be a case of
 * the table not placed already by this or another shard. */
static csim_err table_ix_place(table_ix *t, placed *p, csim_diag *d)
{
    const char *name = csim_json_str_of(csim_json_get(p->obj, "name"));
    char key[96], what[256];
    snprintf(key, sizeof(key), "shard.%s[%zu]", p->list, p->pos);
    if (!name) {
        return bad_key(d, p->from->path, key, "a case without its name");
    }
    if (!table_ix_find(t, name, &p->index)) {
        snprintf(what, sizeof(what), "case \"%.160s\" is not in its image's case table", name);
        return bad_key(d, p->from->path, key, what);
    }
    const placed *q = t->at[p->index];
    if (q) {
        return q->from == p->from
                   ? csim_fail(d, CSIM_ERR_INPUT, "%s: case \"%s\" twice in the shard (shard.%s[%zu] and [%zu])",
                               p->from->path, name, p->list, q->pos, p->pos)
                   : csim_fail(d, CSIM_ERR_INPUT, "case \"%s\" is in both %s and %s", name, q->from->path,
                               p->from->path);
    }
    t->at[p->index] = p;
    return CSIM_OK;
}

/* Every case of t the shards ran (--case globs of shard.select) was placed. */
static csim_err table_ix_complete(const table_ix *t, const merge_shard *in, unsigned n, csim_diag *d)
{
    const csim_json *select = csim_json_get(in[0].sh, "select");
    size_t n_globs = csim_json_count(select), g = 0;
    const char **globs = calloc(n_globs + 1, sizeof(*globs));
    if (!globs) {
        return out_of_memory(d);
    }
    for (const csim_json *e = first_element(select); e; e = csim_json_next(e)) {
        globs[g++] = csim_json_str_of(e);
    }
    csim_err err = CSIM_OK;
    for (size_t i = 0; !err && i < t->n; i++) {
        if (t->at[i] || !sweep_selected(t->names[i], globs, (unsigned)n_globs, 0, 0)) {
            continue;
        }
        const merge_shard *owner = NULL;
        for (unsigned k = 0; k < n && !owner; k++) {
            owner = csim_case_in_shard(t->names[i], in[k].k, n) ? &in[k] : NULL;
        }
        err = csim_fail(d, CSIM_ERR_INPUT, "case \"%s\" (%zu of the image's table) is in no shard: %s, shard %u "
                        "of %u, should hold it", t->names[i], i, owner ? owner->path : "?", owner ? owner->k : 0, n);
    }
    free(globs);
    return err;
}

/* The placed records of the tables, in image and table order. */
static void table_ix_order(const table_ix *t, size_t n_images, placed *out)
{
    for (size_t k = 0; k < n_images; k++) {
        for (size_t i = 0; i < t[k].n; i++) {
            if (t[k].at[i]) {
                *out++ = *t[k].at[i];
            }
        }
    }
}

/* The records p[0..np) placed in their images' tables (a case twice: both
 * files named), every selected case there, and put in image and table order
 * (into sorted, np records).  Which shard holds a case is not checked
 * against its name: JSON carries an invalid UTF-8 byte of a name as U+FFFD,
 * so the name read back may not hash as the one the run hashed. */
static csim_err join(table_ix *t, size_t n_images, placed *p, size_t np, const merge_shard *in, unsigned n,
                     placed *sorted, csim_diag *d)
{
    csim_err err = CSIM_OK;
    for (size_t i = 0; !err && i < np; i++) {
        err = table_ix_place(&t[p[i].image], &p[i], d);
    }
    for (size_t k = 0; !err && k < n_images; k++) {
        err = table_ix_complete(&t[k], in, n, d);
    }
    if (!err) {
        table_ix_order(t, n_images, sorted);
    }
    return err;
}

/* The compare cases of every shard ("cases", with "other_state" and
 * "zero_wait" beside them when made), joined into image and table order. */
static csim_err gather(const merge_shard *in, unsigned n, const csim_json *images, placed **out, size_t *n_out,
                       csim_diag *d)
{
    size_t cap = 0, n_images = csim_json_count(images), m = 0;
    for (unsigned i = 0; i < n; i++) {
        cap += csim_json_count(csim_json_get(in[i].sh, "cases"));
    }
    placed *p = calloc(cap + 1, sizeof(*p)), *sorted = calloc(cap + 1, sizeof(*p));
    table_ix *t = calloc(n_images + 1, sizeof(*t));
    csim_err err = p && sorted && t ? CSIM_OK : out_of_memory(d);
    size_t k = 0;
    for (const csim_json *image = first_element(images); !err && image; image = csim_json_next(image), k++) {
        char key[48];
        snprintf(key, sizeof(key), "shard.images[%zu].table", k);
        err = table_ix_build(&t[k], image, in[0].path, key, d);
    }
    for (unsigned i = 0; !err && i < n; i++) {
        const csim_json *other = csim_json_get(in[i].sh, "other_state"), *zw = csim_json_get(in[i].sh, "zero_wait");
        const csim_json *e = first_element(csim_json_get(in[i].sh, "cases"));
        const csim_json *o = first_element(other), *z = first_element(zw);
        for (size_t j = 0; !err && e; e = csim_json_next(e), o = csim_json_next(o), z = csim_json_next(z), j++, m++) {
            uint64_t image = 0;
            p[m] = (placed){0, 0, &in[i], "cases", j, csim_json_get(e, "case"), csim_json_get(o, "case"),
                            csim_json_get(z, "case")};
            char key[64];
            snprintf(key, sizeof(key), "shard.cases[%zu]", j);
            if (!csim_json_u64(csim_json_get(e, "image"), &image) || image >= n_images) {
                err = bad_key(d, in[i].path, key, "no image, or not an image of shard.images");
            } else if (!p[m].obj || (other && !p[m].other) || (zw && !p[m].zero_wait)) {
                err = bad_key(d, in[i].path, key, !p[m].obj ? "no case" : "a case without its extra runs "
                                                                         "(shard.other_state, shard.zero_wait)");
            }
            p[m].image = (size_t)image;
        }
    }
    err = err ? err : join(t, n_images, p, m, in, n, sorted, d);
    for (size_t i = 0; t && i < n_images; i++) {
        table_ix_free(&t[i]);
    }
    free(t);
    free(p);
    if (err) {
        free(sorted);
        return err;
    }
    *out = sorted;
    *n_out = m;
    return CSIM_OK;
}

void merge_cases_free(csim_case_result *c, size_t n)
{
    for (size_t i = 0; c && i < n; i++) {
        free(c[i].profile ? c[i].profile->fns : NULL);
        free(c[i].profile);
    }
    free(c);
}

/* An image of the shards as the reports need it: path, digest, architecture. */
static bool image_elf(const csim_json *o, csim_elf *e)
{
    const char *path = csim_json_str_of(csim_json_get(o, "path")), *sha = csim_json_str_of(csim_json_get(o, "sha256"));
    e->arch_name = csim_json_str_of(csim_json_get(o, "arch"));
    if (!path || !sha || !e->arch_name || strlen(path) >= sizeof(e->path) || strlen(sha) >= sizeof(e->sha256_hex)) {
        return false;
    }
    snprintf(e->path, sizeof(e->path), "%s", path);
    snprintf(e->sha256_hex, sizeof(e->sha256_hex), "%s", sha);
    return true;
}

/* The objects of placed cases as case results, in their order. */
static csim_err read_cases(const placed *p, size_t np, int which, csim_run_result *res, csim_diag *d)
{
    if (!(res->cases = calloc(np + 1, sizeof(*res->cases)))) {
        return out_of_memory(d);
    }
    static const char *const lists[3] = {"", "other_state", "zero_wait"};
    csim_err err = CSIM_OK;
    for (size_t i = 0; !err && i < np; i++, res->n_cases++) { /* a malformed case counts: its profile is freed */
        const csim_json *o = which == 0 ? p[i].obj : which == 1 ? p[i].other : p[i].zero_wait;
        const char *member = csim_shard_case_read(o, &res->cases[i]);
        if (member) {
            char key[160];
            snprintf(key, sizeof(key), "shard.%s[%zu]%s.%s", which ? lists[which] : p[i].list, p[i].pos,
                     strcmp(p[i].list, "cases") == 0 ? ".case" : "", member);
            err = bad_key(d, p[i].from->path, key, "missing or malformed");
        }
    }
    return err;
}

/* ---- run ---------------------------------------------------------------------- */

csim_err merge_run_image(const merge_input *m, merged_run *r, csim_diag *d)
{
    const merge_shard *in = m->in;
    const csim_json *image = csim_json_get(in[0].sh, "image"), *models = csim_json_get(in[0].sh, "models");
    memset(r, 0, sizeof(*r));
    r->n_models = csim_json_count(models);
    r->rt = csim_json_str_of(csim_json_get(image, "rt"));
    if (!image_elf(image, &r->elf) || !r->rt) {
        return bad(d, in[0].path, "no image in the shard member");
    }
    for (unsigned i = 1; i < m->n; i++) {
        const csim_json *b = csim_json_get(in[i].sh, "models");
        if (!same_image(image, csim_json_get(in[i].sh, "image"))) {
            return csim_fail(d, CSIM_ERR_INPUT, "%s and %s are shards of different images", in[0].path, in[i].path);
        }
        bool same = csim_json_count(b) == r->n_models;
        for (size_t g = 0; same && g < r->n_models; g++) {
            same = same_model(csim_json_get(csim_json_at(models, g), "model"),
                              csim_json_get(csim_json_at(b, g), "model")) &&
                   same_str(csim_json_at(models, g), csim_json_at(b, g), "state");
        }
        if (!same) {
            return csim_fail(d, CSIM_ERR_INPUT, "%s and %s were run on different models (or start states)",
                             in[0].path, in[i].path);
        }
    }
    return CSIM_OK;
}

csim_err merge_run_model(const merge_input *m, size_t g, csim_model *model, csim_run_result *res, bool *warm,
                         csim_diag *d)
{
    const merge_shard *in = m->in;
    const csim_json *image = csim_json_get(in[0].sh, "image");
    const csim_json *mg = csim_json_at(csim_json_get(in[0].sh, "models"), g);
    const char *state = csim_json_str_of(csim_json_get(mg, "state"));
    csim_err err = CSIM_OK;
    memset(model, 0, sizeof(*model));
    memset(res, 0, sizeof(*res));
    *warm = state && strcmp(state, "warm") == 0;
    csim_shard_model_read(csim_json_get(mg, "model"), model);
    for (unsigned i = 0; !err && i < m->n; i++) {
        const csim_json *sg = csim_json_at(csim_json_get(in[i].sh, "models"), g);
        uint64_t cyc, insns;
        double secs;
        if (!csim_json_true(csim_json_get(sg, "complete"))) {
            err = bad(d, in[i].path, "a shard whose run stopped with an error: nothing to merge");
        } else if (!csim_json_u64(csim_json_get(sg, "total_cycles"), &cyc) ||
                   !csim_json_u64(csim_json_get(sg, "total_insns"), &insns) ||
                   !csim_json_double(csim_json_get(sg, "host_seconds"), &secs)) {
            err = bad(d, in[i].path, "a model without its totals");
        } else {
            /* Each shard's whole-run totals include its own start-up code. */
            res->total_cycles += cyc;
            res->total_insns += insns;
            res->host_seconds += secs;
        }
    }
    placed *p = NULL, *sorted = NULL;
    size_t np = 0;
    table_ix t = {0};
    char list[48];
    snprintf(list, sizeof(list), "models[%zu].cases", g);
    if (!err) {
        size_t cap = 0;
        for (unsigned i = 0; i < m->n; i++) {
            cap += csim_json_count(csim_json_get(csim_json_at(csim_json_get(in[i].sh, "models"), g), "cases"));
        }
        p = calloc(cap + 1, sizeof(*p));
        sorted = calloc(cap + 1, sizeof(*sorted));
        err = p && sorted ? table_ix_build(&t, image, in[0].path, "shard.image.table", d) : out_of_memory(d);
        for (unsigned i = 0; !err && i < m->n; i++) {
            const csim_json *l = csim_json_get(csim_json_at(csim_json_get(in[i].sh, "models"), g), "cases");
            size_t j = 0;
            for (const csim_json *obj = first_element(l); obj; obj = csim_json_next(obj), j++, np++) {
                p[np] = (placed){0, 0, &in[i], list, j, obj, NULL, NULL};
            }
        }
        err = err ? err : join(&t, 1, p, np, in, m->n, sorted, d);
    }
    if (!err) {
        err = read_cases(sorted, np, 0, res, d);
    }
    table_ix_free(&t);
    free(p);
    free(sorted);
    if (err) {
        merge_cases_free(res->cases, res->n_cases);
        res->cases = NULL;
        res->n_cases = 0;
    }
    return err;
}

/* ---- compare ------------------------------------------------------------------ */

/* The shards compare the same images on the same model and measured results. */
static csim_err same_compare(const merge_input *m, csim_diag *d)
{
    const merge_shard *in = m->in;
    const csim_json *sh = in[0].sh, *images = csim_json_get(sh, "images");
    const size_t n_images = csim_json_count(images);
    for (unsigned i = 1; i < m->n; i++) {
        const csim_json *b = in[i].sh, *bi = csim_json_get(b, "images");
        bool same = csim_json_count(bi) == n_images;
        for (size_t k = 0; same && k < n_images; k++) {
            same = same_image(csim_json_at(images, k), csim_json_at(bi, k));
        }
        if (!same) {
            return csim_fail(d, CSIM_ERR_INPUT, "%s and %s are shards of different images", in[0].path, in[i].path);
        }
        if (!same_model(csim_json_get(sh, "model"), csim_json_get(b, "model")) || !same_str(sh, b, "state")) {
            return csim_fail(d, CSIM_ERR_INPUT, "%s and %s were run on different models (or start states)",
                             in[0].path, in[i].path);
        }
        if (!same_str(sh, b, "published_sha256")) {
            return csim_fail(d, CSIM_ERR_INPUT, "%s and %s compare with different measured results", in[0].path,
                             in[i].path);
        }
        if (csim_json_true(csim_json_get(sh, "state_check")) != csim_json_true(csim_json_get(b, "state_check")) ||
            csim_json_true(csim_json_get(sh, "baselines")) != csim_json_true(csim_json_get(b, "baselines"))) {
            return csim_fail(d, CSIM_ERR_INPUT, "%s and %s differ in --baselines or --no-state-check", in[0].path,
                             in[i].path);
        }
    }
    return CSIM_OK;
}

csim_err merge_compare(const merge_input *m, const char *published, merged_compare *mc, csim_diag *d)
{
    memset(mc, 0, sizeof(*mc));
    csim_err err = same_compare(m, d);
    if (err) {
        return err;
    }
    const merge_shard *in = m->in;
    const csim_json *sh = in[0].sh, *images = csim_json_get(sh, "images");
    const size_t n_images = csim_json_count(images);
    const char *page_path = published ? published : csim_json_str_of(csim_json_get(sh, "published"));
    const char *want_sha = csim_json_str_of(csim_json_get(sh, "published_sha256"));
    const char *state = csim_json_str_of(csim_json_get(sh, "state"));
    const bool warm = state && strcmp(state, "warm") == 0;
    const bool state_check = csim_json_true(csim_json_get(sh, "state_check"));
    const bool baselines = csim_json_true(csim_json_get(sh, "baselines"));
    char sha[65];
    if (!page_path || !want_sha) {
        return bad(d, in[0].path, "no measured results file in the shard member");
    }
    if ((err = csim_file_sha256(page_path, sha, d))) {
        return err;
    }
    if (strcmp(sha, want_sha) != 0) {
        return csim_fail(d, CSIM_ERR_INPUT, "%s is not the measured results file the shards compared with (SHA-256 "
                         "differs; name it with --published)", page_path);
    }
    mc->elfs = calloc(n_images + 1, sizeof(*mc->elfs));
    mc->images = calloc(n_images + 1, sizeof(*mc->images));
    placed *p = NULL;
    size_t np = 0;
    err = mc->elfs && mc->images ? gather(in, m->n, images, &p, &np, d) : out_of_memory(d);
    if (!err && !csim_shard_model_read(csim_json_get(sh, "model"), &mc->model)) {
        err = bad(d, in[0].path, "no model in the shard member");
    }
    for (size_t k = 0; !err && k < n_images; k++) {
        const csim_json *o = csim_json_at(images, k);
        const char *rt = csim_json_str_of(csim_json_get(o, "rt")), *be = csim_json_str_of(csim_json_get(o, "backend"));
        csim_cmp_image *im = &mc->images[k];
        if (!image_elf(o, &mc->elfs[k]) || !rt || !be || strlen(rt) >= sizeof(im->rt) ||
            strlen(be) >= sizeof(im->backend)) {
            err = bad(d, in[0].path, "an image of the shard member is malformed");
            break;
        }
        im->elf = &mc->elfs[k];
        snprintf(im->rt, sizeof(im->rt), "%s", rt);
        snprintf(im->backend, sizeof(im->backend), "%s", be);
    }
    for (int r = 0; !err && r < 3; r++) {
        if (r == 0 || (r == 1 && state_check) || (r == 2 && baselines)) {
            err = read_cases(p, np, r, &mc->res[r], d);
        }
    }
    /* The images' case ranges, as one run of every image lays them out. */
    for (size_t i = 0; !err && i < np; i++) {
        if (i == 0 || p[i].image != p[i - 1].image) {
            mc->images[p[i].image].first_case = i;
        }
        mc->images[p[i].image].n_cases++;
    }
    for (size_t k = 1; !err && k < n_images; k++) {
        if (!mc->images[k].n_cases) { /* an image no shard kept a case of: an empty range in order */
            mc->images[k].first_case = mc->images[k - 1].first_case + mc->images[k - 1].n_cases;
        }
    }
    free(p);
    if (!err) {
        err = csim_pub_load(page_path, &mc->page, d);
    }
    if (!err) {
        /* The page as the shards loaded it: its source names the same file. */
        snprintf(mc->page.source, sizeof(mc->page.source), "%s", csim_json_str_of(csim_json_get(sh, "published")));
        const csim_cmp_extra extra = {.other_state = state_check ? mc->res[1].cases : NULL,
                                      .zero_wait = baselines ? mc->res[2].cases : NULL,
                                      .n_cases = np,
                                      .range_keys = m->range_keys,
                                      .n_range_keys = m->n_range_keys};
        err = csim_compare_build_ext(&mc->cmp, mc->images, n_images, &mc->model, warm, &mc->page, mc->res[0].cases,
                                     np, &extra, d);
    }
    return err;
}

void merge_compare_free(merged_compare *mc)
{
    csim_compare_free(&mc->cmp);
    csim_pub_free(&mc->page);
    for (int r = 0; r < 3; r++) {
        merge_cases_free(mc->res[r].cases, mc->res[r].n_cases);
    }
    free(mc->images);
    free(mc->elfs);
    memset(mc, 0, sizeof(*mc));
}

csim_err csim_file_sha256(const char *path, char hex[65], csim_diag *d)
{
    csim_read r;
    char *buf = csim_read_file(path, MAX_SHARD_FILE, &r);
    if (!buf) {
        return csim_read_fail(d, path, &r, MAX_SHARD_FILE, CSIM_ERR_INPUT);
    }
    uint8_t h[32];
    bool ok = csim_sha256(buf, r.len, h);
    for (int i = 0; ok && i < 32; i++) {
        snprintf(hex + 2 * i, 3, "%02x", h[i]);
    }
    free(buf);
    return ok ? CSIM_OK : csim_fail(d, CSIM_ERR_INTERNAL, "%s: the SHA-256 digest failed", path);
}
