/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_merge.c - `cyclesim merge` without the command line or the emulator
 * (src/analysis/merge.c): two run shards written by the shard writers
 * (src/output/shard_json.c) join into every case in table order with the
 * totals of both; a missing shard, a shard given twice, shards run with
 * different --set lists, a case missing from every shard or held twice (in
 * one shard or two), a malformed case and a report of another schema are
 * refused with messages naming the file, the case or the key.  Argument: a
 * directory for the shard files.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/merge.h"
#include "cyclesim/output/shard_json.h"
#include "check.h"

static const char *const table[] = {"t/a", "t/b", "t/c"}; /* by name: t/b in shard 1 of 2, t/a and t/c in 2 */

/* Shard k of n of a run of `table` on one model, holding the named cases;
 * each case's cycles are 100 times its position in the table; the report's
 * schema_version, and `extra` after the last case. */
static void write_shard_ext(const char *path, unsigned k, unsigned n, const char *const *sets, unsigned n_sets,
                            const char *const *cases, size_t n_cases, unsigned long long total_cycles,
                            unsigned schema, const char *extra)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "test_merge: %s: cannot write\n", path);
        exit(1);
    }
    const csim_shard shard = {.k = k, .n = n, .sets = sets, .n_sets = n_sets};
    csim_model m = {.clock_hz = 16000000};
    snprintf(m.name, sizeof(m.name), "stm32test");
    snprintf(m.chain, sizeof(m.chain), "stm32test <- cortex-m0plus");
    fprintf(f, "{\"schema_version\": %u,", schema);
    csim_shard_head_write(f, "run", &shard);
    fputs(", \"image\": {\"path\": \"fw.elf\", \"sha256\": \"00\", \"arch\": \"v6S-M\", \"rt\": \"toolchain\", "
          "\"backend\": \"\", \"table\": [\"t/a\", \"t/b\", \"t/c\"]},\n  \"models\": [{\"model\": ", f);
    csim_shard_model_write(f, &m);
    fprintf(f, ", \"state\": \"cold\", \"complete\": true, \"total_cycles\": %llu, \"total_insns\": 10, "
               "\"host_seconds\": 0.5, \"cases\": [", total_cycles);
    for (size_t i = 0; i < n_cases; i++) {
        csim_case_result c = {0};
        snprintf(c.name, sizeof(c.name), "%s", cases[i]);
        for (size_t t = 0; t < 3; t++) {
            c.cycles = strcmp(table[t], cases[i]) == 0 ? 100 * (t + 1) : c.cycles;
        }
        fputs(i ? ", " : "", f);
        csim_shard_case_write(f, &m, &c);
    }
    fprintf(f, "%s]}]}}\n", extra);
    fclose(f);
}

static void write_shard(const char *path, unsigned k, unsigned n, const char *const *sets, unsigned n_sets,
                        const char *const *cases, size_t n_cases, unsigned long long total_cycles)
{
    write_shard_ext(path, k, n, sets, n_sets, cases, n_cases, total_cycles, 1, "");
}

/* The join of the files' first model: an error with `text` in its message. */
static bool joins(char *const *paths, unsigned n, const char *text)
{
    merge_input in;
    merged_run run;
    csim_model m;
    csim_run_result res = {0};
    bool warm;
    csim_diag d = {0};
    csim_err err = merge_load(&in, paths, n, &d);
    err = err ? err : merge_run_image(&in, &run, &d);
    err = err ? err : merge_run_model(&in, 0, &m, &res, &warm, &d);
    merge_cases_free(res.cases, res.n_cases);
    merge_input_free(&in);
    bool ok = err == CSIM_ERR_INPUT && strstr(d.msg, text);
    if (!ok) {
        fprintf(stderr, "  got %d \"%s\", expected \"%s\"\n", err, d.msg, text);
    }
    return ok;
}

