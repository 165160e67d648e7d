/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * memsys.h - STM32 flash-interface models: wait states, NVM buffers,
 * prefetch and instruction caches.  Pure modules: no emulator, no JSON.
 *
 * Time is counted in core clock cycles (HCLK).  The core model asks for one
 * access at a time, in program order, with the cycle `now` at which the core
 * issues the request; the model answers with the cycle at which the data is
 * available to the core.  A zero-wait-state memory answers now + 1, so the
 * stall the core sees is `ready - (now + 1)`.  Between calls the model keeps
 * its own state: buffer/cache contents, the time the flash array is busy
 * until, a prefetch or refill in flight.
 *
 * Only reads through the flash interface come here (instruction fetches and
 * data reads of the flash address range).  Writes, SRAM and peripherals do
 * not: the core model prices those itself.
 */
#ifndef CYCLESIM_MEMSYS_H
#define CYCLESIM_MEMSYS_H

#include <stdbool.h>
#include <stdint.h>

typedef enum csim_ms_kind {
    CSIM_MS_FETCH = 0, /* instruction fetch (M0+: 32-bit; M33: 32-bit C-AHB) */
    CSIM_MS_DATA = 1,  /* data read of the flash range (literal pools, tables) */
} csim_ms_kind;

/* The registry of flash interfaces, one row each: its id and its name as the
 * model key flash.interface spells it.  Row X(ID, name) is served by the
 * policy ms_policy_<name> (src/memsys/memsys_registry.c lists them): adding a
 * flash mechanism is a row here and its policy file. */
#define CSIM_MS_INTERFACES(X)                                                                 \
    X(CSIM_MS_ZERO_WAIT, zero_wait) /* ideal memory: every access ready at now + 1 */          \
    X(CSIM_MS_L0_NVM, l0_nvm)       /* STM32L0: 32-bit NVM, six buffers, prefetch, pre-read */ \
    X(CSIM_MS_U0_FLASH, u0_flash)   /* STM32U0: 64-bit flash, prefetch, small instruction cache */ \
    X(CSIM_MS_ICACHE, icache)       /* STM32L5/U3: ICACHE on C-AHB (+ optional flash prefetch) */ \
    X(CSIM_MS_ART, art)             /* STM32F4/G4/L4: ART, prefetch, I-Code and D-Code caches */

typedef enum csim_ms_type {
#define CSIM_MS_ID(id, name) id,
    CSIM_MS_INTERFACES(CSIM_MS_ID)
#undef CSIM_MS_ID
    CSIM_MS_COUNT
} csim_ms_type;

/* What the registry tells the layers above about each interface. */
extern const char *const csim_ms_names[]; /* by csim_ms_type, NULL-terminated */
/** csim_ms_has_cache - the interface has a cache (lines, the cache.* keys). */
bool csim_ms_has_cache(csim_ms_type t);
/** csim_ms_keys - the model keys the interface reads that not every interface
 *  reads (NULL-terminated); NULL for an unknown interface. */
const char *const *csim_ms_keys(csim_ms_type t);
/** csim_ms_reads_key - whether interface t reads model key `key`: 1 or 0, or
 *  -1 for a key that no interface lists (one every interface may read). */
int csim_ms_reads_key(csim_ms_type t, const char *key);
/** csim_ms_logs_tags - block reuse keeps the interface's cache tags as a tag
 *  log (csim_memsys_log_tags), not in its saved states. */
bool csim_ms_logs_tags(csim_ms_type t);

