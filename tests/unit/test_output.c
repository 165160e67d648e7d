/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_output.c - the output layer without the emulator: the format registry
 * (formats.h: what the CLI offers per report kind) and the result-field lists
 * (CSIM_BREAKDOWN_FIELDS, CSIM_MS_STATS_FIELDS) walked by the shard writer and
 * read back by the shard reader, every field kept, the configuration in
 * force as the reports print it and as a shard carries it, and the writers of
 * list-cases and of calibrate's overlay.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/backends/json.h"
#include "cyclesim/output/formats.h"
#include "cyclesim/output/in_force.h"
#include "cyclesim/output/shard_json.h"
#include "output/calibrate_report.h"
#include "output/cases_report.h"
#include "check.h"

static const char *choices(unsigned kinds, const char *sep, const char *last)
{
    static char buf[128];
    csim_output_choices(kinds, sep, last, buf, sizeof(buf));
    return buf;
}

static void test_registry(void)
{
    CHECK(strcmp(choices(CSIM_REPORTS(CSIM_REPORT_RUN), "|", "|"), "table|json|csv") == 0);
    CHECK(strcmp(choices(CSIM_REPORTS(CSIM_REPORT_COMPARE), ", ", " or "), "table, json, md or html") == 0);
    CHECK(strcmp(choices(CSIM_REPORTS(CSIM_REPORT_PROFILE), "|", "|"), "table|callgrind|collapsed") == 0);
    /* merge: the run formats, then the compare formats not already named */
    CHECK(strcmp(choices(CSIM_REPORTS(CSIM_REPORT_RUN) | CSIM_REPORTS(CSIM_REPORT_COMPARE), "|", "|"),
                 "table|json|csv|md|html") == 0);
    CHECK(strcmp(choices(0, "|", "|"), "") == 0);
    CHECK(strcmp(choices(CSIM_REPORTS(CSIM_REPORT_LIST_CASES), ", ", " or "), "table, csv or json") == 0);

    CHECK(csim_output_find(CSIM_REPORT_RUN, "csv") != NULL);
    CHECK(csim_output_find(CSIM_REPORT_COMPARE, "csv") == NULL); /* a format of another kind */
    CHECK(csim_output_find(CSIM_REPORT_RUN, "tab") == NULL);
    CHECK(csim_output_find(CSIM_REPORT_CHECK, "junit") != NULL);
    for (int k = 0; k < CSIM_REPORT_KINDS; k++) {
        CHECK(choices(CSIM_REPORTS(k), "|", "|")[0] != '\0'); /* every kind has a default */
    }
}

/* What writer(fmt, f) printed, for the writers the rows of a kind name. */
#define WRITTEN(buf, call)                                                                                   \
    do {                                                                                                     \
        size_t len_ = 0;                                                                                     \
        FILE *f = open_memstream(&(buf), &len_);                                                             \
        call;                                                                                                \
        fclose(f);                                                                                           \
    } while (0)

/* list-cases: each row names its own writer; no header without a case. */
static void test_cases_writers(void)
{
    const char names[2][96] = {"sha256/64", "aes-128-ecb/16"}, rows[2][96] = {"sha256:64", "aes:ecb:16"};
    char *text = NULL;
    WRITTEN(text, cases_write(csim_output_find(CSIM_REPORT_LIST_CASES, "csv"), f, names, rows, 2));
    CHECK(text && strcmp(text, "case,row\nsha256/64,sha256:64\naes-128-ecb/16,aes:ecb:16\n") == 0);
    free(text);
    WRITTEN(text, cases_write(csim_output_find(CSIM_REPORT_LIST_CASES, "table"), f, names, rows, 1));
    CHECK(text && strncmp(text, "case ", 5) == 0 && strstr(text, "\nsha256/64  ") && strlen(text) == 53 + 59);
    free(text);
    WRITTEN(text, cases_write(csim_output_find(CSIM_REPORT_LIST_CASES, "table"), f, names, rows, 0));
    CHECK(text && text[0] == '\0');
    free(text);
}

/* calibrate --format json: the overlay alone, whatever the fit's table would say. */
static void test_calibrate_json_writer(void)
{
    char *text = NULL;
    WRITTEN(text, calib_write(csim_output_find(CSIM_REPORT_CALIBRATE, "json"), f, NULL, NULL, "{\"set\": {}}"));
    CHECK(text && strcmp(text, "{\"set\": {}}\n") == 0);
    free(text);
}

