/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * budget.c - budget files (docs/budgets.md); the only file that reads or
 * writes them, with cyclesim/backends/json.h for reading.  Every key is checked: an unknown key,
 * a wrong type or an out-of-range number is an error, never ignored, since a
 * budget that silently does not apply would let a regression through.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/budget.h"
#include "cyclesim/common/file.h"
#include "cyclesim/common/outfile.h"
#include "cyclesim/common/version.h"
#include "cyclesim/backends/json.h"

#define MAX_FILE (4u << 20)
#define MAX_INT 9007199254740992.0 /* 2^53: integers a JSON number holds exactly */

#define IF_1(...) __VA_ARGS__
#define IF_0(...)
#define BUCKET_NAME(field, label, event, bucket) IF_##bucket(#field, )
const char *const budget_kind_names[BUDGET_KINDS + 1] = {CSIM_BREAKDOWN_FIELDS(BUCKET_NAME) "cache_misses", NULL};
#undef BUCKET_NAME
#undef IF_0
#undef IF_1

bool budget_is_glob(const char *pattern)
{
    return strpbrk(pattern, "*?[") != NULL;
}

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    return d ? memcpy(d, s, n) : NULL;
}

void budget_free(budget_file *f)
{
    for (size_t i = 0; i < f->n; i++) {
        budget *b = &f->b[i];
        free(b->case_pat);
        free(b->mcu);
        for (size_t k = 0; k < b->n_fns; k++) {
            free(b->fns[k].name);
        }
        free(b->fns);
    }
    free(f->b);
    free(f->elf);
    free(f->settings.models);
    memset(f, 0, sizeof(*f));
}

/* Whether one of the n models is named mcu. */
static bool has_model(const csim_model *models, unsigned n, const char *mcu)
{
    for (unsigned k = 0; k < n; k++) {
        if (strcmp(models[k].name, mcu) == 0) {
            return true;
        }
    }
    return false;
}

bool budget_settings_of(budget_settings *s, const csim_model *models, unsigned n)
{
    budget_model *bm = calloc(n + s->n_models + 1, sizeof(*bm));
    if (!bm) {
        return false;
    }
    size_t kept = 0;
    for (size_t k = 0; k < s->n_models; k++) {
        if (!has_model(models, n, s->models[k].mcu)) {
            bm[n + kept++] = s->models[k];
        }
    }
    free(s->models);
    *s = (budget_settings){.models = bm, .n_models = n + kept};
    snprintf(s->tool_version, sizeof(s->tool_version), "%s", csim_tool_version());
    for (unsigned i = 0; n && i < models[0].n_sources; i++) {
        if (models[0].source[i].kind != CSIM_SOURCE_FILE) {
            s->sets[s->n_sets++] = models[0].source[i];
        }
    }
    for (unsigned k = 0; k < n; k++) {
        const csim_model *m = &models[k];
        snprintf(bm[k].mcu, sizeof(bm[k].mcu), "%s", m->name);
        for (unsigned i = m->n_sources; i-- > 0;) { /* the MCU's file first */
            if (m->source[i].kind == CSIM_SOURCE_FILE) {
                bm[k].files[bm[k].n_files++] = m->source[i];
            }
        }
    }
    return true;
}

bool budget_set_fns(budget *b, const budget_fn *fns, size_t n)
{
    budget_fn *copy = n ? calloc(n, sizeof(*copy)) : NULL;
    if (n && !copy) {
        return false;
    }
    for (size_t k = 0; k < n; k++) {
        copy[k].cycles = fns[k].cycles;
        if (!(copy[k].name = dup_str(fns[k].name))) {
            while (k--) {
                free(copy[k].name);
            }
            free(copy);
            return false;
        }
    }
    for (size_t k = 0; k < b->n_fns; k++) {
        free(b->fns[k].name);
    }
    free(b->fns);
    b->fns = copy;
    b->n_fns = n;
    return true;
}

/* ---- reading ------------------------------------------------------------ */

typedef struct reader {
    const char *path;
    csim_diag *diag;
} reader;

static budget_err bad(const reader *r, const char *where, const char *what)
{
    csim_fail(r->diag, CSIM_ERR_INPUT, "%s: %s%s%s", r->path, where, *where ? ": " : "", what);
    return BUDGET_ERR_BAD;
}

