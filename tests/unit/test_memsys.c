/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_memsys.c - unit tests of the flash-interface models (src/memsys).
 *
 * Every expected cycle is derived by hand from the rules stated in
 * the model sources in src/memsys (and the contract in include/cyclesim/memsys/memsys.h); the
 * derivation is written beside the check.  Notation: rc = 1 + W = cycles of
 * one flash array read; "a..b" = an array read started at a, data at b;
 * w<n> = flash word n (flash_read_bytes each) counted from 0x08000000.
 *
 * Exit status: 0 if every check passed, 1 otherwise; each failing check is
 * printed.  The throughput figure is printed, never asserted.
 */
#include "cyclesim/memsys/memsys.h"
#include "cyclesim/memsys/xmem.h"
#include "cyclesim/model/model_keys.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- tiny assertion framework ---------------------------------------------- */

static int g_checks, g_failures;
static const char *g_case = "";

static void check_u64(const char *file, int line, const char *expr, uint64_t got, uint64_t exp)
{
    g_checks++;
    if (got != exp) {
        g_failures++;
        fprintf(stderr, "%s:%d: [%s] FAIL: %s = %" PRIu64 ", expected %" PRIu64 "\n", file, line, g_case, expr,
                got, exp);
    }
}

#define CHECK_EQ(got, exp) check_u64(__FILE__, __LINE__, #got, (uint64_t)(got), (uint64_t)(exp))
#define CHECK(cond) check_u64(__FILE__, __LINE__, #cond, (cond) ? 1u : 0u, 1u)
/* one read and its expected ready cycle */
#define FETCH(ms, now, addr, exp) \
    check_u64(__FILE__, __LINE__, "fetch " #addr " @" #now, csim_memsys_read(ms, now, addr, CSIM_MS_FETCH), exp)
#define DATA(ms, now, addr, exp) \
    check_u64(__FILE__, __LINE__, "data " #addr " @" #now, csim_memsys_read(ms, now, addr, CSIM_MS_DATA), exp)

static void begin(const char *name) { g_case = name; }

static csim_memsys *must_new(const csim_ms_cfg *cfg)
{
    csim_memsys *ms = csim_memsys_new(cfg);
    if (!ms) {
        fprintf(stderr, "[%s] csim_memsys_new failed\n", g_case);
        exit(1);
    }
    return ms;
}

/* ---- configurations ------------------------------------------------------- */

#define FL 0x08000000u

/* STM32L073-like NVM: 192 KB, boot alias at 0, 32-bit reads, 6 buffers. */
static csim_ms_cfg cfg_l0(unsigned ws, bool prefetch, bool preread, bool buffers)
{
    return (csim_ms_cfg){
        .type = CSIM_MS_L0_NVM, .flash_base = FL, .flash_size = 192u * 1024, .alias_base = 0,
        .wait_states = ws, .flash_read_bytes = 4, .prefetch = prefetch, .preread = preread,
        .buffers = buffers, .nvm_buffers = 6,
    };
}

/* STM32U083-like: 256 KB, 64-bit reads, 1-KB cache of 32-B lines. */
static csim_ms_cfg cfg_u0(unsigned ws, bool cache, bool prefetch, unsigned ways)
{
    return (csim_ms_cfg){
        .type = CSIM_MS_U0_FLASH, .flash_base = FL, .flash_size = 256u * 1024, .alias_base = 0,
        .wait_states = ws, .flash_read_bytes = 8, .prefetch = prefetch, .cache_enabled = cache,
        .cache_bytes = 1024, .cache_ways = ways, .cache_line_bytes = 32, .cache_data = false,
        .cache_hit_cycles = 0, .refill_overhead = 0, .flash_buffers = 2, .demand_buffered = true,
        .prefetch_words = 1, .hit_under_miss = false, .refill_wrap = true, .miss_waits = true,
    };
}

/* STM32L552/U385-like ICACHE: 512 KB, secure alias 0x0C000000, 64-bit reads,
 * 8-KB cache of 16-B lines (2 flash words per line). */
static csim_ms_cfg cfg_ic(unsigned ws, unsigned ways, unsigned overhead)
{
    return (csim_ms_cfg){
        .type = CSIM_MS_ICACHE, .flash_base = FL, .flash_size = 512u * 1024, .alias_base = 0x0C000000u,
        .wait_states = ws, .flash_read_bytes = 8, .prefetch = false, .cache_enabled = true,
        .cache_bytes = 8192, .cache_ways = ways, .cache_line_bytes = 16, .cache_data = true,
        .cache_hit_cycles = 0, .refill_overhead = overhead, .flash_buffers = 0, .demand_buffered = false,
        .prefetch_words = 1, .hit_under_miss = true,
    };
}

/* ---- ZERO_WAIT ------------------------------------------------------------- */

static void test_zero_wait(void)
{
    begin("zero-wait");
    csim_ms_cfg c = {.type = CSIM_MS_ZERO_WAIT, .flash_base = FL, .flash_size = 65536, .alias_base = 0};
    csim_memsys *ms = must_new(&c);
    FETCH(ms, 0, FL, 1);           /* ready = now + 1 always */
    DATA(ms, 5, FL + 100, 6);      /* now + 1 */
    FETCH(ms, 5, FL, 6);           /* equal `now` is allowed: now + 1 */
    FETCH(ms, 7, FL + 0xFFFC, 8);  /* last word of the range: now + 1 */
    const csim_ms_stats *s = csim_memsys_stats(ms);
    CHECK_EQ(s->fetches, 3);
    CHECK_EQ(s->data_reads, 1);
    CHECK_EQ(s->fetch_stall + s->data_stall, 0);
    CHECK_EQ(s->flash_reads, 0);
    CHECK_EQ(s->hits + s->misses, 0);
    CHECK(csim_memsys_contains(ms, FL + 0xFFFF));
    CHECK(!csim_memsys_contains(ms, FL + 0x10000));
    csim_memsys_free(ms);
}

/* ---- L0 NVM ---------------------------------------------------------------- */

static void test_l0_sequential(void)
{
    begin("l0 sequential, 0 WS, no prefetch");
    csim_ms_cfg c = cfg_l0(0, false, false, true);
    csim_memsys *ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 1);  /* miss, rc = 1: 0..1 */
    FETCH(ms, 1, FL + 4, 2);  /* miss: 1..2 */
    FETCH(ms, 2, FL + 8, 3);  /* miss: 2..3 */
    FETCH(ms, 3, FL + 10, 4); /* halfword address in w2 -> buffer hit, now + 1 */
    CHECK_EQ(csim_memsys_stats(ms)->misses, 3);
    CHECK_EQ(csim_memsys_stats(ms)->hits, 1);
    CHECK_EQ(csim_memsys_stats(ms)->flash_reads, 3);
    csim_memsys_free(ms);

    begin("l0 sequential, 0 WS, prefetch");
    c = cfg_l0(0, true, false, true);
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 1); /* miss 0..1; prefetch candidate w1, not before 1 */
    FETCH(ms, 2, FL + 4, 3); /* w1 prefetched 1..2 (1 < 2); hit: max(2+1, 2) = 3 */
    FETCH(ms, 4, FL + 8, 5); /* candidate w2 from 3: 3..4; hit: max(5, 4) = 5 */
    CHECK_EQ(csim_memsys_stats(ms)->hits, 2);
    CHECK_EQ(csim_memsys_stats(ms)->prefetch_hits, 2);
    CHECK_EQ(csim_memsys_stats(ms)->flash_reads, 3);
    CHECK_EQ(csim_memsys_stats(ms)->fetch_stall, 0);
    csim_memsys_free(ms);

    begin("l0 sequential, 1 WS, no prefetch");
    c = cfg_l0(1, false, false, true);
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 2);    /* W=1: miss 1+1 = 2 -> now + 2 */
    FETCH(ms, 4, FL + 4, 6);    /* miss 4..6 */
    FETCH(ms, 8, FL + 8, 10);   /* miss 8..10 */
    FETCH(ms, 12, FL + 12, 14); /* miss 12..14 */
    CHECK_EQ(csim_memsys_stats(ms)->fetch_stall, 4); /* 1 per fetch */
    csim_memsys_free(ms);

    begin("l0 sequential, 1 WS, prefetch");
    c = cfg_l0(1, true, false, true);
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 2);    /* miss 0..2; candidate w1 from 2 */
    FETCH(ms, 4, FL + 4, 5);    /* w1 prefetched 2..4; hit max(5, 4) = 5; candidate w2 from 5 */
    FETCH(ms, 8, FL + 8, 9);    /* w2 prefetched max(4, 5) = 5..7; hit 9 */
    FETCH(ms, 12, FL + 12, 13); /* w3 prefetched 9..11; hit 13 */
    const csim_ms_stats *s = csim_memsys_stats(ms);
    CHECK_EQ(s->fetches, 4);
    CHECK_EQ(s->misses, 1);
    CHECK_EQ(s->hits, 3);
    CHECK_EQ(s->prefetch_hits, 3);
    CHECK_EQ(s->flash_reads, 4);  /* 1 demand + 3 prefetches (w4 still pending) */
    CHECK_EQ(s->fetch_stall, 1);  /* only the first fetch: 2 - (0 + 1) */
    csim_memsys_free(ms);

    begin("l0 back-to-back fetches, 1 WS, prefetch: the demand wins the tie");
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 2); /* miss 0..2; candidate w1 from 2 */
    FETCH(ms, 2, FL + 4, 4); /* array idle at 2 = now: demand first (H-PRIO), miss 2..4 */
    FETCH(ms, 4, FL + 8, 6); /* same: 4..6 */
    CHECK_EQ(csim_memsys_stats(ms)->prefetch_hits, 0);
    CHECK_EQ(csim_memsys_stats(ms)->flash_reads, 3);
    csim_memsys_free(ms);
}

static void test_l0_prefetch_in_flight(void)
{
    begin("l0 demand for the word being prefetched");
    csim_ms_cfg c = cfg_l0(3, true, false, true); /* rc = 4 */
    csim_memsys *ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 4); /* miss 0..4; candidate w1 from 4 */
    FETCH(ms, 5, FL + 4, 8); /* prefetch w1 4..8 in flight; demand waits for it: max(6, 8) = 8 */
    CHECK_EQ(csim_memsys_stats(ms)->prefetch_hits, 1);
    csim_memsys_free(ms);

    begin("l0 demand for another word while a prefetch is in flight");
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 4);       /* miss 0..4; candidate w1 from 4 */
    DATA(ms, 5, FL + 0x100, 12);   /* prefetch w1 4..8 not aborted; data read 8..12 */
    FETCH(ms, 13, FL + 4, 14);     /* w1 was prefetched: hit, 13 + 1 */
    csim_memsys_free(ms);

    begin("l0 same, without prefetch");
    c = cfg_l0(3, false, false, true);
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 4);     /* miss 0..4 */
    FETCH(ms, 5, FL + 4, 9);     /* miss 5..9 */
    DATA(ms, 9, FL + 0x100, 13); /* miss 9..13 */
    csim_memsys_free(ms);
}

/* flash.prefetch_abort (memsys_l0nvm.c): RM0367 reads ahead only when the
 * interface is idle; a demand that misses the buffers while such a read is in
 * flight aborts it (the NVM is free at once, the word is not buffered). */
static void test_l0_prefetch_abort(void)
{
    begin("l0 prefetch aborted by a branch target");
    csim_ms_cfg c = cfg_l0(1, true, false, true); /* rc = 2 */
    c.prefetch_abort = true;
    csim_memsys *ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 2);   /* miss 0..2; prefetch candidate w1 from 2 */
    FETCH(ms, 3, FL + 40, 5);  /* w1 prefetch 2..4 in flight at 3: aborted; w10 3..5 */
    FETCH(ms, 6, FL + 4, 8);   /* w1 was dropped: miss 6..8 (w11 prefetch 5..7 was over) */
    CHECK_EQ(csim_memsys_stats(ms)->prefetch_hits, 0);
    csim_memsys_free(ms);

    begin("l0 the same without abort (H-PRIO)");
    c.prefetch_abort = false;
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 2);   /* miss 0..2 */
    FETCH(ms, 3, FL + 40, 6);  /* waits for the prefetch 2..4: 4..6 */
    FETCH(ms, 7, FL + 4, 8);   /* w1 prefetched: hit, 7 + 1 */
    csim_memsys_free(ms);

    begin("l0 abort: the demand for the word in flight still waits for it");
    c.prefetch_abort = true;
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 2);   /* miss 0..2; candidate w1 from 2 */
    FETCH(ms, 3, FL + 4, 4);   /* w1 in flight 2..4 is in a buffer: no abort, max(4, 4) = 4 */
    DATA(ms, 5, FL + 0x100, 7);/* pre-read off; prefetch w2 from 4 started 4..6 and aborted: 5..7 */
    csim_memsys_free(ms);
}

static void test_l0_loops(void)
{
    /* A loop of 6 words fits the 6 buffers: pass 2 is all hits. */
    begin("l0 loop of 6 words, 1 WS, no prefetch");
    csim_ms_cfg c = cfg_l0(1, false, false, true);
    csim_memsys *ms = must_new(&c);
    uint64_t t = 0;
    for (uint32_t i = 0; i < 6; i++, t += 2)
        FETCH(ms, t, FL + 4 * i, t + 2); /* pass 1 at t = 0, 2, ..., 10: each a miss t..t+2 */
    for (uint32_t i = 0; i < 6; i++, t += 2)
        FETCH(ms, t, FL + 4 * i, t + 1); /* pass 2 at t = 12, ..., 22: buffer hits, now + 1 */
    CHECK_EQ(csim_memsys_stats(ms)->misses, 6);
    CHECK_EQ(csim_memsys_stats(ms)->hits, 6);
    csim_memsys_free(ms);

    /* 7 words: LRU evicts each word just before it is needed again. */
    begin("l0 loop of 7 words, 1 WS, no prefetch: LRU eviction");
    ms = must_new(&c);
    t = 0;
    for (int pass = 0; pass < 2; pass++)
        for (uint32_t i = 0; i < 7; i++, t += 2)
            FETCH(ms, t, FL + 4 * i, t + 2); /* w6 evicts w0 (oldest), w0 evicts w1, ...: all misses */
    CHECK_EQ(csim_memsys_stats(ms)->misses, 14);
    CHECK_EQ(csim_memsys_stats(ms)->hits, 0);
    csim_memsys_free(ms);

    /* With PRFTEN the word after the loop's end is prefetched into the same
     * pool (single LRU pool, no Table-14 groups): 5 words + 1 prefetched = 6. */
    begin("l0 loop of 5 words, 1 WS, prefetch, fetch every 4 cycles");
    c = cfg_l0(1, true, false, true);
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 2);     /* miss 0..2; candidate w1 from 2 */
    FETCH(ms, 4, FL + 4, 5);     /* w1 prefetched 2..4; hit 5 */
    FETCH(ms, 8, FL + 8, 9);     /* w2 5..7; hit */
    FETCH(ms, 12, FL + 12, 13);  /* w3 9..11; hit */
    FETCH(ms, 16, FL + 16, 17);  /* w4 13..15; hit; candidate w5 from 17 */
    for (uint32_t i = 0; i < 5; i++) /* w5 read 17..19 before 20 (6th buffer); pass 2: all hits */
        FETCH(ms, 20 + 4 * i, FL + 4 * i, 21 + 4 * i);
    CHECK_EQ(csim_memsys_stats(ms)->misses, 1);
    CHECK_EQ(csim_memsys_stats(ms)->flash_reads, 6); /* w0 + w1..w5 prefetched */
    csim_memsys_free(ms);

    begin("l0 loop of 6 words, 1 WS, prefetch: the read-ahead evicts the loop head");
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 2); /* miss; then w1..w5 prefetched, as above */
    for (uint32_t i = 1; i < 6; i++)
        FETCH(ms, 4 * i, FL + 4 * i, 4 * i + 1);
    /* after w5 (t=20, ready 21) w6 is read 21..23, evicting the LRU buffer: w0 */
    FETCH(ms, 24, FL + 0, 26); /* w0 misses 24..26 (evicts w1); candidate w1 from 26 */
    FETCH(ms, 28, FL + 4, 29); /* w1 prefetched again 26..28 (evicts w2): hit max(29, 28) */
    CHECK_EQ(csim_memsys_stats(ms)->misses, 2);
    csim_memsys_free(ms);
}

static void test_l0_disab_buf(void)
{
    begin("l0 DISAB_BUF: no buffers, no prefetch, no pre-read");
    csim_ms_cfg c = cfg_l0(1, true, true, false);
    csim_memsys *ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 2);       /* 0..2 */
    FETCH(ms, 4, FL + 0, 6);       /* same word again: another read 4..6 */
    FETCH(ms, 10, FL + 4, 12);     /* no prefetch of w1 happened: 10..12 */
    DATA(ms, 14, FL + 0x40, 16);   /* 14..16 */
    DATA(ms, 20, FL + 0x44, 22);   /* no pre-read: 20..22 */
    const csim_ms_stats *s = csim_memsys_stats(ms);
    CHECK_EQ(s->flash_reads, 5);
    CHECK_EQ(s->hits + s->misses, 0); /* no buffer lookups */
    CHECK_EQ(s->prefetch_hits, 0);
    csim_memsys_free(ms);
}

