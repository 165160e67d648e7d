/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_interval.c - the calibrated interval without the emulator
 * (src/analysis/interval.c): the table's reader and what it refuses, the
 * class of a case name, the widening of a range (outward rounding) and a
 * case without a range or a class.  Arguments: a work directory, the
 * checked-in table (data/accuracy/intervals.json).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/analysis/interval.h"
#include "check.h"

static const char *work;

static csim_err load_text(const char *text, csim_intervals *t, csim_diag *d)
{
    char path[512];
    snprintf(path, sizeof(path), "%s/t-intervals.json", work);
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    fputs(text, f);
    fclose(f);
    return csim_intervals_load(path, t, d);
}

#define TABLE(classes) "{\"schema_version\": 1, \"nominal_coverage\": 0.9, \"classes\": [" classes "]}"
#define HASH "{\"name\": \"hash\", \"algorithms\": [\"sha\", \"md5\"], \"below\": -0.02, \"above\": 0.05}"
#define ECC "{\"name\": \"ecc\", \"algorithms\": [\"ecdsa\", \"ed25519\"], \"below\": 0, \"above\": 0.1}"

static void test_refusals(void)
{
    static const struct {
        const char *text, *msg;
    } bad[] = {
        {"{\"schema_version\": 2, \"nominal_coverage\": 0.9, \"classes\": []}", "schema_version"},
        {"{\"schema_version\": 1, \"nominal_coverage\": 1, \"classes\": []}", "nominal_coverage"},
        {"{\"schema_version\": 1, \"nominal_coverage\": 0.9}", "\"classes\""},
        {TABLE("{\"name\": \"hash\", \"algorithms\": [\"sha\"], \"below\": 0.01, \"above\": 0.05}"), "below"},
        {TABLE("{\"name\": \"hash\", \"algorithms\": [\"sha\"], \"below\": 0, \"above\": -0.05}"), "above"},
        {TABLE("{\"name\": \"hash\", \"algorithms\": [], \"below\": 0, \"above\": 0}"), "algorithms"},
        {TABLE("{\"name\": \"hash\", \"algorithms\": [\"sha/256\"], \"below\": 0, \"above\": 0}"), "lower-case"},
        {TABLE("{\"name\": \"h\\\"x\", \"algorithms\": [\"sha\"], \"below\": 0, \"above\": 0}"), "lower-case"},
        {TABLE("{\"algorithms\": [\"sha\"], \"below\": 0, \"above\": 0}"), "name"},
        {TABLE(HASH ", {\"name\": \"x\", \"algorithms\": [\"sha3\"], \"below\": 0, \"above\": 0}"), "sha"},
        {TABLE(HASH) " trailing", "t-intervals.json"},
        {"{\"schema_version\": 1, \"schema_version\": 1, \"nominal_coverage\": 0.9, \"classes\": []}", "twice"},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        csim_intervals t;
        csim_diag d = {0};
        const csim_err err = load_text(bad[i].text, &t, &d);
        CHECK(err == CSIM_ERR_INPUT);
        if (!strstr(d.msg, bad[i].msg) || !strstr(d.msg, "t-intervals.json")) {
            fprintf(stderr, "case %zu: message \"%s\" lacks \"%s\"\n", i, d.msg, bad[i].msg);
            CHECK(0);
        }
    }
    csim_intervals t;
    csim_diag d = {0};
    char missing[512];
    snprintf(missing, sizeof(missing), "%s/no-such-table.json", work);
    CHECK(csim_intervals_load(missing, &t, &d) == CSIM_ERR_IO);
}

static void test_classes_and_widening(void)
{
    csim_intervals t;
    csim_diag d = {0};
    CHECK(load_text(TABLE(HASH ", " ECC), &t, &d) == CSIM_OK);
    CHECK(t.n_classes == 2 && t.coverage == 0.9 && strlen(t.sha256) == 16);
    CHECK(strcmp(csim_interval_class_of(&t, "sha256/sole/64")->name, "hash") == 0);
    CHECK(strcmp(csim_interval_class_of(&t, "cmox/ecdsa/p256/sign/small/low")->name, "ecc") == 0);
    CHECK(strcmp(csim_interval_class_of(&t, "lib/md5")->name, "hash") == 0);
    CHECK(csim_interval_class_of(&t, "float/fir/16x128") == NULL);
    CHECK(csim_interval_class_of(&t, "xsha/1") == NULL); /* a component must begin with the algorithm */
    CHECK(csim_interval_class_of(NULL, "sha256/sole/64") == NULL);

    csim_case_result cases[3];
    memset(cases, 0, sizeof(cases));
    snprintf(cases[0].name, sizeof(cases[0].name), "sha256/sole/64");
    cases[0].ranged = true;
    cases[0].cycles = 1000, cases[0].cycles_low = 990, cases[0].cycles_high = 1010;
    snprintf(cases[1].name, sizeof(cases[1].name), "float/fir");
    cases[1].ranged = true;
    cases[1].cycles = cases[1].cycles_low = cases[1].cycles_high = 500;
    snprintf(cases[2].name, sizeof(cases[2].name), "ecdsa/p256/verify");
    cases[2].cycles = 7; /* no range: no interval */
    csim_run_result r = {.cases = cases, .n_cases = 3};
    csim_interval_apply(&t, &r);
    /* 990 x 0.98 = 970.2 -> 970; 1010 x 1.05 = 1060.5 -> 1061: never inside the range */
    CHECK(cases[0].has_interval && cases[0].interval_low == 970 && cases[0].interval_high == 1061);
    CHECK(strcmp(cases[0].op_class, "hash") == 0 && cases[0].interval_pct == 90);
    CHECK(memcmp(cases[0].interval_table, t.sha256, 17) == 0);
    CHECK(!cases[1].has_interval && !cases[2].has_interval);
}

/* The checked-in table loads, and a zero-width range (a model without
 * uncertain keys) still gets the class's measured error. */
static void test_bundled(const char *path)
{
    csim_intervals t;
    csim_diag d = {0};
    CHECK(csim_intervals_load(path, &t, &d) == CSIM_OK);
    CHECK(t.n_classes > 0);
    const csim_interval_class *h = csim_interval_class_of(&t, "sha256/sole/64");
    CHECK(h != NULL && h->below <= 0 && h->above >= 0);
    csim_case_result c;
    memset(&c, 0, sizeof(c));
    snprintf(c.name, sizeof(c.name), "sha256/sole/64");
    c.ranged = true;
    c.cycles = c.cycles_low = c.cycles_high = 100000;
    csim_run_result r = {.cases = &c, .n_cases = 1};
    csim_interval_apply(&t, &r);
    CHECK(c.has_interval && c.interval_low <= c.cycles && c.cycles <= c.interval_high);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: test_interval WORKDIR TABLE\n");
        return 2;
    }
    work = argv[1];
    test_refusals();
    test_classes_and_widening();
    test_bundled(argv[2]);
    return check_result("test_interval");
}
