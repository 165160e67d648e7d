/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * memsys_internal.h - state, policy ops table and shared hot-path helpers of
 * the flash-interface models (memsys.c: dispatcher and configuration;
 * memsys_machinery.c: the shared machinery the policies call;
 * memsys_registry.c: the policy of each interface; memsys_reuse.c: replay and
 * state for block reuse; memsys_zero_wait.c, memsys_l0nvm.c, memsys_u0.c,
 * memsys_icache.c: one policy each).
 *
 * Vocabulary used by every model:
 *  - a "word" is one flash array read: cfg.flash_read_bytes aligned bytes,
 *    identified by its index (flash offset >> word_shift); aliases of the
 *    flash map to the same index (hypothesis H-ALIAS in memsys.c);
 *  - the flash array does one read at a time: a read started at cycle t has its
 *    data at t + (1 + wait_states) and the array is busy until then;
 *  - "buffers" are word buffers in the flash interface (L0 NVM buffers; U0/U3
 *    prefetch buffer); the "cache" is the U0 instruction cache or the ICACHE;
 *  - background reads (prefetch, pre-read) are decided lazily: a pending
 *    candidate is issued when the next request shows that the array was idle
 *    before that request was issued (ms_advance).
 * The timing rules and their sources are stated where they are implemented.
 */
#ifndef CYCLESIM_MEMSYS_INTERNAL_H
#define CYCLESIM_MEMSYS_INTERNAL_H

#include "cyclesim/memsys/memsys.h"

#include <assert.h>
#include <stddef.h>

/* Sanity bounds of the configuration (sizes of fixed arrays, not timing). */
#define MS_NONE UINT32_MAX        /* invalid word / line index */
#define MS_MAX_BUFFERS 16u        /* word buffers (L0 has 6, U0/U3 1-2) */
#define MS_MAX_WAYS 64u           /* 64 = the F4 ART's instruction cache, one LRU pool */
#define MS_MAX_LINE_WORDS 32u     /* flash words per cache line */
#define MS_MAX_READ_BYTES 64u     /* flash array read width */
#define MS_MAX_WAIT_STATES 1024u  /* keeps every sum far from overflow */

typedef struct ms_policy ms_policy;
typedef uint64_t (*ms_read_fn)(csim_memsys *ms, uint64_t now, uint32_t word, csim_ms_kind kind);

typedef struct ms_line {
    uint32_t line;  /* line index (word >> wpl_shift), MS_NONE if invalid */
    uint32_t valid; /* sectored: a bit per word of the line that is there; else unused */
    uint64_t lru;  /* stamp of the last fill or hit; 0 = never (invalid lines) */
} ms_line;

struct csim_memsys {
    csim_ms_cfg cfg;
    csim_ms_stats st;

    /* derived from cfg in new/configure (no division at run time) */
    const ms_policy *policy; /* of cfg.type */
    ms_read_fn read;      /* policy->read, one load less on every read */
    uint64_t read_cycles; /* 1 + wait_states */
    uint32_t flash_words; /* words in the flash range (prefetch stops there) */
    unsigned word_shift;  /* log2(flash_read_bytes) */
    unsigned wpl_shift;   /* log2(words per cache line) */
    uint32_t wpl_mask;    /* words per line - 1 */
    uint32_t set_mask;    /* sets - 1 */
    unsigned ways;
    unsigned nbufs;       /* word buffers in use (0: none) */
    unsigned pf_words;    /* words read ahead per prefetch trigger */
    bool buf_demand;      /* demand reads are kept in a buffer */
    bool pf_on, pr_on;    /* effective prefetch / pre-read */
    bool cache_on;
    bool refill_wrap;     /* refills are critical word first (H-ORDER); else from word 0 */
    bool miss_waits;      /* a miss waits for the refill in progress (H-MISS); else abandons it */
    bool sectored;        /* a miss reads only its own word; a line's words are valid one by one */
    bool ra_skip;         /* the read-ahead skips words already present (H-SKIP) */
    bool ra_early;        /* the read-ahead may start when its trigger is issued (not H-IDLE) */
    bool refill_bufs;     /* refills take words from the word buffers (H-RBUF) */
    unsigned fetch_group; /* L0: buffers [0, fetch_group) take fetches and prefetches, the
                             others data reads and pre-reads (0: one pool) */

    /* word buffers, structure of arrays for branch-free scans */
    uint32_t buf_word[MS_MAX_BUFFERS];  /* word index, MS_NONE if empty */
    uint32_t buf_pf[MS_MAX_BUFFERS];    /* filled by a read-ahead, not used by a demand yet */
    uint64_t buf_ready[MS_MAX_BUFFERS]; /* cycle its data is (or will be) available */
    uint64_t buf_lru[MS_MAX_BUFFERS];   /* stamp of the last fill or use; 0 = empty */

