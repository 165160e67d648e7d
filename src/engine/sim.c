/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sim.c - the simulation driver.
 *
 * Unicorn runs the code; a block hook prices each executed block once it is
 * known how the block ended (the next block's address tells whether its last
 * branch was taken).  The data-access hook records every transfer, and the
 * transfers are handed to the instructions that made them in program order.
 * Blocks are decoded once per address and cached.  Anything that must change
 * the flow from outside (semihosting, exceptions, the end of --call) stops the
 * emulator at a block boundary and restarts it.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cyclesim/disasm.h"
#include "cyclesim/emu.h"
#include "cyclesim/periph.h"
#include "cyclesim/sim.h"
#include "engine/profile.h"

#define MAX_BLOCK_INSNS 2048 /* Unicorn ends a block after 512 instructions or a page */
#define MAX_EVENTS 1024
#define BLOCK_SLOTS (1u << 16)
#define RETURN_STUB 0x0FFFF000u /* --call returns here: a mapped page in the code region (below 0xE000_0000, which is execute-never) */
#define EXC_RETURN_MIN 0xFFFFFF00u

#define MEMO_EVENTS 512
#define MEMO_FLASH_READS MEMO_EVENTS
#define MEMO_SLOTS 4
#define MEMO_ALWAYS_TRY 16 /* blocks of this many instructions are never priced without trying reuse */
#define MAX_SPANS (1 + CSIM_MAX_REGIONS)
#define BENCH_CASE_BYTES 28 /* sizeof(bench_case_t) of BENCH_ABI_VERSION 1 (firmware/include/bench.h) */
#define PROGRESS_SHIFT 24 /* report progress every 2^24 instructions */

/* A block's pricing, reusable when it runs again from the same core state,
 * with the same kinds of transfers, to the same next block, and
 *  - ICACHE: all its flash-interface accesses are plain cache hits again
 *    (replayed access by access: the cache is too large to compare);
 *  - other flash interfaces: from the same flash-interface state (buffers,
 *    reads in flight, cache tags) and with the same flash data addresses
 *    where they matter, so the whole state after it is known too. */
typedef struct memo {
    bool valid;
    unsigned epoch;          /* flash configuration it was priced under */
    uint32_t next;
    csim_core_sig entry, exit;
    uint64_t dt;
    csim_breakdown d;
    csim_ms_stats ms_d;      /* flash-interface statistics it adds (state replay) */
    unsigned n_ev, n_acc, n_flash, ms_in, ms_out;
    /* acc_addr u32[n_acc], flash_addr u32[n_flash], ev_class[n_ev],
     * acc_kind[n_acc], flash-interface state before [ms_in] and after [ms_out] */
    uint8_t *blob;
} memo;

/* The pricing being recorded (large: kept in the sim, off the stack). */
typedef struct memo_rec {
    csim_core_sig entry, exit;
    csim_access_rec acc;
    unsigned n_flash;
    uint32_t flash_addr[MEMO_FLASH_READS];
    csim_ms_state ms_in, ms_out;
} memo_rec;

typedef struct block {
    uint32_t addr, size;
    unsigned n;
    csim_insn *insns;
    memo *memo;          /* MEMO_SLOTS slots: a block may end several ways or start from several states */
    unsigned memo_rr;    /* next slot to replace */
    uint16_t reuse_fails;/* consecutive pricings that could not be reused */
    uint16_t reuse_skip; /* executions left before reuse is tried again */
    bool has_wfi;        /* holds a WFI/WFE (ends the run) */
    unsigned fp_epoch;   /* region in which it last ran (footprint) */
    struct block *next;
} block;

/* A memory range holding ELF sections, with a bit per byte accessed in the
 * current region (footprint of data and constants). */
typedef struct span {
    uint32_t lo, len;
    uint8_t *bits;
} span;

typedef enum action { ACT_NONE = 0, ACT_SEMIHOST, ACT_EXCEPTION, ACT_EXC_RETURN, ACT_DONE, ACT_FAULT, ACT_LIMIT } action;

typedef struct sim {
    const csim_elf *elf;
    const csim_model *model;
    const csim_run_opts *opts;
    csim_run_result *res;
    csim_diag *diag;
    csim_emu *emu;
    csim_disasm *dis;
    csim_memsys *flash;
    const csim_ms_cfg *flash_cfg; /* its configuration in force (csim_memsys_config) */
    csim_periph *periph;
    csim_core core;
    block *slots[BLOCK_SLOTS];
    block *pending;       /* executed, not yet priced */
    unsigned cursor;      /* next instruction of `pending` to price */
    csim_mem_event ev[MAX_EVENTS];
    uint8_t ev_class[MAX_EVENTS]; /* event_class() of each, as recorded */
    unsigned n_ev, ev_pos;
    uint64_t insns;
    action act;
    uint32_t act_pc;      /* where the stopped block would have started */
    char fault[256];
    /* bench markers */
    uint32_t m_begin, m_end, m_done, cases_lo, cases_hi;
    uint32_t workbuf_var; /* the runner's bench_workbuf_bytes (0: none) */
    uint32_t attempts_var; /* bench_sign_attempts (0: not in the image) */
    uint32_t region_ret;  /* return address of bench_region_begin */
    uint32_t region_case; /* its case pointer (outside the table: the empty case) */
    bool in_region;
    uint64_t r_cycles;
    csim_breakdown r_bd;
    csim_ms_stats r_ms;
    csim_case_result cur, empty;
    bool have_empty;
    size_t cap_cases;
    unsigned exc_depth;
    bool memo_on;
    unsigned epoch;       /* bumped when the firmware reconfigures the flash interface */
    uint64_t memo_hits, memo_misses, memo_skips;
    uint64_t why[6]; /* reuse refusals: none recorded, outcome, transfers, state, memory, not reusable */
    memo_rec rec;         /* the pricing being recorded */
    /* case selection and inputs: written when main starts (start-up code has
     * initialised RAM by then) */
    uint32_t m_main, v_case_first, v_case_count, v_seed;
    /* footprint of the region (docs/footprint.md) */
    uint32_t stk_lo, stk_sp, stk_min; /* stack limit, SP at region begin, lowest write below it */
    span spans[MAX_SPANS];
    unsigned n_spans;
    unsigned fp_epoch;
    block **fp_blocks;    /* blocks run in the region */
    size_t n_fp_blocks, cap_fp_blocks;
    uint32_t region_fn;   /* function the region starts in (the runner's run_one): not the case's code */
    uint32_t io_lo, io_hi, ioc_lo, ioc_hi; /* the cases' I/O buffers (RAM, flash): not counted */
    uint8_t *sym_seen;
    csim_prof *prof;      /* opts.profile */
} sim;

/* ---- blocks --------------------------------------------------------- */

static block *find_block(sim *s, uint32_t addr, uint32_t size)
{
    unsigned h = (addr >> 1) & (BLOCK_SLOTS - 1);
    for (block *b = s->slots[h]; b; b = b->next) {
        if (b->addr == addr && b->size == size) {
            return b;
        }
    }
    uint8_t code[MAX_BLOCK_INSNS * 4];
    uint32_t len = size < sizeof(code) ? size : sizeof(code);
    block *b = calloc(1, sizeof(*b));
    csim_insn *tmp = malloc(sizeof(*tmp) * MAX_BLOCK_INSNS);
    if (!b || !tmp || csim_emu_read(s->emu, addr, code, len)) {
        free(b);
        free(tmp);
        return NULL;
    }
    int n = csim_disasm_decode(s->dis, code, len, addr, tmp, MAX_BLOCK_INSNS);
    uint32_t decoded = 0;
    for (int i = 0; i < n; i++) {
        decoded += tmp[i].size;
    }
    if (len != size || decoded != size) {
        /* Every executed instruction must be priced: refuse a partial decode. */
        free(b);
        free(tmp);
        return NULL;
    }
    b->addr = addr;
    b->size = size;
    b->n = n > 0 ? (unsigned)n : 0;
    b->insns = tmp;
    for (unsigned i = 0; i < b->n; i++) {
        b->has_wfi |= tmp[i].iclass == CSIM_IC_WFI;
    }
    b->next = s->slots[h];
    s->slots[h] = b;
    return b;
}

