/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_compare.c - the comparison core (src/analysis/compare.c) without the emulator:
 * the statistics on small hand-made sets, the per-row error and ratio, and
 * the matching of hand-made cases against a hand-made page.  Every expected
 * value is worked out by hand in the comments.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cyclesim/analysis/compare.h"

static int failures, checks;

#define CHECK(what, cond)                                        \
    do {                                                         \
        checks++;                                                \
        if (!(cond)) {                                           \
            failures++;                                          \
            printf("FAIL %s:%d %s\n", __FILE__, __LINE__, what); \
        }                                                        \
    } while (0)

#define CHECK_NUM(what, got, want)                                                                        \
    do {                                                                                                  \
        double g_ = (got), w_ = (want);                                                                   \
        checks++;                                                                                         \
        if (!(fabs(g_ - w_) <= 1e-12 * fabs(w_)) && !(isnan(g_) && isnan(w_))) {                          \
            failures++;                                                                                   \
            printf("FAIL %s:%d %s: got %.17g, want %.17g\n", __FILE__, __LINE__, what, g_, w_);           \
        }                                                                                                 \
    } while (0)

static void stats(const char *what, const double *in, size_t n, double median, double p90, double max)
{
    double v[32], m, p, x;
    memcpy(v, in, n * sizeof(*v));
    csim_cmp_stats(v, n, &m, &p, &x);
    printf("%s: median %g p90 %g max %g\n", what, m, p, x);
    CHECK_NUM(what, m, median);
    CHECK_NUM(what, p, p90);
    CHECK_NUM(what, x, max);
}

/* Nearest rank: the p90 is the ceil(0.9 n)-th smallest value (1-based);
 * the median of an even count is the mean of the two middle values. */
static void test_stats(void)
{
    const double one[] = {7};
    stats("n=1", one, 1, 7, 7, 7); /* rank ceil(0.9) = 1 */
    const double five[] = {5, 1, 4, 2, 3};
    stats("n=5", five, 5, 3, 5, 5); /* sorted 1..5; rank ceil(4.5) = 5 */
    const double four[] = {10, 2, 8, 4};
    stats("n=4", four, 4, 6, 10, 10); /* sorted 2 4 8 10; median (4+8)/2; rank ceil(3.6) = 4 */
    const double ten[] = {10, 9, 8, 7, 6, 5, 4, 3, 2, 1};
    stats("n=10", ten, 10, 5.5, 9, 10); /* rank ceil(9.0) = 9: exactly 9, not 10 */
    const double eleven[] = {0.5, 11, 3, 3, 3, 9, 1, 2, 40, 6, 7};
    /* sorted 0.5 1 2 3 3 3 6 7 9 11 40: median the 6th = 3; rank ceil(9.9) = 10 -> 11 */
    stats("n=11", eleven, 11, 3, 11, 40);
    double twenty[20];
    for (int i = 0; i < 20; i++) {
        twenty[i] = 20 - i;
    }
    stats("n=20", twenty, 20, 10.5, 18, 20); /* rank ceil(18.0) = 18 */
}

static void test_deviation(void)
{
    csim_cmp_value v = {110, 100};
    CHECK_NUM("error +10%", csim_cmp_deviation(CSIM_FRAME_ERROR, v), 10);
    CHECK_NUM("ratio 1.1", csim_cmp_deviation(CSIM_FRAME_RATIO, v), 1.1);
    v = (csim_cmp_value){75, 100};
    CHECK_NUM("error -25%", csim_cmp_deviation(CSIM_FRAME_ERROR, v), -25);
    v = (csim_cmp_value){5, 0};
    CHECK("published 0: no error", isnan(csim_cmp_deviation(CSIM_FRAME_ERROR, v)));
    v = (csim_cmp_value){NAN, 100};
    CHECK("not measured: no error", isnan(csim_cmp_deviation(CSIM_FRAME_ERROR, v)));
    v = (csim_cmp_value){100, NAN};
    CHECK("not published: no ratio", isnan(csim_cmp_deviation(CSIM_FRAME_RATIO, v)));
}

static csim_pub_row pub(const char *key, csim_row_kind kind, const char *section, double cycles)
{
    csim_pub_row r;
    memset(&r, 0, sizeof(r));
    snprintf(r.key, sizeof(r.key), "%s", key);
    snprintf(r.section, sizeof(r.section), "%s", section);
    snprintf(r.section_title, sizeof(r.section_title), "section %s", section);
    r.kind = kind;
    r.cycles = cycles;
    r.time_us = r.code = r.const_data = r.global_data = r.stack = r.workbuf = NAN;
    return r;
}

