/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * memsys_reuse.c - what block reuse asks of the flash-interface models
 * (include/cyclesim/memsys/memsys.h): replaying a block's accesses when they are
 * known to hit (ICACHE), and the whole state in canonical form, saved,
 * compared and loaded (the other flash interfaces).  No timing rule lives
 * here: a replay or a load leaves the state the accesses would have left.
 */
#include "memsys/memsys_internal.h"

#include <stdlib.h>
#include <string.h>

static bool replay_ready(const csim_memsys *ms, uint64_t now)
{
    return csim_memsys_quiet(ms, now) && now >= ms->last_now;
}

/* Index of the flash word at addr (either mapping), or MS_NONE outside it. */
static uint32_t flash_word(const csim_memsys *ms, uint32_t addr)
{
    uint32_t off = addr - ms->cfg.flash_base;
    if (off >= ms->cfg.flash_size)
        off = addr - ms->cfg.alias_base;
    return off < ms->cfg.flash_size ? off >> ms->word_shift : MS_NONE;
}

/* The slot in lines[] holding the line of `word`, or MS_NONE. */
static uint32_t cached_slot(const csim_memsys *ms, uint32_t word)
{
    const uint32_t line = word >> ms->wpl_shift;
    const unsigned set = (line & ms->set_mask) * ms->ways;
    uint32_t hit = MS_NONE;
    for (unsigned w = 0; w < ms->ways; w++)
        hit = ms_line_holds(ms, &ms->lines[set + w], word) ? set + w : hit;
    return hit;
}

/* Accounts n replayed hits, n_data of them data reads; `last_slot` is the
 * line of the last one.  The caller has set the LRU stamps as one stamp per
 * access would: stamp + 1 + the position of a line's last access. */
static void replay_account(csim_memsys *ms, uint64_t last, uint32_t last_slot, unsigned n, unsigned n_data)
{
    ms->changes++;
    ms->pf_pending = false; /* what the first access would do (prefetch_idle) */
    ms->stamp += n;
    if (n)
        ms->last_line = last_slot;
    ms->st.hits += n;
    ms->st.fetches += n - n_data;
    ms->st.data_reads += n_data;
    ms->st.fetch_stall += (uint64_t)(n - n_data) * ms->cfg.cache_hit_cycles;
    ms->st.data_stall += (uint64_t)n_data * ms->cfg.cache_hit_cycles;
    if (last > ms->last_now)
        ms->last_now = last;
}

/* The accesses replayed must be served by the cache without side effects:
 * fetches (and data reads when cached) to resident lines; on the U0 a fetch of
 * the last word of a line (with sectors: of a word whose successor is not
 * there) triggers a prefetch, so it is not replayable. */
bool csim_memsys_replay_hits(csim_memsys *ms, uint64_t now, uint64_t last, const uint32_t *addr,
                             const uint8_t *kind, unsigned n, csim_ms_replay *rp)
{
    if (rp)
        rp->gen = 0;
    if (!ms->cache_on || !ms->policy->reuse.replay_hits || !replay_ready(ms, now) || n > 512) {
        return false;
    }
    uint32_t hit[512];
    unsigned n_data = 0;
    for (unsigned i = 0; i < n; i++) {
        const uint32_t word = flash_word(ms, addr[i]);
        if (word == MS_NONE)
            return false;
        if (kind[i] != CSIM_MS_FETCH && !ms->cfg.cache_data)
            return false;
        n_data += kind[i] != CSIM_MS_FETCH;
        if ((hit[i] = cached_slot(ms, word)) == MS_NONE)
            return false;
        if (ms->policy->reuse.hit_prefetches && ms->pf_on && kind[i] == CSIM_MS_FETCH &&
            !ms_next_in_slot(ms, hit[i], word))
            return false;
    }
    for (unsigned i = 0; i < n; i++)
        ms->lines[hit[i]].lru = ms->stamp + 1 + i;
    replay_account(ms, last, n ? hit[n - 1] : 0, n, n_data);
    if (!rp)
        return true;
    /* The lines fetched from, each once with its last fetch position (from
     * the end), and the positions of the data reads. */
    unsigned nl = 0, nd = 0;
    uint32_t *slot = rp->slot, *pos = rp->slot + 2 * n;
    rp->last = MS_NONE;
    for (unsigned i = n; i-- > 0;) {
        if (kind[i] != CSIM_MS_FETCH) {
            continue;
        }
        bool seen = false;
        for (unsigned k = nl; !seen && k-- > 0;)
            seen = slot[k] == hit[i];
        if (!seen) {
            slot[nl] = hit[i];
            slot[n + nl] = ms->lines[hit[i]].line;
            pos[nl++] = i;
        }
    }
    for (unsigned i = 0; i < n; i++)
        if (kind[i] != CSIM_MS_FETCH)
            slot[3 * n + nd++] = i;
    /* packed: slots, lines, positions, data positions */
    memmove(slot + nl, slot + n, nl * sizeof *slot);
    memmove(slot + 2 * nl, pos, nl * sizeof *slot);
    memmove(slot + 3 * nl, slot + 3 * n, nd * sizeof *slot);
    rp->last = n && kind[n - 1] == CSIM_MS_FETCH ? 0 : nl; /* from the end: the last fetch came first */
    rp->n = n;
    rp->n_lines = nl;
    rp->n_data = nd;
    rp->cfg_gen = ms->cfg_gen;
    rp->gen = ms->fill_gen;
    return true;
}

