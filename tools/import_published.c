/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * import_published.c - turn the plain-text copy of one of ST's "Cryptographic
 * library performance" wiki pages into the published-data JSON described in
 * data/published/README.md (schema_version 1).
 *
 *   import_published PAGE.txt OUT.json        write the JSON ("-" = stdout)
 *   import_published --check PAGE.txt JSON    verify a JSON against the page
 *
 * The page text is what a browser gives when the page is copied as text:
 * headings "2.1.1. Sole buffer mode", tables as one line per row with the
 * cells separated by single spaces, numbers of five digits or more written
 * with a (thin) space every three digits.  Copies usually carry an ordinary
 * space there, so "11 609 120 µs" may be 11609 cycles and 120 µs or 11
 * cycles and 609120 µs.  The importer enumerates every split that follows
 * the page's grouping (groups of three after a first group of one to three
 * digits, five digits at least) and keeps the one whose time or bit rate
 * agrees with cycles / clock; rows that stay ambiguous are an error.
 *
 * Other page formats it reads: parameter cells in another order than the
 * header's columns (each matched against the unread ones; row flagged
 * column_order), a table ended by the "Retrieved from" line or by any line
 * that cannot be a row, a setup without an instruction-cache line (icache
 * null, with a note).  It never skips a number: a line of the performance
 * part that is not read as a row stops the import if it is row-shaped and is
 * kept as a note otherwise (data/published/README.md).
 *
 * Exit status: 0 ok, 1 --check found a difference, 2 usage error, 3 page or
 * JSON unreadable or unparsable, 4 output could not be written.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/backends/json.h"

#define SCHEMA_VERSION 1

enum {
    EXIT_OK = 0,
    EXIT_MISMATCH = 1,
    EXIT_USAGE = 2,
    EXIT_INPUT = 3,
    EXIT_OUTPUT = 4,
};

#define MAX_TOKENS 64
#define MAX_COLS 16
#define MAX_SOLUTIONS 32
#define MAX_DIGITS 15 /* every integer up to 10^15 is exact in a double */

/* Relative tolerance (plus one unit of the published figure) within which a
 * published time or bit rate must agree with cycles / clock. */
#define RATE_TOLERANCE 0.005

static const char *g_prog = "import_published";
static const char *g_page_path = "";

/* ------------------------------------------------------------------------ */
/* Small utilities                                                           */

static void fail_input(int line, const char *fmt, ...)
{
    va_list ap;
    if (line > 0)
        fprintf(stderr, "%s: %s:%d: ", g_prog, g_page_path, line);
    else
        fprintf(stderr, "%s: %s: ", g_prog, g_page_path);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(EXIT_INPUT);
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "%s: out of memory\n", g_prog);
        exit(EXIT_INPUT);
    }
    return p;
}

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p) {
        fprintf(stderr, "%s: out of memory\n", g_prog);
        exit(EXIT_INPUT);
    }
    return p;
}

static char *xstrndup(const char *s, size_t n)
{
    char *d = xmalloc(n + 1);
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

static char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

static char *xprintf(const char *fmt, ...)
{
    va_list ap, aq;
    va_start(ap, fmt);
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = xmalloc((size_t)n + 1);
    vsnprintf(s, (size_t)n + 1, fmt, aq);
    va_end(aq);
    return s;
}

static bool ci_eq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return false;
    return *a == *b;
}

static bool ci_prefix(const char *s, const char *prefix)
{
    for (; *prefix; s++, prefix++)
        if (tolower((unsigned char)*s) != tolower((unsigned char)*prefix))
            return false;
    return true;
}

static bool ci_contains(const char *s, const char *needle)
{
    for (; *s; s++)
        if (ci_prefix(s, needle))
            return true;
    return false;
}

