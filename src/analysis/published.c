/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * published.c - measured results as rows keyed like the firmware cases
 * (published.h): ST's performance pages as JSON (data/published/README.md)
 * (the board's "@case" output: published_board.c).  The reader of the
 * published-page format (JSON through cyclesim/backends/json.h).
 *
 * Everything a comparison rests on is checked here: a row with a missing or
 * negative figure, a duplicate key or a failed board case is an error, never
 * a row quietly left out.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/backends/json.h"
#include "cyclesim/common/file.h"

#include "analysis/published_internal.h"

#define SCHEMA_VERSION 1

/* ---- shared ------------------------------------------------------------- */

/* The largest page is 60 kB and a board's output a few; the cap leaves room
 * for a long board log and stops a device or a sparse file at once. */
#define MAX_TEXT (16u << 20)

csim_err pub_read_text(const char *path, char **out, csim_diag *d)
{
    csim_read r;
    char *buf = csim_read_file(path, MAX_TEXT, &r);
    if (!buf) {
        return csim_read_fail(d, path, &r, MAX_TEXT, CSIM_ERR_INPUT);
    }
    if (strlen(buf) != r.len) {
        free(buf);
        return csim_fail(d, CSIM_ERR_INPUT, "%s: binary file (NUL byte), neither a published page nor a "
                         "board output", path);
    }
    *out = buf;
    return CSIM_OK;
}

void pub_table_init(csim_pub_table *t, const char *path)
{
    memset(t, 0, sizeof(*t));
    snprintf(t->source, sizeof(t->source), "%s", path);
    t->latency = -1;
    t->icache = -1;
}

csim_pub_row *pub_add_row(csim_pub_table *t, size_t *cap)
{
    if (t->n_rows == *cap) {
        size_t n = *cap ? 2 * *cap : 64;
        csim_pub_row *r = realloc(t->rows, n * sizeof(*r));
        if (!r) {
            return NULL;
        }
        t->rows = r;
        *cap = n;
    }
    csim_pub_row *r = &t->rows[t->n_rows++];
    memset(r, 0, sizeof(*r));
    r->cycles = r->time_us = r->rate_MBps = NAN;
    r->code = r->const_data = r->global_data = r->stack = r->workbuf = NAN;
    return r;
}

/* The row of `kind` already holding `key`, or NULL. */
static const csim_pub_row *find_exact(const csim_pub_table *t, const char *key, csim_row_kind kind, size_t below)
{
    for (size_t i = 0; i < below && i < t->n_rows; i++) {
        if (t->rows[i].kind == kind && strcmp(t->rows[i].key, key) == 0) {
            return &t->rows[i];
        }
    }
    return NULL;
}


static size_t key_hash(const char *key, csim_row_kind kind)
{
    size_t h = 1469598103934665603u ^ (size_t)kind; /* FNV-1a */
    for (; *key; key++) {
        h = (h ^ (unsigned char)*key) * 1099511628211u;
    }
    return h;
}

/* Adds row `i` of t; returns the earlier row with its key and kind instead,
 * if any, or NULL (also when out of memory: *nomem set). */
const csim_pub_row *pub_rowset_add(rowset *set, const csim_pub_table *t, size_t i, bool *nomem)
{
    if (2 * (set->n + 1) > set->cap) {
        size_t cap = set->cap ? 2 * set->cap : 256;
        uint32_t *slot = calloc(cap, sizeof(*slot));
        if (!slot) {
            *nomem = true;
            return NULL;
        }
        for (size_t k = 0; k < set->cap; k++) {
            if (set->slot[k]) {
                const csim_pub_row *r = &t->rows[set->slot[k] - 1];
                size_t h = key_hash(r->key, r->kind) & (cap - 1);
                while (slot[h]) {
                    h = (h + 1) & (cap - 1);
                }
                slot[h] = set->slot[k];
            }
        }
        free(set->slot);
        set->slot = slot;
        set->cap = cap;
    }
    const csim_pub_row *r = &t->rows[i];
    size_t h = key_hash(r->key, r->kind) & (set->cap - 1);
    for (; set->slot[h]; h = (h + 1) & (set->cap - 1)) {
        const csim_pub_row *o = &t->rows[set->slot[h] - 1];
        if (o->kind == r->kind && strcmp(o->key, r->key) == 0) {
            return o;
        }
    }
    set->slot[h] = (uint32_t)(i + 1);
    set->n++;
    return NULL;
}

void csim_pub_free(csim_pub_table *t)
{
    free(t->rows);
    t->rows = NULL;
    t->n_rows = 0;
}

/* ---- published page (JSON) ---------------------------------------------- */

typedef struct jctx {
    const char *path;
    csim_diag *d;
} jctx;

static csim_err jfail(const jctx *c, const char *where, const char *what)
{
    return csim_fail(c->d, CSIM_ERR_INPUT, "%s: %s: %s", c->path, where, what);
}

/* A string member; `required` false accepts a missing member or null ("" then). */
static csim_err jstring(const jctx *c, const csim_json *obj, const char *name, const char *where, bool required,
                        char *out, size_t len)
{
    const csim_json *v = csim_json_get(obj, name);
    char at[256];
    snprintf(at, sizeof(at), "%.200s.%.40s", where, name);
    out[0] = '\0';
    if (!v || csim_json_is_null(v)) {
        return required ? jfail(c, at, "missing") : CSIM_OK;
    }
    if (!csim_json_is_string(v)) {
        return jfail(c, at, "expected a string");
    }
    snprintf(out, len, "%s", csim_json_str_of(v));
    return CSIM_OK;
}

/* A non-negative finite number member; missing or null gives NAN unless required. */
static csim_err jnumber(const jctx *c, const csim_json *obj, const char *name, const char *where, bool required,
                        double *out)
{
    const csim_json *v = csim_json_get(obj, name);
    char at[256], what[96];
    snprintf(at, sizeof(at), "%.200s.%.40s", where, name);
    *out = NAN;
    if (!v || csim_json_is_null(v)) {
        return required ? jfail(c, at, "missing") : CSIM_OK;
    }
    if (!csim_json_is_number(v) || !isfinite(csim_json_num(v))) {
        return jfail(c, at, "expected a number");
    }
    if (csim_json_num(v) < 0) {
        snprintf(what, sizeof(what), "%g is negative", csim_json_num(v));
        return jfail(c, at, what);
    }
    *out = csim_json_num(v);
    return CSIM_OK;
}

static csim_err jsetup(const jctx *c, const csim_json *root, csim_pub_table *t)
{
    const csim_json *page = csim_json_get(root, "page");
    const csim_json *setup = csim_json_get(root, "setup");
    csim_err e;
    if (csim_json_is_object(page) && (e = jstring(c, page, "title", "page", false, t->title, sizeof(t->title)))) {
        return e;
    }
    if (!csim_json_is_object(setup)) {
        return jfail(c, "setup", setup ? "expected an object" : "missing");
    }
    double hz, latency, major, mb;
    if ((e = jstring(c, setup, "mcu", "setup", true, t->mcu, sizeof(t->mcu))) ||
        (e = jstring(c, setup, "board", "setup", false, t->board, sizeof(t->board))) ||
        (e = jstring(c, setup, "library", "setup", false, t->library, sizeof(t->library))) ||
        (e = jstring(c, setup, "library_version", "setup", false, t->library_version,
                     sizeof(t->library_version))) ||
        (e = jnumber(c, setup, "clock_hz", "setup", true, &hz)) ||
        (e = jnumber(c, setup, "flash_latency", "setup", false, &latency)) ||
        (e = jnumber(c, setup, "library_major", "setup", false, &major)) ||
        (e = jnumber(c, setup, "mb_bytes", "setup", false, &mb))) {
        return e;
    }
    if (!isnan(mb) && mb != 1e6 && mb != 1048576) {
        return jfail(c, "setup.mb_bytes", "expected 1000000 or 1048576 (bytes in the page's MB)");
    }
    t->mb_bytes = isnan(mb) ? 0 : mb;
    if (hz < 1 || hz > 4e9 || hz != floor(hz)) {
        return jfail(c, "setup.clock_hz", "expected a whole number of hertz in [1, 4e9]");
    }
    if (!isnan(latency) && (latency > 15 || latency != floor(latency))) {
        return jfail(c, "setup.flash_latency", "expected an integer in [0, 15]");
    }
    if (!isnan(major) && (major > 99 || major != floor(major))) {
        return jfail(c, "setup.library_major", "expected an integer in [0, 99]");
    }
    t->clock_hz = (uint32_t)hz;
    t->latency = isnan(latency) ? -1 : (int)latency;
    t->library_major = isnan(major) ? 0 : (int)major;
    const csim_json *ic = csim_json_get(setup, "icache");
    if (ic && !csim_json_is_null(ic) && !csim_json_is_bool(ic)) {
        return jfail(c, "setup.icache", "expected true or false");
    }
    t->icache = csim_json_is_bool(ic) ? csim_json_true(ic) : -1;
    return CSIM_OK;
}

/* Flags that make a figure doubtful ("format" only notes a missing unit,
 * "column_order" cells read in another order than the header names them). */
static csim_err jflags(const jctx *c, const csim_json *row, const char *where, bool *flagged)
{
    const csim_json *flags = csim_json_get(row, "flags");
    char at[256];
    snprintf(at, sizeof(at), "%.200s.flags", where);
    *flagged = false;
    if (!flags || csim_json_is_null(flags)) {
        return CSIM_OK;
    }
    if (!csim_json_is_array(flags)) {
        return jfail(c, at, "expected an array");
    }
    const csim_json *f;
    csim_json_each(f, flags)
    {
        const csim_json *kind = csim_json_get(f, "kind");
        if (!csim_json_is_string(kind)) {
            return jfail(c, at, "every flag needs a \"kind\" string");
        }
        const char *k = csim_json_str_of(kind);
        if (strcmp(k, "format") != 0 && strcmp(k, "column_order") != 0) {
            *flagged = true;
        }
    }
    return CSIM_OK;
}

/* The published value fields and where they go (time_ms is scaled to µs). */
static const struct {
    const char *name;
    size_t offset;
    double scale;
} value_fields[] = {
    {"cycles", offsetof(csim_pub_row, cycles), 1},
    {"time_us", offsetof(csim_pub_row, time_us), 1},
    {"time_ms", offsetof(csim_pub_row, time_us), 1000},
    {"bitrate_kBps", 0, 0}, /* follows from cycles and the clock: not kept */
    {"rate_MBps", offsetof(csim_pub_row, rate_MBps), 1},
    {"code", offsetof(csim_pub_row, code), 1},
    {"constant_data", offsetof(csim_pub_row, const_data), 1},
    {"global_data", offsetof(csim_pub_row, global_data), 1},
    {"stack", offsetof(csim_pub_row, stack), 1},
    {"working_buffer", offsetof(csim_pub_row, workbuf), 1},
};

static csim_err jvalues(const jctx *c, const csim_json *row, const char *where, csim_pub_row *r)
{
    const csim_json *values = csim_json_get(row, "values");
    char at[256];
    snprintf(at, sizeof(at), "%.200s.values", where);
    if (!csim_json_is_object(values)) {
        return jfail(c, at, values ? "expected an object" : "missing");
    }
    const csim_json *v;
    csim_json_each(v, values)
    {
        size_t k = 0, n = sizeof(value_fields) / sizeof(value_fields[0]);
        const char *name = csim_json_name(v);
        while (k < n && strcmp(value_fields[k].name, name) != 0) {
            k++;
        }
        char what[160];
        if (k == n) {
            snprintf(what, sizeof(what), "unknown value \"%s\" (data/published/README.md lists them)", name);
            return jfail(c, at, what);
        }
        double x;
        csim_err e = jnumber(c, values, name, at, true, &x);
        if (e) {
            return e;
        }
        if (value_fields[k].scale) {
            *(double *)((char *)r + value_fields[k].offset) = x * value_fields[k].scale;
        }
    }
    bool footprint = !isnan(r->code) || !isnan(r->const_data) || !isnan(r->global_data) || !isnan(r->stack) ||
                     !isnan(r->workbuf);
    if (r->measure == CSIM_PUB_CYCLES && r->kind == CSIM_ROW_CYCLES && isnan(r->cycles)) {
        return jfail(c, at, "a row of a cycles table without \"cycles\"");
    }
    if (r->measure == CSIM_PUB_RATE && isnan(r->rate_MBps)) {
        return jfail(c, at, "a row of a rate table without \"rate_MBps\"");
    }
    if (r->measure == CSIM_PUB_TIME && isnan(r->time_us)) {
        return jfail(c, at, "a row of a time table without \"time_ms\" or \"time_us\"");
    }
    if (r->kind == CSIM_ROW_FOOTPRINT && !footprint) {
        return jfail(c, at, "a row of a footprint table without code, data, stack or buffer figures");
    }
    return CSIM_OK;
}

static bool valid_key(const char *k)
{
    if (!*k || *k == '/' || k[strlen(k) - 1] == '/' || strstr(k, "//")) {
        return false;
    }
    for (; *k; k++) {
        if (isspace((unsigned char)*k) || iscntrl((unsigned char)*k)) {
            return false;
        }
    }
    return true;
}

static csim_err jrow(const jctx *c, const csim_json *row, const char *where, csim_pub_row *r)
{
    if (!csim_json_is_object(row)) {
        return jfail(c, where, "expected an object");
    }
    const csim_json *key = csim_json_get(row, "key");
    char at[256];
    snprintf(at, sizeof(at), "%s.key", where);
    if (!csim_json_is_string(key)) {
        return jfail(c, at, key ? "expected a string" : "missing");
    }
    const char *ks = csim_json_str_of(key);
    if (strlen(ks) >= sizeof(r->key) || !valid_key(ks)) {
        char what[200];
        snprintf(what, sizeof(what), "\"%.120s\" is not a row key (docs/row-keys.md)", ks);
        return jfail(c, at, what);
    }
    snprintf(r->key, sizeof(r->key), "%s", ks);
    /* From here on the key says which row is wrong better than its index. */
    char named[256];
    snprintf(named, sizeof(named), "%s (row \"%s\")", where, r->key);
    csim_err e;
    if ((e = jvalues(c, row, named, r)) || (e = jflags(c, row, named, &r->flagged)) ||
        (e = jstring(c, row, "text", named, false, r->text, sizeof(r->text)))) {
        return e;
    }
    return CSIM_OK;
}

static csim_err jsections(const jctx *c, const csim_json *root, csim_pub_table *t, rowset *seen)
{
    const csim_json *sections = csim_json_get(root, "sections");
    if (!csim_json_is_array(sections)) {
        return jfail(c, "sections", sections ? "expected an array" : "missing");
    }
    size_t cap = 0, si = 0;
    const csim_json *s;
    csim_json_each(s, sections)
    {
        char where[64], id[16], title[96], kind[16];
        snprintf(where, sizeof(where), "sections[%zu]", si++);
        if (!csim_json_is_object(s)) {
            return jfail(c, where, "expected an object");
        }
        csim_err e;
        if ((e = jstring(c, s, "id", where, true, id, sizeof(id))) ||
            (e = jstring(c, s, "title", where, false, title, sizeof(title))) ||
            (e = jstring(c, s, "kind", where, true, kind, sizeof(kind)))) {
            return e;
        }
        const csim_json *rows = csim_json_get(s, "rows");
        char at[96];
        snprintf(at, sizeof(at), "%s.rows", where);
        if (!csim_json_is_array(rows)) {
            return jfail(c, at, rows ? "expected an array" : "missing");
        }
        csim_row_kind rk = CSIM_ROW_CYCLES;
        csim_pub_measure measure = CSIM_PUB_CYCLES;
        if (strcmp(kind, "cycles") == 0) {
            rk = CSIM_ROW_CYCLES;
        } else if (strcmp(kind, "rate") == 0 || strcmp(kind, "time") == 0) {
            measure = kind[0] == 'r' ? CSIM_PUB_RATE : CSIM_PUB_TIME;
            if (measure == CSIM_PUB_RATE && !t->mb_bytes) {
                return jfail(c, where, "a rate section needs setup.mb_bytes");
            }
        } else if (strcmp(kind, "footprint") == 0) {
            rk = CSIM_ROW_FOOTPRINT;
        } else if (strcmp(kind, "absent") == 0) {
            if (csim_json_count(rows)) {
                return jfail(c, at, "a section of kind \"absent\" with rows");
            }
            continue;
        } else {
            char what[96];
            snprintf(what, sizeof(what), "kind \"%s\": expected cycles, rate, time, footprint or absent", kind);
            return jfail(c, where, what);
        }
        size_t ri = 0;
        const csim_json *row;
        csim_json_each(row, rows)
        {
            char rwhere[96];
            snprintf(rwhere, sizeof(rwhere), "%.60s[%zu]", at, ri++);
            csim_pub_row *r = pub_add_row(t, &cap);
            if (!r) {
                return csim_fail(c->d, CSIM_ERR_NOMEM, "%s: out of memory", c->path);
            }
            r->kind = rk;
            r->measure = measure;
            snprintf(r->section, sizeof(r->section), "%s", id);
            snprintf(r->section_title, sizeof(r->section_title), "%s", title);
            if ((e = jrow(c, row, rwhere, r))) {
                return e;
            }
            bool nomem = false;
            if (pub_rowset_add(seen, t, t->n_rows - 1, &nomem)) {
                char what[160];
                snprintf(what, sizeof(what), "key \"%s\" appears twice among the %s rows", r->key,
                         rk == CSIM_ROW_CYCLES ? "cycles" : "footprint");
                return jfail(c, rwhere, what);
            }
            if (nomem) {
                return csim_fail(c->d, CSIM_ERR_NOMEM, "%s: out of memory", c->path);
            }
        }
    }
    return CSIM_OK;
}

static csim_err load_json(const char *path, const char *text, csim_pub_table *t, csim_diag *d)
{
    char why[sizeof(d->msg)];
    csim_json *root = csim_json_parse_input(path, text, why, sizeof(why));
    if (!root) {
        return csim_fail(d, CSIM_ERR_INPUT, "%s", why);
    }
    jctx c = {path, d};
    csim_err e = CSIM_OK;
    const csim_json *ver = csim_json_get(root, "schema_version");
    if (!csim_json_is_object(root)) {
        e = jfail(&c, "top level", "expected an object");
    } else if (!csim_json_is_number(ver)) {
        e = jfail(&c, "schema_version", ver ? "expected a number" : "missing");
    } else if (csim_json_num(ver) != SCHEMA_VERSION) {
        char what[96];
        snprintf(what, sizeof(what), "%g is not %d, the version this cyclesim reads", csim_json_num(ver),
                 SCHEMA_VERSION);
        e = jfail(&c, "schema_version", what);
    }
    if (!e) {
        e = jsetup(&c, root, t);
    }
    if (!e) {
        rowset seen = {0};
        e = jsections(&c, root, t, &seen);
        free(seen.slot);
    }
    csim_json_free(root);
    return e;
}

csim_err csim_pub_load(const char *path, csim_pub_table *t, csim_diag *d)
{
    pub_table_init(t, path);
    char *text = NULL;
    csim_err e = pub_read_text(path, &text, d);
    if (e) {
        return e;
    }
    const char *p = text;
    if (strncmp(p, "\xEF\xBB\xBF", 3) == 0) {
        p += 3;
    }
    while (isspace((unsigned char)*p)) {
        p++;
    }
    if (*p != '{') {
        free(text);
        return csim_pub_load_board(path, t, d);
    }
    e = load_json(path, p, t, d);
    free(text);
    if (e) {
        csim_pub_free(t);
    }
    return e;
}

/* ---- lookup --------------------------------------------------------------- */

/* Each '*' segment of pattern stands for one whole, non-empty segment of key. */
static bool segments_match(const char *pattern, const char *key)
{
    for (;;) {
        const char *pe = strchr(pattern, '/'), *ke = strchr(key, '/');
        size_t pl = pe ? (size_t)(pe - pattern) : strlen(pattern);
        size_t kl = ke ? (size_t)(ke - key) : strlen(key);
        bool star = pl == 1 && *pattern == '*';
        if (kl == 0 || (!star && (pl != kl || memcmp(pattern, key, pl) != 0))) {
            return false;
        }
        if (!pe || !ke) {
            return !pe && !ke;
        }
        pattern = pe + 1;
        key = ke + 1;
    }
}

const csim_pub_row *csim_pub_find(const csim_pub_table *t, const char *key, csim_row_kind kind)
{
    const csim_pub_row *exact = find_exact(t, key, kind, t->n_rows);
    if (exact || kind != CSIM_ROW_FOOTPRINT) {
        return exact;
    }
    for (size_t i = 0; i < t->n_rows; i++) {
        const csim_pub_row *r = &t->rows[i];
        if (r->kind == kind && strchr(r->key, '*') && segments_match(r->key, key)) {
            return r;
        }
    }
    return NULL;
}
