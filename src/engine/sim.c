/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sim.c - the simulation driver: the run loop and the emulator's hooks.
 *
 * Unicorn runs the code; a block hook prices each executed block once it is
 * known how the block ended (the next block's address tells whether its last
 * branch was taken).  The data-access hook records every transfer, and the
 * transfers are handed to the instructions that made them in program order
 * (src/timing).  Anything that must change the flow from outside (semihosting,
 * exceptions, the end of --call) stops the emulator at a block boundary and
 * restarts it.
 */
#include <time.h>

#include "engine/sim_internal.h"

static void sim_systick_written(void *user, bool restarted) { lanes_systick_written(user, restarted); }

/* ---- blocks --------------------------------------------------------- */
static uint64_t sim_now(void *user)
{
    /* A peripheral read mid-block: the cycle of the access. */
    return csim_pricer_now(&((sim *)user)->pricer);
}

static void sim_flash_config(void *user, const csim_ms_cfg *cfg)
{
    sim *s = user;
    csim_memsys_configure(s->flash, cfg);
    s->abi.cur.in_force.changed |= s->abi.in_region;
    csim_pricer_flash_changed(&s->pricer);
    memset(s->acc, 0, sizeof(s->acc)); /* the flash may have moved */
}

static void sim_cache_invalidate(void *user)
{
    sim *s = user;
    csim_memsys_invalidate(s->flash);
    csim_pricer_flash_changed(&s->pricer);
}

/* DCACHE_CR: the external memory's model follows it (no kept pricing holds
 * its state: nothing else to drop). */
static void sim_xmem_config(void *user, const csim_xm_cfg *cfg)
{
    sim *s = user;
    if (s->xmem) {
        csim_xmem_configure(s->xmem, cfg);
    }
}

static void sim_xmem_invalidate(void *user)
{
    sim *s = user;
    if (s->xmem) {
        csim_xmem_invalidate(s->xmem);
    }
}

/* A peripheral or system register read: progress only when it returned
 * something new (watchdog.c). */
static void sim_periph_read(void *user, uint32_t addr, uint32_t value)
{
    sim *s = user;
    watch_periph_read(&s->watch, s->insns, addr, value);
}

static uint32_t sim_sp(void *user) { return csim_emu_reg(((sim *)user)->emu, CSIM_SP); }

/* The pricing: the block that ran is priced (or a pricing replayed) once
 * its successor is known, and the next one is handed over. */
static action price_ended(sim *s, const block *prev, uint32_t addr)
{
    (void)prev;
    csim_pricer_finish(&s->pricer, addr);
    return ACT_NONE;
}

static void price_started(sim *s, block *b) { csim_pricer_begin(&s->pricer, &b->code); }

static const block_observer pricing_observer = {OBS_PRICING, price_ended, price_started};

/* The profile, while a region runs: where execution went, and what the
 * core priced since. */
static action prof_ended(sim *s, const block *prev, uint32_t addr)
{
    if (addr != s->abi.m_end && addr != RETURN_STUB) {
        csim_prof_goto(s->prof, addr, prev && prev->code.n ? &prev->code.insns[prev->code.n - 1] : NULL, &s->core.bd,
                       csim_core_now(&s->core), sim_sp, s);
    } else {
        csim_prof_flush(s->prof, &s->core.bd, csim_core_now(&s->core));
    }
    return ACT_NONE;
}

static const block_observer prof_observer = {OBS_PROFILE, prof_ended, NULL};

static void prof_insn(void *user, const csim_insn *in, const csim_mem_event *ev, unsigned n_ev)
{
    (void)ev, (void)n_ev; /* the profile reads the flash statistics instead */
    sim *s = user;
    csim_prof_insn(s->prof, in->addr, &s->core.bd, csim_memsys_stats(s->flash), csim_core_now(&s->core));
}