static csim_case_result case_of(const char *name, const char *row, uint64_t cycles)
{
    csim_case_result c;
    memset(&c, 0, sizeof(c));
    snprintf(c.name, sizeof(c.name), "%s", name);
    snprintf(c.row, sizeof(c.row), "%s", row);
    c.cycles = cycles;
    return c;
}

static csim_cmp_image image(const csim_elf *elf, const char *backend, size_t first, size_t n)
{
    csim_cmp_image im = {.elf = elf, .first_case = first, .n_cases = n};
    snprintf(im.backend, sizeof(im.backend), "%s", backend);
    return im;
}

static const csim_cmp_summary *summary(const csim_comparison *c, const char *section, csim_metric m)
{
    for (size_t i = 0; i < c->n_summary; i++) {
        const csim_cmp_summary *s = &c->summary[i];
        if (s->metric == m && (section ? !s->overall && strcmp(s->section, section) == 0 : s->overall)) {
            return s;
        }
    }
    return NULL;
}

/* Page: section 1 cycles x/a 100, x/b 200, x/c 400 and footprint "x/(star)" (code
 * 1000, stack 100); section 2 cycles y/d 1000 carrying stack 50 (like ML-DSA).
 * Cases: x/a 110 cycles (code 900), x/b 180 (code 950, stack 120), y/d 1500
 * (stack 40), one with an unknown row and one with none. */
static void test_build(void)
{
    csim_pub_row rows[5] = {
        pub("x/a", CSIM_ROW_CYCLES, "1", 100), pub("x/b", CSIM_ROW_CYCLES, "1", 200),
        pub("x/c", CSIM_ROW_CYCLES, "1", 400), pub("x/*", CSIM_ROW_FOOTPRINT, "1", NAN),
        pub("y/d", CSIM_ROW_CYCLES, "2", 1000),
    };
    rows[3].code = 1000;
    rows[3].stack = 100;
    rows[4].stack = 50;
    csim_pub_table page = {.rows = rows, .n_rows = 5, .library_major = 5, .latency = -1, .icache = -1};
    csim_case_result cases[5] = {
        case_of("case-a", "x/a", 110), case_of("case-b", "x/b", 180), case_of("case-d", "y/d", 1500),
        case_of("case-e", "zzz", 5), case_of("selftest", "", 7),
    };
    cases[0].code_bytes = 900;
    cases[1].code_bytes = 950;
    cases[1].stack_bytes = 120;
    cases[2].stack_bytes = 40;
    csim_model model;
    memset(&model, 0, sizeof(model));
    csim_elf elf;
    memset(&elf, 0, sizeof(elf));
    csim_comparison c;
    csim_diag d = {0};
    csim_cmp_image im = image(&elf, "cmox5", 0, 5);

    CHECK("build", csim_compare_build(&c, &im, 1, &model, false, &page, cases, 5, &d) == CSIM_OK);
    CHECK("same CMOX version: no banner", !c.version_mismatch && c.framing == CSIM_FRAME_ERROR);
    CHECK_NUM("matched cycle rows", (double)c.n_cycles, 3);
    CHECK("cycles order and keys", c.n_cycles == 3 && c.cycles[0].c == &cases[0] && c.cycles[1].c == &cases[1] &&
                                       c.cycles[2].c == &cases[2]);
    CHECK_NUM("unmatched published", (double)c.n_unmatched_pub, 1);
    CHECK("unmatched published is x/c", c.n_unmatched_pub == 1 && c.unmatched_pub[0] == &rows[2]);
    CHECK_NUM("unmatched cases", (double)c.n_unmatched_cases, 2);
    CHECK("unmatched cases e and selftest", c.n_unmatched_cases == 2 && c.unmatched_cases[0] == &cases[3] &&
                                                c.unmatched_cases[1] == &cases[4]);
    /* Footprint: "x/(star)" covers a and b: code max(900, 950) = 950, stack 120 (a has none);
     * y/d's own stack figure against case d's 40. */
    CHECK_NUM("footprint rows", (double)c.n_footprint, 2);
    if (c.n_footprint == 2) {
        CHECK_NUM("x/* cases", (double)c.footprint[0].n_cases, 2);
        CHECK_NUM("x/* code est", c.footprint[0].v[CSIM_MET_CODE].est, 950);
        CHECK_NUM("x/* code pub", c.footprint[0].v[CSIM_MET_CODE].pub, 1000);
        CHECK_NUM("x/* stack est", c.footprint[0].v[CSIM_MET_STACK].est, 120);
        CHECK("x/* const not measured", isnan(c.footprint[0].v[CSIM_MET_CONST].est));
        CHECK_NUM("y/d stack est", c.footprint[1].v[CSIM_MET_STACK].est, 40);
        CHECK_NUM("y/d stack pub", c.footprint[1].v[CSIM_MET_STACK].pub, 50);
    }
    /* Cycles errors: +10 %, -10 %, +50 %.  Section 1 {10, 10}: median 10, p90 10;
     * section 2 {50}; overall {10, 10, 50}: median 10, rank ceil(2.7) = 3 -> 50. */
    const csim_cmp_summary *s;
    CHECK("summary 1 cycles", (s = summary(&c, "1", CSIM_MET_CYCLES)) && s->count == 2 && s->median == 10 &&
                                  s->p90 == 10 && s->max == 10);
    CHECK("summary 2 cycles", (s = summary(&c, "2", CSIM_MET_CYCLES)) && s->count == 1 && s->max == 50);
    CHECK("summary all cycles", (s = summary(&c, NULL, CSIM_MET_CYCLES)) && s->count == 3 && s->median == 10 &&
                                    s->p90 == 50 && s->max == 50);
    /* Footprint: code |-5 %| in section 1 only; stack +20 % (1) and -20 % (2). */
    CHECK("summary code", (s = summary(&c, NULL, CSIM_MET_CODE)) && s->count == 1 && fabs(s->max - 5) < 1e-12);
    CHECK("summary stack", (s = summary(&c, NULL, CSIM_MET_STACK)) && s->count == 2 &&
                               fabs(s->median - 20) < 1e-12);
    CHECK("no const summary (nothing measured)", !summary(&c, NULL, CSIM_MET_CONST));
    csim_compare_free(&c);

    /* A failed case stays in the rows but leaves the summaries; the open back
     * end against a page is framed as a ratio; V4 against a V5 page is flagged. */
    cases[1].status = 3;
    im = image(&elf, "open", 0, 5);
    CHECK("build open", csim_compare_build(&c, &im, 1, &model, false, &page, cases, 5, &d) == CSIM_OK);
    CHECK("open: ratio", c.framing == CSIM_FRAME_RATIO && !c.version_mismatch);
    CHECK("failed row kept", c.n_cycles == 3 && c.cycles[1].failed);
    /* Ratios without b: 1.1 (section 1) and 1.5 (section 2). */
    CHECK("failed left out of summary 1", (s = summary(&c, "1", CSIM_MET_CYCLES)) && s->count == 1 &&
                                              fabs(s->median - 1.1) < 1e-12);
    CHECK("failed left out of footprint summaries", !summary(&c, "1", CSIM_MET_CODE));
    csim_compare_free(&c);
    im = image(&elf, "cmox4", 0, 5);
    CHECK("build cmox4", csim_compare_build(&c, &im, 1, &model, false, &page, cases, 5, &d) == CSIM_OK);
    CHECK("cmox4 vs V5: banner first", c.version_mismatch && c.n_notes >= 1 &&
                                           strstr(c.notes[0], "CMOX version mismatch") != NULL);
    csim_compare_free(&c);
    /* A board output is the same code measured: always an error, never a ratio. */
    page.board_output = true;
    page.library_major = 0;
    im = image(&elf, "open", 0, 5);
    CHECK("build board", csim_compare_build(&c, &im, 1, &model, false, &page, cases, 5, &d) == CSIM_OK);
    CHECK("board: error framing", c.framing == CSIM_FRAME_ERROR && !c.version_mismatch);
    csim_compare_free(&c);
}