static bool is_blank(const char *s)
{
    for (; *s; s++)
        if (!isspace((unsigned char)*s))
            return false;
    return true;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static bool is_digits(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return false;
    return true;
}

/* "123" or "12.5" */
static bool is_number_tok(const char *s)
{
    const char *p = s;
    while (isdigit((unsigned char)*p))
        p++;
    if (p == s)
        return false;
    if (*p == '.') {
        const char *q = ++p;
        while (isdigit((unsigned char)*p))
            p++;
        if (p == q)
            return false;
    }
    return *p == '\0';
}

static char *lower_dup(const char *s)
{
    char *d = xstrdup(s);
    for (char *p = d; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    return d;
}

/* Growable string. */
typedef struct sbuf {
    char *p;
    size_t len, cap;
} sbuf;

static void sb_putn(sbuf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        b->cap = (b->len + n + 1) * 2;
        b->p = xrealloc(b->p, b->cap);
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static void sb_puts(sbuf *b, const char *s) { sb_putn(b, s, strlen(s)); }

/* ------------------------------------------------------------------------ */
/* Page lines and tokens                                                     */

typedef struct page {
    char *buf;
    char **line; /* line[i] is line i + 1, without its end of line */
    size_t n;
} page;

static bool read_file(const char *path, char **out, size_t *outlen)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    sbuf b = {0};
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        sb_putn(&b, chunk, n);
    bool ok = !ferror(f);
    fclose(f);
    if (!ok) {
        free(b.p);
        return false;
    }
    if (!b.p)
        b.p = xstrdup("");
    *out = b.p;
    *outlen = b.len;
    return true;
}

static void page_load(page *pg, const char *path)
{
    size_t len;
    if (!read_file(path, &pg->buf, &len))
        fail_input(0, "cannot read: %s", strerror(errno));
    if (strlen(pg->buf) != len)
        fail_input(0, "contains a NUL byte: not a page text");
    size_t cap = 256;
    pg->line = xmalloc(cap * sizeof *pg->line);
    pg->n = 0;
    char *p = pg->buf;
    while (*p) {
        char *e = strchr(p, '\n');
        if (pg->n == cap) {
            cap *= 2;
            pg->line = xrealloc(pg->line, cap * sizeof *pg->line);
        }
        pg->line[pg->n++] = p;
        if (!e)
            break;
        *e = '\0';
        if (e > p && e[-1] == '\r')
            e[-1] = '\0';
        p = e + 1;
    }
}

typedef struct token {
    char *s;
    bool glued; /* preceded by a thin or no-break space only: same number */
} token;

typedef struct toks {
    token t[MAX_TOKENS];
    size_t n;
} toks;

/* Length of the separator at p (0 if none); *thin tells a thin/no-break
 * space (U+2009, U+202F, U+00A0) from an ordinary one. */
static size_t sep_len(const char *p, bool *thin)
{
    const unsigned char *u = (const unsigned char *)p;
    if (u[0] == ' ' || u[0] == '\t') {
        *thin = false;
        return 1;
    }
    if (u[0] == 0xC2 && u[1] == 0xA0) {
        *thin = true;
        return 2;
    }
    if (u[0] == 0xE2 && u[1] == 0x80 && (u[2] == 0x89 || u[2] == 0xAF)) {
        *thin = true;
        return 3;
    }
    return 0;
}

static void toks_free(toks *tk)
{
    for (size_t i = 0; i < tk->n; i++)
        free(tk->t[i].s);
    tk->n = 0;
}

static bool tokenize(const char *s, toks *tk)
{
    tk->n = 0;
    const char *p = s;
    for (;;) {
        bool any = false, only_thin = true, thin;
        size_t k;
        while ((k = sep_len(p, &thin)) > 0) {
            any = true;
            if (!thin)
                only_thin = false;
            p += k;
        }
        if (!*p)
            return true;
        const char *start = p;
        while (*p && sep_len(p, &thin) == 0)
            p++;
        if (tk->n == MAX_TOKENS) {
            toks_free(tk);
            return false;
        }
        tk->t[tk->n].s = xstrndup(start, (size_t)(p - start));
        tk->t[tk->n].glued = any && only_thin && tk->n > 0;
        tk->n++;
    }
}

/* ------------------------------------------------------------------------ */
/* Column definitions                                                        */

typedef enum col_class { COL_PARAM, COL_VALUE } col_class;

typedef struct unit_map {
    const char *unit;  /* unit word as written in a cell, case-insensitive */
    const char *field; /* values field it selects */
} unit_map;

typedef struct coldef {
    const char *name; /* header text, matched case-insensitively */
    col_class cls;
    const char *field; /* param field, or value field when no unit is written */
    /* COL_PARAM: accepted cell patterns, space-separated token specs:
     * a literal word, "#" (an integer) or "#Suffix" (an integer glued to a
     * word).  The integer becomes the param value; otherwise the cell text. */
    const char *patterns[8];
    /* COL_VALUE: unit words the cell may carry after its number. */
    unit_map units[4];
} coldef;

static const coldef k_columns[] = {
    {"AES mode", COL_PARAM, "mode", {"AES CBC"}, {{0}}},
    {"Key size", COL_PARAM, "key_bits", {"# bits", "#Bits"}, {{0}}},
    {"Buffer size", COL_PARAM, "buffer_bytes", {"# bytes", "#"}, {{0}}},
    {"Message size", COL_PARAM, "message_bytes", {"# bytes", "#"}, {{0}}},
    {"Chunk size", COL_PARAM, "chunk_bytes", {"# bytes", "#"}, {{0}}},
    {"Cipher operation", COL_PARAM, "operation", {"Encryption", "Decryption"}, {{0}}},
    {"Configuration", COL_PARAM, "configuration", {"Small", "Fast"}, {{0}}},
    {"HASH mode", COL_PARAM, "hash", {"SHA1", "SHA224", "SHA256", "SHA384", "SHA512"}, {{0}}},
    {"Curve", COL_PARAM, "curve", {"SECP256R1", "SECP384R1", "SECP521R1", "Ed25519"}, {{0}}},
    {"Hash method", COL_PARAM, "hash_method", {"SHA-1", "SHA-224", "SHA-256", "SHA-384", "SHA-512"}, {{0}}},
    {"Operation", COL_PARAM, "operation", {"Signature", "Verification"}, {{0}}},
    {"ECC mathematics configuration", COL_PARAM, "math_configuration", {"Small", "Fast", "SuperFast"}, {{0}}},
    {"Curve definition", COL_PARAM, "curve_definition", {"Low", "High", "OptLow", "OptHigh"}, {{0}}},
    {"PKCS#1", COL_PARAM, "pkcs1", {"v1.5", "v2.2"}, {{0}}},
    {"Priv. key mod. exp. method", COL_PARAM, "modexp_method", {"CRT", "No CRT", "n/a"}, {{0}}},
    {"Modulus size", COL_PARAM, "modulus", {"1K", "2K", "3K", "4K"}, {{0}}},
    {"RSA mathematics configuration", COL_PARAM, "math_configuration", {"Small", "Fast"}, {{0}}},
    {"Priv. key mod. exp. implementation", COL_PARAM, "modexp_implementation", {"Low", "Mid", "High", "n/a"}, {{0}}},
    /* the L5 page's spelling */
    {"Priv. key mod. exp.implementation", COL_PARAM, "modexp_implementation", {"Low", "Mid", "High", "n/a"}, {{0}}},
    {"Suite", COL_PARAM, "suite", {"ML-DSA-44", "ML-DSA-65", "ML-DSA-87"}, {{0}}},
    {"Function", COL_PARAM, "function",
     {"keyGen", "Signature", "Signature Low RAM", "Verification", "Verification Low RAM"}, {{0}}},

    {"Cycles", COL_VALUE, "cycles", {0}, {{0}}},
    {"Time", COL_VALUE, NULL, {0}, {{"µs", "time_us"}, {"us", "time_us"}, {"ms", "time_ms"}}},
    {"Time (in us)", COL_VALUE, "time_us", {0}, {{"µs", "time_us"}, {"us", "time_us"}}},
    {"Time (in µs)", COL_VALUE, "time_us", {0}, {{"µs", "time_us"}, {"us", "time_us"}}},
    {"Time (in ms)", COL_VALUE, "time_ms", {0}, {{"ms", "time_ms"}}},
    {"Bit rate", COL_VALUE, "bitrate_kBps", {0}, {{"Kbytes/s", "bitrate_kBps"}}},
    {"Bit Rate (in KBytes per s)", COL_VALUE, "bitrate_kBps", {0}, {{"Kbytes/s", "bitrate_kBps"}}},
    {"Code", COL_VALUE, "code", {0}, {{"bytes", "code"}, {"byte", "code"}}},
    {"Constant data", COL_VALUE, "constant_data", {0}, {{"bytes", "constant_data"}, {"byte", "constant_data"}}},
    {"Global data", COL_VALUE, "global_data", {0}, {{"bytes", "global_data"}, {"byte", "global_data"}}},
    {"Stack usage", COL_VALUE, "stack", {0}, {{"bytes", "stack"}, {"byte", "stack"}}},
    {"Working buffer", COL_VALUE, "working_buffer", {0}, {{"bytes", "working_buffer"}, {"byte", "working_buffer"}}},
};

#define N_COLUMNS (sizeof k_columns / sizeof k_columns[0])

/* Number of words of a column name or pattern. */
static size_t word_count(const char *s)
{
    size_t n = 0;
    bool in = false;
    for (; *s; s++) {
        if (*s == ' ')
            in = false;
        else if (!in) {
            in = true;
            n++;
        }
    }
    return n;
}

/* Word i of s into buf. */
static void word_at(const char *s, size_t i, char *buf, size_t cap)
{
    size_t n = 0;
    for (;;) {
        while (*s == ' ')
            s++;
        const char *e = s;
        while (*e && *e != ' ')
            e++;
        if (n == i) {
            size_t len = (size_t)(e - s);
            if (len >= cap)
                len = cap - 1;
            memcpy(buf, s, len);
            buf[len] = '\0';
            return;
        }
        n++;
        s = e;
    }
}

/* ------------------------------------------------------------------------ */
/* Page model                                                                */

typedef enum table_kind { KIND_CYCLES, KIND_FOOTPRINT, KIND_ABSENT } table_kind;

static const char *kind_name(table_kind k)
{
    return k == KIND_CYCLES ? "cycles" : k == KIND_FOOTPRINT ? "footprint" : "absent";
}

typedef struct col {
    const coldef *def;
    char *name; /* as published */
} col;

typedef struct row {
    int line;
    char *text;
    csim_json *params;
    csim_json *values;
    csim_json *flags;
    char *key;
} row;

typedef struct table {
    char *id, *title;
    table_kind kind;
    char *caption;
    csim_json *notes;
    col cols[MAX_COLS];
    size_t ncols;
    row *rows;
    size_t nrows;
    int header_line;
    const char *section_mode; /* "AES mode" of the section's cycle table, if one */
} table;

typedef struct setup {
    char *mcu, *device_id, *revision_id, *board, *library_version;
    int library_major;
    double clock_hz;
    int flash_latency;
    int voltage_range; /* -1: not given */
    int icache, prefetch; /* -1: not given */
    sbuf cache_text;      /* the setup lines that name a cache, as published */
    char *compiler, *optimization;
    csim_json *notes;
} setup;

typedef struct doc {
    char *title, *url, *source_file;
    long long oldid; /* -1: none */
    setup su;
    table *tables;
    size_t ntables;
} doc;

static void add_note(csim_json *notes, const char *kind, const char *text)
{
    csim_json *n = csim_json_new_object();
    csim_json_add_string(n, "kind", kind);
    csim_json_add_string(n, "note", text);
    csim_json_push(notes, n);
}

static void add_flag(row *r, const char *kind, const char *note)
{
    csim_json *f = csim_json_new_object();
    csim_json_add_string(f, "kind", kind);
    csim_json_add_string(f, "note", note);
    csim_json_push(r->flags, f);
}

static table *new_table(doc *d)
{
    d->tables = xrealloc(d->tables, (d->ntables + 1) * sizeof *d->tables);
    table *t = &d->tables[d->ntables++];
    memset(t, 0, sizeof *t);
    t->notes = csim_json_new_array();
    return t;
}

/* ------------------------------------------------------------------------ */
/* Headings and setup                                                        */

/* "2.1.1. Sole buffer mode" -> id "2.1.1", title "Sole buffer mode". */
static bool parse_heading(const char *s, char **id, const char **title)
{
    const char *p = s;
    if (!isdigit((unsigned char)*p))
        return false;
    for (;;) {
        while (isdigit((unsigned char)*p))
            p++;
        if (*p != '.')
            return false;
        if (isdigit((unsigned char)p[1])) {
            p++;
            continue;
        }
        break;
    }
    if (p[1] != ' ' || p[2] == '\0' || p[2] == ' ')
        return false;
    *id = xstrndup(s, (size_t)(p - s));
    *title = p + 2;
    return true;
}

/* Value of a "Label value" setup line if s starts with label (any case). */
static const char *setup_value(const char *s, const char *label)
{
    size_t n = strlen(label);
    if (!ci_prefix(s, label) || s[n] != ' ')
        return NULL;
    return s + n + 1;
}

static int leading_int(const char *s, int line, const char *what)
{
    if (!isdigit((unsigned char)*s))
        fail_input(line, "%s: expected a number, found \"%s\"", what, s);
    return atoi(s);
}

static bool hex_id(const char *s)
{
    if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || !s[2])
        return false;
    for (s += 2; *s; s++)
        if (!isxdigit((unsigned char)*s))
            return false;
    return true;
}

static void setup_line(doc *d, const char *s, int line)
{
    setup *su = &d->su;
    const char *v;
    if (is_blank(s) || isspace((unsigned char)*s))
        return; /* footnotes ("  1. ↑ This value ...") are indented */
    if (ci_contains(s, "cache")) {
        char *m = xprintf("%sline %d \"%s\"", su->cache_text.p ? "; " : "", line, s);
        sb_puts(&su->cache_text, m);
        free(m);
    }
    if ((v = setup_value(s, "STM32 MCU"))) {
        su->mcu = xstrdup(v);
    } else if ((v = setup_value(s, "Device ID")) || (v = setup_value(s, "Die"))) {
        if (hex_id(v)) {
            su->device_id = xstrdup(v);
        } else {
            char *m = xprintf("line %d \"%s\": the device ID is not a hexadecimal ID "
                              "(an unexpanded wiki template); recorded as null", line, s);
            add_note(su->notes, "placeholder", m);
            free(m);
        }
    } else if ((v = setup_value(s, "Revision ID")) || (v = setup_value(s, "Revision"))) {
        if (hex_id(v)) {
            su->revision_id = xstrdup(v);
        } else {
            char *m = xprintf("line %d \"%s\": the revision ID is not a hexadecimal ID "
                              "(an unexpanded wiki template); recorded as null", line, s);
            add_note(su->notes, "placeholder", m);
            free(m);
        }
    } else if ((v = setup_value(s, "Board"))) {
        su->board = xstrdup(v);
    } else if ((v = setup_value(s, "Cryptographic library version"))) {
        size_t n = strcspn(v, "[ "); /* drop the footnote mark "[ver. 1]" */
        su->library_version = xstrndup(v, n);
        if (n != 8)
            fail_input(line, "library version \"%s\": expected 8 characters such as 040000B1",
                       su->library_version);
        for (size_t i = 0; i < n; i++)
            if (!isxdigit((unsigned char)v[i]))
                fail_input(line, "library version \"%s\": not hexadecimal", su->library_version);
        su->library_major = (v[0] - '0') * 10 + (v[1] - '0');
    } else if ((v = setup_value(s, "System core clock frequency"))) {
        char *end;
        double mhz = strtod(v, &end);
        if (end == v || strcmp(end, " MHz") != 0)
            fail_input(line, "clock frequency \"%s\": expected \"<number> MHz\"", v);
        su->clock_hz = mhz * 1e6;
    } else if ((v = setup_value(s, "Flash latency"))) {
        su->flash_latency = leading_int(v, line, "flash latency");
        if (!ci_contains(v, "wait state"))
            fail_input(line, "flash latency \"%s\": expected \"<n> wait states\"", v);
    } else if ((v = setup_value(s, "Voltage scaling"))) {
        if (!ci_prefix(v, "Range "))
            fail_input(line, "voltage scaling \"%s\": expected \"Range <n>\"", v);
        su->voltage_range = leading_int(v + 6, line, "voltage range");
    } else if ((v = setup_value(s, "ICACHE peripheral")) ||
               (v = setup_value(s, "Instruction cache (ART/ICU)"))) {
        su->icache = leading_int(v, line, "instruction cache");
    } else if ((v = setup_value(s, "Prefetch cache (ART)"))) {
        su->prefetch = leading_int(v, line, "prefetch");
    } else if ((v = setup_value(s, "Dual bank"))) {
        char *m = xprintf("line %d \"%s\": flash bank mode as published", line, s);
        add_note(su->notes, "dual_bank", m);
        free(m);
    } else if (ci_contains(s, "optimization setting")) {
        /* "... built with the High Speed optimization setting enabled." */
        const char *w = strstr(s, " with ");
        const char *e = strstr(s, " optimization setting");
        if (!w || !e || e < w)
            fail_input(line, "cannot find the optimization setting in \"%s\"", s);
        w += 6;
        if (ci_prefix(w, "the "))
            w += 4;
        free(su->optimization);
        su->optimization = xstrndup(w, (size_t)(e - w));
    } else if (ci_contains(s, "Compiler")) {
        su->compiler = xstrdup(s);
    } else if (ci_eq(s, "Information") || ends_with(s, " Information")) {
        /* wiki box title */
    } else {
        char *m = xprintf("line %d: %s", line, s);
        add_note(su->notes, "setup_text", m);
        free(m);
    }
}

/* Flash wait states the reference manuals require (ST HAL/LL
 * *_ll_utils.c tables).  max_mhz[n] is the highest clock for n WS. */
static const struct ws_rule {
    const char *family;
    int range;
    const char *source;
    unsigned max_mhz[8];
} k_ws_rules[] = {
    {"STM32U0", 1, "RM0503 (stm32u0xx_ll_utils.c)", {24, 48, 56}},
    {"STM32U0", 2, "RM0503 (stm32u0xx_ll_utils.c)", {8, 16, 18}},
    {"STM32L5", 0, "RM0438 (stm32l5xx_ll_utils.c)", {20, 40, 60, 80, 100, 110}},
    {"STM32L5", 1, "RM0438 (stm32l5xx_ll_utils.c)", {20, 40, 60, 80}},
    {"STM32L5", 2, "RM0438 (stm32l5xx_ll_utils.c)", {8, 16, 26}},
    {"STM32U3", 1, "RM0487 (stm32u3xx_ll_utils.c)", {32, 64, 96}},
    {"STM32U3", 2, "RM0487 (stm32u3xx_ll_utils.c)", {8, 16}},
};

static void check_flash_latency(setup *su)
{
    if (su->voltage_range < 0)
        return;
    for (size_t i = 0; i < sizeof k_ws_rules / sizeof k_ws_rules[0]; i++) {
        const struct ws_rule *r = &k_ws_rules[i];
        if (!ci_prefix(su->mcu, r->family) || r->range != su->voltage_range)
            continue;
        int need = -1;
        for (int n = 0; n < 8 && r->max_mhz[n]; n++)
            if (su->clock_hz <= r->max_mhz[n] * 1e6) {
                need = n;
                break;
            }
        double mhz = su->clock_hz / 1e6;
        char *m = NULL;
        if (need < 0)
            m = xprintf("Published clock %g MHz is above the %s maximum for voltage range %d.",
                        mhz, r->source, su->voltage_range);
        else if (su->flash_latency < need)
            m = xprintf("Published: %d wait state%s at %g MHz, voltage range %d. %s requires %d "
                        "wait states above %u MHz in this range. Recorded as published: a model "
                        "of this page uses the published %d WS; %d WS is a what-if.",
                        su->flash_latency, su->flash_latency == 1 ? "" : "s", mhz,
                        su->voltage_range, r->source, need, r->max_mhz[need - 1],
                        su->flash_latency, need);
        else if (su->flash_latency > need)
            m = xprintf("Published: %d wait states at %g MHz, voltage range %d; %s requires only "
                        "%d. Recorded as published.",
                        su->flash_latency, mhz, su->voltage_range, r->source, need);
        if (m) {
            add_note(su->notes, need < 0 || su->flash_latency < need ? "flash_latency_below_rm"
                                                                     : "flash_latency_above_rm",
                     m);
            free(m);
        }
        return;
    }
}

/* ------------------------------------------------------------------------ */
/* Tables                                                                    */

/* A header line: known column names, parameters first, then values, with a
 * Cycles or a Code column. */
static bool parse_header(const toks *tk, col *cols, size_t *ncols, int line)
{
    size_t i = 0, n = 0;
    bool has_cycles = false, has_code = false;
    while (i < tk->n) {
        const coldef *best = NULL;
        size_t bestlen = 0;
        for (size_t c = 0; c < N_COLUMNS; c++) {
            size_t m = word_count(k_columns[c].name);
            if (m <= bestlen || i + m > tk->n)
                continue;
            bool ok = true;
            for (size_t w = 0; w < m && ok; w++) {
                char buf[64];
                word_at(k_columns[c].name, w, buf, sizeof buf);
                ok = ci_eq(tk->t[i + w].s, buf);
            }
            if (ok) {
                best = &k_columns[c];
                bestlen = m;
            }
        }
        if (!best || n == MAX_COLS)
            goto no;
        sbuf name = {0};
        for (size_t w = 0; w < bestlen; w++) {
            if (w)
                sb_puts(&name, " ");
            sb_puts(&name, tk->t[i + w].s);
        }
        cols[n].def = best;
        cols[n].name = name.p;
        if (strcmp(best->name, "Cycles") == 0)
            has_cycles = true;
        if (strcmp(best->name, "Code") == 0)
            has_code = true;
        n++;
        i += bestlen;
    }
    if (n < 2 || (!has_cycles && !has_code))
        goto no;
    for (size_t c = 1; c < n; c++)
        if (cols[c].def->cls == COL_PARAM && cols[c - 1].def->cls == COL_VALUE)
            fail_input(line, "table header: parameter column \"%s\" after a value column",
                       cols[c].name);
    *ncols = n;
    return true;
no:
    for (size_t c = 0; c < n; c++)
        free(cols[c].name);
    return false;
}

/* Tokens matched by pattern at tk->t[p] (0: no match). */
static size_t match_pattern(const char *pat, const toks *tk, size_t p, long long *num, bool *has_num)
{
    size_t m = word_count(pat);
    *num = 0;
    *has_num = false;
    if (p + m > tk->n)
        return 0;
    for (size_t w = 0; w < m; w++) {
        char spec[64];
        const char *s = tk->t[p + w].s;
        word_at(pat, w, spec, sizeof spec);
        if (spec[0] == '#') {
            size_t d = 0;
            while (isdigit((unsigned char)s[d]))
                d++;
            if (d == 0 || d > MAX_DIGITS || !ci_eq(s + d, spec + 1))
                return 0;
            *num = strtoll(s, NULL, 10);
            *has_num = true;
        } else if (!ci_eq(s, spec)) {
            return 0;
        }
    }
    return m;
}

typedef struct cell {
    const char *field;
    char digits[32]; /* the number with its group separators removed */
    bool unit;
} cell;

typedef struct solution {
    cell c[MAX_COLS];
} solution;

typedef struct solutions {
    solution s[MAX_SOLUTIONS];
    size_t n, total;
} solutions;

static const char *unit_field(const coldef *d, const char *word)
{
    for (size_t u = 0; u < 4 && d->units[u].unit; u++)
        if (ci_eq(word, d->units[u].unit))
            return d->units[u].field;
    return NULL;
}

/* Every way of reading tokens p.. as the value columns c.. */
static void enum_values(const toks *tk, size_t p, const col *vc, size_t nvc, size_t c,
                        solution *cur, solutions *out)
{
    if (c == nvc) {
        if (p == tk->n) {
            if (out->n < MAX_SOLUTIONS)
                out->s[out->n++] = *cur;
            out->total++;
        }
        return;
    }
    if (p >= tk->n || !is_number_tok(tk->t[p].s))
        return;
    const char *first = tk->t[p].s;
    size_t flen = strlen(first);
    if (first[0] == '0' && flen > 1 && first[1] != '.')
        return; /* "012" is a group, never a number of its own */

    /* candidate numbers: the token alone, or a thousands-grouped run */
    struct {
        size_t end;
        char digits[32];
    } cand[8];
    size_t nc = 0;
    if (p + 1 >= tk->n || !tk->t[p + 1].glued) {
        cand[nc].end = p + 1;
        snprintf(cand[nc].digits, sizeof cand[nc].digits, "%s", first);
        nc++;
    }
    if (is_digits(first) && flen <= 3) {
        char acc[32];
        size_t nd = flen;
        snprintf(acc, sizeof acc, "%s", first);
        for (size_t q = p + 1; q < tk->n && is_digits(tk->t[q].s) && strlen(tk->t[q].s) == 3 &&
                               nd + 3 <= MAX_DIGITS && nc < 8;
             q++) {
            memcpy(acc + nd, tk->t[q].s, 4);
            nd += 3;
            if (nd >= 5 && (q + 1 >= tk->n || !tk->t[q + 1].glued)) {
                cand[nc].end = q + 1;
                snprintf(cand[nc].digits, sizeof cand[nc].digits, "%s", acc);
                nc++;
            }
        }
    }
    for (size_t i = 0; i < nc; i++) {
        size_t q = cand[i].end;
        cell *cl = &cur->c[c];
        snprintf(cl->digits, sizeof cl->digits, "%s", cand[i].digits);
        if (q < tk->n && !is_number_tok(tk->t[q].s)) {
            const char *f = unit_field(vc[c].def, tk->t[q].s);
            if (!f)
                continue;
            cl->field = f;
            cl->unit = true;
            enum_values(tk, q + 1, vc, nvc, c + 1, cur, out);
        } else {
            if (!vc[c].def->field)
                continue; /* this column needs its unit */
            cl->field = vc[c].def->field;
            cl->unit = false;
            enum_values(tk, q, vc, nvc, c + 1, cur, out);
        }
    }
}

static const cell *sol_cell(const solution *s, size_t n, const char *field)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(s->c[i].field, field) == 0)
            return &s->c[i];
    return NULL;
}

