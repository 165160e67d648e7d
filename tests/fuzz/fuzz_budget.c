/* SPDX-License-Identifier: GPL-2.0-or-later */
/* libFuzzer: budget files (docs/budgets.md).  A file that loads is written
 * back (--update's path) and must load again. */
#include "analysis/budget.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    budget_file f = {0}, g = {0};
    csim_diag d = {0};
    if (budget_load(fuzz_file("budget.json", data, size), &f, &d) == BUDGET_OK) {
        char out[300];
        snprintf(out, sizeof(out), "%s/saved.json", fuzz_dir());
        if (budget_save(out, &f, &d) == BUDGET_OK && budget_load(out, &g, &d) != BUDGET_OK) {
            fprintf(stderr, "a saved budget file does not load again: %s\n", d.msg);
            abort();
        }
        budget_free(&g);
    }
    budget_free(&f);
    return 0;
}