/* Rate and time rows (Oryx's pages): converted to cycles at the model's clock
 * with the page's MB and the case's bytes= parameter; the error is that of the
 * time.  56 MHz, 4096 bytes, 1 MB = 2^20 B: 2 MB/s -> 4096 * 56e6 / 2^21 =
 * 109375 cycles; 500 ms -> 28e6 cycles. */
static void test_rates(void)
{
    csim_pub_row rows[3] = {pub("r/a", CSIM_ROW_CYCLES, "1", NAN), pub("r/b", CSIM_ROW_CYCLES, "1", NAN),
                            pub("t/c", CSIM_ROW_CYCLES, "2", NAN)};
    rows[0].measure = rows[1].measure = CSIM_PUB_RATE;
    rows[0].rate_MBps = rows[1].rate_MBps = 2;
    rows[2].measure = CSIM_PUB_TIME;
    rows[2].time_us = 500e3;
    csim_pub_table page = {.rows = rows, .n_rows = 3, .latency = -1, .icache = -1, .mb_bytes = 1048576};
    csim_case_result cases[3] = {case_of("a", "r/a", 100000), case_of("b", "r/b", 100000),
                                 case_of("c", "t/c", 30800000)};
    snprintf(cases[0].params, sizeof(cases[0].params), "bytes=4096");
    snprintf(cases[2].params, sizeof(cases[2].params), "curve=x;bytes=32");
    csim_model model;
    memset(&model, 0, sizeof(model));
    model.clock_hz = 56000000;
    csim_elf elf;
    memset(&elf, 0, sizeof(elf));
    csim_cmp_image im = image(&elf, "cyclone", 0, 3);
    csim_comparison c;
    csim_diag d = {0};
    CHECK("build rates", csim_compare_build(&c, &im, 1, &model, false, &page, cases, 3, &d) == CSIM_OK);
    CHECK("cyclone back end: error framing", c.framing == CSIM_FRAME_ERROR);
    CHECK_NUM("rate as cycles", c.cycles[0].v[0].pub, 109375);
    CHECK("rate without bytes=: not converted", isnan(c.cycles[1].v[0].pub));
    CHECK_NUM("time as cycles", c.cycles[2].v[0].pub, 28e6);
    CHECK_NUM("time error %", csim_cmp_deviation(c.framing, c.cycles[2].v[0]), 10);
    CHECK_NUM("estimate in MB/s", csim_cmp_in_page_unit(&c, &c.cycles[0], 100000), 2.1875);
    CHECK_NUM("estimate in ms", csim_cmp_in_page_unit(&c, &c.cycles[2], 30800000), 550);
    bool said = false;
    for (size_t i = 0; i < c.n_notes; i++) {
        said |= strstr(c.notes[i], "1 MB = 2^20 bytes") && strstr(c.notes[i], "56 MHz");
    }
    CHECK("the unit convention and the clock are stated", said);
    csim_compare_free(&c);
}

