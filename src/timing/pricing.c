/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pricing.c - the pricing of decoded blocks and the reuse of a pricing.
 *
 * A block's pricing is kept (a memo) and replayed when the block runs again
 * from the same core state with the same kinds of transfers to the same next
 * block, and the flash interface is known to answer as before
 * (docs/performance.md, "Block reuse").  One translation unit: the pricing
 * loop, the tries and the recordings are the hottest code of a run.
 */
#include <stdlib.h>
#include <string.h>

#include "cyclesim/timing/pricing.h"

#define MEMO_EVENTS 512
#define MEMO_SLOTS 6       /* pricings kept per block */
#define STATE_SLOTS 4      /* of them kept by state: [0, 4), on the ICACHE [2, 6) */
#define ICACHE_HIT_SLOTS 2 /* ICACHE: slots 0-1 replay cache hits */
#define MEMO_ALWAYS_TRY 16 /* blocks of this many instructions are never priced without trying reuse */

_Static_assert(CSIM_PRICER_FLASH_READS == MEMO_EVENTS, "a kept pricing's flash reads are among its transfers");

/* A block's pricing, reusable when it runs again from the same core state,
 * with the same kinds of transfers, to the same next block, and
 *  - ICACHE, slots 0-1: all its flash-interface accesses are plain cache
 *    hits again (replayed access by access: the cache is too large to compare);
 *  - other flash interfaces, and the ICACHE's slots 2-5: from the same
 *    flash-interface state (buffers, reads in flight, and cache tags, which
 *    on the ICACHE means the same answers to the block's tag tests, n_tag of
 *    them) and with the same flash data addresses where they matter, so the
 *    whole state after it is known too. */
typedef struct csim_tm_memo {
    bool valid;
    /* ICACHE hits: it also holds from states whose fetch side is shifted by
     * [lag_lo, lag_hi] (csim_core_lag_end), its state after shifted alike if
     * lag_shifted.  (Small fields where the layout had padding: the memos
     * of a block are scanned on every try.) */
    bool lag_ok, lag_shifted;
    unsigned epoch;          /* flash configuration it was priced under */
    uint32_t next;
    csim_core_sig entry, exit;
    int16_t lag_lo, lag_hi;
    uint64_t dt;
    csim_breakdown d;
    csim_ms_stats ms_d;      /* flash-interface statistics it adds (state replay) */
    unsigned n_ev, n_acc, n_flash, n_tag, ms_in, ms_out;
    csim_ms_replay rp;       /* ICACHE: the lines its fetches hit, while no tag changed */
    /* State replay of a direct-mapped cache: the tags were those of the state
     * before when the flash interface's tag generation was tag_gen (if
     * tag_known); tags_same: the state after has the same tags. */
    uint64_t tag_gen;
    bool tag_known, tags_same;
    uint64_t gen;            /* pricer-wide number of this recording (a slot is reused) */
    /* State replay: the pricing whose state before matched the state that
     * this one's state after became last time, `succ_floor` cycles from the
     * earliest request, while neither was recorded again. */
    const struct csim_tm_memo *succ;
    uint64_t succ_gen;
    int64_t succ_floor;
    /* The pricing whose core signature was the core state this one's state
     * after restores to, while neither was recorded again (core_matches). */
    const struct csim_tm_memo *core_succ;
    uint64_t core_succ_gen;
    /* acc_addr u32[n_acc], flash_addr u32[n_flash], tag_word u32[n_tag],
     * ev_class[n_ev], acc_kind[n_acc], flash-interface state before [ms_in]
     * and after [ms_out], tag_what[n_tag] */
    uint8_t *blob;
} memo;

static bool flow_taken(const csim_insn *in, uint32_t next)
{
    if (!(in->flags & CSIM_IF_WRITES_PC)) {
        return false;
    }
    return next != in->addr + in->size;
}

