/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rt_helpers.c - the toolchain run-time helpers (rt_helpers.h): the one list
 * of their names, and their cycles in a profile.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/analysis/rt_helpers.h"

/* Besides every __aeabi_* (ARM IHI 0043, RTABI): libgcc's GNU names for the
 * same operations and its other integer helpers, and the C library functions
 * compilers call for block moves and comparisons. */
static const char *const helpers[] = {
    "__muldi3",   "__ashldi3",  "__lshrdi3",  "__ashrdi3",  "__udivsi3",   "__divsi3",
    "__umodsi3",  "__modsi3",   "__udivdi3",  "__divdi3",   "__umoddi3",   "__moddi3",
    "__udivmoddi4", "__cmpdi2", "__ucmpdi2",  "__clzsi2",   "__clzdi2",    "__ctzsi2",
    "__ctzdi2",   "__popcountsi2", "__popcountdi2", "__bswapsi2", "__bswapdi2",
    "__gnu_thumb1_case_uqi", "__gnu_thumb1_case_sqi", "__gnu_thumb1_case_uhi",
    "__gnu_thumb1_case_shi", "__gnu_thumb1_case_si",
    "memcpy",     "memmove",    "memset",     "memcmp",     "strlen",
};

bool csim_rt_is_helper(const char *name)
{
    if (strncmp(name, "__aeabi_", 8) == 0) {
        return true;
    }
    for (size_t i = 0; i < sizeof(helpers) / sizeof(helpers[0]); i++) {
        if (strcmp(name, helpers[i]) == 0) {
            return true;
        }
    }
    return false;
}

void csim_rt_set(const csim_elf *e, char *out, size_t len)
{
    const csim_symbol *s = csim_elf_find(e, "bench_rt");
    snprintf(out, len, "toolchain");
    if (s && s->size > 0 && s->size <= len && csim_elf_read(e, s->addr, out, s->size) == 0) {
        out[s->size - 1] = '\0';
    }
}

csim_err csim_rt_alt_check(const csim_elf *e, const csim_elf *alt, csim_diag *d)
{
    char rt[64], rt_alt[64];
    csim_rt_set(e, rt, sizeof(rt));
    csim_rt_set(alt, rt_alt, sizeof(rt_alt));
    if (strcmp(rt, rt_alt) == 0) {
        return csim_fail(d, CSIM_ERR_USAGE, "--rt-alt %s: links the same run-time helpers as %s (%s); build it with "
                         "the other FW_RT_HELPERS set", alt->path, e->path, rt);
    }
    if (strcmp(e->arch_name, alt->arch_name) != 0) {
        return csim_fail(d, CSIM_ERR_USAGE, "--rt-alt %s: built for %s, %s for %s", alt->path, alt->arch_name, e->path,
                         e->arch_name);
    }
    const size_t n = csim_case_list(e, NULL, NULL, 0);
    if (n == 0) {
        return csim_fail(d, CSIM_ERR_USAGE, "--rt-alt: %s has no benchmark case table", e->path);
    }
    const size_t n_alt = csim_case_list(alt, NULL, NULL, 0);
    if (n_alt != n) {
        return csim_fail(d, CSIM_ERR_USAGE, "--rt-alt %s: not the benchmark cases of %s (%zu cases against %zu)",
                         alt->path, e->path, n_alt, n);
    }
    char (*a)[96] = malloc(n * sizeof(*a)), (*b)[96] = malloc(n * sizeof(*b));
    csim_err err = a && b ? CSIM_OK : csim_fail(d, CSIM_ERR_NOMEM, "out of memory");
    if (!err) {
        csim_case_list(e, a, NULL, n);
        csim_case_list(alt, b, NULL, n);
    }
    for (size_t i = 0; !err && i < n; i++) {
        if (strcmp(a[i], b[i]) != 0) {
            err = csim_fail(d, CSIM_ERR_USAGE, "--rt-alt %s: not the benchmark cases of %s (case %zu is %s, not %s)",
                            alt->path, e->path, i + 1, b[i], a[i]);
        }
    }
    free(a);
    free(b);
    return err;
}

void csim_rt_usage_of(const csim_profile *p, csim_rt_usage *u)
{
    memset(u, 0, sizeof(*u));
    for (size_t i = 0; p && i < p->n_fns; i++) { /* fns: by self cycles, descending */
        const csim_fn_cost *f = &p->fns[i];
        if (!csim_rt_is_helper(f->name)) {
            continue;
        }
        u->cycles += f->self_cycles;
        if (u->n_fns < CSIM_RT_MAX_FNS) {
            u->fns[u->n_fns].name = f->name;
            u->fns[u->n_fns].cycles = f->self_cycles;
            u->fns[u->n_fns].calls = f->calls;
        }
        u->n_fns++;
    }
}

void csim_rt_names(const csim_rt_usage *u, char *out, size_t len)
{
    size_t used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < u->n_fns && i < CSIM_RT_MAX_FNS && used < len; i++) {
        int k = snprintf(out + used, len - used, "%s%s %llu", i ? ", " : "", u->fns[i].name,
                         (unsigned long long)u->fns[i].cycles);
        used += k > 0 ? (size_t)k : 0;
    }
}