/* merge_load's result on the files, and its message holding `text` (NULL: success). */
static bool loads(char *const *paths, unsigned n, const char *text)
{
    merge_input in;
    csim_diag d = {0};
    csim_err err = merge_load(&in, paths, n, &d);
    merge_input_free(&in);
    bool ok = text ? err == CSIM_ERR_INPUT && strstr(d.msg, text) : err == CSIM_OK;
    if (!ok) {
        fprintf(stderr, "  got %d \"%s\", expected \"%s\"\n", err, d.msg, text ? text : "");
    }
    return ok;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_merge DIR\n");
        return 2;
    }
    char p1[1024], p2[1024], p3[1024];
    snprintf(p1, sizeof(p1), "%s/shard1.json", argv[1]);
    snprintf(p2, sizeof(p2), "%s/shard2.json", argv[1]);
    snprintf(p3, sizeof(p3), "%s/shard2-set.json", argv[1]);
    const char *const one[] = {"t/b"}, *const two[] = {"t/a", "t/c"}, *const sets[] = {"flash.prefetch=false"};
    write_shard(p1, 1, 2, NULL, 0, one, 1, 600);
    write_shard(p2, 2, 2, NULL, 0, two, 2, 1000);
    write_shard(p3, 2, 2, sets, 1, two, 2, 1000);

    /* Given in either order, the cases come back in table order. */
    char *paths[] = {p2, p1};
    merge_input in;
    csim_diag d = {0};
    CHECK(merge_load(&in, paths, 2, &d) == CSIM_OK);
    CHECK(in.command && strcmp(in.command, "run") == 0);
    merged_run run;
    CHECK(merge_run_image(&in, &run, &d) == CSIM_OK);
    CHECK(run.n_models == 1 && strcmp(run.elf.path, "fw.elf") == 0 && strcmp(run.rt, "toolchain") == 0);
    csim_model m;
    csim_run_result res;
    bool warm = true;
    CHECK(merge_run_model(&in, 0, &m, &res, &warm, &d) == CSIM_OK);
    CHECK(!warm && strcmp(m.name, "stm32test") == 0 && m.clock_hz == 16000000);
    CHECK(res.n_cases == 3);
    for (size_t i = 0; i < 3 && i < res.n_cases; i++) {
        CHECK(strcmp(res.cases[i].name, table[i]) == 0);
        CHECK(res.cases[i].cycles == 100 * (i + 1));
    }
    CHECK(res.total_cycles == 1600 && res.total_insns == 20 && res.host_seconds == 1.0);
    merge_cases_free(res.cases, res.n_cases);
    merge_input_free(&in);

    char *missing[] = {p1}, *twice[] = {p1, p1}, *other_sets[] = {p1, p3};
    CHECK(loads(missing, 1, "shard 2 of 2 is missing"));
    CHECK(loads(twice, 2, "are both shard 1 of 2 (overlapping shards)"));
    CHECK(loads(other_sets, 2, "were run with different --set lists"));

    /* Each case of the table exactly once, in the shard its name puts it in. */
    char bad[1024], *with_bad[] = {p1, bad}, *bad_twice[] = {bad, p2};
    snprintf(bad, sizeof(bad), "%s/shard-bad.json", argv[1]);
    const char *const only_a[] = {"t/a"}, *const a_twice[] = {"t/a", "t/c", "t/a"};
    const char *const b_too[] = {"t/a", "t/c", "t/b"}, *const d_too[] = {"t/a", "t/c", "t/d"};
    write_shard(bad, 2, 2, NULL, 0, only_a, 1, 1000);
    CHECK(joins(with_bad, 2, "case \"t/c\" (2 of the image's table) is in no shard: "));
    CHECK(joins(with_bad, 2, "shard-bad.json, shard 2 of 2, should hold it"));
    write_shard(bad, 2, 2, NULL, 0, a_twice, 3, 1000);
    CHECK(joins(with_bad, 2, "shard-bad.json: case \"t/a\" twice in the shard (shard.models[0].cases[0] and [2])"));
    write_shard(bad, 2, 2, NULL, 0, b_too, 3, 1000);
    CHECK(joins(with_bad, 2, "case \"t/b\" is in both "));
    CHECK(joins(with_bad, 2, "shard1.json and ") && joins(with_bad, 2, "shard-bad.json"));
    write_shard(bad, 2, 2, NULL, 0, d_too, 3, 1000);
    CHECK(joins(with_bad, 2, "shard.models[0].cases[2]: case \"t/d\" is not in its image's case table"));
    write_shard(bad, 2, 2, NULL, 0, two, 2, 1000);
    CHECK(joins(bad_twice, 2, "are both shard 2 of 2 (overlapping shards)"));
    write_shard_ext(bad, 2, 2, NULL, 0, only_a, 1, 1000, 1, ", {\"name\": \"t/c\", \"row\": \"\"}");
    CHECK(joins(with_bad, 2, "shard-bad.json: shard.models[0].cases[1].params: missing or malformed"));
    write_shard_ext(bad, 2, 2, NULL, 0, two, 2, 1000, 2, "");
    CHECK(loads(with_bad, 2, "shard-bad.json: schema_version: missing or not 1"));
    return check_result("test_merge");
}
