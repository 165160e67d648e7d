/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * check_published.c - tests of data/published/<mcu>.json against the page texts
 * they were imported from.  Written independently of tools/import_published.c
 * (no shared code): it re-reads the page with simpler rules of its own.
 *
 *   check_published roundtrip PAGE.txt JSON
 *       setup figures appear in the page; every table of the page is in the
 *       JSON and every JSON table is in the page, row for row: the row texts
 *       are the page lines after the table's header (verbatim, same count),
 *       every digit of a row line is in the row's params and values in order,
 *       every value appears in its line as a whole number, and each time or
 *       bit rate agrees with cycles / clock (which catches a thousands group
 *       put in the wrong column).
 *   check_published keys JSON
 *       row keys follow docs/row-keys.md, are unique per page and kind
 *       (cycles / footprint), agree with the numeric params, and each
 *       footprint key names or covers (with '*') cycle rows of the page.
 *   check_published accounted PAGE.txt JSON
 *       nothing of the performance part of the page was skipped: every line
 *       from the first "2." heading on that holds a number (a word of digits)
 *       is in the JSON (a row text, a note, a caption) verbatim.  With the
 *       import tool's exit status this is the tolerant-mode rule: every
 *       number is imported, or the tool stopped at its line.
 *   check_published known JSON
 *       the page's flags and setup notes are exactly the known ones: the U0
 *       EdDSA footprint slip on all eight rows, kept as published, keyed and
 *       explained by the cycle row it most likely means; etc.
 *
 * Exit status: 0 pass, 1 fail, 2 usage or unreadable input.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <math.h>
#include <regex.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/backends/json.h"

#define TOLERANCE 0.005 /* plus one unit of the published figure */

static int g_failures;

static void fail(const char *fmt, ...)
{
    va_list ap;
    fputs("FAIL: ", stdout);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fputc('\n', stdout);
    g_failures++;
}

static void die(const char *fmt, ...)
{
    va_list ap;
    fputs("check_published: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(2);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        die("cannot read %s", path);
    size_t cap = 1 << 16, n = 0, k;
    char *b = malloc(cap);
    while (b && (k = fread(b + n, 1, cap - n - 1, f)) > 0) {
        n += k;
        if (n + 1 == cap)
            b = realloc(b, cap *= 2);
    }
    fclose(f);
    if (!b)
        die("out of memory");
    b[n] = '\0';
    return b;
}

static csim_json *load_json(const char *path)
{
    char *t = slurp(path);
    csim_json *j = csim_json_parse(t);
    free(t);
    if (!j)
        die("%s: not valid JSON", path);
    return j;
}

/* Page lines; thin and no-break spaces turned into ordinary ones in a
 * second copy used for number searches. */
typedef struct lines {
    char **l;
    size_t n;
} lines;

static lines load_lines(const char *path)
{
    char *b = slurp(path);
    lines ls = {0};
    size_t cap = 0;
    for (char *p = b; *p;) {
        char *e = strchr(p, '\n');
        if (ls.n == cap)
            ls.l = realloc(ls.l, (cap = cap ? cap * 2 : 512) * sizeof *ls.l);
        ls.l[ls.n++] = p;
        if (!e)
            break;
        *e = '\0';
        if (e > p && e[-1] == '\r')
            e[-1] = '\0';
        p = e + 1;
    }
    return ls;
}

static void free_lines(lines *ls)
{
    if (ls->n)
        free(ls->l[0]); /* the file buffer */
    free(ls->l);
    ls->l = NULL;
    ls->n = 0;
}

static char *normalise_spaces(const char *s)
{
    char *d = malloc(strlen(s) + 1), *o = d;
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        if (p[0] == 0xC2 && p[1] == 0xA0) {
            *o++ = ' ';
            p += 2;
        } else if (p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0x89 || p[2] == 0xAF)) {
            *o++ = ' ';
            p += 3;
        } else {
            *o++ = (char)*p++;
        }
    }
    *o = '\0';
    return d;
}

