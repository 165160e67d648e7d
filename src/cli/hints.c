/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hints.c - how long a case will run, before running it: the cycles the
 * published pages (data/published) give for its row, so that with -j the
 * longest cases start first (src/engine/jobs.c).  The page of the model's own
 * MCU first, else any page with that row (rows are the same operations on
 * every part, and only the order matters); a row given as a time counts at
 * its page's clock.  Cases no page has get 0 and start after the others, in
 * table order.  A hint changes no result, only the order runs start in.
 */
#include <ctype.h>
#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cyclesim/engine/jobs.h"
#include "cyclesim/analysis/published.h"

#define MAX_PAGES 64

static struct {
    bool loaded;
    csim_pub_table pages[MAX_PAGES];
    char mcu[MAX_PAGES][32]; /* lower case ("stm32l552zet6q"); "" for other libraries' pages */
    unsigned n;
} hint_pages;

static void free_pages(void)
{
    for (unsigned i = 0; i < hint_pages.n; i++) {
        csim_pub_free(&hint_pages.pages[i]);
    }
    hint_pages.n = 0;
}

/* Every page that loads; the others are left out silently (compare reports them). */
static void load_pages(void)
{
    hint_pages.loaded = true;
    const char *dir = cli_published_dir();
    DIR *dp = opendir(dir);
    for (struct dirent *e; dp && (e = readdir(dp)) && hint_pages.n < MAX_PAGES;) {
        size_t len = strlen(e->d_name);
        char path[1024];
        csim_diag d = {0};
        unsigned k = hint_pages.n;
        if (len <= 5 || strcmp(e->d_name + len - 5, ".json") != 0 ||
            snprintf(path, sizeof(path), "%s/%s", dir, e->d_name) >= (int)sizeof(path) ||
            csim_pub_load(path, &hint_pages.pages[k], &d) != CSIM_OK) {
            continue;
        }
        const csim_pub_table *t = &hint_pages.pages[k];
        size_t i = 0;
        for (; !t->library[0] && !t->board_output && t->mcu[i] && i + 1 < sizeof(hint_pages.mcu[k]); i++) {
            hint_pages.mcu[k][i] = (char)tolower((unsigned char)t->mcu[i]);
        }
        hint_pages.mcu[k][i] = '\0';
        hint_pages.n++;
    }
    if (dp) {
        closedir(dp);
    }
    atexit(free_pages);
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

static uint64_t case_cost(void *ctx, const csim_elf *elf, const csim_model *model, uint32_t index)
{
    (void)ctx;
    if (!hint_pages.loaded) {
        load_pages();
    }
    size_t total = csim_case_list(elf, NULL, NULL, 0);
    char (*names)[96] = index < total ? malloc(total * sizeof(*names)) : NULL;
    char (*rows)[96] = names ? malloc(total * sizeof(*rows)) : NULL;
    uint64_t own = 0, other = 0;
    if (rows) {
        csim_case_list(elf, names, rows, total);
        const char *key = rows[index][0] ? rows[index] : names[index];
        for (unsigned i = 0; i < hint_pages.n && !own; i++) {
            uint64_t c = row_cycles(&hint_pages.pages[i], key);
            if (hint_pages.mcu[i][0] && strncmp(hint_pages.mcu[i], model->name, strlen(model->name)) == 0) {
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

void cli_register_cost_hints(void)
{
    csim_jobs_set_cost_hint(case_cost, NULL);
}
