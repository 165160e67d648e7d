/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_json.c - include/cyclesim/backends/json.h, the one interface to the JSON
 * library: the line of a parse error (what the model, overlay, budget and page
 * readers report), strict and lenient ends, the one policy of every input
 * reader (no text after the value, no member twice), member order and names with
 * duplicates, typed getters on the wrong type, equality, copies, and the bytes
 * the builder prints (the overlay writer's layout, tests/calibrate/recover.sh
 * reads it line by line).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/backends/json.h"

static int failures;

#define CHECK(cond)                                                                                          \
    do {                                                                                                     \
        if (!(cond)) {                                                                                       \
            fprintf(stderr, "%s:%d: FAIL: %s\n", __FILE__, __LINE__, #cond);                                 \
            failures++;                                                                                      \
        }                                                                                                    \
    } while (0)

/* The line of the parse error of text, 0 when it parses. */
static unsigned error_line(const char *text, bool strict)
{
    unsigned line = 0;
    csim_json *doc = csim_json_parse_line(text, strict, &line);
    if (doc) {
        csim_json_free(doc);
        return 0;
    }
    return line;
}

static void test_parse_errors(void)
{
    CHECK(error_line("{\"a\": 1}", true) == 0);
    /* The bad value "x" is on line 3. */
    CHECK(error_line("{\n\"a\": 1,\n\"b\": x}", true) == 3);
    CHECK(error_line("{\n\"a\": 1,\n\"b\": x}", false) == 3);
    /* An object left open: the parse stops at the end, after three newlines. */
    CHECK(error_line("{\n\n\n", false) == 4);
    CHECK(error_line("", false) == 1);
    /* Text after the value: an error only when strict (budgets, pages), on its line. */
    CHECK(error_line("{}\n\n x", true) == 3);
    CHECK(error_line("{}\n\n x", false) == 0);
    csim_json *lenient = csim_json_parse("[1] trailing");
    CHECK(csim_json_count(lenient) == 1);
    csim_json_free(lenient);
    CHECK(csim_json_parse("[1,]") == NULL);
    /* NULL for err_line is allowed. */
    CHECK(csim_json_parse_line("{", true, NULL) == NULL);
}

/* The one policy of every input reader: the message, or "" when text is read. */
static void input_message(const char *text, char *msg, size_t len)
{
    msg[0] = 0;
    csim_json *doc = csim_json_parse_input("f.json", text, msg, len);
    csim_json_free(doc);
    CHECK((doc != NULL) == (msg[0] == 0));
}

static void test_input_policy(void)
{
    char msg[256];
    input_message("{\"a\": {\"b\": [1, {\"c\": 2}]}}\n", msg, sizeof(msg));
    CHECK(strcmp(msg, "") == 0);
    input_message("{\"a\": 1,\n\"b\": x}", msg, sizeof(msg));
    CHECK(strcmp(msg, "f.json:2: not valid JSON") == 0);
    input_message("{\"a\": 1}\n\n {\"x\": 1}", msg, sizeof(msg));
    CHECK(strcmp(msg, "f.json:3: text after the JSON value") == 0);
    /* A member twice is named by its place, at any depth, in any object size. */
    input_message("{\"a\": 1, \"a\": 1}", msg, sizeof(msg));
    CHECK(strcmp(msg, "f.json: key \"a\" appears twice in one object") == 0);
    input_message("{\"a\": {\"b\": [1, {\"c\": 2, \"d\": 0, \"c\": 3}]}}", msg, sizeof(msg));
    CHECK(strcmp(msg, "f.json: key \"a.b[1].c\" appears twice in one object") == 0);
    char big[2048] = "{";
    for (int i = 0; i < 40; i++) {
        snprintf(big + strlen(big), sizeof(big) - strlen(big), "\"k%02d\": %d, ", 39 - i, i);
    }
    strcat(big, "\"k07\": 1}");
    input_message(big, msg, sizeof(msg));
    CHECK(strcmp(msg, "f.json: key \"k07\" appears twice in one object") == 0);
    big[strlen(big) - strlen("\"k07\": 1}")] = 0;
    strcat(big, "\"k40\": 1}");
    input_message(big, msg, sizeof(msg));
    CHECK(strcmp(msg, "") == 0);
    /* The same name in two objects is no repetition. */
    input_message("[{\"a\": 1}, {\"a\": 2}]", msg, sizeof(msg));
    CHECK(strcmp(msg, "") == 0);
}

static void test_reading(void)
{
    csim_json *doc = csim_json_parse("{\"x\": 1, \"y\": [true, null, \"s\", 2.5], \"x\": 2, \"o\": {}}");
    CHECK(doc != NULL);
    CHECK(csim_json_type_of(doc) == CSIM_JSON_OBJECT && csim_json_is_object(doc) && !csim_json_is_array(doc));
    /* Members in file order, duplicates kept, a lookup takes the first. */
    const char *want[] = {"x", "y", "x", "o"};
    size_t i = 0;
    const csim_json *m;
    csim_json_each(m, doc)
    {
        CHECK(i < 4 && strcmp(csim_json_name(m), want[i]) == 0);
        i++;
    }
    CHECK(i == 4);
    CHECK(csim_json_num(csim_json_get(doc, "x")) == 1);
    CHECK(csim_json_get(doc, "X") == NULL); /* case-sensitive */
    CHECK(csim_json_count(doc) == 0);       /* count is for arrays */

    const csim_json *y = csim_json_get(doc, "y");
    CHECK(csim_json_count(y) == 4);
    CHECK(csim_json_name(csim_json_first(y)) == NULL);
    CHECK(csim_json_type_of(csim_json_at(y, 0)) == CSIM_JSON_BOOL && csim_json_true(csim_json_at(y, 0)));
    CHECK(csim_json_type_of(csim_json_at(y, 1)) == CSIM_JSON_NULL && csim_json_is_null(csim_json_at(y, 1)));
    CHECK(csim_json_type_of(csim_json_at(y, 2)) == CSIM_JSON_STRING);
    CHECK(strcmp(csim_json_str_of(csim_json_at(y, 2)), "s") == 0);
    CHECK(csim_json_type_of(csim_json_at(y, 3)) == CSIM_JSON_NUMBER && csim_json_num(csim_json_at(y, 3)) == 2.5);
    CHECK(csim_json_at(y, 4) == NULL);
    CHECK(csim_json_get(y, "x") == NULL); /* get is for objects */
    CHECK(csim_json_next(csim_json_at(y, 3)) == NULL);

    /* The wrong type or no node: NULL, NAN, false, NONE. */
    CHECK(csim_json_str_of(csim_json_at(y, 3)) == NULL);
    CHECK(isnan(csim_json_num(csim_json_at(y, 2))));
    CHECK(isnan(csim_json_num(NULL)));
    CHECK(!csim_json_true(csim_json_at(y, 2)));
    CHECK(csim_json_type_of(NULL) == CSIM_JSON_NONE);
    CHECK(csim_json_first(csim_json_at(y, 3)) == NULL);
    CHECK(csim_json_first(csim_json_get(doc, "o")) == NULL);
    CHECK(csim_json_first(NULL) == NULL && csim_json_next(NULL) == NULL && csim_json_name(NULL) == NULL);
    double d = 7;
    CHECK(!csim_json_double(csim_json_at(y, 2), &d) && d == 7);
    CHECK(csim_json_double(csim_json_at(y, 3), &d) && d == 2.5);
    csim_json_free(doc);

    /* u64: whole, non-negative, at most 2^53. */
    csim_json *n = csim_json_parse("[9007199254740992, 9007199254740994, -1, 1.5, 0]");
    uint64_t u = 0;
    CHECK(csim_json_u64(csim_json_at(n, 0), &u) && u == 9007199254740992ull);
    CHECK(!csim_json_u64(csim_json_at(n, 1), &u));
    CHECK(!csim_json_u64(csim_json_at(n, 2), &u));
    CHECK(!csim_json_u64(csim_json_at(n, 3), &u));
    CHECK(csim_json_u64(csim_json_at(n, 4), &u) && u == 0);
    csim_json_free(n);
}

static void test_equal_copy(void)
{
    csim_json *a = csim_json_parse("{\"k\": [1, \"two\", {\"t\": true}]}");
    csim_json *b = csim_json_parse("{ \"k\" : [ 1 , \"two\" , { \"t\" : true } ] }");
    csim_json *c = csim_json_parse("{\"k\": [1, \"two\", {\"t\": false}]}");
    csim_json *k = csim_json_parse("{\"K\": [1, \"two\", {\"t\": true}]}");
    CHECK(csim_json_equal(a, b));
    CHECK(!csim_json_equal(a, c));
    CHECK(!csim_json_equal(a, k)); /* names case-sensitive */
    csim_json *copy = csim_json_copy(csim_json_get(a, "k"));
    csim_json_free(a);             /* the copy does not share nodes */
    CHECK(csim_json_equal(copy, csim_json_get(b, "k")));
    csim_json_free(copy);
    csim_json_free(b);
    csim_json_free(c);
    csim_json_free(k);
}

static void test_building(void)
{
    csim_json *doc = csim_json_new_object();
    csim_json_add_number(doc, "n", 1);
    csim_json_add_string(doc, "s", "q\"\\\n");
    csim_json *arr = csim_json_add_array(doc, "a");
    csim_json_push(arr, csim_json_new_bool(true));
    csim_json_push(arr, csim_json_new_null());
    csim_json_push(arr, csim_json_new_number(2.5));
    csim_json_push(arr, csim_json_new_string("x"));
    csim_json *o = csim_json_add_object(doc, "o");
    csim_json_add_bool(o, "f", false);
    csim_json_add_null(o, "z");
    csim_json_add(doc, "e", csim_json_new_object());
    csim_json_add(doc, "c", csim_json_copy(o));
    /* A NULL parent takes nothing and frees the item (no leak under ASan). */
    csim_json_add(NULL, "lost", csim_json_new_string("lost"));
    csim_json_push(NULL, csim_json_new_array());
    csim_json_add(doc, "nothing", NULL);

    char *flat = csim_json_print(doc, false);
    CHECK(flat && strcmp(flat, "{\"n\":1,\"s\":\"q\\\"\\\\\\n\",\"a\":[true,null,2.5,\"x\"],"
                               "\"o\":{\"f\":false,\"z\":null},\"e\":{},\"c\":{\"f\":false,\"z\":null}}") == 0);
    /* Tab-indented members, "name":<tab>value, arrays on one line. */
    char *pretty = csim_json_print(doc, true);
    CHECK(pretty && strcmp(pretty, "{\n\t\"n\":\t1,\n\t\"s\":\t\"q\\\"\\\\\\n\",\n\t\"a\":\t[true, null, 2.5, \"x\"],\n"
                                   "\t\"o\":\t{\n\t\t\"f\":\tfalse,\n\t\t\"z\":\tnull\n\t},\n\t\"e\":\t{\n\t},\n"
                                   "\t\"c\":\t{\n\t\t\"f\":\tfalse,\n\t\t\"z\":\tnull\n\t}\n}") == 0);
    /* What is printed reads back as the same tree. */
    csim_json *back = csim_json_parse_line(pretty, true, NULL);
    CHECK(csim_json_equal(back, doc));
    csim_json_free(back);
    free(flat);
    free(pretty);
    csim_json_free(doc);
}

int main(void)
{
    test_parse_errors();
    test_input_policy();
    test_reading();
    test_equal_copy();
    test_building();
    if (failures) {
        fprintf(stderr, "test_json: %d failure(s)\n", failures);
        return 1;
    }
    puts("test_json: ok");
    return 0;
}
