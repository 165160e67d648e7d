/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd_merge.c - `cyclesim merge`: the JSON outputs of the shards of one run or
 * compare (--shard K/N) joined into the report one run of every case gives,
 * in any format the command offers; byte for byte the same in JSON
 * (docs/ci.md).  Shards of different commands, images, models, --set lists
 * or measured results, a shard given twice or one missing are refused (exit 9).
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/options.h"
#include "cyclesim/analysis/compare.h"
#include "cyclesim/output/compare_report.h"
#include "cyclesim/backends/json.h"
#include "cyclesim/analysis/published.h"
#include "cyclesim/output/report.h"
#include "cyclesim/analysis/shard.h"

#define MAX_SHARD_FILE (256u << 20)

typedef struct merge_own_values {
    const char *output, *published;
} merge_own_values;

static const cli_own_opt merge_own[] = {
    {"output", 'o', "FILE", "write the report to FILE"},
    {"published", 'p', "FILE", "compare: the measured results file (default: the one the shards name; it must "
                               "have the same SHA-256)"},
    {NULL, 0, NULL, NULL},
};

static int merge_option(void *ctx, int id, char *arg)
{
    merge_own_values *v = ctx;
    *(id == 'o' ? &v->output : &v->published) = arg;
    return EXIT_OK;
}

const cli_command cli_cmd_merge = {
    "merge", "SHARD.json...", 1, 0,
    "Joins the JSON outputs of `run --shard K/N` or `compare --shard K/N` (every K of one N) into the report of "
    "one run of every case: table, JSON or CSV for run; table, JSON, Markdown or HTML for compare (docs/ci.md).",
    CLI_FORMAT, CSIM_REPORTS(CSIM_REPORT_RUN) | CSIM_REPORTS(CSIM_REPORT_COMPARE), merge_own, merge_option, cmd_merge, NULL,
};

/* One shard file. */
typedef struct shard_in {
    const char *path;
    csim_json *doc;
    const csim_json *sh; /* its "shard" member */
    unsigned k;
} shard_in;

static int bad(const char *path, const char *what)
{
    return cli_error(CSIM_ERR_INPUT, "%s: %s", path, what);
}

static char *read_all(const char *path, int *rc)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        *rc = cli_error(CSIM_ERR_IO, "%s: cannot open", path);
        return NULL;
    }
    char *buf = malloc(MAX_SHARD_FILE + 1);
    size_t n = buf ? fread(buf, 1, MAX_SHARD_FILE + 1, f) : 0;
    fclose(f);
    if (!buf) {
        *rc = cli_out_of_memory();
        return NULL;
    }
    if (n > MAX_SHARD_FILE) {
        free(buf);
        *rc = bad(path, "larger than 256 MiB");
        return NULL;
    }
    buf[n] = '\0';
    return buf;
}

/* Same JSON value: the text of two members compared as cyclesim wrote them. */
static bool same_str(const csim_json *a, const csim_json *b, const char *name)
{
    const char *x = csim_json_str_of(csim_json_get(a, name)), *y = csim_json_str_of(csim_json_get(b, name));
    return x && y && strcmp(x, y) == 0;
}

static bool same_list(const csim_json *a, const csim_json *b)
{
    size_t n = csim_json_count(a);
    if (n != csim_json_count(b)) {
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        const char *x = csim_json_str_of(csim_json_at(a, i)), *y = csim_json_str_of(csim_json_at(b, i));
        if (!x || !y || strcmp(x, y) != 0) {
            return false;
        }
    }
    return true;
}

static bool same_model(const csim_json *a, const csim_json *b)
{
    csim_model x = {0}, y = {0};
    return csim_shard_model_read(a, &x) && csim_shard_model_read(b, &y) && strcmp(x.name, y.name) == 0 &&
           strcmp(x.chain, y.chain) == 0 && x.version == y.version && x.clock_hz == y.clock_hz &&
           x.flash.wait_states == y.flash.wait_states && x.flash.cache_enabled == y.flash.cache_enabled &&
           x.flash.prefetch == y.flash.prefetch;
}

static bool same_image(const csim_json *a, const csim_json *b)
{
    return same_str(a, b, "sha256") && same_str(a, b, "rt") && same_str(a, b, "backend") &&
           same_list(csim_json_get(a, "table"), csim_json_get(b, "table"));
}

