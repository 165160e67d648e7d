/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * published_board.c - a board's output as measured rows: the "@cyclesim-bench"
 * header, "@case" and "@done" lines of firmware/bench/runner.c.  A failed
 * board case or a duplicate key is an error, never a row quietly left out.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "analysis/published_internal.h"
#include "cyclesim/engine/sim.h"

/* ---- board output ("@cyclesim-bench", "@case", "@done") ------------------ */

/* "key=value" tokens of one line, split in place. */
#define MAX_FIELDS 16
typedef struct fields {
    char *key[MAX_FIELDS], *val[MAX_FIELDS];
    unsigned n;
} fields;

static const char *field(const fields *f, const char *key)
{
    for (unsigned i = 0; i < f->n; i++) {
        if (strcmp(f->key[i], key) == 0) {
            return f->val[i];
        }
    }
    return NULL;
}

/* A decimal unsigned 32-bit field ("cycles=123"); false if missing or not one. */
static bool field_u32(const fields *f, const char *key, uint32_t *out)
{
    const char *v = field(f, key);
    if (!v || !isdigit((unsigned char)*v)) {
        return false;
    }
    char *end;
    errno = 0;
    unsigned long long x = strtoull(v, &end, 10);
    if (*end || errno || x > UINT32_MAX) {
        return false;
    }
    *out = (uint32_t)x;
    return true;
}

typedef struct bctx {
    const char *path;
    unsigned line;
    csim_diag *d;
} bctx;

static csim_err bfail(const bctx *c, const char *fmt, const char *arg)
{
    char what[256];
    snprintf(what, sizeof(what), fmt, arg);
    return csim_fail(c->d, CSIM_ERR_INPUT, "%s:%u: %s", c->path, c->line, what);
}

/* The fields of the `what` line s, split in place; a field given twice is an
 * error (which one would the runner have meant?). */
static csim_err split_fields(const bctx *c, const char *what, char *s, fields *f)
{
    f->n = 0;
    for (char *tok = strtok(s, " \t"); tok; tok = strtok(NULL, " \t")) {
        char *eq = strchr(tok, '=');
        if (!eq || eq == tok || f->n == MAX_FIELDS) {
            return bfail(c, "%s: malformed (expected key=value fields)", what);
        }
        *eq = '\0';
        if (field(f, tok)) {
            char msg[128];
            snprintf(msg, sizeof(msg), "%s: %.40s= given twice in one line", what, tok);
            return bfail(c, "%s", msg);
        }
        f->key[f->n] = tok;
        f->val[f->n++] = eq + 1;
    }
    return CSIM_OK;
}

static csim_err board_header(const bctx *c, char *rest, csim_pub_table *t)
{
    while (*rest == ' ' || *rest == '\t') {
        rest++;
    }
    size_t n = strcspn(rest, " \t");
    char abi[16];
    snprintf(abi, sizeof(abi), "%.*s", (int)(n < sizeof(abi) ? n : sizeof(abi) - 1), rest);
    char want[16];
    snprintf(want, sizeof(want), "%u", CSIM_BENCH_ABI_VERSION);
    if (strcmp(abi, want) != 0) {
        return bfail(c, "@cyclesim-bench %s: not the bench ABI version this cyclesim reads (1)",
                     n ? abi : "(no version)");
    }
    fields f;
    uint32_t hz, lat, ic;
    csim_err e = split_fields(c, "@cyclesim-bench", rest + n, &f);
    if (e) {
        return e;
    }
    const char *mcu = field(&f, "mcu"), *target = field(&f, "target");
    if (!mcu || !*mcu || !field_u32(&f, "clock_hz", &hz)) {
        return bfail(c, "%s: needs mcu= and clock_hz=", "@cyclesim-bench");
    }
    if (hz == 0) {
        return bfail(c, "@cyclesim-bench: clock_hz=0 (mcu=%.32s): an emulator target's output, not a board's "
                     "measurement", mcu);
    }
    if (field(&f, "latency") && (!field_u32(&f, "latency", &lat) || lat > 15)) {
        return bfail(c, "%s: latency= expects an integer in [0, 15]", "@cyclesim-bench");
    }
    if (field(&f, "icache") && (!field_u32(&f, "icache", &ic) || ic > 1)) {
        return bfail(c, "%s: icache= expects 0 or 1", "@cyclesim-bench");
    }
    snprintf(t->mcu, sizeof(t->mcu), "%s", mcu);
    snprintf(t->board, sizeof(t->board), "%s", target ? target : "");
    snprintf(t->title, sizeof(t->title), "board output of %s (%s)", t->board[0] ? t->board : "?", mcu);
    t->clock_hz = hz;
    t->latency = field(&f, "latency") ? (int)lat : -1;
    t->icache = field(&f, "icache") ? (int)ic : -1;
    return CSIM_OK;
}