    /* cache lines */
    ms_line *lines;       /* set-major: lines[set * ways + way] */
    unsigned lines_cap;
    unsigned last_line;   /* index in lines[] of the last hit or fill */

    /* dynamic state */
    uint64_t flash_free;  /* the array is busy until this cycle */
    uint64_t last_now;    /* last request time (requests are non-decreasing) */
    uint64_t stamp;       /* LRU clock */
    uint64_t fill_gen;    /* bumped whenever a cache tag may change (fill, clear, load) */
    uint64_t cfg_gen;     /* bumped by every configure */
    uint64_t changes;     /* bumped by every call that changes the state (csim_memsys_unchanged) */
    bool pf_pending;      /* prefetch candidate (next word after the last fetch) */
    unsigned pf_left;     /* words still to read ahead from pf_word on */
    uint32_t pf_word;
    uint64_t pf_at;       /* earliest start: the triggering access is over */
    bool pr_pending;      /* L0 pre-read candidate (next word after the last data read) */
    uint32_t pr_word;
    uint64_t pr_at;
    uint32_t bg_word;     /* the last background read (prefetch, pre-read): its word, */
    uint64_t bg_start, bg_ready; /* start and end (bg_ready 0: none) */
    uint32_t refill_line; /* line of the last refill (MS_NONE: none) */
    uint64_t refill_end;  /* cycle its last word arrives */
    uint64_t word_ready[MS_MAX_LINE_WORDS]; /* per word of refill_line */
    uint32_t refill_crit; /* line word the refill's burst starts with */
    uint32_t refill_arr;  /* bit per line word: read from the array (not a buffer) */
    uint64_t refill_free; /* the array's free time without the refill's reads: before its first
                             one, raised by the data reads that went before its words (used to
                             abandon it, !miss_waits) */
    csim_ms_tag_log *tag_log; /* where the reads' tag tests go (block reuse), or NULL */
};

/* The word's place in line `l` is filled: always, unless the line's words
 * are valid one by one (then its own bit); the tag is checked elsewhere. */
static inline bool ms_sector_there(const csim_memsys *ms, const ms_line *l, uint32_t word)
{
    return !ms->sectored || ((l->valid >> (word & ms->wpl_mask)) & 1);
}

/* The line in `l` holds `word`. */
static inline bool ms_line_holds(const csim_memsys *ms, const ms_line *l, uint32_t word)
{
    return l->line == word >> ms->wpl_shift && ms_sector_there(ms, l, word);
}

/* The word after `word`, which the line in `slot` holds, is in that line too. */
static inline bool ms_next_in_slot(const csim_memsys *ms, uint32_t slot, uint32_t word)
{
    return (word & ms->wpl_mask) != ms->wpl_mask && ms_sector_there(ms, &ms->lines[slot], word + 1);
}

/* The word after `word`, just fetched through the cache, is in the same line. */
static inline bool ms_next_in_line(const csim_memsys *ms, uint32_t word)
{
    return ms_next_in_slot(ms, ms->last_line, word);
}

/* The line of the cache that holds `word`, or NULL.  Sequential code hits
 * the same line several times in a row: the line of the last hit or fill is
 * tried first (a shortcut only, same result). */
static inline ms_line *ms_cache_find(const csim_memsys *ms, uint32_t word)
{
    ms_line *last = &ms->lines[ms->last_line];
    if (ms_line_holds(ms, last, word))
        return last;
    ms_line *set = &ms->lines[((word >> ms->wpl_shift) & ms->set_mask) * ms->ways];
    for (unsigned w = 0; w < ms->ways; w++)
        if (ms_line_holds(ms, &set[w], word))
            return &set[w];
    return NULL;
}

/* A hit or a fill makes the line the most recently used. */
static inline void ms_cache_touch(csim_memsys *ms, ms_line *l)
{
    l->lru = ++ms->stamp;
    ms->last_line = (unsigned)(l - ms->lines);
}

/* What a read learnt from the cache tags, in order (csim_memsys_log_tags). */
static inline void ms_log_tag(const csim_memsys *ms, uint32_t word, unsigned what)
{
    csim_ms_tag_log *log = ms->tag_log;
    if (!log)
        return;
    if (log->n == CSIM_MS_TAG_LOG_MAX) {
        log->overflow = true;
        return;
    }
    log->word[log->n] = word;
    log->what[log->n++] = (uint8_t)what;
}

/* ---- policies: what each interface adds to the shared machinery -------------- */

