/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * jobs.c - independent runs on worker threads, and their progress reports.
 *
 * Threads are safe here because every run owns its emulator (one Unicorn 2
 * instance: its own QEMU/TCG context), its Capstone handle, its flash and
 * core models, and only reads the shared ELFs (symbols and segment bytes,
 * copied out of LIEF at load time) and its own model.  Each run writes only
 * its own slot, so the results cannot depend on the order the workers take
 * runs in, nor on how many workers there are.  Checked with helgrind
 * (4 models, -j 4): the only shared writes are Unicorn 2.0.1's host-CPU
 * feature flags (have_avx2, have_bmi1, ... and use_rt_clock), which every
 * uc_open sets again to the same cpuid-derived values.  sim.c's one static
 * scratch buffer is thread-local.
 *
 * Runs per case.  With several workers a cold job over several benchmark
 * cases is split into one run per case, joined back in table order: a case's
 * start state does not depend on the cases before it in a cold run (the
 * memory system and the core's timing state are reset at each region, the
 * firmware restarts its cycle counter before each region: firmware/README.md;
 * the cases share no state), so each case gives exactly the numbers it gives
 * in the whole run (tests/sweep/run_jobs.sh compares every field on the
 * bundled images).  A warm job (the caches as the previous case left them), a
 * job whose firmware console is kept (one transcript) and --call are run
 * whole.  Runs are started longest first, by the cost hint the caller
 * passes (csim_jobs_opts.cost), so that the longest cases do not start last;
 * the totals of a split job count every run it took.  Progress goes to the
 * caller's callback, which decides what to show and how often.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/engine/jobs.h"

typedef struct pool pool;

/* One emulation: a whole job, or one case of a split one. */
typedef struct run_slot {
    pool *p;
    size_t job;              /* index into pool.jobs */
    uint32_t first, count;   /* the cases; count 0: the job's own selection */
    uint64_t cost;           /* hint: larger runs first */
    csim_run_result res;
    csim_err err;
    csim_diag diag;
    uint64_t insns, cycles;  /* as last reported (in pool.status) */
} run_slot;

struct pool {
    const csim_elf *elf;
    csim_job *jobs;
    size_t n_jobs;
    const csim_jobs_opts *opts;
    run_slot *runs;
    size_t n_runs;
    size_t *order;          /* runs in the order they start */
    pthread_mutex_t mu;     /* guards everything below */
    size_t next;
    csim_jobs_status status; /* status.done, and the sums of the runs' insns and cycles */
};

/* A run's new counts into the totals, then the caller's report; with the
 * mutex held.  The totals wrap back correctly should a count ever fall. */
static void report(pool *p, run_slot *s, uint64_t insns, uint64_t cycles)
{
    p->status.insns += insns - s->insns;
    p->status.cycles += cycles - s->cycles;
    s->insns = insns;
    s->cycles = cycles;
    p->opts->progress(p->opts->progress_ctx, CSIM_JOBS_UPDATE, &p->status);
}

static void on_progress(void *ctx, uint64_t insns, uint64_t cycles)
{
    run_slot *s = ctx;
    pool *p = s->p;
    pthread_mutex_lock(&p->mu);
    report(p, s, insns, cycles);
    pthread_mutex_unlock(&p->mu);
}

static void on_case_done(void *ctx, const char *name)
{
    run_slot *s = ctx;
    pool *p = s->p;
    pthread_mutex_lock(&p->mu);
    p->status.cases_done++;
    snprintf(p->status.last_case, sizeof(p->status.last_case), "%s", name);
    p->opts->progress(p->opts->progress_ctx, CSIM_JOBS_UPDATE, &p->status);
    pthread_mutex_unlock(&p->mu);
}

static void run_one(pool *p, run_slot *s)
{
    const csim_job *j = &p->jobs[s->job];
    /* A copy: the progress hook points into this call's pool, which the
     * caller's opts must not keep once csim_jobs_run returns. */
    csim_run_opts o = j->opts;
    if (s->count) {
        o.case_first = s->first;
        o.case_count = s->count;
    }
    if (p->opts->progress) {
        o.progress = on_progress;
        o.case_done = on_case_done;
        o.progress_ctx = s;
    }
    s->err = csim_run(j->elf ? j->elf : p->elf, j->model, &o, &s->res, &s->diag);
    if (p->opts->progress) {
        pthread_mutex_lock(&p->mu);
        p->status.done++;
        report(p, s, s->res.total_insns, s->res.total_cycles);
        pthread_mutex_unlock(&p->mu);
    }
}

static void *worker(void *arg)
{
    pool *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->mu);
        size_t i = p->next < p->n_runs ? p->order[p->next++] : p->n_runs;
        pthread_mutex_unlock(&p->mu);
        if (i == p->n_runs) {
            return NULL;
        }
        run_one(p, &p->runs[i]);
    }
}