static void free_blocks(sim *s)
{
    for (unsigned i = 0; i < BLOCK_SLOTS; i++) {
        for (block *b = s->slots[i], *n; b; b = n) {
            n = b->next;
            for (unsigned k = 0; b->memo && k < MEMO_SLOTS; k++) {
                free(b->memo[k].blob);
            }
            free(b->memo);
            free(b->insns);
            free(b);
        }
    }
}

static bool flow_taken(const csim_insn *in, uint32_t next)
{
    if (!(in->flags & CSIM_IF_WRITES_PC)) {
        return false;
    }
    return next != in->addr + in->size;
}

/* Price instructions of the pending block up to (excluding) index `upto`;
 * `next` is where execution went after the block's last instruction. */
static void price_until(sim *s, unsigned upto, uint32_t next)
{
    block *b = s->pending;
    if (!b) {
        return;
    }
    for (; s->cursor < upto && s->cursor < b->n; s->cursor++) {
        const csim_insn *in = &b->insns[s->cursor];
        unsigned nt = in->transfers;
        unsigned avail = s->n_ev - s->ev_pos;
        unsigned take = nt < avail ? nt : avail;
        bool last = s->cursor + 1 == b->n;
        bool taken = last && flow_taken(in, next);
        csim_core_exec(&s->core, in, &s->ev[s->ev_pos], take, taken, next);
        s->ev_pos += take;
    }
}

/* Transfer classes that price differently: SRAM-like, flash, peripheral, I/O port. */
static uint8_t event_class(const sim *s, const csim_mem_event *e)
{
    const csim_core_params *p = &s->model->core;
    const csim_ms_cfg *f = s->flash_cfg; /* csim_memsys_contains, inline: once per transfer */
    uint8_t k = e->addr - f->flash_base < f->flash_size || e->addr - f->alias_base < f->flash_size ? 1
                : p->ioport_size && e->addr - p->ioport_base < p->ioport_size ? 3
                : e->addr >= 0x40000000u && e->addr < 0x60000000u ? 2
                                                                   : 0;
    return (uint8_t)(k | e->write << 2);
}

static const uint8_t *memo_ev_class(const memo *m) { return m->blob + 4 * (m->n_acc + m->n_flash); }

static bool events_match(const sim *s, const memo *m)
{
    return m->n_ev == s->n_ev && memcmp(memo_ev_class(m), s->ev_class, s->n_ev) == 0;
}

/* Collects the words of the data reads of the flash (class 1, not written)
 * where they matter (the flash interface is handed the word: read_ready);
 * false if there are more than MEMO_FLASH_READS. */
static bool flash_reads(const sim *s, uint32_t *addr, unsigned *n)
{
    *n = 0;
    if (csim_memsys_data_anywhere(s->flash)) {
        return true;
    }
    for (unsigned i = 0; i < s->n_ev; i++) {
        if (s->ev_class[i] == 1) {
            if (*n == MEMO_FLASH_READS) {
                return false;
            }
            addr[(*n)++] = s->ev[i].addr & ~3u;
        }
    }
    return true;
}

/* ICACHE: the slot holding the pricing that ended at `next`, else the one to
 * reuse (slots 0 and 1). */
static memo *memo_slot(block *b, uint32_t next)
{
    if (!b->memo) {
        return NULL;
    }
    if (b->memo[1].valid && b->memo[1].next == next) {
        return &b->memo[1];
    }
    return !b->memo[0].valid || b->memo[0].next == next || b->memo[1].valid ? &b->memo[0] : &b->memo[1];
}

/* Keeps the recorded pricing in slot m; false when out of memory. */
static bool memo_store(sim *s, memo *m, uint32_t next, uint64_t dt, const csim_breakdown *d, bool with_acc)
{
    const memo_rec *r = &s->rec;
    unsigned n_acc = with_acc ? r->acc.n : 0;
    unsigned ms_in = with_acc ? 0 : r->ms_in.n, ms_out = with_acc ? 0 : r->ms_out.n;
    size_t len = 4 * ((size_t)n_acc + r->n_flash) + s->n_ev + n_acc + ms_in + ms_out;
    uint8_t *blob = malloc(len ? len : 1);
    if (!blob) {
        return false;
    }
    free(m->blob);
    m->blob = blob;
    memcpy(blob, r->acc.addr, 4 * n_acc);
    blob += 4 * n_acc;
    memcpy(blob, r->flash_addr, 4 * r->n_flash);
    blob += 4 * r->n_flash;
    memcpy(blob, s->ev_class, s->n_ev);
    blob += s->n_ev;
    memcpy(blob, r->acc.kind, n_acc);
    blob += n_acc;
    memcpy(blob, r->ms_in.b, ms_in);
    memcpy(blob + ms_in, r->ms_out.b, ms_out);
    m->valid = true;
    m->epoch = s->epoch;
    m->next = next;
    m->entry = r->entry;
    m->exit = r->exit;
    m->dt = dt;
    m->d = *d;
    m->n_ev = s->n_ev;
    m->n_acc = n_acc;
    m->n_flash = r->n_flash;
    m->ms_in = ms_in;
    m->ms_out = ms_out;
    return true;
}

static void breakdown_diff(csim_breakdown *d, const csim_breakdown *a, const csim_breakdown *b)
{
#define DIFF(f) d->f = a->f - b->f;
    DIFF(cycles) DIFF(instructions) DIFF(core) DIFF(branch) DIFF(fetch_stall) DIFF(data_wait)
    DIFF(bus_conflict) DIFF(load_use) DIFF(exception) DIFF(taken_branches) DIFF(loads) DIFF(stores)
    DIFF(flash_data_reads)
#undef DIFF
}

static bool try_replay(sim *s, block *b, uint32_t next)
{
    memo *m = memo_slot(b, next);
    csim_core_sig sig;
    unsigned why = !m || !m->valid                                  ? 0
                   : m->epoch != s->epoch || m->next != next        ? 1
                   : !events_match(s, m)                            ? 2
                   : !csim_core_signature(&s->core, b->addr, &sig) ||
                           memcmp(&sig, &m->entry, sizeof(sig)) != 0 ? 3
                                                                     : 6;
    if (why < 6) {
        s->why[why]++;
        return false;
    }
    /* Fetches repeat the recorded words; data reads of the flash take this
     * run's addresses, in order (a hit costs the same wherever it hits). */
    const uint8_t *ev_class = memo_ev_class(m), *kind = ev_class + m->n_ev;
    uint32_t addr[CSIM_REC_MAX];
    memcpy(addr, m->blob, 4 * m->n_acc);
    unsigned e = 0;
    for (unsigned j = 0; j < m->n_acc; j++) {
        if (kind[j] == CSIM_MS_DATA) {
            while (e < s->n_ev && ev_class[e] != 1) {
                e++;
            }
            if (e == s->n_ev) {
                return false;
            }
            addr[j] = s->ev[e++].addr & ~3u;
        }
    }
    uint64_t last = s->core.t + m->dt + (uint64_t)(int64_t)(int8_t)m->exit.b[3];
    if (!csim_memsys_replay_hits(s->flash, csim_core_earliest_request(&s->core), last, addr, kind, m->n_acc)) {
        s->why[4]++;
        return false;
    }
    csim_core_restore(&s->core, b->addr, &m->exit, m->dt, &m->d);
    return true;
}

/* Prices the whole pending block and, when the pricing is reusable, keeps it. */
static void price_and_record(sim *s, block *b, uint32_t next)
{
    csim_core *c = &s->core;
    memo_rec *r = &s->rec;
    bool ok = s->n_ev <= MEMO_EVENTS && csim_memsys_quiet(s->flash, csim_core_earliest_request(c)) &&
              csim_core_signature(c, b->addr, &r->entry);
    csim_ms_stats before = *csim_memsys_stats(s->flash);
    csim_breakdown bd = c->bd, d;
    uint64_t t0 = c->t;
    r->acc.n = 0;
    r->acc.overflow = false;
    r->n_flash = 0;
    c->rec = ok ? &r->acc : NULL;
    price_until(s, b->n, next);
    c->rec = NULL;
    if (!ok) {
        return;
    }
    const csim_ms_stats *after = csim_memsys_stats(s->flash);
    if (r->acc.overflow || after->misses != before.misses || after->flash_reads != before.flash_reads ||
        after->prefetch_hits != before.prefetch_hits || !csim_memsys_quiet(s->flash, c->t) ||
        !csim_core_signature(c, b->addr, &r->exit)) {
        return;
    }
    if (!b->memo && !(b->memo = calloc(MEMO_SLOTS, sizeof(memo)))) {
        return;
    }
    breakdown_diff(&d, &c->bd, &bd);
    memo_store(s, memo_slot(b, next), next, c->t - t0, &d, true);
}