static bool is_heading(const char *s)
{
    const char *p = s;
    if (!isdigit((unsigned char)*p))
        return false;
    while (isdigit((unsigned char)*p) || (*p == '.' && isdigit((unsigned char)p[1])))
        p++;
    return p[0] == '.' && p[1] == ' ' && p[2] && p[2] != ' ';
}

static bool is_blank(const char *s)
{
    for (; *s; s++)
        if (!isspace((unsigned char)*s))
            return false;
    return true;
}

static bool ends_with(const char *s, const char *x)
{
    size_t n = strlen(s), m = strlen(x);
    return n >= m && strcmp(s + n - m, x) == 0;
}

static bool has_word(const char *s, const char *w)
{
    size_t m = strlen(w);
    for (const char *p = strstr(s, w); p; p = strstr(p + 1, w))
        if ((p == s || p[-1] == ' ') && (p[m] == '\0' || p[m] == ' '))
            return true;
    return false;
}

/* A line that looks like a table header, by a rule of its own. */
static bool looks_like_header(const char *s)
{
    return has_word(s, "Cycles") || strstr(s, "Code Constant data") != NULL;
}

static const char *sget(const csim_json *o, const char *k)
{
    const csim_json *v = csim_json_get(o, k);
    return csim_json_is_string(v) ? csim_json_str_of(v) : NULL;
}

static bool streq(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }

static bool nget(const csim_json *o, const char *k, double *out)
{
    const csim_json *v = csim_json_get(o, k);
    if (!csim_json_is_number(v))
        return false;
    *out = csim_json_num(v);
    return true;
}

static void append_digits(char *dst, size_t cap, const char *src)
{
    size_t n = strlen(dst);
    for (; *src && n + 1 < cap; src++)
        if (isdigit((unsigned char)*src))
            dst[n++] = *src;
    dst[n] = '\0';
}

static void number_text(double v, char *buf, size_t cap)
{
    if (v == floor(v) && fabs(v) < 1e15)
        snprintf(buf, cap, "%.0f", v);
    else
        snprintf(buf, cap, "%.15g", v);
}

/* Is the number v written in s as a whole, plain ("11609") or with a group
 * separator every three digits ("11 609")? */
static bool number_in_line(const char *s, double v)
{
    char plain[64], grouped[96];
    number_text(v, plain, sizeof plain);
    size_t n = strlen(plain), o = 0;
    const char *dot = strchr(plain, '.');
    size_t intlen = dot ? (size_t)(dot - plain) : n;
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && i < intlen && (intlen - i) % 3 == 0 && intlen >= 5)
            grouped[o++] = ' ';
        grouped[o++] = plain[i];
    }
    grouped[o] = '\0';
    const char *forms[2] = {plain, grouped};
    for (int f = 0; f < 2; f++) {
        size_t m = strlen(forms[f]);
        for (const char *p = strstr(s, forms[f]); p; p = strstr(p + 1, forms[f])) {
            bool left = p == s || p[-1] == ' ';
            bool right = p[m] == '\0' || p[m] == ' ';
            if (left && right)
                return true;
        }
    }
    return false;
}

/* ------------------------------------------------------------------------ */

