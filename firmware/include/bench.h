/* SPDX-License-Identifier: MIT */
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

/* Signing attempts: a case whose operation repeats on rejection (ML-DSA
 * signing) reports how many attempts its timed call made, so that its cycles
 * per attempt can be set against a table measured with other inputs.  It
 * lands in bench_sign_attempts (bench/attempts.c, linked only into images
 * that call this), which cyclesim reads at bench_case_done() and then clears:
 * the `attempts` field of its records. */
void bench_note_attempts(uint32_t attempts);

/* ---- Inputs (bench/input.c) ------------------------------------------------
 * bench_input_seed selects the inputs of every case:
 *   0         the cases' fixed known-answer inputs; check() compares with the
 *             known answers (the default);
 *   otherwise random inputs drawn by setup() from bench_random(), and check()
 *             tests the result by self-consistency (decrypt back, verify the
 *             signature, ...), since no known answer exists.
 * It is an ordinary .bss variable, cleared by the start-up code: cyclesim or
 * a debugger writes it after Reset_Handler, before the first case's setup()
 * (e.g. at the entry of bench_run_all()). */
extern uint32_t bench_input_seed;

/* Starts the input stream of case c and returns 1 when bench_input_seed is
 * non-zero (random inputs), 0 otherwise (known answers: no stream).  The
 * stream depends only on the seed and c->name, so a case sees the same
 * inputs for the same seed whatever ran before it. */
int bench_random_begin(const bench_case_t *c);

/* The next n bytes of the current stream.  NOT cryptographic: a fast
 * deterministic generator for benchmark inputs only (no key drawn from it
 * protects anything). */
void bench_random(void *buf, uint32_t n);

/* ---- Secret inputs ----------------------------------------------------------
 * A case's setup() calls bench_secret(ptr, len) on each secret input (a key,
 * a scalar, a private exponent) once its bytes are drawn and before anything
 * is derived from them.  On a board it does nothing.  cyclesim hooks it (like
 * the markers): `cyclesim leak` writes chosen bytes there, a fixed value or
 * random ones, while the public inputs stay those of the seed, and screens
 * the timing for a dependence on the secret (docs/leak.md).  A case that
 * marks nothing is screened over all its inputs.  The symbol is optional:
 * an image without it has no secret marks. */
void bench_secret(void *ptr, uint32_t len);

/* ---- Footprint sections ------------------------------------------------------
 * cyclesim's footprint of a case counts the code, read-only data and
 * read-write data its timed region touches, and should count the library's
 * own data only (its tables, its state), as ST's figures do.  The cases' own
 * objects are marked so that the linker scripts (ld/common.ld) can put them
 * in ranges cyclesim leaves out:
 *   BENCH_IO        zero-initialised RAM of a case: inputs, outputs, keys,
 *                   contexts and working buffers given to the library (the
 *                   working buffer is reported apart, as workbuf);
 *                   -> __bench_io_start .. __bench_io_end
 *   BENCH_IO_CONST  constant test data: known inputs, known answers, case
 *                   parameters;
 *                   -> __bench_io_const_start .. __bench_io_const_end
 * A BENCH_IO object must have no initialiser (the section is NOBITS, cleared
 * with .bss).  Host builds of the case files (tests/crypto), which are not
 * linked with ld/common.ld, leave the objects where the compiler puts them. */
#ifdef FW_TARGET_NAME
#define BENCH_IO __attribute__((section(".bss.bench_io")))
#define BENCH_IO_CONST __attribute__((section(".rodata.bench_io")))
#else
#define BENCH_IO
#define BENCH_IO_CONST
#endif

#endif