void sim_observe(sim *s, const block_observer *o, bool on)
{
    unsigned n = 0;
    for (unsigned i = 0; i < s->n_obs; i++) {
        if (s->obs[i] != o) {
            s->obs[n++] = s->obs[i];
        }
    }
    if (on && n < MAX_OBSERVERS) {
        unsigned at = n++;
        for (; at && s->obs[at - 1]->order > o->order; at--) {
            s->obs[at] = s->obs[at - 1];
        }
        s->obs[at] = o;
    }
    s->n_obs = n;
    s->n_ended = s->n_started = 0;
    for (unsigned i = 0; i < n; i++) {
        if (s->obs[i]->ended) {
            s->ended[s->n_ended++] = s->obs[i]->ended;
        }
        if (s->obs[i]->started) {
            s->started[s->n_started++] = s->obs[i]->started;
        }
    }
}

/* A measured region (or --call) starts at pc, ends: the footprint and the
 * profile observe it.  The run loop owns this; the ABI only says when
 * (abi_marker, abi_region_end). */
static void region_begin(sim *s, uint32_t pc, bool called)
{
    fp_track_begin(s, pc, called);
    sim_observe(s, &fp_observer, true);
    if (s->prof) {
        csim_prof_begin(s->prof, pc, called, &s->core.bd, csim_core_now(&s->core));
        sim_observe(s, &prof_observer, true);
        if (s->opts->profile_lines) {
            csim_prof_trace(s->prof, s->opts->trace_fn, s->opts->trace_from, s->opts->trace_to,
                            csim_memsys_stats(s->flash));
            s->pricer.on_insn = prof_insn;
            s->pricer.on_insn_ctx = s;
        }
    }
    if (s->trace) {
        itrace_begin(s->trace);
        s->pricer.on_insn = itrace_insn;
        s->pricer.on_insn_ctx = s->trace;
    }
}

static void region_end(sim *s)
{
    sim_observe(s, &fp_observer, false);
    sim_observe(s, &prof_observer, false);
    s->pricer.on_insn = NULL;
}

static void stop(sim *s, action act, uint32_t addr)
{
    s->act = act;
    s->act_pc = addr;
    csim_emu_stop(s->emu);
}

static void sim_on_block(void *user, uint32_t addr, uint32_t size)
{
    sim *s = user;
    block *prev = block_of(s->pricer.pending);
    for (unsigned i = 0; i < s->n_ended; i++) {
        const action act = s->ended[i](s, prev, addr);
        if (act != ACT_NONE) {
            stop(s, act, addr);
            return;
        }
    }
    if (csim_periph_systick_due(s->periph) <= csim_core_now(&s->core) && exc_can_preempt(s, EXC_SYSTICK)) {
        stop(s, ACT_EXCEPTION, addr);
        return;
    }
    if (addr == RETURN_STUB) {
        stop(s, ACT_DONE, addr);
        return;
    }
    if (abi_is_marker(&s->abi, addr)) {
        const abi_region_event ev = abi_marker(s, addr);
        if (ev == ABI_REGION_BEGAN) {
            region_begin(s, addr, false);
        } else if (ev == ABI_REGION_ENDED) {
            region_end(s);
        }
    }

    s->fault[0] = 0;
    /* Most blocks go where they went last time: no hash lookup. */
    block *b = prev && prev->succ && prev->succ->code.addr == addr && prev->succ->size == size
                   ? prev->succ
                   : sim_find_block(s, addr, size);
    if (prev) {
        prev->succ = b;
    }
    if (!b) {
        if (!s->fault[0]) {
            snprintf(s->fault, sizeof(s->fault), "cannot decode the block at 0x%08x", addr);
        }
        stop(s, s->refused_pc ? ACT_REFUSED : ACT_FAULT, s->refused_pc ? s->refused_pc : addr);
        return;
    }
    if (b->has_fp) {
        exc_fp_used(s);
    }
    if (b->has_assumed && s->abi.in_region) {
        abi_count_assumed(s, b->code.insns, b->code.n);
    }
    if (b->has_wfi) {
        /* A board image sleeps when it is done; cyclesim models no sleep,
         * so waiting for an interrupt ends the run. */
        stop(s, ACT_DONE, addr);
        return;
    }
    for (unsigned i = 0; i < s->n_started; i++) {
        s->started[i](s, b);
    }
    if (s->opts->progress && (s->insns >> PROGRESS_SHIFT) != ((s->insns + b->code.n) >> PROGRESS_SHIFT)) {
        s->opts->progress(s->opts->progress_ctx, s->insns + b->code.n, csim_core_now(&s->core));
    }
    s->insns += b->code.n;
}