/* Price instructions of the pending block up to (excluding) index `upto`;
 * `next` is where execution went after the block's last instruction. */
static void price_until(csim_pricer *p, unsigned upto, uint32_t next)
{
    csim_tm_block *b = p->pending;
    if (!b) {
        return;
    }
    for (; p->cursor < upto && p->cursor < b->n; p->cursor++) {
        const csim_insn *in = &b->insns[p->cursor];
        unsigned nt = in->transfers;
        unsigned avail = p->n_ev - p->ev_pos;
        unsigned take = nt < avail ? nt : avail;
        bool last = p->cursor + 1 == b->n;
        bool taken = last && flow_taken(in, next);
        csim_core_exec(p->core, in, &p->ev[p->ev_pos], take, taken, next);
        if (p->on_insn) {
            p->on_insn(p->on_insn_ctx, in, &p->ev[p->ev_pos], take);
        }
        p->ev_pos += take;
    }
}

static const uint8_t *memo_ev_class(const memo *m) { return m->blob + 4 * (m->n_acc + m->n_flash + m->n_tag); }

static const uint32_t *memo_tag_word(const memo *m) { return (const uint32_t *)(m->blob + 4 * (m->n_acc + m->n_flash)); }

static const uint8_t *memo_tag_what(const memo *m)
{
    return memo_ev_class(m) + m->n_ev + m->n_acc + m->ms_in + m->ms_out;
}

static bool events_match(const csim_pricer *p, const memo *m)
{
    return m->n_ev == p->n_ev && memcmp(memo_ev_class(m), p->ev_class, p->n_ev) == 0;
}

/* Collects the words of the data reads of the flash (CSIM_TC_FLASH, not written)
 * where they matter (the flash interface is handed the word: read_ready);
 * false if there are more than CSIM_PRICER_FLASH_READS. */
static bool flash_reads(const csim_pricer *p, uint32_t *addr, unsigned *n)
{
    *n = 0;
    if (csim_memsys_data_anywhere(p->flash)) {
        return true;
    }
    for (unsigned i = 0; i < p->n_ev; i++) {
        if (p->ev_class[i] == CSIM_TC_FLASH) {
            if (*n == CSIM_PRICER_FLASH_READS) {
                return false;
            }
            addr[(*n)++] = p->ev[i].addr & ~3u;
        }
    }
    return true;
}

/* ICACHE: the slot holding the pricing that ended at `next`, else the one to
 * reuse (slots 0 and 1). */
static memo *memo_slot(csim_tm_block *b, uint32_t next)
{
    if (!b->memo) {
        return NULL;
    }
    if (b->memo[1].valid && b->memo[1].next == next) {
        return &b->memo[1];
    }
    return !b->memo[0].valid || b->memo[0].next == next || b->memo[1].valid ? &b->memo[0] : &b->memo[1];
}

/* Keeps the recorded pricing in slot m: with its accesses (a replay of cache
 * hits), else with the flash-interface states and n_tag tag tests; false
 * when out of memory. */