static void test_l0_preread(void)
{
    begin("l0 pre-read");
    csim_ms_cfg c = cfg_l0(1, false, true, true);
    csim_memsys *ms = must_new(&c);
    DATA(ms, 0, FL + 0x400, 2); /* miss 0..2; pre-read candidate w(0x404) from 2 */
    DATA(ms, 5, FL + 0x404, 6); /* pre-read 2..4; hit 6 */
    FETCH(ms, 6, FL + 0, 8);    /* fetches do not trigger the pre-read: miss 6..8 */
    FETCH(ms, 10, FL + 4, 12);  /* no prefetch (PRFTEN=0): miss 10..12 */
    CHECK_EQ(csim_memsys_stats(ms)->prefetch_hits, 1);
    csim_memsys_free(ms);

    begin("l0 pre-read off");
    c = cfg_l0(1, false, false, true);
    ms = must_new(&c);
    DATA(ms, 0, FL + 0x400, 2); /* miss 0..2 */
    DATA(ms, 5, FL + 0x404, 7); /* miss 5..7 */
    csim_memsys_free(ms);

    begin("l0 prefetch before pre-read");
    c = cfg_l0(1, true, true, true);
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 2);     /* miss 0..2; prefetch candidate w1 from 2 */
    DATA(ms, 1, FL + 0x400, 4);  /* array busy until 2: 2..4; pre-read candidate from 4 */
    FETCH(ms, 5, FL + 4, 6);     /* prefetch w1 max(4, 2) = 4..6 first; pre-read would start at 6,
                                    not before 5: waits.  Hit in flight: max(6, 6) = 6.
                                    New prefetch candidate w2 from 6 */
    DATA(ms, 6, FL + 0x404, 8);  /* w2 prefetch would start at 6 = now: yields to the demand and
                                    the pre-read waits behind it: miss 6..8 */
    csim_memsys_free(ms);
}

/* ---- U0 -------------------------------------------------------------------- */

static void test_u0_cache(void)
{
    begin("u0 cache miss, critical word first, fill in the background");
    csim_ms_cfg c = cfg_u0(2, true, false, 2); /* rc = 3, 4 words per line */
    csim_memsys *ms = must_new(&c);
    FETCH(ms, 0, FL + 8, 3);       /* miss line 0 at w1: w1 0..3, w2 3..6, w3 6..9, w0 9..12 */
    FETCH(ms, 3, FL + 12, 4);      /* w1 (2nd half) arrived at 3: max(4, 3) = 4 */
    FETCH(ms, 4, FL + 16, 6);      /* w2 arrives at 6 */
    FETCH(ms, 6, FL + 0, 12);      /* w0 is the last of the wrap: 12 */
    DATA(ms, 7, FL + 0x200, 15);   /* data not cached; array busy until 12: 12..15 */
    FETCH(ms, 16, FL + 24, 17);    /* refill over: plain hit */
    FETCH(ms, 20, FL + 8, 21);     /* hit */
    const csim_ms_stats *s = csim_memsys_stats(ms);
    CHECK_EQ(s->misses, 1);
    CHECK_EQ(s->hits, 5);
    CHECK_EQ(s->flash_reads, 5); /* 4 refill + 1 data */
    CHECK_EQ(s->fetch_stall, 2 + 0 + 1 + 5 + 0 + 0);
    CHECK_EQ(s->data_stall, 15 - 8);

    begin("u0 data reads are not cached");
    DATA(ms, 30, FL + 8, 33);  /* line 0 is cached, but data go to the array: 30..33 */
    DATA(ms, 40, FL + 8, 43);  /* again 40..43 (no data buffer either) */
    csim_memsys_free(ms);

    begin("u0 no hit-under-miss");
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 3);      /* line 0: w0 0..3 ... w3 9..12 */
    FETCH(ms, 20, FL + 0x40, 23); /* line 2: 20..23, ..., refill ends 32 */
    FETCH(ms, 24, FL + 0, 33);    /* hit on line 0 during the refill: waits for its end, 32 + 1 */
    csim_memsys_free(ms);

    begin("u0 with hit_under_miss");
    c.hit_under_miss = true;
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 3);
    FETCH(ms, 20, FL + 0x40, 23);
    FETCH(ms, 24, FL + 0, 25); /* served at once: now + 1 */
    csim_memsys_free(ms);

    begin("u0 cache_data what-if");
    c = cfg_u0(2, true, false, 2);
    c.cache_data = true;
    ms = must_new(&c);
    DATA(ms, 0, FL + 0x200, 3); /* miss, critical word 0..3 (line fill ends 12) */
    DATA(ms, 20, FL + 0x200, 21); /* hit */
    csim_memsys_free(ms);
}

/* cache.refill_wrap and cache.miss_waits (U0 keys, memsys.c ms_cache_access,
 * ms_abandon_refill) at 1 WS: rc = 2, 64-bit words, 32-B lines of 4 words
 * (line 0 = w0..w3, line 2 = w8..w11 at FL + 0x40), direct mapped, no
 * prefetch, no hit-under-miss. */
/* cache.sectored (U0 key, memsys.c ms_cache_access; RM0440 §4.3.4's ART: a
 * miss reads and copies the one 64-bit word it wants): at 1 WS (rc = 2),
 * 32-B lines of 4 words, direct mapped (line 0 = w0..w3 and line 32 at
 * FL + 0x400 share set 0), no prefetch. */
static void test_u0_sectored(void)
{
    begin("u0 sectored: a miss reads its own word only, the line's other words miss on their own");
    csim_ms_cfg c = cfg_u0(1, true, false, 1);
    c.sectored = true;
    csim_memsys *ms = must_new(&c);
    FETCH(ms, 0, FL + 16, 2);      /* w2: 0..2, nothing after it */
    FETCH(ms, 2, FL + 24, 4);      /* w3 of the same line, not there: 2..4, same way */
    FETCH(ms, 4, FL + 16, 5);      /* w2 kept: hit */
    FETCH(ms, 5, FL + 0x410, 7);   /* line 32, same set: 5..7, line 0 evicted with both its words */
    FETCH(ms, 7, FL + 24, 9);      /* w3 again: miss 7..9, line 32 evicted */
    FETCH(ms, 9, FL + 16, 11);     /* w2: line 0's tag is back with w3 only: miss */
    CHECK_EQ(csim_memsys_stats(ms)->misses, 5);
    CHECK_EQ(csim_memsys_stats(ms)->hits, 1);
    CHECK_EQ(csim_memsys_stats(ms)->flash_reads, 5);
    csim_memsys_free(ms);

    begin("u0 sectored at 0 WS: a miss costs what a hit does (no burst to wait for)");
    c = cfg_u0(0, true, false, 1);
    c.sectored = true;
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 1);
    FETCH(ms, 1, FL + 0x40, 2);    /* another line at once: nothing in progress */
    FETCH(ms, 2, FL + 8, 3);
    CHECK_EQ(csim_memsys_stats(ms)->fetch_stall, 0);
    csim_memsys_free(ms);

    begin("u0 sectored, miss_waits false: an abandoned read drops its own word, not the line");
    c = cfg_u0(1, true, false, 1);
    c.sectored = true;
    c.miss_waits = false;
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 2);       /* w0 0..2 */
    FETCH(ms, 2, FL + 8, 4);       /* w1 2..4 */
    FETCH(ms, 3, FL + 0x40, 6);    /* line 2 during w1's read: the read under way completes, w8 4..6 */
    FETCH(ms, 6, FL + 0, 7);       /* w0 stays: hit */
    FETCH(ms, 7, FL + 8, 9);       /* w1 was dropped: miss 7..9 */
    CHECK_EQ(csim_memsys_stats(ms)->misses, 4);
    csim_memsys_free(ms);
}

static void test_u0_refill_keys(void)
{
    begin("u0 refill_wrap: a miss in the middle of a line, wrapping burst");
    csim_ms_cfg c = cfg_u0(1, true, false, 1);
    csim_memsys *ms = must_new(&c);
    FETCH(ms, 0, FL + 16, 2);  /* miss at w2: w2 0..2, w3 2..4, w0 4..6, w1 6..8 */
    FETCH(ms, 2, FL + 24, 4);  /* w3 at 4 */
    FETCH(ms, 4, FL + 0, 6);   /* w0 at 6 */
    FETCH(ms, 6, FL + 8, 8);   /* w1 at 8 */
    FETCH(ms, 8, FL + 20, 9);  /* refill over at 8: plain hit */
    CHECK_EQ(csim_memsys_stats(ms)->fetch_stall, 1 + 1 + 1 + 1 + 0);
    csim_memsys_free(ms);

    begin("u0 refill_wrap false: the same miss, linear burst");
    c.refill_wrap = false;
    ms = must_new(&c);
    FETCH(ms, 0, FL + 16, 6);  /* from the line's first word: w0 0..2, w1 2..4, w2 4..6, w3 6..8;
                                  the core waits for w2: 6 */
    FETCH(ms, 6, FL + 24, 8);  /* w3 at 8 */
    FETCH(ms, 8, FL + 0, 9);   /* refill over at 8: plain hit */
    FETCH(ms, 9, FL + 0x58, 17); /* line 2 at its last word w11: w8 9..11, w9 11..13, w10 13..15,
                                    w11 15..17 */
    csim_memsys_free(ms);

    begin("u0 miss_waits: a miss to another line waits for the refill's end");
    c = cfg_u0(1, true, false, 1);
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 2);     /* line 0: w0 0..2, w1 2..4, w2 4..6, w3 6..8 */
    FETCH(ms, 3, FL + 0x40, 10); /* line 2 at w8 waits for 8: w8 8..10, w9 ..12, w10 ..14, w11 ..16 */
    FETCH(ms, 16, FL + 0, 17);   /* line 0 complete: hit */
    CHECK_EQ(csim_memsys_stats(ms)->misses, 2);
    CHECK_EQ(csim_memsys_stats(ms)->flash_reads, 8);
    csim_memsys_free(ms);

    begin("u0 miss_waits false: the miss abandons the refill");
    c.miss_waits = false;
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 2);     /* line 0: w0 0..2, w1 2..4, w2 4..6, w3 6..8 */
    FETCH(ms, 3, FL + 0x40, 6);  /* w0, w1 started before 3; w2 (due at 4), w3 are not read: the
                                    array is free at 4 (w1's end): w8 4..6, w9 6..8, w10 8..10,
                                    w11 10..12 */
    FETCH(ms, 12, FL + 0, 14);   /* line 0 was left invalid, w0 that arrived at 2 included: miss,
                                    w0 12..14 */
    CHECK_EQ(csim_memsys_stats(ms)->misses, 3);
    CHECK_EQ(csim_memsys_stats(ms)->flash_reads, 2 + 4 + 4);
    csim_memsys_free(ms);

    begin("u0 miss_waits false: the read due in the cycle of the miss is not made");
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 2);     /* w0 0..2, w1 2..4, w2 4..6, w3 6..8 */
    FETCH(ms, 4, FL + 0x40, 6);  /* w2 would start at 4 = now: yields (H-PRIO); w1 ended at 4:
                                    w8 4..6 */
    CHECK_EQ(csim_memsys_stats(ms)->flash_reads, 2 + 4);
    csim_memsys_free(ms);

    begin("u0 miss_waits false: the read under way completes");
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 2);     /* w0 0..2, w1 2..4, w2 4..6, w3 6..8 */
    FETCH(ms, 5, FL + 0x40, 8);  /* w2's read 4..6 under way, w3 not read: w8 6..8 */
    CHECK_EQ(csim_memsys_stats(ms)->flash_reads, 3 + 4);
    csim_memsys_free(ms);

    begin("u0 miss_waits false: a data read that went first stays");
    c.data_first = true;
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 2);      /* w0 0..2, w1 2..4, w2 4..6, w3 6..8 */
    DATA(ms, 3, FL + 0x1000, 6);  /* w1's read under way: data 4..6; w2 6..8, w3 8..10 */
    FETCH(ms, 5, FL + 0x40, 8);   /* w2 (due at 6), w3 not read; the data read ends at 6: w8 6..8 */
    CHECK_EQ(csim_memsys_stats(ms)->flash_reads, 2 + 1 + 4);
    csim_memsys_free(ms);

    begin("u0 miss_waits false: after the refill's end nothing changes");
    c = cfg_u0(1, true, false, 1);
    c.miss_waits = false;
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 2);     /* w0 0..2 ... w3 6..8 */
    FETCH(ms, 8, FL + 0x40, 10); /* no refill in progress at 8: w8 8..10 */
    FETCH(ms, 16, FL + 0, 17);   /* line 0 complete and kept: hit */
    csim_memsys_free(ms);

    begin("u0 both false: linear burst, then abandoned");
    c.refill_wrap = false;
    ms = must_new(&c);
    FETCH(ms, 0, FL + 24, 8);    /* w0 0..2, w1 2..4, w2 4..6, w3 6..8: the core waits for w3 */
    FETCH(ms, 8, FL + 0x50, 14); /* line 2 at w10: w8 8..10, w9 10..12, w10 12..14, w11 14..16 */
    FETCH(ms, 13, FL + 0x68, 18); /* line 3 at w13 during w10's read: w10 completes, w11 is not
                                     read; from the line's first word: w12 14..16, w13 16..18 */
    csim_memsys_free(ms);
}

/* Core-like driver: 32-bit sequential fetches, next one at max(t + 2, ready)
 * (16-bit code at 1 IPC).  Returns the ready cycles in r[]. */
static void drive_sequential(csim_memsys *ms, unsigned n, uint64_t *r)
{
    uint64_t t = 0;
    for (unsigned k = 0; k < n; k++) {
        r[k] = csim_memsys_read(ms, t, FL + 4 * k, CSIM_MS_FETCH);
        t = r[k] > t + 2 ? r[k] : t + 2;
    }
}

/* flash.data_first (memsys_u0.c): an uncached data read waits only for the
 * array read under way; the refill's words that had not started follow it in
 * burst order.  At 0 WS a data read is then zero-wait, as on a zero-wait
 * memory. */
static void test_u0_data_first(void)
{
    begin("u0 data read before the rest of a refill, 1 WS");
    csim_ms_cfg c = cfg_u0(1, true, false, 1); /* rc = 2, 4 words per line */
    c.data_first = true;
    csim_memsys *ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 2);        /* miss: w0 0..2, w1 2..4, w2 4..6, w3 6..8 */
    DATA(ms, 3, FL + 0x1000, 6);    /* w1's read 2..4 under way: data 4..6; w2 6..8, w3 8..10 */
    FETCH(ms, 5, FL + 16, 8);       /* w2 of the refilling line arrives at 8 */
    FETCH(ms, 8, FL + 24, 10);      /* w3 at 10 */
    FETCH(ms, 11, FL + 8, 12);      /* refill over: hit */
    CHECK_EQ(csim_memsys_stats(ms)->flash_reads, 5);
    csim_memsys_free(ms);

    begin("u0 the same without data_first");
    c.data_first = false;
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 2);        /* miss: refill until 8 */
    DATA(ms, 3, FL + 0x1000, 10);   /* waits for the whole refill: 8..10 */
    FETCH(ms, 5, FL + 16, 6);       /* w2 arrived at 6 */
    csim_memsys_free(ms);

    begin("u0 0 WS: a data read during a refill is zero-wait");
    c = cfg_u0(0, true, false, 1);  /* rc = 1 */
    c.data_first = true;
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 1);        /* miss: w0 0..1, w1 1..2, w2 2..3, w3 3..4 */
    DATA(ms, 1, FL + 0x1000, 2);    /* w1's read starts at 1: it yields; data 1..2; w1 2..3 ... */
    FETCH(ms, 2, FL + 8, 3);        /* w1 2..3 */
    DATA(ms, 3, FL + 0x1008, 4);    /* w2 starts at 3: yields; data 3..4 */
    CHECK_EQ(csim_memsys_stats(ms)->data_stall, 0);
    csim_memsys_free(ms);
}

/* flash.data_prefetch (memsys_u0.c, H-DPF): with PRFTEN, an uncached data read
 * looks up the word buffers, and the flash word after it is read ahead when
 * the array is idle; the word it read from the array is not kept.  Data at
 * FL + 0x1000 = w512 (8-byte words). */
static void test_u0_data_prefetch(void)
{
    begin("u0 data read-ahead: ascending reads, 1 WS");
    csim_ms_cfg c = cfg_u0(1, true, true, 1); /* rc = 2 */
    c.data_first = true;
    c.data_prefetch = true;
    csim_memsys *ms = must_new(&c);
    CHECK(!csim_memsys_data_anywhere(ms));  /* the cost depends on the address now */
    DATA(ms, 0, FL + 0x1000, 2);    /* w512: buffers empty, 0..2; read-ahead w513 from 2 */
    DATA(ms, 10, FL + 0x1004, 12);  /* w513 read 2..4 first; w512 was not kept: 10..12 */
    DATA(ms, 20, FL + 0x1008, 21);  /* w513 (read-ahead pending: present, dropped) in a buffer: hit */
    DATA(ms, 30, FL + 0x100C, 31);  /* w514 read 21..23 first; w513 still buffered: hit */
    DATA(ms, 40, FL + 0x1010, 41);  /* w514 buffered: hit */
    CHECK_EQ(csim_memsys_stats(ms)->flash_reads, 4); /* w512 twice, w513, w514; w515 still pending */
    csim_memsys_free(ms);

    begin("u0 data read-ahead: descending reads pay every read");
    ms = must_new(&c);
    DATA(ms, 0, FL + 0x1018, 2);    /* w515 0..2; read-ahead w516 from 2 */
    DATA(ms, 10, FL + 0x1010, 12);  /* w516 2..4 first; w514 misses: 10..12 */
    DATA(ms, 20, FL + 0x1008, 22);  /* w515 12..14 first (not kept before); w513 misses: 20..22 */
    CHECK_EQ(csim_memsys_stats(ms)->data_stall, 3);
    CHECK_EQ(csim_memsys_stats(ms)->flash_reads, 5);
    csim_memsys_free(ms);

    begin("u0 data read-ahead: in flight, it delays a data read (H-PRIO); not started, it yields");
    ms = must_new(&c);
    DATA(ms, 0, FL + 0x1000, 2);    /* read-ahead w513 may start at 2 */
    DATA(ms, 3, FL + 0x1100, 6);    /* w513 2..4 under way: w544 4..6 */
    DATA(ms, 6, FL + 0x1200, 8);    /* w545 may start at 6, the demand's cycle: it yields; w576 6..8 */
    DATA(ms, 20, FL + 0x1208, 21);  /* w577 read ahead 8..10: hit */
    csim_memsys_free(ms);

    begin("u0 data read-ahead of a word the instruction cache holds");
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 2);        /* miss: line 0 refilled, w0..w3 by 8; no prefetch (w0 is not a line's last) */
    DATA(ms, 20, FL + 16, 22);      /* w2: data reads do not look up the cache: 20..22; read-ahead w3 */
    DATA(ms, 30, FL + 24, 31);      /* w3 read ahead 22..24 although cached (H-SKIP checks the buffers): hit */
    csim_memsys_free(ms);

    begin("u0 data read-ahead needs PRFTEN");
    c = cfg_u0(1, true, false, 1);
    c.data_first = true;
    c.data_prefetch = true;
    ms = must_new(&c);
    CHECK(csim_memsys_data_anywhere(ms));
    DATA(ms, 0, FL + 0x1000, 2);    /* 0..2 */
    DATA(ms, 10, FL + 0x1008, 12);  /* no read-ahead: 10..12 */
    CHECK_EQ(csim_memsys_stats(ms)->flash_reads, 2);
    csim_memsys_free(ms);
}