/* Transfer classes that price differently: SRAM-like, flash, peripheral, I/O port
 * (the classes the pricing's reuse compares). */
static uint8_t addr_class(const sim *s, uint32_t addr)
{
    const csim_core_params *p = &s->model->core;
    const csim_ms_cfg *f = s->flash_cfg;
    return addr - f->flash_base < f->flash_size || addr - f->alias_base < f->flash_size ? CSIM_TC_FLASH
           : s->xmem && csim_xmem_contains(s->xmem, addr)                                ? CSIM_TC_XMEM
           : p->ioport_size && addr - p->ioport_base < p->ioport_size                    ? CSIM_TC_IOPORT
           : addr >= 0x40000000u && addr < 0x60000000u                                   ? CSIM_TC_PERIPH
                                                                                          : CSIM_TC_SRAM;
}

/* The range around addr where the class and the footprint span are those of
 * addr: between the nearest ends of the ranges that decide them (each range
 * [b, b + n) ends at b and at (b + n) mod 2^32), kept in the next slot.
 * Out of line: sim_on_mem runs for every access, this on a miss. */
static __attribute__((noinline)) const acc_range *acc_range_of(sim *s, uint32_t addr)
{
    const csim_core_params *p = &s->model->core;
    const csim_ms_cfg *f = s->flash_cfg;
    uint32_t ends[2 * (5 + MAX_SPANS)];
    unsigned n = 0;
    if (f->flash_size) {
        ends[n++] = f->flash_base;
        ends[n++] = f->flash_base + f->flash_size;
        ends[n++] = f->alias_base;
        ends[n++] = f->alias_base + f->flash_size;
    }
    if (p->ioport_size) {
        ends[n++] = p->ioport_base;
        ends[n++] = p->ioport_base + p->ioport_size;
    }
    if (s->xmem) {
        ends[n++] = s->model->xmem.base;
        ends[n++] = s->model->xmem.base + s->model->xmem.size;
    }
    ends[n++] = 0x40000000u;
    ends[n++] = 0x60000000u;
    span *sp = NULL;
    for (unsigned i = 0; i < s->fp.n_spans; i++) {
        span *q = &s->fp.spans[i];
        ends[n++] = q->lo;
        ends[n++] = q->lo + q->len;
        sp = !sp && addr - q->lo < q->len ? q : sp; /* the first span that holds it */
    }
    uint64_t lo = 0, hi = 1ull << 32;
    for (unsigned i = 0; i < n; i++) {
        lo = ends[i] <= addr && ends[i] > lo ? ends[i] : lo;
        hi = ends[i] > addr && ends[i] < hi ? ends[i] : hi;
    }
    acc_range *r = &s->acc[s->acc_next++ % ACC_RANGES];
    *r = (acc_range){(uint32_t)lo, (uint32_t)(hi - lo), addr_class(s, addr), sp};
    return r;
}

/* What every access records: an event with its class, the runaway and
 * quiet-loop state, the footprint (the stack's low mark, touched bytes). */
static inline void record_access(sim *s, const acc_range *r, uint32_t addr, unsigned size, bool write)
{
    if (write) { /* peripheral and system reads: sim_periph_read */
        watch_store(&s->watch, s->insns);
    }
    csim_pricer_record(&s->pricer, addr, size, write, (uint8_t)(r->cls | (write ? CSIM_TC_WRITE : 0)));
    if (s->abi.in_region) {
        if (write && addr - s->fp.stk_lo < s->fp.stk_min - s->fp.stk_lo) {
            s->fp.stk_min = addr;
        }
        if (r->sp) {
            fp_mark_touched(r->sp, addr, size);
        }
    }
}

