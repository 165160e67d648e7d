/* SPDX-License-Identifier: GPL-2.0-or-later */
/* selection.c - the cases --case and --shard select, and their keys across images (selection.h). */
#include <fnmatch.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/selection.h"
#include "cyclesim/analysis/shard.h"
#include "cyclesim/engine/sim.h"

static csim_err out_of_memory(csim_diag *d)
{
    return csim_fail(d, CSIM_ERR_NOMEM, "out of memory");
}

csim_err case_table_missing(const csim_elf *elf, csim_diag *d)
{
    /* The table's bounds are the linker's __start_/__stop_bench_cases symbols. */
    if (csim_elf_section(elf, "bench_cases") && !csim_elf_find(elf, "__start_bench_cases")) {
        return csim_fail(d, CSIM_ERR_ELF, "%s: the symbol table is missing (a stripped ELF?): its bench_cases "
                         "section is there, but the case table is found through the symbols __start_bench_cases "
                         "and __stop_bench_cases; give the unstripped image", elf->path);
    }
    return csim_fail(d, CSIM_ERR_ELF, "%s: no benchmark case table (bench_cases section, firmware/include/bench.h)",
                     elf->path);
}

/* The ranges of the ELF's cases that match one of the globs (no glob: one
 * range of every case) and lie in the --shard; glob_hit[g] is set for each
 * glob that matched a case, in the shard or not.  A case is in a shard by its
 * name alone: adding, removing or reordering other cases never moves it to
 * another shard (docs/ci.md).  NULL when out of memory. */
static case_range *select_cases(const csim_elf *elf, const case_selection *sel, bool *glob_hit, unsigned *n)
{
    const char *const *globs = sel->globs;
    unsigned n_globs = sel->n_globs;
    *n = 0;
    size_t total = csim_case_list(elf, NULL, NULL, 0);
    case_range *r = malloc((total + 1) * sizeof(*r));
    char (*names)[96] = malloc((total + 1) * sizeof(*names));
    bool *hit = calloc(total + 1, sizeof(*hit));
    if (!r || !names || !hit) {
        free(r);
        r = NULL;
    } else if (n_globs == 0 && sel->shard_n == 0) {
        r[(*n)++] = (case_range){0, 0};
    } else {
        csim_case_list(elf, names, NULL, total);
        for (unsigned g = 0; g < n_globs; g++) {
            for (size_t i = 0; i < total; i++) {
                if (fnmatch(globs[g], names[i], 0) == 0) {
                    hit[i] = glob_hit[g] = true;
                }
            }
        }
        for (size_t i = 0; i < total; i++) {
            if (!(hit[i] || n_globs == 0) || !csim_case_in_shard(names[i], sel->shard_k, sel->shard_n)) {
                continue;
            }
            if (*n && r[*n - 1].first + r[*n - 1].count == i) {
                r[*n - 1].count++;
            } else {
                r[(*n)++] = (case_range){(uint32_t)i, 1};
            }
        }
    }
    free(names);
    free(hit);
    return r;
}

/* The first glob that matched nothing, or NULL. */
static const char *unmatched_glob(const char *const *globs, unsigned n_globs, const bool *glob_hit)
{
    for (unsigned g = 0; g < n_globs; g++) {
        if (!glob_hit[g]) {
            return globs[g];
        }
    }
    return NULL;
}

csim_err case_ranges(const csim_elf *elf, const case_selection *sel, case_range **out, unsigned *n, csim_diag *d)
{
    *n = 0;
    *out = NULL;
    if (sel->n_globs && csim_case_list(elf, NULL, NULL, 0) == 0) {
        return case_table_missing(elf, d);
    }
    bool *glob_hit = calloc(sel->n_globs + 1, sizeof(*glob_hit));
    case_range *r = glob_hit ? select_cases(elf, sel, glob_hit, n) : NULL;
    const char *missed = r ? unmatched_glob(sel->globs, sel->n_globs, glob_hit) : NULL;
    csim_err err = !r ? out_of_memory(d) : CSIM_OK;
    if (missed) {
        err = csim_fail(d, CSIM_ERR_USAGE, "--case %s matches no case of %s", missed, elf->path);
        free(r);
        r = NULL;
    }
    free(glob_hit);
    *out = r;
    return err;
}

