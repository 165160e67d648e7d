/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare.c - match a run's cases with the rows of a published page or a
 * board output by row key, and summarise the differences (compare.h,
 * docs/compare.md).  Nothing is dropped: a row or case without a partner is
 * listed as unmatched.
 */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/analysis/compare.h"
#include "cyclesim/analysis/range.h"

const char *const csim_metric_names[CSIM_MET_COUNT] = {"cycles", "code", "const_data", "global_data", "stack",
                                                        "workbuf"};

const char *const csim_baseline_names[CSIM_BASE_COUNT] = {"cpi1", "zero_wait", "zero_wait_data1"};

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void csim_cmp_stats(double *v, size_t n, double *median, double *p90, double *max)
{
    qsort(v, n, sizeof(*v), cmp_double);
    *median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    size_t rank = (9 * n + 9) / 10; /* ceil(0.9 n): nearest rank */
    *p90 = v[rank - 1];
    *max = v[n - 1];
}

double csim_cmp_deviation(csim_framing f, csim_cmp_value v)
{
    if (isnan(v.est) || isnan(v.pub) || v.pub == 0) {
        return NAN;
    }
    return f == CSIM_FRAME_RATIO ? v.est / v.pub : (v.est - v.pub) / v.pub * 100.0;
}

/* Rows of one page compare by their place in its rows array. */
static int cmp_row_order(const void *a, const void *b)
{
    const csim_pub_row *x = *(const csim_pub_row *const *)a, *y = *(const csim_pub_row *const *)b;
    return (x > y) - (x < y);
}

/* A case's key: its row, or its name when it reproduces no row (as the board output keys it). */
static const char *case_key(const csim_case_result *c)
{
    return c->row[0] ? c->row : c->name;
}

/* The message bytes a case states in its params ("...;bytes=4096;..."); 0: none. */
static double case_bytes(const csim_case_result *c)
{
    for (const char *b = strstr(c->params, "bytes="); b; b = strstr(b + 1, "bytes=")) {
        if (b == c->params || b[-1] == ';') {
            return strtod(b + 6, NULL);
        }
    }
    return 0;
}

double csim_cmp_cycles_of(const csim_comparison *cmp, const csim_pub_row *p, const csim_case_result *c,
                          double figure)
{
    double hz = cmp->model->clock_hz, bytes = case_bytes(c);
    switch (p->measure) {
    case CSIM_PUB_TIME: return figure * 1e-6 * hz;
    case CSIM_PUB_RATE:
        return bytes > 0 && figure > 0 && cmp->page->mb_bytes ? bytes * hz / (figure * cmp->page->mb_bytes) : NAN;
    default: return figure;
    }
}

double csim_cmp_in_page_unit(const csim_comparison *cmp, const csim_cmp_row *r, double cycles)
{
    double hz = cmp->model->clock_hz, bytes = case_bytes(r->c);
    switch (r->pub->measure) {
    case CSIM_PUB_TIME: return cycles / hz * 1e3;
    case CSIM_PUB_RATE: return bytes > 0 && cycles > 0 ? bytes * hz / cycles / cmp->page->mb_bytes : NAN;
    default: return cycles;
    }
}

/* A measured footprint figure: 0 means the engine did not measure it. */
static double measured(uint32_t v)
{
    return v ? (double)v : NAN;
}

static double case_figure(const csim_case_result *c, csim_metric m)
{
    switch (m) {
    case CSIM_MET_CYCLES: return (double)c->cycles;
    case CSIM_MET_CODE: return measured(c->code_bytes);
    case CSIM_MET_CONST: return measured(c->const_bytes);
    case CSIM_MET_DATA: return measured(c->data_bytes);
    case CSIM_MET_STACK: return measured(c->stack_bytes);
    case CSIM_MET_WORKBUF: return measured(c->workbuf);
    default: return NAN;
    }
}

static double pub_figure(const csim_pub_row *r, csim_metric m)
{
    switch (m) {
    case CSIM_MET_CYCLES: return r->cycles;
    case CSIM_MET_CODE: return r->code;
    case CSIM_MET_CONST: return r->const_data;
    case CSIM_MET_DATA: return r->global_data;
    case CSIM_MET_STACK: return r->stack;
    case CSIM_MET_WORKBUF: return r->workbuf;
    default: return NAN;
    }
}