/* Does the solution's time or bit rate agree with cycles at clock_hz?
 * -1: nothing to compare; 0: agrees; 1: disagrees.  *what names it. */
static int rate_check(const solution *s, size_t n, const csim_json *params, double clock_hz,
                      const char **what, double *published, double *predicted)
{
    const cell *cy = sol_cell(s, n, "cycles"), *v;
    if (!cy || clock_hz <= 0)
        return -1;
    double cycles = strtod(cy->digits, NULL), pub, pred;
    if (cycles <= 0)
        return 1;
    if ((v = sol_cell(s, n, "time_us"))) {
        pub = strtod(v->digits, NULL);
        pred = cycles / clock_hz * 1e6;
        *what = "time";
    } else if ((v = sol_cell(s, n, "time_ms"))) {
        pub = strtod(v->digits, NULL);
        pred = cycles / clock_hz * 1e3;
        *what = "time";
    } else if ((v = sol_cell(s, n, "bitrate_kBps"))) {
        const csim_json *m = csim_json_get(params, "message_bytes");
        if (!csim_json_is_number(m))
            return -1;
        pub = strtod(v->digits, NULL);
        pred = csim_json_num(m) / (cycles / clock_hz) / 1000.0;
        *what = "bit rate";
    } else {
        return -1;
    }
    *published = pub;
    *predicted = pred;
    return fabs(pub - pred) <= 1.0 + RATE_TOLERANCE * pred ? 0 : 1;
}

