/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * published.c - measured results as rows keyed like the firmware cases
 * (published.h): ST's performance pages as JSON (data/published/README.md)
 * and a board's "@case" output (firmware/bench/runner.c).  The cJSON user
 * for the published-page format.
 *
 * Everything a comparison rests on is checked here: a row with a missing or
 * negative figure, a duplicate key or a failed board case is an error, never
 * a row quietly left out.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cyclesim/published.h"

#define SCHEMA_VERSION 1
#define BENCH_ABI_VERSION 1 /* firmware/include/bench.h */

/* ---- shared ------------------------------------------------------------- */

static csim_err read_text(const char *path, char **out, csim_diag *d)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        return csim_fail(d, CSIM_ERR_IO, "%s: cannot open (%s)", path, strerror(errno));
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        len += fread(buf + len, 1, cap - len - 1, f);
        if (len < cap - 1) {
            break;
        }
        char *n = realloc(buf, cap * 2);
        if (!n) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = n;
        cap *= 2;
    }
    bool bad = ferror(f);
    fclose(f);
    if (!buf) {
        return csim_fail(d, CSIM_ERR_NOMEM, "%s: out of memory", path);
    }
    if (bad) {
        free(buf);
        return csim_fail(d, CSIM_ERR_IO, "%s: read error", path);
    }
    buf[len] = '\0';
    if (strlen(buf) != len) {
        free(buf);
        return csim_fail(d, CSIM_ERR_USAGE, "%s: binary file (NUL byte), neither a published page nor a "
                         "board output", path);
    }
    *out = buf;
    return CSIM_OK;
}

static void table_init(csim_pub_table *t, const char *path)
{
    memset(t, 0, sizeof(*t));
    snprintf(t->source, sizeof(t->source), "%s", path);
    t->latency = -1;
    t->icache = -1;
}

static csim_pub_row *add_row(csim_pub_table *t, size_t *cap)
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
    r->cycles = r->time_us = NAN;
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
    return csim_fail(c->d, CSIM_ERR_USAGE, "%s: %s: %s", c->path, where, what);
}

/* A string member; `required` false accepts a missing member or null ("" then). */
static csim_err jstring(const jctx *c, const cJSON *obj, const char *name, const char *where, bool required,
                        char *out, size_t len)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);
    char at[256];
    snprintf(at, sizeof(at), "%.200s.%.40s", where, name);
    out[0] = '\0';
    if (!v || cJSON_IsNull(v)) {
        return required ? jfail(c, at, "missing") : CSIM_OK;
    }
    if (!cJSON_IsString(v)) {
        return jfail(c, at, "expected a string");
    }
    snprintf(out, len, "%s", v->valuestring);
    return CSIM_OK;
}

/* A non-negative finite number member; missing or null gives NAN unless required. */
static csim_err jnumber(const jctx *c, const cJSON *obj, const char *name, const char *where, bool required,
                        double *out)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);
    char at[256], what[96];
    snprintf(at, sizeof(at), "%.200s.%.40s", where, name);
    *out = NAN;
    if (!v || cJSON_IsNull(v)) {
        return required ? jfail(c, at, "missing") : CSIM_OK;
    }
    if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble)) {
        return jfail(c, at, "expected a number");
    }
    if (v->valuedouble < 0) {
        snprintf(what, sizeof(what), "%g is negative", v->valuedouble);
        return jfail(c, at, what);
    }
    *out = v->valuedouble;
    return CSIM_OK;
}

static csim_err jsetup(const jctx *c, const cJSON *root, csim_pub_table *t)
{
    const cJSON *page = cJSON_GetObjectItemCaseSensitive(root, "page");
    const cJSON *setup = cJSON_GetObjectItemCaseSensitive(root, "setup");
    csim_err e;
    if (cJSON_IsObject(page) && (e = jstring(c, page, "title", "page", false, t->title, sizeof(t->title)))) {
        return e;
    }
    if (!cJSON_IsObject(setup)) {
        return jfail(c, "setup", setup ? "expected an object" : "missing");
    }
    double hz, latency, major;
    if ((e = jstring(c, setup, "mcu", "setup", true, t->mcu, sizeof(t->mcu))) ||
        (e = jstring(c, setup, "board", "setup", false, t->board, sizeof(t->board))) ||
        (e = jstring(c, setup, "library_version", "setup", false, t->library_version,
                     sizeof(t->library_version))) ||
        (e = jnumber(c, setup, "clock_hz", "setup", true, &hz)) ||
        (e = jnumber(c, setup, "flash_latency", "setup", false, &latency)) ||
        (e = jnumber(c, setup, "library_major", "setup", false, &major))) {
        return e;
    }
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
    const cJSON *ic = cJSON_GetObjectItemCaseSensitive(setup, "icache");
    if (ic && !cJSON_IsNull(ic) && !cJSON_IsBool(ic)) {
        return jfail(c, "setup.icache", "expected true or false");
    }
    t->icache = cJSON_IsBool(ic) ? cJSON_IsTrue(ic) : -1;
    return CSIM_OK;
}