static void check_setup(const lines *ls, const csim_json *doc, const char *page_path)
{
    const csim_json *pg = csim_json_get(doc, "page");
    const csim_json *su = csim_json_get(doc, "setup");
    const csim_json *ver = csim_json_get(doc, "schema_version");
    if (!csim_json_is_number(ver) || csim_json_num(ver) != 1)
        fail("schema_version is not 1");
    if (!pg || !su) {
        fail("no page or setup object");
        return;
    }
    const char *base = strrchr(page_path, '/') ? strrchr(page_path, '/') + 1 : page_path;
    const char *sf = sget(pg, "source_file");
    if (!sf || strcmp(sf, base) != 0)
        fail("page.source_file is \"%s\", the page file is \"%s\"", sf ? sf : "(none)", base);

    double clock = 0, ws = -1, oldid;
    nget(su, "clock_hz", &clock);
    nget(su, "flash_latency", &ws);
    bool clock_ok = false, ws_ok = false, mcu_ok = false, board_ok = false, ver_ok = false;
    const char *mcu = sget(su, "mcu"), *board = sget(su, "board"), *lib = sget(su, "library_version");
    for (size_t i = 0; i < ls->n; i++) {
        const char *s = ls->l[i];
        char buf[256];
        double mhz;
        int n;
        if (sscanf(s, "System %*s clock frequency %lf MHz", &mhz) == 1 ||
            sscanf(s, "System Core Clock Frequency %lf MHz", &mhz) == 1)
            clock_ok |= fabs(mhz * 1e6 - clock) < 0.5;
        if (sscanf(s, "Flash latency %d wait", &n) == 1)
            ws_ok |= n == ws;
        if (mcu && snprintf(buf, sizeof buf, "STM32 MCU %s", mcu) > 0 && strcmp(s, buf) == 0)
            mcu_ok = true;
        if (board && snprintf(buf, sizeof buf, "Board %s", board) > 0 && strcmp(s, buf) == 0)
            board_ok = true;
        if (lib && (strncmp(s, "Cryptographic library version ", 30) == 0 ||
                    strncmp(s, "Cryptographic Library version ", 30) == 0) &&
            strncmp(s + 30, lib, strlen(lib)) == 0)
            ver_ok = true;
    }
    if (!clock_ok)
        fail("setup.clock_hz %.0f is not the page's clock frequency", clock);
    if (!ws_ok)
        fail("setup.flash_latency %.0f is not the page's flash latency", ws);
    if (!mcu_ok)
        fail("setup.mcu \"%s\" is not on a \"STM32 MCU\" line", mcu ? mcu : "");
    if (!board_ok)
        fail("setup.board \"%s\" is not on a \"Board\" line", board ? board : "");
    if (!ver_ok)
        fail("setup.library_version \"%s\" is not on the library version line", lib ? lib : "");
    if (nget(pg, "oldid", &oldid)) {
        char want[64];
        snprintf(want, sizeof want, "oldid=%.0f\"", oldid);
        bool found = false;
        for (size_t i = 0; i < ls->n && !found; i++)
            found = strncmp(ls->l[i], "Retrieved from \"", 16) == 0 && strstr(ls->l[i], want);
        if (!found)
            fail("page.oldid %.0f is not in the page's \"Retrieved from\" line", oldid);
    }
}

static void check_row_numbers(const csim_json *row, const char *line, double clock, const char *where)
{
    const csim_json *params = csim_json_get(row, "params");
    const csim_json *values = csim_json_get(row, "values");
    char want[512] = "", have[512] = "", buf[64];
    append_digits(want, sizeof want, line);
    const csim_json *it;
    csim_json_each(it, params)
    {
        if (csim_json_is_string(it))
            append_digits(have, sizeof have, csim_json_str_of(it));
        else if (csim_json_is_number(it)) {
            number_text(csim_json_num(it), buf, sizeof buf);
            append_digits(have, sizeof have, buf);
        } else
            fail("%s: param \"%s\" is neither a string nor a number", where, csim_json_name(it));
    }
    char *norm = malloc(strlen(line) + 1);
    {
        char *t = normalise_spaces(line);
        strcpy(norm, t);
        free(t);
    }
    csim_json_each(it, values)
    {
        if (!csim_json_is_number(it)) {
            fail("%s: value \"%s\" is not a number", where, csim_json_name(it));
            continue;
        }
        number_text(csim_json_num(it), buf, sizeof buf);
        append_digits(have, sizeof have, buf);
        if (!number_in_line(norm, csim_json_num(it)))
            fail("%s: value %s = %s is not a whole number of the line \"%s\"", where, csim_json_name(it),
                 buf, line);
    }
    free(norm);
    if (strcmp(want, have) != 0)
        fail("%s: the line's digits %s differ from the JSON's %s (\"%s\")", where, want, have, line);

    /* time or bit rate against cycles / clock */
    double cycles, pub, pred = -1;
    bool flagged = false;
    const csim_json *fl;
    csim_json_each(fl, csim_json_get(row, "flags"))
    {
        const char *k = sget(fl, "kind");
        flagged |= k && strncmp(k, "inconsistent_", 13) == 0;
    }
    if (!nget(values, "cycles", &cycles) || clock <= 0)
        return;
    double msg;
    if (nget(values, "time_us", &pub))
        pred = cycles / clock * 1e6;
    else if (nget(values, "time_ms", &pub))
        pred = cycles / clock * 1e3;
    else if (nget(values, "bitrate_kBps", &pub) && nget(params, "message_bytes", &msg))
        pred = msg / (cycles / clock) / 1e3;
    if (pred < 0)
        return;
    bool agrees = fabs(pub - pred) <= 1.0 + TOLERANCE * pred;
    if (!agrees && !flagged)
        fail("%s: published %g disagrees with cycles %.0f / clock = %.4g (\"%s\")", where, pub,
             cycles, pred, line);
    if (agrees && flagged)
        fail("%s: flagged inconsistent but %g agrees with %.4g", where, pub, pred);
}