typedef struct csim_ms_cfg {
    csim_ms_type type;
    uint32_t flash_base;       /* first byte of the flash range (e.g. 0x08000000) */
    uint32_t flash_size;       /* bytes */
    uint32_t alias_base;       /* second address of the same flash (0 if none), e.g. 0x00000000 or the secure alias 0x0C000000 */
    unsigned wait_states;      /* FLASH_ACR.LATENCY: extra cycles per flash array read */
    unsigned flash_read_bytes; /* width of one flash array read: 4 (L0), 8 (U0, L5, U3) */
    bool prefetch;             /* PRFTEN (L0, U0, U3) */
    bool preread;              /* L0 PRE_READ */
    bool buffers;              /* L0: !DISAB_BUF */
    unsigned nvm_buffers;      /* L0: number of read buffers (6) */
    bool cache_enabled;        /* U0 ICEN, ICACHE_CR.EN */
    unsigned cache_bytes;      /* total size */
    unsigned cache_ways;       /* 1 = direct mapped */
    unsigned cache_line_bytes; /* line size */
    bool cache_data;           /* data reads are cached too (ICACHE on C-AHB: yes; U0: no) */
    unsigned cache_hit_cycles; /* extra cycles on a hit (0 for ICACHE per ST) */
    unsigned refill_overhead;  /* extra cycles a miss costs beyond the flash read(s) */
    /* Added with the implementation (src/memsys): modelling hypotheses, see memsys.c. */
    unsigned flash_buffers;    /* U0/ICACHE: flash-word buffers in the flash interface below the
                                  cache (prefetch buffer, current word); 0 = none.  L0 uses nvm_buffers */
    bool demand_buffered;      /* U0/ICACHE: an uncached demand fetch read from the array is kept in
                                  a flash-word buffer, so the next fetch of the same word hits it */
    unsigned prefetch_words;   /* U0/ICACHE: flash words read ahead per prefetch trigger
                                  (0 counts as 1; must be <= flash_buffers when prefetch is on) */
    bool prefetch_abort;       /* a demand that needs the array (L0: misses the buffers; U0/ICACHE also
                                  a cache miss or an uncached data read) aborts the read-ahead in
                                  flight (the array is free at once; that word is not buffered) */
    bool data_first;           /* U0: an uncached data read goes before the words of a line refill
                                  that have not started (the refill resumes after it) */
    bool hit_under_miss;       /* U0/ICACHE: hits to other lines are served while a line refills;
                                  false: they wait for the refill to end */
    bool data_prefetch;        /* U0 (with PRFTEN): an uncached data read looks up the flash-word
                                  buffers and, when the interface is idle, the next flash word is
                                  read ahead into one; the word it read is not kept */
    bool refill_wrap;          /* U0: a line refill reads the line in wrapping order from the requested
                                  word (critical word first); false: from its first word upwards.
                                  The ICACHE always wraps (RM0522 7.4.7-7.4.8) */
    bool miss_waits;           /* U0: a miss to another line waits for the refill in progress to end;
                                  false: it abandons that refill (its line is left invalid).  The
                                  ICACHE always waits */
    bool sectored;             /* U0: a miss reads only the missed flash word into its line, whose words
                                  are valid one by one (RM0440 4.3.4: "the line read is copied");
                                  false: the whole line is refilled in one burst */
    bool readahead_rereads;    /* a read-ahead word already in a buffer or a cache line is read from the
                                  array again (false: it is skipped, the read-ahead moves on) */
    bool readahead_early;      /* U0/ICACHE: a read-ahead may start in the cycle its triggering access
                                  is issued, once the array is free (false: after that access has
                                  completed).  The L0 keeps RM0367's "no operation in progress" */
    bool refill_unbuffered;    /* U0/ICACHE: every word of a line refill is read from the array
                                  (false: words in a flash-word buffer are taken from it) */
    bool latency_clears;       /* U0: a change of wait states empties the cache and the word
                                  buffers (false: they keep their contents) */
    unsigned fetch_buffers;    /* L0: buffers of the fetch/prefetch group; the data/pre-read group
                                  has the others (0: one pool of nvm_buffers for every read) */
} csim_ms_cfg;

/* The fields of csim_ms_stats, in order, for every place that walks them
 * (differences, shard files, writers): X(field, reported).  The field's name
 * is its JSON name; reported: in the "flash" object of a run record. */
#define CSIM_MS_STATS_FIELDS(X)                                                  \
    X(fetches, 1)                                                                \
    X(data_reads, 1)                                                             \
    X(hits, 1) X(misses, 1)   /* cache or NVM-buffer lookups */                  \
    X(prefetch_hits, 1)       /* demand satisfied by a prefetch/pre-read */      \
    X(flash_reads, 1)         /* flash array reads, demand + prefetch */         \
    X(fetch_stall, 0) X(data_stall, 0) /* cycles beyond now + 1, per kind */

typedef struct csim_ms_stats {
#define CSIM_MS_MEMBER(field, reported) uint64_t field;
    CSIM_MS_STATS_FIELDS(CSIM_MS_MEMBER)
#undef CSIM_MS_MEMBER
} csim_ms_stats;

typedef struct csim_memsys csim_memsys;

/** csim_memsys_cfg_problem - why cfg cannot be modelled, naming its keys; NULL if it can. */
const char *csim_memsys_cfg_problem(const csim_ms_cfg *cfg);
/** csim_memsys_new - allocate a model; NULL on bad configuration or no memory. */
csim_memsys *csim_memsys_new(const csim_ms_cfg *cfg);
void csim_memsys_free(csim_memsys *ms);