static bool memo_store(csim_pricer *p, memo *m, uint32_t next, uint64_t dt, const csim_breakdown *d, bool with_acc,
                       unsigned n_tag)
{
    const csim_tm_rec *r = &p->rec;
    unsigned n_acc = with_acc ? r->acc.n : 0, n_flash = with_acc ? 0 : r->n_flash;
    unsigned ms_in = with_acc ? 0 : r->ms_in.n, ms_out = with_acc ? 0 : r->ms_out.n;
    size_t len = 5 * ((size_t)n_acc + n_tag) + 4 * (size_t)n_flash + p->n_ev + ms_in + ms_out;
    uint8_t *blob = malloc(len ? len : 1);
    uint32_t *slot = with_acc ? realloc(m->rp.slot, sizeof(*slot) * 4 * (n_acc ? n_acc : 1)) : NULL;
    if (!blob || (with_acc && !slot)) {
        free(blob);
        return false;
    }
    if (with_acc) {
        m->rp.slot = slot;
        m->rp.gen = 0;
    }
    free(m->blob);
    m->blob = blob;
    memcpy(blob, r->acc.addr, 4 * n_acc);
    blob += 4 * n_acc;
    memcpy(blob, r->flash_addr, 4 * n_flash);
    blob += 4 * n_flash;
    memcpy(blob, r->tags.word, 4 * n_tag);
    blob += 4 * n_tag;
    memcpy(blob, p->ev_class, p->n_ev);
    blob += p->n_ev;
    memcpy(blob, r->acc.kind, n_acc);
    blob += n_acc;
    memcpy(blob, r->ms_in.b, ms_in);
    blob += ms_in;
    memcpy(blob, r->ms_out.b, ms_out);
    memcpy(blob + ms_out, r->tags.what, n_tag);
    m->valid = true;
    m->lag_ok = false;
    m->tag_known = m->tags_same = false;
    m->gen = ++p->memo_gen;
    m->succ = m->core_succ = NULL;
    m->epoch = p->epoch;
    m->next = next;
    m->entry = r->entry;
    m->exit = r->exit;
    m->dt = dt;
    m->d = *d;
    m->n_ev = p->n_ev;
    m->n_acc = n_acc;
    m->n_flash = n_flash;
    m->n_tag = n_tag;
    m->ms_in = ms_in;
    m->ms_out = ms_out;
    return true;
}

void csim_tm_breakdown_diff(csim_breakdown *d, const csim_breakdown *a, const csim_breakdown *b)
{
#define DIFF(f, label, event, bucket) d->f = a->f - b->f;
    CSIM_BREAKDOWN_FIELDS(DIFF)
#undef DIFF
}

/* Whether the core's signature for block b is x's state before; `sig`,
 * `have` and `ok` keep the signature once computed, for the other pricings
 * tried.  A core that a replay restored and nothing changed since has a
 * signature that is a function of that pricing's state after (and b's
 * address, which x fixes): the pricing that matched it last time matches
 * again without signing.  Inlined: it is on the path of every block. */
static inline __attribute__((always_inline)) bool core_matches(csim_pricer *p, const csim_tm_block *b, memo *x, csim_core_sig *sig,
                                                                bool *have, bool *ok)
{
    memo *from = p->restored;
    const bool pure = from && from->gen == p->restored_gen && p->core->version == p->restored_version;
    if (pure && from->core_succ == x && from->core_succ_gen == x->gen) {
        return true;
    }
    if (!*have) {
        *have = true;
        *ok = csim_core_signature(p->core, b->addr, sig);
    }
    if (!*ok || memcmp(sig, &x->entry, sizeof(*sig)) != 0) {
        return false;
    }
    if (pure) {
        from->core_succ = x;
        from->core_succ_gen = x->gen;
    }
    return true;
}

/* Restores the core to pricing m's state after, `m->dt` cycles on. */
static void core_replay(csim_pricer *p, const csim_tm_block *b, memo *m)
{
    csim_core_restore(p->core, b->addr, &m->exit, m->dt, &m->d);
    p->restored = m;
    p->restored_gen = m->gen;
    p->restored_version = p->core->version;
}

/* What a failed try left in rec: the core signature and the flash-interface
 * state before the block, each if it got that far, and whether it was had. */
typedef struct tried_keys {
    bool sig, sig_ok, st, st_ok;
} tried_keys;

/* ICACHE: replays pricing memo_slot(b, next) if all its accesses are plain
 * cache hits again; else *why is the `why` index (see state_match). */
