/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hostile_cases.c - benchmark cases whose names and rows are what a hostile or
 * careless firmware could hold: CSV separators, a quote, a newline, a
 * spreadsheet formula, terminal escape sequences (CSI, OSC, BEL, a C1 CSI),
 * invalid UTF-8, Markdown's backtick and pipe, a name at the 95-byte bound,
 * and two names that file-name cleaning would make equal.  Built three ways
 * (run_hostile.py): as it is; with -DHOSTILE_DUPLICATE two cases share a
 * name; with -DHOSTILE_TOO_LONG one name is past the bound.  Every case runs
 * the same few cycles.
 */
#include <stdint.h>

#include "bench.h"

static volatile uint32_t sink;

static int no_setup(const bench_case_t *c)
{
    (void)c;
    return 0;
}

static int spin_run(const bench_case_t *c)
{
    uint32_t n = (uint32_t)(uintptr_t)c->arg;
    for (uint32_t i = 0; i < n; i++) {
        sink += i;
    }
    return 0;
}

static int pass_check(const bench_case_t *c)
{
    (void)c;
    return 0;
}

#define HOSTILE(ident, name, row, n) \
    BENCH_CASE(ident, name, row, "n=" #n, no_setup, spin_run, pass_check, (const void *)n)

HOSTILE(h_comma, "comma,case", "comma,row", 4);
HOSTILE(h_quote, "quote\"case", "quote\"row", 5);
HOSTILE(h_newline, "new\nline", "new\r\nrow", 6);
HOSTILE(h_formula, "=cmd|' /C calc'!A0", "+row", 7);
HOSTILE(h_escape, "esc\x1b[31mred\x1b]0;pwned\x07\x1b[2J", "esc\x1b[0m", 8);
HOSTILE(h_c1, "c1\xc2\x9b" "31m", "c1", 9);
HOSTILE(h_utf8, "bad\xff\xfe utf8 \xc3\xa9 \xed\xa0\x80", "bad\xc3", 10);
HOSTILE(h_markdown, "back`tick|pipe", "md|row", 11);
HOSTILE(h_slash, "path/part", "", 12);
HOSTILE(h_underscore, "path_part", "", 13);
/* 95 bytes: the longest name a case may have */
HOSTILE(h_long, "long-name-0123456789012345678901234567890123456789012345678901234567890123456789012345678901234",
        "long", 14);
#ifdef HOSTILE_DUPLICATE
HOSTILE(h_dup_a, "twin", "twin/a", 15);
HOSTILE(h_dup_b, "twin", "twin/b", 16);
#endif
#ifdef HOSTILE_TOO_LONG
/* 96 bytes: one past the bound (the case's strings are 96-byte buffers) */
HOSTILE(h_too_long, "long-name-01234567890123456789012345678901234567890123456789012345678901234567890123456789012345",
        "long", 17);
#endif
