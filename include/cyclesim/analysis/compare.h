/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compare.h - estimates of a run set against measured results (a published
 * page or a board output): rows matched by key in both directions, per-row
 * error or ratio, and summaries per section (docs/compare.md).  compare.c
 * builds it; the writers of cyclesim/output/compare_report.h print it.
 */
#ifndef CYCLESIM_COMPARE_H
#define CYCLESIM_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "cyclesim/backends/elf.h"
#include "cyclesim/model/model.h"
#include "cyclesim/analysis/published.h"
#include "cyclesim/engine/sim.h"

/* What is compared: cycles, then the footprint columns of the pages. */
typedef enum csim_metric {
    CSIM_MET_CYCLES,
    CSIM_MET_CODE,
    CSIM_MET_CONST,
    CSIM_MET_DATA,
    CSIM_MET_STACK,
    CSIM_MET_WORKBUF,
    CSIM_MET_COUNT
} csim_metric;

extern const char *const csim_metric_names[CSIM_MET_COUNT]; /* "cycles", "code", ... (JSON names) */

/* One figure: NAN where missing (not published, not measured). */
typedef struct csim_cmp_value {
    double est, pub;
} csim_cmp_value;

/* The simple models every cycles row is also priced with (compare
 * --baselines, docs/compare.md): a timing model earns its complexity only
 * where it beats them.  All three come from one run of the same cases with
 * flash.interface=zero_wait (the core tables at zero wait states). */
typedef enum csim_baseline {
    CSIM_BASE_CPI1,      /* one cycle per instruction */
    CSIM_BASE_ZW,        /* the zero-wait core table */
    CSIM_BASE_ZW_DATA1,  /* the zero-wait table + 1 cycle per flash data read */
    CSIM_BASE_COUNT
} csim_baseline;

extern const char *const csim_baseline_names[CSIM_BASE_COUNT]; /* JSON names */

/* A row is state-sensitive when its cold and warm estimates differ by more
 * than this share of the cold estimate, in per cent. */
#define CSIM_CMP_STATE_PCT 1.0

/* Results of the same cases (same images, same ranges, same order) from
 * other runs; either may be NULL. */
typedef struct csim_cmp_extra {
    const csim_case_result *other_state; /* the other start state (cold <-> warm) */
    const csim_case_result *zero_wait;   /* flash.interface=zero_wait, cold */
    size_t n_cases;                      /* entries of each array given */
    const char *const *range_keys;       /* compare --range-keys: the keys of the range (none: every one) */
    size_t n_range_keys;
} csim_cmp_extra;

/* A published cycles row and its case, or a footprint row (or a cycles row
 * that carries footprint figures, ML-DSA) and the cases it covers. */
typedef struct csim_cmp_row {
    const csim_pub_row *pub;
    const csim_case_result *c;  /* cycles: the matched case, or NULL; footprint: the first case */
    size_t n_cases;             /* cases matched */
    bool failed;                /* a matched case failed its check: kept out of the summaries */
    csim_cmp_value v[CSIM_MET_COUNT];
    /* cycles rows, NAN / false when the run was not made: */
    double other_state;         /* estimate from the other start state */
    bool state_sensitive;       /* cold and warm differ by more than CSIM_CMP_STATE_PCT */
    double base[CSIM_BASE_COUNT]; /* baseline estimates */
    /* compare --range: the case's range in cycles, and whether the measured figure lies in it */
    bool ranged, inside;
    double low, high;
    /* and its calibrated interval (analysis/interval.h), when its class has one */
    bool has_interval, in_interval;
    double int_low, int_high;
    const char *op_class;
} csim_cmp_row;

/* The statistics of one metric over one section (or "" = every section). */
typedef struct csim_cmp_summary {
    bool overall;               /* every section together */
    char section[16];
    char section_title[96];
    csim_metric metric;
    size_t count;
    double median, p90, max;
    /* cycles only, where the extra runs were made: the rows whose estimate does
     * not depend on the start state, and each baseline on all `count` rows */
    bool has_stable, has_base;
    size_t stable_count;
    double stable_median, stable_p90, stable_max;
    double base_median[CSIM_BASE_COUNT], base_p90[CSIM_BASE_COUNT], base_max[CSIM_BASE_COUNT];
    /* cycles with --range: rows whose measured figure lies in their range (of `count`),
     * and the median of (high - low) / estimate, in per cent */
    bool has_range;
    size_t inside_count;
    double width_median;
    /* and of the rows with a calibrated interval (interval_count of them) */
    bool has_interval;
    size_t interval_count, interval_inside_count;
    double interval_width_median;
    unsigned interval_pct;      /* the interval's nominal coverage */
} csim_cmp_summary;