static void test_u0_prefetch(void)
{
    uint64_t r[17];
    begin("u0 prefetch hides sequential misses (2 WS)");
    csim_ms_cfg c = cfg_u0(2, true, true, 2);
    csim_memsys *ms = must_new(&c);
    drive_sequential(ms, 17, r);
    /* k0 F+0 @0: miss, w0 0..3, w1 ..6, w2 ..9, w3 ..12                        -> 3
     * k1 @3 w0 hi: 4      k2 @5 w1: 6     k3 @7: 8    k4 @9 w2: 10   k5 @11: 12
     *    (each time the candidate is a word of line 0, already present: skipped)
     * k6 @13 w3: refill over, 14; candidate w4 from 14
     * k7 @15: w4 prefetched max(12, 14) = 14..17 into a buffer; hit          -> 16
     * k8 @17 w4: miss line 1, w4 from the buffer max(17 + 1, 17) = 18, w5 17..20,
     *    w6 ..23, w7 ..26                                                     -> 18
     * k9 @19: 20   k10 @21 w5: 22   k11 @23: 24   k12 @25 w6: 26   k13 @27: 28
     * k14 @29 w7: 30; candidate w8 from 30
     * k15 @31: w8 prefetched 30..33; 32
     * k16 @33 w8: miss line 2, w8 from the buffer: max(34, 33)                -> 34 */
    static const uint64_t exp_pf[17] = {3, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34};
    for (unsigned k = 0; k < 17; k++)
        CHECK_EQ(r[k], exp_pf[k]);
    CHECK_EQ(csim_memsys_stats(ms)->fetch_stall, 2); /* only k0 */
    CHECK_EQ(csim_memsys_stats(ms)->prefetch_hits, 2);
    CHECK_EQ(csim_memsys_stats(ms)->misses, 3);
    csim_memsys_free(ms);

    begin("u0 same stream without prefetch");
    c = cfg_u0(2, true, false, 2);
    ms = must_new(&c);
    drive_sequential(ms, 17, r);
    /* k0..k7 as above (3 4 6 8 10 12 14 16), no read-ahead
     * k8 @17 w4: miss, 17..20                                 -> 20 (stall 2)
     * k9 @20: 21   k10 @22 w5 (20..23): 23   k11 @24: 25   k12 @26 w6 (..26): 27
     * k13 @28: 29  k14 @30 w7: refill ended 29: 31   k15 @32: 33
     * k16 @34 w8: miss 34..37                                 -> 37 (stall 2) */
    static const uint64_t exp_nopf[17] = {3, 4, 6, 8, 10, 12, 14, 16, 20, 21, 23, 25, 27, 29, 31, 33, 37};
    for (unsigned k = 0; k < 17; k++)
        CHECK_EQ(r[k], exp_nopf[k]);
    CHECK_EQ(csim_memsys_stats(ms)->fetch_stall, 6);
    csim_memsys_free(ms);

    begin("u0 cache off, prefetch on, current-word buffer");
    c = cfg_u0(2, false, true, 2);
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 3);  /* miss 0..3, w0 kept in a buffer; candidate w1 from 3 */
    FETCH(ms, 3, FL + 4, 4);  /* w1 would start at 3 = now: waits; w0 hi hits the buffer: 4 */
    FETCH(ms, 5, FL + 8, 7);  /* w1 prefetched max(3, 4) = 4..7; hit in flight: 7 */
    FETCH(ms, 7, FL + 12, 8); /* w1 hi: buffer hit; 8 */
    FETCH(ms, 9, FL + 16, 11); /* w2 prefetched 8..11 (candidate from 8); hit in flight: 11 */
    CHECK_EQ(csim_memsys_stats(ms)->flash_reads, 3);
    csim_memsys_free(ms);

    begin("u0 cache off, prefetch off, no current-word buffer");
    c = cfg_u0(2, false, false, 2);
    c.demand_buffered = false;
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 3); /* 0..3 */
    FETCH(ms, 3, FL + 4, 6); /* the same 64-bit word is read again: 3..6 */
    csim_memsys_free(ms);
}

/* flash.prefetch_abort on the U0 (memsys_u0.c): a demand that needs the array
 * aborts the read-ahead in flight, as on the L0 (the array is free at once,
 * the word is not buffered); false keeps H-PRIO (the demand waits).  The same
 * stream with both values.  w<n>: 8-byte words, 4 per 32-B line. */
static void test_u0_prefetch_abort(void)
{
    for (int abort = 1; abort >= 0; abort--) {
        begin(abort ? "u0 abort: a cache miss elsewhere aborts the fetch prefetch"
                    : "u0 no abort: the cache miss waits for the prefetch (H-PRIO)");
        csim_ms_cfg c = cfg_u0(1, true, true, 1); /* rc = 2 */
        c.prefetch_abort = abort;
        csim_memsys *ms = must_new(&c);
        FETCH(ms, 0, FL + 24, 2);        /* miss at w3: w3 0..2, w0 ..4, w1 ..6, w2 ..8; w3 ends its
                                            line: candidate w4 from 2, starts when the array is free, 8 */
        FETCH(ms, 9, FL + 0x100, abort ? 11 : 12); /* w4 read ahead 8..10 is in flight at 9; w32 (line 8)
                                            misses, in no buffer: abort, w32 9..11; else w32 10..12 */
        FETCH(ms, 20, FL + 32, abort ? 22 : 21); /* w4 (line 1): dropped, read 20..22; else from the
                                            buffer, max(20 + 1, 10) = 21 (H-RBUF) */
        CHECK_EQ(csim_memsys_stats(ms)->prefetch_hits, abort ? 0 : 1);
        csim_memsys_free(ms);

        begin(abort ? "u0 abort: a miss on the word in flight waits for it" : "u0 no abort: the same");
        ms = must_new(&c);
        FETCH(ms, 0, FL + 24, 2);        /* as above: candidate w4 from 8 */
        FETCH(ms, 9, FL + 32, 10);       /* w4 8..10 in flight is in a buffer: no abort; max(9 + 1, 10) */
        csim_memsys_free(ms);

        begin(abort ? "u0 abort: an uncached data read aborts the fetch prefetch" : "u0 no abort: the same");
        ms = must_new(&c);
        FETCH(ms, 0, FL + 24, 2);        /* as above: candidate w4 from 8 */
        DATA(ms, 9, FL + 0x1000, abort ? 11 : 12); /* w4 8..10 in flight: aborted, data 9..11; else 10..12 */
        CHECK_EQ(csim_memsys_stats(ms)->flash_reads, 6); /* refill 4, w4, the data read */
        csim_memsys_free(ms);

        begin(abort ? "u0 abort: a data read aborts the data read-ahead" : "u0 no abort: the same");
        c.data_prefetch = true;
        ms = must_new(&c);
        DATA(ms, 0, FL + 0x1000, 2);     /* w512 0..2; read-ahead candidate w513 from 2 */
        DATA(ms, 3, FL + 0x1100, abort ? 5 : 6); /* w513 2..4 in flight; w544 misses the buffers:
                                            aborted, 3..5; else 4..6 */
        DATA(ms, 20, FL + 0x1008, abort ? 22 : 21); /* w513: dropped, 20..22 (w545's read-ahead 5..7
                                            is over); else a buffer hit, 20 + 1 */
        csim_memsys_free(ms);

        begin(abort ? "u0 abort, cache off: an uncached fetch that misses the buffers"
                    : "u0 no abort, cache off: the same");
        c = cfg_u0(2, false, true, 2); /* rc = 3 */
        c.prefetch_abort = abort;
        ms = must_new(&c);
        FETCH(ms, 0, FL + 0, 3);         /* 0..3, w0 kept; candidate w1 from 3 */
        FETCH(ms, 5, FL + 16, abort ? 8 : 9); /* w1 3..6 in flight; w2 misses: aborted, 5..8; else 6..9 */
        CHECK_EQ(csim_memsys_stats(ms)->prefetch_hits, 0);
        csim_memsys_free(ms);
    }
}

/* ---- hypotheses as keys (memsys.c H-SKIP, H-IDLE, H-RBUF, H-INV; L0 groups) -- */

/* flash.fetch_buffers (memsys_l0nvm.c): RM0367 3.3 divides the six buffers in
 * groups, each read replacing the oldest buffer of its own group, while a
 * lookup searches all.  rc = 2; w16 = FL + 0x40. */
static void test_l0_groups(void)
{
    begin("l0 groups: 2 fetch buffers, 4 data buffers");
    csim_ms_cfg c = cfg_l0(1, false, false, true);
    c.fetch_buffers = 2;
    csim_memsys *ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 2);   /* miss 0..2 into the fetch group */
    FETCH(ms, 4, FL + 4, 6);   /* miss 4..6: the fetch group holds w0, w1 */
    FETCH(ms, 8, FL + 8, 10);  /* miss 8..10 replaces the group's oldest, w0 (the data buffers stay empty) */
    for (uint32_t i = 0; i < 5; i++) /* w16..w20: misses 12..14, ..., 28..30; w20 replaces w16 */
        DATA(ms, 12 + 4 * i, FL + 0x40 + 4 * i, 14 + 4 * i);
    FETCH(ms, 32, FL + 4, 33);     /* w1: the data reads left the fetch group alone: hit */
    FETCH(ms, 34, FL + 0, 36);     /* w0 was replaced: miss 34..36, replacing w2 (older than w1) */
    DATA(ms, 38, FL + 0x44, 39);   /* w17 still in the data group: hit */
    DATA(ms, 40, FL + 0x40, 42);   /* w16 was replaced by w20: miss 40..42 */
    DATA(ms, 44, FL + 4, 45);      /* w1 is in the fetch group: a lookup searches all buffers */
    FETCH(ms, 46, FL + 8, 48);     /* w2 was replaced at 34: miss 46..48 */
    csim_memsys_free(ms);

    begin("l0 one pool (fetch_buffers 0): the same reads");
    c.fetch_buffers = 0;
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0, 2);
    FETCH(ms, 4, FL + 4, 6);
    FETCH(ms, 8, FL + 8, 10);  /* six buffers: w0, w1, w2 all kept */
    for (uint32_t i = 0; i < 5; i++) /* w16..w18 fill the pool, w19 replaces w0, w20 replaces w1 */
        DATA(ms, 12 + 4 * i, FL + 0x40 + 4 * i, 14 + 4 * i);
    FETCH(ms, 32, FL + 4, 34);     /* w1 was replaced by a data read: miss 32..34 */
    csim_memsys_free(ms);

    begin("l0 groups: the data group keeps at least one buffer");
    c.fetch_buffers = 6;
    CHECK(csim_memsys_new(&c) == NULL);
    c.fetch_buffers = 5;
    ms = must_new(&c);
    c.fetch_buffers = 2;
    FETCH(ms, 0, FL + 0, 2);       /* miss, in the 5-buffer fetch group */
    CHECK(csim_memsys_configure(ms, &c));
    FETCH(ms, 10, FL + 0, 12);     /* regrouped: the buffers came back empty, miss 10..12 */
    csim_memsys_free(ms);
}

/* flash.readahead_rereads (H-SKIP when false): a read-ahead word already
 * present is skipped, or read from the array again (true). */
static void test_readahead_rereads(void)
{
    for (int rereads = 0; rereads <= 1; rereads++) {
        begin(rereads ? "l0 prefetch re-reads a buffered word" : "l0 prefetch skips a buffered word (H-SKIP)");
        csim_ms_cfg c = cfg_l0(1, true, false, true); /* rc = 2 */
        c.readahead_rereads = rereads;
        csim_memsys *ms = must_new(&c);
        FETCH(ms, 0, FL + 0, 2);   /* miss 0..2; candidate w1 from 2 */
        FETCH(ms, 4, FL + 4, 5);   /* w1 prefetched 2..4: hit max(5, 4); candidate w2 from 5 */
        FETCH(ms, 6, FL + 0, 7);   /* w2 read ahead 5..7; w0 hit 7; candidate w1 from 7 */
        DATA(ms, 8, FL + 0x190, rereads ? 11 : 10); /* w1 is buffered: skipped, the data read 8..10;
                                      re-read 7..9 and the data read waits for it, 9..11 */
        CHECK_EQ(csim_memsys_stats(ms)->flash_reads, rereads ? 5 : 4);
        csim_memsys_free(ms);

        begin(rereads ? "l0 pre-read re-reads a buffered word" : "l0 pre-read skips a buffered word (H-SKIP)");
        c = cfg_l0(1, false, true, true);
        c.readahead_rereads = rereads;
        ms = must_new(&c);
        DATA(ms, 0, FL + 0x40, 2);   /* w16 miss 0..2; pre-read candidate w17 from 2 */
        DATA(ms, 4, FL + 0x44, 5);   /* w17 pre-read 2..4: hit; candidate w18 from 5 */
        DATA(ms, 6, FL + 0x40, 7);   /* w18 pre-read 5..7; w16 hit 7; candidate w17 from 7 */
        FETCH(ms, 8, FL + 0, rereads ? 11 : 10); /* w17 skipped: miss 8..10; re-read 7..9: 9..11 */
        csim_memsys_free(ms);

        begin(rereads ? "u0 prefetch re-reads the cached line" : "u0 no prefetch inside a cached line (H-SKIP)");
        c = cfg_u0(1, true, true, 1); /* rc = 2, 4 words per line */
        c.readahead_rereads = rereads;
        ms = must_new(&c);
        FETCH(ms, 0, FL + 0, 2);      /* miss: w0 0..2, w1 ..4, w2 ..6, w3 ..8; re-reads: candidate w1 from 2 */
        FETCH(ms, 3, FL + 8, 4);      /* w1 of the line being filled: 4; re-reads: candidate w2 from 4 */
        FETCH(ms, 9, FL + 0x100, rereads ? 12 : 11); /* re-reads: w2 read again 8..10, the miss (line 8)
                                         waits for it: 10..12; else 9..11 */
        CHECK_EQ(csim_memsys_stats(ms)->flash_reads, rereads ? 9 : 8);
        csim_memsys_free(ms);

        begin(rereads ? "icache next-line prefetch re-reads a cached line" : "icache prefetch skips a cached line");
        c = cfg_ic(2, 1, 0); /* rc = 3, 2 words per line */
        c.prefetch = true;
        c.flash_buffers = 1;
        c.readahead_rereads = rereads;
        ms = must_new(&c);
        FETCH(ms, 0, FL + 16, 3);     /* miss line 1: w2 0..3, w3 3..6; candidate w4 from 6 */
        FETCH(ms, 10, FL + 0, 13);    /* w4 read ahead 6..9; miss line 0: w0 10..13, w1 13..16;
                                         candidate w2 (line 1) from 16 */
        FETCH(ms, 17, FL + 0x40, rereads ? 22 : 20); /* line 1 is cached: skipped, w8 17..20; re-read
                                         16..19 first, w8 19..22 */
        CHECK_EQ(csim_memsys_stats(ms)->flash_reads, rereads ? 8 : 7);
        csim_memsys_free(ms);
    }
}

/* flash.readahead_early (not H-IDLE when true): the read-ahead may start in
 * the cycle its trigger is issued, not only once that access has completed. */
static void test_readahead_early(void)
{
    for (int early = 0; early <= 1; early++) {
        begin(early ? "u0 cache off: read-ahead from the trigger's issue" : "u0 cache off: read-ahead after the trigger (H-IDLE)");
        csim_ms_cfg c = cfg_u0(2, false, true, 2); /* rc = 3 */
        c.readahead_early = early;
        csim_memsys *ms = must_new(&c);
        FETCH(ms, 0, FL + 0, 3);   /* 0..3, w0 kept; candidate w1 from 3 (early: 0) */
        FETCH(ms, 3, FL + 4, 4);   /* the candidate cannot start before 3 = now; w0 hi: buffer hit 4;
                                      candidate w1 from 4 (early: 3) */
        FETCH(ms, 5, FL + 8, early ? 6 : 7); /* w1 read ahead 4..7 (early 3..6); hit in flight */
        csim_memsys_free(ms);

        begin(early ? "u0 cached: read-ahead from a hit's issue" : "u0 cached: read-ahead after the hit");
        c = cfg_u0(3, true, true, 1); /* rc = 4 */
        c.readahead_early = early;
        ms = must_new(&c);
        FETCH(ms, 0, FL + 0, 4);     /* miss: w0 0..4, w1 ..8, w2 ..12, w3 ..16 */
        FETCH(ms, 20, FL + 24, 21);  /* w3 hit, the line's last word: candidate w4 from 21 (early: 20) */
        FETCH(ms, 22, FL + 32, early ? 24 : 25); /* w4 read ahead 21..25 (early 20..24); the miss on
                                        line 1 takes it from the buffer: max(22 + 1, 25) (early 24) */
        csim_memsys_free(ms);

        begin(early ? "u0 data read-ahead from a buffer hit's issue" : "u0 data read-ahead after the buffer hit");
        c = cfg_u0(3, true, true, 1);
        c.data_prefetch = true;
        c.readahead_early = early;
        ms = must_new(&c);
        DATA(ms, 0, FL + 0x1000, 4);   /* w512 0..4, not kept; candidate w513 from 4 (early: 0) */
        DATA(ms, 10, FL + 0x1008, 11); /* w513 read ahead 4..8: hit 11; candidate w514 from 11 (early: 10) */
        DATA(ms, 12, FL + 0x1010, early ? 14 : 15); /* w514 11..15 (early 10..14): hit in flight */
        csim_memsys_free(ms);

        begin(early ? "icache next-line prefetch from the miss's issue" : "icache next-line prefetch after the refill");
        c = cfg_ic(2, 1, 0); /* rc = 3 */
        c.prefetch = true;
        c.flash_buffers = 2;
        c.prefetch_words = 2;
        c.readahead_early = early;
        ms = must_new(&c);
        FETCH(ms, 0, FL + 0, 3);     /* miss: w0 0..3, w1 3..6; candidates w2, w3 from 6 */
        FETCH(ms, 20, FL + 16, 21);  /* w2 6..9, w3 9..12 read ahead; miss line 1 from the buffers:
                                        max(21, 9), max(21, 12): refill over at 21; candidates w4, w5
                                        from 21 (early: 20) */
        FETCH(ms, 22, FL + 32, early ? 23 : 24); /* w4 read ahead 21..24 (early 20..23); the miss on
                                        line 2 takes it from the buffer, max(23, 24) (early 23) */
        csim_memsys_free(ms);
    }
}

