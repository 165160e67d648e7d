/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_range.c - the range of `run --range` without the emulator
 * (src/analysis/range.c): the keys and values a model's uncertain keys give,
 * the alternatives a model file states and the ones it may not, and the
 * envelope of the runs' cycles.  Arguments: the models directory, a work
 * directory.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cyclesim/analysis/range.h"
#include "check.h"

static csim_range_dim dims[CSIM_RANGE_MAX_DIMS];

static size_t dims_of(const csim_model *m) { return csim_range_dims(m, NULL, 0, dims, CSIM_RANGE_MAX_DIMS, NULL); }

/* Key `name` is a dimension with the values want[0..n) (the model's own first). */
static bool dim_is(size_t n_dims, const char *name, const double *want, unsigned n)
{
    for (size_t i = 0; i < n_dims; i++) {
        if (strcmp(dims[i].key->name, name) == 0) {
            return dims[i].n == n && memcmp(dims[i].v, want, n * sizeof(*want)) == 0;
        }
    }
    return n == 0;
}

static void test_dims(const char *models)
{
    csim_model m;
    csim_diag d = {0};
    CHECK(csim_model_load(&m, models, "stm32u083rc", &d) == CSIM_OK);
    const size_t n = dims_of(&m);
    CHECK(n > 0);
    for (size_t i = 0; i < n; i++) { /* uncertain, applying, with another value */
        CHECK(csim_key_uncertain(dims[i].key, &m) && csim_key_applies(dims[i].key, &m) && dims[i].n > 1);
    }
    CHECK(dim_is(n, "m0plus.fetch_limit", (double[]){0, 1}, 2)); /* a boolean: its own value, then the other */
    CHECK(dim_is(n, "cache.ways", (double[]){1, 32}, 2));        /* stm32u0.json's alternatives, its own 1 once */
    CHECK(dim_is(n, "m33.div_cycles", NULL, 0));                 /* an M33 key */
    CHECK(dim_is(n, "core.periph_wait", NULL, 0));               /* no alternative stated */
    const char *only[] = {"cache.ways", "flash.data_first"};
    CHECK(csim_range_dims(&m, only, 2, dims, CSIM_RANGE_MAX_DIMS, NULL) == 2);
    CHECK(csim_model_load(&m, models, "stm32u385rg", &d) == CSIM_OK);
    const size_t n3 = dims_of(&m);
    CHECK(dim_is(n3, "cache.ways", (double[]){1, 2}, 2));
    CHECK(dim_is(n3, "m33.div_cycles", (double[]){7, 2, 12}, 3)); /* the key's source's */
    CHECK(dim_is(n3, "cache.refill_overhead", (double[]){0, 1, 2}, 3)); /* the ICACHE's, stm32u3.json */
    CHECK(csim_model_load(&m, models, "stm32l552ze", &d) == CSIM_OK);
    CHECK(dim_is(dims_of(&m), "cache.refill_overhead", (double[]){0, 1, 2}, 3));
}

/* A model file in dir extending stm32u083rc with `uncertain` = list. */
static csim_err load_with(const char *dir, const char *list, csim_model *m, csim_diag *d)
{
    char path[512];
    snprintf(path, sizeof(path), "%s/t-range.json", dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        return CSIM_ERR_IO;
    }
    fprintf(f, "{\"version\": 1, \"kind\": \"mcu\", \"extends\": \"stm32u083rc\", \"uncertain\": %s}\n", list);
    fclose(f);
    memset(d, 0, sizeof(*d));
    return csim_model_load(m, dir, "t-range", d);
}

static void test_model_alternatives(const char *models, const char *work)
{
    char dir[512], from[1024], to[1024];
    snprintf(dir, sizeof(dir), "%s/range-models", work);
    mkdir(work, 0777);
    mkdir(dir, 0777);
    const char *names[] = {"cortex-m0plus", "stm32u0", "stm32u083rc"};
    for (size_t i = 0; i < 3; i++) {
        snprintf(from, sizeof(from), "%s/%s.json", models, names[i]);
        snprintf(to, sizeof(to), "%s/%s.json", dir, names[i]);
        unlink(to);
        CHECK(symlink(from, to) == 0);
    }
    csim_model m;
    csim_diag d;
    /* a key uncertain everywhere may be named to state its alternatives on this model */
    CHECK(load_with(dir, "[{\"key\": \"core.periph_wait\", \"alternatives\": [0, 2]}]", &m, &d) == CSIM_OK);
    CHECK(dim_is(dims_of(&m), "core.periph_wait", (double[]){0, 2}, 2));
    /* a later file's alternatives replace its family's */
    CHECK(load_with(dir, "[{\"key\": \"cache.ways\", \"alternatives\": [2]}]", &m, &d) == CSIM_OK);
    CHECK(dim_is(dims_of(&m), "cache.ways", (double[]){1, 2}, 2));
    CHECK(load_with(dir, "[{\"key\": \"cache.ways\", \"alternatives\": [0]}]", &m, &d) == CSIM_ERR_MODEL);
    CHECK(strstr(d.msg, "cache.ways: alternatives must be integers in [1, 64]"));
    CHECK(load_with(dir, "[{\"key\": \"flash.data_first\", \"alternatives\": [0]}]", &m, &d) == CSIM_ERR_MODEL);
    CHECK(strstr(d.msg, "alternatives are for numeric keys"));
    CHECK(load_with(dir, "[{\"key\": \"cache.ways\"}]", &m, &d) == CSIM_ERR_MODEL);
    CHECK(strstr(d.msg, "entries must be key names"));
    CHECK(load_with(dir, "[{\"key\": \"cache.ways\", \"alternatives\": [1, 2, 4, 8, 16]}]", &m, &d) == CSIM_ERR_MODEL);
    CHECK(strstr(d.msg, "at most 4 alternatives"));
    CHECK(load_with(dir, "[\"core.periph_wait\"]", &m, &d) == CSIM_ERR_MODEL);
    CHECK(strstr(d.msg, "uncertain on every model already"));
}

