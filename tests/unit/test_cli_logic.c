/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_cli_logic.c - what the check and compare commands leave to the
 * analysis layer, without the command line or the emulator: check's rows
 * from a budget file (each budget's MCU loaded once, --mcu, the refusals and
 * their messages) and from a baseline (src/analysis/check_rows.c); the page
 * of a model's MCU, as compare's --published auto and the cost hints of -j
 * take it (src/analysis/compare_inputs.c); with an image, the cases --case and
 * --shard select and the keys of two images (src/analysis/selection.c).
 * Arguments: the published pages' directory[, an ELF with a case table].
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/check_rows.h"
#include "analysis/compare_inputs.h"
#include "analysis/selection.h"
#include "check.h"

static char case_names[3][96] = {"sha/1", "sha/2", "aes/1"};
static char old_names[2][96] = {"sha/1", "aes/1"};
static bool all_selected[3] = {true, true, true};
static unsigned loads;

/* A model of any name but "nope", as the command's loader would give it. */
static csim_err fake_load(void *ctx, csim_model *m, const char *name, csim_diag *d)
{
    (void)ctx;
    loads++;
    if (strcmp(name, "nope") == 0) {
        return csim_fail(d, CSIM_ERR_UNKNOWN_MCU, "no model %s", name);
    }
    snprintf(m->name, sizeof(m->name), "%s", name);
    return CSIM_OK;
}

/* A check of the three cases against budgets (case pattern, MCU) pairs. */
static void setup(check *c, budget *b, size_t n, csim_model *models)
{
    memset(c, 0, sizeof(*c));
    c->elf_path = "new.elf";
    c->budget_path = "b.json";
    c->cases = (case_table){case_names, 3};
    c->selected = all_selected;
    c->file = (budget_file){.b = b, .n = n};
    c->have_file = true;
    c->models = models;
    memset(models, 0, 4 * sizeof(*models));
    loads = 0;
}

static void test_rows_from_file(void)
{
    csim_model *models = calloc(4, sizeof(*models));
    budget b[3] = {{.case_pat = "sha/*", .mcu = "m1"}, {.case_pat = "aes/1", .mcu = "m2"},
                   {.case_pat = "sha/2", .mcu = "m1"}};
    csim_diag d = {0};
    check c;

    setup(&c, b, 2, models);
    CHECK(check_rows_from_file(&c, NULL, 4, fake_load, NULL, &d) == CSIM_OK);
    CHECK_EQ("rows", c.n_rows, 3);
    CHECK_EQ("models loaded once each", loads, 2);
    CHECK(c.n_rows == 3 && c.rows[1].idx == 1 && c.rows[1].budget == 0 && c.rows[2].model == 1 &&
          strcmp(c.rows[2].case_name, "aes/1") == 0);
    free(c.rows);

    setup(&c, b, 2, models);
    CHECK(check_rows_from_file(&c, "m2", 4, fake_load, NULL, &d) == CSIM_OK);
    CHECK(c.n_rows == 1 && c.rows[0].budget == 1 && loads == 1);
    free(c.rows);

    setup(&c, b, 2, models);
    CHECK(check_rows_from_file(&c, "m2,m3", 4, fake_load, NULL, &d) == CSIM_ERR_USAGE);
    CHECK(strcmp(d.msg, "--mcu m3: no budget of b.json is for this MCU") == 0);
    free(c.rows);

    setup(&c, b, 3, models); /* sha/2 on m1 twice */
    CHECK(check_rows_from_file(&c, NULL, 4, fake_load, NULL, &d) == CSIM_ERR_INPUT);
    CHECK(strcmp(d.msg, "b.json: budgets[0] and budgets[2] both cover case sha/2 on m1") == 0);
    free(c.rows);

    budget none[1] = {{.case_pat = "rsa/*", .mcu = "m1"}};
    setup(&c, none, 1, models);
    CHECK(check_rows_from_file(&c, NULL, 4, fake_load, NULL, &d) == CSIM_ERR_INPUT);
    CHECK(strcmp(d.msg, "b.json: budgets[0].case: \"rsa/*\" matches no case of the ELF") == 0);
    free(c.rows);

    budget unknown[1] = {{.case_pat = "sha/1", .mcu = "nope"}};
    setup(&c, unknown, 1, models);
    CHECK(check_rows_from_file(&c, NULL, 4, fake_load, NULL, &d) == CSIM_ERR_INPUT);
    CHECK(strcmp(d.msg, "b.json: budgets[0].mcu: no model nope") == 0);

    setup(&c, b, 2, models); /* the baseline lacks sha/2 */
    c.old_elf = (csim_elf *)&c; /* only its presence is read */
    c.old_path = "old.elf";
    c.old_cases = (case_table){old_names, 2};
    CHECK(check_rows_from_file(&c, NULL, 4, fake_load, NULL, &d) == CSIM_ERR_INPUT);
    CHECK(strcmp(d.msg, "b.json: case sha/2 is not in the baseline old.elf") == 0);
    free(c.rows);
    free(models);
}

