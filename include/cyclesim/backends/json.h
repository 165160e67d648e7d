/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * json.h - JSON documents, behind one backend file (src/backends/json_cjson.c,
 * the only file that includes the JSON library): the model, overlay, budget
 * and published-page readers, the merge reader, the overlay writer and the
 * page importer and checker.
 *
 * Reading: a node is owned by its document; every accessor takes NULL and
 * returns NULL, 0, NAN or false for a missing member or the wrong type.
 * Building: csim_json_new_* make a node, csim_json_add and csim_json_push
 * hand it to its parent (which frees it), csim_json_print writes a tree.
 */
#ifndef CYCLESIM_JSON_H
#define CYCLESIM_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct csim_json csim_json;

/* ---- parsing ---- */

/** csim_json_parse - the document of text (NUL-terminated); NULL when it is not JSON.
 *  Text after the first value is ignored (as csim_json_parse_line with strict false). */
csim_json *csim_json_parse(const char *text);
/** csim_json_parse_line - the document of text; `strict` also rejects text after the value.
 *  On failure NULL, and *err_line (when not NULL) is the 1-based line where parsing stopped. */
csim_json *csim_json_parse_line(const char *text, bool strict, unsigned *err_line);
/** csim_json_parse_input - the document of an input file's text under the one
 *  policy of every reader (models, overlays, budgets, published pages,
 *  shards): valid JSON, nothing after the value, no member name twice in one
 *  object.  NULL on failure, with the message in msg: "PATH:LINE: not valid
 *  JSON ..." or "PATH: key \"a.b[2].c\" appears twice in one object". */
csim_json *csim_json_parse_input(const char *path, const char *text, char *msg, size_t len);
/** csim_json_free - a document or an unattached built node and all below it (NULL: nothing). */
void csim_json_free(csim_json *doc);

/* ---- reading ---- */

typedef enum csim_json_type {
    CSIM_JSON_NONE, /* no node (NULL) */
    CSIM_JSON_NULL,
    CSIM_JSON_BOOL,
    CSIM_JSON_NUMBER,
    CSIM_JSON_STRING,
    CSIM_JSON_ARRAY,
    CSIM_JSON_OBJECT,
} csim_json_type;

csim_json_type csim_json_type_of(const csim_json *n);
bool csim_json_is_null(const csim_json *n);
bool csim_json_is_bool(const csim_json *n);
bool csim_json_is_number(const csim_json *n);
bool csim_json_is_string(const csim_json *n);
bool csim_json_is_array(const csim_json *n);
bool csim_json_is_object(const csim_json *n);

/** csim_json_get - member `name` of an object (case-sensitive; the first of duplicates). */
const csim_json *csim_json_get(const csim_json *obj, const char *name);
/** csim_json_at - element i of an array. */
const csim_json *csim_json_at(const csim_json *arr, size_t i);
/** csim_json_count - the elements of an array (0 for anything else). */
size_t csim_json_count(const csim_json *arr);

/** csim_json_first - the first element of an array or member of an object, in file order. */
const csim_json *csim_json_first(const csim_json *n);
/** csim_json_next - the element or member after n (NULL after the last). */
const csim_json *csim_json_next(const csim_json *n);
/** csim_json_name - the name of an object member (NULL for an array element or a root). */
const char *csim_json_name(const csim_json *n);
/** csim_json_each - `it` over the elements of an array or the members of an object. */
#define csim_json_each(it, parent) for ((it) = csim_json_first(parent); (it); (it) = csim_json_next(it))

/** csim_json_str_of - a string's text, NULL when n is not a string. */
const char *csim_json_str_of(const csim_json *n);
/** csim_json_num - a number's value, NAN when n is not a number. */
double csim_json_num(const csim_json *n);
/** csim_json_u64 - a non-negative integer below 2^53 (exact in a double) into *out. */
bool csim_json_u64(const csim_json *n, uint64_t *out);
/** csim_json_double - any number into *out. */
bool csim_json_double(const csim_json *n, double *out);
/** csim_json_true - a boolean's value (false for anything else). */
bool csim_json_true(const csim_json *n);
/** csim_json_equal - same type and value, recursively (member names case-sensitive). */
bool csim_json_equal(const csim_json *a, const csim_json *b);

/* ---- building (NULL on out of memory; a NULL parent or item adds nothing) ---- */

csim_json *csim_json_new_object(void);
csim_json *csim_json_new_array(void);
csim_json *csim_json_new_number(double v);
csim_json *csim_json_new_string(const char *s);
csim_json *csim_json_new_bool(bool v);
csim_json *csim_json_new_null(void);
/** csim_json_copy - a deep copy of n, unattached. */
csim_json *csim_json_copy(const csim_json *n);

/** csim_json_add - item as member `name` (copied) of obj, which then owns it. */
void csim_json_add(csim_json *obj, const char *name, csim_json *item);
/** csim_json_push - item as the last element of arr, which then owns it. */
void csim_json_push(csim_json *arr, csim_json *item);
void csim_json_add_number(csim_json *obj, const char *name, double v);
void csim_json_add_string(csim_json *obj, const char *name, const char *s);
void csim_json_add_bool(csim_json *obj, const char *name, bool v);
void csim_json_add_null(csim_json *obj, const char *name);
/** csim_json_add_object, csim_json_add_array - a new empty member, to fill in. */
csim_json *csim_json_add_object(csim_json *obj, const char *name);
csim_json *csim_json_add_array(csim_json *obj, const char *name);

/** csim_json_print - n as text, indented with tabs when `pretty`, else on one line;
 *  malloc'd (free()), NULL on out of memory. */
char *csim_json_print(const csim_json *n, bool pretty);

#endif