/* What a change of configuration empties (ms_policy.reconfigured). */
enum { MS_CLEAR_BUFS = 1, MS_CLEAR_CACHE = 2 };

/* One flash interface: the row CSIM_MS_INTERFACES names it by, this table
 * the rest.  Reset and statistics are the shared machinery's alone (no policy
 * has state or counters of its own), so they have no entry. */
struct ms_policy {
    bool cache;              /* has a cache: lines are allocated, the cache.* keys apply */
    const char *const *keys; /* model keys of its own it reads (NULL-terminated; not those of
                                every interface: flash.base, .size, .alias, .wait_states...) */
    /* why cfg cannot be modelled (csim_memsys_cfg_problem), or NULL */
    const char *(*cfg_problem)(const csim_ms_cfg *c);
    /* derived fields, after the shared defaults of a model with no buffer,
     * no cache and no read-ahead (memsys.c derive) */
    void (*derive)(csim_memsys *ms);
    /* what a configuration change from `old` empties (MS_CLEAR_*) beyond the
     * shared rule (buffers resized or regrouped); NULL: nothing */
    unsigned (*reconfigured)(const csim_ms_cfg *old, const csim_ms_cfg *c);
    /* a read of flash word `word` issued at `now`: its ready cycle */
    ms_read_fn read;
    struct {                 /* what block reuse may do (memsys_reuse.c) */
        bool replay_hits;    /* csim_memsys_replay_hits: plain cache hits can be replayed */
        bool hit_prefetches; /* ... but not a fetch hit whose next word is outside its line: it
                                triggers the prefetch (with prefetch on) */
        bool tags_in_state;  /* a direct-mapped cache's tags end its saved state */
        bool tag_log;        /* its tags are replayed from a log (csim_memsys_log_tags) */
        /* csim_memsys_data_anywhere; NULL: false */
        bool (*data_anywhere)(const csim_memsys *ms);
    } reuse;
};

#define MS_DECLARE_POLICY(id, name) extern const ms_policy ms_policy_##name;
CSIM_MS_INTERFACES(MS_DECLARE_POLICY)
#undef MS_DECLARE_POLICY

/* The policy of interface t, or NULL (memsys_registry.c). */
const ms_policy *ms_policy_of(csim_ms_type t);

/* Model keys that more than one policy reads, for their key lists. */
#define MS_READAHEAD_KEYS "flash.readahead_rereads", "flash.prefetch_abort"
#define MS_CACHED_KEYS                                                                                    \
    MS_READAHEAD_KEYS, "flash.readahead_early", "flash.word_buffers", "flash.demand_buffered",            \
        "flash.prefetch_words", "cache.enabled", "cache.size", "cache.ways", "cache.line", "cache.data",  \
        "cache.hit_cycles", "cache.refill_overhead", "cache.hit_under_miss", "cache.refill_unbuffered"

/* ---- shared machinery (memsys_machinery.c) */
const char *ms_flash_problem(const csim_ms_cfg *c);
const char *ms_cached_problem(const csim_ms_cfg *c);
void ms_derive_cached(csim_memsys *ms);
unsigned ms_cache_reconfigured(const csim_ms_cfg *old, const csim_ms_cfg *c);
void ms_advance_slow(csim_memsys *ms, uint64_t now);
uint64_t ms_cache_access(csim_memsys *ms, uint64_t now, uint32_t word, bool *missed);
ms_line *ms_cache_victim(const csim_memsys *ms, uint32_t word);
void ms_cache_fill(csim_memsys *ms, ms_line *victim, uint32_t word);
uint64_t ms_data_first(csim_memsys *ms, uint64_t now);
void ms_abort_bg(csim_memsys *ms, uint64_t now);
void ms_abort_for_miss(csim_memsys *ms, uint64_t now, uint32_t word);
bool ms_prefetch_idle(const csim_memsys *ms);

