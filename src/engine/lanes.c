/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lanes.c - other models priced on this run's execution (csim_run_opts.lanes,
 * docs/accuracy.md "Ranges"): the configurations of a range differ in their
 * pricing only, so one emulation feeds every lane's core and flash interface
 * the blocks and transfers it feeds its own.
 *
 * A lane prices a case from its begin marker to the end of its region, from
 * the state a cold run resets to there (as the run's own core does): what ran
 * before the marker does not reach a cold region, and the harness between
 * two cases, whose flow follows the cycle counts it prints, is not priced.
 * The execution is the run's own; a lane gives a case up (its result
 * `diverged`, for its caller to run on its own) wherever that execution could
 * be another on the lane's timing: the firmware read the time inside the
 * region (SysTick, DWT, an AES peripheral's flags), the emulator stopped
 * inside the case (an exception, semihosting, a fault), or a flash or cache
 * control register was accessed at all (its reset value and effect are the
 * model's flash configuration).  The begin marker's own reads of the counter
 * are the harness's (firmware/bench/runner.c), which only stores them.
 *
 * The SysTick exception that counts the wraps of a case longer than its
 * period (the M0+ images: firmware/hal/cycles_systick.c) wraps at another
 * point of each lane's timing.  Each lane takes its own where its own run
 * would: at the first block boundary where its cycles reach its next wrap,
 * counted from its own cycle of the access that restarted SysTick.  It prices
 * the handler's blocks and transfers as the run's first handler ran them
 * (the handler is the same code every time: a handler that runs otherwise
 * gives the case up), with the core's exception entry and return around
 * them, and it leaves the run's own handlers unpriced.  A lane that wraps
 * before the run has run the handler once gives its case up alone.
 */
#include "engine/lanes.h"
#include "engine/sim_internal.h"

typedef struct lane {
    csim_core core;
    bool syst_own;       /* SysTick restarted in this case: syst_epoch is this lane's */
    bool fed;            /* priced the run's blocks: neither given up nor waiting */
    bool waiting;        /* wrapped before the run took the handler once: the blocks since are kept */
    uint32_t wait_addr;  /* the boundary where it wrapped */
    size_t wait_from;    /* the first block kept for it */
    uint64_t syst_epoch; /* this lane's cycle of that restart */
    uint64_t syst_taken; /* wraps taken since */
    csim_memsys *flash;
    csim_pricer pricer;
    uint64_t span_at;    /* cycle at the case's begin marker */
    uint64_t r_cycles;   /* at its region's start */
    uint64_t cycles;     /* the region just ended */
    uint64_t empty;      /* the empty region's */
    bool have_empty;
    size_t cap;          /* of its result's cases */
} lane;

/* One block of the run's SysTick handler, as it ran: its transfers are
 * ev[ev0, ev0 + n_ev), and it went on to `next` (the last one: it returned
 * from the exception at last_pc). */
typedef struct tick_step {
    block *b;
    uint32_t next;
    unsigned ev0, n_ev;
    bool preempt; /* the blocks kept: SysTick could preempt at `next` */
} tick_step;

typedef struct tick_run {
    tick_step *steps;
    size_t n, cap;
    csim_mem_event *ev;
    uint8_t *cls;
    unsigned n_ev, cap_ev;
    uint32_t last_pc;
    bool bad; /* out of memory, or an exception entry a lane cannot take alike (an FP frame) */
} tick_run;

/* The handler the lanes take (`known` once the run has taken it) and the
 * one the run is taking now. */
struct lanes_tick {
    tick_run known, now;
    bool have;
    tick_run kept;    /* the run's blocks since the first waiting lane wrapped */
    unsigned waiting; /* lanes waiting */
    uint64_t period;  /* tick_period, as of the last SysTick write or begin marker */
};

/* What a lane may wait for: the handler comes within the difference of two
 * timings of the period (2^24 cycles on the M0+ images), far fewer blocks. */
#define KEPT_MAX_STEPS (1u << 20)
#define KEPT_MAX_EVENTS (1u << 22)

/* Whether model b runs what model a runs, the pricing apart: the same part,
 * memory map, peripherals and register layouts (the core's parameters, the
 * flash interface's configuration and the clock may differ). */
static bool same_part(const csim_model *a, const csim_model *b)
{
#define SAME(f) (memcmp(&a->f, &b->f, sizeof(a->f)) == 0)
    return strcmp(a->name, b->name) == 0 && a->arch == b->arch && SAME(sram) && a->n_sram == b->n_sram &&
           SAME(periph_ram) && a->n_periph_ram == b->n_periph_ram && SAME(ready) && a->n_ready == b->n_ready &&
           SAME(mirror) && a->n_mirror == b->n_mirror && SAME(periph) && a->n_periph == b->n_periph &&
           SAME(flash_acr) && SAME(icache_cr) && SAME(dcache_cr) && SAME(xmem);
#undef SAME
}

bool csim_run_lanes_ok(const csim_model *m, const csim_model *const *lanes, unsigned n_lanes, const csim_run_opts *o)
{
    bool ok = !o->warm && !o->call && !o->profile && !o->profile_lines && !o->trace && !m->xmem.size;
    for (unsigned i = 0; ok && i < n_lanes; i++) {
        ok = same_part(m, lanes[i]);
    }
    return ok;
}

csim_err lanes_new(sim *s)
{
    const csim_run_opts *o = s->opts;
    if (!o->n_lanes) {
        return CSIM_OK;
    }
    if (!csim_run_lanes_ok(s->model, o->lanes, o->n_lanes, o)) {
        return csim_fail(s->diag, CSIM_ERR_INTERNAL, "lanes on a run that cannot share its execution");
    }
    if (!(s->lanes = calloc(o->n_lanes, sizeof(*s->lanes)))) {
        return csim_fail(s->diag, CSIM_ERR_NOMEM, "out of memory");
    }
    s->n_lanes = o->n_lanes;
    if (!(s->lanes_tick = calloc(1, sizeof(*s->lanes_tick)))) {
        return csim_fail(s->diag, CSIM_ERR_NOMEM, "out of memory");
    }
    for (unsigned i = 0; i < s->n_lanes; i++) {
        lane *l = &s->lanes[i];
        const csim_model *m = o->lanes[i];
        memset(&o->lane_res[i], 0, sizeof(o->lane_res[i]));
        const char *why = csim_memsys_cfg_problem(&m->flash);
        if (why || !(l->flash = csim_memsys_new(&m->flash))) {
            return csim_fail(s->diag, CSIM_ERR_MODEL, "%s: %s", m->name, why ? why : "flash interface not created");
        }
        csim_core_init(&l->core, &m->core, l->flash);
        csim_pricer_init(&l->pricer, &l->core, l->flash, !o->no_reuse);
    }
    return CSIM_OK;
}

void lanes_free(sim *s)
{
    for (unsigned h = 0; s->n_lanes && h < BLOCK_SLOTS; h++) {
        for (block *b = s->cache.slots[h]; b; b = b->next) {
            for (unsigned i = 0; b->lane_code && i < s->n_lanes; i++) {
                csim_tm_block_release(&b->lane_code[i]);
            }
            free(b->lane_code);
            b->lane_code = NULL;
        }
    }
    for (unsigned i = 0; i < s->n_lanes; i++) {
        csim_memsys_free(s->lanes[i].flash);
    }
    for (struct lanes_tick *t = s->lanes_tick; t; t = NULL) {
        tick_run *r[3] = {&t->known, &t->now, &t->kept};
        for (int k = 0; k < 3; k++) {
            free(r[k]->steps);
            free(r[k]->ev);
            free(r[k]->cls);
        }
        free(t);
    }
    s->lanes_tick = NULL;
    free(s->lanes);
    s->lanes = NULL;
    s->n_lanes = 0;
}

static void tick_clear(tick_run *r)
{
    r->n = r->n_ev = 0;
    r->bad = false;
}

/* Whether lane i still prices this run (its result is not another execution's). */
static bool live(const sim *s, unsigned i) { return !s->opts->lane_res[i].diverged; }

/* Lane i gives the run up: its configuration runs on its own. */
static void lose_lane(sim *s, unsigned i)
{
    csim_pricer_drop(&s->lanes[i].pricer);
    s->opts->lane_res[i].diverged = true;
    s->lanes[i].fed = false;
}

/* The case is given up: every lane's result is another execution's. */
static void lose(sim *s)
{
    for (unsigned i = 0; i < s->n_lanes; i++) {
        lose_lane(s, i);
        s->lanes[i].waiting = false;
    }
    if (s->lanes_tick) {
        s->lanes_tick->waiting = 0;
        tick_clear(&s->lanes_tick->kept);
    }
    s->lanes_state = LANES_LOST;
}

/* Each lane's copy of block b's instructions, for its pricings; NULL: out of memory. */
static csim_tm_block *lane_code(sim *s, block *b)
{
    if (!b->lane_code) {
        if (!(b->lane_code = calloc(s->n_lanes, sizeof(*b->lane_code)))) {
            return NULL;
        }
        for (unsigned i = 0; i < s->n_lanes; i++) { /* the instructions are the block's: decoded once */
            b->lane_code[i] = (csim_tm_block){.addr = b->code.addr, .n = b->code.n, .insns = b->code.insns};
        }
    }
    return b->lane_code;
}

static bool tick_add_step(tick_run *r, block *b)
{
    if (r->n == r->cap) {
        size_t cap = r->cap ? 2 * r->cap : 16;
        tick_step *p = realloc(r->steps, cap * sizeof(*p));
        if (!p) {
            return false;
        }
        r->steps = p, r->cap = cap;
    }
    r->steps[r->n++] = (tick_step){b, 0, r->n_ev, 0, false};
    return true;
}

static bool tick_add_event(tick_run *r, uint32_t addr, unsigned size, bool write, uint8_t cls)
{
    if (!r->n) { /* a transfer before the handler's first block: not the handler's */
        return false;
    }
    if (r->n_ev == r->cap_ev) {
        unsigned cap = r->cap_ev ? 2 * r->cap_ev : 64;
        csim_mem_event *e = realloc(r->ev, cap * sizeof(*e));
        uint8_t *c = e ? realloc(r->cls, cap) : NULL;
        if (!c) {
            r->ev = e ? e : r->ev;
            return false;
        }
        r->ev = e, r->cls = c, r->cap_ev = cap;
    }
    r->ev[r->n_ev] = (csim_mem_event){addr, (uint8_t)size, write};
    r->cls[r->n_ev++] = cls;
    r->steps[r->n - 1].n_ev++;
    return true;
}

/* The same blocks with the same transfers, to the same return. */
static bool tick_same(const tick_run *a, const tick_run *b)
{
    bool same = a->n == b->n && a->n_ev == b->n_ev && a->last_pc == b->last_pc;
    for (size_t k = 0; same && k < a->n; k++) {
        same = a->steps[k].b == b->steps[k].b && a->steps[k].next == b->steps[k].next &&
               a->steps[k].n_ev == b->steps[k].n_ev;
    }
    for (unsigned k = 0; same && k < a->n_ev; k++) {
        same = a->ev[k].addr == b->ev[k].addr && a->ev[k].size == b->ev[k].size && a->ev[k].write == b->ev[k].write &&
               a->cls[k] == b->cls[k];
    }
    return same;
}

/* Lane i begins block st of r, with its transfers (the caller finishes it). */
static void begin_step(lane *l, unsigned i, const tick_run *r, const tick_step *st)
{
    csim_pricer_begin(&l->pricer, &st->b->lane_code[i]);
    for (unsigned e = st->ev0; e < st->ev0 + st->n_ev; e++) {
        csim_pricer_record(&l->pricer, r->ev[e].addr, r->ev[e].size, r->ev[e].write, r->cls[e]);
    }
}

/* Lane i takes the SysTick exception at the block boundary `ret` of the
 * run's execution, as the run takes its own (sim.c, exc_take, exc_return):
 * exception entry, the handler's blocks, the return to ret. */
static void take_tick(sim *s, unsigned i, uint32_t ret)
{
    const tick_run *t = &s->lanes_tick->known;
    lane *l = &s->lanes[i];
    l->syst_taken++;
    csim_core_exception(&l->core, true, t->steps[0].b->code.addr);
    for (size_t k = 0; k < t->n; k++) {
        const tick_step *st = &t->steps[k];
        begin_step(l, i, t, st);
        if (k + 1 < t->n) {
            csim_pricer_finish(&l->pricer, st->next);
        } else {
            csim_pricer_finish_at(&l->pricer, t->last_pc);
        }
    }
    csim_core_exception(&l->core, false, ret);
}

/* SysTick's period while it requests its exception and was restarted in
 * this case; 0 otherwise (not ticking: no wrap; restarted before the case:
 * lanes_region_end gives the case up). */
static uint64_t tick_period(const sim *s)
{
    uint64_t epoch, period;
    return csim_periph_systick_window(s->periph, &epoch, &period) && epoch >= s->lanes_span_from ? period : 0;
}

/* Lane i after a block, at boundary addr where SysTick may preempt
 * (*preempt: 1 yes, 0 no, -1 not asked yet), with SysTick's period:
 * the lane takes its SysTick exception there if its own count has wrapped,
 * as sim_on_block does for the run (and again at the same boundary after
 * the return, as the run's next check there); before the run has taken the
 * handler once, the lane waits for it, and the blocks run since are kept. */
static void lane_tick_due(sim *s, unsigned i, uint32_t addr, uint64_t period, int *preempt)
{
    struct lanes_tick *t = s->lanes_tick;
    lane *l = &s->lanes[i];
    while (l->fed && l->syst_epoch + (l->syst_taken + 1) * period <= csim_core_now(&l->core)) {
        if (*preempt < 0) { /* asked only when due: it reads the emulator's PRIMASK */
            *preempt = exc_can_preempt(s, EXC_SYSTICK);
        }
        if (!*preempt) {
            return;
        }
        if (!l->syst_own || s->exc.fpca) {
            lose_lane(s, i); /* no wrap of its own, or a frame the handler's run did not have */
        } else if (!t->have) {
            l->waiting = true;
            l->fed = false;
            l->wait_addr = addr;
            l->wait_from = t->kept.n;
            t->waiting++;
        } else {
            take_tick(s, i, addr);
        }
    }
}

/* The waiting lanes give their case up (the handler did not come in it, or
 * keeping the blocks failed). */
static void lanes_stop_waiting(sim *s)
{
    for (unsigned i = 0; i < s->n_lanes; i++) {
        if (s->lanes[i].waiting) {
            s->lanes[i].waiting = false;
            lose_lane(s, i);
        }
    }
    s->lanes_tick->waiting = 0;
    tick_clear(&s->lanes_tick->kept);
}

/* The run took the handler: each waiting lane takes it where it wrapped,
 * then prices the blocks kept since. */
static void lanes_resume(sim *s)
{
    struct lanes_tick *t = s->lanes_tick;
    const tick_run *k = &t->kept;
    const uint64_t period = tick_period(s);
    if (!period) { /* the handler stopped SysTick: the count each lane waited on is another */
        lanes_stop_waiting(s);
        return;
    }
    for (unsigned i = 0; i < s->n_lanes; i++) {
        lane *l = &s->lanes[i];
        if (!l->waiting) {
            continue;
        }
        l->waiting = false;
        if (!live(s, i)) {
            continue;
        }
        l->fed = true;
        csim_pricer_drop(&l->pricer); /* the transfers recorded while it waited */
        take_tick(s, i, l->wait_addr);
        int preempt = 1;
        lane_tick_due(s, i, l->wait_addr, period, &preempt); /* the run's next check there, after the return */
        for (size_t j = l->wait_from; j < k->n && l->fed; j++) {
            const tick_step *st = &k->steps[j];
            begin_step(l, i, k, st);
            csim_pricer_finish(&l->pricer, st->next);
            preempt = st->preempt;
            lane_tick_due(s, i, st->next, period, &preempt);
        }
    }
    t->waiting = 0;
    tick_clear(&t->kept);
}

static void lanes_started(sim *s, block *b)
{
    if (s->lanes_state == LANES_HANDLER) { /* the run's handler: watched, not priced */
        tick_run *r = &s->lanes_tick->now;
        r->bad |= !lane_code(s, b) || !tick_add_step(r, b);
        return;
    }
    if (s->lanes_state != LANES_ON) {
        return;
    }
    if (!lane_code(s, b)) {
        lose(s);
        return;
    }
    struct lanes_tick *t = s->lanes_tick;
    if (t->waiting && (t->kept.n >= KEPT_MAX_STEPS || !tick_add_step(&t->kept, b))) {
        lanes_stop_waiting(s);
    }
    for (unsigned i = 0; i < s->n_lanes; i++) {
        if (s->lanes[i].fed) {
            csim_pricer_begin(&s->lanes[i].pricer, &b->lane_code[i]);
        }
    }
}

static action lanes_ended(sim *s, const block *prev, uint32_t addr)
{
    (void)prev;
    if (s->lanes_state == LANES_HANDLER) {
        tick_run *r = &s->lanes_tick->now;
        if (r->n) {
            r->steps[r->n - 1].next = addr;
        }
        return ACT_NONE;
    }
    if (s->lanes_state != LANES_ON) {
        return ACT_NONE;
    }
    struct lanes_tick *t = s->lanes_tick;
    int preempt = -1;
    if (t->waiting && t->kept.n) {
        preempt = exc_can_preempt(s, EXC_SYSTICK);
        t->kept.steps[t->kept.n - 1].next = addr;
        t->kept.steps[t->kept.n - 1].preempt = preempt;
    }
    const uint64_t period = t->period;
    for (unsigned i = 0; i < s->n_lanes; i++) {
        if (s->lanes[i].fed) {
            csim_pricer_finish(&s->lanes[i].pricer, addr);
            if (period) {
                lane_tick_due(s, i, addr, period, &preempt);
            }
        }
    }
    return ACT_NONE;
}

/* Right after the run's own pricing: the block that ran is priced on every
 * lane, the next one handed over. */
const block_observer lanes_observer = {OBS_LANES, lanes_ended, lanes_started};

/* A transfer of the run's handler, or one the waiting lanes will price
 * (out of line: lanes_record runs for every transfer). */
static __attribute__((noinline)) bool keep_transfer(sim *s, uint32_t addr, unsigned size, bool write, uint8_t cls)
{
    struct lanes_tick *t = s->lanes_tick;
    if (s->lanes_state == LANES_HANDLER) {
        t->now.bad |= !tick_add_event(&t->now, addr, size, write, cls);
        return false;
    }
    if (t->kept.n_ev >= KEPT_MAX_EVENTS || !tick_add_event(&t->kept, addr, size, write, cls)) {
        lanes_stop_waiting(s);
    }
    return true;
}

void lanes_record(sim *s, uint32_t addr, unsigned size, bool write, uint8_t cls)
{
    if (__builtin_expect(s->lanes_state == LANES_HANDLER || s->lanes_tick->waiting, 0) &&
        !keep_transfer(s, addr, size, write, cls)) {
        return;
    }
    for (unsigned i = 0; i < s->n_lanes; i++) { /* the lanes not fed drop theirs (lanes_resume, lanes_begin_marker) */
        csim_pricer_record(&s->lanes[i].pricer, addr, size, write, cls);
    }
}

/* What the run's own core does at a cold marker (bench_abi.c). */
static void reset_to(lane *l, uint32_t addr)
{
    csim_memsys_reset(l->flash);
    csim_core_redirect(&l->core, addr);
}

void lanes_begin_marker(sim *s, uint32_t addr)
{
    bool any = false;
    for (unsigned i = 0; i < s->n_lanes; i++) {
        any |= live(s, i);
    }
    if (!any) {
        return;
    }
    s->lanes_state = LANES_ON;
    s->lanes_span_from = csim_core_now(&s->core);
    s->lanes_tick->period = tick_period(s);
    for (unsigned i = 0; i < s->n_lanes; i++) {
        lane *l = &s->lanes[i];
        csim_pricer_drop(&l->pricer);
        reset_to(l, addr);
        l->span_at = csim_core_now(&l->core);
        l->syst_own = false;
        l->fed = live(s, i);
    }
}

void lanes_region_start(sim *s)
{
    if (s->lanes_state != LANES_ON) {
        return;
    }
    uint64_t config;
    csim_periph_lane_events(s->periph, &s->lanes_timed, &config);
    for (unsigned i = 0; i < s->n_lanes; i++) {
        lane *l = &s->lanes[i];
        if (l->fed) {
            reset_to(l, s->abi.region_ret);
            l->r_cycles = csim_core_now(&l->core);
        }
    }
}

void lanes_region_end(sim *s)
{
    if (s->lanes_state != LANES_ON) {
        if (s->lanes_state == LANES_LOST) {
            s->lanes_state = LANES_IDLE;
        }
        return;
    }
    uint64_t timed, config, epoch, period;
    csim_periph_lane_events(s->periph, &timed, &config);
    /* A SysTick that requests exceptions must have been restarted in this
     * case (the begin marker restarts it), where each lane counts its own
     * wraps from (lanes_systick_written). */
    const bool ticking = csim_periph_systick_window(s->periph, &epoch, &period);
    if (timed != s->lanes_timed || config || (ticking && epoch < s->lanes_span_from)) {
        lose(s);
    }
    lanes_stop_waiting(s); /* the case ended before the run took the handler */
    for (unsigned i = 0; i < s->n_lanes; i++) {
        lane *l = &s->lanes[i];
        l->cycles = csim_core_now(&l->core) - l->r_cycles;
    }
    s->lanes_state = LANES_IDLE;
}

void lanes_took_empty(sim *s)
{
    for (unsigned i = 0; i < s->n_lanes; i++) {
        s->lanes[i].empty = s->lanes[i].cycles;
        s->lanes[i].have_empty = true;
    }
}

void lanes_case_done(sim *s, const csim_case_result *c)
{
    for (unsigned i = 0; i < s->n_lanes; i++) {
        lane *l = &s->lanes[i];
        csim_run_result *r = &s->opts->lane_res[i];
        if (r->diverged) {
            continue;
        }
        if (r->n_cases == l->cap) {
            l->cap = l->cap ? 2 * l->cap : 64;
            csim_case_result *n = realloc(r->cases, l->cap * sizeof(*n));
            if (!n) {
                r->diverged = true; /* out of memory: its caller runs it on its own */
                continue;
            }
            r->cases = n;
        }
        /* The case as the run has it, with the lane's cycles and configuration
         * (no flash control register was touched): a lane keeps no breakdown,
         * statistics or measurement of the firmware's. */
        const csim_ms_cfg *f = csim_memsys_config(l->flash);
        csim_case_result *lc = &r->cases[r->n_cases++];
        *lc = *c;
        lc->in_force = (csim_in_force){true, false, f->cache_enabled, f->prefetch, f->wait_states,
                                       s->opts->lanes[i]->clock_hz};
        lc->profile = NULL;
        lc->trace = NULL;
        memset(&lc->bd, 0, sizeof(lc->bd));
        memset(&lc->ms, 0, sizeof(lc->ms));
        lc->fw_cycles = 0;
        lc->cycles = !l->have_empty ? l->cycles : l->cycles > l->empty ? l->cycles - l->empty : 0;
        lc->bd.cycles = lc->cycles;
    }
}

void lanes_run_ended(sim *s)
{
    for (unsigned i = 0; i < s->n_lanes; i++) { /* the execution's outcome is the run's */
        csim_run_result *r = &s->opts->lane_res[i];
        r->exited = s->res->exited;
        r->exit_status = s->res->exit_status;
        r->total_insns = s->res->total_insns;
        r->total_cycles = csim_core_now(&s->lanes[i].core);
    }
}

void lanes_stopped(sim *s)
{
    struct lanes_tick *t = s->lanes_tick;
    if (!t) {
        return; /* a run without lanes */
    }
    if (s->lanes_state == LANES_ON && s->act == ACT_EXCEPTION) { /* the run's SysTick: watch its handler */
        tick_clear(&t->now);
        s->lanes_state = LANES_HANDLER;
    } else if (s->lanes_state == LANES_HANDLER && s->act == ACT_EXC_RETURN && s->exc.depth == 1) {
        tick_run *r = &t->now;
        r->last_pc = s->act_pc;
        r->bad |= r->n == 0 || s->exc.fp_frame[0] != 0;
        if (!r->bad && !t->have) { /* the first: the one the lanes take */
            tick_run keep = t->known;
            t->known = *r;
            *r = keep;
            t->have = true;
            s->lanes_state = LANES_ON;
            lanes_resume(s);
        } else if (!r->bad && tick_same(r, &t->known)) {
            s->lanes_state = LANES_ON;
        } else {
            lose(s); /* a handler that ran otherwise: a lane's might too */
        }
    } else if (s->lanes_state == LANES_ON || s->lanes_state == LANES_HANDLER) {
        lose(s);
    }
}

void lanes_systick_written(sim *s, bool restarted)
{
    if (s->lanes_state == LANES_HANDLER) {
        lose(s); /* a handler that is not the wrap counter */
    }
    if (s->lanes_state == LANES_ON && s->lanes_tick->waiting) {
        lanes_stop_waiting(s); /* their wraps were counted with the old settings */
    }
    s->lanes_tick->period = tick_period(s);
    for (unsigned i = 0; restarted && s->lanes_state == LANES_ON && i < s->n_lanes; i++) {
        lane *l = &s->lanes[i];
        if (l->fed) { /* the lane's cycle of the access that restarted it */
            l->syst_epoch = csim_pricer_now(&l->pricer);
            l->syst_taken = 0;
            l->syst_own = true;
        }
    }
}