/* The cases [*first, *first + *count) a job runs; false when it cannot run
 * them one by one (no case table or no case selection in the firmware). */
static bool job_cases(const csim_elf *elf, const csim_job *j, uint32_t *first, uint32_t *count)
{
    size_t total = csim_case_list(elf, NULL, NULL, 0);
    *first = j->opts.case_count ? j->opts.case_first : 0;
    *count = j->opts.case_count ? j->opts.case_count : (uint32_t)total;
    if (*first >= total) {
        *count = 0;
    } else if (*count > total - *first) { /* the firmware skips indices past its table */
        *count = (uint32_t)(total - *first);
    }
    return total && csim_elf_find(elf, "bench_case_first") && csim_elf_find(elf, "bench_case_count");
}

static bool splittable(const csim_elf *elf, const csim_job *j, uint32_t *first, uint32_t *count)
{
    /* A job with lanes is one run: each lane's result is the run's (the caller gives each worker a job). */
    return !j->opts.warm && !j->opts.call && !j->opts.console && !j->opts.n_lanes && job_cases(elf, j, first, count) &&
           *count > 1;
}

static uint64_t hint(const pool *p, const csim_elf *elf, const csim_job *j, uint32_t first, uint32_t count)
{
    uint64_t sum = 0;
    for (uint32_t k = 0; p->opts->cost && k < count; k++) {
        sum += p->opts->cost(p->opts->cost_ctx, elf, j->model, first + k);
    }
    return sum;
}

/* Moves the cases of `from` behind those of `into`, adding its totals. */
static bool append(csim_run_result *into, csim_run_result *from)
{
    if (from->n_cases) {
        csim_case_result *c = realloc(into->cases, (into->n_cases + from->n_cases) * sizeof(*c));
        if (!c) {
            return false;
        }
        memcpy(c + into->n_cases, from->cases, from->n_cases * sizeof(*c));
        into->cases = c;
        into->n_cases += from->n_cases;
    }
    into->total_cycles += from->total_cycles;
    into->total_insns += from->total_insns;
    into->host_seconds += from->host_seconds;
    into->exited = from->exited;
    into->exit_status += from->exit_status; /* the firmware exits with its count of failed cases */
    into->call_result = from->call_result;
    into->call_result_hi = from->call_result_hi;
    free(from->cases);
    memset(from, 0, sizeof(*from));
    return true;
}

/* The runs: each job whole, or one per case when several workers share the
 * work; NULL when out of memory. */
static run_slot *plan(pool *p, unsigned workers)
{
    size_t n = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < p->n_jobs; i++) {
            const csim_job *j = &p->jobs[i];
            const csim_elf *elf = j->elf ? j->elf : p->elf;
            uint32_t first = 0, count = 0;
            bool split = workers > 1 && splittable(elf, j, &first, &count);
            bool cases = split || job_cases(elf, j, &first, &count);
            if (pass == 0 && cases && !j->opts.call) {
                p->status.cases += count;
            }
            for (uint32_t k = 0; k < (split ? count : 1); k++, n++) {
                if (pass == 1) {
                    p->runs[n] = (run_slot){.p = p, .job = i, .first = split ? first + k : 0,
                                            .count = split ? 1 : 0,
                                            .cost = workers < 2 || !cases ? 0
                                                    : split ? hint(p, elf, j, first + k, 1)
                                                            : hint(p, elf, j, first, count)};
                }
            }
        }
        if (pass == 0) {
            p->n_runs = n;
            p->runs = calloc(n ? n : 1, sizeof(*p->runs));
            p->order = calloc(n ? n : 1, sizeof(*p->order));
            if (!p->runs || !p->order) {
                return NULL;
            }
            n = 0;
        }
    }
    return p->runs;
}

typedef struct ranked {
    uint64_t cost;
    size_t index;
} ranked;

static int by_cost(const void *a, const void *b)
{
    const ranked *x = a, *y = b;
    if (x->cost != y->cost) {
        return x->cost < y->cost ? 1 : -1;
    }
    return (x->index > y->index) - (x->index < y->index);
}

/* Longest first with several workers (ties and unknown costs in job order);
 * in job order with one. */
static void order_runs(pool *p, unsigned workers)
{
    ranked *r = workers > 1 ? malloc(p->n_runs * sizeof(*r)) : NULL;
    for (size_t i = 0; i < p->n_runs; i++) {
        p->order[i] = i;
        if (r) {
            r[i] = (ranked){p->runs[i].cost, i};
        }
    }
    if (r) {
        qsort(r, p->n_runs, sizeof(*r), by_cost);
        for (size_t i = 0; i < p->n_runs; i++) {
            p->order[i] = r[i].index;
        }
    }
    free(r);
}

