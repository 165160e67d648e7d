/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_sweep.c - the grid of `cyclesim sweep` without the command line or the
 * emulator (src/analysis/sweep.c): the option lists into clocks, latencies
 * and swept keys, the refusals with their messages, and the points of a grid
 * on one model: the reference manual's verdict on each and the runs that
 * points differing in the clock alone share.  Argument: the models directory.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/sweep.h"
#include "check.h"

/* The error an option gives, and its message holding `text`. */
static bool refused(csim_err err, const csim_diag *d, const char *text)
{
    if (err != CSIM_ERR_USAGE || !strstr(d->msg, text)) {
        fprintf(stderr, "  got %d \"%s\", expected usage error with \"%s\"\n", err, d->msg, text);
        return false;
    }
    return true;
}

static void test_clocks(grid *g)
{
    csim_diag d = {0};
    CHECK(sweep_parse_clocks(g, "16M:20M:2M,100.5k,4000000Hz", &d) == CSIM_OK);
    CHECK(g->n_clocks == 5);
    const uint32_t want[] = {16000000, 18000000, 20000000, 100500, 4000000};
    for (unsigned i = 0; i < 5 && i < g->n_clocks; i++) {
        CHECK(g->clocks[i] == want[i]);
    }
    CHECK(refused(sweep_parse_clocks(g, "1.5", &d), &d, "is not a whole number of Hz"));
    CHECK(refused(sweep_parse_clocks(g, "fast", &d), &d, "\"fast\" is not a frequency"));
    CHECK(refused(sweep_parse_clocks(g, "16M:20M", &d), &d, "a range is START:STOP:STEP"));
    CHECK(refused(sweep_parse_clocks(g, "20M:16M:1M", &d), &d, "needs START <= STOP"));
    CHECK(refused(sweep_parse_clocks(g, "16M,,20M", &d), &d, "an empty item"));
}

static void test_latencies_and_keys(grid *g)
{
    csim_diag d = {0};
    CHECK(g->auto_latency);
    CHECK(sweep_parse_latencies(g, "0,2", &d) == CSIM_OK);
    CHECK(!g->auto_latency && g->n_latencies == 2 && g->latencies[0] == 0 && g->latencies[1] == 2);
    CHECK(refused(sweep_parse_latencies(g, "-1", &d), &d, "is not auto or a wait-state count"));
    char set[] = "clock.hz=1,2";
    CHECK(refused(sweep_parse_set(g, set, &d), &d, "use --clock to sweep this key"));
    char unknown[] = "no.such.key=1";
    CHECK(refused(sweep_parse_set(g, unknown, &d), &d, "unknown model key \"no.such.key\""));
    CHECK(sweep_add_dim(g, "--prefetch", "flash.prefetch", "on,off", false, &d) == CSIM_OK);
    CHECK(g->n_dims == 1 && g->dims[0].n == 2 && strcmp(g->dims[0].vals[1], "off") == 0 && !g->dims[0].column);
    CHECK(refused(sweep_add_dim(g, "--prefetch", "flash.prefetch", "on", false, &d), &d, "is swept twice"));
}

/* Latency 0 and 2 at 16 and 56 MHz, prefetch on and off, on the U083 (RM0503,
 * range 1: 0 WS up to 24 MHz, 2 WS up to 56 MHz). */
static void test_points(const csim_model *base)
{
    grid *g = malloc(sizeof(*g));
    sweep s;
    csim_diag d = {0};
    sweep_grid_init(g);
    CHECK(sweep_parse_clocks(g, "16M,56M", &d) == CSIM_OK);
    CHECK(sweep_parse_latencies(g, "0,2", &d) == CSIM_OK);
    CHECK(sweep_add_dim(g, "--prefetch", "flash.prefetch", "on,off", false, &d) == CSIM_OK);
    CHECK(sweep_plan(g, base, false, &s, &d) == CSIM_OK);
    CHECK(s.n_configs == 4 && s.n_pts == 8);
    CHECK(s.n_runs == 4); /* the two clocks of a configuration share a run */
    for (size_t i = 0; i < s.n_pts; i++) {
        const point *p = &s.pts[i];
        bool zero_ws = p->m.flash.wait_states == 0, fast = p->m.clock_hz == 56000000;
        CHECK(p->outside == (zero_ws && fast));
        CHECK(s.jobs[p->run].model->flash.wait_states == p->m.flash.wait_states);
        CHECK(s.jobs[p->run].model->flash.prefetch == p->m.flash.prefetch);
    }
    CHECK(strstr(s.pts[1].reason, "0 WS is below the RM minimum of 2 WS at 56 MHz") != NULL);
    sweep_free(&s);
    CHECK(sweep_plan(g, base, true, &s, &d) == CSIM_OK);
    CHECK(s.n_runs == 8);
    sweep_free(&s);
    sweep_grid_free(g);

    /* Latency auto: the RM's minimum at each clock; above the maximum, the last row. */
    sweep_grid_init(g);
    CHECK(sweep_parse_clocks(g, "40M,60M", &d) == CSIM_OK);
    CHECK(sweep_plan(g, base, false, &s, &d) == CSIM_OK);
    CHECK(s.n_pts == 2 && s.pts[0].m.flash.wait_states == 1 && !s.pts[0].outside);
    CHECK(s.pts[1].rm_min == -1 && s.pts[1].outside && strstr(s.pts[1].reason, "above the RM maximum"));
    sweep_free(&s);
    sweep_grid_free(g);

    /* A grid larger than MAX_POINTS is refused before any point is made. */
    sweep_grid_init(g);
    CHECK(sweep_parse_clocks(g, "1M:512M:0.5M", &d) == CSIM_OK);
    CHECK(sweep_parse_latencies(g, "0,1,2,3,4", &d) == CSIM_OK);
    CHECK(refused(sweep_plan(g, base, false, &s, &d), &d, "the grid has 5115 points; at most 4096"));
    sweep_free(&s);
    sweep_grid_free(g);
    free(g);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_sweep MODELS_DIR\n");
        return 2;
    }
    grid *g = malloc(sizeof(*g));
    csim_model *base = malloc(sizeof(*base));
    csim_diag d = {0};
    if (!g || !base || csim_model_load(base, argv[1], "stm32u083rc", &d) != CSIM_OK) {
        fprintf(stderr, "test_sweep: cannot load stm32u083rc: %s\n", d.msg);
        return 1;
    }
    sweep_grid_init(g);
    test_clocks(g);
    sweep_grid_free(g);
    sweep_grid_init(g);
    test_latencies_and_keys(g);
    sweep_grid_free(g);
    test_points(base);
    free(g);
    free(base);
    return check_result("test_sweep");
}