static void diff_stats(csim_ms_stats *d, const csim_ms_stats *a, const csim_ms_stats *b);

/* This run's keys for a state replay, each computed when first needed. */
typedef struct replay_keys {
    bool have_fa, have_sig, have_st, fa_ok, sig_ok, st_ok;
    unsigned nf;
    uint32_t fa[MEMO_FLASH_READS];
    csim_core_sig sig;
    csim_ms_state st;
} replay_keys;

/* How far kept pricing x holds for this run of block b (the `why` index):
 * 0 none kept, 1 other outcome or flash configuration, 2 other transfers,
 * 3 other core state, 4 other flash-interface state, 5 it holds. */
static unsigned state_match(sim *s, const block *b, const memo *x, uint32_t next, replay_keys *k)
{
    csim_core *c = &s->core;
    if (!x->valid) {
        return 0;
    }
    if (x->epoch != s->epoch || x->next != next) {
        return 1;
    }
    if (!k->have_fa) {
        k->have_fa = true;
        k->fa_ok = flash_reads(s, k->fa, &k->nf);
    }
    if (!events_match(s, x) || !k->fa_ok || k->nf != x->n_flash ||
        memcmp(k->fa, x->blob + 4 * x->n_acc, 4 * k->nf) != 0) {
        return 2;
    }
    if (!k->have_sig) {
        k->have_sig = true;
        k->sig_ok = csim_core_signature(c, b->addr, &k->sig);
    }
    if (!k->sig_ok || memcmp(&k->sig, &x->entry, sizeof(k->sig)) != 0) {
        return 3;
    }
    if (!k->have_st) {
        k->have_st = true;
        k->st_ok = csim_memsys_save(s->flash, c->t, csim_core_earliest_request(c), true, &k->st);
    }
    if (!k->st_ok || k->st.n != x->ms_in || memcmp(k->st.b, memo_ev_class(x) + x->n_ev, k->st.n) != 0) {
        return 4;
    }
    return 5;
}

static bool try_replay_state(sim *s, block *b, uint32_t next)
{
    replay_keys keys;
    keys.have_fa = keys.have_sig = keys.have_st = false;
    unsigned why = 0;
    for (unsigned k = 0; b->memo && k < MEMO_SLOTS; k++) {
        const memo *m = &b->memo[k];
        unsigned w = state_match(s, b, m, next, &keys);
        if (w == 5) {
            csim_core_restore(&s->core, b->addr, &m->exit, m->dt, &m->d);
            csim_ms_state out;
            out.n = m->ms_out;
            memcpy(out.b, memo_ev_class(m) + m->n_ev + m->ms_in, m->ms_out);
            csim_memsys_load(s->flash, s->core.t, &out, &m->ms_d);
            return true;
        }
        why = w > why ? w : why;
    }
    s->why[why]++;
    return false;
}

/* Prices the whole pending block and keeps the pricing with the core and
 * flash-interface states before and after it. */
static void price_and_record_state(sim *s, block *b, uint32_t next)
{
    csim_core *c = &s->core;
    memo_rec *r = &s->rec;
    bool ok = s->n_ev <= MEMO_EVENTS && flash_reads(s, r->flash_addr, &r->n_flash) &&
              csim_core_signature(c, b->addr, &r->entry) &&
              csim_memsys_save(s->flash, c->t, csim_core_earliest_request(c), true, &r->ms_in);
    csim_ms_stats before = *csim_memsys_stats(s->flash);
    csim_breakdown bd = c->bd, d;
    uint64_t t0 = c->t;
    price_until(s, b->n, next);
    /* The entry state assumed that a read comes first (see csim_memsys_save). */
    const csim_ms_stats *after = csim_memsys_stats(s->flash);
    if (!ok || after->fetches + after->data_reads == before.fetches + before.data_reads ||
        !csim_core_signature(c, b->addr, &r->exit) ||
        !csim_memsys_save(s->flash, c->t, csim_core_earliest_request(c), false, &r->ms_out)) {
        return;
    }
    if (!b->memo && !(b->memo = calloc(MEMO_SLOTS, sizeof(memo)))) {
        return;
    }
    memo *m = NULL;
    for (unsigned k = 0; k < MEMO_SLOTS && !m; k++) {
        m = b->memo[k].valid ? NULL : &b->memo[k];
    }
    if (!m) {
        m = &b->memo[b->memo_rr++ % MEMO_SLOTS];
    }
    breakdown_diff(&d, &c->bd, &bd);
    if (memo_store(s, m, next, c->t - t0, &d, false)) {
        diff_stats(&m->ms_d, after, &before);
    }
}

static void finish_pending(sim *s, uint32_t next)
{
    block *b = s->pending;
    if (b) {
        bool by_state = s->flash_cfg->type != CSIM_MS_ICACHE;
        if (!s->memo_on || s->cursor != 0) {
            price_until(s, b->n, next);
        } else if (b->reuse_skip) {
            /* Blocks that keep missing are priced directly for a while:
             * trying costs more than it saves. */
            b->reuse_skip--;
            s->memo_skips++;
            price_until(s, b->n, next);
        } else if (by_state ? try_replay_state(s, b, next) : try_replay(s, b, next)) {
            s->memo_hits++;
            b->reuse_fails = 0;
        } else {
            s->memo_misses++;
            if (by_state) {
                price_and_record_state(s, b, next);
            } else {
                price_and_record(s, b, next);
            }
            /* Pricing a long block costs far more than trying: always try. */
            if (++b->reuse_fails == 8 && b->n < MEMO_ALWAYS_TRY) {
                b->reuse_fails = 0;
                b->reuse_skip = 256;
            }
        }
    }
    s->pending = NULL;
    s->n_ev = s->ev_pos = 0;
}

/* Price the pending block up to and including the instruction at pc, drop the
 * rest (a trap or fault stopped the block there). */
static void finish_at(sim *s, uint32_t pc)
{
    block *b = s->pending;
    if (b) {
        unsigned i = 0;
        while (i < b->n && b->insns[i].addr != pc) {
            i++;
        }
        price_until(s, i < b->n ? i + 1 : b->n, pc + 2);
    }
    s->pending = NULL;
    s->n_ev = s->ev_pos = 0;
}

/* Index in the pending block of the instruction that made the newest
 * recorded transfer (the emulator's PC is only exact at block starts). */
static unsigned newest_access_insn(const sim *s)
{
    const block *b = s->pending;
    unsigned seen = s->ev_pos, i = s->cursor;
    while (i < b->n && seen + b->insns[i].transfers < s->n_ev) {
        seen += b->insns[i].transfers;
        i++;
    }
    return i;
}

static uint64_t sim_now(void *user)
{
    sim *s = user;
    /* A peripheral read mid-block: price the block up to the instruction
     * that made this access. */
    if (s->pending) {
        unsigned i = newest_access_insn(s);
        price_until(s, i, 0);
        if (i < s->pending->n) {
            return csim_core_access_time(&s->core, &s->pending->insns[i]);
        }
    }
    return csim_core_now(&s->core);
}

static void sim_flash_config(void *user, const csim_ms_cfg *cfg)
{
    sim *s = user;
    csim_memsys_configure(s->flash, cfg);
    s->epoch++;
}

/* ---- bench markers -------------------------------------------------- */

static void read_cstr(sim *s, uint32_t addr, char *out, size_t len)
{
    out[0] = 0;
    if (!addr || csim_emu_read(s->emu, addr, out, (uint32_t)len - 1)) {
        out[0] = 0;
    }
    out[len - 1] = 0;
}

/* ---- footprint (docs/footprint.md) ------------------------------------ */

static void mark_touched(sim *s, uint32_t addr, unsigned size)
{
    for (unsigned i = 0; i < s->n_spans; i++) {
        span *p = &s->spans[i];
        uint32_t off = addr - p->lo;
        if (off < p->len) {
            unsigned n = size < p->len - off ? size : p->len - off;
            if ((off & 7) + n <= 8) { /* the usual case: one byte of the bitmap */
                p->bits[off >> 3] |= (uint8_t)(((1u << n) - 1) << (off & 7));
                return;
            }
            for (unsigned k = 0; k < n; k++) {
                p->bits[(off + k) >> 3] |= (uint8_t)(1u << ((off + k) & 7));
            }
            return;
        }
    }
}