static csim_err board_case(const bctx *c, char *rest, const char *line, csim_pub_table *t, size_t *cap,
                           unsigned *first_line, rowset *seen)
{
    fields f;
    uint32_t cycles, workbuf = 0;
    csim_err e = split_fields(c, "@case", rest, &f);
    if (e) {
        return e;
    }
    const char *name = field(&f, "name"), *row = field(&f, "row"), *status = field(&f, "status");
    if (!name || !*name) {
        return bfail(c, "%s: no name=", "@case");
    }
    if (!field_u32(&f, "cycles", &cycles)) {
        return bfail(c, "@case %s: cycles= is missing or not a non-negative integer", name);
    }
    if (cycles == 0) { /* the runner's "no more than the empty case": no figure to set a case against */
        return bfail(c, "@case %s: cycles=0: the case took no longer than the empty case on the board, which "
                     "is not a measurement", name);
    }
    if (field(&f, "workbuf") && !field_u32(&f, "workbuf", &workbuf)) {
        return bfail(c, "@case %s: workbuf= is not a non-negative integer", name);
    }
    if (!status) {
        return bfail(c, "@case %s: no status=", name);
    }
    if (strcmp(status, "pass") != 0) {
        char what[256];
        snprintf(what, sizeof(what), "@case %.96s: status %.32s: the case failed on the board, its cycles "
                 "are not a measurement", name, status);
        return bfail(c, "%s", what);
    }
    const char *key = row && *row ? row : name;
    if (strlen(key) >= sizeof(t->rows[0].key)) {
        return bfail(c, "@case: key \"%.100s\" too long", key);
    }
    csim_pub_row *r = pub_add_row(t, cap);
    if (!r) {
        return csim_fail(c->d, CSIM_ERR_NOMEM, "%s: out of memory", c->path);
    }
    first_line[t->n_rows - 1] = c->line;
    snprintf(r->key, sizeof(r->key), "%s", key);
    r->kind = CSIM_ROW_CYCLES;
    bool nomem = false;
    const csim_pub_row *dup = pub_rowset_add(seen, t, t->n_rows - 1, &nomem);
    if (dup || nomem) {
        char what[200];
        snprintf(what, sizeof(what), "key \"%.96s\" already read at line %u", key,
                 dup ? first_line[dup - t->rows] : 0);
        t->n_rows--;
        return nomem ? csim_fail(c->d, CSIM_ERR_NOMEM, "%s: out of memory", c->path) : bfail(c, "%s", what);
    }
    r->cycles = cycles;
    if (workbuf) {
        r->workbuf = workbuf;
    }
    snprintf(r->text, sizeof(r->text), "%s", line);
    return CSIM_OK;
}