static csim_case_result one_case(const char *name, uint64_t cycles)
{
    csim_case_result c = {0};
    snprintf(c.name, sizeof(c.name), "%s", name);
    c.cycles = cycles;
    return c;
}

static void test_envelope(void)
{
    csim_case_result nom[] = {one_case("a", 100), one_case("b", 200)};
    csim_run_result r = {.cases = nom, .n_cases = 2};
    /* no key to vary (a model with no uncertain key that applies): no run, zero width on every case */
    csim_range_stats st;
    csim_diag d = {0};
    CHECK(csim_range_search(NULL, NULL, NULL, 0, NULL, 0, NULL, &r, &st, &d) == CSIM_OK);
    CHECK(st.configs == 0);
    for (size_t i = 0; i < 2; i++) {
        CHECK(nom[i].ranged && nom[i].cycles_low == nom[i].cycles && nom[i].cycles_high == nom[i].cycles);
    }
    /* other runs matched by name, in any order; a case one of them lacks keeps the others' */
    csim_case_result v1[] = {one_case("b", 190), one_case("a", 103)};
    csim_case_result v2[] = {one_case("a", 98)};
    const csim_run_result var[] = {{.cases = v1, .n_cases = 2}, {.cases = v2, .n_cases = 1}};
    csim_range_envelope(&r, &var[0]);
    csim_range_envelope(&r, &var[1]);
    CHECK_EQ("a low", nom[0].cycles_low, 98);
    CHECK_EQ("a high", nom[0].cycles_high, 103);
    CHECK_EQ("b low", nom[1].cycles_low, 190);
    CHECK_EQ("b high", nom[1].cycles_high, 200);
    CHECK_EQ("estimates unchanged", nom[0].cycles + nom[1].cycles, 300);
}

static csim_case_result ranged_case(const char *name, uint64_t cycles, uint64_t low, uint64_t high)
{
    csim_case_result c = one_case(name, cycles);
    c.ranged = true;
    c.cycles_low = low;
    c.cycles_high = high;
    return c;
}

/* compare --range: a case whose cold and warm estimates differ by more than
 * the threshold takes the union of both states' ranges; the others keep
 * their own. */
static void test_state_union(void)
{
    csim_case_result cold[] = {ranged_case("sensitive", 1000, 980, 1040), ranged_case("steady", 1000, 990, 1010),
                               ranged_case("edge", 1000, 1000, 1000)};
    csim_case_result warm[] = {ranged_case("sensitive", 900, 880, 950), ranged_case("steady", 995, 900, 1100),
                               ranged_case("edge", 990, 990, 990)};
    csim_run_result r = {.cases = cold, .n_cases = 3};
    const csim_run_result o = {.cases = warm, .n_cases = 3};
    CHECK(csim_range_state_sensitive(&cold[0], &warm[0], false, 1.0));
    CHECK(!csim_range_state_sensitive(&cold[1], &warm[1], false, 1.0));
    CHECK(!csim_range_state_sensitive(&cold[2], &warm[2], false, 1.0)); /* exactly 1 %: not more */
    CHECK(csim_range_state_sensitive(&warm[0], &cold[0], true, 1.0));   /* the cold one is the base either way */
    CHECK(!csim_range_state_sensitive(&cold[0], &warm[1], false, 1.0)); /* another case: never */
    CHECK_EQ("widened", csim_range_union_state(&r, &o, false, 1.0), 1);
    CHECK(cold[0].range_both_states && !cold[1].range_both_states && !cold[2].range_both_states);
    CHECK_EQ("sensitive low", cold[0].cycles_low, 880);
    CHECK_EQ("sensitive high", cold[0].cycles_high, 1040);
    CHECK_EQ("steady low", cold[1].cycles_low, 990);
    CHECK_EQ("steady high", cold[1].cycles_high, 1010);
    CHECK_EQ("estimate unchanged", cold[0].cycles, 1000);
    CHECK_EQ("no other run", csim_range_union_state(&r, NULL, false, 1.0), 0);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: test_range MODELS_DIR WORK_DIR\n");
        return 2;
    }
    test_dims(argv[1]);
    test_model_alternatives(argv[1], argv[2]);
    test_envelope();
    test_state_union();
    return check_result("test_range");
}