/* Every key of `o` must be one of `allowed` (once: the JSON policy). */
static budget_err check_keys(const reader *r, const csim_json *o, const char *where, const char *const *allowed)
{
    const csim_json *k;
    csim_json_each(k, o)
    {
        bool known = false;
        for (const char *const *a = allowed; *a && !known; a++) {
            known = strcmp(csim_json_name(k), *a) == 0;
        }
        if (!known) {
            char msg[256];
            snprintf(msg, sizeof(msg), "unknown key \"%s\"", csim_json_name(k));
            return bad(r, where, msg);
        }
    }
    return BUDGET_OK;
}

static budget_err get_uint(const reader *r, const csim_json *o, const char *key, const char *where, bool required,
                           bool positive, bool *present, uint64_t *out)
{
    const csim_json *v = csim_json_get(o, key);
    char at[256], msg[160];
    snprintf(at, sizeof(at), "%s%s%s", where, *where ? "." : "", key);
    if (present) {
        *present = v != NULL;
    }
    if (!v) {
        return required ? bad(r, at, "missing") : BUDGET_OK;
    }
    double d = csim_json_is_number(v) ? csim_json_num(v) : -1;
    if (!csim_json_is_number(v) || d < (positive ? 1 : 0) || d > MAX_INT || d != floor(d)) {
        if (csim_json_is_number(v)) {
            snprintf(msg, sizeof(msg), "%.15g is not %s", d, positive ? "a positive integer" : "a non-negative integer");
        } else {
            snprintf(msg, sizeof(msg), "expected %s", positive ? "a positive integer" : "a non-negative integer");
        }
        return bad(r, at, msg);
    }
    *out = (uint64_t)d;
    return BUDGET_OK;
}

static budget_err get_str(const reader *r, const csim_json *o, const char *key, const char *where, bool required,
                          char **out)
{
    const csim_json *v = csim_json_get(o, key);
    char at[256];
    snprintf(at, sizeof(at), "%s%s%s", where, *where ? "." : "", key);
    if (!v) {
        return required ? bad(r, at, "missing") : BUDGET_OK;
    }
    if (!csim_json_is_string(v) || !csim_json_str_of(v)[0]) {
        return bad(r, at, "expected a non-empty string");
    }
    return (*out = dup_str(csim_json_str_of(v))) ? BUDGET_OK : bad(r, at, "out of memory");
}

static budget_err read_kinds(const reader *r, const csim_json *v, const char *where, budget *b)
{
    char at[200];
    snprintf(at, sizeof(at), "%s.breakdown", where);
    if (!csim_json_is_object(v)) {
        return bad(r, at, "expected an object");
    }
    budget_err e = check_keys(r, v, at, budget_kind_names);
    for (unsigned k = 0; !e && k < BUDGET_KINDS; k++) {
        e = get_uint(r, v, budget_kind_names[k], at, true, false, NULL, &b->kinds[k]);
    }
    b->has_kinds = true;
    return e;
}

static budget_err read_fns(const reader *r, const csim_json *v, const char *where, budget *b)
{
    static const char *const keys[] = {"name", "cycles", NULL};
    char at[200];
    snprintf(at, sizeof(at), "%s.functions", where);
    if (!csim_json_is_array(v)) {
        return bad(r, at, "expected an array of {\"name\", \"cycles\"}");
    }
    size_t n = (size_t)csim_json_count(v);
    b->fns = n ? calloc(n, sizeof(*b->fns)) : NULL;
    if (n && !b->fns) {
        return bad(r, at, "out of memory");
    }
    const csim_json *e;
    budget_err err = BUDGET_OK;
    csim_json_each(e, v)
    {
        char el[220];
        snprintf(el, sizeof(el), "%s[%zu]", at, b->n_fns);
        budget_fn *f = &b->fns[b->n_fns++];
        if (!csim_json_is_object(e)) {
            return bad(r, el, "expected an object {\"name\", \"cycles\"}");
        }
        if ((err = check_keys(r, e, el, keys)) || (err = get_str(r, e, "name", el, true, &f->name)) ||
            (err = get_uint(r, e, "cycles", el, true, false, NULL, &f->cycles))) {
            return err;
        }
    }
    return BUDGET_OK;
}