static bool touched(const sim *s, uint32_t addr, uint32_t size)
{
    for (unsigned i = 0; i < s->n_spans; i++) {
        const span *p = &s->spans[i];
        uint32_t off = addr - p->lo;
        if (off >= p->len) {
            continue;
        }
        uint32_t end = size < p->len - off ? off + size : p->len;
        while (off < end) {
            if ((off & 7) == 0 && end - off >= 8) {
                if (p->bits[off >> 3]) {
                    return true;
                }
                off += 8;
            } else if (p->bits[off >> 3] >> (off & 7) & 1) {
                return true;
            } else {
                off++;
            }
        }
        return false;
    }
    return false;
}

/* One span per memory of the model over the ELF sections it holds. */
static csim_err make_spans(sim *s)
{
    const csim_model *m = s->model;
    uint32_t lo[1 + CSIM_MAX_REGIONS], hi[1 + CSIM_MAX_REGIONS];
    uint32_t base[1 + CSIM_MAX_REGIONS], size[1 + CSIM_MAX_REGIONS];
    unsigned n = 1 + m->n_sram;
    base[0] = m->flash.flash_base;
    size[0] = m->flash.flash_size;
    for (unsigned i = 0; i < m->n_sram; i++) {
        base[1 + i] = m->sram[i].base;
        size[1 + i] = m->sram[i].size;
    }
    for (unsigned i = 0; i < n; i++) {
        lo[i] = UINT32_MAX;
        hi[i] = 0;
    }
    for (size_t k = 0; k < s->elf->n_secs; k++) {
        const csim_section *c = &s->elf->secs[k];
        for (unsigned i = 0; c->alloc && c->size && i < n; i++) {
            if (c->addr - base[i] < size[i]) {
                uint32_t end = c->addr - base[i] + c->size > size[i] ? base[i] + size[i] : c->addr + c->size;
                lo[i] = c->addr < lo[i] ? c->addr : lo[i];
                hi[i] = end > hi[i] ? end : hi[i];
            }
        }
    }
    for (unsigned i = 0; i < n && s->n_spans < MAX_SPANS; i++) {
        if (lo[i] < hi[i]) {
            span *p = &s->spans[s->n_spans++];
            p->lo = lo[i];
            p->len = hi[i] - lo[i];
            if (!(p->bits = calloc((p->len + 7) / 8, 1))) {
                return csim_fail(s->diag, CSIM_ERR_NOMEM, "out of memory");
            }
        }
    }
    if (!(s->sym_seen = calloc(s->elf->n_syms + 1, 1))) {
        return csim_fail(s->diag, CSIM_ERR_NOMEM, "out of memory");
    }
    return CSIM_OK;
}

/* The lowest address of the stack: __stack_limit, else the end of the
 * highest ELF section below sp in its SRAM, else that SRAM's base. */
static uint32_t stack_floor(const sim *s, uint32_t sp)
{
    const csim_symbol *lim = csim_elf_find(s->elf, "__stack_limit");
    if (lim && lim->addr <= sp) {
        return lim->addr;
    }
    uint32_t floor = sp;
    for (unsigned i = 0; i < s->model->n_sram; i++) {
        if (sp - s->model->sram[i].base <= s->model->sram[i].size) {
            floor = s->model->sram[i].base;
        }
    }
    for (size_t k = 0; k < s->elf->n_secs; k++) {
        const csim_section *c = &s->elf->secs[k];
        uint32_t end = c->addr + c->size;
        if (c->alloc && c->size && c->addr >= floor && end <= sp && end > floor) {
            floor = end;
        }
    }
    return floor;
}

/* A region (or --call) starts at pc: footprint and profile from here. */
static void track_begin(sim *s, uint32_t pc, bool called)
{
    uint32_t sp = csim_emu_reg(s->emu, CSIM_SP);
    s->stk_sp = s->stk_min = sp;
    s->stk_lo = stack_floor(s, sp);
    for (unsigned i = 0; i < s->n_spans; i++) {
        memset(s->spans[i].bits, 0, (s->spans[i].len + 7) / 8);
    }
    s->fp_epoch++;
    s->n_fp_blocks = 0;
    uint32_t off;
    const csim_symbol *f = called ? NULL : csim_elf_locate(s->elf, pc, &off);
    s->region_fn = f ? f->addr : UINT32_MAX;
    if (s->prof) {
        csim_prof_begin(s->prof, pc, called, &s->core.bd, csim_core_now(&s->core));
    }
}

static void note_block(sim *s, block *b)
{
    if (b->fp_epoch == s->fp_epoch) {
        return;
    }
    if (s->n_fp_blocks == s->cap_fp_blocks) {
        size_t cap = s->cap_fp_blocks ? 2 * s->cap_fp_blocks : 256;
        block **n = realloc(s->fp_blocks, cap * sizeof(*n));
        if (!n) {
            return;
        }
        s->fp_blocks = n;
        s->cap_fp_blocks = cap;
    }
    b->fp_epoch = s->fp_epoch;
    s->fp_blocks[s->n_fp_blocks++] = b;
}

/* The runner's own code and data, which the region runs but the case does not use. */
static bool runner_symbol(const sim *s, const csim_symbol *sym)
{
    static const char *const names[] = {"bench_region_begin", "bench_region_end", "bench_case_done",
                                        "bench_note_workbuf", "bench_workbuf_bytes"};
    if (sym->addr == s->region_fn) {
        return true;
    }
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        if (strcmp(sym->name, names[i]) == 0) {
            return true;
        }
    }
    return false;
}

static bool in_range(uint32_t a, uint32_t lo, uint32_t hi) { return a >= lo && a < hi; }

static const csim_section *section_of(const csim_elf *e, uint32_t addr)
{
    for (size_t i = 0; i < e->n_secs; i++) {
        const csim_section *c = &e->secs[i];
        if (c->alloc && addr - c->addr < c->size) {
            return c;
        }
    }
    return NULL;
}

static void footprint(sim *s, csim_case_result *c)
{
    const csim_elf *e = s->elf;
    c->stack_bytes = s->stk_sp - s->stk_min;
    c->code_bytes = c->const_bytes = c->data_bytes = 0;
    memset(s->sym_seen, 0, e->n_syms);
    for (size_t i = 0; i < s->n_fp_blocks; i++) {
        uint32_t off;
        const csim_symbol *f = csim_elf_locate(e, s->fp_blocks[i]->addr, &off);
        if (f && !s->sym_seen[f - e->syms]) {
            s->sym_seen[f - e->syms] = 1;
            c->code_bytes += runner_symbol(s, f) ? 0 : f->size;
        }
    }
    uint32_t last = UINT32_MAX;
    for (size_t i = 0; i < e->n_syms; i++) {
        const csim_symbol *o = &e->syms[i];
        if (o->type != CSIM_SYM_OBJECT || !o->size || o->addr == last ||
            in_range(o->addr, s->cases_lo, s->cases_hi) || in_range(o->addr, s->io_lo, s->io_hi) ||
            in_range(o->addr, s->ioc_lo, s->ioc_hi) || !touched(s, o->addr, o->size) || runner_symbol(s, o)) {
            continue;
        }
        const csim_section *sec = section_of(e, o->addr);
        if (!sec) {
            continue;
        }
        last = o->addr; /* aliases of one object count once */
        if (sec->write) {
            c->data_bytes += o->size;
        } else {
            c->const_bytes += o->size;
        }
    }
}

static void region_start(sim *s)
{
    if (!s->opts->warm) {
        csim_memsys_reset(s->flash);
        csim_core_redirect(&s->core, s->region_ret);
    }
    s->r_cycles = csim_core_now(&s->core);
    s->r_bd = s->core.bd;
    s->r_ms = *csim_memsys_stats(s->flash);
    s->in_region = true;
    track_begin(s, s->region_ret, false);
}

static void diff_stats(csim_ms_stats *d, const csim_ms_stats *a, const csim_ms_stats *b)
{
    d->fetches = a->fetches - b->fetches;
    d->data_reads = a->data_reads - b->data_reads;
    d->hits = a->hits - b->hits;
    d->misses = a->misses - b->misses;
    d->prefetch_hits = a->prefetch_hits - b->prefetch_hits;
    d->flash_reads = a->flash_reads - b->flash_reads;
    d->fetch_stall = a->fetch_stall - b->fetch_stall;
    d->data_stall = a->data_stall - b->data_stall;
}

