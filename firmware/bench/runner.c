/* SPDX-License-Identifier: MIT */
/*
 * runner.c - the benchmark runner behind bench.h: walks the "bench_cases"
 * table, times each case's run() with hal_cycles() and prints the
 * calibration lines that cyclesim reads back (format: firmware/README.md).
 *
 * Timing.  t_begin is read as the last thing in bench_region_begin(), t_end
 * as the first thing in bench_region_end(); their difference also contains
 * the fixed cost of getting from one marker to the other (returning from
 * bench_region_begin, loading c->run, the call, returning, calling
 * bench_region_end).  That overhead is measured on bench_empty_case, whose
 * run() does nothing, through the very same code path (run_one) as every
 * real case, and subtracted.  The empty case runs twice before the first
 * real case and the second (warm: caches and flash buffers hold the runner's
 * code) reading is kept; cyclesim identifies those regions by their case
 * pointer, &bench_empty_case.
 *
 * The markers and run_one are noipa as well as noinline: GCC must neither
 * inline them nor call a specialised clone (.isra/.constprop) in their place,
 * so that cyclesim's hooks on the symbols see every call and the empty case
 * takes exactly the same instructions as the real ones.
 *
 * The cycle counter is restarted in bench_region_begin, so what ran before a
 * case does not move the SysTick wraps within it.
 */
#include <stddef.h>

#include "bench.h"
#include "hal.h"

#define NOIPA __attribute__((noinline, noipa, used))

extern const bench_case_t __start_bench_cases[];
extern const bench_case_t __stop_bench_cases[];

static uint32_t t_begin, t_end;
/* Read by cyclesim at bench_case_done() (external, so it keeps its symbol). */
uint32_t bench_workbuf_bytes;

/* The cases to run: table indices [bench_case_first, bench_case_first +
 * bench_case_count).  cyclesim writes both before bench_run_all() runs, to time
 * a subset (`--case`); a board leaves them, so it runs every case.  volatile:
 * written from outside the program. */
volatile uint32_t bench_case_first = 0;
volatile uint32_t bench_case_count = 0xFFFFFFFFu;

static int empty_op(const bench_case_t *c)
{
    (void)c;
    return 0;
}

/* Not in the "bench_cases" section: it is the runner's calibration case. */
const bench_case_t bench_empty_case = {
    "empty", "", "", empty_op, empty_op, empty_op, NULL,
};

/* ---- markers (cyclesim hooks them by symbol) ---------------------------- */

NOIPA void bench_region_begin(const bench_case_t *c)
{
    (void)c;
    /* The counter starts anew for every region: on the M0+ targets the
     * SysTick wraps (an exception inside the region every 2^24 cycles) then
     * land at the same points of a case whatever ran before it, so a case is
     * timed alike in a full run, in a selection (--case) and on its own
     * (cyclesim's jobs, -j). */
    hal_cycles_init();
    t_begin = hal_cycles();
}

NOIPA void bench_region_end(const bench_case_t *c)
{
    (void)c;
    t_end = hal_cycles();
}

void bench_note_workbuf(uint32_t bytes)
{
    bench_workbuf_bytes = bytes;
}

/* ---- output --------------------------------------------------------------- */

static void put_str(const char *s)
{
    if (s == NULL) {
        return;
    }
    while (*s != '\0') {
        hal_putc(*s++);
    }
}

/* Unsigned decimal, no printf (newlib's is large). */
static void put_u32(uint32_t v)
{
    char digits[10];
    unsigned n = 0;

    do {
        digits[n++] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v != 0);
    while (n > 0) {
        hal_putc(digits[--n]);
    }
}

static void put_field(const char *key, uint32_t v)
{
    put_str(key);
    put_u32(v);
}

static const char *const status_names[] = {
    [BENCH_PASS] = "pass",
    [BENCH_SETUP_FAIL] = "setup-fail",
    [BENCH_RUN_FAIL] = "run-fail",
    [BENCH_CHECK_FAIL] = "check-fail",
};

NOIPA void bench_case_done(const bench_case_t *c, uint32_t cycles, uint32_t status)
{
    put_str("@case name=");
    put_str(c->name);
    put_str(" row=");
    put_str(c->row);
    put_field(" cycles=", cycles);
    put_str(" status=");
    put_str(status < sizeof(status_names) / sizeof(status_names[0]) ? status_names[status] : "?");
    put_field(" workbuf=", bench_workbuf_bytes);
    hal_putc('\n');
}

/* ---- running -------------------------------------------------------------- */

/* setup, timed run, check; returns t_end - t_begin (0 if setup failed). */
static NOIPA uint32_t run_one(const bench_case_t *c, uint32_t *status)
{
    int rc;

    bench_workbuf_bytes = 0;
    if (c->setup != NULL && c->setup(c) != 0) {
        *status = BENCH_SETUP_FAIL;
        return 0;
    }
    bench_region_begin(c);
    rc = c->run(c);
    bench_region_end(c);
    if (rc != 0) {
        *status = BENCH_RUN_FAIL;
    } else if (c->check != NULL && c->check(c) != 0) {
        *status = BENCH_CHECK_FAIL;
    } else {
        *status = BENCH_PASS;
    }
    return t_end - t_begin;
}

/* cyclesim refuses an image whose version it does not read.  Read through a
 * volatile pointer below, so the constant stays in the image's flash. */
const uint32_t bench_abi_version = BENCH_ABI_VERSION;

int bench_run_all(void)
{
    const bench_case_t *c;
    uint32_t overhead, raw, status;
    uint32_t cases = 0, failed = 0;
    const uint32_t first = bench_case_first, count = bench_case_count;
    uint32_t index = 0;

    put_field("@cyclesim-bench ", *(const volatile uint32_t *)&bench_abi_version);
    put_str(" target=");
    put_str(hal_info.target);
    put_str(" mcu=");
    put_str(hal_info.mcu);
    put_field(" clock_hz=", hal_info.clock_hz);
    put_field(" latency=", hal_info.latency);
    put_field(" icache=", hal_info.icache);
    put_field(" prefetch=", hal_info.prefetch);
    hal_putc('\n');

    (void)run_one(&bench_empty_case, &status); /* warm-up */
    overhead = run_one(&bench_empty_case, &status);

    for (c = __start_bench_cases; c < __stop_bench_cases; c++, index++) {
        if (index < first || index - first >= count) {
            continue;
        }
        raw = run_one(c, &status);
        bench_case_done(c, raw > overhead ? raw - overhead : 0, status);
        cases++;
        if (status != BENCH_PASS) {
            failed++;
        }
    }

    put_field("@done cases=", cases);
    put_field(" failed=", failed);
    hal_putc('\n');
    return (int)failed;
}