/* Reads every file; checks that they are the shards 1..N of one command's
 * run with the same images, models and --set list.  *command set. */
static int load_shards(shard_in *in, unsigned n, const char **command)
{
    int rc = EXIT_OK;
    uint64_t total = 0;
    for (unsigned i = 0; i < n; i++) {
        char *text = read_all(in[i].path, &rc);
        if (!text) {
            return rc;
        }
        in[i].doc = csim_json_parse(text);
        free(text);
        in[i].sh = csim_json_get(in[i].doc, "shard");
        uint64_t k, nn, version;
        const char *cmd = csim_json_str_of(csim_json_get(in[i].sh, "command"));
        if (!in[i].doc) {
            return bad(in[i].path, "not JSON (merge reads the --format json output of each shard)");
        }
        if (!in[i].sh || !cmd || !csim_json_u64(csim_json_get(in[i].sh, "k"), &k) ||
            !csim_json_u64(csim_json_get(in[i].sh, "n"), &nn) || k < 1 || k > nn || nn > 10000 ||
            !csim_json_u64(csim_json_get(in[i].sh, "version"), &version)) {
            return bad(in[i].path, "not the JSON output of a --shard K/N run (no \"shard\" member)");
        }
        if (version != CSIM_SHARD_VERSION) {
            return bad(in[i].path, "written by another version of cyclesim (shard format version differs)");
        }
        if (strcmp(cmd, "run") != 0 && strcmp(cmd, "compare") != 0) {
            return bad(in[i].path, "merge joins run and compare shards only");
        }
        in[i].k = (unsigned)k;
        if (i == 0) {
            *command = cmd;
            total = nn;
            continue;
        }
        const csim_json *a = in[0].sh, *b = in[i].sh;
        if (strcmp(cmd, *command) != 0) {
            return cli_error(CSIM_ERR_INPUT, "%s is a %s shard, %s a %s shard: merge joins shards of one command",
                             in[0].path, *command, in[i].path, cmd);
        }
        if (nn != total) {
            return cli_error(CSIM_ERR_INPUT, "%s is a shard of %llu, %s of %llu", in[0].path,
                             (unsigned long long)total, in[i].path, (unsigned long long)nn);
        }
        if (!same_list(csim_json_get(a, "sets"), csim_json_get(b, "sets"))) {
            return cli_error(CSIM_ERR_INPUT, "%s and %s were run with different --set lists", in[0].path,
                             in[i].path);
        }
        for (unsigned j = 0; j < i; j++) {
            if (in[j].k == in[i].k) {
                return cli_error(CSIM_ERR_INPUT, "%s and %s are both shard %u of %llu (overlapping shards)",
                                 in[j].path, in[i].path, in[i].k, (unsigned long long)total);
            }
        }
    }
    if (n != total) {
        for (unsigned k = 1; k <= total; k++) {
            bool found = false;
            for (unsigned i = 0; i < n; i++) {
                found |= in[i].k == k;
            }
            if (!found) {
                return cli_error(CSIM_ERR_INPUT, "shard %u of %llu is missing: a merge needs every shard", k,
                                 (unsigned long long)total);
            }
        }
    }
    return EXIT_OK;
}

/* A case of the merged report: where it comes from and where it goes. */
typedef struct placed {
    size_t image, index; /* its image, its position in that image's case table */
    unsigned shard;      /* ties (a name twice in a table): shard order, then position */
    size_t pos;
    const csim_json *obj, *other, *zero_wait; /* its result objects */
} placed;

static int cmp_placed(const void *a, const void *b)
{
    const placed *x = a, *y = b;
    if (x->image != y->image) {
        return x->image < y->image ? -1 : 1;
    }
    if (x->index != y->index) {
        return x->index < y->index ? -1 : 1;
    }
    if (x->shard != y->shard) {
        return x->shard < y->shard ? -1 : 1;
    }
    return (x->pos > y->pos) - (x->pos < y->pos);
}

/* The position of name in an image's case table; false if it has none. */
static bool table_index(const csim_json *image, const char *name, size_t *index)
{
    const csim_json *t = csim_json_get(image, "table");
    for (size_t i = 0; name && i < csim_json_count(t); i++) {
        const char *s = csim_json_str_of(csim_json_at(t, i));
        if (s && strcmp(s, name) == 0) {
            *index = i;
            return true;
        }
    }
    return false;
}