static __attribute__((noinline)) void record_new_range(sim *s, uint32_t addr, unsigned size, bool write)
{
    record_access(s, acc_range_of(s, addr), addr, size, write);
}

static void sim_on_mem(void *user, uint32_t addr, unsigned size, bool write)
{
    sim *s = user;
    for (const acc_range *r = s->acc; r < s->acc + ACC_RANGES; r++) {
        if (addr - r->lo < r->len) {
            record_access(s, r, addr, size, write);
            return;
        }
    }
    record_new_range(s, addr, size, write);
}

/* The memory hook of a run with lanes: each access is recorded for them too
 * while they price a case, with the class the run's own pricer gave it (a
 * lane records the same transfers, so it drops the ones the pricer drops). */
static void sim_on_mem_lanes(void *user, uint32_t addr, unsigned size, bool write)
{
    sim *s = user;
    sim_on_mem(user, addr, size, write);
    if (s->lanes_state == LANES_ON || s->lanes_state == LANES_HANDLER) {
        const csim_pricer *p = &s->pricer;
        lanes_record(s, addr, size, write, p->n_ev ? p->ev_class[p->n_ev - 1] : 0);
    }
}

/* An architecture with unaligned access (CSIM_AF_UNALIGNED: ARMv8-M): an
 * unaligned access that faults whatever CCR.UNALIGN_TRP says (UsageFault
 * UNALIGNED): one by LDRD/STRD/LDM/STM/PUSH/POP, and one to
 * Device memory (Peripheral 0x4000_0000-0x5FFF_FFFF, External device
 * 0xA000_0000-0xDFFF_FFFF, System 0xE000_0000 and above in the default
 * memory map).  DDI0553 B7 "Alignment behavior", B9 "The system address
 * map"; docs/sources.md.  Only unaligned accesses reach here: the hot path
 * is untouched. */
static bool sim_on_misaligned(void *user, uint32_t addr, unsigned size, bool write)
{
    (void)size;
    (void)write;
    sim *s = user;
    if (addr >= 0x40000000u && (addr < 0x60000000u || addr >= 0xA0000000u)) {
        s->exc.align_why = "Device memory";
        return true;
    }
    const csim_tm_block *b = s->pricer.pending;
    if (!b) {
        return false;
    }
    /* The access is not recorded yet: its instruction is the next one with
     * transfers left. */
    unsigned i = csim_pricer_access_insn(&s->pricer, false);
    unsigned c = i < b->n ? b->insns[i].iclass : CSIM_IC_COUNT;
    if (c == CSIM_IC_LOAD2 || c == CSIM_IC_STORE2 || c == CSIM_IC_LDM || c == CSIM_IC_STM) {
        s->exc.align_why = c == CSIM_IC_LOAD2 || c == CSIM_IC_STORE2 ? "LDRD/STRD" : "LDM/STM/PUSH/POP";
        return true;
    }
    return false;
}

/* Where --call starts: a function symbol's address, or an address given as a
 * number (Thumb bit set or clear: a Cortex-M runs Thumb only) inside the
 * image's loaded bytes. */
static csim_err call_entry(const csim_elf *elf, const char *what, uint32_t *pc, csim_diag *diag)
{
    char *end;
    unsigned long long a = strtoull(what, &end, 0);
    if (what[0] >= '0' && what[0] <= '9' && !*end) {
        uint16_t insn;
        if (a > 0xFFFFFFFFull || csim_elf_read(elf, (uint32_t)a & ~1u, &insn, sizeof(insn)) != 0) {
            return csim_fail(diag, CSIM_ERR_USAGE, "%s: --call %s: no code of the image at that address", elf->path,
                             what);
        }
        *pc = (uint32_t)a & ~1u;
        return CSIM_OK;
    }
    const csim_symbol *f = csim_elf_find(elf, what);
    if (!f || f->type != CSIM_SYM_FUNC) {
        return csim_fail(diag, CSIM_ERR_USAGE, "%s: no function named \"%s\"", elf->path, what);
    }
    *pc = f->addr;
    return CSIM_OK;
}

