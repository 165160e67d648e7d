/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer: the shard reader and join of `cyclesim merge` (src/analysis/merge.c,
 * shard.c).  The input holds up to three shard files separated by a line
 * "@@" (s0.json, s1.json, s2.json); the shards that load are joined as run
 * shards, model by model, or as compare shards against an empty measured
 * results file (the shards' own path is not followed: it could name any
 * file of the machine). */
#include "analysis/merge.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *p = data, *end = data + size;
    char *paths[3];
    unsigned n = 0;
    for (; n < 3 && (n == 0 || p < end); n++) {
        const uint8_t *q = p;
        while (q < end && !(q + 4 <= end && memcmp(q, "\n@@\n", 4) == 0)) {
            q++;
        }
        char name[16];
        snprintf(name, sizeof(name), "s%u.json", n);
        paths[n] = (char *)fuzz_file(name, p, (size_t)(q - p));
        p = q < end ? q + 4 : end;
    }
    merge_input in;
    csim_diag d = {0};
    if (merge_load(&in, paths, n, &d) == CSIM_OK) {
        if (strcmp(in.command, "run") == 0) {
            merged_run run;
            if (merge_run_image(&in, &run, &d) == CSIM_OK) {
                for (size_t g = 0; g < run.n_models; g++) {
                    csim_model m;
                    csim_run_result res;
                    bool warm;
                    if (merge_run_model(&in, g, &m, &res, &warm, &d) == CSIM_OK) {
                        merge_cases_free(res.cases, res.n_cases);
                    }
                }
            }
        } else {
            merged_compare *mc = malloc(sizeof(*mc));
            if (mc) {
                merge_compare(&in, fuzz_file("page.txt", (const uint8_t *)"", 0), mc, &d);
                merge_compare_free(mc);
            }
            free(mc);
        }
    }
    merge_input_free(&in);
    return 0;
}