/* c written as a shard case against model m and read back into *back. */
static bool shard_round_trip(const csim_model *m, const csim_case_result *c, csim_case_result *back, bool *has_in_force)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f) {
        return false;
    }
    csim_shard_case_write(f, m, c);
    fclose(f);
    csim_json *doc = csim_json_parse(text);
    bool ok = doc && csim_shard_case_read(doc, back);
    *has_in_force = strstr(text, "\"in_force\"") != NULL;
    csim_json_free(doc);
    free(text);
    return ok;
}

/* A case with a different value in every field of the lists, written as a
 * shard case and read back: the writer and the reader walk the same fields. */
static void test_shard_fields(void)
{
    const csim_model m = {.clock_hz = 56000000, .flash = {.wait_states = 2, .prefetch = true}};
    csim_case_result c = {.name = "k/1", .row = "r", .params = "bytes=4", .cycles = 7, .status = 1};
    uint64_t v = 1000;
#define SET(field, ...) c.bd.field = v++;
    CSIM_BREAKDOWN_FIELDS(SET)
#undef SET
#define SET(field, ...) c.ms.field = v++;
    CSIM_MS_STATS_FIELDS(SET)
#undef SET
    c.in_force = csim_in_force_of(&m, NULL); /* as the engine records it: the model's, unchanged */
    csim_case_result back;
    bool has_in_force = true;
    CHECK(shard_round_trip(&m, &c, &back, &has_in_force));
    CHECK(memcmp(&back.bd, &c.bd, sizeof(c.bd)) == 0);
    CHECK(memcmp(&back.ms, &c.ms, sizeof(c.ms)) == 0);
    CHECK(back.cycles == 7 && back.status == 1 && strcmp(back.params, "bytes=4") == 0);
    CHECK(!has_in_force); /* the model's configuration: no member, the shard's bytes as before */
    csim_in_force got = csim_in_force_of(&m, &back), want = csim_in_force_of(&m, &c);
    CHECK(csim_in_force_same(&got, &want));
}

/* The configuration in force: what the reports print, and its way through a shard. */
static void test_in_force(void)
{
    const csim_model m = {.clock_hz = 56000000, .flash = {.wait_states = 1, .cache_enabled = true}};
    csim_in_force asked = csim_in_force_of(&m, NULL);
    char buf[64];
    CHECK(asked.known && !asked.changed && asked.wait_states == 1 && asked.clock_hz == 56000000);
    CHECK(strcmp(csim_in_force_text(buf, sizeof(buf), &asked), "1 WS, cache on, prefetch off") == 0);
    CHECK(strcmp(csim_state_text(false, &asked), "cold") == 0);

    /* firmware that set 2 wait states before the case and changed them during it */
    csim_case_result c = {.name = "acr"};
    c.in_force = asked;
    c.in_force.wait_states = 2;
    c.in_force.changed = true;
    csim_in_force in = csim_in_force_of(&m, &c);
    CHECK(in.wait_states == 2 && in.changed && !csim_in_force_same(&in, &asked));
    CHECK(strcmp(csim_state_text(true, &in), "warm (flash changed)") == 0);
    csim_case_result cases[2] = {{.name = "a"}, c};
    cases[0].in_force = asked;
    CHECK(csim_in_force_of_cases(&m, cases, 1).changed == false);
    CHECK(csim_in_force_of_cases(&m, cases, 2).changed == true);

    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    CHECK(f != NULL);
    if (f) {
        csim_in_force_json(f, &in);
        fclose(f);
        CHECK(strcmp(text, "\"clock_hz\": 56000000, \"flash_latency\": 2, \"icache\": true, \"prefetch\": false, "
                           "\"flash_changed\": true") == 0);
        free(text);
    }

    csim_case_result back;
    bool has_in_force = false;
    CHECK(shard_round_trip(&m, &c, &back, &has_in_force));
    CHECK(has_in_force && back.in_force.known && back.in_force.changed && back.in_force.wait_states == 2 &&
          back.in_force.cache_enabled && !back.in_force.prefetch && back.in_force.clock_hz == 56000000);
}

int main(void)
{
    test_registry();
    test_shard_fields();
    test_in_force();
    test_cases_writers();
    test_calibrate_json_writer();
    return check_result("test_output");
}