static inline uint64_t ms_max(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* The smallest s with 2^s >= v (log2 of a power of two). */
static inline unsigned ms_log2u(uint64_t v)
{
    unsigned s = 0;
    while (((uint64_t)1 << s) < v)
        s++;
    return s;
}

/* `size` bytes from `base` stay below 4 GiB. */
static inline bool ms_range_ok(uint32_t base, uint32_t size)
{
    return (uint64_t)base + size <= ((uint64_t)1 << 32);
}

/* One flash array read that may start at `earliest`: it starts when the array
 * is free (one read at a time) and takes 1 + W cycles (task contract; timing
 * facts §1.4 "a flash read with W wait states occupies ... 1+W cycles"). */
static inline uint64_t ms_flash_read(csim_memsys *ms, uint64_t earliest)
{
    const uint64_t ready = ms_max(earliest, ms->flash_free) + ms->read_cycles;
    ms->flash_free = ready;
    ms->st.flash_reads++;
    return ready;
}

/* Index of the buffer holding `word`, or -1 (words are unique in buffers).
 * Branch-free scan: hit positions are data dependent. */
static inline int ms_buf_find(const csim_memsys *ms, uint32_t word)
{
    int idx = -1;
    for (unsigned i = 0; i < ms->nbufs; i++)
        idx = ms->buf_word[i] == word ? (int)i : idx;
    return idx;
}

/* The buffers a read of this kind fills: [*lo, hi) (L0 groups, RM0367 §3.3
 * "the oldest buffer ... of the right group"; one pool without them). */
static inline unsigned ms_buf_group(const csim_memsys *ms, bool data, unsigned *lo)
{
    *lo = ms->fetch_group && data ? ms->fetch_group : 0;
    return ms->fetch_group && !data ? ms->fetch_group : ms->nbufs;
}

/* Fill a buffer of the read's group, replacing an empty one (stamp 0) or else
 * the least recently used (RM0367 "replacement = oldest", timing facts §3.2;
 * the same rule is assumed for the U0/U3 prefetch buffers).  A word already
 * buffered (a read-ahead that re-reads it, cfg.readahead_rereads) is written
 * again into its own buffer: there when the read ends (words are unique). */
static inline void ms_buf_fill(csim_memsys *ms, uint32_t word, uint64_t ready, bool prefetched, bool data)
{
    assert(ms->nbufs > 0);
    const int had = ms->ra_skip ? -1 : ms_buf_find(ms, word);
    unsigned lo;
    const unsigned hi = ms_buf_group(ms, data, &lo);
    unsigned v = lo;
    uint64_t best = ms->buf_lru[lo];
    for (unsigned i = lo + 1; i < hi; i++) {
        const uint64_t l = ms->buf_lru[i];
        const uint64_t lt = (uint64_t)0 - (uint64_t)(l < best); /* all ones if older */
        best = (l & lt) | (best & ~lt);
        v = (unsigned)((i & lt) | (v & ~lt));
    }
    if (had >= 0)
        v = (unsigned)had;
    ms->buf_word[v] = word;
    ms->buf_ready[v] = ready;
    ms->buf_pf[v] = prefetched;
    ms->buf_lru[v] = ++ms->stamp;
}

/* A demand takes the word from buffer i: LRU update, read-ahead accounting;
 * returns the cycle the word is there. */
static inline uint64_t ms_buf_use(csim_memsys *ms, int i)
{
    ms->buf_lru[i] = ++ms->stamp;
    ms->st.prefetch_hits += ms->buf_pf[i];
    ms->buf_pf[i] = 0;
    return ms->buf_ready[i];
}

/* Issue the background reads that started before `now` (memsys_machinery.c). */
static inline void ms_advance(csim_memsys *ms, uint64_t now)
{
    if (ms->pf_pending || ms->pr_pending)
        ms_advance_slow(ms, now);
}

/* A demand read that goes to the flash interface (not through a cache):
 * looked up in the word buffers if `lookup`, else read from the array and,
 * if `keep`, kept in a buffer (of the data group for a data read).  A buffer
 * hit is zero-wait (now + 1), or waits for a read still in flight into that
 * buffer. */
static inline uint64_t ms_demand(csim_memsys *ms, uint64_t now, uint32_t word, bool lookup, bool keep, bool data)
{
    if (lookup && ms->nbufs) {
        const int i = ms_buf_find(ms, word);
        if (i >= 0) {
            ms->st.hits++;
            return ms_max(now + 1, ms_buf_use(ms, i));
        }
        ms->st.misses++;
    }
    const uint64_t ready = ms_flash_read(ms, now);
    if (keep && ms->nbufs)
        ms_buf_fill(ms, word, ready, false, data);
    return ready;
}

/* Remember the read-ahead candidate: `count` words from `word` on, not before
 * the triggering access issued at `issued` is over at `done` (H-IDLE), or
 * from `issued` with cfg.readahead_early.  A new trigger replaces a candidate
 * that has not started yet. */
static inline void ms_trigger_prefetch(csim_memsys *ms, uint32_t word, unsigned count, uint64_t issued,
                                       uint64_t done)
{
    ms->pf_pending = word < ms->flash_words;
    ms->pf_word = word;
    ms->pf_left = count;
    ms->pf_at = ms->ra_early ? issued : done;
}

static inline void ms_trigger_preread(csim_memsys *ms, uint32_t word, uint64_t issued, uint64_t done)
{
    ms->pr_pending = word < ms->flash_words;
    ms->pr_word = word;
    ms->pr_at = ms->ra_early ? issued : done;
}

#endif