static bool try_replay(csim_pricer *p, csim_tm_block *b, uint32_t next, tried_keys *tried, unsigned *why)
{
    memo *m = memo_slot(b, next);
    *why = !m || !m->valid                                                        ? 0
           : m->epoch != p->epoch || m->next != next                              ? 1
           : !events_match(p, m)                                                  ? 2
           : !core_matches(p, b, m, &p->rec.entry, &tried->sig, &tried->sig_ok)   ? 3
                                                                                  : 4;
    /* The same state but for a shift of the fetch side that the pricing holds for. */
    int64_t delta = 0;
    if (*why == 3 && m->lag_ok && tried->sig_ok && csim_core_sig_shift(&p->rec.entry, &m->entry, &delta) &&
        delta >= m->lag_lo && delta <= m->lag_hi) {
        *why = 4;
    }
    if (*why < 4) {
        return false;
    }
    const int64_t exit_shift = m->lag_shifted ? delta : 0;
    uint64_t now = csim_core_earliest_request(p->core);
    uint64_t last = p->core->t + m->dt + (uint64_t)(csim_core_sig_earliest_request(&m->exit) + exit_shift);
    /* Fetches repeat the recorded words; data reads of the flash take this
     * run's addresses, in order (a hit costs the same wherever it hits). */
    const uint8_t *ev_class = memo_ev_class(m), *kind = ev_class + m->n_ev;
    /* The lines found last time, when no line was filled since. */
    if (m->rp.gen) {
        uint32_t data[CSIM_REC_MAX];
        unsigned nd = 0;
        for (unsigned e = 0; e < p->n_ev && nd < m->rp.n_data; e++) {
            if (ev_class[e] == CSIM_TC_FLASH) {
                data[nd++] = p->ev[e].addr & ~3u;
            }
        }
        if (nd == m->rp.n_data && csim_memsys_replay_again(p->flash, now, last, &m->rp, data)) {
            core_replay(p, b, m);
            return true;
        }
    }
    uint32_t addr[CSIM_REC_MAX];
    memcpy(addr, m->blob, 4 * m->n_acc);
    unsigned e = 0;
    for (unsigned j = 0; j < m->n_acc; j++) {
        if (kind[j] == CSIM_MS_DATA) {
            while (e < p->n_ev && ev_class[e] != CSIM_TC_FLASH) {
                e++;
            }
            if (e == p->n_ev) {
                return false;
            }
            addr[j] = p->ev[e++].addr & ~3u;
        }
    }
    if (!csim_memsys_replay_hits(p->flash, now, last, addr, kind, m->n_acc, m->rp.slot ? &m->rp : NULL)) {
        return false;
    }
    core_replay(p, b, m);
    if (exit_shift) {
        csim_core_shift_fetch(p->core, exit_shift); /* moves the version: not m's state after */
    }
    return true;
}

/* The first of the STATE_SLOTS slots of pricings kept by state. */
static unsigned state_slots(const csim_pricer *p) { return p->logs_tags ? ICACHE_HIT_SLOTS : 0; }

/* A slot for a pricing by state: a free one, else the next in turn. */
static memo *state_slot(const csim_pricer *p, csim_tm_block *b)
{
    const unsigned lo = state_slots(p);
    for (unsigned k = lo; k < lo + STATE_SLOTS; k++) {
        if (!b->memo[k].valid) {
            return &b->memo[k];
        }
    }
    return &b->memo[lo + b->memo_rr++ % STATE_SLOTS];
}

/* ICACHE: prices the whole pending block and keeps the pricing: as a replay
 * of cache hits when it made only those, from and to a quiet flash interface;
 * else by state, with the flash interface's head before and after and the
 * tag tests of its reads (the states before taken from the failed tries
 * where they had them). */