static void test_rows_from_baseline(void)
{
    csim_model *models = calloc(4, sizeof(*models));
    csim_diag d = {0};
    check c;
    setup(&c, NULL, 0, models);
    c.have_file = false;
    c.old_path = "old.elf";
    c.old_cases = (case_table){old_names, 2};
    c.n_models = 2;
    unsigned only_new = 0;
    CHECK(check_rows_from_baseline(&c, &only_new, &d) == CSIM_OK);
    CHECK_EQ("rows: the common cases on each model", c.n_rows, 4);
    CHECK_EQ("cases not in the baseline, counted once", only_new, 1);
    CHECK(c.n_rows == 4 && c.rows[1].idx == 2 && c.rows[1].old_idx == 1 && c.rows[3].model == 1);
    free(c.rows);

    static char other[1][96] = {"rsa/1"};
    setup(&c, NULL, 0, models);
    c.old_path = "old.elf";
    c.old_cases = (case_table){other, 1};
    c.n_models = 1;
    CHECK(check_rows_from_baseline(&c, &only_new, &d) == CSIM_ERR_INPUT && only_new == 3);
    CHECK(strcmp(d.msg, "new.elf and old.elf have no benchmark case in common") == 0);
    free(models);
}

/* The page of a model's MCU is ST's with its part number; not another library's or a board's. */
static void test_page_is_models(void)
{
    csim_model *m = calloc(1, sizeof(*m));
    csim_pub_table page = {0};
    snprintf(m->name, sizeof(m->name), "stm32l552ze");
    snprintf(page.mcu, sizeof(page.mcu), "STM32L552ZET6Q");
    CHECK(cmp_page_is_models(&page, m));
    page.board_output = true;
    CHECK(!cmp_page_is_models(&page, m));
    page.board_output = false;
    snprintf(page.library, sizeof(page.library), "CycloneCRYPTO");
    CHECK(!cmp_page_is_models(&page, m));
    page.library[0] = '\0';
    snprintf(m->name, sizeof(m->name), "stm32l552zet6qx");
    CHECK(!cmp_page_is_models(&page, m));
    free(m);
}

static void test_page_auto(const char *dir)
{
    csim_model *m = calloc(1, sizeof(*m));
    csim_pub_table page = {0};
    csim_diag d = {0};
    snprintf(m->name, sizeof(m->name), "stm32u083rc");
    CHECK(cmp_page_auto(dir, m, &page, &d) == CSIM_OK);
    CHECK(strncmp(page.mcu, "STM32U083RC", 11) == 0 && !page.library[0]);
    csim_pub_free(&page);

    snprintf(m->name, sizeof(m->name), "stm32zz");
    CHECK(cmp_page_auto(dir, m, &page, &d) == CSIM_ERR_INPUT);
    CHECK(strstr(d.msg, "--published auto: no page in ") == d.msg && strstr(d.msg, " for stm32zz (pages for: "));
    CHECK(strstr(d.msg, "STM32U083RC") != NULL);

    CHECK(cmp_page_auto("no-such-directory", m, &page, &d) == CSIM_ERR_IO);
    CHECK(strcmp(d.msg, "no-such-directory: cannot open the published pages' directory: No such file or "
                        "directory") == 0);
    free(m);
}