bool csim_memsys_replay_again(csim_memsys *ms, uint64_t now, uint64_t last, csim_ms_replay *rp,
                              const uint32_t *data_addr)
{
    const unsigned nl = rp->n_lines, nd = rp->n_data;
    const uint32_t *slot = rp->slot, *line = slot + nl, *pos = slot + 2 * nl, *dpos = slot + 3 * nl;
    if (!rp->gen || rp->cfg_gen != ms->cfg_gen || nd > 512 || !replay_ready(ms, now))
        return false;
    uint32_t dslot[512];
    for (unsigned j = 0; j < nd; j++) {
        const uint32_t word = flash_word(ms, data_addr[j]);
        if (word == MS_NONE || (dslot[j] = cached_slot(ms, word)) == MS_NONE)
            return false;
    }
    /* Lines were filled since: are these still there?  (A line is only ever
     * in its own set, so the slot still holding it means a hit; not with
     * sectors: a line refilled since may lack a word it had.) */
    if (rp->gen != ms->fill_gen && ms->sectored)
        return false;
    for (unsigned k = 0; rp->gen != ms->fill_gen && k < nl; k++)
        if (ms->lines[slot[k]].line != line[k])
            return false;
    rp->gen = ms->fill_gen;
    const uint64_t base = ms->stamp + 1;
    for (unsigned k = 0; k < nl; k++)
        ms->lines[slot[k]].lru = base + pos[k];
    for (unsigned j = 0; j < nd; j++) {
        ms_line *l = &ms->lines[dslot[j]];
        l->lru = ms_max(l->lru, base + dpos[j]);
    }
    replay_account(ms, last, rp->last < nl ? slot[rp->last] : nd ? dslot[nd - 1] : 0, rp->n, nd);
    return true;
}

/* ---- whole state, for block reuse (csim_memsys_save/load) ------------------
 * Canonical form, so that states that behave the same compare equal:
 *  - times are relative to `now`; a buffer's ready time and the words of a
 *    refill that is over are raised to `floor`: every later request is issued
 *    at or after floor, and these values only ever meet a request time in a
 *    max(); the array's free time likewise, and it also meets the earliest
 *    start of a pending prefetch or pre-read in a max();
 *  - LRU stamps become ranks (1 = oldest, 0 = empty) among what they are
 *    compared with: all buffers, the ways of one set; buffers are listed
 *    oldest first, since where a word sits does not matter (words are unique
 *    in the buffers, and only empty buffers, which are all alike, tie);
 *  - what is not pending (prefetch, pre-read, refill) is left out;
 *  - before a read, a prefetch or pre-read of words that are all present
 *    counts as not pending: the read's ms_advance drops it (H-SKIP). */

typedef struct st_writer {
    uint8_t *p, *end;
    bool ok;
} st_writer;

static void st_put(st_writer *w, const void *v, size_t n)
{
    if ((size_t)(w->end - w->p) < n) {
        w->ok = false;
        return;
    }
    memcpy(w->p, v, n);
    w->p += n;
}