static void price_and_record(csim_pricer *p, csim_tm_block *b, uint32_t next, const tried_keys *tried)
{
    csim_core *c = p->core;
    csim_tm_rec *r = &p->rec;
    const uint64_t earliest = csim_core_earliest_request(c);
    const bool sig = p->n_ev <= MEMO_EVENTS && (tried->sig ? tried->sig_ok : csim_core_signature(c, b->addr, &r->entry));
    const bool hits = sig && csim_memsys_quiet(p->flash, earliest);
    const bool state = sig && flash_reads(p, r->flash_addr, &r->n_flash) &&
                       (tried->st ? tried->st_ok : csim_memsys_save_head(p->flash, c->t, earliest, true, &r->ms_in)) &&
                       csim_memsys_log_tags(p->flash, &r->tags); /* last: nothing but the reads is logged */
    csim_ms_stats before = *csim_memsys_stats(p->flash);
    csim_breakdown bd = c->bd, d;
    uint64_t t0 = c->t;
    r->acc.n = 0;
    r->acc.overflow = false;
    c->rec = hits ? &r->acc : NULL;
    if (hits) {
        csim_core_lag_begin(c);
    }
    price_until(p, b->n, next);
    c->rec = NULL;
    int64_t lag_lo = 0, lag_hi = 0;
    bool lag_shifted = false;
    const bool lag_ok = hits && csim_core_lag_end(c, &lag_lo, &lag_hi, &lag_shifted);
    csim_memsys_log_tags(p->flash, NULL);
    if (!sig || !csim_core_signature(c, b->addr, &r->exit)) {
        return;
    }
    const csim_ms_stats *after = csim_memsys_stats(p->flash);
    const bool by_hits = hits && !r->acc.overflow && after->misses == before.misses &&
                         after->flash_reads == before.flash_reads && after->prefetch_hits == before.prefetch_hits &&
                         csim_memsys_quiet(p->flash, c->t);
    /* The state before assumed that a read comes first (see csim_memsys_save). */
    const bool by_state = !by_hits && state && !r->tags.overflow &&
                          after->fetches + after->data_reads != before.fetches + before.data_reads &&
                          csim_memsys_save_head(p->flash, c->t, csim_core_earliest_request(c), false, &r->ms_out);
    if ((!by_hits && !by_state) || (!b->memo && !(b->memo = calloc(MEMO_SLOTS, sizeof(memo))))) {
        return;
    }
    csim_tm_breakdown_diff(&d, &c->bd, &bd);
    if (by_hits) {
        memo *m = memo_slot(b, next);
        if (memo_store(p, m, next, c->t - t0, &d, true, 0)) {
            m->lag_ok = lag_ok;
            m->lag_shifted = lag_shifted;
            /* Signatures hold 16-bit times: no shift outside that range matches. */
            m->lag_lo = (int16_t)(lag_lo < -INT16_MAX ? -INT16_MAX : lag_lo);
            m->lag_hi = (int16_t)(lag_hi > INT16_MAX ? INT16_MAX : lag_hi);
        }
        return;
    }
    memo *m = state_slot(p, b);
    if (memo_store(p, m, next, c->t - t0, &d, false, r->tags.n)) {
        csim_tm_ms_stats_diff(&m->ms_d, after, &before);
        m->tag_known = m->tags_same = false;
    }
}

/* This run's keys for a state replay, each computed when first needed;
 * `known`: the pricing whose state before is known to be this state.  The
 * core signature and the flash-interface state are kept where a pricing after
 * a failed try records them (rec.entry, rec.ms_in).  head_only (ICACHE): the
 * state is the head, and the tags answer for themselves (tag tests). */
typedef struct replay_keys {
    const memo *known;
    bool head_only;
    bool have_fa, have_sig, have_st, have_head, fa_ok, sig_ok, st_ok, head_ok;
    unsigned tb;   /* csim_memsys_tag_bytes */
    uint64_t gen;  /* csim_memsys_tag_gen */
    unsigned nf;
    uint32_t fa[CSIM_PRICER_FLASH_READS];
    csim_core_sig *sig;
    csim_ms_state *st;
} replay_keys;

/* How far kept pricing x holds for this run of block b (the `why` index):
 * 0 none kept, 1 other outcome or flash configuration, 2 other transfers,
 * 3 other core state, 4 other flash-interface state, 5 it holds. */
