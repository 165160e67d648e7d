/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * reuse.c - decoded blocks, their pricing, and the reuse of a pricing.
 *
 * Each executed block is decoded once per address.  Its pricing is kept
 * (a memo) and replayed when the block runs again from the same core state
 * with the same kinds of transfers to the same next block, and the flash
 * interface is known to answer as before (docs/performance.md).
 */
#include "engine/sim_internal.h"

block *sim_find_block(sim *s, uint32_t addr, uint32_t size)
{
    unsigned h = (addr >> 1) & (BLOCK_SLOTS - 1);
    for (block *b = s->slots[h]; b; b = b->next) {
        if (b->addr == addr && b->size == size) {
            return b;
        }
    }
    for (unsigned i = 0; i < s->model->n_sram; i++) {
        /* SRAM the ELF has no code in holds no instructions: running it
         * would run zeros (ARMv6-M SRAM is traced and cannot run at all). */
        if (addr - s->model->sram[i].base < s->model->sram[i].size && !sim_code_in(s->elf, addr, size)) {
            snprintf(s->fault, sizeof(s->fault), "code in SRAM, where the ELF has no executable section");
            return NULL;
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
    csim_core_decoded(tmp, n);
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

void sim_free_blocks(sim *s)
{
    for (unsigned i = 0; i < BLOCK_SLOTS; i++) {
        for (block *b = s->slots[i], *n; b; b = n) {
            n = b->next;
            for (unsigned k = 0; b->memo && k < MEMO_SLOTS; k++) {
                free(b->memo[k].blob);
                free(b->memo[k].rp.slot);
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
void sim_price_until(sim *s, unsigned upto, uint32_t next)
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

static const uint8_t *memo_ev_class(const memo *m) { return m->blob + 4 * (m->n_acc + m->n_flash + m->n_tag); }

static const uint32_t *memo_tag_word(const memo *m) { return (const uint32_t *)(m->blob + 4 * (m->n_acc + m->n_flash)); }

static const uint8_t *memo_tag_what(const memo *m)
{
    return memo_ev_class(m) + m->n_ev + m->n_acc + m->ms_in + m->ms_out;
}

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

/* Keeps the recorded pricing in slot m: with its accesses (a replay of cache
 * hits), else with the flash-interface states and n_tag tag tests; false
 * when out of memory. */
static bool memo_store(sim *s, memo *m, uint32_t next, uint64_t dt, const csim_breakdown *d, bool with_acc,
                       unsigned n_tag)
{
    const memo_rec *r = &s->rec;
    unsigned n_acc = with_acc ? r->acc.n : 0, n_flash = with_acc ? 0 : r->n_flash;
    unsigned ms_in = with_acc ? 0 : r->ms_in.n, ms_out = with_acc ? 0 : r->ms_out.n;
    size_t len = 5 * ((size_t)n_acc + n_tag) + 4 * (size_t)n_flash + s->n_ev + ms_in + ms_out;
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
    memcpy(blob, s->ev_class, s->n_ev);
    blob += s->n_ev;
    memcpy(blob, r->acc.kind, n_acc);
    blob += n_acc;
    memcpy(blob, r->ms_in.b, ms_in);
    blob += ms_in;
    memcpy(blob, r->ms_out.b, ms_out);
    memcpy(blob + ms_out, r->tags.what, n_tag);
    m->valid = true;
    m->lag_ok = false;
    m->tag_known = m->tags_same = false;
    m->gen = ++s->memo_gen;
    m->succ = m->core_succ = NULL;
    m->epoch = s->epoch;
    m->next = next;
    m->entry = r->entry;
    m->exit = r->exit;
    m->dt = dt;
    m->d = *d;
    m->n_ev = s->n_ev;
    m->n_acc = n_acc;
    m->n_flash = n_flash;
    m->n_tag = n_tag;
    m->ms_in = ms_in;
    m->ms_out = ms_out;
    return true;
}

static void breakdown_diff(csim_breakdown *d, const csim_breakdown *a, const csim_breakdown *b)
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
static inline __attribute__((always_inline)) bool core_matches(sim *s, const block *b, memo *x, csim_core_sig *sig,
                                                                bool *have, bool *ok)
{
    memo *from = s->restored;
    const bool pure = from && from->gen == s->restored_gen && s->core.version == s->restored_version;
    if (pure && from->core_succ == x && from->core_succ_gen == x->gen) {
        return true;
    }
    if (!*have) {
        *have = true;
        *ok = csim_core_signature(&s->core, b->addr, sig);
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
static void core_replay(sim *s, const block *b, memo *m)
{
    csim_core_restore(&s->core, b->addr, &m->exit, m->dt, &m->d);
    s->restored = m;
    s->restored_gen = m->gen;
    s->restored_version = s->core.version;
}

/* What a failed try left in rec: the core signature and the flash-interface
 * state before the block, each if it got that far, and whether it was had. */
typedef struct tried_keys {
    bool sig, sig_ok, st, st_ok;
} tried_keys;

/* ICACHE: replays pricing memo_slot(b, next) if all its accesses are plain
 * cache hits again; else *why is the `why` index (see state_match). */
static bool try_replay(sim *s, block *b, uint32_t next, tried_keys *tried, unsigned *why)
{
    memo *m = memo_slot(b, next);
    *why = !m || !m->valid                                                        ? 0
           : m->epoch != s->epoch || m->next != next                              ? 1
           : !events_match(s, m)                                                  ? 2
           : !core_matches(s, b, m, &s->rec.entry, &tried->sig, &tried->sig_ok)   ? 3
                                                                                  : 4;
    /* The same state but for a shift of the fetch side that the pricing holds for. */
    int64_t delta = 0;
    if (*why == 3 && m->lag_ok && tried->sig_ok && csim_core_sig_shift(&s->rec.entry, &m->entry, &delta) &&
        delta >= m->lag_lo && delta <= m->lag_hi) {
        *why = 4;
    }
    if (*why < 4) {
        return false;
    }
    const int64_t exit_shift = m->lag_shifted ? delta : 0;
    uint64_t now = csim_core_earliest_request(&s->core);
    uint64_t last = s->core.t + m->dt + (uint64_t)(csim_core_sig_earliest_request(&m->exit) + exit_shift);
    /* Fetches repeat the recorded words; data reads of the flash take this
     * run's addresses, in order (a hit costs the same wherever it hits). */
    const uint8_t *ev_class = memo_ev_class(m), *kind = ev_class + m->n_ev;
    /* The lines found last time, when no line was filled since. */
    if (m->rp.gen) {
        uint32_t data[CSIM_REC_MAX];
        unsigned nd = 0;
        for (unsigned e = 0; e < s->n_ev && nd < m->rp.n_data; e++) {
            if (ev_class[e] == 1) {
                data[nd++] = s->ev[e].addr & ~3u;
            }
        }
        if (nd == m->rp.n_data && csim_memsys_replay_again(s->flash, now, last, &m->rp, data)) {
            core_replay(s, b, m);
            return true;
        }
    }
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
    if (!csim_memsys_replay_hits(s->flash, now, last, addr, kind, m->n_acc, m->rp.slot ? &m->rp : NULL)) {
        return false;
    }
    core_replay(s, b, m);
    if (exit_shift) {
        csim_core_shift_fetch(&s->core, exit_shift); /* moves the version: not m's state after */
    }
    return true;
}

/* The first of the STATE_SLOTS slots of pricings kept by state. */
static unsigned state_slots(const sim *s) { return s->flash_cfg->type == CSIM_MS_ICACHE ? ICACHE_HIT_SLOTS : 0; }

/* A slot for a pricing by state: a free one, else the next in turn. */
static memo *state_slot(const sim *s, block *b)
{
    const unsigned lo = state_slots(s);
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
static void price_and_record(sim *s, block *b, uint32_t next, const tried_keys *tried)
{
    csim_core *c = &s->core;
    memo_rec *r = &s->rec;
    const uint64_t earliest = csim_core_earliest_request(c);
    const bool sig = s->n_ev <= MEMO_EVENTS && (tried->sig ? tried->sig_ok : csim_core_signature(c, b->addr, &r->entry));
    const bool hits = sig && csim_memsys_quiet(s->flash, earliest);
    const bool state = sig && flash_reads(s, r->flash_addr, &r->n_flash) &&
                       (tried->st ? tried->st_ok : csim_memsys_save_head(s->flash, c->t, earliest, true, &r->ms_in)) &&
                       csim_memsys_log_tags(s->flash, &r->tags); /* last: nothing but the reads is logged */
    csim_ms_stats before = *csim_memsys_stats(s->flash);
    csim_breakdown bd = c->bd, d;
    uint64_t t0 = c->t;
    r->acc.n = 0;
    r->acc.overflow = false;
    c->rec = hits ? &r->acc : NULL;
    if (hits) {
        csim_core_lag_begin(c);
    }
    sim_price_until(s, b->n, next);
    c->rec = NULL;
    int64_t lag_lo = 0, lag_hi = 0;
    bool lag_shifted = false;
    const bool lag_ok = hits && csim_core_lag_end(c, &lag_lo, &lag_hi, &lag_shifted);
    csim_memsys_log_tags(s->flash, NULL);
    if (!sig || !csim_core_signature(c, b->addr, &r->exit)) {
        return;
    }
    const csim_ms_stats *after = csim_memsys_stats(s->flash);
    const bool by_hits = hits && !r->acc.overflow && after->misses == before.misses &&
                         after->flash_reads == before.flash_reads && after->prefetch_hits == before.prefetch_hits &&
                         csim_memsys_quiet(s->flash, c->t);
    /* The state before assumed that a read comes first (see csim_memsys_save). */
    const bool by_state = !by_hits && state && !r->tags.overflow &&
                          after->fetches + after->data_reads != before.fetches + before.data_reads &&
                          csim_memsys_save_head(s->flash, c->t, csim_core_earliest_request(c), false, &r->ms_out);
    if ((!by_hits && !by_state) || (!b->memo && !(b->memo = calloc(MEMO_SLOTS, sizeof(memo))))) {
        return;
    }
    breakdown_diff(&d, &c->bd, &bd);
    if (by_hits) {
        memo *m = memo_slot(b, next);
        if (memo_store(s, m, next, c->t - t0, &d, true, 0)) {
            m->lag_ok = lag_ok;
            m->lag_shifted = lag_shifted;
            /* Signatures hold 16-bit times: no shift outside that range matches. */
            m->lag_lo = (int16_t)(lag_lo < -INT16_MAX ? -INT16_MAX : lag_lo);
            m->lag_hi = (int16_t)(lag_hi > INT16_MAX ? INT16_MAX : lag_hi);
        }
        return;
    }
    memo *m = state_slot(s, b);
    if (memo_store(s, m, next, c->t - t0, &d, false, r->tags.n)) {
        sim_diff_stats(&m->ms_d, after, &before);
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
    uint32_t fa[MEMO_FLASH_READS];
    csim_core_sig *sig;
    csim_ms_state *st;
} replay_keys;

/* How far kept pricing x holds for this run of block b (the `why` index):
 * 0 none kept, 1 other outcome or flash configuration, 2 other transfers,
 * 3 other core state, 4 other flash-interface state, 5 it holds. */
static unsigned state_match(sim *s, const block *b, memo *x, uint32_t next, replay_keys *k)
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
    if (!core_matches(s, b, x, k->sig, &k->have_sig, &k->sig_ok)) {
        return 3;
    }
    const uint8_t *in = memo_ev_class(x) + x->n_ev;
    if (x != k->known && x->tag_known && x->tag_gen == k->gen) {
        /* No tag has changed since they were x's: the rest decides. */
        if (!k->have_st && !k->have_head) {
            k->have_head = true;
            k->head_ok = csim_memsys_save_head(s->flash, c->t, csim_core_earliest_request(c), true, k->st);
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
            k->st_ok = k->head_only ? csim_memsys_save_head(s->flash, c->t, floor, true, k->st)
                                    : csim_memsys_save(s->flash, c->t, floor, true, k->st);
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
static bool try_replay_state(sim *s, block *b, uint32_t next, tried_keys *tried, unsigned *why)
{
    replay_keys keys;
    keys.have_fa = keys.have_st = keys.have_head = false;
    keys.fa_ok = keys.st_ok = keys.head_ok = false; /* copied into *tried whether or not computed */
    keys.have_sig = tried->sig;
    keys.sig_ok = tried->sig_ok;
    keys.head_only = s->flash_cfg->type == CSIM_MS_ICACHE;
    keys.tb = csim_memsys_tag_bytes(s->flash);
    keys.gen = csim_memsys_tag_gen(s->flash);
    keys.known = NULL;
    keys.sig = &s->rec.entry;
    keys.st = &s->rec.ms_in;
    /* Nothing has run since the last state replay, at the same cycle, with
     * the same earliest request: the state (a function of those alone) is
     * the one that matched after it last time, known without saving it. */
    memo *x = s->loaded;
    uint64_t earliest = csim_core_earliest_request(&s->core);
    int64_t floor = (int64_t)(earliest - s->core.t);
    /* Not on the ICACHE: its head is saved against the tags (a pending
     * read-ahead whose words are all cached signs as none), which the head
     * loaded does not fix. */
    bool chain = !keys.head_only && x && x->gen == s->loaded_gen && s->load_t == s->core.t &&
                 csim_memsys_unchanged(s->flash, s->load_token, earliest);
    if (chain && x->succ && x->succ->gen == x->succ_gen && x->succ_floor == floor) {
        keys.known = x->succ;
    }
    s->loaded = NULL;
    *why = 0;
    /* First the pricings whose state before needs no saving of the tags (any
     * two that hold give the same result), then the others. */
    const unsigned lo = state_slots(s);
    for (unsigned i = 0; b->memo && i < 2 * STATE_SLOTS; i++) {
        memo *m = &b->memo[lo + i % STATE_SLOTS];
        const bool quick = m == keys.known || (keys.tb && m->tag_known && m->tag_gen == keys.gen);
        if (quick != (i < STATE_SLOTS)) {
            continue;
        }
        unsigned w = state_match(s, b, m, next, &keys);
        if (w == 5 && keys.head_only &&
            !csim_memsys_replay_tags(s->flash, memo_tag_word(m), memo_tag_what(m), m->n_tag)) {
            w = 4;
        }
        if (w == 5) {
            if (chain && m != keys.known) {
                x->succ = m;
                x->succ_gen = m->gen;
                x->succ_floor = floor;
            }
            core_replay(s, b, m);
            /* The tags are the state's before, and the same after (or
             * replayed): load the rest. */
            const bool head = keys.head_only || (m->tags_same && keys.tb);
            csim_ms_state out;
            out.n = head && !keys.head_only ? m->ms_out - keys.tb : m->ms_out;
            memcpy(out.b, memo_ev_class(m) + m->n_ev + m->ms_in, out.n);
            s->load_token = head ? csim_memsys_load_head(s->flash, s->core.t, &out, &m->ms_d)
                                 : csim_memsys_load(s->flash, s->core.t, &out, &m->ms_d);
            s->load_t = s->core.t;
            s->loaded = m;
            s->loaded_gen = m->gen;
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
static void price_and_record_state(sim *s, block *b, uint32_t next, const tried_keys *tried)
{
    csim_core *c = &s->core;
    memo_rec *r = &s->rec;
    bool ok = s->n_ev <= MEMO_EVENTS && flash_reads(s, r->flash_addr, &r->n_flash) &&
              (tried->sig ? tried->sig_ok : csim_core_signature(c, b->addr, &r->entry)) &&
              (tried->st ? tried->st_ok : csim_memsys_save(s->flash, c->t, csim_core_earliest_request(c), true, &r->ms_in));
    csim_ms_stats before = *csim_memsys_stats(s->flash);
    csim_breakdown bd = c->bd, d;
    uint64_t t0 = c->t;
    const uint64_t gen = csim_memsys_tag_gen(s->flash);
    sim_price_until(s, b->n, next);
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
    memo *m = state_slot(s, b);
    breakdown_diff(&d, &c->bd, &bd);
    if (memo_store(s, m, next, c->t - t0, &d, false, 0)) {
        sim_diff_stats(&m->ms_d, after, &before);
        const unsigned tb = csim_memsys_tag_bytes(s->flash);
        m->tag_known = tb && r->ms_in.n >= tb;
        m->tag_gen = gen;
        m->tags_same = m->tag_known && r->ms_out.n >= tb &&
                       memcmp(r->ms_in.b + r->ms_in.n - tb, r->ms_out.b + r->ms_out.n - tb, tb) == 0;
    }
}

void sim_finish_pending(sim *s, uint32_t next)
{
    block *b = s->pending;
    if (b) {
        const bool icache = s->flash_cfg->type == CSIM_MS_ICACHE;
        tried_keys tried = {false, false, false, false};
        unsigned why = 0, why_state = 0;
        if (!s->memo_on || s->cursor != 0) {
            sim_price_until(s, b->n, next);
        } else if (b->reuse_skip) {
            /* Blocks that keep missing are priced directly for a while:
             * trying costs more than it saves. */
            b->reuse_skip--;
            s->memo_skips++;
            sim_price_until(s, b->n, next);
        } else if ((icache && try_replay(s, b, next, &tried, &why)) ||
                   try_replay_state(s, b, next, &tried, &why_state)) {
            s->memo_hits++;
            b->reuse_fails = 0;
        } else {
            s->memo_misses++;
            s->why[why > why_state ? why : why_state]++;
            if (icache) {
                price_and_record(s, b, next, &tried);
            } else {
                price_and_record_state(s, b, next, &tried);
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
void sim_finish_at(sim *s, uint32_t pc)
{
    block *b = s->pending;
    if (b) {
        unsigned i = 0;
        while (i < b->n && b->insns[i].addr != pc) {
            i++;
        }
        sim_price_until(s, i < b->n ? i + 1 : b->n, pc + 2);
    }
    s->pending = NULL;
    s->n_ev = s->ev_pos = 0;
}

/* Index in the pending block of the instruction that made the newest
 * recorded transfer (the emulator's PC is only exact at block starts). */
unsigned sim_newest_access_insn(const sim *s)
{
    const block *b = s->pending;
    unsigned seen = s->ev_pos, i = s->cursor;
    while (i < b->n && seen + b->insns[i].transfers < s->n_ev) {
        seen += b->insns[i].transfers;
        i++;
    }
    return i;
}