static int cmd_roundtrip(const char *page_path, const char *json_path)
{
    lines ls = load_lines(page_path);
    csim_json *doc = load_json(json_path);
    check_setup(&ls, doc, page_path);

    double clock = 0;
    nget(csim_json_get(doc, "setup"), "clock_hz", &clock);
    const csim_json *secs = csim_json_get(doc, "sections");
    if (!csim_json_is_array(secs)) {
        fail("no sections array");
        return 1;
    }

    size_t cursor = 0, ntables = 0, nabsent = 0, nrows_total = 0;
    const char *prev_id = "";
    const csim_json *sec;
    int si = 0;
    csim_json_each(sec, secs)
    {
        const char *id = sget(sec, "id"), *title = sget(sec, "title"), *kind = sget(sec, "kind");
        const csim_json *cols = csim_json_get(sec, "columns");
        const csim_json *rows = csim_json_get(sec, "rows");
        char where[96];
        snprintf(where, sizeof where, "sections[%d] (%s, %s)", si++, id ? id : "?",
                 kind ? kind : "?");
        if (!id || !title || !kind || !csim_json_is_array(cols) || !csim_json_is_array(rows)) {
            fail("%s: id, title, kind, columns or rows missing", where);
            continue;
        }
        if (strcmp(kind, "cycles") && strcmp(kind, "footprint") && strcmp(kind, "absent"))
            fail("%s: unknown kind", where);

        /* the section heading, at or after the cursor */
        if (strcmp(id, prev_id) != 0) {
            char heading[512];
            snprintf(heading, sizeof heading, "%s. %s", id, title);
            size_t h = cursor;
            while (h < ls.n && strcmp(ls.l[h], heading) != 0)
                h++;
            if (h == ls.n) {
                fail("%s: heading \"%s\" not found after line %zu", where, heading, cursor + 1);
                return 1;
            }
            cursor = h + 1;
            prev_id = id;
        }
        size_t sec_end = cursor;
        while (sec_end < ls.n && !is_heading(ls.l[sec_end]))
            sec_end++;

        if (strcmp(kind, "absent") == 0) {
            nabsent++;
            bool uc = false;
            for (size_t i = cursor; i < sec_end; i++)
                uc |= strstr(ls.l[i], "under construction") != NULL;
            if (!uc)
                fail("%s: absent, but the page section does not say \"under construction\"", where);
            if (csim_json_count(rows) || csim_json_count(cols))
                fail("%s: absent section with rows or columns", where);
            continue;
        }

        ntables++;
        char header[1024] = "";
        const csim_json *c;
        csim_json_each(c, cols)
        {
            if (header[0])
                strcat(header, " ");
            if (csim_json_is_string(c) && strlen(header) + strlen(csim_json_str_of(c)) + 2 < sizeof header)
                strcat(header, csim_json_str_of(c));
        }
        size_t h = cursor;
        while (h < sec_end && strcmp(ls.l[h], header) != 0)
            h++;
        if (h == sec_end) {
            fail("%s: header \"%s\" not found in the section after line %zu", where, header,
                 cursor);
            continue;
        }
        size_t k = h + 1;
        while (k < ls.n && !is_blank(ls.l[k]) && !ends_with(ls.l[k], ".svg") && !is_heading(ls.l[k]))
            k++;
        size_t page_rows = k - h - 1, json_rows = (size_t)csim_json_count(rows);
        if (page_rows != json_rows)
            fail("%s: the page has %zu rows after the header at line %zu, the JSON %zu", where,
                 page_rows, h + 1, json_rows);
        nrows_total += json_rows;
        size_t i = 0;
        const csim_json *r;
        csim_json_each(r, rows)
        {
            char rw[160];
            snprintf(rw, sizeof rw, "%s row %zu (line %zu)", where, i, h + 2 + i);
            const char *text = sget(r, "text");
            if (!text)
                fail("%s: no text", rw);
            else if (h + 1 + i >= k || strcmp(text, ls.l[h + 1 + i]) != 0)
                fail("%s: text \"%s\" is not the page line \"%s\"", rw, text,
                     h + 1 + i < ls.n ? ls.l[h + 1 + i] : "");
            else
                check_row_numbers(r, text, clock, rw);
            i++;
        }
        cursor = k;
    }

    /* nothing of the page left out */
    size_t page_tables = 0, page_absent = 0;
    for (size_t i = 0; i < ls.n; i++) {
        page_tables += looks_like_header(ls.l[i]);
        page_absent += strstr(ls.l[i], "under construction") != NULL;
    }
    if (page_tables != ntables)
        fail("the page has %zu table headers, the JSON %zu tables", page_tables, ntables);
    if (page_absent != nabsent)
        fail("the page has %zu sections under construction, the JSON %zu absent sections",
             page_absent, nabsent);
    printf("%s: %zu tables, %zu rows, %zu absent sections: %s\n", json_path, ntables, nrows_total,
           nabsent, g_failures ? "FAILED" : "ok");
    csim_json_free(doc);
    free_lines(&ls);
    return g_failures ? 1 : 0;
}