#define BD_FIELDS(X) X(cycles) X(instructions) X(core) X(branch) X(fetch_stall) X(data_wait) \
    X(bus_conflict) X(load_use) X(exception) X(taken_branches) X(loads) X(stores) X(flash_data_reads)

static void region_end(sim *s)
{
    if (!s->in_region) {
        return;
    }
    s->in_region = false;
    csim_breakdown *d = &s->cur.bd;
    const csim_breakdown *a = &s->core.bd, *b = &s->r_bd;
#define SUB(f) d->f = a->f - b->f;
    BD_FIELDS(SUB)
#undef SUB
    d->cycles = csim_core_now(&s->core) - s->r_cycles;
    diff_stats(&s->cur.ms, csim_memsys_stats(s->flash), &s->r_ms);
    footprint(s, &s->cur);
    csim_profile_free(s->cur.profile);
    s->cur.profile = s->prof ? csim_prof_end(s->prof) : NULL;
    if (!s->opts->call && (s->region_case < s->cases_lo || s->region_case >= s->cases_hi)) {
        /* The runner's empty case: the overhead to subtract, measured the
         * same way as the board does (firmware/bench/runner.c). */
        csim_profile_free(s->cur.profile);
        s->cur.profile = NULL;
        s->empty = s->cur;
        s->have_empty = true;
        memset(&s->cur, 0, sizeof(s->cur));
    }
}

static void case_done(sim *s, uint32_t desc, uint32_t fw_cycles, uint32_t status)
{
    csim_case_result *c = &s->cur;
    c->fw_cycles = fw_cycles;
    c->status = status;
    if (desc < s->cases_lo || desc >= s->cases_hi) {
        csim_profile_free(c->profile);
        memset(c, 0, sizeof(*c));
        return;
    }
    uint32_t ptrs[2] = {0, 0};
    csim_emu_read(s->emu, desc, ptrs, sizeof(ptrs));
    if (s->workbuf_var) {
        csim_emu_read(s->emu, s->workbuf_var, &c->workbuf, sizeof(c->workbuf));
    }
    if (s->attempts_var) { /* set by the case's check(), cleared for the next case */
        static const uint32_t zero;
        csim_emu_read(s->emu, s->attempts_var, &c->attempts, sizeof(c->attempts));
        csim_emu_write(s->emu, s->attempts_var, &zero, sizeof(zero));
    }
    read_cstr(s, ptrs[0], c->name, sizeof(c->name));
    read_cstr(s, ptrs[1], c->row, sizeof(c->row));
    uint64_t raw = c->bd.cycles;
    if (s->have_empty) {
        csim_breakdown *d = &c->bd;
        const csim_breakdown *e = &s->empty.bd;
#define SUBE(f) d->f = d->f > e->f ? d->f - e->f : 0;
        BD_FIELDS(SUBE)
#undef SUBE
        /* Keep the buckets summing to the total after the subtraction. */
        uint64_t others = d->branch + d->fetch_stall + d->data_wait + d->bus_conflict + d->load_use +
                          d->exception;
        d->core = d->cycles > others ? d->cycles - others : 0;
    }
    if (c->profile) {
        c->profile->overhead_cycles = raw - c->bd.cycles;
    }
    c->cycles = c->bd.cycles;
    csim_run_result *r = s->res;
    if (r->n_cases == s->cap_cases) {
        s->cap_cases = s->cap_cases ? 2 * s->cap_cases : 64;
        csim_case_result *n = realloc(r->cases, s->cap_cases * sizeof(*n));
        if (!n) {
            csim_profile_free(c->profile);
            memset(c, 0, sizeof(*c));
            return;
        }
        r->cases = n;
    }
    r->cases[r->n_cases++] = *c;
    memset(c, 0, sizeof(*c));
}

/* ---- hooks ---------------------------------------------------------- */

/* Case selection and the input seed, once start-up has initialised RAM. */
static void write_inputs(sim *s)
{
    const csim_run_opts *o = s->opts;
    if (o->case_count) {
        csim_emu_write(s->emu, s->v_case_first, &o->case_first, 4);
        csim_emu_write(s->emu, s->v_case_count, &o->case_count, 4);
    }
    if (o->input_seed) {
        csim_emu_write(s->emu, s->v_seed, &o->input_seed, 4);
    }
}

static void on_block(void *user, uint32_t addr, uint32_t size)
{
    sim *s = user;
    block *prev = s->pending;
    finish_pending(s, addr);
    if (s->prof && s->in_region) {
        csim_prof_flush(s->prof, &s->core.bd, csim_core_now(&s->core));
        if (addr != s->m_end && addr != RETURN_STUB) {
            csim_prof_goto(s->prof, addr, prev && prev->n ? &prev->insns[prev->n - 1] : NULL,
                           csim_emu_reg(s->emu, CSIM_SP));
        }
    }

    if (s->insns >= s->opts->max_insns) {
        s->act = ACT_LIMIT;
        s->act_pc = addr;
        csim_emu_stop(s->emu);
        return;
    }
    if (csim_periph_systick_due(s->periph) <= csim_core_now(&s->core) &&
        !(csim_emu_reg(s->emu, CSIM_PRIMASK) & 1u) && s->exc_depth == 0) {
        s->act = ACT_EXCEPTION;
        s->act_pc = addr;
        csim_emu_stop(s->emu);
        return;
    }
    if (addr == RETURN_STUB) {
        s->act = ACT_DONE;
        s->act_pc = addr;
        csim_emu_stop(s->emu);
        return;
    }
    if (addr == s->m_begin && s->m_begin) {
        s->region_ret = csim_emu_reg(s->emu, CSIM_LR) & ~1u;
        s->region_case = csim_emu_reg(s->emu, CSIM_R0);
    } else if (addr == s->region_ret && s->region_ret && !s->in_region) {
        region_start(s);
        s->region_ret = 0;
    } else if (addr == s->m_end && s->m_end) {
        region_end(s);
    } else if (addr == s->m_done && s->m_done) {
        case_done(s, csim_emu_reg(s->emu, CSIM_R0), csim_emu_reg(s->emu, CSIM_R1),
                  csim_emu_reg(s->emu, CSIM_R2));
    } else if (addr == s->m_main && s->m_main) {
        write_inputs(s);
    }

    block *b = find_block(s, addr, size);
    if (!b) {
        s->act = ACT_FAULT;
        s->act_pc = addr;
        snprintf(s->fault, sizeof(s->fault), "cannot decode the block at 0x%08x", addr);
        csim_emu_stop(s->emu);
        return;
    }
    if (b->has_wfi) {
        /* A board image sleeps when it is done; cyclesim models no sleep,
         * so waiting for an interrupt ends the run. */
        s->act = ACT_DONE;
        s->act_pc = addr;
        csim_emu_stop(s->emu);
        return;
    }
    if (s->in_region) {
        note_block(s, b);
    }
    s->pending = b;
    s->cursor = 0;
    if (s->opts->progress && (s->insns >> PROGRESS_SHIFT) != ((s->insns + b->n) >> PROGRESS_SHIFT)) {
        s->opts->progress(s->opts->progress_ctx, s->insns + b->n, csim_core_now(&s->core));
    }
    s->insns += b->n;
}

static void on_mem(void *user, uint32_t addr, unsigned size, bool write)
{
    sim *s = user;
    if (s->n_ev < MAX_EVENTS) {
        s->ev[s->n_ev] = (csim_mem_event){addr, (uint8_t)size, write};
        s->ev_class[s->n_ev] = event_class(s, &s->ev[s->n_ev]);
        s->n_ev++;
    }
    if (s->in_region) {
        if (write && addr - s->stk_lo < s->stk_min - s->stk_lo) {
            s->stk_min = addr;
        }
        mark_touched(s, addr, size);
    }
}