/* Flags that make a figure doubtful ("format" only notes a missing unit,
 * "column_order" cells read in another order than the header names them). */
static csim_err jflags(const jctx *c, const cJSON *row, const char *where, bool *flagged)
{
    const cJSON *flags = cJSON_GetObjectItemCaseSensitive(row, "flags");
    char at[256];
    snprintf(at, sizeof(at), "%.200s.flags", where);
    *flagged = false;
    if (!flags || cJSON_IsNull(flags)) {
        return CSIM_OK;
    }
    if (!cJSON_IsArray(flags)) {
        return jfail(c, at, "expected an array");
    }
    const cJSON *f;
    cJSON_ArrayForEach(f, flags)
    {
        const cJSON *kind = cJSON_GetObjectItemCaseSensitive(f, "kind");
        if (!cJSON_IsString(kind)) {
            return jfail(c, at, "every flag needs a \"kind\" string");
        }
        if (strcmp(kind->valuestring, "format") != 0 && strcmp(kind->valuestring, "column_order") != 0) {
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
    {"code", offsetof(csim_pub_row, code), 1},
    {"constant_data", offsetof(csim_pub_row, const_data), 1},
    {"global_data", offsetof(csim_pub_row, global_data), 1},
    {"stack", offsetof(csim_pub_row, stack), 1},
    {"working_buffer", offsetof(csim_pub_row, workbuf), 1},
};

static csim_err jvalues(const jctx *c, const cJSON *row, const char *where, csim_pub_row *r)
{
    const cJSON *values = cJSON_GetObjectItemCaseSensitive(row, "values");
    char at[256];
    snprintf(at, sizeof(at), "%.200s.values", where);
    if (!cJSON_IsObject(values)) {
        return jfail(c, at, values ? "expected an object" : "missing");
    }
    const cJSON *v;
    cJSON_ArrayForEach(v, values)
    {
        size_t k = 0, n = sizeof(value_fields) / sizeof(value_fields[0]);
        while (k < n && strcmp(value_fields[k].name, v->string) != 0) {
            k++;
        }
        char what[160];
        if (k == n) {
            snprintf(what, sizeof(what), "unknown value \"%s\" (data/published/README.md lists them)", v->string);
            return jfail(c, at, what);
        }
        double x;
        csim_err e = jnumber(c, values, v->string, at, true, &x);
        if (e) {
            return e;
        }
        if (value_fields[k].scale) {
            *(double *)((char *)r + value_fields[k].offset) = x * value_fields[k].scale;
        }
    }
    bool footprint = !isnan(r->code) || !isnan(r->const_data) || !isnan(r->global_data) || !isnan(r->stack) ||
                     !isnan(r->workbuf);
    if (r->kind == CSIM_ROW_CYCLES && isnan(r->cycles)) {
        return jfail(c, at, "a row of a cycles table without \"cycles\"");
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

static csim_err jrow(const jctx *c, const cJSON *row, const char *where, csim_pub_row *r)
{
    if (!cJSON_IsObject(row)) {
        return jfail(c, where, "expected an object");
    }
    const cJSON *key = cJSON_GetObjectItemCaseSensitive(row, "key");
    char at[256];
    snprintf(at, sizeof(at), "%s.key", where);
    if (!cJSON_IsString(key)) {
        return jfail(c, at, key ? "expected a string" : "missing");
    }
    if (strlen(key->valuestring) >= sizeof(r->key) || !valid_key(key->valuestring)) {
        char what[200];
        snprintf(what, sizeof(what), "\"%.120s\" is not a row key (docs/row-keys.md)", key->valuestring);
        return jfail(c, at, what);
    }
    snprintf(r->key, sizeof(r->key), "%s", key->valuestring);
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

static csim_err jsections(const jctx *c, const cJSON *root, csim_pub_table *t)
{
    const cJSON *sections = cJSON_GetObjectItemCaseSensitive(root, "sections");
    if (!cJSON_IsArray(sections)) {
        return jfail(c, "sections", sections ? "expected an array" : "missing");
    }
    size_t cap = 0, si = 0;
    const cJSON *s;
    cJSON_ArrayForEach(s, sections)
    {
        char where[64], id[16], title[96], kind[16];
        snprintf(where, sizeof(where), "sections[%zu]", si++);
        if (!cJSON_IsObject(s)) {
            return jfail(c, where, "expected an object");
        }
        csim_err e;
        if ((e = jstring(c, s, "id", where, true, id, sizeof(id))) ||
            (e = jstring(c, s, "title", where, false, title, sizeof(title))) ||
            (e = jstring(c, s, "kind", where, true, kind, sizeof(kind)))) {
            return e;
        }
        const cJSON *rows = cJSON_GetObjectItemCaseSensitive(s, "rows");
        char at[96];
        snprintf(at, sizeof(at), "%s.rows", where);
        if (!cJSON_IsArray(rows)) {
            return jfail(c, at, rows ? "expected an array" : "missing");
        }
        csim_row_kind rk;
        if (strcmp(kind, "cycles") == 0) {
            rk = CSIM_ROW_CYCLES;
        } else if (strcmp(kind, "footprint") == 0) {
            rk = CSIM_ROW_FOOTPRINT;
        } else if (strcmp(kind, "absent") == 0) {
            if (cJSON_GetArraySize(rows)) {
                return jfail(c, at, "a section of kind \"absent\" with rows");
            }
            continue;
        } else {
            char what[96];
            snprintf(what, sizeof(what), "kind \"%s\": expected cycles, footprint or absent", kind);
            return jfail(c, where, what);
        }
        size_t ri = 0;
        const cJSON *row;
        cJSON_ArrayForEach(row, rows)
        {
            char rwhere[96];
            snprintf(rwhere, sizeof(rwhere), "%.60s[%zu]", at, ri++);
            csim_pub_row *r = add_row(t, &cap);
            if (!r) {
                return csim_fail(c->d, CSIM_ERR_NOMEM, "%s: out of memory", c->path);
            }
            r->kind = rk;
            snprintf(r->section, sizeof(r->section), "%s", id);
            snprintf(r->section_title, sizeof(r->section_title), "%s", title);
            if ((e = jrow(c, row, rwhere, r))) {
                return e;
            }
            if (find_exact(t, r->key, rk, t->n_rows - 1)) {
                char what[160];
                snprintf(what, sizeof(what), "key \"%s\" appears twice among the %s rows", r->key,
                         rk == CSIM_ROW_CYCLES ? "cycles" : "footprint");
                return jfail(c, rwhere, what);
            }
        }
    }
    return CSIM_OK;
}

static csim_err load_json(const char *path, const char *text, csim_pub_table *t, csim_diag *d)
{
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithOpts(text, &end, true);
    if (!root) {
        unsigned line = 1;
        for (const char *p = text; end && p < end; p++) {
            line += *p == '\n';
        }
        return csim_fail(d, CSIM_ERR_USAGE, "%s:%u: not valid JSON", path, line);
    }
    jctx c = {path, d};
    csim_err e = CSIM_OK;
    const cJSON *ver = cJSON_GetObjectItemCaseSensitive(root, "schema_version");
    if (!cJSON_IsObject(root)) {
        e = jfail(&c, "top level", "expected an object");
    } else if (!cJSON_IsNumber(ver)) {
        e = jfail(&c, "schema_version", ver ? "expected a number" : "missing");
    } else if (ver->valuedouble != SCHEMA_VERSION) {
        char what[96];
        snprintf(what, sizeof(what), "%g is not %d, the version this cyclesim reads", ver->valuedouble,
                 SCHEMA_VERSION);
        e = jfail(&c, "schema_version", what);
    }
    if (!e) {
        e = jsetup(&c, root, t);
    }
    if (!e) {
        e = jsections(&c, root, t);
    }
    cJSON_Delete(root);
    return e;
}

csim_err csim_pub_load(const char *path, csim_pub_table *t, csim_diag *d)
{
    table_init(t, path);
    char *text;
    csim_err e = read_text(path, &text, d);
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

/* ---- board output ("@cyclesim-bench", "@case", "@done") ------------------ */

/* "key=value" tokens of one line, split in place. */
#define MAX_FIELDS 16
typedef struct fields {
    char *key[MAX_FIELDS], *val[MAX_FIELDS];
    unsigned n;
} fields;

static bool split_fields(char *s, fields *f)
{
    f->n = 0;
    for (char *tok = strtok(s, " \t"); tok; tok = strtok(NULL, " \t")) {
        char *eq = strchr(tok, '=');
        if (!eq || eq == tok || f->n == MAX_FIELDS) {
            return false;
        }
        *eq = '\0';
        f->key[f->n] = tok;
        f->val[f->n++] = eq + 1;
    }
    return true;
}

static const char *field(const fields *f, const char *key)
{
    for (unsigned i = 0; i < f->n; i++) {
        if (strcmp(f->key[i], key) == 0) {
            return f->val[i];
        }
    }
    return NULL;
}

/* A decimal unsigned 32-bit field ("cycles=123"); false if missing or not one. */
static bool field_u32(const fields *f, const char *key, uint32_t *out)
{
    const char *v = field(f, key);
    if (!v || !isdigit((unsigned char)*v)) {
        return false;
    }
    char *end;
    errno = 0;
    unsigned long long x = strtoull(v, &end, 10);
    if (*end || errno || x > UINT32_MAX) {
        return false;
    }
    *out = (uint32_t)x;
    return true;
}

typedef struct bctx {
    const char *path;
    unsigned line;
    csim_diag *d;
} bctx;

static csim_err bfail(const bctx *c, const char *fmt, const char *arg)
{
    char what[256];
    snprintf(what, sizeof(what), fmt, arg);
    return csim_fail(c->d, CSIM_ERR_USAGE, "%s:%u: %s", c->path, c->line, what);
}

static csim_err board_header(const bctx *c, char *rest, csim_pub_table *t)
{
    while (*rest == ' ' || *rest == '\t') {
        rest++;
    }
    size_t n = strcspn(rest, " \t");
    char abi[16];
    snprintf(abi, sizeof(abi), "%.*s", (int)(n < sizeof(abi) ? n : sizeof(abi) - 1), rest);
    char want[16];
    snprintf(want, sizeof(want), "%d", BENCH_ABI_VERSION);
    if (strcmp(abi, want) != 0) {
        return bfail(c, "@cyclesim-bench %s: not the bench ABI version this cyclesim reads (1)",
                     n ? abi : "(no version)");
    }
    fields f;
    uint32_t hz, lat, ic;
    if (!split_fields(rest + n, &f)) {
        return bfail(c, "%s: malformed (expected key=value fields)", "@cyclesim-bench");
    }
    const char *mcu = field(&f, "mcu"), *target = field(&f, "target");
    if (!mcu || !*mcu || !field_u32(&f, "clock_hz", &hz)) {
        return bfail(c, "%s: needs mcu= and clock_hz=", "@cyclesim-bench");
    }
    if (hz == 0) {
        return bfail(c, "@cyclesim-bench: clock_hz=0 (mcu=%.32s): an emulator target's output, not a board's "
                     "measurement", mcu);
    }
    if (field(&f, "latency") && (!field_u32(&f, "latency", &lat) || lat > 15)) {
        return bfail(c, "%s: latency= expects an integer in [0, 15]", "@cyclesim-bench");
    }
    if (field(&f, "icache") && (!field_u32(&f, "icache", &ic) || ic > 1)) {
        return bfail(c, "%s: icache= expects 0 or 1", "@cyclesim-bench");
    }
    snprintf(t->mcu, sizeof(t->mcu), "%s", mcu);
    snprintf(t->board, sizeof(t->board), "%s", target ? target : "");
    snprintf(t->title, sizeof(t->title), "board output of %s (%s)", t->board[0] ? t->board : "?", mcu);
    t->clock_hz = hz;
    t->latency = field(&f, "latency") ? (int)lat : -1;
    t->icache = field(&f, "icache") ? (int)ic : -1;
    return CSIM_OK;
}

static csim_err board_case(const bctx *c, char *rest, const char *line, csim_pub_table *t, size_t *cap,
                           unsigned *first_line)
{
    fields f;
    uint32_t cycles, workbuf = 0;
    if (!split_fields(rest, &f)) {
        return bfail(c, "%s: malformed (expected key=value fields)", "@case");
    }
    const char *name = field(&f, "name"), *row = field(&f, "row"), *status = field(&f, "status");
    if (!name || !*name) {
        return bfail(c, "%s: no name=", "@case");
    }
    if (!field_u32(&f, "cycles", &cycles)) {
        return bfail(c, "@case %s: cycles= is missing or not a non-negative integer", name);
    }
    if (field(&f, "workbuf") && !field_u32(&f, "workbuf", &workbuf)) {
        return bfail(c, "@case %s: workbuf= is not a non-negative integer", name);
    }
    if (!status) {
        return bfail(c, "@case %s: no status=", name);
    }
    if (strcmp(status, "pass") != 0) {
        char what[256];
        snprintf(what, sizeof(what), "@case %.96s: status %.32s: the case failed on the board, its cycles "
                 "are not a measurement", name, status);
        return bfail(c, "%s", what);
    }
    const char *key = row && *row ? row : name;
    if (strlen(key) >= sizeof(t->rows[0].key)) {
        return bfail(c, "@case: key \"%.100s\" too long", key);
    }
    const csim_pub_row *dup = find_exact(t, key, CSIM_ROW_CYCLES, t->n_rows);
    if (dup) {
        char what[200];
        snprintf(what, sizeof(what), "key \"%.96s\" already read at line %u", key,
                 first_line[dup - t->rows]);
        return bfail(c, "%s", what);
    }
    csim_pub_row *r = add_row(t, cap);
    if (!r) {
        return csim_fail(c->d, CSIM_ERR_NOMEM, "%s: out of memory", c->path);
    }
    first_line[t->n_rows - 1] = c->line;
    snprintf(r->key, sizeof(r->key), "%s", key);
    r->kind = CSIM_ROW_CYCLES;
    r->cycles = cycles;
    if (workbuf) {
        r->workbuf = workbuf;
    }
    snprintf(r->text, sizeof(r->text), "%s", line);
    return CSIM_OK;
}

static csim_err parse_board(const char *path, char *text, csim_pub_table *t, unsigned *first_line,
                            csim_diag *d)
{
    bctx c = {path, 0, d};
    bool header = false, done = false;
    size_t cap = 0;
    csim_err e = CSIM_OK;
    for (char *line = text, *next; line && !e; line = next) {
        next = strchr(line, '\n');
        if (next) {
            *next++ = '\0';
        }
        c.line++;
        size_t len = strlen(line);
        while (len && (line[len - 1] == '\r' || line[len - 1] == ' ' || line[len - 1] == '\t')) {
            line[--len] = '\0';
        }
        while (*line == ' ' || *line == '\t') {
            line++;
        }
        char copy[sizeof(t->rows[0].text)];
        snprintf(copy, sizeof(copy), "%s", line);
        bool is_header = strncmp(line, "@cyclesim-bench ", 16) == 0 || strcmp(line, "@cyclesim-bench") == 0;
        bool is_case = strncmp(line, "@case ", 6) == 0;
        bool is_done = strncmp(line, "@done ", 6) == 0;
        if (!is_header && !is_case && !is_done) {
            continue; /* the firmware's other console text */
        }
        if (done) {
            e = bfail(&c, "%.150s after @done (two runs in one capture?)", copy);
        } else if (is_header) {
            e = header ? bfail(&c, "%s", "a second @cyclesim-bench line (the board restarted?)")
                       : board_header(&c, line + 15, t);
            header = true;
        } else if (!header) {
            e = bfail(&c, "%s before the @cyclesim-bench line", is_case ? "@case" : "@done");
        } else if (is_case) {
            e = board_case(&c, line + 6, copy, t, &cap, first_line);
        } else {
            fields f;
            uint32_t n;
            done = true;
            if (!split_fields(line + 6, &f) || !field_u32(&f, "cases", &n)) {
                e = bfail(&c, "%s: expected cases=N", "@done");
            } else if (n != t->n_rows) {
                char what[128];
                snprintf(what, sizeof(what), "@done says %u cases but %zu @case lines were read", n, t->n_rows);
                e = bfail(&c, "%s", what);
            }
        }
    }
    if (!e && !header) {
        e = csim_fail(d, CSIM_ERR_USAGE, "%s: no @cyclesim-bench line: neither a published page (JSON) nor "
                      "a board output", path);
    } else if (!e && !done) {
        e = csim_fail(d, CSIM_ERR_USAGE, "%s: no @done line: the output was cut short", path);
    }
    return e;
}

csim_err csim_pub_load_board(const char *path, csim_pub_table *t, csim_diag *d)
{
    table_init(t, path);
    t->board_output = true;
    char *text;
    csim_err e = read_text(path, &text, d);
    if (e) {
        return e;
    }
    /* A case per line at most: the line count bounds the rows. */
    size_t lines = 1;
    for (const char *p = text; *p; p++) {
        lines += *p == '\n';
    }
    unsigned *first_line = calloc(lines, sizeof(*first_line));
    e = first_line ? parse_board(path, text, t, first_line, d) : csim_fail(d, CSIM_ERR_NOMEM, "out of memory");
    free(first_line);
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