/* ------------------------------------------------------------------------ */

static const char *const k_key_patterns[] = {
    "^aes-cbc/(enc|dec)/(128|192|256|\\*)/(small|fast)/sole/([0-9]+|\\*)$",
    "^aes-cbc/(enc|dec)/(128|192|256|\\*)/(small|fast)/flow/([0-9]+|\\*)/([0-9]+|\\*)$",
    "^(sha256|sha384)/sole/([0-9]+|\\*)$",
    "^(sha256|sha384)/flow/([0-9]+|\\*)/([0-9]+|\\*)$",
    "^(sha256|sha384)/final$",
    "^ecdsa/(p256|p384)/(sign|verify)/(small|fast|superfast)/(low|high)$",
    "^eddsa/ed25519/(sign|verify)/(small|superfast)/(optlow|opthigh)$",
    "^rsa3072/pss-sha256/sign/(crt|nocrt)/(small|fast)/(low|mid|high)$",
    "^rsa3072/pss-sha256/verify/(small|fast)$",
    "^mldsa(44|65|87)/(keygen|sign|verify)(/lowram)?$",
};

static bool key_grammar(const char *key)
{
    for (size_t i = 0; i < sizeof k_key_patterns / sizeof k_key_patterns[0]; i++) {
        regex_t re;
        if (regcomp(&re, k_key_patterns[i], REG_EXTENDED | REG_NOSUB) != 0)
            die("bad pattern %s", k_key_patterns[i]);
        int m = regexec(&re, key, 0, NULL, 0);
        regfree(&re);
        if (m == 0)
            return true;
    }
    return false;
}

/* '*' matches one whole segment. */
static bool key_covers(const char *pat, const char *key)
{
    while (*pat && *key) {
        if (pat[0] == '*' && (pat[1] == '/' || pat[1] == '\0')) {
            while (*key && *key != '/')
                key++;
            pat++;
        } else if (*pat++ != *key++) {
            return false;
        }
    }
    return *pat == '\0' && *key == '\0';
}

static bool segment_is(const char *key, const char *num)
{
    size_t m = strlen(num);
    for (const char *p = strstr(key, num); p; p = strstr(p + 1, num))
        if (p > key && p[-1] == '/' && (p[m] == '/' || p[m] == '\0'))
            return true;
    return false;
}