static void on_trap(void *user, unsigned intno)
{
    sim *s = user;
    uint32_t pc = csim_emu_reg(s->emu, CSIM_PC);
    s->act_pc = pc;
    if (intno == CSIM_TRAP_BKPT) {
        uint16_t op = 0;
        csim_emu_read(s->emu, pc, &op, 2);
        if (op == 0xBEAB) {
            s->act = ACT_SEMIHOST;
        } else {
            s->act = ACT_FAULT;
            snprintf(s->fault, sizeof(s->fault), "breakpoint (BKPT 0x%02x)", op & 0xFF);
        }
    } else if (intno == CSIM_TRAP_EXCEPTION_EXIT && s->exc_depth) {
        s->act = ACT_EXC_RETURN;
    } else {
        s->act = ACT_FAULT;
        const char *why = intno == CSIM_TRAP_UDEF ? "undefined instruction"
                          : intno == CSIM_TRAP_SVC ? "SVC with no handler model"
                          : intno == CSIM_TRAP_INVSTATE ? "invalid state (ARM-state branch)"
                          : intno == CSIM_TRAP_STKOF ? "stack limit violation"
                          : intno == CSIM_TRAP_PREFETCH_ABORT || intno == CSIM_TRAP_DATA_ABORT
                              ? "bus/memory fault"
                              : "processor exception";
        snprintf(s->fault, sizeof(s->fault), "%s (exception %u)", why, intno);
    }
    csim_emu_stop(s->emu);
}

/* ---- actions -------------------------------------------------------- */

static void semihost(sim *s)
{
    uint32_t op = csim_emu_reg(s->emu, CSIM_R0), arg = csim_emu_reg(s->emu, CSIM_R1);
    switch (op) {
    case 0x03: { /* SYS_WRITEC */
        char ch = 0;
        csim_emu_read(s->emu, arg, &ch, 1);
        if (s->opts->console) {
            fputc(ch, s->opts->console);
        }
        break;
    }
    case 0x04: { /* SYS_WRITE0 */
        char buf[256];
        for (uint32_t a = arg;; a += sizeof(buf) - 1) {
            read_cstr(s, a, buf, sizeof(buf));
            if (s->opts->console) {
                fputs(buf, s->opts->console);
            }
            if (strlen(buf) < sizeof(buf) - 1) {
                break;
            }
        }
        break;
    }
    case 0x18: /* SYS_EXIT: r1 = reason */
        s->res->exited = true;
        s->res->exit_status = arg == 0x20026 ? 0 : 1;
        s->act = ACT_DONE;
        return;
    case 0x20: { /* SYS_EXIT_EXTENDED: r1 -> {reason, status} */
        uint32_t blk[2] = {0, 1};
        csim_emu_read(s->emu, arg, blk, sizeof(blk));
        s->res->exited = true;
        s->res->exit_status = blk[0] == 0x20026 ? blk[1] : 1;
        s->act = ACT_DONE;
        return;
    }
    default:
        csim_emu_set_reg(s->emu, CSIM_R0, (uint32_t)-1);
        break;
    }
    s->act = ACT_NONE;
    s->act_pc += 2;
}

static bool take_exception(sim *s, uint32_t ret_pc)
{
    /* ARMv6-M/v8-M exception entry (ARM ARM B1.5.6): 8-word frame on MSP,
     * 8-byte aligned, LR = EXC_RETURN; PC from the vector table. */
    uint32_t sp = csim_emu_reg(s->emu, CSIM_SP);
    uint32_t xpsr = csim_emu_reg(s->emu, CSIM_XPSR);
    uint32_t align = sp & 4u;
    sp = (sp - align) - 32;
    uint32_t frame[8] = {csim_emu_reg(s->emu, CSIM_R0), csim_emu_reg(s->emu, CSIM_R1),
                         csim_emu_reg(s->emu, CSIM_R2), csim_emu_reg(s->emu, CSIM_R3),
                         csim_emu_reg(s->emu, CSIM_R12), csim_emu_reg(s->emu, CSIM_LR), ret_pc | 1u,
                         (xpsr & ~(1u << 9)) | (align ? 1u << 9 : 0) | (1u << 24)};
    uint32_t vtor = csim_periph_vtor(s->periph);
    uint32_t vec = 0;
    if (csim_emu_write(s->emu, sp, frame, sizeof(frame)) ||
        csim_emu_read(s->emu, (vtor ? vtor : s->model->flash.flash_base) + 15 * 4, &vec, 4)) {
        snprintf(s->fault, sizeof(s->fault), "stack overflow on exception entry (SP 0x%08x)", sp);
        return false;
    }
    csim_emu_set_reg(s->emu, CSIM_SP, sp);
    csim_emu_set_reg(s->emu, CSIM_LR, 0xFFFFFFF9u);
    csim_periph_systick_taken(s->periph);
    s->exc_depth++;
    if (s->in_region) {
        if (sp - s->stk_lo < s->stk_min - s->stk_lo) {
            s->stk_min = sp; /* the frame is stacked by the core, not by a traced store */
        }
        if (s->prof) {
            csim_prof_flush(s->prof, &s->core.bd, csim_core_now(&s->core));
            csim_prof_exception(s->prof, vec & ~1u);
        }
    }
    csim_core_exception(&s->core, true, vec & ~1u);
    s->act_pc = vec & ~1u;
    return true;
}

static bool exception_return(sim *s)
{
    uint32_t sp = csim_emu_reg(s->emu, CSIM_SP), frame[8];
    if (csim_emu_read(s->emu, sp, frame, sizeof(frame))) {
        snprintf(s->fault, sizeof(s->fault), "bad stack on exception return (SP 0x%08x)", sp);
        return false;
    }
    static const int regs[6] = {CSIM_R0, CSIM_R1, CSIM_R2, CSIM_R3, CSIM_R12, CSIM_LR};
    for (int i = 0; i < 6; i++) {
        csim_emu_set_reg(s->emu, regs[i], frame[i]);
    }
    csim_emu_set_reg(s->emu, CSIM_SP, sp + 32 + ((frame[7] >> 9) & 1u) * 4);
    csim_emu_set_reg(s->emu, CSIM_XPSR, frame[7] & ~(1u << 9));
    s->exc_depth--;
    csim_core_exception(&s->core, false, frame[6] & ~1u);
    if (s->prof && s->in_region) { /* the handler's last block and the return are the handler's */
        csim_prof_flush(s->prof, &s->core.bd, csim_core_now(&s->core));
        csim_prof_exception_return(s->prof);
    }
    s->act_pc = frame[6] & ~1u;
    return true;
}

/* ---- set-up --------------------------------------------------------- */

static bool inside(const csim_model *m, uint32_t a, uint32_t len, bool *in_flash)
{
    uint64_t end = (uint64_t)a + len;
    const csim_ms_cfg *f = &m->flash;
    *in_flash = false;
    if (a >= f->flash_base && end <= (uint64_t)f->flash_base + f->flash_size) {
        *in_flash = true;
        return true;
    }
    for (unsigned i = 0; i < m->n_sram; i++) {
        if (a >= m->sram[i].base && end <= (uint64_t)m->sram[i].base + m->sram[i].size) {
            return true;
        }
    }
    return false;
}

static bool arch_runs(csim_arch core, csim_elf_arch elf)
{
    if (core == CSIM_ARCH_V6M) {
        return elf == CSIM_ELF_ARCH_V6M || elf == CSIM_ELF_ARCH_UNKNOWN;
    }
    return elf != CSIM_ELF_ARCH_OTHER;
}

static csim_err load_image(sim *s)
{
    const csim_elf *e = s->elf;
    const csim_model *m = s->model;
    for (size_t i = 0; i < e->n_segs; i++) {
        const csim_segment *g = &e->segs[i];
        bool fl;
        if (g->filesz && !inside(m, g->paddr, g->filesz, &fl)) {
            return csim_fail(s->diag, CSIM_ERR_ELF,
                             "%s: segment %zu (0x%08x, %u bytes) is outside the memory map of %s",
                             e->path, i, g->paddr, g->filesz, m->name);
        }
        if (!inside(m, g->vaddr, g->memsz, &fl)) {
            return csim_fail(s->diag, CSIM_ERR_ELF,
                             "%s: segment %zu (0x%08x, %u bytes) is outside the memory map of %s",
                             e->path, i, g->vaddr, g->memsz, m->name);
        }
        if (g->filesz) {
            csim_emu_write(s->emu, g->paddr, g->data, g->filesz);
            if (g->vaddr != g->paddr) { /* initialised data: as the start-up code copies it */
                csim_emu_write(s->emu, g->vaddr, g->data, g->filesz);
            }
        }
    }
    return CSIM_OK;
}