/* cache.refill_unbuffered (H-RBUF when false): a refill takes read-ahead words
 * from the word buffers, or reads every word from the array (true). */
static void test_refill_unbuffered(void)
{
    for (int unbuf = 0; unbuf <= 1; unbuf++) {
        begin(unbuf ? "u0 refill reads every word from the array" : "u0 refill takes a buffered word (H-RBUF)");
        csim_ms_cfg c = cfg_u0(1, true, true, 1); /* rc = 2 */
        c.refill_unbuffered = unbuf;
        csim_memsys *ms = must_new(&c);
        FETCH(ms, 0, FL + 24, 2);    /* miss at w3: w3 0..2, w0 ..4, w1 ..6, w2 ..8; candidate w4 from 2 */
        FETCH(ms, 20, FL + 32, unbuf ? 22 : 21); /* w4 read ahead 8..10; miss line 1: from the buffer
                                        max(20 + 1, 10) = 21; or w4 read again 20..22 */
        CHECK_EQ(csim_memsys_stats(ms)->flash_reads, unbuf ? 9 : 8);
        CHECK_EQ(csim_memsys_stats(ms)->prefetch_hits, unbuf ? 0 : 1);
        csim_memsys_free(ms);

        begin(unbuf ? "u0 unbuffered refill + abort: a miss on the word in flight aborts it"
                    : "u0 abort: a miss on the word in flight waits for it");
        c.prefetch_abort = true;
        ms = must_new(&c);
        FETCH(ms, 0, FL + 24, 2);    /* as above: candidate w4, read 8..10 */
        FETCH(ms, 9, FL + 32, unbuf ? 11 : 10); /* w4 in flight in a buffer: no abort, max(10, 10);
                                        unbuffered, the miss needs the array: aborted, w4 9..11 */
        csim_memsys_free(ms);

        begin(unbuf ? "icache refill reads every word from the array" : "icache refill takes buffered words");
        c = cfg_ic(2, 1, 1); /* rc = 3, overhead 1 */
        c.prefetch = true;
        c.flash_buffers = 2;
        c.prefetch_words = 2;
        c.refill_unbuffered = unbuf;
        ms = must_new(&c);
        FETCH(ms, 0, FL, 4);         /* miss: w0 1..4, w1 4..7; candidates w2, w3 from 7 */
        FETCH(ms, 12, FL + 16, unbuf ? 16 : 14); /* w2 7..10, w3 10..13 read ahead; refill from 13:
                                        buffered max(14, 10) = 14; or w2 13..16, w3 16..19 */
        CHECK_EQ(csim_memsys_stats(ms)->flash_reads, unbuf ? 6 : 4);
        csim_memsys_free(ms);
    }
}

/* flash.latency_clears (U0; H-INV when false): a change of wait states keeps
 * the cache and the word buffers, or empties them.  The ICACHE and the L0
 * keep them whatever the field says (RM0522 7.4.2-7.4.3, RM0367 3.3). */
static void test_latency_clears(void)
{
    for (int clears = 0; clears <= 1; clears++) {
        begin(clears ? "u0 latency change empties the cache" : "u0 latency change keeps the cache (H-INV)");
        csim_ms_cfg c = cfg_u0(1, true, false, 1); /* rc = 2 */
        c.latency_clears = clears;
        csim_memsys *ms = must_new(&c);
        FETCH(ms, 0, FL, 2);         /* miss: w0 0..2 (line 0 ..8) */
        c.wait_states = 2;           /* rc = 3 */
        CHECK(csim_memsys_configure(ms, &c));
        FETCH(ms, 20, FL, clears ? 23 : 21); /* hit; or a miss 20..23 */
        c.cache_hit_cycles = 1;      /* not a latency change: nothing is emptied */
        CHECK(csim_memsys_configure(ms, &c));
        FETCH(ms, 30, FL, 32);       /* hit: 30 + 1 + 1 */
        csim_memsys_free(ms);

        begin(clears ? "u0 latency change empties the word buffers" : "u0 latency change keeps the word buffers");
        c = cfg_u0(1, false, false, 2);
        c.latency_clears = clears;
        ms = must_new(&c);
        FETCH(ms, 0, FL, 2);         /* 0..2, w0 kept in a buffer */
        c.wait_states = 2;
        CHECK(csim_memsys_configure(ms, &c));
        FETCH(ms, 10, FL + 4, clears ? 13 : 11); /* w0 hi: buffer hit; or read again 10..13 */
        csim_memsys_free(ms);

        begin(clears ? "icache ignores latency_clears" : "icache keeps its contents");
        c = cfg_ic(5, 2, 1);
        c.latency_clears = clears;
        ms = must_new(&c);
        FETCH(ms, 0, FL, 7);         /* miss at 5 WS */
        c.wait_states = 2;
        CHECK(csim_memsys_configure(ms, &c));
        FETCH(ms, 20, FL, 21);       /* still cached */
        csim_memsys_free(ms);
    }
}

/* ---- ART (STM32F4/G4/L4, memsys_art.c) --------------------------------
 * RM0090 Rev 21 §3.5.2 and Table 11 (F4: 168 MHz, 5 WS: "6 CPU cycles" per
 * read); RM0440 §3.3 / the G4 and L4 HAL headers for 64-bit reads and lines of
 * 4 x 64 bits.  Prefetch starts "while the current instruction line is being
 * requested" (flash.readahead_early); the data cache has 8 lines. */

/* STM32F407-like: 1 MB, 128-bit reads, 64 x 128-bit instruction lines (one
 * LRU pool), the current and prefetched lines, DCEN, PRFTEN, ICEN as given. */
static csim_ms_cfg cfg_art_f4(unsigned ws, bool icen, bool dcen, bool prften)
{
    return (csim_ms_cfg){
        .type = CSIM_MS_ART, .flash_base = FL, .flash_size = 1024u * 1024, .alias_base = 0,
        .wait_states = ws, .flash_read_bytes = 16, .prefetch = prften, .cache_enabled = icen,
        .cache_bytes = 1024, .cache_ways = 64, .cache_line_bytes = 16, .cache_data = dcen,
        .flash_buffers = 2, .demand_buffered = true, .prefetch_words = 1, .readahead_early = true,
        .sectored = true,
    };
}

/* STM32G474/L476-like: 64-bit reads, 32 lines of 4 x 64 bits. */
static csim_ms_cfg cfg_art_g4(unsigned ws, bool icen, bool dcen, bool prften)
{
    csim_ms_cfg c = cfg_art_f4(ws, icen, dcen, prften);
    c.flash_size = 512u * 1024;
    c.flash_read_bytes = 8;
    c.cache_line_bytes = 32;
    c.cache_ways = 32;
    return c;
}

static void test_art_icache(void)
{
    for (int icen = 1; icen >= 0; icen--) {
        begin(icen ? "art f4 current line, miss, cache hit (ICEN)" : "art f4 ICEN off: the line is read again");
        csim_ms_cfg c = cfg_art_f4(5, icen, false, false);
        csim_memsys *ms = must_new(&c);
        FETCH(ms, 0, FL, 6);        /* miss: rc = 1 + 5: 0..6 */
        FETCH(ms, 6, FL + 4, 7);    /* the current line: no delay */
        FETCH(ms, 7, FL + 16, 13);  /* w1 miss 7..13 (penalty = W) */
        FETCH(ms, 13, FL + 32, 19); /* w2 miss 13..19; the two line buffers now hold w1, w2 */
        FETCH(ms, 30, FL, icen ? 31 : 36); /* w0: in the cache "without inserting any delay", or 30..36 */
        CHECK_EQ(csim_memsys_stats(ms)->misses, icen ? 3 : 4);
        CHECK_EQ(csim_memsys_stats(ms)->flash_reads, icen ? 3 : 4);
        if (icen) {
            csim_memsys_invalidate(ms); /* ICRST */
            FETCH(ms, 40, FL, 46);
        }
        csim_memsys_free(ms);
    }

    begin("art f4 64 lines, one LRU pool");
    csim_ms_cfg c = cfg_art_f4(5, true, false, false);
    csim_memsys *ms = must_new(&c);
    uint64_t t = 0;
    for (uint32_t l = 0; l < 64; l++, t += 10)
        FETCH(ms, t, FL + 16 * l, t + 6); /* 64 misses fill the 64 lines */
    FETCH(ms, t, FL, t + 1);               /* line 0: a hit, now the most recent */
    FETCH(ms, t + 10, FL + 16 * 64, t + 16); /* line 64 replaces the LRU line, line 1 */
    FETCH(ms, t + 20, FL + 16 * 1, t + 26);  /* line 1 misses (and replaces line 2) */
    FETCH(ms, t + 30, FL, t + 31);           /* line 0 is still there */
    FETCH(ms, t + 40, FL + 16 * 3, t + 41);  /* and line 3 */
    csim_memsys_free(ms);

    begin("art g4 lines of 4 x 64 bits fill one read at a time");
    c = cfg_art_g4(4, true, false, false);
    ms = must_new(&c);
    FETCH(ms, 0, FL, 5);        /* miss: rc = 1 + 4: 0..5 */
    FETCH(ms, 5, FL + 4, 6);    /* the current 64-bit line */
    FETCH(ms, 6, FL + 8, 11);   /* w1, same cache line, not read yet: 6..11 */
    FETCH(ms, 11, FL + 16, 16); /* w2: 11..16; the line buffers hold w1, w2 */
    FETCH(ms, 30, FL, 31);      /* w0 from the cache line */
    FETCH(ms, 31, FL + 24, 36); /* w3 was never read: "the line read is copied", no burst */
    FETCH(ms, 40, FL + 1024, 45); /* 1 KB on: another line of the pool, no conflict */
    FETCH(ms, 50, FL + 8, 51);  /* w1 still cached */
    csim_memsys_free(ms);
}

static void test_art_prefetch(void)
{
    for (int prften = 1; prften >= 0; prften--) {
        begin(prften ? "art f4 prefetch of the next line (PRFTEN)" : "art f4 PRFTEN off: the next line is a miss");
        csim_ms_cfg c = cfg_art_f4(5, false, false, prften);
        csim_memsys *ms = must_new(&c);
        FETCH(ms, 0, FL, 6);      /* miss 0..6; with PRFTEN w1 is due from the array's next free cycle */
        FETCH(ms, 6, FL + 4, 7);  /* the current line; the read-ahead, due at 6, yields to this demand */
        FETCH(ms, 7, FL + 8, 8);  /* w1 read ahead 6..12 */
        FETCH(ms, 12, FL + 16, prften ? 13 : 18); /* w1 from the prefetched line, or 12..18 */
        CHECK_EQ(csim_memsys_stats(ms)->prefetch_hits, prften ? 1 : 0);
        /* a branch away misses whatever was prefetched: penalty W (w2 read
         * ahead 12..18 with PRFTEN, then the miss 40..46) */
        FETCH(ms, 40, FL + 0x100, 46);
        CHECK_EQ(csim_memsys_stats(ms)->flash_reads, prften ? 4 : 3);
        csim_memsys_free(ms);
    }

    begin("art f4 a prefetched line used by a fetch enters the cache (H-ART-FILL)");
    csim_ms_cfg c = cfg_art_f4(5, true, false, true);
    csim_memsys *ms = must_new(&c);
    FETCH(ms, 0, FL, 6);          /* miss 0..6; w1 read ahead 6..12 */
    FETCH(ms, 12, FL + 16, 13);   /* w1 from the prefetched line, copied into the cache */
    FETCH(ms, 18, FL + 32, 19);   /* w2 read ahead 12..18 */
    FETCH(ms, 24, FL + 48, 25);   /* w3 read ahead 18..24 */
    FETCH(ms, 40, FL + 16, 41);   /* w4 read ahead 24..30 took w2's buffer; w1 is in no
                                     buffer but in the cache (without the copy: 40..46) */
    csim_memsys_free(ms);

    begin("art g4 prefetch of the next 64-bit line");
    c = cfg_art_g4(4, true, true, true);
    ms = must_new(&c);
    FETCH(ms, 0, FL, 5);       /* miss 0..5; w1 read ahead 5..10 */
    FETCH(ms, 6, FL + 4, 7);   /* the current line; the read-ahead has started */
    FETCH(ms, 8, FL + 8, 10);  /* w1 in flight into the prefetched line: 10 */
    FETCH(ms, 10, FL + 12, 11);
    csim_memsys_free(ms);
}

static void test_art_dcache(void)
{
    for (int dcen = 1; dcen >= 0; dcen--) {
        begin(dcen ? "art f4 data cache (DCEN)" : "art f4 DCEN off: every literal is an array read");
        csim_ms_cfg c = cfg_art_f4(5, true, dcen, false);
        csim_memsys *ms = must_new(&c);
        DATA(ms, 0, FL + 0x1000, 6);                 /* miss 0..6 */
        DATA(ms, 10, FL + 0x100C, dcen ? 11 : 16);   /* same 128-bit row: a hit, or 10..16 */
        uint64_t t = 20;
        for (uint32_t r = 1; r < 8; r++, t += 10)
            DATA(ms, t, FL + 0x1000 + 16 * r, t + 6); /* rows 1..7: 8 rows in all */
        DATA(ms, t, FL + 0x1000, dcen ? t + 1 : t + 6); /* row 0 still there: the most recent */
        DATA(ms, t + 10, FL + 0x1080, t + 16);          /* a 9th row replaces the LRU one, row 1 */
        DATA(ms, t + 20, FL + 0x1000, dcen ? t + 21 : t + 26);
        DATA(ms, t + 30, FL + 0x1010, t + 36);          /* row 1 was replaced (or never kept) */
        csim_memsys_free(ms);
    }

    begin("art data reads and the instruction lines (H-ART-POOL)");
    csim_ms_cfg c = cfg_art_f4(5, true, true, false);
    csim_memsys *ms = must_new(&c);
    FETCH(ms, 0, FL, 6);           /* w0 into the current line and the instruction cache */
    DATA(ms, 10, FL + 8, 16);      /* a literal in w0: the data cache misses, 10..16 */
    DATA(ms, 20, FL + 0x40, 26);   /* w4 into the data cache */
    FETCH(ms, 30, FL + 0x40, 31);  /* a fetch finds w4 there */
    csim_memsys_free(ms);

    begin("art g4 data cache");
    c = cfg_art_g4(4, true, true, false);
    ms = must_new(&c);
    DATA(ms, 0, FL + 0x1000, 5);  /* 0..5 */
    DATA(ms, 6, FL + 0x1004, 7);  /* the same 64-bit word: a hit */
    DATA(ms, 8, FL + 0x1008, 13); /* the next word: 8..13 (H-ART-D: a row holds one read) */
    csim_memsys_free(ms);
}

/* "accesses through the AHB databus D-Code have priority over accesses
 * through the AHB instruction bus I-Code" (RM0090 §3.5.2). */
static void test_art_dcode_priority(void)
{
    begin("art D-Code before a read-ahead that has not started");
    csim_ms_cfg c = cfg_art_f4(5, true, true, true);
    csim_memsys *ms = must_new(&c);
    FETCH(ms, 0, FL, 6);           /* 0..6; w1 due from 6 */
    DATA(ms, 3, FL + 0x1000, 12);  /* waits for the read under way (6), then 6..12 before w1 */
    FETCH(ms, 14, FL + 16, 18);    /* w1 was read ahead 12..18 */
    csim_memsys_free(ms);

    for (int abort = 0; abort < 2; abort++) {
        begin(abort ? "art D-Code aborts the read-ahead in flight (flash.prefetch_abort)"
                    : "art D-Code waits for the read-ahead in flight (H-PRIO)");
        c.prefetch_abort = abort;
        ms = must_new(&c);
        FETCH(ms, 0, FL, 6);
        FETCH(ms, 7, FL + 4, 8);       /* w1 read ahead from 6: 6..12 */
        DATA(ms, 8, FL + 0x1000, abort ? 14 : 18); /* 8..14, or after it: 12..18 */
        csim_memsys_free(ms);
    }
}