static int cmd_keys(const char *json_path)
{
    csim_json *doc = load_json(json_path);
    const csim_json *secs = csim_json_get(doc, "sections"), *sec, *r;
    const char *keys[1024], *kinds[1024];
    size_t n = 0, ncover = 0;
    csim_json_each(sec, secs)
    {
        const char *kind = sget(sec, "kind");
        if (!kind) {
            fail("section without kind");
            continue;
        }
        csim_json_each(r, csim_json_get(sec, "rows"))
        {
            const char *key = sget(r, "key");
            if (!key || n == 1024) {
                fail("row without key (or too many rows)");
                continue;
            }
            if (!key_grammar(key))
                fail("key \"%s\" does not follow docs/row-keys.md", key);
            if (strcmp(kind, "cycles") == 0 && strchr(key, '*'))
                fail("cycle row key \"%s\" has a wildcard", key);
            const csim_json *params = csim_json_get(r, "params");
            static const char *const numeric[] = {"key_bits", "buffer_bytes", "message_bytes",
                                                  "chunk_bytes"};
            double v;
            for (size_t i = 0; i < 4; i++)
                if (nget(params, numeric[i], &v) &&
                    (strncmp(key, "aes-cbc/", 8) == 0 || strncmp(key, "sha", 3) == 0)) {
                    char buf[32];
                    snprintf(buf, sizeof buf, "%.0f", v);
                    if (!segment_is(key, buf))
                        fail("key \"%s\" lacks %s = %s", key, numeric[i], buf);
                }
            for (size_t j = 0; j < n; j++)
                if (strcmp(kinds[j], kind) == 0 && strcmp(keys[j], key) == 0)
                    fail("%s key \"%s\" appears twice", kind, key);
            keys[n] = key;
            kinds[n] = kind;
            n++;
        }
    }
    for (size_t i = 0; i < n; i++) {
        if (strcmp(kinds[i], "footprint") != 0)
            continue;
        size_t covered = 0;
        for (size_t j = 0; j < n; j++)
            covered += strcmp(kinds[j], "cycles") == 0 && key_covers(keys[i], keys[j]);
        if (!covered)
            fail("footprint key \"%s\" covers no cycle row of the page", keys[i]);
        ncover += covered;
    }
    printf("%s: %zu keys, footprint rows cover %zu cycle-row links: %s\n", json_path, n, ncover,
           g_failures ? "FAILED" : "ok");
    csim_json_free(doc);
    return g_failures ? 1 : 0;
}

/* ------------------------------------------------------------------------ */

/* Every flag of the three pages, by page, table kind and row key. */
static const struct known_flag {
    const char *page, *kind, *key, *flag;
} k_known_flags[] = {
    /* U0 EdDSA footprint: "Signature Small" on all eight rows */
    {"stm32u083rc.txt", "footprint", "eddsa/ed25519/sign/small/optlow", "published_slip"},
    {"stm32u083rc.txt", "footprint", "eddsa/ed25519/sign/small/opthigh", "published_slip"},
    {"stm32u083rc.txt", "footprint", "eddsa/ed25519/sign/superfast/optlow", "published_slip"},
    {"stm32u083rc.txt", "footprint", "eddsa/ed25519/sign/superfast/opthigh", "published_slip"},
    {"stm32u083rc.txt", "footprint", "eddsa/ed25519/verify/small/optlow", "published_slip"},
    {"stm32u083rc.txt", "footprint", "eddsa/ed25519/verify/small/opthigh", "published_slip"},
    {"stm32u083rc.txt", "footprint", "eddsa/ed25519/verify/superfast/optlow", "published_slip"},
    {"stm32u083rc.txt", "footprint", "eddsa/ed25519/verify/superfast/opthigh", "published_slip"},
    /* hash sole-buffer footprint: Code without "bytes" */
    {"stm32u083rc.txt", "footprint", "sha256/sole/*", "format"},
    {"stm32u083rc.txt", "footprint", "sha384/sole/*", "format"},
    {"stm32u385rg.txt", "footprint", "sha256/sole/*", "format"},
    {"stm32u385rg.txt", "footprint", "sha384/sole/*", "format"},
    /* L5: hashing 16 bytes takes longer than 32 bytes */
    {"stm32l552ze.txt", "cycles", "sha256/sole/16", "non_monotonic"},
    {"stm32l552ze.txt", "cycles", "sha384/sole/16", "non_monotonic"},
};