/** csim_memsys_configure - apply a new configuration (firmware wrote FLASH_ACR
 *  or ICACHE_CR); keeps contents where the hardware would (enabling a cache
 *  starts it empty).  Returns false if cfg is invalid. */
bool csim_memsys_configure(csim_memsys *ms, const csim_ms_cfg *cfg);

/** csim_memsys_reset - cold state: caches and buffers invalid, flash idle,
 *  no prefetch in flight, statistics kept. */
void csim_memsys_reset(csim_memsys *ms);

/** csim_memsys_read - one read issued at cycle `now`; returns the cycle its
 *  data is available (>= now + 1).  `addr` is any address of the flash range
 *  or its alias; 16-bit and 32-bit accesses pass the address of the word. */
uint64_t csim_memsys_read(csim_memsys *ms, uint64_t now, uint32_t addr,
                          csim_ms_kind kind);

/** csim_memsys_contains - is addr served by this flash interface? */
bool csim_memsys_contains(const csim_memsys *ms, uint32_t addr);

/** csim_memsys_invalidate - drop cache lines and flash-interface/NVM buffers
 *  (ICACHE_CR.CACHEINV, U0 FLASH_ACR.ICRST, after a flash write/erase);
 *  timing state (flash busy, refill in progress) and statistics are kept. */
void csim_memsys_invalidate(csim_memsys *ms);

/** csim_memsys_config - the configuration in force (for read-modify-write
 *  when firmware writes FLASH_ACR or ICACHE_CR). */
const csim_ms_cfg *csim_memsys_config(const csim_memsys *ms);

/** csim_memsys_quiet - no refill, prefetch or pre-read in flight at `now`:
 *  every cached access would then answer with the plain hit time. */
bool csim_memsys_quiet(const csim_memsys *ms, uint64_t now);

/* What csim_memsys_replay_hits found for a list of accesses, to replay its
 * fetches again without looking them up: the cache slots they hit, each once,
 * the lines those slots held and the position of the last fetch from each,
 * and the positions of the data reads (looked up each time: their addresses
 * change).  The fetches hit while those slots hold those lines, which is
 * known at once while no cache tag changed at all (no fill, invalidate or
 * load): `gen` is the model's fill generation when they last did. */
typedef struct csim_ms_replay {
    uint64_t gen;      /* 0: nothing found */
    uint64_t cfg_gen;  /* configuration it was found under */
    unsigned n, n_lines, n_data;
    unsigned last;     /* index in slot of the line of the last access, n_lines if a data read */
    uint32_t *slot;    /* room for 4n, owned by the caller: slots [n_lines], their
                          lines [n_lines], last fetch positions [n_lines], data read
                          positions [n_data] */
} csim_ms_replay;

/** csim_memsys_replay_hits - if every access of the list would be a plain
 *  cache hit that starts nothing (no refill, no prefetch), account them as
 *  csim_memsys_read would (LRU order, statistics) and return true; otherwise
 *  change nothing and return false.  `last` is the time of the last access
 *  (requests stay non-decreasing).  Lets the core reuse a block's pricing.
 *  If `rp` is not NULL (slot with room for 4n), it is set for
 *  csim_memsys_replay_again (rp->gen = 0 if false). */
bool csim_memsys_replay_hits(csim_memsys *ms, uint64_t now, uint64_t last, const uint32_t *addr,
                             const uint8_t *kind, unsigned n, csim_ms_replay *rp);

/** csim_memsys_replay_again - the same as csim_memsys_replay_hits on the
 *  accesses `rp` was found for, with the data reads at `data_addr`
 *  (rp->n_data of them), in time proportional to the lines fetched from and
 *  the data reads (false, changing nothing, when one would not hit). */
bool csim_memsys_replay_again(csim_memsys *ms, uint64_t now, uint64_t last, csim_ms_replay *rp,
                              const uint32_t *data_addr);

/* The whole model state in a comparable form, for block reuse on models
 * whose accesses csim_memsys_replay_hits cannot replay (buffers, prefetch and
 * pre-read in flight, a small cache): times relative to `now`, LRU stamps as
 * ranks, values that can no longer matter in canonical form. */
#define CSIM_MS_STATE_MAX 512
typedef struct csim_ms_state {
    unsigned n; /* bytes of b in use */
    uint8_t b[CSIM_MS_STATE_MAX];
} csim_ms_state;

