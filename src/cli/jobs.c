/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * jobs.c - what a command passes the engine's jobs (cli_jobs): -j, the cost
 * hints of the published pages (analysis/hints.h) and the progress line
 * (progress.c).  The pages belong to the cli_jobs that asked.
 */
#include <stdlib.h>
#include <unistd.h>

#include "cli/cli.h"

void cli_jobs_init(cli_jobs *j, unsigned workers, bool progress)
{
    *j = (cli_jobs){.opts = {.workers = workers, .cost = hints_case_cost, .cost_ctx = &j->hints},
                    .hints = {cli_published_dir(), NULL}};
    if (progress) {
        const char *period = getenv("CYCLESIM_PROGRESS_SECONDS");
        j->line.tty = isatty(STDERR_FILENO);
        j->line.log_period = period && atof(period) > 0 ? atof(period) : PROGRESS_LOG_PERIOD;
        j->opts.progress = cli_progress_draw;
        j->opts.progress_ctx = &j->line;
    }
}

void cli_jobs_free(cli_jobs *j)
{
    hints_free(&j->hints);
}