static csim_json *number_item(const char *digits)
{
    return csim_json_new_number(strtod(digits, NULL));
}

typedef enum mode_hint { HINT_NONE, HINT_SOLE, HINT_FLOW } mode_hint;

/* Tokens of the longest pattern of parameter column cd matched at tk->t[p]
 * (0: none), with its number if it has one. */
static size_t param_match(const coldef *cd, const toks *tk, size_t p, long long *num, bool *has_num)
{
    size_t best = 0;
    *num = 0;
    *has_num = false;
    for (size_t i = 0; i < 8 && cd->patterns[i]; i++) {
        long long n = 0;
        bool hn = false;
        size_t m = match_pattern(cd->patterns[i], tk, p, &n, &hn);
        if (m > best) {
            best = m;
            *num = n;
            *has_num = hn;
        }
    }
    return best;
}

static char *row_key(const table *t, const row *r, mode_hint hint, char *why, size_t whysz);

static void parse_row(const doc *d, table *t, row *r, const char *s, int line, mode_hint hint)
{
    toks tk;
    if (!tokenize(s, &tk))
        fail_input(line, "table row has more than %d words", MAX_TOKENS);
    r->line = line;
    r->text = xstrdup(s);
    r->params = csim_json_new_object();
    r->values = csim_json_new_object();
    r->flags = csim_json_new_array();

    /* Parameter cells: each is read as the next column of the header if it
     * can be, else as the unread parameter column it matches best (some
     * pages name the columns in another order than the cells come); such a
     * row is flagged. */
    size_t p = 0, c = 0, nparam = 0;
    bool done[MAX_COLS] = {false}, reordered = false;
    sbuf order = {0};
    while (nparam < t->ncols && t->cols[nparam].def->cls == COL_PARAM)
        nparam++;
    for (size_t k = 0; k < nparam; k++) {
        size_t next = 0;
        while (done[next])
            next++;
        long long num = 0;
        bool has_num = false;
        size_t best = param_match(t->cols[next].def, &tk, p, &num, &has_num);
        c = next;
        for (size_t cc = 0; !best && cc < nparam; cc++) {
            long long n;
            bool hn;
            size_t m = done[cc] || cc == next ? 0 : param_match(t->cols[cc].def, &tk, p, &n, &hn);
            if (m > best) {
                best = m;
                c = cc;
                num = n;
                has_num = hn;
            }
        }
        const coldef *cd = t->cols[c].def;
        if (!best) {
            sbuf acc = {0};
            for (size_t i = 0; i < 8 && cd->patterns[i]; i++) {
                sb_puts(&acc, i ? ", \"" : "\"");
                sb_puts(&acc, cd->patterns[i]);
                sb_puts(&acc, "\"");
            }
            fail_input(line, "column \"%s\": cannot read \"%s\" (expected one of %s; \"#\" is a number)",
                       t->cols[c].name, p < tk.n ? tk.t[p].s : "", acc.p);
        }
        if (csim_json_get(r->params, cd->field))
            fail_input(line, "two columns give parameter \"%s\"", cd->field);
        if (has_num) {
            csim_json_add_number(r->params, cd->field, (double)num);
        } else {
            sbuf v = {0};
            for (size_t w = 0; w < best; w++) {
                if (w)
                    sb_puts(&v, " ");
                sb_puts(&v, tk.t[p + w].s);
            }
            csim_json_add_string(r->params, cd->field, v.p);
            free(v.p);
        }
        p += best;
        done[c] = true;
        reordered |= c != next;
        sb_puts(&order, k ? ", " : "");
        sb_puts(&order, t->cols[c].name);
    }
    if (reordered) {
        char *m = xprintf("cells in another order than the header's columns: read as %s", order.p);
        add_flag(r, "column_order", m);
        free(m);
    }
    free(order.p);
    c = nparam;

    const col *vc = &t->cols[c];
    size_t nvc = t->ncols - c;
    solutions *sols = xmalloc(sizeof *sols);
    sols->n = sols->total = 0;
    solution cur;
    memset(&cur, 0, sizeof cur);
    enum_values(&tk, p, vc, nvc, 0, &cur, sols);

    sbuf vtext = {0}, cnames = {0};
    for (size_t i = p; i < tk.n; i++) {
        if (i > p)
            sb_puts(&vtext, " ");
        sb_puts(&vtext, tk.t[i].s);
    }
    for (size_t i = 0; i < nvc; i++) {
        sb_puts(&cnames, i ? ", " : "");
        sb_puts(&cnames, vc[i].name);
    }
    if (sols->total == 0)
        fail_input(line, "cannot read \"%s\" as the value columns %s (a number each, "
                         "optionally followed by its unit)",
                   vtext.p ? vtext.p : "", cnames.p);
    if (sols->total > MAX_SOLUTIONS)
        fail_input(line, "\"%s\": too many ways to split it into %s", vtext.p, cnames.p);

    /* pick the split whose time/bit rate matches cycles and clock */
    size_t pick = 0, nok = 0;
    const char *what = NULL;
    double pub = 0, pred = 0;
    int status = -1;
    if (sols->n > 1) {
        for (size_t i = 0; i < sols->n; i++) {
            const char *w;
            double a, b;
            int st = rate_check(&sols->s[i], nvc, r->params, d->su.clock_hz, &w, &a, &b);
            if (st == 0) {
                if (nok++ == 0)
                    pick = i;
            }
        }
        if (nok != 1) {
            sbuf alt = {0};
            for (size_t i = 0; i < sols->n; i++) {
                sb_puts(&alt, i ? "; " : "");
                for (size_t k = 0; k < nvc; k++) {
                    sb_puts(&alt, k ? " | " : "");
                    sb_puts(&alt, sols->s[i].c[k].digits);
                }
            }
            fail_input(line, "\"%s\" can be split into %s in %zu ways (%s) and %zu agree with "
                             "cycles at %g MHz",
                       vtext.p, cnames.p, sols->n, alt.p, nok, d->su.clock_hz / 1e6);
        }
    }
    const solution *sol = &sols->s[pick];
    status = rate_check(sol, nvc, r->params, d->su.clock_hz, &what, &pub, &pred);
    if (status == 1) {
        char *m = xprintf("published %s %g disagrees with cycles / %g MHz = %.4g by more than "
                          "%g %% + 1; kept as published",
                          what, pub, d->su.clock_hz / 1e6, pred, RATE_TOLERANCE * 100);
        add_flag(r, what[0] == 't' ? "inconsistent_time" : "inconsistent_bitrate", m);
        free(m);
    }

    size_t with_unit = 0;
    for (size_t k = 0; k < nvc; k++) {
        const cell *cl = &sol->c[k];
        if (csim_json_get(r->values, cl->field))
            fail_input(line, "two columns give value \"%s\"", cl->field);
        csim_json_add(r->values, cl->field, number_item(cl->digits));
        with_unit += cl->unit;
    }
    if (with_unit > 0 && with_unit < nvc) {
        for (size_t k = 0; k < nvc; k++)
            if (!sol->c[k].unit && vc[k].def->units[0].unit && vc[k].def->field) {
                char *m = xprintf("\"%s\" value %s is published without its unit while other "
                                  "cells of the row carry one",
                                  vc[k].name, sol->c[k].digits);
                add_flag(r, "format", m);
                free(m);
            }
    }
    free(sols);
    free(vtext.p);
    free(cnames.p);
    toks_free(&tk);

    char why[256];
    r->key = row_key(t, r, hint, why, sizeof why);
    if (!r->key)
        fail_input(line, "no row key for this row: %s (see docs/row-keys.md)", why);
}

