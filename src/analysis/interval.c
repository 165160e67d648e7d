/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * interval.c - the calibrated interval (interval.h): the reader of
 * data/accuracy/intervals.json and the widening of a case's range.
 */
#include <ctype.h>
#include <stdbool.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/analysis/interval.h"
#include "cyclesim/backends/digest.h"
#include "cyclesim/backends/json.h"
#include "cyclesim/common/file.h"

#define SCHEMA_VERSION 1
#define MAX_TEXT (1u << 20) /* the table is a few kB */

static csim_err bad(csim_diag *d, const char *path, const char *what)
{
    return csim_fail(d, CSIM_ERR_INPUT, "%s: %s", path, what);
}

bool csim_interval_name_ok(const char *s, size_t max)
{
    size_t n = 0;
    for (; s && s[n]; n++) {
        if (!(islower((unsigned char)s[n]) || isdigit((unsigned char)s[n]) || s[n] == '-')) {
            return false;
        }
    }
    return s && n > 0 && n < max;
}

static csim_err read_class(const char *path, const csim_json *j, csim_interval_class *c, csim_diag *d)
{
    const csim_json *name = csim_json_get(j, "name"), *algos = csim_json_get(j, "algorithms");
    const char *s = csim_json_str_of(name);
    if (!csim_json_is_object(j) || !csim_interval_name_ok(s, sizeof(c->name))) {
        return bad(d, path, "a member of \"classes\" without a \"name\" of 1 to 11 lower-case letters, digits "
                   "or '-'");
    }
    snprintf(c->name, sizeof(c->name), "%s", s);
    if (!csim_json_is_array(algos) || csim_json_count(algos) == 0 ||
        csim_json_count(algos) > CSIM_INTERVAL_MAX_ALGOS) {
        return csim_fail(d, CSIM_ERR_INPUT, "%s: class %s: \"algorithms\" is not an array of 1 to %d names", path,
                         c->name, CSIM_INTERVAL_MAX_ALGOS);
    }
    for (size_t i = 0; i < csim_json_count(algos); i++) {
        const char *a = csim_json_str_of(csim_json_at(algos, i));
        if (!csim_interval_name_ok(a, sizeof(c->algorithms[0]))) {
            return csim_fail(d, CSIM_ERR_INPUT, "%s: class %s: algorithm %zu is not a name of 1 to 15 "
                             "lower-case letters, digits or '-'", path, c->name, i);
        }
        snprintf(c->algorithms[c->n_algorithms++], sizeof(c->algorithms[0]), "%s", a);
    }
    if (!csim_json_double(csim_json_get(j, "below"), &c->below) || !(c->below <= 0 && c->below > -1) ||
        !csim_json_double(csim_json_get(j, "above"), &c->above) || !(c->above >= 0 && c->above < 10)) {
        return csim_fail(d, CSIM_ERR_INPUT, "%s: class %s: \"below\" must be a number in (-1, 0] and \"above\" "
                         "one in [0, 10)", path, c->name);
    }
    return CSIM_OK;
}

/* An algorithm of two classes would make a case's class depend on the order. */
static csim_err check_unique(const char *path, const csim_intervals *t, csim_diag *d)
{
    for (size_t i = 0; i < t->n_classes; i++) {
        for (unsigned a = 0; a < t->classes[i].n_algorithms; a++) {
            for (size_t j = i; j < t->n_classes; j++) {
                for (unsigned b = j == i ? a + 1 : 0; b < t->classes[j].n_algorithms; b++) {
                    const char *x = t->classes[i].algorithms[a], *y = t->classes[j].algorithms[b];
                    if (strncmp(x, y, strlen(x)) == 0 || strncmp(y, x, strlen(y)) == 0) {
                        return csim_fail(d, CSIM_ERR_INPUT, "%s: algorithms %s (%s) and %s (%s): one starts "
                                         "with the other", path, x, t->classes[i].name, y, t->classes[j].name);
                    }
                }
            }
        }
    }
    return CSIM_OK;
}

csim_err csim_intervals_load(const char *path, csim_intervals *out, csim_diag *d)
{
    memset(out, 0, sizeof(*out));
    csim_read r;
    char *text = csim_read_file(path, MAX_TEXT, &r);
    if (!text) {
        return csim_read_fail(d, path, &r, MAX_TEXT, CSIM_ERR_INPUT);
    }
    uint8_t h[32];
    if (!csim_sha256(text, r.len, h)) {
        free(text);
        return csim_fail(d, CSIM_ERR_INTERNAL, "%s: SHA-256 failed", path);
    }
    for (int i = 0; i < 8; i++) {
        snprintf(out->sha256 + 2 * i, 3, "%02x", h[i]);
    }
    char msg[256];
    csim_json *doc = csim_json_parse_input(path, text, msg, sizeof(msg));
    free(text);
    if (!doc) {
        return csim_fail(d, CSIM_ERR_INPUT, "%s", msg);
    }
    csim_err err = CSIM_OK;
    const csim_json *classes = csim_json_get(doc, "classes");
    double version = 0;
    if (!csim_json_double(csim_json_get(doc, "schema_version"), &version) || version != SCHEMA_VERSION) {
        err = bad(d, path, "\"schema_version\" is not 1 (an interval table of another cyclesim)");
    } else if (!csim_json_double(csim_json_get(doc, "nominal_coverage"), &out->coverage) ||
               !(out->coverage > 0 && out->coverage < 1)) {
        err = bad(d, path, "\"nominal_coverage\" is not a number between 0 and 1");
    } else if (!csim_json_is_array(classes) || csim_json_count(classes) > CSIM_INTERVAL_MAX_CLASSES) {
        err = csim_fail(d, CSIM_ERR_INPUT, "%s: \"classes\" is not an array of at most %d classes", path,
                        CSIM_INTERVAL_MAX_CLASSES);
    }
    for (size_t i = 0; !err && i < csim_json_count(classes); i++) {
        err = read_class(path, csim_json_at(classes, i), &out->classes[out->n_classes++], d);
    }
    csim_json_free(doc);
    return err ? err : check_unique(path, out, d);
}

const csim_interval_class *csim_interval_class_of(const csim_intervals *t, const char *case_name)
{
    for (const char *part = case_name; part && *part;) {
        const char *end = strchr(part, '/');
        const size_t len = end ? (size_t)(end - part) : strlen(part);
        for (size_t i = 0; t && i < t->n_classes; i++) {
            for (unsigned a = 0; a < t->classes[i].n_algorithms; a++) {
                const size_t n = strlen(t->classes[i].algorithms[a]);
                if (n <= len && strncmp(part, t->classes[i].algorithms[a], n) == 0) {
                    return &t->classes[i];
                }
            }
        }
        part = end ? end + 1 : NULL;
    }
    return NULL;
}

void csim_interval_apply(const csim_intervals *t, csim_run_result *r)
{
    for (size_t i = 0; r && i < r->n_cases; i++) {
        csim_case_result *c = &r->cases[i];
        const csim_interval_class *k = c->ranged ? csim_interval_class_of(t, c->name) : NULL;
        c->has_interval = k != NULL;
        if (k) {
            /* outward rounding: the interval never ends inside the range */
            c->interval_low = (uint64_t)floor((double)c->cycles_low * (1 + k->below));
            c->interval_high = (uint64_t)ceil((double)c->cycles_high * (1 + k->above));
            snprintf(c->op_class, sizeof(c->op_class), "%s", k->name);
            c->interval_pct = (unsigned)lround(t->coverage * 100);
            memcpy(c->interval_table, t->sha256, sizeof(c->interval_table));
        }
    }
}
