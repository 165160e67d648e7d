/* SPDX-License-Identifier: GPL-2.0-or-later */
/* json_cjson.c - json.h on cJSON: the one file that includes cJSON. */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/backends/json.h"

/* A csim_json is a cJSON node; the document is its root. */
#define NODE(n) ((const cJSON *)(const void *)(n))
#define MUT(n) ((cJSON *)(void *)(n))
#define WRAP(c) ((csim_json *)(void *)(c))
#define CWRAP(c) ((const csim_json *)(const void *)(c))

/* ---- parsing ---- */

/* The 1-based line of `at` in text. */
static unsigned line_of(const char *text, const char *at)
{
    unsigned line = 1;
    for (const char *p = text; at && p < at && *p; p++) {
        line += *p == '\n';
    }
    return line;
}

csim_json *csim_json_parse(const char *text)
{
    return csim_json_parse_line(text, false, NULL);
}

csim_json *csim_json_parse_line(const char *text, bool strict, unsigned *err_line)
{
    /* The end pointer, not cJSON_GetErrorPtr: that one is global to the process. */
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithOpts(text, &end, strict);
    if (!root && err_line) {
        *err_line = line_of(text, end);
    }
    return WRAP(root);
}

static int cmp_member_name(const void *a, const void *b)
{
    return strcmp((*(const cJSON *const *)a)->string, (*(const cJSON *const *)b)->string);
}

/* A member of object o whose name an earlier member has, or NULL: sorted
 * names (n log n) when there is room for the list, else pairwise. */
static const cJSON *repeated_member(const cJSON *o)
{
    size_t n = 0;
    for (const cJSON *c = o->child; c; c = c->next) {
        n++;
    }
    const cJSON **sorted = n > 16 ? malloc(n * sizeof(*sorted)) : NULL;
    const cJSON *dup = NULL;
    if (sorted) {
        size_t k = 0;
        for (const cJSON *c = o->child; c; c = c->next) {
            sorted[k++] = c;
        }
        qsort(sorted, n, sizeof(*sorted), cmp_member_name);
        for (k = 1; k < n && !dup; k++) {
            dup = strcmp(sorted[k - 1]->string, sorted[k]->string) == 0 ? sorted[k] : NULL;
        }
        free(sorted);
        return dup;
    }
    for (const cJSON *c = o->child; c && !dup; c = c->next) {
        for (const cJSON *p = o->child; p != c && !dup; p = p->next) {
            dup = strcmp(p->string, c->string) == 0 ? c : NULL;
        }
    }
    return dup;
}

/* The first repeated member name in the tree, its place written to where
 * ("a.b[2].c"): the parser keeps both members and a lookup would take one. */
static bool find_repeated(const cJSON *node, char *where, size_t len)
{
    size_t used = strlen(where);
    const cJSON *dup = cJSON_IsObject(node) ? repeated_member(node) : NULL;
    if (dup) {
        snprintf(where + used, len - used, "%s%s", used ? "." : "", dup->string);
        return true;
    }
    size_t i = 0;
    for (const cJSON *c = node->child; c; c = c->next, i++) {
        if (cJSON_IsObject(node)) {
            snprintf(where + used, len - used, "%s%s", used ? "." : "", c->string);
        } else {
            snprintf(where + used, len - used, "[%zu]", i);
        }
        if (find_repeated(c, where, len)) {
            return true;
        }
        where[used] = 0;
    }
    return false;
}

csim_json *csim_json_parse_input(const char *path, const char *text, char *msg, size_t len)
{
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithOpts(text, &end, false);
    if (!root) {
        snprintf(msg, len, "%s:%u: not valid JSON", path, line_of(text, end));
        return NULL;
    }
    end += strspn(end, " \t\r\n");
    if (*end) {
        snprintf(msg, len, "%s:%u: text after the JSON value", path, line_of(text, end));
        cJSON_Delete(root);
        return NULL;
    }
    char where[256] = "";
    if (find_repeated(root, where, sizeof(where))) {
        snprintf(msg, len, "%s: key \"%s\" appears twice in one object", path, where);
        cJSON_Delete(root);
        return NULL;
    }
    return WRAP(root);
}

void csim_json_free(csim_json *doc)
{
    cJSON_Delete(MUT(doc));
}

/* ---- reading ---- */

csim_json_type csim_json_type_of(const csim_json *n)
{
    const cJSON *c = NODE(n);
    return !c                ? CSIM_JSON_NONE
           : cJSON_IsNull(c)   ? CSIM_JSON_NULL
           : cJSON_IsBool(c)   ? CSIM_JSON_BOOL
           : cJSON_IsNumber(c) ? CSIM_JSON_NUMBER
           : cJSON_IsString(c) ? CSIM_JSON_STRING
           : cJSON_IsArray(c)  ? CSIM_JSON_ARRAY
           : cJSON_IsObject(c) ? CSIM_JSON_OBJECT
                               : CSIM_JSON_NONE; /* cJSON's raw or invalid: neither parsed nor built here */
}