static csim_err parse_board(const char *path, char *text, csim_pub_table *t, unsigned *first_line,
                            csim_diag *d)
{
    bctx c = {path, 0, d};
    bool header = false, done = false;
    size_t cap = 0;
    rowset seen = {0};
    csim_err e = CSIM_OK;
    for (char *line = text, *next; line && !e; line = next) {
        next = strchr(line, '\n');
        if (next) {
            *next++ = '\0';
        }
        c.line++;
        size_t len = strlen(line);
        while (len && (line[len - 1] == '\r' || line[len - 1] == ' ' || line[len - 1] == '\t')) {
            line[--len] = '\0';
        }
        while (*line == ' ' || *line == '\t') {
            line++;
        }
        char copy[sizeof(t->rows[0].text)];
        snprintf(copy, sizeof(copy), "%s", line);
        bool is_header = strncmp(line, "@cyclesim-bench ", 16) == 0 || strcmp(line, "@cyclesim-bench") == 0;
        bool is_case = strncmp(line, "@case ", 6) == 0;
        bool is_done = strncmp(line, "@done ", 6) == 0;
        if (!is_header && !is_case && !is_done) {
            continue; /* the firmware's other console text */
        }
        if (done) {
            e = bfail(&c, "%.150s after @done (two runs in one capture?)", copy);
        } else if (is_header) {
            e = header ? bfail(&c, "%s", "a second @cyclesim-bench line (the board restarted?)")
                       : board_header(&c, line + 15, t);
            header = true;
        } else if (!header) {
            e = bfail(&c, "%s before the @cyclesim-bench line", is_case ? "@case" : "@done");
        } else if (is_case) {
            e = board_case(&c, line + 6, copy, t, &cap, first_line, &seen);
        } else {
            fields f;
            uint32_t n, failed = 0;
            done = true;
            if ((e = split_fields(&c, "@done", line + 6, &f))) {
                break;
            }
            if (!field_u32(&f, "cases", &n)) {
                e = bfail(&c, "%s: expected cases=N", "@done");
            } else if (n != t->n_rows) {
                char what[128];
                snprintf(what, sizeof(what), "@done says %u cases but %zu @case lines were read", n, t->n_rows);
                e = bfail(&c, "%s", what);
            } else if (field(&f, "failed") && (!field_u32(&f, "failed", &failed) || failed != 0)) {
                /* every @case read said pass (a failed one is refused above) */
                e = bfail(&c, "@done failed=%.32s but every @case line says status=pass", field(&f, "failed"));
            }
        }
    }
    free(seen.slot);
    if (!e && !header) {
        e = csim_fail(d, CSIM_ERR_INPUT, "%s: no @cyclesim-bench line: neither a published page (JSON) nor "
                      "a board output", path);
    } else if (!e && !done) {
        e = csim_fail(d, CSIM_ERR_INPUT, "%s: no @done line: the output was cut short", path);
    }
    return e;
}

/* Whether name is one of the models of chain ("stm32u083rc <- stm32u0 <- cortex-m0plus"). */
static bool in_chain(const char *chain, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = chain; p; p = strstr(p, " <- ") ? strstr(p, " <- ") + 4 : NULL) {
        if (strncasecmp(p, name, n) == 0 && (p[n] == '\0' || p[n] == ' ')) {
            return true;
        }
    }
    return false;
}

csim_err csim_pub_board_mcu_check(const csim_pub_table *t, const csim_model *m, csim_diag *d)
{
    if (!t->board_output || in_chain(m->chain[0] ? m->chain : m->name, t->mcu)) {
        return CSIM_OK;
    }
    return csim_fail(d, CSIM_ERR_INPUT, "%s: a board output of mcu=%s, set against the model %s (%s): not "
                     "that model nor a base of it", t->source, t->mcu, m->name, m->chain);
}

csim_err csim_pub_load_board(const char *path, csim_pub_table *t, csim_diag *d)
{
    pub_table_init(t, path);
    t->board_output = true;
    char *text;
    csim_err e = pub_read_text(path, &text, d);
    if (e) {
        return e;
    }
    /* A case per line at most: the line count bounds the rows. */
    size_t lines = 1;
    for (const char *p = text; *p; p++) {
        lines += *p == '\n';
    }
    unsigned *first_line = calloc(lines, sizeof(*first_line));
    e = first_line ? parse_board(path, text, t, first_line, d) : csim_fail(d, CSIM_ERR_NOMEM, "out of memory");
    free(first_line);
    free(text);
    if (e) {
        csim_pub_free(t);
    }
    return e;
}