/* The compare cases of every shard ("cases", with "other_state" and
 * "zero_wait" beside them when made), sorted into image and table order. */
static int gather(shard_in *in, unsigned n, const csim_json *images, placed **out, size_t *n_out)
{
    size_t cap = 0;
    for (unsigned i = 0; i < n; i++) {
        cap += csim_json_count(csim_json_get(in[i].sh, "cases"));
    }
    placed *p = calloc(cap + 1, sizeof(*p));
    if (!p) {
        return cli_out_of_memory();
    }
    size_t m = 0;
    for (unsigned i = 0; i < n; i++) {
        const csim_json *list = csim_json_get(in[i].sh, "cases"), *other = csim_json_get(in[i].sh, "other_state"),
                        *zw = csim_json_get(in[i].sh, "zero_wait");
        for (size_t j = 0; j < csim_json_count(list); j++, m++) {
            const csim_json *e = csim_json_at(list, j);
            uint64_t image = 0;
            p[m] = (placed){0, 0, in[i].k, j, csim_json_get(e, "case"), csim_json_get(csim_json_at(other, j), "case"),
                            csim_json_get(csim_json_at(zw, j), "case")};
            if (!csim_json_u64(csim_json_get(e, "image"), &image) || image >= csim_json_count(images) ||
                !table_index(csim_json_at(images, image), csim_json_str_of(csim_json_get(p[m].obj, "name")),
                             &p[m].index) ||
                (other && !p[m].other) || (zw && !p[m].zero_wait)) {
                free(p);
                return bad(in[i].path, "a case that is not in its image's case table (or without its extra runs)");
            }
            p[m].image = (size_t)image;
        }
    }
    qsort(p, m, sizeof(*p), cmp_placed);
    *out = p;
    *n_out = m;
    return EXIT_OK;
}

static void free_cases(csim_case_result *c, size_t n)
{
    for (size_t i = 0; c && i < n; i++) {
        free(c[i].profile ? c[i].profile->fns : NULL);
        free(c[i].profile);
    }
    free(c);
}

/* An image of the shards as the reports need it: path, digest, architecture. */
static bool image_elf(const csim_json *o, csim_elf *e)
{
    const char *path = csim_json_str_of(csim_json_get(o, "path")), *sha = csim_json_str_of(csim_json_get(o, "sha256"));
    e->arch_name = csim_json_str_of(csim_json_get(o, "arch"));
    if (!path || !sha || !e->arch_name || strlen(path) >= sizeof(e->path) || strlen(sha) >= sizeof(e->sha256_hex)) {
        return false;
    }
    snprintf(e->path, sizeof(e->path), "%s", path);
    snprintf(e->sha256_hex, sizeof(e->sha256_hex), "%s", sha);
    return true;
}

static int failed_cases(const csim_model *m, const csim_case_result *c, size_t n)
{
    int rc = EXIT_OK;
    for (size_t i = 0; i < n; i++) {
        if (c[i].status != 0) {
            fprintf(stderr, "cyclesim: error: %s: case %s failed its check (status %u)\n", m->name, c[i].name,
                    c[i].status);
            rc = EXIT_CASE_FAILED;
        }
    }
    return rc;
}

/* ---- run ---------------------------------------------------------------------- */

typedef struct run_ctx {
    size_t model;
} run_ctx;

static const csim_json *run_list(const shard_in *s, size_t which, void *ctx)
{
    const csim_json *g = csim_json_at(csim_json_get(s->sh, "models"), ((run_ctx *)ctx)->model);
    return which == 0 ? csim_json_get(g, "cases") : NULL;
}

/* --format names no format of the shards' report kind (formats.h). */
static int bad_format(csim_report_kind kind, const char *format)
{
    char choices[96];
    csim_output_choices(CSIM_REPORTS(kind), ", ", " or ", choices, sizeof(choices));
    return cli_error(CSIM_ERR_USAGE, "--format %s: a %s report is %s", format,
                     kind == CSIM_REPORT_RUN ? "run" : "compare", choices);
}