static const struct known_note {
    const char *page, *kind;
    int count;
} k_known_notes[] = {
    {"stm32u083rc.txt", "flash_latency_below_rm", 1},
    {"stm32l552ze.txt", "page_revision", 1},
    {"stm32l552ze.txt", "placeholder", 2},
    {"stm32l552ze.txt", "dual_bank", 1},
};

static int cmd_known(const char *json_path)
{
    csim_json *doc = load_json(json_path);
    const char *page = sget(csim_json_get(doc, "page"), "source_file");
    const csim_json *su = csim_json_get(doc, "setup");
    const csim_json *secs = csim_json_get(doc, "sections"), *sec, *r, *f;
    if (!page)
        die("%s: no page.source_file", json_path);

    size_t nknown = sizeof k_known_flags / sizeof k_known_flags[0];
    bool seen[sizeof k_known_flags / sizeof k_known_flags[0]] = {0};
    size_t nflags = 0;
    csim_json_each(sec, secs)
    {
        const char *kind = sget(sec, "kind");
        int idx = 0;
        if (!kind)
            continue;
        csim_json_each(r, csim_json_get(sec, "rows"))
        {
            const char *key = sget(r, "key") ? sget(r, "key") : "(no key)";
            csim_json_each(f, csim_json_get(r, "flags"))
            {
                const char *fk = sget(f, "kind"), *note = sget(f, "note");
                nflags++;
                if (!fk || !note || !*note)
                    fail("%s: flag without kind or note", key);
                size_t i = 0;
                for (; i < nknown; i++)
                    if (strcmp(k_known_flags[i].page, page) == 0 &&
                        strcmp(k_known_flags[i].kind, kind) == 0 &&
                        strcmp(k_known_flags[i].key, key) == 0 && fk &&
                        strcmp(k_known_flags[i].flag, fk) == 0)
                        break;
                if (i == nknown)
                    fail("unexpected flag %s on %s row %s", fk ? fk : "?", kind, key);
                else
                    seen[i] = true;
                if (!fk || strcmp(fk, "published_slip") != 0)
                    continue;

                /* kept as published, keyed by the cycle row it most likely means */
                const char *text = sget(r, "text");
                const csim_json *params = csim_json_get(r, "params");
                const csim_json *likely = csim_json_get(f, "likely");
                if (!text || !strstr(text, " Signature Small ") ||
                    !streq(sget(params, "operation"), "Signature") ||
                    !streq(sget(params, "math_configuration"), "Small"))
                    fail("%s: the slipped row is no longer as published", key);
                if (!csim_json_is_object(likely) || !csim_json_first(likely))
                    fail("%s: published_slip without its likely meaning", key);
                const csim_json *cyc = NULL, *s2;
                csim_json_each(s2, secs)
                {
                    if (streq(sget(s2, "id"), sget(sec, "id")) && streq(sget(s2, "kind"), "cycles"))
                        cyc = csim_json_at(csim_json_get(s2, "rows"), idx);
                }
                if (!cyc) {
                    fail("%s: no cycle row at the same position", key);
                    continue;
                }
                if (!streq(sget(cyc, "key"), key))
                    fail("%s: key differs from the cycle row at the same position (%s)", key,
                         sget(cyc, "key"));
                const csim_json *l;
                csim_json_each(l, likely)
                {
                    const csim_json *cp = csim_json_get(
                        csim_json_get(cyc, "params"), csim_json_name(l));
                    if (!csim_json_equal(l, cp))
                        fail("%s: likely %s differs from the cycle row's", key, csim_json_name(l));
                }
            }
            idx++;
        }
    }
    for (size_t i = 0; i < nknown; i++)
        if (strcmp(k_known_flags[i].page, page) == 0 && !seen[i])
            fail("missing flag %s on %s row %s", k_known_flags[i].flag, k_known_flags[i].kind,
                 k_known_flags[i].key);

    const csim_json *notes = csim_json_get(su, "notes"), *n;
    for (size_t i = 0; i < sizeof k_known_notes / sizeof k_known_notes[0]; i++) {
        if (strcmp(k_known_notes[i].page, page) != 0)
            continue;
        int count = 0;
        csim_json_each(n, notes)
        {
            const char *k = sget(n, "kind");
            count += k && strcmp(k, k_known_notes[i].kind) == 0;
        }
        if (count != k_known_notes[i].count)
            fail("setup note %s: %d, expected %d", k_known_notes[i].kind, count,
                 k_known_notes[i].count);
    }
    int nnotes = csim_json_count(notes), expected = 0;
    for (size_t i = 0; i < sizeof k_known_notes / sizeof k_known_notes[0]; i++)
        if (strcmp(k_known_notes[i].page, page) == 0)
            expected += k_known_notes[i].count;
    if (nnotes != expected)
        fail("%d setup notes, expected %d", nnotes, expected);
    if (strcmp(page, "stm32l552ze.txt") == 0 &&
        (!csim_json_is_null(csim_json_get(su, "device_id")) ||
         !csim_json_is_null(csim_json_get(su, "revision_id"))))
        fail("L5 device and revision IDs are template placeholders: expected null");

    printf("%s: %zu flags, %d setup notes: %s\n", json_path, nflags, nnotes,
           g_failures ? "FAILED" : "ok");
    csim_json_free(doc);
    return g_failures ? 1 : 0;
}