static void st_put32(st_writer *w, uint32_t v) { st_put(w, &v, 4); }

static void st_put8(st_writer *w, unsigned v)
{
    const uint8_t b = (uint8_t)v;
    st_put(w, &b, 1);
}

static void st_time(st_writer *w, uint64_t t, uint64_t now)
{
    const int64_t r = (int64_t)(t - now);
    if (r < INT16_MIN || r > INT16_MAX) {
        w->ok = false;
        return;
    }
    const int16_t v = (int16_t)r;
    st_put(w, &v, 2);
}

/* Rank of stamp `x` among `n` stamps spaced `stride` apart (0 stays 0). */
static unsigned lru_rank(const uint64_t *lru, unsigned n, size_t stride, uint64_t x)
{
    if (!x)
        return 0;
    unsigned r = 1;
    for (unsigned i = 0; i < n; i++) {
        const uint64_t l = *(const uint64_t *)((const uint8_t *)lru + i * stride);
        r += l && l < x;
    }
    return r;
}

/* A direct-mapped cache's tags (and with sectors its valid words), the last
 * part of a saved state, change only with fill_gen; with more ways a hit
 * reorders the ranks too. */
unsigned csim_memsys_tag_bytes(const csim_memsys *ms)
{
    return ms->policy->reuse.tags_in_state && ms->cache_on && ms->ways == 1
               ? (4 + 4 * ms->sectored) * (ms->set_mask + 1)
               : 0;
}

uint64_t csim_memsys_tag_gen(const csim_memsys *ms) { return ms->fill_gen; }

static bool save(const csim_memsys *ms, uint64_t now, uint64_t floor, bool before_read, bool tags,
                 csim_ms_state *st)
{
    st_writer w = {st->b, st->b + sizeof st->b, true};
    const bool pf = ms->pf_pending && !(before_read && ms_prefetch_idle(ms));
    const bool pr = ms->pr_pending && !(before_read && !pf && ms->ra_skip && ms_buf_find(ms, ms->pr_word) >= 0);
    uint64_t soonest = floor; /* the earliest time flash_free can be compared with */
    if (pf && ms->pf_at < soonest)
        soonest = ms->pf_at;
    if (pr && ms->pr_at < soonest)
        soonest = ms->pr_at;
    st_time(&w, floor, now);
    st_put8(&w, pf | pr << 1);
    st_time(&w, ms_max(ms->flash_free, soonest), now);
    if (pf) {
        st_put32(&w, ms->pf_word);
        st_put8(&w, ms->pf_left);
        st_time(&w, ms->pf_at, now);
    }
    if (pr) {
        st_put32(&w, ms->pr_word);
        st_time(&w, ms->pr_at, now);
    }
    uint8_t by_age[MS_MAX_BUFFERS];
    unsigned used = 0;
    for (unsigned i = 0; i < ms->nbufs; i++) {
        const unsigned rank = lru_rank(ms->buf_lru, ms->nbufs, sizeof ms->buf_lru[0], ms->buf_lru[i]);
        if (rank) {
            by_age[rank - 1] = (uint8_t)i;
            used++;
        }
    }
    st_put8(&w, used);
    for (unsigned r = 0; r < used; r++) {
        const unsigned i = by_age[r];
        st_put32(&w, ms->buf_word[i]);
        st_put8(&w, ms->buf_pf[i] | (ms->fetch_group && i >= ms->fetch_group) << 1); /* its L0 group */
        st_time(&w, ms_max(ms->buf_ready[i], floor), now);
    }
    const bool bg = ms->bg_ready > floor && ms->flash_free == ms->bg_ready;
    st_put8(&w, bg);
    if (bg) {
        st_put32(&w, ms->bg_word);
        st_time(&w, ms->bg_start, now);
        st_time(&w, ms->bg_ready, now);
    }
    const bool refilling = ms->refill_end > floor;
    st_put8(&w, refilling);
    if (refilling) {
        st_put32(&w, ms->refill_line);
        st_put8(&w, ms->refill_crit);
        st_put32(&w, ms->refill_arr);
        st_time(&w, ms->refill_end, now);
        for (unsigned k = 0; k <= ms->wpl_mask; k++)
            st_time(&w, ms_max(ms->word_ready[k], floor), now);
        if (!ms->miss_waits) /* becomes flash_free if a miss abandons the refill: raised as it */
            st_time(&w, ms_max(ms->refill_free, soonest), now);
    }
    if (ms->cache_on && tags) {
        const unsigned n = (ms->set_mask + 1) * ms->ways;
        if (n > ms->lines_cap || (size_t)(w.end - w.p) < n * ((ms->ways > 1 ? 5u : 4u) + 4u * ms->sectored))
            return false;
        if (ms->ways == 1) { /* the hot part (room checked above): U0 */
            for (unsigned i = 0; i < n; i++)
                memcpy(w.p + 4 * i, &ms->lines[i].line, 4);
            w.p += 4 * n;
        } else {
            for (unsigned i = 0; i < n; i++) {
                const ms_line *set = &ms->lines[i - i % ms->ways];
                memcpy(w.p, &ms->lines[i].line, 4);
                w.p[4] = (uint8_t)lru_rank(&set->lru, ms->ways, sizeof *set, ms->lines[i].lru);
                w.p += 5;
            }
        }
        for (unsigned i = 0; ms->sectored && i < n; i++, w.p += 4)
            memcpy(w.p, &ms->lines[i].valid, 4);
    }
    st->n = (unsigned)(w.p - st->b);
    return w.ok;
}

