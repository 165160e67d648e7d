/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * merge.c - the shards of one run or compare joined into the results one run
 * of every case gives (merge.h); byte for byte the same report in JSON
 * (docs/ci.md).  Shards of different commands, images, models, --set lists
 * or measured results, a shard given twice or one missing are refused.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/merge.h"
#include "cyclesim/common/file.h"
#include "cyclesim/analysis/shard.h"
#include "cyclesim/backends/digest.h"

#define MAX_SHARD_FILE (256u << 20)

static csim_err bad(csim_diag *d, const char *path, const char *what)
{
    return csim_fail(d, CSIM_ERR_INPUT, "%s: %s", path, what);
}

static csim_err out_of_memory(csim_diag *d)
{
    return csim_fail(d, CSIM_ERR_NOMEM, "out of memory");
}

static char *read_all(const char *path, csim_err *err, csim_diag *d)
{
    csim_read r;
    char *buf = csim_read_file(path, MAX_SHARD_FILE, &r);
    if (!buf) {
        *err = csim_read_fail(d, path, &r, MAX_SHARD_FILE, CSIM_ERR_INPUT);
    }
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

/* The same model, made from the same files, --set and overlays (their provenance). */
static bool same_model(const csim_json *a, const csim_json *b)
{
    csim_model x = {0}, y = {0};
    bool same = csim_shard_model_read(a, &x) && csim_shard_model_read(b, &y) && strcmp(x.name, y.name) == 0 &&
                strcmp(x.chain, y.chain) == 0 && x.version == y.version && x.clock_hz == y.clock_hz &&
                x.flash.wait_states == y.flash.wait_states && x.flash.cache_enabled == y.flash.cache_enabled &&
                x.flash.prefetch == y.flash.prefetch && x.n_sources == y.n_sources;
    for (unsigned i = 0; same && i < x.n_sources; i++) {
        same = x.source[i].kind == y.source[i].kind && strcmp(x.source[i].what, y.source[i].what) == 0 &&
               strcmp(x.source[i].sha256, y.source[i].sha256) == 0;
    }
    return same;
}

static bool same_image(const csim_json *a, const csim_json *b)
{
    return same_str(a, b, "sha256") && same_str(a, b, "rt") && same_str(a, b, "backend") &&
           same_list(csim_json_get(a, "table"), csim_json_get(b, "table"));
}

/* Reads every file; checks that they are the shards 1..N of one command's
 * run with the same --set list. */
static csim_err load_shards(merge_shard *in, unsigned n, const char **command, csim_diag *d)
{
    csim_err err = CSIM_OK;
    uint64_t total = 0;
    for (unsigned i = 0; i < n; i++) {
        char *text = read_all(in[i].path, &err, d);
        if (!text) {
            return err;
        }
        char why[sizeof(d->msg)];
        in[i].doc = csim_json_parse_input(in[i].path, text, why, sizeof(why));
        free(text);
        in[i].sh = csim_json_get(in[i].doc, "shard");
        uint64_t k, nn, version;
        const char *cmd = csim_json_str_of(csim_json_get(in[i].sh, "command"));
        if (!in[i].doc) {
            return csim_fail(d, CSIM_ERR_INPUT, "%s (merge reads the --format json output of each shard)", why);
        }
        if (!in[i].sh || !cmd || !csim_json_u64(csim_json_get(in[i].sh, "k"), &k) ||
            !csim_json_u64(csim_json_get(in[i].sh, "n"), &nn) || k < 1 || k > nn || nn > 10000 ||
            !csim_json_u64(csim_json_get(in[i].sh, "version"), &version)) {
            return bad(d, in[i].path, "not the JSON output of a --shard K/N run (no \"shard\" member)");
        }
        if (version != CSIM_SHARD_VERSION) {
            return bad(d, in[i].path, "written by another version of cyclesim (shard format version differs)");
        }
        if (strcmp(cmd, "run") != 0 && strcmp(cmd, "compare") != 0) {
            return bad(d, in[i].path, "merge joins run and compare shards only");
        }
        in[i].k = (unsigned)k;
        if (i == 0) {
            *command = cmd;
            total = nn;
            continue;
        }
        const csim_json *a = in[0].sh, *b = in[i].sh;
        if (strcmp(cmd, *command) != 0) {
            return csim_fail(d, CSIM_ERR_INPUT, "%s is a %s shard, %s a %s shard: merge joins shards of one command",
                             in[0].path, *command, in[i].path, cmd);
        }
        if (nn != total) {
            return csim_fail(d, CSIM_ERR_INPUT, "%s is a shard of %llu, %s of %llu", in[0].path,
                             (unsigned long long)total, in[i].path, (unsigned long long)nn);
        }
        if (!same_list(csim_json_get(a, "sets"), csim_json_get(b, "sets"))) {
            return csim_fail(d, CSIM_ERR_INPUT, "%s and %s were run with different --set lists", in[0].path,
                             in[i].path);
        }
        for (unsigned j = 0; j < i; j++) {
            if (in[j].k == in[i].k) {
                return csim_fail(d, CSIM_ERR_INPUT, "%s and %s are both shard %u of %llu (overlapping shards)",
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
                return csim_fail(d, CSIM_ERR_INPUT, "shard %u of %llu is missing: a merge needs every shard", k,
                                 (unsigned long long)total);
            }
        }
    }
    return CSIM_OK;
}

csim_err merge_load(merge_input *m, char *const *paths, unsigned n, csim_diag *d)
{
    *m = (merge_input){.in = calloc(n + 1, sizeof(*m->in)), .n = n};
    if (!m->in) {
        return out_of_memory(d);
    }
    for (unsigned i = 0; i < n; i++) {
        m->in[i].path = paths[i];
    }
    return load_shards(m->in, n, &m->command, d);
}

void merge_input_free(merge_input *m)
{
    for (unsigned i = 0; m->in && i < m->n; i++) {
        csim_json_free(m->in[i].doc);
    }
    free(m->in);
    m->in = NULL;
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
static csim_err gather(const merge_shard *in, unsigned n, const csim_json *images, placed **out, size_t *n_out,
                       csim_diag *d)
{
    size_t cap = 0;
    for (unsigned i = 0; i < n; i++) {
        cap += csim_json_count(csim_json_get(in[i].sh, "cases"));
    }
    placed *p = calloc(cap + 1, sizeof(*p));
    if (!p) {
        return out_of_memory(d);
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
                return bad(d, in[i].path, "a case that is not in its image's case table (or without its extra runs)");
            }
            p[m].image = (size_t)image;
        }
    }
    qsort(p, m, sizeof(*p), cmp_placed);
    *out = p;
    *n_out = m;
    return CSIM_OK;
}

void merge_cases_free(csim_case_result *c, size_t n)
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

/* The objects of placed cases as case results, in their order. */
static csim_err read_cases(const placed *p, size_t np, int which, csim_run_result *res, csim_diag *d)
{
    if (!(res->cases = calloc(np + 1, sizeof(*res->cases)))) {
        return out_of_memory(d);
    }
    csim_err err = CSIM_OK;
    for (size_t i = 0; !err && i < np; i++, res->n_cases++) { /* a malformed case counts: its profile is freed */
        const csim_json *o = which == 0 ? p[i].obj : which == 1 ? p[i].other : p[i].zero_wait;
        if (!csim_shard_case_read(o, &res->cases[i])) {
            err = csim_fail(d, CSIM_ERR_INPUT, "a case of the shards is malformed");
        }
    }
    return err;
}

/* ---- run ---------------------------------------------------------------------- */

csim_err merge_run_image(const merge_input *m, merged_run *r, csim_diag *d)
{
    const merge_shard *in = m->in;
    const csim_json *image = csim_json_get(in[0].sh, "image"), *models = csim_json_get(in[0].sh, "models");
    memset(r, 0, sizeof(*r));
    r->n_models = csim_json_count(models);
    r->rt = csim_json_str_of(csim_json_get(image, "rt"));
    if (!image_elf(image, &r->elf) || !r->rt) {
        return bad(d, in[0].path, "no image in the shard member");
    }
    for (unsigned i = 1; i < m->n; i++) {
        const csim_json *b = csim_json_get(in[i].sh, "models");
        if (!same_image(image, csim_json_get(in[i].sh, "image"))) {
            return csim_fail(d, CSIM_ERR_INPUT, "%s and %s are shards of different images", in[0].path, in[i].path);
        }
        bool same = csim_json_count(b) == r->n_models;
        for (size_t g = 0; same && g < r->n_models; g++) {
            same = same_model(csim_json_get(csim_json_at(models, g), "model"),
                              csim_json_get(csim_json_at(b, g), "model")) &&
                   same_str(csim_json_at(models, g), csim_json_at(b, g), "state");
        }
        if (!same) {
            return csim_fail(d, CSIM_ERR_INPUT, "%s and %s were run on different models (or start states)",
                             in[0].path, in[i].path);
        }
    }
    return CSIM_OK;
}

csim_err merge_run_model(const merge_input *m, size_t g, csim_model *model, csim_run_result *res, bool *warm,
                         csim_diag *d)
{
    const merge_shard *in = m->in;
    const csim_json *image = csim_json_get(in[0].sh, "image");
    const csim_json *mg = csim_json_at(csim_json_get(in[0].sh, "models"), g);
    const char *state = csim_json_str_of(csim_json_get(mg, "state"));
    csim_err err = CSIM_OK;
    memset(model, 0, sizeof(*model));
    memset(res, 0, sizeof(*res));
    *warm = state && strcmp(state, "warm") == 0;
    csim_shard_model_read(csim_json_get(mg, "model"), model);
    for (unsigned i = 0; !err && i < m->n; i++) {
        const csim_json *sg = csim_json_at(csim_json_get(in[i].sh, "models"), g);
        uint64_t cyc, insns;
        double secs;
        if (!csim_json_true(csim_json_get(sg, "complete"))) {
            err = bad(d, in[i].path, "a shard whose run stopped with an error: nothing to merge");
        } else if (!csim_json_u64(csim_json_get(sg, "total_cycles"), &cyc) ||
                   !csim_json_u64(csim_json_get(sg, "total_insns"), &insns) ||
                   !csim_json_double(csim_json_get(sg, "host_seconds"), &secs)) {
            err = bad(d, in[i].path, "a model without its totals");
        } else {
            /* Each shard's whole-run totals include its own start-up code. */
            res->total_cycles += cyc;
            res->total_insns += insns;
            res->host_seconds += secs;
        }
    }
    placed *p = NULL;
    size_t np = 0;
    if (!err) {
        size_t cap = 0;
        for (unsigned i = 0; i < m->n; i++) {
            cap += csim_json_count(csim_json_get(csim_json_at(csim_json_get(in[i].sh, "models"), g), "cases"));
        }
        p = calloc(cap + 1, sizeof(*p));
        err = p ? CSIM_OK : out_of_memory(d);
        for (unsigned i = 0; !err && i < m->n; i++) {
            const csim_json *list = csim_json_get(csim_json_at(csim_json_get(in[i].sh, "models"), g), "cases");
            for (size_t j = 0; !err && j < csim_json_count(list); j++, np++) {
                const csim_json *obj = csim_json_at(list, j);
                p[np] = (placed){0, 0, in[i].k, j, obj, NULL, NULL};
                if (!table_index(image, csim_json_str_of(csim_json_get(obj, "name")), &p[np].index)) {
                    err = bad(d, in[i].path, "a case that is not in the image's case table");
                }
            }
        }
        if (!err) {
            qsort(p, np, sizeof(*p), cmp_placed);
        }
    }
    if (!err) {
        err = read_cases(p, np, 0, res, d);
    }
    free(p);
    if (err) {
        merge_cases_free(res->cases, res->n_cases);
        res->cases = NULL;
        res->n_cases = 0;
    }
    return err;
}

/* ---- compare ------------------------------------------------------------------ */

/* The shards compare the same images on the same model and measured results. */
static csim_err same_compare(const merge_input *m, csim_diag *d)
{
    const merge_shard *in = m->in;
    const csim_json *sh = in[0].sh, *images = csim_json_get(sh, "images");
    const size_t n_images = csim_json_count(images);
    for (unsigned i = 1; i < m->n; i++) {
        const csim_json *b = in[i].sh, *bi = csim_json_get(b, "images");
        bool same = csim_json_count(bi) == n_images;
        for (size_t k = 0; same && k < n_images; k++) {
            same = same_image(csim_json_at(images, k), csim_json_at(bi, k));
        }
        if (!same) {
            return csim_fail(d, CSIM_ERR_INPUT, "%s and %s are shards of different images", in[0].path, in[i].path);
        }
        if (!same_model(csim_json_get(sh, "model"), csim_json_get(b, "model")) || !same_str(sh, b, "state")) {
            return csim_fail(d, CSIM_ERR_INPUT, "%s and %s were run on different models (or start states)",
                             in[0].path, in[i].path);
        }
        if (!same_str(sh, b, "published_sha256")) {
            return csim_fail(d, CSIM_ERR_INPUT, "%s and %s compare with different measured results", in[0].path,
                             in[i].path);
        }
        if (csim_json_true(csim_json_get(sh, "state_check")) != csim_json_true(csim_json_get(b, "state_check")) ||
            csim_json_true(csim_json_get(sh, "baselines")) != csim_json_true(csim_json_get(b, "baselines"))) {
            return csim_fail(d, CSIM_ERR_INPUT, "%s and %s differ in --baselines or --no-state-check", in[0].path,
                             in[i].path);
        }
    }
    return CSIM_OK;
}

csim_err merge_compare(const merge_input *m, const char *published, merged_compare *mc, csim_diag *d)
{
    memset(mc, 0, sizeof(*mc));
    csim_err err = same_compare(m, d);
    if (err) {
        return err;
    }
    const merge_shard *in = m->in;
    const csim_json *sh = in[0].sh, *images = csim_json_get(sh, "images");
    const size_t n_images = csim_json_count(images);
    const char *page_path = published ? published : csim_json_str_of(csim_json_get(sh, "published"));
    const char *want_sha = csim_json_str_of(csim_json_get(sh, "published_sha256"));
    const char *state = csim_json_str_of(csim_json_get(sh, "state"));
    const bool warm = state && strcmp(state, "warm") == 0;
    const bool state_check = csim_json_true(csim_json_get(sh, "state_check"));
    const bool baselines = csim_json_true(csim_json_get(sh, "baselines"));
    char sha[65];
    if (!page_path || !want_sha) {
        return bad(d, in[0].path, "no measured results file in the shard member");
    }
    if ((err = csim_file_sha256(page_path, sha, d))) {
        return err;
    }
    if (strcmp(sha, want_sha) != 0) {
        return csim_fail(d, CSIM_ERR_INPUT, "%s is not the measured results file the shards compared with (SHA-256 "
                         "differs; name it with --published)", page_path);
    }
    mc->elfs = calloc(n_images + 1, sizeof(*mc->elfs));
    mc->images = calloc(n_images + 1, sizeof(*mc->images));
    placed *p = NULL;
    size_t np = 0;
    err = mc->elfs && mc->images ? gather(in, m->n, images, &p, &np, d) : out_of_memory(d);
    if (!err && !csim_shard_model_read(csim_json_get(sh, "model"), &mc->model)) {
        err = bad(d, in[0].path, "no model in the shard member");
    }
    for (size_t k = 0; !err && k < n_images; k++) {
        const csim_json *o = csim_json_at(images, k);
        const char *rt = csim_json_str_of(csim_json_get(o, "rt")), *be = csim_json_str_of(csim_json_get(o, "backend"));
        csim_cmp_image *im = &mc->images[k];
        if (!image_elf(o, &mc->elfs[k]) || !rt || !be || strlen(rt) >= sizeof(im->rt) ||
            strlen(be) >= sizeof(im->backend)) {
            err = bad(d, in[0].path, "an image of the shard member is malformed");
            break;
        }
        im->elf = &mc->elfs[k];
        snprintf(im->rt, sizeof(im->rt), "%s", rt);
        snprintf(im->backend, sizeof(im->backend), "%s", be);
    }
    for (int r = 0; !err && r < 3; r++) {
        if (r == 0 || (r == 1 && state_check) || (r == 2 && baselines)) {
            err = read_cases(p, np, r, &mc->res[r], d);
        }
    }
    /* The images' case ranges, as one run of every image lays them out. */
    for (size_t i = 0; !err && i < np; i++) {
        if (i == 0 || p[i].image != p[i - 1].image) {
            mc->images[p[i].image].first_case = i;
        }
        mc->images[p[i].image].n_cases++;
    }
    for (size_t k = 1; !err && k < n_images; k++) {
        if (!mc->images[k].n_cases) { /* an image no shard kept a case of: an empty range in order */
            mc->images[k].first_case = mc->images[k - 1].first_case + mc->images[k - 1].n_cases;
        }
    }
    free(p);
    if (!err) {
        err = csim_pub_load(page_path, &mc->page, d);
    }
    if (!err) {
        /* The page as the shards loaded it: its source names the same file. */
        snprintf(mc->page.source, sizeof(mc->page.source), "%s", csim_json_str_of(csim_json_get(sh, "published")));
        const csim_cmp_extra extra = {state_check ? mc->res[1].cases : NULL, baselines ? mc->res[2].cases : NULL, np};
        err = csim_compare_build_ext(&mc->cmp, mc->images, n_images, &mc->model, warm, &mc->page, mc->res[0].cases,
                                     np, &extra, d);
    }
    return err;
}

void merge_compare_free(merged_compare *mc)
{
    csim_compare_free(&mc->cmp);
    csim_pub_free(&mc->page);
    for (int r = 0; r < 3; r++) {
        merge_cases_free(mc->res[r].cases, mc->res[r].n_cases);
    }
    free(mc->images);
    free(mc->elfs);
    memset(mc, 0, sizeof(*mc));
}

csim_err csim_file_sha256(const char *path, char hex[65], csim_diag *d)
{
    csim_read r;
    char *buf = csim_read_file(path, MAX_SHARD_FILE, &r);
    if (!buf) {
        return csim_read_fail(d, path, &r, MAX_SHARD_FILE, CSIM_ERR_INPUT);
    }
    uint8_t h[32];
    bool ok = csim_sha256(buf, r.len, h);
    for (int i = 0; ok && i < 32; i++) {
        snprintf(hex + 2 * i, 3, "%02x", h[i]);
    }
    free(buf);
    return ok ? CSIM_OK : csim_fail(d, CSIM_ERR_INTERNAL, "%s: the SHA-256 digest failed", path);
}