static csim_err setup_inputs(sim *s)
{
    const csim_run_opts *o = s->opts;
    const csim_symbol *sym;
    if (o->call || (!o->case_count && !o->input_seed)) {
        return CSIM_OK;
    }
    if (o->case_count) {
        s->v_case_first = (sym = csim_elf_find(s->elf, "bench_case_first")) ? sym->addr : 0;
        s->v_case_count = (sym = csim_elf_find(s->elf, "bench_case_count")) ? sym->addr : 0;
        if (!s->v_case_first || !s->v_case_count) {
            return csim_fail(s->diag, CSIM_ERR_ELF,
                             "%s: firmware has no case selection (bench_case_first/bench_case_count): "
                             "build it with a current firmware/bench/runner.c", s->elf->path);
        }
    }
    if (o->input_seed) {
        s->v_seed = (sym = csim_elf_find(s->elf, "bench_input_seed")) ? sym->addr : 0;
        if (!s->v_seed) {
            return csim_fail(s->diag, CSIM_ERR_USAGE,
                             "%s: firmware has no random-input support (bench_input_seed)", s->elf->path);
        }
    }
    s->m_main = (sym = csim_elf_find(s->elf, "main")) && sym->type == CSIM_SYM_FUNC ? sym->addr : 0;
    if (!s->m_main) {
        return csim_fail(s->diag, CSIM_ERR_ELF, "%s: no main function: cannot select cases or inputs",
                         s->elf->path);
    }
    return CSIM_OK;
}

/* Has the ELF an executable section in [base, base + size)? */
static bool code_in(const csim_elf *e, uint32_t base, uint32_t size)
{
    for (size_t k = 0; k < e->n_secs; k++) {
        const csim_section *c = &e->secs[k];
        if (c->alloc && c->exec && c->size && c->addr - base < size) {
            return true;
        }
    }
    return false;
}

static csim_err setup(sim *s)
{
    const csim_model *m = s->model;
    csim_diag *d = s->diag;
    if (!arch_runs(m->arch, s->elf->arch)) {
        return csim_fail(d, CSIM_ERR_ELF, "%s: built for %s, which a %s (%s) cannot run", s->elf->path,
                         s->elf->arch_name, m->name, m->arch == CSIM_ARCH_V6M ? "ARMv6-M" : "ARMv8-M");
    }
    s->flash = csim_memsys_new(&m->flash);
    s->dis = csim_disasm_new();
    if (!s->flash || !s->dis) {
        return csim_fail(d, CSIM_ERR_MODEL, "%s: flash interface or decoder could not be created", m->name);
    }
    s->flash_cfg = csim_memsys_config(s->flash);
    csim_core_init(&s->core, &m->core, s->flash);
    csim_periph_env env = {s, sim_now, sim_flash_config, s->opts->console};
    s->periph = csim_periph_new(m, &env);
    csim_emu_hooks hooks = {s, on_block, on_mem, on_trap};
    csim_err err = csim_emu_new(&s->emu, s->core.desc->emu_cpu, &hooks, d);
    if (err || !s->periph) {
        return err ? err : csim_fail(d, CSIM_ERR_NOMEM, "out of memory");
    }
    if ((err = csim_emu_map(s->emu, m->flash.flash_base, m->flash.flash_size, false, d))) {
        return err;
    }
    for (unsigned i = 0; i < m->n_sram; i++) {
        /* SRAM as traced memory (docs/performance.md) on a core without
         * unaligned accesses, unless the ELF has code there: code cannot run from it. */
        bool traced = !(s->core.desc->features & CSIM_CF_UNALIGNED) &&
                      !code_in(s->elf, m->sram[i].base, m->sram[i].size);
        err = traced ? csim_emu_map_traced(s->emu, m->sram[i].base, m->sram[i].size, d)
                     : csim_emu_map(s->emu, m->sram[i].base, m->sram[i].size, true, d);
        if (err) {
            return err;
        }
    }
    uint32_t pb[64], ps[64];
    unsigned np = csim_periph_pages(s->periph, pb, ps, 64);
    for (unsigned i = 0; i < np; i++) {
        if ((err = csim_emu_map_mmio(s->emu, pb[i], ps[i], csim_periph_read, csim_periph_write, s->periph, d))) {
            return err;
        }
    }
    if ((err = csim_emu_map(s->emu, RETURN_STUB, 0x1000, false, d))) {
        return err;
    }
    static const uint16_t stub[2] = {0xE7FE, 0xE7FE}; /* b . */
    csim_emu_write(s->emu, RETURN_STUB, stub, sizeof(stub));
    if ((err = load_image(s)) || (err = make_spans(s))) {
        return err;
    }
    if (s->opts->profile && !(s->prof = csim_prof_new(s->elf))) {
        return csim_fail(d, CSIM_ERR_NOMEM, "out of memory");
    }
    const csim_symbol *sym;
    s->m_begin = (sym = csim_elf_find(s->elf, "bench_region_begin")) ? sym->addr : 0;
    s->m_end = (sym = csim_elf_find(s->elf, "bench_region_end")) ? sym->addr : 0;
    s->m_done = (sym = csim_elf_find(s->elf, "bench_case_done")) ? sym->addr : 0;
    s->cases_lo = (sym = csim_elf_find(s->elf, "__start_bench_cases")) ? sym->addr : 0;
    s->cases_hi = (sym = csim_elf_find(s->elf, "__stop_bench_cases")) ? sym->addr : 0;
    s->workbuf_var = (sym = csim_elf_find(s->elf, "bench_workbuf_bytes")) ? sym->addr : 0;
    s->attempts_var = (sym = csim_elf_find(s->elf, "bench_sign_attempts")) ? sym->addr : 0;
    s->io_lo = (sym = csim_elf_find(s->elf, "__bench_io_start")) ? sym->addr : 0;
    s->io_hi = (sym = csim_elf_find(s->elf, "__bench_io_end")) ? sym->addr : 0;
    s->ioc_lo = (sym = csim_elf_find(s->elf, "__bench_io_const_start")) ? sym->addr : 0;
    s->ioc_hi = (sym = csim_elf_find(s->elf, "__bench_io_const_end")) ? sym->addr : 0;
    return setup_inputs(s);
}

static void describe_pc(sim *s, uint32_t pc, char *buf, size_t len)
{
    uint32_t off = 0;
    const csim_symbol *sym = csim_elf_locate(s->elf, pc, &off);
    if (sym) {
        snprintf(buf, len, "0x%08x (%s+0x%x)", pc, sym->name, off);
    } else {
        snprintf(buf, len, "0x%08x", pc);
    }
}