static budget_err read_budget(const reader *r, const csim_json *o, size_t i, budget *b)
{
    static const char *const keys[] = {"case", "mcu", "cycles", "tolerance_pct", "stack_bytes", "code_bytes",
                                       "breakdown", "functions", NULL};
    char where[64];
    snprintf(where, sizeof(where), "budgets[%zu]", i);
    if (!csim_json_is_object(o)) {
        return bad(r, where, "expected an object");
    }
    budget_err e;
    if ((e = check_keys(r, o, where, keys)) || (e = get_str(r, o, "case", where, true, &b->case_pat)) ||
        (e = get_str(r, o, "mcu", where, true, &b->mcu)) ||
        (e = get_uint(r, o, "cycles", where, true, true, NULL, &b->cycles)) ||
        (e = get_uint(r, o, "stack_bytes", where, false, false, &b->has_stack, &b->stack_bytes)) ||
        (e = get_uint(r, o, "code_bytes", where, false, false, &b->has_code, &b->code_bytes))) {
        return e;
    }
    const csim_json *tol = csim_json_get(o, "tolerance_pct");
    if (tol) {
        char at[96], msg[96];
        snprintf(at, sizeof(at), "%s.tolerance_pct", where);
        if (!csim_json_is_number(tol)) {
            return bad(r, at, "expected a number in [0, 100]");
        }
        double t = csim_json_num(tol);
        if (!(t >= 0 && t <= 100)) {
            snprintf(msg, sizeof(msg), "%g is not in [0, 100]", t);
            return bad(r, at, msg);
        }
        b->tolerance_pct = t;
        b->has_tolerance = true;
    }
    const csim_json *v;
    if ((v = csim_json_get(o, "breakdown")) && (e = read_kinds(r, v, where, b))) {
        return e;
    }
    if ((v = csim_json_get(o, "functions")) && (e = read_fns(r, v, where, b))) {
        return e;
    }
    return BUDGET_OK;
}

/* A {"file"|"set"|"overlay", "sha256"} entry of the settings into *src. */
static budget_err read_source(const reader *r, const csim_json *o, const char *where, csim_source_kind kind,
                              csim_model_source *src)
{
    static const char *const file_keys[] = {"file", "sha256", NULL}, *const set_keys[] = {"set", NULL},
                             *const overlay_keys[] = {"overlay", "sha256", NULL};
    const char *const *keys = kind == CSIM_SOURCE_FILE ? file_keys : kind == CSIM_SOURCE_SET ? set_keys : overlay_keys;
    if (!csim_json_is_object(o)) {
        return bad(r, where, "expected an object");
    }
    budget_err e = check_keys(r, o, where, keys);
    char *what = NULL, *sum = NULL;
    if (!e) {
        e = get_str(r, o, keys[0], where, true, &what);
    }
    if (!e && keys[1]) {
        e = get_str(r, o, "sha256", where, true, &sum);
    }
    if (!e) {
        *src = (csim_model_source){.kind = kind};
        snprintf(src->what, sizeof(src->what), "%s%s", kind == CSIM_SOURCE_OVERLAY ? "@" : "", what);
        snprintf(src->sha256, sizeof(src->sha256), "%s", sum ? sum : "");
    }
    free(what);
    free(sum);
    return e;
}