static int merge_run(shard_in *in, unsigned n, const char *format, FILE *out)
{
    const csim_output_format *fmt = csim_output_find(CSIM_REPORT_RUN, format);
    if (!fmt) {
        return bad_format(CSIM_REPORT_RUN, format);
    }
    const csim_json *image = csim_json_get(in[0].sh, "image"), *models = csim_json_get(in[0].sh, "models");
    size_t n_models = csim_json_count(models);
    csim_elf elf = {0};
    const char *rt = csim_json_str_of(csim_json_get(image, "rt"));
    if (!image_elf(image, &elf) || !rt) {
        return bad(in[0].path, "no image in the shard member");
    }
    for (unsigned i = 1; i < n; i++) {
        const csim_json *b = csim_json_get(in[i].sh, "models");
        if (!same_image(image, csim_json_get(in[i].sh, "image"))) {
            return cli_error(CSIM_ERR_INPUT, "%s and %s are shards of different images", in[0].path, in[i].path);
        }
        bool same = csim_json_count(b) == n_models;
        for (size_t g = 0; same && g < n_models; g++) {
            same = same_model(csim_json_get(csim_json_at(models, g), "model"),
                              csim_json_get(csim_json_at(b, g), "model")) &&
                   same_str(csim_json_at(models, g), csim_json_at(b, g), "state");
        }
        if (!same) {
            return cli_error(CSIM_ERR_INPUT, "%s and %s were run on different models (or start states)",
                             in[0].path, in[i].path);
        }
    }
    csim_report *rep = csim_report_open(out, fmt, &elf, rt, NULL);
    int rc = rep ? EXIT_OK : cli_out_of_memory();
    for (size_t g = 0; rc == EXIT_OK && g < n_models; g++) {
        csim_model m = {0};
        csim_run_result res = {0};
        const csim_json *mg = csim_json_at(models, g);
        const char *state = csim_json_str_of(csim_json_get(mg, "state"));
        bool warm = state && strcmp(state, "warm") == 0;
        csim_shard_model_read(csim_json_get(mg, "model"), &m);
        for (unsigned i = 0; i < n; i++) {
            const csim_json *sg = csim_json_at(csim_json_get(in[i].sh, "models"), g);
            uint64_t cyc, insns;
            double secs;
            if (!csim_json_true(csim_json_get(sg, "complete"))) {
                rc = bad(in[i].path, "a shard whose run stopped with an error: nothing to merge");
            } else if (!csim_json_u64(csim_json_get(sg, "total_cycles"), &cyc) ||
                       !csim_json_u64(csim_json_get(sg, "total_insns"), &insns) ||
                       !csim_json_double(csim_json_get(sg, "host_seconds"), &secs)) {
                rc = bad(in[i].path, "a model without its totals");
            } else {
                /* Each shard's whole-run totals include its own start-up code. */
                res.total_cycles += cyc;
                res.total_insns += insns;
                res.host_seconds += secs;
            }
        }
        run_ctx ctx = {g};
        placed *p = NULL;
        size_t np = 0;
        if (rc == EXIT_OK) {
            size_t cap = 0;
            for (unsigned i = 0; i < n; i++) {
                cap += csim_json_count(run_list(&in[i], 0, &ctx));
            }
            p = calloc(cap + 1, sizeof(*p));
            rc = p ? EXIT_OK : cli_out_of_memory();
            for (unsigned i = 0; rc == EXIT_OK && i < n; i++) {
                const csim_json *list = run_list(&in[i], 0, &ctx);
                for (size_t j = 0; rc == EXIT_OK && j < csim_json_count(list); j++, np++) {
                    const csim_json *obj = csim_json_at(list, j);
                    p[np] = (placed){0, 0, in[i].k, j, obj, NULL, NULL};
                    if (!table_index(image, csim_json_str_of(csim_json_get(obj, "name")), &p[np].index)) {
                        rc = bad(in[i].path, "a case that is not in the image's case table");
                    }
                }
            }
            if (rc == EXIT_OK) {
                qsort(p, np, sizeof(*p), cmp_placed);
            }
        }
        res.cases = rc == EXIT_OK ? calloc(np + 1, sizeof(*res.cases)) : NULL;
        if (rc == EXIT_OK && !res.cases) {
            rc = cli_out_of_memory();
        }
        for (size_t i = 0; rc == EXIT_OK && i < np; i++, res.n_cases++) {
            if (!csim_shard_case_read(p[i].obj, &res.cases[i])) {
                rc = cli_error(CSIM_ERR_INPUT, "a case of the shards is malformed");
            }
        }
        if (rc == EXIT_OK) {
            csim_report_add(rep, &m, &res, warm);
            rc = failed_cases(&m, res.cases, res.n_cases);
        }
        free(p);
        free_cases(res.cases, res.n_cases);
    }
    if (rep && !csim_report_finish(rep) && rc == EXIT_OK) {
        rc = cli_out_of_memory();
    }
    return rc;
}