typedef enum csim_framing {
    CSIM_FRAME_ERROR, /* estimate of the same code: signed error (est - pub) / pub */
    CSIM_FRAME_RATIO, /* the open implementation against ST's library: est / pub */
} csim_framing;

#define CSIM_CMP_MAX_NOTES 8

/* One firmware image of the comparison and its cases in the case array. */
typedef struct csim_cmp_image {
    const csim_elf *elf;
    char backend[16];           /* its bench_backend ("open", "cmox4"); "" unknown */
    char rt[32];                /* its run-time helper set (bench_rt; rt_helpers.h) */
    const csim_elf *rt_alt;     /* --rt-alt: the same firmware with the other set, NULL: none */
    char rt_alt_set[32];        /* and that set */
    size_t first_case, n_cases; /* cases[first_case .. first_case + n_cases) */
} csim_cmp_image;

typedef struct csim_comparison {
    const csim_cmp_image *images; /* command-line order */
    size_t n_images;
    const csim_case_result *cases; /* every image's cases, image after image */
    const csim_model *model;
    const csim_pub_table *page;
    bool warm;
    bool state_checked;         /* rows carry other_state and state_sensitive */
    bool baselines;             /* rows carry base[] */
    bool ranged;                /* cycles rows carry their range (compare --range) */
    const char *const *range_keys; /* --range-keys: the range's keys only, no interval; n_range_keys 0: every key */
    size_t n_range_keys;
    size_t n_state_sensitive;   /* cycles rows marked state-sensitive */
    csim_framing framing;       /* ratio when an image runs the open implementation against a page */
    char notes[CSIM_CMP_MAX_NOTES][320]; /* notes[0..n_notes): shown at the top of every format */
    size_t n_notes;
    bool version_mismatch;      /* notes[0] says the CMOX versions differ */
    bool mixed_backends;        /* open and other images against a page: a note says so */
    csim_cmp_row *cycles;       /* matched published cycle rows, page order */
    size_t n_cycles;
    csim_cmp_row *footprint;    /* matched footprint rows, page order */
    size_t n_footprint;
    const csim_pub_row **unmatched_pub; /* published rows with no case, page order */
    size_t n_unmatched_pub;
    const csim_case_result **unmatched_cases; /* cases with no published cycles row */
    size_t n_unmatched_cases;
    csim_cmp_summary *summary;  /* per metric: per section, then overall; only where count > 0 */
    size_t n_summary;
} csim_comparison;

/** csim_compare_build - match the cases of every image against the page and
 *  summarise.  The images' case ranges cover cases[0..n_cases) in order, and
 *  no two images share a key (else a row would meet
 *  the case of the first).  The result points into
 *  images, model, page and cases, which must outlive it. */
csim_err csim_compare_build(csim_comparison *cmp, const csim_cmp_image *images, size_t n_images,
                            const csim_model *model, bool warm, const csim_pub_table *page,
                            const csim_case_result *cases, size_t n_cases, csim_diag *diag);
/** csim_compare_build_ext - the same, with the other start state (marks the
 *  state-sensitive rows) and the baselines from `extra` (NULL: neither). */
csim_err csim_compare_build_ext(csim_comparison *cmp, const csim_cmp_image *images, size_t n_images,
                                const csim_model *model, bool warm, const csim_pub_table *page,
                                const csim_case_result *cases, size_t n_cases, const csim_cmp_extra *extra,
                                csim_diag *diag);
void csim_compare_free(csim_comparison *cmp);

/** csim_cmp_image_of - the image a case of the comparison came from. */
const csim_cmp_image *csim_cmp_image_of(const csim_comparison *cmp, const csim_case_result *c);

/** csim_cmp_cycles_of - a published figure of row p (cycles, a time in µs or a
 *  rate in the page's MB/s) as cycles at the model's clock for case c (a rate
 *  needs the case's bytes= parameter); NAN when it cannot be converted. */
double csim_cmp_cycles_of(const csim_comparison *cmp, const csim_pub_row *p, const csim_case_result *c,
                          double figure);

/** csim_cmp_in_page_unit - cycles of row r in the unit its page publishes
 *  (ms or MB/s at the model's clock; cycles for cycle pages). */
double csim_cmp_in_page_unit(const csim_comparison *cmp, const csim_cmp_row *r, double cycles);

/** csim_cmp_deviation - the per-row figure of the framing: error in percent or
 *  ratio; NAN when either side is missing or the published figure is 0. */
double csim_cmp_deviation(csim_framing f, csim_cmp_value v);

/** csim_cmp_stats - median, 90th percentile (nearest rank) and maximum of the
 *  n values (sorted in place); docs/compare.md defines them.  n > 0. */
void csim_cmp_stats(double *values, size_t n, double *median, double *p90, double *max);

#endif
