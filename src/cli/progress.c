/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * progress.c - the progress line on stderr that -j runs keep up to date on a
 * terminal, drawn from the reports of the engine's jobs (jobs.h).
 */
#include <stdio.h>
#include <time.h>

#include "cli/cli.h"

#define PROGRESS_PERIOD 0.25 /* seconds between two redraws of the progress line */

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void cli_progress_draw(void *ctx, csim_jobs_event ev, const csim_jobs_status *s)
{
    cli_progress *p = ctx;
    double t = now_s();
    if (ev == CSIM_JOBS_START) {
        *p = (cli_progress){.t0 = t, .last_draw = t};
        return;
    }
    if (ev == CSIM_JOBS_END) {
        if (p->drawn) {
            fputs("\r\033[K", stderr);
            fflush(stderr);
        }
        return;
    }
    if (t - p->last_draw < PROGRESS_PERIOD) {
        return;
    }
    p->last_draw = t;
    double el = t - p->t0;
    char line[160];
    int len = snprintf(line, sizeof(line), "cyclesim: %zu/%zu jobs, %.1f M insns, %.1f M cycles, %.1f MIPS, %.1f s",
                       s->done, s->runs, (double)s->insns * 1e-6, (double)s->cycles * 1e-6,
                       el > 0 ? (double)s->insns * 1e-6 / el : 0.0, el);
    /* \r back to the start, the text, then erase what a longer line left. */
    fprintf(stderr, "\r%s\033[K", line);
    fflush(stderr);
    p->drawn = len > 0 ? (size_t)len : 0;
}
