/* SPDX-License-Identifier: GPL-2.0-or-later */
/* json_cjson.c - json.h on cJSON: the reader of cyclesim's own JSON outputs. */
#include <cjson/cJSON.h>
#include <math.h>

#include "cyclesim/json.h"

/* A csim_json is a cJSON node; the document is its root. */
#define NODE(n) ((const cJSON *)(const void *)(n))

csim_json *csim_json_parse(const char *text)
{
    return (csim_json *)(void *)cJSON_Parse(text);
}

void csim_json_free(csim_json *doc)
{
    cJSON_Delete((cJSON *)(void *)doc);
}

const csim_json *csim_json_get(const csim_json *obj, const char *name)
{
    return cJSON_IsObject(NODE(obj)) ? (const csim_json *)(const void *)cJSON_GetObjectItemCaseSensitive(NODE(obj), name)
                                     : NULL;
}

const csim_json *csim_json_at(const csim_json *arr, size_t i)
{
    return cJSON_IsArray(NODE(arr)) && i <= (size_t)INT32_MAX
               ? (const csim_json *)(const void *)cJSON_GetArrayItem(NODE(arr), (int)i)
               : NULL;
}

size_t csim_json_count(const csim_json *arr)
{
    return cJSON_IsArray(NODE(arr)) ? (size_t)cJSON_GetArraySize(NODE(arr)) : 0;
}

bool csim_json_is_number(const csim_json *n)
{
    return n && cJSON_IsNumber(NODE(n));
}

bool csim_json_is_string(const csim_json *n)
{
    return n && cJSON_IsString(NODE(n));
}

bool csim_json_is_bool(const csim_json *n)
{
    return n && cJSON_IsBool(NODE(n));
}

const char *csim_json_str_of(const csim_json *n)
{
    return csim_json_is_string(n) ? NODE(n)->valuestring : NULL;
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