/* "settings": what --update recorded the budgets with. */
static budget_err read_settings(const reader *r, const csim_json *o, budget_settings *s)
{
    static const char *const keys[] = {"tool_version", "sets", "models", NULL},
                             *const model_keys[] = {"mcu", "model_files", NULL};
    if (!csim_json_is_object(o)) {
        return bad(r, "settings", "expected an object");
    }
    budget_err e = check_keys(r, o, "settings", keys);
    const csim_json *ver = csim_json_get(o, "tool_version"), *sets = csim_json_get(o, "sets"),
                    *models = csim_json_get(o, "models");
    if (e) {
        return e;
    }
    if (!csim_json_is_string(ver) || !csim_json_is_array(sets) || !csim_json_is_array(models)) {
        return bad(r, "settings", "needs \"tool_version\" (a string), \"sets\" and \"models\" (arrays)");
    }
    snprintf(s->tool_version, sizeof(s->tool_version), "%s", csim_json_str_of(ver));
    const csim_json *v;
    char where[96];
    csim_json_each(v, sets)
    {
        snprintf(where, sizeof(where), "settings.sets[%u]", s->n_sets);
        if (s->n_sets == CSIM_MAX_SOURCES) {
            return bad(r, where, "too many");
        }
        csim_source_kind kind = csim_json_get(v, "overlay") ? CSIM_SOURCE_OVERLAY : CSIM_SOURCE_SET;
        if ((e = read_source(r, v, where, kind, &s->sets[s->n_sets++]))) {
            return e;
        }
    }
    size_t n = (size_t)csim_json_count(models);
    if (n && !(s->models = calloc(n, sizeof(*s->models)))) {
        return bad(r, "settings.models", "out of memory");
    }
    csim_json_each(v, models)
    {
        budget_model *bm = &s->models[s->n_models];
        snprintf(where, sizeof(where), "settings.models[%zu]", s->n_models++);
        const csim_json *mcu = csim_json_get(v, "mcu"), *files = csim_json_get(v, "model_files"), *file;
        if (!csim_json_is_object(v) || (e = check_keys(r, v, where, model_keys))) {
            return e ? e : bad(r, where, "expected an object");
        }
        if (!csim_json_is_string(mcu) || !csim_json_is_array(files)) {
            return bad(r, where, "needs \"mcu\" (a string) and \"model_files\" (an array)");
        }
        snprintf(bm->mcu, sizeof(bm->mcu), "%s", csim_json_str_of(mcu));
        csim_json_each(file, files)
        {
            char at[128];
            snprintf(at, sizeof(at), "%s.model_files[%u]", where, bm->n_files);
            if (bm->n_files == CSIM_MAX_SOURCES) {
                return bad(r, at, "too many");
            }
            if ((e = read_source(r, file, at, CSIM_SOURCE_FILE, &bm->files[bm->n_files++]))) {
                return e;
            }
        }
    }
    return BUDGET_OK;
}

static budget_err read_root(const reader *r, const csim_json *root, budget_file *out)
{
    static const char *const keys[] = {"schema_version", "elf", "settings", "budgets", NULL};
    if (!csim_json_is_object(root)) {
        return bad(r, "", "the top level must be an object");
    }
    budget_err e = check_keys(r, root, "", keys);
    if (e) {
        return e;
    }
    const csim_json *ver = csim_json_get(root, "schema_version");
    char msg[128];
    if (!csim_json_is_number(ver)) {
        snprintf(msg, sizeof(msg), "missing or not a number (this cyclesim reads %d)", BUDGET_SCHEMA_VERSION);
        return bad(r, "schema_version", msg);
    }
    if (csim_json_num(ver) != BUDGET_SCHEMA_VERSION) {
        snprintf(msg, sizeof(msg), "%g is not supported (this cyclesim reads %d)", csim_json_num(ver),
                 BUDGET_SCHEMA_VERSION);
        return bad(r, "schema_version", msg);
    }
    if ((e = get_str(r, root, "elf", "", false, &out->elf))) {
        return e;
    }
    const csim_json *settings = csim_json_get(root, "settings");
    if (settings && (e = read_settings(r, settings, &out->settings))) {
        return e;
    }
    out->has_settings = settings != NULL;
    const csim_json *list = csim_json_get(root, "budgets");
    if (!csim_json_is_array(list) || csim_json_count(list) == 0) {
        return bad(r, "budgets", "expected a non-empty array");
    }
    size_t n = (size_t)csim_json_count(list);
    if (!(out->b = calloc(n, sizeof(*out->b)))) {
        return bad(r, "budgets", "out of memory");
    }
    const csim_json *o;
    csim_json_each(o, list)
    {
        size_t i = out->n++;
        if ((e = read_budget(r, o, i, &out->b[i]))) {
            return e;
        }
    }
    return BUDGET_OK;
}

budget_err budget_load(const char *path, budget_file *out, csim_diag *diag)
{
    memset(out, 0, sizeof(*out));
    csim_read rd;
    char *text = csim_read_file(path, MAX_FILE, &rd);
    if (!text) {
        return csim_read_fail(diag, path, &rd, MAX_FILE, CSIM_ERR_INPUT) == CSIM_ERR_INPUT ? BUDGET_ERR_BAD
                                                                                          : BUDGET_ERR_IO;
    }
    reader r = {path, diag};
    if (strlen(text) != rd.len) {
        free(text);
        return bad(&r, "", "not a text file (NUL byte)");
    }
    char why[sizeof(diag->msg)];
    csim_json *root = csim_json_parse_input(path, text, why, sizeof(why));
    if (!root) {
        free(text);
        csim_fail(diag, CSIM_ERR_INPUT, "%s", why);
        return BUDGET_ERR_BAD;
    }
    free(text);
    budget_err e = read_root(&r, root, out);
    csim_json_free(root);
    if (e) {
        budget_free(out);
    }
    return e;
}