static bool has_footprint(const csim_pub_row *r)
{
    for (int m = CSIM_MET_CODE; m < CSIM_MET_COUNT; m++) {
        if (!isnan(pub_figure(r, (csim_metric)m))) {
            return true;
        }
    }
    return false;
}

static void note(csim_comparison *cmp, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(csim_comparison *cmp, const char *fmt, ...)
{
    if (cmp->n_notes == CSIM_CMP_MAX_NOTES) {
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cmp->notes[cmp->n_notes++], sizeof(cmp->notes[0]), fmt, ap);
    va_end(ap);
}

/* The back ends, the framing and what the reader must know before the numbers. */
static void frame(csim_comparison *cmp)
{
    const csim_pub_table *p = cmp->page;
    const csim_model *m = cmp->model;
    const size_t n = cmp->n_images;
    size_t n_open = 0, n_unknown = 0, n_other = 0; /* n_other: images of another CMOX major than the page's */
    int other_major = 0;
    bool one_major = true;
    for (size_t i = 0; i < n; i++) {
        const char *b = cmp->images[i].backend;
        int major = strncmp(b, "cmox", 4) == 0 ? atoi(b + 4) : 0;
        n_open += strcmp(b, "open") == 0;
        n_unknown += !b[0];
        if (major && p->library_major && major != p->library_major) {
            one_major &= !n_other || major == other_major;
            other_major = major;
            n_other++;
        }
    }
    cmp->framing = n_open && !p->board_output ? CSIM_FRAME_RATIO : CSIM_FRAME_ERROR;
    cmp->mixed_backends = cmp->framing == CSIM_FRAME_RATIO && n_open < n;
    if (n_other) {
        cmp->version_mismatch = true;
        if (n_other == n && one_major) {
            note(cmp, "CMOX version mismatch: the ELF%s CMOX V%d, the page measured V%d (%s); the "
                 "differences include the library's own changes, not only the model's error",
                 n == 1 ? " runs" : "s run", other_major, p->library_major, p->library_version);
        } else {
            note(cmp, "CMOX version mismatch: %zu of the %zu ELFs run another CMOX version than the page's V%d "
                 "(%s); the differences in their rows include the library's own changes, not only the model's "
                 "error", n_other, n, p->library_major, p->library_version);
        }
    }
    char lib[64]; /* the measured library: ST's CMOX unless the page names another */
    if (p->library[0]) {
        snprintf(lib, sizeof(lib), "%s%s%s", p->library, p->library_version[0] ? " " : "", p->library_version);
    } else {
        snprintf(lib, sizeof(lib), "ST's library%s%s", p->library_version[0] ? " CMOX " : "", p->library_version);
    }
    if (cmp->mixed_backends) {
        note(cmp, "mixed back ends: %zu of the %zu ELFs run the open implementation, the others the code that "
             "was measured (%s): each row gives the ratio estimate / published; only the rows of "
             "the other ELFs measure the model's error", n_open, n, lib);
    } else if (cmp->framing == CSIM_FRAME_RATIO) {
        note(cmp, "open implementation versus %s: each row gives the ratio estimate / "
             "published, not an error of the model", lib);
    } else if (n_unknown && n == 1) {
        note(cmp, "the ELF has no bench_backend symbol: it is taken to run the code that was measured");
    } else if (n_unknown) {
        note(cmp, "%zu of the %zu ELFs have no bench_backend symbol: they are taken to run the code that was "
             "measured", n_unknown, n);
    }
    bool rates = false, times = false;
    for (size_t i = 0; i < p->n_rows; i++) {
        rates |= p->rows[i].measure == CSIM_PUB_RATE;
        times |= p->rows[i].measure == CSIM_PUB_TIME;
    }
    if (rates || times) {
        note(cmp, "%s%s%s published: compared as cycles at the model's clock (%.6g MHz)%s%s%s; the error is that "
             "of the time (est - pub) / pub, so a faster estimate is negative", rates ? "rates (MB/s)" : "",
             rates && times ? " and " : "", times ? "times (ms)" : "", m->clock_hz / 1e6,
             rates ? ", 1 MB = " : "", rates ? (p->mb_bytes == 1048576 ? "2^20 bytes" : "10^6 bytes") : "",
             rates ? " (the page's setup.mb_bytes), a case's message size from its bytes= parameter" : "");
    }
    if (p->clock_hz && p->clock_hz != m->clock_hz) {
        note(cmp, "clock differs: model %.6g MHz, measured at %.6g MHz", m->clock_hz / 1e6, p->clock_hz / 1e6);
    }
    if (p->latency >= 0 && (unsigned)p->latency != m->flash.wait_states) {
        note(cmp, "flash latency differs: model %u WS, measured with %d WS", m->flash.wait_states, p->latency);
    }
    if (p->icache >= 0 && p->icache != (int)m->flash.cache_enabled) {
        note(cmp, "instruction cache differs: model %s, measured with it %s", m->flash.cache_enabled ? "on" : "off",
             p->icache ? "on" : "off");
    }
}

static bool push(void **arr, size_t *n, size_t *cap, size_t size)
{
    if (*n == *cap) {
        size_t c = *cap ? 2 * *cap : 32;
        void *a = realloc(*arr, c * size);
        if (!a) {
            return false;
        }
        *arr = a;
        *cap = c;
    }
    (*n)++;
    return true;
}

#define PUSH(arr, n, cap) push((void **)&(arr), &(n), &(cap), sizeof(*(arr)))

static csim_cmp_row *new_row(csim_cmp_row **arr, size_t *n, size_t *cap, const csim_pub_row *pub)
{
    if (!push((void **)arr, n, cap, sizeof(**arr))) {
        return NULL;
    }
    csim_cmp_row *r = &(*arr)[*n - 1];
    memset(r, 0, sizeof(*r));
    r->pub = pub;
    for (int m = 0; m < CSIM_MET_COUNT; m++) {
        r->v[m].est = r->v[m].pub = NAN;
    }
    r->other_state = NAN;
    for (int b = 0; b < CSIM_BASE_COUNT; b++) {
        r->base[b] = NAN;
    }
    return r;
}

/* |deviation| of one cycles figure against the row's published value. */
static double cycles_dev(const csim_comparison *cmp, double est, const csim_cmp_row *r)
{
    double d = csim_cmp_deviation(cmp->framing, (csim_cmp_value){est, r->v[CSIM_MET_CYCLES].pub});
    return cmp->framing == CSIM_FRAME_ERROR ? fabs(d) : d;
}

/* The cycles statistics of a section (id, NULL = all) over the rows whose
 * estimate does not depend on the start state, and of each baseline over the
 * section's rows; buf holds n values. */
static void extra_stats(const csim_comparison *cmp, const csim_cmp_row *rows, size_t n, const char *id, double *buf,
                        csim_cmp_summary *s)
{
    for (int b = -1; b < CSIM_BASE_COUNT; b++) {
        if ((b < 0 && !cmp->state_checked) || (b >= 0 && !cmp->baselines)) {
            continue;
        }
        size_t k = 0;
        for (size_t i = 0; i < n; i++) {
            const csim_cmp_row *r = &rows[i];
            double d = csim_cmp_deviation(cmp->framing, r->v[CSIM_MET_CYCLES]);
            if (r->failed || isnan(d) || (id && strcmp(r->pub->section, id) != 0) || (b < 0 && r->state_sensitive)) {
                continue;
            }
            double v = b < 0 ? cycles_dev(cmp, r->v[CSIM_MET_CYCLES].est, r) : cycles_dev(cmp, r->base[b], r);
            if (!isnan(v)) {
                buf[k++] = v;
            }
        }
        if (b < 0) {
            s->has_stable = true;
            s->stable_count = k;
            s->stable_median = s->stable_p90 = s->stable_max = NAN;
            if (k) {
                csim_cmp_stats(buf, k, &s->stable_median, &s->stable_p90, &s->stable_max);
            }
        } else {
            s->has_base = true;
            s->base_median[b] = s->base_p90[b] = s->base_max[b] = NAN;
            if (k) {
                csim_cmp_stats(buf, k, &s->base_median[b], &s->base_p90[b], &s->base_max[b]);
            }
        }
    }
}

/* The extra runs' figures of a matched case (index k of the case array). */
static void add_extra(csim_comparison *cmp, csim_cmp_row *r, const csim_cmp_extra *x, size_t k)
{
    if (!x || k >= x->n_cases) {
        return;
    }
    if (cmp->state_checked && strcmp(x->other_state[k].name, r->c->name) == 0) {
        r->other_state = (double)x->other_state[k].cycles;
        r->state_sensitive = csim_range_state_sensitive(r->c, &x->other_state[k], cmp->warm, CSIM_CMP_STATE_PCT);
        cmp->n_state_sensitive += r->state_sensitive;
    }
    if (cmp->baselines && strcmp(x->zero_wait[k].name, r->c->name) == 0) {
        const csim_case_result *z = &x->zero_wait[k];
        r->base[CSIM_BASE_CPI1] = (double)z->bd.instructions;
        r->base[CSIM_BASE_ZW] = (double)z->cycles;
        r->base[CSIM_BASE_ZW_DATA1] = (double)(z->cycles + z->ms.data_reads);
    }
}

/* compare --range: of the section's rows (id NULL: all) that count and have
 * the range (interval false) or the calibrated interval (true), how many
 * there are, those whose measured figure lies in it, and the median width. */
static size_t width_stats(const csim_comparison *cmp, const csim_cmp_row *rows, size_t n, const char *id,
                          bool interval, double *buf, size_t *inside, double *median)
{
    size_t n_w = 0;
    for (size_t k = 0; k < n; k++) {
        const csim_cmp_row *r = &rows[k];
        if (!(interval ? r->has_interval : r->ranged) || r->failed ||
            isnan(csim_cmp_deviation(cmp->framing, r->v[CSIM_MET_CYCLES])) ||
            (id && strcmp(r->pub->section, id) != 0)) {
            continue;
        }
        *inside += interval ? r->in_interval : r->inside;
        buf[n_w++] = (interval ? r->int_high - r->int_low : r->high - r->low) / r->v[CSIM_MET_CYCLES].est * 100.0;
    }
    double p90, max;
    if (n_w) {
        csim_cmp_stats(buf, n_w, median, &p90, &max);
    }
    return n_w;
}

static void range_stats(const csim_comparison *cmp, const csim_cmp_row *rows, size_t n, const char *id, double *buf,
                        csim_cmp_summary *s)
{
    s->has_range = width_stats(cmp, rows, n, id, false, buf, &s->inside_count, &s->width_median) > 0;
    s->interval_count = width_stats(cmp, rows, n, id, true, buf, &s->interval_inside_count, &s->interval_width_median);
    s->has_interval = s->interval_count > 0;
    for (size_t k = 0; k < n && s->has_interval; k++) {
        s->interval_pct = rows[k].has_interval ? rows[k].c->interval_pct : s->interval_pct;
    }
}

/* Summaries of one metric: per section in page order, then overall. */
static bool summarise(csim_comparison *cmp, csim_metric m, size_t *cap)
{
    const csim_cmp_row *rows = m == CSIM_MET_CYCLES ? cmp->cycles : cmp->footprint;
    size_t n = m == CSIM_MET_CYCLES ? cmp->n_cycles : cmp->n_footprint;
    double *sec = malloc((n ? n : 1) * sizeof(*sec));
    bool ok = sec != NULL;
    for (size_t i = 0; ok && i <= n; i++) {
        /* One pass per section, at its first row; i == n is the overall pass. */
        const char *id = i < n ? rows[i].pub->section : NULL;
        bool first = true;
        for (size_t k = 0; id && k < i; k++) {
            first &= strcmp(rows[k].pub->section, id) != 0;
        }
        if (!first) {
            continue;
        }
        size_t n_sec = 0;
        for (size_t k = 0; k < n; k++) {
            double d = csim_cmp_deviation(cmp->framing, rows[k].v[m]);
            if (rows[k].failed || isnan(d) || (id && strcmp(rows[k].pub->section, id) != 0)) {
                continue;
            }
            sec[n_sec++] = cmp->framing == CSIM_FRAME_ERROR ? fabs(d) : d;
        }
        if (!n_sec) {
            continue;
        }
        if (!(ok = PUSH(cmp->summary, cmp->n_summary, *cap))) {
            break;
        }
        csim_cmp_summary *s = &cmp->summary[cmp->n_summary - 1];
        memset(s, 0, sizeof(*s));
        if (id) {
            snprintf(s->section, sizeof(s->section), "%s", id);
            snprintf(s->section_title, sizeof(s->section_title), "%s", rows[i].pub->section_title);
        }
        s->overall = !id;
        s->metric = m;
        s->count = n_sec;
        csim_cmp_stats(sec, n_sec, &s->median, &s->p90, &s->max);
        if (m == CSIM_MET_CYCLES) {
            extra_stats(cmp, rows, n, id, sec, s);
            range_stats(cmp, rows, n, id, sec, s);
        }
    }
    free(sec);
    return ok;
}

csim_err csim_compare_build(csim_comparison *cmp, const csim_cmp_image *images, size_t n_images,
                            const csim_model *model, bool warm, const csim_pub_table *page,
                            const csim_case_result *cases, size_t n_cases, csim_diag *diag)
{
    return csim_compare_build_ext(cmp, images, n_images, model, warm, page, cases, n_cases, NULL, diag);
}

csim_err csim_compare_build_ext(csim_comparison *cmp, const csim_cmp_image *images, size_t n_images,
                                const csim_model *model, bool warm, const csim_pub_table *page,
                                const csim_case_result *cases, size_t n_cases, const csim_cmp_extra *extra,
                                csim_diag *diag)
{
    memset(cmp, 0, sizeof(*cmp));
    cmp->state_checked = extra && extra->other_state && extra->n_cases == n_cases;
    cmp->baselines = extra && extra->zero_wait && extra->n_cases == n_cases;
    cmp->range_keys = extra ? extra->range_keys : NULL;
    cmp->n_range_keys = extra ? extra->n_range_keys : 0;
    cmp->images = images;
    cmp->n_images = n_images;
    cmp->cases = cases;
    cmp->model = model;
    cmp->page = page;
    cmp->warm = warm;
    frame(cmp);
    size_t cap_c = 0, cap_f = 0, cap_up = 0, cap_uc = 0, cap_s = 0;
    bool *used = calloc(n_cases ? n_cases : 1, sizeof(*used));
    bool ok = used != NULL;
    /* Cycles rows: the first case carrying the row's key. */
    for (size_t i = 0; ok && i < page->n_rows; i++) {
        const csim_pub_row *p = &page->rows[i];
        if (p->kind != CSIM_ROW_CYCLES) {
            continue;
        }
        size_t k = 0;
        while (k < n_cases && (used[k] || strcmp(case_key(&cases[k]), p->key) != 0)) {
            k++;
        }
        if (k == n_cases) {
            if ((ok = PUSH(cmp->unmatched_pub, cmp->n_unmatched_pub, cap_up))) {
                cmp->unmatched_pub[cmp->n_unmatched_pub - 1] = p;
            }
            continue;
        }
        used[k] = true;
        csim_cmp_row *r = new_row(&cmp->cycles, &cmp->n_cycles, &cap_c, p);
        if (!(ok = r != NULL)) {
            break;
        }
        r->c = &cases[k];
        r->n_cases = 1;
        r->failed = cases[k].status != 0;
        double pub = p->measure == CSIM_PUB_RATE ? p->rate_MBps : p->measure == CSIM_PUB_TIME ? p->time_us
                                                                                             : p->cycles;
        r->v[CSIM_MET_CYCLES] = (csim_cmp_value){case_figure(&cases[k], CSIM_MET_CYCLES),
                                                 csim_cmp_cycles_of(cmp, p, &cases[k], pub)};
        if ((r->ranged = cases[k].ranged)) {
            r->low = (double)cases[k].cycles_low;
            r->high = (double)cases[k].cycles_high;
            r->inside = r->low <= r->v[CSIM_MET_CYCLES].pub && r->v[CSIM_MET_CYCLES].pub <= r->high;
            cmp->ranged = true;
        }
        if ((r->has_interval = cases[k].has_interval)) {
            r->int_low = (double)cases[k].interval_low;
            r->int_high = (double)cases[k].interval_high;
            r->in_interval = r->int_low <= r->v[CSIM_MET_CYCLES].pub && r->v[CSIM_MET_CYCLES].pub <= r->int_high;
            r->op_class = cases[k].op_class;
        }
        add_extra(cmp, r, extra, k);
    }
    for (size_t k = 0; ok && k < n_cases; k++) {
        if (!used[k] && (ok = PUSH(cmp->unmatched_cases, cmp->n_unmatched_cases, cap_uc))) {
            cmp->unmatched_cases[cmp->n_unmatched_cases - 1] = &cases[k];
        }
    }
    /* Footprint rows, and cycles rows that carry footprint figures (ML-DSA):
     * every case they cover; the estimate is the largest of those cases'. */
    for (size_t i = 0; ok && i < page->n_rows; i++) {
        const csim_pub_row *p = &page->rows[i];
        bool fp_row = p->kind == CSIM_ROW_FOOTPRINT;
        if (!fp_row && !has_footprint(p)) {
            continue;
        }
        csim_cmp_row r;
        memset(&r, 0, sizeof(r));
        for (int m = 0; m < CSIM_MET_COUNT; m++) {
            r.v[m].est = NAN;
            r.v[m].pub = m == CSIM_MET_CYCLES ? NAN : pub_figure(p, (csim_metric)m);
        }
        for (size_t k = 0; k < n_cases; k++) {
            const char *key = case_key(&cases[k]);
            if (fp_row ? csim_pub_find(page, key, CSIM_ROW_FOOTPRINT) != p : strcmp(key, p->key) != 0) {
                continue;
            }
            r.c = r.c ? r.c : &cases[k];
            r.n_cases++;
            r.failed |= cases[k].status != 0;
            for (int m = CSIM_MET_CODE; m < CSIM_MET_COUNT; m++) {
                double e = case_figure(&cases[k], (csim_metric)m);
                if (!isnan(e) && (isnan(r.v[m].est) || e > r.v[m].est)) {
                    r.v[m].est = e;
                }
            }
        }
        if (!r.n_cases) {
            /* An unmatched cycles row is listed once, from the cycles pass. */
            if (fp_row && (ok = PUSH(cmp->unmatched_pub, cmp->n_unmatched_pub, cap_up))) {
                cmp->unmatched_pub[cmp->n_unmatched_pub - 1] = p;
            }
            continue;
        }
        csim_cmp_row *dst = new_row(&cmp->footprint, &cmp->n_footprint, &cap_f, p);
        if (!(ok = dst != NULL)) {
            break;
        }
        r.pub = p;
        *dst = r;
    }
    if (ok && cmp->n_unmatched_pub) {
        /* Page order: cycles and footprint rows were collected in two passes. */
        qsort(cmp->unmatched_pub, cmp->n_unmatched_pub, sizeof(*cmp->unmatched_pub), cmp_row_order);
    }
    size_t n_both = 0;
    for (size_t k = 0; k < cmp->n_cycles; k++) {
        n_both += cmp->cycles[k].ranged && cmp->cycles[k].c->range_both_states;
    }
    if (n_both) {
        note(cmp, "range: the %zu state-sensitive rows' ranges cover the cold and the warm start (the page does "
                  "not say which its rows were measured in)", n_both);
    }
    if (cmp->ranged && cmp->n_range_keys) {
        char keys[240] = "";
        for (size_t k = 0; k < cmp->n_range_keys; k++) {
            snprintf(keys + strlen(keys), sizeof(keys) - strlen(keys), "%s%s", k ? ", " : "", cmp->range_keys[k]);
        }
        note(cmp, "range: over %s only (--range-keys): no calibrated interval", keys);
    }
    for (int m = 0; ok && m < CSIM_MET_COUNT; m++) {
        ok = summarise(cmp, (csim_metric)m, &cap_s);
    }
    free(used);
    if (!ok) {
        csim_compare_free(cmp);
        return csim_fail(diag, CSIM_ERR_NOMEM, "out of memory");
    }
    return CSIM_OK;
}

const csim_cmp_image *csim_cmp_image_of(const csim_comparison *cmp, const csim_case_result *c)
{
    size_t k = (size_t)(c - cmp->cases);
    for (size_t i = 0; i < cmp->n_images; i++) {
        if (k - cmp->images[i].first_case < cmp->images[i].n_cases) {
            return &cmp->images[i];
        }
    }
    return NULL;
}

void csim_compare_free(csim_comparison *cmp)
{
    free(cmp->cycles);
    free(cmp->footprint);
    free(cmp->unmatched_pub);
    free(cmp->unmatched_cases);
    free(cmp->summary);
    memset(cmp, 0, sizeof(*cmp));
}