static uint32_t stack_bottom(const sim *s)
{
    const csim_symbol *lim = csim_elf_find(s->elf, "__stack_limit");
    return lim ? lim->addr : 0;
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
    s->memo_on = !opts->no_reuse;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    csim_err err = setup(s);
    uint32_t pc = 0;
    if (!err && opts->call) {
        const csim_symbol *f = csim_elf_find(elf, opts->call);
        if (!f || f->type != CSIM_SYM_FUNC) {
            err = csim_fail(diag, CSIM_ERR_USAGE, "%s: no function named \"%s\"", elf->path, opts->call);
        } else {
            uint32_t top = model->sram[0].base + model->sram[0].size;
            csim_emu_set_reg(s->emu, CSIM_SP, top);
            for (unsigned i = 0; i < opts->n_call_args; i++) {
                csim_emu_set_reg(s->emu, CSIM_R0 + (int)i, opts->call_args[i]);
            }
            csim_emu_set_reg(s->emu, CSIM_LR, RETURN_STUB | 1u);
            pc = f->addr;
        }
    } else if (!err) {
        uint32_t vec[2] = {0, 0};
        csim_emu_read(s->emu, model->flash.flash_base, vec, sizeof(vec));
        csim_emu_set_reg(s->emu, CSIM_SP, vec[0]);
        pc = vec[1] & ~1u;
        if (!vec[1]) {
            err = csim_fail(diag, CSIM_ERR_ELF, "%s: no vector table at 0x%08x (reset vector is 0)", elf->path,
                            model->flash.flash_base);
        }
    }
    if (!err) {
        csim_core_redirect(&s->core, pc);
        s->core.fetch_from = 0;
    }
    if (!err && opts->call) {
        /* --call times the whole function, cold or warm as chosen. */
        s->region_ret = 0;
        s->in_region = true;
        s->r_bd = s->core.bd;
        track_begin(s, pc, true);
    }
    while (!err) {
        s->act = ACT_NONE;
        csim_err e2 = csim_emu_run(s->emu, pc, 0xFFFFFFFFu, diag);
        uint32_t where = 0;
        csim_stop why = csim_emu_stop_reason(s->emu, &where);
        if (e2 && s->act == ACT_NONE) {
            uint32_t fpc = csim_emu_reg(s->emu, CSIM_PC);
            if (why == CSIM_STOP_UNMAPPED_FETCH && where >= EXC_RETURN_MIN && s->exc_depth) {
                finish_pending(s, where);
                if (!exception_return(s)) {
                    err = CSIM_ERR_FAULT;
                    break;
                }
                pc = s->act_pc;
                continue;
            }
            if (s->pending && (why == CSIM_STOP_UNMAPPED_READ || why == CSIM_STOP_UNMAPPED_WRITE ||
                               why == CSIM_STOP_PROT)) {
                /* The faulting access was not recorded: it is the next transfer. */
                const block *b = s->pending;
                unsigned seen = s->ev_pos, i = s->cursor;
                while (i < b->n && seen + b->insns[i].transfers <= s->n_ev) {
                    seen += b->insns[i].transfers;
                    i++;
                }
                if (i < b->n) {
                    fpc = s->pending->insns[i].addr;
                }
            } else if (why == CSIM_STOP_UNDEFINED) {
                fpc = where;
            }
            finish_at(s, fpc);
            char at[160];
            describe_pc(s, fpc, at, sizeof(at));
            uint32_t sp = csim_emu_reg(s->emu, CSIM_SP), lim = stack_bottom(s);
            const char *kind = why == CSIM_STOP_UNMAPPED_READ ? "read of unmapped memory"
                               : why == CSIM_STOP_UNMAPPED_WRITE ? "write to unmapped memory"
                               : why == CSIM_STOP_UNMAPPED_FETCH ? "instruction fetch from unmapped memory"
                               : why == CSIM_STOP_PROT ? "write to read-only memory (flash)"
                               : why == CSIM_STOP_UNDEFINED ? "undefined instruction"
                               : why == CSIM_STOP_TRACED_FETCH ? "code in SRAM, where the ELF has no executable section"
                                                               : "emulator error";
            if (lim && sp < lim && why != CSIM_STOP_UNMAPPED_FETCH) {
                err = csim_fail(diag, CSIM_ERR_FAULT, "fault at %s: stack overflow (SP 0x%08x below "
                                "__stack_limit 0x%08x)", at, sp, lim);
            } else if (why == CSIM_STOP_UNMAPPED_WRITE && sp < model->sram[0].base + 64 && sp >= model->sram[0].base - 64) {
                err = csim_fail(diag, CSIM_ERR_FAULT, "fault at %s: stack ran out of SRAM (SP 0x%08x)", at, sp);
            } else if (why == CSIM_STOP_UNDEFINED || why == CSIM_STOP_EMU_ERROR) {
                err = csim_fail(diag, CSIM_ERR_FAULT, "fault at %s: %s (%s)", at, kind, diag->msg);
            } else {
                err = csim_fail(diag, CSIM_ERR_FAULT, "fault at %s: %s at 0x%08x", at, kind, where);
            }
            break;
        }
        switch (s->act) {
        case ACT_NONE:
            err = csim_fail(diag, CSIM_ERR_INTERNAL, "emulator stopped without a reason");
            break;
        case ACT_SEMIHOST:
            finish_at(s, s->act_pc);
            semihost(s);
            pc = s->act_pc;
            if (s->act == ACT_DONE) {
                goto done;
            }
            continue;
        case ACT_EXCEPTION:
            if (!take_exception(s, s->act_pc)) {
                err = csim_fail(diag, CSIM_ERR_FAULT, "%s", s->fault);
                break;
            }
            pc = s->act_pc;
            continue;
        case ACT_EXC_RETURN:
            finish_at(s, s->act_pc);
            if (!exception_return(s)) {
                err = csim_fail(diag, CSIM_ERR_FAULT, "%s", s->fault);
                break;
            }
            pc = s->act_pc;
            continue;
        case ACT_DONE:
            res->exited = true;
            res->call_result = csim_emu_reg(s->emu, CSIM_R0);
            goto done;
        case ACT_LIMIT: {
            char at[160];
            describe_pc(s, s->act_pc, at, sizeof(at));
            err = csim_fail(diag, CSIM_ERR_LIMIT, "instruction limit of %llu reached at %s (runaway firmware? "
                            "raise it with --max-insns)", (unsigned long long)opts->max_insns, at);
            break;
        }
        case ACT_FAULT: {
            finish_at(s, s->act_pc);
            char at[160];
            describe_pc(s, s->act_pc, at, sizeof(at));
            err = csim_fail(diag, CSIM_ERR_FAULT, "fault at %s: %s", at, s->fault);
            break;
        }
        }
        break;
    }
done:
    if (!err && opts->call) {
        region_end(s);
        csim_case_result *c = calloc(1, sizeof(*c));
        if (c) {
            *c = s->cur;
            snprintf(c->name, sizeof(c->name), "%s", opts->call);
            c->cycles = c->bd.cycles;
            res->cases = c;
            res->n_cases = 1;
            s->cur.profile = NULL;
        }
    }
    if (getenv("CYCLESIM_DEBUG_REUSE")) { /* docs/performance.md */
        fprintf(stderr, "reuse: %llu reused, %llu priced, %llu not tried (none %llu, outcome %llu, transfers %llu, "
                "state %llu, memory %llu)\n",
                (unsigned long long)s->memo_hits, (unsigned long long)s->memo_misses, (unsigned long long)s->memo_skips,
                (unsigned long long)s->why[0], (unsigned long long)s->why[1], (unsigned long long)s->why[2],
                (unsigned long long)s->why[3], (unsigned long long)s->why[4]);
    }
    res->total_cycles = csim_core_now(&s->core);
    res->total_insns = s->core.bd.instructions;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    res->host_seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    free_blocks(s);
    csim_profile_free(s->cur.profile);
    csim_prof_free(s->prof);
    for (unsigned i = 0; i < s->n_spans; i++) {
        free(s->spans[i].bits);
    }
    free(s->fp_blocks);
    free(s->sym_seen);
    csim_emu_free(s->emu);
    csim_disasm_free(s->dis);
    csim_memsys_free(s->flash);
    csim_periph_free(s->periph);
    free(s);
    return err;
}

void csim_run_result_free(csim_run_result *res)
{
    for (size_t i = 0; i < res->n_cases; i++) {
        csim_profile_free(res->cases[i].profile);
    }
    free(res->cases);
    memset(res, 0, sizeof(*res));
}

/* Copies len bytes at addr from the ELF's loadable segments (as loaded). */
static bool elf_read(const csim_elf *e, uint32_t addr, void *out, uint32_t len)
{
    for (size_t i = 0; i < e->n_segs; i++) {
        const csim_segment *g = &e->segs[i];
        if (addr - g->vaddr < g->filesz && len <= g->filesz - (addr - g->vaddr)) {
            memcpy(out, g->data + (addr - g->vaddr), len);
            return true;
        }
    }
    return false;
}

static void elf_cstr(const csim_elf *e, uint32_t addr, char *out, size_t len)
{
    size_t n = 0;
    while (n + 1 < len && addr && elf_read(e, addr + (uint32_t)n, &out[n], 1) && out[n]) {
        n++;
    }
    out[n] = 0;
}

size_t csim_case_list(const csim_elf *e, char (*names)[96], char (*rows)[96], size_t max)
{
    const csim_symbol *lo = csim_elf_find(e, "__start_bench_cases"), *hi = csim_elf_find(e, "__stop_bench_cases");
    if (!lo || !hi || hi->addr <= lo->addr) {
        return 0;
    }
    /* The runner's empty case is a bench_case_t too: its size is the stride. */
    const csim_symbol *empty = csim_elf_find(e, "bench_empty_case");
    uint32_t stride = empty && empty->size >= 8 ? empty->size : BENCH_CASE_BYTES;
    size_t n = (hi->addr - lo->addr) / stride;
    for (size_t i = 0; i < n && i < max; i++) {
        uint32_t ptrs[2] = {0, 0}; /* bench_case_t: name, row, ... */
        elf_read(e, lo->addr + (uint32_t)(i * stride), ptrs, sizeof(ptrs));
        if (names) {
            elf_cstr(e, ptrs[0], names[i], sizeof(names[i]));
        }
        if (rows) {
            elf_cstr(e, ptrs[1], rows[i], sizeof(rows[i]));
        }
    }
    return n;
}