/* ---- compare ------------------------------------------------------------------ */

static int merge_compare(shard_in *in, unsigned n, const char *format, const char *published, FILE *out)
{
    const csim_output_format *fmt = csim_output_find(CSIM_REPORT_COMPARE, format);
    if (!fmt) {
        return bad_format(CSIM_REPORT_COMPARE, format);
    }
    const csim_json *sh = in[0].sh, *images = csim_json_get(sh, "images");
    const size_t n_images = csim_json_count(images);
    for (unsigned i = 1; i < n; i++) {
        const csim_json *b = in[i].sh, *bi = csim_json_get(b, "images");
        bool same = csim_json_count(bi) == n_images;
        for (size_t k = 0; same && k < n_images; k++) {
            same = same_image(csim_json_at(images, k), csim_json_at(bi, k));
        }
        if (!same) {
            return cli_error(CSIM_ERR_INPUT, "%s and %s are shards of different images", in[0].path, in[i].path);
        }
        if (!same_model(csim_json_get(sh, "model"), csim_json_get(b, "model")) || !same_str(sh, b, "state")) {
            return cli_error(CSIM_ERR_INPUT, "%s and %s were run on different models (or start states)",
                             in[0].path, in[i].path);
        }
        if (!same_str(sh, b, "published_sha256")) {
            return cli_error(CSIM_ERR_INPUT, "%s and %s compare with different measured results", in[0].path,
                             in[i].path);
        }
        if (csim_json_true(csim_json_get(sh, "state_check")) != csim_json_true(csim_json_get(b, "state_check")) ||
            csim_json_true(csim_json_get(sh, "baselines")) != csim_json_true(csim_json_get(b, "baselines"))) {
            return cli_error(CSIM_ERR_INPUT, "%s and %s differ in --baselines or --no-state-check", in[0].path,
                             in[i].path);
        }
    }
    const char *page_path = published ? published : csim_json_str_of(csim_json_get(sh, "published"));
    const char *want_sha = csim_json_str_of(csim_json_get(sh, "published_sha256"));
    const char *state = csim_json_str_of(csim_json_get(sh, "state"));
    const bool warm = state && strcmp(state, "warm") == 0;
    const bool state_check = csim_json_true(csim_json_get(sh, "state_check"));
    const bool baselines = csim_json_true(csim_json_get(sh, "baselines"));
    char sha[65];
    if (!page_path || !want_sha) {
        return bad(in[0].path, "no measured results file in the shard member");
    }
    if (!cli_file_sha256(page_path, sha)) {
        return EXIT_IO;
    }
    if (strcmp(sha, want_sha) != 0) {
        return cli_error(CSIM_ERR_INPUT, "%s is not the measured results file the shards compared with (SHA-256 "
                         "differs; name it with --published)", page_path);
    }
    csim_model model = {0};
    csim_elf *elfs = calloc(n_images + 1, sizeof(*elfs));
    csim_cmp_image *im = calloc(n_images + 1, sizeof(*im));
    placed *p = NULL;
    size_t np = 0;
    csim_run_result res[3] = {{0}};
    csim_pub_table page = {0};
    csim_comparison cmp = {0};
    csim_diag d = {0};
    csim_err err;
    int rc = elfs && im ? gather(in, n, images, &p, &np) : cli_out_of_memory();
    if (rc == EXIT_OK && !csim_shard_model_read(csim_json_get(sh, "model"), &model)) {
        rc = bad(in[0].path, "no model in the shard member");
    }
    for (size_t k = 0; rc == EXIT_OK && k < n_images; k++) {
        const csim_json *o = csim_json_at(images, k);
        const char *rt = csim_json_str_of(csim_json_get(o, "rt")), *be = csim_json_str_of(csim_json_get(o, "backend"));
        if (!image_elf(o, &elfs[k]) || !rt || !be || strlen(rt) >= sizeof(im[k].rt) ||
            strlen(be) >= sizeof(im[k].backend)) {
            rc = bad(in[0].path, "an image of the shard member is malformed");
            break;
        }
        im[k].elf = &elfs[k];
        snprintf(im[k].rt, sizeof(im[k].rt), "%s", rt);
        snprintf(im[k].backend, sizeof(im[k].backend), "%s", be);
    }
    for (int r = 0; rc == EXIT_OK && r < 3; r++) {
        if ((r == 1 && !state_check) || (r == 2 && !baselines)) {
            continue;
        }
        if (!(res[r].cases = calloc(np + 1, sizeof(*res[r].cases)))) {
            rc = cli_out_of_memory();
        }
        for (size_t i = 0; rc == EXIT_OK && i < np; i++, res[r].n_cases++) {
            const csim_json *o = r == 0 ? p[i].obj : r == 1 ? p[i].other : p[i].zero_wait;
            if (!csim_shard_case_read(o, &res[r].cases[i])) {
                rc = cli_error(CSIM_ERR_INPUT, "a case of the shards is malformed");
            }
        }
    }
    /* The images' case ranges, as one run of every image lays them out. */
    for (size_t i = 0; rc == EXIT_OK && i < np; i++) {
        if (i == 0 || p[i].image != p[i - 1].image) {
            im[p[i].image].first_case = i;
        }
        im[p[i].image].n_cases++;
    }
    for (size_t k = 1; rc == EXIT_OK && k < n_images; k++) {
        if (!im[k].n_cases) { /* an image no shard kept a case of: an empty range in order */
            im[k].first_case = im[k - 1].first_case + im[k - 1].n_cases;
        }
    }
    if (rc == EXIT_OK && (err = csim_pub_load(page_path, &page, &d))) {
        rc = cli_fail(err, &d);
    }
    if (rc == EXIT_OK) {
        /* The page as the shards loaded it: its source names the same file. */
        snprintf(page.source, sizeof(page.source), "%s", csim_json_str_of(csim_json_get(sh, "published")));
        const csim_cmp_extra extra = {state_check ? res[1].cases : NULL, baselines ? res[2].cases : NULL, np};
        err = csim_compare_build_ext(&cmp, im, n_images, &model, warm, &page, res[0].cases, np, &extra, &d);
        rc = err ? cli_fail(err, &d) : EXIT_OK;
    }
    if (rc == EXIT_OK) {
        csim_compare_print(out, fmt, &cmp, NULL);
        rc = failed_cases(&model, res[0].cases, res[0].n_cases);
    }
    csim_compare_free(&cmp);
    csim_pub_free(&page);
    for (int r = 0; r < 3; r++) {
        free_cases(res[r].cases, res[r].n_cases);
    }
    free(p);
    free(im);
    free(elfs);
    return rc;
}

