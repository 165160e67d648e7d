/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_output.c - the output layer without the emulator: the format registry
 * (formats.h: what the CLI offers per report kind) and the result-field lists
 * (CSIM_BREAKDOWN_FIELDS, CSIM_MS_STATS_FIELDS) walked by the shard writer and
 * read back by the shard reader, every field kept.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/analysis/shard.h"
#include "cyclesim/backends/json.h"
#include "cyclesim/output/formats.h"

static int failures;

#define CHECK(cond)                                                                                          \
    do {                                                                                                     \
        if (!(cond)) {                                                                                       \
            fprintf(stderr, "%s:%d: FAIL: %s\n", __FILE__, __LINE__, #cond);                                 \
            failures++;                                                                                      \
        }                                                                                                    \
    } while (0)

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
    CHECK(strcmp(choices(CSIM_REPORTS(CSIM_REPORT_LIST_CASES), ", ", " or "), "table or csv") == 0);

    const csim_output_format *f = csim_output_find(CSIM_REPORT_RUN, "csv");
    CHECK(f && strcmp(csim_output_name(f), "csv") == 0 && csim_output_index(f) == 2);
    CHECK(csim_output_find(CSIM_REPORT_COMPARE, "csv") == NULL); /* a format of another kind */
    CHECK(csim_output_find(CSIM_REPORT_RUN, "tab") == NULL);
    f = csim_output_find(CSIM_REPORT_CALIBRATE, "json");
    CHECK(f && csim_output_index(f) == 1);
    f = csim_output_find(CSIM_REPORT_CHECK, "junit");
    CHECK(f && csim_output_index(f) == 1);
    for (int k = 0; k < CSIM_REPORT_KINDS; k++) {
        CHECK(choices(CSIM_REPORTS(k), "|", "|")[0] != '\0'); /* every kind has a default */
    }
}

/* A case with a different value in every field of the lists, written as a
 * shard case and read back: the writer and the reader walk the same fields. */
static void test_shard_round_trip(void)
{
    csim_case_result c = {.name = "k/1", .row = "r", .params = "bytes=4", .cycles = 7, .status = 1};
    uint64_t v = 1000;
#define SET(field, ...) c.bd.field = v++;
    CSIM_BREAKDOWN_FIELDS(SET)
#undef SET
#define SET(field, ...) c.ms.field = v++;
    CSIM_MS_STATS_FIELDS(SET)
#undef SET
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    CHECK(f != NULL);
    if (!f) {
        return;
    }
    csim_shard_case_write(f, &c);
    fclose(f);
    csim_json *doc = csim_json_parse(text);
    csim_case_result back;
    CHECK(doc && csim_shard_case_read(doc, &back));
    CHECK(memcmp(&back.bd, &c.bd, sizeof(c.bd)) == 0);
    CHECK(memcmp(&back.ms, &c.ms, sizeof(c.ms)) == 0);
    CHECK(back.cycles == 7 && back.status == 1 && strcmp(back.params, "bytes=4") == 0);
    csim_json_free(doc);
    free(text);
}

int main(void)
{
    test_registry();
    test_shard_round_trip();
    if (failures) {
        fprintf(stderr, "%d failure(s)\n", failures);
        return 1;
    }
    puts("test_output: ok");
    return 0;
}
