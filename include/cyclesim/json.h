/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * json.h - reading a JSON document through cJSON (src/backends/json_cjson.c),
 * for what cyclesim reads back of its own outputs (`cyclesim merge`).  A node
 * is owned by its document; every accessor takes NULL and returns NULL, 0 or
 * false for a missing member or the wrong type.
 */
#ifndef CYCLESIM_JSON_H
#define CYCLESIM_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct csim_json csim_json;

/** csim_json_parse - the document of text (NUL-terminated); NULL when it is not JSON. */
csim_json *csim_json_parse(const char *text);
void csim_json_free(csim_json *doc);

/** csim_json_get - member `name` of an object. */
const csim_json *csim_json_get(const csim_json *obj, const char *name);
/** csim_json_at - element i of an array. */
const csim_json *csim_json_at(const csim_json *arr, size_t i);
/** csim_json_count - the elements of an array (0 for anything else). */
size_t csim_json_count(const csim_json *arr);

bool csim_json_is_number(const csim_json *n);
bool csim_json_is_string(const csim_json *n);
bool csim_json_is_bool(const csim_json *n);
/** csim_json_str - a string's text, NULL when n is not a string. */
const char *csim_json_str_of(const csim_json *n);
/** csim_json_u64 - a non-negative integer below 2^53 (exact in a double) into *out. */
bool csim_json_u64(const csim_json *n, uint64_t *out);
/** csim_json_double - any number into *out. */
bool csim_json_double(const csim_json *n, double *out);
/** csim_json_true - a boolean's value (false for anything else). */
bool csim_json_true(const csim_json *n);

#endif