/* Each job's result from its runs, in table order: as in one whole run, a
 * failed run ends the job (the cases after it are not reported). */
static void gather(pool *p)
{
    size_t r = 0;
    for (size_t i = 0; i < p->n_jobs; i++) {
        csim_job *j = &p->jobs[i];
        memset(&j->res, 0, sizeof(j->res));
        memset(&j->diag, 0, sizeof(j->diag));
        j->err = CSIM_OK;
        for (; r < p->n_runs && p->runs[r].job == i; r++) {
            run_slot *s = &p->runs[r];
            if (j->err) {
                csim_run_result_free(&s->res);
            } else if (!append(&j->res, &s->res)) {
                csim_run_result_free(&s->res);
                j->err = csim_fail(&j->diag, CSIM_ERR_NOMEM, "out of memory");
            } else if (s->err) {
                j->err = s->err;
                j->diag = s->diag;
            }
        }
    }
}

void csim_jobs_run(const csim_elf *elf, csim_job *jobs, size_t n, const csim_jobs_opts *opts)
{
    pool p = {.elf = elf, .jobs = jobs, .n_jobs = n, .opts = opts};
    unsigned workers = opts->workers ? opts->workers : 1;
    if (n == 0) {
        return;
    }
    if (!plan(&p, workers)) {
        for (size_t i = 0; i < n; i++) {
            memset(&jobs[i].res, 0, sizeof(jobs[i].res));
            jobs[i].err = csim_fail(&jobs[i].diag, CSIM_ERR_NOMEM, "out of memory");
        }
        free(p.runs);
        free(p.order);
        return;
    }
    order_runs(&p, workers);
    if (getenv("CYCLESIM_DEBUG_JOBS")) { /* the plan, in start order (docs/performance.md) */
        for (size_t i = 0; i < p.n_runs; i++) {
            const run_slot *s = &p.runs[p.order[i]];
            const csim_job *j = &jobs[s->job];
            fprintf(stderr, "cyclesim: run %zu: job %zu, %s, cases %s%u+%u, hint %llu cycles\n", i, s->job,
                    j->model->name, s->count ? "" : "job's ", s->count ? s->first : j->opts.case_first,
                    s->count ? s->count : j->opts.case_count, (unsigned long long)s->cost);
        }
    }
    pthread_mutex_init(&p.mu, NULL);
    p.status.runs = p.n_runs;
    if (opts->progress) {
        opts->progress(opts->progress_ctx, CSIM_JOBS_START, &p.status);
    }
    if (workers > p.n_runs) {
        workers = (unsigned)p.n_runs;
    }
    /* This thread is one of the workers. */
    pthread_t *th = workers > 1 ? calloc(workers - 1, sizeof(*th)) : NULL;
    unsigned started = 0;
    while (th && started < workers - 1 && pthread_create(&th[started], NULL, worker, &p) == 0) {
        started++;
    }
    /* With one worker (or when no thread could start) this thread runs
     * every run itself, in order. */
    worker(&p);
    for (unsigned t = 0; t < started; t++) {
        pthread_join(th[t], NULL);
    }
    free(th);
    if (opts->progress) {
        opts->progress(opts->progress_ctx, CSIM_JOBS_END, &p.status);
    }
    pthread_mutex_destroy(&p.mu);
    gather(&p);
    free(p.runs);
    free(p.order);
}

/* One group of csim_jobs_run_shared: the job that runs and its lanes (indices into the jobs). */
typedef struct share_plan {
    size_t *members;               /* by class, each class's shareable jobs in a row */
    const csim_model **lane_models; /* per member: its model (a lane's) */
    csim_run_result *lane_res;     /* per member: its result as a lane */
    csim_job *runs;                /* what csim_jobs_run runs: the groups' first jobs and the jobs that do not share */
    size_t *run_of;                /* per run: its job */
    size_t *run_lo, *run_hi;       /* per run: its lanes, members[lo + 1 .. hi) (lo == hi: none) */
} share_plan;

static void share_plan_free(share_plan *sp)
{
    free(sp->members);
    free(sp->lane_models);
    free(sp->lane_res);
    free(sp->runs);
    free(sp->run_of);
    free(sp->run_lo);
    free(sp->run_hi);
}

/* Runs the n_runs jobs of the plan and hands each its result back, each
 * lane's from its group's run. */
