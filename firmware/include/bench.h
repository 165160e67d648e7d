/*
 * bench.h - the benchmark API shared by the board targets, the cyclesim
 * emulator target and cyclesim itself.
 *
 * A firmware describes its benchmark cases inside its ELF: every BENCH_CASE()
 * lands in the "bench_cases" section, which GNU ld brackets with
 * __start_bench_cases / __stop_bench_cases.  The runner (bench/runner.c)
 * walks that table; for each case it calls setup() (untimed), then
 * bench_region_begin(), run() (the measured region), bench_region_end(),
 * then check() (untimed known-answer test) and bench_case_done().
 *
 * cyclesim finds the three marker functions by symbol and times the region
 * between the return from bench_region_begin() and the entry of
 * bench_region_end(), minus the same region around an empty case (the board
 * subtracts the same empty-region overhead from its DWT/SysTick reading).
 * Nothing else is needed: `cyclesim run fw.elf --mcu X` lists and times the
 * cases by itself.  The marker symbols, the section name and the layout of
 * bench_case_t are an ABI: BENCH_ABI_VERSION changes when any of them does.
 */
#ifndef BENCH_H
#define BENCH_H

#include <stdint.h>

#define BENCH_ABI_VERSION 1u

typedef struct bench_case bench_case_t;

struct bench_case {
    const char *name;   /* unique case name, e.g. "aes-cbc-enc/128/small/sole/32" */
    const char *row;    /* key of the published-table row it reproduces, or "" */
    const char *params; /* "k=v;k=v" description, informative only */
    int (*setup)(const bench_case_t *c); /* untimed preparation; 0 = ok */
    int (*run)(const bench_case_t *c);   /* the measured operation; 0 = ok */
    int (*check)(const bench_case_t *c); /* untimed known-answer check; 0 = pass */
    const void *arg;    /* case-private parameters */
};

/* Declares one case; `ident` only has to be unique within its file. */
#define BENCH_CASE(ident, ...)                                                 \
    __attribute__((used, section("bench_cases"), aligned(4)))                  \
    const bench_case_t ident = {__VA_ARGS__}

/* Result status passed to bench_case_done(). */
enum bench_status {
    BENCH_PASS = 0,       /* run() returned 0 and check() passed */
    BENCH_SETUP_FAIL = 1, /* setup() returned non-zero */
    BENCH_RUN_FAIL = 2,   /* run() returned non-zero */
    BENCH_CHECK_FAIL = 3, /* check() found a wrong result */
};

/* Markers (runner.c).  noinline and externally visible: cyclesim hooks them. */
void bench_region_begin(const bench_case_t *c);
void bench_region_end(const bench_case_t *c);
void bench_case_done(const bench_case_t *c, uint32_t cycles, uint32_t status);

/* Runs every case, prints the calibration lines, returns the failure count. */
int bench_run_all(void);

/* Working-buffer accounting: a case that uses a caller-supplied work buffer
 * reports the bytes actually used, printed beside its cycles. */
void bench_note_workbuf(uint32_t bytes);

#endif
