/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hints.c - how long a case will run, before running it: the cycles the
 * published pages (data/published) give for its row, so that with -j the
 * longest cases start first (src/engine/jobs.c).  The page of the model's own
 * MCU first, else any page with that row (rows are the same operations on
 * every part, and only the order matters); a row given as a time counts at
 * its page's clock.  Cases no page has get 0 and start after the others, in
 * table order.  A hint changes no result, only the order runs start in.
 * The pages belong to the cli_jobs that asked, not to the process.
 */
#include <ctype.h>
#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cyclesim/analysis/published.h"

#define MAX_PAGES 64

struct cli_hints {
    csim_pub_table pages[MAX_PAGES];
    char mcu[MAX_PAGES][32]; /* lower case ("stm32l552zet6q"); "" for other libraries' pages */
    unsigned n;
};

/* Every page that loads; the others are left out silently (compare reports them). */
static void load_pages(cli_hints *h)
{
    const char *dir = cli_published_dir();
    DIR *dp = opendir(dir);
    for (struct dirent *e; dp && (e = readdir(dp)) && h->n < MAX_PAGES;) {
        size_t len = strlen(e->d_name);
        char path[1024];
        csim_diag d = {0};
        unsigned k = h->n;
        if (len <= 5 || strcmp(e->d_name + len - 5, ".json") != 0 ||
            snprintf(path, sizeof(path), "%s/%s", dir, e->d_name) >= (int)sizeof(path) ||
            csim_pub_load(path, &h->pages[k], &d) != CSIM_OK) {
            continue;
        }
        const csim_pub_table *t = &h->pages[k];
        size_t i = 0;
        for (; !t->library[0] && !t->board_output && t->mcu[i] && i + 1 < sizeof(h->mcu[k]); i++) {
            h->mcu[k][i] = (char)tolower((unsigned char)t->mcu[i]);
        }
        h->mcu[k][i] = '\0';
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

/* csim_case_cost_fn on a cli_jobs: the pages are read at the first hint
 * asked for (one worker or no case table asks for none).  Out of memory:
 * no hint, runs start in job order. */
static uint64_t case_cost(void *ctx, const csim_elf *elf, const csim_model *model, uint32_t index)
{
    cli_jobs *j = ctx;
    if (!j->hints && (j->hints = calloc(1, sizeof(*j->hints)))) {
        load_pages(j->hints);
    }
    const cli_hints *h = j->hints;
    size_t total = csim_case_list(elf, NULL, NULL, 0);
    char (*names)[96] = h && index < total ? malloc(total * sizeof(*names)) : NULL;
    char (*rows)[96] = names ? malloc(total * sizeof(*rows)) : NULL;
    uint64_t own = 0, other = 0;
    if (rows) {
        csim_case_list(elf, names, rows, total);
        const char *key = rows[index][0] ? rows[index] : names[index];
        for (unsigned i = 0; i < h->n && !own; i++) {
            uint64_t c = row_cycles(&h->pages[i], key);
            if (h->mcu[i][0] && strncmp(h->mcu[i], model->name, strlen(model->name)) == 0) {
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

void cli_jobs_init(cli_jobs *j, unsigned workers, bool progress)
{
    *j = (cli_jobs){.opts = {.workers = workers, .cost = case_cost, .cost_ctx = j}};
    if (progress && isatty(STDERR_FILENO)) {
        j->opts.progress = cli_progress_draw;
        j->opts.progress_ctx = &j->line;
    }
}

void cli_jobs_free(cli_jobs *j)
{
    for (unsigned i = 0; j->hints && i < j->hints->n; i++) {
        csim_pub_free(&j->hints->pages[i]);
    }
    free(j->hints);
    j->hints = NULL;
}