/* ---- writing ------------------------------------------------------------ */

static void put_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') {
            fprintf(f, "\\%c", *s);
        } else if ((unsigned char)*s < 0x20) {
            fprintf(f, "\\u%04x", *s);
        } else {
            fputc(*s, f);
        }
    }
    fputc('"', f);
}

static void write_source(FILE *f, const csim_model_source *s)
{
    fprintf(f, "{\"%s\": ", csim_source_kind_names[s->kind]);
    put_str(f, s->what + (s->kind == CSIM_SOURCE_OVERLAY));
    if (s->kind != CSIM_SOURCE_SET) {
        fprintf(f, ", \"sha256\": \"%s\"", s->sha256);
    }
    fputc('}', f);
}

static void write_settings(FILE *f, const budget_settings *s)
{
    fputs("  \"settings\": {\"tool_version\": ", f);
    put_str(f, s->tool_version);
    fputs(", \"sets\": [", f);
    for (unsigned i = 0; i < s->n_sets; i++) {
        fputs(i ? ", " : "", f);
        write_source(f, &s->sets[i]);
    }
    fputs("],\n    \"models\": [", f);
    for (size_t k = 0; k < s->n_models; k++) {
        fputs(k ? ",\n      {\"mcu\": " : "\n      {\"mcu\": ", f);
        put_str(f, s->models[k].mcu);
        fputs(", \"model_files\": [", f);
        for (unsigned i = 0; i < s->models[k].n_files; i++) {
            fputs(i ? ", " : "", f);
            write_source(f, &s->models[k].files[i]);
        }
        fputs("]}", f);
    }
    fputs("]},\n", f);
}

/* One budget per block, one function per line: budget changes review well as diffs. */
static void write_file(FILE *f, const budget_file *bf)
{
    fprintf(f, "{\n  \"schema_version\": %d,\n", BUDGET_SCHEMA_VERSION);
    if (bf->elf) {
        fputs("  \"elf\": ", f);
        put_str(f, bf->elf);
        fputs(",\n", f);
    }
    if (bf->has_settings) {
        write_settings(f, &bf->settings);
    }
    fputs("  \"budgets\": [", f);
    for (size_t i = 0; i < bf->n; i++) {
        const budget *b = &bf->b[i];
        fputs(i ? ",\n    {\"case\": " : "\n    {\"case\": ", f);
        put_str(f, b->case_pat);
        fputs(", \"mcu\": ", f);
        put_str(f, b->mcu);
        fprintf(f, ", \"cycles\": %llu", (unsigned long long)b->cycles);
        if (b->has_tolerance) {
            fprintf(f, ", \"tolerance_pct\": %.17g", b->tolerance_pct);
        }
        if (b->has_stack) {
            fprintf(f, ", \"stack_bytes\": %llu", (unsigned long long)b->stack_bytes);
        }
        if (b->has_code) {
            fprintf(f, ", \"code_bytes\": %llu", (unsigned long long)b->code_bytes);
        }
        if (b->has_kinds) {
            fputs(",\n     \"breakdown\": {", f);
            for (unsigned k = 0; k < BUDGET_KINDS; k++) {
                fprintf(f, "%s\"%s\": %llu", k ? ", " : "", budget_kind_names[k], (unsigned long long)b->kinds[k]);
            }
            fputc('}', f);
        }
        if (b->n_fns) {
            fputs(",\n     \"functions\": [", f);
            for (size_t k = 0; k < b->n_fns; k++) {
                fputs(k ? ",\n       {\"name\": " : "\n       {\"name\": ", f);
                put_str(f, b->fns[k].name);
                fprintf(f, ", \"cycles\": %llu}", (unsigned long long)b->fns[k].cycles);
            }
            fputs("]", f);
        }
        fputs("}", f);
    }
    fputs("\n  ]\n}\n", f);
}

budget_err budget_write(csim_out *out, const budget_file *bf, csim_diag *diag)
{
    write_file(out->f, bf);
    return csim_out_close(out, diag) ? BUDGET_ERR_IO : BUDGET_OK;
}

budget_err budget_save(const char *path, const budget_file *bf, csim_diag *diag)
{
    csim_out out;
    return csim_out_open_replacing(&out, path, diag) ? BUDGET_ERR_IO : budget_write(&out, bf, diag);
}