static unsigned state_match(csim_pricer *p, const csim_tm_block *b, memo *x, uint32_t next, replay_keys *k)
{
    csim_core *c = p->core;
    if (!x->valid) {
        return 0;
    }
    if (x->epoch != p->epoch || x->next != next) {
        return 1;
    }
    if (!k->have_fa) {
        k->have_fa = true;
        k->fa_ok = flash_reads(p, k->fa, &k->nf);
    }
    if (!events_match(p, x) || !k->fa_ok || k->nf != x->n_flash ||
        memcmp(k->fa, x->blob + 4 * x->n_acc, 4 * k->nf) != 0) {
        return 2;
    }
    if (!core_matches(p, b, x, k->sig, &k->have_sig, &k->sig_ok)) {
        return 3;
    }
    const uint8_t *in = memo_ev_class(x) + x->n_ev;
    if (x != k->known && x->tag_known && x->tag_gen == k->gen) {
        /* No tag has changed since they were x's: the rest decides. */
        if (!k->have_st && !k->have_head) {
            k->have_head = true;
            k->head_ok = csim_memsys_save_head(p->flash, c->t, csim_core_earliest_request(c), true, k->st);
        }
        const unsigned head = k->have_st ? k->st->n - k->tb : k->st->n;
        if (!(k->have_st ? k->st_ok : k->head_ok) || head + k->tb != x->ms_in || memcmp(k->st->b, in, head) != 0) {
            return 4;
        }
        return 5;
    }
    if (x != k->known) {
        if (!k->have_st) {
            k->have_st = true;
            const uint64_t floor = csim_core_earliest_request(c);
            k->st_ok = k->head_only ? csim_memsys_save_head(p->flash, c->t, floor, true, k->st)
                                    : csim_memsys_save(p->flash, c->t, floor, true, k->st);
        }
        if (!k->st_ok || k->st->n != x->ms_in || memcmp(k->st->b, in, k->st->n) != 0) {
            return 4;
        }
    }
    x->tag_known = k->tb != 0;
    x->tag_gen = k->gen;
    return 5;
}

/* Replays a pricing kept by state if one holds; else *why is the `why`
 * index of the one that came closest. */