bool csim_memsys_save(const csim_memsys *ms, uint64_t now, uint64_t floor, bool before_read, csim_ms_state *st)
{
    return save(ms, now, floor, before_read, true, st);
}

bool csim_memsys_save_head(const csim_memsys *ms, uint64_t now, uint64_t floor, bool before_read,
                           csim_ms_state *st)
{
    return (csim_memsys_tag_bytes(ms) || ms->policy->reuse.tag_log) && save(ms, now, floor, before_read, false, st);
}

bool csim_memsys_log_tags(csim_memsys *ms, csim_ms_tag_log *log)
{
    ms->tag_log = NULL;
    if (!log || !ms->policy->reuse.tag_log)
        return false;
    log->n = 0;
    log->overflow = false;
    ms->tag_log = log;
    return true;
}

bool csim_memsys_replay_tags(csim_memsys *ms, const uint32_t *word, const uint8_t *what, unsigned n)
{
    if (!n)
        return true;
    /* a sectored cache changes tags outside the log */
    if (!ms->policy->reuse.tag_log || !ms->cache_on || ms->sectored || n > CSIM_MS_TAG_LOG_MAX)
        return false;
    struct {
        ms_line *at;
        ms_line was;
    } undo[CSIM_MS_TAG_LOG_MAX];
    unsigned nu = 0, i = 0;
    for (; i < n; i++) {
        ms_line *l = ms_cache_find(ms, word[i]);
        const unsigned w = what[i];
        if (w == CSIM_MS_TAG_PRESENT || w == CSIM_MS_TAG_ABSENT) {
            if (!l != (w == CSIM_MS_TAG_ABSENT))
                break;
        } else if (!l != (w == CSIM_MS_TAG_MISS)) {
            break;
        } else {
            ms_line *at = l ? l : ms_cache_victim(ms, word[i]);
            undo[nu].at = at;
            undo[nu++].was = *at;
            if (l)
                ms_cache_touch(ms, l);
            else
                ms_cache_fill(ms, at, word[i]);
        }
    }
    if (i == n) {
        ms->changes++;
        return true;
    }
    /* the LRU clock stays ahead, which keeps every order; last_line is a hint */
    while (nu-- > 0)
        *undo[nu].at = undo[nu].was;
    return false;
}

bool csim_memsys_data_anywhere(const csim_memsys *ms)
{
    return ms->policy->reuse.data_anywhere && ms->policy->reuse.data_anywhere(ms);
}

typedef struct st_reader {
    const uint8_t *p;
} st_reader;

static uint32_t st_get32(st_reader *r)
{
    uint32_t v;
    memcpy(&v, r->p, 4);
    r->p += 4;
    return v;
}

static unsigned st_get8(st_reader *r) { return *r->p++; }