csim_err case_ranges_images(const csim_elf *const *elfs, unsigned n_elfs, const case_selection *sel,
                            case_range **ranges, unsigned *n, csim_diag *d)
{
    if (n_elfs == 1) {
        return case_ranges(elfs[0], sel, &ranges[0], &n[0], d);
    }
    bool *glob_hit = calloc(sel->n_globs + 1, sizeof(*glob_hit));
    unsigned done = 0;
    while (glob_hit && done < n_elfs && (ranges[done] = select_cases(elfs[done], sel, glob_hit, &n[done]))) {
        done++;
    }
    const char *missed = done == n_elfs ? unmatched_glob(sel->globs, sel->n_globs, glob_hit) : NULL;
    csim_err err = done < n_elfs ? out_of_memory(d) : CSIM_OK;
    if (missed) {
        err = csim_fail(d, CSIM_ERR_USAGE, "--case %s matches no case of the %u ELFs", missed, n_elfs);
    }
    free(glob_hit);
    for (unsigned i = 0; err && i < done; i++) {
        free(ranges[i]);
        ranges[i] = NULL;
    }
    return err;
}

/* A selected case's key (row, or name without one) and its image. */
typedef struct keyed_case {
    const char *key, *name;
    unsigned image;
} keyed_case;

static int cmp_keyed(const void *a, const void *b)
{
    const keyed_case *x = a, *y = b;
    int k = strcmp(x->key, y->key);
    return k ? k : (x->image > y->image) - (x->image < y->image);
}

static bool in_ranges(size_t i, const case_range *r, unsigned n)
{
    for (unsigned k = 0; k < n; k++) {
        if (r[k].count == 0 || (i >= r[k].first && i - r[k].first < r[k].count)) {
            return true;
        }
    }
    return false;
}

csim_err case_keys_unique(const csim_elf *const *elfs, unsigned n_elfs, case_range *const *ranges,
                          const unsigned *n_ranges, csim_diag *d)
{
    size_t total = 0, n = 0;
    for (unsigned e = 0; e < n_elfs; e++) {
        total += csim_case_list(elfs[e], NULL, NULL, 0);
    }
    char (*names)[96] = malloc((total + 1) * sizeof(*names));
    char (*rows)[96] = malloc((total + 1) * sizeof(*rows));
    keyed_case *k = malloc((total + 1) * sizeof(*k));
    csim_err err = names && rows && k ? CSIM_OK : out_of_memory(d);
    for (size_t e = 0, at = 0; !err && e < n_elfs; e++) {
        size_t cases = csim_case_list(elfs[e], names + at, rows + at, total - at);
        for (size_t i = 0; i < cases; i++) {
            if (in_ranges(i, ranges[e], n_ranges[e])) {
                k[n++] = (keyed_case){rows[at + i][0] ? rows[at + i] : names[at + i], names[at + i], (unsigned)e};
            }
        }
        at += cases;
    }
    if (!err) {
        qsort(k, n, sizeof(*k), cmp_keyed);
    }
    for (size_t i = 1; !err && i < n; i++) {
        if (strcmp(k[i - 1].key, k[i].key) == 0 && k[i - 1].image != k[i].image) {
            err = csim_fail(d, CSIM_ERR_USAGE, "row %s is in two images: %s (case %s) and %s (case %s); a measured "
                            "row must meet one case", k[i].key, elfs[k[i - 1].image]->path, k[i - 1].name,
                            elfs[k[i].image]->path, k[i].name);
        }
    }
    free(names);
    free(rows);
    free(k);
    return err;
}