/* The ranges --case and --shard select in an image with a case table, and the keys of two images. */
static void test_selection(const char *path)
{
    csim_elf *e = NULL, *twin = NULL;
    csim_diag d = {0};
    if (csim_elf_load(path, &e, &d) || csim_elf_load(path, &twin, &d)) {
        fprintf(stderr, "test_cli_logic: %s: %s\n", path, d.msg);
        failures++;
        return;
    }
    uint32_t total = (uint32_t)csim_case_list(e, NULL, NULL, 0);
    char (*names)[96] = calloc(total + 1, sizeof(*names));
    csim_case_list(e, names, NULL, total);
    case_range *r = NULL;
    unsigned n = 0;
    case_selection all = {NULL, 0, 0, 0};
    CHECK(case_ranges(e, &all, &r, &n, &d) == CSIM_OK && n == 1 && r[0].first == 0 && r[0].count == 0);
    free(r);

    const char *first_and_last[] = {names[0], names[total - 1]};
    case_selection two = {first_and_last, 2, 0, 0};
    CHECK(case_ranges(e, &two, &r, &n, &d) == CSIM_OK && n == 2 && r[0].first == 0 && r[0].count == 1 &&
          r[1].first == total - 1 && r[1].count == 1);
    free(r);

    const char *none[] = {"no-such-case/*"};
    case_selection missed = {none, 1, 0, 0};
    CHECK(case_ranges(e, &missed, &r, &n, &d) == CSIM_ERR_USAGE && r == NULL);
    CHECK(strstr(d.msg, "--case no-such-case/* matches no case of ") == d.msg);
    const csim_elf *pair[2] = {e, twin};
    case_range *ranges[2] = {NULL, NULL};
    unsigned n_ranges[2] = {0, 0};
    CHECK(case_ranges_images(pair, 2, &missed, ranges, n_ranges, &d) == CSIM_ERR_USAGE && !ranges[0] && !ranges[1]);
    CHECK(strcmp(d.msg, "--case no-such-case/* matches no case of the 2 ELFs") == 0);

    /* The shards of a run hold every case once. */
    uint32_t held = 0;
    for (unsigned k = 1; k <= 3; k++) {
        case_selection shard = {NULL, 0, k, 3};
        CHECK(case_ranges(e, &shard, &r, &n, &d) == CSIM_OK);
        for (unsigned i = 0; r && i < n; i++) {
            held += r[i].count;
        }
        free(r);
    }
    CHECK_EQ("cases in the three shards", held, total);

    /* The same image twice: every key in two images. */
    CHECK(case_ranges_images(pair, 2, &all, ranges, n_ranges, &d) == CSIM_OK);
    CHECK(case_keys_unique(pair, 1, ranges, n_ranges, &d) == CSIM_OK);
    CHECK(case_keys_unique(pair, 2, ranges, n_ranges, &d) == CSIM_ERR_USAGE);
    CHECK(strstr(d.msg, "row ") == d.msg && strstr(d.msg, "; a measured row must meet one case"));
    free(ranges[0]);
    free(ranges[1]);
    free(names);
    csim_elf_free(e);
    csim_elf_free(twin);
}

int main(int argc, char **argv)
{
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: test_cli_logic PUBLISHED_DIR [FW.elf]\n");
        return 2;
    }
    if (argc == 3) { /* an image with a case table: the case selection alone */
        test_selection(argv[2]);
        return check_result("test_cli_logic (selection)");
    }
    test_rows_from_file();
    test_rows_from_baseline();
    test_page_is_models();
    test_page_auto(argv[1]);
    return check_result("test_cli_logic");
}