/** csim_memsys_save - the state at cycle `now`, given that no request will be
 *  issued before `floor`; false when it does not fit (times far from now, a
 *  large cache).  Two models with equal states answer the same requests
 *  (relative to their `now`) identically and end in equal states.  With
 *  `before_read`, the state is only valid if a read comes next (not a
 *  configure, invalidate or reset). */
bool csim_memsys_save(const csim_memsys *ms, uint64_t now, uint64_t floor, bool before_read,
                      csim_ms_state *st);

/** csim_memsys_tag_bytes - how many bytes at the end of a saved state are
 *  cache tags that no access changes while csim_memsys_tag_gen stays the
 *  same (0: none).  Block reuse then compares and loads only the rest, the
 *  head. */
unsigned csim_memsys_tag_bytes(const csim_memsys *ms);
uint64_t csim_memsys_tag_gen(const csim_memsys *ms);

/** csim_memsys_save_head - csim_memsys_save without the cache tags, for a
 *  caller that knows them otherwise (csim_memsys_tag_bytes, or a tag log);
 *  false on a model that has neither. */
bool csim_memsys_save_head(const csim_memsys *ms, uint64_t now, uint64_t floor, bool before_read,
                           csim_ms_state *st);

/* The ICACHE's tags are too many to save with the state: block reuse instead
 * keeps what a block's reads learnt from them, in order (a hit, a miss and
 * so a fill, a word present or absent for the read-ahead's H-SKIP test).
 * Two models whose heads (csim_memsys_save_head) are equal and whose tags
 * answer a block's tag tests alike answer its reads identically. */
#define CSIM_MS_TAG_LOG_MAX 1024
enum { CSIM_MS_TAG_HIT, CSIM_MS_TAG_MISS, CSIM_MS_TAG_PRESENT, CSIM_MS_TAG_ABSENT };
typedef struct csim_ms_tag_log {
    unsigned n;
    bool overflow; /* more than CSIM_MS_TAG_LOG_MAX tests */
    uint32_t word[CSIM_MS_TAG_LOG_MAX];
    uint8_t what[CSIM_MS_TAG_LOG_MAX]; /* CSIM_MS_TAG_* */
} csim_ms_tag_log;

/** csim_memsys_log_tags - from now on append the reads' tag tests to `log`
 *  (emptied first); NULL stops.  False, logging nothing, on a model whose
 *  tags are not replayed from a log (all but the ICACHE). */
bool csim_memsys_log_tags(csim_memsys *ms, csim_ms_tag_log *log);

/** csim_memsys_replay_tags - the n tag tests of a log again, each applied as
 *  the read did it (a hit makes its line the most recently used, a miss fills
 *  its line, the victim chosen by this cache's LRU order).  True if every test
 *  answered as logged; otherwise the tags are left as they were.  Buffers,
 *  timing and statistics are not touched: csim_memsys_load_head sets them. */
bool csim_memsys_replay_tags(csim_memsys *ms, const uint32_t *word, const uint8_t *what, unsigned n);

/** csim_memsys_data_anywhere - a data read of the flash costs the same and
 *  leaves the same state whatever its address (it looks up and fills no
 *  buffer or cache): block reuse need not compare the addresses. */
bool csim_memsys_data_anywhere(const csim_memsys *ms);

/** csim_memsys_load - put the model into a saved state, relative to `now`,
 *  and add `add` to the statistics (a replayed block's accesses).  Returns a
 *  token for csim_memsys_unchanged. */
uint64_t csim_memsys_load(csim_memsys *ms, uint64_t now, const csim_ms_state *st, const csim_ms_stats *add);

/** csim_memsys_load_head - csim_memsys_load of a state's head: the tags stay
 *  (the caller knows they are the state's, or has replayed them). */
uint64_t csim_memsys_load_head(csim_memsys *ms, uint64_t now, const csim_ms_state *st, const csim_ms_stats *add);

/** csim_memsys_unchanged - nothing has changed the model's state since the
 *  load that returned `token` (no read, replay, configure, reset, invalidate
 *  or load) and `floor` is not before the load's floor: csim_memsys_save at
 *  the load's `now` and this floor then depends on the loaded state alone,
 *  and block reuse can know it without saving it. */
bool csim_memsys_unchanged(const csim_memsys *ms, uint64_t token, uint64_t floor);

const csim_ms_stats *csim_memsys_stats(const csim_memsys *ms);
void csim_memsys_clear_stats(csim_memsys *ms);

#endif