/* Two images: the cases keep theirs, and the back ends of both frame the report. */
static void test_images(void)
{
    csim_pub_row rows[2] = {pub("x/a", CSIM_ROW_CYCLES, "1", 100), pub("y/d", CSIM_ROW_CYCLES, "2", 1000)};
    csim_pub_table page = {.rows = rows, .n_rows = 2, .library_major = 5, .latency = -1, .icache = -1};
    csim_case_result cases[3] = {case_of("case-a", "x/a", 110), case_of("case-e", "zzz", 5),
                                 case_of("case-d", "y/d", 1500)};
    csim_model model;
    memset(&model, 0, sizeof(model));
    csim_elf elf[2];
    memset(elf, 0, sizeof(elf));
    csim_comparison c;
    csim_diag d = {0};
    /* Cases 0 and 1 from the first image, case 2 from the second. */
    csim_cmp_image im[2] = {image(&elf[0], "cmox4", 0, 2), image(&elf[1], "cmox4", 2, 1)};

    CHECK("build two cmox4", csim_compare_build(&c, im, 2, &model, false, &page, cases, 3, &d) == CSIM_OK);
    CHECK("both rows matched", c.n_cycles == 2 && c.cycles[0].c == &cases[0] && c.cycles[1].c == &cases[2]);
    CHECK("image of each case", csim_cmp_image_of(&c, &cases[0]) == &im[0] &&
                                    csim_cmp_image_of(&c, &cases[1]) == &im[0] &&
                                    csim_cmp_image_of(&c, &cases[2]) == &im[1]);
    CHECK("every image V4 against V5: banner for the ELFs",
          c.version_mismatch && c.framing == CSIM_FRAME_ERROR && !c.mixed_backends && c.n_notes >= 1 &&
              strstr(c.notes[0], "CMOX version mismatch: the ELFs run CMOX V4, the page measured V5") == c.notes[0]);
    csim_compare_free(&c);

    /* One V4 image and one open: both said, and every row a ratio. */
    im[1] = image(&elf[1], "open", 2, 1);
    CHECK("build cmox4 + open", csim_compare_build(&c, im, 2, &model, false, &page, cases, 3, &d) == CSIM_OK);
    CHECK("mixed: ratio", c.framing == CSIM_FRAME_RATIO && c.mixed_backends);
    CHECK("mixed: 1 of 2 another version", c.version_mismatch && c.n_notes >= 2 &&
                                               strstr(c.notes[0], "1 of the 2 ELFs run another CMOX version") &&
                                               strstr(c.notes[1], "mixed back ends: 1 of the 2 ELFs run the open"));
    /* Ratios 110/100 and 1500/1000. */
    const csim_cmp_summary *s = summary(&c, NULL, CSIM_MET_CYCLES);
    CHECK("mixed: ratio summary", s && s->count == 2 && fabs(s->max - 1.5) < 1e-12 && fabs(s->median - 1.3) < 1e-12);
    csim_compare_free(&c);
}

int main(void)
{
    test_stats();
    test_deviation();
    test_build();
    test_rates();
    test_images();
    printf("%d checks, %d failures\n", checks, failures);
    return failures != 0;
}
