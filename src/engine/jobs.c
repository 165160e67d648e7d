/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * jobs.c - independent runs on worker threads, and the progress line.
 *
 * Threads are safe here because every run owns its emulator (one Unicorn 2
 * instance: its own QEMU/TCG context), its Capstone handle, its flash and
 * core models, and only reads the shared ELFs (symbols and segment bytes,
 * copied out of LIEF at load time) and its own model.  Each job writes only
 * its own csim_job, so the results cannot depend on the order the workers
 * take jobs in, nor on how many workers there are.  Checked with helgrind
 * (4 models, -j 4): the only shared writes are Unicorn 2.0.1's host-CPU
 * feature flags (have_avx2, have_bmi1, ... and use_rt_clock), which every
 * uc_open sets again to the same cpuid-derived values.  sim.c's one static
 * scratch buffer is thread-local.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cyclesim/jobs.h"

#define PROGRESS_PERIOD 0.25 /* seconds between two redraws of the progress line */

typedef struct pool pool;

typedef struct job_slot {
    pool *p;
    size_t index;
} job_slot;

struct pool {
    const csim_elf *elf;
    csim_job *jobs;
    size_t n;
    pthread_mutex_t mu;     /* guards everything below */
    size_t next, done;
    uint64_t *insns, *cycles; /* per job, as last reported */
    job_slot *slots;
    bool show;
    double t0, last_draw;
    size_t drawn;           /* characters of the line on screen */
};

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Called with the mutex held. */
static void draw(pool *p, bool force)
{
    double t = now_s();
    if (!p->show || (!force && t - p->last_draw < PROGRESS_PERIOD)) {
        return;
    }
    p->last_draw = t;
    uint64_t insns = 0, cycles = 0;
    for (size_t i = 0; i < p->n; i++) {
        insns += p->insns[i];
        cycles += p->cycles[i];
    }
    double el = t - p->t0;
    char line[160];
    int len = snprintf(line, sizeof(line), "cyclesim: %zu/%zu jobs, %.1f M insns, %.1f M cycles, %.1f MIPS, %.1f s",
                       p->done, p->n, (double)insns * 1e-6, (double)cycles * 1e-6,
                       el > 0 ? (double)insns * 1e-6 / el : 0.0, el);
    /* \r back to the start, the text, then erase what a longer line left. */
    fprintf(stderr, "\r%s\033[K", line);
    fflush(stderr);
    p->drawn = len > 0 ? (size_t)len : 0;
}

static void on_progress(void *ctx, uint64_t insns, uint64_t cycles)
{
    job_slot *s = ctx;
    pool *p = s->p;
    pthread_mutex_lock(&p->mu);
    p->insns[s->index] = insns;
    p->cycles[s->index] = cycles;
    draw(p, false);
    pthread_mutex_unlock(&p->mu);
}

static void run_one(pool *p, size_t i)
{
    csim_job *j = &p->jobs[i];
    /* A copy: the progress hook points into this call's pool, which the
     * caller's opts must not keep once csim_jobs_run returns. */
    csim_run_opts o = j->opts;
    if (p->show) {
        o.progress = on_progress;
        o.progress_ctx = &p->slots[i];
    }
    memset(&j->diag, 0, sizeof(j->diag));
    j->err = csim_run(j->elf ? j->elf : p->elf, j->model, &o, &j->res, &j->diag);
    pthread_mutex_lock(&p->mu);
    p->insns[i] = j->res.total_insns;
    p->cycles[i] = j->res.total_cycles;
    p->done++;
    draw(p, false);
    pthread_mutex_unlock(&p->mu);
}

static void *worker(void *arg)
{
    pool *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->mu);
        size_t i = p->next < p->n ? p->next++ : p->n;
        pthread_mutex_unlock(&p->mu);
        if (i == p->n) {
            return NULL;
        }
        run_one(p, i);
    }
}

void csim_jobs_run(const csim_elf *elf, csim_job *jobs, size_t n, unsigned workers, bool progress)
{
    pool p = {.elf = elf, .jobs = jobs, .n = n};
    if (n == 0) {
        return;
    }
    pthread_mutex_init(&p.mu, NULL);
    p.insns = calloc(n, sizeof(*p.insns));
    p.cycles = calloc(n, sizeof(*p.cycles));
    p.slots = calloc(n, sizeof(*p.slots));
    p.show = progress && p.insns && p.cycles && p.slots && isatty(STDERR_FILENO);
    for (size_t i = 0; p.slots && i < n; i++) {
        p.slots[i] = (job_slot){&p, i};
    }
    p.t0 = p.last_draw = now_s();
    if (workers > n) {
        workers = (unsigned)n;
    }
    /* This thread is one of the workers. */
    pthread_t *th = workers > 1 ? calloc(workers - 1, sizeof(*th)) : NULL;
    unsigned started = 0;
    while (th && started < workers - 1 && pthread_create(&th[started], NULL, worker, &p) == 0) {
        started++;
    }
    /* With one worker (or when no thread could start) this thread runs
     * every job itself, in order. */
    worker(&p);
    for (unsigned t = 0; t < started; t++) {
        pthread_join(th[t], NULL);
    }
    free(th);
    if (p.show && p.drawn) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    pthread_mutex_destroy(&p.mu);
    free(p.insns);
    free(p.cycles);
    free(p.slots);
}