static void test_art_config(void)
{
    begin("art configuration");
    csim_ms_cfg c = cfg_art_f4(5, true, true, true);
    c.flash_buffers = 9; /* 9 + 8 data rows > 16 buffers */
    CHECK(csim_memsys_cfg_problem(&c) != NULL);
    c.flash_buffers = 0;
    CHECK(csim_memsys_cfg_problem(&c) != NULL);
    c = cfg_art_f4(5, true, true, true);
    c.cache_ways = 65;
    CHECK(csim_memsys_cfg_problem(&c) != NULL);

    begin("art FLASH_ACR: LATENCY from 5 to 0 WS, ICEN switched off");
    c = cfg_art_f4(5, true, true, false);
    csim_memsys *ms = must_new(&c);
    FETCH(ms, 0, FL, 6);
    c.wait_states = 0;
    CHECK(csim_memsys_configure(ms, &c));
    FETCH(ms, 10, FL + 16, 11); /* a miss at 0 WS: 10..11 */
    FETCH(ms, 20, FL, 21);      /* w0 kept (H-INV: latency keeps the cache) */
    c.cache_enabled = false;
    CHECK(csim_memsys_configure(ms, &c));
    FETCH(ms, 30, FL + 32, 31);
    FETCH(ms, 31, FL + 48, 32);
    FETCH(ms, 32, FL, 33);      /* 0 WS: a miss costs one cycle, the read 32..33 */
    CHECK_EQ(csim_memsys_stats(ms)->misses, 5);
    csim_memsys_free(ms);
}

/* ---- ICACHE ---------------------------------------------------------------- */

static void test_icache_ways(void)
{
    /* 5 WS: rc = 6; refill_overhead 1; 16-B line = w(2n), w(2n+1).
     * Miss at t: first read may start at t + 1; critical word t+1..t+7,
     * other word t+7..t+13. */
    begin("icache 1-way: lines 8 KB apart conflict");
    csim_ms_cfg c = cfg_ic(5, 1, 1);
    csim_memsys *ms = must_new(&c);
    FETCH(ms, 0, FL, 7);            /* miss: 0 + 1 + 6 */
    FETCH(ms, 20, FL + 8192, 27);   /* same set (8192 / 16 = 512 = sets): evicts FL; 20+1+6 */
    FETCH(ms, 40, FL, 47);          /* miss again */
    FETCH(ms, 60, FL + 8192, 67);   /* miss again */
    CHECK_EQ(csim_memsys_stats(ms)->misses, 4);
    csim_memsys_free(ms);

    begin("icache 2-way: lines 8 KB apart coexist");
    c = cfg_ic(5, 2, 1);
    ms = must_new(&c);
    FETCH(ms, 0, FL, 7);           /* miss */
    FETCH(ms, 20, FL + 8192, 27);  /* same set (256 sets of 16 B: 4 KB per way), other way */
    FETCH(ms, 40, FL, 41);         /* hit: 0 WS */
    FETCH(ms, 60, FL + 8192, 61);  /* hit */
    CHECK_EQ(csim_memsys_stats(ms)->misses, 2);
    CHECK_EQ(csim_memsys_stats(ms)->hits, 2);
    csim_memsys_free(ms);

    begin("icache lines 8 KB/2 = 4 KB apart: no conflict in 1-way nor 2-way");
    for (unsigned ways = 1; ways <= 2; ways++) {
        c = cfg_ic(5, ways, 1);
        ms = must_new(&c);
        FETCH(ms, 0, FL, 7);            /* miss */
        FETCH(ms, 20, FL + 4096, 27);   /* miss: 1-way other set (256 != 0 mod 512); 2-way same set, other way */
        FETCH(ms, 40, FL, 41);          /* hit */
        FETCH(ms, 60, FL + 4096, 61);   /* hit */
        csim_memsys_free(ms);
    }

    begin("icache 2-way LRU with three lines of one set");
    c = cfg_ic(5, 2, 1);
    ms = must_new(&c);
    FETCH(ms, 0, FL, 7);            /* miss, way 0 */
    FETCH(ms, 20, FL + 4096, 27);   /* miss, way 1 */
    FETCH(ms, 40, FL, 41);          /* hit: FL most recent */
    FETCH(ms, 60, FL + 8192, 67);   /* miss: evicts the LRU line FL+4096 */
    FETCH(ms, 80, FL, 81);          /* still there */
    FETCH(ms, 100, FL + 4096, 107); /* was evicted: miss */
    csim_memsys_free(ms);
}

static void test_icache_hit_under_miss(void)
{
    begin("icache hit-under-miss, demand into the line being filled, miss waits");
    /* RM0522 7.2, 7.4.8; the miss that waits: memsys.c H-MISS */
    csim_ms_cfg c = cfg_ic(5, 2, 1);
    csim_memsys *ms = must_new(&c);
    FETCH(ms, 0, FL, 7);             /* line 0: w0 1..7, w1 7..13 */
    FETCH(ms, 20, FL + 0x100, 27);   /* line 16: w32 21..27, w33 27..33 (refill ends 33) */
    FETCH(ms, 22, FL + 4, 23);       /* other line, hit under the miss: now + 1 */
    FETCH(ms, 23, FL + 0x104, 27);   /* same word as the critical one: 27 */
    FETCH(ms, 24, FL + 0x108, 33);   /* w33 of the line being filled: waits for it, 33 */
    DATA(ms, 25, FL + 0x200, 40);    /* miss elsewhere: waits for the refill end 33, +1, +6 */
    FETCH(ms, 26, FL + 8, 27);       /* line 0 still hits during the second refill (ends 46) */
    FETCH(ms, 47, FL + 0x208, 48);   /* refill of line 32 done (46): plain hit */
    CHECK_EQ(csim_memsys_stats(ms)->misses, 3);
    CHECK_EQ(csim_memsys_stats(ms)->hits, 5);
    CHECK_EQ(csim_memsys_stats(ms)->flash_reads, 6);
    csim_memsys_free(ms);

    begin("icache critical word first in the second half of a line");
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0x18, 7);  /* line 1 at w3: w3 1..7 first, then w2 7..13 */
    FETCH(ms, 8, FL + 0x10, 13); /* w2 arrives at 13 */
    csim_memsys_free(ms);
}

static void test_icache_data(void)
{
    begin("icache data reads cached (C-AHB)");
    csim_ms_cfg c = cfg_ic(5, 2, 1);
    csim_memsys *ms = must_new(&c);
    DATA(ms, 0, FL + 0x300, 7);  /* miss: 0 + 1 + 6 */
    DATA(ms, 20, FL + 0x304, 21); /* hit */
    FETCH(ms, 30, FL + 0x308, 31); /* fetch from the line filled by the data read: hit */
    csim_memsys_free(ms);

    begin("icache data reads not cached (what-if)");
    c.cache_data = false;
    ms = must_new(&c);
    DATA(ms, 0, FL + 0x300, 6);   /* straight to the array, no refill overhead: 0..6 */
    DATA(ms, 20, FL + 0x300, 26); /* again 20..26 */
    FETCH(ms, 30, FL + 0x300, 37); /* fetch: miss, 30 + 1 + 6 */
    DATA(ms, 40, FL + 0x300, 49); /* still bypasses the cache; the array is busy with the refill
                                     (w96 31..37, w97 37..43): 43..49 */
    CHECK_EQ(csim_memsys_stats(ms)->misses, 1);
    csim_memsys_free(ms);
}

/* Read width (stm32l5xx_hal_flash.h): DBANK = 1, "Dual-bank with 64-bits
 * data", fills a 16-byte line with two array reads of 1 + 5 cycles; DBANK = 0,
 * "Single-bank with 128-bits data" (ST's L5 page), with one. */
static void test_icache_read_width(void)
{
    begin("icache 64-bit reads (dual bank): a 16-B line is two reads");
    csim_ms_cfg c = cfg_ic(5, 2, 0);
    csim_memsys *ms = must_new(&c);
    FETCH(ms, 0, FL, 6);         /* w0 0..6 (critical double word) */
    FETCH(ms, 7, FL + 8, 12);    /* second double word 6..12 */
    FETCH(ms, 13, FL + 0x10, 19); /* next line: 13..19, then its second double word */
    CHECK_EQ(csim_memsys_stats(ms)->flash_reads, 4);
    csim_memsys_free(ms);

    begin("icache 128-bit reads (single bank): a 16-B line is one read");
    c.flash_read_bytes = 16;
    ms = must_new(&c);
    FETCH(ms, 0, FL, 6);          /* the whole line 0..6 */
    FETCH(ms, 7, FL + 8, 8);      /* the other half came with it: a hit */
    FETCH(ms, 8, FL + 0xC, 9);
    DATA(ms, 9, FL + 0x18, 15);   /* data miss, next line: 9..15 */
    FETCH(ms, 16, FL + 0x14, 17); /* filled by that read */
    CHECK_EQ(csim_memsys_stats(ms)->flash_reads, 2);
    CHECK_EQ(csim_memsys_stats(ms)->misses, 2);
    csim_memsys_free(ms);
}

/* RM0522 §7.4.8 (the ICACHE IP of the L5/U3), sentence by sentence, at the
 * L5 board's configuration (5 WS: one flash read = 1 + 5 = 6 cycles; 128-bit
 * reads; refill_overhead 0 as the models have it) and at the U3's 64-bit
 * reads.  Expected values from the text:
 *  - hit: "provided to the processor in the same cycle": now + 1;
 *  - miss: critical word first, "associated latency is the latency of
 *    fetching one word from the main memory": now + 6;
 *  - an address of "the refill burst ... currently ongoing" is a hit, served
 *    "as soon as data are available at its master interface": at its own
 *    beat, not at the end of the burst;
 *  - a load from instruction memory ("instruction memories loads", §7.4) is
 *    cached like a fetch. */
static void test_icache_rm0522(void)
{
    begin("icache RM0522 7.4.8, 128-bit reads: one beat per line");
    csim_ms_cfg c = cfg_ic(5, 2, 0);
    c.flash_read_bytes = 16;
    csim_memsys *ms = must_new(&c);
    FETCH(ms, 0, FL + 0x40, 6);    /* miss: one word's read, 0 + 6 */
    FETCH(ms, 2, FL + 0x4C, 6);    /* same line, burst in progress: its data at 6 */
    FETCH(ms, 10, FL + 0x44, 11);  /* hit: same cycle, 10 + 1 */
    DATA(ms, 12, FL + 0x48, 13);   /* load from the cached line: a hit, 12 + 1 */
    DATA(ms, 14, FL + 0x80, 20);   /* load miss: one word's read, 14 + 6 */
    FETCH(ms, 21, FL + 0x84, 22);  /* the line the load filled: a hit */
    CHECK_EQ(csim_memsys_stats(ms)->misses, 2);
    CHECK_EQ(csim_memsys_stats(ms)->hits, 4);
    CHECK_EQ(csim_memsys_stats(ms)->flash_reads, 2);
    csim_memsys_free(ms);

    begin("icache RM0522 7.4.8, 64-bit reads: each word at its own beat");
    c = cfg_ic(5, 1, 0);
    ms = must_new(&c);
    FETCH(ms, 0, FL + 0x48, 6);    /* miss in the second double word: it comes first, 0 + 6 */
    FETCH(ms, 1, FL + 0x4C, 6);    /* same double word: its beat at 6, not the burst end 12 */
    FETCH(ms, 7, FL + 0x40, 12);   /* the wrapped double word: its beat, 6 + 6 */
    FETCH(ms, 13, FL + 0x44, 14);  /* refill done: a plain hit */
    CHECK_EQ(csim_memsys_stats(ms)->misses, 1);
    CHECK_EQ(csim_memsys_stats(ms)->flash_reads, 2);
    csim_memsys_free(ms);
}

static void test_icache_disabled(void)
{
    static const unsigned ws[4] = {0, 1, 2, 5};
    for (int i = 0; i < 4; i++) {
        begin("icache disabled: every access is a flash read");
        csim_ms_cfg c = cfg_ic(ws[i], 2, 1);
        c.cache_enabled = false;
        csim_memsys *ms = must_new(&c);
        const uint64_t rc = 1 + ws[i];
        FETCH(ms, 0, FL, rc);               /* 0..rc */
        FETCH(ms, 20, FL, 20 + rc);         /* same word: read again */
        FETCH(ms, 40, FL + 4, 40 + rc);     /* other half of the word: read again */
        DATA(ms, 60, FL + 0x1000, 60 + rc); /* data */
        FETCH(ms, 60 + rc, FL + 8, 60 + 2 * rc); /* issued when the data arrive: back-to-back */
        FETCH(ms, 100, FL + 12, 100 + rc);  /* no refill overhead when bypassed */
        DATA(ms, 100, FL + 0x2000, 100 + 2 * rc); /* same cycle: waits for the array */
        CHECK_EQ(csim_memsys_stats(ms)->flash_reads, 7);
        CHECK_EQ(csim_memsys_stats(ms)->hits + csim_memsys_stats(ms)->misses, 0);
        csim_memsys_free(ms);
    }
}

static void test_icache_prefetch(void)
{
    /* U3-like: 2 WS (rc = 3), overhead 1, 16-B lines (2 words), PRFTEN. */
    begin("icache + flash prefetch of the next line (2 words)");
    csim_ms_cfg c = cfg_ic(2, 1, 1);
    c.prefetch = true;
    c.flash_buffers = 2;
    c.prefetch_words = 2;
    csim_memsys *ms = must_new(&c);
    FETCH(ms, 0, FL, 4);        /* miss: w0 1..4, w1 4..7; candidate w2, w3 from 7 */
    FETCH(ms, 12, FL + 16, 14); /* w2 7..10, w3 10..13 prefetched; miss line 1: w2 from the
                                   buffer max(12 + 1 + 1, 10) = 14, w3 max(14, 13) = 14 */
    CHECK_EQ(csim_memsys_stats(ms)->prefetch_hits, 2);
    CHECK_EQ(csim_memsys_stats(ms)->flash_reads, 4);
    FETCH(ms, 15, FL + 24, 16); /* w3 arrived with the refill: plain hit */
    csim_memsys_free(ms);

    begin("icache + flash prefetch (1 word)");
    c.flash_buffers = 1;
    c.prefetch_words = 1;
    ms = must_new(&c);
    FETCH(ms, 0, FL, 4);        /* as above; candidate w2 from 7 */
    FETCH(ms, 12, FL + 16, 14); /* w2 7..10 from the buffer: 14; w3 read max(13, 10) = 13..16 */
    FETCH(ms, 14, FL + 24, 16); /* w3 of the line being filled: 16 */
    csim_memsys_free(ms);

    begin("icache + prefetch, miss on the 2nd word of the prefetched line: burst order");
    ms = must_new(&c);
    FETCH(ms, 0, FL, 4);        /* as above; candidate w2 from 7 */
    FETCH(ms, 12, FL + 24, 16); /* w2 read ahead 7..10; miss at w3: critical w3 from the array
                                   max(12 + 1, 10)..16; then w2 from the buffer at
                                   max(14, 10) = 14, delivered after w3 in the WRAP burst: 16 */
    FETCH(ms, 13, FL + 16, 16); /* w2 of the line being filled: 16 (not 14) */
    csim_memsys_free(ms);

    begin("icache without prefetch");
    c.prefetch = false;
    ms = must_new(&c);
    FETCH(ms, 0, FL, 4);
    FETCH(ms, 12, FL + 16, 16); /* miss: 12 + 1 + 3 */
    csim_memsys_free(ms);

    begin("icache disabled + prefetch: read-ahead after each fetch");
    c = cfg_ic(2, 1, 1);
    c.cache_enabled = false;
    c.prefetch = true;
    c.flash_buffers = 1;
    ms = must_new(&c);
    FETCH(ms, 0, FL, 3);        /* 0..3; candidate w1 from 3 */
    FETCH(ms, 5, FL + 8, 6);    /* w1 prefetched 3..6; hit in flight: max(6, 6) */
    DATA(ms, 10, FL + 16, 13);  /* the candidate w2 (from 6) is read ahead 6..9, but data reads
                                   do not look up the prefetch buffer: w2 read again 10..13 */
    FETCH(ms, 13, FL + 20, 14); /* the fetch finds w2 in the prefetch buffer: 13 + 1 */
    csim_memsys_free(ms);
}

/* flash.prefetch_abort on the ICACHE (memsys_icache.c): as on the U0.  2 WS
 * (rc = 3), no refill overhead, 16-B lines (2 words), PRFTEN, 2 buffers. */
static void test_icache_prefetch_abort(void)
{
    for (int abort = 1; abort >= 0; abort--) {
        begin(abort ? "icache abort: a miss elsewhere aborts the next-line prefetch"
                    : "icache no abort: the miss waits for it (H-PRIO)");
        csim_ms_cfg c = cfg_ic(2, 1, 0);
        c.prefetch = true;
        c.flash_buffers = 2;
        c.prefetch_abort = abort;
        csim_memsys *ms = must_new(&c);
        FETCH(ms, 0, FL, 3);             /* miss: w0 0..3, w1 3..6; candidate w2 from 6 */
        FETCH(ms, 7, FL + 0x100, abort ? 10 : 12); /* w2 6..9 in flight; w32 misses, in no buffer:
                                            aborted, w32 7..10 (w33 ..13); else w32 9..12 (w33 ..15) */
        FETCH(ms, 20, FL + 16, abort ? 23 : 21); /* w34 read ahead by 16 resp. 18; w2: dropped, a miss
                                            20..23; else from its buffer, max(20 + 1, 9) = 21 */
        CHECK_EQ(csim_memsys_stats(ms)->prefetch_hits, abort ? 0 : 1);
        csim_memsys_free(ms);

        begin(abort ? "icache abort: an uncached data read" : "icache no abort: the same");
        c.cache_data = false;
        ms = must_new(&c);
        FETCH(ms, 0, FL, 3);             /* as above: candidate w2 from 6 */
        DATA(ms, 7, FL + 0x1000, abort ? 10 : 12); /* w2 6..9 in flight: aborted, 7..10; else 9..12 */
        csim_memsys_free(ms);

        begin(abort ? "icache abort, cache off: an uncached fetch" : "icache no abort, cache off: the same");
        c = cfg_ic(2, 1, 1);
        c.cache_enabled = false;
        c.prefetch = true;
        c.flash_buffers = 1;
        c.prefetch_abort = abort;
        ms = must_new(&c);
        FETCH(ms, 0, FL, 3);             /* 0..3; candidate w1 from 3 */
        FETCH(ms, 5, FL + 16, abort ? 8 : 9); /* w1 3..6 in flight; w2 misses the buffer: aborted,
                                            5..8; else 6..9 */
        FETCH(ms, 9, FL + 8, abort ? 12 : 10); /* w1: dropped; w3 read ahead 8..11 is in flight: aborted
                                            too, w1 9..12; else w3 would start at 9 = now (yields)
                                            and w1 is in the buffer: 9 + 1 */
        csim_memsys_free(ms);
    }
}

