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
 * inside the case (an exception, semihosting, a fault), the lane's SysTick
 * would have wrapped in the case, or a flash or cache control register was
 * accessed at all (its reset value and effect are the model's flash
 * configuration).  The begin marker's own reads of the counter are the
 * harness's (firmware/bench/runner.c), which only stores them.
 */
#include "engine/lanes.h"
#include "engine/sim_internal.h"

typedef struct lane {
    csim_core core;
    csim_memsys *flash;
    csim_pricer pricer;
    uint64_t span_at;    /* cycle at the case's begin marker */
    uint64_t r_cycles;   /* at its region's start */
    uint64_t cycles;     /* the region just ended */
    uint64_t empty;      /* the empty region's */
    bool have_empty;
    size_t cap;          /* of its result's cases */
} lane;

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
    free(s->lanes);
    s->lanes = NULL;
    s->n_lanes = 0;
}

/* The case is given up: every lane's result is another execution's. */
static void lose(sim *s)
{
    for (unsigned i = 0; i < s->n_lanes; i++) {
        csim_pricer_drop(&s->lanes[i].pricer);
        s->opts->lane_res[i].diverged = true;
    }
    s->lanes_state = LANES_LOST;
}

static void lanes_started(sim *s, block *b)
{
    if (s->lanes_state != LANES_ON) {
        return;
    }
    if (!b->lane_code) {
        if (!(b->lane_code = calloc(s->n_lanes, sizeof(*b->lane_code)))) {
            lose(s);
            return;
        }
        for (unsigned i = 0; i < s->n_lanes; i++) { /* the instructions are the block's: decoded once */
            b->lane_code[i] = (csim_tm_block){.addr = b->code.addr, .n = b->code.n, .insns = b->code.insns};
        }
    }
    for (unsigned i = 0; i < s->n_lanes; i++) {
        csim_pricer_begin(&s->lanes[i].pricer, &b->lane_code[i]);
    }
}

static action lanes_ended(sim *s, const block *prev, uint32_t addr)
{
    (void)prev;
    for (unsigned i = 0; s->lanes_state == LANES_ON && i < s->n_lanes; i++) {
        csim_pricer_finish(&s->lanes[i].pricer, addr);
    }
    return ACT_NONE;
}

/* Right after the run's own pricing: the block that ran is priced on every
 * lane, the next one handed over. */
const block_observer lanes_observer = {OBS_LANES, lanes_ended, lanes_started};

void lanes_record(sim *s, uint32_t addr, unsigned size, bool write, uint8_t cls)
{
    for (unsigned i = 0; i < s->n_lanes; i++) {
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
    if (!s->n_lanes || s->opts->lane_res[0].diverged) { /* lose() gives every lane up */
        return;
    }
    s->lanes_state = LANES_ON;
    s->lanes_span_from = csim_core_now(&s->core);
    for (unsigned i = 0; i < s->n_lanes; i++) {
        lane *l = &s->lanes[i];
        csim_pricer_drop(&l->pricer);
        reset_to(l, addr);
        l->span_at = csim_core_now(&l->core);
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
        reset_to(l, s->abi.region_ret);
        l->r_cycles = csim_core_now(&l->core);
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
    /* A SysTick that requests exceptions must have been loaded in this case
     * (the begin marker restarts it), so that the lane's wrap is as far from
     * the marker as the period: the lane's case must end before it. */
    const bool ticking = csim_periph_systick_window(s->periph, &epoch, &period);
    bool lost = timed != s->lanes_timed || config || (ticking && epoch < s->lanes_span_from);
    for (unsigned i = 0; i < s->n_lanes; i++) {
        lane *l = &s->lanes[i];
        const uint64_t now = csim_core_now(&l->core);
        l->cycles = now - l->r_cycles;
        lost |= ticking && now - l->span_at >= period;
    }
    if (lost) {
        lose(s);
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
    if (s->lanes_state == LANES_ON) {
        lose(s);
    }
}
