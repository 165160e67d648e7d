/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hints.c - the published pages' cycles as the order -j starts cases in (hints.h). */
#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/compare_inputs.h"
#include "analysis/hints.h"
#include "cyclesim/analysis/published.h"

#define MAX_PAGES 64

struct hint_pages {
    csim_pub_table pages[MAX_PAGES];
    unsigned n;
};

/* Every page that loads; the others are left out silently (compare reports them). */
static void load_pages(hint_pages *h, const char *dir)
{
    DIR *dp = opendir(dir);
    for (struct dirent *e; dp && (e = readdir(dp)) && h->n < MAX_PAGES;) {
        size_t len = strlen(e->d_name);
        char path[1024];
        csim_diag d = {0};
        if (len <= 5 || strcmp(e->d_name + len - 5, ".json") != 0 ||
            snprintf(path, sizeof(path), "%s/%s", dir, e->d_name) >= (int)sizeof(path) ||
            csim_pub_load(path, &h->pages[h->n], &d) != CSIM_OK) {
            continue;
        }
        h->n++;
    }
    if (dp) {
        closedir(dp);
    }
}

static uint64_t row_cycles(const csim_pub_table *t, const char *key)
{
    const csim_pub_row *r = csim_pub_find(t, key, CSIM_ROW_CYCLES);
    if (!r) {
        return 0;
    }
    if (isfinite(r->cycles) && r->cycles > 0) {
        return (uint64_t)r->cycles;
    }
    return isfinite(r->time_us) && r->time_us > 0 ? (uint64_t)(r->time_us * 1e-6 * t->clock_hz) : 0;
}

uint64_t hints_case_cost(void *ctx, const csim_elf *elf, const csim_model *model, uint32_t index)
{
    hints *hs = ctx;
    if (!hs->pages && (hs->pages = calloc(1, sizeof(*hs->pages)))) {
        load_pages(hs->pages, hs->dir);
    }
    const hint_pages *h = hs->pages;
    size_t total = csim_case_list(elf, NULL, NULL, 0);
    char (*names)[96] = h && index < total ? malloc(total * sizeof(*names)) : NULL;
    char (*rows)[96] = names ? malloc(total * sizeof(*rows)) : NULL;
    uint64_t own = 0, other = 0;
    if (rows) {
        csim_case_list(elf, names, rows, total);
        const char *key = rows[index][0] ? rows[index] : names[index];
        for (unsigned i = 0; i < h->n && !own; i++) {
            uint64_t c = row_cycles(&h->pages[i], key);
            if (cmp_page_is_models(&h->pages[i], model)) {
                own = c;
            } else if (!other) {
                other = c;
            }
        }
    }
    free(names);
    free(rows);
    return own ? own : other;
}

void hints_free(hints *h)
{
    for (unsigned i = 0; h->pages && i < h->pages->n; i++) {
        csim_pub_free(&h->pages->pages[i]);
    }
    free(h->pages);
    h->pages = NULL;
}