/* ------------------------------------------------------------------------ */
/* Row keys (docs/row-keys.md)                                               */

static const char *pstr(const row *r, const char *field)
{
    const csim_json *v = csim_json_get(r->params, field);
    return csim_json_is_string(v) ? csim_json_str_of(v) : NULL;
}

static bool pnum(const row *r, const char *field, long long *out)
{
    const csim_json *v = csim_json_get(r->params, field);
    if (!csim_json_is_number(v))
        return false;
    *out = (long long)csim_json_num(v);
    return true;
}

static const char *op_word(const char *op)
{
    if (!op)
        return NULL;
    if (ci_eq(op, "Encryption"))
        return "enc";
    if (ci_eq(op, "Decryption"))
        return "dec";
    if (ci_eq(op, "Signature"))
        return "sign";
    if (ci_eq(op, "Verification"))
        return "verify";
    return NULL;
}

#define WHY(...) (snprintf(why, whysz, __VA_ARGS__), (char *)NULL)

/* sole buffer / data flow part of an AES or hash key. */
static char *size_part(const table *t, const row *r, mode_hint hint, char *why, size_t whysz)
{
    long long b, m, c;
    bool has_b = pnum(r, "buffer_bytes", &b);
    bool has_m = pnum(r, "message_bytes", &m), has_c = pnum(r, "chunk_bytes", &c);
    if (has_b) {
        if (hint == HINT_FLOW)
            return WHY("a buffer size in a data-flow section");
        return xprintf("sole/%lld", b);
    }
    if (has_m && has_c) {
        if (hint == HINT_SOLE)
            return WHY("message and chunk sizes in a sole-buffer section");
        return xprintf("flow/%lld/%lld", m, c);
    }
    if (has_m || has_c)
        return WHY("a message size needs a chunk size");
    if (t->kind == KIND_FOOTPRINT) {
        if (hint == HINT_SOLE)
            return xstrdup("sole/*");
        if (hint == HINT_FLOW)
            return xstrdup("flow/*/*");
        return WHY("footprint table outside a \"Sole buffer\" or \"Data flow\" section");
    }
    return WHY("no buffer or message size");
}

static char *row_key(const table *t, const row *r, mode_hint hint, char *why, size_t whysz)
{
    const char *s;
    long long n;
    const char *op_name = pstr(r, "operation");
    s = pstr(r, "mode");
    if (!s && op_name && (ci_eq(op_name, "Encryption") || ci_eq(op_name, "Decryption"))) {
        /* footprint tables leave the mode to the section's cycle table */
        s = t->section_mode;
        if (!s)
            return WHY("cipher row without an AES mode in this section");
    }
    if (s) {
        if (!ci_eq(s, "AES CBC"))
            return WHY("AES mode \"%s\"", s);
        const char *op = op_word(pstr(r, "operation"));
        const char *cfg = pstr(r, "configuration");
        if (!op || !cfg)
            return WHY("AES row without operation or configuration");
        char *bits = pnum(r, "key_bits", &n) ? xprintf("%lld", n)
                                             : (t->kind == KIND_FOOTPRINT ? xstrdup("*") : NULL);
        if (!bits)
            return WHY("AES row without key size");
        char *size = size_part(t, r, hint, why, whysz);
        char *lc = lower_dup(cfg), *k = NULL;
        if (size)
            k = xprintf("aes-cbc/%s/%s/%s/%s", op, bits, lc, size);
        free(bits);
        free(size);
        free(lc);
        return k;
    }
    if ((s = pstr(r, "hash"))) {
        char *h = lower_dup(s), *k = NULL;
        if (t->kind == KIND_CYCLES && hint == HINT_FLOW && !pnum(r, "message_bytes", &n) &&
            !pnum(r, "chunk_bytes", &n)) {
            k = xprintf("%s/final", h); /* cmox_hash_generateTag alone */
        } else {
            char *size = size_part(t, r, hint, why, whysz);
            if (size)
                k = xprintf("%s/%s", h, size);
            free(size);
        }
        free(h);
        return k;
    }
    if ((s = pstr(r, "curve"))) {
        const char *op = op_word(pstr(r, "operation"));
        const char *cfg = pstr(r, "math_configuration"), *def = pstr(r, "curve_definition");
        if (!op || !cfg || !def)
            return WHY("curve row without operation, configuration or curve definition");
        char *lc = lower_dup(cfg), *ld = lower_dup(def), *k = NULL;
        int bits;
        if (sscanf(s, "SECP%dR1", &bits) == 1)
            k = xprintf("ecdsa/p%d/%s/%s/%s", bits, op, lc, ld);
        else if (ci_eq(s, "Ed25519"))
            k = xprintf("eddsa/ed25519/%s/%s/%s", op, lc, ld);
        else
            k = WHY("curve \"%s\"", s);
        free(lc);
        free(ld);
        return k;
    }
    if ((s = pstr(r, "pkcs1"))) {
        const char *hm = pstr(r, "hash_method"), *mod = pstr(r, "modulus");
        const char *op = op_word(pstr(r, "operation"));
        const char *cfg = pstr(r, "math_configuration");
        const char *meth = pstr(r, "modexp_method"), *impl = pstr(r, "modexp_implementation");
        if (!hm || !mod || !op || !cfg)
            return WHY("RSA row without hash, modulus, operation or configuration");
        const char *scheme = ci_eq(s, "v2.2") ? "pss" : "pkcs1v15";
        int kbits = atoi(mod) * 1024;
        char hash[16];
        size_t j = 0;
        for (const char *q = hm; *q && j + 1 < sizeof hash; q++)
            if (*q != '-')
                hash[j++] = (char)tolower((unsigned char)*q);
        hash[j] = '\0';
        char *lc = lower_dup(cfg), *k = NULL;
        if (strcmp(op, "verify") == 0) {
            k = xprintf("rsa%d/%s-%s/verify/%s", kbits, scheme, hash, lc);
        } else if (meth && impl && !ci_eq(meth, "n/a") && !ci_eq(impl, "n/a")) {
            char *li = lower_dup(impl);
            k = xprintf("rsa%d/%s-%s/sign/%s/%s/%s", kbits, scheme, hash,
                        ci_eq(meth, "CRT") ? "crt" : "nocrt", lc, li);
            free(li);
        } else {
            k = WHY("RSA signature row without exponentiation method or implementation");
        }
        free(lc);
        return k;
    }
    if ((s = pstr(r, "suite"))) {
        const char *fn = pstr(r, "function");
        int level;
        if (!fn || sscanf(s, "ML-DSA-%d", &level) != 1)
            return WHY("ML-DSA row without function");
        const char *f = ci_prefix(fn, "keyGen") ? "keygen"
                        : ci_prefix(fn, "Signature") ? "sign"
                        : ci_prefix(fn, "Verification") ? "verify" : NULL;
        if (!f)
            return WHY("ML-DSA function \"%s\"", fn);
        return xprintf("mldsa%d/%s%s", level, f, ci_contains(fn, "Low RAM") ? "/lowram" : "");
    }
    return WHY("parameters match no key pattern");
}

/* ------------------------------------------------------------------------ */
/* Cross-row checks                                                          */

static const char *param_text(const csim_json *v, char *buf, size_t cap)
{
    if (csim_json_is_string(v))
        return csim_json_str_of(v);
    snprintf(buf, cap, "%.0f", csim_json_is_number(v) ? csim_json_num(v) : 0.0);
    return buf;
}

/* A footprint table whose rows collide on one key: accept it only if the
 * columns that differ from the section's cycle table (same number of rows)
 * are stuck at one value over the whole table, i.e. a copy-paste slip.  Each
 * row then takes the key of the cycle row at the same position and is
 * flagged, the published text kept. */