int cmd_merge(int argc, char **argv)
{
    cli_common o;
    merge_own_values own = {NULL, NULL};
    int rc = cli_parse(&cli_cmd_merge, argc, argv, &o, &own);
    if (rc) {
        return rc == CLI_HELP_SHOWN ? EXIT_OK : rc;
    }
    shard_in *in = calloc(o.n_operands, sizeof(*in));
    if (!in) {
        return cli_out_of_memory();
    }
    for (unsigned i = 0; i < o.n_operands; i++) {
        in[i].path = o.operands[i];
    }
    const char *command = NULL;
    rc = load_shards(in, o.n_operands, &command);
    if (rc == EXIT_OK && own.published && strcmp(command, "compare") != 0) {
        rc = cli_error(CSIM_ERR_USAGE, "--published: only for compare shards");
    }
    FILE *out = NULL;
    if (rc == EXIT_OK && !(out = own.output ? fopen(own.output, "w") : stdout)) {
        rc = cli_error(CSIM_ERR_IO, "%s: cannot write", own.output);
    }
    if (rc == EXIT_OK) {
        rc = strcmp(command, "run") == 0 ? merge_run(in, o.n_operands, o.format, out)
                                         : merge_compare(in, o.n_operands, o.format, own.published, out);
    }
    if (out && out != stdout && fclose(out) != 0 && rc == EXIT_OK) {
        rc = cli_error(CSIM_ERR_IO, "%s: write error", own.output);
    }
    for (unsigned i = 0; i < o.n_operands; i++) {
        csim_json_free(in[i].doc);
    }
    free(in);
    return rc;
}