static void collect_strings(const csim_json *it, const char ***out, size_t *n, size_t *cap)
{
    if (csim_json_is_string(it)) {
        if (*n == *cap)
            *out = realloc(*out, (*cap = *cap ? *cap * 2 : 256) * sizeof **out);
        (*out)[(*n)++] = csim_json_str_of(it);
    }
    const csim_json *c;
    csim_json_each(c, it)
        collect_strings(c, out, n, cap);
}

static int cmd_accounted(const char *page_path, const char *json_path)
{
    lines ls = load_lines(page_path);
    csim_json *doc = load_json(json_path);
    const char **strs = NULL;
    size_t nstr = 0, cap = 0;
    bool started = false;
    collect_strings(doc, &strs, &nstr, &cap);
    for (size_t i = 0; i < ls.n; i++) {
        const char *l = ls.l[i];
        if (is_heading(l) && l[0] == '2' && l[1] == '.')
            started = true;
        if (!started)
            continue;
        char *norm = normalise_spaces(l);
        bool number = false;
        for (char *w = strtok(norm, " "); w && !number; w = strtok(NULL, " ")) {
            size_t d = strspn(w, "0123456789");
            number = d > 0 && (w[d] == '\0' || (w[d] == '.' && isdigit((unsigned char)w[d + 1]) &&
                                                 w[d + 1 + strspn(w + d + 1, "0123456789")] == '\0'));
        }
        free(norm);
        bool kept = !number;
        for (size_t k = 0; k < nstr && !kept; k++)
            kept = strstr(strs[k], l) != NULL;
        if (!kept)
            fail("%s:%zu: a line with numbers that is not in %s: \"%s\"", page_path, i + 1,
                 json_path, l);
    }
    free(strs);
    free_lines(&ls);
    csim_json_free(doc);
    return g_failures ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "roundtrip") == 0)
        return cmd_roundtrip(argv[2], argv[3]);
    if (argc == 3 && strcmp(argv[1], "keys") == 0)
        return cmd_keys(argv[2]);
    if (argc == 3 && strcmp(argv[1], "known") == 0)
        return cmd_known(argv[2]);
    if (argc == 4 && strcmp(argv[1], "accounted") == 0)
        return cmd_accounted(argv[2], argv[3]);
    fprintf(stderr, "usage: check_published roundtrip PAGE.txt JSON | keys JSON | known JSON | "
                    "accounted PAGE.txt JSON\n");
    return 2;
}
