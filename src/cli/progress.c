/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * progress.c - the progress on stderr, drawn from the reports of the engine's
 * jobs (jobs.h): cases and jobs done, the case finished last, instructions,
 * cycles, MIPS and time.  On a terminal one line, redrawn; elsewhere (a CI
 * log) a plain line now and then, never rewritten.
 */
#include <stdio.h>
#include <time.h>

#include "cli/cli.h"

#define PROGRESS_PERIOD 0.25     /* seconds between two redraws of the line on a terminal */

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int status_text(char *buf, size_t len, const csim_jobs_status *s, double el)
{
    int n = 0;
    if (s->cases) {
        n = snprintf(buf, len, "%zu/%zu cases%s%s%s, ", s->cases_done, s->cases, s->last_case[0] ? " (" : "",
                     s->last_case, s->last_case[0] ? ")" : "");
    }
    n = n < 0 || (size_t)n >= len ? 0 : n;
    return n + snprintf(buf + n, len - (size_t)n, "%zu/%zu jobs, %.1f M insns, %.1f M cycles, %.1f MIPS, %.1f s",
                        s->done, s->runs, (double)s->insns * 1e-6, (double)s->cycles * 1e-6,
                        el > 0 ? (double)s->insns * 1e-6 / el : 0.0, el);
}

void cli_progress_draw(void *ctx, csim_jobs_event ev, const csim_jobs_status *s)
{
    cli_progress *p = ctx;
    double t = now_s();
    char line[256];
    if (ev == CSIM_JOBS_START) {
        *p = (cli_progress){.tty = p->tty, .log_period = p->log_period, .t0 = t, .last_draw = t};
        return;
    }
    if (ev == CSIM_JOBS_END) {
        if (p->drawn && p->tty) {
            fputs("\r\033[K", stderr);
        } else if (p->drawn) {
            status_text(line, sizeof(line), s, t - p->t0);
            fprintf(stderr, "cyclesim: done: %s\n", line);
        }
        fflush(stderr);
        return;
    }
    if (t - p->last_draw < (p->tty ? PROGRESS_PERIOD : p->log_period)) {
        return;
    }
    p->last_draw = t;
    int len = status_text(line, sizeof(line), s, t - p->t0);
    if (p->tty) {
        /* \r back to the start, the text, then erase what a longer line left. */
        fprintf(stderr, "\rcyclesim: %s\033[K", line);
        p->drawn = len > 0 ? (size_t)len : 0;
    } else {
        fprintf(stderr, "cyclesim: %s\n", line);
        p->drawn++;
    }
    fflush(stderr);
}