static bool try_replay_state(csim_pricer *p, csim_tm_block *b, uint32_t next, tried_keys *tried, unsigned *why)
{
    replay_keys keys;
    keys.have_fa = keys.have_st = keys.have_head = false;
    keys.fa_ok = keys.st_ok = keys.head_ok = false; /* copied into *tried whether or not computed */
    keys.have_sig = tried->sig;
    keys.sig_ok = tried->sig_ok;
    keys.head_only = p->logs_tags;
    keys.tb = csim_memsys_tag_bytes(p->flash);
    keys.gen = csim_memsys_tag_gen(p->flash);
    keys.known = NULL;
    keys.sig = &p->rec.entry;
    keys.st = &p->rec.ms_in;
    /* Nothing has run since the last state replay, at the same cycle, with
     * the same earliest request: the state (a function of those alone) is
     * the one that matched after it last time, known without saving it. */
    memo *x = p->loaded;
    uint64_t earliest = csim_core_earliest_request(p->core);
    int64_t floor = (int64_t)(earliest - p->core->t);
    /* Not on the ICACHE: its head is saved against the tags (a pending
     * read-ahead whose words are all cached signs as none), which the head
     * loaded does not fix. */
    bool chain = !keys.head_only && x && x->gen == p->loaded_gen && p->load_t == p->core->t &&
                 csim_memsys_unchanged(p->flash, p->load_token, earliest);
    if (chain && x->succ && x->succ->gen == x->succ_gen && x->succ_floor == floor) {
        keys.known = x->succ;
    }
    p->loaded = NULL;
    *why = 0;
    /* First the pricings whose state before needs no saving of the tags (any
     * two that hold give the same result), then the others. */
    const unsigned lo = state_slots(p);
    for (unsigned i = 0; b->memo && i < 2 * STATE_SLOTS; i++) {
        memo *m = &b->memo[lo + i % STATE_SLOTS];
        const bool quick = m == keys.known || (keys.tb && m->tag_known && m->tag_gen == keys.gen);
        if (quick != (i < STATE_SLOTS)) {
            continue;
        }
        unsigned w = state_match(p, b, m, next, &keys);
        if (w == 5 && keys.head_only &&
            !csim_memsys_replay_tags(p->flash, memo_tag_word(m), memo_tag_what(m), m->n_tag)) {
            w = 4;
        }
        if (w == 5) {
            if (chain && m != keys.known) {
                x->succ = m;
                x->succ_gen = m->gen;
                x->succ_floor = floor;
            }
            core_replay(p, b, m);
            /* The tags are the state's before, and the same after (or
             * replayed): load the rest. */
            const bool head = keys.head_only || (m->tags_same && keys.tb);
            csim_ms_state out;
            out.n = head && !keys.head_only ? m->ms_out - keys.tb : m->ms_out;
            memcpy(out.b, memo_ev_class(m) + m->n_ev + m->ms_in, out.n);
            p->load_token = head ? csim_memsys_load_head(p->flash, p->core->t, &out, &m->ms_d)
                                 : csim_memsys_load(p->flash, p->core->t, &out, &m->ms_d);
            p->load_t = p->core->t;
            p->loaded = m;
            p->loaded_gen = m->gen;
            return true;
        }
        *why = w > *why ? w : *why;
    }
    *tried = (tried_keys){keys.have_sig, keys.sig_ok, keys.have_st, keys.st_ok};
    return false;
}

/* Prices the whole pending block and keeps the pricing with the core and
 * flash-interface states before and after it, those before taken from the
 * failed try where it had them. */
static void price_and_record_state(csim_pricer *p, csim_tm_block *b, uint32_t next, const tried_keys *tried)
{
    csim_core *c = p->core;
    csim_tm_rec *r = &p->rec;
    bool ok = p->n_ev <= MEMO_EVENTS && flash_reads(p, r->flash_addr, &r->n_flash) &&
              (tried->sig ? tried->sig_ok : csim_core_signature(c, b->addr, &r->entry)) &&
              (tried->st ? tried->st_ok : csim_memsys_save(p->flash, c->t, csim_core_earliest_request(c), true, &r->ms_in));
    csim_ms_stats before = *csim_memsys_stats(p->flash);
    csim_breakdown bd = c->bd, d;
    uint64_t t0 = c->t;
    const uint64_t gen = csim_memsys_tag_gen(p->flash);
    price_until(p, b->n, next);
    /* The entry state assumed that a read comes first (see csim_memsys_save). */
    const csim_ms_stats *after = csim_memsys_stats(p->flash);
    if (!ok || after->fetches + after->data_reads == before.fetches + before.data_reads ||
        !csim_core_signature(c, b->addr, &r->exit) ||
        !csim_memsys_save(p->flash, c->t, csim_core_earliest_request(c), false, &r->ms_out)) {
        return;
    }
    if (!b->memo && !(b->memo = calloc(MEMO_SLOTS, sizeof(memo)))) {
        return;
    }
    memo *m = state_slot(p, b);
    csim_tm_breakdown_diff(&d, &c->bd, &bd);
    if (memo_store(p, m, next, c->t - t0, &d, false, 0)) {
        csim_tm_ms_stats_diff(&m->ms_d, after, &before);
        const unsigned tb = csim_memsys_tag_bytes(p->flash);
        m->tag_known = tb && r->ms_in.n >= tb;
        m->tag_gen = gen;
        m->tags_same = m->tag_known && r->ms_out.n >= tb &&
                       memcmp(r->ms_in.b + r->ms_in.n - tb, r->ms_out.b + r->ms_out.n - tb, tb) == 0;
    }
}

