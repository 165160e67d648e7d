/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_merge.c - `cyclesim merge` without the command line or the emulator
 * (src/analysis/merge.c): two run shards written by the shard writers
 * (src/output/shard_json.c) join into every case in table order with the
 * totals of both; a missing shard, a shard given twice and shards run with
 * different --set lists are refused with their messages.  Argument: a
 * directory for the shard files.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/merge.h"
#include "cyclesim/output/shard_json.h"
#include "check.h"

static const char *const table[] = {"t/a", "t/b", "t/c"};

/* Shard k of n of a run of `table` on one model, holding the named cases;
 * each case's cycles are 100 times its position in the table. */
static void write_shard(const char *path, unsigned k, unsigned n, const char *const *sets, unsigned n_sets,
                        const char *const *cases, size_t n_cases, unsigned long long total_cycles)
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
    fputs("{", f);
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
    fputs("]}]}}\n", f);
    fclose(f);
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
    const char *const one[] = {"t/a", "t/c"}, *const two[] = {"t/b"}, *const sets[] = {"flash.prefetch=false"};
    write_shard(p1, 1, 2, NULL, 0, one, 2, 1000);
    write_shard(p2, 2, 2, NULL, 0, two, 1, 600);
    write_shard(p3, 2, 2, sets, 1, two, 1, 600);

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
    return check_result("test_merge");
}