static void run_planned(const csim_elf *elf, csim_job *jobs, share_plan *sp, size_t n_runs, const csim_jobs_opts *jo,
                        bool *alone, csim_jobs_shared *st)
{
    csim_jobs_run(elf, sp->runs, n_runs, jo);
    for (size_t r = 0; r < n_runs; r++) {
        csim_job *j = &jobs[sp->run_of[r]];
        j->res = sp->runs[r].res;
        j->err = sp->runs[r].err;
        j->diag = sp->runs[r].diag;
        for (size_t k = sp->run_lo[r] + 1; k < sp->run_hi[r]; k++) {
            csim_job *l = &jobs[sp->members[k]];
            l->res = sp->lane_res[k];
            l->err = j->err; /* the execution's error is every lane's */
            l->diag = j->diag;
            st->lanes++;
            if (!j->err && l->res.diverged) {
                csim_run_result_free(&l->res);
                alone[sp->members[k]] = true;
            }
        }
    }
}

void csim_jobs_run_shared(const csim_elf *elf, csim_job *jobs, size_t n, const size_t *klass,
                          const csim_jobs_opts *jo, bool *alone, csim_jobs_shared *st)
{
    csim_jobs_shared none;
    st = st ? st : &none;
    memset(st, 0, sizeof(*st));
    if (!klass) { /* no classes: nothing to share, nothing to plan */
        if (alone) {
            memset(alone, 0, n * sizeof(*alone));
        }
        csim_jobs_run(elf, jobs, n, jo);
        return;
    }
    const size_t workers = jo && jo->workers > 1 ? jo->workers : 1;
    share_plan sp = {calloc(n + 1, sizeof(size_t)), calloc(n + 1, sizeof(*sp.lane_models)),
                     calloc(n + 1, sizeof(*sp.lane_res)), calloc(n + 1, sizeof(*sp.runs)), calloc(n + 1, sizeof(size_t)),
                     calloc(n + 1, sizeof(size_t)), calloc(n + 1, sizeof(size_t))};
    bool *own = alone ? alone : calloc(n + 1, sizeof(*own)), *done = calloc(n + 1, sizeof(*done));
    if (!sp.members || !sp.lane_models || !sp.lane_res || !sp.runs || !sp.run_of || !sp.run_lo || !sp.run_hi || !own ||
        !done) {
        share_plan_free(&sp);
        if (own != alone) {
            free(own);
        }
        free(done);
        csim_jobs_run(elf, jobs, n, jo); /* out of memory for the plan: every job on its own */
        return;
    }
    memset(own, 0, n * sizeof(*own));
    size_t n_members = 0, n_runs = 0;
    for (size_t i = 0; i < n; i++) {
        if (done[i]) {
            continue;
        }
        /* job i's class: the jobs the caller says run alike, whose models may be its lanes */
        const size_t lo = n_members;
        const bool shares = !jobs[i].opts.no_reuse && csim_run_lanes_ok(jobs[i].model, NULL, 0, &jobs[i].opts);
        for (size_t k = i; shares && k < n; k++) {
            if (!done[k] && klass[k] == klass[i] && jobs[k].elf == jobs[i].elf &&
                csim_run_lanes_ok(jobs[i].model, &jobs[k].model, 1, &jobs[i].opts)) {
                done[k] = true;
                sp.members[n_members] = k;
                sp.lane_models[n_members++] = jobs[k].model;
            }
        }
        if (n_members == lo) { /* no sharing: the job alone */
            done[i] = true;
            sp.members[n_members] = i;
            sp.lane_models[n_members++] = jobs[i].model;
        }
        const size_t k = n_members - lo, groups = k < workers ? k : workers;
        for (size_t g = 0; g < groups; g++) {
            const size_t a = lo + g * k / groups, b = lo + (g + 1) * k / groups;
            csim_job *r = &sp.runs[n_runs];
            *r = jobs[sp.members[a]];
            r->opts.lanes = &sp.lane_models[a + 1];
            r->opts.n_lanes = (unsigned)(b - a - 1);
            r->opts.lane_res = &sp.lane_res[a + 1];
            sp.run_of[n_runs] = sp.members[a];
            sp.run_lo[n_runs] = a;
            sp.run_hi[n_runs++] = b;
        }
    }
    run_planned(elf, jobs, &sp, n_runs, jo, own, st);
    /* the jobs whose lanes gave a case up, each on an emulation of its own */
    n_runs = 0;
    for (size_t i = 0; i < n; i++) {
        if (own[i]) {
            sp.runs[n_runs] = jobs[i];
            sp.run_of[n_runs] = i;
            sp.run_lo[n_runs] = sp.run_hi[n_runs] = 0;
            n_runs++;
            st->alone++;
        }
    }
    if (n_runs) {
        run_planned(elf, jobs, &sp, n_runs, jo, own, st);
    }
    share_plan_free(&sp);
    if (own != alone) {
        free(own);
    }
    free(done);
}