csim_err csim_run(const csim_elf *elf, const csim_model *model, const csim_run_opts *opts,
                  csim_run_result *res, csim_diag *diag)
{
    memset(res, 0, sizeof(*res));
    sim *s = calloc(1, sizeof(*s));
    if (!s) {
        return csim_fail(diag, CSIM_ERR_NOMEM, "out of memory");
    }
    s->elf = elf;
    s->model = model;
    s->opts = opts;
    s->res = res;
    s->diag = diag;
    watch_init(&s->watch, opts->max_insns);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    const csim_periph_env env = {s,    sim_now,         sim_flash_config,    opts->console, sim_cache_invalidate,
                                 NULL, sim_xmem_config, sim_xmem_invalidate, sim_periph_read,
                                 opts->n_lanes ? sim_systick_written : NULL};
    const csim_emu_hooks hooks = {s, sim_on_block, opts->n_lanes ? sim_on_mem_lanes : sim_on_mem, NULL, sim_on_misaligned,
                                  NULL};
    csim_err err = sim_setup(s, env, hooks);
    if (!err) {
        err = lanes_new(s);
    }
    if (!err) {
        sim_observe(s, &pricing_observer, true);
        sim_observe(s, &lanes_observer, s->n_lanes != 0);
        sim_observe(s, &watch_observer, true);
    }
    uint32_t pc = 0;
    if (!err && opts->call && (err = call_entry(elf, opts->call, &pc, diag)) == CSIM_OK) {
        /* Buffers at the top of the first SRAM, 8-aligned, the stack below them. */
        uint32_t sp = model->sram[0].base + model->sram[0].size, room = model->sram[0].size / 2;
        for (unsigned i = 0; i < opts->n_call_args; i++) {
            uint32_t v = opts->call_args[i], len = (opts->call_buf_len[i] + 7u) & ~7u;
            if (opts->call_buf[i] && len > room) {
                err = csim_fail(diag, CSIM_ERR_USAGE, "--arg: %u bytes of buffers leave less than half of %s's "
                                "first SRAM (%u bytes) to the stack", opts->call_buf_len[i], model->name,
                                model->sram[0].size);
                break;
            }
            if (opts->call_buf[i]) {
                room -= len;
                sp -= len;
                csim_emu_write(s->emu, sp, opts->call_buf[i], opts->call_buf_len[i]);
                v = sp;
            }
            csim_emu_set_reg(s->emu, CSIM_R0 + (int)i, v);
        }
        csim_emu_set_reg(s->emu, CSIM_SP, sp);
        csim_emu_set_reg(s->emu, CSIM_LR, RETURN_STUB | 1u);
        if (csim_arch_has(model->arch, CSIM_AF_FPU)) {
            /* A function runs as after CMSIS SystemInit: the FPU enabled. */
            csim_periph_set_bits(s->periph, SCB_CPACR, CPACR_CP10_CP11_FULL);
        }
    } else if (!err && !opts->call) {
        uint32_t vec[2] = {0, 0};
        csim_emu_read(s->emu, model->flash.flash_base, vec, sizeof(vec));
        csim_emu_set_reg(s->emu, CSIM_SP, vec[0]);
        pc = vec[1] & ~1u;
        if (!vec[1]) {
            err = csim_fail(diag, CSIM_ERR_ELF, "%s: no vector table at 0x%08x (reset vector is 0)", elf->path,
                            model->flash.flash_base);
        } else if (!(vec[1] & 1u)) {
            /* EPSR.T from bit 0 of the vector: clear, the first instruction
             * faults (DDI0419 B1.5.3; DDI0553 B3, INVSTATE). */
            csim_core_redirect(&s->core, pc);
            char what[96];
            snprintf(what, sizeof(what), "reset vector 0x%08x has the Thumb bit clear", vec[1]);
            err = exc_raise(s, F_INVSTATE, pc, what, 0);
            pc = s->act_pc;
        }
    }
    if (!err) {
        csim_core_redirect(&s->core, pc);
        s->core.fetch_from = 0;
    }
    if (!err && opts->call) {
        /* --call times the whole function, cold or warm as chosen. */
        s->abi.region_ret = 0;
        sim_in_force_begin(s);
        s->abi.r_bd = s->core.bd;
        region_begin(s, pc, true);
    }
    while (!err) {
        s->act = ACT_NONE;
        csim_err e2 = csim_emu_run(s->emu, pc, 0xFFFFFFFFu, diag);
        lanes_stopped(s);
        if (e2 && s->act == ACT_NONE) {
            if ((err = exc_emu_stopped(s, &pc)) == CSIM_OK) {
                continue;
            }
            break;
        }
        switch (s->act) {
        case ACT_NONE:
            err = csim_fail(diag, CSIM_ERR_INTERNAL, "emulator stopped without a reason at 0x%08x",
                            csim_emu_reg(s->emu, CSIM_PC));
            break;
        case ACT_SEMIHOST:
            csim_pricer_finish_at(&s->pricer, s->act_pc);
            watch_progress(&s->watch, s->insns);
            watch_store(&s->watch, s->insns);
            sim_semihost(s);
            pc = s->act_pc;
            if (s->act == ACT_DONE) {
                goto done;
            }
            continue;
        case ACT_EXCEPTION: {
            uint32_t entry, handler = exc_vector(s, EXC_SYSTICK, &entry);
            char at[160];
            sim_describe_pc(s, s->act_pc, at, sizeof(at));
            if (!handler) { /* silicon would branch to it and fault (INVSTATE) */
                err = csim_fail(diag, CSIM_ERR_FAULT, "SysTick exception at %s: no handler (vector table "
                                "entry 15 at 0x%08x has no Thumb bit or is 0)", at, entry);
                break;
            }
            csim_periph_systick_taken(s->periph);
            if (!exc_take(s, EXC_SYSTICK, handler, s->act_pc)) {
                err = csim_fail(diag, CSIM_ERR_FAULT, "%s", s->fault);
                break;
            }
            pc = handler;
            continue;
        }
        case ACT_TRAP_FAULT:
            csim_pricer_finish_at(&s->pricer, s->act_pc);
            err = exc_raise(s, s->exc.trap_kind, s->act_pc, s->exc.trap_kind == F_UNDEFINSTR ? "undefined instruction"
                              : s->exc.trap_kind == F_INVSTATE ? "execution with the Thumb bit clear"
                                                           : "stack limit (MSPLIM) violation", 0);
            if (err) {
                break;
            }
            pc = s->act_pc;
            continue;
        case ACT_SVC:
        case ACT_BKPT:
            csim_pricer_finish_at(&s->pricer, s->act_pc);
            err = s->act == ACT_SVC ? exc_svc(s, s->act_pc) : exc_bkpt(s, s->act_pc);
            if (err) {
                break;
            }
            pc = s->act_pc;
            continue;
        case ACT_RUNAWAY: {
            char at[160];
            sim_describe_pc(s, s->act_pc, at, sizeof(at));
            err = csim_fail(diag, CSIM_ERR_LIMIT, "runaway at %s: a loop with no store and no peripheral read "
                            "repeats the same state for ever%s%s", at, s->exc.depth ? ", in the handler of: " : "",
                            s->exc.depth ? s->exc.last_fault : "");
            break;
        }
        case ACT_QUIET: {
            char at[160];
            sim_describe_pc(s, s->act_pc, at, sizeof(at));
            if (s->watch.rereads > 1) { /* a loop that polls, not a lone read before a counting loop */
                err = csim_fail(diag, CSIM_ERR_LIMIT, "runaway at %s: %llu instructions with no store, rereading "
                                "peripheral register 0x%08x (%s), which keeps reading 0x%08x (an unmodelled bit "
                                "polled? raise the limit with --max-insns, 64 times this)", at,
                                (unsigned long long)s->watch.quiet_limit, s->watch.poll_addr,
                                csim_periph_module_at(s->periph, s->watch.poll_addr), s->watch.poll_value);
                break;
            }
            err = csim_fail(diag, CSIM_ERR_LIMIT, "runaway at %s: %llu instructions with no store and no "
                            "peripheral read (a loop that changes only registers; raise the limit with "
                            "--max-insns, 64 times this)", at, (unsigned long long)s->watch.quiet_limit);
            break;
        }
        case ACT_EXC_RETURN:
            csim_pricer_finish_at(&s->pricer, s->act_pc);
            if (!exc_return(s)) {
                err = csim_fail(diag, CSIM_ERR_FAULT, "%s", s->fault);
                break;
            }
            pc = s->act_pc;
            continue;
        case ACT_DONE:
            res->exited = true;
            res->call_result = csim_emu_reg(s->emu, CSIM_R0);
            res->call_result_hi = csim_emu_reg(s->emu, CSIM_R1);
            goto done;
        case ACT_LIMIT: {
            char at[160];
            sim_describe_pc(s, s->act_pc, at, sizeof(at));
            err = csim_fail(diag, CSIM_ERR_LIMIT, "instruction limit of %llu reached at %s: that many instructions "
                            "since the last bench marker or semihosting call (runaway firmware? raise it with "
                            "--max-insns)", (unsigned long long)opts->max_insns, at);
            break;
        }
        case ACT_REFUSED: {
            char at[160];
            sim_describe_pc(s, s->act_pc, at, sizeof(at));
            err = csim_fail(diag, CSIM_ERR_ELF, "%s: at %s: %s", s->elf->path, at, s->fault);
            break;
        }
        case ACT_FAULT: {
            csim_pricer_finish_at(&s->pricer, s->act_pc);
            char at[160];
            sim_describe_pc(s, s->act_pc, at, sizeof(at));
            err = csim_fail(diag, CSIM_ERR_FAULT, "fault at %s: %s", at, s->fault);
            break;
        }
        }
        break;
    }
done:
    if (!err && opts->call) {
        abi_region_end(s); /* the run is over: no observer to stop */
        csim_case_result *c = calloc(1, sizeof(*c));
        if (c) {
            *c = s->abi.cur;
            snprintf(c->name, sizeof(c->name), "%s", opts->call);
            c->cycles = c->bd.cycles;
            res->cases = c;
            res->n_cases = 1;
            s->abi.cur.profile = NULL;
            s->abi.cur.trace = NULL;
        }
    }
    if (getenv("CYCLESIM_DEBUG_REUSE")) { /* docs/performance.md */
        const csim_reuse_stats *r = &s->pricer.stats;
        fprintf(stderr, "reuse: %llu reused, %llu priced, %llu not tried (none %llu, outcome %llu, transfers %llu, "
                "state %llu, memory %llu)\n",
                (unsigned long long)r->hits, (unsigned long long)r->misses, (unsigned long long)r->skips,
                (unsigned long long)r->why[0], (unsigned long long)r->why[1], (unsigned long long)r->why[2],
                (unsigned long long)r->why[3], (unsigned long long)r->why[4]);
    }
    res->total_cycles = csim_core_now(&s->core);
    res->total_insns = s->core.bd.instructions;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    res->host_seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    lanes_run_ended(s);
    lanes_free(s);
    block_cache_free(&s->cache);
    csim_profile_free(s->abi.cur.profile);
    free(s->abi.assumed_runs);
    csim_prof_free(s->prof);
    csim_insn_trace_free(s->abi.cur.trace);
    itrace_free(s->trace);
    fp_free(&s->fp);
    csim_emu_free(s->emu);
    csim_disasm_free(s->dis);
    csim_memsys_free(s->flash);
    csim_xmem_free(s->xmem);
    csim_periph_free(s->periph);
    free(s);
    return err;
}

void csim_run_result_free(csim_run_result *res)
{
    for (size_t i = 0; i < res->n_cases; i++) {
        csim_profile_free(res->cases[i].profile);
        csim_insn_trace_free(res->cases[i].trace);
    }
    free(res->cases);
    memset(res, 0, sizeof(*res));
}