static void test_alias(void)
{
    begin("icache secure alias hits the same line");
    csim_ms_cfg c = cfg_ic(5, 2, 1);
    csim_memsys *ms = must_new(&c);
    FETCH(ms, 0, FL + 0x40, 7);           /* miss */
    FETCH(ms, 20, 0x0C000040u, 21);       /* same flash word through the alias: hit */
    DATA(ms, 30, 0x0C000048u, 31);        /* other word of the line: hit */
    CHECK(csim_memsys_contains(ms, 0x0C000000u));
    CHECK(csim_memsys_contains(ms, 0x0C07FFFFu));
    CHECK(!csim_memsys_contains(ms, 0x0C080000u));
    CHECK(!csim_memsys_contains(ms, 0x20000000u));
    CHECK(!csim_memsys_contains(ms, 0x00000000u));
    csim_memsys_free(ms);

    begin("l0 boot alias at 0");
    c = cfg_l0(1, false, false, true);
    ms = must_new(&c);
    FETCH(ms, 0, 0x00000100u, 2); /* miss */
    FETCH(ms, 10, FL + 0x100, 11); /* same NVM word: buffer hit */
    CHECK(csim_memsys_contains(ms, 0x00000000u));
    CHECK(csim_memsys_contains(ms, 0x0802FFFFu));
    CHECK(!csim_memsys_contains(ms, 0x08030000u));
    csim_memsys_free(ms);
}

static void test_reset_invalidate(void)
{
    begin("reset: cold caches, statistics kept");
    csim_ms_cfg c = cfg_ic(5, 2, 1);
    csim_memsys *ms = must_new(&c);
    FETCH(ms, 0, FL, 7);   /* miss */
    FETCH(ms, 10, FL, 11); /* hit */
    csim_memsys_reset(ms);
    FETCH(ms, 0, FL, 7);   /* time restarts at 0; miss again: 0 + 1 + 6 */
    CHECK_EQ(csim_memsys_stats(ms)->misses, 2);
    CHECK_EQ(csim_memsys_stats(ms)->hits, 1);
    CHECK_EQ(csim_memsys_stats(ms)->fetches, 3);
    csim_memsys_clear_stats(ms);
    CHECK_EQ(csim_memsys_stats(ms)->fetches, 0);
    CHECK_EQ(csim_memsys_stats(ms)->flash_reads, 0);

    begin("invalidate: empty cache, timing kept");
    FETCH(ms, 20, FL, 21);  /* hit */
    csim_memsys_invalidate(ms);
    FETCH(ms, 30, FL, 37);  /* miss */
    csim_memsys_free(ms);

    begin("l0 reset clears the buffers and the prefetch");
    c = cfg_l0(1, true, false, true);
    ms = must_new(&c);
    FETCH(ms, 0, FL, 2);    /* miss; candidate w1 from 2 */
    csim_memsys_reset(ms);
    FETCH(ms, 10, FL + 4, 12); /* no prefetch survived: miss 10..12 */
    FETCH(ms, 20, FL, 22);     /* w0 gone: miss */
    csim_memsys_free(ms);
}

static void test_configure(void)
{
    begin("configure: latency change keeps the cache");
    csim_ms_cfg c = cfg_ic(5, 2, 1);
    csim_memsys *ms = must_new(&c);
    FETCH(ms, 0, FL, 7);            /* miss at 5 WS */
    c.wait_states = 2;
    CHECK(csim_memsys_configure(ms, &c));
    FETCH(ms, 20, FL, 21);          /* still cached */
    FETCH(ms, 30, FL + 0x100, 34);  /* miss at 2 WS: 30 + 1 + 3 */

    begin("configure: disabled cache bypasses, re-enabled cache starts empty");
    c.cache_enabled = false;
    CHECK(csim_memsys_configure(ms, &c));
    FETCH(ms, 40, FL, 43);          /* flash read 40..43 */
    c.cache_enabled = true;
    CHECK(csim_memsys_configure(ms, &c));
    FETCH(ms, 50, FL, 54);          /* empty: miss 50 + 1 + 3 */
    FETCH(ms, 60, FL, 61);          /* hit */

    begin("configure: changing ways invalidates");
    c.cache_ways = 1;
    CHECK(csim_memsys_configure(ms, &c));
    FETCH(ms, 70, FL, 74);          /* miss */
    CHECK_EQ(csim_memsys_config(ms)->cache_ways, 1);

    begin("configure: invalid configuration rejected, old one kept");
    csim_ms_cfg bad = c;
    bad.cache_line_bytes = 24;
    CHECK(!csim_memsys_configure(ms, &bad));
    CHECK_EQ(csim_memsys_config(ms)->cache_line_bytes, 16);
    FETCH(ms, 80, FL, 81);          /* still the old cache: hit */
    csim_memsys_free(ms);

    begin("configure: l0 latency keeps buffers, DISAB_BUF drops them");
    c = cfg_l0(1, false, false, true);
    ms = must_new(&c);
    FETCH(ms, 0, FL, 2);     /* miss */
    c.wait_states = 0;
    CHECK(csim_memsys_configure(ms, &c));
    FETCH(ms, 10, FL, 11);   /* hit */
    FETCH(ms, 12, FL + 4, 13); /* miss at 0 WS: 12..13 */
    c.buffers = false;
    CHECK(csim_memsys_configure(ms, &c));
    FETCH(ms, 20, FL, 21);   /* read (0 WS) */
    c.buffers = true;
    c.wait_states = 1;
    CHECK(csim_memsys_configure(ms, &c));
    FETCH(ms, 30, FL, 32);   /* buffers came back empty: miss 30..32 */
    FETCH(ms, 40, FL, 41);   /* hit */

    begin("configure: prefetch switched on");
    c.prefetch = true;
    CHECK(csim_memsys_configure(ms, &c));
    FETCH(ms, 50, FL + 0x40, 52); /* miss 50..52; candidate from 52 */
    FETCH(ms, 60, FL + 0x44, 61); /* prefetched 52..54: hit */
    csim_memsys_free(ms);

    begin("configure: type change starts cold");
    c = cfg_l0(1, false, false, true);
    ms = must_new(&c);
    FETCH(ms, 0, FL, 2);
    c = cfg_ic(5, 2, 1);
    CHECK(csim_memsys_configure(ms, &c));
    FETCH(ms, 10, FL, 17); /* ICACHE, empty: 10 + 1 + 6 */
    csim_memsys_free(ms);
}

static void test_bad_configs(void)
{
    begin("bad configurations");
    csim_ms_cfg c = cfg_ic(5, 2, 1);
    c.flash_read_bytes = 3;
    CHECK(csim_memsys_new(&c) == NULL); /* not a power of two */
    c = cfg_ic(5, 2, 1);
    c.cache_bytes = 8192 + 16;
    CHECK(csim_memsys_new(&c) == NULL); /* not whole sets */
    c = cfg_ic(5, 3, 1);
    CHECK(csim_memsys_new(&c) == NULL); /* 8192 / (16 * 3) is not a whole power of two */
    c = cfg_ic(5, 2, 1);
    c.cache_line_bytes = 4;
    CHECK(csim_memsys_new(&c) == NULL); /* line narrower than a flash read */
    c = cfg_ic(5, 2, 1);
    c.prefetch = true;
    c.flash_buffers = 0;
    CHECK(csim_memsys_new(&c) == NULL); /* prefetch with nowhere to put the word */
    c = cfg_ic(5, 2, 1);
    c.flash_size = 0;
    CHECK(csim_memsys_new(&c) == NULL);
    c = cfg_ic(5, 2, 1);
    c.flash_base = 0xFFFF0000u;
    CHECK(csim_memsys_new(&c) == NULL); /* range wraps */
    c = cfg_l0(1, true, false, true);
    c.nvm_buffers = 17;
    CHECK(csim_memsys_new(&c) == NULL); /* more buffers than MS_MAX_BUFFERS */
    c = cfg_l0(1, true, false, true);
    c.type = (csim_ms_type)99;
    CHECK(csim_memsys_new(&c) == NULL);
    CHECK(csim_memsys_new(NULL) == NULL);
    c = cfg_u0(2, true, true, 32); /* fully associative 1 KB / 32 B: valid */
    csim_memsys *ms = csim_memsys_new(&c);
    CHECK(ms != NULL);
    csim_memsys_free(ms);
}

/* ---- the registry of flash interfaces --------------------------------------- */

/* One configuration every interface accepts: each reads what it needs. */
static csim_ms_cfg cfg_any(csim_ms_type t)
{
    return (csim_ms_cfg){
        .type = t, .flash_base = FL, .flash_size = 65536, .alias_base = 0, .wait_states = 2,
        .flash_read_bytes = 8, .prefetch = true, .buffers = true, .nvm_buffers = 6, .cache_enabled = true,
        .cache_bytes = 1024, .cache_ways = 2, .cache_line_bytes = 32, .flash_buffers = 2, .demand_buffered = true,
        .prefetch_words = 1, .refill_wrap = true, .miss_waits = true,
    };
}

static void test_registry(void)
{
    begin("registry");
    CHECK(csim_ms_names[CSIM_MS_COUNT] == NULL);
    for (unsigned t = 0; t < CSIM_MS_COUNT; t++) {
        /* the interface is found by its name, as flash.interface gives it */
        const char *name = csim_ms_names[t];
        CHECK(name != NULL);
        unsigned found = CSIM_MS_COUNT;
        for (unsigned u = 0; u < CSIM_MS_COUNT && name; u++)
            found = found == CSIM_MS_COUNT && strcmp(csim_ms_names[u], name) == 0 ? u : found;
        CHECK_EQ(found, t); /* and by no earlier row */
        CHECK(csim_ms_keys((csim_ms_type)found) != NULL);

        /* it is built and answers a fetch, then serves the same word at zero
         * wait once it is quiet (buffered, cached or ideal) */
        const csim_ms_cfg c = cfg_any((csim_ms_type)found);
        CHECK(csim_memsys_cfg_problem(&c) == NULL);
        csim_memsys *ms = csim_memsys_new(&c);
        CHECK(ms != NULL);
        if (!ms)
            continue;
        const uint64_t ready = csim_memsys_read(ms, 10, FL, CSIM_MS_FETCH);
        CHECK(ready >= 11);
        CHECK(ready <= 11 + c.wait_states); /* a cold word: at most one array read */
        FETCH(ms, 100, FL, 101);
        CHECK_EQ(csim_memsys_stats(ms)->fetches, 2);
        CHECK_EQ(csim_memsys_stats(ms)->hits > 0, t != CSIM_MS_ZERO_WAIT);
        CHECK_EQ(csim_ms_logs_tags((csim_ms_type)t), csim_memsys_log_tags(ms, &(csim_ms_tag_log){0}));
        csim_memsys_log_tags(ms, NULL);
        csim_memsys_free(ms);
    }
    const csim_ms_cfg bad = cfg_any(CSIM_MS_COUNT);
    CHECK(csim_memsys_cfg_problem(&bad) != NULL && strcmp(csim_memsys_cfg_problem(&bad), "unknown flash.interface") == 0);
    CHECK(!csim_ms_has_cache(CSIM_MS_COUNT));
    CHECK(csim_ms_keys(CSIM_MS_COUNT) == NULL);
}

/* The flash keys every interface may read: listed by none. */
static const char *const common_flash_keys[] = {
    "flash.interface", "flash.base", "flash.size", "flash.alias", "flash.wait_states", "flash.read_bytes",
    "flash.prefetch", "flash.latency_table", NULL,
};

static bool in_list(const char *const *list, const char *key)
{
    for (; *list; list++)
        if (strcmp(*list, key) == 0)
            return true;
    return false;
}

/* Each interface's key list is what csim_key_applies says applies to it: its
 * own keys and the common ones, every other flash.* and cache.* key not, and
 * cache.* keys only with a cache.  The lists name existing keys only. */
static void test_registry_keys(void)
{
    begin("registry keys");
    size_t nk;
    const csim_key *keys = csim_keys(&nk);
    for (unsigned t = 0; t < CSIM_MS_COUNT; t++) {
        const char *const *own = csim_ms_keys((csim_ms_type)t);
        for (const char *const *k = own; *k; k++) {
            g_case = *k;
            CHECK(csim_key_find(*k) != NULL);
            CHECK(!in_list(common_flash_keys, *k));
            CHECK(strncmp(*k, "cache.", 6) != 0 || csim_ms_has_cache((csim_ms_type)t));
        }
        for (unsigned with_cache = 0; with_cache < 2; with_cache++) {
            csim_model m;
            memset(&m, 0, sizeof m);
            m.flash.type = (csim_ms_type)t;
            m.flash.cache_bytes = with_cache ? 1024 : 0;
            for (size_t i = 0; i < nk; i++) {
                const char *name = keys[i].name;
                const bool cache_key = strncmp(name, "cache.", 6) == 0;
                if (!cache_key && strncmp(name, "flash.", 6) != 0)
                    continue;
                g_case = name;
                const bool reads = in_list(own, name) && (!cache_key || with_cache);
                CHECK_EQ(csim_key_applies(&keys[i], &m), reads || in_list(common_flash_keys, name));
                CHECK_EQ(csim_ms_reads_key((csim_ms_type)t, name), in_list(common_flash_keys, name) ? -1 : in_list(own, name));
            }
        }
    }
}

/* A hash of the answers to a mixed trace (loops, jumps, literal loads, a
 * change of wait states), with the statistics; 0 if cfg is refused. */
static uint64_t answers(const csim_ms_cfg *cfg, csim_ms_stats *st)
{
    csim_memsys *ms = csim_memsys_new(cfg);
    if (!ms)
        return 0;
    uint64_t t = 0, h = 1;
    uint32_t pc = 0, x = 777;
    for (unsigned i = 0; i < 3000; i++) {
        if (i == 2000) {
            csim_ms_cfg c = *cfg;
            c.wait_states++;
            csim_memsys_configure(ms, &c);
        }
        x = x * 1103515245u + 12345u;
        pc = (i & 15) == 15 ? (x >> 8) & 0x7FC : (pc + 2) & 0x7FF;
        const bool data = i % 7 == 3;
        const uint32_t addr = FL + (data ? 0x1000 + ((x >> 5) & 0x3FC) : pc);
        const uint64_t r = csim_memsys_read(ms, t, addr, data ? CSIM_MS_DATA : CSIM_MS_FETCH);
        h = h * 31 + r;
        t = r - (i & 1); /* some requests while the last is still in flight */
    }
    *st = *csim_memsys_stats(ms);
    csim_memsys_free(ms);
    return h;
}

/* The keys an interface does not list (and that not every interface reads)
 * are really not read: changing one changes no answer of its model. */
static void test_registry_unread_keys(void)
{
    begin("registry unread keys");
    size_t nk;
    const csim_key *keys = csim_keys(&nk);
    const size_t lo = offsetof(csim_model, flash), hi = lo + sizeof(csim_ms_cfg);
    for (unsigned t = 0; t < CSIM_MS_COUNT; t++) {
        csim_ms_stats st0, st1;
        const csim_ms_cfg base = cfg_any((csim_ms_type)t);
        const uint64_t h0 = answers(&base, &st0);
        CHECK(h0 != 0);
        for (size_t i = 0; i < nk; i++) {
            const csim_key *k = &keys[i];
            if (k->offset < lo || k->offset >= hi || csim_ms_reads_key((csim_ms_type)t, k->name) != 0)
                continue;
            g_case = k->name;
            csim_model m;
            memset(&m, 0, sizeof m);
            m.flash = base;
            char *field = (char *)&m + k->offset;
            if (k->type == CSIM_K_BOOL)
                *(bool *)field = !*(bool *)field;
            else if (k->type == CSIM_K_U32)
                *(uint32_t *)field += 1;
            else
                continue;
            CHECK_EQ(answers(&m.flash, &st1), h0);
            CHECK(memcmp(&st0, &st1, sizeof st0) == 0);
        }
    }
}

static void test_equal_now(void)
{
    begin("requests with equal now");
    csim_ms_cfg c = cfg_l0(1, false, false, true);
    csim_memsys *ms = must_new(&c);
    FETCH(ms, 10, FL, 12);         /* miss 10..12 */
    DATA(ms, 10, FL + 0x100, 14);  /* same cycle: array busy until 12, 12..14 */
    FETCH(ms, 10, FL, 12);         /* buffer hit, in flight until 12: max(11, 12) */
    csim_memsys_free(ms);
}

/* ---- whole state (csim_memsys_save/load, used by block reuse) ---------------
 * No hand-derived cycles here: the oracle is the model itself.  Model A runs a
 * request stream; its state is saved and loaded into model B, which had
 * another history and whose clock is elsewhere; both then get the same
 * requests (B's shifted in time) and must answer them alike, with the same
 * statistics, and B saves back the very state it was given. */

typedef struct req_stream {
    uint32_t x, pc;
    uint64_t t;
} req_stream;

/* Code in a 16-KB region with a branch every 8 fetches, a flash data read
 * every 5 requests (literal pool/table), issued at the data's arrival or a
 * few cycles after the previous request. */