static void resolve_slip(doc *d, table *t, size_t dup_a, size_t dup_b)
{
    const table *cy = NULL;
    for (size_t i = 0; i < d->ntables; i++)
        if (&d->tables[i] != t && d->tables[i].kind == KIND_CYCLES &&
            strcmp(d->tables[i].id, t->id) == 0 && d->tables[i].nrows == t->nrows)
            cy = &d->tables[i];
    if (!cy)
        fail_input(t->rows[dup_b].line, "row key \"%s\" repeats line %d, and no cycle table of "
                                        "section %s lines up with this table",
                   t->rows[dup_b].key, t->rows[dup_a].line, t->id);

    /* the columns that differ from the cycle rows must be constant here */
    csim_json *stuck = csim_json_new_object();
    for (size_t i = 0; i < t->nrows; i++) {
        const csim_json *fp;
        csim_json_each(fp, t->rows[i].params)
        {
            const csim_json *cp = csim_json_get(cy->rows[i].params, csim_json_name(fp));
            if (!cp)
                continue;
            if (csim_json_equal(fp, cp))
                continue;
            for (size_t j = 0; j < t->nrows; j++) {
                const csim_json *o = csim_json_get(t->rows[j].params, csim_json_name(fp));
                if (!csim_json_equal(fp, o))
                    fail_input(t->rows[i].line,
                               "row key \"%s\" repeats another row of this table, and column "
                               "\"%s\" differs from the cycle table at line %d without being "
                               "constant over this table: not a recognisable slip",
                               t->rows[i].key, csim_json_name(fp), cy->rows[i].line);
            }
            if (!csim_json_get(stuck, csim_json_name(fp)))
                csim_json_add(stuck, csim_json_name(fp), csim_json_copy(fp));
        }
    }

    /* the stuck text and the likely reading, in column order */
    sbuf stuck_txt = {0};
    char nb[32];
    const csim_json *fp;
    csim_json_each(fp, t->rows[0].params)
    {
        const csim_json *sv = csim_json_get(stuck, csim_json_name(fp));
        if (!sv)
            continue;
        sb_puts(&stuck_txt, stuck_txt.len ? " " : "");
        sb_puts(&stuck_txt, param_text(sv, nb, sizeof nb));
    }
    for (size_t i = 0; i < t->nrows; i++) {
        row *r = &t->rows[i];
        const row *c = &cy->rows[i];
        csim_json *likely = csim_json_new_object();
        sbuf lt = {0};
        csim_json_each(fp, r->params)
        {
            if (!csim_json_get(stuck, csim_json_name(fp)))
                continue;
            const csim_json *use = csim_json_get(c->params, csim_json_name(fp));
            csim_json_add(likely, csim_json_name(fp), csim_json_copy(use));
            sb_puts(&lt, lt.len ? " " : "");
            sb_puts(&lt, param_text(use, nb, sizeof nb));
        }
        bool same = csim_json_equal(likely, stuck);
        char *note = xprintf("The table reads \"%s\" on all %zu rows (kept as published). Its "
                             "rows follow the order of the cycle table above (lines %d-%d), so "
                             "this row most likely means \"%s\"%s; key taken from line %d.",
                             stuck_txt.p, t->nrows, cy->rows[0].line,
                             cy->rows[cy->nrows - 1].line, lt.p,
                             same ? " (what it reads)" : "", c->line);
        csim_json *f = csim_json_new_object();
        csim_json_add_string(f, "kind", "published_slip");
        csim_json_add_string(f, "note", note);
        csim_json_add(f, "likely", likely);
        csim_json_push(r->flags, f);
        free(note);
        free(lt.p);
        free(r->key);
        r->key = xstrdup(c->key);
    }
    free(stuck_txt.p);
    csim_json_free(stuck);
}

static void check_table_keys(doc *d, table *t)
{
    for (size_t i = 0; i < t->nrows; i++)
        for (size_t j = i + 1; j < t->nrows; j++)
            if (strcmp(t->rows[i].key, t->rows[j].key) == 0) {
                if (t->kind != KIND_FOOTPRINT)
                    fail_input(t->rows[j].line, "row key \"%s\" repeats line %d",
                               t->rows[j].key, t->rows[i].line);
                resolve_slip(d, t, i, j);
                return;
            }
}

/* Sole-buffer cycles that fall as the buffer grows. */
static void flag_non_monotonic(table *t)
{
    if (t->kind != KIND_CYCLES)
        return;
    for (size_t i = 0; i < t->nrows; i++) {
        row *a = &t->rows[i];
        long long ba, ca, bb, cb;
        const csim_json *cya = csim_json_get(a->values, "cycles");
        if (!pnum(a, "buffer_bytes", &ba) || !csim_json_is_number(cya))
            continue;
        ca = (long long)csim_json_num(cya);
        size_t pre = (size_t)(strrchr(a->key, '/') - a->key);
        /* the next larger buffer of the same configuration */
        row *next = NULL;
        long long bnext = 0;
        for (size_t j = 0; j < t->nrows; j++) {
            row *b = &t->rows[j];
            if (b == a || strncmp(a->key, b->key, pre + 1) != 0 || strchr(b->key + pre + 1, '/') ||
                !pnum(b, "buffer_bytes", &bb) || bb <= ba)
                continue;
            if (!next || bb < bnext) {
                next = b;
                bnext = bb;
            }
        }
        const csim_json *cyb = next ? csim_json_get(next->values, "cycles") : NULL;
        if (!csim_json_is_number(cyb))
            continue;
        cb = (long long)csim_json_num(cyb);
        if (ca > cb) {
            char *m = xprintf("%lld cycles for %lld bytes exceed the %lld cycles for %lld bytes "
                              "(line %d); as published",
                              ca, ba, cb, bnext, next->line);
            add_flag(a, "non_monotonic", m);
            free(m);
        }
    }
}

static void check_page_keys(const doc *d)
{
    for (size_t a = 0; a < d->ntables; a++)
        for (size_t i = 0; i < d->tables[a].nrows; i++)
            for (size_t b = a; b < d->ntables; b++) {
                if (d->tables[a].kind != d->tables[b].kind)
                    continue;
                for (size_t j = (a == b ? i + 1 : 0); j < d->tables[b].nrows; j++)
                    if (strcmp(d->tables[a].rows[i].key, d->tables[b].rows[j].key) == 0)
                        fail_input(d->tables[b].rows[j].line, "%s row key \"%s\" repeats line %d",
                                   kind_name(d->tables[b].kind), d->tables[b].rows[j].key,
                                   d->tables[a].rows[i].line);
            }
}

/* ------------------------------------------------------------------------ */
/* Page walk                                                                 */

/* A line that always ends a table: blank, a figure, a heading, or the
 * page's "Retrieved from" line (some copies have no blank line before it). */
static bool table_end(const char *s)
{
    char *id;
    const char *title;
    if (is_blank(s) || ends_with(s, ".svg") || ci_prefix(s, "Retrieved from \""))
        return true;
    if (parse_heading(s, &id, &title)) {
        free(id);
        return true;
    }
    return false;
}

/* Can line s be a row of table t?  Yes if it starts with a cell of one of
 * t's parameter columns, or if it has at least as many numbers as t has
 * value columns (a row whose first cell is misread must stop the import at
 * its line, never end the table and be skipped).  A line that cannot be a
 * row ends the table; the page walk then reads it as text. */
static bool row_candidate(const table *t, const char *s)
{
    toks tk;
    if (!tokenize(s, &tk))
        return true; /* parse_row says why */
    bool yes = false;
    size_t nvc = 0, numbers = 0;
    for (size_t c = 0; c < t->ncols; c++) {
        long long n;
        bool hn;
        if (t->cols[c].def->cls == COL_VALUE)
            nvc++;
        else if (!yes)
            yes = param_match(t->cols[c].def, &tk, 0, &n, &hn) > 0;
    }
    for (size_t i = 0; i < tk.n; i++)
        numbers += is_number_tok(tk.t[i].s);
    toks_free(&tk);
    return yes || numbers >= nvc;
}