static uint64_t st_get_time(st_reader *r, uint64_t now)
{
    int16_t v;
    memcpy(&v, r->p, 2);
    r->p += 2;
    return now + (uint64_t)(int64_t)v;
}

static uint64_t load(csim_memsys *ms, uint64_t now, const csim_ms_state *st, bool tags, const csim_ms_stats *add)
{
    st_reader r = {st->b};
    const uint64_t base = ms->stamp;
    uint64_t top = base;
    ms->last_now = st_get_time(&r, now); /* floor: no request comes earlier */
    const unsigned pending = st_get8(&r);
    ms->pf_pending = pending & 1;
    ms->pr_pending = (pending >> 1) & 1;
    ms->flash_free = st_get_time(&r, now);
    if (ms->pf_pending) {
        ms->pf_word = st_get32(&r);
        ms->pf_left = st_get8(&r);
        ms->pf_at = st_get_time(&r, now);
    }
    if (ms->pr_pending) {
        ms->pr_word = st_get32(&r);
        ms->pr_at = st_get_time(&r, now);
    }
    const unsigned used = st_get8(&r);
    for (unsigned i = 0; i < ms->nbufs; i++) {
        ms->buf_word[i] = MS_NONE;
        ms->buf_pf[i] = 0;
        ms->buf_lru[i] = 0;
        ms->buf_ready[i] = 0;
    }
    unsigned next[2] = {0, ms->fetch_group}; /* the next free buffer of each group */
    for (unsigned k = 0; k < used; k++) {
        const uint32_t word = st_get32(&r);
        const unsigned flags = st_get8(&r);
        const unsigned i = next[(flags >> 1) & 1]++;
        ms->buf_word[i] = word;
        ms->buf_pf[i] = flags & 1;
        ms->buf_lru[i] = base + k + 1;
        top = ms_max(top, ms->buf_lru[i]);
        ms->buf_ready[i] = st_get_time(&r, now);
    }
    ms->bg_ready = 0;
    if (st_get8(&r)) {
        ms->bg_word = st_get32(&r);
        ms->bg_start = st_get_time(&r, now);
        ms->bg_ready = st_get_time(&r, now);
    }
    if (st_get8(&r)) {
        ms->refill_line = st_get32(&r);
        ms->refill_crit = st_get8(&r);
        ms->refill_arr = st_get32(&r);
        ms->refill_end = st_get_time(&r, now);
        for (unsigned k = 0; k <= ms->wpl_mask; k++)
            ms->word_ready[k] = st_get_time(&r, now);
        if (!ms->miss_waits)
            ms->refill_free = st_get_time(&r, now);
    } else {
        ms->refill_end = ms->last_now; /* over: only ever compared with later requests */
    }
    if (ms->cache_on && tags) {
        const unsigned n = (ms->set_mask + 1) * ms->ways;
        const bool ranked = ms->ways > 1;
        for (unsigned i = 0; i < n; i++) {
            ms->lines[i].line = st_get32(&r);
            const unsigned rank = ranked ? st_get8(&r) : ms->lines[i].line != MS_NONE;
            ms->lines[i].lru = rank ? base + rank : 0;
        }
        for (unsigned i = 0; ms->sectored && i < n; i++)
            ms->lines[i].valid = st_get32(&r);
        top += ms->ways; /* ranks are at most the number of ways */
        ms->last_line = 0;
        ms->fill_gen++;
    }
    ms->stamp = top;
#define ADD(field, reported) ms->st.field += add->field;
    CSIM_MS_STATS_FIELDS(ADD)
#undef ADD
    return ++ms->changes;
}

uint64_t csim_memsys_load(csim_memsys *ms, uint64_t now, const csim_ms_state *st, const csim_ms_stats *add)
{
    return load(ms, now, st, true, add);
}

uint64_t csim_memsys_load_head(csim_memsys *ms, uint64_t now, const csim_ms_state *st, const csim_ms_stats *add)
{
    return load(ms, now, st, false, add);
}

/* After a load, refill_end is the load's floor unless a refill was loaded:
 * from that floor on, csim_memsys_save reads only what the load wrote. */
bool csim_memsys_unchanged(const csim_memsys *ms, uint64_t token, uint64_t floor)
{
    return token && ms->changes == token && floor >= ms->last_now;
}