bool csim_json_is_null(const csim_json *n) { return n && cJSON_IsNull(NODE(n)); }
bool csim_json_is_bool(const csim_json *n) { return n && cJSON_IsBool(NODE(n)); }
bool csim_json_is_number(const csim_json *n) { return n && cJSON_IsNumber(NODE(n)); }
bool csim_json_is_string(const csim_json *n) { return n && cJSON_IsString(NODE(n)); }
bool csim_json_is_array(const csim_json *n) { return n && cJSON_IsArray(NODE(n)); }
bool csim_json_is_object(const csim_json *n) { return n && cJSON_IsObject(NODE(n)); }

const csim_json *csim_json_get(const csim_json *obj, const char *name)
{
    return cJSON_IsObject(NODE(obj)) ? CWRAP(cJSON_GetObjectItemCaseSensitive(NODE(obj), name)) : NULL;
}

const csim_json *csim_json_at(const csim_json *arr, size_t i)
{
    return cJSON_IsArray(NODE(arr)) && i <= (size_t)INT32_MAX ? CWRAP(cJSON_GetArrayItem(NODE(arr), (int)i))
                                                             : NULL;
}

size_t csim_json_count(const csim_json *arr)
{
    return cJSON_IsArray(NODE(arr)) ? (size_t)cJSON_GetArraySize(NODE(arr)) : 0;
}

const csim_json *csim_json_first(const csim_json *n)
{
    return n && (cJSON_IsArray(NODE(n)) || cJSON_IsObject(NODE(n))) ? CWRAP(NODE(n)->child) : NULL;
}

const csim_json *csim_json_next(const csim_json *n)
{
    return n ? CWRAP(NODE(n)->next) : NULL;
}

const char *csim_json_name(const csim_json *n)
{
    return n ? NODE(n)->string : NULL;
}

const char *csim_json_str_of(const csim_json *n)
{
    return csim_json_is_string(n) ? NODE(n)->valuestring : NULL;
}

double csim_json_num(const csim_json *n)
{
    return csim_json_is_number(n) ? NODE(n)->valuedouble : NAN;
}

bool csim_json_u64(const csim_json *n, uint64_t *out)
{
    double v;
    if (!csim_json_double(n, &v) || v < 0 || v > 9007199254740992.0 || v != floor(v)) {
        return false;
    }
    *out = (uint64_t)v;
    return true;
}

bool csim_json_double(const csim_json *n, double *out)
{
    if (!csim_json_is_number(n)) {
        return false;
    }
    *out = NODE(n)->valuedouble;
    return true;
}

bool csim_json_true(const csim_json *n)
{
    return n && cJSON_IsTrue(NODE(n));
}

bool csim_json_equal(const csim_json *a, const csim_json *b)
{
    return cJSON_Compare(NODE(a), NODE(b), true);
}

/* ---- building ---- */

csim_json *csim_json_new_object(void) { return WRAP(cJSON_CreateObject()); }
csim_json *csim_json_new_array(void) { return WRAP(cJSON_CreateArray()); }
csim_json *csim_json_new_number(double v) { return WRAP(cJSON_CreateNumber(v)); }
csim_json *csim_json_new_string(const char *s) { return WRAP(cJSON_CreateString(s)); }
csim_json *csim_json_new_bool(bool v) { return WRAP(cJSON_CreateBool(v)); }
csim_json *csim_json_new_null(void) { return WRAP(cJSON_CreateNull()); }
csim_json *csim_json_copy(const csim_json *n) { return WRAP(cJSON_Duplicate(NODE(n), true)); }

void csim_json_add(csim_json *obj, const char *name, csim_json *item)
{
    /* cJSON leaves an item it could not attach with the caller. */
    if (!cJSON_AddItemToObject(MUT(obj), name, MUT(item))) {
        cJSON_Delete(MUT(item));
    }
}

void csim_json_push(csim_json *arr, csim_json *item)
{
    if (!cJSON_AddItemToArray(MUT(arr), MUT(item))) {
        cJSON_Delete(MUT(item));
    }
}

void csim_json_add_number(csim_json *obj, const char *name, double v) { cJSON_AddNumberToObject(MUT(obj), name, v); }
void csim_json_add_string(csim_json *obj, const char *name, const char *s) { cJSON_AddStringToObject(MUT(obj), name, s); }
void csim_json_add_bool(csim_json *obj, const char *name, bool v) { cJSON_AddBoolToObject(MUT(obj), name, v); }
void csim_json_add_null(csim_json *obj, const char *name) { cJSON_AddNullToObject(MUT(obj), name); }
csim_json *csim_json_add_object(csim_json *obj, const char *name) { return WRAP(cJSON_AddObjectToObject(MUT(obj), name)); }
csim_json *csim_json_add_array(csim_json *obj, const char *name) { return WRAP(cJSON_AddArrayToObject(MUT(obj), name)); }

char *csim_json_print(const csim_json *n, bool pretty)
{
    char *c = pretty ? cJSON_Print(NODE(n)) : cJSON_PrintUnformatted(NODE(n));
    if (!c) {
        return NULL;
    }
    /* cJSON's allocator may not be malloc: hand back a copy that free() takes. */
    size_t len = strlen(c) + 1;
    char *out = malloc(len);
    if (out) {
        memcpy(out, c, len);
    }
    cJSON_free(c);
    return out;
}