static void parse_page(doc *d, const page *pg)
{
    char *sec_id = NULL, *sec_title = NULL;
    bool sec_has_table = false, in_note = false;
    int pending_line = 0; /* first line of a number-bearing text in pending_notes */
    const char *under_construction = NULL;
    char *caption = NULL;
    csim_json *pending_notes = csim_json_new_array();

    d->oldid = -1;
    d->su.voltage_range = d->su.icache = d->su.prefetch = -1;
    d->su.flash_latency = -1;
    d->su.library_major = -1;
    d->su.notes = csim_json_new_array();

    for (size_t i = 0; i <= pg->n; i++) {
        const char *s = i < pg->n ? pg->line[i] : NULL;
        int line = (int)i + 1;
        char *id = NULL;
        const char *title = NULL;
        bool heading = s && parse_heading(s, &id, &title);

        if (!s || heading) {
            /* close the current section */
            if (pending_line)
                fail_input(pending_line, "text with a number in a section without a table to "
                                         "keep it with");
            if (sec_id && !sec_has_table && under_construction) {
                table *t = new_table(d);
                t->id = xstrdup(sec_id);
                t->title = xstrdup(sec_title);
                t->kind = KIND_ABSENT;
                t->header_line = 0;
                csim_json_push(t->notes, csim_json_new_string(under_construction));
            }
            free(sec_id);
            free(sec_title);
            sec_id = id;
            sec_title = heading ? xstrdup(title) : NULL;
            sec_has_table = in_note = false;
            under_construction = NULL;
            free(caption);
            caption = NULL;
            csim_json_free(pending_notes);
            pending_notes = csim_json_new_array();
            continue;
        }

        if (!d->title && !is_blank(s))
            d->title = xstrdup(s);
        if (ci_prefix(s, "Retrieved from \"")) {
            const char *u = s + 16, *e = strchr(u, '"');
            if (!e)
                fail_input(line, "unterminated address in \"Retrieved from\" line");
            d->url = xstrndup(u, (size_t)(e - u));
            const char *o = strstr(d->url, "oldid=");
            if (o && isdigit((unsigned char)o[6]))
                d->oldid = strtoll(o + 6, NULL, 10);
            continue;
        }
        if (!sec_id) {
            if (ci_prefix(s, "Revision as of ")) {
                const char *by = strstr(s, " by ");
                char *r = by ? xstrndup(s, (size_t)(by - s)) : xstrdup(s);
                char *m = xprintf("line %d: the page text is an old revision (\"%s\"), not the "
                                  "latest one", line, r);
                add_note(d->su.notes, "page_revision", m);
                free(r);
                free(m);
            }
            continue;
        }
        if (sec_id[0] == '1' && (sec_id[1] == '\0' || sec_id[1] == '.')) {
            setup_line(d, s, line);
            continue;
        }

        toks tk;
        col cols[MAX_COLS];
        size_t ncols = 0; /* set by parse_header when it returns true */
        if (!tokenize(s, &tk))
            tk.n = 0;
        bool header = tk.n && parse_header(&tk, cols, &ncols, line);
        toks_free(&tk);
        if (header) {
            table *t = new_table(d);
            t->id = xstrdup(sec_id);
            t->title = xstrdup(sec_title);
            t->header_line = line;
            t->ncols = ncols;
            memcpy(t->cols, cols, ncols * sizeof cols[0]);
            bool has_cycles = false;
            for (size_t c = 0; c < ncols; c++)
                has_cycles |= strcmp(cols[c].def->name, "Cycles") == 0;
            t->kind = has_cycles ? KIND_CYCLES : KIND_FOOTPRINT;
            for (size_t k = 0; k + 1 < d->ntables; k++) {
                const table *o = &d->tables[k];
                if (o->kind != KIND_CYCLES || strcmp(o->id, t->id) != 0)
                    continue;
                const char *m = pstr(&o->rows[0], "mode");
                for (size_t q = 1; m && q < o->nrows; q++) {
                    const char *mq = pstr(&o->rows[q], "mode");
                    if (!mq || strcmp(mq, m) != 0)
                        m = NULL;
                }
                t->section_mode = m;
            }
            t->caption = caption;
            caption = NULL;
            csim_json_free(t->notes);
            t->notes = pending_notes;
            pending_notes = csim_json_new_array();
            pending_line = 0;
            in_note = false;
            mode_hint hint = ci_contains(sec_title, "Sole buffer") ? HINT_SOLE
                             : ci_contains(sec_title, "Data flow") ? HINT_FLOW : HINT_NONE;
            size_t j = i + 1, cap = 0;
            for (; j < pg->n && !table_end(pg->line[j]) &&
                   (t->nrows == 0 || row_candidate(t, pg->line[j]));
                 j++) {
                if (t->nrows == cap) {
                    cap = cap ? cap * 2 : 16;
                    t->rows = xrealloc(t->rows, cap * sizeof *t->rows);
                }
                row *r = &t->rows[t->nrows++];
                memset(r, 0, sizeof *r);
                parse_row(d, t, r, pg->line[j], (int)j + 1, hint);
            }
            if (t->nrows == 0)
                fail_input(line, "table header without rows");
            check_table_keys(d, t);
            flag_non_monotonic(t);
            sec_has_table = true;
            i = j - 1;
            continue;
        }

        if (ci_prefix(s, "The table below") || ci_prefix(s, "Table below") ||
            ci_prefix(s, "Tables below")) {
            free(caption);
            caption = xstrdup(s);
        } else if (strcmp(s, "Note") == 0) {
            in_note = true;
        } else if (in_note) {
            if (is_blank(s))
                in_note = false;
            else
                csim_json_push(pending_notes, csim_json_new_string(s));
        } else if (ci_contains(s, "under construction")) {
            under_construction = s;
        } else if (!ends_with(s, ".svg")) {
            /* Other text.  Its numbers are never dropped: a line with two or
             * more is row-shaped (a table whose header is not recognised, or
             * a row cut from its table) and stops the import; a line with a
             * digit is kept as a note of the section's table. */
            toks tk;
            size_t numbers = 0;
            if (!tokenize(s, &tk))
                fail_input(line, "text line has more than %d words", MAX_TOKENS);
            for (size_t k = 0; k < tk.n; k++)
                numbers += is_number_tok(tk.t[k].s);
            toks_free(&tk);
            if (numbers >= 2)
                fail_input(line, "numbers outside any table (a table whose header is not "
                                 "recognised?): \"%s\"", s);
            if (strpbrk(s, "0123456789")) {
                if (sec_has_table) {
                    csim_json_push(d->tables[d->ntables - 1].notes, csim_json_new_string(s));
                } else {
                    csim_json_push(pending_notes, csim_json_new_string(s));
                    if (!pending_line)
                        pending_line = line;
                }
            }
        }
    }
    csim_json_free(pending_notes);
    free(caption);

    setup *su = &d->su;
    if (!su->mcu)
        fail_input(0, "setup: no \"STM32 MCU\" line in section 1");
    if (!su->board)
        fail_input(0, "setup: no \"Board\" line in section 1");
    if (!su->library_version)
        fail_input(0, "setup: no \"Cryptographic library version\" line in section 1");
    if (su->clock_hz <= 0)
        fail_input(0, "setup: no \"System core clock frequency\" line in section 1");
    if (su->flash_latency < 0)
        fail_input(0, "setup: no \"Flash latency\" line in section 1");
    if (su->icache < 0) {
        /* a part without an instruction cache (or a page that does not say) */
        char *m = xprintf("the setup has no instruction-cache line: icache recorded as null; its "
                          "cache lines: %s", su->cache_text.p ? su->cache_text.p : "none");
        add_note(su->notes, "no_icache_line", m);
        free(m);
    }
    free(su->cache_text.p);
    su->cache_text.p = NULL;
    if (!su->compiler)
        fail_input(0, "setup: no compiler line in section 1");
    if (!su->optimization)
        fail_input(0, "setup: no optimization setting in section 1");
    if (!d->url)
        add_note(su->notes, "provenance", "the page text has no \"Retrieved from\" line: no "
                                          "address or revision id");
    if (d->ntables == 0)
        fail_input(0, "no performance table found");
    check_flash_latency(su);
    check_page_keys(d);
}

/* ------------------------------------------------------------------------ */
/* JSON                                                                      */

static csim_json *str_or_null(const char *s)
{
    return s ? csim_json_new_string(s) : csim_json_new_null();
}

static csim_json *build_json(doc *d)
{
    csim_json *root = csim_json_new_object();
    csim_json_add_number(root, "schema_version", SCHEMA_VERSION);

    csim_json *pg = csim_json_add_object(root, "page");
    csim_json_add(pg, "title", str_or_null(d->title));
    csim_json_add(pg, "url", str_or_null(d->url));
    csim_json_add(pg, "oldid",
                          d->oldid >= 0 ? csim_json_new_number((double)d->oldid) : csim_json_new_null());
    csim_json_add_string(pg, "source_file", d->source_file);

    setup *su = &d->su;
    csim_json *s = csim_json_add_object(root, "setup");
    csim_json_add_string(s, "mcu", su->mcu);
    csim_json_add(s, "device_id", str_or_null(su->device_id));
    csim_json_add(s, "revision_id", str_or_null(su->revision_id));
    csim_json_add_string(s, "board", su->board);
    csim_json_add_string(s, "library_version", su->library_version);
    csim_json_add_number(s, "library_major", su->library_major);
    csim_json_add_number(s, "clock_hz", su->clock_hz);
    csim_json_add_number(s, "flash_latency", su->flash_latency);
    if (su->voltage_range >= 0)
        csim_json_add_number(s, "voltage_range", su->voltage_range);
    if (su->icache >= 0)
        csim_json_add_bool(s, "icache", su->icache != 0);
    else
        csim_json_add_null(s, "icache");
    if (su->prefetch >= 0)
        csim_json_add_bool(s, "prefetch", su->prefetch != 0);
    csim_json_add_string(s, "compiler", su->compiler);
    csim_json_add_string(s, "optimization", su->optimization);
    csim_json_add(s, "notes", su->notes);
    su->notes = NULL;

    csim_json *secs = csim_json_add_array(root, "sections");
    for (size_t i = 0; i < d->ntables; i++) {
        table *t = &d->tables[i];
        csim_json *o = csim_json_new_object();
        csim_json_add_string(o, "id", t->id);
        csim_json_add_string(o, "title", t->title);
        csim_json_add_string(o, "kind", kind_name(t->kind));
        csim_json_add(o, "caption", str_or_null(t->caption));
        csim_json_add(o, "notes", t->notes);
        t->notes = NULL;
        csim_json *cols = csim_json_add_array(o, "columns");
        for (size_t c = 0; c < t->ncols; c++)
            csim_json_push(cols, csim_json_new_string(t->cols[c].name));
        csim_json *rows = csim_json_add_array(o, "rows");
        for (size_t r = 0; r < t->nrows; r++) {
            row *rw = &t->rows[r];
            csim_json *ro = csim_json_new_object();
            csim_json_add_string(ro, "key", rw->key);
            csim_json_add(ro, "params", rw->params);
            csim_json_add(ro, "values", rw->values);
            csim_json_add_string(ro, "text", rw->text);
            csim_json_add(ro, "flags", rw->flags);
            rw->params = rw->values = rw->flags = NULL;
            csim_json_push(rows, ro);
        }
        csim_json_push(secs, o);
    }
    return root;
}