void csim_pricer_finish(csim_pricer *p, uint32_t next)
{
    csim_tm_block *b = p->pending;
    if (b) {
        const bool icache = p->logs_tags;
        tried_keys tried = {false, false, false, false};
        unsigned why = 0, why_state = 0;
        const csim_xmem *xm = p->core->xmem;
        if (!p->reuse_on || p->cursor != 0 || p->on_insn || p->priced_only ||
            (xm && csim_xmem_contains(xm, b->addr))) {
            price_until(p, b->n, next);
        } else if (b->reuse_skip) {
            /* Blocks that keep missing are priced directly for a while:
             * trying costs more than it saves. */
            b->reuse_skip--;
            p->stats.skips++;
            price_until(p, b->n, next);
        } else if ((icache && try_replay(p, b, next, &tried, &why)) ||
                   try_replay_state(p, b, next, &tried, &why_state)) {
            p->stats.hits++;
            b->reuse_fails = 0;
        } else {
            p->stats.misses++;
            p->stats.why[why > why_state ? why : why_state]++;
            if (icache) {
                price_and_record(p, b, next, &tried);
            } else {
                price_and_record_state(p, b, next, &tried);
            }
            /* Pricing a long block costs far more than trying: always try. */
            if (++b->reuse_fails == 8 && b->n < MEMO_ALWAYS_TRY) {
                b->reuse_fails = 0;
                b->reuse_skip = 256;
            }
        }
    }
    p->pending = NULL;
    p->n_ev = p->ev_pos = 0;
    p->priced_only = false;
}

/* Price the pending block up to and including the instruction at pc, drop the
 * rest (a trap or fault stopped the block there). */
void csim_pricer_finish_at(csim_pricer *p, uint32_t pc)
{
    csim_tm_block *b = p->pending;
    if (b) {
        unsigned i = 0;
        while (i < b->n && b->insns[i].addr != pc) {
            i++;
        }
        price_until(p, i < b->n ? i + 1 : b->n, pc + 2);
    }
    p->pending = NULL;
    p->n_ev = p->ev_pos = 0;
    p->priced_only = false;
}

void csim_pricer_init(csim_pricer *p, csim_core *core, csim_memsys *flash, bool reuse)
{
    memset(p, 0, sizeof(*p));
    p->core = core;
    p->flash = flash;
    p->flash_cfg = csim_memsys_config(flash);
    p->logs_tags = csim_ms_logs_tags(p->flash_cfg->type);
    p->reuse_on = reuse;
}

void csim_tm_block_release(csim_tm_block *b)
{
    for (unsigned k = 0; b->memo && k < MEMO_SLOTS; k++) {
        free(b->memo[k].blob);
        free(b->memo[k].rp.slot);
    }
    free(b->memo);
    b->memo = NULL;
}

unsigned csim_pricer_access_insn(const csim_pricer *p, bool recorded)
{
    const csim_tm_block *b = p->pending;
    const unsigned limit = p->n_ev + !recorded;
    unsigned seen = p->ev_pos, i = p->cursor;
    while (i < b->n && seen + b->insns[i].transfers < limit) {
        seen += b->insns[i].transfers;
        i++;
    }
    return i;
}

uint64_t csim_pricer_now(csim_pricer *p)
{
    if (p->pending) {
        unsigned i = csim_pricer_access_insn(p, true);
        price_until(p, i, 0);
        if (i < p->pending->n) {
            return csim_core_access_time(p->core, &p->pending->insns[i]);
        }
    }
    return csim_core_now(p->core);
}

void csim_tm_ms_stats_diff(csim_ms_stats *d, const csim_ms_stats *a, const csim_ms_stats *b)
{
#define SUB(f, reported) d->f = a->f - b->f;
    CSIM_MS_STATS_FIELDS(SUB)
#undef SUB
}