static uint64_t drive(csim_memsys *ms, req_stream *s, uint64_t shift, unsigned i)
{
    s->x = s->x * 1103515245u + 12345u;
    const bool data = i % 5 == 4;
    if (!data)
        s->pc = (i & 7) == 7 ? (s->x >> 8) & 0x3FFC : (s->pc + 4) & 0x3FFF;
    const uint32_t addr = FL + (data ? 0x8000 + ((s->x >> 4) & 0xFC) : s->pc);
    const uint64_t r = csim_memsys_read(ms, s->t + shift, addr, data ? CSIM_MS_DATA : CSIM_MS_FETCH) - shift;
    const uint64_t answer = r - s->t;
    s->t = (s->x & 0x10000) ? r : s->t + ((s->x >> 20) & 3);
    return answer;
}

static void test_save_load(const char *name, const csim_ms_cfg *c, bool before_read)
{
    begin(name);
    csim_memsys *a = must_new(c), *b = must_new(c);
    req_stream sa = {12345, 0, 0}, sb = {777, 0x2000, 0};
    for (unsigned i = 0; i < 3000; i++) {
        drive(a, &sa, 0, i);
        drive(b, &sb, 0, i);
    }
    csim_ms_state st, back;
    const uint64_t shift = sb.t + 100 - sa.t; /* B's clock is ahead of A's */
    CHECK(csim_memsys_save(a, sa.t, sa.t, before_read, &st));
    const csim_ms_stats none = {0};
    const uint64_t token = csim_memsys_load(b, sa.t + shift, &st, &none);
    CHECK(csim_memsys_save(b, sa.t + shift, sa.t + shift, before_read, &back));
    CHECK(csim_memsys_unchanged(b, token, sa.t + shift)); /* saving changes nothing */
    CHECK(!csim_memsys_unchanged(b, token, sa.t + shift - 1)); /* before the loaded floor */
    CHECK_EQ(back.n, st.n);
    CHECK(back.n == st.n && memcmp(back.b, st.b, st.n) == 0);
    const csim_ms_stats a0 = *csim_memsys_stats(a), b0 = *csim_memsys_stats(b);
    req_stream s2 = sa;
    unsigned differ = 0;
    for (unsigned i = 0; i < 3000; i++)
        differ += drive(a, &sa, 0, 3000 + i) != drive(b, &s2, shift, 3000 + i);
    CHECK_EQ(differ, 0);
    CHECK(!csim_memsys_unchanged(b, token, s2.t)); /* reads since the load */
    const csim_ms_stats *a1 = csim_memsys_stats(a), *b1 = csim_memsys_stats(b);
#define SAME(f, reported) CHECK_EQ(a1->f - a0.f, b1->f - b0.f);
    CSIM_MS_STATS_FIELDS(SAME)
#undef SAME
    csim_memsys_free(a);
    csim_memsys_free(b);
}

/* Block reuse compares and loads a direct-mapped cache's tags only when the
 * tag generation says they may have changed. */
static void test_state_tags(void)
{
    begin("state: U0 tags apart from the head");
    csim_ms_cfg c = cfg_u0(1, true, true, 1);
    csim_memsys *a = must_new(&c), *b = must_new(&c);
    CHECK_EQ(csim_memsys_tag_bytes(a), 4 * (c.cache_bytes / c.cache_line_bytes));
    req_stream sa = {12345, 0, 0};
    for (unsigned i = 0; i < 3000; i++)
        drive(a, &sa, 0, i);
    csim_ms_state full, head, back;
    const csim_ms_stats none = {0};
    CHECK(csim_memsys_save(a, sa.t, sa.t, true, &full));
    CHECK(csim_memsys_save_head(a, sa.t, sa.t, true, &head));
    CHECK_EQ(head.n + csim_memsys_tag_bytes(a), full.n);
    CHECK(head.n < full.n && memcmp(head.b, full.b, head.n) == 0);
    csim_memsys_load(b, sa.t, &full, &none);

    /* A hit leaves the generation; a miss moves it. */
    uint64_t gen = csim_memsys_tag_gen(a);
    const uint64_t hit = csim_memsys_read(a, sa.t, FL + (sa.pc & ~3u), CSIM_MS_FETCH);
    CHECK_EQ(csim_memsys_tag_gen(a), gen);
    const uint64_t miss = csim_memsys_read(a, hit + 1, FL + 0x10000, CSIM_MS_FETCH);
    CHECK(csim_memsys_tag_gen(a) != gen);

    /* B gets the same two reads from A's state; its tags are then A's, so
     * loading A's head alone makes it A again, without moving B's generation. */
    CHECK_EQ(csim_memsys_read(b, sa.t, FL + (sa.pc & ~3u), CSIM_MS_FETCH), hit);
    CHECK_EQ(csim_memsys_read(b, hit + 1, FL + 0x10000, CSIM_MS_FETCH), miss);
    CHECK(csim_memsys_save(a, miss, miss, true, &full));
    CHECK(csim_memsys_save_head(a, miss, miss, true, &head));
    gen = csim_memsys_tag_gen(b);
    csim_memsys_load_head(b, miss, &head, &none);
    CHECK_EQ(csim_memsys_tag_gen(b), gen);
    CHECK(csim_memsys_save(b, miss, miss, true, &back));
    CHECK(back.n == full.n && memcmp(back.b, full.b, full.n) == 0);
    csim_memsys_load(b, miss, &full, &none);
    CHECK(csim_memsys_tag_gen(b) != gen); /* a whole load may change the tags */
    csim_memsys_free(a);
    csim_memsys_free(b);

    begin("state: no tags apart with 2 ways or without the cache");
    c = cfg_u0(2, true, true, 2); /* a hit reorders the ranks */
    a = must_new(&c);
    CHECK_EQ(csim_memsys_tag_bytes(a), 0);
    CHECK(!csim_memsys_save_head(a, 0, 0, true, &head));
    csim_memsys_free(a);
    c = cfg_u0(1, false, true, 1);
    a = must_new(&c);
    CHECK_EQ(csim_memsys_tag_bytes(a), 0);
    csim_memsys_free(a);
}

/* The ICACHE's tags are too many to save: block reuse keeps the head of the
 * state and the tag tests of a block's reads.  A and B have the same history
 * (B's clock elsewhere), so the same tags.  A runs a block of requests,
 * logging its tag tests; B replays the tests and loads A's head after the
 * block, and must then answer every later request as A does.  O, with
 * another history, refuses the log and is left as it was: it answers as its
 * twin T, which never saw the log. */
static void test_state_tag_log(void)
{
    begin("state: ICACHE tag tests replayed");
    csim_ms_cfg c = cfg_ic(2, 2, 1);
    c.prefetch = true; /* the read-ahead's H-SKIP tests the tags too */
    c.flash_buffers = 1;
    csim_memsys *a = must_new(&c), *b = must_new(&c), *o = must_new(&c), *t = must_new(&c);
    csim_memsys *u = must_new(&c), *ut = must_new(&c);
    req_stream sa = {12345, 0, 0}, sb = sa, so = {777, 0x2000, 0}, st = so, su = sa, sut = sa;
    const uint64_t shift = 1000;
    for (unsigned i = 0; i < 3000; i++) {
        drive(a, &sa, 0, i);
        drive(b, &sb, shift, i);
        drive(o, &so, 0, i);
        drive(t, &st, 0, i);
        drive(u, &su, 0, i);
        drive(ut, &sut, 0, i);
    }
    csim_ms_state ha, hb, out;
    CHECK(csim_memsys_save_head(a, sa.t, sa.t, true, &ha));
    CHECK(csim_memsys_save_head(b, sb.t + shift, sb.t + shift, true, &hb));
    CHECK(ha.n == hb.n && memcmp(ha.b, hb.b, ha.n) == 0);

    static csim_ms_tag_log log;
    const csim_ms_stats a0 = *csim_memsys_stats(a), b0 = *csim_memsys_stats(b);
    CHECK(csim_memsys_log_tags(a, &log));
    for (unsigned i = 0; i < 200; i++)
        drive(a, &sa, 0, 3000 + i);
    CHECK(!csim_memsys_log_tags(a, NULL));
    const csim_ms_stats *a1 = csim_memsys_stats(a);
    unsigned tested[4] = {0};
    for (unsigned i = 0; i < log.n; i++)
        tested[log.what[i] & 3]++;
    CHECK(!log.overflow);
    CHECK_EQ(tested[CSIM_MS_TAG_HIT] + tested[CSIM_MS_TAG_MISS], 200); /* one lookup a read */
    CHECK_EQ(tested[CSIM_MS_TAG_MISS], a1->misses - a0.misses);
    CHECK(tested[CSIM_MS_TAG_MISS] > 0 && tested[CSIM_MS_TAG_PRESENT] + tested[CSIM_MS_TAG_ABSENT] > 0);
    csim_ms_stats add;
#define DIFF(f, reported) add.f = a1->f - a0.f;
    CSIM_MS_STATS_FIELDS(DIFF)
#undef DIFF
    CHECK(csim_memsys_save_head(a, sa.t, sa.t, false, &out));
    CHECK(csim_memsys_replay_tags(b, log.word, log.what, log.n));
    csim_memsys_load_head(b, sa.t + shift, &out, &add);
    sb = sa;
    unsigned differ = 0;
    for (unsigned i = 0; i < 3000; i++)
        differ += drive(a, &sa, 0, 3200 + i) != drive(b, &sb, shift, 3200 + i);
    CHECK_EQ(differ, 0);
    const csim_ms_stats *b1 = csim_memsys_stats(b);
    a1 = csim_memsys_stats(a);
#define SAME(f, reported) CHECK_EQ(b1->f - b0.f, a1->f - a0.f);
    CSIM_MS_STATS_FIELDS(SAME)
#undef SAME

    CHECK(!csim_memsys_replay_tags(o, log.word, log.what, log.n));
    differ = 0;
    for (unsigned i = 0; i < 3000; i++)
        differ += drive(o, &so, 0, 3000 + i) != drive(t, &st, 0, 3000 + i);
    CHECK_EQ(differ, 0);
    /* U has A's tags, but the last lookup of the log answers otherwise: the
     * fills and hits replayed before it are undone. */
    unsigned last = log.n;
    while (last-- > 0 && log.what[last] != CSIM_MS_TAG_HIT && log.what[last] != CSIM_MS_TAG_MISS) {
    }
    log.what[last] ^= CSIM_MS_TAG_HIT ^ CSIM_MS_TAG_MISS;
    CHECK(!csim_memsys_replay_tags(u, log.word, log.what, last + 1));
    differ = 0;
    for (unsigned i = 0; i < 3000; i++)
        differ += drive(u, &su, 0, 3000 + i) != drive(ut, &sut, 0, 3000 + i);
    CHECK_EQ(differ, 0);
    csim_memsys_free(u);
    csim_memsys_free(ut);

    begin("state: ICACHE tag log overflow, and no log elsewhere");
    CHECK(csim_memsys_log_tags(a, &log));
    for (unsigned i = 0; i < CSIM_MS_TAG_LOG_MAX + 1; i++)
        drive(a, &sa, 0, 6200 + i);
    csim_memsys_log_tags(a, NULL);
    CHECK(log.overflow);
    CHECK_EQ(log.n, CSIM_MS_TAG_LOG_MAX);
    csim_memsys_free(a);
    csim_memsys_free(b);
    csim_memsys_free(o);
    csim_memsys_free(t);
    c = cfg_u0(1, true, true, 1);
    a = must_new(&c);
    CHECK(!csim_memsys_log_tags(a, &log));
    CHECK(!csim_memsys_replay_tags(a, log.word, log.what, 1));
    csim_memsys_free(a);
}

/* The refill's array free time (refill_free) is part of the state: a fresh
 * model loaded with it abandons the refill as the saved one does. */
static void test_state_abandon(void)
{
    begin("state: U0 a refill to abandon after a data read that went first");
    csim_ms_cfg c = cfg_u0(1, true, false, 1);
    c.data_first = true;
    c.miss_waits = false;
    csim_memsys *a = must_new(&c), *b = must_new(&c);
    csim_memsys_read(a, 0, FL + 0, CSIM_MS_FETCH);     /* w0 0..2, w1 2..4, w2 4..6, w3 6..8 */
    csim_memsys_read(a, 3, FL + 0x1000, CSIM_MS_DATA); /* data 4..6; w2 6..8, w3 8..10 */
    csim_ms_state st;
    const csim_ms_stats none = {0};
    CHECK(csim_memsys_save(a, 3, 3, true, &st));
    csim_memsys_load(b, 103, &st, &none);              /* b: a fresh model, 100 cycles later */
    FETCH(a, 5, FL + 0x40, 8);   /* abandons w2, w3; the data read ends at 6: w8 6..8 */
    FETCH(b, 105, FL + 0x40, 108);
    csim_memsys_free(a);
    csim_memsys_free(b);
}

static void test_state(void)
{
    csim_ms_cfg c = cfg_l0(1, true, true, true);
    test_save_load("state: L0 prefetch + pre-read", &c, false);
    test_save_load("state: L0 prefetch + pre-read, before a read", &c, true);
    c.prefetch_abort = true;
    test_save_load("state: L0 prefetch + pre-read, abort", &c, false);
    test_save_load("state: L0 prefetch + pre-read, abort, before a read", &c, true);
    c.fetch_buffers = 2;
    test_save_load("state: L0 buffer groups", &c, false);
    test_save_load("state: L0 buffer groups, before a read", &c, true);
    c.readahead_rereads = true;
    test_save_load("state: L0 buffer groups, re-reads", &c, true);
    c = cfg_l0(2, false, false, false);
    test_save_load("state: L0 DISAB_BUF", &c, false);
    c = cfg_u0(1, true, true, 1);
    test_save_load("state: U0 cache + prefetch", &c, false);
    test_save_load("state: U0 cache + prefetch, before a read", &c, true);
    c.data_first = true;
    test_save_load("state: U0 cache + prefetch, data first", &c, false);
    test_save_load("state: U0 cache + prefetch, data first, before a read", &c, true);
    c.prefetch_abort = true;
    test_save_load("state: U0 cache + prefetch, data first, abort", &c, false);
    test_save_load("state: U0 cache + prefetch, data first, abort, before a read", &c, true);
    c.data_prefetch = true;
    test_save_load("state: U0 data read-ahead, abort", &c, true);
    c.prefetch_abort = false;
    c.data_prefetch = false;
    c.miss_waits = false;
    test_save_load("state: U0 cache + prefetch, data first, misses abandon refills", &c, false);
    test_save_load("state: U0 cache + prefetch, data first, misses abandon refills, before a read", &c, true);
    c.refill_wrap = false;
    test_save_load("state: U0 cache + prefetch, data first, linear refills that misses abandon", &c, true);
    c.miss_waits = true;
    c.refill_wrap = true;
    c.readahead_rereads = true;
    test_save_load("state: U0 cache + prefetch, re-reads", &c, false);
    test_save_load("state: U0 cache + prefetch, re-reads, before a read", &c, true);
    c.readahead_rereads = false;
    c.readahead_early = true;
    c.refill_unbuffered = true;
    test_save_load("state: U0 early read-ahead, unbuffered refills", &c, true);
    c = cfg_u0(2, true, true, 2);
    test_save_load("state: U0 2-way cache", &c, true);
    c.miss_waits = false;
    test_save_load("state: U0 2-way cache, misses abandon refills", &c, true);
    c = cfg_u0(1, false, true, 1);
    test_save_load("state: U0 cache off", &c, true);
    c = cfg_ic(3, 2, 1);
    c.cache_bytes = 512;
    c.prefetch = true;
    c.flash_buffers = 1;
    test_save_load("state: small ICACHE + prefetch", &c, true);
    c.prefetch_abort = true;
    test_save_load("state: small ICACHE + prefetch, abort", &c, true);

    begin("state: L0 buffer groups survive a save and a load");
    c = cfg_l0(1, false, false, true); /* rc = 2 */
    c.fetch_buffers = 2;
    csim_memsys *la = must_new(&c), *lb = must_new(&c);
    for (uint32_t i = 0; i < 4; i++) /* w256..w259 fill the data group (the oldest buffers) */
        DATA(la, 4 * i, FL + 0x400 + 4 * i, 4 * i + 2);
    FETCH(la, 16, FL + 0, 18);       /* w0, w1 fill the fetch group */
    FETCH(la, 20, FL + 4, 22);
    csim_ms_state gs;
    CHECK(csim_memsys_save(la, 30, 30, true, &gs));
    csim_memsys_load(lb, 130, &gs, &(csim_ms_stats){0});
    FETCH(la, 30, FL + 8, 32);       /* miss, replaces w0 (the fetch group's oldest) */
    FETCH(lb, 130, FL + 8, 132);
    DATA(la, 40, FL + 0x400, 41);    /* w256 still in the data group: hit */
    DATA(lb, 140, FL + 0x400, 141);  /* the same after the load: the groups were kept */
    csim_memsys_free(la);
    csim_memsys_free(lb);

    begin("state: a pending re-read of a cached word survives a save before a read");
    c = cfg_u0(1, true, true, 1); /* rc = 2 */
    c.readahead_rereads = true;
    la = must_new(&c);
    lb = must_new(&c);
    FETCH(la, 0, FL + 0, 2);         /* miss: line 0 until 8; candidate w1 from 2 */
    FETCH(la, 3, FL + 8, 4);         /* candidate w2 (cached) from 4 */
    CHECK(csim_memsys_save(la, 5, 5, true, &gs));
    csim_memsys_load(lb, 105, &gs, &(csim_ms_stats){0});
    FETCH(la, 9, FL + 0x100, 12);    /* w2 re-read 8..10, the miss 10..12 */
    FETCH(lb, 109, FL + 0x100, 112); /* the same after the load */
    csim_memsys_free(la);
    csim_memsys_free(lb);

    begin("state: a pending pre-read of a buffered word survives a save before a read");
    c = cfg_l0(1, false, true, true); /* rc = 2 */
    c.readahead_rereads = true;
    la = must_new(&c);
    lb = must_new(&c);
    DATA(la, 0, FL + 0x40, 2);       /* as in "l0 pre-read re-reads a buffered word" */
    DATA(la, 4, FL + 0x44, 5);
    DATA(la, 6, FL + 0x40, 7);       /* candidate w17 (buffered) from 7 */
    CHECK(csim_memsys_save(la, 7, 7, true, &gs));
    csim_memsys_load(lb, 107, &gs, &(csim_ms_stats){0});
    FETCH(la, 8, FL + 0, 11);        /* w17 re-read 7..9, the fetch 9..11 */
    FETCH(lb, 108, FL + 0, 111);
    csim_memsys_free(la);
    csim_memsys_free(lb);

    begin("state: an 8-KB ICACHE does not fit");
    c = cfg_ic(5, 2, 1);
    csim_memsys *ms = must_new(&c);
    csim_ms_state st;
    CHECK(!csim_memsys_save(ms, 0, 0, false, &st));
    csim_memsys_free(ms);

    begin("state: data reads anywhere");
    c = cfg_u0(1, true, true, 1);
    ms = must_new(&c);
    CHECK(csim_memsys_data_anywhere(ms)); /* U0 data reads go to the array, uncached */
    csim_memsys_free(ms);
    c = cfg_l0(1, true, true, true);
    ms = must_new(&c);
    CHECK(!csim_memsys_data_anywhere(ms)); /* L0: they land in the NVM buffers */
    csim_memsys_free(ms);
}