/* Deterministic layout: two-space indentation; below the top level, an
 * object or array whose members are all scalars (or empty) goes on one line. */
static void put_json_string(sbuf *b, const char *s)
{
    csim_json *tmp = csim_json_new_string(s);
    char *p = csim_json_print(tmp, false);
    sb_puts(b, p);
    free(p);
    csim_json_free(tmp);
}

static bool is_flat(const csim_json *it)
{
    const csim_json *c;
    csim_json_each(c, it)
    {
        if ((csim_json_is_object(c) || csim_json_is_array(c)) && csim_json_first(c))
            return false;
    }
    return true;
}

static void write_json(sbuf *b, const csim_json *it, int indent)
{
    bool obj = csim_json_is_object(it);
    if (!obj && !csim_json_is_array(it)) {
        char *p = csim_json_print(it, false);
        sb_puts(b, p);
        free(p);
        return;
    }
    const char *open = obj ? "{" : "[", *close = obj ? "}" : "]";
    if (!csim_json_first(it)) {
        sb_puts(b, open);
        sb_puts(b, close);
        return;
    }
    bool flat = indent > 2 && is_flat(it);
    sb_puts(b, open);
    const csim_json *c;
    bool first = true;
    csim_json_each(c, it)
    {
        if (flat) {
            if (!first)
                sb_puts(b, ", ");
        } else {
            sb_puts(b, first ? "\n" : ",\n");
            for (int k = 0; k < indent + 2; k++)
                sb_puts(b, " ");
        }
        first = false;
        if (obj) {
            put_json_string(b, csim_json_name(c));
            sb_puts(b, ": ");
        }
        write_json(b, c, indent + 2);
    }
    if (!flat) {
        sb_puts(b, "\n");
        for (int k = 0; k < indent; k++)
            sb_puts(b, " ");
    }
    sb_puts(b, close);
}

/* First difference between the JSON made from the page (a) and a file (b). */
static bool json_diff(const csim_json *a, const csim_json *b, sbuf *path, sbuf *msg)
{
    char nb[64];
    if (csim_json_type_of(a) != csim_json_type_of(b)) {
        char *pa = csim_json_print(a, false), *pb = csim_json_print(b, false);
        sb_puts(msg, "page gives ");
        sb_puts(msg, pa);
        sb_puts(msg, ", file has ");
        sb_puts(msg, pb);
        free(pa);
        free(pb);
        return true;
    }
    if (csim_json_is_object(a)) {
        const csim_json *c;
        size_t mark = path->len;
        csim_json_each(c, a)
        {
            const csim_json *o = csim_json_get(b, csim_json_name(c));
            sb_puts(path, ".");
            sb_puts(path, csim_json_name(c));
            if (!o) {
                sb_puts(msg, "missing in the file");
                return true;
            }
            if (json_diff(c, o, path, msg))
                return true;
            path->len = mark;
            path->p[mark] = '\0';
        }
        csim_json_each(c, b)
        {
            if (!csim_json_get(a, csim_json_name(c))) {
                sb_puts(path, ".");
                sb_puts(path, csim_json_name(c));
                sb_puts(msg, "not produced from the page");
                return true;
            }
        }
        return false;
    }
    if (csim_json_is_array(a)) {
        int na = csim_json_count(a), nbb = csim_json_count(b);
        size_t mark = path->len;
        for (int i = 0; i < na && i < nbb; i++) {
            snprintf(nb, sizeof nb, "[%d]", i);
            sb_puts(path, nb);
            if (json_diff(csim_json_at(a, i), csim_json_at(b, i), path, msg))
                return true;
            path->len = mark;
            path->p[mark] = '\0';
        }
        if (na != nbb) {
            snprintf(nb, sizeof nb, "page gives %d elements, file has %d", na, nbb);
            sb_puts(msg, nb);
            return true;
        }
        return false;
    }
    if (!csim_json_equal(a, b)) {
        char *pa = csim_json_print(a, false), *pb = csim_json_print(b, false);
        sb_puts(msg, "page gives ");
        sb_puts(msg, pa);
        sb_puts(msg, ", file has ");
        sb_puts(msg, pb);
        free(pa);
        free(pb);
        return true;
    }
    return false;
}

/* ------------------------------------------------------------------------ */
/* Command line                                                              */

static void usage(FILE *f)
{
    fprintf(f,
            "usage: %s PAGE.txt OUT.json\n"
            "       %s --check PAGE.txt JSON\n"
            "       %s --help\n"
            "\n"
            "Reads the plain-text copy of an ST \"Cryptographic library performance\" page\n"
            "and writes its measurement setup and tables as JSON (schema_version %d,\n"
            "see data/published/README.md).  OUT.json \"-\" writes to standard output.\n"
            "--check rebuilds the JSON from PAGE.txt and reports the first difference\n"
            "from JSON (values compared, layout ignored).\n"
            "\n"
            "Exit status:\n"
            "  0  success (--check: JSON matches the page)\n"
            "  1  --check: JSON differs from the page\n"
            "  2  usage error\n"
            "  3  PAGE.txt or JSON unreadable or unparsable (message gives file:line)\n"
            "  4  OUT.json could not be written\n",
            g_prog, g_prog, g_prog, SCHEMA_VERSION);
}

static const char *base_name(const char *path)
{
    const char *b = path;
    for (const char *p = path; *p; p++)
        if (*p == '/' || *p == '\\')
            b = p + 1;
    return b;
}

/* What build_json did not move into the JSON tree (a leak checker's run
 * of the tool must come out clean). */
static void doc_free(doc *d)
{
    setup *su = &d->su;
    char *strs[] = {d->title, d->url, d->source_file, su->mcu, su->device_id, su->revision_id, su->board,
                    su->library_version, su->compiler, su->optimization};
    for (size_t i = 0; i < sizeof strs / sizeof strs[0]; i++)
        free(strs[i]);
    csim_json_free(su->notes);
    for (size_t i = 0; i < d->ntables; i++) {
        table *t = &d->tables[i];
        free(t->id);
        free(t->title);
        free(t->caption);
        csim_json_free(t->notes);
        for (size_t c = 0; c < t->ncols; c++)
            free(t->cols[c].name);
        for (size_t r = 0; r < t->nrows; r++) {
            free(t->rows[r].text);
            free(t->rows[r].key);
            csim_json_free(t->rows[r].params);
            csim_json_free(t->rows[r].values);
            csim_json_free(t->rows[r].flags);
        }
        free(t->rows);
    }
    free(d->tables);
}

static csim_json *import_page(const char *path)
{
    page pg;
    doc d;
    memset(&d, 0, sizeof d);
    g_page_path = path;
    page_load(&pg, path);
    d.source_file = xstrdup(base_name(path));
    parse_page(&d, &pg);
    csim_json *root = build_json(&d);
    doc_free(&d);
    free(pg.line);
    free(pg.buf);
    return root;
}

int main(int argc, char **argv)
{
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        usage(stdout);
        return EXIT_OK;
    }
    if (argc == 4 && strcmp(argv[1], "--check") == 0) {
        csim_json *want = import_page(argv[2]);
        char *text;
        size_t len;
        g_page_path = argv[3];
        if (!read_file(argv[3], &text, &len))
            fail_input(0, "cannot read: %s", strerror(errno));
        if (strlen(text) != len)
            fail_input(0, "contains a NUL byte: not JSON");
        unsigned line = 0;
        csim_json *have = csim_json_parse_line(text, true, &line);
        if (!have)
            fail_input((int)line, "not valid JSON");
        sbuf path = {0}, msg = {0};
        sb_puts(&path, "$");
        int rc = EXIT_OK;
        if (json_diff(want, have, &path, &msg)) {
            fprintf(stderr, "%s: %s does not match %s at %s: %s\n", g_prog, argv[3], argv[2],
                    path.p, msg.p);
            rc = EXIT_MISMATCH;
        }
        csim_json_free(want);
        csim_json_free(have);
        free(text);
        free(path.p);
        free(msg.p);
        return rc;
    }
    if (argc != 3 || argv[1][0] == '-') {
        usage(stderr);
        return EXIT_USAGE;
    }
    csim_json *root = import_page(argv[1]);
    sbuf out = {0};
    write_json(&out, root, 0);
    sb_puts(&out, "\n");
    csim_json_free(root);
    FILE *f = strcmp(argv[2], "-") == 0 ? stdout : fopen(argv[2], "wb");
    if (!f) {
        fprintf(stderr, "%s: %s: cannot write: %s\n", g_prog, argv[2], strerror(errno));
        free(out.p);
        return EXIT_OUTPUT;
    }
    bool ok = fwrite(out.p, 1, out.len, f) == out.len;
    ok = (f == stdout ? fflush(f) == 0 : fclose(f) == 0) && ok;
    free(out.p);
    if (!ok) {
        fprintf(stderr, "%s: %s: write failed\n", g_prog, argv[2]);
        return EXIT_OUTPUT;
    }
    return EXIT_OK;
}