/* ---- block reuse on the ICACHE (csim_memsys_replay_hits/again) ------------- */

static void test_replay(void)
{
    begin("replay: LRU in the order of last access; again without lookup until a fill");
    csim_ms_cfg c = cfg_ic(5, 2, 1);
    csim_memsys *ms = must_new(&c);
    FETCH(ms, 0, FL, 7);          /* miss: A in way 0 */
    FETCH(ms, 20, FL + 4096, 27); /* miss: B, same set, way 1; refill ends 33 */
    /* A, B, A: A is hit last, so B becomes the LRU way of the set */
    const uint32_t addr[3] = {FL, FL + 4096, FL + 4};
    const uint8_t kind[3] = {CSIM_MS_FETCH, CSIM_MS_FETCH, CSIM_MS_FETCH};
    uint32_t slot[12];
    csim_ms_replay rp = {.slot = slot};
    CHECK(!csim_memsys_replay_hits(ms, 30, 32, addr, kind, 3, &rp)); /* refill of B until 33: not quiet */
    CHECK_EQ(rp.gen, 0);
    CHECK(csim_memsys_replay_hits(ms, 40, 42, addr, kind, 3, &rp));
    CHECK_EQ(rp.n_lines, 2); /* two distinct lines */
    CHECK(rp.gen != 0);
    CHECK_EQ(csim_memsys_stats(ms)->hits, 3);
    CHECK_EQ(csim_memsys_stats(ms)->fetches, 5);
    CHECK(csim_memsys_replay_again(ms, 50, 52, &rp, NULL)); /* no line filled since */
    CHECK_EQ(csim_memsys_stats(ms)->hits, 6);
    CHECK_EQ(csim_memsys_stats(ms)->fetches, 8);
    FETCH(ms, 60, FL + 8192, 67); /* miss: C evicts the LRU way, B; refill 61..67, 67..73 */
    CHECK(!csim_memsys_replay_again(ms, 80, 82, &rp, NULL)); /* a line was filled: B, not there */
    CHECK(!csim_memsys_replay_hits(ms, 80, 82, addr, kind, 3, &rp)); /* B is gone */
    CHECK_EQ(csim_memsys_stats(ms)->hits, 6);

    FETCH(ms, 90, FL, 91);          /* A stayed: hit (7 hits) */
    FETCH(ms, 100, FL + 4096, 107); /* B was evicted: miss; it evicts C (A was hit later); ends 113 */

    begin("replay: data reads again in the lines they fell in");
    const uint8_t mixed[2] = {CSIM_MS_FETCH, CSIM_MS_DATA};
    const uint32_t addr2[2] = {FL, FL + 4096}; /* A, B */
    CHECK(csim_memsys_replay_hits(ms, 120, 121, addr2, mixed, 2, &rp));
    CHECK_EQ(rp.n_data, 1);
    CHECK_EQ(csim_memsys_stats(ms)->hits, 9);
    const uint32_t same_line = FL + 4096 + 8, other_line = FL + 16;
    CHECK(csim_memsys_replay_again(ms, 130, 131, &rp, &same_line));
    CHECK(!csim_memsys_replay_again(ms, 140, 141, &rp, &other_line)); /* another line: look it up */
    FETCH(ms, 150, FL + 0x40, 157); /* miss elsewhere (another set): a fill, refill ends 163 */
    CHECK(csim_memsys_replay_again(ms, 170, 171, &rp, &same_line)); /* A and B still there */
    FETCH(ms, 190, FL + 8192, 197); /* miss: the data read of B came last, so C evicts A */
    FETCH(ms, 200, FL + 4096, 201); /* B: hit (under the refill of C, which ends 203) */
    CHECK_EQ(csim_memsys_stats(ms)->hits, 14);
    CHECK_EQ(csim_memsys_stats(ms)->data_reads, 3);
    csim_memsys_invalidate(ms);
    CHECK(csim_memsys_replay_hits(ms, 210, 211, addr, kind, 0, &rp)); /* nothing to replay */
    csim_memsys_free(ms);
}

/* ---- throughput ------------------------------------------------------------ */

static double seconds(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC); /* C11; wall clock is good enough for a printed figure */
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void throughput(const char *name, const csim_ms_cfg *c)
{
    csim_memsys *ms = must_new(c);
    const unsigned n = 10u * 1000 * 1000;
    uint64_t t = 0, sum = 0;
    uint32_t pc = 0, x = 12345;
    const double t0 = seconds();
    for (unsigned i = 0; i < n; i++) {
        /* sequential code in a 16-KB region, a branch every 8 fetches, a literal every 5 */
        x = x * 1103515245u + 12345u;
        if ((i & 7) == 7)
            pc = (x >> 8) & 0x3FFC;
        else
            pc = (pc + 4) & 0x3FFF;
        const bool data = i % 5 == 4;
        const uint64_t r =
            csim_memsys_read(ms, t, FL + (data ? 0x8000 + ((x >> 4) & 0xFFC) : pc), data ? CSIM_MS_DATA : CSIM_MS_FETCH);
        sum += r;
        t = r + 1;
    }
    const double dt = seconds() - t0;
    printf("throughput %-8s %u calls in %.3f s = %.1f Mcalls/s (hits %" PRIu64 ", misses %" PRIu64 ", chk %" PRIu64
           ")\n",
           name, n, dt, n / dt / 1e6, csim_memsys_stats(ms)->hits, csim_memsys_stats(ms)->misses, sum & 0xFFFF);
    csim_memsys_free(ms);
}

/* ---- external memory and DCACHE (memsys_xmem.c) ----------------------------- */

/* The U5's DCACHE1 (RM0456 §9.2, STM32U585xx datasheet §3.2.2): 4 KB, 2 ways,
 * 16-B lines (4 words, 128 sets, a way spans 2 KB), 0 wait on a hit.  The
 * memory: R = 10 cycles to the first word of a read, B = 2 per further beat,
 * W = 8 per write (round figures: what is checked is the document's rules).
 * A line fill is a WRAP4 burst from the requested word (critical word
 * first): word k of the burst at start + R + k*B, the line whole at
 * start + R + 3B = start + 16. */
#define XM 0x90000000u

static csim_xm_cfg cfg_xm(bool enabled, bool write_back)
{
    return (csim_xm_cfg){.base = XM, .size = 64u << 20, .read_cycles = 10, .beat_cycles = 2, .write_cycles = 8,
                         .write_back = write_back, .cache_enabled = enabled, .cache_bytes = 4096,
                         .cache_ways = 2, .cache_line_bytes = 16};
}

static csim_xmem *must_new_xm(const csim_xm_cfg *cfg)
{
    csim_xmem *xm = csim_xmem_new(cfg);
    if (!xm) {
        fprintf(stderr, "[%s] csim_xmem_new failed\n", g_case);
        exit(1);
    }
    return xm;
}

#define XREAD(xm, now, addr, exp) \
    check_u64(__FILE__, __LINE__, "xread " #addr " @" #now, csim_xmem_read(xm, now, addr), exp)
#define XWRITE(xm, now, addr, exp) \
    check_u64(__FILE__, __LINE__, "xwrite " #addr " @" #now, csim_xmem_write(xm, now, addr), exp)

static void test_dcache_read(void)
{
    begin("dcache off: bypassed, one memory read each, one at a time");
    csim_xm_cfg c = cfg_xm(false, false);
    csim_xmem *xm = must_new_xm(&c);
    XREAD(xm, 0, XM, 10);       /* 0 + R */
    XREAD(xm, 5, XM + 4, 20);   /* the memory is busy until 10: 10 + R */
    XREAD(xm, 30, XM, 40);      /* no cache: the same word costs R again */
    CHECK_EQ(csim_xmem_stats(xm)->mem_reads, 3);
    CHECK_EQ(csim_xmem_stats(xm)->read_hits + csim_xmem_stats(xm)->read_misses, 0);
    CHECK(csim_xmem_contains(xm, XM + (64u << 20) - 1));
    CHECK(!csim_xmem_contains(xm, XM + (64u << 20)));
    CHECK(!csim_xmem_contains(xm, 0x20000000u));
    csim_xmem_free(xm);

    begin("dcache read miss: critical word first, then hits under the miss");
    c = cfg_xm(true, false);
    xm = must_new_xm(&c);
    XREAD(xm, 0, XM + 4, 10);   /* miss on word 1: the burst starts with it, 0 + R */
    XREAD(xm, 11, XM + 8, 12);  /* word 2 is the 2nd beat: 0 + R + B */
    XREAD(xm, 11, XM, 16);      /* word 0 is the last beat (wrap): 0 + R + 3B */
    XREAD(xm, 20, XM + 12, 21); /* the line is whole: 0 wait-state hit */
    CHECK_EQ(csim_xmem_stats(xm)->read_misses, 1);
    CHECK_EQ(csim_xmem_stats(xm)->read_hits, 3);
    CHECK_EQ(csim_xmem_stats(xm)->mem_reads, 1);
    csim_xmem_free(xm);

    begin("dcache hit-under-miss: a hit to another line during a fill");
    xm = must_new_xm(&c);
    XREAD(xm, 0, XM + 16, 10);  /* line 1: miss, burst 0..16 */
    XREAD(xm, 20, XM, 30);      /* line 0: miss, burst 20..36 */
    XREAD(xm, 22, XM + 16, 23); /* line 1 during line 0's fill: served at once */
    XREAD(xm, 23, XM + 32, 46); /* line 2: a miss waits for the memory (36) + R */
    csim_xmem_free(xm);

    begin("dcache 2 ways, LRU: three lines of one set");
    xm = must_new_xm(&c);
    XREAD(xm, 0, XM, 10);             /* A miss (burst ends 16) */
    XREAD(xm, 20, XM + 2048, 30);     /* B: same set (a way is 2 KB), other way; ends 36 */
    XREAD(xm, 40, XM, 41);            /* A hit: B is now the least recently used */
    XREAD(xm, 50, XM + 4096, 60);     /* C misses, replaces B; ends 66 */
    XREAD(xm, 70, XM, 71);            /* A still there */
    XREAD(xm, 80, XM + 2048, 90);     /* B was evicted: miss, replaces C */
    CHECK_EQ(csim_xmem_stats(xm)->read_misses, 4);
    csim_xmem_free(xm);
}

static void test_dcache_write(void)
{
    begin("dcache write-through: every write to memory, write-around on a miss");
    csim_xm_cfg c = cfg_xm(true, false);
    csim_xmem *xm = must_new_xm(&c);
    XWRITE(xm, 0, XM, 8);       /* miss: 0 + W, no line allocated */
    XREAD(xm, 20, XM, 30);      /* so the read misses: 20 + R (burst ends 36) */
    XWRITE(xm, 40, XM + 4, 48); /* hit: the line is updated and the memory written, 40 + W */
    XREAD(xm, 50, XM + 4, 51);  /* still a hit */
    CHECK_EQ(csim_xmem_stats(xm)->write_misses, 1);
    CHECK_EQ(csim_xmem_stats(xm)->write_hits, 1);
    CHECK_EQ(csim_xmem_stats(xm)->mem_writes, 2);
    csim_xmem_free(xm);

    begin("dcache write-back: write-allocate, 0-wait write hits, a dirty victim written back");
    c = cfg_xm(true, true);
    xm = must_new_xm(&c);
    XWRITE(xm, 0, XM, 10);          /* miss: allocate, the written word first: 0 + R (ends 16) */
    XREAD(xm, 20, XM + 4, 21);      /* the line is there */
    XWRITE(xm, 30, XM + 8, 31);     /* write hit: 0 wait, nothing written to memory */
    CHECK_EQ(csim_xmem_stats(xm)->mem_writes, 0);
    XREAD(xm, 40, XM + 2048, 50);   /* same set, the empty way: no eviction (ends 56) */
    XREAD(xm, 60, XM + 4096, 84);   /* evicts the dirty A: write-back burst W + 3B = 60..74,
                                       then the fill: 74 + R */
    CHECK_EQ(csim_xmem_stats(xm)->mem_writes, 1);
    XREAD(xm, 100, XM + 2048, 101); /* B (clean) stayed */
    XREAD(xm, 110, XM, 120);        /* A misses; victim C is clean: no write-back, 110 + R */
    CHECK_EQ(csim_xmem_stats(xm)->mem_writes, 1);
    CHECK_EQ(csim_xmem_stats(xm)->write_hits, 1);
    CHECK_EQ(csim_xmem_stats(xm)->write_misses, 1);
    csim_xmem_free(xm);
}

static void test_dcache_control(void)
{
    begin("dcache DCACHE_CR.EN: off bypasses, on again starts empty; CACHEINV empties");
    csim_xm_cfg c = cfg_xm(true, false);
    csim_xmem *xm = must_new_xm(&c);
    XREAD(xm, 0, XM, 10);       /* miss, ends 16 */
    XREAD(xm, 20, XM, 21);      /* hit */
    c.cache_enabled = false;
    CHECK(csim_xmem_configure(xm, &c));
    XREAD(xm, 30, XM, 40);      /* bypassed: a memory read, 30 + R */
    c.cache_enabled = true;
    CHECK(csim_xmem_configure(xm, &c));
    XREAD(xm, 50, XM, 60);      /* enabled again: empty, so a miss (ends 66) */
    XREAD(xm, 70, XM, 71);
    csim_xmem_invalidate(xm);
    XREAD(xm, 80, XM, 90);      /* invalidated: a miss */
    c.write_back = true;        /* the attribute changes, the contents stay */
    CHECK(csim_xmem_configure(xm, &c));
    XREAD(xm, 100, XM, 101);
    csim_xmem_free(xm);

    begin("dcache bad configurations are refused with the key named");
    c = cfg_xm(true, false);
    c.cache_ways = 3;
    CHECK(csim_xmem_new(&c) == NULL);
    CHECK(strstr(csim_xmem_cfg_problem(&c), "dcache.ways") != NULL);
    c = cfg_xm(true, false);
    c.read_cycles = 0;
    CHECK(strstr(csim_xmem_cfg_problem(&c), "xmem.read_cycles") != NULL);
    c = cfg_xm(true, false);
    c.base = 0xF0000000u;
    c.size = 0x20000000u;
    CHECK(strstr(csim_xmem_cfg_problem(&c), "xmem.size") != NULL);
    c = cfg_xm(true, false);
    c.cache_line_bytes = 128;
    CHECK(strstr(csim_xmem_cfg_problem(&c), "dcache.line") != NULL);
    xm = must_new_xm(&(csim_xm_cfg){.base = XM, .size = 1, .read_cycles = 1, .write_cycles = 1,
                                    .cache_bytes = 64, .cache_ways = 1, .cache_line_bytes = 64});
    c.cache_line_bytes = 128;
    CHECK(!csim_xmem_configure(xm, &c)); /* refused: the model keeps its configuration */
    CHECK_EQ(csim_xmem_config(xm)->cache_line_bytes, 64);
    csim_xmem_free(xm);
}

int main(void)
{
    test_zero_wait();
    test_l0_sequential();
    test_l0_prefetch_in_flight();
    test_l0_prefetch_abort();
    test_l0_loops();
    test_l0_disab_buf();
    test_l0_preread();
    test_u0_cache();
    test_u0_data_first();
    test_u0_refill_keys();
    test_u0_sectored();
    test_u0_data_prefetch();
    test_u0_prefetch();
    test_u0_prefetch_abort();
    test_l0_groups();
    test_readahead_rereads();
    test_readahead_early();
    test_refill_unbuffered();
    test_latency_clears();
    test_icache_ways();
    test_icache_hit_under_miss();
    test_icache_data();
    test_icache_read_width();
    test_icache_rm0522();
    test_icache_disabled();
    test_icache_prefetch();
    test_icache_prefetch_abort();
    test_art_icache();
    test_art_prefetch();
    test_art_dcache();
    test_art_dcode_priority();
    test_art_config();
    test_alias();
    test_reset_invalidate();
    test_configure();
    test_bad_configs();
    test_registry();
    test_registry_keys();
    test_registry_unread_keys();
    test_equal_now();
    test_state();
    test_state_tags();
    test_state_tag_log();
    test_state_abandon();
    test_replay();
    test_dcache_read();
    test_dcache_write();
    test_dcache_control();

    csim_ms_cfg c = cfg_l0(1, true, true, true);
    throughput("l0", &c);
    c = cfg_u0(2, true, true, 2);
    throughput("u0", &c);
    c = cfg_ic(5, 2, 1);
    c.prefetch = true;
    c.flash_buffers = 1;
    throughput("icache", &c);
    c = cfg_art_f4(5, true, true, true);
    throughput("art", &c);

    printf("test_memsys: %d checks, %d failed\n", g_checks, g_failures);
    return g_failures ? 1 : 0;
}
